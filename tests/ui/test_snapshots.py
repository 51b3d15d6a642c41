"""A few snapshots at a fixed terminal size (cursor blink off)."""


from beegames.ui.app import make_app


def test_main_menu_80x24(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path)
    assert snap_compare(app, terminal_size=(80, 24))


def _hive_app(tmp_path):
    from beegames.ui.app import make_app

    from .test_hive_screen import hive_match

    return make_app(saves_dir=tmp_path, match=hive_match(moves=14, seed=1, expansions="MLPD"))


async def _quiet(pilot):
    from textual.widgets import Input

    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.press("a", "tab")


def test_hive_board_80x24(snap_compare, tmp_path):
    assert snap_compare(_hive_app(tmp_path), terminal_size=(80, 24), run_before=_quiet)


def test_hive_board_120x40(snap_compare, tmp_path):
    assert snap_compare(_hive_app(tmp_path), terminal_size=(120, 40), run_before=_quiet)
