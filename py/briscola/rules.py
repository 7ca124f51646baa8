"""The rules object: every option a variant may set, the named presets, and the check
that refuses combinations that make no sense.

>>> r = Rules.standard(4)
>>> r.players, r.hand_size, r.pack, r.teams
(4, 3, 40, ((0, 2), (1, 3)))
>>> Rules.standard(3).pack
39
>>> Rules.preset("dupla").hand_size, Rules.preset("dupla").cards_per_trick
(4, 2)
>>> Rules.preset("dupla", players=4)
Traceback (most recent call last):
...
briscola.rules.UnsupportedRuleError: Briškula dupla is a two-player game, not for 4 players
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .cards import RANKINGS

PLAYER_COUNTS = (2, 3, 4, 6)
"""Player counts of the game with a stock and fixed sides."""
CHIAMATA_PLAYERS = 5
ALL_PLAYER_COUNTS = (2, 3, 4, 5, 6)
TRUMP_MODES = ("turned", "none", "first", "called")
"""The turned card under the stock; no trump (Briscolone); the first card played; the
suit of the card called after the auction (Chiamata)."""
AUCTIONS = ("ranks", "ranks-points", "points")
"""Chiamata's auction: ranks only; ranks, then points after the 2; points from the start."""
CHIAMATA_HAND = 8
EXCHANGE_RANKS = (2, 7)
PACK_FOR_PLAYERS = {2: 40, 3: 39, 4: 40, 5: 40, 6: 36}
DEFAULT_WIN_THRESHOLD = 61
HAND_SIZES = (3, 4, 5)
DUPLA_HAND = 4
BIG_HAND = 5

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "piemonte": {"ranking": "seven-high"},
    "sud": {"ranking": "southern"},
    "briscolone": {"trump": "none"},
    "scoperta": {"open_hands": True},
    "dupla": {"hand_size": DUPLA_HAND, "cards_per_trick": 2},
    "bisca": {"ranking": "seven-high", "trump_exchange": 2},
}
"""Named ways of playing with 2, 3, 4 or 6, as players know them: the options each sets."""

FIVE_PLAYER_PRESETS: dict[str, dict[str, Any]] = {
    "chiamata": {"hand_size": CHIAMATA_HAND, "trump": "called", "auction": "ranks"},
}
"""Briscola chiamata, the five-player game, kept apart: its deal has no stock and no
fixed sides, and it is offered only for five players."""

PRESET_NAMES = {
    "standard": "Standard",
    "piemonte": "Piemonte / Sardegna",
    "sud": "Sud",
    "briscolone": "Briscolone",
    "scoperta": "Scoperta",
    "dupla": "Briškula dupla",
    "bisca": "Bisca",
}
CHIAMATA_NAME = "Briscola chiamata"
"""How a preset is named in English text (the page translates them)."""

OPTION_NAMES = ("hand_size", "trump", "ranking", "redeal_ace_three", "trump_exchange", "open_hands",
                "must_follow", "mano_negra", "auction")
"""The options a player may set on top of a preset."""


COUNTS_TEXT = ", ".join(map(str, ALL_PLAYER_COUNTS))
CHIAMATA_FIXED: dict[str, tuple[Any, str]] = {
    "ranking": ("standard", "ranks the cards in the standard order, which its auction's bids of ranks follow"),
    "hand_size": (CHIAMATA_HAND, f"deals all 40 cards, {CHIAMATA_HAND} to each player"),
    "trump": ("called", "takes its trump from the called card"),
    "cards_per_trick": (1, "has each player play one card a trick"),
    "open_hands": (False, "is played with the hands hidden: the partner is a secret"),
    "must_follow": (False, "is played without the duty to follow suit"),
    "redeal_ace_three": (False, "turns no card, so there is nothing to re-deal"),
    "trump_exchange": (None, "turns no card, so there is none to exchange"),
    "mano_negra": (False, "is played without mano negra"),
}
"""What Briscola chiamata's rules fix, whatever else is asked, and why, in words."""


def _not_chiamata(variant: str, players: int) -> str:
    """Why ``variant`` is not played by ``players``: five play Briscola chiamata alone."""
    if players == CHIAMATA_PLAYERS:
        name = PRESET_NAMES.get(variant, repr(variant))
        return f"five players play {CHIAMATA_NAME} only, not {name}"
    return f"{CHIAMATA_NAME} is a game for five players, not {players}"


class UnsupportedRuleError(ValueError):
    """A combination of rules options this engine does not play, or a bad value."""


@dataclass(frozen=True)
class Rules:
    """Everything that tells one way of playing Briscola from another."""

    players: int = 2
    variant: str = "standard"
    hand_size: int = 3
    pack: int = 40  # 40, 39 or 36 by the player count
    trump: str = "turned"  # see TRUMP_MODES
    cards_per_trick: int = 1  # per player; 2 in Dupla briskula
    ranking: str = "standard"  # standard, southern, seven-high
    redeal_ace_three: bool = False  # a turned ace or three goes back and another is turned
    trump_exchange: int | None = None  # 2 or 7: that trump may take the turned card
    open_hands: bool = False  # Briscola Scoperta
    must_follow: bool = False
    win_threshold: int = DEFAULT_WIN_THRESHOLD
    mano_negra: bool = False  # king, three and ace of trump shown together win at once
    auction: str | None = None  # Chiamata: see AUCTIONS

    @classmethod
    def standard(cls, players: int = 2) -> Rules:
        """The standard game for 2, 3, 4 or 6; Briscola chiamata for 5."""
        if players == CHIAMATA_PLAYERS:
            return cls(players=players, variant="chiamata", **FIVE_PLAYER_PRESETS["chiamata"])
        if players not in PLAYER_COUNTS:
            raise UnsupportedRuleError(f"players must be one of {COUNTS_TEXT}, not {players}")
        return cls(players=players, pack=PACK_FOR_PLAYERS[players])

    @classmethod
    def preset(cls, name: str, players: int = 2, **options: Any) -> Rules:
        """The rules of a named preset for ``players``, with ``options`` on top; checked."""
        preset = PRESETS.get(name, FIVE_PLAYER_PRESETS.get(name))
        if preset is None:
            raise UnsupportedRuleError(f"unknown variant {name!r}: choose from {', '.join(PRESETS)}")
        unknown = set(options) - set(OPTION_NAMES)
        if unknown:
            raise UnsupportedRuleError(f"unknown rules options: {', '.join(sorted(unknown))}")
        if (name == "chiamata") != (players == CHIAMATA_PLAYERS):
            raise UnsupportedRuleError(_not_chiamata(name, players))
        base = cls.standard(players)
        return replace(base, variant=name, **{**preset, **options}).check()

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Sides that pool their points: partners sit alternately; alone with 2, 3 and, until
        the call makes the sides, 5."""
        if self.players in (4, 6):
            return tuple(tuple(range(t, self.players, 2)) for t in range(2))
        return tuple((s,) for s in range(self.players))

    @property
    def team_of(self) -> tuple[int, ...]:
        """Index into :attr:`teams` for each seat."""
        if self.players in (4, 6):
            return tuple(s % 2 for s in range(self.players))
        return tuple(range(self.players))

    @property
    def turned_card(self) -> bool:
        """Is a card turned under the stock (and drawn last)?"""
        return self.trump == "turned"

    @property
    def tricks_per_deal(self) -> int:
        return self.pack // (self.players * self.cards_per_trick)

    def check(self) -> Rules:
        """Raise :class:`UnsupportedRuleError` unless this engine plays these rules; the
        message says what is wrong in words a player understands."""
        if self.players not in ALL_PLAYER_COUNTS:
            raise UnsupportedRuleError(f"players must be one of {COUNTS_TEXT}, not {self.players}")
        if self.variant not in PRESETS and self.variant not in FIVE_PLAYER_PRESETS:
            raise UnsupportedRuleError(f"unknown variant {self.variant!r}: choose from {', '.join(PRESETS)}")
        if self.trump not in TRUMP_MODES:
            raise UnsupportedRuleError(f"unknown trump mode {self.trump!r}: one of {', '.join(TRUMP_MODES)}")
        if self.ranking not in RANKINGS:
            raise UnsupportedRuleError(f"unknown ranking {self.ranking!r}: one of {', '.join(RANKINGS)}")
        if self.pack != PACK_FOR_PLAYERS[self.players]:
            raise UnsupportedRuleError(f"{self.players} players use a {PACK_FOR_PLAYERS[self.players]}-card pack, "
                                       f"not {self.pack}")
        if self.win_threshold != DEFAULT_WIN_THRESHOLD:
            raise UnsupportedRuleError(f"a deal is won with more than 60 points; a threshold of "
                                       f"{self.win_threshold} is not played")
        chiamata = self.players == CHIAMATA_PLAYERS
        if chiamata != (self.variant == "chiamata"):
            raise UnsupportedRuleError(_not_chiamata(self.variant, self.players))
        if chiamata:
            return self._check_chiamata()
        if self.auction is not None or self.trump == "called":
            raise UnsupportedRuleError("an auction and a called card belong to Briscola chiamata (five players)")
        if self.cards_per_trick not in (1, 2):
            raise UnsupportedRuleError("each player plays one card a trick, or two in Briškula dupla")
        if self.cards_per_trick == 2 or self.hand_size == DUPLA_HAND:
            if self.players != 2:
                raise UnsupportedRuleError(f"Briškula dupla is a two-player game, not for {self.players} players")
            if (self.cards_per_trick, self.hand_size) != (2, DUPLA_HAND):
                raise UnsupportedRuleError("four cards in hand and two plays each a trick go together: that is "
                                           "Briškula dupla")
        if self.hand_size not in HAND_SIZES:
            raise UnsupportedRuleError(f"a hand has 3 cards (4 in dupla, 5 in Briscolone), not {self.hand_size}")
        if self.hand_size == BIG_HAND:
            if self.trump == "turned":
                raise UnsupportedRuleError("five cards in hand are played without a turned trump card, as in "
                                           "Briscolone")
            if self.players != 2:
                raise UnsupportedRuleError(f"five cards in hand are a two-player game, not for {self.players} players")
        if not self.turned_card:
            for option, flag, what in (("redeal_ace_three", self.redeal_ace_three, "a re-deal of the turned card"),
                                       ("trump_exchange", self.trump_exchange is not None, "a trump exchange"),
                                       ("mano_negra", self.mano_negra, "mano negra")):
                if not flag:
                    continue
                if option in PRESETS[self.variant]:  # the preset's own: say which
                    raise UnsupportedRuleError(f"{PRESET_NAMES[self.variant]} is played with {what}, which needs a "
                                               f"turned trump card")
                raise UnsupportedRuleError(f"{what} needs a turned trump card")
        if self.trump_exchange is not None and self.trump_exchange not in EXCHANGE_RANKS:
            raise UnsupportedRuleError(f"the trump exchange takes the 2 or the 7, not {self.trump_exchange}")
        for flag_name in ("open_hands", "must_follow", "redeal_ace_three", "mano_negra"):
            if type(getattr(self, flag_name)) is not bool:
                raise UnsupportedRuleError(f"{flag_name} is true or false")
        return self

    def _check_chiamata(self) -> Rules:
        for option, (value, why) in CHIAMATA_FIXED.items():
            if getattr(self, option) != value:
                raise UnsupportedRuleError(f"{CHIAMATA_NAME} {why}")
        if self.auction not in AUCTIONS:
            raise UnsupportedRuleError(f"the auction is one of {', '.join(AUCTIONS)}, not {self.auction!r}")
        return self

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise UnsupportedRuleError(f"unknown rules options: {', '.join(sorted(unknown))}")
        if "players" not in data:
            raise UnsupportedRuleError("rules need a player count")
        base = cls.standard(int(data["players"])) if data["players"] in ALL_PLAYER_COUNTS else cls()
        return replace(base, **data)
