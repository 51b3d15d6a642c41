"""The rules never change the state they are given (issue 20, point 10).

For every game (and its solo and advanced forms), Hypothesis plays random
games through the engine alone: before each automatic step and each move the
input state is dumped, and after the call it must dump the same, whether the
move was legal or refused. At the end every state of the game is dumped
again: a later step that changed an object two states shared (a list copied by
hand, but not deeply enough) shows there.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beegames.core.errors import IllegalMove
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine

#: (game id, options, players)
GAMES = {
    "hive": ("hive", {"expansions": "MLPD"}, 2),
    "waggle-dance": ("waggle-dance", {"threats": True}, 3),
    "waggle-dance-solo": ("waggle-dance", {}, 1),
    "waggle-dance-2014": ("waggle-dance", {"ruleset": "2014"}, 2),
    "bee-lives": ("bee-lives", {}, 2),
    "bee-lives-solo": ("bee-lives", {"mode": "campaign", "campaign": "zombees"}, 1),
    "honey-buzz": ("honey-buzz", {}, 2),
    "honey-buzz-advanced": ("honey-buzz", {"advanced": True}, 3),
    "honey-buzz-solo": ("honey-buzz", {}, 1),
}


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=4, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20), picks=st.lists(st.integers(0, 2**20), min_size=40, max_size=120))
def test_apply_and_step_never_change_their_input(game, seed, picks):
    game_id, options, players = GAMES[game]
    engine = get_engine(game_id)
    seats = [SeatInfo(name=f"P{i + 1}") for i in range(players)]
    state = engine.new_state(engine.options_model.model_validate(options), seats, seed)
    seen = []  # every state of the game, with its dump when it was made
    last_move = None
    for pick in picks:
        before = state.model_dump()
        seen.append((state, before))
        nxt = engine.step(state)
        assert state.model_dump() == before, "step changed its input"
        if nxt is None:
            if engine.result(state) is not None:
                break
            if last_move is not None:  # most often refused here: a refusal leaves the state alone too
                try:
                    engine.apply(state, last_move)
                except IllegalMove:
                    pass
                assert state.model_dump() == before, "a refused move changed the state"
            moves = engine.legal_moves(state)
            last_move = moves[pick % len(moves)]
            nxt = engine.apply(state, last_move)
            assert state.model_dump() == before, "apply changed its input"
        state = nxt
    for old, dump in seen:
        assert old.model_dump() == dump, "a later step changed an earlier state (shared, not copied)"
