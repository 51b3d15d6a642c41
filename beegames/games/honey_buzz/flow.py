"""Carrying a turn on after a decision: the rules modules change the state
and either ask a new decision or leave none pending; then :func:`resume`
works out what comes next. Keeping this here, above every rules module,
means no rules module ever calls back up into the one that called it.
"""

from __future__ import annotations

from . import drones, market, turns
from .models import HoneyBuzzState


def resume(s: HoneyBuzzState) -> None:
    """Nothing is pending: drop queued market values, run the checks due
    after every change, then finish the drone turn or start the next owed
    action (ending the turn when none is left)."""
    if s.phase == "over" or s.pending is not None:
        return
    if s.drops and not market.process_drops(s):
        return
    turns.after_change(s)
    if s.phase == "drone":
        if s.drone_card is not None:
            drones.finish_turn(s)
    elif s.phase == "play":
        turns.next_action(s)
