"""The app shell through Pilot, with the toy game standing in for a real one."""


import pytest
from textual.widgets import Select

from beegames.core import saves
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.menu import MainMenuScreen
from beegames.ui.screens.modals import HandoffScreen
from beegames.ui.screens.newgame import NewGameScreen

from .helpers import quit_to_menu, settle


async def start_toy_game(pilot, app):
    await pilot.press("n")
    await settle(pilot)
    assert isinstance(app.screen, NewGameScreen)
    app.screen.query_one("#game", Select).value = "toy-pig"
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)
    assert isinstance(app.screen, GameScreen)


async def test_menu_new_move_save_quit_load(pig, saves_dir):
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)
        await start_toy_game(pilot, app)
        await pilot.press("enter")  # first listed move: roll
        await settle(pilot)
        game = app.screen
        assert len(game.match.history) == 1
        state, log = game.match.state, game.match.state.log
        files = list(saves_dir.glob("*.json"))
        assert len(files) == 1  # autosaved after the move
        await quit_to_menu(pilot)
    # relaunch, then load from the load screen
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        await settle(pilot)
        # two humans in a game that can hide things: a resumed game opens on the hand-off
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.state == state and app.screen.match.state.log == log


async def test_continue_last_game(pig, saves_dir):
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await start_toy_game(pilot, app)
        await pilot.press("enter")
        await settle(pilot)
        history = list(app.screen.match.history)
        await quit_to_menu(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.history == history


async def test_bad_save_is_reported_and_untouched(pig, saves_dir):
    bad = saves_dir / "broken.json"
    bad.write_text('{"format": "beegames-save", "version": 1, "game": "toy-pig"')
    before = bad.read_bytes()
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        assert any("cut short" in n.message for n in app._notifications)
    assert bad.read_bytes() == before


async def test_illegal_typed_move_is_refused(pig, saves_dir):
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await start_toy_game(pilot, app)
        await pilot.click("#typed")
        await pilot.press(*"bank", "enter")
        await settle(pilot)
        assert app.screen.match.history == []
        assert any("not possible" in n.message for n in app._notifications)


async def test_help_overlay_lists_keys(pig, saves_dir):
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await start_toy_game(pilot, app)
        await pilot.press("f1")
        await settle(pilot)
        from beegames.ui.screens.modals import HelpScreen

        assert isinstance(app.screen, HelpScreen)
        keys = [key for key, _what in app.screen.rows()]
        assert {"Esc", "Ctrl+Z", "?"} <= set(keys) and "Ctrl+PgDn" not in keys
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_computer_seat_moves_in_a_worker(pig, saves_dir, watch_pace):
    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo

    watch_pace(0)  # (only computers play: a watched game, here without its pace)
    match = Match.new(pig, seats=[SeatInfo(name="Bot", kind="computer"), SeatInfo(name="Bot2", kind="computer")],
                      seed=4)
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(pilot)
            if match.over:
                break
        assert match.over


async def test_a_rules_bug_is_reported_not_fatal(pig, saves_dir, monkeypatch):
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await start_toy_game(pilot, app)

        def broken(state, move):
            raise ZeroDivisionError("oops")

        monkeypatch.setattr(pig, "apply", broken)
        before = app.screen.match.state
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.match.state is before and app.screen.match.history == []
        assert any("Internal error" == n.title for n in app._notifications)


def test_a_new_game_never_takes_over_another_games_file(pig, saves_dir):
    from beegames.core.match import Match

    app = make_app(saves_dir=saves_dir)
    first = Match.new(pig, seed=1)
    second = Match.new(pig, seed=2)
    second.header.created = first.header.created  # started in the same second
    path1 = app.default_save_path(first)
    saves.write_save(first, path1)
    path2 = app.default_save_path(second)
    assert path2 != path1 and path2.name.endswith("-2.json")


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_main_menu_names_the_saves_folder(saves_dir, tmp_path, size):
    from textual.widgets import Button

    from .helpers import screen_text

    deep = tmp_path / ("a-very-long-folder-name-" * 4) / "saves"
    deep.mkdir(parents=True)
    (deep / "damaged.json").write_text("{")  # the menu's second line of counts
    for folder in (saves_dir, deep):
        app = make_app(saves_dir=folder)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            line = next(line for line in screen_text(app).splitlines() if "Saves: " in line)
            assert str(folder)[-40:] in line  # the end of the path, at least, always shows
            assert "damaged" in screen_text(app) or folder is saves_dir
            quit_button = app.screen.query_one("#quit", Button)
            assert quit_button.region.bottom <= size[1] - 1  # everything still fits above the footer


async def test_ctrl_c_names_the_quit_key_in_plain_words(pig, saves_dir):
    """Ctrl+C does not quit (it copies); it says which key does, with no markup tags showing."""
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await settle(pilot)
        messages = [n.message for n in app._notifications]
        assert messages == ["Press q to quit beegames."]  # (the menu's own quit key)
        assert app.is_running


async def test_the_palette_of_a_game_opens_no_other_game_over_it(pig, saves_dir):
    """From a game, New game, Load game and Continue are reached through Quit to menu: opened over
    the game they would stack two games, and Quit to menu would then land in the first one."""
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu_titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"New game", "Load game", "Continue"} <= menu_titles
        from beegames.core.match import Match
        from beegames.core.protocol import SeatInfo

        app.open_match(Match.new(pig, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=1))
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert not titles & {"New game", "Load game", "Continue"}
        assert {"Rules", "Keys", "Undo", "Save as…", "Pause menu"} <= titles


async def test_the_palette_offers_no_maximize_and_its_screenshot_says_where_it_went(pig, saves_dir, tmp_path):
    """QA shell.md #9, #10: no "Maximize" (a hatched screen, and nothing says Esc undoes it); the
    screenshot is saved in the saves folder and the notice names the file, or says why not."""
    from pathlib import Path

    from textual.command import CommandPalette

    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        from beegames.core.match import Match
        from beegames.core.protocol import SeatInfo

        for screen in (app.screen, None):
            if screen is None:
                app.open_match(Match.new(pig, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=1))
                await settle(pilot)
                screen = app.screen
            titles = [c.title for c in app.get_system_commands(screen)]
            assert not {"Maximize", "Minimize"} & set(titles) and titles.count("Screenshot") == 1, titles
        # chosen in the palette, as a player does
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"screenshot")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        told = [n.message for n in app._notifications]
        shots = list(saves_dir.glob("beegames_*.svg"))
        assert len(shots) == 1 and told == [f"Saved the screen as {shots[0]}"], told
        assert "<svg" in shots[0].read_text(encoding="utf-8")
        app.clear_notifications()
        app.saves_dir = tmp_path / "gone"  # a folder that is not there (any more)
        assert app.take_screenshot() is None
        await settle(pilot)
        told = [n.message for n in app._notifications]
        assert told == [f"Could not save the screenshot in {Path(tmp_path / 'gone')}: No such file or directory"]
