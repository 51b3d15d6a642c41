"""Perft inside numba, with board.py's conventions (see ..perft): the last
ply is bulk-counted, a forced pass is one move, a finished game has no
children."""

from __future__ import annotations

import numba
import numpy as np

from .core import State, make, unmake
from .movegen import generate
from .tables import MAXMOVES


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _walk(s: State, depth: int, d: int, counts: np.ndarray, buf: np.ndarray) -> None:
    counts[d] += 1
    if d == depth:
        return
    row = buf[d]
    n = generate(s, row)
    if d == depth - 1:
        counts[depth] += n
        return
    for i in range(n):
        make(s, row[i])
        _walk(s, depth, d + 1, counts, buf)
        unmake(s)


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def perft_counts(s: State, depth: int) -> np.ndarray:
    """Node counts at each depth ``0..depth`` from the state (left as it was)."""
    counts = np.zeros(depth + 1, np.int64)
    buf = np.empty((max(depth, 1), MAXMOVES), np.int64)
    _walk(s, depth, 0, counts, buf)
    return counts
