"""Queen's contests (speed and final, ties), end triggers, final scoring and tie-breakers."""

import pytest

from beegames.games.honey_buzz import contests, scoring, turns
from beegames.games.honey_buzz.contests import final_payouts, solo_tier_points
from beegames.games.honey_buzz.data import game_data
from beegames.games.honey_buzz.models import RecallMove, SellMove

from .hb_helpers import ENGINE, check, new, play

PAY = [20, 10, 5]


@pytest.mark.parametrize("values,points", [
    ([5, 4, 3, 2], [20, 10, 5, 0]),        # the lone last player never gets a payout
    ([5, 3, 3, 1], [20, 10, 10, 0]),       # two tied: both paid, the next place is skipped
    ([5, 5, 3, 1], [20, 20, 5, 0]),
    ([5, 5, 5, 1], [20, 20, 20, 0]),       # three tied: full payout, nothing more
    ([3, 2, 2, 2], [20, 10, 10, 10]),      # tied for last: normal payouts
    ([5, 3, 1, 1], [20, 10, 5, 5]),
    ([1, 1, 1, 1], [20, 20, 20, 20]),
    ([4, 2, 2], [20, 10, 10]),
    ([4, 4, 1], [20, 20, 0]),
    ([3, 1], [20, 0]),
    ([2, 2], [20, 20]),
    ([0, 0, 7], [10, 10, 20]),       # the two tied last players get the 2nd place payout
])
def test_final_contest_payouts(values, points):
    assert final_payouts(values, PAY) == points


@pytest.mark.parametrize("n,pays", [(2, [20, 0]), (3, [20, 10, 0]), (4, [20, 10, 5, 0])])
def test_speed_contest_pays_in_finishing_order_and_never_the_last(n, pays):
    s = new(n, contests="star")  # III-1: own five workers
    for seat in range(n):
        p = s.players[seat]
        before = p.coins
        p.supply -= 4
        p.available += 4
        contests.check_speed(s, seat)
        assert p.coins - before == pays[seat]
        assert s.speed_done[2] == list(range(seat + 1))
    contests.check_speed(s, 0)
    assert s.speed_done[2] == list(range(n)), "paid once per contest"


def test_speed_contest_metrics():
    s = new(2, contests="star")
    assert [game_data().contest(c).metric for c in s.contests] == ["nectar_clusters", "nectar_types", "workers"]
    assert contests.metric(s, 0, "workers") == 1 and contests.metric(s, 1, "hive_tiles") == 4


def test_solo_tiers_take_the_highest_reached():
    card = game_data().contest("SI-4")  # cells: 6 / 8 / 10 / 12
    assert [solo_tier_points(card, v) for v in (0, 5, 6, 7, 8, 11, 12, 30)] == [0, 0, 5, 5, 10, 15, 20, 20]


# -- end of the game ---------------------------------------------------------------------------------------


def to_bottom(s, resources):
    for r in resources:
        i = "PWRCA".index(r)
        s.market[i] = len(game_data().market.columns[i].values) - 1


def test_four_values_at_the_bottom_trigger_the_end_and_the_round_is_finished():
    s = new(3)
    s.current = 1
    s.pending = s.pending.model_copy(update={"seat": 1})
    to_bottom(s, "WRC")
    s.players[1].pollen = 1
    s.supply_pollen -= 1
    s.market[0] = 4
    s.todo = ["market"]
    s.pending = None
    turns.next_action(s)
    s = play(s, SellMove(resource="P", count=1))
    assert s.end_triggered and s.end_reason.startswith("four market values")
    assert s.current == 2 and s.phase == "play", "the last seat still plays"
    s = play(s, RecallMove())
    assert s.phase == "over" and ENGINE.result(s) is not None
    assert s.turn == 1, "seat 0 does not play again: everyone had one turn"
    check(s)


def test_two_empty_order_stacks_trigger_the_end():
    s = new(4)
    for k in (0, 2):
        s.orders_box += [o for o in [s.orders_up[k], *s.order_stacks[k]] if o]
        s.orders_up[k] = None
        s.order_stacks[k] = []
    turns.check_triggers(s)
    assert s.end_triggered and s.end_reason == "two order stacks are empty"


def test_one_empty_stack_or_three_bottom_values_do_not():
    s = new(4)
    s.orders_box += [o for o in [s.orders_up[0], *s.order_stacks[0]] if o]
    s.orders_up[0] = None
    s.order_stacks[0] = []
    to_bottom(s, "PWR")
    turns.check_triggers(s)
    assert not s.end_triggered


def test_trigger_on_the_last_seats_turn_ends_the_game_after_it():
    s = new(2)
    s.current = 1
    s.pending = s.pending.model_copy(update={"seat": 1})
    to_bottom(s, "PWRC")
    turns.check_triggers(s)
    s = play(s, RecallMove())
    assert s.phase == "over"


def test_no_tile_anyone_can_take_ends_the_game():
    s = new(2)
    for k in s.stacks:
        s.stacks[k] = 0
    s.stacks["decree"] = 2
    for p in s.players:
        p.coins = 4
    turns.check_triggers(s)
    assert not s.end_triggered, "judged only at the end of a turn"
    turns.check_triggers(s, turn_over=True)
    assert s.end_triggered and "Decree" in s.end_reason
    # the log says why a game ends on a condition the book does not name
    assert s.log[-1] == ("The end of the game is triggered: no player can pay for the Decree tiles left, so no one "
                         "can sell or complete an order again and the book's two end conditions can never be met; "
                         "play goes on until everyone has had the same number of turns.")


def test_with_every_tile_taken_a_four_player_game_plays_the_round_out_by_recalls():
    """A four-player game can take every hive tile (about 3 in 50 simulated games): the end is
    triggered at the end of that turn, and the round is played out (recalls only) as the book's
    ending has it."""
    s = new(4)
    for k in s.stacks:
        s.stacks[k] = 0
    s = play(s, RecallMove())
    assert s.end_triggered and s.end_reason.startswith("every hive tile has been taken, so no one can sell")
    assert s.current == 1 and s.phase == "play"
    for seat in (1, 2, 3):
        assert s.current == seat and all(isinstance(m, RecallMove) for m in ENGINE.legal_moves(s))
        s = play(s, RecallMove())
    assert s.phase == "over"


def test_solitaire_with_every_tile_taken_goes_on_to_a_book_trigger():
    """Solitaire needs no safeguard: with no tile to take the player recalls, and the drones keep
    dropping values and removing orders until one of the book's two triggers comes."""
    s = new(1)
    for k in s.stacks:
        s.stacks[k] = 0
    s = play(s, RecallMove())
    assert not s.end_triggered
    for _ in range(400):
        if s.phase == "over":
            break
        s = play(s, ENGINE.legal_moves(s)[0])
    assert s.phase == "over"
    assert s.end_reason in ("four market values cannot drop further", "two order stacks are empty")


def test_final_scoring_and_tiebreakers():
    s = new(3)
    s.contests = ["I-3", "II-3", "III-3"]  # all final contests: nobody has anything, all tie
    for p in s.players:
        p.coins = 30
    s.players[0].pollen = 2
    s.players[1].pollen = 2
    s.players[0].coins = 30
    s.players[1].orders = ["S01"]
    s01 = game_data().order("S01").points
    s.players[1].coins = 30 - s01
    s.supply_pollen -= 4
    for where in [s.orders_box, *s.order_stacks]:
        if "S01" in where:
            where.remove("S01")
    if "S01" in s.orders_up:
        s.orders_up[s.orders_up.index("S01")] = None
    check(s)
    scoring.finish(s)
    lines = s.final
    assert [f.total for f in lines] == [30 + 2 + 60, 30 - s01 + 2 + 60 + s01, 30 + 60]
    assert [(f.coins, f.resources, f.contests, f.orders) for f in lines][1] == (30 - s01, 2, 60, s01)
    told = [line for line in s.log if line.startswith(f"{s.players[1].name}: ")]
    assert told == [f"{s.players[1].name}: {30 - s01} coins + 2 honey and pollen + 60 from contests + {s01} from "
                    f"1 order = {lines[1].total}."]
    res = ENGINE.result(s)
    assert res.winners == [1] and res.tiebreak == "most completed orders"
    s.players[1].orders = []
    s.players[1].coins = 30
    s.orders_box.append("S01")
    scoring.finish(s)
    res = ENGINE.result(s)
    assert res.winners == [0, 1] and "shared" in res.tiebreak
    s.players[0].pollen = 3
    s.players[0].coins = 29
    s.supply_pollen -= 1
    scoring.finish(s)
    res = ENGINE.result(s)
    assert res.winners == [0] and res.tiebreak == "most remaining honey and pollen"


def test_solo_win_loss_and_rank():
    s = new(1, solo_level=2)  # Larva: 30 contest points
    s.contests = ["SI-4", "SII-4", "SIII-3"]  # cells, pollen, coins
    s.players[0].coins = 40  # SIII-3: 40 coins -> 10 points
    s.players[0].pollen = 8  # SII-4: 8 pollen -> 20 points
    s.supply_pollen -= 8
    scoring.finish(s)
    res = ENGINE.result(s)
    assert s.final[0].contests == 30 and res.winners == [0]
    assert res.scores == [40 + 8 + 30] and "Humble Bumbler" in res.summary
    s.players[0].pollen = 7
    s.supply_pollen += 1
    scoring.finish(s)
    res = ENGINE.result(s)
    assert res.winners == [] and "Lost" in res.summary, "a loss is not scored"


def test_solo_end_on_the_players_turn_ends_the_game_at_once():
    s = new(1)
    to_bottom(s, "PWRC")
    turns.check_triggers(s)
    assert s.end_triggered and not s.end_on_drone_turn
    assert s.phase == "over", "no drone turn, no further turn, not even the rest of this one"


def test_solo_end_on_a_drone_turn_gives_one_more_turn():
    s = new(1)
    s = play(s, RecallMove())
    while s.phase == "drone":
        s = play(s, ENGINE.legal_moves(s)[0])
    assert s.phase == "play" and s.turn == 2
    s.phase = "drone"
    to_bottom(s, "PWRC")
    turns.check_triggers(s)
    s.phase = "play"
    assert s.end_on_drone_turn
    s = play(s, RecallMove())
    assert s.phase == "over"


def test_cannot_complete_two_orders_from_one_stack_in_a_turn():
    from .test_hb_actions import honey_hive, owe, swap_order

    s = new(2)
    _a, _b = honey_hive(s)
    s.players[0].pollen = 2
    s.supply_pollen -= 2
    swap_order(s, 2, "S06")  # Market stack: completing it owes another Market action
    s = owe(s, "market")
    s = play(s, next(m for m in ENGINE.legal_moves(s) if getattr(m, "order", None) == "S06"))
    assert s.orders_up[2] is None
    assert not any(getattr(m, "order", None) and m.order == s.order_stacks[2][0] for m in ENGINE.legal_moves(s))


def test_cluster_and_line_counts_on_a_hive():
    from beegames.games.honey_buzz.models import Cell, HiveTile, NectarTile

    from .test_hb_turns import three_cell_hive

    s = new(2)
    three_cell_hive(s, 0)
    p = s.players[0]
    p.tiles.append(HiveTile(kind="forage", hexes=((1, 0), (0, 1)), icon=(1, 0)))
    p.cells = [Cell(site=x, accepts="R") for x in [(0, 0), (1, 1), (2, -1)]]
    # the three cells round (1,0) form one cluster, empty; (0,0)-(1,1) is a straight line of two
    assert contests.metric(s, 0, "empty_cell_clusters") == 1
    assert contests.metric(s, 0, "nectar_clusters") == 0
    assert contests.metric(s, 0, "longest_line") == 2
    assert contests.metric(s, 0, "cells") == 3
    p.cells = [c.model_copy(update={"nectar": NectarTile(kind="R")}) for c in p.cells]
    assert contests.metric(s, 0, "nectar_clusters") == 1 and contests.metric(s, 0, "empty_cell_clusters") == 0
    assert contests.metric(s, 0, "nectar_types") == 1 and contests.metric(s, 0, "nectar_tiles") == 3
    p.cells[0] = p.cells[0].model_copy(update={"nectar": None})
    assert contests.metric(s, 0, "nectar_clusters") == 0 and contests.metric(s, 0, "empty_cell_clusters") == 0


def test_no_tile_safeguard_waits_for_the_end_of_the_turn():
    """The book has no end for a game where nobody can take a tile; the engine's safeguard must not
    end one early. Coins still owed this turn (here a Decree used as Accounting) can pay for the
    Decree tiles left, so the safeguard is judged only once the turn is over."""
    from beegames.games.honey_buzz.models import ActMove, PlaceMove, TakeMove

    s = new(3)  # starred hive: (1,5)-(1,6) closes (1,4) and wakes New Bee, Forage and Decree
    for k in s.stacks:
        s.stacks[k] = 0
    s.stacks["decree"] = 3
    s.stacks["produce"] = 1
    for p in s.players:
        p.coins = 0
    s = play(s, TakeMove(tile="produce", workers=1), PlaceMove(hexes=((1, 5), (1, 6)), icon=(1, 6)))
    assert not s.end_triggered, "actions are still owed this turn"
    s = play(s, ActMove(action="decree", choice="accounting"))
    assert s.players[0].coins == 5
    s = play(s, ENGINE.legal_moves(s)[0])  # the owed Forage
    assert s.current == 1 and not s.end_triggered, "seat 0 can pay for a Decree tile now"
    # with nobody able to pay at the end of a turn, the safeguard ends the game as before
    s.players[0].coins = 4
    s = play(s, RecallMove())
    assert s.end_triggered and "Decree" in s.end_reason


def test_solo_end_triggered_during_the_turn_ends_the_game_at_once():
    """Issue 19: "If this occurs during one of your turns, the game ends immediately." A sale that
    drives the fourth value to the bottom ends the game there: the Decree still owed this turn
    is never taken (before the fix it was, here as Accounting for 5 more coins)."""
    from beegames.games.honey_buzz.models import ActMove

    s = new(1)
    to_bottom(s, "WRC")
    col = game_data().market.columns[0].values
    s.market[0] = len(col) - 2
    s.players[0].pollen = 1
    s.supply_pollen -= 1
    coins = s.players[0].coins
    s.todo = ["market", "decree"]
    s.pending = None
    turns.next_action(s)
    assert s.pending.kind == "action"
    s = play(s, ActMove(action="market"), SellMove(resource="P", count=1))
    assert s.end_triggered and s.phase == "over" and ENGINE.result(s) is not None
    assert s.players[0].coins == coins + col[len(col) - 2], "only the sale was paid"
    assert not s.todo and ENGINE.decision(s) is None
    assert "ends now" in " ".join(s.log[-6:])
    check(s)
