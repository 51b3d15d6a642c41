"""Shared side-panel widgets: the game log and the player panel."""

from __future__ import annotations

from typing import Any

from rich.measure import measure_renderables
from rich.segment import Segment
from rich.text import Text
from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import RichLog, Static

from ...core.match import Match, SeatView
from ...core.state import headline

#: the players panel's default seat styles, for a game whose screen gives no colours of its own
SEAT_STYLES = ["bold #f5f5f5", "bold #e0a030", "bold #5fa8ff", "bold #e06c75"]


class GameLog(RichLog):
    """The game's log, newest line at the bottom. Fed from the state's log.

    It always follows the newest line: after every write, and whenever it
    is resized (a panel above it grew), it scrolls to the end.

    New lines are written all at once: each is wrapped and drawn as
    RichLog's ``write`` would draw it (and remembered, as the same lines come
    back whenever another seat takes the keyboard and the log is refilled),
    but the log's size is set, and its scroll to the end asked for, once per
    batch rather than once per line."""

    #: lines drawn at most once per width: (line, width) -> (strips, widest strip)
    _DRAWN_MAX = 4096

    DEFAULT_CSS = """
    GameLog { height: 1fr; min-height: 4; border: round $primary-darken-2; overflow-y: scroll; overflow-x: hidden; }
    """

    #: with the focus, the keys read back through older lines (no animation: the text jumps); the
    #: footer names them once, so that it fits 80 columns
    BINDINGS = [
        Binding("up", "scroll_by(-1)", "Scroll", key_display="↑↓ PgUp/PgDn"),
        Binding("down", "scroll_by(1)", "Newer", show=False),
        Binding("pageup", "scroll_by(-10)", "Older", show=False),
        Binding("pagedown", "scroll_by(10)", "Newer", show=False),
        Binding("home", "scroll_by(-1000000)", "Oldest", show=False),
        Binding("end", "scroll_by(1000000)", "Newest", show=False),
    ]

    def action_scroll_by(self, rows: int) -> None:
        """Scroll ``rows`` lines (a page is the box's height when it is less than ``rows``)."""
        if abs(rows) == 10:
            rows = max(1, self.scrollable_content_region.height - 1) * (1 if rows > 0 else -1)
        self.scroll_to(y=self.scroll_y + rows, animate=False, immediate=True)

    #: A new line changes only what the log scrolls over: its scroll bar is
    #: always there, so the screen need not be laid out again for it.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted:
            self._scroll_update(size)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, min_width=16, markup=False, highlight=False, auto_scroll=True, **kwargs)
        self._shown = 0
        self.border_title = "Log"
        self._drawn: dict[tuple[str, int], tuple[list[Strip], int]] = {}

    def sync(self, lines: list[str]) -> None:
        """Show ``lines``; only new ones are written unless the log shrank (undo)."""
        if len(lines) < self._shown:
            self.clear()
            self._shown = 0
        self._write_lines(lines[self._shown:])
        self._shown = len(lines)
        self.follow()

    def _write_lines(self, lines: list[str]) -> None:
        """Append ``lines``, each drawn exactly as ``RichLog.write(Text(line))``
        draws it, with one update of the log's size for all of them."""
        if not lines:
            return
        if not self._size_known or self.max_lines is not None or not self.wrap:
            for line in lines:  # (before the first resize RichLog keeps writes for later)
                self.write(Text(line))
            return
        console = self.app.console
        options = console.options
        region_width = self.scrollable_content_region.width
        widest = self._widest_line_width
        for line in lines:
            key = (line, region_width)
            drawn = self._drawn.get(key)
            if drawn is None:
                drawn = self._draw(line, console, options, region_width)
                if len(self._drawn) >= self._DRAWN_MAX:
                    self._drawn.clear()
                self._drawn[key] = drawn
            strips, width = drawn
            self.lines.extend(strips)
            widest = max(widest, width)
        self._widest_line_width = widest
        self.virtual_size = Size(widest, len(self.lines))
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def _draw(self, line: str, console: Any, options: Any, region_width: int) -> tuple[list[Strip], int]:
        """One line wrapped and drawn as ``RichLog.write`` does (no markup, no highlighting, shrunk
        to the log's width, at least ``min_width`` wide): its strips and the widest one."""
        text = Text(line)
        text.expand_tabs()
        width = measure_renderables(console, options, [text]).maximum
        if width > region_width:
            width = min(width, region_width)
        width = max(width, self.min_width)
        rendered = list(Segment.split_lines(console.render(text, options.update_width(width))))
        if not rendered:
            return [Strip.blank(width)], width
        return Strip.from_lines(rendered), max(sum(s.cell_length for s in row) for row in rendered)

    def follow(self) -> None:
        """Scroll to the newest line (once the layout has settled)."""
        self.call_after_refresh(self.scroll_end, animate=False, immediate=True, x_axis=False)

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        self.follow()

    @property
    def at_end(self) -> bool:
        """True if the newest line is in view."""
        return self.scroll_y >= self.max_scroll_y

    def reset(self, lines: list[str]) -> None:
        self.clear()
        self._shown = 0
        self.sync(lines)


class SideLog(GameLog):
    """The log beside a game's board. With the focus it scrolls (as :class:`GameLog`), and Enter
    hands the keys back to where the player decides (:class:`SideLog.Leave`): a key meant for a
    decision never goes to the log without a word. Esc hands them back too and opens the menu,
    as Esc does everywhere in a game once there is nothing to back out of: one Esc, not two. (Its
    Esc is the menu key: it carries the game screen's id for it, so a keymap moves both.)"""

    BINDINGS = [
        Binding("enter", "leave", "Back", key_display="⏎"),
        Binding("escape", "leave(True)", "Menu", id="game.pause"),
    ]

    class Leave(Message):
        """Enter or Esc on the log: the keys go back to the decision (with Esc, the menu opens)."""

        def __init__(self, menu: bool = False) -> None:
            super().__init__()
            self.menu = menu

    @staticmethod
    def headlines(lines: list[str]) -> list[str]:
        """What the side log shows of ``lines``: each one's headline (its details are for the
        whole log, Ctrl+L)."""
        return [headline(line) for line in lines]

    def sync(self, lines: list[str]) -> None:
        super().sync(self.headlines(lines))

    def action_leave(self, menu: bool = False) -> None:
        self.post_message(self.Leave(menu))


class PlayerPanel(Static):
    """Each seat's name, human or computer, and who is to decide."""

    DEFAULT_CSS = """
    PlayerPanel { height: auto; border: round $primary-darken-2; padding: 0 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.border_title = "Players"
        self._shown: Text | None = None
        self._lines = -1

    def show(self, match: Match[Any, Any], seen: SeatView[Any, Any], extra: list[str] | None = None,
             thinking: bool = False, tags: list[Text] | None = None, prompt: bool = True,
             colours: list[str] | None = None) -> None:
        """Draw the seats and the pending decision as ``seen.seat`` may see
        them: another seat's prompt may name its cards, so in a game that
        hides information only the deciding seat reads its prompt.
        ``tags`` are short texts shown after each seat's name (e.g. its
        side), ``extra`` a line of details under it; without ``prompt`` the
        pending decision and the result are left to the screen. ``colours``
        gives each seat's colour as the game draws it."""
        decision = seen.decision
        text = Text()
        for i, seat in enumerate(match.header.seats):
            marker = "▶ " if decision is not None and decision.seat == i else "  "
            who = "" if seat.is_human else f" (computer, {seat.level})"
            text.append(marker)
            style = f"bold {colours[i]}" if colours and i < len(colours) else SEAT_STYLES[i % len(SEAT_STYLES)]
            text.append(seat.name, style=style)
            if tags and i < len(tags) and tags[i]:
                text.append(" ")
                text.append(tags[i])
            text.append(who + "\n", style="dim")
            if extra and i < len(extra) and extra[i]:
                text.append("    " + extra[i] + "\n")
        result = match.result
        if not prompt:
            pass
        elif result is not None:
            text.append(result.summary, style="bold")
        elif decision is not None:
            if decision.seat == seen.seat or not match.engine.hides_information:
                text.append(decision.prompt, style="italic")
            else:
                text.append(f"Waiting for {match.header.seats[decision.seat].name}.", style="italic")
            if thinking:
                text.append("\nThinking…", style="bold yellow")
        text.rstrip()
        if text == self._shown:
            return
        # the same number of lines (at this width): no need to lay the screen out again
        width = max(self.content_region.width, 1)
        lines = sum(max(1, -(-line.cell_len // width)) for line in text.split())
        self.update(text, layout=lines != self._lines)
        self._shown, self._lines = text, lines
