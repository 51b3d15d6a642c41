"""The component list and every table of the book, as loaded from assets/honey_buzz."""

import pytest
from pydantic import ValidationError

from beegames.core.assets import load_json
from beegames.games.honey_buzz.data import (
    Components,
    Configurations,
    Contests,
    Drones,
    Market,
    Orders,
    Setup,
    game_data,
)

D = game_data()


def test_component_counts():
    c = D.components
    assert sum(c.standard_tiles.values()) == 63, "63 standard hive tiles in six types"
    assert len(c.standard_tiles) == 6
    assert len(c.starting_tiles) * 4 == 16, "16 starting hive tiles, 4 per colour"
    assert c.workers_per_player * 4 == 40, "40 worker beeples"
    assert len(D.orders.cards) == c.order_cards == 26
    assert len(D.configurations.cards) == 18
    assert c.nectar_per_type * 4 == 24, "24 nectar tiles"
    assert c.pollen == 15
    assert len(D.contests.multiplayer) == 12 and len(D.contests.solo) == 12
    assert c.honey_per_type * 4 == 28, "28 honey"
    assert len(D.drones.cards) == 10 and len(D.drones.drones) == 2
    assert len(c.colours) == 4


def test_starting_tiles_carry_the_four_basic_icons():
    # Forage, Produce, New Bee and Decree are on starting and standard tiles; Market and Accounting
    # only on standard tiles
    assert sorted(D.components.starting_tiles) == ["decree", "forage", "newbee", "produce"]


def test_costs_and_gains():
    c = D.components
    assert c.decree_cost == 5
    assert c.accounting_coins == 5
    assert c.forage_free_spaces == 1 and c.forage_extra_cost == 2
    assert c.final_payouts == [20, 10, 5]


def test_table_a_speed_payouts():
    assert D.setup.speed_payouts == {"2": [20], "3": [20, 10], "4": [20, 10, 5]}


def test_table_b_order_stacks():
    s = D.setup.order_stacks
    assert (s["2"].large, s["2"].small) == (2, 1)
    assert (s["3"].large, s["3"].small) == (2, 2)
    assert (s["4"].large, s["4"].small) == (2, 3)


def test_table_c_workers_and_coins():
    assert [(r.workers, r.coins) for r in D.setup.seat_start] == [(1, 5), (1, 10), (1, 15), (2, 5)]


def test_tables_d_and_f_nectar_removed():
    assert D.setup.nectar_removed_per_type == {"2": 2, "3": 1, "4": 0}
    assert D.setup.advanced_removed_per_group == {"2": 2, "3": 1, "4": 0}


def test_table_g_solo_minimums_and_table_i_ranks():
    assert [(lv.name, lv.minimum) for lv in D.solo.levels] == [
        ("Egg", 25), ("Larva", 30), ("Pupa", 35), ("Adult", 40), ("Queen", 45)]
    assert [(r.start, r.title) for r in D.solo.ranks] == [
        (0, "Humble Bumbler"), (80, "Scout Leader"), (100, "Apiculture Expert"), (120, "Honey Tycoon"),
        (140, "Hive Royalty")]
    assert D.solo.rank(79) == "Humble Bumbler" and D.solo.rank(80) == "Scout Leader"
    assert D.solo.rank(139) == "Honey Tycoon" and D.solo.rank(140) == "Hive Royalty"


def test_hive_board_sides():
    two = D.setup.boxes(2)
    four = D.setup.boxes(4)
    assert len(two) == 5 and two["decree_accounting"] == ["decree", "accounting"]
    assert len(four) == 6 and all(len(v) == 1 for v in four.values())


def test_drones_move_on_their_own_sides():
    a, b = D.drones.drones
    assert sorted(a.boxes) == ["decree_accounting", "newbee"] and a.start == "decree_accounting"
    assert sorted(b.boxes) == ["forage", "market", "produce"] and b.start == "market"


def test_order_points_follow_the_documented_formula():
    o = D.orders
    for card in o.cards:
        want = sum(o.unit_values[r] * k for r, k in card.needs.items()) + o.size_bonus[card.size]
        assert card.points == want, card.id
        assert (2 <= card.units <= 3) if card.size == "small" else (4 <= card.units <= 5)
    assert sorted(o.stack_actions) == ["forage", "market", "produce"]


def test_market_columns_fall_and_rank_honey_by_tiles_needed():
    cols = {c.resource: c.values for c in D.market.columns}
    assert list(cols) == ["P", "W", "R", "C", "A"]
    # "the more hive tiles are required for the nectar, the more valuable the honey"
    for i in range(len(cols["W"])):
        assert cols["W"][i] <= cols["R"][i] <= cols["C"][i] <= cols["A"][i]


def test_contest_cards_one_star_per_colour():
    for cards in (D.contests.multiplayer, D.contests.solo):
        for colour in ("I", "II", "III"):
            assert sum(c.star for c in cards if c.colour == colour) == 1
    assert all(len(c.tiers) == 4 for c in D.contests.solo), "four scoring tiers"


@pytest.mark.parametrize("model,name,mutate", [
    (Components, "components.json", lambda d: d["standard_tiles"].pop("market")),
    (Setup, "setup.json", lambda d: d["speed_payouts"].update({"2": [20, 10]})),
    (Market, "market.json", lambda d: d["columns"][0]["values"].reverse()),
    (Orders, "orders.json", lambda d: d["cards"][1].update(id=d["cards"][0]["id"])),
    (Contests, "contests.json", lambda d: d["multiplayer"][0].update(metric="charm")),
    (Drones, "drones.json", lambda d: d["drones"][0].update(start="market")),
    (Configurations, "configurations.json", lambda d: d["cards"][1]["slots"][0].__setitem__(1, [5, 5])),
])
def test_bad_data_is_refused(model, name, mutate):
    data = load_json("honey_buzz", name)
    model.model_validate(data)
    mutate(data)
    with pytest.raises(ValidationError):
        model.model_validate(data)
