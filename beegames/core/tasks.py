"""One queue of automatic tasks for every game that has automatic steps.

Whatever happens without a decision (a roll, an automaton's turn, the end of
a round, the next month) is a *task* waiting in the state's ``queue``. The
engine's ``step`` runs tasks from the front of the queue until one of them did
something worth showing (its handler returned True or it added a log line)
or the game waits for a seat (a decision is pending) or is over.

Task format
-----------
A task is a :class:`Task`: a name and its arguments, all words (integers,
letters, one-word names). In the state (and so in saves) it is kept as one
string, the name and the arguments separated by single spaces::

    pturn 2          Bee Lives: seat 2's action turn
    make_honey 4 0 2 Waggle Dance: seat 0's pairs of 4s make honey, from room 2 on

so a queue is JSON-stable: the same text whatever Python values built it.
Each game has one :class:`TaskRegistry`; a handler is registered once under
its name (:meth:`TaskRegistry.task`), next to the rule it carries out, and is
given the state and the argument strings. The runner removes a task before
running it: a handler that must come back puts a follow-up task in front
(:func:`push`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, NamedTuple, Protocol, TypeVar


class Queued(Protocol):
    """A state with a task queue and a log."""

    queue: list[str]
    log: list[Any]


S = TypeVar("S", bound=Queued)
#: A task handler: the state and the task's arguments; True when it did
#: something worth showing on its own (a log line counts anyway).
Handler = Callable[[S, list[str]], bool | None]


class Task(NamedTuple):
    """A task: its name and its arguments (words)."""

    name: str
    args: tuple[str, ...] = ()

    @classmethod
    def read(cls, text: str) -> Task:
        """The task whose queue text is ``text``."""
        name, *args = text.split(" ")
        return cls(name, tuple(args))

    def text(self) -> str:
        """The task as it is kept in a queue."""
        return " ".join((self.name, *self.args))


def make(name: str, *args: object) -> str:
    """The queue text of the task ``name`` with ``args`` (each one word)."""
    words = [str(a) for a in args]
    for w in (name, *words):
        if not w or " " in w:
            raise ValueError(f"a task's name and arguments are single words, not {w!r}")
    return Task(name, tuple(words)).text()


def push(s: Queued, *tasks: str) -> None:
    """Put ``tasks`` at the front of the queue, in the given order."""
    s.queue[0:0] = list(tasks)


class TaskRegistry(Generic[S]):
    """One game's task handlers, by name, and the runner of its queue.

    ``waiting(state)`` says when the queue must stop: a decision is pending or
    the game is over. ``after_each`` (optional) runs after every task, for the
    checks due after any change."""

    def __init__(self, game: str, waiting: Callable[[S], bool],
                 after_each: Callable[[S], None] | None = None) -> None:
        self.game = game
        self.waiting = waiting
        self.after_each = after_each
        self._handlers: dict[str, Handler[S]] = {}

    def task(self, name: str) -> Callable[[Handler[S]], Handler[S]]:
        """A decorator registering the handler of the task ``name``."""

        def register(fn: Handler[S]) -> Handler[S]:
            self.add(name, fn)
            return fn

        return register

    def add(self, name: str, fn: Handler[S]) -> None:
        """Register ``fn`` as the handler of ``name`` (once)."""
        if not name or " " in name:
            raise ValueError(f"a task name is one word, not {name!r}")
        if name in self._handlers and self._handlers[name] is not fn:
            raise ValueError(f"the task {name!r} is registered twice")
        self._handlers[name] = fn

    def add_all(self, handlers: Iterable[tuple[str, Handler[S]]]) -> None:
        """Register several handlers, ``(name, handler)`` each."""
        for name, fn in handlers:
            self.add(name, fn)

    def registered(self) -> dict[str, Handler[S]]:
        """Every task name and its handler."""
        return dict(self._handlers)

    def __contains__(self, name: object) -> bool:
        return name in self._handlers

    def due(self, s: S) -> bool:
        """Whether an automatic step is due: nothing waits and a task is queued."""
        return bool(s.queue) and not self.waiting(s)

    def run_step(self, s: S) -> None:
        """Run tasks until one did something worth showing or the game waits.

        An empty queue while nothing waits is a bug of the rules (the game
        could never go on), so it raises."""
        n_log = len(s.log)
        while not self.waiting(s):
            did = self.run_one(s)
            if did or len(s.log) != n_log:
                return

    def run_one(self, s: S) -> bool | None:
        """Remove the task at the front of the queue and run it (then
        ``after_each``); its handler's answer (True: worth showing on its own).

        For a game that decides itself where its steps stop (Honey Buzz runs
        its tasks to the next decision inside a move). Raises
        :class:`RuntimeError` on an empty queue or a task nobody registered."""
        if not s.queue:
            raise RuntimeError(f"{self.game}: no task left but the game is not over")
        name, _, args = s.queue.pop(0).partition(" ")  # as Task.read, without building a Task (hot)
        handler = self._handlers.get(name)
        if handler is None:
            raise RuntimeError(f"{self.game}: unknown task {name!r}")
        did = handler(s, args.split(" ") if args else [])
        if self.after_each is not None:
            self.after_each(s)
        return did
