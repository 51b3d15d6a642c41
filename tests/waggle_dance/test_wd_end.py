"""Round end and game end: triggers, tiebreaks, results."""

from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.models import Room
from beegames.games.waggle_dance.scoring import compute_result

from .wd_helpers import E, blank_day, consistent, run_task


def ended(s):
    s = clone(s)
    s.pending = None
    s.phase = "night"
    s.queue = ["round_end"]
    run_task(s, "end_round")
    E.check_invariants(s)
    return s


def test_first_player_passes_clockwise_and_round_counter():
    s = blank_day([[], [], []], first=2)
    s2 = ended(s)
    assert s2.first == 0 and s2.turn == 2 and s2.phase == "day"


def test_honey_target_ends_the_game_at_round_end():
    s = blank_day([[], []])
    s.players[1].rooms = [Room(honey=True) for _ in range(5)]
    consistent(s)
    s2 = ended(s)
    r = E.result(s2)
    assert s2.phase == "over" and r.winners == [1] and r.scores == [0.0, 5.0] and r.tiebreak is None


def test_long_game_needs_seven():
    s = blank_day([[], []], length="long")
    s.players[1].rooms = [Room(honey=True) for _ in range(5)]
    consistent(s)
    assert ended(s).phase == "day"


def test_empty_queen_deck_ends_the_game():
    s = blank_day([[], []])
    s.queen_box += s.queen_deck
    s.queen_deck = []
    assert ended(s).phase == "over"


def test_tie_example_fewest_dice_then_most_nectar():
    # three players on 5 honey; Beatrice has more dice; Honey has more nectar than Melissa
    s = blank_day([[1] * 6, [1] * 8, [1] * 6, [1] * 6])
    for i in (1, 2, 3):
        s.players[i].rooms = [Room(honey=True) for _ in range(5)] + [Room(nectar=[0] * (3 if i == 2 else 1))]
    consistent(s)
    r = compute_result(s)
    assert r.winners == [2] and r.tiebreak == "most nectar"


def test_tiebreak_fewest_dice():
    s = blank_day([[1] * 6, [1] * 7])
    for p in s.players:
        p.rooms = [Room(honey=True) for _ in range(5)]
    consistent(s)
    r = compute_result(s)
    assert r.winners == [0] and r.tiebreak == "fewest dice"


def test_full_tie_is_shared():
    s = blank_day([[1] * 6, [1] * 6])
    for p in s.players:
        p.rooms = [Room(honey=True) for _ in range(5)]
    consistent(s)
    r = compute_result(s)
    assert r.winners == [0, 1] and r.tiebreak == "shared victory"


def test_result_none_while_running_and_log_line_at_end():
    s = blank_day([[], []])
    assert E.result(s) is None
    s.players[0].rooms = [Room(honey=True) for _ in range(6)]
    consistent(s)
    s2 = ended(s)
    assert s2.log[-1].startswith("Game over.")
    assert E.decision(s2) is None and E.step(s2) is None and E.legal_moves(s2) == []


def test_round_end_returns_helpers_and_blockers():
    s = blank_day([[], [], []])
    s.players[0].helpers = [3]
    s.spaces["A2"] = [(-2, 2)]
    s.supply_dice[s.blocker_colours[0]] -= 1
    consistent(s)
    s2 = ended(s)
    assert s2.players[0].helpers == [] and 3 in s2.players[0].pool
    assert s2.queue[0] == "setup_blockers"
