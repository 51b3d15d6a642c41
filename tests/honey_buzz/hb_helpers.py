"""Helpers for the Honey Buzz tests: games set up to order, hives built tile
by tile, moves played through the engine."""

from __future__ import annotations

from beegames.core.protocol import SeatInfo
from beegames.games.honey_buzz import HoneyBuzzEngine, HoneyBuzzOptions
from beegames.games.honey_buzz.common import clone
from beegames.games.honey_buzz.models import Cell, HiveTile, HoneyBuzzState, NectarTile
from beegames.games.honey_buzz.placement import HiveIndex, accepts_for

ENGINE = HoneyBuzzEngine()

#: the ring round cell site (0, 0), clockwise from east (classes 1, 2, 1, 2, 1, 2)
R = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]


def radial(k: int) -> tuple[int, int]:
    """The hex beyond ring hex R[k], away from (0, 0)."""
    return (2 * R[k][0], 2 * R[k][1])


def new(players: int = 2, seed: int = 1, **options) -> HoneyBuzzState:
    """A game after setup (starred configuration unless told otherwise)."""
    options.setdefault("config", "star")
    opts = HoneyBuzzOptions(**options)
    names = ENGINE.seat_names(opts, players)
    return ENGINE.new_state(opts, [SeatInfo(name=n) for n in names], seed)


def play(s: HoneyBuzzState, *moves) -> HoneyBuzzState:
    for m in moves:
        s = ENGINE.advance(ENGINE.apply(s, m))
    return s


def add_tile(s: HoneyBuzzState, seat: int, a, b, kind: str = "forage", icon=None, take: bool = True) -> list:
    """Put a standard tile straight into a hive (no turn, no actions);
    returns the cells it closed. With ``take`` it comes off its stack."""
    p = s.players[seat]
    idx = HiveIndex.of(p)
    made = idx.enclosed_by(a, b)
    p.tiles.append(HiveTile(kind=kind, hexes=(a, b), icon=icon or a))
    cells = [Cell(site=site, accepts=accepts_for(pat, s.options.six_tile_cell)) for site, pat in made]
    p.cells.extend(cells)
    if take:
        s.stacks[kind] -= 1
    return cells


def empty_hive(s: HoneyBuzzState, seat: int) -> None:
    """Give ``seat`` no tiles at all (to build a hive from scratch); the
    starting tiles are kept aside so the tile invariant is not checked."""
    s.players[seat].tiles = []
    s.players[seat].cells = []


def set_cell(s: HoneyBuzzState, seat: int, site, nectar: str | None = None, honey: bool = False, from_field=True):
    """Fill a cell with a nectar tile (taken from the field) and maybe honey."""
    p = s.players[seat]
    for i, c in enumerate(p.cells):
        if c.site == site:
            tile = None
            if nectar is not None:
                tile = NectarTile(kind=nectar)
                if from_field:
                    j = next(j for j, t in enumerate(s.field) if t is not None and t.kind == nectar)
                    tile = s.field[j]
                    s.field[j] = None
                    s.seen[j] = []
            if honey:
                s.supply_honey["WRCA".index(nectar)] -= 1
            p.cells[i] = Cell(site=site, accepts=c.accepts, nectar=tile, honey=honey)
            return
    raise KeyError(site)


def copy(s: HoneyBuzzState) -> HoneyBuzzState:
    return clone(s)


def check(s: HoneyBuzzState) -> None:
    ENGINE.check_invariants(s)


def as_kind(pend, kind: str, **fields):
    """``pend`` turned into a decision of ``kind`` (a decision's class is its kind)."""
    from beegames.games.honey_buzz.models import Pending

    return Pending.kinds()[kind].model_validate({**pend.model_dump(), "kind": kind, **fields})
