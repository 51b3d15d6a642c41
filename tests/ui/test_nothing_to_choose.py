"""The decision list is never a blank box.

When the seat at the keyboard has nothing to choose (the game is over, a
replay is shown, the computer is thinking, automatic steps play out), the
list of Waggle Dance, Bee Lives and Honey Buzz says why in its title and,
inside, what the player can do instead, naming the keys the footer shows.
"""

from __future__ import annotations

import pytest

from beegames.ui.app import make_app
from beegames.ui.screens.modals import GameOverScreen
from beegames.ui.widgets.choices import ChoiceList

from .helpers import game_screen, screen_text, settle
from .test_coach_ui import finished

LISTED = ["waggle-dance", "bee-lives", "honey-buzz"]


def list_words(app, cl: ChoiceList) -> str:
    region = cl.content_region
    lines = screen_text(app).split("\n")[region.y:region.y + region.height]
    return " ".join(" ".join(line[region.x:region.x + region.width] for line in lines).split())


@pytest.mark.parametrize(("game", "size"), [(g, (80, 24)) for g in LISTED] + [("bee-lives", (160, 50))])
async def test_a_finished_game_and_its_replay_say_why_the_list_is_empty(tmp_path, game, size):
    app = make_app(saves_dir=tmp_path, match=finished(game))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")  # "See the board"
        await settle(pilot)
        screen = game_screen(app)
        assert app.screen is screen
        cl = screen.query_one(ChoiceList)
        assert not cl.choices and cl.border_title == "Game over"
        assert list_words(app, cl) == "The game is over. i: the review · esc: the menu."
        # the keys it names are the ones the footer shows
        foot = screen_text(app).splitlines()[-1]
        assert "i Review" in foot and "esc" in foot

        app.open_replay(screen.match, at=1)
        await settle(pilot)
        replay = game_screen(app)
        assert replay is not screen and replay.replay is not None
        cl = replay.query_one(ChoiceList)
        assert cl.border_title == "Replay"
        assert list_words(app, cl) == "A replay: nothing is played here. ←: back · →: forward · i: the review."


async def test_the_list_names_a_remapped_key(tmp_path):
    """A player's keymap changes what the line says, as it changes the footer."""
    (tmp_path / "keymap.toml").write_text('[game]\nreview = "r"\nrun_steps = "x"\n', encoding="utf-8")
    app = make_app(saves_dir=tmp_path, match=finished("honey-buzz"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        cl = game_screen(app).query_one(ChoiceList)
        assert list_words(app, cl) == "The game is over. r: the review · esc: the menu."
        assert "r Review" in screen_text(app).splitlines()[-1]
        # the words for the automatic steps (the drones' turn, the night, the wild hives) come from the keys too
        screen = game_screen(app)
        screen.stepping = True  # (the words are shown only while steps are: then their keys are offered)
        assert screen.steps_keys() == "x: run all · p: pause"
        screen.steps_paused = True
        assert screen.steps_keys() == "n: next step · p: resume · x: run all"
