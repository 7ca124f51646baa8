#!/usr/bin/env python3
"""Browser benchmark: how soon does a tapped card take effect, on a CPU slowed as a cheap
phone's is?

Serves the built dist/ (as Netlify serves it by default, with the headers of
dist/_headers: cross-origin isolated, so the game's Python runs in a worker; `--page`
serves it as GitHub Pages does, Python on the page), opens the game in real Chromium at
360x740, reloads it once (a returning visit, started from the stored snapshot), slows the
page's CPU with `Emulation.setCPUThrottlingRate` and taps a playable card of the hand a
number of times, each once the person's turn has come again. Reports, per tap, the time
from the click to the table leaving "your turn" (Python has handled the tap and the page
has applied what it changed), and their median. The first tap of a start pays for code
run for the first time and is reported apart.

CDP throttling slows the page's thread only, never a worker: with Python in a worker
the numbers are what the page's side of each round trip costs (docs/startup.md, "A slow
phone").

Usage: python3 tools/bench_tap.py [--rate 4] [--taps 8] [--page]
Needs the test venv (python3 tools/run_tests.py creates it) and a built dist/.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import devserver  # noqa: E402
from tools.bench_page import FLAGS, settle  # noqa: E402
from tools.run_tests import system_chromium  # noqa: E402

TURN = "body[data-state='your-turn']"
# a playable card clicked; resolves with the ms until the table leaves "your turn"
TAP_JS = """() => new Promise((resolve) => {
  const card = document.querySelector('#hand button[data-card]:not([disabled])');
  const start = performance.now();
  const watch = new MutationObserver(() => {
    if (document.body.dataset.state !== 'your-turn') { watch.disconnect(); resolve(performance.now() - start); }
  });
  watch.observe(document.body, {attributes: true});
  card.click();
})"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rate", type=float, default=4, help="CPU slow-down of the page (1: none)")
    ap.add_argument("--taps", type=int, default=8)
    ap.add_argument("--page", action="store_true", help="no isolation headers: Python on the page")
    ap.add_argument("--level", default="medium")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    server = devserver.serve_in_background(ROOT / "dist", compress=True, host_headers=not args.page)
    url = devserver.url_of(server)
    box = json.dumps({"version": 1, "data": {"players": 2, "deck": "italian", "speed": "fast",
                                             "level": args.level, "lang": "en"}})
    with sync_playwright() as p:
        launch: dict = {"args": FLAGS}
        if system_chromium():
            launch["executable_path"] = system_chromium()
        browser = p.chromium.launch(**launch)
        context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
        context.add_init_script("if (location.protocol.startsWith('http')"
                                " && !localStorage.getItem('briscola.settings'))"
                                f" localStorage.setItem('briscola.settings', {json.dumps(box)});")
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(url)
        page.wait_for_selector(TURN)
        settle(page, 120_000)
        page.reload()  # a returning visit: from the stored snapshot
        page.wait_for_selector(TURN)
        settle(page, 120_000)
        python = page.evaluate("document.documentElement.dataset.python")
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.rate})
        taps = []
        for _ in range(args.taps):
            page.wait_for_selector(TURN)
            settle(page, 120_000)
            time.sleep(0.3)
            taps.append(page.evaluate(TAP_JS))
        browser.close()
    server.shutdown()
    later = taps[1:] or taps
    print(f"Python {python}, CPU {args.rate:g}x, {len(taps)} taps: tap to table, ms "
          f"{[round(t) for t in taps]}; first {taps[0]:.0f}, median of the rest {statistics.median(later):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
