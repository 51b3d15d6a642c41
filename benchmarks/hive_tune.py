"""Tune the Hive evaluation weights by self-play, or against another UHP engine.

Usage::

    python benchmarks/hive_tune.py [--games 40] [--depth 2] [--workers 2] [--rounds 1]
        [--only NAME ...] [--start weights.json] [--out weights.json]
    python benchmarks/hive_tune.py --engine "PATH/nokamute uhp --num-threads=1" [--engine-depth 3]
        [--depth 2 | --ours-time 0.2] [--games 40] [--try 'in_hand=4' --try 'mobile=[0,6,...]' ...]

Coordinate search: for each weight (or table of weights) in turn, two
variants, the current value scaled by 1/2 and by 3/2 (a table is scaled as a
whole), each play ``--games`` games against the current weights, colours
alternating. A variant that scores more than ``--accept`` (default 55 %)
replaces the current value. Every game starts from a different position
reached by four random opening moves (seeded, the same for both variants and
both colours), and both sides search to the same fixed depth (``--depth``
plies plus quiescence), so the games compare evaluations, not speed.

**Against an engine** (``--engine``): each weight set plays ``--games``
games against the UHP engine (at ``bestmove depth --engine-depth``), our
side the ``hard`` player (win in one, forced win in two, then the searcher)
at ``--depth`` plies, or at ``--ours-time`` CPU seconds a move. Every pair of
games starts from one seeded opening, played once with each colour, and
every weight set plays the same games, so a candidate is compared with the
current weights game by game (paired): the difference of the scores and its
standard error are printed. A candidate is taken when it beats the current
weights by more than ``--margin`` (default 0.05) and by more than one
standard error. ``--try NAME=VALUE`` (repeatable; several changes
comma-separated in one ``--try``, tables as JSON lists) tests given
candidates, each against the starting weights, instead of the coordinate
search.

Prints each match and the final weights; ``--out`` writes them as JSON (a
``Weights`` keyword dict). The weights in ``beegames/games/hive/evaluation.py``
come from runs of this script; ``docs/hive-ai.md`` records them.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import random
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import asdict

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from hive_vs_uhp import Engine, EngineFailure, game_type

from beegames.games.hive import ai
from beegames.games.hive import board as board_module
from beegames.games.hive.board import BLACK_WINS, IN_PROGRESS, WHITE_WINS, Board
from beegames.games.hive.evaluation import DEFAULT_WEIGHTS, Weights, make_evaluate, make_quick
from beegames.games.hive.notation import move_to_string, parse_move
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


def play_ext(args: tuple) -> tuple[float, int, float]:
    """(score of weights ``a``, plies, our CPU s per move) in one game
    against an external UHP engine."""
    a, engine, engine_go, depth, ours_time, game, expansions, seed, max_plies = args
    wa = Weights(**_tuples(a))
    # the caches change the order of equally ranked moves: empty them, so
    # that a game does not depend on the games the worker played before
    board_module.SHAPE_CACHE.clear()
    board_module.ANT_CACHE.clear()
    searcher = Searcher(seed=seed + game, evaluate=make_evaluate(wa), quick=make_quick(wa),
                        clock=time.process_time)
    rng = random.Random(seed + game)
    a_colour = game % 2
    board = Board(expansions)
    eng = Engine(shlex.split(engine), "engine")
    spent = 0.0
    moves = 0
    try:
        eng.send(f"newgame {game_type(expansions)}")
        for m in opening(seed * 1000 + game // 2, expansions):
            eng.send(f"play {move_to_string(board, *m)}")
            board.play(*m)
        while board.status == IN_PROGRESS and board.ply < max_plies:
            if (board.ply & 1) == a_colour:
                t = time.process_time()
                if ours_time is None:
                    move = ai.analyse(board, "hard", rng, None, searcher, max_depth=depth).move
                else:
                    move = ai.analyse(board, "hard", rng, ours_time, searcher).move
                spent += time.process_time() - t
                moves += 1
            else:
                try:
                    move = parse_move(board, eng.bestmove(engine_go, None, 600.0))
                except EngineFailure:
                    return 1.0, board.ply, spent / max(moves, 1)
                if move not in board.legal_moves():
                    return 1.0, board.ply, spent / max(moves, 1)
            text = move_to_string(board, *move)
            try:
                eng.send(f"play {text}")
            except EngineFailure as exc:
                # the engine refused a move our rules allow: the game is left
                # out of the comparison as a draw (printed, to be checked)
                print(f"  game {game}: the engine refused {text!r} ({exc}); counted as a draw. Moves: "
                      f"{'; '.join(move_to_string_seq(expansions, board, move))}", flush=True)
                return 0.5, board.ply, spent / max(moves, 1)
            board.play(*move)
    finally:
        eng.close()
    if board.status in (WHITE_WINS, BLACK_WINS):
        return (1.0 if (board.status == WHITE_WINS) == (a_colour == 0) else 0.0), board.ply, spent / max(moves, 1)
    return 0.5, board.ply, spent / max(moves, 1)


def move_to_string_seq(expansions: str, board: Board, last: tuple[int, int]) -> list[str]:
    """The game so far as MoveStrings, ``last`` (not yet played) at the end."""
    replay = Board(expansions)
    out = []
    for h in [(e[0], e[2]) for e in board.hist]:
        out.append(move_to_string(replay, *h))
        replay.play(*h)
    out.append(move_to_string(replay, *last))
    return out


def match_ext(w: Weights, args: argparse.Namespace, seed: int) -> list[float]:
    """The scores of weights ``w`` against the engine, game by game."""
    go = f"bestmove depth {args.engine_depth}"
    tasks = [(asdict(w), args.engine, go, args.depth, args.ours_time, g, args.expansions, seed, args.max_plies)
             for g in range(args.games)]
    with mp.get_context("fork").Pool(args.workers) as pool:
        got = pool.map(play_ext, tasks)
    cpu = sum(g[2] for g in got) / len(got)
    plies = sum(g[1] for g in got) / len(got)
    print(f"  {_wld([g[0] for g in got])}; {plies:.0f} plies a game, ours {cpu:.3f} CPU s a move", flush=True)
    return [g[0] for g in got]


def _wld(scores: list[float]) -> str:
    w = scores.count(1.0)
    lo = scores.count(0.0)
    return f"{w}-{lo}-{len(scores) - w - lo} ({100 * sum(scores) / len(scores):.1f} %)"


def paired(cand: list[float], cur: list[float]) -> tuple[float, float]:
    """Mean difference of the scores game by game, and its standard error."""
    d = [x - y for x, y in zip(cand, cur)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(n - 1, 1)
    return mean, math.sqrt(var / n)


def parse_try(text: str, base: Weights) -> Weights:
    """``name=value,name=value``: the weights ``base`` with those changed
    (a table as a JSON list)."""
    changes: dict[str, object] = {}
    for item in _split(text):
        k, _, v = item.partition("=")
        val = json.loads(v)
        changes[k.strip()] = tuple(val) if isinstance(val, list) else val
    return base.with_(**changes)


def _split(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += ch == "["
        depth -= ch == "]"
        cur += ch
    return [*out, cur] if cur else out


def tune_ext(current: Weights, names: list[str], args: argparse.Namespace) -> Weights:
    """Coordinate search, or the ``--try`` candidates, against the engine."""
    seed = args.seed
    start = time.perf_counter()
    print(f"current weights: {json.dumps(asdict(current))}", flush=True)
    base = match_ext(current, args, seed)
    if args.tries:
        for text in args.tries:
            cand = parse_try(text, current)
            scores = match_ext(cand, args, seed)
            mean, se = paired(scores, base)
            print(f"{text}: {_wld(scores)} against the current weights' {_wld(base)}: "
                  f"{100 * mean:+.1f} % ± {100 * se:.1f} (paired)  [{time.perf_counter() - start:.0f} s]",
                  flush=True)
        return current

    def judge(cand: Weights, old: Weights, name: str, label: str) -> bool:
        nonlocal base
        scores = match_ext(cand, args, seed)
        mean, se = paired(scores, base)
        taken = mean > args.margin and mean > se
        print(f"{label}: {getattr(cand, name)} {_wld(scores)} against "
              f"{getattr(old, name)} {_wld(base)}: {100 * mean:+.1f} % ± {100 * se:.1f}: "
              f"{'taken' if taken else 'kept old'}  [{time.perf_counter() - start:.0f} s]", flush=True)
        if taken:
            base = scores
        return taken

    return coordinate_search(current, names, args.rounds, judge)


def coordinate_search(current: Weights, names: list[str], rounds: int,
                      judge: Callable[[Weights, Weights, str, str], bool]) -> Weights:
    """Each weight in turn halved and made half as large again, for ``rounds``
    rounds: a candidate that ``judge(candidate, current, name, label)`` takes
    becomes the current weights (and the next weight is tried)."""
    for rnd in range(rounds):
        for name in names:
            for factor in (0.5, 1.5):
                cand = scaled(current, name, factor)
                if cand == current:
                    continue
                if judge(cand, current, name, f"round {rnd + 1} {name} x{factor}"):
                    current = cand
                    break
    return current


def _finish(current: Weights, out: str | None) -> int:
    print("final weights:", json.dumps(asdict(current)))
    if out:
        with open(out, "w") as f:
            json.dump(asdict(current), f, indent=1)
    return 0


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
    ap.add_argument("--engine", help="tune against this UHP engine's command line instead of self-play")
    ap.add_argument("--engine-depth", type=int, default=3, help="the engine's bestmove depth")
    ap.add_argument("--ours-time", type=float, default=None, help="our CPU s a move instead of --depth")
    ap.add_argument("--margin", type=float, default=0.05, help="against an engine: the gain a candidate needs")
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--try", dest="tries", action="append", default=[], metavar="NAME=VALUE,...",
                    help="against an engine: test these candidates instead of the coordinate search")
    args = ap.parse_args()
    current = DEFAULT_WEIGHTS
    if args.start:
        current = Weights(**_tuples(json.loads(open(args.start).read())))
    names = args.only or list(asdict(current))
    if args.engine:
        return _finish(tune_ext(current, names, args), args.out)
    start = time.perf_counter()
    seed = args.seed

    def judge(cand: Weights, old: Weights, name: str, label: str) -> bool:
        nonlocal seed
        seed += 1
        score = match(cand, old, args.games, args.depth, args.expansions, args.workers, seed)
        verdict = "taken" if score > args.accept else "kept old"
        print(f"{label}: {getattr(cand, name)} scores {100 * score:.1f}% "
              f"against {getattr(old, name)}: {verdict}  [{time.perf_counter() - start:.0f} s]", flush=True)
        return bool(score > args.accept)

    return _finish(coordinate_search(current, names, args.rounds, judge), args.out)


if __name__ == "__main__":
    raise SystemExit(main())
