"""The rulebook's worked examples A-R, one test each."""

from beegames.games.bee_lives import actions, common, months, raids, swarm, wildhives, winter
from beegames.games.bee_lives.colony import level, threshold
from beegames.games.bee_lives.data import derived
from beegames.games.bee_lives.models import (
    CleanMove,
    CollectMove,
    CoolMove,
    DropMove,
    ForageMove,
    HoneyMove,
    KeepMove,
    PressMove,
    QueenMove,
    RaidMove,
    RequeenMove,
    RerollMove,
    SacrificeMove,
    ScoutMove,
    StayMove,
    TileMove,
    WaxMove,
)

from .bl_helpers import E, at_turn, edit, layout, started


def _card(s, card_id):
    s.card = card_id
    return s


def test_example_a_egg_phase_counts_empty_cells():
    s = edit(started(1))
    p = s.players[0]
    p.comb, p.pollen, p.honey, p.water = 15, 3, 7, 1
    months.t_egg(s, [])
    assert p.nest == 4 and not p.swarm_token


def test_example_b_feeding_with_too_little_honey():
    s = edit(started(1))
    s.month = 2
    p = s.players[0]
    p.workers = p.unassigned = 7
    p.honey = 3
    months.t_feed(s, [])
    assert s.queue[0] == "feed_apply"  # nobody to ask: no bee among the last three starves
    s.queue.pop(0)
    months.t_feed_apply(s, [])
    assert p.honey == 0 and p.workers == 6 and p.starvation == 0


def test_example_c_brood_hatch_and_disease():
    s = edit(started(1))
    s.month = 2
    p = s.players[0]
    p.pollen, p.nest = 4, 3
    p.mite = p.mite_normal = 3  # disease level -1
    assert level(p) == 1
    months.t_brood(s, [])
    assert p.pollen == 1 and p.nest == 0 and p.workers == 3 + 2


def test_example_d_swarm_and_stay():
    s = edit(started(1, queens=["prolific"]))
    s.month = 4  # summer
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("harvest", 2, 0), ("wet", 3, 0)])
    p = s.players[0]
    p.hive = ids[0]
    p.comb = 13
    assert threshold(p) == 7
    p.workers = p.unassigned = 9
    p.honey = 4
    p.mite = p.mite_normal = 9  # level -3
    swarm.t_swarm1(s, ["0"])
    assert p.workers == 5 and p.honey == 2
    assert s.pending.kind == "swarm_tile" and ids[3] in s.pending.choices
    s = E.apply(s, TileMove(tile=ids[3]))
    wild = [w for w in s.wild if w.tile is not None]
    assert len(wild) == 1 and wild[0].strength == 4 and wild[0].tile == ids[3]
    s = E.apply(s, StayMove(stay=True))
    s = E.apply(s, QueenMove(queen="aggressive"))
    p = s.players[0]
    assert p.queen == "aggressive" and p.paused
    assert level(p) == 1
    assert p.vp == 3


def test_example_e_wild_hives_act_from_the_first_players_hive():
    s = edit(started(4))
    s.month = 4
    ids = layout(s, [("bloom", 0, 0), ("bloom", 3, 0), ("bloom", 0, 3), ("bloom", -3, 3),
                     ("wilt", 1, 0), ("wilt", -1, 2)])
    for i in range(4):
        s.players[i].hive = ids[i]
    s.first = 0
    acorn, dandelion = 0, 1
    assert s.wild[acorn].name == "ACORN" and s.wild[dandelion].name == "DANDELION"
    s.wild[acorn].tile, s.wild[acorn].strength = ids[4], 3
    s.wild[dandelion].tile, s.wild[dandelion].strength = ids[5], 3
    s.wild_queue = [dandelion, acorn]
    s.queue = ["wnext"]
    wildhives.t_wnext(s, [])
    assert s.queue[:2] == [f"wturn {acorn}", "wnext"]
    s.queue = s.queue[2:]
    wildhives.t_wnext(s, [])
    assert s.queue[0] == f"wturn {dandelion}"


def test_example_f_forage_a_harvest_tile_in_fall():
    s = edit(started(1))
    s.month = 7
    s.card = None
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("harvest", 2, 0)])
    p = s.players[0]
    p.hive = ids[0]
    s = at_turn(s, 0)
    s = E.apply(s, ForageMove(tile=ids[2]))
    p = s.players[0]
    assert p.unassigned == 1 and p.foraging[0].bees == 2
    assert s.pending.kind == "collect" and (s.forage.honey, s.forage.pollen) == (3, 3)
    s = E.apply(s, CollectMove(honey=3, pollen=1, water=0))
    p = s.players[0]
    assert (p.honey, p.pollen, p.mite) == (3, 1, 1)


def test_example_g_scout_keeps_one_of_two_tiles(monkeypatch):
    s = edit(started(2))
    s.month = 5
    s.card = None
    drawn = iter(["bloom", "wilt"])

    def fake_draw(state):
        kind = next(drawn)
        state.bag[kind] -= 1
        return kind

    monkeypatch.setattr(actions, "draw_tile", fake_draw)
    s = at_turn(s, 1)  # Jeremy
    bloom_in_bag = s.bag["bloom"]
    s = E.apply(s, ScoutMove(q=1, r=0))
    assert s.pending.kind == "keep"
    s = E.apply(s, KeepMove(tile="wilt"))
    jeremy_group = s.tiles[s.players[1].hive].group
    new = s.tiles[-1]
    assert (new.kind, new.group, new.q, new.r) == ("wilt", jeremy_group, 1, 0)
    assert s.bag["bloom"] == bloom_in_bag and s.players[1].assigned["scout"] == 1
    E.check_invariants(s)


def test_example_h_player_raid_on_a_player(monkeypatch):
    s = edit(started(4, queens=["prolific"] * 4))
    s.month = 5
    s.card = None
    ids = layout(s, [("bloom", 0, 0), ("bloom", 3, 0), ("bloom", 2, 0), ("bloom", 1, 0)])
    for i in range(4):
        s.players[i].hive = ids[i]
    bob, lauren = s.players[3], s.players[2]
    bob.workers = bob.unassigned = 8
    lauren.workers = 4
    lauren.unassigned = 3
    lauren.assigned["defend"] = 1
    lauren.honey = 5
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [1, 2][:n])
    s = at_turn(s, 3)
    s = E.apply(s, RaidMove(target="p2", bees=5))
    assert s.pending.kind == "reroll"
    s = E.apply(s, RerollMove(reroll=False))
    assert s.pending.kind == "sacrifice" and s.pending.seat == 2
    s = E.apply(s, SacrificeMove(defenders=0, unassigned=1))
    assert s.pending.kind == "drop" and s.pending.seat == 3
    s = E.apply(s, DropMove(die=1))
    bob, lauren = s.players[3], s.players[2]
    assert lauren.honey == 5 and bob.honey == 0
    assert lauren.vp == 2 and bob.vp == 0
    assert bob.workers == 7 and bob.assigned["raid"] == 4
    assert lauren.workers == 3 and lauren.unassigned == 2
    assert s.raid is None


def test_example_i_player_wipes_out_a_wild_hive(monkeypatch):
    s = edit(started(1, queens=["prolific"]))
    s.month = 5
    s.card = None
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0)])
    p = s.players[0]
    p.hive = ids[0]
    p.workers = p.unassigned = 6
    s.wild[0].tile, s.wild[0].strength = ids[1], 4
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [3])
    s = at_turn(s, 0)
    s = E.apply(s, RaidMove(target="w0", bees=4))
    s = E.apply(s, RerollMove(reroll=False))
    assert s.wild[0].strength == 1 and s.pending.kind == "press"
    s = E.apply(s, PressMove(bees=1))
    assert s.pending.kind == "honey"
    s = E.apply(s, HoneyMove(amount=4))
    p = s.players[0]
    assert s.wild[0].tile is None
    assert p.vp == 2 and p.honey == 4 and p.mite == 1 and p.workers == 5


def test_example_j_build_wax():
    s = edit(started(1))
    s.card = None
    p = s.players[0]
    p.comb, p.honey = 12, 4
    s = at_turn(s, 0)
    s = E.apply(s, WaxMove(bees=2))
    p = s.players[0]
    assert (p.comb, p.honey, p.assigned["wax"]) == (14, 0, 2)


def test_example_k_clean_bees_then_forage_without_disease():
    s = edit(started(1))
    s.month = 8
    s.card = None
    p = s.players[0]
    p.workers = p.unassigned = 5
    p.mite = p.mite_normal = 9
    s = at_turn(s, 0)
    s = E.apply(s, CleanMove(bees=3))
    p = s.players[0]
    assert level(p) == 2 and p.upright
    s = at_turn(s, 0)
    s = E.apply(s, ForageMove(tile=p.hive))
    s = E.apply(s, CollectMove(honey=2, pollen=0, water=0))
    p = s.players[0]
    assert p.mite == 6 and not p.upright


def test_example_l_cool_hive():
    s = edit(started(1))
    s.card = "heat_wave"
    p = s.players[0]
    p.workers = p.unassigned = 7
    p.water = 3
    s = at_turn(s, 0)
    s = E.apply(s, CoolMove())
    p = s.players[0]
    assert (p.assigned["cool"], p.water, p.cooled) == (2, 1, True)


def test_example_m_requeen():
    s = edit(started(2, queens=["aggressive", "prolific"]))
    s = at_turn(s, 1)
    s = E.apply(s, RequeenMove(queen="aggressive"))
    p = s.players[1]
    assert p.queen == "aggressive" and p.paused and p.assigned["requeen"] == 1


def test_example_n_wild_hive_forages_a_harvest_tile_in_fall():
    s = edit(started(1))
    s.month = 7
    s.card = None
    ids = layout(s, [("bloom", 0, 0), ("wilt", 3, -3), ("harvest", 2, -1), ("bloom", 1, -1)])
    s.players[0].hive = ids[0]
    mushroom = 2
    assert s.wild[mushroom].name == "MUSHROOM"
    s.wild[mushroom].tile, s.wild[mushroom].strength = ids[1], 3
    wildhives.t_wturn(s, str(mushroom))
    assert s.wild[mushroom].tokens == [ids[2]] and s.wild[mushroom].strength == 4


def test_example_o_wild_hive_raids_a_player(monkeypatch):
    s = edit(started(1, queens=["prolific"]))
    s.month = 5
    s.card = None
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0)])
    p = s.players[0]
    p.hive = ids[0]
    p.honey = 1
    s.wild[0].tile, s.wild[0].strength = ids[1], 5
    monkeypatch.setattr(raids, "d6", lambda state: 3)
    s.pending = None
    wildhives.t_wturn(s, ["0"])
    assert s.pending.kind == "wild_sacrifice" and s.pending.seat == 0
    s = E.apply(s, SacrificeMove(defenders=0, unassigned=0))
    assert s.players[0].honey == 0 and s.wild[0].strength == 6
    assert s.wild[0].raid_tokens == [ids[0]]


def test_example_p_wild_hive_raids_a_wild_hive(monkeypatch):
    s = edit(started(1))
    ids = layout(s, [("bloom", 0, 0), ("wilt", 2, 0), ("wilt", 3, 0)])
    s.players[0].hive = ids[0]
    apple, spider = 3, 4
    assert (s.wild[apple].name, s.wild[spider].name) == ("APPLE", "SPIDER")
    s.wild[apple].tile, s.wild[apple].strength = ids[1], 3
    s.wild[spider].tile, s.wild[spider].strength = ids[2], 4
    rolls = iter([5, 4])
    monkeypatch.setattr(raids, "d6", lambda state: next(rolls))
    before = len(s.log)
    raids.wild_raid_wild(s, apple, spider)
    assert s.wild[spider].strength == 5 and s.wild[apple].strength == 2
    # the log tells both D6s, what the stronger adds, and why a tie goes to SPIDER
    assert s.log[before] == ("The APPLE wild hive (strength 3) raids the SPIDER wild hive (strength 4): the D6s "
                             "show 5 and 4, +1 for the stronger, so 5 against 5; the SPIDER wild hive wins (a tie "
                             "goes to the defender).")


def test_example_q_winter():
    s = edit(started(1))
    s.month = 10
    p = s.players[0]
    p.mite = p.mite_normal = 6  # level -2
    p.honey, p.workers, p.unassigned = 12, 6, 6
    p.comb = 15
    s.queue = []
    winter.t_winter(s, [])
    s.queue.remove("year_end")
    while s.queue:
        name, *args = s.queue.pop(0).split(" ")
        {"wmonth": winter.t_wmonth, "feed": months.t_feed, "feed_apply": months.t_feed_apply,
         "wdisease": winter.t_wdisease}[name](s, args)
    assert (p.honey, p.workers) == (9, 0)


def test_example_r_final_scoring_and_tie_breaks():
    s = edit(started(4))
    s.month = 12
    data = {  # seat: (vp, honey, bees, starvation, pollen)
        3: (37, 9, 0, 1, 0),   # Bob
        0: (32, 3, 4, 0, 2),   # Susan
        1: (25, 12, 2, 0, 0),  # Jeremy
        2: (25, 2, 5, 2, 0),   # Lauren
    }
    for i, (vp, honey, bees, tokens, pollen) in data.items():
        p = s.players[i]
        p.vp, p.honey, p.workers, p.unassigned, p.starvation, p.pollen = vp, honey, bees, bees, tokens, pollen
    winter.t_year_end(s, [])
    assert [p.vp for p in s.players] == [39, 39, 28, 44]
    res = E.result(s)
    assert res.winners == [0] and res.tiebreak == "most pollen"


def test_card_yields_are_from_data():
    assert derived().yields["fall"]["harvest"] == (3, 3, 0)
    s = _card(edit(started(1)), "first_frost")
    s.month = 8
    ids = layout(s, [("bloom", 0, 0), ("harvest", 1, 0)])
    assert actions.tile_yield(s, ids[1]) == (2, 2, 0)
    assert common.free_hive(s) == 0
