"""Running deals and matches with computer players, shared by the terminal game and the
arena: the rules and match options of the command line, one deal driven by agents with
every action checked, and the one-line errors (exit status 2).
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import replace
from typing import Any, NamedTuple, Sequence

from .agents import describe_failure
from .cards import ALL_CARDS, RANKINGS, Card, format_cards
from .game import Game
from .match import ALL_MATCH_FORMATS, FIVE_FORMATS, MATCH_FORMATS, MAX_DEALS, SINGLE, Match
from .model import Action
from .record import describe_value
from .rules import (AUCTIONS, CHIAMATA_PLAYERS, COUNTS_TEXT, EXCHANGE_RANKS, FIVE_PLAYER_PRESETS, HAND_SIZES,
                    PACK_FOR_PLAYERS, PRESETS, Rules)
from .view import PlayerView

DEFAULT_VARIANT = "standard"
FIVE_VARIANT = "chiamata"
"""Five players play Briscola chiamata: ``--players 5`` asks for it without ``--variant``."""
PLAYERS_HELP = f"{COUNTS_TEXT} (five play Briscola chiamata; default 2)"
"""``--players``' help, the same in every command."""


class CliError(Exception):
    """A bad argument: reported on one line with exit status 2."""


class AgentError(Exception):
    """A computer player that failed at its turn: reported on one line with exit status 2."""


# -- rules and match options ---------------------------------------------------------------

class RuleFlag(NamedTuple):
    """A command-line option that sets one rules option: a switch that sets ``value``,
    or (``value`` None) a flag that takes one of ``choices``."""

    flag: str
    option: str
    help: str
    value: Any = None
    choices: tuple = ()


RULE_FLAGS = (
    RuleFlag("--hand-size", "hand_size", "cards in hand (4 in dupla; 5 without a turned trump)",
             choices=HAND_SIZES),
    RuleFlag("--must-follow", "must_follow", "follow the suit led when you can", True),
    RuleFlag("--first-card-trump", "trump", "no turned card: the suit of the first card played is trump",
             "first"),
    RuleFlag("--redeal", "redeal_ace_three", "a turned ace or three goes back and another is turned", True),
    RuleFlag("--exchange", "trump_exchange", "the 2 or the 7 of trump may take the turned card",
             choices=EXCHANGE_RANKS),
    RuleFlag("--open-hands", "open_hands", "every hand face up and the next card shown (Scoperta)", True),
    RuleFlag("--mano-negra", "mano_negra", "king, three and ace of trump shown together win the deal", True),
    RuleFlag("--ranking", "ranking", "order of the cards", choices=RANKINGS),
    RuleFlag("--auction", "auction", "five players (Briscola chiamata): bids in ranks, ranks then points, or points",
             choices=AUCTIONS),
)
"""The rules options the commands take on top of ``--variant``."""


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--variant`` and the :data:`RULE_FLAGS`: what :func:`rules_from_args` reads."""
    parser.add_argument("--variant", choices=(*PRESETS, *FIVE_PLAYER_PRESETS), default=DEFAULT_VARIANT,
                        metavar="{" + ",".join(PRESETS) + "}",
                        help=f"the way of playing (default {DEFAULT_VARIANT}; five players play "
                             f"{FIVE_VARIANT}); options below go on top")
    for f in RULE_FLAGS:
        if f.value is None:
            parser.add_argument(f.flag, dest=f.option, type=type(f.choices[0]), choices=f.choices,
                                default=None, help=f.help)
        else:
            parser.add_argument(f.flag, dest=f.option, action="store_const", const=f.value,
                                default=None, help=f.help)


def add_match_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--match", choices=ALL_MATCH_FORMATS, default=SINGLE,
                        metavar="{" + ",".join(MATCH_FORMATS) + "}|{" + ",".join(FIVE_FORMATS) + "}",
                        help=what + "; five players play " + ", ".join(FIVE_FORMATS))


def rule_options(args: argparse.Namespace) -> dict[str, Any]:
    """The rules options set on the command line."""
    return {f.option: getattr(args, f.option) for f in RULE_FLAGS if getattr(args, f.option) is not None}


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The checked rules: :class:`~briscola.rules.UnsupportedRuleError` when they are not played.
    Five players play Briscola chiamata (ranks auction unless ``--auction``) without
    naming it."""
    variant = args.variant
    if args.players == CHIAMATA_PLAYERS and variant == DEFAULT_VARIANT:
        variant = FIVE_VARIANT
    return Rules.preset(variant, args.players, **rule_options(args))


def rule_flags(variant: str, options: dict[str, Any]) -> list[str]:
    """The command-line arguments that ask for ``variant`` with ``options`` (the reverse of
    :func:`rules_from_args`).

    >>> rule_flags("briscolone", {"hand_size": 5, "must_follow": True})
    ['--variant', 'briscolone', '--hand-size', '5', '--must-follow']
    """
    out = ["--variant", variant]
    for f in RULE_FLAGS:
        if f.option not in options:
            continue
        value = options[f.option]
        if f.value is None:
            out += [f.flag, str(value)]
        elif value == f.value:
            out.append(f.flag)
        else:
            raise ValueError(f"no flag sets {f.option}={value!r}")
    return out


class DealPlan(NamedTuple):
    """The next deal of a match: its rules, the table seat of each of its seats, its dealer."""

    rules: Rules
    seats: tuple[int, ...]
    dealer: int


def plan_deal(match: Match, rules: Rules) -> DealPlan:
    """How :attr:`Match.seats_in_play` play the next deal: in a three-player play-off two
    seats play a two-player deal under the same options, seat 0 of it is the first seat in play."""
    seats = match.seats_in_play
    if len(seats) != rules.players:
        rules = replace(rules, players=len(seats), pack=PACK_FOR_PLAYERS[len(seats)]).check()
    return DealPlan(rules, seats, seats.index(match.next_dealer))


def match_over(match: Match) -> bool:
    return match.over or match.deals_played >= MAX_DEALS


# -- computer players ----------------------------------------------------------------------

def choose_action(agent: Any, view: PlayerView, name: str, deal: str) -> Action:
    """``agent.choose(view)``, checked: :class:`AgentError` naming the agent, the seat and
    the deal when it raises, quits, or answers with anything but a card it may play or an
    action it may take. A bare card means playing it."""
    who = f"agent {name!r} at seat {view.seat} in {deal}"
    try:
        answer = agent.choose(view)
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        raise AgentError(f"{who} raised {describe_failure(e)}") from None
    hand = format_cards(view.hand)
    if type(answer) is Action:
        if answer not in view.legal_actions:
            raise AgentError(f"{who} chose {describe_value(str(answer))}, which it may not do (its hand: {hand})")
        return answer
    if type(answer) not in (int, Card) or not 0 <= answer < len(ALL_CARDS):
        raise AgentError(f"{who} returned {describe_value(answer)}, not a card or an action")
    if answer not in view.legal:
        raise AgentError(f"{who} played {ALL_CARDS[answer]}, which it may not play (its hand: {hand})")
    return Action.play(answer)


class SeatClock:
    """Decisions made and seconds spent deciding, per seat of a deal."""

    __slots__ = ("decisions", "seconds")

    def __init__(self, seats: int) -> None:
        self.decisions = [0] * seats
        self.seconds = [0.0] * seats


def run_deal(rules: Rules, seed: int, dealer: int, agents: Sequence,
             names: Sequence[str] | None = None, deal: str | None = None, *,
             clock: SeatClock | None = None) -> Game:
    """Play one deal by ``agents`` (one per seat), checking every action they choose;
    ``clock`` counts their decisions and thinking time."""
    game = Game.deal(rules, seed=seed, dealer=dealer)
    names = names or [type(a).__name__ for a in agents]
    deal = deal or f"the deal of seed {seed}"
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        started = time.perf_counter()
        action = choose_action(agents[seat], view, names[seat], deal)
        if clock is not None:
            clock.decisions[seat] += 1
            clock.seconds[seat] += time.perf_counter() - started
        game.apply(action)
    return game


# -- arguments -----------------------------------------------------------------------------

def check_writable(path: str, what: str) -> None:
    """Fail now, on one line, if ``path`` cannot be written: not after the whole run.

    The file is opened for appending, so an existing one keeps its content; one made
    by the check is removed again."""
    existed = os.path.lexists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as e:
        raise CliError(f"{what} {path}: cannot write: {e.strerror or e}") from None
    if not existed:
        try:
            os.remove(path)
        except OSError:
            pass
