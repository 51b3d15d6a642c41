"""Universal Hive Protocol notation: MoveStrings, GameStrings, directions.

Relative positions (pointy-top hexes, ``hexgrid.DIRECTIONS`` indices):

============  =============  ==========================
MoveString    direction      axial offset from the ref
============  =============  ==========================
``wS1-``      0  east        (+1, 0)
``wS1\\``      1  south-east  (0, +1)
``/wS1``      2  south-west  (-1, +1)
``-wS1``      3  west        (-1, 0)
``\\wS1``      4  north-west  (0, -1)
``wS1/``      5  north-east  (+1, -1)
``wS1``       on top of the stack holding wS1
============  =============  ==========================

A separator written after the reference piece points to the right-hand side
(east, north-east via ``/``, south-east via ``\\``), one written before points
to the left-hand side, mirroring the slant of the character.

When writing a move this module picks the reference piece the way Mzinga
does: for a climb, the piece currently on top of the destination; otherwise
the first occupied neighbour of the destination scanning NW, NE, E, SE, SW, W,
naming the top piece of that stack (or the piece under it when the top one is
the mover itself).
"""

from __future__ import annotations

import re

from .board import DIRS, PASS, Board
from .pieces import ID_OF, KIND, KIND_LETTERS, NAME, ORDER

#: UHP separator placement for each direction index (ref -> destination).
DIRECTION_FORMAT = ("{}-", "{}\\", "/{}", "-{}", "\\{}", "{}/")
#: direction index of each (before, after) separator pair
_SEP_DIR = {("", "-"): 0, ("", "\\"): 1, ("/", ""): 2, ("-", ""): 3, ("\\", ""): 4, ("", "/"): 5}
#: neighbour scan order used when choosing a reference piece: NW, NE, E, SE, SW, W
_SCAN = (4, 5, 0, 1, 2, 3)

_PIECE = r"([wb])([qsbgamlpd])(\d?)"
_MOVE_RE = re.compile(
    r"^\s*" + _PIECE + r"(?:\s*([-/\\]?)\s*" + _PIECE + r"\s*([-/\\]?))?\s*$",
    re.IGNORECASE,
)


class NotationError(ValueError):
    """A move string that cannot be read or does not fit the position."""


def relative_offset(sep_before: str, sep_after: str) -> tuple[int, int] | None:
    """Axial offset from the reference piece for a separator pair (None = on top)."""
    if not sep_before and not sep_after:
        return None
    from beegames.core.hexgrid import DIRECTIONS

    return DIRECTIONS[_SEP_DIR[(sep_before, sep_after)]]


def move_to_string(board: Board, piece: int, dest: int) -> str:
    """UHP MoveString of (piece, dest) in ``board`` (before the move)."""
    if piece < 0:
        return "pass"
    name = NAME[piece]
    stacks = board.stacks
    if not stacks:
        return name
    s = stacks.get(dest)
    if s:
        return f"{name} {NAME[s[-1]]}"
    for i in _SCAN:
        n = dest + DIRS[i]
        s = stacks.get(n)
        if not s:
            continue
        ref = s[-1]
        if ref == piece:
            if len(s) < 2:
                continue
            ref = s[-2]
        return f"{name} " + DIRECTION_FORMAT[(i + 3) % 6].format(NAME[ref])
    return name


def _resolve_piece(board: Board, colour: str, kind: str, num: str, moving: bool) -> int:
    colour_i = 0 if colour.lower() == "w" else 1
    kind_i = KIND_LETTERS.index(kind.upper())
    ids = [p for p in ORDER[colour_i][kind_i] if board.in_game[p]]
    label = f"{colour.lower()}{kind.upper()}"
    if not ids:
        raise NotationError(f"There is no {label} piece in this game.")
    if len(ids) == 1 and num in ("", "1"):
        return ids[0]
    if num:
        name = f"{label}{num}"
        if name not in ID_OF or ID_OF[name] not in ids:
            raise NotationError(f"There is no piece called {name}.")
        return ID_OF[name]
    # number left out: fine when only one piece of that kind is meant
    cands = [p for p in ids if board.pos[p] is not None]
    if moving:
        nxt = next((p for p in ids if board.pos[p] is None), None)
        if nxt is not None:
            cands.append(nxt)
    if len(cands) == 1:
        return cands[0]
    options = " or ".join(NAME[p] for p in ids)
    raise NotationError(f"Which piece do you mean? Add its number ({options}).")


def parse_move(board: Board, text: str) -> tuple[int, int]:
    """(piece, dest) named by a MoveString in ``board``; NotationError if the
    text cannot be read or names a reference piece that is not on the board.
    Legality is not checked here."""
    raw = (text or "").strip()
    if raw.lower() == "pass":
        return PASS
    m = _MOVE_RE.match(raw)
    if not m:
        raise NotationError(
            f"Cannot read the move {raw!r}: write a piece such as wS1, then where it goes, e.g. 'wS1 -bQ'."
        )
    c1, k1, n1, sb, c2, k2, n2, sa = m.groups()
    piece = _resolve_piece(board, c1, k1, n1, True)
    if c2 is None:
        if board.stacks:
            raise NotationError(
                f"Say where {NAME[piece]} goes: name a piece next to the destination, e.g. '{NAME[piece]} wQ-'."
            )
        return piece, 0
    if sb and sa:
        raise NotationError(f"Cannot read the move {raw!r}: use one direction mark, before or after the piece.")
    ref = _resolve_piece(board, c2, k2, n2, False)
    rc = board.pos[ref]
    if rc is None:
        raise NotationError(f"{NAME[ref]} is not on the board, so it cannot mark the destination.")
    if not sb and not sa:
        return piece, rc
    d = DIRS[_SEP_DIR[(sb, sa)]]
    return piece, rc + d


def normalise_move_text(board: Board, text: str) -> str:
    """Canonical MoveString for ``text`` in ``board`` (parse, then re-write)."""
    p, c = parse_move(board, text)
    return move_to_string(board, p, c)


__all__ = [
    "NotationError",
    "move_to_string",
    "parse_move",
    "normalise_move_text",
    "relative_offset",
    "DIRECTION_FORMAT",
    "KIND",
]
