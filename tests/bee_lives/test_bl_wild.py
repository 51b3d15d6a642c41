"""The wild hives: order, charts, tokens, swarms, raids and Desperate Parties."""

from beegames.games.bee_lives import raids, wildhives
from beegames.games.bee_lives.models import CellMove, DefendMove, HiveMove, SacrificeMove, TileMove

from .bl_helpers import E, edit, layout, started, step_until


def _wild(month=5, card=None, n=1, cells=None, queens=None, **opts):
    s = edit(started(n, queens=queens, **opts))
    s.month, s.card = month, card
    s.pending = None
    ids = layout(s, cells or [("bloom", 0, 0), ("wilt", 1, 0), ("harvest", 2, 0), ("wet", 3, 0),
                              ("bloom", 4, 0), ("wilt", 0, 1)])
    s.players[0].hive = ids[0]
    return s, ids


def _place(s, idx, tile, strength):
    s.wild[idx].tile, s.wild[idx].strength = tile, strength


def test_wild_hives_sleep_through_the_first_spring():
    s, ids = _wild(month=3)
    _place(s, 0, ids[2], 5)
    s.queue = ["wround"]
    wildhives.t_wround(s, [])
    assert s.wild_queue == [] and s.queue == ["wround"]
    s.month = 4
    wildhives.t_wround(s, [])
    assert s.wild_queue == [0]


def test_no_wild_turns_after_the_last_player_round():
    s, ids = _wild()
    _place(s, 0, ids[2], 5)
    s.players[0].unassigned = 0
    s.queue = []
    wildhives.t_wround(s, [])
    assert s.queue == []


def test_summer_chart_raids_before_foraging():
    s, ids = _wild(month=5)
    _place(s, 0, ids[2], 3)
    p = s.players[0]
    p.workers = p.unassigned = 5  # strength 5 <= 3 + 2
    p.honey = 0
    wildhives.t_wturn(s, ["0"])
    assert s.wild[0].raid_tokens == [ids[0]] and s.wild[0].tokens == []


def test_a_strong_player_is_not_raided_and_the_chart_goes_on():
    s, ids = _wild(month=5)
    _place(s, 0, ids[2], 3)
    p = s.players[0]
    p.workers = p.unassigned = 6  # 6 > 3 + 2
    wildhives.t_wturn(s, ["0"])
    assert s.wild[0].raid_tokens == [] and s.tiles[s.wild[0].tokens[0]].kind == "wilt"
    assert any("holds back" in line for line in s.log)
    assert s.wild[0].strength == 4  # first forage of the month


def test_fall_chart_forages_harvest_first():
    s, ids = _wild(month=8)
    _place(s, 0, ids[1], 3)
    s.players[0].workers = s.players[0].unassigned = 3
    wildhives.t_wturn(s, ["0"])
    assert [s.tiles[t].kind for t in s.wild[0].tokens] == ["harvest"]


def test_wet_first_when_overheating_and_no_strength_for_wet():
    s, ids = _wild(month=5, card="heat_wave")
    _place(s, 0, ids[2], 3)
    wildhives.t_wturn(s, ["0"])
    assert s.wild[0].tokens == [ids[3]] and s.wild[0].strength == 3


def test_only_the_first_forage_of_the_month_adds_strength():
    s, ids = _wild(month=8)
    _place(s, 0, ids[2], 3)
    s.players[0].workers = s.players[0].unassigned = 9
    wildhives.t_wturn(s, ["0"])
    wildhives.t_wturn(s, ["0"])
    assert len(s.wild[0].tokens) == 2 and s.wild[0].strength == 4


def test_five_tokens_a_month():
    s, ids = _wild(month=8, cells=[("bloom", 0, 0)] + [("harvest", q, 1) for q in range(-2, 2)]
                   + [("bloom", q, -1) for q in range(4)])
    _place(s, 0, ids[1], 3)
    s.players[0].workers = s.players[0].unassigned = 12
    for _ in range(7):
        wildhives.t_wturn(s, ["0"])
    assert len(s.wild[0].tokens) == 5
    assert "nothing to do" in s.log[-1]


def test_wild_hive_swarms_at_fourteen():
    s, ids = _wild(month=5, wild_ties="automatic")
    _place(s, 0, ids[2], 14)
    wildhives.t_wturn(s, ["0"])
    assert s.wild[0].strength == 7
    new = [w for w in s.wild[1:] if w.tile is not None]
    assert len(new) == 1 and new[0].strength == 7 and s.spawned


def test_first_player_chooses_where_a_wild_swarm_lands():
    s, ids = _wild(month=5)
    _place(s, 0, ids[2], 14)
    wildhives.t_wturn(s, ["0"])
    assert s.pending.kind == "wild_swarm" and s.pending.seat == s.first
    s = E.apply(s, TileMove(tile=ids[5]))
    assert s.wild[1].tile == ids[5] and s.wild[0].strength == 7


def test_ties_between_equally_close_tiles_go_to_the_first_player():
    s, ids = _wild(month=8, cells=[("bloom", 0, 0), ("wilt", 3, 0), ("harvest", 2, 0), ("harvest", 4, -1)])
    _place(s, 0, ids[1], 3)
    s.players[0].workers = s.players[0].unassigned = 9
    wildhives.t_wturn(s, ["0"])
    assert s.pending.kind == "wild_forage" and set(s.pending.choices) == {ids[2], ids[3]}
    assert {m.tile for m in E.legal_moves(s)} == {ids[2], ids[3]}
    s = E.apply(s, TileMove(tile=ids[3]))
    assert s.wild[0].tokens == [ids[3]]


def test_ties_broken_automatically_with_the_option():
    s, ids = _wild(month=8, cells=[("bloom", 0, 0), ("wilt", 3, 0), ("harvest", 2, 0), ("harvest", 4, -1)],
                   wild_ties="automatic")
    _place(s, 0, ids[1], 3)
    s.players[0].workers = s.players[0].unassigned = 9
    wildhives.t_wturn(s, ["0"])
    assert s.pending is None and s.wild[0].tokens == [ids[2]]


def test_tied_raid_targets_then_the_strength_test():
    s, ids = _wild(month=5, n=2, cells=[("bloom", 0, 0), ("wilt", 1, 0), ("bloom", 2, 0), ("harvest", 1, 1)])
    s.players[1].hive = ids[2]
    _place(s, 0, ids[1], 3)
    s.players[0].workers = s.players[0].unassigned = 9
    s.players[1].workers = s.players[1].unassigned = 3
    wildhives.t_wturn(s, ["0"])
    assert s.pending.kind == "wild_target" and set(s.pending.targets) == {"p0", "p1"}
    s = E.apply(s, HiveMove(target="p0"))  # too strong: the chart goes on to foraging
    assert s.wild[0].raid_tokens == [] and len(s.wild[0].tokens) == 1


def test_wild_hive_order_ties_are_the_first_players_choice():
    s, ids = _wild(month=5, cells=[("bloom", 0, 0), ("wilt", 2, 0), ("wilt", -2, 0), ("wet", 0, 3)])
    _place(s, 3, ids[1], 2)
    _place(s, 4, ids[2], 2)
    s.wild_queue = [3, 4]
    wildhives.t_wnext(s, [])
    assert s.pending.kind == "wild_order" and set(s.pending.targets) == {"w3", "w4"}
    s.queue = []
    s = E.apply(s, HiveMove(target="w4"))
    assert s.queue[:2] == ["wturn 4", "wnext"]


def test_defender_sacrifices_against_a_wild_raid(monkeypatch):
    s, ids = _wild(month=5, queens=["prolific"])
    _place(s, 0, ids[1], 5)
    p = s.players[0]
    p.workers, p.unassigned, p.assigned["defend"] = 5, 2, 3
    p.honey = 6
    monkeypatch.setattr(raids, "d6", lambda state: 6)
    wildhives.t_wturn(s, ["0"])
    assert s.pending.kind == "wild_sacrifice"
    # 5 (die capped by strength) - 2 unsacrificed defenders - 2 (one sacrificed defender) = 1 honey
    s = E.apply(s, SacrificeMove(defenders=1, unassigned=0))
    p = s.players[0]
    assert p.honey == 5 and p.workers == 4 and p.assigned["defend"] == 2
    assert s.wild[0].strength == 5 - 2 + 1


def test_wiping_out_a_raiding_wild_hive_scores_for_the_defender(monkeypatch):
    s, ids = _wild(month=5)
    _place(s, 0, ids[1], 3)
    p = s.players[0]
    p.workers, p.unassigned, p.assigned["defend"] = 4, 3, 1
    p.honey = 2
    monkeypatch.setattr(raids, "d6", lambda state: 3)
    wildhives.t_wturn(s, ["0"])
    s = E.apply(s, SacrificeMove(defenders=1, unassigned=1))
    assert s.wild[0].tile is None and s.players[0].vp == 2 and s.players[0].honey == 2


def test_sacrifice_choices_stop_where_they_stop_mattering(monkeypatch):
    s, ids = _wild(month=5)
    _place(s, 0, ids[1], 3)
    p = s.players[0]
    p.workers, p.unassigned, p.assigned["defend"] = 9, 6, 3
    p.honey = 2
    monkeypatch.setattr(raids, "d6", lambda state: 3)
    wildhives.t_wturn(s, ["0"])
    for m in E.legal_moves(s):
        assert 2 * m.defenders + m.unassigned <= 3 + 1


def test_unopposed_raid_is_not_a_question(monkeypatch):
    s, ids = _wild(month=5)
    _place(s, 0, ids[1], 5)
    p = s.players[0]
    p.workers = p.unassigned = 1
    p.honey = 0
    monkeypatch.setattr(raids, "d6", lambda state: 4)
    wildhives.t_wturn(s, ["0"])
    assert s.pending is None and s.wild[0].strength == 5


def test_wild_hive_raids_another_wild_hive(monkeypatch):
    s, ids = _wild(month=5)
    _place(s, 0, ids[4], 4)
    _place(s, 1, ids[3], 6)
    s.players[0].workers = s.players[0].unassigned = 12
    rolls = iter([6, 1])
    monkeypatch.setattr(raids, "d6", lambda state: next(rolls))
    wildhives.t_wturn(s, ["0"])
    # 6 against 1 + 2: the attacker wins
    assert s.wild[0].strength == 5 and s.wild[1].strength == 5
    assert s.wild[0].raid_tokens == [ids[3]]


def test_a_wild_hive_at_one_dies_when_it_loses(monkeypatch):
    s, ids = _wild(month=5)
    _place(s, 0, ids[4], 1)
    _place(s, 1, ids[3], 2)
    s.players[0].workers = s.players[0].unassigned = 12
    rolls = iter([1, 1])
    monkeypatch.setattr(raids, "d6", lambda state: next(rolls))
    wildhives.t_wturn(s, ["0"])
    assert s.wild[0].tile is None and s.wild[1].strength == 3


def test_desperate_parties_raid_without_the_strength_test(monkeypatch):
    s, ids = _wild(month=8, card="desperate_parties")
    _place(s, 0, ids[2], 2)
    p = s.players[0]
    p.workers = p.unassigned = 9
    p.honey = 3
    monkeypatch.setattr(raids, "d6", lambda state: 2)
    wildhives.t_wturn(s, ["0"])
    if s.pending is not None:
        s = E.apply(s, SacrificeMove())
    assert s.wild[0].raid_tokens == [ids[0]]
    wildhives.t_wturn(s, ["0"])  # second turn: the chart again
    assert s.wild[0].tokens


def test_spring_chart_scouts_in_later_years():
    s, ids = _wild(month=2, cells=[("bloom", 0, 0), ("wilt", 1, 0)], years="2")
    s.year = 2
    _place(s, 0, ids[1], 3)
    n = len(s.tiles)
    wildhives.t_wturn(s, ["0"])
    assert s.pending.kind == "wild_scout"
    cell = E.legal_moves(s)[0]
    assert isinstance(cell, CellMove)
    s = E.apply(s, cell)
    assert len(s.tiles) == n + 1 and (s.tiles[-1].q, s.tiles[-1].r) == (cell.q, cell.r)
    E.check_invariants(s)


def test_dormant_hives_can_still_be_raided():
    s, ids = _wild(month=2)
    _place(s, 0, ids[1], 2)
    s.queue = []
    from .bl_helpers import at_turn
    s = at_turn(s, 0)
    assert any(m.kind == "raid" and m.target == "w0" for m in E.legal_moves(s))


def test_wild_turns_come_after_each_round_of_player_turns():
    s, ids = _wild(month=5, n=2, cells=[("bloom", 0, 0), ("wilt", 1, 0), ("bloom", 3, 0), ("wet", 2, 2)],
                   wild_ties="automatic")
    s.players[1].hive = ids[2]
    _place(s, 0, ids[3], 5)
    for p in s.players:
        p.workers = p.unassigned = 2
        p.honey = 0
    s.queue = ["actions", "cleanup", "month_end"]
    s.first = 0
    order = []
    s = step_until(s, lambda x: x.pending is not None)
    while s.month == 5:
        if s.pending is not None:
            order.append(f"p{s.pending.seat}")
            s = E.apply(s, DefendMove(bees=1))
            continue
        before = len(s.log)
        s = E.step(s)
        if any("ACORN" in line for line in s.log[before:]):
            order.append("w0")
    assert order == ["p0", "p1", "w0", "p0", "p1"]
