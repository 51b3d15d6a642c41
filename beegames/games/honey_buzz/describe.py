"""Readable texts: prompts, move descriptions, and the decision list.

A player never reads a coordinate here: a hive's cells are named by the
letters the hive draws on them (:func:`cell_names`), field spaces by their
row letter and column number (``B3``; a start spot is column 0), the ends
of a slot by where they sit (upper, left). :func:`choices` builds the whole
decision list a screen shows, with what each choice does, the ones that do
nothing marked and put last, and the ones that cannot be taken now with the
engine's reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ...core.hexgrid import Hex, distance, to_screen
from ...core.words import plural, with_article
from .actions import empty_cells, fan_result, forage_cost
from .common import aname, and_list, at_bottom, cell_names, cells_text, index, market_value, rname, space_name
from .data import RESOURCES, game_data
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
    Player,
    RecallMove,
    SellMove,
    Space,
    StartMove,
    StoreMove,
    TakeMove,
)
from .orders import needs_text
from .placement import HiveIndex, Preview, accepts_for, preview

#: the decision list's title for each kind of decision, in a player's words
LIST_TITLES = {"config": "setup card", "arrange": "starting tiles", "start": "start spot", "turn": "turn",
               "place": "place", "action": "action", "forage": "forage", "peek": "peek", "store": "store",
               "produce": "produce", "market": "market", "drop": "market drop", "drone_order": "drones' order",
               "drone_honey": "drones' honey", "drone_nectar": "drones' nectar"}


def list_title(kind: str) -> str:
    """A few words naming a kind of decision, for the title of the decision list."""
    return LIST_TITLES.get(kind, kind.replace("_", " "))


def prompt(s: HoneyBuzzState) -> str:
    """The question of the pending decision, addressed to the deciding player by name, with what the player needs to
    answer it."""
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
        return (f"{p.name}: take a tile or recall workers ({p.available} available, {_coins(p.coins)}, "
                f"{p.pollen} pollen).")
    if k == "place":
        return f"{p.name}: place your {aname(s.holding or '')} tile, yellow edge to yellow edge."
    if k == "action":
        owed = ", ".join(aname(a) for a in s.todo)
        return f"{p.name}: choose your next hive action (owed: {owed})."
    if k == "forage":
        comp = game_data().components
        return (f"{p.name}: Forage: move your token ({comp.forage_free_spaces} space free, "
                f"{comp.forage_extra_cost} coins per extra space).")
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
               "one that drops (with Pollen)."
    if k == "drone_nectar":
        what = "a face-down tile from its quadrant" if s.advanced else "the closest tile to your forage token"
        return f"{p.name}: the drones want {rname(pend.nectar or '')}: remove {what}, or drop its value."
    return f"{p.name}: decide."


def describe(s: HoneyBuzzState, move: Any) -> str:
    """The log line for ``move`` played in ``s``; a move that cannot be put in words falls back to its type and fields,
    so it never raises."""
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
        slot = data.configurations.by_id(s.config).slots[pend.slot or 0] if s.config and pend else None
        end = f", its icon on the {_end_name(slot, move.icon)} end" if slot and move.icon in slot else ""
        return f"The {aname(move.tile)} starting tile{end}"
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
        if s.holding is None:
            return "Place the tile"
        pv = preview(p, move.hexes, move.icon, s.holding, s.options.six_tile_cell)
        what = placement_text(s, move, pv)
        if not pv.cells:  # (no entry of the list shows such a place: say where it goes)
            return f"Place the {aname(s.holding)} tile {idle_place_text(p, move)}: it {what}"
        return f"Place the {aname(s.holding)} tile where it {what}"
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
            return f"Forage to {space_name(move.to)}{paid}: collect {rname(tile.kind)} into " \
                   f"{cells_text(p, [move.cell])}"
        return f"Forage to {space_name(move.to)}{paid}: gain a pollen"
    if isinstance(move, PeekMove):
        back = s.field[index(move.space)]
        group = f" ({rname(back.back)} quadrant)" if back is not None and back.back else ""
        return f"Look at the tile on {space_name(move.space)}{group}"
    if isinstance(move, StoreMove):
        return f"Store it in {cells_text(p, [move.cell])}"
    if isinstance(move, FanMove):
        made = fan_result(s, p, move.space)
        return f"Fan by {cells_text(p, made)}: {fan_text(s, made)}" if made else "Fan where it makes no honey"
    if isinstance(move, SellMove):
        v = market_value(s, move.resource)
        src = f", the honey from {cells_text(p, move.tiles)}" if move.tiles else ""
        return f"Sell {move.count} {rname(move.resource)} at {v} for {move.count * v} coins{src}"
    if isinstance(move, OrderMove):
        order = data.order(move.order)
        src = f" (the honey from {cells_text(p, move.tiles)})" if move.tiles else ""
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


# -- names a player reads --------------------------------------------------------------------------

def _counted(words: list[str]) -> list[str]:
    """``["Forage", "Produce", "Forage"]`` -> ``["2 Forage", "Produce"]`` (first seen order)."""
    count: dict[str, int] = {}
    for w in words:
        count[w] = count.get(w, 0) + 1
    return [w if n == 1 else f"{n} {w}" for w, n in count.items()]


def space_of(move: Any) -> Space | None:
    """The field space a move is about (a start spot is column -1), if any."""
    if isinstance(move, ForageMove):
        return move.to
    if isinstance(move, PeekMove):
        return move.space
    if isinstance(move, StartMove):
        return (move.row, -1)
    if isinstance(move, DroneNectarMove):
        return move.remove
    if isinstance(move, RecallMove):
        return move.scout
    return None


def hive_spot(move: Any) -> Hex | None:
    """The hex of the player's own hive a fan, store or starting-tile move is about, if any (the
    hive's cursor goes there, so that the slot being filled is in sight)."""
    if isinstance(move, ArrangeMove):
        return move.icon
    if isinstance(move, FanMove):
        return move.space
    if isinstance(move, StoreMove):
        return move.cell
    return None


def _new_cells_text(cells: list[tuple[Hex, str | None]]) -> str:
    """The cells a placement closes: ``a Rosemary cell``, ``2 cells, Rosemary and Acacia``."""
    kinds = [rname(k) if k else "no nectar" for _, k in cells]
    if len(cells) == 1:
        return with_article(f"{kinds[0]} cell") if cells[0][1] else "a cell that takes no nectar"
    return f"{len(cells)} cells, {and_list(kinds)}"


def placement_text(s: HoneyBuzzState, move: PlaceMove, pv: Preview | None = None) -> str:
    """What a placement does, in words: the cells it closes with the nectar
    each takes, and the icons it wakes (or that it does nothing this turn)."""
    if pv is None:
        pv = preview(s.players[s.current], move.hexes, move.icon, s.holding or "forage", s.options.six_tile_cell)
    if not pv.cells:
        return "closes no cell, so nothing happens this turn"
    woken = and_list(_counted([aname(k) for _, k in pv.woken])) or "no icon"
    return f"closes {_new_cells_text(pv.cells)} and wakes {woken}"


def idle_place_text(p: Player, move: PlaceMove) -> str:
    """Where a tile that closes no cell goes, in words a player finds on the hive (no entry of the
    list shows such a place): which way it lies from the nearest cell, named by its letter (in a
    hive with no cell yet, from the nearest starting tile, its action drawn on it), which way the
    tile lies with its icon on which end, and, if another such place would read the same, the tiles
    it touches, then how many hexes from the cell: ``below and to the left of cell b, lying flat,
    its icon on the left end``."""
    from .geometry import tile_neighbours

    names = cell_names(p)
    starting = [t for t in p.tiles if t.starting] or p.tiles
    marks = [(site, f"cell {name}") for site, name in names.items()] or [
        (h, f"the {aname(t.kind)}{' starting' if t.starting else ''} tile") for t in starting for h in t.hexes]

    def words(hexes: tuple[Hex, Hex], icon: Hex | None, detail: int) -> str:
        near = min(marks, key=lambda m: (min(distance(m[0], h) for h in hexes), m[1]))
        steps = min(distance(near[0], h) for h in hexes)
        (ax, ay), (bx, by), (nx, ny) = (to_screen(h, 2, 1) for h in (*hexes, near[0]))
        # (a hex is 2 columns wide here and a row 1 high, so a row counts sqrt(3) to keep the angles true)
        sector = round(math.atan2(((ay + by) / 2 - ny) * math.sqrt(3), (ax + bx) / 2 - nx) / (math.pi / 4)) % 8
        way = _WAYS[sector]
        # (read from left to right, as the hive is drawn)
        lies = "lying flat" if ay == by else "slanting up" if (bx - ax) * (by - ay) < 0 else "slanting down"
        if icon is not None:
            lies += f", its icon on the {_end_name(hexes, icon)} end"
        text = f"{way} {near[1]}, {lies}"
        if detail >= 1:
            kinds = list(dict.fromkeys(aname(t.kind) for t in p.tiles
                                       if any(n in t.hexes for h in hexes for n in tile_neighbours(h))))
            text += f", touching the {and_list(kinds)} tile{'s' if len(kinds) > 1 else ''}"
        if detail >= 2:
            text = f"{plural(steps, 'hex', 'hexes')} {text}"
        return text

    idx = HiveIndex.of(p)
    others = [slot for slot in idx.slots() if set(slot) != set(move.hexes) and not idx.enclosed_by(*slot)]
    for detail in (0, 1):
        if all(words(slot, None, detail) != words(move.hexes, None, detail) for slot in others):
            return words(move.hexes, move.icon, detail)
    return words(move.hexes, move.icon, 2)


#: which way a place lies from a mark, by eighths of a turn clockwise from the right (the screen's rows run down)
_WAYS = ("to the right of", "below and to the right of", "below", "below and to the left of", "to the left of",
         "above and to the left of", "above", "above and to the right of")


def fan_text(s: HoneyBuzzState, made: list[Hex]) -> str:
    """What the fan makes: ``2 honey (Rosemary, Acacia)``, ``2 honey (2 Cherry Blossom)``."""
    p = s.players[s.current]
    if not made:
        return "no honey"
    by = {c.site: c for c in p.cells}
    kinds = [rname(n.kind) for h in made if (n := by[h].nectar) is not None]
    return f"{len(made)} honey ({', '.join(_counted(kinds))})"


def _end_name(slot: tuple[Hex, Hex], h: Hex) -> str:
    """One end of a two-hex slot as it looks on the board: upper / lower, left / right."""
    a, b = slot
    other = b if h == a else a
    (xa, ya), (xb, yb) = to_screen(h, 2, 1), to_screen(other, 2, 1)
    if ya != yb:
        return "upper" if ya < yb else "lower"
    return "left" if xa < xb else "right"


# -- the decision list ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ChoiceView:
    """One entry of the decision list: a move, a sub-list (``group``), or an
    entry that cannot be chosen now (``refused`` says why, in the engine's
    words). ``idle`` marks a legal choice that does nothing; ``map`` an entry
    that hands the choice to the hive map. ``marks`` are the hive's hexes it
    is about (honey to take, cells), ``space`` the field space."""

    label: str
    move: Any = None
    group: tuple[ChoiceView, ...] = ()
    refused: str | None = None
    idle: bool = False
    map: bool = False
    marks: tuple[Hex, ...] = ()
    space: Space | None = None

    def moves(self) -> list[Any]:
        """Every move in this entry (a group's, all the way down)."""
        if self.group:
            return [m for c in self.group for m in c.moves()]
        return [self.move] if self.move is not None else []


def _group(label: str, entries: list[ChoiceView], **kw: Any) -> ChoiceView:
    """A sub-list, or the entry itself when there is only one."""
    if len(entries) == 1:
        return entries[0]
    return ChoiceView(label=label, group=tuple(entries), **kw)


def _numbered(entries: list[ChoiceView]) -> list[ChoiceView]:
    """Entries with the same label get ``(1 of 2)``, ``(2 of 2)``: the map shows which is which."""
    count: dict[str, int] = {}
    for e in entries:
        count[e.label] = count.get(e.label, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for e in entries:
        n = count[e.label]
        if n > 1:
            seen[e.label] = seen.get(e.label, 0) + 1
            e = ChoiceView(label=f"{e.label} ({seen[e.label]} of {n})", move=e.move, group=e.group, idle=e.idle,
                           map=e.map, marks=e.marks, space=e.space)
        out.append(e)
    return out


def _ordered(entries: list[ChoiceView]) -> list[ChoiceView]:
    """Choices that do something first, then those that do nothing, then the refused ones."""
    return [e for e in entries if not e.idle and e.refused is None] + \
        [e for e in entries if e.idle and e.refused is None] + [e for e in entries if e.refused is not None]


def choices(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    """The decision list for the pending decision, built from its legal
    ``moves``: every legal move is in it (some in groups), each with a
    label that says what it does; the choices that cannot be taken now are
    listed last with the reason."""
    if s.pending is None:
        return []
    build = _BUILDERS.get(s.pending.kind)
    entries = build(s, moves) if build is not None else [ChoiceView(describe(s, m), m) for m in moves]
    if s.pending.kind in _ENDING_KINDS and not s.end_triggered:
        entries = [_with_end(e, _end_after(s, e.moves())) for e in entries]
    entries = _ordered(entries)
    if len(entries) == 1 and entries[0].group:
        return list(entries[0].group)
    return entries


#: the decisions whose choice can trigger the end of the game (a value dropping to the bottom of the
#: market, an order stack used up): their entries say so, and what follows
_ENDING_KINDS = frozenset({"market", "drop", "drone_order", "drone_honey", "drone_nectar"})


def _end_after(s: HoneyBuzzState, moves: list[Any]) -> str | None:
    """What an entry whose moves are ``moves`` (all alike but for the honey taken) does to the end
    of the game, in words (``then …: the game ends at once``), or None if it does not trigger it.
    Only the market values and the order stacks the move changes are played out, on a copy (the
    rest of the turn may turn up cards the seat's view does not know)."""
    from .common import clone
    from .market import drop, process_drops
    from .turns import book_trigger, end_counts

    move = moves[0] if moves else None
    if move is None or getattr(move, "remove", None) is not None:  # (a drone's nectar tile removed: never)
        return None
    after = clone(s)
    if isinstance(move, (OrderMove, DroneOrderMove)):
        if move.order in after.orders_up:
            after.orders_up[after.orders_up.index(move.order)] = None
    elif isinstance(move, DropMove):
        drop(after, move)
    elif isinstance(move, SellMove):
        after.drops.append(move.resource)
    elif isinstance(move, DroneHoneyMove):
        after.drops += ["P", move.resource]
    elif s.pending is not None and s.pending.nectar:  # (the drones' nectar: its value drops instead)
        after.drops.append(s.pending.nectar)  # type: ignore[arg-type]
    process_drops(after)  # (up to a choice of the value that drops instead: that choice's entries say it)
    why = book_trigger(*end_counts(after))
    if why is None:
        return None
    if s.solo:
        return f"then {why}: " + ("you take one more turn, the last" if s.phase == "drone"
                                  else "the game ends at once")
    return f"then {why}: the game ends after {s.players[s.n - 1].name}'s turn"


def _with_end(e: ChoiceView, end: str | None) -> ChoiceView:
    """``e`` (and every entry of its group) saying that it triggers the end of the game, as ``end`` says."""
    if end is None:
        return e
    return replace(e, label=f"{e.label}; {end}", group=tuple(_with_end(c, end) for c in e.group))


def _config(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    from .geometry import coverage, site_neighbours

    out = []
    for m in moves:
        card = game_data().configurations.by_id(m.card)
        covered = {h for slot in card.slots for h in slot}
        near = [coverage(x, covered) for x in {x for h in covered for x in site_neighbours(h)}]
        one, two = near.count(5), near.count(4)
        out.append(ChoiceView(f"Keep configuration card {m.card} ({card.level}): {one} site{'' if one == 1 else 's'} "
                              f"one tile from a cell, {two} two tiles from one", m))
    return out


def _arrange(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    pend = s.pending
    assert pend is not None
    card = game_data().configurations.by_id(s.config or "")
    slot = card.slots[pend.slot or 0]
    by_kind: dict[str, list[ArrangeMove]] = {}
    for m in moves:
        by_kind.setdefault(m.tile, []).append(m)
    out = []
    for kind, ms in by_kind.items():
        sub = [ChoiceView(f"{aname(kind)} tile, its icon on the {_end_name(slot, m.icon)} end", m, marks=(m.icon,))
               for m in ms]
        out.append(_group(f"The {aname(kind)} starting tile in slot {(pend.slot or 0) + 1}", sub))
    return out


def _start(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    return [ChoiceView(f"The start spot of row {'ABCDEFGH'[m.row]} ({space_name((m.row, -1))})", m,
                       space=(m.row, -1)) for m in moves]


def _turn(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    from .turns import beeline_height, box_of, why_not_take

    data = game_data()
    p = s.players[s.current]
    takes = [m for m in moves if isinstance(m, TakeMove)]
    out: list[ChoiceView] = []
    for kind in data.components.standard_tiles:
        name = aname(kind)
        a = "an" if name[0] in "AEIOU" else "a"
        cost = f", pay {data.components.decree_cost} coins" if kind == "decree" else ""
        ms = [m for m in takes if m.tile == kind]
        label = f"Take {a} {name} tile ({s.stacks.get(kind, 0)} left{cost})"
        if not ms:
            need = beeline_height(s, box_of(s, kind))
            why = why_not_take(s, kind, need or max(1, p.available)) or "Not now."
            out.append(ChoiceView(label, refused=why))
            continue
        if len(ms) == 1:
            out.append(ChoiceView(f"{label}: a beeline of {ms[0].workers}", ms[0]))
            continue
        sub = [ChoiceView(f"A beeline of {m.workers} worker{'s' if m.workers > 1 else ''} (a later beeline here "
                          f"needs {m.workers + 1})", m) for m in ms]
        out.append(ChoiceView(f"{label}: a beeline of {ms[0].workers} to {ms[-1].workers}", group=tuple(sub)))
    recalls = [m for m in moves if isinstance(m, RecallMove)]
    if recalls:
        back = sum(b.height for lines in s.boxes.values() for b in lines if b.seat == s.current) + p.nursery
        label = f"Recall workers: {back} come back" + (f" ({p.nursery} new from the nursery)" if p.nursery else "")
        scouts = [_scout(s, m) for m in recalls]
        scouts = [e for e in scouts if not e.idle] + [e for e in scouts if e.idle]
        if len(scouts) == 1:
            out.append(ChoiceView(label, recalls[0]))
        else:
            then = "then look at a face-down tile" if s.advanced else "then scout one space"
            out.append(ChoiceView(f"{label}, {then}", group=tuple(scouts)))
    return out


def _scout(s: HoneyBuzzState, m: RecallMove) -> ChoiceView:
    p = s.players[s.current]
    if m.scout is None:
        if s.advanced:
            return ChoiceView("Look at no tile (nothing more happens)", m, idle=True)
        here = space_name(p.forage) if p.forage is not None else "its spot"
        return ChoiceView(f"Leave the forage token on {here} (nothing more happens)", m, idle=True)
    tile = s.field[index(m.scout)]
    name = space_name(m.scout)
    if s.advanced:
        assert tile is not None
        seen = f"; you saw it, {rname(tile.kind)}" if tile.kind != "?" else ""
        return ChoiceView(f"Look at the tile on {name} ({rname(tile.back or '?')} quadrant{seen})", m, space=m.scout)
    what = f"{with_article(rname(tile.kind))} tile" if tile is not None else "empty"
    return ChoiceView(f"Scout to {name} ({what})", m, space=m.scout)


def _place(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    p = s.players[s.current]
    idx = HiveIndex.of(p)
    six = s.options.six_tile_cell
    kind = s.holding or "forage"
    rows = []
    idle = 0
    for m in moves:
        made = idx.enclosed_by(*m.hexes)
        if not made:
            idle += 1
            continue
        cells = [(site, accepts_for(pat, six)) for site, pat in made]
        woken = idx.woken([site for site, _ in made], (m.icon, kind))
        pv = Preview(cells=cells, woken=woken)
        text = placement_text(s, m, pv)
        value = sum(1 for _, k in cells if k) * 10 + len(woken)
        rows.append((-len(cells), -value, m.hexes, m.icon, ChoiceView(text[:1].upper() + text[1:], m)))
    rows.sort(key=lambda x: (x[0], x[1], x[2], x[3]))
    same: dict[str, set[tuple[Hex, Hex]]] = {}
    for r in rows:
        same.setdefault(r[-1].label, set()).add(r[2])
    # the two ends of one slot doing the same: say which end the icon is on
    entries = [ChoiceView(f"{e.label} (its icon on the {_end_name(e.move.hexes, e.move.icon)} end)", e.move)
               if len(same[e.label]) == 1 and sum(x[-1].label == e.label for x in rows) > 1 else e
               for *_k, e in rows]
    out = _numbered(entries)
    if idle:
        out.append(ChoiceView(f"Place it where it closes no cell, so nothing happens this turn ({idle} places: "
                              "choose one on the hive)", idle=True, map=True))
    return out


def _action(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    from .market import market_possible

    p = s.players[s.current]
    out: list[ChoiceView] = []
    decrees: list[ChoiceView] = []
    best_fan = max((len(v) for v in _fan_results(s).values()), default=0)

    def what(kind: str) -> tuple[str, bool]:
        if kind == "forage":
            return ("look at a face-down tile" if s.advanced else "move your forage token"), False
        if kind == "produce":
            return (f"the fan makes up to {best_fan} honey" if best_fan else "no nectar tile can make honey"), \
                not best_fan
        if kind == "market":
            ok = market_possible(s, p)
            return ("sell or complete an order" if ok else "nothing to sell"), not ok
        if kind == "newbee":
            return ("a new worker in the nursery" if p.supply else "no worker left in the supply"), not p.supply
        if kind == "accounting":
            return f"take {game_data().components.accounting_coins} coins", False
        return "", False

    for m in moves:
        if m.action == "decree":
            text, idle = what(m.choice or "")
            decrees.append(ChoiceView(f"Decree as {aname(m.choice or '')}: {text}", m, idle=idle))
        else:
            text, idle = what(m.action)
            out.append(ChoiceView(f"{aname(m.action)} next: {text}", m, idle=idle))
    if decrees:
        out.append(ChoiceView("Decree next: take any one of the other actions",
                              group=tuple(_ordered(decrees))))
    return out


def _forage(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    p = s.players[s.current]
    assert p.forage is not None
    names = cell_names(p)
    by_dest: dict[Space, list[ForageMove]] = {}
    for m in moves:
        by_dest.setdefault(m.to, []).append(m)
    rows = []
    for dest, ms in by_dest.items():
        price = forage_cost(p.forage, dest)
        tag = "free" if not price else f"{price} coins"
        tile = s.field[index(dest)] if dest[1] >= 0 else None
        name = f"Stay on {space_name(dest)}" if dest == p.forage else space_name(dest)
        if ms[0].cell is not None and tile is not None:
            label = f"{name}, {tag}: collect the {rname(tile.kind)} tile"
            sub = [ChoiceView(f"{label} into cell {names[m.cell]}", m, marks=(m.cell,), space=dest)
                   for m in ms if m.cell is not None]
            rows.append((0, price, dest, _group(label, sub, space=dest)))
            continue
        left = s.supply_pollen > 0
        gain = "gain a pollen" if left else "nothing (the pollen supply is empty)"
        why = f"{gain} (no empty cell of yours takes its {rname(tile.kind)})" if tile is not None else gain
        rows.append((1, price, dest, ChoiceView(f"{name}, {tag}: {why}", ms[0], idle=not left, space=dest)))
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    return [r[-1] for r in rows]


def _peek(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    p = s.players[s.current]
    rows = []
    for m in moves:
        tile = s.field[index(m.space)]
        assert tile is not None
        quad = f"{rname(tile.back or '?')} quadrant"
        name = space_name(m.space)
        if tile.kind == "?":
            rows.append((1, m.space, ChoiceView(f"Look at the tile on {name} ({quad})", m, space=m.space)))
            continue
        room = empty_cells(p, tile.kind)
        if room:
            rows.append((0, m.space, ChoiceView(f"Look at the tile on {name} ({quad}): you saw it, {rname(tile.kind)},"
                                                f" and it goes into {cells_text(p, room[:1])}", m, space=m.space,
                                                marks=tuple(room))))
        else:
            rows.append((2, m.space, ChoiceView(f"Look at the tile on {name} ({quad}): you saw it, {rname(tile.kind)}; "
                                                "no empty cell takes it, so a pollen", m, space=m.space)))
    rows.sort(key=lambda r: (r[0], r[1]))
    return [r[-1] for r in rows]


def _store(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    pend = s.pending
    assert pend is not None
    p = s.players[pend.seat]
    names = cell_names(p)
    return [ChoiceView(f"Into cell {names[m.cell]} (an empty {rname(pend.nectar or '')} cell)", m, marks=(m.cell,))
            for m in moves]


def _fan_results(s: HoneyBuzzState) -> dict[Hex, list[Hex]]:
    p = s.players[s.current]
    idx = HiveIndex.of(p)
    return {h: fan_result(s, p, h, idx) for h in idx.owner}


def _produce(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    p = s.players[s.current]
    idx = HiveIndex.of(p)
    rows = []
    for m in moves:
        made = fan_result(s, p, m.space, idx)
        if not made:
            rows.append((0, ChoiceView("Fan anywhere: no nectar tile can make honey now (it does nothing)", m,
                                       idle=True)))
            continue
        rows.append((-len(made), ChoiceView(f"Fan next to {cells_text(p, made)}: {fan_text(s, made)}", m,
                                            marks=tuple(made))))
    rows.sort(key=lambda r: r[0])
    return [r[-1] for r in rows]


def _market(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    data = game_data()
    p = s.players[s.current]
    out: list[ChoiceView] = []
    sells: dict[str, dict[int, list[SellMove]]] = {}
    for m in moves:
        if isinstance(m, SellMove):
            sells.setdefault(m.resource, {}).setdefault(m.count, []).append(m)
    for res in RESOURCES:
        counts = sells.get(res)
        if not counts:
            continue
        name = rname(res)
        value = market_value(s, res)
        drop = "its value is at the bottom, so another of your choice drops" if at_bottom(s, res) else \
            f"its value then drops to {data.market_values(res)[s.market[RESOURCES.index(res)] + 1]}"
        sub = [_with_honey(p, f"Sell {n} {name} for {_coins(n * value)}", group)
               for n, group in sorted(counts.items())]
        if len(sub) == 1 and not sub[0].group:
            only = sub[0]
            out.append(ChoiceView(f"{only.label}; {drop}", only.move, marks=only.marks))
            continue
        if len(sells) == 1 and not any(isinstance(m, OrderMove) for m in moves):
            # (the list shows this group's entries alone, without its title: each says the drop)
            sub = [replace(e, label=f"{e.label}; {drop}") for e in sub]
        out.append(_group(f"Sell {name} at {_coins(value)} each, you hold {max(counts)}; {drop}", sub))
    orders: dict[str, list[OrderMove]] = {}
    for m in moves:
        if isinstance(m, OrderMove):
            orders.setdefault(m.order, []).append(m)
    for oid, oms in orders.items():
        card = data.order(oid)
        k = s.orders_up.index(oid) if oid in s.orders_up else 0
        action = aname(data.orders.stack_actions[k])
        out.append(_with_honey(p, f"Complete order {oid} ({needs_text(card)}) for {card.points} points, then "
                                  f"{action}", oms))
    return out


def _with_honey(p: Player, label: str, moves: list[Any]) -> ChoiceView:
    """A sale or an order: one entry naming the cells its honey comes off, or a group to choose them."""
    if len(moves) == 1:
        src = f" (the honey on {cells_text(p, moves[0].tiles)})" if moves[0].tiles else ""
        return ChoiceView(label + src, moves[0], marks=moves[0].tiles)
    tiles = [ChoiceView(f"The honey on {cells_text(p, m.tiles)}", m, marks=m.tiles) for m in moves]
    return ChoiceView(f"{label} (choose the honey)", group=tuple(tiles), marks=moves[0].tiles)


def _coins(n: int) -> str:
    return f"{n} coin{'' if n == 1 else 's'}"


def _after_drop(s: HoneyBuzzState, res: str) -> str:
    """``7 to 6``: a value now and after one drop; at the bottom, that another value drops instead
    (it read "5 to 5")."""
    values = game_data().market_values(res)
    i = s.market[RESOURCES.index(res)]
    if i >= len(values) - 1:
        return f"but it is at the bottom ({values[i]}): another value of your choice drops"
    return f"{values[i]} to {values[i + 1]}"


def _drop(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    return [ChoiceView(f"{rname(m.resource)} drops instead, {_after_drop(s, m.resource)}", m) for m in moves]


def _drone_order(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    data = game_data()
    out = []
    for m in moves:
        card = data.order(m.order)
        k = s.orders_up.index(m.order) if m.order in s.orders_up else 0
        out.append(ChoiceView(f"Remove order {m.order} ({needs_text(card)}, {card.points} points) from the "
                              f"{aname(data.orders.stack_actions[k])} stack", m))
    return out


def _drone_honey(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    return [ChoiceView(f"{rname(m.resource)} drops, {_after_drop(s, m.resource)}", m) for m in moves]


def _drone_nectar(s: HoneyBuzzState, moves: list[Any]) -> list[ChoiceView]:
    pend = s.pending
    assert pend is not None
    kind = pend.nectar or ""
    out = []
    for m in moves:
        if m.remove is None:
            out.append(ChoiceView(f"Drop the value of {rname(kind)} instead, {_after_drop(s, kind)}", m))
            continue
        tile = s.field[index(m.remove)]
        # (advanced: a tile of the quadrant that you looked at is named by its front, which may be any type)
        what = "face-down tile" if tile is None or tile.kind == "?" else f"{rname(tile.kind)} tile"
        out.append(ChoiceView(f"Remove the {what} on {space_name(m.remove)} from the game", m, space=m.remove))
    return out


_BUILDERS: dict[str, Callable[[HoneyBuzzState, list[Any]], list[ChoiceView]]] = {
    "config": _config, "arrange": _arrange, "start": _start, "turn": _turn, "place": _place, "action": _action,
    "forage": _forage, "peek": _peek, "store": _store, "produce": _produce, "market": _market, "drop": _drop,
    "drone_order": _drone_order, "drone_honey": _drone_honey, "drone_nectar": _drone_nectar,
}
