"""tools/bench_motion.py's arithmetic on recorded frames, long tasks and clicks (no
browser, no timing): what is counted, from when to when, and what is the click's."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.bench_motion import analyse, merge, percentile  # noqa: E402


def frames(start: int, end: int) -> list[float]:
    """A frame every 20 ms from ``start`` to ``end``."""
    return [float(t) for t in range(start, end + 1, 20)]


def recording(**changes) -> dict:
    data = {
        # start-up until 1000 (ready), the hand painted by 1100, the summary at 3000
        "frames": [*frames(900, 1000), 1080.0, *frames(1100, 2000), *frames(2100, 3100)],
        "long": [[500.0, 400.0], [2030.0, 60.0], [2500.0, 120.0]],
        "clicks": [2050.0],
        "shown": 1100.0,
        "marks": [["briscola:ready", 1000.0], ["briscola:summary", 3000.0], ["briscola:summary", 9000.0]],
    }
    data.update(changes)
    return data


def test_the_deal_is_measured_from_the_first_hand_shown_to_the_summary():
    out = analyse(recording())
    assert out["first_hand_gap_ms"] == 80.0  # 1000 -> 1080: the hand's first paint, apart
    assert out["deal_ms"] == 1920.0  # 1100 to 3020, the first frame after the summary
    assert out["all"]["long_tasks"] == 2  # the start-up's task (at 500) is left out
    assert out["clicks"] == 1


def test_gaps_and_tasks_near_a_click_are_the_clicks():
    out = analyse(recording())
    # the gap 2000 -> 2100 and the task at 2030 touch 1950..2150: the click's
    assert out["click"]["gaps_over_50"] == 1 and out["click"]["gap_ms_max"] == 100.0
    assert out["click"]["long_tasks"] == 1 and out["click"]["task_ms_max"] == 60.0
    assert out["click"]["tasks_over_100"] == 0
    # the task at 2500 is the motion's, and over the limit
    assert out["motion"]["long_tasks"] == 1 and out["motion"]["tasks_over_100"] == 1
    assert out["motion"]["gaps_over_50"] == 0
    assert out["all"]["gaps_over_50"] == 1 and out["all"]["gaps_over_100"] == 0
    kinds = [(e["kind"], e["near"]) for e in out["events"]]
    assert kinds == [("gap", "click"), ("task", "click"), ("task", "motion")]


def test_later_leaves_out_only_the_first_click():
    out = analyse(recording(clicks=[2050.0, 2520.0]))  # the second click is near the task at 2500
    assert out["later"]["long_tasks"] == 1 and out["later"]["tasks_over_100"] == 1
    assert out["later"]["gaps_over_50"] == 0  # the gap 2000 -> 2100 is the first click's
    assert out["click"]["long_tasks"] == 2 and out["motion"]["long_tasks"] == 0
    assert out["all"]["long_tasks"] == 2


def test_three_frames_read_through_a_coarse_clock_are_not_over_50_ms():
    data = recording(frames=[1100.0, 1120.0, 1170.1, 1190.0, 1240.3, 3020.0], long=[], clicks=[])
    out = analyse(data)
    assert out["motion"]["gaps_over_50"] == 2  # 50.3 and 1779.7; 50.1 is three frames
    assert round(out["motion"]["gap_ms_max"], 1) == 1779.7


def test_without_a_click_everything_is_motion():
    out = analyse(recording(clicks=[]))
    assert out["click"]["frames"] == 0 and out["click"]["long_tasks"] == 0
    assert out["motion"]["gaps_over_50"] == 1 and out["motion"]["long_tasks"] == 2


def test_percentile_and_merge():
    assert percentile([], 95) is None
    assert percentile([float(x) for x in range(1, 101)], 95) == 95.0
    assert percentile([10.0, 20.0], 50) == 10.0
    runs = [analyse(recording()), analyse(recording(clicks=[]))]
    merged = merge(runs, "all")
    assert merged["long_tasks"] == 4 and merged["tasks_over_100"] == 2
    assert merged["gap_ms_max"] == 100.0
