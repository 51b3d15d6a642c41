"""Perft: count the move sequences of each length from a position.

Conventions (shared with the UHP ``perft`` command): numbered pieces enter in
order, the Queen Bee is never a first placement, moves with the same piece and
destination count once, a forced pass counts as one move, and a finished game
has no children. The last ply is bulk-counted: the positions one ply short of
the horizon only count their legal moves instead of playing them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from .board import Board
from .pieces import parse_game_type

#: the deepest perft accepted: counts grow some twenty- to fiftyfold per ply
#: in a real position, so anything deeper could not finish in a lifetime
MAX_PERFT_DEPTH = 12


class PerftInterrupted(Exception):
    """Raised by :func:`perft_board` when its ``stop`` callback says so."""


def _walk(board: Board, depth: int, d: int, counts: list[int], stop: Callable[[], bool] | None) -> None:
    counts[d] += 1
    if d == depth:
        return
    if d == depth - 1:
        counts[depth] += board.count_moves()
        return
    if stop is not None and stop():
        raise PerftInterrupted
    moves = board.legal_moves()
    play = board.play
    undo = board.undo
    for p, c in moves:
        play(p, c)
        _walk(board, depth, d + 1, counts, stop)
        undo()


def check_depth(depth: int) -> None:
    """ValueError unless ``0 <= depth <= MAX_PERFT_DEPTH``."""
    if depth < 0:
        raise ValueError("perft depth must be 0 or more")
    if depth > MAX_PERFT_DEPTH:
        raise ValueError(
            f"perft depth {depth} could never finish (the counts grow twentyfold or more with each ply); "
            f"the largest depth accepted is {MAX_PERFT_DEPTH}"
        )


def perft_board(board: Board, depth: int, stop: Callable[[], bool] | None = None) -> list[int]:
    """Counts at depths ``0..depth`` from ``board``.

    The board is left exactly as it was, whatever happens: when ``stop()``
    returns true (checked at every node above the last two plies) the walk
    ends with :class:`PerftInterrupted`, and on any error the moves made are
    taken back before the error goes on."""
    check_depth(depth)
    counts = [0] * (depth + 1)
    n = len(board.hist)
    try:
        _walk(board, depth, 0, counts, stop)
    finally:
        while len(board.hist) > n:
            board.undo()
    return counts


def _subtree(args: tuple[str, list[tuple[int, int]], int, int]) -> list[int]:
    expansions, path, depth, start = args
    board = Board(expansions)
    for p, c in path:
        board.play(p, c)
    counts = [0] * (depth + 1)
    _walk(board, depth, start, counts, None)
    return counts


def perft_counts(game_type: str, depth: int, processes: int | None = None) -> list[int]:
    """Node counts at each depth ``0..depth`` from the start of ``game_type``.

    ``processes`` > 1 splits the tree two plies down over worker processes
    (default: one process for shallow trees, the CPU count for deep ones).
    Raises ValueError for an unknown game type, a negative depth or one
    beyond :data:`MAX_PERFT_DEPTH`.
    """
    check_depth(depth)
    expansions = parse_game_type(game_type)
    board = Board(expansions)
    if processes is None:
        processes = min(os.cpu_count() or 1, 4) if depth >= 5 or (expansions and depth >= 4) else 1
    if processes <= 1 or depth < 3:
        return perft_board(board, depth)
    counts = [0] * (depth + 1)
    tasks = []
    counts[0] = 1
    for m1 in board.legal_moves():
        counts[1] += 1
        board.play(*m1)
        for m2 in board.legal_moves():
            tasks.append((expansions, [m1, m2], depth, 2))
        board.undo()
    import multiprocessing as mp

    ctx = mp.get_context("fork") if sys.platform != "win32" else mp.get_context()
    with ctx.Pool(processes) as pool:
        for sub in pool.imap_unordered(_subtree, tasks, chunksize=1):
            for i, n in enumerate(sub):
                counts[i] += n
    return counts


def perft(game_type: str, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` plies."""
    return perft_counts(game_type, depth)[depth]
