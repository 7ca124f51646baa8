"""GitHub Pages serves the site from /<repo>/ and sets no headers of ours: the same build
works from a sub-folder, its service worker is scoped to that folder, and it reloads
offline there. The service worker adds the cross-origin isolation headers the host cannot
send, so from the second visit on Python runs in PyScript's worker."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_offline import (
    COMPILED,
    ISOLATION,
    cache_names,
    seed_fast_settings,
    wait_until_offline_ready,
    wait_until_playable,
)
from tools import devserver

DIST = Path(__file__).resolve().parents[2] / "dist"


@pytest.fixture
def pages_url(site_url: str, tmp_path: Path):
    """dist/ served as http://host/briscola/ by a plain static server."""
    (tmp_path / "briscola").symlink_to(DIST, target_is_directory=True)
    server = devserver.serve_in_background(tmp_path)
    try:
        yield devserver.url_of(server) + "briscola/"
    finally:
        server.shutdown()
        server.server_close()


def test_site_works_from_a_sub_folder(
    page: Page, context: BrowserContext, pages_url: str, console_errors, request_log
):
    seed_fast_settings(context)
    page.goto(pages_url)
    wait_until_playable(page)
    assert page.evaluate(ISOLATION) == [False, "page"]  # no headers: Python on the page
    wait_until_offline_ready(page)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == pages_url
    assert len(cache_names(page)) == 1
    context.set_offline(True)
    page.reload()
    wait_until_playable(page)
    # the service worker's headers; the first start it serves runs Python on the page, and
    # notes the compiled runtime (static/js/early.js), so the next runs it in the worker
    assert page.evaluate(ISOLATION) == [True, "page"]
    page.wait_for_function(COMPILED, timeout=30_000)
    page.reload()
    wait_until_playable(page)
    assert page.evaluate(ISOLATION) == [True, "worker"]
    expect(page.locator("#stock-count")).to_contain_text("34")
    page.locator("#hand button:not([disabled])").first.click()
    expect(page.locator("#stock-count")).to_contain_text("32")  # trick done, both drew
    context.set_offline(False)
    console_errors.assert_none()
    request_log.assert_same_origin(pages_url)
    assert all(url.startswith(pages_url) for url in request_log.urls
               if not url.startswith(("blob:", "data:"))), \
        "a request escaped the site's folder"
