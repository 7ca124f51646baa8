"""The site as Netlify serves it: gzip-compressed, with the headers of dist/_headers
(the page's policy, no framing, cross-origin isolation). The rest of the browser suite is
served plainly, as GitHub Pages (which sends none of these headers) serves it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.test_play import open_game, seed_settings, wait_for_turn
from tests.browser.test_variants import PLAYABLE


def test_the_game_plays_cross_origin_isolated_and_compressed(page: Page, context, isolated_url: str,
                                                             console_errors, request_log):
    encodings: dict[str, str] = {}
    page.on("response", lambda r: encodings.__setitem__(r.url.split("?")[0].rsplit("/", 1)[-1],
                                                        r.headers.get("content-encoding", "")))
    seed_settings(context, players=2)
    open_game(page, isolated_url)
    assert page.evaluate("crossOriginIsolated") is True  # COOP and COEP from _headers
    assert wait_for_turn(page) == "your-turn"
    card = page.locator(PLAYABLE).first.get_attribute("data-card")
    page.locator(PLAYABLE).first.click()
    expect(page.locator(f"#hand button[data-card='{card}']")).to_have_count(0)
    page.wait_for_function("(c) => Object.keys(localStorage).some(k => k.startsWith('briscola.deal')"
                           " && localStorage.getItem(k).includes('[0,\"' + c + '\"]'))", arg=card)
    # what the hosts compress went compressed; the app archive (a zip) as it is
    assert encodings.get("pyodide.asm.wasm") == "gzip", encodings
    assert encodings.get("app.css") == "gzip", encodings
    archives = [name for name in encodings if name.startswith("app-") and name.endswith(".zip")]
    assert archives and all(encodings[name] == "" for name in archives), encodings
    request_log.assert_same_origin(isolated_url)
    console_errors.assert_none()
