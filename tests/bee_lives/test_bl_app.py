"""Bee Lives is playable in the app through the generic list-of-moves screen."""

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen

from ui.helpers import settle


async def test_a_solo_year_by_key_presses(saves_dir):
    engine = get_engine("bee-lives")
    match = Match.new(engine, seats=[SeatInfo(name="Ana")], seed=11)
    app = make_app(saves_dir=saves_dir, match=match, save_path=saves_dir / "bl.json")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        presses = 0
        while not screen.match.over and presses < 400:
            await pilot.press("enter")  # the first listed move
            await settle(pilot)
            presses += 1
        assert screen.match.over, f"not over after {presses} moves"
        assert presses > 20 and len(screen.match.history) == presses
        assert (saves_dir / "bl.json").exists()
