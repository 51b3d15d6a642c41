"""Autosaves written off the UI thread.

A save's text is made on the UI thread (a snapshot of the match as it is
now); writing it, with its fsync, happens in a background thread so the next
screen is drawn at once. Writes stay atomic (:func:`atomic_write_text`), go
out one at a time, and for each file only the newest text is written: an
older text still waiting is dropped when a newer one arrives.

The thread exists only while something is waiting to be written, and it is
not a daemon thread, so the interpreter finishes the last write before it
exits.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path


class SaveWriter:
    def __init__(self, on_error: Callable[[Path, Exception], None] | None = None) -> None:
        self._on_error = on_error
        self._cond = threading.Condition()
        self._pending: dict[Path, str] = {}
        self._current: Path | None = None
        self._thread: threading.Thread | None = None
        self._failed: dict[Path, Exception] = {}

    def submit(self, path: Path, text: str) -> None:
        """Write ``text`` to ``path`` soon (replacing any older pending text)."""
        with self._cond:
            self._pending.pop(Path(path), None)
            self._pending[Path(path)] = text
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="beegames-autosave")
                self._thread.start()

    def _run(self) -> None:
        from ..core.saves import atomic_write_text

        while True:
            with self._cond:
                self._current = None
                self._cond.notify_all()
                if not self._pending:
                    self._thread = None
                    return
                path = next(iter(self._pending))
                text = self._pending.pop(path)
                self._current = path
            try:
                atomic_write_text(path, text)
            except Exception as exc:  # reported, never fatal
                with self._cond:
                    self._failed[path] = exc
                if self._on_error is not None:
                    self._on_error(path, exc)
            else:
                with self._cond:
                    self._failed.pop(path, None)

    def failure(self, path: Path) -> Exception | None:
        """Why the last write to ``path`` failed (None if it did not, or none was made)."""
        with self._cond:
            return self._failed.get(Path(path))

    @property
    def idle(self) -> bool:
        with self._cond:
            return not self._pending and self._thread is None

    def wait(self, path: Path | None = None, timeout: float | None = None) -> bool:
        """Wait until nothing (for ``path``: nothing for that file) is left
        to write. Returns False if ``timeout`` ran out first."""
        with self._cond:
            def done() -> bool:
                if path is None:
                    return not self._pending and self._thread is None
                return Path(path) not in self._pending and self._current != Path(path)
            return self._cond.wait_for(done, timeout)
