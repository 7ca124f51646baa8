"""Stats to a file and back: every stats key in one JSON file, and a file merged into
what is stored without losing anything.

The file is ``{"format": "briscola-stats", "version": 1, "exported": <ms>, "stats": ...,
"matches": ..., "five": ..., "history": ...}``, each part in the form it has in storage
(see docs/storage.md), so a file is read by the same validators as storage, within the
same limits, and anything else is refused whole. ``"people"`` (the stats per person name
of pass-and-play, ``briscola.people_stats``) is written only when there are some, so a
file without them still reads in a build that does not know them.

Merging counts each deal (and match) once, by its id. The ids *present* in a set of
stats are those counted and not erased by a reset (``History.cleared``). When none of
the file's ids are present here, its counts are added whole (a reset followed by an
import gives back every count); when some are, the deals that are not are added one by
one from the file's history, and the rest of the file's counts, which cannot be told
apart, are left out. Importing the same file twice therefore adds nothing the second
time, as long as the ids of both fit in the lists kept (``COUNTED_KEPT``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .stats import (COUNTED_KEPT, FiveCount, FiveStats, History, MatchCount, MatchStats, ModeStats, PeopleStats,
                    Stats, validate_five_stats, validate_history, validate_match_stats, validate_people_stats,
                    validate_stats)
from .storage import BadData, parse_json

FORMAT = "briscola-stats"
FORMAT_VERSION = 1
MAX_FILE_CHARS = 512 * 1024
"""The largest file read: a full export (500 ids in each list, 300 deals of history) is
about 100 KB."""
MAX_COUNT = 10 ** 9
"""No count in a file may reach this: far more deals than a person plays."""
FILE_FIELDS = {"format", "version", "exported", "stats", "matches", "five", "history"}
PEOPLE = "people"


@dataclass
class Bundle:
    """Every stats key together."""

    stats: Stats = field(default_factory=Stats)
    matches: MatchStats = field(default_factory=MatchStats)
    five: FiveStats = field(default_factory=FiveStats)
    history: History = field(default_factory=History)
    people: PeopleStats = field(default_factory=PeopleStats)


def export_data(b: Bundle, now: int) -> dict[str, Any]:
    out = {"format": FORMAT, "version": FORMAT_VERSION, "exported": now, "stats": b.stats.to_dict(),
           "matches": b.matches.to_dict(), "five": b.five.to_dict(), "history": b.history.to_dict()}
    if b.people.names or b.people.counted:
        out[PEOPLE] = b.people.to_dict()
    return out


def read_file(text: Any) -> Bundle:
    """The stats in a file's text; BadData for anything but a whole, valid stats file."""
    data = parse_json(text, max_chars=MAX_FILE_CHARS)
    if not isinstance(data, dict) or set(data) - {PEOPLE} != FILE_FIELDS:
        raise BadData("not a stats file")
    if data["format"] != FORMAT or data["version"] != FORMAT_VERSION or type(data["version"]) is not int:
        raise BadData("not a stats file of a known version")
    if type(data["exported"]) is not int or data["exported"] < 0:
        raise BadData("no time of export")
    if not isinstance(data["stats"], dict) or set(data["stats"]) != {"modes", "counted"}:
        raise BadData("stats have the wrong fields")
    try:
        b = Bundle(validate_stats(data["stats"]), validate_match_stats(data["matches"]),
                   validate_five_stats(data["five"]), validate_history(data["history"]),
                   validate_people_stats(data[PEOPLE]) if PEOPLE in data else PeopleStats())
    except (TypeError, KeyError, AttributeError, RecursionError) as e:
        raise BadData(f"not valid: {e}") from None
    counts = [v for m in b.stats.modes.values() for v in vars(m).values()]
    counts += [v for m in b.matches.formats.values() for v in vars(m).values()]
    counts += [abs(v) for m in b.five.modes.values() for v in vars(m).values()]
    counts += [v for modes in b.people.names.values() for c in modes.values() for v in vars(c).values()]
    if any(v >= MAX_COUNT for v in counts):
        raise BadData("counts too large")
    return b


@dataclass
class Merged:
    bundle: Bundle
    deals: int  # deals added to the counts
    matches: int  # matches added
    people: int = 0  # pass-and-play deals added (each counted once for all its people)


def merge(here: Bundle, file: Bundle) -> Merged:
    """``file`` added to ``here`` (neither is changed), each deal and match once."""
    h, f = here.history, file.history
    stats, new_deals = _merge_deals(here.stats, file.stats, set(h.cleared["stats"]), set(f.cleared["stats"]), f,
                                    file.stats.modes)
    matches, new_matches = _merge_whole(here.matches, file.matches, set(h.cleared["matches"]),
                                        set(f.cleared["matches"]), "formats", _add_match)
    five, new_five = _merge_whole(here.five, file.five, set(h.cleared["five"]), set(f.cleared["five"]),
                                  "modes", _add_five)
    cleared = {"stats": [i for i in h.cleared["stats"] if i not in new_deals],
               "matches": [i for i in h.cleared["matches"] if i not in new_matches],
               "five": [i for i in h.cleared["five"] if i not in new_five]}
    gone = set(cleared["stats"])
    history = History(list(h.deals), cleared)
    for d in f.deals:
        if d.id not in gone:
            history.add(d.id, d.mode, d.outcome, d.points_for, d.points_against, d.time)
    people, new_people = _merge_people(here.people, file.people)
    merged = Bundle(stats, matches, five, history, people)
    return Merged(merged, _played(stats) - _played(here.stats),
                  _matches_played(matches) - _matches_played(here.matches), len(new_people))


def _played(stats: Stats) -> int:
    return sum(m.played for m in stats.modes.values())


def _matches_played(matches: MatchStats) -> int:
    return sum(c.played for c in matches.formats.values())


def _present(counted: list[str], cleared: set[str]) -> list[str]:
    return [i for i in counted if i not in cleared]


def _add_ids(counted: list[str], ids: list[str]) -> list[str]:
    return (list(counted) + [i for i in ids if i not in counted])[-COUNTED_KEPT:]


def _merge_deals(here: Stats, file: Stats, here_cleared: set[str], file_cleared: set[str], history: History,
                 file_modes: dict[str, ModeStats]) -> tuple[Stats, set[str]]:
    ours = set(_present(here.counted, here_cleared))
    theirs = _present(file.counted, file_cleared)
    new = [i for i in theirs if i not in ours]
    if not new:
        return here, set()
    modes = {k: replace(v) for k, v in here.modes.items()}
    if len(new) == len(theirs):  # nothing in common: the file's counts are added whole
        for key, st in file.modes.items():
            modes[key] = _add_mode(modes.get(key), st)
        return Stats(modes, _add_ids(here.counted, new)), set(new)
    by_id = {d.id: d for d in history.deals}
    added = [i for i in new if i in by_id]
    for i in added:
        d = by_id[i]
        st = modes.setdefault(d.mode, ModeStats())
        streak = st.streak
        st.record(d.outcome, d.points_for, d.points_against)
        st.streak = streak  # an older deal does not change the current streak
        theirs_mode = file_modes.get(d.mode)
        if theirs_mode is not None:
            st.best_streak = max(st.best_streak, theirs_mode.best_streak)
    return Stats(modes, _add_ids(here.counted, added)), set(added)


def _add_mode(ours: ModeStats | None, theirs: ModeStats) -> ModeStats:
    if ours is None or ours.played == 0:
        return replace(theirs)
    return ModeStats(ours.played + theirs.played, ours.won + theirs.won, ours.lost + theirs.lost,
                     ours.drawn + theirs.drawn, ours.points_for + theirs.points_for,
                     ours.points_against + theirs.points_against, max(ours.best_score, theirs.best_score),
                     ours.streak, max(ours.best_streak, theirs.best_streak))


def _add_match(ours: MatchCount | None, theirs: MatchCount) -> MatchCount:
    return MatchCount(theirs.played + (ours.played if ours else 0), theirs.won + (ours.won if ours else 0))


def _add_five(ours: FiveCount | None, theirs: FiveCount) -> FiveCount:
    if ours is None:
        return replace(theirs)
    return FiveCount(ours.taken + theirs.taken, ours.made + theirs.made, ours.game_points + theirs.game_points)


def _merge_whole(here: Any, file: Any, here_cleared: set[str], file_cleared: set[str], attr: str,
                 add: Any) -> tuple[Any, set[str]]:
    """Matches and Briscola chiamata's contracts, kept as counts alone: added whole when
    none of the file's ids are present here, else left as they are."""
    ours = set(_present(here.counted, here_cleared))
    theirs = _present(file.counted, file_cleared)
    if not theirs or any(i in ours for i in theirs):
        return here, set()
    counts = {k: replace(v) for k, v in getattr(here, attr).items()}
    for key, c in getattr(file, attr).items():
        counts[key] = add(counts.get(key), c)
    return type(here)(counts, _add_ids(here.counted, theirs)), set(theirs)


def _merge_people(here: PeopleStats, file: PeopleStats) -> tuple[PeopleStats, set[str]]:
    """The stats per person name, kept as counts alone like the matches: the file's are
    added whole when none of its deals are present here (an id counted and not erased
    by a reset), else left out. Ids added back are no longer erased here."""
    ours = set(_present(here.counted, set(here.cleared)))
    theirs = _present(file.counted, set(file.cleared))
    if not theirs or any(i in ours for i in theirs):
        return here, set()
    out = PeopleStats({name: {k: replace(c) for k, c in modes.items()} for name, modes in here.names.items()},
                      _add_ids(here.counted, theirs), [i for i in here.cleared if i not in theirs])
    for name, modes in file.names.items():
        for key, c in modes.items():
            out.count(name, key, c.played, c.won)
    return out, set(theirs)
