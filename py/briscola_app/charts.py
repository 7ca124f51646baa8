"""Charts of the stats as SVG text, drawn here (no chart library): the win rate over the
last deals, the points of each deal and the winning streaks, for one mode.

Each chart is an ``<svg role="img">`` whose ``aria-label`` (and ``<title>``) states the
numbers drawn, so a screen reader gets the chart whole. The SVG scales with its box
(``viewBox`` only) and is coloured by classes in app.css: the page's Content-Security-
Policy blocks style attributes.

>>> "NaN" in win_rate_svg([], "Win rate", lambda v: f"{v}%")
False
"""

from __future__ import annotations

from html import escape
from typing import Callable, Sequence

from .stats import DealResult

WIDTH, HEIGHT = 320, 120
LEFT, RIGHT, TOP, BOTTOM = 48, 8, 10, 10  # room for "100 %" spaced out (WCAG 1.4.12)
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
SHOWN = 30
"""Deals drawn per chart, the latest."""
WINDOW = 10
"""Deals in each point of the win rate."""
FULL_POINTS = 120


def rolling_win_rate(outcomes: Sequence[str], window: int = WINDOW) -> list[int]:
    """The percentage of deals won among the last ``window`` (fewer at the start) at each deal.

    >>> rolling_win_rate(["win", "loss", "win", "win"], window=2)
    [100, 50, 50, 100]
    """
    out = []
    for i in range(len(outcomes)):
        last = outcomes[max(0, i + 1 - window):i + 1]
        out.append(round(100 * sum(o == "win" for o in last) / len(last)))
    return out


def winning_runs(outcomes: Sequence[str]) -> list[int]:
    """The lengths of the runs of deals won, in order.

    >>> winning_runs(["win", "win", "loss", "win", "draw", "win", "win", "win"])
    [2, 1, 3]
    """
    runs, current = [], 0
    for o in outcomes:
        if o == "win":
            current += 1
        elif current:
            runs.append(current)
            current = 0
    if current:
        runs.append(current)
    return runs


def _y(value: float, top: float) -> float:
    """The height in the drawing of ``value`` on a scale from 0 to ``top``."""
    return round(TOP + PLOT_H - PLOT_H * min(value, top) / top, 1) if top > 0 else TOP + PLOT_H


def _svg(alt: str, body: list[str], ticks: list[tuple[float, str]], top: float, kind: str) -> str:
    grid = []
    for value, label in ticks:
        y = _y(value, top)
        grid.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}"/>'
                    f'<text class="tick" x="{LEFT - 4}" y="{y}" text-anchor="end" dominant-baseline="middle">'
                    f'{escape(label)}</text>')
    a = escape(alt)
    return (f'<svg class="chart chart-{kind}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{a}" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{a}</title>{"".join(grid)}{"".join(body)}</svg>')


def _x(i: int, n: int) -> float:
    """The centre of the ``i``th of ``n`` slots across the plot."""
    return round(LEFT + PLOT_W * (i + 0.5) / max(n, 1), 1)


def win_rate_svg(deals: Sequence[DealResult], title: str, percent: Callable[[int], str],
                 series: Callable[[list[str]], str] = ", ".join) -> str:
    rates = rolling_win_rate([d.outcome for d in deals])[-SHOWN:]
    n = len(rates)
    points = " ".join(f"{_x(i, n)},{_y(r, 100)}" for i, r in enumerate(rates))
    body = [f'<polyline class="line" points="{points}"/>'] if n > 1 else []
    body += [f'<circle class="dot" cx="{_x(i, n)}" cy="{_y(r, 100)}" r="2.5"/>' for i, r in enumerate(rates)]
    alt = f'{title}: {series([percent(r) for r in rates]) or "–"}'
    return _svg(alt, body, [(0, percent(0)), (50, percent(50)), (100, percent(100))], 100, "rate")


def points_svg(deals: Sequence[DealResult], title: str, outcome_names: dict[str, str],
               number: Callable[[int], str], series: Callable[[list[str]], str] = ", ".join) -> str:
    shown = list(deals)[-SHOWN:]
    n = len(shown)
    top = max([FULL_POINTS, *(d.points_for for d in shown)])
    slot = PLOT_W / max(n, 1)
    width = round(max(1.0, min(slot * 0.7, 24)), 1)
    body = []
    for i, d in enumerate(shown):
        y = _y(d.points_for, top)
        body.append(f'<rect class="bar bar-{d.outcome}" x="{round(_x(i, n) - width / 2, 1)}" y="{y}" '
                    f'width="{width}" height="{round(TOP + PLOT_H - y, 1)}"/>')
    alt = f'{title}: {series([f"{number(d.points_for)} ({outcome_names[d.outcome]})" for d in shown]) or "–"}'
    half = top // 2
    return _svg(alt, body, [(0, number(0)), (half, number(half)), (top, number(top))], top, "points")


def streaks_svg(deals: Sequence[DealResult], title: str, summary: str, number: Callable[[int], str],
                series: Callable[[list[str]], str] = ", ".join, none: str = "") -> str:
    """The winning runs as bars; ``none`` is said in the empty plot before any deal is won."""
    runs = winning_runs([d.outcome for d in deals])[-SHOWN:]
    n = len(runs)
    top = max([3, *runs])
    slot = PLOT_W / max(n, 1)
    width = round(max(1.0, min(slot * 0.7, 24)), 1)
    body = []
    for i, r in enumerate(runs):
        y = _y(r, top)
        body.append(f'<rect class="bar bar-win" x="{round(_x(i, n) - width / 2, 1)}" y="{y}" width="{width}" '
                    f'height="{round(TOP + PLOT_H - y, 1)}"/>')
    if not runs and none:
        body.append(f'<text class="none" x="{LEFT + PLOT_W // 2}" y="{TOP + PLOT_H // 2}" text-anchor="middle" '
                    f'dominant-baseline="middle">{escape(none)}</text>')
    alt = f'{title}: {series([number(r) for r in runs]) or none or number(0)}. {summary}'
    return _svg(alt, body, [(0, number(0)), (top, number(top))], top, "streaks")
