"""Hex-grid geometry in axial coordinates, shared by the hex games.

A cell is a pair ``(q, r)``; the third cube coordinate is ``s = -q - r``.
Directions run clockwise starting from east for a pointy-top layout, which is
the layout the terminal board draws: rows of cells, each row shifted half a
cell against its neighbour.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Hex = tuple[int, int]

#: The six neighbour offsets, clockwise from east (pointy-top layout):
#: E, SE, SW, W, NW, NE.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbour(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return (h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def direction_between(a: Hex, b: Hex) -> int | None:
    """Index of the direction from ``a`` to its neighbour ``b``, else None."""
    d = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(d)
    except ValueError:
        return None


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def in_straight_line(a: Hex, b: Hex) -> bool:
    """True if ``b`` lies on one of the six straight lines through ``a``."""
    dq = b[0] - a[0]
    dr = b[1] - a[1]
    return (dq, dr) != (0, 0) and (dq == 0 or dr == 0 or dq == -dr)


def ring(center: Hex, radius: int) -> list[Hex]:
    """The cells at exactly ``radius`` from ``center`` (clockwise)."""
    if radius == 0:
        return [center]
    out: list[Hex] = []
    q, r = center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius
    for side in range(6):
        dq, dr = DIRECTIONS[side]
        for _ in range(radius):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def spiral(center: Hex, radius: int) -> Iterator[Hex]:
    """Every cell within ``radius`` of ``center``, ring by ring."""
    for k in range(radius + 1):
        yield from ring(center, k)


def rotate(h: Hex, steps: int = 1, center: Hex = (0, 0)) -> Hex:
    """Rotate ``h`` clockwise by ``steps`` sixths of a turn about ``center``."""
    x, z = h[0] - center[0], h[1] - center[1]
    y = -x - z
    for _ in range(steps % 6):
        x, y, z = -z, -x, -y
    return (x + center[0], z + center[1])


def to_screen(h: Hex, cell_width: int = 4, row_height: int = 2) -> tuple[int, int]:
    """Character column and row of a cell's centre on a text board.

    Pointy-top layout: each row ``r`` is shifted half a cell right of the
    row above, so ``column = cell_width * (q + r / 2)``.
    """
    q, r = h
    col = cell_width * q + (cell_width * r) // 2
    return col, row_height * r


def bounds(cells: list[Hex]) -> tuple[int, int, int, int]:
    """``(min_q, max_q, min_r, max_r)`` of a non-empty list of cells."""
    qs = [c[0] for c in cells]
    rs = [c[1] for c in cells]
    return min(qs), max(qs), min(rs), max(rs)


def components(cells: Iterable[Hex]) -> list[set[Hex]]:
    """The connected groups of ``cells`` (cells touching along an edge),
    largest first; cells in a group are reachable from each other by steps
    between neighbours inside the set."""
    left = set(cells)
    groups: list[set[Hex]] = []
    while left:
        start = left.pop()
        group = {start}
        frontier = [start]
        while frontier:
            q, r = frontier.pop()
            for dq, dr in DIRECTIONS:
                n = (q + dq, r + dr)
                if n in left:
                    left.remove(n)
                    group.add(n)
                    frontier.append(n)
        groups.append(group)
    groups.sort(key=len, reverse=True)
    return groups


def connected(cells: Iterable[Hex]) -> bool:
    """True if ``cells`` form one group (an empty set counts as connected)."""
    return len(components(cells)) <= 1
