#!/usr/bin/env python3
"""Does the review call a card costly that the Hint showed? (docs/ai.md, "The review after
a deal")

    PYTHONPATH=py python3 tools/review_hints.py [--deals 15] [--start 600]
                                                [--confirm 400] [--min-loss 1.0]

Plays two-player deals whose person (seat 0) plays every card the Hint would show (the
expert at 1000 guesses; the page's Hint has about as many on its clock) against hard,
reviews each deal as the page does, and counts the decisions the review flags (a loss of
``--min-loss`` or more), those among the three costliest of their deal, and how many of
the flagged still lose half a point or more at 2000 guesses of another seed (the rest
were the noise of the review's guesses). ``--confirm 100 --min-loss 0.5`` is the review
before its second search.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import briscola_app.review as review  # noqa: E402
from briscola.agents import make_agent, run_to_end  # noqa: E402
from briscola.agents.five import ExpertPlayer  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402

HINT_GUESSES = 1000
TRUTH_GUESSES = 2000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=15)
    parser.add_argument("--start", type=int, default=600, help="seed of the first deal")
    parser.add_argument("--confirm", type=int, default=review.CONFIRM_GUESSES)
    parser.add_argument("--min-loss", type=float, default=review.MIN_LOSS)
    args = parser.parse_args()
    review.MIN_LOSS = args.min_loss  # the bar of the flags and of a second search
    flagged = confirmed = decisions = shown = 0
    cpu = 0.0
    for seed in range(args.start, args.start + args.deals):
        g = Game.deal(Rules.standard(2), seed=seed)
        players = [ExpertPlayer(seed=seed, iterations=HINT_GUESSES), make_agent("hard", seed=seed + 1)]
        while not g.over:
            g.apply(players[g.turn].choose(g.view(g.turn)))
        r = review.Review(g)
        started = time.process_time()
        run_to_end(r.coach(review.GUESSES, args.confirm))
        cpu += time.process_time() - started
        decisions += len(r.to_coach)
        shown += len(r.costliest())
        truth = ExpertPlayer(seed=review.COACH_SEED + 1, iterations=TRUTH_GUESSES)
        for i in r.to_coach:
            c = r.coaching[i]
            if c is None or c.loss < args.min_loss:
                continue
            flagged += 1
            d = r.decisions[i]
            again = review.Coaching.of(run_to_end(truth.think_values(d.view)), d.played, r.ranking)
            confirmed += again.loss >= 0.5
    print(f"{args.deals} deals from seed {args.start}, {review.GUESSES} guesses, {args.confirm} to confirm, "
          f"bar {args.min_loss}: {decisions} decisions, {flagged} flagged ({shown} among the costliest), "
          f"{confirmed} of them lose 0.5 or more at {TRUTH_GUESSES} guesses; "
          f"review {cpu / args.deals:.2f} CPU s a deal")


if __name__ == "__main__":
    main()
