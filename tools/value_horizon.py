#!/usr/bin/env python3
"""Experiment (issue 15): a learned value of two-player positions at the playout horizon.

The expert plays out every guess to the end with a medium-like policy. Here the playout
stops ``horizon`` tricks after the candidate's trick and a learned value takes over: the
expected margin of the rest of the deal, from a linear model of what each seat holds and
what is left in the stock, fitted per stock size, and the chance of a win from that mean
and the spread of the margins seen at that stock size (a normal law).

The data: two-player standard deals ``--start`` .. ``--start + --deals - 1`` between two
``--agents`` (seeds 2d and 2d + 1, dealer d mod 2); at every trick boundary with cards in
the stock, for both seats, the features of the position as that seat would see it told
the other hand (:func:`features`) and the margin it made from there (its final card points
less the other's, less the margin then). The fit: ridge regression per stock size on the
deals not held out (every ``--holdout``-th deal is; pure Python, the normal equations'
sums gathered as the deals come), the held-out R2 printed, the weights written to
``--out``. The agent ``HorizonExpert`` (``--candidate value_horizon:HorizonExpert`` of
``tools/review_decisions.py compare``, weights from ``$VALUE_HORIZON``) is the shipped
expert with the stop and the learned value: it swaps the expert module's two-player
playout while it searches, so it is for tools that run one player a process (not the
arena, where the frozen expert would share it).

Measured and not kept (docs/ai.md, "Tried and not kept ... a learned value").

Usage:
    python3 tools/value_horizon.py --agents hard,hard --deals 60000 --jobs 2 --out runs/vh.json
    VALUE_HORIZON=runs/vh.json python3 tools/review_decisions.py compare --data runs/std.jsonl \\
        --candidate value_horizon:HorizonExpert --set horizon=1 --orders 20 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from distil_hard import solve_normal  # noqa: E402

from briscola.agents import expert as expert_module  # noqa: E402
from briscola.agents import make_agent  # noqa: E402
from briscola.agents.expert import ExpertAgent  # noqa: E402
from briscola.agents.sim import playout2, policy, settle  # noqa: E402
from briscola.cards import SUIT_OF, TABLES  # noqa: E402
from briscola.drive import add_rules_options, rule_options  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402

STRENGTH, _PTS = TABLES["standard"]
SIZE = 64
"""Features: per place (mine, the other's, the stock) and rank, the trump card there (0/1)
and how many plain cards of that rank (0-3): 60; to lead; plain suits whose best card
left is mine, the other's; a constant."""


def features(mine, theirs, stock, trump: int | None, lead: bool, strength=STRENGTH) -> list[float]:
    x = [0.0] * SIZE
    for base, cards in ((0, mine), (20, theirs), (40, stock)):
        for c in cards:
            r = c % 10
            if SUIT_OF[c] == trump:
                x[base + r] = 1.0
            else:
                x[base + 10 + r] += 1.0
    x[60] = 1.0 if lead else 0.0
    best: dict[int, tuple[int, int]] = {}
    for who, cards in ((1, mine), (2, theirs), (0, stock)):
        for c in cards:
            s = SUIT_OF[c]
            if s != trump and (s not in best or strength[c] > best[s][0]):
                best[s] = (strength[c], who)
    for _, who in best.values():
        if who == 1:
            x[61] += 1.0
        elif who == 2:
            x[62] += 1.0
    x[63] = 1.0
    return x


# -- data ---------------------------------------------------------------------------------

def gen_deal(job: tuple) -> list[tuple[int, list[float], float]]:
    deal, a, b, variant, options = job
    rules = Rules.preset(variant, 2, **options)
    strength = TABLES[rules.ranking][0]
    game = Game.deal(rules, seed=deal, dealer=deal % 2)
    players = [make_agent(a, seed=2 * deal), make_agent(b, seed=2 * deal + 1)]
    trump = game.trump
    snaps = []
    while not game.over:
        stock = [int(c) for c in game.talon[game._next:]]
        if not game.briscola_drawn:
            stock.append(int(game.briscola))
        if not game.trick and stock:
            for me in (0, 1):
                x = features([int(c) for c in game.hands[me]], [int(c) for c in game.hands[1 - me]],
                             stock, trump, game.turn == me, strength)
                snaps.append((me, len(stock), x, game.points[me] - game.points[1 - me]))
        seat = game.turn
        game.apply(players[seat].choose(game.view(seat)))
    final = game.points[0] - game.points[1]
    return [(size, x, (final if me == 0 else -final) - now) for me, size, x, now in snaps]


class Stats:
    """Sufficient statistics of a least-squares fit: X'X, X'y, y'y, n (sparse rows)."""

    def __init__(self) -> None:
        self.xx = [[0.0] * SIZE for _ in range(SIZE)]
        self.xy = [0.0] * SIZE
        self.yy = 0.0
        self.n = 0

    def add(self, x: list[float], y: float) -> None:
        nz = [(i, v) for i, v in enumerate(x) if v]
        xx, xy = self.xx, self.xy
        for i, a in nz:
            row = xx[i]
            xy[i] += a * y
            for j, b in nz:
                row[j] += a * b
        self.yy += y * y
        self.n += 1

    def sse(self, w: list[float]) -> float:
        quad = sum(w[i] * sum(r * v for r, v in zip(self.xx[i], w)) for i in range(SIZE))
        return self.yy - 2 * sum(a * b for a, b in zip(w, self.xy)) + quad

    def solve(self, ridge: float) -> list[float]:
        """Ridge regression on the normal equations."""
        return solve_normal(self.xx, self.xy, ridge)


def gen_and_fit(args) -> int:
    """Play the deals, fit per stock size on the deals not held out (every ``--holdout``-th
    deal is), report the R2 on those held out, write the weights fitted."""
    a, b = args.agents.split(",")
    jobs = [(d, a, b, args.variant, rule_options(args)) for d in range(args.start, args.start + args.deals)]
    train: dict[int, Stats] = {}
    test: dict[int, Stats] = {}
    with Pool(args.jobs) as pool:
        for d, rows in zip(range(args.start, args.start + args.deals), pool.imap(gen_deal, jobs, chunksize=20)):
            held = d % args.holdout == 0
            for size, x, y in rows:
                (test if held else train).setdefault(size, Stats()).add(x, y)
    out = {}
    for size in sorted(train):
        tr, te = train[size], test.get(size)
        w = tr.solve(args.ridge)
        sigma = math.sqrt(max(tr.sse(w), 0.0) / tr.n)
        r2 = float("nan")
        if te and te.n > 1:
            mean = te.xy[SIZE - 1] / te.n  # the constant feature's column sums y
            r2 = 1 - te.sse(w) / (te.yy - te.n * mean * mean)
        print(f"stock {size:2}: {tr.n:6} positions, spread {sigma:5.1f} points, held-out R2 {r2:.3f}")
        out[size] = {"w": [round(v, 5) for v in w], "sigma": round(sigma, 3)}
    Path(args.out).write_text(json.dumps(out))
    return 0


# -- the agent ------------------------------------------------------------------------------

class Estimate(list):
    """Final points of a playout stopped early, with the learned mean margin and spread of
    seat 0's side (the value function reads these instead of the points)."""

    __slots__ = ("margin", "sigma")


_MODEL: dict[int, tuple[list[float], float]] = {}


def _model() -> dict[int, tuple[list[float], float]]:
    if not _MODEL:
        raw = json.loads(Path(os.environ.get("VALUE_HORIZON", "runs/vh.json")).read_text())
        _MODEL.update({int(k): (v["w"], v["sigma"]) for k, v in raw.items()})
    return _MODEL


def horizon_playout(hands, stock, trick, turn, points, t, count=True, horizon=1):
    """:func:`~briscola.agents.sim.playout2` stopped after ``horizon`` settled tricks while
    cards are left in the stock (counting the cards played as it does); once the stock is
    out, ``playout2`` itself plays the rest."""
    counting = t.follow and count
    if counting:
        t = t.counting()
    model = _model()
    done = 0
    while stock or trick:
        if not trick and done >= horizon and len(stock) in model:
            w, sigma = model[len(stock)]
            x = features(hands[0], hands[1], stock, t.trump, turn == 0, t.strength)
            est = Estimate(points)
            est.margin = points[0] - points[1] + sum(a * b for a, b in zip(w, x))
            est.sigma = sigma
            return est
        while len(trick) < 2:
            hand = hands[turn]
            c = policy(hand, trick, turn, t)
            hand.remove(c)
            trick.append((turn, c))
            turn ^= 1
        if counting:
            gone = t.gone
            for _, c in trick:
                gone |= 1 << c
            t.gone = gone
        turn = settle(hands, stock, trick, points, t)
        trick = []
        done += 1
    return playout2(hands, stock, trick, turn, points, t, count=count)


class HorizonExpert(ExpertAgent):
    """The shipped expert, its two-player playouts stopped ``horizon`` tricks after the
    candidate's and valued by the learned model (two-player variants of one card a trick)."""

    horizon = 1

    def _value_fn(self, view):
        base = super()._value_fn(view)
        mine = view.rules.team_of[view.seat]
        pw = self.point_weight / 120
        sign = 1.0 if mine == view.rules.team_of[0] else -1.0

        def value(points):
            if isinstance(points, Estimate):
                m = sign * points.margin
                win = 0.5 * (1.0 + math.erf(m / (points.sigma * math.sqrt(2.0))))
                return win + pw * m
            return base(points)
        return value

    def _pimc(self, view, card_points=False):
        horizon = self.horizon
        saved = expert_module.playout2
        expert_module.playout2 = lambda *a, count=True: horizon_playout(*a, count=count, horizon=horizon)
        try:
            return (yield from super()._pimc(view, card_points))
        finally:
            expert_module.playout2 = saved


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--agents", default="hard,hard")
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--deals", type=int, default=20000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--ridge", type=float, default=1.0)
    p.add_argument("--holdout", type=int, default=5)
    p.add_argument("--out", required=True)
    add_rules_options(p)
    p.set_defaults(players=2)
    return gen_and_fit(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
