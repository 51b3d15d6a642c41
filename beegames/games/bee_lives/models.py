"""Pydantic state and moves of Bee Lives.

Conventions:

- Seats are ``0..n-1``. A hive is named by a key: ``"p2"`` is seat 2's hive,
  ``"w5"`` is wild hive 5 (an index into ``state.wild`` and the names list).
- Tiles are numbered in the order they reach the map; ``state.tiles[i].id == i``.
  Each tile sits in a map *group* at axial ``(q, r)`` in that group's own
  frame; groups merge when the map is joined.
- Months 1-9 are the productive months (March to November); 10-12 are the
  winter months (December to February).
- Tiles are frozen and the list of tiles is replaced, never changed in place,
  so copies of a state may share it.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from ...core.decisions import DecisionBase as CoreDecision
from ...core.state import GameState
from .data import Season, TileKind
from .options import BeeLivesOptions

Queen = Literal["aggressive", "prolific", "hygienic", "nomadic"]
QUEENS: tuple[Queen, ...] = ("aggressive", "prolific", "hygienic", "nomadic")

#: The action spaces of a hive board, top to bottom (Forage bees stand on the map).
ACTIONS = ("forage", "scout", "raid", "defend", "wax", "clean", "cool", "requeen")
SPACES = ("scout", "raid", "defend", "wax", "clean", "cool", "requeen")

MONTH_NAMES = ("March", "April", "May", "June", "July", "August", "September", "October", "November",
               "December", "January", "February")


def _empty_spaces() -> dict[str, int]:
    """A fresh count of bees on each hive-board action space (Forage bees stand on the map), all zero."""
    return {k: 0 for k in SPACES}


class Tile(BaseModel):
    """A map tile: its kind, and where it lies (group and axial cell)."""

    model_config = ConfigDict(frozen=True)

    id: int
    kind: TileKind
    group: int
    q: int
    r: int


class Forager(BaseModel):
    """Bees of a player standing on a tile they foraged this month."""

    tile: int
    bees: int


class Player(BaseModel):
    """One colony: its hive board, disease track and tokens."""

    name: str
    queen: Queen | None = None
    #: queen token turned left: no brood hatches at the next Brood phase
    paused: bool = False
    #: tile of the hive (None once a multi-year hive is eliminated)
    hive: int | None = None
    #: every active worker: in the worker area, on action spaces and on the map
    workers: int = 0
    #: workers still free to take actions this month
    unassigned: int = 0
    nest: int = 0
    assigned: dict[str, int] = Field(default_factory=_empty_spaces)
    foraging: list[Forager] = Field(default_factory=list)
    comb: int = 10
    honey: int = 0
    pollen: int = 0
    water: int = 0
    #: disease track side: "A", or "B" (half spaces) with a Hygienic queen
    side: Literal["A", "B"] = "A"
    #: the mite's space on the current side
    mite: int = 0
    #: index on side A of the last normal space the mite reached (== mite on side A)
    mite_normal: int = 0
    #: mite standing upright: the next disease gain this month is one smaller
    upright: bool = False
    swarm_token: bool = False
    skip_feeding: bool = False
    starvation: int = 0
    vp: int = 0
    #: hives raided this month (keys)
    raided: list[str] = Field(default_factory=list)
    cooled: bool = False
    #: had a turn this month (first-turn card effects)
    had_turn: bool = False
    eliminated: bool = False
    #: Zombees: the colony caught the infection (its actions may fail, disease gains double)
    infected: bool = False
    #: Zombees: bees whose action failed this month (they live, but do nothing more)
    idle: int = 0

    @property
    def stored(self) -> int:
        """Cubes in the comb: honey, pollen and water together."""
        return self.honey + self.pollen + self.water

    @property
    def empty(self) -> int:
        """Empty comb cells (the room for brood in the Egg Phase)."""
        return self.comb - self.stored


class WildHive(BaseModel):
    """A wild hive piece: on the map (``tile``) or out of play (``None``)."""

    name: str
    tile: int | None = None
    strength: int = 0
    #: tiles this hive foraged this month (a neutral worker token on each)
    tokens: list[int] = Field(default_factory=list)
    #: tiles of the hives it raided this month (a neutral worker token on each)
    raid_tokens: list[int] = Field(default_factory=list)
    #: its first bloom, wilt or harvest forage this month is done
    foraged: bool = False
    raided: list[str] = Field(default_factory=list)
    #: took its first turn this month
    acted: bool = False


class Raid(BaseModel):
    """A player's raid in progress."""

    attacker: int
    target: str
    initial: int
    party: int
    dice: list[int] = Field(default_factory=list)
    rerolls: int = 0
    #: defender's bees on Defend when the raid began (player targets)
    defend: int = 0
    sac_defend: int = 0
    sac_unassigned: int = 0
    #: strength taken off a wild hive by the raid party's strength
    reduced: int = 0
    #: extra bees sacrificed against a wild hive
    pressed: int = 0


class WildRaid(BaseModel):
    """A wild hive's raid on a player, waiting for the defender's answer."""

    hive: int
    seat: int
    roll: int
    step: int


class SwarmCtx(BaseModel):
    seat: int
    lost: int
    honey_lost: int
    #: wild hive spawned by the swarm (None if none could be)
    spawned: int | None = None


class ForageCtx(BaseModel):
    seat: int
    tile: int
    honey: int
    pollen: int
    water: int


class ScoutCtx(BaseModel):
    seat: int
    group: int
    q: int
    r: int
    drawn: list[TileKind]


class JoinCtx(BaseModel):
    seat: int
    group: int
    rotation: int


#: Every kind of decision Bee Lives asks (a misspelt kind is a validation error).
PendingKind = Literal[
    "turn",
    "queen",
    "starve",
    "swarm_queen",
    "swarm_stay",
    "swarm_tile",
    "keep",
    "reroll",
    "sacrifice",
    "drop",
    "press",
    "honey",
    "collect",
    "join",
    "join_place",
    "card_spawn",
    "harder_spawn",
    "campaign_spawn",
    "new_queen",
    "infect_pick",
    "wild_forage",
    "wild_order",
    "wild_sacrifice",
    "wild_scout",
    "wild_swarm",
    "wild_target",
]


class Pending(CoreDecision["BeeLivesState", "BeeLivesMove"]):
    """The decision the game waits for: the kernel's decision shape
    (:class:`beegames.core.decisions.DecisionBase`). Each kind is a subclass in
    :mod:`.kinds`, with its legal moves, its check, its effect and its refusal;
    they all hold these same fields.

    ``hive`` and ``step`` point at the wild hive and chart step a choice
    belongs to; ``choices`` lists candidate tiles (or wild hive indices);
    ``targets`` lists candidate hive keys; ``cells`` empty cells; ``amount`` is a number the
    decision is about (bees that could be saved from starving...).
    """

    seat: int
    kind: PendingKind
    hive: int | None = None
    step: int | None = None
    choices: list[int] = Field(default_factory=list)
    targets: list[str] = Field(default_factory=list)
    cells: list[tuple[int, int]] = Field(default_factory=list)
    amount: int = 0
    reason: str = ""

    _kinds: ClassVar[dict[str, type[Any]]] = {}
    #: the move types that answer this decision
    answers: ClassVar[tuple[type, ...]] = ()
    #: what the game waits for, for refusals ("The game is waiting for ...")
    asked: ClassVar[str] = "a decision"

    @classmethod
    def read(cls, data: object) -> object:
        """A decision read from a save: the class of its kind (anything else is
        left to validation, which refuses it)."""
        if isinstance(data, dict) and isinstance(data.get("kind"), str):
            kind = cls.kinds().get(data["kind"])
            if kind is None:
                raise ValueError(f"not a Bee Lives decision: {str(data['kind'])[:40]!r}")
            return kind.model_validate(data)
        return data

    def check(self, s: BeeLivesState, move: object) -> str | None:
        """Why ``move`` is refused now, or None when it is legal: a move of another
        type by saying what the game waits for, one of the right type by
        :meth:`problem`."""
        if not isinstance(move, self.answers):
            return f"The game is waiting for {self.asked}."
        return self.problem(s, move)

    def problem(self, s: BeeLivesState, move: Any) -> str | None:
        """Why a move of the right type is refused, or None: it must be one the
        kind's :meth:`legal` lists (a kind may check otherwise)."""
        return None if move in self.legal(s) else self.refusal(s, move)

    def refusal(self, s: BeeLivesState, move: Any) -> str:
        """Why a move of the right type that is not legal is refused."""
        return f"The game is waiting for {self.asked}."


class Solo(BaseModel):
    """A solo mode in play (challenge, scenario, campaign) and its progress.

    Everything here is public: the cards lie face up. Wild hives are named
    by index and tiles by id, as everywhere in the state.
    """

    mode: Literal["challenge", "scenario", "campaign"]
    challenge: str | None = None
    scenario: str | None = None
    campaign: str | None = None
    #: why the game was lost before its end (a broken goal, a campaign loss)
    failed: str | None = None
    #: the challenge's goal has been met (goals met once, or within one year)
    met: bool = False
    #: what each finished year brought (shown with the goal)
    notes: list[str] = Field(default_factory=list)
    # -- challenge progress
    #: the first queen of the game (Strong Leader)
    first_queen: str | None = None
    #: queen types the colony has had this year (Indecisive)
    queens: list[str] = Field(default_factory=list)
    #: swarms so far (Pacifist)
    swarms: int = 0
    #: wild hives spawned by this year's swarms, and how many of them were lost (The Mother Hive)
    year_spawns: list[int] = Field(default_factory=list)
    spawns_lost: int = 0
    #: the highest disease level reached (Dirty Bees) and wild hive strength seen (Protectionist)
    worst_disease: int = 0
    strongest: int = 0
    #: scouts this year (Three Generations)
    scouts: int = 0
    # -- Haunted Hives
    haunting: bool = False
    haunted_hives: list[int] = Field(default_factory=list)
    #: tiles turned haunted by a haunted hive's forage (the tile under a haunted hive is haunted too)
    haunted_tiles: list[int] = Field(default_factory=list)
    # -- Three Generations, year 3
    spring_queen: bool = False
    fall_leave: bool = False
    # -- Wildfire
    #: where the fire started: "far", "right", "near" or "left"
    fire: str | None = None
    #: the last row burned (in the spread direction's coordinate)
    fire_line: int | None = None
    burned: list[int] = Field(default_factory=list)
    # -- Zombees
    infected_hives: list[int] = Field(default_factory=list)
    #: tiles an infected hive acted on, or left behind (the tile under an infected hive is infected too)
    infected_tiles: list[int] = Field(default_factory=list)


def old_task(text: str) -> str:
    """A task saved in the format used before issue 21 (``"ask_starve:0:"``)
    in the kernel's format (``"ask_starve 0"``)."""
    name, *args = text.split(":")
    return " ".join([name, *(a for a in args if a)])


class BeeLivesState(GameState):
    """A game of Bee Lives in JSON-friendly form."""

    options: BeeLivesOptions
    n: int
    years: int = 1
    year: int = 1
    month: int = 1
    phase: str = "setup"
    first: int = 0
    players: list[Player]
    wild: list[WildHive]
    tiles: list[Tile] = Field(default_factory=list)
    bag: dict[TileKind, int]
    #: the season decks, top card first (the order is hidden from everybody)
    decks: dict[Season, list[str]]
    #: cards revealed so far (all years), oldest first
    played: list[str] = Field(default_factory=list)
    #: the active season card
    card: str | None = None
    #: a wild hive was spawned this month by a swarm or a card (harder solo rule)
    spawned: bool = False
    #: automatic tasks, front first, in the kernel's format (``"pturn 2"``)
    queue: list[str] = Field(default_factory=list)
    pending: Pending | None = None

    @field_validator("pending", mode="before")
    @classmethod
    def _decision_of_its_kind(cls, value: object) -> object:
        return Pending.read(value)

    #: answers collected for a phase that all players do at once
    choices: dict[int, int] = Field(default_factory=dict)
    raid: Raid | None = None
    wraid: WildRaid | None = None
    swarm: SwarmCtx | None = None
    forage: ForageCtx | None = None
    scout: ScoutCtx | None = None
    join: JoinCtx | None = None
    #: wild hives still to act in this wild round
    wild_queue: list[int] = Field(default_factory=list)
    over: bool = False
    #: the solo mode (None: a basic game)
    solo: Solo | None = None

    @field_validator("queue", mode="before")
    @classmethod
    def _kernel_task_format(cls, value: object) -> object:
        """Saves written before issue 21 keep tasks as ``"name:arg:arg"``
        (an empty argument when there was none); read them in the kernel's
        format, so that an old save's state equals the replayed one."""
        if isinstance(value, list):
            return [old_task(t) if isinstance(t, str) and ":" in t else t for t in value]
        return value



# -- moves ----------------------------------------------------------------------


class QueenMove(BaseModel):
    """Choose a queen type (setup, or after a swarm when you stay)."""

    kind: Literal["queen"] = "queen"
    queen: Queen


class StarveMove(BaseModel):
    """Keep ``tokens`` of your last three bees by taking a starvation token each."""

    kind: Literal["starve"] = "starve"
    tokens: int = Field(ge=0)


class TileMove(BaseModel):
    """Choose a tile (where a wild hive appears, or a wild hive's tied choice)."""

    kind: Literal["tile"] = "tile"
    tile: int


class StayMove(BaseModel):
    """After a swarm: stay in your hive (new queen, disease halved) or leave for the new site."""

    kind: Literal["stay"] = "stay"
    stay: bool


class ForageMove(BaseModel):
    kind: Literal["forage"] = "forage"
    tile: int


class ScoutMove(BaseModel):
    """Scout the empty cell ``(q, r)`` of your map group."""

    kind: Literal["scout"] = "scout"
    q: int
    r: int


class RaidMove(BaseModel):
    kind: Literal["raid"] = "raid"
    target: str
    bees: int = Field(ge=1)


class DefendMove(BaseModel):
    kind: Literal["defend"] = "defend"
    bees: int = Field(ge=1)


class WaxMove(BaseModel):
    kind: Literal["wax"] = "wax"
    bees: int = Field(ge=1)


class CleanMove(BaseModel):
    kind: Literal["clean"] = "clean"
    bees: int = Field(ge=1)


class CoolMove(BaseModel):
    kind: Literal["cool"] = "cool"


class ScareMove(BaseModel):
    """Haunted Hives: a Raid with one bee scares the ghosts off a haunted tile."""

    kind: Literal["scare"] = "scare"
    tile: int


class RequeenMove(BaseModel):
    kind: Literal["requeen"] = "requeen"
    queen: Queen


class CollectMove(BaseModel):
    """Take these resources from the tile you forage."""

    kind: Literal["collect"] = "collect"
    honey: int = Field(ge=0)
    pollen: int = Field(ge=0)
    water: int = Field(ge=0)


class KeepMove(BaseModel):
    """Scouting: keep the drawn tile of this kind (the other goes back to the bag)."""

    kind: Literal["keep"] = "keep"
    tile: TileKind


class RerollMove(BaseModel):
    """Raid: sacrifice a party bee to roll again, or keep the dice."""

    kind: Literal["reroll"] = "reroll"
    reroll: bool


class SacrificeMove(BaseModel):
    """Defender: sacrifice bees from Defend and unassigned bees."""

    kind: Literal["sacrifice"] = "sacrifice"
    defenders: int = Field(0, ge=0)
    unassigned: int = Field(0, ge=0)


class DropMove(BaseModel):
    """Raid: remove a die showing this value (the party fell a bracket)."""

    kind: Literal["drop"] = "drop"
    die: int


class PressMove(BaseModel):
    """Raid on a wild hive: sacrifice this many more party bees to weaken it."""

    kind: Literal["press"] = "press"
    bees: int = Field(ge=0)


class HoneyMove(BaseModel):
    """Raid on a wild hive: take this much honey."""

    kind: Literal["honey"] = "honey"
    amount: int = Field(ge=0)


class HiveMove(BaseModel):
    """Choose a hive (a wild hive's tied target, or which wild hive acts next)."""

    kind: Literal["hive"] = "hive"
    target: str


class CellMove(BaseModel):
    """Choose the empty cell ``(q, r)`` a wild hive scouts."""

    kind: Literal["cell"] = "cell"
    q: int
    r: int


class JoinMove(BaseModel):
    """Joining the map: attach your group to ``group``, turned ``rotation`` sixths clockwise."""

    kind: Literal["join"] = "join"
    group: int
    rotation: int = Field(ge=0)


class PlaceMove(BaseModel):
    """Joining the map: shift your turned group by ``(dq, dr)`` into the other group's frame."""

    kind: Literal["place"] = "place"
    dq: int
    dr: int


class BackMove(BaseModel):
    """Joining the map: choose the group or rotation again."""

    kind: Literal["back"] = "back"


BeeLivesMove = Annotated[
    (
        QueenMove | StarveMove | TileMove | StayMove | ForageMove | ScoutMove | RaidMove | DefendMove | WaxMove |
        CleanMove | CoolMove | RequeenMove | ScareMove | CollectMove | KeepMove | RerollMove | SacrificeMove |
        DropMove | PressMove | HoneyMove | HiveMove | CellMove | JoinMove | PlaceMove | BackMove
    ),
    Field(discriminator="kind"),
]

MOVE_ADAPTER: TypeAdapter[Any] = TypeAdapter(BeeLivesMove)

