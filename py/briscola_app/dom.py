"""The page: paints the table model into the DOM, forwards clicks and keys, and drives
the computer players' turns.

Events are bound once on containers that are in the HTML from the start;
static/js/paint.js reads the card or action under the tap and hands it over with the
event (:class:`~.bridge.Seen`). The dialogs are :class:`~.dialogs.Dialogs`, this page's
base class; the calls into the browser are :mod:`.bridge`'s.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy as local_proxy  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]
from pyscript import document  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from briscola.agents import think
from briscola.cards import ALL_CARDS, IllegalMoveError

from . import render, snapshot
from .bridge import (IN_WORKER, Pressed, Seen, apply, as_list, browser_languages, card_button, is_null, mark,
                     next_frame, open_storage, page_api, set_stage, start_info)
from .controller import App
from .dialogs import Dialogs
from .statsio import MAX_FILE_CHARS
from .storage import PREFIX, Store
from .tabs import BEAT_MS, TABS

ALL_SHOWN = frozenset(str(c) for c in ALL_CARDS)  # every card already on screen: no animation
FLY_MS = 260  # a card played flies from its player's place to the table
GATHER_MS = 240  # a taken trick goes to its winner
DEAL_MS = 300  # a card drawn comes from the stock
# dialogs the person opens, which a deal's end waits for before its summary shows
WAITED_FOR = ("settings", "stats", "howto", "last-trick", "confirm-new", "confirm-reset")


class Page(Dialogs):
    def __init__(self, app: App, build: str | None = None) -> None:
        self.app = app
        self.epoch = 0  # bumped by a new deal so a running computer turn stops
        self.driving = False
        # cards painted last time in the hand and on the table: not animated again
        self.hand_shown: frozenset[str] = frozenset()
        self.painted: dict[str, str] = {}  # region id -> HTML it shows, to skip repaints
        self.trick_shown: frozenset[str] = frozenset()
        # early.js painted the table kept from the last visit: at the first render its cards
        # count as on screen, so they do not slide in a second time
        self.painted_early = False
        self.sounding = False  # cues sound from the end of start-up on (none at load)
        self.kept = ""  # the table snapshot last stored (snapshot.py)
        self.body: dict[str, str] = {}  # the body's data attributes as last set
        self.build = str(document.body.getAttribute("data-build") or "") if build is None else build
        self.review_step = 0  # the trick the review after the deal shows
        self.hinting = False  # a hint's search is running
        self.review_token = 0  # bumped when the review closes: its coaching stops
        # the epoch of a finished deal whose summary waits for a dialog the person has open
        self.summary_waits: int | None = None
        self.review_deal = ""  # the deal the open review is of
        self.ops: list[list] = []  # what to change on the page, sent at once by flush()
        self.still: tuple | None = None  # the table waiting for a computer player at the last beat
        self.still_beats = 0  # beats it has waited so, unchanged
        self._bind()

    # -- the page's changes -------------------------------------------------------------
    def op(self, *operation) -> None:
        """One change for the page (an operation of static/js/paint.js), sent with the
        others by :meth:`flush`: in a worker each call into the page is a round trip."""
        self.ops.append(list(operation))

    def flush(self) -> bool:
        """Apply the changes queued; True if a card was set moving. Every event handler
        ends with one; asynchronous steps flush before they wait."""
        ops, self.ops = self.ops, []
        return apply(ops)

    def open_dialogs(self) -> list[str]:
        return [str(d) for d in as_list(page_api.openDialogs())]

    # -- events -----------------------------------------------------------------------
    def _bind(self) -> None:
        """Python's handlers, bound by paint.js in one call (each binding from a worker
        would be a round trip): an event calls ``_dispatch`` with its handler's index and
        what paint.js read of it. The event itself goes along only to the handlers that
        need it (to prevent its default, to read a file's text): handed to a worker, a
        page object is probed there property by property, and a tap took 60-90 ms longer
        to arrive on a CPU slowed 4x."""
        bindings = (("#hand", "click", self.on_hand_click), ("body", "click", self.on_action_click),
                    ("document", "keydown", self.on_key),
                    ("#settings-form", "submit", self.on_settings_submit),
                    ("#settings-form", "change", self.on_settings_change),
                    ("#stats-file", "briscola:file", self.on_stats_file),
                    ("#review", "close", self.on_review_close), ("window", "storage", self.on_storage),
                    *((f"#{name}", "close", self.on_dialog_close) for name in WAITED_FOR),
                    ("window", "pagehide", self.on_pagehide), ("window", "pageshow", self.on_pageshow),
                    ("document", "visibilitychange", self.on_visibility))
        self._handlers = [handler for _, _, handler in bindings]
        with_event = (self.on_key, self.on_settings_submit, self.on_stats_file)
        self._dispatcher = create_proxy(self._dispatch)
        page_api.listen(self._dispatcher, to_js([[target, kind, handler in with_event]
                                                 for target, kind, handler in bindings]))
        self.op("data", "#stats-file", "max", str(MAX_FILE_CHARS))
        self._beat = local_proxy(self._tick)  # this thread's own timer
        js.setInterval(self._beat, BEAT_MS)

    def _tick(self) -> None:
        """Every beat: this tab's heartbeat in the list of open tabs, and a look at the
        table. One that waits for a computer player (or for a trick to clear, or for the
        last card to play itself) with no driver running would wait for ever: a driver
        starts again, and the console says so, as an error, for the tests to see it (chaos
        runs saw it when the person's key played their last card just as it was to play
        itself: the driver waiting to play it stopped, and the key's play had found it still
        running; fixed, tests/browser/test_practice_page.py). A driver that has not moved in
        three beats is only reported."""
        self.app.tabs.beat()
        app = self.app
        waits = app.held is not None or app.computer_to_move or app.auto_card is not None
        if waits and not self.driving:
            js.console.error("the computer players had stopped with one of them to move: started again")
            self.drive()
        still = (app.deal_id, len(app.game.actions), app.held is not None) if waits else None
        self.still_beats = self.still_beats + 1 if still is not None and still == self.still else 0
        self.still = still
        if self.still_beats == 3 and str(document.visibilityState) == "visible":  # a hidden tab's timers slow down
            js.console.error(f"the computer players have not moved for {3 * BEAT_MS // 1000} s")

    def _dispatch(self, index, facts, event=None) -> None:
        try:
            self._handlers[int(index)](Seen(str(facts), None if is_null(event) else event))
        finally:
            self.flush()

    def on_storage(self, seen: Seen) -> None:
        """Another tab changed the stored settings or stats: show what it changed; or the
        list of open tabs, which may have left this tab out (tabs.Tabs.keep_listed)."""
        key = seen.key or ""
        if key in ("", PREFIX + TABS):
            self.app.tabs.keep_listed()
        if key in ("", PREFIX + "settings", PREFIX + "variant", PREFIX + "people", PREFIX + "deck"):
            before = self.app.settings
            self.app.reload_settings()
            if self.app.settings != before:
                self.translate_static()
                self.painted.clear()
                self.render()
        if key in ("", PREFIX + "sound"):
            self.app.reload_sound()
            self.paint_sound()
        if key in ("", PREFIX + "tips"):
            self.app.reload_tips()
            self.render()
        if key in ("", PREFIX + "stats", PREFIX + "matches", PREFIX + "five", PREFIX + "history",
                   PREFIX + "people_stats"):
            self.app.refresh_stats()
            if "stats" in self.open_dialogs():
                self._fill_stats()

    def on_pagehide(self, seen: Seen) -> None:
        self.app.save_what_waits()
        self.app.tabs.leave()  # a reload or a closed tab: its deal may be taken over

    def on_visibility(self, seen: Seen) -> None:
        """Hidden (another app, the screen off: a phone may end the page without a
        pagehide): one more try at what full storage held back."""
        if seen.visibility == "hidden":
            self.app.save_what_waits()
        elif self.app.carried_on_elsewhere():  # frozen meanwhile, and another tab took the deal
            self.op("closeAll")
            self.epoch += 1
            self.render(focus_index=1)
            self.drive()

    def on_pageshow(self, seen: Seen) -> None:
        if seen.persisted:  # back from the back-forward cache
            self.app.tabs.beat()

    def on_hand_click(self, seen: Seen) -> None:
        if seen.card is None or seen.card[2]:
            return
        self.play(seen.card[0], seen.card[1])  # refused ones say why

    def on_key(self, seen: Seen) -> None:
        key = str(seen.key or "")
        if key not in ("ArrowLeft", "ArrowRight") and not key.isdigit():
            return
        dialogs = self.open_dialogs()
        if "review" in dialogs and key in ("ArrowLeft", "ArrowRight"):  # the review's Previous and Next
            seen.event.preventDefault()
            self._review_move(-1 if (key == "ArrowLeft") == (self.app.tr.dir == "ltr") else 1)
            return
        if dialogs:
            return
        if key.isdigit() and self.app.human_to_move and not seen.typed_in:
            index = int(key)
            hand = self.app.game.hands[self.app.game.turn]  # the person to move is the one whose hand is shown
            if 1 <= index <= len(hand):
                seen.event.preventDefault()
                self.play(str(hand[index - 1]), index)

    def on_action_click(self, seen: Seen) -> None:
        button = seen.action
        if button is None or button.disabled:
            return
        if button.dialog is None and self.open_dialogs():
            # a control of the table, tapped before a dialog opened over it: with Python in a
            # worker a tap is handled a moment after it happens, and the deal's summary may
            # have shown meanwhile (Stats then opened over it, seen in the chaos run); every
            # dialog is modal, so the control was covered and the tap does nothing
            return
        handler = getattr(self, "action_" + button.action.replace("-", "_"), None)
        if handler is not None:
            handler(button)

    # -- actions ----------------------------------------------------------------------
    def play(self, card: str, index: int) -> None:
        self.op("measure", "from", card_button(card))
        try:
            played = self.app.click_card(card)
        except IllegalMoveError:
            return
        self.render(focus_index=index)
        if played:
            self._fly(card)
            self.drive()

    def action_exchange(self, button: Pressed) -> None:
        self._human_action(self.app.exchange_human)

    def action_show(self, button: Pressed) -> None:
        self._human_action(self.app.show_human)

    def action_bid(self, button: Pressed) -> None:
        value = str(button.value)
        self._human_action(lambda: self.app.bid_human(value))

    def action_pass(self, button: Pressed) -> None:
        self._human_action(self.app.pass_human)

    def action_call(self, button: Pressed) -> None:
        card = str(button.value)
        self._human_action(lambda: self.app.call_human(card))

    def action_reveal(self, button: Pressed) -> None:
        """Pass-and-play: the person the device was passed to shows their cards."""
        if self.app.show_cards():
            self.render(focus_index=1)
            self.drive()

    def action_call_rank(self, button: Pressed) -> None:
        self.app.choose_call_rank(str(button.value))
        self.render()
        self.op("focus", "#hand-actions [aria-pressed='true']")

    def _human_action(self, act) -> None:
        try:
            act()
        except IllegalMoveError:
            return
        self.render(focus_index=1)
        self.drive()

    def action_next(self, button: Pressed) -> None:
        if not self.app.can_continue:
            return
        self.op("closeAll")
        self.epoch += 1
        self.app.next_deal()
        self.render(focus_index=1)
        self.drive()

    def action_undo(self, button: Pressed) -> None:
        """Practice games: the person's last card goes back to the hand."""
        if not self.app.can_undo:
            return
        self.op("closeAll")
        self.epoch += 1  # a computer player thinking of its answer stops
        self.app.undo()
        self.render(focus_index=1)
        self.drive()

    def action_sound(self, button: Pressed) -> None:
        self.app.set_sound(not self.app.sound_on)
        self.paint_sound()
        self.play_cues()

    def action_close(self, button: Pressed) -> None:
        if button.dialog:
            self.op("close", "#" + button.dialog)

    def action_offer_dismiss(self, button: Pressed) -> None:
        self.app.dismiss_offer()
        self.render()
        self.op("focusHome")  # the button that had the focus is gone

    def action_tips_off(self, button: Pressed) -> None:
        self.app.tips_off()
        self.render()
        self.op("focusHome")

    def action_dismiss(self, button: Pressed) -> None:
        self.app.notice_dismissed = True
        self.render()

    def action_new(self, button: Pressed) -> None:
        in_match = self.app.match_at_stake  # said as a lost match: counted as one too
        if self.app.at_stake or in_match:
            self.op("closeAll")
            # a practice game (or match) counts nothing: the question is only what is left behind
            key = ("new_game_confirm_practice" if self.app.saved.practice
                   else "new_match_confirm" if in_match else "new_game_confirm")
            self.op("text", "#confirm-new-text", self.app.tr.t(key))
            # what the button starts, in the words of the question: a new match, not a deal
            words = self.app.tr.t("match_new" if in_match else "new_game")
            self.op("text", "#confirm-title", words)
            self.op("text", "#confirm-new [data-action='new-confirmed']", words)
            self.op("modal", "#confirm-new")
            return
        self.new_deal()

    def action_new_confirmed(self, button: Pressed) -> None:
        self.new_deal()

    def new_deal(self) -> None:
        self.op("closeAll")
        self.epoch += 1
        self.app.new_deal()
        self.render(focus_index=1)
        self.drive()

    HINT_BUTTON = "#actions button[data-action='hint']"

    def action_hint(self, button: Pressed) -> None:
        # One search at a time: on a slow phone a hint takes a second or more, and each
        # further tap started another search beside it (five taps, 5.6 s for the hint).
        if not self.app.human_to_move or self.hinting:
            return
        self.hinting = True
        apply([["attr", self.HINT_BUTTON, "aria-busy", "true"]])  # app.css: the bulb pulses
        asyncio.ensure_future(self._hint())

    async def _hint(self) -> None:
        app, epoch = self.app, self.epoch
        view = app.current_view()  # the person to move, whose hand is shown
        try:
            choice = await self._think(app.hint_agent(), view)
        except Exception:
            return
        finally:
            self.hinting = False
            apply([["attr", self.HINT_BUTTON, "aria-busy", None]])
        if epoch == self.epoch and app.human_to_move:
            app.set_hint(choice)
            self.render()
            self.flush()

    # -- the computer players ---------------------------------------------------------
    def drive(self) -> None:
        if not self.driving:
            self.driving = True  # at once: a second call before the first runs starts no second driver
            asyncio.ensure_future(self._drive())

    async def _think(self, agent, view):
        """The agent's choice, thought one slice a frame. The first slice waits for a frame
        too: the move just shown (its HTML, its card flying) is painted before thinking."""
        steps = think(agent, view)
        try:
            while True:
                await next_frame()
                next(steps)
        except StopIteration as done:
            return done.value

    async def _drive(self) -> None:
        self.driving = True
        app = self.app
        epoch = self.epoch
        try:
            while epoch == self.epoch:
                pace = app.settings.pace
                if app.held is not None:
                    await asyncio.sleep(pace.trick_shown / 1000)
                    if epoch != self.epoch:
                        break
                    await self._gather()
                    if epoch != self.epoch:
                        break
                    app.release_trick()
                    self.render(focus_index=1)
                    self.flush()
                    continue
                card = app.auto_card
                if card is not None:  # the last card plays itself, as if tapped
                    await asyncio.sleep(pace.before_move / 2000)
                    if epoch != self.epoch:
                        break
                    if app.auto_card != card:  # the person played it first (a tap, a key): on with the deal
                        continue  # a computer may be to move, and the person's play found this driver running
                    self.op("measure", "from", card_button(str(card)))
                    app.click_card(card)
                    self.render()
                    self._fly(str(card))
                    self.flush()
                    continue
                if not app.computer_to_move:
                    break
                started = time.perf_counter()
                mark("briscola:think-start")
                try:
                    choice = await self._think(app.computer_agent(), app.current_view())
                except Exception as error:  # an agent that fails: the controller picks a move
                    js.console.warn(f"computer player failed: {type(error).__name__}: {error}")
                    choice = None
                mark("briscola:think-end")
                left = pace.before_move / 1000 - (time.perf_counter() - started)
                if left > 0:
                    await asyncio.sleep(left)
                else:  # the last slice of thought and the move are not one task
                    await next_frame()
                if epoch != self.epoch:
                    break
                self.op("measure", "from", f"#opponents .seat[data-seat='{app.seats[app.game.turn]}']")
                app.play_computer_choice(choice)
                self.render()
                played = app.held.plays[-1][1] if app.held is not None else app.game.trick[-1][1] if app.game.trick \
                    else None
                if played is not None:
                    self._fly(str(played))
                self.flush()
                mark("briscola:computer-played")
        except Exception as error:  # a task's exception is otherwise never seen: the table just stops
            js.console.error(f"the computer players stopped: {type(error).__name__}: {error}\n"
                             + "".join(traceback.format_exception(error)))
            raise
        finally:
            self.driving = False
        if epoch != self.epoch:
            self.drive()

    # -- motion (static/js/paint.js moves the cards) -----------------------------------
    def _fly(self, card: str) -> None:
        """The card just played flies from its player's place (measured as "from", the
        hand or the seat, before the table was painted)."""
        if self.app.motion:
            self.op("arrive", [f"#trick figure[data-card='{card}']"], "from", FLY_MS)

    async def _gather(self) -> None:
        """The taken trick goes to its winner's place (the person's own pile for a trick of
        theirs) before it leaves the table."""
        app = self.app
        if not app.motion or app.held is None:
            return
        winner = app.seats[app.held.winner]
        end = "#my-pile" if winner == app.seats[app.bottom] else f"#opponents .seat[data-seat='{winner}']"
        self.op("measure", "to", end)
        self.op("leave", "#trick figure", "to", GATHER_MS)
        if self.flush():
            await asyncio.sleep(GATHER_MS / 1000)

    def _deal_in(self, cards: list[str]) -> None:
        """Cards drawn come from the stock into the hand."""
        if not self.app.motion:
            return
        self.op("measure", "stock", "#stock-pile img", "#briscola img", "#stock")
        self.op("arrive", [card_button(card) for card in cards], "stock", DEAL_MS)

    # -- painting ---------------------------------------------------------------------
    def translate_static(self, keys: list[str] | None = None) -> None:
        """The page's own texts in the language chosen; ``keys``: theirs, if known."""
        t = self.app.tr
        if keys is None:
            keys = [str(k) for k in as_list(page_api.textKeys())]
        self.op("translate", {k: t.t(k) for k in keys}, t.lang, t.dir)
        for region, key in (("hand", "your_hand"), ("table", "table"), ("opponents", "opponents"),
                            ("trick", "trick"), ("stock", "stock"), ("score", "score"), ("actions", "game_actions")):
            self.op("attr", "#" + region, "aria-label", t.t(key))
        self.paint_sound()

    def paint_sound(self) -> None:
        """The sound button says whether sound is on (aria-pressed, and its tooltip), and
        sound.js is told."""
        on, t = self.app.sound_on, self.app.tr
        self.op("attr", "#sound-toggle", "aria-pressed", "true" if on else "false")
        self.op("attr", "#sound-toggle", "aria-label", t.t("sound"))
        self.op("prop", "#sound-toggle", "title", t.t("sound_on" if on else "sound_off"))
        self.op("prop", "#sound-toggle", "disabled", False)
        self.op("sound", on, [])

    def play_cues(self) -> None:
        """Hand the cues of what just happened to sound.js (nothing while muted, and
        nothing before start-up is over: a page makes no noise before it is touched)."""
        cues = self.app.take_cues()
        if cues and self.sounding:
            self.op("sound", None, list(cues))

    def _paint(self, region: str, html: str, same_as: str | None = None) -> None:
        """Replace a region's HTML only when it changed (a repaint of card art is costly).
        ``same_as`` is what to compare when ``html`` differs only in entry animations."""
        key = html if same_as is None else same_as
        if self.painted.get(region) == key:
            return
        self.painted[region] = key
        self.op("html", "#" + region, html)

    def _body(self, key: str, value: str) -> None:
        self.body[key] = value
        self.op("data", "body", key, value)

    def render(self, focus_index: int | None = None) -> None:
        app = self.app
        m = app.model()
        t = app.tr
        if self.painted_early:
            self.hand_shown = frozenset(c.card for c in m.hand)
            self.trick_shown = frozenset(c.card for c in m.trick)
            self.painted_early = False
        # before the hand and its buttons (bids, calls) are painted again
        self.op("focusWas", "#hand, #hand-actions")
        self._paint("opponents", render.opponents_html(m, t))
        if m.phase in ("auction", "call"):
            self._paint("trick", render.auction_html(m, t))
        else:
            self._paint("trick", render.trick_html(m, self.trick_shown), render.trick_html(m, ALL_SHOWN))
        self.op("toggle", "#trick", "many", len(m.trick) > 4 or (len(m.trick) > 2 and m.per_trick > 1))
        briscola, pile, caption = render.stock_html(m)
        self._paint("briscola", briscola)
        self._paint("stock-pile", pile)
        self._paint("stock-count", caption)
        drawn = [c.card for c in m.hand if c.card not in self.hand_shown] if self.hand_shown else []
        self._paint("hand", render.hand_html(m, self.hand_shown), render.hand_html(m, ALL_SHOWN))
        self.hand_shown = frozenset(c.card for c in m.hand)
        if drawn and len(drawn) < len(m.hand):  # drawn after a trick, not a new deal's whole hand
            self._deal_in(drawn)
        self.trick_shown = frozenset(c.card for c in m.trick)
        self.op("toggle", "#hand", "your-turn", bool(m.your_turn))
        self.op("data", "#hand", "count", str(len(m.hand)))
        self._paint("hand-actions", render.actions_html(m.actions, m.deck, t))
        self._paint("match-bar", render.match_bar_html(m.match))
        self.op("prop", "#match-bar", "hidden", m.match is None)
        if m.match is not None:
            self.op("attr", "#match-bar", "aria-label", m.match.label)
        self._paint("score", render.score_html(m.sides, t))
        self.op("text", "#my-pile", m.my_pile_label)
        self.op("text", "#status", m.message)
        self.op("text", "#tip-text", m.tip)
        self.op("text", "#tip-said", m.tip)
        self.op("prop", "#tip", "hidden", not m.tip)
        self.op("prop", "#howto-offer", "hidden", not m.offer)
        if m.notice:
            self.op("text", "#notice-text", m.notice)
        self.op("prop", "#notice", "hidden", not m.notice)
        self.op("props", "#actions button", "disabled", False)
        self.op("prop", self.HINT_BUTTON, "disabled", not m.your_turn)
        self.op("prop", "#actions button[data-action='last']", "disabled", not m.can_review_last)
        cover_before = self.painted.get("cover")
        self._paint("cover", render.cover_html(m.cover))
        self.op("prop", "#cover", "hidden", m.cover is None)
        if cover_before != self.painted.get("cover"):  # whose hand is shown changed
            self.paint_cards_out()  # Last trick may be open: no hand marked in it under a cover
        state = "over" if app.game.over else "your-turn" if m.your_turn else "cover" if m.cover else "waiting"
        self._body("state", state)
        self._body("players", str(app.game.n))
        self._body("hand", str(app.game.rules.hand_size))
        self._body("per", str(m.per_trick))
        self._body("variant", m.variant)
        self._body("phase", m.phase)
        self._body("motion", "on" if app.motion else "off")
        self._body("practice", "on" if m.practice else "off")
        self.op("prop", "#practice-mark", "hidden", not m.practice)
        if m.cover is not None:
            if cover_before != self.painted.get("cover") or focus_index is not None:
                self.op("focus", "#cover button")  # the cover just came: its button, for the next person's tap
        elif m.your_turn:  # the card asked for, or the same place if the focus was in the hand
            buttons = "#hand button:not([aria-disabled='true'])"  # a card that may be played
            if m.phase in ("auction", "call"):  # the bids, or the cards to call
                buttons = "#hand-actions button[data-action='bid'], #hand-actions button[data-action='call']"
            self.op("focusNth", buttons, focus_index or 1, focus_index is not None)
        else:  # a card of the hand had the focus and is gone or disabled: the hand keeps it;
            # after New game (the focus asked for) the hand takes it, so the first card has
            # it when the turn comes rather than New game, with the others to move first
            self.op("focusNth", "#hand", 1, focus_index is not None)
        self._keep_table(m)
        summary = app.summary_to_show(m)
        if summary is not None:
            asyncio.ensure_future(self._show_summary_soon(summary, self.epoch))
        self.play_cues()

    def _keep_table(self, m) -> None:
        """Store the table as painted, for early.js to show at the next start (written
        only when it changed; a failed write is not the person's concern)."""
        store = self.app.store
        if not store.readable:
            return
        values = {k: self.body.get(k, "") for k in snapshot.BODY_KEYS}
        text = snapshot.table_snapshot(self.painted, values, len(m.hand), bool(m.your_turn), m.message,
                                       self.build, private=self.app.pass_and_play, tab=self.app.tabs.id)
        if text is None or text == self.kept:
            return
        self.kept = text
        try:
            store.backend.set(PREFIX + snapshot.NAME, text)
        except Exception:
            pass

    def take_early_taps(self) -> None:
        """What was tapped while Python loaded (static/js/early.js): a card of the painted
        hand is played now if the rules allow it; a dialog opened early (Settings, Stats,
        How to play) is filled; How to play opened from the first run's offer is done with
        that offer, and the offer's No thanks, which waited for Python, may be tapped."""
        taps = json.loads(str(page_api.earlyTaps()))  # one call (paint.js)
        self.op("props", "#howto-offer [data-action='offer-dismiss']", "disabled", False)
        if taps.get("offerTaken") and self.app.tips.offer:  # tapped after start_info was read
            self.app.dismiss_offer()
            self.render()
        if taps["card"] is not None and taps["playable"]:
            self.play(str(taps["card"]), int(taps["index"]))
        dialogs = taps["dialogs"]
        if "settings" in dialogs:
            self.op("html", "#settings-fields", render.settings_html(self.app.settings_form()))
        if "howto" in dialogs:
            self.op("html", "#howto-body", render.howto_html(self.app.howto(None), self.app.tr))
        self.op("props", "#stats .dialog-buttons button", "disabled", False)
        if "stats" in dialogs:
            self.app.refresh_stats()
            self._fill_stats()


def start() -> Page:
    from .i18n import Translator, pick_language

    info = start_info()
    browser_lang = browser_languages()
    lang = pick_language(browser_lang)
    set_stage(2, Translator(lang).t("stage_engine"))
    mark("briscola:engine")
    if IN_WORKER and getattr(js, "briscolaSnapshotUsed", False):
        mark("briscola:snapshot-used")  # boot.mjs, in the worker: what the page's boot.mjs marks
    local, session = open_storage("localStorage", info["local"]), open_storage("sessionStorage", info["session"])
    app = App(Store(local), browser_lang=browser_lang, session=session, reloaded=bool(info["reloaded"]))
    app.system_reduces_motion = bool(info["reduceMotion"])
    if info.get("offerTaken"):  # How to play opened from the offer while Python loaded
        app.dismiss_offer()
    page = Page(app, build=str(info["build"]))
    page.translate_static([str(k) for k in info["textKeys"]])
    page.painted_early = bool(info["table"])
    page.render(focus_index=1)
    page.flush()
    if not info["table"]:  # early.js painted none
        mark("briscola:table")  # the table is on screen (tools/bench_startup.py)
    page.sounding = True
    page.take_early_taps()
    page.flush()
    set_stage(3, app.tr.t("stage_ready"))
    mark("briscola:ready")
    for backend in (local, session):
        if backend is not None:  # from now on every read is the page's (another tab may write)
            backend.end_early()
    # another tab's stale write of the list of open tabs (tabs.Tabs.keep_listed) before the
    # page listened for storage events went unheard: this tab would stay unlisted until its
    # next beat, 10 s, its deal an orphan to a tab opened meanwhile (a chaos run saw it)
    app.tabs.keep_listed()
    page.drive()
    started = getattr(js, "briscolaStarted", None) if IN_WORKER else None
    if started is not None:  # boot.mjs, in the worker: the snapshot for the next visit
        started()
    return page
