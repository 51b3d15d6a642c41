"""Local stand-in for the kernel pieces of issue 7 that are not on main yet.

It has the shape given in ``notes/kernel-api.md``: :class:`GameState` with
``say``/``reveal``, :class:`PrivateLine`, :class:`HiddenItem`, the default
per-seat view, and ``connected``/``components`` for hex cells. When the
kernel lands on main, this module is deleted and the imports point at
``beegames.core.state``, ``beegames.core.views`` and ``beegames.core.hexgrid``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict

from ...core.rng import RngState


class PrivateLine(BaseModel):
    """A log line only some seats may read."""

    model_config = ConfigDict(frozen=True)

    text: str
    seats: tuple[int, ...]


LogEntry = str | PrivateLine


class GameState(BaseModel):
    """Typed base of a game's state model."""

    turn: int = 0
    log: list[LogEntry] = []
    revealed: int = 0
    rng: RngState | None = None

    def say(self, text: str, seats: Iterable[int] | None = None) -> None:
        """Append a log line: public, or private to ``seats``."""
        if seats is None:
            self.log.append(text)
        else:
            self.log.append(PrivateLine(text=text, seats=tuple(seats)))

    def reveal(self) -> None:
        """Mark that this change showed chance or hidden information."""
        self.revealed += 1


class HiddenItem(NamedTuple):
    path: tuple[str | int, ...]
    seen_by: frozenset[int]
    placeholder: Any


S = TypeVar("S", bound=GameState)

#: What a view holds instead of the generator: nobody may see the real one.
NEUTRAL_RNG_SEED = 0


def neutral_rng() -> RngState:
    return RngState.from_seed(NEUTRAL_RNG_SEED)


def _set_path(data: Any, path: Sequence[str | int], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def redacted_view(state: S, seat: int | None, items: list[HiddenItem]) -> S:
    """The default view: hidden items replaced, private log lines dropped,
    the generator made neutral."""
    data = state.model_dump()
    for item in items:
        if seat is None or seat not in item.seen_by:
            _set_path(data, item.path, item.placeholder)
    data["log"] = [e for e in data["log"] if isinstance(e, str) or (seat is not None and seat in e["seats"])]
    if data.get("rng") is not None:
        data["rng"] = neutral_rng().model_dump()
    return type(state).model_validate(data)


def visible_log(state: GameState, seat: int | None) -> list[str]:
    out = []
    for e in state.log:
        if isinstance(e, str):
            out.append(e)
        elif seat is not None and seat in e.seats:
            out.append(e.text)
    return out


def has_hidden_information(items: list[HiddenItem], seats: int) -> bool:
    everyone = frozenset(range(seats))
    return any(item.seen_by and item.seen_by != everyone for item in items)


def components(cells: Iterable[Any], neighbours: Callable[[Any], Iterable[Any]]) -> list[set[Any]]:
    """Connected components of ``cells`` under ``neighbours``."""
    left = set(cells)
    out: list[set[Any]] = []
    while left:
        start = left.pop()
        comp = {start}
        todo = [start]
        while todo:
            c = todo.pop()
            for n in neighbours(c):
                if n in left:
                    left.discard(n)
                    comp.add(n)
                    todo.append(n)
        out.append(comp)
    return out


def connected(cells: Iterable[Any], neighbours: Callable[[Any], Iterable[Any]]) -> bool:
    return len(components(cells, neighbours)) <= 1
