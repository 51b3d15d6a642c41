"""What happens when something unexpected goes wrong: the full traceback goes
to a log file and the player reads one short line saying where it is."""

from __future__ import annotations

import os
import sys
import traceback
from datetime import datetime
from pathlib import Path

#: The most characters of the error itself quoted in the short message.
QUOTE = 100


def log_dir() -> Path:
    """``$BEEGAMES_LOG_DIR`` if set, else the platform's user log folder
    (``~/.local/state/beegames/log`` on Linux)."""
    env = os.environ.get("BEEGAMES_LOG_DIR")
    if env:
        return Path(env)
    import platformdirs

    return platformdirs.user_log_path("beegames", appauthor=False)


def write_report(exc: BaseException) -> Path | None:
    """Append ``exc`` with its traceback to ``crash.log``; returns the file,
    or None if no log could be written anywhere."""
    from . import __version__

    text = "".join(traceback.format_exception(exc))
    header = (f"=== {datetime.now().isoformat(timespec='seconds')} beegames {__version__}, "
              f"Python {sys.version.split()[0]}, {sys.platform}\n")
    for folder in (log_dir(), Path(os.environ.get("TMPDIR", "/tmp"))):
        path = folder / "crash.log"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(header + text + "\n")
            return path
        except OSError:
            continue
    return None


def short_message(exc: BaseException, report: Path | None) -> str:
    """One line for the player: what went wrong and where the details are."""
    try:
        what = " ".join(f"{type(exc).__name__}: {exc}".split())
    except Exception:  # an exception whose text itself fails
        what = type(exc).__name__
    if len(what) > QUOTE:
        what = what[: QUOTE - 1] + "…"
    where = f"the full report is in {report}" if report else "no report could be written"
    return (f"beegames stopped because of an unexpected error ({what}); {where}. "
            "Games are saved up to the last move played.")
