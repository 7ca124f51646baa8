#!/usr/bin/env python3
"""Judge one player's decisions card by card, cheaper and far less noisy than an arena.

``collect``: plays two-player deals ``--start`` .. ``--start + --deals - 1`` between
``--agents`` (deal d: seed d, dealer d mod 2; the first agent takes seat 0 on even deals
and seat 1 on odd ones, agent seeds 2d and 2d + 1, as ``tools/distil_follow.py``; a search
player guesses ``--iterations`` times a decision) and writes one JSON line for every
decision of the seat ``--of`` plays that had a choice while cards were left in the stock:
the deal, its dealer, the cards played before it, the seat, lead or answer, the stock
size and the card chosen. The rules (``--variant`` and its options) go into every line.

``compare``: replays each recorded position and asks ``--candidate`` (a level or
``module:Class``, seeded as the recorded player was, ``--iterations`` guesses, attributes
set by ``--set name=value``) for its card (the expert seeds its search from the position,
so asked again it plays its recorded card; medium and hard break exact ties at random and
may not). Where it chooses another card than the recorded
one, both cards are played on from there ``--orders`` times, *told the other hand* (the
true hands, the order of the stock shuffled: the same orders for both cards), every seat
then played by ``--continue-with`` (default ``hard``). The gain of the position is the
mean difference of the candidate's side's final card points (and of its wins); positions
where the two agree gain 0. Printed per part of the deal (early: more than 20 cards of
stock, mid, late: 4 or fewer) with its standard error, and with ``--json`` as JSON.

Why continuations by a real player rather than the search's own playouts: values from
the expert's playouts (the medium policy for every seat, as ``distil_follow.py``'s oracle
computes them) favour whatever the search itself prefers, so they flatter any change
that trusts the playouts more. Played on by ``hard``, the other seat answers as the
opponent it stands for really plays; this seat plays on a little worse than it would.

Usage:
    python3 tools/review_decisions.py collect --agents expert,hard --of expert --deals 400 \\
        --start 5000000 --iterations 200 --variant briscolone --must-follow --jobs 2 --out runs/leads.jsonl
    python3 tools/review_decisions.py compare --data runs/leads.jsonl --kind lead \\
        --candidate expert --set prior_bonus=0 --iterations 200 --orders 30 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from distil_hard import append_lines, game_at, seat_fair  # noqa: E402

from briscola.agents import make_agent  # noqa: E402
from briscola.drive import add_rules_options, rule_options  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402

PHASES = ("early", "mid", "late")


def phase_of(stock: int) -> str:
    return "early" if stock > 20 else ("mid" if stock > 4 else "late")


def rules_of(record: dict) -> Rules:
    """The two-player rules a record was played by."""
    return Rules.preset(record["variant"], 2, **record["options"])


def seeded(spec: str, seed: int, iterations: int | None, settings: dict[str, str] | None = None):
    """The agent ``spec`` seeded with ``seed``: a search player guesses ``iterations`` times
    a decision; ``settings`` set its attributes (converted to the type they have)."""
    agent = make_agent(spec, seed=seed)
    if iterations is not None and hasattr(agent, "iterations"):
        agent.iterations = iterations
    for name, text in (settings or {}).items():
        now = getattr(agent, name)  # AttributeError: no such setting, say so rather than ignore it
        if isinstance(now, bool):
            value: object = text.lower() in ("1", "true", "yes")
        elif isinstance(now, float):
            value = float(text)
        elif isinstance(now, int):
            value = int(text)
        else:
            value = text
        setattr(agent, name, value)
    return agent


def collect_deal(job: tuple) -> list[str]:
    deal, names, of, iterations, variant, options = job
    game = Game.deal(rules_of({"variant": variant, "options": options}), seed=deal, dealer=deal % 2)
    order, players = seat_fair(names, deal, iterations)
    lines = []
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        chosen = players[seat].choose(view)
        if order[seat] == of and len(view.legal) > 1 and view.stock_size > 0:
            lines.append(json.dumps({
                "deal": deal, "dealer": deal % 2, "variant": variant, "options": options,
                "played": [int(c) for c in view.played_cards()], "seat": seat,
                "kind": "answer" if view.trick else "lead", "stock": view.stock_size,
                "chosen": int(chosen)}))
        game.apply(chosen)
    return lines


def collect(args) -> int:
    names = tuple(args.agents.split(","))
    if len(names) != 2 or args.of not in names:
        sys.exit("--agents takes two agents, and --of one of them")
    jobs = [(d, names, args.of, args.iterations, args.variant, rule_options(args))
            for d in range(args.start, args.start + args.deals)]
    return append_lines(args.out, collect_deal, jobs, args.jobs)


def position(record: dict) -> Game:
    game = game_at(record, rules_of(record))
    if game.turn != record["seat"]:
        raise ValueError(f"deal {record['deal']}: the record's seat {record['seat']} is not the one to play")
    return game


def played_on(game: Game, card: int, order: int, deal: int, level: str) -> list[int]:
    """Final card points per seat after ``card``, the stock shuffled by ``order``, every
    seat then played by ``level``."""
    g = game.copy()
    rest = list(g.talon[g._next:])
    random.Random(deal * 1000003 + order).shuffle(rest)
    g.talon = list(g.talon[:g._next]) + rest
    g.apply(card)
    agents = [make_agent(level, seed=deal * 31 + order + 1000 * s) for s in range(g.n)]
    while not g.over:
        s = g.turn
        g.apply(agents[s].choose(g.view(s)))
    return list(g.points)


def judge(job: tuple) -> tuple[int, float, float]:
    """(candidate's card, mean gain in card points, mean gain in wins) at one position."""
    record, spec, iterations, settings, orders, level = job
    game = position(record)
    seat = record["seat"]
    agent = seeded(spec, 2 * record["deal"] + seat, iterations, settings)
    pick = int(agent.choose(game.view(seat)))
    mine = record["chosen"]
    if pick == mine:
        return pick, 0.0, 0.0
    rules = game.rules
    side = rules.teams[rules.team_of[seat]]
    points = wins = 0.0
    for k in range(orders):
        a = played_on(game, pick, k, record["deal"], level)
        b = played_on(game, mine, k, record["deal"], level)
        pa = sum(a[s] for s in side)
        pb = sum(b[s] for s in side)
        points += pa - pb
        wins += (2 * pa > sum(a)) - (2 * pb > sum(b))
    return pick, points / orders, wins / orders


def summary(records: list[dict], results: list[tuple[int, float, float]]) -> dict:
    out = {}
    for part in (*PHASES, "all"):
        rows = [(r, x) for r, x in zip(records, results) if part == "all" or phase_of(r["stock"]) == part]
        n = len(rows)
        if not n:
            continue
        gains = [x[1] for _, x in rows]
        mean = sum(gains) / n
        var = sum((g - mean) ** 2 for g in gains) / (n - 1) if n > 1 else 0.0
        out[part] = {"positions": n, "differ": sum(1 for r, x in rows if x[0] != r["chosen"]),
                     "gain": mean, "se": (var / n) ** 0.5, "total": sum(gains),
                     "wins": sum(x[2] for _, x in rows) / n}
    return out


def compare(args) -> int:
    records = [json.loads(line) for line in Path(args.data).read_text().splitlines() if line.strip()]
    records = [r for r in records if args.kind == "all" or r["kind"] == args.kind]
    if not records:
        sys.exit(f"no {args.kind} decisions in {args.data}")
    settings = dict(s.split("=", 1) for s in args.set)
    jobs = [(r, args.candidate, args.iterations, settings, args.orders, args.continue_with) for r in records]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(judge, jobs, chunksize=4)
    else:
        results = [judge(j) for j in jobs]
    table = summary(records, results)
    if args.json:
        print(json.dumps({"candidate": args.candidate, "iterations": args.iterations, "set": settings,
                          "orders": args.orders, "continue_with": args.continue_with, "kind": args.kind,
                          "parts": table}))
        return 0
    what = "decisions" if args.kind == "all" else args.kind + "s"
    print(f"{args.candidate} ({args.iterations} guesses) {' '.join(args.set)} against the recorded {what}, "
          f"{args.orders} orders told the other hand, played on by {args.continue_with}:")
    for part, t in table.items():
        print(f"  {part:5} {t['positions']:5} positions, {t['differ']:4} differ: "
              f"{t['gain']:+.3f} points a position (se {t['se']:.3f}), {t['total']:+.1f} in all, "
              f"wins {t['wins']:+.4f} a position")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect", help="record one player's decisions")
    c.add_argument("--agents", default="expert,hard")
    c.add_argument("--of", default="expert", help="the agent whose decisions are recorded")
    c.add_argument("--start", type=int, default=5000000)
    c.add_argument("--deals", type=int, default=400)
    c.add_argument("--iterations", type=int, default=200, help="guesses a decision of a search player")
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--out", required=True)
    add_rules_options(c)
    c.set_defaults(players=2)
    k = sub.add_parser("compare", help="judge a candidate where it differs from the recorded player")
    k.add_argument("--data", required=True)
    k.add_argument("--candidate", required=True, help="a level or module:Class")
    k.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="set an attribute of the candidate (repeatable)")
    k.add_argument("--iterations", type=int, default=200)
    k.add_argument("--kind", choices=("lead", "answer", "all"), default="all")
    k.add_argument("--orders", type=int, default=30, help="stock orders each differing card is played on")
    k.add_argument("--continue-with", default="hard", help="the level that plays every seat on")
    k.add_argument("--jobs", type=int, default=2)
    k.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    return collect(args) if args.cmd == "collect" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
