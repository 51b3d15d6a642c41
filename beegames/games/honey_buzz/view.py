"""Read-only queries for drawing a Honey Buzz game: everything its screen shows.

Every function takes a state and never changes it. Functions that show
hidden things take the viewing ``seat`` and hide what that seat may not see,
so they are safe on the real state as well as on ``engine.view(state, seat)``
(pass ``None`` for a spectator). The screen draws what these give, in its
own colours: the decision list with every label, refusal and "does nothing"
mark (:func:`choices`, written in :mod:`.describe`), the tile being placed
and what it would do or why it cannot go there (:func:`placement_at`), the
fan's yield, the hive, the boards, the contests and their texts.

Coordinates: hive hexes are axial ``(q, r)`` (pointy-top, directions of
:mod:`beegames.core.hexgrid`); field spaces are ``(row, col)`` with column
``-1`` for the start spots left of the rows. A player never reads them:
cells are named by letters drawn on the hive (:func:`cell_names`), field
spaces by the row letters and column numbers drawn round the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.hexgrid import DIRECTIONS, Hex, direction_between
from .actions import fan_result
from .common import (
    aname,
    at_bottom,
    cell_names,
    cells_text,
    index,
    market_value,
    owned_workers,
    resources_held,
    rname,
    space_name,
)
from .contests import speed_payouts
from .contests import standings as contest_standings
from .data import NECTARS, RESOURCES, game_data
from .describe import ChoiceView, choices, fan_text, hive_spot, list_title, placement_text, space_of
from .geometry import TILE_DIRS, coverage, edge_colours, hex_class, is_site, norm_slot, site_neighbours
from .models import ArrangeMove, ForageMove, HoneyBuzzState, PlaceMove, Space
from .placement import HiveIndex, Preview, is_legal_slot, legal_placements, preview
from .scoring import resources_left, score_lines
from .turns import END_BOTTOM, END_EMPTY, end_counts

__all__ = ["ChoiceView", "cell_names", "cells_text", "choices", "fan_text", "hive_spot", "list_title",
           "placement_text", "space_of"]

#: every name a player reads: tile types / hive actions, resources, market columns in order
ACTIONS = tuple(game_data().components.actions)
RESOURCE_TYPES = RESOURCES


def action_name(kind: str) -> str:
    """The name of a hive action or tile kind, for the screen."""
    return aname(kind)


def resource_name(code: str) -> str:
    """The name of a resource or nectar type, for the screen."""
    return rname(code)

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
    #: advanced variant: the back group of its nectar tile (None where the viewer may not see it)
    back: str | None = None
    #: the letter it is named by, drawn on it (``a`` is the hive's first cell)
    name: str = ""


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
    names = cell_names(p)
    cells = [CellView(site=c.site, accepts=c.accepts, nectar=c.nectar.kind if c.nectar else None, honey=c.honey,
                      back=c.nectar.back if c.nectar else None, name=names[c.site]) for c in p.cells]
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
    """The field row by row, each row led by its start spot (column -1).

    ``state`` is what the viewer may see (``Engine.view`` for a seat, or the whole state of a
    finished game shown whole): a front the viewer has not seen is already "?" there, so the
    engine's one hiding rule decides. ``seat`` is the viewer (None: nobody in particular)."""
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
            kind = t.kind if t is not None else None
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
    """Forage (standard): each space the player can pay to reach, with its
    moves (one per cell the tile there could go into)."""
    from .actions import legal_forage

    if state.pending is None or state.pending.kind != "forage":
        return {}
    out: dict[Space, list[ForageMove]] = {}
    for m in legal_forage(state):
        out.setdefault(m.to, []).append(m)
    return out


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
    """Each hive box of the board in play: its tile stacks, the beelines in it, the height a new beeline needs, and
    whether a drone blocks it."""
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
    """Each market column: its values, where the marker stands, the value now and whether it is at the bottom."""
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
    #: what stands where no order is face up: why, in words (an order taken this turn is
    #: replaced only at the end of the turn)
    blank: str = ""


def order_stacks(state: HoneyBuzzState) -> list[OrderStackView]:
    """Each order stack: its action, the face-up card with what it asks and its points, and the cards left below."""
    data = game_data()
    out = []
    for k, action in enumerate(data.orders.stack_actions):
        oid = state.orders_up[k]
        card = data.order(oid) if oid else None
        below = len(state.order_stacks[k])
        blank = "" if oid else ("empty" if not below else f"the next order turns up at the end of the turn "
                                                          f"({below} below)")
        out.append(OrderStackView(action=action, face_up=oid, needs=dict(card.needs) if card else {},
                                  points=card.points if card else 0, cards_below=below, blank=blank))
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
    """Each player's holdings and score so far: coins, pollen, honey by type, workers wherever they are, orders, tiles,
    cells and the forage token."""
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
    """The honey and pollen seat ``seat`` holds (a point each at the end)."""
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
    """Solitaire: where the drones stand, the box shown next and the drone cards; None in a multiplayer game."""
    if not state.solo:
        return None
    return DroneView(boxes=list(state.drones), next_box=state.drone_top_box, cards_in_deck=len(state.drone_deck),
                     discard=list(state.drone_discard))


# -- the tile being placed -------------------------------------------------------------------------


def lattice_direction(icon: Hex, direction: int) -> int:
    """``direction`` kept on the lattice for a tile whose icon is on ``icon``:
    the same axis, the other way, when that hex is of the other class (a
    tile covers one hex of each class, side by side)."""
    cls = hex_class(icon)
    if cls in TILE_DIRS and direction not in TILE_DIRS[cls]:
        return (direction + 3) % 6
    return direction


def turned(direction: int, step: int) -> int:
    """The tile turned round its icon hex: a third of a turn a step (the
    only turns that keep it on the lattice)."""
    return (direction + 2 * step) % 6


def tile_hexes(icon: Hex, direction: int) -> tuple[Hex, Hex] | None:
    """The two hexes of a tile with its icon on ``icon``, the other hex
    toward ``direction`` (kept on the lattice); None when ``icon`` is a cell site."""
    if is_site(icon):
        return None
    d = DIRECTIONS[lattice_direction(icon, direction)]
    return icon, (icon[0] + d[0], icon[1] + d[1])


def direction_of(move: PlaceMove) -> int:
    """The direction from a placement's icon hex to its other hex."""
    a, b = move.hexes
    other = b if move.icon == a else a
    d = direction_between(move.icon, other)
    return d if d is not None else 0


@dataclass(frozen=True)
class PlacementView:
    """The tile in hand with its icon on one hex: the move if it is legal,
    and one sentence saying what it would do or why it may not go there."""

    move: PlaceMove | None
    text: str
    tile: TileView | None
    #: the cells it would close, with the nectar each takes
    cells: list[tuple[Hex, str | None]]


def placement_at(state: HoneyBuzzState, icon: Hex, direction: int, legal: list[PlaceMove]) -> PlacementView:
    """The tile in hand with its icon on ``icon`` and its other hex toward
    ``direction`` (``legal``: the legal placements)."""
    kind = state.holding or "forage"
    pair = tile_hexes(icon, direction)
    if pair is None:
        return PlacementView(None, "A cell site: a tile never covers one (its edges there would be dark).",
                             None, [])
    tile = TileView(kind=kind, hexes=pair, icon=icon, starting=False, edges=edge_colours(*pair))
    move = PlaceMove(hexes=norm_slot(*pair), icon=icon)
    if move not in legal:
        why = is_legal_slot(state.players[state.current], *pair) or "that tile cannot go there"
        return PlacementView(None, f"Not here: {why}.", tile, [])
    pv = placement_preview(state, move)
    return PlacementView(move, "Here: " + placement_text(state, move, pv) + ".", tile, pv.cells)


def starting_tiles(state: HoneyBuzzState, card_id: str | None, trying: ArrangeMove | None = None) -> list[tuple[
        int, TileView, bool]]:
    """Setup: the configuration card's slots not yet filled, as tiles
    ``(slot number, tile, is the slot to fill now)``; a slot's tile is the
    starting tile ``trying`` shows there, the card's own icon (the starred
    card fixes them), or a blank."""
    if card_id is None:
        choices_ = state.pending.choices if state.pending else []
        card_id = choices_[0] if choices_ else None
    if card_id is None:
        return []
    card = game_data().configurations.by_id(card_id)
    filled = {h for t in state.arrangement for h in t.hexes} if card_id == state.config else set()
    now = state.pending.slot if state.pending is not None and state.pending.kind == "arrange" else None
    out = []
    for i, slot in enumerate(card.slots):
        if set(slot) & filled:
            continue
        kind, icon = "", slot[0]
        if trying is not None and i == now:
            kind, icon = trying.tile, trying.icon
        elif card.icons is not None:
            kind, icon = card.icons[i].kind, card.icons[i].hex
        out.append((i + 1, TileView(kind=kind, hexes=tuple(slot), icon=icon, starting=True,  # type: ignore[arg-type]
                                    edges=edge_colours(*slot)), i == now))
    return out


def shown_tiles(state: HoneyBuzzState, seat: int) -> list[TileView]:
    """The tiles of ``seat``'s hive, or during setup the starting tiles arranged so far."""
    tiles = hive(state, seat).tiles
    if state.phase == "setup" and not tiles:
        tiles = [TileView(kind=t.kind, hexes=t.hexes, icon=t.icon, starting=True, edges=edge_colours(*t.hexes))
                 for t in state.arrangement]
    return tiles


def fan_yield(state: HoneyBuzzState, space: Hex) -> tuple[list[Hex], str]:
    """Produce: the nectar tiles that make honey with the fan on ``space``, and what that is in words."""
    made = fan_targets(state).get(space, [])
    return made, fan_text(state, made)


def map_targets(state: HoneyBuzzState, moves: list[Any]) -> set[Hex]:
    """The hexes of the hive that are a choice now: every hex of a legal
    slot (placing), the cells a nectar tile may go into, the spaces where the
    fan makes honey."""
    kind = state.pending.kind if state.pending is not None else None
    if kind == "place":
        return {h for m in moves if isinstance(m, PlaceMove) for h in m.hexes}
    if kind == "store":
        return {m.cell for m in moves if hasattr(m, "cell")}
    if kind == "produce":
        return {h for h, made in fan_targets(state).items() if made}
    return set()


# -- the field, the market and the players' goods -------------------------------------------------


def held(state: HoneyBuzzState, seat: int) -> dict[str, int]:
    """Pollen and each honey ``seat`` holds, by resource code."""
    return resources_held(state.players[seat])


def supply(state: HoneyBuzzState) -> dict[str, int]:
    """Pollen and each honey left in the supply."""
    out = {"P": state.supply_pollen}
    out.update({t: state.supply_honey[i] for i, t in enumerate(NECTARS)})
    return out


def forage_legend(state: HoneyBuzzState) -> str:
    """How foraging is paid for, in words (the free spaces, the coins each further space costs)."""
    comp = game_data().components
    return f"{comp.forage_free_spaces} space free, {comp.forage_extra_cost} coins each extra"


def removed_nectar(state: HoneyBuzzState) -> list[str]:
    """The nectar type of each tile the drones removed from the game."""
    return [t.kind for t in state.nectar_removed]


def look_report(state: HoneyBuzzState, seat: int, space: Space) -> str | None:
    """After ``seat`` looked at the tile on ``space`` (advanced): what it saw, for its eyes only."""
    i = index(space)
    t = state.field[i] if space[1] >= 0 else None
    if t is None or t.kind == "?" or seat not in state.seen[i]:
        return None
    return f"The tile on {space_name(space)} is {rname(t.kind)}. It is back on the field, face down; " \
           "only you know it."


# -- contests, the solo goal, drones ------------------------------------------------------------


#: what each contest counts, in words
METRIC_TEXT = {"nectar_clusters": "nectar clusters", "empty_cell_clusters": "empty cell clusters",
               "longest_line": "cells in a line", "cells": "cells", "nectar_tiles": "nectar tiles",
               "nectar_types": "nectar types", "honey_held": "honey held", "workers": "workers",
               "orders": "orders", "hive_tiles": "hive tiles", "best_sale": "honey in one sale",
               "cherry_acacia": "Cherry + Acacia tiles", "pollen": "pollen", "coins": "coins"}


#: what each contest counts, told to a newcomer (shown when a contest is opened); a line's spacing depends on the
#: options, so ``longest_line`` is written by :func:`metric_meaning`
METRIC_MEANING = {
    "nectar_clusters": "A nectar cluster: three cells touching the same tile hex of your hive (a small triangle), "
                       "all three holding a nectar tile. A cell may be in several clusters.",
    "empty_cell_clusters": "An empty cell cluster: three cells touching the same tile hex of your hive (a small "
                           "triangle), none of them holding a nectar tile. A cell may be in several clusters.",
    "cells": "Every closed cell of your hive counts, empty or not.",
    "nectar_tiles": "Every nectar tile stored in your hive's cells counts.",
    "nectar_types": "Each kind of nectar stored in your hive counts once (Wildflower, Rosemary, Cherry Blossom, "
                    "Acacia).",
    "honey_held": "Every honey sitting on a nectar tile of your hive counts.",
    "workers": "Every worker you own counts: free, out on the board or in the nursery.",
    "orders": "Every order you have completed counts.",
    "hive_tiles": "Every tile of your hive counts, the starting tiles too.",
    "best_sale": "Your biggest Market sale counts: the most honey you sold at once.",
    "cherry_acacia": "Every Cherry Blossom and Acacia nectar tile stored in your hive counts.",
    "pollen": "The pollen you hold counts (pollen sold or spent no longer does).",
    "coins": "The coins you hold count (coins spent no longer do).",
}


def metric_meaning(state: HoneyBuzzState, metric: str) -> str:
    """What a contest's count is made of, in words a newcomer can follow (for the opened contest)."""
    if metric == "longest_line":
        gap = "one tile hex" if state.options.line_vectors == "nearest" else "along an axis, two tile hexes"
        return (f"Your longest straight line of cells counts: cells one after another in one direction, {gap} "
                "between each cell and the next.")
    return METRIC_MEANING.get(metric, "")


@dataclass(frozen=True)
class ContestRow:
    id: str
    title: str
    kind: str
    #: what it asks for, in words ("speed: 3 cells in a line", "final: most cells")
    what: str
    #: what it pays, in words ("pays 20 coins", "20/10/5 pts", "tiers 3/5/7 → 5/10/15 pts")
    pays: str
    #: per seat: the count now, and a mark ("✓1" finished first, "→10" points now, "")
    values: list[tuple[int, str]]
    #: what it counts, in words a newcomer can follow (shown when the contest is opened)
    meaning: str
    #: how it pays, in words (shown when the contest is opened)
    explain: str


def contest_rows(state: HoneyBuzzState) -> list[ContestRow]:
    """One row per queen's contest in play: what it measures, what it pays, each player's count and mark, and a
    sentence explaining it."""
    data = game_data()
    out = []
    for row in contest_standings(state):
        what = METRIC_TEXT.get(row["metric"], row["metric"])
        kind = row["kind"]
        marks: list[str] = []
        for i, _v in enumerate(row["values"]):
            if kind == "speed":
                done = row["finished"]
                marks.append(f"✓{done.index(i) + 1}" if i in done else "")
            else:
                marks.append(f"→{row['points_now'][i]}")
        if kind == "speed":
            pays = "/".join(str(x) for x in speed_payouts(state.n))
            text = f"speed: {row['target']} {what}"
            pay = f"pays {pays} coins"
            explain = (f"Speed contest: the first players to have {row['target']} {what} are paid {pays} coins at "
                       "once; the last to get there is never paid. ✓2 after a count: the second to get there.")
        elif kind == "final":
            pays = "/".join(str(x) for x in data.components.final_payouts)
            text = f"final: most {what}"
            pay = f"{pays} pts by rank"
            explain = (f"Final contest: most {what} at the end scores {pays} points by rank; tied players each "
                       "score their place, and a lone last player scores nothing. →10 after a count: the points it "
                       "would score if the game ended now.")
        else:
            card = data.contest(row["id"])
            points = list(getattr(card, "points", []))
            text = what
            pay = "/".join(str(t) for t in row["tiers"]) + " → " + "/".join(str(p) for p in points) + " pts"
            tiers = ", ".join(f"{t} for {p}" for t, p in zip(row["tiers"], points))
            explain = (f"Solo contest: {what} at the end scores its highest tier reached ({tiers} points); →N "
                       "after the count: the points it would score now.")
        out.append(ContestRow(id=row["id"], title=row["title"], kind=kind, what=text, pays=pay,
                              values=list(zip(row["values"], marks)), meaning=metric_meaning(state, row["metric"]),
                              explain=explain))
    return out


@dataclass(frozen=True)
class SoloGoal:
    points: int
    minimum: int
    level: str

    @property
    def reached(self) -> bool:
        """Whether the contest points reach the level's minimum (the solitaire win)."""
        return self.points >= self.minimum


def solo_goal(state: HoneyBuzzState) -> SoloGoal | None:
    """Solitaire: contest points now, against the chosen level's minimum."""
    if not state.solo:
        return None
    level = game_data().solo.level(state.options.solo_level)
    got = sum(r["points_now"][0] for r in contest_standings(state))
    return SoloGoal(points=got, minimum=level.minimum, level=level.name)


def drone_card_text(card_id: str) -> str:
    """A flipped drone card in words: ``D3: Wildflower``."""
    card = game_data().drone_card(card_id)
    action = {"order": "an order", "highest": "highest honey + pollen"}.get(card.action) or rname(card.action)
    return f"{card.id}: {action}"


def drone_news(log: list[str]) -> str:
    """What the last drone turn did, in one line (from the log the viewer reads)."""
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i].startswith("— Drone turn")), None)
    if start is None:
        return ""
    out = []
    for line in log[start:]:
        if line.startswith("— ") and not line.startswith("— Drone turn"):
            break
        line = line.removeprefix("— Drone turn: ")
        out.append(line[:1].upper() + line[1:])
    return " ".join(out)


def board_side(state: HoneyBuzzState) -> str:
    """The side of the hive board in play: ``1-2`` (solitaire too) or ``3-4``."""
    return "1-2" if state.solo or state.n <= 2 else "3-4"


def box_name(box: str) -> str:
    """The name of a hive box, for the screen."""
    return game_data().box_name(box)


def order_points(order_id: str) -> int:
    """The points order ``order_id`` is worth."""
    return game_data().order(order_id).points


def end_watch(state: HoneyBuzzState) -> str:
    """When the game ends, in words: the two triggers with how far they are now; once one is met,
    why and who takes the last turn; once it is over, why it ended."""
    if state.phase == "setup":
        return ""
    reason = state.end_reason or "a trigger was met"
    if state.phase == "over":
        return f"The game ended: {reason}."
    if state.end_triggered:
        if state.solo:
            return f"Last turn: {reason}, so you take one more turn and the game ends."
        last = state.players[state.n - 1].name
        return f"Last round: {reason}; the game ends after {last}'s turn."
    bottom, empty = end_counts(state)
    cols, stacks = len(RESOURCES), len(state.order_stacks)
    then = ("during your turn it ends at once, during the drones' you take one more turn" if state.solo
            else f"then the round is played out, up to {state.players[state.n - 1].name}'s turn")
    # (the engine's safeguard, multiplayer only: with no tile to take, neither trigger could ever come)
    tiles = "" if state.solo else f", or when no hive tile is left to take (now {sum(state.stacks.values())})"
    return (f"The game ends when {END_BOTTOM} of the {cols} market values cannot drop further (now {bottom}) "
            f"or {END_EMPTY} of the {stacks} order stacks are empty (now {empty}){tiles}; {then}.")


def quadrant_legend(state: HoneyBuzzState) -> str:
    """Advanced variant: where each back group's face-down tiles lie, ``A1–B3 Wildflower · …``."""
    if not state.advanced:
        return ""
    out = []
    for nectar, q in game_data().field.quadrants.items():
        first, last = (min(q.rows), min(q.cols)), (max(q.rows), max(q.cols))
        out.append(f"{space_name(first)}–{space_name(last)} {rname(nectar)}")
    return "quadrants by tile back: " + " · ".join(out)


def turn_note(state: HoneyBuzzState) -> str:
    """A word on where the deciding player's turn stands, for under the question (or ""): that no
    tile taken now can close a cell (every tile is the same shape, so the list cannot say it tile by
    tile), or that this is the last action the turn owes, and who plays next."""
    pend = state.pending
    if pend is None or state.phase != "play":
        return ""
    p = state.players[pend.seat]
    if pend.kind == "turn":
        idx = HiveIndex.of(p)
        if any(idx.enclosed_by(a, b) for a, b in idx.slots()):
            return ""
        return "No tile can close a cell in your hive now: a tile taken this turn only builds it."
    owed = list(state.todo)
    last = (pend.kind == "action" and len(owed) == 1) or (
        pend.kind in ("forage", "peek", "store", "produce", "market", "drop") and not owed)
    if not last:
        return ""
    nxt = "the drones play" if state.solo else f"{state.players[(pend.seat + 1) % state.n].name} plays"
    order = pend.kind == "market" or "market" in owed or "decree" in owed
    unless = " (unless an order adds one)" if order else ""
    return f"Your last action this turn{unless}: then {nxt}."
