"""Computer players for Honey Buzz."""

from __future__ import annotations

from ...core.players import RandomPlayer


def make_player(level: str, seed: int):
    return RandomPlayer(seed)
