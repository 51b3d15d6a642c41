import pytest

from beegames.core.errors import IllegalMove
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo


def humans(n=2):
    return [SeatInfo(name=f"P{i + 1}") for i in range(n)]


def test_illegal_move_is_refused_with_reason_and_state_untouched(pig):
    m = Match.new(pig, seats=humans(), seed=1)
    before = m.state.model_dump()
    with pytest.raises(IllegalMove) as err:
        m.play("bank")
    assert "not possible" in err.value.reason
    assert m.state.model_dump() == before and m.history == []


def test_decision_can_fall_to_a_seat_whose_turn_it_is_not(pig):
    m = Match.new(pig, seats=humans(), seed=5)
    while m.decision.kind != "cheer":
        m.play("roll" if m.state.pot < 6 else "bank")
    assert m.decision.seat != m.history[-1].seat
    m.play("yes")
    assert m.decision.kind == "turn"


def test_undo_stops_at_revealed_chance(pig):
    m = Match.new(pig, seats=humans(), seed=2)
    m.play("roll")  # reveals a die: a barrier
    assert m.history[-1].barrier
    assert not m.can_undo()
    with pytest.raises(IllegalMove):
        m.undo()


def test_undo_takes_back_a_bank_and_the_computer_reply(pig):
    seats = [SeatInfo(name="Me"), SeatInfo(name="Bot", kind="computer")]
    m = Match.new(pig, seats=seats, seed=11)
    while not m.state.pot:
        m.play("roll")
        while m.decision.seat != 0:
            m.play(m.legal_moves()[0])
    snapshot = m.state.model_dump()
    length = len(m.history)
    m.play("bank")
    m.play("no")  # the computer seat answers the cheer
    assert m.can_undo()
    undone = m.undo()
    assert undone == "Seat 1: bank"
    assert len(m.history) == length and m.state.model_dump() == snapshot


def test_replay_rebuilds_identically(pig):
    import random

    m = Match.new(pig, seats=humans(3), seed=9)
    r = random.Random(0)
    while not m.over:
        m.play(r.choice(m.legal_moves()))
    again = Match.replay(pig, m.header, m.history)
    assert again.state == m.state and again.state.log == m.state.log


def test_player_count_checked(pig):
    with pytest.raises(ValueError, match="2–3 players"):
        Match.new(pig, seats=humans(4), seed=0)


def test_stepwise_play_marks_barrier_and_settled_state(pig):
    m = Match.new(pig, seats=humans(), seed=4)
    m.play("roll", advance=False)
    assert m.decision is None and not m.history[-1].barrier
    assert m.settled_state() != m.state
    assert m.step()
    assert m.history[-1].barrier and not m.step()


def test_random_player_plays_legal_moves_to_the_end(pig):
    from beegames.core.simulate import play_game

    seats = [SeatInfo(name="a", kind="computer", level="random"), SeatInfo(name="b", kind="computer")]
    match, stopped = play_game(pig, pig.options_model(), seats, 3)
    assert match.over and not stopped
    match, stopped = play_game(pig, pig.options_model(), seats, 3, max_decisions=4)
    assert stopped and len(match.history) == 4


def secret_pair(pig, seed):
    return Match.new(pig, options={"secret": True}, seats=humans(), seed=seed)


def until_bank_possible(pig):
    for seed in range(50):
        m = secret_pair(pig, seed)
        m.play("roll")
        if m.decision.seat == 0 and m.state.pot:
            return m
    raise AssertionError("no seed gives a first roll above 1")


def test_in_hot_seat_only_the_mover_may_take_a_move_back(pig):
    m = until_bank_possible(pig)
    m.play("bank")  # Ben must now answer the cheer
    assert m.decision.seat == 1
    with pytest.raises(IllegalMove, match="only P1 may take it back"):
        m.undo(by=1)
    assert not m.can_undo(by=1) and m.can_undo(by=0)
    assert m.undo(by=0) == "Seat 1: bank"
    assert m.decision.seat == 0


def test_in_an_open_position_whoever_holds_the_keyboard_may_take_the_last_move_back(pig):
    """No seat knows anything private, so the keyboard passed without a hand-off screen: the
    mover had no moment of their own to take the move back, and the next player may do it."""
    for seed in range(50):
        m = Match.new(pig, seats=humans(), seed=seed)
        m.play("roll")
        if m.decision.seat == 0 and m.state.pot:
            break
    m.play("bank")
    assert m.decision.seat == 1 and not pig.has_hidden_information(m.state)
    assert m.can_undo(by=1)
    assert m.undo(by=1) == "Seat 1: bank"
    assert m.decision.seat == 0


def test_undo_reason_names_the_move_that_revealed(pig):
    m = secret_pair(pig, 2)
    m.play("roll")
    with pytest.raises(IllegalMove, match="“Seat 1: roll” revealed dice, cards or tiles"):
        m.undo(by=0)


def test_nothing_to_undo(pig):
    m = secret_pair(pig, 2)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        m.undo()


def test_undo_rebuilds_the_computer_players(pig):
    seats = [SeatInfo(name="Me"), SeatInfo(name="Bot", kind="computer")]
    m = Match.new(pig, seats=seats, seed=11)
    while not m.state.pot or m.decision.seat != 0:
        m.play(m.legal_moves()[0] if m.decision.seat == 0 else m.computer_move())
    bot = m.player(1)
    m.play("bank")
    m.play(m.computer_move())
    assert m.player(1) is bot
    m.undo(by=0)
    assert m.player(1) is not bot


def test_a_move_is_checked_before_it_is_described(pig, monkeypatch):
    m = secret_pair(pig, 1)

    def describe(state, move):
        raise AssertionError("described before the rules checked it")

    monkeypatch.setattr(pig, "describe_move", describe)
    with pytest.raises(IllegalMove):
        m.play("nonsense")


def test_views_of_a_match(pig):
    m = secret_pair(pig, 3)
    me, other = m.view(0), m.view(1)
    assert me.state.secrets[0] == m.state.secrets[0] and me.state.secrets[1] == 0
    assert other.state.secrets[0] == 0
    assert me.moves == m.legal_moves() and other.moves == []
    assert any("Seat 1's secret" in line for line in me.log)
    assert not any("Seat 1's secret" in line for line in other.log)
    assert not any("secret" in line for line in m.view(None).log)
    assert sum("secret" in line for line in m.full_view().log) == 2
