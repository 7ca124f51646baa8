"""What tools/build.py adds for offline use and static hosts: the service worker's
precache list, Netlify's _headers, and the slimmed standard library (without a browser)."""

from __future__ import annotations

import hashlib
import io
import sys
import json
import re
import zipfile
from pathlib import Path

import pytest

from tests.unit.test_build import checkout, run_build, write  # noqa: F401 (fixture)
from tools import build

REPO = Path(__file__).resolve().parents[2]
SW_TEMPLATE = """const BUILD = "__BUILD__";\nconst PRECACHE = /*__PRECACHE__*/[];\n"""


def precache_of(dist: Path) -> list[list[str]]:
    text = (dist / "sw.js").read_text()
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text).group(1))


def test_service_worker_is_filled_and_lives_at_the_root(checkout: Path):  # noqa: F811
    write(checkout / "static" / "sw.js", SW_TEMPLATE)
    write(checkout / "static" / "js" / "pwa.js", "// glue")
    result = run_build(checkout)
    dist = result.out
    assert not (dist / "static" / "sw.js").exists(), "the template is not shipped as is"
    text = (dist / "sw.js").read_text()
    assert f'BUILD = "{result.hash}"' in text and "__PRECACHE__" not in text
    entries = precache_of(dist)
    paths = [path for path, _ in entries]
    assert paths[0] == "./", "index.html is cached under the folder's own URL"
    assert "index.html" not in paths
    assert {result.archive, "main.py", "pyscript.json", "static/js/pwa.js",
            "vendor/pyodide/pyodide.asm.wasm", "vendor/pyscript/core.js"} <= set(paths)
    assert "vendor/pyscript/core-abc.js" in paths
    for left_out in ("sw.js", "build.json", "_headers", "bare/index.html"):
        assert left_out not in paths
    for path, rev in entries:
        file = dist / ("index.html" if path == "./" else path)
        assert rev == hashlib.sha256(file.read_bytes()).hexdigest()[:build.REVISION_LENGTH]
    info = json.loads((dist / "build.json").read_text())
    assert info["precache"] == paths
    assert info["precache_bytes"]["bytes"] == sum(
        (dist / ("index.html" if p == "./" else p)).stat().st_size for p in paths)


def test_cards_are_cached_as_one_bundle_per_deck(tmp_path: Path):
    """Each deck's pictures are precached as static/cards/<deck>.json, not as single
    files: the service worker answers a card's file from its bundle (static/sw.js), so the
    bundle holds, for every file, the same text."""
    cards = tmp_path / "static" / "cards"
    cards.mkdir(parents=True)
    for deck in ("italian", "french-cyr"):
        (cards / f"{deck}.svg").write_bytes((REPO / "static" / "cards" / f"{deck}.svg").read_bytes())
    build.split_card_sheets(cards)
    write(tmp_path / "index.html", "x")
    for deck, count in (("italian", 41), ("french-cyr", 16)):
        assert not (cards / f"{deck}.svg").exists()
        files = sorted((cards / deck).glob("*.svg"))
        bundle = json.loads((cards / f"{deck}.json").read_text(encoding="utf-8"))
        assert len(files) == len(bundle) == count
        for file in files:
            assert bundle[file.stem] == file.read_text(encoding="utf-8"), file
    assert "Т" in "".join(bundle.values())  # the Cyrillic ace's letter, kept as text
    paths = [p for p, _ in build.precache_list(tmp_path)]
    assert paths == ["./", "static/cards/french-cyr.json", "static/cards/italian.json"]


def test_the_worker_answers_a_card_from_its_decks_bundle():
    """The worker's pattern for a card file names the bundle the build writes, and what it
    answers is an SVG picture."""
    text = (REPO / "static" / "sw.js").read_text(encoding="utf-8")
    assert "static/cards/${deck}.json" in text and '"Content-Type": "image/svg+xml"' in text
    pattern = re.search(r"const CARD = /(.*)/;", text).group(1).replace("\\/", "/")
    for path, deck, card in (("/static/cards/italian/10B.svg", "italian", "10B"),
                             ("/game/static/cards/french-kdb/back.svg", "french-kdb", "back")):
        assert re.search(pattern, path).groups() == (deck, card)
    assert re.search(pattern, "/static/cards/italian.json") is None


def test_precache_skips_lazy_chunks(tmp_path: Path):
    write(tmp_path / "index.html", "x")
    write(tmp_path / "vendor" / "pyscript" / "xterm-Bdboj2r8.js", "lazy")
    write(tmp_path / "vendor" / "pyscript" / "core-C9KDLldu.js", "eager")
    paths = [p for p, _ in build.precache_list(tmp_path)]
    assert paths == ["./", "vendor/pyscript/core-C9KDLldu.js"]


def test_a_new_build_gets_a_new_worker_and_cache_name(checkout: Path, tmp_path: Path):  # noqa: F811
    write(checkout / "static" / "sw.js", SW_TEMPLATE)
    one = run_build(checkout, tmp_path / "one")
    write(checkout / "static" / "sw.js", SW_TEMPLATE + "// changed\n")
    two = run_build(checkout, tmp_path / "two")
    assert one.hash != two.hash, "the worker's own code is part of the build hash"
    assert (one.out / "sw.js").read_text() != (two.out / "sw.js").read_text()


def test_template_without_placeholder_fails_the_build(checkout: Path):  # noqa: F811
    write(checkout / "static" / "sw.js", "const PRECACHE = [];\n")
    with pytest.raises(build.BuildError, match="PRECACHE"):
        run_build(checkout)


def test_no_template_means_no_worker(checkout: Path):  # noqa: F811
    assert not (run_build(checkout).out / "sw.js").exists()


@pytest.mark.parametrize(("name", "hashed"), [
    ("app-0123456789ab.zip", True),
    ("vendor/pyscript/core-C9KDLldu.js", True),
    ("vendor/pyscript/codemirror_lang-python-r-dBg-Wd.js", True),
    ("vendor/pyscript/xterm_addon-fit-43qXDVCl.js", True),
    ("vendor/pyscript/core.js", False),
    ("vendor/pyscript/xterm-readline.js", False),
    ("vendor/pyodide/pyodide.asm.wasm", False),
    ("static/css/app.css", False),
    ("sw.js", False),
])
def test_only_hashed_names_are_immutable(name: str, hashed: bool):
    assert bool(build.HASHED_NAME.search(name)) is hashed


def test_headers_file_lists_hashed_files(checkout: Path):  # noqa: F811
    result = run_build(checkout)
    text = (result.out / "_headers").read_text()
    assert f"/{result.archive}\n  Cache-Control: {build.IMMUTABLE}" in text
    assert "/index.html" not in text and "/sw.js" not in text and "core.js" not in text


def test_headers_file_forbids_framing_with_the_pages_policy(checkout: Path):  # noqa: F811
    text = (run_build(checkout).out / "_headers").read_text()
    block = text.split("\n/*\n", 1)[1].split("\n#", 1)[0]
    values = dict(line.strip().split(": ", 1) for line in block.splitlines())
    assert values["Content-Security-Policy"] == netlify_headers()["/*"]["Content-Security-Policy"]
    assert values["Content-Security-Policy"].endswith("; frame-ancestors 'none'")
    assert values["X-Frame-Options"] == "DENY"
    for name, value in build.ISOLATION_HEADERS:  # the same isolation from both files
        assert values[name] == netlify_headers()["/*"][name] == value


# --------------------------------------------------------------------------- stdlib


def fake_stdlib(names: list[str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name in names:
            z.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), f"# {name}\n")
    return buffer.getvalue()


def test_slim_stdlib_drops_listed_parts_only():
    names = ["json/", "json/__init__.py", "email/", "email/parser.py", "pdb.py", "random.py",
             "encodings/", "encodings/__init__.py", "encodings/utf_8.py",
             "encodings/cp1250.py", "encodings/big5.py", "pdbx.py"]
    slim = build.slim_stdlib(fake_stdlib(names))
    kept = zipfile.ZipFile(io.BytesIO(slim)).namelist()
    assert kept == ["json/", "json/__init__.py", "random.py", "encodings/",
                    "encodings/__init__.py", "encodings/utf_8.py", "pdbx.py"]
    assert build.slim_stdlib(fake_stdlib(names)) == slim, "deterministic"


def test_docstrings_are_stripped_only_where_the_program_stays_the_same():
    source = (b'"""Module."""\nfrom __future__ import annotations\n\n\nclass A:\n    """Class."""\n\n\n'
              b'def f(x):  # a comment\n    """Doc."""\n    return f"{x!r:>{4}}" + \'"""kept"""\'\n')
    stripped = build.strip_docstrings(source)
    assert stripped is not None and b"Module." not in stripped and b"Class." not in stripped
    assert b"Doc." not in stripped and b"a comment" not in stripped and b'"""kept"""' in stripped
    space: dict = {}
    exec(compile(stripped, "m", "exec"), space)
    assert space["f"](1) == "   1\"\"\"kept\"\"\"" and space["A"].__doc__ is None and space["f"].__doc__ is None
    assert build.strip_docstrings(b"def f(:\n") is None  # not this Python's syntax: as it is
    assert build.compact_source("m.py", b"def f(:\n") == b"def f(:\n"
    assert build.compact_source("data.json", b'"""x"""') == b'"""x"""'


def test_slim_stdlib_stores_modules_without_docstrings():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("m.py", '"""A long docstring."""\nX = 1\n')
        z.writestr("new.py", "type Point = tuple[int, int]\n" if sys.version_info < (3, 12) else "def f(:\n")
    slim = zipfile.ZipFile(io.BytesIO(build.slim_stdlib(buffer.getvalue())))
    assert [i.compress_type for i in slim.infolist()] == [zipfile.ZIP_STORED] * 2
    assert slim.read("m.py") == b"X = 1\n"
    assert slim.read("new.py") == zipfile.ZipFile(buffer).read("new.py")  # kept as it was


def test_fake_runtime_stdlib_is_copied_as_is(checkout: Path):  # noqa: F811
    dist = run_build(checkout).out
    assert (dist / "vendor" / "pyodide" / "python_stdlib.zip").read_text() == \
        "fake python_stdlib.zip"


def test_no_module_the_game_reaches_is_dropped():
    stdlib_path = REPO / "node_modules" / "pyodide" / "python_stdlib.zip"
    if not stdlib_path.exists():
        pytest.skip("node_modules is not installed (tools/build.py installs it)")
    stdlib = zipfile.ZipFile(stdlib_path)
    names = set(stdlib.namelist())
    reached = build.stdlib_reached(stdlib, build.stdlib_roots(REPO / "py"))
    dropped = sorted(m for m in reached if build.stdlib_dropped(build.module_entry(names, m)))
    assert not dropped, "dropped from the stdlib but needed: " + ", ".join(
        f"{m} (by {reached[m] or 'the app'})" for m in dropped)
    assert "random" in reached and "asyncio.tasks" in reached  # the walk did reach things
    assert "concurrent" in reached, "a package comes with its modules"


def test_the_walk_reads_imports_as_the_browser_runs_them():
    source = ("import a, b.c\nfrom .d import e\nfrom f import (g,\n  h)\n"
              "def lazy():\n    import never\nif TYPE_CHECKING:\n    import typing_only\n"
              "if sys.platform == 'win32':\n    import windows\nelse:\n    import posix\n")
    found = build.eager_imports(source, "pkg.mod", is_package=False)
    assert {"a", "b.c", "pkg.d", "pkg.d.e", "f", "f.g", "posix"} <= found
    assert not found & {"never", "typing_only", "windows"}


def test_the_game_stdlib_plan_compiles_what_is_reached_and_keeps_codecs():
    stdlib = zipfile.ZipFile(io.BytesIO(fake_stdlib([
        "json/", "json/__init__.py", "json/decoder.py", "random.py", "pdbx.py",
        "encodings/", "encodings/__init__.py", "encodings/utf_8.py", "encodings/latin_1.py",
        "concurrent/", "concurrent/__init__.py", "concurrent/futures/",
        "concurrent/futures/__init__.py", "site-packages/README.txt", "_pyodide/py.typed"])))
    reached = build.stdlib_reached(stdlib, ["concurrent.futures", "encodings.utf_8", "nothere"])
    assert set(reached) == {"concurrent", "concurrent.futures", "encodings", "encodings.utf_8"}
    plan = build.stdlib_plan(stdlib, REPO / "py")  # the real app: it imports json and random
    assert {"json/__init__.py", "random.py", "encodings/utf_8.py"} <= set(plan["compile"])
    assert "pdbx.py" not in plan["compile"] + plan["keep"]
    assert "encodings/latin_1.py" in plan["keep"] and "json/" in plan["keep"]
    assert "site-packages/README.txt" not in plan["keep"]  # its folder is not shipped


# --------------------------------------------------------------------------- hosts


def netlify_headers() -> dict[str, dict[str, str]]:
    import tomllib

    config = tomllib.loads((REPO / "netlify.toml").read_text())
    assert config["build"]["command"] == "python3 tools/build.py"
    assert config["build"]["publish"] == "dist"
    return {rule["for"]: rule["values"] for rule in config["headers"]}


def test_netlify_headers():
    headers = netlify_headers()
    assert headers["/*.wasm"]["Content-Type"] == "application/wasm"
    for path in ("/sw.js", "/", "/index.html"):
        assert headers[path]["Cache-Control"] == "no-cache"
    for path, values in headers.items():
        assert "immutable" not in values.get("Cache-Control", ""), \
            f"{path}: immutable caching belongs only to hashed names (dist/_headers)"


def test_csp_is_strict_and_the_same_in_the_page_and_on_netlify():
    header = netlify_headers()["/*"]["Content-Security-Policy"]
    page = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"',
                     (REPO / "index.html").read_text()).group(1)
    # frame-ancestors only works as a header; the rest must match
    assert header == page + "; frame-ancestors 'none'"
    policy = dict(part.strip().split(" ", 1) for part in header.split(";"))
    assert policy["default-src"] == "'self'"
    assert "'unsafe-inline'" not in header and "http" not in header and "*" not in header
    assert policy["script-src"] == "'self' 'unsafe-eval' 'wasm-unsafe-eval'"


def test_page_has_no_inline_script():
    html = (REPO / "index.html").read_text()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, f"inline script: {tag}"
    assert "onclick=" not in html.lower() and " style=" not in html.lower()


def test_pages_workflow_publishes_the_same_build():
    workflow = (REPO / ".github" / "workflows" / "pages.yml").read_text()
    assert "python3 tools/build.py" in workflow
    assert "actions/upload-pages-artifact" in workflow and "path: dist" in workflow
    assert "actions/deploy-pages" in workflow


def test_the_runtime_lock_ships_without_packages():
    """The game loads no package, so the lock file Pyodide reads at start goes without its
    package list (27 kB gzipped of every first visit); its info stays for the runtime's
    checks, and anything that is not a lock file is shipped as it is."""
    source = REPO / "node_modules" / "pyodide" / build.LOCK_FILE
    if not source.is_file():
        pytest.skip("npm ci has not run: no runtime to read")
    original = json.loads(source.read_bytes())
    slim = json.loads(build.slim_lock(source.read_bytes()))
    assert original["packages"] and slim["packages"] == {}
    assert slim["info"] == original["info"]
    assert build.slim_lock(b"fake pyodide-lock.json") == b"fake pyodide-lock.json"
    assert build.slim_lock(b'{"info": {}}') == b'{"info": {}}'
