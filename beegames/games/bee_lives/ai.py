"""Computer players for Bee Lives: the players of each level, put together.

``random`` picks any legal move. ``basic`` and ``good`` are the heuristic
player of :mod:`.heuristic` with two sets of numbers, wrapped in the
solo-mode player of :mod:`.ai_modes`, which steers it toward a challenge's,
scenario's or campaign's goals and leaves a basic game to it. In a
one-year basic solo game ``good`` hands its decisions to the planner of
:mod:`.planner` instead.

The dependencies run one way: this module imports the other three,
:mod:`.ai_modes` and :mod:`.planner` import :mod:`.heuristic`, and
:mod:`.heuristic` imports none of them. The heuristic player's names are
offered here too, for the callers that tune or wrap it.

Players see only ``engine.view(state, seat)``; nothing here reads the real
state or its generator.
"""

from __future__ import annotations

from typing import Any

from ...core.players import RandomPlayer
from .ai_modes import ModePlayer
from .heuristic import GOOD_INTENTS, STYLES, HeuristicPlayer, Style
from .planner import PlannerPlayer


def make_player(level: str, seed: int, style: Style | None = None) -> Any:
    """The computer player of ``level`` (``random``, ``basic`` or ``good``) drawing
    its own choices from ``seed``; ``style`` replaces the level's numbers (and then
    ``good`` keeps the heuristic player in a one-year basic solo game too).
    Raises ``ValueError`` for an unknown level."""
    if level == "random":
        return RandomPlayer(seed)
    if level in STYLES:
        inner = HeuristicPlayer(seed, style or STYLES[level])
        if level == "good" and style is None:
            # the one-year basic solo game: a plan for each month
            return ModePlayer(inner, basic=PlannerPlayer(seed))
        return ModePlayer(inner)
    raise ValueError(f"unknown Bee Lives level {level!r}; choose random, basic or good")


__all__ = ["GOOD_INTENTS", "STYLES", "HeuristicPlayer", "Style", "make_player"]
