"""A check box that shows its state by its mark, not only by its colour.

Textual's check box always draws an ``X`` and tells on from off by colour
alone. This one draws a tick when it is on and an empty box when it is off
(the stylesheet colours them as well: green when on, grey when off).
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox as _Checkbox

#: The mark inside the box, on and off.
ON, OFF = "✓", " "


class Checkbox(_Checkbox):
    """A check box with a tick when on and an empty box when off."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.BUTTON_INNER = ON if self.value else OFF

    def watch_value(self) -> None:
        self.BUTTON_INNER = ON if self.value else OFF
        super().watch_value()
