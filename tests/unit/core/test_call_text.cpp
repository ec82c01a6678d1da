// The call language: PyTorch call text -> Call -> text, errors in Python's and PyTorch's words.
#include <catch2/catch.hpp>

#include "tests/unit/parse_error.hpp"

#include "core/api.hpp"
#include "core/call_format.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

using namespace whence;

TEST_CASE("floats print as Python's repr does") {
  CHECK(format_float(0.1f, true) == "0.1");
  CHECK(format_float(double(0.1f), false) == "0.10000000149011612");
  CHECK(format_float(1.0, false) == "1.0");
  CHECK(format_float(-2.5, false) == "-2.5");
  CHECK(format_float(1e16, false) == "1e+16");
  CHECK(format_float(1234567890123456.0, false) == "1234567890123456.0");
  CHECK(format_float(0.0001, false) == "0.0001");
  CHECK(format_float(0.00001, false) == "1e-05");
  CHECK(format_float(1.5e-300, false) == "1.5e-300");
  CHECK(format_float(-0.0, false) == "-0.0");
  CHECK(format_float(3.4028234663852886e38, true) == "3.4028235e+38");
  // Integers below 2^53 (2^24 for float32, 2^11 float16, 2^8 bfloat16) print all their digits;
  // above, the shortest digits that round to the same value of the dtype.
  CHECK(format_float(1000.0, false) == "1000.0");
  CHECK(format_float(-4095.0, false) == "-4095.0");
  CHECK(format_float(9007199254740991.0, false) == "9007199254740991.0");
  CHECK(format_float(9007199254740992.0, false) == "9007199254740992.0");
  CHECK(format_float(16777215.0, true) == "16777215.0");
  CHECK(format_float(double(123456789.0f), true) == "123456790.0");  // float32's 123456792
  CHECK(format_float(2047.0, DType::Float16) == "2047.0");
  CHECK(format_float(65504.0, DType::Float16) ==
        "65500.0");  // float16's largest: the shortest digits that round to it, as NumPy writes float16
  CHECK(format_float(255.0, DType::BFloat16) == "255.0");
  CHECK(format_float(3.3895313892515355e38, DType::BFloat16) == "3.39e+38");
}

TEST_CASE("call text parses to a call and formats back to the same text") {
  const char* texts[] = {
      "torch.gather(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, torch.tensor([[0, 2], [2, 1]]))",
      "torch.gather(torch.tensor([0.5, -1.25]), 0, torch.tensor([1, 0]))",
      "torch.gather(torch.tensor([True, False]), -1, torch.tensor([1]), sparse_grad=True)",
      "torch.gather(torch.tensor([1, 2], dtype=torch.int32), 0, index=torch.tensor([1]))",
      "torch.gather(torch.tensor([[1.0, 2.0]], dtype=torch.float64), dim=1, index=torch.tensor([[1]]))",
      "torch.gather(torch.tensor(5), 0, torch.tensor([0]))",
      "torch.gather(torch.zeros((0, 3), dtype=torch.int64), 1, torch.zeros((0, 2), dtype=torch.int64))",
      "torch.gather(torch.tensor([float('nan'), float('inf'), -float('inf')]), 0, torch.tensor([2]))",
      "torch.tensor([[1, 2], [3, 4]]).gather(1, torch.tensor([[0], [1]]))",
  };
  for (const char* text : texts) {
    INFO(text);
    CHECK(format_call(parse_call(text)) == text);
  }
}

TEST_CASE("the parser builds real views and the formatter writes their values") {
  const Call c = parse_call("torch.gather(torch.arange(6).reshape(2, 3).t(), 0, torch.tensor([[2, 0]]))");
  const Tensor& input = c.args[0].as<Tensor>();
  CHECK(input.shape() == Shape{3, 2});
  CHECK(input.strides() == Shape{1, 3});
  CHECK_FALSE(input.is_contiguous());
  CHECK(format_call(c) == "torch.gather(torch.tensor([[0, 3], [1, 4], [2, 5]]), 0, torch.tensor([[2, 0]]))");
}

TEST_CASE("spellings of the same call parse to the same call") {
  const std::string canonical = format_call(parse_call("torch.gather(torch.tensor([[1, 2]]), 1, torch.tensor([[1]]))"));
  CHECK(format_call(parse_call("torch.Tensor.gather(torch.tensor([[1, 2]]), 1, torch.tensor([[1]]))")) ==
        "torch.tensor([[1, 2]]).gather(1, torch.tensor([[1]]))");
  CHECK(format_call(parse_call(" torch.gather( torch.tensor( [ [1,2,] ] ) ,1,torch.tensor([[1]]) , ) ")) == canonical);
  CHECK(format_call(parse_call("torch.gather(torch.as_tensor([[1, 2]]), 1, torch.tensor([[1]], dtype=torch.long))")) ==
        canonical);
}

TEST_CASE("malformed call text gets Python's and PyTorch's error types and words") {
  CHECK(error_of("torch.gather(torch.tensor([1]), 0, torch.tensor([0])") ==
        "SyntaxError: '(' was never closed (column 13)");
  CHECK(error_of("torch.gather(x, 0, i)") == "NameError: name 'x' is not defined");
  CHECK(error_of("torch.gather(torch.ones(2) $ 2, 0, torch.tensor([0]))") ==
        "SyntaxError: invalid character '$' (column 28)");
  CHECK(error_of("torch.gather(dim=1, torch.tensor([1]))")
            .rfind("SyntaxError: positional argument follows keyword argument", 0) == 0);
  CHECK(error_of("torch.gather(torch.tensor([1]), dim=0, dim=0)")
            .rfind("SyntaxError: keyword argument repeated: dim", 0) == 0);
  CHECK(error_of("torch.nope.fft(torch.tensor([1.0]))") ==
        "Unsupported: torch.nope.fft is not supported by Whence yet");
  CHECK(error_of("torch.fft.fft(torch.tensor([1.0]))") ==
        "Unsupported: torch.fft.fft is outside what Whence shows: complex dtypes are outside the ten real dtypes "
        "Whence computes (bool to float64)");
  CHECK(error_of("torch.linalg.det(torch.eye(2))")
            .rfind("Unsupported: torch.linalg.det is outside what Whence shows: its results come from a LAPACK", 0) ==
        0);
  CHECK(error_of("torch.eye(2).solve(torch.eye(2))") ==
        "RuntimeError: This function was deprecated since version 1.9 and is now removed. Please use the "
        "`torch.linalg.solve` function instead.");
  CHECK(error_of("torch.gather(torch.tensor([[1], [2, 3]]), 0, torch.tensor([0]))") ==
        "ValueError: expected sequence of length 1 at dim 1 (got 2)");
  CHECK(error_of("torch.gather(torch.tensor(['a']), 0, torch.tensor([0]))") ==
        "TypeError: new(): invalid data type 'str'");
  CHECK(error_of("torch.gather(torch.tensor([9223372036854775808]), 0, torch.tensor([0]))") ==
        "RuntimeError: Overflow when unpacking long");
  CHECK(error_of("torch.gather(torch.tensor([-9223372036854775808]), 0, torch.tensor([0]))") == "no error");
  CHECK(error_of("torch.gather(torch.zeros(-1), 0, torch.tensor([0]))") ==
        "RuntimeError: Trying to create tensor with negative dimension -1: [-1]");
  CHECK(error_of("").rfind("SyntaxError", 0) == 0);
  CHECK(error_of("torch.tensor([1])").rfind("Unsupported", 0) == 0);
  CHECK(error_of(std::string(5000, '[')).rfind("SyntaxError: too many nested parentheses", 0) == 0);
}

TEST_CASE("nested calls of registered ops evaluate to their results") {
  const Call c = parse_call(
      "torch.gather(torch.gather(torch.tensor([10, 20, 30]), 0, torch.tensor([2, 1])), 0, torch.tensor([1]))");
  CHECK(format_call(c) == "torch.gather(torch.tensor([30, 20]), 0, torch.tensor([1]))");
}

TEST_CASE("Python's subscripts and tensor properties are calls written back as the same syntax") {
  const char* texts[] = {
      "torch.tensor([1, 2, 3])[1]",
      "torch.tensor([1, 2, 3])[-1:]",
      "torch.tensor([1, 2, 3])[::2]",
      "torch.tensor([1, 2, 3])[:]",
      "torch.tensor([[1, 2], [3, 4]])[:, 0]",
      "torch.tensor([[1, 2], [3, 4]])[..., None, 1:2:1]",
      "torch.tensor([[1, 2], [3, 4]])[1,]",
      "torch.tensor([[1, 2], [3, 4]])[[0, 1], [1, 0]]",
      "torch.tensor([[1, 2], [3, 4]])[torch.tensor([True, False])]",
      "torch.tensor([[1, 2], [3, 4]])[True, 1]",
      "torch.tensor([[1, 2], [3, 4]])[torch.tensor(False)]",
      "torch.tensor([[1, 2], [3, 4]])[torch.tensor([True, False]), torch.tensor([1])]",
      "torch.tensor([[1, 2], [3, 4]])[[1.5, 0]]",
      "torch.tensor([[1, 2], [3, 4]])[..., ..., :0]",
      "torch.tensor([[1, 2], [3, 4]]).T",
      "torch.tensor([[1, 2], [3, 4]]).mT",
  };
  for (const char* text : texts) {
    INFO(text);
    CHECK(format_call(parse_call(text)) == text);
  }
  const Call c = parse_call("torch.tensor([[1, 2], [3, 4]])[1:, ...]");
  CHECK(c.op == "torch.Tensor.__getitem__");
  REQUIRE(c.args.size() == 2);
  REQUIRE(c.args[1].is<List>());
  CHECK(c.args[1].is_tuple);
  CHECK(c.args[1].as<List>()[0].as<Slice>().start == std::int64_t(1));
  CHECK_FALSE(c.args[1].as<List>()[0].as<Slice>().stop.has_value());
  CHECK(c.args[1].as<List>()[1].is<Ellipsis>());
  // A subscript inside an argument runs the op and passes its result on.
  CHECK(format_call(parse_call("torch.neg(torch.tensor([1, 2, 3])[1:])")) == "torch.neg(torch.tensor([2, 3]))");
  CHECK(error_of("torch.tensor([1, 2])[]").rfind("SyntaxError: invalid syntax", 0) == 0);
  CHECK(error_of("torch.tensor([1, 2])[1:2:3:4]").rfind("SyntaxError", 0) == 0);
  CHECK(error_of("torch.tensor([1, 2])[1.5:]") ==
        "TypeError: slice indices must be integers or None or have an __index__ method");
  CHECK(error_of("torch.tensor([1, 2]).shape") == "Unsupported: attribute .shape is not supported by Whence yet");
  CHECK(error_of("(1, 2)[0]").rfind("Unsupported", 0) == 0);
}
