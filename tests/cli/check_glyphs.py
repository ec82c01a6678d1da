#!/usr/bin/python3
"""Every character the app can draw from a C++ string literal has a glyph in the page's fonts.

The fonts are subset to a few ranges to keep the page small (web/embed_fonts.py). A new
symbol in an equation or message (say ⌈ in a ceil equation) would be drawn as '?' until its
range is added there. This scans the string literals of core/, kernels/ and web/ and checks
each non-ASCII character against the text fonts' ranges (TEXT_UNICODES: equations, messages
and values are drawn with those). Ends with `N passed, M failed`, one check per character.
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


def covered(ch, ranges):
    return any(lo <= ord(ch) <= hi for lo, hi in ranges)


def main():
    text_ranges = embed_fonts.code_points(embed_fonts.TEXT_UNICODES)
    files = sorted(f for d in ("core", "kernels", "web") for ext in ("cpp", "hpp")
                   for f in glob.glob(os.path.join(ROOT, d, "*." + ext)))
    seen, missing = {}, []
    for path in files:
        for lineno, line in enumerate(open(path, encoding="utf-8"), 1):
            for literal in LITERAL.findall(line):
                for ch in literal:
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
