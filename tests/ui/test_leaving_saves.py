"""Saves, leaving and the New game form (QA docs/qa/2026-12-04/shell.md, items 7 and 9):

- a game whose file could not be written may be saved anywhere else from the
  question asked on leaving (Save as… a path), and leaving then goes on;
- a save or settings file that starts with a UTF-8 byte-order mark is read,
  and beegames never writes one;
- opening a save and leaving it unchanged leaves its file as it was (its
  bytes and its time), while a move or an undo is saved as before;
- the New game form left with Esc shows the same choices when opened again
  in the same run (a draft in the app; the settings file keeps only the
  choices of games started).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from textual.widgets import Button, Checkbox, Input, Select

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.menu import MainMenuScreen
from beegames.ui.screens.modals import ConfirmScreen, GameOverScreen, SaveAsScreen, UnsavedScreen
from beegames.ui.screens.newgame import NewGameScreen
from beegames.ui.settings import load_settings, remembered_game

from .helpers import screen_text, settle

BOM = b"\xef\xbb\xbf"


def hive(seed: int = 6) -> Match:
    return Match.new(get_engine("hive"), seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=seed)


def finished_game() -> Match:
    engine = get_engine("waggle-dance")
    seats = [SeatInfo(name=n, kind="computer", level="basic") for n in ("Ann", "Bob")]
    match = Match.new(engine, seed=3, seats=seats)
    while not match.over:
        if match.decision is None:
            match.step()
        else:
            match.play(match.computer_move())
    match.header.seats[0] = SeatInfo(name="Ann")  # a person at the keyboard
    return match


async def leave_by_keys(pilot) -> None:
    """Esc, then "Quit to menu (autosaves)" in the pause menu."""
    await pilot.press("escape")
    await settle(pilot)
    await pilot.click("#quit")
    await settle(pilot)


# -- 1. a game that could not be saved can be saved elsewhere before leaving ----------------------
async def test_leaving_a_game_that_could_not_be_saved_offers_save_as_anywhere(tmp_path):
    folder = tmp_path / "afile"
    folder.write_text("not a folder")
    app = make_app(saves_dir=folder, match=hive())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert game.submit(game.match.legal_moves()[0])  # its autosave fails
        await settle(pilot)
        await leave_by_keys(pilot)
        dialog = app.screen
        assert isinstance(dialog, UnsavedScreen)
        shown = " ".join(screen_text(app).split())
        assert "Save as… (anywhere)" in shown and "Leave and lose the game" in shown and "Stay in the game" in shown
        for button in dialog.query(Button):
            assert 0 <= button.region.y and button.region.bottom <= 23, button.id
        await pilot.press("s")
        await settle(pilot)
        ask = app.screen
        assert isinstance(ask, SaveAsScreen) and ask.anywhere
        field = ask.query_one("#filename", Input)
        assert field.value == "~/" + game.save_path.name  # a path, proposed in the home folder
        for typed, said in [(str(tmp_path / "nowhere" / "x"), f"There is no folder {tmp_path / 'nowhere'}."),
                            (str(folder / "x"), f"{folder} is a file, not a folder."),
                            (str(tmp_path) + "/", "Type a file name after the folder."),
                            (str(tmp_path / ".hidden"), "A file name cannot start with a dot.")]:
            app.clear_notifications()
            field.value = typed
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is ask and [n.message for n in app._notifications] == [said], typed
        await pilot.press("escape")  # Save as given up: the question again
        await settle(pilot)
        assert app.screen is dialog
        await pilot.press("s")
        await settle(pilot)
        target = tmp_path / "my [bold]game.json"  # (typed: data, never markup)
        app.screen.query_one("#filename", Input).value = str(tmp_path / "my [bold]game")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)  # saved there, so leaving went on
        assert f"Saved as {target}; this game now goes on in that file." in [n.message for n in app._notifications]
    loaded = saves.load_save(target, get_engine)
    assert len(loaded.history) == 1 and not saves.is_locked(target)
    assert not list(tmp_path.glob(".*.lock")) and folder.read_text() == "not a folder"


async def test_a_save_elsewhere_that_fails_too_says_why_and_stays(tmp_path, monkeypatch):
    folder = tmp_path / "afile"
    folder.write_text("not a folder")
    app = make_app(saves_dir=folder, match=hive())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert game.submit(game.match.legal_moves()[0])
        await settle(pilot)
        await leave_by_keys(pilot)
        dialog = app.screen
        assert isinstance(dialog, UnsavedScreen)

        def full(path, text):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(saves, "atomic_create_text", full)
        await pilot.press("s")
        await settle(pilot)
        app.screen.query_one("#filename", Input).value = str(tmp_path / "kept")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog  # not left: the question stays
        assert "Could not save: No space left on device" in [n.message for n in app._notifications]
        assert not (tmp_path / "kept.json").exists() and not saves.is_locked(tmp_path / "kept.json")
        await pilot.press("escape")  # stay in the game
        await settle(pilot)
        assert app.screen is game
        monkeypatch.undo()
        await pilot.press("ctrl+q")  # quitting asks the same, and a save elsewhere lets it quit
        await settle(pilot)
        assert isinstance(app.screen, UnsavedScreen)
        await pilot.press("s")
        await settle(pilot)
        app.screen.query_one("#filename", Input).value = str(tmp_path / "kept")
        await pilot.press("enter")
        await settle(pilot)
        assert not app.is_running
    assert len(saves.load_save(tmp_path / "kept.json", get_engine).history) == 1


async def test_save_as_in_a_usable_folder_still_takes_only_a_name(tmp_path):
    app = make_app(saves_dir=tmp_path, match=hive())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, SaveAsScreen) and not dialog.anywhere
        dialog.query_one("#filename", Input).value = str(tmp_path / "x")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog and [n.message for n in app._notifications][-1] == "A file name cannot hold “/”."


# -- 2. a byte-order mark ------------------------------------------------------------------------
def test_a_save_and_settings_with_a_byte_order_mark_are_read_and_none_is_written(tmp_path):
    path = saves.write_save(hive(), tmp_path / "notepad.json")
    match = saves.load_save(path, get_engine)
    match.play(match.legal_moves()[0])
    saves.write_save(match, path)
    path.write_bytes(BOM + path.read_bytes())
    assert saves.read_document(path).moves == 1
    again = saves.load_save(path, get_engine)
    assert len(again.history) == 1
    [summary] = saves.list_saves(tmp_path)
    assert summary.problem is None and summary.moves == 1
    saves.write_save(again, path)
    assert not path.read_bytes().startswith(BOM)
    settings = tmp_path / ".beegames-settings"
    settings.write_bytes(BOM + json.dumps({"new_game": {"game": "bee-lives", "games": {}}}).encode())
    assert remembered_game(tmp_path)[0] == "bee-lives"


def test_verify_accepts_a_save_with_a_byte_order_mark(tmp_path, capsys):
    from beegames.cli import main

    path = saves.write_save(hive(), tmp_path / "notepad.json")
    path.write_bytes(BOM + path.read_bytes())
    assert main(["--saves-dir", str(tmp_path), "verify", str(path)]) == 0


def test_a_keymap_with_a_byte_order_mark_is_read(tmp_path):
    from beegames.ui.keymap import read_keymap

    (tmp_path / "keymap.toml").write_bytes(BOM + b'[game]\nundo = "q"\n')
    keymap, problems = read_keymap(tmp_path)
    assert problems == [] and keymap == {"game.undo": "q"}


# -- 3. opening a save and leaving it unchanged does not write it ----------------------------------
def stamp(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def aged(path: Path) -> tuple[bytes, int]:
    """Set the file's time an hour back (a rewrite now would surely change it)."""
    old = path.stat().st_mtime - 3600
    os.utime(path, (old, old))
    return stamp(path)


async def test_opening_a_finished_game_and_leaving_leaves_its_file_alone(tmp_path):
    path = saves.write_save(finished_game(), tmp_path / "done.json")
    before = aged(path)
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        await pilot.press("enter")  # Resume
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.click("#over-menu")
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.press("l")  # once more, leaving through "See the board" and the pause menu
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await leave_by_keys(pilot)
        assert isinstance(app.screen, MainMenuScreen)
    assert stamp(path) == before


@pytest.mark.parametrize("bom", [False, True])
async def test_opening_a_game_and_leaving_unchanged_writes_nothing_but_a_move_or_an_undo_is_saved(tmp_path, bom):
    match = hive()
    match.play(match.legal_moves()[0])
    path = saves.write_save(match, tmp_path / "going.json")
    if bom:  # (left unchanged, it stays as it was; written again, it has none)
        path.write_bytes(BOM + path.read_bytes())
    before = aged(path)
    loaded = saves.load_save(path, get_engine)
    app = make_app(saves_dir=tmp_path, match=loaded, save_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await leave_by_keys(pilot)
        assert isinstance(app.screen, MainMenuScreen)
        assert stamp(path) == before
        await pilot.press("c")  # Continue: the same game, a move this time
        await settle(pilot)
        game = app.screen
        assert game.save_path == path and game.submit(game.match.legal_moves()[0])
        await settle(pilot)
        assert saves.read_document(path).moves == 2 and not path.read_bytes().startswith(BOM)
        moved = aged(path)
        await pilot.press("ctrl+z")  # an undo is saved at once
        await settle(pilot)
        if isinstance(app.screen, ConfirmScreen):  # ("Take back Ana's move?", at one keyboard)
            await pilot.press("y")
            await settle(pilot)
        assert saves.read_document(path).moves == 1
        undone = aged(path)
        await leave_by_keys(pilot)  # and leaving after it writes nothing more
        assert isinstance(app.screen, MainMenuScreen) and stamp(path) == undone != moved


# -- 4. the New game form keeps what it showed when it was left -------------------------------------
async def test_the_new_game_form_left_with_esc_shows_the_same_choices_again_in_the_same_run(tmp_path):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.game_id == "hive"
        form.query_one("#game", Select).value = "waggle-dance"
        await settle(pilot)
        form.query_one("#players", Select).value = 3
        await settle(pilot)
        form.query_one("#opt-threats", Checkbox).value = True
        form.query_one("#opt-length", Select).value = "long"
        form.query_one("#name-0", Input).value = "Ann [b]x[/b]"
        form.query_one("#kind-2", Select).value = "computer"
        await settle(pilot)
        form.query_one("#level-2", Select).value = "basic"
        form.query_one("#hints", Checkbox).value = False
        form.query_one("#seed", Input).value = "42"
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.query_one("#game", Select).value == "waggle-dance"
        assert form.query_one("#players", Select).value == 3
        assert form.query_one("#opt-threats", Checkbox).value is True
        assert form.query_one("#opt-length", Select).value == "long"
        assert form.query_one("#name-0", Input).value == "Ann [b]x[/b]"
        assert form.query_one("#kind-2", Select).value == "computer"
        assert form.query_one("#level-2", Select).value == "basic"
        assert form.query_one("#hints", Checkbox).value is False
        assert form.query_one("#seed", Input).value == "42"
        assert load_settings(tmp_path) == {}  # a form left is not next run's defaults
        form.query_one("#game", Select).value = "hive"  # a game changed away from keeps its choices too
        await settle(pilot)
        await pilot.click("#back")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert form.query_one("#game", Select).value == "hive"
        form.query_one("#game", Select).value = "waggle-dance"
        await settle(pilot)
        assert form.query_one("#opt-length", Select).value == "long"
        form.action_start()  # a game started: the settings file has its choices, the draft is gone
        await settle(pilot)
        assert app.new_game_draft is None and remembered_game(tmp_path)[0] == "waggle-dance"


async def test_a_choice_the_game_would_refuse_is_kept_too_and_still_said(tmp_path):
    """Waggle Dance 2022 has no "standard" length: the form says so beside Start; left and
    opened again, it shows the same choices (the other options too) and says it again."""
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        form.query_one("#game", Select).value = "waggle-dance"
        await settle(pilot)
        form.query_one("#opt-threats", Checkbox).value = True
        form.query_one("#opt-length", Select).value = "standard"
        await settle(pilot)
        problem = form.setup_problem()
        assert problem is not None and form.query_one("#form-problem").display
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert form.query_one("#opt-length", Select).value == "standard"
        assert form.query_one("#opt-threats", Checkbox).value is True
        assert form.setup_problem() == problem and form.query_one("#form-problem").display
