"""Player settings: what can be chosen and what is remembered."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from briscola.rules import PLAYER_COUNTS

from .i18n import LANGUAGE_CODES, LEGACY
from .storage import BadData

DECKS = ("italian", "french")
SPEEDS = ("slow", "normal", "fast")
LEVELS = ("easy", "medium", "hard", "expert")
DEFAULT_LEVEL = "medium"


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

    @property
    def pace(self) -> Pace:
        return PACES[self.speed]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def updated(self, **changes: Any) -> Settings:
        return validate_settings({**self.to_dict(), **changes})


_CHOICES: dict[str, tuple] = {
    "players": PLAYER_COUNTS,
    "deck": DECKS,
    "speed": SPEEDS,
    "level": LEVELS,
    "lang": LANGUAGE_CODES,
}


def validate_settings(data: Any) -> Settings:
    """Settings from stored or submitted data; BadData if any value is not a choice."""
    if not isinstance(data, dict):
        raise BadData("settings must be an object")
    names = {f.name for f in fields(Settings)}
    if set(data) - names:
        raise BadData(f"unknown settings: {sorted(set(data) - names)}")
    clean = {}
    for name, value in data.items():
        if name == "players" and isinstance(value, str) and value.isdigit():
            value = int(value)
        if name == "lang" and isinstance(value, str):
            value = LEGACY.get(value, value)  # "pt" of earlier builds was European
        if value not in _CHOICES[name] or isinstance(value, bool):
            raise BadData(f"{name} cannot be {value!r}")
        clean[name] = value
    return replace(Settings(), **clean)
