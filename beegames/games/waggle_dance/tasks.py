"""The queue of automatic tasks that moves a round along.

Everything that happens without a decision (rolling, resolving the dice on an
action, Bumblebot's turn, the end of a round) is a *task* waiting in
``state.queue``. The engine's :meth:`step` runs tasks from the front of the
queue until one of them did something worth showing (it returns True or adds
a log line) or a seat must decide (it set ``state.pending``).

Task format
-----------
A task is a string: its name, then its arguments, separated by single spaces::

    collect_room 3          resolve the die on space A3 (2022: ascending values)
    hatch_eggs 5            hatch every egg under a pair of 5s
    gather_nectar 2         share out the nectar of flower 2
    store_nectar 1          seat 1 stores the nectar it gathered
    make_honey 4 0 2        seat 0's pairs of 4s make honey, from room 2 on
    threat_penalty 1 Wasp   the Wasp strikes seat 1

Arguments are integers (die values, flower numbers, seats, room indexes), an
action letter, or a threat's name (one word). Each name is registered once,
with :func:`task`, next to the rule it carries out (setup, day, night,
threats, cards, 2014 reactions); its docstring says what it does. A handler
receives the state and the argument strings. The runner removes a task before
running it: a handler that must come back (to go through several rooms one
decision at a time) puts a follow-up task in front with :func:`push`.
"""

from __future__ import annotations

from collections.abc import Callable

from .models import Table

TaskFn = Callable[[Table, list[str]], bool]

_TASKS: dict[str, TaskFn] = {}


def task(name: str) -> Callable[[TaskFn], TaskFn]:
    """Register the handler of the task ``name``."""

    def register(fn: TaskFn) -> TaskFn:
        if name in _TASKS and _TASKS[name] is not fn:
            raise ValueError(f"the task {name!r} is registered twice")
        _TASKS[name] = fn
        return fn

    return register


def registered() -> dict[str, TaskFn]:
    """Every task name and its handler."""
    return dict(_TASKS)


def make(name: str, *args: object) -> str:
    """The task string for ``name`` with ``args``."""
    return " ".join([name, *(str(a) for a in args)])


def push(s: Table, *tasks: str) -> None:
    """Put ``tasks`` at the front of the queue, in the given order."""
    s.queue[0:0] = list(tasks)


def run_step(s: Table) -> None:
    """Run tasks until something visible happened or a decision is due."""
    n_log = len(s.log)
    while s.phase != "over" and s.pending is None:
        if not s.queue:
            raise RuntimeError("Waggle Dance: no task left but the game is not over")
        name, *args = s.queue.pop(0).split(" ")
        handler = _TASKS.get(name)
        if handler is None:
            raise RuntimeError(f"Waggle Dance: unknown task {name!r}")
        did = handler(s, args)
        if did or len(s.log) != n_log:
            return
