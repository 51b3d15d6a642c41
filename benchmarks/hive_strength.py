"""Hive playing strength: matches between computer players.

Usage::

    python benchmarks/hive_strength.py [--games 100] [--time 1.0] [--workers 2]
        [--expansions MLP] [--a hard] [--b baseline-hard]
        [--a-weights FILE.json] [--b-weights FILE.json]

Plays ``--a`` against ``--b`` with colours alternating game by game (game 0:
``a`` is White). Each side keeps one player for the whole game, as the app
and ``simulate`` do, so a searcher keeps its memory from move to move. Both
sides think on the same clock, CPU time of the process (``time.process_time``),
so the load of a shared machine does not favour either. A game still running
after 200 plies counts as a draw.

Players: ``greedy``, ``easy``, ``medium``, ``hard`` (the current levels;
``--time`` overrides the time per move of ``medium`` and ``hard``),
``baseline-hard`` and ``baseline-medium`` (the player as it was before issue
14, kept in ``benchmarks/hive_baseline_ai.py``), ``rev:REVISION`` (the hard
player of an earlier git revision, e.g. ``rev:6d8b757``, main before issue
23, loaded by ``hive_revision.py``), and ``random``. ``--a-search`` and
``--b-search`` give the current searcher options (``lmr=0,null_move=0``...),
and ``--opening-plies 4`` starts each pair of games from one seeded random
opening. A current
level can be given other evaluation weights (a JSON ``Weights`` dict, as
``hive_tune.py`` writes), to check tuned weights at full strength.

Prints one line per game, then the score of ``a`` (wins + half the draws)
and its Elo difference with a 95 % interval.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import hive_baseline_ai as baseline
import hive_revision

from beegames.games.hive import ai
from beegames.games.hive.board import BLACK_WINS, IN_PROGRESS, WHITE_WINS, Board
from beegames.games.hive.evaluation import Weights, make_evaluate, make_quick
from beegames.games.hive.search import Searcher

MAX_PLIES = 200
PLAYERS = ("random", "greedy", "easy", "medium", "hard", "baseline-medium", "baseline-hard")


class Player:
    """One side of a game: chooses (piece, cell) moves on its own board copy."""

    def __init__(self, name: str, seed: int, time_limit: float | None, expansions: str,
                 weights: dict | None = None, options: dict | None = None) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        if name.startswith("rev:"):
            # the hard player of an earlier git revision (hive_revision.py)
            mod = hive_revision.load(name[4:])
            pkg = sys.modules[mod.__name__.rsplit(".", 1)[0]]
            self.rev = mod
            self.board = pkg.board.Board(expansions)
            self.searcher = pkg.search.Searcher(seed=seed, clock=time.process_time)
        elif name.startswith("baseline"):
            baseline.clock = time.process_time
            self.board = baseline.Board(expansions)
            self.searcher = baseline.Searcher(seed=seed)
        else:
            self.board = Board(expansions)
            opts = dict(options or {})
            if weights:
                w = Weights(**{k: tuple(v) if isinstance(v, list) else v for k, v in weights.items()})
                opts.update(evaluate=make_evaluate(w), quick=make_quick(w))
            self.searcher = Searcher(seed=seed, clock=time.process_time, **opts)

    def play(self, move: tuple[int, int]) -> None:
        self.board.play(*move)

    def choose(self) -> tuple[int, int]:
        b = self.board
        if self.name == "random":
            return self.rng.choice(b.legal_moves())
        if self.name.startswith("rev:"):
            return self.rev.choose_move(b, "hard", self.rng, time_limit=self.time_limit, searcher=self.searcher)
        if self.name.startswith("baseline"):
            level = self.name.split("-", 1)[1]
            limit = baseline.LEVEL_TIME[level] if self.time_limit is None else self.time_limit
            return baseline.choose_move(b, level, self.rng, time_limit=limit, searcher=self.searcher)
        limit = self.time_limit if self.name in ("medium", "hard") else None
        return ai.choose_move(b, self.name, self.rng, time_limit=limit, searcher=self.searcher)  # type: ignore[arg-type]


def play_game(args: tuple) -> tuple[int, float, int, float, float]:
    """(game index, score of a: 1 / 0.5 / 0, plies, CPU s per move of a, of b)."""
    index, a, b, limit, expansions, seed, wa, wb, oa, ob, plies = args
    a_colour = index % 2
    pa = Player(a, seed * 1000 + index, limit, expansions, wa, oa)
    pb = Player(b, seed * 1000 + index + 500, limit, expansions, wb, ob)
    sides = (pa, pb) if a_colour == 0 else (pb, pa)
    board = Board(expansions)
    if plies:
        # the pair of games 2k, 2k + 1 starts from one seeded random opening
        rng = random.Random(seed * 100_003 + index // 2)
        for _ in range(plies):
            m = rng.choice(board.legal_moves())
            board.play(*m)
            pa.play(m)
            pb.play(m)
    spent = {id(pa): 0.0, id(pb): 0.0}
    count = {id(pa): 0, id(pb): 0}
    while board.status == IN_PROGRESS and board.ply < MAX_PLIES:
        mover = sides[board.ply & 1]
        t = time.process_time()
        move = mover.choose()
        spent[id(mover)] += time.process_time() - t
        count[id(mover)] += 1
        if move not in board.legal_moves():
            raise AssertionError(f"{mover.name} chose an illegal move {move}")
        board.play(*move)
        pa.play(move)
        pb.play(move)
    if board.status in (WHITE_WINS, BLACK_WINS):
        winner = 0 if board.status == WHITE_WINS else 1
        score = 1.0 if winner == a_colour else 0.0
    else:
        score = 0.5
    return (
        index,
        score,
        board.ply,
        spent[id(pa)] / max(count[id(pa)], 1),
        spent[id(pb)] / max(count[id(pb)], 1),
    )


def elo(score: float) -> float:
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def run_match(a: str, b: str, games: int, limit: float | None, expansions: str, workers: int,
              seed: int = 1, quiet: bool = False, weights_a: dict | None = None,
              weights_b: dict | None = None, options_a: dict | None = None, options_b: dict | None = None,
              opening_plies: int = 0) -> list[tuple[int, float, int, float, float]]:
    tasks = [(i, a, b, limit, expansions, seed, weights_a, weights_b, options_a, options_b, opening_plies)
             for i in range(games)]
    results = []
    ctx = mp.get_context("fork")
    with ctx.Pool(workers) as pool:
        for res in pool.imap_unordered(play_game, tasks):
            results.append(res)
            i, score, plies, ta, tb = res
            if not quiet:
                word = {1.0: "win", 0.0: "loss", 0.5: "draw"}[score]
                print(f"game {i:3d}: {a} plays {'White' if i % 2 == 0 else 'Black'}: {word:4s} after {plies:3d} plies "
                      f"(CPU s per move: {a} {ta:.2f}, {b} {tb:.2f})", flush=True)
    return sorted(results)


def summary(a: str, b: str, results: list) -> str:
    n = len(results)
    wins = sum(1 for r in results if r[1] == 1.0)
    losses = sum(1 for r in results if r[1] == 0.0)
    draws = n - wins - losses
    score = (wins + draws / 2) / n
    # 95 % interval of the score from the per-game variance
    var = sum((r[1] - score) ** 2 for r in results) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / n)
    lo, hi = max(score - half, 0.0), min(score + half, 1.0)
    return (f"{a} vs {b}: {wins} wins, {losses} losses, {draws} draws in {n} games; score {100 * score:.1f}% "
            f"(95% interval {100 * lo:.0f}-{100 * hi:.0f}%), Elo {elo(score):+.0f} "
            f"[{elo(lo):+.0f}, {elo(hi):+.0f}]")


def _player(name: str) -> str:
    if name in PLAYERS or name.startswith("rev:"):
        return name
    raise argparse.ArgumentTypeError(f"a player is one of {', '.join(PLAYERS)} or rev:GITREVISION")


def _options(text: str) -> dict:
    """``name=int,...`` searcher options (e.g. ``lmr=0``: LMR off)."""
    out = {}
    for item in filter(None, text.split(",")):
        k, _, v = item.partition("=")
        out[k.strip()] = int(v)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--time", type=float, default=None, help="CPU seconds per move for searching players "
                    "(default: each level's own time)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--expansions", default="MLP", help="expansion letters (default MLP: Base+MLP)")
    ap.add_argument("--a", default="hard", type=_player)
    ap.add_argument("--b", default="baseline-hard", type=_player)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a-weights", help="JSON file of evaluation weights for --a (a current level)")
    ap.add_argument("--b-weights", help="JSON file of evaluation weights for --b (a current level)")
    ap.add_argument("--a-search", default="", help="searcher options for --a, e.g. 'lmr=0,aspiration=40'")
    ap.add_argument("--b-search", default="", help="searcher options for --b")
    ap.add_argument("--opening-plies", type=int, default=0, help="random opening moves, one opening per "
                    "pair of games (default 0: from the empty board)")
    args = ap.parse_args()
    wa = json.loads(open(args.a_weights).read()) if args.a_weights else None
    wb = json.loads(open(args.b_weights).read()) if args.b_weights else None
    start = time.perf_counter()
    results = run_match(args.a, args.b, args.games, args.time, args.expansions, args.workers, args.seed,
                        weights_a=wa, weights_b=wb, options_a=_options(args.a_search),
                        options_b=_options(args.b_search), opening_plies=args.opening_plies)
    print(summary(args.a, args.b, results))
    limit = "each level's own" if args.time is None else f"{args.time:.2f} CPU s"
    print(f"time per move: {limit}; Base{'+' + args.expansions if args.expansions else ''}; "
          f"wall time {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
