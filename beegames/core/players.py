"""Computer players: the interface and a legal random player for any game."""

from __future__ import annotations

import random
from typing import Any, Protocol

from pydantic import BaseModel

from .protocol import Engine


class ComputerPlayer(Protocol):
    """Something that picks a move for the pending decision.

    A player may think for a while (search); it must only return a move
    from ``engine.legal_moves(state)``. Its own randomness does not come
    from the game's RNG: the chosen move is recorded in the history, so a
    replay never needs to ask the player again.
    """

    def choose(self, engine: Engine, state: BaseModel) -> Any: ...


class RandomPlayer:
    """Picks uniformly among the legal moves. Seeded for repeatable runs."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, engine: Engine, state: BaseModel) -> Any:
        moves = engine.legal_moves(state)
        if not moves:
            raise RuntimeError("no legal move for the pending decision")
        return moves[self._random.randrange(len(moves))]
