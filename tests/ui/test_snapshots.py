"""A few snapshots at a fixed terminal size (cursor blink off)."""

from pathlib import Path

from beegames.ui.app import make_app


def test_main_menu_80x24(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path)
    assert snap_compare(app, terminal_size=(80, 24))
