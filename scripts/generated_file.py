"""write_or_check(path, text): what a generator of a committed file does with the text it made.
With --check on the command line it exits 1 when the committed file differs (the file is
stale), else it writes the file."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_or_check(path, text, generator):
    relative = os.path.relpath(path, ROOT)
    if "--check" in sys.argv:
        with open(path) as f:
            if f.read() != text:
                print("%s is stale: run scripts/%s" % (relative, generator))
                sys.exit(1)
        print("%s: fresh" % relative)
        return
    with open(path, "w") as f:
        f.write(text)
