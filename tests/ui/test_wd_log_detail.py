"""At 80x24 the side log shows each log line's headline only; the whole log (Ctrl+L) shows the
detail under it (here the game's end condition, the detail of its opening line)."""

from __future__ import annotations

from rich.text import Text

from beegames.core.protocol import SeatInfo
from beegames.ui.app import make_app
from beegames.ui.screens.modals import LogScreen
from beegames.ui.widgets.waggle_dance.log import TailLog

from .helpers import screen_text
from .test_waggle_dance_screen import drain, keys, new_match, solo_match, take_keyboard

SIZE = (80, 24)
DETAIL = "It ends after the round in which someone reaches 5 honey"


async def whole_log_top(pilot, app) -> str:
    """Open the whole log (Ctrl+L), go to its top (Home): the text on the terminal then."""
    await keys(pilot, "ctrl+l")
    await drain(pilot, layout=True)
    assert isinstance(app.screen, LogScreen)
    await keys(pilot, "home")
    await drain(pilot, layout=True)
    return screen_text(app)


async def test_the_side_log_shows_headlines_and_the_whole_log_their_details(tmp_path):
    match = solo_match(seed=3, threats=True)
    assert any(DETAIL in line for line in match.state.log)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_keyboard(pilot, app)
        log = screen.query_one(TailLog)
        assert log._tail and not any("\n" in line for line in log._tail)
        assert any(line.startswith("Waggle Dance: solo game against Bumblebot") for line in log._tail)
        assert "Last:" in screen_text(app) and DETAIL not in screen_text(app)
        assert "It ends after the round in which" in await whole_log_top(pilot, app)


async def test_2014_the_side_log_counts_the_queen_bee_deck_and_the_whole_log_names_its_kinds(tmp_path):
    """2014: the setup's Queen Bee line is a headline in the side log (how many cards, of how many
    kinds: within three of its rows), the kinds its detail in the whole log."""
    match = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob", kind="computer", level="basic")], 3,
                      ruleset="2014")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_keyboard(pilot, app)
        log = screen.query_one(TailLog)
        deck = next(line for line in log._tail if line.startswith("This game's Queen Bee deck: "))
        assert deck.endswith("cards of 10 kinds.") and "Shift Change" not in deck
        assert len(Text(deck).wrap(app.console, log.scrollable_content_region.width)) <= 3
        assert "The kinds: " in await whole_log_top(pilot, app)
