"""Where beegames keeps its files. Light on purpose: the command line asks
for the saves folder before anything else is loaded."""

from __future__ import annotations

import os
from pathlib import Path


def checkout_root() -> Path | None:
    """The top folder of the source checkout this package runs from, if it
    runs from one (the folder holds ``pyproject.toml`` and ``saves/``)."""
    top = Path(__file__).resolve().parents[2]
    if (top / "pyproject.toml").is_file() and (top / "saves").is_dir():
        return top
    return None


def default_saves_dir() -> Path:
    """Where saves go: ``$BEEGAMES_SAVES`` if set; the checkout's ``saves/``
    when beegames runs from a source checkout; otherwise the platform's user
    data folder (``~/.local/share/beegames/saves`` on Linux)."""
    env = os.environ.get("BEEGAMES_SAVES")
    if env:
        return Path(env)
    top = checkout_root()
    if top is not None:
        return top / "saves"
    import platformdirs

    return platformdirs.user_data_path("beegames", appauthor=False) / "saves"


def settings_path(folder: Path) -> Path:
    """The small settings file kept beside the saves (hidden, never listed)."""
    return Path(folder) / ".beegames-settings"


def keymap_path(folder: Path) -> Path:
    """The player's keymap, in the settings folder (beside the settings file)."""
    return Path(folder) / "keymap.toml"


def _shown(path: Path, limit: int = 80) -> str:
    text = str(path)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def saves_folder_problem(folder: Path, *, writable: bool = True, what: str = "the saves folder",
                         named: bool = True) -> str | None:
    """Why ``folder`` cannot hold saves, in plain words ("the saves folder
    /x is a file, not a folder"), or None. A folder not there yet is no
    problem (the first save makes it) unless what would hold it is a file;
    with ``writable``, a folder (or the one that would hold it) that cannot be
    written to is one too. ``what``: how the message names the folder (``named``: and its path after that)."""
    folder = Path(folder)
    shown = f"{what} {_shown(folder)}" if named else what
    access = os.W_OK | os.X_OK
    try:
        if folder.is_dir():
            return None if not writable or os.access(folder, access) else f"{shown} cannot be written to"
        if folder.is_symlink() and not folder.exists():
            return f"{shown} is a link to nothing"
        if folder.exists():
            return f"{shown} is a file, not a folder"
        for parent in folder.parents:
            if parent.is_dir():
                if writable and not os.access(parent, access):
                    return f"{shown} cannot be made: {_shown(parent)} cannot be written to"
                return None
            if parent.exists() or parent.is_symlink():
                return f"{shown} cannot be made: {_shown(parent)} is a file, not a folder"
    except OSError as exc:
        return f"{shown} cannot be used: {exc.strerror or exc}"
    return None
