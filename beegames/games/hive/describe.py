"""The words of Hive moves: the log line of each move, and the same move
without its player for a sentence that names the player already (the
coach's hint); and a log line read back into its parts (the last-move line
says the move in the words the log gives it)."""

from __future__ import annotations

from .board import Board
from .pieces import COLOUR_NAMES, ID_OF, KIND, PILLBUG, piece_label
from .rules import carried, thrower

_REL_WORDS = {
    "-": ("left of", "right of"),
    "/": ("lower left of", "upper right of"),
    "\\": ("upper left of", "lower right of"),
}


#: why a side passes, in the words of its log line (``White: pass (no legal move)``)
PASS_REASON = "no legal move"


def _owner_label(pid: int) -> str:
    return f"{COLOUR_NAMES[pid >> 4]}'s {piece_label(pid)}"


def move_words(board: Board, move: str, piece: int, dest: int) -> str:
    """A move about to be played on ``board`` in words, without who plays it:
    ``wQ /wG1 (Queen Bee placed lower left of White's Grasshopper 1)``; a
    Dragonfly that takes the piece beneath it along says so (``..., carrying
    White's Soldier Ant 1``); a piece thrown with the Pillbug's power says by what, naming the
    thrown piece's owner (``wS1 /bP (Pillbug throws White's Spider 1 lower left of Black's
    Pillbug)``, ``Mosquito, as a Pillbug, throws ...``): the side to move's own piece too, when
    it could not get there by itself."""
    if piece < 0:
        return f"pass ({PASS_REASON})"
    label = piece_label(piece)
    parts = move.split(" ", 1)
    if len(parts) == 1:
        where = "to start the hive"
    else:
        ref_txt = parts[1]
        sep_b = ref_txt[0] if ref_txt[0] in "-/\\" else ""
        sep_a = ref_txt[-1] if ref_txt[-1] in "-/\\" else ""
        ref = ID_OF[ref_txt.strip("-/\\")]
        if not sep_b and not sep_a:
            where = f"on top of {_owner_label(ref)}"
        elif sep_b:
            where = f"{_REL_WORDS[sep_b][0]} {_owner_label(ref)}"
        else:
            where = f"{_REL_WORDS[sep_a][1]} {_owner_label(ref)}"
    by = thrower(board, piece, dest)
    if board.pos[piece] is None:
        what = f"{label} placed {where}"
    elif by is not None:
        lifter = "Pillbug" if KIND[by] == PILLBUG else "Mosquito, as a Pillbug,"
        what = f"{lifter} throws {_owner_label(piece)} {where}"
    else:
        what = f"{label} moves {where}"
        beneath = carried(board, piece, dest)
        if beneath is not None:
            what += f", carrying {_owner_label(beneath)}"
    return f"{move} ({what})"


def describe(board: Board, move: str, piece: int, dest: int) -> str:
    """The log line of a move about to be played on ``board``: the side, then
    :func:`move_words` (``White: wQ /wG1 (...)``). Saved games hold these lines: a change of
    their words raises the engine's ``rules_version`` (an older save replays in full, its log
    then in the new words)."""
    return f"{COLOUR_NAMES[board.ply & 1]}: {move_words(board, move, piece, dest)}"


def read_line(line: str) -> tuple[str, str, str] | None:
    """A log line of :func:`describe` read back: ``(colour name, move, words)``, e.g. ``("White",
    "wQ /wG1", "Queen Bee placed lower left of White's Grasshopper 1")``; a pass's words are the
    whole of it (``pass (no legal move)``). None for a line that is not a move's."""
    colour, sep, rest = line.partition(": ")
    if not sep or colour not in COLOUR_NAMES:
        return None
    move, paren, words = rest.partition(" (")
    if move == "pass" or not paren or not words.endswith(")"):
        return colour, move, rest  # (a pass, or a line without its words: what it says)
    return colour, move, words[:-1]


__all__ = ["PASS_REASON", "describe", "move_words", "read_line"]
