"""Hive perft timings.

Usage: ``python benchmarks/hive_perft.py [--processes N]``

Measures Base perft(5) and Base+MLP perft(4) from the start position (plus
the cheaper depths as a warm-up), checks them against the known counts, and
prints the time taken and nodes per second (leaf nodes counted at the last
depth divided by wall time).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from beegames.games.hive.perft import perft_counts

EXPECTED = {
    ("Base", 5): [1, 4, 96, 1440, 21600, 516240],
    ("Base+MLP", 4): [1, 7, 294, 6678, 151686],
}
TARGET_SECONDS = {("Base", 5): 5.0, ("Base+MLP", 4): 3.0}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--deeper", action="store_true", help="also run Base perft(6)")
    args = ap.parse_args()
    ok = True
    runs = list(EXPECTED.items())
    if args.deeper:
        runs.append((("Base", 6), None))
    for (game_type, depth), want in runs:
        for procs in sorted({1, args.processes}):
            start = time.perf_counter()
            counts = perft_counts(game_type, depth, processes=procs)
            spent = time.perf_counter() - start
            good = want is None or counts == want
            ok &= good
            target = TARGET_SECONDS.get((game_type, depth))
            verdict = ""
            if target is not None:
                verdict = f"  (target < {target:.0f} s: {'met' if spent < target else 'MISSED'})"
            print(
                f"{game_type:9s} perft({depth}) = {counts[-1]:>9,d}  processes={procs}  "
                f"{spent:6.2f} s  {counts[-1] / spent:>12,.0f} nodes/s  "
                f"{'ok' if good else 'WRONG ' + str(counts)}{verdict}"
            )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
