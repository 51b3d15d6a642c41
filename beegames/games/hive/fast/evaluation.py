"""The static evaluation of :mod:`..evaluation` over the numba position.

:func:`evaluate` gives, for a ``(b, z)`` state, the very number that
``evaluation.evaluate`` gives for the equal ``Board``: centi-pieces from the
side to move's point of view, ``±WIN`` or 0 for a finished game, the bonus
for the side to move included. Every term is worked out the way the Python
version does it, with its cheap per-kind tests (a sliding piece is mobile
when it can slide out of its cell, a Spider is not walked three steps, a
Ladybug or Dragonfly free to lift off counts as mobile...), not with the
move generator: the point is the same value, faster.

Weights are an int64 array (:func:`weights_array` flattens a
:class:`~..evaluation.Weights` into it, at the ``W_*`` offsets below), so a
tuning run can pass its own to :func:`evaluate_w` / :func:`side_scores_w`
without recompiling; :func:`evaluate` reads the default array, which numba
freezes into the compiled code.

Nothing is allocated per call. The only state written is the articulation
points: ``I_CUTDONE`` is cleared on entry and :func:`.movegen.is_cut` fills
``CUTMARK`` on the first multi-run ground cell that asks, exactly as the
move generator does (so the cuts are those of :mod:`.movegen`).

Cells differ on the torus, not in the plane: distances come from
:data:`TORUS_DIST`, the hex distance of the difference of two torus
indices, which is exact for the small distances the evaluation asks about
(up to 4) because no two cells of a hive alias on the 32 x 32 grid (see
:mod:`.tables`).
"""

from __future__ import annotations

from dataclasses import fields

import numpy as np

from ..evaluation import DEFAULT_WEIGHTS, WIN, Weights
from .core import HEIGHT, I_CUTDONE, I_PLACED0, I_PLY, I_STATUS, INFO, INGAME, NBMASK, POS, STACK
from .jit import njit
from .movegen import _nb, _top, is_cut
from .tables import CELL_MASK, DIR, DRAW, IN_PROGRESS, KIND, MAXH, NCELL, POPCOUNT, SIDE, SLIDE_BITS, WHITE_WINS

QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG, DRAGONFLY = range(9)

# ------------------------------------------------------------- the weights
#: offsets of the terms in a weights array (tables take 6 or 9 entries)
W_PRESS = 0
W_CLEARABLE = 6
W_ESCAPE = 7
W_STUCK = 8
W_MOBILE = 9
W_REACH = 18
W_GUARD = 27
W_THROW = 28
W_BGUARD = 29
W_COVERED = 30
W_HAND = 31
W_NOPLACE = 32
W_TEMPO = 33
NW = 34

#: where each field of :class:`Weights` goes, and how many entries it has
_LAYOUT = {
    "press": (W_PRESS, 6),
    "clearable": (W_CLEARABLE, 1),
    "escape": (W_ESCAPE, 1),
    "queen_stuck": (W_STUCK, 1),
    "mobile": (W_MOBILE, 9),
    "reach": (W_REACH, 9),
    "pillbug_guard": (W_GUARD, 1),
    "pillbug_throw": (W_THROW, 1),
    "beetle_guard": (W_BGUARD, 1),
    "queen_covered": (W_COVERED, 1),
    "in_hand": (W_HAND, 1),
    "no_placement": (W_NOPLACE, 1),
    "tempo": (W_TEMPO, 1),
}


def weights_array(w: Weights = DEFAULT_WEIGHTS) -> np.ndarray:
    """``w`` as the flat int64 array :func:`evaluate_w` takes."""
    names = {f.name for f in fields(Weights)}
    if names != set(_LAYOUT):
        raise ValueError(f"Weights fields {sorted(names)} do not match the numba layout {sorted(_LAYOUT)}")
    out = np.zeros(NW, np.int64)
    for name, (at, size) in _LAYOUT.items():
        value = getattr(w, name)
        items = tuple(value) if isinstance(value, tuple) else (value,)
        if len(items) != size:
            raise ValueError(f"weight {name} has {len(items)} entries, the numba layout {size}")
        out[at : at + size] = items
    return out


#: the default weights (frozen into :func:`evaluate` when it is compiled)
DEFAULT_W = weights_array(DEFAULT_WEIGHTS)


# ------------------------------------------------------------------ tables
def _torus_dist() -> np.ndarray:
    """Hex distance by the torus difference of two cells: each of the 1024
    differences stands for one ``(dq, dr)`` with both in ``-15..16``."""
    out = np.zeros(NCELL, np.int64)
    for dq in range(-15, 17):
        for dr in range(-15, 17):
            out[(dq + SIDE * dr) & CELL_MASK] = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    return out


#: hex distance of two cells by ``(a - b) & CELL_MASK`` (exact up to 15)
TORUS_DIST = _torus_dist()
#: the order in which a Mosquito prefers to copy a neighbour's kind (a
#: Mosquito ranks like no neighbour at all)
RANK = np.array([0, 2, 3, 4, 7, -1, 5, 1, 6], np.int64)
#: kinds that move by sliding on the ground: they need a way out of their cell
SLIDER = np.array([k in (QUEEN, PILLBUG, SPIDER, ANT) for k in range(9)], np.bool_)
#: how far from the enemy Queen each kind usually reaches a free neighbour
#: of it in one move (Ants and Grasshoppers have tests of their own)
REACH_DIST = np.array([0, 4, 2, 0, 0, 2, 4, 0, 3], np.int64)


# ----------------------------------------------------------------- helpers
@njit
def _adjacent(a: int, q: int) -> bool:
    return bool(TORUS_DIST[(a - q) & CELL_MASK] == 1)


@njit
def _touches_pillbug(b: np.ndarray, cell: int) -> bool:
    for i in range(6):
        x = _nb(cell, i)
        if b[HEIGHT + x] > 0 and KIND[_top(b, x)] == PILLBUG:
            return True
    return False


@njit
def _enterable(b: np.ndarray, q: int) -> bool:
    """Whether a sliding piece could get into a free neighbour of the Queen
    on ``q``: along the Queen (from one free neighbour to the next, the
    Queen one gate, so the other gate must be empty), or out of a free
    neighbour's own cell by a slide."""
    m = b[NBMASK + q]
    for i in range(6):
        if (m >> i) & 1:
            continue
        for s in (1, 5):
            j = (i + s) % 6
            if not (m >> j) & 1 and b[HEIGHT + ((q + DIR[i] + DIR[j]) & CELL_MASK)] == 0:
                return True
    for i in range(6):
        if not (m >> i) & 1 and SLIDE_BITS[b[NBMASK + _nb(q, i)]] != 0:
            return True
    return False


@njit
def _hop_reaches(b: np.ndarray, cell: int, q: int) -> bool:
    """Whether a Grasshopper on ``cell`` lands next to ``q`` by some jump."""
    m = b[NBMASK + cell]
    for i in range(6):
        if not (m >> i) & 1:
            continue
        x = (cell + 2 * DIR[i]) & CELL_MASK
        while b[HEIGHT + x] > 0:
            x = (x + DIR[i]) & CELL_MASK
        if _adjacent(x, q):
            return True
    return False


@njit
def _can_place(b: np.ndarray, c: int) -> bool:
    """Whether colour ``c`` has an empty cell next to one of its (top)
    pieces and to no enemy top piece."""
    for pid in range(c * 16, c * 16 + 16):
        cell = b[POS + pid]
        if cell < 0 or _top(b, cell) != pid:
            continue
        m = b[NBMASK + cell]
        for i in range(6):
            if (m >> i) & 1:
                continue
            n = _nb(cell, i)
            ok = True
            for e in range(6):
                y = _nb(n, e)
                if b[HEIGHT + y] > 0 and (_top(b, y) >> 4) != c:
                    ok = False
                    break
            if ok:
                return True
    return False


@njit
def _around(b: np.ndarray, q: int, c: int, w: np.ndarray) -> int:
    """Colour ``c``'s score around its own Queen on ``q``: clearable
    neighbours, escapes, Pillbug and Beetle guards, a covered or stuck Queen."""
    score = 0
    guarded = False
    mq = b[NBMASK + q]
    if b[HEIGHT + q] > 1:
        stuck = True
        if (_top(b, q) >> 4) == c:
            score += w[W_BGUARD]
        else:
            score -= w[W_COVERED]
    elif not is_cut(b, q):
        bits = SLIDE_BITS[mq]
        score += w[W_ESCAPE] * min(POPCOUNT[bits], 3)
        stuck = bits == 0
    else:
        stuck = True
    for i in range(6):
        if not (mq >> i) & 1:
            continue
        n = _nb(q, i)
        top = _top(b, n)
        if (top >> 4) != c:
            continue
        kt = KIND[top]
        if b[HEIGHT + n] > 1:
            score += w[W_CLEARABLE]
            if kt == BEETLE:
                score += w[W_BGUARD]
            continue
        if not is_cut(b, n):
            score += w[W_CLEARABLE]
        if kt == BEETLE:
            score += w[W_BGUARD]
        elif kt == PILLBUG or (kt == MOSQUITO and _touches_pillbug(b, n)):
            guarded = True
            score += w[W_GUARD]
            mn = b[NBMASK + n]
            for e in range(6):
                if not (mn >> e) & 1:
                    continue
                a = _nb(n, e)
                if b[HEIGHT + a] == 1 and (b[STACK + a * MAXH] >> 4) != c and _adjacent(a, q) and not is_cut(b, a):
                    score += w[W_THROW]
    if stuck and not guarded:
        score -= w[W_STUCK]
    return score


# -------------------------------------------------------------- the score
@njit
def side_scores_w(b: np.ndarray, w: np.ndarray) -> tuple[int, int]:
    """White's and Black's parts of the static score of a game in progress,
    each from its own side, without the bonus for the side to move (like
    ``evaluation.make_side_scores``)."""
    b[INFO + I_CUTDONE] = 0
    q0 = b[POS]
    q1 = b[POS + 16]
    white = 0
    black = 0
    free0 = 0  # free neighbours of each Queen (none while it is in hand)
    free1 = 0
    if q0 >= 0:
        n = POPCOUNT[b[NBMASK + q0]]
        if n < 6:
            white -= w[W_PRESS + n]
        free0 = 6 - n
    if q1 >= 0:
        n = POPCOUNT[b[NBMASK + q1]]
        if n < 6:
            black -= w[W_PRESS + n]
        free1 = 6 - n
    # every top piece: mobility and reach
    mob0 = 0
    mob1 = 0
    reach0 = 0
    reach1 = 0
    n0 = 0
    n1 = 0
    ant0 = -1  # whether an Ant can slide in beside the enemy Queen (-1: not asked yet)
    ant1 = -1
    for pid in range(32):
        cell = b[POS + pid]
        if cell < 0:
            continue
        h = b[HEIGHT + cell]
        if b[STACK + cell * MAXH + h - 1] != pid:
            continue
        kind = KIND[pid]
        if h > 1:
            k = DRAGONFLY if kind == DRAGONFLY else BEETLE
        else:
            if is_cut(b, cell):
                continue
            m = b[NBMASK + cell]
            k = kind
            if k == MOSQUITO:
                k = -1
                best = -1
                for i in range(6):
                    if (m >> i) & 1:
                        kt = KIND[_top(b, _nb(cell, i))]
                        if RANK[kt] > best:
                            best = RANK[kt]
                            k = kt
                if k < 0:
                    continue
            if SLIDER[k] and SLIDE_BITS[m] == 0:
                continue
        c = pid >> 4
        if c == 0:
            eq = q1
            fe = free1
        else:
            eq = q0
            fe = free0
        # no mobility for a piece beside the enemy Queen
        if eq < 0 or not _adjacent(cell, eq):
            if c == 0:
                mob0 += w[W_MOBILE + kind]
            else:
                mob1 += w[W_MOBILE + kind]
        if fe == 0 or k == QUEEN or k == PILLBUG:
            continue
        if k == ANT:
            if c == 0:
                if ant0 < 0:
                    ant0 = 1 if _enterable(b, eq) else 0
                ok = ant0 == 1
            else:
                if ant1 < 0:
                    ant1 = 1 if _enterable(b, eq) else 0
                ok = ant1 == 1
        elif k == GRASSHOPPER:
            ok = _hop_reaches(b, cell, eq)
        else:
            d = TORUS_DIST[(cell - eq) & CELL_MASK]
            ok = 1 < d <= REACH_DIST[k]
        if ok:
            if c == 0:
                n0 += 1
                reach0 += w[W_REACH + kind]
            else:
                n1 += 1
                reach1 += w[W_REACH + kind]
    white += mob0
    black += mob1
    # the attack ready to land, counted up to the number of free neighbours
    if n0:
        white += reach0 if n0 <= free1 else reach0 * free1 // n0
    if n1:
        black += reach1 if n1 <= free0 else reach1 * free0 // n1
    if q0 >= 0:
        white += _around(b, q0, 0, w)
    if q1 >= 0:
        black += _around(b, q1, 1, w)
    # pieces in hand, and nowhere to place them
    total = 0
    for pid in range(32):
        total += b[INGAME + pid]
    total //= 2
    h0 = total - b[INFO + I_PLACED0]
    h1 = total - b[INFO + I_PLACED0 + 1]
    white += h0 * w[W_HAND]
    black += h1 * w[W_HAND]
    if b[INFO + I_PLY] > 1:
        if h0 and not _can_place(b, 0):
            white -= w[W_NOPLACE]
        if h1 and not _can_place(b, 1):
            black -= w[W_NOPLACE]
    return int(white), int(black)


@njit
def evaluate_w(b: np.ndarray, z: np.ndarray, w: np.ndarray) -> int:
    """The static score with the weights array ``w``, from the point of view
    of the side to move (``±WIN`` or 0 when the game is over)."""
    st = b[INFO + I_STATUS]
    me = b[INFO + I_PLY] & 1
    if st != IN_PROGRESS:
        if st == DRAW:
            return 0
        winner = 0 if st == WHITE_WINS else 1
        return WIN if winner == me else -WIN
    white, black = side_scores_w(b, w)
    return int((black - white if me else white - black) + w[W_TEMPO])


@njit
def evaluate(b: np.ndarray, z: np.ndarray) -> int:
    """The static score with the default weights (``evaluation.evaluate``)."""
    return evaluate_w(b, z, DEFAULT_W)


@njit
def quick_w(b: np.ndarray, w: np.ndarray) -> int:
    """The cheap part of the score (``evaluation.make_quick``): Queen
    pressure, pieces in hand and the bonus for the side to move."""
    total = 0
    for pid in range(32):
        total += b[INGAME + pid]
    total //= 2
    q0 = b[POS]
    q1 = b[POS + 16]
    n0 = POPCOUNT[b[NBMASK + q0]] if q0 >= 0 else 0
    n1 = POPCOUNT[b[NBMASK + q1]] if q1 >= 0 else 0
    white = (total - b[INFO + I_PLACED0]) * w[W_HAND] - (w[W_PRESS + n0] if n0 < 6 else 0)
    black = (total - b[INFO + I_PLACED0 + 1]) * w[W_HAND] - (w[W_PRESS + n1] if n1 < 6 else 0)
    if b[INFO + I_PLY] & 1:
        return int(black - white + w[W_TEMPO])
    return int(white - black + w[W_TEMPO])


@njit
def quick_evaluate(b: np.ndarray) -> int:
    """:func:`quick_w` with the default weights."""
    return quick_w(b, DEFAULT_W)


__all__ = [
    "DEFAULT_W",
    "NW",
    "evaluate",
    "evaluate_w",
    "quick_evaluate",
    "quick_w",
    "side_scores_w",
    "weights_array",
]
