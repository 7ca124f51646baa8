"""Checks on the generated card sprite sheets (static/cards/*.svg, made by tools/make_cards.py)."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CARDS = os.path.join(ROOT, "static", "cards")
SHEETS = {"italian": "i-", "spanish": "e-", "french": "f-"}
LETTERED = {"french-rdv": "AVDR", "french-kdb": "ABDK", "french-kdw": "AWDK", "french-cyr": "ТВДК"}
"""The French sheets of a language's own corner letters: the letters of face ranks 1, 8,
9 and 10 (ace, jack, queen, king), as France, Germany, Poland and Russia print them."""
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
EXPECTED = {f"c-{r}{s}" for r in range(1, 11) for s in "DCSB"} | {"c-back"}
MAX_BYTES = 120 * 1024


def path(name: str) -> str:
    return os.path.join(CARDS, f"{name}.svg")


def load(name: str) -> ET.Element:
    return ET.parse(path(name)).getroot()


def all_ids(root: ET.Element) -> list[str]:
    return [el.get("id") for el in root.iter() if el.get("id") is not None]


@pytest.mark.parametrize("name", SHEETS)
def test_parses_as_svg(name):
    root = load(name)
    assert root.tag == SVG + "svg"


@pytest.mark.parametrize("name", SHEETS)
def test_exactly_the_41_symbols(name):
    root = load(name)
    ids = [el.get("id") for el in root.iter(SVG + "symbol")]
    assert len(ids) == 41
    assert set(ids) == EXPECTED


@pytest.mark.parametrize("name", SHEETS)
def test_symbol_viewbox(name):
    for el in load(name).iter(SVG + "symbol"):
        assert el.get("viewBox") == "0 0 240 384", el.get("id")


@pytest.mark.parametrize("name", SHEETS)
def test_ids_unique_and_prefixed(name):
    ids = all_ids(load(name))
    assert len(ids) == len(set(ids)), "duplicate ids"
    for i in ids:
        assert i in EXPECTED or i.startswith(SHEETS[name]), i


@pytest.mark.parametrize("name", SHEETS)
def test_references_resolve_inside_the_file(name):
    root = load(name)
    ids = set(all_ids(root))
    refs = []
    for el in root.iter():
        for key, val in el.attrib.items():
            if key in ("href", XLINK):
                assert val.startswith("#"), f"external href {val!r}"
                refs.append(val[1:])
            for m in re.finditer(r"url\(\s*['\"]?([^)'\"]*)['\"]?\s*\)", val):
                target = m.group(1)
                assert target.startswith("#"), f"external url() {target!r}"
                refs.append(target[1:])
    assert refs, "expected internal references (shared suit signs)"
    missing = sorted(set(refs) - ids)
    assert not missing, missing


@pytest.mark.parametrize("name", SHEETS)
def test_no_external_or_active_content(name):
    text = open(path(name), encoding="utf-8").read()
    root = load(name)
    for bad in ("script", "image", "foreignObject", "style"):
        assert not list(root.iter(SVG + bad)), bad
    # the only URLs allowed are the XML namespace declarations
    stripped = text.replace('"http://www.w3.org/2000/svg"', "").replace('"http://www.w3.org/1999/xlink"', "")
    for bad in ("http:", "https:", "data:", "javascript:", "@import"):
        assert bad not in stripped, bad
    assert not re.search(r"\son\w+\s*=", text), "event handler attribute"


def test_def_ids_do_not_collide_between_sheets():
    own = {name: set(all_ids(load(name))) - EXPECTED for name in SHEETS}
    assert all(own.values())
    for a in SHEETS:
        for b in SHEETS:
            assert a == b or not own[a] & own[b], (a, b)


def test_the_spanish_courts_carry_spains_numbers():
    """Sota 10, Caballo 11, Rey 12 (the engine's ranks 8, 9, 10); the number cards their own."""
    symbols = {el.get("id"): el for el in load("spanish").iter(SVG + "symbol")}
    for suit in "DCSB":
        assert [corner_letter(symbols[f"c-{r}{suit}"]) for r in range(1, 11)] == \
            ["1", "2", "3", "4", "5", "6", "7", "10", "11", "12"]


def pinta_cuts(symbol: ET.Element) -> int:
    """How many times la pinta, the line round a Spanish card, is broken on its top edge:
    a whole line is a rect; a broken one a path of runs, two (top and bottom) per cut."""
    shapes = [el for el in symbol if el.tag in (SVG + "rect", SVG + "path") and el.get("stroke-width") == "3"]
    assert len(shapes) == 1, symbol.get("id")
    if shapes[0].tag == SVG + "rect":
        return 0
    return shapes[0].get("d").count("M") // 2


def test_the_spanish_suits_are_told_by_la_pinta():
    """Oros whole, Copas one cut, Espadas two, Bastos three: on every card of the suit."""
    symbols = {el.get("id"): el for el in load("spanish").iter(SVG + "symbol")}
    for suit, cuts in zip("DCSB", range(4)):
        assert {pinta_cuts(symbols[f"c-{r}{suit}"]) for r in range(1, 11)} == {cuts}, suit


@pytest.mark.parametrize("name", SHEETS)
def test_file_size(name):
    size = os.path.getsize(path(name))
    print(f"{name}.svg: {size} bytes ({size / 1024:.1f} KB)")
    assert size < MAX_BYTES


def test_generator_is_deterministic(tmp_path):
    import subprocess
    import sys

    gen = os.path.join(ROOT, "tools", "make_cards.py")
    subprocess.run([sys.executable, gen, str(tmp_path)], check=True, capture_output=True)
    for name in [*SHEETS, *LETTERED]:
        with open(path(name), "rb") as a, open(tmp_path / f"{name}.svg", "rb") as b:
            assert a.read() == b.read(), f"{name}.svg is stale: rerun tools/make_cards.py"


def corner_letter(symbol: ET.Element) -> str:
    """The rank printed in a card's corner (its first text)."""
    return next(symbol.iter(SVG + "text")).text or ""


@pytest.mark.parametrize("name", LETTERED)
def test_lettered_sheets_hold_the_ace_and_courts_with_their_letters(name):
    root = load(name)
    symbols = {el.get("id"): el for el in root.iter(SVG + "symbol")}
    assert set(symbols) == {f"c-{r}{s}" for r in (1, 8, 9, 10) for s in "DCSB"}
    for suit in "DCSB":
        assert [corner_letter(symbols[f"c-{r}{suit}"]) for r in (1, 8, 9, 10)] == list(LETTERED[name])
    ids = set(all_ids(root))
    for el in root.iter():
        for key, val in el.attrib.items():
            if key in ("href", XLINK):
                assert val[1:] in ids, val


@pytest.mark.parametrize("name", LETTERED)
def test_lettered_cards_differ_from_the_english_only_in_the_corner(name):
    """Same figure, same frame: only the corner's letter changes."""
    english = {el.get("id"): el for el in load("french").iter(SVG + "symbol")}
    for el in load(name).iter(SVG + "symbol"):
        ours, theirs = ET.tostring(el, encoding="unicode"), ET.tostring(english[el.get("id")], encoding="unicode")
        a, b = corner_letter(el), corner_letter(english[el.get("id")])
        assert ours.replace(f">{a}</", ">?</") == theirs.replace(f">{b}</", ">?</")


def test_every_language_letter_set_has_its_sheet():
    from briscola_app.i18n import CARD_LETTERS, LANGUAGE_CODES

    assert set(CARD_LETTERS) <= set(LANGUAGE_CODES)
    assert {f"french-{letters}" for letters in CARD_LETTERS.values()} == set(LETTERED)
