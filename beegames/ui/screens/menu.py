"""The main menu: new game, continue, load, rules, quit.

This is the first screen, so it imports only what it draws. It opens the
other screens by asking the app (``app.open_new_game``, ``open_load``,
``open_rules``), which imports them when first needed. It names the saves
folder; the folder is looked at in a background thread after
the menu is drawn, which enables Continue and says how many saves there are,
and how many of them are damaged (the Load screen lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Header, Static

from ..widgets.footer import Footer

if TYPE_CHECKING:
    from ..app import BeegamesApp

LOGO = r"""
  __
 | |__   ___  ___  __ _  __ _ _ __ ___   ___  ___
 | '_ \ / _ \/ _ \/ _` |/ _` | '_ ` _ \ / _ \/ __|
 | |_) |  __/  __/ (_| | (_| | | | | | |  __/\__ \
 |_.__/ \___|\___|\__, |\__,_|_| |_| |_|\___||___/
                  |___/
"""


#: The width of the menu's column (beegames.tcss, #menu).
MENU_WIDTH = 60


def _logo() -> str:
    """The banner, every line padded to the widest so it stays one block."""
    lines = LOGO.strip("\n").splitlines()
    width = max(len(line) for line in lines) + 3
    return "\n".join(line.ljust(width) for line in lines)


class MainMenuScreen(Screen[None]):
    """The first screen: start, continue, load, rules, quit."""

    BINDINGS = [
        Binding("n", "new", "New game", id="menu.new"),
        Binding("c", "continue", "Continue", id="menu.continue"),
        Binding("l", "load", "Load", id="menu.load"),
        Binding("r", "rules", "Rules", id="menu.rules"),
        Binding("q", "app.quit", "Quit", id="menu.quit"),
        Binding("up", "app.focus_previous", "Up", show=False),
        Binding("down", "app.focus_next", "Down", show=False),
    ]

    app: BeegamesApp

    def __init__(self) -> None:
        super().__init__()
        #: what the last look at the saves folder found: (saves, damaged, unfinished)
        self.folder_counts: tuple[int, int, int] | None = None
        self._looked = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Center(id="menu-box"):
            with Vertical(id="menu"):
                yield Static(_logo(), id="logo", markup=False)
                yield Static("Hive · Waggle Dance · Bee Lives · Honey Buzz", id="tagline")
                yield Button("New game", id="new", variant="primary")
                yield Button("Continue last game", id="continue", disabled=True)
                yield Button("Load a save", id="load")
                yield Button("Rules", id="rules")
                yield Button("Quit", id="quit", variant="error")
                yield Static("", id="menu-saves")
                yield Static(self._folder_text(), id="menu-folder")
        yield Footer()

    def _folder_text(self) -> Text:
        """Where the saves are, on one line: the home folder written ``~``,
        and the start of a long path left out (``…``), so that the menu
        still fits 80x24."""
        from pathlib import Path

        from ...core.text import printable

        folder = str(self.app.saves_dir)
        home = str(Path.home())
        if home not in ("", "/") and (folder == home or folder.startswith(home + "/")):
            folder = "~" + folder[len(home):]
        folder = printable(folder)
        room = MENU_WIDTH - len("Saves: ")
        if len(folder) > room:
            folder = "…" + folder[-(room - 1):]
        return Text(f"Saves: {folder}", style="dim", no_wrap=True, overflow="ellipsis")

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()
        # look at the saves folder once the menu is on screen
        self.call_after_refresh(self.look_at_saves)

    def on_screen_resume(self) -> None:
        if self._looked:
            self.look_at_saves()

    @work(thread=True, exclusive=True, group="menu-saves", exit_on_error=False)
    def look_at_saves(self) -> None:
        from ...core.paths import saves_folder_problem
        from ...core.saves import list_saves

        self._looked = True

        self.app.writer.wait()
        rows = list_saves(self.app.saves_dir)
        damaged = sum(1 for s in rows if s.problem is not None)
        unfinished = sum(1 for s in rows if s.problem is None and not s.over)
        problem = saves_folder_problem(self.app.saves_dir, what="The saves folder", named=False)
        try:
            self.app.call_from_thread(self._show_saves, (len(rows), damaged, unfinished), problem)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    def _show_saves(self, counts: tuple[int, int, int], problem: str | None = None) -> None:
        from ...core.words import plural

        try:
            button = self.query_one("#continue", Button)
        except NoMatches:  # the app is closing
            return
        self.folder_counts = counts
        total, damaged, unfinished = counts
        button.disabled = unfinished == 0
        text = Text(f"{plural(total, 'save')}, {unfinished} unfinished" if total else "No saves yet", style="dim")
        if damaged:
            text.append(f"\n{plural(damaged, 'damaged file')} (listed under Load)", style="yellow")
        if problem is not None:  # (the folder on the line below)
            text = Text(f"{problem}: games cannot be saved.", style="yellow")
        self.query_one("#menu-saves", Static).update(text)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {"new": self.action_new, "continue": self.action_continue, "load": self.action_load,
                   "rules": self.action_rules, "quit": self.app.exit}
        actions[event.button.id or ""]()

    def action_new(self) -> None:
        self.app.open_new_game()

    def action_continue(self) -> None:
        self.app.continue_last()

    def action_load(self) -> None:
        self.app.open_load()

    def action_rules(self) -> None:
        self.app.open_rules()
