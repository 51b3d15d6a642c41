"""The market: five columns of values (pollen and the four honeys), sales,
and values dropping one space per sale, or another column of the player's
choice when a value cannot drop further."""

from __future__ import annotations

from itertools import combinations

from ...core.errors import IllegalMove
from .common import ask, at_bottom, honey_sites, market_value, rname, take_honey
from .data import NECTARS, RESOURCES
from .models import DropMove, HoneyBuzzState, Player, SellMove
from .tasks import push, task


def market_possible(s: HoneyBuzzState, p: Player) -> bool:
    """A Market action can be taken: something to sell (an order needs
    resources too, so this covers orders)."""
    return p.pollen > 0 or any(c.honey for c in p.cells)


def legal_sells(s: HoneyBuzzState) -> list[SellMove]:
    """Every sale open to the current player: 1 to all of the pollen, or for each honey type any number of units,
    naming the tiles they come off."""
    p = s.players[s.current]
    out = [SellMove(resource="P", count=k) for k in range(1, p.pollen + 1)]
    for t in NECTARS:
        sites = honey_sites(p, t)
        for k in range(1, len(sites) + 1):
            for combo in combinations(sites, k):
                out.append(SellMove(resource=t, count=k, tiles=combo))
    return out


def sell(s: HoneyBuzzState, move: SellMove) -> None:
    """Market, sale: sell ``move.count`` units of one resource at its current value each, back to the supply, and queue
    that value's drop (book: Market); raises IllegalMove for no units, more than the player holds, or honey not
    named by its tiles."""
    p = s.players[s.current]
    if move.count < 1:
        raise IllegalMove("Sell at least one unit.")
    value = market_value(s, move.resource)
    if move.resource == "P":
        if move.tiles:
            raise IllegalMove("Pollen is not kept on nectar tiles.")
        if move.count > p.pollen:
            raise IllegalMove(f"You have only {p.pollen} pollen.")
        p.pollen -= move.count
        s.supply_pollen += move.count
    else:
        if len(move.tiles) != move.count:
            raise IllegalMove("Name the nectar tile each sold honey comes off.")
        take_honey(s, p, move.tiles, move.resource)
        p.best_sale = max(p.best_sale, move.count)
    p.coins += move.count * value
    s.pending = None
    s.say(f"{p.name} sells {move.count} {rname(move.resource)} at {value} for {move.count * value} coins.")
    s.drops.append(move.resource)


# -- values dropping ---------------------------------------------------------------------------


def _drop_one(s: HoneyBuzzState, resource: str, instead: bool = False) -> None:
    i = RESOURCES.index(resource)
    s.market[i] += 1
    s.say(f"The value of {rname(resource)} drops to {market_value(s, resource)}"
          f"{' instead' if instead else ''}.")


def _drop_candidates(s: HoneyBuzzState, resource: str) -> list[str]:
    return [r for r in RESOURCES if r != resource and not at_bottom(s, r)]


def process_drops(s: HoneyBuzzState) -> bool:
    """Drop the queued columns; True when done, False when a decision is
    needed (which other column drops instead of one at the bottom)."""
    while s.drops:
        r = s.drops[0]
        if not at_bottom(s, r):
            s.drops.pop(0)
            _drop_one(s, r)
            continue
        cands = _drop_candidates(s, r)
        if not cands:
            s.drops.pop(0)
            s.say(f"{rname(r)} cannot drop further, and neither can any other value.")
            continue
        if len(cands) == 1:
            s.drops.pop(0)
            s.say(f"{rname(r)} cannot drop further.")
            _drop_one(s, cands[0], instead=True)
            continue
        ask(s, "drop", choices=cands)
        return False
    return True


@task("drops")
def t_drops(s: HoneyBuzzState, args: list[str]) -> bool:
    """Drop each market value queued by a sale or a drone card one space (book: Market); when one
    at the bottom could move any of several others, the player chooses and this task comes back
    after the choice for the values still queued."""
    if not process_drops(s):
        push(s, "drops")
    return False


def legal_drop(s: HoneyBuzzState) -> list[DropMove]:
    """The values the player may drop instead of the one at the bottom."""
    assert s.pending is not None
    return [DropMove(resource=r) for r in s.pending.choices]


def drop(s: HoneyBuzzState, move: DropMove) -> None:
    """Drop the chosen value instead of the one that cannot drop further; raises IllegalMove for a value that is not
    one of the choices."""
    assert s.pending is not None
    if move.resource not in s.pending.choices:
        raise IllegalMove(f"{rname(s.drops[0])} cannot drop further: choose another value that can drop ("
                          + ", ".join(rname(r) for r in s.pending.choices) + ").")
    r = s.drops.pop(0)
    s.say(f"{rname(r)} cannot drop further.")
    _drop_one(s, move.resource, instead=True)
    s.pending = None
