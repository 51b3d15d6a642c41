"""A game screen's replay: the keys that step through a saved game, change
whose view it shows, and the hand-off between people in a replay.

``GameScreen`` takes these from :class:`ReplayKeys`; the replay itself (the
positions, the seat shown) is :class:`~.replay.Replay`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.screen import Screen

if TYPE_CHECKING:
    from .modals import HandoffScreen
    from .replay import Replay


#: The keys of undo and save as in a replay, which has neither: pressed, they say why. They sit
#: beside the game's own undo and save-as bindings (``GameScreen.BINDINGS``, with their ids, so that a
#: keymap moves them together), not here: a subclass that binds a key drops the base class's bindings
#: of that key.
REPLAY_REFUSALS = [
    Binding("ctrl+z,u", "replay_undo_off", "", id="game.undo", show=False),
    Binding("ctrl+s", "replay_save_off", "", id="game.save_as", show=False),
]

#: The replay's keys. They are priority bindings, enabled only while the
#: screen shows a replay (``GameScreen.check_action``), so in a replay they
#: win over the keys a game screen or its focused widget binds to the same
#: key (Bee Lives' ←/→ and [/], Honey Buzz's [/], every game's Esc); outside a
#: replay those keys keep their game meaning. Every subclass gets them (see
#: ``GameScreen.__init_subclass__``), first: the footer and the keys screen
#: of a replay name them before anything else.
REPLAY_BINDINGS = [
    Binding("left", "replay_step(-1)", "Back", id="replay.back", priority=True),
    Binding("right", "replay_step(1)", "Forward", id="replay.forward", priority=True),
    Binding("left_square_bracket", "replay_step(-1)", "Back", id="replay.back_bracket", show=False,
            priority=True),
    Binding("right_square_bracket", "replay_step(1)", "Forward", id="replay.forward_bracket", show=False,
            priority=True),
    Binding("home", "replay_step(-1000000)", "First", id="replay.first", show=False, priority=True),
    Binding("end", "replay_step(1000000)", "Last", id="replay.last", show=False, priority=True),
    Binding("v", "replay_seat", "View as", id="replay.seat", priority=True),
    # where there is no other seat to show, v is not offered; pressed anyway, it says why (moved with
    # v by a keymap)
    Binding("v", "replay_seat_off", "", id="replay.seat", show=False, priority=True),
    # (Esc closes the replay, after backing out of a board or list the keys went into, as the
    # game's own Esc does: not "Menu", since a replay has no pause menu)
    Binding("escape", "replay_close", "Close", id="replay.close", priority=True),
]


class ReplayKeys(Screen[None]):
    """The replay's part of a game screen (the game screen gives it the
    names declared below)."""

    replay: Replay | None

    if TYPE_CHECKING:  # declared for the type checker only: GameScreen defines them
        def on_undo(self) -> None: ...

        def action_back(self) -> None: ...

        def bound_keys(self, action: str) -> list[str]: ...

        def review_help(self) -> tuple[str, str] | None: ...

        def refresh_view(self) -> None: ...

        def handoff_screen(self, player: str, previous: str | None = None,
                           can_undo: bool = False, refusal: str = "") -> HandoffScreen: ...

    def show_replay_caption(self) -> None:
        """Bring the replay bar's caption up to date (a no-op outside a replay)."""
        if self.replay is not None:
            from .replay import ReplayBar

            self.query_one(ReplayBar).show()

    def show_replay(self) -> None:
        """Draw the replay's position as its seat sees it: every game screen's
        whole view and the replay's caption, whatever the screen's own
        :meth:`refresh_view` draws."""
        self.on_undo()  # drop any selection the screen kept
        self.refresh_view()
        self.show_replay_caption()
        self.stop_choosing()

    def stop_choosing(self) -> None:
        """In a replay no board chooses a cell: Enter (and Space) on a hex board (the Bee Lives
        map, a Honey Buzz hive) would play, so the footer must not offer them."""
        from ..widgets.hexboard import HexBoard

        boards = [board for board in self.query(HexBoard) if board.choosing]
        for board in boards:
            board.choosing = False
        if boards:
            self.refresh_bindings()

    def action_replay_step(self, step: int) -> None:
        """Show the position ``step`` moves later (earlier if negative)."""
        if self.replay is None:
            return
        self.replay.go(self.replay.index + step)
        self.show_replay()

    def replay_focus(self) -> int | None:
        """In a replay that shows everything (a finished game): the seat deciding at the
        position shown, else the last seat that decided; a game's screen may draw that seat's
        own things (its dice, its hand) where the keyboard seat's go. None otherwise."""
        replay = self.replay
        if replay is None or not replay.everything:
            return None
        seats = range(len(replay.match.header.seats))
        decision = replay.match.decision
        if decision is not None and decision.seat in seats:
            return decision.seat
        return next((entry.seat for entry in reversed(replay.match.history) if entry.seat in seats),
                    0 if seats else None)

    def action_replay_close(self) -> None:
        """Esc in a replay: back out of a board or a list the keys went into, as the
        game's Esc does, else close the replay (the game's ``action_back`` ends there)."""
        self.action_back()

    #: The game's own keys that still work in a replay, for the keys screen (after the
    #: replay's): looking around, and what the marks on the board mean.
    REPLAY_HELP: list[tuple[str, str]] = []

    def replay_help(self) -> list[tuple[str, str]]:
        """The keys screen's rows in a replay: the replay's keys as the player's keymap
        has them (v only where there is another seat to show, the review only once the
        game is over), then the game's keys that still work here (:attr:`REPLAY_HELP`).
        The screen adds every other key that works now, and none that does not."""
        replay = self.replay
        if replay is None:
            return []

        def keys(action: str) -> str:
            return " or ".join(self.bound_keys(action)) or "(no key)"

        rows = [(keys("replay_step(-1)"), "One move back"), (keys("replay_step(1)"), "One move forward"),
                (f"{keys('replay_step(-1000000)')} / {keys('replay_step(1000000)')}",
                 "The first / the last position")]
        if replay.can_switch:
            rows.append((keys("replay_seat"), "Show the game as the next player" +
                         (" (through a hand-off: the others look away)" if replay.handoffs else "")))
        review = self.review_help()
        if review is not None:
            rows.append(review)
        rows.append((keys("replay_close"), "Close the replay"))
        return rows + list(self.REPLAY_HELP)

    def action_replay_seat(self) -> None:
        """Show the game as the next seat; through a hand-off when people at
        one keyboard must not see each other's private things."""
        replay = self.replay
        if replay is None:
            return
        seat = replay.following()
        if seat is None:
            return
        if replay.handoffs:
            self.replay_handoff(seat)
            return
        replay.show_as(seat)
        self.show_replay()

    def action_replay_seat_off(self) -> None:
        """``v`` where the replay has no other seat to show: say why."""
        if self.replay is not None:
            self.notify(self.replay.why_one_view(), title="One view", severity="information", markup=False)

    def action_replay_undo_off(self) -> None:
        """The undo key in a replay: nothing was played here, the back key goes back a move."""
        back = " or ".join(self.bound_keys("replay_step(-1)")) or "the back key"
        self.notify(f"A replay takes nothing back: nothing is played in it. {back} goes one move back.",
                    title="Replay", severity="information", markup=False)

    def action_replay_save_off(self) -> None:
        """The save-as key in a replay: a replay never changes or copies its file."""
        self.notify("A replay changes nothing, so there is nothing to save: the file stays as it was.",
                    title="Replay", severity="information", markup=False)

    def replay_handoff(self, seat: int) -> None:
        """Hide everything private and call ``seat``'s player to the keyboard;
        the replay shows their view once they are ready (Esc: the public view)."""
        from .modals import HandoffScreen

        replay = self.replay
        if replay is None or any(isinstance(s, HandoffScreen) for s in self.app.screen_stack):
            return
        before = replay.seat
        replay.show_as(None)
        replay.pending = seat
        self.show_replay()

        def done(result: str | None) -> None:
            if result == "ready":
                replay.show_as(seat)
            self.show_replay()

        previous = replay.seat_name(before) if before is not None else None
        self.app.push_screen(self.handoff_screen(replay.seat_name(seat), previous), done)
