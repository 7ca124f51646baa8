"""The build's one-file-per-card SVGs: complete, self-contained and lean."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

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
