"""The warnings that foresee next month (``forecast.py`` through ``view.warnings``): the swarm over the
threshold counts the brood that will hatch first (with a Prolific queen's extra bees, less the bees lost
to disease and those that starve), the swarm token of a full comb, the Nursery challenge's brood, the
next feeding; and they say nothing when the rules will not bring what the bees now would suggest.
Constructed states, one per forecast (QA bl-modes M3's left item)."""

from beegames.games.bee_lives import view as blview
from beegames.games.bee_lives.forecast import next_month

from .bl_helpers import at_turn, edit, started


def colony(queen: str = "prolific", month: int = 2, **opts):
    """A solo colony's April turn (May next), comb 10 (threshold 5), to set by hand."""
    s = at_turn(edit(started(1, queens=[queen], **opts)), 0)
    s.month, s.card = month, None
    p = s.players[0]
    p.comb, p.honey, p.pollen, p.water = 10, 4, 3, 0
    p.workers = p.unassigned = 3
    p.nest, p.paused, p.cooled, p.skip_feeding = 0, False, False, False
    p.mite = p.mite_normal = 0
    return s


def texts(s):
    return [w.text for w in blview.warnings(s, 0)]


def test_the_swarm_forecast_counts_the_brood_that_hatches_and_the_prolific_queens_bees():
    s = colony()
    # 3 empty cells: 3 brood on 3 pollen, +1 from the prolific queen: 3 + 3 + 1 = 7 > 5
    f = next_month(s, 0)
    assert f is not None and (f.nest, f.hatch, f.extra, f.bees, f.threshold) == (3, 3, 1, 7, 5)
    assert ("If the 3 brood hatch (+1 from the prolific queen), 7 bees > swarm threshold 5: the hive swarms in "
            "May (half the bees and honey leave).") in texts(s)
    s.players[0].mite = s.players[0].mite_normal = 9  # disease -3 takes three of the new bees: 4, no swarm
    assert next_month(s, 0).bees == 4
    assert not any("swarm" in t for t in texts(s)), texts(s)


def test_the_swarm_forecast_says_nothing_when_the_brood_cannot_hatch_or_bees_starve():
    s = colony(queen="aggressive")
    p = s.players[0]
    p.workers = p.unassigned = 4
    p.pollen = 1  # one brood hatches: 5 bees, not more than 5
    assert not any("swarm" in t for t in texts(s)), texts(s)
    p.pollen = 3  # three hatch: 7 > 5
    assert any(t.startswith("If the 3 brood hatch, 7 bees > swarm threshold 5: the hive swarms in May")
               for t in texts(s))
    p.paused = True  # a resting queen hatches nothing: 4 bees stay
    assert not any("swarm" in t for t in texts(s)), texts(s)
    p.paused = False
    p.workers = p.unassigned = 7
    p.honey, p.pollen = 1, 2  # 7 bees are over 5 now, but 5 starve before the 2 brood hatch: 4
    assert not any("swarm" in t for t in texts(s)), texts(s)
    p.honey = 4  # fed: 7 + 2 hatched = 9 (they are over the threshold already)
    assert any(t.startswith("If the 2 brood hatch, 9 bees > swarm threshold 5") for t in texts(s)), texts(s)


def test_the_swarm_forecast_of_bees_already_over_and_nothing_hatching():
    s = colony(queen="aggressive")
    p = s.players[0]
    p.workers = p.unassigned = 6
    p.pollen = 0
    assert ("6 bees > swarm threshold 5: the hive swarms in May (half the bees and honey leave)."
            in texts(s)), texts(s)


def test_a_full_comb_foresees_the_swarm_token():
    s = colony(queen="aggressive")
    p = s.players[0]
    p.honey, p.pollen, p.water = 6, 4, 0
    f = next_month(s, 0)
    assert f.token and f.nest == 0 and f.swarms
    assert ("Your comb is full: no room for brood in May, so a swarm token: the hive swarms in May (half the bees "
            "and honey leave).") in texts(s)
    p.honey = 5  # one empty cell: no token, 1 brood, 4 bees
    assert not next_month(s, 0).token and not any("swarm" in t for t in texts(s))


def test_the_nursery_warning_sees_the_season_card_and_the_brood_to_come():
    s = colony(mode="challenge", challenge="nursery")
    assert not any(t.startswith("Nursery") for t in texts(s)), texts(s)  # 3 brood on 3 pollen: it hatches
    s.card = "buttoned_up"  # the card rules until next month's Event phase, after the Brood phase
    assert "Nursery: Buttoned Up, so no brood in May: the challenge would be lost." in texts(s)
    s.card = "oppressive_heat"  # overheating, not cooled: the queen will rest
    assert "Nursery: the hive is not cooled, so no brood in May: the challenge would be lost." in texts(s)
    s.players[0].cooled = True
    assert not any(t.startswith("Nursery") for t in texts(s)), texts(s)
    s.card = None
    p = s.players[0]
    p.workers = p.unassigned = 20  # every bee of the colour a worker: none left to lay as brood
    assert "Nursery: no bee left to lay as brood, so no brood in May: the challenge would be lost." in texts(s)


def test_the_feeding_forecast_reads_the_card_that_still_rules_it():
    s = colony(queen="aggressive")
    p = s.players[0]
    p.workers = p.unassigned = 6
    p.honey, p.pollen = 2, 0
    assert any(t.startswith("Feeding in May: your 6 bees eat 3 honey and you have 2 so far. Short of 1, 2 bees "
                            "would starve") for t in texts(s)), texts(s)
    s.card = "culling_of_the_drones"  # each honey feeds 3 next month: 2 honey are enough
    assert "Feeding in May: 2 of your 2 honey." in texts(s), texts(s)
    s.card = None
    p.skip_feeding = True
    assert "No feeding in May: you hold a skip-feeding token." in texts(s)
    assert next_month(s, 0).starving == 0


def test_no_forecast_after_november():
    s = colony()
    s.month = 9
    assert next_month(s, 0) is None
    assert not any("swarm" in t for t in texts(s))


def test_under_nursery_a_foreseen_swarm_says_the_brood_it_costs():
    """The QA game: the hatching made the hive swarm, the queen rested the month after, Nursery was lost."""
    s = colony(mode="challenge", challenge="nursery")
    swarm = next(w for w in blview.warnings(s, 0) if "swarms in May" in w.text)
    assert swarm.level == "danger"
    assert swarm.text.endswith("The queen then rests: no brood in June, and Nursery would be lost."), swarm.text


def _by_tasks(s, choose, stop):
    """Play on from ``s`` one engine task at a time (a step may run on past a phase), each question
    answered by ``choose(state, moves)``, until ``stop(state)``."""
    from beegames.games.bee_lives.flow import TASKS, clone

    from .bl_helpers import E

    while not stop(s):
        if E.decision(s) is None:
            s = clone(s)
            TASKS.run_one(s)
        else:
            s = E.apply(s, choose(s, E.legal_moves(s)))
    return s


def _month_ends(n: int, seed: int, level: str, **opts):
    """The states of a game played by the computer players of ``level`` at the end of each month's
    Action phase (its Cleanup next), March to October."""
    from beegames.core.protocol import SeatInfo
    from beegames.games.bee_lives.ai import make_player
    from beegames.games.bee_lives.options import BeeLivesOptions

    from .bl_helpers import NAMES, E

    players = [make_player(level, seed + i) for i in range(n)]

    def choose(st, _moves):
        seat = E.decision(st).seat
        return players[seat].choose(E, E.view(st, seat))

    s = E.advance(E.new_state(BeeLivesOptions(first_player="1", **opts), [SeatInfo(name=x) for x in NAMES[:n]],
                              seed))
    while True:
        s = _by_tasks(s, choose,
                      lambda st: st.over or st.month >= 9 or (E.decision(st) is None and st.queue[:1] == ["cleanup"]))
        if s.over or s.month >= 9:
            return
        yield s
        s = _by_tasks(s, choose, lambda st: st.phase == "cleanup")


def _to_the_swarm_phase(s, tokens: str, seed: int):
    """Play on to next month's Swarm phase, each starvation question answered with no token (``tokens``
    "none") or with all it offers ("all"), the other questions at random."""
    import random

    from beegames.games.bee_lives.models import StarveMove

    from .bl_helpers import E

    rnd = random.Random(seed)

    def choose(st, moves):
        if E.decision(st).kind == "starve":
            return StarveMove(tokens=0 if tokens == "none" else st.pending.amount)
        return rnd.choice(moves)

    return _by_tasks(s, choose, lambda st: st.phase == "swarm" or st.over)


def _full_comb(s):
    """A copy of ``s`` whose first colony's comb is filled up with honey (a swarm token next month)."""
    s = edit(s)
    p = s.players[0]
    p.honey = p.comb - p.pollen - p.water
    return s


def test_the_forecast_is_what_the_engine_then_does_with_or_without_starvation_tokens():
    """At the end of each month's Action phase, the forecast of every colony against the engine's own play
    of the Cleanup and next month's Egg, Feeding and Brood phases: the honey spent, the bees at the Swarm
    phase (no starvation token taken, or one for every bee that may keep one), the swarm token and the
    swarm. Games of one and two players by the random and the basic computer players, and each position
    again with a full comb."""
    from beegames.games.bee_lives.colony import threshold

    seen = {"cases": 0, "kept": 0, "swarms": 0, "token": 0}
    for n, seed, level, opts in ((1, 3, "random", {"harder": True}), (2, 5, "random", {}),
                                 (1, 8, "basic", {}), (2, 11, "basic", {}), (1, 14, "basic", {"harder": True}),
                                 (3, 21, "basic", {})):
        for k, end in enumerate(_month_ends(n, seed, level, **opts)):
            for s in (end, _full_comb(end)):
                forecasts = {i: next_month(s, i) for i in range(n)}
                for tokens in ("none", "all"):
                    after = _to_the_swarm_phase(s, tokens, seed * 100 + k)
                    assert after.month == s.month + 1 and after.phase == "swarm"
                    for i, f in forecasts.items():
                        if f is None:
                            continue
                        p, q = s.players[i], after.players[i]
                        bees = f.bees if tokens == "none" else f.bees_kept
                        assert q.workers == bees, (seed, s.month, i, tokens, f)
                        assert q.honey == p.honey - f.spend and q.swarm_token == f.token
                        assert q.starvation - p.starvation == (0 if tokens == "none" else f.keep)
                        swarms = f.swarms if tokens == "none" else f.swarms_if_kept
                        assert swarms == (q.swarm_token or q.workers > threshold(q))
                        seen["cases"] += 1
                        seen["kept"] += f.bees_kept != f.bees
                        seen["swarms"] += f.swarms
                        seen["token"] += f.token
    assert all(seen.values()), seen


def test_a_swarm_that_only_the_bees_kept_with_starvation_tokens_would_bring_is_foreseen():
    """4 bees and 1 honey: 2 are fed and 2 starve, one of them among the last three; 3 brood hatch. With
    no token taken 5 bees meet the threshold of 5, with the token 6 are over it: the warning says so."""
    s = colony(queen="aggressive")
    p = s.players[0]
    p.workers = p.unassigned = 4
    p.honey = 1
    f = next_month(s, 0)
    assert (f.starving, f.keep, f.hatch, f.bees, f.bees_kept) == (2, 1, 3, 5, 6)
    assert not f.swarms and f.swarms_if_kept
    assert ("If you keep 1 bee with a starvation token (1 starves) and the 3 brood hatch, 6 bees > swarm "
            "threshold 5: the hive swarms in May (half the bees and honey leave).") in texts(s), texts(s)
    p.honey = 0  # 4 starve, 3 may be kept: 3 + 3 = 6 with the tokens, 3 without
    f = next_month(s, 0)
    assert (f.starving, f.keep, f.bees, f.bees_kept) == (4, 3, 3, 6) and f.swarms_if_kept
    assert any(t.startswith("If you keep 3 bees with starvation tokens (1 starves) and the 3 brood hatch, 6 bees")
               for t in texts(s)), texts(s)


def test_the_winter_forecast_says_how_many_bees_starvation_tokens_would_keep():
    """November, 6 bees and no honey: December feeds 2 of them (winter's shortfall rule) and 4 starve,
    one of them among the last three; with no token 2 bees live through the winter, with it 3."""
    s = colony(queen="aggressive", month=9)
    p = s.players[0]
    p.workers = p.unassigned = 6
    p.honey = 0
    assert ("Winter: 6 bees need about 6 honey over the three months; you have 0: 2 bees would live through it "
            "(3 with starvation tokens, -2 VP each).") in texts(s), texts(s)
    p.honey = 6
    assert "Winter: 6 bees need about 6 honey over the three months; you have 6; 6 bees would live through it." \
        in texts(s), texts(s)


def test_no_forecast_of_next_month_while_this_months_feeding_is_still_to_be_eaten():
    """QA bl-hotseat: July's starvation question showed "Feeding in August: … you have 1 so far", the 1
    honey July's feeding was eating. In the Egg and Feeding phases nothing is foreseen of next month;
    from the Brood phase on it is again, on the honey left. (Here August's, September next.)"""
    s = colony(month=6)
    p = s.players[0]
    p.honey = 1
    for phase in ("egg", "feeding"):
        s.phase = phase
        assert next_month(s, 0) is None
        assert not any(t.startswith("Feeding in") for t in texts(s)), texts(s)
    s.phase = "brood"
    assert next_month(s, 0) is not None
    assert any(t.startswith("Feeding in September") for t in texts(s)), texts(s)
