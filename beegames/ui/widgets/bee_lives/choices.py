"""The Bee Lives decision list: the shared :class:`ChoiceList` with a habit of its own.

- In a form (a raid's sacrifice, a forage's cubes), the first row sums up the choice and has no
  number; ←/→ or a digit typed there go to the form's first number row and set it, rather than doing
  nothing.

Nothing here is a rule: the rows are the view's.
"""

from __future__ import annotations

from textual import events

from ..choices import ChoiceList


class BeeLivesChoices(ChoiceList):
    """The decision list of the Bee Lives screen."""

    def _to_number_row(self) -> bool:
        """In a form, on a row without a number: highlight the first number row (True if moved)."""
        entry = self.current
        if self.digits or entry is None or entry.number is not None:
            return False
        rows = [i for i, c in enumerate(self.choices) if c.number is not None and c.selectable]
        if not rows:
            return False
        self.highlight(rows[0])
        return True

    def _form_row_waits(self) -> bool:
        entry = self.current
        return not self.digits and entry is not None and entry.number is None \
            and any(c.number is not None and c.selectable for c in self.choices)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("left", "right") and self._form_row_waits():
            return True
        return super().check_action(action, parameters)

    def action_left(self) -> None:
        self._to_number_row()
        super().action_left()

    def action_right(self) -> None:
        self._to_number_row()
        super().action_right()

    def on_key(self, event: events.Key) -> None:
        char = event.character
        if not self.passive and char is not None and char.isdigit() and self._form_row_waits():
            self._to_number_row()
        super().on_key(event)
