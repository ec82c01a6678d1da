// format.hpp - element values as text: for grid cells (PyTorch's print style) and for the
// cell editor (shortest text that reads back to the same value), and back.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/tensor.hpp"

namespace whence::web {

// One string per element (row-major), as Python prints each element and as the equations do:
// ints as ints, bools as True/False, floats as their shortest repr in the dtype ("6.0", "1.5",
// "1e-05", "nan").
std::vector<std::string> format_elements(const Tensor& t);

// Text that parses back to exactly this element ("0.1", "nan", "-3", "True").
std::string format_for_edit(const Tensor& t, std::int64_t flat);

// Reads what the user typed into a cell of dtype `d`; nullopt when it is not a value of that
// dtype (floats accept ints, nan, inf; bools accept True/False/1/0).
std::optional<Scalar> parse_cell(const std::string& text, DType d);

// One index of `shape` per dimension from a flat row-major index.
std::vector<std::int64_t> unravel(const Shape& shape, std::int64_t flat);

// A cell as the page names it: "out[1][0]".
std::string cell_name(const std::string& label, const Shape& shape, std::int64_t flat);

// "(2, 3)" as PyTorch prints torch.Size, "()" for 0-d.
std::string format_shape(const Shape& shape);

}  // namespace whence::web
