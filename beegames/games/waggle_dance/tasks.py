"""The queue of automatic tasks that moves a round along.

Everything that happens without a decision (rolling, resolving the dice on an
action, Bumblebot's turn, the end of a round) is a *task* waiting in
``state.queue``. The engine's :meth:`step` runs tasks from the front of the
queue until one of them did something worth showing (it returns True or adds
a log line) or a seat must decide (it set ``state.pending``).

Task format
-----------
The kernel's one task format (:mod:`beegames.core.tasks`): the name, then its
arguments, separated by single spaces::

    collect_room 3          resolve the die on space A3 (2022: ascending values)
    hatch_eggs 5            hatch every egg under a pair of 5s
    gather_nectar 2         share out the nectar of flower 2
    store_nectar 1          seat 1 stores the nectar it gathered
    make_honey 4 0 2        seat 0's pairs of 4s make honey, from room 2 on
    threat_penalty 1 Wasp   the Wasp strikes seat 1

Arguments are integers (die values, flower numbers, seats, room indexes), an
action letter, or a threat's name (one word). Each name is registered once in
the game's :class:`~beegames.core.tasks.TaskRegistry`, with :func:`task`,
next to the rule it carries out (setup, day, night, threats, cards, 2014
reactions); its docstring says what it does. A handler receives the state and
the argument strings. The runner removes a task before running it: a handler
that must come back (to go through several rooms one decision at a time) puts
a follow-up task in front with :func:`push`.
"""

from __future__ import annotations

from ...core.tasks import TaskRegistry, make, push
from .models import Table

__all__ = ["TASKS", "make", "push", "registered", "run_step", "task"]


def _waiting(s: Table) -> bool:
    return s.phase == "over" or s.pending is not None


#: Every Waggle Dance task, by name.
TASKS: TaskRegistry[Table] = TaskRegistry("Waggle Dance", _waiting)
task = TASKS.task
registered = TASKS.registered
run_step = TASKS.run_step
