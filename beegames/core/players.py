"""Computer players: the interface every game's bots implement, and a legal
random player for any game.

This module depends on nothing else in the kernel: a player sees the engine
only through the small :class:`MoveLister` protocol (every
:class:`~beegames.core.protocol.Engine` is one).
"""

from __future__ import annotations

import random
from typing import Any, Protocol


class MoveLister(Protocol):
    """What a computer player may ask the rules: the legal moves of a state."""

    def legal_moves(self, state: Any) -> list[Any]: ...


class ComputerPlayer(Protocol):
    """Something that picks a move for the pending decision of its seat.

    ``view`` is the state as the player's seat may see it
    (``engine.view(state, seat)``): other seats' hidden items are replaced and
    the chance generator is neutral, so a player can never peek. It must
    return one of ``engine.legal_moves(view)``. A player may keep memory
    between calls (the kernel keeps one player per seat for a whole match);
    its own randomness never comes from the game's generator, because the
    chosen move is recorded and a replay never asks the player again.
    """

    def choose(self, engine: Any, view: Any) -> Any: ...


class RandomPlayer:
    """Picks uniformly among the legal moves. Seeded for repeatable runs."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, engine: MoveLister, view: Any) -> Any:
        moves = engine.legal_moves(view)
        if not moves:
            raise RuntimeError("no legal move for the pending decision")
        return moves[self._random.randrange(len(moves))]
