"""The game page in real Chromium: load, play full deals by clicking, stats, resume,
bad stored data, settings, keyboard and accessibility."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tools.bench_page import settle

READY_TIMEOUT_MS = 60_000
DEAL_TIMEOUT_MS = 180_000
TWO_FRAMES = "() => new Promise(r => { requestAnimationFrame(() => requestAnimationFrame(r)); setTimeout(r, 1000); })"
"""Wait for two frames to be painted, or a second if the renderer gives none (a stalled renderer
once held a CI run for 26 minutes in a wait for frames)."""
FAST = {"players": 2, "deck": "italian", "speed": "fast", "level": "medium", "lang": "en"}

CARD_NAME = re.compile(
    r"^(Ace|Two|Three|Four|Five|Six|Seven|Jack|Knight|King) of (Coins|Cups|Swords|Clubs)$"
)


def seed_settings(context: BrowserContext, **changes) -> None:
    """Store settings before the page loads (only when none are stored yet)."""
    box = json.dumps({"version": 1, "data": {**FAST, **changes}})
    context.add_init_script(
        "if (location.protocol.startsWith('http') && !localStorage.getItem('briscola.settings'))"
        f" localStorage.setItem('briscola.settings', {json.dumps(box)});"  # not in about:blank
    )


def seed_cards_out(context: BrowserContext) -> None:
    """The cards played shown with Last trick, stored before the page loads (when nothing
    is stored yet)."""
    context.add_init_script(
        "if (location.protocol.startsWith('http') && !localStorage.getItem('briscola.cards_out'))"
        " localStorage.setItem('briscola.cards_out', '{\"version\": 1, \"data\": {\"on\": true}}');")


def open_game(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).not_to_have_attribute("data-state", "loading", timeout=READY_TIMEOUT_MS)


def reopen_game(page: Page) -> None:
    """The person reloads the page once what they did has taken effect, and waits for
    the game to be up again."""
    settle(page)
    page.reload()
    expect(page.locator("body")).not_to_have_attribute("data-state", "loading", timeout=READY_TIMEOUT_MS)


def wait_for_turn(page: Page) -> str:
    """Wait until it is the person's turn or the deal is over; returns the state."""
    settle(page)
    page.wait_for_selector("body[data-state='your-turn'], body[data-state='over']", timeout=DEAL_TIMEOUT_MS)
    return page.locator("body").get_attribute("data-state")


def play_one(page: Page) -> str:
    """Click the first playable card, and wait until it has left the hand (with Python in
    a worker the page changes a moment after the click); returns the card played."""
    button = page.locator("#hand button:not([disabled])").first
    card = button.get_attribute("data-card")
    button.click()
    expect(page.locator(f"#hand button[data-card='{card}']")).to_have_count(0)
    return card


def play_to_end(page: Page) -> list[str]:
    played = []
    while wait_for_turn(page) == "your-turn":
        played.append(play_one(page))
    return played


def stored(page: Page, name: str):
    """A stored value, once the page has handled every event so far; "deal" is this
    tab's own deal (each tab keeps one)."""
    settle(page)
    if name == "deal":
        tab = page.evaluate("sessionStorage.getItem('briscola.tab')")
        name = "deal" if tab is None else "deal." + tab  # builds before tabs shared one
    raw = page.evaluate(f"localStorage.getItem('briscola.{name}')")
    return None if raw is None else json.loads(raw)


def test_page_loads_clean_and_accessible(page: Page, site_url: str, context, console_errors, request_log):
    seed_settings(context)
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    hand = page.get_by_role("group", name="Your hand")
    cards = hand.get_by_role("button")
    expect(cards).to_have_count(3)
    for i in range(3):
        assert CARD_NAME.match(cards.nth(i).get_attribute("aria-label")), cards.nth(i).get_attribute("aria-label")
        expect(cards.nth(i)).to_be_enabled()
    expect(page.locator("#status")).to_have_text(re.compile("Your turn"))
    # the table shows the opponent's backs, the briscola and the stock count
    expect(page.locator(".seat")).to_have_count(1)
    expect(page.locator(".seat-backs img")).to_have_count(3)
    expect(page.locator("#briscola img")).to_have_count(1)
    expect(page.locator("#stock-count")).to_contain_text("34 left")
    # while the computer plays, the hand is disabled
    play_one(page)
    expect(page.locator("#hand button").first).to_be_disabled()
    console_errors.assert_none()
    request_log.assert_same_origin(site_url)


def test_phone_layout_fits_and_targets_are_large(page: Page, site_url: str, context):
    seed_settings(context, players=6)
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url)
    wait_for_turn(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for selector in ("#hand button", "#actions button"):
        boxes = [b.bounding_box() for b in page.locator(selector).all()]
        assert boxes
        for box in boxes:
            assert box["width"] >= 44 and box["height"] >= 44, (selector, box)
    expect(page.locator(".seat")).to_have_count(5)
    expect(page.locator(".seat.partner")).to_have_count(2)


def test_full_two_player_deal_by_clicking_updates_stats(page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    open_game(page, site_url)
    played = play_to_end(page)
    assert len(played) == 20 and len(set(played)) == 20
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary).to_be_visible()
    expect(summary.locator("#summary-headline")).to_have_text(re.compile(r"You win!|You lose\.|A draw"))
    rows = summary.locator("tr")
    expect(rows).to_have_count(2)
    points = [int(re.search(r"(\d+)\spoints", rows.nth(i).inner_text()).group(1)) for i in range(2)]
    assert sum(points) == 120
    stats = stored(page, "stats")["data"]["modes"]["2p-medium"]
    assert stats["played"] == 1 and stats["won"] + stats["lost"] + stats["drawn"] == 1
    assert stats["points_for"] == points[0] and stats["points_against"] == points[1]
    deal = stored(page, "deal")["data"]
    assert deal["counted"] is True and deal["record"]["result"]
    # the shadow over the summary's buttons says there is more to read under them: none
    # while all of it shows, there once the tricks unfold (the dialog scrolls), gone at the end
    shadow = "getComputedStyle(document.querySelector('#summary .dialog-buttons')).boxShadow.includes('0.25')"
    assert not page.evaluate(shadow)
    summary.locator(".deal-tricks > summary").click()
    page.wait_for_function(shadow)
    page.evaluate("document.querySelector('#summary').scrollTop = 1e6")
    page.wait_for_function("!" + shadow)
    summary.locator(".deal-tricks > summary").click()
    # a tap on Stats handled only once the summary covered it (Python in a worker handles a
    # tap a moment later): the covered control does nothing, Stats does not open over it
    page.evaluate("document.querySelector(\"#actions [data-action='stats']\").click()")
    page.wait_for_function("window.briscolaPage.idle()")
    expect(page.locator("#stats")).to_be_hidden()
    expect(summary).to_be_visible()
    # stats panel shows the deal; a new game starts a fresh deal
    summary.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Stats").click()
    stats_dialog = page.get_by_role("dialog", name="Your stats")
    expect(stats_dialog.locator("[data-stat='played']")).to_have_text("1")
    # resetting asks first: Cancel keeps the stats, the confirmation erases them
    confirm = page.get_by_role("dialog", name="Reset stats")
    stats_dialog.get_by_role("button", name="Reset stats").click()
    expect(confirm).to_be_visible()
    confirm.get_by_role("button", name="Cancel").click()
    expect(confirm).to_be_hidden()
    expect(stats_dialog.locator("[data-stat='played']")).to_have_text("1")
    assert stored(page, "stats")["data"]["modes"]["2p-medium"]["played"] == 1
    stats_dialog.get_by_role("button", name="Reset stats").click()
    confirm.get_by_role("button", name="Reset stats").click()
    expect(confirm).to_be_hidden()
    expect(stats_dialog.locator("[data-stat='played']")).to_have_count(0)
    assert stored(page, "stats")["data"]["modes"] == {}
    stats_dialog.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="New game").click()
    assert wait_for_turn(page) == "your-turn"
    expect(page.locator("#hand button")).to_have_count(3)
    console_errors.assert_none()


def test_a_dialog_open_at_the_end_of_the_deal_waits_for_the_person(page: Page, site_url: str, context,
                                                                   console_errors):
    """Settings opened as the last card goes down stay open with what was chosen in them:
    the summary shows once they are saved (it used to close them, the choices lost)."""
    seed_settings(context)
    open_game(page, site_url)
    while wait_for_turn(page) == "your-turn" and page.locator("#hand button").count() > 1:
        play_one(page)
    page.locator("#hand button").first.click()  # the last card
    page.locator("#actions [data-action='settings']").click()
    settings = page.get_by_role("dialog", name="Settings")
    settings.locator("input[name='level'][value='hard']").check()
    page.wait_for_selector("body[data-state='over']", timeout=30_000)
    summary = page.get_by_role("dialog", name="End of the deal")
    page.wait_for_timeout(1500)  # the summary shows a frame after the deal's end
    expect(settings).to_be_visible()
    expect(settings.locator("input[name='level'][value='hard']")).to_be_checked()
    expect(summary).to_be_hidden()
    settings.get_by_role("button", name="Save").click()
    expect(summary).to_be_visible()
    expect(summary.locator("#summary-headline")).to_have_text(re.compile(r"You win!|You lose\.|A draw"))
    assert stored(page, "settings")["data"]["level"] == "hard"
    assert stored(page, "stats")["data"]["modes"]["2p-medium"]["played"] == 1  # the deal, at its own level
    expect(page.locator("#status")).to_contain_text("apply from the next new game")  # if the summary is closed
    summary.locator("#summary-go").click()  # New game: the level saved
    assert wait_for_turn(page) == "your-turn"
    assert stored(page, "deal")["data"]["level"] == "hard"
    console_errors.assert_none()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_full_deal_with_more_players(page: Page, site_url: str, context, players: int):
    seed_settings(context, players=players)
    open_game(page, site_url)
    played = play_to_end(page)
    per_seat = {3: 13, 4: 10, 6: 6}[players]
    assert len(played) == per_seat
    expect(page.get_by_role("dialog", name="End of the deal")).to_be_visible()
    stats = stored(page, "stats")["data"]["modes"][f"{players}p-medium"]
    assert stats["played"] == 1


def test_reload_mid_deal_resumes_exactly(page: Page, site_url: str, context):
    seed_settings(context)
    open_game(page, site_url)
    for _ in range(3):
        wait_for_turn(page)
        play_one(page)
    wait_for_turn(page)
    hand_before = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
    record_before = stored(page, "deal")["data"]["record"]
    reopen_game(page)
    assert wait_for_turn(page) == "your-turn"
    hand_after = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
    assert hand_after == hand_before
    record_after = stored(page, "deal")["data"]["record"]
    assert record_after["tricks"] == record_before["tricks"] and record_after["seed"] == record_before["seed"]
    expect(page.locator("#status")).to_have_text(re.compile("Welcome back"))
    # and the deal goes on to its end
    play_to_end(page)
    expect(page.get_by_role("dialog", name="End of the deal")).to_be_visible()


def test_corrupted_storage_shows_notice_and_game_plays(page: Page, site_url: str, context, console_errors):
    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        " localStorage.setItem('briscola.stats', '{not json');"
        " localStorage.setItem('briscola.deal', JSON.stringify({version: 99, data: {}}));"
        " localStorage.setItem('briscola.settings', JSON.stringify({version: 1, data: {players: 7}})); }"
    )
    open_game(page, site_url)
    notice = page.get_by_role("alert")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("could not be read")
    assert page.evaluate("localStorage.getItem('briscola.backup.stats')") == "{not json"
    assert page.evaluate("localStorage.getItem('briscola.backup.settings')") is not None
    notice.get_by_role("button", name="Dismiss").click()
    expect(notice).to_be_hidden()
    assert wait_for_turn(page) == "your-turn"
    play_one(page)
    wait_for_turn(page)
    assert stored(page, "deal")["data"]["record"]["tricks"] or stored(page, "deal")["data"]["record"]["current"]
    console_errors.assert_none()


def test_without_storage_the_game_plays_and_says_so(page: Page, site_url: str, context):
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});"
    )
    open_game(page, site_url)
    expect(page.get_by_role("alert")).to_contain_text("aren't saved")
    assert wait_for_turn(page) == "your-turn"
    play_one(page)
    assert wait_for_turn(page) in ("your-turn", "over")


def test_keyboard_play_and_settings_in_italian(page: Page, site_url: str, context):
    seed_settings(context)
    open_game(page, site_url)
    wait_for_turn(page)
    first = page.locator("#hand button").first
    card = first.get_attribute("data-card")
    first.focus()
    # the arrow keys go from card to card, round the hand; End to the last
    cards = page.locator("#hand button")
    page.keyboard.press("ArrowRight")
    expect(cards.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(cards.last).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(f"#trick [data-card='{card}']")).to_have_count(1)
    # while the others play, the hand holds the focus (its card is gone); then a card has it
    assert page.evaluate("() => Boolean(document.activeElement.closest('#hand'))")
    wait_for_turn(page)
    expect(page.locator("#hand button").first).to_be_focused()
    ring = "() => getComputedStyle(document.activeElement).outlineStyle"
    assert page.evaluate(ring) == "solid"  # from the keyboard, the card given the focus shows it
    # after a tap the first card takes the focus too, without the ring (it would read as a hint)
    page.locator("#hand button").first.click()
    wait_for_turn(page)
    expect(page.locator("#hand button").first).to_be_focused()
    assert page.evaluate(ring) == "none"
    # settings: switch to Italian and the French deck; remembered after a reload
    page.get_by_role("button", name="Settings").click()
    dialog = page.get_by_role("dialog", name="Settings")
    dialog.get_by_label("Language").select_option("it")
    dialog.get_by_label("French suits").check()
    dialog.get_by_role("button", name="Save").click()
    expect(page.get_by_role("group", name="Le tue carte")).to_be_visible()
    label = page.locator("#hand button").first.get_attribute("aria-label")
    ranks = "L'Asso|Il Due|Il Tre|Il Quattro|Il Cinque|Il Sei|Il Sette|Il Fante|La Donna|Il Re"  # a name alone
    assert re.match(rf"^({ranks}) di (Quadri|Cuori|Picche|Fiori)$", label), label
    reopen_game(page)
    expect(page.get_by_role("group", name="Le tue carte")).to_be_visible()
    assert stored(page, "settings")["data"]["deck"] == "french"
    # New game from the keyboard: the dealer turns, the computer leads, and the hand takes
    # the focus, so the first card has it when the person's turn comes (not New game)
    page.locator("#actions [data-action='new']").focus()
    page.keyboard.press("Enter")
    confirm = page.locator("#confirm-new [data-action='new-confirmed']")
    expect(confirm).to_be_visible()
    expect(confirm).to_have_text("Nuova partita")  # a single deal: a new deal, not a match
    confirm.focus()
    page.keyboard.press("Enter")
    wait_for_turn(page)
    expect(page.locator("#trick [data-card]")).to_have_count(1)  # the computer led
    expect(page.locator("#hand button").first).to_be_focused()


BUSY_SEEN = """() => {
    window.__hintBusySeen = false;
    const button = document.querySelector("#actions button[data-action='hint']");
    new MutationObserver((records) => {
        for (const r of records) {
            if (r.oldValue === 'true' || r.target.getAttribute('aria-busy') === 'true') window.__hintBusySeen = true;
        }
    }).observe(button, {attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true});
}"""


def test_hint_highlights_a_card_and_level_is_kept_per_mode(page: Page, site_url: str, context, console_errors):
    seed_settings(context, level="hard")
    open_game(page, site_url)
    wait_for_turn(page)
    hint = page.get_by_role("button", name="Hint")
    # the search takes a moment (a second or more on a slow phone): the button says so
    # while it runs, and taps meanwhile start no other search. On a fast machine hard's
    # search can be over before a check of the attribute would run, so every change of
    # it is recorded as it happens.
    page.evaluate(BUSY_SEEN)
    hint.click()
    hint.click()
    hint.click()
    hinted = page.locator("#hand button.hinted")
    expect(hinted).to_have_count(1)
    expect(hint).not_to_have_attribute("aria-busy", "true")
    assert page.evaluate("window.__hintBusySeen") is True
    # the hinted card, outline and all, leaves the points taken above the hand readable
    page.wait_for_timeout(300)  # any transition done
    card, pile = hinted.bounding_box(), page.locator(".my-pile").bounding_box()
    assert card["y"] - 3 >= pile["y"] + pile["height"], (card, pile)  # its dashed frame reaches 3 px out
    name = hinted.get_attribute("aria-label")
    expect(page.locator("#status")).to_have_text(f"Suggested: {name}.")
    hinted.click()
    expect(page.locator("#hand button.hinted")).to_have_count(0)
    play_to_end(page)
    stats = stored(page, "stats")["data"]["modes"]
    assert list(stats) == ["2p-hard"] and stats["2p-hard"]["played"] == 1
    console_errors.assert_none()
