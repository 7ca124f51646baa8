"""Words in every language the game speaks: translations as data, CLDR plurals, numbers.

Each language is one JSON file in ``locales/`` (see docs/i18n.md for why JSON and how to
add a language: the file, plus its code in :data:`LANGUAGE_CODES`). A file holds
``meta`` (the language's own name, writing direction, plural rules, number format and
the keys that are the same as in English on purpose) and ``messages``. A message is a
string with ``{name}`` placeholders, or, when it counts something, an object with one
string per CLDR plural category of the language, chosen by the ``n`` placeholder.

The page (through :mod:`briscola_app.i18n`) and the terminal game read the same files.

>>> Translator("it").t("your_turn")
'Tocca a te.'
>>> Translator("it").t("stock_left", n=1)
'ne resta 1'
>>> Translator("xx").lang
'en'
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .cards import Card
from .core import MIN_POINTS_BID

LOCALES = Path(__file__).resolve().parent / "locales"
LANGUAGE_CODES = (
    "en", "it", "es", "pt-PT", "pt-BR", "fr", "de", "hr", "sl", "pl", "lt", "ru", "uk", "fa", "hi",
)
DEFAULT_LANGUAGE = "en"
NBSP = "\u00a0"
"""The no-break space that keeps a number on the line of its word (``Translator.keep_numbers``)."""
FRENCH_COURT = frozenset({8, 9})
"""The ranks the French pack names its own way where a language has a word for them
(``frank_<rank>``, ``bid_frank_<rank>``): the Jack (Spanish "Jota", not the Spanish pack's
"Sota") and the Queen (in the Italian pack's Cavallo's place)."""
PORTUGUESE = "portuguese"
"""The French pack as Portugal and Brazil rank its courts (Bisca, Sueca): the Jack (Valete,
3 points) above the Queen (Dama, 2). The page draws and names the cards so for Bisca when
French cards are chosen: the engine's Cavallo (rank 9) shows as the Jack, its Fante (8) as
the Queen."""
FRENCH_DECKS = frozenset({"french", PORTUGUESE})
"""Decks of French suits, named with ``fsuit_`` and ``frank_``."""


def face_rank(rank: int, deck: str) -> int:
    """The rank whose face and name ``deck`` gives a card of ``rank``: the same, but for
    the Portuguese courts (8 and 9 change places)."""
    return {8: 9, 9: 8}.get(rank, rank) if deck == PORTUGUESE else rank


def face_deck(deck: str, variant: str) -> str:
    """The deck the cards are drawn and named from: the one chosen, except French cards in
    Bisca, which show Portugal's courts."""
    return PORTUGUESE if deck == "french" and variant == "bisca" else deck


FEMININE_NAMES = frozenset({1, 3, 5, 7})
"""The computer players' names (``seat_name_<n>``) that are women's (1 Giulia, 3 Sofia,
5 Anna, 7 Chiara): the words for them take the language's feminine (``<key>_f``:
"partner", "caller", the contract's "Ruferin"). Names 1-5 are the seats'; 6 Paolo and
7 Chiara are spares, for a computer whose name a person at the device has typed."""
ALIASES = {"pt": "pt-BR"}
"""A bare "pt" from a browser means Brazilian Portuguese, as in CLDR; Portuguese of
another region than Brazil (Angola, Mozambique, Cape Verde, Macao, ...) has European
Portuguese for its parent there (:data:`REGION_ALIASES`)."""
REGION_ALIASES = {"pt": "pt-PT"}
LEGACY = {"pt": "pt-PT"}
"""Codes stored by earlier builds: their "pt" texts were European Portuguese."""

# -- plural rules (CLDR, integers: v = 0) --------------------------------------------------


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


def _romance(n: int) -> str:
    """it, es, pt-PT: one for 1, many for whole millions (CLDR 42+), else other."""
    if n == 1:
        return "one"
    return "many" if n != 0 and n % 1_000_000 == 0 else "other"


def _zero_one(n: int) -> str:
    """fr, pt (Brazil): 0 and 1 are one; many for whole millions."""
    if n in (0, 1):
        return "one"
    return "many" if n % 1_000_000 == 0 else "other"


def _zero_one_other(n: int) -> str:
    """fa, hi: 0 and 1 are one."""
    return "one" if n in (0, 1) else "other"


def _east_slavic(n: int) -> str:
    """ru, uk."""
    d, dd = n % 10, n % 100
    if d == 1 and dd != 11:
        return "one"
    if 2 <= d <= 4 and not 12 <= dd <= 14:
        return "few"
    return "many"


def _croatian(n: int) -> str:
    """hr (also bs, sr): integers have one, few and other."""
    d, dd = n % 10, n % 100
    if d == 1 and dd != 11:
        return "one"
    if 2 <= d <= 4 and not 12 <= dd <= 14:
        return "few"
    return "other"


def _polish(n: int) -> str:
    d, dd = n % 10, n % 100
    if n == 1:
        return "one"
    if 2 <= d <= 4 and not 12 <= dd <= 14:
        return "few"
    return "many"


def _slovenian(n: int) -> str:
    dd = n % 100
    if dd == 1:
        return "one"
    if dd == 2:
        return "two"
    if dd in (3, 4):
        return "few"
    return "other"


def _lithuanian(n: int) -> str:
    d, dd = n % 10, n % 100
    if d == 1 and not 11 <= dd <= 19:
        return "one"
    if 2 <= d <= 9 and not 11 <= dd <= 19:
        return "few"
    return "other"  # many is for fractions only


PLURAL_RULES: dict[str, tuple[Callable[[int], str], frozenset[str]]] = {
    "en": (_one_other, frozenset({"one", "other"})),
    "de": (_one_other, frozenset({"one", "other"})),
    "romance": (_romance, frozenset({"one", "many", "other"})),
    "zero-one-many": (_zero_one, frozenset({"one", "many", "other"})),
    "zero-one": (_zero_one_other, frozenset({"one", "other"})),
    "east-slavic": (_east_slavic, frozenset({"one", "few", "many"})),
    "croatian": (_croatian, frozenset({"one", "few", "other"})),
    "polish": (_polish, frozenset({"one", "few", "many"})),
    "slovenian": (_slovenian, frozenset({"one", "two", "few", "other"})),
    "lithuanian": (_lithuanian, frozenset({"one", "few", "other"})),
}
"""Rule sets by name, with the categories whole numbers can fall in (what every counted
message of a language must give). A language file names its rule set."""


def _capital(text: str) -> str:
    """``text`` with a capital first letter, the rest as it is ("l'Asso" -> "L'Asso")."""
    return text[:1].upper() + text[1:]


def bid_prompt_key(auction: str, last: int | None, bids: Sequence[int]) -> str:
    """The key of the prompt for a person's turn in Briscola chiamata's auction: ``auction``
    its kind, ``last`` the last bid (None before the first), ``bids`` those allowed now."""
    if not bids:  # after a Two with ranks only, or 120 points: nothing left to bid
        return "your_bid_none"
    if last is None:  # the opening bid: a rank, or points where only points are bid
        return {"points": "your_bid_points", "ranks-points": "your_bid_or_points"}.get(auction, "your_bid")
    if last >= MIN_POINTS_BID:
        return "your_bid_over"
    if min(bids) >= MIN_POINTS_BID:  # after a Two, ranks then points: points from 62
        return "your_bid_points"
    # a lower rank; ranks then points: points too
    return "your_bid_under_or_points" if max(bids) >= MIN_POINTS_BID else "your_bid_under"


def plural_category(rule: str, n: int) -> str:
    """The CLDR plural category of a whole number under a rule set.

    >>> [plural_category("east-slavic", n) for n in (1, 2, 5, 11, 21, 22, 25)]
    ['one', 'few', 'many', 'many', 'one', 'few', 'many']
    """
    return PLURAL_RULES[rule][0](abs(n))


# -- numbers -------------------------------------------------------------------------------


def format_number(n: int, number: dict[str, Any]) -> str:
    """A whole number written the locale's way (digits, grouping separator, minimum
    grouping digits, Indian grouping).

    >>> format_number(1234567, {"group": ".", "min_grouping": 1})
    '1.234.567'
    >>> format_number(1234567, {"group": ",", "grouping": [3, 2]})
    '12,34,567'
    >>> format_number(1234, {"group": " ", "min_grouping": 2})
    '1234'
    >>> format_number(-120, {"digits": "۰۱۲۳۴۵۶۷۸۹", "minus": "−"})
    '−۱۲۰'
    """
    digits = str(abs(n))
    first, rest = (number.get("grouping") or [3, 3])[:2]
    if len(digits) >= first + number.get("min_grouping", 1):
        groups = [digits[-first:]]
        head = digits[:-first]
        while head:
            groups.append(head[-rest:])
            head = head[:-rest]
        digits = number.get("group", ",").join(reversed(groups))
    native = number.get("digits")
    if native:
        digits = digits.translate(str.maketrans("0123456789", native))
    return (number.get("minus", "-") if n < 0 else "") + digits


# -- direction -----------------------------------------------------------------------------

RTL_BLOCKS = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF), (0x10800, 0x10FFF), (0x1E800, 0x1EFFF))
"""Code points of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, their
presentation forms and the historic ones): ranges, not ``unicodedata``, which the page's
trimmed runtime need not carry."""


def has_rtl(text: str) -> bool:
    """Whether ``text`` holds a letter of a right-to-left script.

    >>> has_rtl("Anna"), has_rtl("کرم"), has_rtl("שרה 2")
    (False, True, True)
    """
    return any(lo <= ord(c) <= hi for c in text for lo, hi in RTL_BLOCKS)


def isolate(text: str) -> str:
    """``text`` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: it takes its own
    direction from its first letter and does not reorder what stands around it (a
    Persian name before ": 81" would otherwise carry the number to its left)."""
    return f"\u2068{text}\u2069"


# -- files ---------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def load_locale(code: str) -> dict[str, Any]:
    """A language file as stored: {"meta": {...}, "messages": {...}}."""
    if code not in LANGUAGE_CODES:
        raise KeyError(f"no language {code!r}")
    with open(LOCALES / f"{code}.json", encoding="utf-8") as f:
        return json.load(f)


def language_names() -> dict[str, str]:
    """Each language's code and its name in itself, as the settings list them."""
    return {code: load_locale(code)["meta"]["name"] for code in LANGUAGE_CODES}


def text_direction(code: str) -> str:
    return load_locale(resolve(code) or DEFAULT_LANGUAGE)["meta"].get("dir", "ltr")


def resolve(code: str | None) -> str | None:
    """The supported code for a language tag (``pt-br``, ``de-AT``, ``pt``), or None."""
    if not code:
        return None
    tag = code.strip().replace("_", "-")
    lower = {c.lower(): c for c in LANGUAGE_CODES}
    if tag.lower() in lower:
        return lower[tag.lower()]
    base, *rest = tag.lower().split("-")
    region = next((s for s in rest if (len(s) == 2 and s.isalpha()) or (len(s) == 3 and s.isdigit())), None)
    if region is not None and f"{base}-{region}" in lower:  # pt-Latn-BR
        return lower[f"{base}-{region}"]
    if base in REGION_ALIASES and region is not None:  # pt-AO: a region of its own, not Brazil
        return REGION_ALIASES[base]
    if base in ALIASES:
        return ALIASES[base]
    return lower.get(base)


def pick_language(preferred: str | Sequence[str] | None) -> str:
    """The first supported language among a browser's preferred ones
    (``navigator.languages``), else English.

    >>> pick_language(["gsw-CH", "it-CH", "en"])
    'it'
    """
    tags: Iterable[str] = [preferred] if isinstance(preferred, str) else (preferred or [])
    for tag in tags:
        found = resolve(tag)
        if found:
            return found
    return DEFAULT_LANGUAGE


class Translator:
    """Texts of one language, with the English text where a key is missing."""

    keep_numbers = False
    """A number written with a no-break space before the word it counts ("10 points"), so
    a line never ends between them: the page's texts wrap (the terminal's do not)."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = resolve(LEGACY.get(lang or "", lang)) or DEFAULT_LANGUAGE
        data = load_locale(self.lang)
        self.meta: dict[str, Any] = data["meta"]
        self._messages: dict[str, Any] = data["messages"]
        self._fallback: dict[str, Any] = load_locale(DEFAULT_LANGUAGE)["messages"]
        self.dir: str = self.meta.get("dir", "ltr")
        self._rule: str = self.meta["plural"]
        self._number: dict[str, Any] = self.meta.get("number", {})
        self._list: dict[str, str] = self.meta.get("list", {})
        self.sep: str = self.meta.get("separator", " · ")
        """Between two parts of a title ("Standard · 2 players"): the middle dot, except
        where it reads as a letter or a digit (Persian: it looks like the zero ۰)."""

    def names(self, items: list[str]) -> str:
        """A list of names joined the language's way, as CLDR's "and" list patterns do
        ("You, Giulia, and Sofia"; "Tu, Giulia e Sofia"): the language file's meta
        ``list`` gives the patterns for two, the middle and the end."""
        two, middle, end = (self._list.get(k, d) for k, d in
                            (("two", "{0} and {1}"), ("middle", "{0}, {1}"), ("end", "{0} and {1}")))
        if len(items) < 2:
            return "".join(items)
        if len(items) == 2:
            return two.replace("{0}", items[0]).replace("{1}", items[1])
        text = end.replace("{0}", items[-2]).replace("{1}", items[-1])
        for item in reversed(items[:-2]):
            text = middle.replace("{0}", item).replace("{1}", text)
        return text

    def series(self, items: list[str]) -> str:
        """Items one after another with the language's comma, no "and" (a chart's
        values read aloud: "70, 77, 81"; Persian "۷۰، ۷۷"): the middle of its list
        patterns."""
        middle = self._list.get("middle", "{0}, {1}")
        return middle[middle.index("{0}") + 3:middle.index("{1}")].join(items)

    def sentences(self, *parts: str) -> str:
        """Sentences one after another, each but the last ended by the language's full
        stop where its text has no end of its own (the contract, then the secret:
        "... needs 61 points. Only you know: ..."): the meta ``full_stop`` (Hindi's danda
        "।"), "." by default."""
        return " ".join([self.sentence(p) for p in parts[:-1]] + list(parts[-1:]))

    def sentence(self, text: str) -> str:
        """``text`` ended by the language's full stop unless it ends a sentence already (a
        settings label said as a rule in How to play)."""
        stop = self.meta.get("full_stop", ".")
        return text if text.rstrip().endswith((".", "!", "?", "…", "।", "؟", stop)) else text + stop

    def number(self, n: int) -> str:
        return format_number(n, self._number)

    def t(self, key: str, **params: object) -> str:
        """The text for ``key``; ``n`` chooses the plural form of a counted message (an
        explicit "=0" form, as in ICU MessageFormat, wins for nothing) and every whole
        number is written the language's way."""
        text = self._messages.get(key) or self._fallback.get(key)
        if text is None:
            raise KeyError(f"no text for {key!r}")
        if isinstance(text, dict):
            n = params.get("n")
            if not isinstance(n, int):
                raise KeyError(f"{key!r} counts something: give n")
            category = "=0" if n == 0 and "=0" in text else plural_category(self._rule, n)
            text = text.get(category) or text["other" if "other" in text else "many"]
        if not params:
            return text
        shown = dict(params)
        for k, v in params.items():
            if isinstance(v, int) and not isinstance(v, bool):
                shown[k] = self.number(v)
                if self.keep_numbers:
                    text = text.replace("{%s} " % k, "{%s}%s" % (k, NBSP))
        out = text.format(**shown)
        return _capital(out) if text.startswith("{card}") else out  # a card name begins it

    @property
    def card_case(self) -> str:
        """How a card's name is written inside a sentence: "title" ("Ace of Coins", the
        default) or "lower" (meta ``card_case``: "валет мечей", as Russian, Ukrainian,
        Polish, Croatian, Slovenian and Lithuanian write a common noun there); a message
        that begins with a card's name gives it a capital all the same."""
        return self.meta.get("card_case", "title")

    def suit_name(self, suit: str, deck: str = "italian") -> str:
        """A suit in words, ``suit`` its letter: "Coins"; the French deck names its own."""
        return self.t(("fsuit_" if deck in FRENCH_DECKS else "suit_") + suit)

    def card_name(self, c: Card, deck: str = "italian") -> str:
        """A card in words: "Ace of Coins"; the French deck names its own cards."""
        rank = face_rank(c.rank, deck)
        rank_key = f"frank_{rank}" if deck in FRENCH_DECKS and rank in FRENCH_COURT else f"rank_{rank}"
        name = self.t("card_of", rank=self.t(rank_key), suit=self.suit_name(c.suit, deck))
        return name[:1].lower() + name[1:] if self.card_case == "lower" else name

    def card_label(self, c: Card, deck: str = "italian") -> str:
        """A card's name standing alone (a button's, a picture's): with a capital, in every
        language ("Валет мечей"; :meth:`card_name` is for inside a sentence)."""
        return _capital(self.card_name(c, deck))
