// equation.hpp - the equation of one output element, written out in numbers, from the op's
// template and the sources its element function read:
//   "out{out} = input{out|dim:index{out}} = input{input} = {value}"
//   -> "out[1][0] = input[1][index[1][0]] = input[1][2] = 6"
// Placeholders:
//   {out}          the output element's coordinates, "[1][0]"
//   {out|P:TEXT}   the same coordinates with the one at position <value of parameter P>
//                  replaced by TEXT (TEXT may hold placeholders)
//   {NAME}         coordinates of the first source read from parameter NAME
//   {value}        the output element's value
//   {@NAME}        how operand NAME is referred to: "other[0][2]" (coordinates of the element
//                  read), or a Python number itself; {@A|B}: whichever of A and B was read
//   {#NAME}        the value of that element (or the number); "…" when it was not read
//   {@NAME.2}      the same for the second element read from NAME (glu reads input twice)
//   {?NAME:TEXT}   TEXT when the caller gave argument NAME (alpha in add), else nothing
// A negative value after an operator is parenthesised: "3 - (-2)".
#pragma once
#include <string>
#include <vector>

#include "registry.hpp"

namespace whence {

std::string build_equation(const Bound& bound, const Tensor& out, std::int64_t flat,
                           const std::vector<Source>& sources);

}  // namespace whence
