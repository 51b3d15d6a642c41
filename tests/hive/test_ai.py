"""Computer players: wins in one and two, time limits, memory across moves,
the levels, and the evaluation's terms.

No test reads the real clock: every searcher here runs on a fake clock that
moves a fixed step each time it is read, so time limits are checked without
depending on the machine's speed.
"""

from __future__ import annotations

import random

import pytest

from beegames.games.hive import ai
from beegames.games.hive.board import BLACK_WINS, IN_PROGRESS, WHITE_WINS, Board, cell_of
from beegames.games.hive.engine import HiveEngine
from beegames.games.hive.evaluation import WIN, Weights, make_evaluate, make_quick
from beegames.games.hive.notation import move_to_string
from beegames.games.hive.pieces import ID_OF
from beegames.games.hive.search import Searcher
from beegames.games.hive.state import HiveState, board_from_state, cells_of
from hive.helpers import make_board, make_state

WIN1 = {(0, 0): "bQ", (1, 0): "wQ", (0, 1): "wS1", (-1, 1): "wS2", (-1, 0): "bS1", (0, -1): "bS2", (2, -1): "wA1"}
# Black's queen is covered by a white beetle, so Black can only pass;
# two spaces around it are empty: White wins in two moves, not in one.
WIN2 = {
    (0, 0): ["bQ", "wB1"], (1, 0): "wS1", (0, 1): "wS2", (-1, 1): "wG1", (-1, 0): "wG2",
    (2, 0): "wA1", (-2, 1): "wA2", (0, 2): "wQ",
}
# As WIN2, but Black has a beetle of its own that can move.
WIN2B = {**WIN2, (0, 3): "bB1"}


class FakeClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float = 0.02) -> None:
        self.now = 1000.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def searcher(step: float = 0.05, seed: int = 0) -> Searcher:
    return Searcher(seed=seed, clock=FakeClock(step))


def _forced_win_after(board: Board, move) -> bool:
    """Brute force: after ``move`` every reply leaves White a winning move."""
    board.play(*move)
    try:
        if board.status == WHITE_WINS:
            return True
        if board.status != IN_PROGRESS:
            return False
        for reply in board.legal_moves():
            board.play(*reply)
            try:
                if board.status == WHITE_WINS:
                    continue
                if board.status != IN_PROGRESS:
                    return False
                found = False
                for m in board.legal_moves():
                    board.play(*m)
                    found = board.status == WHITE_WINS
                    board.undo()
                    if found:
                        break
                if not found:
                    return False
            finally:
                board.undo()
        return True
    finally:
        board.undo()


def midgame(seed: int = 5, plies: int = 16, expansions: str = "MLP") -> Board:
    b = Board(expansions)
    rng = random.Random(seed)
    while b.ply < plies:
        b.play(*rng.choice(b.legal_moves()))
        assert b.status == IN_PROGRESS
    return b


# -- exact wins ----------------------------------------------------------------


@pytest.mark.parametrize("level", ["greedy", "easy", "medium", "hard"])
def test_every_level_takes_a_win_in_one(level):
    b = make_board(WIN1, expansions="")
    m = ai.choose_move(b, level, random.Random(1), searcher=searcher())
    b.play(*m)
    assert b.status == WHITE_WINS


@pytest.mark.parametrize("cells", [WIN2, WIN2B])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_forced_win_in_two(level, cells):
    b = make_board(cells, expansions="")
    assert ai.winning_move(b) is None
    m = ai.choose_move(b, level, random.Random(2), searcher=searcher())
    assert _forced_win_after(b, m)


@pytest.mark.parametrize("cells", [WIN2, WIN2B])
def test_the_search_alone_finds_the_win_in_two_with_its_distance(cells):
    b = make_board(cells, expansions="")
    res = Searcher(seed=3).search(b, None, max_depth=3)
    assert _forced_win_after(b, res.move)
    assert res.score == WIN - 3


def test_forced_win_helper_finds_nothing_when_none_exists():
    b = make_board({(0, 0): "wQ", (1, 0): "bQ"}, expansions="")
    assert ai.forced_win_in_two(b) is None


def _forced_win_by_full_lists(b: Board):
    """forced_win_in_two as it was first written: every reply, then every
    move of ours (the reference for the faster one)."""
    want = WHITE_WINS if b.ply & 1 == 0 else BLACK_WINS
    for m in b.legal_moves():
        b.play(*m)
        try:
            if b.status != IN_PROGRESS:
                continue
            ok = True
            for r in b.legal_moves():
                b.play(*r)
                if b.status != want and (b.status != IN_PROGRESS or ai.winning_move(b) is None):
                    ok = False
                b.undo()
                if not ok:
                    break
            if ok:
                return m
        finally:
            b.undo()
    return None


def test_a_win_at_once_by_placement_beside_a_covered_queen_is_seen():
    """Our Beetle covers the enemy Queen, so its last free neighbour touches
    only our pieces and a piece from the hand may be placed there: the quick
    test used by forced_win_in_two and the search's quiescence sees that win
    as winning_move does, and the search plays it."""
    cells = {
        (0, 0): ["bQ", "wB1"], (1, 0): "wS1", (0, 1): "wS2", (-1, 1): "wG1", (-1, 0): "wG2",
        (0, -1): "wA1", (0, 2): "wQ",
    }
    b = make_board(cells, last="wB1", expansions="")
    win = ai.winning_move(b)
    assert win is not None and b.pos[win[0]] is None  # a placement
    quick = Searcher._win_now(b)
    assert quick is not None and b.pos[quick[0]] is None and quick[1] == win[1]
    b.play(*quick)
    assert b.status == WHITE_WINS


def test_wins_in_one_and_two_agree_with_the_full_move_lists():
    """Along games that crowd the Queens (random moves, preferring cells
    beside a Queen): the quick test of a win at once agrees with
    winning_move, and forced_win_in_two with a search over full move lists."""
    rng = random.Random(5)
    seen = 0
    for exp in ("", "MLP"):
        for _ in range(6):
            b = Board(exp)
            while b.status == IN_PROGRESS and b.ply < 60:
                assert (Searcher._win_now(b) is None) == (ai.winning_move(b) is None)
                if max(b.qn) >= 4 and b.ply % 3 == 0:
                    assert ai.forced_win_in_two(b) == _forced_win_by_full_lists(b)
                    seen += 1
                moves = b.legal_moves()
                queens = [q for q in (b.pos[0], b.pos[16]) if q is not None]
                near = [m for m in moves if any(m[1] - q in (1, -1, 65536, -65536, 65535, -65535) for q in queens)]
                b.play(*rng.choice(near if near and rng.random() < 0.7 else moves))
    assert seen > 10


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_search_does_not_walk_into_a_loss_in_one(level):
    # Black to move: White threatens to fill the last space around Black's queen.
    b = make_board(WIN1, to_move=1, expansions="")
    m = ai.choose_move(b, level, random.Random(0), searcher=searcher())
    b.play(*m)
    assert ai.winning_move(b) is None or b.status != IN_PROGRESS


# -- time ----------------------------------------------------------------------


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_level_time_limits_are_respected_and_used(level):
    b = midgame()
    limit = ai.LEVEL_TIME[level]
    step = limit / 25
    s = searcher(step=step)
    start = s.clock.now
    m = ai.choose_move(b, level, random.Random(0), searcher=s)
    assert m in b.legal_moves()
    spent = s.clock.now - start
    # on time (a few reads of book-keeping after the deadline) ...
    assert spent <= limit + 5 * step
    # ... and no longer quitting at a quarter of the budget
    assert spent >= limit / 2


def test_explicit_time_limit_and_zero_time():
    b = midgame(7)
    s = searcher(step=0.15)
    start = s.clock.now
    res = ai.analyse(b, "hard", random.Random(0), time_limit=3.0, searcher=s)
    assert res.move in b.legal_moves()
    assert s.clock.now - start <= 3.0 + 5 * 0.15
    s = searcher(step=0.05)
    res = ai.analyse(b, "hard", random.Random(0), time_limit=0.0, searcher=s)
    assert res.move in b.legal_moves()


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_depth_limit_is_exact(depth):
    b = midgame(11)
    res = ai.analyse(b, "hard", random.Random(0), max_depth=depth, searcher=Searcher(seed=1))
    assert res.depth == depth and res.partial == 0


def test_stop_request_ends_the_search_with_a_legal_move():
    b = midgame(13)
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return True

    res = ai.analyse(b, "hard", random.Random(0), max_depth=64, searcher=Searcher(seed=1), stop=stop)
    assert res.move in b.legal_moves()
    assert calls["n"] >= 1


def test_search_leaves_the_board_unchanged():
    b = midgame(17)
    before = (b.hash, b.occ, len(b.hist), {c: list(s) for c, s in b.stacks.items()}, dict(b.rep), b.last)
    Searcher(seed=2).search(b, None, max_depth=2)
    assert before == (b.hash, b.occ, len(b.hist), {c: list(s) for c, s in b.stacks.items()}, dict(b.rep), b.last)


# -- memory across moves -------------------------------------------------------


def test_transposition_table_is_kept_across_moves():
    b = midgame(19)
    s = Searcher(seed=4)
    first = s.search(b, None, max_depth=2)
    assert len(s.tt) > 0
    b.play(*first.move)
    b.play(*b.legal_moves()[0])
    s.search(b, None, max_depth=2)
    assert s.generation == 2
    # entries from the first search are still there
    assert any(e[4] == 1 for e in s.tt.values())


def test_a_player_copes_with_positions_it_did_not_expect():
    """One player for the whole match, handed positions out of order (as
    after a human undo): it must still answer legal moves."""
    engine = HiveEngine()
    player = engine.make_player("hard", seed=3)
    player.searcher.clock = FakeClock(0.1)
    b = Board("MLP")
    rng = random.Random(23)
    for _ in range(24):
        b.play(*rng.choice(b.legal_moves()))
    later = HiveState(expansions="MLP", game_type="Base+MLP", cells=cells_of(b), to_move=b.ply & 1, turn=b.ply,
                      status="InProgress", moves=["x"] * b.ply)
    earlier = make_state(WIN1, expansions="")
    for state in (later, earlier, later):
        move = player.choose(engine, state)
        board = board_from_state(state)
        assert move in {move_to_string(board, p, c) for p, c in board.legal_moves()}


def test_mate_scores_stay_right_when_found_again_at_another_depth():
    b = make_board(WIN2B, expansions="")
    s = Searcher(seed=5)
    res = s.search(b, None, max_depth=3)
    assert res.score == WIN - 3
    b.play(*res.move)
    reply = b.legal_moves()[0]
    b.play(*reply)
    if b.status == IN_PROGRESS:
        again = s.search(b, None, max_depth=1)
        assert again.score == WIN - 1


# -- the levels ----------------------------------------------------------------

# White to move; Black threatens to fill the last free space around White's
# Queen at (1, 0) with the Soldier Ant; White can step away or block.
DANGER = {(0, 0): "wQ", (1, 0): "bS1", (-1, 0): "bQ", (0, -1): "wS1", (1, -1): "bG1", (-1, 1): "bG2",
          (-2, 1): "wA1", (3, -1): "bA1", (2, -1): "bB1"}


def test_easy_makes_obvious_mistakes_and_hard_does_not():
    losses_easy = 0
    for seed in range(30):
        b = make_board(DANGER, expansions="")
        threat = b.copy()
        threat.play(-1, 0)
        assert ai.winning_move(threat) is not None, "the position must hold a threat"
        m = ai.choose_move(b, "easy", random.Random(seed))
        b.play(*m)
        if ai.winning_move(b) is not None:
            losses_easy += 1
    assert 3 <= losses_easy < 30
    for seed in range(3):
        b = make_board(DANGER, expansions="")
        m = ai.choose_move(b, "hard", random.Random(seed), searcher=searcher(seed=seed))
        b.play(*m)
        assert ai.winning_move(b) is None


def test_levels_are_known_and_ordered():
    assert list(ai.LEVEL_TIME) == ["greedy", "easy", "medium", "hard"]
    assert ai.LEVEL_TIME["easy"] < ai.LEVEL_TIME["medium"] < ai.LEVEL_TIME["hard"]
    assert ai.LEVEL_DEPTH["medium"] < ai.LEVEL_DEPTH["hard"]
    with pytest.raises(ValueError):
        ai.choose_move(Board(), "grandmaster")


# -- the evaluation ------------------------------------------------------------


def test_evaluate_is_symmetric_in_sign():
    # apart from the bonus for the side to move, White's gain is Black's loss
    tempo = ai.DEFAULT_WEIGHTS.tempo
    b = make_board(WIN1, expansions="")
    v_white = ai.evaluate(b) - tempo
    b2 = make_board(WIN1, to_move=1, expansions="")
    assert ai.evaluate(b2) - tempo == -v_white


def test_finished_games_score_as_wins_and_losses():
    b = make_board(WIN1, expansions="")
    b.play(*ai.winning_move(b))
    assert b.status == WHITE_WINS
    assert ai.evaluate(b) == -WIN  # Black to move, and lost


def _only(weights: Weights, **on: object) -> Weights:
    """Weights with every term zero except the ones given."""
    zero = {k: (tuple(0 for _ in v) if isinstance(v, tuple) else 0) for k, v in weights.as_dict().items()}
    zero.update(on)
    return Weights(**zero)  # type: ignore[arg-type]


def test_pinned_pieces_have_no_mobility():
    # a line of pieces: the middle ones are pinned, the two ends are free
    cells = {(0, 0): "wQ", (1, 0): "wG1", (2, 0): "bQ", (3, 0): "bG1"}
    b = make_board(cells, expansions="")
    ev = make_evaluate(_only(ai.DEFAULT_WEIGHTS, mobile=(0, 0, 0, 10, 0, 0, 0, 0, 0)))
    # wG1 (pinned) scores nothing, bG1 (free end) scores 10 for Black
    assert ev(b) == -10


def test_pillbug_guard_counts_throwable_attackers():
    cells = {(0, 0): "wQ", (1, 0): "wP", (1, -1): "bA1", (0, -1): "bQ", (-1, 0): "wA1"}
    b = make_board(cells, expansions="P")
    ev = make_evaluate(_only(ai.DEFAULT_WEIGHTS, pillbug_guard=20, pillbug_throw=5))
    # White's Pillbug touches its Queen and could throw bA1 (next to both)
    assert ev(b) == 20 + 5


def test_reach_of_the_enemy_queens_free_neighbours():
    cells = {(0, 0): "wQ", (1, 0): "bQ", (-1, 0): "wA1", (2, 0): "bS1"}
    b = make_board(cells, expansions="")
    ev = make_evaluate(_only(ai.DEFAULT_WEIGHTS, reach=(0, 7, 0, 0, 3, 0, 0, 0, 0)))
    # White's free Ant can reach Black's Queen's free neighbours; Black's
    # Spider at distance 2 from White's Queen reaches one of its own.
    assert ev(b) == 3 - 7


def test_quick_evaluation_is_the_cheap_part_of_the_full_one():
    b = midgame(29)
    w = ai.DEFAULT_WEIGHTS
    only_cheap = _only(w, press=w.press, in_hand=w.in_hand, tempo=w.tempo)
    assert make_quick(w)(b) == make_evaluate(only_cheap)(b)


def test_lazy_evaluation_can_be_turned_off_and_agrees_on_the_move_at_depth_one():
    b = midgame(31)
    a = Searcher(seed=1, lazy_margin=0).search(b, None, max_depth=1)
    c = Searcher(seed=1).search(b, None, max_depth=1)
    assert a.score == c.score


def test_piece_ids_used_here_exist():
    assert ID_OF["wP"] >= 0 and cell_of(0, 0) == 0
    assert BLACK_WINS != WHITE_WINS


def test_memory_stays_bounded():
    b = midgame(37)
    s = Searcher(seed=1, tt_limit=200)
    for _ in range(3):
        res = s.search(b, None, max_depth=3)
        assert len(s.tt) <= 200 and len(s.tt_old) <= 200
        b.play(*res.move)


class StepClock:
    """A clock that moves 5 ms each time it is read (the searcher reads it
    every few dozen nodes), so a search's time is counted in reads."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.005
        return self.now


@pytest.mark.parametrize("seed", [5, 23])
def test_the_time_limit_is_used_and_never_overrun(seed):
    # a position with no quick win uses at least 90 % of its time, and the
    # search stops within 5 % past the limit (issue 23)
    b = midgame(seed, plies=20)
    clock = StepClock()
    s = Searcher(seed=1, clock=clock)
    limit = 0.5
    start = clock.now
    res = ai.analyse(b, "hard", random.Random(1), time_limit=limit, searcher=s)
    used = clock.now - start
    assert abs(res.score) < 900_000
    assert 0.9 * limit <= used <= 1.05 * limit, used
