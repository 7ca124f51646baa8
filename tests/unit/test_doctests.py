"""Run the doctests of every module of the engine (and of the app, minus the browser layer)."""

from __future__ import annotations

import doctest
import functools
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("briscola", "briscola_app")
BROWSER_MODULES = {"js", "pyodide", "pyscript"}
IMPORTS_BROWSER = re.compile(r"^\s*(?:import|from)\s+(?:js|pyodide|pyscript)\b", re.M)


def module_names() -> list[str]:
    names = []
    for package in PACKAGES:
        path = ROOT / "py" / package
        if not (path / "__init__.py").exists():
            continue
        names.append(package)
        for info in pkgutil.walk_packages([str(path)], prefix=package + "."):
            if info.name.rsplit(".", 1)[-1] == "__main__":  # importing it would run the CLI
                continue
            names.append(info.name)
    return sorted(names)


def _source(name: str) -> str:
    parts = name.split(".")
    base = ROOT / "py" / Path(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate.read_text(encoding="utf-8")
    return ""


@functools.cache
def run_doctests(name: str) -> doctest.TestResults | None:
    """None when the module needs a browser."""
    if IMPORTS_BROWSER.search(_source(name)):
        return None
    try:
        module = importlib.import_module(name)
    except ImportError as e:
        if (e.name or "").split(".")[0] in BROWSER_MODULES:
            return None
        raise
    return doctest.testmod(module, report=True)


MODULES = module_names()


def test_modules_found():
    assert "briscola.cards" in MODULES and "briscola.game" in MODULES
    assert "briscola.agents.heuristic" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = run_doctests(name)
    if result is None:
        pytest.skip(f"{name} imports the browser")
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"


def test_doctests_were_attempted():
    attempted = {name: r.attempted for name in MODULES if (r := run_doctests(name)) is not None}
    assert sum(attempted.values()) >= 1
    # the engine's core modules carry examples; losing them all would go unnoticed
    for core in ("briscola.cards", "briscola.rules", "briscola.game"):
        assert attempted[core] >= 1, core
