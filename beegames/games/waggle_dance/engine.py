"""The Waggle Dance engine: the kernel's :class:`Engine` contract.

The rules live in the modules named after the rulebook's parts (setup, day,
night, threats, cards, 2014 reactions) and in the decision kinds they define;
this class only routes: a move is legal exactly when the pending decision
lists it (:meth:`~.models.DecisionBase.legal`), its effect is the decision's
own (:meth:`~.models.DecisionBase.apply`), and automatic steps run the task
queue (:mod:`.tasks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from ...core.errors import IllegalMove
from ...core.moves import MoveCodec
from ...core.players import ComputerPlayer
from ...core.protocol import Decision, Engine, GameResult, SeatInfo
from ...core.views import HiddenItem
from .data import components
from .describe import describe
from .fastcopy import clone
from .hidden import hidden_items, seat_view
from .invariants import check_invariants
from .models import MOVE_ADAPTER, Move, WaggleDanceOptions, is_move
from .scoring import compute_result
from .setup import new_table
from .state import WaggleDanceState
from .tasks import run_step


class WaggleDanceEngine(Engine[WaggleDanceState, Move]):
    game_id: ClassVar[str] = "waggle-dance"
    title: ClassVar[str] = "Waggle Dance"
    options_model: ClassVar[type[BaseModel]] = WaggleDanceOptions
    state_model: ClassVar[type[WaggleDanceState]] = WaggleDanceState
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    levels: ClassVar[tuple[str, ...]] = ("random", "basic", "good")
    move_codec: ClassVar[MoveCodec[Any]] = MoveCodec(MOVE_ADAPTER, "Waggle Dance", exclude_none=True)
    hides_information: ClassVar[bool] = True
    #: 2: the rules split (issue 10): rulebook fixes change how older histories replay.
    #: 3 (issue 19): 2014 card windows (Wrong Turn during another's turn, Shuffle before the
    #: egg step and after the nectar moves, Queen's Gift and Scouting later in the night),
    #: Bounty only when claiming, Shift Change's second bee after Directions.
    #: 4: 2022 card offers by public facts when two people or more share the keyboard; Expertise
    #: at B is not offered with no die left in the supply; nectar with no space left goes back
    #: without a question.
    #: 5: the log says why: a threat not defeated (its dice, or how many it lacks), who a solo
    #: threat spares, why Bumblebot's Pair places no pair, that 2014 blockers stay all game;
    #: with one person at the table, a card question whose only answer is to pass is not asked.
    #: 6: long log lines keep a short headline for the side log; why (Bumblebot's solo card, a
    #: solo threat sparing its dice's owners), from what (honey's nectar, a flower's dice) and the
    #: game's end condition are details the whole log shows. Only the log's wording changed, so
    #: version 5 saves replay (see :func:`beegames.core.saves.load_save`).
    #: 7: the same for long 2014 lines: the setup's Queen Bee deck (its kinds are the detail), the
    #: engine's stop of a game that cannot end (why is the detail) and Scouting's private line.
    #: Version 6 saves replay.
    #: 8: a trade's second nectar may step back (the first nectar returns to its room, the trade
    #: is asked again), so the question remembers the first nectar; older saves lack it and
    #: replay in full (``replay_additions``).
    rules_version: ClassVar[int] = 8
    replays_reworded_logs: ClassVar[bool] = True
    replay_additions: ClassVar[dict[str, Any] | None] = {"pending": {"first"}}

    # -- building -------------------------------------------------------------
    def new_state(self, options: BaseModel, seats: Sequence[SeatInfo], seed: int) -> WaggleDanceState:
        """A new table for ``seats`` with these options and seed (setup as the edition's rulebook
        says). In a 2014 game with computers, the humans may speak up to play cards during a
        computer's turn; in a 2022 game where two people or more share the keyboard, card
        offers go by public facts (a hand-off to holders only would tell the table)."""
        opts = options if isinstance(options, WaggleDanceOptions) else WaggleDanceOptions.model_validate(
            options.model_dump())
        state = new_table(WaggleDanceState, opts, [s.name for s in seats], seed)
        assert isinstance(state, WaggleDanceState)
        humans = [i for i, seat in enumerate(seats) if seat.is_human]
        if state.first_edition and len(humans) < len(seats):
            state.speak_up = humans
        if not state.first_edition and len(humans) > 1:
            state.public_offers = True
        return state

    def seat_names(self, options: BaseModel, count: int) -> list[str]:
        """The default seat names: the edition's dice colours, one per seat."""
        ruleset = getattr(options, "ruleset", "2022")
        return list(components(ruleset).dice_colours[:count])

    # -- asking ----------------------------------------------------------------
    def decision(self, state: WaggleDanceState) -> Decision | None:
        """Who decides now, what kind of question and its prompt, or None while automatic steps are
        due or the game is over."""
        pend = state.pending
        if pend is None or state.phase == "over":
            return None
        return Decision(seat=pend.seat, kind=pend.kind, prompt=pend.prompt(state))

    def legal_moves(self, state: WaggleDanceState) -> list[Move]:
        """The pending decision's legal moves (:meth:`~.models.DecisionBase.legal`), or none when nothing
        waits or the game is over."""
        pend = state.pending
        if pend is None or state.phase == "over":
            return []
        return pend.legal(state)

    def result(self, state: WaggleDanceState) -> GameResult | None:
        """The final standings once the game is over (honey, then fewer dice, then more nectar), else None."""
        if state.phase != "over":
            return None
        return compute_result(state)

    # -- changing ----------------------------------------------------------------
    def apply(self, state: WaggleDanceState, move: Any) -> WaggleDanceState:
        """The state after the pending decision's own effect of ``move`` (a move or its JSON) on a
        copy; raises IllegalMove, with the decision's reason, for junk, a move the decision does
        not list, or any move while nothing waits."""
        if isinstance(move, dict):
            try:
                move = self.move_from_json(move)
            except ValueError as exc:
                raise IllegalMove("That is not a Waggle Dance move.") from exc
        if not is_move(move):
            raise IllegalMove("That is not a Waggle Dance move.")
        pend = state.pending
        if pend is None or state.phase == "over":
            raise IllegalMove("The game is over." if state.phase == "over" else "No decision is waiting right now.")
        if not pend.allows(state, move):
            raise IllegalMove(self._refusal(state, move))
        s = clone(state)
        dec = s.pending
        s.pending = None
        assert dec is not None
        dec.apply(s, move)
        return s

    @staticmethod
    def _refusal(state: WaggleDanceState, move: Any) -> str:
        pend = state.pending
        assert pend is not None
        try:
            return pend.refusal(state, move)
        except (IndexError, KeyError, ValueError, TypeError, AttributeError):
            return f"That is not allowed now ({pend.short})."

    def step(self, state: WaggleDanceState) -> WaggleDanceState | None:
        """The state after the next automatic task has run (:func:`~.tasks.run_step`), or None while
        a decision waits or the game is over."""
        if state.phase == "over" or state.pending is not None:
            return None
        s = clone(state)
        run_step(s)
        return s

    # -- moves as data -------------------------------------------------------------
    def describe_move(self, state: WaggleDanceState, move: Any) -> str:
        """``move`` by the deciding seat, in one sentence (:func:`~.describe.describe`)."""
        return describe(state, move)

    # -- computer players ----------------------------------------------------------------
    def make_player(self, level: str, seed: int) -> ComputerPlayer:
        """The computer player of ``level`` (:func:`~.ai.make_player`)."""
        from .ai import make_player

        return make_player(level, seed)

    def coach(self) -> Any:
        """The play-out coach of Waggle Dance (:class:`~.coach.WaggleDanceCoach`)."""
        from .coach import WaggleDanceCoach

        return WaggleDanceCoach()

    # -- what each seat may see ----------------------------------------------
    def hidden_items(self, state: WaggleDanceState) -> list[HiddenItem]:
        """What the seats may not see (:func:`~.hidden.hidden_items`)."""
        return hidden_items(state)

    def view(self, state: WaggleDanceState, seat: int | None) -> WaggleDanceState:
        """The table as ``seat`` may see it (None: a spectator), redacted directly on a copy
        (:func:`~.hidden.seat_view`)."""
        return seat_view(state, seat)

    def turn_number(self, state: WaggleDanceState) -> int:
        """The round number, for save listings."""
        return state.turn

    def check_invariants(self, state: WaggleDanceState) -> None:
        """Raises AssertionError when a component is lost or doubled, a room overfilled or a
        reference dangles (:func:`~.invariants.check_invariants`)."""
        check_invariants(state)
