"""The page's words: the engine's translations (py/briscola/locales, one JSON file per
language), shared with the terminal game. See :mod:`briscola.i18n`.

>>> Translator("it").t("your_turn")
'Tocca a te.'
"""

from __future__ import annotations

from briscola.i18n import Translator as _Translator
from briscola.i18n import (
    DEFAULT_LANGUAGE,
    FEMININE_NAMES,
    FRENCH_COURT,
    FRENCH_DECKS,
    LANGUAGE_CODES,
    LEGACY,
    NBSP,
    PORTUGUESE,
    face_deck,
    face_rank,
    has_rtl,
    isolate,
    language_names,
    load_locale,
    pick_language,
    text_direction,
)


class Translator(_Translator):
    """The page's texts: they wrap on a phone, so a number stays on the line of the word
    it counts ("Prendi la mano (10 punti)." broke before "punti")."""

    keep_numbers = True


LANGUAGES = language_names()
"""Code -> the language's name in itself, in the order the settings list them."""


CARD_LETTERS = {"fr": "rdv", "pt-PT": "rdv", "de": "kdb", "pl": "kdw", "ru": "cyr", "uk": "cyr"}
"""The languages whose French cards print their own corner letters for the ace and the
courts, and the set they print (tools/make_cards.py, ``LETTER_SETS``): A R D V in France
and Portugal, A K D B in Germany, A K D W in Poland, Т К Д В in Russia and Ukraine. The
others read the English A K Q J, as their packs print it."""
LETTERED_RANKS = frozenset({1, 8, 9, 10})
"""The face ranks whose corners carry a letter, not a number."""


def card_faces(deck: str, lang: str) -> str:
    """The pictures the page draws ``deck``'s cards with for a reader of ``lang``: the deck
    itself, or ``<deck>+<letters>`` for French cards in a language with its own corner
    letters (:data:`CARD_LETTERS`; ``render.card_img`` finds the files)."""
    letters = CARD_LETTERS.get(lang) if deck in FRENCH_DECKS else None
    return f"{deck}+{letters}" if letters else deck


def text(lang: str, key: str) -> str | dict[str, str]:
    """A message as stored (a string, or its plural forms), for tests and tools."""
    return load_locale(lang)["messages"][key]


__all__ = ["CARD_LETTERS", "DEFAULT_LANGUAGE", "FEMININE_NAMES", "FRENCH_COURT", "FRENCH_DECKS", "LANGUAGES", "NBSP",
           "LANGUAGE_CODES", "LEGACY", "LETTERED_RANKS", "PORTUGUESE", "Translator", "card_faces", "face_deck",
           "face_rank", "has_rtl", "isolate", "language_names", "pick_language", "text", "text_direction"]
