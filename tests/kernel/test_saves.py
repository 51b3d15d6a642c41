import hashlib
import json
import random

import pytest

from beegames.core import saves
from beegames.core.errors import SaveError
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
    monkeypatch.chdir(tmp_path)
    assert saves.default_saves_dir() == tmp_path / "saves"
