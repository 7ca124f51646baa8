"""The page's dialogs: How to play, Last trick, Stats, Settings, the deal's summary and
the review after it.

:class:`Dialogs` is a part of :class:`~.dom.Page` (its base class): its methods fill a
dialog from the app's models and open it, and read what the person did in it, through
the page's queue of changes (``self.op``, ``self.flush``) and its repaint
(``self.render``). Kept apart from the table's painting and the computer players'
turns, so that each file holds one concern.
"""

from __future__ import annotations

import asyncio

import js  # type: ignore[import-not-found]

from . import render
from .bridge import Pressed, Seen, as_list, is_null, mark, next_frame, page_api
from .saved import AUTOPLAY_FIELD, CARDS_OUT_FIELD, MOTION_FIELD, PRACTICE_FIELD, TIPS_FIELD
from .settings import BASE_FIELDS, FLAG_FIELDS, MAX_SEATS, PEOPLE_FIELD, VARIANT_FIELDS

# the form's boxes that are not Settings
PERSONAL_BOXES = (MOTION_FIELD, PRACTICE_FIELD, AUTOPLAY_FIELD, CARDS_OUT_FIELD, TIPS_FIELD)


class Dialogs:
    """The dialogs' half of :class:`~.dom.Page`: their ``action_*`` and ``on_*`` handlers
    are found on the page as the table's are."""

    # -- opening one -------------------------------------------------------------------
    def _open_dialog(self, selector: str, focus: str | None = None) -> None:
        """Open a dialog at its top, the focus on ``focus`` if given (else where the
        browser puts it): a dialog opened scrolled to its end hides what it is about."""
        self.op("modal", selector)
        if focus:
            self.op("focus", focus)
        self.op("prop", selector, "scrollTop", 0)

    def action_howto(self, button: Pressed) -> None:
        """How to play: from the settings, the way of playing chosen in the form; else
        the deal in play. Opened from the first-run offer, the offer is done with."""
        in_settings = button.settings
        model = self.app.howto(self._form_values() if in_settings else None)
        self.op("html", "#howto-body", render.howto_html(model, self.app.tr))
        if button.offer:
            self.app.dismiss_offer()
            self.render()
        self._open_dialog("#howto")  # the focus on Close, as the dialog puts it


    # -- last trick --------------------------------------------------------------------
    def action_last(self, button: Pressed) -> None:
        last = self.app.last_trick()
        if last is None:
            return
        cards, text = last
        self.op("html", "#last-cards", "".join(render.played_html(self.app.card_pictures, c) for c in cards))
        self.op("text", "#last-text", text)
        self.paint_cards_out()
        self.op("modal", "#last-trick")

    def action_cards_out(self, button: Pressed) -> None:
        """The toggle beside Close in Last trick: the cards played shown or hidden, and
        remembered (the same choice as Settings' box)."""
        self.app.set_cards_out(not self.app.cards_out_on)
        self.paint_cards_out()

    def paint_cards_out(self) -> None:
        """The cards played in Last trick: when the dialog opens or its toggle is pressed,
        and when a pass-and-play cover comes or goes (``Page.render``), so that a cover
        that comes while the dialog is open takes the last person's hand out of it before
        the next person holds the device."""
        out = self.app.cards_out()
        self._paint("cards-out", render.cards_out_html(self.app.card_pictures, out))
        self.op("prop", "#cards-out", "hidden", out is None)
        self.op("attr", "#cards-out-toggle", "aria-pressed", "false" if out is None else "true")


    # -- stats -------------------------------------------------------------------------
    def action_stats(self, button: Pressed) -> None:
        self.app.refresh_stats()
        self._fill_stats()
        self._say_in_stats("")
        # the first control would take the focus: Reset, at the bottom, scrolled to
        self._open_dialog("#stats", "#stats [data-action='close']")

    def _say_in_stats(self, text: str) -> None:
        self.op("text", "#stats-message", text)
        self.op("prop", "#stats-message", "hidden", not text)
        if text:  # new charts above may have pushed the message and the buttons out of view
            self.op("reveal", "#stats .dialog-buttons")

    def action_export_stats(self, button: Pressed) -> None:
        """Download every stats key as a JSON file."""
        name, text = self.app.export_stats()
        self.op("download", name, text)
        self._say_in_stats(self.app.tr.t("export_done", name=name))  # the browser may save it without a word

    def action_import_stats(self, button: Pressed) -> None:
        self.op("click", "#stats-file")  # the browser's file picker; paint.js reads the choice

    def on_stats_file(self, seen: Seen) -> None:
        """The file chosen, as paint.js read it (None: too large, or unreadable)."""
        text = seen.event.detail.text
        ok, said = self.app.import_stats(None if is_null(text) else str(text))
        if ok:
            self._fill_stats()
        self._say_in_stats(said)

    def _fill_stats(self) -> None:
        self.op("html", "#stats-body", render.stats_html(self.app.stats_rows(), self.app.tr))

    def action_reset_stats(self, button: Pressed) -> None:
        self.op("modal", "#confirm-reset")  # over the stats, which Cancel returns to

    def action_reset_stats_confirmed(self, button: Pressed) -> None:
        self.op("close", "#confirm-reset")
        self.app.reset_stats()
        self._fill_stats()
        self._say_in_stats("")

    # -- settings ----------------------------------------------------------------------
    def action_settings(self, button: Pressed) -> None:
        if "settings" in self.open_dialogs():
            # tapped as Python finished starting: early.js opened it and take_early_taps
            # filled it; filling it again would undo a choice made since
            return
        self.op("html", "#settings-fields", render.settings_html(self.app.settings_form()))
        self.op("modal", "#settings")

    def _read_form(self) -> tuple[dict[str, tuple[str, str, bool]], dict[str, str], set[tuple[str, str]]]:
        """The settings form as the page holds it (one call): by name, the first input or
        select of that name (type, value, ticked), the value of the first one ticked, and
        every (name, value) ticked."""
        first: dict[str, tuple[str, str, bool]] = {}
        ticked: dict[str, str] = {}
        on: set[tuple[str, str]] = set()
        for n, t, v, c in as_list(page_api.form("#settings-form")):
            name, entry = str(n), (str(t), str(v), bool(c))
            first.setdefault(name, entry)
            if entry[2]:
                ticked.setdefault(name, entry[1])
                on.add((name, entry[1]))
        return first, ticked, on

    def _form_values(self, read: tuple[dict, dict, set] | None = None) -> dict:
        """What the settings form holds now, by field name."""
        first, ticked, _ = self._read_form() if read is None else read
        values: dict = {}
        for name in (*VARIANT_FIELDS, *BASE_FIELDS):
            if name in FLAG_FIELDS:
                if name in first:
                    values[name] = first[name][2]
            elif name == "lang":
                if name in first and first[name][0].startswith("select"):
                    values[name] = first[name][1]
            elif name in ticked:
                values[name] = ticked[name]
        people = self._form_people(first)
        if people is not None:
            values[PEOPLE_FIELD] = people
        return values

    @staticmethod
    def _form_people(first: dict) -> list | None:
        """Players at this device as the form holds them: per seat a name ("" for the
        seat's own) or None for the computer; None when the form has no such part."""
        people: list = []
        for seat in range(MAX_SEATS):
            name = first.get(f"name_{seat}")
            box = first.get(f"person_{seat}")  # none for seat 1: a person always
            if name is None or (seat and box is None):
                return None
            people.append(name[1] if seat == 0 or box[2] else None)
        return people

    def on_settings_change(self, seen: Seen) -> None:
        """A choice changed in the form: show what the engine plays with it.

        A box is ticked or cleared only where the engine's choice differs from what the
        form held when it was read (a preset that brings its options): a tap that lands
        while this runs (a worker answers some 100 ms later on a phone) is not undone."""
        read = self._read_form()
        form = self.app.settings_form(self._form_values(read))
        for f in form.fields:
            if f.name in PERSONAL_BOXES:  # the person's tick stays as it is
                continue
            box = f"#settings-form [data-field='{f.name}']"
            self.op("prop", box, "hidden", f.hidden)
            if f.kind == "select":
                continue
            if f.kind == "people":  # a row per seat of the player count; a name only for a person
                for c in f.choices:
                    row = f"{box} [data-seat='{c.value}']"
                    self.op("prop", row, "hidden", c.hidden)
                    self.op("prop", row + " input[type='text']", "disabled", not c.checked)
                    self.op("prop", row + " input[type='text']", "placeholder", c.placeholder)
                continue
            for c in f.choices:
                field_input = f"{box} input[value='{c.value}']"
                if c.checked != ((f.name, str(c.value)) in read[2]):
                    self.op("prop", field_input, "checked", c.checked)
                self.op("prop", field_input, "disabled", c.disabled)
                if f.kind == "radio":
                    self.op("closest", field_input, "label", "hidden", c.hidden)
            if f.name in render.ABOUT_FIELDS:
                self.op("text", f"{box} .about", f.about)
                self.op("prop", f"{box} .about", "hidden", not f.about)

    def on_settings_submit(self, seen: Seen) -> None:
        seen.event.preventDefault()
        read = self._read_form()
        changes = self._form_values(read)
        first = read[0]
        reduce, practice, autoplay, cards_out, tips = (first[name][2] if name in first else None
                                                       for name in PERSONAL_BOXES)
        if reduce is not None:
            self.app.set_reduce_motion(reduce)
        if cards_out is not None:
            self.app.set_cards_out(cards_out)
        if tips is not None:
            self.app.set_tips(tips)
        practice_now = False
        if practice is not None and autoplay is not None:
            practice_now = self.app.set_play_options(practice, autoplay)
        self.op("close", "#settings")
        try:
            needs_new = self.app.change_settings(**changes)
        except ValueError:
            return
        self.translate_static()
        if (needs_new or practice_now) and self.summary_waits != self.epoch:
            self.new_deal()
            return
        if needs_new:  # the finished deal's summary first; its New game deals the new way
            self.app.message = self.app.settings_wait_message()
        self.render()
        self.drive()  # the last card by itself, just turned on with one card left to play: it plays now

    # -- the review after the deal -----------------------------------------------------
    def action_summary(self, button: Pressed) -> None:
        """The deal's summary again, from the table (its Review, the tricks, the next deal)."""
        summary = self.app.summary()
        if summary is not None:
            self._show_summary(summary)

    def action_review(self, button: Pressed) -> None:
        """The review of the finished deal, from its first trick; the expert's coaching is
        worked out while it is open, a slice a frame."""
        review = self.app.review()
        if review is None:
            return
        self.review_step = 0
        self.review_deal = self.app.deal_id
        self.review_token += 1
        self.op("close", "#summary")
        self._paint_review()
        self.op("prop", "#review .review-body", "scrollTop", 0)  # from the top, whatever was read last time
        self.op("modal", "#review")
        self.op("focus", "#review-next")
        if not review.done:
            asyncio.ensure_future(self._coach(review, self.review_token))

    def action_review_prev(self, button: Pressed) -> None:
        self._review_move(-1)

    def action_review_next(self, button: Pressed) -> None:
        self._review_move(1)

    def action_review_go(self, button: Pressed) -> None:
        """A costliest decision clicked: its trick, at the top. The step's words are
        announced, and the focus goes to Next, always in view (left on the list below, it
        was scrolled out of sight with its ring)."""
        self.review_step = int(button.step or 0)
        self._paint_review()
        self.op("prop", "#review .review-body", "scrollTop", 0)  # the step is at the top, the list below
        self.op("focus", "#review-next")

    def _review_move(self, delta: int) -> None:
        review = self.app.review()
        if review is None:
            return
        step = max(0, min(self.review_step + delta, len(review.steps) - 1))
        if step == self.review_step:
            return
        self.review_step = step
        self._paint_review()
        self.op("prop", "#review .review-body", "scrollTop", 0)  # each step read from its top
        # the first or the last trick: its button is disabled, so the other way
        self.op("focusIfDisabled", "#review-next" if delta < 0 else "#review-prev")

    def _paint_review(self) -> None:
        review = self.app.review()
        if review is None or self.review_deal != self.app.deal_id:
            return
        m = self.app.review_model(review, self.review_step)
        t = self.app.tr
        deck = self.app.card_pictures
        self.op("text", "#review-progress", m.progress)
        self._paint("review-costly", render.review_costly_html(m))
        self.op("text", "#review-step-text", m.text)
        self._paint("review-cards", render.review_cards_html(m, deck))
        self._paint("review-coach", render.review_coach_html(m, t))
        self.op("data", "#review", "done", "true" if m.done else "false")
        self.op("prop", "#review-prev", "disabled", m.step == 0)
        self.op("prop", "#review-next", "disabled", m.step == m.steps - 1)

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
                    self.flush()
                await next_frame()
        except Exception as error:  # the review still steps through the deal
            js.console.warn(f"coaching failed: {type(error).__name__}: {error}")
        if token == self.review_token:
            self._paint_review()
            self.flush()

    def on_review_close(self, seen: Seen) -> None:
        """The review closed: its coaching stops, and the deal's summary is back (its
        Review button focused), unless another deal has started."""
        self.review_token += 1
        app = self.app
        if app.game.over and self.review_deal == app.deal_id and not self.open_dialogs():
            self.op("modal", "#summary")
            self.op("focus", "#summary-review")

    # -- the summary at the deal's end -------------------------------------------------
    async def _show_summary_soon(self, summary, epoch: int) -> None:
        """The end-of-deal summary, a frame after the table's last change: building it
        (every trick's cards) is a task of its own, and the table is painted first."""
        await next_frame()
        if epoch != self.epoch:
            return
        if self.open_dialogs():  # Settings half filled in, Stats, How to play: closed, the summary shows
            self.summary_waits = epoch
            return
        self._show_summary(summary)
        self.flush()
        mark("briscola:summary")

    def on_dialog_close(self, seen: Seen) -> None:
        """A dialog the person had open closed: the summary that waited for it shows,
        built afresh (Settings may have changed the language), unless a new deal has
        started or another dialog is still open."""
        if self.summary_waits != self.epoch or not self.app.game.over:
            self.summary_waits = None
            return
        if self.open_dialogs():
            return
        self.summary_waits = None
        summary = self.app.summary()
        if summary is not None:
            self._show_summary(summary)
            mark("briscola:summary")

    def _show_summary(self, summary) -> None:
        headline, rows = render.summary_parts(summary, self.app.tr)
        self.op("text", "#summary-title", summary.title)
        self.op("text", "#summary-headline", headline)
        self.op("prop", "#summary-headline", "className", "headline " + summary.outcome)
        self.op("text", "#summary-note", summary.note)
        self.op("prop", "#summary-note", "hidden", not summary.note)
        self.op("html", "#summary-sides", rows)
        self.op("html", "#summary-match", render.match_summary_html(summary.match, self.app.tr.sep))
        match = summary.match  # its result under the deal's, when the match is over
        self.op("text", "#summary-match-result", match.headline if match is not None else "")
        self.op("prop", "#summary-match-result", "className",
                "headline match-headline " + (match.outcome if match is not None else ""))
        self.op("prop", "#summary-match-result", "hidden", match is None or not match.headline)
        self.op("html", "#summary-tricks", render.tricks_html(summary, self.app.card_pictures, self.app.tr))
        self.op("prop", "#summary-review", "hidden", not summary.tricks)  # no review of a deal thrown in
        # one button: the next deal of the match, or a new game
        self.op("data", "#summary-go", "action", summary.go.action)
        self.op("text", "#summary-go", summary.go.label)
        self.op("closeAll")
        # the next deal (or match, or the next deal of it) is the likeliest step; the first
        # control, which the dialog would focus, is the folded list of tricks
        self._open_dialog("#summary", "#summary-go")


