"""Computer players for Bee Lives."""

from __future__ import annotations

from typing import Any

from ...core.players import RandomPlayer


def make_player(level: str, seed: int) -> Any:
    return RandomPlayer(seed)
