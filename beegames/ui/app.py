"""The Textual application: menus, game screens and the shared shell.

The app owns the saves folder. A new game is saved at once under a file name
no other file has (:func:`saves.create_new_save`); an open save is locked
(:class:`saves.SaveLock`) so a second beegames opening it is told the game is
open elsewhere and offered a read-only view or a copy; autosaves are written
off the UI thread (:class:`SaveWriter`).

Everything the players typed (names, file names, moves) is shown as plain
text: notifications never interpret markup, and the screens pass such
strings as :class:`rich.text.Text`.

The app is the top of the UI: it alone knows every screen. A screen that
leads to another asks the app (:meth:`BeegamesApp.open_new_game`,
:meth:`~BeegamesApp.open_load`, :meth:`~BeegamesApp.open_rules`), and the
rules screen asks it which game is open (:meth:`~BeegamesApp.match_on_screen`),
so no screen imports the screens it opens or finds; the keymap's list of
binding ids is built here (:func:`binding_ids`) from every screen and widget
class, and :mod:`.keymap` only reads what it is given.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen

from .writer import SaveWriter

if TYPE_CHECKING:
    from ..core.match import Match
    from ..core.saves import SaveLock
    from .screens.game import GameScreen


class BeegamesApp(App[None]):
    """The beegames terminal app. Build it with :func:`make_app`."""

    TITLE = "beegames"
    SUB_TITLE = "bee-themed board games"
    CSS_PATH = "beegames.tcss"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", show=False, priority=True),
        Binding("f1", "help", "Keys", id="app.help"),
    ]

    def __init__(self, *, saves_dir: Path, match: Match[Any, Any] | None = None, save_path: Path | None = None,
                 replay: bool = False) -> None:
        super().__init__()
        self.saves_dir = Path(saves_dir)
        self._initial_match = match
        self._initial_save_path = save_path
        self._initial_replay = replay
        self.writer = SaveWriter(on_error=self._write_failed)
        #: the one-line message and log file of an unexpected error, if one stopped the app
        self.crash_message: str | None = None
        self.crash_report: Path | None = None
        #: the keymap clashes already told (handle_bindings_clash is called on every key)
        self._clashes_told: set[tuple[str, ...]] = set()
        #: what the new-game form showed when it was left without starting a game, for this run
        #: (game, each game's choices, hints, seed; see :mod:`.screens.newgame`)
        self.new_game_draft: dict[str, Any] | None = None

    # -- lifecycle --------------------------------------------------------
    def get_default_screen(self) -> Screen[Any]:
        from .screens.menu import MainMenuScreen

        return MainMenuScreen()

    def on_mount(self) -> None:
        self.load_keymap()
        match, path = self._initial_match, self._initial_save_path
        if match is not None:
            if self._initial_replay:
                self.open_replay(match, path)
            elif path is None:
                self.start_new_match(match)
            else:
                self.open_loaded(match, Path(path))

    # -- the player's keymap --------------------------------------------------
    def load_keymap(self) -> None:
        """Apply ``keymap.toml`` from the settings folder (see :mod:`.keymap`);
        say in one line what in it cannot be used. Which ids exist is checked
        in the background (that needs every screen imported)."""
        from .keymap import read_keymap, use_our_keymap_rule

        use_our_keymap_rule()  # (a moved key leaves the keys it shared with others in place)
        keymap, problems = read_keymap(self.saves_dir)
        #: the player's keymap as applied (binding id -> keys), for the screens that name keys
        self.keymap = keymap
        self.set_keymap(keymap)
        if keymap:
            self._check_keymap_ids(keymap, problems)  # (told with the unknown ids, in one notice)
        else:
            self._tell_keymap_problems(problems)

    def _tell_keymap_problems(self, problems: list[str]) -> None:
        """One notice, not a stack whose first lines fall off a small screen."""
        if len(problems) == 1:
            self.notify(problems[0], title="Keymap", severity="error", timeout=15)
        elif problems:
            self.notify(f"{len(problems)} entries of the keymap file are not used. The first: {problems[0]}. "
                        "`beegames keymap` lists them all.", title="Keymap", severity="error", timeout=15)

    @work(thread=True, exit_on_error=False, group="keymap")
    def _check_keymap_ids(self, keymap: dict[str, str], problems: list[str]) -> None:
        from ..core.paths import keymap_path
        from .keymap import unknown_ids

        unknown = unknown_ids(keymap, binding_ids())
        if unknown:
            problems = problems + [f"{keymap_path(self.saves_dir).name}: no key binding has the id "
                                   f"{', '.join(unknown[:3])}{'…' if len(unknown) > 3 else ''} "
                                   "(beegames keymap lists them)"]
        if problems:
            self.call_from_thread(self._tell_keymap_problems, problems)

    def handle_bindings_clash(self, clashed_bindings: set[Binding], node: DOMNode) -> None:
        """A key given in the keymap is already another binding's here: say so once."""
        clash = tuple(sorted(f"{b.key} ({b.description or b.action})" for b in clashed_bindings))
        if clash in self._clashes_told:
            return
        self._clashes_told.add(clash)
        self.notify(f"keymap.toml: {', '.join(clash)} also has a key of the keymap here; the keymap's key may "
                    "not do what you expect on this screen", title="Keymap", severity="warning", timeout=10)

    # -- notifications: always plain text -----------------------------------
    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Show a notification. Messages quote names, file names and typed
        moves, so they are never read as markup (``markup`` is ignored), and
        any control character in them is shown escaped."""
        from ..core.text import printable

        super().notify(printable(message), title=printable(title), severity=severity, timeout=timeout,
                       markup=False)

    def notice(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float = 3) -> Notification:
        """A short notice of what just happened (plain text, as :meth:`notify` writes it), which
        the caller may take down before its time with :meth:`withdraw`."""
        from ..core.text import printable

        note = Notification(printable(message), printable(title), severity, timeout, markup=False)
        self.post_message(Notify(note))
        return note

    def withdraw(self, note: Notification | None) -> None:
        """Take a notice down, if it is still up."""
        if note is not None and note in self._notifications:
            self._unnotify(note)

    async def action_quit(self) -> None:
        """Quit; a game whose file could not be written is not lost without asking."""
        from .screens.game import GameScreen

        for screen in self.screen_stack:  # a hint or review still thinking would hold the exit up
            if isinstance(screen, GameScreen) and screen.coaching is not None:
                screen.action_stop_coach(quiet=True)
        game = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        if game is not None and game.unsaved() is not None:
            game.confirm_losing(self.exit)
            return
        self.exit()

    def action_help_quit(self) -> None:
        """Ctrl+C (the reflex of a terminal user) says which key quits, in plain words."""
        from .screens.modals import key_label

        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {key_label(key)} to quit beegames.", title="Do you want to quit?")
                return

    # -- unexpected errors --------------------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        from ..crash import short_message, write_report

        if self.crash_message is None:
            self.crash_report = write_report(error)
            self.crash_message = short_message(error, self.crash_report)
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """Leave with one short line (the traceback is in the log file)."""
        self.bell()
        self._exit_renderables.append(Text(self.crash_message or "beegames stopped because of an unexpected error."))
        self._close_messages_no_wait()

    # -- saves ----------------------------------------------------------------
    def save_failure(self, path: Path, exc: BaseException) -> str:
        """Why writing the save ``path`` failed, in plain words: what is wrong with its folder
        ("the saves folder /x is a file, not a folder"), else the system's reason."""
        from ..core.paths import saves_folder_problem

        problem = saves_folder_problem(Path(path).parent)
        if problem is not None:
            return problem
        return getattr(exc, "reason", None) or getattr(exc, "strerror", None) or str(exc)

    def _write_failed(self, path: Path, exc: Exception) -> None:
        """Called in the writer thread: tell the player, without waiting for
        the UI (which may itself be waiting for the writer)."""
        reason = self.save_failure(path, exc)
        message = f"Could not save {path.name}: {reason}"
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(lambda: self.notify(message, severity="error", timeout=8))
        except RuntimeError:  # the app has stopped meanwhile
            pass

    def default_save_path(self, match: Match[Any, Any]) -> Path:
        """A readable file name that no file in the saves folder has now."""
        from ..core.saves import SUFFIX, save_name

        base = save_name(match).removesuffix(SUFFIX)
        path = self.saves_dir / f"{base}{SUFFIX}"
        n = 2
        while path.exists() or path.is_symlink():
            path = self.saves_dir / f"{base}-{n}{SUFFIX}"
            n += 1
        return path

    def save_match(self, match: Match[Any, Any], path: Path, *, background: bool = False) -> bool:
        """Write ``match`` to ``path``; with ``background`` the writing (and
        its fsync) happens in the writer thread, and failures are notified."""
        from ..core.errors import SaveError
        from ..core.saves import document_text, write_save

        try:
            if background:
                self.writer.submit(path, document_text(match))
            else:
                self.writer.wait(path)
                write_save(match, path)
        except (SaveError, OSError) as exc:
            self.notify(f"Could not save: {self.save_failure(path, exc)}", severity="error", timeout=8)
            return False
        return True

    def lock_save(self, path: Path) -> SaveLock | None:
        """Lock the save at ``path`` for this program; None if another holds it."""
        from ..core.saves import SaveLock

        return SaveLock.acquire(path)

    # -- opening games ------------------------------------------------------
    def start_new_match(self, match: Match[Any, Any]) -> None:
        """Start a new game: save it at once under a name no other file has
        (two programs starting games at the same moment get two files),
        lock that file, and show the game."""
        from ..core.errors import SaveError
        from ..core.saves import create_new_save, tidy_folder

        tidy_folder(self.saves_dir)
        lock = None
        try:
            path = create_new_save(match, self.saves_dir)
            lock = self.lock_save(path)
        except (SaveError, OSError) as exc:
            reason = self.save_failure(self.saves_dir / "new.json", exc)
            self.notify(f"This game cannot be saved: {reason}.", severity="error", timeout=10)
            self._show_game(match, self.default_save_path(match), None, on_disk=False)
            return
        self._show_game(match, path, lock)

    def open_match(self, match: Match[Any, Any], save_path: Path | None = None) -> None:
        """Show ``match``: a new game without ``save_path``, else the game
        saved there (see :meth:`open_loaded`)."""
        if save_path is None:
            self.start_new_match(match)
        else:
            self.open_loaded(match, Path(save_path))

    def open_loaded(self, match: Match[Any, Any], path: Path) -> None:
        """Show a game loaded from ``path``, if no other program has it open;
        otherwise offer a read-only view or a copy."""
        lock = self.lock_save(path)
        if lock is None:
            from .screens.modals import InUseScreen

            def chosen(choice: str | None) -> None:
                if choice == "view":
                    self.open_replay(match, path, at_end=True)
                elif choice == "copy":
                    self.open_copy(match, path)

            self.push_screen(InUseScreen(path.name), chosen)
            return
        self._show_game(match, path, lock)

    def open_copy(self, match: Match[Any, Any], path: Path) -> None:
        """Carry on with a copy of the game saved at ``path``, in a new file."""
        from ..core.errors import SaveError
        from ..core.saves import SUFFIX, create_new_save

        try:
            copy = create_new_save(match, self.saves_dir, name=f"{path.name.removesuffix(SUFFIX)}-copy")
        except (SaveError, OSError) as exc:
            reason = self.save_failure(self.saves_dir / "copy.json", exc)
            self.notify(f"Could not copy the game: {reason}", severity="error", timeout=8)
            return
        self.notify(f"Playing on in a copy: {copy.name}")
        self._show_game(match, copy, self.lock_save(copy))

    def _show_game(self, match: Match[Any, Any], path: Path, lock: SaveLock | None, *, on_disk: bool = True) -> None:
        """Show ``match``, kept in the file ``path``; ``on_disk``: the file holds it as it is
        (then leaving it unchanged writes nothing)."""
        from .screens import game_screen_for

        screen = game_screen_for(match.header.game)(match, path)
        screen.save_lock = lock
        # (a file saved while the screen stood at a stop holds an earlier position than the one its
        # history replays to, or that one with the stop still to be read: not this game as it is now)
        if on_disk and match.saved_as_settled():
            screen.mark_on_disk()
        self.push_screen(screen)

    def open_replay(self, match: Match[Any, Any], path: Path | None = None, *, at_end: bool = False,
                    at: int | None = None) -> GameScreen:
        """Step through a saved game, move by move (never changes it); ``at``:
        open it after that many moves of the history. Returns its screen."""
        from .screens import game_screen_for
        from .screens.replay import Replay

        replay = Replay(match, at_end=at_end)
        if at is not None:
            replay.go(at - replay.start)
        screen = game_screen_for(match.header.game)(replay.match, path or self.saves_dir / "replay")
        screen.replay = replay  # before it is composed: it draws the replay bar
        self.push_screen(screen)
        return screen

    def try_load(self, path: Path) -> Match[Any, Any] | None:
        """Load a save, or tell the player in one line why it cannot be
        used. A file that fails to load is never written to."""
        from ..core.errors import SaveError
        from ..core.saves import load_save
        from ..games import get_engine

        self.writer.wait(path)
        try:
            return load_save(path, get_engine)
        except SaveError as exc:
            self.notify(exc.reason, title="Cannot load this save", severity="error", timeout=8)
            return None

    def load_and_open(self, path: Path, *, replay: bool = False) -> bool:
        match = self.try_load(path)
        if match is None:
            return False
        if replay:
            self.open_replay(match, Path(path))
        else:
            self.open_loaded(match, Path(path))
        return True

    def continue_last(self) -> bool:
        """Resume the most recently saved unfinished game that loads."""
        from ..core.errors import SaveError
        from ..core.saves import list_saves, load_save
        from ..games import get_engine

        self.writer.wait()
        skipped = []
        for summary in list_saves(self.saves_dir):
            if summary.problem is not None or summary.over:
                continue
            path = Path(summary.path)
            try:
                match = load_save(path, get_engine)
            except SaveError:
                skipped.append(path.name)
                continue
            if skipped:
                self.notify(f"Skipped {len(skipped)} damaged save{'s' if len(skipped) != 1 else ''}: "
                            f"{', '.join(skipped[:3])}{'…' if len(skipped) > 3 else ''}", severity="warning")
            self.open_loaded(match, path)
            return True
        self.notify("There is no unfinished game to continue.", severity="warning")
        return False

    # -- the screens that lead to others ---------------------------------------
    def open_new_game(self, game: str | None = None) -> None:
        """Show the new-game form, set to ``game`` when one is given."""
        from .screens.newgame import NewGameScreen

        self.push_screen(NewGameScreen(game))

    def open_load(self) -> None:
        """Show the list of saves to resume or replay."""
        from .screens.load import LoadScreen

        self.push_screen(LoadScreen())

    def open_rules(self) -> None:
        """Show the rules summaries (over a game, starting on that game)."""
        from .screens.rules import RulesScreen

        self.push_screen(RulesScreen())

    def match_on_screen(self) -> Match[Any, Any] | None:
        """The match of the game screen nearest the top of the screen stack
        (a replay's too), or None when no game is open."""
        from .screens.game import GameScreen

        playing = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        return None if playing is None else playing.match

    def take_screenshot(self) -> Path | None:
        """Save the screen as an SVG picture in the saves folder and say where (or why not)."""
        from datetime import datetime

        name = f"beegames_{datetime.now().strftime('%Y-%m-%d_%H%M%S')}.svg"
        try:
            path = Path(self.save_screenshot(filename=name, path=str(self.saves_dir)))
        except OSError as exc:
            self.notify(f"Could not save the screenshot in {self.saves_dir}: {exc.strerror or exc}",
                        title="Screenshot", severity="error", timeout=10)
            return None
        self.notify(f"Saved the screen as {path}", title="Screenshot", timeout=8)
        return path

    # -- shared actions ---------------------------------------------------
    def action_help(self) -> None:
        from .screens.modals import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    #: Textual's palette commands left out: ours shows every key of a screen ("Keys") and saves a
    #: screenshot where it says ("Screenshot"); blowing one widget up to the whole screen
    #: ("Maximize", "Minimize") leaves a player with a hatched screen and no word of Esc
    _DROPPED_COMMANDS = frozenset({"Keys", "Maximize", "Minimize", "Screenshot"})

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title not in self._DROPPED_COMMANDS:
                yield command
        from .screens.game import GameScreen

        if not any(isinstance(s, GameScreen) for s in self.screen_stack):
            # (from a game, the pause menu's Quit to menu leads to these: a game opened over
            # another would stack the two, and Quit to menu would then land in the first)
            yield SystemCommand("New game", "Set up and start a new game", self.open_new_game)
            yield SystemCommand("Load game", "Resume or replay a saved game", self.open_load)
            yield SystemCommand("Continue", "Resume the most recent unfinished game", self.continue_last)
        yield SystemCommand("Rules", "Read the rules summaries", self.open_rules)
        yield SystemCommand("Keys", "Show every key of this screen", self.action_help)
        yield SystemCommand("Screenshot", "Save a picture of the screen (an SVG file) in the saves folder",
                            lambda: self.call_after_refresh(self.take_screenshot))  # (once the palette is gone)

        if isinstance(screen, GameScreen) and screen.replay is None:
            yield SystemCommand("Undo", "Take back your last move", screen.action_undo)
            yield SystemCommand("Save as…", "Save this game under another name", screen.action_save_as)
            yield SystemCommand("Pause menu", "Save, undo, rules or quit to the menu", screen.action_pause)


def bound_classes() -> list[type[DOMNode]]:
    """The app and every screen and widget class beegames defines, each once:
    the classes whose bindings a keymap may remap. Imports every screen and
    widget module (so it is not run while the first screen draws)."""
    import importlib
    import inspect
    import pkgutil

    from . import screens, widgets

    modules = [importlib.import_module(__name__)]
    for package in (screens, widgets):
        for info in pkgutil.iter_modules(package.__path__):
            modules.append(importlib.import_module(f"{package.__name__}.{info.name}"))
    return [cls for module in modules for cls in vars(module).values()
            if inspect.isclass(cls) and issubclass(cls, DOMNode) and cls.__module__ == module.__name__]


def binding_ids() -> dict[str, tuple[str, str]]:
    """Every binding id of the app: id → (its keys, what it does), as
    ``beegames keymap`` lists them (see :func:`.keymap.binding_ids`)."""
    from . import keymap

    return keymap.binding_ids(bound_classes())


def make_app(*, saves_dir: Path | None = None, match: Match[Any, Any] | None = None,
             save_path: Path | None = None, replay: bool = False) -> BeegamesApp:
    """Build the app; shared by the command line and the tests."""
    if saves_dir is None:
        from ..core.paths import default_saves_dir

        saves_dir = default_saves_dir()
    return BeegamesApp(saves_dir=saves_dir, match=match, save_path=save_path, replay=replay)
