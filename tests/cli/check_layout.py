"""The layout keeps its rules (kernels/README.md, "Who may include what"):
  - every top-level folder and every kernels/ folder has a README.md, and every repository path
    a README names in backquotes exists (so the READMEs stay true as files move);
  - arrows point down: core/ includes no kernels/ or web/ header, web/ no kernels/ header, and a
    kernel family includes only core/, kernels/common/, kernels/cpu/, its own folder and the
    other families' headers listed in CROSS_FAMILY below;
  - the project's C++ is formatted as .clang-format says (clang-format --dry-run --Werror).
Prints one line per failure and ends with "N passed, M failed".
Usage: python3 tests/cli/check_layout.py"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOP = ["core", "kernels", "web", "site", "tests", "scripts"]
NOT_FAMILIES = {"common", "cpu", "cuda", "bench"}
# A family's includes of another family's headers, each with its reason (kernels/README.md).
CROSS_FAMILY = {
    ("indexing", "movement"): "x[index] and x.T are movement ops (movement_family.hpp's proxies)",
    ("join", "movement"): "cat, stack and split are movement ops (movement_family.hpp's proxies)",
    ("resample", "movement"): "ints_of, an int list argument",
    ("reduce", "elementwise"): "cast_tensor and number_arg: a dtype cast is an elementwise op",
    ("contraction", "elementwise"): "cast_tensor and number_arg: a dtype cast is an elementwise op",
    ("factory", "elementwise"): "cast_tensor and number_arg: a dtype cast is an elementwise op",
    ("join", "elementwise"): "cast_tensor: a dtype cast is an elementwise op",
    ("select", "elementwise"): "cast_tensor: a dtype cast is an elementwise op",
    ("window", "elementwise"): "cast_tensor: a dtype cast is an elementwise op",
    ("resample", "elementwise"): "cast_tensor: a dtype cast is an elementwise op",
    ("special", "elementwise"): "its ops are EwOp rows run by the elementwise launcher, explain, promotion and "
                                "gradient rules (elementwise_builder.hpp, elementwise_derivatives.hpp); the math "
                                "functors' helpers (elementwise_math.hpp)",
}
CPP = (".cpp", ".hpp", ".h", ".cu", ".inc")

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


def tracked(*patterns):
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", *patterns],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [f for f in out if os.path.exists(os.path.join(ROOT, f))]


def includes(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return re.findall(r'^\s*#include "([^"]+)"', f.read(), re.M)


# READMEs, and the paths they name.
folders = TOP + sorted(os.path.relpath(d, ROOT) for d in glob.glob(os.path.join(ROOT, "kernels", "*")) if os.path.isdir(d))
for folder in folders:
    check(os.path.isfile(os.path.join(ROOT, folder, "README.md")), folder + "/README.md exists")
PATH = re.compile(r"`((?:core|kernels|web|site|tests|scripts)/[A-Za-z0-9_./-]*[A-Za-z0-9_])`")
for readme in tracked("README.md", "*/README.md"):
    with open(os.path.join(ROOT, readme), encoding="utf-8") as f:
        text = f.read()
    missing = sorted({p for p in PATH.findall(text) if not any(c in p for c in "*<>")
                      and not glob.glob(os.path.join(ROOT, p))})
    check(not missing, "%s names paths that do not exist: %s" % (readme, ", ".join(missing)))

# Arrows.
for path in tracked("core/*", "web/*"):
    if not path.endswith(CPP):
        continue
    bad = [i for i in includes(path) if i.startswith("kernels/") or (path.startswith("core/") and i.startswith("web/"))]
    check(not bad, "%s includes %s" % (path, ", ".join(bad)))
for path in tracked("kernels/*"):
    parts = path.split("/")
    if len(parts) != 3 or not path.endswith(CPP) or parts[1] in NOT_FAMILIES:
        continue
    family = parts[1]
    bad = []
    for inc in includes(path):
        if not inc.startswith("kernels/"):
            continue
        other = inc.split("/")[1]
        if other not in (family, "common", "cpu") and (family, other) not in CROSS_FAMILY:
            bad.append(inc)
    check(not bad, "%s (family %s) includes another family's %s" % (path, family, ", ".join(bad)))

# Formatting.
sources = [f for f in tracked("core/*", "kernels/*", "web/*", "tests/unit/*") if f.endswith((".cpp", ".hpp", ".h", ".cu"))]
r = subprocess.run(["clang-format", "--dry-run", "--Werror", *sources], cwd=ROOT, capture_output=True, text=True)
unformatted = sorted({line.split(":")[0] for line in r.stderr.splitlines() if ": error:" in line})
check(r.returncode == 0, "not formatted as .clang-format says (clang-format -i FILE): " + ", ".join(unformatted))

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
