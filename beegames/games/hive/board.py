"""The fast Hive position: mutable stacks with make/unmake and a move generator.

This module is the rules core. It is written for speed (perft, search), so it
uses plain ints and dicts rather than pydantic models:

* a cell ``(q, r)`` in axial coordinates (see :mod:`beegames.core.hexgrid`) is
  packed into one int ``q + r * STRIDE``; neighbour offsets are then constants;
* ``stacks`` maps each occupied cell to its list of piece ids, bottom to top;
* ``pos`` gives each piece id its cell (``None`` while in the player's hand);
* a move is a pair ``(piece_id, destination_cell)``; the pass is ``PASS``.

Heights in the gate rule are stack sizes. Moving a piece from cell A (whose
stack has ``hA`` pieces once the mover is lifted) to the neighbouring cell B
(``hB`` pieces) is blocked when both cells touching A and B hold stacks
taller than ``max(hA, hB)``. On the ground (``hA == hB == 0``) that is the
usual "gate" and, in addition, one of the two touching cells must be occupied
so the piece keeps contact with the hive while it slides.
"""

from __future__ import annotations

from collections.abc import Container
from itertools import compress
from typing import Any

from .pieces import (
    ANT,
    BEETLE,
    DRAGONFLY,
    GRASSHOPPER,
    KIND,
    LADYBUG,
    MOSQUITO,
    NUM_IDS,
    ORDER,
    PILLBUG,
    QUEEN,
    SPIDER,
    ids_in_game,
    normalise_expansions,
)

STRIDE = 1 << 16
HALF = STRIDE >> 1
#: neighbour offsets, same order as hexgrid.DIRECTIONS: E, SE, SW, W, NW, NE
DIRS = (1, STRIDE, STRIDE - 1, -1, -STRIDE, 1 - STRIDE)
#: (offset, left gate offset, right gate offset) for each direction
TRI = tuple((DIRS[i], DIRS[i - 1], DIRS[(i + 1) % 6]) for i in range(6))
#: the six cells two steps away that are not on a straight line (Dragonfly),
#: with the two cells between start and end
KNIGHT = tuple((DIRS[i] + DIRS[(i + 1) % 6], DIRS[i], DIRS[(i + 1) % 6]) for i in range(6))

#: articulation points as the move generators read them (membership only)
Cuts = Container[int]

ORIGIN = 0
PASS = (-1, 0)
_ADJ = frozenset(DIRS)
_DIR_INDEX = {d: i for i, d in enumerate(DIRS)}

IN_PROGRESS, WHITE_WINS, BLACK_WINS, DRAW = 0, 1, 2, 3

_MASK = (1 << 64) - 1


def _distance_table(radius: int = 14) -> dict[int, int]:
    """Hex distance by the difference of two packed cells (up to ``radius``)."""
    out = {}
    for dq in range(-radius, radius + 1):
        for dr in range(-radius, radius + 1):
            out[dq + dr * STRIDE] = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    return out


#: hex distance by the difference of two packed cells, for nearby cells
#: (``DIST.get(a - b, far)``)
DIST = _distance_table()


def cell_of(q: int, r: int) -> int:
    """Pack the axial cell ``(q, r)`` into the one int the board uses for it."""
    return q + r * STRIDE


def qr_of(cell: int) -> tuple[int, int]:
    """Unpack a board cell into its axial ``(q, r)``; the inverse of :func:`cell_of`."""
    r = (cell + HALF) // STRIDE
    return cell - r * STRIDE, r


def _mix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_ZCACHE: dict[int, int] = {}
_CCACHE: dict[int, int] = {}
SIDE_KEY = _mix(0xB1AC)


def zkey(pid: int, cell: int, level: int) -> int:
    """Deterministic Zobrist key of a piece at a cell and level."""
    k = (cell << 10) | (pid << 5) | level
    z = _ZCACHE.get(k)
    if z is None:
        q, r = qr_of(cell)
        z = _mix(_mix(_mix(pid * 7919 + level) ^ (q & 0xFFFFFFFF)) ^ ((r & 0xFFFFFFFF) << 1))
        _ZCACHE[k] = z
    return z


def ckey(cell: int) -> int:
    """Zobrist key of an occupied cell, for the hash of the hive's shape."""
    z = _CCACHE.get(cell)
    if z is None:
        q, r = qr_of(cell)
        z = _CCACHE[cell] = _mix(_mix(0x5EED ^ (q & 0xFFFFFFFF)) ^ ((r & 0xFFFFFFFF) << 3))
    return z


#: number of separate runs of occupied cells in the ring around a cell, by the
#: 6-bit mask of its occupied neighbours (bit i = direction i). A cell whose
#: neighbours form one run can never split the hive.
ARCS = tuple(
    1 if m == 63 else sum(1 for i in range(6) if (m >> i) & 1 and not (m >> ((i - 1) % 6)) & 1) for m in range(64)
)

#: number of pairs of neighbouring occupied cells around a cell (each a
#: triangle of three mutually adjacent occupied cells), by neighbour mask
TRIANGLES = tuple(sum(1 for i in range(6) if (m >> i) & 1 and (m >> ((i + 1) % 6)) & 1) for m in range(64))

#: whether a ground piece can slide out of a cell, by the cell's neighbour mask
#: (some empty direction whose two gate cells are one occupied, one empty)
SLIDE_OUT = tuple(
    any(not (m >> i) & 1 and ((m >> ((i - 1) % 6)) & 1) != ((m >> ((i + 1) % 6)) & 1) for i in range(6))
    for m in range(64)
)
#: how many cells a ground piece can slide to in one step, by neighbour mask
SLIDES = tuple(
    sum(1 for i in range(6) if not (m >> i) & 1 and ((m >> ((i - 1) % 6)) & 1) != ((m >> ((i + 1) % 6)) & 1))
    for m in range(64)
)
#: the directions a ground piece can slide in from a cell, by its neighbour
#: mask (the cell there is empty; of the two gate cells one is occupied)
SLIDE_DIRS = tuple(
    tuple(DIRS[i] for i in range(6) if not (m >> i) & 1 and ((m >> ((i - 1) % 6)) & 1) != ((m >> ((i + 1) % 6)) & 1))
    for m in range(64)
)
#: number of occupied neighbours, by neighbour mask
FILLED = tuple(bin(m).count("1") for m in range(64))
#: offsets of the occupied neighbours, by neighbour mask
OCCUPIED_DIRS = tuple(tuple(DIRS[i] for i in range(6) if (m >> i) & 1) for m in range(64))
#: offsets of the empty neighbours, by neighbour mask
FREE_DIRS = tuple(tuple(DIRS[i] for i in range(6) if not (m >> i) & 1) for m in range(64))

#: for each direction: its offset and the mask that clears, in the
#: neighbour there, the bit of the opposite direction (a cell emptied)
_UNLINK = tuple((DIRS[i], 63 & ~(1 << ((i + 3) % 6))) for i in range(6))
#: for each direction: its offset, its bit, and the bit of the opposite
#: direction (a cell filled)
_LINK = tuple((DIRS[i], 1 << i, 1 << ((i + 3) % 6)) for i in range(6))
#: cells less adjacent pairs plus triangles, times six, by neighbour mask:
#: summed over the hive, 6 when it encloses no empty cell (see _shape)
EULER6 = tuple(6 - 3 * FILLED[m] + 2 * TRIANGLES[m] for m in range(64))

#: whether a cell's occupied neighbours form more than one run, by mask
_MULTI_RUN = tuple(ARCS[m] > 1 for m in range(64))

#: (articulation points, neighbour masks) by the hive's shape hash (see
#: :meth:`Board.shape`)
SHAPE_CACHE: dict[int, tuple[frozenset[int], dict[int, int]]] = {}
SHAPE_CACHE_SIZE = 20_000
#: Soldier Ant destinations by shape and start cell (see :meth:`Board._ant`)
ANT_CACHE: dict[int, tuple[int, ...]] = {}
ANT_CACHE_SIZE = 20_000
_NO_CUTS: frozenset[int] = frozenset()


def mask_at(stacks: Container[int], x: int) -> int:
    """The 6-bit mask of the occupied neighbours of the cell ``x`` (bit i:
    direction i). The hottest loops (a new shape's masks, the Soldier Ant's
    walks) write this expression out where they need it instead of calling
    this function: deliberate copies, for speed."""
    d0, d1, d2, d3, d4, d5 = DIRS
    return (
        ((x + d0) in stacks)
        | (((x + d1) in stacks) << 1)
        | (((x + d2) in stacks) << 2)
        | (((x + d3) in stacks) << 3)
        | (((x + d4) in stacks) << 4)
        | (((x + d5) in stacks) << 5)
    )


def _shape(
    stacks: dict[int, list[int]], masks: dict[int, int] | None = None
) -> tuple[frozenset[int], dict[int, int]]:
    """Articulation points of the graph of occupied cells and the 6-bit mask
    of each occupied cell's occupied neighbours (bit i: direction i); the
    masks may be given (worked out from a parent shape).

    A cell whose occupied neighbours form a single run around it can never
    split the hive. When the hive encloses no empty cell, every other cell
    splits it: the empty cells in two of the gaps between its runs are
    joined by an empty path outside the hive, which with the cell closes a
    curve that separates the runs. Whether the hive encloses an empty cell
    comes from its Euler characteristic: cells less adjacent pairs plus
    triangles of mutually adjacent cells is 1 less the number of enclosed
    empty regions (the hive is connected). Only when there is such a region
    does Tarjan's depth-first search find the cut cells."""
    arcs = ARCS
    if masks is None:
        d0, d1, d2, d3, d4, d5 = DIRS
        masks = {}
        for c in stacks:
            # (mask_at written out: a hot-loop copy)
            masks[c] = (
                ((c + d0) in stacks)
                | (((c + d1) in stacks) << 1)
                | (((c + d2) in stacks) << 2)
                | (((c + d3) in stacks) << 3)
                | (((c + d4) in stacks) << 4)
                | (((c + d5) in stacks) << 5)
            )
    if len(masks) < 3:
        return _NO_CUTS, masks
    ms = masks.values()
    # cells - edges + triangles, times six (each edge is counted from both
    # ends, each triangle from its three corners)
    if sum(map(EULER6.__getitem__, ms)) == 6:
        multi = frozenset(compress(masks, map(_MULTI_RUN.__getitem__, ms)))
        return (multi if multi else _NO_CUTS), masks
    if not any(arcs[m] > 1 for m in ms):
        return _NO_CUTS, masks
    # Tarjan's depth-first search without recursion: each stack entry is a
    # cell, its discovery index and an iterator over its occupied neighbours
    occupied = OCCUPIED_DIRS
    start = next(iter(masks))
    disc = {start: 0}
    low = [0]
    parent = [-1]
    cuts: set[int] = set()
    t = 1
    root_children = 0
    stack = [(start, 0, iter(occupied[masks[start]]))]
    while stack:
        u, ui, todo = stack[-1]
        for d in todo:
            v = u + d
            dv = disc.get(v)
            if dv is None:
                disc[v] = t
                low.append(t)
                parent.append(ui)
                stack.append((v, t, iter(occupied[masks[v]])))
                t += 1
                break
            if dv < low[ui] and dv != parent[ui]:
                low[ui] = dv
        else:
            stack.pop()
            p = parent[ui]
            if p >= 0:
                lu = low[ui]
                if lu < low[p]:
                    low[p] = lu
                if p == 0:
                    root_children += 1
                elif lu >= p:
                    cuts.add(stack[-1][0])
    if root_children > 1:
        cuts.add(start)
    return frozenset(cuts), masks


class _LazyCuts:
    """The articulation points of a board, worked out only when a cell's
    local test cannot settle the question: a cell whose occupied neighbours
    form a single run never splits the hive; for any other cell the full
    (cached) computation runs once."""

    __slots__ = ("board", "cuts")

    def __init__(self, board: Board) -> None:
        self.board = board
        sh = SHAPE_CACHE.get(board.occ)
        self.cuts: frozenset[int] | None = sh[0] if sh is not None else None

    def __contains__(self, cell: object) -> bool:
        cuts = self.cuts
        if cuts is None:
            assert isinstance(cell, int)
            if ARCS[mask_at(self.board.stacks, cell)] <= 1:
                return False
            cuts = self.cuts = self.board.cut_cells()
        return cell in cuts


def _query_cuts(board: Board) -> Cuts:
    """The articulation points for a question about one cell or a few: the
    cached ones when the shape is known, else a :class:`_LazyCuts`."""
    sh = SHAPE_CACHE.get(board.occ)
    return sh[0] if sh is not None else _LazyCuts(board)


class Board:
    """A Hive position plus the history needed to undo moves."""

    __slots__ = (
        "_cache",
        "expansions",
        "hash",
        "hist",
        "in_game",
        "last",
        "occ",
        "placed",
        "ply",
        "pieces_per_colour",
        "pos",
        "qn",
        "rep",
        "stacks",
        "status",
    )

    def __init__(self, expansions: str = "") -> None:
        self.expansions = normalise_expansions(expansions)
        self.in_game = ids_in_game(self.expansions)
        self.pieces_per_colour = sum(self.in_game) // 2
        self.stacks: dict[int, list[int]] = {}
        self.pos: list[int | None] = [None] * NUM_IDS
        self.ply = 0
        self.last = -1
        self.placed = [0, 0]
        #: Zobrist hash of the pieces and the side to move
        self.hash = 0
        #: Zobrist hash of the set of occupied cells (the hive's shape)
        self.occ = 0
        self.rep: dict[int, int] = {0: 1}
        #: occupied neighbours of each Queen (0 while it is in hand)
        self.qn = (0, 0)
        self.status = IN_PROGRESS
        self.hist: list[tuple[Any, ...]] = []
        self._cache = None

    # ------------------------------------------------------------------ basics
    @property
    def colour(self) -> int:
        """The colour to move: 0 for White, 1 for Black (White moves on even plies)."""
        return self.ply & 1

    def copy(self) -> Board:
        """An independent copy of the position (stacks, hand, hashes, repetition counts and undo
        history) with the move cache left empty."""
        b = Board.__new__(Board)
        b.expansions = self.expansions
        b.in_game = self.in_game
        b.pieces_per_colour = self.pieces_per_colour
        b.stacks = {c: list(s) for c, s in self.stacks.items()}
        b.pos = list(self.pos)
        b.ply = self.ply
        b.last = self.last
        b.placed = list(self.placed)
        b.hash = self.hash
        b.occ = self.occ
        b.qn = self.qn
        b.rep = dict(self.rep)
        b.status = self.status
        b.hist = list(self.hist)
        b._cache = None
        return b

    def rehash(self) -> None:
        """Recompute both hashes and the Queens' neighbour counts from the
        stacks (after building a position by hand)."""
        h = 0
        occ = 0
        for c, st in self.stacks.items():
            occ ^= ckey(c)
            for lvl, pid in enumerate(st):
                h ^= zkey(pid, c, lvl)
        if self.ply & 1:
            h ^= SIDE_KEY
        self.hash = h
        self.occ = occ
        self.qn = (self._queen_neighbours(0), self._queen_neighbours(1))

    def surrounded(self, colour: int) -> bool:
        """Whether ``colour``'s Queen Bee has all six neighbouring cells occupied (the losing condition)."""
        return self.qn[colour] == 6

    def _compute_status(self) -> int:
        """The game's status worked out from scratch (play keeps it up to
        date incrementally; tests compare the two)."""
        w = self._queen_neighbours(0) == 6
        b = self._queen_neighbours(1) == 6
        if w and b:
            return DRAW
        if w:
            return BLACK_WINS
        if b:
            return WHITE_WINS
        if self.rep.get(self.hash, 0) >= 3:
            return DRAW
        return IN_PROGRESS

    # ------------------------------------------------------------ make/unmake
    def _queen_neighbours(self, colour: int) -> int:
        q = self.pos[colour * 16]
        if q is None:
            return 0
        stacks = self.stacks
        n = 0
        for d in DIRS:
            if q + d in stacks:
                n += 1
        return n

    def play(self, piece: int, dest: int) -> None:
        """Make a move (no legality check). The history entry keeps both
        hashes from before the move, so :meth:`undo` restores them rather
        than working them out again."""
        qn = self.qn
        h = hash0 = self.hash
        occ = occ0 = self.occ
        if piece < 0:
            self.hist.append((piece, None, dest, -1, self.last, self.status, qn, hash0, occ0))
            self.last = -1
        else:
            stacks = self.stacks
            pos = self.pos
            zc = _ZCACHE
            src = pos[piece]
            carried = -1
            n0, n1 = qn
            q0 = pos[0]
            q1 = pos[16]
            if src is None:
                self.placed[piece >> 4] += 1
            else:
                st = stacks[src]
                lvl = len(st) - 1
                h ^= zc.get((src << 10) | (piece << 5) | lvl) or zkey(piece, src, lvl)
                st.pop()
                if st and KIND[piece] == DRAGONFLY and dest not in stacks:
                    carried = st.pop()
                    lvl = len(st)
                    h ^= zc.get((src << 10) | (carried << 5) | lvl) or zkey(carried, src, lvl)
                if not st:
                    del stacks[src]
                    occ ^= _CCACHE.get(src) or ckey(src)
                    if q0 is not None and (src - q0) in _ADJ:
                        n0 -= 1
                    if q1 is not None and (src - q1) in _ADJ:
                        n1 -= 1
            ds = stacks.get(dest)
            if ds is None:
                ds = stacks[dest] = []
                occ ^= _CCACHE.get(dest) or ckey(dest)
                if q0 is not None and (dest - q0) in _ADJ:
                    n0 += 1
                if q1 is not None and (dest - q1) in _ADJ:
                    n1 += 1
            if carried >= 0:
                lvl = len(ds)
                h ^= zc.get((dest << 10) | (carried << 5) | lvl) or zkey(carried, dest, lvl)
                ds.append(carried)
                pos[carried] = dest
            lvl = len(ds)
            h ^= zc.get((dest << 10) | (piece << 5) | lvl) or zkey(piece, dest, lvl)
            ds.append(piece)
            pos[piece] = dest
            self.occ = occ
            self.hist.append((piece, src, dest, carried, self.last, self.status, qn, hash0, occ0))
            self.last = piece
            # a Queen that moved counts its new neighbours afresh
            if piece == 0 or carried == 0:
                n0 = self._queen_neighbours(0)
            elif piece == 16 or carried == 16:
                n1 = self._queen_neighbours(1)
            self.qn = (n0, n1)
            if n0 == 6 or n1 == 6:
                self.status = DRAW if n0 == n1 else (BLACK_WINS if n0 == 6 else WHITE_WINS)
        h ^= SIDE_KEY
        self.ply += 1
        self.hash = h
        rep = self.rep
        n = rep.get(h, 0) + 1
        rep[h] = n
        if n >= 3 and self.status == IN_PROGRESS:
            self.status = DRAW

    def undo(self) -> None:
        """Take back the last move made with :meth:`play`."""
        piece, src, dest, carried, self.last, self.status, self.qn, hash0, self.occ = self.hist.pop()
        rep = self.rep
        h = self.hash
        n = rep[h] - 1
        if n:
            rep[h] = n
        else:
            del rep[h]
        self.hash = hash0
        self.ply -= 1
        if piece >= 0:
            stacks = self.stacks
            pos = self.pos
            ds = stacks[dest]
            ds.pop()
            if carried >= 0:
                ds.pop()
            if not ds:
                del stacks[dest]
            if src is None:
                self.placed[piece >> 4] -= 1
                pos[piece] = None
            else:
                ss = stacks.get(src)
                if ss is None:
                    ss = stacks[src] = []
                if carried >= 0:
                    ss.append(carried)
                    pos[carried] = src
                ss.append(piece)
                pos[piece] = src

    # --------------------------------------------------------------- analysis
    def shape(self) -> tuple[frozenset[int], dict[int, int]]:
        """(articulation points, neighbour mask of each occupied cell).

        The articulation points are the occupied cells whose emptying would
        split the hive. Both depend only on which cells are occupied, so they
        are cached by the shape hash :attr:`occ`: a shape met again (by
        transposition, or after moves that only change which pieces sit
        where) costs one dictionary look-up. Treat the result as read-only."""
        sh = SHAPE_CACHE.get(self.occ)
        if sh is None:
            sh = _shape(self.stacks, self._masks_from_parent())
            if len(SHAPE_CACHE) >= SHAPE_CACHE_SIZE:
                SHAPE_CACHE.clear()
            SHAPE_CACHE[self.occ] = sh
        return sh

    def _masks_from_parent(self) -> dict[int, int] | None:
        """The neighbour masks worked out from the position before the last
        move, when that shape is cached: only the cells around the emptied
        and the newly filled cell change."""
        if not self.hist:
            return None
        entry = self.hist[-1]
        parent = entry[8]  # the shape hash before the move
        if entry[0] < 0 or parent == self.occ:
            return None
        sh = SHAPE_CACHE.get(parent)
        if sh is None:
            return None
        src = entry[1]
        dest = entry[2]
        stacks = self.stacks
        masks = sh[1].copy()
        if src is not None and src not in stacks:  # the move emptied its start
            del masks[src]
            for d, keep in _UNLINK:
                n = src + d
                m = masks.get(n)
                if m is not None:
                    masks[n] = m & keep
        if len(stacks[dest]) == (2 if entry[3] >= 0 else 1):  # and filled its end
            m = 0
            for d, bit, link in _LINK:
                n = dest + d
                x = masks.get(n)
                if x is not None:
                    m |= bit
                    masks[n] = x | link
            masks[dest] = m
        return masks

    def cut_cells(self) -> frozenset[int]:
        """Occupied cells whose emptying would split the hive (cached, see
        :meth:`shape`)."""
        sh = SHAPE_CACHE.get(self.occ)
        if sh is None:
            sh = self.shape()
        return sh[0]

    def placement_cells(self) -> set[int]:
        """Empty cells where the side to move may place a piece."""
        stacks = self.stacks
        if self.ply == 0:
            return {ORIGIN} if not stacks else set()
        if self.ply == 1:
            out = set()
            for c in stacks:
                for d in DIRS:
                    if c + d not in stacks:
                        out.add(c + d)
            return out
        me = self.ply & 1
        own: set[int] = set()
        opp: set[int] = set()
        for c, s in stacks.items():
            t = own if (s[-1] >> 4) == me else opp
            t.update((c + 1, c + STRIDE, c + STRIDE - 1, c - 1, c - STRIDE, c + 1 - STRIDE))
        own -= opp
        return {c for c in own if c not in stacks}

    def placeable(self) -> list[int]:
        """Piece ids the side to move may place now (lowest number of each kind)."""
        me = self.ply & 1
        pos = self.pos
        n = self.placed[me]
        queen = me * 16
        if pos[queen] is None and n == 3:
            return [queen]
        out = []
        in_game = self.in_game
        for k, ids in enumerate(ORDER[me]):
            if k == QUEEN and n == 0:
                continue
            for pid in ids:
                if pos[pid] is None:
                    if in_game[pid]:
                        out.append(pid)
                    break
        return out

    # ------------------------------------------------------------- movement
    def _slides(self, cell: int, out: set[int]) -> None:
        stacks = self.stacks
        for d, dl, dr in TRI:
            n = cell + d
            if n not in stacks and ((cell + dl) in stacks) != ((cell + dr) in stacks):
                out.add(n)

    def _ant(self, cell: int, out: set[int]) -> None:
        """Cells a Soldier Ant lifted from ``cell`` can slide to. They depend
        only on the hive's shape and the start cell, so they are cached by
        both (a shape often comes back during a search)."""
        key = self.occ ^ ((cell * 0x9E3779B97F4A7C15) & _MASK)
        got = ANT_CACHE.get(key)
        if got is None:
            stacks = self.stacks
            seen = {cell}
            frontier = [cell]
            pop = frontier.pop
            push = frontier.append
            add = seen.add
            slide_dirs = SLIDE_DIRS
            d0, d1, d2, d3, d4, d5 = DIRS
            while frontier:
                c = pop()
                # the directions it can slide in, by the cell's neighbour
                # mask (in the order of DIRS: the cells are found, and the
                # moves listed, in the same order as by testing each one;
                # the mask written out as in mask_at: a hot-loop copy)
                for d in slide_dirs[
                    ((c + d0) in stacks)
                    | (((c + d1) in stacks) << 1)
                    | (((c + d2) in stacks) << 2)
                    | (((c + d3) in stacks) << 3)
                    | (((c + d4) in stacks) << 4)
                    | (((c + d5) in stacks) << 5)
                ]:
                    n = c + d
                    if n not in seen:
                        add(n)
                        push(n)
            seen.discard(cell)
            got = tuple(seen)
            if len(ANT_CACHE) >= ANT_CACHE_SIZE:
                ANT_CACHE.clear()
            ANT_CACHE[key] = got
        out.update(got)

    def _spider(self, cell: int, out: set[int]) -> None:
        stacks = self.stacks
        slide_dirs = SLIDE_DIRS
        mask = mask_at
        # three slides, never back to a cell of the walk (the directions in
        # the order of DIRS, so the moves are listed as before)
        for e1 in slide_dirs[mask(stacks, cell)]:
            a = cell + e1
            for e2 in slide_dirs[mask(stacks, a)]:
                b = a + e2
                if b == cell:
                    continue
                for e3 in slide_dirs[mask(stacks, b)]:
                    c = b + e3
                    if c != cell and c != a:
                        out.add(c)

    def _grasshopper(self, cell: int, out: set[int]) -> None:
        stacks = self.stacks
        for d in DIRS:
            n = cell + d
            if n not in stacks:
                continue
            n += d
            while n in stacks:
                n += d
            out.add(n)

    def _beetle(self, cell: int, out: set[int]) -> None:
        """One step at any height (the mover is already lifted)."""
        stacks = self.stacks
        s = stacks.get(cell)
        ha = len(s) if s else 0
        for d, dl, dr in TRI:
            n = cell + d
            s = stacks.get(n)
            hb = len(s) if s else 0
            s = stacks.get(cell + dl)
            g1 = len(s) if s else 0
            s = stacks.get(cell + dr)
            g2 = len(s) if s else 0
            if ha == 0 and hb == 0:
                if (g1 > 0) != (g2 > 0):
                    out.add(n)
            elif (g1 if g1 < g2 else g2) <= (ha if ha > hb else hb):
                out.add(n)

    def _ladybug(self, cell: int, out: set[int]) -> None:
        """Two steps on top of the hive, then one down (the mover is lifted).
        The way down from a cell does not depend on how the Ladybug got
        there, so each second-step cell is expanded once."""
        stacks = self.stacks
        get = {c: len(s) for c, s in stacks.items()}.get
        done: set[int] = set()
        for d1, l1, r1 in TRI:
            a = cell + d1
            ha = get(a, 0)
            if not ha:
                continue
            g1 = get(cell + l1, 0)
            g2 = get(cell + r1, 0)
            if (g1 if g1 < g2 else g2) > ha:
                continue
            for d2, l2, r2 in TRI:
                b = a + d2
                if b in done:
                    continue
                hb = get(b, 0)
                if not hb:
                    continue
                g1 = get(a + l2, 0)
                g2 = get(a + r2, 0)
                if (g1 if g1 < g2 else g2) > (ha if ha > hb else hb):
                    continue
                done.add(b)
                for d3, l3, r3 in TRI:
                    c = b + d3
                    if c == cell or c in stacks:
                        continue
                    g1 = get(b + l3, 0)
                    g2 = get(b + r3, 0)
                    if (g1 if g1 < g2 else g2) <= hb:
                        out.add(c)

    def _dragonfly(self, pid: int, cell: int, cuts: Cuts, carry_ok: bool, out: set[int]) -> None:
        """Dragonfly moves. The mover is lifted; ``carry_ok`` says whether the
        piece beneath may travel along (it is not pinned by the hive nor the
        last moved piece). ``cuts`` matters only when lifting two pieces empties
        the start cell."""
        stacks = self.stacks

        def h(c: int) -> int:
            s = stacks.get(c)
            return len(s) if s else 0

        hs = h(cell)  # pieces left under the dragonfly
        for dd, m1, m2 in KNIGHT:
            dest = cell + dd
            hd = h(dest)
            if hd == 0 and hs > 0:
                # travels with the piece beneath
                if not carry_ok:
                    continue
                src_h = hs - 1
            else:
                src_h = hs
            for mid, _other in ((m1, m2), (m2, m1)):
                im = cell + mid
                hi = h(im)
                if not hi:
                    continue
                # leg 1: start -> mid; its gates are the two cells next to both
                i = DIRS.index(mid)
                g1 = h(cell + DIRS[i - 1])
                g2 = h(cell + DIRS[(i + 1) % 6])
                if min(g1, g2) > max(src_h, hi):
                    continue
                # leg 2: mid -> dest
                j = DIRS.index(dd - mid)
                g1 = h(im + DIRS[j - 1])
                g2 = h(im + DIRS[(j + 1) % 6])
                if min(g1, g2) > max(hi, hd):
                    continue
                out.add(dest)
                break

    def _throws(self, cell: int, cuts: Cuts, moves: dict[int, set[int]]) -> None:
        """Pillbug ability used from ``cell``: lift a neighbouring ground
        piece over the Pillbug onto an empty cell next to it."""
        stacks = self.stacks
        last = self.last
        empties = []
        for d, dl, dr in TRI:
            n = cell + d
            if n not in stacks:
                empties.append((n, dl, dr))
        if not empties:
            return
        for d, dl, dr in TRI:
            a = cell + d
            s = stacks.get(a)
            if not s or len(s) != 1:
                continue
            t = s[0]
            if t == last or a in cuts:
                continue
            s1 = stacks.get(cell + dl)
            s2 = stacks.get(cell + dr)
            if s1 and s2 and len(s1) > 1 and len(s2) > 1:
                continue  # cannot climb onto the pillbug through that gap
            del stacks[a]
            dests = None
            for n, el, er in empties:
                if n == a:
                    continue
                s1 = stacks.get(cell + el)
                s2 = stacks.get(cell + er)
                if s1 and s2 and len(s1) > 1 and len(s2) > 1:
                    continue
                if dests is None:
                    dests = moves.get(t)
                    if dests is None:
                        dests = moves[t] = set()
                dests.add(n)
            stacks[a] = s

    def piece_moves(self, pid: int, cuts: Cuts, out: set[int]) -> None:
        """Destinations of the board piece ``pid`` by its own ability (no
        Pillbug throws). Caller checks turn, queen, last-moved and cover."""
        stacks = self.stacks
        cell = self.pos[pid]
        assert cell is not None
        st = stacks[cell]
        kind = KIND[pid]
        if len(st) == 1:
            if cell in cuts:
                return
            del stacks[cell]
            lifted_ground = True
        else:
            st.pop()
            lifted_ground = False
        try:
            if kind == MOSQUITO:
                if not lifted_ground:
                    self._beetle(cell, out)
                    return
                kinds = set()
                for d in DIRS:
                    s = stacks.get(cell + d)
                    if s:
                        k = KIND[s[-1]]
                        if k != MOSQUITO:
                            kinds.add(k)
                for k in kinds:
                    self._by_kind(pid, k, cell, cuts, lifted_ground, st, out)
            else:
                self._by_kind(pid, kind, cell, cuts, lifted_ground, st, out)
        finally:
            if lifted_ground:
                stacks[cell] = st
            else:
                st.append(pid)

    def reaches(self, pid: int, target: int, cuts: Cuts) -> bool:
        """Whether the board piece ``pid`` can move to the empty cell
        ``target`` by its own ability (same conditions as
        :meth:`piece_moves`). A Soldier Ant searches back from the target
        and stops as soon as it meets the Ant's cell, so a target shut in a
        small pocket costs little; a Spider's walks are cut short when they
        can no longer end on the target; a Mosquito on the ground asks the
        same of each kind it touches."""
        kind = KIND[pid]
        cell = self.pos[pid]
        assert cell is not None
        stacks = self.stacks
        st = stacks[cell]
        if len(st) > 1:
            if kind == BEETLE or kind == MOSQUITO:
                # one step at any height: the gates of that one step
                i = _DIR_INDEX.get(target - cell)
                if i is None:
                    return False
                ha = len(st) - 1
                s = stacks.get(target)
                hb = len(s) if s else 0
                s = stacks.get(cell + DIRS[i - 1])
                g1 = len(s) if s else 0
                s = stacks.get(cell + DIRS[(i + 1) % 6])
                g2 = len(s) if s else 0
                return (g1 if g1 < g2 else g2) <= (ha if ha > hb else hb)
            dests: set[int] = set()
            self.piece_moves(pid, cuts, dests)
            return target in dests
        if cell in cuts:
            return False
        # (the ground piece's stack is taken out and put back, as the move
        # generator does, so the order of ``stacks`` and with it the order
        # of the move lists stays what it would be without these shortcuts)
        if kind == ANT:
            got = ANT_CACHE.get(self.occ ^ ((cell * 0x9E3779B97F4A7C15) & _MASK))
            if got is not None:
                del stacks[cell]
                stacks[cell] = st
                return target in got
        del stacks[cell]
        try:
            if kind != MOSQUITO:
                return self._lifted_reaches(pid, kind, cell, target, cuts)
            kinds = set()
            for d in DIRS:
                s = stacks.get(cell + d)
                if s:
                    k = KIND[s[-1]]
                    if k != MOSQUITO:
                        kinds.add(k)
            for k in kinds:
                if self._lifted_reaches(pid, k, cell, target, cuts):
                    return True
            return False
        finally:
            stacks[cell] = st

    def _lifted_reaches(self, pid: int, kind: int, cell: int, target: int, cuts: Cuts) -> bool:
        """:meth:`reaches` for a piece lifted from the ground cell ``cell``
        (its stack is out of ``stacks``) that moves as ``kind``."""
        stacks = self.stacks
        if kind == BEETLE or kind == DRAGONFLY:
            if kind == DRAGONFLY:
                dests: set[int] = set()
                self._dragonfly(pid, cell, cuts, False, dests)
                return target in dests
            i = _DIR_INDEX.get(target - cell)
            if i is None:
                return False
            s = stacks.get(target)
            hb = len(s) if s else 0
            s = stacks.get(cell + DIRS[i - 1])
            g1 = len(s) if s else 0
            s = stacks.get(cell + DIRS[(i + 1) % 6])
            g2 = len(s) if s else 0
            if hb == 0:
                return (g1 > 0) != (g2 > 0)
            return (g1 if g1 < g2 else g2) <= hb
        if target in stacks:
            return False
        if kind == QUEEN or kind == PILLBUG:
            i = _DIR_INDEX.get(target - cell)
            if i is None:
                return False
            return ((cell + DIRS[i - 1]) in stacks) != ((cell + DIRS[(i + 1) % 6]) in stacks)
        if kind == GRASSHOPPER:
            for d in DIRS:
                n = cell + d
                if n in stacks:
                    n += d
                    while n in stacks:
                        n += d
                    if n == target:
                        return True
            return False
        if kind == SPIDER:
            return self._spider_reaches(cell, target)
        if kind == LADYBUG:
            return self._ladybug_reaches(cell, target)
        # a Soldier Ant: a search back from the target (the same walk as
        # _ant, with the mask of mask_at written out: a hot-loop copy)
        got = ANT_CACHE.get(self.occ ^ ((cell * 0x9E3779B97F4A7C15) & _MASK))
        if got is not None:
            return target in got
        seen = {target}
        frontier = [target]
        pop = frontier.pop
        push = frontier.append
        add = seen.add
        slide_dirs = SLIDE_DIRS
        d0, d1, d2, d3, d4, d5 = DIRS
        while frontier:
            x = pop()
            m = (
                ((x + d0) in stacks)
                | (((x + d1) in stacks) << 1)
                | (((x + d2) in stacks) << 2)
                | (((x + d3) in stacks) << 3)
                | (((x + d4) in stacks) << 4)
                | (((x + d5) in stacks) << 5)
            )
            for d in slide_dirs[m]:
                n = x + d
                if n not in seen:
                    if n == cell:
                        return True
                    add(n)
                    push(n)
        return False

    def is_legal_quick(self, piece: int, dest: int) -> bool:
        """Whether (``piece``, ``dest``) is legal, for the side to move,
        without generating every move. Exact for placements and for moves of
        one's own pieces; Pillbug throws and the pass are answered False
        (the caller then finds them, if legal, among :meth:`legal_moves`)."""
        if piece < 0 or self.status != IN_PROGRESS or self.ply < 2:
            return False
        me = self.ply & 1
        if (piece >> 4) != me or not self.in_game[piece]:
            return False
        pos = self.pos
        stacks = self.stacks
        src = pos[piece]
        if src is None:
            if dest in stacks or piece not in self.placeable():
                return False
            own = False
            for d in DIRS:
                t = stacks.get(dest + d)
                if t:
                    if (t[-1] >> 4) != me:
                        return False
                    own = True
            return own
        if piece == self.last or pos[me * 16] is None or stacks[src][-1] != piece or src == dest:
            return False
        if dest in stacks and KIND[piece] in (ANT, SPIDER, QUEEN, PILLBUG, GRASSHOPPER, LADYBUG):
            return False
        return self.reaches(piece, dest, _query_cuts(self))

    def _ladybug_reaches(self, cell: int, target: int) -> bool:
        """The Ladybug's walks (two steps up, one down; the mover lifted)
        that end on ``target``: only second-step cells next to the target
        and first-step cells next to both are tried."""
        stacks = self.stacks
        if target in stacks:
            return False

        def h(x: int) -> int:
            t = stacks.get(x)
            return len(t) if t else 0

        for d3, l3, r3 in TRI:
            b = target - d3  # the last step goes from b to the target
            hb = h(b)
            if not hb:
                continue
            if min(h(b + l3), h(b + r3)) > hb:
                continue
            for d1, l1, r1 in TRI:
                a = cell + d1
                d2 = b - a
                if d2 not in _ADJ:
                    continue
                ha = h(a)
                if not ha or min(h(cell + l1), h(cell + r1)) > ha:
                    continue
                i = _DIR_INDEX[d2]
                if min(h(a + DIRS[i - 1]), h(a + DIRS[(i + 1) % 6])) <= max(ha, hb):
                    return True
        return False

    def _spider_reaches(self, cell: int, target: int) -> bool:
        stacks = self.stacks
        dist = DIST
        for d1, l1, r1 in TRI:
            a = cell + d1
            if a in stacks or ((cell + l1) in stacks) == ((cell + r1) in stacks):
                continue
            if dist.get(target - a, 9) > 2:
                continue
            for d2, l2, r2 in TRI:
                b = a + d2
                if b == cell or b in stacks or ((a + l2) in stacks) == ((a + r2) in stacks):
                    continue
                if (target - b) not in _ADJ or target == a:
                    continue
                c = target
                # the last step b -> target: gates of that step
                i = DIRS.index(c - b)
                if ((b + DIRS[i - 1]) in stacks) != ((b + DIRS[(i + 1) % 6]) in stacks):
                    return True
        return False

    def _by_kind(
        self, pid: int, kind: int, cell: int, cuts: Cuts, lifted_ground: bool, st: list[int], out: set[int]
    ) -> None:
        if kind == QUEEN or kind == PILLBUG:
            if lifted_ground:
                self._slides(cell, out)
        elif kind == ANT:
            if lifted_ground:
                self._ant(cell, out)
        elif kind == SPIDER:
            if lifted_ground:
                self._spider(cell, out)
        elif kind == BEETLE:
            self._beetle(cell, out)
        elif kind == GRASSHOPPER:
            if lifted_ground:
                self._grasshopper(cell, out)
        elif kind == LADYBUG:
            if lifted_ground:
                self._ladybug(cell, out)
        elif kind == DRAGONFLY:
            if lifted_ground or KIND[pid] != DRAGONFLY:
                # a lone dragonfly (or a mosquito copying one) carries nothing
                if lifted_ground:
                    self._dragonfly(pid, cell, cuts, False, out)
            else:
                beneath = st[-1]
                carry_ok = beneath != self.last and not (len(st) == 1 and cell in cuts)
                self._dragonfly(pid, cell, cuts, carry_ok, out)

    def generate(self) -> tuple[list[int], set[int], dict[int, set[int]]]:
        """(placeable pieces, placement cells, {board piece: destinations})
        for the side to move. Empty when the game is over."""
        if self.status != IN_PROGRESS:
            return [], set(), {}
        me = self.ply & 1
        pieces = self.placeable()
        cells = self.placement_cells() if pieces else set()
        if not cells:
            pieces = []
        moves: dict[int, set[int]] = {}
        pos = self.pos
        if pos[me * 16] is not None:
            stacks = self.stacks
            cuts = self.cut_cells()
            last = self.last
            base = me * 16
            for pid in range(base, base + 15):
                cell = pos[pid]
                if cell is None or pid == last:
                    continue
                st = stacks[cell]
                if st[-1] != pid:
                    continue
                kind = KIND[pid]
                out = moves.get(pid)
                if out is None:
                    out = set()
                self.piece_moves(pid, cuts, out)
                if out:
                    moves[pid] = out
                if len(st) == 1 and (kind == PILLBUG or (kind == MOSQUITO and self._touches_pillbug(cell))):
                    self._throws(cell, cuts, moves)
        return pieces, cells, moves

    def moves_from(self, cells: set[int] | frozenset[int]) -> list[tuple[int, int]]:
        """The legal moves of the side to move whose piece starts on one of
        ``cells`` (moves of its own pieces and Pillbug throws), without
        generating the rest. Placements and the pass are not included."""
        if self.status != IN_PROGRESS:
            return []
        me = self.ply & 1
        pos = self.pos
        if pos[me * 16] is None:
            return []
        stacks = self.stacks
        cuts = self.cut_cells()
        last = self.last
        out: set[tuple[int, int]] = set()
        dests: set[int] = set()
        for cell in cells:
            st = stacks.get(cell)
            if not st:
                continue
            pid = st[-1]
            if (pid >> 4) != me or pid == last:
                continue
            dests.clear()
            self.piece_moves(pid, cuts, dests)
            for d in dests:
                out.add((pid, d))
        base = me * 16
        for pid in (base + 13, base + 11):  # the Pillbug, then the Mosquito
            at = pos[pid]
            if at is None or pid == last or len(stacks[at]) != 1:
                continue
            if pid == base + 11 and not self._touches_pillbug(at):
                continue
            thrown: dict[int, set[int]] = {}
            self._throws(at, cuts, thrown)
            for t, ds in thrown.items():
                if pos[t] in cells:
                    for d in ds:
                        out.add((t, d))
        return list(out)

    def moves_to(
        self, target: int, colour: int | None = None, first: bool = False, exact: bool = True
    ) -> list[tuple[int, int]]:
        """Moves that end on the empty cell ``target``: the legal ones of the
        side to move, or for ``colour`` the moves it would have if it were
        its turn now (the piece moved last would then be free again). With
        ``first``, stop at the first one found. With ``exact`` false, a
        Soldier Ant (or a Mosquito) that can slide out of its cell is taken to
        reach any target a sliding piece can enter, without walking the
        hive: a quick threat test that may see a threat that is not there.

        Cheaper than :meth:`generate`: each piece is first tested by what
        its kind can reach at all (a one-step mover must be next to the
        target, a Grasshopper in line with it, a Soldier Ant needs a way to
        slide into it...), cheap kinds are tried first, and only candidates
        get their moves generated. Placements never end next to an enemy
        piece, so when ``target`` touches the other colour's Queen they
        need no look; they are not included."""
        if self.status != IN_PROGRESS or target in self.stacks:
            return []
        me = self.ply & 1
        last = self.last
        if colour is None:
            colour = me
        elif colour != me:
            last = -1
        pos = self.pos
        if pos[colour * 16] is None:
            return []
        stacks = self.stacks
        cuts = _query_cuts(self)
        tq, tr = qr_of(target)
        cheap: list[int] = []
        costly: list[int] = []
        base = colour * 16
        for pid in range(base, base + 15):
            cell = pos[pid]
            if cell is None or pid == last:
                continue
            st = stacks[cell]
            if st[-1] != pid:
                continue
            k = KIND[pid]
            q, r = qr_of(cell)
            dq, dr = tq - q, tr - r
            dist = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if k == BEETLE or (k == MOSQUITO and len(st) > 1):
                if dist == 1:
                    cheap.append(pid)
            elif k == QUEEN or k == PILLBUG:
                if dist == 1 and self._enterable(target, cell):
                    cheap.append(pid)
            elif k == GRASSHOPPER:
                if dist > 1 and (dq == 0 or dr == 0 or dq == -dr):
                    cheap.append(pid)
            elif k == SPIDER:
                if dist <= 3 and self._enterable(target, cell):
                    cheap.append(pid)
            elif k == LADYBUG:
                if dist <= 3:
                    cheap.append(pid)
            elif k == DRAGONFLY:
                if dist <= 2:
                    cheap.append(pid)
            elif k == MOSQUITO or self._enterable(target, cell):
                costly.append(pid)
        out: list[tuple[int, int]] = []
        if not exact and costly:
            for pid in costly:
                cell = pos[pid]
                assert cell is not None
                if len(stacks[cell]) == 1 and self._slides_out(cell) and cell not in cuts:
                    out.append((pid, target))
                    if first:
                        return out
            costly = []
        for pid in cheap + costly:
            if self.reaches(pid, target, cuts):
                out.append((pid, target))
                if first:
                    return out
        # Pillbug throws onto the target
        for pid in (base + 13, base + 11):
            cell = pos[pid]
            if cell is None or pid == last or (target - cell) not in _ADJ or len(stacks[cell]) != 1:
                continue
            if pid == base + 11 and not self._touches_pillbug(cell):
                continue
            saved = self.last
            self.last = last
            thrown: dict[int, set[int]] = {}
            try:
                self._throws(cell, cuts, thrown)
            finally:
                self.last = saved
            for t, ds in thrown.items():
                if target in ds and (t, target) not in out:
                    out.append((t, target))
                    if first:
                        return out
        return out

    def _slides_out(self, cell: int) -> bool:
        """Whether a ground piece on ``cell`` has a first sliding step."""
        stacks = self.stacks
        for d, dl, dr in TRI:
            if cell + d not in stacks and ((cell + dl) in stacks) != ((cell + dr) in stacks):
                return True
        return False

    def _enterable(self, target: int, lifted: int) -> bool:
        """Whether a sliding piece could enter the empty cell ``target`` from
        some empty neighbour (with the piece on ``lifted`` taken away)."""
        stacks = self.stacks
        for d, dl, dr in TRI:
            g = target + d
            if g in stacks and g != lifted:
                continue
            a = target + dl
            b = target + dr
            if ((a in stacks) and a != lifted) != ((b in stacks) and b != lifted):
                return True
        return False

    def _touches_pillbug(self, cell: int) -> bool:
        stacks = self.stacks
        for d in DIRS:
            s = stacks.get(cell + d)
            if s and KIND[s[-1]] == PILLBUG:
                return True
        return False

    def legal_moves(self) -> list[tuple[int, int]]:
        """Every distinct (piece, destination); ``[PASS]`` when nothing else
        is possible; ``[]`` once the game is over."""
        if self.status != IN_PROGRESS:
            return []
        pieces, cells, moves = self.generate()
        out = [(p, c) for p in pieces for c in cells]
        for p, ds in moves.items():
            out.extend((p, d) for d in ds)
        if not out:
            out.append(PASS)
        return out

    def count_moves(self) -> int:
        """Number of legal moves (a forced pass counts one; 0 if over)."""
        if self.status != IN_PROGRESS:
            return 0
        pieces, cells, moves = self.generate()
        n = len(pieces) * len(cells)
        for ds in moves.values():
            n += len(ds)
        return n or 1
