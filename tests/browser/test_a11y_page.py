"""Accessibility (issue 11): axe-core (pinned in package.json, installed by npm ci) finds no
violation, colour contrast included, at the first hand, in the middle of a deal, in the
end-of-deal summary and its review with the expert's coaching, in Settings, in the stats
and in How to play, on a phone and on a desktop, and in Briscola chiamata's auction.

axe is loaded into the page through the DevTools protocol (page.evaluate), which the
page's Content-Security-Policy does not govern; the page itself loads nothing new.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_chiamata_page import giulia_bids_the_two, seed_deal
from tests.browser.test_pass_and_play_page import seed_people
from briscola.record import from_record
from tests.browser.test_play import open_game, seed_settings, stored
from tests.browser.test_variants import PLAYABLE, wait_for_turn

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => `${v.id} (${v.impact}): ` +
      v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' - ' +
                              (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '));
}"""


def violations(page: Page, where: str) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    return [f"{where}: {v}" for v in page.evaluate(RUN)]


@pytest.mark.parametrize("size", [(360, 740), (1366, 768)], ids=["phone", "desktop"])
def test_axe_finds_nothing_on_any_screen(page: Page, site_url: str, context, console_errors, size):
    assert AXE.is_file(), "axe-core is installed by npm ci (package.json)"
    seed_settings(context)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    found = violations(page, "first hand")
    for _ in range(4):
        page.locator(PLAYABLE).first.click()
        assert wait_for_turn(page) == "your-turn"
    found += violations(page, "mid-deal")
    page.locator("#actions [data-action='settings']").click()
    settings = page.get_by_role("dialog", name="Settings")
    expect(settings).to_be_visible()
    found += violations(page, "settings")
    settings.locator("[data-action='howto']").click()
    howto = page.get_by_role("dialog", name="How to play")
    expect(howto).to_be_visible()
    found += violations(page, "how to play")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    expect(settings).to_be_hidden()
    page.locator("#actions [data-action='stats']").click()
    expect(page.get_by_role("dialog", name="Your stats")).to_be_visible()
    found += violations(page, "stats")
    page.keyboard.press("Escape")
    found += cards_played_shown(page)
    while wait_for_turn(page) == "your-turn":
        page.locator(PLAYABLE).first.click()
    expect(page.get_by_role("dialog", name="End of the deal")).to_be_visible()
    found += violations(page, "summary")
    page.get_by_role("button", name="Review").click()
    review = page.get_by_role("dialog", name="Review of the deal")
    expect(review).to_have_attribute("data-done", "true", timeout=60_000)  # the coaching and costliest shown
    found += violations(page, "review")
    assert not found, "\n".join(found)
    console_errors.assert_none()


def test_axe_finds_nothing_in_the_auction(page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    seed_deal(context, giulia_bids_the_two(holds_all_twos=True))
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    found = violations(page, "auction")
    page.get_by_role("button", name="Pass").click()
    assert wait_for_turn(page) == "your-turn"
    found += violations(page, "secret partner")
    assert not found, "\n".join(found)
    console_errors.assert_none()


def cards_played_shown(page: Page) -> list[str]:
    """The person ticks "Show the cards played" in Settings and opens Last trick: the 40
    cards by suit, those of the tricks played (as the saved deal says) faded; axe's
    findings there. The toggle in the dialog hides them and shows them again."""
    page.locator("#actions [data-action='settings']").click()
    settings = page.get_by_role("dialog", name="Settings")
    settings.get_by_label("Show the cards played with Last trick").check()
    settings.get_by_role("button", name="Save").click()
    expect(settings).to_be_hidden()
    page.locator("#actions [data-action='last']").click()
    out = page.get_by_role("dialog", name="Last trick").get_by_role("region", name="Cards played")
    expect(out).to_be_visible()
    expect(out.get_by_role("list")).to_have_count(4)
    expect(out.locator("img")).to_have_count(40)
    game = from_record(stored(page, "deal")["data"]["record"])
    played = [str(c) for done in game.tricks for _, c in done.plays] + [str(c) for _, c in game.trick]
    assert len(played) >= 8
    expect(out.locator("li.out-played")).to_have_count(len(played))
    for card in played:
        expect(out.locator(f"li.out-played img[src$='/{card}.svg']")).to_have_count(1)
    expect(out.locator("li.out-yours")).to_have_count(len(game.hands[0]))
    found = violations(page, "last trick with the cards played")
    # the same choice from the dialog itself: a toggle beside Close, remembered
    toggle = page.get_by_role("dialog", name="Last trick").get_by_role("button", name="Cards played")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(out).to_be_hidden()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert stored(page, "cards_out")["data"] == {"on": False}
    toggle.click()
    expect(out.locator("li.out-played")).to_have_count(len(played))
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert stored(page, "cards_out")["data"] == {"on": True}
    page.keyboard.press("Escape")
    return found


def test_axe_finds_nothing_in_pass_and_play(page: Page, site_url: str, context, console_errors):
    seed_settings(context, players=2)
    seed_people(context, ["Anna", "Bruno"])
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url)
    page.wait_for_selector("body[data-state='cover']")
    found = violations(page, "pass-and-play cover")
    page.get_by_role("button", name="Show my cards").click()
    assert wait_for_turn(page) == "your-turn"
    page.locator("#actions [data-action='settings']").click()
    expect(page.get_by_role("dialog", name="Settings")).to_be_visible()
    found += violations(page, "settings with people")
    assert not found, "\n".join(found)
    console_errors.assert_none()


STYLE = """([sel, pseudo]) => { const e = document.querySelector(sel); if (!e) return null;
  const s = getComputedStyle(e, pseudo); return {outline: s.outlineStyle + ' ' + s.outlineWidth,
  border: s.borderTopStyle + ' ' + s.borderTopWidth}; }"""
"""The outline and the top border of the element ``sel`` finds (or of its ``pseudo``)."""


def style(page: Page, sel: str, pseudo: str | None = None) -> dict | None:
    return page.evaluate(STYLE, [sel, pseudo])


def test_forced_colours_tell_the_turn_the_hint_and_the_dialogs_by_shape(page: Page, site_url: str, context,
                                                                        console_errors):
    """Windows High Contrast paints every border and outline in one colour and drops the
    shadows: whose turn it is, the hinted card against the focused one and a dialog's edge
    must show by shape. A computer's seat to move and the person's hand get a thick ring,
    the hint a dashed frame (the keyboard's focus ring is solid), dialogs a border."""
    seed_settings(context, players=4, speed="slow")
    page.emulate_media(forced_colors="active")
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site_url)
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    assert wait_for_turn(page) == "your-turn"
    assert style(page, "#hand.your-turn")["outline"] == "solid 3px"
    assert all(style(page, f"#opponents .seat:nth-child({i})")["outline"].startswith("none") for i in (1, 2, 3))
    # the hint's dashed frame and the keyboard's solid ring, on two cards at once
    page.locator("#actions [data-action='hint']").click()
    hinted = page.locator("#hand button.hinted")
    expect(hinted).to_have_count(1)
    assert style(page, "#hand button.hinted", "::after")["border"] == "dashed 4px"
    other = page.locator("#hand button:not(.hinted)").first
    other.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # a key, so the focus is the keyboard's
    focused = page.evaluate("() => document.activeElement.matches('#hand button') && "
                            "getComputedStyle(document.activeElement).outlineStyle")
    assert focused == "solid", focused
    # a computer's seat to move: its ring, the others' none
    page.locator(PLAYABLE).first.click()
    ring = page.locator("#opponents .seat.to-move")
    expect(ring).to_have_count(1, timeout=15_000)
    assert style(page, "#opponents .seat.to-move")["outline"] == "solid 4px"
    assert style(page, "#opponents .seat:not(.to-move)")["outline"].startswith("none")
    assert wait_for_turn(page) == "your-turn"
    page.locator("#actions [data-action='settings']").click()
    expect(page.get_by_role("dialog", name="Settings")).to_be_visible()
    assert style(page, "#settings")["border"] == "solid 2px"
    page.keyboard.press("Escape")
    page.emulate_media(forced_colors="none")  # the ordinary table keeps its colours and no extra rings
    assert style(page, "#settings")["border"].startswith("none")
    assert style(page, "#hand.your-turn")["outline"].startswith("none")
    console_errors.assert_none()


# The focused control and what covers its centre, if anything else does (its own label
# aside): a control behind the dialog's pinned buttons is one the person cannot see.
FOCUS_COVERED = """() => {
  const e = document.activeElement;
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const own = !hit || e.contains(hit) || hit.contains(e) || [...(e.labels || [])].some(l => l.contains(hit));
  return [`${e.tagName} ${e.name || e.dataset.action || e.id}`, own ? null : hit.className || hit.tagName];
}"""


@pytest.mark.parametrize("size", [(360, 740), (740, 360), (1280, 720)], ids=["phone", "landscape", "desktop"])
def test_the_focus_is_never_hidden_behind_a_dialogs_buttons(page: Page, site_url: str, context, size):
    """WCAG 2.4.11 (focus not obscured): tabbing through Settings, each control taking the
    focus is scrolled above the buttons pinned at the dialog's foot, not under them (it
    was, for a third of the stops, on a phone and on a desktop)."""
    seed_settings(context)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(page, site_url)
    page.get_by_role("button", name="Settings").click()
    expect(page.locator("#settings")).to_be_visible()
    stops, hidden = set(), []
    for _ in range(60):
        page.keyboard.press("Tab")
        name, cover = page.evaluate(FOCUS_COVERED)
        stops.add(name)
        if cover is not None:
            hidden.append((name, cover))
    assert len(stops) >= 15, stops  # the whole form, its buttons included
    assert not hidden, hidden
