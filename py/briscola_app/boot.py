"""Entry point run by the page's main.py, and the modules a start-up snapshot holds."""

from __future__ import annotations

import importlib

_page = None  # the running page; kept so its event proxies stay alive

PRELOAD = (
    "asyncio",
    "briscola_app.controller", "briscola_app.render", "briscola_app.snapshot", "briscola_app.review",
    "briscola_app.charts",
    "briscola.agents.heuristic", "briscola.agents.easy", "briscola.agents.hard", "briscola.agents.expert",
    "briscola.agents.endgame", "briscola.agents.chiamata", "briscola.agents.five",
)
"""The modules imported before a memory snapshot of the runtime is taken
(static/js/snapshot-worker.mjs): everything the page imports that needs no browser. A
start from the snapshot finds them imported. ``briscola_app.dom`` is not one, nor its
parts ``dialogs`` and ``bridge``: they import ``js``, which holds browser objects that no
snapshot can keep."""


def preload() -> None:
    """Import :data:`PRELOAD` (the snapshot worker calls this before taking the snapshot)."""
    for name in PRELOAD:
        importlib.import_module(name)


def main() -> None:
    global _page
    from .dom import start

    _page = start()
