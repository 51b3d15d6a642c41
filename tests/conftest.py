import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))

#: Hypothesis draws the same examples on every run and machine (derandomized,
#: no example database), so a run of the suite is repeatable; each test's own
#: ``@settings`` keeps its budget (``max_examples``) small.
settings.register_profile("beegames", derandomize=True, database=None, deadline=None, print_blob=False)
settings.load_profile("beegames")


@pytest.fixture
def short_idle_guess(monkeypatch):
    """For the long UI tests that play whole games by keys.

    Textual's Pilot sleeps at least 20 ms twice per key press (and once per
    ``pause()``) to guess, from CPU time against wall time, that the app has
    gone idle, and draws every frame although the headless driver throws
    each one away. The tests that use this fixture never rely on that guess:
    each waits on the app's own state after every step (messages handled,
    workers done, saves written, automatic steps finished). So here Pilot
    waits after a key only until every queue is empty, a pause's slice is
    4 ms, and the screen is drawn once each time the app has settled rather
    than frame by frame (``tests/ui/helpers.py``: ``settle`` and ``_paint``).
    Tests that only ``pause()`` keep Textual's own ways."""
    _quick(monkeypatch)


def _quick(monkeypatch) -> None:
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 1 / 250)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 1 / 250 / 20.0)
    # after each key, Pilot waits until the app has handled it (every queue empty), not for a quiet CPU
    import textual.app
    from ui.helpers import until_keys_handled

    monkeypatch.setattr(textual.app, "wait_for_idle", until_keys_handled)
    # the headless driver throws every frame away: skip drawing them, and draw once whenever the app
    # has settled (``settle``), which is when a test looks at the screen
    from textual._compositor import Compositor

    monkeypatch.setattr(Compositor, "render_update", _no_frame)
    # a scroll (PageDown, a log following its newest line) jumps to its place at the animator's next
    # tick instead of gliding there for a fraction of a second; ``settle`` waits for it either way
    import textual.constants

    monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")


def _no_frame(self, full: bool = False, screen_stack=None, simplify: bool = False) -> None:
    """A frame not drawn: nothing waits to be drawn any more, and nothing is sent to the terminal."""
    self._dirty_regions.clear()


@pytest.fixture(autouse=True)
def _quick_idle_guess_where_nothing_relies_on_it(request, monkeypatch):
    """Every UI test that never relies on Textual's idle guess gets the quick
    waits and the drawing on settling of :func:`short_idle_guess`.

    Those tests wait on the app's state (``settle``) after every step, so the
    guess only costs them time: Pilot sleeps at least 20 ms twice per key
    press. A module that still waits with a bare ``pilot.pause()`` keeps
    Textual's own slice, and so does a snapshot test (the plugin waits with
    one before it takes the picture); the other tests of a module that also
    takes snapshots do not (the test is decided by its fixtures, not by its
    module)."""
    import os

    if os.environ.get("BEEGAMES_TEST_IDLE_GUESS") == "textual":  # to compare, or to rule it out
        return
    module = request.module
    if "snap_compare" in request.fixturenames:
        return
    if module is not None and _waits_on_state_only(module.__file__):
        _quick(monkeypatch)


@cache
def _waits_on_state_only(path: str) -> bool:
    source = Path(path).read_text(encoding="utf-8")
    return "run_test" in source and "pilot.pause()" not in source


@pytest.fixture(autouse=True)
def _buttons_take_every_click(monkeypatch):
    """A pressed button flashes for 0.2 s, and ignores clicks until the flash
    ends (Textual's ``-active`` class). Two clicks on one button in quick
    succession would pass or fail with the machine's speed; the flash is only
    looks, so the tests do without it."""
    from textual.widgets import Button

    monkeypatch.setattr(Button, "_start_active_affect", lambda self: None)


@pytest.fixture(autouse=True)
def _crash_log_in_tmp(tmp_path, monkeypatch):
    """An unexpected error's report goes to the test's own folder."""
    monkeypatch.setenv("BEEGAMES_LOG_DIR", str(tmp_path / "log"))


@pytest.fixture
def saves_dir(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("BEEGAMES_SAVES", str(folder))
    return folder


@pytest.fixture
def watch_pace(monkeypatch):
    """Sets the pace of a watched game (no seat a person's): ``watch_pace(0)`` plays its moves
    as soon as they are thought of, as before there was a pace (tests that play such a game to
    its end by ``settle``); a pace longer than any test (``watch_pace(3600)``) never lets its
    timer fire, so only the keys move the game. No test waits on the clock for it."""
    from beegames.ui.screens.steps import StepKeys

    def set_pace(seconds: float) -> None:
        monkeypatch.setattr(StepKeys, "WATCH_DELAY", seconds)

    return set_pace


@pytest.fixture
def pig():
    from kernel.toy import PigEngine

    from beegames.games import register

    engine = PigEngine()
    register(engine)
    return engine


def pytest_collection_modifyitems(items):
    """The longest tests first (the whole games played by keys, the names
    walked through every screen), so that with ``-n 2`` no worker is left
    with one of them at the end while the other has nothing to do."""
    def long(item) -> bool:
        name = item.name
        return (name.startswith("test_whole") or "by_keys" in name or "rounds_need_no_scrolling" in name
                or item.module.__name__.endswith("test_names_are_text"))

    items.sort(key=lambda item: not long(item))


@pytest.fixture(autouse=True)
def _hive_pure_python_outside_hive_tests(request, monkeypatch):
    """Outside ``tests/hive`` the Hive ``hard`` level stays on the Python
    searcher: the app's tests would otherwise start numba's warm-up in the
    background of every test process (tests/hive cover the compiled one)."""
    if "hive" not in Path(str(request.node.fspath)).parent.name:
        monkeypatch.setenv("BEEGAMES_HIVE_PURE_PYTHON", "1")
