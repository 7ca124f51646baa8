"""The settings form as the person fills it in, described as a plain
:class:`~.models.FormModel` that the DOM layer paints.

:class:`SettingsForm` is a part of :class:`~.controller.App` (its base class): it reads
the app's settings and switches and keeps only the form's own state, ``self.form`` (the
settings as the form holds them, always playable) and ``self._form_wish`` (the choices
the person made that a later change may allow again). Only choices the engine plays are
offered (:mod:`.settings`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from briscola.match import ALL_MATCH_FORMATS
from briscola.rules import AUCTIONS

from .i18n import LANGUAGES
from .models import ChoiceModel, FieldModel, FormModel
from .saved import AUTOPLAY_FIELD, CARDS_OUT_FIELD, MOTION_FIELD, PRACTICE_FIELD, TIPS_FIELD
from .settings import (DECKS, EXCHANGES, HAND_SIZES, LEVELS, MAX_SEATS, OPTION_FIELDS, PEOPLE_FIELD, SPEEDS,
                       VARIANTS, Settings, allowed, form_people, formats_offered, normalize, options_for,
                       parse_fields, players_offered, variant_about_key)
from .shown import format_key
from .storage import BadData

WISHED = ("players", "match", "hand_size")
"""Choices of the settings form that a change of variant (or player count) may have to
move, and that come back when the form allows them again."""


class SettingsForm:
    # -- the settings form --------------------------------------------------------------
    def _form_settings(self, values: dict[str, Any], previous: Settings) -> Settings:
        return normalize(self._form_values_over(values, previous), previous)

    @staticmethod
    def _form_values_over(values: dict[str, Any], previous: Settings) -> Settings:
        """``previous`` with the form's ``values`` in it, as they are (not yet playable)."""
        if PEOPLE_FIELD in values:
            values = {**values, PEOPLE_FIELD: form_people(values[PEOPLE_FIELD])}
        return replace(previous, **parse_fields(values))

    def settings_form(self, values: dict[str, Any] | None = None) -> FormModel:
        """The settings form: opened with the current settings (``values`` None), or as
        the person changes it (``values``: what the form holds now). Only choices the
        engine plays are offered: player counts and match formats the variant or player
        count does not have are hidden, option values refused are disabled, and options
        the variant does not have are hidden. The player count and match format the person
        chose come back where a later change allows them again (:data:`WISHED`), and so do
        five cards in hand after a detour through more players."""
        if values is None:
            self.form = self.settings
            self._form_wish = {name: getattr(self.settings, name) for name in WISHED}
            return self._form_model(self.form)
        try:
            asked = self._form_values_over(values, self.form)
        except BadData:
            return self._form_model(self.form)
        for name in WISHED:
            if getattr(asked, name) != getattr(self.form, name):
                self._form_wish[name] = getattr(asked, name)
        form = normalize(asked, self.form)
        for name in WISHED:
            want = self._form_wish.get(name, getattr(form, name))
            if getattr(form, name) != want:
                trial = normalize(replace(form, **{name: want}), form)
                if getattr(trial, name) == want:
                    form = trial
        self.form = form
        return self._form_model(form)

    def _form_model(self, s: Settings) -> FormModel:
        t = self.tr

        def radio(name: str, legend: str, choices: list[tuple[Any, str]], offered=None, hidden=False,
                  about: str = "") -> FieldModel:
            # an option's value the engine refuses with the rest is disabled; a variant,
            # player count or format may always be chosen (the options follow it)
            current = getattr(s, name)
            option = name in OPTION_FIELDS
            out = []
            for value, label in choices:
                shown = offered is None or value in offered
                out.append(ChoiceModel(str(value), label, value == current,
                                       disabled=option and shown and not allowed(s, name, value), hidden=not shown))
            return FieldModel(name, legend, "radio", out, hidden, about)

        def check(name: str, label_key: str) -> FieldModel:
            on = getattr(s, name)
            return FieldModel(name, "", "check", [ChoiceModel("1", t.t(label_key), on, not allowed(s, name, not on))],
                              name not in offered_options)

        offered_options = options_for(s.variant)
        fields = [
            radio("variant", t.t("variant"), [(v, t.t(f"variant_{v}")) for v in VARIANTS],
                  about=t.t(variant_about_key(s.variant, s.players))),
            radio("hand_size", t.t("option_hand_size"), [(n, t.number(n)) for n in HAND_SIZES],
                  hidden="hand_size" not in offered_options,  # why five is greyed out
                  about=t.t("option_hand_size_two") if not allowed(s, "hand_size", max(HAND_SIZES)) else ""),
            check("must_follow", "option_must_follow"),
            check("first_trump", "option_first_trump"),
            check("redeal", "option_redeal"),
            radio("exchange", t.t("option_exchange"),
                  [(n, t.t("option_exchange_off" if not n else f"option_exchange_{n}")) for n in EXCHANGES],
                  hidden="exchange" not in offered_options),
            check("mano_negra", "option_mano_negra"),
            radio("auction", t.t("option_auction"),
                  [(a, t.t("option_auction_" + a.replace("-", "_"))) for a in AUCTIONS],
                  hidden="auction" not in offered_options),
            radio("players", t.t("players"),
                  [(n, t.t("players_teams" if n in (4, 6) else "players_n", n=n)) for n in (2, 3, 4, 5, 6)],
                  offered=players_offered(s.variant)),
            self._people_field(s),
            radio("match", t.t("match"), [(f, t.t(format_key(f))) for f in ALL_MATCH_FORMATS],
                  offered=formats_offered(s.players)),
            radio("level", t.t("level"), [(lv, t.t(f"level_{lv}")) for lv in LEVELS]),
            radio("speed", t.t("speed"), [(sp, t.t(f"speed_{sp}")) for sp in SPEEDS]),
            FieldModel(MOTION_FIELD, "", "check", [ChoiceModel("1", t.t("option_reduce_motion"), not self.motion)]),
            FieldModel(AUTOPLAY_FIELD, "", "check", [ChoiceModel("1", t.t("option_autoplay"), self.autoplay)]),
            FieldModel(CARDS_OUT_FIELD, "", "check", [ChoiceModel("1", t.t("option_cards_out"), self.cards_out_on)]),
            FieldModel(TIPS_FIELD, "", "check", [ChoiceModel("1", t.t("option_tips"), self.tips.active)]),
            FieldModel(PRACTICE_FIELD, "", "check", [ChoiceModel("1", t.t("option_practice"), self.practice)]),
            radio("deck", t.t("deck"), [(d, t.t(f"deck_{d}")) for d in DECKS]),
            FieldModel("lang", t.t("language"), "select",
                       [ChoiceModel(code, name, code == s.lang) for code, name in LANGUAGES.items()]),
        ]
        return FormModel(fields)

    def _people_field(self, s: Settings) -> FieldModel:
        """Players at this device: a row per seat of the player count (the rows of the
        other seats hidden), page seat 0 a person always, the others a person (ticked)
        or the computer; a person's name, empty for the seat's own."""
        t = self.tr
        rows = []
        # page seat 0 is "You" alone at the device; with other people, "Player 1" as the table names it
        others = any(seat < len(s.people) and s.people[seat] is not None for seat in range(1, s.players))
        for seat in range(MAX_SEATS):
            name = s.people[seat] if seat < len(s.people) else None
            # the name the seat goes by: a person's default, or the computer's own ("Giulia")
            placeholder = (t.t("you") if seat == 0 and not others else t.t("player_n", n=seat + 1)
                           if seat == 0 or name is not None else t.t(f"seat_name_{seat}"))
            rows.append(ChoiceModel(str(seat), t.t("people_person", n=seat + 1), seat == 0 or name is not None,
                                    disabled=seat == 0, hidden=seat >= s.players, text=name or "",
                                    placeholder=placeholder, text_label=t.t("people_name", n=seat + 1)))
        return FieldModel(PEOPLE_FIELD, t.t("people_title"), "people", rows, about=t.t("people_about"))

