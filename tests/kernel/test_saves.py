import hashlib
import json
import random
from pathlib import Path

import pytest

from beegames.core import saves
from beegames.core.errors import IllegalMove, SaveError
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo


def played(pig, moves=12, seed=8):
    m = Match.new(pig, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=seed)
    r = random.Random(seed)
    for _ in range(moves):
        if m.over:
            break
        m.play(r.choice(m.legal_moves()))
    return m


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_round_trip_keeps_state_log_and_history(pig, tmp_path):
    m = played(pig)
    path = saves.write_save(m, tmp_path / saves.save_name(m))
    assert path.name.startswith("toy-pig_ana-ben_")
    back = saves.load_save(path, lambda g: pig)
    assert back.state == m.state and back.state.log == m.state.log and back.history == m.history
    doc = json.loads(path.read_text())
    assert doc["format"] == "beegames-save" and doc["version"] == saves.VERSION and doc["seed"] == 8
    assert doc["game"] == "toy-pig" and len(doc["history"]) == len(m.history)


def test_round_trip_at_every_step(pig, tmp_path):
    m = Match.new(pig, seats=[SeatInfo(name="a"), SeatInfo(name="b")], seed=21)
    r = random.Random(1)
    while not m.over:
        m.play(r.choice(m.legal_moves()))
        saves.write_save(m, tmp_path / "g.json")
        assert saves.load_save(tmp_path / "g.json", lambda g: pig).state == m.state


def test_write_is_atomic_and_leaves_no_temp_files(pig, tmp_path):
    m = played(pig)
    target = tmp_path / "g.json"
    saves.write_save(m, target)
    saves.write_save(m, target)
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def _bad_cases(pig, tmp_path, match=None):
    m = match if match is not None else played(pig, moves=20)
    good = tmp_path / "good.json"
    saves.write_save(m, good)
    doc = json.loads(good.read_text())
    cases = {}
    truncated = tmp_path / "truncated.json"
    truncated.write_text(good.read_text()[: len(good.read_text()) // 2])
    cases["truncated"] = (truncated, "cut short")
    if doc["state"].get("rng"):
        tampered = tmp_path / "tampered.json"
        doc2 = json.loads(json.dumps(doc))
        doc2["seed"] = doc["seed"] + 1  # one changed field: the replay no longer matches
        tampered.write_text(json.dumps(doc2))
        cases["tampered seed"] = (tampered, "replay")
    state_edit = tmp_path / "state-edit.json"
    doc5 = json.loads(json.dumps(doc))
    doc5["state"]["turn"] = doc["state"]["turn"] + 1  # the position no longer follows from the moves
    state_edit.write_text(json.dumps(doc5))
    cases["tampered state"] = (state_edit, "inconsistent")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"name": "some other program", "items": [1, 2]}))
    cases["other"] = (other, "not a beegames save")
    newer = tmp_path / "newer.json"
    doc3 = dict(doc, version=99)
    newer.write_text(json.dumps(doc3))
    cases["newer"] = (newer, "newer beegames")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    cases["directory"] = (folder, "folder")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    cases["binary"] = (binary, "not")
    bad_move = tmp_path / "badmove.json"
    doc4 = json.loads(json.dumps(doc))
    doc4["history"][0]["move"] = {"fly": "away"}
    bad_move.write_text(json.dumps(doc4))
    cases["bad move"] = (bad_move, "move 1")
    return cases


def test_bad_files_give_one_line_reasons_and_stay_unchanged(pig, tmp_path):
    for name, (path, words) in _bad_cases(pig, tmp_path).items():
        before = None if path.is_dir() else digest(path)
        with pytest.raises(SaveError) as err:
            saves.load_save(path, lambda g: pig)
        assert words in err.value.reason, (name, err.value.reason)
        assert "\n" not in err.value.reason
        if before is not None:
            assert digest(path) == before


def test_missing_file(pig, tmp_path):
    with pytest.raises(SaveError, match="does not exist"):
        saves.load_save(tmp_path / "nope.json", lambda g: pig)


def test_list_and_latest(pig, tmp_path):
    m1 = played(pig, moves=3, seed=1)
    saves.write_save(m1, tmp_path / "a.json")
    (tmp_path / "junk.json").write_text("{")
    rows = saves.list_saves(tmp_path)
    assert {r.path.endswith("junk.json") for r in rows} == {True, False}
    junk = next(r for r in rows if r.path.endswith("junk.json"))
    assert junk.problem
    assert saves.latest_save(tmp_path).name == "a.json"
    assert saves.list_saves(tmp_path / "missing") == []


def test_default_dir_follows_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("BEEGAMES_SAVES", str(tmp_path))
    assert saves.default_saves_dir() == tmp_path
    monkeypatch.delenv("BEEGAMES_SAVES")
    monkeypatch.chdir(tmp_path)  # not the working folder's saves/: the checkout's (see test_cli.py)
    assert saves.default_saves_dir() == saves.checkout_root() / "saves"


# -- saves across rules changes ---------------------------------------------------


def change_the_rules(pig, monkeypatch, version=2):
    """A rules fix: dice roll differently from now on, and the game's rules
    version goes up, so older histories no longer replay the same."""
    original = type(pig).step

    def step(self, state):
        if not state.pending_roll:
            return None
        from beegames.core.rng import Rng

        state = state.model_copy(deep=True)
        Rng(state.rng).d6()  # the new rules draw once more before each roll
        return original(self, state)

    monkeypatch.setattr(type(pig), "step", step)
    monkeypatch.setattr(type(pig), "rules_version", version)


def test_a_save_from_older_rules_opens_at_its_saved_position(pig, tmp_path, monkeypatch):
    m = played(pig, moves=12, seed=8)
    path = saves.write_save(m, tmp_path / "old.json")
    before = digest(path)
    assert json.loads(path.read_text())["rules_version"] == 1
    change_the_rules(pig, monkeypatch)
    back = saves.load_save(path, lambda g: pig)
    assert digest(path) == before
    assert back.notice and "older Nectar Pig rules (version 1, now 2)" in back.notice
    assert back.state.model_dump(mode="json") == m.settled_state().model_dump(mode="json")
    assert back.checkpoint is not None and back.checkpoint.moves == len(m.history)
    assert [e.text for e in back.history] == [e.text for e in m.history]  # still readable
    with pytest.raises(IllegalMove, match="updated to the current rules"):
        back.undo()
    # the game goes on under the new rules, and its new save replays exactly
    r = random.Random(1)
    for _ in range(6):
        if back.over:
            break
        back.play(r.choice(back.legal_moves()))
    again_path = saves.write_save(back, tmp_path / "new.json")
    doc = json.loads(again_path.read_text())
    assert doc["rules_version"] == 2 and doc["checkpoint"]["moves"] == len(m.history)
    again = saves.load_save(again_path, lambda g: pig)
    assert again.state == back.state and again.history == back.history
    # the moves before the checkpoint are still taken as saved, and the match says so
    assert again.notice == again.unreplayed
    assert again.unreplayed.startswith(f"Not fully replayed: its first {len(m.history)} moves")


def test_a_diverging_save_of_the_same_rules_is_refused(pig, tmp_path, monkeypatch):
    m = played(pig, moves=12, seed=8)
    path = saves.write_save(m, tmp_path / "g.json")
    before = digest(path)
    change_the_rules(pig, monkeypatch, version=1)  # changed, but the version was not raised
    with pytest.raises(SaveError) as err:
        saves.load_save(path, lambda g: pig)
    assert "g.json" in err.value.reason and "\n" not in err.value.reason
    assert digest(path) == before


@pytest.mark.parametrize("older", [True, False])
def test_a_save_whose_log_alone_is_worded_otherwise_replays_only_if_its_rules_are_older(
        pig, tmp_path, monkeypatch, older):
    """Newer rules that only reword the log: an older save's moves still reach its saved
    position, so it replays in full (no notice, undo works, the log worded as now); a save of the
    current rules whose log differs from its replay is inconsistent."""
    m = played(pig, moves=12, seed=8)
    path = saves.write_save(m, tmp_path / "g.json")
    doc = json.loads(path.read_text())
    doc["state"]["log"][1] = "As the old rules worded it."
    path.write_text(json.dumps(doc))
    if not older:
        with pytest.raises(SaveError, match="inconsistent"):
            saves.load_save(path, lambda g: pig)
        return
    monkeypatch.setattr(type(pig), "rules_version", 2)
    assert saves.load_save(path, lambda g: pig).checkpoint is not None  # a game that does not allow it
    monkeypatch.setattr(type(pig), "replays_reworded_logs", True)
    back = saves.load_save(path, lambda g: pig)
    assert back.notice is None and back.checkpoint is None and len(back.history) == len(m.history)
    assert back.state.model_dump(mode="json") == m.settled_state().model_dump(mode="json")
    back.undo()


def test_a_save_from_newer_rules_is_refused(pig, tmp_path):
    path = saves.write_save(played(pig), tmp_path / "g.json")
    doc = json.loads(path.read_text())
    doc["rules_version"] = 7
    path.write_text(json.dumps(doc))
    before = digest(path)
    with pytest.raises(SaveError, match="newer Nectar Pig rules"):
        saves.load_save(path, lambda g: pig)
    assert digest(path) == before


@pytest.mark.parametrize("damage", ["invalid state", "broken invariant"])
def test_an_older_rules_save_whose_position_is_unsound_is_refused(pig, tmp_path, monkeypatch, damage):
    path = saves.write_save(played(pig), tmp_path / "g.json")
    doc = json.loads(path.read_text())
    if damage == "invalid state":
        doc["state"]["scores"] = "lots"
    else:
        doc["state"]["scores"][0] = -5
    path.write_text(json.dumps(doc))
    before = digest(path)
    change_the_rules(pig, monkeypatch)
    with pytest.raises(SaveError) as err:
        saves.load_save(path, lambda g: pig)
    assert "\n" not in err.value.reason and len(err.value.reason) < 250
    assert digest(path) == before


def test_a_waggle_dance_save_written_before_rules_versions_still_opens(tmp_path):
    """A real save written by beegames before saves carried a rules version
    (format 1): it opens, either replaying exactly or at its saved position."""
    from beegames.games import get_engine

    source = Path(__file__).parent / "data" / "waggle-dance-rules0.json"
    path = tmp_path / source.name
    path.write_bytes(source.read_bytes())
    doc = json.loads(path.read_text())
    assert doc["version"] == 1 and "rules_version" not in doc
    match = saves.load_save(path, get_engine)
    assert path.read_bytes() == source.read_bytes()
    saved = match.engine.state_model.model_validate(doc["state"])
    if match.notice is not None:
        assert match.state.model_dump(mode="json") == saved.model_dump(mode="json")
        assert "older Waggle Dance rules" in match.notice
    assert len(match.history) == 40
    engine = match.engine
    for _ in range(10):
        d = match.decision
        match.play(engine.make_player("good", 1).choose(engine, engine.view(match.state, d.seat)))
    again = saves.load_save(saves.write_save(match, tmp_path / "continued.json"), get_engine)
    assert again.state == match.state and (again.unreplayed is None) == (match.checkpoint is None)


def test_unknown_option_keys_are_refused(pig, tmp_path):
    path = saves.write_save(played(pig), tmp_path / "g.json")
    doc = json.loads(path.read_text())
    doc["options"]["turbo"] = True
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="options this version does not know: turbo"):
        saves.load_save(path, lambda g: pig)


def test_new_saves_never_take_an_existing_name(pig, tmp_path):
    first, second = played(pig, seed=1), played(pig, seed=2)
    second.header.created = first.header.created  # same players, same second
    p1 = saves.create_new_save(first, tmp_path)
    p2 = saves.create_new_save(second, tmp_path)
    assert p1 != p2 and p2.name.endswith("-2.json")
    assert saves.load_save(p1, lambda g: pig).state == first.state
    assert saves.load_save(p2, lambda g: pig).state == second.state
    assert not list(tmp_path.glob(".*.tmp"))


def test_stale_temporary_files_are_removed(tmp_path):
    import os
    import time

    old = tmp_path / ".g.json.abc123.tmp"
    old.write_text("half a save")
    fresh = tmp_path / ".h.json.def456.tmp"
    fresh.write_text("being written")
    past = time.time() - 3600
    os.utime(old, (past, past))
    assert saves.remove_stale_temp_files(tmp_path) == 1
    assert not old.exists() and fresh.exists()


def test_a_save_says_whether_a_stop_was_on_show_and_older_saves_load_as_settled(pig, tmp_path):
    """A game saved while its screen stood at a stop says so, even where the
    position is the one the history replays to (the last stop of a game is
    told after its end); a file written before it was recorded loads as
    saved where it stands."""
    m = played(pig)
    m.at_stop = True
    path = saves.write_save(m, tmp_path / "g.json")
    doc = json.loads(path.read_text())
    assert doc["stop"] is True and doc["turn"] == m.turn
    back = saves.load_save(path, lambda g: pig)
    assert back.saved_at == (m.turn, m.over, True) and not back.saved_as_settled()
    assert not back.at_stop  # (a stop is the screen's to show again)
    m.at_stop = False
    assert saves.load_save(saves.write_save(m, path), lambda g: pig).saved_as_settled()
    del doc["stop"]  # an older save
    path.write_text(json.dumps(doc))
    old = saves.load_save(path, lambda g: pig)
    assert old.saved_at == (m.turn, m.over, False) and old.saved_as_settled()
    assert Match.new(pig, seats=[SeatInfo(name="a"), SeatInfo(name="b")]).saved_as_settled()
