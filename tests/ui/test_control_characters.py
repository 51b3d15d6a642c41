"""Terminal control characters in names never reach the terminal (issue 20, point 3).

A name such as ``A\\x1b[2J\\x1b]0;PWNED\\x07B`` would clear the screen and
retitle the terminal. It is cleaned when entered (``--names``; the form is
tested in test_new_game_form.py), and an old save that holds it shows it
escaped everywhere: ``beegames saves`` and ``verify`` (run as processes,
their output bytes checked), the main menu, the Load screen, the game
screen and its log, in all four games. Markup in names stays text
(test_names_are_text.py).
"""

import subprocess
import sys

import pytest

from beegames import cli
from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.core.text import clean_name, printable
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.modals import HandoffScreen

from .helpers import screen_text, settle

HOSTILE = "A\x1b[2J\x1b]0;PWNED\x07B"
SHOWN = "A\\x1b[2J\\x1b]0;PWNED\\x07B"
GAMES = ["hive", "waggle-dance", "bee-lives", "honey-buzz"]
SIZES = [(80, 24), (160, 50)]
CONTROLS = [chr(c) for c in (*range(0x20), 0x7f, *range(0x80, 0xa0))]


def old_save(folder, game_id: str, moves: int = 4):
    """A save written before names were cleaned: its first seat's name holds
    terminal control sequences (in the header, the state and the log)."""
    engine = get_engine(game_id)
    match = Match.new(engine, seats=[SeatInfo(name=HOSTILE), SeatInfo(name="Ben")], seed=5)
    player = engine.make_player(engine.levels[0], 5)
    for _ in range(moves):
        match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))
    assert any(HOSTILE in line for line in engine.full_log(match.state)) or game_id == "hive"
    return saves.write_save(match, folder / f"old-{game_id}.json")


def raw_controls(text: str) -> list[str]:
    return sorted({c for c in text if c in CONTROLS and c != "\n"})


def test_cleaning_and_escaping():
    assert clean_name(HOSTILE) == "AB"
    assert clean_name("  Zoë \t [b]x[/b] \x9b2J ") == "Zoë [b]x[/b]"
    assert printable(HOSTILE) == SHOWN and printable("Zoë [b]") == "Zoë [b]"
    assert printable("\x9b\x7f") == "\\x9b\\x7f"


def test_names_given_on_the_command_line_are_cleaned(tmp_path, monkeypatch):
    started = {}
    monkeypatch.setattr(cli, "run_app", lambda args, **kw: started.update(kw) or 0)
    assert cli.main(["--saves-dir", str(tmp_path), "new", "hive", "--names", f"{HOSTILE},Ben"]) == 0
    assert [s.name for s in started["match"].header.seats] == ["AB", "Ben"]


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "beegames", *args], capture_output=True, timeout=120)


def test_saves_and_verify_print_an_old_saves_names_escaped(tmp_path):
    path = old_save(tmp_path, "waggle-dance")
    odd = tmp_path / "odd\x1b[2J.json"  # a file name with a sequence in it, damaged too
    odd.write_text("{")
    listed = run("--saves-dir", str(tmp_path), "saves")
    assert listed.returncode == 0, listed.stderr
    verified = run("verify", str(path))
    assert verified.returncode == 0, verified.stderr
    damaged = run("verify", str(odd))
    assert damaged.returncode == 1
    for out in (listed.stdout, listed.stderr, verified.stdout, verified.stderr, damaged.stdout, damaged.stderr):
        assert b"\x1b" not in out and b"\x07" not in out and not raw_controls(out.decode().replace("\n", ""))
    assert SHOWN.encode() in listed.stdout and SHOWN.encode() in verified.stdout
    assert b"odd\\x1b[2J.json" in listed.stdout and b"odd\\x1b[2J.json" in damaged.stderr


@pytest.mark.parametrize("size", SIZES)
async def test_an_old_save_shows_its_names_escaped_in_every_game(tmp_path, size):
    folder = tmp_path / "saves\x1b]0;x\x07"  # even the folder's name
    folder.mkdir()
    paths = {game_id: old_save(folder, game_id) for game_id in GAMES}
    app = make_app(saves_dir=folder)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert raw_controls(screen_text(app)) == []  # the main menu, folder included
        assert "saves\\x1b]0;x\\x07" in screen_text(app)
        for game_id, path in paths.items():
            await pilot.press("l")
            await settle(pilot)
            load = app.screen
            assert isinstance(load, LoadScreen)
            row = next(i for i, s in enumerate(load.summaries) if s.path == str(path))
            load.query_one("#saves").move_cursor(row=row)
            await settle(pilot)
            text = screen_text(app)
            assert raw_controls(text) == [] and SHOWN in "".join(text.split()), game_id
            await pilot.press("enter")
            await settle(pilot)
            if isinstance(app.screen, HandoffScreen):
                assert raw_controls(screen_text(app)) == []
                await pilot.press("enter")
                await settle(pilot)
            game = app.screen
            assert isinstance(game, GameScreen) and game.match.header.seats[0].name == SHOWN
            assert raw_controls(screen_text(app)) == [], game_id
            assert not any(raw_controls(line) for line in game.seen.log)  # the log is fed escaped lines
            game.leave()
            await settle(pilot)
        # a resumed game is written back with the names as shown
        assert saves.read_document(paths["hive"]).seats[0].name == SHOWN
