"""Pure helpers for drawing a Hive state (used by the terminal screen).

Cells are axial ``(q, r)`` pairs as in :mod:`beegames.core.hexgrid`
(pointy-top, directions E, SE, SW, W, NW, NE). UHP relative positions map to
neighbour directions like this: ``ref-`` east, ``ref\\`` south-east,
``/ref`` south-west, ``-ref`` west, ``\\ref`` north-west, ``ref/`` north-east,
and a bare ``ref`` means on top of that piece's stack.
"""

from __future__ import annotations

from beegames.core.hexgrid import DIRECTIONS, Hex

from .board import cell_of, qr_of
from .notation import NotationError, move_to_string, parse_move
from .pieces import ID_OF, NAME, ids_in_game
from .state import HiveState, board_from_state

#: UHP separator pair (before, after) -> axial offset from the reference piece
UHP_OFFSETS: dict[tuple[str, str], Hex] = {
    ("", "-"): DIRECTIONS[0],
    ("", "\\"): DIRECTIONS[1],
    ("/", ""): DIRECTIONS[2],
    ("-", ""): DIRECTIONS[3],
    ("\\", ""): DIRECTIONS[4],
    ("", "/"): DIRECTIONS[5],
}


def uhp_cell(ref_cell: Hex, sep_before: str = "", sep_after: str = "") -> Hex:
    """Cell named by a UHP relative position around a piece at ``ref_cell``
    (no separator: the reference's own cell, i.e. on top of it)."""
    if not sep_before and not sep_after:
        return ref_cell
    dq, dr = UHP_OFFSETS[(sep_before, sep_after)]
    return (ref_cell[0] + dq, ref_cell[1] + dr)


def board_cells(state: HiveState) -> list[tuple[int, int, list[str]]]:
    """Every occupied cell as ``(q, r, stack bottom->top)``."""
    return [(c.q, c.r, list(c.stack)) for c in state.cells]


def reserve(state: HiveState, colour: int) -> list[str]:
    """Pieces still in ``colour``'s hand (0 White, 1 Black), in placement order."""
    on_board = {n for c in state.cells for n in c.stack}
    in_game = ids_in_game(state.expansions)
    return [NAME[p] for p in range(colour * 16, colour * 16 + 15) if in_game[p] and NAME[p] not in on_board]


def last_move_cells(state: HiveState) -> tuple[Hex | None, Hex | None]:
    """(from, to) cells of the previous move; ``from`` is None for a placement."""
    return state.last_from, state.last_to


def targets(state: HiveState, piece_name: str) -> dict[Hex, str]:
    """Legal destinations of ``piece_name`` (a reserve piece to place or a
    board piece to move, including an opponent's piece a Pillbug may throw),
    each with its UHP MoveString."""
    if piece_name not in ID_OF:
        return {}
    pid = ID_OF[piece_name]
    board = board_from_state(state)
    out: dict[Hex, str] = {}
    for p, c in board.legal_moves():
        if p == pid:
            out[qr_of(c)] = move_to_string(board, p, c)
    return out


def move_for(state: HiveState, piece_name: str, cell: Hex) -> str | None:
    """MoveString for putting ``piece_name`` on ``cell``, or None if illegal."""
    return targets(state, piece_name).get((cell[0], cell[1]))


def move_cells(state: HiveState, move: str) -> tuple[str, Hex] | None:
    """(piece name, destination cell) of a MoveString in ``state``, or None."""
    board = board_from_state(state)
    try:
        p, c = parse_move(board, move)
    except NotationError:
        return None
    if p < 0:
        return None
    return NAME[p], qr_of(c)


def hint_cells(state: HiveState, move: str) -> tuple[Hex | None, Hex | None]:
    """The cells a screen lights for a move the coach suggests: where the
    piece stands (None for a placement or a pass) and where it goes
    (:func:`beegames.games.hive.coach.hint_cells`)."""
    from .coach import hint_cells as cells

    return cells(state, move)


__all__ = [
    "UHP_OFFSETS",
    "board_cells",
    "cell_of",
    "hint_cells",
    "last_move_cells",
    "move_cells",
    "move_for",
    "reserve",
    "targets",
    "uhp_cell",
]
