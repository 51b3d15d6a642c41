"""The first screen, side by side with a bare Textual app, and one Hive move.

Usage: ``python benchmarks/first_screen.py [--runs N] [--moves M]``

Runs the measurements of ``beegames bench`` (see :mod:`beegames.bench`):
whole processes drawing their first frame headless at 80x24, beegames (the
command line with no arguments, up to the main menu) against a bare Textual
app with a Header, a Static and a Footer, alternating, with the ratio of
the medians; then one Hive move at 120x40 through the game screen.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from beegames.bench import run_bench


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=11, help="start-ups of each app (default 11)")
    ap.add_argument("--moves", type=int, default=40, help="Hive moves to time (default 40)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    return run_bench(moves=args.moves, runs=args.runs, as_json=args.json)


if __name__ == "__main__":
    sys.exit(main())
