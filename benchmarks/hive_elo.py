"""An Elo-style rating of the Hive computer levels, from matches between them.

Usage::

    python benchmarks/hive_elo.py [--games 20] [--workers 2] [--expansions MLP]

Plays ``--games`` games (colours alternating) for each pair below, each
level at its own time per move on the CPU clock (``hive_strength.py``
explains the set-up), then fits one rating per player to all the results at
once (the Bradley-Terry model behind Elo: a player rated D points above
another is expected to score 1 / (1 + 10 ** (-D / 400))). ``random`` (a
uniformly random legal move) is fixed at 0. One virtual draw is added to
every pair played, so that a clean sweep still gives a finite rating; with
20 games a pair, expect an uncertainty of about +-100 points on each gap.

Prints every match, then the table for the README.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

from hive_strength import run_match, summary

PLAYERS = ["random", "easy", "medium", "baseline-hard", "hard"]
PAIRS = [
    ("easy", "random"),
    ("medium", "easy"),
    ("hard", "easy"),
    ("baseline-hard", "medium"),
    ("hard", "medium"),
    ("hard", "baseline-hard"),
]


def fit(results: dict[tuple[str, str], tuple[float, int]], anchor: str = "random") -> dict[str, float]:
    """Ratings from {(a, b): (points of a, games)} by gradient ascent on the
    log-likelihood (plus one virtual draw per pair)."""
    players = sorted({p for pair in results for p in pair})
    r = dict.fromkeys(players, 0.0)
    data = [(a, b, pts + 0.5, n + 1) for (a, b), (pts, n) in results.items()]
    for _ in range(20000):
        grad = dict.fromkeys(players, 0.0)
        for a, b, pts, n in data:
            e = 1 / (1 + 10 ** ((r[b] - r[a]) / 400))
            grad[a] += pts - n * e
            grad[b] -= pts - n * e
        for p in players:
            r[p] += 2.0 * grad[p]
        shift = r[anchor]
        for p in players:
            r[p] -= shift
        if max(abs(g) for g in grad.values()) < 1e-6:
            break
    return r


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--expansions", default="MLP")
    args = ap.parse_args()
    start = time.perf_counter()
    results: dict[tuple[str, str], tuple[float, int]] = {}
    for a, b in PAIRS:
        games = run_match(a, b, args.games, None, args.expansions, args.workers, quiet=True)
        results[(a, b)] = (sum(g[1] for g in games), len(games))
        print(summary(a, b, games), flush=True)
    ratings = fit(results)
    print(f"\nBase+{args.expansions}, each level at its own time per move; {args.games} games a pair; "
          f"wall time {time.perf_counter() - start:.0f} s\n")
    print("| Level | Elo (random = 0) |")
    print("|---|---|")
    for p in sorted(ratings, key=ratings.get):  # type: ignore[arg-type]
        print(f"| {p} | {ratings[p]:.0f} |")
    for (a, b), (pts, n) in results.items():
        expected = 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
        print(f"  {a} vs {b}: scored {pts / n:.2f}, the ratings expect {expected:.2f}")
    if any(math.isnan(v) for v in ratings.values()):
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
