import json
import subprocess
import sys

import pytest

from beegames import __version__
from beegames.cli import main
from beegames.core import saves

from .test_saves import _bad_cases, digest, played


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"beegames {__version__}"


def test_python_dash_m_works():
    out = subprocess.run([sys.executable, "-m", "beegames", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("beegames ")


@pytest.mark.parametrize("argv", [
    ["new", "chess"],
    ["simulate", "chess"],
    ["new", "toy-pig", "--no-such-option"],
    ["simulate", "toy-pig", "--mode", "loud"],
    ["simulate", "toy-pig", "--players", "9"],
    ["simulate", "toy-pig", "--level", "genius"],
    ["frobnicate"],
])
def test_usage_errors_exit_2(pig, argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    assert "error" in capsys.readouterr().err


def test_unbuilt_game_is_explained(capsys, monkeypatch):
    from beegames import games

    # every game of the suite is built now: announce one that is not
    monkeypatch.setitem(games._ENGINES, "bee-tango", None)
    monkeypatch.setitem(games.TITLES, "bee-tango", "Bee Tango")
    code = main(["simulate", "bee-tango", "--games", "1"])
    assert code == 2
    assert "Bee Tango is not playable yet" in capsys.readouterr().err


def test_verify_good_and_bad(pig, tmp_path, capsys):
    m = played(pig)
    path = saves.write_save(m, tmp_path / "g.json")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: Nectar Pig; players Ana, Ben; ") and "moves" in out
    for name, (bad, words) in _bad_cases(pig, tmp_path).items():
        before = None if bad.is_dir() else digest(bad)
        assert main(["verify", str(bad)]) == 1, name
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1
        if before:
            assert digest(bad) == before


def test_load_bad_file_exits_nonzero_without_ui(pig, tmp_path, capsys):
    for name, (bad, _words) in _bad_cases(pig, tmp_path).items():
        assert main(["load", str(bad)]) == 1, name
        assert "cannot load" in capsys.readouterr().err


def test_saves_listing(pig, tmp_path, capsys):
    saves.write_save(played(pig), tmp_path / "g.json")
    assert main(["--saves-dir", str(tmp_path), "saves"]) == 0
    out = capsys.readouterr().out
    assert "Nectar Pig: Ana vs Ben" in out
    assert main(["--saves-dir", str(tmp_path / "none"), "saves"]) == 0
    assert "No saves" in capsys.readouterr().out


def test_simulate_json_report(pig, tmp_path, capsys):
    code = main(["simulate", "toy-pig", "--games", "5", "--seed", "3", "--players", "3",
                 "--target", "15", "--save-dir", str(tmp_path), "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("game", "games", "completed", "errors", "mean_seconds_per_game", "results"):
        assert key in report
    assert report["games"] == report["completed"] == 5 and report["errors"] == 0
    assert len(list(tmp_path.glob("*.json"))) == 5
    for path in tmp_path.glob("*.json"):
        assert main(["verify", str(path)]) == 0


def test_simulate_text_and_error_exit(pig, capsys, monkeypatch):
    assert main(["simulate", "toy-pig", "--games", "2", "--seed", "1"]) == 0
    assert "2/2 games completed, 0 errors" in capsys.readouterr().out

    def broken(state):
        raise AssertionError("pot went negative")

    monkeypatch.setattr(pig, "check_invariants", broken)
    assert main(["simulate", "toy-pig", "--games", "1"]) == 1
    assert "ERROR AssertionError: pot went negative" in capsys.readouterr().out


@pytest.mark.parametrize("game", ["hive", "waggle-dance"])
def test_verify_and_load_refuse_bad_saves_of_real_games(game, tmp_path, capsys):
    import random

    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo
    from beegames.games import get_engine

    engine = get_engine(game)
    match = Match.new(engine, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=4)
    rnd = random.Random(4)
    for _ in range(25):
        match.play(rnd.choice(match.legal_moves()))
    good = saves.write_save(match, tmp_path / "good-game.json")
    assert main(["verify", str(good)]) == 0
    assert "25 moves" in capsys.readouterr().out
    for name, (bad, words) in _bad_cases(None, tmp_path, match=match).items():
        before = None if bad.is_dir() else digest(bad)
        assert main(["verify", str(bad)]) == 1, name
        assert words in capsys.readouterr().err, name
        assert main(["load", str(bad)]) == 1, name
        assert "cannot load" in capsys.readouterr().err
        if before:
            assert digest(bad) == before
