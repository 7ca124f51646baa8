"""Player settings: what can be chosen and what is remembered.

Three stored values: ``briscola.settings`` keeps what every build of the page has read
(players, deck, speed, level, language) in the same shape, ``briscola.variant`` the way
of playing (the variant, its options and the match format), and ``briscola.people`` who
plays at this device (pass-and-play: which seats are people, and their names). A tab
still running an earlier build therefore never sees a setting it does not know (it
would set the whole value aside), and settings stored before variants (or people)
existed load as the standard game against the computer.

Which options a variant offers, and which combinations are refused, is decided by the
engine: :func:`rules_for` asks :meth:`briscola.rules.Rules.preset`, and
:func:`check_format <briscola.match.check_format>` says which match formats suit the
player count. :func:`normalize` turns any choice made in the form into one the engine
plays.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from briscola.match import (ALL_MATCH_FORMATS, GAME_POINTS_10, GAME_POINTS_11, THREE_PLAYERS, MatchError,
                            check_format)
from briscola.rules import (ALL_PLAYER_COUNTS, AUCTIONS, CHIAMATA_PLAYERS, FIVE_PLAYER_PRESETS, PRESETS, Rules,
                            UnsupportedRuleError)

from .i18n import LANGUAGE_CODES, LEGACY
from .storage import BadData

DECKS = ("italian", "spanish", "french")
BASE_DECKS = ("italian", "french")
"""The decks every build reads in ``briscola.settings``. Another (the Spanish) is kept
under ``briscola.deck`` with ``"italian"``, its suits, in ``briscola.settings``, so a tab
still on an earlier build never sets the settings aside (see :meth:`Settings.deck_dict`)."""
SPEEDS = ("slow", "normal", "fast")
LEVELS = ("easy", "medium", "hard", "expert")
DEFAULT_LEVEL = "medium"
PAGE_VARIANTS = ("standard", "piemonte", "sud", "briscolone", "scoperta", "dupla", "bisca", "chiamata")
VARIANTS = tuple(v for v in PAGE_VARIANTS if v in PRESETS or v in FIVE_PLAYER_PRESETS)
"""The presets the page plays; Briscola chiamata is the one for five players."""
CHIAMATA = "chiamata"
HAND_SIZES = (3, 5)
EXCHANGES = (0, 2, 7)  # 0: no exchange; else the rank of trump that takes the turned card

BASE_FIELDS = ("players", "deck", "speed", "level", "lang")
VARIANT_FIELDS = ("variant", "hand_size", "must_follow", "first_trump", "redeal", "exchange",
                  "mano_negra", "match", "auction")

NO_TURNED_CARD_OPTIONS = ("hand_size", "must_follow", "first_trump")
TURNED_CARD_OPTIONS = ("redeal", "exchange", "mano_negra")
AUCTION_OPTIONS = ("auction",)
OPTION_FIELDS = NO_TURNED_CARD_OPTIONS + TURNED_CARD_OPTIONS + AUCTION_OPTIONS
FLAG_FIELDS = ("must_follow", "first_trump", "redeal", "mano_negra")
PEOPLE_FIELD = "people"
MAX_SEATS = max(ALL_PLAYER_COUNTS)
MAX_NAME_CHARS = 20


@dataclass(frozen=True)
class Pace:
    """Milliseconds the page waits so a person can follow the computer's play."""

    before_move: int  # a computer player "thinks" at least this long
    trick_shown: int  # a finished trick stays on the table this long


PACES = {
    "slow": Pace(before_move=1100, trick_shown=1900),
    "normal": Pace(before_move=600, trick_shown=1200),
    "fast": Pace(before_move=200, trick_shown=500),
}


@dataclass(frozen=True)
class Settings:
    players: int = 2
    deck: str = "italian"
    speed: str = "normal"
    level: str = DEFAULT_LEVEL
    lang: str = "en"
    variant: str = "standard"
    hand_size: int = 3  # Briscolone: 3 or 5 (5 with two players)
    must_follow: bool = False  # Briscolone
    first_trump: bool = False  # Briscolone: the first card played fixes trump
    redeal: bool = False  # a turned ace or three goes back under the stock
    exchange: int = 0  # 2 or 7: that trump may take the turned card
    mano_negra: bool = False
    match: str = "single"
    auction: str = "ranks"  # Briscola chiamata: ranks; ranks, then points; points
    people: tuple[str | None, ...] = ("",)
    """Who plays at this device, by page seat: a person's name ("" for the seat's own
    name, translated), or None for the computer; seats past the end are the computer's.
    Page seat 0 is always a person."""

    @property
    def pace(self) -> Pace:
        return PACES[self.speed]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def base_dict(self) -> dict[str, Any]:
        """What ``briscola.settings`` holds (the shape and values every build reads)."""
        return {**{name: getattr(self, name) for name in BASE_FIELDS}, "deck": settings_deck(self.deck)}

    def deck_dict(self) -> dict[str, Any] | None:
        """What ``briscola.deck`` holds: ``{"deck": "spanish"}``, or None (the key is
        cleared) for a deck ``briscola.settings`` holds itself."""
        return None if self.deck in BASE_DECKS else {"deck": self.deck}

    def variant_dict(self) -> dict[str, Any]:
        """What ``briscola.variant`` holds."""
        return {name: getattr(self, name) for name in VARIANT_FIELDS}

    def people_dict(self) -> dict[str, Any]:
        """What ``briscola.people`` holds."""
        return {"seats": list(self.people)}

    @property
    def persons(self) -> dict[int, str]:
        """The seats of this player count that people play, with their names as set
        ("" for the seat's own); always page seat 0."""
        out = {0: self.people[0] or ""}
        out.update((s, name) for s, name in enumerate(self.people) if 0 < s < self.players and name is not None)
        return out

    @property
    def pass_and_play(self) -> bool:
        """Several people share this device (their hands are hidden between turns)."""
        return len(self.persons) > 1

    def updated(self, **changes: Any) -> Settings:
        return validate_settings({**self.to_dict(), **changes})

    @property
    def rules(self) -> Rules:
        """The rules of a deal with these settings (all players at the table)."""
        return rules_for(self)

    @property
    def rule_options(self) -> dict[str, Any]:
        return rule_options(self)


def settings_deck(deck: str) -> str:
    """The deck ``briscola.settings`` holds when ``deck`` is chosen: the deck itself, or
    for one that earlier builds do not know, the deck of the same suits (Spanish: Italian)."""
    return deck if deck in BASE_DECKS else BASE_DECKS[0]


HOME_GAMES: dict[str, tuple[str, str]] = {
    "es": ("standard", "spanish"),
    "pt-PT": ("bisca", "french"),
    "pt-BR": ("bisca", "french"),
}
"""The game a first visit deals, by language, where its readers have one of their own:
(variant, deck). Brisca is the standard game, played with the Spanish pack; Portugal and
Brazil play Bisca, with French cards (drawn then with their courts: the Valete above the
Dama). Everyone else starts with the standard game and Italian cards."""


def first_settings(lang: str) -> Settings:
    """The settings of a first visit by a reader of ``lang``."""
    variant, deck = HOME_GAMES.get(lang, ("standard", DECKS[0]))
    return Settings(lang=lang, deck=deck, variant=variant, **preset_values(variant))


_CHOICES: dict[str, tuple] = {
    "players": ALL_PLAYER_COUNTS,
    "deck": DECKS,
    "speed": SPEEDS,
    "level": LEVELS,
    "lang": LANGUAGE_CODES,
    "variant": VARIANTS,
    "hand_size": HAND_SIZES,
    "must_follow": (False, True),
    "first_trump": (False, True),
    "redeal": (False, True),
    "exchange": EXCHANGES,
    "mano_negra": (False, True),
    "match": ALL_MATCH_FORMATS,
    "auction": AUCTIONS,
}
_NUMBERS = ("players", "hand_size", "exchange")


def _preset(variant: str) -> Rules:
    """The variant's rules at the first player count it is played with."""
    return Rules.preset(variant, players_offered(variant)[0])


def options_for(variant: str) -> tuple[str, ...]:
    """The option settings a variant offers: Briscolone (no turned card) its hand size,
    following suit and the first card's trump; Briscola chiamata its kind of auction; the
    others what a turned card allows."""
    if variant == CHIAMATA:
        return AUCTION_OPTIONS
    if _preset(variant).turned_card:
        return TURNED_CARD_OPTIONS
    return NO_TURNED_CARD_OPTIONS


def rule_options(s: Settings) -> dict[str, Any]:
    """The :class:`~briscola.rules.Rules` options of these settings, only those that the
    variant offers (a hand size chosen for Briscolone is not applied to Standard)."""
    offered = options_for(s.variant)
    out: dict[str, Any] = {}
    if offered == AUCTION_OPTIONS:
        out["auction"] = s.auction
    elif "hand_size" in offered:
        out["hand_size"] = s.hand_size
        out["must_follow"] = s.must_follow
        if s.first_trump:
            out["trump"] = "first"
    else:
        out["redeal_ace_three"] = s.redeal
        out["trump_exchange"] = s.exchange or None
        out["mano_negra"] = s.mano_negra
    return out


def rules_for(s: Settings, players: int | None = None) -> Rules:
    """The rules for these settings; UnsupportedRuleError when the engine refuses them."""
    return Rules.preset(s.variant, s.players if players is None else players, **rule_options(s))


def preset_values(variant: str) -> dict[str, Any]:
    """The option settings a variant sets by itself (Bisca: the exchange of the 2)."""
    rules = _preset(variant)
    return {"hand_size": rules.hand_size if rules.hand_size in HAND_SIZES else 3,
            "must_follow": rules.must_follow, "first_trump": rules.trump == "first",
            "redeal": rules.redeal_ace_three, "exchange": rules.trump_exchange or 0,
            "mano_negra": rules.mano_negra, "auction": rules.auction or "ranks"}


def variant_about_key(variant: str, players: int) -> str:
    """The message describing ``variant`` under the choices: the standard game's says who wins,
    which with three players is the highest total, not more than 60."""
    if variant == "standard" and players == 3:
        return "variant_standard_about_three"
    return f"variant_{variant}_about"


def refused(s: Settings) -> str | None:
    """Why the engine does not play these settings, or None when it does."""
    try:
        rules_for(s)
        check_format(s.match, s.players)
    except (UnsupportedRuleError, MatchError) as e:
        return str(e)
    return None


def players_offered(variant: str) -> tuple[int, ...]:
    """Player counts the variant is played with (Dupla: two; Briscola chiamata: five)."""
    out = []
    for n in ALL_PLAYER_COUNTS:
        try:
            Rules.preset(variant, n)
        except UnsupportedRuleError:
            continue
        out.append(n)
    return tuple(out)


def formats_offered(players: int) -> tuple[str, ...]:
    """Match formats for this player count."""
    out = []
    for fmt in ALL_MATCH_FORMATS:
        try:
            check_format(fmt, players)
        except MatchError:
            continue
        out.append(fmt)
    return tuple(out)


def allowed(s: Settings, name: str, value: Any) -> bool:
    """Would the engine play these settings with ``name`` set to ``value``?"""
    return refused(replace(s, **{name: value})) is None


GAME_POINT_FORMATS = (GAME_POINTS_11, THREE_PLAYERS, GAME_POINTS_10)
"""A match in game points, for 2, 4 or 6 players, for three, and in Briscola chiamata:
changing the player count keeps a game-points match one."""


def normalize(s: Settings, previous: Settings | None = None) -> Settings:
    """Settings the engine plays, keeping as much of ``s`` as it can: a new variant
    brings the options it sets itself (Bisca the exchange of the 2, and back to none when
    leaving it); a player count the variant is not played with becomes the first it is;
    an option the player count refuses goes back to the variant's own value; a match
    format the player count cannot play becomes its kin for that count (game points:
    to 11, three players' to 12, Briscola chiamata's to 10), else a single deal."""
    if previous is not None and s.variant != previous.variant:
        old, new = preset_values(previous.variant), preset_values(s.variant)
        s = replace(s, **{k: v for k, v in new.items() if old[k] != v})
    players = players_offered(s.variant)
    if s.players not in players:
        s = replace(s, players=players[0])
    own = preset_values(s.variant)
    probe = replace(s, match="single")
    for name in options_for(s.variant):
        if refused(probe) is None:
            break
        probe = replace(probe, **{name: own[name]})
    s = replace(probe, match=s.match)
    offered = formats_offered(s.players)
    if s.match not in offered:
        kin = [fmt for fmt in GAME_POINT_FORMATS if fmt in offered] if s.match in GAME_POINT_FORMATS else []
        s = replace(s, match=kin[0] if kin else "single")
    if refused(s) is not None:  # nothing above fixed it: the variant as it comes
        s = replace(s, match="single", **own)
    return s


JOINERS = "\u200c\u200d"
"""The zero-width non-joiner and joiner: not printable to Python, but part of how a name
is written (Persian "محمدی‌نژاد", an emoji family 👩‍👩‍👧); kept in names."""


def _name_char(c: str) -> bool:
    return c.isprintable() or c in JOINERS


def check_name(value: Any) -> str:
    """A person's name as stored: text of at most :data:`MAX_NAME_CHARS` characters,
    trimmed, without control characters ("" stands for the seat's own name)."""
    if not isinstance(value, str) or len(value) > MAX_NAME_CHARS or value != value.strip() \
            or not all(_name_char(c) for c in value):
        raise BadData("a name is short text")
    return value


def clean_name(value: Any) -> str:
    """A name typed in the form made storable: spaces trimmed and runs of them made one,
    control characters dropped, cut to :data:`MAX_NAME_CHARS`."""
    text = "".join(c for c in str(value) if _name_char(c) or c.isspace())
    return " ".join(text.split())[:MAX_NAME_CHARS].strip()


def parse_people(data: Any) -> tuple[str | None, ...]:
    """The people of each page seat as stored or sent by the form: a list of at most
    :data:`MAX_SEATS` entries, each a name or None (the computer), the first a name;
    two seats may not have the same name. Trailing computers are dropped."""
    if not isinstance(data, (list, tuple)) or not 0 < len(data) <= MAX_SEATS or data[0] is None:
        raise BadData("people must list the seats, the first one a person")
    seats = [None if name is None else check_name(name) for name in data]
    named = [name.casefold() for name in seats if name]
    if len(named) != len(set(named)):
        raise BadData("two people have the same name")
    while len(seats) > 1 and seats[-1] is None:
        seats.pop()
    return tuple(seats)


def form_people(data: Any) -> Any:
    """The form's people with each typed name cleaned (:func:`clean_name`) and a name
    already taken by an earlier seat left to the seat's own; anything else as it came,
    for :func:`parse_people` to judge."""
    if not isinstance(data, (list, tuple)):
        return data
    seen: set[str] = set()
    out: list[str | None] = []
    for name in data:
        if name is None:
            out.append(None)
            continue
        name = clean_name(name)
        if name.casefold() in seen:
            name = ""
        seen.add(name.casefold())
        out.append(name)
    return out


def validate_people(data: Any) -> tuple[str | None, ...]:
    """``briscola.people`` as stored: ``{"seats": [name or null, ...]}``."""
    if not isinstance(data, dict) or set(data) != {"seats"}:
        raise BadData("people must be {\"seats\": [...]}")
    return parse_people(data["seats"])


def parse_fields(data: Any) -> dict[str, Any]:
    """Each value of ``data`` checked against its choices (numbers may come as text from
    a form); BadData for an unknown name or a value that is not a choice."""
    if not isinstance(data, dict):
        raise BadData("settings must be an object")
    names = {f.name for f in fields(Settings)}
    if set(data) - names:
        raise BadData(f"unknown settings: {sorted(map(str, set(data) - names))!r:.200}")
    clean: dict[str, Any] = {}
    for name, value in data.items():
        if name == PEOPLE_FIELD:
            clean[name] = parse_people(value)
            continue
        if name in _NUMBERS and isinstance(value, str) and value.isdigit() and len(value) < 3:
            value = int(value)
        if name == "lang" and isinstance(value, str):
            value = LEGACY.get(value, value)  # "pt" of earlier builds was European
        if isinstance(value, bool) != (name in FLAG_FIELDS) or value not in _CHOICES[name]:
            raise BadData(f"{name} cannot be {value!r:.40}")
        clean[name] = value
    return clean


def validate_settings(data: Any) -> Settings:
    """Settings from submitted data; BadData if any value is not a choice or the
    combination is one the engine does not play."""
    settings = replace(Settings(), **parse_fields(data))
    why = refused(settings)
    if why is not None:
        raise BadData(f"settings the game does not play: {why}")
    return settings


def validate_variant(data: Any) -> Settings:
    """``briscola.variant`` as stored: variant fields only, each value one of its choices.

    Whether the stored player count plays it is not asked here: a tab writes
    ``briscola.settings`` and then ``briscola.variant``, and another tab reading between
    the two writes sees a pair that nobody chose (Dupla with the four players just
    chosen for Piemonte). That pair is no bad data to set aside, which would also remove
    the key the writer is filling (:meth:`~.controller.App._stored_settings` decides)."""
    if not isinstance(data, dict) or not set(data) <= set(VARIANT_FIELDS):
        raise BadData("variant settings must be an object of variant fields")
    return replace(Settings(), **parse_fields(data))


def validate_deck(data: Any) -> str:
    """``briscola.deck`` as stored: ``{"deck": D}``, D a deck ``briscola.settings`` does not
    hold."""
    if not isinstance(data, dict) or set(data) != {"deck"} or data["deck"] not in set(DECKS) - set(BASE_DECKS):
        raise BadData("the deck must be {\"deck\": \"spanish\"}")
    return str(data["deck"])


def validate_base(data: Any) -> Settings:
    """``briscola.settings`` as stored: each value one of its choices. Whether its player
    count plays the stored variant is decided with ``briscola.variant`` (five players
    play Briscola chiamata, which the standard game of settings alone does not)."""
    clean = parse_fields(data)
    settings = replace(Settings(), **clean)
    why = refused(settings)
    if why is not None and not (settings.players == CHIAMATA_PLAYERS and "variant" not in clean):
        raise BadData(f"settings the game does not play: {why}")
    return settings

