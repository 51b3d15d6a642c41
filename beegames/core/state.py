"""The typed base of every game's state, and log lines meant for some seats only.

Every game's pydantic state model subclasses :class:`GameState`, so the kernel
reads the turn counter, the log, the chance generator and the reveal counter
from declared fields instead of guessing at attributes.

A log entry is a plain ``str`` when every seat may read it, or a
:class:`PrivateLine` (a ``str`` that also names the seats allowed to read it):
"You draw Expertise" reaches only the player who drew. Because a private line
is still a string, code that reads a log as text keeps working; the kernel's
per-seat views (:mod:`beegames.core.views`) drop the lines a seat may not read.

A line may carry details after its first line break (:func:`with_detail`): the
narrow log beside a board shows only the headline (:func:`headline`), the
whole log (Ctrl+L) all of it. A coach's reason for a hint is written the same
way (:class:`beegames.core.coach.Hint`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated, Any

from pydantic import BaseModel, Field, PlainSerializer, PlainValidator

from .rng import RngState


class PrivateLine(str):
    """A log line that only ``seats`` may read.

    It is a ``str`` (its text), with the extra attribute ``seats``. In JSON it
    is written as ``{"text": ..., "seats": [...]}``; a public line stays a
    plain string.
    """

    seats: tuple[int, ...]

    def __new__(cls, text: str, seats: Iterable[int]) -> PrivateLine:
        obj = super().__new__(cls, text)
        obj.seats = tuple(sorted(set(seats)))
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (PrivateLine, (str(self), self.seats))

    def __repr__(self) -> str:
        return f"PrivateLine({str(self)!r}, seats={self.seats!r})"

    def readable_by(self, seat: int | None) -> bool:
        return seat is not None and seat in self.seats


def with_detail(line: str, detail: str) -> str:
    """A log line whose ``detail`` (why, from what) only the whole log shows, under ``line``."""
    return f"{line}\n  {detail}" if detail else line


def headline(line: str) -> str:
    """What the side log shows of a log line: its text up to the first line break."""
    return line.split("\n", 1)[0]


def detail(line: str) -> str:
    """The details of a line written by :func:`with_detail` (empty when it has none)."""
    return line.split("\n", 1)[1].strip() if "\n" in line else ""


def _read_line(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        seats = value.get("seats")
        if isinstance(seats, list) and all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
            return PrivateLine(value["text"], seats)
    raise ValueError("a log line is a string, or {text, seats} for a private line")


def _write_line(value: str) -> Any:
    if isinstance(value, PrivateLine):
        return {"text": str(value), "seats": list(value.seats)}
    return str(value)


#: One entry of a game log: public text, or a :class:`PrivateLine`.
LogLine = Annotated[str, PlainValidator(_read_line), PlainSerializer(_write_line, return_type=Any, when_used="json")]


def readable(line: str, seat: int | None) -> bool:
    """True if ``seat`` (``None``: a spectator) may read ``line``."""
    return not isinstance(line, PrivateLine) or line.readable_by(seat)


def visible_lines(log: Sequence[str], seat: int | None) -> list[str]:
    """The lines of ``log`` that ``seat`` may read, as plain text."""
    return [str(line) for line in log if readable(line, seat)]


class GameState(BaseModel):
    """Fields the kernel relies on in every game's state.

    ``turn`` is a round or turn counter shown in save listings. ``log`` holds
    the game's readable history, newest last. ``revealed`` counts the moments
    at which chance or hidden information was shown to some seat (a roll, a
    card drawn, a tile looked at); the rules call :meth:`reveal` at each, and
    undo never goes back past one. ``rng`` is the seeded generator of a game
    with chance (games without chance leave it ``None``).
    """

    turn: int = 0
    log: list[LogLine] = Field(default_factory=list)
    revealed: int = 0
    rng: RngState | None = None

    def say(self, text: str, seats: Iterable[int] | None = None) -> None:
        """Add a line to the log: public, or readable only by ``seats``."""
        self.log.append(text if seats is None else PrivateLine(text, seats))

    def reveal(self) -> None:
        """Record that this change showed chance or hidden information."""
        self.revealed += 1
