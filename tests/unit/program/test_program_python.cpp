// test_program_python.cpp - the Python that programs hold beyond PyTorch calls (issue
// "Models in programs"): blocks, functions, classes, dicts, comprehensions, f-strings, and
// Python's errors in Python's words at their lines. Each expectation is what CPython 3.11 prints
// for the same program (the texts were run there).
#include <catch2/catch.hpp>

#include <string>

#include "core/program/program.hpp"

namespace {

using whence::Json;

Json run_python(const std::string& text) { return whence::evaluate_program(Json{{"program", text}}); }

// Everything print() wrote, in order.
std::string printed_text(const Json& r) {
  std::string out;
  for (const Json& s : r["steps"])
    if (s.contains("stdout")) out += s["stdout"].get<std::string>();
  return out;
}

std::string python_error(const Json& r) {
  if (!r.contains("error")) return "";
  return r["error"]["type"].get<std::string>() + ": " + r["error"]["message"].get<std::string>() + " @" +
         std::to_string(r["error"]["line"].get<int>());
}

}  // namespace

TEST_CASE("programs: if, for, while, break, continue", "[programs][python]") {
  const Json r = run_python(
      "total = 0\n"
      "for i in range(10):\n"
      "    if i % 2 == 0:\n"
      "        continue\n"
      "    elif i > 7:\n"
      "        break\n"
      "    else:\n"
      "        total += i\n"
      "n = 0\n"
      "while n < 100: n = n * 2 + 1\n"
      "print(total, n)\n");
  CHECK(python_error(r) == "");
  CHECK(printed_text(r) == "16 127\n");
  CHECK(r["values"]["total"] == 16);
}

TEST_CASE("programs: functions with defaults, *args, **kwargs and their TypeErrors", "[programs][python]") {
  const Json r = run_python(
      "def f(a, b=2, *rest, c=3, **kw):\n"
      "    return [a, b, list(rest), c, sorted(kw.keys())]\n"
      "print(f(1), f(1, 5, 6, 7, c=0, z=1, y=2))\n"
      "args = (1, 2)\n"
      "opts = {'c': 9}\n"
      "print(f(*args, **opts))\n");
  CHECK(python_error(r) == "");
  CHECK(printed_text(r) == "[1, 2, [], 3, []] [1, 5, [6, 7], 0, ['y', 'z']]\n[1, 2, [], 9, []]\n");
  CHECK(python_error(run_python("def g(x, y):\n    return x\ng(1)\n")) ==
        "TypeError: g() missing 1 required positional argument: 'y' @3");
  CHECK(python_error(run_python("def g(x):\n    return x\ng(1, 2)\n")) ==
        "TypeError: g() takes 1 positional argument but 2 were given @3");
  CHECK(python_error(run_python("def g(x):\n    return x\ng(1, z=2)\n")) ==
        "TypeError: g() got an unexpected keyword argument 'z' @3");
}

TEST_CASE("programs: an error inside a function is at its line, with the calls' stack", "[programs][python]") {
  const Json r = run_python(
      "import torch\n"
      "def inner(t):\n"
      "    return t @ t\n"
      "def outer(t):\n"
      "    return inner(t) + 1\n"
      "y = outer(torch.ones(2, 3))\n");
  REQUIRE(r.contains("error"));
  CHECK(r["error"]["line"] == 3);
  CHECK(r["error"]["type"] == "RuntimeError");
  REQUIRE(r["error"].contains("stack"));
  CHECK(r["error"]["stack"] ==
        Json::parse(R"([{"line":6,"in":"<module>"},{"line":5,"in":"outer"},{"line":3,"in":"inner"}])"));
}

TEST_CASE("programs: recursion and runaway loops are refused, never a hang", "[programs][python]") {
  CHECK(python_error(run_python("def f(n):\n    return f(n + 1)\nf(0)\n"))
            .rfind("RecursionError: maximum recursion depth exceeded", 0) == 0);
  const std::string loop = python_error(run_python("n = 0\nwhile True:\n    n += 1\n"));
  CHECK(loop.rfind("Unsupported: Whence runs up to 10000 statements", 0) == 0);
}

TEST_CASE("programs: classes, inheritance, super, __call__, __repr__, isinstance", "[programs][python]") {
  const Json r = run_python(
      "import torch\n"
      "class Affine:\n"
      "    \"\"\"y = x @ w + b\"\"\"\n"
      "    scale = 2.0\n"
      "    def __init__(self, w, b=None):\n"
      "        self.w = w\n"
      "        self.b = b\n"
      "    def __call__(self, x):\n"
      "        y = x @ self.w\n"
      "        if self.b is not None:\n"
      "            y = y + self.b\n"
      "        return y * self.scale\n"
      "    def __repr__(self):\n"
      "        return f'Affine({self.w.shape[0]})'\n"
      "class Twice(Affine):\n"
      "    def __init__(self, w):\n"
      "        super().__init__(w, torch.ones(2))\n"
      "    def __call__(self, x):\n"
      "        return super().__call__(super().__call__(x))\n"
      "t = Twice(torch.eye(2))\n"
      "out = t(torch.tensor([[1., 2.]]))\n"
      "print(t, isinstance(t, Affine), isinstance(Affine(t.w), Twice), type(t).__name__)\n"
      "print(t.missing)\n");
  CHECK(printed_text(r) == "Affine(2) True False Twice\n");
  CHECK(r["values"].value("out", Json::object()).value("data", Json()) == Json::parse("[10.0, 14.0]"));
  CHECK(python_error(r) == "AttributeError: 'Twice' object has no attribute 'missing' @23");
}

TEST_CASE("programs: steps inside functions and loops say where they ran", "[programs][python]") {
  const Json r = run_python(
      "import torch\n"
      "def step(x):\n"
      "    h = x * 2\n"
      "    return h\n"
      "x = torch.ones(2)\n"
      "for i in range(2):\n"
      "    x = step(x)\n");
  CHECK(python_error(r) == "");
  int inner = 0;
  for (const Json& s : r["steps"])
    if (s.value("where", "") == "step") {
      ++inner;
      CHECK((s["line"] == 3 || s["line"] == 4));
    }
  CHECK(inner == 4);
  CHECK(r["values"]["x"]["data"] == Json::parse("[4.0, 4.0]"));
  const Json& last = r["steps"].back();
  CHECK(last["line"] == 7);
  CHECK(last["iteration"] == 1);
}

TEST_CASE("programs: dicts, lists through attributes, comprehensions, f-strings, in and is", "[programs][python]") {
  const Json r = run_python(
      "class Box:\n"
      "    def __init__(self):\n"
      "        self.items = []\n"
      "b = Box()\n"
      "for i in range(3):\n"
      "    b.items.append(i)\n"
      "d = {k: v * v for k, v in zip('abc', b.items)}\n"
      "d['z'] = -1\n"
      "evens = [x for x in range(10) if x % 2 == 0 if x > 2]\n"
      "print(f'{len(d)} {d!r} {3.14159:.2f} {7:>4}|{\"s\":<3}|{1234567:,}', evens)\n"
      "print('a' in d, 'q' not in d, 2 in b.items, None is None, b.items is not None, 'ab' in 'cab')\n"
      "print(d.get('q', 0), d.pop('z'), list(d.items())[0], sum(v for v in d.values()))\n");
  CHECK(python_error(r) == "");
  CHECK(printed_text(r) ==
        "4 {'a': 0, 'b': 1, 'c': 4, 'z': -1} 3.14    7|s  |1,234,567 [4, 6, 8]\n"
        "True True True True True True\n"
        "0 -1 ('a', 0) 5\n");
}

TEST_CASE("programs: an error inside a module's forward names the module by its path", "[programs][python]") {
  Json r = run_python(
      "import torch\nimport torch.nn as nn\n"
      "model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(6, 2))\n"
      "y = model(torch.ones(3, 4))\n");
  CHECK(python_error(r) == "RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x8 and 6x2) @4");
  CHECK(r["error"]["module"] == "model.2 (Linear)");
  r = run_python(
      "import torch\nimport torch.nn as nn\n"
      "class Net(nn.Module):\n"
      "    def __init__(self):\n"
      "        super().__init__()\n"
      "        self.body = nn.Sequential(nn.Linear(2, 3), nn.Linear(4, 1))\n"
      "    def forward(self, x):\n"
      "        return self.body(x)\n"
      "net = Net()\n"
      "out = net(torch.ones(1, 2))\n");
  CHECK(r["error"]["line"] == 8);
  CHECK(r["error"]["module"] == "net.body.1 (Linear)");
  r = run_python("import torch\nx = torch.ones(2) @ torch.ones(3)\n");  // no module: no key
  CHECK(!r["error"].contains("module"));
}

TEST_CASE("programs: str.split with sep and maxsplit, by position and by name", "[programs][python]") {
  const Json r = run_python(
      "print('  a b  c  '.split(None, 1), 'a,b,,c'.split(',', 2), 'a b'.split(maxsplit=0), "
      "'x-y-z'.split(sep='-', maxsplit=1), ' '.split())\n"
      "'a'.split(',', sep=',')\n");
  CHECK(printed_text(r) == "['a', 'b  c  '] ['a', 'b', ',c'] ['a b'] ['x', 'y-z'] []\n");
  CHECK(python_error(r) == "TypeError: argument for split() given by name ('sep') and position (1) @2");
}

TEST_CASE("programs: a tensor's format and a training-style loop", "[programs][python]") {
  const Json r = run_python(
      "import torch\n"
      "w = torch.tensor([1.0, -2.0], requires_grad=True)\n"
      "losses = []\n"
      "for step in range(3):\n"
      "    loss = (w * w).sum()\n"
      "    loss.backward()\n"
      "    with torch.no_grad():\n"
      "        w -= 0.25 * w.grad\n"
      "    w.grad.zero_()\n"
      "    losses.append(round(loss.item(), 4))\n"
      "    print(f'step {step}: loss={loss:.4f}')\n");
  CHECK(python_error(r) == "");
  CHECK(printed_text(r) == "step 0: loss=5.0000\nstep 1: loss=1.2500\nstep 2: loss=0.3125\n");
  CHECK(r["values"]["losses"] == Json::parse("[5.0, 1.25, 0.3125]"));
}
