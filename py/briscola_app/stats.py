"""Win/loss statistics per mode (player count, level and variant), shared by every open tab.

Stored as ``{"modes": {"2p-medium": {...}, ...}, "counted": [deal ids]}``. A result is
added by reading what is stored, adding to it and writing it back in one step, so tabs
never overwrite each other's results; ``counted`` holds the ids of the last deals
counted, so a deal is counted once even when two tabs both see it end. The first format
(the modes alone, with no ids) still loads.

A mode is ``<players>p-<level>`` for the standard game (so every key stored before
variants existed is a standard deal) and ``<players>p-<level>-<variant>`` for the others.
Matches of more than one deal are counted apart, under ``briscola.matches``:
``{"formats": {"2p-medium-briscolone/points-121": {"played": 2, "won": 1}}, "counted":
[match ids]}``; a separate key, so a tab still running an earlier build (which reads
``briscola.stats`` strictly) never sees them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .settings import check_name
from .storage import BadData, is_count


@dataclass
class ModeStats:
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    points_for: int = 0
    points_against: int = 0
    best_score: int = 0
    streak: int = 0
    best_streak: int = 0

    def record(self, outcome: str, points_for: int, points_against: int) -> None:
        self.played += 1
        self.points_for += points_for
        self.points_against += points_against
        self.best_score = max(self.best_score, points_for)
        if outcome == "win":
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
            if outcome == "loss":
                self.lost += 1
            else:
                self.drawn += 1


STANDARD = "standard"
PEOPLE_ONLY = "people"
"""The level part of a pass-and-play mode key when nobody at the table is a computer."""



def played_won(entry, what: str) -> dict:
    """``entry`` checked as ``{"played": n, "won": m}`` with counts and m <= n; BadData
    naming ``what`` otherwise."""
    if not isinstance(entry, dict) or set(entry) != {"played", "won"}:
        raise BadData(f"{what} have the wrong fields")
    if not all(is_count(v) for v in entry.values()) or entry["won"] > entry["played"]:
        raise BadData(f"{what} must be counts")
    return entry

def mode_key(players: int, level: str, variant: str = STANDARD) -> str:
    """``2p-medium`` (the standard game, as stored before variants) or ``2p-medium-dupla``."""
    return f"{players}p-{level}" if variant == STANDARD else f"{players}p-{level}-{variant}"


def parse_mode_key(key: str) -> tuple[int, str, str]:
    """(players, level, variant) of a mode key."""
    if not isinstance(key, str):
        raise BadData("a mode is text")
    players, _, rest = key.partition("p-")
    level, _, variant = rest.partition("-")
    if not (players.isdigit() and len(players) <= 2 and level and len(rest) <= 40
            and (variant == "" or variant.isalpha())):
        raise BadData(f"not a mode: {key[:60]!r}")
    return int(players), level, variant or STANDARD


COUNTED_KEPT = 500
"""Deal ids remembered as counted; far more than the deals a person leaves unfinished
in other tabs at once."""
MAX_ID_CHARS = 40


def first_count(counted: list[str], result_id: str) -> bool:
    """Note ``result_id`` among the ``counted`` ones (the last :data:`COUNTED_KEPT`); False
    when it was there already, so a result is counted once whichever tab sees it."""
    if result_id in counted:
        return False
    counted.append(result_id)
    del counted[:-COUNTED_KEPT]
    return True


def valid_ids(counted: Any, what: str) -> list[str]:
    """A stored list of the ids of deals (or matches) counted; BadData for anything else."""
    if not isinstance(counted, list) or not all(isinstance(i, str) and 0 < len(i) <= MAX_ID_CHARS for i in counted):
        raise BadData(f"counted must be a list of {what} ids")
    return counted


@dataclass
class Stats:
    modes: dict[str, ModeStats] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)

    def add(self, deal_id: str, key: str, outcome: str, points_for: int, points_against: int) -> bool:
        """Count a deal unless it was counted already; True when it was added."""
        if not first_count(self.counted, deal_id):
            return False
        self.modes.setdefault(key, ModeStats()).record(outcome, points_for, points_against)
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"modes": dump_stats(self.modes), "counted": list(self.counted)}


def validate_stats(data: Any) -> Stats:
    """Stats from stored data, in either format; BadData for anything else."""
    if isinstance(data, dict) and set(data) == {"modes", "counted"}:
        counted = valid_ids(data["counted"], "deal")
        return Stats(validate_modes(data["modes"]), counted[-COUNTED_KEPT:])
    return Stats(validate_modes(data), [])


def validate_modes(data: Any) -> dict[str, ModeStats]:
    if not isinstance(data, dict):
        raise BadData("stats must be an object")
    out = {}
    names = {f.name for f in fields(ModeStats)}
    for key, entry in data.items():
        parse_mode_key(key)
        if not isinstance(entry, dict) or set(entry) != names:
            raise BadData(f"stats for {key} have the wrong fields")
        if not all(is_count(v) for v in entry.values()):
            raise BadData(f"stats for {key} must be counts")
        out[key] = ModeStats(**entry)
    return out


def dump_stats(stats: dict[str, ModeStats]) -> dict[str, dict[str, int]]:
    return {key: asdict(s) for key, s in stats.items()}


# -- matches ------------------------------------------------------------------------------

@dataclass
class MatchCount:
    played: int = 0
    won: int = 0


MAX_FORMAT_CHARS = 20


def match_key(mode: str, fmt: str) -> str:
    return f"{mode}/{fmt}"


def parse_match_key(key: str) -> tuple[int, str, str, str]:
    """(players, level, variant, format) of a match key."""
    if not isinstance(key, str):
        raise BadData("a match key is text")
    mode, _, fmt = key.rpartition("/")
    if not fmt or len(fmt) > MAX_FORMAT_CHARS or not all(c.isalnum() or c == "-" for c in fmt):
        raise BadData(f"not a match key: {key[:60]!r}")
    return (*parse_mode_key(mode), fmt)


@dataclass
class MatchStats:
    """Matches played and won per mode and format, each match counted once."""

    formats: dict[str, MatchCount] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)

    def add(self, match_id: str, key: str, won: bool) -> bool:
        if not first_count(self.counted, match_id):
            return False
        count = self.formats.setdefault(key, MatchCount())
        count.played += 1
        count.won += 1 if won else 0
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"formats": {k: asdict(v) for k, v in self.formats.items()}, "counted": list(self.counted)}


def validate_match_stats(data: Any) -> MatchStats:
    if not isinstance(data, dict) or set(data) != {"formats", "counted"}:
        raise BadData("match stats have the wrong fields")
    counted = valid_ids(data["counted"], "match")
    formats = data["formats"]
    if not isinstance(formats, dict):
        raise BadData("formats must be an object")
    out = {}
    for key, entry in formats.items():
        parse_match_key(key)
        out[key] = MatchCount(**played_won(entry, f"match stats for {key[:60]!r}"))
    return MatchStats(out, counted[-COUNTED_KEPT:])


# -- Briscola chiamata ----------------------------------------------------------------------

MAX_GAME_POINTS = 10 ** 9


@dataclass
class FiveCount:
    """The person's contracts in Briscola chiamata: taken (as the caller) and made, and the
    game points won (less those lost) in every deal played."""

    taken: int = 0
    made: int = 0
    game_points: int = 0


@dataclass
class FiveStats:
    """Stored under ``briscola.five``: ``{"modes": {"5p-medium-chiamata": {"taken": 3,
    "made": 2, "game_points": -1}}, "counted": [deal ids]}``; a separate key, so a tab of
    an earlier build never sees it. Deals won and lost are in ``briscola.stats`` as for
    every variant."""

    modes: dict[str, FiveCount] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)

    def add(self, deal_id: str, key: str, taken: bool, made: bool, game_points: int) -> bool:
        if not first_count(self.counted, deal_id):
            return False
        count = self.modes.setdefault(key, FiveCount())
        count.taken += 1 if taken else 0
        count.made += 1 if made else 0
        count.game_points += game_points
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"modes": {k: asdict(v) for k, v in self.modes.items()}, "counted": list(self.counted)}


def validate_five_stats(data: Any) -> FiveStats:
    if not isinstance(data, dict) or set(data) != {"modes", "counted"}:
        raise BadData("five-player stats have the wrong fields")
    counted = valid_ids(data["counted"], "deal")
    modes = data["modes"]
    if not isinstance(modes, dict):
        raise BadData("modes must be an object")
    out = {}
    for key, entry in modes.items():
        parse_mode_key(key)
        if not isinstance(entry, dict) or set(entry) != {"taken", "made", "game_points"}:
            raise BadData(f"five-player stats for {key[:60]!r} have the wrong fields")
        gp = entry["game_points"]
        if (not is_count(entry["taken"]) or not is_count(entry["made"]) or entry["made"] > entry["taken"]
                or type(gp) is not int or abs(gp) > MAX_GAME_POINTS):
            raise BadData(f"five-player stats for {key[:60]!r} must be counts")
        out[key] = FiveCount(**entry)
    return FiveStats(out, counted[-COUNTED_KEPT:])


# -- history ------------------------------------------------------------------------------

HISTORY_KEPT = 300
"""Deals remembered one by one for the charts (the oldest go first); about 30 KB stored."""
OUTCOMES = ("win", "loss", "draw")
MAX_POINTS = 1000
MAX_TIME = 1 << 53


@dataclass(frozen=True)
class DealResult:
    """One deal in the history: its id, when it was counted (ms since 1970), its mode,
    the person's outcome and the points of their side and of the others."""

    id: str
    time: int
    mode: str
    outcome: str
    points_for: int
    points_against: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "t": self.time, "mode": self.mode, "outcome": self.outcome,
                "for": self.points_for, "against": self.points_against}


CLEARED_KINDS = ("stats", "matches", "five")


@dataclass
class History:
    """Stored under ``briscola.history`` (a key of its own: earlier builds read
    ``briscola.stats`` strictly): ``{"deals": [{"id", "t", "mode", "outcome", "for",
    "against"}], "cleared": {"stats": [ids], "matches": [ids], "five": [ids]}}``.

    ``deals`` are the last deals counted, oldest first, each once. ``cleared`` holds the
    ids that a reset erased from the counts while leaving them in the lists of ids counted
    (so another tab does not count them again): an imported file may bring them back."""

    deals: list[DealResult] = field(default_factory=list)
    cleared: dict[str, list[str]] = field(default_factory=lambda: {k: [] for k in CLEARED_KINDS})

    def add(self, deal_id: str, key: str, outcome: str, points_for: int, points_against: int, time: int) -> bool:
        if any(d.id == deal_id for d in self.deals):
            return False
        self.deals.append(DealResult(deal_id, time, key, outcome, points_for, points_against))
        self.deals.sort(key=lambda d: d.time)
        del self.deals[:-HISTORY_KEPT]
        return True

    def of_mode(self, key: str) -> list[DealResult]:
        return [d for d in self.deals if d.mode == key]

    def to_dict(self) -> dict[str, Any]:
        return {"deals": [d.to_dict() for d in self.deals],
                "cleared": {k: list(v) for k, v in self.cleared.items()}}


def _ids(data: Any, what: str) -> list[str]:
    if not isinstance(data, list) or not all(isinstance(i, str) and 0 < len(i) <= MAX_ID_CHARS for i in data):
        raise BadData(f"{what} must be a list of ids")
    return data[-COUNTED_KEPT:]


def validate_history(data: Any) -> History:
    if not isinstance(data, dict) or set(data) != {"deals", "cleared"}:
        raise BadData("the history has the wrong fields")
    deals, cleared = data["deals"], data["cleared"]
    if not isinstance(deals, list) or not isinstance(cleared, dict) or set(cleared) != set(CLEARED_KINDS):
        raise BadData("the history has the wrong shape")
    out = []
    seen = set()
    for d in deals[-HISTORY_KEPT:]:
        if not isinstance(d, dict) or set(d) != {"id", "t", "mode", "outcome", "for", "against"}:
            raise BadData("a deal in the history has the wrong fields")
        if (not isinstance(d["id"], str) or not 0 < len(d["id"]) <= MAX_ID_CHARS or d["id"] in seen
                or not is_count(d["t"], MAX_TIME) or d["outcome"] not in OUTCOMES
                or not is_count(d["for"], MAX_POINTS) or not is_count(d["against"], MAX_POINTS)):
            raise BadData("a deal in the history is not one")
        parse_mode_key(d["mode"])
        seen.add(d["id"])
        out.append(DealResult(d["id"], d["t"], d["mode"], d["outcome"], d["for"], d["against"]))
    out.sort(key=lambda d: d.time)
    return History(out, {k: _ids(cleared[k], "cleared " + k) for k in CLEARED_KINDS})


# -- people at the device (pass-and-play) -----------------------------------------------

MAX_NAMES = 60
"""Names kept in ``briscola.people_stats``; when a new name comes past this, the name
with the fewest deals goes."""
MAX_MODES_PER_NAME = 60


@dataclass
class PersonCount:
    played: int = 0
    won: int = 0


@dataclass
class PeopleStats:
    """Deals of pass-and-play (several people at one device), per person name and mode;
    stored under ``briscola.people_stats``: ``{"names": {"Giulia": {"4p-medium": {"played":
    3, "won": 2}}}, "counted": [deal ids], "cleared": [deal ids]}``. A key of its own, so
    the solo stats of ``briscola.stats`` (the device owner's) are not mixed with these,
    and a tab of an earlier build never sees it. ``cleared``: ids a reset erased (kept in
    ``counted``, so no tab counts them again; an imported file may bring them back)."""

    names: dict[str, dict[str, PersonCount]] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)
    cleared: list[str] = field(default_factory=list)

    def add(self, deal_id: str, key: str, results: tuple[tuple[str, str], ...]) -> bool:
        """Count one deal: ``results`` holds (name, outcome) for each person in it."""
        if not first_count(self.counted, deal_id):
            return False
        for name, outcome in results:
            self.count(name, key, 1, 1 if outcome == "win" else 0)
        return True

    def count(self, name: str, key: str, played: int, won: int) -> None:
        if name not in self.names and len(self.names) >= MAX_NAMES:
            least = min(self.names, key=lambda n: sum(c.played for c in self.names[n].values()))
            del self.names[least]
        modes = self.names.setdefault(name, {})
        if key not in modes and len(modes) >= MAX_MODES_PER_NAME:
            return
        c = modes.setdefault(key, PersonCount())
        c.played += played
        c.won += won

    def to_dict(self) -> dict[str, Any]:
        return {"names": {name: {k: asdict(c) for k, c in modes.items()} for name, modes in self.names.items()},
                "counted": list(self.counted), "cleared": list(self.cleared)}


def validate_people_stats(data: Any) -> PeopleStats:
    if not isinstance(data, dict) or set(data) != {"names", "counted", "cleared"}:
        raise BadData("people's stats have the wrong fields")
    counted = valid_ids(data["counted"], "deal")
    cleared = valid_ids(data["cleared"], "deal")
    names = data["names"]
    if not isinstance(names, dict) or len(names) > MAX_NAMES:
        raise BadData(f"names must be an object of at most {MAX_NAMES} names")
    out: dict[str, dict[str, PersonCount]] = {}
    for name, modes in names.items():
        if not check_name(name):
            raise BadData("a person's name in the stats is empty")
        if not isinstance(modes, dict) or len(modes) > MAX_MODES_PER_NAME:
            raise BadData(f"the modes of {name[:20]!r} are not an object")
        out[name] = {}
        for key, entry in modes.items():
            parse_mode_key(key)
            out[name][key] = PersonCount(**played_won(entry, f"stats of {name[:20]!r}"))
    return PeopleStats(out, counted[-COUNTED_KEPT:], cleared[-COUNTED_KEPT:])
