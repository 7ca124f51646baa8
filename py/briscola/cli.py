"""Command line: ``python -m briscola selfplay|play|arena ...``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Sequence

from .agents import AgentSpecError, describe_failure, make_agent
from .cards import ALL_CARDS, Card, CardParseError, format_cards, parse_card
from .game import Game
from .i18n import LANGUAGE_CODES, Translator, resolve
from .record import SEED_MAX, SEED_MIN, describe_value, to_record
from .rules import PLAYER_COUNTS, Rules
from .view import PlayerView


class CliError(Exception):
    """A bad argument: reported on one line with exit status 2."""


class AgentError(Exception):
    """A computer player that failed at its turn: reported on one line with exit status 2."""


def choose_card(agent: Any, view: PlayerView, name: str, deal: str) -> Card:
    """``agent.choose(view)``, checked: :class:`AgentError` naming the agent, the seat and
    the deal when it raises, quits, or answers with anything but a card it may play."""
    who = f"agent {name!r} at seat {view.seat} in {deal}"
    try:
        card = agent.choose(view)
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        raise AgentError(f"{who} raised {describe_failure(e)}") from None
    if type(card) not in (int, Card) or not 0 <= card < len(ALL_CARDS):
        raise AgentError(f"{who} returned {describe_value(card)}, not a card")
    if card not in view.legal:
        raise AgentError(f"{who} played {ALL_CARDS[card]}, which it may not play "
                         f"(its hand: {format_cards(view.hand)})")
    return ALL_CARDS[card]


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


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, status 2, no usage dump
        raise CliError(message)


def _players(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if n not in PLAYER_COUNTS:
        raise argparse.ArgumentTypeError(f"players must be one of {', '.join(map(str, PLAYER_COUNTS))}")
    return n


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def _lang(text: str) -> str:
    found = resolve(text)
    if found is None:
        raise argparse.ArgumentTypeError(f"no language {text!r}: choose from {', '.join(LANGUAGE_CODES)}")
    return found


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m briscola", description="Briscola: engine, computer players and tools.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    s = sub.add_parser("selfplay", help="computer players play deals; records as JSON lines")
    s.add_argument("--players", type=_players, default=2)
    s.add_argument("--games", type=_positive, default=100)
    s.add_argument("--seed", type=_int, default=1, help="deal i uses seed S+i")
    s.add_argument("--out", required=True, help="file for the records (JSON lines); - for stdout")
    s.add_argument("--agents", default="medium", help="comma-separated levels or module:factory, one per seat or one for all")

    pl = sub.add_parser("play", help="play a deal in the terminal against the computer")
    pl.add_argument("--players", type=_players, default=2)
    pl.add_argument("--seed", type=_int, default=None)
    pl.add_argument("--opponent", default="medium", help="level or module:factory of the computer players")
    pl.add_argument("--lang", type=_lang, default="en", metavar="LANG",
                    help="language of the game: " + ", ".join(LANGUAGE_CODES))

    from .arena import add_arena_parser  # the arena lives in its own module

    add_arena_parser(sub)
    return p


def _agent_specs(text: str, players: int) -> list[str]:
    specs = [a.strip() for a in text.split(",") if a.strip()]
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise CliError(f"--agents names {len(specs)} agents for {players} seats")
    return specs


def run_deal(rules: Rules, seed: int, dealer: int, agents: Sequence,
             names: Sequence[str] | None = None, deal: str | None = None) -> Game:
    """Play one deal by ``agents`` (one per seat), checking every card they choose."""
    game = Game.deal(rules, seed=seed, dealer=dealer)
    names = names or [type(a).__name__ for a in agents]
    deal = deal or f"the deal of seed {seed}"
    while not game.over:
        seat = game.turn
        game.play(choose_card(agents[seat], game.view(seat), names[seat], deal))
    return game


def cmd_selfplay(args: argparse.Namespace) -> int:
    rules = Rules.standard(args.players)
    specs = _agent_specs(args.agents, args.players)
    if args.seed < SEED_MIN or args.seed + args.games - 1 > SEED_MAX:
        raise CliError(f"--seed: the deals' seeds must stay within {SEED_MIN}..{SEED_MAX}")
    agents = [make_agent(spec, seed=args.seed * 100 + seat) for seat, spec in enumerate(specs)]
    sides = rules.teams
    wins = [0] * len(sides)
    draws = 0
    totals = [0] * len(sides)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    try:
        for i in range(args.games):
            game = run_deal(rules, args.seed + i, i % args.players, agents, specs,
                            f"deal {i + 1} (seed {args.seed + i})")
            out.write(json.dumps(to_record(game), separators=(",", ":")) + "\n")
            result = game.result()
            for t, team in enumerate(sides):
                totals[t] += sum(game.points[s] for s in team)
                wins[t] += result[team[0]] == "win"
            draws += "win" not in result
    finally:
        if out is not sys.stdout:
            out.close()
    label = "team" if args.players in (4, 6) else "seat"
    parts = []
    for t, team in enumerate(sides):
        who = "+".join(f"{s}:{specs[s]}" for s in team)
        parts.append(f"{label} {who} won {wins[t]} avg {totals[t] / args.games:.1f} pts")
    print(f"{args.games} deals, {args.players} players: " + "; ".join(parts) + f"; draws {draws}",
          file=sys.stderr if args.out == "-" else sys.stdout)
    return 0


def cmd_play(args: argparse.Namespace, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    t = Translator(args.lang)
    rules = Rules.standard(args.players)
    seed = args.seed
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1 << 30)
    agents = [None] + [make_agent(args.opponent, seed=seed + s) for s in range(1, args.players)]
    game = Game.deal(rules, seed=seed, dealer=args.players - 1)

    def say(text: str = "") -> None:
        print(text, file=stdout, flush=True)

    def who(seat: int) -> str:
        return t.t("you") if seat == 0 else t.t(f"seat_name_{seat}")

    def name(c) -> str:
        return f"{t.card_name(c)} ({c})"

    say(t.t("cli_intro", title=t.t("title"), players=t.t("players_n", n=args.players), seed=str(seed)))
    say(t.t("briscola_is", card=name(game.briscola)))
    say(t.t("cli_help", max=rules.hand_size))
    if rules.players in (4, 6):
        say(t.t("cli_partners", names=", ".join(who(s) for s in rules.teams[0] if s)))
    while not game.over:
        seat = game.turn
        if seat == 0:
            hand = game.hands[0]
            say("")
            if game.trick:
                say(t.t("cli_table", plays=", ".join(
                    t.t("cli_play_item", who=who(s), card=t.card_name(c)) for s, c in game.trick)))
            stock = t.t("stock_left", n=game.stock_size) if game.stock_size else t.t("stock_empty")
            say(f"{t.t('stock')}: {stock}. " + t.t("cli_hand", cards="  ".join(
                f"[{i + 1}] {name(c)}" for i, c in enumerate(hand))))
            while True:
                print(t.t("cli_prompt"), end="", file=stdout, flush=True)
                line = stdin.readline()
                if not line or line.strip().lower() in ("q", "quit", "exit"):
                    say(t.t("cli_bye"))
                    return 0
                text = line.strip()
                choice = None
                if text.isdigit() and 1 <= int(text) <= len(hand):
                    choice = hand[int(text) - 1]
                else:
                    try:
                        c = parse_card(text)
                        choice = c if c in hand else None
                    except CardParseError:
                        pass
                if choice is not None:
                    break
                say(t.t("cli_bad_choice", max=len(hand), card=str(hand[0])))
            card = choice
            say(t.t("you_play", card=t.card_name(card)))
        else:
            card = choose_card(agents[seat], game.view(seat), args.opponent, f"deal #{seed}")
            say(t.t("plays", who=who(seat), card=t.card_name(card)))
        done = game.play(card)
        if done is not None:
            if done.winner == 0:
                say("-> " + t.t("you_take_trick", n=done.points))
            else:
                say("-> " + t.t("takes_trick", who=who(done.winner), n=done.points))
            if game.briscola_drawn and game.stock_size == 0 and done.draws:
                taker = game.briscola_taker
                say(t.t("cli_briscola_taken_you") if taker == 0
                    else t.t("cli_briscola_taken", who=who(taker if taker is not None else 0)))
    say("")
    side_points = game.team_points()
    for i, team in enumerate(rules.teams):
        say(t.t("cli_side", names=" + ".join(who(s) for s in team), points=t.t("points_n", n=side_points[i])))
    outcome = game.result()[0]
    if outcome == "draw":
        say(t.t("result_draw" if rules.players != 3 else "result_draw_multi"))
    else:
        say(t.t("result_" + outcome))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "selfplay":
            return cmd_selfplay(args)
        if args.command == "play":
            return cmd_play(args)
        return args.func(args)
    except (CliError, AgentSpecError, AgentError, OSError) as e:
        print(f"briscola: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


__all__ = ["AgentError", "CliError", "check_writable", "choose_card", "main", "run_deal", "format_cards"]
