"""Setup by player count, component limits, options."""

from collections import Counter

import pytest

from beegames.games.waggle_dance import WaggleDanceEngine, WaggleDanceOptions
from beegames.games.waggle_dance.data import game_data
from beegames.games.waggle_dance.models import BLOCKER_1, BLOCKER_2

from .wd_helpers import E, first_turn, new


def test_engine_metadata():
    assert E.game_id == "waggle-dance" and E.title == "Waggle Dance"
    assert (E.min_players, E.max_players) == (1, 4)
    assert E.levels[0] == "random" and len(E.levels) >= 2
    for name, field in WaggleDanceOptions.model_fields.items():
        assert field.description, name
    assert E.seat_names(WaggleDanceOptions(), 3) == ["Blue", "Black", "Orange"]


def test_components_from_assets():
    c = game_data().components
    assert (c.eggs, c.nectar_per_colour, c.dice_per_colour, c.room_tiles) == (16, 15, 15, 49)
    assert sum(q.copies for q in game_data().queen.cards if q.expansion == "base") == 30
    assert len(game_data().solo.cards) == 18 and len(game_data().threats.cards) == 12
    assert len({f.colour for f in c.flowers}) == 6


@pytest.mark.parametrize("n,size", [(2, 15), (3, 20), (4, 30)])
def test_queen_deck_size_and_starting_cards(n, size):
    s = new(n)
    assert len(s.queen_deck) == size
    base_ids = [q.id for q in game_data().queen.cards if q.expansion == "base"]
    deck = Counter(s.queen_deck)
    assert all(deck[i] >= 1 for i in base_ids)  # the ten hexagon cards are always in
    assert "guards" not in deck and "soldiers" not in deck
    E.check_invariants(s)


def test_queen_deck_with_threats():
    s = new(3, threats=True)
    deck = Counter(s.queen_deck)
    assert len(s.queen_deck) == 20
    assert deck["guards"] >= 1 and deck["soldiers"] >= 1
    assert len(s.threat_deck) == 12


@pytest.mark.parametrize("n", [2, 3, 4])
def test_players_start_with_six_dice_and_three_rooms(n):
    s = new(n)
    for p in s.players:
        assert p.dice == 6 and len(p.rooms) == 3 and not p.hand
    assert s.supply_rooms == 49 - 3 * n
    assert s.target == 5 and new(n, length="long").target == 7


def test_three_player_blockers_distinct_on_acdeg():
    s = first_turn(3)
    blockers = [(sid, v) for sid, d in s.spaces.items() for o, v in d if o == BLOCKER_1]
    assert sorted(sid[0] for sid, _ in blockers) == list("ACDEG")
    assert len({v for _, v in blockers}) == 5
    assert all(int(sid[1]) == v for sid, v in blockers)


def test_two_player_blockers_two_per_card():
    for seed in range(10):
        s = first_turn(2, seed)
        for owner in (BLOCKER_1, BLOCKER_2):
            mine = [(sid, v) for sid, d in s.spaces.items() for o, v in d if o == owner]
            assert sorted(sid[0] for sid, _ in mine) == list("ACDEG")
            assert len({v for _, v in mine}) == 5
        for a in "ACEG":
            assert sum(len(s.spaces[f"{a}{v}"]) for v in range(1, 7)) == 2


def test_four_players_have_no_blockers():
    s = first_turn(4)
    assert not any(o < -1 for d in s.spaces.values() for o, _ in d)


def test_solo_card_blocker_option_places_no_fixed_blockers():
    s = first_turn(3, solo_card_blockers=True)
    assert not any(d for d in s.spaces.values())
    assert len(s.solo_deck) == 18


def test_blockers_replaced_each_round():
    from .wd_helpers import drive

    s = first_turn(3, seed=4)
    s = drive(s, stop=lambda x: x.turn == 2 and x.pending is not None)
    blockers = [(sid, v) for sid, d in s.spaces.items() for o, v in d if o == BLOCKER_1]
    assert len(blockers) == 5 and len({v for _, v in blockers}) == 5


@pytest.mark.parametrize("difficulty,length,size", [
    ("standard", "short", 14), ("standard", "long", 16), ("easier", "short", 18),
    ("easier", "long", 20), ("harder", "short", 10), ("harder", "long", 12)])
def test_solo_setup(difficulty, length, size):
    s = first_turn(1, difficulty=difficulty, length=length)
    assert len(s.queen_deck) == size
    assert s.bumblebot is not None and s.bumblebot.dice == 6 and len(s.bumblebot.deck) + len(s.bumblebot.discard) == 18
    blockers = [sid for sid, d in s.spaces.items() for o, _ in d if o == BLOCKER_1]
    assert sorted(b[0] for b in blockers) == list("ACEG")
    assert s.order == [0, -1] and s.first == 0  # the player starts


def test_solo_threats_adds_two_guards_two_soldiers():
    s = new(1, threats=True)
    deck = Counter(s.queen_deck)
    assert deck["guards"] == 2 and deck["soldiers"] == 2 and len(s.queen_deck) == 18


def test_new_state_is_before_any_step_and_round_trips():
    s = new(4, seed=9)
    assert s.pending is None and s.queue
    again = type(s).model_validate(s.model_dump(mode="json"))
    assert again == s
    # nobody holds a card yet: nothing to hide between players at one keyboard
    assert E.hides_information and not E.has_hidden_information(s)
    assert isinstance(WaggleDanceEngine.state_model.model_json_schema(), dict)
