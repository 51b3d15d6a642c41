"""Legal tile placements, found by enumerating every slot and orientation,
and what a placement would do (the cells it encloses, the icons it wakes).

:class:`HiveIndex` is the compact form of a hive used by the hot loops: a
dict from covered hex to tile number, the icon hexes, and the cells.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...core.hexgrid import Hex
from .data import game_data
from .geometry import legal_slots, new_cells, pattern_of, ring
from .models import Cell, HiveTile, PlaceMove, Player


class HiveIndex:
    """One hive as plain dicts: ``owner`` (hex -> tile number), ``icons``
    (icon hex -> action) and ``cells`` (site -> :class:`Cell`)."""

    __slots__ = ("cells", "icons", "ntiles", "owner")

    def __init__(self, tiles: Iterable[HiveTile], cells: Iterable[Cell] = ()) -> None:
        self.owner: dict[Hex, int] = {}
        self.icons: dict[Hex, str] = {}
        n = 0
        for t in tiles:
            self.owner[t.hexes[0]] = n
            self.owner[t.hexes[1]] = n
            self.icons[t.icon] = t.kind
            n += 1
        self.ntiles = n
        self.cells: dict[Hex, Cell] = {c.site: c for c in cells}

    @classmethod
    def of(cls, player: Player) -> HiveIndex:
        """The index of ``player``'s hive."""
        return cls(player.tiles, player.cells)

    def slots(self) -> list[tuple[Hex, Hex]]:
        """Every slot where a new tile may go next to this hive."""
        return legal_slots(self.owner)

    def enclosed_by(self, a: Hex, b: Hex) -> list[tuple[Hex, str]]:
        """The cells a tile on ``a``-``b`` would enclose, with their patterns."""
        sites = new_cells(a, b, self.owner, self.cells)
        if not sites:
            return []
        owner = self.owner
        owner[a] = owner[b] = self.ntiles
        try:
            return [(s, pattern_of(s, owner)) for s in sites]
        finally:
            del owner[a]
            del owner[b]

    def woken(self, sites: Iterable[Hex], extra_icon: tuple[Hex, str] | None = None) -> list[tuple[Hex, str]]:
        """The icon hexes next to any of ``sites``, each once, with their actions."""
        out: dict[Hex, str] = {}
        for s in sites:
            for h in ring(s):
                kind = self.icons.get(h)
                if kind is None and extra_icon is not None and h == extra_icon[0]:
                    kind = extra_icon[1]
                if kind is not None and h not in out:
                    out[h] = kind
        return list(out.items())


def accepts_for(pattern: str, six_tile_cell: str = "none") -> str | None:
    """The nectar a cell of ``pattern`` takes."""
    if pattern == "six" and six_tile_cell == "acacia":
        return "A"
    return game_data().patterns.mapping()[pattern]


def legal_placements(player: Player) -> list[PlaceMove]:
    """Every legal placement of a tile in ``player``'s hive: each slot, with
    the icon on either hex."""
    idx = HiveIndex.of(player)
    out: list[PlaceMove] = []
    for a, b in idx.slots():
        out.append(PlaceMove(hexes=(a, b), icon=a))
        out.append(PlaceMove(hexes=(a, b), icon=b))
    return out


def is_legal_slot(player: Player, a: Hex, b: Hex) -> str | None:
    """None if a tile may go on ``a``-``b``, else the reason it may not."""
    from .geometry import adjacent, is_site, tile_neighbours

    idx = HiveIndex.of(player)
    if not adjacent(a, b):
        return "the two hexes of a tile must be next to each other"
    if is_site(a) or is_site(b):
        return "that would put a dark edge against the hive (a tile may only touch yellow edge to yellow edge)"
    if a in idx.owner or b in idx.owner:
        return "that space is already covered"
    if not any(n in idx.owner for h in (a, b) for n in tile_neighbours(h)):
        return "the tile must touch your hive, yellow edge to yellow edge"
    return None


@dataclass(frozen=True)
class Preview:
    """What placing a tile would do: new cells (site, nectar taken) and the
    icons woken (hex, action)."""

    cells: list[tuple[Hex, str | None]]
    woken: list[tuple[Hex, str]]


def preview(player: Player, hexes: tuple[Hex, Hex], icon: Hex, kind: str, six_tile_cell: str = "none") -> Preview:
    """What placing a ``kind`` tile on ``hexes``, icon on ``icon``, would do to ``player``'s hive: the cells it closes
    with the nectar each takes, and the icons it wakes."""
    idx = HiveIndex.of(player)
    made = idx.enclosed_by(*hexes)
    cells = [(s, accepts_for(p, six_tile_cell)) for s, p in made]
    return Preview(cells=cells, woken=idx.woken([s for s, _ in made], (icon, kind)))
