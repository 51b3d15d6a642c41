"""Perft inside numba, with board.py's conventions (see ..perft): the last
ply is bulk-counted, a forced pass is one move, a finished game has no
children.

The walk is iterative (an explicit stack of move lists): numba's on-disk
cache cannot hold a self-recursive function (a recursive ``@njit(cache=True)``
function segfaults when it is loaded back from the cache, numba issue
#6061), and the search of milestone 2 will need the same shape.
"""

from __future__ import annotations

import numpy as np

from .core import make, unmake
from .jit import njit
from .movegen import generate
from .tables import MAXMOVES


@njit
def perft_counts(b: np.ndarray, z: np.ndarray, depth: int) -> np.ndarray:
    """Node counts at each depth ``0..depth`` from the state (left as it was)."""
    counts = np.zeros(depth + 1, np.int64)
    counts[0] = 1
    if depth == 0:
        return counts
    buf = np.empty((depth, MAXMOVES), np.int64)
    if depth == 1:
        counts[1] = generate(b, buf[0])
        return counts
    nmoves = np.zeros(depth, np.int64)
    idx = np.zeros(depth, np.int64)
    nmoves[0] = generate(b, buf[0])
    d = 0
    while d >= 0:
        if idx[d] < nmoves[d]:
            make(b, z, buf[d, idx[d]])
            idx[d] += 1
            counts[d + 1] += 1
            if d + 1 == depth - 1:
                counts[depth] += generate(b, buf[d + 1])
                unmake(b)
            else:
                d += 1
                nmoves[d] = generate(b, buf[d])
                idx[d] = 0
        else:
            if d > 0:
                unmake(b)
            d -= 1
    return counts
