"""Campaign mode: Three Generations, Wildfire and Zombees, year by year."""

from beegames.games.bee_lives import campaigns, colony, months, solo, wildhives, winter
from beegames.games.bee_lives.common import spawn_wild
from beegames.games.bee_lives.data import solo_data
from beegames.games.bee_lives.models import (
    CleanMove,
    CollectMove,
    DefendMove,
    ForageMove,
    HiveMove,
    QueenMove,
    RequeenMove,
    StayMove,
    TileMove,
)

from .bl_helpers import E, at_turn, edit, layout, new, started, step_until


def campaign(cid, queen="prolific", **opts):
    s = edit(started(1, queens=[queen], mode="campaign", campaign=cid, **opts))
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("harvest", 2, 0), ("wet", -1, 0), ("bloom", 0, 1),
                     ("wilt", 0, -1), ("harvest", 0, 2), ("bloom", 0, -2)])
    s.players[0].hive = ids[0]
    return s, ids


def to_year(s, year):
    """End the current year (no challenge) and run the next year's start up to its first decision."""
    p = s.players[0]
    p.workers = max(p.workers, 3)
    p.unassigned = p.workers
    s.year, s.month, s.pending, s.queue = year - 1, 12, None, []
    winter.t_year_end(s, [])
    return s


def test_campaign_lengths():
    assert new(1, mode="campaign", campaign="three-generations").years == 3
    assert new(1, mode="campaign", campaign="wildfire", years="3").years == 2
    assert new(1, mode="campaign", campaign="zombees").years == 2
    assert new(1, mode="campaign", campaign="zombees", years="3").years == 3
    drawn = {new(1, seed=k, mode="campaign").solo.campaign for k in range(20)}
    assert drawn == {"three-generations", "wildfire", "zombees"}


# -- Three Generations ------------------------------------------------------------------


def test_three_generations_year_one_hygienic_and_twelve_scouts():
    s = E.advance(new(1, mode="campaign", campaign="three-generations"))
    assert E.decision(s).kind == "queen" and E.legal_moves(s) == [QueenMove(queen="hygienic")]
    s, _ids = campaign("three-generations", queen="hygienic")
    s = at_turn(s, 0)
    assert not [m for m in E.legal_moves(s) if isinstance(m, RequeenMove)]
    s.solo.scouts = 11
    s = to_year(s, 2)
    solo.settle(s)
    assert s.over and "only 11 scouts" in s.solo.failed
    s, _ids = campaign("three-generations", queen="hygienic")
    s.solo.scouts = 12
    s = to_year(s, 2)
    assert not s.over and s.year == 2 and s.queue[0] == "solo_year"


def test_three_generations_year_two_new_queen_and_seasonal_spawns(monkeypatch):
    s, ids = campaign("three-generations", queen="hygienic")
    s.solo.scouts = 12
    s = step_until(to_year(s, 2), lambda x: x.pending is not None)
    assert s.pending.kind == "new_queen" and QueenMove(queen="hygienic") not in E.legal_moves(s)
    s = E.apply(s, QueenMove(queen="nomadic"))
    p = s.players[0]
    assert p.queen == "nomadic" and not p.paused and p.side == "A"
    monkeypatch.setattr(campaigns, "d6", lambda state: 5)
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.kind == "campaign_spawn" and s.pending.amount == 4
    for _ in range(3):  # ceil(5 / 2)
        assert s.pending.kind == "campaign_spawn"
        s = E.apply(s, TileMove(tile=s.pending.choices[-1]))
        s = step_until(s, lambda x: x.pending is not None)
    assert sorted(w.strength for w in s.wild if w.tile is not None) == [4, 4, 4]
    assert s.month == 1 and s.pending.kind != "campaign_spawn"


def test_three_generations_year_three_spring_queen_and_fall_move():
    s, _ids = campaign("three-generations", queen="hygienic")
    s.year = 3
    s.month = 3
    months.t_month_end(s, [])
    solo.settle(s)
    assert s.over and "spring of year 3" in s.solo.failed
    s, _ids = campaign("three-generations", queen="hygienic")
    s.year, s.month = 3, 2
    s = E.apply(at_turn(s, 0), RequeenMove(queen="prolific"))
    assert s.solo.spring_queen
    s = edit(s)
    s.month = 9
    s.queue = []
    months.t_month_end(s, [])
    solo.settle(s)
    assert s.over and "fall of year 3" in s.solo.failed
    s, ids = campaign("three-generations", queen="hygienic")
    s.year, s.month = 3, 8
    s.solo.spring_queen = True
    p = s.players[0]
    p.workers = p.unassigned = 8
    s.queue, s.pending = ["swarm1 0", "event"], None
    s = E.advance(s)
    s = E.apply(s, TileMove(tile=ids[2]))
    s = E.apply(s, StayMove(stay=False))
    assert s.solo.fall_leave and not s.over


# -- Wildfire -------------------------------------------------------------------------------


def fire(origin):
    s, ids = campaign("wildfire")
    s.year, s.month = 2, 1
    s.solo.fire = origin
    return s, ids


def test_wildfire_starts_on_the_edge_the_d4_names(monkeypatch):
    assert solo_data().wildfire.origin == {1: "far", 2: "right", 3: "near", 4: "left"}
    for roll, edge in ((1, "far"), (2, "right"), (3, "near"), (4, "left")):
        s, _ids = campaign("wildfire")
        monkeypatch.setattr(campaigns, "d4", lambda state, r=roll: r)
        s = to_year(s, 2)
        s = step_until(s, lambda x: x.phase == "egg" or x.pending is not None)
        assert s.solo.fire == edge and s.solo.burned  # the first row burned at the start of the month


def test_wildfire_burns_a_row_a_month_in_its_direction():
    s, ids = fire("far")  # from the top (smallest r) toward the player
    campaigns._burn(s)
    assert sorted(s.solo.burned) == [ids[7]]  # r = -2
    campaigns._burn(s)
    assert sorted(s.solo.burned) == sorted([ids[7], ids[5]])  # r = -1
    assert campaigns.rows_to_hive(s) == 1
    s, ids = fire("left")
    campaigns._burn(s)
    # the zigzag column q + floor(r / 2) = -1: (-1,0), (0,-1) and (0,-2)
    assert s.solo.burned == sorted([ids[3], ids[5], ids[7]])
    s, ids = fire("near")
    campaigns._burn(s)
    assert s.solo.burned == [ids[6]]  # r = 2, the bottom edge


def test_burned_tiles_give_nothing_and_the_fire_wipes_out_wild_hives():
    s, ids = fire("far")
    spawn_wild(s, ids[7], 5, "test")
    spawn_wild(s, ids[1], 5, "test")
    campaigns._burn(s)
    assert s.wild[0].tile is None and s.wild[1].tile == ids[1]
    s = at_turn(s, 0)
    assert ForageMove(tile=ids[7]) not in E.legal_moves(s)
    assert ids[7] not in campaigns.spawnable(s)
    assert not any(t == ids[7] for t in wildhives.forage_candidates(s, 1, "bloom"))


def test_wildfire_spawns_at_the_rolled_distance_from_the_fire(monkeypatch):
    s, ids = fire("far")
    campaigns._burn(s)  # (0,-2) burns
    monkeypatch.setattr(campaigns, "d4", lambda state: 2)
    campaigns.t_fire_spawn(s, [])
    # two spaces from (0,-2): (-1,0), and (0,0) under the colony's hive
    assert s.pending.kind == "campaign_spawn" and s.pending.choices == [ids[3]]
    s = E.apply(s, TileMove(tile=ids[3]))
    assert s.wild[0].tile == ids[3] and s.wild[0].strength == 4
    monkeypatch.setattr(campaigns, "d4", lambda state: 5)
    s = edit(s)
    campaigns.t_fire_spawn(s, [])
    assert s.pending is None and "no free tile" in s.log[-1]


def test_the_colony_loses_when_its_tile_burns():
    s, ids = fire("near")
    for _ in range(3):
        campaigns._burn(s)  # r = 2, 1, 0: the hive's row
    solo.settle(s)
    assert s.over and "burned the tile" in s.solo.failed and E.result(s).winners == []


# -- Zombees ----------------------------------------------------------------------------------


def zombees(year=2):
    s, ids = campaign("zombees")
    s.year, s.month, s.card = year, 5, None
    return s, ids


def test_zombees_infect_the_strongest_wild_hive_when_year_two_begins():
    s, ids = campaign("zombees")
    spawn_wild(s, ids[1], 5, "test")
    spawn_wild(s, ids[2], 7, "test")
    s = step_until(to_year(s, 2), lambda x: x.phase == "egg")
    assert s.solo.infected_hives == [1] and ids[2] in solo.infected_set(s)
    s, ids = campaign("zombees")
    spawn_wild(s, ids[1], 6, "test")
    spawn_wild(s, ids[2], 6, "test")
    s = step_until(to_year(s, 2), lambda x: x.pending is not None)
    assert s.pending.kind == "infect_pick" and set(s.pending.targets) == {"w0", "w1"}
    s = E.apply(s, HiveMove(target="w0"))
    assert s.solo.infected_hives == [0]
    s, ids = campaign("zombees")
    s = step_until(to_year(s, 2), lambda x: x.pending is not None)
    assert s.pending.kind == "campaign_spawn" and s.pending.amount == 6
    s = E.apply(s, TileMove(tile=ids[3]))
    assert s.wild[0].strength == 6 and s.solo.infected_hives == [0]


def test_the_calendar_names_a_later_years_start_a_new_year_not_winter():
    """Zombees' first infected hive is placed in year 2's March, before its first phase (the
    state still stands in the winter's phase): the calendar says a new year begins there, where
    it used to say winter upkeep."""
    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo
    from beegames.games.bee_lives.view import season_info

    m = Match.new(E, options=E.options_model.model_validate({"mode": "campaign", "campaign": "zombees"}),
                  seats=[SeatInfo(name="A", kind="computer", level="basic")], seed=31)
    while not (m.state.year == 2 and m.state.pending is not None):
        m.step() if m.decision is None else m.play(m.computer_move())
    s = m.state
    assert s.pending.kind == "campaign_spawn" and s.phase == "winter" and s.month == 1
    info = season_info(s)
    assert (info.year, info.month_name, info.phase) == (2, "March", "new_year")


def test_new_wild_hives_are_infected_on_one_or_two(monkeypatch):
    for roll, sick in ((2, True), (3, False)):
        s, ids = zombees()
        monkeypatch.setattr(campaigns, "d6", lambda state, r=roll: r)
        idx = spawn_wild(s, ids[1], 3, "test")
        assert (idx in s.solo.infected_hives) == sick
    s, ids = zombees(year=1)
    spawn_wild(s, ids[1], 3, "test")
    assert s.solo.infected_hives == []  # year 1 is normal


def test_an_infected_wild_hive_acts_on_a_d6(monkeypatch):
    expected = {1: "raid", 2: "bloom", 3: "wilt", 4: "harvest", 5: "raid", 6: None}
    for roll, what in expected.items():
        s, ids = zombees()
        spawn_wild(s, ids[4], 3, "test", infected=True)
        s.solo.infected_hives = [0]
        s.players[0].honey = 2
        monkeypatch.setattr(wildhives, "d6", lambda state, r=roll: r)
        monkeypatch.setattr(campaigns, "d6", lambda state: 6)
        monkeypatch.setattr("beegames.games.bee_lives.raids.d6", lambda state: 1)
        s.queue, s.pending = ["wturn 0"], None
        s = E.step(s)
        w = s.wild[0]
        if what == "raid":
            assert w.raided == ["p0"]
        elif what is None:
            assert not w.tokens and not w.raid_tokens
        else:
            assert w.tokens and s.tiles[w.tokens[0]].kind == what
            assert w.tokens[0] in solo.infected_set(s)  # an infected hive infects what it touches


def test_healthy_hives_catch_the_infection_from_infected_tiles(monkeypatch):
    for roll, caught in ((2, True), (3, False)):
        s, ids = zombees()
        s.solo.infected_tiles = [ids[1]]
        s.card = None
        monkeypatch.setattr(campaigns, "d6", lambda state, r=roll: r)
        s = E.apply(at_turn(s, 0), ForageMove(tile=ids[1]))
        assert s.players[0].infected == caught
        if caught:  # the colony's own tile now shows the dark side
            assert ids[0] in solo.infected_set(s)
    s, ids = zombees()
    s.solo.infected_tiles = [ids[4]]
    w = spawn_wild(s, ids[2], 3, "test", infected=False)
    monkeypatch.setattr(campaigns, "d6", lambda state: 1)
    wildhives._forage(s, w, ids[4])
    assert s.solo.infected_hives == [w]


def test_an_infected_colony_rolls_for_every_action_and_doubles_its_disease(monkeypatch):
    for roll, done, dead in ((1, False, 2), (2, False, 0), (3, True, 0)):
        s, ids = zombees()
        p = s.players[0]
        p.infected = True
        monkeypatch.setattr(campaigns, "d6", lambda state, r=roll: r)
        s = E.apply(at_turn(s, 0), DefendMove(bees=2))
        p = s.players[0]
        assert p.workers == 3 - dead
        assert p.assigned["defend"] == (2 if done else 0)
        if not done and not dead:
            assert p.unassigned == 1 and p.idle == 2  # the bees spent the action for nothing
    s, ids = zombees()
    p = s.players[0]
    p.infected = True
    monkeypatch.setattr(campaigns, "d6", lambda state: 6)
    s = E.apply(at_turn(s, 0), ForageMove(tile=ids[0]))
    s = E.apply(s, CollectMove(honey=1, pollen=0, water=0))
    assert s.players[0].mite == 2  # one disease, doubled
    s = E.apply(at_turn(edit(s), 0), CleanMove(bees=1))
    p = s.players[0]
    assert p.upright
    colony.gain_disease(p, 1)
    assert p.mite == 1  # the upright mite takes one off, then nothing is left to double
