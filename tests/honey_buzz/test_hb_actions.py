"""The six hive actions: Forage, Produce, New Bee, Decree, Accounting, Market (sales and orders)."""

import pytest

from beegames.core.errors import IllegalMove
from beegames.games.honey_buzz import turns
from beegames.games.honey_buzz.data import game_data
from beegames.games.honey_buzz.models import (
    DropMove,
    FanMove,
    ForageMove,
    NectarTile,
    OrderMove,
    SellMove,
)

from .hb_helpers import ENGINE, add_tile, check, new, play, set_cell

COLS = {c.resource: c.values for c in game_data().market.columns}
BOTTOM = {r: len(v) - 1 for r, v in COLS.items()}


def owe(s, *actions):
    """Make the current player owe ``actions`` and start the first."""
    s.todo = list(actions)
    s.pending = None
    turns.next_action(s)
    return s


def rosemary_cell(s, seat=0):
    """Close cell (1,4) (Rosemary) in the starred starting hive."""
    add_tile(s, seat, (1, 5), (1, 6), "market")
    return (1, 4)


# -- forage ----------------------------------------------------------------------------------------


def test_forage_moves_one_space_free_then_two_coins_per_extra_space():
    s = new(2)
    s.players[0].forage = (1, -1)
    s.players[0].coins = 4
    s = owe(s, "forage")
    dests = {m.to for m in ENGINE.legal_moves(s)}
    # one space free, then 2 coins per extra space: 4 coins reach distance 3
    assert (1, 0) in dests and (1, 2) in dests and (0, 1) in dests
    assert (1, 3) not in dests and (3, 1) not in dests
    s.field[1 * 6 + 2] = None
    s2 = play(s, ForageMove(to=(1, 2)))
    assert s2.players[0].coins == 0 and s2.players[0].forage == (1, 2)
    with pytest.raises(IllegalMove, match="costs 6"):
        ENGINE.apply(s, ForageMove(to=(1, 3)))


def test_forage_collects_nectar_into_a_matching_empty_cell():
    s = new(2)
    cell = rosemary_cell(s)
    s.players[0].forage = (0, -1)
    s.field[0] = NectarTile(kind="R")
    j = next(i for i, t in enumerate(s.field) if t is not None and t.kind == "R" and i != 0)
    s.field[j] = None  # keep the count of Rosemary tiles right
    s = owe(s, "forage")
    assert ForageMove(to=(0, 0), cell=cell) in ENGINE.legal_moves(s)
    assert ForageMove(to=(0, 0)) not in ENGINE.legal_moves(s), "a storable tile must be collected"
    with pytest.raises(IllegalMove, match="must collect"):
        ENGINE.apply(s, ForageMove(to=(0, 0)))
    s = play(s, ForageMove(to=(0, 0), cell=cell))
    c = s.players[0].cells[0]
    assert c.nectar is not None and c.nectar.kind == "R" and not c.honey
    assert s.field[0] is None and s.players[0].pollen == 0
    check(s)


def test_forage_gains_pollen_on_an_empty_space_or_an_unstorable_tile():
    s = new(2)
    s.players[0].forage = (0, -1)
    s.field[0] = s.field[0] or NectarTile(kind="W")
    s = owe(s, "forage")
    s1 = play(s, ForageMove(to=(0, 0)))
    assert s1.players[0].pollen == 1 and s1.supply_pollen == 13 and s1.field[0] is not None
    s.supply_pollen = 0
    s.players[1].pollen = 14
    s2 = play(s, ForageMove(to=(0, 0)))
    assert s2.players[0].pollen == 0, "no pollen left in the supply"
    s2 = play(s, ForageMove(to=(0, -1)))
    assert s2.players[0].forage == (0, -1), "staying put is allowed"


def test_forage_tokens_share_spaces():
    s = new(2)
    s.players[0].forage = (0, -1)
    s.players[1].forage = (0, 0)
    s = owe(s, "forage")
    assert any(m.to == (0, 0) for m in ENGINE.legal_moves(s))
    assert any(m.to == (0, 2) for m in ENGINE.legal_moves(s)), "tokens do not block movement"


# -- produce ----------------------------------------------------------------------------------------


def produce_hive(s):
    """Two Rosemary-ready cells next to the tile hex (1,3)? Build cells round (2,3)."""
    add_tile(s, 0, (1, 5), (1, 6), "market")  # closes (1,4)
    add_tile(s, 0, (3, 2), (3, 1), "market")  # closes (3,3)
    return (1, 4), (3, 3)


def test_produce_fills_each_adjacent_nectar_tile_once():
    s = new(2)
    a, b = produce_hive(s)
    set_cell(s, 0, a, "R")
    set_cell(s, 0, b, "R", honey=True)
    s = owe(s, "produce")
    # (2,3) and (2,4) touch both cells
    s1 = play(s, FanMove(space=(2, 4)))
    cells = {c.site: c for c in s1.players[0].cells}
    assert cells[a].honey and cells[b].honey, "one honey each; the full one stays at one"
    assert s1.supply_honey[1] == 6 - 2
    s2 = play(s, FanMove(space=(1, 6)))
    assert {c.site: c.honey for c in s2.players[0].cells} == {a: False, b: True}, "(1,6) touches no nectar"
    with pytest.raises(IllegalMove, match="own hive"):
        ENGINE.apply(s, FanMove(space=(9, 9)))
    check(s1)


def test_produce_is_limited_by_the_honey_supply():
    s = new(2)
    a, b = produce_hive(s)
    set_cell(s, 0, a, "R")
    set_cell(s, 0, b, "R")
    s.supply_honey[1] = 1
    s = owe(s, "produce")
    s1 = ENGINE.apply(s, FanMove(space=(2, 4)))
    assert sum(c.honey for c in s1.players[0].cells) == 1 and s1.supply_honey[1] == 0


# -- new bee, accounting ------------------------------------------------------------------------------


def test_new_bee_goes_to_the_nursery_and_counts_at_once():
    s = new(2, contests="star")  # III-1: own 5 workers
    p = s.players[1]
    s.current = 1
    s.pending = s.pending.model_copy(update={"seat": 1})
    p.supply, p.available = 6, 4  # owns 4 workers
    s = owe(s, "newbee")
    p = s.players[1]
    assert p.nursery == 1 and p.supply == 5 and p.available == 4
    assert s.speed_done[2] == [1] and p.coins == 10 + 20, "counts toward contests before it is recalled"
    check(s)


def test_new_bee_with_no_worker_left_does_nothing():
    s = new(2)
    p = s.players[0]
    p.supply, p.available = 0, 10
    s = owe(s, "newbee")
    assert s.players[0].nursery == 0 and "nothing" in " ".join(s.log[-3:])


def test_accounting_gains_five_coins():
    s = new(2)
    s = owe(s, "accounting")
    assert s.players[0].coins == 10


# -- market: sales ------------------------------------------------------------------------------------------


def honey_hive(s, n_honey=2):
    a, b = produce_hive(s)
    set_cell(s, 0, a, "R", honey=n_honey >= 1)
    set_cell(s, 0, b, "R", honey=n_honey >= 2)
    return a, b


def test_sell_gains_the_current_value_per_unit_and_drops_one_space():
    s = new(2)  # two players: markers one space down
    a, b = honey_hive(s)
    s = owe(s, "market")
    assert ENGINE.decision(s).kind == "market"
    moves = ENGINE.legal_moves(s)
    assert SellMove(resource="R", count=2, tiles=(a, b)) in moves
    assert SellMove(resource="R", count=1, tiles=(a,)) in moves
    s1 = play(s, SellMove(resource="R", count=2, tiles=(a, b)))
    assert s1.players[0].coins == 5 + 2 * COLS["R"][1]
    assert s1.market[2] == 2, "one drop per sale, whatever the quantity"
    assert not any(c.honey for c in s1.players[0].cells) and s1.supply_honey[2 - 1] == 6
    assert s1.players[0].best_sale == 2
    check(s1)
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, SellMove(resource="R", count=2, tiles=(a, a)))
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, SellMove(resource="W", count=1, tiles=(a,)))


def test_sell_pollen():
    s = new(2)
    s.players[0].pollen = 3
    s.supply_pollen -= 3
    s = owe(s, "market")
    s = play(s, SellMove(resource="P", count=3))
    assert s.players[0].coins == 5 + 3 * COLS["P"][1] and s.players[0].pollen == 0 and s.market[0] == 2


def test_a_value_at_the_bottom_drops_another_of_your_choice():
    s = new(2)
    s.players[0].pollen = 1
    s.supply_pollen -= 1
    s.market[0] = BOTTOM["P"]  # pollen at the bottom
    s.market[1] = BOTTOM["W"]  # wildflower too
    s = owe(s, "market")
    s = play(s, SellMove(resource="P", count=1))
    assert s.players[0].coins == 5 + COLS["P"][-1]
    d = ENGINE.decision(s)
    assert d.kind == "drop" and set(s.pending.choices) == {"R", "C", "A"}
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, DropMove(resource="W"))
    s = play(s, DropMove(resource="C"))
    assert s.market == [BOTTOM["P"], BOTTOM["W"], 1, 2, 1]


def test_drop_redirect_is_automatic_with_one_choice_and_nothing_when_all_are_down():
    s = new(2)
    s.players[0].pollen = 2
    s.supply_pollen -= 2
    s.market = [BOTTOM[r] for r in "PWRC"] + [1]
    s = owe(s, "market")
    s = play(s, SellMove(resource="P", count=1))
    assert s.market == [BOTTOM[r] for r in "PWRC"] + [2]
    s.market = [BOTTOM[r] for r in "PWRCA"]
    s.todo = ["market"]
    s.current = 0
    s.pending = None
    turns.next_action(s)
    s = play(s, SellMove(resource="P", count=1))
    assert s.market == [BOTTOM[r] for r in "PWRCA"], "nothing can drop"


# -- market: orders -------------------------------------------------------------------------------------------


def swap_order(s, k, oid):
    """Make ``oid`` the face-up order of stack ``k`` (swapping it with wherever it was)."""
    old = s.orders_up[k]
    for where in [s.orders_box, *s.order_stacks]:
        if oid in where:
            where[where.index(oid)] = old
            break
    else:
        other = s.orders_up.index(oid)
        s.orders_up[other] = old
    s.orders_up[k] = oid


def test_complete_an_order_owes_its_stack_action_and_flips_at_the_end_of_the_turn():
    s = new(2)
    a, b = honey_hive(s)
    s.players[0].pollen = 3
    s.supply_pollen -= 3
    swap_order(s, 1, "S06")  # 1 Rosemary 1 Pollen, on the Produce stack
    s = owe(s, "market")
    check(s)
    moves = [m for m in ENGINE.legal_moves(s) if isinstance(m, OrderMove)]
    assert OrderMove(order="S06", tiles=(a,)) in moves and OrderMove(order="S06", tiles=(b,)) in moves
    with pytest.raises(IllegalMove, match="exactly"):
        ENGINE.apply(s, OrderMove(order="S06", tiles=(a, b)))
    nxt = s.order_stacks[1][0]
    s = play(s, OrderMove(order="S06", tiles=(a,)))
    p = s.players[0]
    assert p.orders == ["S06"] and p.pollen == 2
    assert s.orders_up[1] is None, "the next order is flipped only at the end of the turn"
    assert ENGINE.decision(s).kind == "produce", "the Produce stack's action is owed"
    s = play(s, FanMove(space=(2, 4)))
    assert s.orders_up[1] == nxt and s.current == 1


def test_forage_moves_only_orthogonally():
    s = new(2)
    s.players[0].forage = (1, 1)
    s.players[0].coins = 1
    s = owe(s, "forage")
    dests = {m.to for m in ENGINE.legal_moves(s)}
    assert {(0, 1), (2, 1), (1, 0), (1, 2), (1, 1)} <= dests
    assert not {(0, 0), (0, 2), (2, 0), (2, 2)} & dests, "a diagonal step is two orthogonal moves"
    assert all(d[1] >= 0 for d in dests), "a start spot is never re-entered"
