"""The keys that drive the automatic steps say only what they do now.

The key that runs the steps at once is offered (footer, keys screen) only
while steps are shown; pausing stays offered, so a player can pause them
before they start. The keys screen names the keys from the player's keymap,
not a fixed Space, p and n.
"""

from __future__ import annotations

from beegames.core.match import Match
from beegames.games.honey_buzz.models import RecallMove
from beegames.ui.app import make_app
from beegames.ui.screens.modals import HelpScreen

from .helpers import screen_text, settle
from .test_honey_buzz_screen import list_path, new_match, played_until, ready


def offered(screen) -> set[str]:
    return {a.binding.action for a in screen.active_bindings.values() if a.enabled}


def drones_next() -> Match:
    def turn(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "turn" and match.state.turn >= 2
    return played_until(new_match(1, seed=6, config="star"), turn)


async def test_running_the_steps_is_offered_only_while_they_are_shown(tmp_path):
    app = make_app(saves_dir=tmp_path, match=drones_next())
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await ready(pilot)
        assert not screen.stepping
        assert "run_steps" not in offered(screen) and "next_step" not in offered(screen)
        assert "toggle_steps" in offered(screen)
        assert "Run steps" not in screen_text(app).splitlines()[-1]
        await pilot.press("p")  # paused before they start, so they wait for the keys below
        path = list_path(screen.entries(), RecallMove(scout=None))
        await pilot.press(*(str(n) for n in path))  # recalling ends the turn: the drones' steps
        await settle(pilot, run_steps=False)
        assert screen.stepping
        assert {"run_steps", "next_step", "toggle_steps"} <= offered(screen)
        assert "Run steps" in screen_text(app).splitlines()[-1]
        await pilot.press("space")  # runs them all
        await ready(pilot)
        assert not screen.stepping and "run_steps" not in offered(screen)
        assert "Run steps" not in screen_text(app).splitlines()[-1]


async def test_the_keys_screen_names_the_step_keys_from_the_keymap(tmp_path):
    (tmp_path / "keymap.toml").write_text('[game]\nrun_steps = "j"\npause_steps = "z"\nhint = "g"\n', encoding="utf-8")
    app = make_app(saves_dir=tmp_path, match=new_match(1, seed=6, config="star"))
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        rows = dict(app.screen.rows())
        assert rows["j"] == "Solitaire: run the drones' turn now"
        assert rows["z / n"] == "Solitaire: pause the drones' steps / take one step"
        assert "Space" not in rows and "p / n" not in rows
        # the coach's keys too; moving the hint leaves the keys it shared (play it, review, stop) on i
        assert rows["g"].startswith("Hint: ") and "i again plays it" in rows["g"] and "i or Esc stops" in rows["g"]
        assert rows["i (game over, replay)"].startswith("Review: ")
        screen = app.screen_stack[-2]
        assert screen.bound_keys("hint") == ["g"] and screen.bound_keys("review") == ["i"]
        assert screen.bound_keys("run_steps") == ["j"] and screen.bound_keys("next_step") == ["n"]


async def test_the_keys_and_the_menu_open_over_the_steps_without_running_them(tmp_path):
    """? and Esc during the drones' turn open the keys and the menu at once;
    the steps wait under them (they used to run all at once, and the key
    was then dropped because a new question had come up)."""
    from beegames.ui.screens.modals import PauseMenu

    app = make_app(saves_dir=tmp_path, match=drones_next())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("p")
        path = list_path(screen.entries(), RecallMove(scout=None))
        await pilot.press(*(str(n) for n in path))
        await settle(pilot, run_steps=False)
        assert screen.stepping
        state = screen.match.state
        await pilot.press("question_mark")
        await settle(pilot, run_steps=False)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot, run_steps=False)
        assert app.screen is screen and screen.stepping
        await pilot.press("escape")
        await settle(pilot, run_steps=False)
        assert isinstance(app.screen, PauseMenu)
        screen.steps_paused = False  # let them run on their own: their timer finds the menu open and waits
        screen._auto_step()
        assert screen.match.state is state and screen.stepping
        await pilot.press("escape")  # resume
        await settle(pilot)
        assert app.screen is screen and not screen.stepping
        assert screen.match.state is not state and not any("new question" in n.message for n in app._notifications)
