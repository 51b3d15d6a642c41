"""Hive search at a fixed depth: today's searcher against an earlier git
revision's, position by position, in one run.

Usage: ``python benchmarks/hive_fixed_depth.py [--depth 4] [--against REV]
[--only new|old] [--check] [--repeat N]``

Each searcher searches each of the twelve fixed positions of
``hive_speed.py`` to exactly ``--depth`` plies with no time limit, from
empty memory (a fresh searcher with the same seed, the board's shape and
Soldier Ant caches cleared). Printed for each: the best move, its score, the
nodes visited and the CPU seconds (``time.process_time``). A change that
only makes the search faster leaves move, score and nodes the same on every
position; ``--check`` exits 1 when any differs. The totals give the CPU
seconds to finish the depth on all twelve positions.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import hive_revision
from hive_speed import POSITIONS

from beegames.games.hive import board as board_module
from beegames.games.hive import search as search_module
from beegames.games.hive.pieces import parse_game_type
from beegames.games.hive.rules import replay


def run(pkg: object, text: str, depth: int, seed: int) -> tuple[tuple[int, int], int, int, float]:
    """(best move, score, nodes, CPU seconds) of ``pkg``'s searcher."""
    fields = text.split(";")
    ref, _ = replay(parse_game_type(fields[0]), fields[3:])
    b = pkg.board.Board(ref.expansions)  # type: ignore[attr-defined]
    for h in ref.hist:
        b.play(h[0], h[2])
    pkg.board.SHAPE_CACHE.clear()  # type: ignore[attr-defined]
    pkg.board.ANT_CACHE.clear()  # type: ignore[attr-defined]
    s = pkg.search.Searcher(seed=seed, clock=time.process_time)  # type: ignore[attr-defined]
    t = time.process_time()
    res = s.search(b, None, max_depth=depth)
    return res.move, res.score, s.nodes, time.process_time() - t


class _Today:
    board = board_module
    search = search_module


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--against", default="f587f51", help="git revision to compare with")
    ap.add_argument("--only", choices=("new", "old"), default=None, help="run one side only")
    ap.add_argument("--check", action="store_true", help="exit 1 if a move, score or node count differs")
    ap.add_argument("--repeat", type=int, default=1, help="searches of each position by each side, "
                    "alternating; the least CPU time counts (the load of a shared machine slows both)")
    args = ap.parse_args()
    old_pkg = None
    if args.only != "new":
        old_pkg = sys.modules[hive_revision.load(args.against).__name__.rsplit(".", 1)[0]]
    tot = {"old": 0.0, "new": 0.0}
    same = True
    print(f"{'pos':>3}  {args.against + ' move/score/nodes':>34} {'CPU s':>6}  {'new move/score/nodes':>34} "
          f"{'CPU s':>6}  ratio")
    for i, text in enumerate(POSITIONS):
        cols = []
        results = []
        for name, pkg in (("old", old_pkg), ("new", _Today if args.only != "old" else None)):
            if pkg is None:
                cols.append(f"{'':>34} {'':>6}")
                results.append(None)
                continue
            move, score, nodes, cpu = run(pkg, text, args.depth, i)
            for _ in range(args.repeat - 1):
                cpu = min(cpu, run(pkg, text, args.depth, i)[3])
            tot[name] += cpu
            results.append((move, score, nodes))
            cols.append(f"{str(move) + f' {score} {nodes}':>34} {cpu:6.2f}")
        ratio = ""
        if results[0] is not None and results[1] is not None:
            if results[0] != results[1]:
                same = False
                ratio = "DIFFERS"
        print(f"{i:>3}  {cols[0]}  {cols[1]}  {ratio}", flush=True)
    print(f"\nCPU seconds to depth {args.depth} on all {len(POSITIONS)} positions: "
          f"{args.against} {tot['old']:.2f}, new {tot['new']:.2f}"
          + (f" ({tot['old'] / tot['new']:.2f}x)" if tot["old"] and tot["new"] else ""))
    if old_pkg is not None and args.only is None:
        print("same moves, scores and node counts on every position" if same else "SEARCH DIFFERS")
    return 1 if args.check and not same else 0


if __name__ == "__main__":
    raise SystemExit(main())
