"""The kernel's one task queue (issue 21, point 2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from beegames.core.tasks import Task, TaskRegistry, make, push


@dataclass
class Toy:
    queue: list[str] = field(default_factory=list)
    log: list[Any] = field(default_factory=list)
    done: list[str] = field(default_factory=list)
    waiting: bool = False


def _registry() -> TaskRegistry[Toy]:
    tasks: TaskRegistry[Toy] = TaskRegistry("Toy", lambda s: s.waiting)

    @tasks.task("quiet")
    def quiet(s: Toy, args: list[str]) -> None:
        s.done.append("quiet " + "/".join(args))

    @tasks.task("loud")
    def loud(s: Toy, args: list[str]) -> None:
        s.log.append("loud")

    @tasks.task("shown")
    def shown(s: Toy, args: list[str]) -> bool:
        push(s, make("quiet", "again"))
        return True

    @tasks.task("ask")
    def ask(s: Toy, args: list[str]) -> None:
        s.waiting = True

    return tasks


def test_a_task_is_a_name_and_words_kept_as_one_string():
    assert make("make_honey", 4, 0, 2) == "make_honey 4 0 2"
    assert Task.read("make_honey 4 0 2") == Task("make_honey", ("4", "0", "2"))
    assert Task.read("round") == Task("round") and Task("round").text() == "round"
    for bad in (("two words",), ("x", ""), ("x", "a b")):
        with pytest.raises(ValueError):
            make(*bad)


def test_the_runner_stops_at_what_shows_or_waits_and_refuses_what_it_cannot_run():
    tasks = _registry()
    s = Toy(queue=["quiet 1 2", "loud", "quiet 3", "shown", "ask", "quiet 4"])
    tasks.run_step(s)
    assert s.done == ["quiet 1/2"] and s.log == ["loud"]
    tasks.run_step(s)
    assert s.done == ["quiet 1/2", "quiet 3"] and s.queue == ["quiet again", "ask", "quiet 4"]
    tasks.run_step(s)
    assert s.waiting and s.queue == ["quiet 4"] and not tasks.due(s)
    with pytest.raises(ValueError):
        tasks.add("quiet", lambda s, args: None)
    with pytest.raises(RuntimeError, match="unknown task"):
        tasks.run_step(Toy(queue=["nothing"]))
    with pytest.raises(RuntimeError, match="no task left"):
        tasks.run_step(Toy())


def test_one_task_at_a_time_for_a_game_that_stops_its_steps_itself():
    tasks = _registry()
    s = Toy(queue=["shown", "loud"])
    assert tasks.run_one(s) is True and s.queue == ["quiet again", "loud"]
    assert tasks.run_one(s) is None and s.done == ["quiet again"] and s.queue == ["loud"]
    with pytest.raises(RuntimeError, match="no task left"):
        tasks.run_one(Toy())
