"""The numba Hive position: its array layout, make/unmake, hash and status.

A position is a :class:`State`, a named tuple of numpy arrays, so that every
``@njit`` function takes one argument for it and the hot path never touches
a Python object. The cells are the indices of a 32 x 32 torus (see
:mod:`.tables`); stacks are stored bottom to top.

Layout (``NCELL = 1024``, ``H`` the history room):

* ``height[NCELL]`` pieces in each cell's stack; ``stack[NCELL, MAXH]`` the
  piece ids, bottom first (entries above ``height`` are stale);
* ``nbmask[NCELL]`` for *every* cell the 6-bit mask of its occupied
  neighbours, kept up to date by make/unmake (slides, Soldier Ant walks,
  the articulation-point test and the Queens' surroundings read it);
* ``pos[32]`` each piece's cell, -1 in hand; ``ingame[32]`` whether the
  piece takes part (the expansion set);
* ``info[NINFO]`` the scalars (see the ``I_*`` indices): ply, the piece
  moved last (-1 after a pass or at the start), status, the history depth
  ``sp``, pieces placed by each colour, and the scratch stamps;
* ``hashes[H + 1]`` the Zobrist hash of each position along the history
  (``hashes[sp]`` is the current one) and ``weight[H + 1]`` how many times
  each counts towards a repetition (1, except a converted root position,
  which counts as often as board.py's table says);
* ``hist[H, 6]`` per move made: piece, source (-1 for a placement or a
  pass), destination, the piece a Dragonfly carried (-1 if none), and the
  previous ``last`` and status;
* ``zcell``/``zlevel``/``zside`` the Zobrist keys (shared by all states);
* scratch arrays for the move generator (``seen``, ``mark``, ``cutmark``,
  the Tarjan search's arrays, the Soldier Ant's frontier), stamped so that
  nothing is cleared between calls.

For milestone 2 (the evaluation and the search in numba) this is the base:
the evaluation reads ``pos``/``height``/``stack``/``nbmask`` and can reuse the
articulation points of :mod:`.movegen` (``cutmark`` with the current cut
stamp); the search keeps one State, calls ``make``/``unmake`` and the move
generator into a per-ply row of a moves array, and keys a transposition
table (a numpy array of (key, move, depth, bound, score) rows) by
``hashes[sp]``. The hash does not include ``last`` (nor does board.py's);
a transposition table that wants the Pillbug's "just moved" rule exact can
mix ``last`` into its key. Repetitions are found by scanning ``hashes`` back
to the last placement (placements cannot be undone, so no position before
one can come back).
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

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
    ZCELL,
    ZLEVEL,
    ZSIDE,
)

DRAGONFLY_KIND = 8

I_PLY, I_LAST, I_STATUS, I_SP, I_PLACED0, I_PLACED1, I_SEEN, I_MARK, I_CUT, I_CUTDONE, I_VIS = range(11)
NINFO = 12

# history columns
H_PIECE, H_SRC, H_DEST, H_CARRIED, H_LAST, H_STATUS = range(6)


class State(NamedTuple):
    """A numba Hive position (every field a numpy array; see the module docstring)."""

    height: np.ndarray
    stack: np.ndarray
    nbmask: np.ndarray
    pos: np.ndarray
    ingame: np.ndarray
    info: np.ndarray
    hashes: np.ndarray
    weight: np.ndarray
    hist: np.ndarray
    zcell: np.ndarray
    zlevel: np.ndarray
    zside: np.ndarray
    seen: np.ndarray
    mark: np.ndarray
    cutmark: np.ndarray
    vis: np.ndarray
    disc: np.ndarray
    low: np.ndarray
    parent: np.ndarray
    tstack: np.ndarray
    tdir: np.ndarray
    cells: np.ndarray
    hand: np.ndarray
    frontier: np.ndarray


def new_state(ingame: list[bool], history: int = 1024) -> State:
    """An empty board (White to move, ply 0) for the pieces in ``ingame``,
    with room for ``history`` moves to be made on it."""
    return State(
        height=np.zeros(NCELL, np.int64),
        stack=np.full((NCELL, MAXH), -1, np.int64),
        nbmask=np.zeros(NCELL, np.int64),
        pos=np.full(32, -1, np.int64),
        ingame=np.array(ingame, dtype=np.bool_),
        info=np.array([0, -1, IN_PROGRESS, 0, 0, 0, 1, 1, 1, 0, 1, 0], dtype=np.int64),
        hashes=np.zeros(history + 1, np.uint64),
        weight=np.zeros(history + 1, np.int64),
        hist=np.zeros((history, 6), np.int64),
        zcell=ZCELL,
        zlevel=ZLEVEL,
        zside=np.array([ZSIDE], dtype=np.uint64),
        seen=np.zeros(32 * NCELL, np.int32),
        mark=np.zeros(NCELL, np.int32),
        cutmark=np.zeros(NCELL, np.int32),
        vis=np.zeros(NCELL, np.int32),
        disc=np.zeros(NCELL, np.int64),
        low=np.zeros(64, np.int64),
        parent=np.zeros(64, np.int64),
        tstack=np.zeros(64, np.int64),
        tdir=np.zeros(64, np.int64),
        cells=np.zeros(32, np.int64),
        hand=np.zeros(16, np.int64),
        frontier=np.zeros(NCELL, np.int64),
    )


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _fill(s: State, c: int) -> None:
    """Cell ``c`` becomes occupied: tell its neighbours' masks."""
    for i in range(6):
        n = (c + DIR[i]) & CELL_MASK
        s.nbmask[n] |= 1 << ((i + 3) % 6)


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _empty(s: State, c: int) -> None:
    """Cell ``c`` becomes empty: tell its neighbours' masks."""
    for i in range(6):
        n = (c + DIR[i]) & CELL_MASK
        s.nbmask[n] &= ~(1 << ((i + 3) % 6))


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def put(s: State, pid: int, c: int) -> None:
    """Put piece ``pid`` on top of cell ``c`` (no hash, no history): for
    building a position."""
    h = s.height[c]
    s.stack[c, h] = pid
    s.height[c] = h + 1
    s.pos[pid] = c
    if h == 0:
        _fill(s, c)


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def full_hash(s: State) -> np.uint64:
    """The Zobrist hash worked out from scratch (make/unmake keep it
    incrementally in ``hashes[sp]``)."""
    h = np.uint64(0)
    for pid in range(32):
        c = s.pos[pid]
        if c < 0:
            continue
        for lvl in range(s.height[c]):
            if s.stack[c, lvl] == pid:
                h ^= s.zcell[pid, c] ^ s.zlevel[pid, lvl]
    if s.info[I_PLY] & 1:
        h ^= s.zside[0]
    return h


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def queen_status(s: State) -> int:
    """WHITE_WINS, BLACK_WINS or DRAW when a Queen (or both) is surrounded,
    else IN_PROGRESS (repetitions not considered)."""
    w = False
    b = False
    q = s.pos[0]
    if q >= 0 and POPCOUNT[s.nbmask[q]] == 6:
        w = True
    q = s.pos[16]
    if q >= 0 and POPCOUNT[s.nbmask[q]] == 6:
        b = True
    if w and b:
        return DRAW
    if w:
        return BLACK_WINS
    if b:
        return WHITE_WINS
    return IN_PROGRESS


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def repetitions(s: State) -> int:
    """How many times the current position has occurred (this time
    included), back to the last placement or the converted root."""
    sp = s.info[I_SP]
    h = s.hashes[sp]
    n = s.weight[sp]
    i = sp - 1
    while i >= 0:
        if s.hist[i, H_PIECE] >= 0 and s.hist[i, H_SRC] < 0:
            break  # a placement: nothing before it can repeat
        if s.hashes[i] == h:
            n += s.weight[i]
        i -= 1
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def make(s: State, move: int) -> None:
    """Play ``move`` (``piece << 10 | cell``, or -1 to pass); no legality check."""
    info = s.info
    sp = info[I_SP]
    hrow = s.hist[sp]
    hrow[H_LAST] = info[I_LAST]
    hrow[H_STATUS] = info[I_STATUS]
    h = s.hashes[sp]
    if move < 0:
        hrow[H_PIECE] = -1
        hrow[H_SRC] = -1
        hrow[H_DEST] = -1
        hrow[H_CARRIED] = -1
        info[I_LAST] = -1
    else:
        pid = move >> MOVE_SHIFT
        dest = move & CELL_MASK
        src = s.pos[pid]
        carried = -1
        if src < 0:
            info[I_PLACED0 + (pid >> 4)] += 1
        else:
            lvl = s.height[src] - 1
            h ^= s.zcell[pid, src] ^ s.zlevel[pid, lvl]
            if lvl > 0 and KIND[pid] == DRAGONFLY_KIND and s.height[dest] == 0:
                lvl -= 1
                carried = s.stack[src, lvl]
                h ^= s.zcell[carried, src] ^ s.zlevel[carried, lvl]
            s.height[src] = lvl
            if lvl == 0:
                _empty(s, src)
        hd = s.height[dest]
        if hd == 0:
            _fill(s, dest)
        if carried >= 0:
            s.stack[dest, hd] = carried
            h ^= s.zcell[carried, dest] ^ s.zlevel[carried, hd]
            s.pos[carried] = dest
            hd += 1
        s.stack[dest, hd] = pid
        h ^= s.zcell[pid, dest] ^ s.zlevel[pid, hd]
        s.height[dest] = hd + 1
        s.pos[pid] = dest
        hrow[H_PIECE] = pid
        hrow[H_SRC] = src
        hrow[H_DEST] = dest
        hrow[H_CARRIED] = carried
        info[I_LAST] = pid
        info[I_STATUS] = queen_status(s)
    h ^= s.zside[0]
    info[I_PLY] += 1
    sp += 1
    info[I_SP] = sp
    s.hashes[sp] = h
    s.weight[sp] = 1
    if info[I_STATUS] == IN_PROGRESS and repetitions(s) >= 3:
        info[I_STATUS] = DRAW


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def unmake(s: State) -> None:
    """Take back the last move made with :func:`make`."""
    info = s.info
    sp = info[I_SP] - 1
    info[I_SP] = sp
    info[I_PLY] -= 1
    hrow = s.hist[sp]
    info[I_LAST] = hrow[H_LAST]
    info[I_STATUS] = hrow[H_STATUS]
    pid = hrow[H_PIECE]
    if pid < 0:
        return
    src = hrow[H_SRC]
    dest = hrow[H_DEST]
    carried = hrow[H_CARRIED]
    hd = s.height[dest] - 1
    if carried >= 0:
        hd -= 1
    s.height[dest] = hd
    if hd == 0:
        _empty(s, dest)
    if src < 0:
        info[I_PLACED0 + (pid >> 4)] -= 1
        s.pos[pid] = -1
        return
    hs = s.height[src]
    if hs == 0:
        _fill(s, src)
    if carried >= 0:
        s.stack[src, hs] = carried
        s.pos[carried] = src
        hs += 1
    s.stack[src, hs] = pid
    s.pos[pid] = src
    s.height[src] = hs + 1
