"""Win/loss statistics per mode (player count and level)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .storage import BadData


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


def mode_key(players: int, level: str) -> str:
    return f"{players}p-{level}"


def parse_mode_key(key: str) -> tuple[int, str]:
    players, _, level = key.partition("p-")
    return int(players), level


def validate_stats(data: Any) -> dict[str, ModeStats]:
    if not isinstance(data, dict):
        raise BadData("stats must be an object")
    out = {}
    names = {f.name for f in fields(ModeStats)}
    for key, entry in data.items():
        parse_mode_key(key)
        if not isinstance(entry, dict) or set(entry) != names:
            raise BadData(f"stats for {key} have the wrong fields")
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in entry.values()):
            raise BadData(f"stats for {key} must be counts")
        out[key] = ModeStats(**entry)
    return out


def dump_stats(stats: dict[str, ModeStats]) -> dict[str, dict[str, int]]:
    return {key: asdict(s) for key, s in stats.items()}
