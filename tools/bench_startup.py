#!/usr/bin/env python3
"""Start-up benchmark: the game against the bare PyScript page, cold and warm, same run.

Usage: python3 tools/bench_startup.py [--runs 5] [--no-build] [--json FILE]

Builds dist/ (unless --no-build), serves it on 127.0.0.1 and drives Chromium (the
system one when there is one) with Playwright from .venv (made by tools/run_tests.py).
For each run, in alternating order:
  cold  a new browser context (empty HTTP cache, code cache, storage and no worker)
  warm  a second navigation in the same context; for the game, once its service worker
        controls the page (the deal saved by the cold visit is resumed)
        and starts from the start-up snapshot the cold visit stored (static/js/boot.mjs)
  later the game's third navigation, once the second has noted that the browser keeps the
        runtime's compiled code (`briscola.compiled`, static/js/early.js): where the first
        start the service worker serves ran on the page, this one runs in the worker
Each visit's Python is reported as "page" or "worker" (early.js decides).
Times are read from the page's own marks, relative to navigation start: the game's
`briscola:ready` (the hand is playable), the bare page's `bare:ready`, and
`first-contentful-paint` (the table with the loader). Ratios are medians over medians.
The bare page runs the runtime as Pyodide ships it (its standard library as source,
compiled at every start: bare/runtime.mjs); the game's standard library is compiled at
build time (tools/compile_stdlib.mjs), which is part of what the game does better.
Bytes: what the cold visit of the game fetched, gzipped as a static host serves it
(sizes from dist/build.json), and what the service worker caches for offline.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
TARGET_COLD_RATIO = 1.0  # the issue "Open like a native app"
TARGET_LONG_TASK_MS = 200
TARGET_FIRST_PAINT_MS = 500
TARGET_FIRST_VISIT_BYTES = 5_000_000
TARGET_WARM_RATIO = 0.7
SNAPSHOT_TIMEOUT_MS = 180_000
COMPILED_TIMEOUT_MS = 30_000  # early.js notes the build 5 s after a start it can note
NOTED_JS = "document.documentElement.dataset.compiled === 'yes'"
MODE_JS = "document.documentElement.dataset.python"
LATER_AFTER_MS = 3000
READY_TIMEOUT_MS = 60_000
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright
except ImportError:  # re-run inside the test venv, which has Playwright
    if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != VENV_PYTHON.parents[1].resolve():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), __file__, *sys.argv[1:]])
    sys.exit("bench_startup: Playwright is missing; run `python3 tools/run_tests.py` once "
             "to create .venv")

sys.path.insert(0, str(ROOT))
from tools import devserver  # noqa: E402
from tools.run_tests import system_chromium  # noqa: E402

# Every main-thread task over 50 ms, from the document's start: an init script runs before
# any script of the page, so the observer sees the whole start-up.
LONGTASKS_JS = """(() => {
  window.__longtasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
  } catch (e) { window.__longtasks = null; }
  // how long after the hand is playable its card pictures have all loaded, checked at
  // every frame (the game's page only; a minute at most)
  window.__picturesAfter = null;
  const until = performance.now() + 60000;
  const pictures = () => {
    const ready = performance.getEntriesByName('briscola:ready')[0];
    const imgs = Array.from(document.querySelectorAll('#hand img'));
    if (ready && imgs.length && imgs.every((i) => i.complete && i.naturalWidth > 0)) {
      window.__picturesAfter = Math.max(0, performance.now() - ready.startTime);
    } else if (performance.now() < until) requestAnimationFrame(pictures);
  };
  requestAnimationFrame(pictures);
})();"""

MARKS_JS = """(name) => {
  const mark = performance.getEntriesByName(name)[0];
  const table = performance.getEntriesByName('briscola:table')[0];
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const ready = mark ? mark.startTime : null;
  const tasks = (window.__longtasks || []).filter(([start]) => ready === null || start <= ready);
  return {ready, fcp: paint ? paint.startTime : null, table: table ? table.startTime : null,
          longest: tasks.reduce((m, [, d]) => Math.max(m, d), 0)};
}"""


def wait_ready(page, mark: str) -> dict:
    """The page's marks once ``mark`` is set; ``longest`` is the longest main-thread task
    that started before it (the polling itself runs between the page's tasks)."""
    page.wait_for_function(f"performance.getEntriesByName('{mark}').length > 0",
                           timeout=READY_TIMEOUT_MS, polling=20)
    page.wait_for_timeout(100)  # a task in progress at the mark is reported once it ends
    return page.evaluate(MARKS_JS, mark)


def new_context(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(LONGTASKS_JS)
    return context


def run_game(browser, url: str) -> dict:
    context = new_context(browser)
    fetched: list[str] = []
    context.on("request", lambda r: fetched.append(r.url))
    try:
        page = context.new_page()
        page.goto(url)
        cold = wait_ready(page, "briscola:ready")
        page.wait_for_function("window.__picturesAfter !== null", timeout=READY_TIMEOUT_MS)
        pictures_cold = page.evaluate("window.__picturesAfter")
        loader_at_fcp = page.evaluate("document.getElementById('loader') !== null")
        page.wait_for_function("document.body.dataset.offline === 'ready' && "
                               "navigator.serviceWorker.controller !== null",
                               timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(300)  # let the worker settle before the warm visit
        cold_urls = list(fetched)
        try:  # the cold visit stores its start-up snapshot (static/js/boot.mjs) for the next;
            # made on the page's side or in Python's worker, it is in Cache Storage
            page.wait_for_function("caches.open('briscola.snapshot').then((c) => c.keys())"
                                   ".then((keys) => keys.length > 0)", timeout=SNAPSHOT_TIMEOUT_MS)
        except PlaywrightTimeout:
            print("  the cold visit stored no start-up snapshot", flush=True)
        used = "performance.getEntriesByName('briscola:snapshot-used').length > 0"
        cold_used, cold_mode = page.evaluate(used), page.evaluate(MODE_JS)
        wait_compiled(page)
        page.goto(url)
        warm = wait_ready(page, "briscola:ready")
        warm_used, warm_mode = page.evaluate(used), page.evaluate(MODE_JS)
        wait_compiled(page)
        # as after the cold visit, the start's work in the background is over before the
        # next (the browser writes the code it compiled; leaving at once, the next start
        # would compete with it)
        page.wait_for_timeout(LATER_AFTER_MS)
        page.goto(url)
        later = wait_ready(page, "briscola:ready")
        return {"cold": cold["ready"], "warm": warm["ready"], "later": later["ready"], "fcp_cold": cold["fcp"],
                "pictures_cold": pictures_cold,
                "fcp_warm": warm["fcp"], "loader": loader_at_fcp, "urls": cold_urls,
                "table_warm": warm["table"], "table_later": later["table"], "long_cold": cold["longest"],
                "long_warm": warm["longest"], "long_later": later["longest"], "snapshot_cold": cold_used,
                "snapshot_warm": warm_used, "snapshot_later": page.evaluate(used),
                "modes": (cold_mode, warm_mode, page.evaluate(MODE_JS))}
    finally:
        context.close()


def wait_compiled(page) -> None:
    """Until early.js has noted that the browser keeps the runtime's compiled code, if this
    start notes it (a start in the worker, or one the service worker served)."""
    if page.evaluate("document.documentElement.dataset.compiled") == "noting":
        try:
            page.wait_for_function(NOTED_JS, timeout=COMPILED_TIMEOUT_MS)
        except PlaywrightTimeout:
            print("  the start noted no compiled code", flush=True)


def run_bare(browser, url: str) -> dict:
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(url + "bare/")
        cold = wait_ready(page, "bare:ready")
        page.wait_for_timeout(300)
        page.goto(url + "bare/")
        warm = wait_ready(page, "bare:ready")
        return {"cold": cold["ready"], "warm": warm["ready"], "long_cold": cold["longest"],
                "long_warm": warm["longest"]}
    finally:
        context.close()


def first_visit_bytes(urls: list[str], base: str, files: dict[str, dict]) -> tuple[int, int]:
    """(raw, gzip) bytes of every distinct file the cold visit fetched (page + worker)."""
    raw = gz = 0
    for path in sorted({urlsplit(u).path for u in urls if u.startswith(base)}):
        rel = path[len(urlsplit(base).path):] or "index.html"
        if rel.endswith("/"):
            rel += "index.html"
        info = files.get(rel)
        if info:
            raw += info["bytes"]
            gz += info["gzip"]
    return raw, gz


def table(result: dict) -> str:
    """Cold and warm, game and bare page side by side (ms; "-" for what does not apply)."""
    def ms(key: str) -> str:
        value = result.get(key)
        return "-" if value is None else f"{value:.0f}"

    rows = [("time to a playable hand", "game_{}_ms", "bare_{}_ms"),
            ("time to the saved table", "game_table_{}_ms", None),
            ("longest main-thread task", "game_longtask_{}_ms", "bare_longtask_{}_ms")]
    lines = [f"  {'':26}{'game cold':>11}{'bare cold':>11}{'game warm':>11}{'bare warm':>11}{'game later':>11}"]
    for label, game, bare in rows:
        cells = []
        for kind in ("cold", "warm"):
            cells += [ms(game.format(kind)), ms(bare.format(kind)) if bare else "-"]
        cells.append(ms(game.format("later")))
        lines.append(f"  {label:26}" + "".join(f"{c:>11}" for c in cells))
    return "\n".join(lines)


def mb(n: int) -> str:
    return f"{n / 1_000_000:.2f} MB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--headers", action="store_true",
                        help="serve dist/_headers (cross-origin isolation), as Netlify does; "
                             "without it the site is served bare, as GitHub Pages does")
    args = parser.parse_args(argv)
    dist = ROOT / "dist"
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    info = json.loads((dist / "build.json").read_text())
    files = {f["path"]: f for f in info["files"]}
    server = devserver.serve_in_background(dist, host_headers=args.headers)
    url = devserver.url_of(server)
    game, bare = [], []
    started = time.perf_counter()
    try:
        with sync_playwright() as p:
            launch = {"args": CHROMIUM_FLAGS}
            if system_chromium():
                launch["executable_path"] = system_chromium()
            browser = p.chromium.launch(**launch)
            run_bare(browser, url)  # discard: the first start of the browser itself
            for i in range(args.runs):
                order = (("game", "bare") if i % 2 == 0 else ("bare", "game"))
                for which in order:
                    if which == "game":
                        game.append(run_game(browser, url))
                    else:
                        bare.append(run_bare(browser, url))
                print(f"run {i + 1}: game cold {game[-1]['cold']:.0f} warm "
                      f"{game[-1]['warm']:.0f} later {game[-1]['later']:.0f} ms "
                      f"({'/'.join(game[-1]['modes'])}), bare cold {bare[-1]['cold']:.0f} warm "
                      f"{bare[-1]['warm']:.0f} ms, first paint {game[-1]['fcp_cold']:.0f} ms, "
                      f"longest task game {game[-1]['long_cold']:.0f}/{game[-1]['long_warm']:.0f}"
                      f" bare {bare[-1]['long_cold']:.0f}/{bare[-1]['long_warm']:.0f} ms",
                      flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    def med(rows, key):
        values = [r[key] for r in rows if r.get(key) is not None]
        return statistics.median(values) if values else None

    result = {
        "runs": args.runs,
        "build": info["hash"],
        "game_cold_ms": med(game, "cold"), "game_warm_ms": med(game, "warm"), "game_later_ms": med(game, "later"),
        "modes": [g["modes"] for g in game],
        "snapshot_cold_runs": sum(bool(g["snapshot_cold"]) for g in game),
        "snapshot_warm_runs": sum(bool(g["snapshot_warm"]) for g in game),
        "snapshot_later_runs": sum(bool(g["snapshot_later"]) for g in game),
        "bare_cold_ms": med(bare, "cold"), "bare_warm_ms": med(bare, "warm"),
        "first_paint_cold_ms": med(game, "fcp_cold"),
        "pictures_cold_ms": med(game, "pictures_cold"),
        "first_paint_warm_ms": med(game, "fcp_warm"),
        "game_table_warm_ms": med(game, "table_warm"), "game_table_later_ms": med(game, "table_later"),
        "game_longtask_cold_ms": med(game, "long_cold"), "game_longtask_warm_ms": med(game, "long_warm"),
        "game_longtask_later_ms": med(game, "long_later"),
        "bare_longtask_cold_ms": med(bare, "long_cold"), "bare_longtask_warm_ms": med(bare, "long_warm"),
        "headers": args.headers,
    }
    result["ratio_cold"] = result["game_cold_ms"] / result["bare_cold_ms"]
    result["ratio_warm"] = result["game_warm_ms"] / result["bare_warm_ms"]
    result["ratio_later"] = result["game_later_ms"] / result["bare_warm_ms"]
    raw, gz = first_visit_bytes(game[0]["urls"], url, files)
    result["first_visit_bytes"], result["first_visit_gzip"] = raw, gz
    result["offline_cache_bytes"] = info.get("precache_bytes", {}).get("bytes")
    result["offline_cache_gzip"] = info.get("precache_bytes", {}).get("gzip")

    ok = lambda good: "ok" if good else "OVER TARGET"  # noqa: E731
    print(f"\nstart-up, median of {args.runs} runs (build {info['hash']}, "
          f"{'with' if args.headers else 'without'} dist/_headers, "
          f"{time.perf_counter() - started:.0f} s)")
    print(table(result))
    print(f"  first paint (table + loader): cold {result['first_paint_cold_ms']:.0f} ms, "
          f"warm {result['first_paint_warm_ms']:.0f} ms  "
          f"[{ok(result['first_paint_cold_ms'] < TARGET_FIRST_PAINT_MS)}, target < "
          f"{TARGET_FIRST_PAINT_MS} ms]")
    print(f"  cold: the first hand's pictures loaded {result['pictures_cold_ms']:.0f} ms after it was playable "
          f"(the slowest of {args.runs}: {max(g['pictures_cold'] for g in game):.0f} ms)")
    print(f"  cold: playable hand {result['game_cold_ms']:.0f} ms, bare page {result['bare_cold_ms']:.0f} ms, "
          f"ratio {result['ratio_cold']:.3f}  [{ok(result['ratio_cold'] <= TARGET_COLD_RATIO)}, "
          f"target <= {TARGET_COLD_RATIO}]")
    print(f"  warm: playable hand {result['game_warm_ms']:.0f} ms, bare page {result['bare_warm_ms']:.0f} ms, "
          f"ratio {result['ratio_warm']:.3f}  [{ok(result['ratio_warm'] <= TARGET_WARM_RATIO)}, "
          f"target <= {TARGET_WARM_RATIO}]")
    print(f"  later: playable hand {result['game_later_ms']:.0f} ms, bare page warm {result['bare_warm_ms']:.0f} ms, "
          f"ratio {result['ratio_later']:.3f}  [{ok(result['ratio_later'] <= TARGET_WARM_RATIO)}, "
          f"target <= {TARGET_WARM_RATIO}]")
    modes = sorted({"/".join(m) for m in result["modes"]})
    print(f"  where Python ran (cold/warm/later): {', '.join(modes)}")
    print(f"  started from the start-up snapshot: cold {result['snapshot_cold_runs']} of {args.runs} runs "
          f"(made in a worker), warm {result['snapshot_warm_runs']} of {args.runs} (stored), later "
          f"{result['snapshot_later_runs']} of {args.runs}")
    for kind in ("cold", "warm", "later"):
        longest = result[f"game_longtask_{kind}_ms"]
        print(f"  longest main-thread task, game {kind}: {longest:.0f} ms  "
              f"[{ok(longest <= TARGET_LONG_TASK_MS)}, target <= {TARGET_LONG_TASK_MS} ms]")
    print(f"  first visit: {mb(gz)} gzipped ({mb(raw)} raw)  "
          f"[{ok(gz <= TARGET_FIRST_VISIT_BYTES)}, target <= {mb(TARGET_FIRST_VISIT_BYTES)}]")
    if result["offline_cache_bytes"] is not None:
        print(f"  cached for offline: {mb(result['offline_cache_bytes'])} "
              f"({mb(result['offline_cache_gzip'])} gzipped on the wire)")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
