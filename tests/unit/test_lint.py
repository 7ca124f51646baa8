"""The code passes ruff and mypy (pinned in requirements-test.txt, configured in
pyproject.toml), so the suite, and CI with it, fails on a lint or type error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(module: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, check=False)


def test_ruff():
    done = run("ruff", "check", "py", "tools", "tests")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_mypy():
    done = run("mypy")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
