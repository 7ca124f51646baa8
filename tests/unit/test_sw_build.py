"""What tools/build.py adds for offline use and static hosts: the service worker's
precache list, Netlify's _headers, and the slimmed standard library (without a browser)."""

from __future__ import annotations

import ast
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


# Modules the runtime itself imports while starting (Pyodide, PyScript's Python side),
# as seen in sys.modules of the running game; the app's own imports are found below.
RUNTIME_ROOTS = [
    "_pyodide", "pyodide", "pyodide.code", "pyodide.ffi", "pyodide.webloop",
    "pyodide._package_loader", "asyncio", "site", "codeop", "json", "base64", "inspect",
    "pathlib", "zipfile", "tempfile", "shutil", "subprocess", "socket", "ssl", "logging",
    "concurrent.futures", "bz2", "lzma", "compression.zstd", "glob", "textwrap", "traceback",
    "tokenize", "dis", "html", "random", "locale", "copy", "weakref", "zipimport",
    "encodings.utf_8", "encodings.cp437", "encodings.aliases", "importlib.util",
]


def module_source(stdlib: zipfile.ZipFile, names: set[str], module: str) -> tuple[str, bool] | None:
    path = module.replace(".", "/")
    for candidate, is_package in ((f"{path}.py", False), (f"{path}/__init__.py", True)):
        if candidate in names:
            return stdlib.read(candidate).decode("utf-8", "replace"), is_package
    return None


IMPORT = re.compile(r"import\s+([\w.]+(?:\s*,\s*[\w.]+)*)")
FROM_IMPORT = re.compile(r"from\s+(\.*)([\w.]*)\s+import\s+\(?\s*([\w, ]*)")
# Blocks that do not run when the module is imported in the browser.
SKIPPED_BLOCK = re.compile(
    r"((async\s+)?def\s|if\s+(typing\.)?TYPE_CHECKING\s*:|if\s+__name__\s*=="
    r"|if\s+sys\.platform\s*==\s*['\"]win32)"
)


def eager_imports(source: str, module: str, is_package: bool) -> set[str]:
    """Modules imported when `module` is imported: import lines outside function bodies
    and TYPE_CHECKING blocks. Line-based, since the runtime's Python (3.14) is newer than
    the one running the tests; a docstring that looks like an import only makes the check
    stricter."""
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    skip_deeper_than = None
    for line in source.splitlines():
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if skip_deeper_than is not None:
            if indent > skip_deeper_than:
                continue
            skip_deeper_than = None
        if SKIPPED_BLOCK.match(text):
            skip_deeper_than = indent
            continue
        if match := IMPORT.match(text):
            found.update(name.strip() for name in match.group(1).split(","))
        elif match := FROM_IMPORT.match(text):
            dots, base, names = match.groups()
            if dots:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - len(dots) + 1])
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found.update(f"{base}.{n.strip()}" for n in names.split(",") if n.strip())
    return found


def app_imports() -> set[str]:
    """Every module any file of the browser app (briscola, briscola_app) imports, function
    bodies included: a lazy import in a rarely used path counts too. The CLI and the
    arena never run in the browser."""
    found: set[str] = set()
    for package in ("briscola", "briscola_app"):
        for path in (REPO / "py" / package).rglob("*.py"):
            if path.name in ("cli.py", "arena.py", "__main__.py"):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    found.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    found.add(node.module)
    return {name for name in found if not name.startswith(("briscola", "js", "pyodide.ffi"))}


def test_no_module_the_game_reaches_is_dropped():
    stdlib_path = REPO / "node_modules" / "pyodide" / "python_stdlib.zip"
    if not stdlib_path.exists():
        pytest.skip("node_modules is not installed (tools/build.py installs it)")
    stdlib = zipfile.ZipFile(stdlib_path)
    names = set(stdlib.namelist())
    todo = list(dict.fromkeys(RUNTIME_ROOTS + sorted(app_imports())))
    seen: set[str] = set()
    needed_by: dict[str, str] = {}
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        found = module_source(stdlib, names, module)
        if found is None:
            continue
        for name in eager_imports(found[0], module, found[1]):
            if module_source(stdlib, names, name) is not None:
                needed_by.setdefault(name, module)
                todo.append(name)
    dropped = sorted(
        m for m in seen if module_source(stdlib, names, m) is not None
        and build.stdlib_dropped(m.replace(".", "/") + (
            "/__init__.py" if f"{m.replace('.', '/')}/__init__.py" in names else ".py"))
    )
    assert not dropped, "dropped from the stdlib but needed: " + ", ".join(
        f"{m} (by {needed_by.get(m, 'the app')})" for m in dropped)
    assert "random" in seen and "asyncio.tasks" in seen  # the walk did reach things


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
