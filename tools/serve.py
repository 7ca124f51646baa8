#!/usr/bin/env python3
"""Build the site, then serve dist/ on 127.0.0.1 for playing and debugging.

Responses are gzip-compressed as Netlify and GitHub Pages compress them, with the headers
of dist/_headers as Netlify sends them, so that what is measured here (sizes, load times,
Lighthouse) is what players get.

Usage: python3 tools/serve.py [--port 8000] [--no-build] [--no-compress]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build  # noqa: E402
from devserver import make_server, url_of  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="falls back to a free port")
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    parser.add_argument("--no-compress", action="store_true",
                        help="send files as they are, without the hosts' compression and dist/_headers")
    args = parser.parse_args(argv)
    if not args.no_build and build.main([]) != 0:
        return 1
    dist = build.ROOT / "dist"
    if not (dist / "index.html").exists():
        print("serve: dist/index.html is missing; run python3 tools/build.py", file=sys.stderr)
        return 1
    server = make_server(dist, args.port, compress=not args.no_compress, host_headers=not args.no_compress)
    if server.server_address[1] != args.port:
        print(f"serve: port {args.port} is busy, using {server.server_address[1]}")
    print(f"Briscola is at {url_of(server)}  (bare runtime page: {url_of(server)}bare/)")
    print("Ctrl-C stops the server.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
