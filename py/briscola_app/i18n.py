"""The page's words: the engine's translations (py/briscola/locales, one JSON file per
language), shared with the terminal game. See :mod:`briscola.i18n`.

>>> Translator("it").t("your_turn")
'Tocca a te.'
"""

from __future__ import annotations

from briscola.i18n import (
    DEFAULT_LANGUAGE,
    FEMININE_NAMES,
    FRENCH_COURT,
    FRENCH_DECKS,
    LANGUAGE_CODES,
    LEGACY,
    PORTUGUESE,
    Translator,
    face_deck,
    face_rank,
    has_rtl,
    isolate,
    language_names,
    load_locale,
    pick_language,
    text_direction,
)

LANGUAGES = language_names()
"""Code -> the language's name in itself, in the order the settings list them."""


def text(lang: str, key: str) -> str | dict[str, str]:
    """A message as stored (a string, or its plural forms), for tests and tools."""
    return load_locale(lang)["messages"][key]


__all__ = ["DEFAULT_LANGUAGE", "FEMININE_NAMES", "FRENCH_COURT", "FRENCH_DECKS", "LANGUAGES", "LANGUAGE_CODES",
           "LEGACY", "PORTUGUESE", "Translator", "face_deck", "face_rank", "has_rtl", "isolate", "language_names",
           "pick_language", "text", "text_direction"]
