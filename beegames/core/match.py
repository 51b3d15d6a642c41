"""A game in progress: an engine, its header, the history and the live state.

:class:`Match` is what the app, the CLI and the simulator hold. It routes every
change through the engine (validate, apply, advance), records each decision in
a readable history, answers undo requests, and rebuilds itself exactly from a
header plus history, which is what a save contains.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field

from .errors import IllegalMove
from .protocol import Decision, Engine, GameResult, SeatInfo


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
    game: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    seed: int
    created: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))


class Match:
    """A running game. Not thread-safe: the app calls it from one thread."""

    def __init__(self, engine: Engine, header: MatchHeader, *, _state: BaseModel | None = None,
                 _history: list[HistoryEntry] | None = None) -> None:
        self.engine = engine
        self.header = header
        self.options = engine.options_model.model_validate(header.options)
        self.history: list[HistoryEntry] = list(_history or [])
        if _state is None:
            _state = engine.advance(engine.new_state(self.options, header.seats, header.seed))
        self.state: BaseModel = _state

    # -- construction -------------------------------------------------------
    @classmethod
    def new(cls, engine: Engine, *, options: BaseModel | dict[str, Any] | None = None,
            seats: Sequence[SeatInfo] | None = None, seed: int = 0) -> Match:
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
        header = MatchHeader(game=engine.game_id, options=opts.model_dump(mode="json"),
                             seats=list(seats), seed=seed)
        return cls(engine, header)

    @classmethod
    def replay(cls, engine: Engine, header: MatchHeader, history: Sequence[HistoryEntry]) -> Match:
        """Rebuild a match by replaying ``history`` from the header's seed.

        Raises :class:`IllegalMove` (with the move number) if an entry is
        not legal where it stands.
        """
        match = cls(engine, header)
        for number, entry in enumerate(history, start=1):
            try:
                move = engine.move_from_json(entry.move)
            except Exception as exc:
                raise IllegalMove(f"move {number} cannot be read ({exc})") from exc
            decision = match.decision
            if decision is None:
                raise IllegalMove(f"move {number} comes after the game was over")
            if decision.seat != entry.seat:
                raise IllegalMove(f"move {number} is recorded for seat {entry.seat + 1}, "
                                  f"but seat {decision.seat + 1} was to decide")
            try:
                match.play(move)
            except IllegalMove as exc:
                raise IllegalMove(f"move {number} ({entry.text}) is illegal: {exc.reason}") from exc
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

    def legal_moves(self) -> list[Any]:
        return self.engine.legal_moves(self.state)

    def seat(self, index: int) -> SeatInfo:
        return self.header.seats[index]

    @property
    def log(self) -> list[str]:
        return self.engine.log(self.state)

    @property
    def turn(self) -> int:
        return self.engine.turn_number(self.state)

    def computer_to_move(self) -> bool:
        d = self.decision
        return d is not None and not self.header.seats[d.seat].is_human

    # -- changes ------------------------------------------------------------
    def play(self, move: Any, *, advance: bool = True) -> None:
        """Validate and apply ``move`` for the pending decision.

        With ``advance`` (the default) automatic steps run afterwards until
        a seat must decide. Raises :class:`IllegalMove` and changes nothing
        when the move is refused.
        """
        decision = self.decision
        if decision is None:
            raise IllegalMove("The game is over." if self.over else "No decision is pending.")
        before = self.state
        text = self.engine.describe_move(before, move)
        after = self.engine.apply(before, move)
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

    def settled_state(self) -> BaseModel:
        """The state with every due automatic step run: what replaying the
        history gives, and so what a save records."""
        return self.engine.advance(self.state)

    # -- undo ---------------------------------------------------------------
    def undo_target(self) -> int | None:
        """How many history entries to keep after an undo, or None.

        Undo takes back the last decision made by a human seat, together
        with any computer decisions made after it, as long as none of those
        entries revealed chance or hidden information.
        """
        k = len(self.history)
        while k > 0:
            entry = self.history[k - 1]
            if entry.barrier:
                return None
            k -= 1
            if self.header.seats[entry.seat].is_human:
                return k
        return None

    def can_undo(self) -> bool:
        return self.undo_target() is not None

    def undo(self) -> str:
        """Take back the last human decision; returns the log line undone."""
        keep = self.undo_target()
        if keep is None:
            if not self.history:
                raise IllegalMove("There is nothing to undo.")
            raise IllegalMove("That move revealed dice or cards, so it cannot be taken back.")
        undone = self.history[keep].text
        rebuilt = Match.replay(self.engine, self.header, self.history[:keep])
        self.state = rebuilt.state
        self.history = rebuilt.history
        return undone

    # -- computer seats -----------------------------------------------------
    def computer_move(self, player: Any | None = None) -> Any:
        """Ask the computer player of the deciding seat for a move (not played)."""
        decision = self.decision
        if decision is None:
            raise IllegalMove("No decision is pending.")
        if player is None:
            seat = self.header.seats[decision.seat]
            player = self.engine.make_player(seat.level, self.header.seed + len(self.history))
        return player.choose(self.engine, self.state)
