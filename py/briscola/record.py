"""Game records in the ``briscola-record/1`` format (DESIGN.md).

A record holds the whole deal: the rules, seed, dealer, the initial hands, the turned
briscola, the stock in drawing order and every trick. A deal in progress is a record
without a result and with the cards of the unfinished trick under ``current``.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import CardParseError, IllegalMoveError, parse_card
from .game import Game
from .rules import Rules, UnsupportedRuleError

FORMAT = "briscola-record/1"


class RecordError(ValueError):
    """A record that is malformed or does not replay by the rules."""


def to_record(game: Game) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "format": FORMAT,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "dealer": game.dealer,
        "hands": [[str(c) for c in h] for h in game.initial_hands],
        "briscola": str(game.briscola),
        "talon": [str(c) for c in game.talon],
        "tricks": [
            {
                "leader": t.leader,
                "plays": [[s, str(c)] for s, c in t.plays],
                "winner": t.winner,
                "points": t.points,
                "draws": [[s, str(c)] for s, c in t.draws],
            }
            for t in game.tricks
        ],
        "points": list(game.points),
    }
    if game.rules.players in (4, 6):
        rec["team_points"] = game.team_points()
    if game.over:
        rec["result"] = game.result()
    else:
        rec["current"] = [[s, str(c)] for s, c in game.trick]
    return rec


def _cards(items: Any) -> list:
    if not isinstance(items, list):
        raise RecordError(f"expected a list of cards, got {items!r}")
    return [parse_card(c) for c in items]


def _plays(items: Any) -> list[tuple[int, Any]]:
    if not isinstance(items, list):
        raise RecordError(f"expected a list of [seat, card], got {items!r}")
    out = []
    for item in items:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
            raise RecordError(f"expected [seat, card], got {item!r}")
        out.append((item[0], parse_card(item[1])))
    return out


def from_record(rec: Any) -> Game:
    """Replay a record into a :class:`Game`, checking every trick against the rules."""
    try:
        return _replay(rec)
    except (CardParseError, IllegalMoveError, UnsupportedRuleError, KeyError, TypeError) as e:
        raise RecordError(f"record does not replay: {e}") from e
    except ValueError as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(f"record does not replay: {e}") from e


def _replay(rec: Any) -> Game:
    if not isinstance(rec, dict) or rec.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} record")
    rules = Rules.from_dict(rec["rules"])
    dealer = rec["dealer"]
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise RecordError(f"dealer must be a seat 0..{rules.players - 1}, not {dealer!r}")
    game = Game(
        rules,
        [_cards(h) for h in rec["hands"]],
        parse_card(rec["briscola"]),
        _cards(rec["talon"]),
        dealer=dealer,
        seed=rec.get("seed"),
    )
    for i, t in enumerate(rec["tricks"]):
        plays = _plays(t["plays"])
        if len(plays) > game.n:
            raise RecordError(f"trick {i + 1} has {len(plays)} plays for {game.n} seats")
        if t["leader"] != game.turn:
            raise RecordError(f"trick {i + 1}: seat {t['leader']} leads, seat {game.turn} should")
        done = None
        for seat, c in plays:
            if seat != game.turn:
                raise RecordError(f"trick {i + 1}: seat {seat} plays out of turn")
            done = game.play(c)
        if done is None:
            raise RecordError(f"trick {i + 1} is not complete")
        if done.winner != t["winner"] or done.points != t["points"]:
            raise RecordError(f"trick {i + 1}: winner or points differ from the rules")
        if [[s, str(c)] for s, c in done.draws] != t.get("draws", []):
            raise RecordError(f"trick {i + 1}: draws differ from the stock order")
    for seat, c in _plays(rec.get("current", [])):
        if seat != game.turn:
            raise RecordError(f"seat {seat} plays out of turn in the current trick")
        if game.play(c) is not None:
            raise RecordError("the current trick is complete; it belongs under tricks")
    if "points" in rec and list(rec["points"]) != game.points:
        raise RecordError("points differ from the tricks")
    if "team_points" in rec and list(rec["team_points"]) != game.team_points():
        raise RecordError("team points differ from the tricks")
    if "result" in rec and (not game.over or rec["result"] != game.result()):
        raise RecordError("result differs from the points" if game.over else "result of a deal not over")
    return game


def dumps(game: Game) -> str:
    return json.dumps(to_record(game), separators=(",", ":"))


def loads(text: str) -> Game:
    try:
        return from_record(json.loads(text))
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e}") from e
