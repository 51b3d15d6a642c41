"""Options, pieces, moves and the base of the state of Waggle Dance (pydantic models).

Owners of dice on the board are small integers: seats are 0..3,
:data:`BUMBLEBOT` (-1) is the solo automaton and :data:`BLOCKERS` (-2, -3,
-4) are the sets of blocker dice. Nectar colours are flower numbers minus one
(0..5); :data:`EGG` (6) stands for an egg token in the moves that rearrange
rooms.

The full state model, :class:`~.state.WaggleDanceState`, refines
:class:`Table` with the union of every decision kind; the rules modules work
on a :class:`Table` so that they need not import the decision kinds of the
others. A pending decision is a :class:`DecisionBase` subclass: it carries its
own legality (:meth:`DecisionBase.legal`), its effect
(:meth:`DecisionBase.apply`) and its prompt (:meth:`DecisionBase.prompt`).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, TypeGuard

from pydantic import BaseModel, Field, TypeAdapter, model_validator

from ...core.decisions import DecisionBase as CoreDecision
from ...core.rng import RngState
from ...core.state import GameState

BUMBLEBOT = -1
BLOCKER_1 = -2
BLOCKER_2 = -3
BLOCKER_3 = -4
#: Owner codes of the blocker sets, first set first.
BLOCKERS = (BLOCKER_1, BLOCKER_2, BLOCKER_3)
EGG = 6
#: The version of the state's JSON layout (1: written before the rules split).
STATE_FORMAT = 2

#: Numbered action spaces and flowers, in board order.
SPACE_IDS = tuple(f"{a}{v}" for a in "ACEG" for v in range(1, 7))
FLOWER_IDS = tuple(f"D{v}" for v in range(1, 7))
#: The keys of ``Table.spaces``.
BOARD_IDS = tuple(f"{a}{v}" for a in "ACDEG" for v in range(1, 7))

Ruleset = Literal["2022", "2014"]


class WaggleDanceOptions(BaseModel):
    ruleset: Ruleset = Field(
        "2022", description="Rules edition: 2022 (new edition) or 2014 (first edition, 2-4 players).")
    length: Literal["short", "standard", "long", "5", "7", "9"] = Field(
        "short", description="Game length: short = 5 honey, long = 7 honey (2022); the 2014 edition has "
                             "short 5, standard 7 and long 9 (the honey target may be given instead).")
    threats: bool = Field(False, description="Play with the Threats expansion (2022 only).",
                          json_schema_extra={"applies": {"ruleset": ["2022"]}})
    solo_card_blockers: bool = Field(
        False, description="2-3 players: Solo cards place blocker dice during the day instead of fixed "
                           "blockers (2022 only).",
        json_schema_extra={"applies": {"players": [2, 3], "ruleset": ["2022"]}})
    difficulty: Literal["easier", "standard", "harder"] = Field(
        "standard", description="Solo game against Bumblebot: easier, standard or harder (2022 only).",
        json_schema_extra={"applies": {"players": [1], "ruleset": ["2022"]}})

    @model_validator(mode="after")
    def _edition(self) -> WaggleDanceOptions:
        if self.length in ("5", "7", "9"):
            names = {"5": "short", "7": "standard", "9": "long"} if self.ruleset == "2014" else \
                {"5": "short", "7": "long"}
            if self.length not in names:
                raise ValueError("the 2022 edition plays to 5 or 7 honey")
            self.length = names[self.length]  # type: ignore[assignment]
        if self.ruleset == "2022" and self.length == "standard":
            raise ValueError("the 2022 edition has a short (5 honey) and a long (7 honey) game; "
                             "standard is a 2014 length")
        if self.ruleset == "2014":
            if self.threats:
                raise ValueError("the Threats expansion belongs to the 2022 edition")
            if self.solo_card_blockers:
                raise ValueError("Solo-card blockers belong to the 2022 edition")
            if self.difficulty != "standard":
                raise ValueError("difficulty levels are for the 2022 solo game")
        return self


class Room(BaseModel):
    """One room tile of a honeycomb: an egg, or up to four nectar, or honey."""

    egg: bool = False
    honey: bool = False
    nectar: list[int] = Field(default_factory=list)
    dice: list[int] = Field(default_factory=list)


class Player(BaseModel):
    name: str
    colour: int
    #: dice the player owns (the pool, helpers and dice on the board)
    dice: int = 6
    #: extra dice lent for this round by Volunteer
    volunteer: int = 0
    pool: list[int] = Field(default_factory=list)
    helpers: list[int] = Field(default_factory=list)
    rooms: list[Room] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    pending_nectar: list[int] = Field(default_factory=list)
    #: 2022 Directions: flowers open to any value this round
    directions: list[int] = Field(default_factory=list)
    double_park: bool = False
    soldier: bool = False
    guardian: bool = False
    #: 2014 Sick Day: dice set aside for this round
    sick: list[int] = Field(default_factory=list)

    @property
    def honey(self) -> int:
        """How many honey the player holds: its rooms on the honey side."""
        return sum(1 for r in self.rooms if r.honey)

    @property
    def nectar_total(self) -> int:
        """How many nectar tokens the player has in its rooms (the last tie-break)."""
        return sum(len(r.nectar) for r in self.rooms)


class Bumblebot(BaseModel):
    """The solo automaton's side of the table: no rooms, nectar and eggs in its area."""

    colour: int
    dice: int = 6
    pool: list[int] = Field(default_factory=list)
    nectar: list[int] = Field(default_factory=lambda: [0] * 6)
    eggs: int = 0
    honey: int = 0
    deck: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    card: int | None = None
    #: pairs on action B (hatch) and F (honey), by value
    hatch_pairs: list[int] = Field(default_factory=list)
    honey_pairs: list[int] = Field(default_factory=list)
    #: F pairs that made no honey this night (paid in nectar at the end of F)
    failed_pairs: list[int] = Field(default_factory=list)


class Threat(BaseModel):
    name: str
    #: (owner, value); value 0 is a die played with Soldiers (matches anything).
    dice: list[tuple[int, int]] = Field(default_factory=list)


class Peek(BaseModel):
    """2014 Scouting: the top cards of the Queen Bee deck as ``seat`` put them back."""

    seat: int
    cards: list[str] = Field(default_factory=list)


# -- moves ------------------------------------------------------------------


class PlaceMove(BaseModel):
    """Day: place a die showing ``die`` on ``target`` (A3, D5, R0 = your room 0, T0 = threat 0)."""

    kind: Literal["place"] = "place"
    die: int
    target: str


class HelperMove(BaseModel):
    """Day: spend a die showing ``helper`` to turn a die showing ``die`` to ``value`` (2022)."""

    kind: Literal["helper"] = "helper"
    helper: int
    die: int
    value: int


class PlayMove(BaseModel):
    """Play a Queen Bee card; the other fields depend on the card.

    ``die``/``value``: a die and its new value (Overtime; Sick Day's die);
    ``target``/``src``: board places (Directions, Eager Bee, Feint, Wrong
    Turn); ``room``: a room; ``seat``: another player (Sick Day, Wrong Turn);
    ``choice``: a named option (Shift Change: "two" or "none"; Queen's Gift:
    "egg" or "room").
    """

    kind: Literal["play"] = "play"
    card: str
    die: int | None = None
    value: int | None = None
    target: str | None = None
    room: int | None = None
    seat: int | None = None
    src: str | None = None
    choice: str | None = None


class HoneyMove(BaseModel):
    """F: make honey in ``room`` with the Queen Bee ``cards`` named (several may combine),
    spending the nectar colours in ``use``."""

    kind: Literal["honey"] = "honey"
    room: int
    cards: list[str] = Field(default_factory=list)
    use: list[int] = Field(default_factory=list)


class DeclineMove(BaseModel):
    """Pass: keep a card, skip a trade, leave a reward, let a window go by."""

    kind: Literal["decline"] = "decline"


class NectarMove(BaseModel):
    """Store one gathered nectar of ``colour`` in your room ``room``."""

    kind: Literal["nectar"] = "nectar"
    colour: int
    room: int


class DiscardMove(BaseModel):
    """Return one gathered nectar of ``colour`` to the supply."""

    kind: Literal["discard"] = "discard"
    colour: int


class EggMove(BaseModel):
    """Put the egg you receive in your empty room ``room``."""

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


class SwapMove(BaseModel):
    """Swap a nectar of colour ``give`` in room ``src`` with a nectar of colour ``take`` in room
    ``dst``; with neither colour given, swap the whole contents of the two rooms."""

    kind: Literal["swap"] = "swap"
    src: int
    dst: int
    give: int | None = None
    take: int | None = None


class DoneMove(BaseModel):
    """Finish rearranging or placing."""

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


class ScoutMove(BaseModel):
    """2014 Scouting: keep ``keep``; the other cards go back on top of the deck, ``back[0]`` on top."""

    kind: Literal["scout"] = "scout"
    keep: str
    back: list[str] = Field(default_factory=list)


class CallMove(BaseModel):
    """2014, on a day turn: another player (``seat``) speaks up to play a card during this turn
    (Wrong Turn is played "during an opponent's turn"); the turn goes on afterwards."""

    kind: Literal["call"] = "call"
    seat: int


class BackMove(BaseModel):
    """Step back within a decision of two steps: the first step is taken back (a trade's first
    nectar returns to its room) and the first question is asked again."""

    kind: Literal["back"] = "back"


Move = (PlaceMove | HelperMove | PlayMove | HoneyMove | DeclineMove | NectarMove | DiscardMove | EggMove
        | TradeMove | GainMove | ShiftMove | SwapMove | DoneMove | RewardMove | LoseMove | ScoutMove | CallMove
        | BackMove)
MOVE_TYPES: tuple[type[BaseModel], ...] = (
    PlaceMove, HelperMove, PlayMove, HoneyMove, DeclineMove, NectarMove, DiscardMove, EggMove, TradeMove,
    GainMove, ShiftMove, SwapMove, DoneMove, RewardMove, LoseMove, ScoutMove, CallMove, BackMove)
MOVE_ADAPTER: TypeAdapter[Any] = TypeAdapter(Annotated[Move, Field(discriminator="kind")])


def is_move(value: object) -> TypeGuard[Move]:
    """True if ``value`` is one of the Waggle Dance move models."""
    return isinstance(value, MOVE_TYPES)


# -- decisions ----------------------------------------------------------------


class DecisionBase(CoreDecision["Table", Move]):
    """A Waggle Dance decision: the kernel's decision shape
    (:class:`beegames.core.decisions.DecisionBase`) on the table and the game's moves.

    Subclasses set ``kind`` (a ``Literal`` with a default), hold what the
    decision needs to remember, and implement :meth:`legal`, :meth:`apply` and
    :meth:`prompt`; defining one registers the kind (see :meth:`kinds`). The
    engine clears ``s.pending`` before a decision's :meth:`apply` runs."""

    kind: str
    seat: int

    _kinds: ClassVar[dict[str, type[Any]]] = {}

    def label(self, s: Table, move: Move) -> str | None:
        """The entry of ``move`` in this decision's list, where the decision words its own
        entries in one form (None: the move's line in the history, :func:`.describe.describe_action`)."""
        return None

    def group_words(self, s: Table, move: Move) -> tuple[str, str] | None:
        """How a list that gathers one nectar colour's entries under a heading words ``move``:
        (the heading, said once for the colour: "Store a pink nectar"; the entry under it, the
        place alone: "in room 1 (Pk Pk · dice 2)"); None: the entry keeps its whole label."""
        return None


class PrivateDecision(DecisionBase):
    """What other seats see in place of a private decision: only who decides."""

    kind: Literal["private"] = "private"
    short: ClassVar[str] = "another player decides"

    def legal(self, s: Table) -> list[Move]:
        """No moves: the other seats only see that someone decides in private."""
        return []

    def apply(self, s: Table, move: Move) -> None:
        """Does nothing: a stand-in is never answered."""
        return None

    def prompt(self, s: Table) -> str:
        """Tells the other seats that another player is deciding."""
        return "Another player is deciding."


class Table(GameState):
    """Everything on the table. :class:`~.state.WaggleDanceState` is the full model."""

    format: int = STATE_FORMAT
    options: WaggleDanceOptions
    n: int
    solo: bool
    target: int
    turn: int = 1
    phase: Literal["day", "night", "over"] = "day"
    #: seats in table order; Bumblebot (-1) sits after the player in a solo game
    order: list[int]
    #: index into ``order`` of the first player
    first: int = 0
    #: index into ``order`` of the seat whose day turn it is
    day_ptr: int = 0
    day_cycle: int = 0
    players: list[Player]
    bumblebot: Bumblebot | None = None
    #: dice on A, C, D, E, G spaces as (owner, value)
    spaces: dict[str, list[tuple[int, int]]]
    supply_eggs: int
    supply_nectar: list[int]
    supply_rooms: int
    supply_dice: list[int]
    #: the dice colour of each blocker set (BLOCKER_1 first)
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
    #: the Threat deck ran out at the start of this day: this round is the last
    final_round: bool = False
    #: the end of the game is triggered (honey target made, or the Queen deck emptied)
    end_triggered: bool = False
    #: solo: the Queen Bee deck ran out (the player loses)
    deck_out: bool = False
    #: 2014: the Queen Bee card types in this game (public), and the seat using the Volunteer Dice
    deck_types: list[str] = Field(default_factory=list)
    volunteer_die: int | None = None
    #: 2014 Scouting: what seats know of the top of the Queen Bee deck
    peeks: list[Peek] = Field(default_factory=list)
    #: 2014: the people at a table with computer players. A computer placing never lets anyone
    #: play a card during its turn (``CallMove``), so after each of its placements these seats
    #: are asked themselves whether to play Wrong Turn "during an opponent's turn"
    speak_up: list[int] = Field(default_factory=list)
    #: 2022: two people or more share the keyboard, so who is asked about a card depends on
    #: public facts only, as in 2014 (:func:`.queries.asks_publicly`); else only holders are asked
    public_offers: bool = False
    #: how the game ended when a safeguard (not a rule) stopped it
    stopped: str | None = None
    #: automatic tasks still to run (see :mod:`.tasks`)
    queue: list[str] = Field(default_factory=list)
    pending: DecisionBase | None = None
    rng: RngState

    @property
    def edition(self) -> Ruleset:
        """The ruleset of this game: ``"2022"`` or ``"2014"``."""
        return self.options.ruleset

    @property
    def first_edition(self) -> bool:
        """Whether this game follows the 2014 first edition."""
        return self.options.ruleset == "2014"
