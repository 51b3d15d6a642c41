"""The static evaluation gives exactly the values it gave before it was
made faster (issue 23, fourth round): on positions of seeded random games
(half of the moves chosen among those that end beside a Queen, so that the
Queens get crowded), every value of ``evaluate``, of the side scores and of
an evaluation with unusual weights (a different one for every term and
kind) is compared with the values recorded in ``data/eval_values.txt``.

Those values were written by the evaluation as it was before the rewrite
(commit 9c7e53e); ``python tests/hive/test_evaluation_values.py --write``
writes them again from today's code (only for a deliberate change of the
values)."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

from beegames.games.hive.board import DIRS, Board
from beegames.games.hive.evaluation import Weights, make_evaluate, make_side_scores

DATA = Path(__file__).parent / "data" / "eval_values.txt"
EXPANSIONS = ("", "M", "L", "P", "D", "MLP", "MLPD")
GAMES = 70
PLIES = 70
#: a different weight for every term and kind, so that an error in one term
#: cannot hide behind another
ODD = Weights(
    press=(1, 14, 39, 89, 197, 431),
    clearable=11,
    escape=7,
    queen_stuck=23,
    mobile=(3, 5, 7, 11, 13, 17, 19, 29, 31),
    reach=(37, 41, 43, 47, 53, 59, 61, 67, 71),
    pillbug_guard=73,
    pillbug_throw=79,
    beetle_guard=83,
    queen_covered=97,
    in_hand=101,
    no_placement=103,
    tempo=107,
)


def positions() -> Iterator[tuple[int, Board]]:
    """(game number, board) after every move of the seeded games."""
    for g in range(GAMES):
        rng = random.Random(2300 + g)
        b = Board(EXPANSIONS[g % len(EXPANSIONS)])
        for _ in range(PLIES):
            moves = sorted(b.legal_moves())
            if not moves:
                break
            near = set()
            for q in (b.pos[0], b.pos[16]):
                if q is not None:
                    near.update(q + d for d in DIRS)
            crowd = [m for m in moves if m[0] >= 0 and m[1] in near]
            b.play(*rng.choice(crowd if crowd and rng.random() < 0.5 else moves))
            yield g, b


def values() -> list[str]:
    """One line a game: the values after each move, four a position."""
    ev = make_evaluate()
    sides = make_side_scores()
    odd = make_evaluate(ODD)
    odd_sides = make_side_scores(ODD)
    lines: list[list[str]] = [[] for _ in range(GAMES)]
    for g, b in positions():
        w, k = sides(b)
        ow, ok = odd_sides(b)
        lines[g].append(f"{ev(b)},{w},{k},{odd(b)},{ow},{ok}")
    return [" ".join(line) for line in lines]


def test_the_evaluation_gives_the_recorded_values():
    want = DATA.read_text().splitlines()
    got = values()
    assert len(got) == len(want) == GAMES
    for g, (a, b) in enumerate(zip(got, want, strict=True)):
        if a != b:
            for i, (x, y) in enumerate(zip(a.split(), b.split(), strict=False)):
                assert x == y, f"game {g}, position {i}: {x} (now) against {y} (recorded)"
            assert a == b, f"game {g}: a different number of positions"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DATA.write_text("\n".join(values()) + "\n")
