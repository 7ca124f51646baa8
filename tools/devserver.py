"""A static file server for dist/ with the MIME types and headers Pyodide needs.

Reused by tools/serve.py (interactive) and tests/browser/conftest.py (tests): the
browser test suite serves the same bytes the same way the developer sees them.
"""

from __future__ import annotations

import email.utils
import errno
import functools
import gzip
import io
import os
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HOST = "127.0.0.1"

MIME_TYPES = {
    ".wasm": "application/wasm",  # anything else and Pyodide never finishes loading
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".css": "text/css",
    ".html": "text/html",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".ico": "image/x-icon",
    ".png": "image/png",
    ".txt": "text/plain",
}
TEXT_TYPES = {"text/javascript", "text/css", "text/html", "text/x-python", "text/plain"}
COMPRESSED_TYPES = TEXT_TYPES | {"application/wasm", "application/json", "image/svg+xml",
                                 "application/manifest+json"}
"""Sent gzip-compressed when asked, as Netlify and GitHub Pages do (a zip or a PNG is
compressed already)."""


class StaticHandler(SimpleHTTPRequestHandler):
    """Serves one folder; every response says `Cache-Control: no-cache`."""

    protocol_version = "HTTP/1.1"  # keep-alive, like real static hosts
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        **{ext: f"{mime}; charset=utf-8" if mime in TEXT_TYPES else mime
           for ext, mime in MIME_TYPES.items()},
    }
    quiet = False
    compress = False  # gzip what the hosts compress, for clients that accept it
    host_headers: list[tuple[str, list[tuple[str, str]]]] = []  # the folder's _headers rules
    _gzipped: dict[tuple[str, float], bytes] = {}

    def send_head(self):
        if not self.compress or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        path = self.translate_path(self.path)
        mime = self.guess_type(path)
        if os.path.isdir(path) or not os.path.isfile(path) or mime.split(";")[0] not in COMPRESSED_TYPES:
            return super().send_head()  # folders (index.html, redirects), 404s, zips and images
        stat = os.stat(path)
        key = (path, stat.st_mtime)
        body = self._gzipped.get(key)
        if body is None:
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=6, mtime=0)
            self._gzipped[key] = body
        self.send_response(200)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        extra = [(name, value) for pattern, values in self.host_headers if path_matches(pattern, path)
                 for name, value in values]
        if not any(name.lower() == "cache-control" for name, _ in extra):
            self.send_header("Cache-Control", "no-cache")
        for name, value in extra:
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)


def read_headers_file(path: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    """The rules of a Netlify-style ``_headers`` file: a path (``/*`` ends in a splat) on
    a line of its own, then its headers indented, ``Name: value``; ``#`` starts a comment."""
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    if not path.is_file():
        return rules
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), []))
        elif rules and ":" in line:
            name, value = line.strip().split(":", 1)
            rules[-1][1].append((name.strip(), value.strip()))
    return rules


def path_matches(pattern: str, path: str) -> bool:
    if pattern.endswith("*"):
        return path.startswith(pattern[:-1])
    return path == pattern


class DevServer(ThreadingHTTPServer):
    """A browser that reloads or closes a tab cuts off the downloads in flight; that is not
    the server's error, and its traceback only buried the test output around it."""

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_handler(directory: str | Path, *, quiet: bool = False, compress: bool = False,
                 host_headers: bool = False):
    rules = read_headers_file(Path(directory) / "_headers") if host_headers else []
    handler = type("DistHandler", (StaticHandler,), {"quiet": quiet, "compress": compress, "host_headers": rules})
    return functools.partial(handler, directory=str(directory))


def make_server(
    directory: str | Path, port: int = 0, *, host: str = HOST, quiet: bool = False,
    fallback: bool = True, compress: bool = False, host_headers: bool = False,
) -> DevServer:
    """Bind a server for directory on port (0: any free port). If the port is taken and
    fallback is true, bind a free port instead; server.server_address says which.
    ``compress``: gzip the responses the hosts compress (see COMPRESSED_TYPES);
    ``host_headers``: send the headers of the folder's ``_headers`` file, as Netlify does."""
    handler = make_handler(directory, quiet=quiet, compress=compress, host_headers=host_headers)
    try:
        return DevServer((host, port), handler)
    except OSError as error:
        if not fallback or port == 0 or error.errno != errno.EADDRINUSE:
            raise
        return DevServer((host, 0), handler)


def url_of(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def serve_in_background(directory: str | Path, port: int = 0, compress: bool = False,
                        host_headers: bool = False) -> ThreadingHTTPServer:
    """Start a quiet server in a daemon thread; call server.shutdown() when done."""
    server = make_server(directory, port, quiet=True, compress=compress, host_headers=host_headers)
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="devserver",
        daemon=True,
    ).start()
    return server
