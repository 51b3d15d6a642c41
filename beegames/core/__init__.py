"""The kernel shared by every game: protocol, errors, RNG, saves, hex grid,
computer players. Nothing here knows any particular game or imports Textual.

The names below are loaded on first use, so importing one small module of
the kernel (``beegames.core.errors``) does not load pydantic and every model.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import BeegamesError, IllegalMove, SaveError, UnknownGame
    from .match import HistoryEntry, Match, MatchHeader
    from .protocol import Decision, Engine, GameResult, SeatInfo
    from .rng import Rng, RngState

_WHERE = {
    "BeegamesError": "errors", "IllegalMove": "errors", "SaveError": "errors", "UnknownGame": "errors",
    "HistoryEntry": "match", "Match": "match", "MatchHeader": "match",
    "Decision": "protocol", "Engine": "protocol", "GameResult": "protocol", "SeatInfo": "protocol",
    "Rng": "rng", "RngState": "rng",
}

__all__ = [
    "BeegamesError", "Decision", "Engine", "GameResult", "HistoryEntry", "IllegalMove", "Match",
    "MatchHeader", "Rng", "RngState", "SaveError", "SeatInfo", "UnknownGame",
]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
