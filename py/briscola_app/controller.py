"""The app's state and decisions, free of the DOM.

:class:`App` holds the settings, the stats and the deal in progress, turns a click into
a move, tells the page driver when a computer player is due, saves after every change
and describes the table as a plain :class:`TableModel` that the DOM layer paints.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from briscola.agents import AgentSpecError, make_agent
from briscola.cards import Card, IllegalMoveError
from briscola.game import Game, Trick
from briscola.record import RecordError, from_record, to_record
from briscola.rules import Rules

from .i18n import Translator, pick_language
from .settings import DEFAULT_LEVEL, LEVELS, Settings, validate_settings
from .stats import ModeStats, dump_stats, mode_key, parse_mode_key, validate_stats
from .storage import BadData, Store

HUMAN = 0
HINT_LEVELS = ("expert", "hard", "medium")  # the strongest one that exists gives hints


def make_level_agent(level: str, seed: int):
    """A computer player of ``level``; a level not built yet falls back to medium."""
    try:
        return make_agent(level, seed=seed)
    except AgentSpecError:
        return make_agent(DEFAULT_LEVEL, seed=seed)


@dataclass
class SavedDeal:
    record: dict[str, Any]
    level: str
    agent_seed: int
    counted: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"record": self.record, "level": self.level, "agent_seed": self.agent_seed, "counted": self.counted}


def validate_deal(data: Any) -> tuple[SavedDeal, Game]:
    if not isinstance(data, dict) or set(data) != {"record", "level", "agent_seed", "counted"}:
        raise BadData("saved deal has the wrong fields")
    if not isinstance(data["agent_seed"], int) or not isinstance(data["counted"], bool):
        raise BadData("saved deal has the wrong types")
    if not isinstance(data["level"], str):
        raise BadData("saved deal has no level")
    try:
        game = from_record(data["record"])
    except RecordError as e:
        raise BadData(str(e)) from e
    return SavedDeal(**data), game


@dataclass
class SeatModel:
    seat: int
    name: str
    hand_count: int
    pile_points: int
    partner: bool
    to_move: bool
    dealer: bool


@dataclass
class CardModel:
    card: str
    label: str
    seat: int = HUMAN
    who: str = ""
    enabled: bool = False
    winning: bool = False
    hinted: bool = False


@dataclass
class SideModel:
    label: str
    points: int
    mine: bool


@dataclass
class SummaryModel:
    title: str
    headline: str
    outcome: str
    sides: list[SideModel]


@dataclass
class TableModel:
    lang: str
    deck: str
    opponents: list[SeatModel]
    hand: list[CardModel]
    trick: list[CardModel]
    trick_held: bool
    stock_count: int
    stock_label: str
    briscola: CardModel | None  # shown under the stock until drawn
    trump_suit: str
    trump_label: str
    my_pile_label: str
    sides: list[SideModel]
    message: str
    your_turn: bool
    summary: SummaryModel | None
    notice: str | None
    can_review_last: bool
    busy: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class App:
    """One player's Briscola: settings, stats and the deal in progress."""

    def __init__(self, store: Store, browser_lang: str | None = None,
                 entropy: Callable[[], int] | None = None) -> None:
        self.store = store
        self._entropy = entropy or (lambda: random.SystemRandom().randrange(1 << 31))
        settings = store.load("settings", validate_settings)
        self.settings: Settings = settings or Settings(lang=pick_language(browser_lang))
        self.stats: dict[str, ModeStats] = store.load("stats", validate_stats) or {}
        self.tr = Translator(self.settings.lang)
        self.game: Game
        self.saved: SavedDeal
        self.agents: dict[int, Any] = {}
        self.held: Trick | None = None  # a finished trick left on the table for a moment
        self.message = ""
        self.hint: Card | None = None
        self.notice_dismissed = False
        self.resumed = False
        loaded = store.load("deal", validate_deal)
        if loaded is not None:
            self.saved, self.game = loaded
            self._make_agents()
            self.resumed = not self.game.over
            self.message = self.tr.t("notice_resumed") if self.resumed else self.tr.t("deal_over")
            if self.game.over:
                self._count_result()
        else:
            self.new_deal()

    # -- deals ------------------------------------------------------------------------
    def new_deal(self) -> None:
        """Deal the next game with the current settings; an abandoned deal counts as lost."""
        previous = getattr(self, "game", None)
        if previous is not None and not previous.over and previous.tricks:
            self._count(self.saved.level, previous.rules.players, "loss",
                        *self._side_points(previous))
        players = self.settings.players
        if previous is not None and previous.rules.players == players:
            dealer = (previous.dealer + 1) % players
        else:
            dealer = players - 1  # the person at the device leads the first deal
        seed = self._entropy()
        self.game = Game.deal(Rules.standard(players), seed=seed, dealer=dealer)
        self.saved = SavedDeal(to_record(self.game), self.settings.level, self._entropy())
        self._make_agents()
        self.held = None
        self.hint = None
        self.resumed = False
        self.message = self._turn_message()
        self._save_deal()

    def _make_agents(self) -> None:
        self.agents = {s: make_level_agent(self.saved.level, self.saved.agent_seed + s)
                       for s in range(1, self.game.n)}

    def _save_deal(self) -> None:
        self.saved.record = to_record(self.game)
        self.store.save("deal", self.saved.to_dict())

    # -- whose move -------------------------------------------------------------------
    @property
    def human_to_move(self) -> bool:
        return not self.game.over and self.held is None and self.game.turn == HUMAN

    @property
    def computer_to_move(self) -> bool:
        return not self.game.over and self.held is None and self.game.turn != HUMAN

    def computer_agent(self):
        return self.agents[self.game.turn]

    def current_view(self):
        return self.game.view(self.game.turn)

    # -- moves ------------------------------------------------------------------------
    def play_human(self, card: Card | str | int) -> Trick | None:
        if not self.human_to_move:
            raise IllegalMoveError("it is not your turn")
        c = Card(card)
        self.message = self.tr.t("you_play", card=self.card_name(c))
        return self._play(c)

    def play_computer(self, card: Card) -> Trick | None:
        if not self.computer_to_move:
            raise IllegalMoveError("no computer player is due")
        seat = self.game.turn
        self.message = self.tr.t("plays", who=self.seat_name(seat), card=self.card_name(card))
        return self._play(card)

    def _play(self, card: Card) -> Trick | None:
        done = self.game.play(card)
        self.hint = None
        self.resumed = False
        if done is not None:
            self.held = done
            who = done.winner
            key = "you_take_trick" if who == HUMAN else "takes_trick"
            self.message = self.tr.t(key, who=self.seat_name(who), n=done.points)
        elif self.game.turn == HUMAN:
            self.message += " " + self._turn_message()
        self._save_deal()
        if self.game.over:
            self._count_result()
        return done

    def release_trick(self) -> None:
        """The finished trick leaves the table; the winner leads the next one."""
        if self.held is None:
            return
        self.held = None
        if self.game.over:
            self.message = self.tr.t("deal_over")
        elif self.game.stock_size == 0 and self.game.tricks[-1].draws:
            self.message = self.tr.t("last_tricks") + " " + self._turn_message()
        else:
            self.message = self._turn_message()

    def _turn_message(self) -> str:
        if self.game.over:
            return self.tr.t("deal_over")
        if self.game.turn == HUMAN:
            return self.tr.t("your_turn_lead" if not self.game.trick else "your_turn")
        return self.tr.t("thinking", who=self.seat_name(self.game.turn))

    # -- stats ------------------------------------------------------------------------
    def _side_points(self, game: Game) -> tuple[int, int]:
        mine = game.rules.team_of[HUMAN]
        sides = game.team_points()
        return sides[mine], sum(sides) - sides[mine]

    def _count_result(self) -> None:
        if self.saved.counted:
            return
        outcome = self.game.result()[HUMAN]
        self._count(self.saved.level, self.game.rules.players, outcome, *self._side_points(self.game))
        self.saved.counted = True
        self._save_deal()

    def _count(self, level: str, players: int, outcome: str, points_for: int, points_against: int) -> None:
        entry = self.stats.setdefault(mode_key(players, level), ModeStats())
        entry.record(outcome, points_for, points_against)
        self.store.save("stats", dump_stats(self.stats))

    def reset_stats(self) -> None:
        self.stats = {}
        self.store.save("stats", {})

    # -- settings ---------------------------------------------------------------------
    def change_settings(self, **changes: Any) -> bool:
        """Apply settings; returns True when a new deal is needed to apply them."""
        new = self.settings.updated(**changes)
        self.settings = new
        self.tr = Translator(new.lang)
        self.store.save("settings", new.to_dict())
        untouched = not self.game.tricks and not self.game.trick
        return untouched and (new.players != self.game.rules.players or new.level != self.saved.level)

    # -- words ------------------------------------------------------------------------
    def card_name(self, c: Card) -> str:
        return self.tr.card_name(Card(c), self.settings.deck)

    def seat_name(self, seat: int) -> str:
        return self.tr.t("you") if seat == HUMAN else self.tr.t(f"seat_name_{seat}")

    def notice(self) -> str | None:
        if self.notice_dismissed:
            return None
        if not self.store.saving:
            return self.tr.t("notice_no_storage")
        if self.store.bad_data:
            return self.tr.t("notice_bad_data")
        return None

    # -- hints ------------------------------------------------------------------------
    def hint_agent(self):
        for level in HINT_LEVELS:
            try:
                return make_agent(level, seed=self.saved.agent_seed)
            except AgentSpecError:
                continue
        raise AgentSpecError("no level can give hints")

    def set_hint(self, card: Card) -> None:
        self.hint = card
        self.message = self.tr.t("hint_says", card=self.card_name(card))

    # -- what the table shows ---------------------------------------------------------
    def model(self) -> TableModel:
        g, t = self.game, self.tr
        rules = g.rules
        my_team = rules.team_of[HUMAN]
        opponents = [
            SeatModel(
                seat=s,
                name=self.seat_name(s),
                hand_count=len(g.hands[s]),
                pile_points=g.points[s],
                partner=rules.team_of[s] == my_team,
                to_move=not g.over and self.held is None and g.turn == s,
                dealer=g.dealer == s,
            )
            for s in range(g.n - 1, 0, -1)  # left of you, across, right of you
        ]
        human_turn = self.human_to_move
        hand = [
            CardModel(str(c), self.card_name(c), enabled=human_turn,
                      hinted=human_turn and self.hint == c)
            for c in g.hands[HUMAN]
        ]
        shown = self.held.plays if self.held is not None else tuple(g.trick)
        winner = self.held.winner if self.held is not None else None
        trick = [
            CardModel(str(c), self.card_name(c), seat=s, who=self.seat_name(s), winning=s == winner)
            for s, c in shown
        ]
        briscola = None if g.briscola_drawn else CardModel(str(g.briscola), self.card_name(g.briscola))
        stock = g.stock_size
        return TableModel(
            lang=self.settings.lang,
            deck=self.settings.deck,
            opponents=opponents,
            hand=hand,
            trick=trick,
            trick_held=self.held is not None,
            stock_count=stock,
            stock_label=t.t("stock_left", n=stock) if stock else t.t("stock_empty"),
            briscola=briscola,
            trump_suit=g.briscola.suit,
            trump_label=t.t("briscola_is", card=self.card_name(g.briscola)),
            my_pile_label=t.t("pile_label", who=t.t("us") if len(rules.teams[my_team]) > 1 else t.t("you"),
                              n=self._side_points(g)[0]),
            sides=self._sides(),
            message=self.message,
            your_turn=human_turn,
            summary=self._summary() if g.over and self.held is None else None,
            notice=self.notice(),
            can_review_last=bool(g.tricks),
        )

    def _sides(self) -> list[SideModel]:
        g, t = self.game, self.tr
        mine = g.rules.team_of[HUMAN]
        sides = []
        for i, team in enumerate(g.rules.teams):
            if len(team) > 1:
                label = t.t("us") if i == mine else t.t("them")
            else:
                label = self.seat_name(team[0])
            sides.append(SideModel(label, sum(g.points[s] for s in team), i == mine))
        return sides

    def _summary(self) -> SummaryModel:
        g, t = self.game, self.tr
        outcome = g.result()[HUMAN]
        if outcome == "draw":
            headline = t.t("result_draw" if g.rules.players != 3 else "result_draw_multi")
        else:
            headline = t.t("result_" + outcome)
        mine = g.rules.team_of[HUMAN]
        sides = []
        for i, team in enumerate(g.rules.teams):
            others = ", ".join(self.seat_name(s) for s in team if s != HUMAN)
            if i == mine:
                label = t.t("team_you", names=others) if others else t.t("you")
            else:
                label = t.t("team_them", names=others)
            sides.append(SideModel(label, sum(g.points[s] for s in team), i == mine))
        return SummaryModel(t.t("summary_title"), headline, outcome, sides)

    def last_trick(self) -> tuple[list[CardModel], str] | None:
        if not self.game.tricks:
            return None
        done = self.game.tricks[-1]
        cards = [CardModel(str(c), self.card_name(c), seat=s, who=self.seat_name(s), winning=s == done.winner)
                 for s, c in done.plays]
        return cards, self.tr.t("last_trick_taken", who=self.seat_name(done.winner), n=done.points)

    def stats_rows(self) -> list[tuple[str, ModeStats]]:
        rows = []
        for key in sorted(self.stats, key=parse_mode_key):
            players, level = parse_mode_key(key)
            level_name = self.tr.t(f"level_{level}") if level in LEVELS else level
            rows.append((self.tr.t("stats_mode", players=players, level=level_name), self.stats[key]))
        return rows
