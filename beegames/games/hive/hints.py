"""Player-facing hints for the Hive screen: where a piece is, which pieces can
move, and why a chosen move is not allowed. Pure functions of a HiveState."""

from __future__ import annotations

from beegames.core.hexgrid import Hex

from .board import cell_of, qr_of
from .pieces import ID_OF, NAME
from .rules import explain_illegal, explain_no_placement
from .state import HiveState, board_from_state


def piece_cell(state: HiveState, piece: str) -> Hex | None:
    """Cell of ``piece`` on the board, or None while it is in reserve."""
    for c in state.cells:
        if piece in c.stack:
            return (c.q, c.r)
    return None


def top_piece(state: HiveState, cell: Hex) -> str | None:
    """Name of the piece on top of ``cell``'s stack, if any."""
    for c in state.cells:
        if (c.q, c.r) == tuple(cell):
            return c.stack[-1]
    return None


def movable_cells(state: HiveState) -> set[Hex]:
    """Cells whose top piece has at least one legal move this turn."""
    board = board_from_state(state)
    return {qr_of(cell) for p, _dest in board.legal_moves()
            if p >= 0 and (cell := board.pos[p]) is not None}


def why_illegal(state: HiveState, piece: str, cell: Hex) -> str:
    """Why ``piece`` may not go to ``cell`` (a sentence for the player)."""
    if piece not in ID_OF:
        return f"There is no piece called {piece}."
    return explain_illegal(board_from_state(state), ID_OF[piece], cell_of(cell[0], cell[1]))


def why_immobile(state: HiveState, piece: str) -> str:
    """Why ``piece`` has no legal destination at all."""
    if piece not in ID_OF:
        return f"There is no piece called {piece}."
    board = board_from_state(state)
    pid = ID_OF[piece]
    src = board.pos[pid]
    # Probe a neighbouring empty cell: the explanation names the first rule
    # that stops the piece (queen not placed, moved last turn, pinned...).
    if src is None:
        if board.stacks and piece[0] == "wb"[board.ply & 1]:
            return explain_no_placement(board, pid)
        probe = next(iter(board.stacks), cell_of(0, 0))
    else:
        from .board import DIRS

        probe = next((src + d for d in DIRS if src + d not in board.stacks), src)
    reason = explain_illegal(board, pid, probe)
    return reason if reason else f"{NAME[pid]} has no legal move now."
