#!/usr/bin/env python3
"""Run every arena row of the strength targets (issue 3, and the variants of issue 9) and
write docs/strength.md.

    PYTHONPATH=py python3 tools/strength_table.py [--games 2000] [--expert-games 500]
        [--iterations 200] [--jobs 2] [--seed 1] [--out docs/strength.md] [--quick]

The rows: the standard game's ladder as before (:data:`STANDARD_ROWS`), then for every
other preset and for the option variants of :data:`VARIANTS` (two players) the ladder
medium vs random, hard vs medium and expert vs hard (:data:`LADDER`). Each row is
``python -m briscola arena`` with the same arguments (seat-fair duplicate play); rows
with the expert use ``--expert-games`` deals, since each of its decisions searches
``--iterations`` guesses. The whole table takes about an hour with ``--jobs 2``.

``--quick`` plays a few deals a row with few guesses, to see that every row runs, and
prints the table instead of writing it (unless ``--out`` is given). A row whose agent
fails is written with the error, the other rows still run, and the exit status is 1.

Five players (Briscola chiamata, :data:`FIVE_ROWS`) come last, in a table of their own:
the arena's ``--solo`` lineup, where one seat is the tested level and the other four the
level below, the lone seat rotated over all five; since a deal's game points add up to
zero, the lone seat's mean game points a deal is exactly its gain over the level below in
the same seat, and it should be above zero with a 95% interval that excludes zero. Then an
all-hard table, whose callers' sides should make 55% to 75% of their contracts.
``--five-only`` runs just these rows (``--games`` deals, ``--expert-games`` with the
expert).

The hand-written sections of an existing output file (from its first ``## `` heading
on) are kept below the new table.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from briscola.agents import AgentSpecError  # noqa: E402
from briscola.arena import run_five, run_match  # noqa: E402
from briscola.drive import AgentError, rule_flags  # noqa: E402
from briscola.rules import PRESETS, Rules, UnsupportedRuleError  # noqa: E402

STANDARD = "standard"
DEFAULT_GAMES = 2000
DEFAULT_EXPERT_GAMES = 500
DEFAULT_ITERATIONS = 200
QUICK_GAMES, QUICK_EXPERT_GAMES, QUICK_ITERATIONS = 4, 2, 8
DOCS = ROOT / "docs" / "strength.md"
TO_STDOUT = "-"
FAILED = "failed: "
HAND_WRITTEN = "\n## "
"""Where the hand-written part of the output file starts."""


class Row(NamedTuple):
    """One arena match of the table: ``first`` should score at least ``target`` against ``second``."""

    players: int
    first: str
    second: str
    target: float
    variant: str = STANDARD
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def flags(self) -> list[str]:
        """The rules flags of the arena command; none for the standard game."""
        if self.variant == STANDARD and not self.options:
            return []
        return rule_flags(self.variant, dict(self.options))

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.variant, self.players, **dict(self.options))

    @property
    def expert(self) -> bool:
        return "expert" in (self.first, self.second)


STANDARD_ROWS = [
    Row(2, "easy", "random", 0.60),
    Row(2, "medium", "random", 0.80),
    Row(2, "medium", "easy", 0.60),
    Row(2, "hard", "medium", 0.58),
    Row(2, "expert", "hard", 0.58),
    Row(2, "expert", "medium", 0.72),
    Row(4, "hard", "medium", 0.58),
]
"""The standard game's rows (the standard ladder of :data:`LADDER` is among them)."""

LADDER = [("medium", "random", 0.75), ("hard", "medium", 0.55), ("expert", "hard", 0.55)]
"""(first, second, target) for every variant."""


def _two_player(name: str) -> bool:
    try:
        Rules.preset(name, 2)
    except UnsupportedRuleError:
        return False
    return True


TWO_PLAYER_PRESETS = [name for name in PRESETS if name != STANDARD and _two_player(name)]
VARIANTS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in TWO_PLAYER_PRESETS] + [
    ("briscolone", {"hand_size": 5}),
    ("briscolone", {"must_follow": True}),
    (STANDARD, {"must_follow": True}),
    (STANDARD, {"trump": "first"}),
    (STANDARD, {"trump_exchange": 2}),
    (STANDARD, {"trump_exchange": 7}),
    (STANDARD, {"redeal_ace_three": True}),
    (STANDARD, {"mano_negra": True}),
]
"""The two-player variants with a ladder of their own: every two-player preset but the
standard game, and the options players add."""

HEADER = """# Strength of the computer players

Seat-fair duplicate play: every deal is played once per rotation of the two agents
over the seats (four players: one agent per team), so the luck of the cards cancels.
Win rate = (wins + draws/2) / games, with a 95% confidence interval (normal
approximation over the games). The standard game's rows come first; then every other
preset and option variant (two players) with the ladder medium vs random (target 75%),
hard vs medium (55%) and expert vs hard (55%). Produced by:

    {command}

| players | variant | agents | deals | games | win rate | 95% CI | target | met | point diff | ms/decision (first, second) | arena command |
|---|---|---|---|---|---|---|---|---|---|---|---|"""  # noqa: E501 (a Markdown table row)


class FiveRow(NamedTuple):
    """A five-player arena run: with ``solo``, ``first`` alone against four ``second`` (its
    game points a deal should be above zero, interval and all); else ``first`` in every
    seat, whose callers' sides should make ``success`` (low, high) of their contracts."""

    first: str
    second: str = ""
    solo: bool = True
    success: tuple[float, float] = (0.0, 1.0)
    auction: str = "ranks"

    @property
    def expert(self) -> bool:
        return "expert" in (self.first, self.second)


FIVE_ROWS = [
    FiveRow("hard", "medium"),
    FiveRow("expert", "hard"),
    FiveRow("hard", solo=False, success=(0.55, 0.75)),
]
"""Five players: each level gains over the one below; hard's contracts neither timid nor reckless."""

FIVE_HEADER = """
**Five players (Briscola chiamata, ranks auction).** `--solo` rows: the first agent plays
one seat and the second the other four, the lone seat rotated over all five; a deal's game
points add up to zero, so the lone seat's game points a deal are its gain over the second
agent in the same seat (target: above zero, 95% interval over the deals excluding zero).
The all-hard row: the share of contracts the caller's side makes (target 55% to 75%).

| lineup | deals | games | game pts/deal (first) | 95% CI | contracts made | target | met | ms/decision (first, second) | arena command |
|---|---|---|---|---|---|---|---|---|---|"""  # noqa: E501 (a Markdown table row)


def five_command(row: FiveRow, deals: int, seed: int, iterations: int) -> str:
    agents = f"{row.first},{row.second}" if row.solo else row.first
    words = ["python", "-m", "briscola", "arena", "--players", "5", "--games", str(deals), "--seed", str(seed),
             "--agents", agents, "--iterations", str(iterations), "--auction", row.auction]
    return " ".join(words + (["--solo"] if row.solo else []))


def run_five_row(row: FiveRow, args: argparse.Namespace) -> str:
    """The table line of one five-player row, played now."""
    deals = args.expert_games if row.expert else args.games
    lineup = f"{row.first} alone vs 4 {row.second}" if row.solo else f"5 {row.first}"
    tail = f"`{five_command(row, deals, args.seed, args.iterations)}` |"
    target = "gain > 0" if row.solo else f"{row.success[0] * 100:.0f}-{row.success[1] * 100:.0f}% made"
    try:
        s = run_five([row.first, row.second] if row.solo else [row.first], deals, args.seed, args.jobs,
                     args.iterations, rules=Rules.preset("chiamata", 5, auction=row.auction), solo=row.solo)
    except (AgentError, AgentSpecError) as e:
        error = str(e).replace("|", "\\|")
        return f"| {lineup} | {deals} | | {FAILED}{error} | | | {target} | no | | {tail}"
    first = s["agents"][0]
    rate = s["success_rate"] or 0.0
    made = f"{s['contracts_made']}/{s['contracts']} ({rate * 100:.1f}%)"
    if row.solo:
        met = "yes" if first["ci95"][0] > 0 else ("CI overlaps" if first["ci95"][1] > 0 else "no")
    else:
        met = "yes" if row.success[0] <= rate <= row.success[1] else "no"
    ms = ", ".join(f"{a['ms_per_decision']:.2f}" for a in s["agents"])
    return (f"| {lineup} | {deals} | {s['games']} | {first['game_points_per_deal']:+.3f} | "
            f"{first['ci95'][0]:+.3f} to {first['ci95'][1]:+.3f} | {made} | {target} | {met} | {ms} | {tail}")


def all_rows() -> list[Row]:
    ladders = [Row(2, first, second, target, variant, tuple(options.items()))
               for variant, options in VARIANTS for first, second, target in LADDER]
    return STANDARD_ROWS + ladders


def arena_command(row: Row, deals: int, seed: int, iterations: int) -> str:
    words = ["python", "-m", "briscola", "arena", "--players", str(row.players), "--games", str(deals),
             "--seed", str(seed), "--agents", f"{row.first},{row.second}", "--iterations", str(iterations),
             *row.flags]
    return " ".join(words)


def run_row(row: Row, args: argparse.Namespace) -> str:
    """The table line of one row, played now; the error in place of the numbers when an agent fails."""
    deals = args.expert_games if row.expert else args.games
    variant = " ".join(row.flags[1:]) or STANDARD
    lead = f"| {row.players} | {variant} | {row.first} vs {row.second} | {deals} |"
    tail = f"`{arena_command(row, deals, args.seed, args.iterations)}` |"
    try:
        s = run_match([row.first, row.second], row.players, deals, args.seed, args.jobs, args.iterations,
                      rules=row.rules)
    except (AgentError, AgentSpecError) as e:
        error = str(e).replace("|", "\\|")
        return f"{lead} | {FAILED}{error} | | >= {row.target * 100:.0f}% | no | | | {tail}"
    first, second = s["agents"]
    met = "yes" if first["win_rate"] >= row.target else ("CI overlaps" if first["ci95"][1] >= row.target else "no")
    return (f"{lead} {s['games']} | {first['win_rate'] * 100:.1f}% | "
            f"{first['ci95'][0] * 100:.1f}-{first['ci95'][1] * 100:.1f}% | >= {row.target * 100:.0f}% | {met} | "
            f"{first['avg_point_diff']:+.2f} | {first['ms_per_decision']:.2f}, {second['ms_per_decision']:.2f} | "
            f"{tail}")


def hand_written(path: Path) -> str:
    """The sections of an existing table file below the generated part."""
    if not path.exists():
        return ""
    text = path.read_text(encoding="utf-8")
    at = text.find(HAND_WRITTEN)
    return text[at:] if at >= 0 else ""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--games", type=int, default=None, help=f"deals a row (default {DEFAULT_GAMES})")
    p.add_argument("--expert-games", type=int, default=None,
                   help=f"deals a row with the expert (default {DEFAULT_EXPERT_GAMES})")
    p.add_argument("--iterations", type=int, default=None,
                   help=f"guesses per decision of the expert (default {DEFAULT_ITERATIONS})")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=None, help=f"the file to write, {TO_STDOUT} for stdout (default {DOCS})")
    p.add_argument("--variants-only", action="store_true",
                   help="only the variants' ladders, not the standard game's rows (which take as long again)")
    p.add_argument("--five-only", action="store_true",
                   help="only the five-player rows (Briscola chiamata)")
    p.add_argument("--quick", action="store_true",
                   help=f"{QUICK_GAMES} deals a row ({QUICK_EXPERT_GAMES} with the expert), {QUICK_ITERATIONS} "
                        "guesses, the table on stdout: a smoke run")
    args = p.parse_args(argv)
    quick = args.quick
    for name, full, few in (("games", DEFAULT_GAMES, QUICK_GAMES), ("expert_games", DEFAULT_EXPERT_GAMES,
                            QUICK_EXPERT_GAMES), ("iterations", DEFAULT_ITERATIONS, QUICK_ITERATIONS),
                            ("out", str(DOCS), TO_STDOUT)):
        if getattr(args, name) is None:
            setattr(args, name, few if quick else full)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    given = sys.argv[1:] if argv is None else argv
    command = "PYTHONPATH=py python3 tools/strength_table.py " + " ".join(shlex.quote(a) for a in given)
    lines = HEADER.format(command=command.strip()).splitlines()
    failed = 0
    for row in [] if args.five_only else all_rows():
        if args.variants_only and row in STANDARD_ROWS:
            continue
        started = time.time()
        lines.append(run_row(row, args))
        failed += f"| {FAILED}" in lines[-1]
        print(lines[-1], f"({time.time() - started:.0f} s)", file=sys.stderr, flush=True)
    if args.five_only:
        lines = ["# Strength of the computer players", "", "Five players only. Produced by:", "",
                 f"    {command.strip()}"]
    if not args.variants_only:
        lines += FIVE_HEADER.splitlines()
        for five_row in FIVE_ROWS:
            started = time.time()
            lines.append(run_five_row(five_row, args))
            failed += f"| {FAILED}" in lines[-1]
            print(lines[-1], f"({time.time() - started:.0f} s)", file=sys.stderr, flush=True)
    note = f"Expert rows: {args.expert_games} deals with {args.iterations} guesses per decision"
    if args.expert_games < args.games:
        note += f" (the full run is the same command with `--expert-games {args.games}`)"
    lines += ["", note + "."]
    if args.out == TO_STDOUT:
        print("\n".join(lines))
    else:
        out = Path(args.out)
        kept = hand_written(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("\n".join(lines) + "\n" + kept, encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    if failed:
        print(f"{failed} rows failed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
