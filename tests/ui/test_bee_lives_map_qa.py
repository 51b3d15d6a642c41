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


def test_m2_every_wild_hive_has_a_short_name_of_its_own():
    """The view names each wild hive in at most five characters for the map's small cells, each unlike the
    others; a name that fits stays whole."""
    from beegames.games.bee_lives.data import game_data
    from beegames.games.bee_lives.view import wild_short_names

    names = list(game_data().wild.names)
    short = wild_short_names(names)
    assert short == ["ACORN", "DAND.", "MUSH.", "APPLE", "SPID.", "CLOV.", "THIS.", "WILL."]
    assert wild_short_names(["DANDELION", "DANDELIONS", "DANDY"]) == ["DAND.", "DANS.", "DANDY"]
    for some in (names, ["MUSHROOM", "MUSHY", "MUSHROOMS", "MUSHROOMED"]):
        short = wild_short_names(some)
        assert len(set(short)) == len(short) and all(len(s) <= 5 and "…" not in s for s in short)


@pytest.mark.parametrize("size", SIZES)
async def test_m2_a_wild_hive_reads_whole_on_the_map_by_its_short_name(tmp_path, size):
    """At 80×24 a wild hive's name was cut in its cell ("DANDE…"), and cut otherwise where a token of it lay
    ("○DAND…") or its strength reached 10 ("10 DAN"): a newcomer could not tell which hive was which. The map
    now shows the view's short name ("DAND."), the same in every cell; the list and the log name it whole, and
    the wild hives' board gives the whole name beside its tile."""
    from beegames.games.bee_lives import view as blview
    from beegames.games.bee_lives.models import RaidMove

    from .test_bee_lives_screen import list_text, position, region_text, turn

    def long_wild_raidable(m) -> bool:
        return turn(m) and any(isinstance(x, RaidMove) and x.target[0] == "w"
                               and len(m.state.wild[int(x.target[1:])].name) > 5 for x in m.legal_moves())

    match = position(["Ann"], long_wild_raidable, harder=True)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        st = screen.st
        shorts = blview.wild_short_names([w.name for w in st.wild])
        idx = next(int(x.target[1:]) for x in match.legal_moves() if isinstance(x, RaidMove) and x.target[0] == "w"
                   and len(st.wild[int(x.target[1:])].name) > 5)
        wild, short = st.wild[idx].name, shorts[idx]
        board = screen.query_one(BeeLivesMap)
        cell = next(c for c, s in board.picture.spots.items() if s.kind == "tile" and s.tile == st.wild[idx].tile)
        view = board.picture.cells[cell]
        if size == (80, 24):
            assert short in (view.big, view.sub) and "…" not in view.big + view.sub
            assert board.in_view(cell)
            assert short in region_text(app, board)
        else:
            assert wild in view.tall
        await pilot.press("r")  # the raids: the list names the hive whole
        await settle(pilot)
        assert f"the {wild} wild hive" in list_text(choice_list(screen))
        assert any(wild in line for line in screen.seen.log) and not any(short in line for line in screen.seen.log)


def test_m2_the_short_name_is_the_same_in_every_small_cell():
    """A strong wild hive (10 or more) and a tile holding its forage token show the same short name, whole."""
    from beegames.games.bee_lives.view import GroupInfo, TileInfo
    from beegames.ui.widgets.bee_lives.map import Names, draw_map

    tiles = [TileInfo(id=0, name="B12", kind="bloom", q=0, r=0, hive="w1", foragers=[], forage_tokens=[],
                      raid_tokens=[], yields=(1, 1, 0)),
             TileInfo(id=1, name="H3", kind="harvest", q=1, r=0, hive=None, foragers=[], forage_tokens=[1],
                      raid_tokens=[], yields=(1, 1, 0)),
             TileInfo(id=2, name="W4", kind="wilt", q=0, r=1, hive="w2", foragers=[], forage_tokens=[],
                      raid_tokens=[], yields=(1, 1, 0))]
    names = Names(seats=["Ann"], colours=["#fff"], wild=["ACORN", "DANDELION", "MUSHROOM"])
    pic = draw_map([GroupInfo(group=0, tiles=tiles, seats=[])], names, width_cells=6, strengths={1: 11, 2: 3})
    lines = {spot.tile: (pic.cells[c].big, pic.cells[c].sub) for c, spot in pic.spots.items() if spot.kind == "tile"}
    assert lines[0] == ("◆DAND.", "B12 11")
    assert lines[1][1] == "○DAND."
    assert lines[2] == ("◆W4 3", "MUSH.")
    assert all(len(line) <= 6 and "…" not in line for pair in lines.values() for line in pair)
