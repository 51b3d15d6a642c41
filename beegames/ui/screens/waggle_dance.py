"""The Waggle Dance screen (both editions): the table, the honeycombs, the dice, the choices.

Placing a die is two choices: the die (keys 1-6, a click, or the list), then
where it goes (a letter key, R and a room number, T for a threat, a click, or
the list). :class:`~..widgets.waggle_dance.turn.DiePicker` keeps where the
player is in that choice. Every other decision (storing nectar, trades, eggs,
card offers and windows, rewards, losses) is the list of its legal moves,
described by the game, so that any decision can be made with the keyboard or
the mouse.

The keyboard seat's own Queen Bee cards sit under its honeycomb; ``k`` brings
them into view at any moment (and, when one can be played now, their plays
into the list); ``k`` or Esc goes back to the table.

The screen draws only the keyboard seat's view of the game (``self.seen``)
and reads it only through :mod:`beegames.games.waggle_dance.view`. It renders
once per change: a new state, a step of the picker, a new size; each widget
repaints only what changed.

The night (and Bumblebot's turns) play out as automatic steps shown one at a
time; Space runs the rest at once, ``p`` pauses them and ``n`` then steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Header

from ...core.match import Match
from ...games.waggle_dance import view as wd
from ..widgets.choices import Choice, ChoiceList
from ..widgets.dice import DiceRow, die_chip
from ..widgets.footer import Footer
from ..widgets.panels import GameLog
from ..widgets.waggle_dance import typed
from ..widgets.waggle_dance.hives import NOT_ROLLED, draw_bumblebot, draw_hand, draw_hive, draw_seats
from ..widgets.waggle_dance.keys import KEYS_HELP, REPLAY_KEYS_HELP, hand_note, pool_note
from ..widgets.waggle_dance.log import TailLog
from ..widgets.waggle_dance.look import dice_hex
from ..widgets.waggle_dance.panel import TextPanel
from ..widgets.waggle_dance.table import draw_table
from ..widgets.waggle_dance.turn import (
    CARD_STEPS,
    CARDS_ENTRY,
    HELPER_STEPS,
    DiePicker,
    Step,
    choice_path,
    decision_caption,
    decision_choices,
    pool_dice,
    turn_choices,
    turn_hint,
)
from ..widgets.waggle_dance.typeahead import PickGuard
from .game import GameScreen

__all__ = ["DiePicker", "Step", "WaggleDanceScreen"]

#: Lines the log panel is refilled with when another seat takes the keyboard.
LOG_LINES = 120
#: Choices that are steps of the die picker rather than moves.
Action = Any
#: The cells of the table's column on a wide screen (see the stylesheet).
WIDE_COLUMN = 50
#: The hand's heading while it is shown by ``k``.
HAND_BACK = "k: back"


class WaggleDanceScreen(PickGuard, GameScreen):
    """Waggle Dance: the table, every honeycomb, and the decision list."""

    STEP_DELAY = 0.4

    STEPS_TEXT = "Playing out"
    BINDINGS = [
        Binding("escape", "back", "Back / Menu", id="wd.back"),
        Binding("h", "helper", "Helper die", id="wd.helper"),
        Binding("k", "cards", "Cards", id="wd.cards"),
        # (the status line says when Space runs the automatic steps: the footer keeps its room
        # for the keys above, at 80 columns)
        Binding("space", "run_steps", "Run steps", id="game.run_steps", show=False),
    ]
    EXTRA_HELP = KEYS_HELP
    REPLAY_HELP = REPLAY_KEYS_HELP
    PLAY_ACTIONS = frozenset({"helper"})

    def __init__(self, match: Match[Any, Any], save_path: Path, **kwargs: Any) -> None:
        super().__init__(match, save_path, **kwargs)
        self.picker = DiePicker()
        self._picker_state: Any = None
        self._choices: list[Choice] = []
        self._rendered: tuple[Any, ...] | None = None
        self._marked_rooms: set[int] = set()
        self._tv: wd.TableView | None = None
        self._drawn: dict[str, Any] = {}
        self._log_base = 0
        self._wide = False
        self._compact = False
        #: the hand is brought into view (k)
        self._hand_view = False
        #: log length (as each seat sees it) when that seat last decided
        self._since: dict[int | None, int] = {}
        self._footer: tuple[bool | None, ...] = ()  # whether the footer offers h and k
        self._asked: tuple[int | None, str | None] | None = None  # (seat, kind) last asked at the keyboard

    # -- layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The shell of every game screen, with Waggle Dance's own list of seats and a log
        that repaints without re-laying out the screen."""
        yield Header()
        yield from self.compose_replay_bar()
        with Horizontal(id="game-body"):
            with Vertical(id="board-area"):
                yield from self.compose_board()
            with Vertical(id="side"):
                yield TextPanel(id="wd-seats", wrap=True)
                yield from self.compose_side()
                yield TailLog(id="log")
        # (no palette key here: at 80 columns the game's own keys need the room; Ctrl+P still
        # opens it, and the keys screen lists it)
        yield Footer(show_command_palette=False)

    def compose_board(self) -> ComposeResult:
        yield TextPanel(id="wd-status", wrap=True)
        yield TextPanel(id="wd-recent", fixed=True)
        yield DiceRow(id="wd-pool")
        with VerticalScroll(id="wd-scroll"):
            with Horizontal(id="wd-cols"):
                # the keyboard seat's own things first: the table, its honeycomb, its cards
                with Vertical(classes="wd-col", id="wd-col-table"):
                    yield TextPanel(id="wd-table")
                    yield TextPanel(id="wd-mine", classes="wd-hive")
                    yield TextPanel(id="wd-hand")
                with Vertical(classes="wd-col", id="wd-col-hives"):
                    for slot in range(len(self.match.header.seats) - 1):
                        yield TextPanel(id=f"wd-other-{slot}", classes="wd-hive")
                    if wd.has_bumblebot(self.st):
                        yield TextPanel(id="wd-bumblebot", classes="wd-hive")

    def compose_side(self) -> ComposeResult:
        yield ChoiceList(id="wd-choices")

    def on_mount(self) -> None:
        self.query_one("#log").border_title = "Log"
        self.query_one("#wd-seats").border_title = "Players"
        self.query_one("#wd-choices", ChoiceList).border_title = "Choices"
        self.query_one("#wd-pool", DiceRow).border_title = "Dice"
        self._apply_size()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size()

    def _apply_size(self) -> None:
        size = self.app.size
        self._wide = size.width >= 110
        self._compact = size.height < 40
        self.query_one("#wd-cols").set_class(self._wide, "wide")
        self.set_class(size.width >= 150, "-wide")
        self.set_class(self._compact, "-compact")
        self.query_one("#wd-pool", DiceRow).compact = self._compact
        self._rendered = None
        if self.is_mounted:
            self.refresh_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # the footer offers h and k only where they do something: a helper die on the keyboard
        # seat's own 2022 day turn, the cards while it holds some (on_key says why not, else)
        if action == "helper":
            return self.human_to_move and wd.helper_available(self.st, self.viewer())
        if action == "cards":
            return wd.hand_size(self.st, self.viewer()) > 0
        return super().check_action(action, parameters)

    def help_rows(self) -> list[tuple[str, str]]:
        first = wd.is_first_edition(self.st)
        return [row for row in super().help_rows() if not (first and row[0] == "h")]

    # -- reading the game (the keyboard seat's view only) ----------------------------------
    @property
    def st(self) -> wd.Table:
        state: wd.Table = self.seen.state
        return state

    def _kind(self) -> str | None:
        d = self.seen.decision
        return None if d is None else d.kind

    def viewer(self) -> int | None:
        """The seat whose pool and hand may be shown now, if any: the keyboard's (a replay's
        seat); in a finished game's replay, the seat deciding (:meth:`replay_focus`)."""
        seat = self.view_seat
        return seat if seat is not None else self.replay_focus()

    def my_turn(self) -> bool:
        d = self.seen.decision
        return self.human_to_move and d is not None and d.kind == "turn" and self.seen.seat == d.seat

    def my_moves(self) -> list[Any]:
        """The legal moves of the pending decision, when it is the keyboard seat's."""
        seen = self.seen
        if not self.human_to_move or seen.decision is None or seen.decision.seat != seen.seat:
            return []
        return list(seen.moves)

    def turn(self) -> wd.TurnOptions:
        if not self.my_turn():
            return wd.TurnOptions()
        return wd.turn_options(self.my_moves(), wd.locked_die(self.st))

    def place_targets(self, die: int | None) -> list[str]:
        return list(self.turn().targets.get(die, ())) if die is not None else []

    def placeable_dice(self) -> list[int]:
        return self.turn().dice

    @property
    def sel_die(self) -> int | None:
        return self.picker.die if self.my_turn() else None

    def _public(self) -> bool:
        """Only the public view is ever shown: a replay, or a game with no one at the keyboard."""
        return self.replay is not None or not any(seat.is_human for seat in self.match.header.seats)

    def _seat(self) -> int:
        d = self.seen.decision
        if d is not None:
            return d.seat
        v = self.viewer()
        return v if v is not None else 0

    def _colour(self) -> str:
        """The deciding seat's dice colour on screen."""
        return dice_hex(wd.dice_colour(self.st, self._seat()))

    # -- rendering, once per change -----------------------------------------------------
    def refresh_view(self) -> None:
        state = self.match.state
        if state is not self._picker_state:
            self._picker_state = state
            self.picker.reset(wd.locked_die(self.st) if self.my_turn() else None)
            self._marked_rooms = set()
            self._show_hand(False)  # a new position: the table again
        self._board_home()
        # The log panel shows the public history, the same for every seat, so that it never
        # needs rewriting when the keyboard changes hands; a seat's private lines (its new
        # cards) show on the "Last" line and in its hand.
        public = self.match.engine.visible_log(state, None)
        log = self.query_one(GameLog)
        if self.replay is not None:
            # a replay shows the log as the replay's seat (or, once the game is over, everyone) read it
            self._log_seat = -3
            log.reset(self.seen.log[-LOG_LINES:])
        elif self._log_seat != -2 or len(public) < self._log_base + log._shown:
            self._log_seat = -2
            self._log_base = max(0, len(public) - LOG_LINES)
            log.reset(public[self._log_base:])
        else:
            log.sync(public[self._log_base:])
        self.show_replay_caption()
        self.show_watch()
        self.render_board()

    def _board_home(self) -> None:
        """A question for another seat at the keyboard, or of another kind, starts with the board
        at its top (the table and that seat's rooms), however far the last one scrolled it."""
        asked = (self.viewer(), self._kind()) if self.my_moves() else None
        if asked is not None and asked != self._asked:
            self._asked = asked
            self.query_one("#wd-scroll", VerticalScroll).scroll_home(animate=False)

    def _draw_seats(self) -> None:
        tv = self._tv if self._tv is not None else wd.table_view(self.seen.state, self.viewer())
        seats = [(s.name, s.is_human, s.level) for s in self.match.header.seats]
        decision = self.seen.decision
        result = self.match.result
        width = self.query_one("#wd-seats").content_region.width or 30
        self._show("#wd-seats", (tv.hives, tv.target, tv.bumblebot, decision.seat if decision else None,
                                 self.thinking, result.summary if result else None, width),
                   lambda: draw_seats(tv, seats, decision.seat if decision else None, self.thinking,
                                      result.summary if result else None, width))

    def seat_details(self) -> list[str]:
        return wd.seat_summaries(self.st)

    def render_board(self) -> None:
        if not self.is_mounted:
            return
        key = (id(self.match.state), self.view_seat, self.picker.key, self.stepping, self.thinking,
               self.steps_paused, self._wide, self._compact, self._hand_view)
        if key == self._rendered:
            return
        self._rendered = key
        seen = self.seen
        viewer = self.viewer()
        lit: list[str] = []
        if self.my_turn() and self.picker.step in (Step.TARGET, Step.ROOM, Step.THREAT, Step.FLOWER):
            lit = self.place_targets(self.picker.die)
        tv = wd.table_view(seen.state, viewer, seen.decision, lit)
        self._tv = tv
        self._render_status(tv, set(lit))
        self._render_recent()
        self._render_pool(tv)
        header = (tv.round, tv.phase, tv.target, tv.queen_deck, tv.eggs, tv.rooms, tv.last_round, tv.edition)
        width = self._column_width()
        self._show("#wd-table", (header, tv.actions, tv.flowers, tv.threats, tv.threat_deck, tv.guardians,
                                 tv.bumblebot.colour if tv.bumblebot else None, self._wide, width),
                   lambda: draw_table(tv, self._wide, width))
        self._draw_mine()
        # the other honeycombs keep their slots, so a new viewer needs no new layout
        others = [h for h in tv.hives if h.seat != self._mine_seat()]
        for slot, hive in enumerate(others):
            self._show(f"#wd-other-{slot}", (hive, tv.target, tv.rolled, False, width),
                       lambda hive=hive: draw_hive(hive, tv, False, width=width))
        if tv.bumblebot is not None:
            bumblebot = tv.bumblebot
            self._show("#wd-bumblebot", (bumblebot, tv.target, tv.rolled), lambda: draw_bumblebot(bumblebot, tv))
        name = tv.hives[viewer].name if viewer is not None else ""
        # (the hand is wrapped here, so that its height is known before a layout pass)
        hand_width = max(20, width or WIDE_COLUMN)
        hint = HAND_BACK if self._hand_view else ""
        note = hand_note(self._public())
        self._show("#wd-hand", (tv.hand, tv.deck_types, name, len(tv.hives), hand_width, hint, self._compact, note),
                   lambda: draw_hand(tv, name, hand_width, hint, self._compact, note))
        self._render_choices()
        self._draw_seats()
        footer = (self.check_action("helper", ()), self.check_action("cards", ()))
        if footer != self._footer:  # (h and k come and go with the position)
            self._footer = footer
            self.refresh_bindings()

    def _show(self, selector: str, key: Any, draw: Any) -> None:
        """Draw a panel only when what it shows changed."""
        if self._drawn.get(selector) == key:
            return
        self._drawn[selector] = key
        self.query_one(selector, TextPanel).show(draw())

    def _column_width(self) -> int:
        """The cells the table and the player's honeycomb have when the board is one column
        (0 when wide): flowers and rooms go in two columns when they fit, so that the action
        cards and the player's rooms show together at 80x24. Found from the screen's width,
        not a laid-out widget's, so that the first drawing is already the right one."""
        if self._wide:
            return 0
        side = self.query_one("#side").outer_size.width or 34
        return self.app.size.width - side - 3  # the board's left padding and a scrollbar

    def _mine_seat(self) -> int:
        """The honeycomb drawn under the table: the keyboard seat's (seat 0's before anyone
        took the keyboard)."""
        viewer = self.viewer()
        return viewer if viewer is not None else 0

    def _draw_mine(self) -> None:
        tv = self._tv
        seat = self._mine_seat()
        if tv is None or seat >= len(tv.hives):
            return
        hive = tv.hives[seat]
        marked = frozenset(self._marked_rooms)
        mine = self.viewer() is not None and self.replay is None  # ("you", and dice to click)
        width = self._column_width()
        self._show("#wd-mine", (hive, tv.target, tv.rolled, mine, marked, width),
                   lambda: draw_hive(hive, tv, mine, marked, width))

    def _render_status(self, tv: wd.TableView, targets: set[str]) -> None:
        text = Text()
        result = self.match.result
        decision = self.seen.decision
        if result is not None:
            text.append(result.summary, style="bold")
        elif self.stepping:
            text.append(f"Round {tv.round} · {tv.phase}: ", style="bold")
            text.append(("steps paused. " if self.steps_paused else "playing out… ") + self.steps_keys(),
                        style="italic")
        elif self.thinking:
            text.append("The computer is thinking…", style="italic")
        elif not self.human_to_move or decision is None or decision.seat != self.seen.seat:
            who = self.match.seat(decision.seat).name if decision is not None else ""
            text.append(f"Waiting for {who}." if who else "")
        elif decision.kind == "turn":
            text.append(f"Round {tv.round} · day · ", style="bold")
            chip = die_chip(self.picker.die or 0, self._colour())
            text.append_text(turn_hint(self.st, self.picker, self.turn(), targets, chip))
        else:
            text.append(f"Round {tv.round} · {tv.phase} · ", style="bold")
            text.append(decision.prompt)
            text.append("  ↑/↓ Enter", style="dim")
            if not self._hand_view and any(wd.is_card_play(m) for m in self.my_moves()):
                text.append(" · k: your cards", style="dim")
        self.query_one("#wd-status", TextPanel).show_text(text)

    def _render_recent(self) -> None:
        """What just happened: the newest lines since the keyboard seat last decided."""
        log = self.seen.log
        since = min(self._since.get(self.seen.seat, max(0, len(log) - 2)), len(log))
        lines = wd.recent_lines(log, since, 2) or wd.recent_lines(log, 0, 1)
        text = Text("Last: ", style="dim")
        text.append(" · ".join(lines), style="italic")
        self.query_one("#wd-recent", TextPanel).show_text(text)

    def _render_pool(self, tv: wd.TableView) -> None:
        row = self.query_one("#wd-pool", DiceRow)
        seat = self.viewer()
        if seat is None or not tv.rolled:
            if seat is None:
                empty = pool_note(self._public())
            else:
                hive = tv.hives[seat]
                empty = f"{hive.dice + hive.volunteer} dice · {NOT_ROLLED} this round"
            row.show([], empty=empty)
            return
        hive = tv.hives[seat]
        mine = self.my_turn()
        placeable = set(self.placeable_dice()) if mine else None
        dice = pool_dice(hive.pool, dice_hex(hive.colour), self.picker, placeable)
        # (the row repaints only when it changed; a name is never markup)
        row.show(dice, compact=self._compact, empty="No dice left to place this round.", title=f"{hive.name}'s dice")

    # -- the list of choices --------------------------------------------------------------
    def _render_choices(self) -> None:
        cl = self.query_one("#wd-choices", ChoiceList)
        before = [c.text.plain for c in self._choices[:1]]
        self._choices = self._build_choices()
        title, empty = self.nothing_to_choose() if not self._choices else ("Choices", "")
        moves = self.my_moves() if self._choices and self._kind() != "turn" else []
        cl.set_choices(self._choices, keep=bool(before) and before == [c.text.plain for c in self._choices[:1]],
                       empty=empty, caption=decision_caption(self.st, moves) if moves else None)
        if self._choices and self.human_to_move and self._kind() != "turn":
            title = "Choices · ↑/↓ Enter"
        elif self._choices and self.my_turn():
            title = "Your turn · ↑/↓ Enter"
        cl.set_title(title)

    def _build_choices(self) -> list[Choice]:
        """The entries of the decision list: each value is a move to submit, or a tuple naming
        a step of the die picker."""
        moves = self.my_moves()
        if not moves:
            return []
        if self._kind() != "turn":
            return decision_choices(self.st, moves)
        return turn_choices(self.st, self._seat(), self.turn(), self.picker, self._colour())

    # -- the flow of play ---------------------------------------------------
    def after_change(self) -> None:
        """Automatic steps that show nothing (handing the turn to the next seat) run at once;
        the rest play out one by one."""
        if self.STEP_DELAY > 0:
            while self.match.decision is None and not self.match.over:
                before = self.match.state
                if not self._quiet_step(before):
                    break
        super().after_change()

    def _quiet_step(self, before: Any) -> bool:
        """Take the next automatic step if it adds no line to anybody's log."""
        nxt = self.match.engine.step(before)
        if nxt is None or len(nxt.log) != len(before.log):
            return False
        self.match.step()
        return True

    def on_human_turn(self) -> None:
        self.refresh_view()
        self._focus_choices()

    def _focus_choices(self) -> None:
        choices = self.query_one("#wd-choices", ChoiceList)
        if self.focused is not choices:
            choices.focus()

    def on_undo(self) -> None:
        self.picker.reset()
        self._picker_state = None

    def _submit(self, move: Any) -> None:
        seat = self.seen.seat
        if self.submit(move):
            self._since[seat] = len(self.match.view(seat).log)
            if self.human_to_move:
                self._focus_choices()

    def select_die(self, value: int) -> None:
        if not self.my_turn():
            self._not_now()
            return
        reason = wd.die_refusal(self.st, self._seat(), value)
        if reason is None and value not in self.placeable_dice():
            reason = f"A die showing {value} has no place to go now."
        if reason is not None:
            self.notify(reason, severity="warning")
            return
        self.picker.pick(value)
        self._show_hand(False)
        self.render_board()
        self.guard_pick()  # (a key typed ahead never takes a place of the new list unseen)

    def place(self, target: str) -> None:
        """Place the picked die on ``target`` through the rules (refusals are explained)."""
        if self.picker.die is None:
            self.notify("Pick a die first: press 1-6 or click one of your dice.", severity="warning")
            return
        self._submit(wd.place_move(self.picker.die, target))

    def _not_now(self) -> None:
        if self.stepping:
            self.notify(f"The night is playing out ({self.steps_keys()}).", severity="warning")
        elif self.thinking:
            self.notify("Wait: the computer is thinking.", severity="warning")
        elif self.match.over:
            self.notify("The game is over.", severity="warning")
        elif self.human_to_move:
            self.notify("Answer the question in the list first (↑/↓ and Enter).", severity="warning")

    # -- the coach's hint --------------------------------------------------------
    def show_hint(self, found: Any) -> None:
        """A day turn's hinted move sits a step or two into the picker: take the
        steps to it (the die, the helper die, the card), then mark it in the list."""
        move = found.move
        if self.my_turn():
            turn = self.turn()
            self.picker.reset(wd.locked_die(self.st))
            if wd.move_place(move) is not None:
                self.picker.pick(move.die)
            elif move in turn.helpers:
                self.picker.helper, self.picker.changed = move.helper, move.die
                self.picker.step = Step.HELPER_VALUE
            elif move in turn.cards:
                ways = [m for m in turn.cards if m.card == move.card]
                self.picker.card = move.card
                self.picker.step = Step.CARD if len(ways) > 1 else Step.CARDS
            self._show_hand(False)
            self.render_board()
        super().show_hint(found)

    # -- keys -------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        key = event.key
        if len(key) != 1 or not (key.isdigit() or key.isalpha()):
            return
        lower = key.lower()
        if self.replay is not None and lower != "k":  # (a replay plays nothing: no word on its keys)
            return
        if lower == "h" and not self.check_action("helper", ()):
            event.stop()  # (not offered in the footer: say why)
            self.notify(wd.helper_refusal(self.st, self.viewer()), severity="warning")
            return
        if lower == "k" and not self.check_action("cards", ()):
            event.stop()
            self.action_cards()  # (it says why there is nothing to show)
            return
        if not (key.isdigit() or lower in "abcdefgrt") or self.shared_keys():
            return
        event.stop()
        event.prevent_default()
        if not self.my_turn():
            self._not_now()
            return
        self.named_key()
        if key.isdigit():
            typed.digit(self, int(key))
        else:
            typed.letter(self, lower)

    def _highlight_choice(self, pred: Any) -> bool:
        """Highlight the first entry whose move ``pred`` accepts (opening its group); False if none.
        (Keys typed ahead wait for it to be drawn: :meth:`guard_pick`.)"""
        path = choice_path(self._choices, pred)
        if path is not None:
            self.query_one("#wd-choices", ChoiceList).reveal(path)
            self.guard_pick()
        return path is not None

    # -- actions ------------------------------------------------------------
    def action_back(self) -> None:
        locked = wd.locked_die(self.st) if self.my_turn() else None
        if self._hand_view:
            while self.my_turn() and self.picker.step in CARD_STEPS and self.picker.back(locked):
                pass
            self._show_hand(False)
            self.render_board()
            return
        if self.my_turn() and self.picker.back(locked):
            self.render_board()
            return
        if (back := wd.back_move(self.my_moves())) is not None:
            self._submit(back)  # (a decision of two steps: its first step is taken back)
            return
        self.action_pause()

    def action_helper(self) -> None:
        if not self.my_turn():
            self._not_now()
            return
        if not self.turn().helpers:
            self.notify(wd.helper_refusal(self.st), severity="warning")
            return
        self.picker.reset()
        self.picker.step = Step.HELPER
        self.render_board()
        self._focus_choices()

    def action_cards(self) -> None:
        """k: bring the keyboard seat's Queen Bee cards into view, with the ones it can play
        now in the list; k again goes back to the table."""
        if self._tv is None or self._tv.hand is None:
            self.notify(hand_note(self._public()), severity="warning")
            return
        if self._hand_view:
            self.action_back()
            return
        self._show_hand(True)
        if self.my_turn() and self.turn().cards:
            self._open_cards()
        elif self._highlight_choice(wd.is_card_play):
            self._focus_choices()
        elif self.replay is None:  # (a replay only shows them)
            self.notify(wd.hand_refusal(self.st, self.viewer()))
        self.render_board()

    def _open_cards(self) -> None:
        """The day turn's list of card plays."""
        if not self.turn().cards:
            self.notify(wd.hand_refusal(self.st, self.viewer()), severity="warning")
            return
        self.picker.step = Step.CARDS
        self.render_board()
        self._focus_choices()

    def _show_hand(self, shown: bool) -> None:
        """Scroll the board to the hand (or back to the table's top)."""
        if shown == self._hand_view:
            return
        self._hand_view = shown
        scroll = self.query_one("#wd-scroll", VerticalScroll)
        if shown:
            hand = self.query_one("#wd-hand")

            def to_hand() -> None:  # once the hand is laid out (and if it is still wanted)
                if self._hand_view:
                    scroll.scroll_to_widget(hand, animate=False, top=True)

            self.call_after_refresh(to_hand)
        else:
            scroll.scroll_home(animate=False)

    # -- choosing from the list and the board -------------------------------------
    @on(ChoiceList.Selected, "#wd-choices")
    def _chosen(self, event: ChoiceList.Selected) -> None:
        event.stop()
        self._do_choice(event.choice.value)

    @on(ChoiceList.Highlighted, "#wd-choices")
    def _highlighted(self, event: ChoiceList.Highlighted) -> None:
        event.stop()
        action = event.choice.value
        rooms = set() if isinstance(action, tuple) else wd.move_rooms(action)
        if rooms != self._marked_rooms:
            self._marked_rooms = rooms
            self._draw_mine()

    def _do_choice(self, action: Action) -> None:
        if not isinstance(action, tuple):
            self._submit(action)
            return
        what = action[0]
        if what == "die":
            self.select_die(action[1])
        elif action == CARDS_ENTRY:
            self._show_hand(True)
            self._open_cards()
        elif what == "mode":
            self.action_helper()
        elif what == "helper":
            self.picker.helper, self.picker.step = action[1], Step.HELPER_DIE
        elif what == "helper_die":
            self.picker.changed, self.picker.step = action[1], Step.HELPER_VALUE
        elif what == "card":
            self.picker.card, self.picker.step = action[1], Step.CARD
        elif what == "back":
            self.action_back()
        self.render_board()

    @on(DiceRow.Clicked, "#wd-pool")
    def _pool_clicked(self, event: DiceRow.Clicked) -> None:
        row = event.row
        if not 0 <= event.index < len(row.dice):
            return
        value = row.dice[event.index].value
        if self.picker.step in HELPER_STEPS and self.my_turn():
            typed.digit(self, value)
        else:
            self.select_die(value)

    @on(TextPanel.Picked)
    def _board_clicked(self, event: TextPanel.Picked) -> None:
        target = event.target
        if target.startswith("die"):
            self.select_die(int(target[3:]))
            return
        if not self.human_to_move:
            self._not_now()
            return
        if not self.my_turn():
            # another question is open: point at its choices for this room
            if target[0] == "R" and target[1:].isdigit():
                room = int(target[1:])
                self._highlight_choice(lambda a: room in wd.move_rooms(a))
            return
        if target in set("ABCDEFG"):
            if self.picker.die is None:
                self.notify("Pick a die first: press 1-6 or click one of your dice.", severity="warning")
            elif target in "ACEG":
                self.place(f"{target}{self.picker.die}")
            elif target == "D":
                typed.letter(self, "d")
            else:
                typed.letter(self, "r")
            return
        if self.picker.die is None and target[0] in "ACDEG":
            value = int(target[1:])
            if value in self.placeable_dice():
                self.picker.pick(value)
        self.place(target)
