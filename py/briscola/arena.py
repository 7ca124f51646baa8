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
from typing import Any, Iterator, Sequence

from .agents import AgentSpecError, make_agent
from .cli import CliError, check_writable, choose_card
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


class Tally:
    """Running totals per agent over the games played so far: what the summary needs,
    in memory that does not grow with the number of games."""

    __slots__ = ("games", "wins", "draws", "score", "score_sq", "diff", "decisions", "seconds")

    def __init__(self, agents: int) -> None:
        self.games = [0] * agents
        self.wins = [0] * agents
        self.draws = [0] * agents
        self.score = [0.0] * agents
        self.score_sq = [0.0] * agents
        self.diff = [0.0] * agents
        self.decisions = [0] * agents
        self.seconds = [0.0] * agents

    def add(self, result: dict[str, Any]) -> None:
        """Count one game as returned by :func:`play_game`."""
        for a in range(len(self.games)):
            s = result["score"][a]
            self.games[a] += 1
            self.wins[a] += result["outcome"][a] == "win"
            self.draws[a] += result["outcome"][a] == "draw"
            self.score[a] += s
            self.score_sq[a] += s * s
            self.diff[a] += result["diff"][a]
            self.decisions[a] += result["decisions"][a]
            self.seconds[a] += result["seconds"][a]

    def merge(self, other: Tally) -> None:
        for name in self.__slots__:
            mine, theirs = getattr(self, name), getattr(other, name)
            for a in range(len(mine)):
                mine[a] += theirs[a]


def _chunks(specs: Sequence[str], players: int, games: int, seed: int, iterations: int,
            size: int) -> Iterator[tuple]:
    """The match cut into jobs of ``size`` deals, made one at a time as they are asked for."""
    for start in range(0, games, size):
        yield tuple(specs), players, seed, start, min(games, start + size), iterations


def _play_chunk(job: tuple) -> tuple[int, Tally]:
    """Play the deals of one job in every rotation: (deals played, their tally)."""
    specs, players, seed, start, stop, iterations = job
    tally = Tally(len(specs))
    for d in range(start, stop):
        for r in range(len(specs)):
            tally.add(play_game(specs, players, seed, d, r, iterations))
    return stop - start, tally


# -- a whole match -------------------------------------------------------------------------

def labels(specs: Sequence[str]) -> list[str]:
    """Agent names for the report; a name given twice gets #1, #2."""
    out = []
    for i, s in enumerate(specs):
        out.append(f"{s}#{specs[:i].count(s) + 1}" if specs.count(s) > 1 else s)
    return out


def run_match(specs: Sequence[str], players: int, games: int, seed: int = 1, jobs: int = 1,
              iterations: int = DEFAULT_ITERATIONS, progress=None) -> dict[str, Any]:
    """Play ``games`` deals in every rotation and summarise per agent (see module doc).

    The jobs are made as they are played and the results are tallied as they come, so a
    long match starts at once and its memory does not grow with ``games``."""
    size = max(1, min(20, games // (jobs * 8) or 1))
    chunks = _chunks(specs, players, games, seed, iterations, size)
    tally = Tally(len(specs))
    started = time.perf_counter()
    done = 0
    if jobs > 1 and games > size:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for count, part in pool.imap_unordered(_play_chunk, chunks):
                tally.merge(part)
                done += count
                if progress:
                    progress(done, games, time.perf_counter() - started)
    else:
        for c in chunks:
            count, part = _play_chunk(c)
            tally.merge(part)
            done += count
            if progress:
                progress(done, games, time.perf_counter() - started)
    return summary_of(specs, players, games, seed, iterations, tally)


def win_rate_ci(scores: Sequence[float]) -> tuple[float, float, float]:
    """(mean score, low, high): the 95% interval of the normal approximation, within [0, 1]."""
    return _interval(len(scores), sum(scores), sum(s * s for s in scores))


def _interval(n: int, total: float, total_sq: float) -> tuple[float, float, float]:
    rate = total / n
    var = max(0.0, n * total_sq - total * total) / (n * (n - 1)) if n > 1 else 0.25
    half = Z95 * math.sqrt(var / n)
    return rate, max(0.0, rate - half), min(1.0, rate + half)


def summarise(specs, players, games, seed, iterations, results) -> dict[str, Any]:
    """The summary of a list of :func:`play_game` results."""
    tally = Tally(len(specs))
    for r in results:
        tally.add(r)
    return summary_of(specs, players, games, seed, iterations, tally)


def summary_of(specs, players, games, seed, iterations, tally: Tally) -> dict[str, Any]:
    m = len(specs)
    names = labels(specs)
    agents = []
    for a in range(m):
        n = tally.games[a]
        wins, draws = tally.wins[a], tally.draws[a]
        rate, low, high = _interval(n, tally.score[a], tally.score_sq[a])
        decisions, seconds = tally.decisions[a], tally.seconds[a]
        agents.append({
            "name": names[a],
            "agent": specs[a],
            "games": n,
            "wins": wins,
            "losses": n - wins - draws,
            "draws": draws,
            "win_rate": round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "avg_point_diff": round(tally.diff[a] / n, 2),
            "ms_per_decision": round(1000 * seconds / decisions, 3) if decisions else 0.0,
        })
    return {
        "players": players,
        "deals": games,
        "games": tally.games[0],
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
    if args.json:
        check_writable(args.json, "--json")
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


__all__ = ["Tally", "add_arena_parser", "run_match", "play_game", "format_summary", "summarise",
           "summary_of", "labels", "win_rate_ci"]
