"""The 2014 Queen Bee cards, each at its moment, and the reaction windows."""

from __future__ import annotations

from collections import Counter

import pytest

from beegames.games.waggle_dance.cards import HoneyOffer, ShuffleOffer, possibly_held
from beegames.games.waggle_dance.models import (
    DeclineMove,
    DoneMove,
    HoneyMove,
    PlaceMove,
    PlayMove,
    Room,
    ScoutMove,
    ShiftMove,
)
from beegames.games.waggle_dance.reactions import Window, window_open
from beegames.games.waggle_dance.setup import start_round_tasks

from .wd_helpers import E, blank_day, consistent, drive, run_tasks

Y14 = {"ruleset": "2014"}


def day14(pools, first=0, types=None):
    s = blank_day(pools, first=first, **Y14)
    if types is not None:
        s.deck_types = sorted(set(s.deck_types) | set(types))
    return s


def give14(s, seat, *cards):
    for c in cards:
        if c not in s.deck_types:
            s.deck_types.append(c)
        if c in s.queen_deck:
            s.queen_deck.remove(c)
        else:
            s.queen_box.remove(c)
        s.players[seat].hand.append(c)


def turn_plays(s, card):
    return [m for m in E.legal_moves(s) if isinstance(m, PlayMove) and m.card == card]


# -- own-turn cards ----------------------------------------------------------------------------


def test_overtime_changes_a_bee_before_it_is_placed():
    s = day14([[1, 2], [3]])
    give14(s, 0, "overtime")
    s = E.apply(s, PlayMove(card="overtime", die=1, value=6))
    assert s.pending.locked == 6
    s = E.apply(s, PlaceMove(die=6, target="G6"))
    assert s.spaces["G6"] == [(0, 6)] and "overtime" in s.queen_discard


def test_directions_places_any_number_of_bees_on_one_flower():
    """Directions: "any number of Worker Bees of any rolled values" on a flower already holding one."""
    s = day14([[1, 5, 6, 6], [3]])
    s.spaces["D2"] = [(0, 2)]
    consistent(s)
    give14(s, 0, "directions")
    assert turn_plays(s, "directions") == [PlayMove(card="directions", target="D2")]
    s = E.apply(s, PlayMove(card="directions", target="D2"))
    assert s.pending.kind == "directions" and DoneMove() not in E.legal_moves(s)
    s = E.apply(s, PlaceMove(die=6, target="D2"))
    s = E.apply(s, PlaceMove(die=5, target="D2"))
    s = E.apply(s, DoneMove())
    assert Counter(v for o, v in s.spaces["D2"]) == Counter([2, 6, 5])
    s = E.advance(s)
    assert E.decision(s).seat == 1  # the turn is over


def test_shift_change_two_bees_or_none():
    s = day14([[1, 2, 3], [4, 5]])
    give14(s, 0, "shift_change", "shift_change")
    assert set(m.choice for m in turn_plays(s, "shift_change")) == {"two", "none"}
    s2 = E.apply(s, PlayMove(card="shift_change", choice="two"))
    s2 = E.apply(s2, PlaceMove(die=1, target="D1"))
    assert E.decision(s2).seat == 0  # a second bee
    s2 = E.advance(E.apply(s2, PlaceMove(die=2, target="D2")))
    assert E.decision(s2).seat == 1
    s3 = E.advance(E.apply(s, PlayMove(card="shift_change", choice="none")))
    assert E.decision(s3).seat == 1 and len(s3.players[0].pool) == 3


def test_feint_moves_a_placed_bee_instead_of_placing():
    s = day14([[4], [1]])
    s.spaces["C3"] = [(0, 3)]
    consistent(s)
    give14(s, 0, "feint")
    plays = turn_plays(s, "feint")
    assert PlayMove(card="feint", src="C3", die=3, target="A3") in plays
    assert all(m.target != "C3" and m.die == 3 for m in plays)
    s = E.advance(E.apply(s, PlayMove(card="feint", src="C3", die=3, target="D3")))
    assert s.spaces["D3"] == [(0, 3)] and not s.spaces["C3"] and s.players[0].pool == [4]
    assert E.decision(s).seat == 1


def test_wrong_turn_moves_another_players_bee_between_flowers():
    s = day14([[3], [1]])
    s.spaces["D5"] = [(1, 5)]
    consistent(s)
    give14(s, 0, "wrong_turn")
    plays = turn_plays(s, "wrong_turn")
    assert len(plays) == 5 and all(m.seat == 1 and m.src == "D5" for m in plays)
    s = E.apply(s, PlayMove(card="wrong_turn", seat=1, die=5, src="D5", target="D2"))
    assert s.spaces["D2"] == [(1, 5)] and E.decision(s).seat == 0  # the turn goes on


# -- windows ---------------------------------------------------------------------------------------


def round_start(s):
    s.pending = None
    s.phase = "day"
    s.queue = start_round_tasks(s)
    return consistent(s)


def test_volunteer_at_dawn_rolls_the_single_volunteer_dice():
    s = day14([[1, 1], [1, 1], [1, 1]], types=["volunteer"])
    give14(s, 1, "bounty")
    give14(s, 2, "volunteer")
    s = E.advance(round_start(s))
    asked = []
    while s.pending is not None and s.pending.kind == "window":
        asked.append(s.pending.seat)
        move = next((m for m in E.legal_moves(s) if isinstance(m, PlayMove)), DeclineMove())
        s = E.advance(E.apply(s, move))
    assert asked == [1, 2]  # every seat with a card is asked; Buzz holds none
    assert s.volunteer_die == 2 and len(s.players[2].pool) == 3 and s.players[2].volunteer == 1
    assert s.supply_dice[s.players[2].colour] == 16  # not a die of Honey's colour


def test_second_volunteer_cannot_be_played_while_the_dice_is_out():
    s = day14([[1], [1]], types=["volunteer"])
    give14(s, 0, "volunteer")
    s.volunteer_die = 1
    s.players[1].volunteer = 1
    s.players[1].pool.append(2)
    consistent(s)
    assert not window_open(s, "dawn")


def test_sick_day_sets_a_die_aside_for_the_round():
    s = day14([[1, 2], [5, 5, 6]], types=["sick_day"])
    give14(s, 0, "sick_day")
    s.pending = Window(seat=0, name="morning")
    moves = E.legal_moves(s)
    assert PlayMove(card="sick_day", seat=1, die=5) in moves and DeclineMove() in moves
    s = E.apply(s, PlayMove(card="sick_day", seat=1, die=5))
    assert s.players[1].pool == [5, 6] and s.players[1].sick == [5]
    s = run_tasks(s, ["end_round"])
    assert sorted(s.players[1].pool) == [5, 5, 6] and not s.players[1].sick


def test_dusk_window_scouting_and_queens_gift():
    s = day14([[], []], types=["scouting", "queens_gift"])
    give14(s, 0, "scouting", "queens_gift")
    top = s.queen_deck[:3]
    s.pending = Window(seat=0, name="dusk")
    s = E.apply(s, PlayMove(card="scouting"))
    assert s.pending.kind == "scouting" and s.pending.cards == top
    assert E.view(s, 1).pending.kind == "private"
    keep, back = top[1], [top[2], top[0]]
    s = E.apply(s, ScoutMove(keep=keep, back=back))
    assert s.queen_deck[:2] == back and keep in s.players[0].hand
    assert E.view(s, 0).peeks[0].cards == back and E.view(s, 1).peeks[0].cards == ["?", "?"]
    s = E.advance(s)
    assert s.pending.kind == "window"  # asked again: another card may follow
    s = E.apply(s, PlayMove(card="queens_gift", choice="room"))
    assert len(s.players[0].rooms) == 4


def test_windows_open_only_while_their_cards_may_be_in_play():
    s = day14([[1], [1]])
    s.deck_types = ["overtime"]
    assert not window_open(s, "dawn") and not window_open(s, "morning") and not window_open(s, "dusk")
    s.deck_types = ["volunteer"]
    assert window_open(s, "dawn")
    s.queen_discard += ["volunteer", "volunteer"]
    assert not possibly_held(s, "volunteer") and not window_open(s, "dawn")


def test_keep_in_play_cards_end_with_the_round():
    s = day14([[1], [1]], types=["volunteer"])
    s.players[0].volunteer = 1
    s.players[0].pool.append(4)
    s.volunteer_die = 0
    consistent(s)
    s = run_tasks(s, ["end_round"])
    assert s.volunteer_die is None and s.players[0].volunteer == 0 and len(s.players[0].pool) == 1


# -- night cards -----------------------------------------------------------------------------------


def test_alchemy_needs_exactly_two_colours():
    s = day14([[], []], types=["alchemy"])
    give14(s, 0, "alchemy")
    s.players[0].rooms = [Room(nectar=[0, 0, 1, 1], dice=[3, 3]), Room(nectar=[0, 1, 2, 3], dice=[4, 4]), Room()]
    consistent(s)
    assert HoneyMove(room=0, cards=["alchemy"], use=[0, 0, 1, 1]) in HoneyOffer(seat=0, room=0, value=3).legal(s)
    assert HoneyOffer(seat=0, room=1, value=4).legal(s) == [DeclineMove()]


def test_efficiency_three_of_one_colour():
    s = day14([[], []], types=["efficiency"])
    give14(s, 0, "efficiency")
    s.players[0].rooms = [Room(nectar=[2, 2, 2], dice=[5, 5]), Room(), Room()]
    consistent(s)
    s = run_tasks(s, ["make_honey 5 0 0"], chooser=lambda st, ms: ms[0])
    assert s.players[0].rooms[0].honey


def test_expertise_hatches_with_two_unmatched_bees():
    s = day14([[], []], types=["expertise"])
    give14(s, 0, "expertise")
    s.players[0].rooms = [Room(egg=True, dice=[1, 6]), Room(), Room()]
    consistent(s)
    s = run_tasks(s, ["hatch_seat 0", "expertise_hatch 0 0"], chooser=lambda st, ms: ms[0])
    assert s.players[0].dice == 3 and not s.players[0].rooms[0].egg


def test_bounty_one_more_cube_while_storing_the_nights_nectar():
    s = day14([[], []], types=["bounty"])
    give14(s, 0, "bounty")
    s.spaces["D4"] = [(0, 4)]
    consistent(s)
    kinds = []

    def chooser(st, ms):
        kinds.append(st.pending.kind)
        play = PlayMove(card="bounty", target="D4")
        return play if play in ms else ms[0]

    s = run_tasks(s, ["gather_nectar 4", "store_nectar 0"], chooser=chooser)
    assert sum(r.nectar.count(3) for r in s.players[0].rooms) == 3 and "bounty" in s.queen_discard
    assert set(kinds) == {"nectar"}  # no question of its own


def test_shuffle_moves_nectar_between_two_rooms_only():
    s = day14([[], []], types=["shuffle"])
    give14(s, 0, "shuffle")
    s.players[0].rooms = [Room(nectar=[1, 1, 1], dice=[2, 2]), Room(nectar=[1, 3]), Room(egg=True)]
    consistent(s)
    offer = ShuffleOffer(seat=0, before="F")
    plays = [m for m in offer.legal(s) if isinstance(m, PlayMove)]
    assert plays == [PlayMove(card="shuffle", src="R0", target="R1"), PlayMove(card="shuffle", src="R0", target="R2"),
                     PlayMove(card="shuffle", src="R1", target="R2")]
    s.pending = offer
    s = E.apply(s, PlayMove(card="shuffle", src="R0", target="R1"))
    assert s.pending.rooms == [0, 1] and not s.pending.eggs
    s = E.apply(s, ShiftMove(src=1, dst=0, colour=1))
    s = E.apply(s, DoneMove())
    s = run_tasks(s, ["make_honey 2 0 0"])
    assert s.players[0].rooms[0].honey


# -- hot seat: questions depend on public facts only ------------------------------------------------


def test_holding_no_card_that_applies_still_gets_the_question():
    """A seat holding only a night card is asked at dawn like a Volunteer holder."""
    s = day14([[1], [1]], types=["volunteer", "bounty"])
    give14(s, 0, "bounty")
    s = E.advance(round_start(s))
    assert s.pending.kind == "window" and s.pending.seat == 0
    assert E.legal_moves(s) == [DeclineMove()]


def test_night_offers_depend_on_public_facts():
    s = day14([[], []], types=["efficiency", "alchemy"])
    give14(s, 0, "bounty")  # holds a card, but not a honey card
    s.players[0].rooms = [Room(nectar=[2, 2, 2], dice=[5, 5]), Room(), Room()]
    consistent(s)
    kinds = []

    def chooser(st, ms):
        kinds.append(st.pending.kind)
        return ms[-1]

    run_tasks(s, ["make_honey 5 0 0"], chooser=chooser)
    assert kinds == ["offer_honey"]


@pytest.mark.parametrize("seed", range(3))
def test_a_whole_game_asks_a_moderate_number_of_questions(seed):
    s = blank_day([[1] * 6] * 4, **Y14)
    s.queue = start_round_tasks(s)
    s.pending = None
    s = drive(s, chooser=lambda st, ms: ms[0], stop=lambda x: x.turn >= 8, limit=50000, check=False)
    # not dozens a round: windows ask only seats with cards, a few times a round
    assert sum(line.startswith("Round") and "day" in line for line in s.log) >= 7
