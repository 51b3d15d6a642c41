"""Order cards: completing a face-up order (a Market transaction), the
stack's hive action it owes, and flipping the next card at the end of the
turn."""

from __future__ import annotations

from itertools import combinations, product

from ...core.errors import IllegalMove
from ...core.hexgrid import Hex
from .common import aname, honey_sites, rname, site_text, take_honey
from .data import NECTARS, OrderCard, game_data
from .models import HoneyBuzzState, OrderMove, Player


def needs_text(card: OrderCard) -> str:
    """What order ``card`` asks, in words: ``2 Wildflower, 1 Pollen``."""
    return ", ".join(f"{k} {rname(r)}" for r, k in card.needs.items())


def _can_complete(p: Player, card: OrderCard) -> bool:
    if p.pollen < card.needs.get("P", 0):
        return False
    for t in NECTARS:
        need = card.needs.get(t, 0)
        if need and len(honey_sites(p, t)) < need:
            return False
    return True


def legal_orders(s: HoneyBuzzState) -> list[OrderMove]:
    """Every face-up order the current player can complete, once per choice of the honey tiles that pay for it."""
    p = s.players[s.current]
    data = game_data()
    out = []
    for oid in s.orders_up:
        if oid is None:
            continue
        card = data.order(oid)
        if not _can_complete(p, card):
            continue
        choices = []
        for t in NECTARS:
            need = card.needs.get(t, 0)
            if need:
                choices.append(list(combinations(honey_sites(p, t), need)))
        for pick in product(*choices):
            tiles: tuple[Hex, ...] = tuple(h for part in pick for h in part)
            out.append(OrderMove(order=oid, tiles=tiles))
    return out


def stack_of(s: HoneyBuzzState, oid: str) -> int | None:
    """The order stack whose face-up card is ``oid``, or None when it is not face up."""
    for k, up in enumerate(s.orders_up):
        if up == oid:
            return k
    return None


def complete(s: HoneyBuzzState, move: OrderMove) -> None:
    """Market, order: hand in exactly the resources face-up order ``move.order`` asks (honey off the named tiles), keep
    the card for its points, and owe the action of its stack; the stack shows its next card at the end of the turn
    (book: Market); raises IllegalMove when the order is not face up or the resources named are not exactly what it
    asks."""
    data = game_data()
    p = s.players[s.current]
    k = stack_of(s, move.order)
    if k is None:
        raise IllegalMove(f"Order {move.order} is not face up.")
    card = data.order(move.order)
    if p.pollen < card.needs.get("P", 0):
        raise IllegalMove(f"Order {move.order} needs {needs_text(card)}; you have {p.pollen} pollen.")
    want = {t: card.needs.get(t, 0) for t in NECTARS}
    got = {t: 0 for t in NECTARS}
    by_site = {c.site: c for c in p.cells}
    for h in move.tiles:
        c = by_site.get(h)
        if c is None or not c.honey or c.nectar is None or c.nectar.kind not in got:
            raise IllegalMove(f"There is no honey in {site_text(p, h)}.")
        got[c.nectar.kind] += 1
    if got != want:
        raise IllegalMove(f"Order {move.order} needs exactly {needs_text(card)}: name the nectar tiles the "
                          "honey comes off.")
    take_honey(s, p, move.tiles)
    need_p = card.needs.get("P", 0)
    p.pollen -= need_p
    s.supply_pollen += need_p
    p.orders.append(move.order)
    s.orders_up[k] = None
    s.flip.append(k)
    action = data.orders.stack_actions[k]
    s.todo.append(action)
    s.pending = None
    s.say(f"{p.name} completes order {move.order} ({needs_text(card)}) worth {card.points} points; its stack "
          f"adds a {aname(action)} action to {p.name}'s turn.")


def flip_stacks(s: HoneyBuzzState) -> None:
    """End of turn: the stacks whose order was taken show their next card."""
    for k in s.flip:
        flip_next(s, k)
    s.flip = []


def flip_next(s: HoneyBuzzState, k: int) -> None:
    """Turn up the next card of order stack ``k`` when it shows none (a reveal), or say that the stack is empty."""
    if s.orders_up[k] is not None:
        return
    if s.order_stacks[k]:
        oid = s.order_stacks[k].pop(0)
        s.orders_up[k] = oid
        s.reveal()
        card = game_data().order(oid)
        s.say(f"Order {oid} is turned face up on the {aname(game_data().orders.stack_actions[k])} stack: "
              f"{needs_text(card)} for {card.points} points.")
    else:
        s.say(f"The {aname(game_data().orders.stack_actions[k])} order stack is empty.")
