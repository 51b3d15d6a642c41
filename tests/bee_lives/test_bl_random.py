"""Random play with invariants at every step, save round-trips, and the computer players."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beegames.core import saves
from beegames.core.protocol import SeatInfo
from beegames.core.simulate import play_game
from beegames.games import get_engine
from beegames.games.bee_lives.ai import make_player

from .bl_helpers import E


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), players=st.integers(1, 4), years=st.sampled_from(["1", "2"]),
       harder=st.booleans(), ties=st.sampled_from(["first-player", "automatic"]))
def test_random_games_keep_every_invariant_and_replay(seed, players, years, harder, ties, tmp_path):
    opts = E.options_model.model_validate({"years": years, "harder": harder, "wild_ties": ties})
    seats = [SeatInfo(name=f"P{i}", kind="computer", level="random") for i in range(players)]
    match, _ = play_game(E, opts, seats, seed=seed, max_decisions=300)
    path = tmp_path / "bl.json"
    saves.write_save(match, path)
    back = saves.load_save(path, get_engine)
    assert back.settled_state() == match.settled_state()


def test_computer_players_of_every_level_finish_games_from_their_views():
    for level in E.levels:
        for n in (1, 2, 4):
            s = E.advance(E.new_state(E.options_model(), [SeatInfo(name=f"P{i}") for i in range(n)], seed=n))
            players = [make_player(level, 7 * i + n) for i in range(n)]
            for _ in range(20000):
                d = E.decision(s)
                if d is None:
                    if s.over:
                        break
                    s = E.step(s)
                    continue
                view = E.view(s, d.seat)
                move = players[d.seat].choose(E, view)
                assert move in E.legal_moves(s)
                s = E.apply(s, move)
            assert s.over, (level, n)


def test_same_view_same_move_whatever_the_deck_order():
    s = E.advance(E.new_state(E.options_model(), [SeatInfo(name="A"), SeatInfo(name="B")], seed=9))
    for _ in range(40):
        d = E.decision(s)
        if d is None:
            s = E.step(s)
            continue
        other = s.model_copy(deep=True)
        for deck in other.decks.values():
            random.Random(1).shuffle(deck)
        va, vb = E.view(s, d.seat), E.view(other, d.seat)
        assert va == vb
        ma = make_player("good", 3).choose(E, va)
        mb = make_player("good", 3).choose(E, vb)
        assert ma == mb
        s = E.apply(s, ma)


def test_good_beats_random_in_a_four_player_game():
    seats = [SeatInfo(name="good", kind="computer", level="good")] + [
        SeatInfo(name=f"r{i}", kind="computer", level="random") for i in range(3)]
    wins = 0
    for seed in range(3):
        m, _ = play_game(E, E.options_model(), seats, seed=seed, check=False)
        wins += 0 in m.result.winners
    assert wins >= 2
