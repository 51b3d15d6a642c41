"""The rules layer's engine room: copying a state, running automatic tasks,
listing legal moves, validating and applying them.

Every function that changes a state here works on a copy made by
:func:`clone`; the state passed to :func:`apply_move` is never touched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.errors import IllegalMove
from ...core.fastcopy import copier, copy_lists, shallow
from ...core.tasks import TaskRegistry
from . import actions, campaigns, joining, months, raids, scenarios, setup, solo, swarm, wildhives, winter
from .colony import count
from .data import game_data
from .models import (
    BackMove,
    BeeLivesState,
    CellMove,
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    DropMove,
    ForageMove,
    HiveMove,
    HoneyMove,
    JoinMove,
    KeepMove,
    PlaceMove,
    PressMove,
    QueenMove,
    RaidMove,
    RequeenMove,
    RerollMove,
    SacrificeMove,
    ScareMove,
    ScoutMove,
    StarveMove,
    StayMove,
    TileMove,
    WaxMove,
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
        solo.settle(s)


#: Every Bee Lives task, by name (the kernel's task format, ``"pturn 2"``);
#: after each task a solo game settles its goals and losses.
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
    ("solo_year", campaigns.t_solo_year),
    ("solo_month", campaigns.t_solo_month),
    ("fire_spawn", campaigns.t_fire_spawn),
    ("tg_spawn", campaigns.t_tg_spawn),
])


def run_step(s: BeeLivesState) -> None:
    """Run tasks until one of them shows something (a log line) or a seat must decide."""
    TASKS.run_step(s)


def step_due(s: BeeLivesState) -> bool:
    """Whether an automatic step is due: nothing pending, the game on, a task queued."""
    return TASKS.due(s)


# ---------------------------------------------------------------------------
# decisions: legal moves, checks and handlers


def _tiles(s: BeeLivesState, seat: int) -> list[Any]:
    assert s.pending is not None
    return [TileMove(tile=t) for t in s.pending.choices]


def _hives(s: BeeLivesState, seat: int) -> list[Any]:
    assert s.pending is not None
    return [HiveMove(target=t) for t in s.pending.targets]


def _cells(s: BeeLivesState, seat: int) -> list[Any]:
    assert s.pending is not None
    return [CellMove(q=q, r=r) for q, r in s.pending.cells]


LISTS: dict[str, Callable[[BeeLivesState, int], list[Any]]] = {
    "queen": lambda s, i: setup.queen_moves(s),
    "starve": lambda s, i: months.starve_moves(s),
    "swarm_tile": _tiles,
    "swarm_stay": lambda s, i: swarm.stay_moves(s),
    "swarm_queen": lambda s, i: swarm.swarm_queen_moves(s),
    "card_spawn": _tiles,
    "harder_spawn": _tiles,
    "turn": actions.turn_moves,
    "collect": lambda s, i: actions.collect_moves(s),
    "keep": lambda s, i: actions.keep_moves(s),
    "reroll": lambda s, i: raids.reroll_moves(s),
    "sacrifice": lambda s, i: raids.sacrifice_moves(s),
    "drop": lambda s, i: raids.drop_moves(s),
    "press": lambda s, i: raids.press_moves(s),
    "honey": lambda s, i: raids.honey_moves(s),
    "wild_sacrifice": lambda s, i: raids.wild_sacrifice_moves(s),
    "wild_order": _hives,
    "wild_forage": _tiles,
    "wild_swarm": _tiles,
    "wild_target": _hives,
    "wild_scout": _cells,
    "join": joining.join_moves,
    "join_place": joining.place_moves,
    "new_queen": lambda s, i: campaigns.new_queen_moves(s),
    "campaign_spawn": _tiles,
    "infect_pick": lambda s, i: campaigns.infect_pick_moves(s),
}

HANDLERS: dict[str, Callable[[BeeLivesState, int, Any], None]] = {
    "queen": setup.do_queen_choice,
    "starve": months.do_starve,
    "swarm_tile": swarm.do_swarm_tile,
    "swarm_stay": swarm.do_stay,
    "swarm_queen": swarm.do_swarm_queen,
    "card_spawn": actions.do_card_spawn,
    "harder_spawn": months.do_harder,
    "collect": actions.finish_forage,
    "keep": actions.place_scouted,
    "reroll": raids.do_reroll,
    "sacrifice": raids.do_sacrifice,
    "drop": raids.do_drop,
    "press": raids.do_press,
    "honey": raids.do_honey,
    "wild_sacrifice": raids.do_wild_sacrifice,
    "wild_order": wildhives.do_wild_order,
    "wild_forage": wildhives.do_wild_forage,
    "wild_swarm": wildhives.do_wild_swarm,
    "wild_target": wildhives.do_wild_target,
    "wild_scout": wildhives.do_wild_scout,
    "new_queen": campaigns.do_new_queen,
    "campaign_spawn": campaigns.do_campaign_spawn,
    "infect_pick": campaigns.do_infect_pick,
}

TURN_HANDLERS: dict[type, Callable[[BeeLivesState, int, Any], None]] = {
    ForageMove: actions.do_forage,
    ScoutMove: actions.do_scout,
    RaidMove: raids.start_raid,
    DefendMove: actions.do_defend,
    WaxMove: actions.do_wax,
    CleanMove: actions.do_clean,
    CoolMove: actions.do_cool,
    RequeenMove: actions.do_requeen,
    ScareMove: scenarios.do_scare,
}

#: the move type each decision takes
EXPECTS: dict[str, tuple[type, ...]] = {
    "queen": (QueenMove,), "starve": (StarveMove,), "swarm_tile": (TileMove,), "swarm_stay": (StayMove,),
    "swarm_queen": (QueenMove,), "card_spawn": (TileMove,), "harder_spawn": (TileMove,),
    "turn": tuple(TURN_HANDLERS), "collect": (CollectMove,), "keep": (KeepMove,), "reroll": (RerollMove,),
    "sacrifice": (SacrificeMove,), "drop": (DropMove,), "press": (PressMove,), "honey": (HoneyMove,),
    "wild_sacrifice": (SacrificeMove,), "wild_order": (HiveMove,), "wild_forage": (TileMove,),
    "wild_swarm": (TileMove,), "wild_target": (HiveMove,), "wild_scout": (CellMove,),
    "join": (JoinMove,), "join_place": (PlaceMove, BackMove),
    "new_queen": (QueenMove,), "campaign_spawn": (TileMove,), "infect_pick": (HiveMove,),
}

ASKED_FOR = {
    "queen": "a queen type", "starve": "how many starvation tokens to take",
    "swarm_tile": "a tile for the new wild hive",
    "swarm_stay": "whether to stay or leave", "swarm_queen": "a new queen", "card_spawn": "a tile for the wild hive",
    "harder_spawn": "a tile for the wild hive", "turn": "an action", "collect": "what to collect",
    "keep": "which drawn tile to keep", "reroll": "whether to reroll", "sacrifice": "how many bees to sacrifice",
    "drop": "which die to remove", "press": "how many more raiders to sacrifice", "honey": "how much honey to take",
    "wild_sacrifice": "how many bees to sacrifice", "wild_order": "which wild hive acts next",
    "wild_forage": "the tile the wild hive forages", "wild_swarm": "where the new wild hive appears",
    "wild_target": "the hive the wild hive raids", "wild_scout": "the space the wild hive scouts",
    "join": "a group and a rotation", "join_place": "where to place your group",
    "new_queen": "the new queen", "campaign_spawn": "a tile for the wild hive",
    "infect_pick": "the wild hive that turns infected",
}


def legal_moves(s: BeeLivesState) -> list[Any]:
    pend = s.pending
    if pend is None or s.over:
        return []
    return LISTS[pend.kind](s, pend.seat)


def _check_turn(s: BeeLivesState, seat: int, m: Any) -> str | None:
    p = s.players[seat]
    u = p.unassigned
    if isinstance(m, ForageMove):
        if m.tile not in dict(actions.forage_targets(s, seat)):
            return ("You cannot forage that tile: it must be within 3 spaces of your hive, not yet foraged this "
                    "month, free of other hives, and you need a bee for each space away.")
        return None
    if isinstance(m, ScoutMove):
        if (m.q, m.r) not in actions.scout_targets(s, seat):
            if sum(s.bag.values()) == 0:
                return "The bag is empty: there is nothing left to scout."
            return ("You cannot scout there: choose an empty space up to 3 spaces from your hive, reached "
                    "through a line of tiles.")
        return None
    if isinstance(m, RaidMove):
        if m.target not in actions.raid_targets(s, seat):
            return ("You cannot raid that hive: it must be within 3 spaces, not raided by you this month, "
                    "and a player's hive must hold honey.")
        if m.bees > u:
            return f"You have only {count(u, 'free bee')}."
        return None
    if isinstance(m, (DefendMove, CleanMove)):
        return None if m.bees <= u else f"You have only {count(u, 'free bee')}."
    if isinstance(m, WaxMove):
        lim = actions.wax_limit(s, seat)
        if m.bees > lim:
            return (f"You can build at most {count(lim, 'cell')} now ({actions.wax_cost(s)} honey a bee, "
                    f"{count(u, 'free bee')}, comb at most {game_data().board.comb.max} cells).")
        return None
    if isinstance(m, CoolMove):
        if not actions.can_cool(s, seat):
            bees, water = actions.cool_cost(s, seat)
            return f"Cooling takes {count(bees, 'free bee')} and {water} water."
        return None
    if isinstance(m, RequeenMove):
        if m.queen == p.queen:
            return "Requeening needs a queen of a different type."
        if u < 1:
            return "You have no free bee."
        if m.queen not in actions.requeen_choices(s, seat):
            return "Three Generations: your queen must stay Hygienic all of year 1."
        return None
    if isinstance(m, ScareMove):
        if m.tile not in scenarios.scare_targets(s, seat):
            return ("You can scare the ghosts only off a haunted tile within 3 spaces of your hive that holds no "
                    "haunted hive.")
        return None
    return "That is not an action."


def check_move(s: BeeLivesState, move: Any) -> str | None:
    """Why ``move`` is illegal now, or None if it is legal."""
    pend = s.pending
    if pend is None or s.over:
        return "The game is over." if s.over else "No decision is pending."
    kind = pend.kind
    if not isinstance(move, EXPECTS[kind]):
        return f"The game is waiting for {ASKED_FOR[kind]}."
    if kind == "turn":
        return _check_turn(s, pend.seat, move)
    if isinstance(move, CollectMove):
        return actions.check_collect(s, move)
    if move not in LISTS[kind](s, pend.seat):
        return _reason(s, kind, move)
    return None


def _reason(s: BeeLivesState, kind: str, move: Any) -> str:
    if kind in ("queen", "swarm_queen", "new_queen"):
        return "Three Generations: that queen is not allowed now." if s.solo is not None else "Choose a queen type."
    if kind == "infect_pick":
        return "Choose one of the strongest wild hives."
    if kind in ("swarm_tile", "card_spawn", "harder_spawn", "wild_swarm", "campaign_spawn"):
        return "A wild hive can appear only on a tile without a hive, up to 3 spaces away."
    if kind == "wild_forage":
        return "Choose one of the equally close tiles offered."
    if kind in ("wild_target", "wild_order"):
        return "Choose one of the hives offered."
    if kind == "wild_scout":
        return "Choose one of the empty spaces offered."
    if kind == "starve":
        return f"You may keep at most {count(s.pending.amount if s.pending else 0, 'bee')} with starvation tokens."
    if kind in ("sacrifice", "wild_sacrifice"):
        return "You cannot sacrifice more bees than you have on Defend and free (nor more than can matter)."
    if kind == "press":
        return "You cannot sacrifice more raiders than the party holds or the wild hive's strength."
    if kind == "honey":
        return f"You may take at most {raids.honey_cap(s)} honey."
    if kind == "drop":
        return "Remove one of your rolled dice."
    if kind == "keep":
        return "Keep one of the two tiles you drew."
    if kind == "swarm_queen":
        return "Choose a queen type."
    if kind == "join":
        return "Choose another group and a rotation that lets the groups touch."
    if kind == "join_place":
        return "The groups must touch along an edge without overlapping."
    return f"The game is waiting for {ASKED_FOR[kind]}."


def apply_move(s: BeeLivesState, move: Any) -> None:
    """Apply a checked move to ``s`` (a copy)."""
    pend = s.pending
    assert pend is not None
    kind = pend.kind
    if kind == "turn":
        s.pending = None
        if s.solo is not None and s.players[pend.seat].infected:
            space, bees, tile = actions.bees_for(s, pend.seat, move)
            if not campaigns.infected_action(s, pend.seat, space, bees, tile):
                return
        TURN_HANDLERS[type(move)](s, pend.seat, move)
        return
    if kind == "join":
        joining.do_join_pick(s, pend.seat, move)
        return
    if kind == "join_place":
        if isinstance(move, BackMove):
            joining.do_join_back(s, pend.seat, move)
        else:
            joining.do_join_place(s, pend.seat, move)
        return
    HANDLERS[kind](s, pend.seat, move)


def play(state: BeeLivesState, move: Any) -> BeeLivesState:
    """Validate and apply; raises :class:`IllegalMove` and leaves ``state`` alone."""
    reason = check_move(state, move)
    if reason is not None:
        raise IllegalMove(reason)
    s = clone(state)
    apply_move(s, move)
    if s.solo is not None:
        solo.settle(s)
    return s
