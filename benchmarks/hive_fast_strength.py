"""Hive playing strength with the numba searcher: hive_strength.py's
matches, with one more player, ``fast`` (ai.py's ``hard`` level, its win
checks included, searching with ``FastSearcher`` instead of ``Searcher``).

Usage::

    python benchmarks/hive_fast_strength.py [--games 10] [--time 0.2] [--workers 2]
        [--expansions MLP] [--a fast] [--b hard] [--opening-plies 4]
        [--a-search lmr=1] [--b-search ...]

Everything else is hive_strength.py's: colours alternate, each side keeps
its player (and so its table) for the game, both think on CPU time of the
process (``time.process_time``), 200 plies are a draw. The numba code is
compiled (or loaded from its cache) once before the worker processes are
forked, so no move pays for it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import hive_strength

from beegames.games.hive import ai
from beegames.games.hive.board import Board
from beegames.games.hive.fast.search import FastSearcher, warm_up

_BasePlayer = hive_strength.Player


class Player(_BasePlayer):
    """hive_strength's player, or for the name ``fast`` the hard level on
    the numba searcher."""

    def __init__(self, name: str, seed: int, time_limit: float | None, expansions: str,
                 weights: dict | None = None, options: dict | None = None) -> None:
        if name != "fast":
            super().__init__(name, seed, time_limit, expansions, weights, options)
            return
        self.name = name
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        self.board = Board(expansions)
        self.fast = FastSearcher(seed=seed, clock=time.process_time, **(options or {}))

    def choose(self) -> tuple[int, int]:
        if self.name != "fast":
            return super().choose()
        return ai.choose_move(self.board, "hard", self.rng, time_limit=self.time_limit,
                              searcher=self.fast)  # type: ignore[arg-type]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--time", type=float, default=0.2, help="CPU seconds per move (default 0.2)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--expansions", default="MLP")
    ap.add_argument("--a", default="fast")
    ap.add_argument("--b", default="hard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening-plies", type=int, default=4)
    ap.add_argument("--a-search", default="", help="FastSearcher options for a fast --a, e.g. 'lmr=1' (LMR_CALM)")
    ap.add_argument("--b-search", default="", help="the same for --b")
    args = ap.parse_args()
    hive_strength.Player = Player  # type: ignore[misc]  # play_game looks the class up at call time
    warm_up()  # compile or load before forking
    start = time.perf_counter()
    results = hive_strength.run_match(args.a, args.b, args.games, args.time, args.expansions, args.workers,
                                      args.seed, opening_plies=args.opening_plies,
                                      options_a=hive_strength._options(args.a_search),
                                      options_b=hive_strength._options(args.b_search))
    print(hive_strength.summary(args.a, args.b, results))
    print(f"time per move: {args.time:.2f} CPU s; Base+{args.expansions}; "
          f"wall time {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
