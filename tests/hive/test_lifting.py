"""What the rules tell a player who selects a piece (``view.select``): where it
may go, the pieces a Pillbug that cannot move may lift instead, and why an
opponent's piece next to the player's Pillbug cannot be lifted. Also the
words of the coach's hint (no side repeated, placements not "freed")."""

from __future__ import annotations

from beegames.games.hive import view
from beegames.games.hive.board import Board, cell_of
from beegames.games.hive.describe import describe, move_words
from beegames.games.hive.notation import parse_move
from beegames.games.hive.pieces import ID_OF
from beegames.games.hive.rules import explain_no_lift, lifters, lifts
from hive.helpers import make_board, make_state

#: White's Pillbug between the two Queens, pinned (moving it would split the hive); Black's Ant beside it
PILL = {(-1, 0): "wQ", (0, 0): "wP", (1, 0): "bQ", (1, -1): "bA1"}


def test_a_pinned_pillbug_offers_the_pieces_it_can_lift():
    found = view.select(make_state(PILL), "wP")
    assert found.targets == {} and found.usable
    assert found.lifts == {(-1, 0): "wQ", (1, 0): "bQ", (1, -1): "bA1"}
    assert "cannot move without splitting the hive" in found.text
    assert "can lift bA1, bQ or wQ" in found.text and "split the hive." not in found.text


def test_a_mosquito_beside_a_pillbug_offers_its_lifts_too():
    cells = {(-1, 0): "wQ", (0, 0): "wM", (1, 0): "bQ", (1, -1): "bA1", (-1, 1): "wP"}
    found = view.select(make_state(cells), "wM", label=lambda name: f"<{name}>")
    assert found.lifts and found.targets == {}
    assert found.text.startswith("<wM> (Mosquito) cannot move without splitting the hive but can lift")
    lifted = view.select(make_state(cells), "bA1")
    assert "lifted by your Mosquito wM" in lifted.text


def test_an_opponents_piece_says_who_lifts_it():
    found = view.select(make_state(PILL), "bA1", label=lambda name: name.upper())
    assert found.targets == {(0, 1): "bA1 wP\\", (0, -1): "bA1 \\wP", (-1, 1): "bA1 wQ\\"}
    assert found.text.startswith("BA1 (Soldier Ant), lifted by your Pillbug WP: 3 destinations lit.")
    board = make_board(PILL)
    assert lifters(board, ID_OF["bA1"]) == [ID_OF["wP"]]
    assert set(lifts(board, ID_OF["wP"])) == {ID_OF["wQ"], ID_OF["bQ"], ID_OF["bA1"]}


def test_an_opponents_piece_that_just_moved_says_so_and_not_that_it_is_not_yours():
    found = view.select(make_state(PILL, last="bA1"), "bA1")
    assert not found.usable
    assert found.text == "That piece was moved last turn, so your Pillbug cannot lift it this turn."
    # the same piece a turn later may be lifted
    assert view.select(make_state(PILL), "bA1").usable
    # with no Pillbug of the player's beside it, it is simply not theirs
    away = {(0, 0): "wQ", (1, 0): "bQ", (2, 0): "bA1"}
    assert view.select(make_state(away), "bA1").text == "That piece is not yours."


def test_every_reason_a_piece_beside_the_pillbug_cannot_be_lifted():
    board = make_board(PILL, last="wP")
    assert explain_no_lift(board, ID_OF["bA1"]) == \
        "Your Pillbug was moved last turn, so it cannot lift anything this turn."
    stacked = dict(PILL)
    stacked[(1, -1)] = ["bA1", "bB1"]
    assert "part of a stack" in (explain_no_lift(make_board(stacked), ID_OF["bB1"]) or "")
    split = dict(PILL)
    split[(2, 0)] = "bG1"
    assert explain_no_lift(make_board(split), ID_OF["bQ"]) == "Lifting that piece would split the hive."
    # a piece the Pillbug may lift has no such reason
    assert explain_no_lift(make_board(PILL), ID_OF["bA1"]) is None
    # the reasons for a destination stay as they were
    assert "last turn" in view.why_illegal(make_state(PILL, last="bA1"), "bA1", (0, 1))


def test_an_own_piece_says_which_destinations_a_lift_gives():
    cells = {(-1, 0): "wQ", (0, 0): "wM", (1, 0): "bQ", (1, -1): "bA1", (-1, 1): "wP"}
    found = view.select(make_state(cells), "wP")
    assert found.targets and not found.lifts
    assert "1 of them by your Mosquito wM lifting it" in found.text
    # what it can lift comes before the keys; a short status line drops them, then says it in brief
    whole, without_keys, brief = found.forms
    assert without_keys.endswith("It can also lift wQ: select that piece.")
    assert whole == f"{without_keys} Enter on one to play it, Esc to cancel." == found.text
    assert brief == "wP (Pillbug): 3 lit, 1 by your Mosquito wM lifting it. Can also lift wQ: select one."


def test_the_game_over_and_an_empty_space_are_said():
    over = make_state(PILL).model_copy(update={"status": "WhiteWins"})
    assert view.select(over, "wP").text == "The game is over." and view.game_over(over) == "The game is over."
    assert view.game_over(make_state(PILL)) is None
    assert view.why_not_here(make_state(PILL), (5, 5), None).startswith("Nothing to do on an empty space")
    picked = view.select(make_state(PILL), "wP")
    assert "lit pieces to lift" in view.why_not_here(make_state(PILL), (5, 5), picked)


def test_a_pinned_pillbug_with_lifts_is_among_the_cells_tab_visits():
    assert (0, 0) in view.selectable_cells(make_state(PILL))


def test_the_log_line_keeps_its_words_and_the_hint_drops_the_side():
    board = Board("")
    piece, dest = parse_move(board, "wS1")
    assert describe(board, "wS1", piece, dest) == "White: wS1 (Spider 1 placed to start the hive)"
    assert move_words(board, "wS1", piece, dest) == "wS1 (Spider 1 placed to start the hive)"


def test_the_hint_does_not_repeat_the_side():
    from beegames.core import coach
    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo
    from beegames.games import get_engine

    m = Match.new(get_engine("hive"), options={}, seats=[SeatInfo(name="Ann"), SeatInfo(name="Ben")], seed=1)
    for move in ("wS1", "bS1 wS1-", "wQ -wS1"):
        m.play(move)
    found = coach.hint(m.engine, m, seconds=None, effort=1, seed=1)
    assert not found.description.startswith("Black:"), found.description
    assert found.description.startswith(found.move)


def test_a_placement_brings_a_piece_into_play_rather_than_freeing_it():
    from beegames.games.hive.coach import _Facts, _mobile

    board = Board("")
    for text in ("wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"):
        board.play(*parse_move(board, text))
    before = _Facts(board)
    board.play(ID_OF["wA1"], cell_of(-2, 0))  # a new Soldier Ant left of the Queen: it can move at once
    after = _Facts(board)
    phrase = _mobile("own", 0, before, after)
    assert phrase.startswith("it brings your") and "Soldier Ant" in phrase and "frees" not in phrase
