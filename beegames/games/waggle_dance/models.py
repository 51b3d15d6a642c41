"""Options, state and moves of Waggle Dance (pydantic models).

Owners of dice on the board: seats are 0..3, ``BOT`` (-1) is Bumblebot and
``BLOCKER1`` / ``BLOCKER2`` (-2, -3) are the two sets of blocker dice.
Nectar colours are flower numbers minus one (0..5); ``EGG`` (6) stands for
an egg token in the moves that shift room contents.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from ...core.rng import RngState
from ...core.state import GameState

BOT = -1
BLOCKER1 = -2
BLOCKER2 = -3
EGG = 6

#: Numbered action spaces and flowers, in board order.
SPACE_IDS = [f"{a}{v}" for a in "ACEG" for v in range(1, 7)]
FLOWER_IDS = [f"D{v}" for v in range(1, 7)]


class WaggleDanceOptions(BaseModel):
    ruleset: Literal["2022"] = Field("2022", description="Rules edition (the 2022 new edition).")
    length: Literal["short", "long"] = Field(
        "short", description="Short game: the end is triggered at 5 honey; long game: at 7 honey.")
    threats: bool = Field(False, description="Play with the Threats expansion.")
    solo_card_blockers: bool = Field(
        False, description="2-3 players: Solo cards place blocker dice during the day instead of fixed blockers.")
    difficulty: Literal["easier", "standard", "harder"] = Field(
        "standard", description="Solo game against Bumblebot: easier, standard or harder.")


class Room(BaseModel):
    egg: bool = False
    honey: bool = False
    nectar: list[int] = Field(default_factory=list)
    dice: list[int] = Field(default_factory=list)


class Player(BaseModel):
    name: str
    colour: int
    dice: int = 6
    volunteer: int = 0
    pool: list[int] = Field(default_factory=list)
    helpers: list[int] = Field(default_factory=list)
    rooms: list[Room] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    pending_nectar: list[int] = Field(default_factory=list)
    directions: list[int] = Field(default_factory=list)
    double_park: bool = False
    soldier: bool = False
    guardian: bool = False

    @property
    def honey(self) -> int:
        return sum(1 for r in self.rooms if r.honey)

    @property
    def nectar_total(self) -> int:
        return sum(len(r.nectar) for r in self.rooms)


class Bot(BaseModel):
    colour: int
    dice: int = 6
    pool: list[int] = Field(default_factory=list)
    nectar: list[int] = Field(default_factory=lambda: [0] * 6)
    eggs: int = 0
    honey: int = 0
    deck: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    card: int | None = None
    b_pairs: list[int] = Field(default_factory=list)
    f_pairs: list[int] = Field(default_factory=list)
    f_failed: list[int] = Field(default_factory=list)


class Threat(BaseModel):
    name: str
    #: (owner, value); value 0 is a die played with Soldiers (matches anything).
    dice: list[tuple[int, int]] = Field(default_factory=list)


class Pending(BaseModel):
    seat: int
    kind: str
    space: str | None = None
    value: int | None = None
    room: int | None = None
    rooms: list[int] = Field(default_factory=list)
    cards: list[str] = Field(default_factory=list)
    #: (room, colour, direction) already shifted this window: 0 = out of, 1 = into.
    moved: list[tuple[int, int, int]] = Field(default_factory=list)


class WaggleDanceState(GameState):
    options: WaggleDanceOptions
    n: int
    solo: bool
    target: int
    turn: int = 1
    phase: Literal["day", "night", "over"] = "day"
    order: list[int]
    first: int = 0
    day_ptr: int = 0
    day_cycle: int = 0
    players: list[Player]
    bot: Bot | None = None
    spaces: dict[str, list[tuple[int, int]]]
    supply_eggs: int
    supply_nectar: list[int]
    supply_rooms: int
    supply_dice: list[int]
    blocker_colours: list[int]
    queen_deck: list[str]
    queen_discard: list[str] = Field(default_factory=list)
    queen_box: list[str] = Field(default_factory=list)
    solo_deck: list[int] = Field(default_factory=list)
    solo_discard: list[int] = Field(default_factory=list)
    threat_deck: list[str] = Field(default_factory=list)
    threats: list[Threat] = Field(default_factory=list)
    threats_gone: list[str] = Field(default_factory=list)
    guardians: int = 3
    final_round: bool = False
    end_triggered: bool = False
    deck_out: bool = False
    locked: int | None = None
    queue: list[str] = Field(default_factory=list)
    pending: Pending | None = None
    rng: RngState


# -- moves ------------------------------------------------------------------


class PlaceMove(BaseModel):
    """Day: place a die showing ``die`` on ``target`` (A3, D5, R0 = your room 0, T0 = threat 0)."""

    kind: Literal["place"] = "place"
    die: int
    target: str


class HelperMove(BaseModel):
    """Day: spend a die showing ``helper`` to turn a die showing ``die`` to ``value``."""

    kind: Literal["helper"] = "helper"
    helper: int
    die: int
    value: int


class PlayMove(BaseModel):
    """Play a Queen Bee card; the other fields depend on the card."""

    kind: Literal["play"] = "play"
    card: str
    die: int | None = None
    value: int | None = None
    target: str | None = None
    room: int | None = None


class DeclineMove(BaseModel):
    """Pass: keep a card, skip a trade."""

    kind: Literal["decline"] = "decline"


class NectarMove(BaseModel):
    """Store one gathered nectar of ``colour`` in your room ``room``."""

    kind: Literal["nectar"] = "nectar"
    colour: int
    room: int


class DiscardMove(BaseModel):
    """Return one gathered nectar of ``colour`` to the supply (only when storage is short)."""

    kind: Literal["discard"] = "discard"
    colour: int


class EggMove(BaseModel):
    """Put the egg you claimed in your empty room ``room``."""

    kind: Literal["egg"] = "egg"
    room: int


class TradeMove(BaseModel):
    """E: give an egg (from ``room``), a Queen Bee card (``card``) or a nectar (``room``, ``colour``)."""

    kind: Literal["trade"] = "trade"
    give: Literal["egg", "card", "nectar"]
    room: int | None = None
    colour: int | None = None
    card: str | None = None


class GainMove(BaseModel):
    """E: take a nectar of ``colour`` from the supply and store it in ``room``."""

    kind: Literal["gain"] = "gain"
    colour: int
    room: int


class ShiftMove(BaseModel):
    """Move one token (nectar colour 0-5, or 6 for an egg) from room ``src`` to room ``dst``."""

    kind: Literal["shift"] = "shift"
    src: int
    dst: int
    colour: int


class DoneMove(BaseModel):
    """Finish moving tokens."""

    kind: Literal["done"] = "done"


class RewardMove(BaseModel):
    """Threat defeated: take a room tile, an egg or a Queen Bee card."""

    kind: Literal["reward"] = "reward"
    choice: Literal["room", "egg", "card"]


class LoseMove(BaseModel):
    """Threat penalty: give up room ``room`` (``colour`` None) or one nectar of ``colour`` from it."""

    kind: Literal["lose"] = "lose"
    room: int
    colour: int | None = None


WaggleMove = Annotated[
    PlaceMove | HelperMove | PlayMove | DeclineMove | NectarMove | DiscardMove | EggMove | TradeMove
    | GainMove | ShiftMove | DoneMove | RewardMove | LoseMove,
    Field(discriminator="kind"),
]

MOVE_ADAPTER: TypeAdapter = TypeAdapter(WaggleMove)
