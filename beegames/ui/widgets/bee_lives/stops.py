"""Which automatic steps of Bee Lives the screen stops on for the player to
read (a month of winter upkeep, a month that went by without a turn for a
player at the keyboard), told in the view's words, and where a resumed game
takes them up again.

A save holds no stop's account (it records the settled state, and a loaded
game has run every automatic step after its last move), but it says the turn
the screen stood at and whether a stop was on show (:attr:`Match.saved_at`):
a game saved at a stop goes back to just after its last move
(:meth:`Match.unsettle`) and takes those steps again, quietly up to the stop
it was saved at, so that the stops it had not gone past (December's,
January's, February's at the end of the game…) are told again. (A save
written before the file said so tells February's stop only in the log.)
Nothing here is a rule: the accounts are :mod:`beegames.games.bee_lives.view`'s.
"""

from __future__ import annotations

from typing import Any

from ....core.match import Match, SavedAt
from ....games.bee_lives import view as blview
from ....games.bee_lives.models import BeeLivesState


class StopWatch:
    """Watches the steps as they are taken, for the stops among them."""

    def __init__(self) -> None:
        #: each human seat's last turn, (year, month): the months after it without one are told
        self.last_turn: dict[int, tuple[int, int]] = {}
        #: the state at the start of the month of winter upkeep going on (its account is told once it is over)
        self.winter_start: BeeLivesState | None = None

    def turn_seen(self, seat: int, st: BeeLivesState) -> None:
        """A human seat has a turn in ``st``'s month."""
        self.last_turn[seat] = (st.year, st.month)

    def forget(self) -> None:
        """A move was taken back: the month of winter under way is no longer watched."""
        self.winter_start = None

    def after_step(self, st: BeeLivesState) -> blview.StopInfo | None:
        """A month of winter upkeep just over at ``st`` (February's with the
        year's score), or a month just gone by without a turn for a player at
        the keyboard: the view's account of it; else None."""
        found = None
        if self.winter_start is not None:
            found = blview.winter_report(self.winter_start, st)
            if found is not None:
                self.winter_start = None
        if blview.winter_month_begins(st):
            self.winter_start = st
        if found is None:
            idle = blview.idle_stop(st, self.last_turn)
            if idle is not None:
                found, last = idle
                self.last_turn.update(last)
        return found

    def start(self, match: Match[Any, Any]) -> None:
        """A screen opens on ``match``: its human seats' last turns are taken
        as the month on screen (the months after it without a turn are told)."""
        for seat in match.humans:
            self.turn_seen(seat, match.state)

    def resume(self, match: Match[Any, Any]) -> SavedAt | None:
        """A game just loaded, saved while the screen stood at a stop (the
        file says so, or its turn or end differs from the position its
        history replays to): go back to just after its last move, its human seats' last turns
        taken as that move's month, so that the steps after it are taken
        again. Returns where the file was saved (the stops before that turn
        and end had been gone past), or None, the match unchanged, when it
        was saved where it replays to (or not loaded from a save)."""
        saved = match.saved_at
        if saved is None or match.saved_as_settled():
            return None
        before = match.unsettle()
        if before is None:
            return None
        for seat in match.humans:
            self.turn_seen(seat, before)
        return saved
