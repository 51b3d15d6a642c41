"""The Textual application: menus, game screens and the shared shell."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ..core.match import Match
from ..core.saves import SaveError, latest_save, load_save, save_name, write_save
from ..games import get_engine


class BeegamesApp(App):
    """The beegames terminal app. Build it with :func:`make_app`."""

    TITLE = "beegames"
    SUB_TITLE = "bee-themed board games"
    CSS_PATH = "beegames.tcss"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", show=False, priority=True),
        Binding("f1", "help", "Help", id="app.help"),
    ]

    def __init__(self, *, saves_dir: Path, match: Match | None = None, save_path: Path | None = None) -> None:
        super().__init__()
        self.saves_dir = Path(saves_dir)
        self._initial_match = match
        self._initial_save_path = save_path

    # -- lifecycle --------------------------------------------------------
    def on_mount(self) -> None:
        from .screens.menu import MainMenuScreen

        self.push_screen(MainMenuScreen())
        if self._initial_match is not None:
            self.open_match(self._initial_match, self._initial_save_path)

    # -- games ------------------------------------------------------------
    def default_save_path(self, match: Match) -> Path:
        """A fresh readable file name; never one another game already uses."""
        path = self.saves_dir / save_name(match)
        n = 2
        while path.exists():
            path = path.with_name(f"{save_name(match).removesuffix('.json')}-{n}.json")
            n += 1
        return path

    def open_match(self, match: Match, save_path: Path | None = None) -> None:
        """Show the game screen of ``match``; saves go to ``save_path``."""
        from .screens import game_screen_for

        screen_cls = game_screen_for(match.header.game)
        self.push_screen(screen_cls(match, save_path or self.default_save_path(match)))

    def try_load(self, path: Path) -> Match | None:
        """Load a save, or tell the player in one line why it cannot be
        used. A file that fails to load is never written to."""
        try:
            return load_save(path, get_engine)
        except SaveError as exc:
            self.notify(exc.reason, title="Cannot load this save", severity="error", timeout=8)
            return None

    def load_and_open(self, path: Path) -> bool:
        match = self.try_load(path)
        if match is None:
            return False
        self.open_match(match, Path(path))
        return True

    def continue_last(self) -> bool:
        path = latest_save(self.saves_dir)
        if path is None:
            self.notify("There is no unfinished game to continue.", severity="warning")
            return False
        return self.load_and_open(path)

    def save_match(self, match: Match, path: Path) -> bool:
        try:
            write_save(match, path)
        except (SaveError, OSError) as exc:
            reason = getattr(exc, "reason", None) or str(exc)
            self.notify(f"Could not save: {reason}", severity="error", timeout=8)
            return False
        return True

    # -- shared actions ---------------------------------------------------
    def action_help(self) -> None:
        from .screens.modals import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        from .screens.menu import LoadScreen, NewGameScreen, RulesScreen

        yield SystemCommand("New game", "Set up and start a new game", lambda: self.push_screen(NewGameScreen()))
        yield SystemCommand("Load game", "Resume a saved game", lambda: self.push_screen(LoadScreen()))
        yield SystemCommand("Continue", "Resume the most recent unfinished game", self.continue_last)
        yield SystemCommand("Rules", "Read the rules summaries", lambda: self.push_screen(RulesScreen()))
        yield SystemCommand("Keys", "Show every key of this screen", self.action_help)
        game = getattr(screen, "match", None)
        if game is not None:
            yield SystemCommand("Undo", "Take back your last move", screen.action_undo)
            yield SystemCommand("Save as…", "Save this game under another name", screen.action_save_as)
            yield SystemCommand("Pause menu", "Save, undo, rules or quit to the menu", screen.action_pause)


def make_app(*, saves_dir: Path | None = None, match: Match | None = None,
             save_path: Path | None = None) -> BeegamesApp:
    """Build the app; shared by the command line and the tests."""
    from ..core.saves import default_saves_dir

    return BeegamesApp(saves_dir=saves_dir or default_saves_dir(), match=match, save_path=save_path)
