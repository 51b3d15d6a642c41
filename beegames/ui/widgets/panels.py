"""Shared side-panel widgets: the game log and the player panel."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import RichLog, Static

from ...core.match import Match, SeatView

#: Per-seat colours, used wherever a seat is shown (panels, dice, pieces).
SEAT_COLOURS = ["#f5f5f5", "#e0a030", "#5fa8ff", "#e06c75"]
SEAT_STYLES = ["bold #f5f5f5", "bold #e0a030", "bold #5fa8ff", "bold #e06c75"]


class GameLog(RichLog):
    """The game's log, newest line at the bottom. Fed from the state's log."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; border: round $primary-darken-2; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, min_width=16, markup=False, highlight=False, auto_scroll=True, **kwargs)
        self._shown = 0
        self.border_title = "Log"

    def sync(self, lines: list[str]) -> None:
        """Show ``lines``; only new ones are written unless the log shrank (undo)."""
        if len(lines) < self._shown:
            self.clear()
            self._shown = 0
        for line in lines[self._shown:]:
            self.write(Text(line))
        self._shown = len(lines)

    def reset(self, lines: list[str]) -> None:
        self.clear()
        self._shown = 0
        self.sync(lines)


class PlayerPanel(Static):
    """Each seat's name, human or computer, and who is to decide."""

    DEFAULT_CSS = """
    PlayerPanel { height: auto; border: round $primary-darken-2; padding: 0 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.border_title = "Players"

    def show(self, match: Match[Any, Any], seen: SeatView[Any, Any], extra: list[str] | None = None,
             thinking: bool = False) -> None:
        """Draw the seats and the pending decision as ``seen.seat`` may see
        them: another seat's prompt may name its cards, so in a game that
        hides information only the deciding seat reads its prompt."""
        decision = seen.decision
        text = Text()
        for i, seat in enumerate(match.header.seats):
            marker = "▶ " if decision is not None and decision.seat == i else "  "
            who = "" if seat.is_human else f" (computer, {seat.level})"
            text.append(marker)
            text.append(seat.name, style=SEAT_STYLES[i % len(SEAT_STYLES)])
            text.append(who + "\n", style="dim")
            if extra and i < len(extra) and extra[i]:
                text.append("    " + extra[i] + "\n")
        result = match.result
        if result is not None:
            text.append("\n" + result.summary, style="bold")
        elif decision is not None:
            if decision.seat == seen.seat or not match.engine.hides_information:
                text.append("\n" + decision.prompt, style="italic")
            else:
                text.append(f"\nWaiting for {match.header.seats[decision.seat].name}.", style="italic")
            if thinking:
                text.append("\nThinking…", style="bold yellow")
        self.update(text)
