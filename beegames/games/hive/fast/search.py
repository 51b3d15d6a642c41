"""The Hive searcher in numba (issue 23, milestone 2): principal-variation
alpha-beta over the numba position, driven from Python by
:class:`FastSearcher`, which ``ai.py`` can use in place of ``Searcher``.

The tree walk (:func:`run`) is a loop over an explicit stack of frames, one
per ply, never a recursive function (numba's on-disk cache cannot hold
one: see :mod:`.perft`). Everything a frame needs lives in arrays: its
window, depth, state (where it resumes), the move being searched and the
re-search step, and a row of the 2-D move and score arrays. So the walk
can stop after any number of nodes and carry on later from where it was:
:func:`run` is called with a node budget, returns 1 when the budget is
spent (the position then holds the moves along the current line) and 0
when the root frame is done. The Python driver reads its clock between
two such chunks (a few milliseconds each), which is how the time limit,
the ``stop`` callback and any clock (CPU or wall, or a test's fake one)
are honoured without compiled code reading a clock.

What a node does (as :mod:`..search` does, where it paid):

* the **evaluation cache**: the static score of a position, by its hash
  (which includes the side to move; the score does not depend on the
  piece moved last), in two numpy arrays of 2**16 slots (1 MB), one per
  hash modulo the size, always replaced; about a third of the leaves find
  their score there, and a search to a fixed depth is 12 % faster with the
  very same tree;
* the **transposition table**: numpy arrays of keys (the position's hash
  XOR a key for the piece moved last) and rows of (move, depth, bound,
  score, generation), one slot per key modulo the size, replaced unless
  the slot holds a deeper entry of the current search; mate scores stored
  relative to the node; kept across the searches of a game;
* **move ordering**: the table move, the two killer moves of the ply, the
  history score (halved at each new search), and a guess from the Queens'
  surroundings (filling a free neighbour of the enemy Queen first, moving
  a piece away from it last, freeing one's own Queen early), picked one
  at a time (selection), as a cut-off usually comes early;
* **principal-variation search** (null windows after the first move,
  re-searched when they beat alpha);
* **late-move reductions** of quiet moves (neither from nor to a Queen's
  cell or neighbours, not a Queen's move) from the fourth move of any
  non-PV node at depth 3 or more, by one ply (two from the eleventh at
  depth 4 or more), re-searched at full depth when they beat alpha
  (``lmr=LMR_CALM`` reduces only where neither Queen has four neighbours,
  as before 2026-12-03's seventh round: 44 % more nodes to depth 6; see
  ``docs/hive-ai.md``);
* a **null move** (a pass) at non-PV nodes of depth 3 or more whose static
  score is at beta, only when both Queens have at most three neighbours,
  never twice in a row, at depth - 3;
* **lazy evaluation** at the leaves below a non-PV frontier node (depth
  1): a leaf's static score is its cheap terms (``quick_evaluate``: Queen
  pressure, pieces in hand, the side to move) minus the costly terms of
  its parent, which has just been evaluated (the costly terms change
  little in one move, and the side to move changes); when that guess clears the leaf's window by
  :data:`LAZY_MARGIN` the leaf returns it, less (or plus) the margin,
  without the full evaluation. A leaf in the evaluation cache uses its
  exact score; a leaf failing low is first checked for a win at once. The
  parent is evaluated when a second child is needed (or at once if it is
  cached), so a cut-off by the first child costs nothing extra. It is
  search.py's lazy evaluation, without its test before the move is made
  (which made this searcher slower: ``docs/hive-ai.md``, tenth round);
* **quiescence** at the horizon, two plies at most: the static score,
  except that the side to move wins at once when a move fills the enemy
  Queen's last free neighbour, and a side whose own Queen has one free
  neighbour that the enemy can reach may not stand pat: it tries the
  moves of the pieces on and around that Queen (its own steps,
  neighbours stepping away, Pillbug throws);
* finished games score ``WIN - ply``; a draw (by repetition as board.py
  counts it, or by both Queens) scores 0, or with a **contempt** ``c``,
  ``-c`` for the side to move at the root and ``c`` for the other (a side
  that expects to outplay its opponent plays on rather than repeat).

Aspiration windows (±60 from the third iteration), iterative deepening and
the time control are in the Python driver.

The evaluation is imported in one place, :data:`evaluate` below.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import numpy as np

from ..board import Board
from ..evaluation import MATE_BOUND, WIN
from ..evaluation import evaluate as board_evaluate
from ..search import LAZY_MARGIN, SearchResult, gc_paused  # (the margin is search.py's)
from .convert import FastBoard
from .core import HEIGHT, I_LAST, I_PLY, I_SP, I_STATUS, INFO, NBMASK, POS, ZHASH, make, unmake
from .evaluation import evaluate, quick_evaluate  # the one place the evaluation is chosen
from .jit import njit
from .movegen import generate
from .tables import BLACK_WINS, CELL_MASK, DIR, DRAW, IN_PROGRESS, MAXMOVES, POPCOUNT, WHITE_WINS

INF = 10 * WIN
MAX_PLY = 64
QS_PLIES = 2
#: frames: the main search to MAX_PLY, quiescence two plies beyond
NFRAMES = MAX_PLY + QS_PLIES + 2
NO_MOVE = -2  # (the pass is -1)
NULL_R = 2
LMR_AFTER = 3
#: where late moves are reduced (``FastSearcher``'s ``lmr``)
LMR_OFF, LMR_CALM, LMR_NON_PV = 0, 1, 2
ASPIRATION = 60
#: what a draw costs the side searched for, by default nothing: 40 lost its own 100-game match
#: (47.5 %) and gained no clear score against nokamute (``docs/hive-ai.md``, ninth round)
CONTEMPT = 0
#: a frame's F_EST before its estimate is worked out
NO_EST = -INF
#: share of the time limit at which the search stops (as search.py)
DEADLINE_SHARE = 0.98
#: transposition table slots (a power of two: 2**20 slots take 48 MB)
TT_BITS = 20
#: evaluation cache slots (a power of two: 2**16 slots take 1 MB)
EVAL_BITS = 16
#: how long one compiled chunk should last, in seconds of the clock
CHUNK_SECONDS = 0.004

EXACT, LOWER, UPPER = 0, 1, 2
# table columns
T_MOVE, T_DEPTH, T_BOUND, T_SCORE, T_GEN = range(5)
TW = 5

# frame fields (F[ply, *])
(
    F_DEPTH, F_ALPHA, F_BETA, F_PV, F_NULLOK, F_STATE, F_ALPHA0, F_BEST, F_BESTMOVE, F_N, F_I, F_STEP,
    F_QD, F_STAND, F_TTMOVE, F_LMR, F_MOVE, F_EST,
) = range(18)
NF = 20

# frame states
S_ENTER, S_QCHILD, S_NULL_RET, S_NEXT, S_CHILD_RET, S_QNEXT, S_QRET = range(7)
# re-search steps of a child
STEP_FULL, STEP_NW, STEP_RED = range(3)

# control scalars (C[*])
C_TOP, C_RET, C_NODES, C_LIMIT, C_GEN, C_QS, C_NULL, C_LMR, C_SEL, C_CONTEMPT, C_LAZY = range(11)
NC = 12


def _last_keys() -> np.ndarray:
    rng = np.random.default_rng(0x51DE)
    return rng.integers(1, 2**63 - 1, size=33, dtype=np.int64).astype(np.uint64)


#: mixed into the table key by the piece moved last (index ``last + 1``)
LAST_KEYS = _last_keys()


# ------------------------------------------------------------------ helpers
@njit
def node_key(b: np.ndarray, z: np.ndarray) -> np.uint64:
    """The table key of the position: its hash and the piece moved last."""
    return np.uint64(z[ZHASH + b[INFO + I_SP]] ^ LAST_KEYS[b[INFO + I_LAST] + 1])


@njit
def cache_probe(b: np.ndarray, z: np.ndarray, ek: np.ndarray, ev: np.ndarray) -> int:
    """The position's static score if the evaluation cache (``ek`` its keys,
    ``ev`` its scores) holds it, else NO_EST."""
    h = z[ZHASH + b[INFO + I_SP]]
    slot = int(h & np.uint64(len(ek) - 1))
    if ek[slot] == h:
        return int(ev[slot])
    return NO_EST


@njit
def evaluate_into(b: np.ndarray, z: np.ndarray, ek: np.ndarray, ev: np.ndarray) -> int:
    """The static score of a game in progress, worked out and stored in the
    evaluation cache (after :func:`cache_probe` missed)."""
    h = z[ZHASH + b[INFO + I_SP]]
    slot = int(h & np.uint64(len(ek) - 1))
    v = evaluate(b, z)
    ek[slot] = h
    ev[slot] = v
    return v


@njit
def cached_evaluate(b: np.ndarray, z: np.ndarray, ek: np.ndarray, ev: np.ndarray) -> int:
    """The static score of a game in progress, from the evaluation cache or
    worked out and stored there."""
    v = cache_probe(b, z, ek, ev)
    return evaluate_into(b, z, ek, ev) if v == NO_EST else v


@njit
def _adjacent(c: int, q: int) -> bool:
    d = (c - q) & CELL_MASK
    return bool(d == DIR[0] & CELL_MASK or d == DIR[1] & CELL_MASK or d == DIR[2] & CELL_MASK
                or d == DIR[3] & CELL_MASK or d == DIR[4] & CELL_MASK or d == DIR[5] & CELL_MASK)


@njit
def _near(c: int, q: int) -> bool:
    """``c`` is the Queen's cell ``q`` or one of its neighbours (q placed)."""
    return c == q or _adjacent(c, q)


@njit
def _hole(b: np.ndarray, q: int) -> int:
    """The one free neighbour of the occupied cell ``q`` (-1 unless exactly one)."""
    m = b[NBMASK + q]
    if POPCOUNT[m] != 5:
        return -1
    for i in range(6):
        if not (m >> i) & 1:
            return int((q + DIR[i]) & CELL_MASK)
    return -1


@njit
def _terminal(status: int, me: int, ply: int, contempt: int) -> int:
    if status == DRAW:  # worth -contempt to the side to move at the root
        return -contempt if ply % 2 == 0 else contempt
    winner = 0 if status == WHITE_WINS else 1
    return WIN - ply if winner == me else -(WIN - ply)


@njit
def _to_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score + ply
    if score < -MATE_BOUND:
        return score - ply
    return score


@njit
def _from_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score - ply
    if score < -MATE_BOUND:
        return score + ply
    return score


@njit
def win_now(b: np.ndarray, z: np.ndarray, buf: np.ndarray) -> int:
    """A move that surrounds the enemy Queen at once (and not both), or
    NO_MOVE. Only moves onto the Queen's last free neighbour can; ``buf``
    is scratch for the move list."""
    me = b[INFO + I_PLY] & 1
    eq = b[POS + 16 - me * 16]
    if eq < 0:
        return NO_MOVE
    hole = _hole(b, eq)
    if hole < 0:
        return NO_MOVE
    want = WHITE_WINS if me == 0 else BLACK_WINS
    n = generate(b, buf)
    for i in range(n):
        m = buf[i]
        if m < 0 or (m & CELL_MASK) != hole:
            continue
        make(b, z, m)
        won = b[INFO + I_STATUS] == want
        unmake(b)
        if won:
            return int(m)
    return NO_MOVE


@njit
def _enemy_reaches(b: np.ndarray, z: np.ndarray, cell: int, buf: np.ndarray) -> bool:
    """Whether the side not to move has a move onto ``cell`` (looked at
    after a pass, so the piece moved last is not excluded: a safe guess)."""
    make(b, z, -1)
    n = generate(b, buf)
    found = False
    for i in range(n):
        if buf[i] >= 0 and (buf[i] & CELL_MASK) == cell:
            found = True
            break
    unmake(b)
    return found


@njit
def _order(b: np.ndarray, moves: np.ndarray, scores: np.ndarray, n: int, ttm: int,
           k0: int, k1: int, hist: np.ndarray) -> None:
    """Ordering scores of the ``n`` moves (higher first)."""
    me = b[INFO + I_PLY] & 1
    eq = b[POS + 16 - me * 16]
    oq = b[POS + me * 16]
    for i in range(n):
        m = moves[i]
        if m < 0:
            scores[i] = 0
            continue
        if m == ttm:
            scores[i] = 1 << 40
            continue
        s = hist[m]
        if m == k0 or m == k1:
            s += 1 << 24
        pid = m >> 10
        dest = m & CELL_MASK
        src = b[POS + pid]
        ours = False
        if (pid >> 4) == me:
            if src < 0:
                s -= 200
            else:
                ours = True
                if eq >= 0 and _adjacent(src, eq):
                    s -= 20_000
                if oq >= 0 and _adjacent(src, oq):
                    s += 15_000
        elif oq >= 0 and src >= 0 and _adjacent(src, oq):
            s += 25_000
        if eq >= 0 and b[HEIGHT + dest] == 0 and _adjacent(dest, eq):
            s += 40_000
        if ours and oq >= 0:
            if _adjacent(dest, oq):
                s -= 10_000
            if dest == eq:
                s += 30_000
        scores[i] = s


@njit
def _quiet(b: np.ndarray, m: int) -> bool:
    """A move that leaves both Queens' surroundings alone."""
    if m < 0:
        return True
    pid = m >> 10
    if pid == 0 or pid == 16:
        return False
    dest = m & CELL_MASK
    src = b[POS + pid]
    for q in (b[POS], b[POS + 16]):
        if q >= 0 and (_near(dest, q) or (src >= 0 and _near(src, q))):
            return False
    return True


@njit
def unwind(b: np.ndarray, sp: int) -> None:
    """Take back moves until the history depth is ``sp`` again."""
    while b[INFO + I_SP] > sp:
        unmake(b)


# ------------------------------------------------------------------ the walk
@njit
def run(b: np.ndarray, z: np.ndarray, F: np.ndarray, keys: np.ndarray, moves: np.ndarray,
        scores: np.ndarray, tt_keys: np.ndarray, tt: np.ndarray, killers: np.ndarray,
        hist: np.ndarray, C: np.ndarray, ek: np.ndarray, ev: np.ndarray) -> int:
    """Walk the tree set up in ``F[0]`` until it is done (0, its score in
    ``C[C_RET]``) or ``C[C_NODES]`` reaches ``C[C_LIMIT]`` (1: call again
    to go on). See the module docstring."""
    top = C[C_TOP]
    ret = C[C_RET]
    nodes = C[C_NODES]
    limit = C[C_LIMIT]
    gen = C[C_GEN]
    use_qs = C[C_QS] != 0
    use_null = C[C_NULL] != 0
    lmr_mode = C[C_LMR]
    mask = np.uint64(len(tt_keys) - 1)
    while True:
        p = top
        st = F[p, F_STATE]
        pop = False
        if st == S_ENTER or st == S_QCHILD:
            if nodes >= limit:
                C[C_TOP] = top
                C[C_RET] = ret
                C[C_NODES] = nodes
                return 1
            nodes += 1
            status = b[INFO + I_STATUS]
            if status != IN_PROGRESS:
                ret = _terminal(status, b[INFO + I_PLY] & 1, p, C[C_CONTEMPT])
                pop = True
            elif st == S_ENTER and F[p, F_DEPTH] > 0 and p < MAX_PLY:
                depth = F[p, F_DEPTH]
                alpha = F[p, F_ALPHA]
                beta = F[p, F_BETA]
                pv = F[p, F_PV] != 0
                key = node_key(b, z)
                keys[p] = key
                slot = int(key & mask)
                ttm = NO_MOVE
                if tt_keys[slot] == key:
                    ttm = tt[slot, T_MOVE]
                    if tt[slot, T_DEPTH] >= depth and not pv:
                        s = _from_tt(tt[slot, T_SCORE], p)
                        bd = tt[slot, T_BOUND]
                        if bd == EXACT or (bd == LOWER and s >= beta) or (bd == UPPER and s <= alpha):
                            ret = s
                            pop = True
                if not pop:
                    F[p, F_TTMOVE] = ttm
                    F[p, F_EST] = NO_EST
                    F[p, F_ALPHA0] = alpha
                    F[p, F_BEST] = -INF
                    F[p, F_BESTMOVE] = NO_MOVE
                    me = b[INFO + I_PLY] & 1
                    q0 = b[POS]
                    q1 = b[POS + 16]
                    calm = (not pv and (q0 < 0 or POPCOUNT[b[NBMASK + q0]] < 4)
                            and (q1 < 0 or POPCOUNT[b[NBMASK + q1]] < 4))
                    reducible = calm if lmr_mode == LMR_CALM else (not pv and lmr_mode == LMR_NON_PV)
                    F[p, F_LMR] = 1 if reducible and depth >= 3 else 0
                    if (calm and use_null and F[p, F_NULLOK] != 0 and depth >= 3 and b[INFO + I_LAST] >= 0
                            and b[POS + me * 16] >= 0 and cached_evaluate(b, z, ek, ev) >= beta):
                        make(b, z, -1)
                        c = p + 1
                        F[c, F_DEPTH] = depth - 1 - NULL_R
                        F[c, F_ALPHA] = -beta
                        F[c, F_BETA] = -beta + 1
                        F[c, F_PV] = 0
                        F[c, F_NULLOK] = 0
                        F[c, F_STATE] = S_ENTER
                        F[p, F_STATE] = S_NULL_RET
                        F[p, F_STEP] = 1
                        top = c
                        continue
                    # no null move: straight on to the moves
                    F[p, F_STATE] = S_NULL_RET
                    F[p, F_STEP] = 0
            else:
                # quiescence: the static score with the Queen threats
                if st == S_ENTER:
                    F[p, F_QD] = QS_PLIES if use_qs else 0
                qd = F[p, F_QD]
                alpha = F[p, F_ALPHA]
                beta = F[p, F_BETA]
                stand = cache_probe(b, z, ek, ev)
                if stand == NO_EST and st == S_ENTER and p > 0 and F[p - 1, F_EST] != NO_EST:
                    # lazy evaluation: the cheap terms minus the parent's costly
                    # ones (the other side's view) decide the window by a margin
                    guess = quick_evaluate(b) + F[p - 1, F_EST]
                    margin = C[C_LAZY]
                    if guess - margin >= beta:
                        stand = guess - margin
                        qd = 0
                    elif guess + margin <= alpha and win_now(b, z, moves[p]) == NO_MOVE:
                        stand = guess + margin
                        qd = 0
                if stand == NO_EST:
                    stand = evaluate_into(b, z, ek, ev)
                ret = stand
                pop = True
                if qd > 0 and stand < beta:
                    if win_now(b, z, moves[p]) != NO_MOVE:
                        ret = WIN - p - 1
                    elif stand > alpha:
                        me = b[INFO + I_PLY] & 1
                        oq = b[POS + me * 16]
                        hole = _hole(b, oq) if oq >= 0 else -1
                        if hole >= 0 and _enemy_reaches(b, z, hole, moves[p + 1]):
                            n = generate(b, moves[p])
                            k = 0
                            for i in range(n):
                                m = moves[p, i]
                                if m >= 0:
                                    src = b[POS + (m >> 10)]
                                    if src >= 0 and _near(src, oq):
                                        moves[p, k] = m
                                        k += 1
                            if k > 0:
                                F[p, F_N] = k
                                F[p, F_I] = 0
                                F[p, F_BEST] = -INF
                                F[p, F_STAND] = stand
                                F[p, F_STATE] = S_QNEXT
                                pop = False
            if pop:
                top = p - 1
                if top < 0:
                    break
                continue
            if F[p, F_STATE] == S_QNEXT:
                continue
        # ---- a frame resumed after a child, or moving on
        st = F[p, F_STATE]
        if st == S_NULL_RET:
            depth = F[p, F_DEPTH]
            beta = F[p, F_BETA]
            if F[p, F_STEP] == 1:  # a null move was searched
                unmake(b)
                v = -ret
                if v >= beta:
                    ret = beta if v > MATE_BOUND else v
                    top = p - 1
                    if top < 0:
                        break
                    continue
            n = generate(b, moves[p])
            F[p, F_N] = n
            F[p, F_I] = 0
            _order(b, moves[p], scores[p], n, F[p, F_TTMOVE], killers[p, 0], killers[p, 1], hist)
            F[p, F_STATE] = S_NEXT
            st = S_NEXT
        if st == S_CHILD_RET:
            v = -ret
            step = F[p, F_STEP]
            alpha = F[p, F_ALPHA]
            beta = F[p, F_BETA]
            depth = F[p, F_DEPTH]
            c = p + 1
            if step == STEP_RED and v > alpha:
                F[c, F_DEPTH] = depth - 1
                F[c, F_ALPHA] = -alpha - 1
                F[c, F_BETA] = -alpha
                F[c, F_PV] = 0
                F[c, F_NULLOK] = 1
                F[c, F_STATE] = S_ENTER
                F[p, F_STEP] = STEP_NW
                top = c
                continue
            if step == STEP_NW and alpha < v < beta:
                F[c, F_DEPTH] = depth - 1
                F[c, F_ALPHA] = -beta
                F[c, F_BETA] = -alpha
                F[c, F_PV] = F[p, F_PV]
                F[c, F_NULLOK] = 1
                F[c, F_STATE] = S_ENTER
                F[p, F_STEP] = STEP_FULL
                top = c
                continue
            unmake(b)
            F[p, F_I] += 1
            if v > F[p, F_BEST]:
                F[p, F_BEST] = v
                F[p, F_BESTMOVE] = F[p, F_MOVE]
                if v > alpha:
                    F[p, F_ALPHA] = v
            F[p, F_STATE] = S_NEXT
            st = S_NEXT
        if st == S_NEXT:
            i = F[p, F_I]
            n = F[p, F_N]
            alpha = F[p, F_ALPHA]
            beta = F[p, F_BETA]
            depth = F[p, F_DEPTH]
            if i >= n or F[p, F_BEST] >= beta:
                best = F[p, F_BEST]
                bm = F[p, F_BESTMOVE]
                if best >= beta and bm >= 0:
                    hist[bm] += depth * depth
                    if killers[p, 0] != bm:
                        killers[p, 1] = killers[p, 0]
                        killers[p, 0] = bm
                bound = LOWER if best >= beta else (EXACT if best > F[p, F_ALPHA0] else UPPER)
                key = keys[p]
                slot = int(key & mask)
                if tt[slot, T_GEN] != gen or tt[slot, T_DEPTH] <= depth:
                    tt_keys[slot] = key
                    tt[slot, T_MOVE] = bm
                    tt[slot, T_DEPTH] = depth
                    tt[slot, T_BOUND] = bound
                    tt[slot, T_SCORE] = _to_tt(best, p)
                    tt[slot, T_GEN] = gen
                ret = best
                top = p - 1
                if top < 0:
                    break
                continue
            # pick the best-scored move left
            row = scores[p]
            j = i
            for k in range(i + 1, n):
                if row[k] > row[j]:
                    j = k
            if j != i:
                t = row[i]
                row[i] = row[j]
                row[j] = t
                t = moves[p, i]
                moves[p, i] = moves[p, j]
                moves[p, j] = t
            m = moves[p, i]
            F[p, F_MOVE] = m
            if depth == 1 and F[p, F_EST] == NO_EST and C[C_LAZY] > 0 and F[p, F_PV] == 0:
                # the leaves' costly terms, estimated by this node's (worked out
                # when a second child is needed, or at once if cached)
                v = cache_probe(b, z, ek, ev) if i == 0 else cached_evaluate(b, z, ek, ev)
                if v != NO_EST:
                    F[p, F_EST] = quick_evaluate(b) - v
            reduce = 0
            if i >= LMR_AFTER and F[p, F_LMR] != 0 and _quiet(b, m):
                reduce = 2 if i >= 2 * LMR_AFTER + 4 and depth >= 4 else 1
            make(b, z, m)
            c = p + 1
            F[c, F_NULLOK] = 1
            F[c, F_STATE] = S_ENTER
            if i == 0:
                F[c, F_DEPTH] = depth - 1
                F[c, F_ALPHA] = -beta
                F[c, F_BETA] = -alpha
                F[c, F_PV] = F[p, F_PV]
                F[p, F_STEP] = STEP_FULL
            else:
                F[c, F_DEPTH] = depth - 1 - reduce
                F[c, F_ALPHA] = -alpha - 1
                F[c, F_BETA] = -alpha
                F[c, F_PV] = 0
                F[p, F_STEP] = STEP_RED if reduce else STEP_NW
            F[p, F_STATE] = S_CHILD_RET
            top = c
            continue
        if st == S_QRET:
            unmake(b)
            v = -ret
            F[p, F_I] += 1
            if v > F[p, F_BEST]:
                F[p, F_BEST] = v
                if v > F[p, F_ALPHA]:
                    F[p, F_ALPHA] = v
            F[p, F_STATE] = S_QNEXT
            st = S_QNEXT
        if st == S_QNEXT:
            i = F[p, F_I]
            if i >= F[p, F_N] or F[p, F_BEST] >= F[p, F_BETA]:
                ret = F[p, F_BEST]
                top = p - 1
                if top < 0:
                    break
                continue
            make(b, z, moves[p, i])
            c = p + 1
            F[c, F_ALPHA] = -F[p, F_BETA]
            F[c, F_BETA] = -F[p, F_ALPHA]
            F[c, F_QD] = F[p, F_QD] - 1
            F[c, F_DEPTH] = 0
            F[c, F_STATE] = S_QCHILD
            F[p, F_STATE] = S_QRET
            top = c
            continue
    C[C_TOP] = -1
    C[C_RET] = ret
    C[C_NODES] = nodes
    return 0


@njit
def age(hist: np.ndarray, killers: np.ndarray) -> None:
    """A new search: history halved, killers forgotten."""
    for i in range(len(hist)):
        hist[i] >>= 1
    killers[:] = NO_MOVE


@njit
def table_move(b: np.ndarray, z: np.ndarray, tt_keys: np.ndarray, tt: np.ndarray) -> int:
    """The table's best move for the position (NO_MOVE if none)."""
    key = node_key(b, z)
    slot = int(key & np.uint64(len(tt_keys) - 1))
    if tt_keys[slot] == key:
        return int(tt[slot, T_MOVE])
    return NO_MOVE


def warm_up() -> float:
    """Compile the search (or load it from numba's cache) with a tiny
    search; the seconds it took. A program should call it once before its
    first timed search, which would otherwise pay for it (about 0.6 s
    loading from the cache, 15-20 s compiling into an empty one)."""
    start = time.perf_counter()
    b = Board("MLPD")
    for _ in range(6):
        b.play(*b.legal_moves()[0])
    s = FastSearcher(seed=0, tt_bits=10)
    s.search(b, None, max_depth=2)
    fb = FastBoard(b)
    unwind(fb.b, int(fb.b[INFO + I_SP]))  # (the clean-up of a search cut short)
    return time.perf_counter() - start


# ------------------------------------------------------------------ the driver
class FastSearcher:
    """Iterative deepening over :func:`run`, with ``Searcher``'s interface
    as ``ai.py`` uses it (``search``, ``clock``, ``evaluate``, ``clear``,
    ``nodes``, ``depth_reached``, ``max_branching``). One lives for a game:
    its transposition table, history and killers stay from move to move.

    ``quiescence``, ``null_move`` and ``lmr`` switch those features (tests
    compare the plain alpha-beta with a brute-force minimax); ``lmr`` is
    ``LMR_NON_PV`` (reductions at every non-PV node, the default),
    ``LMR_CALM`` (only at non-PV nodes where neither Queen has four
    neighbours: the earlier default, ``docs/hive-ai.md``) or ``LMR_OFF``
    (0; False); ``tt_bits``
    and ``eval_bits`` size the transposition table and the evaluation
    cache; ``contempt`` is what a draw costs the side the search is for
    (:data:`CONTEMPT` by default; 0: a draw is even); ``lazy_margin`` the
    margin of the lazy evaluation (0: every leaf evaluated in full, the
    tree of the searcher before 2026-12-03's tenth round)."""

    def __init__(
        self,
        seed: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        quiescence: bool = True,
        null_move: bool = True,
        lmr: int = LMR_NON_PV,
        aspiration: int = ASPIRATION,
        tt_bits: int = TT_BITS,
        max_branching: int = 0,
        eval_bits: int = EVAL_BITS,
        contempt: int = CONTEMPT,
        lazy_margin: int = LAZY_MARGIN,
    ) -> None:
        self.rng = random.Random(seed)
        self.clock = clock
        #: board.py's evaluation, for ai.py's one-ply levels
        self.evaluate: Callable[[Board], int] = board_evaluate
        self.aspiration = aspiration
        #: accepted for ``Searcher``'s interface; the fast search does not cut moves
        self.max_branching = max_branching
        self.tt_keys = np.zeros(1 << tt_bits, np.uint64)
        self.tt_keys[:] = 0  # (touched now, not page by page during the first search)
        self.tt = np.zeros((1 << tt_bits, TW), np.int64)
        self.tt[:, T_DEPTH] = -1
        self.hist = np.zeros(32 * 1024, np.int64)
        #: the evaluation cache (a static score stays right for the whole game)
        self.eval_keys = np.zeros(1 << eval_bits, np.uint64)
        self.eval_scores = np.zeros(1 << eval_bits, np.int64)
        self.killers = np.full((NFRAMES, 2), NO_MOVE, np.int64)
        self.frames = np.zeros((NFRAMES, NF), np.int64)
        self.keys = np.zeros(NFRAMES, np.uint64)
        self.moves = np.zeros((NFRAMES, MAXMOVES), np.int64)
        self.scores = np.zeros((NFRAMES, MAXMOVES), np.int64)
        self.moves[:] = 0
        self.scores[:] = 0
        self.ctl = np.zeros(NC, np.int64)
        self.ctl[C_QS] = int(quiescence)
        self.ctl[C_NULL] = int(null_move)
        self.ctl[C_LMR] = int(lmr)
        self.ctl[C_CONTEMPT] = int(contempt)
        self.ctl[C_LAZY] = int(lazy_margin)
        #: the colour the last search was for (a draw's score in the table depends on it)
        self.root_side = -1
        self.generation = 0
        self.nodes = 0
        self.depth_reached = 0
        #: nodes per second of :attr:`clock`, measured (for sizing chunks)
        self.rate = 200_000.0

    def clear(self) -> None:
        """Forget everything learnt (a new game)."""
        self._forget_table()
        self.hist[:] = 0

    def _forget_table(self) -> None:
        self.tt_keys[:] = 0
        self.tt[:] = 0
        self.tt[:, T_DEPTH] = -1

    # -- one iteration ------------------------------------------------------
    def _start(self, depth: int, alpha: int, beta: int) -> None:
        f = self.frames
        f[0, F_DEPTH] = depth
        f[0, F_ALPHA] = alpha
        f[0, F_BETA] = beta
        f[0, F_PV] = 1
        f[0, F_NULLOK] = 0
        f[0, F_STATE] = S_ENTER
        f[0, F_BESTMOVE] = NO_MOVE
        f[0, F_BEST] = -INF
        self.ctl[C_TOP] = 0

    def _chunk(self, fb: FastBoard, budget: int) -> int:
        c = self.ctl
        c[C_LIMIT] = c[C_NODES] + budget
        return int(run(fb.b, fb.z, self.frames, self.keys, self.moves, self.scores, self.tt_keys, self.tt,
                       self.killers, self.hist, c, self.eval_keys, self.eval_scores))

    # -- the root -----------------------------------------------------------
    def search(
        self,
        board: Board,
        time_limit: float | None = None,
        max_depth: int = 64,
        stop: Callable[[], bool] | None = None,
    ) -> SearchResult:
        """Search ``board`` (left unchanged) for at most ``time_limit``
        seconds of :attr:`clock` (None: no limit) and ``max_depth`` plies,
        or until ``stop()`` returns true; the best move in board.py's form."""
        with gc_paused():
            return self._root(board, time_limit, max_depth, stop)

    def _root(self, board: Board, time_limit: float | None, max_depth: int,
              stop: Callable[[], bool] | None) -> SearchResult:
        clock = self.clock
        start = clock()
        deadline = float("inf") if time_limit is None else start + max(time_limit, 0.0) * DEADLINE_SHARE
        fb = FastBoard(board)
        root_moves = fb.raw_moves()
        if len(root_moves) == 0:
            raise ValueError("the game is over")
        if len(root_moves) == 1:
            m = fb.decode(int(root_moves[0]))
            return SearchResult(m, 0, 0, 0, clock() - start, [m])
        side = int(fb.b[INFO + I_PLY]) & 1
        if self.ctl[C_CONTEMPT] and side != self.root_side:
            # the table's draws were scored for the other colour
            self._forget_table()
        self.root_side = side
        self.generation += 1
        self.ctl[C_GEN] = self.generation
        self.ctl[C_NODES] = 0
        age(self.hist, self.killers)
        sp0 = int(fb.b[INFO + I_SP])
        tm = int(table_move(fb.b, fb.z, self.tt_keys, self.tt))
        best_move = tm if tm in root_moves else int(root_moves[self.rng.randrange(len(root_moves))])
        best_score = -INF
        partial = 0
        self.depth_reached = 0
        max_depth = min(max_depth, MAX_PLY)
        last_check = start
        last_nodes = 0
        # chunks of at most 2 % of the time limit, so the last one ends close to the deadline
        chunk = CHUNK_SECONDS if time_limit is None else min(CHUNK_SECONDS, max(time_limit, 0.0) / 50)
        budget = max(64, int(self.rate * chunk))
        timed_out = False
        for depth in range(1, max_depth + 1):
            lo, hi = -INF, INF
            if self.aspiration and depth >= 3 and abs(best_score) < MATE_BOUND:
                lo, hi = best_score - self.aspiration, best_score + self.aspiration
            while True:
                self._start(depth, lo, hi)
                while True:
                    done = self._chunk(fb, budget) == 0
                    if done:
                        break
                    now = clock()
                    dn = int(self.ctl[C_NODES]) - last_nodes
                    if now > last_check and dn > 0:
                        self.rate = 0.5 * self.rate + 0.5 * dn / (now - last_check)
                        budget = max(64, int(self.rate * chunk))
                    last_check, last_nodes = now, int(self.ctl[C_NODES])
                    if now >= deadline or (stop is not None and stop()):
                        timed_out = True
                        break
                    if time_limit is not None:
                        # the last chunk ends at the deadline
                        budget = min(budget, max(64, int(self.rate * (deadline - now))))
                if timed_out:
                    break
                score = int(self.ctl[C_RET])
                if score >= hi and hi < INF:
                    hi = INF
                    continue
                if score <= lo and lo > -INF:
                    lo = -INF
                    continue
                break
            if timed_out:
                f = self.frames
                cur, cur_score = int(f[0, F_BESTMOVE]), int(f[0, F_BEST])
                if cur != NO_MOVE and (cur_score > lo or lo == -INF):
                    best_move, best_score = cur, cur_score
                partial = depth
                unwind(fb.b, sp0)
                break
            best_move = int(self.frames[0, F_BESTMOVE])
            best_score = score
            self.depth_reached = depth
            if abs(best_score) > MATE_BOUND:
                break
            if clock() >= deadline:
                break
        self.nodes = int(self.ctl[C_NODES])
        move = fb.decode(best_move)
        pv = self._pv(fb, best_move)
        return SearchResult(move, best_score if best_score > -INF else 0, self.depth_reached, self.nodes,
                            clock() - start, pv, partial)

    def _pv(self, fb: FastBoard, first: int) -> list[tuple[int, int]]:
        """The principal variation from the table (at most 16 moves)."""
        out = [fb.decode(first)]
        fb.play(*out[0])
        played = 1
        while played < 16 and fb.status == IN_PROGRESS:
            m = int(table_move(fb.b, fb.z, self.tt_keys, self.tt))
            if m == NO_MOVE or m not in fb.raw_moves():
                break
            mv = fb.decode(m)
            out.append(mv)
            fb.play(*mv)
            played += 1
        for _ in range(played):
            fb.undo()
        return out


__all__ = ["FastSearcher", "INF", "run", "warm_up", "win_now"]
