"""Every way Briscola is played, in real Chromium (issue 9): each variant and rules option
that changes play is chosen in Settings and a deal played to its end by clicking; the trump
exchange and mano negra are clicked on seeded deals; a match is played across deals with a
reload in the middle, and the stats show it.

Seeded deals go in through the store as a deal of an earlier build (``briscola.deal``),
which the page takes over as the deal of a closed tab.

Set BRISCOLA_SCREENSHOTS=<folder> to keep a screenshot of each variant.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from briscola.game import Game
from briscola.match import Match
from briscola.record import from_record, to_record
from briscola.rules import Rules
from tests.browser.test_play import open_game, reopen_game, seed_settings, stored, wait_for_turn

SHOTS = os.environ.get("BRISCOLA_SCREENSHOTS")
RELOAD_ABORTS = ("net::ERR_ABORTED",)
PLAYABLE = "#hand button:not([disabled]):not([aria-disabled='true'])"


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"variant-{name}.png"))


def choose(page: Page, **choices) -> None:
    """Open Settings, make these choices (radio values, or True/False for the option
    boxes) in this order, and save."""
    page.locator("#actions [data-action='settings']").click()
    dialog = page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    for name, value in choices.items():
        if isinstance(value, bool):
            box = dialog.locator(f"input[name='{name}']")
            expect(box).to_be_visible()
            box.set_checked(value)
        else:
            radio = dialog.locator(f"input[name='{name}'][value='{value}']")
            expect(radio).to_be_visible()
            radio.check()
        if name == "variant":
            expect(dialog.locator("#variant-about")).not_to_be_empty()
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()


def play_deal(page: Page, on_turn=None) -> int:
    """Play the person's cards by clicking until the deal is over; ``on_turn(page, n)``
    looks at the table before each of the person's plays. Returns the cards played."""
    played = 0
    while wait_for_turn(page) == "your-turn":
        if on_turn is not None:
            on_turn(page, played)
        page.locator(PLAYABLE).first.click()
        played += 1
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary).to_be_visible()
    return played


def close_summary(page: Page) -> None:
    summary = page.get_by_role("dialog", name="End of the deal")
    summary.get_by_role("button", name="Close").click()
    expect(summary).to_be_hidden()


def dealt_by_settings(page: Page) -> None:
    """Settings saved once the deal (a single one) is over deal the new way of playing at
    once: the deal that follows is the new one, with no New game to press."""
    wait_for_turn(page)
    expect(page.get_by_role("dialog", name="End of the deal")).to_be_hidden()
    assert not from_record(stored(page, "deal")["data"]["record"]).tricks  # a new deal, no trick taken yet


def mode_played(page: Page, key: str) -> int:
    return stored(page, "stats")["data"]["modes"][key]["played"]


# -- every variant ------------------------------------------------------------------------

def test_every_variant_is_chosen_in_settings_and_played_to_its_end(page: Page, site_url: str, context,
                                                                    console_errors):
    seed_settings(context)
    open_game(page, site_url)
    wait_for_turn(page)

    # Piemonte / Sardegna: another ranking
    choose(page, variant="piemonte")
    assert play_deal(page) == 20
    assert stored(page, "deal")["data"]["record"]["rules"]["ranking"] == "seven-high"
    close_summary(page)

    # Briscolone: five cards, no trump, must follow suit (a card that does not follow is
    # greyed, and a click on it is refused with a word why)
    choose(page, variant="briscolone", hand_size="5", must_follow=True)
    dealt_by_settings(page)
    expect(page.locator("#hand button")).to_have_count(5)
    expect(page.locator("#briscola img")).to_have_count(0)
    expect(page.locator("#stock-count")).to_contain_text("No trump")
    refused = []

    def refuse_once(page: Page, n: int) -> None:
        blocked = page.locator("#hand button[aria-disabled='true']")
        if refused or not blocked.count():
            return
        # the arrow keys go round the cards that may be played only
        playable = page.locator("#hand button:not([aria-disabled='true'])")
        playable.first.focus()
        for _ in range(page.locator("#hand button").count()):
            page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement.getAttribute('aria-disabled')") != "true"
        trick = page.locator("#trick figure").count()
        blocked.first.click(force=True)  # Playwright would wait for it to be enabled
        expect(page.locator("#status")).to_contain_text("You must follow suit:")
        assert page.locator("#trick figure").count() == trick
        assert page.locator("body").get_attribute("data-state") == "your-turn"
        blocked.first.focus()  # from a card that may not be played, the arrows go on to one that may
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("document.activeElement.closest('#hand') !== null"
                             " && document.activeElement.getAttribute('aria-disabled') !== 'true'")
        shot(page, "briscolone-must-follow")
        refused.append(True)

    assert play_deal(page, refuse_once) == 20
    assert refused, "never had to follow suit in a whole deal"
    assert mode_played(page, "2p-medium-briscolone") == 1
    close_summary(page)

    # Briscolone for three, the first card played fixes trump
    choose(page, variant="briscolone", players="3", first_trump=True)
    dealt_by_settings(page)
    expect(page.locator("#hand button")).to_have_count(3)
    expect(page.locator("#stock-count")).to_contain_text("Trump: set by the first card played")
    first = page.locator(PLAYABLE).first.get_attribute("aria-label")
    page.locator(PLAYABLE).first.click()
    expect(page.locator("#stock-count")).to_contain_text(f"Trump: {first.split(' of ')[1]}")  # the suit
    assert play_deal(page) == 12
    assert mode_played(page, "3p-medium-briscolone") == 1
    close_summary(page)

    # Scoperta: the other hand face up, and the stock's next card
    choose(page, variant="scoperta", players="2")
    dealt_by_settings(page)

    def open_hands(page: Page, n: int) -> None:
        if n == 0:
            faces = page.locator(".seat-cards img")
            expect(faces).to_have_count(3)
            assert all(re.match(r"\w+ of \w+", faces.nth(i).get_attribute("alt")) for i in range(3))
            expect(page.locator("#stock-count")).to_contain_text("Next card: ")
            shot(page, "scoperta")

    assert play_deal(page, open_hands) == 20
    close_summary(page)

    # Briškula dupla: four cards in hand, two plays each a trick
    choose(page, variant="dupla")
    dealt_by_settings(page)
    expect(page.locator("#hand button")).to_have_count(4)
    tables = []
    desktop = []

    def four_on_table(page: Page, n: int) -> None:
        tables.append(page.locator("#trick figure").count())
        if tables[-1] == 3 and tables.count(3) == 1:
            shot(page, "dupla")
            # round a desktop's table two seats have room: the trick's cards at full size,
            # as in the standard game (they were shrunk as for five or six players)
            size = page.viewport_size
            page.set_viewport_size({"width": 1366, "height": 768})
            # found and measured in one task, so a repaint in between cannot detach them
            desktop.extend(page.evaluate(
                "() => [...document.querySelectorAll('#trick img')]"
                ".map(e => Math.round(e.getBoundingClientRect().width))"))
            shot(page, "dupla-1366x768")
            page.set_viewport_size(size)

    assert play_deal(page, four_on_table) == 20
    assert max(tables) == 3, "the person plays the fourth card of some trick"
    assert len(desktop) == 3 and min(desktop) >= 56, desktop
    assert mode_played(page, "2p-medium-dupla") == 1
    close_summary(page)

    # Bisca (the 2 of trump takes the turned card), and Sud (the southern ranking) with a
    # re-deal of a turned ace or three, the exchange of the 7 and mano negra
    for variant, options in (("bisca", {}), ("sud", {"redeal": True, "exchange": "7", "mano_negra": True})):
        choose(page, variant=variant, **options)
        dealt_by_settings(page)
        assert stored(page, "deal")["data"]["record"]["rules"]["trump_exchange"] == (2 if variant == "bisca" else 7)
        played = play_deal(page, exchange_once([]))
        record = stored(page, "deal")["data"]["record"]
        assert played == 20 or record.get("early_win") is not None
        assert record["rules"]["ranking"] == ("seven-high" if variant == "bisca" else "southern")
        close_summary(page)
    assert stored(page, "settings")["data"]["speed"] == "fast"
    assert stored(page, "variant")["data"]["mano_negra"] is True
    console_errors.assert_none()


def exchange_once(done: list):
    """A look at the table before each play that clicks the exchange the first time it
    is offered."""

    def exchange(page: Page, n: int) -> None:
        button = page.locator("#hand-actions [data-action='exchange']")
        if button.count() and not done:
            button.click()
            expect(page.locator("#status")).to_contain_text("You exchange the ")
            done.append(True)

    return exchange


# -- seeded deals: the exchange and mano negra clicked -----------------------------------

def seed_deal(context: BrowserContext, rules: Rules, seed: int) -> None:
    """Before the first load, a stored deal of an earlier build (the page takes it over),
    dealt by the seat on the person's right so the person leads."""
    seed_game(context, Game.deal(rules, seed=seed, dealer=rules.players - 1))


def seed_game(context: BrowserContext, game: Game, match: Match | None = None, variant: str = "standard",
              practice: bool = False) -> None:
    """Before the first load, ``game`` stored as the deal of an earlier build; with
    ``match``, as that match's next deal (a match of ``variant``, no other options), a
    practice deal if ``practice``."""
    data = {"record": to_record(game), "level": "medium", "agent_seed": 7, "counted": False, "updated": 0}
    if match is not None:
        data["match"] = {"match": match.to_dict(), "variant": variant, "options": {}, "seats": list(range(game.n)),
                         "scored": False, "id": "seeded-match", "counted": False}
        if practice:
            data["practice"] = True
    box = json.dumps({"version": 1, "data": data})
    context.add_init_script(
        "if (location.protocol.startsWith('http') && !sessionStorage.getItem('seeded-deal')) {"
        " sessionStorage.setItem('seeded-deal', '1');"
        f" localStorage.setItem('briscola.deal', {json.dumps(box)}); }}")


def test_the_person_clicks_the_trump_exchange(page: Page, site_url: str, context, console_errors):
    """On a short phone (360x640): the exchange's button over the hand, the whole table
    still on the screen (the hand went under the bottom bar)."""
    from tests.browser.test_layout import problems  # that module imports this one

    seed_settings(context)
    seed_deal(context, Rules.preset("bisca", 2), 16)  # the person holds the 2 of Cups; the King turned
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    button = page.get_by_role("button", name="Exchange your Two of Cups for the turned King of Cups")
    expect(button).to_be_visible()
    assert not problems(page, 360, 640)
    shot(page, "bisca-exchange")
    button.click()
    expect(page.locator("#status")).to_have_text(
        "You exchange the Two of Cups for the turned King of Cups. Your turn: lead a card.")
    expect(page.locator("#hand [data-card='10C']")).to_have_count(1)
    expect(page.locator("#briscola img")).to_have_attribute("src", re.compile(r"/2C\.svg$"))
    expect(button).to_have_count(0)
    assert stored(page, "deal")["data"]["record"]["actions"][0] == [0, "exchange 2C"]
    page.locator(PLAYABLE).first.click()
    assert wait_for_turn(page) == "your-turn"
    console_errors.assert_none()


def test_the_person_shows_mano_negra_and_wins_at_once(page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    seed_deal(context, Rules.preset("standard", 2, mano_negra=True), 8384)  # King, Three, Ace of Swords
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    page.get_by_role("button", name="Show king, three and ace of trump").click()
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary).to_be_visible()
    expect(summary.locator("#summary-headline")).to_have_text("You win!")
    expect(summary.locator("#summary-note")).to_have_text(
        "You show king, three and ace of trump and win the deal at once.")
    shot(page, "mano-negra")
    assert stored(page, "stats")["data"]["modes"]["2p-medium"]["won"] == 1
    console_errors.assert_none()


def test_a_turned_three_put_back_is_told_at_the_start(page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    seed_deal(context, Rules.preset("standard", 2, redeal_ace_three=True), 4)  # the Three of Swords turned
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    expect(page.locator("#status")).to_contain_text(
        "The Three of Swords was turned: it goes back into the stock and another card is turned.")
    page.locator(PLAYABLE).first.click()
    record = stored(page, "deal")["data"]["record"]
    assert record["redeals"] == ["3S"] and record["briscola"] == "5C"
    console_errors.assert_none()


# -- a match ------------------------------------------------------------------------------

def test_a_match_is_played_across_deals_resumes_after_a_reload_and_shows_in_the_stats(
        page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    open_game(page, site_url)
    wait_for_turn(page)
    choose(page, variant="dupla", match="best-of-3")
    bar = page.locator("#match-bar")
    expect(bar).to_contain_text("Best of 3 deals")
    expect(bar).to_contain_text("Deal 1")
    expect(bar).to_contain_text("Match: You 0 · Giulia 0")
    play_deal(page)
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary.locator(".match-table tr")).to_have_count(2)
    expect(summary.locator(".match-table")).to_contain_text(re.compile(r"\d\sdeals? won"))
    shot(page, "match-summary")
    deal = 1
    reloaded = False
    while True:
        summary = page.get_by_role("dialog", name="End of the deal")
        next_button = summary.get_by_role("button", name="Next deal")
        if not next_button.is_visible():
            break
        next_button.click()
        deal += 1
        expect(bar).to_contain_text(f"Deal {deal}")
        if not reloaded:
            # a reload in the middle of deal 2 resumes the match exactly
            for _ in range(3):
                wait_for_turn(page)
                page.locator(PLAYABLE).first.click()
            wait_for_turn(page)
            score = bar.get_attribute("aria-label")
            hand = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
            match_before = stored(page, "deal")["data"]["match"]
            reopen_game(page)
            assert wait_for_turn(page) == "your-turn"
            expect(bar).to_have_attribute("aria-label", score)
            assert [b.get_attribute("data-card") for b in page.locator("#hand button").all()] == hand
            assert stored(page, "deal")["data"]["match"] == match_before
            expect(page.locator("#status")).to_have_text(re.compile("Welcome back"))
            reloaded = True
        play_deal(page)
    assert reloaded, "the match ended after one deal"
    summary = page.get_by_role("dialog", name="End of the deal")
    headline = summary.locator(".match-headline")
    expect(headline).to_have_text(re.compile(r"^(You win the match!|You lose the match\.)$"))
    won = headline.inner_text() == "You win the match!"
    expect(summary.get_by_role("button", name="New match")).to_be_visible()
    shot(page, "match-over")
    matches = stored(page, "matches")["data"]["formats"]["2p-medium-dupla/best-of-3"]
    assert matches == {"played": 1, "won": 1 if won else 0}
    assert mode_played(page, "2p-medium-dupla") == deal
    close_summary(page)
    page.get_by_role("button", name="Stats").click()
    stats = page.get_by_role("dialog", name="Your stats")
    expect(stats).to_contain_text("Matches")
    expect(stats).to_contain_text("Briškula dupla, Best of 3 deals")
    expect(stats.locator("[data-stat='match-played']")).to_have_text("1")
    expect(stats.locator("[data-stat='match-won']")).to_have_text("1" if won else "0")
    expect(stats.locator("[data-stat='played']")).to_have_text(str(deal))
    shot(page, "stats")
    stats.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="New game").click()
    wait_for_turn(page)
    expect(bar).to_contain_text("Deal 1")
    expect(bar).to_contain_text("Match: You 0 · Giulia 0")
    console_errors.assert_none(ignore=RELOAD_ABORTS)


def test_a_choice_made_while_the_form_is_read_is_kept(page: Page, isolated_url: str, context, console_errors):
    """A tap that lands while Python is still answering the tap before it (in a worker,
    some 100 ms on a phone) must stick: Python used to write back every box of the form
    as it had read it, undoing the later tap, which was then saved as the old value.

    The page's own form reader is wrapped so that a second choice is clicked right after
    the first change's read, before its answer lands: the slow phone, made certain. Served
    cross-origin isolated, so Python runs in a worker, as it does where the taps race."""
    seed_settings(context)
    open_game(page, isolated_url)
    wait_for_turn(page)
    page.evaluate("""() => {
        const read = window.briscolaPage.form;
        window.briscolaPage.form = (selector) => {
            const values = read(selector);
            const tap = window.tapAfterRead;
            window.tapAfterRead = null;
            if (tap) document.querySelector(tap).click();
            return values;
        };
    }""")
    page.locator("#actions [data-action='settings']").click()
    dialog = page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    french = dialog.locator("input[name='deck'][value='french']")
    page.evaluate("() => { window.tapAfterRead = \"#settings-form input[name='deck'][value='french']\"; }")
    dialog.locator("input[name='speed'][value='slow']").check()
    page.wait_for_function("() => window.tapAfterRead === null")  # the second tap was made
    page.wait_for_timeout(1500)  # every answer of Python's has landed
    expect(french).to_be_checked()
    expect(dialog.locator("input[name='speed'][value='slow']")).to_be_checked()
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    settings = stored(page, "settings")["data"]
    assert (settings["deck"], settings["speed"]) == ("french", "slow")
