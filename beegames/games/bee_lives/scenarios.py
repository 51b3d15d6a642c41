"""Scenario mode: the starting maps, and the haunting rules of Haunted Hives.

A scenario's map is data (``assets/bee_lives/scenarios/<id>.json``): the
tiles it lays out (taken from the bag), the tile under the player's hive
and the wild hives printed on it. Haunted Hives keeps the normal start;
its first wild hive, wherever it comes from, is haunted, and so is every
swarm of a haunted hive.

Haunted hives never raid and are never raided, and a tile a haunted hive
forages turns haunted. No wild hive forages a haunted tile and no wild
hive appears on one. A player foraging a haunted tile rolls a D6 (5-6:
the forage works; otherwise the bees stay on the tile for nothing). A
Raid with one bee scares the ghosts off a haunted tile without a haunted
hive (:class:`~.models.ScareMove`).

Each of these rules registers, beside it, for the event of the base rules
it changes (:mod:`.hooks`): the starting map, a wild hive's spawn and
forage, a player's forage roll, and the scare as an action of the turn.
"""

from __future__ import annotations

from . import hooks
from .common import d6, spawn_wild, tile_label
from .data import derived, solo_data
from .map import add_tile, distance, hive_tiles, reach
from .models import BeeLivesState, ScareMove


@hooks.on_lay_out
def lay_out(s: BeeLivesState) -> None:
    """In a scenario game, replace the normal start by the scenario's map and
    put its wild hives on it (any other game keeps the normal start)."""
    solo = s.solo
    if solo is None or solo.scenario is None:
        return
    sc = solo_data().scenario(solo.scenario)
    s.tiles = []
    s.bag = dict(derived().tile_total)
    wild_tiles = []
    for t in sc.tiles:
        s.bag[t.kind] -= 1
        tid = add_tile(s, t.kind, 0, t.q, t.r)
        if t.hive == "player":
            s.players[0].hive = tid
        elif t.hive == "wild":
            wild_tiles.append(tid)
    for tid in wild_tiles:
        assert sc.wild_strength is not None
        spawn_wild(s, tid, sc.wild_strength, sc.name)


# -- haunting ---------------------------------------------------------------------------


def _haunted_game(s: BeeLivesState) -> bool:
    return s.solo is not None and s.solo.scenario is not None and solo_data().scenario(s.solo.scenario).haunted


def _is_haunted_hive(s: BeeLivesState, idx: int) -> bool:
    return s.solo is not None and idx in s.solo.haunted_hives


@hooks.on_wild_forage
def haunt_foraged(s: BeeLivesState, idx: int, tile: int) -> None:
    """A haunted wild hive's forage haunts the tile it foraged."""
    if _is_haunted_hive(s, idx):
        haunt_tile(s, tile)


def haunt_tile(s: BeeLivesState, tile: int) -> None:
    """Haunted Hives: ``tile`` turns haunted (once; the log says so)."""
    solo = s.solo
    assert solo is not None
    if tile not in solo.haunted_tiles:
        solo.haunted_tiles.append(tile)
        s.say(f"The {tile_label(s, tile)} turns haunted (dark side up).")


@hooks.on_spawn
def on_spawn(s: BeeLivesState, idx: int, parent: int | None, infected: bool | None = None) -> None:
    """A wild hive appears: the first of the game, or a haunted hive's swarm, is haunted."""
    solo = s.solo
    assert solo is not None
    if not _haunted_game(s):
        return
    if solo.haunting and not (parent is not None and parent in solo.haunted_hives):
        return
    solo.haunting = True
    solo.haunted_hives.append(idx)
    w = s.wild[idx]
    s.say(f"The {w.name} wild hive is a haunted hive full of ghost bees: its tile is haunted while it stands "
          f"there (dark side up).")


def scare_targets(s: BeeLivesState, seat: int) -> list[int]:
    """Haunted tiles the player may scare the ghosts off now."""
    solo = s.solo
    p = s.players[seat]
    if solo is None or not solo.haunted_tiles or p.hive is None:
        return []
    if p.unassigned < solo_data().haunting.scare_bees:
        return []
    hives = hive_tiles(s)
    out = []
    for tid in solo.haunted_tiles:
        key = hives.get(tid)
        if key is not None and key[0] == "w" and int(key[1:]) in solo.haunted_hives:
            continue
        d = distance(s, p.hive, tid)
        if d is not None and d <= reach():
            out.append(tid)
    return sorted(out)


def scare_moves(s: BeeLivesState, seat: int) -> list[ScareMove]:
    """The scare actions ``seat`` may take now, one per tile of :func:`scare_targets`."""
    return [ScareMove(tile=t) for t in scare_targets(s, seat)]


def scare_problem(s: BeeLivesState, seat: int, move: ScareMove) -> str | None:
    """Why ``seat`` may not scare the ghosts off ``move.tile`` now, or None when it may."""
    if move.tile not in scare_targets(s, seat):
        return ("You can scare the ghosts only off a haunted tile within 3 spaces of your hive that holds no "
                "haunted hive.")
    return None


def do_scare(s: BeeLivesState, seat: int, move: ScareMove) -> None:
    """Haunted Hives' scare: one bee goes to Raid and the tile turns back from haunted."""
    solo = s.solo
    assert solo is not None
    p = s.players[seat]
    bees = solo_data().haunting.scare_bees
    p.unassigned -= bees
    p.assigned["raid"] += bees
    solo.haunted_tiles.remove(move.tile)
    s.say(f"{p.name} sends {bees} bee{'s' if bees != 1 else ''} to scare the ghosts off the "
          f"{tile_label(s, move.tile)}: it turns back to its light side.")


@hooks.on_forage
def forage_roll(s: BeeLivesState, seat: int, tile: int) -> bool:
    """A player forages ``tile``: False when the ghosts of a haunted tile spoil it."""
    solo = s.solo
    if solo is None or tile not in solo.haunted_tiles:
        return True  # (a tile under a haunted hive is never foraged by a player)
    need = solo_data().haunting.forage_success
    roll = d6(s)
    if roll >= need:
        s.say(f"The tile is haunted: the D6 shows {roll}, the bees brave the ghosts.")
        return True
    s.say(f"The tile is haunted: the D6 shows {roll} (a {need} or more was needed): the ghosts drive the bees "
          f"off, and they bring nothing home.")
    return False


#: The scare: an action Haunted Hives adds to a player's turn.
hooks.add_action(ScareMove, scare_moves, scare_problem, do_scare)
