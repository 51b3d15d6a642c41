"""The Bee Lives map's selected cell reads (QA 2026-12-04, bl.md leftovers):
the space being scouted ("?", while the tile to keep is chosen) was drawn in
pale yellow on the board's amber, about 4.2:1 in the 256 colours Textual
sends to a terminal without 24-bit colour (tmux, here). Whatever the map
draws selected (that space, or the tile, space or hive a highlighted choice
stands for) keeps its text at 4.5:1 or more (WCAG) in 24-bit and in 256
colours, and stays apart from a scouting space that is only lit. Contrast is
computed as in ``test_hexboard_contrast``."""

import pytest
from rich.color import ColorSystem
from rich.style import Style

from beegames.ui.app import make_app
from beegames.ui.widgets.bee_lives.map import SPACE_STYLE, BeeLivesMap

from .helpers import settle
from .test_bee_lives_screen import kind_is, position
from .test_hexboard_contrast import SYSTEMS, contrast, distance


@pytest.mark.parametrize("system", SYSTEMS, ids=["24-bit", "256"])
async def test_the_selected_scout_space_and_every_selected_cell_read(tmp_path, system: ColorSystem):
    match = position(["Ann"], kind_is("keep"), seeds=range(1, 80))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(BeeLivesMap)
        scouted = board.selected
        assert scouted is not None and board.cells[scouted].label == "?"
        style = board._style(scouted, board.cells[scouted], board.rich_style)
        assert not style.dim and contrast(style, system) >= 4.5, round(contrast(style, system), 2)
        # every other cell, were it the one selected (a highlighted choice's tile, space or hive)
        for cell, view in board.cells.items():
            board.selected = cell
            selected = board._style(cell, view, board.rich_style)
            assert contrast(selected, system) >= 4.5, (view.label, round(contrast(selected, system), 2))
        # a space only lit for scouting looks plainly unlike the selected one
        assert distance(style.bgcolor, Style.parse(SPACE_STYLE).bgcolor, system) > 40
