"""The queue of automatic work that carries a Honey Buzz turn on.

Whatever happens without a decision is a *task* in ``state.queue``, in the
kernel's one format (:mod:`beegames.core.tasks`: a name and one-word
arguments; Honey Buzz's tasks take none), registered with :func:`task` next
to the rule it carries out:

    drops        market.py  drop the market values queued by sales and drone cards
    checks       turns.py   the checks due after every change: speed contests, end triggers
    next_action  turns.py   start the next owed hive action, ask which one, or end the turn
    drone_turn   drones.py  solitaire: flip a drone card and start its action
    drone_end    drones.py  solitaire: move a drone, then the player's turn

Answering a decision queues what follows it (the decision class's ``then``
in :mod:`.rules`: after a player's choice ``checks next_action``, after a
market transaction ``drops checks next_action``, after a drone choice
``drops checks drone_end``); a task that must wait for a decision and then
go on puts itself back in front (``drops``).

A move finishes inside the engine's ``apply``: :func:`run` runs the queue
until a seat must decide or the game is over, but it stops before the drone
turn, which is the engine's one automatic step (:func:`step`), so that the
table shows it on its own as it always has.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...core.tasks import TaskRegistry, push

if TYPE_CHECKING:  # for types only: the state model imports this module (:func:`old_queue`)
    from .models import HoneyBuzzState

__all__ = ["AFTER_DRONE_CHOICE", "AFTER_PLAYER_CHOICE", "AFTER_SALE", "DRONE_TURN", "TASKS", "old_queue", "push",
           "registered", "run", "step", "step_due", "task"]

#: the drone turn: the engine's automatic step, never run inside a move
DRONE_TURN = "drone_turn"
#: what follows a decision of the player's own turn once it is answered
AFTER_PLAYER_CHOICE = ("checks", "next_action")
#: what follows a market transaction: the value a sale queued drops first (and what waits
#: behind a drop being chosen on the player's turn)
AFTER_SALE = ("drops", *AFTER_PLAYER_CHOICE)
#: what follows a decision on a drone turn (or the drone card when it needs none)
AFTER_DRONE_CHOICE = ("drops", "checks", "drone_end")


def _waiting(s: HoneyBuzzState) -> bool:
    return s.phase == "over" or s.pending is not None


#: Every Honey Buzz task, by name.
TASKS: TaskRegistry[HoneyBuzzState] = TaskRegistry("Honey Buzz", _waiting)
task = TASKS.task
registered = TASKS.registered


def run(s: HoneyBuzzState) -> None:
    """Run the queued tasks until a seat must decide, the game is over, or the
    drone turn is next (left for :func:`step`); raises :class:`RuntimeError`
    when nothing waits and nothing is queued (a bug of the rules)."""
    while s.pending is None and s.phase != "over":  # (not waiting: inlined, this runs after every move)
        if s.queue and s.queue[0] == DRONE_TURN:
            return
        TASKS.run_one(s)


def step_due(s: HoneyBuzzState) -> bool:
    """Whether the automatic step is due: nothing waits and the drone turn is next."""
    return not _waiting(s) and bool(s.queue) and s.queue[0] == DRONE_TURN


def step(s: HoneyBuzzState) -> None:
    """The automatic step: the drone turn, and what follows it up to the next decision."""
    TASKS.run_one(s)
    run(s)


def old_queue(data: Mapping[str, object]) -> list[str]:
    """The queue a state written before Honey Buzz had one stands for (such a
    state is always at rest): the rest of the market drops and the turn when
    a drop is being chosen, the drone turn when it is due, else nothing."""
    pend = data.get("pending")
    phase = data.get("phase")
    if phase == "over":
        return []
    if pend is not None:
        kind = pend.get("kind") if isinstance(pend, dict) else getattr(pend, "kind", None)
        if kind != "drop":
            return []
        return list(AFTER_DRONE_CHOICE if phase == "drone" else AFTER_SALE)
    if phase == "drone" and data.get("drone_card") is None:
        return [DRONE_TURN]
    return []
