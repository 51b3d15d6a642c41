import json
import subprocess
import sys

import pytest

from beegames import __version__
from beegames.cli import main
from beegames.core import saves
from beegames.core.paths import _shown

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


def test_the_saves_listing_calls_damaged_what_does_not_load(pig, tmp_path, capsys):
    """Its verdict is the Load screen's: a save of a game beegames does not know, or saved under
    newer rules, is damaged, with the reason, though its header reads well."""
    path = saves.write_save(played(pig), tmp_path / "good.json")
    doc = json.loads(path.read_text())
    (tmp_path / "chess.json").write_text(json.dumps({**doc, "game": "chess"}))
    (tmp_path / "newer.json").write_text(json.dumps({**doc, "rules_version": 99}))
    assert main(["--saves-dir", str(tmp_path), "saves"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"3 saves in {tmp_path} (2 damaged):")
    lines = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert "damaged" not in lines["good.json"]
    assert "(damaged: " in lines["chess.json"] and "(damaged: " in lines["newer.json"]
    assert "newer" in lines["newer.json"]


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


def test_simulate_saves_never_overwrite_each_other(pig, tmp_path, capsys):
    """Two runs into one folder with the same seeds, in different modes or the
    same one, keep every save: the name carries the seats and the level, and a
    name already taken gets a number."""
    for players in ("2", "3", "3"):
        assert main(["simulate", "toy-pig", "--games", "2", "--seed", "7", "--players", players,
                     "--target", "15", "--save-dir", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.json"))
    assert len(names) == 6
    assert [n for n in names if "_2p_" in n and "seed7" in n]
    assert [n for n in names if "_3p_" in n and n.endswith("seed8-2.json")]
    capsys.readouterr()


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


# -- issue 9, item 10: the command line ------------------------------------------------
def test_a_bad_option_on_a_subcommand_prints_that_subcommands_usage(pig, capsys):
    for argv, usage in ((["simulate", "toy-pig", "--bogus"], "usage: beegames simulate toy-pig"),
                        (["verify", "x.json", "--bogus"], "usage: beegames verify"),
                        (["new", "toy-pig", "--players", "9"], "usage: beegames new toy-pig"),
                        (["saves", "--bogus"], "usage: beegames saves")):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
        err = capsys.readouterr().err
        assert code == 2 and err.startswith(usage), (argv, err)


def run_new_or_simulate(capsys, command: str, argv: list[str]) -> tuple[object, str]:
    """Run ``beegames new`` or ``simulate`` (one game) on ``argv``: its exit code and error text."""
    try:
        code = main([command, *argv, "--games", "1"] if command == "simulate" else [command, *argv])
    except SystemExit as exc:
        code = exc.code
    return code, capsys.readouterr().err


def test_options_that_do_not_fit_the_players_are_a_usage_error_for_simulate_too(capsys):
    for argv, reason in ((["waggle-dance", "--ruleset", "2014", "--players", "1"], "2 to 4 players"),
                         (["bee-lives", "--players", "2", "--mode", "challenge"], "solo mode")):
        for command in ("simulate", "new"):
            code, err = run_new_or_simulate(capsys, command, argv)
            assert code == 2 and f"usage: beegames {command} {argv[0]}" in err and reason in err, (command, err)


def test_a_game_for_exactly_two_says_so(capsys):
    """Not "takes 2 to 2 players": a game with one number of players names it."""
    code, err = run_new_or_simulate(capsys, "new", ["hive", "--players", "3"])
    assert code == 2 and err.rstrip().endswith("error: Hive takes 2 players, not 3"), err


def test_simulate_plays_waggle_dance_properly_by_default_and_keeps_random(capsys):
    from beegames.cli import simulate_level
    from beegames.games import get_engine

    engine = get_engine("waggle-dance")
    assert simulate_level(engine) == "good" and simulate_level(get_engine("hive")) == "easy"
    assert main(["simulate", "waggle-dance", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "at level good" in out and ".;" not in out
    for line in out.splitlines()[1:3]:
        honey = int(line.split(" wins with ")[1].split(" honey")[0])
        assert honey >= 4, line  # a real game: someone reached (or nearly reached) the target
    assert main(["simulate", "waggle-dance", "--games", "1", "--level", "random"]) == 0
    assert "at level random" in capsys.readouterr().out


def test_plurals_in_listings(pig, tmp_path, capsys):
    m = played(pig, moves=1)
    path = saves.write_save(m, tmp_path / "one.json")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "; 1 move;" in out
    assert main(["--saves-dir", str(tmp_path), "saves"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"1 save in {tmp_path}:") and "1 move]" in out


def test_replay_command_opens_the_replay(pig, tmp_path, monkeypatch):
    import beegames.cli as cli

    path = saves.write_save(played(pig), tmp_path / "g.json")
    opened = {}
    monkeypatch.setattr(cli, "run_app", lambda args, **kw: opened.update(kw) or 0)
    assert cli.main(["replay", str(path)]) == 0
    assert opened["replay"] is True and opened["save_path"] == path
    assert opened["match"].history == saves.load_save(path, lambda g: pig).history
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 1


def test_a_save_is_found_by_the_name_the_listing_gives_it(pig, tmp_path, monkeypatch, capsys):
    """``beegames saves`` and the app's "Saved as" give bare names: every command that reads a save
    finds them in the saves folder (``.json`` optional); a path that exists is taken as given."""
    import beegames.cli as cli

    folder = tmp_path / "saves"
    folder.mkdir()
    path = saves.write_save(played(pig), folder / "r3 spider.json")
    monkeypatch.chdir(tmp_path)
    opened = {}
    monkeypatch.setattr(cli, "run_app", lambda args, **kw: opened.update(kw) or 0)
    for name in ("r3 spider.json", "r3 spider"):
        opened.clear()
        assert cli.main(["--saves-dir", str(folder), "load", name]) == 0
        assert opened["save_path"] == path
        assert cli.main(["--saves-dir", str(folder), "replay", name]) == 0 and opened["replay"] is True
    capsys.readouterr()
    assert cli.main(["--saves-dir", str(folder), "verify", "r3 spider"]) == 0
    assert capsys.readouterr().out.startswith("ok: Nectar Pig")
    monkeypatch.setenv("BEEGAMES_SAVES", str(folder))
    assert cli.main(["verify", "r3 spider.json"]) == 0
    # a file of that name in the current folder comes first
    here = saves.write_save(played(pig), tmp_path / "r3 spider.json")
    opened.clear()
    assert cli.main(["--saves-dir", str(folder), "load", "r3 spider.json"]) == 0
    assert opened["save_path"] == here.relative_to(tmp_path) or opened["save_path"].resolve() == here.resolve()
    capsys.readouterr()
    assert cli.main(["--saves-dir", str(folder), "load", "missing"]) == 1
    err = capsys.readouterr().err
    assert "does not exist, here or in the saves folder" in err and str(folder) in err
    assert cli.main(["--saves-dir", str(folder), "load", "x" * 300]) == 1


def test_no_handoffs_flag_reaches_the_match(monkeypatch):
    import beegames.cli as cli

    opened = {}
    monkeypatch.setattr(cli, "run_app", lambda args, **kw: opened.update(kw) or 0)
    assert cli.main(["new", "waggle-dance", "--no-handoffs", "--seed", "1"]) == 0
    assert opened["match"].header.handoffs is False
    assert cli.main(["new", "waggle-dance", "--seed", "1"]) == 0
    assert opened["match"].header.handoffs is True


def test_bare_beegames_loads_no_game_before_the_menu():
    code = ("import sys\nfrom beegames import cli\nparser = cli.build_parser([])\n"
            "print(sorted(m for m in sys.modules if m.startswith(('beegames.games', 'pydantic', 'beegames.core.'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # the errors and the few words the parser's help texts are made of, nothing more
    assert out.stdout.strip() == "['beegames.core.errors', 'beegames.core.words']"


# -- issue 9, item 11: where saves go ---------------------------------------------------------
def test_saves_go_to_the_checkout_or_the_user_data_folder(monkeypatch, tmp_path, capsys):
    from beegames.core import paths

    monkeypatch.delenv("BEEGAMES_SAVES", raising=False)
    top = paths.checkout_root()
    assert top is not None and paths.default_saves_dir() == top / "saves"  # the tests run from a checkout
    monkeypatch.chdir(tmp_path)  # the working folder does not matter
    assert paths.default_saves_dir() == top / "saves"
    monkeypatch.setattr(paths, "checkout_root", lambda: None)  # an installed copy
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_data_path", lambda *a, **k: tmp_path / "data")
    assert paths.default_saves_dir() == tmp_path / "data" / "saves"
    assert main(["saves"]) == 0
    assert capsys.readouterr().out.strip() == f"No saves in {tmp_path / 'data' / 'saves'}."
    monkeypatch.setenv("BEEGAMES_SAVES", str(tmp_path / "mine"))
    assert paths.default_saves_dir() == tmp_path / "mine"


@pytest.mark.parametrize("command", ["saves", "verify", "simulate"])
def test_a_closed_pipe_stops_the_output_quietly(command, tmp_path):
    """``beegames saves | head -1``: the reader goes away before the output
    ends. That is normal use: no message, no crash report, and the status of
    a program stopped by SIGPIPE (or 0)."""
    import os

    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo
    from beegames.games import get_engine

    folder = tmp_path / "saves"
    match = Match.new(get_engine("hive"), seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=1)
    for i in range(30):
        saves.write_save(match, folder / f"g{i:02}.json")
    args = {"saves": ["--saves-dir", str(folder), "saves"], "verify": ["verify", str(folder / "g00.json")],
            "simulate": ["simulate", "hive", "--games", "3", "--max-turns", "4"]}[command]
    env = dict(os.environ, BEEGAMES_LOG_DIR=str(tmp_path / "log"))
    proc = subprocess.Popen([sys.executable, "-m", "beegames", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    proc.stdout.close()  # the reader has gone before the first line is written
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=120) in (0, 141)
    assert err == b""
    assert not (tmp_path / "log").exists()


def test_a_saves_folder_that_cannot_be_used_is_one_line_not_a_crash(tmp_path, capsys):
    afile = tmp_path / "afile"
    afile.write_text("x")
    long = tmp_path / ("d" * 300)
    for folder, words in ((afile, "is a file, not a folder"), (long, "cannot be used"),
                          (long / "x", "cannot be used")):
        for argv in (["saves"], ["keymap"], ["load", "g.json"], ["new", "hive", "--seed", "1"]):
            assert main(["--saves-dir", str(folder), *argv]) == 1, argv
            err = capsys.readouterr().err
            assert err.startswith("beegames: the saves folder ") and words in err and err.count("\n") == 1
    assert afile.read_text() == "x"


def test_a_saves_folder_inside_a_file_and_a_simulate_folder_that_is_a_file_are_one_line(tmp_path, capsys):
    """QA shell.md #7, #9: plain words before anything runs, never "Not a directory" or "File exists"."""
    afile = tmp_path / "afile"
    afile.write_text("x")
    for argv in (["saves"], ["new", "hive", "--seed", "1"]):
        assert main(["--saves-dir", str(afile / "sub"), *argv]) == 1, argv
        err = capsys.readouterr().err
        # (a path longer than 80 characters is cut with "…": pytest's folder names vary in length)
        assert err == (f"beegames: the saves folder {_shown(afile / 'sub')} cannot be made: {_shown(afile)} "
                       "is a file, not a folder\n")
    assert main(["simulate", "hive", "--games", "1", "--seed", "1", "--save-dir", str(afile)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == f"beegames: --save-dir {afile} is a file, not a folder\n"
    assert afile.read_text() == "x"


@pytest.mark.parametrize("command", ["load", "replay", "verify", "hint", "review"])
def test_the_help_of_a_command_on_a_save_says_what_the_save_may_be(command, capsys):
    """QA shell.md #15: a path, or a save's name as `beegames saves` lists it."""
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"usage: beegames {command} " in out and out.split("usage:")[1].split("positional")[0].rstrip().endswith(
        "SAVE")
    assert "SAVE the save: a path to its file, or its name as `beegames saves` lists it" in out


def test_an_option_given_where_it_means_nothing_is_a_usage_error(capsys):
    """`--campaign zombees` without campaign mode, or a solo rule with two players, played a
    basic game without a word; it is refused, naming what the option needs."""
    for argv, reason in ((["bee-lives", "--players", "1", "--campaign", "zombees"], "--campaign applies only "
                                                                                   "with --mode campaign"),
                         (["bee-lives", "--scenario", "random"], "--scenario applies only with --mode scenario"),
                         (["bee-lives", "--players", "2", "--harder"], "--harder applies only with 1 player")):
        for command in ("simulate", "new"):
            code, err = run_new_or_simulate(capsys, command, argv)
            assert code == 2 and reason in err, (command, err)
    # where it applies it is taken
    assert main(["simulate", "bee-lives", "--players", "1", "--mode", "campaign", "--campaign", "zombees",
                 "--games", "1"]) == 0
    assert "Zombees" in capsys.readouterr().out


def test_a_solo_mode_without_players_is_a_game_for_one(capsys, monkeypatch):
    """`new bee-lives --mode scenario` means a solo game: without --players it takes the one
    player the mode needs, where the default would be two (and a solo mode refuses two). With
    --players the count is the player's, and a solo mode still refuses more than one."""
    import beegames.cli as cli

    started = []
    monkeypatch.setattr(cli, "run_app", lambda args, match: started.append(match) or 0)
    assert main(["new", "bee-lives", "--mode", "scenario", "--seed", "3"]) == 0
    assert len(started[0].header.seats) == 1 and started[0].state.options.mode == "scenario"
    assert main(["simulate", "bee-lives", "--mode", "campaign", "--games", "1"]) == 0
    assert "1 game, 1 computer player at level" in capsys.readouterr().out
    assert main(["new", "waggle-dance", "--seed", "3"]) == 0 and len(started[1].header.seats) == 2  # as before
    for command in ("simulate", "new"):
        code, err = run_new_or_simulate(capsys, command, ["bee-lives", "--mode", "scenario", "--players", "3"])
        assert code == 2 and "choose 1 player." in err and "--players sets" not in err, err
