"""Hive search speed: nodes per CPU second and depth reached, today's
searcher against an earlier one, side by side in one run.

Usage: ``python benchmarks/hive_speed.py [--time 1.0] [--rounds 1]
[--against REV | --against baseline] [--new compiled|python]
[--engine "PATH/nokamute uhp --num-threads=1"]``

Today's searcher is by default the one ``hard`` plays with: the compiled
``FastSearcher`` where numba is installed (compiled or loaded from its
cache before anything is timed), else the pure-Python ``Searcher``;
``--new python`` takes the Python one.

Both searchers search the same fixed mid-game Base+MLP positions (below, as
UHP GameStrings) for the same CPU time, one after the other, position by
position; each starts with empty memory (a fresh searcher, and the board's
shape and Soldier Ant caches cleared), so neither gains from the other's
work. The earlier searcher is by default the one of main before issue 23
(``--against 6d8b757``, loaded from git by ``hive_revision.py``); ``--against
baseline`` takes the player kept from before issue 14
(``hive_baseline_ai.py``). A node is a position the search visits: every
interior, leaf or quiescence node (for the issue-14 baseline, every call of
its ``_negamax``). Time is CPU time of this process (``time.process_time``),
so the other work on a shared machine counts for neither; the figure to read
is the ratio.

``--engine`` also runs another UHP engine on each position, ``bestmove depth
1, 2, ...`` each in a fresh process timed by its CPU, and reports the
deepest depth it finishes within the same CPU seconds and its nodes per CPU
second (from nokamute's ``--verbose`` line "Explored N nodes to depth D").

Also printed, over the children of the same positions: static evaluations
and full move lists per CPU second for both.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import hive_baseline_ai as baseline
import hive_revision

from beegames.games.hive import board as board_module
from beegames.games.hive.board import Board
from beegames.games.hive.evaluation import evaluate
from beegames.games.hive.fast import AVAILABLE as COMPILED
from beegames.games.hive.pieces import parse_game_type
from beegames.games.hive.rules import replay
from beegames.games.hive.search import Searcher

#: mid-game Base+MLP positions (from noisy one-ply self-play, both Queens down,
#: no win in one): 14 to 20 pieces on the board, 20 to 120 legal moves
POSITIONS = [
    "Base+MLP;InProgress;White[11];wL;bA1 /wL;wS1 \\wL;bA2 /bA1;wA1 wL/;bB1 -bA1;wQ \\wS1;bQ -bB1;wA2 wA1\\;"
    "bA2 -wQ;wA1 /bQ;bA3 bB1\\;wA2 -bA2;bA3 wS1/;wA2 \\bQ;bP bA1\\;wB1 wL-;bP wL\\;wB2 wB1/;bB2 bB1\\",
    "Base+MLP;InProgress;White[9];wS1;bA1 /wS1;wA1 wS1-;bG1 /bA1;wS2 wA1-;bA2 -bG1;wQ wS2-;bQ bA1\\;wM wA1\\;"
    "bA3 bA2\\;wM bQ-;bM -bA1;wL wM-;bA2 wQ/;wL bG1\\;bG1 wM-",
    "Base+MLP;InProgress;White[11];wP;bS1 \\wP;wS1 /wP;bM -bS1;wL wP-;bL bS1/;wQ wL/;bQ /bM;wB1 /wS1;bA1 bL/;"
    "wA1 wL\\;bA1 wQ-;wA2 wS1\\;bA2 -bM;wA1 /bQ;bA2 wA2-;wS2 wB1\\;bA3 -bL;wS2 bA2-;bA3 -wA1",
    "Base+MLP;InProgress;White[11];wA1;bB1 \\wA1;wA2 wA1-;bP bB1/;wP wA1\\;bS1 -bP;wQ wA2-;bQ /bS1;wL /wA1;"
    "bG1 \\bP;wA3 wA2\\;bS1 bP-;wL bP\\;bS1 wQ-;wA3 /bQ;bB2 bS1/;wG1 /wA1;wL bP/;wS1 wG1\\;bL bS1\\",
    "Base+MLP;InProgress;White[17];wB1;bB1 wB1-;wM /wB1;bA1 bB1-;wP \\wB1;bG1 bB1\\;wQ /wM;bQ bG1\\;wA1 wM\\;"
    "bA1 -wM;wA1 bQ\\;bA2 bB1/;wQ /bA1;bA2 bA1\\;wQ -bA1;bA2 /wQ;wS1 wM\\;bP bG1/;wS1 /bQ;bM bA2\\;wB2 wS1\\;"
    "bM /wS1;wP -wB1;bA3 \\bP;wM wA1/;bA3 -wP;bA1 wP\\;bM wS1;wL \\wB1;bA1 bA3\\;wS2 wA1\\;bM wB2",
    "Base+MLP;InProgress;White[17];wA1;bL /wA1;wM wA1/;bM -bL;wA2 -wM;bA1 bL\\;wQ \\wM;bQ bA1-;wA2 bQ-;"
    "bA2 /bA1;wP wM\\;bA3 bM\\;wL /wQ;bM -wQ;wM /bA2;bA3 wQ-;wM bA1\\;bB1 /bL;wM bA2\\;bP -bL;wG1 wP-;"
    "bS1 /bP;wG1 /wL;bG1 -bM;wP wA1\\;bL /bA2;wM bQ\\;bS2 bS1\\;wA1 \\wA2;bA2 \\bA3;wB1 \\wA1;bB2 bA3/",
    "Base+MLP;InProgress;White[13];wM;bP wM-;wA1 /wM;bB1 bP/;wG1 -wM;bS1 bB1\\;wQ -wG1;bQ \\bB1;wG2 \\wM;"
    "bS1 wA1\\;wA2 -wG2;bA1 bB1-;wB1 \\wG2;bA1 /wQ;wA2 -bQ;bB1 bP;wP \\wA2;bB2 bB1-;wS1 -wP;bB1 wM;wA3 /wS1;"
    "bS2 bP\\;wA3 bQ\\;bA2 /bS1",
    "Base+MLP;InProgress;White[11];wM;bA1 wM-;wP /wM;bM bA1\\;wB1 \\wM;bS1 bM/;wQ -wB1;bQ bM\\;wB2 wQ\\;"
    "bA2 bS1\\;wQ \\wB1;bA2 wQ/;wA1 -wB2;bA3 bS1/;wA1 bQ\\;bA3 wA1\\;wP \\bA1;bG1 bS1/;wA2 wB2\\;bA3 -wQ",
    "Base+MLP;InProgress;White[15];wB1;bL /wB1;wA1 wB1/;bP /bL;wA2 -wA1;bS1 -bL;wQ wA1\\;bQ bP\\;wA2 bQ\\;"
    "bS1 \\wA1;wB2 wA2\\;bA1 bL\\;wA3 /wA2;bA1 /wA3;wQ wA1-;bA2 -bL;wL wB2/;bA3 /bA2;wL /bQ;bA3 wQ/;wB2 wA3;"
    "bA2 wA1\\;wB2 /wL;bA1 bA3\\;wA3 bL\\;bP -bL;wS1 wA3-;bS2 bA1/",
    "Base+MLP;InProgress;White[17];wM;bB1 /wM;wP \\wM;bM /bB1;wG1 wM/;bQ /bM;wQ \\wP;bA1 -bB1;wA1 wG1\\;"
    "bA1 /wQ;wQ \\bA1;bG1 /bA1;wA2 wG1/;bG1 \\wP;bA1 -wA2;bS1 \\bA1;wG1 /wP;bS2 bB1\\;wA1 -bQ;bP bS2\\;"
    "wA2 wA1\\;bA1 /wQ;wA3 wM/;bA2 bP\\;wM -bM;bQ wA2-;wA3 bQ\\;bA2 -wQ;wB1 /wA1;bB2 bP-;wG2 wP-;bL \\bB2",
    "Base+MLP;InProgress;White[15];wP;bB1 /wP;wG1 wP-;bM /bB1;wS1 wG1-;bB2 -bB1;wQ wS1-;bQ -bB2;wS2 \\wS1;"
    "bL bQ\\;wM -wS2;bS1 bB1\\;wA1 -wM;bA1 bS1\\;wA1 -bQ;bL /wA1;wA2 -wM;bA1 -wA2;wM /bA1;bB2 bB1;wL -wS2;"
    "bA2 bS1\\;wL wM\\;bA1 wS1\\;wA2 wA1\\;bA2 wQ-;wS2 bA2/;bL -wA1",
    "Base+MLP;InProgress;White[15];wL;bS1 wL-;wA1 -wL;bM bS1/;wA2 \\wL;bL bM\\;wQ /wA1;bQ bM/;wA2 \\bQ;"
    "bB1 bS1\\;wB1 \\wL;bA1 /bB1;wS1 wA1\\;bA1 -wA2;wA3 wS1\\;bA2 bQ\\;wA1 bA1\\;bQ wA2-;wA3 bQ\\;bA2 \\wQ;"
    "wA3 wA2\\;bA1 wQ\\;wA1 bQ/;bA3 bL-;wA2 wA1\\;bA3 /bA2;wM wA2/;bL /wB1",
]


def boards(text: str) -> tuple[Board, baseline.Board]:
    fields = text.split(";")
    new, _ = replay(parse_game_type(fields[0]), fields[3:])
    old = baseline.board_from_moves(new.expansions, [(h[0], h[2]) for h in new.hist])
    return new, old


class Earlier:
    """The searcher to compare with: a git revision's, or the issue-14 baseline."""

    def __init__(self, against: str) -> None:
        self.name = against
        if against == "baseline":
            baseline.clock = time.process_time
            self.mod = None
        else:
            self.mod = hive_revision.load(against).__name__.rsplit(".", 1)[0]
            self.pkg = sys.modules[self.mod]

    def board(self, text: str) -> object:
        new, old = boards(text)
        if self.mod is None:
            return old
        b = self.pkg.board.Board(new.expansions)
        for h in new.hist:
            b.play(h[0], h[2])
        return b

    def cold(self) -> None:
        if self.mod is not None:
            self.pkg.board.SHAPE_CACHE.clear()
            self.pkg.board.ANT_CACHE.clear()

    def search(self, board: object, seconds: float, seed: int) -> tuple[int, int, float]:
        """(nodes, depth completed, CPU seconds)."""
        self.cold()
        if self.mod is None:
            s = baseline.Searcher(seed=seed)
            t = time.process_time()
            s.search(board, seconds)
            return s.nodes, s.depth_reached, time.process_time() - t
        s = self.pkg.search.Searcher(seed=seed, clock=time.process_time)
        t = time.process_time()
        res = s.search(board, seconds)
        return s.nodes, res.depth, time.process_time() - t

    def evaluate(self, board: object) -> int:
        if self.mod is None:
            return baseline.evaluate(board)
        return self.pkg.evaluation.evaluate(board)

    def legal_moves(self, board: object) -> list:
        return board.legal_moves()  # type: ignore[attr-defined]


def engine_figures(argv: list[str], text: str, seconds: float) -> tuple[int, int, float] | None:
    """(deepest depth finished within ``seconds`` of CPU, the next depth, its
    nodes per CPU second) of a UHP engine that reports its nodes on stderr
    the way nokamute --verbose does ("Explored N nodes to depth D").

    The engine searches ``bestmove depth 1``, ``2``... in fresh processes,
    each timed by its own process CPU (``resource``), until one takes longer
    than ``seconds``: unlike its ``bestmove time``, which counts wall time,
    that does not depend on the load of the machine."""
    best = None
    for depth in range(1, 16):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run([*argv, "--verbose"], input=f"newgame {text}\nbestmove depth {depth}\nexit\n",
                              capture_output=True, text=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        nodes = None
        for line in proc.stderr.splitlines():
            m = re.search(r"Explored (\d+) nodes to depth (\d+)", line)
            if m:
                nodes = int(m.group(1))
        if nodes is None:
            return best
        if cpu > seconds:
            return (depth - 1, depth, nodes / max(cpu, 1e-6)) if best is None else (best[0], depth, best[2])
        best = (depth, 0, nodes / max(cpu, 1e-6))
    return best


def cold() -> None:
    board_module.SHAPE_CACHE.clear()
    board_module.ANT_CACHE.clear()


def rate(fn, items: list, repeat: int = 3) -> float:
    """Calls of ``fn`` per CPU second over ``items`` (best of ``repeat``)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        for x in items:
            fn(x)
        best = min(best, time.process_time() - t)
    return len(items) / max(best, 1e-9)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time", type=float, default=1.0, help="CPU seconds per search (default 1.0, as hard)")
    ap.add_argument("--rounds", type=int, default=1, help="times through the positions")
    ap.add_argument("--against", default=hive_revision.PRE_ISSUE_23,
                    help="git revision of the searcher to compare with, or 'baseline' (before issue 14)")
    ap.add_argument("--engine", default=None, help="another UHP engine's command line (nokamute)")
    ap.add_argument("--new", choices=("compiled", "python"), default="compiled" if COMPILED else "python",
                    help="today's searcher: the compiled one hard plays with (the default where numba is "
                         "installed) or the pure-Python one")
    args = ap.parse_args()
    if args.new == "compiled":
        from beegames.games.hive.fast.search import FastSearcher, warm_up

        warm_up()
        new_searcher = FastSearcher
    else:
        new_searcher = Searcher  # type: ignore[assignment]
    print(f"today's searcher: {args.new} ({new_searcher.__name__})")
    earlier = Earlier(args.against)
    engine = shlex.split(args.engine) if args.engine else None
    totals = {"old": [0, 0.0], "new": [0, 0.0]}
    depths: dict[str, list[float]] = {"old": [], "new": [], "engine": []}
    engine_nps: list[float] = []
    print(f"{'position':>8} {'moves':>5}  {args.against + ' n/s':>14} {'depth':>5}  {'new n/s':>9} {'depth':>5}  "
          f"ratio" + ("  engine n/s depth" if engine else ""))
    for rnd in range(args.rounds):
        for i, text in enumerate(POSITIONS):
            old_b = earlier.board(text)
            nodes_old, depth_old, spent_old = earlier.search(old_b, args.time, rnd * 100 + i)
            new_b, _ = boards(text)
            cold()
            new = new_searcher(seed=rnd * 100 + i, clock=time.process_time)
            t = time.process_time()
            res = new.search(new_b, args.time)
            spent_new = time.process_time() - t
            totals["old"][0] += nodes_old
            totals["old"][1] += spent_old
            totals["new"][0] += new.nodes
            totals["new"][1] += spent_new
            depths["old"].append(depth_old)
            depths["new"].append(res.depth)
            r_old = nodes_old / spent_old
            r_new = new.nodes / spent_new
            depth = f"{res.depth}" + (f"+{res.partial}" if res.partial else "")
            line = (f"{i:>8} {len(new_b.legal_moves()):>5}  {r_old:>14,.0f} {depth_old:>5}  "
                    f"{r_new:>9,.0f} {depth:>5}  {r_new / r_old:5.2f}")
            if engine and rnd == 0:
                fig = engine_figures(engine, text, args.time)
                if fig:
                    d, part, nps = fig
                    depths["engine"].append(d)
                    engine_nps.append(nps)
                    line += f"  {nps:>10,.0f} {d}" + (f"+{part}" if part else "")
            print(line, flush=True)
    old_rate = totals["old"][0] / totals["old"][1]
    new_rate = totals["new"][0] / totals["new"][1]
    n = len(POSITIONS) * args.rounds
    print(f"\nall positions: {args.against} {old_rate:,.0f} nodes per CPU s, new {new_rate:,.0f}: "
          f"ratio {new_rate / old_rate:.2f}")
    print(f"mean depth completed in {args.time:g} CPU s: {args.against} {sum(depths['old']) / n:.2f}, "
          f"new {sum(depths['new']) / n:.2f}"
          + (f", engine {sum(depths['engine']) / len(depths['engine']):.2f} "
             f"(its {sum(engine_nps) / len(engine_nps):,.0f} nodes per s)" if depths["engine"] else ""))
    print(f"CPU seconds used per search: {args.against} {totals['old'][1] / n:.2f}, "
          f"new {totals['new'][1] / n:.2f} of {args.time:.2f}")
    # the parts, over the children of the same positions (board.py's, whichever searcher was timed)
    new_children, old_children = [], []
    for text in POSITIONS:
        new_b, _ = boards(text)
        old_b = earlier.board(text)
        for p, c in new_b.legal_moves():
            new_b.play(p, c)
            old_b.play(p, c)  # type: ignore[attr-defined]
            new_children.append(new_b.copy())
            old_children.append(old_b.copy())  # type: ignore[attr-defined]
            new_b.undo()
            old_b.undo()  # type: ignore[attr-defined]
    cold()
    earlier.cold()
    ev_new = rate(lambda b: (cold(), evaluate(b)), new_children, 1)
    ev_new_warm = rate(evaluate, new_children)
    ev_old = rate(lambda b: (earlier.cold(), earlier.evaluate(b)), old_children, 1)
    ev_old_warm = rate(earlier.evaluate, old_children)
    cold()
    earlier.cold()
    lm_new = rate(Board.legal_moves, new_children, 1)
    lm_old = rate(earlier.legal_moves, old_children, 1)
    print(f"static evaluations per CPU s: {args.against} {ev_old:,.0f} with empty caches, {ev_old_warm:,.0f} with "
          f"the shape known; new {ev_new:,.0f} and {ev_new_warm:,.0f}")
    print(f"full move lists per CPU s (empty caches): {args.against} {lm_old:,.0f}; new {lm_new:,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
