"""The runtime's floor: the bare PyScript page boots the vendored Pyodide, offline."""

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

DIST = Path(__file__).resolve().parents[2] / "dist"

READY_TIMEOUT_MS = 60_000  # a cold start is ~5-6 s on a slow machine; this is the ceiling


def test_bare_page_runs_python_from_vendored_runtime(
    page: Page, site_url: str, console_errors, request_log, record_property
):
    page.goto(site_url + "bare/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_TIMEOUT_MS)

    expect(page.locator("#out")).to_have_text(re.compile(r"^ready \(Python 3\.14\.\d+\)$"))
    assert "log: ready" in console_errors.messages, "print() did not reach the console"
    ready_ms = page.evaluate("performance.getEntriesByName('bare:ready')[0].startTime")
    record_property("bare_ready_ms", round(ready_ms))

    console_errors.assert_none()
    request_log.assert_same_origin(site_url)
    pyodide = request_log.matching("/vendor/pyodide/pyodide.mjs")
    assert pyodide and pyodide[0].startswith(site_url), "Pyodide did not load from vendor/"


def test_wasm_is_served_as_application_wasm(page: Page, site_url: str, request_log):
    page.goto(site_url + "bare/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_TIMEOUT_MS)
    wasm = request_log.matching(".wasm")
    assert wasm, "no .wasm was requested"
    for url in wasm:
        assert request_log.content_types[url].split(";")[0] == "application/wasm", url


def test_runtime_start_needs_no_lazy_chunk(page: Page, site_url: str, request_log):
    """build.json's "lazy" list (files an offline cache may skip) stays honest."""
    lazy = json.loads((DIST / "build.json").read_text())["lazy"]
    assert lazy, "build.json lists no lazy files"
    page.goto(site_url + "bare/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_TIMEOUT_MS)
    fetched = {url.removeprefix(site_url) for url in request_log.urls}
    assert not fetched & set(lazy), "the runtime start fetched files marked lazy"
