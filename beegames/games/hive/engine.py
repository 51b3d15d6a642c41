"""Kernel adapter: Hive as a :class:`beegames.core.protocol.Engine`.

Moves are UHP MoveStrings (``"wS1"``, ``"bG1 -wS1"``, ``"wB1 bQ"``,
``"pass"``). The state is :class:`HiveState`; every call rebuilds a fast
:class:`Board` from it, so the input state is never modified.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from beegames.core.errors import IllegalMove
from beegames.core.protocol import Decision, Engine, GameResult, SeatInfo

from . import ai, invariants
from .board import BLACK_WINS, DIRS, DRAW, IN_PROGRESS, PASS, WHITE_WINS, Board, qr_of
from .describe import describe
from .notation import NotationError, move_to_string, parse_move
from .pieces import COLOUR_NAMES, KIND, KIND_NAMES, NAME
from .rules import explain_illegal
from .state import (
    HiveCell,
    HiveOptions,
    HiveState,
    board_from_state,
    cells_of,
    end_reason,
    status_name,
)


class HivePlayer:
    """Computer player at one level (see :mod:`.ai`).

    The app and ``beegames simulate`` keep one player per computer seat for
    the whole match, so its :class:`~.search.Searcher` keeps what it learnt
    (transposition table, history) from move to move. That memory is keyed
    by position, so a position the player did not expect (after a human's
    undo, or a load) is searched correctly all the same.

    ``hard`` searches with the compiled searcher once numba has it ready:
    the player starts that warm-up in the background when it is made, and
    plays with the Python searcher until it is done (the first moves of a
    fresh install, while numba compiles), so no move waits for it."""

    def __init__(self, level: str, seed: int) -> None:
        if level not in ai.LEVEL_TIME:
            raise ValueError(f"unknown Hive level {level!r}")
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        self.searcher: ai.SearcherLike = ai.Searcher(seed=seed)
        self.compiled = False
        if level == "hard":
            ai.compiled_ready()

    def _searcher(self) -> ai.SearcherLike:
        if self.level == "hard" and not self.compiled and ai.compiled_ready():
            self.searcher = ai.compiled_searcher(self.seed, self.searcher.clock)
            self.compiled = True
        return self.searcher

    def choose(self, engine: Engine[Any, Any], state: BaseModel) -> str:
        """The move this level's search picks for the side to move, as a UHP MoveString."""
        board = board_from_state(state)  # type: ignore[arg-type]
        p, c = ai.choose_move(board, self.level, self.rng, searcher=self._searcher())
        return move_to_string(board, p, c)


class HiveEngine(Engine[HiveState, str]):
    """Hive with the Mosquito, Ladybug, Pillbug and Dragonfly as options."""

    game_id = "hive"
    title = "Hive"
    options_model = HiveOptions
    state_model = HiveState
    min_players = 2
    max_players = 2
    levels = ("easy", "medium", "hard")
    #: a simulated game is stopped after 200 plies and counted as a draw
    default_max_decisions = 200
    #: 2: a Dragonfly's log line names the piece it carries; the moves replay as before, so an
    #: older save replays in full and its log reads in the new words; 3: a throw with the Pillbug's
    #: power is logged as one, naming the Pillbug or the Mosquito that throws (before, an own piece
    #: thrown read as its own move, and a Mosquito's throw as the Pillbug's); only the words changed
    rules_version: ClassVar[int] = 3
    replays_reworded_logs: ClassVar[bool] = True

    # -- building ------------------------------------------------------------
    def new_state(self, options: BaseModel, seats: Sequence[SeatInfo], seed: int) -> HiveState:
        """An empty table with both hands full for the chosen expansion pieces (a plain dict or another
        model is read as Hive options); Hive uses no seed."""
        opts = options if isinstance(options, HiveOptions) else HiveOptions.model_validate(
            options.model_dump() if isinstance(options, BaseModel) else dict(options or {})
        )
        board = Board(opts.expansions)
        return HiveState(
            expansions=opts.expansions,
            game_type=opts.game_type,
            repetitions={f"{board.hash:016x}": 1},
            status="NotStarted",
        )

    def seat_names(self, options: BaseModel, count: int) -> list[str]:
        """White and Black, the colours of the two seats."""
        return ["White", "Black"][:count]

    # -- asking --------------------------------------------------------------
    def decision(self, state: HiveState) -> Decision | None:
        """The side to move's turn (seat 0 White, 1 Black) while the game goes on; None once it is won
        or drawn."""
        if state.status not in ("NotStarted", "InProgress"):
            return None
        seat = state.turn & 1
        return Decision(seat=seat, kind="turn", prompt=f"{COLOUR_NAMES[seat]} to play")

    def legal_moves(self, state: HiveState) -> list[str]:
        """Every legal move of the side to move as a MoveString; only "pass" when it can neither place
        nor move, none once the game is over."""
        board = board_from_state(state)
        return [move_to_string(board, p, c) for p, c in board.legal_moves()]

    def result(self, state: HiveState) -> GameResult | None:
        """The winner when a Queen Bee is surrounded, or a draw (both Queens at once, or the third
        repetition); None while the game goes on."""
        if state.status == "WhiteWins":
            return GameResult(winners=[0], summary="Black's Queen Bee is surrounded; White wins.")
        if state.status == "BlackWins":
            return GameResult(winners=[1], summary="White's Queen Bee is surrounded; Black wins.")
        if state.status == "Draw":
            if state.end_reason == "repetition":
                summary = "The same position occurred for the third time; the game is a draw."
            else:
                summary = "Both Queen Bees are surrounded at once; the game is a draw."
            return GameResult(winners=[], draw=True, summary=summary)
        return None

    # -- changing ------------------------------------------------------------
    def _resolve(self, board: Board, move: str) -> tuple[int, int]:
        if not isinstance(move, str):
            raise IllegalMove(f"A Hive move is a piece and a place, written like 'wS1 -bQ', not {move!r}.")
        if board.status != IN_PROGRESS:
            raise IllegalMove("The game is over.")
        try:
            piece, dest = parse_move(board, move)
        except NotationError as exc:
            raise IllegalMove(str(exc)) from None
        if (piece, dest) not in board.legal_moves():
            raise IllegalMove(explain_illegal(board, piece, dest))
        return piece, dest

    def apply(self, state: HiveState, move: str) -> HiveState:
        """The state after the MoveString ``move``, with its log line and the end of the game when it
        comes; raises IllegalMove with the reason (unreadable, game over, or why the rules forbid
        it) and leaves ``state`` as it was."""
        board = board_from_state(state)
        piece, dest = self._resolve(board, move)
        canonical = move_to_string(board, piece, dest)
        line = describe(board, canonical, piece, dest)
        src = board.pos[piece] if piece >= 0 else None
        board.play(piece, dest)
        log = [*state.log, line]
        if board.status != IN_PROGRESS:
            res = end_reason(board)
            if board.status == WHITE_WINS:
                log.append("Black's Queen Bee is surrounded; White wins.")
            elif board.status == BLACK_WINS:
                log.append("White's Queen Bee is surrounded; Black wins.")
            elif res == "repetition":
                log.append("The same position has occurred three times; the game is a draw.")
            else:
                log.append("Both Queen Bees are surrounded; the game is a draw.")
        return HiveState(
            expansions=state.expansions,
            game_type=state.game_type,
            cells=cells_of(board),
            to_move=board.ply & 1,
            turn=board.ply,
            last_moved=NAME[piece] if piece >= 0 else None,
            last_from=qr_of(src) if src is not None else None,
            last_to=qr_of(dest) if piece >= 0 else None,
            repetitions={f"{h:016x}": n for h, n in sorted(board.rep.items())},
            status=status_name(board),
            end_reason=end_reason(board),
            log=log,
            moves=[*state.moves, canonical],
        )

    # -- moves as data -------------------------------------------------------
    def move_to_json(self, move: str) -> str:
        """A Hive move is stored as its MoveString, unchanged."""
        return move

    def move_from_json(self, data: object) -> str:
        """The MoveString stored in a save; raises ValueError for anything but a non-empty string."""
        if not isinstance(data, str) or not data.strip():
            raise ValueError(f"a Hive move must be a non-empty string, not {data!r}")
        return data

    def describe_move(self, state: HiveState, move: str) -> str:
        """The log line for ``move``: who plays which piece where in words; the bare text when it
        cannot be read."""
        board = board_from_state(state)
        try:
            piece, dest = parse_move(board, move)
        except NotationError:
            return f"{COLOUR_NAMES[board.ply & 1]}: {move}"
        return describe(board, move_to_string(board, piece, dest), piece, dest)

    def parse_move(self, state: HiveState, text: str) -> str:
        """A MoveString typed by a player, written the canonical way ("pass" for the pass); raises
        IllegalMove when it cannot be read."""
        board = board_from_state(state)
        try:
            piece, dest = parse_move(board, text)
        except NotationError as exc:
            raise IllegalMove(str(exc)) from None
        if piece == PASS[0]:
            return "pass"
        return move_to_string(board, piece, dest)

    # -- players and information --------------------------------------------
    def make_player(self, level: str, seed: int) -> HivePlayer:
        """A computer player of ``level`` (easy, medium or hard) that keeps its search memory for the
        match; raises ValueError for another level."""
        return HivePlayer(level, seed)

    def coach(self) -> Any:
        """The Hive coach (:class:`.coach.HiveCoach`): the ``hard`` player's move, with the outlook as
        a win chance."""
        from .coach import HiveCoach

        return HiveCoach()

    def turn_number(self, state: HiveState) -> int:
        """Full-move number: 1 for White's and Black's first turns, and so on."""
        return state.turn // 2 + 1

    def check_invariants(self, state: HiveState) -> None:
        """The Hive state checks of :func:`.invariants.check_invariants`; raises AssertionError on a
        broken one."""
        invariants.check_invariants(state)

    def check_position(self, state: HiveState) -> None:
        """The thorough check of a position not reached by the engine: its own move list must replay to
        it (:func:`.invariants.check_position`); raises AssertionError when it does not."""
        invariants.check_position(self, state)


__all__ = [
    "DIRS",
    "DRAW",
    "KIND",
    "KIND_NAMES",
    "HiveCell",
    "HiveEngine",
    "HiveOptions",
    "HivePlayer",
    "HiveState",
    "describe",
]
