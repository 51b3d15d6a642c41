"""Small screens shown over a game: pause menu, keys, hand-off, save as, game over."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, Label, Markdown, Static


class PauseMenu(ModalScreen[str]):
    """Save as, undo, rules summary, help, resume, quit to menu."""

    BINDINGS = [Binding("escape", "dismiss('resume')", "Resume", id="pause.resume")]

    def __init__(self, can_undo: bool) -> None:
        super().__init__()
        self.can_undo = can_undo

    def compose(self) -> ComposeResult:
        with Vertical(id="pause", classes="dialog"):
            yield Static("Paused", classes="title")
            yield Button("Resume", id="resume", variant="primary")
            yield Button("Undo last move", id="undo", disabled=not self.can_undo)
            yield Button("Save as…", id="save_as")
            yield Button("Rules summary", id="rules")
            yield Button("Keys", id="help")
            yield Button("Quit to menu (autosaves)", id="quit", variant="warning")

    def on_mount(self) -> None:
        self.query_one("#resume", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "resume")

    def key_up(self) -> None:
        self.focus_previous()

    def key_down(self) -> None:
        self.focus_next()


class HelpScreen(ModalScreen[None]):
    """Every key that works on the screen beneath, with what it does."""

    BINDINGS = [
        Binding("escape", "dismiss", "Close", id="help.close"),
        Binding("f1", "dismiss", "Close", show=False),
        Binding("question_mark", "dismiss", "Close", show=False),
    ]

    def __init__(self, under: Screen, extra: list[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.extra = extra or list(getattr(under, "EXTRA_HELP", []))
        # Read the keys now, while the screen beneath is still the active one.
        from textual.app import App

        self.active = [a for a in under.active_bindings.values()
                       if a.binding.show or isinstance(a.node, (Screen, App))]

    def compose(self) -> ComposeResult:
        with Vertical(id="help", classes="dialog wide"):
            yield Static("Keys", classes="title")
            yield DataTable(id="keys", cursor_type="none", show_cursor=False)
            yield Static("Esc, F1 or ? closes this.", classes="hint")

    def on_mount(self) -> None:
        table = self.query_one("#keys", DataTable)
        table.add_columns("Key", "What it does")
        seen: set[str] = set()
        for key, what in self.extra:
            table.add_row(key, what)
            seen.add(key)
        for active in self.active:
            binding = active.binding
            if not binding.description:
                continue
            key = self.app.get_key_display(binding)
            if key in seen:
                continue
            seen.add(key)
            table.add_row(key, binding.description + ("" if active.enabled else " (not now)"))
        for key, what in (("ctrl+p", "Command palette: every action by name"), ("ctrl+q", "Quit the app")):
            if key not in seen:
                table.add_row(key, what)


class HandoffScreen(ModalScreen[str]):
    """A blank screen between human players at one keyboard.

    It hides the table until the next player says they are ready. The player
    who has just moved may still take the move back from here, before the
    keyboard changes hands. Dismissed with ``"ready"`` or ``"undo"``.
    """

    BINDINGS = [Binding("enter", "ready", "I am ready", id="handoff.ready"),
                Binding("space", "ready", "I am ready", show=False),
                Binding("ctrl+z", "undo", "Take back my move", id="handoff.undo")]

    def __init__(self, player: str, previous: str | None = None, can_undo: bool = False) -> None:
        super().__init__()
        self.player = player
        self.previous = previous
        self.can_undo = can_undo and previous is not None

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff", classes="dialog"):
            yield Static(Text(f"Pass the keyboard to {self.player}"), classes="title")
            yield Static("Everyone else, look away. Press Enter when ready.", classes="hint")
            yield Button(Text(f"I am {self.player}"), id="ready", variant="primary")
            if self.can_undo:
                yield Button(Text(f"{self.previous}: take back my move (Ctrl+Z)"), id="undo")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.can_undo
        return True

    def action_ready(self) -> None:
        self.dismiss("ready")

    def action_undo(self) -> None:
        if self.can_undo:
            self.dismiss("undo")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss("undo" if event.button.id == "undo" else "ready")


class SaveAsScreen(ModalScreen[Path | None]):
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="saveas.cancel")]

    def __init__(self, folder: Path, suggested: str) -> None:
        super().__init__()
        self.folder = folder
        self.suggested = suggested

    def compose(self) -> ComposeResult:
        with Vertical(id="saveas", classes="dialog"):
            yield Static("Save as", classes="title")
            yield Label(f"In {self.folder}:")
            yield Input(value=self.suggested, id="filename")
            yield Button("Save", id="save", variant="primary")

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        name = self.query_one("#filename", Input).value.strip()
        if not name or "/" in name or "\\" in name or name.startswith("."):
            self.notify("Type a plain file name, without folders.", severity="error")
            return
        if not name.endswith(".json"):
            name += ".json"
        path = self.folder / name
        if path.is_dir():
            self.notify(f"{name} is a folder.", severity="error")
            return
        self.dismiss(path)


class RulesSummaryScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "dismiss", "Close", id="rulessummary.close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-summary", classes="dialog wide"):
            yield Markdown(self.text)
            yield Static("Esc closes this.", classes="hint")


class GameOverScreen(ModalScreen[str]):
    BINDINGS = [Binding("escape", "dismiss('board')", "See the board", id="over.board")]

    def __init__(self, summary: str, detail: str = "") -> None:
        super().__init__()
        self.summary = summary
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="gameover", classes="dialog"):
            yield Static("Game over", classes="title")
            yield Static(self.summary, id="over-summary")
            if self.detail:
                yield Static(self.detail, classes="hint")
            yield Button("See the board", id="board", variant="primary")
            yield Button("New game", id="new")
            yield Button("Main menu", id="menu")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "board")
