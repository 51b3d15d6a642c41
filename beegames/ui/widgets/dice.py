"""Dice drawn in text, for any game of the suite.

Two sizes share one look:

* :func:`die_chip` is a compact die, two cells wide: the face glyph
  (``⚀``–``⚅``) and the digit, in the owner's colour. It fits in a line of
  text next to other things (an action space, a room, a flower).
* :func:`die_face` is a large die, ``FACE_WIDTH`` by 3 cells, with pips,
  drawn on the owner's colour; :class:`DiceRow` lays several of them out with
  the digit underneath, and tells which one was clicked.

Colour is never the only cue: every die shows its digit, a selected die is
marked with arrows, and blocker dice use a different glyph as well as grey.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

GLYPHS = "⚀⚁⚂⚃⚄⚅"
#: Glyph drawn instead of a face for a blocker die (a neutral die that only
#: takes up room), so blockers differ by shape and not only by colour.
BLOCKER_GLYPH = "▦"
BLOCKER_COLOUR = "#6b6b6b"

FACE_WIDTH = 5
_PIP = "●"
# Rows of a 3 x 3 pip grid, by value: each string marks left, centre, right.
_PIP_ROWS = {
    1: ("   ", " o ", "   "),
    2: ("o  ", "   ", "  o"),
    3: ("o  ", " o ", "  o"),
    4: ("o o", "   ", "o o"),
    5: ("o o", " o ", "o o"),
    6: ("o o", "o o", "o o"),
}


def glyph(value: int) -> str:
    """The Unicode die face of ``value`` (1-6), or ``?`` for anything else."""
    return GLYPHS[value - 1] if 1 <= value <= 6 else "?"


def text_colour_on(colour: str) -> str:
    """Black or white, whichever reads better on the background ``colour``."""
    try:
        triplet = Style.parse(f"on {colour}").bgcolor.get_truecolor()  # type: ignore[union-attr]
    except Exception:
        return "#ffffff"
    r, g, b = triplet
    luma = 0.299 * r + 0.587 * g + 0.114 * b
    return "#101010" if luma > 140 else "#ffffff"


#: The face of a die whose value does not matter (a wild card's): "any value"
WILD_FACE = "*"


def die_style(colour: str, *, blocker: bool = False, highlight: bool = False, dim: bool = False) -> Style:
    back = BLOCKER_COLOUR if blocker else colour
    style = Style(bgcolor=back, color=text_colour_on(back), bold=True)
    if dim:
        style += Style(dim=True)
    if highlight:
        style += Style(underline=True)
    return style


def die_chip(value: int, colour: str, *, blocker: bool = False, highlight: bool = False,
             dim: bool = False) -> Text:
    """A die two cells wide: its face and its digit, on the owner's colour.

    A value of 0 (a die whose value does not matter, such as one played with
    a wild-card effect) shows :data:`WILD_FACE` (not ``★``, the hint's mark).
    """
    mark = BLOCKER_GLYPH if blocker else (glyph(value) if value else WILD_FACE)
    digit = str(value) if value else WILD_FACE
    return Text(mark + digit, style=die_style(colour, blocker=blocker, highlight=highlight, dim=dim))


def dice_chips(dice: list[tuple[int, str]], *, sep: str = " ") -> Text:
    """Several chips, ``dice`` being ``(value, colour)`` pairs."""
    out = Text()
    for i, (value, colour) in enumerate(dice):
        if i:
            out.append(sep)
        out.append_text(die_chip(value, colour))
    return out


#: Blank used inside a face: a braille blank, not a space, so that exports
#: (SVG screenshots) keep the pips in their cells instead of trimming blanks.
_BLANK = "\u2800"


def die_face(value: int) -> list[str]:
    """Three rows of ``FACE_WIDTH`` characters with the pips of ``value``."""
    rows = _PIP_ROWS.get(value, ("   ", " ? ", "   "))
    return [(" " + r + " ").replace("o", _PIP).replace(" ", _BLANK) for r in rows]


@dataclass(frozen=True)
class DieView:
    """One die of a :class:`DiceRow`."""

    value: int
    colour: str
    selected: bool = False
    #: a die that cannot be used now (greyed, still readable)
    dim: bool = False
    blocker: bool = False
    #: optional caption instead of the digit, e.g. "helper"
    caption: str = ""


class DiceRow(Widget):
    """A row of dice, large (pips and digit) or compact (one line of chips).

    Set ``compact`` for small terminals. Posts :class:`DiceRow.Clicked` with
    the index of the die under the mouse.
    """

    DEFAULT_CSS = """
    DiceRow { height: auto; width: 1fr; }
    """

    class Clicked(Message):
        def __init__(self, row: DiceRow, index: int) -> None:
            super().__init__()
            self.row = row
            self.index = index

        @property
        def control(self) -> DiceRow:
            return self.row

    def __init__(self, *, compact: bool = False, empty: str = "no dice", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.dice: list[DieView] = []
        self.compact = compact
        self.empty = empty
        #: what the row was last drawn from, and its title (a change of either repaints it)
        self._shown: tuple[Any, ...] | None = None
        self._title: str | None = None

    @property
    def cell_width(self) -> int:
        return 4 if self.compact else FACE_WIDTH + 2

    def show(self, dice: list[DieView], *, compact: bool | None = None, empty: str | None = None,
             title: str | None = None) -> None:
        """Show ``dice`` (``empty``: the text shown when there are none; ``title``: the border's,
        never markup). Nothing is repainted when the row would be drawn the same, and a new
        layout is asked for only when the row's height changes."""
        if title is not None and title != self._title:
            self._title = title
            self.border_title = Text(title)
        before = (self.compact, self._line_count(len(self.dice)))
        if compact is not None:
            self.compact = compact
        if empty is not None:
            self.empty = empty
        self.dice = list(dice)
        shown = (tuple(self.dice), self.compact, self.empty)
        if shown == self._shown:
            return
        self._shown = shown
        self.refresh(layout=(self.compact, self._line_count(len(self.dice))) != before)

    def _line_count(self, n: int) -> int:
        if not n:
            return 1
        per_line = self._per_line()
        return -(-n // per_line) * (1 if self.compact else 4)

    def _per_line(self) -> int:
        width = self.size.width or 80
        return max(1, width // self.cell_width)

    def render(self) -> Text:
        if not self.dice:
            return Text(self.empty, style="dim italic")
        per_line = self._per_line()
        out = Text()
        for start in range(0, len(self.dice), per_line):
            chunk = self.dice[start:start + per_line]
            if start:
                out.append("\n")
            if self.compact:
                for die in chunk:
                    left, right = ("▶", "◀") if die.selected else (" ", " ")
                    out.append(left, style="bold")
                    out.append_text(die_chip(die.value, die.colour, blocker=die.blocker, dim=die.dim,
                                             highlight=die.selected))
                    out.append(right, style="bold")
                continue
            for row in range(3):
                for die in chunk:
                    style = die_style(die.colour, blocker=die.blocker, dim=die.dim)
                    out.append("▶" if die.selected and row == 1 else " ", style="bold")
                    out.append(die_face(die.value)[row], style=style)
                    out.append("◀" if die.selected and row == 1 else " ", style="bold")
                out.append("\n")
            for die in chunk:
                caption = (die.caption or str(die.value))[: FACE_WIDTH]
                caption_style = "bold reverse" if die.selected else ("dim" if die.dim else "bold")
                out.append(" ")
                out.append(caption.center(FACE_WIDTH), style=caption_style)
                out.append(" ")
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.dice:
            return 1
        per_line = max(1, width // self.cell_width)
        lines = -(-len(self.dice) // per_line)
        return lines * (1 if self.compact else 4)

    def index_at(self, x: int, y: int) -> int | None:
        per_line = self._per_line()
        line = y // (1 if self.compact else 4)
        col = x // self.cell_width
        if col >= per_line:
            return None
        index = line * per_line + col
        return index if 0 <= index < len(self.dice) else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.x, offset.y)
        if index is not None:
            event.stop()
            self.post_message(self.Clicked(self, index))
