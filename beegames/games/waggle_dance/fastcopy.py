"""A deep copy of a Waggle Dance state, fast enough for every move and step.

pydantic's ``model_copy(deep=True)`` goes through ``copy.deepcopy``; the
engine copies the state once per move and per automatic step, and the
computer players once per view, so this builds the copy field by field.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from ...core.fastcopy import rebuild
from .models import Bumblebot, Peek, Player, Room, Table, Threat

T = TypeVar("T", bound=BaseModel)
S = TypeVar("S", bound=Table)




def copy_room(r: Room) -> Room:
    d = r.__dict__.copy()
    d["nectar"] = d["nectar"][:]
    d["dice"] = d["dice"][:]
    return rebuild(Room, d, r.__pydantic_fields_set__)


def copy_player(p: Player) -> Player:
    d = p.__dict__.copy()
    for k in ("pool", "helpers", "hand", "pending_nectar", "directions", "sick"):
        d[k] = d[k][:]
    d["rooms"] = [copy_room(r) for r in d["rooms"]]
    return rebuild(Player, d, p.__pydantic_fields_set__)


def _copy_bumblebot(b: Bumblebot) -> Bumblebot:
    d = b.__dict__.copy()
    for k in ("pool", "nectar", "deck", "discard", "hatch_pairs", "honey_pairs", "failed_pairs"):
        d[k] = d[k][:]
    return rebuild(Bumblebot, d, b.__pydantic_fields_set__)


def _copy_small(m: T) -> T:
    """A copy of a small model whose fields are scalars and lists of scalars or tuples."""
    d = {k: (v[:] if isinstance(v, list) else v) for k, v in m.__dict__.items()}
    return rebuild(type(m), d, m.__pydantic_fields_set__)


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
    d["threats"] = [rebuild(Threat, {"name": t.name, "dice": t.dice[:]}, t.__pydantic_fields_set__)
                    for t in d["threats"]]
    d["peeks"] = [rebuild(Peek, {"seat": k.seat, "cards": k.cards[:]}, k.__pydantic_fields_set__) for k in d["peeks"]]
    if d["pending"] is not None:
        d["pending"] = _copy_small(d["pending"])
    d["rng"] = _copy_small(d["rng"])
    return rebuild(type(s), d, s.__pydantic_fields_set__)
