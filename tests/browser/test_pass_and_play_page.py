"""Pass-and-play in real Chromium: four people at one device play a four-player deal at
the fast speed. The people are set in Settings as a person would (ticking the seats and
typing the names); then at every hand-off the cover names the right person and no card of
any hand is anywhere in the page, and after "Show my cards" the hand is that person's (as
the deal's record saved in localStorage says). The cover lists the moves the next person
missed. A reload in the middle resumes to the cover. The cover fits a phone (the first
hand-off), the phone sideways (the second) and a desktop (the third), within the table.
At the end the summary and the stats name the four people.

Set BRISCOLA_SCREENSHOTS=<folder> to keep screenshots of the cover (phone and desktop).
"""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from briscola.record import from_record
from tests.browser.test_play import (DEAL_TIMEOUT_MS, open_game, reopen_game, seed_cards_out, seed_settings, settle,
                                     stored)
from tests.browser.test_variants import PLAYABLE, RELOAD_ABORTS, shot

NAMES = ["Anna", "Bruno", "Carla", "Dario"]
SIZES = ((360, 740), (740, 360), (1366, 768))  # a phone, the phone sideways, a desktop
STATES = "body[data-state='cover'], body[data-state='your-turn'], body[data-state='over']"
CARDS_IN_PAGE = """() => {
  const out = [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card);
  document.querySelectorAll('img').forEach(img => {
    const m = /cards\\/\\w+\\/([0-9]+[DCSB])\\.svg/.exec(img.getAttribute('src') || '');
    if (m) out.push(m[1]);
  });
  return out;
}"""


def seed_people(context, seats: list) -> None:
    """Store who plays at the device before the page loads (when nothing is stored yet)."""
    box = json.dumps({"version": 1, "data": {"seats": seats}})
    context.add_init_script(
        "if (location.protocol.startsWith('http') && !localStorage.getItem('briscola.people'))"
        f" localStorage.setItem('briscola.people', {json.dumps(box)});")


def cover_fits(page: Page, width: int, height: int) -> None:
    """The cover in view: the name and a button large enough to tap, focused for the next
    person, nothing to scroll."""
    button = page.locator("#cover").get_by_role("button", name="Show my cards")
    expect(button).to_be_focused()
    box, heading = button.bounding_box(), page.locator("#cover h2").bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["y"] + box["height"] <= height and heading["y"] >= 0 and heading["x"] + heading["width"] <= width
    scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert scroll[0] <= width and scroll[1] <= height, f"the cover needs scrolling at {width}x{height}"
    card, table = page.locator("#cover .cover-card").bounding_box(), page.locator("#table").bounding_box()
    assert table["y"] - 1 <= card["y"] and card["y"] + card["height"] <= table["y"] + table["height"] + 1, (
        f"the cover runs over the bars at {width}x{height}: {card} in {table}")
    shot(page, f"pnp-cover-{width}x{height}")


def saved_game(page: Page):
    """The deal as this tab saved it (the record replayed by the engine)."""
    return from_record(stored(page, "deal")["data"]["record"])


def hand_cards(game) -> set[str]:
    """The cards in every hand that nobody else may see (the turned card drawn by its taker
    was seen by all)."""
    public = {str(game.briscola)} if game.briscola is not None else set()
    return {str(c) for hand in game.hands for c in hand} - public


def set_people(page: Page) -> None:
    """Settings: the four seats are people, with their names typed in."""
    page.locator("#actions [data-action='settings']").click()
    dialog = page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    people = dialog.locator("fieldset[data-field='people']")
    expect(people.locator(".person:not([hidden])")).to_have_count(4)  # a row per seat of four players
    for seat in (1, 2, 3):
        name = people.locator(f"input[name='name_{seat}']")
        expect(name).to_be_disabled()  # the computer's seat: no name to type
        people.get_by_label(f"Seat {seat + 1}: a person").check()
        expect(name).to_be_enabled()
        expect(name).to_have_attribute("placeholder", f"Player {seat + 1}")
    for seat, name in enumerate(NAMES):
        people.get_by_label(f"Name, seat {seat + 1}").fill(name)
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()


def test_four_people_pass_and_play_a_whole_deal(page: Page, site_url: str, context, console_errors):
    seed_settings(context, players=4)
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[0])))
    open_game(page, site_url)
    page.wait_for_selector("body[data-state='your-turn']")
    set_people(page)  # nothing was played: the deal is dealt again, with four people
    assert stored(page, "people")["data"] == {"seats": NAMES}
    assert stored(page, "deal")["data"]["people"] == NAMES

    plays = covers = 0
    reloaded = False
    while True:
        page.wait_for_selector(STATES, timeout=DEAL_TIMEOUT_MS)
        state = page.locator("body").get_attribute("data-state")
        if state == "over":
            break
        game = saved_game(page)
        person = NAMES[game.turn]
        if state == "cover":
            covers += 1
            cover = page.locator("#cover")
            expect(cover.get_by_role("heading", level=2)).to_have_text(f"Pass to {person}")
            assert page.locator("#hand button").count() == 0
            shown = set(page.evaluate(CARDS_IN_PAGE)) & hand_cards(game)
            assert not shown, f"cards of a hand in the page while covered for {person}: {shown}"
            if game.actions:  # what the person missed, since they last held the device (or a reload)
                last = game.actions[-1][0]
                expect(cover.get_by_role("region", name="Meanwhile").locator("li").last).to_contain_text(
                    f"{NAMES[last]} plays ")
            if covers <= len(SIZES):  # the first on a phone, then sideways, then on a desktop
                cover_fits(page, *SIZES[covers - 1])
                page.set_viewport_size(dict(zip(("width", "height"), SIZES[min(covers, len(SIZES) - 1)])))
            if plays >= 20 and not reloaded:  # a reload never shows a hand: back to the cover
                reloaded = True
                reopen_game(page)
                continue
            cover.get_by_role("button", name="Show my cards").click()
            settle(page)  # the hand shown by Python, which may run in a worker since the reload
            page.wait_for_selector("body[data-state='your-turn']")
        hand = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
        assert set(hand) == {str(c) for c in game.hands[game.turn]}, f"not {person}'s hand"
        button = page.locator(PLAYABLE).first
        card = button.get_attribute("data-card")
        button.click()
        expect(page.locator(f"#hand button[data-card='{card}']")).to_have_count(0)
        plays += 1
    assert plays == 40 and reloaded and covers >= 10

    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary).to_be_visible()
    expect(summary.locator("#summary-sides")).to_contain_text("Anna and Carla")
    expect(summary.locator("#summary-sides")).to_contain_text("Bruno and Dario")
    summary.get_by_role("button", name="Close").click()
    page.locator("#actions [data-action='stats']").click()
    stats = page.get_by_role("dialog", name="Your stats")
    expect(stats).to_be_visible()
    for name in NAMES:
        expect(stats.locator("th", has_text=name)).to_have_count(1)
    expect(stats.locator("[data-stat='people-played']")).to_have_text(["1"] * 4)
    assert stored(page, "stats") is None  # not in the device owner's own stats
    console_errors.assert_none(ignore=RELOAD_ABORTS)  # the reload cuts a request short


def test_a_long_name_keeps_the_table_on_a_small_phone(page: Page, site_url: str, context, console_errors):
    """Two people of four at a 320x568 phone, one with a name of twenty letters (the most
    Settings takes): under the cover and with the hand shown, through a dozen plays, the
    table never needs scrolling. The name under that person's card on the table put a
    trick of four players in one column: the page scrolled, the bar went off the screen.
    The long name sits at seat 0, so its card is on the table at seat 1's turn unless seat 1
    led (at seat 1 it showed only after that person won a trick: one CI deal had none in a
    dozen plays); play goes on past a dozen until it has shown."""
    from tests.browser.test_layout import problems  # that module imports this one's helpers

    seed_settings(context, players=4, lang="en")
    seed_people(context, ["Maria Carla Beatrice", "Anna", None, None])
    page.set_viewport_size({"width": 320, "height": 568})
    open_game(page, site_url)
    plays = seen_long = 0
    while plays < 12 or not seen_long:
        page.wait_for_selector(STATES, timeout=DEAL_TIMEOUT_MS)
        settle(page)
        state = page.locator("body").get_attribute("data-state")
        if state == "over":
            break
        seen_long += page.locator("#trick .who", has_text="Maria").count()
        if state == "cover":
            scroll = page.evaluate("document.documentElement.scrollHeight")
            assert scroll <= 568, f"under the cover the page is {scroll} px high (play {plays})"
            page.locator("#cover").get_by_role("button", name="Show my cards").click()
            page.wait_for_selector("body[data-state='your-turn']")
            settle(page)
        found = problems(page, 320, 568)
        assert not found, f"play {plays}: " + "\n".join(found)
        page.locator(PLAYABLE).first.click()
        plays += 1
    assert seen_long, "the long name never showed under a card on the table"
    console_errors.assert_none()


def test_a_cover_that_comes_while_last_trick_is_open_hides_the_hand_in_the_cards_played(
        page: Page, site_url: str, context, console_errors):
    """Found by the chaos run (seed 20261261): Anna plays, opens Last trick while a computer
    plays next, and the cover for Carla comes under the open dialog. Its table of the cards
    played still outlined Anna's three cards as "yours" for Carla to see. The cover now
    repaints it with no hand marked."""
    seed_settings(context, players=4, speed="normal")
    seed_people(context, ["Anna", None, "Carla", None])  # a computer plays between the two
    seed_cards_out(context)
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site_url)
    last = page.locator("#actions [data-action='last']")
    dialog = page.locator("#last-trick")
    for _ in range(40):
        page.wait_for_selector(STATES, timeout=DEAL_TIMEOUT_MS)
        state = page.locator("body").get_attribute("data-state")
        assert state != "over", "no play of Anna's both after a trick and before a computer's"
        if state == "cover":
            page.locator("#cover").get_by_role("button", name="Show my cards").click()
            page.wait_for_selector("body[data-state='your-turn']")
        game = saved_game(page)
        # Anna leads or plays second: seat 1, a computer, plays next, and Carla after it in
        # the same trick (third, the computer would close it and its winner might be Anna)
        anna_then_computer = game.turn == 0 and len(game.trick) < 2
        page.locator(PLAYABLE).first.click()
        if anna_then_computer and game.tricks:
            expect(last).to_be_enabled()
            last.click()
            expect(dialog).to_be_visible()
            expect(dialog.locator("#cards-out")).to_be_visible()
            # opened before the cover came: Anna's cards are hers to see, and marked
            assert dialog.locator("#cards-out li.out-yours").count() >= 2
            assert page.locator("body").get_attribute("data-state") != "cover"
            page.wait_for_selector("body[data-state='cover']", timeout=DEAL_TIMEOUT_MS)
            expect(dialog).to_be_visible()  # the dialog stays open over the cover
            expect(dialog.locator("#cards-out li.out-yours")).to_have_count(0)
            expect(dialog.locator("#cards-out li.out-played").first).to_be_visible()  # the pack still shown
            break
    else:
        raise AssertionError("Anna never played with a computer after her")
    console_errors.assert_none()
