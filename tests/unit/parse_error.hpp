// parse_error.hpp - "Type: message" of the error parse_call raises for `code`, or "no error".
#pragma once
#include <string>

#include "core/api.hpp"
#include "core/error.hpp"

inline std::string error_of(const std::string& code) {
  try {
    whence::parse_call(code);
  } catch (const whence::Error& e) {
    return e.type + ": " + e.what();
  }
  return "no error";
}
