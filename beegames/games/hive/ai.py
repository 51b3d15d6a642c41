"""Computer players for Hive.

The searcher is an iterative-deepening negamax with alpha-beta pruning, a
transposition table keyed by the board's Zobrist hash, and move ordering by
the table's best move, killer moves, a history table and a cheap static guess.
Before searching it runs an exact check for a win in one move and a forced win
in two moves (our move, any reply, our winning move), so those are never
missed when they exist.

Levels and their thinking time per move:

========  ==========  ==================================================
level     time        what it does
========  ==========  ==================================================
greedy    one ply     best static evaluation after each move (no noise)
easy      ~0.05 s     one ply with random noise; still takes a win in one
medium    0.3 s       win/forced-win check, then the searcher
hard      1.0 s       win/forced-win check, then the searcher
========  ==========  ==================================================
"""

from __future__ import annotations

import random
import time

from .board import BLACK_WINS, DIRS, DRAW, IN_PROGRESS, PASS, WHITE_WINS, Board
from .pieces import (
    ANT,
    BEETLE,
    DRAGONFLY,
    GRASSHOPPER,
    KIND,
    LADYBUG,
    MOSQUITO,
    PILLBUG,
    QUEEN,
    SPIDER,
)

WIN = 1_000_000
INF = 10 * WIN

LEVEL_TIME = {"greedy": 0.0, "easy": 0.05, "medium": 0.3, "hard": 1.0}

#: penalty for a Queen with n occupied neighbours
PRESS = (0, 10, 30, 70, 150, 320, 0)
#: value of a piece that is free to move, by kind
MOBILE = {
    QUEEN: 12,
    SPIDER: 8,
    BEETLE: 14,
    GRASSHOPPER: 8,
    ANT: 20,
    MOSQUITO: 16,
    LADYBUG: 12,
    PILLBUG: 12,
    DRAGONFLY: 14,
}
IN_HAND = 3
ATTACKER = 12
QUEEN_COVERED = 60
QUEEN_SLIDE = 4


class Timeout(Exception):
    pass


def _cell_distance(a: int, b: int) -> int:
    from .board import qr_of

    q1, r1 = qr_of(a)
    q2, r2 = qr_of(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def evaluate(board: Board) -> int:
    """Static score from the point of view of the side to move."""
    st = board.status
    me = board.ply & 1
    if st != IN_PROGRESS:
        return _terminal(st, me, 0)
    stacks = board.stacks
    pos = board.pos
    cuts = board.cut_cells()
    score = [0, 0]
    qcell = (pos[0], pos[16])
    qfree = [0, 0]
    for c in (0, 1):
        q = qcell[c]
        if q is None:
            continue
        n = 0
        for d in DIRS:
            if q + d in stacks:
                n += 1
        qfree[c] = 6 - n
        score[c] -= PRESS[n]
        if stacks[q][-1] != c * 16:
            score[c] -= QUEEN_COVERED
        elif len(stacks[q]) == 1 and q not in cuts:
            out: set = set()
            del stacks[q]
            board._slides(q, out)
            stacks[q] = [c * 16]
            score[c] += QUEEN_SLIDE * len(out)
    last = board.last
    in_game = board.in_game
    for pid in range(32):
        if not in_game[pid]:
            continue
        c = pid >> 4
        cell = pos[pid]
        if cell is None:
            score[c] += IN_HAND
            continue
        s = stacks[cell]
        if s[-1] != pid:
            continue
        if len(s) == 1 and cell in cuts:
            continue
        kind = KIND[pid]
        v = MOBILE[kind]
        if pid == last:
            v //= 2
        score[c] += v
        eq = qcell[1 - c]
        if eq is not None and kind != QUEEN and qfree[1 - c]:
            if kind == ANT:
                score[c] += ATTACKER
            elif _cell_distance(cell, eq) == 2:
                score[c] += ATTACKER
    return score[me] - score[1 - me]


def _terminal(status: int, me: int, ply: int) -> int:
    if status == DRAW:
        return 0
    winner = 0 if status == WHITE_WINS else 1
    return (WIN - ply) if winner == me else -(WIN - ply)


def _queen_filled(board: Board, colour: int) -> tuple[int, list[int]]:
    q = board.pos[colour * 16]
    if q is None:
        return 0, []
    empty = [q + d for d in DIRS if q + d not in board.stacks]
    return 6 - len(empty), empty


def winning_move(board: Board) -> tuple[int, int] | None:
    """A move that wins at once for the side to move, if any."""
    if board.status != IN_PROGRESS:
        return None
    me = board.ply & 1
    filled, empty = _queen_filled(board, 1 - me)
    if filled < 5:
        return None
    target = set(empty)
    want = WHITE_WINS if me == 0 else BLACK_WINS
    for p, c in board.legal_moves():
        if c not in target:
            continue
        board.play(p, c)
        ok = board.status == want
        board.undo()
        if ok:
            return (p, c)
    return None


def forced_win_in_two(board: Board, deadline: float | None = None) -> tuple[int, int] | None:
    """A move after which every reply allows a winning move, if one exists."""
    if board.status != IN_PROGRESS:
        return None
    me = board.ply & 1
    want = WHITE_WINS if me == 0 else BLACK_WINS
    if board.pos[(1 - me) * 16] is None:
        return None
    for m in board.legal_moves():
        if deadline is not None and time.perf_counter() > deadline:
            raise Timeout
        board.play(*m)
        try:
            if board.status != IN_PROGRESS:
                continue
            filled, _ = _queen_filled(board, 1 - me)
            if filled < 4:
                continue
            ok = True
            for r in board.legal_moves():
                board.play(*r)
                try:
                    if board.status == want:
                        continue
                    if board.status != IN_PROGRESS or winning_move(board) is None:
                        ok = False
                finally:
                    board.undo()
                if not ok:
                    break
            if ok:
                return m
        finally:
            board.undo()
    return None


class Searcher:
    """Iterative-deepening alpha-beta with a transposition table."""

    def __init__(self, max_branching: int = 0, seed: int | None = None) -> None:
        self.tt: dict[int, tuple[int, int, int, tuple[int, int] | None]] = {}
        self.max_branching = max_branching
        self.rng = random.Random(seed)
        self.nodes = 0
        self.depth_reached = 0

    # -- ordering -------------------------------------------------------
    def _order(self, board: Board, moves: list, ply: int, tt_move) -> list:
        me = board.ply & 1
        eq = board.pos[(1 - me) * 16]
        oq = board.pos[me * 16]
        eadj = {eq + d for d in DIRS} if eq is not None else set()
        oadj = {oq + d for d in DIRS} if oq is not None else set()
        killers = self.killers.get(ply, ())
        hist = self.history
        pos = board.pos
        scored = []
        for m in moves:
            p, c = m
            if m == tt_move:
                s = 1 << 30
            elif m in killers:
                s = 1 << 28
            else:
                s = hist.get(m, 0)
                if p >= 0:
                    src = pos[p]
                    if c == eq:
                        s += 5000
                    if c in eadj:
                        s += 3000 if (p >> 4) == me else -500
                    if src is not None:
                        if src in eadj and (p >> 4) == me:
                            s -= 2000
                        if src in oadj and (p >> 4) == me:
                            s += 1500
                        if c in oadj and (p >> 4) == me:
                            s -= 1000
                        if (p >> 4) != me and src in oadj:
                            s += 2500
                    else:
                        s -= 200
            scored.append((s, m))
        scored.sort(key=lambda t: t[0], reverse=True)
        out = [m for _, m in scored]
        if self.max_branching and len(out) > self.max_branching:
            out = out[: self.max_branching]
        return out

    # -- search ---------------------------------------------------------
    def _negamax(self, board: Board, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if (self.nodes & 127) == 0 and time.perf_counter() > self.deadline:
            raise Timeout
        st = board.status
        if st != IN_PROGRESS:
            return _terminal(st, board.ply & 1, ply)
        if depth <= 0:
            return evaluate(board)
        key = board.hash ^ (board.last + 1) * 0x9E3779B97F4A7C15
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            edepth, escore, eflag, tt_move = entry
            if edepth >= depth:
                if eflag == 0:
                    return escore
                if eflag == 1 and escore >= beta:
                    return escore
                if eflag == -1 and escore <= alpha:
                    return escore
        moves = self._order(board, board.legal_moves(), ply, tt_move)
        alpha0 = alpha
        best = -INF
        best_move = None
        for m in moves:
            board.play(*m)
            try:
                v = -self._negamax(board, depth - 1, -beta, -alpha, ply + 1)
            finally:
                board.undo()
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if m[0] >= 0 and board.pos[m[0]] is not None:
                            ks = self.killers.setdefault(ply, [])
                            if m not in ks:
                                ks.insert(0, m)
                                del ks[2:]
                        self.history[m] = self.history.get(m, 0) + depth * depth
                        break
        flag = 0 if alpha0 < best < beta else (1 if best >= beta else -1)
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def search(self, board: Board, time_limit: float, max_depth: int = 64) -> tuple[tuple[int, int], int]:
        """Best move and its score within ``time_limit`` seconds."""
        start = time.perf_counter()
        self.deadline = start + max(time_limit, 0.005)
        self.killers: dict[int, list] = {}
        self.history: dict = {}
        self.nodes = 0
        if len(self.tt) > 400_000:
            self.tt.clear()
        moves = board.legal_moves()
        if len(moves) == 1:
            return moves[0], 0
        self.rng.shuffle(moves)
        best_move = moves[0]
        best_score = -INF
        self.depth_reached = 0
        for depth in range(1, max_depth + 1):
            cur_best, cur_score = None, -INF
            try:
                ordered = self._order(board, moves, 0, best_move)
                alpha, beta = -INF, INF
                cur_best, cur_score = None, -INF
                for m in ordered:
                    board.play(*m)
                    try:
                        v = -self._negamax(board, depth - 1, -beta, -alpha, 1)
                    finally:
                        board.undo()
                    if v > cur_score:
                        cur_score, cur_best = v, m
                        if v > alpha:
                            alpha = v
                best_move, best_score = cur_best, cur_score
                self.depth_reached = depth
                if best_score >= WIN - 100 or best_score <= -(WIN - 100):
                    break
                # stop early when another iteration surely will not finish
                spent = time.perf_counter() - start
                if spent * 4 > time_limit and depth >= 2:
                    break
            except Timeout:
                if cur_best is not None:
                    best_move, best_score = cur_best, cur_score
                break
        return best_move, best_score


def greedy_move(board: Board, rng: random.Random | None = None, noise: int = 0) -> tuple[int, int]:
    """The move with the best static evaluation one ply ahead."""
    moves = board.legal_moves()
    best, best_v = moves[0], -INF
    if rng is not None:
        rng.shuffle(moves)
    for m in moves:
        board.play(*m)
        v = -evaluate(board)
        board.undo()
        if noise and rng is not None:
            v += rng.randint(-noise, noise)
        if v > best_v:
            best, best_v = m, v
    return best


def choose_move(
    board: Board,
    level: str = "hard",
    rng: random.Random | None = None,
    time_limit: float | None = None,
    searcher: Searcher | None = None,
    max_depth: int = 64,
) -> tuple[int, int]:
    """Pick a move for the side to move on ``board`` (left unchanged)."""
    if board.status != IN_PROGRESS:
        raise ValueError("the game is over")
    rng = rng or random.Random(0)
    limit = LEVEL_TIME.get(level, 1.0) if time_limit is None else time_limit
    start = time.perf_counter()
    moves = board.legal_moves()
    if len(moves) == 1:
        return moves[0]
    win = winning_move(board)
    if win is not None:
        return win
    if level == "greedy":
        return greedy_move(board, rng)
    if level == "easy":
        return greedy_move(board, rng, noise=40)
    try:
        w2 = forced_win_in_two(board, start + limit * 0.8)
    except Timeout:
        w2 = None
    if w2 is not None:
        return w2
    remaining = limit - (time.perf_counter() - start)
    searcher = searcher or Searcher(seed=rng.randrange(1 << 30))
    move, _ = searcher.search(board, max(remaining, 0.01), max_depth=max_depth)
    return move


__all__ = [
    "evaluate",
    "winning_move",
    "forced_win_in_two",
    "Searcher",
    "greedy_move",
    "choose_move",
    "LEVEL_TIME",
    "PASS",
    "BEETLE",
    "GRASSHOPPER",
    "LADYBUG",
    "MOSQUITO",
    "PILLBUG",
    "SPIDER",
]
