"""The start-up snapshot (static/js/boot.mjs, static/js/snapshot-worker.mjs) in real
Chromium: on a first visit the runtime starts in a worker, which hands its memory over
and stores it; the page starts from it and plays; the next visit starts from the stored
one, offline too; a stored snapshot that cannot be loaded is dropped and replaced."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect
from test_offline import seed_fast_settings, wait_until_offline_ready, wait_until_playable

from tests.browser.test_variants import RELOAD_ABORTS

SNAPSHOT_TIMEOUT_MS = 180_000
CACHE = "briscola.snapshot"
MARKS = """() => Object.fromEntries(['made', 'saved', 'used'].map(
  (m) => [m, performance.getEntriesByName('briscola:snapshot-' + m).length > 0]))"""
# the page's runtime was made from the WebAssembly module the worker compiled (no second
# compile), and set up while the worker was still importing the game
SHARED = """() => ['runtime-up', 'wasm-shared', 'snapshot-made'].map(
  (m) => (performance.getEntriesByName('briscola:' + m)[0] || {startTime: null}).startTime)"""


# every text the loader's count of downloaded bytes shows (static/js/boot.mjs showGot)
RECORD_GOT = """window.briscolaGotSeen = [];
document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('loader-got');
  if (el) new MutationObserver(() => { if (el.textContent) window.briscolaGotSeen.push(el.textContent); })
    .observe(el, { childList: true, characterData: true, subtree: true });
});"""


def stored_size(page: Page) -> int:
    """Bytes of this build's stored snapshot (0: none)."""
    return page.evaluate(f"""async () => {{
        const key = new URL(`snapshot-${{document.body.dataset.build}}.bin`, location.href).href;
        const r = (await caches.has('{CACHE}')) ? await (await caches.open('{CACHE}')).match(key) : null;
        return r ? (await r.arrayBuffer()).byteLength : 0; }}""")


def wait_until_saved(page: Page) -> None:
    page.wait_for_function("performance.getEntriesByName('briscola:snapshot-saved').length > 0",
                           timeout=SNAPSHOT_TIMEOUT_MS)


def a_card_is_answered(page: Page) -> None:
    """A card played from the hand, and the computer's card after it: the engine and the
    computer player run in the restored runtime."""
    page.locator("#hand button:not([disabled])").first.click()
    expect(page.locator("#trick figure")).to_have_count(2, timeout=30_000)


def test_the_first_visit_starts_from_a_worker_made_snapshot_and_the_next_from_the_stored_one(
        context: BrowserContext, page: Page, site_url: str, console_errors) -> None:
    seed_fast_settings(context)
    context.add_init_script(RECORD_GOT)
    page.goto(site_url)
    wait_until_playable(page)
    wait_until_saved(page)
    assert page.evaluate(MARKS) == {"made": True, "saved": True, "used": True}
    # while the worker downloaded, the loader counted the megabytes; the last count is the
    # runtime (its wasm alone is some 9.6 MB) and the rest, and the count went when Python
    # took over the loader
    seen = [float(text.replace("MB", "").strip()) for text in page.evaluate("window.briscolaGotSeen")]
    assert seen and seen == sorted(seen) and seen[-1] >= 10, seen
    expect(page.locator("#loader-got")).to_have_text("")
    up, shared, made = page.evaluate(SHARED)
    assert up is not None and shared is not None and up < made <= shared, (up, shared, made)
    assert stored_size(page) > 1_000_000
    a_card_is_answered(page)
    wait_until_offline_ready(page)
    page.reload()
    wait_until_playable(page)
    # the service worker now controls the page and isolates it; Python starts from the
    # stored snapshot, and no snapshot worker runs this time. This first start the service
    # worker serves is on the page (static/js/early.js); test_pwa_pages.py follows on to the
    # worker, test_worker_page.py starts there from the stored snapshot
    assert page.evaluate("document.documentElement.dataset.python") == "page"
    assert page.evaluate(MARKS) == {"made": False, "saved": False, "used": True}
    a_card_is_answered(page)
    context.set_offline(True)
    page.reload()
    wait_until_playable(page)
    assert page.evaluate(MARKS)["used"]
    context.set_offline(False)
    console_errors.assert_none(ignore=RELOAD_ABORTS)  # a reload cuts the card images in flight short


def test_a_stored_snapshot_that_cannot_be_loaded_is_replaced(context: BrowserContext, page: Page,
                                                             site_url: str) -> None:
    seed_fast_settings(context)
    page.goto(site_url)
    wait_until_playable(page)
    wait_until_saved(page)
    page.evaluate(f"""async () => (await caches.open('{CACHE}')).put(
        new URL(`snapshot-${{document.body.dataset.build}}.bin`, location.href).href,
        new Response(new Uint8Array(4096)))""")
    assert stored_size(page) == 4096
    page.reload()
    wait_until_playable(page)
    wait_until_saved(page)
    assert page.evaluate(MARKS) == {"made": True, "saved": True, "used": True}  # a new one, from the worker
    assert stored_size(page) > 1_000_000
    a_card_is_answered(page)


def test_without_the_worker_python_starts_on_the_page(browser, site_url: str) -> None:
    """The worker's script cannot be loaded: the runtime starts on the page, as before the
    snapshot, and the game plays."""
    context = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740})
    seed_fast_settings(context)
    page = context.new_page()
    page.route("**/snapshot-worker.mjs*", lambda route: route.abort())
    page.goto(site_url)
    wait_until_playable(page)
    assert page.evaluate(MARKS) == {"made": False, "saved": False, "used": False}
    a_card_is_answered(page)
    context.close()
