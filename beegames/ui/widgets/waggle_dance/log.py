"""The game's log as a box of fixed height that shows its newest lines."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.strip import Strip

from ..panels import SideLog


class TailLog(SideLog):
    """The game's log as a box of fixed height showing its newest lines, wrapped.

    A scrolling log grows its virtual size with every line, which makes the whole screen lay
    itself out again; this one only repaints. The mouse wheel, and ↑/↓ PgUp/PgDn Home/End
    when it has the focus, go back through older lines; new lines bring it back to the end.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tail: list[str] = []
        self._back = 0
        self._rows_cache: tuple[Any, list[Strip]] | None = None

    # the GameLog interface -------------------------------------------------------------
    def sync(self, lines: list[str]) -> None:
        lines = self.headlines(lines)
        if len(lines) == len(self._tail) and lines == self._tail:
            return
        self._tail = list(lines)
        self._back = 0
        self._shown = len(lines)
        self.refresh()

    def reset(self, lines: list[str]) -> None:
        self._tail = []
        self.sync(lines)

    @property
    def line_count(self) -> int:
        return len(self._tail)

    # drawing ----------------------------------------------------------------------------
    def _rows(self) -> list[Strip]:
        width = self.scrollable_content_region.width
        height = self.scrollable_content_region.height
        key = (width, height, len(self._tail), self._tail[-1:] if self._tail else None, self._back)
        if self._rows_cache is not None and self._rows_cache[0] == key:
            return self._rows_cache[1]
        console = self.app.console
        rows: list[Text] = []
        for line in reversed(self._tail):
            wrapped = Text(line).wrap(console, max(1, width))
            rows[0:0] = list(wrapped)
            if len(rows) >= height + self._back:
                break
        self._back = max(0, min(self._back, len(rows) - height))
        end = len(rows) - self._back
        window = rows[max(0, end - height):end]
        style = self.rich_style
        strips = [Strip(list(text.render(console)), text.cell_len).extend_cell_length(width).apply_style(style)
                  for text in window]
        self._rows_cache = (key, strips)
        return strips

    def render_line(self, y: int) -> Strip:
        rows = self._rows()
        width = self.scrollable_content_region.width
        if 0 <= y < len(rows):
            return rows[y]
        return Strip.blank(width, self.rich_style)

    def action_scroll_by(self, rows: int) -> None:
        """The log's keys (GameLog's bindings): ``rows`` newer lines, or older ones when
        negative; a page (10) is the box's height."""
        if abs(rows) == 10:
            rows = max(1, self.size.height - 3) * (1 if rows > 0 else -1)
        self.action_back(-rows)

    def action_back(self, rows: int) -> None:
        self._back = max(0, self._back + rows)
        self._rows_cache = None
        self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_back(2)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_back(-2)
