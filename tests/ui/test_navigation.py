"""The app opens the screens that lead to others (issue 21, point 4): the menu,
the game-over dialog and the command palette ask the app for the new-game
form, the saves and the rules, and the rules screen asks the app which game is
open. What a player presses and sees is as before."""

import pytest
from textual.widgets import Select

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.menu import MainMenuScreen
from beegames.ui.screens.modals import GameOverScreen
from beegames.ui.screens.newgame import NewGameScreen
from beegames.ui.screens.rules import RulesScreen

from .helpers import settle


def finished_bee_lives() -> Match:
    """A two-seat Bee Lives game played to its end by random players (the second seat a computer)."""
    engine = get_engine("bee-lives")
    match = Match.new(engine, options={}, seats=[SeatInfo(name="Ana"),
                                                 SeatInfo(name="Bot", kind="computer", level="random")], seed=2)
    players = [engine.make_player("random", 1), engine.make_player("random", 2)]
    while not match.over:
        seat = match.decision.seat
        match.play(players[seat].choose(engine, engine.view(match.state, seat)))
    return match


@pytest.mark.parametrize("size", [(80, 24)])  # (where the screens lead, not their layout: the small size)
async def test_screens_lead_to_one_another_through_the_app(tmp_path, size):
    match = finished_bee_lives()
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen) and app.match_on_screen() is None
        assert app.screen.game_id == "hive" and app.screen.options == {}  # no game open: the first game
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)

        app.open_match(match)  # a new file for it, then its game-over dialog
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen) and app.match_on_screen() is match
        rules = next(c for c in app.get_system_commands(app.screen) if c.title == "Rules")
        rules.callback()
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert (app.screen.game_id, app.screen.options) == ("bee-lives", match.header.options)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)

        await pilot.click("#over-new")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.query_one("#game", Select).value == "bee-lives"
        assert app.match_on_screen() is None  # the finished game was left
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)

        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen) and len(app.screen.summaries) == 1
