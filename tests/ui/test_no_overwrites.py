"""No game is overwritten silently (issue 8, items 8-11): new games take
names nobody has, an open save is locked, Save as asks before replacing,
and the leftovers of killed writes are removed when the folder is opened."""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from beegames.cli import main
from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen
from beegames.ui.screens.hive import HiveScreen
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.modals import ConfirmScreen, InUseScreen, SaveAsScreen, UnsavedScreen

from .helpers import screen_text, settle


def hive(seed=1, created="2026-11-30T12:00:00+00:00"):
    match = Match.new(get_engine("hive"), seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=seed)
    match.header.created = created  # every game here starts "in the same second"
    return match


# -- item 8: new games never collide ------------------------------------------------
def test_games_started_at_once_get_distinct_complete_files(tmp_path):
    paths, barrier = [], threading.Barrier(8)

    def start(seed):
        match = hive(seed)
        barrier.wait()
        paths.append((seed, saves.create_new_save(match, tmp_path)))

    threads = [threading.Thread(target=start, args=(seed,)) for seed in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({p for _, p in paths}) == 8
    for seed, path in paths:
        assert saves.read_document(path).seed == seed  # each file holds its own game, whole
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_two_programs_starting_the_same_game_in_the_same_second_get_two_files(tmp_path):
    script = (
        "import asyncio, sys\n"
        "from pathlib import Path\n"
        "sys.path.insert(0, sys.argv[3])\n"
        "from ui.helpers import settle\n"
        "from beegames.core.match import Match\n"
        "from beegames.core.protocol import SeatInfo\n"
        "from beegames.games import get_engine\n"
        "from beegames.ui.app import make_app\n"
        "m = Match.new(get_engine('hive'), seats=[SeatInfo(name='Ana'), SeatInfo(name='Ben')], seed=int(sys.argv[2]))\n"
        "m.header.created = '2026-11-30T12:00:00+00:00'\n"
        "async def go():\n"
        "    app = make_app(saves_dir=Path(sys.argv[1]), match=m)\n"
        "    async with app.run_test() as pilot:\n"
        "        await settle(pilot)\n"
        "        app.screen.submit(m.legal_moves()[0])\n"
        "        await settle(pilot)\n"
        "asyncio.run(go())\n"
    )
    tests = str(Path(__file__).resolve().parents[1])
    procs = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path), str(seed), tests]) for seed in (1, 2)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["hive_ana-ben_2026-11-30_120000-2.json", "hive_ana-ben_2026-11-30_120000.json"]
    assert {saves.read_document(f).seed for f in files} == {1, 2}
    assert all(saves.read_document(f).moves == 1 for f in files)


async def test_a_new_game_is_saved_at_once_beside_an_existing_one(tmp_path):
    older = saves.write_save(hive(seed=7), tmp_path / saves.save_name(hive()))
    before = older.read_bytes()
    match = hive(seed=8)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HiveScreen)
        assert screen.save_path.name.endswith("-2.json") and screen.save_path.exists()  # before any move
        screen.submit(match.legal_moves()[0])
        await settle(pilot)
    assert older.read_bytes() == before
    assert saves.read_document(screen.save_path).moves == 1


# -- item 9: an open save is locked --------------------------------------------------
async def test_a_save_open_elsewhere_offers_a_read_only_view_or_a_copy(tmp_path):
    path = saves.write_save(hive(), tmp_path / "game.json")
    holder = saves.SaveLock.acquire(path)  # another beegames has it open
    assert holder is not None and saves.is_locked(path)
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.load_and_open(path)
        await settle(pilot)
        assert isinstance(app.screen, InUseScreen)
        await pilot.click("#view")
        await settle(pilot)
        view = app.screen
        assert isinstance(view, GameScreen) and view.replay is not None and view.replay.index == view.replay.last
        assert not view.submit(view.match.legal_moves()[0])
        await pilot.press("escape")
        await settle(pilot)
        assert app.load_and_open(path)
        await settle(pilot)
        await pilot.click("#copy")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.replay is None
        assert game.save_path.name == "game-copy.json"
        before = path.read_bytes()
        assert game.submit(game.match.legal_moves()[0])
        await settle(pilot)
        assert path.read_bytes() == before and saves.read_document(game.save_path).moves == 1
    holder.release()


async def test_the_lock_goes_with_the_program_that_held_it(tmp_path):
    path = saves.write_save(hive(), tmp_path / "game.json")
    script = ("import sys\nfrom beegames.core.saves import SaveLock\n"
              "lock = SaveLock.acquire(sys.argv[1])\nprint('locked', flush=True)\nsys.stdin.read()\n")
    proc = subprocess.Popen([sys.executable, "-c", script, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)  # it holds the lock until it is killed (it waits for input that never comes)
    try:
        assert proc.stdout.readline().strip() == "locked"
        assert saves.is_locked(path)
    finally:
        proc.kill()  # killed: no chance to release anything itself
        proc.wait()
    assert not saves.is_locked(path)
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.load_and_open(path)
        await settle(pilot)
        assert isinstance(app.screen, HiveScreen) and app.screen.save_lock is not None
        assert saves.is_locked(path)  # now this app holds it
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#quit")
        await settle(pilot)
        assert not saves.is_locked(path)  # given back when the game is left
    assert not (tmp_path / ".game.json.lock").exists()


# -- item 10: Save as asks before replacing another file ---------------------------------
async def test_save_as_asks_before_replacing_another_game(tmp_path):
    other = saves.write_save(hive(seed=5), tmp_path / "other.json")
    before = other.read_bytes()
    app = make_app(saves_dir=tmp_path, match=hive(seed=6))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        first = game.save_path
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SaveAsScreen)
        app.screen.query_one("#filename").value = "other"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # keep it
        await settle(pilot)
        assert isinstance(app.screen, SaveAsScreen) and other.read_bytes() == before
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("y")  # now replace it
        await settle(pilot)
        assert app.screen is game and game.save_path == other
        assert saves.read_document(other).seed == 6 and saves.is_locked(other) and not saves.is_locked(first)
        # a new name is simply taken, and never one open elsewhere
        holder = saves.SaveLock.acquire(tmp_path / "busy.json")
        assert not game.save_as(tmp_path / "busy.json")
        assert game.save_path == other
        holder.release()


async def test_save_as_refuses_a_name_too_long_for_the_file_system_and_stays_open(tmp_path):
    app = make_app(saves_dir=tmp_path, match=hive(seed=6))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        first = game.save_path
        await pilot.press("ctrl+s")
        await settle(pilot)
        for name in ("a" * 260, "é" * 120):
            app.screen.query_one("#filename").value = name
            await pilot.press("enter")
            await settle(pilot)
            assert app.is_running and isinstance(app.screen, SaveAsScreen)
            assert any("too long" in n.message for n in app._notifications)
        app.screen.query_one("#filename").value = "b" * 195
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is game and game.save_path == tmp_path / ("b" * 195 + ".json") != first


async def test_a_game_that_could_not_be_saved_is_not_left_or_quit_without_asking(tmp_path, monkeypatch):
    from beegames.ui.screens.menu import MainMenuScreen

    app = make_app(saves_dir=tmp_path, match=hive(seed=6))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen

        def refuse(path, text):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(saves, "atomic_write_text", refuse)
        assert game.submit(game.match.legal_moves()[0])
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#quit")
        await settle(pilot)
        assert isinstance(app.screen, UnsavedScreen) and "could not be saved (No space left on device)" in (
            str(app.screen.question))
        await pilot.press("n")  # stay
        await settle(pilot)
        assert app.screen is game
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, UnsavedScreen) and app.is_running
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game and app.is_running
        monkeypatch.undo()  # the disk has room again: the next move is saved, and leaving asks nothing
        assert game.submit(game.match.legal_moves()[0])
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#quit")
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)
    assert len(saves.load_save(game.save_path, get_engine).history) == 2


# -- item 11: leftovers of killed writes -------------------------------------------------
def leftovers(folder):
    """A stale temp file and lock file (as killed programs leave them), and a fresh temp file."""
    folder.mkdir(exist_ok=True)
    stale = folder / ".hive_a.json.k3j2.tmp"
    stale.write_text("{half a save")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    lock = folder / ".hive_a.json.lock"
    lock.write_text("")
    fresh = folder / ".hive_b.json.x9y8.tmp"  # a write in progress elsewhere
    fresh.write_text("{")
    return stale, lock, fresh


def test_saves_command_removes_stale_temp_and_lock_files(tmp_path, capsys):
    stale, lock, fresh = leftovers(tmp_path)
    assert main(["--saves-dir", str(tmp_path), "saves"]) == 0
    assert not stale.exists() and not lock.exists() and fresh.exists()


async def test_every_way_the_app_opens_the_folder_tidies_it(tmp_path):
    folder = tmp_path / "saves"
    for open_folder in ("menu", "load", "new game", "continue"):
        stale, lock, fresh = leftovers(folder)
        app = make_app(saves_dir=folder, match=hive() if open_folder == "new game" else None)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            if open_folder == "load":
                await pilot.press("l")
            elif open_folder == "continue":
                await pilot.press("c")
            await settle(pilot)
            if open_folder == "load":
                assert isinstance(app.screen, LoadScreen)
        assert not stale.exists() and not lock.exists() and fresh.exists(), open_folder
        fresh.unlink()


async def test_save_as_says_plainly_what_is_wrong_with_a_name_and_checks_the_lock_before_asking(tmp_path):
    """QA shell.md #8: each refused name gets its own reason; a .JSON name keeps its name;
    a file open in another window is refused before "Replace?" and the dialog stays open with
    the name; a file that is not a save is not called a saved game; the name proposed shows
    from its start."""
    busy = saves.write_save(hive(seed=5), tmp_path / "busy.json")
    holder = saves.SaveLock.acquire(busy)  # another beegames has it open
    (tmp_path / "junk.json").write_text("not a save", encoding="utf-8")
    app = make_app(saves_dir=tmp_path, match=hive(seed=6))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("ctrl+s")
        await settle(pilot)
        dialog = app.screen
        field = dialog.query_one("#filename")
        assert field.scroll_x == 0 and field.cursor_position == 0  # the name shown from its start...
        assert field.selected_text == field.value == game.save_path.name  # ...all selected: typing replaces it
        for typed, said in [(" ", "Type a name for the file."), (".json", "Type a name for the file."),
                            (".hidden", "A file name cannot start with a dot."),
                            ("my [bold]game[/]", "A file name cannot hold “/”."),
                            ("busy", "busy.json is open in another beegames window; choose another name.")]:
            app.clear_notifications()
            field.value = typed
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is dialog and field.value == typed, typed  # still open, the name still there
            assert [n.message for n in app._notifications] == [said], typed
        field.value = "junk"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.question)
        assert "not a save beegames can open" in question and "saved game" not in question
        await pilot.press("n")
        await settle(pilot)
        field.value = "UP.JSON"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is game and game.save_path == tmp_path / "UP.json"
    holder.release()


async def test_a_saves_folder_that_became_a_file_is_named_plainly_not_by_the_system_s_words(tmp_path):
    """QA shell.md #7: the CLI refuses such a folder at start (tests/kernel/test_cli.py); if it
    becomes a file while beegames runs, the menu, a new game and leaving say so in words, not
    "File exists" or "Not a directory"."""
    import shutil

    from beegames.ui.screens.menu import MainMenuScreen

    folder = tmp_path / "saves"
    folder.mkdir()
    app = make_app(saves_dir=folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shutil.rmtree(folder)
        folder.write_text("not a folder")
        app.screen.look_at_saves()
        await settle(pilot)
        menu = " ".join(screen_text(app).split())
        assert "The saves folder is a file, not a folder: games cannot be saved." in menu
        app.start_new_match(hive(seed=6))
        await settle(pilot)
        game = app.screen
        said = f"This game cannot be saved: the saves folder {folder} is a file, not a folder."
        assert [n.message for n in app._notifications] == [said]
        assert game.submit(game.match.legal_moves()[0])  # its autosave fails too
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#quit")
        await settle(pilot)
        question = str(app.screen.question)
        assert isinstance(app.screen, UnsavedScreen)
        assert f"could not be saved (the saves folder {folder} is a file, not a folder)" in question
        assert not any(word in question for word in ("File exists", "Not a directory"))
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)
    assert folder.read_text() == "not a folder"


async def test_save_as_takes_a_name_pasted_with_its_enter_in_one_go(tmp_path):
    """A name and its Enter arriving together (pasted, or typed faster than the screen draws): Enter
    saves under that name, not an empty one ("Type a name for the file.")."""
    from textual import events

    app = make_app(saves_dir=tmp_path, match=hive(seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.action_save_as()
        await settle(pilot)
        game, dialog = app.screen_stack[-2:]
        assert isinstance(dialog, SaveAsScreen)
        dialog.query_one("#filename").value = ""
        for key, char in [("a", "a"), ("b", "b"), ("c", "c"), ("enter", "\r")]:
            app.post_message(events.Key(key, char))  # all queued before any is handled
        await settle(pilot)
        assert app.screen is game and not [n.message for n in app._notifications if "Type a name" in n.message]
        assert game.save_path == tmp_path / "abc.json" and game.save_path.exists()
