"""Seat-fair duplicate matches between agents (placeholder until the arena lands)."""

from __future__ import annotations

import argparse


def add_arena_parser(sub) -> None:
    a = sub.add_parser("arena", help="seat-fair duplicate matches between agents")
    a.add_argument("--players", type=int, default=2)
    a.set_defaults(func=_not_yet)


def _not_yet(args: argparse.Namespace) -> int:
    from .cli import CliError

    raise CliError("the arena is not built yet")
