"""Readable prompts and move descriptions (the log and the move list)."""

from __future__ import annotations

from typing import Any

from .actions import fan_result, forage_cost
from .common import aname, index, market_value, rname, space_name
from .data import game_data
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
from .orders import needs_text
from .placement import preview


def _hex(h: tuple[int, int]) -> str:
    return f"({h[0]},{h[1]})"


def prompt(s: HoneyBuzzState) -> str:
    pend = s.pending
    assert pend is not None
    p = s.players[pend.seat]
    k = pend.kind
    if k == "config":
        return f"{p.name}: keep configuration card {' or '.join(pend.choices)}."
    if k == "arrange":
        return f"{p.name}: choose the starting tile for slot {(pend.slot or 0) + 1} of 4 and where its icon sits."
    if k == "start":
        return f"{p.name}: choose a start spot for your forage token."
    if k == "turn":
        return (f"{p.name}: take a tile or recall workers ({p.available} available, {p.coins} coins, "
                f"{p.pollen} pollen).")
    if k == "place":
        return f"{p.name}: place your {aname(s.holding or '')} tile, yellow edge to yellow edge."
    if k == "action":
        owed = ", ".join(aname(a) for a in s.todo)
        return f"{p.name}: choose your next hive action (owed: {owed})."
    if k == "forage":
        return f"{p.name}: Forage: move your token (1 space free, 2 coins per extra space)."
    if k == "peek":
        return f"{p.name}: Forage: choose a face-down nectar tile to look at."
    if k == "store":
        return f"{p.name}: choose the empty {rname(pend.nectar or '')} cell for the nectar tile."
    if k == "produce":
        return f"{p.name}: Produce: place the fan token in your hive."
    if k == "market":
        return f"{p.name}: Market: sell one resource or complete a face-up order."
    if k == "drop":
        return f"{p.name}: {rname(s.drops[0])} cannot drop further; choose the value that drops instead."
    if k == "drone_order":
        return f"{p.name}: choose the face-up order the drones remove."
    if k == "drone_honey":
        return f"{p.name}: {' and '.join(rname(t) for t in pend.choices)} tie for the highest value; choose the " \
               "one that drops."
    if k == "drone_nectar":
        what = "a face-down tile from its quadrant" if s.advanced else "the closest tile to your forage token"
        return f"{p.name}: the drones want {rname(pend.nectar or '')}: remove {what}, or drop its value."
    return f"{p.name}: decide."


def describe(s: HoneyBuzzState, move: Any) -> str:
    try:
        return _describe(s, move)
    except Exception:
        return f"{type(move).__name__}: {move!r}"


def _describe(s: HoneyBuzzState, move: Any) -> str:
    data = game_data()
    pend = s.pending
    seat = pend.seat if pend is not None else s.current
    p = s.players[seat]
    if isinstance(move, ConfigMove):
        card = data.configurations.by_id(move.card)
        return f"Keep configuration card {move.card} ({card.level})"
    if isinstance(move, ArrangeMove):
        return f"{aname(move.tile)} starting tile, icon on {_hex(move.icon)}"
    if isinstance(move, StartMove):
        return f"Start spot {space_name((move.row, -1))}"
    if isinstance(move, TakeMove):
        from .turns import box_of

        box = data.box_name(box_of(s, move.tile))
        cost = f", pay {data.components.decree_cost} coins" if move.tile == "decree" else ""
        return f"Take a{'n' if aname(move.tile)[0] in 'AEIOU' else ''} {aname(move.tile)} tile: beeline of " \
               f"{move.workers} in the {box} box{cost}"
    if isinstance(move, RecallMove):
        if move.scout is None:
            return "Recall workers" + ("" if s.advanced else " (forage token stays)")
        if s.advanced:
            return f"Recall workers, then look at the tile on {space_name(move.scout)}"
        return f"Recall workers, then scout to {space_name(move.scout)}"
    if isinstance(move, PlaceMove):
        a, b = move.hexes
        text = f"Place at {_hex(a)}-{_hex(b)}, icon on {_hex(move.icon)}"
        if s.holding is not None:
            pv = preview(p, move.hexes, move.icon, s.holding, s.options.six_tile_cell)
            if pv.cells:
                kinds = ", ".join(rname(k) if k else "no nectar" for _, k in pv.cells)
                woken = ", ".join(aname(k) for _, k in pv.woken) or "nothing"
                text += f": closes {kinds}; wakes {woken}"
        return text
    if isinstance(move, ActMove):
        if move.action == "decree":
            return f"Decree as {aname(move.choice or '')}"
        return f"{aname(move.action)} next"
    if isinstance(move, ForageMove):
        assert p.forage is not None
        price = forage_cost(p.forage, move.to)
        paid = f" ({price} coins)" if price else " (free)"
        tile = s.field[index(move.to)] if move.to[1] >= 0 else None
        if move.cell is not None and tile is not None:
            return f"Forage to {space_name(move.to)}{paid}: collect {rname(tile.kind)} into {_hex(move.cell)}"
        return f"Forage to {space_name(move.to)}{paid}: gain a pollen"
    if isinstance(move, PeekMove):
        back = s.field[index(move.space)]
        group = f" ({rname(back.back)} quadrant)" if back is not None and back.back else ""
        return f"Look at the tile on {space_name(move.space)}{group}"
    if isinstance(move, StoreMove):
        return f"Store it in cell {_hex(move.cell)}"
    if isinstance(move, FanMove):
        made = fan_result(s, p, move.space)
        by = {c.site: c for c in p.cells}
        names = [rname(n.kind) for h in made if (n := by[h].nectar) is not None]
        return f"Fan at {_hex(move.space)}: " + (f"{len(names)} honey ({', '.join(names)})" if names else "no honey")
    if isinstance(move, SellMove):
        v = market_value(s, move.resource)
        src = f" from {', '.join(_hex(h) for h in move.tiles)}" if move.tiles else ""
        return f"Sell {move.count} {rname(move.resource)} at {v} for {move.count * v} coins{src}"
    if isinstance(move, OrderMove):
        order = data.order(move.order)
        src = f" (honey from {', '.join(_hex(h) for h in move.tiles)})" if move.tiles else ""
        return f"Complete order {move.order}: {needs_text(order)} for {order.points} points{src}"
    if isinstance(move, DropMove):
        return f"Drop {rname(move.resource)} instead (now {market_value(s, move.resource)})"
    if isinstance(move, DroneOrderMove):
        gone = data.order(move.order)
        return f"The drones remove order {move.order} ({needs_text(gone)}, {gone.points} points)"
    if isinstance(move, DroneHoneyMove):
        return f"{rname(move.resource)} drops"
    if isinstance(move, DroneNectarMove):
        kind = pend.nectar if pend is not None else None
        if move.remove is None:
            return f"Drop the value of {rname(kind or '')} (now {market_value(s, kind) if kind else '?'})"
        return f"Remove the nectar tile on {space_name(move.remove)}"
    return repr(move)

