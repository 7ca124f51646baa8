#!/usr/bin/env python3
"""Milliseconds per decision for each computer level (CPython).

    PYTHONPATH=py python3 tools/bench_ai.py [--deals N] [--players P] [--levels a,b]
                                            [--variants preset[:option=value...],...]
                                            [--five-levels a,b]

Plays N seeded deals per level (every seat that level) and times every decision that has
a real choice (more than one card in hand). The expert runs on its default wall-clock
budget, as in the page; also shown with a fixed iteration count for the arena. Then a row
per variant (two-player presets with options, e.g. ``briscolone:hand_size=5``) for each
of ``--variant-levels``: the searching levels, whose cost depends on the variant. Last,
Briscola chiamata (five players, ``--five-levels``; ``--players 5`` times only it): every
decision with a choice, the bids, passes and calls of the auction included.

With ``--slices``, the rows time the slices of ``think`` instead (the work between two of
its yields, between which the page paints a frame), for ``--levels`` at ``--players``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from briscola.agents import make_agent, think  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402


DEFAULT_VARIANTS = "dupla,scoperta,briscolone:hand_size=5:must_follow=true"
"""Variants timed by default: four cards a hand and two plays a trick; open hands; five
cards a hand, following suit."""


def variant_rules(spec: str, players: int) -> Rules:
    """``preset[:option=value...]`` as rules (true/false and numbers read as such)."""
    name, *pairs = spec.split(":")
    options: dict[str, object] = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        options[key] = {"true": True, "false": False}.get(text, int(text) if text.isdigit() else text)
    return Rules.preset(name, players, **options)


def bench(level: str, players: int, deals: int, iterations: int | None = None,
          rules: Rules | None = None, slices: bool = False) -> list[float]:
    """Milliseconds per decision with a choice; with ``slices``, per slice of ``think``
    (the work between two of its yields, where the page paints)."""
    rules = rules or Rules.standard(players)
    times = []
    for d in range(deals):
        agents = [make_agent(level, seed=d * 10 + s) for s in range(players)]
        if iterations is not None:
            for a in agents:
                a.iterations = iterations
        g = Game.deal(rules, seed=d, dealer=d % players)
        while not g.over:
            view = g.view(g.turn)
            if slices:
                steps = think(agents[g.turn], view)
                while True:
                    t0 = time.perf_counter()
                    try:
                        next(steps)
                    except StopIteration as done:
                        action = done.value
                        times.append((time.perf_counter() - t0) * 1000)
                        break
                    times.append((time.perf_counter() - t0) * 1000)
                g.apply(action)
                continue
            t0 = time.perf_counter()
            action = agents[g.turn].choose(view)
            if len(view.legal_actions) > 1:  # a choice: the auction's bid or pass too
                times.append((time.perf_counter() - t0) * 1000)
            g.apply(action)
    return times


def row(label: str, t: list[float]) -> str:
    t = sorted(t)
    return (f"{label:<12} {statistics.mean(t):9.3f} {statistics.median(t):9.3f} "
            f"{t[int(0.95 * (len(t) - 1))]:9.3f} {t[-1]:9.3f}  {len(t)}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--levels", default="random,easy,medium,hard,expert,expert@200")
    p.add_argument("--variants", default=DEFAULT_VARIANTS,
                   help="two-player variants to time too, comma-separated ('' for none)")
    p.add_argument("--variant-levels", default="hard,expert@200")
    p.add_argument("--five-levels", default="medium,hard,expert,expert@200",
                   help="levels timed in Briscola chiamata (five players); '' for none")
    p.add_argument("--slices", action="store_true",
                   help="time each slice of think (the work between two yields) instead of each decision; "
                        "only --levels at --players")
    args = p.parse_args()
    unit = "slices of think" if args.slices else "decisions"
    print(f"{'level':<12} {'mean ms':>9} {'median':>9} {'p95':>9} {'max':>9}  "
          f"{unit} ({args.players} players, CPython {sys.version.split()[0]})")
    if args.players == 5 and not args.slices:
        five_rows(args)
        return 0
    for spec in args.levels.split(","):
        level, _, iters = spec.partition("@")
        deals = args.deals if level != "expert" else max(2, args.deals // 5)
        rules = Rules.preset("chiamata", 5, auction="ranks") if args.players == 5 else None
        print(row(spec, bench(level, args.players, deals, int(iters) if iters else None, rules, args.slices)))
    if args.slices:
        return 0
    for variant in filter(None, args.variants.split(",")):
        rules = variant_rules(variant, 2)
        print(f"{variant} (2 players)")
        for spec in args.variant_levels.split(","):
            level, _, iters = spec.partition("@")
            deals = args.deals if level != "expert" else max(2, args.deals // 5)
            print(row(spec, bench(level, 2, deals, int(iters) if iters else None, rules)))
    five_rows(args)
    return 0


def five_rows(args: argparse.Namespace) -> None:
    """Briscola chiamata (ranks auction), five seats of each level."""
    levels = [s for s in args.five_levels.split(",") if s]
    if not levels:
        return
    print("chiamata (5 players, ranks auction)")
    rules = Rules.preset("chiamata", 5, auction="ranks")
    for spec in levels:
        level, _, iters = spec.partition("@")
        deals = args.deals if level != "expert" else max(2, args.deals // 5)
        print(row(spec, bench(level, 5, deals, int(iters) if iters else None, rules)))


if __name__ == "__main__":
    raise SystemExit(main())
