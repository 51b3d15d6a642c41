"""A tile looked at in secret, shown to the looker before the keyboard is handed on."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from ..footer import Dialog


class LookScreen(Dialog[None]):
    """What ``player`` just saw, for their eyes only; Enter, Space or Esc closes it."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Done", id="look.done"),
                Binding("space", "dismiss(None)", "Done", show=False)]

    def __init__(self, player: str, report: str) -> None:
        super().__init__()
        self.player = player
        self.report = report

    def body(self) -> ComposeResult:
        with Vertical(id="look", classes="dialog"):
            yield Static(Text(f"{self.player}, only you see this"), classes="title")
            yield Static(Text(self.report), id="look-report")
            yield Button(Text("Seen: hide it and hand on the keyboard"), id="look-done", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#look-done", Button).focus()

    @on(Button.Pressed)
    def _done(self) -> None:
        self.dismiss(None)
