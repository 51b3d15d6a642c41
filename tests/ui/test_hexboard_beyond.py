"""The shared hex widget says which way more of the board lies when it does
not fit its view ("more ◀ ▼ · Ctrl+arrows"): in its bottom border where it
has one (Hive, the Bee Lives map), else through its screen (the Honey Buzz
hive's title line)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.widgets.bee_lives.map import BeeLivesMap
from beegames.ui.widgets.hexboard import CellView, HexBoard

from .helpers import game_screen, screen_text, settle


class OneBoard(App[None]):
    CSS = "HexBoard { width: 30; height: 10; }"

    def compose(self) -> ComposeResult:
        yield HexBoard()


async def test_the_border_says_which_way_more_of_the_board_lies():
    app = OneBoard()
    async with app.run_test(size=(40, 12)) as pilot:
        board = app.query_one(HexBoard)
        board.show({(q, 0): CellView(label=f"C{q}") for q in range(3)})
        await settle(pilot)
        assert board.fits and board.beyond() == frozenset() and not board.border_subtitle
        # a row far longer than the view: the cursor's end is shown, the rest lies to the right
        board.show({(q, 0): CellView(label=f"C{q}") for q in range(20)})
        board.cursor = (0, 0)
        await settle(pilot)
        assert not board.fits and board.beyond() == frozenset({"right"}) == board.beyond_sides
        assert board.border_subtitle == "more ▶ · Ctrl+arrows"
        assert "more ▶ · Ctrl+arrows" in screen_text(app)  # drawn in the border
        board.pan(12, 0)
        await settle(pilot)
        assert board.border_subtitle == "more ◀ ▶ · Ctrl+arrows"
        await pilot.press("ctrl+left", "ctrl+left", "ctrl+left", "ctrl+left")
        await settle(pilot)
        assert board.border_subtitle == "more ▶ · Ctrl+arrows"
        # a column taller than the view
        board.show({(0, r): CellView(label=f"R{r}") for r in range(12)})
        board.cursor = (0, 0)
        await settle(pilot)
        assert board.border_subtitle == "more ▼ · Ctrl+arrows"
        board.show({(0, r): CellView(label=f"R{r}") for r in range(2)})
        await settle(pilot)
        assert not board.border_subtitle


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_bee_lives_map_says_where_the_other_colonies_tiles_lie(tmp_path, size):
    seats = [SeatInfo(name=n) for n in ("Amber", "Blue", "Clover")]
    match = Match.new(get_engine("bee-lives"), seats=seats, seed=7)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        while app.screen is not screen:  # a hand-off first
            await pilot.press("enter")
            await settle(pilot)
        board = screen.query_one(BeeLivesMap)
        if size == (160, 50):  # the three groups side by side, all in view
            assert board.fits and not board.beyond() and "more" not in str(board.border_subtitle)
        else:  # at 80×24 one group shows, and the border says where the others are
            assert not board.fits and board.beyond()
            assert board.border_subtitle == HexBoard.beyond_text(board.beyond())
            assert HexBoard.beyond_text(board.beyond()) in screen_text(app)


async def test_the_honey_buzz_hive_says_it_on_its_title_line(tmp_path):
    from .test_honey_buzz_screen import _mid_solo, ready

    app = make_app(saves_dir=tmp_path, match=_mid_solo())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        hexmap = app.screen.query_one("#hb-map", HexBoard)
        assert not hexmap.fits and hexmap.beyond()
        head = next(line for line in screen_text(app).splitlines() if "Ann's hive" in line)
        assert HexBoard.beyond_text(hexmap.beyond(), short=True) in head, head
