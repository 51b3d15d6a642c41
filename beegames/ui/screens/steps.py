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

A game with no seat of a person's is *watched* (:attr:`StepKeys.watching`):
the computer's moves come :attr:`StepKeys.WATCH_DELAY` apart, each drawn
before the next is thought of, and a bar under the header says so and names
the keys (:data:`WATCH_BINDINGS`): ``p`` pauses or resumes, ``n`` plays one
move while paused, Space plays on to the end at once. The automatic steps of
a watched game keep their own pace and pause with its moves. Nothing moves
while the menu, the keys or a dialog is open over the table: a move thought
of meanwhile is held until it closes. A watched game opened from its save
starts paused.

When the keyboard passes from one player to another with no hand-off screen
(an open game between people at one keyboard), the keys the first one typed
ahead, still on their way, must not make the next one's decision: they are
dropped (:meth:`StepKeys.guard_keys`) until a marker sent behind them comes
back, and the next player's decision has been drawn. The same guard stands
before a question the player at the keyboard was not waiting for
(:meth:`StepKeys.new_question`: any question in a new position, a follow-up
of another kind, the first after a computer's move, or the same kind of
question again after the player's own answer): the second of two keys typed
quickly never answers a question nobody has read. Keys within one question
(a group's letter then its line) are all taken; keys pressed while automatic
steps are shown are played back for the same kind of question again
(:meth:`StepKeys.keys_meant_for`), as a key that runs the steps promises.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ...core.match import Match
from ..widgets.choices import ChoiceList

if TYPE_CHECKING:
    from .replay import Replay


#: Keys that do not run the automatic steps at once when pressed while they are shown.
KEYS_THAT_KEEP_THE_STEPS = frozenset({"run_steps", "toggle_steps", "next_step", "help", "pause", "back",
                                       "show_log", "save_as", "quit", "command_palette", "watch_pause",
                                       "watch_resume", "watch_next", "watch_end", "watch_undo"})

#: Keys that act at once while the automatic steps are shown, besides those above: undo takes back the move
#: the steps follow while they have revealed nothing (the solitaire drones' card not yet turned), else
#: says why not; either way the steps are not run for it.
KEYS_THAT_ACT_DURING_THE_STEPS = KEYS_THAT_KEEP_THE_STEPS | {"undo"}

#: The automatic steps' keys of every game screen (a screen that binds one of these keys for itself
#: declares them again: Textual merges a subclass's bindings key by key).
STEP_BINDINGS = [
    # (p and n before Space: a watched game's footer names them in that order)
    Binding("p", "toggle_steps", "Pause steps", id="game.pause_steps", show=False),
    Binding("n", "next_step", "Next step", id="game.next_step", show=False),
    Binding("space", "run_steps", "Run steps", id="game.run_steps"),
    # (a step worth a stop waits for the player: the same key goes on)
    Binding("space", "go_on", "Go on", id="game.go_on"),
]

#: The keys of a watched game, enabled only while one is watched (:meth:`StepKeys.watch_check`). They
#: carry the ids of the automatic steps' keys, whose work they do in such a game (pause, one more, all
#: at once): a keymap moves both together. Priority bindings: a game's own letters (Hive's reserve
#: ``p``) give way while there is nothing of theirs to play. Every game screen gets them
#: (``GameScreen.__init_subclass__``).
WATCH_BINDINGS = [
    Binding("p", "watch_pause", "Pause", id="game.pause_steps", priority=True),
    Binding("p", "watch_resume", "Resume", id="game.pause_steps", priority=True),
    Binding("n", "watch_next", "Next", id="game.next_step", priority=True),
    Binding("space", "watch_end", "To the end", id="game.run_steps", priority=True),
    # (the undo key says why a watched game takes nothing back; the footer keeps its room)
    Binding("ctrl+z,u", "watch_undo", "Undo (a watched game takes nothing back)", id="game.undo", show=False,
            priority=True),
]


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
    #: Seconds between the computer's moves in a watched game (no seat a person's); 0: no wait.
    WATCH_DELAY = 1.0

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
        self.match.at_stop = value is not None  # (a save records it)
        if (value is None) != (self._stop is None):
            self._stop = value
            self.refresh_bindings()
        else:
            self._stop = value

    if TYPE_CHECKING:  # declared for the type checker only: GameScreen defines them
        def refresh_view(self) -> None: ...

        def after_change(self) -> None: ...

        def my_decision(self) -> bool: ...

        def next_turn(self) -> None: ...

        def computer_turn(self) -> None: ...

        def _computer_moved(self, state: Any, move: Any) -> None: ...

        thinking: bool

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
        #: the guard stands before the same player's new question (not another player's turn)
        self._guard_question = False
        #: the position in which the keyboard's player was last given a decision (see :meth:`new_question`)
        self._question_at: Any = None
        #: keys typed before the steps after an answer were drawn were dropped, and not told yet
        #: (the word waits for the question they were not meant for: :meth:`guard_answer`)
        self._untold = False
        #: a watched game plays on to its end at once (Space)
        self.watch_to_end = False
        self._watch_timer: Timer | None = None
        #: the pace's time came while something was open over the table: the next move waits for it to close
        self._watch_waiting = False
        #: n asked for one move while paused
        self._watch_one = False
        #: a watched game's move thought of while paused or under a dialog: (the state it is for, the move)
        self._held_move: tuple[Any, Any] | None = None
        # a watched game opened from its save starts paused: the viewer sees where it was left first
        self.steps_paused = self.watching and bool(self.match.history)

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

    def bound_keys(self, action: str, node: DOMNode | None = None) -> list[str]:
        """Every key bound to ``action`` on this screen (or on ``node``, a widget of it) now,
        offered or not (the player's keymap applied), as the keys screen writes them, Esc last."""
        from .modals import key_label

        bindings = (self if node is None else node)._bindings.copy()
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
        has them: "n: next step · p: resume · space: run all" while paused (in a watched
        game, its keys: they drive the steps too)."""
        if self.watching:
            return self.watch_keys()
        pairs: tuple[tuple[str, str], ...]
        if self.steps_paused:
            pairs = (("next_step", "next step"), ("toggle_steps", "resume"), ("run_steps", "run all"))
        else:
            pairs = (("run_steps", "run all"), ("toggle_steps", "pause"))
        return " · ".join(f"{key}: {what}" for action, what in pairs if (key := self.key_for(action)))

    def _step_key(self, key: str) -> bool:
        """True for the keys that drive the steps themselves (Space, p, n), and
        for those that open something over the table (the keys, the menu, the
        log, saving): those act at once, and the steps wait under what they open. So does undo
        (:data:`KEYS_THAT_ACT_DURING_THE_STEPS`)."""
        active = self.active_bindings.get(key)
        return active is not None and active.binding.action in KEYS_THAT_ACT_DURING_THE_STEPS

    def on_key(self, event: events.Key) -> None:
        """A key pressed while the automatic steps are shown runs them all at
        once; then it is taken as usual, with any key pressed meanwhile, in
        order. A question that came up during the steps is not answered by
        keys pressed before it was shown (:meth:`keys_meant_for` says which
        are), nor a stop, nor another player's decision: they are dropped with
        a word. While the keyboard passes to another player, keys typed ahead
        are dropped (:meth:`guard_keys`)."""
        if self._guard is not None and self.replay is None and not (self.stepping and self._step_key(event.key)):
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
            self._tell_dropped(question=True)
            return
        for key, character in keys:
            self.app.post_message(events.Key(key, character))

    # -- keys typed ahead when the keyboard passes to another player, or to a new question ------
    def new_question(self, seat: int, kind: str) -> bool:
        """Whether the decision (``seat``, ``kind``) of the player at the keyboard, about to be
        drawn, is one they have not seen: any decision in a new position (a follow-up of
        another kind, the first after a computer's move, and the same kind of question again
        after their own answer too: its list may differ, and a key typed before it was drawn
        would answer it unseen). Asked once per position (the same position asked again is
        not new, so keys within one question, such as a group's letter then its line, are all
        taken); the first question the screen asks is not new (nothing was typed for another).
        Keys held while automatic steps were shown are not guarded here: they are played back
        by their own rule (:meth:`keys_meant_for`), as the steps' keys promise."""
        asked, self._question_at = self._question_at, self.match.state
        if asked is None or asked is self.match.state:
            return False
        history = self.match.history
        if history and history[-1].seat != seat:
            return True  # (a computer moved last)
        return self._held_keys is None or not self.keys_meant_for(self._answered, (seat, kind))

    def guard_answer(self) -> None:
        """The player's answer was taken and automatic steps are shown before what comes next:
        keys typed with the answer, before the steps were drawn, are for no question anyone has
        read, so they are dropped as before a new question (the steps' own keys, Space, p, n,
        still drive them). A key pressed once the steps are shown runs them and is played back
        by :meth:`keys_meant_for`. The word waits for the next question (:meth:`tell_untold`)."""
        if self.stepping and not self.keys_guarded and self.replay is None:
            self.guard_keys(question=True)

    def tell_untold(self, question: bool) -> None:
        """The next decision is shown: say now that keys typed before the steps were drawn were
        dropped (``question``: it is the same player's question, else another's turn)."""
        if self._untold:
            self._untold = False
            self._tell_dropped(question)

    def guard_keys(self, question: bool = False) -> None:
        """The keyboard passed from one player to another with no hand-off
        screen (or, with ``question``, the player at it has a question they
        were not waiting for: :meth:`new_question`): keys typed ahead (still
        queued, or already on their way to a list) must not play the new
        decision. Every key, and every move chosen, is dropped until a marker
        sent now behind them has come back and the new decision has been
        drawn. (No clock: the marker follows the keys' own way, so it arrives
        after each of them.)"""
        token = self._guard = object()
        self._dropped = 0
        self._guard_question = question
        if not question:  # (the same player's question keeps the footer's keys: no flicker at every question)
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
        if not self._guard_question:
            self.refresh_bindings()
        if self._dropped:
            self._tell_dropped(self._guard_question)
        self._dropped = 0

    def typed_ahead(self) -> bool:
        """True if a game key's action comes while keys typed ahead are dropped (its key was taken
        before the guard, its action runs after): it is dropped too, and counted in the word said."""
        if self._guard is None or self.replay is not None:
            return False
        self._dropped += 1
        return True

    @property
    def keys_guarded(self) -> bool:
        """Keys typed ahead by the player before are being dropped now."""
        return self._guard is not None

    @property
    def keys_offered(self) -> bool:
        """The game's keys are offered (in the footer too): not while keys typed ahead by another
        player are dropped. (Those typed before the same player's new question are dropped as
        they come, the footer unchanged.)"""
        return self._guard is None or self._guard_question

    def _tell_dropped(self, question: bool = False) -> None:
        """Say that keys typed ahead were not used: another player's turn came (or, with
        ``question``, a new question), which they were not meant for."""
        d = self.match.decision
        if d is None and not self.match.over:  # (the steps are still shown: said with the next question)
            self._untold = True
            return
        if question and d is not None:
            self.notify(f"A new question came up: {d.prompt} (the keys pressed before it was shown were not "
                        "used)", severity="warning", timeout=8)
            return
        if d is None:  # (the game ended under them)
            self.notify("The game is over: the keys pressed before its end was shown were not used.",
                        severity="warning", timeout=8)
            return
        name = self.match.header.seats[d.seat].name
        self.notify(f"{name}'s turn now: the keys pressed before it was shown were not used.",
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

    # -- a watched game: the computer plays every seat ------------------------------
    @property
    def watching(self) -> bool:
        """No seat of this game is a person's (and it is not a replay): it is watched."""
        return self.replay is None and not self.match.humans

    @property
    def shows_steps(self) -> bool:
        """The automatic steps are shown one by one (not in a watched game played on to its end)."""
        return self.STEP_DELAY > 0 and not self.watch_to_end

    def watch_check(self, action: str) -> bool:
        """Which of the watched game's keys work now (the footer offers only those)."""
        if not self.watching:
            return False
        if action == "watch_undo":
            return True
        if self.match.over:
            return False
        if action == "watch_pause":
            return not self.steps_paused
        if action == "watch_resume":
            return self.steps_paused
        if action == "watch_next":
            return self.steps_paused and self.stop is None
        return action == "watch_end" and self.stop is None and not self.watch_to_end

    def watch_waits(self) -> bool:
        """Asked when a computer seat is to move: True if its move waits, in a watched
        game, for its time (a timer set here) or for a key while paused."""
        if not self.watching or self.watch_to_end or self._watch_one:
            return False
        if self.steps_paused:
            return True
        if self.WATCH_DELAY <= 0:
            return False
        if self._watch_timer is None:
            self._watch_timer = self.set_timer(self.WATCH_DELAY, self._watch_due)
        return True

    def _watch_due(self) -> None:
        self._watch_timer = None
        if self.app.screen is not self:  # the menu, the keys or a dialog is open: the move waits for it
            self._watch_waiting = True
            return
        if self.watching and not self.steps_paused:
            self._watch_go()

    def _watch_go(self) -> None:
        """The computer to move thinks now (unless something else is under way)."""
        if not self.thinking and not self.stepping and self.stop is None and self.match.computer_to_move():
            self.computer_turn()

    def _stop_watch_timer(self) -> None:
        timer, self._watch_timer = self._watch_timer, None
        if timer is not None:
            timer.stop()

    def hold_move(self, state: Any, move: Any) -> bool:
        """Asked when the computer's move is ready: True if it waits (a watched game
        paused, or something open over the table), held until it may be played."""
        if not self.watching:
            return False
        if (self.steps_paused and not self._watch_one) or self.app.screen is not self:
            self._held_move = (state, move)
            self.show_watch()
            return True
        self._watch_one = False
        return False

    def _play_held(self) -> bool:
        held, self._held_move = self._held_move, None
        if held is None:
            return False
        self._computer_moved(*held)
        return True

    def on_screen_resume(self) -> None:
        """What was open over a watched game closed: a move held under it comes, or the next one's time."""
        if not self.watching or self.app.screen is not self:
            return
        waiting, self._watch_waiting = self._watch_waiting, False
        if self._held_move is not None and (not self.steps_paused or self._watch_one):
            self.call_later(self._play_held)
        elif waiting:
            self.call_later(self.next_turn)

    def action_watch_pause(self) -> None:
        """Pause a watched game (its moves and its automatic steps)."""
        self.steps_paused = True
        self.watch_to_end = False
        self._stop_watch_timer()
        self._watch_changed()

    def action_watch_resume(self) -> None:
        """Go on watching at the game's pace."""
        self.steps_paused = False
        self._watch_changed()
        if self.stepping:
            if not self._chain_alive:
                self._schedule_step()
        elif not self._play_held() and not self.thinking:
            self.next_turn()

    def action_watch_next(self) -> None:
        """While paused: the next automatic step, else exactly one move of the computer."""
        if self.stepping:
            self._one_step()
            return
        self._stop_watch_timer()
        self._watch_one = True
        if not self._play_held():
            self._watch_go()

    def action_watch_end(self) -> None:
        """Play the watched game on to its end at once (p pauses it again)."""
        self.watch_to_end = True
        self.steps_paused = False
        self._stop_watch_timer()
        self._watch_changed()
        if self.stepping:
            self.action_run_steps()
        elif not self._play_held():
            self._watch_go()

    def action_watch_undo(self) -> None:
        """A watched game takes nothing back: say why."""
        self.notify("A watched game takes nothing back: the computer plays every seat. To go back "
                    "through its moves, open its save as a replay (Load, then Replay).",
                    title="Cannot undo", severity="warning", timeout=8)

    def _watch_changed(self) -> None:
        self.refresh_bindings()
        self.refresh_view()

    def watch_keys(self) -> str:
        """The keys of a watched game that work now, as the player's keymap has them."""
        pairs = (("watch_next", "next move"), ("watch_pause", "pause"), ("watch_resume", "resume"),
                 ("watch_end", "to the end"), ("go_on", "go on"), ("review", "review"))
        named = [f"{key}: {what}" for action, what in pairs if (key := self.key_for(action))]
        if (menu := self.key_for("back", "pause")) is not None:
            named.append(f"{menu}: menu")
        return " · ".join(named)

    def watch_text(self) -> str:
        """What the watched game's bar says: what goes on, and the keys."""
        if self.match.over:
            what = "Watched to the end (the computer played every seat)."
        elif self.steps_paused:
            what = "Watching, paused."
        elif self.watch_to_end:
            what = "Watching: on to the end…"
        else:
            what = "Watching: the computer plays."
        return f"{what} {self.watch_keys()}"

    def show_watch(self) -> None:
        """Bring the watched game's bar up to date (it is there only in a watched game)."""
        for bar in self.query(WatchBar):
            bar.update(Text(self.watch_text()))


class WatchBar(Static):
    """The line under the header of a watched game: that the computer plays, and the keys."""

    DEFAULT_CSS = "WatchBar { height: auto; background: $panel; color: $text; padding: 0 1; text-style: bold; }"
