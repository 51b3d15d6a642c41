"""The numba static evaluation (beegames.games.hive.fast.evaluation) gives
the same numbers as evaluation.py: ``evaluate``, the side scores and the
quick part, with the default weights and with unusual ones (a different
weight for every term and kind, so an error in one term cannot hide), on
the recorded positions of test_evaluation_values.py, on seeded random games
of every expansion set (many moves crowding the Queens, some moving
pieces back and forth into repetitions), on hand-made positions with stacks,
Pillbugs and covered Queens, and on finished games (wins, losses, draws)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

pytest.importorskip("numba")

import numpy as np

from beegames.games.hive.board import DIRS, DRAW, IN_PROGRESS, Board, cell_of
from beegames.games.hive.evaluation import (
    DEFAULT_WEIGHTS,
    TERMS,
    WIN,
    Weights,
    evaluate,
    make_evaluate,
    make_quick,
    make_side_scores,
    term_parts,
)
from beegames.games.hive.fast.convert import FastBoard
from beegames.games.hive.fast.evaluation import (
    DEFAULT_W,
    evaluate_w,
    quick_evaluate,
    quick_w,
    side_scores_w,
    weights_array,
)
from beegames.games.hive.fast.evaluation import evaluate as fast_evaluate
from beegames.games.hive.pieces import ID_OF

from .helpers import make_board
from .test_evaluation_values import ODD, positions
from .test_fast_core import HANDMADE


def _read_only(weights: np.ndarray) -> np.ndarray:
    """The weights as numba sees the search's own (a global array is frozen, so read-only): the
    functions are called here in the one compiled form the search uses, not compiled a second time for
    a writable array."""
    weights = weights.copy()
    weights.flags.writeable = False
    return weights


ODD_W = _read_only(weights_array(ODD))
DEFAULT_W_RO = _read_only(DEFAULT_W)
odd_evaluate = make_evaluate(ODD)
sides = make_side_scores()
odd_sides = make_side_scores(ODD)
quick = make_quick()
odd_quick = make_quick(ODD)


def compare(b: Board, f: FastBoard) -> None:
    """Every value of the numba evaluation equals evaluation.py's, and
    evaluating leaves the numba position as it was."""
    snap = f.snapshot()
    assert fast_evaluate(f.b, f.z) == evaluate(b)
    assert evaluate_w(f.b, f.z, ODD_W) == odd_evaluate(b)
    if b.status == IN_PROGRESS:
        assert side_scores_w(f.b, DEFAULT_W_RO) == sides(b)
        assert side_scores_w(f.b, ODD_W) == odd_sides(b)
        assert quick_evaluate(f.b) == quick(b)
        assert quick_w(f.b, ODD_W) == odd_quick(b)
    assert f.snapshot() == snap


def test_weights_array_follows_the_weights():
    assert DEFAULT_W.tolist() == [
        *DEFAULT_WEIGHTS.press, DEFAULT_WEIGHTS.clearable, DEFAULT_WEIGHTS.escape, DEFAULT_WEIGHTS.queen_stuck,
        *DEFAULT_WEIGHTS.mobile, *DEFAULT_WEIGHTS.reach, DEFAULT_WEIGHTS.pillbug_guard,
        DEFAULT_WEIGHTS.pillbug_throw, DEFAULT_WEIGHTS.beetle_guard, DEFAULT_WEIGHTS.queen_covered,
        DEFAULT_WEIGHTS.in_hand, DEFAULT_WEIGHTS.no_placement, DEFAULT_WEIGHTS.tempo,
    ]
    with pytest.raises(ValueError):
        weights_array(Weights(press=(0, 1, 2)))


def test_the_recorded_positions():
    """The 2,695 positions of test_evaluation_values.py (crowded Queens,
    every expansion set), followed move by move on one FastBoard a game."""
    n = 0
    game = -1
    f = None
    for g, b in positions():
        if g != game:
            game = g
            f = FastBoard(Board(b.expansions))
        assert f is not None
        piece, _src, dest = b.hist[-1][:3]
        f.play(piece, dest)
        compare(b, f)
        n += 1
    assert n == 2695


def crowded_game(exp: str, seed: int, plies: int, back: float = 0.0, crowd: float = 0.5) -> tuple[int, int]:
    """A seeded random game on a board and a FastBoard side by side, every
    position compared; a share ``crowd`` of the moves end beside a Queen
    (when one can), and with
    probability ``back`` a piece goes back where it came from. Returns the
    positions compared and the final status."""
    rng = random.Random(seed)
    b = Board(exp)
    f = FastBoard(b)
    compare(b, f)
    n = 1
    came_from: list[tuple[int, int | None]] = [(-1, None), (-1, None)]
    for _ in range(plies):
        moves = sorted(b.legal_moves())
        if not moves:
            break
        me = b.colour
        p0, src = came_from[me]
        if p0 >= 0 and src is not None and (p0, src) in moves and rng.random() < back:
            m = (p0, src)
        else:
            near = {q + d for q in (b.pos[0], b.pos[16]) if q is not None for d in DIRS}
            near_queen = [mv for mv in moves if mv[0] >= 0 and mv[1] in near]
            m = rng.choice(near_queen if near_queen and rng.random() < crowd else moves)
        came_from[me] = (m[0], b.pos[m[0]] if m[0] >= 0 else None)
        b.play(*m)
        f.play(*m)
        compare(b, f)
        n += 1
    return n, b.status


def test_random_games_of_every_expansion_set():
    total = 0
    statuses = []
    for i, exp in enumerate(["", "M", "L", "P", "D", "MLP", "MLPD", "PD", "LD", "MP"]):
        n, st = crowded_game(exp, 2300 + 97 * i, 120, crowd=0.2)
        total += n
        statuses.append(st)
    assert total > 800
    # some of them end: a win is scored as such, for the side to move
    assert any(st != IN_PROGRESS for st in statuses)


def test_finished_games_wins_and_draws():
    outcomes = set()
    for seed in range(40):
        exp = ["", "MLP", "PD", "MLPD"][seed % 4]
        _n, st = crowded_game(exp, 7000 + seed, 200, back=0.3 if seed % 5 == 0 else 0.0)
        outcomes.add(st)
        if len(outcomes) == 3 and DRAW in outcomes:
            break
    assert {1, 2} <= outcomes
    # a draw by repetition: pieces moved back and forth
    _n, st = crowded_game("", 901, 80, back=0.95, crowd=0.0)
    assert st == DRAW
    # both Queens surrounded at once; then, with Black's Beetle away from
    # the black Queen, only the white one: Black wins (and is to move)
    cells = {
        (0, 0): "wQ", (1, 0): "bQ", (1, -1): "bS1", (0, -1): "wS1", (-1, 0): "wG1", (-1, 1): "wG2",
        (2, -1): "bG1", (2, 0): "bG2", (1, 1): "bB1", (-1, 2): "wA1",
    }
    move = (ID_OF["wA1"], cell_of(0, 1))
    for drawn in (True, False):
        if not drawn:
            del cells[(1, 1)]
            cells[(2, 1)] = "bB1"
        b = make_board(cells, 0)
        f = FastBoard(b)
        compare(b, f)
        b.play(*move)
        f.play(*move)
        assert (b.status == DRAW) is drawn and b.status != IN_PROGRESS
        compare(b, f)
        assert fast_evaluate(f.b, f.z) == (0 if drawn else WIN)


#: test_fast_core's positions (stacks, covered Queens, Pillbugs and a
#: Mosquito beside one), and a white Queen hemmed in by Black: White has
#: pieces in hand and nowhere to place them
POSITIONS = [
    *HANDMADE,
    ({(0, 0): "wQ", (1, 0): "bQ", (0, 1): "bA1", (-1, 1): "bA2", (1, -1): "bA3"}, 0, None),
    ({(0, 0): "wQ", (1, 0): "bQ", (0, 1): "bA1", (-1, 1): "bA2", (1, -1): "bA3"}, 1, "wQ"),
]


def with_children(i: int) -> Iterator[tuple[Board, FastBoard]]:
    """Hand-made position ``i`` and every position one move from it."""
    cells, to_move, last = POSITIONS[i]
    b = make_board(cells, to_move, last)
    f = FastBoard(b)
    yield b, f
    for m in sorted(b.legal_moves()):
        b.play(*m)
        f.play(*m)
        yield b, f
        f.undo()
        b.undo()


@pytest.mark.parametrize("i", range(len(POSITIONS)))
def test_handmade_positions(i):
    for b, f in with_children(i):
        compare(b, f)


def test_every_term_counts_somewhere():
    """Each term of the score is not nought in some of the positions
    compared here (hand-made ones and a random game), so none of them
    escapes the comparison."""
    seen = Counter()

    def note(b: Board) -> None:
        if b.status == IN_PROGRESS:
            for term, (w, k) in term_parts(b).items():
                seen[term] += (w != 0) + (k != 0)

    for i in range(len(POSITIONS)):
        for b, _f in with_children(i):
            note(b)
    b = Board("MLPD")
    f = FastBoard(b)
    rng = random.Random(5)
    for _ in range(60):
        moves = sorted(b.legal_moves())
        if not moves:
            break
        m = rng.choice(moves)
        b.play(*m)
        f.play(*m)
        compare(b, f)
        note(b)
    assert set(seen) == set(TERMS), set(TERMS) - set(seen)


def test_independent_of_the_move_generator_state():
    """The articulation points are worked out afresh at every call, whether
    the move generator ran on this position, on another one, or not at all."""
    b = make_board(*POSITIONS[3][:2])
    f = FastBoard(b)
    want = evaluate(b)
    assert fast_evaluate(f.b, f.z) == want
    f.raw_moves()
    assert fast_evaluate(f.b, f.z) == want
    for m in sorted(b.legal_moves())[:20]:
        f.play(*m)
        f.raw_moves()
        f.undo()
        assert fast_evaluate(f.b, f.z) == want
