// latex.hpp - an equation of the equation bar as LaTeX, for "Copy as LaTeX":
// "out[1][0] = input[1][index[1][0]] = 6" becomes
// "\mathrm{out}_{1,0} = \mathrm{input}_{1,\mathrm{index}_{1,0}} = 6".
#pragma once
#include <string>

namespace whence::web {

std::string equation_latex(const std::string& equation);

}  // namespace whence::web
