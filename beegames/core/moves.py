"""Moves as JSON, written once for every game whose moves are pydantic models.

A game's moves are a union of pydantic models told apart by their ``kind``
field. :class:`MoveCodec` is the one adapter between those models and the
JSON a save stores: an engine names its codec (``Engine.move_codec``) and the
kernel's :meth:`~beegames.core.protocol.Engine.move_to_json` and
:meth:`~beegames.core.protocol.Engine.move_from_json` use it. A game whose
moves are something else (Hive's notation strings) overrides those two
methods instead.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

M = TypeVar("M", bound=BaseModel)


class MoveCodec(Generic[M]):
    """The JSON form of one game's moves, through the adapter of its move union.

    ``exclude_none`` leaves unset optional fields out of the JSON (Waggle
    Dance's saves were written so; a codec must keep writing what its game's
    saves hold, so that they replay bit for bit)."""

    def __init__(self, adapter: TypeAdapter[M], title: str, *, exclude_none: bool = False) -> None:
        self.adapter = adapter
        self.title = title
        self.exclude_none = exclude_none

    def to_json(self, move: M) -> Any:
        """A JSON-ready form of ``move``, as stored in save histories."""
        return move.model_dump(mode="json", exclude_none=self.exclude_none)

    def from_json(self, data: object) -> M:
        """The move whose JSON form is ``data``; ``ValueError`` for anything
        else (the data came from a file or a player: it may be any junk)."""
        try:
            return self.adapter.validate_python(data)
        except Exception as exc:  # junk of any shape is refused the same way
            raise ValueError(f"not a {self.title} move: {repr(data)[:80]}") from exc
