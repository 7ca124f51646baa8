"""The stylesheet parses as written: every block closed, and every @media at the top level.
A lost brace makes the browser swallow every later rule into one block without a word (a
merge did that once: the How to play button lost its 44 px height)."""

from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "app.css"


def test_every_block_is_closed_and_media_queries_are_not_nested():
    depth = 0
    for number, line in enumerate(CSS.read_text().splitlines(), 1):
        code = line.split("/*")[0] if "*/" not in line else line
        if code.lstrip().startswith("@media"):
            assert depth == 0, f"line {number}: an @media inside another block"
        depth += code.count("{") - code.count("}")
        assert depth >= 0, f"line {number}: a block closed twice"
    assert depth == 0, "a block is never closed"
