"""Every playable game survives a save round-trip at every step of a
simulated game, and its invariants hold throughout."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beegames.core import saves
from beegames.core.protocol import SeatInfo
from beegames.core.simulate import play_game
from beegames.games import available_games, get_engine

GAMES = [g for g in available_games() if not g.startswith("toy")]
#: (players, options, decision cap) per game: short but complete enough games
SETUPS = {
    "hive": (2, {"expansions": "MLPD"}, 80),
    "waggle-dance": (2, {"threats": True}, None),
    "bee-lives": (3, {}, None),
}


def test_the_real_games_are_registered():
    assert {"hive", "waggle-dance"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_save_round_trip_at_every_step(game, tmp_path):
    engine = get_engine(game)
    players, options, cap = SETUPS.get(game, (engine.min_players, {}, 60))
    seats = [SeatInfo(name=f"P{i + 1}", kind="computer", level=engine.levels[0]) for i in range(players)]
    path = tmp_path / "g.json"

    def round_trip(match):
        saves.write_save(match, path)
        back = saves.load_save(path, get_engine)
        assert back.settled_state() == match.settled_state()
        assert back.state.log == match.settled_state().log

    match, _stopped = play_game(engine, engine.options_model.model_validate(options), seats, seed=5,
                                max_decisions=cap, on_decision=round_trip)
    assert len(match.history) > 10


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_play_keeps_invariants_and_replays(game, seed, tmp_path):
    engine = get_engine(game)
    players, options, cap = SETUPS.get(game, (engine.min_players, {}, 60))
    seats = [SeatInfo(name=f"P{i + 1}", kind="computer", level="random" if "random" in engine.levels
                      else engine.levels[0]) for i in range(players)]
    match, _ = play_game(engine, engine.options_model.model_validate(options), seats, seed=seed,
                         max_decisions=cap or 400)
    path = tmp_path / f"{game}-{seed}.json"
    saves.write_save(match, path)
    assert saves.load_save(path, get_engine).settled_state() == match.settled_state()
