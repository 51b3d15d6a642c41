"""Autosaves are written off the UI thread, stay atomic, and a failed write
is reported without stopping anything (issue 9, item 15)."""

import threading

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.writer import SaveWriter

from .helpers import settle


def hive():
    return Match.new(get_engine("hive"), seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=1)


async def test_the_autosave_is_written_by_another_thread_and_is_whole(tmp_path, monkeypatch):
    writers = []
    real = saves.atomic_write_text

    def spy(path, text):
        writers.append(threading.current_thread().name)
        real(path, text)

    monkeypatch.setattr(saves, "atomic_write_text", spy)
    match = hive()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(3):
            app.screen.submit(match.legal_moves()[0])
            await settle(pilot)
        path = app.screen.save_path
    assert writers and set(writers) == {"beegames-autosave"}
    assert saves.load_save(path, get_engine).history == match.history
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


async def test_a_failed_autosave_is_reported_and_play_goes_on(tmp_path, monkeypatch):
    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    match = hive()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(saves, "atomic_write_text", full_disk)
        assert app.screen.submit(match.legal_moves()[0])
        await settle(pilot)
        assert any("No space left on device" in n.message for n in app._notifications)
        assert app.screen.submit(match.legal_moves()[0])  # the game goes on
        await settle(pilot)
        assert len(match.history) == 2


def test_the_newest_text_wins_and_writes_go_one_at_a_time(tmp_path, monkeypatch):
    gate, started = threading.Event(), threading.Event()
    order = []
    real = saves.atomic_write_text

    def slow(path, text):
        order.append(text)
        started.set()
        gate.wait(5)
        real(path, text)

    monkeypatch.setattr(saves, "atomic_write_text", slow)
    writer = SaveWriter()
    target = tmp_path / "g.json"
    writer.submit(target, "1")
    assert started.wait(5)
    for text in "2345":
        writer.submit(target, text)  # while "1" is being written: only the newest waits
    gate.set()
    assert writer.wait(timeout=10) and writer.idle
    assert order == ["1", "5"] and target.read_text() == "5"
