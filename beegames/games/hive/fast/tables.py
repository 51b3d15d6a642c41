"""Constant tables of the numba Hive core (plain numpy, no numba needed).

The grid is a 32 x 32 torus: the axial cell ``(q, r)`` of :mod:`..board`
becomes the index ``(q + 32 * r) mod 1024`` and the six neighbours of an
index ``c`` are ``(c + DIR[i]) & CELL_MASK``. Two cells of a board
position share an index only when ``q1 - q2 + 32 * (r1 - r2)`` is a nonzero
multiple of 1024, which needs ``|q1 - q2| >= 32`` or ``|r1 - r2| >= 32``.
A connected hive has at most 28 cells, so any two of its cells differ by at
most 27 in ``q`` and in ``r``; the move generator only ever looks at cells
within two steps of the hive, which differ by at most 31. So no two cells it
reads can alias, whatever the position, without ever recentring the hive.

The direction order is board.py's: E, SE, SW, W, NW, NE (bit ``i`` of a
neighbour mask is direction ``i``).
"""

from __future__ import annotations

import numpy as np

from ..pieces import KIND as _KIND
from ..pieces import NUM_IDS

SIDE = 32
NCELL = SIDE * SIDE
CELL_MASK = NCELL - 1
#: tallest possible stack: one ground piece under four Beetles, two
#: Mosquitoes and two Dragonflies (9), rounded up to a power of two
MAXH = 16
#: room for one position's moves (the largest real counts are a few hundred)
MAXMOVES = 2048
#: a move is ``piece << MOVE_SHIFT | cell``; the pass is :data:`PASS_MOVE`
MOVE_SHIFT = 10
PASS_MOVE = -1

DIR = np.array([1, SIDE, SIDE - 1, -1, -SIDE, 1 - SIDE], dtype=np.int64)

IN_PROGRESS, WHITE_WINS, BLACK_WINS, DRAW = 0, 1, 2, 3


def torus(q: int, r: int) -> int:
    """The grid index of the axial cell ``(q, r)``."""
    return (q + SIDE * r) & CELL_MASK


def _bit(m: int, i: int) -> int:
    return (m >> (i % 6)) & 1


#: number of runs of occupied cells around a cell, by its neighbour mask
ARCS = np.array(
    [1 if m == 63 else sum(1 for i in range(6) if _bit(m, i) and not _bit(m, i - 1)) for m in range(64)],
    dtype=np.int64,
)
#: six times (1 - 3/6 * neighbours + 2/6 * triangles): summed over a hive, 6
#: exactly when it encloses no empty cell (board.py's EULER6)
EULER6 = np.array(
    [
        6 - 3 * bin(m).count("1") + 2 * sum(1 for i in range(6) if _bit(m, i) and _bit(m, i + 1))
        for m in range(64)
    ],
    dtype=np.int64,
)
#: directions (as a bit set) a ground piece can slide in from a cell with
#: this neighbour mask: the cell there empty, exactly one gate cell occupied
SLIDE_BITS = np.array(
    [
        sum(1 << i for i in range(6) if not _bit(m, i) and _bit(m, i - 1) != _bit(m, i + 1))
        for m in range(64)
    ],
    dtype=np.int64,
)
POPCOUNT = np.array([bin(m).count("1") for m in range(64)], dtype=np.int64)

#: bug kind of each piece id (-1 for the two unused ids)
KIND = np.array(_KIND, dtype=np.int64)
assert len(KIND) == NUM_IDS
#: first index within a colour of each kind, and how many of it
KIND_FIRST = np.array([0, 1, 3, 5, 8, 11, 12, 13, 14], dtype=np.int64)
KIND_COUNT = np.array([1, 2, 2, 3, 3, 1, 1, 1, 1], dtype=np.int64)


def _zobrist() -> tuple[np.ndarray, np.ndarray, np.uint64]:
    rng = np.random.default_rng(0x5EED_B33)
    cell_keys = rng.integers(1, 2**63 - 1, size=(NUM_IDS, NCELL), dtype=np.int64).astype(np.uint64)
    cell_keys ^= rng.integers(0, 2, size=(NUM_IDS, NCELL), dtype=np.int64).astype(np.uint64) << np.uint64(63)
    level_keys = rng.integers(1, 2**63 - 1, size=(NUM_IDS, MAXH), dtype=np.int64).astype(np.uint64)
    level_keys[:, 0] = 0
    side = np.uint64(rng.integers(1, 2**63 - 1, dtype=np.int64))
    return cell_keys, level_keys, side


#: Zobrist keys: a piece at a cell and level hashes as ``ZCELL_KEYS[p, c] ^
#: ZLEVEL_KEYS[p, level]`` (level 0 adds nothing). A piece is in one place at a
#: time, so two different positions differ in the hash by the XOR of a
#: nonempty set of distinct random keys: no structural collision, and a
#: table of 32 x 1024 + 32 x 16 keys instead of one per (piece, cell, level)
ZCELL_KEYS, ZLEVEL_KEYS, ZSIDE_KEY = _zobrist()
