"""The numba Hive position: its array layout, make/unmake, hash and status.

A position is two flat numpy arrays, ``b`` (int64: the board, the history
and the move generator's scratch) and ``z`` (uint64: the Zobrist keys and
the hash of every position along the history). Every ``@njit`` function
takes ``b`` (and ``z`` when it hashes): a call that passes one or two
arrays costs a few nanoseconds, where a named tuple of two dozen arrays
cost some 180 ns a call (measured), more than a whole make/unmake. The
fields are slices at the fixed offsets below (upper-case names), which
numba folds into the code as constants. Cells are the indices of a 32 x 32
torus (see :mod:`.tables`).

Layout of ``b`` (``NCELL = 1024``, ``H`` the history room):

* ``HEIGHT + c``: pieces in cell ``c``'s stack; ``STACK + c * MAXH + level``
  the piece ids, bottom first (entries above the height are stale);
* ``NBMASK + c``: for *every* cell the 6-bit mask of its occupied
  neighbours, kept up to date by make/unmake (slides, Soldier Ant walks,
  the articulation-point test and the Queens' surroundings read it);
* ``POS + pid``: each piece's cell, -1 in hand; ``INGAME + pid``: 1 when the
  piece takes part (the expansion set);
* ``INFO + I_*``: the scalars: ply, the piece moved last (-1 after a pass or
  at the start), status, history depth ``sp``, pieces placed by each
  colour, and the scratch stamps;
* scratch for the move generator (``SEEN``, ``MARK``, ``CUTMARK``, the
  Tarjan search's ``VIS``/``DISC``/``LOW``/``PARENT``/``TSTACK``/``TDIR``,
  the Soldier Ant's ``FRONTIER``, ``CELLS``, ``HAND``), stamped so that
  nothing is cleared between calls;
* ``HIST + i * HW + H_*``: per move made, the piece, its source (-1 for a
  placement or a pass), destination, the piece a Dragonfly carried (-1 if
  none), the previous ``last`` and status; and ``H_WEIGHT`` of row ``i``:
  how many times position ``i`` counts towards a repetition (1, except the
  root of a converted board, which counts as often as board.py's table
  says), and ``H_FLOOR``: the first position since the last placement
  (the only ones position ``i`` can repeat). ``H + 1`` rows.

Layout of ``z``: ``ZCELL + pid * NCELL + c`` and ``ZLEVEL + pid * MAXH +
level`` (a piece at a cell and level hashes as their XOR), ``ZSIDE``, and
``ZHASH + i``: the hash of position ``i`` of the history (``ZHASH + sp`` is
the current one).

For milestone 2 (the evaluation and the search in numba) this is the base:
the evaluation reads ``POS``/``HEIGHT``/``STACK``/``NBMASK`` and can reuse the
articulation points of :mod:`.movegen` (``CUTMARK`` against the current cut
stamp, valid while ``I_CUTDONE`` is set); the search keeps one ``(b, z)``,
calls ``make``/``unmake`` and the move generator into a per-ply row of a
2-D moves array (iteratively: see :mod:`.perft` on recursion and numba's
cache), and keys a transposition table (numpy arrays of key, move, depth,
bound, score) by ``z[ZHASH + sp]``. The hash does not include ``last`` (nor
does board.py's); a table that wants the "just moved" rule exact can mix
``last`` into its key. Repetitions are found by scanning the hashes back to
the last placement (a placement cannot be undone, so no position before one
can come back).
"""

from __future__ import annotations

import numpy as np

from .jit import njit
from .tables import (
    BLACK_WINS,
    CELL_MASK,
    DIR,
    DRAW,
    IN_PROGRESS,
    KIND,
    MAXH,
    MOVE_SHIFT,
    NCELL,
    POPCOUNT,
    WHITE_WINS,
    ZCELL_KEYS,
    ZLEVEL_KEYS,
    ZSIDE_KEY,
)

DRAGONFLY_KIND = 8

# scalars (INFO + I_*)
I_PLY, I_LAST, I_STATUS, I_SP, I_PLACED0, I_PLACED1, I_SEEN, I_MARK, I_CUT, I_CUTDONE, I_VIS = range(11)
NINFO = 16

# history columns (HIST + i * HW + H_*)
H_PIECE, H_SRC, H_DEST, H_CARRIED, H_LAST, H_STATUS, H_WEIGHT, H_FLOOR = range(8)
HW = 8

# offsets into b
HEIGHT = 0
NBMASK = HEIGHT + NCELL
STACK = NBMASK + NCELL
POS = STACK + NCELL * MAXH
INGAME = POS + 32
INFO = INGAME + 32
CELLS = INFO + NINFO
HAND = CELLS + 32
LOW = HAND + 16
PARENT = LOW + 64
TSTACK = PARENT + 64
TDIR = TSTACK + 64
MARK = TDIR + 64
CUTMARK = MARK + NCELL
VIS = CUTMARK + NCELL
DISC = VIS + NCELL
FRONTIER = DISC + NCELL
SEEN = FRONTIER + NCELL
HIST = SEEN + 32 * NCELL

# offsets into z
ZCELL = 0
ZLEVEL = ZCELL + 32 * NCELL
ZSIDE = ZLEVEL + 32 * MAXH
ZHASH = ZSIDE + 1


def new_state(ingame: list[bool], history: int = 1024) -> tuple[np.ndarray, np.ndarray]:
    """``(b, z)`` of an empty board (White to move, ply 0) for the pieces in
    ``ingame``, with room for ``history`` moves to be made on it."""
    b = np.zeros(HIST + (history + 1) * HW, np.int64)
    b[STACK : STACK + NCELL * MAXH] = -1
    b[POS : POS + 32] = -1
    b[INGAME : INGAME + 32] = np.array(ingame, dtype=np.int64)
    b[INFO : INFO + NINFO] = [0, -1, IN_PROGRESS, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0]
    z = np.zeros(ZHASH + history + 1, np.uint64)
    z[ZCELL:ZLEVEL] = ZCELL_KEYS.ravel()
    z[ZLEVEL:ZSIDE] = ZLEVEL_KEYS.ravel()
    z[ZSIDE] = ZSIDE_KEY
    return b, z


def history_room(b: np.ndarray) -> int:
    """How many more moves can be made on ``b``."""
    rows = (len(b) - HIST) // HW
    return int(rows - 1 - b[INFO + I_SP])


@njit
def _fill(b: np.ndarray, c: int) -> None:
    """Cell ``c`` becomes occupied: tell its neighbours' masks."""
    for i in range(6):
        b[NBMASK + ((c + DIR[i]) & CELL_MASK)] |= 1 << ((i + 3) % 6)


@njit
def _empty(b: np.ndarray, c: int) -> None:
    """Cell ``c`` becomes empty: tell its neighbours' masks."""
    for i in range(6):
        b[NBMASK + ((c + DIR[i]) & CELL_MASK)] &= ~(1 << ((i + 3) % 6))


@njit
def put(b: np.ndarray, pid: int, c: int) -> None:
    """Put piece ``pid`` on top of cell ``c`` (no hash, no history): for
    building a position."""
    h = b[HEIGHT + c]
    b[STACK + c * MAXH + h] = pid
    b[HEIGHT + c] = h + 1
    b[POS + pid] = c
    if h == 0:
        _fill(b, c)


@njit
def full_hash(b: np.ndarray, z: np.ndarray) -> np.uint64:
    """The Zobrist hash worked out from scratch (make/unmake keep it
    incrementally in ``z[ZHASH + sp]``)."""
    h = np.uint64(0)
    for pid in range(32):
        c = b[POS + pid]
        if c < 0:
            continue
        for lvl in range(b[HEIGHT + c]):
            if b[STACK + c * MAXH + lvl] == pid:
                h ^= z[ZCELL + pid * NCELL + c] ^ z[ZLEVEL + pid * MAXH + lvl]
    if b[INFO + I_PLY] & 1:
        h ^= z[ZSIDE]
    return h


@njit
def queen_status(b: np.ndarray) -> int:
    """WHITE_WINS, BLACK_WINS or DRAW when a Queen (or both) is surrounded,
    else IN_PROGRESS (repetitions not considered)."""
    q = b[POS]
    w = q >= 0 and POPCOUNT[b[NBMASK + q]] == 6
    q = b[POS + 16]
    k = q >= 0 and POPCOUNT[b[NBMASK + q]] == 6
    if w and k:
        return DRAW
    if w:
        return BLACK_WINS
    if k:
        return WHITE_WINS
    return IN_PROGRESS


@njit
def repetitions(b: np.ndarray, z: np.ndarray) -> int:
    """How many times the current position has occurred (this time
    included), back to the last placement or the converted root. Only
    every other position can be the same (the side to move is in the
    hash), and none before the floor (``H_FLOOR``: a placement cannot be
    undone)."""
    sp = b[INFO + I_SP]
    h = z[ZHASH + sp]
    n = b[HIST + sp * HW + H_WEIGHT]
    floor = b[HIST + sp * HW + H_FLOOR]
    i = sp - 2
    while i >= floor:
        if z[ZHASH + i] == h:
            n += b[HIST + i * HW + H_WEIGHT]
        i -= 2
    return int(n)


@njit
def make(b: np.ndarray, z: np.ndarray, move: int) -> None:
    """Play ``move`` (``piece << 10 | cell``, or -1 to pass); no legality check."""
    sp = b[INFO + I_SP]
    row = HIST + sp * HW
    b[row + H_LAST] = b[INFO + I_LAST]
    b[row + H_STATUS] = b[INFO + I_STATUS]
    h = z[ZHASH + sp]
    if move < 0:
        b[row + H_PIECE] = -1
        b[row + H_SRC] = -1
        b[row + H_DEST] = -1
        b[row + H_CARRIED] = -1
        b[INFO + I_LAST] = -1
    else:
        pid = move >> MOVE_SHIFT
        dest = move & CELL_MASK
        src = b[POS + pid]
        carried = -1
        if src < 0:
            b[INFO + I_PLACED0 + (pid >> 4)] += 1
        else:
            lvl = b[HEIGHT + src] - 1
            h ^= z[ZCELL + pid * NCELL + src] ^ z[ZLEVEL + pid * MAXH + lvl]
            if lvl > 0 and KIND[pid] == DRAGONFLY_KIND and b[HEIGHT + dest] == 0:
                lvl -= 1
                carried = b[STACK + src * MAXH + lvl]
                h ^= z[ZCELL + carried * NCELL + src] ^ z[ZLEVEL + carried * MAXH + lvl]
            b[HEIGHT + src] = lvl
            if lvl == 0:
                _empty(b, src)
        hd = b[HEIGHT + dest]
        if hd == 0:
            _fill(b, dest)
        if carried >= 0:
            b[STACK + dest * MAXH + hd] = carried
            h ^= z[ZCELL + carried * NCELL + dest] ^ z[ZLEVEL + carried * MAXH + hd]
            b[POS + carried] = dest
            hd += 1
        b[STACK + dest * MAXH + hd] = pid
        h ^= z[ZCELL + pid * NCELL + dest] ^ z[ZLEVEL + pid * MAXH + hd]
        b[HEIGHT + dest] = hd + 1
        b[POS + pid] = dest
        b[row + H_PIECE] = pid
        b[row + H_SRC] = src
        b[row + H_DEST] = dest
        b[row + H_CARRIED] = carried
        b[INFO + I_LAST] = pid
        b[INFO + I_STATUS] = queen_status(b)
    h ^= z[ZSIDE]
    b[INFO + I_PLY] += 1
    sp += 1
    b[INFO + I_SP] = sp
    z[ZHASH + sp] = h
    b[HIST + sp * HW + H_WEIGHT] = 1
    b[HIST + sp * HW + H_FLOOR] = sp if move >= 0 and b[row + H_SRC] < 0 else b[row + H_FLOOR]
    if b[INFO + I_STATUS] == IN_PROGRESS and repetitions(b, z) >= 3:
        b[INFO + I_STATUS] = DRAW


@njit
def unmake(b: np.ndarray) -> None:
    """Take back the last move made with :func:`make`."""
    sp = b[INFO + I_SP] - 1
    b[INFO + I_SP] = sp
    b[INFO + I_PLY] -= 1
    row = HIST + sp * HW
    b[INFO + I_LAST] = b[row + H_LAST]
    b[INFO + I_STATUS] = b[row + H_STATUS]
    pid = b[row + H_PIECE]
    if pid < 0:
        return
    src = b[row + H_SRC]
    dest = b[row + H_DEST]
    carried = b[row + H_CARRIED]
    hd = b[HEIGHT + dest] - 1
    if carried >= 0:
        hd -= 1
    b[HEIGHT + dest] = hd
    if hd == 0:
        _empty(b, dest)
    if src < 0:
        b[INFO + I_PLACED0 + (pid >> 4)] -= 1
        b[POS + pid] = -1
        return
    hs = b[HEIGHT + src]
    if hs == 0:
        _fill(b, src)
    if carried >= 0:
        b[STACK + src * MAXH + hs] = carried
        b[POS + carried] = src
        hs += 1
    b[STACK + src * MAXH + hs] = pid
    b[POS + pid] = src
    b[HEIGHT + src] = hs + 1
