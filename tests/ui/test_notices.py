"""The undo's notice is short and goes with the next move (QA 2026-12-04, wd.md #9).

"Took back …" stayed up about 6 s at 80x24 over the log and the hand, well into the
night. Now it is up for 3 s at most, two lines tall (every notice is drawn without a
blank line above and below its text), and taken down as soon as a move is played.
"""

from textual.widgets._toast import Toast

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app

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
        assert toasts and all(toast.region.height <= 2 for toast in toasts), [t.region for t in toasts]
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
