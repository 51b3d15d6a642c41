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

Moves travel through saves as JSON (``move_to_json`` / ``move_from_json``,
through the game's :class:`~beegames.core.moves.MoveCodec`),
so a save is a header plus the list of decisions made, and replaying those
decisions from the seed rebuilds the state exactly.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, Field

from .errors import IllegalMove
from .moves import MoveCodec
from .players import ComputerPlayer, RandomPlayer
from .state import GameState, visible_lines
from .views import HiddenItem, redact

S = TypeVar("S", bound=GameState)
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
    ``prompt`` says in a sentence what is being asked; it is meant for the
    deciding seat only, since it may name things only that seat may see.
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

    def winners_named(self, names: Sequence[str]) -> str:
        """Who won, by the seats' names, as a sentence, where the summary does not name them
        already (Hive's says "White wins", the players being Ann and Ben); empty otherwise."""
        won = [names[i] for i in self.winners if 0 <= i < len(names)]
        if self.draw or not won or any(name in self.summary for name in won):
            return ""
        return f"{' and '.join(won)} win{'s' if len(won) == 1 else ''}."

    def standings(self, names: Sequence[str]) -> str:
        """Every seat's final score, the winners first and then from the
        highest score down, as one sentence for a game over screen; empty
        when the game has no scores or only one seat."""
        if self.scores is None or len(names) < 2 or len(self.scores) != len(names):
            return ""
        scores = self.scores
        order = sorted(range(len(names)), key=lambda i: (i not in self.winners, -scores[i], i))
        shown = (f"{scores[i]:g}" if float(scores[i]).is_integer() else f"{scores[i]:.1f}" for i in order)
        return "Final scores: " + ", ".join(f"{names[i]} {v}" for i, v in zip(order, shown)) + "."


class Engine(ABC, Generic[S, M]):
    """One game's rules. Subclasses are stateless; all state is in ``S``."""

    #: Game id used on the command line and in saves, e.g. ``"hive"``.
    game_id: ClassVar[str]
    #: Title shown to players.
    title: ClassVar[str]
    #: Pydantic model of the options a new game takes.
    options_model: ClassVar[type[BaseModel]]
    #: Pydantic model of the state.
    state_model: ClassVar[type[GameState]]
    #: Allowed player counts.
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: Strength levels of the computer player, fastest first.
    levels: ClassVar[tuple[str, ...]] = ("random",)
    #: ``beegames simulate`` stops a game after this many decisions and
    #: counts it as a draw (None: play every game to its end).
    default_max_decisions: ClassVar[int | None] = None
    #: Version of this game's rules code. Raise it whenever a change makes an
    #: older save's history replay differently; saves record it, and a save
    #: from older rules whose replay no longer matches opens at its saved
    #: position instead of being refused.
    rules_version: ClassVar[int] = 1
    #: True if a save from older rules whose moves replay to its saved position in all but the
    #: log's wording replays in full (the log then reads as the current rules word it) instead
    #: of opening at its saved position (see :func:`beegames.core.saves.load_save`).
    replays_reworded_logs: ClassVar[bool] = False
    #: With ``replays_reworded_logs``: what newer rules keep in the state that a save from older
    #: rules lacks (a ``model_dump`` exclude, e.g. ``{"pending": {"first"}}`` for a detail a
    #: decision now remembers), set aside with the log when such a save's replay is compared with
    #: its saved position; the replayed state, with the detail, is the one played on.
    replay_additions: ClassVar[dict[str, Any] | None] = None
    #: True if seats can hold things other seats must not see (a hand of
    #: cards, a tile looked at in secret). Then, at one keyboard, undo never
    #: takes back another human's decision.
    hides_information: ClassVar[bool] = False

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
    #: The JSON adapter of the game's moves (:mod:`beegames.core.moves`),
    #: used by the two methods below; a game whose moves are not pydantic
    #: models overrides those methods instead.
    move_codec: ClassVar[MoveCodec[Any] | None] = None

    def move_to_json(self, move: M) -> JSON:
        """A JSON-ready form of the move, as stored in save histories."""
        return self._codec().to_json(move)

    def move_from_json(self, data: JSON) -> M:
        """Inverse of :meth:`move_to_json`; raises ``ValueError`` on junk."""
        move: M = self._codec().from_json(data)
        return move

    def _codec(self) -> MoveCodec[Any]:
        if self.move_codec is None:
            raise TypeError(f"{type(self).__name__} has no move_codec and no move JSON methods (an engine names one)")
        return self.move_codec

    @abstractmethod
    def describe_move(self, state: S, move: M) -> str:
        """One readable log line for ``move`` played from ``state``.

        Called only with a move :meth:`apply` accepts, so it may assume the
        move is well formed."""

    def setup_summary(self, options: dict[str, Any]) -> str:
        """How a game was set up, in a few words, from its saved options (a
        solo mode, a variant): shown on the Load screen and put in a new save's
        file name. "" (the default) when there is nothing to tell."""
        return ""

    def parse_move(self, state: S, text: str) -> M:
        """A move typed by a player; raises :class:`IllegalMove` if unreadable.

        The default accepts the JSON form; games with a notation override it.
        """
        try:
            return self.move_from_json(json.loads(text))
        except Exception as exc:  # any junk is the player's typo
            raise IllegalMove(f"Cannot read the move {text[:80]!r}.") from exc

    # -- computer players ----------------------------------------------------
    def make_player(self, level: str, seed: int) -> ComputerPlayer:
        """A computer player of ``level`` (one of :attr:`levels`)."""
        return RandomPlayer(seed)

    def coach(self) -> Any:
        """The game's coach for hints and reviews (a
        :class:`beegames.core.coach.Coach`), or None: then a game with no
        hidden items gets the generic play-out coach."""
        return None

    # -- what each seat may see -------------------------------------------
    def hidden_items(self, state: S) -> list[HiddenItem]:
        """Everything in ``state`` that not every seat may see: hands,
        face-down tiles, the order of decks, tiles a seat looked at. Open
        games keep the default (nothing)."""
        return []

    def view(self, state: S, seat: int | None) -> S:
        """``state`` as ``seat`` may see it (``None``: a spectator, who sees
        only what is public). Hidden items the seat may not see are replaced,
        the log keeps the lines it may read, and the chance generator is
        neutral. Engines may override this with a faster equivalent."""
        items = self.hidden_items(state)
        if not items and state.rng is None and all(type(line) is str for line in state.log):
            return state
        return redact(state, items, seat)

    def visible_log(self, state: S, seat: int | None) -> list[str]:
        """The log lines ``seat`` may read (``None``: public lines only)."""
        return visible_lines(state.log, seat)

    def full_log(self, state: S) -> list[str]:
        """Every log line, private ones included: for a finished game's replay."""
        return [str(line) for line in state.log]

    def has_hidden_information(self, state: S) -> bool:
        """True if some seat now privately knows something (a hand of cards,
        a tile it looked at): then the app hides the table between human
        seats at one keyboard."""
        return any(item.seen_by for item in self.hidden_items(state))

    def reveals(self, before: S, after: S) -> bool:
        """True if going from ``before`` to ``after`` (a move plus the
        automatic steps after it) showed chance or hidden information, so
        that the move may no longer be taken back. The rules say so
        explicitly by calling :meth:`GameState.reveal`."""
        return after.revealed != before.revealed

    def turn_number(self, state: S) -> int:
        """A round or turn counter shown in save listings."""
        return state.turn

    def check_invariants(self, state: S) -> None:
        """Raise ``AssertionError`` if the state breaks a conservation or
        capacity rule, or refers to something that is not there (a seat, a
        tile, a card). Simulation and property tests call this every step."""
        return None

    def check_position(self, state: S) -> None:
        """Raise ``AssertionError`` if ``state`` is not a position of this
        game. Called on positions the engine did not reach itself: a save's
        checkpoint, or a saved position taken up without a full replay. The
        default is :meth:`check_invariants`; a game that can check more
        thoroughly, at a cost too high for every step, adds it here."""
        self.check_invariants(state)
