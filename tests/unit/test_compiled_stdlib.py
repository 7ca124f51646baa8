"""The game's standard library, compiled ahead of time by tools/compile_stdlib.mjs
(tools/build.py), loaded by the very runtime the site ships, in Node.js: every module the
runtime and the game reach is there, compiled, and imports."""

from __future__ import annotations

import json
import shutil
import subprocess
import io
import zipfile
from pathlib import Path

import pytest

from tools import build

REPO = Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide"

CHECK = """
const [indexURL, stdlib, modules] = process.argv.slice(1);
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const py = await loadPyodide({ indexURL, stdLibURL: stdlib });
py.globals.set("wanted", JSON.parse(modules));
console.log(py.runPython(`
import importlib, json, sys
origins = {}
for name in wanted:
    importlib.import_module(name)
    spec = sys.modules[name].__spec__
    origins[name] = spec.origin if spec.origin == "frozen" else type(spec.loader).__name__ + ":" + spec.origin
json.dumps({"origins": origins, "source_compiled": [m for m in sys.modules
            if (getattr(getattr(sys.modules[m], "__spec__", None), "origin", "") or "").endswith(".py")]})
`));
"""


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> tuple[bytes, bytes]:
    if not (PYODIDE / "python_stdlib.zip").exists() or not shutil.which("node"):
        pytest.skip("needs node and node_modules (tools/build.py installs them)")
    slim = build.slim_stdlib((PYODIDE / "python_stdlib.zip").read_bytes())
    paths = build.Paths(root=REPO, out=tmp_path_factory.mktemp("out"))
    return slim, build.compile_stdlib(paths, slim)


def test_reached_modules_are_compiled_and_nothing_else_is_shipped(compiled):
    slim, game = compiled
    plan = build.stdlib_plan(zipfile.ZipFile(io.BytesIO(slim)), REPO / "py")
    names = zipfile.ZipFile(io.BytesIO(game)).namelist()
    pycs = {n.removesuffix(".pyc") for n in names if n.endswith(".pyc")}
    sources = {n for n in names if n.endswith(".py")}
    assert sources == {n for n in plan["keep"] if n.endswith(".py")}  # the codecs only
    assert all(n.startswith("encodings/") for n in sources)
    assert "asyncio/tasks" in pycs and "random" in pycs and "json/__init__" in pycs
    # frozen into the runtime: never read from the zip, so not shipped
    assert "os" not in pycs and "importlib/_bootstrap" not in pycs
    assert {n.removesuffix(".py") for n in plan["compile"]} - pycs <= {
        "_collections_abc", "_sitebuiltins", "abc", "codecs", "genericpath", "io", "ntpath",
        "os", "posixpath", "runpy", "site", "stat", "zipimport", "importlib/machinery",
        "importlib/util", "importlib/_bootstrap", "importlib/_bootstrap_external"}
    assert build.compile_stdlib(build.Paths(root=REPO, out=REPO), slim) == game, "deterministic"


def test_the_runtime_starts_from_it_and_imports_what_the_game_reaches(compiled, tmp_path):
    slim, game = compiled
    (tmp_path / "stdlib.zip").write_bytes(game)
    stdlib = zipfile.ZipFile(io.BytesIO(slim))
    wanted = build.stdlib_reached(stdlib, build.stdlib_roots(REPO / "py"))
    done = subprocess.run(
        ["node", "--input-type=module", "-e", CHECK, str(PYODIDE) + "/",
         str(tmp_path / "stdlib.zip"), json.dumps(sorted(wanted))],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    origins = result["origins"]
    assert set(origins) == set(wanted)
    loaded_from_zip = [o for o in origins.values() if o != "frozen"]
    assert loaded_from_zip and all(o.startswith("zipimporter:") and o.endswith(".pyc")
                                   for o in loaded_from_zip), origins
    assert origins["asyncio"].endswith("asyncio/__init__.pyc")
    # nothing the runtime imported while starting was compiled from source
    assert result["source_compiled"] == [], result["source_compiled"]
