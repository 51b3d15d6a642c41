"""Small screens shown over a game: pause menu, keys, hand-off, save as,
the whole log, game over, a save open elsewhere, and yes/no questions.

Names, file names and results are shown as :class:`rich.text.Text`, never
read as markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.keys import format_key
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from ...core.text import NO_CONTROLS, has_controls, printable
from ..widgets.footer import Dialog, ResultT

if TYPE_CHECKING:
    from .filing import FileKeys
    from .game import GameScreen


class ButtonsDialog(Dialog[ResultT]):
    """A dialog of buttons one under another: ↑/↓ move between them."""

    def key_up(self) -> None:
        self.focus_previous()

    def key_down(self) -> None:
        self.focus_next()


class PauseMenu(ButtonsDialog[str]):
    """Resume, undo, save as, rules summary, keys, quit to menu.

    Rules, keys and save as open over the menu, so Esc there comes back to
    it; Esc here resumes. Dismissed with ``"resume"``, ``"undo"``, ``"quit"``
    or ``"saved"`` (a save as went through). An item that cannot be used now
    is drawn dim, with the reason, and ↑/↓ skip it."""

    BINDINGS = [Binding("escape", "dismiss('resume')", "Resume", id="pause.resume")]

    def __init__(self, game: GameScreen, can_undo: bool, why_not: str = "nothing to undo") -> None:
        super().__init__()
        self.game = game
        self.can_undo = can_undo
        #: why Undo cannot be used, said beside it when it cannot
        self.why_not = why_not

    def body(self) -> ComposeResult:
        with Vertical(id="pause", classes="dialog"):
            yield Static("Paused", classes="title")
            yield Button("Resume", id="resume", variant="primary")
            # (the reason why not may be longer than the dialog is wide at 80 columns: it wraps)
            yield Button("Undo last move" if self.can_undo else f"Undo last move ({self.why_not})", id="undo",
                         disabled=not self.can_undo, classes="" if self.can_undo else "wraps")
            yield Button("Save as…", id="save_as")
            yield Button("Rules summary", id="rules")
            yield Button("Keys", id="help")
            yield Button("Quit to menu (autosaves)", id="quit", variant="warning")

    def on_mount(self) -> None:
        self.query_one("#resume", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id or "resume"
        if choice == "rules":
            self.game.action_rules()
        elif choice == "help":
            self.app.push_screen(HelpScreen(self.game))
        elif choice == "save_as":
            self.game.action_save_as(then=self._saved)
        else:
            self.dismiss(choice)

    def _saved(self, saved: bool) -> None:
        if saved:
            self.dismiss("saved")


_WORDS = {"esc": "Esc", "space": "Space", "enter": "Enter", "⏎": "Enter", "tab": "Tab", "home": "Home",
          "end": "End", "pageup": "PgUp", "pagedown": "PgDn", "delete": "Del", "backspace": "Backspace",
          "insert": "Ins"}
#: Clearer words for the app-wide keys Textual provides.
_ACTIONS = {"command_palette": "Command palette: every action by name", "quit": "Quit the app",
            "help": "This list of keys", "copy_text": "Copy the selected text",
            "focus_next": "The next part of the screen", "focus_previous": "The previous part of the screen"}


def key_label(key: str) -> str:
    """A key as the keys screen writes it: ``Ctrl+Z``, ``Shift+Tab``, ``Esc``, ``?``."""
    *mods, base = key.split("+")
    shown = format_key(base)
    shown = _WORDS.get(shown.lower(), shown)
    if re.fullmatch(r"f\d+", shown):
        shown = shown.upper()
    if mods and len(shown) == 1:
        shown = shown.upper()
    return "+".join([m.capitalize() for m in mods] + [shown])


def _key_tokens(keys: str) -> set[str]:
    """The single keys named in a keys-screen entry such as ``u or Ctrl+Z``."""
    tokens = re.split(r"\s+or\s+|\s*/\s*|,\s*", keys)
    return {t.strip().lower().replace(" ", "") for t in tokens if t.strip()}


class HelpScreen(Dialog[None]):
    """Every key that works on the screen beneath, with what it does.

    The descriptions wrap at any width, and a key is listed once even when
    the screen's own help and its bindings both name it."""

    BINDINGS = [
        Binding("escape", "dismiss", "Close", id="help.close"),
        Binding("f1", "dismiss", "Close", show=False),
        Binding("question_mark", "dismiss", "Close", show=False),
    ]

    def __init__(self, under: Screen[Any], extra: list[tuple[str, str]] | None = None) -> None:
        super().__init__()
        rows = getattr(under, "help_rows", None)
        if extra is None:
            extra = rows() if callable(rows) else list(getattr(under, "EXTRA_HELP", []))
        self.extra = extra
        #: only the keys that work now (a replay: none of the game's keys of play, not even dimmed)
        self.now_only = bool(getattr(under, "help_now_only", False))
        # Read the keys now, while the screen beneath is still the active one.
        self.active = [a for a in under.active_bindings.values()
                       if a.binding.show or isinstance(a.node, (Screen, App))]

    def rows(self) -> list[tuple[str, str]]:
        """(key, what it does) for every key, each key once."""
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        for key, what in self.extra:
            out.append((key, what))
            seen |= _key_tokens(key)
        for active in self.active:
            binding = active.binding
            if not binding.description or binding.key.startswith("super+"):
                continue
            if active.enabled is False and (self.now_only or not binding.show):
                continue
            label = key_label(binding.key)
            if label.lower().replace(" ", "") in seen:
                continue
            seen.add(label.lower().replace(" ", ""))
            what = _ACTIONS.get(binding.action.removeprefix("app."), binding.description)
            out.append((label, what + ("" if active.enabled else " (not now)")))
        for key, what in (("Ctrl+P", _ACTIONS["command_palette"]), ("Ctrl+Q", _ACTIONS["quit"])):
            if key.lower() not in seen:
                out.append((key, what))
        return out

    def body(self) -> ComposeResult:
        table = Table(box=None, show_header=True, header_style="bold", expand=True, padding=(0, 1))
        table.add_column("Key", no_wrap=True, style="bold", max_width=22)
        table.add_column("What it does", ratio=1, overflow="fold")
        for key, what in self.rows():
            table.add_row(Text(key), Text(what))
        with Vertical(id="help", classes="dialog wide"):
            yield Static("Keys", classes="title")
            with VerticalScroll(id="keys-box"):
                yield Static(table, id="keys")
            yield Static("↑/↓ PgUp/PgDn Home/End scroll · Esc, F1 or ? closes this", classes="hint")


class HandoffScreen(Dialog[str]):
    """A blank screen between human players at one keyboard.

    It hides the table until the next player says they are ready. The player
    who has just moved may still take the move back from here, before the
    keyboard changes hands. Esc opens ``menu`` over this screen when one is
    given (a game's pause menu: the table stays hidden), else closes it with
    ``"back"`` (a replay then shows only what is public). Dismissed with
    ``"ready"``, ``"undo"``, ``"back"`` or what the menu chose (``"quit"``).

    A game screen builds one and shows it again at every hand-off (see
    :meth:`show_for`): building, styling and mounting a new one each time cost
    as much as the rest of a move's repaint.
    """

    BINDINGS = [Binding("enter", "ready", "I am ready", id="handoff.ready"),
                Binding("space", "ready", "I am ready", show=False),
                Binding("ctrl+z", "undo", "Take back my move", id="handoff.undo"),
                # (the same key when nothing may be taken back: it says why, as undo does in a game)
                Binding("ctrl+z", "no_undo", "Take back my move", id="handoff.undo", show=False),
                # Esc: in a game the pause menu over this screen; in a replay, only what is public
                Binding("escape", "back", "Menu", id="handoff.back"),
                Binding("escape", "public", "Public view", id="handoff.back")]

    def __init__(self, player: str, previous: str | None = None, can_undo: bool = False, *,
                 menu: Callable[[HandoffScreen], None] | None = None, refusal: str = "") -> None:
        super().__init__()
        self.menu = menu
        self._set(player, previous, can_undo, refusal)

    def _set(self, player: str, previous: str | None, can_undo: bool, refusal: str = "") -> None:
        self.player = player
        self.previous = previous
        self.can_undo = can_undo and previous is not None
        #: why the move cannot be taken back here (said when the undo key is pressed anyway)
        self.refusal = refusal or "Nothing to take back yet."

    def _title(self) -> Text:
        return Text(f"Pass the keyboard to {self.player}")

    def _ready_label(self) -> Text:
        return Text(f"I am {self.player}")

    def _undo_label(self) -> Text:
        return Text(f"{self.previous}: take back my move (Ctrl+Z)")

    def body(self) -> ComposeResult:
        with Vertical(id="handoff", classes="dialog"):
            yield Static(self._title(), classes="title", id="handoff-title")
            yield Static("Everyone else, look away. Press Enter when ready.", classes="hint")
            yield Button(self._ready_label(), id="ready", variant="primary")
            # (always there, shown only when the move may be taken back: the screen is shown again)
            undo = Button(self._undo_label(), id="undo")
            undo.display = self.can_undo
            yield undo
            yield Static("Esc: the menu (the table stays hidden)" if self.menu is not None else
                         "Esc: show only what is public", classes="hint")

    def show_for(self, player: str, previous: str | None = None, can_undo: bool = False, refusal: str = "") -> None:
        """Ready this screen, closed since it was last shown, for another hand-off: the next
        player's name, the undo button only when the move may be taken back, the focus on
        the ready button, as a new screen would have them."""
        self._set(player, previous, can_undo, refusal)
        if not self.is_mounted:
            return  # composed from the values just set
        self.query_one("#handoff-title", Static).update(self._title())
        ready = self.query_one("#ready", Button)
        ready.label = self._ready_label()
        undo = self.query_one("#undo", Button)
        undo.label = self._undo_label()
        undo.display = self.can_undo
        self.set_focus(ready)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.can_undo
        if action == "no_undo":
            return not self.can_undo and self.menu is not None  # (a replay takes nothing back)
        if action in ("back", "public"):
            return (self.menu is not None) == (action == "back")
        return True

    def action_ready(self) -> None:
        self.dismiss("ready")

    def action_undo(self) -> None:
        if self.can_undo:
            self.dismiss("undo")

    def action_no_undo(self) -> None:
        self.notify(self.refusal, title="Cannot undo", severity="warning")

    def action_back(self) -> None:
        if self.menu is not None:
            self.menu(self)
        else:
            self.dismiss("back")

    def action_public(self) -> None:
        """A replay's hand-off: nobody takes the keyboard, only what is public is shown."""
        self.dismiss("back")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss("undo" if event.button.id == "undo" else "ready")


class ConfirmScreen(ButtonsDialog[bool]):
    """A yes/no question; dismissed with True only for yes."""

    # (the footer names both answers' keys: y for the Yes button, whatever it says, and Esc or n for No)
    BINDINGS = [Binding("y", "dismiss(True)", "Yes", id="confirm.yes"),
                Binding("escape", "dismiss(False)", "No", id="confirm.no"),
                Binding("n", "dismiss(False)", "No", show=False)]

    def __init__(self, question: str | Text, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question if isinstance(question, Text) else Text(question)
        self.yes, self.no = yes, no

    def body(self) -> ComposeResult:
        with Vertical(id="confirm", classes="dialog"):
            yield Static(self.question, id="confirm-question")
            yield Button(Text(self.yes), id="yes", variant="warning")
            yield Button(Text(self.no), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class UnsavedScreen(ButtonsDialog[str]):
    """Leaving a game whose file could not be written: save it elsewhere
    (Save as… over this dialog, where a path outside the saves folder may be
    typed), leave and lose it, or stay. Dismissed with ``"saved"`` (it was
    saved elsewhere: leaving goes on), ``"leave"`` or ``"stay"``. A save
    that fails too is said, and this dialog stays."""

    BINDINGS = [Binding("escape", "dismiss('stay')", "Stay", id="unsaved.stay"),
                Binding("s", "save_as", "Save as…", id="unsaved.save_as"),
                Binding("y", "dismiss('leave')", "Leave", show=False),
                Binding("n", "dismiss('stay')", "Stay", show=False)]
    DEFAULT_CSS = """
    UnsavedScreen #unsaved-question { margin: 0 0 1 0; }
    """

    def __init__(self, question: str, game: FileKeys) -> None:
        super().__init__()
        self.question = Text(question)
        self.game = game

    def body(self) -> ComposeResult:
        with Vertical(id="unsaved", classes="dialog"):
            yield Static(self.question, id="unsaved-question")
            yield Button("Save as… (anywhere)", id="save_as", variant="primary")
            yield Button("Leave and lose the game", id="leave", variant="warning")
            yield Button("Stay in the game", id="stay")

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save_as":
            self.action_save_as()
        else:
            self.dismiss(event.button.id or "stay")

    def action_save_as(self) -> None:
        self.game.action_save_as(then=self._saved, anywhere=True)

    def _saved(self, saved: bool) -> None:
        if saved:
            self.dismiss("saved")


#: the longest file name Save as accepts, in bytes (file systems allow 255; a copy adds "-copy-N")
MAX_NAME_BYTES = 200


class SaveAsScreen(Dialog[Path | None]):
    """Choose a file name in the saves folder. Replacing another file is
    asked first; the game's own file may be saved again without asking; a
    file open in another beegames window is refused before anything is
    asked, and the dialog stays open with the name typed. The name proposed
    is shown from its start, all of it selected: typing replaces it.

    With ``anywhere`` (the saves folder cannot be used) a path is typed
    instead: a full one, ``~/…``, or a name alone, which goes in the home
    folder; its folder must exist and be writable. What was typed is only
    ever shown as text."""

    BINDINGS = [Binding("enter", "save", "Save", id="saveas.save", priority=True),
                Binding("escape", "dismiss(None)", "Cancel", id="saveas.cancel")]
    #: the dialog's keys, for the keys screen (F1)
    EXTRA_HELP = [("Enter", "Save under the name typed"), ("Esc", "Cancel: nothing is saved"),
                  ("Home / End", "The start / the end of the name")]

    def __init__(self, folder: Path, suggested: str, current: Path | None = None, *, anywhere: bool = False) -> None:
        super().__init__()
        self.folder = folder
        self.suggested = suggested
        self.current = current
        self.anywhere = anywhere

    def body(self) -> ComposeResult:
        with Vertical(id="saveas", classes="dialog wide" if self.anywhere else "dialog"):
            yield Static("Save as", classes="title")
            if self.anywhere:
                yield Label(Text("Where to save it: a full path, or ~/name.json in your home folder."))
                value = "~/" + self.suggested
            else:
                yield Label(Text(printable(f"In {self.folder}:")))
                value = self.suggested
            yield Input(value=printable(value), id="filename", restrict=NO_CONTROLS, select_on_focus=False)
            yield Button("Save", id="save", variant="primary")

    def on_mount(self) -> None:
        from textual.widgets._input import Selection

        field = self.query_one("#filename", Input)
        field.focus()
        field.selection = Selection(len(field.value), 0)  # all of it, the cursor (and the view) at its start

    def _name_problem(self, typed: str, name: str) -> str | None:
        """Why ``name`` (the file's name, ``.json`` or not) cannot be used, or None."""
        from ...core.saves import SUFFIX

        stem = name[:-len(SUFFIX)] if name.lower().endswith(SUFFIX) else name  # (UP.JSON: UP.json)
        bad = next((c for c in "/\\" if c in typed), None) if not self.anywhere else None
        if not stem.strip():
            return "Type a path for the file." if self.anywhere and not typed.strip() else "Type a name for the file."
        if bad:
            return f"A file name cannot hold “{bad}”."
        if name.startswith("."):
            return "A file name cannot start with a dot."
        if has_controls(typed):
            return "Type a plain file name."
        if len((stem + SUFFIX).encode()) > MAX_NAME_BYTES:
            return (f"That name is too long: at most {MAX_NAME_BYTES - 5} letters (fewer for accented ones "
                    "or symbols).")
        return None

    def _target(self, typed: str) -> Path | str:
        """The file ``typed`` names, or why it cannot be used."""
        import os

        from ...core.saves import SUFFIX

        if not self.anywhere:
            problem = self._name_problem(typed, typed)
            if problem is not None:
                return problem
            stem = typed[:-len(SUFFIX)] if typed.lower().endswith(SUFFIX) else typed
            return self.folder / (stem + SUFFIX)
        if typed.endswith(("/", os.sep)):
            return "Type a file name after the folder."
        if has_controls(typed):
            return "Type a plain path."
        path = Path(os.path.expanduser(typed))
        if not path.is_absolute():
            try:
                path = Path.home() / path
            except RuntimeError:  # (no home folder known)
                return "Type a full path, from / on."
        problem = self._name_problem(typed, path.name)
        if problem is not None:
            return problem
        stem = path.name[:-len(SUFFIX)] if path.name.lower().endswith(SUFFIX) else path.name
        path = path.with_name(stem + SUFFIX)
        folder = path.parent
        try:
            if not folder.is_dir():
                return (f"{folder} is a file, not a folder." if folder.exists() else
                        f"There is no folder {folder}.")
            if not os.access(folder, os.W_OK | os.X_OK):
                return f"The folder {folder} cannot be written to."
        except OSError as exc:
            return f"That path cannot be used: {exc.strerror or exc}"
        return path

    def action_save(self) -> None:
        """Enter (a key of the dialog's, so that its footer names it): saves once the name field has
        taken every key that came before it, as when a name and its Enter are pasted in one go
        (read at once, the name was still empty)."""
        self.query_one("#filename", Input).call_later(self.save)

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def save(self) -> None:
        from ...core.errors import SaveError
        from ...core.saves import is_locked, read_document

        if self.app.screen is not self:
            return  # (a second Enter, after the first closed the dialog or asked a question over it)
        typed = self.query_one("#filename", Input).value.strip()
        path = self._target(typed)
        if isinstance(path, str):
            self.notify(path, severity="error")
            return
        name = path.name if not self.anywhere else str(path)
        try:
            taken = path.exists() or path.is_symlink()
            folder = path.is_dir()
        except OSError as exc:
            self.notify(f"That name cannot be used here: {exc.strerror or exc}", severity="error")
            return
        if folder:
            self.notify(f"{name} is a folder.", severity="error")
            return
        if taken and path != self.current:
            if is_locked(path):  # (never replaced: said before anything is asked, the name still typed)
                self.notify(f"{name} is open in another beegames window; choose another name.", severity="error")
                return

            def answered(yes: bool | None) -> None:
                if yes:
                    self.dismiss(path)

            try:
                read_document(path)
                held = "That file holds another saved game, which would be lost."
            except SaveError:
                held = "That file is not a save beegames can open; it would be lost."
            question = Text.assemble("Replace ", (name, "bold"), f"? {held}")
            self.app.push_screen(ConfirmScreen(question, yes="Replace it", no="Keep it"), answered)
            return
        self.dismiss(path)


class InUseScreen(ButtonsDialog[str]):
    """The save is open in another beegames: view it, copy it, or go back.
    Dismissed with ``"view"``, ``"copy"`` or ``"cancel"``."""

    BINDINGS = [Binding("escape", "dismiss('cancel')", "Back", id="inuse.cancel")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name_ = name

    def body(self) -> ComposeResult:
        with Vertical(id="inuse", classes="dialog"):
            yield Static("Open elsewhere", classes="title")
            yield Static(Text.assemble((printable(self.name_), "bold"), " is open in another beegames window. "
                                       "Playing it here too would make one of you lose moves."))
            yield Button("View it read-only", id="view", variant="primary")
            yield Button("Play on in a copy", id="copy")
            yield Button("Back", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#view", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")


class RulesSummaryScreen(Dialog[None]):
    BINDINGS = [Binding("escape", "dismiss", "Close", id="rulessummary.close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def body(self) -> ComposeResult:
        from textual.widgets import Markdown

        with Vertical(id="rules-summary", classes="dialog wide"):
            with VerticalScroll(id="rules-summary-text"):
                yield Markdown(self.text)
            yield Static("↑/↓ PgUp/PgDn Home/End scroll · Esc closes this", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#rules-summary-text").focus()


class LogScreen(Dialog[None]):
    """The whole game log as the seat at the keyboard may read it, over the
    game: the arrows, Page Up/Down, Home and End scroll it."""

    BINDINGS = [Binding("escape", "dismiss", "Close", id="logscreen.close"),
                Binding("ctrl+l", "dismiss", "Close", show=False)]

    def __init__(self, lines: list[str], title: str = "Log") -> None:
        super().__init__()
        self.lines = lines
        self.title_text = title

    def body(self) -> ComposeResult:
        from ..widgets.panels import GameLog

        with Vertical(id="log-screen", classes="dialog wide"):
            log = GameLog(id="log-all")
            log.border_title = self.title_text
            yield log
            yield Static("↑/↓ PgUp/PgDn Home/End scroll · Esc closes", classes="hint")

    def on_mount(self) -> None:
        log = self.query_one("#log-all")
        log.sync(self.lines)  # type: ignore[attr-defined]
        log.focus()


class GameOverScreen(ButtonsDialog[str]):
    """The result, then: see the board, a review of the moves (the coach's),
    undo the last move (where the game allows it), a new game, the main menu.
    ↑/↓ move between the buttons; the review key (``i``) asks for the review
    here as on the board."""

    BINDINGS = [Binding("escape", "dismiss('board')", "See the board", id="over.board"),
                # the game screen's review key (its footer shows under this dialog), remapped with it
                Binding("i", "dismiss('review')", "Review", id="game.review")]
    DEFAULT_CSS = """
    GameOverScreen #over-summary { margin: 0 0 1 0; }
    GameOverScreen #over-buttons { height: auto; }
    """

    def __init__(self, summary: str, detail: str = "", can_undo: bool = False, whose: str | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.detail = detail
        self.can_undo = can_undo
        #: whose moves the review judges, unless one person plays (None: "my moves")
        self.whose = whose

    def body(self) -> ComposeResult:
        with Vertical(id="gameover", classes="dialog"):
            yield Static("Game over", classes="title")
            yield Static(Text(self.summary), id="over-summary")
            if self.detail:
                yield Static(Text(self.detail), classes="hint")
            # (ids of their own: "#menu" is the main menu's box, whose style a button must not take)
            with Vertical(id="over-buttons"):
                yield Button("See the board", id="over-board", variant="primary")
                if self.can_undo:
                    yield Button("Undo the last move", id="over-undo")
                moves = "my moves" if self.whose is None else f"the moves of {self.whose}"
                yield Button(Text(f"Review {moves} (the computer's view)"), id="over-review", classes="wraps")
                yield Button("New game", id="over-new")
                yield Button("Main menu", id="over-menu")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "over-board").removeprefix("over-"))
