"""Honey Buzz in the app through the generic list-of-moves screen, and on the command line."""

import pytest
from ui.helpers import settle  # waits on the app's state, never on the clock

from beegames.cli import main
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games.honey_buzz import HoneyBuzzOptions
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen
from beegames.ui.screens.modals import HandoffScreen

from .hb_helpers import ENGINE


def game_screen(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def test_a_solitaire_game_is_played_by_keys_in_the_generic_screen(saves_dir):
    match = Match.new(ENGINE, options=HoneyBuzzOptions(solo_level="pupa", config="star"),
                      seats=[SeatInfo(name="Ana")], seed=2)
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        for _ in range(22):
            if screen.match.over:
                break
            await pilot.press("enter")
            await settle(pilot)
        assert len(screen.match.history) >= 20, "every Enter plays the highlighted legal move"
        assert screen.match.state.turn > 1, "drone turns ran between the player's turns"
        assert list(saves_dir.glob("*.json")), "autosaved"


async def test_advanced_hot_seat_hands_off_after_a_private_look(saves_dir):
    match = Match.new(ENGINE, options=HoneyBuzzOptions(advanced=True, config="star"),
                      seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=3)
    i = next(i for i, t in enumerate(match.state.field) if t is not None)
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        from beegames.games.honey_buzz.models import RecallMove
        from beegames.ui.widgets.honey_buzz.look import LookScreen

        screen.submit(RecallMove(scout=(i // 6, i % 6)))
        await settle(pilot)
        assert isinstance(app.screen, LookScreen), "Ana sees what she looked at first"
        await pilot.press("enter")
        await settle(pilot)
        assert any(isinstance(s, HandoffScreen) for s in app.screen_stack)


def test_command_line_new_and_simulate(monkeypatch, capsys, tmp_path):
    import beegames.cli as cli

    started = {}

    def fake_run_app(args, *, match=None, save_path=None):
        started["match"] = match
        return 0

    monkeypatch.setattr(cli, "run_app", fake_run_app)
    assert main(["--saves-dir", str(tmp_path), "new", "honey-buzz", "--players", "1", "--solo-level", "pupa",
                 "--seed", "4"]) == 0
    m = started["match"]
    assert m.options.solo_level == "pupa" and len(m.header.seats) == 1 and m.state.solo
    with pytest.raises(SystemExit) as refused:  # the level is one of the five names (argparse refuses others)
        main(["new", "honey-buzz", "--players", "1", "--solo-level", "6"])
    assert refused.value.code == 2
    code = main(["simulate", "honey-buzz", "--players", "4", "--advanced", "--games", "1", "--seed", "1",
                 "--json", "--max-turns", "80"])
    out = capsys.readouterr().out
    assert code == 0 and '"errors": 0' in out


async def test_new_game_form_starts_honey_buzz(saves_dir):
    from textual.widgets import Select

    from beegames.ui.screens.newgame import NewGameScreen

    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#game", Select).value = "honey-buzz"
        await settle(pilot)
        app.screen.query_one("#players", Select).value = 1  # a solo level is for one player (shown only then)
        await settle(pilot)
        app.screen.query_one("#opt-solo_level", Select).value = "adult"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.match.header.game == "honey-buzz" and screen.match.options.solo_level == "adult"
