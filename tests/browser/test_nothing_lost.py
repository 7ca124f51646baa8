"""Nothing lost, nothing stuck, in Chromium: two tabs, full storage, hostile stored data.

Each test follows the steps of a defect found by a hostile tester (issue "Nothing lost").
"""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_play import (open_game, play_one, play_to_end, reopen_game, seed_settings, settle, stored,
                                     wait_for_turn)
from tests.browser.test_variants import RELOAD_ABORTS


def seed_seven_played(context: BrowserContext) -> None:
    """Stats of 2p-easy at played 7, in the first stored format, before the first load."""
    entry = {"played": 7, "won": 4, "lost": 3, "drawn": 0, "points_for": 420,
             "points_against": 420, "best_score": 80, "streak": 0, "best_streak": 2}
    box = json.dumps({"version": 1, "data": {"2p-easy": entry}})
    context.add_init_script(
        "if (location.protocol.startsWith('http') && !localStorage.getItem('briscola.stats'))"
        f" localStorage.setItem('briscola.stats', {json.dumps(box)});"
    )




def hand(page: Page) -> list[str]:
    return [b.get_attribute("data-card") for b in page.locator("#hand button").all()]


def deal_id(page: Page) -> str:
    data = stored(page, "deal")["data"]
    return f"{data['record']['seed']:x}-{data['agent_seed']:x}"


def played(page: Page, mode: str = "2p-easy") -> int:
    data = stored(page, "stats")["data"]
    return data.get("modes", data)[mode]["played"]  # the first format until a result is added


def play_tricks(page: Page, n: int) -> None:
    for _ in range(n):
        wait_for_turn(page)
        play_one(page)
    wait_for_turn(page)


def test_two_tabs_keep_their_own_deals_and_both_results(page: Page, site_url: str, context: BrowserContext,
                                                         console_errors):
    """A plays three tricks; B opens and starts a new game; both play; A reloads and finds
    its own deal; both finish: 7 + 2 played, nothing counted for a deal still in play."""
    seed_settings(context, level="easy")
    seed_seven_played(context)
    open_game(page, site_url)
    play_tricks(page, 3)
    a_deal = deal_id(page)
    b = context.new_page()
    open_game(b, site_url)
    assert deal_id(b) != a_deal, "B plays a deal of its own"
    b.get_by_role("button", name="New game").click()  # nothing played in B yet: no question
    wait_for_turn(b)
    assert played(page) == 7, "A's deal in play was not counted as lost"
    play_tricks(page, 1)
    play_tricks(b, 1)
    before = hand(page)
    reopen_game(page)
    wait_for_turn(page)
    assert deal_id(page) == a_deal and hand(page) == before
    play_to_end(page)
    expect(page.get_by_role("dialog", name="End of the deal")).to_be_visible()
    play_to_end(b)
    expect(b.get_by_role("dialog", name="End of the deal")).to_be_visible()
    assert played(page) == 9
    # A's stats panel shows B's result too (B wrote last)
    page.get_by_role("dialog", name="End of the deal").get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Stats").click()
    expect(page.locator("[data-stat='played']")).to_have_text("9")
    console_errors.assert_none(ignore=RELOAD_ABORTS)


def test_summary_shows_after_new_game_twice(page: Page, site_url: str, context: BrowserContext, console_errors):
    seed_settings(context)
    open_game(page, site_url)
    play_to_end(page)
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary).to_be_visible()
    summary.get_by_role("button", name="New game").click()
    wait_for_turn(page)
    page.get_by_role("button", name="New game").click()  # again, before any trick
    wait_for_turn(page)
    play_to_end(page)
    expect(summary).to_be_visible()
    console_errors.assert_none()


FILL_STORAGE = """(limit) => {
  // fill localStorage to its quota with one foreign key, leaving about `limit` chars
  let chunk = 1 << 22, text = '';
  while (chunk > limit) {
    try { localStorage.setItem('someone.else', text + 'x'.repeat(chunk)); text += 'x'.repeat(chunk); }
    catch (e) { chunk = chunk >> 1; }
  }
  return text.length;
}"""


def test_full_storage_still_reads_stats_settings_and_deal(page: Page, site_url: str, context: BrowserContext,
                                                          console_errors):
    seed_settings(context, level="easy", lang="it")
    seed_seven_played(context)
    open_game(page, site_url)
    play_tricks(page, 2)
    before = hand(page)
    assert page.evaluate(FILL_STORAGE, 64) > 1_000_000
    reopen_game(page)
    wait_for_turn(page)
    assert hand(page) == before, "the deal resumes"
    expect(page.get_by_role("group", name="Le tue carte")).to_be_visible()  # settings: Italian
    page.get_by_role("button", name="Statistiche").click()
    expect(page.locator("[data-stat='played']")).to_have_text("7")
    page.keyboard.press("Escape")
    play_tricks(page, 17)
    page.evaluate(FILL_STORAGE, 1)  # not even room for the result now
    play_to_end(page)
    expect(page.get_by_role("alert")).to_contain_text("memoria di questo dispositivo è piena")
    # the deal just finished is in the stats the person opens, though it waits to be written
    summary = page.locator("#summary")
    expect(summary).to_be_visible()  # a moment after the last trick (and the alert)
    page.keyboard.press("Escape")
    expect(summary).to_be_hidden()
    settle(page)
    page.evaluate(FILL_STORAGE, 1)  # the table saved for the next start shrank with the hand: full again
    page.get_by_role("button", name="Statistiche").click()
    expect(page.locator("[data-stat='played']")).to_have_text("8")
    page.keyboard.press("Escape")
    assert played(page) == 7, "not written: no room"
    # room is made, then the page is reloaded: leaving it writes what waited
    page.evaluate("localStorage.removeItem('someone.else')")
    reopen_game(page)
    assert wait_for_turn(page) == "over", "the finished deal, not an earlier point of it"
    assert played(page) == 8
    console_errors.assert_none(ignore=RELOAD_ABORTS)


def test_a_huge_bad_value_is_cleared_so_saving_resumes(page: Page, site_url: str, context: BrowserContext,
                                                       console_errors):
    seed_settings(context)
    open_game(page, site_url)
    wait_for_turn(page)
    page.evaluate("localStorage.setItem('briscola.settings', '{' + 'x'.repeat(3 * 1024 * 1024))")
    page.evaluate(FILL_STORAGE, 64)  # no room left for a copy of the bad value
    reopen_game(page)
    expect(page.get_by_role("alert")).to_contain_text("could not be read")
    assert page.evaluate("localStorage.getItem('briscola.settings')") is None
    page.evaluate("localStorage.removeItem('someone.else')")
    reopen_game(page)
    assert wait_for_turn(page) == "your-turn"
    play_one(page)
    wait_for_turn(page)
    expect(page.get_by_role("alert")).to_be_hidden()
    assert stored(page, "deal")["data"]["record"]["current"] or stored(page, "deal")["data"]["record"]["tricks"]
    console_errors.assert_none(ignore=RELOAD_ABORTS)


def test_a_stored_level_is_never_loaded_as_code(page: Page, site_url: str, context: BrowserContext,
                                                console_errors):
    seed_settings(context)
    open_game(page, site_url)
    play_tricks(page, 1)
    for level in ("js.location:reload", "math:sqrt", "js:alert"):
        page.evaluate("""(level) => {
          const tab = sessionStorage.getItem('briscola.tab');
          const key = tab ? 'briscola.deal.' + tab : 'briscola.deal';
          const box = JSON.parse(localStorage.getItem(key));
          box.data.level = level;
          localStorage.setItem(key, JSON.stringify(box));
        }""", level)
        page.on("dialog", lambda d: d.dismiss())
        reopen_game(page)
        page.evaluate("window.stillHere = true")
        expect(page.get_by_role("alert")).to_contain_text("could not be read")
        assert wait_for_turn(page) == "your-turn"
        play_tricks(page, 1)  # the computer answers: a level of the page plays
        assert page.evaluate("window.stillHere") is True, "the page did not reload itself"
        assert page.evaluate("localStorage.getItem('briscola.backup.deal.' + sessionStorage.getItem('briscola.tab'))")
    console_errors.assert_none(ignore=RELOAD_ABORTS)


def test_deeply_nested_stored_json_does_not_crash_python(page: Page, site_url: str, context: BrowserContext,
                                                         console_errors):
    seed_settings(context)
    deep = "[" * 20_000 + "]" * 20_000
    context.add_init_script(
        "if (!sessionStorage.getItem('nested')) { sessionStorage.setItem('nested', '1');"
        f" for (const k of ['briscola.stats', 'briscola.tabs', 'briscola.deal']) localStorage.setItem(k, '{deep}'); }}"
    )
    open_game(page, site_url)
    expect(page.get_by_role("alert")).to_contain_text("could not be read")
    assert wait_for_turn(page) == "your-turn"
    play_tricks(page, 1)
    assert page.evaluate("localStorage.getItem('briscola.backup.stats')") == deep
    reopen_game(page)
    expect(page.get_by_role("alert")).to_be_hidden()  # set aside once, not at every load
    console_errors.assert_none(ignore=RELOAD_ABORTS)
