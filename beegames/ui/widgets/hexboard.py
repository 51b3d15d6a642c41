"""A hex board drawn in text, with a cursor, highlights, panning and mouse.

Cells use the kernel's axial coordinates and pointy-top layout
(:func:`beegames.core.hexgrid.to_screen`): each cell is ``CELL`` characters
wide and each row is shifted half a cell, so the six neighbours of a cell sit
left, right, and diagonally above and below it.

The widget knows nothing of any game. A screen gives it a mapping of cells to
:class:`CellView` (a short label and a style), the set of highlighted cells,
and the cells of the last move; the widget draws them around the cursor and
posts :class:`HexBoard.CellChosen` when the player presses Enter or clicks.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ...core import hexgrid
from ...core.hexgrid import Hex

CELL = 4  # characters per cell; a label is at most CELL - 1 characters


@dataclass(frozen=True)
class CellView:
    """What one cell shows: a short label, its style, and optionally a
    different colour for the label's first character (a glyph)."""

    label: str
    style: str = ""
    glyph_colour: str = ""


class HexBoard(Widget, can_focus=True):
    """A pannable hex board. Arrow keys move the cursor; Enter chooses."""

    DEFAULT_CSS = """
    HexBoard { height: 1fr; width: 1fr; border: round $primary-darken-2; }
    HexBoard:focus { border: round $accent; }
    """

    BINDINGS = [
        Binding("left", "move(3)", "West", show=False),
        Binding("right", "move(0)", "East", show=False),
        Binding("up", "move(5)", "North-east", show=False),
        Binding("down", "move(2)", "South-west", show=False),
        Binding("shift+up", "move(4)", "North-west", show=False),
        Binding("shift+down", "move(1)", "South-east", show=False),
        Binding("enter", "choose", "Choose", id="board.choose"),
        Binding("space", "choose", "Choose", show=False),
        Binding("home", "center", "Centre view", show=False),
    ]

    cursor: reactive[Hex] = reactive((0, 0))

    class CellChosen(Message):
        def __init__(self, board: "HexBoard", cell: Hex) -> None:
            super().__init__()
            self.board = board
            self.cell = cell

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cells: dict[Hex, CellView] = {}
        self.highlights: set[Hex] = set()
        self.marked: set[Hex] = set()  # the last move
        self.selected: Hex | None = None
        self.highlight_style = Style.parse("on #3a5f2a")
        self.marked_style = Style.parse("underline")
        self.cursor_style = Style.parse("reverse")
        self.selected_style = Style.parse("on #7a4f00")
        self._origin = (0, 0)  # screen position of cell (0, 0) before centring

    # -- data ---------------------------------------------------------------
    def show(self, cells: dict[Hex, CellView], highlights: set[Hex] | None = None,
             marked: set[Hex] | None = None, selected: Hex | None = None) -> None:
        self.cells = cells
        self.highlights = set(highlights or ())
        self.marked = set(marked or ())
        self.selected = selected
        self.refresh()

    # -- geometry -----------------------------------------------------------
    def _extent(self) -> tuple[int, int, int, int]:
        """Screen-space bounding box (x0, x1, y0, y1) of everything drawn."""
        points = set(self.cells) | self.highlights | {self.cursor}
        if not points:
            points = {(0, 0)}
        xs, ys = [], []
        for h in points:
            x, y = hexgrid.to_screen(h, CELL, 1)
            xs.append(x)
            ys.append(y)
        return min(xs), max(xs) + CELL, min(ys), max(ys) + 1

    def _offset(self) -> tuple[int, int]:
        """Pan so the whole hive is centred when it fits, else follow the cursor."""
        width, height = self.size.width, self.size.height
        x0, x1, y0, y1 = self._extent()
        cx, cy = hexgrid.to_screen(self.cursor, CELL, 1)
        if x1 - x0 <= width:
            ox = (width - (x1 - x0)) // 2 - x0
        else:
            ox = width // 2 - cx
        if y1 - y0 <= height:
            oy = (height - (y1 - y0)) // 2 - y0
        else:
            oy = height // 2 - cy
        return ox, oy

    def cell_at(self, x: int, y: int) -> Hex:
        """The cell under widget coordinates ``(x, y)``."""
        ox, oy = self._offset()
        r = y - oy
        # col = CELL*q + (CELL*r)//2 ; a cell spans CELL columns from col.
        q = (x - ox - (CELL * r) // 2) // CELL
        return (q, r)

    # -- drawing ------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        ox, oy = self._offset()
        r = y - oy
        base = self.rich_style
        chars: list[Segment] = []
        # Cells of this row that could be visible.
        shift = (CELL * r) // 2
        q_start = (-ox - shift) // CELL - 1
        q_end = (width - ox - shift) // CELL + 1
        x = 0
        for q in range(q_start, q_end + 1):
            col = ox + CELL * q + shift
            if col + CELL <= 0 or col >= width:
                continue
            h = (q, r)
            view = self.cells.get(h)
            text = (view.label if view else ("·" if h in self.highlights else "")).center(CELL - 1)[: CELL - 1] + " "
            style = base
            if view and view.style:
                style = style + Style.parse(view.style)
            elif not view:
                style = style + Style.parse("dim")
            if h in self.highlights:
                style = style + self.highlight_style
            if h == self.selected:
                style = style + self.selected_style
            if h in self.marked:
                style = style + self.marked_style
            if h == self.cursor and self.has_focus:
                style = style + self.cursor_style
            if col > x:
                chars.append(Segment(" " * (col - x), base))
                x = col
            piece = text[max(0, x - col):]
            if col + CELL > width:
                piece = piece[: width - x]
            # the trailing space belongs to the gap, not to the cell's colours
            body, gap = piece[: CELL - 1 - max(0, x - col)], piece[CELL - 1 - max(0, x - col):]
            if body and view is not None and view.glyph_colour and x == col and body.strip():
                lead = len(body) - len(body.lstrip())
                if lead:
                    chars.append(Segment(body[:lead], style))
                chars.append(Segment(body[lead], style + Style(color=view.glyph_colour)))
                body = body[lead + 1:]
            if body:
                chars.append(Segment(body, style))
            if gap:
                chars.append(Segment(gap, base))
            x += len(piece)
        if x < width:
            chars.append(Segment(" " * (width - x), base))
        return Strip(chars, width)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return container.height

    # -- input --------------------------------------------------------------
    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, direction: int) -> None:
        self.cursor = hexgrid.neighbour(self.cursor, direction)

    def action_choose(self) -> None:
        self.post_message(self.CellChosen(self, self.cursor))

    def action_center(self) -> None:
        self.cursor = (0, 0) if not self.cells else min(self.cells, key=lambda h: hexgrid.distance(h, (0, 0)))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.cell_at(offset.x, offset.y)
        self.focus()
        self.cursor = cell
        self.post_message(self.CellChosen(self, cell))
