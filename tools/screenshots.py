#!/usr/bin/env python3
"""The screenshots of docs/screenshots/ for each screen shape, in English and another
language: the table mid-deal (a card of the person's on the table), the end of a deal
with its summary, and its review.

Plays in real Chromium against dist/ (build it first: python3 tools/build.py), four
players at the slow speed so the trick stays on the table. Writes
docs/screenshots/screen-<lang>-<width>x<height>.png, summary-<lang>-... and review-<lang>-...
(the review with the expert's coaching, at the costliest decision).

Usage: .venv/bin/python tools/screenshots.py [--langs en,it] [--players 4] [--out docs/screenshots]
       [--headers]   (served as Netlify serves it: isolated, Python in PyScript's worker)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import devserver  # noqa: E402
from tools.bench_page import play_until_over, settle  # noqa: E402
from tools.run_tests import system_chromium  # noqa: E402

SIZES = ((360, 740), (740, 360), (820, 1180), (1366, 768))
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
PLAYABLE = "#hand button:not([disabled]):not([aria-disabled='true'])"
TURN = "body[data-state='your-turn'], body[data-state='over']"
SETTLED = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def seed(context, lang: str, players: int, speed: str) -> None:
    settings = {"players": players, "deck": "italian", "speed": speed, "level": "medium", "lang": lang}
    values = {"settings": settings, "tips": {"show": False, "offer": False, "deals": 2}}
    script = "".join(f"localStorage.setItem('briscola.{k}', {json.dumps(json.dumps({'version': 1, 'data': v}))});"
                     for k, v in values.items())
    context.add_init_script(f"if (!localStorage.getItem('briscola.settings')) {{ {script} }}")


def table(browser, url: str, lang: str, players: int, out: Path) -> None:
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    seed(context, lang, players, "slow")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(TURN, timeout=120_000)
    page.locator(PLAYABLE).first.click()
    page.wait_for_selector("#trick figure")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if not page.locator("#trick figure").count():  # the trick was taken: play again
            settle(page, 120_000)
            page.wait_for_selector(TURN, timeout=120_000)
            page.locator(PLAYABLE).first.click()
            page.wait_for_selector("#trick figure")
        page.evaluate(SETTLED)
        page.wait_for_timeout(400)  # the card's flight is over
        page.screenshot(path=str(out / f"screen-{lang}-{width}x{height}.png"))
    context.close()


def summary(browser, url: str, lang: str, players: int, out: Path) -> None:
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    seed(context, lang, players, "fast")
    page = context.new_page()
    page.goto(url)
    play_until_over(page, 120_000)
    page.wait_for_selector("#summary[open]")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SETTLED)
        page.screenshot(path=str(out / f"summary-{lang}-{width}x{height}.png"))
    page.click("#summary-review")  # the review, once the expert's coaching is complete
    page.wait_for_selector("#review[data-done='true']", timeout=300_000)
    costly = page.locator("#review-costly button")
    if costly.count():
        costly.first.click()  # the costliest decision's trick
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SETTLED)
        page.screenshot(path=str(out / f"review-{lang}-{width}x{height}.png"))
    context.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--langs", default="en,it")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    ap.add_argument("--headers", action="store_true", help="serve dist/_headers as Netlify does")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    server = devserver.serve_in_background(ROOT / "dist", compress=args.headers, host_headers=args.headers)
    url = devserver.url_of(server)
    with sync_playwright() as p:
        launch: dict = {"args": FLAGS}
        if system_chromium():
            launch["executable_path"] = system_chromium()
        browser = p.chromium.launch(**launch)
        for lang in args.langs.split(","):
            table(browser, url, lang, args.players, args.out)
            summary(browser, url, lang, args.players, args.out)
            print(f"screenshots: {lang} done", flush=True)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
