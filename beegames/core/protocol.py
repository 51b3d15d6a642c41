"""The contract every game of the suite implements.

A game is an :class:`Engine`: a stateless object whose methods take a pydantic
state model and answer questions about it or return a new state. The kernel
(:mod:`beegames.core.match`) drives any engine the same way:

1. ``new_state(options, seats, seed)`` builds the opening position;
2. ``advance(state)`` runs automatic steps (dice, shuffles, automata, phase
   changes) until some seat must decide or the game is over;
3. ``decision(state)`` names the seat that decides and the kind of choice;
4. ``legal_moves(state)`` lists what that seat may do;
5. ``apply(state, move)`` validates a move and returns the new state, raising
   :class:`~beegames.core.errors.IllegalMove` (and leaving ``state`` alone)
   when the rules forbid it;
6. ``result(state)`` is ``None`` while the game runs and a :class:`GameResult`
   once it has ended.

Moves travel through saves as JSON (``move_to_json`` / ``move_from_json``),
so a save is a header plus the list of decisions made, and replaying those
decisions from the seed rebuilds the state exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from .players import ComputerPlayer

S = TypeVar("S", bound=BaseModel)
M = TypeVar("M")
JSON = Any


class SeatInfo(BaseModel):
    """Who sits in one seat: a name, and a human or a computer of some level."""

    name: str
    kind: Literal["human", "computer"] = "human"
    level: str = "easy"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


class Decision(BaseModel):
    """The choice the game is waiting for.

    ``seat`` is whoever must decide now, which need not be the player whose
    turn it is (a defender choosing losses, a player discarding nectar).
    ``kind`` is a short machine name (``"turn"``, ``"discard"`` ...), and
    ``prompt`` says in a sentence what is being asked.
    """

    seat: int
    kind: str
    prompt: str


class GameResult(BaseModel):
    """How a finished game ended.

    ``winners`` lists winning seats (several for a shared win, none for a
    draw or a solo loss); ``scores`` holds a number per seat when the game
    scores; ``tiebreak`` names the rule that separated the leaders, if one did.
    """

    winners: list[int] = Field(default_factory=list)
    draw: bool = False
    scores: list[float] | None = None
    tiebreak: str | None = None
    summary: str = ""


class Engine(ABC, Generic[S, M]):
    """One game's rules. Subclasses are stateless; all state is in ``S``."""

    #: Game id used on the command line and in saves, e.g. ``"hive"``.
    game_id: ClassVar[str]
    #: Title shown to players.
    title: ClassVar[str]
    #: Pydantic model of the options a new game takes.
    options_model: ClassVar[type[BaseModel]]
    #: Pydantic model of the state.
    state_model: ClassVar[type[BaseModel]]
    #: Allowed player counts.
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: Strength levels of the computer player, fastest first.
    levels: ClassVar[tuple[str, ...]] = ("random",)
    #: ``beegames simulate`` stops a game after this many decisions and
    #: counts it as a draw (None: play every game to its end).
    default_max_decisions: ClassVar[int | None] = None

    # -- building ---------------------------------------------------------
    @abstractmethod
    def new_state(self, options: BaseModel, seats: Sequence[SeatInfo], seed: int) -> S:
        """The opening state, before any automatic step has run."""

    def seat_names(self, options: BaseModel, count: int) -> list[str]:
        """Default names for ``count`` seats (colours for Hive, and so on)."""
        return [f"Player {i + 1}" for i in range(count)]

    # -- asking -----------------------------------------------------------
    @abstractmethod
    def decision(self, state: S) -> Decision | None:
        """The pending decision, or ``None`` when the game is over or an
        automatic step is due (call :meth:`step` then)."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every legal move for the pending decision (empty if none pending)."""

    @abstractmethod
    def result(self, state: S) -> GameResult | None:
        """The final result, or ``None`` while the game goes on."""

    # -- changing ---------------------------------------------------------
    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """Validate ``move`` for the pending decision and return the new state.

        Raises :class:`IllegalMove` with a player-facing reason; the given
        ``state`` is never modified.
        """

    def step(self, state: S) -> S | None:
        """Run one automatic step (a roll, an automaton's action, a phase
        change) and return the new state, or ``None`` when nothing automatic
        is due. Engines with no automatic steps keep this default."""
        return None

    def advance(self, state: S) -> S:
        """Run automatic steps until a seat must decide or the game ends."""
        while True:
            nxt = self.step(state)
            if nxt is None:
                return state
            state = nxt

    # -- moves as data ----------------------------------------------------
    @abstractmethod
    def move_to_json(self, move: M) -> JSON:
        """A JSON-ready form of the move, as stored in save histories."""

    @abstractmethod
    def move_from_json(self, data: JSON) -> M:
        """Inverse of :meth:`move_to_json`; raises ``ValueError`` on junk."""

    @abstractmethod
    def describe_move(self, state: S, move: M) -> str:
        """One readable log line for ``move`` played from ``state``."""

    def parse_move(self, state: S, text: str) -> M:
        """A move typed by a player; raises :class:`IllegalMove` if unreadable.

        The default accepts the JSON form; games with a notation override it.
        """
        import json

        from .errors import IllegalMove

        try:
            return self.move_from_json(json.loads(text))
        except Exception as exc:
            raise IllegalMove(f"Cannot read the move {text!r}.") from exc

    # -- computer players ----------------------------------------------------
    def make_player(self, level: str, seed: int) -> ComputerPlayer:
        """A computer player of ``level`` (one of :attr:`levels`)."""
        from .players import RandomPlayer

        return RandomPlayer(seed)

    # -- information ------------------------------------------------------
    def log(self, state: S) -> list[str]:
        """The readable game log kept in the state (newest last)."""
        return list(getattr(state, "log", []))

    def reveals(self, before: S, after: S) -> bool:
        """True if going from ``before`` to ``after`` (a move plus the
        automatic steps after it) revealed chance or hidden information, so
        that the move may no longer be taken back. Default: any RNG draw."""
        rb = getattr(before, "rng", None)
        ra = getattr(after, "rng", None)
        return rb is not None and ra is not None and rb != ra

    def has_hidden_information(self, state: S) -> bool:
        """True if players hold things others must not see (a hand of
        cards), so the app shows a hand-off screen between human seats."""
        return False

    def turn_number(self, state: S) -> int:
        """A round or turn counter shown in save listings."""
        return int(getattr(state, "turn", 0))

    def check_invariants(self, state: S) -> None:
        """Raise ``AssertionError`` if the state breaks a conservation or
        capacity rule. Simulation and property tests call this every step."""
        return None
