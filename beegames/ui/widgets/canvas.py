"""A board drawn as lines of styled text, with places to click and a cursor.

A screen draws into a :class:`Canvas`: text pieces, some of them *spots*
that stand for a target (a field space, a market column, an order). A spot
may also sit on a grid cell ``(row, col)``; the arrow keys move the cursor
between spots by those cells, Enter chooses the spot under the cursor, and a
click chooses the spot clicked. :class:`CanvasView` posts
:class:`CanvasView.Chosen` with the spot's target in both cases.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget

Cell = tuple[int, int]


@dataclass(frozen=True)
class Spot:
    y: int
    x0: int
    x1: int
    target: str
    cell: Cell | None = None


@dataclass
class Canvas:
    """Lines of styled text, remembering which spans stand for which target.

    With a ``width``, :meth:`flow` wraps words onto the next line (indented)
    instead of running past it: nothing drawn into a canvas of the width
    of its box is ever cut."""

    lines: list[Text] = field(default_factory=lambda: [Text()])
    spots: list[Spot] = field(default_factory=list)
    width: int | None = None

    @property
    def y(self) -> int:
        return len(self.lines) - 1

    @property
    def x(self) -> int:
        return self.lines[-1].cell_len

    def add(self, text: Text | str, style: str = "", target: str | None = None, cell: Cell | None = None) -> None:
        piece = text if isinstance(text, Text) else Text(text, style=style)
        line = self.lines[-1]
        x0 = line.cell_len
        line.append_text(piece)
        if target is not None:
            self.spots.append(Spot(self.y, x0, line.cell_len, target, cell))

    def newline(self) -> None:
        self.lines.append(Text())

    def fits(self, cells: int) -> bool:
        """True if ``cells`` more columns fit on this line."""
        return self.width is None or self.x + cells <= self.width

    def flow(self, text: Text | str, style: str = "", target: str | None = None, cell: Cell | None = None,
             indent: int = 3) -> None:
        """Add ``text`` after the line's text, starting a new line (indented
        by ``indent``) where it would run past the width. A spot moves as a
        whole; plain text wraps word by word."""
        piece = text if isinstance(text, Text) else Text(text, style=style)
        if self.fits(piece.cell_len):
            self.add(piece, target=target, cell=cell)
            return
        if target is not None or " " not in piece.plain.strip():
            if self.x > indent:
                self.newline()
                self.add(" " * indent)
            self.add(piece, target=target, cell=cell)
            return
        start = 0
        plain = piece.plain
        while start < len(plain):
            end = plain.find(" ", start + 1)
            end = len(plain) if end < 0 else end
            if not self.fits(end - start) and self.x > indent:
                self.newline()
                self.add(" " * indent)
                if plain[start] == " ":
                    start += 1
            self.add(piece[start:end])
            start = end

    def text(self) -> Text:
        lines = self.lines[:-1] if not self.lines[-1].plain and len(self.lines) > 1 else self.lines
        out = Text("\n").join(lines)
        out.no_wrap = True
        out.overflow = "crop"
        return out


class _SpotEvent(Message):
    def __init__(self, view: CanvasView, target: str) -> None:
        super().__init__()
        self.view = view
        self.target = target

    @property
    def control(self) -> CanvasView:
        return self.view


class CanvasView(Widget, can_focus=True):
    """Shows a :class:`Canvas`; the cursor walks its grid spots."""

    DEFAULT_CSS = """
    CanvasView { height: auto; width: 1fr; }
    """

    BINDINGS = [
        Binding("left", "step(0, -1)", "Left", show=False),
        Binding("right", "step(0, 1)", "Right", show=False),
        Binding("up", "step(-1, 0)", "Up", show=False),
        Binding("down", "step(1, 0)", "Down", show=False),
        Binding("enter", "choose", "Choose", show=False),
    ]

    class Chosen(_SpotEvent):
        """Enter or a click on the spot ``target``."""

    class Moved(_SpotEvent):
        """The cursor moved to the spot ``target``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.canvas = Canvas()
        self._text = Text()
        self._lines = 0
        #: the target under the cursor (a spot with a grid cell)
        self.cursor: str | None = None

    def show(self, canvas: Canvas) -> None:
        """Draw ``canvas`` (nothing is redrawn if it is the same as before)."""
        text = canvas.text()
        if text == self._text and canvas.spots == self.canvas.spots:
            return
        lines = len(text.plain.split("\n"))
        if canvas.width != self.canvas.width:
            self._lines = 0  # drawn for another width: its height starts afresh
        grew = lines > self._lines
        # it never shrinks while the width stays (a new height lays the screen out again)
        self._lines = max(self._lines, lines)
        self.canvas = canvas
        self._text = text
        if self.cursor is not None and not any(s.target == self.cursor and s.cell for s in canvas.spots):
            self.cursor = None
        # a new layout only when the height changed: a layout pass redraws the whole screen
        self.refresh(layout=grew)

    def spot(self, target: str) -> Spot | None:
        return next((s for s in self.canvas.spots if s.target == target), None)

    def move_to(self, target: str | None) -> None:
        if target != self.cursor:
            self.cursor = target
            self.refresh()
            self.reveal()

    def reveal(self) -> None:
        """Scroll the container this canvas sits in so that the cursor's spot shows."""
        spot = self.spot(self.cursor) if self.cursor is not None else None
        parent = self.parent
        if spot is None or not isinstance(parent, Widget) or not parent.is_scrollable:
            return
        box = self.virtual_region
        parent.scroll_to_region(Region(box.x + spot.x0, box.y + spot.y, max(1, spot.x1 - spot.x0), 1),
                                animate=False, immediate=True)

    def render(self) -> Text:
        text = self._text
        spot = self.spot(self.cursor) if self.cursor is not None and self.has_focus else None
        if spot is None:
            return text
        text = text.copy()
        starts = [0]
        for line in self.canvas.lines:
            starts.append(starts[-1] + len(line.plain) + 1)
        if spot.y < len(self.canvas.lines):
            # character offsets equal cell offsets for the text drawn here
            text.stylize(Style(reverse=True, bold=True), starts[spot.y] + spot.x0, starts[spot.y] + spot.x1)
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, self._lines)

    def target_at(self, x: int, y: int) -> str | None:
        for s in self.canvas.spots:
            if s.y == y and s.x0 <= x < s.x1:
                return s.target
        return None

    # -- input --------------------------------------------------------------------
    def on_focus(self) -> None:
        if self.cursor is None:
            first = next((s for s in self.canvas.spots if s.cell is not None), None)
            self.cursor = first.target if first else None
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_step(self, dr: int, dc: int) -> None:
        cells = [s for s in self.canvas.spots if s.cell is not None]
        if not cells:
            return
        here = self.spot(self.cursor) if self.cursor is not None else None
        if here is None or here.cell is None:
            self.move_to(cells[0].target)
            return
        r, c = here.cell
        if dc:
            same = [s for s in cells if s.cell and s.cell[0] == r and (s.cell[1] - c) * dc > 0]
            best = min(same, key=lambda s: abs(s.cell[1] - c) if s.cell else 0, default=None)
        else:
            rows = sorted({s.cell[0] for s in cells if s.cell and (s.cell[0] - r) * dr > 0}, key=lambda x: abs(x - r))
            best = None
            if rows:
                row = [s for s in cells if s.cell and s.cell[0] == rows[0]]
                best = min(row, key=lambda s: abs(s.cell[1] - c) if s.cell else 0)
        if best is not None:
            self.move_to(best.target)
            self.post_message(self.Moved(self, best.target))
        else:
            self.reveal()

    def action_choose(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Chosen(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.target_at(offset.x, offset.y)
        if target is None:
            return
        event.stop()
        spot = self.spot(target)
        if spot is not None and spot.cell is not None:
            self.cursor = target
            self.refresh()
        self.post_message(self.Chosen(self, target))


class TextLines(Widget):
    """Text of a fixed height (set in CSS), redrawn without a new layout."""

    DEFAULT_CSS = """
    TextLines { height: 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._text = Text()

    def set_text(self, text: Text) -> None:
        if text != self._text:
            self._text = text
            self.refresh()

    @property
    def text(self) -> Text:
        return self._text

    def render(self) -> Text:
        return self._text
