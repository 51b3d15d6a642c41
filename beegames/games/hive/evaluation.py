"""Static evaluation of a Hive position for the searcher.

The score is in centi-pieces from the point of view of the side to move. It
is built from a handful of terms, each of which stands for one idea a Hive
player weighs (``docs/hive-ai.md`` explains each term and how the weights
were tuned):

* **Queen pressure**: occupied neighbours of each Queen, with a steeply
  rising penalty, since six of them lose the game.
* **Clearable neighbours**: own pieces next to one's own Queen that can step
  away soften that pressure; stuck ones do not.
* **Escape squares**: places one's Queen can slide to right now.
* **Mobility**: every piece that has a legal move (by its own ability, with
  gates, the one-hive rule and stacks taken into account), weighted by kind;
  a pinned or covered piece scores nothing, nor does a piece beside the
  enemy Queen (it is worth more where it is).
* **Reach**: pieces that can get to a free neighbour of the enemy Queen on
  their next move, weighted by kind and counted up to the number of free
  neighbours (the attack that is ready to land).
* **Defence**: a Pillbug (or a Mosquito copying one) beside its own Queen
  can lift the Queen out or throw an attacker away; a Beetle beside or on
  its own Queen guards the top of the stack; an enemy Beetle on the Queen
  freezes it.
* **Tempo**: pieces still in hand (worth more while the hive is young), a
  bonus for the side to move, and a penalty for having pieces in hand but
  nowhere to place them.

Speed matters more than anything here: the searcher evaluates every leaf, so
no move list is built. Whether a piece can move and where it can reach come
from cheap tests per kind that agree with the move generator for the common
cases (a Spider that can slide out of its cell is counted mobile even if all
three-step walks are blocked; a Ladybug or a Dragonfly that is free to lift
off is counted mobile). Articulation points come from the board's cache.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import cast

from .board import (
    DIRS,
    DIST,
    DRAW,
    FILLED,
    FREE_DIRS,
    IN_PROGRESS,
    OCCUPIED_DIRS,
    SHAPE_CACHE,
    SLIDE_OUT,
    SLIDES,
    WHITE_WINS,
    Board,
)
from .pieces import ANT, BEETLE, DRAGONFLY, GRASSHOPPER, KIND, LADYBUG, MOSQUITO, PILLBUG, QUEEN, SPIDER

WIN = 1_000_000
#: scores beyond this are wins or losses (a mate distance is folded in)
MATE_BOUND = WIN - 1000


@dataclass(frozen=True)
class Weights:
    """Weights of the evaluation terms (centi-pieces). See docs/hive-ai.md."""

    #: penalty for a Queen with n occupied neighbours, n = 0..5
    press: tuple[int, ...] = (0, 12, 36, 85, 190, 420)
    #: own pieces next to one's own Queen that can step away
    clearable: int = 10
    #: each square one's Queen can slide to (counted up to three)
    escape: int = 9
    #: a Queen that can neither slide nor be lifted out by a Pillbug
    queen_stuck: int = 20
    #: mobility by kind (Q S B G A M L P D)
    mobile: tuple[int, ...] = (0, 4, 8, 5, 11, 9, 7, 5, 8)
    #: reach of a free neighbour of the enemy Queen, by kind
    reach: tuple[int, ...] = (0, 24, 36, 27, 33, 33, 30, 18, 30)
    #: one's own Pillbug (or Mosquito beside a Pillbug) touching one's own Queen
    pillbug_guard: int = 24
    #: per enemy piece that guard could throw away from the Queen
    pillbug_throw: int = 10
    #: one's own Beetle touching or sitting on one's own Queen
    beetle_guard: int = 10
    #: an enemy piece on top of one's Queen
    queen_covered: int = 105
    #: each piece still in hand
    in_hand: int = 2
    #: pieces in hand but no cell to place them on
    no_placement: int = 30
    #: bonus for the side to move
    tempo: int = 12

    def with_(self, **changes: object) -> Weights:
        """A copy of these weights with the named fields changed (for tuning runs)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def as_dict(self) -> dict[str, object]:
        """The weights as a plain dict, field name to value."""
        return asdict(self)


DEFAULT_WEIGHTS = Weights()


def terminal_score(status: int, me: int, ply: int) -> int:
    """Score of a finished game for the side ``me``, ``ply`` plies from the root."""
    if status == DRAW:
        return 0
    winner = 0 if status == WHITE_WINS else 1
    return (WIN - ply) if winner == me else -(WIN - ply)


def make_evaluate(w: Weights = DEFAULT_WEIGHTS) -> Callable[[Board], int]:
    """An evaluation function with the given weights bound in."""
    return cast(Callable[[Board], int], _build(w, sides=False))


def make_side_scores(w: Weights = DEFAULT_WEIGHTS) -> Callable[[Board], tuple[int, int]]:
    """White's and Black's parts of the static score of a game in progress,
    each from its own side (the bonus for the side to move left out):
    :func:`make_evaluate` gives their difference plus that bonus. The coach
    reads the terms that decided from it (:func:`term_parts`)."""
    return cast(Callable[[Board], tuple[int, int]], _build(w, sides=True))


def _build(w: Weights, sides: bool) -> Callable[[Board], object]:
    press = (*w.press, 0)
    clearable_w = w.clearable
    escape_w = w.escape
    stuck_w = w.queen_stuck
    mobile = w.mobile
    reach_w = w.reach
    guard_w = w.pillbug_guard
    throw_w = w.pillbug_throw
    bguard_w = w.beetle_guard
    covered_w = w.queen_covered
    hand_w = w.in_hand
    no_place_w = w.no_placement
    tempo_w = w.tempo
    dist = DIST
    kinds = KIND
    slide_out = SLIDE_OUT
    slides = SLIDES
    filled_n = FILLED
    free_dirs = FREE_DIRS
    rank = _RANK
    slider = _SLIDER
    shapes = SHAPE_CACHE
    occupied = OCCUPIED_DIRS
    #: reach of the enemy Queen's free neighbours: the largest distance to
    #: the enemy Queen from which each kind can usually get there
    reach_dist = (0, 4, 2, 0, 0, 2, 4, 0, 3)

    def evaluate(board: Board) -> int | tuple[int, int]:
        """Static score from the point of view of the side to move."""
        st = board.status
        me = board.ply & 1
        if st != IN_PROGRESS:
            return (0, 0) if sides else terminal_score(st, me, 0)
        stacks = board.stacks
        pos = board.pos
        cuts, masks = shapes.get(board.occ) or board.shape()
        score = [0, 0]
        # -- the Queens: pressure and their free neighbours ------------------
        q0 = pos[0]
        q1 = pos[16]
        free0: tuple[int, ...] = ()
        free1: tuple[int, ...] = ()
        if q0 is not None:
            m = masks[q0]
            score[0] -= press[filled_n[m]]
            free0 = tuple([q0 + d for d in free_dirs[m]])
        if q1 is not None:
            m = masks[q1]
            score[1] -= press[filled_n[m]]
            free1 = tuple([q1 + d for d in free_dirs[m]])
        #: for each colour: the enemy Queen's cell and free neighbours
        enemy_q = (q1, q0)
        enemy_free = (free1, free0)
        #: whether a sliding piece can enter one of those (computed when needed)
        open_for: list[bool | None] = [None, None]
        # -- every piece: mobility and reach ---------------------------------
        reach_sum = [0, 0]
        reach_n = [0, 0]
        for cell, s in stacks.items():
            pid = s[-1]
            c = pid >> 4
            k = kp = kinds[pid]
            if len(s) > 1:
                if k != DRAGONFLY:
                    k = BEETLE  # on top of the hive, a climber moves like a Beetle
            elif cell in cuts:
                continue  # pinned: no mobility, no reach
            elif slider[k]:
                if not slide_out[masks[cell]]:
                    continue
            elif k == MOSQUITO:
                # copies a neighbour: mobile as the most mobile of them
                k = -1
                for d in occupied[masks[cell]]:
                    kt = kinds[stacks[cell + d][-1]]
                    if rank[kt] > rank[k]:
                        k = kt
                if k < 0 or (slider[k] and not slide_out[masks[cell]]):
                    continue
            eq = enemy_q[c]
            if eq is None or dist.get(cell - eq) != 1:
                # a piece beside the enemy Queen earns no mobility: it is
                # worth more where it is (as nokamute scores it)
                score[c] += mobile[kp]
            ef = enemy_free[c]
            if not ef or k == QUEEN or k == PILLBUG:
                continue
            # can it get to a free neighbour of the enemy Queen next move?
            if k == ANT:
                got = open_for[c]
                if got is None:
                    got = open_for[c] = _enterable(stacks, ef)
            elif k == GRASSHOPPER:
                got = False
                for d in occupied[masks[cell]]:
                    n = cell + d + d
                    while n in stacks:
                        n += d
                    if n in ef:
                        got = True
                        break
            else:
                dq = dist.get(cell - enemy_q[c], 99)  # type: ignore[operator]
                got = 1 < dq <= reach_dist[k]
            if got:
                reach_n[c] += 1
                reach_sum[c] += reach_w[kp]
        for c in (0, 1):
            n = reach_n[c]
            if n:
                cap = len(enemy_free[c])
                score[c] += reach_sum[c] if n <= cap else reach_sum[c] * cap // n
        # -- around each Queen: clearable pieces, escapes, guards ------------
        for c, q in ((0, q0), (1, q1)):
            if q is None:
                continue
            s = stacks[q]
            guarded = False
            if len(s) > 1:
                stuck = True
                if (s[-1] >> 4) == c:
                    score[c] += bguard_w
                elif s[-1] != c * 16:
                    score[c] -= covered_w
            elif q not in cuts:
                esc = slides[masks[q]]
                score[c] += escape_w * (esc if esc < 3 else 3)
                stuck = esc == 0
            else:
                stuck = True
            for d in occupied[masks[q]]:
                n = q + d
                t = stacks[n]
                top = t[-1]
                if (top >> 4) != c:
                    continue
                kt = kinds[top]
                if len(t) > 1:
                    score[c] += clearable_w + bguard_w if kt == BEETLE else clearable_w
                    continue
                if n not in cuts:
                    score[c] += clearable_w
                if kt == BEETLE:
                    score[c] += bguard_w
                elif kt == PILLBUG or (kt == MOSQUITO and _touches_pillbug(stacks, n)):
                    # it can lift the Queen out, or throw attackers away
                    guarded = True
                    score[c] += guard_w
                    for e in occupied[masks[n]]:
                        a = n + e
                        u = stacks[a]
                        if len(u) == 1 and (u[0] >> 4) != c and dist.get(a - q) == 1 and a not in cuts:
                            score[c] += throw_w
            if stuck and not guarded:
                score[c] -= stuck_w
        # -- tempo -----------------------------------------------------------
        placed = board.placed
        total = board.pieces_per_colour
        ply = board.ply
        n0 = total - placed[0]
        n1 = total - placed[1]
        white = score[0] + n0 * hand_w
        black = score[1] + n1 * hand_w
        if ply > 1:
            if n0 and not _can_place(stacks, masks, 0):
                white -= no_place_w
            if n1 and not _can_place(stacks, masks, 1):
                black -= no_place_w
        if sides:
            return white, black
        return (black - white if me else white - black) + tempo_w

    return evaluate


#: the terms of :class:`Weights`, each read alone by :func:`term_parts`
TERMS = tuple(f.name for f in fields(Weights) if f.name != "tempo")
_PART_SCORERS: dict[tuple[Weights, str], Callable[[Board], tuple[int, int]]] = {}


def _without(w: Weights, term: str) -> Weights:
    value = getattr(w, term)
    return w.with_(**{term: tuple(0 for _ in value) if isinstance(value, tuple) else 0})


def term_parts(board: Board, w: Weights = DEFAULT_WEIGHTS) -> dict[str, tuple[int, int]]:
    """What each term adds to White's and to Black's part of the static
    score (:func:`make_side_scores`) of a game in progress. The score is a
    sum of weight times count, so a term's part is the score with all
    weights less the score with that term's weights set to nought."""
    full = _scorer(w, "")(board)
    out = {}
    for term in TERMS:
        white, black = _scorer(w, term)(board)
        out[term] = (full[0] - white, full[1] - black)
    return out


def _scorer(w: Weights, term: str) -> Callable[[Board], tuple[int, int]]:
    key = (w, term)
    scorer = _PART_SCORERS.get(key)
    if scorer is None:
        scorer = _PART_SCORERS[key] = make_side_scores(_without(w, term) if term else w)
    return scorer


def _enterable(stacks: dict[int, list[int]], cells: tuple[int, ...]) -> bool:
    """Whether a sliding piece could enter one of the empty ``cells``: some
    empty neighbour with exactly one of the two gate cells occupied."""
    d0, d1, d2, d3, d4, d5 = DIRS
    for f in cells:
        fm = (
            ((f + d0) in stacks)
            | (((f + d1) in stacks) << 1)
            | (((f + d2) in stacks) << 2)
            | (((f + d3) in stacks) << 3)
            | (((f + d4) in stacks) << 4)
            | (((f + d5) in stacks) << 5)
        )
        if SLIDE_OUT[fm]:
            return True
    return False


def make_quick(w: Weights = DEFAULT_WEIGHTS) -> Callable[[Board], int]:
    """The cheap part of :func:`make_evaluate`'s score: Queen pressure,
    pieces in hand and the bonus for the side to move. It needs neither the
    articulation points nor a look at every piece; the searcher's lazy
    evaluation adds an estimate of the rest."""
    press = (*w.press, 0)
    hand_w = w.in_hand
    tempo_w = w.tempo
    kinds = KIND

    def quick(board: Board) -> int:
        total = board.pieces_per_colour
        placed = board.placed
        n0, n1 = board.qn
        white = (total - placed[0]) * hand_w - press[n0]
        black = (total - placed[1]) * hand_w - press[n1]
        return (white - black if board.ply & 1 == 0 else black - white) + tempo_w

    adjacent = frozenset(DIRS)

    def after(board: Board, piece: int, dest: int) -> int | None:
        """``quick`` of the position after the move (``piece``, ``dest``),
        worked out without making it: the Queens' neighbour counts and the
        pieces in hand change by the cells the move empties and fills. None
        for the moves where that is not simple (a Queen's own move, a
        Dragonfly that may carry a piece) or that bring a Queen to five or
        six neighbours (threats and ends the caller must see on the board)."""
        if piece <= 0 or piece == 16:
            return None
        pos = board.pos
        stacks = board.stacks
        src = pos[piece]
        n0, n1 = board.qn
        q0 = pos[0]
        q1 = pos[16]
        p0, p1 = board.placed
        if src is None:
            if piece >> 4:
                p1 += 1
            else:
                p0 += 1
        else:
            s = stacks[src]
            if len(s) == 1:
                if q0 is not None and (src - q0) in adjacent:
                    n0 -= 1
                if q1 is not None and (src - q1) in adjacent:
                    n1 -= 1
            elif kinds[piece] == DRAGONFLY:
                return None
        if dest not in stacks:
            if q0 is not None and (dest - q0) in adjacent:
                n0 += 1
            if q1 is not None and (dest - q1) in adjacent:
                n1 += 1
        if n0 >= 5 or n1 >= 5:
            return None
        total = board.pieces_per_colour
        white = (total - p0) * hand_w - press[n0]
        black = (total - p1) * hand_w - press[n1]
        # the side to move after the move is the other one
        return (black - white if board.ply & 1 == 0 else white - black) + tempo_w

    quick.after = after  # type: ignore[attr-defined]
    return quick


def _touches_pillbug(stacks: dict[int, list[int]], cell: int) -> bool:
    for d in DIRS:
        t = stacks.get(cell + d)
        if t and KIND[t[-1]] == PILLBUG:
            return True
    return False


def _can_place(stacks: dict[int, list[int]], masks: dict[int, int], c: int) -> bool:
    """Whether colour ``c`` has at least one cell to place a piece on: an
    empty cell next to one of its pieces and to no enemy piece. The newest
    cells come first: they are usually on the rim, where such cells are."""
    for cell, s in reversed(stacks.items()):
        if (s[-1] >> 4) != c:
            continue
        for d in FREE_DIRS[masks[cell]]:
            n = cell + d
            for e in DIRS:
                t = stacks.get(n + e)
                if t and (t[-1] >> 4) != c:
                    break
            else:
                return True
    return False


#: the order in which a Mosquito prefers to copy a neighbour (-1: none)
_RANK = {
    -1: -1, MOSQUITO: -1, QUEEN: 0, PILLBUG: 1, SPIDER: 2, BEETLE: 3, GRASSHOPPER: 4, LADYBUG: 5, DRAGONFLY: 6, ANT: 7
}
#: kinds that move by sliding on the ground (they need a way out of their cell)
_SLIDER = tuple(k in (QUEEN, PILLBUG, SPIDER, ANT) for k in range(9))

evaluate = make_evaluate()
quick_evaluate = make_quick()

__all__ = [
    "DEFAULT_WEIGHTS",
    "DIST",
    "MATE_BOUND",
    "WIN",
    "Weights",
    "evaluate",
    "TERMS",
    "make_evaluate",
    "make_quick",
    "make_side_scores",
    "quick_evaluate",
    "term_parts",
    "terminal_score",
]
