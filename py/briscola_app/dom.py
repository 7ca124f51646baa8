"""The page: paints the table model into the DOM and forwards clicks and keys.

The only module that imports the browser. Events are bound once on containers that are
in the HTML from the start; the card or action is read from the event target.
"""

from __future__ import annotations

import asyncio
import time

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]

from briscola.agents import think
from briscola.cards import ALL_CARDS, IllegalMoveError

from . import render, snapshot
from .controller import AUTOPLAY_FIELD, MOTION_FIELD, PRACTICE_FIELD, App
from .settings import BASE_FIELDS, FLAG_FIELDS, MAX_SEATS, PEOPLE_FIELD, VARIANT_FIELDS
from .statsio import MAX_FILE_CHARS
from .storage import PREFIX, Backend, Store
from .tabs import BEAT_MS

ALL_SHOWN = frozenset(str(c) for c in ALL_CARDS)  # every card already on screen: no animation
FLY_MS = 260  # a card played flies from its player's place to the table
GATHER_MS = 240  # a taken trick goes to its winner
DEAL_MS = 300  # a card drawn comes from the stock
EASE = "cubic-bezier(.2, .7, .3, 1)"
FRAME_WAIT_MS = 40
PERSONAL_BOXES = (MOTION_FIELD, PRACTICE_FIELD, AUTOPLAY_FIELD)  # the form's boxes that are not Settings
"""Between two slices of a computer's thought the page waits for the next painted frame,
or this long when no frame comes (a hidden tab paints none)."""


class LocalStorageBackend:
    """localStorage (or sessionStorage) behind the :class:`~briscola_app.storage.Backend`
    protocol."""

    def __init__(self, storage) -> None:
        self.storage = storage

    def get(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return None if _null(value) else str(value)

    def set(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        count = int(self.storage.length)
        return [str(k) for k in (self.storage.key(i) for i in range(count)) if not _null(k)]


def open_storage(name: str = "localStorage") -> Backend | None:
    """The browser's storage if the page may read it, else None. Whether writing works is
    found out at each write: a full store still gives back what it holds."""
    try:
        storage = getattr(js.window, name)
        storage.getItem(PREFIX + "settings")
        return LocalStorageBackend(storage)
    except Exception:
        return None


def was_reloaded() -> bool:
    """This page load is a reload of the same tab (it keeps its deal)."""
    try:
        entries = js.performance.getEntriesByType("navigation")
        return entries.length > 0 and str(entries[0].type) == "reload"
    except Exception:
        return False


def _null(value) -> bool:
    """JS null and undefined (Pyodide 0.28+ gives null as ``jsnull``, not None)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def _el(id_: str):
    return js.document.getElementById(id_)


def _closest(event, selector: str):
    target = event.target
    if _null(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return None if _null(found) else found


def sound_api():
    """sound.js's ``window.briscolaSound``, or None (not loaded, or no such window)."""
    try:
        api = js.window.briscolaSound
    except Exception:
        return None
    return None if _null(api) else api


def mark(name: str) -> None:
    try:
        js.performance.mark(name)
    except Exception:
        pass


def performance_has(name: str) -> bool:
    try:
        return int(js.performance.getEntriesByName(name).length) > 0
    except Exception:
        return False


class Page:
    def __init__(self, app: App) -> None:
        self.app = app
        self.epoch = 0  # bumped by a new deal so a running computer turn stops
        self.driving = False
        # cards painted last time in the hand and on the table: not animated again
        self.hand_shown: frozenset[str] = frozenset()
        self.painted: dict[str, str] = {}  # region id -> HTML it shows, to skip repaints
        self.trick_shown: frozenset[str] = frozenset()
        self.sounding = False  # cues sound from the end of start-up on (none at load)
        self.kept = ""  # the table snapshot last stored (snapshot.py)
        self.review_step = 0  # the trick the review after the deal shows
        self.review_token = 0  # bumped when the review closes: its coaching stops
        self.review_deal = ""  # the deal the open review is of
        self._proxies = []
        self._bind()

    # -- events -----------------------------------------------------------------------
    def _on(self, element, event: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        element.addEventListener(event, proxy)

    def _bind(self) -> None:
        self._on(_el("hand"), "click", self.on_hand_click)
        self._on(js.document.body, "click", self.on_action_click)
        self._on(js.document, "keydown", self.on_key)
        self._on(_el("settings-form"), "submit", self.on_settings_submit)
        self._on(_el("settings-form"), "change", self.on_settings_change)
        self._on(_el("stats-file"), "change", self.on_stats_file)
        self._on(_el("review"), "close", self.on_review_close)
        self._on(js.window, "storage", self.on_storage)
        self._on(js.window, "pagehide", self.on_pagehide)
        self._on(js.window, "pageshow", self.on_pageshow)
        self._beat = create_proxy(self.app.tabs.beat)
        self._proxies.append(self._beat)
        js.setInterval(self._beat, BEAT_MS)

    def on_storage(self, event) -> None:
        """Another tab changed the stored settings or stats: show what it changed."""
        key = "" if _null(event.key) else str(event.key)
        if key in ("", PREFIX + "settings", PREFIX + "variant", PREFIX + "people"):
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
            if _el("stats").open:
                self._fill_stats()

    def on_pagehide(self, event) -> None:
        self.app.tabs.leave()  # a reload or a closed tab: its deal may be taken over

    def on_pageshow(self, event) -> None:
        if event.persisted:  # back from the back-forward cache
            self.app.tabs.beat()

    def on_hand_click(self, event) -> None:
        button = _closest(event, "button[data-card]")
        if button is None or button.disabled:
            return
        self.play(str(button.dataset.card), int(button.dataset.index))  # refused ones say why

    def on_key(self, event) -> None:
        key = str(event.key)
        if _el("review").open and key in ("ArrowLeft", "ArrowRight"):  # the review's Previous and Next
            event.preventDefault()
            self._review_move(-1 if (key == "ArrowLeft") == (self.app.tr.dir == "ltr") else 1)
            return
        if not _null(js.document.querySelector("dialog[open]")):
            return
        if key.isdigit() and self.app.human_to_move:
            index = int(key)
            hand = self.app.game.hands[self.app.game.turn]  # the person to move is the one whose hand is shown
            if 1 <= index <= len(hand):
                event.preventDefault()
                self.play(str(hand[index - 1]), index)

    def on_action_click(self, event) -> None:
        button = _closest(event, "[data-action]")
        if button is None or button.disabled:
            return
        action = str(button.dataset.action)
        handler = getattr(self, "action_" + action.replace("-", "_"), None)
        if handler is not None:
            handler(button)

    # -- actions ----------------------------------------------------------------------
    def play(self, card: str, index: int) -> None:
        start = self._rect(f"#hand button[data-card='{card}']")
        try:
            played = self.app.click_card(card)
        except IllegalMoveError:
            return
        self.render(focus_index=index)
        if played:
            self._fly(card, start)
            self.drive()

    def action_exchange(self, button) -> None:
        self._human_action(self.app.exchange_human)

    def action_show(self, button) -> None:
        self._human_action(self.app.show_human)

    def action_bid(self, button) -> None:
        value = str(button.dataset.value)
        self._human_action(lambda: self.app.bid_human(value))

    def action_pass(self, button) -> None:
        self._human_action(self.app.pass_human)

    def action_call(self, button) -> None:
        card = str(button.dataset.value)
        self._human_action(lambda: self.app.call_human(card))

    def action_reveal(self, button) -> None:
        """Pass-and-play: the person the device was passed to shows their cards."""
        if self.app.show_cards():
            self.render(focus_index=1)
            self.drive()

    def action_call_rank(self, button) -> None:
        self.app.choose_call_rank(str(button.dataset.value))
        self.render()
        chosen = js.document.querySelector("#hand-actions [aria-pressed='true']")
        if not _null(chosen):
            chosen.focus()

    def _human_action(self, act) -> None:
        try:
            act()
        except IllegalMoveError:
            return
        self.render(focus_index=1)
        self.drive()

    def action_next(self, button) -> None:
        if not self.app.can_continue:
            return
        self._close_dialogs()
        self.epoch += 1
        self.app.next_deal()
        self.render(focus_index=1)
        self.drive()

    def action_undo(self, button) -> None:
        """Practice games: the person's last card goes back to the hand."""
        if not self.app.can_undo:
            return
        self._close_dialogs()
        self.epoch += 1  # a computer player thinking of its answer stops
        self.app.undo()
        self.render(focus_index=1)
        self.drive()

    def action_sound(self, button) -> None:
        self.app.set_sound(not self.app.sound_on)
        self.paint_sound()
        self.play_cues()

    def action_close(self, button) -> None:
        dialog = button.closest("dialog")
        if not _null(dialog):
            dialog.close()

    def action_howto(self, button) -> None:
        """How to play: from the settings, the way of playing chosen in the form; else
        the deal in play. Opened from the first-run offer, the offer is done with."""
        in_settings = not _null(button.closest("#settings"))
        model = self.app.howto(self._form_values() if in_settings else None)
        _el("howto-body").innerHTML = render.howto_html(model, self.app.tr)
        if not _null(button.closest("#howto-offer")):
            self.app.dismiss_offer()
            self.render()
        _el("howto").showModal()
        _el("howto").scrollTop = 0  # the first lines in view, though the focus is on Close

    def action_offer_dismiss(self, button) -> None:
        self.app.dismiss_offer()
        self.render()

    def action_tips_off(self, button) -> None:
        self.app.tips_off()
        self.render()

    def action_dismiss(self, button) -> None:
        self.app.notice_dismissed = True
        self.render()

    def action_new(self, button) -> None:
        game, match = self.app.game, self.app.match
        in_match = not match.single and not match.finished and match.match.deals_played > 0
        if (not game.over and game.tricks) or in_match:
            self._close_dialogs()
            _el("confirm-new-text").textContent = self.app.tr.t("new_match_confirm" if in_match else "new_game_confirm")
            _el("confirm-new").showModal()
            return
        self.new_deal()

    def action_new_confirmed(self, button) -> None:
        self.new_deal()

    def new_deal(self) -> None:
        self._close_dialogs()
        self.epoch += 1
        self.app.new_deal()
        self.render(focus_index=1)
        self.drive()

    def action_last(self, button) -> None:
        last = self.app.last_trick()
        if last is None:
            return
        cards, text = last
        _el("last-cards").innerHTML = "".join(render.played_html(self.app.settings.deck, c) for c in cards)
        _el("last-text").textContent = text
        _el("last-trick").showModal()

    def action_stats(self, button) -> None:
        self.app.refresh_stats()
        self._fill_stats()
        self._say_in_stats("")
        _el("stats").showModal()

    def _say_in_stats(self, text: str) -> None:
        message = _el("stats-message")
        message.textContent = text
        message.hidden = not text

    def action_export_stats(self, button) -> None:
        """Download every stats key as a JSON file."""
        name, text = self.app.export_stats()
        options = js.Object.new()
        options.type = "application/json"
        blob = js.Blob.new(js.Array.of(text), options)
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)

    def action_import_stats(self, button) -> None:
        _el("stats-file").click()  # the browser's file picker; on_stats_file reads the choice

    def on_stats_file(self, event) -> None:
        chooser = _el("stats-file")
        files = chooser.files
        if _null(files) or files.length == 0:
            return
        asyncio.ensure_future(self._import_file(files.item(0)))
        chooser.value = ""  # the same file may be chosen again

    async def _import_file(self, file) -> None:
        if int(file.size) > MAX_FILE_CHARS * 4:  # not read at all: far more than a stats file
            text = None
        else:
            try:
                text = str(await file.text())
            except Exception:
                text = None
        ok, said = self.app.import_stats(text)
        if ok:
            self._fill_stats()
        self._say_in_stats(said)

    def _fill_stats(self) -> None:
        _el("stats-body").innerHTML = render.stats_html(self.app.stats_rows(), self.app.tr)

    def action_reset_stats(self, button) -> None:
        _el("confirm-reset").showModal()  # over the stats, which Cancel returns to

    def action_reset_stats_confirmed(self, button) -> None:
        _el("confirm-reset").close()
        self.app.reset_stats()
        self._fill_stats()
        self._say_in_stats("")

    def action_settings(self, button) -> None:
        _el("settings-fields").innerHTML = render.settings_html(self.app.settings_form())
        _el("settings").showModal()

    def _form_values(self) -> dict:
        """What the settings form holds now, by field name."""
        form = _el("settings-form")
        values: dict = {}
        for name in (*VARIANT_FIELDS, *BASE_FIELDS):
            if name in FLAG_FIELDS:
                box = form.querySelector(f"input[name='{name}']")
                if not _null(box):
                    values[name] = bool(box.checked)
            elif name == "lang":
                select = form.querySelector("select[name='lang']")
                if not _null(select):
                    values[name] = str(select.value)
            else:
                chosen = form.querySelector(f"input[name='{name}']:checked")
                if not _null(chosen):
                    values[name] = str(chosen.value)
        people = self._form_people(form)
        if people is not None:
            values[PEOPLE_FIELD] = people
        return values

    def _form_people(self, form) -> list | None:
        """Players at this device as the form holds them: per seat a name ("" for the
        seat's own) or None for the computer; None when the form has no such part."""
        people: list = []
        for seat in range(MAX_SEATS):
            name = form.querySelector(f"input[name='name_{seat}']")
            box = form.querySelector(f"input[name='person_{seat}']")  # none for seat 1: a person always
            if _null(name) or (seat and _null(box)):
                return None
            people.append(str(name.value) if seat == 0 or box.checked else None)
        return people

    def on_settings_change(self, event) -> None:
        """A choice changed in the form: show what the engine plays with it."""
        form = self.app.settings_form(self._form_values())
        root = _el("settings-form")
        for f in form.fields:
            box = root.querySelector(f"[data-field='{f.name}']")
            if _null(box) or f.name in PERSONAL_BOXES:  # the person's tick stays as it is
                continue
            box.hidden = f.hidden
            if f.kind == "select":
                continue
            if f.kind == "people":  # a row per seat of the player count; a name only for a person
                for c in f.choices:
                    row = box.querySelector(f"[data-seat='{c.value}']")
                    if not _null(row):
                        row.hidden = c.hidden
                        row.querySelector("input[type='text']").disabled = not c.checked
                continue
            for c in f.choices:
                field_input = box.querySelector(f"input[value='{c.value}']")
                if _null(field_input):
                    continue
                field_input.checked = c.checked
                field_input.disabled = c.disabled
                if f.kind == "radio":
                    field_input.closest("label").hidden = c.hidden
            if f.about:
                _el("variant-about").textContent = f.about

    def _ticked(self, name: str) -> bool | None:
        box = _el("settings-form").querySelector(f"input[name='{name}']")
        return None if _null(box) else bool(box.checked)

    def on_settings_submit(self, event) -> None:
        event.preventDefault()
        changes = self._form_values()
        reduce, practice, autoplay = (self._ticked(name) for name in PERSONAL_BOXES)
        if reduce is not None:
            self.app.set_reduce_motion(reduce)
        practice_now = False
        if practice is not None and autoplay is not None:
            practice_now = self.app.set_play_options(practice, autoplay)
        _el("settings").close()
        try:
            needs_new = self.app.change_settings(**changes)
        except ValueError:
            return
        self.translate_static()
        if needs_new or practice_now:
            self.new_deal()
        else:
            self.render()

    def action_hint(self, button) -> None:
        if not self.app.human_to_move:
            return
        asyncio.ensure_future(self._hint())

    async def _hint(self) -> None:
        app, epoch = self.app, self.epoch
        view = app.current_view()  # the person to move, whose hand is shown
        try:
            choice = await self._think(app.hint_agent(), view)
        except Exception:
            return
        if epoch == self.epoch and app.human_to_move:
            app.set_hint(choice)
            self.render()

    def _close_dialogs(self) -> None:
        for d in js.document.querySelectorAll("dialog[open]"):
            d.close()

    # -- the review after the deal ------------------------------------------------------
    def action_review(self, button) -> None:
        """The review of the finished deal, from its first trick; the expert's coaching is
        worked out while it is open, a slice a frame."""
        review = self.app.review()
        if review is None:
            return
        self.review_step = 0
        self.review_deal = self.app.deal_id
        self.review_token += 1
        _el("summary").close()
        self._paint_review()
        _el("review").showModal()
        _el("review-next").focus()
        if not review.done:
            asyncio.ensure_future(self._coach(review, self.review_token))

    def action_review_prev(self, button) -> None:
        self._review_move(-1)

    def action_review_next(self, button) -> None:
        self._review_move(1)

    def action_review_go(self, button) -> None:
        """A costliest decision clicked: its trick. The step's words are announced, and
        the focus stays on the list."""
        self.review_step = int(button.dataset.step)
        self._paint_review()

    def _review_move(self, delta: int) -> None:
        review = self.app.review()
        if review is None:
            return
        step = max(0, min(self.review_step + delta, len(review.steps) - 1))
        if step == self.review_step:
            return
        self.review_step = step
        self._paint_review()
        active = js.document.activeElement
        if not _null(active) and getattr(active, "disabled", False):  # the first or the last trick: the other way
            _el("review-next" if delta < 0 else "review-prev").focus()

    def _paint_review(self) -> None:
        review = self.app.review()
        if review is None or self.review_deal != self.app.deal_id:
            return
        m = self.app.review_model(review, self.review_step)
        t = self.app.tr
        deck = self.app.settings.deck
        progress = _el("review-progress")
        if progress.textContent != m.progress:
            progress.textContent = m.progress
        self._paint("review-costly", render.review_costly_html(m))
        text = _el("review-step-text")
        if text.textContent != m.text:
            text.textContent = m.text
        self._paint("review-cards", render.review_cards_html(m, deck))
        self._paint("review-coach", render.review_coach_html(m, t))
        _el("review").dataset.done = "true" if m.done else "false"
        _el("review-prev").disabled = m.step == 0
        _el("review-next").disabled = m.step == m.steps - 1

    async def _coach(self, review, token: int) -> None:
        """The coaching, one slice at a time with a painted frame between (as a computer
        player thinks); stops when the review closes or another deal starts."""
        steps = review.coach()
        shown = review.coached
        try:
            while token == self.review_token and self.review_deal == self.app.deal_id:
                try:
                    count = next(steps)
                except StopIteration:
                    break
                if count != shown:
                    shown = count
                    self._paint_review()
                await next_frame()
        except Exception as error:  # the review still steps through the deal
            js.console.warn(f"coaching failed: {type(error).__name__}: {error}")
        if token == self.review_token:
            self._paint_review()

    def on_review_close(self, event) -> None:
        """The review closed: its coaching stops, and the deal's summary is back (its
        Review button focused), unless another deal has started."""
        self.review_token += 1
        app = self.app
        if app.game.over and self.review_deal == app.deal_id and _null(js.document.querySelector("dialog[open]")):
            _el("summary").showModal()
            _el("summary-review").focus()

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
                    continue
                card = app.auto_card
                if card is not None:  # the last card plays itself, as if tapped
                    await asyncio.sleep(pace.before_move / 2000)
                    if epoch != self.epoch or app.auto_card != card:
                        break
                    start = self._rect(f"#hand button[data-card='{card}']")
                    app.click_card(card)
                    self.render()
                    self._fly(str(card), start)
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
                start = self._rect(f"#opponents .seat[data-seat='{app.seats[app.game.turn]}']")
                app.play_computer_choice(choice)
                self.render()
                played = app.held.plays[-1][1] if app.held is not None else app.game.trick[-1][1] if app.game.trick \
                    else None
                if played is not None:
                    self._fly(str(played), start)
                mark("briscola:computer-played")
        finally:
            self.driving = False
        if epoch != self.epoch:
            self.drive()

    # -- motion -----------------------------------------------------------------------
    def _rect(self, selector: str):
        element = js.document.querySelector(selector)
        return None if _null(element) else element.getBoundingClientRect()

    def _move(self, element, start, end, ms: int, leave: bool = False, here=None):
        """Animate ``element`` between two places given as screen boxes: from ``start`` to
        where it lies (``leave`` False), or from where it lies to ``end``. The individual
        ``translate`` and ``scale`` properties compose with the element's own transform,
        so a card placed by the stylesheet keeps its place. Never blocks a tap. ``here``
        is the element's box when already read (several cards moved at once read every
        box first, so that the layout is computed once, not once per card)."""
        if here is None:
            here = element.getBoundingClientRect()
        other = end if leave else start
        if other is None or not here.width or not other.width:
            return None
        dx = other.left + other.width / 2 - (here.left + here.width / 2)
        dy = other.top + other.height / 2 - (here.top + here.height / 2)
        scale = max(0.3, min(2.0, other.width / here.width))
        away = {"translate": f"{dx:.0f}px {dy:.0f}px", "scale": f"{scale:.2f}", "opacity": 0.0 if leave else 0.6}
        still = {"translate": "0px 0px", "scale": "1", "opacity": 1}
        frames = [still, away] if leave else [away, still]
        options = {"duration": ms, "easing": EASE, "fill": "forwards" if leave else "none"}
        return element.animate(to_js(frames, dict_converter=js.Object.fromEntries),
                                to_js(options, dict_converter=js.Object.fromEntries))

    def _fly(self, card: str, start) -> None:
        """The card just played flies from its player's place (the hand, or the seat)."""
        if not self.app.motion:
            return
        figure = js.document.querySelector(f"#trick figure[data-card='{card}']")
        if not _null(figure):
            figure.classList.remove("new")
            self._move(figure, start, None, FLY_MS)

    async def _gather(self) -> None:
        """The taken trick goes to its winner's place (the person's own pile for a trick of
        theirs) before it leaves the table."""
        app = self.app
        if not app.motion or app.held is None:
            return
        winner = app.seats[app.held.winner]
        end = self._rect("#my-pile" if winner == app.seats[app.bottom] else f"#opponents .seat[data-seat='{winner}']")
        figures = list(js.document.querySelectorAll("#trick figure"))
        boxes = [f.getBoundingClientRect() for f in figures]
        moved = [self._move(f, None, end, GATHER_MS, leave=True, here=box) for f, box in zip(figures, boxes)]
        if any(m is not None for m in moved):
            await asyncio.sleep(GATHER_MS / 1000)

    def _deal_in(self, cards: list[str]) -> None:
        """Cards drawn come from the stock into the hand."""
        start = self._rect("#stock-pile img") or self._rect("#briscola img") or self._rect("#stock")
        if not self.app.motion or start is None:
            return
        buttons = [js.document.querySelector(f"#hand button[data-card='{card}']") for card in cards]
        buttons = [b for b in buttons if not _null(b)]
        for button in buttons:
            button.classList.remove("new")
        boxes = [b.getBoundingClientRect() for b in buttons]  # one layout for them all
        for button, box in zip(buttons, boxes):
            self._move(button, start, None, DEAL_MS, here=box)

    # -- painting ---------------------------------------------------------------------
    def translate_static(self) -> None:
        t = self.app.tr
        root = js.document.documentElement
        root.lang = t.lang
        root.dir = t.dir
        for node in js.document.querySelectorAll("[data-t]"):
            node.textContent = t.t(str(node.dataset.t))
        _el("hand").setAttribute("aria-label", t.t("your_hand"))
        _el("table").setAttribute("aria-label", t.t("table"))
        _el("opponents").setAttribute("aria-label", t.t("opponents"))
        _el("trick").setAttribute("aria-label", t.t("trick"))
        _el("stock").setAttribute("aria-label", t.t("stock"))
        _el("score").setAttribute("aria-label", t.t("score"))
        self.paint_sound()

    def paint_sound(self) -> None:
        """The sound button says whether sound is on (aria-pressed, and its tooltip), and
        sound.js is told."""
        on, t = self.app.sound_on, self.app.tr
        button = _el("sound-toggle")
        if not _null(button):
            button.setAttribute("aria-pressed", "true" if on else "false")
            button.setAttribute("aria-label", t.t("sound"))
            button.title = t.t("sound_on" if on else "sound_off")
            button.disabled = False
        api = sound_api()
        if api is not None:
            try:
                api.setEnabled(on)
            except Exception:
                pass

    def play_cues(self) -> None:
        """Hand the cues of what just happened to sound.js (nothing while muted, and
        nothing before start-up is over: a page makes no noise before it is touched)."""
        cues = self.app.take_cues()
        api = sound_api() if cues and self.sounding else None
        if api is None:
            return
        for cue in cues:
            try:
                api.play(cue)
            except Exception:
                return

    def _paint(self, region: str, html: str, same_as: str | None = None) -> None:
        """Replace a region's HTML only when it changed (a repaint of card art is costly).
        ``same_as`` is what to compare when ``html`` differs only in entry animations."""
        key = html if same_as is None else same_as
        if self.painted.get(region) == key:
            return
        self.painted[region] = key
        _el(region).innerHTML = html

    def render(self, focus_index: int | None = None) -> None:
        app = self.app
        m = app.model()
        t = app.tr
        active = js.document.activeElement
        had_hand_focus = not _null(active) and hasattr(active, "closest") and not _null(active.closest("#hand"))
        self._paint("opponents", render.opponents_html(m, t))
        if m.phase in ("auction", "call"):
            self._paint("trick", render.auction_html(m, t))
        else:
            self._paint("trick", render.trick_html(m, self.trick_shown), render.trick_html(m, ALL_SHOWN))
        _el("trick").classList.toggle("many", len(m.trick) > 4 or (len(m.trick) > 2 and m.per_trick > 1))
        briscola, pile, caption = render.stock_html(m)
        self._paint("briscola", briscola)
        self._paint("stock-pile", pile)
        self._paint("stock-count", caption)
        hand = _el("hand")
        drawn = [c.card for c in m.hand if c.card not in self.hand_shown] if self.hand_shown else []
        self._paint("hand", render.hand_html(m, self.hand_shown), render.hand_html(m, ALL_SHOWN))
        self.hand_shown = frozenset(c.card for c in m.hand)
        if drawn and len(drawn) < len(m.hand):  # drawn after a trick, not a new deal's whole hand
            self._deal_in(drawn)
        self.trick_shown = frozenset(c.card for c in m.trick)
        hand.classList.toggle("your-turn", m.your_turn)
        hand.dataset.count = str(len(m.hand))
        self._paint("hand-actions", render.actions_html(m.actions, m.deck, t))
        bar = _el("match-bar")
        self._paint("match-bar", render.match_bar_html(m.match))
        bar.hidden = m.match is None
        if m.match is not None:
            bar.setAttribute("aria-label", m.match.label)
        self._paint("score", render.score_html(m.sides, t))
        _el("my-pile").textContent = m.my_pile_label
        status = _el("status")
        if status.textContent != m.message:
            status.textContent = m.message
        tip = _el("tip")
        if _el("tip-text").textContent != m.tip:
            _el("tip-text").textContent = m.tip
        tip.hidden = not m.tip
        _el("howto-offer").hidden = not m.offer
        notice = _el("notice")
        if m.notice:
            _el("notice-text").textContent = m.notice
            notice.hidden = False
        else:
            notice.hidden = True
        for button in js.document.querySelectorAll("#actions button"):
            action = str(button.dataset.action)
            if action == "hint":
                button.disabled = not m.your_turn
            elif action == "last":
                button.disabled = not m.can_review_last
            else:
                button.disabled = False
        cover = _el("cover")
        cover_before = self.painted.get("cover")
        self._paint("cover", render.cover_html(m.cover))
        cover.hidden = m.cover is None
        state = "over" if app.game.over else "your-turn" if m.your_turn else "cover" if m.cover else "waiting"
        js.document.body.dataset.state = state
        js.document.body.dataset.players = str(app.game.n)
        js.document.body.dataset.hand = str(app.game.rules.hand_size)
        js.document.body.dataset.per = str(m.per_trick)
        js.document.body.dataset.variant = m.variant
        js.document.body.dataset.phase = m.phase
        js.document.body.dataset.motion = "on" if app.motion else "off"
        js.document.body.dataset.practice = "on" if m.practice else "off"
        _el("practice-mark").hidden = not m.practice
        if m.cover is not None:
            reveal = cover.querySelector("button")
            if not _null(reveal) and (cover_before != self.painted.get("cover") or focus_index is not None):
                reveal.focus()  # the cover just came: its button, for the next person's tap
        elif (focus_index is not None or had_hand_focus) and m.your_turn:
            buttons = hand.querySelectorAll("button")
            if m.phase in ("auction", "call"):  # the bids, or the cards to call
                buttons = _el("hand-actions").querySelectorAll("button[data-action='bid'], button[data-action='call']")
            if buttons.length:
                index = min(focus_index or 1, buttons.length) - 1
                buttons.item(index).focus()
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
        body = js.document.body
        attrs = {k: body.getAttribute("data-" + k) for k in (*snapshot.BODY_KEYS, "build")}
        values = {k: "" if _null(v) else str(v) for k, v in attrs.items()}
        text = snapshot.table_snapshot(self.painted, values, len(m.hand), bool(m.your_turn), m.message,
                                       values.pop("build"), private=self.app.pass_and_play)
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
        How to play) is filled."""
        body = js.document.body
        card = body.getAttribute("data-queued")
        if not _null(card):
            body.removeAttribute("data-queued")
            button = js.document.querySelector(f"#hand button[data-card='{card}']")
            if not _null(button) and not button.disabled:
                self.play(str(card), int(button.dataset.index))
        dialog = _el("settings")
        if not _null(dialog) and dialog.open:
            _el("settings-fields").innerHTML = render.settings_html(self.app.settings_form())
        dialog = _el("howto")
        if not _null(dialog) and dialog.open:
            _el("howto-body").innerHTML = render.howto_html(self.app.howto(None), self.app.tr)
        for button in js.document.querySelectorAll("#stats .dialog-buttons button"):
            button.disabled = False
        dialog = _el("stats")
        if not _null(dialog) and dialog.open:
            self.app.refresh_stats()
            self._fill_stats()

    async def _show_summary_soon(self, summary, epoch: int) -> None:
        """The end-of-deal summary, a frame after the table's last change: building it
        (every trick's cards) is a task of its own, and the table is painted first."""
        await next_frame()
        if epoch == self.epoch:
            self._show_summary(summary)

    def _show_summary(self, summary) -> None:
        headline, rows = render.summary_parts(summary, self.app.tr)
        _el("summary-title").textContent = summary.title
        head = _el("summary-headline")
        head.textContent = headline
        head.className = "headline " + summary.outcome
        note = _el("summary-note")
        note.textContent = summary.note
        note.hidden = not summary.note
        _el("summary-sides").innerHTML = rows
        _el("summary-match").innerHTML = render.match_summary_html(summary.match)
        _el("summary-tricks").innerHTML = render.tricks_html(summary, self.app.settings.deck, self.app.tr)
        _el("summary-review").hidden = not summary.tricks  # no review of a deal thrown in
        go = _el("summary-go")  # one button: the next deal of the match, or a new game
        go.dataset.action = summary.go.action
        go.textContent = summary.go.label
        self._close_dialogs()
        _el("summary").showModal()
        mark("briscola:summary")


def next_frame():
    """A promise that settles once the browser has painted a frame (or after
    FRAME_WAIT_MS): awaiting it between slices of work keeps the page painting."""

    def executor(resolve, reject):
        js.requestAnimationFrame(resolve)
        js.setTimeout(resolve, FRAME_WAIT_MS)

    return js.Promise.new(create_once_callable(executor))


def system_reduces_motion() -> bool:
    """The system asks for reduced motion (prefers-reduced-motion)."""
    try:
        return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def browser_languages() -> list[str]:
    """``navigator.languages`` in order of preference (``navigator.language`` if absent)."""
    try:
        tags = [str(tag) for tag in js.navigator.languages]
    except Exception:
        tags = []
    return tags or [str(js.navigator.language or "")]


def set_stage(stage: int, text: str) -> None:
    bar = _el("loader-bar")
    if not _null(bar):
        bar.setAttribute("aria-valuenow", str(stage))
    label = _el("loader-text")
    if not _null(label):
        label.textContent = text


def start() -> Page:
    from .i18n import Translator, pick_language

    browser_lang = browser_languages()
    lang = pick_language(browser_lang)
    set_stage(2, Translator(lang).t("stage_engine"))
    mark("briscola:engine")
    app = App(Store(open_storage()), browser_lang=browser_lang,
              session=open_storage("sessionStorage"), reloaded=was_reloaded())
    app.system_reduces_motion = system_reduces_motion()
    page = Page(app)
    page.translate_static()
    page.render(focus_index=1)
    if not performance_has("briscola:table"):  # early.js painted none
        mark("briscola:table")  # the table is on screen (tools/bench_startup.py)
    page.sounding = True
    page.take_early_taps()
    set_stage(3, app.tr.t("stage_ready"))
    mark("briscola:ready")
    page.drive()
    return page
