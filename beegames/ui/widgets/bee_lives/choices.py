"""The Bee Lives decision list: the shared :class:`ChoiceList` with a habit of its own.

- In a form (a raid's sacrifice, a forage's cubes), the first row sums up the choice and has no
  number; ←/→ or a digit typed there go to the form's first number row and set it, rather than doing
  nothing.

Nothing here is a rule: the rows are the view's.
"""

from __future__ import annotations

from textual import events

from ....games.bee_lives.models import JoinMove
from ....games.bee_lives.view import Entry
from ..choices import ChoiceList
from .map import on_map


class BeeLivesChoices(ChoiceList):
    """The decision list of the Bee Lives screen."""

    def next_join(self, now: object, same_group: bool) -> None:
        """Joining: highlight the next turn of the tiles of ``now`` (the join highlighted, if any: else the
        first), or the first turn of the next tiles to touch."""
        rows = {i: c.value.move for i, c in enumerate(self.choices)
                if isinstance(c.value, Entry) and isinstance(c.value.move, JoinMove)}
        joins = list(rows.values())
        if not joins:
            return
        at = now if isinstance(now, JoinMove) and now in joins else joins[0]
        if same_group:
            same = [m for m in joins if m.group == at.group]
            nxt = same[(same.index(at) + 1) % len(same)]
        else:
            groups = list(dict.fromkeys(m.group for m in joins))
            g = groups[(groups.index(at.group) + 1) % len(groups)]
            nxt = next(m for m in joins if m.group == g)
        self.highlight(next(i for i, m in rows.items() if m is nxt))

    def step_places(self, step: int) -> None:
        """Highlight the next (``step`` 1) or previous (-1) choice that has a place on the map, round the
        list: what ] and [ on the map do while its lit cells stand for the list's choices."""
        rows = [i for i, c in enumerate(self.choices) if c.selectable and on_map(c.value)]
        if rows:
            now = self.highlighted
            self.highlight(rows[(rows.index(now) + step) % len(rows)] if now in rows else rows[0 if step > 0 else -1])

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
