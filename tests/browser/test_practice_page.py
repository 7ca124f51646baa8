"""Practice games and the last card played by itself (issue 11), chosen in Settings as a
person would: the practice game is marked, a card is taken back with "Take back", the last
card plays itself (also when turned on with one card left), and the deal is not counted in
the stats."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from briscola.game import Game
from briscola.rules import Rules
from tests.browser.test_play import open_game, seed_settings, stored, wait_for_turn
from tests.browser.test_variants import PLAYABLE, choose, seed_game


def actions_stored(page: Page) -> list:
    return stored(page, "deal")["data"]["record"]["actions"]


def test_take_back_a_card_and_the_last_card_plays_itself(page: Page, site_url: str, context, console_errors):
    seed_settings(context, players=2)
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    mark = page.locator("#practice-mark")
    expect(mark).to_be_hidden()
    choose(page, practice=True, autoplay=True)  # nothing played yet: the practice game starts now
    expect(mark).to_be_visible()
    expect(mark).to_have_text("Practice")
    assert stored(page, "play")["data"] == {"practice": True, "autoplay": True}
    assert stored(page, "deal")["data"]["practice"] is True

    assert wait_for_turn(page) == "your-turn"
    undo = page.locator("#hand-actions [data-action='undo']")
    expect(undo).to_have_count(0)  # nothing of yours to take back yet
    hand_before = page.locator("#hand button").evaluate_all("bs => bs.map(b => b.dataset.card)")
    before = actions_stored(page)  # the computer player may have led
    first = page.locator(PLAYABLE).first
    card = first.get_attribute("data-card")
    first.click()
    assert wait_for_turn(page) == "your-turn"
    assert len(actions_stored(page)) > len(before)
    expect(undo).to_have_text("Take back")
    undo.click()
    expect(page.locator(f"#hand button[data-card='{card}']")).to_have_count(1)
    expect(page.locator("#status")).to_contain_text("You take back")
    assert page.locator("#hand button").evaluate_all("bs => bs.map(b => b.dataset.card)") == hand_before
    assert actions_stored(page) == before
    expect(undo).to_have_count(0)
    # a new game now would leave the deal behind, but a practice game counts nothing: no loss said
    page.locator(PLAYABLE).first.click()
    assert wait_for_turn(page) == "your-turn"
    page.locator("#actions [data-action='new']").click()
    expect(page.locator("#confirm-new-text")).to_have_text("Leave this practice game and start a new one?")
    page.keyboard.press("Escape")
    expect(page.locator("#confirm-new")).to_be_hidden()
    undo.click()  # and back to the start of the deal, as before
    expect(undo).to_have_count(0)
    assert actions_stored(page) == before

    # the whole deal, tapping every card but the last, which plays itself
    taps = 0
    while wait_for_turn(page) == "your-turn":
        # the last card may have played itself between the state read and this count
        if page.locator("#hand button").count() <= 1:
            page.wait_for_selector("body[data-state='over']", timeout=30_000)
            break
        page.locator(PLAYABLE).first.click()
        taps += 1
    assert taps == 19, taps  # 20 cards each in a two-player deal, the last not tapped
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("A practice game: not counted in your stats.")
    stats = stored(page, "stats")
    assert stats is None or stats["data"]["modes"] == {}
    console_errors.assert_none()


def test_the_last_card_plays_itself_once_turned_on_on_the_persons_turn(page: Page, site_url: str, context,
                                                                        console_errors):
    """Turned on in Settings when the person has one card left and it is their turn: the
    card plays at once, as it would have had the option been on (it waited for a tap)."""
    game = Game.deal(Rules.preset("standard", 2), seed=5, dealer=1)
    while not (game.turn == 0 and len(game.hands[0]) == 1):
        game.apply(game.legal_actions()[0])
    seed_settings(context, players=2)
    seed_game(context, game)
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    expect(page.locator("#hand button")).to_have_count(1)
    choose(page, autoplay=True)
    page.wait_for_selector("body[data-state='over']", timeout=30_000)
    expect(page.get_by_role("dialog", name="End of the deal")).to_be_visible()
    assert stored(page, "play")["data"]["autoplay"] is True
    console_errors.assert_none()


def test_the_last_card_tapped_while_it_waits_to_play_itself(page: Page, any_url: str, context, console_errors):
    """With "the last card by itself" on, the person's own key (1) plays the last card in
    the moment before it plays itself; the computer player then moves at once. It used to
    wait for the page's watchdog (10 s, an error on the console): the driver that was to
    play the card saw it gone and stopped, and the key's play had found a driver running."""
    game = Game.deal(Rules.preset("standard", 2), seed=5, dealer=0)  # the person leads the last trick
    while not (game.turn == 0 and len(game.hands[0]) == 1):
        game.apply(game.legal_actions()[0])
    assert not game.trick
    seed_settings(context, players=2, speed="slow")  # the card waits 0.55 s before playing itself
    context.add_init_script("if (location.protocol.startsWith('http'))"
                            " localStorage.setItem('briscola.play', JSON.stringify({version: 1, data:"
                            " {practice: false, autoplay: true}}));")
    seed_game(context, game)
    page.goto(any_url)  # Python on the page, and in a worker
    page.wait_for_selector("body[data-state='your-turn']", timeout=60_000)
    page.keyboard.press("1")
    page.wait_for_selector("body[data-state='over']", timeout=8_000)  # the slow pace's answer and trick
    console_errors.assert_none()
