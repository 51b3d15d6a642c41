"""The player's last choices on the new-game form, kept in a small file
beside the saves (``.beegames-settings``, JSON, in the saves folder).

Reading never fails: a missing, damaged or foreign file gives empty
settings. Writing is atomic and its failures are ignored (the settings are a
convenience, never worth an error message).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core.errors import SaveError
from ..core.saves import atomic_write_text, parse_json, read_bytes_safely, settings_path

#: The largest settings file read.
LIMIT = 256 * 1024


def load_settings(folder: Path) -> dict[str, Any]:
    path = settings_path(folder)
    try:
        data = parse_json(path, read_bytes_safely(path, LIMIT))
    except SaveError:
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(folder: Path, data: dict[str, Any]) -> bool:
    try:
        atomic_write_text(settings_path(folder), json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    except (SaveError, OSError, TypeError, ValueError):
        return False
    return True


def remembered_game(folder: Path) -> tuple[str | None, dict[str, Any]]:
    """The game chosen last time, and the choices made for each game."""
    new_game = load_settings(folder).get("new_game")
    if not isinstance(new_game, dict):
        return None, {}
    game = new_game.get("game")
    games = new_game.get("games")
    return (game if isinstance(game, str) else None), (games if isinstance(games, dict) else {})


def remember_game(folder: Path, game: str, choices: dict[str, Any]) -> bool:
    """Record ``choices`` (players, seats, options, hand-offs) for ``game``."""
    data = load_settings(folder)
    new_game = data.get("new_game")
    if not isinstance(new_game, dict):
        new_game = {}
    games = new_game.get("games")
    if not isinstance(games, dict):
        games = {}
    games[game] = choices
    new_game.update(game=game, games=games)
    data["new_game"] = new_game
    return save_settings(folder, data)
