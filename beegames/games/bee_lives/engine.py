"""The Bee Lives engine: the kernel's :class:`Engine` contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from ...core.errors import IllegalMove
from ...core.moves import MoveCodec
from ...core.protocol import Decision, Engine, GameResult, SeatInfo
from ...core.state import GameState
from ...core.views import NEUTRAL_RNG, HiddenItem
from . import kinds  # noqa: F401  (defining the decision kinds registers them)
from .data import SEASONS
from .describe import describe, prompt
from .flow import clone, legal_moves, play, run_step, step_due
from .invariants import check_invariants
from .models import (
    MOVE_ADAPTER,
    BeeLivesMove,
    BeeLivesState,
)
from .options import BeeLivesOptions
from .setup import new_game
from .winter import compute_result


class BeeLivesEngine(Engine[BeeLivesState, BeeLivesMove]):
    game_id: ClassVar[str] = "bee-lives"
    title: ClassVar[str] = "Bee Lives"
    options_model: ClassVar[type[BaseModel]] = BeeLivesOptions
    state_model: ClassVar[type[GameState]] = BeeLivesState
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    levels: ClassVar[tuple[str, ...]] = ("random", "basic", "good")
    move_codec: ClassVar[MoveCodec[Any]] = MoveCodec(MOVE_ADAPTER, "Bee Lives")
    #: 3 (issue 19): defence VP against a wild raid that takes nothing, On Guard only with bees
    #: involved, after-forage/scout card rolls for wild hives too, later-year spawns at 4 or 5
    #: whatever spawned them
    #: 4 (issue 17): the log names tiles as the map does ("B3", "east of B3")
    #: 5: a raid's line names what an Aggressive queen adds, and takes the strength and defence apart
    #: in a detail the whole log shows. Only the log's wording changed, so version 4 saves replay
    #: (see :func:`beegames.core.saves.load_save`).
    #: 6: an infected (Zombees) wild hive whose roll says it does nothing gets one line, not two; only
    #: the log's wording changed, so version 5 saves replay
    #: 7: a wild hive's raid on another wild hive tells its two D6s and what the stronger adds ("the D6s
    #: show 5 and 2, +1 for the stronger, so 6 against 2"), not "5 -> 6 against 2 -> 2", and a join of the
    #: map names whose tiles it touched; only the log's wording changed, so version 6 saves replay
    #: 8: "an aggressive queen", not "a aggressive queen" (a requeen, a campaign's new year, Three
    #: Generations); only the log's wording changed, so version 7 saves replay
    #: 9: the result of a game of several players says who has no worker left and so cannot win
    #: ("Robo has no worker left and cannot win."); only the log's last line changed
    rules_version: ClassVar[int] = 9
    replays_reworded_logs: ClassVar[bool] = True

    # -- building ----------------------------------------------------------------
    def new_state(self, options: BaseModel, seats: Sequence[SeatInfo], seed: int) -> BeeLivesState:
        """A new game set up by :func:`.setup.new_game` for these options (a plain dict or another
        model is read as Bee Lives options) and seat names."""
        if not isinstance(options, BeeLivesOptions):
            options = BeeLivesOptions.model_validate(options.model_dump() if isinstance(options, BaseModel)
                                                     else options)
        return new_game(options, [s.name for s in seats], seed)

    def setup_summary(self, options: dict[str, Any]) -> str:
        """The solo mode, challenge, length and difficulty of a saved game in a few words
        (:func:`.view.setup_summary`)."""
        from .view import setup_summary

        return setup_summary(options)

    def seat_names(self, options: BaseModel, count: int) -> list[str]:
        """The default colony names, Amber, Blue, Clover and Dusk, for the first ``count`` seats."""
        return ["Amber", "Blue", "Clover", "Dusk"][:count]

    # -- asking ---------------------------------------------------------------------
    def decision(self, state: BeeLivesState) -> Decision | None:
        """The state's pending decision with its seat, kind and the prompt of :func:`.describe.prompt`;
        None when the game is over or a task is due."""
        pend = state.pending
        if pend is None or state.over:
            return None
        return Decision(seat=pend.seat, kind=pend.kind, prompt=prompt(state))

    def legal_moves(self, state: BeeLivesState) -> list[BeeLivesMove]:
        """The pending decision's legal moves (:func:`.flow.legal_moves`)."""
        return legal_moves(state)

    def result(self, state: BeeLivesState) -> GameResult | None:
        """The final result from :func:`.winter.compute_result` once the game is over, else None."""
        return compute_result(state) if state.over else None

    # -- changing ----------------------------------------------------------------------
    def apply(self, state: BeeLivesState, move: Any) -> BeeLivesState:
        """The state after ``move`` (a move model, or its JSON as a dict), through :func:`.flow.play`;
        raises IllegalMove with the reason and leaves ``state`` as it was."""
        if isinstance(move, dict):
            try:
                move = self.move_from_json(move)
            except ValueError as exc:
                raise IllegalMove(str(exc)) from exc
        return play(state, move)

    def step(self, state: BeeLivesState) -> BeeLivesState | None:
        """A copy of the state with the queued tasks run until one shows something or a seat must
        decide; None when no task is due."""
        if not step_due(state):
            return None
        s = clone(state)
        run_step(s)
        return s

    # -- moves as data ---------------------------------------------------------------------
    def describe_move(self, state: BeeLivesState, move: Any) -> str:
        """The log line for ``move`` from :func:`.describe.describe`."""
        return describe(state, move)

    # -- computer players ----------------------------------------------------------------------
    def make_player(self, level: str, seed: int) -> Any:
        """A Bee Lives computer player of ``level`` (random, basic or good) from
        :func:`.ai.make_player`."""
        from .ai import make_player

        return make_player(level, seed)

    def coach(self) -> Any:
        """The Bee Lives coach (:class:`.coach.BeeLivesCoach`): play-outs by the ``good`` player,
        outlook in VP."""
        from .coach import BeeLivesCoach

        return BeeLivesCoach()

    # -- information --------------------------------------------------------------------------------
    def hidden_items(self, state: BeeLivesState) -> list[HiddenItem]:
        """The order of the season decks is seen by nobody; what remains in
        each deck is public (every card played is on the table)."""
        return [HiddenItem(("decks", season), frozenset(), sorted(state.decks[season]))
                for season in SEASONS]

    def view(self, state: BeeLivesState, seat: int | None) -> BeeLivesState:
        """The state as ``seat`` may see it (fast form of the default view)."""
        s = clone(state)
        s.decks = {k: sorted(v) for k, v in state.decks.items()}
        s.rng = NEUTRAL_RNG.model_copy()
        return s

    def turn_number(self, state: BeeLivesState) -> int:
        """The month count shown in save listings: March of the first year is 1, and each year adds 12."""
        return state.turn

    def check_invariants(self, state: BeeLivesState) -> None:
        """The Bee Lives state checks of :func:`.invariants.check_invariants`; raises AssertionError on
        a broken one."""
        check_invariants(state)
