"""The floor: a player that picks any legal action at random."""

from __future__ import annotations

import random

from ..cards import Card
from ..model import PLAY, Action
from ..view import PlayerView


class RandomAgent:
    """Uniform over everything the seat may do now (:attr:`PlayerView.legal_actions`):
    a card it may play, and, where offered, the trump exchange or showing mano negra.
    A play is returned as the bare card, as every level plays."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Card | Action:
        actions = view.legal_actions or tuple(Action(PLAY, c) for c in view.legal)
        action = actions[int(self.rng.random() * len(actions))]
        return action.card if action.kind == PLAY else action  # type: ignore[return-value]
