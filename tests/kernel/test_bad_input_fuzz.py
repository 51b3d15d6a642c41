"""Bad input never escapes as anything but IllegalMove or SaveError."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beegames.core import saves
from beegames.core.errors import IllegalMove, SaveError
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine

REAL = ["hive", "waggle-dance"]


def _match(game, seed=3, moves=12):
    engine = get_engine(game)
    m = Match.new(engine, seats=[SeatInfo(name="A"), SeatInfo(name="B")], seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if m.over:
            break
        m.play(rnd.choice(m.legal_moves()))
    return m


MATCHES = {game: _match(game) for game in REAL}


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(REAL), text=st.text(max_size=30))
def test_typed_junk_is_refused_cleanly(game, text):
    m = MATCHES[game]
    before = m.state.model_dump()
    try:
        move = m.engine.parse_move(m.state, text)
    except IllegalMove:
        return
    try:
        m.engine.apply(m.state, move)
    except IllegalMove:
        pass
    assert m.state.model_dump() == before


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(REAL), data=json_values)
def test_junk_moves_as_data_are_refused_cleanly(game, data):
    m = MATCHES[game]
    before = m.state.model_dump()
    try:
        move = m.engine.move_from_json(data)
    except (ValueError, TypeError):
        return
    try:
        m.engine.apply(m.state, move)
    except IllegalMove:
        pass
    assert m.state.model_dump() == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(REAL), where=st.integers(0, 10_000), junk=json_values)
def test_tampered_saves_give_save_errors(game, where, junk, tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "g.json"
    saves.write_save(MATCHES[game], path)
    doc = json.loads(path.read_text())
    # replace one value somewhere in the history or the state with junk
    spots = []

    def walk(node, parent, key):
        spots.append((parent, key))
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, node, k)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, node, i)

    walk(doc["history"], doc, "history")
    walk(doc["state"], doc, "state")
    parent, key = spots[where % len(spots)]
    parent[key] = junk
    path.write_text(json.dumps(doc))
    try:
        saves.load_save(path, get_engine)
    except SaveError as exc:
        assert "\n" not in exc.reason
