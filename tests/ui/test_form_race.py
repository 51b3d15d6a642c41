"""The new-game form keeps up with quick changes (issue 20, point 7).

Under load the suite once saw the form still on screen after ``Ctrl+S``: a
seat's "Human/Computer" change was still on its way up to the form when the
number of players changed and the seat rows were rebuilt, and the form then
looked for that seat's level, which was gone, and stopped the app. Here both
changes are made at once, as fast fingers (or a slow machine) make them.
"""

import pytest
from textual.widgets import Select

from beegames.ui.app import make_app
from beegames.ui.screens.bee_lives import BeeLivesScreen
from beegames.ui.screens.newgame import NewGameScreen

from .helpers import settle


# (the order the two changes reach the form in does not depend on the size: 80x24 only)
@pytest.mark.parametrize("size", [(80, 24)])
async def test_a_seat_change_and_fewer_players_at_once_then_start(tmp_path, size):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game", Select).value = "bee-lives"
        await settle(pilot)
        form.query_one("#players", Select).value = 2
        await settle(pilot)
        form.query_one("#kind-1", Select).value = "computer"  # on its way up to the form ...
        form.query_one("#players", Select).value = 1  # ... while the seats are rebuilt for one player
        form.query_one("#opt-mode", Select).value = "challenge"
        form.query_one("#opt-challenge", Select).value = "builder"
        await settle(pilot)
        assert app.is_running and app.crash_message is None
        assert isinstance(app.screen, NewGameScreen) and len(form.read_seats()) == 1
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, BeeLivesScreen)
        assert app.screen.match.state.solo.challenge == "builder"
