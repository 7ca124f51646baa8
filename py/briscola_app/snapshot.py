"""The table as last painted, kept in storage so the next visit shows it at once.

static/js/early.js paints it into the page before Python has started (the runtime takes
seconds to load), and takes a tap on a card of that hand, which the page plays once it is
up. Python only writes it and never reads it back: it is a picture, not state (the deal
itself is ``briscola.deal.<tab>``). Both sides bound its size; the page's policy forbids
inline scripts and styles, so painted HTML cannot run anything.
"""

from __future__ import annotations

import json
import re

NAME = "table"
"""Stored as ``briscola.table`` (docs/storage.md)."""
REGIONS = ("opponents", "trick", "briscola", "stock-pile", "stock-count", "hand", "hand-actions",
           "match-bar", "score")
"""The regions painted from the snapshot, by element id (early.js has the same list)."""
BODY_KEYS = ("players", "hand", "per", "variant", "phase", "motion", "practice")
"""The body's data attributes the layout depends on (the state stays "loading")."""
MAX_REGION_CHARS = 32 * 1024
MAX_CHARS = 96 * 1024
"""Beyond these the snapshot is not kept (a hand of cards is about 3 kB)."""
_VALUE = re.compile(r"^[\w-]{0,24}$")


PRIVATE = ("hand", "hand-actions")
"""Left out in pass-and-play: a loaded deal starts covered (the next start must not show
the hand of whoever had the device last)."""


def table_snapshot(regions: dict[str, str], body: dict[str, str], hand_count: int, your_turn: bool,
                   status: str, build: str, private: bool = False, tab: str = "") -> str | None:
    """The JSON text to store, or None when a part is too large or not a plain value.
    ``private``: several people play at the device; their hands are not kept. ``tab``:
    the tab that painted it; early.js shows it in that tab only, or in a new tab when
    that one is closed (as its deal is taken over), never over another open tab's deal."""
    painted = {r: regions[r] for r in REGIONS if r in regions and not (private and r in PRIVATE)}
    if private:
        hand_count, your_turn = 0, False
    if any(len(html) > MAX_REGION_CHARS for html in painted.values()):
        return None
    data = {
        "build": build if _VALUE.match(build) else "",
        "tab": tab if _VALUE.match(tab) else "",
        "regions": painted,
        "body": {k: v for k, v in body.items() if k in BODY_KEYS and _VALUE.match(v)},
        "count": hand_count,
        "turn": your_turn,
        "status": status[:300],
    }
    text = json.dumps({"version": 1, "data": data}, separators=(",", ":"))
    return text if len(text) <= MAX_CHARS else None
