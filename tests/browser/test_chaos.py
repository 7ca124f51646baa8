"""Chaos: the real page driven by a seeded random mix of everything a person can do,
with the stored deals and stats checked against what was observed after every step.

What it does. For BRISCOLA_CHAOS_SECONDS of play (default 100: 105 s in all with
start-up and the final checks, short enough for CI) a random.Random(BRISCOLA_CHAOS_SEED)
(default 20240917) picks, step after step, one of: a tap on a playable card
(``#hand button:not([disabled])``, waiting up to 4 s for the person's turn; on
pass-and-play's cover, "Show my cards"; in Briscola
chiamata's auction a bid offered or, a third of the time, pass, and in its call one of the
cards offered; one time in five another control under the hand: the trump exchange, Mano
negra's show, a practice game's Take back, the summary again, a match's next deal), a digit
key 1-3, Escape, a tap on an enabled action button (hint, last, new, stats, settings), a tap
on a button of the open dialog (Close, New game, the Cancel/New game of "confirm-new", Reset
stats then only its Cancel, settings Cancel or Save with a random way of playing (every
preset), one of its player counts (five for Briscola chiamata), a match format (half the
time a single deal, a quarter best of 3, else any format of several deals offered for that
count), a level, a deck, a practice game one time in five, the last card played by itself
half the time, and one time in four other people at the device (pass-and-play: each other
seat a person half the time, one at least, names typed or left to the seat's own); the speed
stays "fast", seeded before the first load), a page reload, the
context going offline or online, and opening or closing a second tab (a second page of the
same context, played like the first). Dialog buttons are only picked while a dialog is
open, the table's controls only while none is (a modal makes them inert). The confirmation
of Reset stats is never clicked: it would erase the counts being checked.

Offline. The service worker registers once the hand is playable and claims the page when
it has precached everything. Before that, going offline would legitimately fail the
requests of files not loaded yet (card art), so the context goes offline only while every
open page is controlled (``navigator.serviceWorker.controller``); a page reloads offline
only when it is controlled, and a second tab opens offline only when the worker controls
the open pages. Offline, every request must then be answered by the worker: the only
request failures allowed anywhere are ``net::ERR_ABORTED`` of requests cut off while a
reload or a tab close made by the test is in progress (recorded live by a ``requestfailed``
listener and matched exactly, one for one, against ``console_errors``). Everything else
the console reports fails the test, at once after the step in which it came (with the steps
that led to it), and no request may leave the origin.

After every step each open page is read in one ``page.evaluate`` (its sessionStorage tab
id, every ``briscola.deal.*``, the stats, the tab list, the settings, the hand shown, the
open dialogs) and checked against what that page itself reads (it wrote its own deal and
its own counts, so its view of them is never behind another tab's writes):
- the page is ready, shows no notice nor update banner, nothing was set aside under
  ``briscola.backup.*``, the settings still say "fast";
- its tab id is hex, never changes for the page (reloads included), is new for a new tab,
  is listed in ``briscola.tabs``; its deal is stored under ``briscola.deal.<id>``; two open
  pages never share a tab id or a deal;
- every stored deal (orphans included) replays through the engine: ``from_record`` succeeds
  and ``to_record`` gives back the stored record; the hand on screen is the stored deal's
  hand, card for card (in pass-and-play the hand of a person at the device, the one to move
  on their turn, and while the table is covered for the next person no card of any hand is
  in sight, but those everybody has seen face up, among the cards that name themselves
  (``data-card``: the hand's, the tricks'), nor marked as the hand's in the cards played);
  a page's deal never loses a card played (a reload resumes exactly);
- no deal id is counted twice, the sum of "played" equals the number of ids counted and
  never goes down, every counted id is a deal that was observed; a deal with a result is
  marked counted and its id is in the stats, a deal in play is not marked counted;
- when the page's deal is replaced by another (New game, or Save of new settings on an
  untouched deal), the old one is gone from the page's storage and, if it had a completed
  trick, its id is already counted;
- a computer player to move for 60 s with no card played fails the run (stuck).
The page is also read just before each click that may replace a deal (New game, the
confirmation, Save), so its last state before replacement is known.

Each deal id is remembered at the furthest state observed (actions taken). At the end the
second tab is closed, the context goes online, the first page waits until no computer
player is to move, reloads once and is read again. The deals that must be counted are
derived from observation alone, not from the app's ``counted`` list:
  (a) every deal ever seen with a ``result``, and
  (b) every deal seen at stake (a completed trick, or an action of the person's), no
      result, and no longer stored anywhere.
Why this is exact: a trick always holds a card of the person's, and each action of the
person's is a tap or a key of this test followed by an observation, so a deal cannot come
to be at stake unseen before any of the test's next actions. A stored deal disappears only
through New game (directly only when the deal is not at stake or is over, otherwise through
the confirmation, which counts it as a loss), Save of settings (only on a deal with no
card played) or a new tab taking orphans over (it clears only finished deals, counted when they ended). A deal
whose tab was closed mid-deal stays stored (or moves to a new tab's key under the same id)
and is not counted. Then, exactly: ``set(counted) == must``, no duplicate in ``counted``,
the sum of "played" over modes equals ``len(must)``, and per mode (players from the record,
the deal's own level) "played" is exact. "won"/"lost"/"drawn" are exact for deals seen over
(their result) and for abandoned deals last seen with cards in the person's hand (they could
not end without another of the test's cards: a loss). A Briscola chiamata deal everybody
passed is over and counts nowhere (thrown in): it is marked counted, never in the stats;
so is a practice game over, and a practice game given up counts nowhere either (nor does its
match); a practice game's deal may go back (Take back), no other. Only an abandoned deal
last seen with the person's hand empty (the others were finishing the last trick) may have
ended between that observation and the confirmation, so it is counted as its own result or
as a loss: for those ("loose" in the summary, usually 0) each column is checked within
[known, known + loose], and won + lost + drawn == played still holds exactly.

Matches are checked the same way, by their ids: each counted once in ``briscola.matches``,
"played" the number of ids and never less, a match over for the person (won, lost, or out
of the three-player play-off) counted; a page that leaves a match at stake (a deal of it
played, or its deal at stake) for another is counted by then; and at the end the matches
that must count are those seen over and those seen at stake that no deal stores any more
(given up, lost), with "played" exact per mode and format and "won" too, but for a match
given up while its deal was loose (it may have ended, and been won, first). A closed tab's
match stays stored between its deals for a later tab to play on, so it is not one of them.

Pass-and-play's deals count only in ``briscola.people_stats``, per person name (never in the
device owner's stats, contracts or matches): each id once, every one a pass-and-play deal
observed, the person-deals the sum of their people; "at stake" and "loose" are about every
person's actions and hands. At the end its ids are exactly those that must count, "played"
per name and mode exact and "won" too but for loose deals.

Briscola chiamata's contracts (``briscola.five``) likewise: each deal id once, every one a
Briscola chiamata deal observed and counted in the stats, a page's deal over (not thrown in)
counted; at the end exactly the deals seen over (taken, made and the person's game points as
they ended) and those given up after their call was seen (a contract lost), with a deal given
up before its call was seen, or with the person's hand empty, allowed either way.

Replaying: a failure prints the seed, the length and the last 40 steps. The seed fixes the
sequence of random choices; the page's timing and its own deal seeds are not fixed, so the
same seed repeats the same kind of run, not an identical one.

Ways of playing: BRISCOLA_CHAOS_VARIANTS=chiamata,briscolone (names as in Settings) keeps
the settings saves to those, and the first deal to the first of them, for a run that looks
at some closely; the default is every one, the first deal the standard game for two.
BRISCOLA_CHAOS_PRACTICE=1 makes the first deals practice games (until a save says otherwise).
BRISCOLA_CHAOS_PEOPLE=1 seats people at the device before the first load (seat 1 Anna, seat 2
the seat's own name, seat 4 Dario) and three settings saves in four keep pass-and-play.

Length: CI runs the default (100 s of play, 105 s in all on 2 cores). A long run:
    BRISCOLA_CHAOS_SECONDS=900 .venv/bin/python -m pytest tests/browser/test_chaos.py -q -s
The last line of output is a one-line summary (printed past pytest's capture, so it shows
without -s too): seconds, seed, steps, deals seen/played/counted, reloads, offline switches,
second-tab openings. docs/chaos.md holds the result of a long run.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from briscola.core import chiamata_game_points
from briscola.match import Match
from briscola.record import from_record, to_record
from briscola_app.settings import DECKS, VARIANTS, formats_offered, players_offered, variant_about_key
from briscola_app.stats import match_key, mode_key

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "chaos"
CHAOS_SECONDS = float(os.environ.get("BRISCOLA_CHAOS_SECONDS", "100"))
CHAOS_SEED = int(os.environ.get("BRISCOLA_CHAOS_SEED", "20240917"))

READY_TIMEOUT_MS = 60_000
CLICK_TIMEOUT_MS = 3_000
TURN_WAIT_MS = 4_000  # a card tap waits this long for the person's turn
SETTLE_TIMEOUT_MS = 90_000
STUCK_SECONDS = 60.0  # a computer to move for this long without a card played: stuck
SETTINGS = {"players": 2, "deck": "italian", "speed": "fast", "level": "medium", "lang": "en"}
PLAYER_COUNTS = (2, 3, 4, 5, 6)
CHAOS_VARIANTS = tuple(v for v in VARIANTS if set(players_offered(v)) & set(PLAYER_COUNTS)
                       and v in os.environ.get("BRISCOLA_CHAOS_VARIANTS", v).split(","))
if not CHAOS_VARIANTS:
    raise ValueError(f"BRISCOLA_CHAOS_VARIANTS names no way of playing of {VARIANTS}")
if "BRISCOLA_CHAOS_VARIANTS" in os.environ:  # the first deal is one of them too
    SETTINGS = {**SETTINGS, "variant": CHAOS_VARIANTS[0],
                "players": min(set(players_offered(CHAOS_VARIANTS[0])) & set(PLAYER_COUNTS))}
ABOUT = json.loads((Path(__file__).resolve().parents[2] / "py" / "briscola" / "locales" / "en.json")
                   .read_text(encoding="utf-8"))["messages"]
LEVELS = ("easy", "medium", "hard", "expert")
COUNTED_KEPT = 500  # the stats remember this many deal ids (py/briscola_app/stats.py)
OUTCOMES = {"win": "won", "loss": "lost", "draw": "drawn"}

TOP_DIALOGS_JS = """Array.from(document.querySelectorAll('dialog[open]')).filter(d => {
  const r = d.getBoundingClientRect();
  const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return e !== null && d.contains(e);
}).map(d => d.id)"""
"""The open dialogs not covered by another at their centre: the one on top."""

OBSERVE_JS = """() => {
  const deals = {}, strays = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith('briscola.deal.')) deals[k.slice('briscola.deal.'.length)] = localStorage.getItem(k);
    else if (k.startsWith('briscola.backup.') || k === 'briscola.deal') strays.push(k);
  }
  const notice = document.getElementById('notice');
  return {
    tab: sessionStorage.getItem('briscola.tab'),
    state: document.body.dataset.state || null,
    hand: Array.from(document.querySelectorAll('#hand button'), b => b.dataset.card),
    dialogs: Array.from(document.querySelectorAll('dialog[open]'), d => d.id),
    deals, strays,
    // the cards in sight that name themselves (the hand's, the trick's, the last trick's), but
    // the table of the cards played, which shows the whole pack: there, those marked as the hand's
    cards: Array.from(document.querySelectorAll('[data-card]'))
      .filter(e => e.checkVisibility() && !e.closest('#cards-out')).map(e => e.dataset.card),
    marked: Array.from(document.querySelectorAll('#cards-out .out-yours')).filter(e => e.checkVisibility()).length,
    stats: localStorage.getItem('briscola.stats'),
    people_stats: localStorage.getItem('briscola.people_stats'),
    matches: localStorage.getItem('briscola.matches'),
    five: localStorage.getItem('briscola.five'),
    tabs: localStorage.getItem('briscola.tabs'),
    settings: localStorage.getItem('briscola.settings'),
    notice: notice && !notice.hidden ? notice.textContent : null,
    update: document.body.dataset.update || null,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    python: document.documentElement.dataset.python || null,
  };
}"""

WHERE_CARDS_JS = """cards => Array.from(document.querySelectorAll('[data-card]'))
  .filter(e => e.checkVisibility() && cards.includes(e.dataset.card))
  .map(e => (e.closest('[id]') || e).id + ': ' + (e.parentElement || e).outerHTML.slice(0, 300))"""
"""Where the page shows these cards: for a failure's message."""

CONSISTENT_SECONDS = 5.0  # how long the page may lag its own stored writes (observe_all)
READY_JS = "document.body && document.body.dataset.state && document.body.dataset.state !== 'loading'"
SETTLED_JS = "['your-turn', 'cover', 'over'].includes(document.body.dataset.state)"  # a person to act
HAND_ACTIONS = "#hand-actions button:not([disabled])"  # every control under the hand
AUCTION_ACTIONS = ("#hand-actions button:is([data-action='bid'], [data-action='pass'], "
                   "[data-action='call']):not([disabled])")  # Briscola chiamata's auction and call
PLAYABLE_JS = (f"document.querySelector('#hand button:not([disabled]), {HAND_ACTIONS}') || "
               "document.querySelector('dialog[open]') || ['over', 'cover'].includes(document.body.dataset.state)")
REVEAL = "#cover [data-action='reveal']"  # pass-and-play: "Show my cards" on the cover
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")  # typed for pass-and-play's people
PEOPLE_FOCUS = os.environ.get("BRISCOLA_CHAOS_PEOPLE") == "1"
PASS_AND_PLAY_SHARE = 0.75 if PEOPLE_FOCUS else 0.25  # settings saves that seat other people at the device


# --------------------------------------------------------------------------- helpers


def seed_fast_settings(context: BrowserContext, site_url: str) -> None:
    """Fast settings before the first load (and, with BRISCOLA_CHAOS_PRACTICE=1, practice
    games). Only on the site's own pages: a new tab starts on about:blank, whose
    localStorage throws."""
    origin = re.match(r"^[a-z]+://[^/]+", site_url).group(0)
    seeds: dict[str, Any] = {"briscola.settings": SETTINGS}
    if os.environ.get("BRISCOLA_CHAOS_PRACTICE") == "1":
        seeds["briscola.play"] = {"practice": True, "autoplay": False}
    if PEOPLE_FOCUS:
        seeds["briscola.people"] = {"seats": ["Anna", "", None, "Dario"]}
    for key, data in seeds.items():
        box = json.dumps({"version": 1, "data": data})
        context.add_init_script(
            f"if (location.origin === {json.dumps(origin)} && !localStorage.getItem({json.dumps(key)}))"
            f" localStorage.setItem({json.dumps(key)}, {json.dumps(box)});"
        )


def deal_id(data: dict) -> str:
    return f"{data['record']['seed']:x}-{data['agent_seed']:x}"


def progress_of(record: dict) -> int:
    """How far a deal has gone: its actions (cards, exchanges, bids), in order."""
    return len(record["actions"])


def seats_of(data: dict) -> list[int]:
    """The page seat of each engine seat of a stored deal (its match's; the identity but in
    a three-player play-off)."""
    saved = data.get("match")
    return list(saved["seats"]) if saved is not None else list(range(data["record"]["rules"]["players"]))


def persons_of(data: dict) -> set[int]:
    """The engine seats people at the device play: the person's alone (page seat 0), or in
    pass-and-play every seat the deal's ``people`` names."""
    people = data.get("people")
    return {e for e, page in enumerate(seats_of(data))
            if (page == 0 if people is None else page < len(people) and people[page] is not None)}


def at_stake_deal(data: dict) -> bool:
    """Counted as lost if given up (``App.at_stake``): a trick finished, or an action of
    a person's at the device."""
    record, persons = data["record"], persons_of(data)
    return bool(record["tricks"]) or any(seat in persons for seat, _ in record["actions"])


def names_of(data: dict) -> dict[int, str]:
    """Pass-and-play: the name each engine seat of a person counts under in
    ``briscola.people_stats`` (as typed, else the seat's own, "Player 3"; a name once)."""
    people, out = data["people"], {}
    for engine, page in enumerate(seats_of(data)):
        name = people[page] if page < len(people) else None
        if name is not None and (name or f"Player {page + 1}") not in out.values():
            out[engine] = name or f"Player {page + 1}"
    return out


def people_mode(data: dict) -> str:
    """The mode a pass-and-play deal counts under: its level, or "people" with no computer
    player at the table."""
    rules, people = data["record"]["rules"], data["people"]
    level = data["level"] if len(people) < rules["players"] or None in people else "people"
    return mode_key(rules["players"], level, rules.get("variant", "standard"))


def public_cards(game) -> set[str]:
    """Cards everybody has seen face up though a hand may hold them: the turned briscola
    (before and after an exchange), the cards of an exchange, the called card, a redeal's."""
    cards = {game.initial_briscola, game.briscola, game.called, *game.redeals}
    for _, given, taken in game.exchanges:
        cards |= {given, taken}
    return {str(c) for c in cards if c is not None}


def thrown_in(record: dict) -> bool:
    """Briscola chiamata: everybody passed, the deal is over and counts nowhere."""
    return bool(record.get("thrown_in"))


EMPTY = {"stats": '{"modes": {}, "counted": []}', "five": '{"modes": {}, "counted": []}',
         "matches": '{"formats": {}, "counted": []}', "people_stats": '{"names": {}, "counted": [], "cleared": []}'}
"""What each kind of results reads as before anything is stored (as text: each read a fresh copy)."""


def stored_data(snap: dict, key: str) -> dict:
    """The data of a stored box of results the page read (``briscola.<key>``), or its empty
    value when none is stored yet."""
    return json.loads(snap[key])["data"] if snap[key] else json.loads(EMPTY[key])


@dataclass
class Seen:
    """The most advanced state in which a deal was observed."""

    record: dict
    level: str
    progress: int
    held: int  # cards in the people's hands: 0 with no result means the deal may end unseen
    practice: bool = False  # a practice game: never counted, and its cards may be taken back
    at_stake: bool = False  # counted as lost if given up (at_stake_deal)
    names: dict[int, str] | None = None  # pass-and-play: engine seat -> name in the people's stats
    people_mode: str = ""  # pass-and-play: the mode it counts under there

    @property
    def mode(self) -> str:
        rules = self.record["rules"]
        return mode_key(rules["players"], self.level, rules.get("variant", "standard"))

    @property
    def pass_and_play(self) -> bool:
        return self.names is not None

    @property
    def over(self) -> bool:
        return "result" in self.record


@dataclass
class SeenMatch:
    """A match of several deals as observed: its key in the match stats, whether it was
    ever seen at stake (a deal of it played, or its deal at stake) and seen over for the
    person (won, lost, or dropped out of the three-player play-off)."""

    key: str
    at_stake: bool = False
    finished: bool = False
    won: bool = False
    deal: str = ""  # its deal last observed


def match_state(data: dict) -> tuple[str, bool, bool, bool] | None:
    """(id, at stake, finished, won) of a stored deal's match; None for a single deal, for
    a practice game's match (never counted: every deal of a match is a practice game, or
    none) and for a pass-and-play match (not the device owner's: counted nowhere)."""
    saved = data.get("match")
    if (saved is None or saved["match"]["format"] == "single" or data.get("practice", False)
            or data.get("people") is not None):
        return None
    m = Match.from_dict(saved["match"])
    finished = m.over or 0 not in m.seats_in_play  # the person dropped out of the play-off
    at_stake = not finished and (m.deals_played > 0 or at_stake_deal(data))
    return saved["id"], at_stake, finished, m.over and m.winner == 0


def match_key_of(data: dict) -> str:
    saved = data["match"]
    return match_key(mode_key(saved["match"]["players"], data["level"], saved["variant"]), saved["match"]["format"])


@dataclass
class Tab:
    """One open page and what was last observed in it."""

    name: str
    page: Page
    tab_id: str | None = None
    deal: str | None = None  # id of the deal it holds
    deal_at_stake: bool = False
    progress: int = -1
    played: int = -1  # sum of "played" in the stats as this page last read them
    match: str | None = None  # id of its deal's match (None: a single deal)
    match_at_stake: bool = False
    matches_played: int = -1  # sum of the match stats' "played" as this page last read them
    people_played: int = -1  # person-deals in the people's stats as this page last read them
    changed_at: float = field(default_factory=time.monotonic)
    last_key: Any = None


class ChaosFailure(AssertionError):
    pass


class Chaos:
    def __init__(self, context: BrowserContext, page: Page, site_url: str, seed: int,
                 seconds: float) -> None:
        self.context = context
        self.site_url = site_url
        self.seed = seed
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.tabs: dict[str, Tab] = {"A": Tab("A", page)}
        self.offline = False
        self.log: list[str] = []
        self.started = time.monotonic()
        self.seen: dict[str, Seen] = {}
        self.matches: dict[str, SeenMatch] = {}
        self.replayed: set[str] = set()  # record texts already replayed through the engine
        self.tab_ids_used: set[str] = set()
        self.counts = Counter()
        self.rechecks = Counter()  # why a check was taken again (its message, without ids)
        self.allowed_failures: list[str] = []  # request failures shown to be expected
        self.console: Any = None  # the console's messages and errors (conftest.ConsoleLog), for a failure's message
        self.navigating = 0  # >0 while a reload or a tab close is in progress
        self.errors_seen = 0  # the console's errors looked at so far (check_console)
        context.on("requestfailed", self._on_request_failed)

    # -- bookkeeping --------------------------------------------------------------------
    def note(self, text: str) -> None:
        self.log.append(f"{time.monotonic() - self.started:7.2f}s {text}")

    def fail(self, message: str) -> None:
        raise ChaosFailure(f"{message}\n{self.replay_hint()}\nlast steps:\n  " + "\n  ".join(self.log[-40:]))

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            self.fail(message)

    def replay_hint(self) -> str:
        extra = "".join(f"{name}={os.environ[name]} " for name in ("BRISCOLA_CHAOS_VARIANTS", "BRISCOLA_CHAOS_PRACTICE",
                                                                   "BRISCOLA_CHAOS_PEOPLE") if name in os.environ)
        return (f"chaos seed {self.seed}, {self.seconds:g} s; replay the same choices with "
                f"BRISCOLA_CHAOS_SEED={self.seed} BRISCOLA_CHAOS_SECONDS={self.seconds:g} {extra}"
                ".venv/bin/python -m pytest tests/browser/test_chaos.py -q -s")

    def _on_request_failed(self, request) -> None:
        """A request cut off by a reload or a closing tab (net::ERR_ABORTED) is expected; the
        failures are matched exactly against the console log at the end."""
        failure = request.failure
        if self.navigating and failure == "net::ERR_ABORTED":
            self.allowed_failures.append(f"request failed: {request.url} ({failure})")

    # -- observing ------------------------------------------------------------------------
    def observe_all(self) -> dict[str, dict]:
        """Check every page against the store. With Python in a worker, the page can be
        read between two of Python's writes (the deal stored, the hand not yet painted,
        the stats not yet written), so a check that fails is taken again a moment later,
        and only a state that does not come right within CONSISTENT_SECONDS fails."""
        deadline = time.monotonic() + CONSISTENT_SECONDS
        while True:
            try:
                return self._observe_once()
            except ChaosFailure as e:
                if time.monotonic() > deadline:
                    raise
                self.rechecks[re.sub(r"[0-9a-f]{6,}|[\[{(].*", "", str(e).splitlines()[0])[:60]] += 1
                self.tabs["A"].page.wait_for_timeout(200)

    def _observe_once(self) -> dict[str, dict]:
        snaps = {name: self._snapshot(tab) for name, tab in self.tabs.items()}
        for snap in snaps.values():
            self.counts[f"python {snap['python']}"] += 1
        for snap in snaps.values():  # every stored deal, own and orphan, at its furthest
            for data in snap["parsed"].values():
                self._remember(data)
        for name, snap in snaps.items():
            self._check_tab(self.tabs[name], snap)
        live = [(t.tab_id, t.deal) for t in self.tabs.values()]
        self.check(len({t for t, _ in live}) == len(live), f"two open pages share a tab id: {live}")
        self.check(len({d for _, d in live}) == len(live), f"two open pages hold the same deal: {live}")
        return snaps

    def _snapshot(self, tab: Tab) -> dict:
        snap = tab.page.evaluate(OBSERVE_JS)
        snap["parsed"] = {}
        for key, raw in snap["deals"].items():
            box = json.loads(raw)
            self.check(isinstance(box, dict) and box.get("version") == 1 and "data" in box,
                       f"briscola.deal.{key} is not a version 1 box: {raw[:200]}")
            data = box["data"]
            self._replay(data["record"], key)
            snap["parsed"][key] = data
        return snap

    def _deals_of(self, snap: dict) -> set[str]:
        return {deal_id(d) for d in snap["parsed"].values()}

    def _replay(self, record: dict, key: str) -> None:
        text = json.dumps(record, sort_keys=True)
        if text in self.replayed:
            return
        try:
            game = from_record(record)
        except Exception as error:  # noqa: BLE001 - any failure is the finding
            self.fail(f"the deal stored under briscola.deal.{key} does not replay: {error}\n{text[:600]}")
        again = to_record(game)
        self.check(again == record, f"briscola.deal.{key}: to_record(from_record(r)) != r\n"
                   f"stored: {text[:600]}\nreplayed: {json.dumps(again, sort_keys=True)[:600]}")
        self.replayed.add(text)

    def _remember(self, data: dict) -> Seen:
        record = data["record"]
        did = deal_id(data)
        progress = progress_of(record)
        game = from_record(record)
        held = sum(len(game.hands[e]) for e in persons_of(data))
        old = self.seen.get(did)
        if old is None or progress > old.progress or (progress == old.progress and "result" in record):
            people = data.get("people") is not None
            self.seen[did] = Seen(record, data["level"], progress, held, data.get("practice", False),
                                  at_stake_deal(data), names_of(data) if people else None,
                                  people_mode(data) if people else "")
        state = match_state(data)
        if state is not None:
            mid, stake, finished, won = state
            seen = self.matches.setdefault(mid, SeenMatch(match_key_of(data)))
            seen.at_stake |= stake
            seen.finished |= finished
            seen.won |= won
            seen.deal = did
        return self.seen[did]

    def _check_tab(self, tab: Tab, snap: dict) -> None:
        """Checks on one page, each against what that page itself reads: the page wrote
        its own deal and its own counts, so its view of them is never behind."""
        name = tab.name
        self.check(snap["state"] not in (None, "loading"), f"{name}: the page is not ready: {snap['state']}")
        self.check(snap["update"] is None, f"{name}: the update banner came up (was dist/ rebuilt?)")
        self.check(snap["notice"] is None, f"{name}: the page shows a notice: {snap['notice']!r}")
        self.check(not snap["strays"], f"{name}: stored data was set aside: {snap['strays']}")
        settings = json.loads(snap["settings"])["data"]
        self.check(settings["speed"] == "fast", f"{name}: settings lost the fast speed: {settings}")
        tab_id = snap["tab"]
        self.check(bool(tab_id) and re.fullmatch(r"[0-9a-f]{1,16}", tab_id) is not None,
                   f"{name}: sessionStorage briscola.tab is {tab_id!r}")
        if tab.tab_id is None:
            self.check(tab_id not in self.tab_ids_used, f"{name}: a new tab took the used id {tab_id}")
            tab.tab_id = tab_id
            self.tab_ids_used.add(tab_id)
        self.check(tab_id == tab.tab_id, f"{name}: tab id changed from {tab.tab_id} to {tab_id}")
        listed = json.loads(snap["tabs"])["data"]
        self.check(tab_id in listed, f"{name}: tab {tab_id} is not in briscola.tabs {listed}")
        self.check(tab_id in snap["parsed"], f"{name}: no briscola.deal.{tab_id} "
                   f"(stored: {sorted(snap['parsed'])})")

        own = snap["parsed"][tab_id]
        did = deal_id(own)
        record = own["record"]
        progress = progress_of(record)
        game = from_record(record)
        pass_and_play = own.get("people") is not None
        self._check_hand(tab, snap, own, game)

        stats = stored_data(snap, "stats")
        counted = stats["counted"]
        played = sum(m["played"] for m in stats["modes"].values())
        self.check(len(counted) == len(set(counted)), f"{name}: a deal id is counted twice: {counted}")
        self.check(played == len(counted), f"{name}: {played} played but {len(counted)} deal ids counted")
        self.check(played >= tab.played, f"{name}: played went down from {tab.played} to {played}")
        tab.played = played
        unknown = set(counted) - set(self.seen)
        self.check(not unknown, f"{name}: counted deals never observed: {sorted(unknown)}")
        strays = sorted(d for d in counted if self.seen[d].pass_and_play)
        self.check(not strays, f"{name}: pass-and-play deals counted in the device owner's stats: {strays}")
        people_counted = self._check_people(tab, snap)
        either = set(counted) | set(people_counted)
        practice = own.get("practice", False)
        if "result" in record:
            self.check(own["counted"] is True, f"{name}: deal {did} is over but not marked counted")
            if thrown_in(record) or practice:
                kind = "a practice game" if practice else "thrown in"
                self.check(did not in either, f"{name}: deal {did} was {kind} but is counted")
            elif pass_and_play:
                self.check(did in people_counted, f"{name}: pass-and-play deal {did} is over but not in the "
                           "people's stats")
            else:
                self.check(did in counted, f"{name}: deal {did} is over but not in the stats' counted ids")
        else:
            self.check(own["counted"] is False, f"{name}: deal {did} in play is marked counted")

        self._check_matches(tab, snap, own)
        self._check_five(tab, snap, own, counted)

        if tab.deal == did:
            self.check(progress >= tab.progress or practice,  # a practice game's Take back
                       f"{name}: deal {did} went back from {tab.progress} to {progress} actions")
        elif tab.deal is not None:
            # this tab's deal was replaced (New game, or Save of new settings): a deal at
            # stake is counted by then, as a loss or as its own result
            gone = tab.deal not in self._deals_of(snap)
            self.check(gone, f"{name}: the tab moved to deal {did} while its deal {tab.deal} is still stored")
            if tab.deal_at_stake:
                self.check(tab.deal in either, f"{name}: deal {tab.deal} was at stake and was replaced "
                           "but is not counted")
            self.counts["replaced"] += 1
        tab.deal, tab.progress, tab.deal_at_stake = did, progress, at_stake_deal(own) and not practice

        key = (did, progress, snap["state"])
        now = time.monotonic()
        if key != tab.last_key:
            tab.last_key, tab.changed_at = key, now
        elif snap["state"] == "waiting" and now - tab.changed_at > STUCK_SECONDS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            tab.page.screenshot(path=SHOTS / "stuck.png")
            shown = tab.page.evaluate("() => ({data: {...document.body.dataset}, "
                                      "python: document.documentElement.dataset.python, "
                                      "status: document.querySelector('[role=status]')?.textContent})")
            self.fail(f"{name}: deal {did} is waiting for a computer player for "
                      f"{now - tab.changed_at:.0f} s with no card played; the page: {shown}; its deal: "
                      f"{json.dumps(record)[:3000]}; screenshot {SHOTS / 'stuck.png'}; console errors: "
                      f"{self.console.errors}; its last messages: {self.console.messages[-10:]}")

    def _check_hand(self, tab: Tab, snap: dict, own: dict, game) -> None:
        """The hand on screen is the stored deal's: the person's; in pass-and-play the hand
        of the person who holds the device (the one to move on their turn), and while the
        table is covered no card of any hand in sight among the cards that name themselves
        (a picture's file is not its card: Bisca's French Jack, 9, is the picture of an 8),
        nor marked as the hand's in the cards played (which show the whole pack)."""
        name, did = tab.name, deal_id(own)
        if own.get("people") is None:
            shown = [str(c) for c in game.hands[0]]
            self.check(snap["hand"] == shown, f"{name}: the hand shows {snap['hand']}, its stored deal {did} "
                       f"holds {shown}")
            return
        hands = {e: [str(c) for c in game.hands[e]] for e in persons_of(own)}
        if snap["state"] == "cover":
            secret = {str(c) for hand in game.hands for c in hand} - public_cards(game)
            seen = sorted(secret & set(snap["cards"]))
            self.check(not snap["marked"], f"{name}: the table is covered for the next person, yet the cards "
                       f"played mark {snap['marked']} cards as the hand's")
            if snap["hand"] or seen:
                where = tab.page.evaluate(WHERE_CARDS_JS, seen)
                self.fail(f"{name}: the table is covered for the next person, yet the page shows "
                          f"{snap['hand'] or seen} of deal {did}'s hands {hands}: {where}; the deal: {json.dumps(own)}")
            self.counts["covers checked"] += 1
        elif snap["state"] == "your-turn":
            self.check(snap["hand"] == hands.get(game.turn), f"{name}: on engine seat {game.turn}'s turn the "
                       f"hand shows {snap['hand']}; deal {did}'s people hold {hands}")
        else:
            self.check(snap["hand"] in hands.values(), f"{name}: the hand shows {snap['hand']}, no person's "
                       f"hand of deal {did}: {hands}")

    def _check_people(self, tab: Tab, snap: dict) -> list[str]:
        """Pass-and-play's stats (``briscola.people_stats``) as this page reads them: each
        deal id once, every one a pass-and-play deal observed, its people each counted once
        (the person-deals add up), never fewer than before. Returns the ids counted."""
        name = tab.name
        stats = stored_data(snap, "people_stats")
        counted = stats["counted"]
        self.check(len(counted) == len(set(counted)), f"{name}: a deal id is counted twice in the people's "
                   f"stats: {counted}")
        strays = sorted(d for d in counted if d not in self.seen or not self.seen[d].pass_and_play)
        self.check(not strays, f"{name}: the people's stats count deals not seen played by people: {strays}")
        played = sum(c["played"] for modes in stats["names"].values() for c in modes.values())
        expected = sum(len(self.seen[d].names or {}) for d in counted)
        self.check(played == expected, f"{name}: the people's stats hold {played} person-deals, their "
                   f"{len(counted)} deal ids {expected}")
        self.check(played >= tab.people_played, f"{name}: person-deals went down from {tab.people_played} "
                   f"to {played}")
        tab.people_played = played
        return counted

    def _check_matches(self, tab: Tab, snap: dict, own: dict) -> None:
        """The match stats as this page reads them, and its deal's match: each match id
        counted once, "played" the number of ids and never less, every id one observed; a
        match over for the person is counted; a match at stake that the page left for
        another (New game, or a New match of new settings) is counted by then."""
        name = tab.name
        stats = stored_data(snap, "matches")
        counted = stats["counted"]
        played = sum(f["played"] for f in stats["formats"].values())
        self.check(len(counted) == len(set(counted)), f"{name}: a match id is counted twice: {counted}")
        self.check(played == len(counted), f"{name}: {played} matches played but {len(counted)} ids counted")
        self.check(played >= tab.matches_played,
                   f"{name}: matches played went down from {tab.matches_played} to {played}")
        tab.matches_played = played
        unknown = set(counted) - set(self.matches)
        self.check(not unknown, f"{name}: counted matches never observed: {sorted(unknown)}")
        state = match_state(own)
        mid = state[0] if state is not None else None
        if state is not None and state[2]:
            self.check(own["match"]["counted"] is True and mid in counted,
                       f"{name}: match {mid} is over but not counted")
        if tab.match is not None and tab.match != mid and tab.match_at_stake:
            self.check(tab.match in counted, f"{name}: match {tab.match} was at stake and was left "
                       "but is not counted")
        tab.match, tab.match_at_stake = mid, state is not None and state[1]

    def _check_five(self, tab: Tab, snap: dict, own: dict, counted: list[str]) -> None:
        """Briscola chiamata's contracts (``briscola.five``) as this page reads them: each
        deal id once, each one a Briscola chiamata deal observed and counted in the stats
        too; the page's own deal, over and played (not thrown in), counted there."""
        name = tab.name
        five = stored_data(snap, "five")["counted"]
        self.check(len(five) == len(set(five)), f"{name}: a deal id is counted twice in briscola.five: {five}")
        strays = [d for d in five if d not in self.seen or self.seen[d].record["rules"].get("variant") != "chiamata"]
        self.check(not strays, f"{name}: briscola.five counts deals that are not Briscola chiamata deals "
                   f"observed: {strays}")
        self.check(set(five) <= set(counted), f"{name}: briscola.five counts deals the stats do not: "
                   f"{sorted(set(five) - set(counted))}")
        record = own["record"]
        if ("result" in record and record.get("caller") is not None and not own.get("practice", False)
                and own.get("people") is None):
            self.check(deal_id(own) in five, f"{name}: Briscola chiamata deal {deal_id(own)} is over but not "
                       "counted in briscola.five")

    # -- acting -----------------------------------------------------------------------------
    def wait_ready(self, page: Page) -> None:
        page.wait_for_function(READY_JS, timeout=READY_TIMEOUT_MS)

    def click(self, page: Page, locator, what: str, still: str) -> bool:
        """Click; a click that cannot happen because the page changed meanwhile (the `still`
        condition no longer holds) is a miss, one that cannot happen on an unchanged page is a
        failure."""
        for timeout in (CLICK_TIMEOUT_MS, 4 * CLICK_TIMEOUT_MS):
            try:
                locator.click(timeout=timeout)
                return True
            except PlaywrightTimeout:
                if not page.evaluate(f"() => !!({still})"):
                    self.counts["missed"] += 1
                    self.note(f"  missed {what}: the page changed first")
                    return False
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SHOTS / "click-failed.png")
        blocker = locator.evaluate("""(el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return `${JSON.stringify(r)}; at its centre: ${top ? top.outerHTML.slice(0, 200) : "nothing"};`
            + ` state ${document.body.dataset.state}`;
        }""", timeout=CLICK_TIMEOUT_MS)
        self.fail(f"could not click {what} although it is still there ({still}); {blocker}; "
                  f"screenshot {SHOTS / 'click-failed.png'}")
        return False

    def step(self) -> None:
        names = list(self.tabs)
        name = "B" if "B" in names and self.rng.random() < 0.35 else "A"
        page = self.tabs[name].page
        view = page.evaluate(
            "() => ({dialogs: Array.from(document.querySelectorAll('dialog[open]'), d => d.id),"
            f" top: {TOP_DIALOGS_JS}, controlled: !!navigator.serviceWorker.controller}})")
        options: list[tuple[float, str, Callable[[], None]]] = []
        if view["dialogs"]:
            # two dialogs may be open at once (a table button tapped while the dialog of the
            # one tapped before was still opening): only the one on top takes a tap
            options += [(30, "dialog button", lambda: self.dialog_button(name, view["top"] or view["dialogs"])),
                        (4, "Escape", lambda: self.key(name, "Escape"))]
        else:
            options += [(40, "tap a card", lambda: self.tap_card(name)),
                        (15, "digit", lambda: self.key(name, str(self.rng.randint(1, 3)))),
                        (3, "hint", lambda: self.action(name, "hint")),
                        (2, "last", lambda: self.action(name, "last")),
                        (4, "new", lambda: self.action(name, "new")),
                        (2, "stats", lambda: self.action(name, "stats")),
                        (2.5, "settings", lambda: self.action(name, "settings")),
                        (1, "Escape", lambda: self.key(name, "Escape"))]
        if view["controlled"] or not self.offline:
            options.append((1.5, "reload", lambda: self.reload(name)))
        if self.offline or self.all_controlled():
            options.append((1.5, "offline/online", self.toggle_offline))
        if "B" in self.tabs or not self.offline or self.all_controlled():
            options.append((1.5, "second tab", self.second_tab))
        _, _, act = self.rng.choices(options, weights=[w for w, _, _ in options])[0]
        act()
        self.counts["steps"] += 1
        self.observe_all()
        self.check_console()
        self.tabs["A"].page.wait_for_timeout(self.rng.uniform(0, 250))

    def check_console(self) -> None:
        """An error the page itself reports fails the run at once, with the steps that led to
        it (a request cut off by a reload or a closed tab is matched at the end instead)."""
        errors = self.console.errors if self.console is not None else []
        new = [e for e in errors[self.errors_seen:] if not e.startswith("request failed:")]
        self.errors_seen = len(errors)
        self.check(not new, "errors in the page:\n  " + "\n  ".join(new))

    def all_controlled(self) -> bool:
        return all(t.page.evaluate("!!navigator.serviceWorker.controller") for t in self.tabs.values())

    def tap_card(self, name: str) -> None:
        """The person's turn: in Briscola chiamata's auction or call, a tap on one of its
        controls; otherwise a card, or one time in five (always when no card can be played)
        another control under the hand: the trump exchange, Mano negra's show, a practice
        game's Take back, the end-of-deal summary again, a match's next deal."""
        page = self.tabs[name].page
        try:
            page.wait_for_function(PLAYABLE_JS, timeout=TURN_WAIT_MS)
        except PlaywrightTimeout:
            self.note(f"{name}: no card to tap yet")
            return
        if page.evaluate("!!document.querySelector('dialog[open]')"):
            return
        if page.evaluate("document.body.dataset.state === 'cover'"):
            self.note(f"{name}: show my cards")
            if self.click(page, page.locator(REVEAL), "Show my cards", "document.body.dataset.state === 'cover' "
                          "&& !document.querySelector('dialog[open]')"):
                self.counts["covers lifted"] += 1
            return
        if page.locator(AUCTION_ACTIONS).count():
            self.hand_action(name, AUCTION_ACTIONS)
            return
        enabled = page.locator("#hand button:not([disabled])")
        count = enabled.count()
        if page.locator(HAND_ACTIONS).count() and (not count or self.rng.random() < 0.2):
            self.hand_action(name, HAND_ACTIONS)
            return
        if not count:
            return
        index = self.rng.randrange(count)
        self.note(f"{name}: tap card {index + 1} of {count}")
        # still there: the card at that place (a tap just before may have played a card
        # and taken it from the hand, and the hand may be the person's again, one shorter)
        if self.click(page, enabled.nth(index), "a card",
                      f"document.querySelectorAll('#hand button:not([disabled])').length > {index} && "
                      "!document.querySelector('dialog[open]')"):
            self.counts["cards tapped"] += 1

    def hand_action(self, name: str, selector: str) -> None:
        """A tap on one of the controls under the hand that ``selector`` finds; in an
        auction a bid of a rank (or of points) offered or, a third of the time, pass, so
        that deals are thrown in at times."""
        page = self.tabs[name].page
        buttons = page.locator(selector)
        actions = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
        if not actions:
            return
        passes = [i for i, a in enumerate(actions) if a == "pass"]
        others = [i for i, a in enumerate(actions) if a != "pass"]
        index = self.rng.choice(passes if passes and (not others or self.rng.random() < 1 / 3) else others)
        what = f"{actions[index]} {buttons.nth(index).get_attribute('data-value') or ''}".strip()
        if actions[index] == "next":
            self.observe_all()  # the deal as it is just before the match's next one replaces it
        self.note(f"{name}: {what}")
        if self.click(page, buttons.nth(index), f"the hand's {what}",
                      f"document.querySelectorAll(\"{selector}\").length > {index} && "
                      "!document.querySelector('dialog[open]')"):
            self.counts[f"hand {actions[index]}"] += 1

    def key(self, name: str, key: str) -> None:
        self.note(f"{name}: key {key}")
        self.tabs[name].page.keyboard.press(key)

    def action(self, name: str, action: str) -> None:
        page = self.tabs[name].page
        button = page.locator(f"#actions [data-action='{action}']")
        if button.is_disabled():
            self.note(f"{name}: {action} is disabled")
            return
        if action == "new":
            self.observe_all()  # the deal as it is just before it may be replaced
        self.note(f"{name}: action {action}")
        self.click(page, button, f"the {action} button",
                   f"!document.querySelector(\"#actions [data-action='{action}']\").disabled && "
                   "!document.querySelector('dialog[open]')")

    def dialog_button(self, name: str, dialogs: list[str]) -> None:
        page = self.tabs[name].page
        dialog = "confirm-reset" if "confirm-reset" in dialogs else self.rng.choice(dialogs)
        buttons = page.locator(f"#{dialog} .dialog-buttons button")
        choices = []
        for i in range(buttons.count()):
            if buttons.nth(i).is_disabled():  # the review's Previous at its first trick
                continue
            action = buttons.nth(i).get_attribute("data-action") or buttons.nth(i).get_attribute("type")
            if action != "reset-stats-confirmed":  # erasing the stats would end the bookkeeping
                choices.append((i, action))
        if not choices:
            return
        i, action = self.rng.choice(choices)
        if dialog == "settings" and action == "submit":
            variant = self.rng.choice(CHAOS_VARIANTS)
            players = self.rng.choice([n for n in PLAYER_COUNTS if n in players_offered(variant)])
            level = self.rng.choice(LEVELS)
            deck = self.rng.choice(DECKS)
            # half the time a match; half of those the shortest, best of 3, so that some end
            several = [f for f in formats_offered(players) if f != "single"]
            roll = self.rng.random()
            fmt = ("single" if roll < 0.5 or not several else
                   "best-of-3" if roll < 0.75 and "best-of-3" in several else self.rng.choice(several))
            # a practice game a time in five (from the next new game: now when nothing is played yet)
            practice, autoplay = self.rng.random() < 0.2, self.rng.random() < 0.5
            # a time in four other people at the device too (pass-and-play), each seat a person
            # half the time (one at least), each person's name typed or left to the seat's own
            others = range(1, players)
            people = ([s for s in others if self.rng.random() < 0.5] or [self.rng.choice(others)]
                      if self.rng.random() < PASS_AND_PLAY_SHARE else [])
            names = [n if self.rng.random() < 0.75 else "" for n in self.rng.sample(NAMES, players)]
            # the radios checked, then the boxes set, each a miss if Settings closed meanwhile
            fields = [(f"{field_name}={value}", f"[name='{field_name}'][value='{value}']", True)
                      for field_name, value in (("variant", variant), ("players", players), ("match", fmt),
                                                ("level", level), ("deck", deck))]
            fields += [(f"{box}={on}", f"[name='{box}']", on) for box, on in (("practice", practice),
                                                                            ("autoplay", autoplay))]
            fields += [(f"person {s + 1}={s in people}", f"[name='person_{s}']", s in people) for s in others]
            fields += [(f"name {s + 1}={names[s]!r}", f"[name='name_{s}']", names[s]) for s in [0, *people]]
            for what, selector, on in fields:
                try:
                    field_input = page.locator(f"#settings input{selector}")
                    if isinstance(on, str):  # a name, once its person's box enables it
                        field_input.fill(on, timeout=CLICK_TIMEOUT_MS)
                    else:
                        field_input.set_checked(on, timeout=CLICK_TIMEOUT_MS)
                except PlaywrightTimeout:
                    if page.evaluate("!!document.querySelector('#settings[open]')"):
                        self.fail(f"{name}: cannot set {what} in the open settings")
                    self.counts["missed"] += 1
                    return
                if what.startswith("variant="):  # the form follows the variant (its player counts) before the rest
                    # its words under the choices (the standard game's for three players say
                    # who wins then: the form may hold three players still)
                    words = sorted({ABOUT[variant_about_key(variant, n)] for n in PLAYER_COUNTS})
                    try:
                        page.wait_for_function(
                            "ts => ts.includes(document.querySelector('#variant-about')?.textContent)",
                            arg=words, timeout=CLICK_TIMEOUT_MS)
                    except PlaywrightTimeout:
                        said = page.evaluate("document.querySelector('#variant-about')?.textContent")
                        self.fail(f"{name}: the settings form did not follow the variant {variant} (it says {said!r})")
            at_device = ", ".join(names[s] or f"seat {s + 1}" for s in [0, *people])
            self.note(f"{name}: settings save variant={variant} players={players} match={fmt} level={level} "
                      f"deck={deck} practice={practice} autoplay={autoplay}"
                      f"{f' people={at_device}' if people else ''}")
            self.counts["pass-and-play saved"] += bool(people)
            self.counts[f"variant {variant}"] += 1
            self.counts[f"deck {deck}"] += 1
            self.counts["settings saved"] += 1
        else:
            self.note(f"{name}: {dialog} button {action}")
        if action in ("new", "new-confirmed", "submit", "next"):
            self.observe_all()  # the deal as it is just before it may be replaced
        # still there: the dialog open and on top (a button tapped just before may have opened
        # another over it a moment later, as Reset stats opens its question over the stats)
        self.click(page, buttons.nth(i), f"{dialog}'s {action} button",
                   f"({TOP_DIALOGS_JS}).includes('{dialog}')")

    def reload(self, name: str) -> None:
        page = self.tabs[name].page
        self.note(f"{name}: reload{' offline' if self.offline else ''}")
        self.navigating += 1
        try:
            page.reload()
            self.wait_ready(page)
        finally:
            self.navigating -= 1
        self.counts["reloads"] += 1
        if self.offline:
            self.counts["offline reloads"] += 1

    def toggle_offline(self) -> None:
        self.offline = not self.offline
        self.note("offline" if self.offline else "online")
        self.context.set_offline(self.offline)
        self.counts["offline switches"] += 1

    def second_tab(self) -> None:
        if "B" in self.tabs:
            self.close_second_tab()
            return
        self.note(f"B: open{' offline' if self.offline else ''}")
        page = self.context.new_page()
        self.tabs["B"] = Tab("B", page)
        page.goto(self.site_url)
        self.wait_ready(page)
        self.counts["second tab openings"] += 1

    def close_second_tab(self) -> None:
        tab = self.tabs.pop("B")
        self.note("B: close")
        self.navigating += 1
        try:
            tab.page.close()
        finally:
            self.navigating -= 1

    # -- the run ----------------------------------------------------------------------------
    def run(self) -> dict:
        page = self.tabs["A"].page
        page.goto(self.site_url)
        self.wait_ready(page)
        self.observe_all()
        self.started = time.monotonic()
        deadline = self.started + self.seconds
        while time.monotonic() < deadline:
            self.step()
        played_for = time.monotonic() - self.started
        return self.finish(played_for)

    def finish(self, played_for: float) -> dict:
        """Close the second tab, go online, let the computer players finish their moves,
        reload once and compare the stats with what was observed."""
        self.note("finish")
        if "B" in self.tabs:
            self.observe_all()
            self.close_second_tab()
        if self.offline:
            self.toggle_offline()
        page = self.tabs["A"].page
        page.wait_for_function(SETTLED_JS, timeout=SETTLE_TIMEOUT_MS)
        self.reload("A")
        page.wait_for_function(SETTLED_JS, timeout=SETTLE_TIMEOUT_MS)
        snap = self.observe_all()["A"]
        present = self._deals_of(snap)
        stats = stored_data(snap, "stats")

        all_ended = {d for d, s in self.seen.items() if s.over and not thrown_in(s.record) and not s.practice}
        all_abandoned = {d for d, s in self.seen.items()
                         if not s.over and not s.practice and s.at_stake and d not in present}
        people_ended, people_abandoned = self._check_people_stats(snap, all_ended, all_abandoned)
        ended, abandoned = all_ended - people_ended, all_abandoned - people_abandoned  # the device owner's
        must = ended | abandoned
        counted = stats["counted"]
        played = sum(m["played"] for m in stats["modes"].values())
        self.check(len(must) < COUNTED_KEPT, f"{len(must)} deals: more than the stats remember")
        self.check(len(counted) == len(set(counted)), f"a deal id is counted twice: {counted}")
        self.check(set(counted) == must,
                   f"counted ids differ from the deals that must count: not counted "
                   f"{sorted(must - set(counted))}, counted but should not be {sorted(set(counted) - must)}")
        self.check(played == len(must), f"stats say {played} played, {len(must)} deals must count")

        # per mode: played exactly; won/lost/drawn exactly except for deals left with the
        # person's hand empty (they may have ended before New game replaced them)
        for mode in set(stats["modes"]) | {self.seen[d].mode for d in must}:
            deals = [self.seen[d] for d in must if self.seen[d].mode == mode]
            row = stats["modes"].get(mode, {"played": 0, "won": 0, "lost": 0, "drawn": 0})
            self.check(row["played"] == len(deals), f"{mode}: played {row['played']}, expected {len(deals)}")
            known = Counter(OUTCOMES[s.record["result"][0]] if s.over else "lost"
                            for s in deals if s.over or s.held > 0)
            loose = sum(1 for s in deals if not s.over and s.held == 0)
            for column in OUTCOMES.values():
                self.check(known[column] <= row[column] <= known[column] + loose,
                           f"{mode}: {column} {row[column]}, expected {known[column]}"
                           f"{f' to {known[column] + loose}' if loose else ''}")
            self.check(row["won"] + row["lost"] + row["drawn"] == row["played"], f"{mode}: {row}")
        for key, data in snap["parsed"].items():
            self.check(("result" in data["record"]) == data["counted"],
                       f"briscola.deal.{key}: result and counted disagree")
        ended_matches, abandoned_matches = self._check_match_stats(snap)
        contracts, loose_contracts = self._check_five_stats(snap, ended, abandoned)
        return {
            "seconds": round(played_for),
            "seed": self.seed,
            "steps": self.counts["steps"],
            "deals seen": len(self.seen),
            "deals played": len(ended),
            "deals counted": len(must),
            "abandoned": len(abandoned),
            "loose": sum(1 for d in abandoned if self.seen[d].held == 0),
            "pass-and-play deals counted": len(people_ended | people_abandoned),
            "pass-and-play abandoned": len(people_abandoned),
            "covers lifted": self.counts["covers lifted"],
            "covers checked": self.counts["covers checked"],
            "cards tapped": self.counts["cards tapped"],
            "reloads": self.counts["reloads"],
            "offline reloads": self.counts["offline reloads"],
            "offline switches": self.counts["offline switches"],
            "second tab openings": self.counts["second tab openings"],
            "settings saved": self.counts["settings saved"],
            "decks saved": {k[5:]: v for k, v in sorted(self.counts.items()) if k.startswith("deck ")},
            "deals thrown in": sum(1 for s in self.seen.values() if thrown_in(s.record)),
            "practice deals seen": sum(1 for s in self.seen.values() if s.practice),
            "taps under the hand": {k[5:]: v for k, v in sorted(self.counts.items()) if k.startswith("hand ")},
            "contracts counted": contracts,
            "contracts loose": loose_contracts,
            "matches seen": len(self.matches),
            "matches ended": ended_matches,
            "matches abandoned": abandoned_matches,
            "deals counted by way of playing": dict(Counter(self.seen[d].record["rules"].get("variant", "standard")
                                                            for d in must)),
            "missed clicks": self.counts["missed"],
            "checks taken again": sum(self.rechecks.values()),
            "why": dict(self.rechecks.most_common(4)),
            "pages seen with Python in a worker": self.counts["python worker"],
            "pages seen with Python on the page": self.counts["python page"],
        }

    def _check_people_stats(self, snap: dict, ended: set[str], abandoned: set[str]) -> tuple[set[str], set[str]]:
        """Pass-and-play's stats against what was observed, as for the device owner's: the
        pass-and-play deals among those that must count, each counted once by id; per name
        and mode "played" exact, "won" exact but for a deal given up "loose" (every person's
        hand empty: it may have ended first, as a win). (Ended, abandoned) such deals."""
        ended = {d for d in ended if self.seen[d].pass_and_play}
        abandoned = {d for d in abandoned if self.seen[d].pass_and_play}
        must = ended | abandoned
        stats = stored_data(snap, "people_stats")
        counted = stats["counted"]
        self.check(set(counted) == must, f"the people's stats: not counted {sorted(must - set(counted))}, counted "
                   f"but should not be {sorted(set(counted) - must)}")
        expected: dict[tuple[str, str], list[int]] = {}  # (name, mode): [played, won, loose]
        for d in must:
            seen = self.seen[d]
            result = from_record(seen.record).result() if seen.over else None
            for engine, person in (seen.names or {}).items():
                row = expected.setdefault((person, seen.people_mode), [0, 0, 0])
                row[0] += 1
                row[1] += result is not None and result[engine] == "win"
                row[2] += not seen.over and seen.held == 0
        rows = {(person, mode): c for person, modes in stats["names"].items() for mode, c in modes.items()}
        for key in set(rows) | set(expected):
            played, won, loose = expected.get(key, [0, 0, 0])
            row = rows.get(key, {"played": 0, "won": 0})
            self.check(row["played"] == played and won <= row["won"] <= won + loose,
                       f"the people's stats, {key[0]} in {key[1]}: {row}, expected played {played}, won {won}"
                       f"{f' to {won + loose}' if loose else ''}")
        return ended, abandoned

    def _check_match_stats(self, snap: dict) -> tuple[int, int]:
        """The match stats against what was observed, as for deals: the matches that must
        count are every match seen over for the person, and every match seen at stake that
        is no longer stored in any deal (given up: counted as lost); played and won exact
        per mode and format, except that a match given up while its deal was "loose" (the
        person's hand empty: the deal, and with it the match, may have ended just before New
        game) may have been counted as won. (Ended, abandoned) matches."""
        present = {state[0] for state in map(match_state, snap["parsed"].values()) if state is not None}
        ended = {m for m, s in self.matches.items() if s.finished}
        abandoned = {m for m, s in self.matches.items() if s.at_stake and not s.finished and m not in present}
        must = ended | abandoned
        stats = stored_data(snap, "matches")
        counted = stats["counted"]
        self.check(len(counted) == len(set(counted)), f"a match id is counted twice: {counted}")
        self.check(set(counted) == must,
                   f"counted matches differ from those that must count: not counted {sorted(must - set(counted))}, "
                   f"counted but should not be {sorted(set(counted) - must)}")
        for key in set(stats["formats"]) | {self.matches[m].key for m in must}:
            matches = [self.matches[m] for m in must if self.matches[m].key == key]
            row = stats["formats"].get(key, {"played": 0, "won": 0})
            won = sum(1 for s in matches if s.finished and s.won)
            loose = sum(1 for s in matches if not s.finished and not self.seen[s.deal].over
                        and self.seen[s.deal].held == 0)
            upto = f" to {won + loose}" if loose else ""
            self.check(row["played"] == len(matches) and won <= row["won"] <= won + loose,
                       f"{key}: {row}, expected played {len(matches)}, won {won}{upto}")
        return len(ended), len(abandoned)


    def _check_five_stats(self, snap: dict, ended: set[str], abandoned: set[str]) -> tuple[int, int]:
        """Briscola chiamata's contracts against what was observed: every such deal seen
        over and played counts as it ended (taken when the person called, made when the
        caller's side won, the person's game points); one given up counts as a contract lost
        when its call was seen made (the person's game points as a lost contract's), else
        nothing: given up in the auction, it had no contract. Loose: a deal given up whose
        call came after it was last seen, or with the person's hand empty (it may have ended
        first): it may count, within what either way gives. (Contracts that must count,
        loose ones.)"""
        five = stored_data(snap, "five")
        exact: dict[str, tuple[str, int, int, int]] = {}  # deal id: (mode, taken, made, game points)
        loose: set[str] = set()
        for d in ended | abandoned:
            seen = self.seen[d]
            record = seen.record
            if record["rules"].get("variant") != "chiamata":
                continue
            caller, partner, n = record.get("caller"), record.get("partner"), record["rules"]["players"]
            if seen.over:
                outcome = from_record(record).outcome()
                made = outcome.winner == 0
                exact[d] = (seen.mode, int(caller == 0), int(caller == 0 and made), outcome.game_points[0])
            elif partner is None or seen.held == 0:
                loose.add(d)
            else:
                lost = chiamata_game_points(caller, partner, n, won=False, cappotto=False)
                exact[d] = (seen.mode, int(caller == 0), 0, lost[0])
        counted = set(five["counted"])
        self.check(set(exact) <= counted <= set(exact) | loose,
                   f"briscola.five: not counted {sorted(set(exact) - counted)}, counted but should not be "
                   f"{sorted(counted - set(exact) - loose)}")
        loose_modes = {self.seen[d].mode for d in loose & counted}
        for mode in set(five["modes"]) | {m for m, *_ in exact.values()}:
            if mode in loose_modes:
                continue
            sums = [sum(v[i] for v in exact.values() if v[0] == mode) for i in (1, 2, 3)]
            row = five["modes"].get(mode, {"taken": 0, "made": 0, "game_points": 0})
            self.check([row["taken"], row["made"], row["game_points"]] == sums,
                       f"briscola.five {mode}: {row}, expected taken, made, game points {sums}")
        return len(exact), len(loose)


def say(request, line: str) -> None:
    """Print past pytest's capture, so the summary shows without -s too."""
    capture = request.config.pluginmanager.getplugin("capturemanager")
    if capture is None:
        print(line)
        return
    with capture.global_and_fixture_disabled():
        print(line, flush=True)


def test_chaos(page: Page, context: BrowserContext, site_url: str, console_errors, request_log, request):
    seed_fast_settings(context, site_url)
    chaos = Chaos(context, page, site_url, CHAOS_SEED, CHAOS_SECONDS)
    chaos.console = console_errors  # filled as messages come
    try:
        result = chaos.run()
        expected = Counter(chaos.allowed_failures)
        left = list((Counter(console_errors.errors) - expected).elements())
        chaos.check(not left, "errors in the page:\n  " + "\n  ".join(left))
        console_errors.assert_none(ignore=tuple(expected))
        request_log.assert_same_origin(site_url)
    except BaseException:
        say(request, f"\nchaos FAILED: {chaos.replay_hint()}; counts {dict(chaos.counts)}, "
                     f"checks taken again {dict(chaos.rechecks)}")
        raise
    say(request, "\nchaos: " + ", ".join(f"{k} {v}" for k, v in result.items()))
