"""Sound effects and vibration in real Chromium with a real AudioContext (issue 11):
nothing sounds before the page is touched; the person's and the computer's cards, the
tricks, the turn and the deal's result ask sound.js for their sounds, which it plays; the
mute button silences them (sound and vibration), is remembered across a reload, and
works from the keyboard; every sound is short and soft. No console errors.

sound.js keeps what Python asked for in ``window.briscolaSound.log`` (name, whether it
was played, whether it vibrated); ``navigator.vibrate`` is replaced by a recorder.
Set BRISCOLA_SCREENSHOTS=<folder> to keep screenshots of the button at both sizes.
"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.test_play import open_game, reopen_game, play_one, play_to_end, seed_settings, stored, wait_for_turn
from tests.browser.test_variants import RELOAD_ABORTS

SHOTS = os.environ.get("BRISCOLA_SCREENSHOTS")
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1366, "height": 768}
RECORD_VIBRATION = "navigator.vibrate = (pattern) => { (window.vibrations ||= []).push(pattern); return true; };"
TRICK_CUES = ("trick-ours", "trick-theirs")


def sound_log(page: Page) -> list[dict]:
    return page.evaluate("window.briscolaSound.log.map(e => ({...e}))")


def names(page: Page) -> list[str]:
    return [e["name"] for e in sound_log(page)]


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"sound-{name}.png"))


def test_play_asks_for_sounds_and_the_result_sounds(page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    context.add_init_script(RECORD_VIBRATION)
    page.set_viewport_size(PHONE)
    open_game(page, site_url)
    assert wait_for_turn(page) == "your-turn"
    toggle = page.get_by_role("button", name="Sound and vibration")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(toggle).to_be_enabled()
    expect(toggle).to_have_attribute("title", "Sound is on")
    box = toggle.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44 and box["x"] + box["width"] <= PHONE["width"]
    score = page.locator("#score").bounding_box()
    assert score["x"] + score["width"] <= box["x"] + 1, "the button sits after the score, not over it"
    shot(page, "phone-on")
    # untouched, the page has made no sound and no AudioContext
    assert sound_log(page) == []
    assert page.evaluate("window.briscolaSound.state") == "none"
    assert page.evaluate("window.vibrations || []") == []

    for _ in range(3):
        assert wait_for_turn(page) == "your-turn"
        play_one(page)
    assert wait_for_turn(page) == "your-turn"
    log = sound_log(page)
    cues = [e["name"] for e in log]
    assert cues.count("card") >= 6, cues  # three of the person's cards, three of the computer's
    assert sum(cues.count(c) for c in TRICK_CUES) == 3, cues
    assert "turn" in cues and set(cues) <= {"card", "turn", *TRICK_CUES}, cues
    assert all(e["sounded"] for e in log), log  # a real AudioContext played every one
    assert page.evaluate("window.briscolaSound.state") == "running"
    turns = [e for e in log if e["name"] == "turn"]
    assert all(e["vibrated"] for e in turns) and not any(e["vibrated"] for e in log if e["name"] != "turn")
    assert page.evaluate("window.vibrations") == [40] * len(turns), "one short pulse on each turn"

    play_to_end(page)
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary).to_be_visible()
    outcome = page.locator("#summary-headline").get_attribute("class").split()[-1]
    expected = {"win": "win", "loss": "lose", "draw": "draw"}[outcome]
    cues = names(page)
    assert cues[-1] == expected and cues.count(expected) == 1, cues[-5:]
    assert sum(cues.count(c) for c in TRICK_CUES) == 20

    # a new game deals with its sound
    page.locator("#summary-go").click()
    expect(summary).to_be_hidden()
    page.wait_for_function("window.briscolaSound.log.some(e => e.name === 'deal')")

    # each sound, rendered off-line: soft (peak well below full scale) and short
    for name in page.evaluate("window.briscolaSound.names"):
        m = page.evaluate("name => window.briscolaSound.measure(name)", name)
        assert 0.03 <= m["peak"] <= 0.5, (name, m)
        assert m["seconds"] <= 1.6 and m["queued"] <= 1.5, (name, m)
    console_errors.assert_none()


def test_mute_is_kept_across_a_reload_and_silences_everything(page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    context.add_init_script(RECORD_VIBRATION)
    page.set_viewport_size(DESKTOP)
    open_game(page, site_url)
    wait_for_turn(page)
    toggle = page.get_by_role("button", name="Sound and vibration")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(toggle).to_have_attribute("title", "Sound is off")
    assert stored(page, "sound") == {"version": 1, "data": {"on": False}}
    assert page.evaluate("window.briscolaSound.enabled") is False
    shot(page, "desktop-off")

    reopen_game(page)
    toggle = page.get_by_role("button", name="Sound and vibration")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    for _ in range(3):
        assert wait_for_turn(page) == "your-turn"
        play_one(page)
    assert wait_for_turn(page) == "your-turn"
    assert sound_log(page) == [], "muted: no sound is asked for"
    assert page.evaluate("window.briscolaSound.state") == "none", "muted: no AudioContext is even made"
    assert page.evaluate("window.vibrations || []") == [], "muted: no vibration either"
    assert page.evaluate("window.briscolaSound.play('card')") is False

    # back on from the keyboard: it says so with the turn cue, and plays on with sound
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert stored(page, "sound") == {"version": 1, "data": {"on": True}}
    page.wait_for_function("window.briscolaSound.log.length > 0")
    assert sound_log(page)[0] == {"name": "turn", "sounded": True, "vibrated": True}
    play_one(page)
    page.wait_for_function("window.briscolaSound.log.some(e => e.name === 'card' && e.sounded)")
    shot(page, "desktop-on")
    console_errors.assert_none(ignore=RELOAD_ABORTS)
