"""Honey Buzz as a kernel :class:`Engine`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from ...core.moves import MoveCodec
from ...core.players import ComputerPlayer
from ...core.protocol import Decision, Engine, GameResult, SeatInfo
from ...core.state import GameState, readable
from ...core.views import NEUTRAL_RNG, HiddenItem
from . import describe, rules, scoring, setup, tasks
from .common import clone
from .data import game_data
from .invariants import check_invariants
from .models import MOVE_ADAPTER, Cell, HoneyBuzzOptions, HoneyBuzzState, Move, NectarTile


def _backless(c: Cell) -> Cell:
    """A cell as another seat sees it: the back of its nectar tile hidden."""
    if c.nectar is None or c.nectar.back is None:
        return c
    return c.model_copy(update={"nectar": c.nectar.model_copy(update={"back": None})})


class HoneyBuzzEngine(Engine[HoneyBuzzState, Move]):
    game_id: ClassVar[str] = "honey-buzz"
    title: ClassVar[str] = "Honey Buzz"
    options_model: ClassVar[type[BaseModel]] = HoneyBuzzOptions
    state_model: ClassVar[type[GameState]] = HoneyBuzzState
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    levels: ClassVar[tuple[str, ...]] = ("random", "basic", "good")
    move_codec: ClassVar[MoveCodec[Any]] = MoveCodec(MOVE_ADAPTER, "Honey Buzz")
    #: 1 the first engine; 2 after the rules audit: the no-tile safeguard judged at
    #: the end of a turn, random start spots a reveal, pollen values 5 4 3 2 1;
    #: 3 (issue 19): the solitaire end comes at the trigger, table f removes tiles of
    #: each group's own type by default; 4: the log words a few lines plainly (the drones lowering a
    #: value rather than taking a tile, the forage start spots drawn at random, an order's stack
    #: action, looking at a face-down tile, "1 order"); only the log's wording changed, so version
    #: 3 saves replay in full
    rules_version: ClassVar[int] = 4
    replays_reworded_logs: ClassVar[bool] = True
    #: the advanced variant hides the fronts a seat has looked at, and the backs of the
    #: tiles in other players' hives
    hides_information: ClassVar[bool] = True

    # -- building -----------------------------------------------------------------
    def new_state(self, options: BaseModel, seats: Sequence[SeatInfo], seed: int) -> HoneyBuzzState:
        """A new game set up for ``seats`` from ``options`` and ``seed``: its first setup decision asked, or the first
        player's turn when setup needs none."""
        if not isinstance(options, HoneyBuzzOptions):
            options = HoneyBuzzOptions.model_validate(options.model_dump() if isinstance(options, BaseModel)
                                                      else options)
        return setup.new_game(options, [s.name for s in seats], seed)

    def seat_names(self, options: BaseModel, count: int) -> list[str]:
        """The players' colours, in seat order, as default names."""
        return list(game_data().components.colours[:count])

    # -- asking ---------------------------------------------------------------------
    def decision(self, state: HoneyBuzzState) -> Decision | None:
        """The pending decision with its seat, kind and prompt; None once the game is over or while the drone turn is
        due."""
        pend = state.pending
        if pend is None or state.phase == "over":
            return None
        return Decision(seat=pend.seat, kind=pend.kind, prompt=describe.prompt(state))

    def legal_moves(self, state: HoneyBuzzState) -> list[Move]:
        """Every legal answer to the pending decision (:mod:`.rules`)."""
        return rules.legal_moves(state)

    def result(self, state: HoneyBuzzState) -> GameResult | None:
        """The final scores and winners once the game is over (:mod:`.scoring`), else None."""
        return scoring.result(state)

    # -- changing ---------------------------------------------------------------------
    def apply(self, state: HoneyBuzzState, move: Any) -> HoneyBuzzState:
        """A copy of ``state`` with ``move`` played and the turn carried on to the next decision (or the drone turn, or
        the end); raises IllegalMove with the reason, ``state`` untouched."""
        if isinstance(move, dict):
            move = self.move_from_json(move)
        s = clone(state)
        rules.apply_move(s, move)
        return s

    def step(self, state: HoneyBuzzState) -> HoneyBuzzState | None:
        """A copy of ``state`` after the drone turn, the game's one automatic step, up to the next decision; None when
        it is not due."""
        if not tasks.step_due(state):
            return None
        s = clone(state)
        tasks.step(s)
        return s

    # -- moves as data -------------------------------------------------------------------
    def describe_move(self, state: HoneyBuzzState, move: Any) -> str:
        """The log line of ``move`` in ``state`` (:func:`.describe.describe`)."""
        return describe.describe(state, move)

    # -- computer players ------------------------------------------------------------------
    def make_player(self, level: str, seed: int) -> ComputerPlayer:
        """The computer player of ``level`` (random, basic or good), seeded with ``seed``."""
        from .ai import make_player

        return make_player(level, seed)

    def coach(self) -> Any:
        """The coach that weighs Honey Buzz moves for hints and reviews."""
        from .coach import HoneyBuzzCoach

        return HoneyBuzzCoach()

    # -- information -------------------------------------------------------------------
    def hidden_items(self, state: HoneyBuzzState) -> list[HiddenItem]:
        """Deck orders nobody sees; in the advanced variant each face-down
        field tile, seen by the seats that looked at it."""
        nobody: frozenset[int] = frozenset()
        items = [HiddenItem(("order_stacks", k), nobody, ["?"] * len(st))
                 for k, st in enumerate(state.order_stacks) if st]
        if state.orders_box:
            items.append(HiddenItem(("orders_box",), nobody, ["?"] * len(state.orders_box)))
        if state.drone_deck:
            items.append(HiddenItem(("drone_deck",), nobody, ["?"] * len(state.drone_deck)))
        if state.advanced:
            for i, t in enumerate(state.field):
                if t is not None:
                    items.append(HiddenItem(("field", i, "kind"), frozenset(state.seen[i]), "?"))
            if state.options.advanced_removal == "random":
                items += [HiddenItem(("nectar_box", j, "kind"), nobody, "?") for j in range(len(state.nectar_box))]
            # "you may not look at the backs of the nectar tiles in opponent hives"
            for i, p in enumerate(state.players):
                items += [HiddenItem(("players", i, "cells", j, "nectar", "back"), frozenset({i}), None)
                          for j, c in enumerate(p.cells) if c.nectar is not None and c.nectar.back is not None]
            pend = state.pending
            if pend is not None and pend.tile is not None and pend.tile.back is not None:
                items.append(HiddenItem(("pending", "tile", "back"), frozenset({pend.seat}), None))
        return items

    def view(self, state: HoneyBuzzState, seat: int | None) -> HoneyBuzzState:
        """The state as ``seat`` may see it (same result as redacting every
        hidden item, only faster)."""
        v = clone(state)
        v.order_stacks = [["?"] * len(st) for st in v.order_stacks]
        v.orders_box = ["?"] * len(v.orders_box)
        v.drone_deck = ["?"] * len(v.drone_deck)
        if v.advanced:
            v.field = [t if t is None or (seat is not None and seat in v.seen[i]) else
                       NectarTile(kind="?", back=t.back) for i, t in enumerate(v.field)]
            if v.options.advanced_removal == "random":
                v.nectar_box = [NectarTile(kind="?", back=t.back) for t in v.nectar_box]
            for i, p in enumerate(v.players):
                if i != seat:
                    p.cells = [_backless(c) for c in p.cells]
            pend = v.pending
            if pend is not None and pend.seat != seat and pend.tile is not None and pend.tile.back is not None:
                v.pending = pend.model_copy(update={"tile": pend.tile.model_copy(update={"back": None})})
        v.log = [e for e in v.log if readable(e, seat)]
        v.rng = NEUTRAL_RNG.model_copy()
        return v

    def has_hidden_information(self, state: HoneyBuzzState) -> bool:
        """Whether some seat knows something another seat does not: a face-down tile it looked at, or the backs of the
        tiles in its own hive."""
        n = len(state.players)
        return any(item.seen_by and len(item.seen_by) < n for item in self.hidden_items(state))

    def reveals(self, before: HoneyBuzzState, after: HoneyBuzzState) -> bool:
        """Whether chance or something hidden was shown between ``before`` and ``after`` (a flipped order or drone
        card, a look, a shuffle)."""
        return after.revealed != before.revealed

    def turn_number(self, state: HoneyBuzzState) -> int:
        """The round number shown to the players."""
        return state.turn

    def check_invariants(self, state: HoneyBuzzState) -> None:
        """Run the conservation and consistency checks of :mod:`.invariants`; raises AssertionError naming what is
        wrong."""
        check_invariants(state)
