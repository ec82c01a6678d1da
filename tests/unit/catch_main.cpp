// The Catch2 main for the WebAssembly build (natively, Debian's libCatch2WithMain.a has it).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
