"""Depth reached in a fixed CPU time by two settings of the numba searcher,
side by side in one run, on hive_speed.py's twelve positions.

Usage::

    python benchmarks/hive_fast_depth.py [--a "lmr=1"] [--b "lmr=2"] [--time 1.0] [--rounds 2]

``--a`` and ``--b`` are ``FastSearcher`` options written as for
``hive_fast_strength.py --a-search`` (``lmr=1`` is ``LMR_CALM``, ``lmr=2``
``LMR_NON_PV``; an empty string is the default). Each position is searched
from empty memory by both settings, ``--time`` CPU seconds each
(``time.process_time``), their order swapped every round so that a change
in the machine's load falls on both alike. Printed for each: nodes per CPU
second, and the mean depth completed, with half a ply for a depth under
way when the time ran out.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", default="lmr=1", help="FastSearcher options of the first setting")
    ap.add_argument("--b", default="lmr=2", help="FastSearcher options of the second setting")
    ap.add_argument("--time", type=float, default=1.0, help="CPU seconds per search (default 1.0, as hard)")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()

    import hive_strength
    from hive_fast_search import boards
    from hive_speed import POSITIONS

    from beegames.games.hive.fast.search import FastSearcher, warm_up

    warm_up()
    settings = {"a": hive_strength._options(args.a), "b": hive_strength._options(args.b)}
    tot = {k: [0, 0.0, 0.0] for k in settings}
    for rnd in range(args.rounds):
        for i, text in enumerate(POSITIONS):
            b, _ = boards(text)
            for k in ("a", "b") if rnd % 2 == 0 else ("b", "a"):
                fs = FastSearcher(seed=i, clock=time.process_time, **settings[k])
                t = time.process_time()
                r = fs.search(b, args.time)
                tot[k][0] += r.nodes
                tot[k][1] += time.process_time() - t
                tot[k][2] += r.depth + (0.5 if r.partial else 0)
    n = args.rounds * len(POSITIONS)
    for k, text in (("a", args.a), ("b", args.b)):
        nodes, cpu, depth = tot[k]
        print(f"{k} ({text or 'default'}): {nodes / cpu:,.0f} nodes per CPU s, mean depth {depth / n:.2f} "
              f"in {args.time:g} CPU s, {cpu / n:.3f} CPU s used a search")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
