"""The Bee Lives map's leftovers at 80×24 (docs/qa/2026-12-04, the "Left" sections): the map's cursor
and the list agree while scouting, wild hives' short names, cut lit cells, a key to the next colony's
tiles before the join."""

from __future__ import annotations

import pytest

from beegames.ui.app import make_app
from beegames.ui.widgets.bee_lives.map import BeeLivesMap, spot_key
from beegames.ui.widgets.hexboard import CellView

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


async def test_m3_a_lit_cell_cut_by_the_view_s_edge_still_shows_its_mark():
    """A cell cut by the view's edge shows none of its text (a few letters would be misread), so a lit join
    place ("·") or scout space ("+") past the edge showed as a bare patch of colour. A lit cell keeps its
    one-character mark there, once, in what shows of it; an unlit one and a tile's name still show nothing."""
    from .test_hexboard_view import Boards, MapLike, board_lines

    cells, lit = {}, set()
    for q in range(-9, 9):
        for r in range(9):
            kind = (q + 2 * r) % 3
            if kind == 0:
                cells[(q, r)] = CellView(big="·", cut="·")
                lit.add((q, r))
            elif kind == 1:
                cells[(q, r)] = CellView(big="+", sub="scout", cut="+")
                lit.add((q, r))
            else:
                cells[(q, r)] = CellView(big=f"N{q + 9}.{r}", sub="tile")
    lit.add((9, 0))  # a lit empty cell: the board's dot
    board = MapLike()
    async with Boards(board).run_test(size=(80, 24)) as pilot:
        board.show(cells, highlights=lit)
        board.focus()
        await settle(pilot)
        cw, rh = board.scale
        checked = 0
        for key in ["ctrl+left", "ctrl+up", "ctrl+right", "ctrl+right", "ctrl+down", "ctrl+down", "ctrl+right"]:
            await pilot.press(key)
            await settle(pilot)
            lines = board_lines(board)
            for h in [*cells, (9, 0)]:
                x, y = board.cell_origin(h)
                cols = range(max(0, x), min(board.size.width, x + cw - 1))
                rows = range(max(0, y), min(board.size.height, y + rh))
                whole = x >= 0 and x + cw - 1 <= board.size.width and y >= 0 and y + rh <= board.size.height
                if whole or not cols or not rows:
                    continue
                shown = "".join(lines[row][col] for row in rows for col in cols).replace("[", "").replace("]", "")
                view = cells.get(h)
                want = "·" if view is None else view.cut
                assert shown.strip() == (want if h in lit else ""), (key, h, shown)
                checked += 1
        assert checked > 20


def _shown(board, cell) -> tuple[bool, str]:
    """Whether ``cell`` is cut by the view's edge, and the text that shows of it."""
    from .test_hexboard_view import board_lines

    cw, rh = board.scale
    x, y = board.cell_origin(cell)
    width, height = board.size.width, board.size.height
    lines = board_lines(board)
    text = "".join(lines[row][col] for row in range(max(0, y), min(height, y + rh))
                   for col in range(max(0, x), min(width, x + cw - 1)))
    return not (x >= 0 and x + cw - 1 <= width and y >= 0 and y + rh <= height), text


@pytest.mark.parametrize("size", SIZES)
async def test_m3_a_join_place_cut_by_the_map_s_edge_shows_its_dot(tmp_path, size):
    """Two colonies, seed 23, choosing where their tiles touch: at 80×24 the map is taller than its view and
    the places along its bottom are cut. Each still shows its "·" (its colour alone did not say it was a
    choice); no tile's name is cut."""
    from .test_bee_lives_screen import position
    from .test_hexboard_view import cut_words

    match = position(["Ann", "Bob"], lambda m: m.decision.kind == "join_place", seeds=[23])
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one(BeeLivesMap)
        places = [c for c, s in board.picture.spots.items() if s.kind == "place"]
        shown = [_shown(board, c) for c in places]
        cut = [text for is_cut, text in shown if is_cut and text]
        assert all("·" in text for _is_cut, text in shown if text), shown
        if size == (80, 24):
            assert cut_words(board, board.cells) == []  # (the two-line cells' words)
            assert cut and all(text.strip() == "·" for text in cut)


@pytest.mark.parametrize("size", SIZES)
async def test_m4_before_the_join_a_key_shows_each_colony_s_tiles_in_turn(tmp_path, size):
    """Three colonies, seed 11, in April: their tiles lie apart, and at 80×24 the others' were reached only
    by panning. ``g`` ("Groups", as the map's title counts them; in the footer and the keys screen,
    remapped here to ``j`` by the keymap) brings the next colony's tiles into view, its hive first, then
    the next, then back to one's own."""
    from .helpers import screen_text
    from .test_bee_lives_screen import position

    match = position(["Ann", "Bob", "Cy"], lambda m: m.decision.kind == "turn" and m.state.month >= 2
                     and len({t.group for t in m.state.tiles}) > 1, seeds=[11])
    (tmp_path / "keymap.toml").write_text('[bl]\ngroup = "j"\n')
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        st = screen.st
        board = screen.query_one(BeeLivesMap)
        assert "j Groups" in screen_text(app).splitlines()[-1]
        hives = {spot.tile: cell for cell, spot in board.picture.spots.items() if spot.kind == "tile"}
        order = sorted(range(3), key=lambda seat: st.tiles[st.players[seat].hive].group)
        me = match.decision.seat
        seen = []
        for _ in range(3):
            await pilot.press("j")
            await settle(pilot)
            seat = next(s for s in order if board.group_shown == st.tiles[st.players[s].hive].group)
            assert board.in_view(hives[st.players[seat].hive])
            seen.append(seat)
        assert sorted(seen) == [0, 1, 2] and seen[-1] == me
        if size == (80, 24):
            assert not board.fits  # (panned: the map is bigger than its view)
        assert any(key == "j" and "the map shows the next colony's tiles" in what for key, what in screen.help_rows())


@pytest.mark.parametrize("size", SIZES)
async def test_m1_joining_the_map_s_cursor_and_the_list_stay_on_the_same_place(tmp_path, size):
    """Choosing where the tiles touch (seed 23): the cursor moved onto a place ("·", by ] or the arrows)
    highlights that place in the list, whose preview puts the hive there; the cursor stays on the hive
    (the map may be laid out anew around the preview), and Enter confirms the place the list shows."""
    from .test_bee_lives_screen import position

    match = position(["Ann", "Bob"], lambda m: m.decision.kind == "join_place", seeds=[23])
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        board = screen.query_one(BeeLivesMap)
        await pilot.press("m")
        await settle(pilot)
        seen = set()
        for key in ["right_square_bracket"] * 4 + ["left", "up", "right_square_bracket"]:
            await pilot.press(key)
            await settle(pilot)
            spot = board.spot_at(board.cursor)
            if key != "right_square_bracket" and (spot is None or spot.kind != "place"):
                continue  # (an arrow onto no place: the list stays)
            entry = choice_list(screen).current.value
            assert board.picture.cell_for(spot_key(entry.spot)) == board.cursor == board.picture.landing, key
            seen.add(choice_list(screen).highlighted)
        assert len(seen) >= 3
        place = choice_list(screen).current.value.move
        await pilot.press("enter")
        await settle(pilot)
        assert any(h.move == place.model_dump() for h in screen.match.history)


@pytest.mark.parametrize("size", SIZES)
async def test_m1_joining_the_bracket_key_visits_every_place_once_in_the_list_s_order(tmp_path, size):
    """Joining (seed 23), each place's preview lays the map out anew, so ] stepping by the cells' rows jumped
    about and could come back to a place before reaching the others; it follows the list's order now: each
    press highlights the next place, every place once, then round again, and [ goes back."""
    from beegames.games.bee_lives.models import PlaceMove

    from .test_bee_lives_screen import position

    match = position(["Ann", "Bob"], lambda m: m.decision.kind == "join_place", seeds=[23])
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        cl = choice_list(screen)
        places = [i for i, c in enumerate(cl.choices) if isinstance(getattr(c.value, "move", None), PlaceMove)]
        assert len(places) >= 3
        await pilot.press("m")
        await settle(pilot)
        start = cl.highlighted
        seen = []
        for _ in places:
            await pilot.press("right_square_bracket")
            await settle(pilot)
            seen.append(cl.highlighted)
            board = screen.query_one(BeeLivesMap)
            assert board.picture.cell_for(spot_key(cl.current.value.spot)) == board.cursor == board.picture.landing
        k = places.index(start)
        assert seen == [places[(k + 1 + j) % len(places)] for j in range(len(places))]
        await pilot.press("left_square_bracket")
        await settle(pilot)
        assert cl.highlighted == places[(k - 1) % len(places)]


async def test_at_the_top_of_a_turn_the_bracket_key_still_visits_the_lit_cells(tmp_path):
    """At the top of a turn the lit cells (tiles to forage, hives to raid, spaces to scout) stand for choices
    inside the list's groups, not for its rows: there ] goes on stepping from lit cell to lit cell."""
    from .test_bee_lives_screen import position, turn

    match = position(["Ann"], lambda m: turn(m) and m.state.month >= 4 and len(m.state.tiles) >= 6)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        board = screen.query_one(BeeLivesMap)
        assert len(board.picture.highlights) >= 2 and not board.picture.stepped_by_list
        await pilot.press("m")
        await settle(pilot)
        seen = set()
        for _ in board.picture.highlights:
            await pilot.press("right_square_bracket")
            await settle(pilot)
            assert board.cursor in board.picture.highlights
            seen.add(board.cursor)
        assert seen == board.picture.highlights
