"""The computer as a coach: a hint for the seat that decides, and a review of
a finished game. Game-free: each game gives its own :class:`Coach` through
:meth:`Engine.coach <beegames.core.protocol.Engine.coach>`.

Two calls, made the same way for every game (``docs/coach.md``):

* :func:`hint` (engine, match or state, seat, seconds, cancel) returns a
  :class:`Hint`: the move the computer suggests for ``seat``, its log-line
  description and JSON, a reason in one or two sentences, and the seat's
  *outlook* after it.
* :func:`review` (match, seat, seconds, cancel) returns the three moves of
  ``seat`` after which its outlook fell most (:class:`ReviewItem`), with the
  computer's alternative.

**The outlook** is the computer's estimate of the seat's result, measured the
same way in every game: a win chance where the game has an evaluation (Hive:
the searcher's score turned into a chance), else the seat's expected final
score from play-outs by the game's strongest player (:class:`PlayoutCoach`).

**Only the seat's view.** Everything is worked out from
``engine.view(state, seat)``: never another seat's hidden items, never the
real generator. A play-out needs a complete position, so the view is
*determinized*: each game's :meth:`PlayoutCoach.determinize` fills what the
seat cannot see (other hands, deck orders, face-down tiles) with a sample
consistent with what it can, drawn from a generator seeded by the call's
``seed``, and gives the position a fresh generator from the same seed.

**Time and cancelling.** ``seconds`` bounds the work (``None``: no limit, then
``effort`` must say how much to do); ``effort`` fixes the amount of work
instead (play-outs per move considered, or plies of search) so that results
repeat exactly, as tests need. ``cancel`` is a callable returning true, or a
:class:`threading.Event`; it is checked between play-out decisions and
inside searches, and a cancelled call raises :class:`Cancelled`. Both calls
are meant for a worker thread: they read the match and never change it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from .errors import BeegamesError
from .state import with_detail

if TYPE_CHECKING:
    from .match import Match
    from .players import ComputerPlayer
    from .protocol import Engine, GameResult

Measure = Literal["win", "score"]
#: what may be passed as ``cancel``: a callable returning true, or an object
#: with ``is_set()`` (a :class:`threading.Event`)
CancelLike = Any

#: default thinking time of a hint (seconds): the hint must appear within 2 s
HINT_SECONDS = 1.5
#: default thinking time of a whole review (seconds)
REVIEW_SECONDS = 20.0
#: moves listed by a review
REVIEW_COUNT = 3
#: the share of a review's time for judging every decision once; the rest
#: judges the largest falls that were within the noise again
REVIEW_FIRST_SHARE = 0.7
#: with a fixed effort, how many times the play-outs of the second look
REVIEW_CONFIRM_EFFORT = 4


class Cancelled(Exception):
    """The caller cancelled a hint or a review (nothing to show)."""


class CoachError(BeegamesError):
    """A hint or review that cannot be given; ``reason`` is one line for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------------------
# results
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Outlook:
    """The computer's estimate of one seat's result.

    ``measure`` is ``"win"`` (``value`` is a chance from 0 to 1) or
    ``"score"`` (``value`` is the seat's expected final score, in ``unit``).
    ``samples`` is the number of play-outs behind it (0: a search's score);
    ``wins`` the share of those play-outs the seat won, when counted.
    ``outs`` counts the play-outs that left the seat out of the running
    whatever its score (Bee Lives: its colony died), and ``out_words`` says
    so in the game's words (a phrase with ``{n}`` and ``{of}``).
    """

    value: float
    measure: Measure
    samples: int = 0
    unit: str = "points"
    wins: float | None = None
    #: decimals of a score when written
    digits: int = 1
    outs: int = 0
    out_words: str = ""

    @property
    def risk(self) -> str:
        """How many play-outs left the seat out of the running, in the game's
        words; empty when none did."""
        return self.out_words.format(n=self.outs, of=self.samples) if self.outs and self.out_words else ""

    def figure(self) -> str:
        """The estimate alone: "68% to win", "2.8 honey"."""
        if self.measure == "win":
            return f"{percent(self.value)} to win"
        return f"{self.value:.{self.digits}f} {self.unit}"

    def text(self) -> str:
        """The estimate, with its :attr:`risk` in brackets when there is one."""
        return f"{self.figure()} ({self.risk})" if self.risk else self.figure()


@dataclass(frozen=True)
class Option:
    """One move the coach weighed: the move, its JSON, its description, and
    the seat's outlook after it (None when there was no time to measure it)."""

    move: Any
    move_json: Any
    description: str
    outlook: Outlook | None = None


@dataclass(frozen=True)
class Hint:
    """What the computer suggests for ``seat``, and why.

    ``move`` is one of the match's legal moves (``==`` to an entry of
    ``match.legal_moves()``): a screen highlights it and plays it with
    ``match.play(hint.move)``. ``options`` holds every move weighed, the
    hint first. ``reason`` is written as a log line with details
    (:func:`~beegames.core.state.with_detail`): its headline is the main
    reason in a sentence, short enough for the foot of an 80-column screen;
    its details (the play-outs' figures, how sure they are) follow the first
    line break. ``complete`` is false when the time ran out before the
    planned work was done (the hint is then the best found so far).
    """

    seat: int
    move: Any
    move_json: Any
    description: str
    reason: str
    outlook: Outlook | None
    options: tuple[Option, ...]
    seconds: float
    complete: bool = True
    #: the number of moves recorded when the hint was computed (a screen
    #: drops a hint whose match has moved on since)
    moves_made: int = 0
    #: plies searched, for a game whose coach searches (0: play-outs)
    depth: int = 0


@dataclass(frozen=True)
class ReviewItem:
    """One move of a review: where the seat's outlook fell.

    ``ply`` is the index of the move in ``match.history`` (the replay shows
    the position before it after ``ply`` moves). ``before`` is the outlook
    of the position before the move, ``after`` the outlook after the move
    played, ``alternative`` the outlook after the computer's move, and
    ``difference`` = ``alternative.value - after.value`` (in the outlook's
    measure: a chance, or points).
    """

    ply: int
    seat: int
    played: Option
    computer: Option
    before: Outlook
    after: Outlook
    alternative: Outlook
    difference: float
    #: False when the fall is within the noise of the play-outs behind it
    #: (the review lists such moves after the clear ones, and says so)
    clear: bool = True

    def text(self) -> str:
        """One line for a list: the move, what was better, and by how much."""
        lost = difference_text(self.after, self.alternative)
        n = min(self.after.samples, self.alternative.samples)
        basis = f"{_playouts(n)} each" if n else ""
        if not self.clear:  # within the noise: of one or two play-outs, or of more that disagree
            basis = _join_clauses(basis, "too few to be sure" if n < 3 else "within their noise")
        mine, theirs = _bare(self.played.description), _bare(self.computer.description)
        # two moves that read the same (a tile placed elsewhere with the same effect)
        other = f"another move of the same kind ({theirs})" if theirs == mine else theirs
        return (f"Move {self.ply + 1}: played {mine}; the computer would play {other}. "
                f"Outlook {self.before.figure()} before, {self.after.figure()} after "
                f"(with the computer's move {self.alternative.figure()}): {lost}" + (f" ({basis})." if basis else ".")
                + self._risks())

    def _risks(self) -> str:
        """The play-outs that left the seat out of the running, after each move, said once (the
        outlook before the move is the computer's move's, :class:`Judgement`): "" when none did."""
        mine, theirs = self.after.risk, self.alternative.risk
        if not mine and not theirs:
            return ""
        if mine == theirs:
            return f" {mine[:1].upper()}{mine[1:]} after either move."
        if not theirs:
            return f" After the move played, {mine}."
        if not mine:
            return f" After the computer's move, {theirs}."
        return f" After the move played, {mine}; after the computer's, {theirs}."


class Review(list[ReviewItem]):
    """The moves of a review, largest clear fall first (then those within
    the noise of their play-outs), with how much was judged:
    ``judged`` of the seat's ``moves`` decisions (fewer when the time ran
    out), in ``seconds``."""

    def __init__(self, items: Sequence[ReviewItem] = (), *, seat: int = 0, moves: int = 0, judged: int = 0,
                 seconds: float = 0.0, meaning: str = "") -> None:
        super().__init__(items)
        self.seat = seat
        self.moves = moves
        self.judged = judged
        self.seconds = seconds
        #: what the outlook measures, in a sentence for a player (the coach's :attr:`Coach.meaning`)
        self.meaning = meaning

    @property
    def complete(self) -> bool:
        return self.judged >= self.moves


def percent(chance: float) -> str:
    return f"{round(100 * max(0.0, min(1.0, chance)))}%"


def difference_text(after: Outlook, alternative: Outlook) -> str:
    """What was lost, from the two figures as written beside it, so that the
    difference a reader works out from them is the one stated."""
    if after.measure == "win":
        shown = round(100 * max(0.0, min(1.0, alternative.value))) - round(100 * max(0.0, min(1.0, after.value)))
        return f"{shown} percentage points of win chance lost"
    diff = round(alternative.value, after.digits) - round(after.value, after.digits)
    return f"{diff:.{after.digits}f} {after.unit} lost"


# ---------------------------------------------------------------------------
# time, effort and cancelling
# ---------------------------------------------------------------------------
class Budget:
    """How much a coach may think: a deadline (``seconds`` from now, or
    none), a fixed ``effort`` (or none), and a cancel test.

    :meth:`stop` is the test to poll in loops (true once cancelled or past
    the deadline); :meth:`check` raises :class:`Cancelled` when cancelled.
    """

    def __init__(self, seconds: float | None, cancel: CancelLike = None, effort: int | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if seconds is None and effort is None:
            raise ValueError("a coach needs a time limit or a fixed effort")
        self.clock = clock
        self.start = clock()
        self.deadline = math.inf if seconds is None else self.start + max(0.0, seconds)
        #: the deadline of the whole call: a share of a review may run past
        #: its own deadline to finish its first round of play-outs, never
        #: past this one
        self.final = self.deadline
        self.effort = effort
        self._cancel = _cancel_test(cancel)

    def cancelled(self) -> bool:
        return self._cancel()

    def check(self) -> None:
        if self._cancel():
            raise Cancelled

    def expired(self) -> bool:
        return self.clock() >= self.deadline

    def overdue(self) -> bool:
        """Past the deadline of the whole call."""
        return self.clock() >= self.final

    def stop(self) -> bool:
        return self._cancel() or self.clock() >= self.deadline

    def left(self) -> float:
        return max(0.0, self.deadline - self.clock())

    @property
    def timed(self) -> bool:
        return self.deadline != math.inf

    def share(self, parts: int) -> Budget:
        """A budget for one of ``parts`` equal pieces of what is left."""
        sub = Budget.__new__(Budget)
        sub.clock = self.clock
        sub.start = self.clock()
        sub.deadline = self.deadline if not self.timed else sub.start + self.left() / max(1, parts)
        sub.final = self.final
        sub.effort = self.effort
        sub._cancel = self._cancel
        return sub

    def part(self, fraction: float, effort: int | None = None) -> Budget:
        """A budget for the first ``fraction`` of what is left (all of it
        when untimed), with ``effort`` in place of this one's when given."""
        sub = self.share(1)
        if self.timed:
            sub.deadline = sub.start + self.left() * fraction
        if effort is not None:
            sub.effort = effort
        return sub

    def elapsed(self) -> float:
        return self.clock() - self.start


def _cancel_test(cancel: CancelLike) -> Callable[[], bool]:
    if cancel is None:
        return lambda: False
    is_set = getattr(cancel, "is_set", None)
    if callable(is_set):
        return lambda: bool(is_set())
    if callable(cancel):
        return lambda: bool(cancel())
    raise TypeError("cancel must be a callable or an object with is_set()")


# ---------------------------------------------------------------------------
# what a game provides
# ---------------------------------------------------------------------------
@dataclass
class Analysis:
    """A coach's answer for one position: the moves weighed, best first,
    the reason for the first, and whether the planned work was done."""

    options: list[Option]
    reason: str
    complete: bool = True
    #: plies searched, for a coach that searches (0: play-outs)
    depth: int = 0


@dataclass
class Judgement:
    """A coach's verdict on a move played: the outlooks before and after
    it, and the computer's move with its outlook."""

    before: Outlook
    after: Outlook
    computer: Option
    alternative: Outlook
    #: whether the computer's move is better beyond the noise of the
    #: measure (a search's judgement always is; play-outs when
    #: :func:`clearly_better`)
    clear: bool = True


class Coach(Protocol):
    """What a game gives the kernel for hints and reviews.

    Both methods receive only the deciding seat's view and must not look
    at anything else; ``budget`` says how long they may think.
    """

    @property
    def meaning(self) -> str:
        """What an outlook measures, in a sentence a player new to the coach can read
        (the review says it under its moves)."""
        ...

    def analyse(self, engine: Engine[Any, Any], view: Any, seat: int, budget: Budget, seed: int) -> Analysis:
        """The suggested move for ``seat`` (which decides in ``view``) first,
        then the other moves weighed, with the reason for the first."""
        ...

    def judge(self, engine: Engine[Any, Any], view: Any, seat: int, played: Any, budget: Budget,
              seed: int) -> Judgement | None:
        """How ``played`` compares with the computer's move (None when the
        computer would play it too)."""
        ...

    def agrees(self, engine: Engine[Any, Any], view: Any, seat: int, played: Any, seed: int) -> bool | None:
        """Cheaply: True if the computer plays ``played`` here too (nothing to
        judge), False if not, None when only :meth:`judge` can tell."""
        ...


def coach_for(engine: Engine[Any, Any]) -> Coach:
    """The game's coach; a game without one gets the generic
    :class:`PlayoutCoach`, which serves positions where nothing but the dice
    to come is hidden from the seat (and refuses the others)."""
    coach = engine.coach()
    if coach is not None:
        return coach  # type: ignore[no-any-return]
    return PlayoutCoach()


# ---------------------------------------------------------------------------
# the two calls
# ---------------------------------------------------------------------------
def hint(engine: Engine[Any, Any], position: Any, seat: int | None = None, seconds: float | None = HINT_SECONDS,
         cancel: CancelLike = None, *, effort: int | None = None, seed: int | None = None) -> Hint:
    """The move the computer suggests for ``seat`` and why.

    ``position`` is a :class:`~beegames.core.match.Match` or a state (a full
    state or a seat's view: only ``engine.view(state, seat)`` is used).
    ``seat`` defaults to the seat that decides; asking for another seat is a
    :class:`CoachError`, as is a finished game. Raises :class:`Cancelled`
    when ``cancel`` fires.

    ``seed`` defaults to the number of moves made, the seed :func:`review`
    gives the same decision, so that a review weighs a hint that was
    followed against the move the hint's own chooser would pick: the same
    move, which the review then does not list.
    """
    budget = Budget(seconds, cancel, effort)
    state, made = _state_of(position)
    if seed is None:
        seed = made
    decision = engine.decision(state)
    if engine.result(state) is not None:
        raise CoachError("The game is over: there is no move to suggest.")
    if decision is None:
        raise CoachError("No decision is waiting.")
    if seat is None:
        seat = decision.seat
    if decision.seat != seat:
        raise CoachError(f"It is not seat {seat + 1}'s decision now.")
    view = engine.view(state, seat)
    moves = engine.legal_moves(view)
    if not moves:
        raise CoachError("There is no legal move to suggest.")
    coach = coach_for(engine)
    budget.check()
    analysis = coach.analyse(engine, view, seat, budget, seed)
    budget.check()
    if not analysis.options:
        raise CoachError("The computer found no move to suggest.")
    first = analysis.options[0]
    return Hint(seat=seat, move=first.move, move_json=first.move_json, description=first.description,
                reason=analysis.reason, outlook=first.outlook, options=tuple(analysis.options),
                seconds=budget.elapsed(), complete=analysis.complete, moves_made=made, depth=analysis.depth)


def hints_allowed(match: Match[Any, Any]) -> bool:
    """Whether the players chose to allow hints in this match (the header
    records it; a new match allows them when at most one human plays)."""
    return bool(match.header.hints)


def why_no_hint(match: Match[Any, Any]) -> str | None:
    """None when a screen may ask for a hint now, else why not, in a
    sentence for the player: hints are off in this game, the game is over,
    nobody decides yet (automatic steps are due), or the computer decides."""
    if not hints_allowed(match):
        return "Hints are off in this game (chosen when it was started)."
    if match.over:
        return "The game is over: a review of it is available instead."
    decision = match.decision
    if decision is None:
        return "Nobody decides yet: the automatic steps come first."
    if not match.header.seats[decision.seat].is_human:
        return "The computer is deciding now."
    return None


def why_no_review(match: Match[Any, Any]) -> str | None:
    """None when a review may be asked (the game is over), else why not."""
    return None if match.over else "The review comes at the end of the game."


def review_seats(match: Match[Any, Any]) -> list[int]:
    """The seats a review of ``match`` judges when none is named: every human
    seat, or every seat when no human plays (``beegames review`` and the app
    both ask this)."""
    seats = match.header.seats
    return [i for i, seat in enumerate(seats) if seat.is_human] or list(range(len(seats)))


def review(match: Match[Any, Any], seat: int, seconds: float | None = REVIEW_SECONDS, cancel: CancelLike = None,
           *, effort: int | None = None, seed: int = 0, count: int = REVIEW_COUNT,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """The ``count`` moves of ``seat`` after which its outlook fell most,
    largest fall first (moves where the computer agrees are not listed).
    Falls beyond the noise of their play-outs come first; those within it
    are judged a second time with more play-outs, and any still within it
    follow the clear ones, marked (``ReviewItem.clear``).

    Each decision of ``seat`` in the history is judged from the seat's view
    of the position before it. ``seconds`` is the time for the whole review,
    shared among the decisions still to judge; when it runs out, the moves
    judged so far are reviewed (``Review.judged`` says how many).
    ``progress(done, total)`` is called after each decision. Raises
    :class:`CoachError` for an unfinished game or a seat that does not
    exist, :class:`Cancelled` when ``cancel`` fires.
    """
    from .match import Match as _Match

    engine = match.engine
    if match.result is None:
        raise CoachError("The game is not finished: a review comes at the end of a game.")
    if not 0 <= seat < len(match.header.seats):
        raise CoachError(f"There is no seat {seat + 1} in this game.")
    budget = Budget(seconds, cancel, effort)
    coach = coach_for(engine)
    start = match.checkpoint.moves if match.checkpoint is not None else 0
    replay = _Match.replay(engine, match.header, match.history[:start], checkpoint=match.checkpoint)
    # the seat's decisions with more than one choice, each with its view
    todo: list[tuple[int, Any, Any]] = []
    for ply in range(start, len(match.history)):
        entry = match.history[ply]
        budget.check()
        if entry.seat == seat:
            view = engine.view(replay.state, seat)
            if len(engine.legal_moves(view)) > 1:
                played = engine.move_from_json(entry.move)
                todo.append((ply, view, played))
        replay.play(engine.move_from_json(entry.move))
    total = len(todo)
    open_: list[tuple[int, Any, Any]] = []
    agreed = 0
    for ply, view, played in todo:
        budget.check()
        if budget.timed and budget.expired():
            break
        if coach.agrees(engine, view, seat, played, seed + ply) is True:
            agreed += 1
        else:
            open_.append((ply, view, played))
    judged = agreed
    if progress is not None:
        progress(judged, total)

    def item(ply: int, view: Any, played: Any, verdict: Judgement | None) -> ReviewItem | None:
        if verdict is None or verdict.alternative.value - verdict.after.value <= 0:
            return None
        return ReviewItem(
            ply=ply, seat=seat,
            played=Option(played, engine.move_to_json(played), engine.describe_move(view, played), verdict.after),
            computer=verdict.computer, before=verdict.before, after=verdict.after,
            alternative=verdict.alternative, difference=verdict.alternative.value - verdict.after.value,
            clear=verdict.clear)

    # every open decision, on its share of most of the time ...
    first = budget.part(REVIEW_FIRST_SHARE)
    found: dict[int, tuple[Any, Any, ReviewItem]] = {}
    for k, (ply, view, played) in enumerate(open_):
        budget.check()
        if first.timed and first.expired():
            break
        try:
            verdict = coach.judge(engine, view, seat, played, first.share(len(open_) - k), seed + ply)
        except _OutOfTime:
            break
        judged += 1
        if progress is not None:
            progress(judged, total)
        if (it := item(ply, view, played, verdict)) is not None:
            found[ply] = (view, played, it)
    # ... then the largest falls still within the noise again, on the rest
    # with more play-outs, so that noise does not fill the list
    doubtful = sorted((it for _v, _p, it in found.values() if not it.clear),
                      key=lambda it: (-it.difference, it.ply))[: 2 * count]
    more = budget.effort * REVIEW_CONFIRM_EFFORT if budget.effort is not None else None
    rest = budget.part(1.0, effort=more)
    for k, doubt in enumerate(doubtful):
        budget.check()
        if budget.timed and budget.expired():
            break
        view, played, _it = found[doubt.ply]
        try:
            verdict = coach.judge(engine, view, seat, played, rest.share(len(doubtful) - k), seed + doubt.ply)
        except _OutOfTime:
            break
        again = item(doubt.ply, view, played, verdict)
        if again is None:
            del found[doubt.ply]
        else:
            found[doubt.ply] = (view, played, again)
    budget.check()
    items = sorted((it for _v, _p, it in found.values()), key=lambda it: (not it.clear, -it.difference, it.ply))
    return Review(items[:count], seat=seat, moves=total, judged=judged, seconds=budget.elapsed(),
                  meaning=getattr(coach, "meaning", ""))


def _state_of(position: Any) -> tuple[Any, int]:
    from .match import Match as _Match

    if isinstance(position, _Match):
        return position.state, len(position.history)
    return position, 0


# ---------------------------------------------------------------------------
# play-outs: the coach of games without an evaluation
# ---------------------------------------------------------------------------
class _OutOfTime(Exception):
    """Internal: a play-out stopped at the deadline (its result is dropped)."""


def seat_result(result: GameResult, seat: int) -> tuple[float, bool]:
    """The seat's final score (1 for a win, 0 otherwise, in games without
    scores) and whether it won."""
    won = seat in result.winners
    if result.scores is not None and seat < len(result.scores):
        return float(result.scores[seat]), won
    return (1.0 if won else 0.5 if result.draw else 0.0), won


@dataclass(frozen=True)
class Outcome:
    """What one play-out gave the seat: the score the outlook counts,
    whether the seat won, and whether it was out of the running whatever
    its score (a game whose rules bar a seat from winning, as Bee Lives
    bars a colony that died)."""

    score: float
    won: bool
    out: bool = False


class _Restricted:
    """An engine whose legal moves leave some moves out (the rest is the
    real engine): asking a player again gives its next choice."""

    def __init__(self, engine: Engine[Any, Any], leave_out: list[Any]) -> None:
        self._engine = engine
        self._leave_out = leave_out

    def legal_moves(self, state: Any) -> list[Any]:
        moves = self._engine.legal_moves(state)
        kept = [m for m in moves if m not in self._leave_out]
        return kept or moves

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


@dataclass
class _Samples:
    """Play-out results of one move, by the seed of the determinization."""

    scores: dict[int, float] = field(default_factory=dict)
    wins: dict[int, bool] = field(default_factory=dict)
    outs: dict[int, bool] = field(default_factory=dict)

    def add(self, key: int, outcome: Outcome) -> None:
        self.scores[key] = outcome.score
        self.wins[key] = outcome.won
        self.outs[key] = outcome.out

    def outlook(self, unit: str, digits: int = 1, out_words: str = "") -> Outlook | None:
        """The mean of the play-outs; ``out_words`` (a phrase with ``{n}``
        and ``{of}``) says how many of them left the seat out of the running."""
        if not self.scores:
            return None
        n = len(self.scores)
        return Outlook(sum(self.scores.values()) / n, "score", n, unit, sum(self.wins.values()) / n, digits,
                       sum(self.outs.values()), out_words)


def paired(a: _Samples, b: _Samples) -> tuple[float, float, int]:
    """Mean and standard error of ``a - b`` over the play-outs both had
    (the same sampled positions and dice), and how many there were."""
    common = sorted(set(a.scores) & set(b.scores))
    n = len(common)
    if n == 0:
        return 0.0, math.inf, 0
    diffs = [a.scores[k] - b.scores[k] for k in common]
    mean = sum(diffs) / n
    if n == 1:
        return mean, math.inf, 1
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n), n


def clearly_better(a: _Samples, b: _Samples) -> bool:
    """True when ``a`` beats ``b`` by more than two standard errors over at
    least three shared play-outs."""
    mean, se, n = paired(a, b)
    return n >= 3 and mean > 0 and (mean > 2 * se or (se == 0 and mean > 0))


class PlayoutCoach:
    """The coach of a game without an evaluation: the outlook of a move is
    the seat's mean final score over play-outs, every seat played by the
    game's strongest computer player, from determinized copies of the view.

    The moves weighed are the player's own choice, the choice of the next
    weaker level and the player's next choices (asked again with the moves
    already weighed left out), at most :attr:`candidates` of them. Each play-out seed
    gives one sampled position shared by every move weighed (common random
    numbers), so two moves are compared on the same cards and dice. The
    player's own choice stays the hint unless another move beats it clearly
    (:func:`clearly_better`).

    Games override :meth:`determinize` (what the seat cannot see),
    :meth:`words` (the reason in the game's own terms) and the attributes.
    """

    #: the level that suggests moves and plays the play-outs
    level: str = "good"
    #: a weaker level whose choice is also weighed (None: none)
    second_level: str | None = "basic"
    #: how many moves are weighed at most
    candidates: int = 3
    #: how the game calls its score
    unit: str = "points"
    #: decimals of a score in a reason
    digits: int = 1
    #: play-outs per move when neither time nor effort limits them
    max_samples: int = 32
    #: how an outlook says that some play-outs left the seat out of the
    #: running (a phrase with ``{n}`` and ``{of}``; see :meth:`outcome`)
    out_words: str = ""
    #: how a hint's sentence on such play-outs starts, and what it adds
    #: after naming them (see :meth:`_risks`)
    out_lead: str = "The seat is out of the running in"
    out_note: str = ""
    #: what :attr:`meaning` adds about play-outs that count differently (in brackets after it)
    meaning_note: str = ""

    @property
    def meaning(self) -> str:
        """What the outlook measures: the mean final score over play-outs, in the game's unit."""
        note = f" ({self.meaning_note})" if self.meaning_note else ""
        return (f"Outlook: the {self.unit} the computer expects the player to end with, averaged over games "
                f"it plays to the end from there{note}.")

    # -- hooks ----------------------------------------------------------------
    def determinize(self, engine: Engine[Any, Any], view: Any, seat: int, rng: random.Random) -> Any:
        """A complete position consistent with ``view``: every item the seat
        cannot see sampled from what it can, and a fresh generator. The
        default serves games with nothing hidden but the generator."""
        from .rng import RngState

        if any(not item.visible_to(seat) for item in engine.hidden_items(view)):
            raise CoachError(f"{engine.title} hides things its coach cannot sample yet.")
        if getattr(view, "rng", None) is None:
            return view
        return view.model_copy(update={"rng": RngState.from_seed(rng.randrange(1 << 62))})

    def chooser(self, engine: Engine[Any, Any], seed: int) -> ComputerPlayer:
        """The player whose choice is the hint."""
        return engine.make_player(self._level(engine, self.level), seed)

    def rollout_player(self, engine: Engine[Any, Any], seed: int) -> ComputerPlayer:
        """The player of every seat in a play-out."""
        return engine.make_player(self._level(engine, self.level), seed)

    def words(self, engine: Engine[Any, Any], view: Any, seat: int, move: Any, player: Any) -> str:
        """What the move is for, in the game's own terms (one sentence, or
        empty); ``player`` is the :meth:`chooser` that chose it."""
        return ""

    def outcome(self, engine: Engine[Any, Any], state: Any, result: GameResult, seat: int) -> Outcome:
        """What a finished play-out counts for the seat: by default its final
        score and whether it won (:func:`seat_result`). A game whose rules
        can bar a seat from winning whatever its score marks such a
        play-out ``out``, and may count it lower (Bee Lives: a dead colony
        counts 0 VP; Waggle Dance's solo game keeps the honey)."""
        score, won = seat_result(result, seat)
        return Outcome(score, won)

    # -- the protocol ---------------------------------------------------------------
    def analyse(self, engine: Engine[Any, Any], view: Any, seat: int, budget: Budget, seed: int) -> Analysis:
        moves = engine.legal_moves(view)
        player = self.chooser(engine, seed)
        first = player.choose(engine, view)
        budget.check()
        words = self.words(engine, view, seat, first, player)
        if len(moves) == 1:
            only = "It is the only choice here."
            return Analysis([self._option(engine, view, first, None)],
                            with_detail(words, only) if words else only)
        cands = self._candidates(engine, view, moves, first, player, seed)
        samples = self._estimate(engine, view, seat, cands, budget, seed)
        looks = [self._outlook(smp) for smp in samples]
        # the player's own choice, unless the best mean beats it clearly
        top = max(range(len(cands)), key=lambda k: (looks[k] or _NO_OUTLOOK).value)
        best = top if top != 0 and clearly_better(samples[top], samples[0]) else 0
        order = [best] + sorted((k for k in range(len(cands)) if k != best),
                                key=lambda k: -(looks[k] or _NO_OUTLOOK).value)
        options = [self._option(engine, view, cands[k], looks[k]) for k in order]
        # the headline: what the move is for (the game's words), else the play-outs' verdict in short
        if best == 0:
            figures = self._figures(options[0], options[1], samples[0], samples[order[1]])
            head = words or self._verdict(options[0], options[1], samples[0], samples[order[1]]) or figures
        else:
            own = self._option(engine, view, first, looks[0])
            figures = self._overruled(options[0], own, samples[best], samples[0])
            look = options[0].outlook
            assert look is not None
            head = f"The play-outs favour it over the computer's first idea ({self.amount(look.value)} expected)."
        details = _join(figures, self._risks(options))
        reason = with_detail(head, "" if details == head else details)
        wanted = budget.effort if budget.effort is not None else 1
        complete = all(len(smp.scores) >= wanted for smp in samples)
        return Analysis(options, reason, complete)

    def _option(self, engine: Engine[Any, Any], view: Any, move: Any, look: Outlook | None) -> Option:
        return Option(move, engine.move_to_json(move), engine.describe_move(view, move), look)

    def _figures(self, hint_: Option, other: Option, mine: _Samples, theirs: _Samples) -> str:
        """The reason's figures: the hint's expected score against the next move weighed."""
        a, b = hint_.outlook, other.outlook
        if a is None:
            return "There was no time to play the game out from here."
        if b is None:
            return f"Expected final score about {self.amount(a.value)} ({_playouts(a.samples)})."
        mean, se, n = paired(mine, theirs)
        figures = f"{self.amount(a.value)} expected against {self.amount(b.value)} ({_playouts(n)} each)"
        if n >= 3 and mean > 0 and mean > 2 * se:
            return f"Better than {_bare(other.description)}: {figures}."
        # (the same figure written twice reads as no difference, whichever mean is higher)
        same = self.amount(a.value) == self.amount(b.value)
        if not same and b.value > a.value:
            # the other move did better in the play-outs, by less than their noise
            return (f"{_bare(other.description)} scored more in the play-outs, {self.amount(b.value)} "
                    f"expected against {self.amount(a.value)} ({_playouts(n)} each), but they varied too "
                    "much for that to be sure, so the hint keeps the computer's own choice.")
        if not same and a.value > b.value:
            # ahead, by less than the noise: say which way the figures lean, and that it is not sure
            return (f"Ahead of {_bare(other.description)} in the play-outs, {figures}, "
                    "but by less than their spread, so not for sure.")
        return f"No clear difference from {_bare(other.description)}: {figures}."

    def _verdict(self, hint_: Option, other: Option, mine: _Samples, theirs: _Samples) -> str:
        """The play-outs' verdict on the computer's own choice in one short sentence, for a
        reason's headline (empty when :meth:`_figures` is short already: no comparison)."""
        a, b = hint_.outlook, other.outlook
        if a is None or b is None:
            return ""
        mean, se, n = paired(mine, theirs)
        if n >= 3 and mean > 0 and mean > 2 * se:
            return f"It did best in the play-outs: {self.amount(a.value)} expected."
        return f"The computer's choice, {self.amount(a.value)} expected; no move weighed did clearly better."

    def _overruled(self, hint_: Option, own: Option, mine: _Samples, theirs: _Samples) -> str:
        """The reason when play-outs overrule the player's own first choice."""
        a, b = hint_.outlook, own.outlook
        assert a is not None and b is not None
        _mean, _se, n = paired(mine, theirs)
        return (f"The play-outs favour it over the computer's first idea, {_bare(own.description)}: "
                f"{self.amount(a.value)} expected against {self.amount(b.value)} ({_playouts(n)} each).")

    def _risks(self, options: Sequence[Option]) -> str:
        """One sentence on the play-outs that left the seat out of the
        running after each move weighed, the hint first (empty when none
        did): :attr:`out_lead`, then "6 of 32 play-outs after it; 4 after
        …", then :attr:`out_note`."""
        looks = [o.outlook for o in options]
        if len(options) > 1 and all(look is not None and look.samples and look.outs == look.samples
                                    for look in looks):
            # every play-out of every move weighed: one clause says it
            counts = {look.samples for look in looks if look is not None}
            each = f"all {counts.pop()} play-outs" if len(counts) == 1 else "every play-out"
            return f"{self.out_lead} {each} after every move weighed{self.out_note}."
        parts: list[str] = []
        total = 0
        for k, option in enumerate(options):
            look = option.outlook
            if look is None or not look.outs:
                continue
            of = f" of {look.samples} play-out{'s' if look.samples != 1 else ''}" if look.samples != total else ""
            total = look.samples
            parts.append(f"{look.outs}{of} after {'it' if k == 0 else _bare(option.description)}")
        if not parts:
            return ""
        return f"{self.out_lead} {'; '.join(parts)}{self.out_note}."

    def _outlook(self, samples: _Samples) -> Outlook | None:
        return samples.outlook(self.unit, self.digits, self.out_words)

    def amount(self, value: float) -> str:
        """A score in the game's unit, as the reasons write it."""
        return f"{value:.{self.digits}f} {self.unit}"

    def agrees(self, engine: Engine[Any, Any], view: Any, seat: int, played: Any, seed: int) -> bool | None:
        return bool(self._choice(engine, view, seed) == played)

    def _choice(self, engine: Engine[Any, Any], view: Any, seed: int) -> Any:
        """The player's choice on ``view``, remembered while this coach lives
        (a review asks :meth:`agrees` of every view, then :meth:`judge`)."""
        memo: dict[int, tuple[Any, int, Any]] = self.__dict__.setdefault("_choices", {})
        known = memo.get(id(view))
        if known is not None and known[0] is view and known[1] == seed:
            return known[2]
        move = self.chooser(engine, seed).choose(engine, view)
        memo[id(view)] = (view, seed, move)  # (the view is kept, so its id stays its own)
        return move

    def judge(self, engine: Engine[Any, Any], view: Any, seat: int, played: Any, budget: Budget,
              seed: int) -> Judgement | None:
        first = self._choice(engine, view, seed)
        if first == played:
            return None
        samples = self._estimate(engine, view, seat, [first, played], budget, seed)
        alt, after = self._outlook(samples[0]), self._outlook(samples[1])
        if alt is None or after is None:
            raise _OutOfTime
        common = set(samples[0].scores) & set(samples[1].scores)
        if not common:
            raise _OutOfTime
        computer = self._option(engine, view, first, alt)
        return Judgement(before=alt, after=after, computer=computer, alternative=alt,
                         clear=clearly_better(samples[0], samples[1]))

    # -- the work ---------------------------------------------------------------------
    def _level(self, engine: Engine[Any, Any], level: str) -> str:
        return level if level in engine.levels else engine.levels[-1]

    def _candidates(self, engine: Engine[Any, Any], view: Any, moves: list[Any], first: Any,
                    player: ComputerPlayer, seed: int) -> list[Any]:
        if len(moves) <= self.candidates:
            return [first] + [m for m in moves if m != first]
        cands = [first]
        if self.second_level and self.second_level in engine.levels:
            other = engine.make_player(self.second_level, seed).choose(engine, view)
            if other not in cands:
                cands.append(other)
        while len(cands) < self.candidates:
            nxt = player.choose(_Restricted(engine, cands), view)
            if nxt in cands:
                break
            cands.append(nxt)
        if len(cands) < self.candidates:
            rest = [m for m in moves if m not in cands]
            random.Random(seed).shuffle(rest)
            cands += rest[: self.candidates - len(cands)]
        return cands

    def _estimate(self, engine: Engine[Any, Any], view: Any, seat: int, cands: list[Any], budget: Budget,
                  seed: int) -> list[_Samples]:
        """Play-outs round by round: each round one determinization, every
        move from it, until the effort is spent or the time is up."""
        samples = [_Samples() for _ in cands]
        if len(cands) == 1 and budget.effort is None:
            rounds = 1
        else:
            rounds = budget.effort if budget.effort is not None else self.max_samples
        seeds = random.Random(seed)
        for r in range(rounds):
            sd = seeds.randrange(1 << 30)
            # the first round may use the time of the whole call (a share of a review)
            if budget.timed and (budget.overdue() if r == 0 else budget.expired()):
                break
            world = self.determinize(engine, view, seat, random.Random(sd))
            for k, move in enumerate(cands):
                try:
                    outcome = self._play_out(engine, world, seat, move, sd, budget, first=r == 0)
                except _OutOfTime:
                    return samples
                samples[k].add(r, outcome)
        return samples

    def _play_out(self, engine: Engine[Any, Any], world: Any, seat: int, move: Any, seed: int,
                  budget: Budget, first: bool = False) -> Outcome:
        """Play ``move`` in ``world`` and the game to its end; what it gave
        the seat (:meth:`outcome`). ``first``: a play-out of the first round, which stops only
        at the deadline of the whole call."""
        state = engine.advance(engine.apply(world, move))
        players: dict[int, ComputerPlayer] = {}
        limit = engine.default_max_decisions or 100_000
        for _ in range(limit):
            budget.check()
            if budget.overdue() if first else budget.expired():
                raise _OutOfTime
            decision = engine.decision(state)
            if decision is None:
                result = engine.result(state)
                if result is not None:
                    return self.outcome(engine, state, result, seat)
                nxt = engine.step(state)
                if nxt is None:
                    raise RuntimeError("a play-out reached a position with no decision, step or result")
                state = nxt
                continue
            player = players.get(decision.seat)
            if player is None:
                player = players[decision.seat] = self.rollout_player(engine, seed * 7 + decision.seat)
            # the sampled position is every seat's world: there is nothing real left to hide
            state = engine.apply(state, player.choose(engine, state))
        raise RuntimeError("a play-out did not end")


_NO_OUTLOOK = Outlook(-math.inf, "score")


def _playouts(n: int) -> str:
    return f"{n} play-out" + ("" if n == 1 else "s")


def _bare(description: str) -> str:
    """A move's description inside a sentence: quoted, without its full stop (a game may describe a move
    as a whole sentence, "Amber raids the ACORN wild hive", which reads wrongly after "ahead of")."""
    return f"“{description.strip().rstrip('.')}”"


def _join_clauses(*clauses: str) -> str:
    return "; ".join(c for c in clauses if c)


def _join(*sentences: str) -> str:
    return " ".join(s.strip() for s in sentences if s and s.strip())


__all__ = [
    "HINT_SECONDS",
    "REVIEW_COUNT",
    "REVIEW_SECONDS",
    "Analysis",
    "Budget",
    "Cancelled",
    "Coach",
    "CoachError",
    "Hint",
    "Judgement",
    "Option",
    "Outcome",
    "Outlook",
    "PlayoutCoach",
    "Review",
    "ReviewItem",
    "coach_for",
    "hint",
    "hints_allowed",
    "review",
    "seat_result",
    "why_no_hint",
    "why_no_review",
]
