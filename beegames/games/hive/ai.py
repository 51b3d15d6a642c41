"""Computer players for Hive: the levels, and exact short wins.

Every level first takes a win in one move when there is one. ``medium`` and
``hard`` then look for a forced win in two moves (our move, any reply, our
winning move) by brute force, and otherwise run a searcher with the
:mod:`.evaluation` for their time: ``hard`` the compiled one
(``fast.search.FastSearcher``, numba) when numba is installed, else, like
``medium``, the pure-Python :class:`Searcher` (:mod:`.search`). Both search
the same way with the same evaluation; the compiled one visits about 15
times as many positions a second (``benchmarks/hive_fast_search.py``).
Setting the environment variable ``BEEGAMES_HIVE_PURE_PYTHON=1`` keeps every
level on the Python searcher.

========  ==========  ======================================================
level     time        what it does
========  ==========  ======================================================
greedy    one ply     best static evaluation after each move (benchmarks)
easy      one ply     static evaluation plus heavy noise: it does not look at
                      the opponent's reply, so it walks into wins in one and
                      leaves its Queen open; it still takes a win in one
medium    0.3 s       win checks, then the searcher (at most 2 plies)
hard      1.0 s       win checks, then the searcher
========  ==========  ======================================================

``docs/hive-ai.md`` describes the evaluation and the search, with the
measured speed and strength.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable
from typing import Protocol

from .board import BLACK_WINS, DIRS, IN_PROGRESS, PASS, WHITE_WINS, Board
from .evaluation import DEFAULT_WEIGHTS, WIN, Weights, evaluate, make_evaluate
from .search import INF, Searcher, SearchResult, Timeout, gc_paused

#: seconds of thinking per move at each level
LEVEL_TIME = {"greedy": 0.0, "easy": 0.0, "medium": 0.3, "hard": 1.0}
#: deepest search per level (plies)
LEVEL_DEPTH = {"medium": 2, "hard": 64}
#: the easy level's noise, in evaluation units (a Queen neighbour is 12-420)
EASY_NOISE = 90


#: the environment variable that keeps ``hard`` on the pure-Python searcher
PURE_PYTHON_ENV = "BEEGAMES_HIVE_PURE_PYTHON"


class SearcherLike(Protocol):
    """What the levels use of a searcher: :class:`Searcher`, or the compiled
    ``fast.search.FastSearcher``."""

    clock: Callable[[], float]
    evaluate: Callable[[Board], int]
    max_branching: int
    nodes: int
    depth_reached: int

    def search(
        self,
        board: Board,
        time_limit: float | None = None,
        max_depth: int = 64,
        stop: Callable[[], bool] | None = None,
    ) -> SearchResult:
        """The best move of ``board`` (left unchanged) within the limits."""
        ...

    def clear(self) -> None:
        """Forget what earlier searches learnt (a new game)."""
        ...


class _Compiled:
    """The process's one warm-up of the compiled searcher (numba compiles
    it, or loads it from its cache, on first use: 0.6 s from the cache,
    15-20 s into an empty one)."""

    lock = threading.Lock()
    started = False
    done = threading.Event()
    failed: str | None = None


def compiled_wanted() -> bool:
    """Whether ``hard`` is to use the compiled searcher: numba imports and
    :data:`PURE_PYTHON_ENV` is not set."""
    if os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0"):
        return False
    from .fast import AVAILABLE

    return AVAILABLE


def _warm_up() -> None:
    try:
        from .fast.search import warm_up

        warm_up()
    except Exception as exc:  # a broken numba: stay on the Python searcher
        _Compiled.failed = f"{type(exc).__name__}: {exc}"
    finally:
        _Compiled.done.set()


def compiled_ready(wait: bool = False, timeout: float | None = None) -> bool:
    """Whether the compiled searcher is ready to search. The first call
    starts its warm-up on a background thread; ``wait`` blocks until it has
    finished, or for at most ``timeout`` seconds. False when it is not
    wanted (:func:`compiled_wanted`), its compilation failed, or it is
    still under way."""
    if not compiled_wanted():
        return False
    with _Compiled.lock:
        if not _Compiled.started:
            _Compiled.started = True
            threading.Thread(target=_warm_up, name="hive-compile", daemon=True).start()
    if wait:
        _Compiled.done.wait(timeout)
    return _Compiled.done.is_set() and _Compiled.failed is None


def compiled_searcher(
    seed: int | None = None, clock: Callable[[], float] = time.perf_counter, tt_bits: int | None = None,
    contempt: int | None = None,
) -> SearcherLike:
    """A new compiled searcher (call once :func:`compiled_ready` is true);
    ``tt_bits``: its transposition table has 2**tt_bits entries (48 bytes
    each; by default 2**20, for a player that keeps it for a whole game);
    ``contempt``: what a draw costs the side it searches for (by default
    the player's own, ``fast.search.CONTEMPT``; 0 for an even judge)."""
    from .fast.search import CONTEMPT, TT_BITS, FastSearcher

    return FastSearcher(seed=seed, clock=clock, tt_bits=TT_BITS if tt_bits is None else tt_bits,
                        contempt=CONTEMPT if contempt is None else contempt)


def _queen_filled(board: Board, colour: int) -> tuple[int, list[int]]:
    q = board.pos[colour * 16]
    if q is None:
        return 0, []
    empty = [q + d for d in DIRS if q + d not in board.stacks]
    return 6 - len(empty), empty


def winning_move(board: Board) -> tuple[int, int] | None:
    """A move that wins at once for the side to move, if any."""
    if board.status != IN_PROGRESS:
        return None
    me = board.ply & 1
    filled, empty = _queen_filled(board, 1 - me)
    if filled < 5:
        return None
    target = set(empty)
    want = WHITE_WINS if me == 0 else BLACK_WINS
    for p, c in board.legal_moves():
        if c not in target:
            continue
        board.play(p, c)
        ok = board.status == want
        board.undo()
        if ok:
            return (p, c)
    return None


def forced_win_in_two(
    board: Board,
    deadline: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
    stop: Callable[[], bool] | None = None,
) -> tuple[int, int] | None:
    """A move after which every reply allows a winning move, if one exists.

    Raises :class:`Timeout` once ``clock()`` passes ``deadline`` or
    ``stop()`` returns true; the board is left unchanged either way."""
    if board.status != IN_PROGRESS:
        return None
    me = board.ply & 1
    want = WHITE_WINS if me == 0 else BLACK_WINS
    if board.pos[(1 - me) * 16] is None:
        return None
    for m in board.legal_moves():
        if (deadline is not None and clock() > deadline) or (stop is not None and stop()):
            raise Timeout
        board.play(*m)
        try:
            if board.status != IN_PROGRESS:
                continue
            filled, _ = _queen_filled(board, 1 - me)
            if filled < 4:
                continue
            ok = True
            replies = board.legal_moves()
            # the likeliest defences first: moves of the enemy Queen and of
            # the pieces beside it
            eq = board.pos[(1 - me) * 16]
            assert eq is not None
            near = {eq, *(eq + d for d in DIRS)}
            pos = board.pos
            replies.sort(key=lambda r: r[0] < 0 or pos[r[0]] not in near)
            for r in replies:
                board.play(*r)
                try:
                    if board.status == want:
                        continue
                    if board.status != IN_PROGRESS or Searcher._win_now(board) is None:
                        ok = False
                finally:
                    board.undo()
                if not ok:
                    break
            if ok:
                return m
        finally:
            board.undo()
    return None


def greedy_move(
    board: Board,
    rng: random.Random | None = None,
    noise: int = 0,
    evaluate: Callable[[Board], int] = evaluate,
) -> tuple[int, int]:
    """The move with the best static evaluation one ply ahead, give or take
    ``noise``."""
    moves = board.legal_moves()
    best, best_v = moves[0], -INF
    if rng is not None:
        rng.shuffle(moves)
    for m in moves:
        board.play(*m)
        v = -evaluate(board)
        board.undo()
        if noise and rng is not None:
            v += rng.randint(-noise, noise)
        if v > best_v:
            best, best_v = m, v
    return best


def choose_move(
    board: Board,
    level: str = "hard",
    rng: random.Random | None = None,
    time_limit: float | None = None,
    searcher: SearcherLike | None = None,
    max_depth: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> tuple[int, int]:
    """Pick a move for the side to move on ``board`` (left unchanged).

    ``time_limit`` overrides the level's time (seconds of the searcher's
    clock) and ``max_depth`` its depth; with a ``max_depth`` and no
    ``time_limit`` the search runs to exactly that depth. ``stop`` is polled
    during the search: when it returns true the best move found so far is
    played."""
    return analyse(board, level, rng, time_limit, searcher, max_depth, stop).move


def analyse(
    board: Board,
    level: str = "hard",
    rng: random.Random | None = None,
    time_limit: float | None = None,
    searcher: SearcherLike | None = None,
    max_depth: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> SearchResult:
    """Like :func:`choose_move`, with the search's figures."""
    with gc_paused():
        return _analyse(board, level, rng, time_limit, searcher, max_depth, stop)


def _analyse(
    board: Board,
    level: str,
    rng: random.Random | None,
    time_limit: float | None,
    searcher: SearcherLike | None,
    max_depth: int | None,
    stop: Callable[[], bool] | None,
) -> SearchResult:
    if board.status != IN_PROGRESS:
        raise ValueError("the game is over")
    if level not in LEVEL_TIME:
        raise ValueError(f"unknown Hive level {level!r}")
    rng = rng or random.Random(0)
    searcher = searcher or Searcher(seed=rng.randrange(1 << 30))
    clock = searcher.clock
    start = clock()
    moves = board.legal_moves()
    if len(moves) == 1:
        return SearchResult(moves[0], 0, 0, 0, 0.0, [moves[0]])
    win = winning_move(board)
    if win is not None:
        return SearchResult(win, WIN - 1, 1, 0, clock() - start, [win])
    if level in ("greedy", "easy"):
        noise = EASY_NOISE if level == "easy" else 0
        return SearchResult(greedy_move(board, rng, noise, searcher.evaluate), 0, 1, 0, clock() - start)
    if max_depth is not None and time_limit is None:
        limit = None
    else:
        limit = LEVEL_TIME[level] if time_limit is None else time_limit
        if max_depth is None:
            max_depth = LEVEL_DEPTH[level]
    try:
        w2 = forced_win_in_two(board, None if limit is None else start + limit * 0.5, clock, stop)
    except Timeout:
        w2 = None
    if w2 is not None:
        return SearchResult(w2, WIN - 3, 3, 0, clock() - start, [w2])
    remaining = None if limit is None else max(limit - (clock() - start), 0.0)
    return searcher.search(board, remaining, max_depth or 64, stop)


__all__ = [
    "DEFAULT_WEIGHTS",
    "EASY_NOISE",
    "LEVEL_DEPTH",
    "LEVEL_TIME",
    "PASS",
    "SearchResult",
    "PURE_PYTHON_ENV",
    "Searcher",
    "SearcherLike",
    "Timeout",
    "Weights",
    "analyse",
    "choose_move",
    "compiled_ready",
    "compiled_searcher",
    "compiled_wanted",
    "evaluate",
    "forced_win_in_two",
    "greedy_move",
    "make_evaluate",
    "winning_move",
]
