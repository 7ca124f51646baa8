"""Browser test fixtures: dist/ served locally, one Chromium per session, a fresh
context per test, and recorders for console errors and for every request made.

Point BRISCOLA_SITE_URL at a deployed copy to run the same tests against it.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Request, Response, expect

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import build, devserver  # noqa: E402
from tools.run_tests import system_chromium  # noqa: E402

DIST = ROOT / "dist"
SITE_URL_ENV = "BRISCOLA_SITE_URL"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # containers often give /dev/shm too little room for tabs
]
# More flags for Chromium, space-separated, to chase a browser-level problem: for example
# test_renderer_crash.SAMPLE_ALLOCATIONS, which samples allocations in every tab
# (docs/startup.md, "The renderer crash and JSPI").
CHROMIUM_FLAGS += os.environ.get("BRISCOLA_CHROMIUM_ARGS", "").split()
NAVIGATION_TIMEOUT_MS = 60_000
ACTION_TIMEOUT_MS = 30_000
EXPECT_TIMEOUT_MS = 30_000
# A cold Pyodide start is ~5-6 s on a slow machine; this is the ceiling for "ready".
READY_TIMEOUT_MS = 60_000
# Inputs of the build: when one is newer than dist/build.json, dist/ is rebuilt.
BUILD_INPUTS = ["index.html", "py", "static", "tools/bare", "tools/build.py",
                "package-lock.json"]

expect.set_options(timeout=EXPECT_TIMEOUT_MS)

_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


# --------------------------------------------------------------------------- site


def _newest_input_mtime() -> float:
    newest = 0.0
    for name in BUILD_INPUTS:
        path = ROOT / name
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
        elif path.is_dir():
            for sub in path.rglob("*"):
                if sub.is_file() and "__pycache__" not in sub.parts:
                    newest = max(newest, sub.stat().st_mtime)
    return newest


def _ensure_dist() -> None:
    stamp = DIST / "build.json"
    if stamp.exists() and stamp.stat().st_mtime >= _newest_input_mtime():
        return
    reason = "missing" if not stamp.exists() else "older than its sources"
    print(f"\nconftest: dist/ is {reason}; building it", flush=True)
    try:
        build.build(ROOT, DIST)
    except Exception as error:  # noqa: BLE001 - any failure here means no site to test
        pytest.exit(
            f"dist/ is {reason} and the build failed: {error}\n"
            "Run `python3 tools/build.py` (or `python3 tools/run_tests.py`) and read its output.",
            returncode=1,
        )


@pytest.fixture(scope="session")
def site_url() -> str:
    """Base URL of the site under test, ending in '/'."""
    external = os.environ.get(SITE_URL_ENV)
    if external:
        yield external.rstrip("/") + "/"
        return
    _ensure_dist()
    server = devserver.serve_in_background(DIST)
    try:
        yield devserver.url_of(server)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def isolated_url() -> str:
    """The site as Netlify serves it: compressed, with the headers of dist/_headers, so
    cross-origin isolated, and the game's Python runs in a worker (static/js/early.js)."""
    _ensure_dist()
    server = devserver.serve_in_background(DIST, compress=True, host_headers=True)
    try:
        yield devserver.url_of(server)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(params=["page", "worker"])
def any_url(request) -> str:
    """Each of the two ways the game runs: its Python on the page (served as GitHub Pages
    serves it, no isolation), and in a worker (served as Netlify serves it)."""
    return request.getfixturevalue("site_url" if request.param == "page" else "isolated_url")


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-base-url's fixture, so `page.goto("bare/")` resolves against the site."""
    return site_url


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, browser_name: str) -> dict:
    args = dict(browser_type_launch_args)
    if browser_name == "chromium":
        args["args"] = [*args.get("args", []), *CHROMIUM_FLAGS]
        executable = system_chromium()
        if executable and "executable_path" not in args:
            args["executable_path"] = executable
    return args


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """pytest-playwright's fresh per-test context, with generous timeouts."""
    context.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    return context


# --------------------------------------------------------------------------- recorders


@dataclass
class ConsoleLog:
    """Console messages, uncaught page errors and failed requests of one context."""

    messages: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        self.messages.append(f"{message.type}: {message.text}")
        if message.type == "error":
            location = message.location or {}
            self.errors.append(f"console error: {message.text} ({location.get('url', '?')})")

    def on_page_error(self, error) -> None:
        self.errors.append(f"page error: {getattr(error, 'error', error)}")

    def on_request_failed(self, request: Request) -> None:
        self.errors.append(f"request failed: {request.url} ({request.failure})")

    def on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def assert_none(self, ignore: tuple[str, ...] = ()) -> None:
        """Fail listing every error, except those containing one of `ignore`."""
        left = [e for e in self.errors if not any(text in e for text in ignore)]
        assert not left, "errors in the page:\n  " + "\n  ".join(left)


@pytest.fixture
def console_errors(context: BrowserContext) -> ConsoleLog:
    log = ConsoleLog()
    context.on("console", log.on_console)
    context.on("weberror", log.on_page_error)
    context.on("requestfailed", log.on_request_failed)
    context.on("response", log.on_response)
    return log


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class RequestLog:
    """Every request the context made, and the content type of every response."""

    urls: list[str] = field(default_factory=list)
    content_types: dict[str, str] = field(default_factory=dict)

    def on_request(self, request: Request) -> None:
        self.urls.append(request.url)

    def on_response(self, response: Response) -> None:
        self.content_types[response.url] = response.headers.get("content-type", "")

    def foreign(self, site: str) -> list[str]:
        """Requests that left the site's origin (data: and blob: URLs are local)."""
        origin = origin_of(site)
        return [
            url for url in self.urls
            if urlsplit(url).scheme not in ("data", "blob") and origin_of(url) != origin
        ]

    def assert_same_origin(self, site: str) -> None:
        foreign = self.foreign(site)
        assert not foreign, "requests left the site's origin:\n  " + "\n  ".join(foreign)

    def matching(self, suffix: str) -> list[str]:
        return [url for url in self.urls if urlsplit(url).path.endswith(suffix)]


@pytest.fixture
def request_log(context: BrowserContext) -> RequestLog:
    log = RequestLog()
    context.on("request", log.on_request)
    context.on("response", log.on_response)
    return log
