"""The map: groups, distances, reach, spawns and joining at the end of spring."""

import pytest

from beegames.core.errors import IllegalMove
from beegames.games.bee_lives import map as bmap
from beegames.games.bee_lives.map import Geometry
from beegames.games.bee_lives.models import BackMove, DefendMove, JoinMove, PlaceMove

from .bl_helpers import E, edit, layout, put, started, step_until


def test_groups_have_their_own_frames_and_do_not_reach_each_other():
    s = started(2)
    a, b = s.players[0].hive, s.players[1].hive
    assert (s.tiles[a].q, s.tiles[a].r) == (s.tiles[b].q, s.tiles[b].r) == (0, 0)
    assert bmap.distance(s, a, b) is None
    assert bmap.tiles_within(s, a) == [(a, 0)]


def test_square_geometry_is_complete():
    g = Geometry("square")
    assert len(g.neighbours((0, 0))) == 4 and g.rotations == 4
    assert g.distance((0, 0), (2, -1)) == 3
    assert g.rotate((1, 0), 1) == (0, 1) and g.rotate((1, 0), 4) == (1, 0)
    h = Geometry("hex")
    assert len(h.neighbours((0, 0))) == 6 and h.rotations == 6 and h.distance((0, 0), (2, -1)) == 2


def test_spawn_tiles_exclude_hives():
    s = edit(started(1))
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("wet", 2, 0)])
    s.players[0].hive = ids[0]
    s.wild[0].tile, s.wild[0].strength = ids[1], 2
    assert bmap.spawn_tiles(s, ids[0]) == [ids[2]]


def _three_groups():
    s = edit(started(3))
    for g in range(3):
        put(s, "wilt", 1, 0, group=g)
    put(s, "wet", 0, 1, group=2)
    return s


def test_join_offsets_touch_without_overlap():
    s = _three_groups()
    for rot in range(6):
        for dq, dr in bmap.join_offsets(s, 0, 1, rot):
            moved = {(q + dq, r + dr) for q, r in bmap.rotated(s, 0, rot)}
            target = set(bmap.group_cells(s)[1])
            assert not moved & target
            assert any(n in target for c in moved for n in bmap.geometry().neighbours(c))


def test_joining_the_map_at_the_end_of_month_three():
    s = edit(_three_groups())
    s.month = 3
    s.queue = ["cleanup", "month_end"]
    s.pending = None
    s.first = 0
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.kind == "join" and s.pending.seat == 1  # the marker passed before joining
    moves = E.legal_moves(s)
    assert {m.group for m in moves} == {0, 2}
    s = E.apply(s, JoinMove(group=2, rotation=1))
    assert s.pending.kind == "join_place"
    places = E.legal_moves(s)
    assert BackMove() in places
    s2 = E.apply(s, BackMove())
    assert s2.pending.kind == "join"
    with pytest.raises(IllegalMove, match="touch"):
        E.apply(s, PlaceMove(dq=0, dr=0))  # would overlap
    s = E.apply(s, next(m for m in places if isinstance(m, PlaceMove)))
    assert len(bmap.groups(s)) == 2
    E.check_invariants(s)
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.kind == "join" and s.pending.seat == 2
    s = E.apply(s, E.legal_moves(s)[0])
    s = E.apply(s, E.legal_moves(s)[0])
    assert len(bmap.groups(s)) == 1
    E.check_invariants(s)
    s = step_until(s, lambda x: x.pending is not None)  # seat 0 skips: one group left
    assert s.month == 4 and s.pending.kind != "join"
    # every hive is now in reach of the others' distance function
    a, b = s.players[0].hive, s.players[1].hive
    assert bmap.distance(s, a, b) is not None


def test_joining_keeps_the_shape_of_each_group():
    s = _three_groups()
    before = {t.id: (t.q, t.r) for t in s.tiles if t.group == 2}
    s2 = edit(s)
    offs = bmap.join_offsets(s2, 2, 0, 2)
    bmap.apply_join(s2, 2, 0, 2, offs[0])
    after = {t.id: (t.q, t.r) for t in s2.tiles if t.id in before}
    ids = sorted(before)
    for i in ids:
        for j in ids:
            assert bmap.geometry().distance(before[i], before[j]) == bmap.geometry().distance(after[i], after[j])


def test_no_joining_in_a_solo_game_or_later_years():
    s = edit(started(1))
    s.month = 3
    from beegames.games.bee_lives import months
    months.t_cleanup(s, [])
    assert not any(t.startswith("join") for t in s.queue)
    s = edit(started(2, years="2"))
    s.year, s.month = 2, 3
    months.t_cleanup(s, [])
    assert not any(t.startswith("join") for t in s.queue)


def test_a_whole_two_player_spring_joins_into_one_map():
    s = started(2)
    s = step_until_join(s)
    assert s.pending.kind == "join"
    while s.pending is not None and s.pending.kind in ("join", "join_place"):
        s = E.advance(E.apply(s, E.legal_moves(s)[0]))
    assert len(bmap.groups(s)) == 1


def step_until_join(s):
    for _ in range(500):
        d = E.decision(s)
        if d is None:
            s = E.step(s)
            continue
        if d.kind == "join":
            return s
        moves = E.legal_moves(s)
        m = DefendMove(bees=1) if DefendMove(bees=1) in moves else moves[0]
        s = E.apply(s, m)
    raise AssertionError("no join")


def test_the_places_to_join_read_apart_by_the_way_the_hive_lies():
    """Two single bloom tiles: the six places for the second around the first all touch one edge at one
    space; each says which way the joining hive lies (QA: six entries read the same)."""
    from beegames.games.bee_lives.decisions import decision_view

    s = edit(started(2))
    s.month, s.queue, s.pending, s.first = 3, ["cleanup", "month_end"], None, 0
    s = step_until(s, lambda x: x.pending is not None)
    seat = s.pending.seat
    # (r turns the tiles: not the player's "next turn")
    assert decision_view(s, seat).keys == "↑/↓ shows each way on the map; r turns yours, g next tiles; Enter confirms"
    s = E.apply(s, next(m for m in E.legal_moves(s) if isinstance(m, JoinMove) and m.rotation == 0))
    entries = [e for e in decision_view(s, seat).entries if isinstance(e.move, PlaceMove)]
    other = s.players[1 - seat].name
    assert sorted(e.detail for e in entries) == sorted(
        f"your hive 1 space {way} of {other}'s hive" for way in ("east", "south-east", "south-west", "west",
                                                                 "north-west", "north-east"))


def test_the_compass_names_the_six_hex_directions_as_the_map_does():
    from beegames.games.bee_lives.common import DIRECTION_WORDS

    geo = bmap.geometry()
    assert [geo.compass((0, 0), d) for d in geo.dirs] == list(DIRECTION_WORDS["hex"])
    assert geo.compass((0, 0), (1, -2)) == "north" and geo.compass((2, 2), (1, 4)) == "south"


def test_no_two_places_to_join_read_the_same_in_many_seeded_games():
    """In seeded two- to four-player springs played at random, every group and turn a player may join
    offers places whose texts all differ: two hives lying at one distance and compass word apart say
    the way in straight runs instead of the rounded word ("3 spaces from Amber's hive: 2 north-west and
    1 north-east")."""
    import random
    import re

    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo
    from beegames.games.bee_lives.decisions import decision_view

    joins = alike = 0
    for seed in range(24):
        n = 2 + seed % 3
        match = Match.new(E, seats=[SeatInfo(name=f"Seat {i + 1}") for i in range(n)], seed=seed)
        rnd = random.Random(seed)
        while match.state.month <= 3 and not match.over:
            d = match.decision
            if d is None:
                match.step()
                continue
            if d.kind == "join":
                for join in E.legal_moves(match.state):
                    entries = [e for e in decision_view(E.apply(match.state, join), d.seat).entries
                               if isinstance(e.move, PlaceMove)]
                    details = [e.detail for e in entries]
                    assert len(set(details)) == len(details), (seed, join, details)
                    told = r"your hive \d+ spaces? ([a-z-]+ of .+|from .+: \d+ [a-z-]+( and \d+ [a-z-]+)?)"
                    assert all(re.fullmatch(told, x) for x in details), details
                    joins += 1
                    alike += any(" from " in x for x in details)
            match.play(rnd.choice(match.legal_moves()))
    assert joins > 100 and alike > joins // 2  # (places that would read alike are common: all were told apart)
