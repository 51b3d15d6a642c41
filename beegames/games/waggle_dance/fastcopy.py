"""A deep copy of a Waggle Dance state, fast enough for every move and step.

pydantic's ``model_copy(deep=True)`` goes through ``copy.deepcopy``; the
engine copies the state once per move and per automatic step, and the
computer players once per view, so this builds the copy field by field.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from .models import Bumblebot, Peek, Player, Room, Table, Threat

T = TypeVar("T", bound=BaseModel)
S = TypeVar("S", bound=Table)


def _raw(cls: type[T], d: dict[str, Any], fields_set: set[str]) -> T:
    o = cls.__new__(cls)
    object.__setattr__(o, "__dict__", d)
    object.__setattr__(o, "__pydantic_fields_set__", set(fields_set))
    object.__setattr__(o, "__pydantic_extra__", None)
    object.__setattr__(o, "__pydantic_private__", None)
    return o


def copy_room(r: Room) -> Room:
    d = r.__dict__.copy()
    d["nectar"] = d["nectar"][:]
    d["dice"] = d["dice"][:]
    return _raw(Room, d, r.__pydantic_fields_set__)


def copy_player(p: Player) -> Player:
    d = p.__dict__.copy()
    for k in ("pool", "helpers", "hand", "pending_nectar", "directions", "sick"):
        d[k] = d[k][:]
    d["rooms"] = [copy_room(r) for r in d["rooms"]]
    return _raw(Player, d, p.__pydantic_fields_set__)


def _copy_bumblebot(b: Bumblebot) -> Bumblebot:
    d = b.__dict__.copy()
    for k in ("pool", "nectar", "deck", "discard", "hatch_pairs", "honey_pairs", "failed_pairs"):
        d[k] = d[k][:]
    return _raw(Bumblebot, d, b.__pydantic_fields_set__)


def _copy_small(m: T) -> T:
    """A copy of a small model whose fields are scalars and lists of scalars or tuples."""
    d = {k: (v[:] if isinstance(v, list) else v) for k, v in m.__dict__.items()}
    return _raw(type(m), d, m.__pydantic_fields_set__)


def clone(s: S) -> S:
    """A deep copy of ``s``."""
    d = s.__dict__.copy()
    d["players"] = [copy_player(p) for p in d["players"]]
    if d["bumblebot"] is not None:
        d["bumblebot"] = _copy_bumblebot(d["bumblebot"])
    d["spaces"] = {k: v[:] for k, v in d["spaces"].items()}
    for k in ("supply_nectar", "supply_dice", "blocker_colours", "queen_deck", "queen_discard", "queen_box",
              "solo_deck", "solo_discard", "threat_deck", "threats_gone", "queue", "log", "order",
              "deck_types"):
        d[k] = d[k][:]
    d["threats"] = [_raw(Threat, {"name": t.name, "dice": t.dice[:]}, t.__pydantic_fields_set__)
                    for t in d["threats"]]
    d["peeks"] = [_raw(Peek, {"seat": k.seat, "cards": k.cards[:]}, k.__pydantic_fields_set__) for k in d["peeks"]]
    if d["pending"] is not None:
        d["pending"] = _copy_small(d["pending"])
    d["rng"] = _copy_small(d["rng"])
    return _raw(type(s), d, s.__pydantic_fields_set__)
