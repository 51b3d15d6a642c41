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
