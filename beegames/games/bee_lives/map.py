"""The map of flower tiles: geometry, groups, reach, spawns and joining.

Before the map is joined each player's tiles form a separate *group* with
its own coordinate frame; "up to three spaces away" is measured inside one
group only. The geometry (hex by default, square as the alternative
reading) sits behind :class:`Geometry`, chosen by ``map.geometry`` in
``assets/bee_lives/map.json``.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...core import hexgrid
from .data import game_data
from .models import BeeLivesState, Tile

Cell = tuple[int, int]


class Geometry:
    """Neighbours, distance and rotations of one grid."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        if kind == "hex":
            self.dirs: tuple[Cell, ...] = hexgrid.DIRECTIONS
            self.rotations = 6
        else:
            self.dirs = ((1, 0), (0, 1), (-1, 0), (0, -1))
            self.rotations = 4

    def neighbours(self, c: Cell) -> list[Cell]:
        """The cells next to ``c``: six on the hex grid, four on the square one, in direction order."""
        q, r = c
        return [(q + dq, r + dr) for dq, dr in self.dirs]

    def distance(self, a: Cell, b: Cell) -> int:
        """Spaces between two cells of one frame: hex distance, or steps along rows and columns on the
        square grid."""
        if self.kind == "hex":
            return hexgrid.distance(a, b)
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def compass(self, frm: Cell, to: Cell) -> str:
        """Which way ``to`` lies from ``frm`` as the map draws them (north up), in one of eight words
        ("east", "north-west"...): the six hex directions keep the names of :data:`.common.DIRECTION_WORDS`."""
        dq, dr = to[0] - frm[0], to[1] - frm[1]
        x, y = (dq + dr / 2, dr * math.sqrt(3) / 2) if self.kind == "hex" else (dq, dr)
        k = round(math.atan2(-y, x) / (math.pi / 4)) % 8
        return ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")[k]

    def runs(self, frm: Cell, to: Cell) -> list[tuple[int, int]]:
        """The way from ``frm`` to ``to`` as straight runs along two neighbouring directions (a way no
        longer than :meth:`distance`): ``[(spaces, direction index), ...]``, the longer run first, none
        for the same cell. Unlike :meth:`compass`, it tells every cell apart."""
        dq, dr = to[0] - frm[0], to[1] - frm[1]
        n = len(self.dirs)
        for i in range(n):
            (aq, ar), (bq, br) = self.dirs[i], self.dirs[(i + 1) % n]
            det = aq * br - ar * bq
            a, b = dq * br - dr * bq, aq * dr - ar * dq  # (Cramer: the runs times det)
            if a % det == 0 and b % det == 0 and a // det >= 0 and b // det >= 0:
                found = [(a // det, i), (b // det, (i + 1) % n)]
                return sorted((run for run in found if run[0]), key=lambda run: -run[0])
        return []

    def rotate(self, c: Cell, steps: int) -> Cell:
        """Turn ``c`` about the origin by ``steps`` clockwise turns of this grid."""
        if self.kind == "hex":
            return hexgrid.rotate(c, steps)
        q, r = c
        for _ in range(steps % 4):
            q, r = -r, q
        return (q, r)


@lru_cache(maxsize=1)
def geometry() -> Geometry:
    """The map's grid, as ``map.json`` chooses it (hex or square), built once."""
    return Geometry(game_data().map.geometry)


def reach() -> int:
    """The range of "up to three spaces away", in spaces (``map.json``'s ``range``)."""
    return game_data().map.range


# -- lookups ----------------------------------------------------------------------

_CELL_CACHE: dict[int, tuple[list[Tile], dict[int, dict[Cell, int]]]] = {}


def group_cells(s: BeeLivesState) -> dict[int, dict[Cell, int]]:
    """``{group: {cell: tile id}}``. Cached per tiles list (the list is never
    changed in place, only replaced)."""
    key = id(s.tiles)
    hit = _CELL_CACHE.get(key)
    if hit is not None and hit[0] is s.tiles:
        return hit[1]
    out: dict[int, dict[Cell, int]] = {}
    for t in s.tiles:
        out.setdefault(t.group, {})[(t.q, t.r)] = t.id
    if len(_CELL_CACHE) > 256:
        _CELL_CACHE.clear()
    _CELL_CACHE[key] = (s.tiles, out)
    return out


def groups(s: BeeLivesState) -> list[int]:
    """The map's group numbers in order (one group once the map is joined)."""
    return sorted(group_cells(s))


def add_tile(s: BeeLivesState, kind: str, group: int, q: int, r: int) -> int:
    """Lay a new tile of ``kind`` at cell ``(q, r)`` of ``group`` and return its id (tiles are numbered
    in the order laid)."""
    tid = len(s.tiles)
    s.tiles = s.tiles + [Tile(id=tid, kind=kind, group=group, q=q, r=r)]
    return tid


def distance(s: BeeLivesState, a: int, b: int) -> int | None:
    """Spaces between two tiles, or None if they lie in different groups."""
    ta, tb = s.tiles[a], s.tiles[b]
    if ta.group != tb.group:
        return None
    return geometry().distance((ta.q, ta.r), (tb.q, tb.r))


def tiles_within(s: BeeLivesState, tile: int, radius: int | None = None) -> list[tuple[int, int]]:
    """``(tile id, distance)`` of every tile of the same group within ``radius``."""
    radius = reach() if radius is None else radius
    t0 = s.tiles[tile]
    geo = geometry()
    c0 = (t0.q, t0.r)
    out = []
    for c, tid in group_cells(s)[t0.group].items():
        d = geo.distance(c0, c)
        if d <= radius:
            out.append((tid, d))
    out.sort(key=lambda x: (x[1], x[0]))
    return out


def hive_tiles(s: BeeLivesState) -> dict[int, str]:
    """``{tile id: hive key}`` for every hive on the map."""
    out: dict[int, str] = {}
    for i, p in enumerate(s.players):
        if p.hive is not None:
            out[p.hive] = f"p{i}"
    for i, w in enumerate(s.wild):
        if w.tile is not None:
            out[w.tile] = f"w{i}"
    return out


def hive_tile(s: BeeLivesState, key: str) -> int | None:
    """The tile under the hive behind a target key ("p<i>" a player's hive, "w<i>" a wild hive), or
    None when that hive is off the map."""
    idx = int(key[1:])
    if key[0] == "p":
        return s.players[idx].hive
    return s.wild[idx].tile


def foraged_tiles(s: BeeLivesState) -> set[int]:
    """Tiles holding workers or neutral tokens this month (no more foraging there)."""
    out = {f.tile for p in s.players for f in p.foraging}
    for w in s.wild:
        out.update(w.tokens)
        out.update(w.raid_tokens)
    return out


def scout_cells(s: BeeLivesState, tile: int, radius: int | None = None, *, path: bool = True) -> list[Cell]:
    """Empty cells of ``tile``'s group that scouting from ``tile`` reaches.

    With ``path`` a chain of adjacent cells no longer than ``radius`` must
    lead there, every cell of it but the last holding a tile; without it,
    plain distance (empty cells next to the map only).
    """
    radius = reach() if radius is None else radius
    t0 = s.tiles[tile]
    cells = group_cells(s)[t0.group]
    geo = geometry()
    start = (t0.q, t0.r)
    found: set[Cell] = set()
    if path:
        frontier = [start]
        seen = {start}
        for _ in range(radius):
            nxt = []
            for c in frontier:
                for n in geo.neighbours(c):
                    if n in seen:
                        continue
                    seen.add(n)
                    if n in cells:
                        nxt.append(n)
                    else:
                        found.add(n)
            frontier = nxt
    else:
        for c in cells:
            for n in geo.neighbours(c):
                if n not in cells and geo.distance(start, n) <= radius:
                    found.add(n)
    return sorted(found, key=lambda c: (geo.distance(start, c), c[1], c[0]))


def spawn_tiles(s: BeeLivesState, tile: int, radius: int | None = None) -> list[int]:
    """Tiles within ``radius`` of ``tile`` where a wild hive may appear (no hive on them)."""
    taken = hive_tiles(s)
    if s.solo is not None:  # haunted and burned tiles take no wild hive
        taken = {**taken, **{t: "" for t in s.solo.haunted_tiles}, **{t: "" for t in s.solo.burned}}
    return [tid for tid, _d in tiles_within(s, tile, radius) if tid not in taken]


# -- joining ---------------------------------------------------------------------------


def group_of(s: BeeLivesState, tile: int) -> int:
    """The group a tile belongs to."""
    return s.tiles[tile].group


def rotated(s: BeeLivesState, group: int, rotation: int) -> dict[Cell, int]:
    """``group``'s cells turned ``rotation`` steps about its origin, mapped to their tile ids."""
    geo = geometry()
    return {geo.rotate(c, rotation): tid for c, tid in group_cells(s)[group].items()}


def join_offsets(s: BeeLivesState, mover: int, target: int, rotation: int) -> list[Cell]:
    """Every shift that puts group ``mover`` (turned by ``rotation``) edge to
    edge with group ``target`` without overlapping it."""
    geo = geometry()
    tcells = group_cells(s)[target]
    mcells = list(rotated(s, mover, rotation))
    cand: set[Cell] = set()
    for t in tcells:
        for n in geo.neighbours(t):
            if n in tcells:
                continue
            for m in mcells:
                cand.add((n[0] - m[0], n[1] - m[1]))
    out = []
    for dq, dr in cand:
        if all((m[0] + dq, m[1] + dr) not in tcells for m in mcells):
            out.append((dq, dr))
    out.sort(key=lambda c: (abs(c[0]) + abs(c[1]), c[1], c[0]))
    return out


def apply_join(s: BeeLivesState, mover: int, target: int, rotation: int, offset: Cell) -> None:
    """Move every tile of ``mover`` into ``target``'s frame."""
    geo = geometry()
    dq, dr = offset
    new = []
    for t in s.tiles:
        if t.group == mover:
            q, r = geo.rotate((t.q, t.r), rotation)
            new.append(Tile(id=t.id, kind=t.kind, group=target, q=q + dq, r=r + dr))
        else:
            new.append(t)
    s.tiles = new


def group_connected(s: BeeLivesState, group: int) -> bool:
    """True if the tiles of ``group`` form one piece.

    On hexes this is :func:`hexgrid.connected`. On squares each cell is
    doubled and the midpoint of every pair of edge neighbours added: the
    four square directions are among the six hex ones and a doubled cell
    touches only the midpoints of its own square edges, so the square cells
    are connected exactly when these hex cells are.
    """
    cells = list(group_cells(s)[group])
    if geometry().kind == "hex":
        return hexgrid.connected(cells)
    have = set(cells)
    doubled = {(2 * q, 2 * r) for q, r in cells}
    for q, r in cells:
        for dq, dr in ((1, 0), (0, 1)):
            if (q + dq, r + dr) in have:
                doubled.add((2 * q + dq, 2 * r + dr))
    return hexgrid.connected(doubled)

