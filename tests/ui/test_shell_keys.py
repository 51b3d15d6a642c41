"""The keys a newcomer needs, named where they are needed (QA shell.md #5): the
keys screens (F1) of the New game form, the Load screen, the Rules screen and
the Save-as dialog say how to open a drop-down, choose in it, tick a box,
resume, save; the footers name Enter where it resumes or saves; Home/End move
in the Load list; F1 works in a dialog too. All at 80x24.
"""

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.ui.app import make_app
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.modals import HelpScreen, SaveAsScreen
from beegames.ui.screens.rules import RulesScreen

from .helpers import screen_text, settle
from .test_new_game_form import open_form


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def keys_of(app, pilot) -> dict[str, str]:
    """The keys screen's rows (key → what it does), opened with F1 and closed again."""
    under = app.screen
    await pilot.press("f1")
    await settle(pilot)
    assert isinstance(app.screen, HelpScreen)
    rows = dict(app.screen.rows())
    await pilot.press("escape")
    await settle(pilot)
    assert app.screen is under
    return rows


async def test_the_new_game_form_says_how_to_use_lists_and_boxes(saves_dir):
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_form(pilot)
        assert "tab Next field" in footer(app) and "^s Start" in footer(app)
        rows = await keys_of(app, pilot)
        assert "open it; then ↑/↓ choose, Enter takes the choice" in rows["Enter or Space"]
        assert "tick it" in rows["Space or Enter"] and rows["Tab / Shift+Tab"] == "The next / the previous field"
        assert "Focus Next" not in rows.values()


async def test_the_load_screen_names_enter_and_moves_with_home_and_end(pig, saves_dir):
    for i in range(3):
        match = Match.new(pig, seats=[SeatInfo(name=f"P{i}"), SeatInfo(name="Q")], seed=i)
        saves.write_save(match, saves_dir / f"g{i}.json")
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        load = app.screen
        assert isinstance(load, LoadScreen)
        assert footer(app).lstrip().startswith("⏎ Resume"), footer(app)
        rows = await keys_of(app, pilot)
        assert rows["Enter"] == "Resume the game chosen" and rows["↑/↓, PgUp/PgDn"] == "Choose a save"
        assert rows["Home / End"] == "The first / the last save" and rows["r"] == "Replay"
        table = load.query_one("#saves")
        await pilot.press("end")
        await settle(pilot)
        assert table.cursor_row == 2
        await pilot.press("home")
        await settle(pilot)
        assert table.cursor_row == 0
        # on a button, Enter presses that button: "Back" goes back, it does not resume
        await pilot.press("tab", "tab", "tab")
        await settle(pilot)
        assert load.focused.id == "back" and "Resume" not in footer(app)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, LoadScreen)


async def test_the_rules_screen_says_what_the_arrows_do(saves_dir):
    app = make_app(saves_dir=saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        rows = await keys_of(app, pilot)
        assert "choose the game" in rows["↑/↓"] and "scroll them" in rows["Tab"]


async def test_save_as_names_enter_and_f1_works_in_a_dialog(pig, saves_dir):
    match = Match.new(pig, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=1)
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, SaveAsScreen)
        assert footer(app).split() == ["⏎", "Save", "esc", "Cancel"]
        rows = await keys_of(app, pilot)
        assert rows["Enter"] == "Save under the name typed" and rows["F1"] == "This list of keys"
        await pilot.press("enter")  # the name proposed: saved, the dialog closes
        await settle(pilot)
        assert not isinstance(app.screen, SaveAsScreen)
