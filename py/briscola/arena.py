"""Seat-fair duplicate matches between agents: ``python -m briscola arena``.

Every deal (seed ``S + i``, dealer ``i mod N``) is played once per rotation of the agents
over the sides, so each agent gets every hand of every deal and the luck of the cards
cancels out. With two names in a team game the first agent plays every seat of one team
and the second the other, then they swap. With three players alone, three names rotate
over the three seats.

Each game makes fresh agents seeded from (S, deal, rotation, seat), so a run replays
exactly, whatever ``--jobs`` is. Search agents (those with an ``iterations`` attribute)
are given a fixed iteration count (``--iterations``), so results do not depend on the
speed of the machine; the time they take is reported as ms per decision.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any, Sequence

from .agents import AgentSpecError, make_agent
from .cli import CliError, choose_card
from .game import Game
from .rules import PLAYER_COUNTS, Rules

DEFAULT_ITERATIONS = 200
"""Iterations per decision given to search agents in the arena (0: their clock budget)."""

Z95 = 1.96
PROGRESS_MIN_GAMES = 50
"""Runs with fewer games than this don't draw a progress bar."""


def _int_arg(text: str, low: int, what: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}: not a number: {text!r}") from None
    if n < low:
        raise argparse.ArgumentTypeError(f"{what} must be at least {low}")
    return n


def add_arena_parser(sub) -> None:
    a = sub.add_parser("arena", help="seat-fair duplicate matches between agents")
    a.add_argument("--players", type=lambda t: _int_arg(t, 2, "--players"), default=2)
    a.add_argument("--games", type=lambda t: _int_arg(t, 1, "--games"), default=100,
                   help="deals; each is played once per rotation of the agents")
    a.add_argument("--seed", type=lambda t: _int_arg(t, -(1 << 62), "--seed"), default=1,
                   help="deal i uses seed S+i")
    a.add_argument("--agents", default="medium,random",
                   help="comma-separated levels or module:factory, one per side")
    a.add_argument("--jobs", type=lambda t: _int_arg(t, 1, "--jobs"), default=1)
    a.add_argument("--iterations", type=lambda t: _int_arg(t, 0, "--iterations"),
                   default=DEFAULT_ITERATIONS,
                   help=f"iterations per decision for search agents (default {DEFAULT_ITERATIONS}; "
                        "0 = their wall-clock budget)")
    a.add_argument("--json", metavar="FILE", help="write the summary as JSON")
    a.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    a.set_defaults(func=cmd_arena)


# -- one game ------------------------------------------------------------------------------

def _agent_seed(seed: int, deal: int, rotation: int, seat: int) -> int:
    return (seed * 1_000_003 + deal * 101 + rotation) * 17 + seat


def play_game(specs: Sequence[str], players: int, seed: int, deal: int, rotation: int,
              iterations: int) -> dict[str, Any]:
    """Deal ``deal`` with side k played by agent ``(k + rotation) % len(specs)``.

    Returns per agent index: score (1 win, 0.5 draw, 0 loss), point difference (own
    side minus the mean of the other sides), decisions and seconds spent deciding."""
    rules = Rules.standard(players)
    m = len(specs)
    side_agent = [(k + rotation) % m for k in range(m)]
    team_of = rules.team_of
    agents = []
    for seat in range(players):
        a = make_agent(specs[side_agent[team_of[seat]]], seed=_agent_seed(seed, deal, rotation, seat))
        if iterations and hasattr(a, "iterations"):
            a.iterations = iterations
        agents.append(a)
    game = Game.deal(rules, seed=seed + deal, dealer=deal % players)
    decisions = [0] * m
    spent = [0.0] * m
    clock = time.perf_counter
    where = f"deal {deal + 1} (seed {seed + deal}), rotation {rotation + 1}"
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        who = side_agent[team_of[seat]]
        t0 = clock()
        card = choose_card(agents[seat], view, specs[who], where)
        dt = clock() - t0
        decisions[who] += 1
        spent[who] += dt
        game.play(card)
    result = game.result()
    side_points = game.team_points()
    out = {"score": [0.0] * m, "outcome": [""] * m, "diff": [0.0] * m,
           "decisions": decisions, "seconds": spent}
    for k in range(m):
        who = side_agent[k]
        outcome = result[rules.teams[k][0]]
        out["outcome"][who] = outcome
        out["score"][who] = {"win": 1.0, "draw": 0.5, "loss": 0.0}[outcome]
        others = [p for j, p in enumerate(side_points) if j != k]
        out["diff"][who] = side_points[k] - sum(others) / len(others)
    return out


def _play_chunk(job: tuple) -> list[dict[str, Any]]:
    specs, players, seed, deals, iterations = job
    m = len(specs)
    return [play_game(specs, players, seed, d, r, iterations) for d in deals for r in range(m)]


# -- a whole match -------------------------------------------------------------------------

def labels(specs: Sequence[str]) -> list[str]:
    """Agent names for the report; a name given twice gets #1, #2."""
    out = []
    for i, s in enumerate(specs):
        out.append(f"{s}#{specs[:i].count(s) + 1}" if specs.count(s) > 1 else s)
    return out


def run_match(specs: Sequence[str], players: int, games: int, seed: int = 1, jobs: int = 1,
              iterations: int = DEFAULT_ITERATIONS, progress=None) -> dict[str, Any]:
    """Play ``games`` deals in every rotation and summarise per agent (see module doc)."""
    chunk = max(1, min(20, games // (jobs * 8) or 1))
    chunks = [(tuple(specs), players, seed, tuple(range(i, min(games, i + chunk))), iterations)
              for i in range(0, games, chunk)]
    results: list[dict[str, Any]] = []
    started = time.perf_counter()
    done = 0
    if jobs > 1 and len(chunks) > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            parts: list = [None] * len(chunks)
            for i, part in pool.imap_unordered(_indexed_chunk, list(enumerate(chunks))):
                parts[i] = part
                done += len(chunks[i][3])
                if progress:
                    progress(done, games, time.perf_counter() - started)
        for part in parts:
            results.extend(part)
    else:
        for c in chunks:
            results.extend(_play_chunk(c))
            done += len(c[3])
            if progress:
                progress(done, games, time.perf_counter() - started)
    return summarise(specs, players, games, seed, iterations, results)


def _indexed_chunk(item):
    i, job = item
    return i, _play_chunk(job)


def win_rate_ci(scores: Sequence[float]) -> tuple[float, float, float]:
    """(mean score, low, high): the 95% interval of the normal approximation, within [0, 1]."""
    n = len(scores)
    rate = sum(scores) / n
    var = sum((s - rate) ** 2 for s in scores) / (n - 1) if n > 1 else 0.25
    half = Z95 * math.sqrt(var / n)
    return rate, max(0.0, rate - half), min(1.0, rate + half)


def summarise(specs, players, games, seed, iterations, results) -> dict[str, Any]:
    m = len(specs)
    names = labels(specs)
    agents = []
    for a in range(m):
        scores = [r["score"][a] for r in results]
        n = len(scores)
        wins = sum(r["outcome"][a] == "win" for r in results)
        draws = sum(r["outcome"][a] == "draw" for r in results)
        rate, low, high = win_rate_ci(scores)
        decisions = sum(r["decisions"][a] for r in results)
        seconds = sum(r["seconds"][a] for r in results)
        agents.append({
            "name": names[a],
            "agent": specs[a],
            "games": n,
            "wins": wins,
            "losses": n - wins - draws,
            "draws": draws,
            "win_rate": round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "avg_point_diff": round(sum(r["diff"][a] for r in results) / n, 2),
            "ms_per_decision": round(1000 * seconds / decisions, 3) if decisions else 0.0,
        })
    return {
        "players": players,
        "deals": games,
        "games": len(results),
        "seed": seed,
        "iterations": iterations,
        "agents": agents,
    }


def format_summary(summary: dict[str, Any]) -> str:
    side = "team" if summary["players"] in (4, 6) else "agent"
    lines = [f"{summary['deals']} deals x {len(summary['agents'])} rotations = {summary['games']} games, "
             f"{summary['players']} players, seed {summary['seed']}",
             f"{side:<24} {'win rate':>9} {'95% CI':>17} {'W-D-L':>14} {'pt diff':>8} {'ms/dec':>8}"]
    for a in summary["agents"]:
        wdl = f"{a['wins']}-{a['draws']}-{a['losses']}"
        ci = f"[{a['ci95'][0] * 100:.1f}, {a['ci95'][1] * 100:.1f}]"
        lines.append(f"{a['name']:<24} {a['win_rate'] * 100:8.1f}% {ci:>17} {wdl:>14} "
                     f"{a['avg_point_diff']:+8.2f} {a['ms_per_decision']:8.2f}")
    return "\n".join(lines)


def _progress_bar(stream):
    width = 30

    def show(done: int, total: int, elapsed: float) -> None:
        filled = int(width * done / total)
        eta = elapsed / done * (total - done) if done else 0.0
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals "
                     f"{elapsed:6.0f}s elapsed, ~{eta:5.0f}s left")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def parse_specs(text: str, players: int) -> list[str]:
    if players not in PLAYER_COUNTS:
        raise CliError(f"--players must be one of {', '.join(map(str, PLAYER_COUNTS))}")
    specs = [s.strip() for s in text.split(",") if s.strip()]
    sides = len(Rules.standard(players).teams)
    if len(specs) != sides:
        what = "teams" if players in (4, 6) else "players"
        raise CliError(f"--agents names {len(specs)} agents; {players} players need {sides} (one per side: {what})")
    for s in specs:  # fail early, with one line, on a bad name
        try:
            make_agent(s, seed=0)
        except AgentSpecError as e:
            raise CliError(str(e)) from None
    return specs


def cmd_arena(args: argparse.Namespace) -> int:
    specs = parse_specs(args.agents, args.players)
    progress = None
    if not args.no_progress and args.games * len(specs) >= PROGRESS_MIN_GAMES:
        progress = _progress_bar(sys.stderr)
    summary = run_match(specs, args.players, args.games, args.seed, args.jobs, args.iterations, progress)
    print(format_summary(summary))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=2)
            f.write("\n")
    return 0


__all__ = ["add_arena_parser", "run_match", "play_game", "format_summary", "summarise", "labels"]
