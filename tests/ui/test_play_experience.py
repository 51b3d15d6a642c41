"""What a new player tripped over (issue 9): the log follows the game, Hive's
sides and seats are told apart, the keys screen wraps, 80x24 is usable,
fewer hand-offs, the form remembers, errors quote the file, plurals, and
replays of finished and running games. Layout checks run at 80x24 and 160x50.
"""

import json
import random
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import Button, Checkbox, DataTable, Input, Label, Select

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen
from beegames.ui.screens.hive import HiveScreen
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.modals import HandoffScreen, HelpScreen
from beegames.ui.screens.newgame import NewGameScreen
from beegames.ui.widgets.hexboard import HexBoard
from beegames.ui.widgets.panels import GameLog

from .helpers import game_screen, screen_text, settle

SIZES = [(80, 24), (160, 50)]


def hive(moves=0, seed=1, seats=(SeatInfo(name="Ana"), SeatInfo(name="Ben"))):
    match = Match.new(get_engine("hive"), seats=list(seats), seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        match.play(rnd.choice(match.legal_moves()))
    return match


def wd(seats, seed=4, moves=0, **options):
    engine = get_engine("waggle-dance")
    match = Match.new(engine, options=options, seats=seats, seed=seed)
    player = engine.make_player("good", seed)
    for _ in range(moves):
        if match.over:
            break
        match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))
    return match


def finished_wd(seed=3):
    return wd([SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=seed, moves=10_000)


def last_line_visible(app, log: GameLog) -> bool:
    return log.at_end and log.lines and log.lines[-1].text.strip() in screen_text(app)


# -- 1. show what just happened --------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
async def test_the_log_follows_the_newest_line(tmp_path, size):
    match = hive(moves=40)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert log.max_scroll_y > 0 and last_line_visible(app, log)
        app.screen.submit(match.legal_moves()[0])
        await settle(pilot)
        assert last_line_visible(app, log)
        await pilot.resize_terminal(size[0], size[1] - 4)  # the log is squeezed
        await settle(pilot)
        assert last_line_visible(app, log)


async def test_hives_moves_panel_is_usable_at_80x24(tmp_path):
    app = make_app(saves_dir=tmp_path, match=hive(moves=20))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert log.border_title == "Moves" and log.scrollable_content_region.height >= 5
        # the newest move is shown whole, not a fragment of a wrapped line
        newest = app.screen.match.history[-1].text
        shown = " ".join(strip.text.strip() for strip in log.lines[-4:])
        assert newest in shown and last_line_visible(app, log)


async def test_after_the_computers_turn_what_it_did_is_in_view(tmp_path):
    match = hive(seats=(SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="easy")))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("g", "enter")
        await settle(pilot)
        assert len(match.history) == 2 and match.history[-1].seat == 1
        # (the status says the reply in the Moves box's words)
        words = match.history[-1].text.split(" (", 1)[1].rstrip(")")
        status = str(app.screen.query_one("#status").render())
        assert f"{words}." in status and match.history[-1].move not in status
        assert last_line_visible(app, app.screen.query_one(GameLog))


async def test_after_bumblebots_turn_the_log_shows_it(tmp_path):
    match = wd([SeatInfo(name="Ann")], seed=5)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(12):  # a few of Ann's placements; Bumblebot acts in between
            if screen.human_to_move:
                screen.submit(screen.seen.moves[0])
            await settle(pilot)
        assert any("Bumblebot" in line for line in screen.seen.log)
        assert screen.query_one(GameLog).at_end


# -- 2. Hive sides need more than colour ------------------------------------------------
async def test_hive_sides_differ_by_glyph_and_case_and_seats_say_their_side(tmp_path):
    seats = (SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="easy"))
    app = make_app(saves_dir=tmp_path, match=hive(moves=6, seats=seats))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        labels = [view.label for view in board.cells.values()]
        assert labels and all(label[0] in "⬢⬡" for label in labels)
        assert all(label[1].isupper() for label in labels if label[0] == "⬢")
        assert all(label[1].islower() for label in labels if label[0] == "⬡")
        assert {label[0] for label in labels} == {"⬢", "⬡"}
        text = screen_text(app)
        assert "Ana ⬢ White" in text and "Bot ⬡ Black" in text
        app.screen.action_help()
        await settle(pilot)
        assert any(key.startswith("⬢") and "capital" in what for key, what in app.screen.rows())


# -- 4. the keys screen ------------------------------------------------------------------
def rendered_help(screen: HelpScreen) -> str:
    """Every line of the keys table as drawn (also the lines scrolled out of view)."""
    box = screen.query_one("#keys")
    return "\n".join(strip.text for strip in box.render_lines(Region(0, 0, box.size.width, box.size.height)))


@pytest.mark.parametrize("size", SIZES)
async def test_the_keys_screen_wraps_every_description_and_lists_each_key_once(tmp_path, size):
    app = make_app(saves_dir=tmp_path, match=hive(moves=4))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        rows = screen.rows()
        keys = [key.lower().replace(" ", "") for key, _ in rows]
        assert len(keys) == len(set(keys))
        assert "^p" not in keys and keys.count("ctrl+p") == 1 and "tab" not in keys  # Tab is in "Tab / Shift+Tab"
        text = rendered_help(screen)
        assert "…" not in text
        words = text.split()
        for _key, what in rows:
            for word in what.split():
                assert word in words or any(word.startswith(w) for w in words), (word, what)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert titles.count("Keys") == 1


# -- 5. 80x24 is fully usable ----------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["hive", "waggle-dance"])
async def test_the_new_game_form_shows_start_and_whole_labels(tmp_path, size, game):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        form.query_one("#game", Select).value = game
        await settle(pilot)
        start = form.query_one("#start", Button)
        assert start.region.bottom <= size[1] - 1 and start.region.height >= 1  # above the footer, in view
        for label in form.query(Label):
            assert label.content_size.width <= label.content_region.width, label
        for box in form.query(Checkbox):
            assert box.content_size.width <= box.content_region.width, box


@pytest.mark.parametrize("size", SIZES)
async def test_the_load_screens_columns_fit(tmp_path, size):
    for seed in range(3):
        saves.write_save(hive(moves=seed + 2, seed=seed), tmp_path / f"hive_game_with_a_long_name_{seed}.json")
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        highlighted = Path(app.screen.selected().path).name
        assert highlighted.startswith("hive_game_with_a_long_name_")
        assert highlighted in screen_text(app)  # the whole name, in the details
        assert app.screen.query_one("#replay", Button).region.bottom <= size[1] - 1


async def test_the_uhp_box_hint_fits_at_80x24(tmp_path):
    app = make_app(saves_dir=tmp_path, match=hive())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        box = app.screen.query_one("#typed", Input)
        assert len(box.placeholder) <= box.content_region.width
        assert box.placeholder in screen_text(app)


# -- 6. fewer hand-offs ----------------------------------------------------------------------
async def test_hand_offs_can_be_switched_off_for_a_new_game(tmp_path):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert not form.query_one("#handoff-row").display  # Hive hides nothing: no such choice
        form.query_one("#game", Select).value = "waggle-dance"
        await settle(pilot)
        assert form.query_one("#handoff-row").display
        form.query_one("#handoffs", Checkbox).value = False
        form.action_start()
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.match.header.handoffs is False
        for _ in range(10):
            assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)
            assert game.keyboard_seat == game.match.decision.seat
            game.submit(game.seen.moves[0])
            await settle(pilot)
        assert len({entry.seat for entry in game.match.history}) == 2


# -- 7. the Load screen names files and checks them ------------------------------------------
async def test_a_saved_as_copy_and_its_autosave_are_two_rows(tmp_path):
    match = hive(moves=4)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = app.screen.save_path
        assert app.screen.save_as(tmp_path / "my copy.json")
        await settle(pilot)
        app.screen.leave()
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        names = {str(row[0]) for row in (app.screen.query_one(DataTable).get_row_at(i) for i in range(2))}
        assert names == {first.name, "my copy.json"}


# -- 8. the form remembers; check boxes read at a glance ----------------------------------------
async def test_the_new_game_form_remembers_the_last_choices(tmp_path):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        form.query_one("#game", Select).value = "waggle-dance"
        await settle(pilot)
        form.query_one("#players", Select).value = 3
        await settle(pilot)
        form.query_one("#opt-threats", Checkbox).value = True
        form.query_one("#opt-length", Select).value = "long"
        form.query_one("#name-1", Input).value = "Ben[/b]"
        form.query_one("#kind-2", Select).value = "computer"
        form.query_one("#level-2", Select).value = "basic"
        form.query_one("#handoffs", Checkbox).value = False
        form.action_start()
        await settle(pilot)
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.query_one("#game", Select).value == "waggle-dance"
        assert form.query_one("#players", Select).value == 3
        assert form.query_one("#opt-threats", Checkbox).value is True
        assert form.query_one("#opt-length", Select).value == "long"
        assert form.query_one("#name-1", Input).value == "Ben[/b]"
        assert form.query_one("#kind-2", Select).value == "computer"
        assert form.query_one("#level-2", Select).value == "basic"
        assert form.query_one("#handoffs", Checkbox).value is False


async def test_a_garbled_settings_file_is_ignored(tmp_path):
    (tmp_path / ".beegames-settings").write_text('{"new_game": {"game": 7, "games": {"hive": {"players": "x"}}}')
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen.query_one("#players", Select).value == 2


async def test_check_boxes_on_and_off_look_different(tmp_path):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        on, off = app.screen.query(Checkbox)[0], app.screen.query(Checkbox)[1]
        on.value, off.value = True, False
        await settle(pilot)
        style_on = on.get_component_rich_style("toggle--button")
        style_off = off.get_component_rich_style("toggle--button")
        assert style_on.bgcolor != style_off.bgcolor
        assert style_off.color == style_off.bgcolor  # off: an empty box, no mark
        assert style_on.color != style_on.bgcolor and style_on.bold


# -- 9. errors name the move actually in the file -------------------------------------------------
async def test_a_tampered_move_is_quoted_as_it_is_in_the_file(tmp_path, capsys):
    from beegames.cli import main

    match = hive()
    for move in ["wS1", "bG1 wS1-", "wQ -wS1", "bQ bG1-", "wS2 -wQ", "bA1 bQ-"]:
        match.play(move)
    path = saves.write_save(match, tmp_path / "tampered.json")
    doc = json.loads(path.read_text())
    doc["history"][4]["move"] = "wS1 bA1-"
    path.write_text(json.dumps(doc))
    assert main(["verify", str(path)]) == 1
    assert "move 5 (wS1 bA1-) is illegal" in capsys.readouterr().err
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert "move 5 (wS1 bA1-) is illegal" in " ".join(screen_text(app).split())


# -- 12. plurals -------------------------------------------------------------------------------------
async def test_one_destination_is_singular(tmp_path):
    app = make_app(saves_dir=tmp_path, match=hive())
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pilot.press("g")  # the first piece has exactly one place to go
        await settle(pilot)
        assert len(app.screen.targets) == 1
        assert "1 destination lit" in screen_text(app)


# -- 13. replays ---------------------------------------------------------------------------------------
def finished_hive():
    match = hive(seats=(SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="easy")), seed=0)
    engine, bot = match.engine, match.engine.make_player("easy", 1)
    rnd = random.Random(0)
    while not match.over:
        match.play(rnd.choice(match.legal_moves()) if match.decision.seat == 0 else bot.choose(engine, match.state))
    return match


@pytest.mark.parametrize("size", SIZES)
async def test_replay_a_finished_hive_game_from_the_load_screen(tmp_path, size):
    match = finished_hive()
    saves.write_save(match, tmp_path / "done.json")
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        await pilot.click("#replay")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HiveScreen) and screen.replay is not None and screen.replay.index == 0
        assert not screen.query_one(HexBoard).cells  # the start: an empty table
        for k in range(1, 4):
            await pilot.press("right")
            await settle(pilot)
            assert len(screen.query_one(HexBoard).cells) == k  # a piece a move, in the opening
            assert screen.seen.log[-1] == match.history[k - 1].text
            assert f"before move {k + 1} of {len(match.history)}" in screen_text(app)
        await pilot.press("left")
        await settle(pilot)
        assert screen.replay.index == 2 and screen.seen.log[-1] == match.history[1].text
        await pilot.press("end")
        await settle(pilot)
        assert screen.match.over and screen.seen.log == match.state.log
        assert not isinstance(app.screen, type(None)) and app.screen is screen  # no game-over dialog
        assert not screen.submit("pass")  # nothing can be played
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
    assert saves.read_document(tmp_path / "done.json").moves == len(match.history)


async def test_replay_a_finished_waggle_dance_game_shows_everything(tmp_path):
    match = finished_wd()
    path = saves.write_save(match, tmp_path / "wd.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, lambda g: get_engine(g)), save_path=path,
                   replay=True)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.replay is not None and screen.replay.everything and screen.replay.seat is None
        engine = match.engine
        for index in (1, 20, screen.replay.last):
            screen.action_replay_step(index - screen.replay.index)
            await settle(pilot)
            state = screen.replay.states[index]
            assert screen.seen.log == engine.full_log(state)  # private lines too, for a finished game
            assert screen.seen.state == state
        assert "everything shown" in screen_text(app)


async def test_replay_a_running_waggle_dance_game_shows_one_seats_view(tmp_path):
    match = wd([SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=4, moves=30)
    path = saves.write_save(match, tmp_path / "wd.json")
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        app.load_and_open(path, replay=True)
        await settle(pilot)
        screen = game_screen(app)
        engine = match.engine
        # two humans and cards in hand: a hand-off first (tests/ui/test_replays.py)
        assert isinstance(app.screen, HandoffScreen) and screen.replay.seat is None
        await pilot.press("enter")
        await settle(pilot)
        assert screen.replay.seat == 0 and not screen.replay.everything and screen.replay.index == 0
        await pilot.press("end")
        await settle(pilot)
        assert screen.seen.state == engine.view(match.state, 0)
        assert screen.seen.log == engine.visible_log(match.state, 0)
        await pilot.press("v")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.replay.seat == 1 and screen.seen.state == engine.view(match.state, 1)
        assert "as Ben" in screen_text(app)
        screen.action_replay_step(-10)
        await settle(pilot)
        assert screen.seen.state == engine.view(screen.replay.states[screen.replay.index], 1)
