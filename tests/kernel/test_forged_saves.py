"""A position taken from a save without a replay passes every check, or the file is refused (issue 20, points 1-2).

The hostile files of :mod:`kernel.forgeries`, for every game: a forged
checkpoint is refused with one short line by loading and ``verify``; a save
from older rules whose moves no longer replay opens at its saved position
only when that position passes every check, and then loading and ``verify``
say that it was not fully replayed. Opening never changes the file.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from beegames.cli import main
from beegames.core import saves
from beegames.core.errors import SaveError
from beegames.core.match import Checkpoint, Match
from beegames.core.protocol import SeatInfo
from beegames.core.simulate import check_state
from beegames.core.trust import position_problem
from beegames.games import get_engine

from .forgeries import GAMES, all_variants, document

VARIANTS = all_variants()


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name.removesuffix(".json") for v in VARIANTS])
def test_each_hostile_save_is_refused_or_opens_saying_it_was_not_replayed(variant, tmp_path, capsys):
    path = tmp_path / variant.name
    path.write_text(variant.text)
    if variant.refused:
        with pytest.raises(SaveError) as err:
            saves.load_save(path, get_engine)
        reason = err.value.reason
        assert variant.words in reason and variant.name in reason
        assert "\n" not in reason and len(reason) < 250
        assert main(["verify", str(path)]) == 1
        out = capsys.readouterr()
        assert out.out == "" and out.err == f"invalid: {reason}\n"
        assert main(["load", str(path)]) == 1
        assert capsys.readouterr().err == f"beegames: cannot load: {reason}\n"
    else:
        match = saves.load_save(path, get_engine)
        assert match.unreplayed is not None and variant.words in match.unreplayed
        assert match.notice == match.unreplayed  # what the game screen shows when it opens
        match.engine.check_invariants(match.state)
        saved = match.engine.state_model.model_validate(json.loads(variant.text)["state"])
        assert match.state == saved  # it goes on from its saved position
        assert main(["verify", str(path)]) == 0
        first, second = capsys.readouterr().out.splitlines()
        assert first.startswith("ok, not fully replayed: ") and second.strip() == match.unreplayed
    assert path.read_text() == variant.text


@pytest.mark.parametrize("key", list(GAMES))
def test_a_true_checkpoint_is_confirmed_by_replaying_the_moves_before_it(key, tmp_path):
    """A checkpoint at the position its earlier moves really reach is
    confirmed by their replay, so the game is fully replayed after all."""
    doc = json.loads(document(key))
    engine = get_engine(doc["game"])
    source = saves.SaveFile.model_validate(doc)
    header = saves.MatchHeader(game=source.game, options=source.options, seats=source.seats, seed=source.seed)
    before = Match.replay(engine, header, source.history[:10])
    checkpoint = Checkpoint(moves=10, rules_version=engine.rules_version - 1,
                            state=before.settled_state().model_dump(mode="json"))
    match = Match.replay(engine, header, source.history, checkpoint=checkpoint)
    path = saves.write_save(match, tmp_path / "g.json")
    back = saves.load_save(path, get_engine)
    assert back.unreplayed is None and back.notice is None
    assert back.state == match.state and back.checkpoint == checkpoint


def test_every_game_state_of_a_real_game_passes_the_position_check():
    """The checks refuse no position a game really reaches (along a played game)."""
    for key, (game_id, options) in GAMES.items():
        engine = get_engine(game_id)
        seats = [SeatInfo(name="Ana"), SeatInfo(name="Ben")]
        match = Match.new(engine, options=options, seats=seats, seed=11)
        player = engine.make_player(engine.levels[0], 11)
        for step in range(30):
            if match.over:
                break
            if step % 6 == 0:
                assert position_problem(engine, match.state, match.header) is None, key
                check_state(engine, match.state)
            match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))


def _leaves(node, parent=None, key=None):
    """Every (container, key) of a JSON document, the log's lines and the generator left out."""
    if parent is not None:
        yield parent, key
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        if k not in ("log", "rng"):
            yield from _leaves(v, node, k)


@settings(max_examples=40)
@given(key=st.sampled_from(list(GAMES)), where=st.integers(0, 10**6),
       value=st.sampled_from([-3, -1, 0, 1, 2, 7, 99, 10**6, True, False, "zz", "p7", "w9", None, [], [0], {}]))
def test_an_edited_checkpoint_is_refused_in_one_line_or_passes_every_check(key, where, value, tmp_path_factory):
    """Any one value of a checkpoint's position changed: loading refuses the
    file with one line, or opens it saying it was not replayed, and then the
    game plays from it."""
    doc = json.loads(document(key))
    state = doc["state"]
    spots = list(_leaves(state))
    parent, spot = spots[where % len(spots)]
    parent[spot] = value
    doc["checkpoint"] = {"moves": len(doc["history"]), "rules_version": doc["rules_version"] - 1, "state": state}
    path = tmp_path_factory.mktemp("edited") / "g.json"
    path.write_text(json.dumps(doc))
    try:
        match = saves.load_save(path, get_engine)
    except SaveError as exc:
        assert "\n" not in exc.reason and len(exc.reason) < 250
        return
    assert match.unreplayed is not None or match.state.model_dump(mode="json") == json.loads(document(key))["state"]
    assert position_problem(match.engine, match.state, match.header) is None


def test_the_saves_listing_says_which_saves_hold_a_checkpoint(tmp_path, capsys):
    unreplayed = next(v for v in VARIANTS if v.name == "hb-checkpoint-score.json")
    (tmp_path / unreplayed.name).write_text(unreplayed.text)
    (tmp_path / "plain.json").write_text(document("hb"))
    assert main(["--saves-dir", str(tmp_path), "saves"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(unreplayed.name in line and "not fully replayed: its first 24 moves were played under older rules"
               in line for line in lines)
    assert not any("plain.json" in line and "replayed" in line for line in lines)
