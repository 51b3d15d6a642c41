"""The numba Hive core against board.py: perft and move lists, side by side
in one run.

Usage: ``python benchmarks/hive_fast_perft.py [--cold] [--quick]``

First the numba functions are compiled (or loaded from numba's on-disk
cache) by a small warm-up, timed on its own: ``--cold`` points numba at an
empty cache directory first, so the figure is the full compile time. Then,
on the same positions, both cores run perft with board.py's conventions
(the last ply bulk-counted): Base perft(5) and Base+MLP perft(4) from the
start, and perft(3) from a mid-game Base+MLP position (the first of
``hive_speed.py``'s twelve). Both results are checked equal (numba's perft is
repeated for a quarter of a CPU second, its time is the mean). As in
``hive_perft.py`` the rate is the leaf count (the last depth's) per second,
here CPU seconds of this process (``time.process_time``), so other work on
a shared machine counts for neither; board.py runs in one process.

Last, full move lists per CPU second over the children of the twelve
``hive_speed.py`` positions: board.py's ``legal_moves`` (with its shape and
Soldier Ant caches emptied first, as ``hive_speed.py`` does, and warm), and
the numba generator called from compiled code (each child reached by
``make``, listed, left by ``unmake``: the cost of make/unmake is included).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cold", action="store_true", help="compile into an empty numba cache (the cold compile time)")
    ap.add_argument("--quick", action="store_true", help="Base perft(4) and Base+MLP perft(3) only")
    args = ap.parse_args()
    if args.cold:
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-cold-")

    t0 = time.perf_counter()
    import numba
    import numpy as np
    from hive_speed import POSITIONS

    from beegames.games.hive import board as board_module
    from beegames.games.hive.board import Board
    from beegames.games.hive.fast.convert import FastBoard
    from beegames.games.hive.fast.core import make, unmake
    from beegames.games.hive.fast.movegen import generate
    from beegames.games.hive.fast.tables import MAXMOVES
    from beegames.games.hive.perft import perft_board
    from beegames.games.hive.pieces import parse_game_type
    from beegames.games.hive.rules import replay

    t_import = time.perf_counter() - t0

    @numba.njit  # type: ignore[untyped-decorator]
    def child_lists(b: np.ndarray, z: np.ndarray, buf: np.ndarray, rows: np.ndarray) -> int:
        """Every child of the position: made, listed, unmade; moves listed."""
        total = 0
        n = generate(b, rows)
        for i in range(n):
            make(b, z, rows[i])
            total += generate(b, buf)
            unmake(b)
        return total

    # warm-up: compile or load every function used below
    t0 = time.perf_counter()
    f = FastBoard(Board("MLPD"))
    f.perft(3)
    buf = np.empty(MAXMOVES, np.int64)
    rows = np.empty(MAXMOVES, np.int64)
    child_lists(f.b, f.z, buf, rows)
    t_compile = time.perf_counter() - t0
    how = "(cold cache)" if args.cold else "or cache load"
    print(f"numba {numba.__version__}: imports {t_import:.2f} s; compile {how} {t_compile:.2f} s (wall)")

    def board_of(text: str) -> Board:
        fields = text.split(";")
        return replay(parse_game_type(fields[0]), fields[3:])[0]

    runs = [("Base", Board(""), 5), ("Base+MLP", Board("MLP"), 4), ("mid-game Base+MLP", board_of(POSITIONS[0]), 3)]
    if args.quick:
        runs = [("Base", Board(""), 4), ("Base+MLP", Board("MLP"), 3), ("mid-game Base+MLP", board_of(POSITIONS[0]), 2)]
    print(f"{'perft':24} {'leaves':>10} {'board.py s':>10} {'leaves/s':>12} {'numba s':>9} {'leaves/s':>13} ratio")
    ok = True
    for name, b, depth in runs:
        board_module.SHAPE_CACHE.clear()
        board_module.ANT_CACHE.clear()
        t = time.process_time()
        want = perft_board(b, depth)
        spent_py = time.process_time() - t
        fb = FastBoard(b)
        # numba: repeated until a quarter of a CPU second has passed
        reps = 0
        t = time.process_time()
        while True:
            got = fb.perft(depth)
            reps += 1
            if time.process_time() - t > 0.25:
                break
        spent_nb = (time.process_time() - t) / reps
        good = got == want
        ok &= good
        py_rate = want[-1] / spent_py
        nb_rate = want[-1] / max(spent_nb, 1e-9)
        print(f"{name + f' ({depth})':24} {want[-1]:>10,} {spent_py:>10.2f} {py_rate:>12,.0f} {spent_nb:>9.4f} "
              f"{nb_rate:>13,.0f} {nb_rate / py_rate:>6.0f}x{'' if good else '  WRONG ' + str(got)}")

    # full move lists over the children of the twelve positions
    boards = [board_of(text) for text in POSITIONS]
    children = []
    for b in boards:
        for m in b.legal_moves():
            b.play(*m)
            children.append(b.copy())
            b.undo()
    board_module.SHAPE_CACHE.clear()
    board_module.ANT_CACHE.clear()
    t = time.process_time()
    listed = sum(len(c.legal_moves()) for c in children)
    cold_py = len(children) / (time.process_time() - t)
    warm_py = 0.0
    for _ in range(3):
        t = time.process_time()
        for c in children:
            c.legal_moves()
        warm_py = max(warm_py, len(children) / (time.process_time() - t))
    fast = [FastBoard(b) for b in boards]
    nb = 0.0
    for _ in range(3):
        total = 0
        t = time.process_time()
        for _ in range(20):
            total = 0
            for fb in fast:
                total += child_lists(fb.b, fb.z, buf, rows)
        nb = max(nb, 20 * len(children) / (time.process_time() - t))
    ok &= total == listed
    print(f"full move lists per CPU s over the {len(children)} children of the twelve positions "
          f"({listed:,} moves): board.py {cold_py:,.0f} with empty caches, {warm_py:,.0f} warm; "
          f"numba {nb:,.0f} (ratio {nb / cold_py:.0f}x / {nb / warm_py:.0f}x){'' if total == listed else ' WRONG'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
