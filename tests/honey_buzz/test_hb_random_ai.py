"""Random and computer play: invariants at every step, save replays, the computer players."""

import pytest

from beegames.core.players import RandomPlayer
from beegames.core.protocol import SeatInfo
from beegames.core.simulate import play_game
from beegames.games.honey_buzz import HoneyBuzzOptions
from beegames.games.honey_buzz.ai import make_player, progress

from .hb_helpers import ENGINE


@pytest.mark.parametrize("players,advanced", [(1, False), (1, True), (2, False), (3, True), (4, False),
                                              (4, True)])
def test_random_play_keeps_the_invariants(players, advanced):
    opts = HoneyBuzzOptions(advanced=advanced)
    seats = [SeatInfo(name=f"P{i}", kind="computer", level="random") for i in range(players)]
    match, _ = play_game(ENGINE, opts, seats, seed=players * 10 + advanced, max_decisions=120)
    assert len(match.history) > 20


def test_a_whole_game_at_the_basic_level_checks_and_replays():
    opts = HoneyBuzzOptions(advanced=True, contests="star")
    seats = [SeatInfo(name=f"P{i}", kind="computer", level="basic") for i in range(2)]
    match, stopped = play_game(ENGINE, opts, seats, seed=11)
    assert not stopped and match.over
    assert match.result.winners


def test_other_options_play_through():
    opts = HoneyBuzzOptions(config="veteran", forage_starts="choose", six_tile_cell="acacia", line_vectors="axis")
    seats = [SeatInfo(name=f"P{i}", kind="computer", level="good") for i in range(3)]
    match, _stopped = play_game(ENGINE, opts, seats, seed=4, max_decisions=200)
    assert len(match.history) == 200 or match.over


def shuffled_hidden(state):
    """The same game with every face-down tile the deciding seat has not seen swapped around."""
    other = state.model_copy(deep=True)
    seat = state.pending.seat
    unseen = [i for i, t in enumerate(other.field) if t is not None and seat not in other.seen[i]]
    tiles = [other.field[i] for i in unseen]
    tiles = tiles[1:] + tiles[:1]
    for i, t in zip(unseen, tiles):
        other.field[i] = t.model_copy(update={"back": other.field[i].back})
    other.order_stacks = [list(reversed(st)) for st in other.order_stacks]
    return other


def test_computer_players_choose_legal_moves_from_the_view_only():
    opts = HoneyBuzzOptions(advanced=True)
    state = ENGINE.new_state(opts, [SeatInfo(name=n) for n in ENGINE.seat_names(opts, 3)], 8)
    levels = ["good", "basic", "good"]
    players = [make_player(level, i) for i, level in enumerate(levels)]
    steps = 0
    while ENGINE.result(state) is None and steps < 400:
        d = ENGINE.decision(state)
        if d is None:
            state = ENGINE.step(state)
            continue
        move = players[d.seat].choose(ENGINE, ENGINE.view(state, d.seat))
        assert move in ENGINE.legal_moves(state)
        if steps % 10 == 0:
            twin = shuffled_hidden(state)
            a = make_player(levels[d.seat], 5).choose(ENGINE, ENGINE.view(state, d.seat))
            b = make_player(levels[d.seat], 5).choose(ENGINE, ENGINE.view(twin, d.seat))
            assert a == b
        state = ENGINE.apply(state, move)
        steps += 1
    assert steps > 50


def test_good_beats_random_players():
    wins = 0
    for g in range(3):
        opts = HoneyBuzzOptions()
        state = ENGINE.new_state(opts, [SeatInfo(name=n) for n in ENGINE.seat_names(opts, 4)], 300 + g)
        players = [RandomPlayer(g * 4 + i) for i in range(4)]
        players[g % 4] = make_player("good", g)
        while ENGINE.result(state) is None:
            d = ENGINE.decision(state)
            if d is None:
                state = ENGINE.step(state)
                continue
            state = ENGINE.apply(state, players[d.seat].choose(ENGINE, ENGINE.view(state, d.seat)))
        wins += (g % 4) in ENGINE.result(state).winners
        assert 0.99 <= progress(state) <= 1.0
    assert wins == 3


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_player("genius", 1)
