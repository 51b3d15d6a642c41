"""Building pydantic models from a ready ``__dict__``, for fast deep copies.

``model_copy(deep=True)`` goes through :func:`copy.deepcopy`, which is far too
slow for engines that copy their state on every move, every automatic step
and every node of a search. A game copies its state field by field instead
(copying each list and nested model itself) and rebuilds every model with
:func:`rebuild`, which skips validation: the fields were valid in the model
being copied.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def rebuild(cls: type[M], fields: dict[str, Any], fields_set: Iterable[str]) -> M:
    """A ``cls`` whose fields are ``fields`` (taken as they are, not validated).

    ``fields_set`` is the copied model's ``__pydantic_fields_set__``, so that a
    copy serialises exactly like its original (``exclude_unset`` included).
    Only for models without extra fields or private attributes."""
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", fields)
    object.__setattr__(model, "__pydantic_fields_set__", set(fields_set))
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model


def shallow(model: M) -> M:
    """A copy of ``model`` sharing its field values (copy the mutable ones yourself)."""
    return rebuild(type(model), model.__dict__.copy(), model.__pydantic_fields_set__)
