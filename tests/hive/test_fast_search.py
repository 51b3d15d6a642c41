"""The numba searcher (beegames.games.hive.fast.search): exact short wins,
legal moves along random games, depth and time limits, the board left
alone, and the plain alpha-beta against a brute-force minimax."""

from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("numba")

import numpy as np

from beegames.games.hive import ai
from beegames.games.hive.board import IN_PROGRESS, WHITE_WINS, Board
from beegames.games.hive.evaluation import WIN
from beegames.games.hive.fast.convert import FastBoard
from beegames.games.hive.fast.core import I_PLY, I_SP, I_STATUS, INFO, ZHASH, make, unmake
from beegames.games.hive.fast.movegen import generate
from beegames.games.hive.fast.search import (
    LAZY_MARGIN,
    LMR_CALM,
    LMR_NON_PV,
    T_GEN,
    FastSearcher,
    evaluate,
    warm_up,
)
from beegames.games.hive.fast.tables import DRAW, MAXMOVES
from beegames.games.hive.rules import replay

from .helpers import make_board
from .test_ai import WIN1, WIN2, WIN2B, _forced_win_after, midgame


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Compile (or load from numba's cache) before anything is timed."""
    warm_up()


def small(seed: int, plies: int, expansions: str = "") -> Board:
    b = Board(expansions)
    rng = random.Random(seed)
    while b.ply < plies:
        b.play(*rng.choice(b.legal_moves()))
        assert b.status == IN_PROGRESS
    return b


# -- exact wins ----------------------------------------------------------------


def test_takes_a_win_in_one():
    b = make_board(WIN1, expansions="")
    res = FastSearcher(seed=1).search(b, None, max_depth=3)
    assert res.score == WIN - 1
    b.play(*res.move)
    assert b.status == WHITE_WINS


@pytest.mark.parametrize("cells", [WIN2, WIN2B])
def test_finds_the_forced_win_in_two_with_its_distance(cells):
    b = make_board(cells, expansions="")
    res = FastSearcher(seed=3).search(b, None, max_depth=3)
    assert _forced_win_after(b, res.move)
    assert res.score == WIN - 3


@pytest.mark.parametrize("cells", [WIN2, WIN2B])
def test_forced_win_in_two_on_a_time_limit(cells):
    b = make_board(cells, expansions="")
    res = FastSearcher(seed=2, clock=time.process_time).search(b, 0.5)
    assert _forced_win_after(b, res.move)


def test_ai_takes_the_fast_searcher_in_place_of_searcher():
    b = midgame(21)
    s = FastSearcher(seed=0, clock=time.process_time)
    res = ai.analyse(b, "hard", random.Random(0), time_limit=0.1, searcher=s)  # type: ignore[arg-type]
    assert res.move in b.legal_moves()
    assert res.nodes > 0
    assert ai.choose_move(b, "greedy", random.Random(0), searcher=s) in b.legal_moves()  # type: ignore[arg-type]


@pytest.mark.parametrize("depth", [2, 3])
def test_does_not_walk_into_a_loss_in_one(depth):
    # Black to move: White threatens to fill the last space around Black's queen
    b = make_board(WIN1, to_move=1, expansions="")
    res = FastSearcher(seed=0).search(b, None, max_depth=depth)
    b.play(*res.move)
    assert ai.winning_move(b) is None or b.status != IN_PROGRESS
    assert res.score > -WIN + 100


def test_quiescence_sees_the_threat_at_depth_one():
    b = make_board(WIN1, to_move=1, expansions="")
    res = FastSearcher(seed=0).search(b, None, max_depth=1)
    b.play(*res.move)
    assert ai.winning_move(b) is None or b.status != IN_PROGRESS


# -- legality along games ----------------------------------------------------------


@pytest.mark.parametrize("expansions", ["", "MLP", "MLPD"])
def test_only_legal_moves_along_random_games(expansions):
    rng = random.Random(len(expansions) + 7)
    s = FastSearcher(seed=1, tt_bits=16)
    b = Board(expansions)
    searched = 0
    while b.status == IN_PROGRESS and b.ply < 60:
        if b.ply % 3 == 0:
            res = s.search(b, None, max_depth=2)
            assert res.move in b.legal_moves()
            assert all(m is not None for m in res.pv)
            searched += 1
            move = res.move
        else:
            move = rng.choice(b.legal_moves())
        b.play(*move)
    assert searched >= 5


# -- limits -------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_depth_limit_is_exact(depth):
    b = midgame(11)
    res = FastSearcher(seed=1).search(b, None, max_depth=depth)
    assert res.depth == depth and res.partial == 0
    assert res.move in b.legal_moves()


def test_time_limit_is_used_and_kept_on_the_cpu_clock():
    b = midgame(7)
    s = FastSearcher(seed=0, clock=time.process_time)
    t = time.process_time()
    res = s.search(b, 0.2)
    spent = time.process_time() - t
    assert res.move in b.legal_moves()
    assert res.depth >= 1
    # loose bounds: the search stops at 98 % of its time, a chunk late at most
    assert 0.1 <= spent <= 0.4


def test_zero_time_still_gives_a_legal_move():
    b = midgame(9)
    res = FastSearcher(seed=0, clock=time.process_time).search(b, 0.0)
    assert res.move in b.legal_moves()


def test_stop_request_ends_the_search_with_a_legal_move():
    b = midgame(13)
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return calls["n"] > 3

    res = FastSearcher(seed=1).search(b, None, max_depth=64, stop=stop)
    assert res.move in b.legal_moves()
    assert calls["n"] >= 1


def test_search_leaves_the_board_unchanged():
    b = midgame(17)
    before = (b.hash, b.occ, len(b.hist), {c: list(s) for c, s in b.stacks.items()}, dict(b.rep), b.last)
    FastSearcher(seed=2).search(b, None, max_depth=3)
    FastSearcher(seed=2, clock=time.process_time).search(b, 0.05)
    assert before == (b.hash, b.occ, len(b.hist), {c: list(s) for c, s in b.stacks.items()}, dict(b.rep), b.last)


def test_table_is_kept_across_moves():
    b = midgame(19)
    s = FastSearcher(seed=4)
    s.search(b, None, max_depth=3)
    filled = int((s.tt[:, 1] >= 0).sum())
    assert filled > 0
    b.play(*s.search(b, None, max_depth=2).move)
    b.play(*b.legal_moves()[0])  # the opponent's reply: the same colour to move again
    s.search(b, None, max_depth=2)
    assert int((s.tt[:, 1] >= 0).sum()) >= filled
    s.clear()
    assert int((s.tt[:, 1] >= 0).sum()) == 0


def test_reductions_everywhere_search_fewer_nodes_and_keep_the_wins():
    # LMR_NON_PV also reduces late quiet moves where a Queen has four neighbours
    nodes = {}
    for mode in (LMR_CALM, LMR_NON_PV):
        nodes[mode] = 0
        for seed in (17, 19, 23):
            s = FastSearcher(seed=5, lmr=mode)
            res = s.search(midgame(seed), None, max_depth=5)
            assert res.move in midgame(seed).legal_moves()
            nodes[mode] += s.nodes
    assert nodes[LMR_NON_PV] < nodes[LMR_CALM]
    for cells in (WIN2, WIN2B):
        b = make_board(cells, expansions="")
        assert _forced_win_after(b, FastSearcher(seed=3, lmr=LMR_NON_PV).search(b, None, max_depth=5).move)


def test_lazy_evaluation_works_out_fewer_scores_and_keeps_the_wins():
    # the leaves below a non-PV frontier node that clear the window by the margin on
    # their cheap terms minus the parent's costly ones are never evaluated in full
    full = {}
    for margin in (0, LAZY_MARGIN):
        full[margin] = 0
        for seed in (17, 19, 23):
            s = FastSearcher(seed=5, lazy_margin=margin, eval_bits=20)
            res = s.search(midgame(seed), None, max_depth=5)
            assert res.move in midgame(seed).legal_moves()
            full[margin] += int((s.eval_keys != 0).sum())
    assert full[LAZY_MARGIN] < 0.8 * full[0]
    for cells in (WIN2, WIN2B):
        b = make_board(cells, expansions="")
        assert _forced_win_after(b, FastSearcher(seed=3).search(b, None, max_depth=5).move)


@pytest.mark.parametrize("seed", [17, 19, 23])
def test_evaluation_cache_changes_nothing_but_the_time(seed):
    # a one-slot cache is all but empty: the same tree, the same answer (without lazy
    # evaluation, which takes a cached score over its estimate)
    b = midgame(seed)
    big, tiny = FastSearcher(seed=5, lazy_margin=0), FastSearcher(seed=5, eval_bits=0, lazy_margin=0)
    for _ in range(2):  # the second search starts with the cache of the first
        r1, r2 = big.search(b, None, max_depth=4), tiny.search(b, None, max_depth=4)
        assert (r1.move, r1.score, r1.nodes, r1.pv) == (r2.move, r2.score, r2.nodes, r2.pv)
        b.play(*r1.move)
    assert int((big.eval_keys != 0).sum()) > 1000


def test_cached_scores_are_the_evaluation():
    b = midgame(29)
    s = FastSearcher(seed=6)
    s.search(b, None, max_depth=1)  # every child of the root is a leaf
    fb = FastBoard(b)
    stored = dict(zip(s.eval_keys.tolist(), s.eval_scores.tolist(), strict=True))
    checked = 0
    for m in fb.raw_moves():
        make(fb.b, fb.z, int(m))
        key = int(fb.z[ZHASH + fb.b[INFO + I_SP]])
        if key in stored and fb.b[INFO + I_STATUS] == IN_PROGRESS:
            assert stored[key] == evaluate(fb.b, fb.z)
            checked += 1
        unmake(fb.b)
    assert checked > 5


# -- against brute force ----------------------------------------------------------


def _minimax(fb: FastBoard, depth: int, ply: int) -> int:
    b, z = fb.b, fb.z
    st = int(b[INFO + I_STATUS])
    if st != IN_PROGRESS:
        if st == DRAW:
            return 0
        winner = 0 if st == WHITE_WINS else 1
        return WIN - ply if winner == (int(b[INFO + I_PLY]) & 1) else -(WIN - ply)
    if depth == 0:
        return int(evaluate(b, z))
    buf = np.empty(MAXMOVES, np.int64)
    n = generate(b, buf)
    best = -10 * WIN
    for m in buf[:n].tolist():
        make(b, z, m)
        v = -_minimax(fb, depth - 1, ply + 1)
        unmake(b)
        best = max(best, v)
    return best


@pytest.mark.parametrize(("seed", "plies", "depth"), [(1, 4, 2), (2, 6, 2), (3, 5, 3), (4, 7, 3), (5, 8, 2)])
def test_plain_alpha_beta_agrees_with_minimax(seed, plies, depth):
    b = small(seed, plies)
    s = FastSearcher(seed=0, quiescence=False, null_move=False, lmr=False, aspiration=0, tt_bits=16,
                     lazy_margin=0)
    res = s.search(b, None, max_depth=depth)
    assert res.depth == depth
    assert res.score == _minimax(FastBoard(b), depth, 0)
    fb = FastBoard(b)
    fb.play(*res.move)
    assert -_minimax(fb, depth - 1, 1) == res.score


def _shuttle_to_a_third_time() -> tuple[Board, tuple[int, int]]:
    """A game whose pieces went back and forth until the side to move can
    bring the same position about a third time (a draw): the board and
    that move."""
    b, _ = replay("", ["wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-"])
    for w in b.legal_moves():
        w_from = b.pos[w[0]]
        if w_from is None:
            continue  # a placement cannot be taken back
        b.play(*w)
        for k in b.legal_moves():
            k_from = b.pos[k[0]]
            if k_from is None:
                continue
            b.play(*k)
            back_w, back_k = (w[0], w_from), (k[0], k_from)
            if back_w in b.legal_moves():
                b.play(*back_w)
                if back_k in b.legal_moves():
                    b.play(*back_k)  # the first position again: twice now
                    b.play(*w)
                    b.play(*k)
                    b.play(*back_w)
                    return b, back_k  # back_k makes it three times
                b.undo()
            b.undo()
        b.undo()
    raise AssertionError("no shuttle found")


def test_contempt_prices_a_draw_for_the_side_searched_for():
    b, draw = _shuttle_to_a_third_time()
    after = b.copy()
    after.play(*draw)
    assert after.status == DRAW
    # a draw worth a lot to the side to move is taken; a draw that costs it a lot is avoided
    keen = FastSearcher(seed=1, contempt=-10_000).search(b, None, max_depth=2)
    assert keen.move == draw and keen.score == 10_000
    loath = FastSearcher(seed=1, contempt=10_000).search(b, None, max_depth=2)
    assert loath.move != draw and loath.score > -10_000
    # without contempt the draw is worth 0 (the search may or may not take it)
    even = FastSearcher(seed=1).search(b, None, max_depth=2)
    assert even.move != draw or even.score == 0


def test_with_contempt_a_search_for_the_other_colour_starts_a_fresh_table():
    """A draw's score in the table is for the colour searched for, so a
    searcher with contempt asked for the other colour (a UHP client asking
    for both sides) empties its table first and finds what a new one would;
    asked for the same colour again, it keeps the table."""
    b, _ = _shuttle_to_a_third_time()
    other = b.copy()
    other.undo()  # the other colour to move
    def generations(s: FastSearcher) -> set[int]:
        return {int(g) for g in s.tt[s.tt_keys != 0, T_GEN]}

    used = FastSearcher(seed=1, contempt=40)
    used.search(b, None, max_depth=3)
    again = used.search(other, None, max_depth=3)
    assert generations(used) == {used.generation}  # nothing left from the first search
    fresh = FastSearcher(seed=1, contempt=40).search(other, None, max_depth=3)
    assert (again.move, again.score) == (fresh.move, fresh.score)
    same = FastSearcher(seed=1, contempt=40)
    same.search(b, None, max_depth=3)
    same.search(b, None, max_depth=3)
    assert len(generations(same)) == 2  # the same colour again: the table kept
