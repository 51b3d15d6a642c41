"""The kernel shared by every game: protocol, errors, RNG, saves, hex grid,
computer players. Nothing here knows any particular game or imports Textual."""

from .errors import BeegamesError, IllegalMove, SaveError, UnknownGame
from .match import HistoryEntry, Match, MatchHeader
from .protocol import Decision, Engine, GameResult, SeatInfo
from .rng import Rng, RngState

__all__ = [
    "BeegamesError", "Decision", "Engine", "GameResult", "HistoryEntry", "IllegalMove", "Match",
    "MatchHeader", "Rng", "RngState", "SaveError", "SeatInfo", "UnknownGame",
]
