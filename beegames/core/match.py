"""A game in progress: an engine, its header, the history and the live state.

:class:`Match` is what the app, the CLI and the simulator hold. It routes every
change through the engine (validate, apply, advance), records each decision in
a readable history, answers undo requests, keeps one computer player per
computer seat, and rebuilds itself exactly from a header plus history, which
is what a save contains.

What a seat may see is asked of the match with :meth:`Match.view`: the state
as that seat sees it, the log lines it may read and, when it decides, its
legal moves. The app draws only the view of the human at the keyboard, and a
computer player is given only its own seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, NamedTuple, TypeVar

from pydantic import BaseModel, Field, model_validator

from .errors import IllegalMove
from .players import ComputerPlayer
from .protocol import Decision, Engine, GameResult, SeatInfo
from .state import GameState

S = TypeVar("S", bound=GameState)
M = TypeVar("M")


class HistoryEntry(BaseModel):
    """One decision as made: who made it, the move as data, and a log line.

    ``barrier`` is true when the move (with the automatic steps after it)
    revealed chance or hidden information, so undo may not go back past it.
    """

    seat: int
    move: Any
    text: str
    barrier: bool = False


class MatchHeader(BaseModel):
    """What a game was started with: everything a replay needs but the moves.

    ``rules_version`` is the version of the game's rules the history was
    recorded under (0: written before versions were recorded). ``handoffs``
    is false when the players at one keyboard chose to play without hand-off
    screens. ``hints`` is whether the computer may give hints and reviews
    during the game (``core/coach.py``); left out (older saves), it is on
    when at most one human plays and off in games between humans.
    """

    game: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    seed: int
    rules_version: int = 0
    handoffs: bool = True
    hints: bool = True
    created: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))

    @model_validator(mode="before")
    @classmethod
    def _hints_from_seats(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("hints") is None:
            data = {**data, "hints": default_hints(data.get("seats") or [])}
        return data


class Checkpoint(BaseModel):
    """Where a game saved under older rules was taken up again.

    Its first ``moves`` history entries were played under rules version
    ``rules_version`` and no longer replay under the current rules, so the
    game goes on from ``state``, the position they had reached. Those entries
    stay readable in the history but cannot be undone.
    """

    moves: int
    rules_version: int
    state: dict[str, Any]
    note: str = ""


class SavedAt(NamedTuple):
    """Where the screen stood when a save was written, as the file says."""

    turn: int
    over: bool
    #: a stop was on show (the screen was telling the last automatic step taken, waiting for the
    #: player to go on); False in saves written before it was recorded
    stop: bool = False


@dataclass(frozen=True)
class SeatView(Generic[S, M]):
    """What one seat may see now (``seat`` None: a spectator).

    ``moves`` holds the seat's legal moves when the pending decision is its
    own, and is empty otherwise.
    """

    seat: int | None
    state: S
    log: list[str]
    decision: Decision | None
    moves: list[M]


class Match(Generic[S, M]):
    """A running game. Not thread-safe: the app calls it from one thread
    (a computer player may think in a worker while the match is idle)."""

    def __init__(self, engine: Engine[S, M], header: MatchHeader, *, checkpoint: Checkpoint | None = None,
                 _state: S | None = None, _history: list[HistoryEntry] | None = None) -> None:
        self.engine = engine
        self.header = header
        self.options = engine.options_model.model_validate(header.options)
        self.checkpoint = checkpoint
        self.history: list[HistoryEntry] = list(_history or [])
        #: a one-line message for the players about how this match was opened
        self.notice: str | None = None
        #: None when the whole history was played here or replayed from the
        #: seed; else one line saying which part was taken as saved, without a
        #: replay (a save from older rules, see :mod:`beegames.core.saves`)
        self.unreplayed: str | None = None
        #: loaded from a save: the turn number, whether the game was over and whether a stop was on
        #: show, as the file says (the position on screen when it was saved, which may lie before
        #: the settled one the history replays to, on a screen stopped between automatic steps, or
        #: be that one with the stop that led to it still to be read); None when not loaded
        self.saved_at: SavedAt | None = None
        #: the screen stands at a stop: it tells the automatic step just taken and waits for the
        #: player to go on (a save records it, so that the game opens there again)
        self.at_stop = False
        if _state is None:
            if checkpoint is not None:
                _state = engine.advance(engine.state_model.model_validate(checkpoint.state))  # type: ignore[arg-type]
            else:
                _state = engine.advance(engine.new_state(self.options, header.seats, header.seed))
        self.state: S = _state
        self._players: dict[int, ComputerPlayer] = {}

    # -- construction -------------------------------------------------------
    @classmethod
    def new(cls, engine: Engine[S, M], *, options: BaseModel | dict[str, Any] | None = None,
            seats: Sequence[SeatInfo] | None = None, seed: int = 0, handoffs: bool = True,
            hints: bool | None = None) -> Match[S, M]:
        """A new match; ``hints`` None: on when at most one human plays."""
        if options is None:
            opts = engine.options_model()
        elif isinstance(options, BaseModel):
            opts = options
        else:
            opts = engine.options_model.model_validate(options)
        if seats is None:
            seats = [SeatInfo(name=n) for n in engine.seat_names(opts, engine.min_players)]
        count = len(seats)
        if not engine.min_players <= count <= engine.max_players:
            raise ValueError(
                f"{engine.title} takes {engine.min_players}–{engine.max_players} players, not {count}."
            )
        header = MatchHeader(game=engine.game_id, options=opts.model_dump(mode="json"), seats=list(seats),
                             seed=seed, rules_version=engine.rules_version, handoffs=handoffs,
                             hints=hints)
        return cls(engine, header)

    @classmethod
    def replay(cls, engine: Engine[S, M], header: MatchHeader, history: Sequence[HistoryEntry], *,
               checkpoint: Checkpoint | None = None) -> Match[S, M]:
        """Rebuild a match by replaying ``history`` from the header's seed
        (or, with a ``checkpoint``, the entries after it from its state).

        Raises :class:`IllegalMove` (with the move number) if an entry is
        not legal where it stands.
        """
        match = cls(engine, header, checkpoint=checkpoint)
        start = 0
        if checkpoint is not None:
            start = checkpoint.moves
            match.history = [entry.model_copy() for entry in history[:start]]
        for number, entry in enumerate(history[start:], start=start + 1):
            try:
                move = engine.move_from_json(entry.move)
            except Exception as exc:
                raise IllegalMove(f"move {number} cannot be read ({_short(exc, 60)})") from exc
            decision = match.decision
            if decision is None:
                raise IllegalMove(f"move {number} comes after the game was over")
            if decision.seat != entry.seat:
                raise IllegalMove(f"move {number} is recorded for seat {entry.seat + 1}, "
                                  f"but seat {decision.seat + 1} was to decide")
            try:
                match.play(move)
            except IllegalMove as exc:
                raise IllegalMove(f"move {number} ({_short(entry.move, 40)}) is illegal: {exc.reason}") from exc
        return match

    # -- questions ----------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        return self.engine.decision(self.state)

    @property
    def result(self) -> GameResult | None:
        return self.engine.result(self.state)

    @property
    def over(self) -> bool:
        return self.engine.result(self.state) is not None

    def legal_moves(self) -> list[M]:
        return self.engine.legal_moves(self.state)

    def seat(self, index: int) -> SeatInfo:
        return self.header.seats[index]

    @property
    def turn(self) -> int:
        return self.engine.turn_number(self.state)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.header.seats) if s.is_human]

    def computer_to_move(self) -> bool:
        d = self.decision
        return d is not None and not self.header.seats[d.seat].is_human

    def view(self, seat: int | None) -> SeatView[S, M]:
        """What ``seat`` may see now (``None``: a spectator)."""
        decision = self.decision
        moves = self.legal_moves() if decision is not None and decision.seat == seat else []
        return SeatView(seat=seat, state=self.engine.view(self.state, seat),
                        log=self.engine.visible_log(self.state, seat), decision=decision, moves=moves)

    def full_view(self) -> SeatView[S, M]:
        """Everything, hidden items and private lines included: only for a
        finished game's replay, or for tests."""
        return SeatView(seat=None, state=self.state, log=self.engine.full_log(self.state),
                        decision=self.decision, moves=[])

    def needs_handoff(self) -> bool:
        """True if humans at one keyboard must hide the table from each other
        when the keyboard changes hands now."""
        return (self.header.handoffs and len(self.humans) > 1
                and self.engine.has_hidden_information(self.state))

    # -- changes ------------------------------------------------------------
    def play(self, move: M, *, advance: bool = True) -> None:
        """Validate and apply ``move`` for the pending decision.

        With ``advance`` (the default) automatic steps run afterwards until
        a seat must decide. Raises :class:`IllegalMove` and changes nothing
        when the move is refused.
        """
        decision = self.decision
        if decision is None:
            raise IllegalMove("The game is over." if self.over else "No decision is pending.")
        before = self.state
        after = self.engine.apply(before, move)  # validates first
        text = self.engine.describe_move(before, move)
        if advance:
            after = self.engine.advance(after)
        entry = HistoryEntry(seat=decision.seat, move=self.engine.move_to_json(move), text=text,
                             barrier=self.engine.reveals(before, after))
        self.state = after
        self.history.append(entry)

    def play_text(self, text: str) -> None:
        """Play a move typed in the game's notation."""
        self.play(self.engine.parse_move(self.state, text))

    def step(self) -> bool:
        """Run one automatic step; False if none was due."""
        before = self.state
        nxt = self.engine.step(before)
        if nxt is None:
            return False
        if self.history and not self.history[-1].barrier and self.engine.reveals(before, nxt):
            self.history[-1].barrier = True
        self.state = nxt
        return True

    def settled_state(self) -> S:
        """The state with every due automatic step run: what replaying the
        history gives, and so what a save records."""
        return self.engine.advance(self.state)

    def saved_as_settled(self) -> bool:
        """Not loaded from a save, or loaded from one written at the position its history replays
        to with no stop on show: the game opens as the file holds it."""
        return self.saved_at is None or self.saved_at == SavedAt(self.turn, self.over)

    def unsettle(self) -> S | None:
        """Go back to the state just after the last move, before the
        automatic steps that followed it, so that they can be taken again
        with :meth:`step` (a loaded match has run them all at once: a save
        records the settled state; :attr:`saved_at` says where the screen
        stood when it was saved). The history is unchanged, and stepping
        on comes back to the same state. Returns the state the last move
        was played in, or None (and changes nothing) when there is no move
        to go back to (none, or all taken as saved at a checkpoint)."""
        floor = self.checkpoint.moves if self.checkpoint is not None else 0
        if len(self.history) <= floor:
            return None
        try:
            before = Match.replay(self.engine, self.header, self.history[:-1], checkpoint=self.checkpoint).state
            after = self.engine.apply(before, self.engine.move_from_json(self.history[-1].move))
        except IllegalMove:  # (it replayed once already when loaded: not expected)
            return None
        self.state = after
        return before

    # -- undo ---------------------------------------------------------------
    def undo_target(self, by: int | None = None) -> int:
        """How many history entries to keep if ``by`` asks for an undo.

        Undo takes back the last decision made by a human seat, together
        with the computer decisions made after it. It never goes back past a
        decision that revealed chance or hidden information, nor past a
        checkpoint. While seats hold private information (when the keyboard
        changes hands behind a hand-off screen), a human ``by`` may take
        back only their own decision; in an open position, where the
        keyboard passed without one, whoever holds it may (``by`` None: no
        such check, as in tests). Raises :class:`IllegalMove` with the
        reason when nothing may be taken back.
        """
        floor = self.checkpoint.moves if self.checkpoint is not None else 0
        k = len(self.history)
        if k <= floor:
            if floor:
                raise IllegalMove("The moves before this game was updated to the current rules cannot be "
                                  "taken back.")
            raise IllegalMove("There is nothing to undo.")
        while k > floor:
            entry = self.history[k - 1]
            if entry.barrier:
                raise IllegalMove(f"“{entry.text.rstrip('.')}” revealed dice, cards or tiles, so it cannot be "
                                  "taken back.")
            k -= 1
            if self.header.seats[entry.seat].is_human:
                if by is not None and entry.seat != by and self._private_now():
                    mover = self.header.seats[entry.seat].name
                    raise IllegalMove(f"The last move was {mover}'s; only {mover} may take it back, before "
                                      "passing the keyboard.")
                return k
        raise IllegalMove("Only computer moves are left to take back." if not floor else
                          "The moves before this game was updated to the current rules cannot be taken back.")

    def _private_now(self) -> bool:
        """Whether some seat privately knows something now, so that the
        keyboard changed hands behind a hand-off screen."""
        return self.engine.hides_information and self.engine.has_hidden_information(self.state)

    def can_undo(self, by: int | None = None) -> bool:
        try:
            self.undo_target(by)
        except IllegalMove:
            return False
        return True

    def undo(self, by: int | None = None) -> str:
        """Take back the last human decision (see :meth:`undo_target`);
        returns the log line of the decision taken back."""
        keep = self.undo_target(by)
        undone = self.history[keep].text
        rebuilt = Match.replay(self.engine, self.header, self.history[:keep], checkpoint=self.checkpoint)
        self.state = rebuilt.state
        self.history = rebuilt.history
        self._players.clear()  # a player's memory may hold the future just taken back
        return undone

    # -- computer seats -----------------------------------------------------
    def player(self, seat: int) -> ComputerPlayer:
        """The computer player of ``seat``, one for the whole match (rebuilt
        only after an undo or a load), as ``beegames simulate`` uses it."""
        player = self._players.get(seat)
        if player is None:
            info = self.header.seats[seat]
            player = self.engine.make_player(info.level, player_seed(self.header.seed, seat))
            self._players[seat] = player
        return player

    def set_player(self, seat: int, player: ComputerPlayer) -> None:
        """Seat a given computer player (benchmarks, tests, strength matches)."""
        self._players[seat] = player

    def computer_move(self) -> M:
        """Ask the deciding seat's computer player for a move (not played).
        The player is given only that seat's view of the game."""
        decision = self.decision
        if decision is None:
            raise IllegalMove("No decision is pending.")
        player = self.player(decision.seat)
        move: M = player.choose(self.engine, self.engine.view(self.state, decision.seat))
        return move


def default_hints(seats: Sequence[Any]) -> bool:
    """Hints are on by default when at most one human plays (solo, or
    against the computer) and off in games between humans."""
    humans = 0
    for seat in seats:
        kind = seat.kind if isinstance(seat, SeatInfo) else (seat.get("kind", "human") if isinstance(seat, dict)
                                                             else "human")
        humans += kind == "human"
    return humans <= 1


def player_seed(game_seed: int, seat: int) -> int:
    """The seed of a seat's computer player: the same in the app and in
    ``beegames simulate``, so a benchmark measures the player people meet."""
    return game_seed * 31 + seat


def _short(value: object, limit: int = 120) -> str:
    """``value`` as text, cut to ``limit`` characters for a one-line message."""
    try:
        text = str(value)
    except ValueError:  # an integer too long to turn into text
        return "(too long to show)"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
