"""Where the solo modes change the base rules: the base rules announce an
event, the modes (:mod:`.solo`, :mod:`.scenarios`, :mod:`.campaigns`) register
what they do then.

A base rule never imports a mode for these events: it calls the function of
the event here, which runs every handler registered for it, in the order
registered. The modes register when the package loads (``__init__`` imports
them). The events:

- **spawn**: a wild hive came into play (:func:`spawned`);
- **removal**: a wild hive left the map (:func:`removed`);
- **waking**: whether the wild hives are awake in the first spring (:func:`awake_in_spring`);
- **winter**: a year ended after its winter (:func:`year_ended`), the game
  ended (:func:`game_ended`), and the result of a game with a solo mode
  (:func:`mode_result`).

The base rules call these only in a game with a solo mode (``state.solo``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ...core.protocol import GameResult
from .models import BeeLivesState

#: spawn: the state, the new hive's index, the hive that swarmed (or None),
#: and whether the caller decided its infection (None: a mode may roll for it)
SpawnHook = Callable[[BeeLivesState, int, "int | None", "bool | None"], None]
RemovalHook = Callable[[BeeLivesState, int], None]
StateHook = Callable[[BeeLivesState], None]
WakingHook = Callable[[BeeLivesState], bool]
ResultHook = Callable[[BeeLivesState], GameResult]

_SPAWN: list[SpawnHook] = []
_REMOVAL: list[RemovalHook] = []
_WAKING: list[WakingHook] = []
_YEAR_END: list[StateHook] = []
_GAME_END: list[StateHook] = []
_RESULT: list[ResultHook] = []

F = TypeVar("F")


def _adder(hooks: list[F]) -> Callable[[F], F]:
    def register(fn: F) -> F:
        if fn not in hooks:
            hooks.append(fn)
        return fn

    return register


#: Decorators registering a mode's handler of each event.
on_spawn = _adder(_SPAWN)
on_removal = _adder(_REMOVAL)
on_waking = _adder(_WAKING)
on_year_end = _adder(_YEAR_END)
on_game_end = _adder(_GAME_END)
on_result = _adder(_RESULT)


def spawned(s: BeeLivesState, idx: int, parent: int | None, infected: bool | None) -> None:
    """Wild hive ``idx`` came into play (``parent``: the hive that swarmed)."""
    for fn in _SPAWN:
        fn(s, idx, parent, infected)


def removed(s: BeeLivesState, idx: int) -> None:
    """Wild hive ``idx`` left the map."""
    for fn in _REMOVAL:
        fn(s, idx)


def awake_in_spring(s: BeeLivesState) -> bool:
    """Whether some mode wakes the wild hives in the first spring."""
    return any(fn(s) for fn in _WAKING)


def year_ended(s: BeeLivesState) -> None:
    """A year ended, after its winter and its scoring."""
    for fn in _YEAR_END:
        fn(s)


def game_ended(s: BeeLivesState) -> None:
    """The game ended (before the last starvation tokens are counted)."""
    for fn in _GAME_END:
        fn(s)


def mode_result(s: BeeLivesState) -> GameResult:
    """The result of a game with a solo mode, from the one mode that gives it."""
    if len(_RESULT) != 1:
        raise RuntimeError(f"Bee Lives: {len(_RESULT)} solo results registered, not one")
    return _RESULT[0](s)
