"""One shape for every decision a game waits for: a class per kind.

A pending decision is a pydantic model (so it lives in the state and in
saves) whose class is its kind. The class holds, beside the rule it belongs
to, everything about that kind of question:

* :meth:`DecisionBase.legal`: every legal move (the one legality test: a move
  is legal exactly when it is in this list);
* :meth:`DecisionBase.apply`: the effect of a legal move on the state (which
  the engine has already copied and cleared of this decision);
* :meth:`DecisionBase.prompt`: one sentence for the deciding seat;
* :meth:`DecisionBase.refusal`: why a move that is not legal is refused.

Whether ``state.pending`` is cleared before :meth:`DecisionBase.apply` runs is
the game's own rule (Waggle Dance clears it; Honey Buzz's rules replace or
clear it themselves).

Each game subclasses :class:`DecisionBase` once with its state and move
types (``class Decision(DecisionBase["Table", Move])``) and gives that class
its own ``_kinds = {}``: every concrete subclass, whose ``kind`` is a
``Literal`` with a default, is registered there by that name, so the game
builds the type of its state's ``pending`` field (a discriminated union) from
:meth:`DecisionBase.kinds`. A misspelt kind is then a validation error, never
a silent fall-through.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

S = TypeVar("S")
M = TypeVar("M")


class DecisionBase(BaseModel, ABC, Generic[S, M]):
    """A decision the game waits for, with its legality, effect, prompt and refusal.

    Subclasses set ``kind`` (a ``Literal`` with a default), hold what the
    decision needs to remember, and implement :meth:`legal`, :meth:`apply`
    and :meth:`prompt`. A game's base subclass declares the fields every
    decision has, in the order its saves keep them: ``kind`` (its name) and
    ``seat`` (who decides)."""

    #: A few words for refusals: "That is not allowed now (…)".
    short: ClassVar[str] = "decide"
    #: The kinds of one game, by name (each game's base class has its own).
    _kinds: ClassVar[dict[str, type[Any]]] = {}

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        field = cls.model_fields.get("kind")
        if field is not None and isinstance(field.default, str) and not getattr(cls, "__abstractmethods__", None):
            cls._kinds[field.default] = cls

    @classmethod
    def kinds(cls) -> dict[str, type[Any]]:
        """Every decision kind of this game defined so far, by name."""
        return dict(cls._kinds)

    @abstractmethod
    def legal(self, s: S) -> list[M]:
        """Every legal move for this decision in ``s``."""

    @abstractmethod
    def apply(self, s: S, move: M) -> None:
        """Carry out the legal ``move`` on ``s`` (already a copy of the state)."""

    @abstractmethod
    def prompt(self, s: S) -> str:
        """What the deciding seat is asked, in one sentence."""

    def allows(self, s: S, move: M) -> bool:
        """Is ``move`` legal here? Exactly when :meth:`legal` lists it; a kind may answer
        faster for some moves from the same facts its :meth:`legal` is built from."""
        return move in self.legal(s)

    def refusal(self, s: S, move: M) -> str:
        """Why ``move`` (not legal here) is refused, for the player."""
        return f"That is not allowed now ({self.short})."

    def is_private(self, s: S) -> bool:
        """Other seats see only that ``seat`` decides, not what (an offer of a held card)."""
        return False
