"""Esc closes exactly the top layer, in every game (issue 18, point 14).

The pause menu's rules summary and keys open over the menu, so Esc there
comes back to the menu, and Esc on the menu comes back to the game. A
disabled menu item says why, looks unlike the others and is skipped by ↑/↓.
On a hand-off, Esc opens the pause menu over it (the table stays hidden);
Esc there comes back to the hand-off. Every dialog names its own keys at the
foot of the screen.
"""

import pytest
from textual.widgets import Button

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.menu import MainMenuScreen
from beegames.ui.screens.modals import HelpScreen, PauseMenu, RulesSummaryScreen

from .helpers import game_screen, screen_text, settle

SIZES = [(80, 24)]  # (keys and layers, not layout: 80x24, where a button is hardest to reach)
GAMES = ["hive", "waggle-dance", "bee-lives", "honey-buzz"]


def stack(app) -> list[str]:
    """The layers above the game screen, bottom first."""
    names = [type(s).__name__ for s in app.screen_stack]
    return names[names.index(type(game_screen(app)).__name__) + 1:]


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
async def test_esc_closes_only_the_top_layer_of_the_pause_menu(tmp_path, game_id, size):
    engine = get_engine(game_id)
    match = Match.new(engine, seats=[SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="random")],
                      seed=2)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        game = game_screen(app)
        assert app.screen is game
        await press(pilot, "escape")
        assert stack(app) == ["PauseMenu"]
        menu = app.screen
        # the foot of the screen names the menu's keys, not the game's beneath it (which do nothing now)
        foot = screen_text(app).splitlines()[-1]
        assert "esc Resume" in foot and "Undo" not in foot and "Hint" not in foot, foot
        undo = menu.query_one("#undo", Button)
        # nothing to undo yet: the item says so, is drawn apart, and ↓ skips it
        assert undo.disabled and "nothing to undo" in str(undo.label)
        assert undo.rich_style != menu.query_one("#save_as", Button).rich_style
        assert menu.focused.id == "resume"
        await press(pilot, "down")
        assert menu.focused.id == "save_as"
        await press(pilot, "up")
        assert menu.focused.id == "resume"
        # rules over the menu: Esc comes back to the menu
        await pilot.click("#rules")
        await settle(pilot)
        assert stack(app) == ["PauseMenu", "RulesSummaryScreen"] and isinstance(app.screen, RulesSummaryScreen)
        await press(pilot, "escape")
        assert stack(app) == ["PauseMenu"] and app.screen is menu
        # the keys, the same way
        await pilot.click("#help")
        await settle(pilot)
        assert stack(app) == ["PauseMenu", "HelpScreen"] and isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert app.screen is menu
        # Esc on the menu: back to the game, and keys reach the game again
        await press(pilot, "escape")
        assert app.screen is game and stack(app) == []
        await press(pilot, "question_mark")
        assert stack(app) == ["HelpScreen"]
        await press(pilot, "escape")
        assert app.screen is game


HIDDEN = [("waggle-dance", {}), ("honey-buzz", {"advanced": True})]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game_id", "options"), HIDDEN, ids=["waggle-dance", "honey-buzz-advanced"])
async def test_esc_on_a_hand_off_opens_the_menu_over_it(tmp_path, game_id, options, size):
    engine = get_engine(game_id)
    match = Match.new(engine, options=options, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=2)
    player = engine.make_player("random", 2)
    for _ in range(3):
        match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))
    path = saves.write_save(match, tmp_path / "game.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert stack(app) == ["HandoffScreen"]  # a resumed game between two humans
        handoff = app.screen
        await press(pilot, "escape")
        assert stack(app) == ["HandoffScreen", "PauseMenu"]  # the table stays hidden beneath
        assert game_screen(app).keyboard_seat is None
        await press(pilot, "escape")
        assert app.screen is handoff
        await press(pilot, "escape")
        assert isinstance(app.screen, PauseMenu)
        await pilot.click("#quit")
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)
    assert saves.read_document(path).moves == 3


@pytest.mark.parametrize("size", SIZES)
async def test_save_as_opens_over_the_menu_and_closes_it_once_saved(tmp_path, size):
    from textual.widgets import Input

    match = Match.new(get_engine("hive"), seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=2)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        game = game_screen(app)
        await press(pilot, "escape")
        await pilot.click("#save_as")
        await settle(pilot)
        assert stack(app) == ["PauseMenu", "SaveAsScreen"]
        await press(pilot, "escape")  # changed my mind: back to the menu
        assert stack(app) == ["PauseMenu"]
        await pilot.click("#save_as")
        await settle(pilot)
        app.screen.query_one("#filename", Input).value = "kept"
        await press(pilot, "enter")
        assert app.screen is game and game.save_path == tmp_path / "kept.json"
        assert (tmp_path / "kept.json").is_file()
