"""The footer every screen shows: Textual's, made cheaper to rebuild.

Textual rebuilds the footer whenever the screen's bindings are refreshed (a
focus change, a dialog opening, any change of state that may enable or
disable a key), one widget per key, and a rebuild mounts every key again and
lays the screen out anew. Here it is rebuilt only when what it shows changed:
the keys, their names as the keymap gives them, their descriptions, whether
each is enabled, their tooltips and groups. Most refreshes (a move that
leaves the same keys enabled) change none of that. And when it did change,
a footer of plain keys (no groups, no palette key) is brought up to date in
place: each key widget takes the key now in its place, only the keys added
at the end are mounted and only those gone from the end removed, and the
screen is laid out again only when a key's width may have changed (a key
enabled or disabled only repaints). The keys end up as a rebuild would
make them.

Textual's key widget starts out compact and is then bound to the footer's
own setting, so each key is restyled twice as it mounts: a fifth of the time
a game screen takes to open, and a tenth of each move's repaint. Here each
key starts with the footer's setting, so a key is never restyled for it.

Dialogs (:class:`Dialog`) show one too, with their own keys.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
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
        if not self.is_attached or self._pruning:  # (a dialog closing: its footer is going away)
            return
        shown = self._what_is_shown()
        if shown == self._shown:
            return
        if await self._update_in_place(shown):
            return
        await self.recompose()

    @staticmethod
    def _plain_keys(shown: tuple[Any, ...]) -> list[tuple[Any, ...]] | None:
        """The keys a footer of plain keys shows, in order: the first binding of each action, as
        Textual's ``Footer.compose`` picks them; None when some key is in a group or the palette
        key is shown (those footers are rebuilt)."""
        keys, palette = shown[0], shown[1]
        if palette or any(k[7] is not None for k in keys):
            return None
        first: dict[str, tuple[Any, ...]] = {}
        for k in keys:
            first.setdefault(k[3], k)
        return list(first.values())

    async def _update_in_place(self, shown: tuple[Any, ...]) -> bool:
        """Bring a footer of plain keys up to date without building its keys again (see the
        module's notes); False (nothing done) when it must be rebuilt."""
        old = self._shown
        if old is None or old[1:] != shown[1:]:
            return False
        before, after = self._plain_keys(old), self._plain_keys(shown)
        widgets = [w for w in self.children if isinstance(w, FooterKey)]
        if before is None or after is None or len(widgets) != len(before) or len(widgets) != len(self.children):
            return False
        self._shown = shown
        layout = len(after) != len(before)
        for widget, (key, display, description, action, enabled, tooltip, *_rest) in zip(widgets, after):
            if (display, description) != (widget.key_display, widget.description):
                layout = True
                widget.refresh(layout=True)
            elif (action, enabled, tooltip) != (widget.action, not widget._disabled, widget.tooltip or ""):
                widget.refresh()
            widget.key, widget.key_display, widget.description, widget.action = key, display, description, action
            widget._disabled = not enabled
            widget.set_class(not enabled, "-disabled")
            if (widget.tooltip or "") != tooltip:
                widget.tooltip = tooltip or None
        if len(widgets) > len(after):
            await self.remove_children(widgets[len(after):])
        elif len(after) > len(widgets):
            await self.mount_all([self._key_widget(*k[:6]) for k in after[len(widgets):]])
        if layout:
            self.refresh(layout=True)
        return True

    def _key_widget(self, key: str, display: str, description: str, action: str, enabled: bool,
                    tooltip: str) -> Widget:
        """A key as Textual's ``Footer.compose`` makes it, in the footer's setting."""
        widget = FooterKey(key, display, description, action, disabled=not enabled, tooltip=tooltip)
        widget.set_reactive(FooterKey.compact, self.compact)
        return widget

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
    from :meth:`body`. F1 shows the dialog's keys, as on every screen (the
    app's own F1 does not reach past a dialog).
    """

    BINDINGS = [Binding("f1", "app.help", "Keys", id="app.help", show=False)]

    def compose(self) -> ComposeResult:
        yield from self.body()
        yield Footer(show_command_palette=False)

    def body(self) -> ComposeResult:
        """The dialog's content (everything but the footer)."""
        yield from ()
