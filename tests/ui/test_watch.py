"""A game with no seat of a person's is watched: the computer's moves come at a
pace, each drawn before the next is thought of, and the keys pause it, play one
move while paused, or play on to the end.

No test here waits on the clock. The pace is a class attribute
(``StepKeys.WATCH_DELAY``, set by the ``watch_pace`` fixture): an hour long, its
timer never fires during a test, so only the keys (and the timer's own callback,
called by hand) move the game; every wait is ``settle``.
"""

from __future__ import annotations

from typing import Any

import pytest

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.modals import GameOverScreen, HelpScreen
from beegames.ui.screens.steps import WatchBar

from .helpers import game_screen, quit_to_menu, screen_text, settle

#: longer than any test: the pace's timer never fires while one runs
HOUR = 3600.0
GAMES = ("hive", "bee-lives", "honey-buzz", "waggle-dance")


def watched(game: str, seed: int = 3) -> Match[Any, Any]:
    """A new two-seat game of ``game`` with the computer on both seats."""
    level = "easy" if game == "hive" else "random"
    return Match.new(get_engine(game), seed=seed,
                     seats=[SeatInfo(name=name, kind="computer", level=level) for name in ("Ann", "Bob")])


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


def bar(screen) -> str:
    return str(screen.query_one(WatchBar).render())


async def to_the_end(pilot) -> None:
    """Settle until the game-over dialog is up (Space plays the moves one after another)."""
    for _ in range(100):
        await settle(pilot)
        if isinstance(pilot.app.screen, GameOverScreen):
            return
    raise AssertionError("the watched game did not reach its end")


async def test_the_pace_holds_the_moves_back_and_n_plays_one_while_paused(tmp_path, watch_pace):
    watch_pace(HOUR)
    match = watched("hive")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.watching and not match.over
        assert len(match.history) <= 1, "the pace holds the computer's moves back"
        assert not screen.thinking and screen._watch_timer is not None  # the next move waits for its time
        assert "Watching: the computer plays. p: pause · space: to the end · esc: menu" in screen_text(app)
        assert "p Pause" in footer(app) and "space To the end" in footer(app) and "n Next" not in footer(app)
        await pilot.press("p")
        await settle(pilot)
        assert screen.steps_paused and screen._watch_timer is None
        assert "Watching, paused. n: next move · p: resume · space: to the end" in screen_text(app)
        assert "p Resume" in footer(app) and "n Next" in footer(app) and "space To the end" in footer(app)
        for _ in range(3):
            before = len(match.history)
            await pilot.press("n")
            await settle(pilot)
            assert len(match.history) == before + 1, "n plays exactly one move"
            assert screen.steps_paused and not screen.thinking
            # each move is drawn before the next is thought of: the status line says it (in the Moves box's words)
            words = match.history[-1].text.split(" (", 1)[1].rstrip(")")
            assert f"{words}." in str(screen.query_one("#status").render())
        await pilot.press("p")  # resumed: the next move waits for the pace again
        await settle(pilot)
        assert not screen.steps_paused and screen._watch_timer is not None
        assert "p Pause" in footer(app)


async def test_space_plays_on_to_the_end_and_the_game_over_dialog_comes(tmp_path, watch_pace):
    watch_pace(HOUR)
    match = watched("hive")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert not match.over
        await pilot.press("space")
        await to_the_end(pilot)
        assert match.over and "Game over" in screen_text(app)
        await pilot.press("escape")  # "See the board"
        await settle(pilot)
        assert app.screen is screen
        assert "Watched to the end" in bar(screen)
        assert not {"watch_pause", "watch_end", "watch_next"} & {a.binding.action for a in
                                                                  screen.active_bindings.values()}


async def test_bee_lives_watched_plays_its_steps_and_moves_to_the_end(tmp_path, watch_pace):
    """A game with automatic steps: paused, n takes a step or a move; Space runs all of them."""
    watch_pace(HOUR)
    match = watched("bee-lives")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("p")
        await settle(pilot, run_steps=False)
        assert screen.steps_paused
        for _ in range(3):
            before = (len(match.history), match.state)
            await pilot.press("n")
            await settle(pilot, run_steps=False)
            assert (len(match.history), match.state) != before and len(match.history) <= before[0] + 1
        await pilot.press("space")
        await to_the_end(pilot)
        assert match.over and "Game over" in screen_text(app)


async def test_nothing_moves_behind_a_dialog(tmp_path, watch_pace):
    watch_pace(HOUR)
    match = watched("hive")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        before = len(match.history)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        rows = dict(app.screen.rows())
        assert "pause or resume; one move while paused; on to the end at once" in rows["p / n / Space"]
        screen._watch_due()  # the pace's time comes while the keys are open: nothing is thought of
        await settle(pilot)
        assert not screen.thinking and len(match.history) == before
        move = match.computer_move()
        screen._computer_moved(match.state, move)  # a move thought of before the dialog opened: held
        await settle(pilot)
        assert len(match.history) == before
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert len(match.history) == before + 1, "the held move comes once the dialog closes, and only it"
        assert screen._watch_timer is not None


async def test_undo_says_why_not_and_a_save_resumes_paused(tmp_path, watch_pace):
    watch_pace(HOUR)
    match = watched("hive")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("p", "n")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert len(match.history) == 2
        assert "Undo" not in footer(app)
        await pilot.press("u")
        await settle(pilot)
        assert len(match.history) == 2
        assert any("A watched game takes nothing back" in n.message for n in app._notifications)
        await pilot.press("escape")  # the menu's Undo is dim and says why
        await settle(pilot)
        undo = app.screen.query_one("#undo")
        assert undo.disabled and "a watched game takes nothing back" in str(undo.label)
        # (QA replay-review 2026-12-05: at 80x24 the label was cut after "takes"; it wraps, drawn whole)
        drawn = " ".join(" ".join(row[undo.region.x:undo.region.right] for row in
                                  screen_text(app).splitlines()[undo.region.y:undo.region.bottom]).split())
        assert drawn == "Undo last move (a watched game takes nothing back)", drawn
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("p")  # watching again when it is left: a save opened later starts paused all the same
        await settle(pilot)
        await quit_to_menu(pilot)
        await pilot.press("c")  # continue the last game
        await settle(pilot)
        again = game_screen(app)
        assert again is not None and again is not screen
        assert len(again.match.history) == 2 and again.steps_paused and again.watching
        assert "Watching, paused." in bar(again) and "p Resume" in footer(app)
        await pilot.press("n")
        await settle(pilot)
        assert len(again.match.history) == 3


async def test_a_game_with_a_person_is_unchanged(tmp_path, watch_pace):
    """The computer's reply comes as soon as it is thought of, whatever the watched games' pace."""
    watch_pace(HOUR)
    match = Match.new(get_engine("hive"), seed=3,
                      seats=[SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="easy")])
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert not screen.watching and not screen.query(WatchBar)
        assert not {"watch_pause", "watch_resume", "watch_next", "watch_end", "watch_undo"} & {
            a.binding.action for a in screen.active_bindings.values()}
        assert screen.submit(screen.seen.moves[0])
        await settle(pilot)
        assert len(match.history) == 2, "the computer replied at once"
        assert "Watching" not in screen_text(app) and screen.active_bindings["u"].binding.action == "undo"


@pytest.mark.parametrize("game", GAMES)
async def test_the_footer_and_the_bar_name_the_keys_at_80x24(tmp_path, watch_pace, game):
    watch_pace(HOUR)
    app = make_app(saves_dir=tmp_path, match=watched(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        text = screen_text(app)
        assert "Watching: the computer plays. p: pause · space: to the end · esc: menu" in text.splitlines()[1]
        assert "p Pause" in footer(app) and "space To the end" in footer(app)
        await pilot.press("p")
        await settle(pilot)
        last = footer(app)
        assert "p Resume" in last and "n Next" in last and "space To the end" in last
        shown = [f"{app.get_key_display(a.binding)} {a.binding.description}" for a in screen.active_bindings.values()
                 if a.binding.show and a.node is screen]
        assert all(key in last for key in shown), f"the footer is cut: {last!r} of {shown}"
        assert "Watching, paused. n: next move · p: resume · space: to the end · esc: menu" in screen_text(app)


async def test_the_watched_keys_follow_the_keymap(tmp_path, watch_pace):
    watch_pace(HOUR)
    (tmp_path / "keymap.toml").write_text('[game]\npause_steps = "z"\nrun_steps = "j"\n', encoding="utf-8")
    match = watched("hive")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert "z Pause" in footer(app) and "j To the end" in footer(app)
        assert "z: pause · j: to the end" in bar(screen)
        await pilot.press("z")
        await settle(pilot)
        assert screen.steps_paused and "z: resume" in bar(screen)
        await pilot.press("j")
        await to_the_end(pilot)
        assert match.over


def test_every_game_screen_keeps_its_own_keys_beside_the_watched_games():
    """A watched game's keys share Space, p, n and u with the steps' keys and the undo: every game
    screen keeps both (a screen binding one of those keys itself keeps its own and gets the watch's)."""
    from beegames.ui.screens.bee_lives import BeeLivesScreen
    from beegames.ui.screens.game import GameScreen
    from beegames.ui.screens.hive import HiveScreen
    from beegames.ui.screens.honey_buzz import HoneyBuzzScreen
    from beegames.ui.screens.waggle_dance import WaggleDanceScreen

    for cls in (GameScreen, HiveScreen, BeeLivesScreen, HoneyBuzzScreen, WaggleDanceScreen):
        actions = {key: [b.action for b in found] for key, found in cls._merged_bindings.key_to_bindings.items()}
        # (and a replay's refusal, which says why a replay takes nothing back)
        assert actions["u"] == actions["ctrl+z"] == ["undo", "replay_undo_off", "watch_undo"], cls
        # (Honey Buzz's p and n say what they are for where they have nothing to do: an idle binding between)
        idle = [a for a in actions["p"] + actions["n"] if a.startswith("idle_key")]
        assert [a for a in actions["p"] if a not in idle] == ["toggle_steps", "watch_pause", "watch_resume"], cls
        assert [a for a in actions["n"] if a not in idle] == ["next_step", "watch_next"], cls
        assert actions["p"][0] == "toggle_steps" and actions["n"][0] == "next_step", cls
        assert actions["space"][0] == "run_steps" and actions["space"][-1] == "watch_end", cls
