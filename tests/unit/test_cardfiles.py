"""The build's one-file-per-card SVGs: complete, self-contained and lean."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from briscola.cards import ALL_CARDS
from briscola_app import render
from tools.cardfiles import SVG_NS, split_sheet

CARDS = Path(__file__).resolve().parents[2] / "static" / "cards"
IDS = {f"{r}{s}" for r in range(1, 11) for s in "DCSB"} | {"back"}


@pytest.mark.parametrize("deck", ["italian", "spanish", "french"])
def test_every_card_is_a_standalone_svg(deck):
    files = split_sheet(CARDS / f"{deck}.svg")
    assert set(files) == IDS
    for card, data in files.items():
        root = ET.fromstring(data)
        assert root.tag == f"{{{SVG_NS}}}svg" and root.get("viewBox") == "0 0 240 384", card
        defined = {el.get("id") for el in root.iter() if el.get("id")}
        text = data.decode()
        used = set(re.findall(r'href="#([^"]+)"', text)) | set(re.findall(r"url\(#([^)]+)\)", text))
        assert used <= defined, (card, used - defined)
        assert "<symbol" not in text and "http://" not in text.replace("http://www.w3.org/", "")


def test_files_carry_only_the_definitions_they_use():
    sheet = (CARDS / "italian.svg").read_text()
    files = split_sheet(CARDS / "italian.svg")
    assert max(len(d) for d in files.values()) < len(sheet) / 4
    # a coin card needs no sword, a sword card no coin
    assert b'id="i-steel"' not in files["2D"] and b'id="i-steel"' in files["2S"]


@pytest.mark.parametrize("deck", ["italian", "spanish", "french", "portuguese", "french+kdb", "portuguese+rdv"])
def test_a_decks_pictures_are_files_the_build_cuts(deck):
    """A deck's pictures are 41 distinct files (the 40 cards and the back), each cut from
    its sheet by the build (tools/cardfiles.py): the service worker answers each from its
    deck's bundle."""
    sheets = {sheet.stem: sheet.read_text(encoding="utf-8") for sheet in CARDS.glob("*.svg")}
    drawn = {render.card_src(deck, card_id) for card_id in [str(c) for c in ALL_CARDS] + ["back"]}
    assert len(drawn) == 41
    for path in drawn:
        folder, card_id = path.removeprefix(render.CARDS_DIR).removesuffix(".svg").split("/")
        assert f'id="c-{card_id}"' in sheets[folder], (deck, path)
