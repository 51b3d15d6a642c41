"""Keys left on the log come back to the decision (QA 2026-12-04, wd.md #4).

A player who read the log (Tab, or a click) and then opened a dialog or the menu
pressed Enter after closing it, and nothing happened: the keys still went to the log.
In every game, the keys go back to where the player decides (the decision list; Hive's
board) when a dialog closes over a decision, and when a new decision comes; Enter or
Esc on the log hands them back too and opens the menu at once (QA 2026-12-04: it took two
Escs to reach the menu), and the footer says so in a line that fits 80 columns.
"""

from contextlib import asynccontextmanager

import pytest

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen
from beegames.ui.screens.modals import HelpScreen, PauseMenu
from beegames.ui.widgets.panels import GameLog

from .helpers import game_screen, screen_text, settle

GAMES = ["hive", "waggle-dance", "bee-lives", "honey-buzz"]


def new_app(tmp_path, game_id):
    level = "easy" if game_id == "hive" else "random"
    match = Match.new(get_engine(game_id),
                      seats=[SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level=level)], seed=2)
    return make_app(saves_dir=tmp_path, match=match)


async def focus_log(pilot) -> GameLog:
    game = game_screen(pilot.app)
    log = game.query_one(GameLog)
    log.focus()
    await settle(pilot)
    assert log.has_focus
    return log


@pytest.mark.parametrize("game_id", GAMES)
async def test_closing_a_dialog_gives_the_keys_back_to_the_decision(tmp_path, game_id):
    app = new_app(tmp_path, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        assert isinstance(game, GameScreen) and game.my_decision()
        decide = game.decision_widget()
        assert decide is not None
        for opened in (PauseMenu, HelpScreen):
            await focus_log(pilot)
            if opened is PauseMenu:
                game.action_pause()
            else:
                await pilot.press("question_mark")
            await settle(pilot)
            assert isinstance(app.screen, opened)
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is game
            assert decide.has_focus, (opened, game.focused)


@asynccontextmanager
async def on_the_log(folder, game_id: str, remapped: bool):
    """A new game at 80×24 with the keys on its log; with ``remapped``, under a keymap that gives the menu F2
    (the log's Esc is the menu key, id game.pause, so it moves too). Yields the app, the pilot and the log."""
    if remapped:
        (folder / "keymap.toml").write_text('[game]\npause = "f2"\n')
    app = new_app(folder, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = await focus_log(pilot)
        yield app, pilot, log


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("key", ["enter", "escape", "f2"])
async def test_enter_or_esc_on_the_log_goes_back_to_the_decision(tmp_path, game_id, key):
    """(f2: with a keymap that gives the menu F2, F2 does on the log what Esc did, and the footer names it.)"""
    async with on_the_log(tmp_path, game_id, key == "f2") as (app, pilot, log):
        game = game_screen(app)
        # the footer names the log's keys in one line that fits 80 columns
        foot = screen_text(app).splitlines()[-1]
        menu = "f2 Menu" if key == "f2" else "esc Menu"
        assert "↑↓ PgUp/PgDn Scroll" in foot and "⏎ Back" in foot and menu in foot and "Older" not in foot, foot
        assert key != "f2" or "esc Menu" not in foot, foot
        await pilot.press(key)
        await settle(pilot)
        if key != "enter":
            # one Esc: the menu (as the keys screen says of Esc), and the keys are back on the decision under it
            assert isinstance(app.screen, PauseMenu)
            await pilot.press("escape")
            await settle(pilot)
        assert app.screen is game
        assert not log.has_focus and game.decision_widget().has_focus


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("menu", ["Esc", "F2"])
async def test_the_keys_screen_says_what_esc_does_on_the_log(tmp_path, game_id, menu):
    """(F2: a keymap gave the menu F2, and the log's menu key with it.)"""
    async with on_the_log(tmp_path, game_id, menu == "F2") as (app, pilot, _):
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        rows = app.screen.rows()
        # the log's keys come first, and its menu key is described once, as it works on the log
        assert [key for key, _what in rows[:3]] == ["↑/↓ PgUp/PgDn Home/End", "Enter", menu], rows[:3]
        assert rows[2][1].startswith("Open the menu") and [key for key, _what in rows].count(menu) == 1
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("escape" if menu == "Esc" else "f2")  # (the menu key, from the decision)
        await settle(pilot)
        assert isinstance(app.screen, PauseMenu)


async def test_the_log_still_scrolls_by_keys(tmp_path):
    app = new_app(tmp_path, "bee-lives")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = await focus_log(pilot)
        log.sync([f"line {i}" for i in range(60)])
        await settle(pilot)
        end = log.scroll_y
        assert end > 0
        await pilot.press("up")
        await settle(pilot)
        assert log.scroll_y == end - 1 and log.has_focus
        await pilot.press("home")
        await settle(pilot)
        assert log.scroll_y == 0


async def test_waggle_dance_s_log_reads_back_by_the_same_keys(tmp_path):
    """Waggle Dance's log (a box that shows its newest lines) takes the log's own keys."""
    app = new_app(tmp_path, "waggle-dance")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = await focus_log(pilot)
        log.sync([f"line {i}" for i in range(60)])
        await settle(pilot)
        await pilot.press("up")
        await settle(pilot)
        assert log._back == 1 and log.has_focus
        await pilot.press("pageup")
        await settle(pilot)
        assert log._back > 2
        await pilot.press("end")
        await settle(pilot)
        assert log._back == 0


async def test_a_new_decision_takes_the_keys_from_the_log(tmp_path):
    """Hive's board, which the screen does not focus itself on each turn: the keys left on the
    log while the computer played come back to it with the player's turn."""
    app = new_app(tmp_path, "hive")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        log = await focus_log(pilot)
        game.submit(game.match.legal_moves()[0])  # (by the mouse, say) Ana's first piece; the computer answers
        await settle(pilot)
        assert len(game.match.history) == 2
        assert game.my_decision() and not log.has_focus and game.decision_widget().has_focus


@pytest.mark.parametrize("game_id", GAMES)
async def test_with_the_menu_moved_esc_still_backs_out_or_opens_the_menu_in_every_game(tmp_path, game_id):
    """A keymap gave the menu (game.pause) F2. Esc keeps its own job in every game: step back where there is
    something to step back from, else the menu, on the log as on the board; F2 opens the menu from both (QA:
    in Honey Buzz, whose Esc is the menu key itself when there is nothing to step back from, Esc did nothing
    at all, on the log or on the board, while the other games opened the menu)."""
    async with on_the_log(tmp_path, game_id, True) as (app, pilot, log):
        game = game_screen(app)
        for where, key in (("log", "escape"), ("board", "escape"), ("log", "f2"), ("board", "f2")):
            if where == "log":
                await focus_log(pilot)
            else:
                assert game.decision_widget().has_focus
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, PauseMenu), (where, key, app.screen)
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is game and not log.has_focus and game.decision_widget().has_focus, (where, key)
