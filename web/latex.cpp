#include "latex.hpp"

#include <cctype>
#include <cstring>

namespace whence::web {

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

std::string escape_word(const std::string& w) {
  std::string out;
  for (char c : w) out += c == '_' ? std::string("\\_") : std::string(1, c);
  return out;
}

// Converts s[i..] until an unmatched ']' (or the end); i ends on that ']'.
std::string convert(const std::string& s, std::size_t& i) {
  std::string out;
  while (i < s.size() && s[i] != ']') {
    const char c = s[i];
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t j = i;
      while (j < s.size() && word_char(s[j])) ++j;
      const std::string word = s.substr(i, j - i);
      i = j;
      if (i < s.size() && s[i] == '[') {
        // name[a][b] -> \mathrm{name}_{a,b}
        std::string sub;
        while (i < s.size() && s[i] == '[') {
          ++i;
          if (!sub.empty()) sub += ",";
          sub += convert(s, i);
          if (i < s.size()) ++i;  // ']'
        }
        out += "\\mathrm{" + escape_word(word) + "}_{" + sub + "}";
      } else if (word == "inf") {
        out += "\\infty";
      } else if (word == "nan" || word == "True" || word == "False" || word.size() > 1) {
        out += "\\mathrm{" + escape_word(word) + "}";
      } else {
        out += word;
      }
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      // 6, 0.5, 1e-05, 1.5e+10
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '.' ||
                              ((s[i] == '+' || s[i] == '-') && s[i - 1] == 'e' && i + 1 < s.size() &&
                               std::isdigit(static_cast<unsigned char>(s[i + 1])))))
        out += s[i++];
      continue;
    }
    ++i;
    switch (c) {
      case '*': out += "\\cdot "; break;
      case '%': out += "\\bmod "; break;
      case '{': out += "\\{"; break;
      case '}': out += "\\}"; break;
      case '&': out += "\\land "; break;
      case '|': out += "\\lor "; break;
      case '~': out += "\\lnot "; break;
      case '#': out += "\\#"; break;
      case '$': out += "\\$"; break;
      case '^': out += "\\wedge "; break;
      case '\\': out += "\\backslash "; break;
      case '[': {  // a bracket not after a name: a list
        out += "[" + convert(s, i) + "]";
        if (i < s.size()) ++i;
        break;
      }
      default: {
        // UTF-8 operators the equations use.
        static const struct {
          const char* utf8;
          const char* tex;
        } symbols[] = {{"\xc3\x97", "\\times "},     {"\xc2\xb7", "\\cdot "},   {"\xe2\x89\xa4", "\\le "},
                       {"\xe2\x89\xa5", "\\ge "},    {"\xe2\x89\xa0", "\\ne "}, {"\xe2\x86\x92", "\\to "},
                       {"\xe2\x88\x9e", "\\infty "}, {"\xce\xa3", "\\sum "},    {"\xe2\x80\xa6", "\\ldots "},
                       {"\xe2\x88\x92", "-"}};
        bool done = false;
        for (const auto& sym : symbols) {
          const std::size_t n = std::strlen(sym.utf8);
          if (s.compare(i - 1, n, sym.utf8) == 0) {
            out += sym.tex;
            i += n - 1;
            done = true;
            break;
          }
        }
        if (!done) out += c;
      }
    }
  }
  return out;
}

}  // namespace

std::string equation_latex(const std::string& equation) {
  std::string out;
  std::size_t i = 0;
  while (i < equation.size()) {
    out += convert(equation, i);
    if (i < equation.size()) {  // a stray ']'
      out += "]";
      ++i;
    }
  }
  return out;
}

}  // namespace whence::web
