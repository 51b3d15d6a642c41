"""The Hive coach: hints and reviews from the searcher and the evaluation.

The hint is the ``hard`` player's move, searched for the hint's time (or to
a fixed depth). The outlook is the searcher's score turned into the chance
that the side to move wins (:func:`win_chance`): a forced win is 100 %, a
forced loss 0 %, and a score in between goes through a logistic curve whose
scale was fitted to the results of self-play games (``docs/coach.md``).

The reason names the evaluation terms that the move changes most in the
mover's favour, comparing the position after the move with the position
now (:func:`~.evaluation.term_parts`), in the words of a Hive player: a
piece added around the enemy Queen Bee, an enemy piece pinned, a Pillbug
guarding one's own Queen... A win in one, a forced win and a lost position
are said as such.

Hive hides nothing and has no dice, so a seat's view is the whole position.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ...core.coach import Analysis, Budget, Cancelled, Judgement, Option, Outlook
from ...core.protocol import Engine
from ...core.state import with_detail
from . import ai
from .board import DIRS, IN_PROGRESS, Board
from .describe import move_words
from .evaluation import MATE_BOUND, TERMS, WIN, term_parts, terminal_score
from .notation import NotationError, move_to_string, parse_move
from .pieces import COLOUR_NAMES, KIND, QUEEN, piece_label
from .search import Searcher
from .state import HiveState, board_from_state

#: the logistic scale of :func:`win_chance` (centi-pieces): a score this far
#: ahead is a chance of 1/(1+e^-1), about 73 %. Fitted by maximum likelihood
#: to 5,253 positions of 60 self-play games (``benchmarks/coach.py
#: --calibrate-hive 60``; docs/coach.md)
WIN_SCALE = 275.0
#: a term must move the score this much (centi-pieces) to be named in a reason
NOTABLE = 6
#: plies of forced single moves followed before a position is searched
FORCED_PLIES = 8
#: the hint's compiled searcher's table: 2**18 entries (12 MB), enough for a
#: search of a few seconds (the playing level keeps 2**20 for a whole game)
COACH_TT_BITS = 18


def win_chance(score: int) -> float:
    """The side to move's chance to win, from a search score."""
    if score > MATE_BOUND:
        return 1.0
    if score < -MATE_BOUND:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / WIN_SCALE))


def _outlook(score: int) -> Outlook:
    """A search score as the coach's outlook: the side to move's chance to win (:func:`win_chance`)."""
    return Outlook(win_chance(score), "win")


def hint_cells(state: HiveState, move: str) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The cells a screen highlights for a hinted move: where the piece
    stands (None for a placement or a pass) and where it goes (None for a
    pass)."""
    from .board import qr_of

    board = board_from_state(state)
    try:
        piece, dest = parse_move(board, move)
    except NotationError:
        return None, None
    if piece < 0:
        return None, None
    src = board.pos[piece]
    return (qr_of(src) if src is not None else None), qr_of(dest)


class HiveCoach:
    """Hints and reviews for Hive (see the module text)."""

    level = "hard"
    #: what the outlook measures (the review says it)
    meaning = "Outlook: the computer's estimate, from its search, of the player's chance to win."

    # -- the protocol -----------------------------------------------------------------
    def analyse(self, engine: Engine[Any, Any], view: HiveState, seat: int, budget: Budget, seed: int) -> Analysis:
        """The ``hard`` player's move for the side to move, searched within the budget, with the win
        chance after it and a reason in a Hive player's words; a lone legal move (or the pass) comes
        at once, unsearched."""
        board = board_from_state(view)
        moves = board.legal_moves()
        if len(moves) == 1:
            move = move_to_string(board, *moves[0])
            why = ("No piece can move and none can be placed, so the turn passes." if moves[0][0] < 0
                   else "It is the only legal move.")
            return Analysis([Option(move, move, move_words(board, move, *moves[0]), None)], why)
        result = self._search(board, budget, seed, share=0.85)
        move = move_to_string(board, *result.move)
        look = _outlook(result.score)
        reason = self.reason(board, result.move, result.score, result.depth, result.pv)
        complete = result.depth >= (budget.effort or 2) or abs(result.score) > MATE_BOUND
        # (the hint is said "for" its player already: the move without the side, as in "Hint for Ann: wQ ...")
        return Analysis([Option(move, move, move_words(board, move, *result.move), look)], reason, complete,
                        result.depth)

    def agrees(self, engine: Engine[Any, Any], view: Any, seat: int, played: Any, seed: int) -> bool | None:
        """True when the position has at most one legal move (nothing to judge); else None, leaving it
        to :meth:`judge`."""
        board = board_from_state(view)
        return True if len(board.legal_moves()) <= 1 else None

    def judge(self, engine: Engine[Any, Any], view: HiveState, seat: int, played: Any, budget: Budget,
              seed: int) -> Judgement | None:
        """How ``played`` compares with the ``hard`` player's move, as the win chance after each; None
        when the search picks ``played`` too or it cannot be read."""
        board = board_from_state(view)
        try:
            mine = parse_move(board, str(played))
        except NotationError:
            return None
        first = self._search(board, budget.share(2), seed)
        if first.move == mine:
            return None
        board.play(*mine)
        try:
            after = -self._value(board, budget, seed)
        finally:
            board.undo()
        alt = move_to_string(board, *first.move)
        before = _outlook(first.score)
        computer = Option(alt, alt, engine.describe_move(view, alt), before)
        return Judgement(before=before, after=_outlook(after), computer=computer, alternative=before)

    # -- searching -----------------------------------------------------------------------
    def _search(self, board: Board, budget: Budget, seed: int, share: float = 1.0) -> ai.SearchResult:
        """The ``hard`` player's search for the budget's time (or to its
        effort in plies); raises :class:`Cancelled` when cancelled."""
        rng = random.Random(seed)
        searcher: ai.SearcherLike = Searcher(seed=seed)
        if self.level == "hard" and ai.compiled_ready():
            # the compiled searcher, as the hard player uses it, with a table for one search; a
            # judge of the player's outlook, so a draw is worth what it is (no contempt)
            searcher = ai.compiled_searcher(seed, tt_bits=COACH_TT_BITS, contempt=0)
        if budget.effort is not None and not budget.timed:
            result = ai.analyse(board, self.level, rng, None, searcher, budget.effort, budget.cancelled)
        else:
            limit = max(0.01, budget.left() * share)
            result = ai.analyse(board, self.level, rng, limit, searcher, budget.effort, budget.stop)
        if budget.cancelled():
            raise Cancelled
        return result

    def _value(self, board: Board, budget: Budget, seed: int) -> int:
        """The score of ``board`` for its side to move: forced single moves
        are played through (the searcher scores a lone move as 0), a
        finished game is scored exactly."""
        made = 0
        try:
            while board.status == IN_PROGRESS and made < FORCED_PLIES:
                moves = board.legal_moves()
                if len(moves) != 1:
                    break
                board.play(*moves[0])
                made += 1
            if board.status != IN_PROGRESS:
                score = terminal_score(board.status, board.ply & 1, 0)
            else:
                score = self._search(board, budget, seed).score
        finally:
            for _ in range(made):
                board.undo()
        return -score if made % 2 else score

    # -- the reason -------------------------------------------------------------------------
    def reason(self, board: Board, move: tuple[int, int], score: int, depth: int,
               line: list[tuple[int, int]] | None = None) -> str:
        """One or two sentences on why ``move`` is the hint: what the move
        itself changes, or else what the line the search expects (``line``,
        starting with ``move``) leads to."""
        me = board.ply & 1
        enemy = COLOUR_NAMES[1 - me]
        if score >= WIN - 1:
            return f"It wins at once: it surrounds {enemy}'s Queen Bee."
        if score > MATE_BOUND:
            ours = (WIN - score + 1) // 2
            return (f"It wins by force: whatever {enemy} does, {enemy}'s Queen Bee is surrounded within "
                    f"{ours} of your moves.")
        if score < -MATE_BOUND:
            return (f"{enemy} can force a win whatever you play; this move holds out the longest "
                    f"({(WIN + score) // 2} more moves of {enemy}'s at best).")
        chance = f"The computer puts your chance to win at {round(100 * win_chance(score))}%."
        phrases = self.decisive(board, [move])
        lead = ""
        if not phrases and line and len(line) > 1:
            ahead = line[: min(len(line), 4)]
            phrases = self.decisive(board, ahead)
            lead = f"looking {len(ahead)} moves ahead, "
        # (the idea is the headline; the chance, which the coach's line gives as the outlook, the detail)
        if not phrases:
            return with_detail(f"No single idea stands out: the search rates it best {depth} moves ahead.", chance)
        text = lead + (phrases[0] if len(phrases) == 1 else f"{phrases[0]}, and {phrases[1]}")
        return with_detail(f"{text[0].upper()}{text[1:]}.", chance)

    def decisive(self, board: Board, line: list[tuple[int, int]], most: int = 2) -> list[str]:
        """Phrases for the terms that playing ``line`` (the hint and the
        moves expected after it) changes most in the mover's favour."""
        me = board.ply & 1
        if board.status != IN_PROGRESS:
            return []
        now = term_parts(board)
        facts_now = _Facts(board)
        made = 0
        try:
            for m in line:
                if board.status != IN_PROGRESS or m not in board.legal_moves():
                    break
                board.play(*m)
                made += 1
            if board.status != IN_PROGRESS or not made:
                return []
            after = term_parts(board)
            facts_after = _Facts(board)
        finally:
            for _ in range(made):
                board.undo()
        gains: list[tuple[int, str, int, int]] = []
        for term in now:
            d_own = after[term][me] - now[term][me]
            d_enemy = after[term][1 - me] - now[term][1 - me]
            gain = d_own - d_enemy
            if gain >= NOTABLE:
                gains.append((gain, term, d_own, d_enemy))
        gains.sort(reverse=True)
        out: list[str] = []
        for _gain, term, d_own, d_enemy in gains:
            side = "own" if d_own >= -d_enemy else "enemy"
            text = _PHRASES[term](side, me, facts_now, facts_after)
            if text and text not in out:
                out.append(text)
            if len(out) >= most:
                break
        return out


class _Facts:
    """What the phrases name: Queen neighbours, pieces on the board, pieces
    that can move, pieces within reach of the enemy Queen Bee."""

    def __init__(self, board: Board) -> None:
        self.qn = board.qn
        self.on_board = {pid for stack in board.stacks.values() for pid in stack}
        cuts = board.cut_cells()
        self.mobile: set[int] = set()
        self.reach: set[int] = set()
        queens = (board.pos[0], board.pos[16])
        for cell, stack in list(board.stacks.items()):
            pid = stack[-1]
            colour = pid >> 4
            if queens[colour] is None:
                continue
            dests: set[int] = set()
            board.piece_moves(pid, cuts, dests)
            if not dests:
                continue
            self.mobile.add(pid)
            enemy_q = queens[1 - colour]
            if enemy_q is not None and KIND[pid] != QUEEN and cell - enemy_q not in DIRS:
                free = {enemy_q + d for d in DIRS if enemy_q + d not in board.stacks}
                if dests & free:
                    self.reach.add(pid)


def _names(pids: set[int]) -> str:
    labels = sorted(piece_label(p) for p in pids)
    if len(labels) == 1:
        return labels[0]
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def _of(pids: set[int], colour: int) -> set[int]:
    return {p for p in pids if p >> 4 == colour}


Phrase = Callable[[str, int, _Facts, _Facts], str]


def _press(side: str, me: int, a: _Facts, b: _Facts) -> str:
    enemy = COLOUR_NAMES[1 - me]
    if side == "enemy":
        n = b.qn[1 - me]
        return f"it closes in on {enemy}'s Queen Bee ({n} of its 6 sides filled)"
    return f"it takes pressure off your Queen Bee ({b.qn[me]} of its 6 sides filled)"


def _mobile(side: str, me: int, a: _Facts, b: _Facts) -> str:
    if side == "enemy":
        pinned = _of(a.mobile - b.mobile, 1 - me)
        if pinned:
            return f"it pins {COLOUR_NAMES[1 - me]}'s {_names(pinned)}"
        return f"it leaves {COLOUR_NAMES[1 - me]}'s pieces fewer moves"
    gained = _of(b.mobile - a.mobile, me)
    freed = gained & a.on_board  # a piece placed meanwhile was never stuck: it is brought in, not freed
    if freed:
        return f"it frees your {_names(freed)} to move"
    if gained:
        return f"it brings your {_names(gained)} into play with room to move"
    return "it gives your pieces more moves"


def _reach(side: str, me: int, a: _Facts, b: _Facts) -> str:
    enemy = COLOUR_NAMES[1 - me]
    if side == "enemy":
        return f"it keeps {enemy}'s pieces from reaching your Queen Bee"
    new = _of(b.reach - a.reach, me)
    if new:
        return f"it brings your {_names(new)} within a move of {enemy}'s Queen Bee"
    return f"it gets more of your pieces within a move of {enemy}'s Queen Bee"


def _simple(own: str, enemy: str) -> Phrase:
    def phrase(side: str, me: int, a: _Facts, b: _Facts) -> str:
        return (own if side == "own" else enemy).format(enemy=COLOUR_NAMES[1 - me])

    return phrase


_PHRASES: dict[str, Phrase] = {
    "press": _press,
    "clearable": _simple("it keeps pieces beside your Queen Bee that can step away",
                         "it pins the pieces beside {enemy}'s Queen Bee"),
    "escape": _simple("it gives your Queen Bee room to slide away",
                      "it takes away {enemy}'s Queen Bee's room to slide"),
    "queen_stuck": _simple("it frees your Queen Bee", "it leaves {enemy}'s Queen Bee stuck"),
    "mobile": _mobile,
    "reach": _reach,
    "pillbug_guard": _simple("it puts your Pillbug beside your Queen Bee, to lift it out or throw attackers away",
                             "it takes away the Pillbug guarding {enemy}'s Queen Bee"),
    "pillbug_throw": _simple("it gives your Pillbug attackers to throw away from your Queen Bee",
                             "it keeps its attackers out of reach of {enemy}'s Pillbug"),
    "beetle_guard": _simple("it puts your Beetle beside your Queen Bee to guard the top of it",
                            "it takes away the Beetle guarding {enemy}'s Queen Bee"),
    "queen_covered": _simple("it gets the enemy off your Queen Bee",
                             "it climbs onto {enemy}'s Queen Bee, which can no longer move"),
    "in_hand": _simple("it keeps pieces in hand for later", ""),
    "no_placement": _simple("it keeps a place for your new pieces", "it leaves {enemy} no place to put new pieces"),
}
assert set(_PHRASES) == set(TERMS), "every Hive term has its words"
