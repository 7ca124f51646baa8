"""Thinking in slices, so that a browser page keeps painting while a computer player thinks.

A search agent's ``think`` is a generator: the page runs it up to its next ``yield``, lets
the browser paint a frame, and runs it on. One slice of work should fit in one frame at
60 frames a second (16.7 ms, of which the page's own painting takes a few): a slice of
:data:`SLICE_MS` keeps the page at full frame rate and leaves room for a slower device,
while a frame spent mostly thinking loses little of the search's time.

Long steps of a search (solving one guess exactly, weighing a batch of guesses) are
generators themselves, whose every ``yield`` marks a place where they may pause;
:func:`paced` runs such a step and passes a pause on only once the slice is over. Where a
search pauses never changes its result: the pauses use no random numbers and change no
state.
"""

from __future__ import annotations

import time
from typing import Generator, TypeVar

T = TypeVar("T")

SLICE_MS = 12
"""Most work between two yields of a thinking generator (ms, wall clock); a slice runs
over by at most one of its steps."""


class Slices:
    """The clock of one thinking generator: is the slice in progress over?"""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last = time.perf_counter()

    def due(self) -> bool:
        """The slice has run :data:`SLICE_MS`: time to yield."""
        return (time.perf_counter() - self.last) * 1000 >= SLICE_MS

    def resumed(self) -> None:
        """Thinking goes on after a yield: a new slice starts."""
        self.last = time.perf_counter()


def paced(steps: Generator[None, None, T], slices: Slices) -> Generator[None, None, T]:
    """Run ``steps`` (a generator whose every yield is a place where it may pause),
    yielding only where ``slices`` says the slice is over; returns what ``steps`` returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        if slices.due():
            yield
            slices.resumed()


__all__ = ["SLICE_MS", "Slices", "paced"]
