"""The footer every screen shows: Textual's, made cheaper to rebuild.

Textual rebuilds the footer whenever the screen's bindings are refreshed (a
focus change, a dialog opening, any change of state that may enable or
disable a key), one widget per key, and a rebuild mounts every key again and
lays the screen out anew. Here it is rebuilt only when what it shows changed:
the keys, their names as the keymap gives them, their descriptions, whether
each is enabled, their tooltips and groups. Most refreshes (a move that
leaves the same keys enabled) change none of that.

Textual's key widget starts out compact and is then bound to the footer's
own setting, so each key is restyled twice as it mounts: a fifth of the time
a game screen takes to open, and a tenth of each move's repaint. Here each
key starts with the footer's setting, so a key is never restyled for it.

Dialogs (:class:`Dialog`) show one too, with their own keys.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual.app import ComposeResult
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

ResultT = TypeVar("ResultT")


class Footer(TextualFooter):
    """Textual's footer whose keys are built already in its compact setting, rebuilt only
    when the keys it shows change."""

    #: what the footer's keys were last built from (None: not built yet)
    _shown: tuple[Any, ...] | None = None

    def _what_is_shown(self) -> tuple[Any, ...]:
        """Everything :meth:`compose` builds the keys from (Textual's ``Footer.compose``)."""
        app = self.app
        keys = tuple(
            (binding.key, app.get_key_display(binding), binding.description, binding.action, enabled, tooltip,
             binding.tooltip, None if binding.group is None else (id(binding.group), binding.group.description,
                                                                  binding.group.compact))
            for (_node, binding, enabled, tooltip) in self.screen.active_bindings.values() if binding.show
        )
        palette = self.show_command_palette and app.ENABLE_COMMAND_PALETTE
        return (keys, palette, self.compact, self.combine_groups, app.COMMAND_PALETTE_BINDING if palette else None)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """As Textual's, but the rebuild is skipped when it would build the same keys."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        if not self.is_attached:
            return
        shown = self._what_is_shown()
        if shown == self._shown:
            return
        await self.recompose()

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._shown = self._what_is_shown()
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
