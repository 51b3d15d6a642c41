"""Computer players: wins in one and two, and time limits."""

from __future__ import annotations

import random

import pytest

from beegames.games.hive import ai
from beegames.games.hive.board import IN_PROGRESS, WHITE_WINS, Board
from hive.helpers import make_board

WIN1 = {(0, 0): "bQ", (1, 0): "wQ", (0, 1): "wS1", (-1, 1): "wS2", (-1, 0): "bS1", (0, -1): "bS2", (2, -1): "wA1"}
# Black's queen is covered by a white beetle, so Black can only pass;
# two spaces around it are empty: White wins in two moves, not in one.
WIN2 = {
    (0, 0): ["bQ", "wB1"], (1, 0): "wS1", (0, 1): "wS2", (-1, 1): "wG1", (-1, 0): "wG2",
    (2, 0): "wA1", (-2, 1): "wA2", (0, 2): "wQ",
}
# As WIN2, but Black has a beetle of its own that can move.
WIN2B = {**WIN2, (0, 3): "bB1"}


def _forced_win_after(board: Board, move) -> bool:
    """Brute force: after ``move`` every reply leaves White a winning move."""
    board.play(*move)
    try:
        if board.status == WHITE_WINS:
            return True
        if board.status != IN_PROGRESS:
            return False
        for reply in board.legal_moves():
            board.play(*reply)
            try:
                if board.status == WHITE_WINS:
                    continue
                if board.status != IN_PROGRESS:
                    return False
                found = False
                for m in board.legal_moves():
                    board.play(*m)
                    found = board.status == WHITE_WINS
                    board.undo()
                    if found:
                        break
                if not found:
                    return False
            finally:
                board.undo()
        return True
    finally:
        board.undo()


@pytest.mark.parametrize("level", ["greedy", "easy", "medium", "hard"])
def test_every_level_takes_a_win_in_one(level):
    b = make_board(WIN1, expansions="")
    m = ai.choose_move(b, level, random.Random(1))
    b.play(*m)
    assert b.status == WHITE_WINS


@pytest.mark.parametrize("cells", [WIN2, WIN2B])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_forced_win_in_two(level, cells):
    b = make_board(cells, expansions="")
    assert ai.winning_move(b) is None
    m = ai.choose_move(b, level, random.Random(2))
    assert _forced_win_after(b, m)


def test_forced_win_helper_finds_nothing_when_none_exists():
    b = make_board({(0, 0): "wQ", (1, 0): "bQ"}, expansions="")
    assert ai.forced_win_in_two(b) is None


class FakeClock:
    """A clock that moves 10 ms each time it is read, so the test does not
    depend on how fast the machine is: the search must watch the clock and
    stop on its own once its time limit has passed."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        self.now += 0.01
        return self.now


@pytest.mark.parametrize("level,limit", [("easy", 0.05), ("medium", 0.3), ("hard", 1.0)])
def test_time_limits_are_respected(level, limit, monkeypatch):
    b = Board("MLP")
    rng = random.Random(5)
    for _ in range(16):
        b.play(*rng.choice(b.legal_moves()))
    clock = FakeClock()
    monkeypatch.setattr(ai, "time", clock)
    start = clock.now
    m = ai.choose_move(b, level, random.Random(0))
    assert m in b.legal_moves()
    assert clock.now - start <= limit + 0.05


def test_search_prefers_not_to_lose_at_once():
    # Black to move: White threatens to fill the last space around Black's queen.
    b = make_board(WIN1, to_move=1, expansions="")
    m = ai.choose_move(b, "medium", random.Random(0))
    b.play(*m)
    assert ai.winning_move(b) is None or b.status != IN_PROGRESS


def test_evaluate_is_symmetric_in_sign():
    # apart from the bonus for the side to move, White's gain is Black's loss
    tempo = ai.DEFAULT_WEIGHTS.tempo
    b = make_board(WIN1, expansions="")
    v_white = ai.evaluate(b) - tempo
    b2 = make_board(WIN1, to_move=1, expansions="")
    assert ai.evaluate(b2) - tempo == -v_white
