"""The automatic steps on a game screen, shown one by one, the steps worth
a stop, and the keys pressed while they are shown or typed ahead.

A game's automatic steps (an automaton's turn, a wild hive's move) can be
shown one at a time, :attr:`StepKeys.STEP_DELAY` apart. Space runs them all,
``p`` pauses them and ``n`` takes one. Any other key runs them all at once and
is then taken as usual: a key is never refused, or eaten, because steps were
on show. :class:`GameScreen` takes this from :class:`StepKeys`.

A step may be worth a *stop* (:meth:`StepKeys.stop_after`: a month of
winter upkeep, a month that passed without a turn): the steps wait on it,
however they were run, until the player goes on (Space, or the game's own
way, such as a "Go on" entry of its list). What a stop says is the game's.

When the keyboard passes from one player to another with no hand-off screen
(an open game between people at one keyboard), the keys the first one typed
ahead, still on their way, must not make the next one's decision: they are
dropped (:meth:`StepKeys.guard_keys`) until a marker sent behind them comes
back, and the next player's decision has been drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.message import Message
from textual.screen import Screen

from ...core.match import Match
from ..widgets.choices import ChoiceList

if TYPE_CHECKING:
    from .replay import Replay


#: Keys that do not run the automatic steps at once when pressed while they are shown.
KEYS_THAT_KEEP_THE_STEPS = frozenset({"run_steps", "toggle_steps", "next_step", "help", "pause", "back",
                                       "show_log", "save_as", "quit", "command_palette"})


class KeyBarrier(Message):
    """Sent along the keys' way (the app, then the focused widget, then up to
    the screen) when the keyboard passes from one player to another: every
    key typed before the pass arrives before it."""

    def __init__(self, token: object) -> None:
        super().__init__()
        self.token = token


class StepKeys(Screen[None]):
    """The automatic steps' part of a game screen (the game screen gives it
    the match and redraws: the names declared below)."""

    #: Seconds between automatic steps when they are shown one by one.
    STEP_DELAY = 0.0

    # -- what the game screen provides ------------------------------------------------
    match: Match[Any, Any]
    replay: Replay | None
    keyboard_seat: int | None
    _stepping = False

    @property
    def stepping(self) -> bool:
        """Automatic steps are being shown one by one (the keys that run them
        are offered, in the footer too, only then)."""
        return self._stepping

    @stepping.setter
    def stepping(self, value: bool) -> None:
        if value != self._stepping:
            self._stepping = value
            self.refresh_bindings()

    _stop: Any = None

    @property
    def stop(self) -> Any:
        """The step worth a stop on show (the game's account of it), or None:
        the steps wait on it until the player goes on."""
        return self._stop

    @stop.setter
    def stop(self, value: Any) -> None:
        if (value is None) != (self._stop is None):
            self._stop = value
            self.refresh_bindings()
        else:
            self._stop = value

    if TYPE_CHECKING:  # declared for the type checker only: GameScreen defines them
        def refresh_view(self) -> None: ...

        def after_change(self) -> None: ...

        def my_decision(self) -> bool: ...

    def _init_steps(self) -> None:
        #: the player paused the automatic steps (n takes one, p resumes)
        self.steps_paused = False
        self._chain_alive = False  # a timer for the next automatic step is set
        #: keys pressed while automatic steps were shown, waiting to be played back (None: no key waits)
        self._held_keys: list[tuple[str, str | None]] | None = None
        #: the widget that had the focus when the steps began (it gets it back after them)
        self._focus_after_steps: Any = None
        #: the human decision answered last: (seat, kind)
        self._answered: tuple[int, str] | None = None
        #: the seat at the keyboard when the held keys were pressed
        self._held_seat: int | None = None
        #: set while keys typed ahead by the player before are dropped (see :meth:`guard_keys`)
        self._guard: object | None = None
        #: the lists made passive for the guard, where its marker went, and how many keys it dropped
        self._guarded: list[ChoiceList] = []
        self._barrier_at: Any = None
        self._dropped = 0

    # -- keys pressed while automatic steps are shown ----------------------------
    def _hold_keys(self) -> None:
        """While the steps are shown every key comes to :meth:`on_key` first
        (and none is refused by a list with nothing to choose). A decision list
        with the focus keeps it and only lets the keys go by (changing the focus
        rebuilds the footer and restyles the screen: twice a move, it doubled a
        Waggle Dance placement's time); any other widget gives the focus up."""
        focused = self.focused
        if isinstance(focused, ChoiceList):
            focused.passive = True
            self._focus_after_steps = focused
        elif focused is not None:
            self._focus_after_steps = focused
            self.set_focus(None)

    def _give_focus_back(self) -> None:
        widget, self._focus_after_steps = self._focus_after_steps, None
        if isinstance(widget, ChoiceList):
            widget.passive = False
            return
        if self.focused is None and widget is not None and widget.is_attached and widget.display:
            self.set_focus(widget)

    def bound_keys(self, action: str) -> list[str]:
        """Every key bound to ``action`` on this screen now, offered or not
        (the player's keymap applied), as the keys screen writes them, Esc last."""
        from .modals import key_label

        bindings = self._bindings.copy()
        keymap = getattr(self.app, "keymap", None)
        if keymap:
            bindings.apply_keymap(keymap)
        keys = [key_label(key) for key, found in bindings.key_to_bindings.items()
                if any(b.action == action for b in found)]
        return sorted(keys, key=lambda k: k == "Esc")

    def key_for(self, *actions: str) -> str | None:
        """The key the footer names for the first of ``actions`` a key runs
        now (the player's keymap applied), or None if none has one."""
        for _node, binding, enabled, _tooltip in self.active_bindings.values():
            if binding.action in actions and enabled:
                return self.app.get_key_display(binding)
        return None

    def steps_keys(self) -> str:
        """The keys that drive the automatic steps now, as the player's keymap
        has them: "n: next step · p: resume · space: run all" while paused."""
        pairs: tuple[tuple[str, str], ...]
        if self.steps_paused:
            pairs = (("next_step", "next step"), ("toggle_steps", "resume"), ("run_steps", "run all"))
        else:
            pairs = (("run_steps", "run all"), ("toggle_steps", "pause"))
        return " · ".join(f"{key}: {what}" for action, what in pairs if (key := self.key_for(action)))

    def _step_key(self, key: str) -> bool:
        """True for the keys that drive the steps themselves (Space, p, n), and
        for those that open something over the table (the keys, the menu, the
        log, saving): those act at once, and the steps wait under what they open."""
        active = self.active_bindings.get(key)
        return active is not None and active.binding.action in KEYS_THAT_KEEP_THE_STEPS

    def on_key(self, event: events.Key) -> None:
        """A key pressed while the automatic steps are shown runs them all at
        once; then it is taken as usual, with any key pressed meanwhile, in
        order. A question that came up during the steps is not answered by
        keys pressed before it was shown (:meth:`keys_meant_for` says which
        are), nor a stop, nor another player's decision: they are dropped with
        a word. While the keyboard passes to another player, keys typed ahead
        are dropped (:meth:`guard_keys`)."""
        if self._guard is not None and self.replay is None:
            at = self._barrier_at
            if at is not None and not at.is_attached:  # (its marker went with a widget taken away)
                self._release_keys(self._guard)
            else:
                event.stop()
                event.prevent_default()
                self._dropped += 1
                return
        if self.replay is not None or (not self.stepping and self._held_keys is None):
            return
        if self.stepping and self._step_key(event.key):
            return
        event.stop()
        event.prevent_default()
        if self._held_keys is not None:
            self._held_keys.append((event.key, event.character))
            return
        self._held_keys = [(event.key, event.character)]
        self._held_seat = self.keyboard_seat
        answered = self._answered
        self.action_run_steps()
        # played back after the focus the next turn asks for, and after any key already on its way here
        self.app.call_later(self._play_back_keys, answered)

    def keys_meant_for(self, answered: tuple[int, str] | None, now: tuple[int, str]) -> bool:
        """Whether keys pressed during the steps after ``answered`` were meant
        for the decision ``now`` ((seat, kind) both): the same kind of question
        again (a game may name others it expects, such as its turn)."""
        return answered == now

    def _play_back_keys(self, answered: tuple[int, str] | None) -> None:
        keys, self._held_keys = self._held_keys or [], None
        self._give_focus_back()
        if self.app.screen is not self:
            return  # a hand-off or the game-over dialog came: the keys were not meant for it
        if self.stop is not None:
            self.notify("The steps stopped for you to read (the keys pressed before were not used).",
                        severity="warning", timeout=8)
            return
        held, self._held_seat = self._held_seat, None
        if held is not None and self.keyboard_seat != held:
            # the keyboard passed to another player: what the one before typed is not theirs to play
            self._tell_dropped()
            return
        d = self.match.decision
        if d is not None and self.my_decision() and not self.keys_meant_for(answered, (d.seat, d.kind)):
            self.notify(f"A new question came up: {d.prompt} (the keys pressed before it were not used)",
                        severity="warning", timeout=8)
            return
        for key, character in keys:
            self.app.post_message(events.Key(key, character))

    # -- keys typed ahead when the keyboard passes to another player -----------
    def guard_keys(self) -> None:
        """The keyboard passed from one player to another with no hand-off
        screen: keys the one before typed ahead (still queued, or already on
        their way to a list) must not play the next player's move. Every key,
        and every move chosen, is dropped until a marker sent now behind them
        has come back and the next decision has been drawn. (No clock: the
        marker follows the keys' own way, so it arrives after each of them.)"""
        token = self._guard = object()
        self._dropped = 0
        self.refresh_bindings()
        for cl in self.query(ChoiceList):
            if not cl.passive:
                cl.passive = True  # the screen's on_key sees every key first
                self._guarded.append(cl)
        self.app.call_later(self._send_barrier, token)

    def _send_barrier(self, token: object) -> None:
        if self._guard is not token:
            return
        if self.app.screen is not self:
            self._release_keys(token)
            return
        target = self.app.focused if self.app.focused is not None and self.app.focused.screen is self else self
        self._barrier_at = target
        target.post_message(KeyBarrier(token))

    def on_key_barrier(self, message: KeyBarrier) -> None:
        message.stop()
        if message.token is self._guard:
            # the keys queued before it have all come (and gone); now the new decision is drawn first
            self.call_after_refresh(self._release_keys, message.token)

    def _release_keys(self, token: object) -> None:
        if self._guard is not token:
            return
        self._guard = self._barrier_at = None
        lists, self._guarded = self._guarded, []
        for cl in lists:
            if cl is not self._focus_after_steps:
                cl.passive = False
        self.refresh_bindings()
        if self._dropped:
            self._tell_dropped()
        self._dropped = 0

    @property
    def keys_guarded(self) -> bool:
        """Keys typed ahead by the player before are being dropped now."""
        return self._guard is not None

    def _tell_dropped(self) -> None:
        d = self.match.decision
        name = self.match.header.seats[d.seat].name if d is not None else None
        whose = f"{name}'s turn" if name else "Another player's turn"
        self.notify(f"{whose} now: the keys pressed before it was shown were not used.",
                    severity="warning", timeout=8)

    def _schedule_step(self) -> None:
        if self.steps_paused:
            self._chain_alive = False
            return
        self._chain_alive = True
        self.set_timer(self.STEP_DELAY, self._auto_step)

    def _auto_step(self) -> None:
        self._chain_alive = False
        if not self.stepping or self.steps_paused:
            return
        if self.app.screen is not self:  # the keys, the menu or a dialog is open: the steps wait for it
            self._schedule_step()
            return
        self._one_step()
        if self.stepping:
            self._schedule_step()

    def stop_after(self) -> Any:
        """Asked after each automatic step: the game's account of the step
        just taken if it is worth a stop for the player to read, else None
        (a game with such steps says which)."""
        return None

    def take_step(self) -> bool:
        """Run one automatic step (False if none was due); one worth a stop
        sets :attr:`stop`, and the steps wait on it."""
        if not self.match.step():
            return False
        found = self.stop_after()
        if found is not None:
            self.stop = found
        return True

    def _one_step(self) -> None:
        """Run one automatic step; when none is left, carry on with play."""
        if self.take_step():
            self.refresh_view()
            if self.match.decision is None and not self.match.over and self.stop is None:
                return
        self.stepping = False
        self.after_change()

    def action_run_steps(self) -> None:
        """Run every pending automatic step now ("let it run"), up to a stop."""
        if not self.stepping:
            return
        while self.stop is None and self.match.decision is None and not self.match.over and self.take_step():
            pass
        self.stepping = False
        self.after_change()

    def action_go_on(self) -> None:
        """Go on from a stop: the steps after it run (shown one by one) up to
        the next stop or decision."""
        if self.stop is None or self.replay is not None:
            return
        self.stop = None
        self.after_change()

    def action_toggle_steps(self) -> None:
        """Pause the automatic steps, or resume them."""
        self.steps_paused = not self.steps_paused
        if self.steps_paused:
            self.notify(f"Automatic steps paused: {self.steps_keys()}.")
        else:
            self.notify("Automatic steps resume.")
            if self.stepping and not self._chain_alive:
                self._schedule_step()
        self.refresh_view()

    def action_next_step(self) -> None:
        """Take exactly one automatic step (useful while paused)."""
        if self.stepping:
            self._one_step()
