"""The rules object: every option a variant may set, with the standard values.

>>> r = Rules.standard(4)
>>> r.players, r.hand_size, r.pack, r.teams
(4, 3, 40, ((0, 2), (1, 3)))
>>> Rules.standard(3).pack
39
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .cards import RANKINGS

PLAYER_COUNTS = (2, 3, 4, 6)
TRUMP_MODES = ("turned", "none", "called", "first")
PACK_FOR_PLAYERS = {2: 40, 3: 39, 4: 40, 6: 36}
DEFAULT_WIN_THRESHOLD = 61


class UnsupportedRuleError(ValueError):
    """A rules option this version of the engine does not play yet, or a bad value."""


@dataclass(frozen=True)
class Rules:
    """Everything that tells one way of playing Briscola from another."""

    players: int = 2
    variant: str = "standard"
    hand_size: int = 3
    pack: int = 40  # 40, 39, 36 (or 32 for Bosnian Briskula)
    trump: str = "turned"  # turned card, none (Briscolone), called (Chiamata), first card
    cards_per_trick: int = 1  # per player; 2 in Dupla briskula
    ranking: str = "standard"  # standard, southern, seven-high
    redeal_ace_three: bool = False
    trump_exchange: int | None = None  # 2 or 7: that trump may take the turned card
    open_hands: bool = False  # Briscola Scoperta
    must_follow: bool = False
    win_threshold: int = DEFAULT_WIN_THRESHOLD

    @classmethod
    def standard(cls, players: int = 2) -> Rules:
        if players not in PLAYER_COUNTS:
            raise UnsupportedRuleError(f"players must be one of {PLAYER_COUNTS}, not {players}")
        return cls(players=players, pack=PACK_FOR_PLAYERS[players])

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Sides that pool their points: partners sit alternately; alone with 2 or 3."""
        if self.players in (4, 6):
            return tuple(tuple(range(t, self.players, 2)) for t in range(2))
        return tuple((s,) for s in range(self.players))

    @property
    def team_of(self) -> tuple[int, ...]:
        """Index into :attr:`teams` for each seat."""
        if self.players in (4, 6):
            return tuple(s % 2 for s in range(self.players))
        return tuple(range(self.players))

    def check(self) -> Rules:
        """Raise :class:`UnsupportedRuleError` unless this engine plays these rules."""
        if self.players not in PLAYER_COUNTS:
            raise UnsupportedRuleError(f"players must be one of {PLAYER_COUNTS}, not {self.players}")
        if self.trump not in TRUMP_MODES:
            raise UnsupportedRuleError(f"unknown trump mode {self.trump!r}")
        if self.ranking not in RANKINGS:
            raise UnsupportedRuleError(f"unknown ranking {self.ranking!r}")
        not_yet = []
        if self.trump != "turned":
            not_yet.append(f"trump mode {self.trump!r}")
        if self.cards_per_trick != 1:
            not_yet.append("two cards per trick (Dupla)")
        if self.hand_size != 3:
            not_yet.append(f"{self.hand_size} cards in hand")
        if self.pack != PACK_FOR_PLAYERS[self.players]:
            not_yet.append(f"a {self.pack}-card pack with {self.players} players")
        if self.trump_exchange is not None:
            not_yet.append("trump exchange")
        if self.open_hands:
            not_yet.append("open hands (Scoperta)")
        if self.must_follow:
            not_yet.append("must follow suit")
        if self.win_threshold != DEFAULT_WIN_THRESHOLD:
            not_yet.append(f"a win threshold of {self.win_threshold}")
        if not_yet:
            raise UnsupportedRuleError("not yet supported: " + ", ".join(not_yet))
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
        base = cls.standard(int(data["players"])) if data["players"] in PLAYER_COUNTS else cls()
        return replace(base, **data)
