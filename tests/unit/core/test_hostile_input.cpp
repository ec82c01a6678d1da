// test_hostile_input.cpp - inputs a fuzzer found that crashed, overflowed the stack or wrapped an
// integer: each now gets a clear error in PyTorch's (or Python's) words, or PyTorch's result,
// through the protocol line the CLI and the page both take.
#include <catch2/catch.hpp>

#include <string>

#include "core/api.hpp"

namespace {

whence::Json answer(const std::string& line) { return whence::Json::parse(whence::evaluate_line(line)); }

whence::Json code(const std::string& text) { return answer(whence::Json{{"id", 1}, {"code", text}}.dump()); }
whence::Json explain(const std::string& text) {
  return answer(whence::Json{{"id", 1}, {"code", text}, {"explain", true}}.dump());
}

std::string repeated(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST_CASE("x[()] is x itself, as in Python (it read past an empty index list)", "[hostile]") {
  const whence::Json r = code("torch.arange(6.).reshape(2, 3)[()]");
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["shape"] == whence::Json::array({2, 3}));
  CHECK(r["result"]["data"] == whence::Json::array({0.0, 1.0, 2.0, 3.0, 4.0, 5.0}));
}

TEST_CASE("a long method or attribute chain is refused, not recursed through", "[hostile]") {
  for (const std::string& text :
       {"torch.add(torch.zeros(2)" + repeated(".abs()", 50000) + ", 1)", "torch.zeros(2, 2)" + repeated(".T", 50000),
        "torch.zeros(3)" + repeated("[0:]", 50000)}) {
    const whence::Json r = code(text);
    CHECK(r["ok"] == false);
    CHECK(r["error"]["type"] == "RecursionError");
    CHECK(r["error"]["message"] == "maximum recursion depth exceeded during compilation");
  }
  const whence::Json fine = code("torch.zeros(2)" + repeated(".abs()", 40));  // chains people write still run
  CHECK(fine["ok"] == true);
  // The limit itself runs in every build's stack (the sanitizer build's frames are the largest).
  CHECK(code("torch.zeros(2, 2)" + repeated(".T", 498))["ok"] == true);  // 500 links with .zeros and (2, 2)
  CHECK(code("torch.zeros(2, 2)" + repeated(".T", 499))["error"]["type"] == "RecursionError");
  CHECK(code(repeated("-", 990) + "torch.ones(2)")["ok"] == true);
  CHECK(code(repeated("torch.abs(", 199) + "torch.ones(1)" + repeated(")", 199))["ok"] == true);
}

TEST_CASE("a request nesting arrays 10,000 deep is refused, not recursed through", "[hostile]") {
  const whence::Json r =
      answer("{\"id\": 1, \"op\": \"torch.add\", \"args\": [" + repeated("[", 10000) + repeated("]", 10000) + ", 1]}");
  CHECK(r["ok"] == false);
  CHECK(r["error"]["type"] == "ValueError");
  CHECK(r["error"]["message"] == "the request nests arrays and objects more than 64 deep");
}

TEST_CASE("as_strided refuses a storage size that overflows, in PyTorch's words", "[hostile]") {
  const whence::Json r = code("torch.arange(9.).as_strided((3, 3), (2**61, 2**61), 2**62)");
  CHECK(r["ok"] == false);
  CHECK(r["error"]["type"] == "RuntimeError");
  CHECK(r["error"]["message"] ==
        "Storage size calculation overflowed with sizes=[3, 3] and strides=[2305843009213693952, 2305843009213693952]");
  const whence::Json past = code("torch.arange(9.).as_strided((3,), (2**60,), 0)");  // 2**63 + 4 bytes: past int64
  CHECK(past["error"]["message"] ==
        "Storage size calculation overflowed with sizes=[3] and strides=[1152921504606846976]");
  const whence::Json big = code("torch.arange(9.).as_strided((3,), (2**40,), 0)");  // fits: out of bounds
  CHECK(big["ok"] == false);
  CHECK(big["error"]["message"] ==
        "setStorage: sizes [3], strides [1099511627776], storage offset 0, and itemsize 4 requiring a storage size of "
        "8796093022212 are out of bounds for storage of size 36");
}

TEST_CASE("float() of a string reads what Python's float reads, and refuses the rest", "[hostile]") {
  // The fuzzer wrote float('1e30') into a grid: Whence read only 'nan' and 'inf' before.
  const whence::Json r =
      code("torch.abs(torch.tensor([float(' 1e30 '), float('1_000.5'), float('-Infinity'), float('.5')]))");
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["data"] == whence::Json::array({1e30, 1000.5, "inf", 0.5}));
  for (const char* bad : {"'1__0'", "'_1'", "'.'", "'1e'", "'0x10'", "'1_'"}) {
    const whence::Json e = code(std::string("torch.abs(torch.tensor([float(") + bad + ")]))");
    CHECK(e["error"]["type"] == "ValueError");
    CHECK(e["error"]["message"] == std::string("could not convert string to float: ") + bad);
  }
}

TEST_CASE("group_norm's num_groups as a tensor of 0 or 2 elements: PyTorch's truth-value error", "[hostile]") {
  // The binder fuzzer passed an empty tensor, read as an int past its end (a division by zero).
  const whence::Json empty =
      code("torch.nn.functional.group_norm(torch.ones(2, 4, 3), torch.tensor([], dtype=torch.int64))");
  CHECK(empty["error"]["type"] == "RuntimeError");
  CHECK(empty["error"]["message"] == "Boolean value of Tensor with no values is ambiguous");
  const whence::Json two = code("torch.nn.functional.group_norm(torch.ones(2, 4, 3), torch.tensor([2, 2]))");
  CHECK(two["error"]["message"] == "Boolean value of Tensor with more than one value is ambiguous");
  const whence::Json one = code("torch.nn.functional.group_norm(torch.ones(2, 4, 3), torch.tensor(2))");
  CHECK(one["ok"] == true);
}

TEST_CASE(
    "tensordot's dims as a float tensor or a huge count: Python's errors, never an undefined cast or a runaway list",
    "[hostile]") {
  // The binder fuzzer passed dims=torch.tensor(nan), converted to int64 (undefined; UBSan).
  auto dims = [](const std::string& d) {
    return code("torch.tensordot(torch.ones(2, 3), torch.ones(3, 2), dims=" + d + ")")["error"];
  };
  CHECK(dims("torch.tensor(float('nan'))") ==
        whence::Json{{"type", "ValueError"}, {"message", "cannot convert float NaN to integer"}});
  CHECK(dims("torch.tensor(float('-inf'))") ==
        whence::Json{{"type", "OverflowError"}, {"message", "cannot convert float infinity to integer"}});
  CHECK(dims("torch.tensor(1e30)") ==
        whence::Json{{"type", "OverflowError"}, {"message", "Python int too large to convert to C ssize_t"}});
  CHECK(dims("torch.tensor(-1.0)")["message"] == "tensordot expects dims >= 0, but got dims=-1.0");
  CHECK(dims("torch.tensor(2.7)")["message"] ==  // truncated to 2, as int() does
        "contracted dimensions need to match, but first has size 2 in dim -2 and second has size 3 in dim 0");
  // A count past any rank is the first dim's IndexError, without lists of that length.
  CHECK(dims("1000")["message"] == "Dimension out of range (expected to be in range of [-2, 1], but got -1000)");
  CHECK(dims("10**18")["type"] == "MemoryError");
  CHECK(code("torch.tensordot(torch.ones(2, 3), torch.ones(3, 2), dims=torch.tensor(0.9))")["ok"] == true);
}

TEST_CASE("an empty tensor with a huge dim has PyTorch's wrapped strides, not an overflow", "[hostile]") {
  // The binder fuzzer: torch.ones(0, 5, 2**62) multiplied 5 by 2**62 for the first stride (UBSan,
  // in the sanitizer run of this test); PyTorch wraps it: strides (2**62, 2**62, 1).
  const whence::Json r = code("torch.ones(0, 5, 2**62)");
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["shape"] == whence::Json::array({0, 5, std::int64_t(1) << 62}));
}

TEST_CASE("repeat and tile with counts whose sizes overflow: PyTorch's errors, in its order", "[hostile]") {
  // The optimised binder fuzzer (scripts/fuzz --fast): a negative count of an empty input left a
  // size of 0 and a copy view of -2**62 rows, whose element count overflowed (UBSan). Each
  // message below is PyTorch 1.13's for the same call: its int64 products wrap.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(code("torch.zeros(0).repeat(-2**62)")["result"]["shape"] == whence::Json::array({0}));
  CHECK(code("torch.zeros(0).repeat(-5)")["result"]["shape"] == whence::Json::array({0}));
  CHECK(error("torch.zeros(4).repeat(2**62)") == "maximum size for tensor at dimension 0 is 0 but size is 4");
  CHECK(error("torch.zeros(24).repeat(-2**62)") == "maximum size for tensor at dimension 0 is 0 but size is 24");
  CHECK(error("torch.zeros(4).repeat(2**61+1)") ==
        "IntArrayRef contains an int that cannot be represented as a SymInt: -9223372036854775804");
  CHECK(error("torch.zeros(3).repeat(2**62)") ==
        "Trying to create tensor with negative dimension -4611686018427387904: [-4611686018427387904]");
  CHECK(error("torch.zeros(5).tile((3, 2**62))") ==
        "Storage size calculation overflowed with sizes=[3, 4611686018427387904]");
  CHECK(error("torch.zeros(3).repeat(0, -1)") == "Trying to create tensor with negative dimension -3: [0, -3]");
}

TEST_CASE("view sizes whose product overflows: PyTorch's errors, never an overflow", "[hostile]") {
  // The optimised binder fuzzer: view(2**47, 65536) multiplied the sizes past int64 (UBSan).
  // PyTorch's infer_size wraps the product; any tensor whose sizes overflow is its numel error.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(error("torch.zeros(4).view(2**47, 65536)") ==
        "shape '[140737488355328, 65536]' is invalid for input of size 4");
  CHECK(error("torch.zeros(0).view(2**32, 2**32)") == "numel: integer multiplication overflow");
  CHECK(error("torch.zeros(0).view(2**62, 2**62, 0)") == "numel: integer multiplication overflow");
  CHECK(error("torch.zeros(8).view(-1, 2**61, 4)") ==
        "shape '[-1, 2305843009213693952, 4]' is invalid for input of size 8");
}

TEST_CASE("cross_entropy with probabilities over 0 classes explains its samples, never divides by 0", "[hostile]") {
  // The optimised binder fuzzer: input (1, 0, 3) made the spatial size 0 / 0 and the equation's
  // coordinates divide by the class dim's 0 (SIGFPE in the release CLI). PyTorch: nan, and three
  // samples with reduction='none'.
  const whence::Json mean =
      explain("torch.nn.functional.cross_entropy(torch.zeros((1, 0, 3)), torch.zeros((1, 0, 3)))");
  REQUIRE(mean["ok"] == true);
  CHECK(mean["result"]["data"] == whence::Json::array({"nan"}));
  const whence::Json none =
      explain("torch.nn.functional.cross_entropy(torch.zeros((1, 0, 3)), torch.zeros((1, 0, 3)), reduction='none')");
  REQUIRE(none["ok"] == true);
  CHECK(none["result"]["shape"] == whence::Json::array({1, 3}));
  CHECK(none["relations"].size() == 3);
}

TEST_CASE("tensordot over a contracted dim of 0 against 1: the sum of nothing, never a read past it", "[hostile]") {
  // The optimised call fuzzer: a size-1 side broadcasts, and the contracted size was max(0, 1),
  // so the empty side was read at index 0 (SEGV in the release CLI). PyTorch: zeros.
  const whence::Json r = explain("torch.tensordot(torch.tensor([[], []]), torch.zeros((1, 1)), 1)");
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["shape"] == whence::Json::array({2, 1}));
  CHECK(r["result"]["data"] == whence::Json::array({0.0, 0.0}));
}

TEST_CASE("an empty view with a huge dim has computeStride's wrapped strides, not an overflow", "[hostile]") {
  // The optimised binder fuzzer: view([2, 2, 0, 2**63 - 1]) of an empty tensor multiplied the
  // resize strides past int64 (UBSan). PyTorch's strides: (-2, 2**63 - 1, 2**63 - 1, 1).
  const whence::Json r = code("torch.zeros((1, 4, 0, 5)).view([2, 2, 0, 9223372036854775807])");
  REQUIRE(r["ok"] == true);
  CHECK(r["views"][0]["strides"] == whence::Json::array({-2, INT64_MAX, INT64_MAX, 1}));
}

TEST_CASE("poisson of an infinite rate is x86's INT64_MIN, as PyTorch's, never an undefined cast", "[hostile]") {
  // The optimised binder fuzzer: PTRS's sample of rate inf converted nan to int64 (UBSan).
  const whence::Json r = code("torch.poisson(torch.tensor(float('inf')))");
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["data"] == whence::Json::array({-9.223372e+18}));
}

TEST_CASE("range's size past int64 and diagflat's huge offset: PyTorch's errors, never an overflow", "[hostile]") {
  // The optimised hash and binder fuzzers: torch.range(0, 1e37) converted 1e37 to int64, and
  // diagflat(offset=2**63 - 1) added past int64 (UBSan). PyTorch's x86 conversion gives
  // INT64_MIN, which is no SymInt; the (n, n) resize of diag is its numel error.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(error("torch.range(-0e308, 1e37)") ==
        "IntArrayRef contains an int that cannot be represented as a SymInt: -9223372036854775808");
  CHECK(error("torch.ones(18).diagflat(9223372036854775807)") == "numel: integer multiplication overflow");
  CHECK(error("torch.ones(18).diagflat(-9223372036854775807)") == "numel: integer multiplication overflow");
  CHECK(code("torch.diag(torch.ones(3), 2)")["result"]["shape"] == whence::Json::array({5, 5}));
}

TEST_CASE("dropout of a number: PyTorch's TypeError after its p check, not an internal error", "[hostile]") {
  // The optimised call fuzzer: F.dropout(3) read its input as a tensor (std::bad_variant_access,
  // "internal error" in the CLI; the harness's terminate).
  auto error = [](const std::string& c) { return code(c)["error"]; };
  CHECK(error("torch.nn.functional.dropout(3)") ==
        whence::Json{{"type", "TypeError"},
                     {"message", "dropout(): argument 'input' (position 1) must be Tensor, not int"},
                     {"arg", "input"}});
  CHECK(error("torch.nn.functional.alpha_dropout(3.5)")["message"] ==
        "alpha_dropout(): argument 'input' (position 1) must be Tensor, not float");
  CHECK(error("torch.nn.functional.dropout(3, 2.0)")["type"] == "ValueError");
}

TEST_CASE("cov's correction at the int64 limits: PyTorch's int64 arithmetic, never an overflow", "[hostile]") {
  // The optimised binder fuzzer: correction=2**63 - 1 went through a double and back to int64
  // for the equation (UBSan). PyTorch subtracts it from an int64 count: 4 + (2**63 - 1) wraps
  // negative, the divisor is zeroed and the result is inf.
  const whence::Json r = answer(whence::Json{
      {"id", 1},
      {"code", "torch.cov(torch.tensor([4, 5, 3, 0]), correction=9223372036854775807)"},
      {"explain", true}}.dump());
  CHECK(r["result"]["data"] == whence::Json::array({"inf"}));
  CHECK(r["relations"][0]["eq"].get<std::string>().find("9223372036854775807") != std::string::npos);
  CHECK(code("torch.cov(torch.tensor([4., 5, 3, 0]), correction=-9223372036854775807)")["result"]["data"] ==
        whence::Json::array({"inf"}));
  CHECK(code("torch.cov(torch.tensor([[4., 5, 3, 0], [1, 2, 3, 4]]), correction=-3)")["result"]["data"] ==
        whence::Json::array({2.0, -1.0, -1.0, 0.71428573}));
}

TEST_CASE("a slice's step near 2**63: ATen's wrapped stride and size, then as_strided's errors", "[hostile]") {
  // The optimised binder fuzzer: slice_scatter's stride × step overflowed (UBSan); getitem's
  // slice had the same arithmetic. PyTorch's int64 wraps, and as_strided refuses the result.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(error("torch.slice_scatter(torch.zeros((3, 0, 3, 2), dtype=torch.int64), torch.zeros((0, 3), "
              "dtype=torch.int8), step=9223372036854775807)") ==
        "as_strided: Negative strides are not supported at the moment, got strides: [-6, 6, 2, 1]");
  CHECK(error("torch.arange(12.).reshape(3, 4)[::2305843009213693952]") ==
        "IntArrayRef contains an int that cannot be represented as a SymInt: -9223372036854775808");
  CHECK(error("torch.arange(3.)[1::9223372036854775807]") ==
        "Storage size calculation overflowed with sizes=[-1] and strides=[9223372036854775807]");
  CHECK(code("torch.arange(12.).reshape(3, 4)[1:, ::9223372036854775807]")["result"]["shape"] ==
        whence::Json::array({2, 0}));
  CHECK(code("torch.slice_scatter(torch.zeros((3, 4)), torch.zeros((1, 4)), step=4611686018427387904)")["ok"] == true);
}

TEST_CASE("local_response_norm of a huge size: PyTorch's padding errors, and no walk over the size", "[hostile]") {
  // The optimised binder fuzzer: size 2**62 walked 2**62 window positions per element (a
  // timeout). PyTorch pads the squares to C + size − 1 channels first.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(error("torch.nn.functional.local_response_norm(torch.ones(1, 3, 4), 4611686018427387904)") ==
        "Storage size calculation overflowed with sizes=[1, 1, 4611686018427387906, 4]");
  CHECK(error("torch.nn.functional.local_response_norm(torch.ones(1, 3, 4), 9223372036854775807)") ==
        "The input size 3, plus negative padding 4611686018427387903 and 4611686018427387903 resulted in a negative "
        "output size, which is invalid. Check dimension 2 of your input.");
  const whence::Json r = code("torch.nn.functional.local_response_norm(torch.ones(1, 3, 2), 3000000000)");
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["shape"] == whence::Json::array({1, 3, 2}));
}

TEST_CASE("pixel_shuffle's factor squared past int64: PyTorch's wrapped square, never an overflow", "[hostile]") {
  // The optimised binder fuzzer: upscale_factor 2**62 squared overflowed (UBSan). PyTorch's
  // square wraps; at 0 its own C % 0 is a SIGFPE, which Whence answers with the error instead.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(error("torch.pixel_shuffle(torch.zeros((1, 4, 2, 4)), 3037000500)") ==
        "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor, but "
        "input.size(-3)=4 is not divisible by -9223372036709301616");
  CHECK(error("torch.pixel_shuffle(torch.zeros((0, 3, 2, 4), dtype=torch.bool), 4611686018427387904)") ==
        "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor, but "
        "input.size(-3)=3 is not divisible by 0");
}

TEST_CASE("Python-level functions of a non-tensor fail where PyTorch's Python does", "[hostile]") {
  // A sweep of every Python-level function of the signature table with 3, 3.5, True, None, 'a'
  // and a list: F.sigmoid is input.sigmoid(), softmax with no dim reads input.dim() first.
  auto error = [](const std::string& c) { return code(c)["error"]; };
  CHECK(error("torch.nn.functional.sigmoid(3)") ==
        whence::Json{{"type", "AttributeError"}, {"message", "'int' object has no attribute 'sigmoid'"}});
  CHECK(error("torch.nn.functional.softmax(None)")["message"] == "'NoneType' object has no attribute 'dim'");
  CHECK(error("torch.nn.functional.softmax(3, 0)")["message"] == "'int' object has no attribute 'softmax'");
  CHECK(error("torch.nn.functional.softmin(True, 0)")["message"] == "'int' object has no attribute 'softmax'");
  CHECK(error("torch.nn.functional.softmin('a', 0)")["message"] == "bad operand type for unary -: 'str'");
  CHECK(error("torch.nn.functional.log_softmax([1.0, 2.0])")["message"] == "'list' object has no attribute 'dim'");
}

TEST_CASE("an adaptive max pool's negative output size: at::empty's error, never a negative shape", "[hostile]") {
  // The optimised call fuzzer: output_size -7 made a [2, -7, -7] result read from outside its
  // storage (UBSan), and (-7, 2) an internal error. PyTorch allocates the 2-d op's output first.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(error("torch.nn.functional.adaptive_max_pool2d(torch.tensor([[[2.0, 0.0, .89], [3.0, 2.0, 5.0]]])"
              ".permute(1, 0, 2), -7)") == "Trying to create tensor with negative dimension -7: [2, -7, -7]");
  CHECK(error("torch.nn.functional.adaptive_max_pool1d(torch.ones(2, 3, 4), -2)") ==
        "Trying to create tensor with negative dimension -2: [2, 3, 1, -2]");
  CHECK(code("torch.nn.functional.adaptive_max_pool2d(torch.ones(1, 2, 3, 4), (-2, 0))")["error"]["arg"] ==
        "output_size");
}

TEST_CASE("outputs larger than their inputs are held to the element limit", "[hostile]") {
  // The optimised binder fuzzer: adaptive_max_pool1d to 1,048,576 outputs took 4 s; the window
  // family never checked its output's size. A sweep found bincount's minlength the same.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(error("torch.nn.functional.adaptive_max_pool1d_with_indices(torch.tensor([[0.5, 2.0, 0.5]]), 1048576)") ==
        "Whence shows tensors of up to 65536 elements; shape [1, 1048576] has more");
  CHECK(error("torch.nn.functional.adaptive_avg_pool2d(torch.ones(1, 2, 3), (1000, 1000))") ==
        "Whence shows tensors of up to 65536 elements; shape [1, 1000, 1000] has more");
  CHECK(error("torch.bincount(torch.tensor([1]), minlength=1000000)") ==
        "Whence shows tensors of up to 65536 elements; shape [1000000] has more");
  CHECK(error("torch.bincount(torch.tensor([9223372036854775807]))") ==
        "Whence shows tensors of up to 65536 elements; shape [9223372036854775807] has more");
  CHECK(code("torch.bincount(torch.tensor([1, 3]), minlength=5)")["result"]["data"] ==
        whence::Json::array({0, 1, 0, 1, 0}));
}

TEST_CASE("a call returns at most 4,096 tensors, refused before a piece is made", "[hostile]") {
  // The seeded fuzz run reached tensor_split(x, 65536): 65,536 one-element views were 7.3 MB of
  // JSON, over 3 s under ASan. Every way of making many pieces is held to kMaxResults.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  const char* limit = "Whence shows up to 4096 results; this ";
  CHECK(error("torch.tensor_split(torch.arange(65536.), 65536)") == std::string(limit) + "split makes 65536");
  CHECK(error("torch.arange(5000.).split(1)") == std::string(limit) + "split makes 5000");
  CHECK(error("torch.arange(5000.).chunk(5000)") == std::string(limit) + "split makes 5000");
  CHECK(error("torch.zeros(0).chunk(5000)") == std::string(limit) + "split makes 5000");
  CHECK(error("torch.zeros(5000, 0).unbind()") == std::string(limit) + "unbind makes 5000");
  CHECK(error("torch.zeros(0).split([0] * 5000)") == std::string(limit) + "split makes 5000");
  CHECK(code("torch.arange(4096.).split(1)")["result"].size() == 4096);
  CHECK(code("torch.zeros(4096, 0).unbind()")["result"].size() == 4096);
}

TEST_CASE("i0 overflows where PyTorch's e^x does in the compute type", "[hostile]") {
  // Found by the special family's helper: float32 i0(89) was 1.9e37 where PyTorch gives inf.
  auto data = [](const std::string& c) { return code(c)["result"]["data"]; };
  const whence::Json f32 = data("torch.i0(torch.tensor([88.7, 88.73, -89.0]))");
  CHECK(f32[0] != "inf");
  CHECK(f32[1] == "inf");
  CHECK(f32[2] == "inf");
  CHECK(data("torch.i0(torch.tensor([709.0, 710.0], dtype=torch.float64))")[1] == "inf");
  CHECK(data("torch.i0(torch.tensor([709.0, 710.0], dtype=torch.float64))")[0] != "inf");
}

TEST_CASE("histc with bins near 2**63: PyTorch's allocation errors for its edges, never an overflow", "[hostile]") {
  // scripts/fuzz --fast bind: bins + 1 overflowed (UBSan) where PyTorch allocates the edges.
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(error("torch.tensor([4.0, 0.0]).histc(bins=2**63-1)") == "numel: integer multiplication overflow");
  CHECK(error("torch.tensor([4.0, 0.0]).histc(bins=2**62)") ==
        "Storage size calculation overflowed with sizes=[4611686018427387905]");
  CHECK(error("torch.tensor([4.0, 0.0]).histc(bins=70000)") ==
        "Whence shows tensors of up to 65536 elements; shape [70000] has more");
}

TEST_CASE("a sum over an empty dim of a tensor with no storage reads nothing", "[hostile]") {
  // scripts/fuzz --fast bind: the strided fast path offset the empty storage's null pointer.
  const whence::Json r = code("torch.zeros((0, 5, 4, 4), dtype=torch.float16).sum(-4, dtype=torch.float16)")["result"];
  CHECK(r["shape"] == whence::Json::array({5, 4, 4}));
  CHECK(r["data"][79] == 0.0);
  CHECK(code("torch.zeros((0, 40, 3)).mean(0)")["result"]["data"][0] == "nan");
}

TEST_CASE("roll by shifts near 2**63: at::roll's start wraps in int64 as PyTorch's does", "[hostile]") {
  // scripts/fuzz --fast bind: 0 - (-2**63) overflowed (UBSan) in roll's index arithmetic.
  auto data = [](const std::string& c) { return code(c)["result"]["data"]; };
  CHECK(data("torch.tensor(-3).roll([-9223372036854775808])") == whence::Json::array({-3}));
  CHECK(data("torch.tensor([1, 2, 3]).roll(-9223372036854775808)") == whence::Json::array({2, 3, 1}));
  CHECK(data("torch.tensor([1, 2, 3]).roll(9223372036854775807)") == whence::Json::array({3, 1, 2}));
  CHECK(data("torch.arange(12).reshape(3, 4).roll((-9223372036854775808, 5, 9223372036854775807), (0, 1, 0))") ==
        whence::Json::array({3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10}));
}

TEST_CASE("mvlgamma with a huge p: PyTorch's allocation error for its p arguments, never a loop of p", "[hostile]") {
  // scripts/fuzz --fast bind: the kernel looped 2**62 times per element (a timeout).
  auto error = [](const std::string& c) { return code(c)["error"]["message"]; };
  CHECK(error("torch.mvlgamma(torch.tensor(1), p=4611686018427387904)") ==
        "Storage size calculation overflowed with sizes=[4611686018427387904]");
  CHECK(error("torch.mvlgamma(torch.tensor([1e30]), p=100000)") ==
        "Whence shows tensors of up to 65536 elements; shape [1, 100000] has more");
}
