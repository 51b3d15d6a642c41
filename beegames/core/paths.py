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
