"""The geometry of a personal hive: two-hex tiles on a hex lattice.

Coordinates are axial ``(q, r)`` with the directions of
:mod:`beegames.core.hexgrid` (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE). Every hex
has a *class* ``(q - r) mod 3``:

* class 0 hexes are **cell sites**: never covered by a tile, they become
  cells once all six hexes round them are covered;
* class 1 and class 2 hexes are **tile hexes**; a hive tile covers one of
  each, side by side (a *slot*).

A tile's four yellow edges are the ones that face other tile hexes (two per
hex, its *shoulders*); its six dark edges face cell sites (the two ends and
the four waist edges). So two tiles can only ever meet yellow to yellow, and
the yellow-edge rule of the book reduces to: both hexes free tile hexes, one
of them next to the hive. ``docs/honey-buzz-reconstructions.md`` gives the
reasoning; the tests check it edge by edge.

The empty cell's *pattern* is how the tiles round it pair up: ``three``
(three tiles, each covering two ring hexes), ``four_adjacent`` /
``four_opposite`` (two paired tiles side by side / facing each other),
``five`` (one pair) and ``six`` (six tiles, none paired). Which nectar each
pattern takes is data (``assets/honey_buzz/cell_patterns.json``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...core.hexgrid import DIRECTIONS, Hex

PATTERNS = ("three", "four_adjacent", "four_opposite", "five", "six")

#: For a tile hex of class 1 / 2: the directions toward tile hexes and toward cell sites.
TILE_DIRS: dict[int, tuple[int, ...]] = {1: (0, 2, 4), 2: (1, 3, 5)}
SITE_DIRS: dict[int, tuple[int, ...]] = {1: (1, 3, 5), 2: (0, 2, 4)}

#: Nearest-cell vectors (one tile slot between two cells) and hex-axis vectors
#: (a radial slot of two hexes between two cells); three line directions each.
LINE_VECTORS: dict[str, tuple[Hex, ...]] = {
    "nearest": ((1, 1), (2, -1), (1, -2)),
    "axis": ((3, 0), (0, 3), (-3, 3)),
}


def hex_class(h: Hex) -> int:
    """The class of hex ``h`` (0: a cell site, 1 or 2: a tile hex; see the module text)."""
    return (h[0] - h[1]) % 3


def is_site(h: Hex) -> bool:
    """Whether ``h`` is a cell site (class 0), a hex no tile ever covers."""
    return (h[0] - h[1]) % 3 == 0


def ring(site: Hex) -> list[Hex]:
    """The six hexes round a cell site, clockwise from east."""
    q, r = site
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def tile_neighbours(h: Hex) -> list[Hex]:
    """The three tile hexes next to tile hex ``h``."""
    q, r = h
    return [(q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]) for d in TILE_DIRS[(q - r) % 3]]


def site_neighbours(h: Hex) -> list[Hex]:
    """The three cell sites next to tile hex ``h``."""
    q, r = h
    return [(q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]) for d in SITE_DIRS[(q - r) % 3]]


def adjacent(a: Hex, b: Hex) -> bool:
    """Whether hexes ``a`` and ``b`` are neighbours."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (dq, dr) in DIRECTIONS


def is_slot(a: Hex, b: Hex) -> bool:
    """True if a tile can lie on ``a`` and ``b`` (adjacent tile hexes)."""
    return adjacent(a, b) and not is_site(a) and not is_site(b)


def norm_slot(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """The slot ``a``-``b`` with its two hexes in sorted order, as slots are listed."""
    return (a, b) if a <= b else (b, a)


def edge_colours(a: Hex, b: Hex) -> dict[Hex, list[str]]:
    """For each hex of the tile on ``a``-``b``: its six edges (by direction)
    as ``"yellow"``, ``"dark"`` or ``"inner"`` (the seam between its hexes)."""
    out: dict[Hex, list[str]] = {}
    for h, other in ((a, b), (b, a)):
        cls = hex_class(h)
        colours = []
        for d in range(6):
            n = (h[0] + DIRECTIONS[d][0], h[1] + DIRECTIONS[d][1])
            if n == other:
                colours.append("inner")
            elif d in TILE_DIRS[cls]:
                colours.append("yellow")
            else:
                colours.append("dark")
        out[h] = colours
    return out


def legal_slots(owner: Mapping[Hex, int] | Iterable[Hex]) -> list[tuple[Hex, Hex]]:
    """Every slot a new tile may take next to the covered hexes ``owner``.

    A slot is two adjacent free tile hexes, at least one of them next to a
    covered hex. Each slot is listed once, as a sorted pair.
    """
    covered = owner if isinstance(owner, (dict, set, frozenset)) else set(owner)
    seen: set[tuple[Hex, Hex]] = set()
    out: list[tuple[Hex, Hex]] = []
    for h in covered:
        hq, hr = h
        for d in TILE_DIRS[(hq - hr) % 3]:
            n = (hq + DIRECTIONS[d][0], hr + DIRECTIONS[d][1])
            if n in covered:
                continue
            nq, nr = n
            for e in TILE_DIRS[(nq - nr) % 3]:
                m = (nq + DIRECTIONS[e][0], nr + DIRECTIONS[e][1])
                if m in covered:
                    continue
                key = (n, m) if n <= m else (m, n)
                if key not in seen:
                    seen.add(key)
                    out.append(key)
    return out


def pattern_of(site: Hex, owner: Mapping[Hex, int]) -> str:
    """The enclosure pattern of a fully covered cell site (``owner`` maps
    each covered hex to its tile's index)."""
    tiles = [owner[h] for h in ring(site)]
    pairs = [k for k in range(6) if tiles[k] == tiles[(k + 1) % 6]]
    m = len(pairs)
    if m == 3:
        return "three"
    if m == 2:
        return "four_opposite" if (pairs[1] - pairs[0]) % 6 == 3 else "four_adjacent"
    if m == 1:
        return "five"
    return "six"


def enclosed(site: Hex, covered: Mapping[Hex, int] | set[Hex]) -> bool:
    """Whether all six hexes round ``site`` are covered, which makes it a cell."""
    q, r = site
    for dq, dr in DIRECTIONS:
        if (q + dq, r + dr) not in covered:
            return False
    return True


def new_cells(a: Hex, b: Hex, covered: Mapping[Hex, int] | set[Hex], cells: Mapping[Hex, object] | set[Hex]
              ) -> list[Hex]:
    """Cell sites that a tile on ``a``-``b`` would enclose (``covered`` is
    the hive before the tile; ``cells`` the sites already enclosed)."""
    out: list[Hex] = []
    for s in site_neighbours(a) + site_neighbours(b):
        if s in cells or s in out:
            continue
        q, r = s
        for dq, dr in DIRECTIONS:
            h = (q + dq, r + dr)
            if h != a and h != b and h not in covered:
                break
        else:
            out.append(s)
    return out


def coverage(site: Hex, covered: Mapping[Hex, int] | set[Hex]) -> int:
    """How many of the six hexes round ``site`` are covered."""
    q, r = site
    return sum((q + dq, r + dr) in covered for dq, dr in DIRECTIONS)


def clusters(cells: Iterable[Hex], covered: Iterable[Hex]) -> list[tuple[Hex, tuple[Hex, Hex, Hex]]]:
    """Every covered hex whose three neighbouring sites are all cells, with
    those three cells (the book's triangular cluster)."""
    cellset = set(cells)
    out = []
    for h in covered:
        sites = site_neighbours(h)
        if sites[0] in cellset and sites[1] in cellset and sites[2] in cellset:
            out.append((h, (sites[0], sites[1], sites[2])))
    return out


def longest_line(cells: Iterable[Hex], vectors: tuple[Hex, ...] = LINE_VECTORS["nearest"]) -> int:
    """The most cells in one straight line of consecutive cells."""
    cellset = set(cells)
    best = 0
    for vq, vr in vectors:
        for c in cellset:
            if (c[0] - vq, c[1] - vr) in cellset:
                continue
            n = 1
            q, r = c[0] + vq, c[1] + vr
            while (q, r) in cellset:
                n += 1
                q, r = q + vq, r + vr
            best = max(best, n)
    return best
