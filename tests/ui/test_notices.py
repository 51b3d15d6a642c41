"""The undo's notice is short and goes with the next move (QA 2026-12-04, wd.md #9).

"Took back …" stayed up about 6 s at 80x24 over the log and the hand, well into the
night. Now it is up for 3 s at most and taken down as soon as a move is played. Every
notice is drawn without a blank line above and below its text, as wide as the side
panel at 80 columns (the status line and the hand beside it stay whole), and whole:
its last line never falls under the footer.
"""

import pytest
from rich.text import Text
from textual.widgets._toast import Toast

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.widgets.footer import Footer

from .helpers import game_screen, settle


def took_back(app):
    return [n for n in app._notifications if n.message.startswith("Took back:")]


async def test_the_undo_notice_is_short_and_goes_with_the_next_move(tmp_path):
    match = Match.new(get_engine("waggle-dance"),
                      seats=[SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="random")], seed=5)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        game = game_screen(app)
        game.submit(game.seen.moves[0])  # Ana's die; the computer's follows
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        [note] = took_back(app)
        assert note.timeout <= 3
        assert "the computer's " in note.message and " 1 move" not in note.message
        toasts = list(app.screen.query(Toast))
        assert toasts and all(toast.region.height <= 3 for toast in toasts), [t.region for t in toasts]
        assert all(toast.region.x >= 44 for toast in toasts), "the board's side of the screen stays whole"
        # the next move takes it down
        assert game.my_decision()
        game.submit(game.seen.moves[0])
        await settle(pilot)
        assert not took_back(app)


async def test_a_refusal_goes_with_the_next_move(tmp_path):
    """A "Not allowed" notice is stale once a move has been played."""
    match = Match.new(get_engine("hive"), seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=1)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        game = game_screen(app)
        game.submit_text("wQ")  # the Queen may not open the game
        await settle(pilot)
        assert [n.title for n in app._notifications] == ["Not allowed"]
        game.submit_text("wG1")
        await settle(pilot)
        assert not list(app._notifications)


@pytest.mark.parametrize("size", [(80, 24), (81, 24), (160, 50)])
async def test_a_notice_is_shown_whole(tmp_path, size):
    """Whatever its length, every line of a notice is on the screen, above the footer."""
    match = Match.new(get_engine("hive"), seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=1)
    app = make_app(saves_dir=tmp_path, match=match)
    words = "No Pillbug left in your reserve; the game goes on with what is on the board and nothing else".split()
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(Footer)
        for count in range(1, len(words) + 1):
            message = " ".join(words[:count]) + "."
            app.clear_notifications()
            app.notify(message)
            await settle(pilot)
            [toast] = app.screen.query(Toast)
            lines = Text(message).wrap(app.console, toast.content_region.width)
            assert toast.content_region.height >= len(lines), (message, toast.region)
            assert toast.region.bottom <= footer.region.y, (message, toast.region, footer.region)
