"""The eight actions and their limits; player raids."""

import pytest

from beegames.core.errors import IllegalMove
from beegames.games.bee_lives import raids
from beegames.games.bee_lives.colony import level
from beegames.games.bee_lives.models import (
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    DropMove,
    ForageMove,
    HoneyMove,
    KeepMove,
    PressMove,
    RaidMove,
    RequeenMove,
    RerollMove,
    SacrificeMove,
    ScoutMove,
    WaxMove,
)

from .bl_helpers import E, at_turn, edit, layout, put, started


def _board(n=2, month=5, card=None, queens=None):
    """Seat 0 at (0,0) with tiles around; other seats further along the row."""
    s = edit(started(n, queens=queens))
    s.month, s.card = month, card
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("harvest", 2, 0), ("wet", 3, 0), ("bloom", 4, 0),
                     ("wilt", 5, 0), ("bloom", 6, 0)])
    s.players[0].hive = ids[0]
    for i in range(1, n):
        s.players[i].hive = ids[2 + 2 * i]
    return at_turn(s, 0), ids


def test_forage_reach_bees_and_occupied_tiles():
    s, ids = _board(n=2)
    s.players[0].workers = s.players[0].unassigned = 3
    legal = {m.tile for m in E.legal_moves(s) if isinstance(m, ForageMove)}
    # own hive tile (1 bee), 1-3 spaces away; not seat 1's hive at distance 4 nor beyond 3
    assert legal == {ids[0], ids[1], ids[2], ids[3]}
    s = E.apply(s, ForageMove(tile=ids[3]))
    assert s.players[0].foraging[0].bees == 3 and s.players[0].unassigned == 0


def test_forage_needs_bees_equal_to_the_distance():
    s, ids = _board()
    s.players[0].workers = s.players[0].unassigned = 2
    legal = {m.tile for m in E.legal_moves(s) if isinstance(m, ForageMove)}
    assert ids[3] not in legal and ids[2] in legal


def test_a_tile_with_workers_or_tokens_or_another_hive_cannot_be_foraged():
    s, ids = _board(n=2)
    s.wild[0].tile, s.wild[0].strength = ids[2], 3
    s.wild[1].tile, s.wild[1].strength = ids[5], 3
    s.wild[1].tokens = [ids[1]]
    legal = {m.tile for m in E.legal_moves(s) if isinstance(m, ForageMove)}
    assert ids[1] not in legal and ids[2] not in legal and ids[3] in legal
    with pytest.raises(IllegalMove):
        E.apply(s, ForageMove(tile=ids[2]))


def test_collect_any_amount_up_to_the_yield_and_the_empty_cells():
    s, ids = _board(month=2)  # spring bloom: 5 honey 5 pollen
    s.players[0].comb, s.players[0].honey = 10, 4
    s = E.apply(s, ForageMove(tile=ids[0]))
    moves = E.legal_moves(s)
    assert all(m.honey + m.pollen + m.water <= 6 for m in moves)
    assert CollectMove(honey=0, pollen=0, water=0) in moves
    with pytest.raises(IllegalMove, match="at most"):
        E.apply(s, CollectMove(honey=6, pollen=0, water=0))
    with pytest.raises(IllegalMove, match="empty cells"):
        E.apply(s, CollectMove(honey=5, pollen=2, water=0))
    s = E.apply(s, CollectMove(honey=1, pollen=5, water=0))
    p = s.players[0]
    assert (p.honey, p.pollen, p.mite) == (5, 5, 1)


def test_forage_always_gains_one_disease_even_taking_nothing():
    s, ids = _board()
    s = E.apply(s, ForageMove(tile=ids[3]))
    s = E.apply(s, CollectMove(honey=0, pollen=0, water=0))
    assert s.players[0].mite == 1


def test_wet_tiles_give_water():
    s, ids = _board(month=8)
    s = E.apply(s, ForageMove(tile=ids[3]))
    assert (s.forage.honey, s.forage.pollen, s.forage.water) == (1, 1, 3)


def test_yields_never_go_below_zero():
    s, ids = _board(month=4, card="the_dearth")  # all -2 honey -1 pollen; summer bloom 1/1
    from beegames.games.bee_lives.actions import tile_yield
    assert tile_yield(s, ids[0]) == (0, 0, 0)
    assert tile_yield(s, ids[1]) == (1, 2, 0)


def test_scout_empty_space_reached_through_a_line_of_tiles(monkeypatch):
    s, _ids = _board(n=1)
    scout = {(m.q, m.r) for m in E.legal_moves(s) if isinstance(m, ScoutMove)}
    assert (0, 1) in scout and (3, -1) in scout  # next to the row of tiles, within 3 steps
    assert (0, 3) not in scout  # 3 spaces away but no tiles lead there
    assert (4, -1) not in scout  # 4 steps
    with pytest.raises(IllegalMove, match="scout"):
        E.apply(s, ScoutMove(q=0, r=3))
    s = E.apply(s, ScoutMove(q=0, r=1))
    assert s.players[0].assigned["scout"] == 1
    if s.pending is not None and s.pending.kind == "keep":
        assert len(E.legal_moves(s)) == 2
        s = E.apply(s, E.legal_moves(s)[0])
    assert (s.tiles[-1].q, s.tiles[-1].r) == (0, 1)
    E.check_invariants(s)


def test_scout_draws_one_tile_when_the_bag_holds_one_and_none_when_empty():
    s, _ids = _board(n=1)
    for k in s.bag:
        s.bag[k] = 0
    assert not any(isinstance(m, ScoutMove) for m in E.legal_moves(s))
    s.bag["wet"] = 1
    s = E.apply(s, ScoutMove(q=0, r=1))
    assert s.tiles[-1].kind == "wet" and s.pending is None


def test_raid_targets():
    s, ids = _board(n=2)
    s.players[0].workers = s.players[0].unassigned = 5
    s.players[1].hive = ids[2]
    s.players[1].honey = 0
    s.wild[0].tile, s.wild[0].strength = ids[1], 2
    s.wild[1].tile, s.wild[1].strength = ids[5], 2  # 5 spaces away
    targets = {m.target for m in E.legal_moves(s) if isinstance(m, RaidMove)}
    assert targets == {"w0"}  # a player without honey cannot be raided
    s.players[1].honey = 2
    targets = {m.target for m in E.legal_moves(s) if isinstance(m, RaidMove)}
    assert targets == {"w0", "p1"}
    assert {m.bees for m in E.legal_moves(s) if isinstance(m, RaidMove) and m.target == "w0"} == {1, 2, 3, 4, 5}
    s.players[0].raided = ["w0"]
    targets = {m.target for m in E.legal_moves(s) if isinstance(m, RaidMove)}
    assert targets == {"p1"}  # each hive once a month


def test_raid_dice_pool():
    from beegames.games.bee_lives.colony import pool_size
    assert [pool_size(n) for n in (1, 4, 5, 8, 9, 12, 13, 16, 17, 20)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def _raid_vs_player(monkeypatch, dice, bees=4, defender_honey=6, defend=0, free=3, queens=None, card=None):
    s, ids = _board(n=2, queens=queens or ["prolific", "prolific"], card=card)
    s.players[1].hive = ids[2]
    a, d = s.players
    a.workers = a.unassigned = 8
    d.workers = defend + free
    d.unassigned = free
    d.assigned["defend"] = defend
    d.honey = defender_honey
    rolls = iter(dice)
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: next(rolls)[:n])
    return E.apply(s, RaidMove(target="p1", bees=bees)), ids


def test_rerolls_cost_a_raider_each_and_stop_at_three(monkeypatch):
    s, _ = _raid_vs_player(monkeypatch, [[1], [1], [1], [2]], bees=4)
    for _ in range(3):
        assert s.pending.kind == "reroll"
        s = E.apply(s, RerollMove(reroll=True))
    assert s.raid.party == 1 and s.raid.rerolls == 3 and s.raid.dice == [2]
    assert s.pending.kind == "sacrifice"  # no fourth reroll
    assert s.players[0].workers == 5


def test_successful_raid_on_a_player(monkeypatch):
    s, _ = _raid_vs_player(monkeypatch, [[4]], bees=4)
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove(defenders=0, unassigned=0))
    a, d = s.players
    assert (a.honey, d.honey) == (4, 2) and a.vp == 2 and d.vp == 0


def test_raid_takes_disease_from_the_defender(monkeypatch):
    s, _ = _raid_vs_player(monkeypatch, [[3]], bees=3)
    s.players[1].mite = s.players[1].mite_normal = 12  # level 4: ceil(4/3) = 2 spaces
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove())
    assert s.players[0].mite == 2


def test_hygienic_raider_moves_at_most_one_space(monkeypatch):
    s, _ = _raid_vs_player(monkeypatch, [[3]], bees=3, queens=["hygienic", "prolific"])
    s.players[1].mite = s.players[1].mite_normal = 21  # level 7: 3 spaces
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove())
    assert s.players[0].mite == 1  # one half space on side B


def test_defend_bees_weaken_a_raid(monkeypatch):
    s, _ = _raid_vs_player(monkeypatch, [[4]], bees=4, defend=2, free=0)
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove())
    a, _d = s.players
    assert a.honey == 2 and a.vp == 2  # 2 of 4 is half: successful


def test_sacrifices_are_capped_by_the_party(monkeypatch):
    s, _ = _raid_vs_player(monkeypatch, [[4]], bees=2, defend=3, free=3)
    s = E.apply(s, RerollMove(reroll=False))
    assert all(m.defenders + m.unassigned <= 2 for m in E.legal_moves(s))
    with pytest.raises(IllegalMove):
        E.apply(s, SacrificeMove(defenders=0, unassigned=3))


def test_aggressive_attacker_and_defender(monkeypatch):
    s, _ = _raid_vs_player(monkeypatch, [[1, 1]], bees=6, queens=["aggressive", "prolific"])
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove())
    assert s.players[0].honey == 2 + 3  # dice 2, plus 6 // 2
    s, _ = _raid_vs_player(monkeypatch, [[4]], bees=4, defend=2, free=0, queens=["prolific", "aggressive"])
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove())
    assert s.players[0].honey == 4 - 2 - 1


def test_a_raid_s_log_line_names_what_an_aggressive_queen_adds(monkeypatch):
    """The raid's line says the queen's part (side log: its headline), and the whole log takes the
    strength and the defence apart; a raid without an Aggressive queen reads as before, one line."""
    from beegames.core.state import headline

    s, _ = _raid_vs_player(monkeypatch, [[1, 1]], bees=6, queens=["aggressive", "prolific"])
    s = E.apply(E.apply(s, RerollMove(reroll=False)), SacrificeMove())
    line = s.log[-1]
    a, d = (p.name for p in s.players)
    assert headline(line) == (f"Raid strength 5 (aggressive queen +3) - 0 defence = 5: {a} steals 5 honey; "
                              "the raid succeeds (+2 VP).")
    assert line.split("\n")[1].strip() == (f"Strength 5: 2 from the dice + 3 from {a}'s aggressive queen (one per 2 "
                                            "of the 6 raiders). Defence 0: no bees on Defend.")
    # the defender's queen, and On Guard's +1 on top of it
    s, _ = _raid_vs_player(monkeypatch, [[4]], bees=4, defend=2, free=0, queens=["prolific", "aggressive"],
                           card="on_guard")
    s = E.apply(E.apply(s, RerollMove(reroll=False)), SacrificeMove())
    line = s.log[-1]
    assert headline(line).startswith(f"Raid strength 4 - 4 defence (aggressive queen +2) = 0: {a} steals no honey")
    assert line.endswith(f"Defence 4: 2 bees on Defend + 2 from {d}'s aggressive queen (one per 2 of the 2 bees "
                         "defending, and 1 from On Guard).")
    s, _ = _raid_vs_player(monkeypatch, [[4]], bees=4)
    s = E.apply(E.apply(s, RerollMove(reroll=False)), SacrificeMove())
    assert s.log[-1].startswith("Raid strength 4 - 0 defence = 4: ") and "\n" not in s.log[-1]


def test_a_raid_on_a_wild_hive_names_the_aggressive_queen(monkeypatch):
    s, ids = _board(n=1, queens=["aggressive"])
    s.players[0].workers = s.players[0].unassigned = 5
    s.wild[0].tile, s.wild[0].strength = ids[2], 6
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [2, 3])  # (5 on the dice: more than the raiders)
    s = E.apply(E.apply(s, RaidMove(target="w0", bees=4)), RerollMove(reroll=False))
    line = next(x for x in reversed(s.log) if x.startswith("Raid strength"))
    wild, a = s.wild[0].name, s.players[0].name
    assert line == (f"Raid strength 6 (aggressive queen +2): the {wild} wild hive drops to 0.\n"
                    f"  Strength 6: 4 from the dice (5, capped by the 4 raiders) + 2 from {a}'s aggressive queen "
                    "(one per 2 of the 4 raiders).")


def test_drop_die_only_asked_when_the_dice_differ(monkeypatch):
    s, _ = _raid_vs_player(monkeypatch, [[2, 2]], bees=5, free=2)
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove(defenders=0, unassigned=1))
    assert s.raid is None  # both dice showed 2: one was removed without asking
    assert s.players[0].honey == 2 - 1


def test_drop_die_choice(monkeypatch):
    s, _ = _raid_vs_player(monkeypatch, [[1, 4]], bees=5, free=2)
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove(defenders=0, unassigned=1))
    assert s.pending.kind == "drop" and [m.die for m in E.legal_moves(s)] == [1, 4]
    s = E.apply(s, DropMove(die=1))
    assert s.players[0].honey == 4 - 1


def test_raid_on_a_wild_hive_that_survives(monkeypatch):
    s, ids = _board(n=1, queens=["prolific"])
    s.players[0].workers = s.players[0].unassigned = 5
    s.wild[0].tile, s.wild[0].strength = ids[2], 6
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [2])
    s = E.apply(s, RaidMove(target="w0", bees=3))
    s = E.apply(s, RerollMove(reroll=False))
    assert s.wild[0].strength == 4 and s.pending.kind == "press"
    assert [m.bees for m in E.legal_moves(s)] == [0, 1, 2, 3]
    s = E.apply(s, PressMove(bees=0))
    assert [m.amount for m in E.legal_moves(s)] == [2, 1, 0]
    s = E.apply(s, HoneyMove(amount=1))
    p = s.players[0]
    assert p.honey == 1 and p.mite == 1 and p.vp == 0 and s.wild[0].tile == ids[2]


def test_taking_no_honey_from_a_wild_hive_gives_no_disease(monkeypatch):
    s, ids = _board(n=1)
    s.wild[0].tile, s.wild[0].strength = ids[2], 6
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [2])
    s = E.apply(s, RaidMove(target="w0", bees=2))
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, PressMove(bees=0))
    s = E.apply(s, HoneyMove(amount=0))
    assert s.players[0].mite == 0


def test_defend_wax_clean_requeen():
    s, _ = _board(n=1)
    p = s.players[0]
    p.workers = p.unassigned = 6
    p.honey = 5
    p.mite = p.mite_normal = 2
    assert max(m.bees for m in E.legal_moves(s) if isinstance(m, WaxMove)) == 2  # 2 honey a cell
    s2 = E.apply(s, DefendMove(bees=2))
    assert s2.players[0].assigned["defend"] == 2
    s2 = E.apply(s, CleanMove(bees=4))
    assert s2.players[0].mite == 0 and s2.players[0].upright  # never below the start
    assert RequeenMove(queen="aggressive") not in E.legal_moves(s)  # already aggressive
    with pytest.raises(IllegalMove, match="different"):
        E.apply(s, RequeenMove(queen="aggressive"))


def test_comb_stops_at_its_maximum():
    s, _ = _board(n=1)
    p = s.players[0]
    p.comb, p.honey = 29, 10
    assert max(m.bees for m in E.legal_moves(s) if isinstance(m, WaxMove)) == 1
    p.comb, p.honey = 30, 10
    assert not any(isinstance(m, WaxMove) for m in E.legal_moves(s))


def test_upright_mite_saves_only_the_next_gain():
    s, _ids = _board(n=1)
    p = s.players[0]
    p.workers = p.unassigned = 5
    s = E.apply(s, CleanMove(bees=1))
    for expected in (0, 1):
        s = at_turn(s, 0)
        tile = next(m.tile for m in E.legal_moves(s) if isinstance(m, ForageMove))
        s = E.apply(s, ForageMove(tile=tile))
        s = E.apply(s, CollectMove(honey=0, pollen=0, water=0))
        assert s.players[0].mite == expected


def test_a_theft_that_brings_no_disease_keeps_the_clean_benefit(monkeypatch):
    """Clean Bees: the benefit is used the next time the colony *gains* disease.
    Honey stolen from a hive at level 0 brings no disease, so the mite stays
    upright and the forage after it still gains nothing."""
    s, ids = _board(n=2, queens=["prolific", "prolific"])
    s.players[1].hive = ids[2]
    a, d = s.players
    a.workers = a.unassigned = 8
    d.workers = d.unassigned = 3
    d.honey = 6
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [4][:n])
    s = E.apply(s, CleanMove(bees=1))
    assert s.players[0].upright
    s = E.apply(at_turn(s, 0), RaidMove(target="p1", bees=2))
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove())
    assert s.players[0].honey == 2 and s.players[1].mite == 0
    assert s.players[0].upright and s.players[0].mite == 0
    s = at_turn(s, 0)
    tile = next(m.tile for m in E.legal_moves(s) if isinstance(m, ForageMove))
    s = E.apply(s, ForageMove(tile=tile))
    s = E.apply(s, CollectMove(honey=0, pollen=0, water=0))
    assert s.players[0].mite == 0 and not s.players[0].upright


def test_cool_needs_one_bee_per_five_workers_and_water():
    s, _ = _board(n=1, card="heat_wave")
    p = s.players[0]
    p.workers = p.unassigned = 11
    p.water = 2
    assert CoolMove() not in E.legal_moves(s)  # 3 bees, 3 water
    p.water = 3
    s = E.apply(s, CoolMove())
    assert s.players[0].assigned["cool"] == 3 and s.players[0].water == 0


def test_requeen_to_and_from_hygienic_keeps_the_level():
    s, _ = _board(n=1)
    p = s.players[0]
    p.mite = p.mite_normal = 7
    s = E.apply(s, RequeenMove(queen="hygienic"))
    p = s.players[0]
    assert p.side == "B" and p.mite == 14 and level(p) == 2 and p.paused
    s = at_turn(s, 0)
    s = E.apply(s, RequeenMove(queen="nomadic"))
    p = s.players[0]
    assert p.side == "A" and p.mite == 7


def test_side_b_level_is_the_last_normal_space_reached():
    s, _ids = _board(n=1, queens=["hygienic"])
    p = s.players[0]
    p.mite, p.mite_normal = 6, 3  # level 1
    from beegames.games.bee_lives.colony import back, forward
    forward(p, 1)
    assert (p.mite, level(p)) == (7, 1)
    forward(p, 1)
    assert (p.mite, level(p)) == (8, 1)
    back(p, 3)
    assert p.mite == 5 and p.mite_normal == 3  # moved back onto a half space: the normal space ahead
    from beegames.games.bee_lives.colony import settle_half_space
    settle_half_space(p)
    assert p.mite == 4 and p.mite_normal == 2


def test_keep_is_refused_for_a_tile_not_drawn(monkeypatch):
    from beegames.games.bee_lives import actions
    s, _ = _board(n=1)
    drawn = iter(["bloom", "wilt"])

    def fake(state):
        k = next(drawn)
        state.bag[k] -= 1
        return k

    monkeypatch.setattr(actions, "draw_tile", fake)
    s = E.apply(s, ScoutMove(q=0, r=1))
    with pytest.raises(IllegalMove):
        E.apply(s, KeepMove(tile="wet"))


def test_a_put_tile_is_taken_from_the_bag():
    s = edit(started(1))
    before = s.bag["wet"]
    put(s, "wet", 1, 0)
    assert s.bag["wet"] == before - 1
    E.check_invariants(s)
