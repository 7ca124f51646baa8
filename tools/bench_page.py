#!/usr/bin/env python3
"""Browser benchmark: does the page keep painting while a computer player thinks, and how
soon does a computer move appear?

Plays deals in real Chromium against the built dist/ at a chosen level and speed by
clicking cards, and reads the app's User Timing marks (briscola:think-start,
briscola:think-end, briscola:computer-played) plus a requestAnimationFrame monitor
injected before the page loads. Reports, per computer move: the thinking time, the time
from the start of its turn to its card on the table, and the longest gap between painted
frames while it thought.

With ``--players 5`` it plays Briscola chiamata: the person passes in the auction (the
computer players bid, call and play), or calls the first card offered.

Usage: python3 tools/bench_page.py [--level expert] [--speed normal] [--deals 1] [--players 2]
           [--variant briscolone [--must-follow]]
Needs the test venv (python3 tools/run_tests.py creates it) and a built dist/.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import devserver  # noqa: E402
from tools.run_tests import system_chromium  # noqa: E402

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
GAP_LIMIT_MS = 100
FRAME_MONITOR = """
window.__frames = [];
(function tick(t) { window.__frames.push(t); requestAnimationFrame(tick); })(performance.now());
"""


def measure(page) -> dict:
    data = page.evaluate("""() => ({
        frames: window.__frames,
        marks: performance.getEntriesByType('mark').map(m => [m.name, m.startTime]),
    })""")
    frames = data["frames"]
    starts = [t for n, t in data["marks"] if n == "briscola:think-start"]
    ends = [t for n, t in data["marks"] if n == "briscola:think-end"]
    played = [t for n, t in data["marks"] if n == "briscola:computer-played"]
    moves = []
    for start, end, shown in zip(starts, ends, played):
        # frames painted while it thought, plus the last one before and the first after
        before = [f for f in frames if f < start][-1:]
        after = [f for f in frames if f > end][:1]
        inside = before + [f for f in frames if start <= f <= end] + after
        gaps = [b - a for a, b in zip(inside, inside[1:])]
        moves.append({"think_ms": end - start, "to_card_ms": shown - start,
                      "max_frame_gap_ms": max(gaps) if gaps else None})
    return {"moves": moves}


def settle(page, timeout_ms: float | None = None) -> None:
    """Wait until every event so far has had its effect on the page (static/js/paint.js,
    ``briscolaPage.idle``): with Python in a worker, a tap changes the page a moment after
    the click returns. Without ``timeout_ms``, the page's default timeout applies."""
    page.wait_for_function("() => !window.briscolaPage || window.briscolaPage.idle()", timeout=timeout_ms)


def play_until_over(page, timeout_ms: float, press_ms: float = 0) -> None:
    """Play the person's turns until the deal is over: the first playable card, and in
    Briscola chiamata's auction a pass (or the first card offered to call). Each click is
    held down ``press_ms``."""
    while True:
        settle(page, timeout_ms)
        page.wait_for_selector("body[data-state='your-turn'], body[data-state='over']", timeout=timeout_ms)
        if page.get_attribute("body", "data-state") == "over":
            return
        if page.get_attribute("body", "data-phase") in ("auction", "call"):
            page.locator("#hand-actions [data-action='pass'], #hand-actions [data-action='call']").first.click(
                delay=press_ms)
            continue
        page.locator("#hand button:not([disabled]):not([aria-disabled='true'])").first.click(delay=press_ms)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="expert")
    ap.add_argument("--speed", default="normal")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--variant", help="a two-player preset (briscola.variant's variant), e.g. briscolone")
    ap.add_argument("--must-follow", action="store_true", help="with --variant briscolone: follow suit")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    server = devserver.serve_in_background(ROOT / "dist")
    url = devserver.url_of(server)
    settings = {"players": args.players, "deck": "italian", "speed": args.speed,
                "level": args.level, "lang": "en"}
    box = json.dumps({"version": 1, "data": settings})
    moves = []
    with sync_playwright() as p:
        launch = {"args": FLAGS}
        if system_chromium():
            launch["executable_path"] = system_chromium()
        browser = p.chromium.launch(**launch)
        for _ in range(args.deals):
            context = browser.new_context(viewport={"width": 360, "height": 740})
            context.add_init_script(FRAME_MONITOR)
            context.add_init_script(f"localStorage.setItem('briscola.settings', {json.dumps(box)});")
            variant = {"variant": "chiamata"} if args.players == 5 else None
            if args.variant:
                variant = {"variant": args.variant, "must_follow": args.must_follow}
            if variant:
                stored = json.dumps({"version": 1, "data": variant})
                context.add_init_script(f"localStorage.setItem('briscola.variant', {json.dumps(stored)});")
            page = context.new_page()
            page.goto(url)
            play_until_over(page, 300_000)
            moves += measure(page)["moves"]
            context.close()
        browser.close()
    server.shutdown()

    think = [m["think_ms"] for m in moves]
    to_card = [m["to_card_ms"] for m in moves]
    gaps = [m["max_frame_gap_ms"] for m in moves if m["max_frame_gap_ms"] is not None]
    summary = {
        "level": args.level, "speed": args.speed, "players": args.players, "moves": len(moves),
        "variant": args.variant, "must_follow": args.must_follow,
        "think_ms_mean": statistics.mean(think), "think_ms_max": max(think),
        "to_card_ms_mean": statistics.mean(to_card), "to_card_ms_max": max(to_card),
        "frame_gap_ms_max": max(gaps), "frame_gap_ms_p95": sorted(gaps)[int(0.95 * (len(gaps) - 1))],
        "gaps_over_limit": sum(g > GAP_LIMIT_MS for g in gaps),
    }
    rules = f", {args.variant}{' following suit' if args.must_follow else ''}" if args.variant else ""
    print(f"{args.level} level, {args.players} players{rules}, {args.speed} speed, {len(moves)} computer moves")
    print(f"  thinking          mean {summary['think_ms_mean']:7.1f} ms   max {summary['think_ms_max']:7.1f} ms")
    print(f"  turn to card      mean {summary['to_card_ms_mean']:7.1f} ms   max {summary['to_card_ms_max']:7.1f} ms")
    print(f"  frame gap while thinking: max {summary['frame_gap_ms_max']:.1f} ms, "
          f"p95 {summary['frame_gap_ms_p95']:.1f} ms, over {GAP_LIMIT_MS} ms: {summary['gaps_over_limit']}")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
