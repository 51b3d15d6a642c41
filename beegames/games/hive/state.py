"""Pydantic models of Hive's options and saved state, and conversion to and
from the fast :class:`~beegames.games.hive.board.Board`."""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from beegames.core.state import GameState

from .board import BLACK_WINS, DRAW, IN_PROGRESS, WHITE_WINS, Board, cell_of, qr_of
from .pieces import ID_OF, NAME, game_type_string, normalise_expansions


class HiveOptions(BaseModel):
    """Options of a new game: which expansion pieces take part.

    ``expansions`` holds letters from ``MLPD`` (Mosquito, Ladybug, Pillbug,
    Dragonfly) in any order or case; it is stored as ``M``, ``L``, ``P``, ``D``
    order, e.g. ``"plm"`` becomes ``"MLP"``.
    """

    expansions: str = Field(
        "",
        description="Optional pieces: any of M (Mosquito), L (Ladybug), P (Pillbug), D (Dragonfly)",
        json_schema_extra={"letters": {"M": "Mosquito", "L": "Ladybug", "P": "Pillbug", "D": "Dragonfly"}},
    )

    @field_validator("expansions", mode="before")
    @classmethod
    def _check(cls, v: object) -> str:
        if v is None:
            return ""
        if not isinstance(v, str):
            raise ValueError("expansions must be a string of letters from MLPD")
        return normalise_expansions(v)

    @property
    def game_type(self) -> str:
        """UHP GameTypeString, e.g. ``Base+MLP``."""
        return game_type_string(self.expansions)


class HiveCell(BaseModel):
    """One occupied cell: axial coordinates and the stack, bottom to top."""

    q: int
    r: int
    stack: list[str]


STATUS_NAMES = {IN_PROGRESS: "InProgress", WHITE_WINS: "WhiteWins", BLACK_WINS: "BlackWins", DRAW: "Draw"}
STATUS_CODES = {v: k for k, v in STATUS_NAMES.items()}
STATUS_CODES["NotStarted"] = IN_PROGRESS


class HiveState(GameState):
    """Everything about a Hive game in JSON-friendly form.

    ``turn`` counts plies played so far (passes included), so White moves when
    it is even; ``to_move`` repeats that as a seat (0 White, 1 Black).
    ``last_moved`` names the piece moved or placed by the previous turn (also a
    piece thrown by a Pillbug): it may not move, nor be moved, this turn.
    ``repetitions`` counts how often each position (board plus side to move,
    keyed by its 64-bit hash in hex) has occurred. ``status`` is the UHP
    GameStateString; ``end_reason`` is ``"queen"`` or ``"repetition"`` once
    the game has ended.
    """

    expansions: str = ""
    game_type: str = "Base"
    cells: list[HiveCell] = Field(default_factory=list)
    to_move: int = 0
    turn: int = 0
    last_moved: str | None = None
    last_from: tuple[int, int] | None = None
    last_to: tuple[int, int] | None = None
    repetitions: dict[str, int] = Field(default_factory=dict)
    status: str = "NotStarted"
    end_reason: str | None = None
    moves: list[str] = Field(default_factory=list)


def board_from_state(state: HiveState) -> Board:
    """A fast board equal to ``state`` (no undo history)."""
    b = Board(state.expansions)
    for cell in state.cells:
        c = cell_of(cell.q, cell.r)
        ids = [ID_OF[n] for n in cell.stack]
        b.stacks[c] = ids
        for pid in ids:
            b.pos[pid] = c
            b.placed[pid >> 4] += 1
    b.ply = state.turn
    b.rehash()
    h = b.hash
    b.last = ID_OF[state.last_moved] if state.last_moved else -1
    b.rep = {int(k, 16): v for k, v in state.repetitions.items()} or {h: 1}
    b.status = STATUS_CODES[state.status]
    return b


def cells_of(board: Board) -> list[HiveCell]:
    """The occupied cells of the board as saved-state cells, each with its stack of piece names bottom
    to top, in reading order (row, then column)."""
    out = []
    for c, st in board.stacks.items():
        q, r = qr_of(c)
        out.append(HiveCell(q=q, r=r, stack=[NAME[p] for p in st]))
    out.sort(key=lambda x: (x.r, x.q))
    return out


def status_name(board: Board) -> str:
    """The UHP GameStateString of the board: NotStarted before the first move, then InProgress,
    WhiteWins, BlackWins or Draw."""
    if board.status == IN_PROGRESS and board.ply == 0:
        return "NotStarted"
    return STATUS_NAMES[board.status]


def end_reason(board: Board) -> str | None:
    """Why the game ended: "queen" when a Queen Bee is surrounded, "repetition" for a draw by the third
    repetition; None while it goes on."""
    if board.status == IN_PROGRESS:
        return None
    if board.surrounded(0) or board.surrounded(1):
        return "queen"
    return "repetition"
