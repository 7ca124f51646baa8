"""Every match format in real Chromium (issue 9): chosen in Settings by clicking, brought
one deal from its end, resumed after a reload, played to its end by clicking with a reload
in the middle of a deal, and counted in the stats.

A match is not played from its first deal. Once the chosen format's first deal is under
way (three of the person's cards played), the test writes a match one deal from its end
where the page keeps it (the ``match`` field of the tab's deal, ``briscola.deal.<tab>``),
built with :class:`briscola.match.Match` to agree with the stored deal's seats and dealer,
and reloads: the page must take up that match and carry on the deal where it was, which
then decides the match. The three-player play-off needs a deal of the two seats in play:
that match goes in with a new two-player deal before its first card, and the play-off
deal is reloaded in its middle as well.

Screenshots of each match's end go to test-results/ (BRISCOLA_SCREENSHOTS=<folder> to
keep them elsewhere).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from briscola.game import Game
from briscola.match import DEAL_FORMATS, POINTS_FORMATS, SINGLE, THREE_PLAYERS, Match, sides_for
from briscola.record import from_record, to_record
from briscola.rules import Rules
from tests.browser.test_play import open_game, reopen_game, seed_settings, stored
from tests.browser.test_variants import PLAYABLE, RELOAD_ABORTS, choose, wait_for_turn

SHOTS = Path(os.environ.get("BRISCOLA_SCREENSHOTS") or Path(__file__).resolve().parents[2] / "test-results")
CLICKS_BEFORE_RELOAD = 3

FORMAT_NAMES = {
    "single": "Single deal",
    "best-of-3": "Best of 3 deals",
    "best-of-5": "Best of 5 deals",
    "game-points-11": "Game points, first to 11",
    "three-players": "Game points for three, first to 12",
    "points-121": "121 points over several deals",
    "points-151": "151 points over several deals",
}


@dataclass(frozen=True)
class Case:
    """A format, the players who play it, and the deals that bring it one deal from its
    end: (card points per side, winning side or None) in order."""

    id: str
    format: str
    players: int
    deals: tuple[tuple[tuple[int, ...], int | None], ...] = ()
    playoff: bool = False  # the deals leave two seats tied: the next deal is theirs alone

    @property
    def unit(self) -> re.Pattern:
        if self.format in DEAL_FORMATS:
            return re.compile(r"^\d+\sdeals? won$")
        if self.format in POINTS_FORMATS:
            return re.compile(r"^\d+\spoints?$")
        return re.compile(r"^\d+\sgame points?$")


def three_player_deals(first_second: int, first_third: int, second_third: int):
    """Three-player deals where two seats pass 40 card points and score one game point
    each: seats 0 and 1 ``first_second`` times, and so on, taking turns so that nobody
    reaches 12 before the last deal."""
    left = {(45, 45, 30): first_second, (45, 30, 45): first_third, (30, 45, 45): second_third}
    deals = []
    while any(left.values()):
        for points in left:
            if left[points]:
                deals.append((points, None))
                left[points] -= 1
    return tuple(deals)


CASES = [
    Case("single", SINGLE, 2),
    Case("best-of-3", "best-of-3", 2, (((70, 50), 0), ((48, 72), 1))),  # 1 - 1
    Case("best-of-5", "best-of-5", 2, (((70, 50), 0), ((30, 90), 1), ((60, 60), None), ((64, 56), 0),
                                        ((55, 65), 1))),  # 2 - 2 after a draw
    Case("game-points-11", "game-points-11", 2,
         (((95, 25), 0), ((25, 95), 1)) * 5),  # 10 - 10, two game points a deal
    Case("three-players", THREE_PLAYERS, 3, three_player_deals(6, 5, 5)),  # 11 - 11 - 10
    Case("three-players-playoff", THREE_PLAYERS, 3, three_player_deals(7, 5, 5), playoff=True),  # 12 - 12 - 10
    Case("points-121-4p", "points-121", 4, (((66, 54), 0),)),  # 66 - 54, the teams
    Case("points-151", "points-151", 2, (((65, 55), 0), ((60, 60), None))),  # 125 - 115
]


def near_end(case: Case, dealer: int) -> Match:
    """The case's match after its deals, its next deal dealt by page seat ``dealer``."""
    for first in range(case.players):
        match = Match.start(case.format, case.players, first)
        for points, winner in case.deals:
            match._add(match.deal_sides, points, winner)
        if match.next_dealer == dealer:
            assert not match.over
            assert (len(match.seats_in_play) < case.players) == case.playoff
            return match
    raise AssertionError(f"no first dealer makes seat {dealer} deal next")


def seed_match(context, fmt: str) -> None:
    """Before the first load, a match format stored as the settings' choice."""
    box = json.dumps({"version": 1, "data": {"match": fmt}})
    context.add_init_script(
        "if (location.protocol.startsWith('http') && !localStorage.getItem('briscola.variant'))"
        f" localStorage.setItem('briscola.variant', {json.dumps(box)});")


def put_deal(page: Page, data: dict) -> None:
    """Write this tab's stored deal, as the page keeps it."""
    tab = page.evaluate("sessionStorage.getItem('briscola.tab')")
    assert tab, "the page has no tab id"
    box = json.dumps({"version": 1, "data": data})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"briscola.deal.{tab}", box])


def bring_near_end(page: Page, case: Case) -> Match:
    """Put the case's match in the store with the deal in play, as the page keeps it; in
    a play-off, with a new two-player deal of the two seats in play in place of the deal.
    The page takes it up at its next load."""
    data = stored(page, "deal")["data"]
    saved = data["match"]
    assert saved["match"]["format"] == case.format and saved["match"]["deals"] == []
    if not case.playoff:
        match = near_end(case, from_record(data["record"]).dealer)
    else:
        match = near_end(case, 0)  # any dealer: the play-off deal is made to fit it
        seats = match.seats_in_play
        assert seats[0] == 0, "the person plays the play-off"
        rules = Rules.preset(saved["variant"], len(seats), **saved["options"])
        data["record"] = to_record(Game.deal(rules, seed=20250, dealer=seats.index(match.next_dealer)))
    data["match"] = {**saved, "match": match.to_dict(), "seats": list(match.seats_in_play), "scored": False,
                     "counted": False}
    put_deal(page, data)
    return match


SEAT_NAMES = ("You", "Giulia", "Marco", "Sofia", "Luca", "Anna")


def score_text(match: Match) -> str:
    """The bar's match score: each side by its name (partners as Us and Them), held to its
    score by a no-break space."""
    def label(side: tuple[int, ...]) -> str:
        return SEAT_NAMES[side[0]] if len(side) == 1 else "Us" if 0 in side else "Them"
    return "Match: " + " · ".join(f"{label(side)}\u00a0{s}" for side, s in zip(sides_for(match.players), match.score))


def hand_and_table(page: Page) -> tuple[list[str], list[str]]:
    return ([b.get_attribute("data-card") for b in page.locator("#hand button").all()],
            [f.get_attribute("data-card") for f in page.locator("#trick figure").all()])


def reload_in_the_middle(page: Page, site_url: str, case: Case | None = None) -> Match | None:
    """Play a few cards of the deal, reload, and find the deal where it was. With a case,
    the case's match is put in the store before the reload: the page must take it up."""
    bar = page.locator("#match-bar")
    for _ in range(CLICKS_BEFORE_RELOAD):
        assert wait_for_turn(page) == "your-turn"
        page.locator(PLAYABLE).first.click()
    assert wait_for_turn(page) == "your-turn"
    label = bar.get_attribute("aria-label") if bar.is_visible() else None
    seen = hand_and_table(page)
    match = None if case is None else bring_near_end(page, case)
    before = stored(page, "deal")["data"]
    reopen_game(page)
    assert wait_for_turn(page) == "your-turn"
    expect(page.locator("#status")).to_have_text(re.compile("^Welcome back"))
    assert hand_and_table(page) == seen
    if match is not None:
        expect_bar(page, case, match)
    elif label is None:
        expect(bar).to_be_hidden()
    else:
        expect(bar).to_have_attribute("aria-label", label)
    after = stored(page, "deal")["data"]
    assert after["record"] == before["record"], "the deal did not resume where it was"
    assert after["match"] == before["match"], "the page did not take up the stored match"
    return match


def expect_bar(page: Page, case: Case, match: Match) -> None:
    bar = page.locator("#match-bar")
    deal = f"Deal {match.deals_played + 1}"
    if case.format.startswith("best-of-") and all(s == match.target - 1 for s in match.score):
        deal += ": the decider"  # whoever wins this deal wins the match
    expect(bar).to_have_attribute("aria-label", f"{FORMAT_NAMES[case.format]}. {deal}. {score_text(match)}")
    expect(bar.locator(".match-score")).to_have_text(score_text(match))


def play_to_summary(page: Page) -> None:
    while wait_for_turn(page) == "your-turn":
        page.locator(PLAYABLE).first.click()
    expect(page.get_by_role("dialog", name="End of the deal")).to_be_visible()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_match_chosen_in_settings_is_played_to_its_end_and_counted(page: Page, site_url: str, context,
                                                                      console_errors, case: Case):
    seed_settings(context)
    if case.format == SINGLE:
        seed_match(context, "best-of-3")
    open_game(page, site_url)
    wait_for_turn(page)
    name = FORMAT_NAMES[case.format]
    bar = page.locator("#match-bar")

    # 1. the format, and the players who play it, chosen in Settings
    if case.format == SINGLE:  # from a best-of-3 not yet played (the person leads it)
        expect(bar).to_contain_text(FORMAT_NAMES["best-of-3"])
        choose(page, match="single")
        expect(bar).to_be_hidden()
    elif case.players != 2:
        choose(page, players=str(case.players), match=case.format)
    else:
        choose(page, match=case.format)
    wait_for_turn(page)
    data = stored(page, "deal")["data"]
    assert data["match"]["match"]["format"] == case.format
    assert data["match"]["match"]["players"] == case.players
    assert from_record(data["record"]).n == case.players
    if case.format != SINGLE:
        expect_bar(page, case, Match.start(case.format, case.players))

    # 2. and 3. one deal from the end: the match is put in the store and a reload resumes
    # it; the deciding deal is played by clicking, with a reload in its middle. The
    # match goes in at the reload in the middle of the deal, or, for a play-off, with
    # a new two-player deal before it starts.
    if case.playoff:
        match = bring_near_end(page, case)
        reopen_game(page)
        wait_for_turn(page)
        expect_bar(page, case, match)
        expect(page.locator(".seat")).to_have_count(1)
        expect(page.locator("#hand button")).to_have_count(3)
        assert stored(page, "deal")["data"]["match"]["match"] == match.to_dict()
        reload_in_the_middle(page, site_url)
    else:
        match = reload_in_the_middle(page, site_url, case if case.format != SINGLE else None)
    if match is not None:
        expect(page.locator(".seat")).to_have_count(len(match.seats_in_play) - 1)
    # more deals while the match goes on (a draw, a tie, a play-off)
    play_to_summary(page)
    summary = page.get_by_role("dialog", name="End of the deal")
    deals = 1
    while (next_deal := summary.get_by_role("button", name="Next deal")).is_visible():
        assert deals < 6, "the match does not end"
        if summary.locator(".match-note").count():
            expect(summary.locator(".match-note")).to_contain_text("Tied for the lead")
        next_deal.click()
        expect(summary).to_be_hidden()
        play_to_summary(page)
        deals += 1

    # 4. the end: the headline, the score in the format's unit, the stats
    saved = stored(page, "deal")["data"]["match"]
    final = Match.from_dict(saved["match"])
    if case.format == SINGLE:
        expect(summary.locator("#summary-headline")).to_have_text(re.compile(r"^(You win!|You lose\.|A draw.*)$"))
        expect(summary.locator(".match-table")).to_have_count(0)
        expect(summary.get_by_role("button", name="New game")).to_be_visible()
        shot(page, case.id)
        assert stored(page, "matches") is None or not stored(page, "matches")["data"]["formats"]
        assert stored(page, "stats")["data"]["modes"]["2p-medium"]["played"] == 1
        open_stats(page)
        stats = page.get_by_role("dialog", name="Your stats")
        expect(stats.locator("[data-stat='played']")).to_have_text("1")
        expect(stats).not_to_contain_text("Matches")
        console_errors.assert_none(ignore=RELOAD_ABORTS)
        return
    headline = summary.locator(".match-headline")
    expect(headline).to_have_text(re.compile(r"^(You win the match!|You lose the match\.)$"))
    won = headline.inner_text() == "You win the match!"
    assert won == (final.over and final.winner == 0)
    assert final.over or 0 not in final.seats_in_play, "the match ended for the person"
    rows = summary.locator(".match-table tr")
    expect(rows).to_have_count(len(final.score))
    shown = []
    for i in range(len(final.score)):
        text = rows.nth(i).locator("td").nth(1).inner_text()
        assert case.unit.match(text), f"{text!r} is not in the unit of {case.format}"
        shown.append(int(re.match(r"\d+", text).group()))
    assert tuple(shown) == final.score
    assert max(final.score) >= final.target
    if not won and case.players == 3 and final.over:  # a seat alone won: named
        expect(summary.locator(".match-note")).to_contain_text("wins the match.")
    elif not won and case.players == 4:  # the other team: "You lose the match." says it
        expect(summary).not_to_contain_text("wins the match")  # the note may be absent
    expect(summary.get_by_role("button", name="New match")).to_be_visible()
    shot(page, case.id)
    assert saved["counted"] is True

    variant = stored(page, "deal")["data"]["match"]["variant"]
    assert variant == "standard"
    key = f"{case.players}p-medium/{case.format}"
    assert stored(page, "matches")["data"]["formats"] == {key: {"played": 1, "won": 1 if won else 0}}
    modes = stored(page, "stats")["data"]["modes"]
    assert sum(mode["played"] for mode in modes.values()) == deals
    if case.playoff:  # a play-off deal is a two-player deal
        assert set(modes) == {"2p-medium"}
    open_stats(page)
    stats = page.get_by_role("dialog", name="Your stats")
    expect(stats).to_contain_text("Matches")
    expect(stats).to_contain_text(f"Standard, {name}")
    expect(stats.locator("[data-stat='match-played']")).to_have_text("1")
    expect(stats.locator("[data-stat='match-won']")).to_have_text("1" if won else "0")
    expect(stats.locator("[data-stat='played']")).to_have_text([str(modes[k]["played"]) for k in sorted(modes)])
    console_errors.assert_none(ignore=RELOAD_ABORTS)


def open_stats(page: Page) -> None:
    summary = page.get_by_role("dialog", name="End of the deal")
    summary.get_by_role("button", name="Close").click()
    expect(summary).to_be_hidden()
    page.get_by_role("button", name="Stats").click()
    expect(page.get_by_role("dialog", name="Your stats")).to_be_visible()


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"match-end-{name}.png"))


def test_new_game_after_the_first_card_of_a_match_asks_about_the_match(page: Page, site_url: str, context,
                                                                      console_errors):
    """In a match's first deal, New game after the person's first card counts a lost match:
    the confirmation says so (it spoke of a deal)."""
    seed_settings(context)
    seed_match(context, "best-of-3")
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    page.locator(PLAYABLE).first.click()
    page.locator("#actions [data-action='new']").click()
    confirm = page.locator("#confirm-new")
    expect(confirm).to_be_visible()
    expect(page.locator("#confirm-new-text")).to_have_text(
        "Abandon this match and start a new one? It counts as a lost match.")
    # its title and its button say what starts: a new match (they said "New game")
    expect(page.get_by_role("dialog", name="New match")).to_be_visible()
    expect(confirm.locator("[data-action='new-confirmed']")).to_have_text("New match")
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    console_errors.assert_none()
