"""Command line: ``python -m briscola selfplay|play|arena ...``.

Every command plays the rules of a variant: ``--variant PRESET`` (one of
:data:`~briscola.rules.PRESETS`, standard by default) with options on top
(:data:`RULE_FLAGS`: ``--hand-size``, ``--must-follow``, ``--first-card-trump``,
``--redeal``, ``--exchange``, ``--open-hands``, ``--mano-negra``, ``--ranking``).
``play`` and ``arena`` also play matches: ``--match FORMAT`` (one of
:data:`~briscola.match.MATCH_FORMATS`, a single deal by default). Rules or a format that
cannot be played, a bad argument or a computer player that fails are reported on one
line (``briscola: error: ...``) with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import IO, Iterator, Sequence

from .agents import AgentSpecError, known_agents, make_agent
from .arena import add_arena_parser, counted
from .cards import ALL_CARDS, SUITS, Card, CardParseError, format_cards, parse_card
from .core import MIN_POINTS_BID, contract
from .game import Game
from .i18n import FEMININE_NAMES, LANGUAGE_CODES, Translator, bid_prompt_key, resolve
from .match import SINGLE, Match, MatchError, sides_for
from .model import BID, CALL, EXCHANGE, PASS, PLAY, SHOW, Action, Trick
from .record import SEED_MAX, SEED_MIN, to_record
from .rules import ALL_PLAYER_COUNTS, CHIAMATA_PLAYERS, COUNTS_TEXT, Rules, UnsupportedRuleError
from .view import PlayerView
from .drive import (DEFAULT_VARIANT, PLAYERS_HELP, RULE_FLAGS, AgentError, CliError, DealPlan, SeatClock,
                    add_match_option, add_rules_options, check_writable, choose_action, match_over, plan_deal,
                    rule_flags, rules_from_args, run_deal)

HUMAN = 0
"""The table seat of the player at the terminal."""
QUIT_WORDS = ("q", "quit", "exit")
EXCHANGE_KEY, SHOW_KEY = "x", "m"
"""What the player types to exchange the trump card or to show mano negra."""
OFFER_KEYS = {EXCHANGE: EXCHANGE_KEY, SHOW: SHOW_KEY}
RANDOM_SEEDS = 1 << 30

FIVE_HELP = {"ranks": "cli_five_ranks", "ranks-points": "cli_five_ranks_points", "points": "cli_five_points"}
"""The key of the terminal game's line on each auction."""
CALL_LIST_MAX = 10
"""The cards that may be called are listed by number up to this many (the points
auction, where any card may be called, asks for a card's name)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, status 2, no usage dump
        raise CliError(message)


def _players(text: str) -> int:
    n = _int(text)
    if n not in ALL_PLAYER_COUNTS:
        raise argparse.ArgumentTypeError(f"players must be one of {COUNTS_TEXT}")
    return n


def _positive(text: str) -> int:
    n = _int(text)
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
    s.add_argument("--players", type=_players, default=2, help=PLAYERS_HELP)
    s.add_argument("--games", type=_positive, default=100, help="deals to play (default 100)")
    s.add_argument("--seed", type=_int, default=1, help="deal i uses seed S+i")
    s.add_argument("--out", required=True, help="file for the records (JSON lines); - for stdout")
    s.add_argument("--agents", default="medium",
                   help="comma-separated levels or module:factory, one per seat or one for all (default medium; "
                        "levels: " + ", ".join(known_agents()) + ")")
    add_rules_options(s)

    pl = sub.add_parser("play", help="play a deal or a match in the terminal against the computer")
    pl.add_argument("--players", type=_players, default=2, help=PLAYERS_HELP)
    pl.add_argument("--seed", type=_int, default=None, help="the first deal's seed; the next deals count up")
    pl.add_argument("--opponent", default="medium", help="level or module:factory of the computer players "
                                                          "(default medium; levels: " + ", ".join(known_agents()) + ")")
    pl.add_argument("--lang", type=_lang, default="en", metavar="LANG",
                    help="language of the game: " + ", ".join(LANGUAGE_CODES))
    add_rules_options(pl)
    add_match_option(pl, "play a match of several deals, the score shown after each (default: one deal)")

    add_arena_parser(sub)
    return p


def _agent_specs(text: str, players: int) -> list[str]:
    specs = [a.strip() for a in text.split(",") if a.strip()]
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise CliError(f"--agents names {len(specs)} agents for {players} seats")
    return specs


# -- selfplay ------------------------------------------------------------------------------

def cmd_selfplay(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    specs = _agent_specs(args.agents, args.players)
    if args.seed < SEED_MIN or args.seed + args.games - 1 > SEED_MAX:
        raise CliError(f"--seed: the deals' seeds must stay within {SEED_MIN}..{SEED_MAX}")
    agents = [make_agent(spec, seed=args.seed * 100 + seat) for seat, spec in enumerate(specs)]
    if args.players == CHIAMATA_PLAYERS:
        return _selfplay_five(args, rules, specs, agents)
    sides = rules.teams
    wins = [0] * len(sides)
    totals = [0] * len(sides)
    draws = 0
    for game in _played_deals(args, rules, specs, agents):
        outcome = game.outcome()
        for t in range(len(sides)):
            totals[t] += outcome.side_points[t]
            wins[t] += outcome.winner == t
        draws += outcome.winner is None
    label = "team" if args.players in (4, 6) else "seat"
    parts = []
    for t, team in enumerate(sides):
        who = "+".join(f"{s}:{specs[s]}" for s in team)
        parts.append(f"{label} {who} won {wins[t]} avg {totals[t] / args.games:.1f} pts")
    print(f"{counted(args.games, 'deal')}, {args.players} players: " + "; ".join(parts) + f"; draws {draws}",
          file=sys.stderr if args.out == "-" else sys.stdout)
    return 0


def _played_deals(args: argparse.Namespace, rules: Rules, specs: list[str], agents: list) -> Iterator[Game]:
    """Play the selfplay's deals one after another, writing each record (JSON Lines to
    ``--out``) before handing the finished deal on."""
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    try:
        for i in range(args.games):
            game = run_deal(rules, args.seed + i, i % args.players, agents, specs,
                            f"deal {i + 1} (seed {args.seed + i})")
            out.write(json.dumps(to_record(game), separators=(",", ":")) + "\n")
            yield game
    finally:
        if out is not sys.stdout:
            out.close()


def _selfplay_five(args: argparse.Namespace, rules: Rules, specs: list[str], agents: list) -> int:
    """Selfplay of Briscola chiamata: the records, then game points per seat and the
    contracts taken and made."""
    gains = [0] * CHIAMATA_PLAYERS
    taken = [0] * CHIAMATA_PLAYERS
    made = [0] * CHIAMATA_PLAYERS
    thrown_in = 0
    for game in _played_deals(args, rules, specs, agents):
        outcome = game.outcome()
        for s, gp in enumerate(outcome.game_points):
            gains[s] += gp
        if game.caller is None:
            thrown_in += 1
        else:
            taken[game.caller] += 1
            made[game.caller] += outcome.winner == 0
    parts = [f"seat {s}:{specs[s]} {gains[s]:+d} game pts, made {made[s]} of {taken[s]} contracts"
             for s in range(CHIAMATA_PLAYERS)]
    print(f"{counted(args.games, 'deal')}, 5 players ({rules.auction} auction): " + "; ".join(parts)
          + f"; thrown in {thrown_in}",
          file=sys.stderr if args.out == "-" else sys.stdout)
    return 0


# -- play in the terminal ------------------------------------------------------------------

class Terminal:
    """The terminal game's side of the table: reads the player's choices, tells what happens."""

    def __init__(self, translator: Translator, stdin: IO[str], stdout: IO[str]) -> None:
        self.t = translator
        self.stdin = stdin
        self.stdout = stdout
        self.seats: tuple[int, ...] = ()  # table seat of each seat of the deal being played

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def text(self, key: str, default: str, **params: object) -> str:
        """The translated text of ``key``, or ``default`` (English) while a language
        file lacks it."""
        try:
            return self.t.t(key, **params)
        except KeyError:
            return default.format(**params)

    def name_of(self, table_seat: int) -> str:
        return self.t.t("you") if table_seat == HUMAN else self.t.t(f"seat_name_{table_seat}")

    def who(self, seat: int) -> str:
        """The name of a seat of the deal being played."""
        return self.name_of(self.seats[seat])

    def card(self, c: Card | None) -> str:
        """A card in words and notation: "Ace of Coins (1D)"."""
        return "" if c is None else f"{self.t.card_name(c)} ({c})"

    def cards(self, cards: Sequence[Card]) -> str:
        return ", ".join(self.card(c) for c in cards)

    # -- before and after ------------------------------------------------------------------
    def intro(self, rules: Rules, seed: int, fmt: str) -> None:
        t = self.t
        self.say(t.t("cli_intro", title=t.t("title"), players=t.t("players_n", n=rules.players), seed=str(seed)))
        if rules.variant != DEFAULT_VARIANT:
            name = self.text("variant_" + rules.variant, rules.variant)
            self.say(f"{self.t.t('variant')}: {name}")
        if fmt != SINGLE:
            match = self.text("match_" + fmt.replace("-", "_"), fmt)
            self.say(f"{self.t.t('match')}: {match}")
        if rules.auction is not None:
            self.say(t.t(FIVE_HELP[rules.auction]))
        self.say(t.t("cli_help", max=rules.hand_size))
        if rules.players in (4, 6):
            partners = [self.name_of(s) for s in rules.teams[0] if s != HUMAN]
            self.say(t.t("cli_partners" if len(partners) > 1 else "cli_partner", names=t.names(partners)))

    def deal_header(self, match: Match) -> None:
        self.say("")
        self.say(self.t.t("match_deal_n", n=match.deals_counted + 1))
        seats = match.seats_in_play
        if len(seats) != match.players:
            self.say(self.t.t("match_playoff", names=", ".join(self.name_of(s) for s in seats)))

    def deal_start(self, game: Game, seats: tuple[int, ...]) -> None:
        self.seats = seats
        if game.rules.auction is not None:
            self.say(self.t.t("cli_auction_you_open") if seats[game.turn] == HUMAN
                     else self.t.t("cli_auction_opens", who=self.who(game.turn)))
            return
        for c in game.redeals:
            self.say(self.t.t("redealt", card=self.card(c)))
        if game.briscola is not None:
            self.say(self.t.t("briscola_is", card=self.card(game.briscola)))
        elif game.rules.trump == "first":
            self.say(self.t.t("trump_not_set"))
        else:
            self.say(self.t.t("no_trump"))

    def trump_set(self, suit: int) -> None:
        """The first card played fixed the trump suit."""
        self.say(self.t.t("briscola_is", card=self.t.t("suit_" + SUITS[suit])))

    def deal_end(self, game: Game) -> None:
        self.say("")
        outcome = game.outcome()
        if game.rules.auction is not None:
            self.five_end(game)
            return
        for side, points in zip(outcome.sides, outcome.side_points):
            names = " + ".join(self.who(s) for s in side)
            self.say(self.t.t("cli_side", names=names, points=self.t.t("points_n", n=points)))
        if HUMAN not in self.seats:
            return
        result = outcome.result[self.seats.index(HUMAN)]
        if result == "draw":
            self.say(self.t.t("result_draw" if len(outcome.sides) == 2 else "result_draw_multi"))
        else:
            self.say(self.t.t("result_" + result))

    def match_score(self, match: Match) -> None:
        parts = [self.t.t("cli_side", names=" + ".join(self.name_of(s) for s in side), points=self.t.number(score))
                 for side, score in zip(sides_for(match.players), match.score)]
        self.say(self.t.t("match_score", score=", ".join(parts)))

    def match_result(self, match: Match) -> None:
        if match.winner is not None:
            human_side = next(i for i, side in enumerate(sides_for(match.players)) if HUMAN in side)
            self.say(self.t.t("match_won" if match.winner == human_side else "match_lost"))

    # -- a turn ----------------------------------------------------------------------------
    def show_turn(self, view: PlayerView, offers: dict[str, Action]) -> None:
        t = self.t
        self.say("")
        if view.called is not None and view.caller is not None:
            self.say(self.five_status(view))
        if view.trick:
            self.say(t.t("cli_table", plays=", ".join(
                t.t("cli_play_item", who=self.who(s), card=t.card_name(c)) for s, c in view.trick)))
        for seat, hand in enumerate(view.open_hands or ()):
            if seat != view.seat:
                self.say(t.t("cli_play_item", who=self.who(seat), card=self.cards(hand)))
        if view.next_card is not None:
            self.say(self.t.t("next_card", card=self.card(view.next_card)))
        stock = f"{t.t('stock')}: {t.t('stock_left', n=view.stock_size)}" if view.stock_size else t.t("stock_empty")
        stock_line = "" if view.rules.auction is not None else t.sentence(stock) + " "
        self.say(stock_line + t.t("cli_hand", cards="  ".join(
            f"[{i + 1}] {self.card(c)}" for i, c in enumerate(view.hand))))
        for key, action in offers.items():
            self.say(f"[{key}] {self.offer_text(action, view)}")

    def offer_text(self, action: Action, view: PlayerView) -> str:
        if action.kind == EXCHANGE:
            return self.t.t("exchange_offer", card=self.card(_card_of(action)), briscola=self.card(view.briscola))
        return self.t.t("show_mano_negra")

    def ask(self, view: PlayerView) -> Action | None:
        """The player's action, asked until it is one they may take; None when they quit."""
        if view.phase == "auction":
            return self.ask_bid(view)
        if view.phase == "call":
            return self.ask_call(view)
        offers = {OFFER_KEYS[a.kind]: a for a in view.legal_actions if a.kind in OFFER_KEYS}
        self.show_turn(view, offers)
        while True:
            print(self.t.t("cli_prompt"), end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            text = line.strip()
            if not line or text.lower() in QUIT_WORDS:
                self.bye(line)
                return None
            if text.lower() in offers:
                return offers[text.lower()]
            card = _card_in_hand(text, view.hand)
            if card is None:
                self.say(self.t.t("cli_bad_choice", max=len(view.hand), card=str(view.hand[0])) if len(view.hand) > 1
                         else self.t.t("cli_bad_choice_one", card=str(view.hand[0])))
            elif card not in view.legal:
                self.say(self.t.t("cli_must_follow", cards=self.cards(view.legal)))
            else:
                return Action.play(card)

    def tell(self, seat: int, action: Action, briscola: Card | None) -> None:
        """Say what ``seat`` does; ``briscola`` is the turned card before it."""
        mine = self.seats[seat] == HUMAN
        if action.kind in (BID, PASS, CALL):
            self.tell_auction(seat, action, mine)
        elif action.kind == PLAY:
            card = self.t.card_name(_card_of(action))
            self.say(self.t.t("you_play", card=card) if mine else self.t.t("plays", who=self.who(seat), card=card))
        elif action.kind == EXCHANGE:
            params = {"card": self.card(_card_of(action)), "briscola": self.card(briscola)}
            self.say(self.t.t("you_exchanged", **params) if mine
                     else self.t.t("exchanged", who=self.who(seat), **params))
        else:
            self.say(self.t.t("you_mano_negra") if mine else self.t.t("mano_negra_shown", who=self.who(seat)))

    def trick_done(self, done: Trick, game: Game) -> None:
        if self.seats[done.winner] == HUMAN:
            self.say("-> " + self.t.t("you_take_trick", n=done.points))
        else:
            self.say("-> " + self.t.t("takes_trick", who=self.who(done.winner), n=done.points))
        taker = game.briscola_taker
        if taker is not None and game.stock_size == 0 and done.draws:
            self.say(self.t.t("cli_briscola_taken_you") if self.seats[taker] == HUMAN
                     else self.t.t("cli_briscola_taken", who=self.who(taker)))

    # -- Briscola chiamata -----------------------------------------------------------------
    def bid_name(self, bid: int) -> str:
        """A bid in words: a rank ("Three") or points ("72 points")."""
        if bid >= MIN_POINTS_BID:
            return self.t.t("points_n", n=bid)
        return self.t.t(f"bid_rank_{bid}")  # a rank alone (Hindi's rank names differ out of a card's)

    def auction_line(self, view: PlayerView) -> str:
        said = [(self.who(s) + ": " + (self.bid_name(b) if b is not None else self.text("passed", "passed")))
                for s, b in view.auction]
        return self.text("auction", "Auction") + ": " + (self.t.series(said) if said else "-")

    def ask_bid(self, view: PlayerView) -> Action | None:
        """A bid or a pass from the player: the number of a rank (1 the ace ... 10 the
        king), points (61..120), Enter or b for the next bid, p to pass."""
        bids = [a for a in view.legal_actions if a.kind == BID]
        self.say("")
        self.say(self.auction_line(view))
        self.say(self.text("cli_hand", "Your hand: {cards}", cards=self.cards(view.hand)))
        last = view.bid
        values = [a.value for a in bids if a.value is not None]
        self.say(self.t.t(bid_prompt_key(view.rules.auction or "", last, values),
                          bid=self.bid_name(last) if last is not None else ""))
        if bids:
            names = ", ".join(f"{self.bid_name(a.value)} [{a.value}]" for a in bids[:12] if a.value is not None)
            if len(bids) > 12:
                names += f", ... {self.bid_name(bids[-1].value or 0)} [{bids[-1].value}]"
            self.say(self.t.t("cli_bid_help", bids=names, next=self.bid_name(bids[0].value or 0)))
        else:
            self.say(self.t.t("cli_no_bid"))
        while True:
            print(self.t.t("cli_bid_prompt"), end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            text = line.strip().lower()
            if not line or text in QUIT_WORDS:
                self.bye(line)
                return None
            if text in ("p", "pass"):
                return Action.pass_()
            if text in ("", "b", "bid") and bids:
                return bids[0]
            value = text.removeprefix("bid").strip()
            chosen = [a for a in bids if value.isdigit() and a.value == int(value)]
            if chosen:
                return chosen[0]
            self.say(self.t.t("cli_bad_bid", text=line.strip()) if bids else self.t.t("cli_no_bid"))

    def ask_call(self, view: PlayerView) -> Action | None:
        """The caller's card: its number in the list, or its name (``3C``)."""
        calls = [a for a in view.legal_actions if a.kind == CALL and a.card is not None]
        bid = view.bid
        assert bid is not None
        self.say("")
        self.say(self.text("your_call", "You won the auction with {bid}: call a card. Its holder is your secret "
                           "partner and its suit is trump.", bid=self.bid_name(bid)))
        self.say(self.text("cli_hand", "Your hand: {cards}", cards=self.cards(view.hand)))
        listed = len(calls) <= CALL_LIST_MAX
        if listed:
            self.say("  ".join(f"[{i + 1}] {self.card(a.card)}" for i, a in enumerate(calls)))
        help_line = self.t.t("cli_call_help" if listed else "cli_call_help_name", example=str(calls[-1].card))
        self.say(help_line)
        while True:
            print(self.t.t("cli_call_prompt"), end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            text = line.strip()
            if not line or text.lower() in QUIT_WORDS:
                self.bye(line)
                return None
            if text.isdigit() and listed and 1 <= int(text) <= len(calls):
                return calls[int(text) - 1]
            try:
                card = parse_card(text)
            except CardParseError:
                card = None
            chosen = [a for a in calls if card is not None and a.card == card]
            if chosen:
                return chosen[0]
            self.say(self.t.t("cli_bad_call", text=text) if text else help_line)

    def tell_auction(self, seat: int, action: Action, mine: bool) -> None:
        if action.kind == PASS:
            self.say(self.text("you_pass", "You pass.") if mine else self.text("passes", "{who} passes.",
                                                                                  who=self.who(seat)))
        elif action.kind == BID:
            bid = self.bid_name(action.value or 0)
            self.say(self.text("you_bid", "You bid {bid}.", bid=bid) if mine
                     else self.text("bids", "{who} bids {bid}.", who=self.who(seat), bid=bid))
        else:
            card = self.card(action.card)
            self.say(self.text("you_call", "You call the {card}.", card=card) if mine
                     else self.text("calls", "{who} calls the {card}.", who=self.who(seat), card=card))

    def called(self, game: Game) -> None:
        """After the call: the trump, and to the player what only they know."""
        assert game.called is not None and game.caller is not None
        self.say(self.text("trump_suit", "Trump: {suit}", suit=self.t.t("suit_" + SUITS[game.called.suit_index])))
        if HUMAN not in self.seats:
            return
        me = self.seats.index(HUMAN)
        card = self.card(game.called)
        if game.partner == me and game.caller == me:
            self.say(self.text("you_alone", "You hold the {card} yourself: you play alone against four.", card=card))
        elif game.partner == me:
            self.say(self.text("you_are_partner", "You hold the {card}: you are {who}'s secret partner. Nobody "
                               "else knows until you play it.", card=card, who=self.who(game.caller)))

    def partner_shown(self, seat: int, game: Game) -> None:
        """The called card was just played: everybody knows the sides now."""
        assert game.caller is not None
        if seat == game.caller:
            self.say(self.caller_alone(seat))
        else:
            self.say(self.partner_text(seat, game.caller))

    def bye(self, line: str) -> None:
        """The player quit, or the input ended (then after the prompt's line)."""
        self.say(("" if line else "\n") + self.t.t("cli_bye"))

    def caller_alone(self, caller: int) -> str:
        """The caller holds the called card: the sides are four against one."""
        if self.seats[caller] == HUMAN:
            return self.t.t("cli_caller_alone_you")
        return self.t.t("cli_caller_alone", who=self.who(caller))

    def partner_text(self, partner: int, caller: int) -> str:
        """Who is the caller's partner, in words that fit the player's own seat."""
        if self.seats[caller] == HUMAN:
            return self.t.t("your_partner_shown", who=self.who(partner))
        if self.seats[partner] == HUMAN:
            return self.text("you_shown_partner", "Now everybody knows you are {caller}'s partner.",
                             caller=self.who(caller))
        return self.text("partner_shown", "{who} is {caller}'s partner.", who=self.who(partner),
                         caller=self.who(caller))

    def five_status(self, view: PlayerView) -> str:
        """The contract, and the partner as this seat knows it."""
        assert view.caller is not None and view.called is not None
        bid = view.bid
        assert bid is not None
        key = "contract_f" if self.seats[view.caller] in FEMININE_NAMES else "contract"  # "Ruferin: Giulia"
        line = self.text(key, "{who} called the {card}: needs {n} points", who=self.who(view.caller),
                         card=self.card(view.called), n=str(contract(bid)))
        if view.partner is None:
            return self.t.sentences(line, self.t.t("cli_partner_hidden"))
        if view.partner == view.caller:
            return self.t.sentences(line, self.caller_alone(view.caller))
        if view.partner == view.seat and self.seats[view.seat] == HUMAN:
            return self.t.sentences(line, self.text("you_secret_partner", "Only you know: you hold the called card "
                                                    "and play with {caller}.", caller=self.who(view.caller)))
        return self.t.sentences(line, self.partner_text(view.partner, view.caller))

    def five_end(self, game: Game) -> None:
        """A Chiamata deal's end: thrown in, or the sides, the contract and game points."""
        if game.thrown_in:
            self.say(self.text("thrown_in", "Everybody passed: the deal is thrown in and dealt again."))
            return
        outcome = game.outcome()
        for side, points in zip(outcome.sides, outcome.side_points):
            names = " + ".join(self.who(s) for s in side)
            self.say(self.t.t("cli_side", names=names, points=self.t.t("points_n", n=points)))
        gains = self.t.series([f"{self.who(s)} {'+' if g > 0 else ''}{self.t.number(g)}"
                               for s, g in enumerate(outcome.game_points)])
        self.say(self.text("deal_game_points", "Game points: {list}.", list=gains))
        if HUMAN in self.seats:
            self.say(self.t.t("result_" + outcome.result[self.seats.index(HUMAN)]))



def _card_of(action: Action) -> Card:
    if action.card is None:
        raise ValueError(f"{action} names no card")
    return action.card


def _card_in_hand(text: str, hand: Sequence[Card]) -> Card | None:
    """The card of ``hand`` the player typed: its number from 1, or its name (``1D``)."""
    if text.isdigit():
        return hand[int(text) - 1] if 1 <= int(text) <= len(hand) else None
    try:
        card = parse_card(text)
    except CardParseError:
        return None
    return ALL_CARDS[card] if card in hand else None


def play_deal(term: Terminal, game: Game, seats: tuple[int, ...], agents: Sequence, name: str,
              where: str) -> bool:
    """Play one deal at the terminal, seat ``HUMAN`` of the table asked, the others by
    ``agents`` (per table seat); False when the player quits."""
    term.deal_start(game, seats)
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        if seats[seat] == HUMAN:
            action = term.ask(view)
            if action is None:
                return False
        else:
            action = choose_action(agents[seats[seat]], view, name, where)
        briscola, trump = game.briscola, game.trump
        term.tell(seat, action, briscola)
        done = game.apply(action)
        if action.kind == CALL:
            term.called(game)
        elif trump is None and game.trump is not None:
            term.trump_set(game.trump)
        if action.kind == PLAY and game.called is not None and action.card == game.called:
            term.partner_shown(seat, game)
        if done is not None:
            term.trick_done(done, game)
    term.deal_end(game)
    return True


def cmd_play(args: argparse.Namespace, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    rules = rules_from_args(args)
    match = Match.start(args.match, args.players, first_dealer=args.players - 1)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(RANDOM_SEEDS)
    agents = [None] + [make_agent(args.opponent, seed=seed + s) for s in range(1, args.players)]
    term = Terminal(Translator(args.lang), stdin or sys.stdin, stdout or sys.stdout)
    term.intro(rules, seed, args.match)
    several = args.match != SINGLE
    while not match_over(match):
        if several:
            term.deal_header(match)
        plan = plan_deal(match, rules)
        deal_seed = seed + match.deals_played
        game = Game.deal(plan.rules, seed=deal_seed, dealer=plan.dealer)
        if not play_deal(term, game, plan.seats, agents, args.opponent, f"deal #{deal_seed}"):
            return 0
        match.add_deal(game.outcome())
        if several:
            term.match_score(match)
    if several:
        term.match_result(match)
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
    except BrokenPipeError:  # the reader stopped reading (| head): quietly, as the Python docs advise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (CliError, AgentSpecError, AgentError, UnsupportedRuleError, MatchError, OSError) as e:
        print(f"briscola: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


__all__ = ["AgentError", "CliError", "DealPlan", "RULE_FLAGS", "SeatClock", "add_match_option",
           "add_rules_options", "check_writable", "choose_action", "format_cards", "main", "plan_deal",
           "rule_flags", "rules_from_args", "run_deal"]
