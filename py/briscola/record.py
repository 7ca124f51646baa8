"""Game records: ``briscola-record/2`` written, ``/2`` and ``/1`` read (docs/records.md).

A record holds the whole deal: the rules, seed, dealer, the cards turned and put back,
the initial hands, the turned briscola, the stock in drawing order, every action in
order, the tricks they made and the outcome. A deal in progress is a record without an
outcome, its unfinished trick under ``current``. A match record holds its deals and the
running score (:func:`match_record`, :func:`load_match`). The JSON Schema of both is
docs/briscola-record-2.schema.json.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from itertools import accumulate
from typing import Any

from .cards import ALL_CARDS, SUITS, Card, CardParseError, IllegalMoveError
from .game import Game
from .match import MAX_DEALS, Match, MatchError
from .model import parse_action
from .rules import ALL_PLAYER_COUNTS, Rules

FORMAT = "briscola-record/2"
FORMAT_1 = "briscola-record/1"
FORMATS = (FORMAT, FORMAT_1)

SEED_MIN, SEED_MAX = -(1 << 63), (1 << 63) - 1
"""The seeds a record may hold: 64-bit signed integers (or null)."""

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects that :func:`loads` parses (a record needs 5)."""

MAX_CARDS = 40
MAX_ACTIONS = 200
"""Most actions in a deal: 40 cards, and Chiamata's auction (at most 70 bids and 5 passes)."""
MAX_RULE_NUMBER = 1000
MAX_POINTS = 120

_REQUIRED = ("format", "rules", "dealer", "hands", "briscola", "talon", "tricks")
_OPTIONAL = ("seed", "points", "team_points", "result", "current")
_REQUIRED_2 = ("format", "rules", "dealer", "hands", "briscola", "talon", "actions", "tricks")
_OPTIONAL_2 = ("seed", "redeals", "trump", "sides", "points", "side_points", "current", "winner", "result",
               "game_points", "early_win", "auction", "called", "caller", "partner", "thrown_in")
_OUTCOME_2 = ("winner", "result", "game_points", "early_win")
_TRICK_FIELDS = ("leader", "plays", "winner", "points", "draws")
_CARD_OF = {str(c): c for c in ALL_CARDS}


class RecordError(ValueError):
    """A record that is malformed or does not replay by the rules."""


def _pairs(items) -> list[list]:
    return [[s, str(c)] for s, c in items]


def to_record(game: Game) -> dict[str, Any]:
    """The ``briscola-record/2`` record of a deal, finished or in progress."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "dealer": game.dealer,
        "redeals": [str(c) for c in game.redeals],
        "hands": [[str(c) for c in h] for h in game.initial_hands],
        "briscola": None if game.initial_briscola is None else str(game.initial_briscola),
        "talon": [str(c) for c in game.talon],
        "actions": [[s, str(a)] for s, a in game.actions],
        "tricks": [
            {"leader": t.leader, "plays": _pairs(t.plays), "winner": t.winner, "points": t.points,
             "draws": _pairs(t.draws)}
            for t in game.tricks
        ],
        "trump": None if game.trump is None else SUITS[game.trump],
        "sides": [list(side) for side in game.sides],
        "points": list(game.points),
        "side_points": game.team_points(),
    }
    if game.rules.trump == "called":
        rec["auction"] = [[s, "pass" if b is None else b] for s, b in game.auction]
        rec.update(called=None if game.called is None else str(game.called), caller=game.caller,
                   partner=game.partner, thrown_in=game.thrown_in)
    if game.over:
        out = game.outcome()
        rec.update(winner=out.winner, result=list(out.result), game_points=list(out.game_points),
                   early_win=out.early_win)
    else:
        rec["current"] = _pairs(game.trick)
    return rec


def to_record_1(game: Game) -> dict[str, Any]:
    """The ``briscola-record/1`` record of a standard deal without exchanges, for tools
    that read only the first format (:func:`from_record` reads both)."""
    if game.briscola is None or game.exchanges or game.early_win is not None or game.redeals:
        raise ValueError(f"{FORMAT_1} holds only deals with a turned card and no other action than plays")
    rec: dict[str, Any] = {
        "format": FORMAT_1,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "dealer": game.dealer,
        "hands": [[str(c) for c in h] for h in game.initial_hands],
        "briscola": str(game.briscola),
        "talon": [str(c) for c in game.talon],
        "tricks": [{"leader": t.leader, "plays": _pairs(t.plays), "winner": t.winner, "points": t.points,
                    "draws": _pairs(t.draws)} for t in game.tricks],
        "points": list(game.points),
    }
    if game.rules.players in (4, 6):
        rec["team_points"] = game.team_points()
    if game.over:
        rec["result"] = game.result()
    else:
        rec["current"] = _pairs(game.trick)
    return rec


def describe_value(value: Any) -> str:
    """A short one-line description of any value for an error message: never a deep or
    huge ``repr``, and never an exception."""
    if value is None or type(value) in (bool, float):
        return repr(value)
    if type(value) is int:
        return repr(value) if abs(value) < 10 ** 18 else f"an integer of {value.bit_length()} bits"
    if isinstance(value, str):
        return repr(value if len(value) <= 24 else value[:21] + "...")
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return f"an object of {len(value)} fields"
    return f"a {type(value).__name__}"


def _int(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise RecordError(f"{where}: expected an integer, got {describe_value(value)}")
    if not low <= value <= high:
        raise RecordError(f"{where} must be {low}..{high}, not {describe_value(value)}")
    return value


def _list(value: Any, where: str, longest: int) -> list:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list, got {describe_value(value)}")
    if len(value) > longest:
        raise RecordError(f"{where}: {len(value)} items, at most {longest}")
    return value


def _fields(value: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    if not isinstance(value, dict):
        raise RecordError(f"{where}: expected an object, got {describe_value(value)}")
    unknown = [k for k in value if k not in required and k not in optional]
    if unknown:
        raise RecordError(f"{where}: unknown fields {', '.join(describe_value(k) for k in unknown[:5])}")
    missing = [k for k in required if k not in value]
    if missing:
        raise RecordError(f"{where}: missing fields {', '.join(missing)}")
    return value


def _card(value: Any, where: str) -> Card:
    card = _CARD_OF.get(value) if isinstance(value, str) else None
    if card is None:
        what = "not a card in record notation" if isinstance(value, str) else "expected a card like 1D, got"
        raise RecordError(f"{where}: {what} {describe_value(value)}")
    return card


def _cards(items: Any, where: str) -> list[Card]:
    return [_card(c, f"{where} card {i + 1}") for i, c in enumerate(_list(items, where, MAX_CARDS))]


def _plays(items: Any, where: str, longest: int) -> list[tuple[int, Card]]:
    out = []
    for i, item in enumerate(_list(items, where, longest)):
        if not (isinstance(item, list) and len(item) == 2):
            raise RecordError(f"{where}: expected [seat, card], got {describe_value(item)}")
        seat = item[0]
        if type(seat) is not int:
            raise RecordError(f"{where}: expected a seat number, got {describe_value(seat)}")
        out.append((seat, _card(item[1], f"{where} item {i + 1}")))
    return out


_NULLABLE_RULES = {"trump_exchange": int, "auction": str}
"""Rules options that may be null, and their type otherwise."""


def _rules(data: Any) -> Rules:
    if not isinstance(data, dict):
        raise RecordError(f"rules: expected an object, got {describe_value(data)}")
    defaults = {f.name: f.default for f in fields(Rules)}
    unknown = [k for k in data if k not in defaults]
    if unknown:
        raise RecordError(f"unknown rules options: {', '.join(describe_value(k) for k in unknown[:5])}")
    if "players" not in data:
        raise RecordError("rules need a player count")
    for name, value in data.items():
        kind = _NULLABLE_RULES.get(name) or type(defaults[name])
        if value is None and name in _NULLABLE_RULES:
            continue
        if kind is int:
            _int(value, f"rules.{name}", 0, MAX_RULE_NUMBER)
        elif type(value) is not kind:
            raise RecordError(f"rules.{name}: expected a {kind.__name__}, got {describe_value(value)}")
    if data["players"] not in ALL_PLAYER_COUNTS:
        raise RecordError(f"rules.players must be one of {', '.join(map(str, ALL_PLAYER_COUNTS))}")
    return Rules.from_dict(data)


def from_record(rec: Any) -> Game:
    """Replay a record into a :class:`Game`, checking every field and every trick against
    the rules; anything else raises :class:`RecordError`."""
    try:
        return _replay(rec)
    except RecordError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, RecursionError) as e:
        raise RecordError(f"record does not replay: {' '.join(str(e).split())[:300]}") from e


def _replay(rec: Any) -> Game:
    if not isinstance(rec, dict) or type(rec.get("format")) is not str or rec["format"] not in FORMATS:
        raise RecordError(f"not a {FORMAT} (or {FORMAT_1}) record")
    if rec["format"] == FORMAT:
        return _replay_2(rec)
    _fields(rec, "record", _REQUIRED, _OPTIONAL)
    game = _layout(rec, _card(rec["briscola"], "briscola"))
    n = game.n
    for i, t in enumerate(_list(rec["tricks"], "tricks", MAX_CARDS)):
        where = f"trick {i + 1}"
        _fields(t, where, _TRICK_FIELDS)
        plays = _plays(t["plays"], f"{where} plays", MAX_CARDS)
        if len(plays) > n:
            raise RecordError(f"{where} has {len(plays)} plays for {n} seats")
        leader = _int(t["leader"], f"{where} leader", 0, n - 1)
        if leader != game.turn:
            raise RecordError(f"{where}: seat {leader} leads, seat {game.turn} should")
        winner = _int(t["winner"], f"{where} winner", 0, n - 1)
        points = _int(t["points"], f"{where} points", 0, MAX_POINTS)
        draws = _plays(t["draws"], f"{where} draws", n)
        if game.over:
            raise RecordError(f"{where} is played after the end of the deal")
        done = None
        for seat, c in plays:
            if seat != game.turn:
                raise RecordError(f"{where}: seat {describe_value(seat)} plays out of turn")
            done = game.play(c)
        if done is None:
            raise RecordError(f"{where} is not complete")
        if done.winner != winner or done.points != points:
            raise RecordError(f"{where}: winner or points differ from the rules")
        if list(done.draws) != draws:
            raise RecordError(f"{where}: draws differ from the stock order")
    if "current" in rec:
        if game.over:
            raise RecordError("a finished deal has no current trick")
        for seat, c in _plays(rec["current"], "current", n):
            if seat != game.turn:
                raise RecordError(f"seat {describe_value(seat)} plays out of turn in the current trick")
            if game.play(c) is not None:
                raise RecordError("the current trick is complete; it belongs under tricks")
    if "points" in rec and _numbers(rec["points"], "points", n) != game.points:
        raise RecordError("points differ from the tricks")
    if "team_points" in rec:
        if n not in (4, 6):
            raise RecordError(f"team points in a game of {n} players, who play alone")
        if _numbers(rec["team_points"], "team_points", 2) != game.team_points():
            raise RecordError("team points differ from the tricks")
    if "result" in rec:
        if not game.over:
            raise RecordError("result of a deal not over")
        result = _list(rec["result"], "result", n)
        if not all(isinstance(r, str) for r in result) or result != game.result():
            raise RecordError("result differs from the points")
    return game


def _numbers(items: Any, where: str, count: int) -> list[int]:
    values = [_int(v, where, 0, MAX_POINTS) for v in _list(items, where, count)]
    if len(values) != count:
        raise RecordError(f"{where}: {len(values)} numbers for {count}")
    return values


def dumps(game: Game) -> str:
    return json.dumps(to_record(game), separators=(",", ":"))


_JSON_STRINGS = re.compile(r'"(?:[^"\\]+|\\.)*"?', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _nesting(text: str) -> int:
    """How deep arrays and objects nest in JSON text (strings skipped), without parsing it."""
    brackets = _NOT_BRACKETS.sub("", _JSON_STRINGS.sub("", text))
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)


def loads(text: str | bytes) -> Game:
    """Read a record from JSON text; anything that is not a valid record raises
    :class:`RecordError`."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"not UTF-8 text: {e}") from None
    if not isinstance(text, str):
        raise RecordError(f"expected JSON text, got {describe_value(text)}")
    if _nesting(text) > MAX_DEPTH:
        raise RecordError(f"not a record: nested deeper than {MAX_DEPTH}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:  # JSONDecodeError, or an integer too long to read
        raise RecordError(f"not JSON: {' '.join(str(e).split())[:300]}") from None
    return from_record(data)


# -- briscola-record/2 -------------------------------------------------------------------

def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _layout(rec: dict, briscola: Card | None, redeals: list[Card] | None = None) -> Game:
    """The deal as dealt: rules, dealer, seed, hands and stock, checked."""
    rules = _rules(rec["rules"])
    n = rules.players
    dealer = rec["dealer"]
    if type(dealer) is not int or not 0 <= dealer < n:
        raise RecordError(f"dealer must be a seat 0..{n - 1}, not {describe_value(dealer)}")
    seed = rec.get("seed")
    if seed is not None:
        _int(seed, "seed", SEED_MIN, SEED_MAX)
    hands = [_cards(h, f"hand {i + 1}") for i, h in enumerate(_list(rec["hands"], "hands", n))]
    return Game(rules, hands, briscola, _cards(rec["talon"], "talon"), dealer=dealer, seed=seed,
                redeals=redeals or ())


def _replay_2(rec: dict) -> Game:
    _fields(rec, "record", _REQUIRED_2, _OPTIONAL_2)
    briscola = None if rec["briscola"] is None else _card(rec["briscola"], "briscola")
    game = _layout(rec, briscola, _cards(rec.get("redeals", []), "redeals"))
    for i, item in enumerate(_list(rec["actions"], "actions", MAX_ACTIONS)):
        where = f"action {i + 1}"
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int and isinstance(item[1], str)):
            raise RecordError(f"{where}: expected [seat, action], got {describe_value(item)}")
        seat, text = item
        if game.over:
            raise RecordError(f"{where} comes after the end of the deal")
        if seat != game.turn:
            raise RecordError(f"{where}: seat {describe_value(seat)} acts out of turn (seat {game.turn} should)")
        try:
            action = parse_action(text)
            if str(action) != text:
                raise CardParseError(f"write {str(action)!r}, not {describe_value(text)}")
            game.apply(action)
        except (CardParseError, IllegalMoveError) as e:
            raise RecordError(f"{where}: {e}") from None
    canonical = to_record(game)
    for name in _OPTIONAL_2 + ("tricks",):
        if name in rec and name != "seed" and name != "redeals":
            if name not in canonical:
                what = "a finished deal has no current trick" if name == "current" else "the deal is not over"
                raise RecordError(f"{name}: {what}")
            if _canonical(rec[name]) != _canonical(canonical[name]):
                raise RecordError(f"{name} differs from the replay of the actions")
    return game


MATCH_KIND = "match"
_MATCH_REQUIRED = ("format", "match", "players", "first_dealer", "deals", "seats", "score")
_MATCH_OPTIONAL = ("winner", "over")
MAX_MATCH_DEALS = MAX_DEALS
"""A match record holds as many deals as a match may last (:data:`briscola.match.MAX_DEALS`)."""


def match_record(match: Match, deals: list[Game]) -> dict[str, Any]:
    """A ``briscola-record/2`` match record: the format, each deal's record, the seats
    of the match that played it, and the running score after each deal."""
    if len(deals) != match.deals_played:
        raise ValueError(f"{len(deals)} deals for a match of {match.deals_played}")
    seats = []
    replay = Match.start(match.format, match.players, match.first_dealer)
    for game in deals:
        seats.append(list(replay.seats_in_play))
        replay.add_deal(game.outcome())
    return {
        "format": FORMAT,
        "match": match.format,
        "players": match.players,
        "first_dealer": match.first_dealer,
        "deals": [to_record(g) for g in deals],
        "seats": seats,
        "score": [list(d.score) for d in match.history],
        "winner": match.winner,
        "over": match.over,
    }


def load_match(rec: Any) -> tuple[Match, list[Game]]:
    """Replay a match record: every deal, then the match from their outcomes; any
    difference from what the record says raises :class:`RecordError`."""
    try:
        return _load_match(rec)
    except RecordError:
        raise
    except (MatchError, ValueError, KeyError, TypeError, IndexError, RecursionError) as e:
        raise RecordError(f"match record does not replay: {' '.join(str(e).split())[:300]}") from e


def _load_match(rec: Any) -> tuple[Match, list[Game]]:
    if not isinstance(rec, dict) or rec.get("format") != FORMAT or MATCH_KIND not in rec:
        raise RecordError(f"not a {FORMAT} match record")
    _fields(rec, "match record", _MATCH_REQUIRED, _MATCH_OPTIONAL)
    fmt, players, first = rec["match"], rec["players"], rec["first_dealer"]
    if not isinstance(fmt, str) or type(players) is not int or type(first) is not int:
        raise RecordError("match, players and first_dealer must be a format name and two integers")
    match = Match.start(fmt, players, first)
    deals = _list(rec["deals"], "deals", MAX_MATCH_DEALS)
    seats = _list(rec["seats"], "seats", MAX_MATCH_DEALS)
    score = _list(rec["score"], "score", MAX_MATCH_DEALS)
    if not len(deals) == len(seats) == len(score):
        raise RecordError("deals, seats and score must have one entry per deal")
    games = []
    for i, deal in enumerate(deals):
        where = f"deal {i + 1}"
        if match.over:
            raise RecordError(f"{where} is played after the end of the match")
        game = from_record(deal)
        if _canonical(seats[i]) != _canonical(list(match.seats_in_play)):
            raise RecordError(f"{where}: seats must be {list(match.seats_in_play)}")
        if game.n != len(match.seats_in_play) or game.dealer != match.seats_in_play.index(match.next_dealer):
            raise RecordError(f"{where}: dealt by the wrong seat or for the wrong table")
        if not game.over:
            raise RecordError(f"{where} is not finished")
        match.add_deal(game.outcome())
        if _canonical(score[i]) != _canonical(list(match.score)):
            raise RecordError(f"{where}: the score after it must be {list(match.score)}")
        games.append(game)
    for name, value in (("winner", match.winner), ("over", match.over)):
        if name in rec and _canonical(rec[name]) != _canonical(value):
            raise RecordError(f"{name} differs from the replay")
    return match, games
