"""Precompressed copies of the site's text and WebAssembly files, for scripts/serve_site.py.

    write(site_dir, cache_dir=None) -> (files, raw bytes, gzip bytes, brotli bytes or None)

Beside every .html, .css, .js, .json and .wasm file it writes NAME.gz (gzip level 9, mtime 0,
so a rebuild gives the same bytes) and, where Python's brotli module is installed (Debian's
python3-brotli, which scripts/setup installs), NAME.br. A copy that would not be smaller than
the file is not written (tiny alias pages). Module of scripts/build_site; also runnable:
`/usr/bin/python3 scripts/precompress.py build/site`.

Brotli's quality 11 is worth its time on what every first visit loads, not on the 683 small op
and alias pages (measured on the 2-core machine: all pages and scripts, 3.4 MB, take 4.8 s at 11
and 0.15 s at 5 for 12% more bytes, about 300 bytes an op page). So: 11 for scripts, styles,
JSON, modules and any page of 64 KB or more (the home page), 5 for the other pages. A module
(about 1 MB) takes 2.5 s at 11 (360 KB; 397 KB at 9): its copies are kept in cache_dir under
the file's SHA-256 (the 16 used last), and the modules only change when rebuilt.
"""
import gzip
import hashlib
import os
import sys

try:
    import brotli
except ImportError:  # no .br files then; gzip still serves every browser
    brotli = None

EXTENSIONS = (".html", ".css", ".js", ".json", ".wasm")
BIG = 64 * 1024


def _brotli(name, data):
    small_page = name.endswith(".html") and len(data) < BIG
    mode = brotli.MODE_GENERIC if name.endswith(".wasm") else brotli.MODE_TEXT
    return brotli.compress(data, quality=5 if small_page else 11, mode=mode)


def _cached(cache, data, make):
    """make(data), or the copy of an earlier run kept in cache under the data's hash."""
    if cache is None or len(data) < BIG:
        return make(data)
    key = os.path.join(cache, hashlib.sha256(data).hexdigest() + ".br")
    if os.path.exists(key):
        os.utime(key)  # used: kept by _prune
        with open(key, "rb") as f:
            return f.read()
    packed = make(data)
    os.makedirs(cache, exist_ok=True)
    with open(key + ".tmp", "wb") as f:
        f.write(packed)
    os.replace(key + ".tmp", key)
    return packed


def _prune(cache, keep=16):
    """The cache keeps the copies used most recently (four modules and the home page a build)."""
    if cache is None or not os.path.isdir(cache):
        return
    entries = sorted((os.path.getmtime(os.path.join(cache, n)), n) for n in os.listdir(cache) if n.endswith(".br"))
    for _, n in entries[:-keep]:
        os.remove(os.path.join(cache, n))


def write(site, cache=None):
    files = raw = gz_total = br_total = 0
    for folder, _, names in os.walk(site):
        for name in names:
            if not name.endswith(EXTENSIONS):
                continue
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                data = f.read()
            files += 1
            raw += len(data)
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            gz_total += min(len(packed), len(data))
            if len(packed) < len(data):
                with open(path + ".gz", "wb") as f:
                    f.write(packed)
            if brotli is not None:
                packed = _cached(cache, data, lambda d: _brotli(name, d))
                br_total += min(len(packed), len(data))
                if len(packed) < len(data):
                    with open(path + ".br", "wb") as f:
                        f.write(packed)
    _prune(cache)
    return files, raw, gz_total, (br_total if brotli is not None else None)


if __name__ == "__main__":
    n, raw, gz, br = write(sys.argv[1] if len(sys.argv) > 1 else "build/site")
    print("precompress: %d files, %.1f KB; gzip %.1f KB%s" % (
        n, raw / 1024, gz / 1024, "" if br is None else ", brotli %.1f KB" % (br / 1024)))
