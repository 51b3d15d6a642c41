"""The phases of a productive month: egg, feeding, brood, swarm, event, action rounds, cleanup."""

import pytest

from beegames.core.errors import IllegalMove
from beegames.games.bee_lives import months, swarm
from beegames.games.bee_lives.colony import level, threshold
from beegames.games.bee_lives.models import CleanMove, DefendMove, ForageMove, QueenMove, StarveMove, StayMove, TileMove

from .bl_helpers import E, at_turn, edit, layout, started, step_until


def test_egg_full_comb_gives_a_swarm_token():
    s = edit(started(1))
    p = s.players[0]
    p.honey = 10
    months.t_egg(s, [])
    assert p.swarm_token and p.nest == 0


def test_egg_brood_limited_by_the_bees_left_in_the_supply():
    s = edit(started(1))
    p = s.players[0]
    p.workers = p.unassigned = 18
    p.comb = 20
    months.t_egg(s, [])
    assert p.nest == 2  # 20 bees in all


def test_skip_feeding_token_is_returned_instead_of_feeding():
    s = edit(started(1))
    s.month = 2
    p = s.players[0]
    p.honey, p.skip_feeding = 5, True
    months.t_feed(s, [])
    s.queue.pop(0)
    months.t_feed_apply(s, [])
    assert p.honey == 5 and not p.skip_feeding and p.workers == 3


def test_each_honey_feeds_two_bees():
    s = edit(started(1))
    s.month = 2
    s.card = None
    p = s.players[0]
    p.workers = p.unassigned = 5
    p.honey = 4
    assert months.feeding_numbers(s, p, False) == (3, 0, 0)


def test_last_three_bees_may_be_kept_with_starvation_tokens():
    s = edit(started(2))
    s.month = 2
    s.card = None
    s.queue = ["feed", "month_end"]
    s.pending = None
    a, b = s.players
    a.workers = a.unassigned = 4
    a.honey = 1  # 2 fed, 2 starve, and both are among the last three: 1 protectable
    b.workers = b.unassigned = 2
    b.honey = 0  # both starve, both protectable
    assert months.feeding_numbers(s, a, False) == (1, 2, 1)
    assert months.feeding_numbers(s, b, False) == (0, 2, 2)
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.kind == "starve" and s.pending.seat == 0 and s.pending.amount == 1
    assert [m.tokens for m in E.legal_moves(s)] == [1, 0]
    with pytest.raises(IllegalMove):
        E.apply(s, StarveMove(tokens=2))
    s = E.apply(s, StarveMove(tokens=1))
    assert s.players[0].workers == 4  # nothing applied yet: applied together
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.seat == 1 and s.pending.amount == 2
    s = E.apply(s, StarveMove(tokens=1))
    s = E.step(s)
    a, b = s.players
    assert (a.workers, a.starvation, a.honey) == (3, 1, 0)
    assert (b.workers, b.starvation) == (1, 1)


def test_paused_queen_hatches_nothing_and_turns_back():
    s = edit(started(1))
    s.month = 2
    s.card = None
    p = s.players[0]
    p.paused, p.nest, p.pollen = True, 4, 4
    months.t_brood(s, [])
    assert not p.paused and p.nest == 0 and p.pollen == 4 and p.workers == 3


def test_brood_needs_pollen_and_unpaid_brood_return():
    s = edit(started(1))
    s.month = 2
    s.card = None
    p = s.players[0]
    p.nest, p.pollen = 5, 2
    months.t_brood(s, [])
    assert p.nest == 0 and p.pollen == 0 and p.workers == 5


def test_prolific_queen_adds_a_bee_per_two_hatched():
    s = edit(started(1, queens=["prolific"]))
    s.month = 2
    s.card = None
    p = s.players[0]
    p.nest, p.pollen = 5, 5
    months.t_brood(s, [])
    assert p.workers == 3 + 5 + 2 and p.pollen == 0


def test_disease_kills_new_bees_only_up_to_the_hatch():
    s = edit(started(1))
    s.month = 2
    s.card = None
    p = s.players[0]
    p.nest, p.pollen = 2, 2
    p.mite = p.mite_normal = 15  # level 5
    months.t_brood(s, [])
    assert p.workers == 3 and p.pollen == 0


def _swarming(n=1, queen="aggressive", month=5):
    s = edit(started(n, queens=[queen] * n))
    s.month = month
    s.card = None
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("wet", 2, 0), ("harvest", 3, 0), ("bloom", 4, 0)])
    s.players[0].hive = ids[0]
    for i in range(1, n):
        s.players[i].hive = ids[4]
    s.queue = ["swarm", "month_end"]
    s.pending = None
    return s, ids


def test_threshold_and_nomadic_threshold():
    s, _ = _swarming(queen="nomadic")
    p = s.players[0]
    p.comb = 13
    assert threshold(p) == 5  # purple
    p.queen = "prolific"
    assert threshold(p) == 7  # yellow


def test_swarm_by_token_even_with_few_bees():
    s, ids = _swarming()
    p = s.players[0]
    p.swarm_token = True
    p.honey = 3
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.kind == "swarm_tile"
    p = s.players[0]
    assert not p.swarm_token and p.workers == 2 and p.honey == 2
    assert set(s.pending.choices) == set(ids[1:4])  # within 3 spaces, no hive on them


def test_no_swarm_at_or_below_the_threshold():
    s, _ = _swarming()
    p = s.players[0]
    p.workers = p.unassigned = 5  # threshold 5
    swarm.t_swarm1(s, ["0"])
    assert s.pending is None and p.workers == 5


def test_swarm_phase_in_turn_order_from_the_first_player():
    s, _ = _swarming(n=3)
    s.first = 2
    for p in s.players:
        p.swarm_token = True
    swarm.t_swarm(s, [])
    assert s.queue[:3] == ["swarm1 2", "swarm1 0", "swarm1 1"]


def test_swarm_leave():
    s, ids = _swarming(month=2)
    p = s.players[0]
    p.workers = p.unassigned = 8
    p.honey, p.pollen, p.water, p.comb = 7, 2, 1, 12
    p.mite = p.mite_normal = 10
    s = step_until(s, lambda x: x.pending is not None)
    s = E.apply(s, TileMove(tile=ids[2]))
    assert s.pending.kind == "swarm_stay"
    # both answers score the swarm alike, and the question says so before either is chosen
    assert "either way the swarm scores 5 VP in spring" in E.decision(s).prompt
    s = E.apply(s, StayMove(stay=False))
    p = s.players[0]
    w = next(w for w in s.wild if w.tile is not None)
    assert p.hive == ids[2] and w.tile == ids[0]  # swapped
    assert w.strength == 4
    assert p.queen == "aggressive" and p.paused and p.skip_feeding
    assert (p.honey, p.pollen, p.water, p.mite) == (0, 0, 0, 0)
    assert p.comb == 10 + 2  # 4 honey left after the loss: +1 cell per 2
    assert p.vp == 5  # spring


def test_swarm_stay_halves_disease_new_queen_and_pauses():
    s, ids = _swarming(month=8)
    p = s.players[0]
    p.workers = p.unassigned = 7
    p.mite = p.mite_normal = 14  # level 4
    s = step_until(s, lambda x: x.pending is not None)
    s = E.apply(s, TileMove(tile=ids[3]))
    assert "either way the swarm scores 1 VP in fall" in E.decision(s).prompt
    s = E.apply(s, StayMove(stay=True))
    assert s.pending.kind == "swarm_queen" and len(E.legal_moves(s)) == 4
    s = E.apply(s, QueenMove(queen="aggressive"))  # the same type is allowed
    p = s.players[0]
    assert level(p) == 2 and p.paused and p.vp == 1  # fall
    assert p.hive == ids[0]


def test_swarm_without_a_free_tile_forces_a_stay_and_scores_nothing():
    s, _ids = _swarming(month=4)
    s.tiles = s.tiles[:1]
    s.bag["wilt"] += 1
    s.bag["wet"] += 1
    s.bag["harvest"] += 1
    s.bag["bloom"] += 1
    p = s.players[0]
    p.swarm_token = True
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.kind == "swarm_queen"
    s = E.apply(s, QueenMove(queen="prolific"))
    assert s.players[0].vp == 0 and s.players[0].paused
    assert all(w.tile is None for w in s.wild)


def test_swarm_without_a_free_wild_hive_piece():
    s, _ids = _swarming(month=4)
    for w in s.wild:
        w.tile, w.strength = None, 0
    extra = layout(s, [("bloom", 0, 0)] + [("wilt", q, 1) for q in range(-4, 5)])
    s.players[0].hive = extra[0]
    for i, w in enumerate(s.wild):
        w.tile, w.strength = extra[1 + i], 2
    s.players[0].swarm_token = True
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.kind == "swarm_queen"


def test_event_reveals_the_top_card_of_the_season_deck():
    s = edit(started(1))
    s.month = 4
    top = s.decks["summer"][0]
    before = s.revealed
    months.t_event(s, [])
    assert s.card == top and s.played[-1] == top and s.revealed > before
    assert top not in s.decks["summer"]


def test_cooler_temps_sends_a_third_of_the_workers_to_defend():
    s = edit(started(2))
    s.month = 7
    s.decks["fall"].remove("cooler_temps")
    s.decks["fall"].insert(0, "cooler_temps")
    s.players[0].workers = s.players[0].unassigned = 7
    months.t_event(s, [])
    p = s.players[0]
    assert p.assigned["defend"] == 2 and p.unassigned == 5
    assert s.players[1].assigned["defend"] == 1


def test_players_must_act_while_they_have_free_bees_and_defend_is_always_there():
    s = started(2)
    assert E.decision(s).kind == "turn"
    moves = E.legal_moves(s)
    assert DefendMove(bees=1) in moves
    assert not any(m.kind in ("starve", "queen") for m in moves)


def test_action_rounds_go_clockwise_and_skip_players_without_bees():
    s = edit(started(3))
    s.players[1].workers = s.players[1].unassigned = 0
    s.players[2].workers = s.players[2].unassigned = 1
    seats = []
    for _ in range(6):
        d = E.decision(s)
        if d is None:
            break
        seats.append(d.seat)
        s = E.advance(E.apply(s, DefendMove(bees=1)))
        if s.month != 1:
            break
    assert seats[:4] == [0, 2, 0, 0]


def test_the_same_action_may_be_taken_again():
    s = started(1)
    s = E.advance(E.apply(s, CleanMove(bees=1)))
    assert CleanMove(bees=1) in E.legal_moves(s)
    s = E.advance(E.apply(s, CleanMove(bees=1)))
    assert s.players[0].assigned["clean"] == 2


def test_cleanup():
    s = edit(started(3))
    s.month = 5
    s.card = "heat_wave"
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("bloom", 5, 0), ("bloom", 9, 0)])
    for i in range(3):
        s.players[i].hive = ids[[0, 2, 3][i]]
    p = s.players[0]
    p.workers, p.unassigned = 5, 0
    p.assigned["defend"] = 3
    p.assigned["cool"] = 1
    p.cooled = True
    from beegames.games.bee_lives.models import Forager
    p.foraging = [Forager(tile=ids[1], bees=1)]
    p.upright = True
    s.players[1].queen = "hygienic"
    s.players[1].side = "B"
    s.players[1].mite, s.players[1].mite_normal = 5, 2
    s.wild[0].tile, s.wild[0].strength = ids[1], 3
    s.wild[0].tokens = [ids[1]]
    s.first = 2
    months.t_cleanup(s, [])
    assert s.first == 0
    assert p.unassigned == 5 and sum(p.assigned.values()) == 0 and not p.foraging and not p.upright
    assert s.wild[0].tokens == [] and s.wild[0].tile == ids[1]  # the hive itself stays
    assert s.players[1].mite == 4 and s.players[1].mite_normal == 2
    assert not p.paused and s.players[1].paused and s.players[2].paused  # overheated, uncooled


def test_cool_hive_action_is_legal_without_overheating():
    s = edit(started(1))
    s.card = None
    s.players[0].water = 1
    s = at_turn(s, 0)
    from beegames.games.bee_lives.models import CoolMove
    assert CoolMove() in E.legal_moves(s)


def test_month_three_cleanup_starts_the_join_in_turn_order():
    s = edit(started(3))
    s.month = 3
    s.first = 1
    months.t_cleanup(s, [])
    assert s.first == 2
    assert s.queue[:3] == ["join 2", "join 0", "join 1"]


def test_illegal_forage_is_refused_with_a_reason():
    s = started(1)
    with pytest.raises(IllegalMove, match="forage"):
        E.apply(s, ForageMove(tile=99))
