"""Screens of the app. Each game may have a dedicated screen; any other game
is played through :class:`GenericGameScreen`.

Nothing is imported here when the package loads, so the first screen (the
main menu) does not pay for the game screens, the forms or any engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import GameScreen

_DEDICATED = {
    "hive": ("beegames.ui.screens.hive", "HiveScreen"),
    "waggle-dance": ("beegames.ui.screens.waggle_dance", "WaggleDanceScreen"),
    "honey-buzz": ("beegames.ui.screens.honey_buzz", "HoneyBuzzScreen"),
    "bee-lives": ("beegames.ui.screens.bee_lives", "BeeLivesScreen"),
}


def game_screen_for(game_id: str) -> type[GameScreen]:
    from .game import GameScreen, GenericGameScreen

    spec = _DEDICATED.get(game_id)
    if spec is None:
        return GenericGameScreen
    try:
        module = import_module(spec[0])
    except ModuleNotFoundError as exc:
        if exc.name == spec[0]:
            return GenericGameScreen
        raise
    screen = getattr(module, spec[1])
    if not (isinstance(screen, type) and issubclass(screen, GameScreen)):
        return GenericGameScreen
    return screen


def __getattr__(name: str) -> object:
    if name in ("GameScreen", "GenericGameScreen"):
        return getattr(import_module(".game", __name__), name)
    raise AttributeError(name)
