"""What the app keeps in storage besides the settings and the stats, and its checks: the
deal in progress with its match (:class:`SavedDeal`, :class:`SavedMatch`), and the
switches (sound, cards played, reduced motion, practice games). Every loader raises
:class:`~.storage.BadData` for anything that does not fit: data from storage is refused
here, never trusted (docs/storage.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from briscola.game import Game
from briscola.match import SINGLE, Match, MatchError
from briscola.record import RecordError, from_record
from briscola.rules import AUCTIONS, Rules, UnsupportedRuleError

from .models import HUMAN
from .settings import EXCHANGES, HAND_SIZES, LEVELS, MAX_SEATS, VARIANTS, Settings, check_name
from .stats import MAX_ID_CHARS
from .storage import BadData, is_count

def validate_switch(data: Any) -> bool:
    """A stored switch, ``briscola.sound`` or ``briscola.cards_out``: ``{"on": true}`` or
    ``{"on": false}``, nothing else."""
    if not isinstance(data, dict) or set(data) != {"on"} or not isinstance(data["on"], bool):
        raise BadData("a switch must be {\"on\": true or false}")
    return data["on"]


MAX_SEED = 1 << 53  # seeds the page makes are below 2**31; JSON keeps integers exact below this


MOTION_FIELD = "reduce_motion"
"""The settings form's box for reduced motion (not a :class:`Settings` field: see
:meth:`App.set_reduce_motion`)."""


def validate_motion(data: Any) -> bool:
    """``briscola.motion``: ``{"reduce": true}`` or ``{"reduce": false}``."""
    if not isinstance(data, dict) or set(data) != {"reduce"} or type(data["reduce"]) is not bool:
        raise BadData("motion is {\"reduce\": true or false}")
    return data["reduce"]


PRACTICE_FIELD, AUTOPLAY_FIELD, CARDS_OUT_FIELD, TIPS_FIELD = "practice", "autoplay", "cards_out", "tips"
"""The settings form's boxes for practice games and for playing the last card by itself
(not :class:`Settings` fields: both are kept under ``briscola.play``, see
:meth:`App.set_play_options`), the box for the cards played (``briscola.cards_out``,
:meth:`App.set_cards_out`) and the newcomer's tips (``briscola.tips``, :meth:`App.set_tips`)."""


def validate_play(data: Any) -> dict[str, bool]:
    """``briscola.play``: ``{"practice": bool, "autoplay": bool}``, nothing else."""
    if (not isinstance(data, dict) or set(data) != {PRACTICE_FIELD, AUTOPLAY_FIELD}
            or any(type(v) is not bool for v in data.values())):
        raise BadData("play options are {\"practice\": true or false, \"autoplay\": true or false}")
    return dict(data)


def people_of(s: Settings) -> tuple[str | None, ...] | None:
    """A new deal's people (:attr:`SavedDeal.people`) from the settings: None for one
    person, else a name or None for each page seat."""
    if not s.pass_and_play:
        return None
    persons = s.persons
    return tuple(persons.get(seat) for seat in range(s.players))


def persons_of(people: tuple[str | None, ...] | None) -> tuple[int, ...]:
    """The page seats people play (:attr:`SavedMatch.persons`)."""
    if people is None:
        return (HUMAN,)
    return tuple(s for s, name in enumerate(people) if name is not None)


# -- the match saved with the deal ------------------------------------------------------

RULE_OPTION_TYPES: dict[str, Callable[[Any], bool]] = {
    "hand_size": lambda v: type(v) is int and v in HAND_SIZES,
    "must_follow": lambda v: type(v) is bool,
    "trump": lambda v: v == "first",
    "redeal_ace_three": lambda v: type(v) is bool,
    "trump_exchange": lambda v: v is None or (type(v) is int and v in EXCHANGES),
    "mano_negra": lambda v: type(v) is bool,
    "auction": lambda v: v in AUCTIONS,
}
"""The rules options a page match may set, and the values each may take."""


def options_of(rules: Rules) -> dict[str, Any]:
    """The page's options of ``rules``: those that differ from its preset's own."""
    base = Rules.preset(rules.variant, rules.players)
    return {name: getattr(rules, name) for name in RULE_OPTION_TYPES
            if getattr(rules, name) != getattr(base, name)}


def match_rules(variant: Any, options: Any, players: int) -> Rules:
    """The rules of a match's deals for ``players``; BadData when they are not a page
    variant with page options that the engine plays."""
    if variant not in VARIANTS or not isinstance(options, dict):
        raise BadData("a match needs a variant of this page")
    for name, value in options.items():
        check = RULE_OPTION_TYPES.get(name) if isinstance(name, str) else None
        if check is None or not check(value):
            raise BadData("a match has an option this page does not set")
    try:
        return Rules.preset(variant, players, **options)
    except UnsupportedRuleError as e:
        raise BadData(str(e)) from None


@dataclass
class SavedMatch:
    """The match a deal belongs to: the match, its rules (a preset and the options on
    top), the page seat of each engine seat of the deal, whether this deal's outcome was
    added to the match, the match's id in the stats and whether it was counted there."""

    match: Match
    variant: str
    options: dict[str, Any]
    seats: tuple[int, ...]
    scored: bool = False
    id: str = ""
    counted: bool = False
    persons: tuple[int, ...] = field(default=(HUMAN,), compare=False)
    """The page seats of people (not saved here: the deal's :attr:`SavedDeal.people`)."""

    def rules(self, players: int | None = None) -> Rules:
        return match_rules(self.variant, self.options, self.match.players if players is None else players)

    @property
    def single(self) -> bool:
        return self.match.format == SINGLE

    @property
    def person_out(self) -> bool:
        """The person (every person, in pass-and-play) dropped out of a three-player play-off."""
        return not self.match.over and not any(p in self.match.seats_in_play for p in self.persons)

    @property
    def finished(self) -> bool:
        """Over for the person: won, lost, or dropped out of the play-off."""
        return self.match.over or self.person_out

    @property
    def won(self) -> bool:
        return self.match.over and self.match.winner == 0  # side 0 holds page seat 0

    @property
    def playoff_started(self) -> bool:
        """The last deal scored left two seats tied for the lead, who play on alone."""
        m = self.match
        return (len(m.seats_in_play) < m.players and bool(m.history)
                and len(m.history[-1].sides) == m.players)

    def to_dict(self) -> dict[str, Any]:
        return {"match": self.match.to_dict(), "variant": self.variant, "options": dict(self.options),
                "seats": list(self.seats), "scored": self.scored, "id": self.id, "counted": self.counted}


_MATCH_FIELDS = {"match", "variant", "options", "seats", "scored", "id", "counted"}


def validate_match(data: Any, game: Game, persons: tuple[int, ...] = (HUMAN,)) -> SavedMatch:
    """The match saved with ``game``, checked against it: BadData for anything that does
    not fit (hostile data is refused here, never trusted). ``persons``: the page seats
    people play (the person at the device, or several in pass-and-play)."""
    if not isinstance(data, dict) or set(data) != _MATCH_FIELDS:
        raise BadData("saved match has the wrong fields")
    try:
        match = Match.from_dict(data["match"])
    except MatchError as e:
        raise BadData(str(e)) from None
    seats, scored, counted, match_id = data["seats"], data["scored"], data["counted"], data["id"]
    if not isinstance(scored, bool) or not isinstance(counted, bool):
        raise BadData("saved match has the wrong types")
    if not isinstance(match_id, str) or not 0 < len(match_id) <= MAX_ID_CHARS:
        raise BadData("saved match has a wrong id")
    if (not isinstance(seats, list) or len(seats) != game.n or not all(is_count(s, match.players) for s in seats)
            or len(set(seats)) != len(seats) or not seats
            or (seats[0] != HUMAN if len(persons) == 1 else not any(p in seats for p in persons))):
        raise BadData("saved match has wrong seats")
    saved = SavedMatch(match, data["variant"], data["options"], tuple(seats), scored, match_id, counted, persons)
    saved.rules()  # the match's own player count plays these rules too
    if saved.rules(game.n) != game.rules:
        raise BadData("the deal is not played by the match's rules")
    if scored:
        last = match.history[-1] if match.history else None
        if not game.over or last is None or last.dealer != seats[game.dealer] \
                or last.side_points != game.outcome().side_points:
            raise BadData("the match does not hold this deal's outcome")
    else:
        if match.over or tuple(seats) != match.seats_in_play or seats[game.dealer] != match.next_dealer:
            raise BadData("the deal is not the match's next deal")
    if counted and not saved.finished:
        raise BadData("a match in play was counted")
    return saved


@dataclass
class SavedDeal:
    record: dict[str, Any]
    level: str
    agent_seed: int
    counted: bool = False
    updated: int = 0  # ms since the epoch of the last save; 0 in saves before tabs
    match: SavedMatch | None = None  # None only in saves before matches
    practice: bool = False  # a practice game: the person may take a card back; never counted
    people: tuple[str | None, ...] | None = None
    """Pass-and-play: per page seat of the match, a person's name ("" for the seat's own)
    or None for the computer; None when one person plays (the only shape of earlier
    builds, which therefore never see this field)."""

    @property
    def id(self) -> str:
        """Names the deal in the stats' list of deals counted (the two seeds pick it)."""
        return f"{self.record['seed']:x}-{self.agent_seed:x}"

    def to_dict(self) -> dict[str, Any]:
        out = {"record": self.record, "level": self.level, "agent_seed": self.agent_seed,
               "counted": self.counted, "updated": self.updated}
        if self.match is not None:
            out["match"] = self.match.to_dict()
        if self.practice:  # only then: a tab of an earlier build still reads every other deal
            out["practice"] = True
        if self.people is not None:
            out["people"] = list(self.people)
        return out


_DEAL_FIELDS = {"record", "level", "agent_seed", "counted"}
_DEAL_SHAPES = (_DEAL_FIELDS, _DEAL_FIELDS | {"updated"}, _DEAL_FIELDS | {"updated", "match"},
                *(_DEAL_FIELDS | {"updated", "match"} | extra
                  for extra in ({"people"}, {"practice"}, {"people", "practice"})))


def validate_deal_people(data: Any) -> tuple[str | None, ...]:
    """A saved deal's people: one entry per page seat of its match (checked with the
    match), a name or None, page seat 0 a person, at least two people, no name twice."""
    if not isinstance(data, list) or not 0 < len(data) <= MAX_SEATS or data[0] is None:
        raise BadData("saved people do not fit the match")
    people = tuple(None if name is None else check_name(name) for name in data)
    named = [name.casefold() for name in people if name]
    if sum(name is not None for name in people) < 2 or len(named) != len(set(named)):
        raise BadData("saved people are not several people")
    return people


def validate_deal(data: Any) -> tuple[SavedDeal, Game]:
    if not isinstance(data, dict) or set(data) not in _DEAL_SHAPES:
        raise BadData("saved deal has the wrong fields")
    if not is_count(data["agent_seed"], MAX_SEED) or not isinstance(data["counted"], bool):
        raise BadData("saved deal has the wrong types")
    if not is_count(data.get("updated", 0), MAX_SEED):
        raise BadData("saved deal has a wrong time")
    if data.get("practice", True) is not True:
        raise BadData("a saved deal is marked practice with true, or not at all")
    if data["level"] not in LEVELS:
        raise BadData("saved deal has no level of this page")
    try:
        game = from_record(data["record"])
    except RecordError as e:
        raise BadData(str(e)) from e
    if not is_count(game.seed, MAX_SEED):
        raise BadData("saved deal has a wrong seed")
    if game.rules.variant not in VARIANTS:
        raise BadData("saved deal is not a variant of this page")
    fields = {k: v for k, v in data.items() if k not in ("match", "people")}
    saved = SavedDeal(**fields)
    if "people" in data:
        saved.people = validate_deal_people(data["people"])
    persons = persons_of(saved.people)
    if "match" in data:
        saved.match = validate_match(data["match"], game, persons)
        if saved.people is not None and len(saved.people) != saved.match.match.players:
            raise BadData("saved people do not fit the match")
    else:
        saved.match = single_match_of(saved, game)
    return saved, game


def single_match_of(saved: SavedDeal, game: Game) -> SavedMatch:
    """The one-deal match of a deal saved before matches existed."""
    try:
        options = options_of(game.rules)
        same = match_rules(game.rules.variant, options, game.n) == game.rules
    except (BadData, UnsupportedRuleError) as e:
        raise BadData(f"saved deal is not one this page plays: {e}") from None
    if not same:
        raise BadData("saved deal has rules options this page does not set")
    match = Match.start(SINGLE, game.n, game.dealer)
    return SavedMatch(match, game.rules.variant, options, tuple(range(game.n)), False, "m" + saved.id,
                      saved.counted)
