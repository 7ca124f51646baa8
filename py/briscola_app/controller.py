"""The app's state and decisions, free of the DOM.

:class:`App` holds the settings, the stats, the match and the deal in progress, turns a
click into an action (a card, the trump exchange, mano negra), tells the page driver
when a computer player is due and saves after every change. Its base classes hold the
rest, one concern each: :class:`~.shown.Shown` describes the table, the summary, the
review and the stats; :class:`~.results.Results` counts results into the stored stats
and takes them to a file and back; :class:`~.form.SettingsForm` describes the settings
form as the person fills it in.

Each open tab plays its own deal (:mod:`.tabs`); results go into the shared stats by
merging (:mod:`.stats`), each deal and each match once, whichever tab sees it end.

Matches. Every deal belongs to a match (:mod:`briscola.match`); a single deal is a match
of format ``single``. The match is saved with its deal, under the tab's deal key, and
checked with :meth:`Match.from_dict` on load. Page seat 0 is always the person at the
device; a deal's engine seats map to page seats through :attr:`SavedMatch.seats`, which
is the identity except in the three-player play-off, where the two seats tied for the
lead play a two-player deal (engine seat 0 is the person, engine seat 1 the other seat
in play). When the person is the one who drops out of that play-off, the match ends for
them there and then, as lost: the two computer players' play-off is not played out.

Pass-and-play. Other page seats may be people at the same device too
(:attr:`SavedDeal.people`, from :attr:`Settings.people`). Then the *viewer* is the person
whose hand is shown (:attr:`App.viewer`); when the turn passes to another person the
table is covered (:attr:`App.covered`): no hand is in the model at all, only "Pass to
Giulia" and a button, and the tap (:meth:`App.show_cards`) makes that person the viewer.
Everything said "to you" (the hand, the legal moves, the hint, the secret partner, the
turn's cue) follows the viewer; a deal loaded from storage starts covered. Their results
count per person name (:class:`~.stats.PeopleStats`), not in the device owner's stats.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from types import SimpleNamespace
from typing import Any, Callable

from briscola.agents import AgentSpecError, make_agent
from briscola.cards import ALL_CARDS, RANKS, SUITS, Card, IllegalMoveError, points, strength
from briscola.cards import card as make_card
from briscola.game import Game, Trick
from briscola.i18n import bid_prompt_key
from briscola.core import MIN_POINTS_BID, TOTAL_POINTS, chiamata_game_points
from briscola.match import Match, MatchError
from briscola.model import BID, CALL, EXCHANGE, PASS, PHASE_AUCTION, PHASE_CALL, PHASE_PLAY, PLAY, SHOW, Action
from briscola.record import from_record, to_record

from .models import HUMAN, CardModel, CardsOutModel, SummaryModel, TableModel
from .saved import (AUTOPLAY_FIELD, PRACTICE_FIELD, SavedDeal, SavedMatch, people_of, persons_of, validate_deal,
                    validate_motion, validate_play, validate_switch)
from .howto import NEWCOMER, HowToModel, Tips, howto_model, load_tip, trick_tip, validate_tips
from .review import Review
from .i18n import FEMININE_NAMES, FRENCH_COURT, Translator, card_faces, face_deck, has_rtl, isolate, pick_language
from .settings import (DEFAULT_LEVEL, LEVELS, Settings, first_settings, normalize, refused, settings_deck,
                       validate_base, validate_deck, validate_people, validate_settings, validate_variant)
from .stats import (FiveStats, History, MatchStats, PeopleStats, Stats, validate_five_stats, validate_history,
                    validate_match_stats, validate_people_stats, validate_stats)
from .form import SettingsForm
from .results import Results
from .shown import Shown
from .storage import Backend, BadData, DictBackend, Store
from .tabs import DEAL_PREFIX, Tabs, deal_name

# pass-and-play: a move kept for the cover: who made it, the move, the briscola before it
# (an exchange's words), whether it showed the caller's partner, and the trick it closed
NewsEntry = tuple[int, Action, Card | None, bool, Trick | None]
NEWS_KEPT = 6  # pass-and-play: the cover lists at most this many moves the next person missed
COMPUTER_NAMES = 7  # seat_name_1..7: the five seats' own, and two spares (see FEMININE_NAMES)
HINT_LEVELS = ("expert", "hard", "medium")  # the strongest one that exists gives hints
FALLBACK_LEVEL = "medium"

CUE_DEAL, CUE_CARD, CUE_BID, CUE_TURN = "deal", "card", "bid", "turn"
CUE_TRICK_OURS, CUE_TRICK_THEIRS = "trick-ours", "trick-theirs"
CUE_OF_ACTION = {PLAY: CUE_CARD, EXCHANGE: CUE_CARD, BID: CUE_BID, PASS: CUE_BID, CALL: CUE_BID}
CUE_OUTCOMES = {"win": "win", "loss": "lose", "draw": "draw"}
"""Sound cues (:attr:`App.cues`), by what happened: a deal dealt, a card played (also
the trump exchange), a bid, a pass or a call, a trick taken by the person's side or by
another, the deal won, lost or drawn, and the person's turn after someone else's move.
The page's sound.js gives each one its sound; ``turn`` also vibrates."""


MAX_CUES = 16


def make_level_agent(level: str, seed: int):
    """A computer player of one of the page's own levels; anything else plays medium.
    Never a ``module:factory``: the level may come from storage."""
    if level not in LEVELS:
        level = DEFAULT_LEVEL
    try:
        return make_agent(level, seed=seed)
    except AgentSpecError:
        return make_agent(DEFAULT_LEVEL, seed=seed)


def as_action(choice: Any) -> Action | None:
    """An agent's answer as an action: an :class:`Action`, or a bare card meaning to play
    it; None for anything else."""
    if type(choice) is Action:
        return choice
    if type(choice) in (int, Card) and 0 <= choice < len(ALL_CARDS):
        return Action.play(choice)
    return None


def _apply_move(game: Game, action: Action) -> NewsEntry:
    """Make a move on ``game``; what the words about it need: who made it, the move, the
    briscola before it, whether it showed the caller's partner, the trick it closed."""
    seat, before = game.turn, game.briscola
    hidden = game.partner is not None and not game.partner_shown
    done = game.apply(action)
    shown = action.kind == PLAY and hidden and game.partner_shown and game.partner != game.caller
    return seat, action, before, shown, done

# -- the app ----------------------------------------------------------------------------

class App(Shown, Results, SettingsForm):
    """One player's Briscola: settings, stats, the match and the deal in progress."""

    def __init__(self, store: Store, browser_lang: str | list[str] | None = None,
                 entropy: Callable[[], int] | None = None, session: Backend | None = None,
                 clock: Callable[[], int] | None = None, reloaded: bool = False) -> None:
        self.store = store
        self._entropy = entropy or (lambda: random.SystemRandom().randrange(1 << 31))
        self.clock = clock or (lambda: int(time.time() * 1000))
        self.tabs = Tabs(store, session if session is not None else DictBackend(), self.clock,
                         lambda: f"{self._entropy():x}", reloaded)
        self.tabs.moved_away()  # a note for this tab's id is moot at a start (a closed tab restored)
        self._browser_lang = browser_lang
        stored_settings = self._stored_settings()
        self.settings: Settings = stored_settings or first_settings(pick_language(browser_lang))
        self.form: Settings = self.settings  # the settings form as the person fills it in
        self._form_wish: dict[str, Any] = {}  # the player count and match format the person chose there
        self.stats: Stats = store.load("stats", validate_stats) or Stats()
        self.match_stats: MatchStats = store.load("matches", validate_match_stats) or MatchStats()
        self.pending: list[tuple[str, str, str, int, int]] = []  # results not written yet
        self.pending_matches: list[tuple[str, str, bool]] = []
        self.five_stats: FiveStats = store.load("five", validate_five_stats) or FiveStats()
        self.pending_five: list[tuple[str, str, bool, bool, int]] = []
        self.history: History = store.load("history", validate_history) or History()
        self.pending_history: list[tuple[str, str, str, int, int, int]] = []
        self.people_stats: PeopleStats = store.load("people_stats", validate_people_stats) or PeopleStats()
        self.pending_people: list[tuple[str, str, tuple[tuple[str, str], ...]]] = []
        self.viewer: int | None = None  # pass-and-play: the page seat whose hand is shown
        self._plain_names = False  # name every seat, "You" included (pass-and-play's summary)
        self._news: list[NewsEntry] = []  # pass-and-play: this deal's moves since dealt or loaded
        self._news_seen: dict[int, int] = {}  # how many of them each person has seen, by page seat
        self.tips: Tips = self._load_tips(first_run=stored_settings is None)
        # the tip on screen, as parts written in the language of the moment (a change of
        # language in Settings rewrites it)
        self.tip_parts: list[Callable[[Translator], str]] = []
        self._loads_tipped = False  # the tip about loads was given in this deal
        self.tr = Translator(self.settings.lang)
        self.game: Game
        self.saved: SavedDeal
        self.agents: dict[int, Any] = {}
        self.held: Trick | None = None  # a finished trick left on the table for a moment
        self.message = ""
        self.hint: Action | None = None
        # one-off public events said before every move's words until the person's own next
        # move (a computer's exchange, a card turned and put back): the status line says only
        # the last move, so they were gone by the person's turn
        self._note = ""
        self.call_rank: int | None = None  # a call after an auction in points: the rank chosen first
        self.reduce_motion: bool | None = store.load("motion", validate_motion)  # None: as the system asks
        self.system_reduces_motion = False  # the page says what the system asks
        self.notice_dismissed = False
        self.resumed = False
        self.summary_shown_for: str | None = None  # the deal whose summary was shown
        play = store.load("play", validate_play) or {}
        self.practice: bool = play.get(PRACTICE_FIELD, False)  # new games are practice games
        self.autoplay: bool = play.get(AUTOPLAY_FIELD, False)  # the last card plays itself
        self._review: tuple[str, Review] | None = None  # the finished deal's review, by deal id
        self.cards_out_on: bool = bool(store.load("cards_out", validate_switch))  # Last trick shows the cards played
        stored_sound = store.load("sound", validate_switch)
        self.sound_on: bool = True if stored_sound is None else stored_sound
        self.cues: list[str] = []  # sound cues since the page last took them (take_cues)
        loaded = store.load(self.deal_name, validate_deal) or self._adopt_orphan()
        if loaded is not None:
            self.saved, self.game = loaded
            if self.pass_and_play:  # what each person saw, as the deal went
                self._news, self._news_seen = self._replayed_news(), self._replayed_seen()
            self._make_agents()
            self.resumed = not self.game.over
            self.message = self.tr.t("notice_resumed") if self.resumed else self.tr.t("deal_over")
            if self.resumed and not self.game.actions and self.game.redeals:  # not seen before the reload
                self.message += " " + " ".join(self.tr.t("redealt", card=self.card_name(c)) for c in self.game.redeals)
            if self.resumed and self.me is not None:  # whose turn it is, as before the reload
                self.message += " " + self._turn_message()
            if self.game.over:
                self._finish_deal()
        else:
            self.new_deal()

    # -- deals ------------------------------------------------------------------------
    @property
    def deal_name(self) -> str:
        return deal_name(self.tabs.id)

    @property
    def deal_id(self) -> str:
        return self.saved.id

    @property
    def match(self) -> SavedMatch:
        assert self.saved.match is not None  # validate_deal and _deal always set it
        return self.saved.match

    @property
    def seats(self) -> tuple[int, ...]:
        """The page seat of each engine seat of this deal."""
        return self.match.seats

    def _adopt_orphan(self) -> tuple[SavedDeal, Game] | None:
        """Take over the latest deal of a tab that was closed; count the finished deals
        of closed tabs, and clear them unless their match goes on: a match between two
        deals stays stored, scored and counted so far, for a later tab to take over (it
        was cleared once, and the match was neither played on nor counted)."""
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
                self._settle(saved, game)
                if saved.match.single or saved.match.finished:  # _settle asserted it is there
                    self.store.clear(name)
                else:
                    self.store.save(name, saved.to_dict())
        if self.store.save(self.deal_name, loaded[0].to_dict()):
            if chosen.startswith(DEAL_PREFIX):  # if that tab was only frozen, it will know
                self.tabs.mark_moved(chosen[len(DEAL_PREFIX):])
            self.store.clear(chosen)
        return loaded

    def new_deal(self, abandon: bool = True) -> None:
        """New game: a new match with the current settings (its first deal). A deal or a
        match left unfinished counts as lost (not when it went on in another tab: without
        ``abandon``)."""
        previous = getattr(self, "game", None) if abandon else None
        players = self.settings.players
        first_dealer = players - 1  # the person at the device leads the first deal
        if previous is not None:
            self._abandon()
            dealer = self.seats[previous.dealer]
            if self.match.match.players == players:
                first_dealer = (dealer + 1) % players
        s = self.settings
        match = Match.start(s.match, players, first_dealer)
        saved_match = SavedMatch(match, s.variant, dict(s.rule_options), match.seats_in_play)
        self._deal(saved_match, s.level, people_of(s), self.practice)

    @property
    def can_continue(self) -> bool:
        """The deal is over and the match goes on: the next deal may be dealt."""
        return self.game.over and self.held is None and self.match.scored and not self.match.finished

    def next_deal(self) -> None:
        """Deal the match's next deal, with the match's rules and level."""
        if not self.can_continue:
            raise IllegalMoveError("the match has no next deal now")
        self._deal(self.match, self.saved.level, self.saved.people, self.saved.practice)

    def _deal(self, saved_match: SavedMatch, level: str, people: tuple[str | None, ...] | None = None,
              practice: bool = False) -> None:
        match = saved_match.match
        seats = match.seats_in_play
        rules = saved_match.rules(len(seats))
        seed = self._entropy()
        self.game = Game.deal(rules, seed=seed, dealer=seats.index(match.next_dealer))
        saved_match.seats, saved_match.scored = seats, False
        saved_match.persons = persons_of(people)
        self.saved = SavedDeal(to_record(self.game), level, self._entropy(), match=saved_match, people=people,
                               practice=practice)
        self.viewer = None  # pass-and-play: covered until a person's turn, and their tap
        self._news, self._news_seen = [], {}
        if not saved_match.id:
            saved_match.id = "m" + self.saved.id
        self._make_agents()
        self.held = None
        self.hint = None
        self._note = ""
        self.tip_parts = []
        self._loads_tipped = False
        self.resumed = False
        self.message = self._start_message()
        if not self.person_turn:  # a computer moves first: its words would replace these
            self._note = self._start_message(turn=False)
        self._cue(CUE_DEAL)
        if self.person_turn:
            self._cue(CUE_TURN)
        self._save_deal()

    @property
    def at_stake(self) -> bool:
        """The deal in play would count as lost if given up now: a trick is finished, or
        a person at the device has acted on their hand (a bid, a pass, the call, a card,
        an exchange). Before that a new deal is free; after it a contract or a hand is
        not dealt again for nothing."""
        g = self.game
        if g.over:
            return False
        return bool(g.tricks) or any(self.is_person(seat) for seat, _ in g.actions)

    @property
    def match_at_stake(self) -> bool:
        """A match of several deals, not over, would count as lost if given up now: a deal
        of it was played, or its deal in play is at stake (:attr:`at_stake`)."""
        m = self.match
        return (not m.single and not m.finished and not m.counted
                and bool(m.match.deals_played or self.at_stake))

    def _abandon(self) -> None:
        """The deal and match in play are given up: a deal at stake (:attr:`at_stake`)
        counts as lost, and so does a match of several deals with anything played; a
        practice game counts nothing."""
        game, m = self.game, self.match
        if self.saved.practice:
            return
        at_stake = self.at_stake
        if at_stake and self.saved.people is not None:
            self._count_people(self.saved, game, abandoned=True)  # lost by every person
        elif at_stake:
            self._count(self.saved.id, self.saved.level, game, "loss", *self._side_points(game))
            if game.caller is not None and game.partner is not None:  # as a contract lost
                lost = chiamata_game_points(game.caller, game.partner, game.n, won=False, cappotto=False)
                self._count_five(self.saved, game, False, lost[HUMAN])
        if self.match_at_stake:
            m.counted = True
            if self.saved.people is None:  # pass-and-play's matches are not the device owner's
                self._count_match(m, self.saved.level, won=False)

    def _make_agents(self) -> None:
        self.agents = {s: make_level_agent(self.saved.level, self.saved.agent_seed + s)
                       for s in range(self.game.n) if not self.is_person(s)}

    def save_what_waits(self) -> None:
        """The page is being left or hidden (a reload, a closed tab, another app on a
        phone): what full storage held back is tried once more (room may have been made
        since), the deal as it stands and the results waiting. Otherwise the next visit
        resumed an earlier point of the deal and its result was never counted."""
        if self.deal_name in self.store.unsaved:
            self._save_deal()  # the results with it
        else:
            self._flush_results()

    def _save_deal(self) -> None:
        self.saved.record = to_record(self.game)
        self.saved.updated = self.clock()
        self.store.save(self.deal_name, self.saved.to_dict())
        self._flush_results()

    # -- people at the device ---------------------------------------------------------
    @property
    def pass_and_play(self) -> bool:
        """Several people play this deal at this device."""
        return self.saved.people is not None

    @property
    def persons(self) -> dict[int, str]:
        """The page seats people play in this deal's match, with their names as set (""
        for the seat's own)."""
        people = self.saved.people
        if people is None:
            return {HUMAN: ""}
        return {s: name for s, name in enumerate(people) if name is not None}

    def is_person(self, seat: int) -> bool:
        """Is this engine seat played by a person at the device?"""
        return self.seats[seat] in self.persons

    def _first_person(self) -> int:
        return next((s for s in range(self.game.n) if self.is_person(s)), HUMAN)

    @property
    def to_cover(self) -> int | None:
        """Pass-and-play: the page seat of the person to move when that is not the
        viewer (the device must go to them first); else None."""
        g = self.game
        if not self.pass_and_play or g.over or self.held is not None:
            return None
        seat = self.seats[g.turn]
        return seat if seat in self.persons and seat != self.viewer else None

    @property
    def covered(self) -> bool:
        """Pass-and-play: no hand may be shown: nobody has shown their cards since the
        deal was dealt or loaded, or the device goes to the next person."""
        if not self.pass_and_play or self.game.over:
            return False
        return self.viewer is None or self.viewer not in self.seats or self.to_cover is not None

    @property
    def me(self) -> int | None:
        """The engine seat of the person whose hand is shown, spoken to as "you"; None
        while covered. With one person, always the person's."""
        if not self.pass_and_play:
            return HUMAN
        if self.covered:
            return None
        if self.viewer is not None and self.viewer in self.seats:
            return self.seats.index(self.viewer)
        return self._first_person()  # a finished deal loaded from storage

    @property
    def bottom(self) -> int:
        """The engine seat at the bottom of the table: the viewer's; while covered, the
        seat of the person the device goes to (so nothing moves at their tap)."""
        me = self.me
        if me is not None:
            return me
        cover = self.to_cover
        return self.seats.index(cover) if cover is not None else self._first_person()

    def show_cards(self) -> bool:
        """The person the device was passed to taps "Show my cards": they become the
        viewer. False (nothing changes) when nobody is waiting for the device."""
        seat = self.to_cover
        if seat is None:
            return False
        self.viewer = seat
        self._news_seen[seat] = len(self._news)  # read on the cover
        self.hint = None
        self.call_rank = None
        self.message = self._turn_message()
        return True

    # -- whose move -------------------------------------------------------------------
    @property
    def person_turn(self) -> bool:
        """A person at the device is to move (the viewer, or one the device goes to)."""
        return not self.game.over and self.held is None and self.is_person(self.game.turn)

    @property
    def human_to_move(self) -> bool:
        """The person whose hand is shown is to move."""
        return not self.game.over and self.held is None and self.game.turn == self.me

    @property
    def computer_to_move(self) -> bool:
        return not self.game.over and self.held is None and not self.is_person(self.game.turn)

    def computer_agent(self):
        return self.agents[self.game.turn]

    def current_view(self):
        return self.game.view(self.game.turn)

    # -- moves ------------------------------------------------------------------------
    def click_card(self, card: Card | str | int) -> bool:
        """A card of the hand clicked (or its digit typed): played when the rules allow
        it; a card that does not follow suit is refused with a word why. True if played."""
        if not self.human_to_move:
            return False
        c = Card(card)
        if c not in self.game.hands[self.game.turn] or self.game.phase != PHASE_PLAY:
            return False
        if Action.play(c) not in self.game.legal_actions():
            self.message = self.tr.t("must_follow_refused", card=self.card_name(self.game.trick[0][1]))
            return False
        self.play_human(c)
        return True

    def play_human(self, card: Card | str | int) -> Trick | None:
        if not self.human_to_move:
            raise IllegalMoveError("it is not your turn")
        return self._act(Action.play(Card(card)))

    def exchange_human(self) -> None:
        """The person takes the turned card for the 2 (or 7) of trump."""
        self._human_action(EXCHANGE)

    def show_human(self) -> None:
        """The person shows king, three and ace of trump: the deal is won at once."""
        self._human_action(SHOW)

    def _human_action(self, kind: str) -> None:
        if not self.human_to_move:
            raise IllegalMoveError("it is not your turn")
        for action in self.game.legal_actions():
            if action.kind == kind:
                self._act(action)
                return
        raise IllegalMoveError(f"no {kind} now")

    def bid_human(self, value: Any) -> None:
        """Briscola chiamata: the person bids ``value`` (a rank, or points)."""
        self._human_exact(Action.bid(int(value)) if str(value).isdigit() and len(str(value)) <= 3 else None)

    def pass_human(self) -> None:
        """Briscola chiamata: the person passes, out of the auction for good."""
        self._human_exact(Action.pass_())

    def call_human(self, card: Any) -> None:
        """Briscola chiamata: the person, who won the auction, calls ``card``."""
        try:
            action: Action | None = Action.call(Card(card))
        except (ValueError, TypeError, IndexError):
            action = None
        self._human_exact(action)

    def choose_call_rank(self, rank: Any) -> None:
        """After an auction in points any card may be called: the rank, then the suit."""
        if self.game.phase == PHASE_CALL and str(rank).isdigit() and 1 <= int(rank) <= 10:
            self.call_rank = int(rank)

    def _human_exact(self, action: Action | None) -> None:
        if not self.human_to_move:
            raise IllegalMoveError("it is not your turn")
        if action is None or action not in self.game.legal_actions():
            raise IllegalMoveError(f"{action} is not legal now")
        self._act(action)

    def play_computer(self, choice: Card | Action) -> Trick | None:
        """The computer player to move does ``choice`` (a card or an action); refused
        unless legal."""
        if not self.computer_to_move:
            raise IllegalMoveError("no computer player is due")
        action = as_action(choice)
        if action is None or action not in self.game.legal_actions():
            raise IllegalMoveError(f"{choice!r} is not legal now")
        return self._act(action)

    def settle_choice(self, choice: Any) -> Action:
        """What the computer player to move does: its choice when legal; otherwise (an
        agent that failed or answered wrongly) the medium level's, else the first legal
        action, so the table never stalls."""
        legal = self.game.legal_actions()
        action = as_action(choice)
        if action in legal:
            return action  # type: ignore[return-value]
        try:
            fallback = as_action(make_agent(FALLBACK_LEVEL, seed=self.saved.agent_seed).choose(self.current_view()))
        except Exception:
            fallback = None
        return fallback if fallback in legal else legal[0]  # type: ignore[return-value]

    def play_computer_choice(self, choice: Any) -> Trick | None:
        return self.play_computer(self.settle_choice(choice))

    def carried_on_elsewhere(self) -> bool:
        """This tab was frozen and another tab took its deal over: a new deal here, said
        so, instead of playing on a copy (the two results could count only once)."""
        if not self.tabs.moved_away():
            return False
        self.new_deal(abandon=False)  # saved there
        self.message = self.tr.t("deal_moved") + " " + self.message
        return True

    def _act(self, action: Action) -> Trick | None:
        if self.carried_on_elsewhere():  # the action was for the deal now in another tab
            return None
        game, seat = self.game, self.game.turn
        me, actor = self.me, self.seats[seat]
        you = seat == me
        entry = _apply_move(game, action)
        _, _, before, shown, done = entry
        me = self.me  # None now when the device goes to another person: nobody is "you"
        self._tip_after(action, done, you)
        if you:  # the person plays on without it: the offer of How to play goes (Settings keeps How to play)
            self.dismiss_offer()
        self.hint = None
        self.resumed = False
        if action.kind in CUE_OF_ACTION:
            self._cue(CUE_OF_ACTION[action.kind])
        self.message = self._move_words(seat, action, before, you, me)
        reveal = self._reveal_words(seat, you, me) if shown else ""
        if reveal:
            self.message += " " + reveal
        if self.pass_and_play:
            self._log_news(entry)
        if done is not None:
            self.held = done
            ours = done.winner == self.bottom or self._same_side(done.winner, self.known_sides())
            self._cue(CUE_TRICK_OURS if ours else CUE_TRICK_THEIRS)
            # the card that closed the trick is said too: a screen reader hears every card
            self.message += " " + self._taken_words(done, me)
        elif not game.over and (game.turn == me or action.kind == CALL):
            self.message += " " + self._turn_message()
        if you:  # the person has seen what was noted, and moved
            self._note = ""
        elif action.kind == EXCHANGE:  # said until the person's next move, with the moves after it
            self._note = " ".join(filter(None, (self._note, self.message)))
            self.message = self._note
        elif self._note:
            self.message = self._note + " " + self.message
        if self.person_turn and self.seats[game.turn] != actor:  # a person's turn after another's move
            self._cue(CUE_TURN)
        if game.over:
            self._finish_deal()
        else:
            self._save_deal()
        return done

    def _move_words(self, seat: int, action: Action, before: Card | None, you: bool, me: int | None) -> str:
        """What a move did, in words for the person whose hand is shown (``me``; ``you``:
        they made it), or for everybody looking (``me`` None: every seat by its name)."""
        t = self.tr
        who = self.seat_name(seat, plain=me is None)
        if action.kind == PLAY:
            card = self.card_name(action.card)
            return t.t("you_play", card=card) if you else t.t("plays", who=who, card=card)
        if action.kind == EXCHANGE:
            words = {"card": self.card_name(action.card), "briscola": self.card_name(before)}
            return t.t("you_exchanged", **words) if you else t.t("exchanged", who=who, **words)
        if action.kind == SHOW:
            return t.t("you_mano_negra") if you else t.t("mano_negra_shown", who=who)
        return self._auction_words(seat, action, me)

    def _reveal_words(self, seat: int, you: bool, me: int | None) -> str:
        """The called card played: its player is the caller's partner, now known."""
        plain = me is None
        caller = self.seat_name(self.game.caller, plain)
        if you:
            return self.tr.t("you_shown_partner", caller=caller)
        if self.is_you(self.seats[self.game.caller], plain):  # the person called: "Marco is your partner", not "You's"
            return self.tr.t("your_partner_shown", who=self.seat_name(seat))
        return self.tr.t("partner_shown", who=self.seat_name(seat, plain), caller=caller)

    # -- pass-and-play: what the next person missed ------------------------------------
    def _log_news(self, entry: NewsEntry) -> None:
        """Keep a move for the cover of the people who did not see it; the person
        holding the device (the viewer, even while the cover asks to pass it on) did."""
        self._news.append(entry)
        if self.viewer is not None:
            self._news_seen[self.viewer] = len(self._news)

    def _replayed_news(self) -> list[NewsEntry]:
        """The deal's moves as the cover tells them, replayed from the deal as dealt."""
        game = self._dealt_again()
        return [_apply_move(game, action) for _, action in self.game.actions]

    def _replayed_seen(self) -> dict[int, int]:
        """How many of the deal's moves each person saw, as :meth:`_log_news` counted them:
        a person holds the device from their own move until the next person's, and sees
        every move made meanwhile (a deal loaded again tells each only what they missed)."""
        seen: dict[int, int] = {}
        viewer = None
        for number, (seat, _) in enumerate(self.game.actions, 1):
            if self.seats[seat] in self.persons:
                viewer = self.seats[seat]
            if viewer is not None:
                seen[viewer] = number
        return seen

    def news(self, seat: int) -> list[str]:
        """Pass-and-play: the moves a person has not seen since they last held the device
        (the latest ``NEWS_KEPT``), in words for everybody looking at the cover."""
        entries = self._news[self._news_seen.get(seat, 0):][-NEWS_KEPT:]
        out = []
        for mover, action, before, shown, done in entries:
            words = [self._move_words(mover, action, before, False, None)]
            if shown:
                words.append(self._reveal_words(mover, False, None))
            if done is not None:
                words.append(self._taken_words(done, None))
            out.append(" ".join(words))
        return out

    def release_trick(self) -> None:
        """The finished trick leaves the table; the winner leads the next one."""
        if self.held is None:
            return
        self.held = None
        if self.person_turn:
            self._cue(CUE_TURN)
        if self.game.over:
            self.message = self.tr.t("deal_over")
        elif self.game.stock_size == 0 and self.game.tricks[-1].draws:
            self.message = self.tr.t("last_tricks") + " " + self._turn_message()
        else:
            self.message = self._turn_message()

    # -- practice games: taking a card back; the last card played by itself ---------------
    @property
    def can_undo(self) -> bool:
        """A practice game in play where the person has played a card this deal (not with
        several people at the device: taking a card back would show it to the next one)."""
        return (self.saved.practice and not self.pass_and_play and not self.game.over
                and any(s == HUMAN and a.kind == PLAY for s, a in self.game.actions))

    def undo(self) -> Card:
        """Take back the person's last card: the deal goes back to just before it, and
        what the others played after it is played again (computer players choose anew).
        Only in practice games, which are never counted. Returns the card taken back."""
        if not self.can_undo:
            raise IllegalMoveError("only a card of yours in a practice game can be taken back")
        actions = self.game.actions
        k = max(i for i, (s, a) in enumerate(actions) if s == HUMAN and a.kind == PLAY)
        card = actions[k][1].card
        assert card is not None
        game = self._dealt_again()
        for _, action in actions[:k]:
            game.apply(action)
        self.game = game
        self._make_agents()  # a computer player keeps nothing of the moves taken back
        self.held = None
        self.hint = None
        self._note = ""
        self.tip_parts = []
        self.resumed = False
        self.message = self.tr.t("took_back", card=self.card_name(card)) + " " + self._turn_message()
        self._save_deal()
        return card

    def _dealt_again(self) -> Game:
        """This deal as it was dealt, before any move."""
        layout = {name: value for name, value in to_record(self.game).items()
                  if name in ("format", "rules", "seed", "dealer", "redeals", "hands", "briscola", "talon")}
        return from_record({**layout, "actions": [], "tricks": []})

    @property
    def auto_card(self) -> Card | None:
        """The card that plays itself: with "Play the last card by itself" on, the
        person's one card left when it is their turn to play it."""
        g, me = self.game, self.me
        if not self.autoplay or not self.human_to_move or me is None or g.phase != PHASE_PLAY or len(g.hands[me]) != 1:
            return None
        legal = g.legal_actions()
        return legal[0].card if len(legal) == 1 and legal[0].kind == PLAY else None

    def set_play_options(self, practice: bool, autoplay: bool) -> bool:
        """The person's choices, kept under ``briscola.play`` (a key of its own, so older
        builds never see them). Practice applies to the next new game; returns True when
        that should be now (nothing played yet in this match)."""
        changed = practice != self.saved.practice
        self.practice, self.autoplay = bool(practice), bool(autoplay)
        self.store.save("play", {PRACTICE_FIELD: self.practice, AUTOPLAY_FIELD: self.autoplay})
        return changed and self.untouched

    def _auction_words(self, seat: int, action: Action, me: int | None) -> str:
        """A bid, a pass or the call in words for the person ``me`` (None: for everybody,
        every seat by its name); after a call the person learns, privately, whether they
        hold the called card."""
        g, t = self.game, self.tr
        you, who = seat == me, self.seat_name(seat, plain=me is None)
        if action.kind == PASS:
            return t.t("you_pass") if you else t.t("passes", who=who)
        if action.kind == BID:
            bid = self.bid_name(action.value)
            return t.t("you_bid", bid=bid) if you else t.t("bids", who=who, bid=bid)
        card = self.card_name(action.card)
        words = [t.t("you_call", card=card) if you else t.t("calls", who=who, card=card)]
        if me is not None and g.partner == me and seat != me:  # never while covered: me is None then
            words.append(t.t("you_are_partner", card=card, who=who))
        elif me is not None and g.partner == me:
            words.append(t.t("you_alone", card=card))
        return " ".join(words)

    def bid_name(self, bid: int | None) -> str:
        """A bid in words: a rank (Three), or points (70 points)."""
        if bid is None:
            return self.tr.t("passed")
        if bid >= MIN_POINTS_BID:
            return self.tr.t("points_n", n=bid)
        return self.rank_name(bid)

    def rank_name(self, rank: int) -> str:
        """A rank alone, as bid or chosen for a call: "Three" (the deck's own Jack and Queen)."""
        french = self.settings.deck == "french" and rank in FRENCH_COURT
        return self.tr.t(f"bid_frank_{rank}" if french else f"bid_rank_{rank}")

    def _turn_message(self) -> str:
        me = self.me
        if self.game.over:
            return self.tr.t("deal_over")
        if self.game.phase == PHASE_AUCTION:
            if self.game.turn != me:
                return self.tr.t("thinking", who=self.seat_name(self.game.turn))
            bid = self.game.bid
            bids = [a.value for a in self.game.legal_actions() if a.kind == BID and a.value is not None]
            key = bid_prompt_key(self.game.rules.auction or "", bid, bids)
            return self.tr.t(key, bid=self.bid_name(bid))
        if self.game.phase == PHASE_CALL:
            if self.game.turn != me:
                return self.tr.t("thinking", who=self.seat_name(self.game.turn))
            return self.tr.t("your_call", bid=self.bid_name(self.game.bid))
        if self.game.turn == me:
            if any(s == me for s, _ in self.game.trick):  # Dupla: this seat's second card of the trick
                return self.tr.t("your_turn_second")
            return self.tr.t("your_turn_lead" if not self.game.trick else "your_turn")
        return self.tr.t("thinking", who=self.seat_name(self.game.turn))

    def _start_message(self, turn: bool = True) -> str:
        """The words at a deal's start: cards turned and put back, a play-off, whose turn
        (with ``turn``)."""
        parts = [self.tr.t("redealt", card=self.card_name(c)) for c in self.game.redeals]
        if self.match.playoff_started:
            parts.append(self._playoff_text())
        if turn:
            parts.append(self._turn_message())
        return " ".join(parts)

    def _playoff_text(self) -> str:
        seats = self.match.match.seats_in_play
        if self.pass_and_play:
            return self.tr.t("match_playoff", names=self.tr.names([self.page_seat_name(s, plain=True) for s in seats]))
        others = [self.page_seat_name(s) for s in seats if s != HUMAN]
        names = self.tr.names([self.tr.t("you"), *others] if HUMAN in seats else others)
        return self.tr.t("match_playoff", names=names)

    # -- tips for a newcomer -----------------------------------------------------------
    def _load_tips(self, first_run: bool) -> Tips:
        """``briscola.tips`` as stored; when absent, a newcomer's (tips on, How to play
        offered) on a first run (no settings and no results stored), else tips off."""
        stored = self.store.load("tips", validate_tips)
        if stored is not None:
            return stored
        if first_run and not self.stats.modes and not self.match_stats.formats and not self.store.bad_data:
            self.store.save("tips", NEWCOMER.to_dict())
            return NEWCOMER
        return Tips()

    def reload_tips(self) -> None:
        """Take the tips another tab changed (turned off, the offer dismissed)."""
        stored = self.store.load("tips", validate_tips)
        if stored is not None:
            self.tips = stored
            if not stored.active:
                self.tip_parts = []

    def _set_tips(self, tips: Tips) -> None:
        self.tips = tips
        self.store.save("tips", tips.to_dict())

    def set_tips(self, on: bool) -> None:
        """The Settings box for the newcomer's tips: ticked, tips for the next deals as
        in a first visit's (however many deals were played, or the tip's own button turned
        them off); unticked, off as that button turns them."""
        if on and not self.tips.active:
            self._set_tips(replace(self.tips, show=True, deals=0))
        elif not on and self.tips.active:
            self.tips_off()

    def tips_off(self) -> None:
        """Don't show tips: off for good, and the first-run offer with them."""
        self._set_tips(replace(self.tips, show=False, offer=False))
        self.tip_parts = []

    def dismiss_offer(self) -> None:
        """The first-run offer of How to play was taken or dismissed: not shown again."""
        if self.tips.offer:
            self._set_tips(replace(self.tips, offer=False))

    def _tip_after(self, action: Action, done: Trick | None, you: bool) -> None:
        """In a newcomer's first deals: the first load played in the deal says what loads
        are worth; a trick taken says why its card won. A tip stays until the person's
        next card."""
        if not self.tips.active:
            self.tip_parts = []
            return
        if you:
            self.tip_parts = []
        if action.kind != PLAY or action.card is None:
            return
        g, deck, card = self.game, self.card_deck, action.card
        ranking, trump = g.rules.ranking, g.trump
        # after what was said since the person's card (the loads, then why the trick went)
        if done is not None:
            plays = done.plays
            self.tip_parts.append(lambda tr: trick_tip(plays, trump, ranking, tr, deck))
        if not self._loads_tipped and load_tip([card], ranking, self.tr):
            self._loads_tipped = True
            self.tip_parts.append(lambda tr: load_tip([card], ranking, tr))
        if g.over:
            self._set_tips(replace(self.tips, deals=self.tips.deals + 1))

    @property
    def tip(self) -> str:
        """The newcomer's tip on screen, in the language of the moment ("" for none)."""
        return " ".join(part(self.tr) for part in self.tip_parts)

    def howto(self, values: dict[str, Any] | None = None) -> HowToModel:
        """How to play the deal in play; or, with ``values`` (the settings form as filled
        in), the way of playing chosen there."""
        if values is None:
            return howto_model(self.game.rules, self.tr, self.card_deck, self.match.match.format)
        try:
            chosen = self._form_settings(values, self.form)
        except BadData:
            chosen = self.form
        return howto_model(chosen.rules, self.tr, face_deck(chosen.deck, chosen.rules.variant), chosen.match)

    # -- the end of a deal ------------------------------------------------------------
    def _finish_deal(self) -> None:
        self._settle(self.saved, self.game)
        self._save_deal()

    _count_result = _finish_deal  # the name of earlier builds, kept for tests of the stats

    def _settle(self, saved: SavedDeal, game: Game) -> None:
        """A finished deal: its outcome added to its match, the deal counted in the stats
        and, when that ends the match, the match counted; each once."""
        m = saved.match
        assert m is not None
        if not m.scored:
            outcome = game.outcome()
            sides = tuple(tuple(m.seats[s] for s in side) for side in outcome.sides)
            game_points = [0] * m.match.players
            for s, gain in enumerate(outcome.game_points):
                game_points[m.seats[s]] = gain
            try:
                m.match.add(SimpleNamespace(sides=sides, side_points=outcome.side_points, winner=outcome.winner,
                                            game_points=tuple(game_points)))
            except MatchError:
                pass  # a match at its longest: the deal still counts, the match stays as it is
            m.scored = True
        if not saved.counted:
            if game.thrown_in or saved.practice:  # not played (everybody passed), or practice: nothing to count
                pass
            elif saved.people is not None:  # pass-and-play: per person name, not the device owner's stats
                self._count_people(saved, game)
            else:
                self._count(saved.id, saved.level, game, game.result()[HUMAN], *self._side_points(game))
                if game.caller is not None:
                    outcome = game.outcome()
                    self._count_five(saved, game, outcome.winner == 0, outcome.game_points[HUMAN])
            saved.counted = True
        if m.finished and not m.single and not m.counted:
            m.counted = True
            if saved.people is None and not saved.practice:
                self._count_match(m, saved.level, won=m.won)

    def summary_to_show(self, m: TableModel) -> SummaryModel | None:
        """The end-of-deal summary the first time the finished table is shown, then None.
        Deals are told apart by their id: a Game's ``id()`` is not an identity over time
        (a new deal may reuse the address of the one that just finished)."""
        if m.summary is None or self.summary_shown_for == self.deal_id:
            return None
        self.summary_shown_for = self.deal_id
        match = m.summary.match  # the last deal of a match sounds the match's result
        cue = CUE_OUTCOMES.get((match.outcome if match is not None else "") or m.summary.outcome)
        if cue:
            self._cue(cue)
        return m.summary

    # -- sound ------------------------------------------------------------------------
    def _cue(self, cue: str) -> None:
        self.cues.append(cue)
        del self.cues[:-MAX_CUES]  # nobody taking them (no page): a few at most are kept

    def take_cues(self) -> list[str]:
        """The sound cues since the last call, in order, and forgets them; none while
        the sound is off."""
        cues, self.cues = self.cues, []
        return cues if self.sound_on else []

    def set_sound(self, on: bool) -> None:
        """Sound (and vibration) on or off, remembered in ``briscola.sound``. Turned on,
        it says so with the turn cue; turned off, cues not yet taken are dropped."""
        self.sound_on = bool(on)
        self.cues = [CUE_TURN] if self.sound_on else []
        self.store.save("sound", {"on": self.sound_on})

    def reload_sound(self) -> None:
        """Take the sound setting another tab saved (none stored: on)."""
        stored = self.store.load("sound", validate_switch)
        self.sound_on = True if stored is None else stored

    # -- the cards played -------------------------------------------------------------
    def set_cards_out(self, on: bool) -> None:
        """Show the cards played with Last trick, or not; kept in ``briscola.cards_out``."""
        self.cards_out_on = bool(on)
        self.store.save("cards_out", {"on": self.cards_out_on})

    def cards_out(self) -> CardsOutModel | None:
        """The cards played so far, when the person asked for them (None otherwise): only
        what everybody saw, and the hand of the person whose cards are shown (none while
        the table is covered)."""
        if not self.cards_out_on:
            return None
        g, t = self.game, self.tr
        ranking = g.rules.ranking
        view = g.view(self.bottom)  # what that seat sees; every seat sees the same cards played
        played = set(view.played_cards())
        mine = set(view.hand) if self.me is not None else set()
        order = sorted(range(len(SUITS)), key=lambda i: (i != view.trump, i))
        suits = []
        for i in order:
            cards = sorted((make_card(i, r) for r in RANKS), key=lambda c: -strength(c, ranking))
            row = []
            for c in cards:
                state = "played" if c in played else "yours" if c in mine else ""
                name = self.card_name(c)
                label = t.t("card_out_played", card=name) if state == "played" else (
                    t.t("card_out_yours", card=name) if state == "yours" else self.card_label(c))
                row.append((CardModel(str(c), label), state))
            suits.append((t.t("cards_out_suit", suit=self.suit_name(SUITS[i])), row))  # a row's name: "Kolor buław"
        left = TOTAL_POINTS - sum(points(c, ranking) for c in played)
        return CardsOutModel(t.t("cards_out_title"), suits, t.t("cards_out_left", points=t.t("points_n", n=left)),
                             t.t("cards_out_legend" if mine else "cards_out_legend_played"))

    # -- motion -----------------------------------------------------------------------
    @property
    def motion(self) -> bool:
        """Do cards move? Not when the person chose "Reduce motion", nor by default when
        the system asks for reduced motion."""
        reduce = self.system_reduces_motion if self.reduce_motion is None else self.reduce_motion
        return not reduce

    def set_reduce_motion(self, reduce: bool) -> None:
        """The person's choice, kept under ``briscola.motion`` (a key of its own, so older
        builds, which read ``briscola.settings`` strictly, never see it)."""
        if reduce == (not self.motion) and self.reduce_motion is None:
            return  # the same as the system's: keep following the system
        self.reduce_motion = reduce
        self.store.save("motion", {"reduce": reduce})

    # -- settings ---------------------------------------------------------------------
    def _stored_settings(self, whole: bool = False) -> Settings | None:
        """The stored settings: ``briscola.settings`` with ``briscola.variant`` on top
        (None when neither is stored). A pair the engine does not play (another tab is
        between its two writes; five players stored by a build before the variants) is
        made playable, the variant first (:func:`~.settings.normalize`); with ``whole``
        it gives None instead."""
        base = self.store.load("settings", validate_base)
        variant = self.store.load("variant", validate_variant)
        people = self.store.load("people", validate_people)
        deck = self.store.load("deck", validate_deck)
        if base is None and variant is None and people is None:
            return None
        start = base or first_settings(pick_language(self._browser_lang))
        if deck is not None and start.deck == settings_deck(deck):
            # what this build wrote with it; a tab of an earlier build that chose French
            # cards since wrote "french", which stands
            start = replace(start, deck=deck)
        chosen = start if variant is None else replace(start, **variant.variant_dict())
        if people is not None:
            chosen = replace(chosen, people=people)
        if refused(chosen) is None:
            return chosen
        return None if whole else normalize(chosen)

    def reload_settings(self) -> None:
        """Take the settings another tab saved (the deal and match keep their own); none
        while the two keys do not make a whole (the other tab is between its writes: the
        storage event of its second write comes next)."""
        stored = self._stored_settings(whole=True)
        if stored is not None and stored != self.settings:
            relabel = stored.lang != self.settings.lang
            self.settings = stored
            self.tr = Translator(stored.lang)
            if relabel:
                self.message = self._status_now()

    def _save_settings(self) -> None:
        deck = self.settings.deck_dict()
        if deck is not None:  # first, so another tab never reads the deck's suits alone
            self.store.save("deck", deck)
        self.store.save("settings", self.settings.base_dict())
        self.store.save("variant", self.settings.variant_dict())
        if self.settings.people != Settings().people:  # a key of its own: builds before people never see it
            self.store.save("people", self.settings.people_dict())
        else:
            self.store.clear("people")
        if deck is None:  # last, so another tab never reads it with the suits it replaced
            self.store.clear("deck")

    @property
    def untouched(self) -> bool:
        """Nothing played yet in this match: new settings may deal it again now."""
        return not self.game.actions and not self.match.match.deals_played

    @property
    def all_over(self) -> bool:
        """The deal is over and counted, and with it the match: nothing is left to play
        with the settings it was dealt with."""
        return self.game.over and self.held is None and self.match.scored and self.match.finished

    def change_settings(self, **changes: Any) -> bool:
        """Apply settings (from the form: made playable as :func:`normalize` does);
        returns True when a new deal is needed to apply them now (nothing played yet, or
        the deal and its match over). BadData (a ValueError) for a value that is not a
        choice."""
        new = self._form_settings(changes, self.form)  # the form made its choices playable as they came
        new = validate_settings(new.to_dict())
        relabel = new.lang != self.settings.lang
        self.settings = self.form = new
        self.tr = Translator(new.lang)
        self._save_settings()
        m = self.match
        differs = (new.players != m.match.players or new.level != self.saved.level or new.match != m.match.format
                   or new.variant != m.variant or new.rule_options != m.options or people_of(new) != self.saved.people)
        now = (self.untouched or self.all_over) and differs
        if differs and not now:  # said on the table too: the dialog's small print is gone with it
            self.message = self.settings_wait_message() + " " + self._status_now()
        elif relabel:  # the status line was in the old language
            self.message = self._status_now()
        return now

    def _status_now(self) -> str:
        """The status line for the table as it stands, in the language now chosen (the
        words of the last move are not kept: a trick waiting to be taken, or whose turn)."""
        return self._taken_words(self.held, self.me) if self.held is not None else self._turn_message()

    def _taken_words(self, done: Trick, me: int | None) -> str:
        """Who takes the trick on the table, and its points, for the person ``me`` (None:
        for everybody, every seat by its name)."""
        key = "you_take_trick" if done.winner == me else "takes_trick"
        return self.tr.t(key, who=self.seat_name(done.winner, plain=me is None), n=done.points)

    def settings_wait_message(self) -> str:
        """Says that changed settings apply from the next new game; in a match, that the
        match in progress keeps its own (not said in a single deal: there is none)."""
        return self.tr.t("settings_apply_next_game" if self.match.single else "settings_apply_next_match")

    # -- words ------------------------------------------------------------------------
    @property
    def card_deck(self) -> str:
        """The deck the deal's cards are drawn and named from (:func:`briscola.i18n.face_deck`)."""
        return face_deck(self.settings.deck, self.game.rules.variant)

    @property
    def card_pictures(self) -> str:
        """The pictures of :attr:`card_deck`'s cards, lettered in the page's language
        (:func:`briscola_app.i18n.card_faces`)."""
        return card_faces(self.card_deck, self.tr.lang)

    def suit_name(self, suit: str) -> str:
        """A suit's name in the deck the deal is drawn from ("Coins", or "Diamonds")."""
        return self.tr.suit_name(suit, self.card_deck)

    def card_name(self, c: Card) -> str:
        """A card's name inside a sentence (:meth:`Translator.card_name`)."""
        return self.tr.card_name(Card(c), self.card_deck)

    def card_label(self, c: Card) -> str:
        """A card's name standing alone: a button's, a picture's (:meth:`Translator.card_label`)."""
        return self.tr.card_label(Card(c), self.card_deck)

    def person_name(self, seat: int, name: str | None = None) -> str:
        """A person's name in pass-and-play: as typed, else the seat's own ("Player 2")."""
        name = self.persons.get(seat, "") if name is None else name
        return name or self.tr.t("player_n", n=seat + 1)

    def is_you(self, seat: int, plain: bool = False) -> bool:
        """Whether a page seat is named "You": the person whose hand is shown (unless
        ``plain``), or the one person at the device."""
        me = self.me
        if not plain and not self._plain_names and me is not None and seat == self.seats[me]:
            return True
        return seat == HUMAN and not (self.pass_and_play and seat in self.persons)

    def page_seat_name(self, seat: int, plain: bool = False) -> str:
        """A page seat's name: "You" (``is_you``), a person's name in pass-and-play, else
        the computer's name."""
        if self.is_you(seat, plain):
            return self.tr.t("you")
        if self.pass_and_play and seat in self.persons:
            name = self.person_name(seat)
            # A typed name may be of either direction: isolated where it could reorder
            # the words and numbers around it (a right-to-left page or name).
            return isolate(name) if self.tr.dir == "rtl" or has_rtl(name) else name
        return self.tr.t(f"seat_name_{self._computer_names().get(seat, seat)}")

    def _computer_names(self) -> dict[int, int]:
        """Pass-and-play: the computer seats whose own name a person at the device has
        typed ("Anna" at the table twice), and the name (``seat_name_<n>``) each takes
        instead: one nobody at the table has, a woman's for a woman's where one is left."""
        if not self.pass_and_play:
            return {}
        t = self.tr
        typed = {self.person_name(s).casefold() for s in self.persons}
        computers = [s for s in self.seats if s not in self.persons and s != HUMAN]
        clash = [s for s in computers if t.t(f"seat_name_{s}").casefold() in typed]
        if not clash:
            return {}
        used = typed | {t.t(f"seat_name_{s}").casefold() for s in computers if s not in clash}
        names = {}
        for seat in clash:
            free = [n for n in range(1, COMPUTER_NAMES + 1) if t.t(f"seat_name_{n}").casefold() not in used]
            alike = [n for n in free if (n in FEMININE_NAMES) == (seat in FEMININE_NAMES)]
            names[seat] = (alike or free or [seat])[0]
            used.add(t.t(f"seat_name_{names[seat]}").casefold())
        return names

    def seat_name(self, seat: int, plain: bool = False) -> str:
        """The name of an engine seat of this deal."""
        return self.page_seat_name(self.seats[seat] if seat < len(self.seats) else seat, plain)

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

    def set_hint(self, choice: Any) -> None:
        """Show the hint agent's choice (a card, the exchange or mano negra) if legal."""
        action = as_action(choice)
        if not self.human_to_move or action not in self.game.legal_actions():
            return
        self.hint = action
        if action.kind == PLAY:
            what = self.card_name(action.card)
        else:
            what = self._action_label(action)
        self.message = self.tr.t("hint_says", card=what)


__all__ = ["App", "HUMAN", "make_level_agent"]
