"""Shared keys of every game's screen, as the keys screen lists them (QA 2026-12-04, qa-input)."""

import pytest

from beegames.ui.screens.modals import HelpScreen

from .helpers import game_screen, settle
from .test_log_focus import GAMES, new_app


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_undo_row_names_the_keys_bound_to_undo(tmp_path, game_id):
    """Each game's own row for undo names the keys undo is bound to now (the keymap's), written
    as the keys screen writes keys (Ctrl+Z, not ctrl+z), and it is the only undo row."""
    app = new_app(tmp_path, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = game_screen(app).bound_keys("undo")
        assert "Ctrl+Z" in keys and "u" in keys
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        undo = [(key, what) for key, what in app.screen.rows() if what.startswith("Undo")]
        assert [key for key, _what in undo] == [" or ".join(keys)], undo


@pytest.mark.parametrize("game_id", GAMES)
async def test_tab_goes_where_the_keys_screen_says(tmp_path, game_id):
    """Tab, pressed again and again, comes back to the decision; where it reaches the log, the keys
    screen's Tab row says so (and Enter or Esc there leaves the log: test_log_focus)."""
    from beegames.ui.widgets.panels import GameLog

    app = new_app(tmp_path, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        decide = game.decision_widget()
        reached = []
        for _ in range(6):
            await pilot.press("tab")
            await settle(pilot)
            reached.append(app.focused)
        assert decide in reached or decide is app.focused
        await pilot.press("question_mark")
        await settle(pilot)
        tab = " ".join(what for key, what in app.screen.rows() if key.startswith("Tab"))
        assert tab, "the keys screen says what Tab does"
        if any(isinstance(widget, GameLog) for widget in reached):
            assert "log" in tab, tab
