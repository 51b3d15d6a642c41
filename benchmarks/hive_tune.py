"""Tune the Hive evaluation weights by self-play.

Usage::

    python benchmarks/hive_tune.py [--games 40] [--depth 2] [--workers 2] [--rounds 1]
        [--only NAME ...] [--start weights.json] [--out weights.json]

Coordinate search: for each weight (or table of weights) in turn, two
variants, the current value scaled by 1/2 and by 3/2 (a table is scaled as a
whole), each play ``--games`` games against the current weights, colours
alternating. A variant that scores more than ``--accept`` (default 55 %)
replaces the current value. Every game starts from a different position
reached by four random opening moves (seeded, the same for both variants and
both colours), and both sides search to the same fixed depth (``--depth``
plies plus quiescence), so the games compare evaluations, not speed.

Prints each match and the final weights; ``--out`` writes them as JSON (a
``Weights`` keyword dict). The weights in ``beegames/games/hive/evaluation.py``
come from runs of this script; ``docs/hive-ai.md`` records them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import sys
import time
from dataclasses import asdict

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from beegames.games.hive.board import BLACK_WINS, IN_PROGRESS, WHITE_WINS, Board
from beegames.games.hive.evaluation import DEFAULT_WEIGHTS, Weights, make_evaluate, make_quick
from beegames.games.hive.search import Searcher

MAX_PLIES = 160
OPENING_PLIES = 4


def opening(seed: int, expansions: str) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    b = Board(expansions)
    moves = []
    for _ in range(OPENING_PLIES):
        m = rng.choice(b.legal_moves())
        b.play(*m)
        moves.append(m)
    return moves


def play(args: tuple[dict, dict, int, int, str, int]) -> float:
    """Score of weights ``a`` (1 win, 0.5 draw, 0 loss) in one game."""
    a, b, depth, game, expansions, seed = args
    wa, wb = Weights(**_tuples(a)), Weights(**_tuples(b))
    sa = Searcher(seed=seed + game, evaluate=make_evaluate(wa), quick=make_quick(wa))
    sb = Searcher(seed=seed + game + 1, evaluate=make_evaluate(wb), quick=make_quick(wb))
    a_colour = game % 2
    board = Board(expansions)
    for m in opening(seed * 1000 + game // 2, expansions):
        board.play(*m)
    while board.status == IN_PROGRESS and board.ply < MAX_PLIES:
        s = sa if (board.ply & 1) == a_colour else sb
        board.play(*s.search(board, None, max_depth=depth).move)
    if board.status in (WHITE_WINS, BLACK_WINS):
        return 1.0 if (board.status == WHITE_WINS) == (a_colour == 0) else 0.0
    return 0.5


def _tuples(d: dict) -> dict:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in d.items()}


def match(a: Weights, b: Weights, games: int, depth: int, expansions: str, workers: int, seed: int) -> float:
    tasks = [(asdict(a), asdict(b), depth, g, expansions, seed) for g in range(games)]
    with mp.get_context("fork").Pool(workers) as pool:
        scores = pool.map(play, tasks)
    return sum(scores) / len(scores)


def scaled(w: Weights, name: str, factor: float) -> Weights:
    v = getattr(w, name)
    if isinstance(v, tuple):
        new: object = tuple(round(x * factor) for x in v)
    else:
        new = round(v * factor)
    return w.with_(**{name: new})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--accept", type=float, default=0.55)
    ap.add_argument("--expansions", default="MLP")
    ap.add_argument("--only", nargs="*", help="tune only these weights")
    ap.add_argument("--start", help="JSON file of weights to start from")
    ap.add_argument("--out", help="write the final weights here (JSON)")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    current = DEFAULT_WEIGHTS
    if args.start:
        current = Weights(**_tuples(json.loads(open(args.start).read())))
    names = args.only or list(asdict(current))
    start = time.perf_counter()
    seed = args.seed
    for rnd in range(args.rounds):
        for name in names:
            for factor in (0.5, 1.5):
                cand = scaled(current, name, factor)
                if cand == current:
                    continue
                seed += 1
                score = match(cand, current, args.games, args.depth, args.expansions, args.workers, seed)
                verdict = "taken" if score > args.accept else "kept old"
                print(f"round {rnd + 1} {name} x{factor}: {getattr(cand, name)} scores {100 * score:.1f}% "
                      f"against {getattr(current, name)}: {verdict}  [{time.perf_counter() - start:.0f} s]",
                      flush=True)
                if score > args.accept:
                    current = cand
                    break
    print("final weights:", json.dumps(asdict(current)))
    if args.out:
        with open(args.out, "w") as f:
            json.dump(asdict(current), f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
