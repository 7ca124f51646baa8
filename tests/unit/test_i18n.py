"""Every language file: complete, placeholders right, plurals by CLDR, numbers by locale."""

from __future__ import annotations

import json
import re

import pytest

from briscola.cards import ALL_CARDS
from briscola.i18n import (
    LANGUAGE_CODES,
    LOCALES,
    PLURAL_RULES,
    Translator,
    format_number,
    load_locale,
    pick_language,
    plural_category,
)

REQUIRED = ("en", "it", "es", "pt-PT", "pt-BR", "fr", "de", "hr", "sl", "pl", "lt", "ru", "uk", "fa", "hi")
NUMBERS = (0, 1, 2, 3, 5, 11, 21, 22, 25, 101)
O, ONE, TWO, FEW, MANY = "other", "one", "two", "few", "many"  # noqa: E741 - O reads as "other" in the table
EXPECTED_PLURALS = {
    # CLDR plural categories of 0, 1, 2, 3, 5, 11, 21, 22, 25, 101, written out by hand
    # from the CLDR tables, apart from the rules in briscola.i18n.
    "en": (O, ONE, O, O, O, O, O, O, O, O),
    "de": (O, ONE, O, O, O, O, O, O, O, O),
    "it": (O, ONE, O, O, O, O, O, O, O, O),
    "es": (O, ONE, O, O, O, O, O, O, O, O),
    "pt-PT": (O, ONE, O, O, O, O, O, O, O, O),
    "pt-BR": (ONE, ONE, O, O, O, O, O, O, O, O),
    "fr": (ONE, ONE, O, O, O, O, O, O, O, O),
    "hr": (O, ONE, FEW, FEW, O, O, ONE, FEW, O, ONE),
    "sl": (O, ONE, TWO, FEW, O, O, O, O, O, ONE),
    "pl": (MANY, ONE, FEW, FEW, MANY, MANY, MANY, FEW, MANY, MANY),
    "lt": (O, ONE, FEW, FEW, FEW, O, ONE, FEW, FEW, ONE),
    "ru": (MANY, ONE, FEW, FEW, MANY, MANY, ONE, FEW, MANY, ONE),
    "uk": (MANY, ONE, FEW, FEW, MANY, MANY, ONE, FEW, MANY, ONE),
    "fa": (ONE, ONE, O, O, O, O, O, O, O, O),
    "hi": (ONE, ONE, O, O, O, O, O, O, O, O),
}
PLACEHOLDER = re.compile(r"{(\w*)[^}]*}")
ENGLISH = load_locale("en")["messages"]


def forms(value) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def test_every_required_language_is_there():
    assert set(LANGUAGE_CODES) == set(REQUIRED)
    assert sorted(p.stem for p in LOCALES.glob("*.json")) == sorted(LANGUAGE_CODES)


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_every_key_in_every_language(lang):
    messages = load_locale(lang)["messages"]
    assert set(messages) == set(ENGLISH), (set(ENGLISH) - set(messages), set(messages) - set(ENGLISH))


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_placeholders_match_english(lang):
    for key, value in load_locale(lang)["messages"].items():
        wanted = {p for form in forms(ENGLISH[key]) for p in PLACEHOLDER.findall(form)}
        for form in forms(value):
            assert set(PLACEHOLDER.findall(form)) == wanted, (lang, key, form)
            form.format(**{p: "x" for p in wanted})  # no stray braces


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_counted_messages_give_every_plural_form_of_the_language(lang):
    meta = load_locale(lang)["meta"]
    categories = PLURAL_RULES[meta["plural"]][1]
    for key, value in load_locale(lang)["messages"].items():
        assert isinstance(value, dict) == isinstance(ENGLISH[key], dict), (lang, key)
        if isinstance(value, dict):  # and, where the language wants it, an explicit "=0"
            assert set(value) - {"=0"} == categories, (lang, key, sorted(value))


@pytest.mark.parametrize("lang", [code for code in LANGUAGE_CODES if code != "en"])
def test_no_text_is_left_in_english_unless_meant(lang):
    locale = load_locale(lang)
    same = set(locale["meta"].get("same_as_english", []))
    assert same <= set(ENGLISH), same - set(ENGLISH)
    equal = {k for k, v in locale["messages"].items() if v == ENGLISH[k]}
    assert equal == same, ("equal to English but not listed", equal - same, "listed but differ", same - equal)


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_plurals_at_the_numbers_that_tell_rules_apart(lang):
    rule = load_locale(lang)["meta"]["plural"]
    got = tuple(plural_category(rule, n) for n in NUMBERS)
    assert got == EXPECTED_PLURALS[lang]
    t = Translator(lang)
    points = load_locale(lang)["messages"]["points_n"]
    for n, category in zip(NUMBERS, EXPECTED_PLURALS[lang]):
        form = "=0" if n == 0 and "=0" in points else category
        assert t.t("points_n", n=n) == points[form].format(n=t.number(n))


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_page_keeps_a_number_on_the_line_of_the_word_it_counts(lang):
    """On the page a line never ends between a number and its word ("Prendi la mano (10" /
    "punti)." on a phone): a no-break space joins them, in every language; a name put in
    a text is not joined to what follows, and the terminal's texts keep plain spaces."""
    from briscola_app.i18n import Translator as PageTranslator

    page, terminal = PageTranslator(lang), Translator(lang)
    for n in (1, 10, 101):
        ten = page.number(n)
        seen, plain = page.t("takes_trick", n=n, who="Anna Maria"), terminal.t("takes_trick", n=n, who="Anna Maria")
        assert "\u00a0" not in plain and seen.replace("\u00a0", " ") == plain
        after = plain.index(ten) + len(ten)
        assert plain[after] == " " and seen[after] == "\u00a0", (seen, plain)  # every language: "(10 points)"
        assert "Anna Maria" in seen
        assert page.t("points_n", n=n) == f"{ten}\u00a0" + terminal.t("points_n", n=n)[len(ten) + 1:]


def test_nothing_is_counted_in_the_plural_in_brazilian_portuguese():
    """CLDR puts 0 with 1 in Portuguese ("0 ponto"); Brazilians say "0 pontos", so the
    counted messages a game can show at nought give an explicit "=0" form, and French,
    whose "0 point" is right, keeps the singular."""
    br, pt, fr = Translator("pt-BR"), Translator("pt-PT"), Translator("fr")
    assert br.t("points_n", n=0) == "0 pontos" and br.t("points_n", n=1) == "1 ponto"
    assert br.t("pile_points", n=0) == "0 pts" and br.t("you_take_trick", n=0) == "Você ganha a vaza (0 pontos)."
    assert br.t("game_points_n", n=0) == "0 tentos" and br.t("game_points_n", n=1) == "1 tento"
    assert pt.t("points_n", n=0) == "0 pontos"
    assert fr.t("points_n", n=0) == "0 point"


def test_sentences_end_with_the_languages_full_stop():
    """Two texts said as two sentences (the contract, then the secret partner): the first
    gets the language's full stop unless it ends with its own; Hindi's is the danda."""
    en, hi = Translator("en"), Translator("hi")
    assert en.sentences("Giulia needs 61 points", "Only you know.") == "Giulia needs 61 points. Only you know."
    assert en.sentences("Well done!", "Next") == "Well done! Next"
    assert en.sentences("Standard", "Deal 2", "You 1") == "Standard. Deal 2. You 1"
    assert hi.sentences("ज़रूरी अंक: 61", "यह बात") == "ज़रूरी अंक: 61। यह बात"
    assert hi.sentences("आपकी बारी।", "अगला") == "आपकी बारी। अगला"
    assert en.sentences("Alone") == "Alone"


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_language_file_metadata(lang):
    meta = load_locale(lang)["meta"]
    assert meta["name"] and meta["dir"] in ("ltr", "rtl") and meta["plural"] in PLURAL_RULES
    assert meta.get("full_stop", ".") in (".", "।")
    assert meta.get("card_case", "title") in ("title", "lower")
    number = meta.get("number", {})
    assert set(number) <= {"group", "min_grouping", "grouping", "digits", "minus"}
    if "digits" in number:
        assert len(number["digits"]) == 10
    assert (meta["dir"] == "rtl") == (lang == "fa")


def test_the_french_decks_jack_has_its_own_name_where_the_language_gives_one():
    """Spanish calls the Italian deck's Fante "Sota" and the French deck's Jack "Jota";
    Croatian "Fanat" and "Dečko"; Italian "Fante" for both."""
    jack = next(c for c in ALL_CARDS if c.rank == 8 and c.suit == "S")
    es = Translator("es")
    assert es.card_name(jack).startswith("la Sota") and es.card_name(jack, "french").startswith("la Jota")
    assert Translator("hr").card_name(jack, "french").startswith("dečko")
    assert Translator("it").card_name(jack, "french") == "il Fante di Picche"


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_card_names_are_all_different(lang):
    t = Translator(lang)
    for deck in ("italian", "french"):
        assert len({t.card_name(c, deck) for c in ALL_CARDS}) == 40, (lang, deck)


def test_language_files_are_plain_json_in_utf8():
    for path in LOCALES.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert set(data) == {"meta", "messages"}, path.name


@pytest.mark.parametrize("tags,expected", [
    (["pt-BR"], "pt-BR"), (["pt"], "pt-BR"), (["pt-PT"], "pt-PT"), (["pt-AO"], "pt-PT"), (["pt-MZ"], "pt-PT"),
    (["pt-Latn-BR"], "pt-BR"), (["pt_br"], "pt-BR"),
    (["fa-IR", "en"], "fa"), (["sr-Latn", "hr-HR"], "hr"), (["de-AT"], "de"), (["uk-UA"], "uk"),
    (["xx", "yy"], "en"), ([], "en"),
])
def test_browser_languages_pick_a_supported_one(tags, expected):
    if expected not in LANGUAGE_CODES:
        pytest.skip(f"{expected} not added yet")
    assert pick_language(tags) == expected


@pytest.mark.parametrize("n,number,text", [
    (1234567, {"group": ",", "min_grouping": 1}, "1,234,567"),
    (1234, {"group": "\u00a0", "min_grouping": 2}, "1234"),
    (12345, {"group": "\u00a0", "min_grouping": 2}, "12\u00a0345"),
    (1234567, {"group": ",", "grouping": [3, 2]}, "12,34,567"),
    (120, {"digits": "۰۱۲۳۴۵۶۷۸۹"}, "۱۲۰"),
    (0, {}, "0"),
])
def test_numbers(n, number, text):
    assert format_number(n, number) == text


@pytest.mark.parametrize("lang, names, text", [
    ("en", ["You"], "You"),
    ("en", ["You", "Giulia"], "You and Giulia"),
    ("en", ["You", "Giulia", "Sofia"], "You, Giulia, and Sofia"),
    ("it", ["Tu", "Giulia", "Sofia"], "Tu, Giulia e Sofia"),
    ("de", ["Du", "Giulia", "Sofia", "Luca"], "Du, Giulia, Sofia und Luca"),
    ("fa", ["شما", "Giulia", "Sofia"], "شما، Giulia و Sofia"),
])
def test_names_are_listed_the_languages_way(lang, names, text):
    """A team or the players of a play-off: "You, Giulia, and Sofia", not "You and Giulia,
    Sofia" (the language file's meta "list", as CLDR's "and" list patterns)."""
    assert Translator(lang).names(names) == text


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_every_language_lists_names(lang):
    patterns = load_locale(lang)["meta"]["list"]
    assert set(patterns) == {"two", "middle", "end"}
    assert all("{0}" in p and "{1}" in p for p in patterns.values())


def test_a_cards_name_inside_a_sentence_takes_the_languages_case():
    """Russian, Polish, Croatian... write a card's name in lower case inside a sentence;
    English keeps its capitals; a message that begins with the name gives it a capital."""
    from briscola.cards import Card
    ru, pl, en, fr = Translator("ru"), Translator("pl"), Translator("en"), Translator("fr")
    assert ru.t("tip_suit", card=ru.card_name(Card("8S"))).startswith("Взятку берёт валет мечей:")
    assert pl.t("tip_suit", card=pl.card_name(Card("8S"))).startswith("Lewę bierze walet mieczy:")
    assert en.t("tip_suit", card=en.card_name(Card("8S"))).startswith("The Jack of Swords takes")
    assert ru.t("card_out_played", card=ru.card_name(Card("8S"))).startswith("Валет мечей")
    assert fr.t("card_out_played", card=fr.card_name(Card("8S"))).startswith("Le valet d’épées")
    # standing alone (a button's name, a picture's), a card's name has its capital
    assert ru.card_label(Card("8S")) == "Валет мечей" and en.card_label(Card("8S")) == "Jack of Swords"


@pytest.mark.parametrize("lang", ["es", "pt-PT", "pt-BR"])
def test_spanish_and_portuguese_names_carry_their_article_and_no_message_adds_one(lang):
    """A Spanish or Portuguese card's name has its article ("el As de Oros", "a Dama de
    Copas"), as Italian's has: a message writes no article or possessive before it ("Cambias
    el el As"), nor a preposition that would have to contract with it ("de el", "em o")."""
    before = {"es": ("el", "la", "los", "las", "al", "del", "tu", "su", "un", "una", "a", "de"),
              "pt": ("o", "a", "os", "as", "ao", "à", "do", "da", "no", "na", "pelo", "pela", "teu", "tua",
                     "seu", "sua", "um", "uma", "de", "em", "por")}[lang[:2]]
    pattern = re.compile(r"(?<!\w)(?:%s)\s+\{(?:card|best|briscola)\}" % "|".join(before), re.IGNORECASE)
    for key, message in load_locale(lang)["messages"].items():
        for text in message.values() if isinstance(message, dict) else [message]:
            assert not pattern.search(text), (lang, key, text)


def test_spanish_and_portuguese_sentences_name_a_card_with_its_article():
    from briscola.cards import Card
    es, pt, br = Translator("es"), Translator("pt-PT"), Translator("pt-BR")
    assert es.t("plays", who="Giulia", card=es.card_name(Card("6D"))) == "Giulia juega el Seis de Oros."
    assert es.t("redealt", card=es.card_name(Card("8S"))).startswith("La muestra es la Sota de Espadas:")
    assert es.t("tip_suit", card=es.card_name(Card("9C"), "french")).startswith("La Reina de Corazones gana la baza:")
    assert (pt.t("you_exchanged", card=pt.card_name(Card("7C")), briscola=pt.card_name(Card("1C")))
            == "Trocas o Sete de Copas pelo trunfo virado (o Ás de Copas).")
    assert br.t("howto_pack_39", card=br.card_name(Card("2D"))) == "O Dois de Ouros é retirado."
    assert br.t("tip_suit", card=br.card_name(Card("9C"), "french")).startswith("A Dama de Copas ganha a vaza:")
    # standing alone (a button's name, a picture's), with its capital
    assert es.card_label(Card("1D")) == "El As de Oros" and br.card_label(Card("8B")) == "O Valete de Paus"
