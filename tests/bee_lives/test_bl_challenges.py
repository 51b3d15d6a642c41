"""Challenge mode: the eleven challenge cards, each settled when the book says."""

import pytest

from beegames.games.bee_lives import actions, months, solo, winter
from beegames.games.bee_lives.common import remove_wild, spawn_wild
from beegames.games.bee_lives.data import solo_data
from beegames.games.bee_lives.models import (
    QueenMove,
    RaidMove,
    RequeenMove,
    ScoutMove,
    StayMove,
    TileMove,
)
from beegames.games.bee_lives.options import CHALLENGES, BeeLivesOptions

from .bl_helpers import E, at_turn, edit, layout, new, started


def game(challenge, years="1", queen="prolific", seed=1):
    s = edit(started(1, queens=[queen], seed=seed, mode="challenge", challenge=challenge, years=years))
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("harvest", 2, 0), ("wet", -1, 0), ("bloom", 0, 1)])
    s.players[0].hive = ids[0]
    return s, ids


def year_end(s):
    s.month, s.pending, s.queue = 12, None, []
    winter.t_year_end(s, [])
    solo.settle(s)
    return s


def test_there_are_eleven_challenge_cards():
    cards = solo_data().challenges
    assert [c.id for c in cards] == list(CHALLENGES) and len(cards) == 11
    checks = {c.id: c.check for c in cards}
    assert checks["builder"] == checks["explorer"] == checks["great-migration"] == "end_of_year_1"
    assert checks["nursery"] == checks["pacifist"] == checks["protectionist"] == checks["strong-leader"] == "at_once"
    assert checks["dirty-bees"] == "once_in_game" and checks["under-siege"] == "modifier"
    assert checks["indecisive"] == checks["mother-hive"] == "in_one_year"


def test_challenge_mode_draws_a_card_at_random_by_the_seed():
    drawn = {new(1, seed=k, mode="challenge").solo.challenge for k in range(40)}
    assert len(drawn) >= 8 and drawn <= set(CHALLENGES)
    assert new(1, seed=5, mode="challenge").solo == new(1, seed=5, mode="challenge", challenge="random").solo
    s = new(1, mode="challenge", challenge="explorer")
    assert s.solo.mode == "challenge" and s.solo.challenge == "explorer" and s.years == 1
    assert any(line.startswith("Challenge: Explorer") for line in s.log)


def test_solo_modes_need_one_player_and_sound_combinations():
    with pytest.raises(ValueError, match="solo mode"):
        new(2, mode="challenge")
    with pytest.raises(ValueError, match="Protectionist"):
        BeeLivesOptions(mode="scenario", scenario="there-can-bee-only-one", challenge="protectionist")
    with pytest.raises(ValueError, match="Strong Leader"):
        BeeLivesOptions(mode="campaign", campaign="three-generations", challenge="strong-leader")
    with pytest.raises(ValueError, match="challenge card needs"):
        BeeLivesOptions(challenge="builder")
    # a random card never lands on an impossible combination
    for k in range(30):
        s = new(1, seed=k, mode="scenario", scenario="there-can-bee-only-one", challenge="random")
        assert s.solo.challenge not in (None, "protectionist")


def test_builder_explorer_and_great_migration_are_checked_when_year_one_ends():
    s, _ids = game("builder", years="2")
    s.players[0].comb = 19
    s = year_end(s)
    assert s.over and not E.result(s).winners and "comb of 19 cells" in s.solo.failed
    s, _ids = game("builder", years="2")
    s.players[0].comb = 20
    s = year_end(s)
    assert not s.over and s.solo.met and s.year == 2
    s, _ids = game("explorer")
    assert solo.solo_info(s).lines[0].progress == "5 of 20 tiles"
    s = year_end(s)
    assert s.over and "5 tiles on the map" in s.solo.failed


def test_the_map_length_is_the_longest_line_of_tiles():
    s, _ids = game("great-migration")
    layout(s, [("bloom", q, 0) for q in range(12)])
    s.players[0].hive = 0
    assert solo.map_length(s) == 12
    layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("wet", 1, 1), ("harvest", 2, 1), ("bloom", 2, 2)])
    assert solo.map_length(s) == 5  # a zigzag down and right spans five rows
    layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("wet", 0, 1), ("harvest", 1, 1)])
    assert solo.map_length(s) == 3
    layout(s, [("bloom", q, 0) for q in range(12)])
    s.players[0].hive = 0
    s = year_end(s)
    assert s.solo.met and E.result(s).winners == [0]


def test_dirty_bees_is_met_the_moment_the_disease_reaches_seven():
    s, _ids = game("dirty-bees")
    p = s.players[0]
    p.mite = p.mite_normal = 20  # level 6
    solo.settle(s)
    assert not s.solo.met and s.solo.worst_disease == 6
    p.mite = p.mite_normal = 21  # level 7
    solo.settle(s)
    assert s.solo.met and not s.over
    p.mite = p.mite_normal = 0
    p.workers = p.unassigned = 1
    s = year_end(s)
    assert E.result(s).winners == [0]
    s, _ids = game("dirty-bees")
    s.players[0].workers = s.players[0].unassigned = 1
    s = year_end(s)
    assert E.result(s).winners == [] and "never reached level 7" in s.solo.failed


def test_indecisive_needs_four_queen_types_in_one_year():
    s, _ids = game("indecisive", years="2")
    assert s.solo.queens == ["prolific"]
    for q in ("aggressive", "hygienic"):
        s = E.apply(at_turn(s, 0), RequeenMove(queen=q))
        s = edit(s)
    assert not s.solo.met and len(s.solo.queens) == 3
    info = solo.solo_info(s).lines[0]
    assert info.status == "open" and "3 of 4" in info.progress
    s = year_end(s)  # a new year starts the count again
    assert s.solo.queens == ["hygienic"] and not s.over
    for q in ("aggressive", "prolific", "nomadic"):
        s = edit(s)
        s.players[0].unassigned = 1
        s = E.apply(at_turn(s, 0), RequeenMove(queen=q))
    assert s.solo.met and any("Indecisive" in line and "goal met" in line for line in s.log)


def _swarm_spawn(s, tile):
    idx = spawn_wild(s, tile, 2, "test swarm")
    solo.on_swarm_spawn(s, idx)
    return idx


def test_mother_hive_needs_four_swarm_hives_alive_at_the_years_end():
    s, _ids = game("mother-hive", years="2")
    layout(s, [("bloom", q, 0) for q in range(8)])
    s.players[0].hive = 0
    spawned = [_swarm_spawn(s, t) for t in (1, 2, 3, 4)]
    remove_wild(s, spawned[0])  # year 1 of 2: the goal can still be met in year 2
    solo.settle(s)
    assert not s.over and s.solo.spawns_lost == 1
    s = year_end(s)
    assert not s.solo.met and not s.over and s.solo.year_spawns == []
    spawned = [_swarm_spawn(s, t) for t in (5, 6, 7, 1)]
    s = year_end(s)
    assert s.solo.met and E.result(s).winners == [0]
    # in the last year a lost swarm hive breaks the goal at once
    s, _ids = game("mother-hive")
    layout(s, [("bloom", q, 0) for q in range(3)])
    s.players[0].hive = 0
    idx = _swarm_spawn(s, 1)
    remove_wild(s, idx)
    solo.settle(s)
    assert s.over and "wiped out" in s.solo.failed


def test_nursery_fails_at_once_when_a_brood_phase_hatches_nothing():
    s, _ids = game("nursery")
    p = s.players[0]
    p.nest, p.pollen = 2, 1
    s.pending, s.queue = None, []
    months.t_brood(s, [])
    solo.settle(s)
    assert not s.over
    p.nest, p.paused = 2, True
    months.t_brood(s, [])
    solo.settle(s)
    assert s.over and s.pending is None and s.queue == [] and "Nursery" in s.solo.failed
    assert E.result(s).winners == [] and s.log[-1].startswith("Nursery lost")


def test_pacifist_never_raids_and_swarms_twice():
    s, ids = game("pacifist")
    spawn_wild(s, ids[1], 3, "test")
    s = E.apply(at_turn(s, 0), RaidMove(target="w0", bees=1))
    assert s.over and "raided" in s.solo.failed and s.wild[0].strength == 3 and s.raid is None
    s, ids = game("pacifist")
    s.solo.swarms = 1
    s.players[0].workers = s.players[0].unassigned = 2
    s = year_end(s)
    assert E.result(s).winners == [] and "only 1 swarm" in s.solo.failed
    s, ids = game("pacifist")
    s.solo.swarms = 2
    s.players[0].workers = s.players[0].unassigned = 2
    s = year_end(s)
    assert E.result(s).winners == [0]


def test_protectionist_fails_the_moment_a_wild_hive_reaches_six():
    s, ids = game("protectionist")
    spawn_wild(s, ids[1], 5, "test")
    solo.settle(s)
    assert not s.over and s.solo.strongest == 5
    s.wild[0].strength = 6
    solo.settle(s)
    assert s.over and "ACORN wild hive reached strength 6" in s.solo.failed


def test_strong_leader_keeps_the_first_queen():
    s, _ids = game("strong-leader")
    s = E.apply(at_turn(s, 0), RequeenMove(queen="nomadic"))
    assert s.over and "replaced" in s.solo.failed
    # a swarm that stays changes the queen; one that leaves keeps her
    for stay, lost in ((True, True), (False, False)):
        s, ids = game("strong-leader")
        p = s.players[0]
        p.workers = p.unassigned = 8
        s.queue = ["swarm1 0"]
        s.pending = None
        s = E.advance(s)
        s = E.apply(s, TileMove(tile=ids[2]))
        s = E.apply(s, StayMove(stay=stay))
        if stay:
            s = E.apply(s, QueenMove(queen="prolific"))
        assert s.over == lost


def test_under_siege_rolls_after_every_scout(monkeypatch):
    for roll, spawned in ((4, True), (3, False)):
        s, _ids = game("under-siege")
        s.card = None
        monkeypatch.setattr(actions, "d6", lambda state, r=roll: r)
        s = E.apply(at_turn(s, 0), ScoutMove(q=-1, r=1))
        if s.pending is not None and s.pending.kind == "keep":
            s = E.apply(s, E.legal_moves(s)[0])
        new_tile = len(s.tiles) - 1
        assert (s.wild[0].tile == new_tile) == spawned
        if spawned:
            assert s.wild[0].strength == 3 and s.spawned
    s, _ids = game("under-siege")
    s.players[0].workers = s.players[0].unassigned = 1
    s = year_end(s)
    assert E.result(s).winners == [0] and solo.solo_info(s).lines[0].status == "rule"
