"""The coach's lines at the foot of every game screen, above the footer.

It says that the computer is thinking of a hint (or reviewing the game, with
how far it has got), then shows the hint: the move, the reason and the
outlook, wrapped to the width of the screen so that nothing is cut at 80
columns, and scrolled only if it were taller than its nine rows. Everything in it
is :class:`rich.text.Text` built from the coach's plain strings: a player's
name is data, never markup.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static


class CoachPanel(VerticalScroll, can_focus=False):
    """Hidden until there is something to say (:meth:`say`)."""

    DEFAULT_CSS = """
    CoachPanel {
        height: auto;
        max-height: 9;
        background: $warning 12%;
        padding: 0 1;
        display: none;
        scrollbar-size-vertical: 1;
    }
    CoachPanel > Static { width: 1fr; height: auto; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._line = Static("", id="coach-text")
        #: what the panel shows now (None: it is hidden)
        self.text: Text | None = None

    def compose(self) -> Any:
        yield self._line

    def say(self, text: Text | None) -> None:
        """Show ``text`` (None: hide the panel)."""
        if text is None:
            if self.text is not None:
                self.text = None
                self.display = False
            return
        if self.text is not None and self.text.plain == text.plain and self.display:
            return
        self.text = text
        self._line.update(text)
        self.display = True
        self.scroll_home(animate=False)
