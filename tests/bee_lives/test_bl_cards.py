"""The 27 season cards: every effect in play."""

from beegames.games.bee_lives import actions, months, raids, wildhives
from beegames.games.bee_lives.data import derived, game_data
from beegames.games.bee_lives.models import (
    CollectMove,
    CoolMove,
    ForageMove,
    KeepMove,
    RaidMove,
    RerollMove,
    SacrificeMove,
    ScoutMove,
    TileMove,
    WaxMove,
)

from .bl_helpers import E, at_turn, edit, layout, started


def _s(card, month=None, n=1, queens=None):
    s = edit(started(n, queens=queens))
    c = derived().card[card]
    s.month = month or {"spring": 2, "summer": 5, "fall": 8}[c.season]
    s.card = card
    ids = layout(s, [("bloom", 0, 0), ("wilt", 1, 0), ("harvest", 2, 0), ("wet", 3, 0), ("bloom", 0, 1)])
    s.players[0].hive = ids[0]
    return at_turn(s, 0), ids


def test_there_are_nine_cards_a_season_with_the_books_effects():
    cards = game_data().cards.cards
    assert sum(c.overheat for c in cards) == 6
    by = {c.id: c for c in cards}
    assert by["an_early_start"].wax_cost == 1 and by["an_early_start"].brood_per_pollen == 2
    assert by["in_like_a_lion"].spawn_after_forage == 5 and by["late_bloom"].spawn_after_forage == 6
    assert by["out_like_a_lamb"].spawn_after_scout == 5
    assert by["perfect_weather"].spawn_first_turn and by["indian_summer"].spawn_first_turn
    assert by["humid_days"].cool_water_per_bee == 2 and by["culling_of_the_drones"].feed_per_honey == 3
    assert by["buttoned_up"].no_brood and by["cooler_temps"].defend_third
    assert by["desperate_parties"].wild_first_turn_raid
    assert by["on_guard"].aggressive_bonus == 1 and by["summer_storms"].defend_per5 == 1


def test_every_yield_change():
    base = derived().yields
    for c in game_data().cards.cards:
        s, ids = _s(c.id)
        season = c.season
        for tid, kind in zip(ids[:4], ("bloom", "wilt", "harvest", "wet")):
            got = actions.tile_yield(s, tid)
            want = tuple(max(0, b + c.yield_change(kind, r)) for b, r in zip(base[season][kind],
                                                                                 ("honey", "pollen", "water")))
            assert got == want, (c.id, kind)
    s, ids = _s("non_stop_rain")
    assert actions.tile_yield(s, ids[1]) == (3, 2, 1) and actions.tile_yield(s, ids[3]) == (1, 1, 4)
    s, ids = _s("first_frost")
    assert actions.tile_yield(s, ids[2]) == (2, 2, 0)


def test_an_early_start_wax_and_brood():
    s, _ids = _s("an_early_start")
    s.players[0].honey = 2
    assert max(m.bees for m in E.legal_moves(s) if isinstance(m, WaxMove)) == 2
    p = s.players[0]
    p.nest, p.pollen = 5, 2
    s.pending = None
    months.t_brood(s, [])
    assert p.workers == 3 + 4 and p.pollen == 0  # 2 pollen hatch 4, one brood unfed


def _spawn_roll(monkeypatch, card, roll, scout=False):
    s, ids = _s(card)
    monkeypatch.setattr(actions, "d6", lambda state: roll)
    if scout:
        s = E.apply(s, ScoutMove(q=-1, r=0))
        if s.pending is not None and s.pending.kind == "keep":
            s = E.apply(s, E.legal_moves(s)[0])
        tile = len(s.tiles) - 1
    else:
        s = E.apply(s, ForageMove(tile=ids[1]))
        s = E.apply(s, CollectMove(honey=0, pollen=0, water=0))
        tile = ids[1]
    return s, tile


def test_spawn_after_forage_rolls(monkeypatch):
    s, tile = _spawn_roll(monkeypatch, "in_like_a_lion", 5)
    assert s.wild[0].tile == tile and s.wild[0].strength == 3 and s.spawned
    s, tile = _spawn_roll(monkeypatch, "in_like_a_lion", 4)
    assert s.wild[0].tile is None
    s, tile = _spawn_roll(monkeypatch, "late_bloom", 5)
    assert s.wild[0].tile is None
    for card in ("late_bloom", "the_final_flow", "unseasonably_warm"):
        s, tile = _spawn_roll(monkeypatch, card, 6)
        assert s.wild[0].tile == tile


def test_spawn_after_scout_rolls(monkeypatch):
    for card in ("an_early_start", "out_like_a_lamb"):
        s, tile = _spawn_roll(monkeypatch, card, 5, scout=True)
        assert s.wild[0].tile == tile
        s, tile = _spawn_roll(monkeypatch, card, 4, scout=True)
        assert s.wild[0].tile is None


def test_first_turn_spawns():
    for card in ("perfect_weather", "indian_summer"):
        s, ids = _s(card)
        s.pending = None
        s.players[0].had_turn = False
        s.queue = ["pturn 0"]
        s = E.step(s)
        assert s.pending.kind == "card_spawn" and ids[0] not in s.pending.choices
        s = E.apply(s, TileMove(tile=ids[2]))
        assert s.wild[0].tile == ids[2] and s.wild[0].strength == 3
        s = E.advance(s)
        assert s.pending.kind == "turn" and s.pending.seat == 0
        # only on the first turn of the month
        s.pending = None
        s.queue = ["pturn 0"]
        s = E.advance(s)
        assert s.pending.kind == "turn"


def test_humid_days_doubles_the_water():
    s, _ = _s("humid_days")
    p = s.players[0]
    p.workers = p.unassigned = 6
    p.water = 3
    assert CoolMove() not in E.legal_moves(s)
    p.water = 4
    s = E.apply(s, CoolMove())
    assert s.players[0].water == 0


def test_culling_of_the_drones_and_buttoned_up_act_next_month():
    s, _ = _s("culling_of_the_drones", month=9)
    p = s.players[0]
    p.workers, p.honey = 9, 10
    assert months.feeding_numbers(s, p, False)[0] == 3
    # drawn in November, its next month is December: the winter's own rule stands there (one honey for
    # every three bees, rounded down: 9 bees eat 3, 8 eat 2), which the card could only make dearer
    assert months.feeding_numbers(s, p, True)[0] == 3
    p.workers = 8
    assert months.feeding_numbers(s, p, True)[0] == 2 and months.feeding_numbers(s, p, False)[0] == 3
    s, _ = _s("buttoned_up")
    p = s.players[0]
    p.nest, p.pollen = 3, 3
    months.t_brood(s, [])
    assert p.workers == 3 and p.nest == 0 and not p.paused


def test_on_guard_and_summer_storms(monkeypatch):
    s, ids = _s("on_guard", n=2, queens=["aggressive", "prolific"])
    s.players[1].hive = ids[2]
    s.players[1].honey = 9
    s.players[0].workers = s.players[0].unassigned = 4
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [1])
    s = E.apply(s, RaidMove(target="p1", bees=2))
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove())
    assert s.players[0].honey == 1 + 1 + 1  # dice, aggressive (2 // 2), On Guard
    s, ids = _s("summer_storms", n=2, queens=["prolific", "prolific"])
    s.players[1].hive = ids[2]
    s.players[1].honey = 9
    s.players[1].workers = s.players[1].unassigned = 10
    s.players[0].workers = s.players[0].unassigned = 4
    monkeypatch.setattr(raids, "raid_dice", lambda state, n: [4])
    s = E.apply(s, RaidMove(target="p1", bees=4))
    s = E.apply(s, RerollMove(reroll=False))
    s = E.apply(s, SacrificeMove())
    assert s.players[0].honey == 4 - 2


def test_overheating_cards_drive_the_wild_hives_to_wet_tiles():
    s, ids = _s("oppressive_heat", month=5)
    s.pending = None
    s.wild[0].tile, s.wild[0].strength = ids[2], 2
    s.players[0].workers = s.players[0].unassigned = 9
    wildhives.t_wturn(s, ["0"])
    assert s.wild[0].tokens == [ids[3]]


def test_keep_move_for_a_single_kind_is_automatic(monkeypatch):
    s, _ids = _s("first_bloom")
    drawn = iter(["wet", "wet"])

    def fake(state):
        k = next(drawn)
        state.bag[k] -= 1
        return k

    monkeypatch.setattr(actions, "draw_tile", fake)
    s = E.apply(s, ScoutMove(q=-1, r=0))
    assert s.pending is None and s.tiles[-1].kind == "wet" and KeepMove
