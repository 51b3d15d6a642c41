"""The numba Hive core (beegames.games.hive.fast) against board.py: perft
counts, move sets along random games, make/unmake and the hash, status."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("numba")

from beegames.games.hive.board import DRAW, IN_PROGRESS, Board
from beegames.games.hive.fast import AVAILABLE, fast_board, perft_board
from beegames.games.hive.fast.convert import FastBoard
from beegames.games.hive.perft import perft_board as board_perft
from beegames.games.hive.pieces import DRAGONFLY, KIND, parse_game_type
from beegames.games.hive.rules import replay

from .helpers import make_board

DATA = Path(__file__).parent / "data" / "random_games.txt"


def recorded(i: int) -> Board:
    line = [ln for ln in DATA.read_text().splitlines() if ln.strip()][i]
    fields = line.split(";")
    return replay(parse_game_type(fields[0]), fields[3:])[0]


def same_moves(b: Board, f: FastBoard) -> None:
    got = f.legal_moves()
    assert len(got) == len(set(got))
    assert set(got) == set(b.legal_moves())
    assert f.count_moves() == b.count_moves()
    assert f.status == b.status


def test_available():
    assert AVAILABLE


# ------------------------------------------------------------------ perft
def test_perft_from_the_start():
    assert perft_board(Board(), 5) == [1, 4, 96, 1440, 21600, 516240]
    assert perft_board(Board("MLP"), 4) == [1, 7, 294, 6678, 151686]
    for exp in ("D", "MLPD", "P"):
        assert perft_board(Board(exp), 3) == board_perft(Board(exp), 3)


@pytest.mark.parametrize("line", range(24))
def test_perft_from_recorded_mid_game_positions(line):
    b = recorded(line)
    depth = 3 if line in (0, 8, 16) else 2
    assert fast_board(b).perft(depth) == board_perft(b, depth)


#: hand-built positions: stacks (a Beetle on a Beetle, a Mosquito on top),
#: Pillbugs and a Mosquito beside a Pillbug (throws, one of them by the
#: piece moved last, one of a piece moved last), Dragonflies atop stacks
#: (carrying, or not when the piece beneath moved last or holds the hive)
HANDMADE = [
    (
        {
            (0, 0): "wP", (1, 0): "bA1", (0, 1): "wM", (-1, 1): ["bB1", "wB1"], (-1, 0): "wQ",
            (2, -1): "bQ", (3, -1): "bP", (1, 1): "bS1", (-1, 2): "wG1", (0, -1): "wA1",
        },
        0, None,
    ),
    (
        {
            (0, 0): "wP", (1, 0): "bA1", (0, 1): "wM", (-1, 1): ["bB1", "wB1"], (-1, 0): "wQ",
            (2, -1): "bQ", (3, -1): "bP", (1, 1): "bS1", (-1, 2): "wG1", (0, -1): "wA1",
        },
        0, "bA1",
    ),
    (
        {
            (0, 0): "wP", (1, 0): "bA1", (0, 1): "wM", (-1, 1): ["bB1", "wB1"], (-1, 0): "wQ",
            (2, -1): "bQ", (3, -1): "bP", (1, 1): "bS1", (-1, 2): "wG1", (0, -1): "wA1",
        },
        1, "wP",
    ),
    (
        {
            (0, 0): ["wQ", "bD"], (1, 0): "bQ", (2, 0): ["wA1", "wD"], (3, 0): "bG1", (-1, 0): "wS1",
            (0, -1): ["bL", "bB1", "bM"], (1, -1): "wL", (4, -1): "bP", (-1, 1): "wP",
        },
        1, None,
    ),
    (
        {
            (0, 0): ["wQ", "bD"], (1, 0): "bQ", (2, 0): ["wA1", "wD"], (3, 0): "bG1", (-1, 0): "wS1",
            (0, -1): ["bL", "bB1", "bM"], (1, -1): "wL", (4, -1): "bP", (-1, 1): "wP",
        },
        0, "wA1",
    ),
    (
        {
            (0, 0): ["wQ", "bD"], (1, 0): "bQ", (2, 0): ["wA1", "wD"], (3, 0): "bG1", (-1, 0): "wS1",
            (0, -1): ["bL", "bB1", "bM"], (1, -1): "wL", (4, -1): "bP", (-1, 1): "wP",
        },
        0, None,
    ),
]


@pytest.mark.parametrize("i", range(len(HANDMADE)))
def test_handmade_positions(i):
    cells, to_move, last = HANDMADE[i]
    b = make_board(cells, to_move, last)
    f = fast_board(b)
    same_moves(b, f)
    assert f.perft(3) == board_perft(b, 3)


def test_handmade_positions_have_what_they_are_for():
    kinds = set()
    for cells, to_move, last in HANDMADE:
        b = make_board(cells, to_move, last)
        me = b.colour
        for p, c in b.legal_moves():
            if p >= 0 and (p >> 4) != me:
                kinds.add("throw of an enemy")
            stacked = p >= 0 and b.pos[p] is not None and len(b.stacks[b.pos[p]]) > 1
            if stacked and c not in b.stacks:
                kinds.add("down from a stack")
                if KIND[p] == DRAGONFLY:
                    kinds.add("dragonfly carry")
    assert kinds == {"throw of an enemy", "down from a stack", "dragonfly carry"}


# ------------------------------------------------------------ random games
def play_random(exp: str, seed: int, plies: int, back: float) -> tuple[int, dict[str, int]]:
    """Play one random game on a board and a FastBoard side by side,
    checking moves, make/unmake, hash and status at each position. With
    probability ``back`` a side moves its last moved piece back where it
    came from (repetitions). Returns the positions checked and features."""
    rng = random.Random(seed)
    b = Board(exp)
    f = FastBoard(b)
    checked = 0
    seen = {"status": 0, "throws": 0, "stacks": 0, "rebuilt": 0}
    mine: list[tuple[int, int | None]] = [(-1, None), (-1, None)]
    for ply in range(plies):
        same_moves(b, f)
        assert f.hash == f.full_hash()
        checked += 1
        moves = b.legal_moves()
        if not moves:
            seen["status"] += 1
            break
        me = b.colour
        for p, _c in moves:
            if p >= 0 and (p >> 4) != me:
                seen["throws"] += 1
                break
        if any(len(s) > 1 for s in b.stacks.values()):
            seen["stacks"] += 1
        p0, src = mine[me]
        if p0 >= 0 and src is not None and (p0, src) in moves and rng.random() < back:
            m = (p0, src)
        else:
            m = rng.choice(sorted(moves))
        snap = f.snapshot()
        f.play(*m)
        f.undo()
        assert f.snapshot() == snap
        mine[me] = (m[0], b.pos[m[0]] if m[0] >= 0 else None)
        b.play(*m)
        f.play(*m)
        if ply % 29 == 28:  # a board mid-game, with its history, converted afresh
            f = FastBoard(b)
            seen["rebuilt"] += 1
    return checked, seen


def test_random_games_agree_with_board():
    total = 0
    features = {"status": 0, "throws": 0, "stacks": 0, "rebuilt": 0}
    games = [("", 1), ("MLP", 2), ("MLPD", 3), ("PD", 4), ("M", 5), ("D", 6), ("MLP", 7), ("L", 8)]
    for exp, seed in games:
        n, seen = play_random(exp, 500 + seed, 90, 0.0)
        total += n
        for k, v in seen.items():
            features[k] += v
    assert total > 500
    assert features["throws"] > 0 and features["stacks"] > 0 and features["rebuilt"] > 0


def test_repetition_draws_agree():
    draws = 0
    for seed, exp in enumerate(["", "MLP", "PD"]):
        # pieces moved back and forth: these games end in a draw by repetition
        n, seen = play_random(exp, 900 + seed, 80, 0.9)
        assert n > 10 and seen["status"] == 1
    # a deliberate repetition: both sides shuffle a piece back and forth
    b = Board("")
    for m in [(5, 0)]:
        b.play(*m)
    rng = random.Random(3)
    while b.placed[0] < 4 or b.placed[1] < 4 or b.pos[0] is None or b.pos[16] is None:
        b.play(*rng.choice(sorted(b.legal_moves())))
    f = FastBoard(b)
    shuffle = []
    for _ in range(2):
        mv = next(m for m in sorted(b.legal_moves()) if m[0] >= 0 and b.pos[m[0]] is not None)
        shuffle.append((mv, b.pos[mv[0]]))
        b.play(*mv)
        f.play(*mv)
    for (p, _c), src in shuffle:
        assert (p, src) in b.legal_moves()
        b.play(p, src)
        f.play(p, src)
    for _ in range(2):
        for (p, c), _src in shuffle:
            if b.status != IN_PROGRESS:
                break
            assert (p, c) in b.legal_moves()
            b.play(p, c)
            f.play(p, c)
            assert f.status == b.status
        for (p, _c), src in shuffle:
            if b.status != IN_PROGRESS:
                break
            assert (p, src) in b.legal_moves()
            b.play(p, src)
            f.play(p, src)
            assert f.status == b.status
    draws += b.status == DRAW
    assert draws == 1 and f.status == DRAW
    # and back again: taking moves back restores the status
    f.undo()
    b.undo()
    assert f.status == b.status == IN_PROGRESS
    assert FastBoard(b).status == IN_PROGRESS


def test_queen_surrounded_and_both_surrounded():
    # White's Ant moves to (0, 1), the last free cell beside both Queens
    cells = {
        (0, 0): "wQ", (1, 0): "bQ", (1, -1): "bS1", (0, -1): "wS1", (-1, 0): "wG1", (-1, 1): "wG2",
        (2, -1): "bG1", (2, 0): "bG2", (1, 1): "bB1", (-1, 2): "wA1",
    }
    b = make_board(cells, 0)
    f = fast_board(b)
    same_moves(b, f)
    from beegames.games.hive.board import cell_of
    from beegames.games.hive.pieces import ID_OF

    move = (ID_OF["wA1"], cell_of(0, 1))
    assert move in b.legal_moves()
    b.play(*move)
    f.play(*move)
    assert b.status == DRAW and f.status == DRAW
    assert f.legal_moves() == [] and f.count_moves() == 0
    f.undo()
    b.undo()
    # without Black's Beetle the white Queen stays free: Black loses
    del cells[(1, 1)]
    cells[(2, 1)] = "bB1"
    cells[(1, 1)] = "wB1"
    b = make_board(cells, 0)
    f = fast_board(b)
    same_moves(b, f)
    b.play(*move)
    f.play(*move)
    assert b.status == f.status != IN_PROGRESS


def test_without_numba_the_package_says_so_and_refuses():
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from beegames.games.hive.fast import AVAILABLE, fast_board\n"
        "from beegames.games.hive.board import Board\n"
        "assert AVAILABLE is False\n"
        "try:\n"
        "    fast_board(Board())\n"
        "except ImportError as exc:\n"
        "    print('refused:', exc)\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "refused: numba is not installed" in out.stdout
