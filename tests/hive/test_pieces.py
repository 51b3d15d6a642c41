"""Movement of each bug in tricky positions (gates, pins, stacks, throws)."""

from __future__ import annotations

from beegames.games.hive.board import cell_of
from beegames.games.hive.pieces import ID_OF
from beegames.games.hive.rules import explain_illegal
from hive.helpers import dests, make_board

NEIGHBOURS_00 = {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}


def _reason(board, name, q, r):
    return explain_illegal(board, ID_OF[name], cell_of(q, r))


# -- ground gates and the One Hive rule ---------------------------------------

GATE = {
    (1, 0): "wQ", (0, 1): "wS1", (-1, 1): "bQ", (-1, 0): "bS1", (0, -1): "wG1", (2, -1): "wA1",
}


def test_ant_cannot_enter_a_gated_cell():
    b = make_board(GATE)
    ant = dests(b, "wA1")
    assert ant, "the ant has somewhere to go"
    assert (0, 0) not in ant  # five of its six neighbours are occupied: a gate
    assert "squeeze" in _reason(b, "wA1", 0, 0) or "cannot reach" in _reason(b, "wA1", 0, 0)


def test_pinned_queen_cannot_move_and_says_why():
    b = make_board(GATE)
    assert dests(b, "wQ") == set()
    assert _reason(b, "wQ", 0, 0) == "That would split the hive."


def test_grasshopper_jumps_over_a_line():
    b = make_board({(-1, 0): "wG1", (0, 0): "wQ", (1, 0): "bQ", (2, 0): "bS1"})
    assert dests(b, "wG1") == {(3, 0)}


def test_spider_moves_exactly_three():
    b = make_board({(-1, 0): "wS1", (0, 0): "wQ", (1, 0): "bQ"})
    assert dests(b, "wS1") == {(1, 1), (2, -1)}
    assert "three spaces" in _reason(b, "wS1", 0, 1)


def test_queen_slides_one_space_with_contact():
    b = make_board({(0, 0): "wQ", (1, 0): "bQ"})
    assert dests(b, "wQ") == {(0, 1), (1, -1)}
    assert "lose touch" in _reason(b, "wQ", -1, 0)


# -- beetles and stacks ----------------------------------------------------------

def _beetle_board(under):
    return make_board({
        (0, 0): under + ["wB1"], (1, -1): ["wS1", "bB1"], (0, 1): ["wG1", "bB2"],
        (-1, 0): "wQ", (0, -1): "bQ",
    })


def test_beetle_blocked_by_gate_of_taller_stacks():
    b = _beetle_board(["bS1"])
    assert dests(b, "wB1") == NEIGHBOURS_00 - {(1, 0)}
    assert "squeeze" in _reason(b, "wB1", 1, 0)


def test_beetle_high_enough_passes_the_gate():
    b = _beetle_board(["bS1", "bA1"])
    assert dests(b, "wB1") == NEIGHBOURS_00


def test_covered_piece_cannot_move():
    b = make_board({(0, 0): ["wA1", "bB1"], (1, 0): "wQ", (-1, 0): "bQ"})
    assert dests(b, "wA1") == set()
    assert "covered" in _reason(b, "wA1", 0, 1)


def test_placement_next_to_enemy_topped_stack_is_illegal():
    # the white ant is covered by a black beetle: that stack counts as black
    b = make_board({(0, 0): ["wA1", "bB1"], (1, 0): "wQ", (-1, 0): "bQ"}, expansions="")
    place = dests(b, "wS1")
    assert place and all((q, r) not in NEIGHBOURS_00 for q, r in place)


def test_last_moved_piece_cannot_move():
    b = make_board({(0, 0): "wQ", (1, 0): "bQ", (-1, 0): "wA1"}, last="wA1")
    assert dests(b, "wA1") == set()
    assert "last turn" in _reason(b, "wA1", -1, 1)


# -- pillbug -----------------------------------------------------------------------

PILL = {(-1, 0): "wQ", (0, 0): "wP", (1, 0): "bQ", (1, -1): "bA1"}
THROW_TARGETS = {(0, 1), (-1, 1), (0, -1)}


def test_pillbug_throws_neighbours_even_when_pinned():
    b = make_board(PILL)
    assert dests(b, "bA1") == THROW_TARGETS
    assert dests(b, "bQ") == THROW_TARGETS
    assert dests(b, "wP") == set()  # pinned, yet it still throws


def test_thrown_piece_lands_and_is_last_moved():
    b = make_board(PILL)
    b.play(ID_OF["bA1"], cell_of(0, 1))
    assert b.last == ID_OF["bA1"]
    assert dests(b, "bA1") == set()  # black may not move it next turn


def test_pillbug_cannot_throw_last_moved_piece():
    b = make_board(PILL, last="bA1")
    assert dests(b, "bA1") == set()
    assert dests(b, "bQ") == THROW_TARGETS
    assert "last turn" in _reason(b, "bA1", 0, 1)


def test_pillbug_cannot_throw_from_a_stack():
    cells = dict(PILL)
    cells[(1, -1)] = ["bA1", "bB1"]
    b = make_board(cells)
    assert dests(b, "bA1") == set() and dests(b, "bB1") == set()
    assert "stack" in _reason(b, "bB1", 0, 1)


def test_pillbug_cannot_throw_if_hive_splits():
    cells = dict(PILL)
    cells[(2, 0)] = "bG1"
    b = make_board(cells)
    assert dests(b, "bQ") == set()
    assert dests(b, "bA1") == THROW_TARGETS
    assert "split" in _reason(b, "bQ", 0, 1)


def test_pillbug_cannot_throw_through_a_high_gate():
    cells = dict(PILL)
    cells[(1, 0)] = ["bQ", "wB1"]
    cells[(0, -1)] = ["bG1", "bB1"]
    b = make_board(cells)
    assert dests(b, "bA1") == set()


def test_pillbug_moved_last_turn_cannot_throw():
    b = make_board(PILL, last="wP")
    assert dests(b, "bA1") == set()


def test_mosquito_next_to_pillbug_can_throw():
    cells = {(-1, 0): "wQ", (0, 0): "wM", (1, 0): "bQ", (1, -1): "bA1", (-1, 1): "wP"}
    b = make_board(cells)
    assert {(0, 1), (0, -1)} <= dests(b, "bA1")
    cells[(-1, 1)] = "wS1"
    assert dests(make_board(cells), "bA1") == set()


def test_mosquito_on_top_moves_as_beetle():
    b = make_board({(0, 0): ["bA1", "wM"], (1, 0): "wQ", (-1, 0): "bQ"})
    assert dests(b, "wM") == NEIGHBOURS_00


def test_mosquito_touching_only_mosquitoes_is_stuck():
    b = make_board({(0, 0): "wM", (1, 0): "bM", (2, 0): "wQ", (3, 0): "bQ"})
    assert dests(b, "wM") == set()
    assert "Mosquito" in _reason(b, "wM", 0, 1)


def test_mosquito_copies_queen_and_ant():
    b = make_board({(0, 0): "wM", (1, 0): "bA1", (2, 0): "wQ", (3, 0): "bQ"})
    far = dests(b, "wM")
    assert (4, 0) in far and (0, 1) in far  # ant reach


# -- ladybug -----------------------------------------------------------------------

def test_ladybug_two_up_one_down():
    b = make_board({(0, 0): "wL", (1, 0): "wQ", (2, 0): "bQ"})
    assert dests(b, "wL") == {(3, 0), (2, 1), (1, 1), (2, -1), (3, -1)}


# -- dragonfly ---------------------------------------------------------------------

DRAGON = {(0, 0): "wD", (1, 0): "bQ", (2, 0): "wQ", (1, 1): "bA1"}


def test_dragonfly_two_spaces_not_adjacent_nor_in_line():
    b = make_board(DRAGON)
    assert dests(b, "wD") == {(1, 1), (2, -1)}  # (2,0) is in line, so excluded
    assert "Dragonfly" in _reason(b, "wD", 2, 0)


def test_dragonfly_carries_piece_beneath_to_empty_ground():
    cells = dict(DRAGON)
    cells[(0, 0)] = ["bB1", "wD"]
    b = make_board(cells)
    assert dests(b, "wD") == {(1, 1), (2, -1)}
    b.play(ID_OF["wD"], cell_of(2, -1))
    assert b.stacks[cell_of(2, -1)] == [ID_OF["bB1"], ID_OF["wD"]]
    assert cell_of(0, 0) not in b.stacks
    b.undo()
    b.play(ID_OF["wD"], cell_of(1, 1))  # onto a stack: moves alone
    assert b.stacks[cell_of(1, 1)] == [ID_OF["bA1"], ID_OF["wD"]]
    assert b.stacks[cell_of(0, 0)] == [ID_OF["bB1"]]


def test_dragonfly_cannot_carry_if_that_splits_the_hive():
    cells = dict(DRAGON)
    cells[(0, 0)] = ["bB1", "wD"]
    cells[(-1, 0)] = "wS1"
    b = make_board(cells)
    assert dests(b, "wD") == {(1, 1)}
    assert "split" in _reason(b, "wD", 2, -1)


def test_mosquito_copying_dragonfly_moves_alone():
    b = make_board({(0, 0): "wM", (1, 0): "bD", (2, 0): "wQ", (3, 0): "bQ"})
    assert {(1, 1), (2, -1)} <= dests(b, "wM")
