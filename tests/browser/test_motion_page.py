"""Cards move (issue 11): with motion on, each card played flies from its player's place to
the table, a taken trick goes to its winner and the cards drawn come from the stock; with
"Reduce motion" (chosen in Settings, or asked by the system) nothing moves. Full deals are
played by clicking both ways.

The page's movements are Web Animations started by dom.py (``element.animate``): an init
script counts them by where their element is (the table, the hand), so the test sees
every one, however short.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from tests.browser.test_play import open_game, reopen_game, seed_settings, stored
from tests.browser.test_variants import PLAYABLE, RELOAD_ABORTS, wait_for_turn

COUNT_ANIMATIONS = """
window.__moves = {table: 0, hand: 0, other: 0};
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  const where = this.closest('#trick') ? 'table' : this.closest('#hand') ? 'hand' : 'other';
  window.__moves[where] += 1;
  return animate.apply(this, args);
};
"""


def play_deal(page: Page) -> int:
    played = 0
    while wait_for_turn(page) == "your-turn":
        page.locator(PLAYABLE).first.click()
        played += 1
    expect(page.get_by_role("dialog", name="End of the deal")).to_be_visible()
    return played


def moves(page: Page) -> dict:
    return page.evaluate("window.__moves")


def test_cards_move_in_a_whole_deal(page: Page, site_url: str, context, console_errors):
    seed_settings(context, players=4)
    context.add_init_script(COUNT_ANIMATIONS)
    open_game(page, site_url)
    expect(page.locator("body")).to_have_attribute("data-motion", "on")
    assert wait_for_turn(page) == "your-turn"
    page.locator(PLAYABLE).first.click()
    page.wait_for_function("window.__moves.table >= 1", timeout=2000)  # the card played flies at once
    played = 1 + play_deal(page)
    seen = moves(page)
    # 40 cards played, each flying in; 10 tricks gathered, 4 cards each; the person's
    # draws (a card after each of the first 7 tricks) come from the stock
    assert seen["table"] >= 40 + 10 * 4 - 4, seen  # the last trick may be ended by the summary
    assert seen["hand"] >= 7, seen
    assert played == 10
    console_errors.assert_none()


def test_reduce_motion_is_chosen_in_settings_and_kept(page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    context.add_init_script(COUNT_ANIMATIONS)
    open_game(page, site_url)
    wait_for_turn(page)
    page.locator("#actions [data-action='settings']").click()
    dialog = page.get_by_role("dialog", name="Settings")
    box = dialog.get_by_role("checkbox", name="Reduce motion")
    expect(box).not_to_be_checked()
    box.check()
    dialog.locator("input[name='deck'][value='french']").check()  # another change keeps the tick
    expect(box).to_be_checked()
    dialog.get_by_role("button", name="Save").click()
    expect(page.locator("body")).to_have_attribute("data-motion", "off")
    assert stored(page, "motion")["data"] == {"reduce": True}
    reopen_game(page)
    expect(page.locator("body")).to_have_attribute("data-motion", "off")
    play_deal(page)
    assert moves(page) == {"table": 0, "hand": 0, "other": 0}
    page.get_by_role("dialog", name="End of the deal").get_by_role("button", name="Close").click()
    page.locator("#actions [data-action='settings']").click()
    expect(page.get_by_role("dialog", name="Settings").get_by_role("checkbox", name="Reduce motion")).to_be_checked()
    console_errors.assert_none(ignore=RELOAD_ABORTS)  # the reload cuts the runtime's own downloads short


def test_the_system_asking_for_reduced_motion_turns_it_off(browser, site_url: str):
    context = browser.new_context(reduced_motion="reduce")
    try:
        box = json.dumps({"version": 1, "data": {"players": 2, "deck": "italian", "speed": "fast",
                                                 "level": "medium", "lang": "en"}})
        context.add_init_script(f"localStorage.setItem('briscola.settings', {json.dumps(box)});")
        context.add_init_script(COUNT_ANIMATIONS)
        page = context.new_page()
        open_game(page, site_url)
        expect(page.locator("body")).to_have_attribute("data-motion", "off")
        assert wait_for_turn(page) == "your-turn"
        for _ in range(3):
            page.locator(PLAYABLE).first.click()
            assert wait_for_turn(page) == "your-turn"
        assert moves(page) == {"table": 0, "hand": 0, "other": 0}
        assert stored(page, "motion") is None  # following the system stores nothing
    finally:
        context.close()
