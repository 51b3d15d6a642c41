"""A game screen's pause menu and its help: Esc's menu (over a hand-off too), the
rules summary, the keys screen's rows (the game's own keys, the coach's, the log's
when it has the keys) and the whole log.

``GameScreen`` takes these from :class:`MenuKeys`, beside :class:`~.steps.StepKeys`,
:class:`~.coaching.CoachKeys`, :class:`~.replaying.ReplayKeys` and
:class:`~.filing.FileKeys`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from textual.screen import Screen

from ...core.match import Match
from ..rules_text import rules_for
from ..widgets.panels import SideLog

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from ...core import coach
    from ...core.match import SeatView
    from ..app import BeegamesApp
    from .game import GameScreen
    from .modals import HandoffScreen
    from .replay import Replay

#: ``{action}`` in a keys-screen row: the key bound to that action
_ACTION_KEY = re.compile(r"\{(\w+)\}")


class MenuKeys(Screen[None]):
    """The pause menu and the keys screen's rows: a game screen's part (the game
    screen gives it the names declared below)."""

    app: BeegamesApp
    match: Match[Any, Any]
    replay: Replay | None
    keyboard_seat: int | None
    #: the game's own keys for the keys screen, before the bindings (``{action}``: its key now;
    #: GameScreen's default, a game screen's own)
    EXTRA_HELP: list[tuple[str, str]]

    if TYPE_CHECKING:  # declared for the type checker only: GameScreen defines them
        @property
        def watching(self) -> bool: ...

        @property
        def seen(self) -> SeatView[Any, Any]: ...

        def leave(self) -> None: ...

        def action_undo(self) -> None: ...

        def bound_keys(self, action: str, node: DOMNode | None = None) -> list[str]: ...

        def replay_help(self) -> list[tuple[str, str]]: ...

        def coach_key(self, action: str) -> str: ...

        def coach_keys(self, action: str) -> list[str]: ...

        def hint_where(self, found: coach.Hint | None) -> str: ...

        def hint_lines(self) -> list[str]: ...

    # -- the pause menu -------------------------------------------------------
    def action_back(self) -> None:
        """Esc: back out of whatever the keys went into (a game screen with such things
        overrides this), else the pause menu (in a replay: close it)."""
        self.action_pause()

    def action_pause(self) -> None:
        if self.replay is not None:
            self.leave()
            return
        from .modals import PauseMenu

        def chosen(choice: str | None) -> None:
            if choice == "undo":
                self.action_undo()
            elif choice == "quit":
                self.leave()

        if self.watching:  # (the computer plays every seat: nothing is taken back)
            menu = PauseMenu(cast("GameScreen", self), False, "a watched game takes nothing back")
        else:
            menu = PauseMenu(cast("GameScreen", self), self.match.can_undo(self.keyboard_seat))
        self.app.push_screen(menu, chosen)

    def menu_over_handoff(self, handoff: HandoffScreen) -> None:
        """Esc on a hand-off: the pause menu, over the hand-off (the table
        stays hidden). Undo and quit close the hand-off; Esc comes back to it."""
        from .modals import PauseMenu

        def chosen(choice: str | None) -> None:
            if choice in ("undo", "quit"):
                handoff.dismiss(choice)

        self.app.push_screen(PauseMenu(cast("GameScreen", self), handoff.can_undo), chosen)

    def action_rules(self) -> None:
        """The rules summary; where the summary holds editions, the one being played first."""
        from .modals import RulesSummaryScreen

        self.app.push_screen(RulesSummaryScreen(rules_for(self.match.header.game, self.match.header.options)))

    def help_rows(self) -> list[tuple[str, str]]:
        """Keys to explain on the keys screen before the bindings (the game's,
        then the coach's). A key written ``{action}`` in ``EXTRA_HELP`` is
        the key bound to that action now, the player's keymap applied."""
        if self.replay is not None:
            return self.replay_help()

        def keys(found: re.Match[str]) -> str:
            return " or ".join(self.bound_keys(found.group(1))) or "(no key)"

        watched = [("{watch_pause} / {watch_next} / {watch_end}", "A watched game (the computer plays every "
                    "seat, a move at a time): pause or resume; one move while paused; on to the end at once. The "
                    "game waits while the menu, the keys or a dialog is open")] if self.watching else []
        rows = [*((_ACTION_KEY.sub(keys, key), what) for key, what in [*watched, *self.EXTRA_HELP]),
                *self.coach_help()]
        if isinstance(self.focused, SideLog):  # the log's keys first (its Esc: no stepping back, the menu at once)
            menu = " or ".join(self.bound_keys("leave(True)", self.focused)) or "Esc"  # (as the keymap has it)
            rows = [("↑/↓ PgUp/PgDn Home/End", "The log has the keys: scroll it"),
                    ("Enter", "Back to the decision: the keys leave the log"),
                    (menu, "Open the menu (the keys go back to the decision under it)"),
                    *(row for row in rows if row[0] not in ("Esc", menu))]
        return rows

    @property
    def help_now_only(self) -> bool:
        """The keys screen lists only the keys that work now (in a replay: nothing of play)."""
        return self.replay is not None

    def coach_help(self) -> list[tuple[str, str]]:
        """The coach's keys in words, with the keys they have now."""
        hint, review = self.coach_key("hint"), self.coach_key("review")
        stop = " or ".join(self.coach_keys("stop_coach"))
        # (each key once, and Esc keeps its own row: the stop keys are said in the hint's words)
        return [
            (hint, f"Hint: what the computer would do for you now, and why; the move is shown "
                   f"({self.hint_where(None)}), and {self.coach_key('play_hint')} again plays it (only in games "
                   f"started with hints allowed). Where its line is short, {self.coach_key('show_log')} (the whole "
                   f"log) ends with it in full. While the computer thinks of a hint or a review, {stop} stops it"),
            (f"{review} (game over, replay)", "Review: for each person playing (each seat when only computers "
                                              "play), the three moves after which the computer's outlook fell "
                                              "most; 1-9 goes to the position before each"),
        ]

    def action_help(self) -> None:
        self.app.action_help()

    def action_show_log(self) -> None:
        """The whole log, as this seat may read it, in a window of its own, and the hint shown."""
        from .modals import LogScreen

        # (with the hint shown, if any, last: the coach's line names this key for its reason in full)
        self.app.push_screen(LogScreen(list(self.seen.log) + self.hint_lines()))
