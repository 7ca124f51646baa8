#!/usr/bin/env python3
"""Seconds for the whole review of a deal, and its longest slice (CPython).

    PYTHONPATH=py python3 tools/bench_review.py [--deals N] [--players 2,5] [--guesses G]
                                                [--variants preset[:option=value...],...]

Plays N seeded deals per player count (the person's seat by medium, the others by hard)
and times :class:`briscola_app.review.Review` over each finished deal: the replay, then
the expert's coaching of every decision with a choice, run as the page runs it, one
slice at a time. A slice is the work between two yields: the page paints between them,
so the longest one is the longest the page stops painting.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from briscola.agents import make_agent  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402
from briscola_app.review import CONFIRM_GUESSES, GUESSES, Review  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from bench_ai import variant_rules  # noqa: E402


def played_deal(rules: Rules, seed: int) -> Game:
    n = rules.players
    agents = [make_agent("medium" if s == 0 else "hard", seed=seed * 10 + s) for s in range(n)]
    g = Game.deal(rules, seed=seed, dealer=seed % n)
    while not g.over:
        g.apply(agents[g.turn].choose(g.view(g.turn)))
    return g


def bench(rules: Rules, deals: int, guesses: int, confirm: int) -> tuple[list[float], list[float], list[float], int]:
    """(seconds per review, milliseconds per slice, CPU milliseconds per slice, decisions
    coached). The CPU time of a slice leaves out the time other processes took the core
    (on a busy machine the wall clock of a slice says more about them than about it)."""
    totals, slices, cpu, coached = [], [], [], 0
    for d in range(deals):
        g = played_deal(rules, 1000 + d)
        started = last = time.perf_counter()
        last_cpu = time.process_time()
        review = Review(g)
        for _ in review.coach(guesses, confirm):
            now, now_cpu = time.perf_counter(), time.process_time()
            slices.append((now - last) * 1000)
            cpu.append((now_cpu - last_cpu) * 1000)
            last, last_cpu = now, now_cpu
        totals.append(time.perf_counter() - started)
        coached += review.coached
    return totals, slices, cpu, coached


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--players", default="2,5")
    parser.add_argument("--guesses", type=int, default=GUESSES)
    parser.add_argument("--confirm", type=int, default=CONFIRM_GUESSES,
                        help="guesses of the second search of a decision that seems costly (no second search: "
                             "the same as --guesses)")
    parser.add_argument("--variants", default="", help="two-player presets, e.g. dupla,scoperta")
    args = parser.parse_args()
    cases = [(f"{p} players", Rules.standard(int(p))) for p in args.players.split(",") if p]
    cases += [(f"2 players, {v}", variant_rules(v, 2)) for v in args.variants.split(",") if v]
    print(f"{args.guesses} guesses a decision ({args.confirm} to confirm a loss), {args.deals} deals each")
    print("| deal | decisions coached | seconds a review: mean | max | slices: median ms | p99 | max | max CPU ms |")
    print("|---|---|---|---|---|---|---|---|")
    for name, rules in cases:
        totals, slices, cpu, coached = bench(rules, args.deals, args.guesses, args.confirm)
        slices.sort()
        p99 = slices[min(len(slices) - 1, int(len(slices) * 0.99))]
        print(f"| {name} | {coached / args.deals:.1f} | {statistics.mean(totals):.2f} | {max(totals):.2f} | "
              f"{statistics.median(slices):.1f} | {p99:.1f} | {max(slices):.1f} | {max(cpu):.1f} |")


if __name__ == "__main__":
    main()
