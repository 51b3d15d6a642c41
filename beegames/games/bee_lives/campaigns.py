"""Campaign mode: Three Generations, Wildfire and Zombees.

Each campaign adds events at the start of a year (``solo_year`` task) and
at the start of a productive month (``solo_month`` task), and some
decisions of the player (their classes are at the end of this module; the
tasks register in the game's task registry, :data:`.flow.TASKS`, from
here too):

- ``new_queen`` (Three Generations, before year 2): a queen of another type;
- ``campaign_spawn``: where a wild hive the campaign brings appears
  (``pending.amount`` is its strength; ``pending.step == 1`` marks Zombees'
  first infected hive);
- ``infect_pick`` (Zombees, start of year 2): which of the strongest wild
  hives turns infected.

Wildfire burns the map row by row (see :func:`.solo.fire_coord`); a burned tile
is kept in :attr:`~.models.Solo.burned`. Zombees keeps the infected wild
hives and tiles in the solo record and the infected colony in
:attr:`~.models.Player.infected`; :func:`touch` spreads the infection when
a hive acts on a tile (the touch hook of :mod:`.hooks`), and
:func:`infected_action` may stop an infected colony's action (the action
hook). An infected wild hive's turn is in :mod:`.wildhives`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from ...core.words import with_article
from . import hooks
from .colony import set_queen
from .common import ask, can_spawn_near, cell_label, d6, push, remove_wild, rng, spawn_wild, tile_label
from .data import solo_data
from .flow import TASKS
from .kinds import QUEEN_REFUSAL, Decision, HiveChoice, TileChoice
from .map import distance, hive_tiles
from .models import QUEENS, BeeLivesMove, BeeLivesState, Forager, HiveMove, QueenMove, TileMove
from .solo import allowed_queens, blocked_tiles, fail, infected_set, on_queen
from .solo import fire_coord as fire_coord  # Wildfire's geometry lives in solo; named here too
from .solo import rows_to_hive as rows_to_hive

EDGE_WORDS = {"far": "the far edge, spreading toward you", "right": "the right edge, spreading left",
              "near": "the near edge, spreading away from you", "left": "the left edge, spreading right"}


def d4(s: BeeLivesState) -> int:
    """Roll the campaigns' D4 (Wildfire's edge and spawn distances) with the state's RNG."""
    s.reveal()
    return 1 + rng(s).below(4)


# ---------------------------------------------------------------------------
# the start of a year and of a month


@hooks.on_year_start
def queue_year(s: BeeLivesState) -> None:
    """A new year of a solo game: its campaign events (:func:`t_solo_year`) come
    before the first month (queued in every solo game; they do nothing without
    a campaign)."""
    push(s, "solo_year")


@hooks.on_month_start
def queue_month(s: BeeLivesState) -> None:
    """A month of a campaign's second year or later: the campaign's events
    (:func:`t_solo_month`) come before the month's phases."""
    if s.solo is not None and s.solo.campaign is not None and s.year > 1:
        push(s, "solo_month")


def t_solo_year(s: BeeLivesState, args: list[str]) -> None:
    """A campaign's events when year 2 or 3 begins."""
    solo = s.solo
    if solo is None or s.year < 2:
        return
    p = s.players[0]
    if solo.campaign == "three-generations" and s.year == 2:
        s.say(f"Three Generations: the {p.queen} queen died in the winter; the colony must choose a queen of "
              f"another type.")
        ask(s, 0, "new_queen", reason="the old queen died in the winter")
    elif solo.campaign == "wildfire" and s.year == 2:
        roll = d4(s)
        solo.fire = solo_data().wildfire.origin[roll]
        s.say(f"Wildfire: the D4 shows {roll}: the fire starts on {EDGE_WORDS[solo.fire]}.")
    elif solo.campaign == "zombees" and s.year == 2:
        _first_infection(s)


def t_solo_month(s: BeeLivesState, args: list[str]) -> None:
    """A campaign's events at the start of a productive month."""
    solo = s.solo
    if solo is None or solo.campaign is None or s.year < 2:
        return
    if solo.campaign == "wildfire" and solo.fire is not None:
        _burn(s)
        if solo.failed is None:
            push(s, *["fire_spawn"] * solo_data().wildfire.spawn_rolls)
    elif solo.campaign == "three-generations" and s.year == 2 and \
            s.month in solo_data().three_generations.year2_spawn_months:
        tg = solo_data().three_generations
        roll = d6(s)
        count = -(-roll // tg.year2_spawn_divisor)
        s.say(f"Three Generations: the D6 shows {roll}: {count} wild hive{'s' if count != 1 else ''} "
              f"of strength {tg.year2_spawn_strength} come to the map.")
        push(s, *["tg_spawn"] * count)


# -- Three Generations ---------------------------------------------------------------------


def new_queen_moves(s: BeeLivesState) -> list[QueenMove]:
    """Three Generations, before year 2: the queens the colony may raise, any type but the one that died."""
    now = s.players[0].queen
    return [QueenMove(queen=q) for q in QUEENS if q != now and q in allowed_queens(s, 0)]


def do_new_queen(s: BeeLivesState, seat: int, move: QueenMove) -> None:
    """Three Generations: the colony takes the chosen queen for the new year (it counts for the solo goals
    too)."""
    s.pending = None
    p = s.players[seat]
    set_queen(p, move.queen)
    s.say(f"{p.name}'s colony raises {with_article(move.queen)} queen for year {s.year}.")
    on_queen(s, seat, move.queen, "new_year")


def t_tg_spawn(s: BeeLivesState, args: list[str]) -> None:
    """Task: Three Generations, year 2: ask where one of the season's strength-4 wild hives appears, anywhere
    free on the map (nothing when no tile is free)."""
    tiles = spawnable(s)
    strength = solo_data().three_generations.year2_spawn_strength
    if not tiles:
        s.say("Three Generations: no tile is free for the wild hive.")
        return
    ask(s, 0, "campaign_spawn", choices=tiles, amount=strength,
        reason=f"Three Generations: a wild hive of strength {strength} comes to the map")


def spawnable(s: BeeLivesState) -> list[int]:
    """Every tile a wild hive may appear on (anywhere on the map)."""
    taken = hive_tiles(s)
    blocked = blocked_tiles(s)
    return [t.id for t in s.tiles if t.id not in taken and t.id not in blocked]


def do_campaign_spawn(s: BeeLivesState, seat: int, move: TileMove) -> None:
    """Place the campaign's wild hive on the chosen tile with the pending strength; Zombees' first infected
    hive (``step == 1``) is infected at once."""
    pend = s.pending
    assert pend is not None
    s.pending = None
    why = {"three-generations": "Three Generations", "wildfire": "the wildfire", "zombees": "Zombees"}.get(
        s.solo.campaign if s.solo is not None and s.solo.campaign else "", "the campaign")
    idx = spawn_wild(s, move.tile, pend.amount, why, infected=True if pend.step == 1 else None)
    if idx is not None and pend.step == 1:
        _infect_hive(s, idx, "it is the first infected hive")


# -- Wildfire ----------------------------------------------------------------------------------


def _burn(s: BeeLivesState) -> None:
    solo = s.solo
    assert solo is not None
    burned = set(solo.burned)
    coords = {t.id: fire_coord(s, t.id) for t in s.tiles if t.id not in burned}
    ahead = [c for c in coords.values() if solo.fire_line is None or c > solo.fire_line]
    if ahead:
        solo.fire_line = min(ahead)
    line = solo.fire_line
    newly = sorted(tid for tid, c in coords.items() if line is not None and c <= line)
    if not newly:
        s.say("Wildfire: nothing is left to burn.")
        return
    solo.burned = solo.burned + newly
    s.say(f"Wildfire: the fire burns {len(newly)} tile{'s' if len(newly) != 1 else ''} "
          f"({', '.join(cell_label(s, t) for t in newly)}).")
    for i, w in enumerate(s.wild):
        if w.tile is not None and w.tile in newly:
            s.say(f"The fire reaches the {w.name} wild hive.")
            remove_wild(s, i)
    p = s.players[0]
    if p.hive is not None and p.hive in newly:
        fail(s, f"Wildfire: the fire burned the tile of {p.name}'s hive")


def fire_distance(s: BeeLivesState, tile: int) -> int | None:
    """Spaces from ``tile`` to the nearest burned tile."""
    solo = s.solo
    assert solo is not None
    best = None
    for b in solo.burned:
        d = distance(s, tile, b)
        if d is not None and (best is None or d < best):
            best = d
    return best


def t_fire_spawn(s: BeeLivesState, args: list[str]) -> None:
    """Task: Wildfire: a D4 gives a distance from the fire, and a strength-4 wild hive is asked for on a free
    tile that far from it (none comes when no tile is)."""
    wf = solo_data().wildfire
    roll = d4(s)
    tiles = [t for t in spawnable(s) if fire_distance(s, t) == roll]
    if not tiles:
        s.say(f"Wildfire: the D4 shows {roll}; no free tile lies {roll} space{'s' if roll != 1 else ''} from the "
              f"fire, so no wild hive comes.")
        return
    ask(s, 0, "campaign_spawn", choices=tiles, amount=wf.spawn_strength,
        reason=f"Wildfire: the D4 shows {roll}, a wild hive of strength {wf.spawn_strength} flees the fire "
               f"to a tile {roll} space{'s' if roll != 1 else ''} from it")


# -- Zombees -------------------------------------------------------------------------------------


def _zombees_on(s: BeeLivesState) -> bool:
    return s.solo is not None and s.solo.campaign == "zombees" and s.year >= 2


def _first_infection(s: BeeLivesState) -> None:
    in_play = [i for i, w in enumerate(s.wild) if w.tile is not None]
    if not in_play:
        z = solo_data().zombees
        p = s.players[0]
        tiles = can_spawn_near(s, p.hive)
        if not tiles:
            s.say("Zombees: no wild hive is in play and none can be placed near your hive.")
            return
        s.say(f"Zombees: no wild hive is in play, so an infected one of strength {z.start_strength} comes.")
        ask(s, 0, "campaign_spawn", choices=tiles, amount=z.start_strength, step=1,
            reason=f"Zombees: the first infected wild hive (strength {z.start_strength}) appears near your hive")
        return
    top = max(s.wild[i].strength for i in in_play)
    tied = [i for i in in_play if s.wild[i].strength == top]
    if len(tied) > 1:
        ask(s, 0, "infect_pick", targets=[f"w{i}" for i in tied],
            reason=f"Zombees: choose which of the strongest wild hives (strength {top}) turns infected")
        return
    _infect_hive(s, tied[0], "it is the strongest wild hive")


def _infect_pick_moves(s: BeeLivesState) -> list[HiveMove]:
    assert s.pending is not None
    return [HiveMove(target=t) for t in s.pending.targets]


def do_infect_pick(s: BeeLivesState, seat: int, move: HiveMove) -> None:
    """Zombees, start of year 2: the wild hive the player chose among the strongest turns infected."""
    s.pending = None
    _infect_hive(s, int(move.target[1:]), "the strongest wild hive, as you chose")


def _infect_tile(s: BeeLivesState, tile: int) -> None:
    solo = s.solo
    assert solo is not None
    if tile not in infected_set(s):
        solo.infected_tiles.append(tile)
        s.say(f"The {tile_label(s, tile)} is infected (dark side up).")


def _infect_hive(s: BeeLivesState, idx: int, why: str) -> None:
    solo = s.solo
    assert solo is not None
    w = s.wild[idx]
    if idx not in solo.infected_hives:
        solo.infected_hives.append(idx)
        s.say(f"Zombees! The {w.name} wild hive is infected ({why}); its tile shows the dark side.")


def _infect_player(s: BeeLivesState, seat: int) -> None:
    p = s.players[seat]
    if not p.infected:
        p.infected = True
        s.say(f"Zombees! {p.name}'s colony is infected: its actions may fail and its disease gains double.")


@hooks.on_spawn
def _zombees_spawn(s: BeeLivesState, idx: int, parent: int | None, infected: bool | None) -> None:
    """Zombees: a new wild hive whose infection nobody decided gets the D6."""
    if infected is None and _zombees_on(s):
        spawn_roll(s, idx)


def spawn_roll(s: BeeLivesState, idx: int) -> None:
    """A new wild hive in year 2 or later: a D6 says whether it is infected."""
    z = solo_data().zombees
    roll = d6(s)
    if roll <= z.infected_spawn:
        _infect_hive(s, idx, f"the D6 shows {roll}")
    else:
        s.say(f"Zombees: the D6 shows {roll}; the {s.wild[idx].name} wild hive is healthy.")


def _is_infected(s: BeeLivesState, key: str) -> bool:
    idx = int(key[1:])
    if key[0] == "p":
        return s.players[idx].infected
    return s.solo is not None and idx in s.solo.infected_hives


@hooks.on_touch
def touch(s: BeeLivesState, key: str, tile: int | None) -> None:
    """Hive ``key`` acts on ``tile`` (forages it, or raids the hive on it):
    an infected hive infects a healthy tile, a healthy hive may catch the
    infection from an infected tile."""
    solo = s.solo
    if tile is None or not _zombees_on(s) or solo is None:
        return
    if _is_infected(s, key):
        _infect_tile(s, tile)
        return
    if tile not in infected_set(s):
        return
    z = solo_data().zombees
    roll = d6(s)
    idx = int(key[1:])
    name = f"{s.players[idx].name}'s colony" if key[0] == "p" else f"the {s.wild[idx].name} wild hive"
    if roll <= z.catch:
        s.say(f"The tile is infected: the D6 shows {roll}.")
        if key[0] == "p":
            _infect_player(s, idx)
        else:
            _infect_hive(s, idx, "it touched an infected tile")
    else:
        s.say(f"The tile is infected: the D6 shows {roll}, and {name} stays healthy.")


@hooks.on_action
def infected_action(s: BeeLivesState, seat: int, space: str, bees: int, tile: int | None) -> bool:
    """An infected colony's action: a D6 says whether it happens (True) or fails."""
    p = s.players[seat]
    if not p.infected or not _zombees_on(s):
        return True
    z = solo_data().zombees
    roll = d6(s)
    if roll > z.action_fails:
        s.say(f"{p.name}'s colony is infected: the D6 shows {roll}, the action goes ahead.")
        return True
    if roll <= z.action_dies:
        p.workers -= bees
        p.unassigned -= bees
        s.say(f"{p.name}'s colony is infected: the D6 shows {roll}: the action fails and its "
              f"{bees} bee{'s' if bees != 1 else ''} die.")
        return False
    p.unassigned -= bees
    if space == "forage" and tile is not None:
        p.foraging.append(Forager(tile=tile, bees=bees))  # they stand on the tile for nothing
    else:
        p.idle += bees
    s.say(f"{p.name}'s colony is infected: the D6 shows {roll}: the action fails (the bees live).")
    return False


# -- the campaigns' decisions and tasks ----------------------------------------------------------


class NewQueen(Decision):
    """Three Generations: the new queen."""

    kind: Literal["new_queen"] = "new_queen"
    answers: ClassVar[tuple[type, ...]] = (QueenMove,)
    asked: ClassVar[str] = "the new queen"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """The queen types allowed."""
        return list(new_queen_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Take that queen."""
        do_new_queen(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """A queen not allowed now."""
        return "Three Generations: that queen is not allowed now." if s.solo is not None else QUEEN_REFUSAL


class CampaignSpawn(TileChoice):
    """A campaign's spawn: the tile of the new wild hive."""

    kind: Literal["campaign_spawn"] = "campaign_spawn"
    asked: ClassVar[str] = "a tile for the wild hive"

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """The wild hive appears there."""
        do_campaign_spawn(s, self.seat, move)


class InfectPick(HiveChoice):
    """Zombees: which of the strongest wild hives turns infected."""

    kind: Literal["infect_pick"] = "infect_pick"
    asked: ClassVar[str] = "the wild hive that turns infected"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """The strongest wild hives."""
        return list(_infect_pick_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """That hive turns infected."""
        do_infect_pick(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Not one of the strongest."""
        return "Choose one of the strongest wild hives."


#: The campaigns' automatic steps, in the game's task registry.
TASKS.add_all([
    ("solo_year", t_solo_year),
    ("solo_month", t_solo_month),
    ("fire_spawn", t_fire_spawn),
    ("tg_spawn", t_tg_spawn),
])
