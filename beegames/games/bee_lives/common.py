"""Helpers shared by the phase modules: the task queue, pending decisions,
dice, turn order and wild hive spawns.

The state keeps a queue of automatic tasks (short strings such as
``"pturn:2"``); :mod:`.flow` runs them. A task or a move that needs a player
to decide sets ``state.pending``; the answer is a move, and the queue goes
on from there.
"""

from __future__ import annotations

from ...core.rng import Rng
from .colony import hive_name
from .data import game_data
from .map import distance, spawn_tiles
from .models import BeeLivesState, Pending


def push(s: BeeLivesState, *tasks: str) -> None:
    """Put tasks at the front of the queue, in the order given."""
    s.queue[:0] = list(tasks)


def ask(s: BeeLivesState, seat: int, kind: str, **fields: object) -> None:
    s.pending = Pending(seat=seat, kind=kind, **fields)


def rng(s: BeeLivesState) -> Rng:
    assert s.rng is not None
    return Rng(s.rng)


def d6(s: BeeLivesState) -> int:
    s.reveal()
    return rng(s).d6()


def raid_dice(s: BeeLivesState, count: int) -> list[int]:
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


def spawn_wild(s: BeeLivesState, tile: int, strength: int, why: str) -> int | None:
    """Bring a wild hive into play on ``tile``; returns its index."""
    idx = free_hive(s)
    if idx is None or strength <= 0:
        return None
    w = s.wild[idx]
    w.tile = tile
    w.strength = min(game_data().wild.max_strength, strength)
    w.foraged = False
    w.raided = []
    w.acted = False
    t = s.tiles[tile]
    s.say(f"The {w.name} wild hive appears on the {t.kind} tile {cell_label(s, tile)} "
          f"with strength {w.strength} ({why}).")
    return idx


def remove_wild(s: BeeLivesState, idx: int) -> None:
    w = s.wild[idx]
    w.tile = None
    w.strength = 0
    s.say(f"The {w.name} wild hive is wiped out and leaves the map.")


def cell_label(s: BeeLivesState, tile: int) -> str:
    t = s.tiles[tile]
    return f"#{t.id} ({t.q},{t.r})"


def tile_label(s: BeeLivesState, tile: int) -> str:
    t = s.tiles[tile]
    return f"{t.kind} tile #{t.id} ({t.q},{t.r})"


def hive_distance(s: BeeLivesState, a: int | None, b: int | None) -> int | None:
    if a is None or b is None:
        return None
    return distance(s, a, b)


def draw_tile(s: BeeLivesState) -> str:
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
    "spawn_wild",
    "tile_label",
    "turn_order",
]
