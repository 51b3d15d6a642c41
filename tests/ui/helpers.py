"""Shared Pilot steps for the UI tests."""

import asyncio

from textual._compositor import Compositor
from textual.worker import WorkerCancelled

from beegames.ui.screens.menu import MainMenuScreen


async def quit_to_menu(pilot) -> None:
    """Open the pause menu and choose "Quit to menu" (which autosaves)."""
    await pilot.press("escape")
    await settle(pilot)
    await pilot.click("#quit")
    await settle(pilot)
    assert isinstance(pilot.app.screen, MainMenuScreen)


async def _workers_done(app) -> None:
    """Wait for every worker; one cancelled on purpose (a newer one replaced
    it) is done too."""
    try:
        await app.workers.wait_for_complete()
    except WorkerCancelled:
        pass


def _after_refresh_pending(app) -> bool:
    """True while a resize of the terminal waits for Textual's short debounce
    timer, or a screen still holds callbacks for after its next repaint
    (``call_after_refresh``: a log scrolling to its newest line after a resize)."""
    return app._resize_timer is not None or any(screen._callbacks for screen in app.screen_stack)


def _messages_pending(app) -> bool:
    """True while the app or a widget of any screen still has a message (or
    a callback) waiting. A key press travels from the app to the focused
    widget and bubbles up its parents one message queue at a time, so a
    binding of the screen runs only once every queue on the way is empty.
    (A message being handled right now is waited for by ``pilot.pause(0)``,
    which queues a callback behind it on every widget of the screen.)"""
    nodes = [app]
    for screen in app.screen_stack:
        nodes.extend(screen.walk_children(with_self=True))
    return any((node.message_queue_size or node._pending_message is not None or node._next_callbacks)
               and not node._closed for node in nodes)


#: Textual's drawing of a frame. The tests that wait on the app's state skip it
#: frame by frame (``tests/conftest.py``: the headless driver throws every
#: frame away) and draw once each time the app has settled (:func:`_paint`).
DRAW_FRAME = Compositor.render_update


def _paint(app) -> None:
    """Draw the whole screen on top as the terminal would show it now, where
    the frame-by-frame drawing is skipped: a widget that cannot draw its
    state still fails the test, and what a drawing posts (a board saying
    there is more of it beyond its edges) is handled before ``settle``
    returns."""
    if Compositor.render_update is DRAW_FRAME:  # Textual draws every frame itself here
        return
    screen = app.screen
    if screen.is_current and screen._compositor.size:
        DRAW_FRAME(screen._compositor, full=True, screen_stack=app._background_screens)


async def until_keys_handled(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """What Pilot waits for after each key it sends, in the tests that wait on
    the app's state: every queue of the app and of its screens' widgets empty,
    so the next key goes to the screen this key led to. (Textual's own wait
    sleeps in slices until the process seems idle by its CPU time: a few
    milliseconds a key on an idle app, and up to a second while a computer
    player thinks in its thread.) Workers, timers and saves are left to
    ``settle``; a key handler that waits on a timer gets Textual's own wait
    once the queues have had a few thousand turns."""
    from textual._context import active_app
    from textual._wait import wait_for_idle

    app = active_app.get()
    for _ in range(5000):
        await asyncio.sleep(0)
        if not app.is_running or not _messages_pending(app):
            return
    await wait_for_idle(min_sleep, max_sleep)


async def settle(pilot, rounds: int = 200, run_steps: bool = True) -> None:
    """Wait until the app is idle: every message handled (every queue of the
    app and its widgets empty), no worker running (no computer player
    thinking), no save being written, no automatic step under way, no resize
    or repaint pending, no scroll still gliding to its place (a panel read
    halfway through its PageDown shows neither page). Automatic steps shown
    one by one are run at once, as the player's Space does (``run_steps=False``
    waits for them instead, or returns while they are paused).
    Waits on the app's state, never on the clock."""
    app = pilot.app
    for _ in range(rounds):
        if not app.is_running:  # it has stopped (an error, or quit): nothing more will happen
            return
        screen = next((s for s in reversed(app.screen_stack) if hasattr(s, "thinking")), None)
        if run_steps and screen is not None and screen.stepping:
            screen.action_run_steps()
        for _ in range(3):
            await pilot.pause(0)  # handle every queued message, then draw
        await _workers_done(app)
        if hasattr(app, "writer"):  # (a test's own small app has no save writer)
            app.writer.wait()
        screen = next((s for s in reversed(app.screen_stack) if hasattr(s, "thinking")), None)
        # (steps the player paused wait for a key: the app is idle then)
        busy = screen is not None and (screen.thinking or (screen.stepping and not screen.steps_paused))
        if not busy and not any(w.is_running for w in app.workers):
            for _ in range(2):
                await pilot.pause(0)
            await _workers_done(app)
            if _messages_pending(app):
                continue
            _paint(app)
            if _messages_pending(app):
                continue
            if app.animator._animations:  # a scroll still gliding to its place: wait until it is there
                await pilot.wait_for_animation()
                continue
            if not _after_refresh_pending(app):
                return
            await pilot.pause()  # the debounce timer is due: let the clock reach it
            continue
        if busy and not any(w.is_running for w in app.workers):
            await pilot.pause()  # an automatic step's timer is due: let the clock reach it
    raise AssertionError("the app did not settle")


async def type_ahead(pilot, *keys: str) -> None:
    """Type ``keys`` faster than the app takes them: all are queued (as a
    terminal sends them) before the first is handled; then wait for the app.
    (``pilot.press`` waits for each key to be handled before it sends the next.)"""
    from textual import events

    for key in keys:
        pilot.app._driver.send_message(events.Key(key, key if len(key) == 1 else None))
    await settle(pilot)


def screen_text(app) -> str:
    """The text on the terminal now: every line of the current screen."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def region_text(app, region) -> list[str]:
    """The text on the terminal now in ``region`` of the current screen, a
    line a row: the same characters as those rows and columns of
    :func:`screen_text`, drawn from only the widgets that overlap the region
    (a test that reads one list many times a move need not draw the whole
    screen each time)."""
    from textual.strip import Strip

    compositor = app.screen._compositor
    crop = region.intersection(compositor.size.region)
    chops = compositor._render_chops(crop, lambda y: crop.y <= y < crop.bottom)
    lines = []
    for y in range(crop.y, crop.bottom):
        cuts = compositor.cuts[y]
        # the columns outside the region may be left undrawn: blanks keep the others in place
        parts = [Strip.blank(x1 - x0) if (strip := chops[y].get(x0)) is None else strip
                 for x0, x1 in zip(cuts, cuts[1:])]
        lines.append(Strip.join(parts).text[crop.x:crop.right])
    return lines


def game_screen(app):
    """The game screen in the stack (under any dialog), or None."""
    from beegames.ui.screens.game import GameScreen

    return next((s for s in reversed(app.screen_stack) if isinstance(s, GameScreen)), None)
