"""Shared Pilot steps for the UI tests."""

from beegames.ui.screens.menu import MainMenuScreen


async def quit_to_menu(pilot) -> None:
    """Open the pause menu and choose "Quit to menu" (which autosaves)."""
    await pilot.press("escape")
    await pilot.pause()
    await pilot.click("#quit")
    await pilot.pause()
    assert isinstance(pilot.app.screen, MainMenuScreen)
