"""Random play: the fast generator agrees with the slow literal one, and
invariants hold along hypothesis-chosen games."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beegames.games.hive import HiveEngine, HiveOptions, HiveState
from beegames.games.hive.board import Board
from beegames.games.hive.reference import reference_moves
from beegames.games.hive.rules import replay
from beegames.games.hive.state import board_from_state

E = HiveEngine()
DATA = Path(__file__).parent / "data" / "random_games.txt"


def test_fast_generator_matches_reference_on_random_games():
    checked = 0
    for seed, exp in enumerate(["", "MLPD", "PD", "ML", "D"]):
        rng = random.Random(100 + seed)
        b = Board(exp)
        for _ in range(110):
            fast = set(b.legal_moves())
            assert fast == (reference_moves(b) if b.status == 0 else set())
            checked += 1
            if not fast:
                break
            b.play(*rng.choice(sorted(fast)))
    assert checked > 300


def test_recorded_games_replay_and_match_reference():
    lines = [ln for ln in DATA.read_text().splitlines() if ln.strip()]
    for line in lines[:8]:
        fields = line.split(";")
        from beegames.games.hive.pieces import parse_game_type

        b, moves = replay(parse_game_type(fields[0]), fields[3:])
        assert moves == fields[3:]
        assert set(b.legal_moves()) == reference_moves(b)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(exp=st.sampled_from(["", "M", "L", "P", "D", "MLPD"]), data=st.data())
def test_hypothesis_random_play(exp, data):
    s = E.new_state(HiveOptions(expansions=exp), [], 0)
    for _ in range(data.draw(st.integers(min_value=1, max_value=40))):
        moves = E.legal_moves(s)
        if not moves:
            assert E.result(s) is not None
            break
        m = moves[data.draw(st.integers(min_value=0, max_value=len(moves) - 1))]
        s2 = E.apply(s, m)
        E.check_invariants(s2)
        assert HiveState.model_validate(s2.model_dump(mode="json")) == s2
        b = board_from_state(s2)
        assert set(b.legal_moves()) == (reference_moves(b) if b.status == 0 else set())
        s = s2
