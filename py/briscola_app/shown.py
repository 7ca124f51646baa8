"""What the table shows, as plain models the DOM layer paints: the table itself
(:class:`~.models.TableModel`), the end-of-deal summary, the match's bar and summary, the
last trick, the review after the deal with the expert's coaching, and the stats dialog's
rows.

:class:`Shown` is a part of :class:`~.controller.App` (its base class): its methods read
the app's deal, match, settings and words (``self.game``, ``self.tr``, ``self.seat_name``
...) and change none of them: only the review is made once a deal and kept, and the
names' point of view is set for a moment (``_naming``) and put back. Kept apart from the
controller's state and decisions, so that each file holds one concern.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from briscola.cards import Card
from briscola.core import BID_RANKS, MIN_POINTS_BID, TOTAL_POINTS, contract, mano_negra_cards
from briscola.game import Trick
from briscola.match import ALL_MATCH_FORMATS, DEAL_FORMATS, POINTS_FORMATS, sides_for
from briscola.model import BID, CALL, EXCHANGE, PASS, PHASE_AUCTION, PHASE_CALL, PHASE_PLAY, SHOW, Action
from briscola.rules import CHIAMATA_PLAYERS

from .i18n import FEMININE_NAMES
from .models import (HUMAN, ActionModel, CardModel, CoachModel, CoverModel, MatchBarModel, MatchRowModel,
                     MatchSummaryModel, ReviewModel, SeatModel, SideModel, StatsSection, SummaryModel, TableModel)
from .review import Review
from .settings import LEVELS, VARIANTS
from .stats import PEOPLE_ONLY, parse_match_key, parse_mode_key


POINT_STEPS = (0, 1, 2, 5, 10, 20)
"""Bids in points offered as buttons: the lowest allowed, and these many points above it."""


class Shown:
    # -- what the table shows ---------------------------------------------------------
    def _action_label(self, action: Action) -> str:
        if action.kind == BID:
            return self.tr.t("bid_button", bid=self.bid_name(action.value))
        if action.kind == PASS:
            return self.tr.t("pass")
        if action.kind == CALL:
            return self.tr.t("call_card", card=self.card_name(action.card))
        if action.kind == EXCHANGE:
            return self.tr.t("exchange_offer", card=self.card_name(action.card),
                             briscola=self.card_name(self.game.briscola))
        return self.tr.t("show_mano_negra")

    def known_sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides as the person knows them: all of them, except in Briscola chiamata
        before the called card is played, where only its holder knows (empty then). While
        covered (pass-and-play), what everybody knows."""
        me = self.me
        if me is None:
            g = self.game
            return g.sides if g.partner is None or g.partner_shown else ()
        return self.game.view(me).sides

    def _same_side(self, seat: int, sides: tuple[tuple[int, ...], ...]) -> bool:
        me = self.bottom
        return any(me in side and seat in side for side in sides)

    @contextmanager
    def _naming(self, plain: bool, viewer: int | None = None) -> Iterator[None]:
        """Within it, seats are named plainly (nobody is "You") or not, and, if given,
        ``viewer`` is the page seat the words speak to; both restored after."""
        kept = self.viewer, self._plain_names
        self._plain_names = plain
        if viewer is not None:
            self.viewer = viewer
        try:
            yield
        finally:
            self.viewer, self._plain_names = kept

    def model(self) -> TableModel:
        """The table as painted. In pass-and-play, once the deal is over, it is nobody's
        private hand any more: every seat by its name, "You" for nobody."""
        if not (self.pass_and_play and self.game.over) or self._plain_names:
            return self._table_model()
        with self._naming(plain=True):
            return self._table_model()

    def summary(self) -> SummaryModel | None:
        """The end-of-deal summary as the table's model holds it (None before the end),
        without building the rest of the table."""
        return self._summary() if self.game.over and self.held is None else None

    def _table_model(self) -> TableModel:
        g, t = self.game, self.tr
        rules = g.rules
        human_turn = self.human_to_move
        legal = g.legal_actions() if human_turn else []
        sides = self.known_sides()
        in_auction = g.phase in (PHASE_AUCTION, PHASE_CALL)
        last_bid = {s: b for s, b in g.auction}
        covered, me, n = self.covered, self.bottom, g.n
        opponents = [
            SeatModel(
                seat=self.seats[s],
                name=self.seat_name(s),
                hand_count=len(self._hand_shown(s)),
                pile_points=g.points[s],
                partner=self._same_side(s, sides),
                to_move=not g.over and self.held is None and g.turn == s,
                dealer=g.dealer == s,
                cards=self._seat_cards(s),
                role=self._role(s, sides),
                bid=self.bid_name(last_bid[s]) if in_auction and s in last_bid else "",
                feminine=self._feminine(s),
                caller_feminine=g.caller is not None and self._feminine(g.caller),
            )
            for s in ((me + k) % n for k in range(n - 1, 0, -1))  # left of you, across, right of you
        ]
        hand = []
        for c in ([] if covered else self._hand_shown(me)):
            ok = Action.play(c) in legal
            hand.append(CardModel(str(c), self.card_label(c), enabled=ok,
                                  blocked=human_turn and not ok and g.phase == PHASE_PLAY,
                                  hinted=ok and self.hint == Action.play(c)))
        shown = self.held.plays if self.held is not None else tuple(g.trick)
        winner = self.held.winner if self.held is not None else None
        trick = [
            CardModel(str(c), self.card_label(c), seat=self.seats[s], who=self.seat_name(s), winning=s == winner)
            for s, c in shown
        ]
        # a finished trick still on the table: the stock as it was before the draws that follow it
        drawn = self.held.draws if self.held is not None else ()
        briscola = None
        if g.briscola is not None and (not g.briscola_drawn or any(c == g.briscola for _, c in drawn)):
            briscola = CardModel(str(g.briscola), self.card_label(g.briscola))
        stock = g.stock_size + len(drawn)
        next_card = None
        next_label = ""
        upcoming = drawn[0][1] if drawn else g.next_card
        if rules.open_hands and upcoming is not None and not g.over:
            next_card = CardModel(str(upcoming), self.card_label(upcoming))
            next_label = t.t("next_card", card=self.card_name(upcoming))  # inside a sentence: "il Due"
        actions = [ActionModel(a.kind, self._action_label(a), hinted=self.hint == a)
                   for a in legal if a.kind in (EXCHANGE, SHOW)]
        actions.extend(self._auction_controls(legal))
        if g.over and self.held is None:  # the summary, once closed, opens again from the table
            actions.append(ActionModel("summary", t.t("summary_show")))
        if self.can_continue:
            actions.append(ActionModel("next", t.t("match_next_deal")))
        if self.can_undo:
            actions.append(ActionModel("undo", t.t("undo")))
        return TableModel(
            lang=self.settings.lang,
            deck=self.card_pictures,
            opponents=opponents,
            hand=hand,
            trick=trick,
            stock_count=stock,
            stock_label=t.t("stock_left", n=stock) if stock else t.t("stock_empty") if rules.trump != "called" else "",
            briscola=briscola,
            trump_label=self._trump_label(),
            my_pile_label=self._my_pile_label(sides) if not in_auction else "",
            sides=self._sides(),
            message=self._cover_title() if self.to_cover is not None else self.message,
            your_turn=human_turn,
            summary=self.summary(),
            notice=self.notice(),
            can_review_last=bool(g.tricks),
            actions=actions,
            match=self._match_bar(),
            next_card=next_card,
            next_label=next_label,
            variant=rules.variant,
            per_trick=rules.cards_per_trick,
            phase=g.phase,
            auction=[(self.seat_name(s), self.bid_name(b), b is None) for s, b in g.auction],
            contract=self._contract(),
            tip=self.tip if self.tips.active and not covered else "",
            offer=self.tips.offer and not self.notice(),  # one banner at a time: a storage notice first
            practice=self.saved.practice,
            me=self.seats[me],
            covered=covered,
            cover=self._cover(),
        )

    def _cover_title(self) -> str:
        seat = self.to_cover
        return self.tr.t("pass_to", name=self.page_seat_name(seat, plain=True)) if seat is not None else ""

    def _cover(self) -> CoverModel | None:
        """Pass-and-play: "Pass to Giulia" while the device goes to the next person."""
        seat = self.to_cover
        if seat is None:
            return None
        name = self.page_seat_name(seat, plain=True)
        return CoverModel(name, self._cover_title(), self.tr.t("pass_note", name=name), self.tr.t("show_cards"),
                          self.news(seat), self.tr.t("cover_news"))

    def _hand_shown(self, seat: int) -> list[Card]:
        """A seat's hand as the table shows it: while a finished trick is still on the table,
        without the cards drawn after it, which come from the stock once the trick is taken."""
        hand = self.game.hands[seat]
        if self.held is None or not self.held.draws:
            return hand
        drawn = {c for s, c in self.held.draws if s == seat}
        return [c for c in hand if c not in drawn]

    def _seat_cards(self, seat: int) -> list[CardModel] | None:
        """The cards of another seat shown face up: its hand when hands are open (unless
        the table is covered), the king, three and ace of trump it won with by mano negra."""
        g = self.game
        if g.rules.open_hands and not self.covered:
            shown = self._hand_shown(seat)
        elif g.early_win == seat and g.trump is not None:
            shown = [c for c in g.hands[seat] if c in mano_negra_cards(g.trump)]
        else:
            return None
        return [CardModel(str(c), self.card_label(c), seat=self.seats[seat]) for c in shown]

    def _role(self, seat: int, sides: tuple[tuple[int, ...], ...]) -> str:
        g = self.game
        if g.caller is None:
            return ""
        if seat == g.caller:
            return "caller"
        if sides and seat == g.partner:
            return "partner"
        return ""

    def _my_pile_label(self, sides: tuple[tuple[int, ...], ...]) -> str:
        g, t, me = self.game, self.tr, self.bottom
        mine = next((side for side in sides if me in side), (me,))
        who = t.t("us") if len(mine) > 1 else self.seat_name(me)
        return t.t("pile_label", who=who, n=sum(g.points[s] for s in mine))

    def _feminine(self, seat: int) -> bool:
        """An engine seat with a woman's name (Giulia, Sofia, Anna, Chiara): the words for it take
        the language's feminine; a typed pass-and-play name keeps the unmarked form."""
        page = self.seats[seat]
        if self.pass_and_play and page in self.persons:
            return False
        return self._computer_names().get(page, page) in FEMININE_NAMES

    def _contract(self) -> str:
        """Briscola chiamata, once called: who called which card, needing how many points;
        and, for the person's eyes only, that they hold the called card."""
        g = self.game
        if g.caller is None or g.called is None or g.bid is None:
            return ""
        key = "contract_f" if self._feminine(g.caller) else "contract"  # "Ruferin: Giulia"
        words = self.tr.t(key, who=self.seat_name(g.caller), card=self.card_name(g.called), n=contract(g.bid))
        me = self.me  # None while covered: the secret is nobody's to read then
        if me is not None and g.partner == me and not g.partner_shown and not g.over:
            secret = (self.tr.t("you_alone", card=self.card_name(g.called)) if g.caller == me  # playing alone
                      else self.tr.t("you_secret_partner", caller=self.seat_name(g.caller)))
            words = self.tr.sentences(words, secret)
        return words

    def _auction_controls(self, legal: list[Action]) -> list[ActionModel]:
        """The person's bids and pass, or the cards they may call (after an auction in
        points, where any card may be called: the rank first, then the suit)."""
        t = self.tr
        bids = [a for a in legal if a.kind == BID and a.value is not None]
        out = []
        if bids:
            values = [a.value for a in bids if a.value is not None]
            ranks = [v for v in values if v < MIN_POINTS_BID]
            points = [v for v in values if v >= MIN_POINTS_BID]
            shown = ranks + sorted({points[0] + step for step in POINT_STEPS
                                    if points and points[0] + step <= points[-1]})
            for v in shown:
                action = Action.bid(v)
                out.append(ActionModel(BID, t.t("bid_button", bid=self.bid_name(v)), self.hint == action, str(v),
                                       short=self.bid_name(v)))
        if Action.pass_() in legal:
            out.append(ActionModel(PASS, t.t("pass"), self.hint == Action.pass_()))
        calls = [a.card for a in legal if a.kind == CALL and a.card is not None]
        if len(calls) > 4:  # any card: choose the rank, then see the four cards
            rank = self.call_rank or calls[0].rank
            for r in [r for r in BID_RANKS if any(c.rank == r for c in calls)]:
                out.append(ActionModel("call-rank", self.rank_name(r), value=str(r), pressed=r == rank))
            calls = [c for c in calls if c.rank == rank]
        for c in calls:
            action = Action.call(c)
            out.append(ActionModel(CALL, t.t("call_card", card=self.card_name(c)), self.hint == action, str(c),
                                   card=str(c), short=self.card_label(c)))
        return out

    def _trump_label(self) -> str:
        g, t = self.game, self.tr
        if g.rules.trump == "called":
            if g.called is None:
                return t.t("trump_not_called")
            return t.t("trump_suit", suit=self.suit_name(g.called.suit))
        if g.initial_briscola is not None:
            return t.t("briscola_is", card=self.card_name(g.briscola))
        if g.rules.trump == "first":
            plays = [c for tr in g.tricks[:1] for _, c in tr.plays[:1]] or [c for _, c in g.trick[:1]]
            # the suit, not the card: no card is turned, the first card's suit is trump
            return t.t("trump_suit", suit=self.suit_name(plays[0].suit)) if plays else t.t("trump_not_set")
        return t.t("no_trump")

    def _sides(self) -> list[SideModel]:
        """The score at the top: each side's points as the person knows the sides (in
        Briscola chiamata before the partner shows: the person's own points and the
        caller's)."""
        g, t = self.game, self.tr
        if g.phase in (PHASE_AUCTION, PHASE_CALL):
            return []  # nobody has a side before the call
        known, me = self.known_sides(), self.bottom
        if not known:
            seats = [me] + ([g.caller] if g.caller not in (None, me) else [])
            return [SideModel(self.seat_name(s), g.points[s], s == me) for s in seats]
        sides = []
        for team in known:
            mine = me in team
            if len(team) > 1:
                label = t.t("us") if mine else t.t("them")
            else:
                label = self.seat_name(team[0])
            sides.append(SideModel(label, sum(g.points[s] for s in team), mine))
        sides.sort(key=lambda side: not side.mine)  # "Us" first, though Chiamata lists the caller's side first
        return sides

    def _match_bar(self) -> MatchBarModel | None:
        m, t = self.match, self.tr
        if m.single:
            return None
        fmt = t.t(format_key(m.match.format))
        # a deal in progress whose winner, whoever it is, wins the match (a 1-1 best of 3)
        decider = (m.match.format in DEAL_FORMATS and not m.scored
                   and all(score == m.match.target - 1 for score in m.match.score))
        deal = t.t("match_deal_decider" if decider else "match_deal_n", n=t.number(self.deal_number))
        entries = self._isolated([t.t("match_entry", name=self._match_side_label(side), score=score)
                                  for side, score in zip(sides_for(m.match.players), m.match.score)])
        score = t.t("match_score", score=t.sep.join(entries))
        return MatchBarModel(fmt, deal, score, t.sentences(fmt, deal, score))

    def _isolated(self, entries: list[str]) -> list[str]:
        """Entries of a list ("name score") each isolated right to left in a right-to-left
        language: Latin names would otherwise run the list left to right."""
        return [f"\u2067{e}\u2069" for e in entries] if self.tr.dir == "rtl" else entries

    def _match_side_label(self, side: tuple[int, ...]) -> str:
        """A side of the match as the bar names it: a seat alone by its name ("You" for
        the person whose hand is shown), partners as "Us" and "Them" from that person's
        side, by their names while the hands are covered."""
        t = self.tr
        if len(side) == 1:
            return self.page_seat_name(side[0])
        me = self.me
        if me is None:
            return t.names([self.page_seat_name(s, plain=True) for s in side])
        viewer = self.seats[me] if self.pass_and_play else HUMAN
        return t.t("us") if viewer in side else t.t("them")

    @property
    def deal_number(self) -> int:
        m = self.match
        history = m.match.history
        thrown_in = m.scored and bool(history) and history[-1].thrown_in  # dealt again: the same number
        return m.match.deals_counted + (0 if m.scored and not thrown_in else 1)

    def _summary(self) -> SummaryModel:
        """The end of the deal from the person's side; in pass-and-play from the last
        viewer's, every seat named (nobody is "You" to the others looking on)."""
        if not self.pass_and_play:
            return self._summary_of(HUMAN)
        with self._naming(plain=True):
            return self._summary_of(self.bottom)

    def _summary_of(self, me: int) -> SummaryModel:
        g, t, plain = self.game, self.tr, self._plain_names
        if g.thrown_in:
            go = ActionModel("next", t.t("deal_again")) if self.can_continue else ActionModel("new", t.t("new_game"))
            return SummaryModel(t.t("summary_title"), t.t("thrown_in"), "", [], "", self._match_summary(),
                                t.t("new_game") if self.match.single else t.t("match_new"), go)
        outcome = g.result()[me]
        ended = g.outcome()
        winner = ended.winner
        by_points = self.match.match.format in POINTS_FORMATS  # a deal is not won: its points count
        if by_points and outcome != "draw" and (winner is not None or not plain):
            if winner is not None and not plain and winner == g.side_of[me]:
                headline = t.t("deal_more_you")
            else:  # another side took more, or (three players) two others tied for it
                most = max(ended.side_points)
                ahead = [s for i, side in enumerate(g.sides) if ended.side_points[i] == most for s in side]
                headline = t.t("deal_more_for", names=t.names([self.seat_name(s) for s in ahead]))
        elif outcome == "draw":
            headline = t.t("result_draw" if len(g.sides) == 2 else "result_draw_multi")
        elif plain and winner is not None:
            headline = t.t("pnp_won_by", names=t.names([self.seat_name(s) for s in g.sides[winner]]))
        elif plain:  # three players, two tied for first: no single winner to name
            headline = t.t("result_draw_multi")
        else:
            headline = t.t("result_" + outcome)
        mine = g.side_of[me]
        sides = []
        for i, team in enumerate(g.sides):
            others = [self.seat_name(s) for s in team if s != me or plain]
            if i == mine and not plain:
                label = t.names([t.t("you"), *others])
            else:
                label = t.t("team_them", names=t.names(others))
            sides.append(SideModel(label, sum(g.points[s] for s in team), i == mine))
        note = ""
        if g.early_win is not None:
            note = t.t("you_mano_negra") if g.early_win == me and not plain else t.t("mano_negra_shown",
                                                                                       who=self.seat_name(g.early_win))
        if g.caller is not None:
            gains = ended.game_points
            # two lines: the contract is a label without a full stop of its own; a name and
            # its score joined by a no-break space (a phone broke the line between them)
            lines = [self._contract(), t.t("deal_game_points", list=t.series(self._isolated(
                [f"{self.seat_name(s)}\u00a0{self.signed(gains[s])}" for s in range(g.n)])))]
            # why a score is larger than the usual 2 and 1: the caller alone, every point taken
            if g.partner == g.caller:
                lines.append(t.t("deal_alone_you") if g.caller == me and not plain
                             else t.t("deal_alone", who=self.seat_name(g.caller)))
            if winner is not None and ended.side_points[winner] >= TOTAL_POINTS:
                lines.append(t.t("deal_cappotto"))
            note = "\n".join(lines)
        if self.saved.practice:
            note = "\n".join(filter(None, (note, t.t("practice_not_counted"))))
        m = self.match
        new_label = t.t("new_game") if m.single else t.t("match_new")
        go = ActionModel("next", t.t("match_next_deal")) if self.can_continue else ActionModel("new", new_label)
        match = self._match_summary()
        if plain:  # people at the device: a win's colour when they all won, a loss's when all lost
            kinds = {g.result()[s] for s in range(g.n) if self.is_person(s)}
            outcome = kinds.pop() if len(kinds) == 1 else ""
        if by_points and match is not None and match.outcome and match.outcome != outcome:
            outcome = ""  # the deal that ends the match: its colour would contradict the match's
        return SummaryModel(t.t("summary_title"), headline, outcome, sides, note, match, new_label,
                            go, [self._trick_review(done) for done in g.tricks])

    def _match_summary(self) -> MatchSummaryModel | None:
        m, t = self.match, self.tr
        if m.single:
            return None
        if self._plain_names:
            return self._people_match_summary()
        fmt = m.match.format
        rows = []
        for side, score in zip(sides_for(m.match.players), m.match.score):
            # a team by its names, as the deal's points above it name it ("You and Marco"),
            # where the bar's "Us" and "Them" would have the reader work out which is which
            label = (t.names([self.page_seat_name(s) for s in side]) if len(side) > 1
                     else self._match_side_label(side))
            rows.append(MatchRowModel(label, self._match_score_text(score), HUMAN in side))
        headline, outcome, note = "", "", ""
        if m.playoff_started:
            note = self._playoff_text()
        if m.finished:
            outcome = "win" if m.won else "loss"
            headline = t.t("match_won" if m.won else "match_lost")
            winner = m.match.winner
            side = sides_for(m.match.players)[winner] if winner is not None else ()
            if not m.won and len(side) == 1 and m.match.players > 2:  # a team's loss says it all
                note = " ".join(filter(None, (note, t.t("match_won_by", who=self.page_seat_name(side[0])))))
        return MatchSummaryModel(t.t("match_deal_n", n=t.number(self.deal_number)), t.t(format_key(fmt)), rows,
                                 headline, outcome, note, self.can_continue)

    def _match_score_text(self, score: int) -> str:
        """A side's match score in the format's unit."""
        m, t = self.match, self.tr
        fmt = m.match.format
        if m.match.players == CHIAMATA_PLAYERS:
            return t.t("game_points_n", n=score)
        if fmt in DEAL_FORMATS:
            return t.t("deals_won_n", n=score)
        if fmt in POINTS_FORMATS:
            return t.t("points_n", n=score)
        return t.t("game_points_n", n=score)

    def _people_match_summary(self) -> MatchSummaryModel:
        """Pass-and-play's match: each side by its names, and who won the match."""
        m, t = self.match, self.tr
        viewer = self.seats[self.bottom]
        sides = sides_for(m.match.players)
        rows = [MatchRowModel(t.names([self.page_seat_name(s, plain=True) for s in side]),
                              self._match_score_text(score), viewer in side)
                for side, score in zip(sides, m.match.score)]
        headline = note = ""
        if m.playoff_started:
            note = self._playoff_text()
        winner = m.match.winner
        if m.finished and winner is not None:
            names = [self.page_seat_name(s, plain=True) for s in sides[winner]]  # "Anna and Carla win"
            headline = (t.t("match_won_by_team", names=t.names(names)) if len(names) > 1
                        else t.t("match_won_by", who=names[0]))
        elif m.finished:  # every person dropped out of the play-off
            headline = t.t("match_lost")
        return MatchSummaryModel(t.t("match_deal_n", n=t.number(self.deal_number)), t.t(format_key(m.match.format)),
                                 rows, headline, "", note, self.can_continue)

    def signed(self, n: int) -> str:
        """A change in game points: +2, -1, 0 (the minus sign the language's own, as
        every other number on the page)."""
        return ("+" if n > 0 else "") + self.tr.number(n)

    def last_trick(self) -> tuple[list[CardModel], str] | None:
        if not self.game.tricks:
            return None
        return self._trick_review(self.game.tricks[-1])

    def _trick_review(self, done: Trick) -> tuple[list[CardModel], str]:
        """A finished trick: its cards in the order played (the winning one marked), and
        who took it for how many points."""
        cards = [CardModel(str(c), self.card_label(c), seat=self.seats[s], who=self.seat_name(s),
                           winning=s == done.winner) for s, c in done.plays]
        return cards, self.tr.t("last_trick_taken", who=self.seat_name(done.winner), n=done.points)

    # -- the review after the deal -------------------------------------------------------
    def review(self) -> Review | None:
        """The finished deal's review (made once a deal: its coaching is kept while the
        person opens and closes it); None while the deal goes on or when no trick was
        played (a deal thrown in)."""
        g = self.game
        if not g.over or not g.tricks:
            return None
        if self._review is None or self._review[0] != self.deal_id:
            self._review = (self.deal_id, Review(g))
        return self._review[1]

    def review_model(self, review: Review, step: int) -> ReviewModel:
        """Step ``step`` of the review: the trick, the person's hand then, the expert's
        word on each card they played to it; the progress of the coaching, and once it
        is complete the costliest decisions (highlighted, and listed to jump to). In
        pass-and-play the review is the first person's (engine seat 0, whose cards it
        coaches): "You" is that person in every line, whoever looked last."""
        if not self.pass_and_play:
            return self._review_model(review, step)
        with self._naming(plain=False, viewer=self.seats[HUMAN]):
            return self._review_model(review, step)

    def _review_model(self, review: Review, step: int) -> ReviewModel:
        t = self.tr
        step = max(0, min(step, len(review.steps) - 1))
        s = review.steps[step]
        cards, taken = self._trick_review(Trick(s.leader, s.plays, s.winner, s.points, ()))
        text = " ".join((t.t("review_trick", n=s.number, total=len(review.steps)),
                         t.t("review_led_you") if self.is_you(self.seats[s.leader])  # "You led", not "Led: You"
                         else t.t("review_led", who=self.seat_name(s.leader)), taken))
        played = {review.decisions[i].played for i in s.decisions}
        hand = [CardModel(str(c), self.card_label(c), hinted=c in played) for c in s.hand]
        done = review.done
        costly = review.costliest() if done else []
        coach = [self._coach_line(review, i, i in costly) for i in s.decisions]
        total = len(review.to_coach)
        progress = t.t("review_analysed") if done else t.t("review_analysing", n=review.coached, total=total)
        title = ""
        items = []
        if done:
            title = t.t(f"review_costly_{len(costly)}") if costly else t.t("review_costly_none")
            for i in costly:
                d = review.decisions[i]
                c = review.coaching[i]
                assert c is not None  # costliest() names coached decisions only
                items.append((review.step_of(i), t.t("review_costly_item", n=d.trick + 1, card=self.card_name(d.played),
                                                     points=t.t("points_n", n=whole(c.loss)))))
        return ReviewModel(step, len(review.steps), text, cards, hand, t.t("your_hand"), coach, progress, done,
                           title, items)

    def _coach_line(self, review: Review, i: int, costly: bool) -> CoachModel:
        t = self.tr
        d = review.decisions[i]
        card = self.card_name(d.played)
        if not d.choice:
            return CoachModel(t.t("coach_forced", card=card))
        c = review.coaching[i]
        if c is None:
            return CoachModel(t.t("review_pending"))
        points = t.t("points_n", n=whole(c.value))
        if c.best == d.played or c.loss == 0:
            return CoachModel(t.t("coach_best", card=card, points=points), 0, costly)
        loss = whole(c.loss)
        if not loss:  # under half a point: both would show the same number
            return CoachModel(t.t("coach_close", card=card, points=points, best=self.card_name(c.best)), 0, costly)
        # the best card's points as the played card's and the loss rounded, so that the
        # two differ by the loss the costliest decisions show (57.5 and 58.4 would both
        # round to 58)
        return CoachModel(t.t("coach_worse", card=card, points=points, best=self.card_name(c.best),
                              best_points=t.t("points_n", n=whole(c.value) + loss)), loss, costly)

    def stats_rows(self) -> list[StatsSection]:
        """The stats panel: one section per mode (players, level, variant) of deals, then
        one per mode and format of matches."""
        t = self.tr
        out = []
        modes = self.stats.modes
        for key in sorted(modes, key=parse_mode_key):
            players, level, variant = parse_mode_key(key)
            st = modes[key]
            rows = [(name, t.t(name), getattr(st, name)) for name in DEAL_STAT_FIELDS]
            five = self.five_stats.modes.get(key)
            if five is not None:
                rows += [("taken", t.t("stats_taken"), five.taken), ("made", t.t("stats_made"), five.made),
                         ("game-points", t.t("stats_game_points"), five.game_points)]
            out.append(StatsSection(self._mode_title(players, level), self._variant_name(variant), rows,
                                    deals=self.history.of_mode(key)))
        formats = self.match_stats.formats
        first = True
        for key in sorted(formats, key=parse_match_key):
            players, level, variant, fmt = parse_match_key(key)
            count = formats[key]
            sub = t.t("stats_variant", variant=self._variant_name(variant),
                      match=t.t(format_key(fmt)) if fmt in ALL_MATCH_FORMATS else fmt)
            out.append(StatsSection(self._mode_title(players, level), sub,
                                    [("match-played", t.t("played"), count.played),
                                     ("match-won", t.t("won"), count.won)],
                                    heading=t.t("stats_matches") if first else ""))
            first = False
        out.extend(self._people_stats_rows())
        return out

    def _people_stats_rows(self) -> list[StatsSection]:
        """Pass-and-play's deals: a section per person name and mode, names in order."""
        t = self.tr
        out = []
        for name in sorted(self.people_stats.names, key=str.casefold):
            modes = self.people_stats.names[name]
            for key in sorted(modes, key=parse_mode_key):
                players, level, variant = parse_mode_key(key)
                c = modes[key]
                title = f"{self._mode_title(players, level)}{self.tr.sep}{self._variant_name(variant)}"
                out.append(StatsSection(name, title,
                                        [("people-played", t.t("played"), c.played),
                                         ("people-won", t.t("won"), c.won)],
                                        heading=t.t("people_title") if not out else ""))
        return out

    def _mode_title(self, players: int, level: str) -> str:
        if level == PEOPLE_ONLY:
            return self.tr.t("players_n", n=players)
        level_name = self.tr.t(f"level_{level}") if level in LEVELS else level
        return self.tr.t("stats_mode", n=players, level=level_name)

    def _variant_name(self, variant: str) -> str:
        return self.tr.t(f"variant_{variant}") if variant in VARIANTS else variant



DEAL_STAT_FIELDS = ("played", "won", "lost", "drawn", "points_for", "points_against", "best_score", "streak",
                    "best_streak")


def whole(x: float) -> int:
    """Card points as the review shows them: rounded half up (a loss of half a point, the
    least that counts, shows as 1)."""
    return int(x + 0.5)


def format_key(fmt: str) -> str:
    """The message naming a match format: ``match_best_of_3``."""
    return "match_" + fmt.replace("-", "_")
