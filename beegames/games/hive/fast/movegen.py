"""The numba Hive move generator: placements, every piece's movement,
Pillbug throws, the one-hive rule and the pass.

It follows board.py's ``Board.generate`` rule for rule (same gate test on
stack heights, same Mosquito, Ladybug, Pillbug and Dragonfly handling, same
"piece moved last" restrictions), so the set of moves is the same; only
the order differs. Moves are written to an int array as ``piece << 10 |
cell``; a (piece, destination) pair found twice (a Mosquito copying two
kinds, a piece thrown by both a Pillbug and a Mosquito) is written once,
thanks to a stamp table ``seen[piece * 1024 + cell]``.

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

import numba
import numpy as np

from .core import I_CUT, I_CUTDONE, I_LAST, I_MARK, I_PLACED0, I_PLY, I_SEEN, I_STATUS, I_VIS, State
from .tables import (
    ARCS,
    CELL_MASK,
    DIR,
    EULER6,
    IN_PROGRESS,
    KIND,
    KIND_COUNT,
    KIND_FIRST,
    MOVE_SHIFT,
    NCELL,
    PASS_MOVE,
    SLIDE_BITS,
)

QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG, DRAGONFLY = range(9)
_STAMP_LIMIT = 1 << 30


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _stamp(s: State, which: int, arr: np.ndarray) -> int:
    """A fresh stamp for the scratch array ``arr`` (cleared when they run out)."""
    v = s.info[which] + 1
    if v >= _STAMP_LIMIT:
        arr[:] = 0
        v = 1
    s.info[which] = v
    return v


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _nb(c: int, i: int) -> int:
    return (c + DIR[i % 6]) & CELL_MASK


# --------------------------------------------------------------- the hive
@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def occupied_cells(s: State) -> int:
    """Fill ``s.cells`` with the occupied cells (each once); their number."""
    k = 0
    for pid in range(32):
        c = s.pos[pid]
        if c >= 0 and s.stack[c, 0] == pid:
            s.cells[k] = c
            k += 1
    return k


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def compute_cuts(s: State) -> None:
    """Mark the articulation points: ``cutmark[c] == info[I_CUT]``."""
    st = _stamp(s, I_CUT, s.cutmark)
    s.info[I_CUTDONE] = 1
    k = occupied_cells(s)
    if k < 3:
        return
    e = 0
    multi = False
    for j in range(k):
        m = s.nbmask[s.cells[j]]
        e += EULER6[m]
        if ARCS[m] > 1:
            multi = True
    if not multi:
        return
    if e == 6:
        for j in range(k):
            c = s.cells[j]
            if ARCS[s.nbmask[c]] > 1:
                s.cutmark[c] = st
        return
    # Tarjan's search without recursion
    vs = _stamp(s, I_VIS, s.vis)
    root = s.cells[0]
    s.vis[root] = vs
    s.disc[root] = 0
    s.low[0] = 0
    s.parent[0] = -1
    s.tstack[0] = root
    s.tdir[0] = 0
    sp = 1
    t = 1
    root_children = 0
    while sp > 0:
        u = s.tstack[sp - 1]
        ui = s.disc[u]
        d = s.tdir[sp - 1]
        pushed = False
        while d < 6:
            v = (u + DIR[d]) & CELL_MASK
            d += 1
            if s.height[v] == 0:
                continue
            if s.vis[v] != vs:
                s.vis[v] = vs
                s.disc[v] = t
                s.low[t] = t
                s.parent[t] = ui
                s.tdir[sp - 1] = d
                s.tstack[sp] = v
                s.tdir[sp] = 0
                sp += 1
                t += 1
                pushed = True
                break
            dv = s.disc[v]
            if dv < s.low[ui] and dv != s.parent[ui]:
                s.low[ui] = dv
        if pushed:
            continue
        s.tdir[sp - 1] = 6
        sp -= 1
        p = s.parent[ui]
        if p >= 0:
            if s.low[ui] < s.low[p]:
                s.low[p] = s.low[ui]
            if p == 0:
                root_children += 1
            elif s.low[ui] >= p:
                s.cutmark[s.tstack[sp - 1]] = st
    if root_children > 1:
        s.cutmark[root] = st


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def is_cut(s: State, c: int) -> bool:
    """Whether emptying the occupied cell ``c`` would split the hive (the
    position must be whole: no piece lifted)."""
    if ARCS[s.nbmask[c]] <= 1:
        return False
    if s.info[I_CUTDONE] == 0:
        compute_cuts(s)
    return s.cutmark[c] == s.info[I_CUT]


# --------------------------------------------------------------- emitting
@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _emit(s: State, pid: int, dest: int, out: np.ndarray, n: int, st: int) -> int:
    key = pid * NCELL + dest
    if s.seen[key] == st:
        return n
    s.seen[key] = st
    out[n] = (pid << MOVE_SHIFT) | dest
    return n + 1


# --------------------------------------------------------------- movement
@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _slides(s: State, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    bits = SLIDE_BITS[s.nbmask[cell]]
    for i in range(6):
        if (bits >> i) & 1:
            n = _emit(s, pid, _nb(cell, i), out, n, st)
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _ant(s: State, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    ms = _stamp(s, I_MARK, s.mark)
    s.mark[cell] = ms
    s.frontier[0] = cell
    top = 1
    while top > 0:
        top -= 1
        c = s.frontier[top]
        bits = SLIDE_BITS[s.nbmask[c]]
        for i in range(6):
            if (bits >> i) & 1:
                x = (c + DIR[i]) & CELL_MASK
                if s.mark[x] != ms:
                    s.mark[x] = ms
                    s.frontier[top] = x
                    top += 1
                    n = _emit(s, pid, x, out, n, st)
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _spider(s: State, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    b1 = SLIDE_BITS[s.nbmask[cell]]
    for i in range(6):
        if not (b1 >> i) & 1:
            continue
        a = (cell + DIR[i]) & CELL_MASK
        b2 = SLIDE_BITS[s.nbmask[a]]
        for j in range(6):
            if not (b2 >> j) & 1:
                continue
            b = (a + DIR[j]) & CELL_MASK
            if b == cell:
                continue
            b3 = SLIDE_BITS[s.nbmask[b]]
            for k in range(6):
                if (b3 >> k) & 1:
                    c = (b + DIR[k]) & CELL_MASK
                    if c != cell and c != a:
                        n = _emit(s, pid, c, out, n, st)
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _grasshopper(s: State, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    for i in range(6):
        x = (cell + DIR[i]) & CELL_MASK
        if s.height[x] == 0:
            continue
        while s.height[x] > 0:
            x = (x + DIR[i]) & CELL_MASK
        n = _emit(s, pid, x, out, n, st)
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _beetle(s: State, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    """One step at any height, the gate rule on stack heights (the mover lifted)."""
    ha = s.height[cell]
    for i in range(6):
        x = (cell + DIR[i]) & CELL_MASK
        hb = s.height[x]
        g1 = s.height[_nb(cell, i + 5)]
        g2 = s.height[_nb(cell, i + 1)]
        if ha == 0 and hb == 0:
            if (g1 > 0) != (g2 > 0):
                n = _emit(s, pid, x, out, n, st)
        elif min(g1, g2) <= max(ha, hb):
            n = _emit(s, pid, x, out, n, st)
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _ladybug(s: State, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    """Two steps on top of the hive, then one down (the mover lifted)."""
    done = _stamp(s, I_MARK, s.mark)
    h = s.height
    for i in range(6):
        a = (cell + DIR[i]) & CELL_MASK
        ha = h[a]
        if ha == 0:
            continue
        if min(h[_nb(cell, i + 5)], h[_nb(cell, i + 1)]) > ha:
            continue
        for j in range(6):
            b = (a + DIR[j]) & CELL_MASK
            if s.mark[b] == done:
                continue
            hb = h[b]
            if hb == 0:
                continue
            if min(h[_nb(a, j + 5)], h[_nb(a, j + 1)]) > max(ha, hb):
                continue
            s.mark[b] = done
            for k in range(6):
                c = (b + DIR[k]) & CELL_MASK
                if c == cell or h[c] > 0:
                    continue
                if min(h[_nb(b, k + 5)], h[_nb(b, k + 1)]) <= hb:
                    n = _emit(s, pid, c, out, n, st)
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _dragonfly(s: State, pid: int, cell: int, carry_ok: bool, out: np.ndarray, n: int, st: int) -> int:
    """Two steps, the first onto a stack, to a cell neither next to nor in
    line with the start (the mover lifted). Onto an empty cell from atop a
    stack it carries the piece beneath, if ``carry_ok``."""
    h = s.height
    hs = h[cell]
    for i in range(6):
        dest = (cell + DIR[i] + DIR[(i + 1) % 6]) & CELL_MASK
        hd = h[dest]
        src_h = hs
        if hd == 0 and hs > 0:
            if not carry_ok:
                continue
            src_h = hs - 1
        for t in range(2):
            mi = i + t
            im = _nb(cell, mi)
            hi = h[im]
            if hi == 0:
                continue
            if min(h[_nb(cell, mi + 5)], h[_nb(cell, mi + 1)]) > max(src_h, hi):
                continue
            j = i + 1 if t == 0 else i  # the direction of the second step
            if min(h[_nb(im, j + 5)], h[_nb(im, j + 1)]) > max(hi, hd):
                continue
            n = _emit(s, pid, dest, out, n, st)
            break
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _by_kind(
    s: State, pid: int, kind: int, cell: int, ground: bool, out: np.ndarray, n: int, st: int
) -> int:
    if kind == BEETLE:
        return _beetle(s, pid, cell, out, n, st)
    if kind == DRAGONFLY:
        if ground:
            return _dragonfly(s, pid, cell, False, out, n, st)
        if KIND[pid] != DRAGONFLY:
            return n
        hs = s.height[cell]
        beneath = s.stack[cell, hs - 1]
        carry_ok = beneath != s.info[I_LAST] and not (hs == 1 and is_cut(s, cell))
        return _dragonfly(s, pid, cell, carry_ok, out, n, st)
    if not ground:
        return n
    if kind == QUEEN or kind == PILLBUG:
        return _slides(s, pid, cell, out, n, st)
    if kind == ANT:
        return _ant(s, pid, cell, out, n, st)
    if kind == SPIDER:
        return _spider(s, pid, cell, out, n, st)
    if kind == GRASSHOPPER:
        return _grasshopper(s, pid, cell, out, n, st)
    if kind == LADYBUG:
        return _ladybug(s, pid, cell, out, n, st)
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _piece_moves(s: State, pid: int, cell: int, out: np.ndarray, n: int, st: int) -> int:
    """Destinations of the top piece ``pid`` by its own ability (the caller
    checks turn, Queen, last moved and cover)."""
    h = s.height[cell]
    kind = KIND[pid]
    ground = h == 1
    if ground:
        if is_cut(s, cell):
            return n
        # the carry test of a Dragonfly atop a stack needs the cuts of the
        # whole hive; a ground piece never asks again once lifted
        s.height[cell] = 0
        for i in range(6):
            x = (cell + DIR[i]) & CELL_MASK
            s.nbmask[x] &= ~(1 << ((i + 3) % 6))
    else:
        s.height[cell] = h - 1
    if kind == MOSQUITO:
        if not ground:
            n = _beetle(s, pid, cell, out, n, st)
        else:
            kinds = 0
            for i in range(6):
                x = (cell + DIR[i]) & CELL_MASK
                hx = s.height[x]
                if hx > 0:
                    k = KIND[s.stack[x, hx - 1]]
                    if k != MOSQUITO:
                        kinds |= 1 << k
            for k in range(9):
                if (kinds >> k) & 1:
                    n = _by_kind(s, pid, k, cell, ground, out, n, st)
    else:
        n = _by_kind(s, pid, kind, cell, ground, out, n, st)
    s.height[cell] = h
    if ground:
        for i in range(6):
            x = (cell + DIR[i]) & CELL_MASK
            s.nbmask[x] |= 1 << ((i + 3) % 6)
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _throws(s: State, cell: int, out: np.ndarray, n: int, st: int) -> int:
    """The Pillbug's ability used from ``cell``: a neighbouring ground piece
    (not moved last, not holding the hive together) climbs over the Pillbug
    and comes down on an empty neighbour, the gate rule applied both ways."""
    h = s.height
    empties = 0
    for i in range(6):
        if h[_nb(cell, i)] == 0:
            empties |= 1 << i
    if empties == 0:
        return n
    last = s.info[I_LAST]
    for i in range(6):
        a = _nb(cell, i)
        if h[a] != 1:
            continue
        t = s.stack[a, 0]
        if t == last or is_cut(s, a):
            continue
        if h[_nb(cell, i + 5)] > 1 and h[_nb(cell, i + 1)] > 1:
            continue
        h[a] = 0  # lifted (only the heights of gate cells are read below)
        for j in range(6):
            if not (empties >> j) & 1:
                continue
            if h[_nb(cell, j + 5)] > 1 and h[_nb(cell, j + 1)] > 1:
                continue
            n = _emit(s, t, _nb(cell, j), out, n, st)
        h[a] = 1
    return n


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _touches_pillbug(s: State, cell: int) -> bool:
    for i in range(6):
        x = _nb(cell, i)
        hx = s.height[x]
        if hx > 0 and KIND[s.stack[x, hx - 1]] == PILLBUG:
            return True
    return False


# --------------------------------------------------------------- placement
@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _placements(s: State, out: np.ndarray, n: int) -> int:
    info = s.info
    me = info[I_PLY] & 1
    base = me * 16
    placed = info[I_PLACED0 + me]
    # the pieces: the lowest-numbered one in hand of each kind
    npieces = 0
    pieces = s.hand
    if s.pos[base] < 0 and placed == 3:
        pieces[0] = base
        npieces = 1
    else:
        for k in range(9):
            if k == QUEEN and placed == 0:
                continue
            first = base + KIND_FIRST[k]
            for pid in range(first, first + KIND_COUNT[k]):
                if s.pos[pid] < 0:
                    if s.ingame[pid]:
                        pieces[npieces] = pid
                        npieces += 1
                    break
    if npieces == 0:
        return n
    ply = info[I_PLY]
    k = occupied_cells(s)
    if ply == 0:
        if k == 0:
            for j in range(npieces):
                out[n] = pieces[j] << MOVE_SHIFT
                n += 1
        return n
    ms = _stamp(s, I_MARK, s.mark)
    for j in range(k):
        c = s.cells[j]
        if ply > 1 and (s.stack[c, s.height[c] - 1] >> 4) != me:
            continue
        for i in range(6):
            x = (c + DIR[i]) & CELL_MASK
            if s.height[x] > 0 or s.mark[x] == ms:
                continue
            s.mark[x] = ms
            if ply > 1:
                ok = True
                for d in range(6):
                    y = (x + DIR[d]) & CELL_MASK
                    hy = s.height[y]
                    if hy > 0 and (s.stack[y, hy - 1] >> 4) != me:
                        ok = False
                        break
                if not ok:
                    continue
            for p in range(npieces):
                out[n] = (pieces[p] << MOVE_SHIFT) | x
                n += 1
    return n


# --------------------------------------------------------------- the lot
@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def generate(s: State, out: np.ndarray) -> int:
    """Write every legal move of the side to move into ``out``; their number.
    A forced pass is the one move -1; a finished game has none (0)."""
    info = s.info
    if info[I_STATUS] != IN_PROGRESS:
        return 0
    info[I_CUTDONE] = 0
    n = _placements(s, out, 0)
    me = info[I_PLY] & 1
    base = me * 16
    if s.pos[base] >= 0:
        st = _stamp(s, I_SEEN, s.seen)
        last = info[I_LAST]
        for pid in range(base, base + 15):
            cell = s.pos[pid]
            if cell < 0 or pid == last:
                continue
            h = s.height[cell]
            if s.stack[cell, h - 1] != pid:
                continue
            n = _piece_moves(s, pid, cell, out, n, st)
            kind = KIND[pid]
            if h == 1 and (kind == PILLBUG or (kind == MOSQUITO and _touches_pillbug(s, cell))):
                n = _throws(s, cell, out, n, st)
    if n == 0:
        out[0] = PASS_MOVE
        n = 1
    return n
