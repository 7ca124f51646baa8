#!/usr/bin/env python3
"""The test command: python3 tools/run_tests.py [pytest args...]

Creates .venv with the pinned test tools (requirements-test.txt), makes sure a Chromium
exists (the system one when there is one, else Playwright's own download), builds dist/,
then runs pytest inside the venv and exits with its status. "No tests collected" (pytest
exit code 5) counts as a failure, so a broken collection never passes CI.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-test.txt"
STAMP = VENV / ".requirements-test.sha256"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ENV = "BRISCOLA_CHROMIUM"  # path to a Chromium binary, overrides the search
PYTEST_NO_TESTS = 5


def system_chromium() -> str | None:
    """A Chromium installed outside Playwright, or None (then Playwright's own is used)."""
    override = os.environ.get(CHROMIUM_ENV)
    if override:
        return override
    if SYSTEM_CHROMIUM.exists():
        return str(SYSTEM_CHROMIUM)
    found = shutil.which("chromium")
    # Snap-packaged Chromium cannot be driven by Playwright (confinement), skip it.
    if found and not Path(found).resolve().as_posix().startswith("/snap/"):
        return found
    return None


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def run(cmd: list[str | Path], **kwargs) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kwargs)


def ensure_venv() -> Path:
    python = venv_python()
    if not python.exists():
        run([sys.executable, "-m", "venv", VENV])
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text().strip() != wanted:
        run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q",
             "-r", REQUIREMENTS])
        STAMP.write_text(wanted + "\n")
    return python


def ensure_browser(python: Path) -> None:
    chromium = system_chromium()
    if chromium:
        print(f"run_tests: using system Chromium {chromium}", flush=True)
        return
    run([python, "-m", "playwright", "install", "chromium"])


WORKERS_ENV = "BRISCOLA_TEST_WORKERS"  # pytest-xdist workers; 0 runs in one process


def workers() -> int:
    """Test processes for the whole suite: one per core, at most 4 (each browser test
    worker runs its own Chromium and Pyodide, about 1 GB), or BRISCOLA_TEST_WORKERS."""
    chosen = os.environ.get(WORKERS_ENV, "")
    if chosen.isdigit():
        return int(chosen)
    return min(4, os.cpu_count() or 1)


def pytest_args(extra: list[str]) -> list[str]:
    """Add the default test folder unless the caller named test paths themselves, and
    spread the whole suite over the cores (pytest-xdist, work stealing: the browser tests
    are long and few) unless the caller chose paths or workers."""
    named = any(
        not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists() for arg in extra
    )
    if named:
        return extra
    chose = any(arg.startswith(("-n", "--numprocesses")) or arg == "no:xdist" for arg in extra)
    n = workers()
    spread = ["-n", str(n), "--dist", "worksteal"] if n > 1 and not chose else []
    # the slowest tests named at the end: what to look at when a run nears CI's budget
    slowest = [] if any(arg.startswith("--durations") for arg in extra) else ["--durations=25"]
    return ["tests", *spread, *slowest, *extra]


def main(argv: list[str] | None = None) -> int:
    extra = sys.argv[1:] if argv is None else argv
    started = time.perf_counter()
    try:
        python = ensure_venv()
        ensure_browser(python)
        run([sys.executable, ROOT / "tools" / "build.py"])
    except subprocess.CalledProcessError as error:
        print(f"run_tests: setup failed ({error})", file=sys.stderr)
        return 1
    print(f"run_tests: setup took {time.perf_counter() - started:.1f} s", flush=True)
    code = subprocess.run(
        [str(python), "-m", "pytest", *pytest_args(extra)], cwd=ROOT
    ).returncode
    if code == PYTEST_NO_TESTS:
        print("run_tests: pytest collected no tests; counting that as a failure",
              file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
