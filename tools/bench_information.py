#!/usr/bin/env python3
"""How much the expert's strength hangs on what it knows of the hidden cards (2 players).

    PYTHONPATH=py python3 tools/bench_information.py [--deals 100] [--positions 40]
        [--seed 1] [--iterations 200] [--jobs 2] [--variant PRESET] [--must-follow]
        [--opponent LEVEL] [--kinds "expert,oracle: the other hand"]
    PYTHONPATH=py python3 tools/bench_information.py --models hard,expert-2026 [--deals 20] [--iterations 200]

1. Recall: in positions from medium-vs-medium deals (the observer to play, more than four
   cards of stock, at least one card seen from the other seat), the mean share of the
   opponent's true hand found in the expert's guesses: uniform guesses; guesses
   importance-resampled with the play model (``infer.PlayModel``, one sampled history
   per guess, as the expert guesses with three or more players); guesses drawn from the
   exact posterior of the other hand (``infer.HandBelief``, as the expert guesses with
   two players).
2. Oracles: seat-fair deals against medium (or ``--opponent``) of the expert as it is, of the expert told
   the other hand (the stock order still guessed), and of the expert told everything
   (the other hand and the stock order). The oracles read the game, which no level
   does: they are yardsticks for the inference, not players. With ``--variant`` (and
   ``--must-follow``) the games are of that two-player variant: how much room the hidden
   cards leave for play there.
3. ``--models``: who the other player is. In deals of ``hard`` (seat 0) against each level
   named, at its mid-game decisions, the mean log-probability of the other seat's true
   hand under each model of its play the expert may use (``infer.HandBelief`` with the
   medium policy at 2% and 30% doubt, ``infer.LearnedHandBelief`` with hard's model at
   10%) and under their mixture (``infer.MixedBelief``, ``expert.MIXTURE``). Higher is
   better; a model that explains the other seat's play puts its true hand first.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from briscola.agents import make_agent  # noqa: E402
from briscola.agents.expert import _PAUSE, MIXTURE, ExpertAgent  # noqa: E402
from briscola.agents.infer import HandBelief, MixedBelief, PlayModel  # noqa: E402
from briscola.agents.sim import Hidden, Tables  # noqa: E402
from briscola.arena import win_rate_ci  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402


class Oracle(ExpertAgent):
    """The expert with its guesses replaced by the truth (all of it, or the hand only)."""

    belief = False  # guesses come from _guesses below, not from the posterior

    def __init__(self, seed: int, stock_too: bool) -> None:
        super().__init__(seed=seed)
        self.stock_too = stock_too
        self.game: Game | None = None

    def _guesses(self, hidden, model, every):
        g = self.game
        others = {s: [int(c) for c in g.hands[s]] for s in range(g.n) if s != hidden.seat}
        pending = [int(g.briscola)] if g.briscola is not None and not g.briscola_drawn else []
        stock = [int(c) for c in reversed(g.talon[g._next:])]  # pop() draws the next card
        while True:
            if not self.stock_too:
                self.rng.shuffle(stock)
            yield others, pending + list(stock), 1


KINDS = ("expert", "oracle: the other hand", "oracle: everything")
"""Who plays the games: the expert as it is and the two oracles."""


def positions(deals: int, seed: int) -> list:
    out = []
    for d in range(deals):
        g = Game.deal(Rules.standard(2), seed=seed * 7919 + d)
        agents = [make_agent("medium", seed=2 * d), make_agent("medium", seed=2 * d + 1)]
        while not g.over:
            s = g.turn
            v = g.view(s)
            if s == 0 and v.stock_size > 4 and (v.tricks or v.trick) and len(v.legal) > 1:
                out.append((v, {int(c) for c in g.hands[1]}))
            g.play(agents[s].choose(v))
    return out


def recall(pos: list, how: str, guesses: int = 200) -> float:
    """``how``: "uniform", "play model" or "posterior"."""
    found = mass = 0.0
    for v, true in pos:
        expert = ExpertAgent(seed=1)
        expert.rng.seed(12345)
        t = Tables.of(v)
        if how == "posterior":
            belief = HandBelief().update(v, t, expert.belief_eps)
            source = expert._belief_guesses(v, belief, Hidden(v), None)
        else:
            source = expert._guesses(Hidden(v), PlayModel(v, t) if how == "play model" else None, None)
        k = 0
        for guess in source:
            if guess is _PAUSE:  # a batch of guesses being weighed
                continue
            if k == guesses:
                break
            k += 1
            others, _stock, mult = guess
            found += mult * len(set(others[1]) & true) / len(true)
            mass += mult
    return found / mass


def play(job: tuple) -> float:
    """Score (1, 0.5, 0) of the agent ``kind`` in one deal and rotation against ``opponent``."""
    kind, seed, deal, rotation, iterations, rules, opponent = job
    g = Game.deal(rules, seed=seed + deal, dealer=deal % 2)
    me = rotation
    if kind == "expert":
        a = ExpertAgent(seed=seed * 1000 + deal * 2 + rotation)
    else:
        a = Oracle(seed * 1000 + deal * 2 + rotation, stock_too=kind == "oracle: everything")
    a.iterations = iterations
    agents = {me: a, 1 - me: make_agent(opponent, seed=seed * 1000 + deal * 2 + rotation + 7)}
    while not g.over:
        s = g.turn
        if agents[s] is a and kind != "expert":
            a.game = g
        g.play(agents[s].choose(g.view(s)))
    return {"win": 1.0, "draw": 0.5, "loss": 0.0}[g.result()[me]]


def model_name(kind: str, eps: float) -> str:
    """How a member of ``expert.MIXTURE`` is called in the table."""
    return ("hard's model" if kind == "learned" else "medium") + f" {eps:.0%}"


def true_hand_log_probabilities(opponent: str, deals: int, seed: int, iterations: int) -> tuple[dict[str, float], int]:
    """Part 3 for one level sitting opposite ``hard``: (mean log-probability of the true
    other hand per model of ``expert.MIXTURE`` and for their mixture, positions), over
    ``deals`` deals from ``seed`` (a searching level searches ``iterations`` guesses)."""
    import math

    names = [model_name(kind, eps) for kind, eps in MIXTURE] + ["mixture"]
    totals = dict.fromkeys(names, 0.0)
    n = 0
    for d in range(deals):
        g = Game.deal(Rules.standard(2), seed=seed * 7919 + d)
        agents = [make_agent("hard", seed=2 * d), make_agent(opponent, seed=2 * d + 1)]
        if hasattr(agents[1], "iterations"):
            agents[1].iterations = iterations
        parts = [(name, MixedBelief.of([member])) for name, member in zip(names, MIXTURE)]
        parts.append(("mixture", MixedBelief.of(MIXTURE)))
        while not g.over:
            s = g.turn
            v = g.view(s)
            if s == 0 and v.stock_size > 2 and len(v.tricks) >= 2:
                t = Tables.of(v)
                true = sum(1 << int(c) for c in g.hands[1])
                for name, belief in parts:
                    state = belief.update(v, t)
                    totals[name] += math.log(max(state.get(true, 0.0) / sum(state.values()), 1e-12))
                n += 1
            g.play(agents[s].choose(v))
    return {name: total / n for name, total in totals.items()}, n


def models_table(opponents: list[str], deals: int, seed: int, iterations: int) -> None:
    """Part 3: the table, one line per level sitting opposite."""
    print("mean log-probability of the other seat's true hand (hard at seat 0, mid-game):")
    header = False
    for opponent in opponents:
        means, n = true_hand_log_probabilities(opponent, deals, seed, iterations)
        if not header:
            print("  " + f"{'other player':14s}" + "".join(f"{x:>18s}" for x in means) + "   positions")
            header = True
        print("  " + f"{opponent:14s}" + "".join(f"{v:18.2f}" for v in means.values()) + f"   {n}", flush=True)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--positions", type=int, default=40, help="medium-vs-medium deals to take positions from")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--iterations", type=int, default=200)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--recall-only", action="store_true", help="skip the games against medium")
    p.add_argument("--variant", default="standard", help="two-player preset of the games against medium")
    p.add_argument("--must-follow", action="store_true", help="the games against medium with must-follow")
    p.add_argument("--models", default="", help="levels to tell apart: only the log-probability table")
    p.add_argument("--opponent", default="medium", help="the level the expert and the oracles play against")
    p.add_argument("--kinds", default=",".join(KINDS), help=f"which of {', '.join(KINDS)} play (comma-separated)")
    args = p.parse_args()
    if args.models:
        models_table(args.models.split(","), args.deals, args.seed, args.iterations)
        return 0
    rules = Rules.preset(args.variant, 2, **({"must_follow": True} if args.must_follow else {}))

    kinds = args.kinds.split(",")
    if set(kinds) - set(KINDS):
        p.error(f"--kinds: choose from {', '.join(KINDS)}")
    if args.positions:
        pos = positions(args.positions, args.seed)
        print(f"recall of the opponent's hand over {len(pos)} positions (200 guesses each):")
        for how in ("uniform", "play model", "posterior"):
            t0 = time.perf_counter()
            print(f"  {how + ' guesses':22s} {recall(pos, how) * 100:5.1f}%   ({time.perf_counter() - t0:.1f} s)")
    if args.recall_only:
        return 0

    print(f"against {args.opponent}, {args.deals} seat-fair deals, {args.iterations} guesses per decision, "
          f"{rules.variant}{' with must-follow' if rules.must_follow else ''}:")
    with Pool(args.jobs) as pool:
        for kind in kinds:
            jobs = [(kind, args.seed, d, r, args.iterations, rules, args.opponent)
                    for d in range(args.deals) for r in (0, 1)]
            scores = pool.map(play, jobs, chunksize=4)
            rate, low, high = win_rate_ci(scores)
            print(f"  {kind:22s} {rate * 100:5.1f}%   95% CI {low * 100:.1f}-{high * 100:.1f}%", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
