"""No file in the saves folder can stop the app (issue 8, items 1-5).

Each odd file of the report is made here: deeply nested JSON, numbers with
thousands of digits (also as a real save's seed and version), a FIFO named
``*.json``, links to ``/dev/zero`` and ``/dev/urandom``, a 5 MB move value
and a 4,000-digit version. ``beegames verify``, ``load`` and ``saves`` refuse
or list each with one short line, and the app opens its menu, lists each as
damaged on the Load screen, and carries on.
"""

import json
import os
import random
import subprocess
import sys

import pytest

from beegames.cli import main
from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.hive import HiveScreen
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.menu import MainMenuScreen

from .helpers import game_screen, screen_text, settle

MARKUP_NAMES = ("Ana[/b]", "[@click=app.quit]Ben")


def hive_save(folder, name, seats=("Ana", "Ben"), moves=6, seed=3):
    match = Match.new(get_engine("hive"), seats=[SeatInfo(name=n) for n in seats], seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        match.play(rnd.choice(match.legal_moves()))
    return saves.write_save(match, folder / name)


def make_bad_folder(folder):
    """Every bad file of the report, and one good save whose names are markup.
    Returns {file name: words its one-line reason must contain}."""
    folder.mkdir(exist_ok=True)
    good = hive_save(folder, "markup.json", seats=MARKUP_NAMES)
    text = good.read_text()
    doc = json.loads(text)
    bad = {}
    (folder / "nested.json").write_text("[" * 2000 + "]" * 2000)
    bad["nested.json"] = "nested too deeply"
    (folder / "huge-number.json").write_text("[" + "9" * 5000 + "]")
    bad["huge-number.json"] = "damaged"
    (folder / "huge-seed.json").write_text(text.replace(f'"seed": {doc["seed"]}', '"seed": ' + "9" * 5000, 1))
    bad["huge-seed.json"] = "damaged"
    (folder / "huge-version.json").write_text(text.replace('"version": 2', '"version": ' + "9" * 5000, 1))
    bad["huge-version.json"] = "damaged"
    (folder / "version-4000.json").write_text(text.replace('"version": 2', '"version": ' + "9" * 4000, 1))
    bad["version-4000.json"] = "newer beegames"
    doc5 = json.loads(text)
    doc5["history"][0]["move"] = "x" * 5_000_000
    (folder / "big-move.json").write_text(json.dumps(doc5))
    bad["big-move.json"] = "move 1"
    os.mkfifo(folder / "fifo.json")
    bad["fifo.json"] = "not a regular file"
    os.symlink("/dev/zero", folder / "zero.json")
    bad["zero.json"] = "not a regular file"
    os.symlink("/dev/urandom", folder / "urandom.json")
    bad["urandom.json"] = "not a regular file"
    return bad


@pytest.fixture
def bad_folder(tmp_path):
    folder = tmp_path / "saves"
    return folder, make_bad_folder(folder)


def test_verify_and_load_refuse_each_with_one_short_line(bad_folder, capsys):
    folder, bad = bad_folder
    for name, words in bad.items():
        assert main(["verify", str(folder / name)]) == 1, name
        err = capsys.readouterr().err
        assert words in err, (name, err[:300])
        assert err.count("\n") == 1 and len(err) < 400, (name, len(err))
        assert main(["load", str(folder / name)]) == 1, name
        err = capsys.readouterr().err
        assert "cannot load" in err and err.count("\n") == 1 and len(err) < 400, name
    assert main(["verify", str(folder / "markup.json")]) == 0
    assert "Ana[/b], [@click=app.quit]Ben" in capsys.readouterr().out


def test_saves_lists_every_file_and_never_hangs(bad_folder):
    folder, bad = bad_folder
    out = subprocess.run([sys.executable, "-m", "beegames", "--saves-dir", str(folder), "saves"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stderr == ""
    lines = out.stdout.splitlines()
    # (as the Load screen: every save is loaded, so a file whose header reads well but whose
    # history does not replay is damaged too)
    assert lines[0] == f"10 saves in {folder} ({len(bad)} damaged):"
    assert all(len(line) < 300 for line in lines)
    for name in bad:
        assert any(line.strip().startswith(f"{name}  (damaged:") for line in lines), name
    assert any("markup.json  Hive: Ana[/b] vs [@click=app.quit]Ben" in line for line in lines)


async def test_the_menu_opens_and_the_load_screen_marks_each_bad_file_damaged(bad_folder):
    folder, bad = bad_folder
    app = make_app(saves_dir=folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MainMenuScreen)
        assert menu.folder_counts == (10, 8, 2)  # the headers alone show 8 of the 9 damaged
        await pilot.press("l")
        await settle(pilot)
        load = app.screen
        assert isinstance(load, LoadScreen)
        # once checked (history replayed), every bad file is marked damaged, and only they are
        assert {name for name, problem in ((os.path.basename(p), q) for p, q in load.problems.items())
                if problem is not None} == set(bad)
        assert load.problems[str(folder / "markup.json")] is None
        assert len(str(load.problems[str(folder / "big-move.json")])) < 250  # a 5 MB move is quoted in short
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("c")  # Continue: the one sound unfinished game, with its markup names
        await settle(pilot)
        assert isinstance(app.screen, HiveScreen)
        assert app.screen.match.header.seats[1].name == "[@click=app.quit]Ben"
        assert app.is_running


def test_bad_files_stay_untouched(bad_folder):
    folder, bad = bad_folder
    regular = [name for name in bad if (folder / name).is_file() and not (folder / name).is_symlink()]
    before = {name: (folder / name).read_bytes() for name in regular}
    for name in bad:
        main(["verify", str(folder / name)])
    assert {name: (folder / name).read_bytes() for name in regular} == before


# -- forged checkpoints and tampered older-rules saves (issue 20, points 1-2) -------------------


@pytest.fixture(scope="module")
def forged_folder(tmp_path_factory):
    """Every hostile save of :mod:`kernel.forgeries` (all games), and one sound save."""
    from kernel.forgeries import all_variants

    folder = tmp_path_factory.mktemp("forged")
    variants = {v.name: v for v in all_variants()}
    for v in variants.values():
        (folder / v.name).write_text(v.text)
    hive_save(folder, "sound.json")
    return folder, variants


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_load_screen_marks_each_forged_save_damaged_and_each_unreplayed_one(forged_folder, size):
    folder, variants = forged_folder
    refused = {name for name, v in variants.items() if v.refused}
    app = make_app(saves_dir=folder)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen) and app.screen.folder_counts[0] == len(variants) + 1
        await pilot.press("l")
        await settle(pilot)
        load = app.screen
        assert isinstance(load, LoadScreen)
        problems = {os.path.basename(p): q for p, q in load.problems.items()}
        assert {name for name, q in problems.items() if q is not None} == refused
        table = load.query_one("#saves")
        on_screen = set()  # one row of each kind is looked at on the terminal, the others in the detail line
        for row, summary in enumerate(load.summaries):
            name = os.path.basename(summary.path)
            table.move_cursor(row=row)
            kind = "damaged" if name in refused else "unreplayed" if name in variants else "sound"
            if kind not in on_screen:
                on_screen.add(kind)
                await settle(pilot)
                shown = " ".join(screen_text(app).split())
            else:
                load._show_detail()
                shown = " ".join(load.query_one("#load-detail").content.plain.split() + [load._status(summary).plain])
            if name in refused:
                assert variants[name].words in problems[name]
                assert f"Damaged: {problems[name]}" in shown, name
                assert "damaged" in shown
            elif name in variants:  # opened at its saved position: the list says it was not replayed
                assert summary.unreplayed is not None and variants[name].words in summary.unreplayed
                assert " ".join(summary.unreplayed.split()) in shown and "not replayed" in shown, name
            else:
                assert summary.unreplayed is None and problems[name] is None
        # an unreplayed save opens, and its game screen says so
        row = next(i for i, s in enumerate(load.summaries) if s.path.endswith("hb-older-score.json"))
        table.move_cursor(row=row)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        game = game_screen(app)
        assert game is not None and game.match.unreplayed is not None
        assert any(n.message == game.match.unreplayed for n in app._notifications)
        assert app.is_running and app.crash_message is None
