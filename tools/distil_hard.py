#!/usr/bin/env python3
"""Distil the expert's judgement into ``hard``'s mid-game model (py/briscola/agents/learned.py).

Two steps, each reproducible from its arguments:

``collect``: plays two-player standard deals ``--start`` .. ``--start + --deals - 1`` (deal
d: seed d, dealer d mod 2) between two ``hard-2026`` (seeds 2d and 2d + 1); at every
decision the model would take (``learned.applies``, a choice of cards, more than two
cards in the stock) ``expert-2026`` (seed d, ``--guesses`` guesses) values every legal
card in card points (``ExpertAgent.think_values``). One JSON line a decision: the deal,
its dealer, the cards played so far, the card hard-2026 chose (it is asked for it, then
asked again to play: its ties draw from its random generator each time) and the values. Appends to ``--out``; ``--jobs``
processes share the deals (the lines come out in another order, the set is the same).

``fit``: replays each decision, describes every legal card (``learned.features``),
centres the expert's values per decision and fits one ridge regression for leads and one
for answers (pure Python, normal equations). Prints how often the model's card is the
expert's and the mean loss (expert's value of its best card less the value of the
model's card) on the held-out deals (``--holdout``, every k-th deal), for the model, for
``hard-2026`` as it played, and writes the weights, fitted on every deal, to ``--write``.

Usage:
    python3 tools/distil_hard.py collect --start 0 --deals 400 --jobs 2 --out runs/distil.jsonl
    python3 tools/distil_hard.py fit --data runs/distil.jsonl --ridge 1.0
        [--write py/briscola/agents/learned_weights.py]
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from briscola.agents import make_agent, run_to_end  # noqa: E402
from briscola.agents.frozen import Expert2026, Hard2026  # noqa: E402
from briscola.agents.learned import applies, features  # noqa: E402
from briscola.agents.tactics import out_cards  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402

MIN_STOCK = 3
"""Decisions with at least this many cards in the stock (with fewer, hard solves exactly)."""


def collect_deal(job: tuple[int, int]) -> list[str]:
    deal, guesses = job
    game = Game.deal(Rules.standard(2), seed=deal, dealer=deal % 2)
    players = [Hard2026(seed=2 * deal), Hard2026(seed=2 * deal + 1)]
    expert = Expert2026(seed=deal, iterations=guesses)
    lines = []
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        if len(view.legal) > 1 and view.stock_size >= MIN_STOCK and applies(view):
            hard = int(players[seat].card(view))  # asked first: its ties draw from its rng, then it plays
            values = run_to_end(expert.think_values(view))
            lines.append(json.dumps({"deal": deal, "dealer": deal % 2,
                                     "played": [int(c) for c in view.played_cards()], "hard": hard,
                                     "values": {str(int(c)): round(v, 2) for c, v in values.items()}}))
        game.apply(players[seat].choose(view))
    return lines


def collect(args) -> int:
    return append_lines(args.out, collect_deal, [(d, args.guesses) for d in range(args.start, args.start + args.deals)],
                        args.jobs)


def append_lines(path: str, make, jobs: list, processes: int) -> int:
    """Append to ``path`` the JSON lines ``make(job)`` returns for each job, in
    ``processes`` processes (in the order they finish)."""
    with open(path, "a", encoding="utf-8") as out:
        if processes > 1:
            with Pool(processes) as pool:
                for lines in pool.imap_unordered(make, jobs):
                    out.writelines(line + "\n" for line in lines)
                    out.flush()
        else:
            for job in jobs:
                out.writelines(line + "\n" for line in make(job))
                out.flush()
    return 0


def game_at(record: dict, rules: Rules | None = None) -> Game:
    """The game at a recorded decision: deal ``record["deal"]`` (the standard game's, or
    ``rules``') with the cards of ``record["played"]`` played."""
    game = Game.deal(rules or Rules.standard(2), seed=record["deal"], dealer=record["dealer"])
    for card in record["played"]:
        game.apply(card)
    return game


def replay(record: dict, rules: Rules | None = None):
    """The view of the seat to play at a recorded decision (the standard game's, or ``rules``')."""
    game = game_at(record, rules)
    return game.view(game.turn)


def seat_fair(names: tuple[str, str], deal: int, iterations: int) -> tuple[tuple[str, str], list]:
    """The seats of deal ``deal`` in a seat-fair series: the first agent of ``names`` in seat 0
    on even deals, seat 1 on odd ones, agent seeds 2d and 2d + 1; a search player guesses
    ``iterations`` times a decision (the arena's ``--iterations``). (names by seat, agents)."""
    order = names if deal % 2 == 0 else (names[1], names[0])
    players = [make_agent(order[s], seed=2 * deal + s) for s in range(2)]
    for p in players:
        if hasattr(p, "iterations"):
            p.iterations = iterations
    return order, players


def examples(records):
    """(is_lead, deal, [(card, features, centred value)]) per decision."""
    for r in records:
        view = replay(r)
        out = out_cards(view)
        values = {int(c): v for c, v in r["values"].items()}
        mean = sum(values.values()) / len(values)
        rows = [(c, features(view, c, out), v - mean) for c, v in values.items()]
        yield not view.trick, r["deal"], rows, view


def ridge(rows: list[tuple[list[float], float]], lam: float) -> list[float]:
    """Weights minimising the squared error plus ``lam`` times the squared weights."""
    k = len(rows[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in rows:
        for i, xi in enumerate(x):
            if xi:
                b[i] += xi * y
                ai = a[i]
                for j, xj in enumerate(x):
                    ai[j] += xi * xj
    return solve_normal(a, b, lam)


def solve_normal(a: list[list[float]], b: list[float], lam: float) -> list[float]:
    """The ridge solution of the normal equations ``(a + lam I) w = b`` (``a`` = X'X,
    ``b`` = X'y), by Gauss-Jordan with partial pivoting (the matrix is positive definite)."""
    k = len(b)
    m = [row[:] + [bi] for row, bi in zip(a, b)]
    for i in range(k):
        m[i][i] += lam
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        m[col] = [v / p for v in m[col]]
        for r in range(k):
            if r != col and m[r][col]:
                f = m[r][col]
                m[r] = [v - f * w for v, w in zip(m[r], m[col])]
    return [row[k] for row in m]


def score(decisions, weights) -> tuple[float, float]:
    """(share of decisions where the model's card is the expert's best, mean loss in points)."""
    same = loss = 0.0
    for is_lead, _, rows, _ in decisions:
        w = weights[0] if is_lead else weights[1]
        pick = max(rows, key=lambda r: sum(a * b for a, b in zip(w, r[1])))
        best = max(rows, key=lambda r: r[2])
        same += pick[0] == best[0]
        loss += best[2] - pick[2]
    return same / len(decisions), loss / len(decisions)


def hard_score(decisions) -> tuple[float, float]:
    same = loss = 0.0
    for _, _deal, rows, view in decisions:
        hard = Hard2026(seed=0)
        card = int(hard.card(view))
        v = {c: y for c, _, y in rows}
        best = max(v, key=v.get)
        same += card == best
        loss += v[best] - v[card]
    return same / len(decisions), loss / len(decisions)


def weights_literal(weights: list[float]) -> str:
    """A tuple literal of the weights, ten to a line."""
    rows = [", ".join(f"{w:.4f}" for w in weights[i:i + 10]) for i in range(0, len(weights), 10)]
    return "(\n" + "".join(f"    {row},\n" for row in rows) + ")"


def fit(args) -> int:
    records = [json.loads(line) for line in Path(args.data).read_text().splitlines() if line.strip()]
    decisions = list(examples(records))
    k = args.holdout

    def fitted(train):
        leads = [(x, y) for is_lead, _, rows, _ in train if is_lead for _, x, y in rows]
        answers = [(x, y) for is_lead, _, rows, _ in train if not is_lead for _, x, y in rows]
        return ridge(leads, args.ridge), ridge(answers, args.ridge)

    test = [d for d in decisions if d[1] % k == 0]
    held = fitted([d for d in decisions if d[1] % k != 0])
    agree, loss = score(test, held)
    h_agree, h_loss = hard_score(test)
    print(f"{len(decisions)} decisions of {len({d[1] for d in decisions})} deals; held out every {k}th deal "
          f"({len(test)} decisions)")
    print(f"model:     expert's card {agree:.1%}, mean loss {loss:.3f} points")
    print(f"hard-2026: expert's card {h_agree:.1%}, mean loss {h_loss:.3f} points")
    if args.write:
        lead, answer = fitted(decisions)
        write_weights(args, "learned", "distil_hard", f"{len(decisions)} decisions",
                      f"LEAD = {weights_literal(lead)}\n\nANSWER = {weights_literal(answer)}\n\n"
                      f"WEIGHTS = (LEAD, ANSWER)\n")
    return 0


def write_weights(args, module: str, tool: str, fitted_on: str, body: str) -> None:
    """Write ``body`` (the weights' Python literals) to ``args.write`` under a docstring
    that names the command that wrote it."""
    Path(args.write).write_text(f'"""Weights of :mod:`briscola.agents.{module}`, written by\n'
                                f'``python3 tools/{tool}.py fit --data {args.data} --ridge {args.ridge} '
                                f'--write ...``\n({fitted_on}). Do not edit by hand."""\n\n{body}')
    print(f"wrote {args.write}")


def command_line(doc: str, deals: int, guesses: int) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """The ``collect`` / ``fit`` command line of a distilling tool (this one and
    ``tools/distil_follow.py``): the parser and its ``collect`` subparser, for more options."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--start", type=int, default=0)
    c.add_argument("--deals", type=int, default=deals)
    c.add_argument("--guesses", type=int, default=guesses)
    c.add_argument("--jobs", type=int, default=1)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--data", required=True)
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--holdout", type=int, default=5)
    f.add_argument("--write")
    return ap, c


def main(argv=None) -> int:
    ap, _ = command_line(__doc__, 400, 200)
    args = ap.parse_args(argv)
    return collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    sys.exit(main())
