"""Honey Buzz's automatic work on the kernel's task queue: what a decision
queues, where a move stops (the next decision, or the drone turn as the one
automatic step), states and saves written before the queue existed, and the
invariants that guard the queue."""

import shutil
from pathlib import Path

import pytest

from beegames.core import saves
from beegames.games import get_engine
from beegames.games.honey_buzz import tasks
from beegames.games.honey_buzz.data import game_data
from beegames.games.honey_buzz.models import HoneyBuzzState, RecallMove, SellMove

from .hb_helpers import ENGINE, check, new, play
from .test_hb_actions import BOTTOM, owe

DATA = Path(__file__).parent / "data"


def test_every_task_is_registered_once_beside_its_rule_with_a_docstring():
    handlers = tasks.registered()
    assert set(handlers) == {"drops", "checks", "next_action", "drone_turn", "drone_end"}
    homes = {name: fn.__module__.rsplit(".", 1)[1] for name, fn in handlers.items()}
    assert homes == {"drops": "market", "checks": "turns", "next_action": "turns", "drone_turn": "drones",
                     "drone_end": "drones"}
    assert all(fn.__doc__ for fn in handlers.values())


def test_a_move_runs_the_queue_to_the_next_decision_and_a_drop_choice_keeps_the_rest_queued():
    s = new(2)
    assert s.queue == [] and ENGINE.decision(s).kind == "turn"
    s.players[0].pollen = 2
    s.supply_pollen -= 2
    s.market = [BOTTOM[r] for r in "PWR"] + [1, 1]
    s = owe(s, "market")
    s = play(s, SellMove(resource="P", count=1))
    # pollen is at the bottom and two values could drop instead: the player chooses, and the
    # checks and the rest of the turn wait behind the drops
    assert ENGINE.decision(s).kind == "drop"
    assert s.queue == ["drops", "checks", "next_action"]
    check(s)
    s = play(s, ENGINE.legal_moves(s)[0])
    assert s.queue == [] and s.current == 1 and ENGINE.decision(s).kind == "turn"
    check(s)


def _drone_cards_on_top(s, *cards):
    s.drone_deck = list(cards) + [c for c in s.drone_deck if c not in cards]
    s.drone_discard = [c for c in s.drone_discard if c not in cards]
    s.drone_top_box = game_data().drone_card(s.drone_deck[0]).box


def test_the_drone_turn_stays_one_automatic_step():
    s = new(1)
    s.market[4] = 0  # Acacia alone is the highest honey: card D2 needs no choice
    _drone_cards_on_top(s, "D2", "D8")
    s = ENGINE.apply(s, RecallMove())
    # the move ends with the player's turn: the drone turn waits as the one automatic step
    assert s.phase == "drone" and s.queue == ["drone_turn"] and ENGINE.decision(s) is None
    check(s)
    s = ENGINE.step(s)
    assert any("Drone turn: card D2" in line for line in s.log)
    assert s.phase == "play" and s.turn == 2 and ENGINE.decision(s).kind == "turn" and s.queue == []
    assert ENGINE.step(s) is None, "no step is due while the player decides"
    check(s)

    s = new(1)
    _drone_cards_on_top(s, "D1", "D3")  # an order card: the player picks the order removed
    s = ENGINE.step(ENGINE.apply(s, RecallMove()))
    assert ENGINE.decision(s).kind == "drone_order" and s.queue == []
    check(s)
    s = ENGINE.apply(s, ENGINE.legal_moves(s)[0])
    assert s.phase == "play" and s.turn == 2 and ENGINE.decision(s).kind == "turn" and s.queue == []
    check(s)


def test_a_state_written_before_the_queue_reads_the_queue_it_stands_for():
    s = new(1)
    s = ENGINE.apply(s, RecallMove())
    old = s.model_dump(mode="json")
    del old["queue"]
    assert HoneyBuzzState.model_validate(old).queue == ["drone_turn"]
    old.update(phase="play", pending={"seat": 0, "kind": "drop", "choices": ["W", "R"]})
    assert HoneyBuzzState.model_validate(old).queue == ["drops", "checks", "next_action"]
    old["phase"] = "drone"
    assert HoneyBuzzState.model_validate(old).queue == ["drops", "checks", "drone_end"]
    old["pending"] = {"seat": 0, "kind": "turn"}
    assert HoneyBuzzState.model_validate(old).queue == []


def test_a_save_written_before_the_queue_replays_and_plays_on(tmp_path):
    """Written by the engine before the queue (rules version 3), stopped at a drop choice on a
    drone turn: the history replays to the saved position, which goes on to the end."""
    src = DATA / "honey-buzz-solo-rules3-drone-drop-before-queue.json"
    path = tmp_path / src.name
    shutil.copy(src, path)
    doc = saves.read_document(path)
    assert "queue" not in doc.state and doc.state["pending"]["kind"] == "drop"
    match = saves.load_save(path, get_engine)
    assert match.notice is None and match.checkpoint is None, "fully replayed"
    assert match.state.queue == ["drops", "checks", "drone_end"]
    match.set_player(0, ENGINE.make_player("basic", 0))
    while not match.over:
        if match.decision is None:
            assert match.step()
            continue
        match.play(match.computer_move())
        check(match.state)
    assert match.state.queue == []


def test_the_invariants_guard_the_queue():
    s = new(2)
    s.queue = ["tea_break"]
    with pytest.raises(AssertionError, match="unknown task"):
        check(s)
    s.queue = ["drone_turn"]
    with pytest.raises(AssertionError, match="drone task"):
        check(s)
    s = new(2)
    s.pending = None
    with pytest.raises(AssertionError, match="nothing queued"):
        check(s)
