"""Rule helpers on top of :mod:`board`: replaying UHP games, game-state
strings, and player-facing reasons why a move is illegal."""

from __future__ import annotations

from .board import (
    BLACK_WINS,
    DIRS,
    DRAW,
    IN_PROGRESS,
    PASS,
    STRIDE,
    TRI,
    WHITE_WINS,
    Board,
)
from .notation import NotationError, move_to_string, parse_move
from .pieces import (
    ANT,
    BEETLE,
    COLOUR_NAMES,
    DRAGONFLY,
    GRASSHOPPER,
    KIND,
    KIND_NAMES,
    LADYBUG,
    MOSQUITO,
    NAME,
    ORDER,
    PILLBUG,
    QUEEN,
    SPIDER,
    game_type_string,
)

STATE_NAMES = {IN_PROGRESS: "InProgress", WHITE_WINS: "WhiteWins", BLACK_WINS: "BlackWins", DRAW: "Draw"}


def game_state_string(board: Board) -> str:
    """UHP GameStateString of the board."""
    if board.status == IN_PROGRESS and not board.hist and board.ply == 0:
        return "NotStarted"
    return STATE_NAMES[board.status]


def turn_string(board: Board) -> str:
    """UHP turn field, e.g. ``White[3]`` (full-move number of the side to move)."""
    return f"{COLOUR_NAMES[board.ply & 1]}[{board.ply // 2 + 1}]"


def game_string(board: Board, moves: list[str]) -> str:
    """The UHP GameString: game type, state and turn, then ``moves`` (the MoveStrings played so far)
    joined by semicolons."""
    head = f"{game_type_string(board.expansions)};{game_state_string(board)};{turn_string(board)}"
    return ";".join([head, *moves]) if moves else head


def _is_legal(board: Board, piece: int, dest: int) -> bool:
    """Whether ``(piece, dest)`` is among the board's legal moves."""
    return (piece, dest) in board.legal_moves()


def play_text(board: Board, text: str) -> str:
    """Validate and play a MoveString; returns its canonical form.

    Raises NotationError for unreadable text and IllegalMoveReason (a
    ValueError) with a player-facing reason for an illegal move."""
    piece, dest = parse_move(board, text)
    if not _is_legal(board, piece, dest):
        raise IllegalMoveReason(explain_illegal(board, piece, dest))
    canonical = move_to_string(board, piece, dest)
    board.play(piece, dest)
    return canonical


class IllegalMoveReason(ValueError):
    """A readable move that the rules forbid; ``str()`` is the reason."""


def _h(board: Board, cell: int) -> int:
    s = board.stacks.get(cell)
    return len(s) if s else 0


def _gate_reason(board: Board, src: int, dest: int, lifted: int, label: str) -> str | None:
    """Reason a single step src->dest fails for a piece lifted from src, if the
    step is blocked by a gap or by losing contact."""
    for d, dl, dr in TRI:
        if src + d != dest:
            continue
        ha = _h(board, src) - lifted
        hb = _h(board, dest)
        g1 = _h(board, src + dl)
        g2 = _h(board, src + dr)
        if ha == 0 and hb == 0:
            if g1 and g2:
                return f"The {label} cannot squeeze through that gap."
            if not g1 and not g2:
                return f"The {label} would lose touch with the hive while sliding there."
        elif min(g1, g2) > max(ha, hb):
            return f"The {label} cannot squeeze through that gap between two taller stacks."
    return None


_KIND_HINT = {
    QUEEN: "The Queen Bee moves one space at a time, sliding around the hive.",
    SPIDER: "A Spider slides exactly three spaces around the hive, never squeezing through a gap or doubling back.",
    BEETLE: "A Beetle moves exactly one space, and may climb on top of the hive.",
    GRASSHOPPER: "A Grasshopper jumps in a straight line over at least one piece to the first empty space.",
    ANT: "The Soldier Ant cannot reach that space by sliding around the hive (it cannot squeeze through gaps).",
    MOSQUITO: "The Mosquito cannot reach that space with the abilities of the pieces it touches.",
    LADYBUG: "A Ladybug moves two spaces on top of the hive and then one space down to the ground.",
    PILLBUG: "A Pillbug moves one space at a time, sliding around the hive.",
    DRAGONFLY: (
        "A Dragonfly moves two spaces: onto a neighbouring stack, then to a space that is neither "
        "next to nor in line with where it started."
    ),
}


#: what :func:`explain_illegal` says of a placement refused for its space alone (one text each, so that
#: :func:`explain_no_placement` can tell them from a rule of the piece itself)
_NOT_ON_TOP = "A new piece must go on an empty space, not on top of the hive."
_TOUCHES_OPPONENT = "A new piece cannot touch a stack topped by your opponent's colour."
_TOUCHES_NONE = "A new piece must touch one of your own pieces."
_NOT_ALLOWED = "That placement is not allowed."
_SPACE_REASONS = frozenset({_NOT_ON_TOP, _TOUCHES_OPPONENT, _TOUCHES_NONE, _NOT_ALLOWED})


def explain_illegal(board: Board, piece: int, dest: int) -> str:
    """A sentence telling the player why (piece, dest) is not legal here."""
    if board.status != IN_PROGRESS:
        return "The game is over."
    me = board.ply & 1
    whose = COLOUR_NAMES[me]
    if piece < 0:
        return "You may only pass when you have no legal move."
    if not board.in_game[piece]:
        return f"{NAME[piece]} is not part of this game."
    src = board.pos[piece]
    label = KIND_NAMES[KIND[piece]]
    if src is None:
        if piece >> 4 != me:
            return f"It is {whose}'s turn: you cannot place your opponent's piece."
        kind = KIND[piece]
        first = next(p for p in ORDER[me][kind] if board.pos[p] is None)
        if first != piece:
            return f"Place {NAME[first]} before {NAME[piece]}."
        if kind == QUEEN and board.placed[me] == 0:
            return "The Queen Bee cannot be your first piece."
        if kind != QUEEN and board.placed[me] == 3 and board.pos[me * 16] is None:
            return "The Queen Bee must be placed by your fourth piece."
        if board.ply == 0:
            return "The first piece goes in the middle of the table."
        if dest in board.stacks:
            return _NOT_ON_TOP
        if board.ply == 1:
            return "Your first piece must touch White's first piece."
        own = opp = False
        for d in DIRS:
            s = board.stacks.get(dest + d)
            if s:
                if s[-1] >> 4 == me:
                    own = True
                else:
                    opp = True
        if opp:
            return _TOUCHES_OPPONENT
        if not own:
            return _TOUCHES_NONE
        return _NOT_ALLOWED
    # moving a piece that is on the board
    if board.pos[me * 16] is None:
        return "Your Queen Bee is not on the board yet, so your pieces cannot move."
    st = board.stacks[src]
    if piece >> 4 != me:
        return _explain_throw(board, piece, dest)
    if st[-1] != piece:
        return f"That {label} is covered by another piece, so it cannot move."
    if piece == board.last:
        return "That piece was moved last turn, so it cannot move this turn."
    if dest == src:
        return "A piece must end its move on a different space."
    cuts = board.cut_cells()
    if len(st) == 1 and src in cuts:
        return "That would split the hive."
    kind = KIND[piece]
    if kind == DRAGONFLY and len(st) == 2 and dest not in board.stacks and src in cuts:
        return "Carrying the piece underneath would split the hive."
    if kind == MOSQUITO and len(st) == 1:
        near = {KIND[board.stacks[src + d][-1]] for d in DIRS if src + d in board.stacks}
        if near <= {MOSQUITO}:
            return "A Mosquito touching only Mosquitoes has no ability to copy."
    one_step = kind in (QUEEN, BEETLE, PILLBUG) or (kind == MOSQUITO and len(st) > 1)
    if one_step or kind in (MOSQUITO, ANT, SPIDER):
        if dest - src in DIRS:
            r = _gate_reason(board, src, dest, 1, label)
            if r:
                return r
        elif one_step:
            return f"The {label} can only move to a neighbouring space." if kind != QUEEN else _KIND_HINT[QUEEN]
    return _KIND_HINT.get(kind, "That move is not allowed.")


def _may_lift(board: Board, pid: int) -> bool:
    """Whether ``pid``, a piece of the side to move, has the Pillbug's power
    now: a Pillbug, or a Mosquito touching a Pillbug, alone on the ground,
    its Queen Bee placed and not the last piece moved."""
    me = board.ply & 1
    cell = board.pos[pid]
    if board.status != IN_PROGRESS or pid >> 4 != me or cell is None or board.pos[me * 16] is None:
        return False
    if len(board.stacks[cell]) != 1 or pid == board.last:
        return False
    return KIND[pid] == PILLBUG or (KIND[pid] == MOSQUITO and board._touches_pillbug(cell))


def _lifters_beside(board: Board, piece: int) -> list[int]:
    """The pieces of the side to move next to ``piece`` that are a Pillbug
    or a Mosquito touching one, alone on the ground (even if moved last turn)."""
    src = board.pos[piece]
    if src is None:
        return []
    me = board.ply & 1
    out = []
    for d in DIRS:
        s = board.stacks.get(src + d)
        if s and len(s) == 1 and s[-1] >> 4 == me and KIND[s[-1]] in (PILLBUG, MOSQUITO) \
                and (KIND[s[-1]] == PILLBUG or board._touches_pillbug(src + d)):
            out.append(s[-1])
    return out


def lifts(board: Board, lifter: int) -> dict[int, set[int]]:
    """What ``lifter`` (a piece of the side to move) may lift this turn with
    the Pillbug's power: ``{lifted piece: cells where it may land}``; empty
    when it has no such power now."""
    if not _may_lift(board, lifter):
        return {}
    cell = board.pos[lifter]
    assert cell is not None
    moves: dict[int, set[int]] = {}
    board._throws(cell, board.cut_cells(), moves)
    return moves


def lifters(board: Board, piece: int) -> list[int]:
    """The pieces of the side to move that may lift ``piece`` this turn."""
    return [t for t in _lifters_beside(board, piece) if piece in lifts(board, t)]


def lifter_words(pieces: list[int]) -> str:
    """``your Pillbug``, ``your Mosquito`` or ``your Pillbug or your Mosquito``."""
    kinds = sorted({KIND_NAMES[KIND[t]] for t in pieces}, key=lambda k: k != "Pillbug")
    return " or ".join(f"your {k}" for k in kinds)


def explain_no_lift(board: Board, piece: int) -> str | None:
    """Why no piece of the side to move may lift ``piece`` this turn, when a
    Pillbug of its (or a Mosquito touching a Pillbug) stands next to it; None
    when none does, or when it may be lifted."""
    beside = _lifters_beside(board, piece)
    if not beside or board.status != IN_PROGRESS or any(piece in lifts(board, t) for t in beside):
        return None
    me = board.ply & 1
    src = board.pos[piece]
    assert src is not None
    by = lifter_words(beside)
    if board.pos[me * 16] is None:
        return f"Your Queen Bee is not on the board yet, so {by} cannot lift pieces."
    if len(board.stacks[src]) != 1:
        return f"That piece is part of a stack: {by} can only lift a piece alone on the ground."
    if piece == board.last:
        return f"That piece was moved last turn, so {by} cannot lift it this turn."
    if src in board.cut_cells():
        return "Lifting that piece would split the hive."
    if all(t == board.last for t in beside):
        return f"{by[0].upper()}{by[1:]} was moved last turn, so it cannot lift anything this turn."
    if not any(board.pos[t] is not None and any((board.pos[t] or 0) + d not in board.stacks
                                                 and (board.pos[t] or 0) + d != src for d in DIRS)
               for t in beside):
        return f"There is no empty space next to {by} to put the piece down."
    return f"The piece cannot get over {by}: the gap between two stacks is too narrow."


def _explain_throw(board: Board, piece: int, dest: int) -> str:
    """Why the side to move may not lift its opponent's ``piece`` to ``dest``."""
    beside = _lifters_beside(board, piece)
    if not beside:
        return (
            "That is your opponent's piece: you can only move it by lifting it with your "
            "Pillbug (or a Mosquito touching a Pillbug)."
        )
    reason = explain_no_lift(board, piece)
    if reason is not None:
        return reason
    if dest in board.stacks or all(dest - (board.pos[t] or 0) not in DIRS for t in beside):
        return "A lifted piece must land on an empty space next to the Pillbug."
    return "The piece cannot pass through that gap over the Pillbug."


def explain_no_placement(board: Board, piece: int) -> str:
    """Why ``piece``, in the hand of the side to move, cannot be placed
    anywhere now: a rule of the piece itself (the Queen Bee's), else that no
    empty space touches your colour without touching your opponent's."""
    me = board.ply & 1
    # the rules of the piece come first whatever the space (an empty one next to the hive, to probe)
    probe = next((c + d for c in board.stacks for d in DIRS if c + d not in board.stacks), None)
    if probe is not None:
        reason = explain_illegal(board, piece, probe)
        if reason not in _SPACE_REASONS:
            return reason
    if not any(s[-1] >> 4 == me for s in board.stacks.values()):
        return ("No stack on the board is topped by your colour, so a new piece has nowhere to go "
                "(it must touch your colour and not your opponent's).")
    return ("Every empty space next to your pieces also touches a stack topped by your opponent's "
            "colour, so a new piece has nowhere to go.")




def mosquito_copies(board: Board, piece: int) -> list[str]:
    """The kinds whose moves the Mosquito ``piece`` on the board copies now, in the rulebook's
    order: those of the pieces on top of the stacks beside it (Mosquitoes aside), or the Beetle's
    once it is on top of the hive; empty for any other piece."""
    src = board.pos[piece]
    if src is None or KIND[piece] != MOSQUITO:
        return []
    if len(board.stacks[src]) > 1:
        return [KIND_NAMES[BEETLE]]
    kinds = {KIND[s[-1]] for d in DIRS if (s := board.stacks.get(src + d))} - {MOSQUITO}
    return [KIND_NAMES[k] for k in (QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, LADYBUG, PILLBUG, DRAGONFLY)
            if k in kinds]


def carried(board: Board, piece: int, dest: int) -> int | None:
    """The piece a Dragonfly moving ``piece`` to ``dest`` takes along: the one
    right beneath it, when it leaves the top of a stack for empty ground
    (as :meth:`Board.play` moves it); else None."""
    src = board.pos[piece]
    if src is None or KIND[piece] != DRAGONFLY or dest in board.stacks:
        return None
    stack = board.stacks[src]
    return stack[-2] if len(stack) > 1 and stack[-1] == piece else None


def thrower(board: Board, piece: int, dest: int) -> int | None:
    """The piece of the side to move that throws ``piece`` (on the board) to ``dest`` with the
    Pillbug's power: a Pillbug, else a Mosquito copying one; None for a placement, and for a piece
    of the side to move that can get to ``dest`` by its own move (the two are one move, so the
    piece's own move is what it is called)."""
    if piece < 0 or board.pos[piece] is None:
        return None
    beside = sorted(_lifters_beside(board, piece), key=lambda t: KIND[t] != PILLBUG)
    by = [t for t in beside if dest in lifts(board, t).get(piece, ())]
    if not by:
        return None
    src = board.pos[piece]
    assert src is not None
    if piece >> 4 == board.ply & 1 and board.stacks[src][-1] == piece and piece != board.last:
        own: set[int] = set()
        board.piece_moves(piece, board.cut_cells(), own)
        if dest in own:
            return None
    return by[0]


def replay(expansions: str, moves: list[str]) -> tuple[Board, list[str]]:
    """Board after playing UHP ``moves`` from the start, with the canonical
    move strings. Raises NotationError / IllegalMoveReason on a bad move."""
    board = Board(expansions)
    canonical = []
    for i, text in enumerate(moves):
        try:
            canonical.append(play_text(board, text))
        except (NotationError, IllegalMoveReason) as exc:
            raise type(exc)(f"move {i + 1} ({text}): {exc}") from exc
    return board, canonical


__all__ = [
    "game_state_string",
    "turn_string",
    "game_string",
    "play_text",
    "carried",
    "explain_illegal",
    "explain_no_lift",
    "explain_no_placement",
    "mosquito_copies",
    "lifter_words",
    "lifters",
    "lifts",
    "replay",
    "thrower",
    "IllegalMoveReason",
    "PASS",
    "STRIDE",
]
