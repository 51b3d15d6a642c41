"""Issue 19: Bee Lives readings settled against the book (docs/rules/bee-lives.md,
docs/bee-lives-reconstructions.md)."""

from beegames.games.bee_lives import actions, raids, swarm, wildhives
from beegames.games.bee_lives.models import RaidMove, RerollMove, SacrificeMove, TileMove

from .bl_helpers import E, at_turn, edit, layout, started
from .test_bl_wild import _place, _wild

# -- 10: "When another hive raids your hive, you score 2 VP if the raid is unsuccessful" --------


def _raided(monkeypatch, defend, free, honey, roll, strength=5):
    """Seat 0 (no queen bonus) raided by a wild hive of ``strength`` that rolls ``roll``."""
    s, ids = _wild(month=5, queens=["prolific"])
    _place(s, 0, ids[1], strength)
    p = s.players[0]
    p.workers, p.unassigned, p.assigned["defend"] = defend + free, free, defend
    p.honey = honey
    monkeypatch.setattr(raids, "d6", lambda state: roll)
    wildhives.t_wturn(s, "0")
    if s.pending is not None:
        s = E.apply(s, SacrificeMove())  # no sacrifice
    return s


def test_a_wild_raid_stopped_by_defenders_scores_for_the_defender(monkeypatch):
    s = _raided(monkeypatch, defend=3, free=0, honey=4, roll=3)  # 3 honey, minus 3 defenders: nothing
    assert s.players[0].honey == 4 and s.wild[0].tile is not None and s.wild[0].strength == 5
    assert s.players[0].vp == 2
    assert "raid fails" in s.log[-1]


def test_a_successful_wild_raid_scores_nothing_and_an_empty_comb_is_no_defence(monkeypatch):
    s = _raided(monkeypatch, defend=1, free=4, honey=4, roll=3)
    assert s.players[0].honey == 2 and s.players[0].vp == 0
    s = _raided(monkeypatch, defend=1, free=4, honey=0, roll=3)
    assert s.players[0].vp == 0  # with nothing to take, no raid was stopped


# -- 11: On Guard's +1 needs bees raiding or defending -------------------------------------------


def _on_guard(queens):
    s = edit(started(2, queens=queens))
    s.month, s.card = 5, "on_guard"
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("harvest", 2, 0)])
    s.players[0].hive, s.players[1].hive = ids[0], ids[2]
    return at_turn(s, 0)


def test_on_guard_adds_nothing_to_a_defence_without_defenders(monkeypatch):
    s = _on_guard(["prolific", "aggressive"])
    s.players[1].honey = 9
    s.players[1].unassigned = s.players[1].workers = 3
    s.players[0].workers = s.players[0].unassigned = 4
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [1])
    s = E.apply(s, RaidMove(target="p1", bees=1))
    s = E.apply(s, SacrificeMove())  # no defender on Defend, none sacrificed
    assert s.players[0].honey == 1  # strength 1 - 0: On Guard does not defend an undefended hive
    assert raids.aggressive_bonus(s, s.players[1], 0) == 0 and raids.aggressive_bonus(s, s.players[1], 1) == 1


def test_on_guard_helps_a_defender_with_bees(monkeypatch):
    s = _on_guard(["prolific", "aggressive"])
    s.players[1].honey = 9
    s.players[1].unassigned, s.players[1].workers, s.players[1].assigned["defend"] = 2, 3, 1
    s.players[0].workers = s.players[0].unassigned = 4
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [3])
    s = E.apply(s, RaidMove(target="p1", bees=3))
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove())
    assert s.players[0].honey == 3 - 1 - 1  # one defender, On Guard's +1


# -- 12: "After foraging, roll the D6": a wild hive's forage too -----------------------------------


def test_a_wild_hives_forage_rolls_for_the_after_forage_cards(monkeypatch):
    for card, month in (("in_like_a_lion", 2), ("late_bloom", 5), ("the_final_flow", 8),
                        ("unseasonably_warm", 8)):
        s, ids = _wild(month=month, card=card, years="2")
        s.year = 2  # wild hives act in spring from the second year
        _place(s, 0, ids[3] if month == 2 else ids[4], 4)  # next to a free bloom / wet / harvest
        s.players[0].workers = s.players[0].unassigned = 14  # too strong to be raided
        monkeypatch.setattr(actions, "d6", lambda state: 6)
        wildhives.t_wturn(s, "0")
        if s.pending is not None:
            s = E.apply(s, E.legal_moves(s)[0])
        foraged = s.wild[0].tokens[-1]
        spawned = [w for w in s.wild[1:] if w.tile is not None]
        assert [w.tile for w in spawned] == [foraged], card
        assert spawned[0].strength == 4  # a second-year spawn
        assert s.spawned


def test_a_wild_hives_forage_without_such_a_card_rolls_nothing(monkeypatch):
    s, ids = _wild(month=5, card="heat_wave")
    _place(s, 0, ids[5], 4)
    s.players[0].workers = s.players[0].unassigned = 14
    monkeypatch.setattr(actions, "d6", lambda state: (_ for _ in ()).throw(AssertionError("rolled")))
    wildhives.t_wturn(s, "0")
    assert all(w.tile is None for w in s.wild[1:])


def test_a_wild_hives_scout_rolls_for_the_after_scout_cards(monkeypatch):
    s, ids = _wild(month=2, card="out_like_a_lamb", cells=[("bloom", 0, 0), ("wilt", 1, 0)], years="2")
    s.year = 2
    _place(s, 0, ids[1], 3)
    monkeypatch.setattr(actions, "d6", lambda state: 5)
    wildhives.t_wturn(s, "0")
    s = E.apply(s, E.legal_moves(s)[0])
    new_tile = len(s.tiles) - 1
    assert [w.tile for w in s.wild[1:] if w.tile is not None] == [new_tile]


# -- 13: later-year spawns come in at 4 or 5, whatever spawned them --------------------------------


def test_a_players_swarm_in_a_later_year_comes_in_at_the_years_strength():
    for year, strength in ((1, 4), (2, 4), (3, 5)):
        s, ids = _wild(month=5, n=1, years="3")
        s.year = year
        p = s.players[0]
        p.workers = p.unassigned = 9  # loses 4
        p.swarm_token = True
        swarm.t_swarm1(s, "0")
        assert s.pending.kind == "swarm_tile"
        s = E.apply(s, TileMove(tile=s.pending.choices[0]))
        assert s.wild[0].strength == strength, year  # year 1: the 4 bees lost


def test_a_wild_swarm_in_a_later_year_comes_in_at_the_years_strength():
    for year, strength in ((1, 7), (2, 4), (3, 5)):
        s, ids = _wild(month=5, wild_ties="automatic", years="3")
        s.year = year
        _place(s, 0, ids[2], 14)
        wildhives.t_wturn(s, "0")
        new = [w for w in s.wild[1:] if w.tile is not None]
        assert s.wild[0].strength == 7 and [w.strength for w in new] == [strength], year
