"""A deep copy of a Waggle Dance state, fast enough for every move and step.

pydantic's ``model_copy(deep=True)`` goes through ``copy.deepcopy``; the
engine copies the state once per move and per automatic step, and the
computer players once per view, so each model's copy is declared here as a
kernel :func:`~beegames.core.fastcopy.copier`: the fields the rules change
in place are copied, the others are shared.
"""

from __future__ import annotations

from ...core.fastcopy import copier, copy_lists

copy_room = copier(lists=("nectar", "dice"))

copy_player = copier(
    lists=("pool", "helpers", "hand", "pending_nectar", "directions", "sick"),
    model_lists={"rooms": copy_room},
)

_copy_bumblebot = copier(lists=("pool", "nectar", "deck", "discard", "hatch_pairs", "honey_pairs", "failed_pairs"))

#: A deep copy of a Waggle Dance state (``clone(s)``); threats, peeks, the
#: pending decision and the generator hold only scalars and lists of them.
clone = copier(
    lists=("supply_nectar", "supply_dice", "blocker_colours", "queen_deck", "queen_discard", "queen_box",
           "solo_deck", "solo_discard", "threat_deck", "threats_gone", "queue", "log", "order", "deck_types"),
    dicts_of_lists=("spaces",),
    model_lists={"players": copy_player, "threats": copy_lists, "peeks": copy_lists},
    models={"bumblebot": _copy_bumblebot, "pending": copy_lists, "rng": copy_lists},
)
