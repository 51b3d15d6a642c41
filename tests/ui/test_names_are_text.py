"""Names are text, never markup (issue 8, items 6-7).

Hypothesis makes player names full of markup-like pieces (``[``, ``]``,
``[/b]``, ``[@click=app.quit]…``, emoji) and walks each through every screen
of every registered game: the new-game form, the game screen at its start
and after a move, the hand-off, the pause menu, the Load screen, a finished
game's game-over dialog and its replay. Nothing may crash, and the name must
be on screen exactly as typed.
"""

import asyncio
import os
import random
import tempfile
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from textual.widgets import Input, Select

from beegames.core import saves
from beegames.core.match import Match, MatchHeader
from beegames.core.protocol import SeatInfo
from beegames.games import available_games, get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.menu import MainMenuScreen
from beegames.ui.screens.modals import GameOverScreen, HandoffScreen, PauseMenu
from beegames.ui.screens.newgame import NewGameScreen

from .helpers import game_screen, screen_text, settle

PIECES = ["[", "]", "[/b]", "[b]", "[/]", "[@click=app.quit]", "[@click=app.bell]x", "\\[", "[red]", "[link=x]",
          "🐝", "🍯", "Ana", "Zoë", " ", "=", "@", "/"]
names = st.lists(st.sampled_from(PIECES), min_size=1, max_size=4).map(lambda parts: " ".join("".join(parts).split()))
names = names.filter(lambda n: n and len(n) <= 16)


def finished(game_id: str) -> Match:
    """A finished 2-player game of ``game_id`` (its history, replayed for any names)."""
    return _finished(game_id)


@cache
def _finished(game_id: str) -> Match:
    engine = get_engine(game_id)
    for seed in range(1, 200):
        match = Match.new(engine, seats=[SeatInfo(name="A"), SeatInfo(name="B")], seed=seed)
        # Hive's stronger levels think for a set time per move (up to 1 s), so their games differ from one
        # machine (and load) to the next; "easy" beats random moves quickly, and the same way every time
        strong = "easy" if game_id == "hive" else engine.levels[-1]
        players = [engine.make_player(engine.levels[0], seed), engine.make_player(strong, seed)]
        rnd = random.Random(seed)
        for _ in range(400):
            if match.over:
                return match
            d = match.decision
            if game_id == "hive":
                match.play(rnd.choice(match.legal_moves()) if d.seat == 0 else
                           players[1].choose(engine, engine.view(match.state, d.seat)))
            else:
                match.play(players[1].choose(engine, engine.view(match.state, d.seat)))
    raise AssertionError(f"no finished {game_id} game found")


def renamed(match: Match, name: str) -> Match:
    header = MatchHeader(**{**match.header.model_dump(), "seats": [SeatInfo(name=name), SeatInfo(name="Other")]})
    return Match.replay(match.engine, header, match.history)


def shows(app, name: str) -> bool:
    return name in screen_text(app)


async def scenario(game_id: str, name: str, folder: Path) -> None:
    saves.write_save(renamed(finished(game_id), name), folder / "finished.json")
    app = make_app(saves_dir=folder)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        # the new-game form, with the name typed in
        app.screen.action_new()
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game", Select).value = game_id
        await settle(pilot)
        form.query_one("#players", Select).value = 2
        await settle(pilot)
        form.query_one("#name-0", Input).value = name
        await settle(pilot)
        assert form.read_seats()[0].name == name
        form.action_start()
        await settle(pilot)
        # the game screen (after a hand-off where the game has one)
        if isinstance(app.screen, HandoffScreen):
            assert shows(app, app.screen.player)
            app.screen.action_ready()
            await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.match.header.seats[0].name == name
        assert shows(app, name)
        # a move, then whatever comes next (a hand-off names the next player)
        for _ in range(3):
            if isinstance(app.screen, HandoffScreen):
                app.screen.action_ready()
                await settle(pilot)
            if game.match.decision is not None and game.human_to_move:
                assert game.submit(game.seen.moves[0])
                await settle(pilot)
        if isinstance(app.screen, HandoffScreen):
            assert shows(app, app.screen.player)
            app.screen.action_ready()
            await settle(pilot)
        assert shows(app, name)
        # the pause menu, and back to the main menu (which autosaves)
        game.action_pause()
        await settle(pilot)
        assert isinstance(app.screen, PauseMenu)
        app.screen.dismiss("quit")
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)
        # the Load screen: both files, the name in the details of each
        app.screen.action_load()
        await settle(pilot)
        load = app.screen
        assert isinstance(load, LoadScreen) and len(load.summaries) == 2
        assert all(problem is None for problem in load.problems.values())
        for row in range(2):
            load.query_one("#saves").move_cursor(row=row)
            await settle(pilot)
            assert shows(app, name)
        # the finished game: its game-over dialog, then its replay
        row = next(i for i, s in enumerate(load.summaries) if s.path.endswith("finished.json"))
        load.query_one("#saves").move_cursor(row=row)
        await settle(pilot)
        load.action_open()
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        summary = game_screen(app).match.result.summary
        assert summary in " ".join(screen_text(app).split()) or len(summary) > 100
        app.screen.dismiss("board")
        await settle(pilot)
        assert shows(app, name)
        game_screen(app).leave()
        await settle(pilot)
        app.screen.action_load()
        await settle(pilot)
        app.screen.query_one("#saves").move_cursor(row=row)
        app.screen.action_replay()
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, GameScreen) and replay.replay is not None
        assert shows(app, name)
        replay.action_replay_step(5)
        await settle(pilot)
        replay.action_replay_step(1000)
        await settle(pilot)
        assert shows(app, name)
        assert app.is_running


def run_scenario(game_id: str, name: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(scenario(game_id, name, Path(tmp)))


#: One walk per game (each walks every screen, a few seconds): the explicit
#: example, a name built from the pieces above. The generated names are walked
#: only where BEEGAMES_NAME_WALKS asks for more (``=10``: ten generated names a
#: game); no shrinking, which would replay the whole walk many times.
_WALKS = int(os.environ.get("BEEGAMES_NAME_WALKS", "0"))
SETTINGS = settings(max_examples=max(1, _WALKS), deadline=None, derandomize=True,
                    phases=[Phase.explicit, Phase.generate] if _WALKS else [Phase.explicit],
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@example(name="Ana[/b] [@click=app.quit]")
@given(name=names)
def test_hive_shows_any_name_as_typed(name):
    run_scenario("hive", name)


@SETTINGS
@example(name="🐝 [/b]")
@given(name=names)
def test_waggle_dance_shows_any_name_as_typed(name):
    run_scenario("waggle-dance", name)


@SETTINGS
@example(name="[b]Amber[/] [/b]")
@given(name=names)
def test_bee_lives_shows_any_name_as_typed(name):
    run_scenario("bee-lives", name)


@SETTINGS
@example(name="[@click=app.bell]Gold[/i]")
@given(name=names)
def test_honey_buzz_shows_any_name_as_typed(name):
    run_scenario("honey-buzz", name)


def test_every_registered_game_is_covered():
    real = {game for game in available_games() if not game.startswith("toy")}  # tests register a toy game
    assert real <= {"hive", "waggle-dance", "bee-lives", "honey-buzz"}, "add the new game to this file"
