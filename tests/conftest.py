import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))


def _short_idle_guess() -> None:
    """Textual's Pilot sleeps at least 20 ms twice per key press (and once per
    ``pause()``) to guess, from CPU time against wall time, that the app has
    gone idle. Our UI tests never rely on that guess: they wait on the app's
    own state (``tests/ui/helpers.settle``: messages handled, workers done,
    saves written, automatic steps finished). A 4 ms slice keeps the same
    guess, so a whole game played by keys spends its time playing, not
    sleeping."""
    import textual._wait as wait

    wait.SLEEP_GRANULARITY = 1 / 250
    wait.SLEEP_IDLE = wait.SLEEP_GRANULARITY / 20.0


_short_idle_guess()


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
def pig():
    from kernel.toy import PigEngine

    from beegames.games import register

    engine = PigEngine()
    register(engine)
    return engine
