"""Options, state and moves of Honey Buzz (pydantic models).

Conventions:

* Hexes of a personal hive are axial ``(q, r)`` pairs (:mod:`.geometry`).
* Field spaces are ``(row, col)``; column ``-1`` is the start spot (a printed
  bee) left of a row. The field list is indexed ``row * cols + col``.
* Nectar types and honey are ``"W"`` Wildflower, ``"R"`` Rosemary, ``"C"``
  Cherry Blossom, ``"A"`` Acacia; ``"P"`` is pollen; ``"?"`` is a nectar tile
  whose front the viewing seat has not seen (advanced variant).
* Market columns, honey supplies and resource lists follow the order
  P W R C A (``data.RESOURCES``) or W R C A (``data.NECTARS``).

Everything inside lists is a frozen model, so a state copy only copies lists.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationInfo, field_validator

from ...core.decisions import DecisionBase as CoreDecision
from ...core.hexgrid import Hex
from ...core.rng import RngState
from ...core.state import GameState
from .data import Nectar, Resource, TileKind, game_data
from .tasks import old_queue

Space = tuple[int, int]
NectarFront = Literal["W", "R", "C", "A", "?"]


#: the solitaire difficulty levels, easiest first (table g)
SOLO_LEVELS = ("egg", "larva", "pupa", "adult", "queen")


class HoneyBuzzOptions(BaseModel):
    advanced: bool = Field(False, description="Advanced variant: the nectar tiles lie face down in four quadrants "
                                              "and foraging means looking at one in secret.")
    solo_level: Literal["egg", "larva", "pupa", "adult", "queen"] = Field(
        "egg", description="Solitaire difficulty, the contest points needed to win: egg 25, larva 30, pupa 35, "
                           "adult 40, queen 45.",
        json_schema_extra={"applies": {"players": [1]}})
    config: str = Field("random", description="Configuration card: random, standard, veteran, star, "
                                              "or a card id S1-S9 / V1-V9.")
    contests: Literal["random", "star"] = Field(
        "random", description="Queen's contests: one random card per colour, or the starred first-game cards.")
    forage_starts: Literal["random", "choose"] = Field(
        "random", description="Forage token start spots: at random, or chosen in reverse turn order.")
    six_tile_cell: Literal["none", "acacia"] = Field(
        "none", description="A cell enclosed by six tiles: takes no nectar, or takes Acacia.")
    line_vectors: Literal["nearest", "axis"] = Field(
        "nearest", description="Straight lines of cells: nearest cells (one tile between), or along a hex axis.")
    advanced_removal: Literal["own_type", "random"] = Field(
        "own_type", description="Advanced, 2-3 players (table f): from each back group remove tiles of the "
                                "group's own type (two of each type at 2 players), or at random (unseen).",
        json_schema_extra={"applies": {"players": [2, 3], "advanced": [True]}})

    @field_validator("solo_level", mode="before")
    @classmethod
    def _solo_level(cls, v: object) -> object:
        """Saves from before the level was named hold its number, 1 (egg) to 5 (queen)."""
        if isinstance(v, (int, str)) and not isinstance(v, bool) and str(v).isdigit() and 1 <= int(v) <= 5:
            return SOLO_LEVELS[int(v) - 1]
        return v

    @field_validator("config")
    @classmethod
    def _config(cls, v: str) -> str:
        ids = {c.id for c in game_data().configurations.cards}
        if v not in {"random", "standard", "veteran", "star"} | ids:
            raise ValueError(f"unknown configuration {v!r}: use random, standard, veteran, star or one of "
                             + ", ".join(sorted(ids)))
        return v


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class HiveTile(_Frozen):
    """A hive tile in a personal hive: its two hexes and the hex with its icon."""

    kind: TileKind
    hexes: tuple[Hex, Hex]
    icon: Hex
    starting: bool = False


class NectarTile(_Frozen):
    """A nectar tile: its front (``"?"`` when hidden from the viewer) and,
    in the advanced variant, its back group."""

    kind: NectarFront
    back: Nectar | None = None


class Cell(_Frozen):
    """An empty cell of a hive: the nectar it takes (None: none), the nectar
    tile stored in it and whether that tile holds a honey."""

    site: Hex
    accepts: Nectar | None
    nectar: NectarTile | None = None
    honey: bool = False


class Beeline(_Frozen):
    seat: int
    height: int


class Player(BaseModel):
    name: str
    colour: str
    coins: int
    pollen: int = 0
    #: workers still in the general supply (not yet this player's)
    supply: int
    #: workers on the player board, free to make beelines
    available: int
    #: new workers waiting in the nursery until the next recall
    nursery: int = 0
    tiles: list[HiveTile] = Field(default_factory=list)
    cells: list[Cell] = Field(default_factory=list)
    forage: Space | None = None
    orders: list[str] = Field(default_factory=list)
    #: most honey sold in one sale (a solo contest counts it)
    best_sale: int = 0


#: Every kind of decision Honey Buzz asks (a misspelt kind is a validation error).
PendingKind = Literal[
    "config",
    "arrange",
    "start",
    "turn",
    "place",
    "action",
    "forage",
    "peek",
    "store",
    "produce",
    "market",
    "drop",
    "drone_order",
    "drone_honey",
    "drone_nectar",
]


class Pending(CoreDecision["HoneyBuzzState", "Move"]):
    """The decision the game waits for: the kernel's decision shape
    (:class:`beegames.core.decisions.DecisionBase`). Each kind is a subclass
    in :mod:`.rules`, with its legal moves, its effect, its prompt and its
    refusal; they all hold these same fields.

    ``kind`` is one of: ``config`` (solo: keep one of two cards), ``arrange``
    (place starting tile number ``slot``), ``start`` (forage start spot),
    ``turn``, ``place``, ``action`` (which owed action next), ``forage``,
    ``peek`` (advanced forage), ``store`` (which cell gets the tile just
    collected), ``produce``, ``market``, ``drop`` (which column drops
    instead), ``drone_order``, ``drone_honey``, ``drone_nectar``.
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    kind: PendingKind
    choices: list[str] = Field(default_factory=list)
    slot: int | None = None
    nectar: str | None = None
    space: Space | None = None
    #: the hive action this decision carries out (for prompts)
    action: str | None = None
    #: ``store``: the nectar tile just collected
    tile: NectarTile | None = None

    _kinds: ClassVar[dict[str, type[Any]]] = {}

    @classmethod
    def read(cls, data: object) -> object:
        """A decision read from a save: the class of its kind (anything else is
        left to validation, which refuses it)."""
        if isinstance(data, dict) and not isinstance(data.get("kind"), str):
            return data
        if isinstance(data, dict):
            kind = cls.kinds().get(data["kind"])
            if kind is None:
                raise ValueError(f"not a Honey Buzz decision: {str(data['kind'])[:40]!r}")
            return kind.model_validate(data)
        return data


class FinalScore(_Frozen):
    coins: int
    resources: int
    contests: int
    orders: int
    total: int
    completed_orders: int


class HoneyBuzzState(GameState):
    options: HoneyBuzzOptions
    n: int
    solo: bool
    advanced: bool
    phase: Literal["setup", "play", "drone", "over"] = "setup"
    #: seat whose turn it is
    current: int = 0
    players: list[Player]
    config: str | None = None
    #: solo: the two configuration cards drawn
    config_choices: list[str] = Field(default_factory=list)
    #: slot i of the configuration card holds starting tile arrangement[i]
    arrangement: list[HiveTile] = Field(default_factory=list)
    #: hive box -> beelines in the order they were made
    boxes: dict[str, list[Beeline]]
    #: tile kind -> standard hive tiles left in its stack
    stacks: dict[str, int]
    #: marker space per market column (P W R C A), 0 = top
    market: list[int]
    orders_up: list[str | None]
    #: face-down order cards of each stack, next to flip first
    order_stacks: list[list[str]]
    #: order cards returned to the box unseen at setup
    orders_box: list[str] = Field(default_factory=list)
    #: order cards the drones removed from the game
    orders_removed: list[str] = Field(default_factory=list)
    contests: list[str]
    #: per contest in play: seats in the order they completed it (speed contests)
    speed_done: list[list[int]]
    field: list[NectarTile | None]
    #: per field space: seats that have looked at the face-down tile there
    seen: list[list[int]]
    nectar_box: list[NectarTile] = Field(default_factory=list)
    nectar_removed: list[NectarTile] = Field(default_factory=list)
    supply_honey: list[int]
    supply_pollen: int
    #: the standard tile taken this turn, waiting to be placed
    holding: TileKind | None = None
    #: hive actions still owed this turn
    todo: list[TileKind] = Field(default_factory=list)
    #: order stacks to flip at the end of this turn
    flip: list[int] = Field(default_factory=list)
    #: market columns due to drop (processed in order)
    drops: list[Resource] = Field(default_factory=list)
    end_triggered: bool = False
    end_reason: str | None = None
    #: solo: the end was triggered on a drone turn (one more player turn)
    end_on_drone_turn: bool = False
    drones: list[str] = Field(default_factory=list)
    drone_deck: list[str] = Field(default_factory=list)
    drone_discard: list[str] = Field(default_factory=list)
    #: the box on the hive side of the drone card on top of the deck (public)
    drone_top_box: str | None = None
    #: the drone card being resolved this drone turn
    drone_card: str | None = None
    pending: Pending | None = None
    #: the automatic work still to do, in the kernel's task format (:mod:`.tasks`); a state
    #: written before the queue existed reads the queue it stands for (declared after the
    #: fields that tell it, so that its validator sees them)
    queue: list[str] = Field(default=None, validate_default=True)

    @field_validator("pending", mode="before")
    @classmethod
    def _decision_of_its_kind(cls, value: object) -> object:
        return Pending.read(value)

    @field_validator("queue", mode="before")
    @classmethod
    def _queue_of_an_older_state(cls, value: object, info: ValidationInfo) -> object:
        """A state saved before Honey Buzz had a task queue gets the queue it stands for
        (a field validator: a model validator would slow every JSON read by a third)."""
        return old_queue(info.data) if value is None else value
    final: list[FinalScore] = Field(default_factory=list)
    rng: RngState


# -- moves ----------------------------------------------------------------------


class ConfigMove(BaseModel):
    """Solo setup: keep configuration card ``card`` (one of the two drawn)."""

    kind: Literal["config"] = "config"
    card: str


class ArrangeMove(BaseModel):
    """Setup: put starting tile ``tile`` in the next slot of the
    configuration card, its icon on ``icon`` (one of the slot's hexes)."""

    kind: Literal["arrange"] = "arrange"
    tile: TileKind
    icon: Hex


class StartMove(BaseModel):
    """Setup: put your forage token on the start spot of field row ``row``."""

    kind: Literal["start"] = "start"
    row: int


class TakeMove(BaseModel):
    """Take a Tile: a beeline of ``workers`` in the box of ``tile``, taking that tile."""

    kind: Literal["take"] = "take"
    tile: TileKind
    workers: int


class RecallMove(BaseModel):
    """Recall Workers, then scout: move the forage token to ``scout`` (one
    space at most; None stays), or in the advanced variant look at the tile
    on ``scout`` (None looks at nothing)."""

    kind: Literal["recall"] = "recall"
    scout: Space | None = None


class PlaceMove(BaseModel):
    """Expand the hive: the tile in hand on ``hexes``, its icon on ``icon``."""

    kind: Literal["place"] = "place"
    hexes: tuple[Hex, Hex]
    icon: Hex


class ActMove(BaseModel):
    """Take the owed hive action ``action`` next (a Decree names ``choice``)."""

    kind: Literal["act"] = "act"
    action: TileKind
    choice: TileKind | None = None


class ForageMove(BaseModel):
    """Forage: move the token to ``to``; a collected nectar tile goes into ``cell``."""

    kind: Literal["forage"] = "forage"
    to: Space
    cell: Hex | None = None


class PeekMove(BaseModel):
    """Advanced forage: pick up the face-down tile on ``space`` and look at it."""

    kind: Literal["peek"] = "peek"
    space: Space


class StoreMove(BaseModel):
    """Put the nectar tile just collected into the empty cell ``cell``."""

    kind: Literal["store"] = "store"
    cell: Hex


class FanMove(BaseModel):
    """Produce: put the fan token on ``space`` of your hive."""

    kind: Literal["fan"] = "fan"
    space: Hex


class SellMove(BaseModel):
    """Market: sell ``count`` of ``resource``; honey comes off the nectar tiles in ``tiles``."""

    kind: Literal["sell"] = "sell"
    resource: Resource
    count: int
    tiles: tuple[Hex, ...] = ()


class OrderMove(BaseModel):
    """Market: complete face-up order ``order``; its honey comes off ``tiles``."""

    kind: Literal["order"] = "order"
    order: str
    tiles: tuple[Hex, ...] = ()


class DropMove(BaseModel):
    """A market value cannot drop: drop ``resource`` instead."""

    kind: Literal["drop"] = "drop"
    resource: Resource


class DroneOrderMove(BaseModel):
    """Drone turn: remove face-up order ``order`` from the game."""

    kind: Literal["drone_order"] = "drone_order"
    order: str


class DroneHoneyMove(BaseModel):
    """Drone turn: of the honeys tied for highest value, ``resource`` drops."""

    kind: Literal["drone_honey"] = "drone_honey"
    resource: Nectar


class DroneNectarMove(BaseModel):
    """Drone turn: remove the nectar tile on ``remove`` from the game, or
    (``remove`` None) drop the value of that honey instead."""

    kind: Literal["drone_nectar"] = "drone_nectar"
    remove: Space | None = None


Move = Annotated[
    ConfigMove | ArrangeMove | StartMove | TakeMove | RecallMove | PlaceMove | ActMove | ForageMove | PeekMove
    | StoreMove | FanMove | SellMove | OrderMove | DropMove | DroneOrderMove | DroneHoneyMove | DroneNectarMove,
    Field(discriminator="kind"),
]
MOVE_ADAPTER: TypeAdapter[Move] = TypeAdapter(Move)
