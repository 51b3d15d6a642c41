"""Where the solo modes change the base rules: the base rules announce an
event or ask a question, the modes (:mod:`.solo`, :mod:`.scenarios`,
:mod:`.campaigns`) register what they do then, beside their rules.

No base rule imports a mode (``tests/bee_lives/test_bl_hooks.py`` checks it,
imports inside functions too): it calls the function of the event here,
which runs every handler registered for it, in the order registered. The
modes register when the package loads (``__init__`` imports them); the
campaigns' automatic steps register in the game's task registry
(:data:`.flow.TASKS`) from :mod:`.campaigns`, and their decision kinds are
defined there too. The events, by the moment of the game:

Setting up
  - **mode** (:func:`mode_of`): the solo mode of a new game, from its options
    (one handler: :func:`.solo.resolve`);
  - **years** (:func:`years_of`): the game's length once the mode is known
    (one handler: :func:`.solo.years_of`);
  - **lay-out** (:func:`lay_out`): a mode's own starting map
    (:func:`.scenarios.lay_out`);
  - **start** (:func:`started`): the mode's cards are announced
    (:func:`.solo.introduce`).

Queens
  - **queen choices** (:func:`queens_allowed`): the queen types a colony may
    take now (every handler narrows them; Three Generations);
  - **queen chosen** (:func:`queen_chosen`): a queen went on the board, at
    setup, by a Requeen, by a swarm that stays or for a new year.

A month
  - **month start** (:func:`month_began`): a month's phases are queued; a
    campaign queues its own start-of-month events (``solo_month``);
  - **brood** (:func:`brood_hatched`): a Brood phase hatched so many brood;
  - **swarm** (:func:`swarmed`), **swarm spawn** (:func:`swarm_spawned`) and
    **leave** (:func:`left`): a colony swarmed, its swarm became a wild hive,
    the colony left for a new site;
  - **month end** (:func:`month_ended`): a productive month ended.

Actions
  - **mode actions** (:func:`add_action`, :func:`action_moves`,
    :func:`action_problem`, :func:`do_action`): an action a mode adds to a
    turn (Haunted Hives' scare);
  - **action** (:func:`action_goes_ahead`): whether a colony's action happens
    at all (Zombees);
  - **forage roll** (:func:`forage_goes_ahead`): whether a player's forage
    brings anything (Haunted Hives);
  - **touch** (:func:`touched`): a hive acted on a tile, foraging it or
    raiding the hive on it (Zombees);
  - **scout** (:func:`scouted`) and **scout spawn roll**
    (:func:`scout_spawn_need`): a colony scouted; the D6 a scout needs to
    bring a wild hive (Under Siege);
  - **raid** (:func:`raided`): a colony raids a hive (Pacifist).

Wild hives
  - **spawn** (:func:`spawned`): a wild hive came into play;
  - **removal** (:func:`removed`): a wild hive left the map;
  - **blocked tiles** (:func:`blocked_tiles`): tiles no wild hive may appear on;
  - **waking** (:func:`awake_in_spring`): whether the wild hives are awake in
    the first spring;
  - **wild forage** (:func:`wild_foraged`): a wild hive foraged a tile.

Checks and the end
  - **check** (:func:`checked`): after every move and every automatic step,
    goals that can break at any moment (a broken goal ends the game);
  - **year end** (:func:`year_ended`): a year ended after its winter;
  - **year start** (:func:`year_began`): the next year begins; a campaign
    queues its start-of-year events (``solo_year``) before the first month;
  - **game end** (:func:`game_ended`): the game ended;
  - **result** (:func:`mode_result`): the result of a game with a solo mode.

The base rules call these only in a game with a solo mode (``state.solo``),
except the setup questions and those a basic game answers the same way
(queen choices, queen chosen).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from ...core.protocol import GameResult
from ...core.rng import Rng
from .models import QUEENS, BeeLivesMove, BeeLivesState, Solo
from .options import BeeLivesOptions

#: spawn: the state, the new hive's index, the hive that swarmed (or None),
#: and whether the caller decided its infection (None: a mode may roll for it)
SpawnHook = Callable[[BeeLivesState, int, "int | None", "bool | None"], None]
#: an event about one colony (its seat) or one wild hive (its index)
SeatHook = Callable[[BeeLivesState, int], None]
StateHook = Callable[[BeeLivesState], None]
WakingHook = Callable[[BeeLivesState], bool]
ResultHook = Callable[[BeeLivesState], GameResult]
ModeHook = Callable[[BeeLivesOptions, Rng], "Solo | None"]
YearsHook = Callable[[BeeLivesOptions, "Solo | None"], int]
QueensHook = Callable[[BeeLivesState, int], "tuple[str, ...]"]
#: queen chosen: the state, the seat, the queen, and how ("setup", "requeen", "stay", "new_year")
QueenHook = Callable[[BeeLivesState, int, str, str], None]
#: brood: the state, the seat and the brood hatched (before disease)
BroodHook = Callable[[BeeLivesState, int, int], None]
#: swarm spawn: the state and the new wild hive's index (None when none came)
SwarmSpawnHook = Callable[[BeeLivesState, "int | None"], None]
#: raid: the state, the raider's seat and the target's key ("p1", "w0")
RaidHook = Callable[[BeeLivesState, int, str], None]
#: touch: the state, the acting hive's key ("p0", "w2") and the tile (None: no tile)
TouchHook = Callable[[BeeLivesState, str, "int | None"], None]
#: wild forage: the state, the wild hive's index and the tile
TileHook = Callable[[BeeLivesState, int, int], None]
BlockedHook = Callable[[BeeLivesState], "set[int]"]
ScoutRollHook = Callable[[BeeLivesState], "int | None"]
#: forage roll: the state, the seat and the tile; False when the forage brings nothing
ForageHook = Callable[[BeeLivesState, int, int], bool]
#: action: the state, the seat, the action's space, its bees and its tile; False when it fails
ActionHook = Callable[[BeeLivesState, int, str, int, "int | None"], bool]

_SPAWN: list[SpawnHook] = []
_REMOVAL: list[SeatHook] = []
_WAKING: list[WakingHook] = []
_YEAR_END: list[StateHook] = []
_GAME_END: list[StateHook] = []
_RESULT: list[ResultHook] = []
_MODE: list[ModeHook] = []
_YEARS: list[YearsHook] = []
_LAY_OUT: list[StateHook] = []
_START: list[StateHook] = []
_QUEENS: list[QueensHook] = []
_QUEEN: list[QueenHook] = []
_BROOD: list[BroodHook] = []
_SWARM: list[SeatHook] = []
_SWARM_SPAWN: list[SwarmSpawnHook] = []
_LEAVE: list[SeatHook] = []
_MONTH_START: list[StateHook] = []
_MONTH_END: list[StateHook] = []
_YEAR_START: list[StateHook] = []
_ACTION: list[ActionHook] = []
_FORAGE: list[ForageHook] = []
_TOUCH: list[TouchHook] = []
_SCOUT: list[SeatHook] = []
_SCOUT_ROLL: list[ScoutRollHook] = []
_RAID: list[RaidHook] = []
_BLOCKED: list[BlockedHook] = []
_WILD_FORAGE: list[TileHook] = []
_CHECK: list[StateHook] = []

F = TypeVar("F")


def _adder(hooks: list[F]) -> Callable[[F], F]:
    def register(fn: F) -> F:
        if fn not in hooks:
            hooks.append(fn)
        return fn

    return register


#: Decorators registering a mode's handler of each event.
on_spawn = _adder(_SPAWN)
on_removal = _adder(_REMOVAL)
on_waking = _adder(_WAKING)
on_year_end = _adder(_YEAR_END)
on_game_end = _adder(_GAME_END)
on_result = _adder(_RESULT)
on_mode = _adder(_MODE)
on_years = _adder(_YEARS)
on_lay_out = _adder(_LAY_OUT)
on_start = _adder(_START)
on_queens = _adder(_QUEENS)
on_queen = _adder(_QUEEN)
on_brood = _adder(_BROOD)
on_swarm = _adder(_SWARM)
on_swarm_spawn = _adder(_SWARM_SPAWN)
on_leave = _adder(_LEAVE)
on_month_start = _adder(_MONTH_START)
on_month_end = _adder(_MONTH_END)
on_year_start = _adder(_YEAR_START)
on_action = _adder(_ACTION)
on_forage = _adder(_FORAGE)
on_touch = _adder(_TOUCH)
on_scout = _adder(_SCOUT)
on_scout_roll = _adder(_SCOUT_ROLL)
on_raid = _adder(_RAID)
on_blocked = _adder(_BLOCKED)
on_wild_forage = _adder(_WILD_FORAGE)
on_check = _adder(_CHECK)


def _one(hooks: list[F], what: str) -> F | None:
    """The one handler of a question only one mode answers (None: no mode loaded)."""
    if len(hooks) > 1:
        raise RuntimeError(f"Bee Lives: {len(hooks)} handlers registered for {what}, not one")
    return hooks[0] if hooks else None


# -- setting up ---------------------------------------------------------------------------------


def mode_of(options: BeeLivesOptions, r: Rng) -> Solo | None:
    """The solo mode record of a new game (None for a basic game), its random
    cards drawn with ``r``; raises RuntimeError when a solo mode is asked for
    and no mode module is loaded."""
    fn = _one(_MODE, "the solo mode")
    if fn is None:
        if options.mode != "basic":
            raise RuntimeError(f"Bee Lives: no handler for the {options.mode} mode is registered")
        return None
    return fn(options, r)


def years_of(options: BeeLivesOptions, solo: Solo | None) -> int:
    """The game's length in years once its solo mode is known (a campaign may set it)."""
    fn = _one(_YEARS, "the game's length")
    return options.year_count if fn is None else fn(options, solo)


def lay_out(s: BeeLivesState) -> None:
    """The common area is set up: a mode may replace it by its own starting map."""
    for fn in _LAY_OUT:
        fn(s)


def started(s: BeeLivesState) -> None:
    """The game is set up: the modes announce their cards in the log."""
    for fn in _START:
        fn(s)


# -- queens ----------------------------------------------------------------------------------------


def queens_allowed(s: BeeLivesState, seat: int) -> tuple[str, ...]:
    """The queen types ``seat``'s colony may take now: every type, narrowed by each mode."""
    allowed = QUEENS
    for fn in _QUEENS:
        narrower = fn(s, seat)
        allowed = tuple(q for q in allowed if q in narrower)
    return allowed


def queen_chosen(s: BeeLivesState, seat: int, queen: str, how: str) -> None:
    """A ``queen`` went on ``seat``'s board (``how``: "setup", "requeen", "stay" or "new_year")."""
    for fn in _QUEEN:
        fn(s, seat, queen, how)


# -- a month ---------------------------------------------------------------------------------------


def month_began(s: BeeLivesState) -> None:
    """A month began and its phases are queued: a mode may queue tasks to run first."""
    for fn in _MONTH_START:
        fn(s)


def brood_hatched(s: BeeLivesState, seat: int, hatched: int) -> None:
    """``seat``'s Brood phase hatched ``hatched`` brood (0 when none could hatch)."""
    for fn in _BROOD:
        fn(s, seat, hatched)


def swarmed(s: BeeLivesState, seat: int) -> None:
    """``seat``'s colony swarmed (before the swarm's place is chosen)."""
    for fn in _SWARM:
        fn(s, seat)


def swarm_spawned(s: BeeLivesState, idx: int | None) -> None:
    """A colony's swarm became wild hive ``idx`` (None when no hive came)."""
    for fn in _SWARM_SPAWN:
        fn(s, idx)


def left(s: BeeLivesState, seat: int) -> None:
    """``seat``'s colony left its site for the swarm's new one."""
    for fn in _LEAVE:
        fn(s, seat)


def month_ended(s: BeeLivesState) -> None:
    """A productive month ended (before the month counter moves on)."""
    for fn in _MONTH_END:
        fn(s)


# -- actions ---------------------------------------------------------------------------------------

#: a mode action's legal moves for a seat, why a move is refused (None: legal), and its effect; the
#: last two are registered for one move type and only ever called with a move of that type
ActionMoves = Callable[[BeeLivesState, int], Sequence[BeeLivesMove]]
ActionProblem = Callable[[BeeLivesState, int, object], "str | None"]
ActionDo = Callable[[BeeLivesState, int, object], None]
#: the move a mode action takes (one type of the move union)
M = TypeVar("M", bound=BeeLivesMove)

#: the actions the modes add to a turn, by the move type that takes each
_ACTIONS: dict[type, tuple[ActionMoves, ActionProblem, ActionDo]] = {}


def add_action(move: type[M], moves: Callable[[BeeLivesState, int], Sequence[M]],
               problem: Callable[[BeeLivesState, int, M], str | None],
               do: Callable[[BeeLivesState, int, M], None]) -> None:
    """Register an action a mode adds to a player's turn: the move type that
    takes it, the moves a seat may take now, why a move is refused (None:
    legal) and its effect."""
    # the check and the effect are looked up by the move's own type, so they only see that type
    _ACTIONS[move] = (moves, cast(ActionProblem, problem), cast(ActionDo, do))


def action_moves(s: BeeLivesState, seat: int) -> list[BeeLivesMove]:
    """The moves of every mode action ``seat`` may take now, in the order registered."""
    out: list[BeeLivesMove] = []
    for moves, _problem, _do in _ACTIONS.values():
        out += moves(s, seat)
    return out


def is_mode_action(move: object) -> bool:
    """Whether ``move`` takes an action a mode added."""
    return type(move) in _ACTIONS


def action_problem(s: BeeLivesState, seat: int, move: object) -> str | None:
    """Why ``seat`` may not take the mode action ``move`` now, or None when it may."""
    return _ACTIONS[type(move)][1](s, seat, move)


def do_action(s: BeeLivesState, seat: int, move: object) -> None:
    """Carry out the mode action ``move`` (checked) for ``seat``."""
    _ACTIONS[type(move)][2](s, seat, move)


def action_goes_ahead(s: BeeLivesState, seat: int, space: str, bees: int, tile: int | None) -> bool:
    """Whether ``seat``'s action (its space, bees and tile) happens; a mode may
    make it fail first (Zombees). The first handler that says no stops it."""
    return all(fn(s, seat, space, bees, tile) for fn in _ACTION)


def forage_goes_ahead(s: BeeLivesState, seat: int, tile: int) -> bool:
    """Whether ``seat``'s forage of ``tile`` brings anything (Haunted Hives may
    roll against it). The first handler that says no stops it."""
    return all(fn(s, seat, tile) for fn in _FORAGE)


def touched(s: BeeLivesState, key: str, tile: int | None) -> None:
    """Hive ``key`` acted on ``tile``: foraged it, or raided the hive on it."""
    for fn in _TOUCH:
        fn(s, key, tile)


def scouted(s: BeeLivesState, seat: int) -> None:
    """``seat``'s colony sent a scout (before the tiles are drawn)."""
    for fn in _SCOUT:
        fn(s, seat)


def scout_spawn_need(s: BeeLivesState) -> int | None:
    """The D6 a player's scout needs to bring a wild hive onto the new tile, or
    None when no mode rolls for it (the first mode that names one decides)."""
    for fn in _SCOUT_ROLL:
        need = fn(s)
        if need is not None:
            return need
    return None


def raided(s: BeeLivesState, seat: int, target: str) -> None:
    """``seat``'s colony raids hive ``target`` (before the fight)."""
    for fn in _RAID:
        fn(s, seat, target)


# -- wild hives ------------------------------------------------------------------------------------


def spawned(s: BeeLivesState, idx: int, parent: int | None, infected: bool | None) -> None:
    """Wild hive ``idx`` came into play (``parent``: the hive that swarmed)."""
    for fn in _SPAWN:
        fn(s, idx, parent, infected)


def removed(s: BeeLivesState, idx: int) -> None:
    """Wild hive ``idx`` left the map."""
    for fn in _REMOVAL:
        fn(s, idx)


def blocked_tiles(s: BeeLivesState) -> set[int]:
    """The tiles no wild hive may appear on, by every mode (haunted, burned)."""
    out: set[int] = set()
    for fn in _BLOCKED:
        out |= fn(s)
    return out


def awake_in_spring(s: BeeLivesState) -> bool:
    """Whether some mode wakes the wild hives in the first spring."""
    return any(fn(s) for fn in _WAKING)


def wild_foraged(s: BeeLivesState, idx: int, tile: int) -> None:
    """Wild hive ``idx`` foraged ``tile`` (before the hive touches the tile)."""
    for fn in _WILD_FORAGE:
        fn(s, idx, tile)


# -- checks and the end ----------------------------------------------------------------------------


def checked(s: BeeLivesState) -> None:
    """The check after every move and every automatic step: a mode settles the
    goals that can change at any moment, and ends a game whose goal broke."""
    for fn in _CHECK:
        fn(s)


def year_ended(s: BeeLivesState) -> None:
    """A year ended, after its winter and its scoring."""
    for fn in _YEAR_END:
        fn(s)


def year_began(s: BeeLivesState) -> None:
    """A new year began and its first month is queued: a mode may queue tasks to run first."""
    for fn in _YEAR_START:
        fn(s)


def game_ended(s: BeeLivesState) -> None:
    """The game ended (before the last starvation tokens are counted)."""
    for fn in _GAME_END:
        fn(s)


def mode_result(s: BeeLivesState) -> GameResult:
    """The result of a game with a solo mode, from the one mode that gives it;
    raises RuntimeError unless exactly one mode gives results."""
    if len(_RESULT) != 1:
        raise RuntimeError(f"Bee Lives: {len(_RESULT)} solo results registered, not one")
    return _RESULT[0](s)
