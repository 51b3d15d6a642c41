"""Screens of the app. Each game may have a dedicated screen; any other game
is played through :class:`GenericGameScreen`."""

from __future__ import annotations

from importlib import import_module

from .game import GameScreen, GenericGameScreen

_DEDICATED = {
    "hive": ("beegames.ui.screens.hive", "HiveScreen"),
    "waggle-dance": ("beegames.ui.screens.waggle_dance", "WaggleDanceScreen"),
    "honey-buzz": ("beegames.ui.screens.honey_buzz", "HoneyBuzzScreen"),
    "bee-lives": ("beegames.ui.screens.bee_lives", "BeeLivesScreen"),
}


def game_screen_for(game_id: str) -> type[GameScreen]:
    spec = _DEDICATED.get(game_id)
    if spec is None:
        return GenericGameScreen
    try:
        module = import_module(spec[0])
    except ModuleNotFoundError as exc:
        if exc.name == spec[0]:
            return GenericGameScreen
        raise
    screen: type[GameScreen] = getattr(module, spec[1])
    return screen
