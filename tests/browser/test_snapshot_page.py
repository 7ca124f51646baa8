"""The start-up snapshot (static/js/boot.mjs, static/js/snapshot-worker.mjs) in real
Chromium: a returning visit makes it in a worker once the game is ready, the next visit
starts from it and plays, offline too, and a snapshot that cannot be loaded is dropped
and the page starts as usual."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect
from test_offline import seed_fast_settings, wait_until_offline_ready, wait_until_playable

SNAPSHOT_TIMEOUT_MS = 180_000
CACHE = "briscola.snapshot"
MARKS = """() => ({
  used: performance.getEntriesByName('briscola:snapshot-used').length > 0,
  saved: performance.getEntriesByName('briscola:snapshot-saved').length > 0,
})"""


def snapshot_keys(page: Page) -> list[str]:
    return page.evaluate(f"""async () => (await caches.has('{CACHE}'))
        ? (await (await caches.open('{CACHE}')).keys()).map((r) => r.url) : []""")


def a_card_is_answered(page: Page) -> None:
    """A card played from the hand, and the computer's card after it: the engine and the
    computer player run in the restored runtime."""
    page.locator("#hand button:not([disabled])").first.click()
    expect(page.locator("#trick figure")).to_have_count(2, timeout=30_000)


def test_a_returning_visit_makes_the_snapshot_and_the_next_starts_from_it(
        context: BrowserContext, page: Page, site_url: str, console_errors) -> None:
    seed_fast_settings(context)
    page.goto(site_url)
    wait_until_playable(page)
    wait_until_offline_ready(page)
    assert page.evaluate(MARKS) == {"used": False, "saved": False}  # the first visit makes none
    page.reload()
    wait_until_playable(page)
    page.wait_for_function("performance.getEntriesByName('briscola:snapshot-saved').length > 0",
                           timeout=SNAPSHOT_TIMEOUT_MS)
    keys = snapshot_keys(page)
    assert len(keys) == 1 and keys[0].endswith(".bin"), keys
    page.reload()
    wait_until_playable(page)
    assert page.evaluate(MARKS) == {"used": True, "saved": False}
    a_card_is_answered(page)
    # offline, from the snapshot too
    context.set_offline(True)
    page.reload()
    wait_until_playable(page)
    assert page.evaluate(MARKS)["used"]
    context.set_offline(False)
    assert not console_errors.errors, console_errors.errors


def test_a_snapshot_that_cannot_be_loaded_is_dropped(context: BrowserContext, page: Page, site_url: str) -> None:
    seed_fast_settings(context)
    page.goto(site_url)
    wait_until_playable(page)
    wait_until_offline_ready(page)
    key = page.evaluate("new URL(`snapshot-${document.body.dataset.build}.bin`, location.href).href")
    page.evaluate(f"""async () => (await caches.open('{CACHE}')).put({key!r},
        new Response(new Uint8Array(4096)))""")
    page.reload()
    wait_until_playable(page)  # started without it ...
    assert not page.evaluate(MARKS)["used"]
    # ... and dropped it (this visit may make a good one again, a moment after it is ready)
    size = page.evaluate(f"""async () => {{
        const r = await (await caches.open('{CACHE}')).match({key!r});
        return r ? (await r.arrayBuffer()).byteLength : 0; }}""")
    assert size == 0 or size > 1_000_000, size
    a_card_is_answered(page)
