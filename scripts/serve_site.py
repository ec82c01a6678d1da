"""A static server for build/site that sends the precompressed copies scripts/build_site wrote
(scripts/precompress.py: NAME.br, NAME.gz) when the request's Accept-Encoding takes them.

    /usr/bin/python3 scripts/serve_site.py [--port 8000] [--bind 127.0.0.1] [--directory build/site]

Python's http.server otherwise (directories, index.html, Last-Modified and 304s), and:
  - NAME.br with Content-Encoding: br where the client accepts br, else NAME.gz with
    Content-Encoding: gzip where it accepts gzip, else NAME itself; Content-Type is always
    NAME's (application/wasm for .wasm), Content-Length the bytes sent;
  - Vary: Accept-Encoding on every file that has a compressed copy, compressed or not, so a
    cache keeps them apart.
--port 0 picks a free port; the first line printed names it ("Serving HTTP on ... port N").
Python standard library only. scripts/serve runs it after building.
"""
import argparse
import email.utils
import functools
import http.server
import os
import sys

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # preferred first


def accepted(header):
    """The codings an Accept-Encoding header takes ({"gzip", "br", ...}; "*" stands for any
    not named); a q of 0 refuses one."""
    taken, refused = set(), set()
    for part in (header or "").split(","):
        fields = [f.strip() for f in part.split(";")]
        name = fields[0].lower()
        if not name:
            continue
        q = 1.0
        for f in fields[1:]:
            if f.lower().startswith("q="):
                try:
                    q = float(f[2:])
                except ValueError:
                    q = 0.0
        (taken if q > 0 else refused).add(name)
    if "*" in taken:
        taken |= {name for name, _ in ENCODINGS if name not in refused}
    return taken


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".wasm": "application/wasm", ".js": "text/javascript", ".json": "application/json"})

    def send_head(self):
        self._vary = False
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                return super().send_head()  # the redirect to "dir/"
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()
        variants = [(name, path + ext) for name, ext in ENCODINGS if os.path.isfile(path + ext)]
        self._vary = bool(variants)
        taken = accepted(self.headers.get("Accept-Encoding"))
        for name, packed in variants:
            if name in taken:
                return self._send_file(packed, self.guess_type(path), name)
        return super().send_head()

    def _send_file(self, packed, content_type, encoding):
        f = open(packed, "rb")
        try:
            st = os.fstat(f.fileno())
            # The 304 of http.server, on the compressed copy's time (written with the file).
            since = self.headers.get("If-Modified-Since")
            if since and not self.headers.get("If-None-Match"):
                try:
                    when = email.utils.parsedate_to_datetime(since)
                    if int(st.st_mtime) <= when.timestamp():
                        self.send_response(304)
                        self.end_headers()
                        f.close()
                        return None
                except (TypeError, ValueError, OverflowError, IndexError):
                    pass
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(st.st_size))
            self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
            self.end_headers()
            return f
        except Exception:
            f.close()
            raise

    def end_headers(self):
        if getattr(self, "_vary", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--directory", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "site"))
    args = parser.parse_args()
    handler = functools.partial(Handler, directory=args.directory)
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as server:
        host, port = server.socket.getsockname()[:2]
        print("Serving HTTP on %s port %d (http://%s:%d/) ..." % (host, port, host, port), flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            sys.exit(0)


if __name__ == "__main__":
    main()
