"""Local stand-in for the kernel pieces of issue 7 that are not on main yet.

Same shapes as ``beegames/core/state.py`` and ``beegames/core/views.py`` in
the kernel contract: :class:`GameState` (log with private lines, the
``revealed`` counter), :class:`PrivateLine`, :class:`HiddenItem`, the default
per-seat view, and the ``connected`` / ``components`` helpers of
``core/hexgrid.py``. This module goes away when the kernel lands; the rest of
the package imports these names from here only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict

from ...core.hexgrid import Hex, neighbours
from ...core.rng import RngState


class PrivateLine(BaseModel):
    """A log line only ``seats`` may read."""

    model_config = ConfigDict(frozen=True)

    text: str
    seats: tuple[int, ...]


LogEntry = str | PrivateLine


class GameState(BaseModel):
    """Typed base of a game's state: turn counter, log, reveal counter, RNG."""

    turn: int = 0
    log: list[LogEntry] = []
    revealed: int = 0
    rng: RngState | None = None

    def say(self, text: str, seats: Iterable[int] | None = None) -> None:
        """Append a log line: public, or private to ``seats``."""
        if seats is None:
            self.log.append(text)
        else:
            self.log.append(PrivateLine(text=text, seats=tuple(sorted(set(seats)))))

    def reveal(self) -> None:
        """Chance or hidden information was just shown: undo stops here."""
        self.revealed += 1


class HiddenItem(NamedTuple):
    path: tuple[str | int, ...]
    seen_by: frozenset[int]
    placeholder: Any


def line_visible(entry: LogEntry, seat: int | None) -> bool:
    if isinstance(entry, str):
        return True
    return seat is not None and seat in entry.seats


def visible_log(state: GameState, seat: int | None) -> list[str]:
    return [e if isinstance(e, str) else e.text for e in state.log if line_visible(e, seat)]


def redacted_view(state: GameState, items: list[HiddenItem], seat: int | None) -> Any:
    """The default view: every item ``seat`` may not see replaced by its
    placeholder, only the log lines ``seat`` may read, a neutral RNG."""
    data = state.model_dump()
    for item in items:
        if seat is not None and seat in item.seen_by:
            continue
        node: Any = data
        for key in item.path[:-1]:
            node = node[key]
        node[item.path[-1]] = item.placeholder
    data["log"] = [e for e in state.log if line_visible(e, seat)]
    if data.get("rng") is not None:
        data["rng"] = RngState.from_seed(0).model_dump()
    return type(state).model_validate(data)


def components(cells: Iterable[Hex]) -> list[set[Hex]]:
    """The connected groups of ``cells`` (hex adjacency)."""
    left = set(cells)
    out: list[set[Hex]] = []
    while left:
        start = left.pop()
        group = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for n in neighbours(h):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    todo.append(n)
        out.append(group)
    return out


def connected(cells: Iterable[Hex]) -> bool:
    return len(components(cells)) <= 1
