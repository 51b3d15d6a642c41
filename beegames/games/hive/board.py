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

ORIGIN = 0
PASS = (-1, 0)

IN_PROGRESS, WHITE_WINS, BLACK_WINS, DRAW = 0, 1, 2, 3

_MASK = (1 << 64) - 1


def cell_of(q: int, r: int) -> int:
    return q + r * STRIDE


def qr_of(cell: int) -> tuple[int, int]:
    r = (cell + HALF) // STRIDE
    return cell - r * STRIDE, r


def _mix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_ZCACHE: dict[tuple[int, int, int], int] = {}
SIDE_KEY = _mix(0xB1AC)


def zkey(pid: int, cell: int, level: int) -> int:
    """Deterministic Zobrist key of a piece at a cell and level."""
    k = (pid, cell, level)
    z = _ZCACHE.get(k)
    if z is None:
        q, r = qr_of(cell)
        z = _mix(_mix(_mix(pid * 7919 + level) ^ (q & 0xFFFFFFFF)) ^ ((r & 0xFFFFFFFF) << 1))
        _ZCACHE[k] = z
    return z


class Board:
    """A Hive position plus the history needed to undo moves."""

    __slots__ = (
        "expansions",
        "in_game",
        "stacks",
        "pos",
        "ply",
        "last",
        "placed",
        "hash",
        "rep",
        "status",
        "hist",
        "_cache",
    )

    def __init__(self, expansions: str = "") -> None:
        self.expansions = normalise_expansions(expansions)
        self.in_game = ids_in_game(self.expansions)
        self.stacks: dict[int, list[int]] = {}
        self.pos: list[int | None] = [None] * NUM_IDS
        self.ply = 0
        self.last = -1
        self.placed = [0, 0]
        self.hash = 0
        self.rep: dict[int, int] = {0: 1}
        self.status = IN_PROGRESS
        self.hist: list[tuple] = []
        self._cache = None

    # ------------------------------------------------------------------ basics
    @property
    def colour(self) -> int:
        return self.ply & 1

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.expansions = self.expansions
        b.in_game = self.in_game
        b.stacks = {c: list(s) for c, s in self.stacks.items()}
        b.pos = list(self.pos)
        b.ply = self.ply
        b.last = self.last
        b.placed = list(self.placed)
        b.hash = self.hash
        b.rep = dict(self.rep)
        b.status = self.status
        b.hist = list(self.hist)
        b._cache = None
        return b

    def height(self, cell: int) -> int:
        s = self.stacks.get(cell)
        return len(s) if s else 0

    def top(self, cell: int) -> int:
        s = self.stacks.get(cell)
        return s[-1] if s else -1

    def level(self, pid: int) -> int:
        c = self.pos[pid]
        return -1 if c is None else self.stacks[c].index(pid)

    def queen_placed(self, colour: int) -> bool:
        return self.pos[colour * 16] is not None

    def surrounded(self, colour: int) -> bool:
        c = self.pos[colour * 16]
        if c is None:
            return False
        st = self.stacks
        for d in DIRS:
            if c + d not in st:
                return False
        return True

    def _compute_status(self) -> int:
        w = self.surrounded(0)
        b = self.surrounded(1)
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
    def play(self, piece: int, dest: int) -> None:
        """Make a move (no legality check)."""
        self._cache = None
        prev = (self.last, self.status)
        h = self.hash
        if piece < 0:
            self.hist.append((piece, None, dest, -1, prev))
            self.last = -1
        else:
            stacks = self.stacks
            src = self.pos[piece]
            carried = -1
            if src is None:
                self.placed[piece >> 4] += 1
            else:
                st = stacks[src]
                h ^= zkey(piece, src, len(st) - 1)
                st.pop()
                if st and KIND[piece] == DRAGONFLY and dest not in stacks:
                    carried = st.pop()
                    h ^= zkey(carried, src, len(st))
                if not st:
                    del stacks[src]
            ds = stacks.get(dest)
            if ds is None:
                ds = stacks[dest] = []
            if carried >= 0:
                h ^= zkey(carried, dest, len(ds))
                ds.append(carried)
                self.pos[carried] = dest
            h ^= zkey(piece, dest, len(ds))
            ds.append(piece)
            self.pos[piece] = dest
            self.last = piece
            self.hist.append((piece, src, dest, carried, prev))
        self.ply += 1
        h ^= SIDE_KEY
        self.hash = h
        self.rep[h] = self.rep.get(h, 0) + 1
        self.status = self._compute_status()

    def undo(self) -> None:
        """Take back the last move made with :meth:`play`."""
        self._cache = None
        piece, src, dest, carried, (last, status) = self.hist.pop()
        h = self.hash
        n = self.rep[h] - 1
        if n:
            self.rep[h] = n
        else:
            del self.rep[h]
        h ^= SIDE_KEY
        if piece >= 0:
            stacks = self.stacks
            ds = stacks[dest]
            ds.pop()
            h ^= zkey(piece, dest, len(ds))
            if carried >= 0:
                ds.pop()
                h ^= zkey(carried, dest, len(ds))
            if not ds:
                del stacks[dest]
            if src is None:
                self.placed[piece >> 4] -= 1
                self.pos[piece] = None
            else:
                ss = stacks.get(src)
                if ss is None:
                    ss = stacks[src] = []
                if carried >= 0:
                    h ^= zkey(carried, src, len(ss))
                    ss.append(carried)
                    self.pos[carried] = src
                h ^= zkey(piece, src, len(ss))
                ss.append(piece)
                self.pos[piece] = src
        self.hash = h
        self.ply -= 1
        self.last = last
        self.status = status

    # --------------------------------------------------------------- analysis
    def cut_cells(self) -> set[int]:
        """Occupied cells whose emptying would split the hive (articulation
        points of the graph of occupied cells)."""
        stacks = self.stacks
        if len(stacks) < 3:
            return set()
        start = next(iter(stacks))
        disc = {start: 0}
        low = {start: 0}
        parent = {start: None}
        cuts: set[int] = set()
        timer = 1
        root_children = 0
        work = [(start, iter([start + d for d in DIRS]))]
        while work:
            node, it = work[-1]
            pushed = False
            for nb in it:
                if nb not in stacks:
                    continue
                if nb not in disc:
                    parent[nb] = node
                    disc[nb] = low[nb] = timer
                    timer += 1
                    work.append((nb, iter([nb + d for d in DIRS])))
                    pushed = True
                    break
                if nb != parent[node] and disc[nb] < low[node]:
                    low[node] = disc[nb]
            if not pushed:
                work.pop()
                p = parent[node]
                if p is not None:
                    if low[node] < low[p]:
                        low[p] = low[node]
                    if parent[p] is None:
                        root_children += 1
                    elif low[node] >= disc[p]:
                        cuts.add(p)
        if root_children > 1:
            cuts.add(start)
        return cuts

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
    def _slides(self, cell: int, out: set) -> None:
        stacks = self.stacks
        for d, dl, dr in TRI:
            n = cell + d
            if n not in stacks and ((cell + dl) in stacks) != ((cell + dr) in stacks):
                out.add(n)

    def _ant(self, cell: int, out: set) -> None:
        stacks = self.stacks
        seen = {cell}
        frontier = [cell]
        pop = frontier.pop
        push = frontier.append
        add = seen.add
        while frontier:
            c = pop()
            for d, dl, dr in TRI:
                n = c + d
                if n in seen or n in stacks:
                    continue
                if ((c + dl) in stacks) != ((c + dr) in stacks):
                    add(n)
                    push(n)
        seen.discard(cell)
        out |= seen

    def _spider(self, cell: int, out: set) -> None:
        stacks = self.stacks
        for d1, l1, r1 in TRI:
            a = cell + d1
            if a in stacks or ((cell + l1) in stacks) == ((cell + r1) in stacks):
                continue
            for d2, l2, r2 in TRI:
                b = a + d2
                if b == cell or b in stacks or ((a + l2) in stacks) == ((a + r2) in stacks):
                    continue
                for d3, l3, r3 in TRI:
                    c = b + d3
                    if c == cell or c == a or c in stacks:
                        continue
                    if ((b + l3) in stacks) != ((b + r3) in stacks):
                        out.add(c)

    def _grasshopper(self, cell: int, out: set) -> None:
        stacks = self.stacks
        for d in DIRS:
            n = cell + d
            if n not in stacks:
                continue
            n += d
            while n in stacks:
                n += d
            out.add(n)

    def _beetle(self, cell: int, out: set) -> None:
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

    def _ladybug(self, cell: int, out: set) -> None:
        stacks = self.stacks

        def h(c: int) -> int:
            s = stacks.get(c)
            return len(s) if s else 0

        for d1, l1, r1 in TRI:
            a = cell + d1
            ha = h(a)
            if not ha or min(h(cell + l1), h(cell + r1)) > ha:
                continue
            for d2, l2, r2 in TRI:
                b = a + d2
                hb = h(b)
                if not hb or min(h(a + l2), h(a + r2)) > max(ha, hb):
                    continue
                for d3, l3, r3 in TRI:
                    c = b + d3
                    if c == cell or c in stacks:
                        continue
                    if min(h(b + l3), h(b + r3)) <= hb:
                        out.add(c)

    def _dragonfly(self, pid: int, cell: int, cuts: set, carry_ok: bool, out: set) -> None:
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
            for mid, other in ((m1, m2), (m2, m1)):
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

    def _throws(self, cell: int, cuts: set, moves: dict) -> None:
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

    def piece_moves(self, pid: int, cuts: set, out: set) -> None:
        """Destinations of the board piece ``pid`` by its own ability (no
        Pillbug throws). Caller checks turn, queen, last-moved and cover."""
        stacks = self.stacks
        cell = self.pos[pid]
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

    def _by_kind(self, pid, kind, cell, cuts, lifted_ground, st, out) -> None:
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

    def is_legal(self, piece: int, dest: int) -> bool:
        return (piece, dest) in set(self.legal_moves())
