"""Joining the map at the end of the third month: each player in turn
attaches the group holding their hive to another group, turned and shifted
so that the two touch along an edge without overlapping."""

from __future__ import annotations

from .common import ask, place_name
from .map import apply_join, geometry, group_cells, group_of, groups, join_offsets
from .models import BackMove, BeeLivesState, JoinCtx, JoinMove, PlaceMove


def t_join(s: BeeLivesState, args: list[str]) -> None:
    """Task "join i" (Joining the Map): ask player ``i`` to attach their group to another, unless one
    group is left already or they have no hive."""
    i = int(args[0])
    p = s.players[i]
    s.phase = "join"
    if len(groups(s)) <= 1 or p.hive is None:
        return
    ask(s, i, "join")


def own_group(s: BeeLivesState, seat: int) -> int:
    """The map group holding this player's hive (the player must have a hive on the map)."""
    hive = s.players[seat].hive
    assert hive is not None
    return group_of(s, hive)


def join_moves(s: BeeLivesState, seat: int) -> list[JoinMove]:
    """The joins open to the player: each other group with each turn of their own group for which some
    shift makes the two touch without overlapping."""
    mine = own_group(s, seat)
    out = []
    for g in groups(s):
        if g == mine:
            continue
        for rot in range(geometry().rotations):
            if join_offsets(s, mine, g, rot):
                out.append(JoinMove(group=g, rotation=rot))
    return out


def do_join_pick(s: BeeLivesState, seat: int, move: JoinMove) -> None:
    """Keep the chosen group and turn, then ask the player for the shift (``join_place``)."""
    s.join = JoinCtx(seat=seat, group=move.group, rotation=move.rotation)
    ask(s, seat, "join_place")


def place_moves(s: BeeLivesState, seat: int) -> list[PlaceMove | BackMove]:
    """The shifts at which the chosen group and turn attach, and a way back to choosing the group."""
    j = s.join
    assert j is not None
    out: list[PlaceMove | BackMove] = [PlaceMove(dq=dq, dr=dr)
                                       for dq, dr in join_offsets(s, own_group(s, seat), j.group, j.rotation)]
    out.append(BackMove())
    return out


def do_join_back(s: BeeLivesState, seat: int, move: BackMove) -> None:
    """Drop the chosen group and turn and ask for the join again."""
    s.join = None
    ask(s, seat, "join")


def do_join_place(s: BeeLivesState, seat: int, move: PlaceMove) -> None:
    """Attach the player's group to the chosen one at the chosen shift, and log how many groups are
    left."""
    j = s.join
    assert j is not None
    s.pending = None
    mine = own_group(s, seat)
    size = len(group_cells(s)[mine])
    owner = group_owner(s, j.group)
    apply_join(s, mine, j.group, j.rotation, (move.dq, move.dr))
    s.join = None
    turn = f", turned {j.rotation} sixth{'s' if j.rotation != 1 else ''}" if j.rotation else ""
    s.say(f"{s.players[seat].name} joins their {size} tile{'s' if size != 1 else ''} to the tiles of "
          f"{owner}{turn}; {len(groups(s))} group{'s' if len(groups(s)) != 1 else ''} left.")


def group_owner(s: BeeLivesState, group: int) -> str:
    """Who a map group belongs to: the names of the players whose hive is in
    it ("Amber and Blue"), or, without one, the group named by its first tile
    ("the group of W5")."""
    names = [p.name for p in s.players if p.hive is not None and s.tiles[p.hive].group == group]
    if names:
        return " and ".join(names)
    tiles = sorted(group_cells(s).get(group, {}).values())
    return f"the group of {place_name(s, tiles[0])}" if tiles else "an empty group"
