"""Matches: a series of deals scored by a format (pure logic, no I/O).

The caller plays each deal and hands its outcome to :meth:`Match.add`. An outcome is any
object with ``sides`` (seats of each side), ``side_points`` (card points per side) and
``winner`` (index of the winning side, ``None`` for a draw). The next deal is dealt by
:attr:`Match.next_dealer` among :attr:`Match.seats_in_play`, and its outcome must have the
sides :attr:`Match.deal_sides`.

>>> from collections import namedtuple
>>> Deal = namedtuple("Deal", "sides side_points winner")
>>> m = Match.start("best-of-3", 2)
>>> m.add(Deal(((0,), (1,)), (70, 50), 0))
>>> m.add(Deal(((0,), (1,)), (60, 60), None))
>>> m.score, m.over, m.next_dealer
((1, 0), False, 0)
>>> m.add(Deal(((0,), (1,)), (91, 29), 0))
>>> m.over, m.winner, m.deals_played
(True, 0, 3)
>>> Match.from_dict(m.to_dict()) == m
True

Three players to 12 game points: when two seats tie for the lead at 12 or more, the third
drops out and the two play two-player deals, their outcomes naming those two seats.

>>> m = Match.start("three-players", 3)
>>> for _ in range(6):
...     m.add(Deal(((0,), (1,), (2,)), (50, 50, 20), None))
>>> m.score, m.seats_in_play, m.deal_sides
((6, 6, 0), (0, 1, 2), ((0,), (1,), (2,)))
>>> for _ in range(6):
...     m.add(Deal(((0,), (1,), (2,)), (50, 50, 20), None))
>>> m.score, m.seats_in_play, m.deal_sides, m.over
((12, 12, 0), (0, 1), ((0,), (1,)), False)
>>> m.add(Deal(((0,), (1,)), (30, 90), 1))
>>> m.score, m.winner
((12, 13, 0), 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .core import TOTAL_POINTS as ALL_POINTS
from .core import three_player_game_points
from .core import win_game_points as game_points
from .rules import ALL_PLAYER_COUNTS, CHIAMATA_PLAYERS, Rules

SINGLE = "single"
BEST_OF_3 = "best-of-3"
BEST_OF_5 = "best-of-5"
GAME_POINTS_11 = "game-points-11"
THREE_PLAYERS = "three-players"
POINTS_121 = "points-121"
POINTS_151 = "points-151"

GAME_POINTS_10 = "game-points-10"
"""Briscola chiamata's shortest match in game points."""
CHIAMATA_TO = {GAME_POINTS_10: 10, "game-points-15": 15, "game-points-20": 20}
CHIAMATA_DEALS = {"deals-5": 5, "deals-10": 10}
FIVE_FORMATS = (*CHIAMATA_TO, *CHIAMATA_DEALS)
"""Briscola chiamata's matches: to an agreed total of game points, or a number of deals;
each seat scores for itself, since the sides change every deal."""

MATCH_FORMATS = (SINGLE, BEST_OF_3, BEST_OF_5, GAME_POINTS_11, THREE_PLAYERS, POINTS_121, POINTS_151)
"""The formats of the game with 2, 3, 4 or 6 players."""
ALL_MATCH_FORMATS = MATCH_FORMATS + FIVE_FORMATS

TARGETS = {SINGLE: 1, BEST_OF_3: 2, BEST_OF_5: 3, GAME_POINTS_11: 11, THREE_PLAYERS: 12,
           POINTS_121: 121, POINTS_151: 151, **CHIAMATA_TO, **CHIAMATA_DEALS}
"""What a side must reach to win: deals won, game points or card points."""

DEAL_FORMATS = (SINGLE, BEST_OF_3, BEST_OF_5)
POINTS_FORMATS = (POINTS_121, POINTS_151)
GAME_POINT_PLAYERS = (2, 4, 6)
THREE = 3
PLAY_OFF_SEATS = 2
DEAL_WIN = 1
"""What winning a deal counts in the best-of formats and "single"."""


MAX_DEAL_GAME_POINTS = 8
"""Most game points a seat wins or loses in one Chiamata deal (alone, every point taken)."""
MAX_DEALS = 1000
"""Longest match kept; draws could otherwise prolong one without end."""
SHOWN_CHARS = 40
SHOWN_INT = 10**12

_KEYS = ("format", "players", "first_dealer", "deals")
_DEAL_KEYS = ("dealer", "sides", "side_points", "winner", "score")


class MatchError(ValueError):
    """A format that is not played, a deal that does not fit the match, or bad saved data."""


class DealOutcome(Protocol):
    """What :meth:`Match.add` reads from a finished deal (the engine's ``Outcome``)."""

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def side_points(self) -> tuple[int, ...]: ...
    @property
    def winner(self) -> int | None: ...


@dataclass(frozen=True)
class DealEntry:
    """One played deal: who dealt, its sides and card points, its winning side (an index
    into ``sides``) and the match score after it (per side of the full table)."""

    dealer: int
    sides: tuple[tuple[int, ...], ...]
    side_points: tuple[int, ...]
    winner: int | None
    score: tuple[int, ...]
    game_points: tuple[int, ...] | None = None  # per seat, five players only

    @property
    def thrown_in(self) -> bool:
        """A Chiamata deal everybody passed: no winner, no game points; dealt again."""
        return self.game_points is not None and self.winner is None and not any(self.game_points)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: object) -> str:
    """A short, safe rendering of untrusted input for an error message."""
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if abs(value) <= SHOWN_INT else "a huge integer"
    if isinstance(value, str):
        return repr(value[:SHOWN_CHARS]) + ("..." if len(value) > SHOWN_CHARS else "")
    return f"a {type(value).__name__}"


def check_format(fmt: str, players: int) -> None:
    """Raise :class:`MatchError` unless ``fmt`` is a format that ``players`` can play.

    >>> check_format("game-points-11", 3)
    Traceback (most recent call last):
    ...
    briscola.match.MatchError: game-points-11 is for 2, 4 or 6 players; with 3 use three-players
    """
    if not isinstance(fmt, str) or fmt not in ALL_MATCH_FORMATS:
        raise MatchError(f"unknown match format {_show(fmt)}; one of {', '.join(ALL_MATCH_FORMATS)}")
    if not _is_int(players) or players not in ALL_PLAYER_COUNTS:
        raise MatchError(f"players must be one of {ALL_PLAYER_COUNTS}, not {_show(players)}")
    if (players == CHIAMATA_PLAYERS) != (fmt in FIVE_FORMATS) and fmt != SINGLE:
        raise MatchError(f"{fmt} is not played with {players} players: five players play to "
                         f"{', '.join(FIVE_FORMATS)}, the others not")
    if fmt == THREE_PLAYERS and players != THREE:
        raise MatchError(f"three-players is for 3 players, not {players}")
    if fmt == GAME_POINTS_11 and players not in GAME_POINT_PLAYERS:
        raise MatchError(f"game-points-11 is for 2, 4 or 6 players; with {players} use three-players")


def sides_for(players: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side of the table: alone with 2 or 3, partners alternate with 4 or 6.

    >>> sides_for(4)
    ((0, 2), (1, 3))
    """
    if not _is_int(players) or players not in ALL_PLAYER_COUNTS:
        raise MatchError(f"players must be one of {ALL_PLAYER_COUNTS}, not {_show(players)}")
    return Rules.standard(players).teams


def _int_tuple(value: object, what: str, max_len: int) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or len(value) > max_len:
        raise MatchError(f"{what} must be a list of at most {max_len} integers")
    if not all(_is_int(v) for v in value):
        raise MatchError(f"{what} must hold integers only")
    return tuple(value)


@dataclass
class Match:
    """A match in progress or over. Build it with :meth:`start`; feed it every finished deal
    with :meth:`add`.

    ``score`` is per side of the full table (:func:`sides_for`): deals won, game points or
    card points according to the format. With three players sides are seats, so
    ``winner`` is a seat.
    """

    format: str
    players: int
    first_dealer: int = 0
    history: list[DealEntry] = field(default_factory=list, init=False)
    _score: list[int] = field(init=False, repr=False, compare=False)
    _in_play: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _dealer: int = field(init=False, repr=False, compare=False)
    _over: bool = field(default=False, init=False, repr=False, compare=False)
    _winner: int | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_format(self.format, self.players)
        if not _is_int(self.first_dealer) or not 0 <= self.first_dealer < self.players:
            raise MatchError(f"the first dealer must be a seat from 0 to {self.players - 1}, "
                             f"not {_show(self.first_dealer)}")
        self._score = [0] * len(sides_for(self.players))
        self._in_play = tuple(range(self.players))
        self._dealer = self.first_dealer

    @classmethod
    def start(cls, fmt: str, players: int, first_dealer: int = 0) -> Match:
        """A new match; :class:`MatchError` if the format does not suit ``players``."""
        return cls(fmt, players, first_dealer)

    @property
    def over(self) -> bool:
        return self._over

    @property
    def winner(self) -> int | None:
        """The winning side (a seat with three players); None while playing or after a
        drawn single deal."""
        return self._winner

    @property
    def score(self) -> tuple[int, ...]:
        return tuple(self._score)

    @property
    def target(self) -> int:
        return TARGETS[self.format]

    @property
    def deals_played(self) -> int:
        """Every deal dealt, a thrown-in one too (the records hold each)."""
        return len(self.history)

    @property
    def deals_counted(self) -> int:
        """The deals that count in the match: all but Chiamata's thrown-in deals (the match
        bar's "Deal 3" counts these)."""
        return sum(1 for d in self.history if not d.thrown_in)

    @property
    def next_dealer(self) -> int:
        """The seat that deals next: the next seat in play after the last dealer."""
        return self._dealer

    @property
    def seats_in_play(self) -> tuple[int, ...]:
        """Every seat, except in a three-player play-off: the two seats tied for the lead."""
        return self._in_play

    @property
    def deal_sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides the next deal's outcome must have: the table's sides, or in a
        three-player play-off ``((a,), (b,))`` for the two seats in play, in seat order.
        With five players the call makes the sides of each deal: any split of the seats."""
        if len(self._in_play) == self.players:
            return sides_for(self.players)
        return tuple((seat,) for seat in self._in_play)

    def add(self, outcome: DealOutcome) -> None:
        """Score a finished deal dealt by :attr:`next_dealer`.

        Raises :class:`MatchError` when the match is over or the outcome does not fit it.
        """
        missing = [a for a in ("sides", "side_points", "winner") if not hasattr(outcome, a)]
        if missing:
            raise MatchError(f"a deal outcome needs {', '.join(missing)}")
        self._add(outcome.sides, outcome.side_points, outcome.winner, getattr(outcome, "game_points", None))

    def add_deal(self, outcome: DealOutcome) -> None:
        """Score a deal played by :attr:`seats_in_play` and numbered from 0 in the deal,
        as the engine numbers them (a play-off deal is a two-player game whose seat i is
        ``seats_in_play[i]``)."""
        seats = self._in_play
        try:
            sides = tuple(tuple(seats[s] for s in side) for side in outcome.sides)
        except (IndexError, TypeError):
            raise MatchError(f"the deal's sides must number the {len(seats)} seats in play from 0") from None
        self._add(sides, outcome.side_points, outcome.winner, getattr(outcome, "game_points", None))

    def _add(self, sides: Any, side_points: Any, winner: Any, game_points: Any = None) -> None:
        if self._over:
            raise MatchError("the match is over")
        if len(self.history) >= MAX_DEALS:
            raise MatchError(f"a match holds at most {MAX_DEALS} deals")
        if self.players == CHIAMATA_PLAYERS:
            return self._add_five(sides, side_points, winner, game_points)
        expected = self.deal_sides
        if not isinstance(sides, (list, tuple)) or len(sides) != len(expected):
            raise MatchError(f"the deal's sides must be {expected}")
        got = tuple(_int_tuple(side, "a side", self.players) for side in sides)
        if got != expected:
            raise MatchError(f"the deal's sides must be {expected}, the seats in play")
        points = _int_tuple(side_points, "side_points", len(expected))
        if len(points) != len(expected):
            raise MatchError(f"side_points must give {len(expected)} numbers, one per side")
        if any(not 0 <= p <= ALL_POINTS for p in points) or sum(points) > ALL_POINTS:
            raise MatchError(f"side_points must be 0 to {ALL_POINTS} and add up to at most {ALL_POINTS}")
        if winner is not None and (not _is_int(winner) or not 0 <= winner < len(expected)):
            raise MatchError(f"winner must be a side index below {len(expected)} or None, not {_show(winner)}")
        self._score_deal(got, points, winner)

    def _score_deal(self, sides: tuple[tuple[int, ...], ...], points: tuple[int, ...],
                    winner: int | None) -> None:
        match_side = self._sides_in_play()
        if self.format in POINTS_FORMATS:
            gains = points
        elif self.format == THREE_PLAYERS and len(sides) == THREE:
            gains = three_player_game_points(points, winner)
        else:
            won = 0
            if winner is not None:
                won = DEAL_WIN if self.format in DEAL_FORMATS else game_points(points[winner])
            gains = tuple(won if i == winner else 0 for i in range(len(points)))
        for i, gain in enumerate(gains):
            self._score[match_side[i]] += gain

        dealer = self._dealer
        self.history.append(DealEntry(dealer, sides, points, winner, tuple(self._score)))
        if self.format == SINGLE:
            self._over = True
            self._winner = None if winner is None else match_side[winner]
        else:
            self._settle()
        self._dealer = min(self._in_play, key=lambda seat: (seat - dealer - 1) % self.players)

    def _add_five(self, sides: Any, side_points: Any, winner: Any, game_points: Any) -> None:
        """A Chiamata deal: the call made the sides; every seat scores its game points.
        A thrown-in deal (no winner, no game points) is dealt again by the same seat."""
        n = self.players
        if not isinstance(sides, (list, tuple)) or not 2 <= len(sides) <= n:
            raise MatchError("a five-player deal's sides must split the five seats")
        got = tuple(_int_tuple(side, "a side", n) for side in sides)
        if sorted(s for side in got for s in side) != list(range(n)):
            raise MatchError("a five-player deal's sides must hold each seat once")
        points = _int_tuple(side_points, "side_points", len(got))
        if len(points) != len(got) or any(not 0 <= p <= ALL_POINTS for p in points) or sum(points) > ALL_POINTS:
            raise MatchError(f"side_points must give one number per side, 0 to {ALL_POINTS} in all")
        if winner is not None and (not _is_int(winner) or not 0 <= winner < len(got)):
            raise MatchError(f"winner must be a side index below {len(got)} or None, not {_show(winner)}")
        gains = _int_tuple(game_points, "game_points", n)
        if len(gains) != n or sum(gains) != 0 or any(abs(g) > MAX_DEAL_GAME_POINTS for g in gains):
            raise MatchError(f"game_points must give {n} numbers from -8 to 8 adding up to zero")
        for seat, gain in enumerate(gains):
            self._score[seat] += gain
        dealer = self._dealer
        self.history.append(DealEntry(dealer, got, points, winner, tuple(self._score), gains))
        if self.history[-1].thrown_in:
            return
        played = self.deals_counted
        best = max(self._score)
        leaders = [s for s in range(n) if self._score[s] == best]
        done = (played >= 1 if self.format == SINGLE
                else played >= CHIAMATA_DEALS[self.format] if self.format in CHIAMATA_DEALS
                else best >= self.target)
        if done and len(leaders) == 1:
            self._over, self._winner = True, leaders[0]
        elif done and self.format == SINGLE:
            self._over = True
        self._dealer = (dealer + 1) % n

    def _sides_in_play(self) -> tuple[int, ...]:
        """Indices into the match's sides still playing (seats in a three-player play-off)."""
        if len(self._in_play) == self.players:
            return tuple(range(len(self._score)))
        return self._in_play

    def _settle(self) -> None:
        in_play = self._sides_in_play()
        best = max(self._score[s] for s in in_play)
        if best < self.target:
            return
        leaders = tuple(s for s in in_play if self._score[s] == best)
        if len(leaders) == 1:
            self._over, self._winner = True, leaders[0]
        elif self.format == THREE_PLAYERS and len(leaders) == PLAY_OFF_SEATS:
            self._in_play = leaders

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data; :meth:`from_dict` rebuilds an equal match."""
        return {
            "format": self.format,
            "players": self.players,
            "first_dealer": self.first_dealer,
            "deals": [self._entry_dict(d) for d in self.history],
        }

    def _entry_dict(self, d: DealEntry) -> dict[str, Any]:
        entry: dict[str, Any] = {"dealer": d.dealer, "sides": [list(s) for s in d.sides],
                                 "side_points": list(d.side_points), "winner": d.winner, "score": list(d.score)}
        if self.players == CHIAMATA_PLAYERS:
            entry["game_points"] = list(d.game_points or ())
        return entry

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        """Rebuild a match from :meth:`to_dict` data by replaying its deals; anything
        malformed or inconsistent raises :class:`MatchError`."""
        _check_keys(data, _KEYS, "a match")
        match = cls.start(data["format"], data["players"], data["first_dealer"])
        deals = data["deals"]
        if not isinstance(deals, list) or len(deals) > MAX_DEALS:
            raise MatchError(f"deals must be a list of at most {MAX_DEALS} deals")
        for number, deal in enumerate(deals, 1):
            five = match.players == CHIAMATA_PLAYERS
            _check_keys(deal, _DEAL_KEYS + (("game_points",) if five else ()), f"deal {number}")
            if not _is_int(deal["dealer"]) or deal["dealer"] != match.next_dealer:
                raise MatchError(f"deal {number} must be dealt by seat {match.next_dealer}")
            match._add(deal["sides"], deal["side_points"], deal["winner"], deal.get("game_points"))
            score = deal["score"]
            if not isinstance(score, list) or not all(_is_int(v) for v in score) \
                    or tuple(score) != match.score:
                raise MatchError(f"deal {number}'s score must be {list(match.score)}")
        return match


def _check_keys(data: Any, keys: tuple[str, ...], what: str) -> None:
    if not isinstance(data, dict):
        raise MatchError(f"{what} must be an object")
    if set(data) != set(keys):
        raise MatchError(f"{what} must have exactly the keys {', '.join(keys)}")
