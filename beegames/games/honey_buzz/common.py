"""Small helpers shared by the rules modules: the fast state copy, names,
field indexing and the supply."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.errors import IllegalMove
from ...core.fastcopy import copier, shallow
from ...core.hexgrid import Hex
from ...core.rng import Rng
from .data import NECTARS, RESOURCES, game_data
from .models import Cell, HoneyBuzzState, Pending, PendingKind, Player, Space

_copy_player = copier(lists=("tiles", "cells", "orders"))

#: A copy deep enough to change freely (``clone(s)``): lists are copied, the
#: frozen models inside them are shared.
clone = copier(
    lists=("config_choices", "arrangement", "market", "orders_up", "orders_box", "orders_removed", "contests",
           "field", "nectar_box", "nectar_removed", "supply_honey", "todo", "flip", "drops", "drones",
           "drone_deck", "drone_discard", "final", "queue", "log"),
    dicts=("stacks",),
    dicts_of_lists=("boxes",),
    lists_of_lists=("order_stacks", "speed_done", "seen"),
    model_lists={"players": _copy_player},
    models={"rng": shallow},
)


def rng(s: HoneyBuzzState) -> Rng:
    """The game's seeded random generator, drawing from and advancing ``s.rng``."""
    return Rng(s.rng)


# -- names ------------------------------------------------------------------------


def rname(code: str) -> str:
    """Name of a resource or nectar type."""
    return game_data().resource_name(code)


def aname(kind: str) -> str:
    """Name of a hive action / tile type."""
    return game_data().action_name(kind)


def space_name(space: Space) -> str:
    """``B3``: row letter and column number (1-based); a start spot is ``B0``."""
    row, col = space
    return f"{'ABCDEFGH'[row]}{col + 1}"


# -- names a player reads (the hive draws each cell's letter on it) -------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _letter(i: int) -> str:
    return _LETTERS[i] if i < len(_LETTERS) else _LETTERS[i // len(_LETTERS) - 1] + _LETTERS[i % len(_LETTERS)]


def cell_names(p: Player) -> dict[Hex, str]:
    """Each cell of a hive named by a letter, in the order the cells were
    made (the hive draws the letter on the cell): ``a`` is the first."""
    return {c.site: _letter(i) for i, c in enumerate(p.cells)}


def site_text(p: Player, site: Hex) -> str:
    """A place of a hive in words: ``cell c``, or a place that holds no cell."""
    name = cell_names(p).get(site)
    return f"cell {name}" if name is not None else "a place of your hive with no cell"


def and_list(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def cells_text(p: Player, sites: Iterable[Hex]) -> str:
    """``cell a`` / ``cells a and c`` for the cells on ``sites``."""
    names = cell_names(p)
    got = sorted((names.get(h, "?") for h in sites), key=lambda n: (len(n), n))
    return ("cell " if len(got) == 1 else "cells ") + and_list(got)


# -- field ------------------------------------------------------------------------


def cols() -> int:
    """How many columns the field has."""
    return game_data().field.cols


def rows() -> int:
    """How many rows the field has."""
    return game_data().field.rows


def index(space: Space) -> int:
    """The position of field space ``space`` in the state's flat field list."""
    return space[0] * game_data().field.cols + space[1]


def space_of(i: int) -> Space:
    """The field space at position ``i`` of the state's flat field list."""
    c = game_data().field.cols
    return (i // c, i % c)


def quadrant_spaces(nectar: str) -> list[Space]:
    """The field spaces of the advanced variant's quadrant for ``nectar``."""
    q = game_data().field.quadrants[nectar]
    return [(r, c) for r in q.rows for c in q.cols]


def manhattan(a: Space, b: Space) -> int:
    """The number of orthogonal steps between two field spaces."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# -- supply ---------------------------------------------------------------------------


def honey_index(code: str) -> int:
    """The position of a nectar type in the honey supplies (W R C A)."""
    return NECTARS.index(code)


def gain_pollen(s: HoneyBuzzState, p: Player) -> bool:
    """One pollen from the supply, if any is left."""
    if s.supply_pollen <= 0:
        return False
    s.supply_pollen -= 1
    p.pollen += 1
    return True


def honey_held(p: Player) -> dict[str, int]:
    """How many honeys of each nectar type ``p`` holds on the tiles of the hive."""
    out = {t: 0 for t in NECTARS}
    for c in p.cells:
        if c.honey and c.nectar is not None and c.nectar.kind in out:
            out[c.nectar.kind] += 1
    return out


def resources_held(p: Player) -> dict[str, int]:
    """What ``p`` could sell: pollen (``P``) and each type of honey, counted."""
    out = {"P": p.pollen}
    out.update(honey_held(p))
    return out


def market_value(s: HoneyBuzzState, resource: str) -> int:
    """The coins one unit of ``resource`` sells for now (where its marker stands)."""
    return game_data().market_values(resource)[s.market[RESOURCES.index(resource)]]


def at_bottom(s: HoneyBuzzState, resource: str) -> bool:
    """Whether ``resource``'s market value stands on the last space and cannot drop further."""
    i = RESOURCES.index(resource)
    return s.market[i] >= len(game_data().market.columns[i].values) - 1


def ask(s: HoneyBuzzState, kind: PendingKind, seat: int | None = None, **kw: Any) -> None:
    """Wait for a decision of ``kind`` from ``seat`` (default: the current player)."""
    made: Pending = Pending.kinds()[kind](seat=s.current if seat is None else seat, kind=kind, **kw)
    s.pending = made


def owned_workers(p: Player) -> int:
    """How many workers ``p`` owns: every worker no longer in the supply."""
    return game_data().components.workers_per_player - p.supply


# -- honey on nectar tiles --------------------------------------------------------


def honey_sites(p: Player, kind: str) -> list[Hex]:
    """The sites of ``p``'s cells whose ``kind`` nectar tile holds honey."""
    return [c.site for c in p.cells if c.honey and c.nectar is not None and c.nectar.kind == kind]


def take_honey(s: HoneyBuzzState, p: Player, sites: tuple[Hex, ...], kind: str | None = None) -> list[str]:
    """Take the honey off the nectar tiles on ``sites`` back to the supply;
    returns the honey types taken. Raises IllegalMove on a bad site."""
    if len(set(sites)) != len(sites):
        raise IllegalMove("Name each nectar tile once.")
    by_site = {c.site: i for i, c in enumerate(p.cells)}
    kinds: list[str] = []
    for site in sites:
        i = by_site.get(site)
        c = p.cells[i] if i is not None else None
        if c is None or not c.honey or c.nectar is None:
            raise IllegalMove(f"There is no honey in {site_text(p, site)}.")
        if kind is not None and c.nectar.kind != kind:
            raise IllegalMove(f"The honey in {site_text(p, site)} is {rname(c.nectar.kind)}, not {rname(kind)}.")
        kinds.append(c.nectar.kind)
    for site in sites:
        i = by_site[site]
        c = p.cells[i]
        assert c.nectar is not None
        s.supply_honey[honey_index(c.nectar.kind)] += 1
        p.cells[i] = Cell(site=c.site, accepts=c.accepts, nectar=c.nectar, honey=False)
    return kinds
