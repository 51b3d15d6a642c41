"""A small stand-in evaluation for the numba search, until the numba port
of :mod:`..evaluation` lands (same signature: ``evaluate(b, z) -> int``).

Scores in centi-pieces from the side to move's view, for a game in
progress (the search scores finished games itself):

* Queen pressure: each Queen loses :data:`PRESS` by its number of occupied
  neighbours (evaluation.py's default ``press`` table);
* mobility: :data:`MOBILE` for each piece on top of its stack that the
  one-hive rule lets move (ground pieces that are not articulation points,
  and every piece atop a stack), a rough count that needs no move list;
* :data:`TEMPO` for the side to move.

``z`` is unused; it is there so that the real evaluation drops in.
"""

from __future__ import annotations

import numpy as np

from .core import HEIGHT, I_CUTDONE, I_PLY, INFO, NBMASK, POS, STACK
from .jit import njit
from .movegen import is_cut
from .tables import MAXH, POPCOUNT

#: penalty of a Queen by its occupied neighbours (0-5; six ends the game)
PRESS = np.array([0, 12, 36, 85, 190, 420, 0], dtype=np.int64)
#: each piece free to move
MOBILE = 8
#: the side to move's bonus
TEMPO = 10


@njit
def evaluate(b: np.ndarray, z: np.ndarray) -> int:
    """The stand-in score of the position for the side to move."""
    white = 0
    q = b[POS]
    if q >= 0:
        white -= PRESS[POPCOUNT[b[NBMASK + q]]]
    q = b[POS + 16]
    if q >= 0:
        white += PRESS[POPCOUNT[b[NBMASK + q]]]
    b[INFO + I_CUTDONE] = 0  # the cut cells of an earlier position are stale
    for pid in range(32):
        c = b[POS + pid]
        if c < 0:
            continue
        h = b[HEIGHT + c]
        if b[STACK + c * MAXH + h - 1] != pid:
            continue
        if h == 1 and is_cut(b, c):
            continue
        if pid < 16:
            white += MOBILE
        else:
            white -= MOBILE
    if b[INFO + I_PLY] & 1:
        white = -white
    return int(white + TEMPO)
