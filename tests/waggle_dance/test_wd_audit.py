"""Rules audit: each test pins a place where the engine disagreed with the 2022 rulebook."""

import pytest

from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.models import BLOCKER_1, BLOCKER_2, ShiftMove

from .wd_helpers import E, blank_day, consistent, first_turn, new


def test_two_player_blockers_block_two_different_flowers():
    # Setup 4 (2 players): repeat the blocker step "so 2 action spaces are blocked on each
    # Action card" -- on D that means two different flowers, never two blockers on one flower.
    for seed in range(60):
        s = first_turn(2, seed)
        flowers = [sid for sid, d in s.spaces.items() if sid[0] == "D" for o, _ in d if o in (BLOCKER_1, BLOCKER_2)]
        assert len(flowers) == 2 and len(set(flowers)) == 2, (seed, flowers)


def _f_state(dice_per_room):
    s = blank_day([[], []])
    pl = s.players[0]
    pl.rooms[0].nectar = [0, 0]
    pl.rooms[2].nectar = [1]
    for r, dice in zip(pl.rooms, dice_per_room):
        r.dice = list(dice)
    consistent(s)
    s = clone(s)
    s.pending = None
    s.phase = "night"
    s.queue = ["move_nectar 3 0", "make_honey 3 0", "return_room_dice"]
    return E.step(s)


def _edges(moves):
    return {frozenset((m.src, m.dst)) for m in moves if isinstance(m, ShiftMove)}


def test_move_nectar_three_single_dice_make_only_one_pair():
    # F: "To move Nectar tokens between 2 Room tiles you must have 2 Bee dice of the same value
    # on the 2 different Room tiles." Three single 3s on three rooms are one pair (plus a spare
    # die): after moving between two of the rooms, the third cannot join in.
    s = _f_state([[3], [3], [3]])
    assert s.pending is not None and s.pending.kind == "rearrange"
    s = E.apply(s, ShiftMove(src=0, dst=1, colour=0))
    assert _edges(E.legal_moves(s)) <= {frozenset((0, 1))}


def test_move_nectar_honey_pair_room_can_pair_with_two_rooms():
    # Two 3s in room 0 and one 3 in rooms 1 and 2: 0-1 and 0-2 are two pairs; 1-2 then is not.
    s = _f_state([[3, 3], [3], [3]])
    s = E.apply(s, ShiftMove(src=0, dst=1, colour=0))
    edges = _edges(E.legal_moves(s))
    assert frozenset((0, 2)) in edges
    assert frozenset((1, 2)) not in edges


def test_check_invariants_counts_threat_cards_by_name():
    s = clone(new(2, 1, threats=True))
    E.check_invariants(s)
    other = next(n for n in s.threat_deck if n != s.threat_deck[0])
    s.threat_deck[s.threat_deck.index(other)] = s.threat_deck[0]  # one card lost, one duplicated
    with pytest.raises(AssertionError):
        E.check_invariants(s)


def test_check_invariants_counts_solo_cards_by_id():
    s = clone(new(1, 1))
    E.check_invariants(s)
    s.bumblebot.deck[1] = s.bumblebot.deck[0]
    with pytest.raises(AssertionError):
        E.check_invariants(s)
