"""The Waggle Dance screen (both editions): the table, the honeycombs, the dice, the choices.

Placing a die is two choices: the die (keys 1-6, a click, or the list), then
where it goes (a letter key, R and a room number, T for a threat, a click, or
the list). :class:`DiePicker` keeps where the player is in that choice. Every
other decision (storing nectar, trades, eggs, card offers and windows,
rewards, losses) is the list of its legal moves, described by the game, so
that any decision can be made with the keyboard or the mouse.

The screen draws only the keyboard seat's view of the game (``self.seen``)
and reads it only through :mod:`beegames.games.waggle_dance.view`. It renders
once per change: a new state, a step of the picker, a new size; each widget
repaints only what changed.

The night (and Bumblebot's turns) play out as automatic steps shown one at a
time; Space runs the rest at once, ``p`` pauses them and ``n`` then steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header

from ...core.match import Match
from ...games.waggle_dance import view as wd
from ..widgets.choices import ChoiceList
from ..widgets.dice import DiceRow, DieView, die_chip
from ..widgets.panels import GameLog
from ..widgets.waggle import (
    TailLog,
    TextPanel,
    dice_hex,
    draw_bumblebot,
    draw_hand,
    draw_hive,
    draw_seats,
    draw_table,
    nectar_chip,
)
from .game import GameScreen

#: Lines the log panel is refilled with when another seat takes the keyboard.
LOG_LINES = 120
#: Choices that are steps of the die picker rather than moves.
Action = Any


class Step(Enum):
    DIE = auto()          # pick a die (or h: helper, k: cards)
    TARGET = auto()       # a die is picked: where does it go?
    ROOM = auto()         # ... which of your rooms (a digit)
    THREAT = auto()       # ... which threat (a digit)
    HELPER = auto()       # helper die: the die spent
    HELPER_DIE = auto()   # helper die: the die changed
    HELPER_VALUE = auto()  # helper die: its new value
    CARDS = auto()        # a Queen Bee card to play
    CARD = auto()         # how to play it


@dataclass
class DiePicker:
    """Where the player is in placing a die on a day turn."""

    step: Step = Step.DIE
    die: int | None = None
    helper: int | None = None
    changed: int | None = None
    card: str | None = None

    def reset(self, locked: int | None = None) -> None:
        self.step, self.die, self.helper, self.changed, self.card = Step.DIE, None, None, None, None
        if locked is not None:
            self.pick(locked)

    def pick(self, value: int) -> None:
        self.step, self.die = Step.TARGET, value

    def back(self, locked: int | None) -> bool:
        """One step back; False when there is nothing to back out of."""
        back = {Step.ROOM: Step.TARGET, Step.THREAT: Step.TARGET, Step.HELPER_VALUE: Step.HELPER_DIE,
                Step.HELPER_DIE: Step.HELPER, Step.HELPER: Step.DIE, Step.CARD: Step.CARDS,
                Step.CARDS: Step.TARGET if self.die is not None else Step.DIE}
        if self.step in back:
            self.step = back[self.step]
            return True
        if self.step is Step.TARGET and locked is None:
            self.step, self.die = Step.DIE, None
            return True
        return False

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.step, self.die, self.helper, self.changed, self.card)


class WaggleDanceScreen(GameScreen):
    """Waggle Dance: the table, every honeycomb, and the decision list."""

    STEP_DELAY = 0.4

    BINDINGS = [
        Binding("escape", "back", "Back / Menu", id="wd.back"),
        Binding("h", "helper", "Helper die", id="wd.helper"),
        Binding("k", "cards", "Cards", id="wd.cards", show=False),
        Binding("u", "undo", "Undo", show=False),
    ]
    EXTRA_HELP = [
        ("1-6, click a die", "Pick a die of that value from your pool"),
        ("A C D E G", "Put the picked die on that action"),
        ("R (or B, F), 0-9", "Put the picked die in that room (B/F pairs)"),
        ("T (then 0-9)", "Put the picked die on a threat"),
        ("click a lit place", "Put the picked die there"),
        ("↑/↓, Enter", "Choose from the list (every decision)"),
        ("h", "Helper die (2022): spend one to change another"),
        ("k", "Play a Queen Bee card (those playable now)"),
        ("Space", "Run the automatic steps (night, Bumblebot)"),
        ("p / n", "Pause automatic steps / take one step"),
        ("Tab", "Switch between the list and the board"),
        ("Esc", "Back out of a choice, or open the menu"),
        ("u or ctrl+z", "Undo (not past dice rolls or cards drawn)"),
    ]

    def __init__(self, match: Match[Any, Any], save_path: Path) -> None:
        super().__init__(match, save_path)
        self.picker = DiePicker()
        self._picker_state: Any = None
        self._choices: list[tuple[Text, Action]] = []
        self._choice_labels: list[str] = []
        self._rendered: tuple[Any, ...] | None = None
        self._panel_key: tuple[Any, ...] | None = None
        self._marked_rooms: set[int] = set()
        self._tv: wd.TableView | None = None
        self._drawn: dict[str, Any] = {}
        self._log_base = 0
        self._wide = False
        self._compact = False
        #: log length (as each seat sees it) when that seat last decided
        self._since: dict[int | None, int] = {}

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
        yield Footer()

    def compose_board(self) -> ComposeResult:
        yield TextPanel(id="wd-status", wrap=True)
        yield TextPanel(id="wd-recent", fixed=True)
        yield DiceRow(id="wd-pool")
        with VerticalScroll(id="wd-scroll"):
            with Horizontal(id="wd-cols"):
                with Vertical(classes="wd-col", id="wd-col-table"):
                    yield TextPanel(id="wd-table")
                    yield TextPanel(id="wd-mine", classes="wd-hive")
                with Vertical(classes="wd-col", id="wd-col-hives"):
                    for slot in range(len(self.match.header.seats) - 1):
                        yield TextPanel(id=f"wd-other-{slot}", classes="wd-hive")
                    if wd.has_bumblebot(self.st):
                        yield TextPanel(id="wd-bumblebot", classes="wd-hive")
                    yield TextPanel(id="wd-hand")

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
        self.query_one("#wd-pool", DiceRow).compact = self._compact
        self._rendered = None
        if self.is_mounted:
            self.refresh_view()

    # -- reading the game (the keyboard seat's view only) ----------------------------------
    @property
    def st(self) -> wd.Table:
        state: wd.Table = self.seen.state
        return state

    def _kind(self) -> str | None:
        d = self.seen.decision
        return None if d is None else d.kind

    def viewer(self) -> int | None:
        """The human seat whose pool and hand may be shown now, if any."""
        return self.view_seat

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

    # -- rendering, once per change -----------------------------------------------------
    def refresh_view(self) -> None:
        state = self.match.state
        if state is not self._picker_state:
            self._picker_state = state
            self.picker.reset(wd.locked_die(self.st) if self.my_turn() else None)
            self._marked_rooms = set()
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
        self.render_board()

    def _draw_seats(self) -> None:
        tv = self._tv if self._tv is not None else wd.table_view(self.seen.state, self.viewer())
        seats = [(s.name, s.is_human, s.level) for s in self.match.header.seats]
        decision = self.seen.decision
        result = self.match.result
        self._show("#wd-seats", (tv.hives, tv.target, tv.bumblebot, decision.seat if decision else None,
                                 self.thinking, result.summary if result else None),
                   lambda: draw_seats(tv, seats, decision.seat if decision else None, self.thinking,
                                      result.summary if result else None))

    def seat_details(self) -> list[str]:
        return wd.seat_summaries(self.st)

    def render_board(self) -> None:
        if not self.is_mounted:
            return
        key = (id(self.match.state), self.view_seat, self.picker.key, self.stepping, self.thinking,
               self.steps_paused, self._wide, self._compact)
        if key == self._rendered:
            return
        self._rendered = key
        seen = self.seen
        viewer = self.viewer()
        lit: list[str] = []
        if self.my_turn() and self.picker.step in (Step.TARGET, Step.ROOM, Step.THREAT):
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
            self._show(f"#wd-other-{slot}", (hive, tv.target, False, width),
                       lambda hive=hive: draw_hive(hive, tv, False, width=width))
        if tv.bumblebot is not None:
            bumblebot = tv.bumblebot
            self._show("#wd-bumblebot", (bumblebot, tv.target), lambda: draw_bumblebot(bumblebot, tv))
        name = tv.hives[viewer].name if viewer is not None else ""
        width = max(20, self.query_one("#wd-hand").size.width or 44)
        self._show("#wd-hand", (tv.hand, tv.deck_types, name, len(tv.hives), width),
                   lambda: draw_hand(tv, name, width))
        self._render_choices()
        self._draw_seats()

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
        mine = self.viewer() is not None
        width = self._column_width()
        self._show("#wd-mine", (hive, tv.target, mine, marked, width),
                   lambda: draw_hive(hive, tv, mine, marked, width))

    def _render_status(self, tv: wd.TableView, targets: set[str]) -> None:
        text = Text()
        result = self.match.result
        decision = self.seen.decision
        if result is not None:
            text.append(result.summary, style="bold")
        elif self.stepping:
            text.append(f"Round {tv.round} · {tv.phase}: ", style="bold")
            if self.steps_paused:
                text.append("steps paused. n: next step · p: resume · Space: run all", style="italic")
            else:
                text.append("playing out… Space: run all · p: pause", style="italic")
        elif self.thinking:
            text.append("The computer is thinking…", style="italic")
        elif not self.human_to_move or decision is None or decision.seat != self.seen.seat:
            who = self.match.seat(decision.seat).name if decision is not None else ""
            text.append(f"Waiting for {who}." if who else "")
        elif decision.kind == "turn":
            text.append(f"Round {tv.round} · day · ", style="bold")
            text.append_text(self._turn_hint(targets))
        else:
            text.append(f"Round {tv.round} · {tv.phase} · ", style="bold")
            text.append(decision.prompt)
            text.append("  ↑/↓ Enter", style="dim")
        self.query_one("#wd-status", TextPanel).show_text(text)

    def _render_recent(self) -> None:
        """What just happened: the newest lines since the keyboard seat last decided."""
        log = self.seen.log
        since = min(self._since.get(self.seen.seat, max(0, len(log) - 2)), len(log))
        lines = wd.recent_lines(log, since, 2) or log[-1:]
        text = Text("Last: ", style="dim")
        text.append(" · ".join(lines), style="italic")
        self.query_one("#wd-recent", TextPanel).show_text(text)

    def _turn_hint(self, targets: set[str]) -> Text:
        t = Text()
        step = self.picker.step
        if step is Step.ROOM:
            # (the lit rooms carry ▶ on the board: listing them here could take a third line)
            t.append(f"Room for your {self.picker.die}: press the number of a lit ")
            t.append("▶", style="bold")
            t.append(" room. Esc: back")
        elif step is Step.THREAT:
            t.append(f"Threat for your {self.picker.die}: press its number. Esc: back")
        elif step is Step.HELPER:
            t.append("Helper die: which die do you spend as the helper? (1-6) Esc: back")
        elif step is Step.HELPER_DIE:
            t.append(f"Helper {self.picker.helper}: which die do you change? (1-6) Esc: back")
        elif step is Step.HELPER_VALUE:
            t.append(f"Turn your {self.picker.changed} into…? (1-6) Esc: back")
        elif step in (Step.CARDS, Step.CARD):
            t.append("Choose a Queen Bee card to play. Esc: back")
        elif step is Step.TARGET and self.picker.die is not None:
            t.append("Die ")
            t.append_text(die_chip(self.picker.die, dice_hex(wd.dice_colour(self.st, self._seat()))))
            t.append(" → lit places: ")
            t.append(self._target_keys(targets), style="bold")
            if wd.locked_die(self.st) is None:
                t.append(" · Esc: other die", style="dim")
        else:
            t.append("Pick a die: 1-6 or click")
            turn = self.turn()
            if turn.helpers:
                t.append(" · h: helper", style="dim")
            if turn.cards:
                t.append(" · k: cards", style="dim")
        return t

    @staticmethod
    def _target_keys(targets: set[str]) -> str:
        keys = [letter for letter in "ACDEG" if any(x[0] == letter for x in targets)]
        if any(x[0] == "R" for x in targets):
            keys.append("R+room")
        if any(x[0] == "T" for x in targets):
            keys.append("T")
        return " ".join(keys)

    def _seat(self) -> int:
        d = self.seen.decision
        if d is not None:
            return d.seat
        v = self.viewer()
        return v if v is not None else 0

    def _render_pool(self, tv: wd.TableView) -> None:
        row = self.query_one("#wd-pool", DiceRow)
        seat = self.viewer()
        if seat is None:
            row.empty = "(the next player's dice appear after the hand-off)"
            row.show([])
            return
        hive = tv.hives[seat]
        colour = dice_hex(hive.colour)
        mine = self.my_turn()
        placeable = set(self.placeable_dice()) if mine else set()
        helper_steps = (Step.HELPER, Step.HELPER_DIE, Step.HELPER_VALUE)
        dice = []
        marked = False
        for v in hive.pool:
            sel = not marked and mine and v == self.picker.die and self.picker.step not in helper_steps
            marked = marked or sel
            dim = mine and v not in placeable
            if mine and self.picker.step in helper_steps:
                sel = ((v == self.picker.helper and self.picker.step is not Step.HELPER)
                       or (v == self.picker.changed and self.picker.step is Step.HELPER_VALUE))
                dim = False
            dice.append(DieView(v, colour, selected=sel, dim=dim))
        row.empty = f"{hive.name} has no dice left in the pool this round."
        row.border_title = Text(f"{hive.name}'s dice")  # a name is never markup
        if [(d.value, d.selected, d.dim) for d in dice] != [(d.value, d.selected, d.dim) for d in row.dice] \
                or row.compact != self._compact:
            row.show(dice, compact=self._compact)

    # -- the list of choices --------------------------------------------------------------
    def _render_choices(self) -> None:
        cl = self.query_one("#wd-choices", ChoiceList)
        self._choices = self._build_choices()
        labels = [label for label, _ in self._choices]
        keep = bool(self._choice_labels[:1]) and self._choice_labels[:1] == [str(x) for x in labels[:1]]
        self._choice_labels = [str(x) for x in labels]
        cl.set_choices(labels, keep=keep)
        if self.human_to_move and self._kind() != "turn":
            cl.border_title = "Choices · ↑/↓ Enter"
        elif self.my_turn():
            cl.border_title = "Your turn · ↑/↓ Enter"
        else:
            cl.border_title = "Choices"

    def _follow_log(self) -> None:
        """The log keeps its newest line in view when the list above it changes size."""
        self.query_one(GameLog).scroll_end(animate=False)

    def _build_choices(self) -> list[tuple[Text, Action]]:
        """(label, action) pairs. An action is a move to submit, or a tuple naming a
        step of the die picker."""
        moves = self.my_moves()
        if not moves:
            return []
        st = self.st
        if self._kind() != "turn":
            return [(self._move_label(m), m) for m in moves]
        out: list[tuple[Text, Action]] = []
        turn = self.turn()
        colour = dice_hex(wd.dice_colour(st, self._seat()))
        step = self.picker.step
        back = (Text("← back"), ("back",))
        if step is Step.HELPER:
            for h in sorted({m.helper for m in turn.helpers}):
                out.append((self._die_label(h, colour, "spend as the helper"), ("helper", h)))
            return [*out, back]
        if step is Step.HELPER_DIE:
            for d in sorted({m.die for m in turn.helpers if m.helper == self.picker.helper}):
                out.append((self._die_label(d, colour, "change this die"), ("helper_die", d)))
            return [*out, back]
        if step is Step.HELPER_VALUE:
            for m in turn.helpers:
                if m.helper == self.picker.helper and m.die == self.picker.changed:
                    out.append((self._die_label(m.value, colour, f"turn the {m.die} into a {m.value}"), m))
            return [*out, back]
        if step is Step.CARDS:
            groups: dict[str, list[Any]] = {}
            for play in turn.cards:
                groups.setdefault(play.card, []).append(play)
            for cid, ms in groups.items():
                name, effect = wd.card_name_text(cid, st.options.ruleset)
                if len(ms) == 1:
                    out.append((Text(f"Play {name}: ") + Text(effect, style="dim"), ms[0]))
                else:
                    out.append((Text(f"Play {name}… ({len(ms)} ways)"), ("card", cid)))
            return [*out, back]
        if step is Step.CARD:
            out = [(Text(wd.move_label(st, m)), m) for m in turn.cards if m.card == self.picker.card]
            return [*out, back]
        if step is Step.DIE or self.picker.die is None:
            for v in turn.dice:
                n = len(turn.targets[v])
                out.append((self._die_label(v, colour, f"pick · {n} places"), ("die", v)))
            if turn.helpers:
                out.append((Text("[h] Helper die… change a die"), ("mode", "helper")))
            if turn.cards:
                out.append((Text("[k] Queen Bee cards…"), ("mode", "cards")))
            return out
        die = self.picker.die
        for t in turn.targets.get(die, ()):
            out.append((self._target_label(t), wd.place_move(die, t)))
        if turn.cards:
            out.append((Text("[k] Queen Bee cards…"), ("mode", "cards")))
        if turn.locked is None:
            out.append((Text("← pick another die"), ("back",)))
        return out

    def _move_label(self, move: wd.Move) -> Text:
        label = Text()
        colour = getattr(move, "colour", None)
        st = self.st
        if isinstance(colour, int) and 0 <= colour < 6:
            label.append_text(nectar_chip(wd.nectar_view(st, colour)))
            label.append(" ")
        label.append(wd.move_label(st, move))
        return label

    @staticmethod
    def _die_label(v: int, colour: str, what: str) -> Text:
        t = Text(f"[{v}] ")
        t.append_text(die_chip(v, colour))
        t.append(f" {what}")
        return t

    def _target_label(self, t: str) -> Text:
        key = {"A": "[A]", "C": "[C]", "D": "[D]", "E": "[E]", "G": "[G]", "R": f"[R {t[1:]}]", "T": "[T]"}[t[0]]
        label = Text(key + " ", style="bold")
        label.append(wd.place_label(self.st, self._seat(), self.picker.die or 0, t))
        return label

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
        locked = wd.locked_die(self.st)
        if locked is not None and value != locked:
            self.notify(f"First place the die you just changed (it shows {locked}).", severity="warning")
            return
        if value not in self.placeable_dice():
            pool = wd.seat_pool(self.st, self._seat())
            self.notify(f"You have no die showing {value} (your dice: {' '.join(map(str, sorted(pool)))}).",
                        severity="warning")
            return
        self.picker.pick(value)
        self.render_board()

    def place(self, target: str) -> None:
        """Place the picked die on ``target`` through the rules (refusals are explained)."""
        if self.picker.die is None:
            self.notify("Pick a die first: press 1-6 or click one of your dice.", severity="warning")
            return
        self._submit(wd.place_move(self.picker.die, target))

    def _not_now(self) -> None:
        if self.stepping:
            self.notify("The night is playing out (Space runs it all).", severity="warning")
        elif self.thinking:
            self.notify("Wait: the computer is thinking.", severity="warning")
        elif self.match.over:
            self.notify("The game is over.", severity="warning")
        elif self.human_to_move:
            self.notify("Answer the question in the list first (↑/↓ and Enter).", severity="warning")

    # -- keys -------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        key = event.key
        if len(key) != 1 or not (key.isdigit() or key.isalpha()):
            return
        lower = key.lower()
        if not (key.isdigit() or lower in "abcdefgrt"):
            return
        event.stop()
        event.prevent_default()
        if not self.my_turn():
            self._not_now()
            return
        if key.isdigit():
            self._digit(int(key))
        else:
            self._letter(lower)

    def _digit(self, d: int) -> None:
        step = self.picker.step
        if step is Step.ROOM:
            self.place(f"R{d}")
            return
        if step is Step.THREAT:
            self.place(f"T{d}")
            return
        if not 1 <= d <= 6:
            self.notify("Dice show 1 to 6.", severity="warning")
            return
        helpers = self.turn().helpers
        if step is Step.HELPER:
            if d not in {m.helper for m in helpers}:
                self.notify(f"No die showing {d} can be the helper.", severity="warning")
                return
            self.picker.helper, self.picker.step = d, Step.HELPER_DIE
        elif step is Step.HELPER_DIE:
            if d not in {m.die for m in helpers if m.helper == self.picker.helper}:
                self.notify(f"You have no other die showing {d} to change.", severity="warning")
                return
            self.picker.changed, self.picker.step = d, Step.HELPER_VALUE
        elif step is Step.HELPER_VALUE:
            move = next((m for m in helpers if m.helper == self.picker.helper and m.die == self.picker.changed
                         and m.value == d), None)
            if move is None:
                self.notify("Choose a new value that differs from the die's value.", severity="warning")
                return
            self._submit(move)
            return
        else:
            self.select_die(d)
            return
        self.render_board()

    def _letter(self, letter: str) -> None:
        step = self.picker.step
        if step in (Step.HELPER, Step.HELPER_DIE, Step.HELPER_VALUE, Step.CARDS, Step.CARD):
            self.notify("Finish or leave this choice first (Esc).", severity="warning")
            return
        if self.picker.die is None:
            self.notify("Pick a die first: press 1-6 or click one of your dice.", severity="warning")
            return
        targets = self.place_targets(self.picker.die)
        v = self.picker.die
        if letter in "aceg":
            self.place(f"{letter.upper()}{v}")
        elif letter == "d":
            flowers = [t for t in targets if t[0] == "D"]
            if len(flowers) > 1 and f"D{v}" not in flowers:
                self._highlight_choice(lambda a: getattr(a, "target", "x")[0] == "D")
                self.notify("Choose the flower in the list.")
                return
            self.place(f"D{v}" if f"D{v}" in flowers or not flowers else flowers[0])
        elif letter in "bfr":
            if not any(t[0] == "R" for t in targets):
                self.notify("You have no room to place this die in.", severity="warning")
                return
            self.picker.step = Step.ROOM
            self.render_board()
            self._highlight_choice(lambda a: str(getattr(a, "target", "x")).startswith("R"))
        elif letter == "t":
            threats = [t for t in targets if t[0] == "T"]
            if not threats:
                self.notify("There is no threat with a free space to fight.", severity="warning")
                return
            if len(threats) == 1:
                self.place(threats[0])
                return
            self.picker.step = Step.THREAT
            self.render_board()
            self._highlight_choice(lambda a: str(getattr(a, "target", "x")).startswith("T"))

    def _highlight_choice(self, pred: Any) -> None:
        for i, (_label, action) in enumerate(self._choices):
            if not isinstance(action, tuple) and pred(action):
                self.query_one("#wd-choices", ChoiceList).highlight(i)
                return

    # -- actions ------------------------------------------------------------
    def action_back(self) -> None:
        locked = wd.locked_die(self.st) if self.my_turn() else None
        if self.my_turn() and self.picker.back(locked):
            self.render_board()
            return
        self.action_pause()

    def action_helper(self) -> None:
        if not self.my_turn():
            self._not_now()
            return
        if not self.turn().helpers:
            if wd.is_first_edition(self.st):
                reason = "The first edition has no helper dice."
            elif wd.locked_die(self.st) is not None:
                reason = "You must first place the die you changed."
            else:
                reason = "Your last die cannot be a helper."
            self.notify(reason, severity="warning")
            return
        self.picker.reset()
        self.picker.step = Step.HELPER
        self.render_board()
        self._focus_choices()

    def action_cards(self) -> None:
        if not self.my_turn():
            self._not_now()
            return
        if not self.turn().cards:
            seat = self.viewer()
            self.notify("None of your Queen Bee cards can be played now." if wd.hand_size(self.st, seat)
                        else "You hold no Queen Bee cards.", severity="warning")
            return
        self.picker.step = Step.CARDS
        self.render_board()
        self._focus_choices()

    # -- choosing from the list and the board -------------------------------------
    @on(ChoiceList.Selected, "#wd-choices")
    def _chosen(self, event: ChoiceList.Selected) -> None:
        event.stop()
        if 0 <= event.index < len(self._choices):
            self._do_choice(self._choices[event.index][1])

    @on(ChoiceList.Highlighted, "#wd-choices")
    def _highlighted(self, event: ChoiceList.Highlighted) -> None:
        event.stop()
        if not 0 <= event.index < len(self._choices):
            return
        action = self._choices[event.index][1]
        rooms = set()
        if not isinstance(action, tuple) and getattr(action, "kind", "") != "place":
            for attr in ("room", "src", "dst"):
                r = getattr(action, attr, None)
                if isinstance(r, int):
                    rooms.add(r)
        if rooms != self._marked_rooms:
            self._marked_rooms = rooms
            self._draw_mine()

    def _do_choice(self, action: Action) -> None:
        if isinstance(action, tuple):
            what = action[0]
            if what == "die":
                self.select_die(action[1])
            elif what == "mode":
                if action[1] == "helper":
                    self.action_helper()
                else:
                    self.action_cards()
            elif what == "helper":
                self.picker.helper, self.picker.step = action[1], Step.HELPER_DIE
                self.render_board()
            elif what == "helper_die":
                self.picker.changed, self.picker.step = action[1], Step.HELPER_VALUE
                self.render_board()
            elif what == "card":
                self.picker.card, self.picker.step = action[1], Step.CARD
                self.render_board()
            elif what == "back":
                self.action_back()
            return
        self._submit(action)

    @on(DiceRow.Clicked, "#wd-pool")
    def _pool_clicked(self, event: DiceRow.Clicked) -> None:
        row = event.row
        if not 0 <= event.index < len(row.dice):
            return
        value = row.dice[event.index].value
        if self.picker.step in (Step.HELPER, Step.HELPER_DIE, Step.HELPER_VALUE) and self.my_turn():
            self._digit(value)
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
                self._highlight_choice(lambda a: room in (getattr(a, "room", None), getattr(a, "src", None),
                                                          getattr(a, "dst", None)))
            return
        if target in set("ABCDEFG"):
            if self.picker.die is None:
                self.notify("Pick a die first: press 1-6 or click one of your dice.", severity="warning")
            elif target in "ACEG":
                self.place(f"{target}{self.picker.die}")
            elif target == "D":
                self._letter("d")
            else:
                self._letter("r")
            return
        if self.picker.die is None and target[0] in "ACDEG":
            value = int(target[1:])
            if value in self.placeable_dice():
                self.picker.pick(value)
        self.place(target)
