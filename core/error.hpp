// error.hpp - the one exception type of Whence: a Python exception name and PyTorch's message.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace whence {

struct Error : std::runtime_error {
  std::string type;           // "RuntimeError", "IndexError", "TypeError", "ValueError", "SyntaxError",
                              // "NameError", "AttributeError", "ZeroDivisionError", "OverflowError"
                              // (operators on numbers), "Unsupported"
  std::string arg;            // parameter name at fault ("index", "dim"), empty when not one argument
  std::int64_t element = -1;  // flat element of that argument at fault (a zero divisor), or -1
  Error(std::string type_, const std::string& message, std::string arg_ = {})
      : std::runtime_error(message), type(std::move(type_)), arg(std::move(arg_)) {}
};

[[noreturn]] inline void fail(const char* type, const std::string& message, std::string arg = {}) {
  throw Error(type, message, std::move(arg));
}

}  // namespace whence
