"""The Hive screen, driven through Pilot like a player would."""

import random

import pytest

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.hive import HiveScreen
from beegames.ui.widgets.hexboard import HexBoard

from .helpers import quit_to_menu, settle


def hive_match(moves=0, seed=1, expansions="", seats=None):
    engine = get_engine("hive")
    seats = seats or [SeatInfo(name="Ana"), SeatInfo(name="Ben")]
    match = Match.new(engine, options={"expansions": expansions}, seats=seats, seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        match.play(rnd.choice(match.legal_moves()))
    return match


async def test_place_with_letter_tab_and_enter(tmp_path):
    match = hive_match()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HiveScreen)
        await pilot.press("q")  # the Queen may not open the game
        await settle(pilot)
        assert screen.picked is None
        await pilot.press("g")
        await settle(pilot)
        assert screen.picked == "wG1" and len(screen.targets) == 1
        await pilot.press("enter")
        await settle(pilot)
        assert match.history[-1].move == "wG1"
        assert len(list(tmp_path.glob("hive_*.json"))) == 1  # autosaved


async def test_select_board_piece_highlights_destinations_and_moves_by_click(tmp_path):
    match = hive_match()
    for move in ["wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-"]:
        match.play(move)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(HexBoard)
        from beegames.games.hive import hints

        queen = hints.piece_cell(match.state, "wQ")
        board.cursor = queen
        await pilot.press("enter")
        await settle(pilot)
        assert screen.picked == "wQ"
        assert set(screen.targets) and all(isinstance(m, str) for m in screen.targets.values())
        target = sorted(screen.targets)[0]
        expected = screen.targets[target]
        x, y = board.cell_origin(target)
        await pilot.click(HexBoard, offset=(x + 1 + board.gutter.left, y + board.gutter.top))
        await settle(pilot)
        assert match.history[-1].move == expected


async def test_typed_uhp_move_and_illegal_reason(tmp_path):
    match = hive_match()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("colon")
        await pilot.press(*"wQ", "enter")
        await settle(pilot)
        assert match.history == []
        assert any("Queen" in n.message for n in app._notifications)
        await pilot.press("ctrl+a", "ctrl+k")
        await pilot.press(*"wS1", "enter")
        await settle(pilot)
        assert [h.move for h in match.history] == ["wS1"]


async def test_undo_and_vs_computer(tmp_path):
    seats = [SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="easy")]
    match = hive_match(seats=seats)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s", "enter")
        await settle(pilot)
        assert len(match.history) == 2 and match.history[1].seat == 1
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert match.history == []


async def test_whole_flow_menu_new_hive_move_quit_load(saves_dir):
    from textual.widgets import Select

    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        app.screen.query_one("#game", Select).value = "hive"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HiveScreen)
        await pilot.press("a", "enter")
        await settle(pilot)
        await pilot.press("b", "tab", "enter")
        await settle(pilot)
        state, log = screen.match.state, screen.match.state.log
        assert len(screen.match.history) == 2
        await quit_to_menu(pilot)
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, HiveScreen)
        assert app.screen.match.state == state and app.screen.match.state.log == log


async def test_new_game_form_offers_expansion_checkboxes_and_computer_colour(saves_dir):
    from textual.widgets import Checkbox, Select

    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        form.query_one("#game", Select).value = "hive"
        await settle(pilot)
        for letter in "MP":
            form.query_one(f"#opt-expansions-{letter}", Checkbox).value = True
        form.query_one("#kind-0", Select).value = "computer"  # the computer takes White
        form.query_one("#level-0", Select).value = "easy"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, HiveScreen)
        match = app.screen.match
        assert match.options.expansions == "MP"
        assert match.header.seats[0].kind == "computer" and match.history[0].seat == 0
        assert match.decision.seat == 1  # now Black (the human) is to move


async def test_resume_through_cli_load_gives_identical_state_and_log(saves_dir, monkeypatch):
    import beegames.cli as cli

    match = hive_match()
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("g", "enter")
        await settle(pilot)
        await pilot.press("a", "tab", "enter")
        await settle(pilot)
        await quit_to_menu(pilot)
    [path] = saves_dir.glob("hive_*.json")
    opened = {}

    def fake_run_app(args, *, match=None, save_path=None):
        opened.update(match=match, save_path=save_path)
        return 0

    monkeypatch.setattr(cli, "run_app", fake_run_app)
    assert cli.main(["load", str(path)]) == 0
    assert opened["save_path"] == path
    assert opened["match"].state == match.state and opened["match"].state.log == match.state.log
    # and the resumed match opens on the Hive screen and plays on
    app = make_app(saves_dir=saves_dir, match=opened["match"], save_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HiveScreen)
        await pilot.press("s", "tab", "enter")
        await settle(pilot)
        assert len(opened["match"].history) == 3


@pytest.mark.usefixtures("short_idle_guess")
async def test_whole_game_against_the_computer_to_the_end(tmp_path):
    from beegames.ui.screens.modals import GameOverScreen

    seats = [SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="easy")]
    match = hive_match(seats=seats, seed=2)
    engine = match.engine
    me = engine.make_player("greedy", 99)  # picks Ana's moves (one ply, no noise: a short game); typed in UHP
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(400):
            if match.over:
                break
            if app.screen.thinking or match.decision.seat != 0:
                await settle(pilot)
                continue
            move = me.choose(engine, match.state)
            if move == "pass":
                await pilot.press("x")
            else:
                await pilot.press("colon", *move, "enter")
            await settle(pilot)
        await settle(pilot)
        assert match.over
        assert isinstance(app.screen, GameOverScreen)


# -- issue 18 points 9 and 10: one meaning per digit, a cursor with a shape ------------------------


def stacked_match():
    """29 random moves of seed 1: 16 cells on the board, one of them a stack."""
    return hive_match(moves=29, seed=1)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_board_keeps_piece_numbers_and_marks_stack_height_at_every_zoom(tmp_path, size):
    from beegames.games.hive import view
    from beegames.ui.screens.hive import SUPERSCRIPTS, piece_label

    from .helpers import screen_text

    match = stacked_match()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        compact = board.scale == (4, 1)
        assert compact == (size == (80, 24)), board.scale
        text = screen_text(app)
        stacks = 0
        for q, r, stack in view.board_cells(match.state):
            cell = board.cells[(q, r)]
            top = piece_label(stack[-1], True)  # e.g. ⬢S1: the glyph, the letter, the number
            if len(stack) == 1:
                assert cell.label == top and cell.big == top
                assert top in text
            else:
                stacks += 1
                height = SUPERSCRIPTS[len(stack)]
                assert cell.label == top[1:] + height and cell.big == top + height
                assert cell.sub.startswith("on ")
                assert (cell.label if compact else cell.big) in text
        assert stacks, "the position holds a stack"


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_board_cursor_has_a_shape_as_well_as_a_colour(tmp_path, size):
    from .helpers import screen_text

    match = stacked_match()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        board.cursor = next(iter(board.cells))
        await settle(pilot)
        label = board.cells[board.cursor].label if board.scale == (4, 1) else board.cells[board.cursor].big
        assert f"[{label}]" in screen_text(app).replace(" ", ""), "the cursor is drawn in brackets"
        await pilot.press("right")
        await settle(pilot)
        assert board.cursor != next(iter(board.cells)) and screen_text(app).count("[") >= 1


async def test_a_board_bigger_than_its_box_follows_the_cursor_and_pans(tmp_path):
    match = stacked_match()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        assert not board.fits
        for cell in sorted(board.cells, key=lambda h: (h[1], h[0])):
            board.cursor = cell
            await settle(pilot)
            assert board.in_view(cell), cell
        offsets = {board._layout()[2:]}
        for key in ("ctrl+left", "ctrl+right", "ctrl+up", "ctrl+down"):
            for _ in range(3):
                await pilot.press(key)
                offsets.add(board._layout()[2:])
        assert len(offsets) > 2, "Ctrl+arrows pan the board"
        from textual.events import MouseMove, MouseScrollDown, MouseScrollUp

        before = board._layout()[2:]
        for wheel in (MouseScrollDown, MouseScrollUp):
            for _ in range(3):
                await pilot._post_mouse_events([wheel], HexBoard, offset=(10, 5))
            if board._layout()[2:] != before:
                break
        assert board._layout()[2:] != before, "the wheel pans it"
        before = board._layout()[2:]
        for start, end in (((20, 6), (8, 2)), ((8, 2), (20, 6))):
            await pilot.mouse_down(HexBoard, offset=start)
            await pilot._post_mouse_events([MouseMove], HexBoard, offset=end, button=1)
            await pilot.mouse_up(HexBoard, offset=end)
            await settle(pilot)
            if board._layout()[2:] != before:
                break
        assert board._layout()[2:] != before, "so does a drag"
        assert len(match.history) == 29, "and neither plays a move"
        await pilot.press("home")
        await settle(pilot)
        assert board.in_view(board.cursor)


# -- the QA round of the Hive screen (tmp/qa/hive.md): the Pillbug, game over, a steady board -------

#: hot-seat moves to a position where White's Pillbug is pinned between its Dragonfly and Queen Bee
#: (so it cannot move) and Black's Soldier Ant has just come next to it
PINNED_PILLBUG = ["wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", "wP -wQ", "bA1 bQ-", "wD -wP", "bA1 \\wP"]


def pillbug_match():
    match = hive_match(expansions="MLPD")
    for move in PINNED_PILLBUG:
        match.play(move)
    return match


def status_of(app) -> str:
    return " ".join(str(app.screen.query_one("#status").render()).split())


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def put_cursor_and_enter(pilot, board, cell) -> None:
    board.cursor = cell
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_pinned_pillbug_lights_the_pieces_it_can_lift_and_an_enemy_that_just_moved_says_so(tmp_path,
                                                                                                    size):
    from beegames.games.hive import view

    match = pillbug_match()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(HexBoard)
        state = match.state
        # the enemy Ant has just moved next to the Pillbug: that is why it cannot be lifted
        await put_cursor_and_enter(pilot, board, view.piece_cell(state, "bA1"))
        assert screen.picked is None
        assert notices(app)[-1] == "That piece was moved last turn, so your Pillbug cannot lift it this turn."
        assert not any("not yours" in n for n in notices(app))
        # the pinned Pillbug: what it cannot do, and the piece it can lift lit
        dragonfly = view.piece_cell(state, "wD")
        await put_cursor_and_enter(pilot, board, view.piece_cell(state, "wP"))
        assert screen.picked == "wP" and screen.targets == {} and screen.lifts == {dragonfly: "wD"}
        assert board.highlights == {dragonfly} and board.cursor == dragonfly
        status = status_of(app)
        assert "⬢P (Pillbug) cannot move without splitting the hive but can lift ⬢D" in status
        assert not any("That would split the hive" in n for n in notices(app))
        # Enter on the lit piece selects it to be lifted
        await pilot.press("enter")
        await settle(pilot)
        assert screen.picked == "wD" and screen.targets
        assert "by your Pillbug ⬢P lifting it" in status_of(app)
        await pilot.press("escape")
        await settle(pilot)
        assert screen.picked is None
        # a turn later the Ant may be lifted: the status names the lifter
        match.play("wS1 \\wG1")
        match.play("bQ bG1\\")
        screen.refresh_view()
        await put_cursor_and_enter(pilot, board, view.piece_cell(match.state, "bA1"))
        assert screen.picked == "bA1" and screen.targets
        assert "⬡a1 (Soldier Ant), lifted by your Pillbug ⬢P:" in status_of(app)


async def test_the_keys_screen_and_the_rules_summary_say_how_to_lift(tmp_path):
    from beegames.games.hive import view
    from beegames.ui.rules_text import rules_for

    app = make_app(saves_dir=tmp_path, match=pillbug_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert ("Pillbug", view.LIFT_HELP) in app.screen.help_rows()
    app = make_app(saves_dir=tmp_path, match=hive_match())  # no Pillbug in the game: no such line
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert all(key != "Pillbug" for key, _what in app.screen.help_rows())
    summary = " ".join(rules_for("hive", {"expansions": "P"}).split())
    assert "In this app" in summary and "select the piece to be lifted" in summary


async def test_enter_on_an_empty_unlit_space_says_why_nothing_happens(tmp_path):
    app = make_app(saves_dir=tmp_path, match=pillbug_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await put_cursor_and_enter(pilot, app.screen.query_one(HexBoard), (9, 9))
        assert notices(app)[-1].startswith("Nothing to do on an empty space: select a piece first")


async def test_hot_seat_status_names_the_player_who_moved(tmp_path):
    match = hive_match()
    match.play("wG1")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # (Ana's move in words takes two rows with her name: the prompt is said in short rather than her name
        # given up)
        assert status_of(app) == "Ana: Grasshopper 1 placed to start the hive. Ben (Black) to play: a Reserves letter."
        match.play("bG1 wG1-")
        app.screen.refresh_view()
        await settle(pilot)
        assert status_of(app).startswith("Ben: Grasshopper 1 placed right of White's Grasshopper 1. Ana (White)")


def finished_match(seed=2):
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bot", kind="computer", level="easy")]
    match = hive_match(seats=seats, seed=seed)
    engine = match.engine
    while not match.over:
        match.play(engine.make_player("easy", len(match.history)).choose(engine, match.state))
    return match


def footer_keys(app) -> set[str]:
    return {binding.description for (_node, binding, enabled, _tip) in app.screen.active_bindings.values()
            if binding.show and enabled}


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_after_the_game_the_footer_offers_no_dead_keys_and_the_reserves_place_nothing(tmp_path, size):
    from textual.widgets import OptionList

    from .helpers import screen_text

    match = finished_match()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the game-over dialog's "See the board"
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HiveScreen)
        keys = footer_keys(app)
        assert not keys & {"Choose", "Pass", "Type a move"}, keys
        text = screen_text(app)
        assert "Choose" not in text and "Type a move" not in text
        reserve = screen.query_one("#reserve", OptionList)
        assert str(reserve.border_title) == "Reserves"
        await pilot.press("s")  # a reserve letter says why nothing happens
        await settle(pilot)
        assert notices(app)[-1] == "The game is over."
        # taken back, the game is live: the keys come back
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert not match.over
        assert {"Choose", "Pass", "Type a move"} <= footer_keys(app)
        assert "to place" in str(reserve.border_title)


async def test_a_replay_offers_no_choose_key_and_its_last_frame_places_nothing(tmp_path):
    from textual.widgets import OptionList

    from beegames.core import saves

    match = finished_match()
    path = saves.write_save(match, tmp_path / "game.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HiveScreen) and screen.replay is not None
        assert "Choose" not in footer_keys(app)
        reserve = screen.query_one("#reserve", OptionList)
        assert "to place" in str(reserve.border_title)  # the first frame: White places
        await pilot.press("end")
        await settle(pilot)
        assert screen.match.over and str(reserve.border_title) == "Reserves"
        assert "Choose" not in footer_keys(app)


#: 14 random moves of seed 1 (the snapshot's position): at 80x24 its cells fit the large layout
#: exactly, and the Soldier Ant's targets reach past them
async def test_selecting_a_piece_keeps_the_cell_size_and_the_view(tmp_path):
    match = hive_match(moves=14, seed=1, expansions="MLPD")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        scale = board.scale
        assert scale == (6, 2)
        where = {cell: board.cell_origin(cell) for cell in board.cells}
        for keys in (("a",), ("escape",), ("b",), ("escape",)):
            await pilot.press(*keys)
            await settle(pilot)
            assert board.scale == scale, keys
            assert {cell: board.cell_origin(cell) for cell in board.cells} == where, keys


async def test_a_move_that_leaves_the_hive_in_view_does_not_move_it(tmp_path):
    match = hive_match(moves=6, seed=3)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        for _ in range(4):
            before = {cell: board.cell_origin(cell) for cell in board.cells}
            app.screen.submit(random.Random(len(match.history)).choice(match.legal_moves()))
            await settle(pilot)
            if board.fits and all(board.in_view(cell) for cell in board.cells):
                assert {cell: board.cell_origin(cell) for cell in before} == before


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_cursor_in_the_leftmost_column_is_drawn_whole(tmp_path, size):
    from beegames.games.hive import view

    from .helpers import screen_text

    # 12 random moves of seed 2: at 80x24 the hive and the targets of White's first Soldier Ant are
    # exactly as wide as the large layout's box, so its leftmost column was at the very edge (the
    # cursor's "[" cut off)
    match = hive_match(moves=12, seed=2, expansions="MLPD")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        await put_cursor_and_enter(pilot, board, view.piece_cell(match.state, "wA1"))
        assert app.screen.picked == "wA1"
        for cell in sorted(board.highlights | set(board.cells), key=lambda h: board.cell_origin(h)[0])[:3]:
            board.cursor = cell
            await settle(pilot)
            x, _y = board.cell_origin(cell)
            assert x >= 1 and board.in_view(cell), (cell, x)  # the cell, and the column of its "["
            assert "[" in screen_text(app)


async def test_a_board_panned_left_says_more_lies_to_the_left(tmp_path):
    app = make_app(saves_dir=tmp_path, match=stacked_match())
    async with app.run_test(size=(60, 20)) as pilot:  # (the board is bigger than its box here)
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        assert not board.fits
        for _ in range(4):
            await pilot.press("ctrl+right")
            await settle(pilot)
        assert any(board.cell_origin(cell)[0] < 0 for cell in board.cells)
        assert "left" in board.beyond_sides and "◀" in str(board.border_subtitle)


def contrast(style) -> float:
    def luminance(colour) -> float:
        def channel(c: int) -> float:
            c = c / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = colour.get_truecolor()
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

    lighter, darker = sorted((luminance(style.color), luminance(style.bgcolor)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_lit_piece_a_beetle_may_climb_onto_reads_clearly(tmp_path, size):
    from beegames.games.hive import view

    match = hive_match(moves=14, seed=1, expansions="MLPD")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        # a Beetle on the board, some of its targets on top of White's pieces
        beetle = view.piece_cell(match.state, "wB1")
        await put_cursor_and_enter(pilot, board, beetle)
        on_pieces = {cell for cell in board.highlights if cell in board.cells}
        assert on_pieces, "the Beetle may climb"
        sides = set()
        for cell in on_pieces:
            board.cursor = beetle  # (the cursor reverses a cell; look at the lit cells without it)
            await settle(pilot)
            style = board._style(cell, board.cells[cell], board.rich_style)
            assert contrast(style) >= 4.5, (cell, style)
            sides.add(view.top_piece(match.state, cell)[0])
        assert "w" in sides
