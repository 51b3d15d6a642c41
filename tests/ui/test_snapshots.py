"""A few snapshots at fixed terminal sizes (80x24 and larger), cursor blink off."""

from beegames.ui.app import make_app


async def _idle(pilot):
    from .helpers import settle

    await settle(pilot)


def test_main_menu_80x24(snap_compare, tmp_path):
    # the menu shows the end of the saves folder's path: make it the same in every run
    folder = tmp_path / ("a-folder-for-the-menu-snapshot-" * 3) / "saves"
    folder.mkdir(parents=True)
    app = make_app(saves_dir=folder)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_idle)


def _hive_app(tmp_path):
    from .test_hive_screen import hive_match

    return make_app(saves_dir=tmp_path, match=hive_match(moves=14, seed=1, expansions="MLPD"))


async def _quiet(pilot):
    from textual.widgets import Input

    from .helpers import settle

    await settle(pilot)
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.press("a", "tab")
    await settle(pilot)


def test_hive_board_80x24(snap_compare, tmp_path):
    assert snap_compare(_hive_app(tmp_path), terminal_size=(80, 24), run_before=_quiet)


def test_hive_board_160x50(snap_compare, tmp_path):
    assert snap_compare(_hive_app(tmp_path), terminal_size=(160, 50), run_before=_quiet)


async def _new_waggle_dance_game(pilot):
    from textual.widgets import Input, Select

    from .helpers import settle

    await settle(pilot)
    await pilot.press("n")
    await settle(pilot)
    pilot.app.screen.query_one("#game", Select).value = "waggle-dance"
    await settle(pilot)
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await settle(pilot)


def test_new_game_form_80x24(snap_compare, tmp_path):
    assert snap_compare(make_app(saves_dir=tmp_path), terminal_size=(80, 24), run_before=_new_waggle_dance_game)


def test_new_game_form_160x50(snap_compare, tmp_path):
    assert snap_compare(make_app(saves_dir=tmp_path), terminal_size=(160, 50), run_before=_new_waggle_dance_game)
