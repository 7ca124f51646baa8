#!/usr/bin/env python3
"""Browser benchmark: does the page keep painting while cards move?

Plays whole deals in real Chromium against the built dist/ with motion on (the person's
"Reduce motion" stored as off, so headless Chromium's reduced-motion default does not
turn the animations off), clicking the first playable card each turn, at each speed,
number of players and level asked for (each click held down 80 ms, as a person's is). An
init script records, from before the page loads:

- every requestAnimationFrame callback (its frame time), so every gap between two
  painted frames is known;
- every long task (PerformanceObserver ``longtask``, buffered) with its start and duration;
- every click the person makes (its time in a capturing listener, before the page's own).

Each deal is played in a new browser context, on a second visit: a first one lets the
service worker install and cache the site, as a returning player's browser has it
(``--cold`` measures the first visit instead). Only the deal is measured: from the first
hand shown (the first frame painted after the page leaves its loading state, seen by a
message posted from that frame's requestAnimationFrame callback, which runs once the
frame is painted) to the first frame after ``briscola:summary`` (the end-of-deal summary
open). Python's start-up up to the app's ``briscola:ready`` mark and the first painting
of the dealt hand are left out; the longest frame gap between the two is reported as
``first_hand_gap_ms``.

The gaps and long tasks that touch the 100 ms either side of a click are reported apart
("click": the click handler's Python work, playing the card and painting) from the rest
("motion": the computer players, the tricks gathered, the cards drawn). The limits
checked are a frame gap of at most 50 ms and no long task over 100 ms.

Usage: .venv/bin/python tools/bench_motion.py [--speed all] [--players 2,4] [--levels medium,expert]
                                             [--deals 1] [--cpu-slowdown N] [--json FILE]
Needs the test venv (python3 tools/run_tests.py creates it) and a built dist/
(python3 tools/build.py). Timings depend on the machine's load: say what it was (uptime).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import devserver  # noqa: E402
from tools.bench_page import FLAGS, play_until_over  # noqa: E402
from tools.run_tests import system_chromium  # noqa: E402

SPEEDS = ("slow", "normal", "fast")
GAP_LIMIT_MS = 50  # the longest a frame may wait
TASK_LIMIT_MS = 100  # the longest a task may run
CLOCK_MS = 0.2
"""What reading two times off the page's clock may add to a gap: Chrome coarsens
``performance.now()`` and frame times to 0.1 ms, so three 60 Hz frames (50.0 ms) read as
50.0 to 50.2 ms. A gap counts as over 50 ms (or 100) from 50.2 ms (100.2) on."""
NEAR_CLICK_MS = 100  # a gap or task this close to a click is the click's
DEAL_TIMEOUT_MS = 300_000
PRESS_MS = 80
"""A click is pressed this long, as a person's tap or click is (the pointerdown and the
click are then two tasks, as they are for a person, not one)."""
PARTS = ("all", "click", "motion", "later")
"""The figures reported: every gap and long task of the deal; those near a click of the
person's (the click's Python work) and the others (the motion: computer players, tricks
gathered, cards drawn); and all but those near the deal's first click, whose task also
starts the page's sound (Web Audio's AudioContext is made at the first tap: a
synchronous call into the browser, from 2 to 150 ms in this headless Chromium)."""
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing",
                    "toplevel", "v8", "cc", "benchmark"]
MONITOR = """
window.__bench = {frames: [], long: [], clicks: []};
(function tick(t) { window.__bench.frames.push(t); requestAnimationFrame(tick); })(performance.now());
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__bench.long.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) { window.__bench.noLongTasks = true; }
addEventListener('click', () => window.__bench.clicks.push(performance.now()), true);
// the first hand shown: the page leaves its loading state, the next frame paints it, and
// a message posted from that frame's callback runs once the frame is painted
new MutationObserver((changes, observer) => {
  if (!document.body || document.body.dataset.state === 'loading') return;
  observer.disconnect();
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { window.__bench.shown = performance.now(); };
    channel.port2.postMessage(0);
  });
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
"""


def percentile(values: list[float], p: float) -> float | None:
    """The nearest-rank ``p`` percentile (None for no values)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def held_in(s: dict) -> bool:
    """No frame gap over 50 ms and no long task over 100 ms in these figures."""
    return s["gaps_over_50"] == 0 and s["tasks_over_100"] == 0


def stats(gaps: list[float], tasks: list[float]) -> dict:
    return {
        "frames": len(gaps),
        "gap_ms_max": max(gaps, default=None), "gap_ms_p95": percentile(gaps, 95),
        "gaps_over_50": sum(g > 50 + CLOCK_MS for g in gaps), "gaps_over_100": sum(g > 100 + CLOCK_MS for g in gaps),
        "long_tasks": len(tasks),
        "task_ms_max": max(tasks, default=None), "task_ms_p95": percentile(tasks, 95),
        "tasks_over_100": sum(t > 100 for t in tasks),
    }


def analyse(data: dict) -> dict:
    """Split the recorded frames and long tasks of one deal into the click's and the rest."""
    marks = dict(reversed(data["marks"]))  # the first of each name
    ready = marks["briscola:ready"]
    start = max(ready, data["shown"])  # the first hand painted
    shown = [f for f in data["frames"] if ready <= f <= start]
    end_mark = marks.get("briscola:summary", float("inf"))
    frames = [f for f in data["frames"] if f >= start]
    after = [f for f in frames if f > end_mark]
    end = after[0] if after else (frames[-1] if frames else start)
    frames = [f for f in frames if f <= end]
    clicks = [c for c in data["clicks"] if start <= c <= end]

    def near(a: float, b: float, among: list[float]) -> bool:
        return any(c - NEAR_CLICK_MS <= b and a <= c + NEAR_CLICK_MS for c in among)

    def parts_of(a: float, b: float) -> tuple[str, ...]:
        where = "click" if near(a, b, clicks) else "motion"
        return ("all", where) if near(a, b, clicks[:1]) else ("all", where, "later")

    parts: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in PARTS}
    worst: list[dict] = []
    for a, b in zip(frames, frames[1:]):
        names = parts_of(a, b)
        for name in names:
            parts[name][0].append(b - a)
        if b - a > GAP_LIMIT_MS + CLOCK_MS:
            worst.append({"kind": "gap", "at_ms": round(a - start), "ms": round(b - a, 1), "near": names[1]})
    for s, d in data["long"]:
        if s < start or s > end:
            continue
        names = parts_of(s, s + d)
        for name in names:
            parts[name][1].append(d)
        worst.append({"kind": "task", "at_ms": round(s - start), "ms": round(d, 1), "near": names[1]})
    out = {name: stats(g, t) for name, (g, t) in parts.items()}
    out["deal_ms"] = end - start
    out["first_hand_gap_ms"] = max((b - a for a, b in zip(shown, shown[1:])), default=None)
    out["shown_after_ready_ms"] = start - ready
    out["clicks"] = len(clicks)
    out["events"] = sorted(worst, key=lambda e: e["at_ms"])
    return out


def warm_up(page, url: str) -> None:
    """A first visit: the service worker installs and caches the site (once per browser
    profile, and a heavy download: not during the measured deal), the card images come
    into the cache; then the stored deal is cleared (from another page of the site) so
    that the measured visit deals afresh."""
    page.goto(url)
    page.wait_for_function("document.body.dataset.offline === 'ready' && navigator.serviceWorker.controller !== null",
                           timeout=DEAL_TIMEOUT_MS)
    page.wait_for_timeout(300)  # let the worker settle
    page.goto(url + "build.json")
    page.evaluate("localStorage.clear(); sessionStorage.clear()")


def play_deal(browser, url: str, speed: str, players: int, level: str, motion: bool,
              trace: Path | None = None, cold: bool = False, slowdown: float = 1) -> dict:
    context = browser.new_context(viewport={"width": 360, "height": 740}, reduced_motion="no-preference")
    settings = {"players": players, "deck": "italian", "speed": speed,
                "level": level, "lang": "en"}
    seeds = {"settings": settings, "motion": {"reduce": not motion}}
    if players == 5:
        seeds["variant"] = {"variant": "chiamata"}
    context.add_init_script(MONITOR)
    for key, data in seeds.items():
        box = json.dumps({"version": 1, "data": data})
        context.add_init_script(
            f"if (location.protocol.startsWith('http')) localStorage.setItem('briscola.{key}', {json.dumps(box)});")
    page = context.new_page()
    if not cold:
        warm_up(page, url)
    if trace is not None:
        browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
    try:
        page.goto(url)
        if slowdown != 1:  # from the hand shown on: start-up would take as many times longer
            page.wait_for_selector("body:not([data-state='loading'])", timeout=DEAL_TIMEOUT_MS)
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        play_until_over(page, DEAL_TIMEOUT_MS, PRESS_MS)
        page.wait_for_selector("#summary[open]", timeout=DEAL_TIMEOUT_MS)
        page.wait_for_timeout(300)  # a few frames after the summary, to close the last gap
        if page.get_attribute("body", "data-motion") != ("on" if motion else "off"):
            raise RuntimeError("motion is not as asked")
        data = page.evaluate("""() => ({
            frames: window.__bench.frames, long: window.__bench.long, clicks: window.__bench.clicks,
            shown: window.__bench.shown,
            noLongTasks: !!window.__bench.noLongTasks,
            marks: performance.getEntriesByType('mark').map(m => [m.name, m.startTime]),
        })""")
    finally:
        if trace is not None:
            browser.stop_tracing()
        context.close()
    if data["noLongTasks"]:
        raise RuntimeError("this browser reports no long tasks")
    return analyse(data)


def fmt(value: float | None) -> str:
    return "   -  " if value is None else f"{value:6.1f}"


def line(label: str, s: dict) -> str:
    return (f"  {label:<6} frame gap max {fmt(s['gap_ms_max'])} p95 {fmt(s['gap_ms_p95'])} "
            f">50 {s['gaps_over_50']:3d} >100 {s['gaps_over_100']:3d} | "
            f"long tasks {s['long_tasks']:3d} max {fmt(s['task_ms_max'])} p95 {fmt(s['task_ms_p95'])} "
            f">100 {s['tasks_over_100']:3d}")


def merge(runs: list[dict], part: str) -> dict:
    """One speed's figures over its runs (from each run's own gap and task lists)."""
    keys = ("frames", "gaps_over_50", "gaps_over_100", "long_tasks", "tasks_over_100")
    out = {k: sum(r[part][k] for r in runs) for k in keys}
    for k in ("gap_ms_max", "task_ms_max"):
        values = [r[part][k] for r in runs if r[part][k] is not None]
        out[k] = max(values, default=None)
    for k in ("gap_ms_p95", "task_ms_p95"):  # the worst run's p95: no run is hidden by others
        values = [r[part][k] for r in runs if r[part][k] is not None]
        out[k] = max(values, default=None)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--speed", default="all", choices=("all", *SPEEDS))
    ap.add_argument("--players", default="2,4", help="comma-separated: 2, 3, 4, 5 (5: Briscola chiamata)")
    ap.add_argument("--levels", default="medium,expert", help="comma-separated levels")
    ap.add_argument("--deals", type=int, default=1, help="deals per speed, players and level")
    ap.add_argument("--reduce-motion", action="store_true", help="measure with motion off, to compare")
    ap.add_argument("--cpu-slowdown", type=float, default=1, metavar="N",
                    help="slow the page's main thread N times (DevTools' CPU throttling), as on a slower phone; "
                         "set once the hand is shown")
    ap.add_argument("--cold", action="store_true",
                    help="measure the first visit (the service worker installing and caching the site meanwhile); "
                         "by default a first visit is made and left before the measured one")
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--dist", default=str(ROOT / "dist"), help="the built site to serve (default dist/)")
    ap.add_argument("--trace", metavar="DIR", help="write a Chrome trace of each deal there (for chrome://tracing "
                    "or the DevTools Performance panel); tracing itself slows the page")
    args = ap.parse_args(argv)

    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    speeds = SPEEDS if args.speed == "all" else (args.speed,)
    players = [int(p) for p in args.players.split(",")]
    levels = args.levels.split(",")
    load = os.getloadavg()
    print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores", flush=True)
    server = devserver.serve_in_background(Path(args.dist))
    url = devserver.url_of(server)
    runs: list[dict] = []
    started = time.time()
    with sync_playwright() as p:
        launch: dict = {"args": [*FLAGS, "--disable-dev-shm-usage"]}  # as the browser tests: small /dev/shm
        if system_chromium():
            launch["executable_path"] = system_chromium()
        browser = p.chromium.launch(**launch)
        for speed in speeds:
            for n in players:
                for level in levels:
                    for deal in range(args.deals):
                        trace = None
                        if args.trace:
                            Path(args.trace).mkdir(parents=True, exist_ok=True)
                            trace = Path(args.trace) / f"{speed}-{n}p-{level}-{deal + 1}.json"
                        for attempt in (1, 2):  # a renderer that crashed (it happens here under load): once more
                            try:
                                result = play_deal(browser, url, speed, n, level, not args.reduce_motion, trace,
                                                   args.cold, args.cpu_slowdown)
                                break
                            except PlaywrightError as error:
                                if attempt == 2:
                                    raise
                                print(f"  deal failed ({str(error).splitlines()[0]}), played again", flush=True)
                        result.update(speed=speed, players=n, level=level, deal=deal + 1)
                        runs.append(result)
                        print(f"{speed} speed, {n} players, {level}, deal {deal + 1}: "
                              f"{result['deal_ms'] / 1000:.1f} s, {result['clicks']} clicks "
                              f"(first hand painted: longest gap {fmt(result['first_hand_gap_ms']).strip()} ms, "
                              "not counted)", flush=True)
                        for part in PARTS:
                            print(line(part, result[part]), flush=True)
        browser.close()
    server.shutdown()
    load_after = os.getloadavg()
    by_speed = {}
    held = held_later = True
    slower = f", main thread {args.cpu_slowdown:g} times slower" if args.cpu_slowdown != 1 else ""
    print(f"\nper speed ({'motion off' if args.reduce_motion else 'motion on'}{slower}; "
          f"limits: frame gap <= {GAP_LIMIT_MS} ms, long task <= {TASK_LIMIT_MS} ms)")
    for speed in speeds:
        mine = [r for r in runs if r["speed"] == speed]
        by_speed[speed] = {part: merge(mine, part) for part in PARTS}
        ok = held_in(by_speed[speed]["all"])
        held &= ok
        held_later &= held_in(by_speed[speed]["later"])
        print(f"{speed}: {len(mine)} deals, {'limits held' if ok else 'limits NOT held'}"
              f"{'' if ok else ', but for the first click: held' if held_in(by_speed[speed]['later']) else ''}")
        for part in PARTS:
            print(line(part, by_speed[speed][part]))
    print(f"load average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}; "
          f"{time.time() - started:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "limits": {"frame_gap_ms": GAP_LIMIT_MS, "long_task_ms": TASK_LIMIT_MS, "near_click_ms": NEAR_CLICK_MS},
            "motion": not args.reduce_motion, "cold": args.cold, "cpu_slowdown": args.cpu_slowdown,
            "load_before": load, "load_after": load_after,
            "cores": os.cpu_count(), "held": held, "held_but_first_click": held_later, "by_speed": by_speed,
            "runs": runs,
        }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
