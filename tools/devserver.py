"""A static file server for dist/ with the MIME types and headers Pyodide needs.

Reused by tools/serve.py (interactive) and tests/browser/conftest.py (tests): the
browser test suite serves the same bytes the same way the developer sees them.
"""

from __future__ import annotations

import errno
import functools
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


class StaticHandler(SimpleHTTPRequestHandler):
    """Serves one folder; every response says `Cache-Control: no-cache`."""

    protocol_version = "HTTP/1.1"  # keep-alive, like real static hosts
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        **{ext: f"{mime}; charset=utf-8" if mime in TEXT_TYPES else mime
           for ext, mime in MIME_TYPES.items()},
    }
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)


def make_handler(directory: str | Path, *, quiet: bool = False):
    handler = type("DistHandler", (StaticHandler,), {"quiet": quiet})
    return functools.partial(handler, directory=str(directory))


def make_server(
    directory: str | Path, port: int = 0, *, host: str = HOST, quiet: bool = False,
    fallback: bool = True,
) -> ThreadingHTTPServer:
    """Bind a server for directory on port (0: any free port). If the port is taken and
    fallback is true, bind a free port instead; server.server_address says which."""
    handler = make_handler(directory, quiet=quiet)
    try:
        return ThreadingHTTPServer((host, port), handler)
    except OSError as error:
        if not fallback or port == 0 or error.errno != errno.EADDRINUSE:
            raise
        return ThreadingHTTPServer((host, 0), handler)


def url_of(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def serve_in_background(directory: str | Path, port: int = 0) -> ThreadingHTTPServer:
    """Start a quiet server in a daemon thread; call server.shutdown() when done."""
    server = make_server(directory, port, quiet=True)
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="devserver",
        daemon=True,
    ).start()
    return server
