"""Placement rules, the Queen rules, passing and the end of the game."""

from __future__ import annotations

import pytest

from beegames.games.hive.board import DRAW, IN_PROGRESS, PASS, WHITE_WINS, Board, cell_of
from beegames.games.hive.notation import move_to_string
from beegames.games.hive.pieces import ID_OF
from beegames.games.hive.rules import IllegalMoveReason, play_text, replay
from hive.helpers import dests, make_board, strings


def test_queen_never_first_placement():
    b = Board("")
    assert all(not m.startswith("wQ") for m in strings(b))
    with pytest.raises(IllegalMoveReason, match="cannot be your first piece"):
        play_text(b, "wQ")
    play_text(b, "wS1")
    assert all(not m.startswith("bQ") for m in strings(b))


def test_queen_by_fourth_placement():
    b, _ = replay("", ["wS1", "bS1 wS1-", "wG1 -wS1", "bG1 bS1-", "wA1 -wG1", "bA1 bG1-"])
    assert strings(b) and all(m.startswith("wQ") for m in strings(b))
    with pytest.raises(IllegalMoveReason, match="by your fourth piece"):
        play_text(b, "wB1 -wA1")


def test_no_movement_before_own_queen():
    b, _ = replay("", ["wS1", "bS1 wS1-", "wG1 -wS1", "bQ bS1-"])
    with pytest.raises(IllegalMoveReason, match="Queen Bee is not on the board yet"):
        play_text(b, "wG1 \\wS1")


def test_placement_must_not_touch_opponent_and_must_touch_own():
    b, _ = replay("", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
    with pytest.raises(IllegalMoveReason, match="opponent"):
        play_text(b, "wG1 bS1\\")
    b2 = make_board({(0, 0): "wQ", (1, 0): "bQ"}, expansions="")
    assert (3, 0) not in dests(b2, "wG1")


def test_pieces_enter_in_number_order():
    b, _ = replay("", ["wS1", "bS1 wS1-"])
    assert not any(m.startswith("wA2") for m in strings(b))
    assert any(m.startswith("wS2") for m in strings(b))
    with pytest.raises(IllegalMoveReason, match="Place wA1 before wA2"):
        play_text(b, "wA2 -wS1")


def test_black_first_piece_touches_white():
    b, _ = replay("", ["wS1"])
    cells = dests(b, "bS1")
    assert cells == {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}


def test_pass_only_when_nothing_else():
    b = make_board({(0, 0): ["wQ", "bB1"], (1, 0): "bQ"}, expansions="")
    assert b.legal_moves() == [PASS]
    b.play(*PASS)
    assert b.status == IN_PROGRESS and b.ply & 1 == 1
    b2 = make_board({(0, 0): "wQ", (1, 0): "bQ"}, expansions="")
    with pytest.raises(IllegalMoveReason, match="only pass"):
        play_text(b2, "pass")


WIN = {(0, 0): "bQ", (1, 0): "wQ", (0, 1): "wS1", (-1, 1): "wS2", (-1, 0): "bS1", (0, -1): "bS2", (2, -1): "wA1"}


def test_surrounding_the_queen_wins():
    b = make_board(WIN, expansions="")
    b.play(ID_OF["wA1"], cell_of(1, -1))
    assert b.status == WHITE_WINS
    assert b.legal_moves() == []


def test_surrounding_own_queen_loses():
    cells = dict(WIN)
    b = make_board(cells, to_move=1, expansions="")
    # black fills its own queen's last space with a beetle placed... no: black ant moves there
    cells2 = {k: v for k, v in WIN.items() if k != (2, -1)}
    cells2[(-1, -1)] = "bA1"
    b = make_board(cells2, to_move=1, expansions="")
    assert (1, -1) in dests(b, "bA1")
    b.play(ID_OF["bA1"], cell_of(1, -1))
    assert b.status == WHITE_WINS


def test_both_queens_surrounded_is_a_draw():
    cells = {
        (0, 0): "wQ", (1, 0): "bQ", (0, 1): "wS1", (-1, 1): "wS2", (-1, 0): "wG1",
        (0, -1): ["bS1", "wB1"], (2, 0): "bG1", (1, 1): "bS2", (2, -1): "bG2",
    }
    b = make_board(cells, expansions="")
    b.play(ID_OF["wB1"], cell_of(1, -1))
    assert b.status == DRAW


def test_third_repetition_is_a_draw():
    b = make_board({(0, 0): "wQ", (1, 0): "wS1", (2, 0): "bQ"}, expansions="")
    cycle = [("wQ", (1, -1)), ("bQ", (2, -1)), ("wQ", (0, 0)), ("bQ", (2, 0))]
    for _rnd in range(2):
        for _i, (name, (q, r)) in enumerate(cycle):
            assert b.status == IN_PROGRESS
            b.play(ID_OF[name], cell_of(q, r))
    assert b.status == DRAW
    b.undo()
    assert b.status == IN_PROGRESS


def test_undo_restores_everything():
    b, _ = replay("MLPD", ["wS1", "bP wS1-", "wQ -wS1", "bQ bP\\", "wD \\wQ", "bM bQ-"])
    before = (dict((c, list(s)) for c, s in b.stacks.items()), list(b.pos), b.hash, b.last, dict(b.rep))
    for m in b.legal_moves():
        b.play(*m)
        b.undo()
        assert (dict((c, list(s)) for c, s in b.stacks.items()), list(b.pos), b.hash, b.last, dict(b.rep)) == before


def test_move_string_of_pass():
    assert move_to_string(Board(""), *PASS) == "pass"
