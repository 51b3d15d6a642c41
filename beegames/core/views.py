"""What one seat may see of a game.

A game declares its hidden things as :class:`HiddenItem` values: where the
item lies in the state (a path into ``state.model_dump()``), which seats may
see it, and what everybody else sees instead. From that one declaration the
kernel builds a seat's view (:func:`redact`): the state with every item the
seat may not see replaced, only the log lines it may read, and a neutral
chance generator (nobody may see the generator, since it tells the future).

Views are what the screen draws for the human at the keyboard and the only
thing a computer player is given.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

from pydantic import BaseModel

from .rng import RngState
from .state import readable

S = TypeVar("S", bound=BaseModel)

#: The generator every view carries instead of the real one.
NEUTRAL_RNG = RngState(seed=0, state=0)


class HiddenItem(NamedTuple):
    """One thing in a state that not every seat may see.

    ``path`` locates it in ``state.model_dump()``: field names and list
    indexes, e.g. ``("players", 1, "hand")``. ``seen_by`` holds the seats that
    may see the real value (empty: nobody, as for the order of a deck).
    ``stand_in`` is what every other seat sees; it keeps what is public
    (a hand of three cards becomes three unknown cards) and must be valid
    where it stands in the state model.
    """

    path: tuple[str | int, ...]
    seen_by: frozenset[int]
    stand_in: Any

    def visible_to(self, seat: int | None) -> bool:
        return seat is not None and seat in self.seen_by


def get_path(data: Any, path: Sequence[str | int]) -> Any:
    """The value at ``path`` inside nested dicts and lists."""
    for key in path:
        data = data[key]
    return data


def set_path(data: Any, path: Sequence[str | int], value: Any) -> None:
    """Replace the value at ``path`` (which must not be empty)."""
    if not path:
        raise ValueError("a hidden item needs a non-empty path")
    parent = get_path(data, path[:-1])
    parent[path[-1]] = value


def redact(state: S, items: Iterable[HiddenItem], seat: int | None) -> S:
    """``state`` as ``seat`` may see it (``None``: a spectator).

    Items hidden from the seat are replaced by their stand-ins, the log
    keeps only the lines the seat may read, and the generator (if any) is
    replaced by :data:`NEUTRAL_RNG`. The given state is not modified.
    """
    data = state.model_dump()
    for item in items:
        if not item.visible_to(seat):
            set_path(data, item.path, item.stand_in)
    if isinstance(data.get("log"), list):
        data["log"] = [line for line in data["log"] if readable(line, seat)]
    if data.get("rng") is not None:
        data["rng"] = NEUTRAL_RNG.model_dump()
    return type(state).model_validate(data)


def hidden_from(items: Iterable[HiddenItem], seat: int | None) -> list[HiddenItem]:
    """The items ``seat`` may not see."""
    return [item for item in items if not item.visible_to(seat)]


def private_to_some(items: Iterable[HiddenItem], seats: int) -> bool:
    """True if some item is seen by some of the ``seats`` seats but not all:
    then players at one keyboard need a hand-off screen between turns."""
    return any(item.seen_by and len(item.seen_by) < seats for item in items)
