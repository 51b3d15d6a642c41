"""The rules layer: every decision kind of Honey Buzz as a class (the
kernel's decision shape, :class:`beegames.core.decisions.DecisionBase`), with
the moves that answer it, its legal moves, its effect and its prompt; and
applying a move (validated first; :class:`IllegalMove` leaves the state
untouched because :mod:`.engine` always works on a copy).

A kind's :meth:`~Decision.apply` runs with the decision still pending: the
rule it calls asks the next decision or clears it. When it leaves none
pending, :func:`apply_move` queues what follows the decision (its ``then``)
and runs the task queue (:mod:`.tasks`) up to the next decision.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from ...core.errors import IllegalMove
from . import actions, describe, drones, market, orders, scoring, setup, tasks, turns
from .models import (
    ActMove,
    ArrangeMove,
    ConfigMove,
    DroneHoneyMove,
    DroneNectarMove,
    DroneOrderMove,
    DropMove,
    FanMove,
    ForageMove,
    HoneyBuzzState,
    Move,
    OrderMove,
    PeekMove,
    Pending,
    PlaceMove,
    RecallMove,
    SellMove,
    StartMove,
    StoreMove,
    TakeMove,
)
from .placement import legal_placements


class Decision(Pending):
    """What every Honey Buzz decision shares: a move of another type is refused
    by saying what is asked (the rule the move reaches refuses the rest); the
    prompt is written in :mod:`.describe`."""

    #: the move types that answer this decision
    answers: ClassVar[tuple[type, ...]] = ()
    #: what the deciding seat must do, for refusals ("Now you must ...")
    asked: ClassVar[str] = "decide"
    #: the tasks queued once this decision is answered and nothing else is pending
    then: ClassVar[tuple[str, ...]] = tasks.AFTER_PLAYER_CHOICE

    def prompt(self, s: HoneyBuzzState) -> str:
        """The question for the deciding seat (see :func:`.describe.prompt`)."""
        return describe.prompt(s)

    def answered_by(self, move: object) -> bool:
        """Whether ``move`` is of a type that answers this decision."""
        return isinstance(move, self.answers)

    def refusal(self, s: HoneyBuzzState, move: Move) -> str:
        """Why a move of another type is refused."""
        return f"Now you must {self.asked}."


class _SetupDecision(Decision):
    """The three setup questions share their rules (:mod:`.setup`); each asks
    the next question or starts the first turn itself."""

    then: ClassVar[tuple[str, ...]] = ()

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """The setup choices open now."""
        return setup.legal_setup(s)

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Carry out the setup choice."""
        setup.apply_setup(s, move)


class ConfigDecision(_SetupDecision):
    """Solo: keep one of the two configuration cards."""

    kind: Literal["config"] = "config"
    answers: ClassVar[tuple[type, ...]] = (ConfigMove,)
    asked: ClassVar[str] = "keep one of the two configuration cards"


class ArrangeDecision(_SetupDecision):
    """Place a starting tile (slot ``slot`` of four)."""

    kind: Literal["arrange"] = "arrange"
    answers: ClassVar[tuple[type, ...]] = (ArrangeMove,)
    asked: ClassVar[str] = "place a starting tile"


class StartDecision(_SetupDecision):
    """Choose a start spot for the forage token."""

    kind: Literal["start"] = "start"
    answers: ClassVar[tuple[type, ...]] = (StartMove,)
    asked: ClassVar[str] = "choose a start spot for the forage token"


class TurnDecision(Decision):
    """A turn: take a tile or recall workers (:mod:`.turns`)."""

    kind: Literal["turn"] = "turn"
    answers: ClassVar[tuple[type, ...]] = (TakeMove, RecallMove)
    asked: ClassVar[str] = "take a tile or recall workers"

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """Every tile the player may take, and recalling."""
        return turns.legal_turn(s)

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Take the tile, or recall the workers."""
        if isinstance(move, TakeMove):
            turns.take(s, move)
        else:
            assert isinstance(move, RecallMove)
            turns.recall(s, move)


class PlaceDecision(Decision):
    """Place the tile just taken in the personal hive."""

    kind: Literal["place"] = "place"
    answers: ClassVar[tuple[type, ...]] = (PlaceMove,)
    asked: ClassVar[str] = "place the tile you took"

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """Every legal placement of the tile held."""
        return list(legal_placements(s.players[s.current]))

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Place the tile."""
        assert isinstance(move, PlaceMove)
        turns.place(s, move)


class ActionDecision(Decision):
    """Choose the next hive action owed (:mod:`.actions`)."""

    kind: Literal["action"] = "action"
    answers: ClassVar[tuple[type, ...]] = (ActMove,)
    asked: ClassVar[str] = "choose the next hive action"

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """The owed actions."""
        return list(actions.legal_act(s))

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Start the chosen action."""
        assert isinstance(move, ActMove)
        actions.act(s, move)


class ForageDecision(Decision):
    """Forage: move the forage token."""

    kind: Literal["forage"] = "forage"
    answers: ClassVar[tuple[type, ...]] = (ForageMove,)
    asked: ClassVar[str] = "move the forage token"

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """Every space the token may reach."""
        return list(actions.legal_forage(s))

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Move the token and forage."""
        assert isinstance(move, ForageMove)
        actions.forage(s, move)


class PeekDecision(Decision):
    """Advanced forage: look at a face-down nectar tile."""

    kind: Literal["peek"] = "peek"
    answers: ClassVar[tuple[type, ...]] = (PeekMove,)
    asked: ClassVar[str] = "choose a face-down nectar tile to look at"

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """The face-down tiles in reach."""
        return list(actions.legal_peek(s))

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Look at the tile."""
        assert isinstance(move, PeekMove)
        actions.peek(s, move)


class StoreDecision(Decision):
    """Choose the cell for the nectar tile just collected."""

    kind: Literal["store"] = "store"
    answers: ClassVar[tuple[type, ...]] = (StoreMove,)
    asked: ClassVar[str] = "choose the cell for the nectar tile"

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """The empty cells of the tile's nectar."""
        return list(actions.legal_store(s))

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Store the tile."""
        assert isinstance(move, StoreMove)
        actions.store(s, move)


class ProduceDecision(Decision):
    """Produce: place the fan token."""

    kind: Literal["produce"] = "produce"
    answers: ClassVar[tuple[type, ...]] = (FanMove,)
    asked: ClassVar[str] = "place the fan token"

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """Every place for the fan token."""
        return list(actions.legal_produce(s))

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Place the fan and produce."""
        assert isinstance(move, FanMove)
        actions.produce(s, move)


class MarketDecision(Decision):
    """Market: sell a resource or complete an order (:mod:`.market`, :mod:`.orders`)."""

    kind: Literal["market"] = "market"
    answers: ClassVar[tuple[type, ...]] = (SellMove, OrderMove)
    asked: ClassVar[str] = "sell or complete an order"
    #: a sale queues its market value's drop
    then: ClassVar[tuple[str, ...]] = tasks.AFTER_SALE

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """Every sale and every order the player can complete."""
        return [*market.legal_sells(s), *orders.legal_orders(s)]

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Sell, or complete the order."""
        if isinstance(move, SellMove):
            market.sell(s, move)
        else:
            assert isinstance(move, OrderMove)
            orders.complete(s, move)


class DropDecision(Decision):
    """A market value cannot drop further: choose the one that drops instead."""

    kind: Literal["drop"] = "drop"
    answers: ClassVar[tuple[type, ...]] = (DropMove,)
    asked: ClassVar[str] = "choose which value drops instead"
    #: the ``drops`` task that asked is still queued, with what follows it
    then: ClassVar[tuple[str, ...]] = ()

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """The values that can drop."""
        return list(market.legal_drop(s))

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Drop that value."""
        assert isinstance(move, DropMove)
        market.drop(s, move)


class _DroneDecision(Decision):
    """The drones' questions share their rules (:mod:`.drones`)."""

    then: ClassVar[tuple[str, ...]] = tasks.AFTER_DRONE_CHOICE

    def legal(self, s: HoneyBuzzState) -> list[Move]:
        """The drones' choices open now."""
        return list(drones.legal(s))

    def apply(self, s: HoneyBuzzState, move: Move) -> None:
        """Carry out the drones' choice."""
        assert isinstance(move, (DroneOrderMove, DroneHoneyMove, DroneNectarMove))
        drones.apply(s, move)


class DroneOrderDecision(_DroneDecision):
    """Choose the face-up order the drones remove."""

    kind: Literal["drone_order"] = "drone_order"
    answers: ClassVar[tuple[type, ...]] = (DroneOrderMove,)
    asked: ClassVar[str] = "choose the order the drones remove"


class DroneHoneyDecision(_DroneDecision):
    """Honey values tie: choose the one that drops."""

    kind: Literal["drone_honey"] = "drone_honey"
    answers: ClassVar[tuple[type, ...]] = (DroneHoneyMove,)
    asked: ClassVar[str] = "choose which honey drops"


class DroneNectarDecision(_DroneDecision):
    """Remove the nectar tile the drones want, or drop its value."""

    kind: Literal["drone_nectar"] = "drone_nectar"
    answers: ClassVar[tuple[type, ...]] = (DroneNectarMove,)
    asked: ClassVar[str] = "remove a nectar tile or drop its value"


def legal_moves(s: HoneyBuzzState) -> list[Move]:
    """Every legal move for the pending decision (none when nothing is pending)."""
    pend = s.pending
    if pend is None or s.phase == "over":
        return []
    return pend.legal(s)


def apply_move(s: HoneyBuzzState, move: Move) -> None:
    """Apply ``move`` to ``s`` in place (``s`` is a copy), then carry the game on
    to the next decision (or the drone turn, or the end); raises
    :class:`IllegalMove` with the reason when the pending decision refuses it."""
    pend = s.pending
    if pend is None or s.phase == "over":
        raise IllegalMove("The game is over." if s.phase == "over" else "No decision is pending.")
    assert isinstance(pend, Decision)
    if not pend.answered_by(move):
        raise IllegalMove(pend.refusal(s, move))
    pend.apply(s, move)
    if s.pending is None and not scoring.finished(s):
        tasks.push(s, *pend.then)
    tasks.run(s)
