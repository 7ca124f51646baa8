"""Offline play: after one visit the service worker holds every file the game needs, and
with the network off the page reloads and a full deal is played by clicking. Also: the
manifest and the worker pass Chromium's checks, and nothing ever leaves the origin."""

from __future__ import annotations

import json
import struct

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from briscola.cards import ALL_CARDS
from briscola_app import render
from briscola_app.i18n import LANGUAGE_CODES, card_faces, face_deck
from briscola_app.settings import first_settings
from tests.browser.test_decks import assert_drawn_from
from tests.browser.test_play import play_to_end


READY_TIMEOUT_MS = 60_000
FAST = {"players": 2, "deck": "italian", "speed": "fast", "level": "medium", "lang": "en"}
CACHE_PREFIX = "briscola-"
# whether the page is cross-origin isolated, and where Python runs (static/js/early.js)
ISOLATION = "[self.crossOriginIsolated, document.documentElement.dataset.python]"
COMPILED = "document.documentElement.dataset.compiled === 'yes'"  # early.js: the next start in the worker


def seed_fast_settings(context: BrowserContext, **changes) -> None:
    """Store fast settings before the page loads (only when none are stored yet)."""
    box = json.dumps({"version": 1, "data": {**FAST, **changes}})
    context.add_init_script(  # not on a new tab's about:blank, whose storage is out of bounds
        "if (location.protocol.startsWith('http') && !localStorage.getItem('briscola.settings')) "
        f"localStorage.setItem('briscola.settings', {json.dumps(box)});"
    )


def wait_until_playable(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-state", "your-turn",
                                                   timeout=READY_TIMEOUT_MS)


def wait_until_offline_ready(page: Page) -> None:
    """The worker finished precaching, is active and controls this page."""
    expect(page.locator("body")).to_have_attribute("data-offline", "ready",
                                                   timeout=READY_TIMEOUT_MS)
    page.wait_for_function("navigator.serviceWorker.controller !== null",
                           timeout=READY_TIMEOUT_MS)


def cache_names(page: Page) -> list[str]:
    return sorted(n for n in page.evaluate("caches.keys()") if n.startswith(CACHE_PREFIX))


def play_deal_to_end(page: Page) -> int:
    """Click the first playable card whenever it is our turn; returns cards played."""
    return len(play_to_end(page))


def served_build(page: Page, site_url: str) -> dict | None:
    """build.json of the build that serves the site under test (dist/, another folder
    served for a check, or a deployed copy), if it serves one."""
    response = page.request.get(site_url + "build.json")
    return response.json() if response.ok else None


def test_offline_reload_plays_a_full_deal(
    page: Page, context: BrowserContext, site_url: str, console_errors, request_log
):
    seed_fast_settings(context)
    page.goto(site_url)
    wait_until_playable(page)
    wait_until_offline_ready(page)

    names = cache_names(page)
    assert len(names) == 1, names
    info = served_build(page, site_url)
    if info:
        assert names == [CACHE_PREFIX + info["hash"]]
        cached = page.evaluate(
            "async (name) => (await (await caches.open(name)).keys()).length", names[0])
        assert cached == len(info["precache"])

    offline_responses = []
    page.on("response", lambda r: offline_responses.append(r))
    context.set_offline(True)
    page.reload()
    wait_until_playable(page)
    assert page.evaluate("navigator.onLine") is False
    # the service worker made the page cross-origin isolated; this first start it serves
    # runs Python on the page, and leaves the compiled runtime for the next one, which runs
    # it in the worker (static/js/early.js; tests/browser/test_pwa_pages.py goes on to it)
    assert page.evaluate(ISOLATION) == [True, "page"]
    # the table's pictures, which the worker cuts from its deck's bundle (static/sw.js)
    assert_drawn_from(page, FAST["deck"])
    # and a picture of a deck not dealt, as the host serves it
    other = page.evaluate("""async () => { const r = await fetch('./static/cards/spanish/10B.svg');
        return [r.status, r.headers.get('content-type'), await r.text()]; }""")

    played = play_deal_to_end(page)
    assert played == 20, f"a two-player deal is 20 cards from each seat, we played {played}"
    expect(page.locator("#summary")).to_have_attribute("open", "")
    expect(page.locator("#summary-headline")).not_to_be_empty()

    # (a blob: URL is the page's own memory: PyScript's worker script, with Python in a worker)
    not_from_worker = [r.url for r in offline_responses
                       if not r.from_service_worker and not r.url.startswith(("blob:", "data:"))]
    assert not not_from_worker, "offline, these were not answered by the worker:\n  " + \
        "\n  ".join(not_from_worker)
    context.set_offline(False)
    online = page.request.get(site_url + "static/cards/spanish/10B.svg")
    assert other == [200, "image/svg+xml", online.text()], other[:2]
    console_errors.assert_none()
    request_log.assert_same_origin(site_url)


FIRST_VISIT_BUDGET = 5_000_000
"""Gzipped bytes a first visit may download (issue "Open like a native app")."""


def first_visit_pictures() -> dict[str, set[str]]:
    """By the deck a first visit can be dealt with (in any language: settings.first_settings),
    the picture files it draws a deal with, as the build lists them."""
    decks = {card_faces(face_deck(first.deck, first.variant), lang)
             for lang in LANGUAGE_CODES for first in [first_settings(lang)]}
    ids = [str(c) for c in ALL_CARDS] + ["back"]
    return {deck: {render.card_src(deck, i).removeprefix("./") for i in ids} for deck in decks}


def test_a_first_visit_stays_within_its_bytes(page: Page, site_url: str):
    """Everything the service worker caches, gzipped as the hosts send it, and the single
    pictures of the deck a first visit is dealt (fetched before the worker controls the
    page; the worker caches each deck as one bundle instead) stay within the budget. It
    crept over it once unseen, one deck and one language at a time. tools/bench_startup.py
    measures the same from a real visit."""
    info = served_build(page, site_url)
    if info is None:
        pytest.skip("the site under test serves no build.json")
    gzipped = {file["path"]: file["gzip"] for file in info["files"]}
    cached = info["precache_bytes"]["gzip"]
    assert not any(path.startswith("static/cards/") and path.endswith(".svg") for path in info["precache"])
    pictures = max(sum(gzipped[path] for path in paths) for paths in first_visit_pictures().values())
    assert cached + pictures <= FIRST_VISIT_BUDGET, (cached, pictures)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_and_worker_pass_chromium_checks(
    page: Page, context: BrowserContext, site_url: str, console_errors, request_log
):
    page.goto(site_url)
    wait_until_playable(page)
    wait_until_offline_ready(page)
    cdp = context.new_cdp_session(page)

    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == site_url + "static/manifest.webmanifest"
    assert manifest["errors"] == [], manifest["errors"]
    data = json.loads(manifest["data"])
    assert data["name"] == "Briscola" and data["short_name"] == "Briscola"
    # the installed app turns with the device: the table has a layout for a phone held sideways
    assert data["display"] == "standalone" and data["orientation"] == "any"
    assert data["theme_color"] and data["background_color"]
    icons = {(i["sizes"], i.get("purpose", "any")): i["src"] for i in data["icons"]}
    for key in (("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")):
        assert key in icons, f"no {key} icon"
        body = page.request.get(manifest["url"].rsplit("/", 1)[0] + "/" + icons[key]).body()
        size = int(key[0].split("x")[0])
        assert png_size(body) == (size, size), icons[key]
    touch = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert png_size(page.request.get(site_url + touch.removeprefix("./")).body()) == (180, 180)

    # Playwright contexts are incognito, the only thing that keeps a page from being
    # installable here (test_pwa_update.py checks a real profile).
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert {e["errorId"] for e in errors} <= {"in-incognito"}, errors

    registration = page.evaluate(
        "navigator.serviceWorker.getRegistration().then(r => ({scope: r.scope, "
        "script: r.active.scriptURL, state: r.active.state}))")
    assert registration == {"scope": site_url, "script": site_url + "sw.js",
                            "state": "activated"}
    worker = page.request.get(site_url + "sw.js")
    assert worker.ok and "javascript" in worker.headers["content-type"]
    assert "__PRECACHE__" not in worker.text() and "__BUILD__" not in worker.text()
    console_errors.assert_none()
    request_log.assert_same_origin(site_url)


@pytest.mark.browser_context_args(locale="it-IT")
def test_the_first_visit_says_once_that_the_game_now_plays_offline(
    page: Page, context: BrowserContext, site_url: str, console_errors, request_log
):
    """When the first visit's copy is complete the page says so, in the player's
    language (here the browser's: nothing is stored), for a few seconds, clear of the offer
    of How to play and without standing in the way of a tap; Settings says it too, with
    the build's version. A later visit, which finds the copy, says nothing. On a phone,
    where the top bar's middle holds the score, the message keeps clear of the score."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url)
    wait_until_playable(page)
    toast = page.locator("#offline-toast")
    ready, said = page.evaluate("[document.body.dataset.offline || '', "
                                "document.getElementById('offline-toast').textContent]")
    assert ready == "ready" or said == "", "said before the copy is complete"
    offer = page.locator("#howto-offer")
    expect(offer).to_be_visible()  # a first visit: nothing stored
    expect(page.locator("body")).to_have_attribute("data-offline", "ready", timeout=READY_TIMEOUT_MS)
    # set in the same moment as data-offline (static/js/pwa.js): no wait needed
    assert toast.text_content() == "Ora si gioca anche offline."
    assert toast.get_attribute("role") == "status"
    box = toast.bounding_box()
    assert box and box["height"] > 0
    offer_box = offer.bounding_box()
    assert offer_box and (box["y"] >= offer_box["y"] + offer_box["height"]
                          or offer_box["y"] >= box["y"] + box["height"]), "the message covers the offer's words"
    score = page.locator("#score").bounding_box()
    assert score and (box["x"] >= score["x"] + score["width"] or score["x"] >= box["x"] + box["width"]
                      or box["y"] >= score["y"] + score["height"]), "the message covers the score"
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.id || ''",
                          [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert under != "offline-toast", "the message takes the taps meant for what lies under it"
    expect(toast).to_be_empty(timeout=10_000)

    offer.locator("[data-action='offer-dismiss']").click()
    page.locator("#actions [data-action='settings']").click()
    expect(page.locator("#offline-note")).to_be_visible()
    expect(page.locator("#offline-note")).to_have_text("Ora si gioca anche offline.")
    build = page.locator("body").get_attribute("data-build")
    assert build and "__BUILD__" not in build
    info = served_build(page, site_url)
    if info:
        assert build == info["hash"]
    expect(page.locator("#settings .version-note")).to_have_text(f"Versione {build}")
    page.locator("#settings [data-action='close']").click()

    page.reload()
    wait_until_playable(page)
    expect(page.locator("body")).to_have_attribute("data-offline", "ready", timeout=READY_TIMEOUT_MS)
    assert toast.text_content() == "", "a later visit said it again"
    console_errors.assert_none()
    request_log.assert_same_origin(site_url)
