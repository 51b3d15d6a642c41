"""The rules layer's engine room: copying a state, running automatic tasks,
listing legal moves, validating and applying them.

Every function that changes a state here works on a copy made by
:func:`clone`; the state passed to :func:`apply_move` is never touched.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalMove
from ...core.fastcopy import copier, copy_lists, shallow
from ...core.tasks import TaskRegistry
from . import actions, hooks, joining, months, setup, swarm, wildhives, winter
from .models import (
    BeeLivesState,
)

# ---------------------------------------------------------------------------
# copying

_copy_player = copier(lists=("raided",), dicts=("assigned",), model_lists={"foraging": shallow})
_copy_wild = copier(lists=("tokens", "raid_tokens", "raided"))

#: A copy deep enough for the rules to change freely (``clone(s)``): tiles,
#: options and the pending decision are never changed in place, so they are shared.
clone = copier(
    lists=("played", "queue", "log", "wild_queue"),
    dicts=("bag", "choices"),
    dicts_of_lists=("decks",),
    model_lists={"players": _copy_player, "wild": _copy_wild},
    models={"raid": copy_lists, "wraid": copy_lists, "swarm": copy_lists, "forage": copy_lists,
            "scout": copy_lists, "join": copy_lists, "solo": copy_lists, "rng": shallow},
)


# ---------------------------------------------------------------------------
# automatic tasks

def _waiting(s: BeeLivesState) -> bool:
    return s.pending is not None or s.over


def _settle(s: BeeLivesState) -> None:
    if s.solo is not None:
        hooks.checked(s)


#: Every Bee Lives task, by name (the kernel's task format, ``"pturn 2"``);
#: after each task a solo game settles its goals and losses (the check hook).
#: The base rules' tasks are listed here; a campaign's (``solo_year``,
#: ``solo_month``, ``fire_spawn``, ``tg_spawn``) register from :mod:`.campaigns`.
TASKS: TaskRegistry[BeeLivesState] = TaskRegistry("Bee Lives", _waiting, _settle)
TASKS.add_all([
    ("queens", setup.t_queens),
    ("ask_queen", setup.t_ask_queen),
    ("queens_apply", setup.t_queens_apply),
    ("month", months.t_month),
    ("egg", months.t_egg),
    ("feed", months.t_feed),
    ("ask_starve", months.t_ask_starve),
    ("feed_apply", months.t_feed_apply),
    ("brood", months.t_brood),
    ("swarm", swarm.t_swarm),
    ("swarm1", swarm.t_swarm1),
    ("event", months.t_event),
    ("actions", actions.t_actions),
    ("round", actions.t_round),
    ("pturn", actions.t_pturn),
    ("turn", actions.t_turn),
    ("wround", wildhives.t_wround),
    ("wnext", wildhives.t_wnext),
    ("wturn", wildhives.t_wturn),
    ("cleanup", months.t_cleanup),
    ("join", joining.t_join),
    ("harder", months.t_harder),
    ("month_end", months.t_month_end),
    ("winter", winter.t_winter),
    ("wmonth", winter.t_wmonth),
    ("wdisease", winter.t_wdisease),
    ("year_end", winter.t_year_end),
])


def run_step(s: BeeLivesState) -> None:
    """Run tasks until one of them shows something (a log line) or a seat must decide."""
    TASKS.run_step(s)


def step_due(s: BeeLivesState) -> bool:
    """Whether an automatic step is due: nothing pending, the game on, a task queued."""
    return TASKS.due(s)


# ---------------------------------------------------------------------------
# decisions: each kind is a class (:mod:`.kinds`) that lists, checks and applies


def legal_moves(s: BeeLivesState) -> list[Any]:
    """Every legal move for the pending decision (none when nothing is pending)."""
    pend = s.pending
    if pend is None or s.over:
        return []
    return pend.legal(s)


def check_move(s: BeeLivesState, move: Any) -> str | None:
    """Why ``move`` is illegal now, or None if it is legal."""
    pend = s.pending
    if pend is None or s.over:
        return "The game is over." if s.over else "No decision is pending."
    return pend.check(s, move)


def apply_move(s: BeeLivesState, move: Any) -> None:
    """Apply a checked move to ``s`` (a copy)."""
    pend = s.pending
    assert pend is not None
    pend.apply(s, move)


def play(state: BeeLivesState, move: Any) -> BeeLivesState:
    """Validate and apply; raises :class:`IllegalMove` and leaves ``state`` alone."""
    reason = check_move(state, move)
    if reason is not None:
        raise IllegalMove(reason)
    s = clone(state)
    apply_move(s, move)
    if s.solo is not None:
        hooks.checked(s)
    return s
