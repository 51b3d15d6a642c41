"""Hive playing strength: the ``hard`` level against a one-ply greedy player.

Usage: ``python benchmarks/hive_strength.py [--games 50] [--time 1.0] [--workers 2]``

The greedy player plays the move whose resulting position has the best static
evaluation (ties broken at random, seeded per game). Colours alternate game by
game; a game still running after 200 plies counts as a draw. Prints each
result, the win rate of ``hard`` and the time limit it used per move.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from beegames.games.hive import ai  # noqa: E402
from beegames.games.hive.board import BLACK_WINS, IN_PROGRESS, WHITE_WINS, Board  # noqa: E402

MAX_PLIES = 200


def play_game(args: tuple[int, float, str]) -> tuple[int, str, int, float]:
    """(game index, 'win'/'loss'/'draw' for hard, plies, mean seconds per hard move)."""
    index, limit, expansions = args
    hard_colour = index % 2
    rng_hard = random.Random(1000 + index)
    rng_greedy = random.Random(2000 + index)
    searcher = ai.Searcher(seed=index)
    board = Board(expansions)
    spent, n_hard = 0.0, 0
    while board.status == IN_PROGRESS and board.ply < MAX_PLIES:
        if (board.ply & 1) == hard_colour:
            t = time.perf_counter()
            move = ai.choose_move(board, "hard", rng_hard, time_limit=limit, searcher=searcher)
            spent += time.perf_counter() - t
            n_hard += 1
        else:
            move = ai.greedy_move(board, rng_greedy)
        board.play(*move)
    if board.status in (WHITE_WINS, BLACK_WINS):
        winner = 0 if board.status == WHITE_WINS else 1
        outcome = "win" if winner == hard_colour else "loss"
    else:
        outcome = "draw"
    return index, outcome, board.ply, spent / max(n_hard, 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--time", type=float, default=ai.LEVEL_TIME["hard"], help="seconds per hard move")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--expansions", default="", help="expansion letters, e.g. MLP")
    args = ap.parse_args()
    tasks = [(i, args.time, args.expansions) for i in range(args.games)]
    start = time.perf_counter()
    results = []
    with mp.get_context("fork").Pool(args.workers) as pool:
        for res in pool.imap_unordered(play_game, tasks):
            results.append(res)
            i, outcome, plies, mean = res
            print(f"game {i:3d}: hard plays {'White' if i % 2 == 0 else 'Black'}: {outcome:4s} "
                  f"after {plies:3d} plies ({mean:.2f} s per hard move)", flush=True)
    wins = sum(1 for r in results if r[1] == "win")
    losses = sum(1 for r in results if r[1] == "loss")
    draws = len(results) - wins - losses
    print(f"hard vs greedy: {wins} wins, {losses} losses, {draws} draws in {len(results)} games; "
          f"win rate {100 * wins / len(results):.0f}% (target >= 90%)")
    print(f"time limit per hard move: {args.time:.2f} s; wall time {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
