"""Whole random games with invariant checks, save-style round trips, hypothesis play."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beegames.core.errors import IllegalMove
from beegames.games.waggle_dance import WaggleDanceState

from .wd_helpers import E, new


def play_random(n, seed, check_json_every=0, **opts):
    rnd = random.Random(seed)
    s = new(n, seed, **opts)
    history = []
    steps = 0
    while True:
        E.check_invariants(s)
        if check_json_every and steps % check_json_every == 0:
            data = json.loads(json.dumps(s.model_dump(mode="json")))
            assert WaggleDanceState.model_validate(data) == s
        d = E.decision(s)
        if d is None:
            if s.phase == "over":
                return s, history
            s = E.step(s)
            assert s is not None
        else:
            moves = E.legal_moves(s)
            assert moves
            m = rnd.choice(moves)
            data = E.move_to_json(m)
            assert E.move_from_json(json.loads(json.dumps(data))) == m
            assert E.describe_move(s, m)
            history.append(data)
            s = E.apply(s, m)
        steps += 1
        assert steps < 30000


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("threats", [False, True])
def test_random_games_keep_invariants(n, threats):
    for seed in range(2):
        s, _ = play_random(n, seed, threats=threats, check_json_every=37)
        r = E.result(s)
        assert r is not None and r.scores is not None and len(r.scores) == n


@pytest.mark.parametrize("opts", [dict(solo_card_blockers=True), dict(length="long"),
                                  dict(difficulty="easier"), dict(difficulty="harder")])
def test_random_games_other_options(opts):
    for n in (1, 2, 3):
        play_random(n, 11, **opts)


def test_replay_from_history_is_identical():
    s, history = play_random(3, 5, threats=True)
    t = new(3, 5, threats=True)
    for data in history:
        t = E.advance(t)
        t = E.apply(t, E.move_from_json(data))
    t = E.advance(t)
    assert t == s


def test_bad_json_and_wrong_moves():
    s = E.advance(new(2))
    with pytest.raises(ValueError):
        E.move_from_json({"kind": "fly"})
    with pytest.raises(IllegalMove):
        E.apply(s, E.move_from_json({"kind": "done"}))
    with pytest.raises(IllegalMove):
        E.parse_move(s, "not json")


def test_computer_levels_play_whole_games():
    for level in E.levels:
        players = [E.make_player(level, i) for i in range(3)]
        s = new(3, 2, threats=True)
        while s.phase != "over":
            E.check_invariants(s)
            d = E.decision(s)
            if d is None:
                s = E.step(s)
                continue
            m = players[d.seat].choose(E, s)
            assert m in E.legal_moves(s)
            s = E.apply(s, m)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(1, 4), seed=st.integers(0, 10_000), threats=st.booleans(),
       picks=st.lists(st.integers(0, 10_000), min_size=50, max_size=200))
def test_hypothesis_random_play(n, seed, threats, picks):
    s = new(n, seed, threats=threats)
    for k in picks:
        E.check_invariants(s)
        s = E.advance(s)
        if s.phase == "over":
            break
        moves = E.legal_moves(s)
        before = s.model_dump()
        s2 = E.apply(s, moves[k % len(moves)])
        assert s.model_dump() == before
        s = s2
    E.check_invariants(s)
