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
    mask_at,
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
    # Everything the evaluation reads is looked up in tables built here once
    # per weight set (by neighbour mask or by piece id) and bound to local
    # names: the function runs at every leaf of the search.
    #: the pressure on a Queen and its escape bonus, by the Queen's cell's
    #: neighbour mask
    press_by_mask = tuple(w.press[FILLED[m]] if FILLED[m] < 6 else 0 for m in range(64))
    escape_by_mask = tuple(w.escape * min(SLIDES[m], 3) for m in range(64))
    clearable_w = w.clearable
    stuck_w = w.queen_stuck
    #: mobility and reach weights by piece id
    mob = tuple(w.mobile[k] if k >= 0 else 0 for k in KIND)
    reach_w = tuple(w.reach[k] if k >= 0 else 0 for k in KIND)
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
    rank = _RANK
    slider = _SLIDER
    shapes = SHAPE_CACHE
    occupied = OCCUPIED_DIRS
    adjacent = _ADJACENT
    #: how a piece on top of a stack moves, by piece id: as a Beetle, or a
    #: Dragonfly as itself
    stacked_kind = tuple(DRAGONFLY if k == DRAGONFLY else BEETLE for k in KIND)
    #: reach of the enemy Queen's free neighbours: the largest distance to
    #: the enemy Queen from which each kind can usually get there
    reach_dist = (0, 4, 2, 0, 0, 2, 4, 0, 3)

    def evaluate(board: Board) -> int | tuple[int, int]:
        """Static score from the point of view of the side to move."""
        st = board.status
        if st != IN_PROGRESS:
            return (0, 0) if sides else terminal_score(st, board.ply & 1, 0)
        stacks = board.stacks
        pos = board.pos
        cuts, masks = shapes.get(board.occ) or board.shape()
        # -- the Queens: pressure and their free neighbours ------------------
        q0 = pos[0]
        q1 = pos[16]
        white = black = 0
        #: for each colour: the enemy Queen's cell (far away when it is in
        #: hand) and the number of its free neighbours
        if q0 is None:
            eq1 = _FAR
            free0 = 0
        else:
            m = masks[q0]
            white -= press_by_mask[m]
            eq1 = q0
            free0 = 6 - FILLED[m]
        if q1 is None:
            eq0 = _FAR
            free1 = 0
        else:
            m = masks[q1]
            black -= press_by_mask[m]
            eq0 = q1
            free1 = 6 - FILLED[m]
        # -- every piece: mobility and reach ---------------------------------
        mob0 = mob1 = 0
        reach0 = reach1 = 0  # weights of the pieces that reach
        n0 = n1 = 0  # and their number
        #: whether a sliding piece can enter a free neighbour of the enemy
        #: Queen, for each colour (worked out when an Ant asks)
        ant0: bool | None = None
        ant1: bool | None = None
        for cell, s in stacks.items():
            if len(s) > 1:
                pid = s[-1]
                k = stacked_kind[pid]  # on top of the hive, a climber moves like a Beetle
            elif cell in cuts:
                continue  # pinned: no mobility, no reach
            else:
                pid = s[0]
                k = kinds[pid]
                if k == MOSQUITO:
                    # copies a neighbour: mobile as the most mobile of them
                    k = -1
                    for d in occupied[masks[cell]]:
                        kt = kinds[stacks[cell + d][-1]]
                        if rank[kt] > rank[k]:
                            k = kt
                    if k < 0 or (slider[k] and not slide_out[masks[cell]]):
                        continue
                elif slider[k] and not slide_out[masks[cell]]:
                    continue
            # (the two colours' halves below are the same but for their
            # names: a deliberate copy, this loop is the hottest of the search)
            if pid & 16:
                # a piece beside the enemy Queen earns no mobility: it is
                # worth more where it is (as nokamute scores it)
                if (cell - eq1) not in adjacent:
                    mob1 += mob[pid]
                # can it get to a free neighbour of the enemy Queen next move?
                if not free0 or k == QUEEN or k == PILLBUG:
                    continue
                if k == ANT:
                    if ant1 is None:
                        ant1 = _enterable(stacks, eq1, masks[eq1])
                    if not ant1:
                        continue
                elif k == GRASSHOPPER:
                    for d in occupied[masks[cell]]:
                        x = cell + d + d
                        while x in stacks:
                            x += d
                        if (x - eq1) in adjacent:
                            break
                    else:
                        continue
                elif not 1 < dist.get(cell - eq1, 99) <= reach_dist[k]:
                    continue
                n1 += 1
                reach1 += reach_w[pid]
            else:
                if (cell - eq0) not in adjacent:
                    mob0 += mob[pid]
                if not free1 or k == QUEEN or k == PILLBUG:
                    continue
                if k == ANT:
                    if ant0 is None:
                        ant0 = _enterable(stacks, eq0, masks[eq0])
                    if not ant0:
                        continue
                elif k == GRASSHOPPER:
                    for d in occupied[masks[cell]]:
                        x = cell + d + d
                        while x in stacks:
                            x += d
                        if (x - eq0) in adjacent:
                            break
                    else:
                        continue
                elif not 1 < dist.get(cell - eq0, 99) <= reach_dist[k]:
                    continue
                n0 += 1
                reach0 += reach_w[pid]
        white += mob0
        black += mob1
        # the attack ready to land: counted up to the number of free neighbours
        if n0:
            white += reach0 if n0 <= free1 else reach0 * free1 // n0
        if n1:
            black += reach1 if n1 <= free0 else reach1 * free0 // n1
        # -- around each Queen: clearable pieces, escapes, guards ------------
        if q0 is not None:
            white += _around(stacks, cuts, masks, q0, 0)
        if q1 is not None:
            black += _around(stacks, cuts, masks, q1, 1)
        # -- tempo -----------------------------------------------------------
        placed = board.placed
        total = board.pieces_per_colour
        h0 = total - placed[0]
        h1 = total - placed[1]
        white += h0 * hand_w
        black += h1 * hand_w
        if board.ply > 1:
            if h0 and not _can_place(stacks, masks, 0):
                white -= no_place_w
            if h1 and not _can_place(stacks, masks, 1):
                black -= no_place_w
        if sides:
            return white, black
        return (black - white if board.ply & 1 else white - black) + tempo_w

    def _around(stacks: dict[int, list[int]], cuts: frozenset[int], masks: dict[int, int], q: int, c: int) -> int:
        """Colour ``c``'s score around its own Queen on ``q``: clearable
        neighbours, escapes, guards, a covered or stuck Queen."""
        score = 0
        s = stacks[q]
        guarded = False
        if len(s) > 1:
            stuck = True
            top = s[-1]
            if (top >> 4) == c:
                score += bguard_w
            elif top != c * 16:
                score -= covered_w
        elif q not in cuts:
            m = masks[q]
            score += escape_by_mask[m]
            stuck = not slide_out[m]
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
                score += clearable_w + bguard_w if kt == BEETLE else clearable_w
                continue
            if n not in cuts:
                score += clearable_w
            if kt == BEETLE:
                score += bguard_w
            elif kt == PILLBUG or (kt == MOSQUITO and _touches_pillbug(stacks, n)):
                # it can lift the Queen out, or throw attackers away
                guarded = True
                score += guard_w
                for e in occupied[masks[n]]:
                    a = n + e
                    u = stacks[a]
                    if len(u) == 1 and (u[0] >> 4) != c and (a - q) in adjacent and a not in cuts:
                        score += throw_w
        if stuck and not guarded:
            score -= stuck_w
        return score

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


def _enterable(stacks: dict[int, list[int]], q: int, mask: int) -> bool:
    """Whether a sliding piece could enter one of the free neighbours of
    the Queen on ``q`` (whose cell's neighbour mask is ``mask``): some empty
    neighbour with exactly one of the two gate cells occupied."""
    # first the slides along the Queen: from a free neighbour f to a free
    # neighbour of both, past the Queen (one gate occupied): it needs only
    # the other gate to be empty
    for x in _ALONG_QUEEN[mask]:
        if (q + x) not in stacks:
            return True
    for d in FREE_DIRS[mask]:
        if SLIDE_OUT[mask_at(stacks, q + d)]:
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


#: for each colour, the cell where :func:`_can_place` last found it could
#: place a piece: tried first next time (the positions a search evaluates
#: one after another differ by a move or two, so it usually still fits)
_PLACE_AT: list[int | None] = [None, None]


def _can_place(stacks: dict[int, list[int]], masks: dict[int, int], c: int) -> bool:
    """Whether colour ``c`` has at least one cell to place a piece on: an
    empty cell next to one of its pieces and to no enemy piece. The cell
    found last time is tried first; then the newest cells: they are usually
    on the rim, where such cells are."""
    n = _PLACE_AT[c]
    if n is not None and n not in stacks:
        own = False
        for e in DIRS:
            t = stacks.get(n + e)
            if t:
                if (t[-1] >> 4) != c:
                    break
                own = True
        else:
            if own:
                return True
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
                _PLACE_AT[c] = n
                return True
    return False


#: the order in which a Mosquito prefers to copy a neighbour (-1: none)
_RANK = {
    -1: -1, MOSQUITO: -1, QUEEN: 0, PILLBUG: 1, SPIDER: 2, BEETLE: 3, GRASSHOPPER: 4, LADYBUG: 5, DRAGONFLY: 6, ANT: 7
}
#: kinds that move by sliding on the ground (they need a way out of their cell)
_SLIDER = tuple(k in (QUEEN, PILLBUG, SPIDER, ANT) for k in range(9))
#: the offsets of the six neighbours, as a set
_ADJACENT = frozenset(DIRS)
#: by a Queen's cell's neighbour mask: for each free neighbour f (direction
#: i) and each free cell beside both the Queen and f (direction i + 1 or
#: i - 1 from the Queen), the offset from the Queen of the other gate of
#: the slide from f to that cell (its first gate is the Queen): when that
#: cell is empty, a sliding piece can enter f
_ALONG_QUEEN = tuple(
    tuple(
        DIRS[i] + DIRS[(i + s) % 6]
        for i in range(6)
        if not (m >> i) & 1
        for s in (1, -1)
        if not (m >> ((i + s) % 6)) & 1
    )
    for m in range(64)
)
#: a cell far from every cell of the hive (an enemy Queen still in hand)
_FAR = 1 << 40

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
