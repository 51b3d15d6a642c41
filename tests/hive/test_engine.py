"""The kernel adapter: options, states, moves, reasons and random games."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from beegames.core.errors import IllegalMove
from beegames.core.protocol import SeatInfo
from beegames.games.hive import HiveEngine, HiveOptions, HiveState, view
from hive.helpers import make_state

E = HiveEngine()
SEATS = [SeatInfo(name="A"), SeatInfo(name="B")]


def new(exp: str = "") -> HiveState:
    return E.new_state(HiveOptions(expansions=exp), SEATS, 0)


def play(state: HiveState, *moves: str) -> HiveState:
    for m in moves:
        state = E.apply(state, m)
    return state


def test_class_attributes():
    assert E.game_id == "hive" and E.title == "Hive"
    assert (E.min_players, E.max_players) == (2, 2)
    assert E.levels == ("easy", "medium", "hard")
    assert E.seat_names(HiveOptions(), 2) == ["White", "Black"]


def test_options_normalise_and_reject():
    assert HiveOptions(expansions="pdLm").expansions == "MLPD"
    assert HiveOptions(expansions="pdLm").game_type == "Base+MLPD"
    assert HiveOptions().game_type == "Base"
    with pytest.raises(ValidationError, match="Unknown Hive expansion letter 'X'"):
        HiveOptions(expansions="MX")


def test_new_state_and_decision():
    s = new("MLP")
    assert s.game_type == "Base+MLP" and s.turn == 0 and s.status == "NotStarted"
    d = E.decision(s)
    assert (d.seat, d.kind, d.prompt) == (0, "turn", "White to play")
    assert E.result(s) is None
    assert "wQ" not in E.legal_moves(s) and "wS1" in E.legal_moves(s)


def test_apply_does_not_mutate_and_logs():
    s = new()
    before = s.model_dump()
    s2 = E.apply(s, "wS1")
    assert s.model_dump() == before
    s3 = E.apply(s2, "bs1 ws1-")
    assert s3.moves == ["wS1", "bS1 wS1-"]
    assert s3.log[-1] == "Black: bS1 wS1- (Spider 1 placed right of White's Spider 1)"
    assert E.decision(s3).prompt == "White to play"
    assert s3.last_moved == "bS1" and s3.last_to == (1, 0) and s3.last_from is None
    assert E.turn_number(s3) == 2


def test_describe_move():
    s = play(new(), "wS1", "bS1 wS1-")
    assert E.describe_move(s, "wQ -wS1") == "White: wQ -wS1 (Queen Bee placed left of White's Spider 1)"


@pytest.mark.parametrize(
    "moves,bad,reason",
    [
        ([], "wQ", "The Queen Bee cannot be your first piece."),
        (["wS1", "bS1 wS1-", "wG1 -wS1", "bG1 bS1-", "wA1 -wG1", "bA1 bG1-"], "wB1 -wA1",
         "The Queen Bee must be placed by your fourth piece."),
        (["wS1", "bS1 wS1-", "wG1 -wS1", "bQ bS1-"], "wG1 \\wS1",
         "Your Queen Bee is not on the board yet, so your pieces cannot move."),
        (["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"], "wS1 \\wQ", "That would split the hive."),
        (["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"], "wQ bQ",
         "The Queen Bee moves one space at a time, sliding around the hive."),
        (["wS1", "bS1 wS1-"], "gibberish", None),
    ],
)
def test_illegal_moves_explain_why(moves, bad, reason):
    s = play(new(), *moves)
    with pytest.raises(IllegalMove) as info:
        E.apply(s, bad)
    if reason:
        assert info.value.reason == reason


def test_last_moved_reason():
    pill = {(-1, 0): "wQ", (0, 0): "wP", (1, 0): "bQ", (1, -1): "bA1"}
    s = make_state(pill, last="bA1")
    with pytest.raises(IllegalMove, match="moved last turn"):
        E.apply(s, "bA1 wP\\")
    thrown = E.apply(make_state(pill), "bA1 wP\\")
    assert thrown.log[-1].startswith("White: bA1 wP\\ (Pillbug throws Black's Soldier Ant 1 ")


def test_beetle_gate_reason():
    cells = {
        (0, 0): ["bS1", "wB1"], (1, -1): ["wS1", "bB1"], (0, 1): ["wG1", "bB2"],
        (-1, 0): "wQ", (0, -1): "bQ",
    }
    s = make_state(cells, expansions="")
    with pytest.raises(IllegalMove, match="Beetle cannot squeeze through that gap"):
        E.apply(s, "wB1 wS1\\")


def test_parse_move_and_json():
    s = play(new(), "wS1")
    assert E.parse_move(s, "  BS1   WS1- ") == "bS1 wS1-"
    assert E.parse_move(s, "pass") == "pass"
    with pytest.raises(IllegalMove):
        E.parse_move(s, "bS1 over there")
    assert E.move_from_json(E.move_to_json("wS1")) == "wS1"
    with pytest.raises(ValueError):
        E.move_from_json(3)


def test_result_summaries():
    cells = {(0, 0): "bQ", (1, 0): "wQ", (0, 1): "wS1", (-1, 1): "wS2", (-1, 0): "bS1", (0, -1): "bS2", (2, -1): "wA1"}
    s = make_state(cells, expansions="")
    done = E.apply(s, "wA1 \\wQ")
    r = E.result(done)
    assert r.winners == [0] and not r.draw
    assert r.summary == "Black's Queen Bee is surrounded; White wins."
    assert E.decision(done) is None and E.legal_moves(done) == []
    with pytest.raises(IllegalMove, match="over"):
        E.apply(done, "bS1 wQ")


def test_make_player_and_reveals():
    s = play(new(), "wS1")
    for level in E.levels:
        player = E.make_player(level, 3)
        ticks = iter(range(10**6))
        player.searcher.clock = lambda t=ticks: next(t) * 0.1  # a fake clock: no real time spent
        mv = player.choose(E, s)
        assert mv in E.legal_moves(s)
    assert E.reveals(s, E.apply(s, "bS1 wS1-")) is False


def test_view_helpers():
    s = play(new(), "wS1", "bS1 wS1-")
    assert view.board_cells(s) == [(0, 0, ["wS1"]), (1, 0, ["bS1"])]
    assert view.reserve(s, 0)[:3] == ["wQ", "wS2", "wB1"]
    assert "wS1" not in view.reserve(s, 0)
    assert view.last_move_cells(s) == (None, (1, 0))
    t = view.targets(s, "wQ")
    assert t[(-1, 0)] == "wQ -wS1" and (2, 0) not in t
    assert view.move_for(s, "wQ", (-1, 0)) == "wQ -wS1"
    assert view.move_for(s, "wQ", (5, 5)) is None
    assert view.targets(s, "nonsense") == {}


@pytest.mark.parametrize("exp,seed", [("", 1), ("MLPD", 2), ("P", 3)])
def test_random_games_keep_invariants_and_round_trip(exp, seed):
    rng = random.Random(seed)
    s = new(exp)
    for _ in range(70):
        if E.result(s) is not None:
            break
        m = rng.choice(E.legal_moves(s))
        s = E.apply(s, m)
        E.check_invariants(s)
        again = HiveState.model_validate(s.model_dump(mode="json"))
        assert again == s
    # replaying the recorded moves rebuilds the same state
    r = new(exp)
    for m in s.moves:
        r = E.apply(r, m)
    assert r == s


def test_check_invariants_catches_damage():
    s = play(new(), "wS1", "bS1 wS1-")
    broken = s.model_copy(deep=True)
    broken.cells[1].q = 5
    with pytest.raises(AssertionError):
        E.check_invariants(broken)
    dup = s.model_copy(deep=True)
    dup.cells[1].stack = ["wS1"]
    with pytest.raises(AssertionError):
        E.check_invariants(dup)


def test_threefold_through_the_engine():
    cells = {(0, 0): "wQ", (1, 0): "wS1", (2, 0): "bQ"}
    s = make_state(cells, expansions="")
    s = s.model_copy(update={"repetitions": {}})
    cycle = ["wQ \\wS1", "bQ wS1/", "wQ -wS1", "bQ wS1-"]
    for m in cycle * 2:
        s = E.apply(s, m)
    r = E.result(s)
    assert r is not None and r.draw and "third time" in r.summary
