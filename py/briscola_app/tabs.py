"""Several tabs of the game open at once, each with a deal of its own.

Each tab has an id, kept in the tab's sessionStorage so that it survives a reload, and
its deal is stored under ``briscola.deal.<id>``. Open tabs are listed under
``briscola.tabs`` with the time each was last seen: a tab writes its time every
:data:`BEAT_MS` and removes itself when the page is hidden for good. A deal whose tab is
no longer listed (closed, or not seen for :data:`LIVE_MS`) is an orphan: the next tab
to open without a deal of its own takes the most recent one over, so closing a tab
mid-deal and opening the game again carries on as before.

A tab that was only frozen (a phone keeps a background tab without running it; a desktop
runs a hidden tab's timers once a minute) may have its deal taken over meanwhile. The tab
that takes it notes so under ``briscola.moved`` (the old tab's id -> its own), and the
frozen tab, at its next move, finds the note and deals itself a new deal instead of
playing on a copy whose result could count only once.

A duplicated tab starts with a copy of the original's sessionStorage, hence its id: a
tab that finds its id in use by a live tab, without having been reloaded, takes a new one.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from .storage import PREFIX, Backend, BadData, Store

SESSION_KEY = "briscola.tab"
TABS = "tabs"
MOVED = "moved"
DEAL_PREFIX = "deal."
LEGACY_DEAL = "deal"  # the one shared deal of builds before tabs had their own
BEAT_MS = 10_000
LIVE_MS = 30_000
MAX_TABS = 64
_TAB_ID = re.compile(r"^[0-9a-f]{1,16}$")


def validate_tabs(data: Any) -> dict[str, int]:
    if not isinstance(data, dict) or len(data) > MAX_TABS:
        raise BadData("tabs must be a small object")
    for tab, seen in data.items():
        if not _TAB_ID.match(tab) or not isinstance(seen, int) or isinstance(seen, bool):
            raise BadData("tabs must map tab ids to times")
    return dict(data)


def validate_moved(data: Any) -> dict[str, str]:
    if not isinstance(data, dict) or len(data) > MAX_TABS:
        raise BadData("moved deals must be a small object")
    for tab, to in data.items():
        if not _TAB_ID.match(tab) or not isinstance(to, str) or not _TAB_ID.match(to):
            raise BadData("moved deals must map tab ids to tab ids")
    return dict(data)


def deal_name(tab: str) -> str:
    return DEAL_PREFIX + tab


class Tabs:
    """This tab's id and the list of open tabs."""

    def __init__(self, store: Store, session: Backend, clock: Callable[[], int],
                 new_id: Callable[[], str], reloaded: bool = False) -> None:
        self.store = store
        self.session = session
        self.clock = clock
        mine = _session_get(session)
        if mine is None or (not reloaded and self.is_live(mine)):
            mine = new_id()
            _session_set(session, mine)
        self.id = mine
        self.beat()

    def live(self) -> dict[str, int]:
        """Tabs seen within LIVE_MS, with their times."""
        now = self.clock()
        tabs = self.store.load(TABS, validate_tabs) or {}
        return {t: seen for t, seen in tabs.items() if now - seen < LIVE_MS}

    def is_live(self, tab: str) -> bool:
        return tab in self.live()

    def beat(self) -> None:
        """Say this tab is open (and forget tabs not seen for long)."""
        tabs = self.live()
        tabs[self.id] = self.clock()
        self.store.save(TABS, tabs)

    def keep_listed(self) -> None:
        """Another tab wrote the list of open tabs. Its copy may have lacked this tab: each
        tab's storage is a copy that other tabs' writes reach a moment later, so a tab that
        read the list just before this one added itself writes it back without it. Then
        this tab says again that it is open, at once, rather than at its next beat, when
        a tab opened meanwhile could have taken its deal for an orphan's."""
        if self.id not in self.live():
            self.beat()

    def leave(self) -> None:
        tabs = self.live()
        if tabs.pop(self.id, None) is not None:
            self.store.save(TABS, tabs)

    def mark_moved(self, tab: str) -> None:
        """The deal of ``tab`` goes on in this tab (the oldest notes go past MAX_TABS)."""
        moved = self.store.load(MOVED, validate_moved) or {}
        moved.pop(tab, None)
        moved[tab] = self.id
        self.store.save(MOVED, dict(list(moved.items())[-MAX_TABS:]))

    def moved_away(self) -> bool:
        """Did another tab take this tab's deal over while it was frozen? The note is read
        once: this tab goes on with a deal of its own."""
        moved = self.store.load(MOVED, validate_moved)
        if not moved or self.id not in moved:
            return False
        del moved[self.id]
        self.store.save(MOVED, moved)
        return True

    def orphan_deals(self) -> list[str]:
        """Stored deal names whose tab is gone, the legacy shared deal included."""
        live = self.live()
        names = [n for n in self.store.names(DEAL_PREFIX) if n[len(DEAL_PREFIX):] not in live]
        if self.store.read(PREFIX + LEGACY_DEAL) is not None:
            names.append(LEGACY_DEAL)
        return [n for n in names if n != deal_name(self.id)]


def _session_get(session: Backend) -> str | None:
    try:
        value = session.get(SESSION_KEY)
    except Exception:
        return None
    return value if isinstance(value, str) and _TAB_ID.match(value) else None


def _session_set(session: Backend, value: str) -> None:
    try:
        session.set(SESSION_KEY, value)
    except Exception:
        pass  # without sessionStorage a reload starts as a new tab and takes its deal over
