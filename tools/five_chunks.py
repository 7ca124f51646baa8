#!/usr/bin/env python3
"""A long five-player arena run cut into chunks that can be run over several sittings.

``arena --players 5 --solo`` of 2000 deals with the expert takes hours on a small
machine. This runs it as chunks of ``--chunk`` deals, chunk k from seed ``S + k * chunk``
(so the chunks together deal exactly the deals of one run of ``--deals`` from seed S,
each from the same dealer; the agents' own random draws differ, as they are seeded from
the chunk's seed too),
each written to ``DIR/chunk-<k>.json`` by the arena's ``--json``; a chunk already written
is not run again, so the command resumes where it stopped. ``--pool-only`` runs nothing.
Two sittings can run at once on two cores, one of them with ``--reverse`` (from the last
chunk back): each writes to its own ``.part-<pid>`` file, so the one chunk both may run
where they meet is only run twice, to the same result.

Then it pools every chunk found: per agent the mean game points a deal and its 95%
interval over all the deals, computed as one run computes them (from each chunk's
``deals_counted``, ``sum_over_deals`` and ``sum_sq_over_deals``), and the contracts.

Usage: python3 tools/five_chunks.py --agents expert,hard --deals 2000 --seed 1
           --iterations 200 --dir runs/expert-hard [--chunk 25] [--reverse] [--pool-only] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from briscola.arena import Z95  # noqa: E402


def chunk_command(agents: str, seed: int, deals: int, iterations: int, out: Path, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "briscola", "arena", "--players", "5", "--games", str(deals),
            "--seed", str(seed), "--agents", agents, "--solo", "--iterations", str(iterations),
            "--no-progress", "--json", str(out), *extra]


def pool(summaries: list[dict]) -> dict:
    """One summary's figures from several chunks' (agents in the same order in each)."""
    if not summaries:
        raise ValueError("no chunk to pool")
    agents = []
    for a, first in enumerate(summaries[0]["agents"]):
        rows = [s["agents"][a] for s in summaries]
        n = sum(r["deals_counted"] for r in rows)
        total = sum(r["sum_over_deals"] for r in rows)
        total_sq = sum(r["sum_sq_over_deals"] for r in rows)
        mean = total / n
        var = max(0.0, n * total_sq - total * total) / (n * (n - 1)) if n > 1 else 0.0
        half = Z95 * math.sqrt(var / n)
        taken = sum(r["contracts_taken"] for r in rows)
        made = sum(r["contracts_made"] for r in rows)
        agents.append({"name": first["name"], "deals": n, "game_points_per_deal": round(mean, 4),
                       "ci95": [round(mean - half, 4), round(mean + half, 4)],
                       "contracts_taken": taken, "contracts_made": made,
                       "success_rate": round(made / taken, 4) if taken else None})
    return {"chunks": len(summaries), "deals": sum(s["deals"] for s in summaries), "agents": agents}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agents", default="expert,hard")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--chunk", type=int, default=25)
    ap.add_argument("--dir", type=Path, required=True)
    ap.add_argument("--reverse", action="store_true", help="run the chunks from the last one back")
    ap.add_argument("--pool-only", action="store_true")
    ap.add_argument("--json", metavar="FILE")
    args, extra = ap.parse_known_args(argv)
    if args.deals % args.chunk or args.chunk % 5:
        ap.error("--chunk must be a multiple of 5 (the dealer of deal i is i mod 5) and divide --deals")
    args.dir.mkdir(parents=True, exist_ok=True)
    chunks = args.deals // args.chunk
    if not args.pool_only:
        for k in (reversed(range(chunks)) if args.reverse else range(chunks)):
            out = args.dir / f"chunk-{k:04d}.json"
            if out.exists():
                continue
            part = out.with_suffix(f".part-{os.getpid()}")
            cmd = chunk_command(args.agents, args.seed + k * args.chunk, args.chunk, args.iterations, part, extra)
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "py"),
                                                                              os.environ.get("PYTHONPATH")])))
            subprocess.run(cmd, check=True, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
            part.replace(out)  # only a finished chunk counts (the same deals, whoever finishes last)
            print(f"chunk {k + 1}/{chunks} done", flush=True)
    found = [json.loads(p.read_text()) for p in sorted(args.dir.glob("chunk-*.json"))]
    summary = pool(found)
    for a in summary["agents"]:
        low, high = a["ci95"]
        print(f"{a['name']}: {a['game_points_per_deal']:+.3f} game points a deal ({low:+.3f} to {high:+.3f}) "
              f"over {a['deals']} deals; contracts {a['contracts_made']}/{a['contracts_taken']} made")
    print(f"{summary['chunks']} of {chunks} chunks, {summary['deals']} deals")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
