"""Split a card sprite sheet into one standalone SVG file per card.

The page shows cards as ``<img>``: the browser rasterises each file once and keeps the
bitmap, where ``<use>`` of a sprite clones every card's shapes into the page (thousands of
elements that each style recalculation walks again). Each file holds its card's shapes and
only the definitions they reference, directly or through other definitions.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
CARD_PREFIX = "c-"
_REF = re.compile(r"url\(#([^)]+)\)")
_HREFS = ("href", f"{{{XLINK_NS}}}href")


def _references(element: ET.Element) -> set[str]:
    """Ids an element and its descendants point at (href="#x", url(#x))."""
    found = set()
    for node in element.iter():
        for name, value in node.attrib.items():
            if name in _HREFS and value.startswith("#"):
                found.add(value[1:])
            found.update(_REF.findall(value))
    return found


def split_sheet(sheet: Path) -> dict[str, bytes]:
    """card id (``1D``, ``back``) -> the bytes of a standalone SVG for it."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = ET.parse(sheet).getroot()
    defs = {el.get("id"): el for d in root.iter(f"{{{SVG_NS}}}defs") for el in d if el.get("id")}
    order = {name: i for i, name in enumerate(defs)}
    out = {}
    for symbol in root.iter(f"{{{SVG_NS}}}symbol"):
        ident = symbol.get("id", "")
        if not ident.startswith(CARD_PREFIX):
            continue
        needed: set[str] = set()
        todo = list(_references(symbol))
        while todo:
            ref = todo.pop()
            if ref in needed or ref not in defs:
                continue
            needed.add(ref)
            todo.extend(_references(defs[ref]))
        svg = ET.Element(f"{{{SVG_NS}}}svg", {"viewBox": symbol.get("viewBox", ""), "width": "240", "height": "384"})
        if needed:
            d = ET.SubElement(svg, f"{{{SVG_NS}}}defs")
            d.extend(defs[name] for name in sorted(needed, key=order.__getitem__))
        svg.extend(list(symbol))
        out[ident[len(CARD_PREFIX):]] = ET.tostring(svg, encoding="utf-8", xml_declaration=False)
    return out


def write_card_files(sheet: Path, out_dir: Path) -> dict[str, bytes]:
    """Writes each card of ``sheet`` as ``out_dir/<card>.svg``; returns what it wrote
    (:func:`split_sheet`)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    files = split_sheet(sheet)
    for card, data in files.items():
        (out_dir / f"{card}.svg").write_bytes(data)
    return files
