"""The numba Hive move generator: placements, every piece's movement,
Pillbug throws, the one-hive rule and the pass.

It follows board.py's ``Board.generate`` rule for rule (same gate test on
stack heights, same Mosquito, Ladybug, Pillbug and Dragonfly handling, same
"piece moved last" restrictions), so the set of moves is the same; only
the order differs. Moves are written to an int array as ``piece << 10 |
cell``; a (piece, destination) pair found twice (a Mosquito copying two
kinds, a piece thrown by both a Pillbug and a Mosquito) is written once,
thanks to a stamp table ``SEEN + piece * 1024 + cell``.

The mover is lifted for real while its moves are generated: its cell's
height drops by one and, when that empties the cell, the neighbours' masks
lose it; everything is put back afterwards.

Articulation points are worked out lazily, at most once per call, and only
when a ground piece whose occupied neighbours form more than one run asks
(a cell with one run never splits the hive): if the hive encloses no empty
cell (its Euler characteristic, as in board.py) those multi-run cells are
exactly the cut cells, otherwise Tarjan's search finds them.
"""

from __future__ import annotations

import numpy as np

from .core import (
    CELLS,
    CUTMARK,
    DISC,
    FRONTIER,
    HAND,
    HEIGHT,
    I_CUT,
    I_CUTDONE,
    I_LAST,
    I_MARK,
    I_PLACED0,
    I_PLY,
    I_SEEN,
    I_STATUS,
    I_VIS,
    INFO,
    INGAME,
    LOW,
    MARK,
    NBMASK,
    PARENT,
    POS,
    SEEN,
    STACK,
    TDIR,
    TSTACK,
    VIS,
)
from .jit import njit
from .tables import (
    ARCS,
    CELL_MASK,
    DIR,
    EULER6,
    IN_PROGRESS,
    KIND,
    KIND_COUNT,
    KIND_FIRST,
    MAXH,
    MOVE_SHIFT,
    NCELL,
    PASS_MOVE,
    SLIDE_BITS,
)

QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG, DRAGONFLY = range(9)


@njit
def _stamp(b: np.ndarray, which: int) -> int:
    """A fresh stamp for one of the stamped scratch tables (int64 stamps:
    they never run out)."""
    v = b[INFO + which] + 1
    b[INFO + which] = v
    return int(v)


@njit
def _nb(c: int, i: int) -> int:
    return int((c + DIR[i % 6]) & CELL_MASK)


@njit
def _top(b: np.ndarray, c: int) -> int:
    """The top piece of the occupied cell ``c``."""
    return int(b[STACK + c * MAXH + b[HEIGHT + c] - 1])


# --------------------------------------------------------------- the hive
@njit
def occupied_cells(b: np.ndarray) -> int:
    """Fill ``CELLS`` with the occupied cells (each once); their number."""
    k = 0
    for pid in range(32):
        c = b[POS + pid]
        if c >= 0 and b[STACK + c * MAXH] == pid:
            b[CELLS + k] = c
            k += 1
    return k


@njit
def compute_cuts(b: np.ndarray) -> None:
    """Mark the articulation points: ``b[CUTMARK + c] == b[INFO + I_CUT]``."""
    st = _stamp(b, I_CUT)
    b[INFO + I_CUTDONE] = 1
    k = occupied_cells(b)
    if k < 3:
        return
    e = 0
    multi = False
    for j in range(k):
        m = b[NBMASK + b[CELLS + j]]
        e += EULER6[m]
        if ARCS[m] > 1:
            multi = True
    if not multi:
        return
    if e == 6:
        for j in range(k):
            c = b[CELLS + j]
            if ARCS[b[NBMASK + c]] > 1:
                b[CUTMARK + c] = st
        return
    # Tarjan's search without recursion (discovery index t of a cell in
    # DISC; LOW and PARENT by discovery index; TSTACK/TDIR the walk)
    vs = _stamp(b, I_VIS)
    root = b[CELLS]
    b[VIS + root] = vs
    b[DISC + root] = 0
    b[LOW] = 0
    b[PARENT] = -1
    b[TSTACK] = root
    b[TDIR] = 0
    sp = 1
    t = 1
    root_children = 0
    while sp > 0:
        u = b[TSTACK + sp - 1]
        ui = b[DISC + u]
        d = b[TDIR + sp - 1]
        pushed = False
        while d < 6:
            v = (u + DIR[d]) & CELL_MASK
            d += 1
            if b[HEIGHT + v] == 0:
                continue
            if b[VIS + v] != vs:
                b[VIS + v] = vs
                b[DISC + v] = t
                b[LOW + t] = t
                b[PARENT + t] = ui
                b[TDIR + sp - 1] = d
                b[TSTACK + sp] = v
                b[TDIR + sp] = 0
                sp += 1
                t += 1
                pushed = True
                break
            dv = b[DISC + v]
            if dv < b[LOW + ui] and dv != b[PARENT + ui]:
                b[LOW + ui] = dv
        if pushed:
            continue
        sp -= 1
        p = b[PARENT + ui]
        if p >= 0:
            if b[LOW + ui] < b[LOW + p]:
                b[LOW + p] = b[LOW + ui]
            if p == 0:
                root_children += 1
            elif b[LOW + ui] >= p:
                b[CUTMARK + b[TSTACK + sp - 1]] = st
    if root_children > 1:
        b[CUTMARK + root] = st


@njit
def is_cut(b: np.ndarray, c: int) -> bool:
    """Whether emptying the occupied cell ``c`` would split the hive (the
    position must be whole: no piece lifted)."""
    if ARCS[b[NBMASK + c]] <= 1:
        return False
    if b[INFO + I_CUTDONE] == 0:
        compute_cuts(b)
    return bool(b[CUTMARK + c] == b[INFO + I_CUT])


# --------------------------------------------------------------- emitting
@njit
def _emit(b: np.ndarray, pid: int, dest: int, out: np.ndarray, n: int, st: int) -> int:
    key = SEEN + pid * NCELL + dest
    if b[key] == st:
        return n
    b[key] = st
    out[n] = (pid << MOVE_SHIFT) | dest
    return n + 1


# --------------------------------------------------------------- movement
@njit
def _slides(b: np.ndarray, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    bits = SLIDE_BITS[b[NBMASK + cell]]
    for i in range(6):
        if (bits >> i) & 1:
            n = _emit(b, pid, _nb(cell, i), out, n, st)
    return n


@njit
def _ant(b: np.ndarray, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    ms = _stamp(b, I_MARK)
    b[MARK + cell] = ms
    b[FRONTIER] = cell
    top = 1
    while top > 0:
        top -= 1
        c = b[FRONTIER + top]
        bits = SLIDE_BITS[b[NBMASK + c]]
        for i in range(6):
            if (bits >> i) & 1:
                x = (c + DIR[i]) & CELL_MASK
                if b[MARK + x] != ms:
                    b[MARK + x] = ms
                    b[FRONTIER + top] = x
                    top += 1
                    n = _emit(b, pid, x, out, n, st)
    return n


@njit
def _spider(b: np.ndarray, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    b1 = SLIDE_BITS[b[NBMASK + cell]]
    for i in range(6):
        if not (b1 >> i) & 1:
            continue
        a = (cell + DIR[i]) & CELL_MASK
        b2 = SLIDE_BITS[b[NBMASK + a]]
        for j in range(6):
            if not (b2 >> j) & 1:
                continue
            x = (a + DIR[j]) & CELL_MASK
            if x == cell:
                continue
            b3 = SLIDE_BITS[b[NBMASK + x]]
            for k in range(6):
                if (b3 >> k) & 1:
                    c = (x + DIR[k]) & CELL_MASK
                    if c != cell and c != a:
                        n = _emit(b, pid, c, out, n, st)
    return n


@njit
def _grasshopper(b: np.ndarray, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    for i in range(6):
        x = (cell + DIR[i]) & CELL_MASK
        if b[HEIGHT + x] == 0:
            continue
        while b[HEIGHT + x] > 0:
            x = (x + DIR[i]) & CELL_MASK
        n = _emit(b, pid, x, out, n, st)
    return n


@njit
def _beetle(b: np.ndarray, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    """One step at any height, the gate rule on stack heights (the mover lifted)."""
    ha = b[HEIGHT + cell]
    for i in range(6):
        x = (cell + DIR[i]) & CELL_MASK
        hb = b[HEIGHT + x]
        g1 = b[HEIGHT + _nb(cell, i + 5)]
        g2 = b[HEIGHT + _nb(cell, i + 1)]
        if ha == 0 and hb == 0:
            if (g1 > 0) != (g2 > 0):
                n = _emit(b, pid, x, out, n, st)
        elif min(g1, g2) <= max(ha, hb):
            n = _emit(b, pid, x, out, n, st)
    return n


@njit
def _ladybug(b: np.ndarray, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    """Two steps on top of the hive, then one down (the mover lifted). The
    way down from a second-step cell does not depend on the way there, so
    each such cell is expanded once (board.py does the same)."""
    done = _stamp(b, I_MARK)
    for i in range(6):
        a = (cell + DIR[i]) & CELL_MASK
        ha = b[HEIGHT + a]
        if ha == 0:
            continue
        if min(b[HEIGHT + _nb(cell, i + 5)], b[HEIGHT + _nb(cell, i + 1)]) > ha:
            continue
        for j in range(6):
            x = (a + DIR[j]) & CELL_MASK
            if b[MARK + x] == done:
                continue
            hb = b[HEIGHT + x]
            if hb == 0:
                continue
            if min(b[HEIGHT + _nb(a, j + 5)], b[HEIGHT + _nb(a, j + 1)]) > max(ha, hb):
                continue
            b[MARK + x] = done
            for k in range(6):
                c = (x + DIR[k]) & CELL_MASK
                if c == cell or b[HEIGHT + c] > 0:
                    continue
                if min(b[HEIGHT + _nb(x, k + 5)], b[HEIGHT + _nb(x, k + 1)]) <= hb:
                    n = _emit(b, pid, c, out, n, st)
    return n


@njit
def _dragonfly(b: np.ndarray, pid: int, cell: int, carry_ok: bool, out: np.ndarray, n: int, st: int) -> int:
    """Two steps, the first onto a stack, to a cell neither next to nor in
    line with the start (the mover lifted). Onto an empty cell from atop a
    stack it carries the piece beneath, which needs ``carry_ok``."""
    hs = b[HEIGHT + cell]
    for i in range(6):
        dest = (cell + DIR[i] + DIR[(i + 1) % 6]) & CELL_MASK
        hd = b[HEIGHT + dest]
        src_h = hs
        if hd == 0 and hs > 0:
            if not carry_ok:
                continue
            src_h = hs - 1
        for t in range(2):
            mi = i + t
            im = _nb(cell, mi)
            hi = b[HEIGHT + im]
            if hi == 0:
                continue
            if min(b[HEIGHT + _nb(cell, mi + 5)], b[HEIGHT + _nb(cell, mi + 1)]) > max(src_h, hi):
                continue
            j = i + 1 if t == 0 else i  # the direction of the second step
            if min(b[HEIGHT + _nb(im, j + 5)], b[HEIGHT + _nb(im, j + 1)]) > max(hi, hd):
                continue
            n = _emit(b, pid, dest, out, n, st)
            break
    return n


@njit
def _by_kind(b: np.ndarray, pid: int, kind: int, cell: int, ground: bool, out: np.ndarray, n: int, st: int) -> int:
    if kind == BEETLE:
        return _beetle(b, pid, cell, out, n, st)
    if kind == DRAGONFLY:
        if ground:
            return _dragonfly(b, pid, cell, False, out, n, st)
        if KIND[pid] != DRAGONFLY:
            return n
        hs = b[HEIGHT + cell]
        beneath = b[STACK + cell * MAXH + hs - 1]
        carry_ok = beneath != b[INFO + I_LAST] and not (hs == 1 and is_cut(b, cell))
        return _dragonfly(b, pid, cell, carry_ok, out, n, st)
    if not ground:
        return n
    if kind == QUEEN or kind == PILLBUG:
        return _slides(b, pid, cell, out, n, st)
    if kind == ANT:
        return _ant(b, pid, cell, out, n, st)
    if kind == SPIDER:
        return _spider(b, pid, cell, out, n, st)
    if kind == GRASSHOPPER:
        return _grasshopper(b, pid, cell, out, n, st)
    if kind == LADYBUG:
        return _ladybug(b, pid, cell, out, n, st)
    return n


@njit
def _piece_moves(b: np.ndarray, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    """Destinations of the top piece ``pid`` by its own ability (the caller
    checks turn, Queen, last moved and cover)."""
    h = b[HEIGHT + cell]
    kind = KIND[pid]
    ground = h == 1
    if ground:
        if is_cut(b, cell):
            return n
        # lifted off the hive; only a Dragonfly atop a stack asks for the
        # cut cells once lifted, and its cell stays occupied
        b[HEIGHT + cell] = 0
        for i in range(6):
            b[NBMASK + ((cell + DIR[i]) & CELL_MASK)] &= ~(1 << ((i + 3) % 6))
    else:
        b[HEIGHT + cell] = h - 1
    if kind == MOSQUITO:
        if not ground:
            n = _beetle(b, pid, cell, out, n, st)
        else:
            kinds = 0
            for i in range(6):
                x = (cell + DIR[i]) & CELL_MASK
                if b[HEIGHT + x] > 0:
                    k = KIND[_top(b, x)]
                    if k != MOSQUITO:
                        kinds |= 1 << k
            for k in range(9):
                if (kinds >> k) & 1:
                    n = _by_kind(b, pid, k, cell, ground, out, n, st)
    else:
        n = _by_kind(b, pid, kind, cell, ground, out, n, st)
    b[HEIGHT + cell] = h
    if ground:
        for i in range(6):
            b[NBMASK + ((cell + DIR[i]) & CELL_MASK)] |= 1 << ((i + 3) % 6)
    return n


@njit
def _throws(b: np.ndarray, cell: int, out: np.ndarray, n: int, st: int) -> int:
    """The Pillbug's ability used from ``cell``: a neighbouring ground piece
    (not moved last, not holding the hive together) climbs over the Pillbug
    and comes down on an empty neighbour, the gate rule applied both ways."""
    empties = 0
    for i in range(6):
        if b[HEIGHT + _nb(cell, i)] == 0:
            empties |= 1 << i
    if empties == 0:
        return n
    last = b[INFO + I_LAST]
    for i in range(6):
        a = _nb(cell, i)
        if b[HEIGHT + a] != 1:
            continue
        t = b[STACK + a * MAXH]
        if t == last or is_cut(b, a):
            continue
        if b[HEIGHT + _nb(cell, i + 5)] > 1 and b[HEIGHT + _nb(cell, i + 1)] > 1:
            continue
        b[HEIGHT + a] = 0  # lifted (only gate heights are read below)
        for j in range(6):
            if not (empties >> j) & 1:
                continue
            if b[HEIGHT + _nb(cell, j + 5)] > 1 and b[HEIGHT + _nb(cell, j + 1)] > 1:
                continue
            n = _emit(b, t, _nb(cell, j), out, n, st)
        b[HEIGHT + a] = 1
    return n


@njit
def _touches_pillbug(b: np.ndarray, cell: int) -> bool:
    for i in range(6):
        x = _nb(cell, i)
        if b[HEIGHT + x] > 0 and KIND[_top(b, x)] == PILLBUG:
            return True
    return False


# --------------------------------------------------------------- placement
@njit
def _placements(b: np.ndarray, out: np.ndarray, n: int) -> int:
    ply = b[INFO + I_PLY]
    me = ply & 1
    base = me * 16
    placed = b[INFO + I_PLACED0 + me]
    # the pieces: the lowest-numbered one in hand of each kind
    npieces = 0
    if b[POS + base] < 0 and placed == 3:
        b[HAND] = base
        npieces = 1
    else:
        for k in range(9):
            if k == QUEEN and placed == 0:
                continue
            first = base + KIND_FIRST[k]
            for pid in range(first, first + KIND_COUNT[k]):
                if b[POS + pid] < 0:
                    if b[INGAME + pid]:
                        b[HAND + npieces] = pid
                        npieces += 1
                    break
    if npieces == 0:
        return n
    k = occupied_cells(b)
    if ply == 0:
        if k == 0:
            for j in range(npieces):
                out[n] = b[HAND + j] << MOVE_SHIFT
                n += 1
        return n
    ms = _stamp(b, I_MARK)
    for j in range(k):
        c = b[CELLS + j]
        if ply > 1 and (_top(b, c) >> 4) != me:
            continue
        for i in range(6):
            x = (c + DIR[i]) & CELL_MASK
            if b[HEIGHT + x] > 0 or b[MARK + x] == ms:
                continue
            b[MARK + x] = ms
            if ply > 1:
                ok = True
                for d in range(6):
                    y = (x + DIR[d]) & CELL_MASK
                    if b[HEIGHT + y] > 0 and (_top(b, y) >> 4) != me:
                        ok = False
                        break
                if not ok:
                    continue
            for p in range(npieces):
                out[n] = (b[HAND + p] << MOVE_SHIFT) | x
                n += 1
    return n


# --------------------------------------------------------------- the lot
@njit
def generate(b: np.ndarray, out: np.ndarray) -> int:
    """Write every legal move of the side to move into ``out``; their number.
    A forced pass is the one move -1; a finished game has none (0)."""
    if b[INFO + I_STATUS] != IN_PROGRESS:
        return 0
    b[INFO + I_CUTDONE] = 0
    n = _placements(b, out, 0)
    me = b[INFO + I_PLY] & 1
    base = me * 16
    if b[POS + base] >= 0:
        st = _stamp(b, I_SEEN)
        last = b[INFO + I_LAST]
        for pid in range(base, base + 15):
            cell = b[POS + pid]
            if cell < 0 or pid == last:
                continue
            h = b[HEIGHT + cell]
            if b[STACK + cell * MAXH + h - 1] != pid:
                continue
            n = _piece_moves(b, pid, cell, out, n, st)
            kind = KIND[pid]
            if h == 1 and (kind == PILLBUG or (kind == MOSQUITO and _touches_pillbug(b, cell))):
                n = _throws(b, cell, out, n, st)
    if n == 0:
        out[0] = PASS_MOVE
        n = 1
    return n
