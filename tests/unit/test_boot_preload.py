"""briscola_app.boot.PRELOAD: what a start-up snapshot holds imports without a browser."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from briscola_app import boot

ROOT = Path(__file__).resolve().parents[2]


def test_preloaded_modules_import_without_a_browser_and_without_js():
    """In a fresh interpreter (none of the page's modules imported yet), preload() imports
    every listed module and neither ``js`` nor the DOM module: no browser object may be
    in a snapshot."""
    code = ("import sys\nfrom briscola_app.boot import PRELOAD, preload\npreload()\n"
            "assert all(m in sys.modules for m in PRELOAD)\n"
            "assert 'js' not in sys.modules and 'pyodide' not in sys.modules\n"
            "assert not {'briscola_app.dom', 'briscola_app.dialogs', 'briscola_app.bridge'} & set(sys.modules)\n"
            "print('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT / "py")}, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_the_modules_the_page_starts_with_are_preloaded():
    assert not {"briscola_app.dom", "briscola_app.dialogs", "briscola_app.bridge"} & set(boot.PRELOAD)
    for name in ("briscola_app.controller", "briscola_app.render", "briscola.agents.expert"):
        assert name in boot.PRELOAD
