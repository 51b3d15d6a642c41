"""What a newcomer is told (the log, a selection's status, why a piece cannot be
placed), found by playing Hive with every extra piece at 80x24: a Dragonfly that
takes the piece beneath it along says so, a throw with the Pillbug's power says what threw, a
pass is a sentence, and a piece that can go nowhere is told why in words that fit the position."""

from __future__ import annotations

import json

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.hive import view
from beegames.games.hive.board import cell_of
from beegames.games.hive.describe import move_words
from beegames.games.hive.notation import parse_move
from beegames.games.hive.pieces import ID_OF
from beegames.games.hive.rules import carried, explain_no_placement, thrower
from hive.helpers import make_board, make_state

#: a hot-seat game with every extra piece, as played by keys: Black's Dragonfly lands on White's
#: Soldier Ant 1 (move 20), then flies on to empty ground carrying it (move 22, ``bD /bQ``)
CARRY_GAME = ["wS1", "bP \\wS1", "wQ wS1-", "bM bP/", "wL wQ\\", "bQ bM-", "wA1 wL/", "bD bQ-", "wP wA1-",
              "bD bM\\", "wP wA1/", "bG1 bQ/", "wP bQ\\", "wS1 /bP", "wA1 \\bG1", "bM bP\\", "wL bG1\\",
              "bA1 \\bP", "wA1 -bG1", "bD wA1", "wA2 wP\\", "bD /bQ"]

#: White's Beetles on Black's only two pieces: Black can neither move nor place, and must pass
PASS_GAME = ["wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", "wB1 \\wG1", "bQ bG1/", "wB1 \\bG1", "bQ bG1-",
             "wB1 bG1", "bQ wB1/", "wB2 \\wG1", "bQ wB1-", "wB2 \\wB1", "bQ wB1/", "wB2 bQ"]


def played(moves: list[str], expansions: str = "MLPD") -> Match:
    m = Match.new(get_engine("hive"), options={"expansions": expansions},
                  seats=[SeatInfo(name="Ann"), SeatInfo(name="Ben")], seed=1)
    for move in moves:
        m.play(move)
    return m


def test_the_log_says_which_piece_a_dragonfly_carries():
    m = played(CARRY_GAME)
    assert m.state.log[-1] == ("Black: bD /bQ (Dragonfly moves lower left of Black's Queen Bee, "
                               "carrying White's Soldier Ant 1)")
    # landing on a piece is no carry, and neither is a Dragonfly's move from the ground
    assert m.state.log[-3] == "Black: bD wA1 (Dragonfly moves on top of White's Soldier Ant 1)"
    assert "carrying" not in m.state.log[9]  # bD bM\\, from the ground


def test_only_a_dragonfly_from_a_stack_to_empty_ground_carries():
    cells = {(0, 0): ["bB1", "wD"], (1, 0): "bQ", (2, 0): "wQ", (1, 1): "bA1"}
    board = make_board(cells)
    assert carried(board, ID_OF["wD"], cell_of(2, -1)) == ID_OF["bB1"]
    assert carried(board, ID_OF["wD"], cell_of(1, 1)) is None  # onto a stack: alone
    assert carried(board, ID_OF["wQ"], cell_of(3, -1)) is None  # not a Dragonfly
    words = move_words(board, "wD bQ/", ID_OF["wD"], cell_of(2, -1))
    assert words == "wD bQ/ (Dragonfly moves upper right of Black's Queen Bee, carrying Black's Beetle 1)"


def test_selecting_a_dragonfly_on_a_stack_says_what_it_carries_and_where():
    cells = {(0, 0): ["bB1", "wD"], (1, 0): "bQ", (2, 0): "wQ", (1, 1): "bA1"}
    found = view.select(make_state(cells), "wD", label=lambda name: f"<{name}>")
    assert set(found.targets) == {(1, 1), (2, -1)}
    assert found.text.startswith("<wD> (Dragonfly): 2 destinations lit, 1 of them on the ground, where it carries "
                                 "<bB1> along. Enter on one")
    assert found.brief == "<wD> (Dragonfly): 2 lit; carries <bB1> to the 1 on the ground."
    # every destination on the ground
    ground = view.select(make_state({(0, 0): ["bB1", "wD"], (1, 0): "bQ", (2, 0): "wQ"}), "wD")
    assert set(ground.targets) == {(1, 1), (2, -1)}
    assert ground.forms[1] == "wD (Dragonfly): 2 destinations lit; it carries bB1 along to each."
    assert ground.brief == "wD (Dragonfly): 2 lit; carries bB1 to each."
    # a Dragonfly on the ground carries nothing, and says nothing of it
    alone = view.select(make_state({(0, 0): "wD", (1, 0): "bQ", (2, 0): "wQ", (1, 1): "bA1"}), "wD")
    assert alone.usable and "carries" not in alone.text


def test_a_piece_that_can_be_placed_nowhere_is_told_why_not_that_a_space_is_taken():
    m = played(PASS_GAME, expansions="")
    assert m.legal_moves() == ["pass"]
    found = view.select(m.state, "bA1")
    assert not found.usable
    assert found.text.startswith("No stack on the board is topped by your colour")
    assert "empty space, not on top" not in found.text


def test_every_free_space_touching_the_opponent_is_said():
    # Black's Queen in the middle of White's pieces: each empty space beside it also touches White
    cells = {(0, 0): "bQ", (1, 0): "wQ", (0, 1): "wS1", (-1, 1): "wS2", (-1, 0): "wA1", (0, -1): "wA2",
             (2, -1): "wG1", (2, -2): "bG1"}
    board = make_board(cells, to_move=1, expansions="")
    reason = explain_no_placement(board, ID_OF["bA1"])
    assert reason.startswith("Every empty space next to your pieces also touches")
    # a rule of the piece itself still comes first
    early = make_board({(0, 0): "wG1", (1, 0): "bG1"}, to_move=1, expansions="")
    assert explain_no_placement(early, ID_OF["bA2"]) == "Place bA1 before bA2."


def test_an_older_save_with_a_carry_replays_in_full_in_the_new_words(tmp_path):
    m = played(CARRY_GAME)
    path = saves.write_save(m, tmp_path / "g.json")
    doc = json.loads(path.read_text())
    assert doc["rules_version"] == 3
    doc["rules_version"] = 1  # as the first rules wrote it: the carry unsaid
    doc["state"]["log"][-1] = "Black: bD /bQ (Dragonfly moves lower left of Black's Queen Bee)"
    path.write_text(json.dumps(doc))
    back = saves.load_save(path, get_engine)
    assert back.notice is None and back.checkpoint is None and len(back.history) == len(CARRY_GAME)
    assert back.state.log[-1].endswith("carrying White's Soldier Ant 1)")


def test_a_mosquito_says_whose_moves_it_copies():
    from beegames.games.hive.rules import mosquito_copies

    cells = {(0, 0): "wM", (1, 0): "bQ", (-1, 0): "wA1", (0, -1): "bM", (1, -1): "wS1", (2, 0): "wQ"}
    board = make_board(cells)
    # in the rulebook's order; the other Mosquito gives nothing to copy
    assert mosquito_copies(board, ID_OF["wM"]) == ["Queen Bee", "Spider", "Soldier Ant"]
    assert mosquito_copies(board, ID_OF["wA1"]) == []
    found = view.select(make_state(cells), "wM")
    assert found.text.startswith("wM (Mosquito, copying the Queen Bee, Spider and Soldier Ant): ")
    assert found.brief.startswith("wM (Mosquito as Queen Bee, Spider, Soldier Ant): ")
    assert found.briefest.startswith("wM (Mosquito): ")
    # on top of the hive it moves as a Beetle
    atop = {(0, 0): ["bQ", "wM"], (1, 0): "wQ", (-1, 0): "wA1"}
    assert mosquito_copies(make_board(atop), ID_OF["wM"]) == ["Beetle"]


def test_tab_with_no_piece_to_go_to_says_why():
    empty = played([])
    assert view.selectable_cells(empty.state) == set()
    assert view.why_none_selectable(empty.state) == \
        "You have no piece on the board yet: a letter from Reserves places one."
    no_queen = played(["wS1", "bS1 wS1-"])
    assert view.selectable_cells(no_queen.state) == set()
    assert view.why_none_selectable(no_queen.state).startswith("Your Queen Bee is not on the board yet")
    stuck = played(PASS_GAME, expansions="")
    assert view.why_none_selectable(stuck.state) == "You have no legal move: press x to pass."


#: White's Queen Bee beside White's Pillbug, Black's Queen Bee and Soldier Ant on the Pillbug's other side
THROW_CELLS = {(-1, 0): "wQ", (0, 0): "wP", (1, 0): "bQ", (1, -1): "bA1"}


def throw_words(cells: dict, move: str) -> str:
    board = make_board(cells)
    state = make_state(cells)
    words = get_engine("hive").describe_move(state, move)  # (the review's words, the log's too)
    assert words == f"White: {move_words(board, move, *parse_move(board, move))}"
    return words


def test_a_throw_is_worded_as_one_naming_what_throws():
    # an opponent's piece, by the Pillbug
    assert throw_words(THROW_CELLS, "bA1 \\wP") == \
        "White: bA1 \\wP (Pillbug throws Black's Soldier Ant 1 upper left of White's Pillbug)"
    # the side's own Queen Bee, over the Pillbug where it could not crawl: a throw, not a move of its own
    assert throw_words(THROW_CELLS, "wQ wP\\") == \
        "White: wQ wP\\ (Pillbug throws White's Queen Bee lower right of White's Pillbug)"
    # where the Queen Bee can crawl itself, it moves (the same move either way: called by the piece's own)
    assert throw_words(THROW_CELLS, "wQ /wP") == "White: wQ /wP (Queen Bee moves lower left of White's Pillbug)"
    # a Mosquito beside a Pillbug throws as one, and says so
    cells = {(-1, 0): "wQ", (0, 0): "wM", (1, 0): "bQ", (1, -1): "bA1", (-1, 1): "wP"}
    assert throw_words(cells, "bA1 wM\\") == \
        "White: bA1 wM\\ (Mosquito, as a Pillbug, throws Black's Soldier Ant 1 lower right of White's Mosquito)"
    # a placement beside the Pillbug, and a move of a piece no Pillbug touches, are as before
    board = make_board(THROW_CELLS)
    assert thrower(board, ID_OF["wA1"], cell_of(-1, 1)) is None
    assert thrower(board, ID_OF["bA1"], cell_of(-1, -1)) is None  # (not a move White may make)


def test_an_older_save_with_a_throw_replays_in_full_in_the_new_words(tmp_path):
    m = played(CARRY_GAME[:14])  # Black's Pillbug throws White's Spider 1 (move 14)
    path = saves.write_save(m, tmp_path / "g.json")
    doc = json.loads(path.read_text())
    assert doc["rules_version"] == 3
    line = "Black: wS1 /bP (Pillbug throws White's Spider 1 lower left of Black's Pillbug)"
    assert doc["state"]["log"][-1] == line
    doc["rules_version"] = 2  # as rules version 2 wrote it: the piece thrown, but not by what
    doc["state"]["log"][-1] = "Black: wS1 /bP (White's Spider 1 thrown by the Pillbug lower left of Black's Pillbug)"
    path.write_text(json.dumps(doc))
    back = saves.load_save(path, get_engine)
    assert back.notice is None and back.checkpoint is None and len(back.history) == 14
    assert back.state.log[-1] == line


def test_the_last_move_of_a_pass_is_a_sentence():
    m = played(PASS_GAME + ["pass"], expansions="")
    assert m.state.log[-1] == "Black: pass (no legal move)"  # (the log's line is as before)
    last = view.last_move(m.state.log)
    assert last is not None and last.side == "b" and last.passed
    assert last.said("Ben") == ("Ben passes: ", "no legal move")
    assert last.said(None) == ("Black passes: ", "no legal move")
    moved = view.last_move(m.state.log[:-1])
    assert moved is not None and moved.said("Ann") == ("Ann: ", "Beetle 2 moves on top of Black's Queen Bee")
    assert moved.said(None) == ("", "Beetle 2 moves on top of Black's Queen Bee")
