"""A newcomer's play-test of Hive at 80x24, by keys: what was found cut off,
unsaid or misleading, and is now whole (the status of a long selection, a
Dragonfly's carry, a piece that can go nowhere, the pass, the hint's reason,
the keys and rules windows that scroll)."""

from __future__ import annotations

from dataclasses import replace

from textual.containers import VerticalScroll
from textual.widgets import Static

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.hive import view
from beegames.ui.app import make_app
from beegames.ui.screens.hive import HiveScreen
from beegames.ui.screens.modals import ConfirmScreen, HelpScreen, RulesSummaryScreen
from beegames.ui.widgets.coach import CoachPanel
from beegames.ui.widgets.hexboard import TALL, HexBoard

from .helpers import screen_text, settle

#: the hot-seat game of the play-test (every extra piece); see tests/hive/test_newcomer_words.py
CARRY_GAME = ["wS1", "bP \\wS1", "wQ wS1-", "bM bP/", "wL wQ\\", "bQ bM-", "wA1 wL/", "bD bQ-", "wP wA1-",
              "bD bM\\", "wP wA1/", "bG1 bQ/", "wP bQ\\", "wS1 /bP", "wA1 \\bG1", "bM bP\\", "wL bG1\\",
              "bA1 \\bP", "wA1 -bG1", "bD wA1", "wA2 wP\\", "bD /bQ"]
PASS_GAME = ["wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", "wB1 \\wG1", "bQ bG1/", "wB1 \\bG1", "bQ bG1-",
             "wB1 bG1", "bQ wB1/", "wB2 \\wG1", "bQ wB1-", "wB2 \\wB1", "bQ wB1/", "wB2 bQ"]


def played(moves: list[str], expansions: str = "MLPD", hints: bool = False) -> Match:
    m = Match.new(get_engine("hive"), options={"expansions": expansions},
                  seats=[SeatInfo(name="Ann"), SeatInfo(name="Ben")], seed=1)
    m.header.hints = hints
    for move in moves:
        m.play(move)
    return m


def status_lines(app) -> list[str]:
    status = app.screen.query_one("#status", Static)
    region = status.region
    return [line[region.x:region.right].rstrip() for line in screen_text(app).splitlines()[region.y:region.bottom]]


async def choose(pilot, piece: str) -> None:
    """Enter on the cell of ``piece``, as the player would after moving the cursor there."""
    screen = pilot.app.screen
    screen.query_one(HexBoard).cursor = view.piece_cell(screen.match.state, piece)
    await pilot.press("enter")
    await settle(pilot)


async def test_a_long_selection_keeps_what_it_can_lift_in_the_status_at_80x24(tmp_path):
    """Black's Pillbug beside its Mosquito: its destinations, the two a lift by the Mosquito gives,
    and White's Spider it can lift; at 80 columns the status drops the keys (the footer names them)
    rather than the piece it can lift."""
    app = make_app(saves_dir=tmp_path, match=played(CARRY_GAME[:13]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose(pilot, "bP")
        screen = app.screen
        assert isinstance(screen, HiveScreen) and screen.picked == "bP"
        shown = " ".join(" ".join(status_lines(app)).split())
        # (whole, it took four rows and the pieces it can lift were cut off)
        assert shown == ("⬡p (Pillbug): 4 lit, 2 by your Mosquito ⬡m lifting it. Can also lift ⬡d, ⬡m or ⬢S1: "
                         "select one.")
        assert "⏎ Choose" in screen_text(app).splitlines()[-1] and "esc Back" in screen_text(app).splitlines()[-1]


async def test_a_short_selection_still_names_its_keys(tmp_path):
    app = make_app(saves_dir=tmp_path, match=played(CARRY_GAME[:13]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose(pilot, "wS1")  # White's Spider, which Black's Pillbug may lift
        shown = " ".join(" ".join(status_lines(app)).split())
        assert shown == ("⬢S1 (Spider), lifted by your Pillbug ⬡p: 3 destinations lit. Enter on one to play it, "
                         "Esc to cancel."), shown
        # a longer one drops the keys first, and only then says it in brief
        await pilot.press("escape")
        await settle(pilot)
        await choose(pilot, "bD")
        shown = " ".join(" ".join(status_lines(app)).split())
        assert shown == ("⬡d (Dragonfly): 8 destinations lit, 2 of them by your Pillbug ⬡p or your Mosquito ⬡m "
                         "lifting it.")


async def test_a_dragonfly_says_it_carries_the_piece_beneath_and_the_log_says_it_did(tmp_path):
    match = played(CARRY_GAME[:-1])
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose(pilot, "bD")
        shown = " ".join(" ".join(status_lines(app)).split())
        assert shown == ("⬡d (Dragonfly): 3 destinations lit, 2 of them on the ground, where it carries ⬢A1 "
                         "along."), shown
        _piece, to = view.move_cells(match.state, "bD /bQ")
        app.screen.query_one(HexBoard).cursor = to
        await pilot.press("enter")
        await settle(pilot)
        assert match.history[-1].move == "bD /bQ"
        assert match.state.log[-1].endswith("carrying White's Soldier Ant 1)")
        assert "carrying White's" in " ".join(screen_text(app).split())  # (the Moves box, wrapped)


async def test_a_piece_with_nowhere_to_go_says_why_and_the_pass_reads_as_one(tmp_path):
    match = played(PASS_GAME, expansions="")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # (under Ann's move, in words on two rows: the prompt in short)
        assert "Ben (Black): no legal move; x passes." in " ".join(" ".join(status_lines(app)).split())
        await pilot.press("a")
        await settle(pilot)
        said = [n.message for n in app._notifications]
        assert any(m.startswith("No stack on the board is topped by your colour") for m in said), said
        assert not any("not on top of the hive" in m for m in said)
        await pilot.press("x")
        await settle(pilot)
        assert match.history[-1].move == "pass"
        assert status_lines(app)[0].strip() == "Ben passes: no legal move."  # (a sentence, like the moves')


async def test_the_hints_reason_keeps_its_words_when_the_move_takes_two_rows(tmp_path):
    """At 80x24 a Hive hint whose move takes two rows left the reason one word ("It…"): the lines
    now leave out where the board shows the move (the lit cell) before they cut the reason."""
    match = played(CARRY_GAME[:14], hints=True)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.hint_seconds, screen.hint_effort = None, 1
        await pilot.press("i")
        await settle(pilot)
        assert screen.hint is not None
        screen.hint = replace(screen.hint, description="wA1 \\bG1 (Soldier Ant 1 moves upper left of Black's "
                                                       "Grasshopper 1)",
                              reason="It takes pressure off your Queen Bee (3 of its 6 sides filled), and it keeps "
                                     "Black's pieces from reaching your Queen Bee.\n  The computer puts your chance "
                                     "to win at 64%.")
        screen.show_coach()
        await settle(pilot)
        panel = screen.query_one(CoachPanel)
        text = " ".join(panel.text.plain.split()) if panel.text is not None else ""
        assert panel.region.height <= 3
        assert "It takes pressure off your Queen Bee" in text, text
        assert "i plays it." in text and "Ctrl+L: why, in full." in text
        # the whole log gives the reason, its outlook said once
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert app.screen.lines[-1].count("64%") == 1, app.screen.lines[-1]


async def scrolls(pilot, box: str, key: str) -> bool:
    """Whether the window's ``box``, taller than its room, scrolls down on ``key``."""
    scroll = pilot.app.screen.query_one(box, VerticalScroll)
    assert scroll.max_scroll_y > 0
    await pilot.press(key)
    await settle(pilot)
    return scroll.scroll_target_y > 0


async def test_the_keys_and_the_rules_say_they_scroll_and_the_arrows_scroll_them(tmp_path):
    app = make_app(saves_dir=tmp_path, match=played(CARRY_GAME[:5]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "↑/↓ PgUp/PgDn Home/End scroll · Esc, F1 or ? closes this" in screen_text(app)
        assert await scrolls(pilot, "#keys-box", "pagedown")
        await pilot.press("escape")
        await settle(pilot)
        app.screen.action_rules()
        await settle(pilot)
        assert isinstance(app.screen, RulesSummaryScreen)
        assert "↑/↓ PgUp/PgDn Home/End scroll · Esc closes this" in screen_text(app)
        assert await scrolls(pilot, "#rules-summary-text", "down")  # (its text has the keys at once)


async def test_the_first_move_and_a_letter_of_a_piece_not_in_the_game_say_what_they_mean(tmp_path):
    """On an empty table there is no piece to press Enter on: the status names the letters that
    place one; a letter of a piece the game was started without says so (not "none left"), and the
    keys screen lists only this game's letters."""
    app = make_app(saves_dir=tmp_path, match=played([], expansions=""))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = " ".join(" ".join(status_lines(app)).split())
        assert shown == "Ann (White) to play: a letter from Reserves places your first piece."
        await pilot.press("m")
        await settle(pilot)
        assert [n.message for n in app._notifications] == [
            "There is no Mosquito in this game (it was started without it)."]
        await pilot.press("g", "enter")
        await settle(pilot)
        # Black's first piece too, in short under Ann's move and her name (not her name given up for it); after
        # it, the usual words
        assert " ".join(" ".join(status_lines(app)).split()) == ("Ann: Grasshopper 1 placed to start the hive. "
                                                                 "Ben (Black) to play: a Reserves letter.")
        await pilot.press("g", "enter")
        await settle(pilot)
        # (under Ben's move, in words on two rows: the prompt in short)
        assert " ".join(" ".join(status_lines(app)).split()).endswith("Ann (White) to play: Enter, or a letter.")
        await pilot.press("question_mark")
        await settle(pilot)
        keys = screen_text(app)
        assert "Q S B G A " in keys and "Q S B G A M L P D" not in keys


def flat_status(app) -> str:
    return " ".join(" ".join(status_lines(app)).split())


async def test_a_throw_is_said_as_one_by_whoever_threw(tmp_path):
    """Ben's Pillbug throws White's Spider: the status says Ben's Pillbug threw it, not that Ben played White's
    piece. The last move is in the Moves box's words, not in UHP ("Ben threw wS1 /bP."), whole at 80 columns,
    with the next player's prompt whole under it."""
    app = make_app(saves_dir=tmp_path, match=played(CARRY_GAME[:14]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.match.state.log[-1].endswith(
            "(Pillbug throws White's Spider 1 lower left of Black's Pillbug)")
        assert flat_status(app) == ("Ben: Pillbug throws White's Spider 1 lower left of Black's Pillbug. "
                                    "Ann (White) to play: Enter, or a letter.")
        await choose(pilot, "wA1")
        _piece, to = view.move_cells(app.screen.match.state, "wA1 \\bG1")
        app.screen.query_one(HexBoard).cursor = to
        await pilot.press("enter")
        await settle(pilot)
        assert flat_status(app) == ("Ann: Soldier Ant 1 moves upper left of Black's Grasshopper 1. "
                                    "Ben (Black) to play: Enter, or a letter.")


async def test_the_last_move_is_in_the_moves_boxs_words_and_whole_at_80x24(tmp_path):
    """The Dragonfly's carry, the longest of moves, by a player with a long name: the words whole in the
    status, the same as the Moves box's (not the UHP), without the name, and the prompt under it said in
    short: never the piece or the place cut."""
    match = Match.new(get_engine("hive"), options={"expansions": "MLPD"}, seed=1,
                      seats=[SeatInfo(name="Ann"), SeatInfo(name="Benedict Cumberbatch-Smythe of Ashby")])
    for move in CARRY_GAME:
        match.play(move)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        words = "Dragonfly moves lower left of Black's Queen Bee, carrying White's Soldier Ant 1"
        assert match.state.log[-1].endswith(f"({words})")
        assert flat_status(app) == f"{words}. Ann (White) to play: Enter, or a letter.", status_lines(app)
        assert "bD /bQ" not in flat_status(app)


async def test_a_mosquito_says_whose_moves_it_copies_at_80x24(tmp_path):
    match = played(CARRY_GAME[:15])
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose(pilot, "bM")
        shown = " ".join(" ".join(status_lines(app)).split())
        assert shown in app.screen.selection.forms and len(status_lines(app)) == 3
        assert shown == "⬡m (Mosquito as Queen Bee, Pillbug, Dragonfly): 6 lit. Can also lift ⬡d: select one.", shown


async def test_tab_with_nothing_to_go_to_says_why_instead_of_nothing(tmp_path):
    app = make_app(saves_dir=tmp_path, match=played([]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("tab")
        await settle(pilot)
        assert [n.message for n in app._notifications] == [
            "You have no piece on the board yet: a letter from Reserves places one."]


#: a line of sixteen pieces, White's growing west and Black's east (at 160x50 too wide for the tall cells)
LINE_GAME = ["wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", "wA1 -wQ", "bA1 bQ-", "wA2 -wA1", "bA2 bA1-", "wA3 -wA2",
             "bA3 bA2-", "wS1 -wA3", "bS1 bA3-", "wS2 -wS1", "bS2 bS1-", "wB1 -wS2", "bB1 bS2-"]


async def test_a_big_screen_draws_the_hive_in_tall_cells_while_it_fits_and_80x24_keeps_its_cells(tmp_path):
    """At 160x50 the hive is drawn in the 8x3 cells (the piece on the middle line) until it grows too wide
    for them; at 80x24 the same hive keeps the 6x2 cells."""
    for size, moves, scale in (((160, 50), 14, TALL), ((160, 50), 16, (6, 2)), ((80, 24), 6, (6, 2))):
        app = make_app(saves_dir=tmp_path, match=played(LINE_GAME[:moves], expansions=""))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            board = app.screen.query_one(HexBoard)
            assert board.scale == scale, (size, moves)
            assert board.fits and all(board.in_view(cell) for cell in board.cells)
            x, y = board.cell_origin(view.piece_cell(app.screen.match.state, "wQ"))
            lines = screen_text(app).splitlines()
            area = board.content_region
            row = area.y + y + (1 if scale == TALL else 0)
            assert "⬢Q" in lines[row][area.x + x:area.x + x + scale[0]], (size, moves)


async def test_the_undo_question_names_the_key_for_yes_as_well_as_no(tmp_path):
    """Hot seat at 80x24: Ben asks to take back Ann's move; the footer names y for Yes, not only esc for No,
    and y takes it back."""
    match = played(LINE_GAME[:3], expansions="")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        footer = screen_text(app).splitlines()[-1]
        assert "y Yes" in footer and "esc No" in footer, footer
        await pilot.press("y")
        await settle(pilot)
        assert len(match.history) == 2


async def test_the_computers_reply_keeps_its_side_before_its_move_at_80x24(tmp_path):
    """Against the computer (easy, its seed fixed), its reply says its side before the move whatever the move's
    length: the prompt under it is said in short before the side is given up. Before, a reply whose words fit
    one row less without "Black: " lost it ("Spider 1 placed right of White's Spider 1."), beside replies that
    kept it."""
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bot", kind="computer", level="easy")]
    match = Match.new(get_engine("hive"), options={"expansions": ""}, seats=seats, seed=2)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s", "enter")
        await settle(pilot)
        assert [h.move for h in match.history] == ["wS1", "bS1 wS1-"]
        assert flat_status(app) == ("Black: Spider 1 placed right of White's Spider 1. "
                                    "Ann (White) to play: Enter, or a letter."), status_lines(app)
    # the computer's first move, when it plays White: the side kept, and the prompt still says a letter places
    seats = [SeatInfo(name="Bot", kind="computer", level="easy"), SeatInfo(name="Ann")]
    match = Match.new(get_engine("hive"), options={"expansions": "MLPD"}, seats=seats, seed=6)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert [h.move for h in match.history] == ["wG1"]
        assert flat_status(app) == ("White: Grasshopper 1 placed to start the hive. "
                                    "Ann (Black) to play: a Reserves letter."), status_lines(app)
