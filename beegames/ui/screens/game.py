"""The screen every game builds on, and a generic screen for any engine.

:class:`GameScreen` owns the running :class:`Match` on behalf of the app. It
never changes the state itself: every change is a move submitted to the
match (which asks the rules layer), an undo, or an automatic step. After each
change it autosaves, re-renders, and then decides what happens next: a
computer seat thinks in a worker thread, a hand-off screen appears between
human players when the game hides information, or the game-over dialog.

The screen draws only what the human at the keyboard may see: the match's
view for that seat (:meth:`Match.view`). Who is at the keyboard changes only
through a hand-off screen when a seat holds something the others must not
see; a resumed game starts with one.

The same screen also shows a *replay* (:class:`~.replay.Replay`): a saved
game stepped through position by position, read-only, with everything shown
for a finished game and one chosen seat's view for a game in progress.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Header, Input, OptionList
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from ...core.errors import IllegalMove
from ...core.match import Match, SeatView
from ..widgets.coach import CoachPanel
from ..widgets.footer import Footer
from ..widgets.panels import GameLog, PlayerPanel, SideLog
from .coaching import CoachKeys
from .filing import FileKeys
from .pausing import MenuKeys
from .replaying import REPLAY_BINDINGS, REPLAY_REFUSALS, ReplayKeys
from .steps import KEYS_THAT_KEEP_THE_STEPS, STEP_BINDINGS, WATCH_BINDINGS, StepKeys, WatchBar

if TYPE_CHECKING:

    from ...core.saves import SaveLock
    from ..app import BeegamesApp
    from .modals import HandoffScreen
    from .replay import Replay


#: The coach's keys (``docs/coach.md``): one key asks for a hint, plays the
#: hint shown, or, once the game is over and in a replay, asks for a review;
#: while the computer thinks of either, that key or Esc stops it. Only one of
#: them is enabled at a time (:meth:`GameScreen.coach_check`), so the footer
#: says what the key does now. Each has its own id for the keymap.
COACH_BINDINGS = [
    Binding("i", "hint", "Hint", id="game.hint"),
    # in a game started without hints the footer does not offer the key;
    # pressed anyway, it says why there is none
    Binding("i", "hint_off", "Hint", id="game.hint_off", show=False),
    Binding("i", "play_hint", "Play hint", id="game.play_hint"),
    Binding("i", "review", "Review", id="game.review"),
    # in a replay of a game not finished yet the footer does not offer the review; pressed
    # anyway, the key says why there is none (moved with the review's key by a keymap)
    Binding("i", "review_off", "", id="game.review", show=False),
    Binding("escape,i", "stop_coach", "Stop", id="game.stop_coach", priority=True),
]
_COACH_ACTIONS = frozenset({"hint", "hint_off", "play_hint", "review", "review_off", "stop_coach"})
#: Actions that would change the game or its file: never run in a replay.
_NOT_IN_REPLAYS = frozenset({"undo", "save_as", "run_steps", "toggle_steps", "next_step", "go_on", "hint",
                             "hint_off", "play_hint"})
#: Actions of a person's move: none in a watched game (no seat is a person's; its undo key says why not).
_NOT_WATCHED = frozenset({"undo", "hint", "hint_off", "play_hint"})


#: The menu key (Esc): every game screen has it, behind a screen's own Esc that backs out first.
MENU_BINDING = Binding("escape", "pause", "Menu", id="game.pause")


class GameScreen(StepKeys, CoachKeys, ReplayKeys, FileKeys, MenuKeys):
    """Shared shell of a game: header, board area, side panel, log, footer."""

    #: what the automatic steps shown one by one are (a game names its automaton)
    STEPS_TEXT = "Automatic steps"
    BINDINGS = [
        *REPLAY_BINDINGS,
        MENU_BINDING,
        Binding("ctrl+z,u", "undo", "Undo", id="game.undo"),
        Binding("question_mark", "help", "Keys", id="game.help"),
        Binding("ctrl+l", "show_log", "Whole log", id="game.log", show=False),
        Binding("ctrl+s", "save_as", "Save as", id="game.save_as", show=False),
        *REPLAY_REFUSALS,
        *STEP_BINDINGS,
        *COACH_BINDINGS,
        *WATCH_BINDINGS,
    ]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Keep the replay's, the coach's and a watched game's keys in every game screen.

        Textual merges a subclass's bindings key by key, so a screen binding
        ``left`` (or Esc) for itself would drop the replay's ``left`` (or the
        coach's Esc): those bindings are added to any subclass that declares
        its own. And a subclass's ``check_action`` is wrapped so that the
        replay's and the coach's actions, and the actions never run in a
        replay, are decided here first, whatever the subclass answers for its
        own actions. A subclass's ``render_board`` is wrapped so that a hint
        is dropped before anything is drawn for a new position."""
        own = cls.__dict__.get("BINDINGS")
        if own is not None:
            # (a watched game's keys come back only for a key the subclass binds itself: the others
            # keep GameScreen's bindings, the watched game's among them)
            keys = {key.strip() for binding in own for key in binding.key.split(",")}
            watch = [b for b in WATCH_BINDINGS if keys & {key.strip() for key in b.key.split(",")}]
            # (a screen whose Esc backs out first keeps the menu's binding behind it: a keymap that
            # moves the menu key moves it there too, as on the log)
            menu = [MENU_BINDING] if "escape" in keys and all(b.id != MENU_BINDING.id for b in own) else []
            cls.BINDINGS = [*REPLAY_BINDINGS, *own, *menu, *COACH_BINDINGS, *watch]
        render = cls.__dict__.get("render_board")
        if render is not None:
            def render_board(self: GameScreen) -> None:
                self.sync_hint()
                render(self)

            render_board.__doc__ = render.__doc__
            cls.render_board = render_board  # type: ignore[method-assign]
        check = cls.__dict__.get("check_action")
        if check is not None:
            def check_action(self: GameScreen, action: str, parameters: tuple[object, ...]) -> bool | None:
                decided = self.replay_check(action)
                return check(self, action, parameters) if decided is None else decided

            check_action.__doc__ = check.__doc__
            cls.check_action = check_action  # type: ignore[method-assign]
        super().__init_subclass__(**kwargs)

    #: Keys of the screen's own help, shown first on the keys screen (in a game: a
    #: replay's keys screen shows the replay's keys, and :attr:`REPLAY_HELP`).
    EXTRA_HELP: list[tuple[str, str]] = []
    #: The game's own actions that play or prepare a move: never in a replay, so that
    #: neither the footer nor the keys screen of a replay offers them.
    PLAY_ACTIONS: frozenset[str] = frozenset()
    #: The players panel says what is being decided (screens with their own
    #: status line may leave that to it).
    PROMPT_IN_PANEL = True

    app: BeegamesApp

    def __init__(self, match: Match[Any, Any], save_path: Path, *, save_lock: SaveLock | None = None,
                 replay: Replay | None = None) -> None:
        super().__init__()
        self.match = match
        self.save_path = Path(save_path)
        #: the lock on the save file while this screen has it open
        self.save_lock = save_lock
        #: set when this screen shows a replay (read-only) instead of a game
        self.replay = replay
        self.thinking = False
        #: automatic steps are being shown one by one
        self.stepping = False
        self._init_steps()
        humans = match.humans
        #: the human seat whose player has the keyboard and has seen the
        #: table; None until a hand-off when several humans share it
        self.keyboard_seat: int | None = humans[0] if len(humans) == 1 else None
        self._over_shown = False
        self._seen: SeatView[Any, Any] | None = None
        self._seen_for: tuple[Any, int | None] | None = None
        self._log_seat: int | None = -1
        #: the hand-off screen, built at the first hand-off and shown again at the next ones
        self._handoff: HandoffScreen | None = None
        self.passing = []
        self._init_coach()

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield from self.compose_replay_bar()
        with Horizontal(id="game-body"):
            with Vertical(id="board-area"):
                yield from self.compose_board()
            with Vertical(id="side"):
                yield PlayerPanel(id="players")
                yield from self.compose_side()
                yield SideLog(id="log")
        # (no palette key here: at 80 columns the game's own keys need the room; Ctrl+P still
        # opens it, and the keys screen lists it)
        yield Footer(show_command_palette=False)

    def compose_replay_bar(self) -> ComposeResult:
        """The replay's caption and buttons, when this screen shows a replay, or a watched
        game's bar (every screen that builds its own shell yields this under its header)."""
        if self.watching:
            yield WatchBar(id="watch-bar")  # (its words come with the first drawing: they name keys)
        if self.replay is not None:
            from .replay import ReplayBar

            yield ReplayBar(self.replay, id="replay-bar")

    def compose_board(self) -> ComposeResult:
        """The game's own widgets; subclasses override."""
        yield from ()

    def compose_side(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        footer = self.query(Footer)
        self.mount(CoachPanel(id="coach"), before=footer.first() if footer else None)
        self.title = f"{self.match.engine.title}" + (" — replay" if self.replay is not None else "")
        self.sub_title = " vs ".join(s.name for s in self.match.header.seats)
        if self.replay is not None:
            self.add_class("replaying")
            self.show_replay()
            if self.replay.handoffs and self.replay.pending is not None:
                self.call_after_refresh(self.replay_handoff, self.replay.pending)
            return
        if self.match.notice:
            self.notify(self.match.notice, title="Rules updated", severity="warning", timeout=12)
        self.refresh_view()
        self.call_after_refresh(self.next_turn)

    def on_unmount(self) -> None:
        self.release_lock()
        handoff, self._handoff = self._handoff, None
        if handoff is not None and not any(handoff in stack for stack in self.app._screen_stacks.values()):
            # (App._screen_stacks, private: a screen in a stack cannot be uninstalled; the app
            # removes those as it closes)
            self.app.uninstall_screen(handoff)
            handoff.remove()

    def handoff_screen(self, player: str, previous: str | None = None, can_undo: bool = False,
                       refusal: str = "") -> HandoffScreen:
        """The hand-off screen, ready for ``player``: one per game screen, installed so that
        closing it keeps it for the next hand-off (removed with this screen). ``refusal``:
        why the move cannot be taken back from it (the undo key says so)."""
        from .modals import HandoffScreen

        handoff = self._handoff
        if handoff is None:
            menu = self.menu_over_handoff if self.replay is None else None
            handoff = self._handoff = HandoffScreen(player, previous, can_undo, menu=menu, refusal=refusal)
            self.app.install_screen(handoff, f"handoff-{id(self)}")
        else:
            handoff.show_for(player, previous, can_undo, refusal)
        return handoff

    def undo_refusal(self, seat: int | None) -> str:
        """Why ``seat`` (the player who has just passed the keyboard) cannot take a move
        back now, in the rules' words ("" when it can)."""
        if seat is None:
            return "Nothing to take back yet."
        try:
            self.match.undo_target(seat)
        except IllegalMove as exc:
            return exc.reason
        return ""

    # -- what the keyboard's seat may see -------------------------------------
    @property
    def view_seat(self) -> int | None:
        """The seat whose view the screen draws: the human at the keyboard.
        In an open game it follows the deciding human; with no human seat,
        or before the first hand-off, only what is public is drawn. A replay
        draws the seat chosen for it."""
        if self.replay is not None:
            return self.replay.seat
        if not self.match.engine.hides_information:
            d = self.match.decision
            if d is not None and self.match.header.seats[d.seat].is_human:
                return d.seat
            return self.keyboard_seat
        return self.keyboard_seat

    @property
    def seen(self) -> SeatView[Any, Any]:
        """The match as :attr:`view_seat` sees it (worked out once per change)."""
        key = (self.match.state, self.view_seat)
        if self._seen is None or self._seen_for is None or self._seen_for[0] is not key[0] \
                or self._seen_for[1] != key[1]:
            if self.replay is not None and self.replay.everything:
                self._seen = self.match.full_view()
            else:
                self._seen = self.match.view(self.view_seat)
            self._seen_for = key
        return self._seen

    def my_decision(self) -> bool:
        """True if the pending decision belongs to the human at the keyboard."""
        if self.replay is not None:
            return False
        d = self.match.decision
        return (d is not None and d.seat == self.keyboard_seat and not self.thinking and not self.stepping
                and self.stop is None)

    # -- rendering ----------------------------------------------------------
    def refresh_view(self) -> None:
        """Re-render everything from the keyboard seat's view of the match."""
        seen = self.seen
        self.query_one(PlayerPanel).show(self.match, seen, self.seat_details(), self.thinking, self.seat_tags(),
                                         prompt=self.PROMPT_IN_PANEL, colours=self.seat_colours())
        log = self.query_one(GameLog)
        if self._log_seat != seen.seat and (self.match.engine.hides_information or self._log_seat == -1):
            log.reset(seen.log)  # another seat may read other lines
        else:
            log.sync(seen.log)
        self._log_seat = seen.seat
        self.show_replay_caption()
        self.show_watch()
        self.render_board()

    def render_board(self) -> None:
        """Subclasses draw the state here."""

    def seat_details(self) -> list[str]:
        """A line of details under each seat's name (subclasses)."""
        return []

    def seat_colours(self) -> list[str] | None:
        """Each seat's colour as the game draws it (so that a seat named
        "Blue" is drawn blue); None keeps the panel's default colours."""
        return None

    def seat_tags(self) -> list[Text]:
        """A short tag after each seat's name, such as its side (subclasses)."""
        return []

    # -- when there is nothing to choose -------------------------------------
    def nothing_to_choose(self) -> tuple[str, str]:
        """The decision list's title and its one line while the keyboard's
        seat has nothing to choose: why, and what the player can do. Names
        in it are plain text (the list never reads markup)."""
        def keys(*pairs: tuple[tuple[str, ...], str]) -> str:
            named = [f"{key}: {what}" for actions, what in pairs if (key := self.key_for(*actions))]
            return (" " + " · ".join(named) + ".") if named else ""

        if self.replay is not None:
            return "Replay", "A replay: nothing is played here." + keys(
                (("replay_step(-1)",), "back"), (("replay_step(1)",), "forward"), (("review",), "the review"))
        if self.match.over:
            return "Game over", "The game is over." + keys((("review",), "the review"),
                                                          (("back", "pause"), "the menu"))
        if self.watching and self.stop is None:
            d = self.match.decision
            who = f" {self.match.header.seats[d.seat].name} is choosing." if d is not None and self.thinking else ""
            return "Watching", f"The computer plays every seat.{who} {self.watch_keys()}."
        if self.stepping:
            return self.STEPS_TEXT, f"{self.STEPS_TEXT}, shown one by one. {self.steps_keys()}."
        if self.stop is not None:
            key = self.key_for("go_on")
            return "Read, then go on", f"Read what happened{f', then {key} goes on' if key else ''}."
        d = self.match.decision
        if d is None:
            return "Choices", ""
        name = self.match.header.seats[d.seat].name
        if self.thinking:
            return f"Thinking: {name}", f"{name} (the computer) is choosing."
        return f"Waiting: {name}", f"{name} chooses now."

    # -- the flow of play ---------------------------------------------------
    def _current_human_seat(self) -> int | None:
        d = self.match.decision
        if d is None or not self.match.header.seats[d.seat].is_human:
            return None
        return d.seat

    @property
    def human_to_move(self) -> bool:
        return (self.replay is None and not self.thinking and not self.stepping and self.stop is None
                and not self.match.over and self._current_human_seat() is not None)

    def submit(self, move: Any) -> bool:
        """Submit a move from the human seat. Refused moves are explained."""
        if self.replay is not None:
            self.notify("This is a replay: nothing can be played here.", severity="warning")
            return False
        if self.thinking:
            self.notify("Wait: the computer is thinking.", severity="warning")
            return False
        if self.stepping:
            self.notify(f"Wait for the automatic steps to finish ({self.steps_keys()}).", severity="warning")
            return False
        if self.stop is not None:
            key = self.key_for("go_on")
            self.notify(f"Read what happened first{f' ({key} goes on)' if key else ''}.", severity="warning")
            return False
        if self.keys_guarded:
            self._dropped += 1  # chosen by keys the player before typed ahead: not this player's move
            return False
        if self.match.over:
            self.notify("The game is over.", severity="warning")
            return False
        d = self.match.decision
        try:
            self.match.play(move, advance=self.STEP_DELAY <= 0)
        except IllegalMove as exc:
            self.passing.append(self.app.notice(exc.reason, title="Not allowed", severity="error", timeout=5))
            return False
        except Exception as exc:
            self.log.error(f"move {move!r} failed: {exc!r}")
            what = " ".join(f"{type(exc).__name__}: {exc}".split())[:120]
            self.notify(f"That move could not be played ({what}). The game is unchanged and saved.",
                        title="Internal error", severity="error", timeout=10)
            return False
        self._answered = None if d is None else (d.seat, d.kind)
        self.withdraw_notices()
        self.after_change()
        self.guard_answer()  # (keys typed with it never answer what the steps lead to)
        return True

    def submit_text(self, text: str) -> bool:
        """Submit a move typed in the game's notation; unreadable text is
        explained like an illegal move."""
        text = text.strip()
        if not text:
            return False
        try:
            move = self.match.engine.parse_move(self.match.state, text)
        except IllegalMove as exc:
            self.notify(exc.reason, title="Not understood", severity="error")
            return False
        return self.submit(move)

    def after_change(self) -> None:
        if self.stop is None and self.shows_steps and self.match.decision is None and not self.match.over:
            self.stepping = True
            self._hold_keys()
            self.refresh_view()
            self._schedule_step()
            return
        self.stepping = False
        self._chain_alive = False
        self.autosave()
        self.refresh_view()
        if self.stop is not None:
            self.on_stop()  # play waits for the player to read it and go on
        else:
            self.next_turn()
        if self._held_keys is None:
            # after any focus the turn asked for (Widget.focus lands later, through the app's queue)
            self.app.call_later(self._give_focus_back)

    def replay_check(self, action: str) -> bool | None:
        """Whether ``action`` may run, if a replay decides it (None: it does not).
        The replay's own actions run only in a replay; in a replay they always
        may, and nothing that would change the game or its file may. While keys
        typed ahead are dropped (:meth:`guard_keys`), none of the game's may."""
        if not self.keys_offered and action not in KEYS_THAT_KEEP_THE_STEPS:
            return False  # (a key typed ahead by the player before reaches its action late: dropped too)
        if action.startswith("replay_"):
            if self.replay is None:
                return False
            if action == "replay_close":
                return self.coaching is None  # (while the coach thinks, Esc stops it)
            if action in ("replay_seat", "replay_seat_off"):
                return self.replay.can_switch == (action == "replay_seat")
            return True
        if self.replay is not None and (action in _NOT_IN_REPLAYS or action in self.PLAY_ACTIONS):
            return False
        if action.startswith("watch_"):
            return self.watch_check(action)
        if self.watching and (action in _NOT_WATCHED or action in self.PLAY_ACTIONS):
            return False
        if action in _COACH_ACTIONS:
            return self.coach_check(action)
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        decided = self.replay_check(action)
        if decided is not None:
            return decided
        if action in ("run_steps", "toggle_steps", "next_step"):
            # only in games that show automatic steps one by one (a watched game's keys do it there);
            # running them (all, or one) only while there are some to run
            if self.STEP_DELAY <= 0 or self.watching:
                return False
            return True if action == "toggle_steps" or self.stepping else False
        if action == "go_on":
            return self.stop is not None
        return True

    def next_turn(self) -> None:
        """Start whatever comes next: game over, a computer turn, a hand-off
        (not while a stop is on show: going on from it does)."""
        if self.replay is not None or self.stop is not None:
            return
        if self.match.over:
            self.tell_untold(False)  # (keys typed during the last steps: the game ended under them)
            if not self._over_shown:
                self._over_shown = True
                self.show_game_over()
            return
        decision = self.match.decision
        if decision is None:
            return
        seat = self.match.header.seats[decision.seat]
        if not seat.is_human:
            self.tell_untold(False)  # (a computer's turn came after the steps)
            if not self.watch_waits():  # (a watched game's move waits for its time, or while paused)
                self.computer_turn()
            return
        self.tell_untold(decision.seat == self.keyboard_seat)
        if decision.seat != self.keyboard_seat:
            previous = self.keyboard_seat
            if self.match.needs_handoff() or self._first_seat_unknown():
                from .modals import HandoffScreen

                if any(isinstance(s, HandoffScreen) for s in self.app.screen_stack):
                    return  # already hiding the table
                before = self.match.seat(previous).name if previous is not None else None
                refusal = self.undo_refusal(previous)
                self.app.push_screen(self.handoff_screen(seat.name, before, not refusal, refusal),
                                     lambda result: self.on_handoff_done(result, decision.seat))
                return
            self.keyboard_seat = decision.seat
            if previous is not None:
                # another player had the keyboard, and no hand-off stood between: what they typed
                # ahead is not this player's to play
                self.guard_keys()
            if self.match.engine.hides_information:
                self.refresh_view()  # (in an open game every seat sees the same: nothing to redraw)
        if self.new_question(decision.seat, decision.kind) and not self.keys_guarded:
            self.guard_keys(question=True)  # (keys typed ahead are not for a question not yet read)
        self.leave_log()
        self.on_human_turn()

    def _first_seat_unknown(self) -> bool:
        """True when a game that hides information is resumed with several
        humans at the keyboard: nobody has been handed the keyboard yet, so
        whoever must decide is called to it before anything is drawn. (A new
        game needs no such call: nothing has been seen yet, and anything
        dealt in secret at the start makes :meth:`Match.needs_handoff` true.)"""
        m = self.match
        return (self.keyboard_seat is None and bool(m.history) and m.header.handoffs and len(m.humans) > 1
                and m.engine.hides_information)

    def on_handoff_done(self, result: str | None, seat: int) -> None:
        """The hand-off screen closed: the next player is ready, or the one
        who just moved takes the move back before passing the keyboard."""
        if result == "undo":
            self.action_undo()
            return
        if result == "quit":
            self.leave()
            return
        self.keyboard_seat = seat
        self.refresh_view()
        self.leave_log()
        self.on_human_turn()

    def on_human_turn(self) -> None:
        """Called when a human seat must decide; subclasses set focus etc."""

    # -- where the keys go ----------------------------------------------------
    def decision_widget(self) -> Widget | None:
        """The widget the player decides in: the decision list (a screen whose decisions are
        made elsewhere, Hive's board, says so)."""
        found = self.hint_list()
        return found if isinstance(found, Widget) else None

    def focus_decision(self) -> None:
        """Give the keys to the widget the player decides in."""
        widget = self.decision_widget()
        if widget is not None and widget.focusable and widget is not self.focused:
            widget.focus()

    def leave_log(self) -> None:
        """Keys left on the log (the player read it, then a dialog came, or a new decision)
        go back to the decision: Enter there would do nothing."""
        if isinstance(self.focused, GameLog):
            self.focus_decision()

    def on_screen_resume(self) -> None:
        """A dialog or the menu closed over the game: a decision waiting for the player at the
        keyboard gets the keys back from the log."""
        if self.my_decision():
            self.leave_log()

    @on(SideLog.Leave)
    def _log_left(self, event: SideLog.Leave) -> None:
        event.stop()
        self.focus_decision()
        if event.menu:
            self.action_pause()  # (Esc: the menu, or in a replay its end, as Esc does with nothing to back out of)

    def on_stop(self) -> None:
        """Called when the steps stop at one worth reading (:attr:`stop`);
        subclasses show it and set the focus. Play goes on with
        :meth:`action_go_on`."""

    def computer_turn(self) -> None:
        """The computer seat to move thinks of its move, in a worker thread."""
        self.thinking = True
        self.refresh_view()
        self.think(self.match.state)

    @work(thread=True, exclusive=True, group="computer")
    def think(self, state: Any) -> None:
        worker = get_current_worker()
        try:
            move = self.match.computer_move()
        except Exception as exc:
            self.app.call_from_thread(self.call_later, self._computer_failed, f"{type(exc).__name__}: {exc}")
            return
        if not worker.is_cancelled:
            # queued, not run from here: the worker ends before the move is
            # played, so the next computer turn never cancels a running worker
            self.app.call_from_thread(self.call_later, self._computer_moved, state, move)

    def _computer_moved(self, state: Any, move: Any) -> None:
        self.thinking = False
        if self.match.state is not state:  # undone or reloaded meanwhile
            self.refresh_view()
            self.next_turn()
            return
        if self.hold_move(state, move):  # a watched game paused, or a dialog open: it comes later
            self.refresh_view()
            return
        try:
            self.match.play(move, advance=not self.shows_steps)
        except IllegalMove as exc:
            self._computer_failed(exc.reason)
            return
        self.after_change()

    def _computer_failed(self, reason: str) -> None:
        self.thinking = False
        self.refresh_view()
        self.notify(f"The computer player failed: {reason}", severity="error", timeout=10)

    def show_game_over(self) -> None:
        from .modals import GameOverScreen

        result = self.match.result
        if result is None:
            return
        # (the tie-break once: every game's summary names it already)
        decided = f"Decided by {result.tiebreak}." if result.tiebreak and result.tiebreak not in result.summary else ""
        names = [seat.name for seat in self.match.header.seats]
        detail = " ".join(filter(None, [result.winners_named(names), decided, result.standings(names)]))

        def done(choice: str | None) -> None:
            if choice == "undo":
                self.action_undo()
            elif choice == "menu":
                self.leave()
            elif choice == "review":
                self.action_review()
            elif choice == "new":
                self.leave()
                self.app.open_new_game(self.match.header.game)

        # (the review judges every human seat, or every seat when none is human: unless that is
        # the one person at the keyboard, the seats are named)
        whose = None if len(self.match.humans) == 1 else self.review_names()
        self.app.push_screen(GameOverScreen(result.summary, detail, self.match.can_undo(self.keyboard_seat), whose),
                             done)

class GenericGameScreen(GameScreen):
    """Plays any engine through a list of its legal moves and typed moves.

    Games with a dedicated screen use that instead; this one guarantees that
    every engine is playable in the app from the day it exists.
    """

    EXTRA_HELP = [("↑/↓, Enter", "Choose a move from the list"), ("Tab", "Switch to the typed-move box")]

    def compose_board(self) -> ComposeResult:
        yield OptionList(id="moves")
        yield Input(placeholder="or type a move and press Enter", id="typed")

    def render_board(self) -> None:
        ol = self.query_one("#moves", OptionList)
        ol.clear_options()
        self._moves = self.seen.moves if self.human_to_move else []
        state = self.seen.state
        for i, move in enumerate(self._moves):
            ol.add_option(Option(Text(self.match.engine.describe_move(state, move)), id=str(i)))
        if self._moves:
            ol.highlighted = 0

    def on_human_turn(self) -> None:
        self.render_board()
        self.query_one("#moves", OptionList).focus()

    def decision_widget(self) -> Widget | None:
        return self.query_one("#moves", OptionList)

    @on(OptionList.OptionSelected, "#moves")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.submit(self._moves[int(event.option.id or 0)])

    @on(Input.Submitted, "#typed")
    def _typed(self, event: Input.Submitted) -> None:
        if self.submit_text(event.value):
            event.input.value = ""
