"""tools/five_chunks.py: chunks of a five-player solo run pool into the figures of one
run over all their deals (same mean and interval arithmetic as the arena's)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.five_chunks import main, pool  # noqa: E402


def summary_of(values: list[float]) -> dict:
    """A one-agent summary whose deals had these mean game points."""
    return {"deals": len(values), "agents": [{
        "name": "x", "deals_counted": len(values), "sum_over_deals": sum(values),
        "sum_sq_over_deals": sum(v * v for v in values), "contracts_taken": len(values),
        "contracts_made": sum(v > 0 for v in values)}]}


def test_pooled_chunks_give_the_mean_and_interval_of_all_their_deals():
    a, b = [1.0, -1.0, 2.0, 0.4], [-0.2, 3.0, -1.0]
    pooled = pool([summary_of(a), summary_of(b)])["agents"][0]
    whole = pool([summary_of(a + b)])["agents"][0]
    assert pooled == whole
    assert pooled["deals"] == 7 and pooled["game_points_per_deal"] == pytest.approx(sum(a + b) / 7, abs=1e-4)
    low, high = pooled["ci95"]
    assert low < pooled["game_points_per_deal"] < high
    assert pooled["contracts_made"] == 4


def test_pool_needs_a_chunk():
    with pytest.raises(ValueError):
        pool([])


def test_a_chunk_of_the_arena_pools_as_its_own_summary(tmp_path, capsys):
    """Two real chunks of 5 deals (random against medium), then the pooled figures agree
    with each chunk's arena summary; a second call runs nothing and pools the same."""
    args = ["--agents", "random,medium", "--deals", "10", "--chunk", "5", "--iterations", "1",
            "--dir", str(tmp_path), "--json", str(tmp_path / "pooled.json")]
    assert main(args) == 0
    chunks = sorted(tmp_path.glob("chunk-*.json"))
    assert len(chunks) == 2

    parts = [json.loads(p.read_text()) for p in chunks]
    assert [p["seed"] for p in parts] == [1, 6]
    pooled = json.loads((tmp_path / "pooled.json").read_text())
    assert pooled["deals"] == 10
    first = pooled["agents"][0]
    assert first["deals"] == sum(p["agents"][0]["deals_counted"] for p in parts) == 10
    mean = sum(p["agents"][0]["sum_over_deals"] for p in parts) / 10
    assert first["game_points_per_deal"] == pytest.approx(mean, abs=1e-4)
    for part in parts:  # one chunk pooled alone is its own arena summary
        assert pool([part])["agents"][0]["ci95"] == part["agents"][0]["ci95"]
        assert pool([part])["agents"][0]["game_points_per_deal"] == part["agents"][0]["mean_over_deals"]
    stamp = [p.stat().st_mtime_ns for p in chunks]
    capsys.readouterr()
    assert main(args) == 0  # resumed: both chunks are there, none is run again
    assert [p.stat().st_mtime_ns for p in chunks] == stamp
    assert "2 of 2 chunks, 10 deals" in capsys.readouterr().out
