"""Shared Pilot steps for the UI tests."""

from textual.worker import WorkerCancelled

from beegames.ui.screens.menu import MainMenuScreen


async def quit_to_menu(pilot) -> None:
    """Open the pause menu and choose "Quit to menu" (which autosaves)."""
    await pilot.press("escape")
    await pilot.pause()
    await pilot.click("#quit")
    await pilot.pause()
    assert isinstance(pilot.app.screen, MainMenuScreen)


async def settle(pilot, rounds: int = 200) -> None:
    """Wait until the app is idle: no computer player thinking, no message
    waiting. Waits on the app's state, never on the clock."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        try:
            await app.workers.wait_for_complete()
        except WorkerCancelled:  # a worker replaced by a newer one
            continue
        screen = next((s for s in reversed(app.screen_stack) if hasattr(s, "thinking")), None)
        if screen is None or not (screen.thinking or screen.stepping):
            await pilot.pause()
            return
    raise AssertionError("the app did not settle")
