"""The coach's kernel (``core/coach.py``) on the toy dice game: hints and
reviews from play-outs, time and effort, cancelling, refusals, and the
match header's ``hints`` choice."""

from __future__ import annotations

import threading

import pytest

from beegames.core import coach
from beegames.core.coach import Budget, Cancelled, CoachError
from beegames.core.match import Match, MatchHeader, default_hints
from beegames.core.protocol import SeatInfo
from beegames.core.saves import load_save, to_document, write_save
from beegames.core.state import detail, headline
from beegames.games import get_engine

SEATS = [SeatInfo(name="Ana"), SeatInfo(name="Ben", kind="computer", level="random")]


def pig_match(pig, moves: int = 6, secret: bool = False, seed: int = 3) -> Match:
    """A toy game after ``moves`` random moves (and then on to the next
    decision with a choice, unless the game ends first)."""
    m = Match.new(pig, options={"target": 15, "secret": secret}, seats=SEATS, seed=seed)
    player = pig.make_player("random", 1)
    made = 0
    while not m.over and (made < moves or len(m.legal_moves()) < 2):
        m.play(player.choose(pig, pig.view(m.state, m.decision.seat)))
        made += 1
    return m


def finished(pig, seed: int = 3) -> Match:
    m = pig_match(pig, moves=10_000, seed=seed)
    assert m.over
    return m


def test_a_hint_is_a_legal_move_with_a_reason_and_repeats_with_a_fixed_effort(pig):
    m = pig_match(pig)
    a = coach.hint(pig, m, seconds=None, effort=6, seed=2)
    b = coach.hint(pig, m, seconds=None, effort=6, seed=2)
    assert a.move in m.legal_moves() and a.seat == m.decision.seat
    assert a.move_json == pig.move_to_json(a.move) and a.description == pig.describe_move(m.state, a.move)
    # a short headline (the main reason), then the figures as its details (as a log line's)
    head, more = headline(a.reason), detail(a.reason)
    assert head and len(head) <= 90 and "play-outs" in more and "play-out" not in head
    assert (a.move, a.reason, a.options) == (b.move, b.reason, b.options)
    assert a.outlook is not None and a.outlook.measure == "score" and a.outlook.samples == 6
    assert a.complete and a.moves_made == len(m.history)
    # every move weighed, the hint first, each with its outlook
    assert a.options[0].move == a.move and {o.move for o in a.options} == set(m.legal_moves())


def test_the_hint_never_changes_the_match(pig):
    m = pig_match(pig)
    before = (m.state.model_dump(), list(m.history))
    coach.hint(pig, m, seconds=None, effort=3)
    assert (m.state.model_dump(), list(m.history)) == before


def test_a_hint_for_another_seat_or_a_finished_game_is_refused(pig):
    m = pig_match(pig)
    other = 1 - m.decision.seat
    with pytest.raises(CoachError, match="not seat"):
        coach.hint(pig, m, seat=other, effort=1, seconds=None)
    done = finished(pig)
    with pytest.raises(CoachError, match="over"):
        coach.hint(pig, done, effort=1, seconds=None)


def test_hidden_things_the_generic_coach_cannot_sample_are_refused(pig):
    m = pig_match(pig, secret=True)
    with pytest.raises(CoachError, match="cannot sample"):
        coach.hint(pig, m, effort=1, seconds=None)


def test_cancelling_stops_a_hint(pig):
    m = pig_match(pig)
    calls = {"n": 0}

    def cancel() -> bool:  # fires once the play-outs are under way
        calls["n"] += 1
        return calls["n"] > 5

    with pytest.raises(Cancelled):
        coach.hint(pig, m, seconds=None, effort=1000, cancel=cancel)
    event = threading.Event()
    event.set()
    with pytest.raises(Cancelled):
        coach.hint(pig, m, seconds=None, effort=1000, cancel=event)


def test_a_budget_needs_a_limit_and_shares_its_time():
    with pytest.raises(ValueError):
        Budget(None)
    now = [0.0]
    budget = Budget(10.0, clock=lambda: now[0])
    now[0] = 4.0
    part = budget.share(3)
    assert part.deadline == pytest.approx(6.0) and not part.expired()
    now[0] = 6.0
    assert part.expired() and part.stop() and not budget.expired()
    with pytest.raises(TypeError):
        Budget(1.0, cancel=42)


def test_a_time_limit_is_honoured_between_play_outs(pig):
    """No time at all: the hint still comes, from the player's choice, and
    says the play-outs did not fit."""
    m = pig_match(pig)
    found = coach.hint(pig, m, seconds=0.0)
    assert found.move in m.legal_moves()
    assert not found.complete and "no time" in found.reason


def test_a_review_lists_the_seats_worst_moves_largest_fall_first(pig):
    m = finished(pig)
    got = coach.review(m, 0, seconds=None, effort=4)
    assert got.seat == 0 and got.complete and got.judged == got.moves > 0
    assert len(got) <= 3
    order = [(not it.clear, -it.difference) for it in got]
    assert order == sorted(order)  # the clear falls first, each group largest first
    for it in got:
        entry = m.history[it.ply]
        assert entry.seat == 0 and it.played.move_json == entry.move
        assert it.computer.move != it.played.move and it.difference > 0
        assert it.difference == pytest.approx(it.alternative.value - it.after.value)
        assert it.text().startswith(f"Move {it.ply + 1}: played ")
    again = coach.review(m, 0, seconds=None, effort=4)
    assert [(it.ply, it.difference) for it in again] == [(it.ply, it.difference) for it in got]


def test_a_review_needs_a_finished_game_and_a_seat(pig):
    with pytest.raises(CoachError, match="not finished"):
        coach.review(pig_match(pig), 0, effort=1, seconds=None)
    with pytest.raises(CoachError, match="no seat 3"):
        coach.review(finished(pig), 2, effort=1, seconds=None)


def test_a_review_reports_progress_and_can_be_cancelled(pig):
    m = finished(pig)
    seen: list[tuple[int, int]] = []
    coach.review(m, 1, seconds=None, effort=1, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] and all(a <= b for a, b in seen)
    calls = {"n": 0}

    def cancel() -> bool:
        calls["n"] += 1
        return calls["n"] > 10

    with pytest.raises(Cancelled):
        coach.review(m, 0, seconds=None, effort=50, cancel=cancel)


# -- the match header's choice ------------------------------------------------------------------
def test_hints_are_on_with_at_most_one_human_and_off_between_humans():
    hive = get_engine("hive")
    assert Match.new(hive, seats=[SeatInfo(name="A"), SeatInfo(name="B", kind="computer")]).header.hints
    assert not Match.new(hive, seats=[SeatInfo(name="A"), SeatInfo(name="B")]).header.hints
    assert Match.new(hive, seats=[SeatInfo(name="A"), SeatInfo(name="B")], hints=True).header.hints
    bl = get_engine("bee-lives")
    assert Match.new(bl, seats=[SeatInfo(name="Solo")]).header.hints
    assert default_hints([{"name": "a", "kind": "computer"}, {"name": "b", "kind": "computer"}])


def test_the_save_records_the_choice_and_old_saves_default_from_the_seats(tmp_path):
    hive = get_engine("hive")
    m = Match.new(hive, seats=[SeatInfo(name="A"), SeatInfo(name="B")], hints=True)
    path = write_save(m, tmp_path / "h.json")
    assert load_save(path, get_engine).header.hints is True
    doc = to_document(m).model_dump(mode="json")
    del doc["hints"]  # a save written before the choice was recorded
    import json

    (tmp_path / "old.json").write_text(json.dumps(doc), encoding="utf-8")
    assert load_save(tmp_path / "old.json", get_engine).header.hints is False  # two humans
    header = MatchHeader(game="hive", options={}, seats=[SeatInfo(name="A"), SeatInfo(name="B", kind="computer")],
                         seed=1)
    assert header.hints and coach.hints_allowed(Match(hive, header))


def test_a_screen_is_told_when_a_hint_or_a_review_may_be_asked(pig):
    m = pig_match(pig)
    assert m.header.hints  # one human at the table
    if not m.header.seats[m.decision.seat].is_human:
        assert coach.why_no_hint(m) == "The computer is deciding now."
    else:
        assert coach.why_no_hint(m) is None
    assert coach.why_no_review(m) == "The review comes at the end of the game."
    done = finished(pig)
    assert coach.why_no_hint(done).startswith("The game is over") and coach.why_no_review(done) is None
    done.header.hints = False
    assert coach.why_no_hint(done).startswith("Hints are off")


def _samples(scores: list[float]) -> coach._Samples:
    s = coach._Samples()
    for k, score in enumerate(scores):
        s.add(k, coach.Outcome(score, False))
    return s


@pytest.mark.parametrize(("mine", "theirs", "start"), [
    ([30, 31, 32, 33], [20, 21, 22, 23], "Better than “Bank it”: 31.5 points expected against 21.5 points"),
    ([20, 30, 24, 24], [22, 26, 25, 27], "“Bank it” scored more in the play-outs, 25.0 points expected against "
                                         "24.5 points (4 play-outs each), but they varied too much for that to "
                                         "be sure, so the hint keeps the computer's own choice"),
    ([25, 26, 25, 26], [26, 25, 24, 25], "Ahead of “Bank it” in the play-outs, 25.5 points expected against 25.0 "
                                         "points (4 play-outs each), but by less than their spread, so not for sure"),
    ([25, 26, 25, 26], [26, 25, 26, 25], "No clear difference from “Bank it”: 25.5 points expected against 25.5"),
    ([30, 20, 25, 25], [20, 30, 25, 25.04], "No clear difference from “Bank it”: 25.0 points expected against 25.0"),
])
def test_a_hint_s_figures_say_which_move_scored_more(mine, theirs, start):
    """The reason never calls the hint's figures better than they are: when
    the other move scored more by less than the noise, it says so."""
    playout = coach.PlayoutCoach()
    a, b = _samples(mine), _samples(theirs)
    hint = coach.Option(None, None, "Roll again.", a.outlook("points"))
    other = coach.Option(None, None, "Bank it.", b.outlook("points"))
    text = playout._figures(hint, other, a, b)
    assert text.startswith(start)


class _ScriptedCoach:
    """A coach whose verdicts are given: by the move's index in the history,
    the fall it finds and whether it is clear, on the first look and on a
    second look with more play-outs."""

    def __init__(self, first: dict[int, tuple[float, bool]], second: dict[int, tuple[float, bool]]) -> None:
        self.first, self.second = first, second
        self.looks: list[tuple[int, int | None]] = []

    def agrees(self, engine, view, seat, played, seed):
        return False

    def judge(self, engine, view, seat, played, budget, seed):
        ply = seed  # the review passes seed + ply, with seed 0
        self.looks.append((ply, budget.effort))
        table = self.first if budget.effort == 1 else self.second
        if ply not in table:
            return None
        fall, clear = table[ply]
        like = coach.Outlook(10.0, "score", samples=budget.effort or 1)
        computer = coach.Option(None, None, "Bank it.", like)
        return coach.Judgement(before=like, after=coach.Outlook(10.0 - fall, "score", samples=budget.effort or 1),
                               computer=computer, alternative=like, clear=clear)


def test_a_review_looks_again_at_falls_within_the_noise_and_lists_clear_ones_first(pig, monkeypatch):
    """Falls within the noise of their play-outs get a second look with more
    play-outs; those still within it come after the clear ones, and say so;
    one that vanishes on the second look is not listed."""
    m = finished(pig)
    probe = _ScriptedCoach({}, {})
    monkeypatch.setattr(coach, "coach_for", lambda engine: probe)
    coach.review(m, 0, seconds=None, effort=1)
    plies = [ply for ply, _effort in probe.looks]  # the seat's decisions with a choice
    assert len(plies) >= 4
    a, b, c, d = plies[:4]
    scripted = _ScriptedCoach(first={a: (9.0, False), b: (7.0, False), c: (2.0, True), d: (5.0, False)},
                              second={a: (8.0, False), b: (0.0, False), d: (4.0, True)})
    monkeypatch.setattr(coach, "coach_for", lambda engine: scripted)
    got = coach.review(m, 0, seconds=None, effort=1)
    # the second look went to the doubtful falls only, with four times the play-outs
    assert sorted(ply for ply, effort in scripted.looks if effort == 4) == sorted([a, b, d])
    assert [(it.ply, it.clear) for it in got] == [(d, True), (c, True), (a, False)]
    assert "(4 play-outs each; within their noise)" in got[2].text() and "noise" not in got[0].text()


def test_a_review_says_when_the_computer_s_move_reads_the_same_as_the_one_played():
    like = coach.Outlook(10.0, "score", samples=4)
    same = coach.ReviewItem(ply=4, seat=0, played=coach.Option(1, 1, "Place the tile here.", like),
                            computer=coach.Option(2, 2, "Place the tile here.", like), before=like, after=like,
                            alternative=like, difference=3.0)
    assert "the computer would play another move of the same kind (“Place the tile here”)" in same.text()
    one = coach.Outlook(10.0, "score", samples=1)
    three_more = coach.Outlook(13.0, "score", samples=1)
    doubtful = coach.ReviewItem(ply=4, seat=0, played=coach.Option(1, 1, "Roll.", one),
                                computer=coach.Option(2, 2, "Bank.", three_more), before=one, after=one,
                                alternative=three_more, difference=3.0, clear=False)
    assert doubtful.text().endswith("3.0 points lost (1 play-out each; too few to be sure).")


def test_a_review_s_loss_is_the_difference_of_the_figures_it_shows():
    """164 and 151 written beside it, the loss reads 13, not the 12.2 of the unrounded means."""
    after = coach.Outlook(151.4, "score", samples=7, digits=0)
    alternative = coach.Outlook(163.6, "score", samples=7, digits=0)
    item = coach.ReviewItem(ply=99, seat=0, played=coach.Option(1, 1, "Place it.", after),
                            computer=coach.Option(2, 2, "Sell.", alternative), before=alternative, after=after,
                            alternative=alternative, difference=12.2)
    assert "164 points before, 151 points after (with the computer's move 164 points): 13 points lost" in item.text()
    win_after, win_alt = coach.Outlook(0.304, "win", samples=9), coach.Outlook(0.416, "win", samples=9)
    assert coach.difference_text(win_after, win_alt) == "12 percentage points of win chance lost"


def test_a_review_does_not_blame_a_followed_hint(pig):
    """A player who follows every hint is not told that those moves lost
    points: the hint and the review ask the same chooser the same question
    (the hint's seed is the number of moves made, the review's seed for
    that decision), so the review finds the hint was the computer's move."""
    m = Match.new(pig, options={"target": 15}, seats=SEATS, seed=5)
    other = pig.make_player("random", 1)
    hinted: set[int] = set()
    while not m.over:
        if m.decision.seat == 0 and len(m.legal_moves()) > 1:
            hinted.add(len(m.history))
            m.play(coach.hint(pig, m, seconds=None, effort=4).move)
        else:
            m.play(other.choose(pig, pig.view(m.state, m.decision.seat)))
    assert len(hinted) >= 5
    got = coach.review(m, 0, seconds=None, effort=4)
    assert got.judged == got.moves and not [it.ply for it in got if it.ply in hinted]


def test_a_review_judges_every_human_seat_or_every_seat_when_none_plays():
    """``beegames review`` and the app's review ask the same question (QA shell.md #9)."""
    def seats(*kinds: str) -> list[int]:
        match = Match.new(get_engine("hive"), seats=[SeatInfo(name=f"P{i}", kind=k, level="easy")
                                                     for i, k in enumerate(kinds)])
        return coach.review_seats(match)

    assert seats("human", "computer") == [0] and seats("computer", "human") == [1]
    assert seats("human", "human") == [0, 1] and seats("computer", "computer") == [0, 1]
