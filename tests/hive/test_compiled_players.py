"""The players that search with the compiled (numba) searcher: the ``hard``
computer seat, the UHP engine's ``hard`` level and the Hive coach, and the
switch that keeps them on the Python searcher."""

from __future__ import annotations

import random

import pytest

from beegames.core import coach
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.hive import ai
from beegames.games.hive.engine import HiveEngine
from beegames.games.hive.notation import move_to_string
from beegames.games.hive.search import Searcher
from beegames.games.hive.state import board_from_state
from beegames.games.hive.uhp import UHPEngine

pytestmark = pytest.mark.skipif(not ai.compiled_wanted(), reason="numba is not installed")

MID = "Base+MLP;InProgress;White[6];wA1;bA1 wA1-;wQ -wA1;bQ bA1-;wG1 \\wQ;bG1 bQ/;wS1 /wQ;bS1 bQ\\;wB1 -wQ;bB1 bQ-"


class FakeClock:
    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture(scope="module", autouse=True)
def _compiled() -> None:
    assert ai.compiled_ready(wait=True), ai._Compiled.failed


def random_match(seed: int, plies: int) -> Match:
    engine = get_engine("hive")
    m = Match.new(engine, options={"expansions": "MLP"},
                  seats=[SeatInfo(name="White"), SeatInfo(name="Black")], seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        m.play(rng.choice(engine.legal_moves(m.state)))
    return m


def test_the_hard_seat_searches_with_the_compiled_searcher_and_plays_legal_moves():
    from beegames.games.hive.fast.search import FastSearcher

    engine = HiveEngine()
    player = engine.make_player("hard", seed=3)
    player.searcher.clock = FakeClock(0.05)  # carried over to the compiled searcher
    for seed in range(4):
        m = random_match(seed, 10 + 4 * seed)
        move = player.choose(engine, m.state)
        assert isinstance(player.searcher, FastSearcher)
        assert move in engine.legal_moves(m.state)
    assert not isinstance(engine.make_player("medium", seed=3).searcher, FastSearcher)


def test_the_python_searcher_is_kept_when_asked(monkeypatch):
    monkeypatch.setenv(ai.PURE_PYTHON_ENV, "1")
    engine = HiveEngine()
    player = engine.make_player("hard", seed=3)
    player.searcher.clock = FakeClock(0.05)
    m = random_match(1, 12)
    assert player.choose(engine, m.state) in engine.legal_moves(m.state)
    assert type(player.searcher) is Searcher
    assert not ai.compiled_ready()


def test_uhp_bestmove_at_hard_searches_with_the_compiled_searcher():
    from beegames.games.hive.fast.search import FastSearcher

    engine = UHPEngine()
    assert not engine.handle("newgame " + MID)[0].startswith("err")
    valid = engine.handle("validmoves")[0].split(";")
    move = engine.handle("bestmove depth 3")[0]
    assert move in valid
    assert isinstance(engine.last, FastSearcher) and engine.last.depth_reached == 3
    engine.handle("options set Level medium")
    engine.handle("newgame " + MID)
    assert engine.handle("bestmove")[0] in valid
    assert type(engine.last) is Searcher


def test_the_coach_hints_with_the_compiled_searcher():
    m = random_match(5, 16)
    found = coach.hint(m.engine, m, seconds=None, effort=3, seed=1)
    board = board_from_state(m.state)
    assert found.move in {move_to_string(board, p, c) for p, c in board.legal_moves()}
    assert found.reason

