"""The two turn types: Take a Tile (beeline, expand, hive actions) and Recall Workers (with the scout)."""

import pytest

from beegames.core.errors import IllegalMove
from beegames.games.honey_buzz import turns
from beegames.games.honey_buzz.models import ActMove, Beeline, FanMove, PlaceMove, RecallMove, TakeMove

from .hb_helpers import ENGINE, add_tile, as_kind, check, empty_hive, new, play


def kinds(moves):
    return {(m.tile, m.workers) for m in moves if isinstance(m, TakeMove)}


def test_first_beeline_any_height_then_exactly_one_taller():
    s = new(4)
    s.players[0].available = 3
    assert {("forage", 1), ("forage", 2), ("forage", 3)} <= kinds(ENGINE.legal_moves(s))
    s = play(s, TakeMove(tile="forage", workers=2))
    assert s.boxes["forage"] == [Beeline(seat=0, height=2)]
    assert s.players[0].available == 1
    # seat 1 (one worker) cannot enter the Forage box: it needs exactly 3
    s.pending = as_kind(s.pending, "turn", seat=1)
    s.current = 1
    s.players[1].available = 3
    assert ("forage", 3) in kinds(ENGINE.legal_moves(s))
    assert not {("forage", 1), ("forage", 2)} & kinds(ENGINE.legal_moves(s))
    with pytest.raises(IllegalMove, match="exactly 3"):
        ENGINE.apply(s, TakeMove(tile="forage", workers=2))
    s.players[1].available = 2
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, TakeMove(tile="forage", workers=3))
    assert not any(t == "forage" for t, _ in kinds(ENGINE.legal_moves(s)))


def test_own_beelines_count_too():
    s = new(4)
    s.players[0].available = 3
    s.boxes["produce"] = [Beeline(seat=0, height=1)]
    s.players[0].available = 2
    assert kinds(ENGINE.legal_moves(s)) >= {("produce", 2)}
    assert ("produce", 1) not in kinds(ENGINE.legal_moves(s))


def test_decree_costs_five_coins():
    s = new(4)  # seat 0 has 5 coins
    assert ("decree", 1) in kinds(ENGINE.legal_moves(s))
    s2 = play(s, TakeMove(tile="decree", workers=1))
    assert s2.players[0].coins == 0 and s2.holding == "decree"
    s.players[0].coins = 4
    assert ("decree", 1) not in kinds(ENGINE.legal_moves(s))
    with pytest.raises(IllegalMove, match="5 coins"):
        ENGINE.apply(s, TakeMove(tile="decree", workers=1))


@pytest.mark.parametrize("kind", ["forage", "produce", "market", "newbee", "accounting"])
def test_no_other_tile_costs_coins(kind):
    s = new(4)
    s2 = play(s, TakeMove(tile=kind, workers=1))
    assert s2.players[0].coins == s.players[0].coins and s2.holding == kind


def test_two_player_board_shares_the_decree_accounting_box():
    s = new(2)
    assert "decree_accounting" in s.boxes and "decree" not in s.boxes
    s.players[0].available = 3
    s = play(s, TakeMove(tile="accounting", workers=1))
    assert s.boxes["decree_accounting"] == [Beeline(seat=0, height=1)]
    assert s.holding == "accounting" and s.players[0].coins == 5, "no cost for Accounting"
    s.holding = None
    s.pending = as_kind(s.pending, "turn")
    s.players[0].coins = 5
    # the Decree stack is in the same box: the beeline must be taller, and Decree still costs 5
    assert ("decree", 2) in kinds(ENGINE.legal_moves(s))
    assert ("decree", 1) not in kinds(ENGINE.legal_moves(s))


def test_empty_stack_cannot_be_chosen():
    s = new(3)
    s.stacks["market"] = 0
    assert not any(t == "market" for t, _ in kinds(ENGINE.legal_moves(s)))
    with pytest.raises(IllegalMove, match="empty"):
        ENGINE.apply(s, TakeMove(tile="market", workers=1))


def test_no_workers_means_recall():
    s = new(2)
    s.players[0].available = 0
    s.boxes["forage"] = [Beeline(seat=0, height=1)]
    moves = ENGINE.legal_moves(s)
    assert moves and all(isinstance(m, RecallMove) for m in moves)
    # the list says why each tile is refused in words a newcomer reads ("only 0 workers" before)
    assert turns.why_not_take(s, "produce", 1) == "You have no worker free: recall them from the hive board first."
    s.players[0].available = 1
    assert turns.why_not_take(s, "produce", 2) == "You have only 1 worker free."
    # with a beeline in the box already, the refusal says why one worker is not enough
    s.boxes["produce"] = [Beeline(seat=0, height=1)]
    assert turns.why_not_take(s, "produce", 2) == ("A beeline in the Produce box must be one taller than the "
                                                   "tallest there, 2 workers; you have only 1 worker free.")


def test_recall_brings_back_every_worker_and_the_nursery():
    s = new(2)
    s.players[0].available = 0
    s.players[0].supply = 6
    s.players[0].nursery = 1
    s.boxes["forage"] = [Beeline(seat=1, height=1), Beeline(seat=0, height=2)]
    s.boxes["market"] = [Beeline(seat=0, height=1)]
    s.players[1].available = 0
    check(s)
    s = play(s, RecallMove())
    assert s.players[0].available == 4 and s.players[0].nursery == 0
    assert s.boxes["forage"] == [Beeline(seat=1, height=1)] and s.boxes["market"] == []
    assert s.current == 1, "the turn is over"
    check(s)


def test_scout_moves_at_most_one_space_and_collects_nothing():
    s = new(2)
    start = s.players[0].forage
    targets = {m.scout for m in ENGINE.legal_moves(s) if isinstance(m, RecallMove)}
    assert targets == {None, (start[0], 0)}, "from a start spot the only step is into the field"
    s = play(s, RecallMove(scout=(start[0], 0)))
    assert s.players[0].forage == (start[0], 0)
    assert s.players[0].pollen == 0 and all(not c.nectar for c in s.players[0].cells)
    s.current = 0
    s.pending = s.pending.model_copy(update={"seat": 0})
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, RecallMove(scout=(start[0], 2)))
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, RecallMove(scout=(start[0] + 1, 1)))


def test_placement_must_touch_yellow_to_yellow_and_not_overlap():
    s = new(2)
    s = play(s, TakeMove(tile="market", workers=1))
    legal = ENGINE.legal_moves(s)
    assert all(isinstance(m, PlaceMove) for m in legal)
    assert len(legal) == 2 * len({m.hexes for m in legal})
    for bad, why in [(((5, 9), (6, 8)), "touch"), (((0, 4), (1, 4)), "dark edge"), (((0, 5), (-1, 6)), "covered"),
                     (((1, 5), (2, 6)), "next to each other")]:
        with pytest.raises(IllegalMove, match=why):
            ENGINE.apply(s, PlaceMove(hexes=bad, icon=bad[0]))
    with pytest.raises(IllegalMove, match="icon"):
        ENGINE.apply(s, PlaceMove(hexes=((1, 5), (1, 6)), icon=(9, 9)))


def test_closing_a_cell_wakes_every_icon_round_it_including_the_new_tile():
    s = new(2)  # starred configuration: New Bee (0,4), Forage (2,3), Decree (2,4), Produce (4,3)
    s = play(s, TakeMove(tile="produce", workers=1))
    s = play(s, PlaceMove(hexes=((1, 5), (1, 6)), icon=(1, 5)))
    p = s.players[0]
    assert [(c.site, c.accepts) for c in p.cells] == [((1, 4), "R")]
    assert p.nursery == 1, "New Bee is taken at once"
    d = ENGINE.decision(s)
    assert d.kind == "action" and sorted(s.todo) == ["decree", "forage", "produce"]
    check(s)


def test_icon_away_from_the_new_cell_is_not_woken():
    s = new(2)
    s = play(s, TakeMove(tile="produce", workers=1))
    s = play(s, PlaceMove(hexes=((1, 5), (1, 6)), icon=(1, 6)))
    assert sorted(s.todo) == ["decree", "forage"]


def three_cell_hive(s, seat):
    """A hive where the tile (1,0)-(0,1) closes (0,0), (1,1) and (2,-1) at once."""
    empty_hive(s, seat)
    for a, b, kind in [((-1, 1), (-1, 0), "forage"), ((0, -1), (1, -1), "market"), ((2, -2), (3, -2), "market"),
                       ((2, 0), (3, -1), "produce"), ((2, 1), (1, 2), "accounting"), ((0, 2), (-1, 3), "produce")]:
        assert not add_tile(s, seat, a, b, kind, icon=a, take=False)


def test_each_icon_once_per_turn_and_every_copy_counts():
    s = new(2)
    three_cell_hive(s, 0)
    s.holding = "forage"
    s.pending = as_kind(s.pending, "place")
    s = play(s, PlaceMove(hexes=((1, 0), (0, 1)), icon=(1, 0)))
    p = s.players[0]
    assert sorted(c.site for c in p.cells) == [(0, 0), (1, 1), (2, -1)]
    # the new Forage icon on (1,0) touches all three new cells but acts once, Forage (-1,1) acts too;
    # Produce (2,0) touches two new cells but acts once, Produce (0,2) acts too; both Market icons act;
    # Accounting (2,1) is taken at once
    assert sorted(s.todo) == ["forage", "forage", "market", "market", "produce", "produce"]
    assert p.coins == 5 + 5


def test_actions_in_any_order_and_all_must_be_taken():
    s = new(2)
    s = play(s, TakeMove(tile="produce", workers=1))
    s = play(s, PlaceMove(hexes=((1, 5), (1, 6)), icon=(1, 5)))
    acts = ENGINE.legal_moves(s)
    assert ActMove(action="produce") in acts and ActMove(action="forage") in acts
    assert {m.choice for m in acts if m.action == "decree"} == {"forage", "produce", "market", "newbee",
                                                                  "accounting"}
    s = play(s, ActMove(action="produce"))
    assert ENGINE.decision(s).kind == "produce"
    s = play(s, ENGINE.legal_moves(s)[0])
    assert ENGINE.decision(s).kind == "action", "two actions still owed"
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, ActMove(action="produce"))
    s = play(s, ActMove(action="decree", choice="accounting"))
    assert s.players[0].coins == 10
    assert ENGINE.decision(s).kind == "forage", "the last owed action starts by itself"
    s = play(s, ENGINE.legal_moves(s)[0])
    assert s.current == 1 and ENGINE.decision(s).kind == "turn"
    check(s)


def test_decree_may_repeat_an_action_already_taken():
    s = new(2)
    s = play(s, TakeMove(tile="produce", workers=1))
    s = play(s, PlaceMove(hexes=((1, 5), (1, 6)), icon=(1, 5)))
    s = play(s, ActMove(action="produce"), FanMove(space=(0, 4)))
    s = play(s, ActMove(action="decree", choice="produce"))
    assert ENGINE.decision(s).kind == "produce"


def test_market_with_nothing_to_sell_is_skipped():
    s = new(2)
    s.todo = ["market"]
    from beegames.games.honey_buzz import turns

    turns.next_action(s)
    assert s.current == 1 and any("nothing to sell" in line for line in s.log[-3:])
