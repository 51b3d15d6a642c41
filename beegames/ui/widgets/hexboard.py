"""A hex board drawn in text, with a cursor, highlights, panning and mouse.

Cells use the kernel's axial coordinates and pointy-top layout
(:func:`beegames.core.hexgrid.to_screen`): each row is shifted half a cell,
so the six neighbours of a cell sit left, right, and diagonally above and
below it. While the whole board fits, cells are drawn large (6 columns by 2
lines, with a second line of detail); a bigger board switches to the compact
layout (4 columns by 1 line) and pans to follow the cursor.

The widget knows nothing of any game. A screen gives it a mapping of cells to
:class:`CellView` (a short label and a style), the set of highlighted cells,
and the cells of the last move; the widget draws them around the cursor and
posts :class:`HexBoard.CellChosen` when the player presses Enter or clicks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

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

#: (cell width, row height) in characters: compact and large layouts. A cell
#: shows ``width - 1`` characters per line; the last column is the gap.
SCALES = ((4, 1), (6, 2))
CELL = SCALES[0][0]


_parse_style = lru_cache(maxsize=1024)(Style.parse)


@dataclass(frozen=True)
class CellView:
    """What one cell shows: a short label (3 characters in the compact
    layout), its style, and optionally a different colour for the label's
    first character (a glyph). The large layout, used while the whole board
    fits at that size, shows ``big`` (5 characters, default ``label``) over a
    second line ``sub``. A board with a layout three rows tall (see
    :attr:`HexBoard.scales`) shows the lines of ``tall`` there, if given."""

    label: str
    style: str = ""
    glyph_colour: str = ""
    big: str = ""
    sub: str = ""
    tall: tuple[str, ...] = ()


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
    #: the layouts the board may use, smallest first: the largest that fits is used
    scales: tuple[tuple[int, int], ...] = SCALES

    class CellChosen(Message):
        def __init__(self, board: HexBoard, cell: Hex) -> None:
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

    # -- data ---------------------------------------------------------------
    def show(self, cells: dict[Hex, CellView], highlights: set[Hex] | None = None,
             marked: set[Hex] | None = None, selected: Hex | None = None) -> None:
        self.cells = cells
        self.highlights = set(highlights or ())
        self.marked = set(marked or ())
        self.selected = selected
        self.refresh()

    # -- geometry -----------------------------------------------------------
    def _points(self) -> set[Hex]:
        return (set(self.cells) | self.highlights | {self.cursor}) or {(0, 0)}

    def _extent(self, cw: int, rh: int) -> tuple[int, int, int, int]:
        """Screen-space bounding box (x0, x1, y0, y1) of everything drawn."""
        xs, ys = [], []
        for h in self._points():
            x, y = hexgrid.to_screen(h, cw, rh)
            xs.append(x)
            ys.append(y)
        return min(xs), max(xs) + cw, min(ys), max(ys) + rh

    @property
    def scale(self) -> tuple[int, int]:
        """The largest layout in which everything fits, else the compact one."""
        width, height = self.size.width, self.size.height
        for cw, rh in reversed(self.scales[1:]):
            x0, x1, y0, y1 = self._extent(cw, rh)
            if x1 - x0 <= width and y1 - y0 <= height:
                return cw, rh
        return self.scales[0]

    def _layout(self) -> tuple[int, int, int, int]:
        """``(cell width, row height, x offset, y offset)``: pan so the whole
        board is centred when it fits, else so the cursor stays in view."""
        width, height = self.size.width, self.size.height
        cw, rh = self.scale
        x0, x1, y0, y1 = self._extent(cw, rh)
        cx, cy = hexgrid.to_screen(self.cursor, cw, rh)
        if x1 - x0 <= width:
            ox = (width - (x1 - x0)) // 2 - x0
        else:
            ox = width // 2 - cx
        if y1 - y0 <= height:
            oy = (height - (y1 - y0)) // 2 - y0
        else:
            oy = height // 2 - cy
        return cw, rh, ox, oy

    def cell_at(self, x: int, y: int) -> Hex:
        """The cell under content coordinates ``(x, y)``."""
        cw, rh, ox, oy = self._layout()
        r = (y - oy) // rh
        q = (x - ox - (cw * r) // 2) // cw
        return (q, r)

    def cell_origin(self, cell: Hex) -> tuple[int, int]:
        """Content coordinates of the first character of ``cell``."""
        cw, rh, ox, oy = self._layout()
        x, y = hexgrid.to_screen(cell, cw, rh)
        return ox + x, oy + y

    # -- drawing ------------------------------------------------------------
    def _text(self, h: Hex, view: CellView | None, line: int, cw: int, rh: int = 2) -> str:
        if view is None:
            text = "·" if (line == 0 and h in self.highlights) else ""
        elif cw == CELL:
            text = view.label
        elif rh >= 3 and view.tall:
            text = view.tall[line] if line < len(view.tall) else ""
        else:
            text = (view.big or view.label) if line == 0 else (view.sub if line == 1 else "")
        return text.center(cw - 1)[: cw - 1] + " "

    def _style(self, h: Hex, view: CellView | None, base: Style | None = None) -> Style:
        style = self.rich_style if base is None else base
        if view and view.style:
            style = style + _parse_style(view.style)
        elif not view:
            style = style + _parse_style("dim")
        if h in self.highlights:
            style = style + self.highlight_style
        if h == self.selected:
            style = style + self.selected_style
        if h in self.marked:
            style = style + self.marked_style
        if h == self.cursor and self.has_focus:
            style = style + self.cursor_style
        return style

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        cw, rh, ox, oy = self._layout()
        r, line = divmod(y - oy, rh)
        base = self.rich_style
        out: list[Segment] = []
        shift = (cw * r) // 2
        q_start = (-ox - shift) // cw - 1
        q_end = (width - ox - shift) // cw + 1
        x = 0
        for q in range(q_start, q_end + 1):
            col = ox + cw * q + shift
            if col + cw <= 0 or col >= width:
                continue
            h = (q, r)
            view = self.cells.get(h)
            text = self._text(h, view, line, cw, rh)
            style = self._style(h, view, base)
            if col > x:
                out.append(Segment(" " * (col - x), base))
                x = col
            skip = x - col  # characters hidden past the left edge
            piece = text[skip:]
            if col + cw > width:
                piece = piece[: width - x]
            body, gap = piece[: cw - 1 - skip], piece[cw - 1 - skip:]
            if body and view is not None and view.glyph_colour and line == 0 and not skip and body.strip():
                lead = len(body) - len(body.lstrip())
                if lead:
                    out.append(Segment(body[:lead], style))
                out.append(Segment(body[lead], style + Style(color=view.glyph_colour)))
                body = body[lead + 1:]
            if body:
                out.append(Segment(body, style))
            if gap:
                out.append(Segment(gap, base))
            x += len(piece)
        if x < width:
            out.append(Segment(" " * (width - x), base))
        return Strip(out, width)

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
