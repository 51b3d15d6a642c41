"""Solo play against Bumblebot."""

import pytest

from beegames.games.waggle_dance.blockers import place_card_blocker
from beegames.games.waggle_dance.bumblebot import chart_first, take_turn
from beegames.games.waggle_dance.data import solo_cards
from beegames.games.waggle_dance.day import PlaceDie
from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.models import BLOCKER_1, BUMBLEBOT, PlaceMove, Room
from beegames.games.waggle_dance.owners import return_die

from .wd_helpers import E, consistent, drive, first_turn, run_task, run_tasks


def solo(**opts):
    s = clone(first_turn(1, **opts))
    for sid in s.spaces:
        for o, v in s.spaces[sid]:
            return_die(s, o, v)
        s.spaces[sid] = []
    return s


def card_where(pred):
    return next(c for c in solo_cards().values() if pred(c))


def top(s, card):
    s.bumblebot.deck.remove(card.id) if card.id in s.bumblebot.deck else s.bumblebot.discard.remove(card.id)
    s.bumblebot.deck.insert(0, card.id)


def test_chart_breaks_ties_clockwise_from_top():
    card = solo_cards()[1]  # chart 1 4 2 5 3 6
    assert chart_first(card, [2, 5]) == 2 and chart_first(card, [6, 4]) == 4


@pytest.mark.parametrize("nectar,eggs,honey_pairs,hatch_pairs,expect", [
    ([3, 0, 0, 0, 0, 0], 0, [], [], "F"),      # 1: three of a colour
    ([3, 0, 0, 0, 0, 0], 1, [5], [], "B"),     # 1 blocked by a pair on F; 2: an egg and B empty
    ([2, 2, 0, 0, 0, 0], 0, [], [], "F"),      # 3: two colours with two or more
    ([2, 0, 0, 0, 0, 0], 1, [], [4], None),    # 4: nothing applies
])
def test_pair_priorities(nectar, eggs, honey_pairs, hatch_pairs, expect):
    s = solo()
    s.bumblebot.nectar, s.bumblebot.eggs = nectar, eggs
    s.bumblebot.honey_pairs, s.bumblebot.hatch_pairs = list(honey_pairs), list(hatch_pairs)
    s.bumblebot.pool = [6, 6, 1]
    card = card_where(lambda c: c.icons == ["pair", "least"])
    top(s, card)
    take_turn(s)
    if expect == "F":
        assert s.bumblebot.honey_pairs[-1] == 6
    elif expect == "B":
        assert s.bumblebot.hatch_pairs == [6]
    else:
        # Least of: the value it holds fewest of (1) goes to flower 1
        assert s.spaces["D1"] == [(BUMBLEBOT, 1)] and s.bumblebot.pool == [6, 6]


def test_pair_uses_chart_to_pick_between_pairs():
    s = solo()
    s.bumblebot.nectar = [3, 0, 0, 0, 0, 0]
    s.bumblebot.pool = [2, 2, 5, 5]
    card = card_where(lambda c: "pair" in c.icons)
    top(s, card)
    take_turn(s)
    assert s.bumblebot.honey_pairs == [chart_first(card, [2, 5])]


def test_most_of_leftmost_free_action_then_flower():
    s = solo()
    card = card_where(lambda c: c.icons == ["most"])
    s.bumblebot.pool = [3, 3, 1]
    first, second = card.actions[0], card.actions[1]
    s.spaces[f"{first}3"] = [(0, 3)]
    top(s, card)
    take_turn(s)
    assert s.spaces[f"{second}3"] == [(BUMBLEBOT, 3)]
    s2 = solo()
    s2.bumblebot.pool = [3, 3, 1]
    for a in "ACEG":
        s2.spaces[f"{a}3"] = [(0, 3)]
    top(s2, card)
    take_turn(s2)
    assert s2.spaces["D3"] == [(BUMBLEBOT, 3)]


def test_blocker_after_bumblebot_turn_rightmost_action():
    s = solo()
    card = card_where(lambda c: c.icons == ["most"])
    top(s, card)
    s.bumblebot.pool = [card.blocker_value % 6 + 1]  # not the blocker value, so the space stays free
    take_turn(s)
    run_task(s, "bumblebot_blocker")
    v = card.blocker_value
    placed = [(sid, x) for sid, d in s.spaces.items() for o, x in d if o == BLOCKER_1]
    assert placed == [(f"{card.actions[-1]}{v}", v)]


def test_blocker_moves_to_next_value_clockwise():
    s = solo()
    card = solo_cards()[1]
    v = card.blocker_value
    for a in card.actions:
        s.spaces[f"{a}{v}"] = [(0, v)]
    place_card_blocker(s, card, rightmost=True)
    nxt = card.chart[(card.blocker + 1) % 6]
    assert s.spaces[f"{card.actions[-1]}{nxt}"] == [(BLOCKER_1, nxt)]


def test_bumblebot_day_turns_alternate_and_blockers_follow():
    s = first_turn(1, seed=3)
    s = E.apply(s, PlaceMove(die=s.players[0].pool[0], target=f"D{s.players[0].pool[0]}"))
    n0 = sum(1 for d in s.spaces.values() for o, _ in d if o == BLOCKER_1)
    s = E.advance(s)
    assert any(line.startswith("Bumblebot's solo card") for line in s.log)
    n1 = sum(1 for d in s.spaces.values() for o, _ in d if o == BLOCKER_1)
    assert n1 == n0 + 1 and E.decision(s).seat == 0


def test_no_blocker_after_last_turn_when_second_player():
    s = solo()
    s.first = 1  # Bumblebot is first player this round
    s.day_ptr = 0
    s.players[0].pool = [2, 5]
    s.bumblebot.pool = []
    s.bumblebot.hatch_pairs = [1, 1, 1]  # all six of its dice are already placed
    consistent(s)
    s.pending = PlaceDie(seat=0)
    s.queue = ["day_turn"]
    s = E.apply(s, PlaceMove(die=2, target="D2"))
    assert s.queue[0] == "fresh_card_blocker"  # Bumblebot is out of dice: a fresh card places a blocker
    s = E.advance(s)
    s = E.apply(s, PlaceMove(die=5, target="D5"))
    assert s.queue[0] != "fresh_card_blocker"  # but not after the player's last die when second player


def f_state(nectar, eggs=0, pairs=(3,), difficulty="standard"):
    s = solo(difficulty=difficulty)
    s.bumblebot.nectar = list(nectar)
    s.bumblebot.eggs = eggs
    s.bumblebot.honey_pairs = list(pairs)
    s.bumblebot.pool = s.bumblebot.pool[: 6 - 2 * len(pairs)]
    s.bumblebot.card = 1
    consistent(s)
    return run_tasks(s, ["bumblebot_honey", "bumblebot_failed_pairs"])


def test_bumblebot_f_four_of_a_colour():
    s = f_state([4, 1, 0, 0, 0, 0])
    assert s.bumblebot.honey == 1 and s.bumblebot.nectar == [0, 1, 0, 0, 0, 0]


def test_bumblebot_f_three_and_two():
    s = f_state([3, 2, 0, 0, 0, 0])
    assert s.bumblebot.honey == 1 and s.bumblebot.nectar == [0] * 6


def test_bumblebot_f_three_and_an_egg():
    s = f_state([3, 1, 0, 0, 0, 0], eggs=1)
    assert s.bumblebot.honey == 1 and s.bumblebot.eggs == 0 and s.bumblebot.nectar == [0, 1, 0, 0, 0, 0]


def test_bumblebot_f_fails_and_takes_matching_nectar():
    s = f_state([2, 1, 0, 0, 0, 0], pairs=(3, 5))
    assert s.bumblebot.honey == 0 and s.bumblebot.nectar == [2, 1, 1, 0, 1, 0]  # one per failed pair, colours 3 and 5


def test_bumblebot_f_fail_harder_per_die():
    s = f_state([2, 1, 0, 0, 0, 0], pairs=(3,), difficulty="harder")
    assert s.bumblebot.nectar == [2, 1, 2, 0, 0, 0]


def test_nectar_from_failure_not_used_by_later_pairs():
    # first pair makes honey from 4 red, second fails; its nectar arrives only at the end
    s = f_state([4, 0, 3, 0, 0, 0], pairs=(1, 2))
    # card 1's chart puts the 1s before the 2s; the 2s then fail and bring a pink nectar
    assert s.bumblebot.honey == 1 and s.bumblebot.nectar == [0, 1, 3, 0, 0, 0]


def test_bumblebot_g_discards_and_end_of_night_discard():
    s = solo()
    s.spaces["G2"] = [(BUMBLEBOT, 2)]
    s.bumblebot.pool = s.bumblebot.pool[1:]
    n = len(s.queen_deck)
    s2 = run_tasks(s, ["draw_queen 2", "solo_discard"])
    assert len(s2.queen_deck) == n - 2 and len(s2.queen_discard) == 2


@pytest.mark.parametrize("difficulty,player,bot", [("standard", 0, 2), ("easier", 1, 2), ("harder", 0, 2)])
def test_solo_second_place(difficulty, player, bot):
    s = solo(difficulty=difficulty)
    s.spaces["D4"] = [(BUMBLEBOT, 4), (BUMBLEBOT, 4), (0, 4)]
    s.players[0].pool = s.players[0].pool[1:]
    s.bumblebot.pool = s.bumblebot.pool[2:]
    run_task(s, "gather_nectar 4")
    assert len(s.players[0].pending_nectar) == player and s.bumblebot.nectar[3] == bot


def test_harder_bumblebot_gets_second_place():
    s = solo(difficulty="harder")
    s.spaces["D4"] = [(0, 4), (0, 4), (BUMBLEBOT, 4)]
    run_task(s, "gather_nectar 4")
    assert s.bumblebot.nectar[3] == 1


def test_solo_tie_for_most_gives_one_each():
    s = solo()
    s.spaces["D4"] = [(0, 4), (BUMBLEBOT, 4)]
    run_task(s, "gather_nectar 4")
    assert s.bumblebot.nectar[3] == 1 and s.players[0].pending_nectar == [3]


def test_queen_deck_running_out_loses():
    s = solo()
    s.queen_box += s.queen_deck[1:]
    del s.queen_deck[1:]
    s2 = run_tasks(s, ["solo_discard"])
    r = E.result(s2)
    assert s2.phase == "over" and r.winners == [] and "ran out" in r.summary


def test_solo_win_and_loss_by_honey():
    s = solo()
    s.players[0].rooms = [Room(honey=True)] * 5
    s.players[0].rooms = [Room(honey=True) for _ in range(5)]
    s.bumblebot.honey = 2
    consistent(s)
    from .test_wd_end import ended

    assert E.result(ended(s)).winners == [0]
    s.bumblebot.honey = 6
    consistent(s)
    assert E.result(ended(s)).winners == []


def test_bumblebot_hatches_with_pair_on_b():
    s = solo()
    s.bumblebot.eggs = 1
    s.bumblebot.hatch_pairs = [2]
    s.bumblebot.pool = s.bumblebot.pool[2:]
    consistent(s)
    s2 = run_tasks(s, ["hatch_eggs 2"])
    assert s2.bumblebot.dice == 7 and s2.bumblebot.eggs == 0


def test_full_solo_game_runs():
    s = first_turn(1, seed=5)
    s = drive(s, limit=20000)
    assert s.phase == "over" and E.result(s) is not None
