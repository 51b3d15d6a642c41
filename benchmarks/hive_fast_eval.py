"""The static evaluation: evaluation.py against its numba port
(``beegames.games.hive.fast.evaluation``), side by side in one run.

Usage: ``python benchmarks/hive_fast_eval.py [--cold]``

First the numba functions are compiled (or loaded from numba's on-disk
cache) by a warm-up, timed on its own; ``--cold`` points numba at an empty
cache directory, so the figures are full compile times: first of
make/unmake and the move generator, then of the evaluation's functions on
their own, then of this benchmark's compiled loop (never cached).

The positions are ``hive_speed.py``'s twelve mid-game Base+MLP positions and
their children (every position one legal move away). Rates are evaluations
per CPU second of this process (``time.process_time``), best of three:

* evaluation.py's ``evaluate``, with the board's shape cache emptied before
  every call (each call works out the articulation points, as the numba one
  always does) and warm (the shapes known, as ``hive_speed.py`` also gives);
* numba's ``evaluate`` called from compiled code: each child reached by
  ``make``, evaluated, left by ``unmake``, repeated; the same walk without
  the evaluation is timed too and its time taken off, so the figure is the
  evaluation alone;
* numba's ``evaluate`` called from Python on the twelve positions (the
  dispatch overhead of a call from the interpreter included).

Every child's numba value is checked against evaluation.py's first.
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
    args = ap.parse_args()
    if args.cold:
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-cold-")

    import numba
    import numpy as np
    from hive_speed import POSITIONS

    from beegames.games.hive import board as board_module
    from beegames.games.hive.board import Board
    from beegames.games.hive.evaluation import evaluate as py_evaluate
    from beegames.games.hive.fast.convert import FastBoard
    from beegames.games.hive.fast.core import make, unmake
    from beegames.games.hive.fast.evaluation import DEFAULT_W, evaluate, evaluate_w, side_scores_w
    from beegames.games.hive.fast.movegen import generate
    from beegames.games.hive.fast.tables import MAXMOVES
    from beegames.games.hive.pieces import parse_game_type
    from beegames.games.hive.rules import replay

    @numba.njit  # type: ignore[untyped-decorator]
    def walk(b: np.ndarray, z: np.ndarray, rows: np.ndarray, n: int, reps: int, out: np.ndarray) -> int:
        """``reps`` times: every move of ``rows[:n]`` made and unmade; with
        ``out`` of length ``n`` each child is evaluated into it as well."""
        total = 0
        for _ in range(reps):
            for i in range(n):
                make(b, z, rows[i])
                if len(out) == n:
                    v = evaluate(b, z)
                    out[i] = v
                    total += v
                unmake(b)
        return total

    t0 = time.perf_counter()
    f = FastBoard(Board("MLPD"))
    f.perft(2)  # make, unmake and generate
    t_rest = time.perf_counter() - t0
    t0 = time.perf_counter()
    evaluate(f.b, f.z)
    evaluate_w(f.b, f.z, DEFAULT_W)
    side_scores_w(f.b, DEFAULT_W)
    t_eval = time.perf_counter() - t0
    t0 = time.perf_counter()
    rows = np.empty(MAXMOVES, np.int64)
    none = np.empty(0, np.int64)
    walk(f.b, f.z, rows, 0, 1, none)
    t_walk = time.perf_counter() - t0
    how = "(cold cache)" if args.cold else "or cache load"
    print(f"numba {numba.__version__}: compile {how}, wall: make/unmake/generate {t_rest:.2f} s; "
          f"evaluate, evaluate_w and side_scores_w {t_eval:.2f} s; this benchmark's loop {t_walk:.2f} s")

    def board_of(text: str) -> Board:
        fields = text.split(";")
        return replay(parse_game_type(fields[0]), fields[3:])[0]

    boards = [board_of(text) for text in POSITIONS]
    fast = [FastBoard(b) for b in boards]
    children: list[Board] = []
    walks = []
    wrong = 0
    for b, fb in zip(boards, fast, strict=True):
        rows = np.empty(MAXMOVES, np.int64)
        n = generate(fb.b, rows)
        vals = np.empty(n, np.int64)
        walk(fb.b, fb.z, rows, n, 1, vals)
        walks.append((fb, rows, n, vals))
        for i in range(n):
            p, c = fb.decode(int(rows[i]))
            b.play(p, c)
            children.append(b.copy())
            wrong += py_evaluate(b) != vals[i]
            b.undo()
    nkids = len(children)
    print(f"{len(boards)} positions, {nkids} children; numba values that differ from evaluation.py's: {wrong}")

    def py_rate(cold: bool) -> float:
        best = float("inf")
        for _ in range(3):
            if not cold:
                for c in children:
                    py_evaluate(c)
            t = time.process_time()
            for c in children:
                if cold:
                    board_module.SHAPE_CACHE.clear()
                py_evaluate(c)
            best = min(best, time.process_time() - t)
        return nkids / best

    py_cold = py_rate(True)
    py_warm = py_rate(False)

    reps = 200

    def nb_time(with_eval: bool) -> float:
        best = float("inf")
        for _ in range(3):
            t = time.process_time()
            for fb, rows, n, vals in walks:
                walk(fb.b, fb.z, rows, n, reps, vals if with_eval else none)
            best = min(best, time.process_time() - t)
        return best

    t_with = nb_time(True)
    t_without = nb_time(False)
    nb = reps * nkids / max(t_with - t_without, 1e-9)
    nb_walk = reps * nkids / t_with

    calls = 0
    t = time.process_time()
    while time.process_time() - t < 0.5:
        for fb in fast:
            evaluate(fb.b, fb.z)
        calls += len(fast)
    nb_py = calls / (time.process_time() - t)

    print(f"{'evaluations per CPU s':46} {'rate':>12} {'numba / this':>13}")
    print(f"{'evaluation.py, shape cache emptied each call':46} {py_cold:>12,.0f} {nb / py_cold:>12.0f}x")
    print(f"{'evaluation.py, shapes known':46} {py_warm:>12,.0f} {nb / py_warm:>12.0f}x")
    print(f"{'numba, in compiled code (make/unmake taken off)':46} {nb:>12,.0f}")
    print(f"{'numba, make + evaluate + unmake':46} {nb_walk:>12,.0f}")
    print(f"{'numba, each call from Python':46} {nb_py:>12,.0f}")
    print(f"(numba: {1e9 / nb:,.0f} ns an evaluation; evaluation.py: {1e9 / py_cold:,.0f} / {1e9 / py_warm:,.0f} ns)")
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
