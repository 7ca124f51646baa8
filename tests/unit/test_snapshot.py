"""briscola.table: the picture of the table early.js paints before Python is up."""

from __future__ import annotations

import json

from briscola_app import snapshot


def test_keeps_the_table_regions_and_plain_body_values_only() -> None:
    regions = {"hand": "<button class='card' data-card='1B'></button>", "trick": "", "notice": "x"}
    body = {"players": "2", "variant": "dupla", "state": "your-turn", "phase": "<img>"}
    text = snapshot.table_snapshot(regions, body, 3, True, "Your turn", "abc123")
    assert text is not None
    box = json.loads(text)
    assert box["version"] == 1
    data = box["data"]
    assert data["regions"] == {"hand": regions["hand"], "trick": ""}  # no region outside the table
    assert data["body"] == {"players": "2", "variant": "dupla"}  # the state stays "loading"; no markup
    assert (data["count"], data["turn"], data["status"], data["build"]) == (3, True, "Your turn", "abc123")


def test_the_snapshot_says_which_tab_painted_it() -> None:
    """early.js shows a table only in the tab that painted it (or in a new tab once that
    one is closed): a reload showed another open tab's hand, and took a tap on it."""
    data = json.loads(snapshot.table_snapshot({}, {}, 0, False, "", "b", tab="3fa9") or "")["data"]
    assert data["tab"] == "3fa9"
    data = json.loads(snapshot.table_snapshot({}, {}, 0, False, "", "b", tab="<x>") or "")["data"]
    assert data["tab"] == ""


def test_too_large_is_not_kept() -> None:
    big = "x" * (snapshot.MAX_REGION_CHARS + 1)
    assert snapshot.table_snapshot({"hand": big}, {}, 0, False, "", "b") is None
    many = {r: "y" * (snapshot.MAX_REGION_CHARS - 10) for r in snapshot.REGIONS}
    assert snapshot.table_snapshot(many, {}, 0, False, "", "b") is None


def test_early_js_paints_the_same_regions_within_the_same_bounds() -> None:
    from pathlib import Path

    code = (Path(__file__).resolve().parents[2] / "static" / "js" / "early.js").read_text()
    listed = code.split("const REGIONS = [", 1)[1].split("]", 1)[0]
    assert [r.strip().strip('"') for r in listed.split(",") if r.strip()] == list(snapshot.REGIONS)
    assert f"MAX_CHARS = {snapshot.MAX_CHARS // 1024} * 1024" in code
    assert f"MAX_REGION_CHARS = {snapshot.MAX_REGION_CHARS // 1024} * 1024" in code
    # whose table it is, as tabs.py tells tabs apart and open from closed
    from briscola_app.tabs import LIVE_MS, SESSION_KEY
    assert f"TAB_LIVE_MS = {LIVE_MS};" in code and f'sessionStorage.getItem("{SESSION_KEY}")' in code


def test_pass_and_play_keeps_no_hand() -> None:
    regions = {"hand": "<button data-card='1B'></button>", "hand-actions": "<button>", "trick": "<figure>"}
    data = json.loads(snapshot.table_snapshot(regions, {}, 3, True, "", "b", private=True) or "")["data"]
    assert data["regions"] == {"trick": "<figure>"}
    assert (data["count"], data["turn"]) == (0, False)
