"""Pure helpers for drawing a Hive state (used by the terminal screen).

Cells are axial ``(q, r)`` pairs as in :mod:`beegames.core.hexgrid`
(pointy-top, directions E, SE, SW, W, NW, NE). UHP relative positions map to
neighbour directions like this: ``ref-`` east, ``ref\\`` south-east,
``/ref`` south-west, ``-ref`` west, ``\\ref`` north-west, ``ref/`` north-east,
and a bare ``ref`` means on top of that piece's stack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from beegames.core.hexgrid import DIRECTIONS, Hex
from beegames.core.words import and_list, plural

from .board import IN_PROGRESS, cell_of, qr_of
from .describe import PASS_REASON, read_line
from .hints import movable_cells, piece_cell, top_piece, why_illegal, why_immobile
from .notation import NotationError, move_to_string, parse_move
from .pieces import COLOUR_NAMES, ID_OF, KIND, KIND_NAMES, MOSQUITO, NAME, PILLBUG, ids_in_game
from .rules import carried, explain_no_lift, lifter_words, lifters, lifts, mosquito_copies
from .state import HiveState, board_from_state

#: UHP separator pair (before, after) -> axial offset from the reference piece
UHP_OFFSETS: dict[tuple[str, str], Hex] = {
    ("", "-"): DIRECTIONS[0],
    ("", "\\"): DIRECTIONS[1],
    ("/", ""): DIRECTIONS[2],
    ("-", ""): DIRECTIONS[3],
    ("\\", ""): DIRECTIONS[4],
    ("", "/"): DIRECTIONS[5],
}


def uhp_cell(ref_cell: Hex, sep_before: str = "", sep_after: str = "") -> Hex:
    """Cell named by a UHP relative position around a piece at ``ref_cell``
    (no separator: the reference's own cell, i.e. on top of it)."""
    if not sep_before and not sep_after:
        return ref_cell
    dq, dr = UHP_OFFSETS[(sep_before, sep_after)]
    return (ref_cell[0] + dq, ref_cell[1] + dr)


def board_cells(state: HiveState) -> list[tuple[int, int, list[str]]]:
    """Every occupied cell as ``(q, r, stack bottom->top)``."""
    return [(c.q, c.r, list(c.stack)) for c in state.cells]


def reserve(state: HiveState, colour: int) -> list[str]:
    """Pieces still in ``colour``'s hand (0 White, 1 Black), in placement order."""
    on_board = {n for c in state.cells for n in c.stack}
    in_game = ids_in_game(state.expansions)
    return [NAME[p] for p in range(colour * 16, colour * 16 + 15) if in_game[p] and NAME[p] not in on_board]


def last_move_cells(state: HiveState) -> tuple[Hex | None, Hex | None]:
    """(from, to) cells of the previous move; ``from`` is None for a placement."""
    return state.last_from, state.last_to


@dataclass(frozen=True)
class LastMove:
    """The last move of a log, for the line that says it after who played it."""

    #: ``w`` or ``b``
    side: str
    #: its words, the same as the log's line (``Queen Bee placed left of White's Ladybug``); for a
    #: pass, why (``no legal move``)
    words: str
    passed: bool = False

    def said(self, who: str | None) -> tuple[str, str]:
        """The sentence of the move as ``(lead, words)``, the words to stand out and a full stop
        after them: ``("Ben: ", "Queen Bee placed left of White's Ladybug")``, a pass ``("Ben
        passes: ", "no legal move")``; with ``who`` None the move's words alone (the side to play
        says whose move it was), a pass still after its side's colour."""
        if self.passed:
            return f"{who or COLOUR_NAMES[self.side == 'b']} passes: ", self.words
        return (f"{who}: " if who else ""), self.words


def last_move(log: list[str]) -> LastMove | None:
    """The last move of ``log``: the side that played it and its words, the same words as the log's
    line; None before the first move."""
    for line in reversed(log):
        read = read_line(line)
        if read is not None:
            colour, move, words = read
            if move == "pass":
                return LastMove(colour[0].lower(), PASS_REASON, passed=True)
            return LastMove(colour[0].lower(), words)
    return None


def targets(state: HiveState, piece_name: str) -> dict[Hex, str]:
    """Legal destinations of ``piece_name`` (a reserve piece to place or a
    board piece to move, including an opponent's piece a Pillbug may throw),
    each with its UHP MoveString."""
    if piece_name not in ID_OF:
        return {}
    pid = ID_OF[piece_name]
    board = board_from_state(state)
    out: dict[Hex, str] = {}
    for p, c in board.legal_moves():
        if p == pid:
            out[qr_of(c)] = move_to_string(board, p, c)
    return out


#: the keys screen's line on using a Pillbug (or a Mosquito beside one); the rules summary says it too
LIFT_HELP = ("To lift a piece with your Pillbug (or a Mosquito beside one), select the piece to be lifted, of "
             "either colour, then the lit space where it lands; the status names the lifter. Selecting a Pillbug "
             "that cannot move itself lights the pieces it can lift")


#: the last sentence of a selection's status: the keys that play or cancel
KEYS = "Enter on one to play it, Esc to cancel."


@dataclass(frozen=True)
class Selection:
    """What selecting a piece gives the player whose turn it is, as the
    rules see it: where it may go, the pieces it may lift instead (a
    Pillbug, or a Mosquito beside one, that cannot move itself), and the
    status to show while it is selected, or why it cannot be selected."""

    piece: str
    #: where it may go: cell -> MoveString
    targets: dict[Hex, str] = field(default_factory=dict)
    #: a lifter that cannot move itself: the pieces next to it it may lift, by their cells
    lifts: dict[Hex, str] = field(default_factory=dict)
    #: the status while it is selected; when it cannot be, why not
    text: str = ""
    #: the same in as few words as say it, without the keys that play or cancel (the footer names
    #: them too): for a screen whose status line has no room for the whole text
    brief: str = ""
    #: the brief form without what a Mosquito copies, when even that is too long
    briefest: str = ""

    @property
    def forms(self) -> tuple[str, ...]:
        """The status in the forms a screen may show, longest first: whole, without the keys, in
        brief (the first that fits is shown)."""
        whole = self.text.removesuffix(f" {KEYS}")
        return tuple(dict.fromkeys(t for t in (self.text, whole, self.brief, self.briefest) if t))

    @property
    def usable(self) -> bool:
        """True if the piece can be selected (it may go somewhere, or lift a piece)."""
        return bool(self.targets or self.lifts)


def _plain(name: str) -> str:
    return name


def _names(names: list[str], label: Callable[[str], str], joint: str = "or") -> str:
    labels = [label(n) for n in names]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + f" {joint} {labels[-1]}"


def _lifter_phrase(pids: list[int], label: Callable[[str], str]) -> str:
    """``your Pillbug ⬢P`` or ``your Pillbug ⬢P or your Mosquito ⬢M``."""
    return " or ".join(f"{lifter_words([t])} {label(NAME[t])}" for t in
                       sorted(pids, key=lambda t: KIND[t] != PILLBUG))


def select(state: HiveState, piece: str, label: Callable[[str], str] = _plain) -> Selection:
    """What selecting ``piece`` gives the side to move (see :class:`Selection`);
    ``label`` writes a piece's name as the screen draws it."""
    if piece not in ID_OF:
        return Selection(piece, text=f"There is no piece called {piece}.")
    board = board_from_state(state)
    pid = ID_OF[piece]
    if board.status != IN_PROGRESS:
        return Selection(piece, text="The game is over.")
    me = board.ply & 1
    kind = KIND_NAMES[KIND[pid]]
    found = {qr_of(c): move_to_string(board, p, c) for p, c in board.legal_moves() if p == pid}
    src = board.pos[pid]
    by = lifters(board, pid) if src is not None else []
    lit = f"{plural(len(found), 'destination')} lit"
    then = KEYS
    if pid >> 4 != me:
        if found:
            lifter = _lifter_phrase(by, label)
            return Selection(piece, found, text=f"{label(piece)} ({kind}), lifted by {lifter}: {lit}. {then}",
                             brief=f"{label(piece)} ({kind}), lifted by {lifter}: {len(found)} lit.")
        no_lift = explain_no_lift(board, pid) if src is not None else None
        return Selection(piece, text=no_lift or "That piece is not yours.")
    lifted = {qr_of(board.pos[t] or 0): NAME[t] for t in lifts(board, pid)} if src is not None else {}
    if not found:
        if not lifted:
            return Selection(piece, text=why_immobile(state, piece))
        names = _names(sorted(lifted.values()), label)
        assert src is not None
        why = ("cannot move without splitting the hive" if src in board.cut_cells() and len(board.stacks[src]) == 1
               else "has no move of its own")
        return Selection(piece, lifts=lifted, text=f"{label(piece)} ({kind}) {why} but can lift {names}: select "
                                                   f"{'it' if len(lifted) == 1 else 'one'}, then where it lands.")
    # the destinations only a lift reaches (the rest the piece reaches by itself)
    by_lift = 0
    if by and src is not None:
        own: set[int] = set()
        if pid != board.last and board.stacks[src][-1] == pid:
            board.piece_moves(pid, board.cut_cells(), own)
        by_lift = sum(1 for c in found if cell_of(*c) not in own)
    # a Dragonfly on a stack takes the piece beneath it along to empty ground
    carries = [t for c in found if (t := carried(board, pid, cell_of(*c))) is not None]
    beneath = label(NAME[carries[0]]) if carries else ""
    everywhere = len(carries) == len(found)

    # a Mosquito: whose moves it copies (the briefest form leaves it to the board)
    copies = mosquito_copies(board, pid)

    def words(short: bool, copying: bool = True) -> str:
        """The status, in full or (``short``) in as few words as say the same; ``copying`` false
        leaves out what a Mosquito copies."""
        if short:
            text = f"{label(piece)} ({kind}{' as ' + ', '.join(copies) if copies and copying else ''}): " \
                   f"{len(found)} lit"
        else:
            text = f"{label(piece)} ({kind}{', copying the ' + and_list(copies) if copies else ''}): {lit}"
        if by_lift == len(found):
            text += f", lifted by {_lifter_phrase(by, label)}"
        elif by_lift:
            text += f", {by_lift}{'' if short else ' of them'} by {_lifter_phrase(by, label)} lifting it"
        if carries and short:
            text += f"; carries {beneath} to {'each' if everywhere else f'the {len(carries)} on the ground'}"
        elif carries:
            text += (f"; it carries {beneath} along to each" if everywhere else
                     f", {len(carries)} of them on the ground, where it carries {beneath} along")
        text += "."
        if lifted:
            names = _names(sorted(lifted.values()), label)
            text += f" Can also lift {names}: select one." if short else \
                f" It can also lift {names}: select that piece."
        return text

    return Selection(piece, found, text=f"{words(False)} {then}", brief=words(True),
                     briefest=words(True, copying=False))


def first_placement(state: HiveState) -> bool:
    """True while the side to move has no piece on the board yet (its first move is a placement)."""
    side = "wb"[state.to_move]
    return state.status in ("NotStarted", "InProgress") and not any(n[0] == side for c in state.cells
                                                                     for n in c.stack)


def game_over(state: HiveState) -> str | None:
    """"The game is over." once it is (nothing may be played), else None."""
    return None if state.status in ("NotStarted", "InProgress") else "The game is over."


def why_not_here(state: HiveState, cell: Hex, picked: Selection | None) -> str:
    """Why Enter on ``cell`` does nothing: nothing selected and no piece of the
    player's there, or ``picked`` may not go there."""
    if picked is not None and picked.lifts:
        return "Select one of the lit pieces to lift it, or press Esc to cancel."
    if picked is not None:
        return why_illegal(state, picked.piece, cell)
    over = game_over(state)
    if over is not None:
        return over
    return ("Nothing to do on an empty space: select a piece first (Tab goes through those that can move, "
            "a reserve letter picks one to place), then Enter on a lit space.")


def selectable_cells(state: HiveState) -> set[Hex]:
    """The cells Tab goes through when nothing is selected: pieces that can
    move (an opponent's piece a Pillbug may lift too), and lifters that
    cannot move but may lift."""
    board = board_from_state(state)
    out = movable_cells(state)
    if board.status == IN_PROGRESS:
        me = board.ply & 1
        for pid in range(me * 16, me * 16 + 15):
            cell = board.pos[pid]
            if cell is not None and KIND[pid] in (PILLBUG, MOSQUITO) and lifts(board, pid):
                out.add(qr_of(cell))
    return out


def why_none_selectable(state: HiveState) -> str:
    """Why Tab finds no piece to go to (:func:`selectable_cells` is empty): the game is over,
    the side to move has no piece on the board or no Queen Bee yet, or none of its pieces can
    move now; and what it may do instead."""
    over = game_over(state)
    if over is not None:
        return over
    board = board_from_state(state)
    me = board.ply & 1
    moves = board.legal_moves()
    if moves and moves[0][0] < 0:
        return "You have no legal move: press x to pass."
    if not any(board.pos[p] is not None for p in range(me * 16, me * 16 + 15)):
        return "You have no piece on the board yet: a letter from Reserves places one."
    if board.pos[me * 16] is None:
        return ("Your Queen Bee is not on the board yet, so your pieces cannot move: a letter from Reserves "
                "places a piece.")
    return "None of your pieces can move now: a letter from Reserves places a piece."


def move_for(state: HiveState, piece_name: str, cell: Hex) -> str | None:
    """MoveString for putting ``piece_name`` on ``cell``, or None if illegal."""
    return targets(state, piece_name).get((cell[0], cell[1]))


def move_cells(state: HiveState, move: str) -> tuple[str, Hex] | None:
    """(piece name, destination cell) of a MoveString in ``state``, or None."""
    board = board_from_state(state)
    try:
        p, c = parse_move(board, move)
    except NotationError:
        return None
    if p < 0:
        return None
    return NAME[p], qr_of(c)


def hint_cells(state: HiveState, move: str) -> tuple[Hex | None, Hex | None]:
    """The cells a screen lights for a move the coach suggests: where the
    piece stands (None for a placement or a pass) and where it goes
    (:func:`beegames.games.hive.coach.hint_cells`)."""
    from .coach import hint_cells as cells

    return cells(state, move)


__all__ = [
    "LIFT_HELP",
    "Selection",
    "UHP_OFFSETS",
    "game_over",
    "first_placement",
    "board_cells",
    "cell_of",
    "hint_cells",
    "last_move_cells",
    "move_cells",
    "move_for",
    "piece_cell",
    "reserve",
    "select",
    "selectable_cells",
    "targets",
    "top_piece",
    "why_none_selectable",
    "why_not_here",
    "uhp_cell",
]
