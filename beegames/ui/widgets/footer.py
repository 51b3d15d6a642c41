"""The footer every screen shows: Textual's, made cheaper to rebuild.

The footer is rebuilt whenever the active bindings change (a focus change, a
dialog opening), one widget per key. Textual's key widget starts out compact
and is then bound to the footer's own setting, so each key is restyled twice
as it mounts: a fifth of the time a game screen takes to open, and a tenth of
each move's repaint. Here each key starts with the footer's setting, so a key
is never restyled for it.

Dialogs (:class:`Dialog`) show one too, with their own keys.
"""

from __future__ import annotations

from typing import TypeVar

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

ResultT = TypeVar("ResultT")


class Footer(TextualFooter):
    """Textual's footer whose keys are built already in its compact setting."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            # (the command palette's key is not bound to the footer's setting: it keeps its own)
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget


class Dialog(ModalScreen[ResultT]):
    """The base of every dialog shown over another screen.

    A dialog shows a footer of its own, naming its own keys: the footer of
    the screen beneath, still drawn under the dialog's tint, would name keys
    that do nothing while the dialog is up. Subclasses yield their content
    from :meth:`body`.
    """

    def compose(self) -> ComposeResult:
        yield from self.body()
        yield Footer(show_command_palette=False)

    def body(self) -> ComposeResult:
        """The dialog's content (everything but the footer)."""
        yield from ()
