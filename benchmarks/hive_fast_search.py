"""Hive search speed: the Python ``Searcher`` against the numba
``FastSearcher``, side by side in one run, on hive_speed.py's twelve
positions.

Usage: ``python benchmarks/hive_fast_search.py [--time 1.0] [--no-compile]``

For each position both search for ``--time`` seconds of CPU time of this
process (``time.process_time``, their own clock), each starting with empty
memory, one after the other; printed are nodes per CPU second, the depth
completed (``+N``: depth N was under way when the time ran out), the CPU
seconds used, and the ratios. A node is a position the search visits
(interior, leaf or quiescence node) in both.

First, unless ``--no-compile``, the numba code's compile time is measured
in a fresh process with an empty cache (``NUMBA_CACHE_DIR`` set to a new
temporary directory), and the load time from that cache in a second fresh
process: the first search of a process pays one or the other.

Both use the same static evaluation (``evaluation.py`` and its numba port
``fast/evaluation.py``, equal on every position tested).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from hive_speed import POSITIONS, boards, cold

from beegames.games.hive.search import Searcher

ROOT = os.path.join(os.path.dirname(__file__), "..")

WARM_UP = """
import time
t = time.perf_counter()
from beegames.games.hive.fast.search import warm_up
warm_up()
print(time.perf_counter() - t)
"""


def compile_times() -> tuple[float, float]:
    """(seconds to import and compile with an empty cache, seconds to
    import and load from that cache), each in a fresh process."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=ROOT)
        out = []
        for _ in range(2):
            proc = subprocess.run([sys.executable, "-c", WARM_UP], env=env, capture_output=True, text=True,
                                  check=True)
            out.append(float(proc.stdout.strip().splitlines()[-1]))
    return out[0], out[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time", type=float, default=1.0, help="CPU seconds per search (default 1.0, as hard)")
    ap.add_argument("--no-compile", action="store_true", help="skip measuring the compile time")
    args = ap.parse_args()
    if not args.no_compile:
        cold_s, warm_s = compile_times()
        print(f"numba: first search of a process {cold_s:.1f} s with an empty cache (compiling), "
              f"{warm_s:.1f} s loading from the cache (wall time, import included)")
    from beegames.games.hive.fast.search import FastSearcher, warm_up

    warm_up()  # compiled or loaded before anything is timed
    print(f"{'position':>8} {'moves':>5}  {'python n/s':>10} {'depth':>5} {'cpu s':>5}  "
          f"{'fast n/s':>10} {'depth':>5} {'cpu s':>5}  {'n/s ratio':>9} {'depth +':>7}")
    tot = {"py": [0, 0.0, 0], "fast": [0, 0.0, 0]}
    for i, text in enumerate(POSITIONS):
        b, _ = boards(text)
        cold()
        py = Searcher(seed=i, clock=time.process_time)
        t = time.process_time()
        rp = py.search(b, args.time)
        sp = time.process_time() - t
        fs = FastSearcher(seed=i, clock=time.process_time)
        t = time.process_time()
        rf = fs.search(b, args.time)
        sf = time.process_time() - t
        for k, r, s in (("py", rp, sp), ("fast", rf, sf)):
            tot[k][0] += r.nodes
            tot[k][1] += s
            tot[k][2] += r.depth
        np_py, np_fast = rp.nodes / sp, rf.nodes / sf
        dp = f"{rp.depth}" + (f"+{rp.partial}" if rp.partial else "")
        df = f"{rf.depth}" + (f"+{rf.partial}" if rf.partial else "")
        print(f"{i:>8} {len(b.legal_moves()):>5}  {np_py:>10,.0f} {dp:>5} {sp:>5.2f}  {np_fast:>10,.0f} {df:>5} "
              f"{sf:>5.2f}  {np_fast / np_py:>9.1f} {rf.depth - rp.depth:>+7d}", flush=True)
    n = len(POSITIONS)
    r_py = tot["py"][0] / tot["py"][1]
    r_fast = tot["fast"][0] / tot["fast"][1]
    print(f"\nall positions: Searcher {r_py:,.0f} nodes per CPU s, FastSearcher {r_fast:,.0f}: "
          f"ratio {r_fast / r_py:.1f}")
    print(f"mean depth completed in {args.time:g} CPU s: Searcher {tot['py'][2] / n:.2f}, "
          f"FastSearcher {tot['fast'][2] / n:.2f}")
    print(f"CPU s used per search of {args.time:g}: Searcher {tot['py'][1] / n:.3f}, "
          f"FastSearcher {tot['fast'][1] / n:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
