"""The day phase: rolling, placement, helper dice, turn order."""

import pytest

from beegames.core.errors import IllegalMove
from beegames.games.waggle_dance.blockers import place_card_blocker
from beegames.games.waggle_dance.models import DeclineMove, HelperMove, PlaceMove, PlayMove

from .wd_helpers import E, blank_day, first_turn, until_night


def test_pools_are_rolled_openly_in_the_log():
    s = first_turn(3)
    assert any(line.startswith("Buzz rolls") for line in s.log)
    assert all(1 <= v <= 6 for p in s.players for v in p.pool)
    assert E.decision(s).kind == "turn" and E.decision(s).seat == 0


def test_numbered_space_takes_one_die():
    # Buzz wants C; Beatrice already sits on C2 and C4, so only his 3 can go there.
    s = blank_day([[2, 3, 4], [2, 4, 6]], first=1)
    s = E.apply(s, PlaceMove(die=2, target="C2"))
    s = E.advance(s)
    s = E.apply(s, PlaceMove(die=2, target="D2"))  # Buzz
    s = E.advance(s)
    s = E.apply(s, PlaceMove(die=4, target="C4"))
    s = E.advance(s)
    moves = E.legal_moves(s)
    assert PlaceMove(die=3, target="C3") in moves
    assert PlaceMove(die=4, target="C4") not in moves
    with pytest.raises(IllegalMove, match="already holds a die"):
        E.apply(s, PlaceMove(die=4, target="C4"))
    with pytest.raises(IllegalMove, match="needs a 5"):
        E.apply(s, PlaceMove(die=3, target="C5"))


def test_flower_takes_any_number_of_dice():
    s = blank_day([[5, 5], [5, 5]])
    for i in range(4):
        s = E.apply(s, PlaceMove(die=5, target="D5"))
        if i < 3:
            s = E.advance(s)
    assert len(s.spaces["D5"]) == 4


def test_dice_go_on_own_rooms_only_and_any_value():
    s = blank_day([[6, 6], [1, 2]])
    assert PlaceMove(die=6, target="R2") in E.legal_moves(s)
    with pytest.raises(IllegalMove, match="no room R3"):
        E.apply(s, PlaceMove(die=6, target="R3"))
    s = E.advance(E.apply(s, PlaceMove(die=6, target="R1")))
    assert s.players[0].rooms[1].dice == [6]


def test_helper_die_example():
    # Buzz has no 5 but wants G5: his 3 helps turn his 4 into a 5, placed at once.
    s = blank_day([[3, 4], [1]])
    s = E.apply(s, HelperMove(helper=3, die=4, value=5))
    assert s.pending.locked == 5 and s.players[0].helpers == [3]
    assert E.decision(s).seat == 0  # the changed die is placed immediately
    moves = E.legal_moves(s)
    assert all(isinstance(m, PlaceMove) and m.die == 5 for m in moves if not isinstance(m, PlayMove))
    with pytest.raises(IllegalMove, match="just changed"):
        E.apply(s, PlaceMove(die=4, target="D4"))
    s = E.advance(E.apply(s, PlaceMove(die=5, target="G5")))
    assert s.spaces["G5"] == [(0, 5)] and s.players[0].pool == []
    # the helper is set aside until the end of the round
    s = until_night(E.advance(E.apply(s, PlaceMove(die=1, target="D1"))))
    assert s.players[0].helpers == [3]


def test_last_die_cannot_be_a_helper():
    s = blank_day([[4], [1]])
    assert not any(isinstance(m, HelperMove) for m in E.legal_moves(s))
    with pytest.raises(IllegalMove, match="last die cannot be a helper"):
        E.apply(s, HelperMove(helper=4, die=4, value=5))


def test_must_place_when_holding_dice():
    s = blank_day([[3, 3], [2]])
    assert not any(isinstance(m, DeclineMove) for m in E.legal_moves(s))
    with pytest.raises(IllegalMove):
        E.apply(s, DeclineMove())


def test_room_fallback_is_always_there():
    # every A/C/E/G space for a 1 is taken: the flower and the rooms remain
    s = blank_day([[1], [2]])
    for a in "ACEG":
        s.spaces[f"{a}1"] = [(1, 1)]
    targets = {m.target for m in E.legal_moves(s) if isinstance(m, PlaceMove)}
    assert targets == {"D1", "R0", "R1", "R2"}


def test_players_without_dice_are_skipped():
    s = blank_day([[1, 2, 3], [4]])
    s = E.advance(E.apply(s, PlaceMove(die=1, target="D1")))
    s = E.advance(E.apply(s, PlaceMove(die=4, target="D4")))
    assert E.decision(s).seat == 0
    s = E.advance(E.apply(s, PlaceMove(die=2, target="D2")))
    assert E.decision(s).seat == 0  # Beatrice has none left
    s = E.advance(E.apply(s, PlaceMove(die=3, target="D3")))
    assert s.phase == "night" or s.turn == 2


def test_turn_order_starts_with_first_player():
    s = blank_day([[1, 2], [3, 4], [5, 6]], first=2)
    assert E.decision(s).seat == 2
    s = E.advance(E.apply(s, PlaceMove(die=5, target="D5")))
    assert E.decision(s).seat == 0


def test_apply_never_mutates_input():
    s = blank_day([[3, 4], [1]])
    before = s.model_dump()
    E.apply(s, HelperMove(helper=3, die=4, value=5))
    E.apply(s, PlaceMove(die=3, target="A3"))
    assert s.model_dump() == before


def test_solo_card_blockers_in_a_three_player_game():
    # after everyone placed once, the first player reveals a solo card and a blocker goes down
    s = blank_day([[1, 1], [2, 2], [3, 3]], solo_card_blockers=True)
    for v in (1, 2, 3):
        s = E.apply(s, PlaceMove(die=v, target=f"D{v}"))
        s = E.step(s) if v < 3 else s
    before = sum(1 for d in s.spaces.values() for o, _ in d if o == -2)
    s = E.advance(s)
    after = sum(1 for d in s.spaces.values() for o, _ in d if o == -2)
    assert after == before + 1
    assert any("Solo card" in line for line in s.log)


def test_solo_card_blocker_example():
    # card 1 shows a blocker 1 and lists A before C: A1 is taken, so the blocker goes on C1
    from beegames.games.waggle_dance.data import solo_cards

    s = blank_day([[2], [3], [4]], solo_card_blockers=True)
    s.spaces["A1"] = [(0, 1)]
    s.players[0].pool = []
    s.players[0].dice = 2
    card = solo_cards()[1]
    assert card.blocker_value == 1 and card.actions[:2] == ["A", "C"]
    place_card_blocker(s, card, rightmost=False)
    assert s.spaces["C1"] == [(-2, 1)]
