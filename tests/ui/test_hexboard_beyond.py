"""The shared hex widget marks the sides of its view past which cells lie
(◀ ▶ ▲ ▼), so that a player sees there is more of the board to pan to, in
every game that uses it."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.widgets.bee_lives.map import BeeLivesMap
from beegames.ui.widgets.hexboard import CellView, HexBoard

from .helpers import game_screen, settle


class OneBoard(App[None]):
    CSS = "HexBoard { width: 30; height: 8; }"

    def compose(self) -> ComposeResult:
        yield HexBoard()


def drawn(board: HexBoard) -> list[str]:
    return [board.render_line(y).text for y in range(board.size.height)]


async def test_arrows_mark_the_sides_past_which_cells_lie():
    app = OneBoard()
    async with app.run_test(size=(40, 12)) as pilot:
        board = app.query_one(HexBoard)
        board.show({(q, 0): CellView(label=f"C{q}") for q in range(3)})
        await settle(pilot)
        assert board.fits and board.beyond() == frozenset()
        assert not any(arrow in line for line in drawn(board) for arrow in "◀▶▲▼")
        # a row far longer than the view: the cursor's end is shown, the rest lies to the right
        board.show({(q, 0): CellView(label=f"C{q}") for q in range(20)})
        board.cursor = (0, 0)
        await settle(pilot)
        assert not board.fits and board.beyond() == frozenset({"right"})
        middle = drawn(board)[board.size.height // 2]
        assert middle.endswith("▶") and "◀" not in middle
        board.pan(12, 0)
        await settle(pilot)
        assert board.beyond() == frozenset({"left", "right"})
        middle = drawn(board)[board.size.height // 2]
        assert middle.startswith("◀") and middle.endswith("▶")
        # a column taller than the view: ▲ / ▼ in the middle of the first and last lines
        board.show({(0, r): CellView(label=f"R{r}") for r in range(12)})
        board.cursor = (0, 0)
        await settle(pilot)
        lines = drawn(board)
        assert "down" in board.beyond() and lines[-1][board.size.width // 2] == "▼"
        assert "up" not in board.beyond() and "▲" not in lines[0]


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_bee_lives_map_says_where_the_other_colonies_tiles_lie(tmp_path, size):
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
        text = "\n".join(drawn(board))
        if size == (160, 50):  # the three groups side by side, all in view
            assert board.fits and board.beyond() == frozenset() and not any(a in text for a in "◀▶▲▼")
        else:  # at 80×24 one group shows, and the arrows point at the others
            assert not board.fits and board.beyond() and any(a in text for a in "◀▶▲▼")
