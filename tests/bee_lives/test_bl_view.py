"""Read-only queries of ``view.py`` that the screen asks: yields by kind,
the hives of a group, who owns a group, and the joining preview's placement."""

from beegames.games.bee_lives import actions
from beegames.games.bee_lives import map as bmap
from beegames.games.bee_lives import view as blview

from .bl_helpers import edit, put, started


def _three_groups():
    """Three players, each group a bloom (the hive) and a wilt east of it;
    group 2 also has a wet tile; a wild hive stands on group 2's wilt."""
    s = edit(started(3))
    for g in range(3):
        put(s, "wilt", 1, 0, group=g)
    put(s, "wet", 0, 1, group=2)
    s.wild[0].tile, s.wild[0].strength = 5, 3
    return s


def test_kind_yield_is_the_seasons_chart_plus_the_card_and_nothing_in_winter():
    s = edit(started(1))
    s.card = None
    for month, bloom in ((1, (5, 5, 0)), (5, (1, 1, 0)), (8, (2, 2, 0))):
        s.month = month
        assert blview.kind_yield(s, "bloom") == bloom
    s.month, s.card = 5, "the_dearth"  # every tile -2 honey -1 pollen, never below 0
    assert blview.kind_yield(s, "wilt") == (1, 2, 0) and blview.kind_yield(s, "bloom") == (0, 0, 0)
    assert blview.kind_yield(s, "wet") == (0, 0, 3)
    # the same answer as a tile of that kind on the map
    hive = s.players[0].hive
    assert blview.kind_yield(s, s.tiles[hive].kind) == actions.tile_yield(s, hive)
    s.month, s.card = 10, None
    assert blview.kind_yield(s, "harvest") == (0, 0, 0)


def test_hives_in_a_group_and_its_owner():
    s = _three_groups()
    assert blview.hives_in(s, 0) == [("p0", 0)]
    assert blview.hives_in(s, 2) == [("p2", 2), ("w0", 5)]
    assert blview.group_owner(s, 1) == "Jeremy"
    bmap.apply_join(s, 1, 0, 0, bmap.join_offsets(s, 1, 0, 0)[0])
    assert blview.group_owner(s, 0) == "Susan and Jeremy"
    assert sorted(blview.hives_in(s, 0)) == [("p0", 0), ("p1", 1)]
    s.players[2].hive = None
    assert blview.group_owner(s, 2) == "the group of B2"  # named by its first tile, as on the map


def test_join_placement_and_touching_edges():
    s = _three_groups()
    # group 1 (bloom at 0,0 and wilt at 1,0) unturned, shifted to (0, -1): both tiles touch group 0
    placed = blview.join_placement(s, 1, 0, (0, -1))
    assert placed == {1: (0, -1), 4: (1, -1)}
    # (0,-1) touches the hive at (0,0); (1,-1) touches (0,0) and (1,0): three shared edges
    assert blview.touching_edges(s, 0, placed) == 3
    # turned three sixths the wilt goes west of the hive
    assert blview.join_placement(s, 1, 3, (0, 0)) == {1: (0, 0), 4: (-1, 0)}
    # every offset the rules allow gives a placement that touches and does not overlap
    for rot in range(bmap.geometry().rotations):
        for off in bmap.join_offsets(s, 1, 0, rot):
            placed = blview.join_placement(s, 1, rot, off)
            assert blview.touching_edges(s, 0, placed) >= 1
            assert not set(placed.values()) & set(bmap.group_cells(s)[0])
    # the preview the screen draws agrees with it
    preview = blview.join_preview(s, 1, 0, 2, bmap.join_offsets(s, 1, 0, 2)[0])
    placed = blview.join_placement(s, 1, 2, bmap.join_offsets(s, 1, 0, 2)[0])
    assert sorted(preview.moved) == sorted(f"{q},{r}" for q, r in placed.values())
