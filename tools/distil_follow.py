#!/usr/bin/env python3
"""Fit ``hard``'s model of leads for two-player Briscolone with the suit to follow
(py/briscola/agents/learned_follow.py).

``collect``: plays deals ``--start`` .. ``--start + --deals - 1`` of that variant (deal d:
seed d, dealer d mod 2) between ``--agents`` (default ``hard-2026,medium``: hard as it led
before the model; seat 0 takes the first on even deals, the second on odd ones; agent
seeds 2d and 2d + 1). At every lead of either seat with at least three cards in the stock,
the expert's search *told the other hand* (the stock's order still guessed,
``--guesses`` orders; ``tools/bench_information.py``'s oracle) values every legal card in
the card points this seat ends the deal with. One JSON line a decision (the deal, its
dealer, the cards played so far, the values, the card the seat then chose). With
``--leads-of NAME`` only the leads of the seat NAME plays; with ``--search`` the expert's
own search (``ExpertAgent.think_values`` at ``--guesses``, its seed unrelated to the
oracle's) values the cards too. A search player among ``--agents`` guesses
``--guesses`` times a decision, as the arena's ``--iterations``. Appends to ``--out``;
``--jobs`` processes share the deals.

``fit``: replays each lead, describes every card (``learned_follow.features``), centres
the values per lead and fits a ridge regression (``tools/distil_hard.py``'s). Prints, on
the held-out deals (every ``--holdout``-th), how often the model's card is the oracle's
best and the mean loss against it, for the model, for the counting rules (``hard-2026``,
which leads as hard did before the model), for the card the player leading chose
(``played``) and, with data collected with ``--search``, for the best card of the
expert's own search, not told the hand (``search``); and writes the weights, fitted on
every deal, to ``--write``.

Usage:
    python3 tools/distil_follow.py collect --start 1000000 --deals 3000 --guesses 200 --jobs 2 --out runs/follow.jsonl
    python3 tools/distil_follow.py collect --start 2000000 --deals 1000 --agents expert,hard \\
        --leads-of expert --search --jobs 2 --out runs/stack.jsonl
    python3 tools/distil_follow.py fit --data runs/follow.jsonl --ridge 1.0
        [--write py/briscola/agents/learned_follow_weights.py]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from bench_information import Oracle  # noqa: E402
import distil_hard  # noqa: E402
from distil_hard import append_lines, command_line, ridge, seat_fair, weights_literal, write_weights  # noqa: E402

from briscola.agents import make_agent, run_to_end  # noqa: E402
from briscola.agents.expert import ExpertAgent  # noqa: E402
from briscola.agents.hard import void_draws  # noqa: E402
from briscola.agents.learned_follow import MIN_STOCK, applies, features, value  # noqa: E402
from briscola.agents.tactics import out_cards  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402


RULES = Rules.preset("briscolone", 2, must_follow=True)
RULE = make_agent("hard-2026", seed=0)
"""The counting rules (hard without its models): one of the features is their card."""


def collect_deal(job: tuple[int, int, tuple[str, str], str | None, bool]) -> list[str]:
    deal, guesses, names, leads_of, search = job
    game = Game.deal(RULES, seed=deal, dealer=deal % 2)
    order, players = seat_fair(names, deal, guesses)  # a search player guesses as often as the oracle
    oracle = Oracle(seed=deal, stock_too=False)
    oracle.iterations = guesses
    searcher = ExpertAgent(seed=(deal * 7919 + 13) % (1 << 30), iterations=guesses) if search else None
    lines = []
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        chosen = players[seat].choose(view)
        if (not view.trick and len(view.legal) > 1 and view.stock_size >= MIN_STOCK and applies(view)
                and leads_of in (None, order[seat])):
            oracle.game = game
            values = run_to_end(oracle.think_values(view))
            line = {"deal": deal, "dealer": deal % 2, "played": [int(c) for c in view.played_cards()],
                    "values": {str(int(c)): round(v, 2) for c, v in values.items()}}
            if searcher is not None:
                own = run_to_end(searcher.think_values(view))
                line["search"] = {str(int(c)): round(v, 2) for c, v in own.items()}
            line["chosen"] = int(chosen)
            lines.append(json.dumps(line))
        game.apply(chosen)
    return lines


def collect(args) -> int:
    names = tuple(args.agents.split(","))
    return append_lines(args.out, collect_deal,
                        [(d, args.guesses, names, args.leads_of, args.search)
                         for d in range(args.start, args.start + args.deals)], args.jobs)


def replay(record: dict):
    return distil_hard.replay(record, RULES)


def examples(records):
    """(deal, [(card, features, centred value)], view) per lead."""
    for r in records:
        view = replay(r)
        out = out_cards(view)
        voids = void_draws(view)
        rule = int(RULE.card(view))
        values = {int(c): v for c, v in r["values"].items()}
        mean = sum(values.values()) / len(values)
        rows = [(c, features(view, c, out, voids, rule), v - mean) for c, v in values.items()]
        yield r["deal"], rows, view


def score(decisions, pick_of) -> tuple[float, float]:
    """(share of decisions where ``pick_of`` plays the oracle's best card, mean loss in points)."""
    same = loss = 0.0
    for d in decisions:
        rows = d[1]
        v = {c: y for c, _, y in rows}
        best = max(v, key=v.get)
        pick = pick_of(d)
        same += pick == best
        loss += v[best] - v[pick]
    return same / len(decisions), loss / len(decisions)


def fit(args) -> int:
    records = [json.loads(line) for line in Path(args.data).read_text().splitlines() if line.strip()]
    decisions = list(examples(records))
    k = args.holdout

    def fitted(train):
        return ridge([(x, y) for _, rows, _ in train for _, x, y in rows], args.ridge)

    def model_pick(weights):
        def pick(d):
            return max(d[1], key=lambda r: value(weights, r[1]))[0]
        return pick

    def hard_pick(d):
        return int(RULE.card(d[2]))

    test = [d for d in decisions if d[0] % k == 0]
    held = fitted([d for d in decisions if d[0] % k != 0])
    print(f"{len(decisions)} decisions of {len({d[0] for d in decisions})} deals; held out every {k}th deal "
          f"({len(test)} decisions)")
    picks = [("model", model_pick(held)), ("rules", hard_pick)]
    by_lead = {(r["deal"], len(r["played"])): r for r in records}

    def recorded(d):
        return by_lead[(d[0], len(d[2].played_cards()))]
    if all("search" in r for r in records):  # collected with --search: the expert's own values
        picks.append(("search", lambda d: int(max(sorted(recorded(d)["search"], key=int),
                                                  key=recorded(d)["search"].get))))
    if all("chosen" in r for r in records):
        picks.append(("played", lambda d: recorded(d)["chosen"]))
    for name, pick in picks:
        agree, loss = score(test, pick)
        print(f"{name:6} oracle's card {agree:.1%}, mean loss {loss:.3f} points")
    if args.write:
        write_weights(args, "learned_follow", "distil_follow", f"{len(decisions)} leads",
                      f"LEAD = {weights_literal(fitted(decisions))}\n")
    return 0


def main(argv=None) -> int:
    ap, c = command_line(__doc__, 3000, 200)
    c.add_argument("--agents", default="hard-2026,medium")
    c.add_argument("--leads-of", help="record only the leads of the seat this agent plays (default: both)")
    c.add_argument("--search", action="store_true",
                   help="also record the expert's own values (not told the hand) of every card, as 'search'")
    args = ap.parse_args(argv)
    return collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    sys.exit(main())
