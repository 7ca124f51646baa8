#!/usr/bin/env python3
"""Milliseconds per decision for each computer level (CPython).

    PYTHONPATH=py python3 tools/bench_ai.py [--deals N] [--players P] [--levels a,b]

Plays N seeded deals per level (every seat that level) and times every decision that has
a real choice (more than one card in hand). The expert runs on its default wall-clock
budget, as in the page; also shown with a fixed iteration count for the arena.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from briscola.agents import make_agent  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402


def bench(level: str, players: int, deals: int, iterations: int | None = None) -> list[float]:
    times = []
    for d in range(deals):
        agents = [make_agent(level, seed=d * 10 + s) for s in range(players)]
        if iterations is not None:
            for a in agents:
                a.iterations = iterations
        g = Game.deal(Rules.standard(players), seed=d, dealer=d % players)
        while not g.over:
            view = g.view(g.turn)
            t0 = time.perf_counter()
            card = agents[g.turn].choose(view)
            if len(view.legal) > 1:
                times.append((time.perf_counter() - t0) * 1000)
            g.play(card)
    return times


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--levels", default="random,easy,medium,hard,expert,expert@200")
    args = p.parse_args()
    print(f"{'level':<12} {'mean ms':>9} {'median':>9} {'p95':>9} {'max':>9}  decisions ({args.players} players, CPython {sys.version.split()[0]})")
    for spec in args.levels.split(","):
        level, _, iters = spec.partition("@")
        deals = args.deals if level != "expert" else max(2, args.deals // 5)
        t = bench(level, args.players, deals, int(iters) if iters else None)
        t.sort()
        print(f"{spec:<12} {statistics.mean(t):9.3f} {statistics.median(t):9.3f} "
              f"{t[int(0.95 * (len(t) - 1))]:9.3f} {t[-1]:9.3f}  {len(t)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
