"""Read-only queries for drawing a Honey Buzz game (used by a screen).

Every function takes a state and never changes it. Functions that show
hidden things take the viewing ``seat`` and hide what that seat may not see,
so they are safe on the real state as well as on ``engine.view(state, seat)``
(pass ``None`` for a spectator).

Coordinates: hive hexes are axial ``(q, r)`` (pointy-top, directions of
:mod:`beegames.core.hexgrid`); field spaces are ``(row, col)`` with column
``-1`` for the start spots left of the rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.hexgrid import Hex
from .actions import empty_cells, fan_result, forage_cost
from .common import at_bottom, index, market_value, owned_workers, rname, space_name
from .contests import standings as contest_standings
from .data import NECTARS, RESOURCES, game_data
from .geometry import coverage, edge_colours, site_neighbours
from .models import FanMove, ForageMove, HoneyBuzzState, PeekMove, PlaceMove, Space
from .placement import HiveIndex, Preview, accepts_for, legal_placements, preview
from .scoring import resources_left, score_lines

# -- the personal hive -----------------------------------------------------------------------


@dataclass(frozen=True)
class TileView:
    kind: str
    hexes: tuple[Hex, Hex]
    icon: Hex
    starting: bool
    #: per hex: its six edges by direction, "yellow", "dark" or "inner"
    edges: dict[Hex, list[str]]


@dataclass(frozen=True)
class CellView:
    site: Hex
    #: nectar type the cell takes (None: none)
    accepts: str | None
    #: nectar tile stored in it ("?" never occurs here: hive nectar is face up)
    nectar: str | None
    honey: bool
    #: advanced variant: the back group of its nectar tile
    back: str | None = None


@dataclass(frozen=True)
class SiteView:
    """An open cell site next to the hive: how many of its six hexes are covered."""

    site: Hex
    covered: int


@dataclass(frozen=True)
class HiveView:
    tiles: list[TileView]
    cells: list[CellView]
    open_sites: list[SiteView]
    bounds: tuple[int, int, int, int]


def hive(state: HoneyBuzzState, seat: int) -> HiveView:
    """Player ``seat``'s hive: tiles with their edge colours, cells with
    nectar and honey, and the open sites round it."""
    p = state.players[seat]
    idx = HiveIndex.of(p)
    tiles = [TileView(kind=t.kind, hexes=t.hexes, icon=t.icon, starting=t.starting, edges=edge_colours(*t.hexes))
             for t in p.tiles]
    cells = [CellView(site=c.site, accepts=c.accepts, nectar=c.nectar.kind if c.nectar else None, honey=c.honey,
                      back=c.nectar.back if c.nectar else None) for c in p.cells]
    sites = {x for h in idx.owner for x in site_neighbours(h)} - set(idx.cells)
    open_sites = sorted((SiteView(site=x, covered=coverage(x, idx.owner)) for x in sites), key=lambda v: v.site)
    hexes = list(idx.owner) + list(sites)
    qs = [h[0] for h in hexes] or [0]
    rs = [h[1] for h in hexes] or [0]
    return HiveView(tiles=tiles, cells=cells, open_sites=open_sites, bounds=(min(qs), max(qs), min(rs), max(rs)))


def tile_in_hand(state: HoneyBuzzState) -> str | None:
    """The tile type waiting to be placed, if any."""
    return state.holding


def legal_slots(state: HoneyBuzzState) -> dict[tuple[Hex, Hex], list[PlaceMove]]:
    """Where the tile in hand may go: each slot (a sorted pair of hexes) with
    its two orientations (icon on either hex). Empty when no tile is in hand."""
    if state.holding is None or state.pending is None or state.pending.kind != "place":
        return {}
    out: dict[tuple[Hex, Hex], list[PlaceMove]] = {}
    for m in legal_placements(state.players[state.current]):
        out.setdefault(m.hexes, []).append(m)
    return out


def slots_at(state: HoneyBuzzState, h: Hex) -> list[PlaceMove]:
    """Legal placements of the tile in hand that cover hex ``h``."""
    return [m for ms in legal_slots(state).values() for m in ms if h in m.hexes]


def placement_preview(state: HoneyBuzzState, move: PlaceMove) -> Preview:
    """What a placement would do: the cells it closes (with the nectar they
    take) and the icons it wakes."""
    kind = state.holding or "forage"
    return preview(state.players[state.current], move.hexes, move.icon, kind, state.options.six_tile_cell)


def cell_nectar(state: HoneyBuzzState, seat: int) -> dict[str, dict[str, int]]:
    """Per nectar type: empty cells, cells holding a tile, and honey held."""
    p = state.players[seat]
    out = {t: {"empty": 0, "filled": 0, "honey": 0} for t in NECTARS}
    for c in p.cells:
        if c.accepts is None:
            continue
        if c.nectar is None:
            out[c.accepts]["empty"] += 1
        else:
            out[c.accepts]["filled"] += 1
            out[c.accepts]["honey"] += c.honey
    return out


def fan_targets(state: HoneyBuzzState) -> dict[Hex, list[Hex]]:
    """Produce: for each hive space, the nectar tiles the fan would fill."""
    p = state.players[state.current]
    idx = HiveIndex.of(p)
    return {h: fan_result(state, p, h, idx) for h in idx.owner}


def fan_move(space: Hex) -> FanMove:
    return FanMove(space=space)


# -- the woodland field --------------------------------------------------------------------------


@dataclass(frozen=True)
class SpaceView:
    space: Space
    name: str
    #: nectar front as ``seat`` sees it: a type, "?" (face down, unseen) or None (empty)
    nectar: str | None
    #: advanced: the back group of the tile (its quadrant)
    back: str | None
    #: seats whose forage token is here
    tokens: list[int] = field(default_factory=list)
    #: advanced: seats that have looked at this tile
    seen_by: list[int] = field(default_factory=list)


def field_rows(state: HoneyBuzzState, seat: int | None) -> list[list[SpaceView]]:
    """The field row by row as ``seat`` sees it; each row starts with its start spot (column -1)."""
    f = game_data().field
    rows = []
    for r in range(f.rows):
        row = []
        if r in f.start_rows:
            row.append(SpaceView(space=(r, -1), name=space_name((r, -1)), nectar=None, back=None,
                                 tokens=[i for i, p in enumerate(state.players) if p.forage == (r, -1)]))
        for c in range(f.cols):
            i = r * f.cols + c
            t = state.field[i]
            kind = None
            if t is not None:
                kind = t.kind
                if state.advanced and (seat is None or seat not in state.seen[i]):
                    kind = "?"
            row.append(SpaceView(space=(r, c), name=space_name((r, c)), nectar=kind,
                                 back=t.back if t is not None else None,
                                 tokens=[j for j, p in enumerate(state.players) if p.forage == (r, c)],
                                 seen_by=list(state.seen[i])))
        rows.append(row)
    return rows


def knowledge(state: HoneyBuzzState, seat: int) -> dict[Space, str]:
    """Advanced variant: the face-down tiles ``seat`` has looked at."""
    f = game_data().field
    out: dict[Space, str] = {}
    for i, t in enumerate(state.field):
        if t is not None and seat in state.seen[i] and t.kind != "?":
            out[(i // f.cols, i % f.cols)] = t.kind
    return out


def forage_targets(state: HoneyBuzzState) -> dict[Space, list[ForageMove]]:
    """Forage (standard): each reachable space with its moves (one per cell
    the tile could go into) and, through :func:`forage_price`, its cost."""
    from .actions import legal_forage

    if state.pending is None or state.pending.kind != "forage":
        return {}
    out: dict[Space, list[ForageMove]] = {}
    for m in legal_forage(state):
        out.setdefault(m.to, []).append(m)
    return out


def forage_price(state: HoneyBuzzState, to: Space) -> int:
    p = state.players[state.current]
    return forage_cost(p.forage, to) if p.forage is not None else 0


def peek_targets(state: HoneyBuzzState) -> list[PeekMove]:
    from .actions import legal_peek

    return legal_peek(state) if state.pending is not None and state.pending.kind == "peek" else []


# -- hive board, market, orders, contests, drones -------------------------------------------------------


@dataclass(frozen=True)
class BoxView:
    box: str
    name: str
    #: tile type -> tiles left in its stack
    stacks: dict[str, int]
    #: (seat, height) in the order they were made
    beelines: list[tuple[int, int]]
    #: height a new beeline must have (0: any)
    next_height: int
    drone: bool


def hive_boxes(state: HoneyBuzzState) -> list[BoxView]:
    data = game_data()
    out = []
    for box, kinds in data.setup.boxes(2 if state.solo else state.n).items():
        lines = state.boxes.get(box, [])
        out.append(BoxView(box=box, name=data.box_name(box), stacks={k: state.stacks[k] for k in kinds},
                           beelines=[(b.seat, b.height) for b in lines],
                           next_height=max((b.height for b in lines), default=-1) + 1 if lines else 0,
                           drone=state.solo and box in state.drones))
    return out


@dataclass(frozen=True)
class ColumnView:
    resource: str
    name: str
    values: list[int]
    marker: int
    value: int
    at_bottom: bool


def market_columns(state: HoneyBuzzState) -> list[ColumnView]:
    data = game_data()
    return [ColumnView(resource=r, name=rname(r), values=list(data.market_values(r)), marker=state.market[i],
                       value=market_value(state, r), at_bottom=at_bottom(state, r))
            for i, r in enumerate(RESOURCES)]


@dataclass(frozen=True)
class OrderStackView:
    action: str
    face_up: str | None
    needs: dict[str, int]
    points: int
    cards_below: int


def order_stacks(state: HoneyBuzzState) -> list[OrderStackView]:
    data = game_data()
    out = []
    for k, action in enumerate(data.orders.stack_actions):
        oid = state.orders_up[k]
        card = data.order(oid) if oid else None
        out.append(OrderStackView(action=action, face_up=oid, needs=dict(card.needs) if card else {},
                                  points=card.points if card else 0, cards_below=len(state.order_stacks[k])))
    return out


def contests(state: HoneyBuzzState) -> list[dict[str, Any]]:
    """Each contest in play with every seat's count, finishers of speed
    contests, and the points a final / solo contest would pay now."""
    return contest_standings(state)


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    colour: str
    coins: int
    pollen: int
    honey: dict[str, int]
    workers_available: int
    workers_on_board: int
    nursery: int
    workers_owned: int
    orders: list[str]
    tiles: int
    cells: int
    forage: Space | None
    #: coins + honey and pollen + contests + orders if the game ended now
    score_now: int


def standings(state: HoneyBuzzState) -> list[Standing]:
    lines = score_lines(state)
    out = []
    for i, p in enumerate(state.players):
        honey = {t: 0 for t in NECTARS}
        for c in p.cells:
            if c.honey and c.nectar is not None and c.nectar.kind in honey:
                honey[c.nectar.kind] += 1
        owned = owned_workers(p)
        out.append(Standing(seat=i, name=p.name, colour=p.colour, coins=p.coins, pollen=p.pollen, honey=honey,
                            workers_available=p.available, workers_on_board=owned - p.available - p.nursery,
                            nursery=p.nursery, workers_owned=owned, orders=list(p.orders), tiles=len(p.tiles),
                            cells=len(p.cells), forage=p.forage, score_now=lines[i].total))
    return out


def resources(state: HoneyBuzzState, seat: int) -> int:
    return resources_left(state.players[seat])


@dataclass(frozen=True)
class DroneView:
    #: box of each drone
    boxes: list[str]
    #: box on the hive side of the card on top of the deck
    next_box: str | None
    cards_in_deck: int
    #: flipped cards, newest last
    discard: list[str]


def drones(state: HoneyBuzzState) -> DroneView | None:
    if not state.solo:
        return None
    return DroneView(boxes=list(state.drones), next_box=state.drone_top_box, cards_in_deck=len(state.drone_deck),
                     discard=list(state.drone_discard))


def empty_cells_for(state: HoneyBuzzState, seat: int, nectar: str) -> list[Hex]:
    return empty_cells(state.players[seat], nectar)


def cell_type(pattern: str, state: HoneyBuzzState) -> str | None:
    return accepts_for(pattern, state.options.six_tile_cell)


def space_index(space: Space) -> int:
    return index(space)
