"""When a game's option means something: its ``applies`` conditions.

A field of a game's options model may carry, in its ``json_schema_extra``,
``applies``: the player counts and the values of other options with which it
means something (``{"players": [1], "mode": ["scenario"]}``: the scenario
card, in a solo game of scenario mode). The new-game form shows only the
options that apply; the command line refuses one given where it does not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo


def extra(field: FieldInfo) -> dict[str, Any]:
    """A field's ``json_schema_extra`` (empty when it has none)."""
    return field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}


def conditions(model: type[BaseModel], name: str) -> dict[str, list[Any]]:
    """Option ``name``'s ``applies`` conditions: key (``players`` or another
    option) → the values with which it applies."""
    found = extra(model.model_fields[name]).get("applies")
    if not isinstance(found, dict):
        return {}
    return {key: allowed for key, allowed in found.items() if isinstance(allowed, list)}


def applies(model: type[BaseModel], name: str, value_of: Callable[[str], Any], players: Any) -> bool:
    """True if option ``name`` means something with ``players`` and the other
    options' values (``value_of(other)``)."""
    return not unmet(model, name, value_of, players)


def unmet(model: type[BaseModel], name: str, value_of: Callable[[str], Any], players: Any,
          *, count_known: bool = True) -> str | None:
    """The first condition of option ``name`` that does not hold, as the key
    it is on (``players`` or another option's name), or None. With
    ``count_known`` False the player count is not checked."""
    for key, allowed in conditions(model, name).items():
        if key == "players":
            if count_known and players not in allowed:
                return key
        elif key in model.model_fields and value_of(key) not in allowed:
            return key
    return None


def given_where_meaningless(model: type[BaseModel], given: Mapping[str, Any],
                            players: int | None) -> tuple[str, str, list[Any]] | None:
    """Of the options ``given`` (with the others at their defaults), the first
    that does not apply: (its name, the condition's key, the values it needs);
    None when all apply. ``players`` None: the count is not known, so not checked."""
    def value_of(key: str) -> Any:
        return given[key] if key in given else model.model_fields[key].default

    for name in given:
        if name in model.model_fields:
            key = unmet(model, name, value_of, players, count_known=players is not None)
            if key is not None:
                return name, key, conditions(model, name)[key]
    return None


def counts_for(model: type[BaseModel], given: Mapping[str, Any], counts: range) -> list[int]:
    """The player counts of ``counts`` with which every option ``given`` means
    something, as far as its player-count condition goes (a solo mode: [1])."""
    needed = [set(conditions(model, name).get("players", counts)) for name in given if name in model.model_fields]
    return [n for n in counts if all(n in allowed for allowed in needed)]
