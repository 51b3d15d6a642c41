"""Every worked example of the 2014 rulebook, as printed (example 4 of F read with a purple cube).

2014 nectar colours (flowers 1-6): orange, pink, purple, white, yellow, green. The book's
players are named by their dice colours; here they sit in seats 0-3.
"""

from __future__ import annotations

import pytest

from beegames.games.waggle_dance.models import DoneMove, Room, ShiftMove, SwapMove

from .wd_helpers import E, blank_day, consistent, run_task, run_tasks

ORANGE_NECTAR, PINK, PURPLE, WHITE, YELLOW, GREEN = range(6)
Y14 = {"ruleset": "2014"}


def night14(n=4):
    s = blank_day([[] for _ in range(n)], **Y14)
    return s


# -- D: Claim Nectar, examples 1-5 ------------------------------------------------------------

PURPLE_P, YELLOW_P, BLUE_P, ORANGE_P = 0, 1, 2, 3


def claimed(counts):
    s = night14()
    s.spaces["D3"] = [(p, 3) for p, k in counts.items() for _ in range(k)]
    consistent(s)
    run_task(s, "gather_nectar 3")
    return [len(p.pending_nectar) for p in s.players]


@pytest.mark.parametrize("name,counts,expect", [
    ("1st: purple most 2, yellow next 1, blue least 0", {PURPLE_P: 3, YELLOW_P: 2, BLUE_P: 1}, [2, 1, 0, 0]),
    ("2nd: purple and yellow tie for most, blue second", {PURPLE_P: 2, YELLOW_P: 2, BLUE_P: 1}, [1, 1, 1, 0]),
    ("3rd: orange most; purple and blue tie for second", {ORANGE_P: 3, PURPLE_P: 1, BLUE_P: 1}, [0, 0, 0, 2]),
    ("4th: orange and blue tie first; yellow and purple tie second",
     {ORANGE_P: 2, BLUE_P: 2, YELLOW_P: 1, PURPLE_P: 1}, [0, 0, 1, 1]),
    ("5th: orange alone with one bee still has the most", {ORANGE_P: 1}, [0, 0, 0, 2]),
])
def test_claim_nectar_examples(name, counts, expect):
    assert claimed(counts) == expect, name


# -- B: Hatch Egg, examples 1-2 -------------------------------------------------------------------


@pytest.mark.parametrize("seat,value", [(BLUE_P, 1), (ORANGE_P, 3)])
def test_hatch_egg_examples(seat, value):
    """1st: blue's pair of 1s hatches an egg; 2nd: orange's pair of 3s. Each gets a new bee."""
    s = night14()
    s.players[seat].rooms = [Room(egg=True, dice=[value, value]), Room(), Room()]
    consistent(s)
    before = s.players[seat].dice
    s = run_tasks(s, [f"hatch_seat {seat}"])
    assert s.players[seat].dice == before + 1 and not s.players[seat].rooms[0].egg


# -- F: Make Honey & Move Nectar, examples 1-4 --------------------------------------------------------


def f_block(s, seat, chooser=None):
    tasks = [f"move_nectar {v} {seat}" for v in range(1, 7)] + [f"make_honey {v} {seat} 0" for v in range(1, 7)]
    return run_tasks(s, tasks, chooser=chooser or (lambda st, ms: DoneMove() if DoneMove() in ms else ms[0]))


@pytest.mark.parametrize("seat,value,colour", [(ORANGE_P, 3, YELLOW), (YELLOW_P, 5, PURPLE)])
def test_make_honey_examples(seat, value, colour):
    """1st: orange's pair of 3s makes 4 yellow into honey; 2nd: yellow's pair of 5s, 4 purple."""
    s = night14()
    s.players[seat].rooms = [Room(nectar=[colour] * 4, dice=[value, value]), Room(), Room()]
    consistent(s)
    s = f_block(s, seat)
    assert s.players[seat].rooms[0].honey and s.supply_nectar[colour] == 15


def test_move_nectar_example_3_only_between_the_paired_tiles():
    """3rd: blue may swap any white and yellow nectar between the two tiles holding its paired
    bees, but not in or out of the tiles with the pink, orange and purple nectar."""
    s = night14()
    s.players[BLUE_P].rooms = [Room(nectar=[WHITE, WHITE, YELLOW], dice=[4]), Room(nectar=[YELLOW, WHITE], dice=[4]),
                               Room(nectar=[PINK, PINK]), Room(nectar=[ORANGE_NECTAR]), Room(nectar=[PURPLE] * 3)]
    consistent(s)
    s.queue = [f"move_nectar 4 {BLUE_P}"]
    s.pending = None
    s.phase = "night"
    s = E.step(s)
    moves = E.legal_moves(s)
    rooms = {(m.src, m.dst) for m in moves if isinstance(m, ShiftMove | SwapMove)}
    assert rooms and all({a, b} == {0, 1} for a, b in rooms)
    assert ShiftMove(src=0, dst=1, colour=WHITE) in moves and SwapMove(src=0, dst=1, give=WHITE, take=YELLOW) in moves
    # swap any number: all the yellow to room 0's partner, all the white to room 0
    s = E.apply(s, SwapMove(src=0, dst=1, give=YELLOW, take=WHITE))
    assert sorted(s.players[BLUE_P].rooms[0].nectar) == [WHITE] * 3
    assert sorted(s.players[BLUE_P].rooms[1].nectar) == [YELLOW] * 2


def test_move_nectar_example_4_then_make_honey_with_the_same_bees():
    """4th: orange moves a purple cube (printed "blue") into the tile holding 3 purple, then
    makes honey there, its paired bees doing both."""
    s = night14()
    s.players[ORANGE_P].rooms = [Room(nectar=[PURPLE] * 3, dice=[2, 2]), Room(nectar=[PURPLE, PINK], dice=[2]),
                                 Room()]
    consistent(s)

    def chooser(st, ms):
        want = ShiftMove(src=1, dst=0, colour=PURPLE)
        return want if want in ms else (DoneMove() if DoneMove() in ms else ms[0])

    s = f_block(s, ORANGE_P, chooser)
    rooms = s.players[ORANGE_P].rooms
    assert rooms[0].honey and rooms[1].nectar == [PINK]
