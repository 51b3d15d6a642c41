"""The rules layer: legal moves for the pending decision, and applying a
move (validated first; :class:`IllegalMove` leaves the state untouched
because :mod:`.engine` always works on a copy)."""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalMove
from . import actions, drones, flow, market, orders, setup, turns
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
    OrderMove,
    PeekMove,
    PlaceMove,
    RecallMove,
    SellMove,
    StartMove,
    StoreMove,
    TakeMove,
)
from .placement import legal_placements

#: which move types answer which decision
EXPECTED: dict[str, tuple[type, ...]] = {
    "config": (ConfigMove,),
    "arrange": (ArrangeMove,),
    "start": (StartMove,),
    "turn": (TakeMove, RecallMove),
    "place": (PlaceMove,),
    "action": (ActMove,),
    "forage": (ForageMove,),
    "peek": (PeekMove,),
    "store": (StoreMove,),
    "produce": (FanMove,),
    "market": (SellMove, OrderMove),
    "drop": (DropMove,),
    "drone_order": (DroneOrderMove,),
    "drone_honey": (DroneHoneyMove,),
    "drone_nectar": (DroneNectarMove,),
}

ASKED = {
    "config": "keep one of the two configuration cards",
    "arrange": "place a starting tile",
    "start": "choose a start spot for the forage token",
    "turn": "take a tile or recall workers",
    "place": "place the tile you took",
    "action": "choose the next hive action",
    "forage": "move the forage token",
    "peek": "choose a face-down nectar tile to look at",
    "store": "choose the cell for the nectar tile",
    "produce": "place the fan token",
    "market": "sell or complete an order",
    "drop": "choose which value drops instead",
    "drone_order": "choose the order the drones remove",
    "drone_honey": "choose which honey drops",
    "drone_nectar": "remove a nectar tile or drop its value",
}


def legal_moves(s: HoneyBuzzState) -> list[Any]:
    pend = s.pending
    if pend is None or s.phase == "over":
        return []
    k = pend.kind
    if k in ("config", "arrange", "start"):
        return setup.legal_setup(s)
    if k == "turn":
        return turns.legal_turn(s)
    if k == "place":
        return legal_placements(s.players[s.current])
    if k == "action":
        return actions.legal_act(s)
    if k == "forage":
        return actions.legal_forage(s)
    if k == "peek":
        return actions.legal_peek(s)
    if k == "store":
        return actions.legal_store(s)
    if k == "produce":
        return actions.legal_produce(s)
    if k == "market":
        return [*market.legal_sells(s), *orders.legal_orders(s)]
    if k == "drop":
        return market.legal_drop(s)
    if k.startswith("drone_"):
        return drones.legal(s)
    raise AssertionError(f"unknown decision {k}")


def apply_move(s: HoneyBuzzState, move: Any) -> None:
    """Apply ``move`` to ``s`` in place (``s`` is a copy)."""
    pend = s.pending
    if pend is None or s.phase == "over":
        raise IllegalMove("The game is over." if s.phase == "over" else "No decision is pending.")
    if not isinstance(move, EXPECTED[pend.kind]):
        raise IllegalMove(f"Now you must {ASKED[pend.kind]}.")
    if pend.kind in ("config", "arrange", "start"):
        setup.apply_setup(s, move)
    elif isinstance(move, TakeMove):
        turns.take(s, move)
    elif isinstance(move, RecallMove):
        turns.recall(s, move)
    elif isinstance(move, PlaceMove):
        turns.place(s, move)
    elif isinstance(move, ActMove):
        actions.act(s, move)
    elif isinstance(move, ForageMove):
        actions.forage(s, move)
    elif isinstance(move, PeekMove):
        actions.peek(s, move)
    elif isinstance(move, StoreMove):
        actions.store(s, move)
    elif isinstance(move, FanMove):
        actions.produce(s, move)
    elif isinstance(move, SellMove):
        market.sell(s, move)
    elif isinstance(move, OrderMove):
        orders.complete(s, move)
    elif isinstance(move, DropMove):
        market.drop(s, move)
    else:
        drones.apply(s, move)
    if s.pending is None:
        flow.resume(s)
