"""The full state model of Waggle Dance: the table plus the pending decision.

:class:`WaggleDanceState` refines :class:`~.models.Table` with the exact type
of ``pending``: a pydantic discriminated union of every decision kind. The
kinds are the :class:`~.models.DecisionBase` subclasses defined next to the
rules they belong to; importing those modules registers them, so a new kind
is added in one place, its own module. States saved in the old layout
(format 1) are upgraded as they are read (:mod:`.migrate`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import Field, model_validator

from . import blockers, bumblebot, cards, day, night, reactions, rearrange, setup, threats
from .migrate import upgrade
from .models import DecisionBase, PrivateDecision, Table

#: The modules whose decision kinds and tasks make up the game.
RULES_MODULES = (blockers, bumblebot, cards, day, night, rearrange, reactions, setup, threats)

if TYPE_CHECKING:
    PendingDecision = DecisionBase
else:
    _KINDS = tuple(DecisionBase.kinds().values())
    PendingDecision = Annotated[Union[_KINDS], Field(discriminator="kind")]  # noqa: UP007


class WaggleDanceState(Table):
    pending: PendingDecision | None = None

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        return upgrade(data)


__all__ = ["PrivateDecision", "WaggleDanceState"]
