"""The coach's keys on a game screen: a hint for the player at the keyboard,
and a review of a finished game (in a replay too).

:class:`GameScreen` takes these from :class:`CoachKeys`. What the coach says
comes from :mod:`beegames.core.coach` (the engine side); this module only asks
it off the UI thread, shows its answer, marks the hinted move and plays it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.screen import Screen

from ...core import coach
from ...core.match import Match
from ...core.state import detail, headline, with_detail
from ...core.words import and_list, without_subject
from ..widgets.coach import CoachPanel

if TYPE_CHECKING:
    from ..app import BeegamesApp
    from ..widgets.choices import Choice
    from .replay import Replay

#: a reason cut to fewer words than this is left out (the whole log's key still shows it)
_FEWEST_WORDS = 3


def _hint_lead(found: coach.Hint, name: str) -> tuple[str, str]:
    """What follows "★ Hint" and the move's words: a move said with its player as the subject stays
    whole (": Ben places a 3 on G3"), not cut to a verb without one; any other after whose hint it is
    (" for Ben: ", "Place the Produce tile …"). Either way the name is said once."""
    words = without_subject(found.description, name)
    if words != found.description and not found.description.startswith(f"{name}: "):
        return ": ", found.description
    return f" for {name}: ", words


def _gives_figure(reason: str, look: str) -> bool:
    """Whether ``reason`` already gives the figure of the outlook ``look`` (``64% to win``): then
    the hint does not add the outlook, in its lines nor in the whole log."""
    return look.split()[0].removesuffix("%") in reason


class CoachKeys(Screen[None]):
    """The coach's part of a game screen (the game screen gives it the match,
    the seats and the flow of play: the names declared below)."""

    #: The coach's thinking: seconds for a hint and for a review (None: no
    #: limit), or a fixed amount of work instead (``effort``: tests set it, so
    #: that a hint repeats exactly). Settable on a screen.
    hint_seconds: float | None = coach.HINT_SECONDS
    hint_effort: int | None = None
    review_seconds: float | None = coach.REVIEW_SECONDS
    review_effort: int | None = None

    # -- what the game screen provides ------------------------------------------------
    app: BeegamesApp
    match: Match[Any, Any]
    replay: Replay | None
    save_path: Path
    thinking: bool
    keyboard_seat: int | None

    if TYPE_CHECKING:  # declared for the type checker only: GameScreen defines them
        @property
        def view_seat(self) -> int | None: ...

        def submit(self, move: Any) -> bool: ...

        def show_replay(self) -> None: ...

        def steps_keys(self) -> str: ...

        @property
        def stepping(self) -> bool: ...

        @property
        def stop(self) -> Any: ...

        def bound_keys(self, action: str) -> list[str]: ...

    def _init_coach(self) -> None:
        #: the coach is thinking: "hint" or "review" (None: it is not)
        self.coaching: str | None = None
        #: the hint shown, and the state it is for (dropped when the position changes)
        self.hint: coach.Hint | None = None
        self._hint_state: Any = None
        #: stops the coach's worker (Esc or the coach's key while it thinks)
        self._coach_cancel: threading.Event | None = None
        self._coach_state: Any = None
        #: how far a review has got: the seat being judged, (decisions judged, decisions to judge)
        self._review_progress: tuple[int, int] = (0, 0)
        self._review_seat: int | None = None
        #: the reviews made, by the seats judged, with the length of the history they judged
        self._reviews: dict[tuple[int, ...], tuple[int, list[coach.Review]]] = {}

    # -- the coach: a hint, and a review -------------------------------------------
    def hint_where(self, found: coach.Hint | None) -> str:
        """Where the screen shows the hinted move (the coach's line says it)."""
        return "★ in the list"

    def coach_check(self, action: str) -> bool:
        """Which of the coach's keys works now: one at a time, so that the
        footer names what the key does."""
        if action == "stop_coach":
            return self.coaching is not None
        if self.coaching is not None:
            return False
        if action == "review":
            return self.review_ready()
        if action == "review_off":  # (a replay of a game not over yet, or the end not told yet: it says why)
            return (self.replay is not None and not self.review_ready()) or self.end_untold()
        if self.match.over:
            return False
        if self.stop is not None:  # (a stop is read before anything is decided: the hidden key says so)
            return action == "hint_off"
        allowed = coach.hints_allowed(self.match)
        if action == "hint_off":
            return not allowed
        if not allowed:
            return False
        if action == "play_hint":
            return self.current_hint() is not None
        return self.current_hint() is None  # hint

    def current_hint(self) -> coach.Hint | None:
        """The hint shown, if it is still for the position on the table."""
        if self.hint is not None and self.match.state is self._hint_state and self.replay is None:
            return self.hint
        return None

    def why_no_hint(self) -> str | None:
        """None when the hint key may ask the coach now, else why not (a sentence)."""
        if self.stop is not None and coach.hints_allowed(self.match):  # (a stop: nobody decides yet)
            go_on = " or ".join(self.bound_keys("go_on")) or "the Go on key"
            return f"Read what happened first, then go on ({go_on}): the hint is for a decision."
        reason = coach.why_no_hint(self.match)
        if reason is not None:
            return reason
        if self.thinking:
            return "The computer is deciding now."
        if self.stepping:
            return f"Wait for the automatic steps to finish ({self.steps_keys()})."
        d = self.match.decision
        if d is not None and d.seat != self.keyboard_seat:
            return "The hint is for the player at the keyboard, once it is their decision."
        return None

    def action_hint(self) -> None:
        """Ask the coach what the computer would do for the player at the keyboard."""
        if self.coaching is not None or self.replay is not None:
            return
        reason = self.why_no_hint()
        if reason is not None:
            self.notify(reason, title="No hint now", severity="warning", markup=False)
            return
        decision = self.match.decision
        assert decision is not None
        state = self.match.state
        self._start_coach("hint", state)
        assert self._coach_cancel is not None
        # the seed a review gives this decision (see coach.hint), so a followed hint is not blamed
        self._think_hint(state, decision.seat, self._coach_cancel, len(self.match.history))

    def action_hint_off(self) -> None:
        """The hint key in a game started without hints, or at a stop: say why there is none."""
        self.notify(self.why_no_hint() or "", title="No hint", severity="warning", markup=False)

    def _start_coach(self, what: str, state: Any) -> None:
        self._coach_cancel = threading.Event()
        self._coach_state = state
        self.coaching = what
        self._review_progress = (0, 0)
        self.show_coach()
        self.refresh_bindings()

    @work(thread=True, exclusive=True, group="coach")
    def _think_hint(self, state: Any, seat: int, cancel: threading.Event, made: int) -> None:
        found, error = self._ask_coach(lambda: coach.hint(self.match.engine, state, seat, seconds=self.hint_seconds,
                                                          cancel=cancel, effort=self.hint_effort, seed=made))
        self._from_worker(self._hint_done, state, cancel, found, error)

    def _ask_coach(self, ask: Callable[[], Any]) -> tuple[Any, str | None]:
        """Run a call of the coach (in its worker): the answer and None, or None
        and why there is none (None too when it was stopped)."""
        try:
            return ask(), None
        except coach.Cancelled:
            return None, None
        except coach.CoachError as exc:
            return None, exc.reason
        except Exception as exc:
            self.log.error(f"the coach failed: {exc!r}")
            return None, "The coach failed: " + " ".join(f"{type(exc).__name__}: {exc}".split())[:120]

    def _from_worker(self, callback: Callable[..., None], *args: Any) -> None:
        """Run ``callback`` on the UI thread, after what is queued there (quietly
        dropped when the app has stopped meanwhile)."""
        try:
            self.app.call_from_thread(self.call_later, callback, *args)
        except RuntimeError:
            pass

    def _hint_done(self, state: Any, cancel: threading.Event, found: coach.Hint | None, error: str | None) -> None:
        if cancel is not self._coach_cancel:
            return  # stopped, or replaced by a newer question
        self._coach_cancel = None
        self.coaching = None
        if found is not None and self.match.state is state and self.is_attached:
            self.hint = found
            self._hint_state = state
            self.show_hint(found)
        elif error is not None and self.match.state is state:
            self.notify(error, title="No hint", severity="warning", markup=False)
        self.show_coach()
        self.refresh_bindings()

    def action_play_hint(self) -> None:
        """Play the hint shown."""
        found = self.current_hint()
        if found is None:
            return
        self.play_hint_move(found.move)

    def play_hint_move(self, move: Any) -> None:
        """Play the hinted move as if the player had chosen it (a screen that
        asks before some moves asks here too)."""
        self.submit(move)

    def action_stop_coach(self, quiet: bool = False) -> None:
        """Stop the coach's thinking (nothing is shown; ``quiet``: not even a word)."""
        if self._coach_cancel is not None:
            self._coach_cancel.set()
        what = self.coaching
        self._coach_cancel = None
        self.coaching = None
        self.workers.cancel_group(self, "coach")
        self.show_coach()
        self.refresh_bindings()
        if what is not None and not quiet:
            self.notify("Stopped: the hint was not finished." if what == "hint" else
                        "Stopped: the review was not finished.")

    def sync_hint(self) -> None:
        """Drop the hint (and stop one being thought of) once the position has
        changed: called before the screen draws a position."""
        if self.coaching == "hint" and self.match.state is not self._coach_state:
            self.action_stop_coach(quiet=True)  # the player moved on: the question is gone
        if self.hint is not None and self.current_hint() is None:
            self.hint = None
            self._hint_state = None
            self.clear_hint()
            self.show_coach()
            self.refresh_bindings()

    def hint_list(self) -> Any:
        """The screen's decision list (a :class:`ChoiceList`), if it has one."""
        from ..widgets.choices import ChoiceList

        found = self.query(ChoiceList)
        return found.first() if found else None

    def choice_move(self, choice: Choice) -> Any:
        """The move an entry of the decision list plays (None: it plays none)."""
        value = choice.value
        return getattr(value, "move", value)

    def show_hint(self, found: coach.Hint) -> None:
        """Highlight the hinted move: the decision list's entry that plays it is
        marked (★) and highlighted, its groups opened. Screens with a board
        light it there too (they override this and call it)."""
        choices = self.hint_list()
        if choices is None:
            return
        move = found.move
        choices.mark_hint(lambda c: c.selectable and self.choice_move(c) == move)
        path = choices.hint_path()
        if path is not None:
            choices.reveal(path)

    def clear_hint(self) -> None:
        """Take the hint's marks off the screen (subclasses clear their board too)."""
        choices = self.hint_list()
        if choices is not None:
            choices.mark_hint(None)

    def coach_keys(self, action: str) -> list[str]:
        """The keys bound to one of the coach's actions now (the keymap may have
        moved them), as the keys screen writes them, Esc last."""
        return self.bound_keys(action)

    def coach_key(self, action: str) -> str:
        """The first key of :meth:`coach_keys` (the one the footer shows)."""
        keys = self.coach_keys(action)
        return keys[0] if keys else "?"

    def show_coach(self) -> None:
        """The coach's line: thinking, the review's progress, or the hint."""
        panels = self.query(CoachPanel)
        if not panels:
            return
        panel = panels.first()
        stop = " or ".join(self.coach_keys("stop_coach"))
        found = self.current_hint()
        if self.coaching == "hint":
            text = Text.assemble(("Thinking of a hint… ", "bold"), f"({stop} stops)")
        elif self.coaching == "review":
            done, total = self._review_progress
            seat = self._review_seat
            who = f"{self.match.header.seats[seat].name}: " if seat is not None and total else ""
            text = Text.assemble(("Reviewing the game… ", "bold"), who,
                                 f"{done} of {total} decisions judged " if total else "",
                                 f"({stop} stops)")
        elif found is not None:
            # the whole reason if it fits, else its headline (with the outlook, if it fits too) and
            # the key that shows the rest
            head = headline(found.reason)
            text = (self._hint_text(found, found.reason) if head == found.reason else
                    panel.fitting(self._hint_text(found, found.reason), self._hint_text(found, head),
                                  self._hint_text(found, head, outlook=False),
                                  self._hint_text(found, head, outlook=False, where=False)))
            # (a headline too long even so: cut; a stub of a word or two says nothing, so then none)
            words = head.split()
            while words and panel.rows(text) > panel.room():
                words.pop()
                cut = " ".join(words) + "…" if len(words) >= _FEWEST_WORDS else ""
                text = self._hint_text(found, cut, outlook=False, where=False)
        else:
            panel.say(None)
            self.remove_class("-coach-shown")
            return
        panel.say(text)
        # (a screen's stylesheet may give the coach's lines room from the log, not from the list)
        self.add_class("-coach-shown")

    def _hint_text(self, found: coach.Hint, reason: str, outlook: bool = True, where: bool = True) -> Text:
        """The coach's lines for ``found`` with ``reason`` (its whole reason, or only its headline:
        then they name the key of the whole log, which shows the rest), and its outlook unless
        the reason gives its figure (or not at all: ``outlook`` false); ``where`` false leaves out
        where the screen shows the move (the room goes to the reason)."""
        lead, words = _hint_lead(found, self.match.header.seats[found.seat].name)
        text = Text.assemble(("★ Hint", "bold"), lead, (words, "bold"))
        shown = " ".join(reason.split())
        text.append("\n" + shown if shown else " ")
        look = found.outlook.text() if found.outlook is not None and outlook else None
        if look and not _gives_figure(shown, look):
            text.append(f" Outlook: {look}.")
        shown_where = f" ({self.hint_where(found)})" if where else ""
        text.append(f"{' ' if shown else ''}{self.coach_key('play_hint')} plays it{shown_where}.", style="bold")
        if reason != found.reason:
            text.append(f" {self.coach_key('show_log')}: why, in full.")
        return text

    def hint_lines(self) -> list[str]:
        """The hint shown, as the whole log's last lines (its reason in full), or none."""
        found = self.current_hint()
        if found is None:
            return []
        lead, words = _hint_lead(found, self.match.header.seats[found.seat].name)
        look = found.outlook.text() if found.outlook is not None else ""
        outlook = f"Outlook: {look}." if look and not _gives_figure(found.reason, look) else ""
        return [f"★ Hint{lead}{words}",
                with_detail(headline(found.reason), " ".join(filter(None, (detail(found.reason), outlook))))]

    def review_source(self) -> Match[Any, Any]:
        """The game a review reads: the replay's whole game, or the one played."""
        return self.replay.source if self.replay is not None else self.match

    def review_ready(self) -> bool:
        """True when the review key may ask the coach: the game is over (in a replay too), and its
        end has been told (:meth:`end_untold`)."""
        if self.replay is None and (not self.match.over or self.end_untold()):
            return False
        return coach.why_no_review(self.review_source()) is None

    def end_untold(self) -> bool:
        """The game is over but a stop on show still tells its last steps (Bee Lives' February, with
        the year's score): the final score comes next, when the player goes on, and the review only
        after it, so that it never hides the result."""
        return self.replay is None and self.match.over and self.stop is not None

    def review_seats(self) -> list[int]:
        """Whose moves a review judges: the seat a replay is shown as, if it is shown
        as one; else every human seat, or every seat when no human plays, as
        ``beegames review`` does (``coach.review_seats``)."""
        if self.replay is not None and self.replay.seat is not None:
            return [self.replay.seat]
        return coach.review_seats(self.review_source())

    def review_names(self) -> str:
        """The players a review judges, in words ("Ann", "White and Black")."""
        return and_list([self.match.header.seats[seat].name for seat in self.review_seats()])

    def review_help(self) -> tuple[str, str] | None:
        """The keys screen's row of the review key, once there is a review to ask for."""
        if not self.review_ready():
            return None
        stop = " or ".join(self.coach_keys("stop_coach"))
        return (self.coach_key("review"),
                f"Review of {self.review_names()}: the three moves after which the computer's outlook fell "
                f"most; 1-9 goes to the position before each. While the computer works it out, {stop} stops it")

    def action_review_off(self) -> None:
        """The review key in a replay of a game not over yet, or before the end is told: say why there
        is no review."""
        if self.end_untold():
            go_on = " or ".join(self.bound_keys("go_on")) or "the Go on key"
            self.notify(f"Read what happened first, then go on ({go_on}): the final score comes next, and the "
                        "review with it.", title="No review yet", severity="warning", markup=False)
            return
        self.notify(coach.why_no_review(self.review_source()) or "", title="No review yet", severity="warning",
                    markup=False)

    def action_review(self) -> None:
        """Ask the coach for the review of the finished game (in a replay too): of each
        seat :meth:`review_seats` names, one after the other, in the review's time."""
        if self.coaching is not None:
            return
        source = self.review_source()
        reason = coach.why_no_review(source)
        if reason is not None:
            self.notify(reason, title="No review yet", severity="warning", markup=False)
            return
        seats = tuple(self.review_seats())
        done = self._reviews.get(seats)
        if done is not None and done[0] == len(source.history):
            self._show_review(done[1])  # reviewed already: the same game, the same answer
            return
        self._start_coach("review", self.match.state)
        assert self._coach_cancel is not None
        self._think_review(source, seats, self._coach_cancel)

    @work(thread=True, exclusive=True, group="coach")
    def _think_review(self, source: Match[Any, Any], seats: tuple[int, ...], cancel: threading.Event) -> None:
        found: list[coach.Review] = []
        error: str | None = None
        seconds = self.review_seconds
        for k, seat in enumerate(seats):
            def progress(done: int, total: int, seat: int = seat) -> None:
                self._from_worker(self._review_step, cancel, seat, done, total)

            share = None if seconds is None else seconds / (len(seats) - k)
            def ask(seat: int = seat, share: float | None = share,
                    progress: Callable[[int, int], None] = progress) -> coach.Review:
                return coach.review(source, seat, seconds=share, cancel=cancel, effort=self.review_effort,
                                    progress=progress)

            one, error = self._ask_coach(ask)
            if one is None:
                break
            found.append(one)
            if seconds is not None:  # (the time a seat left unused goes to the next, as in `beegames review`)
                seconds = max(0.1, seconds - one.seconds)
        complete = len(found) == len(seats)
        self._from_worker(self._review_done, cancel, seats, found if complete else None, error)

    def _review_step(self, cancel: threading.Event, seat: int, done: int, total: int) -> None:
        if cancel is self._coach_cancel:
            self._review_seat = seat
            self._review_progress = (done, total)
            self.show_coach()

    def _review_done(self, cancel: threading.Event, seats: tuple[int, ...], found: list[coach.Review] | None,
                     error: str | None) -> None:
        if cancel is not self._coach_cancel:
            return
        self._coach_cancel = None
        self.coaching = None
        self._review_seat = None
        self.show_coach()
        self.refresh_bindings()
        if error is not None:
            self.notify(error, title="No review", severity="warning", markup=False)
        if found is None or not self.is_attached:
            return
        self._reviews[seats] = (len(self.review_source().history), found)
        self._show_review(found)

    def _show_review(self, found: list[coach.Review]) -> None:
        from .review import ReviewScreen

        names = [self.match.header.seats[review.seat].name for review in found]
        self.app.push_screen(ReviewScreen(found, names, in_replay=self.replay is not None), self._review_chosen)

    def _review_chosen(self, ply: int | None) -> None:
        """Go to the position before the move ``ply``: in a replay, there; after a
        game, in a replay of it opened there."""
        if ply is None:
            return
        if self.replay is not None:
            self.replay.go(ply - self.replay.start)
            self.show_replay()
        else:
            replay = self.app.open_replay(self.match, self.save_path, at=ply)
            replay._reviews = self._reviews  # the same game: its review is made already

