#!/usr/bin/env python3
"""Engine benchmark (CPython): random deals per second and AI ms per decision.

    python3 tools/bench_engine.py [--seconds 3] [--decisions 3000] [--levels medium] [--json FILE]

1. Random two-player deals per second: deal + play a random legal card (seeded rng)
   until the deal is over; then the same with the record exported (to_record + JSON),
   and driven through player views and RandomAgent as a real loop would.
2. Milliseconds per decision of each AI level (default: the medium heuristic): mean and
   p95 over a few thousand decisions from seeded deals, two and four players. A decision
   is building the seat's view plus ``choose(view)``, what a driver pays per move.

Budgets live here, not in the unit tests (DESIGN.md).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from briscola.agents import make_agent  # noqa: E402
from briscola.agents.basic import RandomAgent  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.record import to_record  # noqa: E402
from briscola.rules import Rules  # noqa: E402

DEFAULT_SECONDS = 3.0
DEFAULT_DECISIONS = 3000
DECISION_PLAYERS = (2, 4)
WARMUP_DEALS = 50


def machine() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "platform": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "cpu": cpu,
        "cpus": str(os.cpu_count()),
    }


# -- deals per second -----------------------------------------------------------------

def deal_engine(rules: Rules, seed: int) -> Game:
    g = Game.deal(rules, seed=seed)
    rng = random.Random(seed)
    while not g.over:
        moves = g.legal_moves()
        g.play(moves[int(rng.random() * len(moves))])
    return g


def deal_with_record(rules: Rules, seed: int) -> Game:
    g = deal_engine(rules, seed)
    json.dumps(to_record(g), separators=(",", ":"))
    return g


def deal_with_views(rules: Rules, seed: int) -> Game:
    g = Game.deal(rules, seed=seed)
    agents = [RandomAgent(seed=seed * 10 + s) for s in range(rules.players)]
    while not g.over:
        seat = g.turn
        g.play(agents[seat].choose(g.view(seat)))
    return g


def deals_per_second(run, seconds: float) -> dict[str, float]:
    rules = Rules.standard(2)
    for seed in range(WARMUP_DEALS):
        run(rules, seed)
    deals = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        for _ in range(50):  # check the clock now and then, not every deal
            g = run(rules, deals + 1)
            assert sum(g.points) == 120
            deals += 1
        now = time.perf_counter()
    elapsed = now - start
    return {"deals": deals, "seconds": round(elapsed, 3), "deals_per_s": deals / elapsed,
            "us_per_deal": elapsed / deals * 1e6}


# -- ms per decision ------------------------------------------------------------------

def percentile(sorted_values: list[float], q: float) -> float:
    k = max(0, math.ceil(q * len(sorted_values)) - 1)
    return sorted_values[k]


def decision_times(level: str, players: int, decisions: int) -> dict[str, float]:
    rules = Rules.standard(players)
    times: list[float] = []
    seed = 0
    clock = time.perf_counter_ns
    while len(times) < decisions:
        seed += 1
        g = Game.deal(rules, seed=seed, dealer=seed % players)
        agents = [make_agent(level, seed=seed * 10 + s) for s in range(players)]
        while not g.over:
            seat = g.turn
            t0 = clock()
            card = agents[seat].choose(g.view(seat))
            times.append((clock() - t0) / 1e6)
            g.play(card)
    times.sort()
    return {"decisions": len(times), "deals": seed, "mean_ms": sum(times) / len(times),
            "p95_ms": percentile(times, 0.95), "max_ms": times[-1]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                   help=f"seconds per deals/s measurement (default {DEFAULT_SECONDS})")
    p.add_argument("--decisions", type=int, default=DEFAULT_DECISIONS,
                   help=f"decisions timed per level and player count (default {DEFAULT_DECISIONS})")
    p.add_argument("--levels", default="medium", help="comma-separated AI levels to time (default medium)")
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = p.parse_args(argv)
    if args.seconds <= 0 or args.decisions < 1:
        p.error("--seconds and --decisions must be positive")

    info = machine()
    print(f"machine: {info['platform']}, {info['python']}, {info['cpu']} ({info['cpus']} CPUs)")
    print()
    results: dict = {"machine": info, "deals": {}, "decisions": {}}

    print(f"random two-player deals, {args.seconds:g} s each")
    print(f"  {'loop':<28}{'deals/s':>10}{'us/deal':>10}")
    for name, run in (("engine only", deal_engine),
                      ("engine + record as JSON", deal_with_record),
                      ("views + RandomAgent", deal_with_views)):
        r = deals_per_second(run, args.seconds)
        results["deals"][name] = r
        print(f"  {name:<28}{r['deals_per_s']:>10.0f}{r['us_per_deal']:>10.1f}", flush=True)
    print()

    print(f"AI decisions (view + choose), {args.decisions} per row")
    print(f"  {'level':<10}{'players':>8}{'mean ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for level in [x.strip() for x in args.levels.split(",") if x.strip()]:
        for players in DECISION_PLAYERS:
            r = decision_times(level, players, args.decisions)
            results["decisions"][f"{level}/{players}p"] = r
            print(f"  {level:<10}{players:>8}{r['mean_ms']:>10.4f}{r['p95_ms']:>10.4f}{r['max_ms']:>10.3f}",
                  flush=True)

    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
