"""Scenario mode: the four scenarios, their starting maps, and the haunting rules."""

from beegames.games.bee_lives import actions, scenarios, solo, wildhives, winter
from beegames.games.bee_lives.colony import wild_active
from beegames.games.bee_lives.common import spawn_wild
from beegames.games.bee_lives.data import derived, solo_data
from beegames.games.bee_lives.map import geometry, group_connected, spawn_tiles
from beegames.games.bee_lives.models import (
    CollectMove,
    ForageMove,
    ScareMove,
    StayMove,
    TileMove,
)
from beegames.games.bee_lives.options import SCENARIOS

from .bl_helpers import E, at_turn, edit, layout, new, started


def scenario(sid, **opts):
    return edit(started(1, queens=["prolific"], mode="scenario", scenario=sid, **opts))


def test_every_scenario_map_is_a_valid_data_file():
    assert [sc.id for sc in solo_data().scenarios] == list(SCENARIOS)
    for sid in SCENARIOS:
        sc = solo_data().scenario(sid)
        assert sc.key["tiles"].status in ("book", "unknown")
        s = new(1, mode="scenario", scenario=sid)
        E.check_invariants(s)
        assert len(s.tiles) == len(sc.tiles) and group_connected(s, 0)
        home = s.tiles[s.players[0].hive]
        assert (home.q, home.r) == (0, 0) and home.kind == next(t.kind for t in sc.tiles if t.hive == "player")
        for kind, total in derived().tile_total.items():
            assert s.bag[kind] == total - sum(1 for t in sc.tiles if t.kind == kind)
        printed = [t for t in sc.tiles if t.hive == "wild"]
        wild = [w for w in s.wild if w.tile is not None]
        assert len(wild) == len(printed) and all(w.strength == sc.wild_strength for w in wild)
        assert geometry().kind == "hex"


def test_new_bee_on_the_block():
    s = new(1, mode="scenario", scenario="new-bee-on-the-block")
    home = s.players[0].hive
    assert s.tiles[home].kind == "bloom"
    wild = [w for w in s.wild if w.tile is not None]
    assert [s.tiles[w.tile].kind for w in wild] == ["wilt", "wilt"] and {w.strength for w in wild} == {12}
    s.month = 1
    assert wild_active(s)  # awake from the first spring
    assert not wild_active(new(1, seed=2))


def test_surrounded():
    s = new(1, mode="scenario", scenario="surrounded")
    assert s.tiles[s.players[0].hive].kind == "harvest"
    wild = [w for w in s.wild if w.tile is not None]
    assert len(wild) == 4 and all(s.tiles[w.tile].kind == "wet" and w.strength == 3 for w in wild)
    s.month = 2
    assert wild_active(s)


def test_there_can_bee_only_one_is_settled_when_year_one_ends():
    s = scenario("there-can-bee-only-one", years="2")
    assert [w.strength for w in s.wild if w.tile is not None] == [10, 10]
    assert sum(1 for t in s.tiles if t.kind == "bloom") == 3
    s.month, s.pending, s.queue = 12, None, []
    winter.t_year_end(s, [])
    solo.settle(s)
    assert s.over and "still on the map" in s.solo.failed and E.result(s).winners == []
    s = scenario("there-can-bee-only-one")
    for w in s.wild:
        w.tile, w.strength = None, 0
    s.month, s.pending, s.queue = 12, None, []
    winter.t_year_end(s, [])
    assert E.result(s).winners == [0] and solo.solo_info(s).lines[0].status == "met"


def haunted():
    s = scenario("haunted-hives")
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("harvest", 2, 0), ("wet", -1, 0), ("bloom", 0, 1),
                     ("wilt", 3, 0)])
    s.players[0].hive = ids[0]
    s.month = 5
    return s, ids


def test_the_first_wild_hive_is_haunted_and_so_is_its_tile():
    s, ids = haunted()
    a = spawn_wild(s, ids[2], 3, "test")
    b = spawn_wild(s, ids[5], 3, "test")
    assert s.solo.haunted_hives == [a] and solo.haunted_set(s) == {ids[2]}
    assert ids[2] not in spawn_tiles(s, ids[0]) and b not in s.solo.haunted_hives
    # its swarm is haunted too
    c = spawn_wild(s, ids[1], 7, "test", parent=a)
    assert c in s.solo.haunted_hives and solo.haunted_set(s) == {ids[2], ids[1]}


def test_haunted_hives_never_raid_nor_are_raided():
    s, ids = haunted()
    a = spawn_wild(s, ids[1], 5, "test")
    spawn_wild(s, ids[2], 3, "test")
    p = s.players[0]
    p.honey = 3
    assert "w0" not in actions.raid_targets(s, 0)
    assert wildhives.raid_candidates(s, 1) == ["p0"]  # the haunted hive is skipped as a target
    assert not wildhives._try(s, a, 2, "raid")  # the haunted hive skips the raid step


def test_a_haunted_hive_haunts_what_it_forages_and_wild_hives_shun_haunted_tiles():
    s, ids = haunted()
    a = spawn_wild(s, ids[2], 3, "test")
    b = spawn_wild(s, ids[5], 3, "test")
    assert wildhives.forage_candidates(s, a, "wilt") == [ids[1]]  # its own tile is haunted
    wildhives._forage(s, a, ids[1])
    assert ids[1] in s.solo.haunted_tiles and s.wild[a].strength == 4
    assert ids[1] not in wildhives.forage_candidates(s, b, "wilt")
    assert ids[1] not in spawn_tiles(s, ids[0])


def test_foraging_a_haunted_tile_needs_a_five_or_six(monkeypatch):
    for roll, works in ((4, False), (5, True)):
        s, ids = haunted()
        s.solo.haunted_tiles = [ids[1]]
        s.card = None
        monkeypatch.setattr(scenarios, "d6", lambda state, r=roll: r)
        s = E.apply(at_turn(s, 0), ForageMove(tile=ids[1]))
        p = s.players[0]
        if works:
            assert s.pending.kind == "collect"
            s = E.apply(s, CollectMove(honey=3, pollen=0, water=0))
            assert s.players[0].honey == 3 and s.players[0].mite == 1
        else:
            assert s.pending is None and p.honey == 0 and p.mite == 0 and p.foraging[0].tile == ids[1]


def test_a_raid_with_one_bee_scares_the_ghosts_away():
    s, ids = haunted()
    a = spawn_wild(s, ids[2], 3, "test")
    s.solo.haunted_tiles = [ids[1]]
    s = at_turn(s, 0)
    scares = [m for m in E.legal_moves(s) if isinstance(m, ScareMove)]
    assert scares == [ScareMove(tile=ids[1])]  # not the tile of the haunted hive
    s = E.apply(s, ScareMove(tile=ids[1]))
    p = s.players[0]
    assert s.solo.haunted_tiles == [] and p.assigned["raid"] == 1 and p.unassigned == 2
    assert solo.haunted_set(s) == {s.wild[a].tile}
    bad = at_turn(edit(s), 0)
    try:
        E.apply(bad, ScareMove(tile=ids[2]))
        raise AssertionError("scared the haunted hive's tile")
    except Exception as exc:
        assert "haunted" in str(exc)


def test_leaving_for_a_haunted_swarm_site_takes_the_ghosts_along():
    s, ids = haunted()
    p = s.players[0]
    p.workers = p.unassigned = 8
    s.queue, s.pending = ["swarm1 0", "event"], None
    s = E.advance(s)
    s = E.apply(s, TileMove(tile=ids[1]))
    assert s.solo.haunted_hives == [0] and solo.haunted_set(s) == {ids[1]}
    s = E.apply(s, StayMove(stay=False))
    assert s.players[0].hive == ids[1] and s.wild[0].tile == ids[0]
    assert solo.haunted_set(s) == {ids[0]}  # the dark side is under the haunted hive
    E.check_invariants(s)
