"""Winter, the end of the game, solo results and the multi-year variant."""

from beegames.games.bee_lives import months, winter
from beegames.games.bee_lives.models import StarveMove, TileMove

from .bl_helpers import E, drive, edit, layout, started, step_until


def _winter(n=1, **opts):
    s = edit(started(n, **opts))
    s.month = 10
    s.pending = None
    s.card = None
    return s


def test_winter_feeding_is_a_third_rounded_down():
    s = _winter()
    p = s.players[0]
    p.workers = p.unassigned = 8
    p.honey = 5
    assert months.feeding_numbers(s, p, True) == (2, 0, 0)
    p.workers = p.unassigned = 2
    assert months.feeding_numbers(s, p, True) == (0, 0, 0)


def test_winter_shortfall_feeds_three_per_honey_and_two_more():
    s = _winter()
    p = s.players[0]
    p.workers = p.unassigned = 12
    p.honey = 2
    assert months.feeding_numbers(s, p, True) == (2, 4, 0)  # 8 fed, 4 starve


def test_winter_starvation_tokens_and_disease():
    s = _winter()
    s.queue = ["winter"]
    p = s.players[0]
    p.workers = p.unassigned = 3
    p.honey = 0
    p.mite = p.mite_normal = 3  # level 1
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.kind == "starve" and s.pending.amount == 1  # 3 bees, 0 honey: 2 fed, 1 starves
    s = E.apply(s, StarveMove(tokens=1))
    s = E.advance(s)
    p = s.players[0]
    assert s.over and p.starvation == 1


def test_skip_feeding_token_does_not_skip_winter():
    s = _winter()
    p = s.players[0]
    p.workers = p.unassigned = 6
    p.honey, p.skip_feeding = 5, True
    months.t_feed(s, ["winter"])
    s.queue.pop(0)
    months.t_feed_apply(s, ["winter"])
    assert p.honey == 3


def test_a_whole_year_ends_with_a_result():
    s = drive(started(2))
    res = E.result(s)
    assert s.over and s.month == 12 and res is not None
    assert E.decision(s) is None and E.legal_moves(s) == []
    assert s.log[-1] == res.summary


def test_ineligible_leader_and_shared_win():
    s = _winter(n=3)
    for i, (vp, bees) in enumerate(((50, 0), (30, 2), (30, 2))):
        p = s.players[i]
        p.vp, p.workers, p.unassigned, p.honey = vp, bees, bees, 0
        p.pollen, p.comb = 1, 12
    winter.t_year_end(s, [])
    res = E.result(s)
    assert res.winners == [1, 2] and "share" in res.summary
    # the scores list the leader's 50 VP: the result says why it is not among the winners
    first, second, third = (p.name for p in s.players)
    assert res.summary.startswith(f"{second} and {third} share the win with")
    assert res.summary.endswith(f". {first} has no worker left and cannot win."), res.summary


def test_nobody_eligible():
    s = _winter(n=2)
    for p in s.players:
        p.workers = p.unassigned = 0
    winter.t_year_end(s, [])
    assert E.result(s).winners == []


def test_solo_rating_table():
    assert [winter.rating(x) for x in (-3, 19, 20, 30, 31, 50, 51, 90)] == [
        "Beeginner", "Beeginner", "Newbee", "Newbee", "Seasoned Forager", "Seasoned Forager", "Queen Bee",
        "Queen Bee"]
    s = _winter()
    p = s.players[0]
    p.vp, p.workers, p.unassigned, p.honey = 30, 1, 1, 0
    winter.t_year_end(s, [])
    res = E.result(s)
    assert res.winners == [0] and "Seasoned Forager" in res.summary and res.scores == [31.0]
    s = _winter()
    s.players[0].workers = s.players[0].unassigned = 0
    winter.t_year_end(s, [])
    assert E.result(s).winners == []


def test_harder_solo_spawns_after_a_quiet_summer_month():
    s = edit(started(1, harder=True))
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("wet", 2, 0)])
    s.players[0].hive = ids[0]
    s.month = 5
    s.pending = None
    s.spawned = False
    months.t_cleanup(s, [])
    assert s.queue[0] == "harder"
    s.queue = ["harder", "month_end"]
    s = step_until(s, lambda x: x.pending is not None)
    assert s.pending.kind == "harder_spawn" and set(s.pending.choices) == {ids[1], ids[2]}
    s = E.apply(s, TileMove(tile=ids[2]))
    assert s.wild[0].tile == ids[2] and s.wild[0].strength == 3
    # not after a month with a spawn, not in spring, not without the option
    s = edit(started(1, harder=True))
    s.month, s.spawned = 6, True
    months.t_cleanup(s, [])
    assert "harder" not in s.queue
    s = edit(started(1, harder=True))
    s.month = 3
    months.t_cleanup(s, [])
    assert "harder" not in s.queue
    s = edit(started(1))
    s.month = 5
    months.t_cleanup(s, [])
    assert "harder" not in s.queue


def test_multi_year_carry_over_and_scoring_each_winter():
    s = _winter(n=2, years="2")
    a, b = s.players
    a.workers = a.unassigned = 4
    a.honey, a.vp, a.comb, a.starvation = 6, 10, 14, 1
    b.workers = b.unassigned = 0
    b.honey, b.vp = 3, 8
    s.played = list(s.played) + [s.decks["summer"].pop(0)]
    winter.t_year_end(s, [])
    assert not s.over and s.year == 2 and s.month == 1 and s.card is None
    assert a.vp == 20 and a.honey == 6 and a.comb == 14 and a.skip_feeding and a.starvation == 1
    assert b.eliminated and b.hive is None and b.vp == 11
    assert len(s.decks["summer"]) == 8  # played cards are not shuffled back
    s.queue = ["month"] + [q for q in s.queue if q != "month"]
    s = step_until(s, lambda x: x.phase == "event")
    assert not s.players[0].skip_feeding
    assert any("skip-feeding" in line for line in s.log)


def test_later_years_spawn_stronger_and_the_wild_hives_wake_in_spring():
    from beegames.games.bee_lives.colony import spawn_strength, wild_active
    s = edit(started(1, years="3"))
    assert spawn_strength(s) == 3
    s.year = 2
    assert spawn_strength(s) == 4
    s.month = 1
    assert wild_active(s)
    s.year = 3
    assert spawn_strength(s) == 5


def test_a_three_year_game_plays_to_the_end():
    from beegames.core.protocol import SeatInfo
    from beegames.core.simulate import play_game
    seats = [SeatInfo(name=x, kind="computer", level="basic") for x in ("A", "B")]
    m, _ = play_game(E, E.options_model.model_validate({"years": "3"}), seats, seed=3)
    assert m.over and m.state.year in (1, 2, 3)
    assert any("Year 2 begins" in line for line in m.state.log) or all(p.eliminated for p in m.state.players)


def test_each_winter_month_is_told_colony_by_colony():
    """QA #8: a month of winter upkeep, once over, is told colony by colony
    (honey eaten, bees starved or kept with tokens, lost to disease, what is
    left); after February, with the year's score."""
    from beegames.games.bee_lives import view as blview

    s = _winter(2)
    s.queue = ["winter"]
    susan, jeremy = s.players
    susan.workers = susan.unassigned = 8
    susan.honey = 1
    susan.mite = susan.mite_normal = 3  # disease level 1
    jeremy.workers = jeremy.unassigned = 3
    jeremy.honey = 0
    s = step_until(s, blview.winter_month_begins)
    start = s
    assert s.month == 10 and blview.winter_report(start, s) is None
    s = step_until(s, lambda x: x.pending is not None)  # Jeremy: keep his starving bee?
    assert blview.winter_report(start, s) is None  # (December is not over)
    s = E.apply(s, StarveMove(tokens=1))
    s = step_until(s, lambda x: x.month == 11)
    told = blview.winter_report(start, s)
    assert told is not None and told.kind == "winter" and told.month == "December" and told.then == "January"
    assert told.lines == [
        "Susan had too little honey and ate 1: 3 bees starved; disease killed 1 bee. Left: 4 bees, 0 honey.",
        "Jeremy had no honey: 1 bee kept alive with 1 starvation token. Left: 3 bees, 0 honey.",
    ]
    assert "1 honey for every 3 bees" in told.heading and "year ends" not in told.heading
    # February, then the end of the game: the year's score, and the tokens' cost
    start = drive(s, stop=lambda x: x.month == 12 and blview.winter_month_begins(x))  # (tokens: all it may)
    s = drive(start, stop=lambda x: x.over)
    told = blview.winter_report(start, s)
    assert told.month == "February" and told.then == "the final score" and "year ends" in told.heading
    assert all("Year's end:" in line and "VP in all." in line for line in told.lines)
    assert f"{s.players[1].starvation} starvation tokens cost {2 * s.players[1].starvation} VP" in told.lines[1]
