#!/usr/bin/env python3
"""Lighthouse against the built site, served gzip-compressed with dist/_headers, as Netlify serves it.

Installs the pinned Lighthouse of tools/lighthouse/package.json (`npm ci` there, first
run only: it is kept out of the site's own packages so the test run never installs it),
serves dist/ with tools/devserver.py (compressed, with the headers of dist/_headers),
runs Lighthouse in headless Chromium (the system one when there is one, else CHROME_PATH,
else Playwright's) with the mobile preset (the default) or `--desktop`, and prints each
category's score with the audits that lost points. `--json FILE` keeps the scores and
those audits; `--report FILE` the whole JSON report.

Lighthouse ends its run once the page is quiet after its load event, which may come before
Python is up (then the game's start is not in what it scores). `--settle MS` keeps it
watching MS after the load (a configuration with `pauseAfterLoadMs`), so that it sees the
hand become playable; each run says whether it saw the page's `briscola:ready` mark.

Usage: python3 tools/lighthouse.py [--desktop] [--runs 1] [--settle MS] [--no-build] [--json FILE] [--report FILE]
Scores and the command that gave them are in docs/startup.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import devserver  # noqa: E402
from tools.run_tests import system_chromium  # noqa: E402

HERE = ROOT / "tools" / "lighthouse"
CLI = HERE / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices")
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --disable-sync --disable-dev-shm-usage")
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
           "cumulative-layout-shift", "speed-index", "interactive")


def ensure_lighthouse() -> None:
    if not CLI.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=HERE, check=True)


def chrome_path() -> str:
    found = system_chromium() or os.environ.get("CHROME_PATH")
    if found:
        return found
    from playwright.sync_api import sync_playwright  # Playwright's own download

    with sync_playwright() as p:
        return p.chromium.executable_path


def run_once(url: str, desktop: bool, report: Path | None, settle_ms: int = 0) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        cmd = ["node", str(CLI), url, "--quiet", f"--only-categories={','.join(CATEGORIES)}",
               "--output=json", f"--output-path={out}", f"--chrome-flags={CHROME_FLAGS}"]
        if desktop:
            cmd.append("--preset=desktop")
        if settle_ms:
            config = Path(tmp) / "settle.json"
            # a configuration file takes the place of a preset: the default one is mobile
            config.write_text(json.dumps({"extends": "lighthouse:default",
                                          "settings": {"pauseAfterLoadMs": settle_ms}}))
            cmd.append(f"--config-path={config}")
        env = {**os.environ, "CHROME_PATH": chrome_path()}
        subprocess.run(cmd, check=True, env=env, cwd=HERE)
        data = json.loads(out.read_text())
        if report is not None:
            shutil.copy(out, report)
    return data


def ready_mark_ms(data: dict) -> float | None:
    """When the run saw the hand become playable (the page's ``briscola:ready`` mark, ms
    after navigation, as observed, not simulated), or None if the run ended before."""
    items = data["audits"].get("user-timings", {}).get("details", {}).get("items", [])
    seen = [i.get("startTime") for i in items if i.get("name") == "briscola:ready"]
    return seen[0] if seen else None


def lost_points(data: dict, category: str) -> list[dict]:
    """The audits of a category that did not pass, heaviest first."""
    cat = data["categories"][category]
    audits = data["audits"]
    out = []
    for ref in cat["auditRefs"]:
        audit = audits[ref["id"]]
        score = audit.get("score")
        if ref.get("weight", 0) > 0 and score is not None and score < 1:
            out.append({"id": ref["id"], "title": audit["title"], "score": score, "weight": ref["weight"],
                        "value": audit.get("displayValue", "")})
    return sorted(out, key=lambda a: -a["weight"] * (1 - a["score"]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--desktop", action="store_true", help="the desktop preset (default: mobile)")
    ap.add_argument("--runs", type=int, default=1, help="runs; the median score is reported")
    ap.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    ap.add_argument("--json", metavar="FILE", help="write the scores and lost audits here")
    ap.add_argument("--report", metavar="FILE", type=Path, help="keep the last run's whole report (JSON)")
    ap.add_argument("--settle", metavar="MS", type=int, default=0,
                    help="keep watching this long after the load event (to see the game start)")
    args = ap.parse_args(argv)
    if args.settle and args.desktop:
        ap.error("--settle is for the mobile preset")

    ensure_lighthouse()
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    server = devserver.serve_in_background(ROOT / "dist", compress=True, host_headers=True)
    url = devserver.url_of(server)
    runs = []
    try:
        for _ in range(args.runs):
            runs.append(run_once(url, args.desktop, args.report, args.settle))
    finally:
        server.shutdown()
    scores = {c: statistics.median(round(r["categories"][c]["score"] * 100) for r in runs) for c in CATEGORIES}
    last = runs[-1]
    metrics = {m: last["audits"][m].get("displayValue", "") for m in METRICS if m in last["audits"]}
    summary = {"preset": "desktop" if args.desktop else "mobile", "runs": args.runs,
               "lighthouse": last.get("lighthouseVersion"), "scores": scores, "metrics": metrics,
               "lost": {c: lost_points(last, c) for c in CATEGORIES},
               "ready_ms": [ready_mark_ms(r) for r in runs]}
    print(f"Lighthouse {summary['lighthouse']}, {summary['preset']} preset, {args.runs} run(s), median scores:")
    for c in CATEGORIES:
        print(f"  {c:15} {scores[c]:5.0f}")
        for audit in summary["lost"][c]:
            print(f"      - {audit['id']}: {audit['title']} (score {audit['score']}, weight {audit['weight']})"
                  f" {audit['value']}")
    print("  " + ", ".join(f"{k} {v}" for k, v in metrics.items()))
    seen = ", ".join("not seen" if ms is None else f"{ms:.0f} ms" for ms in summary["ready_ms"])
    print(f"  hand playable (briscola:ready, observed) in each run: {seen}")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
