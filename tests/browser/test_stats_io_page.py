"""Stats charts, export and import in real Chromium (issue 11): play a deal by clicking,
see its charts, export the stats to a file, reset, import the file back (counts restored,
a second import adds nothing), and a bad file refused with a message.

Screenshots of the stats dialog on a phone and a desktop go to test-results/
(BRISCOLA_SCREENSHOTS=<folder> to put them elsewhere).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.test_play import TWO_FRAMES, open_game, play_to_end, seed_settings, stored

SHOTS = Path(os.environ.get("BRISCOLA_SCREENSHOTS") or Path(__file__).resolve().parents[2] / "test-results")


def choose_file(page: Page, dialog, path: Path) -> None:
    """Click Import and pick ``path`` in the file chooser it opens."""
    with page.expect_file_chooser() as chooser:
        dialog.get_by_role("button", name="Import").click()
    chooser.value.set_files(str(path))


def more_deals(n: int) -> dict:
    """A stats file of ``n`` deals at the hard level, from another device."""
    outcomes = ["win", "win", "loss", "win", "draw", "loss", "win", "win", "win", "loss"]
    deals, modes = [], {"played": 0, "won": 0, "lost": 0, "drawn": 0, "points_for": 0, "points_against": 0,
                        "best_score": 0, "streak": 0, "best_streak": 0}
    for i in range(n):
        outcome = outcomes[i % len(outcomes)]
        pts = {"win": 70 + (i * 7) % 40, "loss": 30 + (i * 11) % 28, "draw": 60}[outcome]
        deals.append({"id": f"other-{i}", "t": 1_760_000_000_000 + i * 60_000, "mode": "2p-hard",
                      "outcome": outcome, "for": pts, "against": 120 - pts})
        modes["played"] += 1
        modes[{"win": "won", "loss": "lost", "draw": "drawn"}[outcome]] += 1
        modes["points_for"] += pts
        modes["points_against"] += 120 - pts
        modes["best_score"] = max(modes["best_score"], pts)
        modes["streak"] = modes["streak"] + 1 if outcome == "win" else 0
        modes["best_streak"] = max(modes["best_streak"], modes["streak"])
    return {"format": "briscola-stats", "version": 1, "exported": 1_760_000_000_000 + n * 60_000,
            "stats": {"modes": {"2p-hard": modes}, "counted": [d["id"] for d in deals]},
            "matches": {"formats": {}, "counted": []}, "five": {"modes": {}, "counted": []},
            "history": {"deals": deals, "cleared": {"stats": [], "matches": [], "five": []}}}


def test_charts_export_reset_import(page: Page, any_url: str, context, console_errors, tmp_path: Path):
    seed_settings(context)
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, any_url)
    assert len(play_to_end(page)) == 20
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary.get_by_role("button", name="New game")).to_be_focused()  # not the folded tricks
    summary.get_by_role("button", name="Close").click()
    # the summary opened at the deal's end: closed, the focus goes to the table, not the page
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('#hand, #hand-actions, #actions')")
    counts = stored(page, "stats")["data"]["modes"]["2p-medium"]
    history = stored(page, "history")["data"]["deals"]
    assert len(history) == 1 and history[0]["for"] == counts["points_for"]

    # the stats show the deal's charts, their numbers in words
    page.get_by_role("button", name="Stats").click()
    dialog = page.get_by_role("dialog", name="Your stats")
    expect(dialog.locator("[data-stat='played']")).to_have_text("1")
    # it opens at its top with Close focused, not scrolled down to Reset with the focus on it
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight && d.scrollTop === 0")
    charts = dialog.get_by_role("img")
    expect(charts).to_have_count(3)
    outcome = "Won" if counts["won"] else "Lost" if counts["lost"] else "Drawn"
    expect(dialog.get_by_role("img", name="Points per deal: ")).to_have_attribute(
        "aria-label", f"Points per deal: {counts['points_for']} ({outcome})")
    expect(charts.first).to_be_visible()

    # export: a JSON file of every stats key
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Export").click()
    assert download.value.suggested_filename.startswith("briscola-stats-")
    # a browser may save it without a word: the page says where it went
    name = download.value.suggested_filename
    expect(dialog.get_by_role("status")).to_have_text(f"Stats exported to the file {name}.")
    exported = tmp_path / "stats.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["format"] == "briscola-stats" and data["stats"]["modes"]["2p-medium"] == counts
    assert data["history"]["deals"] == history

    # reset, then the file brings every count back, once
    dialog.get_by_role("button", name="Reset stats").click()
    page.get_by_role("dialog", name="Reset stats").get_by_role("button", name="Reset stats").click()
    expect(dialog.locator("[data-stat='played']")).to_have_count(0)
    expect(dialog.get_by_role("img")).to_have_count(0)
    choose_file(page, dialog, exported)
    message = dialog.get_by_role("status")
    expect(message).to_have_text("Stats imported. Deals added: 1. Matches added: 0.")
    expect(dialog.locator("[data-stat='played']")).to_have_text("1")
    expect(dialog.get_by_role("img")).to_have_count(3)
    assert stored(page, "stats")["data"]["modes"]["2p-medium"] == counts
    choose_file(page, dialog, exported)
    expect(message).to_have_text("Nothing added: every deal in this file is already counted.")
    assert stored(page, "stats")["data"]["modes"]["2p-medium"] == counts

    # a bad file changes nothing and says so
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**data, "format": "something-else"}), encoding="utf-8")
    choose_file(page, dialog, bad)
    expect(message).to_have_text(
        "This file can't be imported: it is not a Briscola stats file, or it is damaged. Nothing was changed.")
    assert stored(page, "stats")["data"]["modes"]["2p-medium"] == counts

    # deals from another device join the ones here
    other = tmp_path / "other.json"
    other.write_text(json.dumps(more_deals(24)), encoding="utf-8")
    choose_file(page, dialog, other)
    expect(message).to_have_text("Stats imported. Deals added: 24. Matches added: 0.")
    expect(dialog.get_by_role("img")).to_have_count(6)
    # the new charts above push the message and the buttons down: the person still sees
    # what the import did, and the button they pressed, without scrolling
    page.evaluate(TWO_FRAMES)
    seen = dialog.evaluate("""d => { const box = d.getBoundingClientRect();
        return ['#stats-message', '#stats [data-action="import-stats"]'].map(s => {
          const r = d.querySelector(s).getBoundingClientRect();
          return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }); }""")
    assert seen == [True, True], seen
    assert stored(page, "stats")["data"]["modes"]["2p-medium"] == counts
    assert stored(page, "stats")["data"]["modes"]["2p-hard"]["played"] == 24
    SHOTS.mkdir(parents=True, exist_ok=True)
    dialog.get_by_role("img").nth(1).scroll_into_view_if_needed()  # the hard level's, with 24 deals
    page.screenshot(path=str(SHOTS / "stats-charts-phone.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
    dialog.get_by_role("img").nth(1).scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "stats-charts-desktop.png"))
    box = dialog.get_by_role("img").nth(1).bounding_box()
    assert box is not None and box["width"] >= 250
    console_errors.assert_none()
