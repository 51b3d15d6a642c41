"""The coach's lines at the foot of every game screen, above the footer.

It says that the computer is thinking of a hint (or reviewing the game, with
how far it has got), then shows the hint: the move, the reason and the
outlook, wrapped to the width of the screen so that nothing is cut at 80
columns, and scrolled only if it were taller than its nine rows. A hint whose
whole reason takes more than :meth:`CoachPanel.room` rows (three on a screen
under 40 rows tall) is shown by its short form instead: the reason's headline,
with the key that shows the rest. Everything in it
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

    #: the rows a hint may take on a screen under :attr:`TALL` rows, and on a taller one
    ROWS = 3
    TALL_ROWS = 9
    TALL = 40

    def room(self) -> int:
        """How many rows the hint may take on this screen."""
        return self.TALL_ROWS if self.app.size.height >= self.TALL else self.ROWS

    def rows(self, text: Text) -> int:
        """How many rows ``text`` takes in the panel, wrapped to its width."""
        # (hidden, it has no size yet: the screen's width less its padding)
        width = max(1, self.size.width if self.display and self.size.width else self.app.size.width - 2)
        return len(text.wrap(self.app.console, width))

    def fitting(self, *texts: Text) -> Text:
        """The first of ``texts`` that fits in :meth:`room` (else the last: the shortest form)."""
        rows = self.room()
        return next((text for text in texts if self.rows(text) <= rows), texts[-1])

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
