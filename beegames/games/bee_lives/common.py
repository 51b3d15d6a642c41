"""Helpers shared by the phase modules: the task queue, pending decisions,
dice, turn order and wild hive spawns.

The state keeps a queue of automatic tasks in the kernel's format
(:mod:`beegames.core.tasks`, such as ``"pturn 2"``); :mod:`.flow` runs them
(``push`` here is the kernel's). A task or a move that needs a player
to decide sets ``state.pending``; the answer is a move, and the queue goes
on from there.
"""

from __future__ import annotations

from ...core.rng import Rng
from ...core.tasks import push
from . import hooks
from .colony import hive_name
from .data import game_data
from .map import distance, geometry, group_cells, spawn_tiles
from .models import BeeLivesState, Pending, PendingKind


def ask(s: BeeLivesState, seat: int, kind: PendingKind, **fields: object) -> None:
    """Set the decision ``seat`` must take now (``kind``: one of :data:`.models.PendingKind`)."""
    made: Pending = Pending.kinds()[kind](seat=seat, kind=kind, **fields)
    s.pending = made


def rng(s: BeeLivesState) -> Rng:
    """The game's seeded generator, drawing from (and advancing) the generator state kept in ``s``."""
    assert s.rng is not None
    return Rng(s.rng)


def d6(s: BeeLivesState) -> int:
    """Roll the D6 from the state's generator, marking the state as having shown chance."""
    s.reveal()
    return rng(s).d6()


def raid_dice(s: BeeLivesState, count: int) -> list[int]:
    """Roll ``count`` raid dice (D4s: 1 to the ``faces`` of rules.json), marking the state as having
    shown chance."""
    s.reveal()
    faces = game_data().rules.raid_dice.faces
    r = rng(s)
    return [1 + r.below(faces) for _ in range(count)]


def turn_order(s: BeeLivesState) -> list[int]:
    """Seats clockwise from the first player, leaving out eliminated colonies."""
    return [(s.first + k) % s.n for k in range(s.n) if not s.players[(s.first + k) % s.n].eliminated]


def decider(s: BeeLivesState) -> int:
    """The seat that makes the first player's choices (the first player, or
    the next colony still in the game)."""
    order = turn_order(s)
    return order[0] if order else s.first


def auto_ties(s: BeeLivesState) -> bool:
    """Whether the Wild hive ties option breaks a wild hive's ties itself (the tile placed earliest)
    instead of asking the first player."""
    return s.options.wild_ties == "automatic"


# -- wild hive pieces ------------------------------------------------------------------


def free_hive(s: BeeLivesState) -> int | None:
    """The wild hive piece to bring into play: one out of play, the one with
    the fewest tokens still on the map this month, then the first by name order."""
    best = None
    for i, w in enumerate(s.wild):
        if w.tile is None and (best is None or len(w.tokens) + len(w.raid_tokens)
                               < len(s.wild[best].tokens) + len(s.wild[best].raid_tokens)):
            best = i
    return best


def can_spawn_near(s: BeeLivesState, tile: int | None) -> list[int]:
    """Tiles within reach of ``tile`` where a wild hive may appear now ([] if
    no piece is free)."""
    if tile is None or free_hive(s) is None:
        return []
    return spawn_tiles(s, tile)


def spawn_wild(s: BeeLivesState, tile: int, strength: int, why: str, *, parent: int | None = None,
               infected: bool | None = None) -> int | None:
    """Bring a wild hive into play on ``tile``; returns its index.

    In a solo mode the cards see it appear: ``parent`` is the wild hive that
    swarmed (a haunted hive's swarm is haunted), and ``infected`` says
    whether Zombees' D6 decides if it is infected (None) or the caller does.
    """
    idx = free_hive(s)
    if idx is None or strength <= 0:
        return None
    w = s.wild[idx]
    w.tile = tile
    w.strength = min(game_data().wild.max_strength, strength)
    w.foraged = False
    w.raided = []
    w.acted = False
    s.say(f"The {w.name} wild hive appears on the {tile_label(s, tile)} "
          f"with strength {w.strength} ({why}).")
    if s.solo is not None:
        hooks.spawned(s, idx, parent, infected)
    return idx


def remove_wild(s: BeeLivesState, idx: int) -> None:
    """Take wild hive ``idx`` off the map with strength 0 (wiped out) and tell the solo modes through
    :func:`.hooks.removed`."""
    w = s.wild[idx]
    w.tile = None
    w.strength = 0
    s.say(f"The {w.name} wild hive is wiped out and leaves the map.")
    if s.solo is not None:
        hooks.removed(s, idx)


#: the letter that starts a tile's name on the map and in the log, by kind
TILE_LETTERS = {"bloom": "B", "wilt": "W", "harvest": "H", "wet": "≈"}
#: how a neighbouring cell lies, by the geometry's direction index
DIRECTION_WORDS = {"hex": ("east", "south-east", "south-west", "west", "north-west", "north-east"),
                   "square": ("east", "south", "west", "north")}


def place_name(s: BeeLivesState, tile: int) -> str:
    """A tile's name, as the map prints it on the tile: its kind's letter and
    its number ("B0", "W12", "≈7"). Tiles keep their number for the whole game."""
    t = s.tiles[tile]
    return f"{TILE_LETTERS[t.kind]}{t.id}"


def cell_label(s: BeeLivesState, tile: int) -> str:
    """The tile's name on the map, as :func:`place_name` gives it ("B0", "W12")."""
    return place_name(s, tile)


def tile_label(s: BeeLivesState, tile: int) -> str:
    """"bloom tile B0": the kind in words and the name on the map."""
    return f"{s.tiles[tile].kind} tile {place_name(s, tile)}"


def space_name(s: BeeLivesState, group: int, q: int, r: int) -> str:
    """An empty space named by the map: "east of B3" (the neighbouring tile
    with the lowest number, and the side the space lies on)."""
    geo = geometry()
    cells = group_cells(s).get(group, {})
    near = [(cells[(q - dq, r - dr)], k) for k, (dq, dr) in enumerate(geo.dirs) if (q - dq, r - dr) in cells]
    if not near:
        return "a space off the map"
    tid, k = min(near)
    return f"{DIRECTION_WORDS[geo.kind][k]} of {place_name(s, tid)}"


def hive_distance(s: BeeLivesState, a: int | None, b: int | None) -> int | None:
    """Spaces between two hives' tiles, or None when either hive is off the map or the two lie in
    different map groups."""
    if a is None or b is None:
        return None
    return distance(s, a, b)


def draw_tile(s: BeeLivesState) -> str:
    """Draw one map tile at random from the cloth bag and return its kind; the bag must not be empty."""
    total = sum(s.bag.values())
    k = rng(s).below(total)
    for kind in ("bloom", "wilt", "harvest", "wet"):
        n = s.bag.get(kind, 0)
        if k < n:
            s.bag[kind] -= 1
            return kind
        k -= n
    raise AssertionError("the bag count is off")


__all__ = [
    "ask",
    "auto_ties",
    "can_spawn_near",
    "DIRECTION_WORDS",
    "TILE_LETTERS",
    "cell_label",
    "d6",
    "decider",
    "draw_tile",
    "free_hive",
    "hive_distance",
    "hive_name",
    "push",
    "raid_dice",
    "remove_wild",
    "rng",
    "place_name",
    "space_name",
    "spawn_wild",
    "tile_label",
    "turn_order",
]
