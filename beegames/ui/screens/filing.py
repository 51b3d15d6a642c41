"""A game screen's file and its way out: saving (after each change and
under another name), undo, and leaving for the main menu.

``GameScreen`` takes these from :class:`FileKeys`; the writing itself is the
app's (``BeegamesApp.save_match``: atomic, off the UI thread).

A save is written only when it would hold something new: the screen keeps
the :func:`~beegames.core.saves.document_key` of what its file holds (the
game as opened, or as last written), so opening a game and leaving it
unchanged leaves its file as it was, byte for byte. A game whose file could
not be written is not left without asking, and the question offers to save
it anywhere else the player can write to (Save as… with a path).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from ...core.errors import IllegalMove
from ...core.match import Match
from ...core.words import plural, sentence_end
from ..widgets.panels import GameLog

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.notifications import Notification

    from ...core.match import SeatView
    from ...core.saves import SaveLock
    from ..app import BeegamesApp
    from .replay import Replay


class FileKeys(Screen[None]):
    """Saving, undo and leaving: a game screen's part (the
    game screen gives it the names declared below)."""

    # -- what the game screen provides ------------------------------------------------
    app: BeegamesApp
    match: Match[Any, Any]
    replay: Replay | None
    save_path: Path
    save_lock: SaveLock | None
    thinking: bool
    stepping: bool
    stop: Any
    coaching: str | None
    keyboard_seat: int | None
    _over_shown: bool
    #: notices that a move makes stale ("Took back …", "Not allowed …"), while they may be up
    passing: list[Notification]
    #: the document key of what the file holds (as opened, or as last written); None: not known
    on_disk: str | None = None

    if TYPE_CHECKING:  # declared for the type checker only: GameScreen defines them
        @property
        def seen(self) -> SeatView[Any, Any]: ...

        def refresh_view(self) -> None: ...

        def next_turn(self) -> None: ...

        def action_run_steps(self) -> None: ...

        def _give_focus_back(self) -> None: ...

        def action_stop_coach(self, quiet: bool = False) -> None: ...

    def release_lock(self) -> None:
        """Let other programs open this save (after its last write)."""
        if self.save_lock is not None:
            self.app.writer.wait(self.save_path)
            self.save_lock.release()
            self.save_lock = None

    def mark_on_disk(self) -> None:
        """The file holds this game as it is now (it was just opened, or written)."""
        from ...core.saves import document_key

        self.on_disk = document_key(self.match)

    def autosave(self) -> None:
        """Save after a change; the file is written off the UI thread. Nothing is
        written when the file already holds the game as it is (only the time of
        writing would change), unless its last write failed."""
        if self.replay is not None:
            return
        from ...core.saves import document_key

        key = document_key(self.match)
        if key == self.on_disk and self.app.writer.failure(self.save_path) is None:
            return
        if self.app.save_match(self.match, self.save_path, background=True):
            self.on_disk = key  # (if the writer fails, its failure is kept and asked about on leaving)

    def leave(self) -> None:
        """Autosave and go back to the main menu (a replay just closes)."""
        if self.replay is not None:
            self.dismiss()
            return
        self.workers.cancel_group(self, "computer")
        self.thinking = False
        if self.coaching is not None:
            self.action_stop_coach(quiet=True)
        if self.stepping:
            self.action_run_steps()
        self.autosave()
        if self.unsaved() is not None:
            self.confirm_losing(self._close)
            return
        self._close()

    def _close(self) -> None:
        self.release_lock()
        self.dismiss()

    def unsaved(self) -> str | None:
        """Why this game's file could not be written, after the writes waiting
        are done (None when the game is safe on disk, or in a replay)."""
        if self.replay is not None:
            return None
        self.app.writer.wait(self.save_path)
        failure = self.app.writer.failure(self.save_path)
        if failure is None:
            return None
        return self.app.save_failure(self.save_path, failure)

    def confirm_losing(self, then: Callable[[], object]) -> None:
        """The game could not be saved: ask before leaving it, which loses it, and offer
        to save it elsewhere first (Save as… a path; once saved there, ``then`` goes on)."""
        from .modals import UnsavedScreen

        def answered(choice: str | None) -> None:
            if choice in ("leave", "saved"):
                then()

        question = (f"This game could not be saved ({self.unsaved()}). If you leave now it is lost. "
                    "Save it elsewhere, or leave anyway?")
        self.app.push_screen(UnsavedScreen(question, self), answered)

    def action_undo(self) -> None:
        if self.replay is not None:
            return
        if self.coaching == "review":
            self.notify("Wait for the review (or stop it: Esc), which reads the game as it is.", severity="warning")
            return
        # (while automatic steps are shown: the move they follow is taken back if they have revealed
        # nothing yet, else the reason is said and they go on)
        try:
            keep = self.match.undo_target(self.keyboard_seat)
        except IllegalMove as exc:
            self.notify(exc.reason, title="Cannot undo", severity="warning")
            return
        mover = self.match.history[keep].seat
        if self.keyboard_seat is not None and mover != self.keyboard_seat and len(self.match.humans) > 1:
            # an open game at one keyboard: the mover had no hand-off screen to take the move back
            # from, so the next player may, but only on purpose
            from .modals import ConfirmScreen

            name = self.match.seat(mover).name
            question = (f"Take back {name}'s move, “{self.match.history[keep].text.rstrip('.')}”? "
                        f"It becomes {name}'s turn again.")
            self.app.push_screen(ConfirmScreen(question, yes=f"Take back {name}'s move", no="Keep it"),
                                 lambda yes: self._take_back() if yes else None)
            return
        self._take_back()

    def _take_back(self) -> None:
        if self.thinking:
            self.workers.cancel_group(self, "computer")
            self.thinking = False
        moves = len(self.match.history)
        try:
            undone = self.match.undo(self.keyboard_seat)
        except IllegalMove as exc:
            self.notify(exc.reason, title="Cannot undo", severity="warning")
            self.refresh_view()
            self.next_turn()
            return
        if self.stepping:  # (steps on show belonged to the move taken back: none is left to run)
            self.stepping = False
            self._give_focus_back()
        self._over_shown = False
        self.stop = None  # (a step on show to read belongs to the moves taken back)
        self.refresh_bindings()  # (a finished game is live again: its keys change, e.g. review → hint)
        after = moves - len(self.match.history) - 1  # the computer's moves that followed it
        also = f"; and the computer's {'move' if after == 1 else plural(after, 'move')} after it" if after else ""
        # short, and gone with the next move: at 80x24 it stands over the log and the hand
        self.withdraw_notices()
        self.passing.append(self.app.notice(f"Took back: {sentence_end(undone)}{also}."))
        self.query_one(GameLog).reset(self.seen.log)
        self.autosave()
        self.refresh_view()
        self.on_undo()
        self.next_turn()

    def withdraw_notices(self) -> None:
        """Take down the notices a move has made stale."""
        for note in self.passing:
            self.app.withdraw(note)
        self.passing.clear()

    def on_undo(self) -> None:
        """Subclasses clear selections here."""

    def action_save_as(self, then: Callable[[bool], None] | None = None, anywhere: bool | None = None) -> None:
        """Save under another name and carry on in that file. Replacing
        another file is asked first; a file open elsewhere is never replaced.
        ``then`` hears whether a file was saved (not if the player gave up).
        ``anywhere``: a path outside the saves folder may be typed (by default
        only when the saves folder cannot be used)."""
        if self.replay is not None:
            return
        from ...core.paths import saves_folder_problem
        from .modals import SaveAsScreen

        def chosen(path: Path | None) -> None:
            if path is not None:
                saved = self.save_as(path)
                if then is not None:
                    then(saved)

        folder = self.save_path.parent
        if anywhere is None:
            anywhere = saves_folder_problem(folder) is not None
        self.app.push_screen(SaveAsScreen(folder, self.save_path.name, self.save_path, anywhere=anywhere), chosen)

    def save_as(self, path: Path) -> bool:
        """Move this game to ``path`` (already agreed to replace, if it exists)."""
        from ...core.saves import atomic_create_text, document_text

        if path == self.save_path:
            if not self.app.save_match(self.match, path):
                return False
            self.mark_on_disk()
            return True
        lock = self.app.lock_save(path)
        if lock is None:
            self.notify(f"{path.name} is open in another beegames window; choose another name.",
                        severity="error", timeout=8)
            return False
        try:
            if path.exists() or path.is_symlink():  # the player agreed to replace it
                saved = self.app.save_match(self.match, path)
            else:
                saved = atomic_create_text(path, document_text(self.match))
                if not saved:
                    self.notify(f"Another program has just created {path.name}; choose another name.",
                                severity="error", timeout=8)
        except OSError as exc:
            self.notify(f"Could not save: {exc.strerror or exc}", severity="error", timeout=8)
            saved = False
        if not saved:
            lock.release()
            return False
        self.release_lock()
        self.save_lock = lock
        shown = path.name if path.parent == self.app.saves_dir else str(path)
        self.save_path = path
        self.mark_on_disk()
        self.notify(f"Saved as {shown}; this game now goes on in that file.")
        return True
