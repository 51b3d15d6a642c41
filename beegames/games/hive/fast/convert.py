"""Between board.py and the numba core: a :class:`FastBoard` built from any
``board.Board`` position, with moves in board.py's ``(piece, cell)`` form.

The numba state is built from the board's root position (the board with
its undo history taken back) and the history is then replayed with
:func:`.core.make`, so the numba history holds the same positions as the
board's: repetitions count alike and :meth:`FastBoard.undo` can go back as
far as ``Board.undo`` could. The root position counts towards repetitions
as often as the board's repetition table says. (A board loaded from a saved
state may list in that table earlier positions it has no history for: the
numba state cannot know them, the only case where a third repetition could
be seen by board.py and not here.)

Cells: a board cell ``(q, r)`` is the torus index ``(q + 32 r) mod 1024``.
Going back needs the hive: a destination is always next to (or on) an
occupied cell, so it is found among the board cells of the placed pieces
and their neighbours, which :class:`FastBoard` follows as moves are made.
"""

from __future__ import annotations

import numpy as np

from ..board import DIRS, ORIGIN, PASS, Board, qr_of
from .core import (
    H_CARRIED,
    H_WEIGHT,
    HIST,
    HW,
    I_LAST,
    I_PLACED0,
    I_PLY,
    I_SP,
    I_STATUS,
    INFO,
    NBMASK,
    POS,
    STACK,
    ZHASH,
    full_hash,
    history_room,
    make,
    new_state,
    put,
    unmake,
)
from .movegen import generate
from .perft import perft_counts
from .tables import CELL_MASK, MAXH, MAXMOVES, MOVE_SHIFT, NCELL, PASS_MOVE, torus

#: moves that can be made beyond the board's own history (search, perft)
ROOM = 1024
#: the widest hive (in q or in r) the torus holds: cells read by the move
#: generator lie within two steps of the hive, so they span at most 31
MAX_SPAN = 27


def torus_of(cell: int) -> int:
    """The torus index of a board.py cell."""
    q, r = qr_of(cell)
    return torus(q, r)


def _check_extent(board: Board) -> None:
    """ValueError unless the board's cells fit the torus without aliasing
    (true of every connected hive: see :mod:`.tables`)."""
    if not board.stacks:
        return
    qs, rs = zip(*(qr_of(c) for c in board.stacks))
    if max(qs) - min(qs) > MAX_SPAN or max(rs) - min(rs) > MAX_SPAN:
        raise ValueError("the hive is too wide for the numba core's 32 x 32 grid")


class FastBoard:
    """A numba position equal to a ``board.Board``, driven from Python.

    Meant for tests, conversion and tools; a search keeps to the arrays
    :attr:`b` and :attr:`z` and the ``@njit`` functions."""

    def __init__(self, board: Board, room: int = ROOM) -> None:
        root = board.copy()
        moves = [(e[0], e[2]) for e in root.hist]
        while root.hist:
            root.undo()
        _check_extent(board)
        b, z = new_state(root.in_game, len(moves) + room)
        #: the numba position: ``b`` (board, history, scratch) and ``z`` (keys, hashes)
        self.b = b
        self.z = z
        self.expansions = board.expansions
        #: each piece's board cell (None in hand), for mapping cells back
        self.cells: list[int | None] = list(root.pos)
        self._undo: list[tuple[int, int | None, int, int | None]] = []
        for c, st in root.stacks.items():
            t = torus_of(c)
            for pid in st:
                put(b, pid, t)
        b[INFO + I_PLY] = root.ply
        b[INFO + I_LAST] = root.last
        b[INFO + I_STATUS] = root.status
        b[INFO + I_PLACED0] = root.placed[0]
        b[INFO + I_PLACED0 + 1] = root.placed[1]
        z[ZHASH] = full_hash(b, z)
        b[HIST + H_WEIGHT] = root.rep.get(root.hash, 0)
        for p, c in moves:
            self.play(p, c)
        if (self.status, self.last, self.ply) != (board.status, board.last, board.ply):
            raise ValueError("the numba position does not agree with the board's")

    # -------------------------------------------------------------- moves
    def encode(self, piece: int, cell: int) -> int:
        """The numba move of board.py's move (``PASS`` gives -1)."""
        if piece < 0:
            return PASS_MOVE
        return (piece << MOVE_SHIFT) | torus_of(cell)

    def decode(self, move: int) -> tuple[int, int]:
        """board.py's ``(piece, cell)`` for a numba move of this position."""
        if move < 0:
            return PASS
        pid = move >> MOVE_SHIFT
        t = move & CELL_MASK
        placed = [c for c in self.cells if c is not None]
        if not placed:
            if t != torus_of(ORIGIN):
                raise ValueError(f"no board cell for {move} on an empty board")
            return pid, ORIGIN
        for c in placed:
            for d in (0, *DIRS):
                if torus_of(c + d) == t:
                    return pid, c + d
        raise ValueError(f"move {move} is not next to the hive")

    def play(self, piece: int, cell: int) -> None:
        """Make board.py's move ``(piece, cell)`` (no legality check)."""
        if history_room(self.b) <= 0:
            raise ValueError("no history room left for another move")
        make(self.b, self.z, self.encode(piece, cell))
        if piece < 0:
            self._undo.append((-1, None, -1, None))
            return
        carried = int(self.b[HIST + (self.b[INFO + I_SP] - 1) * HW + H_CARRIED])
        self._undo.append((piece, self.cells[piece], carried, self.cells[carried] if carried >= 0 else None))
        self.cells[piece] = cell
        if carried >= 0:
            self.cells[carried] = cell

    def undo(self) -> None:
        """Take back the last move made."""
        unmake(self.b)
        piece, at, carried, carried_at = self._undo.pop()
        if piece >= 0:
            self.cells[piece] = at
            if carried >= 0:
                self.cells[carried] = carried_at

    def raw_moves(self) -> np.ndarray:
        """The legal moves as numba ints (a forced pass is -1; none when over)."""
        buf = np.empty(MAXMOVES, np.int64)
        n = generate(self.b, buf)
        return buf[:n].copy()

    def legal_moves(self) -> list[tuple[int, int]]:
        """The legal moves in board.py's form, like ``Board.legal_moves``."""
        return [self.decode(int(m)) for m in self.raw_moves()]

    def count_moves(self) -> int:
        """Number of legal moves, like ``Board.count_moves``."""
        return len(self.raw_moves())

    def perft(self, depth: int) -> list[int]:
        """Counts at depths ``0..depth``, like ``perft.perft_board``."""
        if depth < 0:
            raise ValueError("perft depth must be 0 or more")
        if depth > history_room(self.b):
            raise ValueError("not enough history room for that depth")
        return [int(x) for x in perft_counts(self.b, self.z, depth)]

    # -------------------------------------------------------------- state
    @property
    def status(self) -> int:
        """board.py's status code: 0 in progress, 1 White wins, 2 Black wins, 3 draw."""
        return int(self.b[INFO + I_STATUS])

    @property
    def last(self) -> int:
        """The piece moved last (-1 after a pass or at the start)."""
        return int(self.b[INFO + I_LAST])

    @property
    def ply(self) -> int:
        """Plies played (White moves on even plies)."""
        return int(self.b[INFO + I_PLY])

    @property
    def hash(self) -> int:
        """The incremental Zobrist hash (the numba core's own keys, not board.py's)."""
        return int(self.z[ZHASH + self.b[INFO + I_SP]])

    def full_hash(self) -> int:
        """The hash worked out from scratch (equal to :attr:`hash`)."""
        return int(full_hash(self.b, self.z))

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the position, for equality tests: the
        stacks (as lists), piece cells, placed counts, ply, last, status,
        history depth and hash."""
        b = self.b
        heights = b[:NCELL]
        stacks = {int(c): b[STACK + c * MAXH : STACK + c * MAXH + heights[c]].tolist() for c in np.nonzero(heights)[0]}
        return (
            stacks,
            b[POS : POS + 32].tolist(),
            b[NBMASK : NBMASK + NCELL].tobytes(),
            b[INFO : INFO + 6].tolist(),
            self.hash,
            list(self.cells),
        )
