"""A panel of styled text lines that repaints only when they change and tells which place was
clicked.

The lines are drawn into a :class:`Canvas` (the shared one of :mod:`..canvas`, with whole-line
places and cells laid side by side); a :class:`TextPanel` shows one, asks for a new layout only
when its height changed, and posts :class:`TextPanel.Picked` with the id of the place clicked (a
space, a flower, a room, a die).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from ..canvas import Canvas as BaseCanvas
from ..canvas import Spot

#: Cells between two columns of rooms or flowers.
GAP = 2
#: The right end of a place that stands for a whole line.
WHOLE_LINE = 10_000


@dataclass
class Canvas(BaseCanvas):
    """Lines of styled text with their places; a place may stand for a whole line."""

    def line_target(self, target: str) -> None:
        """The whole current line stands for ``target`` (places inside it come first)."""
        self.spots.append(Spot(self.y, -1, WHOLE_LINE, target))

    def add_cell(self, cell: Canvas, width: int = 0) -> None:
        """Append the first line of ``cell`` (with its places), padded to ``width`` cells."""
        line = self.lines[-1]
        x0 = line.cell_len
        text = cell.lines[0]
        line.append_text(text)
        if width > text.cell_len:
            line.append(" " * (width - text.cell_len))
        # exact places first: a place standing for the whole line of the cell covers the cell
        # only, and yields to the places inside it (see TextPanel.target_at)
        for sp in sorted((sp for sp in cell.spots if sp.y == 0), key=lambda sp: sp.x0 < 0):
            self.spots.append(Spot(self.y, x0 + max(sp.x0, 0), x0 + min(sp.x1, text.cell_len), sp.target))

    @property
    def text_width(self) -> int:
        """The cells of the widest line drawn."""
        return max(line.cell_len for line in self.lines)


def columns(cv: Canvas, cells: list[Canvas], width: int) -> bool:
    """Lay ``cells`` (one line each) out in two columns, filled column by column, if they fit
    in ``width`` cells; False (and nothing drawn) if they do not."""
    if width <= 0 or len(cells) < 2:
        return False
    half = (len(cells) + 1) // 2
    left, right = cells[:half], cells[half:]
    lw = max(c.text_width for c in left)
    if lw + GAP + max(c.text_width for c in right) > width:
        return False
    for k, cell in enumerate(left):
        cv.add_cell(cell, lw + GAP if k < len(right) else 0)
        if k < len(right):
            cv.add_cell(right[k])
        cv.newline()
    return True


class TextPanel(Widget):
    """Shows a :class:`Canvas`; repaints only on change; clicks post :class:`Picked`."""

    DEFAULT_CSS = """
    TextPanel { height: auto; width: 1fr; text-wrap: nowrap; text-overflow: clip; }
    """

    class Picked(Message):
        def __init__(self, panel: TextPanel, target: str) -> None:
            super().__init__()
            self.panel = panel
            self.target = target

    def __init__(self, *, wrap: bool = False, fixed: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.wrap = wrap
        #: the stylesheet fixes the height: a change never needs a new layout
        self.fixed = fixed
        self._text = Text()
        self._key: tuple[str, tuple[Any, ...]] = ("", ())
        self._lines = 1
        self.spots: list[Spot] = []

    def show(self, canvas: Canvas) -> None:
        self.show_text(canvas.text(), canvas.spots)

    def show_text(self, text: Text, spots: list[Spot] | None = None) -> None:
        """Show ``text`` (a repaint only if it changed)."""
        key = (text.plain, tuple((sp.start, sp.end, str(sp.style)) for sp in text.spans))
        self.spots = list(spots or [])
        if key == self._key:
            return
        self._key = key
        if self.wrap:
            text.no_wrap = False
            text.overflow = "fold"
            self.styles.text_wrap = "wrap"
        self._text = text
        lines = self._count_lines(self.content_region.width)
        self.refresh(layout=not self.fixed and self._rows(lines) != self._rows(self._lines))
        self._lines = lines

    def _rows(self, lines: int) -> int:
        """The rows the panel's content takes for ``lines`` lines of text: a least or most
        height set in cells holds it (the status line keeps two rows for one line of text, so
        that a hint growing to a second line needs no new layout). A least or most height in
        other units is not worked out here: every change of lines then asks for a layout."""
        styles = self.styles
        rows = lines
        gutter = styles.gutter.height if styles.box_sizing == "border-box" else 0
        for scalar, bound in ((styles.min_height, max), (styles.max_height, min)):
            if scalar is None:
                continue
            if scalar.unit is not Unit.CELLS:
                return lines
            rows = bound(rows, int(scalar.value) - gutter)
        return rows

    def _count_lines(self, width: int) -> int:
        """Lines the text takes at ``width`` (wrapped, for a wrapping panel)."""
        if self.wrap and width > 0:
            return len(self._text.wrap(self.app.console, width))
        return self._text.plain.count("\n") + 1

    def render(self) -> Text:
        return self._text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._lines = self._count_lines(width)
        return self._lines

    def target_at(self, x: int, y: int) -> str | None:
        exact = [sp.target for sp in self.spots if sp.y == y and 0 <= sp.x0 <= x < sp.x1]
        if exact:
            return exact[0]
        whole = [sp.target for sp in self.spots if sp.y == y and sp.x0 < 0]
        return whole[0] if whole else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.target_at(offset.x, offset.y)
        if target is not None:
            event.stop()
            self.post_message(self.Picked(self, target))
