"""Hive's checks of a state: the invariants run after every step, and the
thorough check of a position taken from a save without a replay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beegames.core.errors import IllegalMove
from beegames.core.hexgrid import connected

from .pieces import COLOUR_NAMES, ID_OF, NAME, ids_in_game
from .state import HiveOptions, HiveState

if TYPE_CHECKING:
    from .engine import HiveEngine


def check_invariants(state: HiveState) -> None:
    """Raise AssertionError if the state breaks a Hive invariant: a piece unknown, not in this game or
    on the board twice, an empty or doubled cell, a split hive, turn, side to move and move list out
    of step, a last-moved piece off the board, a wrong game type or status, or four pieces placed
    without the Queen Bee."""
    in_game = ids_in_game(state.expansions)
    seen: dict[str, tuple[int, int]] = {}
    cells = set()
    for cell in state.cells:
        assert cell.stack, f"empty stack recorded at {(cell.q, cell.r)}"
        key = (cell.q, cell.r)
        assert key not in cells, f"cell {key} listed twice"
        cells.add(key)
        for name in cell.stack:
            assert name in ID_OF, f"unknown piece {name}"
            assert in_game[ID_OF[name]], f"{name} is not part of this game"
            assert name not in seen, f"{name} is on the board twice"
            seen[name] = key
    total = {NAME[p] for p in range(32) if in_game[p]}
    reserve = total - set(seen)
    assert set(seen) | reserve == total and not (set(seen) & reserve), "piece conservation broken"
    assert connected(cells), "the hive is split"
    assert state.to_move == (state.turn & 1), "to_move does not match turn"
    assert len(state.moves) == state.turn, "move list does not match the turn counter"
    if state.last_moved is not None:
        assert state.last_moved in seen, "the last moved piece is not on the board"
    assert state.game_type == HiveOptions(expansions=state.expansions).game_type
    assert state.status in ("NotStarted", "InProgress", "WhiteWins", "BlackWins", "Draw")
    for colour in (0, 1):
        qname = NAME[colour * 16]
        n_own = sum(1 for name in seen if (ID_OF[name] >> 4) == colour)
        if qname not in seen:
            assert n_own <= 3, f"{COLOUR_NAMES[colour]} placed four pieces without the Queen Bee"


def check_position(engine: HiveEngine, state: HiveState) -> None:
    """A Hive state carries its own move list, so a position taken from a
    save is confirmed by playing that list from the empty board: it must
    reach this very position (pieces, turn, status, last move, repetitions).
    Only the log's wording is not compared."""
    check_invariants(state)
    replayed = engine.new_state(HiveOptions(expansions=state.expansions), [], 0)
    for number, move in enumerate(state.moves, start=1):
        try:
            replayed = engine.apply(replayed, move)
        except IllegalMove as exc:
            raise AssertionError(f"its move {number} ({move[:20]}) is illegal: {exc.reason}") from None
    keep = set(HiveState.model_fields) - {"log"}
    assert replayed.model_dump(include=keep) == state.model_dump(include=keep), \
        "its own moves do not lead to its position"
