// cli.cpp - build/native/whence: the protocol on the command line.
//   whence ops                          the op table as JSON
//   whence scope                        the functions left out by decision, with reasons, as JSON
//   whence eval                         JSON Lines in (stdin), one JSON line out per request
//   whence eval --code 'TEXT' [--explain]   one PyTorch call text, one response line
//   whence run FILE.py                  a program's steps as text (names, dtypes, shapes, values)
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "core/api.hpp"
#include "core/out_of_scope.hpp"
#include "core/program/program.hpp"

namespace {

int usage() {
  std::cerr << "usage: whence ops\n"
               "       whence scope                      (what is out of scope, and why)\n"
               "       whence eval                       (JSON Lines on stdin)\n"
               "       whence eval --code 'torch.gather(...)' [--explain]\n"
               "       whence run FILE.py                (a program; - reads stdin)\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  whence::link_programs();
  if (argc < 2) return usage();
  const std::string command = argv[1];
  if (command == "ops" && argc == 2) {
    std::cout << whence::ops_json().dump(2) << "\n";
    return 0;
  }
  if (command == "scope" && argc == 2) {
    whence::Json groups = whence::Json::array();
    for (const whence::ScopeGroup& g : whence::out_of_scope_groups()) {
      whence::Json names = whence::Json::array();
      std::istringstream words(g.names);
      for (std::string name; words >> name;) names.push_back(name);
      groups.push_back({{"title", g.title}, {"reason", g.reason}, {"names", names}});
    }
    std::cout << groups.dump(1) << "\n";
    return 0;
  }
  if (command == "run" && argc == 3) {
    const std::string path = argv[2];
    std::stringstream text;
    if (path == "-") {
      text << std::cin.rdbuf();
    } else {
      std::ifstream file(path);
      if (!file) {
        std::cerr << "whence run: cannot read " << path << "\n";
        return 2;
      }
      text << file.rdbuf();
    }
    std::string out;
    const int status = whence::print_program(text.str(), out);
    std::cout << out;
    return status;
  }
  if (command != "eval") return usage();

  std::string code;
  bool has_code = false, explain = false;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--code" && i + 1 < argc) {
      code = argv[++i];
      has_code = true;
    } else if (a == "--explain") {
      explain = true;
    } else {
      return usage();
    }
  }
  if (has_code) {
    whence::Json request{{"id", 1}, {"code", code}, {"explain", explain}};
    std::cout << whence::evaluate_line(request.dump()) << std::endl;
    return 0;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines
    std::cout << whence::evaluate_line(line) << '\n' << std::flush;
  }
  return 0;
}
