"""The Load screen: every save in the folder, newest first, checked.

Each row names its file, so a saved-as copy and its autosave are two
distinct rows. The list appears at once from the files' headers; then every
save is checked in the background the way loading checks it (its history
replayed), and a save that fails is marked damaged, with the reason shown
below the table. Enter resumes the highlighted game, ``r`` replays it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Header, Static
from textual.worker import get_current_worker

from ...core.saves import SaveSummary, list_saves
from ...core.text import printable
from ...core.words import plural
from ...games import TITLES
from ..widgets.footer import Footer

if TYPE_CHECKING:
    from ..app import BeegamesApp

#: What the background check found for a file, by (path, size, mtime): the
#: reason it does not load (None when it does), and what it took as saved
#: without a replay (``Match.unreplayed``).
_checked: dict[tuple[str, int, int], tuple[str | None, str | None]] = {}


def _stamp(path: str) -> tuple[str, int, int] | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return path, info.st_size, info.st_mtime_ns


def check_save(path: str) -> tuple[str | None, str | None]:
    """Load the save at ``path`` as the game would (history replayed): the
    one-line reason it does not load (None if it does), and the line saying
    what it took as saved without a replay (None if nothing). Remembered per
    file version."""
    from ...core.errors import SaveError
    from ...core.saves import load_save
    from ...games import get_engine

    stamp = _stamp(path)
    if stamp is not None and stamp in _checked:
        return _checked[stamp]
    unreplayed = None
    try:
        unreplayed = load_save(Path(path), get_engine).unreplayed
        problem = None
    except SaveError as exc:
        problem = exc.reason
    except Exception as exc:  # never let one file stop the listing
        problem = f"cannot be checked ({type(exc).__name__})"
    if stamp is not None:
        _checked[stamp] = problem, unreplayed
    return problem, unreplayed


def _setup(s: SaveSummary) -> str:
    """" (Challenge: Builder)": how the game was set up, in the engine's words."""
    from ...games import get_engine

    try:
        setup = get_engine(s.game).setup_summary(s.options)
    except Exception:  # an unknown game or odd options: the rest of the line still stands
        return ""
    return f" ({setup})" if setup else ""


def _when(saved: str) -> str:
    return saved[:16].replace("T", " ")


class LoadScreen(Screen[None]):
    """Every save in the saves folder, newest first."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="load.back"),
        # (priority, enabled while the list has the keys: so that the footer names Enter there,
        # and Enter on a button below still presses that button)
        Binding("enter", "open", "Resume", id="load.open", priority=True),
        Binding("r", "replay", "Replay", id="load.replay"),
        Binding("home", "go(0)", "First save", id="load.first", show=False, priority=True),
        Binding("end", "go(-1)", "Last save", id="load.last", show=False, priority=True),
    ]
    #: the list's keys, for the keys screen (F1)
    EXTRA_HELP = [
        ("↑/↓, PgUp/PgDn", "Choose a save"),
        ("Home / End", "The first / the last save"),
        ("Enter", "Resume the game chosen"),
        ("Tab", "To the buttons below (Enter presses the one lit)"),
    ]

    app: BeegamesApp

    def __init__(self) -> None:
        super().__init__()
        self.summaries: list[SaveSummary] = []
        #: per file: None (loads), a reason (damaged), or absent (not checked yet)
        self.problems: dict[str, str | None] = {}
        self._wide: bool | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="load-screen"):
            yield Static("Load a saved game", classes="title")
            yield Static("", id="load-folder")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static("", id="load-detail")
            with Horizontal(id="load-buttons"):
                yield Button("Resume", id="resume", variant="primary")
                yield Button("Replay", id="replay")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#load-folder", Static).update(Text(printable(f"Folder: {self.app.saves_dir}"), style="dim"))
        self.app.writer.wait()
        self.summaries = list_saves(self.app.saves_dir)
        for s in self.summaries:
            if s.problem is not None:
                self.problems[s.path] = s.problem
        self._fill()
        table = self.query_one("#saves", DataTable)
        table.focus()
        if self.summaries:
            self.check_all()
        else:
            self.query_one("#load-detail", Static).update("No saves yet. Start a new game from the menu.")

    def on_resize(self) -> None:
        if self._wide is not None and self._wide != self._is_wide():
            self._fill()

    def _is_wide(self) -> bool:
        return self.app.size.width >= 120

    # -- the table ---------------------------------------------------------------
    def _status(self, s: SaveSummary) -> Text:
        if s.path in self.problems and self.problems[s.path] is not None:
            return Text("damaged", style="bold red")
        if s.path in self.problems and s.unreplayed:
            return Text("not replayed", style="yellow")
        if s.over:
            return Text("finished", style="green")
        if s.path not in self.problems:
            return Text("in progress…", style="dim")
        return Text("in progress")

    def _fill(self) -> None:
        table = self.query_one("#saves", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        self._wide = wide = self._is_wide()
        width = self.app.size.width
        if wide:
            name_w = max(24, width - 100)
            table.add_column("File", width=name_w, key="file")
            table.add_column("Game", width=12, key="game")
            table.add_column("Players", width=26, key="players")
            table.add_column("Moves", width=5, key="moves")
            table.add_column("Status", width=13, key="status")
            table.add_column("Saved", width=16, key="saved")
        else:
            name_w = max(16, width - 54)
            table.add_column("File", width=name_w, key="file")
            table.add_column("Game", width=12, key="game")
            table.add_column("Status", width=13, key="status")
            table.add_column("Saved", width=11, key="saved")
        for s in self.summaries:
            name = Text(printable(Path(s.path).name), no_wrap=True, overflow="ellipsis")
            game = Text(TITLES.get(s.game, s.game) if s.problem is None else "?", no_wrap=True, overflow="ellipsis")
            saved = Text(_when(s.saved) if wide else _when(s.saved)[5:])
            if wide:
                players = Text(", ".join(s.players), no_wrap=True, overflow="ellipsis")
                table.add_row(name, game, players, Text(str(s.moves) if s.problem is None else ""),
                              self._status(s), saved, key=s.path)
            else:
                table.add_row(name, game, self._status(s), saved, key=s.path)
        if self.summaries:
            table.move_cursor(row=min(max(row, 0), len(self.summaries) - 1))
            self._show_detail()

    def selected(self) -> SaveSummary | None:
        table = self.query_one("#saves", DataTable)
        if not self.summaries or not 0 <= table.cursor_row < len(self.summaries):
            return None
        return self.summaries[table.cursor_row]

    def _show_detail(self) -> None:
        s = self.selected()
        detail = self.query_one("#load-detail", Static)
        if s is None:
            return
        text = Text()
        text.append(printable(Path(s.path).name), style="bold")
        problem = self.problems.get(s.path)
        if problem is not None:
            text.append("\nDamaged: ", style="bold red")
            text.append(printable(problem))
        else:
            text.append("\n" + TITLES.get(s.game, s.game) + _setup(s) + ": ")
            text.append(" vs ".join(s.players))
            text.append(f" · round {s.turn} · {plural(s.moves, 'move')} · saved {_when(s.saved)}")
            if s.over:
                text.append("\nFinished: ")
                text.append((s.result or "").rstrip("."))
            elif s.path not in self.problems:
                text.append("\nChecking…", style="dim")
            if s.path in self.problems and s.unreplayed:
                text.append("\n" + s.unreplayed, style="yellow")
        detail.update(text)

    @on(DataTable.RowHighlighted)
    def _highlighted(self) -> None:
        self._show_detail()

    # -- checking every save -------------------------------------------------------
    @work(thread=True, exclusive=True, group="check-saves")
    def check_all(self) -> None:
        worker = get_current_worker()
        for s in list(self.summaries):
            if worker.is_cancelled:
                return
            if s.path in self.problems:
                continue
            problem, unreplayed = check_save(s.path)
            self.app.call_from_thread(self._checked, s.path, problem, unreplayed)

    def _checked(self, path: str, problem: str | None, unreplayed: str | None = None) -> None:
        self.problems[path] = problem
        table = self.query_one("#saves", DataTable)
        summary = next((s for s in self.summaries if s.path == path), None)
        if summary is None:
            return
        summary.unreplayed = unreplayed
        try:
            table.update_cell(path, "status", self._status(summary))
        except Exception:  # the table was rebuilt meanwhile; the next fill shows it
            pass
        selected = self.selected()
        if selected is not None and selected.path == path:
            self._show_detail()

    # -- actions -------------------------------------------------------------------
    def _open(self, replay: bool) -> None:
        s = self.selected()
        if s is None:
            return
        from ...core.errors import SaveError
        from ...core.saves import load_save
        from ...games import get_engine

        path = Path(s.path)
        self.app.writer.wait(path)
        try:
            match = load_save(path, get_engine)
        except SaveError as exc:
            self.notify(exc.reason, title="Cannot load this save", severity="error", timeout=8)
            self._checked(s.path, exc.reason)
            return
        if replay:  # the list stays beneath: closing the replay comes back to it
            self.app.open_replay(match, path)
            return
        self.workers.cancel_group(self, "check-saves")
        self.app.pop_screen()
        self.app.open_loaded(match, path)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open", "go"):
            return isinstance(self.focused, DataTable)
        return True

    def action_go(self, row: int) -> None:
        """Home / End: the first or the last save (``row`` -1: the last)."""
        if self.summaries:
            self.query_one("#saves", DataTable).move_cursor(row=row % len(self.summaries))

    def action_open(self) -> None:
        self._open(replay=False)

    def action_replay(self) -> None:
        self._open(replay=True)

    @on(DataTable.RowSelected)
    def _selected(self) -> None:
        self.action_open()

    @on(Button.Pressed, "#resume")
    def _resume_pressed(self) -> None:
        self.action_open()

    @on(Button.Pressed, "#replay")
    def _replay_pressed(self) -> None:
        self.action_replay()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.app.pop_screen()
