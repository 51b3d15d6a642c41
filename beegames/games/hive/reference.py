"""A slow, literal second move generator used to cross-check the fast one.

It reads a :class:`Board` but recomputes everything from scratch with
``(q, r)`` tuples: the hive's connectivity is checked by a flood fill after
lifting the mover, gates come from the shared neighbours found by set
intersection, and every bug's path is walked step by step. Tests (and the UHP
engine when ``BEEGAMES_HIVE_REFERENCE=1`` is set) compare its answers with
:meth:`Board.legal_moves`.
"""

from __future__ import annotations

from beegames.core.hexgrid import connected, distance, in_straight_line, neighbours

from .board import PASS, Board, cell_of, qr_of
from .pieces import (
    ANT,
    BEETLE,
    DRAGONFLY,
    GRASSHOPPER,
    KIND,
    LADYBUG,
    MOSQUITO,
    ORDER,
    PILLBUG,
    QUEEN,
    SPIDER,
)

Hex = tuple[int, int]


def _gates(a: Hex, b: Hex) -> list[Hex]:
    return [c for c in neighbours(a) if c in set(neighbours(b))]


def _step_ok(h: dict[Hex, int], a: Hex, b: Hex) -> bool:
    """Whether a piece (already removed from ``h``) may move a -> b."""
    ha, hb = h.get(a, 0), h.get(b, 0)
    g = [h.get(c, 0) for c in _gates(a, b)]
    if min(g) > max(ha, hb):
        return False
    if ha == 0 and hb == 0:
        return any(x > 0 for x in g)
    return True


class Reference:
    """One position as the slow generator reads it: stacks keyed by ``(q, r)`` and the side to move."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.stacks: dict[Hex, list[int]] = {qr_of(c): list(s) for c, s in board.stacks.items()}
        self.me = board.ply & 1

    def _heights(self) -> dict[Hex, int]:
        """How many pieces stand on each occupied cell, as the reference sees the stacks now."""
        return {c: len(s) for c, s in self.stacks.items() if s}

    # ----------------------------------------------------------------
    def _moves(self) -> set[tuple[int, int]]:
        """Every legal ``(piece, cell)`` of the side to move, worked out from scratch: placements, then
        the moves and Pillbug throws of its pieces once its Queen Bee is down; ``{PASS}`` when there
        is none, empty once the game is over."""
        b = self.board
        if b.status != 0:
            return set()
        out: set[tuple[int, Hex]] = set()
        self._placements(out)
        if b.pos[self.me * 16] is not None:
            for cell, st in list(self.stacks.items()):
                top = st[-1]
                if top >> 4 != self.me or top == b.last:
                    continue
                for d in self._piece_dests(top, cell):
                    out.add((top, d))
                k = KIND[top]
                if len(st) == 1 and (
                    k == PILLBUG
                    or (k == MOSQUITO and any(
                        n in self.stacks and KIND[self.stacks[n][-1]] == PILLBUG for n in neighbours(cell)
                    ))
                ):
                    for t, d in self._throws(cell):
                        out.add((t, d))
        res = {(p, cell_of(*d)) for p, d in out}
        return res or {PASS}

    def _placements(self, out: set[tuple[int, Hex]]) -> None:
        b = self.board
        me = self.me
        n_placed = sum(1 for s in self.stacks.values() for p in s if p >> 4 == me)
        queen_down = b.pos[me * 16] is not None
        pieces = []
        for kind in range(9):
            ids = [p for p in ORDER[me][kind] if b.in_game[p] and b.pos[p] is None]
            if not ids:
                continue
            if kind == QUEEN and n_placed == 0:
                continue
            if not queen_down and n_placed >= 3 and kind != QUEEN:
                continue
            pieces.append(min(ids))
        if not self.stacks:
            cells = {(0, 0)}
        elif len(self.stacks) == 1 and n_placed == 0:
            (only,) = self.stacks
            cells = set(neighbours(only))
        else:
            cells = set()
            for c in {n for s in self.stacks for n in neighbours(s)}:
                if c in self.stacks:
                    continue
                tops = [self.stacks[n][-1] >> 4 for n in neighbours(c) if n in self.stacks]
                if tops and all(t == me for t in tops):
                    cells.add(c)
        for p in pieces:
            for c in cells:
                out.add((p, c))

    # ----------------------------------------------------------------
    def _piece_dests(self, pid: int, cell: Hex) -> set[Hex]:
        """The cells the piece on top of ``cell`` may move to by its kind's ability, or none when
        lifting it would split the hive."""
        st = self.stacks[cell]
        st.pop()
        try:
            if not st:
                del self.stacks[cell]
                if not connected(set(self.stacks)):
                    return set()
            kind = KIND[pid]
            if kind == MOSQUITO:
                if cell in self.stacks:
                    return self._beetle(cell)
                kinds = {KIND[self.stacks[n][-1]] for n in neighbours(cell) if n in self.stacks}
                kinds.discard(MOSQUITO)
                res: set[Hex] = set()
                for k in kinds:
                    res |= self._kind(k, cell, pid, as_mosquito=True)
                return res
            return self._kind(kind, cell, pid, as_mosquito=False)
        finally:
            if cell not in self.stacks:
                self.stacks[cell] = st
            st.append(pid)

    def _kind(self, kind: int, cell: Hex, pid: int, as_mosquito: bool) -> set[Hex]:
        on_ground = cell not in self.stacks
        if kind == BEETLE:
            return self._beetle(cell)
        if not on_ground and kind != DRAGONFLY:
            return set()
        if kind in (QUEEN, PILLBUG):
            return self._crawl(cell, 1, exact=True)
        if kind == SPIDER:
            return self._crawl(cell, 3, exact=True)
        if kind == ANT:
            return self._crawl(cell, 99, exact=False)
        if kind == GRASSHOPPER:
            return self._grasshopper(cell)
        if kind == LADYBUG:
            return self._ladybug(cell)
        if kind == DRAGONFLY:
            return self._dragonfly(cell, carrying_allowed=not as_mosquito)
        return set()

    def _beetle(self, cell: Hex) -> set[Hex]:
        h = self._heights()
        return {n for n in neighbours(cell) if _step_ok(h, cell, n)}

    def _crawl(self, cell: Hex, steps: int, exact: bool) -> set[Hex]:
        h = self._heights()
        res: set[Hex] = set()
        if exact:
            paths = [[cell]]
            for _ in range(steps):
                nxt = []
                for path in paths:
                    here = path[-1]
                    for n in neighbours(here):
                        if n in path or h.get(n, 0) or not _step_ok(h, here, n):
                            continue
                        nxt.append(path + [n])
                paths = nxt
            return {p[-1] for p in paths}
        seen = {cell}
        todo = [cell]
        while todo:
            here = todo.pop()
            for n in neighbours(here):
                if n not in seen and not h.get(n, 0) and _step_ok(h, here, n):
                    seen.add(n)
                    todo.append(n)
                    res.add(n)
        res.discard(cell)
        return res

    def _grasshopper(self, cell: Hex) -> set[Hex]:
        res = set()
        for n in neighbours(cell):
            dq, dr = n[0] - cell[0], n[1] - cell[1]
            if n not in self.stacks:
                continue
            while n in self.stacks:
                n = (n[0] + dq, n[1] + dr)
            res.add(n)
        return res

    def _ladybug(self, cell: Hex) -> set[Hex]:
        h = self._heights()
        res = set()
        for a in neighbours(cell):
            if not h.get(a, 0) or not _step_ok(h, cell, a):
                continue
            for b in neighbours(a):
                if b == cell or not h.get(b, 0) or not _step_ok(h, a, b):
                    continue
                for c in neighbours(b):
                    if c == cell or c == a or h.get(c, 0) or not _step_ok(h, b, c):
                        continue
                    res.add(c)
        return res

    def _dragonfly(self, cell: Hex, carrying_allowed: bool) -> set[Hex]:
        res = set()
        below = self.stacks.get(cell)
        for mid in neighbours(cell):
            if mid not in self.stacks:
                continue
            for dest in neighbours(mid):
                if dest == cell or distance(dest, cell) < 2 or in_straight_line(cell, dest):
                    continue
                carry = carrying_allowed and below is not None and dest not in self.stacks
                h = self._heights()
                if carry and below is not None:
                    carried = below[-1]
                    if carried == self.board.last:
                        continue
                    h[cell] -= 1
                    if h[cell] == 0:
                        del h[cell]
                        if not connected(set(h)):
                            continue
                if _step_ok(h, cell, mid) and _step_ok(h, mid, dest):
                    res.add(dest)
        return res

    def _throws(self, cell: Hex) -> set[tuple[int, Hex]]:
        """The ``(piece, cell)`` throws a Pillbug (or a Mosquito copying one) on ``cell`` may make: a
        lone neighbouring piece lifted over it onto an empty neighbouring cell."""
        res = set()
        for a in neighbours(cell):
            st = self.stacks.get(a)
            if not st or len(st) != 1 or st[0] == self.board.last:
                continue
            t = st[0]
            del self.stacks[a]
            try:
                if not connected(set(self.stacks)):
                    continue
                h = self._heights()
                if min(h.get(g, 0) for g in _gates(a, cell)) > max(0, h[cell]):
                    continue
                for e in neighbours(cell):
                    if e == a or e in self.stacks:
                        continue
                    if min(h.get(g, 0) for g in _gates(cell, e)) > max(h[cell], 0):
                        continue
                    res.add((t, e))
            finally:
                self.stacks[a] = st
        return res


def reference_moves(board: Board) -> set[tuple[int, int]]:
    """Legal (piece, destination) pairs by the slow generator."""
    return Reference(board)._moves()
