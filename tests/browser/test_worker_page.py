"""The game with its Python in a worker (issue "Open like a native app"): served as
Netlify serves it (cross-origin isolated), static/js/early.js runs PyScript's script in a
worker, and the page only applies what Python sends (static/js/paint.js). A deal plays to
the end by clicking, the runtime never loads on the page, and a reload resumes the deal
from the snapshot the first start stored (a new visit in the same tab too).

The same page on a host without the headers runs Python on the page (the rest of the
suite); tests/browser/test_startup_page.py and test_stats_io_page.py run in both ways.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.test_offline import COMPILED
from tools.bench_page import settle

from tests.browser.test_play import (READY_TIMEOUT_MS, open_game, play_one, play_to_end, seed_settings, stored,
                                     wait_for_turn)

RUNTIME_ON_PAGE_JS = "performance.getEntriesByType('resource').some((e) => e.name.includes('pyodide.asm'))"
# a card tapped, and its lift read in the same task, before any answer from the worker
TAP_JS = """() => { const b = document.querySelector('#hand button[data-card]:not([disabled])');
  b.click(); return b.dataset.pressed || ''; }"""
HAND_JS = "Array.from(document.querySelectorAll('#hand button[data-card]'), (b) => b.dataset.card)"


def test_python_runs_in_a_worker_and_a_deal_plays_to_the_end(page: Page, context, isolated_url: str,
                                                            console_errors, request_log) -> None:
    seed_settings(context)
    open_game(page, isolated_url)
    assert page.evaluate("crossOriginIsolated") is True
    assert page.evaluate("document.documentElement.dataset.python") == "worker"
    # a tapped card is lifted at once (static/js/paint.js): Python answers from the worker
    # a moment later, then the card goes to the table and no lift is left in the hand
    assert page.evaluate(TAP_JS) == "1"
    settle(page)  # the worker has handled the tap
    assert wait_for_turn(page) == "your-turn"
    expect(page.locator("#hand button[data-pressed]")).to_have_count(0)
    # what the worker's handlers read of an event comes from the page with it (paint.js's
    # facts): a digit plays that card of the hand, and the last trick's dialog opens and
    # closes by its buttons
    second = page.evaluate(HAND_JS)[1]
    page.keyboard.press("2")
    expect(page.locator(f"#hand button[data-card='{second}']")).to_have_count(0)
    assert wait_for_turn(page) == "your-turn"
    page.locator("#actions button[data-action='last']").click()
    last = page.get_by_role("dialog", name="Last trick")
    expect(last).to_be_visible()
    last.get_by_role("button", name="Close").click()
    expect(last).to_be_hidden()
    assert len(play_to_end(page)) == 18
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary).to_be_visible()
    assert stored(page, "stats")["data"]["modes"]["2p-medium"]["played"] == 1
    # the Python runtime was never fetched by the page itself: it started in the worker
    assert page.evaluate(RUNTIME_ON_PAGE_JS) is False
    summary.get_by_role("button", name="New game").click()
    expect(page.locator("body")).not_to_have_attribute("data-state", "over")
    assert wait_for_turn(page) == "your-turn"
    expect(page.locator("#hand button[data-card]")).to_have_count(3)
    request_log.assert_same_origin(isolated_url)
    console_errors.assert_none()


def test_a_reload_resumes_the_deal_from_the_stored_snapshot(page: Page, context, isolated_url: str,
                                                           console_errors) -> None:
    seed_settings(context)
    open_game(page, isolated_url)
    for _ in range(2):
        assert wait_for_turn(page) == "your-turn"
        play_one(page)
    assert wait_for_turn(page) == "your-turn"
    hand = page.evaluate(HAND_JS)
    record = stored(page, "deal")["data"]["record"]
    # the worker made the snapshot for the next start once the game was up
    page.wait_for_function("caches.open('briscola.snapshot').then((c) => c.keys()).then((k) => k.length > 0)",
                           timeout=60_000)
    # and noted the compiled runtime, so the next start is in the worker too (early.js)
    page.wait_for_function(COMPILED, timeout=30_000)
    page.reload()
    expect(page.locator("body")).not_to_have_attribute("data-state", "loading", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.python") == "worker"
    assert wait_for_turn(page) == "your-turn"
    assert page.evaluate(HAND_JS) == hand
    assert stored(page, "deal")["data"]["record"] == record
    # a new visit in the same tab (not a reload) keeps the tab's deal too: the tab left the
    # list of open tabs as its page went (paint.js does it for the worker)
    page.goto(isolated_url)
    expect(page.locator("body")).not_to_have_attribute("data-state", "loading", timeout=READY_TIMEOUT_MS)
    assert wait_for_turn(page) == "your-turn"
    assert page.evaluate(HAND_JS) == hand
    play_one(page)  # and it goes on
    expect(page.locator("#trick figure")).not_to_have_count(0)
    # the reload cancels what the old page's worker was still loading
    console_errors.assert_none(ignore=("net::ERR_ABORTED",))
