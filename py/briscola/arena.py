"""Seat-fair duplicate matches between agents: ``python -m briscola arena``.

Every deal (seed ``S + i``, dealer ``i mod N``) is played once per rotation of the agents
over the sides, so each agent gets every hand of every deal and the luck of the cards
cancels out. With two names in a team game the first agent plays every seat of one team
and the second the other, then they swap. With three players alone, three names rotate
over the three seats.

The rules are any variant: ``--variant`` and the rule options below, as in the other
commands (:data:`~briscola.drive.RULE_FLAGS`). With ``--match FORMAT`` each of the ``--games`` is a
match (:mod:`briscola.match`) instead of one deal: match ``i`` is first dealt by seat
``i mod N``, its deal ``j`` uses seed ``S + i + j * games`` (so deal 0 of every match is
the single deal ``i``), and the whole match is played once per rotation with the same
seat assignment throughout, so every agent plays the same deals from the same seats.
A three-player play-off deal is a two-player deal between the two seats in play. A
match that reaches :data:`~briscola.match.MAX_DEALS` (1000) deals without a winner counts
as drawn; a single deal's result is the match's.

Five players (Briscola chiamata, ``--auction`` as in the other commands): ``--agents``
names one to five agents; in rotation r seat s is played by agent (s + r) mod k, so over
the k rotations every agent plays every seat of every deal. With ``--solo`` (two agents)
the first plays one seat and the second the other four, the lone seat rotated over all
five: since the game points of a deal add up to zero, the lone agent's mean game points
a deal is its gain over the second agent in the same seat. The report gives per agent
game points per deal with a 95% interval over the deals, contracts taken and made, and for
the table the contracts made and the spread of winning bids, in the auction's order (the
Ace the lowest bid, the Two the highest; ``--json``: the keys of :func:`five_summary`, the
last paragraph of ``--help``).

Each game makes fresh agents seeded from (S, deal, rotation, seat), so a run replays
exactly, whatever ``--jobs`` is. Search agents (those with an ``iterations`` attribute)
are given a fixed iteration count (``--iterations``), so results do not depend on the
speed of the machine; the time they take is reported as ms per decision.

The summary (``--json FILE``) holds ``players``, ``deals`` (different deals dealt),
``games`` (deals played, every rotation counted), ``seed``, ``iterations``, ``variant``
(the preset), ``rules`` (every rules option), ``match`` (the format) and ``matches``
(matches played, every rotation counted; a single deal is a match of one), and per
agent in ``agents``: ``name``, ``agent``, ``games``, ``wins``, ``losses``, ``draws``,
``win_rate`` ((wins + draws / 2) / games), ``ci95``, ``avg_point_diff`` (own side's card
points minus the mean of the other sides, a deal), ``ms_per_decision``, and the same for
whole matches: ``matches``, ``match_wins``, ``match_losses``, ``match_draws``,
``match_win_rate``, ``match_ci95``.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import re
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from .agents import AgentSpecError, known_agents, make_agent
from .drive import (PLAYERS_HELP, CliError, SeatClock, add_match_option, add_rules_options, check_writable,
                  match_over, plan_deal, rule_flags, rules_from_args, run_deal)
from .core import MIN_POINTS_BID, bid_sequence
from .game import Game
from .i18n import Translator
from .match import SINGLE, Match, check_format
from .rules import CHIAMATA_PLAYERS, OPTION_NAMES, PLAYER_COUNTS, Rules

DEFAULT_ITERATIONS = 200
"""Iterations per decision given to search agents in the arena (0: their clock budget)."""

Z95 = 1.96
PROGRESS_MIN_GAMES = 50
"""Runs with fewer games than this don't draw a progress bar."""
SCORES = {"win": 1.0, "draw": 0.5, "loss": 0.0}
ABSENT = ""
"""The outcome of an agent that sits out a deal (a three-player play-off)."""
CHUNK_MAX = 20
CHUNKS_PER_JOB = 8


def _int_arg(text: str, low: int) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if n < low:
        raise argparse.ArgumentTypeError(f"must be at least {low}")  # argparse names the option
    return n


ROLE = re.compile(r":[a-z]+:`~?([\w.]+)`")


def plain(doc: str) -> str:
    """A docstring as ``--help`` shows it: ``code`` and cross-references (``:func:`x.f```,
    ``:data:`~x.NAME```) as bare names, and without a reference that stands alone in
    brackets."""
    doc = re.sub(r" \(:[a-z]+:`[^`]+`\)", "", doc)  # a reference alone in brackets: for the reader of the code
    return ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1] if "~" in m.group(0) else m.group(1),
                    doc).replace("``", "")


def add_arena_parser(sub) -> None:
    a = sub.add_parser("arena", help="seat-fair duplicate matches between agents",
                       description=plain(__doc__.split("\n\n", 1)[1] + "\n\n"
                                         + inspect.cleandoc(five_summary.__doc__ or "")),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--players", type=lambda t: _int_arg(t, 2), default=2,
                   help=PLAYERS_HELP)
    a.add_argument("--games", type=lambda t: _int_arg(t, 1), default=100,
                   help="deals (with --match: matches); each is played once per rotation of the agents")
    a.add_argument("--seed", type=lambda t: _int_arg(t, -(1 << 62)), default=1,
                   help="deal i uses seed S+i")
    a.add_argument("--agents", default="medium,random",
                   help="comma-separated levels or module:factory, one per side (default medium,random; levels: "
                        + ", ".join(known_agents()) + ")")
    a.add_argument("--jobs", type=lambda t: _int_arg(t, 1), default=1,
                   help="processes playing at once (default 1); the results do not depend on it")
    a.add_argument("--iterations", type=lambda t: _int_arg(t, 0),
                   default=DEFAULT_ITERATIONS,
                   help=f"iterations per decision for search agents (default {DEFAULT_ITERATIONS}; "
                        "0 = their wall-clock budget)")
    a.add_argument("--json", metavar="FILE", help="write the summary as JSON (keys above); - for stdout, "
                                                   "in place of the table")
    a.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    a.add_argument("--solo", action="store_true",
                   help="five players: the first agent in one seat, the second in the other four, rotated "
                        "over the seats (default: the agents alternate round the table, rotated)")
    add_rules_options(a)
    add_match_option(a, "play whole matches of this format; match wins are reported too (default: single deals)")
    a.set_defaults(func=cmd_arena)


@dataclass(frozen=True)
class Run:
    """What every game of an arena run shares."""

    specs: tuple[str, ...]
    rules: Rules
    games: int  # matches; deals when each match is a single deal
    seed: int
    iterations: int
    match: str = SINGLE


# -- one game ------------------------------------------------------------------------------

def _agent_seed(seed: int, deal: int, rotation: int, seat: int) -> int:
    return (seed * 1_000_003 + deal * 101 + rotation) * 17 + seat


def play_game(specs: Sequence[str], players: int, seed: int, deal: int, rotation: int,
              iterations: int, *, rules: Rules | None = None, dealer: int | None = None,
              seats: Sequence[int] | None = None) -> dict[str, Any]:
    """Deal ``deal`` (seed ``seed + deal``) with side k of the ``players``-seat table played
    by agent ``(k + rotation) % len(specs)``; ``rules`` (standard), ``dealer`` (``deal mod
    players``) and ``seats`` (the table seat of each seat of the deal: all of them, or the
    two of a play-off) as given.

    Returns per agent index: score (1 win, 0.5 draw, 0 loss), outcome (win, draw, loss;
    empty when the agent sits out), point difference (own side minus the mean of the other
    sides), decisions and seconds spent deciding; and the deal's outcome with its sides
    named by table seats under "deal"."""
    rules = rules or Rules.standard(players)
    seats = tuple(seats or range(rules.players))
    m = len(specs)
    table_side = Rules.standard(players).team_of
    agent_of = [(table_side[s] + rotation) % m for s in seats]
    agents = []
    for seat, table_seat in enumerate(seats):
        a = make_agent(specs[agent_of[seat]], seed=_agent_seed(seed, deal, rotation, table_seat))
        if iterations and hasattr(a, "iterations"):
            a.iterations = iterations
        agents.append(a)
    clock = SeatClock(len(seats))
    where = f"deal {deal + 1} (seed {seed + deal}), rotation {rotation + 1}"
    game = run_deal(rules, seed + deal, deal % players if dealer is None else dealer, agents,
                    [specs[a] for a in agent_of], where, clock=clock)
    outcome = game.outcome()
    out: dict[str, Any] = {"score": [0.0] * m, "outcome": [ABSENT] * m, "diff": [0.0] * m,
                           "decisions": [0] * m, "seconds": [0.0] * m, "deal": outcome}
    for seat, who in enumerate(agent_of):
        out["decisions"][who] += clock.decisions[seat]
        out["seconds"][who] += clock.seconds[seat]
    for k, side in enumerate(outcome.sides):
        who = agent_of[side[0]]
        out["outcome"][who] = outcome.result[side[0]]
        out["score"][who] = SCORES[outcome.result[side[0]]]
        others = [p for j, p in enumerate(outcome.side_points) if j != k]
        out["diff"][who] = outcome.side_points[k] - sum(others) / len(others)
    return out


def play_match(run: Run, index: int, rotation: int, tally: Tally) -> int:
    """Play match ``index`` of ``run`` in ``rotation`` (see module doc), counting its deals
    and its result in ``tally``; returns the number of deals it took."""
    players = run.rules.players
    match = Match.start(run.match, players, first_dealer=index % players)
    last: dict[str, Any] = {}
    while not match_over(match):
        plan = plan_deal(match, run.rules)
        deal = index + match.deals_played * run.games
        last = play_game(run.specs, players, run.seed, deal, rotation, run.iterations,
                         rules=plan.rules, dealer=plan.dealer, seats=plan.seats)
        tally.add(last)
        match.add_deal(last["deal"])
    m = len(run.specs)
    if match.winner is not None:
        won = (match.winner + rotation) % m
        tally.add_match(["win" if a == won else "loss" for a in range(m)])
    elif match.format == SINGLE:
        tally.add_match(last["outcome"])
    else:
        tally.add_match(["draw"] * m)
    return match.deals_played


def add_counts(mine: Any, theirs: Any) -> None:
    """Add a tally's per-agent lists (``PER_AGENT``) and counts (``COUNTS``) into another's
    (a worker's results into the total)."""
    for name in mine.PER_AGENT:
        ours, more = getattr(mine, name), getattr(theirs, name)
        for a in range(len(ours)):
            ours[a] += more[a]
    for name in mine.COUNTS:
        setattr(mine, name, getattr(mine, name) + getattr(theirs, name))


class Tally:
    """Running totals per agent over the games played so far: what the summary needs,
    in memory that does not grow with the number of games."""

    PER_AGENT = ("games", "wins", "draws", "score", "score_sq", "diff", "decisions", "seconds",
                 "matches", "match_wins", "match_draws", "match_score", "match_score_sq")
    COUNTS = ("dealt", "played", "matches_played")
    __slots__ = PER_AGENT + COUNTS

    def __init__(self, agents: int) -> None:
        self.games = [0] * agents
        self.wins = [0] * agents
        self.draws = [0] * agents
        self.score = [0.0] * agents
        self.score_sq = [0.0] * agents
        self.diff = [0.0] * agents
        self.decisions = [0] * agents
        self.seconds = [0.0] * agents
        self.matches = [0] * agents
        self.match_wins = [0] * agents
        self.match_draws = [0] * agents
        self.match_score = [0.0] * agents
        self.match_score_sq = [0.0] * agents
        self.dealt = 0  # different deals dealt
        self.played = 0  # deals played, every rotation counted
        self.matches_played = 0

    def add(self, result: dict[str, Any]) -> None:
        """Count one game as returned by :func:`play_game`."""
        self.played += 1
        for a, outcome in enumerate(result["outcome"]):
            if outcome == ABSENT:
                continue
            s = result["score"][a]
            self.games[a] += 1
            self.wins[a] += outcome == "win"
            self.draws[a] += outcome == "draw"
            self.score[a] += s
            self.score_sq[a] += s * s
            self.diff[a] += result["diff"][a]
            self.decisions[a] += result["decisions"][a]
            self.seconds[a] += result["seconds"][a]

    def add_match(self, outcomes: Sequence[str]) -> None:
        """Count one match: per agent "win", "draw" or "loss" (empty: a loss)."""
        self.matches_played += 1
        for a, outcome in enumerate(outcomes):
            s = SCORES.get(outcome, 0.0)
            self.matches[a] += 1
            self.match_wins[a] += outcome == "win"
            self.match_draws[a] += outcome == "draw"
            self.match_score[a] += s
            self.match_score_sq[a] += s * s

    def merge(self, other: Tally) -> None:
        add_counts(self, other)


def _chunks(run: Run, size: int) -> Iterator[tuple[Run, int, int]]:
    """The run cut into jobs of ``size`` matches, made one at a time as they are asked for."""
    for start in range(0, run.games, size):
        yield run, start, min(run.games, start + size)


def _play_chunk(job: tuple[Run, int, int]) -> tuple[int, Tally]:
    """Play the matches of one job in every rotation: (matches played, their tally)."""
    run, start, stop = job
    tally = Tally(len(run.specs))
    for index in range(start, stop):
        tally.dealt += max(play_match(run, index, r, tally) for r in range(len(run.specs)))
    return stop - start, tally


# -- a whole match -------------------------------------------------------------------------

def labels(specs: Sequence[str]) -> list[str]:
    """Agent names for the report; a name given twice gets #1, #2."""
    out = []
    for i, s in enumerate(specs):
        out.append(f"{s}#{specs[:i].count(s) + 1}" if specs.count(s) > 1 else s)
    return out


def run_match(specs: Sequence[str], players: int, games: int, seed: int = 1, jobs: int = 1,
              iterations: int = DEFAULT_ITERATIONS, progress: Callable[[int, int, float], None] | None = None,
              *, rules: Rules | None = None, match: str = SINGLE) -> dict[str, Any]:
    """Play ``games`` deals (or matches of format ``match``) under ``rules`` (standard for
    ``players``) in every rotation and summarise per agent (see module doc).

    The jobs are made as they are played and the results are tallied as they come, so a
    long run starts at once and its memory does not grow with ``games``."""
    rules = rules or Rules.standard(players)
    if rules.players != players:
        raise ValueError(f"rules for {rules.players} players, not {players}")
    check_format(match, players)
    run = Run(tuple(specs), rules, games, seed, iterations, match)
    size = max(1, min(CHUNK_MAX, games // (jobs * CHUNKS_PER_JOB) or 1))
    chunks = _chunks(run, size)
    tally = Tally(len(specs))
    started = time.perf_counter()
    done = 0
    if jobs > 1 and games > size:
        for count, part in in_processes(_play_chunk, chunks, jobs):
            done = _count(tally, part, done, count, games, started, progress)
    else:
        for c in chunks:
            count, part = _play_chunk(c)
            done = _count(tally, part, done, count, games, started, progress)
    return summary_of(specs, players, games, seed, iterations, tally, rules=rules, match=match)


def in_processes(fn: Callable[[Any], Any], jobs: Iterator[Any], processes: int) -> Iterator[Any]:
    """``fn(job)`` for every job, in ``processes`` worker processes, the results in the
    order of the jobs; at most two jobs a process are handed out at a time. An error in a
    job is raised here once the workers have stopped.

    The workers are let finish the few jobs handed out (:data:`STOP_WAIT` at most) rather
    than killed: a worker killed while it hands back a result keeps the lock of the
    results queue for ever, and ``Pool.terminate`` then waits for ever for the thread that
    feeds the jobs, stuck behind that lock (with ``Pool.imap_unordered``, about one run in
    ten with a bot that raises at its first card, where every job fails at once)."""
    import multiprocessing
    from collections import deque

    pool = multiprocessing.Pool(processes)
    pending: deque[Any] = deque()
    try:
        for job in jobs:
            pending.append(pool.apply_async(fn, (job,)))
            if len(pending) >= 2 * processes:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
    except BaseException:
        pool.close()
        deadline = time.monotonic() + STOP_WAIT
        for result in pending:
            result.wait(max(0.0, deadline - time.monotonic()))
        if all(result.ready() for result in pending):
            pool.join()
        else:  # a long job: stop it (the rare case the lock above may catch)
            pool.terminate()
        raise
    pool.close()
    pool.join()


STOP_WAIT = 5.0
"""Seconds :func:`in_processes` lets the jobs handed out finish after an error."""


def _count(tally: Tally, part: Tally, done: int, count: int, games: int, started: float,
           progress: Callable[[int, int, float], None] | None) -> int:
    tally.merge(part)
    done += count
    if progress:
        progress(done, games, time.perf_counter() - started)
    return done


def win_rate_ci(scores: Sequence[float]) -> tuple[float, float, float]:
    """(mean score, low, high): the 95% interval of the normal approximation, within [0, 1]."""
    return _interval(len(scores), sum(scores), sum(s * s for s in scores))


def _interval(n: int, total: float, total_sq: float) -> tuple[float, float, float]:
    """A win rate's interval, within [0, 1] (one deal alone counts as the widest spread)."""
    if not n:
        return 0.0, 0.0, 1.0
    rate, low, high = _mean_ci(n, total, total_sq, single_var=0.25)
    return rate, max(0.0, low), min(1.0, high)


def summarise(specs, players, games, seed, iterations, results, *, rules: Rules | None = None) -> dict[str, Any]:
    """The summary of a list of :func:`play_game` results of single deals."""
    tally = Tally(len(specs))
    for r in results:
        tally.add(r)
        tally.add_match(r["outcome"])
    tally.dealt = games
    return summary_of(specs, players, games, seed, iterations, tally, rules=rules)


def _rates(n: int, total: float, total_sq: float) -> dict[str, Any]:
    rate, low, high = _interval(n, total, total_sq)
    return {"win_rate": round(rate, 4), "ci95": [round(low, 4), round(high, 4)]}


def summary_of(specs, players, games, seed, iterations, tally: Tally, *, rules: Rules | None = None,
               match: str = SINGLE) -> dict[str, Any]:
    rules = rules or Rules.standard(players)
    names = labels(specs)
    agents = []
    for a in range(len(specs)):
        n, wins, draws = tally.games[a], tally.wins[a], tally.draws[a]
        deals = _rates(n, tally.score[a], tally.score_sq[a])
        matches = _rates(tally.matches[a], tally.match_score[a], tally.match_score_sq[a])
        decisions, seconds = tally.decisions[a], tally.seconds[a]
        agents.append({
            "name": names[a],
            "agent": specs[a],
            "games": n,
            "wins": wins,
            "losses": n - wins - draws,
            "draws": draws,
            **deals,
            "avg_point_diff": round(tally.diff[a] / n, 2) if n else 0.0,
            "ms_per_decision": round(1000 * seconds / decisions, 3) if decisions else 0.0,
            "matches": tally.matches[a],
            "match_wins": tally.match_wins[a],
            "match_losses": tally.matches[a] - tally.match_wins[a] - tally.match_draws[a],
            "match_draws": tally.match_draws[a],
            "match_win_rate": matches["win_rate"],
            "match_ci95": matches["ci95"],
        })
    return {
        "players": players,
        "deals": tally.dealt,
        "games": tally.played,
        "seed": seed,
        "iterations": iterations,
        "agents": agents,
        "variant": rules.variant,
        "rules": rules.to_dict(),
        "match": match,
        "matches": tally.matches_played,
    }


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word``, plural unless one: "1 deal", "4 games", "2 matches"."""
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"


def _options(summary: dict[str, Any]) -> str:
    """The rules options set on top of the preset, as the flags that set them."""
    base = Rules.preset(summary["variant"], summary["players"]).to_dict()
    changed = {k: v for k, v in summary["rules"].items() if k in OPTION_NAMES and base.get(k) != v}
    try:
        return " ".join(rule_flags(summary["variant"], changed)[2:])
    except ValueError:  # an option no flag sets (rules made in code)
        return " ".join(f"{k}={v}" for k, v in changed.items())


def _header(summary: dict[str, Any]) -> str:
    rotations = len(summary["agents"])
    table = f"{summary['players']} players, seed {summary['seed']}"
    if summary["variant"] != "standard":
        table += f", variant {summary['variant']}"
    options = _options(summary)
    if options:
        table += f", {options}"
    return _what_was_played(summary, rotations) + ", " + table


def _what_was_played(summary: dict[str, Any], rotations: int) -> str:
    """"2 deals x 2 rotations = 4 games", or the matches, their games and their deals."""
    turns = counted(rotations, "rotation")
    games, deals = counted(summary["games"], "game"), counted(summary["deals"], "deal")
    if summary["match"] == SINGLE:
        return f"{deals} x {turns} = {games}"
    fmt = summary["match"]
    each = counted(summary["matches"] // rotations, f"{fmt} match", f"{fmt} matches")
    return f"{each} x {turns} = {counted(summary['matches'], 'match', 'matches')} of {games} ({deals})"


def _rate_cells(rate: float, ci: Sequence[float], wins: int, draws: int, losses: int) -> str:
    wdl = f"{wins}-{draws}-{losses}"
    interval = f"[{ci[0] * 100:.1f}, {ci[1] * 100:.1f}]"
    return f"{rate * 100:8.1f}% {interval:>17} {wdl:>14}"


def format_summary(summary: dict[str, Any]) -> str:
    side = "team" if summary["players"] in (4, 6) else "agent"
    lines = [_header(summary),
             f"{side:<24} {'win rate':>9} {'95% CI':>17} {'W-D-L':>14} {'pt diff':>8} {'ms/dec':>8}"]
    for a in summary["agents"]:
        cells = _rate_cells(a["win_rate"], a["ci95"], a["wins"], a["draws"], a["losses"])
        lines.append(f"{a['name']:<24} {cells} {a['avg_point_diff']:+8.2f} {a['ms_per_decision']:8.2f}")
    if summary["match"] != SINGLE:
        lines.append(f"{side:<24} {'matches':>9} {'95% CI':>17} {'W-D-L':>14}")
        for a in summary["agents"]:
            cells = _rate_cells(a["match_win_rate"], a["match_ci95"], a["match_wins"], a["match_draws"],
                                a["match_losses"])
            lines.append(f"{a['name']:<24} {cells}")
    return "\n".join(lines)


def _progress_bar(stream, unit: str):
    width = 30

    def show(done: int, total: int, elapsed: float) -> None:
        filled = int(width * done / total)
        eta = elapsed / done * (total - done) if done else 0.0
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit} "
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
        what = "one per team" if players in (4, 6) else "one per player"
        raise CliError(f"--agents names {counted(len(specs), 'agent')}; {players} players need {sides}, {what}")
    for s in specs:  # fail early, with one line, on a bad name
        try:
            make_agent(s, seed=0)
        except AgentSpecError as e:
            raise CliError(str(e)) from None
    return specs



# -- five players: Briscola chiamata -------------------------------------------------------

FIVE = CHIAMATA_PLAYERS


def five_lineup(agents: int, rotation: int, solo: bool) -> list[int]:
    """The agent of each of the five seats in ``rotation``: with ``solo``, the first agent
    in seat ``rotation`` and the second in the other four; else agent ``(seat + rotation)
    mod agents``, so over the rotations every agent sits in every seat once."""
    if solo:
        return [0 if seat == rotation else 1 for seat in range(FIVE)]
    return [(seat + rotation) % agents for seat in range(FIVE)]


def five_rotations(agents: int, solo: bool) -> int:
    return FIVE if solo else agents


class FiveTally:
    """Running totals of a five-player run, per agent and for the table."""

    PER_AGENT = ("seat_games", "game_points", "deal_sum", "deal_sq", "deals_in", "taken", "made",
                 "decisions", "seconds", "matches", "match_wins")
    COUNTS = ("dealt", "played", "thrown_in", "contracts", "contracts_made", "matches_played")
    __slots__ = PER_AGENT + COUNTS + ("bids",)

    def __init__(self, agents: int) -> None:
        self.seat_games = [0] * agents  # seats played, every deal and rotation counted
        self.game_points = [0.0] * agents
        self.deal_sum = [0.0] * agents  # of each deal's mean game points a seat-game
        self.deal_sq = [0.0] * agents
        self.deals_in = [0] * agents
        self.taken = [0] * agents  # contracts won in the auction
        self.made = [0] * agents
        self.decisions = [0] * agents
        self.seconds = [0.0] * agents
        self.matches = [0] * agents
        self.match_wins = [0] * agents
        self.dealt = 0
        self.played = 0
        self.thrown_in = 0
        self.contracts = 0
        self.contracts_made = 0
        self.matches_played = 0
        self.bids: dict[int, int] = {}  # winning bid -> contracts

    def add_game(self, game: Game, lineup: Sequence[int], clock: SeatClock, seats: dict[int, list[int]]) -> None:
        """Count one deal played by ``lineup`` (agent per seat); ``seats`` gathers each
        agent's game points per seat-game of the unit (deal or match) being played."""
        self.played += 1
        outcome = game.outcome()
        for seat, who in enumerate(lineup):
            gp = outcome.game_points[seat]
            self.seat_games[who] += 1
            self.game_points[who] += gp
            seats.setdefault(who, []).append(gp)
            self.decisions[who] += clock.decisions[seat]
            self.seconds[who] += clock.seconds[seat]
        if game.thrown_in:
            self.thrown_in += 1
            return
        assert game.caller is not None and game.bid is not None
        made = outcome.winner == 0
        who = lineup[game.caller]
        self.taken[who] += 1
        self.made[who] += made
        self.contracts += 1
        self.contracts_made += made
        self.bids[game.bid] = self.bids.get(game.bid, 0) + 1

    def add_unit(self, seats: dict[int, list[int]]) -> None:
        """One deal (or match) played in every rotation: each agent's mean game points a
        seat-game in it, the unit of the intervals."""
        for who, gps in seats.items():
            x = sum(gps) / len(gps)
            self.deal_sum[who] += x
            self.deal_sq[who] += x * x
            self.deals_in[who] += 1

    def merge(self, other: FiveTally) -> None:
        add_counts(self, other)
        for bid, count in other.bids.items():
            self.bids[bid] = self.bids.get(bid, 0) + count


@dataclass(frozen=True)
class FiveRun:
    specs: tuple[str, ...]
    rules: Rules
    games: int
    seed: int
    iterations: int
    match: str = SINGLE
    solo: bool = False


def play_five(run: FiveRun, index: int, rotation: int, tally: FiveTally, seats: dict[int, list[int]]) -> int:
    """Deal (or match) ``index`` of ``run`` in ``rotation``; returns the deals it took."""
    lineup = five_lineup(len(run.specs), rotation, run.solo)
    match = Match.start(run.match, FIVE, first_dealer=index % FIVE)
    while not match_over(match):
        plan = plan_deal(match, run.rules)
        deal = index + match.deals_played * run.games
        agents = []
        for seat, who in enumerate(lineup):
            a = make_agent(run.specs[who], seed=_agent_seed(run.seed, deal, rotation, seat))
            if run.iterations and hasattr(a, "iterations"):
                a.iterations = run.iterations
            agents.append(a)
        clock = SeatClock(FIVE)
        where = f"deal {deal + 1} (seed {run.seed + deal}), rotation {rotation + 1}"
        game = run_deal(plan.rules, run.seed + deal, plan.dealer, agents, [run.specs[w] for w in lineup], where,
                        clock=clock)
        tally.add_game(game, lineup, clock, seats)
        match.add_deal(game.outcome())
    tally.matches_played += 1  # a single deal is a match of one deal
    for who in set(lineup):
        tally.matches[who] += 1
    if match.winner is not None:
        tally.match_wins[lineup[match.winner]] += 1
    return match.deals_played


def _play_five_chunk(job: tuple[FiveRun, int, int]) -> tuple[int, FiveTally]:
    run, start, stop = job
    tally = FiveTally(len(run.specs))
    for index in range(start, stop):
        seats: dict[int, list[int]] = {}
        tally.dealt += max(play_five(run, index, r, tally, seats)
                           for r in range(five_rotations(len(run.specs), run.solo)))
        tally.add_unit(seats)
    return stop - start, tally


def run_five(specs: Sequence[str], games: int, seed: int = 1, jobs: int = 1, iterations: int = DEFAULT_ITERATIONS,
             progress: Callable[[int, int, float], None] | None = None, *, rules: Rules | None = None,
             match: str = SINGLE, solo: bool = False) -> dict[str, Any]:
    """Play ``games`` five-player deals (or matches) in every rotation of ``specs`` over
    the seats (:func:`five_lineup`) and summarise (see :func:`five_summary`)."""
    rules = rules or Rules.standard(FIVE)
    if rules.players != FIVE:
        raise ValueError(f"rules for {rules.players} players, not five")
    check_format(match, FIVE)
    if not 1 <= len(specs) <= FIVE or (solo and len(specs) != 2):
        raise CliError(f"five players: --agents names 1 to 5 agents (2 with --solo), not {len(specs)}")
    run = FiveRun(tuple(specs), rules, games, seed, iterations, match, solo)
    size = max(1, min(CHUNK_MAX, games // (jobs * CHUNKS_PER_JOB) or 1))
    chunks = ((run, start, min(games, start + size)) for start in range(0, games, size))
    tally = FiveTally(len(specs))
    started = time.perf_counter()
    done = 0
    if jobs > 1 and games > size:
        for count, part in in_processes(_play_five_chunk, chunks, jobs):
            tally.merge(part)
            done += count
            if progress:
                progress(done, games, time.perf_counter() - started)
    else:
        for c in chunks:
            count, part = _play_five_chunk(c)
            tally.merge(part)
            done += count
            if progress:
                progress(done, games, time.perf_counter() - started)
    return five_summary(run, tally)


def _mean_ci(n: int, total: float, total_sq: float, single_var: float = 0.0) -> tuple[float, float, float]:
    """(mean, low, high): the 95% interval of the normal approximation, from the count, sum
    and sum of squares; ``single_var`` is the variance taken for a single sample."""
    if not n:
        return 0.0, 0.0, 0.0
    mean = total / n
    var = max(0.0, n * total_sq - total * total) / (n * (n - 1)) if n > 1 else single_var
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def _spread(bids: dict[int, int], auction: str) -> dict[str, Any]:
    """Winning bids: every bid with its count, and the lowest, median and highest, in the
    order of the auction (rank bids go down from the Ace, 1, to the Two, 2)."""
    order = [b for b in bid_sequence(auction) if b in bids]
    out: dict[str, Any] = {"counts": {str(b): bids[b] for b in order}}
    total = sum(bids.values())
    if total:
        seen, median = 0, order[0]
        for b in order:
            seen += bids[b]
            if seen * 2 >= total:
                median = b
                break
        out.update({"lowest": order[0], "median": median, "highest": order[-1]})
    return out


def five_summary(run: FiveRun, tally: FiveTally) -> dict[str, Any]:
    """The summary of a five-player run (``--json``): ``players`` (5), ``deals``,
    ``games`` (deals played, every rotation counted), ``seed``, ``iterations``, ``variant``,
    ``rules``, ``match``, ``matches``, ``lineup`` (solo or rotate), ``thrown_in``,
    ``contracts``, ``contracts_made``, ``success_rate``, ``winning_bids`` (``counts`` per
    bid, ``lowest``, ``median``, ``highest``), and per agent in ``agents``: ``name``,
    ``agent``, ``seat_games``, ``game_points_per_deal`` (mean game points a seat-game),
    ``ci95`` (95% interval over the deals, each deal's seat-games of every rotation
    averaged; ``mean_over_deals`` its centre, from ``deals_counted``, ``sum_over_deals``
    and ``sum_sq_over_deals``, which pool runs of other seeds exactly), ``contracts_taken``,
    ``contracts_made``, ``success_rate``, ``ms_per_decision``, ``matches``, ``match_wins``."""
    names = labels(run.specs)
    agents = []
    for a in range(len(run.specs)):
        mean, low, high = _mean_ci(tally.deals_in[a], tally.deal_sum[a], tally.deal_sq[a])
        taken, made = tally.taken[a], tally.made[a]
        agents.append({
            "name": names[a],
            "agent": run.specs[a],
            "seat_games": tally.seat_games[a],
            "game_points_per_deal": round(tally.game_points[a] / tally.seat_games[a], 4) if tally.seat_games[a]
            else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "mean_over_deals": round(mean, 4),
            "deals_counted": tally.deals_in[a],
            "sum_over_deals": tally.deal_sum[a],
            "sum_sq_over_deals": tally.deal_sq[a],
            "contracts_taken": taken,
            "contracts_made": made,
            "success_rate": round(made / taken, 4) if taken else None,
            "ms_per_decision": round(1000 * tally.seconds[a] / tally.decisions[a], 3) if tally.decisions[a] else 0.0,
            "matches": tally.matches[a],
            "match_wins": tally.match_wins[a],
        })
    return {
        "players": FIVE,
        "deals": tally.dealt,
        "games": tally.played,
        "seed": run.seed,
        "iterations": run.iterations,
        "variant": run.rules.variant,
        "rules": run.rules.to_dict(),
        "match": run.match,
        "matches": tally.matches_played,
        "lineup": "solo" if run.solo else "rotate",
        "thrown_in": tally.thrown_in,
        "contracts": tally.contracts,
        "contracts_made": tally.contracts_made,
        "success_rate": round(tally.contracts_made / tally.contracts, 4) if tally.contracts else None,
        "winning_bids": _spread(tally.bids, run.rules.auction or "ranks"),
        "agents": agents,
    }


def _bid_word(bid: int) -> str:
    """A bid as the report names it: a rank in English ("Ace"), or points ("72")."""
    return str(bid) if bid >= MIN_POINTS_BID else Translator("en").t(f"rank_{bid}")


def format_five(summary: dict[str, Any]) -> str:
    rotations = five_rotations(len(summary["agents"]), summary["lineup"] == "solo")
    table = f"5 players (Briscola chiamata, {summary['rules']['auction']} auction), seed {summary['seed']}"
    head = _what_was_played(summary, rotations) + ", " + table
    if summary["lineup"] == "solo":
        first, second = summary["agents"]
        head += f"; {first['name']} in one seat, {second['name']} in the other four"
    lines = [head, f"{'agent':<24} {'game pts/deal':>13} {'95% CI':>18} {'contracts':>9} {'made':>6} "
                   f"{'success':>8} {'ms/dec':>8}"]
    for a in summary["agents"]:
        rate = "-" if a["success_rate"] is None else f"{a['success_rate'] * 100:.1f}%"
        ci = f"[{a['ci95'][0]:+.3f}, {a['ci95'][1]:+.3f}]"
        lines.append(f"{a['name']:<24} {a['game_points_per_deal']:+13.3f} {ci:>18} {a['contracts_taken']:>9} "
                     f"{a['contracts_made']:>6} {rate:>8} {a['ms_per_decision']:8.2f}")
    rate = "-" if summary["success_rate"] is None else f"{summary['success_rate'] * 100:.1f}%"
    bids = summary["winning_bids"]
    spread = ", ".join(f"{_bid_word(int(b))}: {n}" for b, n in bids["counts"].items())
    lines.append(f"contracts {summary['contracts']}, made {summary['contracts_made']} ({rate}), "
                 f"thrown in {summary['thrown_in']}")
    if bids["counts"]:
        lines.append(f"winning bids: lowest {_bid_word(bids['lowest'])}, median {_bid_word(bids['median'])}, "
                     f"highest {_bid_word(bids['highest'])} "
                     f"({spread})")
    if summary["match"] != SINGLE:
        for a in summary["agents"]:
            lines.append(f"{a['name']:<24} match wins {a['match_wins']} of {a['matches']}")
    return "\n".join(lines)


def _report(path: str | None, summary: dict[str, Any], fmt: Callable[[dict[str, Any]], str]) -> None:
    """The table on stdout, and the summary as JSON in ``path``; ``-``: the JSON alone on
    stdout, for a program to read."""
    text = json.dumps(summary, indent=2) + "\n"
    if path == "-":
        sys.stdout.write(text)
        return
    print(fmt(summary))
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def cmd_arena(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    check_format(args.match, args.players)
    if args.players == FIVE:
        return _cmd_five(args, rules)
    if args.solo:
        raise CliError("--solo is for five players")
    specs = parse_specs(args.agents, args.players)
    if args.json and args.json != "-":
        check_writable(args.json, "--json")
    progress = None
    if not args.no_progress and args.games * len(specs) >= PROGRESS_MIN_GAMES:
        progress = _progress_bar(sys.stderr, "deals" if args.match == SINGLE else "matches")
    summary = run_match(specs, args.players, args.games, args.seed, args.jobs, args.iterations, progress,
                        rules=rules, match=args.match)
    _report(args.json, summary, format_summary)
    return 0


def _cmd_five(args: argparse.Namespace, rules: Rules) -> int:
    specs = [x.strip() for x in args.agents.split(",") if x.strip()]
    if not 1 <= len(specs) <= FIVE or (args.solo and len(specs) != 2):
        raise CliError(f"--agents names {len(specs)} agents; five players take 1 to 5 (2 with --solo)")
    for x in specs:
        try:
            make_agent(x, seed=0)
        except AgentSpecError as e:
            raise CliError(str(e)) from None
    if args.json and args.json != "-":
        check_writable(args.json, "--json")
    progress = None
    if not args.no_progress and args.games * five_rotations(len(specs), args.solo) >= PROGRESS_MIN_GAMES:
        progress = _progress_bar(sys.stderr, "deals" if args.match == SINGLE else "matches")
    summary = run_five(specs, args.games, args.seed, args.jobs, args.iterations, progress, rules=rules,
                       match=args.match, solo=args.solo)
    _report(args.json, summary, format_five)
    return 0


__all__ = ["FiveRun", "FiveTally", "five_lineup", "five_summary", "format_five", "run_five",
           "Run", "Tally", "add_arena_parser", "run_match", "play_game", "play_match", "format_summary",
           "summarise", "summary_of", "labels", "win_rate_ci"]
