"""Entry point run by the page's main.py."""

from __future__ import annotations

_page = None  # the running page; kept so its event proxies stay alive


def main() -> None:
    global _page
    from .dom import start

    _page = start()
