"""The registry of games. Each game is a package under ``beegames.games``."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..core.errors import UnknownGame
from ..core.protocol import Engine

#: Every game id the suite knows, with the module and class of its engine.
#: ``None`` marks a game announced but not built yet.
_ENGINES: dict[str, tuple[str, str] | None] = {
    "hive": ("beegames.games.hive", "HiveEngine"),
    "waggle-dance": ("beegames.games.waggle_dance", "WaggleDanceEngine"),
    "bee-lives": ("beegames.games.bee_lives", "BeeLivesEngine"),
    "honey-buzz": ("beegames.games.honey_buzz", "HoneyBuzzEngine"),
}

TITLES = {
    "hive": "Hive",
    "waggle-dance": "Waggle Dance",
    "bee-lives": "Bee Lives",
    "honey-buzz": "Honey Buzz",
}


def known_games() -> list[str]:
    """Every game id the suite knows, playable or only announced, in the order the menus list them."""
    return list(_ENGINES)


def available_games() -> list[str]:
    """Ids of the games that can be played now."""
    out = []
    for game_id in _ENGINES:
        try:
            get_engine(game_id)
        except UnknownGame:
            continue
        out.append(game_id)
    return out


_cache: dict[str, Engine[Any, Any]] = {}


def get_engine(game_id: str) -> Engine[Any, Any]:
    """The engine of ``game_id``; raises :class:`UnknownGame` with a clear reason."""
    if game_id in _cache:
        return _cache[game_id]
    if game_id not in _ENGINES:
        raise UnknownGame(f"unknown game {game_id!r}; the games are: {', '.join(_ENGINES)}")
    spec = _ENGINES[game_id]
    if spec is None:
        raise UnknownGame(f"{TITLES[game_id]} is not playable yet in this version of beegames")
    module_name, class_name = spec
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise UnknownGame(f"{TITLES[game_id]} is not playable yet in this version of beegames") from exc
        raise
    engine_cls = getattr(module, class_name, None)
    if engine_cls is None:
        raise UnknownGame(f"{TITLES[game_id]} could not be loaded ({module_name} has no {class_name})")
    engine: Engine[Any, Any] = engine_cls()
    _cache[game_id] = engine
    return engine


def register(engine: Engine[Any, Any]) -> None:
    """Add an engine at run time (used by tests and by plugins)."""
    _ENGINES.setdefault(engine.game_id, ("", ""))
    TITLES.setdefault(engine.game_id, engine.title)
    _cache[engine.game_id] = engine
