"""Solitaire against the drones: the deck, the drone actions (every choice the player's), drone movement
and the boxes they block."""

import pytest

from beegames.core.errors import IllegalMove
from beegames.games.honey_buzz.common import manhattan, market_value
from beegames.games.honey_buzz.data import game_data
from beegames.games.honey_buzz.models import (
    DroneHoneyMove,
    DroneNectarMove,
    DroneOrderMove,
    DropMove,
    NectarTile,
    TakeMove,
)

from .hb_helpers import ENGINE, check, new, play

D = game_data()


def drone_turn(s, *cards):
    """Put ``cards`` on top of the drone deck and start a drone turn."""
    deck = [c for c in s.drone_deck if c not in cards]
    s.drone_deck = list(cards) + deck
    s.drone_discard = [c for c in s.drone_discard if c not in cards]
    s.drone_top_box = D.drone_card(s.drone_deck[0]).box
    s.phase = "drone"
    s.pending = None
    s.queue = ["drone_turn"]
    check(s)
    return ENGINE.step(s)


def test_drones_block_their_boxes():
    s = new(1)
    assert s.drones == ["decree_accounting", "market"]
    takes = {m.tile for m in ENGINE.legal_moves(s) if isinstance(m, TakeMove)}
    assert takes == {"forage", "produce", "newbee"}
    with pytest.raises(IllegalMove, match="drone"):
        ENGINE.apply(s, TakeMove(tile="market", workers=1))


def test_flip_action_then_move_the_drone_shown_on_the_new_top_card():
    s = new(1)
    s.market[4] = 0  # Acacia is the highest honey, alone
    s = drone_turn(s, "D2", "D8")  # highest honey and pollen; then the top card shows Forage
    assert s.drone_discard[-1] == "D2" and s.revealed > 0
    assert s.market[0] == 2 and s.market[4] == 1, "pollen and the highest honey drop"
    assert s.drones == ["decree_accounting", "forage"]
    assert s.phase == "play" and ENGINE.decision(s).kind == "turn" and s.turn == 2
    check(s)


def test_reshuffle_when_one_card_is_left():
    s = new(1)
    s.drone_discard = s.drone_deck[:9]
    s.drone_deck = s.drone_deck[9:]
    s.drone_top_box = D.drone_card(s.drone_deck[0]).box
    s.phase = "drone"
    s.pending = None
    s.queue = ["drone_turn"]
    check(s)
    s = ENGINE.step(s)
    assert len(s.drone_deck) == 9 and len(s.drone_discard) == 1
    check(s)


def test_order_card_removes_an_order_of_your_choice_and_flips_the_next():
    s = new(1)
    s = drone_turn(s, "D1", "D3")
    d = ENGINE.decision(s)
    assert d.kind == "drone_order" and d.seat == 0
    up = list(s.orders_up)
    assert {m.order for m in ENGINE.legal_moves(s)} == set(up)
    nxt = s.order_stacks[1][0]
    s = play(s, DroneOrderMove(order=up[1]))
    assert s.orders_removed == [up[1]] and s.orders_up[1] == nxt
    assert s.phase == "play"
    check(s)


def value_at(resource, value):
    return D.market_values(resource).index(value)


def test_highest_honey_tie_is_the_players_choice():
    s = new(1)
    top = D.market_values("R")[0]  # Rosemary's top value; Cherry and Acacia brought down to it
    s.market[2] = 0
    s.market[3] = value_at("C", top)
    s.market[4] = value_at("A", top)
    before = list(s.market)
    s = drone_turn(s, "D2", "D3")
    assert ENGINE.decision(s).kind == "drone_honey"
    assert {m.resource for m in ENGINE.legal_moves(s)} == {"R", "C", "A"}
    s = play(s, DroneHoneyMove(resource="C"))
    assert s.market == [before[0] + 1, before[1], before[2], before[3] + 1, before[4]]


def test_nectar_card_remove_the_closest_tile_or_drop_the_value():
    s = new(1)
    s.players[0].forage = (0, -1)
    s = drone_turn(s, "D5", "D3")  # Rosemary
    assert ENGINE.decision(s).kind == "drone_nectar"
    spots = [m.remove for m in ENGINE.legal_moves(s) if m.remove is not None]
    dist = {manhattan((0, -1), sp) for sp in spots}
    assert len(dist) == 1
    assert all(manhattan((0, -1), (i // 6, i % 6)) >= min(dist)
               for i, t in enumerate(s.field) if t is not None and t.kind == "R")
    s1 = play(s, DroneNectarMove(remove=spots[0]))
    assert s1.nectar_removed and s1.nectar_removed[0].kind == "R"
    assert s1.field[spots[0][0] * 6 + spots[0][1]] is None
    s2 = play(s, DroneNectarMove())
    assert s2.market[2] == 2 and not s2.nectar_removed
    name = s.players[0].name  # the player's choice, in plain words, then the drop itself
    assert s2.log[len(s.log):len(s.log) + 2] == [
        f"{name} has the drones lower the value of Rosemary rather than take a Rosemary tile from the field.",
        f"The value of Rosemary drops to {market_value(s2, 'R')}."]
    with pytest.raises(IllegalMove):
        far = max(((i // 6, i % 6) for i, t in enumerate(s.field) if t is not None and t.kind == "R"),
                  key=lambda sp: manhattan((0, -1), sp))
        ENGINE.apply(s, DroneNectarMove(remove=far))
    check(s1)
    check(s2)


def test_a_nectar_card_whose_value_is_at_the_bottom_says_another_drops_instead():
    """(QA) The drop's entry read "Drop the value of Acacia instead, 5 to 5" at the bottom."""
    from beegames.games.honey_buzz import view

    s = new(1)
    s.market[4] = len(D.market.columns[4].values) - 1
    s = drone_turn(s, "D10", "D3")  # Acacia
    assert ENGINE.decision(s).kind == "drone_nectar"
    labels = [c.label for c in view.choices(s, ENGINE.legal_moves(s))]
    bottom = D.market.columns[4].values[-1]
    assert f"Drop the value of Acacia instead, but it is at the bottom ({bottom}): another value of your " \
           "choice drops" in labels
    s = play(s, DroneNectarMove())
    assert ENGINE.decision(s).kind == "drop"  # and the player chooses which


def test_nectar_card_with_no_tile_of_its_type_drops_the_value():
    s = new(1)
    for i, t in enumerate(s.field):
        if t is not None and t.kind == "A":
            s.nectar_removed.append(t)
            s.field[i] = None
    s = drone_turn(s, "D9", "D3")
    assert s.market[4] == 2 and s.phase == "play"


def test_a_drop_at_the_bottom_is_redirected_by_the_player():
    s = new(1)
    for i, col in enumerate(D.market.columns):
        s.market[i] = len(col.values) - 1
    s.market[1] = 2
    s.market[3] = 2
    for i, t in enumerate(s.field):
        if t is not None and t.kind == "A":
            s.nectar_removed.append(t)
            s.field[i] = None
    s = drone_turn(s, "D10", "D3")  # Acacia: no tile left, Acacia at the bottom
    assert ENGINE.decision(s).kind == "drop"
    assert {m.resource for m in ENGINE.legal_moves(s)} == {"W", "C"}
    s = play(s, DropMove(resource="W"))
    assert s.market[1] == 3


def test_advanced_removal_takes_any_tile_of_the_quadrant_and_reveals_it():
    s = new(1, advanced=True)
    s = drone_turn(s, "D7", "D3")  # Cherry Blossom
    targets = [m.remove for m in ENGINE.legal_moves(s) if m.remove is not None]
    q = D.field.quadrants["C"]
    assert sorted(targets) == sorted((r, c) for r in q.rows for c in q.cols if s.field[r * 6 + c] is not None)
    before = s.revealed
    i = targets[0][0] * 6 + targets[0][1]
    tile = s.field[i]
    s = play(s, DroneNectarMove(remove=targets[0]))
    assert s.revealed > before and s.nectar_removed == [tile]
    assert tile.back == "C" and any({"W": "Wildflower", "R": "Rosemary", "C": "Cherry Blossom",
                                     "A": "Acacia"}[tile.kind] in line for line in ENGINE.visible_log(s, None)[-5:])
    assert isinstance(tile, NectarTile)
    check(s)


def test_a_drone_already_in_the_box_shown_stays():
    s = new(1)
    assert s.drones == ["decree_accounting", "market"]
    s = drone_turn(s, "D3", "D5")  # the new top card shows Market, where drone 2 already is
    if ENGINE.decision(s).kind == "drone_nectar":
        s = play(s, DroneNectarMove())
    assert s.drones == ["decree_accounting", "market"] and s.phase == "play"
    assert any("stays" in line for line in s.log[-4:])
