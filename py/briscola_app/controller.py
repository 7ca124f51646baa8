"""The app's state and decisions, free of the DOM.

:class:`App` holds the settings, the stats and the deal in progress, turns a click into
a move, tells the page driver when a computer player is due, saves after every change
and describes the table as a plain :class:`TableModel` that the DOM layer paints.

Each open tab plays its own deal (:mod:`.tabs`); results go into the shared stats by
merging (:mod:`.stats`), each deal once, whichever tab sees it end.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from briscola.agents import AgentSpecError, make_agent
from briscola.cards import Card, IllegalMoveError
from briscola.game import Game, Trick
from briscola.record import RecordError, from_record, to_record
from briscola.rules import Rules

from .i18n import Translator, pick_language
from .settings import DEFAULT_LEVEL, LEVELS, Settings, validate_settings
from .stats import ModeStats, Stats, mode_key, parse_mode_key, validate_stats
from .storage import Backend, BadData, DictBackend, Store, is_count
from .tabs import Tabs, deal_name

HUMAN = 0
HINT_LEVELS = ("expert", "hard", "medium")  # the strongest one that exists gives hints


MAX_SEED = 1 << 53  # seeds the page makes are below 2**31; JSON keeps integers exact below this


def make_level_agent(level: str, seed: int):
    """A computer player of one of the page's own levels; anything else plays medium.
    Never a ``module:factory``: the level may come from storage."""
    if level not in LEVELS:
        level = DEFAULT_LEVEL
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
    updated: int = 0  # ms since the epoch of the last save; 0 in saves before tabs

    @property
    def id(self) -> str:
        """Names the deal in the stats' list of deals counted (the two seeds pick it)."""
        return f"{self.record['seed']:x}-{self.agent_seed:x}"

    def to_dict(self) -> dict[str, Any]:
        return {"record": self.record, "level": self.level, "agent_seed": self.agent_seed,
                "counted": self.counted, "updated": self.updated}


_DEAL_FIELDS = {"record", "level", "agent_seed", "counted"}


def validate_deal(data: Any) -> tuple[SavedDeal, Game]:
    if not isinstance(data, dict) or set(data) not in (_DEAL_FIELDS, _DEAL_FIELDS | {"updated"}):
        raise BadData("saved deal has the wrong fields")
    if not is_count(data["agent_seed"], MAX_SEED) or not isinstance(data["counted"], bool):
        raise BadData("saved deal has the wrong types")
    if not is_count(data.get("updated", 0), MAX_SEED):
        raise BadData("saved deal has a wrong time")
    if data["level"] not in LEVELS:
        raise BadData("saved deal has no level of this page")
    try:
        game = from_record(data["record"])
    except RecordError as e:
        raise BadData(str(e)) from e
    if not is_count(game.seed, MAX_SEED):
        raise BadData("saved deal has a wrong seed")
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

    def __init__(self, store: Store, browser_lang: str | list[str] | None = None,
                 entropy: Callable[[], int] | None = None, session: Backend | None = None,
                 clock: Callable[[], int] | None = None, reloaded: bool = False) -> None:
        self.store = store
        self._entropy = entropy or (lambda: random.SystemRandom().randrange(1 << 31))
        self.clock = clock or (lambda: int(time.time() * 1000))
        self.tabs = Tabs(store, session if session is not None else DictBackend(), self.clock,
                         lambda: f"{self._entropy():x}", reloaded)
        settings = store.load("settings", validate_settings)
        self.settings: Settings = settings or Settings(lang=pick_language(browser_lang))
        self.stats: Stats = store.load("stats", validate_stats) or Stats()
        self.pending: list[tuple[str, str, str, int, int]] = []  # results not written yet
        self.tr = Translator(self.settings.lang)
        self.game: Game
        self.saved: SavedDeal
        self.agents: dict[int, Any] = {}
        self.held: Trick | None = None  # a finished trick left on the table for a moment
        self.message = ""
        self.hint: Card | None = None
        self.notice_dismissed = False
        self.resumed = False
        self.summary_shown_for: str | None = None  # the deal whose summary was shown
        loaded = store.load(self.deal_name, validate_deal) or self._adopt_orphan()
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
    @property
    def deal_name(self) -> str:
        return deal_name(self.tabs.id)

    @property
    def deal_id(self) -> str:
        return self.saved.id

    def _adopt_orphan(self) -> tuple[SavedDeal, Game] | None:
        """Take over the latest deal of a tab that was closed; count and clear the
        finished deals of closed tabs."""
        orphans = []
        for name in self.tabs.orphan_deals():
            loaded = self.store.load(name, validate_deal)
            if loaded is not None:
                orphans.append((loaded[0].updated, name, loaded))
        if not orphans:
            return None
        orphans.sort(key=lambda o: o[:2])
        _, chosen, loaded = orphans.pop()
        for _, name, (saved, game) in orphans:
            if game.over:
                if not saved.counted:
                    self._count(saved.id, saved.level, game.rules.players,
                                game.result()[HUMAN], *self._side_points(game))
                self.store.clear(name)
        if self.store.save(self.deal_name, loaded[0].to_dict()):
            self.store.clear(chosen)
        return loaded

    def new_deal(self) -> None:
        """Deal the next game with the current settings; an abandoned deal counts as lost."""
        previous = getattr(self, "game", None)
        if previous is not None and not previous.over and previous.tricks:
            self._count(self.saved.id, self.saved.level, previous.rules.players, "loss",
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
        self.saved.updated = self.clock()
        self.store.save(self.deal_name, self.saved.to_dict())
        self._flush_results()

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
        self._count(self.saved.id, self.saved.level, self.game.rules.players, outcome,
                    *self._side_points(self.game))
        self.saved.counted = True
        self._save_deal()

    def _fresh_stats(self) -> Stats:
        """The stats as stored now (another tab may have added to them), or as this tab
        knows them when storage cannot be read."""
        if not self.store.readable:
            return self.stats
        return self.store.load("stats", validate_stats) or Stats()

    def _count(self, deal_id: str, level: str, players: int, outcome: str,
               points_for: int, points_against: int) -> None:
        self.pending.append((deal_id, mode_key(players, level), outcome, points_for, points_against))
        self._flush_results()

    def _flush_results(self) -> None:
        """Add the results not yet written to the stored stats. A result whose write
        failed (storage full) stays pending and is tried again at the next save."""
        if not self.pending:
            return
        stats = self._fresh_stats()
        added = [stats.add(*result) for result in self.pending]
        if not any(added) or self.store.save("stats", stats.to_dict()) or not self.store.readable:
            self.pending.clear()
        self.stats = stats

    def refresh_stats(self) -> None:
        """Read the stats again (another tab changed them)."""
        self.stats = self._fresh_stats()

    def reset_stats(self) -> None:
        """Erase every count; the ids of deals already counted are kept, so a deal that
        ended before the reset is not counted after it by another tab."""
        self.stats = Stats(counted=self._fresh_stats().counted)
        self.store.save("stats", self.stats.to_dict())

    # -- settings ---------------------------------------------------------------------
    def reload_settings(self) -> None:
        """Take the settings another tab saved (the deal keeps its own level)."""
        stored = self.store.load("settings", validate_settings)
        if stored is not None and stored != self.settings:
            self.settings = stored
            self.tr = Translator(stored.lang)

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
        if not self.store.readable:
            return self.tr.t("notice_no_storage")
        if not self.store.writable:
            return self.tr.t("notice_storage_full")
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

    def summary_to_show(self, m: TableModel) -> SummaryModel | None:
        """The end-of-deal summary the first time the finished table is shown, then None.
        Deals are told apart by their id: a Game's ``id()`` is not an identity over time
        (a new deal may reuse the address of the one that just finished)."""
        if m.summary is None or self.summary_shown_for == self.deal_id:
            return None
        self.summary_shown_for = self.deal_id
        return m.summary

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
        modes = self.stats.modes
        for key in sorted(modes, key=parse_mode_key):
            players, level = parse_mode_key(key)
            level_name = self.tr.t(f"level_{level}") if level in LEVELS else level
            rows.append((self.tr.t("stats_mode", n=players, level=level_name), modes[key]))
        return rows
