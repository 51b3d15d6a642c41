"""The planner behind ``good`` in a one-year basic solo game: its monthly plans,
what it takes from a tile, its lookahead copies, its search, and where it is used."""

from dataclasses import replace

from beegames.core.protocol import SeatInfo
from beegames.games.bee_lives.ai import HeuristicPlayer, make_player
from beegames.games.bee_lives.colony import threshold
from beegames.games.bee_lives.common import spawn_wild
from beegames.games.bee_lives.models import (
    CollectMove,
    DefendMove,
    ForageMove,
    PressMove,
    Raid,
    RaidMove,
    SacrificeMove,
    WildRaid,
)
from beegames.games.bee_lives.options import BeeLivesOptions
from beegames.games.bee_lives.planner import (
    LEARNED_MODES,
    LEARNED_TURNS,
    Knobs,
    PlannerPlayer,
    level_after_gain,
)
from beegames.games.bee_lives.planner_search import determinized
from beegames.games.bee_lives.raids import wild_raid_amount

from .bl_helpers import E, at_turn, edit, put, started


def solo_turn(month: int = 2, queen: str = "prolific", **fields):
    """A one-player game at its player's turn in ``month`` with two tiles beside the
    hive (room for a swarm's wild hive), the player's board set by ``fields``."""
    s = at_turn(edit(started(1, queens=[queen])), 0)
    put(s, "wilt", 0, -1)
    put(s, "harvest", 1, -1)
    s.month = month
    p = s.players[0]
    for k, v in fields.items():
        setattr(p, k, v)
    if "workers" in fields and "unassigned" not in fields:
        p.unassigned = p.workers
    return s


def test_a_hatch_plan_keeps_as_many_empty_cells_as_its_pollen_hatches():
    s = solo_turn(workers=3, honey=2, pollen=0)
    plan = PlannerPlayer(1).make_plan(s, 0)
    assert plan.mode == "hatch"
    assert plan.honey >= 2  # the next feeding: 3 bees eat 2 honey
    assert plan.empty == plan.brood == plan.pollen > 0
    assert plan.honey + plan.pollen + plan.water + plan.empty == s.players[0].comb


def test_a_resting_queen_with_bees_to_spare_plans_a_full_comb_to_swarm():
    s = solo_turn(workers=4, honey=3, pollen=2, paused=True)
    plan = PlannerPlayer(1).make_plan(s, 0)
    assert plan.mode == "token" and plan.empty == 0
    assert plan.honey + plan.pollen + plan.water == s.players[0].comb


def test_a_lone_bee_does_not_plan_a_swarm_it_cannot_make():
    s = solo_turn(workers=1, honey=1, paused=True)
    assert PlannerPlayer(1).make_plan(s, 0).mode == "hold"


def test_a_colony_over_its_threshold_plans_the_swarm_it_will_have():
    s = solo_turn(workers=7, honey=4)
    assert s.players[0].workers > threshold(s.players[0])
    assert PlannerPlayer(1).make_plan(s, 0).mode == "token"


def test_the_learned_modes_overrule_the_default_where_the_lookahead_did():
    # October, a resting queen and bees to swarm: the default is a token swarm,
    # but the lookahead's choices say to fill the comb with honey for the winter
    s = solo_turn(month=8, workers=4, honey=3, pollen=2, paused=True)
    assert PlannerPlayer(1, Knobs(learned_modes=False)).make_plan(s, 0).mode == "token"
    assert LEARNED_MODES[(8, "token", False)] == "harvest"
    assert PlannerPlayer(1).make_plan(s, 0).mode == "harvest"
    # May with brood to come: the learned swarm in June
    s = solo_turn(month=3, workers=3, honey=2, pollen=1)
    assert PlannerPlayer(1, Knobs(learned_modes=False)).make_plan(s, 0).mode == "hatch"
    assert PlannerPlayer(1).make_plan(s, 0).mode == "token"


def test_a_learned_swarm_is_not_planned_where_no_swarm_can_score():
    # the table says token in May, but a lone bee loses no bee to a swarm
    s = solo_turn(month=3, workers=1, honey=1, pollen=1)
    assert PlannerPlayer(1).make_plan(s, 0).mode == "hatch"


def test_november_fills_the_comb_with_honey():
    s = solo_turn(month=9, workers=3, honey=2, pollen=1)
    plan = PlannerPlayer(1).make_plan(s, 0)
    assert plan.mode == "final" and plan.empty == 0 and plan.honey == 10 - 1


def test_a_harvest_plan_keeps_one_cell_free_so_that_the_hive_does_not_swarm():
    s = solo_turn(month=7, workers=3, honey=2, pollen=1)
    plan = PlannerPlayer(1, Knobs(harvest_from=7)).make_plan(s, 0)
    assert plan.mode == "harvest" and plan.empty == 1 and plan.honey == 10 - 1 - 1


def test_the_take_from_a_tile_leaves_the_cells_the_brood_needs():
    s = solo_turn(workers=3, honey=2, pollen=0)
    bot = PlannerPlayer(1)
    plan = bot.make_plan(s, 0)
    (h, po, w), value = bot.take_for(s.players[0], plan, (5, 5, 0))
    assert value > 0 and w == 0
    assert s.players[0].empty - (h + po) >= plan.empty


def test_the_planner_forages_its_spring_bloom_tile_and_takes_what_the_plan_wants():
    s = solo_turn(month=1, workers=3, honey=0, pollen=0)
    s.phase = "action"
    bot = PlannerPlayer(1)
    move = bot.choose(E, E.view(s, 0))
    assert isinstance(move, ForageMove)
    s = E.apply(s, move)
    take = bot.choose(E, E.view(s, 0))
    assert isinstance(take, CollectMove) and take.pollen > 0 and take.honey + take.pollen < 10


def test_a_determinized_copy_shuffles_the_decks_and_leaves_the_view_alone():
    s = started(1)
    view = E.view(s, 0)
    before = view.model_copy(deep=True)
    sim = determinized(view, 5)
    assert view == before
    assert {k: sorted(v) for k, v in sim.decks.items()} == {k: sorted(v) for k, v in view.decks.items()}
    assert sim.rng != view.rng


def test_good_plans_a_one_year_basic_solo_game_and_keeps_the_heuristic_player_elsewhere():
    good = make_player("good", 3)
    assert isinstance(good.basic, PlannerPlayer) and isinstance(good.inner, HeuristicPlayer)
    assert make_player("basic", 3).basic is None
    solo = E.advance(E.new_state(BeeLivesOptions(), [SeatInfo(name="A")], 4))
    two = E.advance(E.new_state(BeeLivesOptions(), [SeatInfo(name="A"), SeatInfo(name="B")], 4))
    for s, planner_used in ((solo, True), (two, False)):
        good = make_player("good", 3)
        used: list[str] = []
        good.basic.choose = lambda engine, view, used=used: used.append("planner") or E.legal_moves(view)[0]
        good.inner.choose = lambda engine, view, used=used: used.append("heuristic") or E.legal_moves(view)[0]
        good.choose(E, E.view(s, E.decision(s).seat))
        assert used == (["planner"] if planner_used else ["heuristic"])


def test_the_lookahead_fixes_one_of_the_months_variants_from_its_own_copies():
    s = solo_turn(month=6, workers=4, honey=3, pollen=2)
    s.phase = "action"
    view = E.view(s, 0)
    before = view.model_copy(deep=True)
    bot = PlannerPlayer(2, Knobs(monthly_samples=1, lookahead_from=6))
    options = bot.variants(view, 0)
    assert {v.mode for v in options} >= {"hatch", "token", "hold", "harvest"}
    move = bot.choose(E, view)
    assert move in E.legal_moves(view) and view == before
    assert bot.fixed[(view.year, 6)] in options


def test_a_wild_hive_it_can_beat_is_raided_even_with_the_bees_the_plan_meant_to_forage_with():
    # a resting queen plans a full comb; the two free bees could forage for it, but the small
    # wild hive beside the hive is 2 VP and honey for the comb: raid it first
    s = solo_turn(month=5, queen="aggressive", workers=2, honey=3, pollen=2, paused=True)
    spawn_wild(s, 1, 2, "test")
    bot = PlannerPlayer(1, Knobs().playout())
    assert bot.make_plan(s, 0).mode == "token"
    move = bot.choose(E, E.view(s, 0))
    assert isinstance(move, RaidMove) and move.target == "w0"


def test_in_the_fall_a_raid_counts_the_disease_its_honey_brings_before_risking_the_last_bees():
    # the mite sits on the last space of level 0: the raid's honey lifts it to level 1, and a
    # level-1 winter kills three bees; four see the spring with one, three lost in a raid do not
    s = solo_turn(month=9, queen="aggressive", workers=4, honey=5, mite=2, mite_normal=2)
    p = s.players[0]
    assert level_after_gain(p) == 1
    bot = PlannerPlayer(1, Knobs().playout())
    assert bot.last_bees(p, 1, 9) >= bot.knobs.survive
    assert bot.last_bees(p, 0, 9) == 0


def test_a_swarm_plan_fills_the_comb_with_pollen_and_water_once_the_honey_is_in():
    # the plan wants one more honey; a tile with pollen only still fills the last cell
    s = solo_turn(month=5, workers=3, honey=4, pollen=4, water=1, paused=True)
    bot = PlannerPlayer(1)
    plan = bot.make_plan(s, 0)
    assert plan.mode == "token" and bot.needs(s.players[0], plan) == (1, 0, 0)
    assert bot.take_for(s.players[0], plan, (0, 3, 0))[0] == (0, 1, 0)  # a full comb swarms next month
    assert bot.take_for(s.players[0], plan, (2, 3, 0))[0] == (1, 0, 0)


def test_in_spring_a_sleeping_wild_hive_left_weak_is_finished_next_month_not_with_a_sacrifice():
    def pressed(month):
        s = solo_turn(month=month, queen="aggressive", workers=5)
        spawn_wild(s, 1, 2, "test")
        s.raid = Raid(attacker=0, target="w0", initial=2, party=2, dice=[1], reduced=2)
        return PlannerPlayer(1).k_press(s, 0, [PressMove(bees=0), PressMove(bees=2)]).bees

    assert pressed(2) == 0  # wild hives sleep through the first spring
    assert pressed(7) == 2  # awake, it would forage, grow and raid before next month


def test_the_search_weighs_a_turns_best_few_actions_on_copies_and_plays_a_legal_one():
    s = solo_turn(month=6, workers=4, honey=3, pollen=2)
    spawn_wild(s, 1, 2, "test")
    s.phase = "action"
    view = E.view(s, 0)
    before = view.model_copy(deep=True)
    bot = PlannerPlayer(2, Knobs(monthly_samples=0, search_samples=2))
    moves = E.legal_moves(view)
    first = bot.k_turn(view, 0, moves)
    options = bot.search_options(view, 0, moves, first)
    assert options[0] == first and len(options) > 2 and all(m in moves for m in options)
    assert any(isinstance(m, RaidMove) and m.target == "w0" for m in options)  # a raid on the wild hive too
    assert bot.search(view, 0, options, first) in options
    assert bot.choose(E, view) in moves and view == before


def test_players_inside_play_outs_neither_look_ahead_nor_search():
    from beegames.games.bee_lives.coach import BeeLivesCoach

    quiet = Knobs().playout()
    assert quiet.monthly_samples == 0 and quiet.search_samples == 0
    assert Knobs().search_samples > 0  # the good player itself searches
    rollout = BeeLivesCoach().rollout_player(E, 1)
    assert rollout.basic.knobs == quiet  # the hint's play-outs stay quick


def test_a_raid_on_a_wild_hive_leaves_a_bee_free_to_forage_for_the_plan():
    # a resting queen plans a full comb; two free bees and a wild hive: a raid may take one bee,
    # not both, while the home tile still has what the comb needs
    s = solo_turn(month=5, queen="aggressive", workers=2, honey=3, pollen=2, paused=True)
    s.card = None
    spawn_wild(s, 1, 2, "test")
    p = s.players[0]
    bot = PlannerPlayer(1, Knobs().playout())
    plan = bot.make_plan(s, 0)
    assert plan.mode == "token" and sum(bot.needs(p, plan)) > 0
    assert bot._value(s, 0, p, RaidMove(target="w0", bees=2), plan) == -20.0
    assert bot._value(s, 0, p, RaidMove(target="w0", bees=1), plan) > -20.0
    old = PlannerPlayer(1, replace(Knobs().playout(), keep_a_forager=False))
    assert old._value(s, 0, p, RaidMove(target="w0", bees=2), plan) > -20.0


def test_the_last_free_bees_never_defend_in_a_solo_game():
    s = solo_turn(month=5, workers=3, honey=3)
    s.card = None
    spawn_wild(s, 1, 3, "test")
    p = s.players[0]
    bot = PlannerPlayer(1, Knobs().playout())
    plan = bot.make_plan(s, 0)
    assert bot._value(s, 0, p, DefendMove(bees=3), plan) == -10.0
    assert bot._value(s, 0, p, DefendMove(bees=1), plan) > -10.0


def test_a_resting_queen_with_no_brood_left_to_come_fills_the_comb_with_honey():
    # October, a lone bee (no swarm to plan) and a resting queen: no brood can hatch before
    # the winter, so the comb fills with honey instead of keeping cells for one
    s = solo_turn(month=8, workers=1, honey=2, pollen=1, paused=True)
    assert PlannerPlayer(1, Knobs(late_hold_harvest=False)).make_plan(s, 0).mode == "hold"
    plan = PlannerPlayer(1).make_plan(s, 0)
    assert plan.mode == "harvest" and plan.empty == 1


def _wild_raid_on_a_defended_hive():
    # July: a strength-1 wild hive beside a colony of three with one bee on Defend
    s = solo_turn(month=5, workers=3, honey=4)
    s.card = None
    spawn_wild(s, 1, 1, "test")
    p = s.players[0]
    p.assigned["defend"] = 1
    p.unassigned = 2
    s.wraid = WildRaid(hive=0, seat=0, roll=4, step=2)
    return s


def test_a_wild_raid_stopped_without_a_sacrifice_keeps_the_bees_and_scores_the_defence():
    s = _wild_raid_on_a_defended_hive()
    moves = [SacrificeMove(defenders=0, unassigned=0), SacrificeMove(defenders=1, unassigned=0),
             SacrificeMove(defenders=0, unassigned=1)]
    assert wild_raid_amount(s, s.wraid, 0, 0)[0] == 0  # the defender stops it alone
    move = PlannerPlayer(1).k_wild_sacrifice(s, 0, moves)
    assert move == SacrificeMove(defenders=0, unassigned=0)
    # without the defence's VP in the sums, the defender was given up to wipe the hive out
    old = PlannerPlayer(1, Knobs(defence_vp=False)).k_wild_sacrifice(s, 0, moves)
    assert old == SacrificeMove(defenders=1, unassigned=0)


def test_the_search_weighs_defending_first_where_a_wild_hive_would_raid_and_fail():
    s = solo_turn(month=5, workers=3, honey=4)
    s.card = None
    spawn_wild(s, 1, 1, "test")
    s.phase = "action"
    view = E.view(s, 0)
    p = view.players[0]
    bot = PlannerPlayer(2, Knobs(monthly_samples=0, search_samples=2))
    assert bot.raids_stopped(view, 0, p, 1) == 1
    assert bot.raids_stopped(view, 0, p, 3) == 0  # no bee left free: no wild hive acts again this month
    moves = E.legal_moves(view)
    options = bot.search_options(view, 0, moves, bot.k_turn(view, 0, moves))
    assert DefendMove(bees=1) in options
    off = PlannerPlayer(2, Knobs(monthly_samples=0, search_samples=2, search_defence=False))
    assert DefendMove(bees=1) not in off.search_options(view, 0, moves, off.k_turn(view, 0, moves))
    # the wild hive's next turn: it raids, takes nothing, and the colony scores the defence
    after = E.apply(view, DefendMove(bees=1))
    vp = after.players[0].vp
    while after.pending is None or after.pending.kind != "turn":
        after = E.apply(after, bot.choose(E, after)) if after.pending is not None else E.step(after)
    assert after.players[0].vp == vp + 2 and after.players[0].honey == 4


def test_a_learned_june_turn_defends_first_against_a_weak_wild_hive_that_would_raid():
    # June, the queen resting (a token swarm planned), two free bees and a strength-1 wild
    # hive awake beside the hive: the table puts one bee on Defend (the raid fails, 2 VP)
    # where the plain values raid the hive at once
    s = solo_turn(month=4, workers=2, honey=2, pollen=4, paused=True)
    s.card = None
    spawn_wild(s, 1, 1, "test")
    s.phase = "action"
    view = E.view(s, 0)
    assert LEARNED_TURNS[(4, "token", 2, (1,))] == ("defend", 1)
    plain = PlannerPlayer(1, Knobs(learned_turns=False).playout())
    assert isinstance(plain.k_turn(view, 0, None), RaidMove)
    bot = PlannerPlayer(1, Knobs().playout())  # on by default
    assert Knobs(learned_turns=True) == Knobs()
    assert bot.k_turn(view, 0, None) == DefendMove(bees=1)
    # a Defend that would stop no raid is not played from the table
    view.players[0].honey = 0
    assert not isinstance(bot.k_turn(view, 0, None), DefendMove)
