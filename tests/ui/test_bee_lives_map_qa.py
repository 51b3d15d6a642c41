"""The Bee Lives map's leftovers at 80×24 (docs/qa/2026-12-04, the "Left" sections): the map's cursor
and the list agree while scouting, wild hives' short names, cut lit cells, a key to the next colony's
tiles before the join."""

from __future__ import annotations

import pytest

from beegames.ui.app import make_app
from beegames.ui.widgets.bee_lives.map import BeeLivesMap, spot_key

from .helpers import settle
from .test_bee_lives_screen import choice_list, new_match

SIZES = [(80, 24), (160, 50)]


def _agree(screen) -> None:
    """The list's highlighted entry stands for the cell under the map's cursor, which is drawn selected."""
    board = screen.query_one(BeeLivesMap)
    entry = choice_list(screen).current.value
    assert spot_key(entry.spot) == spot_key(board.spot_at(board.cursor))
    assert board.picture.selected == board.cursor


@pytest.mark.parametrize("size", SIZES)
async def test_m1_scouting_the_map_s_cursor_and_the_list_stay_on_the_same_space(tmp_path, size):
    """While scouting, moving the map's cursor left the list's highlight where it was: Enter on the map
    scouted one space while the list (and the status) spoke of another."""
    app = make_app(saves_dir=tmp_path, match=new_match(["Amber", "Blue"], seed=11))
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        for key in ("enter", "enter", "s"):  # both queens, then Scout: the spaces in reach
            await pilot.press(key)
            await settle(pilot)
        assert screen.decision().kind == "turn"
        entries = [c.value for c in choice_list(screen).choices]
        assert len(entries) > 2 and all(e.spot is not None and e.spot.space is not None for e in entries)
        _agree(screen)
        # the list moves the cursor
        await pilot.press("down")
        await settle(pilot)
        assert choice_list(screen).highlighted == 1
        _agree(screen)
        # the map's cursor moves the list: to every lit space in turn, by keys
        await pilot.press("m")
        await settle(pilot)
        seen = set()
        for _ in entries:
            await pilot.press("right_square_bracket")
            await settle(pilot)
            _agree(screen)
            seen.add(choice_list(screen).highlighted)
        assert seen == set(range(len(entries)))
        # and the arrows too: from the space on the list's last entry, to any other space
        before = choice_list(screen).highlighted
        board = screen.query_one(BeeLivesMap)
        for key in ("left", "right", "up", "down"):
            await pilot.press(key)
            await settle(pilot)
            if board.spot_at(board.cursor) is not None and choice_list(screen).highlighted != before:
                break
        assert choice_list(screen).highlighted != before
        _agree(screen)
        # Enter on the map scouts the space the list shows
        space = choice_list(screen).current.value.move
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.history[-1].move == space.model_dump()
