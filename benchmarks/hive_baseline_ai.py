"""Today's Hive computer player, kept as the baseline of the AI benchmarks.

This file is a frozen, self-contained copy of ``beegames/games/hive/board.py``
and ``beegames/games/hive/ai.py`` as they stood before issue 14 (commit
c7149a7): the fast board with its move generator, the static evaluation and
the iterative-deepening alpha-beta searcher. It imports nothing from
``beegames``, so later work on the real engine cannot change it.
``benchmarks/hive_speed.py`` and ``benchmarks/hive_strength.py`` play it
against the current player.

Two changes only, neither of which alters a decision: the searcher reads the
clock through the module-level ``clock`` (the benchmarks set it to
``time.process_time`` so a shared machine's load does not favour either
side), and :func:`board_from_moves` builds a position from (piece, cell)
moves.
"""

# ruff: noqa
# mypy: ignore-errors

from __future__ import annotations

import random
import time

# ---------------------------------------------------------------- pieces
QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG, DRAGONFLY = range(9)
_INDEX_KINDS = (QUEEN, SPIDER, SPIDER, BEETLE, BEETLE, GRASSHOPPER, GRASSHOPPER, GRASSHOPPER,
                ANT, ANT, ANT, MOSQUITO, LADYBUG, PILLBUG, DRAGONFLY)
NUM_IDS = 32
KIND = [-1] * NUM_IDS
for _c in (0, 1):
    for _i, _k in enumerate(_INDEX_KINDS):
        KIND[_c * 16 + _i] = _k
ORDER = [[[] for _ in range(9)] for _ in range(2)]
for _pid in range(NUM_IDS):
    if KIND[_pid] >= 0:
        ORDER[_pid >> 4][KIND[_pid]].append(_pid)


def normalise_expansions(text: str) -> str:
    letters = {ch for ch in text.upper() if ch in "MLPD"}
    return "".join(ch for ch in "MLPD" if ch in letters)


def ids_in_game(expansions: str) -> list[bool]:
    exp = normalise_expansions(expansions)
    out = [False] * NUM_IDS
    for pid in range(NUM_IDS):
        k = KIND[pid]
        if k < 0 or (k >= MOSQUITO and "QSBGAMLPD"[k] not in exp):
            continue
        out[pid] = True
    return out


#: the clock the searcher reads (the benchmarks use time.process_time)
clock = time.perf_counter

# ----------------------------------------------------------------- board
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

    def copy(self) -> "Board":
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


# -------------------------------------------------------------------- ai
WIN = 1_000_000
INF = 10 * WIN

LEVEL_TIME = {"greedy": 0.0, "easy": 0.05, "medium": 0.3, "hard": 1.0}

#: penalty for a Queen with n occupied neighbours
PRESS = (0, 10, 30, 70, 150, 320, 0)
#: value of a piece that is free to move, by kind
MOBILE = {
    QUEEN: 12,
    SPIDER: 8,
    BEETLE: 14,
    GRASSHOPPER: 8,
    ANT: 20,
    MOSQUITO: 16,
    LADYBUG: 12,
    PILLBUG: 12,
    DRAGONFLY: 14,
}
IN_HAND = 3
ATTACKER = 12
QUEEN_COVERED = 60
QUEEN_SLIDE = 4


class Timeout(Exception):
    pass


def _cell_distance(a: int, b: int) -> int:
    q1, r1 = qr_of(a)
    q2, r2 = qr_of(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def evaluate(board: Board) -> int:
    """Static score from the point of view of the side to move."""
    st = board.status
    me = board.ply & 1
    if st != IN_PROGRESS:
        return _terminal(st, me, 0)
    stacks = board.stacks
    pos = board.pos
    cuts = board.cut_cells()
    score = [0, 0]
    qcell = (pos[0], pos[16])
    qfree = [0, 0]
    for c in (0, 1):
        q = qcell[c]
        if q is None:
            continue
        n = 0
        for d in DIRS:
            if q + d in stacks:
                n += 1
        qfree[c] = 6 - n
        score[c] -= PRESS[n]
        if stacks[q][-1] != c * 16:
            score[c] -= QUEEN_COVERED
        elif len(stacks[q]) == 1 and q not in cuts:
            out: set = set()
            del stacks[q]
            board._slides(q, out)
            stacks[q] = [c * 16]
            score[c] += QUEEN_SLIDE * len(out)
    last = board.last
    in_game = board.in_game
    for pid in range(32):
        if not in_game[pid]:
            continue
        c = pid >> 4
        cell = pos[pid]
        if cell is None:
            score[c] += IN_HAND
            continue
        s = stacks[cell]
        if s[-1] != pid:
            continue
        if len(s) == 1 and cell in cuts:
            continue
        kind = KIND[pid]
        v = MOBILE[kind]
        if pid == last:
            v //= 2
        score[c] += v
        eq = qcell[1 - c]
        if eq is not None and kind != QUEEN and qfree[1 - c]:
            if kind == ANT:
                score[c] += ATTACKER
            elif _cell_distance(cell, eq) == 2:
                score[c] += ATTACKER
    return score[me] - score[1 - me]


def _terminal(status: int, me: int, ply: int) -> int:
    if status == DRAW:
        return 0
    winner = 0 if status == WHITE_WINS else 1
    return (WIN - ply) if winner == me else -(WIN - ply)


def _queen_filled(board: Board, colour: int) -> tuple[int, list[int]]:
    q = board.pos[colour * 16]
    if q is None:
        return 0, []
    empty = [q + d for d in DIRS if q + d not in board.stacks]
    return 6 - len(empty), empty


def winning_move(board: Board) -> tuple[int, int] | None:
    """A move that wins at once for the side to move, if any."""
    if board.status != IN_PROGRESS:
        return None
    me = board.ply & 1
    filled, empty = _queen_filled(board, 1 - me)
    if filled < 5:
        return None
    target = set(empty)
    want = WHITE_WINS if me == 0 else BLACK_WINS
    for p, c in board.legal_moves():
        if c not in target:
            continue
        board.play(p, c)
        ok = board.status == want
        board.undo()
        if ok:
            return (p, c)
    return None


def forced_win_in_two(board: Board, deadline: float | None = None) -> tuple[int, int] | None:
    """A move after which every reply allows a winning move, if one exists."""
    if board.status != IN_PROGRESS:
        return None
    me = board.ply & 1
    want = WHITE_WINS if me == 0 else BLACK_WINS
    if board.pos[(1 - me) * 16] is None:
        return None
    for m in board.legal_moves():
        if deadline is not None and clock() > deadline:
            raise Timeout
        board.play(*m)
        try:
            if board.status != IN_PROGRESS:
                continue
            filled, _ = _queen_filled(board, 1 - me)
            if filled < 4:
                continue
            ok = True
            for r in board.legal_moves():
                board.play(*r)
                try:
                    if board.status == want:
                        continue
                    if board.status != IN_PROGRESS or winning_move(board) is None:
                        ok = False
                finally:
                    board.undo()
                if not ok:
                    break
            if ok:
                return m
        finally:
            board.undo()
    return None


class Searcher:
    """Iterative-deepening alpha-beta with a transposition table."""

    def __init__(self, max_branching: int = 0, seed: int | None = None) -> None:
        self.tt: dict[int, tuple[int, int, int, tuple[int, int] | None]] = {}
        self.max_branching = max_branching
        self.rng = random.Random(seed)
        self.nodes = 0
        self.depth_reached = 0

    # -- ordering -------------------------------------------------------
    def _order(self, board: Board, moves: list, ply: int, tt_move) -> list:
        me = board.ply & 1
        eq = board.pos[(1 - me) * 16]
        oq = board.pos[me * 16]
        eadj = {eq + d for d in DIRS} if eq is not None else set()
        oadj = {oq + d for d in DIRS} if oq is not None else set()
        killers = self.killers.get(ply, ())
        hist = self.history
        pos = board.pos
        scored = []
        for m in moves:
            p, c = m
            if m == tt_move:
                s = 1 << 30
            elif m in killers:
                s = 1 << 28
            else:
                s = hist.get(m, 0)
                if p >= 0:
                    src = pos[p]
                    if c == eq:
                        s += 5000
                    if c in eadj:
                        s += 3000 if (p >> 4) == me else -500
                    if src is not None:
                        if src in eadj and (p >> 4) == me:
                            s -= 2000
                        if src in oadj and (p >> 4) == me:
                            s += 1500
                        if c in oadj and (p >> 4) == me:
                            s -= 1000
                        if (p >> 4) != me and src in oadj:
                            s += 2500
                    else:
                        s -= 200
            scored.append((s, m))
        scored.sort(key=lambda t: t[0], reverse=True)
        out = [m for _, m in scored]
        if self.max_branching and len(out) > self.max_branching:
            out = out[: self.max_branching]
        return out

    # -- search ---------------------------------------------------------
    def _negamax(self, board: Board, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if (self.nodes & 127) == 0 and clock() > self.deadline:
            raise Timeout
        st = board.status
        if st != IN_PROGRESS:
            return _terminal(st, board.ply & 1, ply)
        if depth <= 0:
            return evaluate(board)
        key = board.hash ^ (board.last + 1) * 0x9E3779B97F4A7C15
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            edepth, escore, eflag, tt_move = entry
            if edepth >= depth:
                if eflag == 0:
                    return escore
                if eflag == 1 and escore >= beta:
                    return escore
                if eflag == -1 and escore <= alpha:
                    return escore
        moves = self._order(board, board.legal_moves(), ply, tt_move)
        alpha0 = alpha
        best = -INF
        best_move = None
        for m in moves:
            board.play(*m)
            try:
                v = -self._negamax(board, depth - 1, -beta, -alpha, ply + 1)
            finally:
                board.undo()
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if m[0] >= 0 and board.pos[m[0]] is not None:
                            ks = self.killers.setdefault(ply, [])
                            if m not in ks:
                                ks.insert(0, m)
                                del ks[2:]
                        self.history[m] = self.history.get(m, 0) + depth * depth
                        break
        flag = 0 if alpha0 < best < beta else (1 if best >= beta else -1)
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def search(self, board: Board, time_limit: float, max_depth: int = 64) -> tuple[tuple[int, int], int]:
        """Best move and its score within ``time_limit`` seconds."""
        start = clock()
        self.deadline = start + max(time_limit, 0.005)
        self.killers: dict[int, list] = {}
        self.history: dict = {}
        self.nodes = 0
        if len(self.tt) > 400_000:
            self.tt.clear()
        moves = board.legal_moves()
        if len(moves) == 1:
            return moves[0], 0
        self.rng.shuffle(moves)
        best_move = moves[0]
        best_score = -INF
        self.depth_reached = 0
        for depth in range(1, max_depth + 1):
            cur_best, cur_score = None, -INF
            try:
                ordered = self._order(board, moves, 0, best_move)
                alpha, beta = -INF, INF
                cur_best, cur_score = None, -INF
                for m in ordered:
                    board.play(*m)
                    try:
                        v = -self._negamax(board, depth - 1, -beta, -alpha, 1)
                    finally:
                        board.undo()
                    if v > cur_score:
                        cur_score, cur_best = v, m
                        if v > alpha:
                            alpha = v
                best_move, best_score = cur_best, cur_score
                self.depth_reached = depth
                if best_score >= WIN - 100 or best_score <= -(WIN - 100):
                    break
                # stop early when another iteration surely will not finish
                spent = clock() - start
                if spent * 4 > time_limit and depth >= 2:
                    break
            except Timeout:
                if cur_best is not None:
                    best_move, best_score = cur_best, cur_score
                break
        return best_move, best_score


def greedy_move(board: Board, rng: random.Random | None = None, noise: int = 0) -> tuple[int, int]:
    """The move with the best static evaluation one ply ahead."""
    moves = board.legal_moves()
    best, best_v = moves[0], -INF
    if rng is not None:
        rng.shuffle(moves)
    for m in moves:
        board.play(*m)
        v = -evaluate(board)
        board.undo()
        if noise and rng is not None:
            v += rng.randint(-noise, noise)
        if v > best_v:
            best, best_v = m, v
    return best


def choose_move(
    board: Board,
    level: str = "hard",
    rng: random.Random | None = None,
    time_limit: float | None = None,
    searcher: Searcher | None = None,
    max_depth: int = 64,
) -> tuple[int, int]:
    """Pick a move for the side to move on ``board`` (left unchanged)."""
    if board.status != IN_PROGRESS:
        raise ValueError("the game is over")
    rng = rng or random.Random(0)
    limit = LEVEL_TIME.get(level, 1.0) if time_limit is None else time_limit
    start = clock()
    moves = board.legal_moves()
    if len(moves) == 1:
        return moves[0]
    win = winning_move(board)
    if win is not None:
        return win
    if level == "greedy":
        return greedy_move(board, rng)
    if level == "easy":
        return greedy_move(board, rng, noise=40)
    try:
        w2 = forced_win_in_two(board, start + limit * 0.8)
    except Timeout:
        w2 = None
    if w2 is not None:
        return w2
    remaining = limit - (clock() - start)
    searcher = searcher or Searcher(seed=rng.randrange(1 << 30))
    move, _ = searcher.search(board, max(remaining, 0.01), max_depth=max_depth)
    return move


def board_from_moves(expansions: str, moves) -> Board:
    """A baseline board after playing ``moves`` ((piece, cell) pairs) from the start."""
    b = Board(expansions)
    for p, c in moves:
        b.play(p, c)
    return b
