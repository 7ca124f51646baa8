#!/usr/bin/env python3
"""Run every arena row of the strength targets (issue 3) and write docs/strength.md.

    PYTHONPATH=py python3 tools/strength_table.py [--games 2000] [--expert-games 300]
        [--iterations 200] [--jobs 2] [--seed 1]

Each row is ``python -m briscola arena`` with the same arguments (seat-fair duplicate
play); rows with the expert use ``--expert-games`` deals, since each of its decisions
searches ``--iterations`` guesses.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from briscola.arena import run_match  # noqa: E402

ROWS = [  # (players, first, second, target win rate of the first)
    (2, "easy", "random", 0.60),
    (2, "medium", "random", 0.80),
    (2, "medium", "easy", 0.60),
    (2, "hard", "medium", 0.58),
    (2, "expert", "hard", 0.58),
    (2, "expert", "medium", 0.72),
    (4, "hard", "medium", 0.58),
]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--expert-games", type=int, default=300)
    p.add_argument("--iterations", type=int, default=200)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=str(ROOT / "docs" / "strength.md"))
    args = p.parse_args()
    command = "PYTHONPATH=py python3 tools/strength_table.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    lines = [
        "# Strength of the computer players",
        "",
        "Seat-fair duplicate play: every deal is played once per rotation of the two agents",
        "over the seats (four players: one agent per team), so the luck of the cards cancels.",
        "Win rate = (wins + draws/2) / games, with a 95% confidence interval (normal",
        "approximation over the games). Produced by:",
        "",
        f"    {command.strip()}",
        "",
        "| players | agents | deals | games | win rate | 95% CI | target | met | point diff | ms/decision (first, second) | arena command |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for players, a, b, target in ROWS:
        deals = args.expert_games if "expert" in (a, b) else args.games
        t0 = time.time()
        s = run_match([a, b], players, deals, args.seed, args.jobs, args.iterations)
        first, second = s["agents"]
        met = "yes" if first["win_rate"] >= target else ("CI overlaps" if first["ci95"][1] >= target else "no")
        cmd = (f"python -m briscola arena --players {players} --games {deals} --seed {args.seed} "
               f"--agents {a},{b} --iterations {args.iterations}")
        lines.append(
            f"| {players} | {a} vs {b} | {deals} | {s['games']} | {first['win_rate'] * 100:.1f}% | "
            f"{first['ci95'][0] * 100:.1f}-{first['ci95'][1] * 100:.1f}% | >= {target * 100:.0f}% | {met} | "
            f"{first['avg_point_diff']:+.2f} | {first['ms_per_decision']:.2f}, {second['ms_per_decision']:.2f} | `{cmd}` |")
        print(lines[-1], f"({time.time() - t0:.0f} s)", flush=True)
    note = f"Expert rows: {args.expert_games} deals with {args.iterations} guesses per decision"
    if args.expert_games < args.games:
        note += f" (the full run is the same command with `--expert-games {args.games}`)"
    lines += ["", note + "."]
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
