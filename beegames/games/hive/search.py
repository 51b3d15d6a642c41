"""The Hive searcher: iterative deepening principal-variation search.

One :class:`Searcher` is meant to live for a whole game (the app and
``simulate`` keep one computer player per seat), so what it learns stays
useful from move to move:

* a **transposition table** keyed by the position's Zobrist hash and the
  piece moved last (which may not move again at once), kept across moves;
  when full it turns over (kept read-only beside a new one); mate scores
  are stored relative to the node, so they stay right when found again at
  another distance from the root;
* **history** scores of moves that caused cut-offs (halved at every new
  search rather than forgotten), and **counter-moves** (the reply that
  refuted each move);
* a **static-evaluation cache** keyed like the table.

Within one search:

* **iterative deepening** from depth 1, with the previous iteration's best
  move searched first, until :data:`DEADLINE_SHARE` of the time (an
  iteration starts when the time left covers the estimated time of its
  first move times :data:`FIRST_MOVE_SHARE`, 0: always). The clock (and the
  ``stop`` callback) is read every :data:`CHECK_EVERY` nodes, and an
  unfinished iteration still counts when a move finished it with a better
  score or failed high; Python's garbage collector is paused meanwhile
  (:func:`gc_paused`);
* **aspiration windows** at the root (:data:`ASPIRATION`);
* **principal-variation search**: the first move gets the full window, the
  others a null window and a re-search only when they beat it;
* **late-move reductions** of quiet moves and a **null move** (a pass) far
  from the Queens' last squares; futility pruning is there but off (it did
  not pay: ``docs/hive-ai.md``);
* **staged move ordering**: the table move and the killer moves (two per
  ply, checked for legality on their own) and the counter-move are tried
  before the full move list is built; the rest is ordered by the history score plus a guess from
  the Queens' neighbourhoods;
* a small **quiescence search** at the horizon over moves that change the
  Queens' free neighbours: the side to move wins at once when it can fill
  the last free neighbour of the enemy Queen, and a side whose own Queen has
  a single free neighbour within the enemy's reach may not stand pat but
  must try the moves that free its Queen; two plies at most;
* **lazy evaluation** of the leaves below a frontier node (see
  :data:`LAZY_MARGIN`), most of them judged before the move is made;
* **exact mates**: a finished game scores ``WIN - ply``, so the shortest win
  is preferred and, with the root's checks in :mod:`ai`, a win in one or a
  forced win in two is never missed.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import itemgetter

from .board import BLACK_WINS, DIRS, IN_PROGRESS, PASS, WHITE_WINS, Board
from .evaluation import MATE_BOUND, WIN, evaluate, quick_evaluate, terminal_score

INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY = 128
#: entries of the transposition table before it turns over (the full table
#: is then kept, read-only, beside a new one: about 50 MB at most)
TT_LIMIT = 100_000
EVAL_CACHE_LIMIT = 100_000
#: quiescence: plies of Queen moves searched past the horizon
QS_PLIES = 2
#: lazy evaluation at the leaves: how far the costly terms of a position may
#: differ from its parent's (about the 98th percentile measured over
#: parent/child pairs; 0 turns lazy evaluation off)
LAZY_MARGIN = 100
#: share of an iteration's time spent on its first move (a rough figure):
#: an iteration is started when at least that much time is left
FIRST_MOVE_SHARE = 0.0
#: share of the time limit at which the search stops (what is left covers
#: unwinding the search and answering)
DEADLINE_SHARE = 0.98
#: nodes between two looks at the clock (well under 5 ms of search, even
#: where nodes are slow)
CHECK_EVERY = 64
#: aspiration window at the root, half width (0: none)
ASPIRATION = 60
#: reverse futility: a node this far above beta per ply of depth left
#: fails high on its static score (depth 1 and 2)
RFP_MARGIN = 120
#: futility at the frontier: quiet moves of a node this far below alpha
#: are not tried
FUTILITY_MARGIN = 110
#: null move: depth reduction
NULL_R = 2
#: late-move reductions start with this move of a node (0-based, counting
#: the table move and the killers)
LMR_AFTER = 3

Move = tuple[int, int]


def _last_keys() -> list[int]:
    rng = random.Random(0x51DE)
    return [rng.getrandbits(64) for _ in range(33)]


#: mixed into the table key: the piece moved last (index ``last + 1``)
LAST_KEY = _last_keys()


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a timed search: a full
    collection walks every object of the transposition table and takes
    20-35 ms, which would overrun short time limits. (Nothing the search
    keeps is cyclic; what a search leaves is collected after it.)"""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Timeout(Exception):
    """Raised inside the search when its time is up or it was asked to stop."""


@dataclass
class SearchResult:
    """What one search found."""

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: list[Move] = field(default_factory=list)
    #: depth of the iteration that was interrupted, if any (0: none)
    partial: int = 0


def _to_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score + ply
    if score < -MATE_BOUND:
        return score - ply
    return score


def _from_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score - ply
    if score < -MATE_BOUND:
        return score + ply
    return score


class Searcher:
    """Iterative-deepening principal-variation search with a persistent
    transposition table. See the module docstring."""

    def __init__(
        self,
        seed: int | None = None,
        max_branching: int = 0,
        evaluate: Callable[[Board], int] = evaluate,
        quick: Callable[[Board], int] = quick_evaluate,
        lazy_margin: int = LAZY_MARGIN,
        quiescence: bool = True,
        tt_limit: int = TT_LIMIT,
        clock: Callable[[], float] = time.perf_counter,
        lmr: bool = True,
        null_move: bool = True,
        futility: bool = False,
        aspiration: int = ASPIRATION,
        countermoves: bool = True,
        first_move_share: float = FIRST_MOVE_SHARE,
    ) -> None:
        self.rng = random.Random(seed)
        self.max_branching = max_branching
        self.evaluate = evaluate
        self.quick = quick
        self.lazy_margin = lazy_margin
        self.quiescence = quiescence
        self.tt_limit = tt_limit
        self.clock = clock
        self.lmr = lmr
        self.null_move = null_move
        self.futility = futility
        self.aspiration = aspiration
        self.countermoves = countermoves
        self.first_move_share = first_move_share
        #: the cheap terms after a move, without making it (see
        #: evaluation.make_quick), when ``quick`` offers it
        self.quick_after: Callable[[Board, int, int], int | None] | None = getattr(quick, "after", None)
        #: the reply that refuted each move (by the move it answers)
        self.counter: dict[Move, Move] = {}
        self.check_at = CHECK_EVERY
        self.tt: dict[int, tuple[int, int, int, Move | None, int]] = {}
        #: the table before the last turn-over (read, never written)
        self.tt_old: dict[int, tuple[int, int, int, Move | None, int]] = {}
        self.evals: dict[int, int] = {}
        self.history: dict[Move, int] = {}
        self.killers: list[list[Move]] = [[] for _ in range(MAX_PLY + 1)]
        self.generation = 0
        self.nodes = 0
        self.depth_reached = 0
        self.deadline = float("inf")
        self.stop: Callable[[], bool] | None = None

    # -- memory -----------------------------------------------------------
    def clear(self) -> None:
        """Forget everything learnt (a new game)."""
        self.tt.clear()
        self.tt_old.clear()
        self.evals.clear()
        self.history.clear()
        self.counter.clear()

    def _age(self) -> None:
        self.generation += 1
        for m in list(self.history):
            v = self.history[m] >> 1
            if v:
                self.history[m] = v
            else:
                del self.history[m]
        self.killers = [[] for _ in range(MAX_PLY + 1)]

    def _turn_over(self) -> None:
        """Make room in the table: the full table becomes the old one (still
        read) and a new one is started. That costs a few milliseconds
        whatever the size, where sifting the entries would cost tens."""
        self.tt_old = self.tt
        self.tt = {}

    def _probe(self, key: int) -> tuple[int, int, int, Move | None, int] | None:
        e = self.tt.get(key)
        return self.tt_old.get(key) if e is None else e

    # -- the leaves ---------------------------------------------------------
    def _static(self, board: Board) -> int:
        """The static evaluation, cached by position (it does not depend on
        the piece moved last)."""
        v = self.evals.get(board.hash)
        if v is None:
            if len(self.evals) >= EVAL_CACHE_LIMIT:
                self.evals.clear()
            v = self.evals[board.hash] = self.evaluate(board)
        return v

    def _qsearch(self, board: Board, alpha: int, beta: int, ply: int, qd: int, est2: int | None = None) -> int:
        """Quiescence at the horizon: the static score, unless a Queen is one
        move from being surrounded. The side to move wins at once when it
        can fill the last free neighbour of the enemy Queen; when its own
        Queen has a single free neighbour that the enemy can reach, it may
        not stand pat and must try the moves that free that Queen."""
        self.nodes += 1
        st = board.status
        if st != IN_PROGRESS:
            return terminal_score(st, board.ply & 1, ply)
        evals = self.evals
        stand = evals.get(board.hash)
        if stand is None:
            if est2 is not None:
                # lazy evaluation: the cheap terms plus the parent's
                # estimate of the others decide the window by a margin
                guess = self.quick(board) + est2
                margin = self.lazy_margin
                if guess - margin >= beta:
                    return guess - margin
                if guess + margin <= alpha and self._win_now(board) is None:
                    return guess + margin
            if len(evals) >= EVAL_CACHE_LIMIT:
                evals.clear()
            stand = evals[board.hash] = self.evaluate(board)
        if qd <= 0 or stand >= beta or not self.quiescence:
            # (a win at once would fail high as well: the bound holds)
            return stand
        me = board.ply & 1
        pos = board.pos
        stacks = board.stacks
        if self._win_now(board) is not None:
            return WIN - ply - 1
        if stand <= alpha:
            # failing low already; a threat to our Queen would not help
            return stand
        oq = pos[me * 16]
        if oq is not None and board.qn[me] == 5:
            hole = _hole(stacks, oq)
            if hole is not None and board.moves_to(hole, 1 - me, first=True, exact=False):
                return self._evasion(board, alpha, beta, ply, qd)
        return stand

    @staticmethod
    def _win_now(board: Board) -> Move | None:
        """A move that surrounds the enemy Queen at once, if any: a move of a
        piece onto the Queen's last free neighbour, or a placement there when
        one of our pieces covers the Queen (then that cell may touch only
        our pieces, which :meth:`Board.moves_to` does not look at)."""
        me = board.ply & 1
        eq = board.pos[16 - me * 16]
        if eq is None or board.qn[1 - me] != 5:
            return None
        stacks = board.stacks
        hole = _hole(stacks, eq)
        if hole is None:
            return None
        want = WHITE_WINS if me == 0 else BLACK_WINS
        moves = board.moves_to(hole, first=True)
        if moves:
            board.play(*moves[0])
            won = board.status == want
            board.undo()
            if won:
                return moves[0]
            # that move surrounds both Queens (a draw): look for another
            for m in board.moves_to(hole):
                board.play(*m)
                won = board.status == want
                board.undo()
                if won:
                    return m
        top = stacks[eq]
        if len(top) > 1 and (top[-1] >> 4) == me and all(
            (stacks[n][-1] >> 4) == me for d in DIRS if (n := hole + d) in stacks
        ):
            hand = board.placeable()
            if hand:
                board.play(hand[0], hole)
                won = board.status == want
                board.undo()
                if won:  # (any piece placed there fills the same cell: the first will do)
                    return (hand[0], hole)
        return None

    def _evasion(self, board: Board, alpha: int, beta: int, ply: int, qd: int) -> int:
        """Quiescence node of a side whose Queen may be surrounded next move:
        only moves that free a neighbour of that Queen (the Queen's own
        moves, neighbours stepping away, Pillbug throws of attackers) are
        tried; with none, the static score stands."""
        me = board.ply & 1
        oq = board.pos[me * 16]
        assert oq is not None
        best = -INF
        for m in board.moves_from({oq, *(oq + d for d in DIRS)}):
            board.play(*m)
            try:
                v = -self._qsearch(board, -beta, -alpha, ply + 1, qd - 1)
            finally:
                board.undo()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best if best > -INF else self._static(board)

    # -- the tree -----------------------------------------------------------
    def _check(self) -> None:
        if self.clock() > self.deadline or (self.stop is not None and self.stop()):
            raise Timeout

    def _search(self, board: Board, depth: int, alpha: int, beta: int, ply: int, pv: bool,
                null_ok: bool = True) -> int:
        if depth <= 0 or ply >= MAX_PLY:
            return self._qsearch(board, alpha, beta, ply, QS_PLIES)
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check_at = self.nodes + CHECK_EVERY
            self._check()
        st = board.status
        if st != IN_PROGRESS:
            return terminal_score(st, board.ply & 1, ply)
        key = board.hash ^ LAST_KEY[board.last + 1]
        entry = self.tt.get(key)
        if entry is None:
            entry = self.tt_old.get(key)
        tt_move = None
        if entry is not None:
            edepth, escore, eflag, tt_move, _gen = entry
            if edepth >= depth and not pv:
                escore = _from_tt(escore, ply)
                if eflag == EXACT or (eflag == LOWER and escore >= beta) or (eflag == UPPER and escore <= alpha):
                    return escore
        alpha0 = alpha
        best = -INF
        best_move: Move | None = None
        n = 0
        if tt_move is not None and not self._plausible(board, tt_move):
            tt_move = None
        me = board.ply & 1
        qn = board.qn
        # pruning only far from the Queens' last squares
        calm = not pv and qn[0] < 4 and qn[1] < 4 and (self.futility or self.null_move or self.lmr)
        quiet: Callable[[Move], bool] | None = None
        prune_quiet = False
        if calm:
            # the static score, only where a pruning test reads it
            s = self._static(board) if (self.futility and depth <= 2) or (self.null_move and depth >= 3) else 0
            if self.futility and depth <= 2 and s - RFP_MARGIN * depth >= beta:
                return s - RFP_MARGIN * depth
            if (self.null_move and null_ok and depth >= 3 and s >= beta and board.last >= 0
                    and board.pos[me * 16] is not None):
                board.play(*PASS)
                try:
                    v = -self._search(board, depth - 1 - NULL_R, -beta, -beta + 1, ply + 1, False, False)
                finally:
                    board.undo()
                if v >= beta:
                    return beta if v > MATE_BOUND else v
            if self.futility and depth == 1 and s + FUTILITY_MARGIN <= alpha:
                prune_quiet = True
                best = s + FUTILITY_MARGIN
            if prune_quiet or (self.lmr and depth >= 3):
                quiet = _quiet_test(board)
        frontier = depth == 1
        # lazy evaluation of the leaves below a frontier node: their costly
        # terms are estimated by this node's (worked out once a second
        # child is needed, so a cut-off by the first child costs nothing)
        lazy = frontier and not pv and self.lazy_margin > 0
        child_est: int | None = None
        if lazy:
            cached = self.evals.get(board.hash)
            if cached is not None:
                child_est = self.quick(board) - cached
        after = self.quick_after if lazy else None
        margin = self.lazy_margin
        for m in self._staged(board, ply, tt_move):
            if prune_quiet:
                assert quiet is not None
                if quiet(m):
                    continue
            p, c = m
            if lazy and n == 1 and child_est is None:
                child_est = self.quick(board) - self._static(board)
            if after is not None and n and child_est is not None:
                # the lazy test of the leaf, without making the move: its
                # cheap terms follow from the cells the move changes
                g = after(board, p, c)
                if g is not None and g + child_est - margin >= -alpha:
                    self.nodes += 1
                    n += 1
                    v = margin - g - child_est
                    if v > best:
                        best, best_move = v, m
                    continue
            board.play(p, c)
            try:
                if frontier:
                    if n == 0:
                        v = -self._qsearch(board, -beta, -alpha, ply + 1, QS_PLIES, child_est)
                    else:
                        v = -self._qsearch(board, -alpha - 1, -alpha, ply + 1, QS_PLIES, child_est)
                        if alpha < v < beta:
                            v = -self._qsearch(board, -beta, -alpha, ply + 1, QS_PLIES)
                elif n == 0:
                    v = -self._search(board, depth - 1, -beta, -alpha, ply + 1, pv)
                else:
                    if quiet is not None and n >= LMR_AFTER and quiet(m):
                        # late-move reduction: a quiet late move is searched
                        # a ply shallower first, and fully only if it beats alpha
                        r = 2 if n >= 2 * LMR_AFTER + 4 and depth >= 4 else 1
                        v = -self._search(board, depth - 1 - r, -alpha - 1, -alpha, ply + 1, False)
                        if v > alpha:
                            v = -self._search(board, depth - 1, -alpha - 1, -alpha, ply + 1, False)
                    else:
                        v = -self._search(board, depth - 1, -alpha - 1, -alpha, ply + 1, False)
                    if alpha < v < beta:
                        v = -self._search(board, depth - 1, -beta, -alpha, ply + 1, pv)
            finally:
                board.undo()
            n += 1
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if best_move is not None and best >= beta:
            self._reward(board, best_move, depth, ply)
        flag = LOWER if best >= beta else (EXACT if best > alpha0 else UPPER)
        old = self.tt.get(key)
        if old is None or old[0] <= depth or old[4] != self.generation:
            if len(self.tt) >= self.tt_limit:
                self._turn_over()
            self.tt[key] = (depth, _to_tt(best, ply), flag, best_move, self.generation)
        return best

    def _staged(self, board: Board, ply: int, tt_move: Move | None) -> Iterator[Move]:
        """The moves of a node after the table move: first the killer moves
        that are legal here (checked without generating every move), then,
        only if the search gets that far, all the others in order."""
        tried = []
        if tt_move is not None:
            tried.append(tt_move)
            yield tt_move
        for k in self.killers[ply]:
            if k != tt_move and board.is_legal_quick(*k):
                tried.append(k)
                yield k
        if self.countermoves and board.hist:
            h = board.hist[-1]
            cm = self.counter.get((h[0], h[2]))
            if cm is not None and cm not in tried and board.is_legal_quick(*cm):
                tried.append(cm)
                yield cm
        yield from self._order(board, board.legal_moves(), ply, tried)

    def _reward(self, board: Board, m: Move, depth: int, ply: int) -> None:
        self.history[m] = self.history.get(m, 0) + depth * depth
        if self.countermoves and board.hist:
            h = board.hist[-1]
            self.counter[(h[0], h[2])] = m
        ks = self.killers[ply]
        if m not in ks:
            ks.insert(0, m)
            del ks[2:]

    @staticmethod
    def _plausible(board: Board, m: Move) -> bool:
        """A cheap sanity check of a table move (a hash collision could give
        a move from another position): the piece exists and may be moved by
        the side to move."""
        p, c = m
        if p < 0:
            return True
        if not board.in_game[p] or p == board.last:
            return False
        src = board.pos[p]
        if src is None:
            return (p >> 4) == (board.ply & 1) and c not in board.stacks
        return board.stacks[src][-1] == p and src != c

    def _order(self, board: Board, moves: list[Move], ply: int, skip: list[Move] | None) -> list[Move]:
        me = board.ply & 1
        pos = board.pos
        stacks = board.stacks
        eq = pos[(1 - me) * 16]
        oq = pos[me * 16]
        efree = {eq + d for d in DIRS if eq + d not in stacks} if eq is not None else set()
        eadj = {eq + d for d in DIRS} if eq is not None else set()
        oadj = {oq + d for d in DIRS} if oq is not None else set()
        killers = self.killers[ply] if ply <= MAX_PLY else []
        hist_get = self.history.get
        skip = skip or []
        scored: list[tuple[int, Move]] = []
        append = scored.append
        #: the part of the guess that depends on the piece alone, and whether
        #: it is one of ours on the board (its destination then counts
        #: beside our Queen or on the enemy Queen), for the piece ``last``
        #: (a move list holds each piece's moves together)
        last = -1
        base = 0
        ours = False
        for m in moves:
            if m in skip:
                continue
            s = hist_get(m, 0)
            if m in killers:
                s += 1 << 24
            p, c = m
            if p >= 0:
                if p != last:
                    last = p
                    src = pos[p]
                    base = 0
                    ours = False
                    if (p >> 4) == me:
                        if src is None:
                            base = -200
                        else:
                            ours = True
                            if src in eadj:
                                base -= 20_000
                            if src in oadj:
                                base += 15_000
                    elif src in oadj:
                        base = 25_000
                s += base
                if c in efree:
                    s += 40_000
                if ours:
                    if c in oadj:
                        s -= 10_000
                    if c == eq:
                        s += 30_000
            append((s, m))
        scored.sort(key=_first, reverse=True)
        out = [m for _, m in scored]
        if self.max_branching and len(out) > self.max_branching:
            del out[self.max_branching :]
        return out

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
        or until ``stop()`` returns true. Returns the best move found; with
        no time at all it is the best-ordered legal move."""
        with gc_paused():
            return self._root(board, time_limit, max_depth, stop)

    def _root(
        self,
        board: Board,
        time_limit: float | None,
        max_depth: int,
        stop: Callable[[], bool] | None,
    ) -> SearchResult:
        start = self.clock()
        self.deadline = float("inf") if time_limit is None else start + max(time_limit, 0.0) * DEADLINE_SHARE
        self.stop = stop
        self.nodes = 0
        self.check_at = CHECK_EVERY
        self.depth_reached = 0
        self._age()
        moves = board.legal_moves()
        if not moves:
            raise ValueError("the game is over")
        if len(moves) == 1:
            return SearchResult(moves[0], 0, 0, 0, self.clock() - start, [moves[0]])
        self.rng.shuffle(moves)
        key = board.hash ^ LAST_KEY[board.last + 1]
        entry = self._probe(key)
        first = entry[3] if entry is not None and entry[3] in moves else None
        ordered = self._order(board, moves, 0, None)
        if first is not None:
            # the remembered best move goes first, even when the branching
            # limit (set since it was remembered) cut it from the list
            if first in ordered:
                ordered.remove(first)
            ordered.insert(0, first)
        best_move, best_score = ordered[0], -INF
        pv: list[Move] = [best_move]
        times: list[float] = []
        partial = 0
        for depth in range(1, max_depth + 1):
            t0 = self.clock()
            # aspiration: a window around the last score, widened on the
            # side where the score falls out of it
            lo, hi = -INF, INF
            if self.aspiration and depth >= 3 and abs(best_score) < MATE_BOUND:
                lo, hi = best_score - self.aspiration, best_score + self.aspiration
            cur_best: Move | None = None
            cur_score = -INF
            #: a move that failed high at the root this iteration
            raised: Move | None = None
            try:
                while True:
                    cur_best, cur_score = None, -INF
                    alpha, beta = lo, hi
                    scores: dict[Move, int] = {}
                    for i, m in enumerate(ordered):
                        board.play(*m)
                        try:
                            if i == 0:
                                v = -self._search(board, depth - 1, -beta, -alpha, 1, True)
                            else:
                                v = -self._search(board, depth - 1, -alpha - 1, -alpha, 1, False)
                                if alpha < v < beta:
                                    v = -self._search(board, depth - 1, -beta, -alpha, 1, True)
                        finally:
                            board.undo()
                        scores[m] = v
                        if v > cur_score:
                            cur_score, cur_best = v, m
                            if v > alpha:
                                alpha = v
                                if v >= beta:
                                    break
                    if cur_score >= hi and hi < INF:
                        # failed high: the move is better than hoped; again
                        # with no upper bound, that move first
                        raised = cur_best
                        assert raised is not None
                        ordered.remove(raised)
                        ordered.insert(0, raised)
                        hi = INF
                        continue
                    if cur_score <= lo and lo > -INF:
                        lo = -INF
                        continue
                    break
            except Timeout:
                # a move that finished with a better score than the previous
                # best move (searched first) is a proven improvement, and so
                # is one that failed high
                if cur_best is not None and (cur_score > lo or lo == -INF):
                    best_move, best_score = cur_best, cur_score
                elif raised is not None:
                    best_move = raised
                partial = depth
                break
            assert cur_best is not None
            best_move, best_score = cur_best, cur_score
            self.depth_reached = depth
            self.tt[key] = (depth, best_score, EXACT, best_move, self.generation)
            pv = self._pv(board, best_move)
            # next iteration: best move first, then by this iteration's scores
            ordered.sort(key=lambda mv: scores.get(mv, -INF), reverse=True)
            ordered.remove(best_move)
            ordered.insert(0, best_move)
            if abs(best_score) > MATE_BOUND:
                break
            now = self.clock()
            times.append(now - t0)
            if time_limit is not None:
                spent = now - start
                # the next iteration's time: this one's times the effective
                # branching factor (the growth from one depth to the next,
                # averaged over two steps to smooth the odd/even swing)
                ebf = 6.0
                if len(times) >= 3 and times[-3] > 0.001:
                    ebf = (times[-1] / times[-3]) ** 0.5
                elif len(times) >= 2 and times[-2] > 0.001:
                    ebf = times[-1] / times[-2]
                ebf = min(max(ebf, 1.5), 40.0)
                # start it when there is time to search at least its first
                # move (the best so far) fully: an unfinished iteration still
                # pays when another move proves better
                if spent + times[-1] * ebf * self.first_move_share > time_limit:
                    break
        return SearchResult(best_move, best_score, self.depth_reached, self.nodes, self.clock() - start, pv, partial)

    def _pv(self, board: Board, first: Move) -> list[Move]:
        """The principal variation from the table (at most 16 moves)."""
        out = [first]
        played = 0
        board.play(*first)
        played += 1
        try:
            while played < 16 and board.status == IN_PROGRESS:
                e = self._probe(board.hash ^ LAST_KEY[board.last + 1])
                if e is None or e[3] is None or e[3] not in board.legal_moves():
                    break
                out.append(e[3])
                board.play(*e[3])
                played += 1
        finally:
            for _ in range(played):
                board.undo()
        return out


def _quiet_test(board: Board) -> Callable[[Move], bool]:
    """A test of the moves of ``board``: whether a move leaves both Queens'
    surroundings alone (it neither starts nor ends beside or on a Queen,
    and it is not a Queen's own move). Only such moves are pruned or
    reduced."""
    pos = board.pos
    near: set[int] = set()
    for q in (pos[0], pos[16]):
        if q is not None:
            near.add(q)
            near.update(q + d for d in DIRS)

    def quiet(m: Move) -> bool:
        p, c = m
        if p <= 0 or p == 16 or c in near:
            return False
        src = pos[p]
        return src is None or src not in near

    return quiet


def _hole(stacks: dict[int, list[int]], q: int) -> int | None:
    """The free neighbour of the Queen on ``q`` when it is the only one."""
    hole = None
    for d in DIRS:
        if q + d not in stacks:
            if hole is not None:
                return None
            hole = q + d
    return hole


#: the score of a (score, move) pair, the key of the ordering's sort
_first = itemgetter(0)


__all__ = ["INF", "PASS", "SearchResult", "Searcher", "Timeout", "gc_paused"]
