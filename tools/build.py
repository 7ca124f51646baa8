#!/usr/bin/env python3
"""Assemble the static site in dist/ from a checkout, with the browser runtime vendored.

Usage: python3 tools/build.py [--out DIR] [--skip-npm]

Standard library only. Steps: make sure node_modules matches package-lock.json (runs
`npm ci` otherwise), wipe the output folder, copy the runtime files Pyodide and PyScript
need at start (the standard library slimmed and compiled ahead of time by
tools/compile_stdlib.mjs, which needs Node.js; the bare page gets it as source), pack
the Python packages from py/ into one deterministic zip that PyScript unpacks into the
interpreter's working directory, write pyscript.json for the app and for the bare
benchmark page, copy index.html, main.py and static/, stamp the build hash into
text files (placeholder __BUILD__), fill the service worker (static/sw.js, written to the
site's root so its scope is the whole site) with the files to precache, write Netlify's
_headers (long immutable caching for hashed files only) and write build.json with the
shipped file list.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BUILD_PLACEHOLDER = "__BUILD__"
HASH_LENGTH = 12
# Fixed timestamp for zip entries so the archive's bytes depend only on its contents.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
GZIP_LEVEL = 6  # what typical static hosts use on the fly; used for the size report only
DEFAULT_MAIN = "from briscola_app.boot import main\n\nmain()\n"

# What Pyodide fetches while starting, relative to pyodide.mjs (its indexURL). Pyodide
# 0.28+/314 ships the Emscripten glue as pyodide.asm.mjs; older ones as pyodide.asm.js.
PYODIDE_RUNTIME = (
    "pyodide.mjs",
    ("pyodide.asm.mjs", "pyodide.asm.js"),
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Standard-library modules and packages (top-level names) the game never imports, left out
# of python_stdlib.zip to save ~1 MB on the first visit. Proven safe by the browser tests
# (the game starts and plays whole deals, offline too) and by tests/unit/test_sw_build.py
# (no module reachable from briscola_app, nor any stdlib module the runtime imports while
# starting, needs one of them). Pass --full-stdlib to ship the runtime's zip untouched.
STDLIB_DROP = frozenset({
    "__hello__", "__phello__", "_pyio", "_pyrepl", "antigravity", "bdb", "cProfile",
    "compileall", "difflib", "doctest", "email", "ftplib", "http", "imaplib", "mailbox",
    "modulefinder", "multiprocessing", "netrc", "pdb", "pickletools", "plistlib", "poplib",
    "profile", "pstats", "pty", "pyclbr", "pydoc", "sched", "shelve", "smtplib",
    "socketserver", "sqlite3", "symtable", "tabnanny", "tarfile", "this", "timeit",
    "tomllib", "trace", "tracemalloc", "tty", "unittest", "wave", "webbrowser", "wsgiref",
    "xml", "xmlrpc", "zipapp",
})
# Codecs kept in encodings/: Unicode, ASCII/Latin-1, the zip file-name codec (cp437), the
# ones the runtime and str/bytes methods name (idna, escapes, binary transforms).
ENCODINGS_KEEP = frozenset({
    "__init__", "aliases", "ascii", "base64_codec", "charmap", "cp1252", "cp437",
    "hex_codec", "idna", "iso8859_1", "iso8859_15", "latin_1", "punycode", "quopri_codec",
    "raw_unicode_escape", "rot_13", "undefined", "unicode_escape", "utf_16", "utf_16_be",
    "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_7", "utf_8", "utf_8_sig",
    "uu_codec", "zlib_codec",
})
STDLIB_ZIP = "python_stdlib.zip"
# PyScript: core.js plus every chunk it may import (dynamic imports included), no maps.
PYSCRIPT_SUFFIXES = (".js", ".css")
# PyScript chunks a page loads only for features this game does not use at start (py-editor,
# the terminal, MicroPython, TOML config, `packages`, archives for MicroPython) and two
# modules core.js never imports. They are shipped anyway, so nothing 404s if a page does
# use them, and listed as "lazy" in build.json so an offline cache can skip them.
# tests/browser/test_bare.py checks the bare page requests none of them.
LAZY_PYSCRIPT = re.compile(
    r"^(codemirror[\w-]*|index-[\w-]{8}|xterm[\w-]*|mpy-[\w-]{8}|py-[\w-]{8}|toml-[\w-]{8}"
    r"|pyodide_graph-[\w-]{8}|zip-[\w-]{8})\.(js|css)$|^(service-worker|storage)\.js$|^xterm\.css$"
)
# Files whose text gets __BUILD__ replaced (outside vendor/, which is never touched).
STAMPED_SUFFIXES = {".html", ".js", ".mjs", ".json", ".webmanifest", ".css", ".txt"}
SKIP_NAMES = {"__pycache__", ".DS_Store", ".pytest_cache", ".ruff_cache", ".mypy_cache"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".map"}

# The service worker template in static/; the build writes it to the site's root.
SW_TEMPLATE = "sw.js"
SW_PLACEHOLDER = "/*__PRECACHE__*/[]"
# Not precached: the runtime-floor page, the build report, the worker itself, host config,
# and the card pictures' single files, which the worker answers from their decks' bundles
# (split_card_sheets).
NOT_PRECACHED = re.compile(
    r"^(bare/.*|build\.json|sw\.js|_headers|\.nojekyll|index\.html|static/cards/[^/]+/[^/]+\.svg)$")
# Files whose name carries a content hash: safe to cache for a year, never revalidated.
# Bundler hashes are 8 url-safe base64 characters with an upper-case letter or a digit.
HASHED_NAME = re.compile(
    r"(^|/)(app-[0-9a-f]{12}\.zip|[\w.-]+-(?=[\w-]{0,7}[A-Z0-9])[\w-]{8}\.(js|css))$"
)
IMMUTABLE = "public, max-age=31536000, immutable"
REVISION_LENGTH = 10


class BuildError(RuntimeError):
    """The build cannot go on; the message says what to do."""


@dataclass
class Paths:
    root: Path
    out: Path

    @property
    def node_modules(self) -> Path:
        return self.root / "node_modules"

    @property
    def pyodide(self) -> Path:
        return self.node_modules / "pyodide"

    @property
    def pyscript(self) -> Path:
        return self.node_modules / "@pyscript" / "core" / "dist"

    @property
    def py(self) -> Path:
        return self.root / "py"


@dataclass
class BuildResult:
    out: Path
    hash: str
    archive: str
    files: list[dict] = field(default_factory=list)
    total_bytes: int = 0
    gzip_bytes: int = 0
    seconds: float = 0.0


# --------------------------------------------------------------------------- npm


def lock_versions(lock_file: Path) -> dict[str, str]:
    """Map node_modules/<name> -> version for every package in an npm v2/v3 lockfile."""
    data = json.loads(lock_file.read_text(encoding="utf-8"))
    packages = data.get("packages")
    if not isinstance(packages, dict):
        raise BuildError(f"{lock_file} has no 'packages' table; regenerate it with npm >= 7")
    return {path: info.get("version", "") for path, info in packages.items() if path}


def node_modules_stale(root: Path) -> str | None:
    """Why node_modules does not match package-lock.json, or None when it does."""
    lock_file = root / "package-lock.json"
    if not lock_file.exists():
        raise BuildError("package-lock.json is missing: run `npm install` once and commit it")
    if not (root / "node_modules").is_dir():
        return "node_modules is missing"
    for rel, version in lock_versions(lock_file).items():
        manifest = root / rel / "package.json"
        if not manifest.exists():
            return f"{rel} is missing"
        installed = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        if installed != version:
            return f"{rel} is {installed}, lock wants {version}"
    return None


def ensure_node_modules(root: Path) -> None:
    reason = node_modules_stale(root)
    if reason is None:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"{reason} and npm is not installed: install Node.js (with npm)")
    print(f"build: {reason}; running npm ci", flush=True)
    subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=root, check=True
    )
    reason = node_modules_stale(root)
    if reason is not None:
        raise BuildError(f"npm ci did not produce the locked tree: {reason}")


def package_version(package_dir: Path) -> str:
    return json.loads((package_dir / "package.json").read_text(encoding="utf-8"))["version"]


# --------------------------------------------------------------------------- files


def wanted(path: Path) -> bool:
    return not (set(path.parts) & SKIP_NAMES) and path.suffix not in SKIP_SUFFIXES


def iter_tree(src: Path):
    """Files under src (sorted, relative), skipping caches and bytecode."""
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_file() and wanted(rel):
            yield rel


def copy_tree(src: Path, dst: Path, skip: set[str] = frozenset()) -> None:
    """Copy src's files to dst; `skip` names paths (relative to src) to leave out."""
    for rel in iter_tree(src):
        if rel.as_posix() in skip:
            continue
        target = dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src / rel, target)


def app_packages(py_dir: Path) -> list[Path]:
    """Top-level Python packages in py/ (folders with an __init__.py)."""
    if not py_dir.is_dir():
        return []
    return sorted(p for p in py_dir.iterdir() if p.is_dir() and (p / "__init__.py").exists())


class _DocstringStripper(ast.NodeTransformer):
    """Drops the docstring of a module, class or function (an empty body gets ``pass``)."""

    def _strip(self, node):
        self.generic_visit(node)
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _strip


def strip_docstrings(source: bytes) -> bytes | None:
    """The module's source without its docstrings, as ``python -OO`` compiles it (the
    browser never reads them: 45% of the standard library's bytes), or None when the
    rewrite cannot be proven to be the same program: the source does not parse with this
    Python (syntax newer than it), or the rewritten source does not parse back to exactly
    the stripped tree. Comments and layout go too; the program is the same."""
    try:
        tree = _DocstringStripper().visit(ast.parse(source))
        text = ast.unparse(tree)
        if ast.dump(ast.parse(text)) != ast.dump(tree):
            return None
    except (SyntaxError, ValueError, RecursionError):
        return None
    return text.encode("utf-8") + b"\n"


def compact_source(name: str, data: bytes) -> bytes:
    """A zip entry as shipped to the browser: a module without docstrings when that is
    proven safe and smaller (strip_docstrings), anything else as it is."""
    if not name.endswith(".py"):
        return data
    stripped = strip_docstrings(data)
    return stripped if stripped is not None and len(stripped) < len(data) else data


# --------------------------------------------------------------------------- stdlib

# Modules the runtime itself imports while starting (Pyodide, PyScript's Python side),
# as seen in sys.modules of the running game; the app's own imports are found by
# app_imports. Everything these reach by importing is compiled ahead of time
# (compile_stdlib); the game's zip holds nothing else but the codecs (ENCODINGS_KEEP).
RUNTIME_ROOTS = (
    "_pyodide", "pyodide", "pyodide.code", "pyodide.ffi", "pyodide.webloop",
    "pyodide._package_loader", "asyncio", "site", "codeop", "json", "base64", "inspect",
    "pathlib", "zipfile", "tempfile", "shutil", "subprocess", "socket", "ssl", "logging",
    "concurrent.futures", "bz2", "lzma", "compression.zstd", "glob", "textwrap", "traceback",
    "tokenize", "dis", "html", "random", "locale", "copy", "weakref", "zipimport",
    "encodings.utf_8", "encodings.cp437", "encodings.aliases", "importlib.util",
)
_IMPORT = re.compile(r"import\s+([\w.]+(?:\s*,\s*[\w.]+)*)")
_FROM_IMPORT = re.compile(r"from\s+(\.*)([\w.]*)\s+import\s+\(?\s*([\w, ]*)")
# Blocks that do not run when the module is imported in the browser.
_SKIPPED_BLOCK = re.compile(
    r"((async\s+)?def\s|if\s+(typing\.)?TYPE_CHECKING\s*:|if\s+__name__\s*=="
    r"|if\s+sys\.platform\s*==\s*['\"]win32)"
)


def module_entry(names: set[str], module: str) -> str | None:
    """The zip entry holding `module`'s source (a module or a package), if any."""
    path = module.replace(".", "/")
    for candidate in (f"{path}.py", f"{path}/__init__.py"):
        if candidate in names:
            return candidate
    return None


def eager_imports(source: str, module: str, is_package: bool) -> set[str]:
    """Modules imported when `module` is imported: import lines outside function bodies
    and TYPE_CHECKING blocks. Line-based, since the runtime's Python (3.14) is newer than
    the one running the build; a docstring that looks like an import only makes the walk
    take more."""
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
        if _SKIPPED_BLOCK.match(text):
            skip_deeper_than = indent
            continue
        if match := _IMPORT.match(text):
            found.update(name.strip() for name in match.group(1).split(","))
        elif match := _FROM_IMPORT.match(text):
            dots, base, names = match.groups()
            if dots:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - len(dots) + 1])
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found.update(f"{base}.{n.strip()}" for n in names.split(",") if n.strip())
    return found


# Modules of py/ that never run in the browser (the command line and the arena).
NOT_IN_BROWSER = ("cli.py", "arena.py", "__main__.py")


def app_imports(py_dir: Path) -> set[str]:
    """Every module any file of the browser app imports, function bodies included: a lazy
    import in a rarely used path counts too."""
    found: set[str] = set()
    for package in app_packages(py_dir):
        for path in package.rglob("*.py"):
            if path.name in NOT_IN_BROWSER:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    found.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    found.add(node.module)
    own = tuple(p.name for p in app_packages(py_dir)) + ("js", "pyodide.ffi")
    return {name for name in found if not name.startswith(own)}


def stdlib_roots(py_dir: Path) -> tuple[str, ...]:
    """Where the walk of the standard library starts: what the runtime imports while
    starting, and every module the game imports."""
    return RUNTIME_ROOTS + tuple(sorted(app_imports(py_dir)))


def stdlib_reached(stdlib: zipfile.ZipFile, roots) -> dict[str, str]:
    """The modules of `stdlib` that importing `roots` imports (eager_imports, followed
    through the zip), each with the module that first needed it."""
    names = set(stdlib.namelist())
    todo = list(dict.fromkeys(roots))
    needed_by: dict[str, str] = {name: "" for name in todo}
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        entry = module_entry(names, module)
        if entry is None:
            continue
        source = stdlib.read(entry).decode("utf-8", "replace")
        imported = eager_imports(source, module, entry.endswith("/__init__.py"))
        parents = {name.rsplit(".", k)[0] for name in imported | {module}
                   for k in range(1, name.count(".") + 1)}  # a package before its modules
        for name in imported | parents:
            if module_entry(names, name) is not None:
                needed_by.setdefault(name, module)
                todo.append(name)
    return {m: needed_by[m] for m in sorted(seen) if module_entry(names, m) is not None}


def stdlib_plan(stdlib: zipfile.ZipFile, py_dir: Path) -> dict[str, list[str]]:
    """What compile_stdlib does with each entry of the (slim) standard library: the
    modules the runtime and the game reach are compiled; the codecs, and the non-module
    files of the folders that stay, are kept as they are; the rest is left out."""
    names = set(stdlib.namelist())
    compiled = {entry for m in stdlib_reached(stdlib, stdlib_roots(py_dir))
                if (entry := module_entry(names, m)) is not None}
    codecs = {n for n in names if n.startswith("encodings/") and n.endswith(".py")} - compiled
    folders = {n.rpartition("/")[0] for n in compiled | codecs}

    def other_kept(name: str) -> bool:  # a folder entry, or a data file, of a kept folder
        if name.endswith("/"):
            return name.rstrip("/") in folders
        return not name.endswith(".py") and name.rpartition("/")[0] in folders

    keep = codecs | {n for n in names if other_kept(n)}
    return {"compile": sorted(compiled), "keep": sorted(keep)}


def compile_stdlib(paths: Paths, slim: bytes) -> bytes:
    """The game's standard library: `slim` as tools/compile_stdlib.mjs compiles it with
    the vendored Pyodide, following stdlib_plan (needs Node.js, as npm does)."""
    plan = stdlib_plan(zipfile.ZipFile(io.BytesIO(slim)), paths.py)
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        (folder / "in.zip").write_bytes(slim)
        write_json(folder / "plan.json", plan)
        command = ["node", str(paths.root / "tools" / "compile_stdlib.mjs"), str(paths.pyodide),
                   str(folder / "in.zip"), str(folder / "out.zip"), str(folder / "plan.json")]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise BuildError(f"compiling the standard library failed: {error}") from error
        if done.returncode != 0:
            raise BuildError("compiling the standard library failed:\n" + done.stderr[-2000:])
        return (folder / "out.zip").read_bytes()


def make_archive(py_dir: Path) -> bytes:
    """A deterministic zip of the packages in py_dir: same sources, same bytes. Modules go
    without their docstrings (compact_source); entries are stored, not deflated, so that
    the host's gzip or brotli compresses the archive as one stream (243 kB gzipped where
    deflating each entry gave 281 kB). The command line and the arena (NOT_IN_BROWSER)
    stay out: the browser never runs them."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for package in app_packages(py_dir):
            for rel in iter_tree(package):
                if rel.name in NOT_IN_BROWSER:
                    continue
                name = (Path(package.name) / rel).as_posix()
                info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
                info.compress_type = zipfile.ZIP_STORED
                info.external_attr = 0o644 << 16
                archive.writestr(info, compact_source(name, (package / rel).read_bytes()))
    return buffer.getvalue()


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_LENGTH]


def tree_hash(out: Path, exclude: set[str] = frozenset()) -> str:
    """Short sha256 over every file's path and bytes under out."""
    digest = hashlib.sha256()
    for rel in sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()):
        if rel in exclude:
            continue
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((out / rel).read_bytes()).digest())
    return digest.hexdigest()[:HASH_LENGTH]


def pyscript_config(interpreter: str, files: dict[str, str] | None = None) -> dict:
    config: dict = {"interpreter": interpreter}
    if files:
        config["files"] = files
    return config


def write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def stamp(out: Path, build_hash: str) -> list[str]:
    """Replace __BUILD__ in text files outside vendor/; returns the files changed."""
    changed = []
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out)
        if not path.is_file() or rel.parts[0] == "vendor" or path.suffix not in STAMPED_SUFFIXES:
            continue
        text = path.read_text(encoding="utf-8")
        if BUILD_PLACEHOLDER in text:
            path.write_text(text.replace(BUILD_PLACEHOLDER, build_hash), encoding="utf-8")
            changed.append(rel.as_posix())
    return changed


def gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0))


# --------------------------------------------------------------------------- steps


def stdlib_dropped(name: str) -> bool:
    """Whether a python_stdlib.zip entry is left out (see STDLIB_DROP, ENCODINGS_KEEP)."""
    parts = name.split("/")
    top = parts[0].removesuffix(".py")
    if top in STDLIB_DROP:
        return True
    if top == "encodings" and len(parts) == 2 and parts[1].endswith(".py"):
        return parts[1].removesuffix(".py") not in ENCODINGS_KEEP
    return False


def slim_stdlib(data: bytes) -> bytes:
    """python_stdlib.zip without the dropped entries and without docstrings
    (compact_source), stored rather than deflated so that the host compresses it as one
    stream: 1.35 MB gzipped became 0.72 MB. Same order and dates, so the same input gives
    the same bytes. Modules whose syntax this Python cannot parse (a few of 3.14's) are
    shipped as they are."""
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            if stdlib_dropped(info.filename):
                continue
            copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            copy.compress_type = zipfile.ZIP_STORED
            copy.external_attr = info.external_attr
            target.writestr(copy, compact_source(info.filename, source.read(info)))
    return buffer.getvalue()


LOCK_FILE = "pyodide-lock.json"


def slim_lock(data: bytes) -> bytes:
    """The runtime's package list without its packages. Pyodide reads the list at every
    start (its version check, the import hook that names the standard library's
    unvendored modules), but the game loads no package: its code comes as files (the app
    archive) and the npm package has no wheels to load anyway. The 357 entries were
    27 kB gzipped of every first visit. A source that is not a lock file is kept as is."""
    try:
        lock = json.loads(data)
    except ValueError:
        return data
    if not isinstance(lock, dict) or not isinstance(lock.get("packages"), dict):
        return data
    return json.dumps({**lock, "packages": {}}, separators=(",", ":"), sort_keys=True).encode("utf-8")


def copy_pyodide(paths: Paths, *, slim: bool = True) -> None:
    dst = paths.out / "vendor" / "pyodide"
    dst.mkdir(parents=True)
    for entry in PYODIDE_RUNTIME:
        candidates = entry if isinstance(entry, tuple) else (entry,)
        found = [name for name in candidates if (paths.pyodide / name).exists()]
        if not found:
            raise BuildError(f"pyodide package lacks {' or '.join(candidates)}")
        source = paths.pyodide / found[0]
        if slim and found[0] == LOCK_FILE:
            (dst / found[0]).write_bytes(slim_lock(source.read_bytes()))
        elif slim and found[0] == STDLIB_ZIP and zipfile.is_zipfile(source):
            # the game's, compiled; the bare page's, as the runtime compiles it at start
            standard = slim_stdlib(source.read_bytes())
            (dst / found[0]).write_bytes(compile_stdlib(paths, standard))
            (paths.out / "bare").mkdir(exist_ok=True)
            (paths.out / "bare" / found[0]).write_bytes(standard)
        else:
            shutil.copyfile(source, dst / found[0])


def copy_pyscript(paths: Paths) -> None:
    dst = paths.out / "vendor" / "pyscript"
    dst.mkdir(parents=True)
    if not (paths.pyscript / "core.js").exists():
        raise BuildError(f"{paths.pyscript}/core.js is missing")
    for path in sorted(paths.pyscript.iterdir()):
        if path.is_file() and path.suffix in PYSCRIPT_SUFFIXES:
            shutil.copyfile(path, dst / path.name)


def write_app(paths: Paths) -> str:
    """Archive, main.py, pyscript.json; returns the archive's file name."""
    data = make_archive(paths.py)
    name = f"app-{short_hash(data)}.zip"
    (paths.out / name).write_bytes(data)
    main = paths.py / "main.py"
    if main.exists():
        shutil.copyfile(main, paths.out / "main.py")
    else:
        (paths.out / "main.py").write_text(DEFAULT_MAIN, encoding="utf-8")
    config = pyscript_config("./static/js/boot.mjs", {f"./{name}": "./*"})
    write_json(paths.out / "pyscript.json", config)
    return name


PLACEHOLDER_INDEX = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Briscola (build placeholder)</title>
<link rel="icon" href="./static/icons/favicon.svg" type="image/svg+xml"></head>
<body><p>index.html is not in the checkout yet. The runtime check page is at
<a href="./bare/">bare/</a>. Build __BUILD__.</p></body></html>
"""


def split_card_sheets(cards: Path) -> None:
    """static/cards/<deck>.svg -> static/cards/<deck>/<card>.svg; the page shows single
    files (see tools/cardfiles.py), so the sheets themselves are not shipped. Each deck's
    files go into one bundle too, static/cards/<deck>.json ({card: svg}), which the
    service worker caches in their place and answers them from (static/sw.js): gzipped
    as one stream, the definitions every card of a deck repeats are sent once (30 kB for
    the seven decks, where their 287 files take 189 kB)."""
    try:
        from tools.cardfiles import write_card_files  # imported as tools.build (tests)
    except ImportError:
        from cardfiles import write_card_files  # run as python3 tools/build.py

    for sheet in sorted(cards.glob("*.svg")):
        bundle = {card: data.decode("utf-8") for card, data in write_card_files(sheet, cards / sheet.stem).items()}
        (cards / f"{sheet.stem}.json").write_text(
            json.dumps(bundle, ensure_ascii=False, separators=(",", ":"), sort_keys=True), encoding="utf-8")
        sheet.unlink()


def copy_pages(paths: Paths) -> None:
    index = paths.root / "index.html"
    if index.exists():
        shutil.copyfile(index, paths.out / "index.html")
    else:
        print("build: warning: index.html not found, writing a placeholder", flush=True)
        (paths.out / "index.html").write_text(PLACEHOLDER_INDEX, encoding="utf-8")
    static = paths.root / "static"
    if static.is_dir():
        copy_tree(static, paths.out / "static", skip={SW_TEMPLATE})
        split_card_sheets(paths.out / "static" / "cards")
        if (static / SW_TEMPLATE).is_file():
            shutil.copyfile(static / SW_TEMPLATE, paths.out / SW_TEMPLATE)
    bare_src = paths.root / "tools" / "bare"
    bare_dst = paths.out / "bare"
    copy_tree(bare_src, bare_dst)
    # with its own standard library when the build compiled the game's (copy_pyodide)
    own = (bare_dst / STDLIB_ZIP).exists()
    write_json(bare_dst / "pyscript.json",
               pyscript_config("./runtime.mjs" if own else "../vendor/pyodide/pyodide.mjs"))


PAGE_STRINGS_JS = "static/js/lang.js"
STRINGS_SLOT = "/*__STRINGS__*/ {}"
TEXT_KEYS = re.compile(r'data-t(?:-label)?="(\w+)"')
EARLY_KEYS = ("stage_runtime", "loading", "pwa_update", "pwa_reload", "pwa_later", "pwa_install",
              "pwa_install_label", "pwa_persist")
"""Texts the page shows before Python runs: the static markup's and the offline glue's."""


def page_strings(locales: Path, page_html: str) -> dict[str, dict[str, str]]:
    """Per language, the texts of the static page (its data-t keys) and of pwa.js, with
    the writing direction under "_dir"."""
    keys = sorted(set(TEXT_KEYS.findall(page_html)) | set(EARLY_KEYS))
    out = {}
    for path in sorted(locales.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        messages = data["messages"]
        texts = {k: messages[k] for k in keys if isinstance(messages.get(k), str)}
        out[path.stem] = {"_dir": data["meta"].get("dir", "ltr"), **texts}
    return out


def write_page_strings(paths: Paths) -> None:
    """Fill lang.js with the early texts of every language (nothing to do without it)."""
    script = paths.out / PAGE_STRINGS_JS
    if not script.is_file():
        return
    code = script.read_text(encoding="utf-8")
    if STRINGS_SLOT not in code:
        raise BuildError(f"{PAGE_STRINGS_JS} has no {STRINGS_SLOT} slot")
    strings = page_strings(paths.py / "briscola" / "locales",
                           (paths.out / "index.html").read_text(encoding="utf-8"))
    text = json.dumps(strings, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    script.write_text(code.replace(STRINGS_SLOT, text), encoding="utf-8")


def lazy_files(files: list[dict]) -> list[str]:
    """Shipped files a page fetches only on demand (see LAZY_PYSCRIPT)."""
    prefix = "vendor/pyscript/"
    return [
        f["path"] for f in files
        if f["path"].startswith(prefix) and LAZY_PYSCRIPT.match(f["path"][len(prefix):])
    ]


def precache_list(out: Path) -> list[list[str]]:
    """[path, revision] for every file the game needs at start and in play: all shipped
    files but the lazy PyScript chunks and NOT_PRECACHED; index.html is listed as "./"
    (what a navigation to the site's folder asks for)."""
    paths = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    lazy = set(lazy_files([{"path": p} for p in paths]))
    entries = []
    for rel in paths:
        if rel in lazy or NOT_PRECACHED.match(rel):
            continue
        entries.append([rel, revision(out / rel)])
    if (out / "index.html").is_file():
        entries.insert(0, ["./", revision(out / "index.html")])
    return entries


def revision(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:REVISION_LENGTH]


def write_service_worker(out: Path) -> list[list[str]] | None:
    """Fill the precache list into out/sw.js (already stamped); None without a template."""
    worker = out / SW_TEMPLATE
    if not worker.is_file():
        return None
    text = worker.read_text(encoding="utf-8")
    if SW_PLACEHOLDER not in text:
        raise BuildError(f"static/{SW_TEMPLATE} lacks the placeholder {SW_PLACEHOLDER}")
    entries = precache_list(out)
    listing = json.dumps(entries, separators=(",", ":"))
    worker.write_text(text.replace(SW_PLACEHOLDER, listing, 1), encoding="utf-8")
    return entries


def hashed_files(out: Path) -> list[str]:
    return sorted(
        p.relative_to(out).as_posix() for p in out.rglob("*")
        if p.is_file() and HASHED_NAME.search(p.relative_to(out).as_posix())
    )


PAGE_CSP = re.compile(r'http-equiv="Content-Security-Policy" content="([^"]+)"')
FRAME_ANCESTORS = "frame-ancestors 'none'"  # works only as a header, not in the <meta> tag


def header_policy(page_html: str) -> str | None:
    """The page's Content-Security-Policy (its <meta> tag) as a header, which can also
    forbid framing; None for a page without one (the placeholder page)."""
    found = PAGE_CSP.search(page_html)
    return None if found is None else f"{found.group(1)}; {FRAME_ANCESTORS}"


ISOLATION_HEADERS = (("Cross-Origin-Opener-Policy", "same-origin"),
                     ("Cross-Origin-Embedder-Policy", "require-corp"))
"""Cross-origin isolation: every file is the site's own, so nothing is lost, and Pyodide's
shared WebAssembly memory (made as it loads) is then allowed rather than a deprecation
warning (Lighthouse's best practices), and SharedArrayBuffer is there for a worker."""


def write_headers(out: Path) -> None:
    """_headers, read by Netlify, Cloudflare Pages and others: the page's policy for
    every path, framing forbidden, cross-origin isolation, and a year of immutable caching
    for files whose name carries a hash (netlify.toml repeats the policy for Netlify's own
    config)."""
    policy = header_policy((out / "index.html").read_text(encoding="utf-8"))
    lines = ["# Written by tools/build.py from index.html's policy.", "/*"]
    if policy is not None:
        lines.append(f"  Content-Security-Policy: {policy}")
    lines += [
        "  X-Frame-Options: DENY",
        "  X-Content-Type-Options: nosniff",
        "  Referrer-Policy: no-referrer",
        *(f"  {name}: {value}" for name, value in ISOLATION_HEADERS),
        "# Files whose name carries a content hash.",
    ]
    for rel in hashed_files(out):
        lines += [f"/{rel}", f"  Cache-Control: {IMMUTABLE}"]
    (out / "_headers").write_text("\n".join(lines) + "\n", encoding="utf-8")


def inventory(out: Path) -> list[dict]:
    files = []
    for path in sorted(out.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            files.append(
                {
                    "path": path.relative_to(out).as_posix(),
                    "bytes": len(data),
                    "gzip": gzip_size(data),
                }
            )
    return files


def build(
    root: Path = ROOT, out: Path | None = None, *, npm: bool = True, slim: bool = True
) -> BuildResult:
    """Write the site to a staging folder, then swap it in for `out` in one rename, so a
    server (or a test run) using the old folder never sees it half-built."""
    started = time.perf_counter()
    final = out or root / "dist"
    if npm:
        ensure_node_modules(root)
    staging = final.with_name(f".{final.name}.staging-{os.getpid()}")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        result = _build_into(Paths(root=root, out=staging), slim=slim)
        _swap_in(staging, final)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    result.out = final
    result.seconds = time.perf_counter() - started
    return result


def _swap_in(staging: Path, final: Path, attempts: int = 5) -> None:
    """Replace final with staging; retried when a concurrent build swaps at the same time."""
    old = final.with_name(f".{final.name}.old-{os.getpid()}")
    for attempt in range(attempts):
        try:
            if final.exists():
                final.rename(old)
            staging.rename(final)
            break
        except OSError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.1)
        finally:
            if old.exists():
                shutil.rmtree(old, ignore_errors=True)


def _build_into(paths: Paths, *, slim: bool = True) -> BuildResult:
    copy_pyodide(paths, slim=slim)
    copy_pyscript(paths)
    archive = write_app(paths)
    copy_pages(paths)
    write_page_strings(paths)
    build_hash = tree_hash(paths.out)
    stamp(paths.out, build_hash)
    precache = write_service_worker(paths.out)
    write_headers(paths.out)
    files = inventory(paths.out)
    result = BuildResult(
        out=paths.out,
        hash=build_hash,
        archive=archive,
        files=files,
        total_bytes=sum(f["bytes"] for f in files),
        gzip_bytes=sum(f["gzip"] for f in files),
    )
    write_json(
        paths.out / "build.json",
        {
            "hash": build_hash,
            "app_archive": archive,
            "pyodide": package_version(paths.pyodide),
            "pyscript": package_version(paths.pyscript.parent),
            "total_bytes": result.total_bytes,
            "gzip_bytes": result.gzip_bytes,
            "files": files,
            "lazy": lazy_files(files),
            "precache": [path for path, _ in precache or []],
            "precache_bytes": precache_bytes(files, precache),
        },
    )
    return result


def precache_bytes(files: list[dict], precache: list[list[str]] | None) -> dict[str, int]:
    """Bytes the service worker caches for offline (raw and gzipped as served)."""
    wanted_paths = {"index.html" if path == "./" else path for path, _ in precache or []}
    chosen = [f for f in files if f["path"] in wanted_paths]
    return {"bytes": sum(f["bytes"] for f in chosen), "gzip": sum(f["gzip"] for f in chosen)}


def human(n: int) -> str:
    return f"{n / 1_000_000:.2f} MB" if n >= 100_000 else f"{n / 1000:.1f} kB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument(
        "--skip-npm", action="store_true", help="trust node_modules as it is (no npm ci)"
    )
    parser.add_argument(
        "--full-stdlib", action="store_true",
        help="ship python_stdlib.zip as the runtime has it (no unused modules dropped)",
    )
    args = parser.parse_args(argv)
    try:
        result = build(ROOT, args.out.resolve(), npm=not args.skip_npm,
                       slim=not args.full_stdlib)
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"build: error: {error}", file=sys.stderr)
        return 1
    try:
        shown = result.out.relative_to(Path.cwd())
    except ValueError:
        shown = result.out
    print(
        f"build {result.hash}: {len(result.files)} files in {shown}/, "
        f"{human(result.total_bytes)} total, {human(result.gzip_bytes)} gzipped "
        f"(level {GZIP_LEVEL}), app archive {result.archive}, {result.seconds:.1f} s"
    )
    lazy = set(lazy_files(result.files))
    eager = [f for f in result.files if f["path"] not in lazy and not f["path"].startswith("bare/")]
    print(
        f"build: without lazy PyScript chunks and bare/: {human(sum(f['bytes'] for f in eager))}"
        f", {human(sum(f['gzip'] for f in eager))} gzipped"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
