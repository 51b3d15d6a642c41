"""Helpers for building Hive positions in tests."""

from __future__ import annotations

from beegames.games.hive.board import Board, cell_of, qr_of
from beegames.games.hive.notation import move_to_string
from beegames.games.hive.pieces import ID_OF
from beegames.games.hive.state import HiveCell, HiveState, board_from_state


def make_state(
    cells: dict, to_move: int = 0, last: str | None = None, expansions: str = "MLPD", turn: int | None = None
) -> HiveState:
    """A mid-game state from ``{(q, r): "wQ" or [bottom, ..., top]}``."""
    hc = []
    for (q, r), stack in cells.items():
        if isinstance(stack, str):
            stack = [stack]
        hc.append(HiveCell(q=q, r=r, stack=list(stack)))
    t = (20 + to_move) if turn is None else turn
    return HiveState(expansions=expansions, game_type="Base", cells=hc, to_move=t & 1, turn=t,
                     last_moved=last, status="InProgress", moves=["x"] * t)


def make_board(cells: dict, to_move: int = 0, last: str | None = None, expansions: str = "MLPD") -> Board:
    return board_from_state(make_state(cells, to_move, last, expansions))


def dests(board: Board, name: str) -> set[tuple[int, int]]:
    pid = ID_OF[name]
    return {qr_of(c) for p, c in board.legal_moves() if p == pid}


def strings(board: Board) -> set[str]:
    return {move_to_string(board, p, c) for p, c in board.legal_moves()}


__all__ = ["make_state", "make_board", "dests", "strings", "cell_of"]
