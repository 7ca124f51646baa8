#!/usr/bin/env python3
"""Browser benchmark: does the page's memory stay flat over many deals (no leak)?

Plays ``--deals`` whole deals one after the other in one page of real Chromium against
the built dist/ (two players, medium, fast pace, motion off; the first playable card
each turn, then the summary's New game), and after deal 1 and after the last deal reads,
once the browser has collected garbage (DevTools ``HeapProfiler.collectGarbage``):

- the JavaScript heap in use (DevTools ``Runtime.getHeapUsage``: the page's own heap,
  PyScript's and Pyodide's JavaScript side, the proxies Python holds);
- the WebAssembly memory: the byte length of every ``WebAssembly.Memory`` the page made
  or was given by an instance (an init script wraps the constructor and the instantiate
  functions before any script of the page runs). Pyodide's linear memory is where
  Python's heap lives; it grows and never shrinks, so it tells the high-water mark;
- the DOM nodes (DevTools ``Memory.getDOMCounters``).

With ``--headers`` the site is served as Netlify serves it (``dist/_headers``: cross-origin
isolated), so the game's Python runs in PyScript's worker, whose heap and WebAssembly
memory the two readings above cannot see. The page is then also measured with
``performance.measureUserAgentSpecificMemory()`` (available to isolated pages; the flag
``ForceEagerMeasureMemory`` makes it answer at once), which counts the page and its
workers, but not their WebAssembly memory: the worker's Python memory is read from
``self.briscolaWasmBytes`` (static/js/boot.mjs). Their sum is the total held to the goal.

The goal (issue "Open like a native app"): the JavaScript and WebAssembly memory after
the last deal is within 10% of after deal 1. The exit status is 1 when it is not.

Usage: .venv/bin/python tools/bench_memory.py [--deals 50] [--headers] [--json FILE]
Needs the test venv (python3 tools/run_tests.py creates it) and a built dist/
(python3 tools/build.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import devserver  # noqa: E402
from tools.bench_page import FLAGS, play_until_over  # noqa: E402
from tools.run_tests import system_chromium  # noqa: E402

LIMIT = 0.10  # the most the memory may grow from deal 1 to the last
DEAL_TIMEOUT_MS = 300_000
WASM_WATCH = """(() => {
  const memories = new Set();
  window.__wasmMemories = memories;
  const Memory = WebAssembly.Memory;
  const keep = (m) => { if (m instanceof Memory) memories.add(m); return m; };
  WebAssembly.Memory = new Proxy(Memory, { construct(target, args) { return keep(new target(...args)); } });
  const exported = (instance) => {
    for (const value of Object.values(instance.exports || {})) keep(value);
    return instance;
  };
  const seen = (result) => { exported(result.instance || result); return result; };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    if (original) WebAssembly[name] = (...args) => original.apply(WebAssembly, args).then(seen);
  }
})();"""


AGENT_MEMORY = """async () => {
  const result = await performance.measureUserAgentSpecificMemory();
  const byScope = {};
  for (const entry of result.breakdown) {
    const scope = entry.attribution.length ? entry.attribution.map((a) => a.scope).join("+") : "shared";
    byScope[scope] = (byScope[scope] || 0) + entry.bytes;
  }
  return { bytes: result.bytes, byScope };
}"""


def measure(page, cdp) -> dict:
    cdp.send("HeapProfiler.collectGarbage")
    page.wait_for_timeout(200)
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    dom = cdp.send("Memory.getDOMCounters")
    wasm = page.evaluate("[...window.__wasmMemories].reduce((s, m) => s + m.buffer.byteLength, 0)")
    memories = page.evaluate("window.__wasmMemories.size")
    result = {"js_heap_used": int(heap["usedSize"]), "js_heap_total": int(heap["totalSize"]),
              "wasm_bytes": int(wasm), "wasm_memories": int(memories), "dom_nodes": int(dom["nodes"]),
              "js_event_listeners": int(dom["jsEventListeners"])}
    if page.evaluate("self.crossOriginIsolated === true"):
        agent = page.evaluate(AGENT_MEMORY)
        result["agent_bytes"] = int(agent["bytes"])
        result["agent_by_scope"] = agent["byScope"]
        result["worker_wasm_bytes"] = sum(
            int(w.evaluate("self.briscolaWasmBytes ? self.briscolaWasmBytes() : 0")) for w in page.workers)
    return result


def total(m: dict) -> int:
    """What the goal holds: everything the page and its workers use when that can be
    read (isolated), else the page's JavaScript heap and WebAssembly memory."""
    if "agent_bytes" in m:
        return m["agent_bytes"] + m["wasm_bytes"] + m["worker_wasm_bytes"]
    return m["js_heap_used"] + m["wasm_bytes"]


def mb(n: int) -> str:
    return f"{n / 1e6:7.2f} MB"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--headers", action="store_true",
                    help="serve dist/_headers as Netlify does (isolated: Python in a worker)")
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    if args.deals < 2:
        ap.error("--deals must be at least 2")

    from playwright.sync_api import sync_playwright

    server = devserver.serve_in_background(ROOT / "dist", compress=args.headers, host_headers=args.headers)
    url = devserver.url_of(server)
    seeds = {"settings": {"players": 2, "deck": "italian", "speed": "fast", "level": "medium", "lang": "en"},
             "motion": {"reduce": True}}
    started = time.perf_counter()
    with sync_playwright() as p:
        launch = {"args": FLAGS + ["--enable-blink-features=ForceEagerMeasureMemory"]}
        if system_chromium():
            launch["executable_path"] = system_chromium()
        browser = p.chromium.launch(**launch)
        context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
        context.add_init_script(WASM_WATCH)
        for key, data in seeds.items():
            box = json.dumps({"version": 1, "data": data})
            context.add_init_script(f"localStorage.setItem('briscola.{key}', {json.dumps(box)});")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        page.goto(url)
        after: dict[int, dict] = {}
        for deal in range(1, args.deals + 1):
            play_until_over(page, DEAL_TIMEOUT_MS)
            page.wait_for_selector("#summary[open]", timeout=DEAL_TIMEOUT_MS)
            if deal in (1, args.deals):
                after[deal] = measure(page, cdp)
                m = after[deal]
                agent = (f", JavaScript of the page and its workers {mb(m['agent_bytes'])} "
                         f"({', '.join(f'{k} {mb(v).strip()}' for k, v in m['agent_by_scope'].items())}), "
                         f"the worker's WebAssembly {mb(m['worker_wasm_bytes'])}"
                         if "agent_bytes" in m else "")
                print(f"after deal {deal}: JS heap {mb(m['js_heap_used'])}, WebAssembly {mb(m['wasm_bytes'])}, "
                      f"DOM nodes {m['dom_nodes']}{agent}", flush=True)
            if deal < args.deals:
                page.locator("#summary-go").click()
                page.wait_for_selector("#summary", state="hidden", timeout=DEAL_TIMEOUT_MS)
        context.close()
        browser.close()
    server.shutdown()

    first, last = after[1], after[args.deals]
    growth = total(last) / total(first) - 1
    held = growth <= LIMIT
    measured = "JS + WebAssembly, page and workers" if "agent_bytes" in first else "JS + WebAssembly"
    print(f"{measured}: {mb(total(first))} after deal 1, {mb(total(last))} after deal {args.deals}: "
          f"{growth * 100:+.1f}% (limit +{LIMIT * 100:.0f}%): {'held' if held else 'NOT held'}; "
          f"{time.perf_counter() - started:.0f} s")
    if first["wasm_memories"] == 0 and "agent_bytes" not in first:
        print("no WebAssembly memory was seen: the watch missed Pyodide's", file=sys.stderr)
        held = False
    if args.json:
        Path(args.json).write_text(json.dumps({"deals": args.deals, "after_first": first, "after_last": last,
                                               "growth": growth, "limit": LIMIT, "held": held}, indent=2))
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
