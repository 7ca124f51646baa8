"""The floor: a player that picks any legal card."""

from __future__ import annotations

import random

from ..cards import Card
from ..view import PlayerView


class RandomAgent:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Card:
        return view.legal[int(self.rng.random() * len(view.legal))]
