"""Replays: a saved game stepped through position by position.

A :class:`Replay` rebuilds every position of a game from its history, the
same way loading a save does, and moves a private :class:`Match` between
them; the game's own screen draws that match read-only (see
:class:`~.game.GameScreen`), with the log as it stood at each position.

What is shown follows the kernel's views: a finished game shows everything,
private lines and hidden cards included (:meth:`Match.full_view`); a game
still in progress in which seats hold private things shows one chosen seat's
view (:meth:`Match.view`), and ``v`` switches to the next seat. When several
humans share the keyboard and the game holds anything private (a hand, a
tile looked at, a private log line), the replay opens behind a hand-off
naming the seat, and ``v`` passes through one too: until the named player
says they are ready, only what is public is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Static

from ...core import coach
from ...core.match import Match

if TYPE_CHECKING:
    from .game import GameScreen


class Replay:
    """Every position of a game, and which one is shown."""

    def __init__(self, source: Match[Any, Any], *, at_end: bool = False) -> None:
        engine, header, checkpoint = source.engine, source.header, source.checkpoint
        #: the game replayed, whole (a review reads it; nothing changes it)
        self.source = source
        self.history = list(source.history)
        #: the moves before this index cannot be replayed (older rules)
        self.start = checkpoint.moves if checkpoint is not None else 0
        match: Match[Any, Any] = Match(engine, header, checkpoint=checkpoint)
        match.history = [entry.model_copy() for entry in self.history[: self.start]]
        self.states = [match.state]
        for entry in self.history[self.start:]:
            match.play(engine.move_from_json(entry.move))
            self.states.append(match.state)
        self.match = match
        self.finished = source.over
        #: everything is shown: a finished game, or a game with nothing hidden
        self.everything = self.finished or not engine.hides_information
        humans = source.humans
        #: the seats ``v`` shows the game as: the humans (a computer's cards are
        #: not for its opponents), or every seat when no human plays
        self.seats: list[int] = [] if self.everything else (humans or list(range(len(header.seats))))
        #: seats change hands through a hand-off: humans share the keyboard and
        #: the game holds something private somewhere in its history
        self.handoffs = (not self.everything and header.handoffs and len(humans) > 1
                         and self._holds_private())
        #: the seat whose view is shown; None: everything (:attr:`everything`)
        #: or, behind or after a hand-off not taken, only what is public
        self.seat: int | None = None if self.everything or self.handoffs else self.seats[0]
        #: the seat a hand-off was last shown for (``v`` offers it first)
        self.pending: int | None = self.seats[0] if self.handoffs else None
        self.index = 0
        self.go(len(self.states) - 1 if at_end else 0)

    def _holds_private(self) -> bool:
        """True if some position of the game holds something a seat knows
        privately, or its log has a line not every seat may read."""
        engine = self.match.engine
        last = self.states[-1]
        if len(engine.full_log(last)) != len(engine.visible_log(last, None)):
            return True
        return any(engine.has_hidden_information(state) for state in self.states)

    @property
    def can_switch(self) -> bool:
        """``v`` shows the game as another seat (or hands it to one)."""
        return len(self.seats) > 1 or (self.seat is None and bool(self.seats))

    def following(self) -> int | None:
        """The seat ``v`` shows next: after the one shown, or, from the public
        view, the seat last offered a hand-off."""
        if not self.seats:
            return None
        if self.seat is None:
            return self.pending if self.pending is not None else self.seats[0]
        at = self.seats.index(self.seat) if self.seat in self.seats else -1
        return self.seats[(at + 1) % len(self.seats)]

    def why_one_view(self) -> str:
        """Why ``v`` has no other seat to show (when :attr:`can_switch` is false)."""
        if self.everything:
            if not self.match.engine.hides_information:
                return f"{self.match.engine.title} has nothing private to one player: this replay shows everything."
            return "The game is over: this replay shows everything, what each player kept hidden included."
        if self.seat is not None:
            return (f"This replay shows the game as {self.seat_name(self.seat)} saw it: what the computer's "
                    "seats kept hidden stays hidden.")
        return "This replay shows only what every player could see."

    def seat_name(self, seat: int) -> str:
        return self.match.header.seats[seat].name

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def go(self, index: int) -> None:
        """Show position ``index`` (0: the start, :attr:`last`: the end)."""
        self.index = max(0, min(self.last, index))
        self.match.state = self.states[self.index]
        self.match.history = self.history[: self.start + self.index]

    def show_as(self, seat: int | None) -> None:
        """Show the game as ``seat`` (None: only what is public)."""
        if not self.everything:
            self.seat = seat

    def caption(self) -> Text:
        """Where the replay stands, as one line: before the next move, or after the last one."""
        done, total = self.start + self.index, len(self.history)
        # numbered as the review numbers a move: "before move 51" is where its "Move 51" jumps to
        if not total:
            text = Text.assemble(("Replay", "bold"), " · no move played yet")
        elif self.index == self.last:
            text = Text.assemble(("Replay", "bold"), f" · after move {done} of {total}")
        else:
            text = Text.assemble(("Replay", "bold"), f" · before move {done + 1} of {total}")
        # ("before move 1" is the start and "after move 53 of 53" the end: said once, the bar
        # keeps to one row at 80 columns beside its buttons)
        if self.index == 0 and self.start:
            text.append(" (where the older rules end)", style="dim")
        elif self.index == self.last and total and not self.finished:
            text.append(" (so far)", style="dim")
        following = self.following()
        if self.everything:
            if self.match.engine.hides_information:
                text.append(" · everything shown", style="dim")
            return text
        if self.seat is not None:
            text.append(" · as ")
            text.append(self.seat_name(self.seat), style="bold")
        else:
            text.append(" · public view", style="bold")
        if following is not None and following != self.seat:
            text.append(f" (v: {'hand to ' if self.handoffs else 'as '}", style="dim")
            text.append(self.seat_name(following), style="dim")
            text.append(")", style="dim")
        return text


class ReplayBar(Horizontal):
    """The replay's caption and its buttons (first, back, forward, last)."""

    DEFAULT_CSS = """
    ReplayBar { height: auto; background: $panel; padding: 0 1; }
    ReplayBar Static { width: 1fr; height: auto; }
    ReplayBar Button { min-width: 5; width: 5; height: 1; border: none; margin: 0 0 0 1; }
    """

    def __init__(self, replay: Replay, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.replay = replay

    def compose(self) -> ComposeResult:
        yield Static(self.replay.caption(), id="replay-caption")
        yield Button("⏮", id="replay-first", tooltip="First position (Home)")
        yield Button("◀", id="replay-back", tooltip="One move back (← or [)")
        yield Button("▶", id="replay-forward", tooltip="One move forward (→ or ])")
        yield Button("⏭", id="replay-last", tooltip="Last position (End)")
        review = Button("Review", id="replay-review", tooltip="The computer's review of the game (i)")
        review.display = coach.why_no_review(self.replay.source) is None  # (a game not over has none yet)
        yield review

    def show(self) -> None:
        self.query_one("#replay-caption", Static).update(self.replay.caption())

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        screen: GameScreen = self.screen  # type: ignore[assignment]
        if event.button.id == "replay-review":
            screen.action_review()
            return
        steps = {"replay-first": -10**9, "replay-back": -1, "replay-forward": 1, "replay-last": 10**9}
        screen.action_replay_step(steps.get(event.button.id or "", 0))
