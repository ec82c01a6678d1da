#!/usr/bin/python3
"""Every character the app can draw from a C++ string literal has a glyph in the page's fonts.

The fonts are subset to a few ranges to keep the page small (web/embed_fonts.py). A new
symbol in an equation or message (say ⌈ in a ceil equation) would be drawn as '?' until its
range is added there. This scans the string literals of core/, kernels/ and web/ (not the
benchmarks' or the CUDA launchers' terminal text) and checks each non-ASCII character against
the text fonts' ranges (TEXT_UNICODES: equations, messages and values are drawn with those).
Literals are read as the compiler reads them: "\xe2\x86\x92" and "\u2192" are both an arrow.
Ends with `N passed, M failed`, one check per character.
"""
import glob
import importlib.util
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("embed_fonts", os.path.join(ROOT, "web", "embed_fonts.py"))
embed_fonts = importlib.util.module_from_spec(spec)
spec.loader.exec_module(embed_fonts)

LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')
ESCAPE = re.compile(r'\\(x[0-9a-fA-F]+|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|.)')
SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
SKIPPED_DIRS = ("kernels/bench", "kernels/cuda")
# Text the canvas never draws: programs and gradients run only in the CLI and the program page's
# module, whose pages write their text as HTML in the browser's fonts (the single-call modules,
# which draw with these fonts, link neither).
SKIPPED_TEXT = ("core/program/", "core/autograd", "core/grad_fn")
GRADIENT_FILE = re.compile(r"kernels/[a-z]+/[a-z_]*(gradients|derivatives)[a-z_]*\.(cpp|hpp)$")


def decode(literal):
    """The text of a C++ string literal (quotes included) as UTF-8, escapes resolved."""
    out, pos, body = bytearray(), 0, literal[1:-1]
    for m in ESCAPE.finditer(body):
        out += body[pos:m.start()].encode("utf-8")
        e = m.group(1)
        if e[0] == "x":
            out.append(int(e[1:], 16) & 0xFF)
        elif e[0] in "uU":
            out += chr(int(e[1:], 16)).encode("utf-8")
        elif e[0] in "01234567":
            out.append(int(e, 8) & 0xFF)
        else:
            out += SIMPLE.get(e, e).encode("utf-8")
        pos = m.end()
    out += body[pos:].encode("utf-8")
    return out.decode("utf-8", errors="replace")


def covered(ch, ranges):
    return any(lo <= ord(ch) <= hi for lo, hi in ranges)


def main():
    text_ranges = embed_fonts.code_points(embed_fonts.TEXT_UNICODES)
    files = sorted(f for d in ("core", "kernels", "web") for ext in ("cpp", "hpp")
                   for f in glob.glob(os.path.join(ROOT, d, "**", "*." + ext), recursive=True)
                   if not os.path.relpath(f, ROOT).startswith(SKIPPED_DIRS + SKIPPED_TEXT)
                   and not GRADIENT_FILE.search(os.path.relpath(f, ROOT)))
    seen, missing = {}, []
    for path in files:
        for lineno, line in enumerate(open(path, encoding="utf-8"), 1):
            for literal in LITERAL.findall(line):
                for ch in decode(literal):
                    if ord(ch) > 0x7E and ch not in seen:
                        seen[ch] = "%s:%d" % (os.path.relpath(path, ROOT), lineno)
                        if not covered(ch, text_ranges):
                            missing.append(ch)
    for ch in missing:
        print("FAIL: %r (U+%04X, first in %s) has no glyph: add it to TEXT_UNICODES in web/embed_fonts.py"
              % (ch, ord(ch), seen[ch]))
    # The check itself: the literals must hold symbols at all (a broken regex finds none).
    if len(seen) < 10:
        print("FAIL: only %d non-ASCII characters found in string literals; the scan is broken" % len(seen))
        missing.append(None)
    print("glyphs: %d distinct non-ASCII characters in %d files" % (len(seen), len(files)))
    print("%d passed, %d failed" % (len(seen) - len([m for m in missing if m]), len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
