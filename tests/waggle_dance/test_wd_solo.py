"""Solo play against Bumblebot."""

import pytest

from beegames.games.waggle_dance import rules
from beegames.games.waggle_dance.bumblebot import bot_turn, chart_first
from beegames.games.waggle_dance.data import solo_cards
from beegames.games.waggle_dance.models import BLOCKER1, BOT, PlaceMove, Room

from .wd_helpers import E, consistent, drive, first_turn, run_tasks


def solo(**opts):
    s = rules.clone(first_turn(1, **opts))
    for sid in s.spaces:
        for o, v in s.spaces[sid]:
            rules.return_die(s, o, v)
        s.spaces[sid] = []
    return s


def card_where(pred):
    return next(c for c in solo_cards().values() if pred(c))


def top(s, card):
    s.bot.deck.remove(card.id) if card.id in s.bot.deck else s.bot.discard.remove(card.id)
    s.bot.deck.insert(0, card.id)


def test_chart_breaks_ties_clockwise_from_top():
    card = solo_cards()[1]  # chart 1 4 2 5 3 6
    assert chart_first(card, [2, 5]) == 2 and chart_first(card, [6, 4]) == 4


@pytest.mark.parametrize("nectar,eggs,f_pairs,b_pairs,expect", [
    ([3, 0, 0, 0, 0, 0], 0, [], [], "F"),      # 1: three of a colour
    ([3, 0, 0, 0, 0, 0], 1, [5], [], "B"),     # 1 blocked by a pair on F; 2: an egg and B empty
    ([2, 2, 0, 0, 0, 0], 0, [], [], "F"),      # 3: two colours with two or more
    ([2, 0, 0, 0, 0, 0], 1, [], [4], None),    # 4: nothing applies
])
def test_pair_priorities(nectar, eggs, f_pairs, b_pairs, expect):
    s = solo()
    s.bot.nectar, s.bot.eggs = nectar, eggs
    s.bot.f_pairs, s.bot.b_pairs = list(f_pairs), list(b_pairs)
    s.bot.pool = [6, 6, 1]
    card = card_where(lambda c: c.icons == ["pair", "least"])
    top(s, card)
    bot_turn(s)
    if expect == "F":
        assert s.bot.f_pairs[-1] == 6
    elif expect == "B":
        assert s.bot.b_pairs == [6]
    else:
        # Least of: the value it holds fewest of (1) goes to flower 1
        assert s.spaces["D1"] == [(BOT, 1)] and s.bot.pool == [6, 6]


def test_pair_uses_chart_to_pick_between_pairs():
    s = solo()
    s.bot.nectar = [3, 0, 0, 0, 0, 0]
    s.bot.pool = [2, 2, 5, 5]
    card = card_where(lambda c: "pair" in c.icons)
    top(s, card)
    bot_turn(s)
    assert s.bot.f_pairs == [chart_first(card, [2, 5])]


def test_most_of_leftmost_free_action_then_flower():
    s = solo()
    card = card_where(lambda c: c.icons == ["most"])
    s.bot.pool = [3, 3, 1]
    first, second = card.actions[0], card.actions[1]
    s.spaces[f"{first}3"] = [(0, 3)]
    top(s, card)
    bot_turn(s)
    assert s.spaces[f"{second}3"] == [(BOT, 3)]
    s2 = solo()
    s2.bot.pool = [3, 3, 1]
    for a in "ACEG":
        s2.spaces[f"{a}3"] = [(0, 3)]
    top(s2, card)
    bot_turn(s2)
    assert s2.spaces["D3"] == [(BOT, 3)]


def test_blocker_after_bumblebot_turn_rightmost_action():
    s = solo()
    card = card_where(lambda c: c.icons == ["most"])
    top(s, card)
    s.bot.pool = [card.blocker_value % 6 + 1]  # not the blocker value, so the space stays free
    bot_turn(s)
    s.queue.insert(0, "blk_bot")
    rules.t_blk_bot(s, "")
    v = card.blocker_value
    placed = [(sid, x) for sid, d in s.spaces.items() for o, x in d if o == BLOCKER1]
    assert placed == [(f"{card.actions[-1]}{v}", v)]


def test_blocker_moves_to_next_value_clockwise():
    s = solo()
    card = solo_cards()[1]
    v = card.blocker_value
    for a in card.actions:
        s.spaces[f"{a}{v}"] = [(0, v)]
    rules.place_card_blocker(s, card, rightmost=True)
    nxt = card.chart[(card.blocker + 1) % 6]
    assert s.spaces[f"{card.actions[-1]}{nxt}"] == [(BLOCKER1, nxt)]


def test_bumblebot_day_turns_alternate_and_blockers_follow():
    s = first_turn(1, seed=3)
    s = E.apply(s, PlaceMove(die=s.players[0].pool[0], target=f"D{s.players[0].pool[0]}"))
    n0 = sum(1 for d in s.spaces.values() for o, _ in d if o == BLOCKER1)
    s = E.advance(s)
    assert any(line.startswith("Bumblebot reveals solo card") for line in s.log)
    n1 = sum(1 for d in s.spaces.values() for o, _ in d if o == BLOCKER1)
    assert n1 == n0 + 1 and E.decision(s).seat == 0


def test_no_blocker_after_last_turn_when_second_player():
    s = solo()
    s.first = 1  # Bumblebot is first player this round
    s.day_ptr = 0
    s.players[0].pool = [2, 5]
    s.bot.pool = []
    s.bot.b_pairs = [1, 1, 1]  # all six of its dice are already placed
    consistent(s)
    from beegames.games.waggle_dance.models import Pending

    s.pending = Pending(seat=0, kind="turn")
    s.queue = ["day"]
    s = E.apply(s, PlaceMove(die=2, target="D2"))
    assert s.queue[0] == "blk_fresh"  # Bumblebot is out of dice: a fresh card places a blocker
    s = E.advance(s)
    s = E.apply(s, PlaceMove(die=5, target="D5"))
    assert s.queue[0] != "blk_fresh"  # but not after the player's last die when second player


def f_state(nectar, eggs=0, pairs=(3,), difficulty="standard"):
    s = solo(difficulty=difficulty)
    s.bot.nectar = list(nectar)
    s.bot.eggs = eggs
    s.bot.f_pairs = list(pairs)
    s.bot.pool = s.bot.pool[: 6 - 2 * len(pairs)]
    s.bot.card = 1
    consistent(s)
    return run_tasks(s, ["Fbot", "Fbotfail"])


def test_bumblebot_f_four_of_a_colour():
    s = f_state([4, 1, 0, 0, 0, 0])
    assert s.bot.honey == 1 and s.bot.nectar == [0, 1, 0, 0, 0, 0]


def test_bumblebot_f_three_and_two():
    s = f_state([3, 2, 0, 0, 0, 0])
    assert s.bot.honey == 1 and s.bot.nectar == [0] * 6


def test_bumblebot_f_three_and_an_egg():
    s = f_state([3, 1, 0, 0, 0, 0], eggs=1)
    assert s.bot.honey == 1 and s.bot.eggs == 0 and s.bot.nectar == [0, 1, 0, 0, 0, 0]


def test_bumblebot_f_fails_and_takes_matching_nectar():
    s = f_state([2, 1, 0, 0, 0, 0], pairs=(3, 5))
    assert s.bot.honey == 0 and s.bot.nectar == [2, 1, 1, 0, 1, 0]  # one per failed pair, colours 3 and 5


def test_bumblebot_f_fail_harder_per_die():
    s = f_state([2, 1, 0, 0, 0, 0], pairs=(3,), difficulty="harder")
    assert s.bot.nectar == [2, 1, 2, 0, 0, 0]


def test_nectar_from_failure_not_used_by_later_pairs():
    # first pair makes honey from 4 red, second fails; its nectar arrives only at the end
    s = f_state([4, 0, 3, 0, 0, 0], pairs=(1, 2))
    # card 1's chart puts the 1s before the 2s; the 2s then fail and bring a pink nectar
    assert s.bot.honey == 1 and s.bot.nectar == [0, 1, 3, 0, 0, 0]


def test_bumblebot_g_discards_and_end_of_night_discard():
    s = solo()
    s.spaces["G2"] = [(BOT, 2)]
    s.bot.pool = s.bot.pool[1:]
    n = len(s.queen_deck)
    s2 = run_tasks(s, ["G:2", "solo_discard"])
    assert len(s2.queen_deck) == n - 2 and len(s2.queen_discard) == 2


@pytest.mark.parametrize("difficulty,player,bot", [("standard", 0, 2), ("easier", 1, 2), ("harder", 0, 2)])
def test_solo_second_place(difficulty, player, bot):
    s = solo(difficulty=difficulty)
    s.spaces["D4"] = [(BOT, 4), (BOT, 4), (0, 4)]
    s.players[0].pool = s.players[0].pool[1:]
    s.bot.pool = s.bot.pool[2:]
    s.queue.insert(0, "D:4")
    rules.t_D(s, "4")
    assert len(s.players[0].pending_nectar) == player and s.bot.nectar[3] == bot


def test_harder_bumblebot_gets_second_place():
    s = solo(difficulty="harder")
    s.spaces["D4"] = [(0, 4), (0, 4), (BOT, 4)]
    s.queue.insert(0, "D:4")
    rules.t_D(s, "4")
    assert s.bot.nectar[3] == 1


def test_solo_tie_for_most_gives_one_each():
    s = solo()
    s.spaces["D4"] = [(0, 4), (BOT, 4)]
    s.queue.insert(0, "D:4")
    rules.t_D(s, "4")
    assert s.bot.nectar[3] == 1 and s.players[0].pending_nectar == [3]


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
    s.bot.honey = 2
    consistent(s)
    from .test_wd_end import ended

    assert E.result(ended(s)).winners == [0]
    s.bot.honey = 6
    consistent(s)
    assert E.result(ended(s)).winners == []


def test_bumblebot_hatches_with_pair_on_b():
    s = solo()
    s.bot.eggs = 1
    s.bot.b_pairs = [2]
    s.bot.pool = s.bot.pool[2:]
    consistent(s)
    s2 = run_tasks(s, ["B:2"])
    assert s2.bot.dice == 7 and s2.bot.eggs == 0


def test_full_solo_game_runs():
    s = first_turn(1, seed=5)
    s = drive(s, limit=20000)
    assert s.phase == "over" and E.result(s) is not None
