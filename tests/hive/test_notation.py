"""UHP MoveStrings: directions, tolerance and round trips."""

from __future__ import annotations

import random

import pytest

from beegames.games.hive.board import Board, cell_of, qr_of
from beegames.games.hive.notation import NotationError, move_to_string, parse_move
from beegames.games.hive.pieces import ID_OF, game_type_string, parse_game_type
from beegames.games.hive.rules import game_string, replay
from beegames.games.hive.view import uhp_cell

DIRS = {
    "bS1 wS1-": (1, 0), "bS1 wS1\\": (0, 1), "bS1 /wS1": (-1, 1),
    "bS1 -wS1": (-1, 0), "bS1 \\wS1": (0, -1), "bS1 wS1/": (1, -1),
}


@pytest.mark.parametrize("text,cell", list(DIRS.items()))
def test_relative_directions(text, cell):
    b, _ = replay("", ["wS1"])
    p, c = parse_move(b, text)
    assert p == ID_OF["bS1"] and qr_of(c) == cell
    assert move_to_string(b, p, c) == text


def test_view_mapping_matches_notation():
    for text, cell in DIRS.items():
        ref = text.split()[1]
        before = ref[0] if ref[0] in "-/\\" else ""
        after = ref[-1] if ref[-1] in "-/\\" else ""
        assert uhp_cell((0, 0), before, after) == cell


def test_climb_notation_and_tolerance():
    b, moves = replay("", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1/", "wB1 \\wQ", "bA1 bQ-", "wB1 wQ", "bA1 wS1\\"])
    assert moves[-2] == "wB1 wQ"
    assert b.stacks[cell_of(-1, 0)] == [ID_OF["wQ"], ID_OF["wB1"]]
    assert parse_move(b, "  WA1   -wQ ") == parse_move(b, "wA1 -wQ")
    assert parse_move(b, "wa1-wq") == parse_move(b, "wA1 -wQ")
    assert parse_move(b, "wQ1 wS1") == (ID_OF["wQ"], cell_of(0, 0))
    assert parse_move(b, "wA1 /bA1") == parse_move(b, "wa1 /BA1")
    assert parse_move(b, "PASS") == (-1, 0)


@pytest.mark.parametrize("bad", ["", "hello", "wX1 wQ-", "wS3 wQ-", "wS1 -wQ-", "wG1"])
def test_unreadable_moves(bad):
    b, _ = replay("", ["wS1", "bS1 wS1-"])
    with pytest.raises(NotationError):
        parse_move(b, bad)


def test_reference_piece_must_be_on_board():
    b, _ = replay("", ["wS1", "bS1 wS1-"])
    with pytest.raises(NotationError, match="not on the board"):
        parse_move(b, "wQ -wQ")


def test_round_trip_random_games():
    for exp in ("", "MLPD"):
        rng = random.Random(3)
        b = Board(exp)
        for _ in range(120):
            moves = b.legal_moves()
            if not moves:
                break
            for m in moves:
                assert parse_move(b, move_to_string(b, *m)) == m
            b.play(*rng.choice(moves))


def test_game_type_strings():
    assert parse_game_type("Base") == ""
    assert parse_game_type("Base+PLM") == "MLP"
    assert parse_game_type("base+mlpd") == "MLPD"
    assert game_type_string("dm") == "Base+MD"
    for bad in ("Chess", "Base+X", "Base+"):
        with pytest.raises(ValueError):
            parse_game_type(bad)


def test_game_string():
    b, moves = replay("MLP", ["wS1", "bS1 wS1-"])
    assert game_string(b, moves) == "Base+MLP;InProgress;White[2];wS1;bS1 wS1-"
    assert game_string(Board(""), []) == "Base;NotStarted;White[1]"
