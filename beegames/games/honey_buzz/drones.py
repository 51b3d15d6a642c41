"""Solitaire: the drone deck, the drone turn and the two drones blocking
hive boxes.

A drone turn flips the top drone card (reshuffling all ten when one card
is left), carries out the action on its woodland side, then moves a drone
to the box shown on the hive side of the card now on top of the deck.
Every choice inside a drone action is the player's (seat 0) decision.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalMove
from ...core.rng import Rng
from ...core.words import with_article
from . import orders, turns
from .common import ask, index, manhattan, market_value, quadrant_spaces, rname, space_name, space_of
from .data import NECTARS, game_data
from .models import DroneHoneyMove, DroneNectarMove, DroneOrderMove, HoneyBuzzState, Space
from .tasks import AFTER_DRONE_CHOICE, DRONE_TURN, push, task


def start_turn(s: HoneyBuzzState) -> None:
    """Flip a drone card and start its action (an automatic step)."""
    data = game_data()
    if len(s.drone_deck) == 1:
        deck = s.drone_deck + s.drone_discard
        Rng(s.rng).shuffle(deck)
        s.drone_deck = deck
        s.drone_discard = []
        s.say("One drone card is left: all ten are shuffled into a new deck.")
    cid = s.drone_deck.pop(0)
    s.drone_discard.append(cid)
    s.drone_card = cid
    s.drone_top_box = data.drone_card(s.drone_deck[0]).box
    s.reveal()
    card = data.drone_card(cid)
    s.say(f"— Drone turn: card {cid} shows {_action_text(card.action)}.")
    if card.action == "order":
        up = [o for o in s.orders_up if o is not None]
        if not up:
            s.say("No order is face up: the drones remove nothing.")
        elif len(up) == 1:
            remove_order(s, up[0])
        else:
            ask(s, "drone_order", 0, choices=up)
            return
    elif card.action == "highest":
        top = highest_honeys(s)
        if len(top) > 1:
            ask(s, "drone_honey", 0, choices=top)
            return
        s.drops += ["P", top[0]]  # type: ignore[list-item]
    else:
        targets = removal_targets(s, card.action)
        if targets:
            ask(s, "drone_nectar", 0, nectar=card.action)
            return
        s.say(f"No {rname(card.action)} nectar tile can be removed: its value drops.")
        s.drops.append(card.action)


@task(DRONE_TURN)
def t_drone_turn(s: HoneyBuzzState, args: list[str]) -> bool:
    """Solitaire: the drone turn starts (the engine's automatic step); what follows the drone
    card is queued here when it needs no choice of the player, else by that choice."""
    start_turn(s)
    if s.pending is None:
        push(s, *AFTER_DRONE_CHOICE)
    return True


def _action_text(action: str) -> str:
    if action == "order":
        return "an order card"
    if action == "highest":
        return "highest honey and pollen"
    return rname(action)


def highest_honeys(s: HoneyBuzzState) -> list[str]:
    """The honeys whose market value is the highest now (more than one: a tie the player breaks)."""
    values = {t: market_value(s, t) for t in NECTARS}
    best = max(values.values())
    return [t for t in NECTARS if values[t] == best]


def removal_targets(s: HoneyBuzzState, nectar: str) -> list[Space]:
    """Field spaces whose tile the drones may remove for ``nectar``: the
    closest tiles of that type to the forage token, or (advanced) any tile
    in that type's quadrant."""
    if s.advanced:
        return [sp for sp in quadrant_spaces(nectar) if s.field[index(sp)] is not None]
    token = s.players[0].forage
    assert token is not None
    spots = [space_of(i) for i, t in enumerate(s.field) if t is not None and t.kind == nectar]
    if not spots:
        return []
    best = min(manhattan(token, sp) for sp in spots)
    return [sp for sp in spots if manhattan(token, sp) == best]


def remove_order(s: HoneyBuzzState, oid: str) -> None:
    """The drones remove face-up order ``oid`` from the game and the next card of its stack is turned up."""
    k = orders.stack_of(s, oid)
    assert k is not None
    s.orders_up[k] = None
    s.orders_removed.append(oid)
    s.say(f"The drones remove order {oid} from the game.")
    orders.flip_next(s, k)


def finish_turn(s: HoneyBuzzState) -> None:
    """The drone action is done: move a drone, then the player's turn."""
    data = game_data()
    box = s.drone_top_box
    for i, side in enumerate(data.drones.drones):
        if box in side.boxes:
            if s.drones[i] != box:
                s.drones[i] = box
                s.say(f"A drone moves to the {data.box_name(box)} hive box.")
            else:
                s.say(f"The drone stays in the {data.box_name(box)} hive box.")
    s.drone_card = None
    s.phase = "play"
    s.current = 0
    s.turn += 1
    turns.start_turn(s)


@task("drone_end")
def t_drone_end(s: HoneyBuzzState, args: list[str]) -> bool:
    """Solitaire: the drone action is done; a drone moves and the player's turn starts."""
    finish_turn(s)
    return False


# -- the player's choices on a drone turn ----------------------------------------------------------


def legal(s: HoneyBuzzState) -> list[Any]:
    """The player's choices for the pending drone decision: a face-up order, a tied honey, or a nectar tile the drones
    may remove (or dropping its value instead)."""
    pend = s.pending
    assert pend is not None
    if pend.kind == "drone_order":
        return [DroneOrderMove(order=o) for o in pend.choices]
    if pend.kind == "drone_honey":
        return [DroneHoneyMove(resource=t) for t in pend.choices]
    assert pend.nectar is not None
    return [*(DroneNectarMove(remove=sp) for sp in removal_targets(s, pend.nectar)), DroneNectarMove()]


def apply(s: HoneyBuzzState, move: object) -> None:
    """Carry out the player's choice for the drones (book: solitaire, table h): remove an order, drop a tied honey and
    pollen, or remove a nectar tile or drop its value; raises IllegalMove when the choice is not one the card
    allows."""
    pend = s.pending
    assert pend is not None
    if isinstance(move, DroneOrderMove):
        if pend.kind != "drone_order" or move.order not in pend.choices:
            raise IllegalMove("Choose one of the face-up orders for the drones to remove.")
        s.pending = None
        remove_order(s, move.order)
    elif isinstance(move, DroneHoneyMove):
        if pend.kind != "drone_honey" or move.resource not in pend.choices:
            raise IllegalMove("Choose one of the honeys tied for the highest value.")
        s.pending = None
        s.drops += ["P", move.resource]
    elif isinstance(move, DroneNectarMove):
        if pend.kind != "drone_nectar" or pend.nectar is None:
            raise IllegalMove("The drones are not taking nectar now.")
        kind = pend.nectar
        if move.remove is None:
            s.pending = None
            s.say(f"{s.players[0].name} has the drones lower the value of {rname(kind)} rather than take "
                  f"{with_article(rname(kind))} tile from the field.")
            s.drops.append(kind)  # type: ignore[arg-type]
        else:
            if move.remove not in removal_targets(s, kind):
                if s.advanced:
                    raise IllegalMove(f"Choose a face-down tile in the {rname(kind)} quadrant.")
                raise IllegalMove(f"Choose {with_article(rname(kind))} nectar tile closest to your forage token.")
            i = index(move.remove)
            tile = s.field[i]
            assert tile is not None
            s.field[i] = None
            s.seen[i] = []
            s.nectar_removed.append(tile)
            s.pending = None
            if s.advanced:
                s.reveal()
                s.say(f"The drones take the face-down tile on {space_name(move.remove)}: it is "
                      f"{rname(tile.kind)}, removed from the game.")
            else:
                s.say(f"The drones remove the {rname(kind)} nectar tile on {space_name(move.remove)}.")
    else:
        raise IllegalMove("That is not a drone decision.")
