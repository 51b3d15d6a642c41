"""Building pydantic models from a ready ``__dict__``, for fast deep copies.

``model_copy(deep=True)`` goes through :func:`copy.deepcopy`, which is far too
slow for engines that copy their state on every move, every automatic step
and every node of a search. A game copies its state field by field instead
(copying each list and nested model itself) and rebuilds every model with
:func:`rebuild`, which skips validation: the fields were valid in the model
being copied.

A game declares how deep each model of its state is copied with a
kernel :func:`copier` (which fields are lists, dicts, nested models), instead of
writing the copy out by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

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


def copy_lists(model: M) -> M:
    """A copy of a small model whose list fields are copied (one level) and
    whose other fields are shared: for models of scalars, tuples and lists of them."""
    d = model.__dict__.copy()
    for k, v in d.items():
        if isinstance(v, list):
            d[k] = v[:]
    return rebuild(type(model), d, model.__pydantic_fields_set__)


class Copier(Protocol):
    """A copy function made by :func:`copier`: gives a copy of a model of its kind."""

    def __call__(self, model: M, /) -> M: ...


def copier(
    *,
    lists: Iterable[str] = (),
    dicts: Iterable[str] = (),
    lists_of_lists: Iterable[str] = (),
    dicts_of_lists: Iterable[str] = (),
    models: Mapping[str, Callable[[Any], Any]] | None = None,
    model_lists: Mapping[str, Callable[[Any], Any]] | None = None,
) -> Copier:
    """The copy function of one model, from a declaration of how deep it goes.

    A game lists, for each model of its state, which fields hold mutable
    things and how they are copied; every other field is shared with the
    original (scalars, frozen models, tuples, and whatever the rules never
    change in place):

    ``lists``: lists copied one level; ``dicts``: dicts copied one level;
    ``lists_of_lists`` / ``dicts_of_lists``: containers whose inner lists are
    copied too; ``models``: fields holding one model (or None) copied by the
    function given; ``model_lists``: lists of models, each copied by the
    function given.

    The copy keeps the original's class (a subclass stays itself) and its set
    fields, so it serialises exactly like the original. The function is
    written out once from the declaration (as :mod:`dataclasses` writes its
    methods), so it runs as fast as a copy written by hand: it is called on
    every move, automatic step and search node."""
    namespace: dict[str, Any] = {"rebuild": rebuild}
    body = ["    d = m.__dict__.copy()"]

    def key(name: str) -> str:
        if not name.isidentifier():
            raise ValueError(f"not a field name: {name!r}")
        return repr(name)

    body += [f"    d[{key(k)}] = d[{key(k)}][:]" for k in lists]
    body += [f"    d[{key(k)}] = d[{key(k)}].copy()" for k in dicts]
    body += [f"    d[{key(k)}] = [v[:] for v in d[{key(k)}]]" for k in lists_of_lists]
    body += [f"    d[{key(k)}] = {{a: v[:] for a, v in d[{key(k)}].items()}}" for k in dicts_of_lists]
    for i, (k, copy) in enumerate((model_lists or {}).items()):
        namespace[f"each{i}"] = copy
        body.append(f"    d[{key(k)}] = [each{i}(v) for v in d[{key(k)}]]")
    for i, (k, copy) in enumerate((models or {}).items()):
        namespace[f"one{i}"] = copy
        body += [f"    v = d[{key(k)}]", "    if v is not None:", f"        d[{key(k)}] = one{i}(v)"]
    body.append("    return rebuild(type(m), d, m.__pydantic_fields_set__)")
    exec("def copy(m):\n" + "\n".join(body), namespace)
    made: Copier = namespace["copy"]
    return made
