"""The Waggle Dance screen: action cards, flowers, honeycombs, dice pools.

Placing a die is two choices: the die (keys 1-6, a click on it, or the
list), then where it goes (a letter key, R and a room number, T for a
threat, a click on the board, or the list). The places the selected die may
go are worked out from ``engine.legal_moves(state)`` and lit up. Helper dice
(``h``) and Queen Bee card plays (``k``) are short lists built from the legal
moves too. Every other decision of the game (storing nectar, trades, eggs,
card offers, rewards, losses) is the list of its legal moves, each described
by the engine, so that any decision can be made with the keyboard or the
mouse.

The night (and Bumblebot's turns) resolve as automatic steps shown one at a
time; Space runs the rest at once, ``p`` pauses them and ``n`` then steps.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...games.waggle_dance.data import colour_label, colour_name, game_data, queen_names, solo_cards
from ...games.waggle_dance.models import (
    BOT,
    EGG,
    HelperMove,
    PlaceMove,
    PlayMove,
    WaggleDanceState,
)
from ..widgets.dice import DiceRow, DieView, die_chip, text_colour_on
from ..widgets.panels import SEAT_COLOURS
from .game import GameScreen

#: Screen colour of each nectar colour (flowers 1-6); the name tag is always shown too.
NECTAR_COLOURS = ["#e5484d", "#f38fc0", "#9d6bde", "#eeeeee", "#f2c94c", "#46b96b"]
BOT_COLOUR = "#c0a0ff"
HONEY_STYLE = "bold #3a2a00 on #f0b400"
TARGET_STYLE = "bold #101010 on #7fd36e"
HOT_STYLE = "bold #101010 on #f0b400"

ACTION_LABELS = {
    "A": "Room tile",
    "B": "Hatch egg",
    "C": "Claim egg",
    "D": "Nectar",
    "E": "Trade",
    "F": "Honey/move",
    "G": "Queen card",
}
ACTION_WHAT = {
    "A": "take a room tile",
    "C": "claim an egg",
    "E": "trade for nectar",
    "G": "draw a Queen Bee card",
}
#: Decisions about the contents of rooms: the honeycomb is brought into view.
ROOM_DECISIONS = {"shuffle", "move", "egg", "nectar", "trade", "trade2", "gain", "honey_card",
                  "expertise_b", "expertise_f", "lose_nectar", "lose_room"}
PENALTY_TEXT = {"egg": "lose an egg", "die": "lose a die", "nectar": "lose a nectar", "room": "lose a room",
                "none": "no effect"}


def owner_colour(owner: int) -> str:
    if owner >= 0:
        return SEAT_COLOURS[owner % len(SEAT_COLOURS)]
    if owner == BOT:
        return BOT_COLOUR
    return "#6b6b6b"


def owner_chip(owner: int, value: int, *, highlight: bool = False) -> Text:
    return die_chip(value, owner_colour(owner), blocker=owner < BOT, highlight=highlight)


def nectar_chip(colour: int, text: str | None = None) -> Text:
    back = NECTAR_COLOURS[colour]
    return Text(text if text is not None else colour_label(colour),
                style=f"bold {text_colour_on(back)} on {back}")


# ---------------------------------------------------------------------------
# a text board with clickable places


@dataclass
class Canvas:
    """Lines of styled text, remembering which cells stand for which target."""

    lines: list[Text] = field(default_factory=lambda: [Text()])
    spots: list[tuple[int, int, int, str]] = field(default_factory=list)

    @property
    def y(self) -> int:
        return len(self.lines) - 1

    def add(self, text: Text | str, style: str = "", target: str | None = None) -> None:
        piece = text if isinstance(text, Text) else Text(text, style=style)
        line = self.lines[-1]
        x0 = line.cell_len
        line.append_text(piece)
        if target is not None:
            self.spots.append((self.y, x0, line.cell_len, target))

    def line_target(self, target: str) -> None:
        """The whole current line (so far and to come) stands for ``target``."""
        self.spots.append((self.y, -1, 10_000, target))

    def newline(self) -> None:
        self.lines.append(Text())

    def text(self) -> Text:
        lines = self.lines[:-1] if not self.lines[-1].plain and len(self.lines) > 1 else self.lines
        out = Text("\n").join(lines)
        out.no_wrap = True
        out.overflow = "crop"
        return out


class BoardText(Static):
    """A board drawn as text; clicks on a place post :class:`BoardText.Clicked`."""

    class Clicked(Message):
        def __init__(self, target: str) -> None:
            super().__init__()
            self.target = target

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.spots: list[tuple[int, int, int, str]] = []

    def show(self, canvas: Canvas) -> None:
        self.spots = list(canvas.spots)
        self.update(canvas.text())

    def target_at(self, x: int, y: int) -> str | None:
        exact = [t for (ly, x0, x1, t) in self.spots if ly == y and x0 >= 0 and x0 <= x < x1]
        if exact:
            return exact[0]
        whole = [t for (ly, x0, _x1, t) in self.spots if ly == y and x0 < 0]
        return whole[0] if whole else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.target_at(offset.x, offset.y)
        if target is not None:
            event.stop()
            self.post_message(self.Clicked(target))


# ---------------------------------------------------------------------------


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
        ("h", "Helper die: spend one to change another"),
        ("k", "Play a Queen Bee card (those playable now)"),
        ("Space", "Run the automatic steps (night, Bumblebot)"),
        ("p / n", "Pause automatic steps / take one step"),
        ("Tab", "Switch between the list and the board"),
        ("Esc", "Back out of a choice, or open the menu"),
        ("u or ctrl+z", "Undo (not past dice rolls or cards drawn)"),
    ]

    def __init__(self, match, save_path) -> None:
        super().__init__(match, save_path)
        self.sel_die: int | None = None
        #: "" | "room" | "threat" | "helper" | "helper_die" | "helper_value" | "cards" | "card"
        self.mode = ""
        self.h_helper: int | None = None
        self.h_die: int | None = None
        self.card_group: str | None = None
        self._last_kind: str | None = None
        self._choices: list[tuple[str, Any]] = []
        self._marked_rooms: set[int] = set()

    # -- layout -----------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield Static("", id="wd-status")
        yield DiceRow(id="wd-pool")
        with VerticalScroll(id="wd-scroll"):
            with Horizontal(id="wd-cols"):
                with Vertical(classes="wd-col", id="wd-col-table"):
                    yield BoardText(id="wd-table")
                with Vertical(classes="wd-col", id="wd-col-hives"):
                    for seat in range(len(self.match.header.seats)):
                        yield BoardText(id=f"wd-hive-{seat}", classes="wd-hive")
                    if self.st.bot is not None:
                        yield BoardText(id="wd-bot", classes="wd-hive")
                    yield Static("", id="wd-hand")

    def compose_side(self) -> ComposeResult:
        yield OptionList(id="wd-choices")

    def on_mount(self) -> None:
        self.query_one("#log").border_title = "Log"
        self.query_one("#wd-choices", OptionList).border_title = "Choices"
        self._apply_size()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size()

    def _apply_size(self) -> None:
        size = self.app.size
        cols = self.query_one("#wd-cols")
        cols.set_class(size.width >= 110, "wide")
        self.query_one("#wd-pool", DiceRow).compact = size.height < 32
        if self.is_mounted:
            self.render_board()

    # -- reading the state ----------------------------------------------------
    @property
    def st(self) -> WaggleDanceState:
        """The game as the human at the keyboard may see it."""
        state: WaggleDanceState = self.seen.state
        return state

    def _kind(self) -> str | None:
        d = self.match.decision
        return None if d is None else d.kind

    def viewer(self) -> int | None:
        """The human seat whose pool and hand may be shown now, if any."""
        return self.view_seat

    def my_turn(self) -> bool:
        return self.human_to_move and self._kind() == "turn"

    def turn_moves(self) -> list[Any]:
        return self.match.legal_moves() if self.my_turn() else []

    def place_targets(self, die: int | None) -> list[str]:
        if die is None:
            return []
        return [m.target for m in self.turn_moves() if isinstance(m, PlaceMove) and m.die == die]

    def placeable_dice(self) -> list[int]:
        return sorted({m.die for m in self.turn_moves() if isinstance(m, PlaceMove)})

    def helper_moves(self) -> list[HelperMove]:
        return [m for m in self.turn_moves() if isinstance(m, HelperMove)]

    def card_moves(self) -> list[PlayMove]:
        return [m for m in self.turn_moves() if isinstance(m, PlayMove)]

    # -- rendering ----------------------------------------------------------------
    def seat_details(self) -> list[str]:
        st = self.st
        out = []
        for p in st.players:
            out.append(f"honey {p.honey}/{st.target} dice {p.dice} cards {len(p.hand)}")
        return out

    def refresh_view(self) -> None:
        # A selection only makes sense while the same seat still has a turn.
        if not self.my_turn():
            self._clear_selection()
        elif self.st.locked is not None:
            self.sel_die = self.st.locked
            if self.mode.startswith("helper"):
                self.mode = ""
        elif self.sel_die is not None and self.sel_die not in self.placeable_dice():
            self._clear_selection()
        super().refresh_view()

    def render_board(self) -> None:
        if not self.is_mounted:
            return
        targets = set(self.place_targets(self.sel_die))
        self._render_status(targets)
        self._render_pool()
        self.query_one("#wd-table", BoardText).show(self._draw_table(targets))
        self._show_hives(targets)
        self.query_one("#wd-hand", Static).update(self._draw_hand())
        self._render_choices()

    # status line
    def _render_status(self, targets: set[str]) -> None:
        st = self.st
        text = Text()
        if self.match.over:
            text.append(self.match.result.summary if self.match.result else "Game over.", style="bold")
        elif self.stepping:
            text.append(f"Round {st.turn} · {st.phase}: ", style="bold")
            if self.steps_paused:
                text.append("steps paused. n: next step · p: resume · Space: run all", style="italic")
            else:
                text.append("playing out… Space: run all · p: pause", style="italic")
        elif self.thinking:
            text.append("The computer is thinking…", style="italic")
        elif not self.human_to_move:
            d = self.match.decision
            text.append(d.prompt if d else "")
        elif self._kind() == "turn":
            text.append(f"Round {st.turn} · day · ", style="bold")
            text.append_text(self._turn_hint(targets))
        else:
            d = self.match.decision
            text.append(f"Round {st.turn} · {st.phase} · ", style="bold")
            text.append(d.prompt if d else "")
            text.append("  ↑/↓ Enter", style="dim")
        self.query_one("#wd-status", Static).update(text)

    def _turn_hint(self, targets: set[str]) -> Text:
        t = Text()
        if self.mode == "room":
            t.append(f"Room for your {self.sel_die}: press its number (", style="")
            rooms = sorted(int(x[1:]) for x in targets if x[0] == "R")
            t.append(" ".join(str(r) for r in rooms), style="bold")
            t.append("). Esc: back")
        elif self.mode == "threat":
            t.append(f"Threat for your {self.sel_die}: press its number. Esc: back")
        elif self.mode == "helper":
            t.append("Helper die: which die do you spend as the helper? (1-6) Esc: back")
        elif self.mode == "helper_die":
            t.append(f"Helper {self.h_helper}: which die do you change? (1-6) Esc: back")
        elif self.mode == "helper_value":
            t.append(f"Turn your {self.h_die} into…? (1-6) Esc: back")
        elif self.mode in ("cards", "card"):
            t.append("Choose a Queen Bee card to play. Esc: back")
        elif self.sel_die is not None:
            t.append("Die ", style="")
            t.append_text(die_chip(self.sel_die, owner_colour(self._seat())))
            t.append(" → lit places: ")
            t.append(self._target_keys(targets), style="bold")
            if self.st.locked is None:
                t.append(" · Esc: other die", style="dim")
        else:
            t.append("Pick a die: 1-6 or click", style="")
            if self.helper_moves():
                t.append(" · h: helper", style="dim")
            if self.card_moves():
                t.append(" · k: cards", style="dim")
        return t

    def _target_keys(self, targets: set[str]) -> str:
        keys = []
        for letter in "ACDEG":
            if any(x[0] == letter for x in targets):
                keys.append(letter)
        if any(x[0] == "R" for x in targets):
            keys.append("R+room")
        if any(x[0] == "T" for x in targets):
            keys.append("T")
        return " ".join(keys)

    def _seat(self) -> int:
        d = self.match.decision
        if d is not None:
            return d.seat
        v = self.viewer()
        return v if v is not None else 0

    # the pool of big dice
    def _render_pool(self) -> None:
        row = self.query_one("#wd-pool", DiceRow)
        st = self.st
        seat = self.viewer()
        if seat is None:
            row.empty = "(the next player's dice appear after the hand-off)"
            row.show([])
            return
        p = st.players[seat]
        colour = owner_colour(seat)
        placeable = set(self.placeable_dice()) if self.my_turn() else set()
        dice = []
        marked = False
        for v in sorted(p.pool):
            sel = (not marked and v == self.sel_die and self.my_turn())
            marked = marked or sel
            dim = self.my_turn() and v not in placeable
            if self.mode in ("helper", "helper_die", "helper_value"):
                sel = ((v == self.h_helper and self.mode != "helper")
                       or (v == self.h_die and self.mode == "helper_value"))
                dim = False
            dice.append(DieView(v, colour, selected=sel, dim=dim))
        row.empty = f"{p.name} has no dice left in the pool this round."
        row.show(dice)
        row.border_title = f"{p.name}'s dice"

    # the table: actions, flowers, threats, supply
    def _draw_table(self, targets: set[str]) -> Canvas:
        st = self.st
        cv = Canvas()
        phase = {"day": "Day", "night": "Night", "over": "Game over"}[st.phase]
        cv.add(f"Round {st.turn} · {phase}", "bold")
        cv.add(f" · first to {st.target} honey", "dim")
        cv.newline()
        cv.add(f"Queen deck {len(st.queen_deck)}", "bold" if len(st.queen_deck) <= 3 else "")
        cv.add(f" · eggs {st.supply_eggs} · rooms {st.supply_rooms}")
        if st.end_triggered or st.final_round:
            cv.add(" · LAST ROUND", "bold red")
        cv.newline()
        cv.add("Supply ")
        for c in range(6):
            cv.add(nectar_chip(c))
            cv.add(f"{st.supply_nectar[c]:<3}")
        cv.newline()
        cv.newline()
        for letter in "ABCDEFG":
            self._draw_action(cv, letter, targets)
        cv.add("Blocker ", "dim")
        cv.add(die_chip(1, "#000", blocker=True))
        cv.add("   green = where your die may go", "dim")
        cv.newline()
        if st.options.threats or st.threats:
            self._draw_threats(cv, targets)
        return cv

    def _space_cell(self, cv: Canvas, sid: str, targets: set[str]) -> None:
        dice = self.st.spaces.get(sid, [])
        lit = sid in targets
        if dice:
            owner, value = dice[0]
            chip = owner_chip(owner, value, highlight=lit)
            if lit:
                chip.stylize("reverse")
            cv.add(chip, target=sid)
            cv.add("+" if len(dice) > 1 else " ")
        else:
            label = f"·{sid[1:]}"
            cv.add(Text(label, style=TARGET_STYLE if lit else "dim"), target=sid)
            cv.add(" ")

    def _draw_action(self, cv: Canvas, letter: str, targets: set[str]) -> None:
        st = self.st
        lit_any = any(t[0] == letter for t in targets) or (letter in "BF" and any(t[0] == "R" for t in targets))
        cv.add(Text(f"{letter}", style=TARGET_STYLE if lit_any else "bold reverse"), target=letter)
        cv.add(f" {ACTION_LABELS[letter]:<11}", "bold" if lit_any else "", target=letter)
        if letter in "ACEG":
            for v in range(1, 7):
                self._space_cell(cv, f"{letter}{v}", targets)
            cv.newline()
            return
        if letter in "BF":
            bot = st.bot
            pairs = (bot.b_pairs if letter == "B" else bot.f_pairs) if bot else []
            if pairs:
                cv.add("Bumblebot ", "dim")
                for v in pairs:
                    cv.add(owner_chip(BOT, v))
                    cv.add(owner_chip(BOT, v))
                    cv.add(" ")
            else:
                cv.add("pairs in your rooms" if letter == "B" else "pairs in rooms", "dim")
            cv.newline()
            return
        # D: the six flowers
        cv.add("most: 2, next: 1" if not st.solo else "most dice: 2", "dim")
        cv.newline()
        for f in range(1, 7):
            sid = f"D{f}"
            lit = sid in targets
            cv.line_target(sid)
            cv.add(Text(" ▶" if lit else "  ", style="bold"))
            cv.add(Text(f"D{f}", style=TARGET_STYLE if lit else "bold"))
            cv.add(" ")
            cv.add(nectar_chip(f - 1))
            cv.add(f" {colour_name(f - 1):<7} ", "")
            dice = st.spaces.get(sid, [])
            for owner, value in dice:
                cv.add(owner_chip(owner, value))
                cv.add(" ")
            if dice:
                counts = Counter(o for o, _ in dice if o >= BOT)
                if len(counts) > 1:
                    cv.add(" " + "/".join(str(counts[o]) for o in sorted(counts, reverse=True)), "dim")
            cv.newline()

    def _draw_threats(self, cv: Canvas, targets: set[str]) -> None:
        st = self.st
        from ...games.waggle_dance.data import threat_penalties
        from ...games.waggle_dance.rules import threat_spaces

        need = threat_spaces(st)
        cv.add("Threats", "bold")
        cv.add(f"  deck {len(st.threat_deck)} · guardians {st.guardians}", "dim")
        cv.newline()
        if not st.threats:
            cv.add("  none in play", "dim")
            cv.newline()
        for i, th in enumerate(st.threats):
            sid = f"T{i}"
            lit = sid in targets
            cv.line_target(sid)
            cv.add(Text(" ▶" if lit else "  ", style="bold"))
            cv.add(Text(f"T{i}", style=TARGET_STYLE if lit else "bold"))
            cv.add(f" {th.name:<9}")
            for k in range(need):
                if k < len(th.dice):
                    o, v = th.dice[k]
                    cv.add(owner_chip(o, v))
                else:
                    cv.add(Text("X ", style=TARGET_STYLE if lit else "dim"))
                cv.add(" ")
            cv.add(PENALTY_TEXT.get(threat_penalties().get(th.name, "none"), ""), "dim")
            cv.newline()

    # every honeycomb, and Bumblebot
    def _show_hives(self, targets: set[str]) -> None:
        for seat in range(len(self.st.players)):
            self.query_one(f"#wd-hive-{seat}", BoardText).show(self._draw_hive(seat, targets))
        if self.st.bot is not None:
            cv = Canvas()
            self._draw_bot(cv)
            self.query_one("#wd-bot", BoardText).show(cv)

    def scroll_to_hive(self, seat: int) -> None:
        """Bring a honeycomb into view (small terminals show little at once)."""
        try:
            widget = self.query_one(f"#wd-hive-{seat}", BoardText)
        except Exception:
            return
        self.query_one("#wd-scroll").scroll_to_widget(widget, animate=False, top=True)

    def _draw_hive(self, seat: int, targets: set[str]) -> Canvas:
        st = self.st
        cv = Canvas()
        viewer = self.viewer()
        p = st.players[seat]
        colour = owner_colour(seat)
        cv.add(Text("● ", style=colour))
        cv.add(Text(p.name, style=f"bold {colour}"))
        cv.add(" ")
        cv.add(f" honey {p.honey}/{st.target} ", HONEY_STYLE if p.honey else "bold")
        cv.add(f" cards {len(p.hand)}")
        cv.newline()
        flags = []
        if p.guardian:
            flags.append("guardian")
        if p.double_park:
            flags.append("double park")
        if p.soldier:
            flags.append("soldiers")
        if p.directions:
            flags.append("directions " + ",".join(f"D{f}" for f in p.directions))
        if flags:
            cv.add(" Now: " + ", ".join(flags), "italic")
            cv.newline()
        cv.add(f" Dice {p.dice}" + (f"+{p.volunteer}" if p.volunteer else "") + ": ", "dim")
        if p.pool:
            for v in sorted(p.pool):
                cv.add(owner_chip(seat, v), target=f"die{v}" if seat == viewer else None)
                cv.add(" ")
        else:
            cv.add("all placed ", "dim")
        if p.helpers:
            cv.add("helpers ", "dim")
            for v in p.helpers:
                cv.add(owner_chip(seat, v))
                cv.add(" ")
        cv.newline()
        mine = self.my_turn() and seat == self._seat()
        for i, room in enumerate(p.rooms):
            self._draw_room(cv, seat, i, room, (f"R{i}" in targets) and mine)
        if p.pending_nectar:
            cv.add(" Waiting to be stored ", "italic")
            for c in p.pending_nectar:
                cv.add(nectar_chip(c))
                cv.add(" ")
            cv.newline()
        cv.newline()
        return cv

    def _draw_room(self, cv: Canvas, seat: int, i: int, room, lit: bool) -> None:
        marked = i in self._marked_rooms and seat == self._seat()
        cv.line_target(f"R{i}")
        cv.add(Text(" ▶" if lit else ("  " if not marked else " ›"), style="bold"))
        style = TARGET_STYLE if lit else (HOT_STYLE if marked else "bold")
        cv.add(Text(f"R{i}", style=style))
        cv.add(" ")
        if room.honey:
            cv.add(Text(" HONEY  HONEY ", style=HONEY_STYLE))
        elif room.egg:
            cv.add(Text(" (egg)       ", style="bold #f5f0e0 on #6b5a3a"))
        else:
            for k in range(4):
                if k < len(room.nectar):
                    cv.add(nectar_chip(room.nectar[k]))
                else:
                    cv.add("··", "dim")
                cv.add(" ")
            cv.add(" ")
        if room.dice:
            cv.add(" ")
            for v in room.dice:
                cv.add(owner_chip(seat, v))
                cv.add(" ")
            cv.add(self._room_note(room), "dim italic")
        cv.newline()

    @staticmethod
    def _room_note(room) -> str:
        counts = Counter(room.dice)
        pairs = [v for v, n in counts.items() if n >= 2]
        if not pairs:
            return ""
        if room.egg:
            return "hatch"
        if len(room.nectar) == 4 and len(set(room.nectar)) == 1:
            return "honey"
        return "pair"

    def _draw_bot(self, cv: Canvas) -> None:
        st = self.st
        b = st.bot
        cv.add(Text("● ", style=BOT_COLOUR))
        cv.add(Text("Bumblebot", style=f"bold {BOT_COLOUR}"))
        cv.add(" ")
        cv.add(f" honey {b.honey}/{st.target} ", HONEY_STYLE if b.honey else "bold")
        cv.add(f" eggs {b.eggs}")
        cv.newline()
        cv.add(f" Dice {b.dice}: ", "dim")
        if b.pool:
            for v in sorted(b.pool):
                cv.add(owner_chip(BOT, v))
                cv.add(" ")
        else:
            cv.add("all placed", "dim")
        cv.newline()
        cv.add(" Nectar ", "dim")
        for c in range(6):
            cv.add(nectar_chip(c))
            cv.add(f"{b.nectar[c]:<2}", "bold" if b.nectar[c] else "dim")
        cv.newline()
        if b.card is not None:
            card = solo_cards()[b.card]
            icons = " + ".join({"pair": "Pair", "most": "Most of", "least": "Least of"}[i] for i in card.icons)
            cv.add(f" Solo card {card.id}: ", "dim")
            cv.add(icons, "bold")
            cv.newline()
            cv.add("  chart ", "dim")
            for k, v in enumerate(card.chart):
                if k == card.blocker:
                    cv.add(die_chip(v, "#000", blocker=True))
                else:
                    cv.add(f"{v} ")
                cv.add(" ")
            cv.add("· " + " ".join(card.actions), "dim")
            cv.newline()
        cv.add(f" Solo deck {len(b.deck)} · discards {len(b.discard)}", "dim")
        cv.newline()

    def _draw_hand(self) -> Text:
        seat = self.viewer()
        st = self.st
        if seat is None:
            return Text("Queen Bee cards stay hidden until the hand-off.", style="dim italic")
        p = st.players[seat]
        text = Text()
        text.append(f"{p.name}'s Queen Bee cards", style="bold")
        text.append(" (hidden from the others)\n" if len(st.players) > 1 else "\n", style="dim")
        if not p.hand:
            text.append("  none yet — G draws one\n", style="dim")
        cards = game_data().queen_by_id
        for cid, n in sorted(Counter(p.hand).items()):
            card = cards.get(cid)
            text.append(" ◆ ", style="#f0b400")
            text.append(f"{queen_names().get(cid, cid)}", style="bold")
            if n > 1:
                text.append(f" ×{n}", style="bold")
            if card is not None:
                text.append(f" ({card.phase}) ", style="italic #8fb8ff" if card.phase == "day" else "italic #c0a0ff")
                text.append(card.effect, style="")
            text.append("\n")
        return text

    # the list of choices
    def _render_choices(self) -> None:
        ol = self.query_one("#wd-choices", OptionList)
        old = ol.highlighted
        old_ids = [str(label) for label, _ in self._choices]
        self._choices = self._build_choices()
        ol.clear_options()
        for i, (label, _action) in enumerate(self._choices):
            ol.add_option(Option(label, id=str(i)))
        ol.display = bool(self._choices)
        if self._choices:
            ids = [str(label) for label, _ in self._choices]
            ol.highlighted = old if (old is not None and ids == old_ids and old < len(ids)) else 0
        if self.human_to_move and self._kind() != "turn":
            ol.border_title = "Choices · ↑/↓ Enter"
        elif self.my_turn():
            ol.border_title = "Your turn · ↑/↓ Enter"
        else:
            ol.border_title = "Choices"

    def _build_choices(self) -> list[tuple[Any, Any]]:
        """(label, action) pairs. An action is a move to submit, or a tuple
        naming a step of the selection flow."""
        if not self.human_to_move:
            return []
        st = self.st
        moves = self.match.legal_moves()
        if self._kind() != "turn":
            return [(self._move_label(m), m) for m in moves]
        out: list[tuple[Any, Any]] = []
        seat = self._seat()
        colour = owner_colour(seat)
        if self.mode == "helper":
            for h in sorted({m.helper for m in self.helper_moves()}):
                out.append((self._die_label(h, colour, "spend as the helper"), ("helper", h)))
            out.append((Text("← back"), ("back",)))
            return out
        if self.mode == "helper_die":
            for d in sorted({m.die for m in self.helper_moves() if m.helper == self.h_helper}):
                out.append((self._die_label(d, colour, "change this die"), ("helper_die", d)))
            out.append((Text("← back"), ("back",)))
            return out
        if self.mode == "helper_value":
            for m in self.helper_moves():
                if m.helper == self.h_helper and m.die == self.h_die:
                    out.append((self._die_label(m.value, colour, f"turn the {m.die} into a {m.value}"), m))
            out.append((Text("← back"), ("back",)))
            return out
        if self.mode == "cards":
            groups: dict[str, list[PlayMove]] = {}
            for m in self.card_moves():
                groups.setdefault(m.card, []).append(m)
            for cid, ms in groups.items():
                name = queen_names().get(cid, cid)
                if len(ms) == 1:
                    out.append((Text(f"Play {name}: ") + Text(self._card_effect(cid), style="dim"), ms[0]))
                else:
                    out.append((Text(f"Play {name}… ({len(ms)} ways)"), ("card", cid)))
            out.append((Text("← back"), ("back",)))
            return out
        if self.mode == "card":
            for m in self.card_moves():
                if m.card == self.card_group:
                    out.append((Text(self.match.engine.describe_move(st, m)), m))
            out.append((Text("← back"), ("back",)))
            return out
        if self.sel_die is None:
            for v in self.placeable_dice():
                n = len(self.place_targets(v))
                out.append((self._die_label(v, colour, f"pick · {n} places"), ("die", v)))
            if self.helper_moves():
                out.append((Text("[h] Helper die… change a die"), ("mode", "helper")))
            if self.card_moves():
                out.append((Text("[k] Queen Bee cards…"), ("mode", "cards")))
            return out
        for t in self.place_targets(self.sel_die):
            out.append((self._target_label(t), PlaceMove(die=self.sel_die, target=t)))
        if self.card_moves():
            out.append((Text("[k] Queen Bee cards…"), ("mode", "cards")))
        if st.locked is None:
            out.append((Text("← pick another die"), ("back",)))
        return out

    def _move_label(self, move: Any) -> Text:
        """The engine's description of ``move``, without the player's name,
        led by the nectar's name tag when a nectar moves."""
        st = self.st
        text = self.match.engine.describe_move(st, move)
        name = st.players[self._seat()].name
        if text.startswith(name + " "):
            text = text[len(name) + 1:]
            text = text[:1].upper() + text[1:]
        label = Text()
        colour = getattr(move, "colour", None)
        if isinstance(colour, int) and 0 <= colour < 6:
            label.append_text(nectar_chip(colour))
            label.append(" ")
        elif colour == EGG:
            label.append("egg ", style="bold")
        label.append(text)
        return label

    @staticmethod
    def _die_label(v: int, colour: str, what: str) -> Text:
        t = Text(f"[{v}] ")
        t.append_text(die_chip(v, colour))
        t.append(f" {what}")
        return t

    @staticmethod
    def _card_effect(cid: str) -> str:
        card = game_data().queen_by_id.get(cid)
        return card.effect if card else ""

    def _target_label(self, t: str) -> Text:
        st = self.st
        v = self.sel_die
        letter, num = t[0], int(t[1:])
        label = Text()
        if letter in "ACEG":
            label.append(f"[{letter}] ", style="bold")
            label.append(f"{t} · {ACTION_WHAT[letter]}")
            if st.spaces.get(t):
                label.append(" (shared: Double Park)", style="dim")
        elif letter == "D":
            label.append("[D] ", style="bold")
            label.append(f"{t} · ")
            label.append_text(nectar_chip(num - 1))
            label.append(f" {colour_name(num - 1).lower()} nectar")
            dice = st.spaces.get(t, [])
            if dice:
                counts = Counter(o for o, _ in dice)
                label.append(" (" + ", ".join(f"{self._owner_name(o)} {n}" for o, n in counts.items()) + ")",
                             style="dim")
        elif letter == "R":
            room = st.players[self._seat()].rooms[num]
            label.append(f"[R {num}] ", style="bold")
            label.append(f"room {num}: ")
            if room.honey:
                label.append("honey (no effect)", style="dim")
            else:
                if room.egg:
                    label.append("egg")
                elif room.nectar:
                    label.append(" ".join(colour_label(c) for c in room.nectar))
                else:
                    label.append("empty")
                if room.dice:
                    label.append(" · dice " + " ".join(map(str, room.dice)))
                if v in room.dice:
                    goal = "hatch (B)" if room.egg else ("make honey (F)" if len(room.nectar) == 4 and len(
                        set(room.nectar)) == 1 else "pair (B/F)")
                    label.append(f" → pairs your {v}: {goal}", style="bold")
        elif letter == "T":
            th = st.threats[num]
            label.append("[T] ", style="bold")
            label.append(f"{t} · fight the {th.name} ({len(th.dice)} dice on it)")
        return label

    def _owner_name(self, owner: int) -> str:
        if owner >= 0:
            return self.st.players[owner].name
        return "Bumblebot" if owner == BOT else "blocker"

    # -- the flow of play ---------------------------------------------------
    def on_human_turn(self) -> None:
        self._clear_selection()
        if self.st.locked is not None and self.my_turn():
            self.sel_die = self.st.locked
        self.render_board()
        self.query_one("#wd-choices", OptionList).focus()
        kind = self._kind()
        if kind in ROOM_DECISIONS:
            self.call_after_refresh(self.scroll_to_hive, self._seat())
        elif kind == "turn" and self._last_kind != "turn":
            self.call_after_refresh(self.query_one("#wd-scroll").scroll_home, animate=False)
        self._last_kind = kind

    def on_undo(self) -> None:
        self._clear_selection()

    def _clear_selection(self) -> None:
        self.sel_die = None
        self.mode = ""
        self.h_helper = None
        self.h_die = None
        self.card_group = None
        self._marked_rooms = set()

    def _submit(self, move: Any) -> None:
        ok = self.submit(move)
        if ok:
            self._clear_selection()
            if self.st.locked is not None and self.my_turn():
                self.sel_die = self.st.locked
            self.render_board()
            if self.human_to_move:
                self.query_one("#wd-choices", OptionList).focus()

    def select_die(self, value: int) -> None:
        if not self.my_turn():
            self._not_now()
            return
        st = self.st
        if st.locked is not None and value != st.locked:
            self.notify(f"First place the die you just changed (it shows {st.locked}).", severity="warning")
            return
        if value not in self.placeable_dice():
            pool = st.players[self._seat()].pool
            self.notify(f"You have no die showing {value} (your dice: {' '.join(map(str, sorted(pool)))}).",
                        severity="warning")
            return
        self.sel_die = value
        self.mode = ""
        self.render_board()

    def place(self, target: str) -> None:
        """Place the selected die on ``target`` through the rules (refusals are explained)."""
        if self.sel_die is None:
            self.notify("Pick a die first: press 1-6 or click one of your dice.", severity="warning")
            return
        self._submit(PlaceMove(die=self.sel_die, target=target))

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
        if self.mode == "room":
            self.place(f"R{d}")
            return
        if self.mode == "threat":
            self.place(f"T{d}")
            return
        if not 1 <= d <= 6:
            self.notify("Dice show 1 to 6.", severity="warning")
            return
        if self.mode == "helper":
            if d not in {m.helper for m in self.helper_moves()}:
                self.notify(f"No die showing {d} can be the helper.", severity="warning")
                return
            self.h_helper, self.mode = d, "helper_die"
        elif self.mode == "helper_die":
            if d not in {m.die for m in self.helper_moves() if m.helper == self.h_helper}:
                self.notify(f"You have no other die showing {d} to change.", severity="warning")
                return
            self.h_die, self.mode = d, "helper_value"
        elif self.mode == "helper_value":
            move = HelperMove(helper=self.h_helper or 0, die=self.h_die or 0, value=d)
            self._submit(move)
            return
        else:
            self.select_die(d)
            return
        self.render_board()

    def _letter(self, letter: str) -> None:
        if self.mode.startswith("helper") or self.mode in ("cards", "card"):
            self.notify("Finish or leave this choice first (Esc).", severity="warning")
            return
        if self.sel_die is None:
            self.notify("Pick a die first: press 1-6 or click one of your dice.", severity="warning")
            return
        targets = self.place_targets(self.sel_die)
        v = self.sel_die
        if letter in "aceg":
            self.place(f"{letter.upper()}{v}")
        elif letter == "d":
            flowers = [t for t in targets if t[0] == "D"]
            target = f"D{v}" if f"D{v}" in flowers or not flowers else flowers[0]
            if len(flowers) > 1 and f"D{v}" not in flowers:
                self._highlight_choice(lambda a: isinstance(a, PlaceMove) and a.target[0] == "D")
                self.notify("Choose the flower in the list.")
                return
            self.place(target)
        elif letter in "bfr":
            rooms = [t for t in targets if t[0] == "R"]
            if not rooms:
                self.notify("You have no room to place this die in.", severity="warning")
                return
            self.mode = "room"
            self.render_board()
            self.call_after_refresh(self.scroll_to_hive, self._seat())
            self._highlight_choice(lambda a: isinstance(a, PlaceMove) and a.target[0] == "R")
        elif letter == "t":
            threats = [t for t in targets if t[0] == "T"]
            if not threats:
                self.notify("There is no threat with a free space to fight.", severity="warning")
                return
            if len(threats) == 1:
                self.place(threats[0])
                return
            self.mode = "threat"
            self.render_board()
            self._highlight_choice(lambda a: isinstance(a, PlaceMove) and a.target[0] == "T")

    def _highlight_choice(self, pred) -> None:
        for i, (_label, action) in enumerate(self._choices):
            if pred(action):
                self.query_one("#wd-choices", OptionList).highlighted = i
                return

    # -- actions ------------------------------------------------------------
    def action_back(self) -> None:
        if self.mode in ("room", "threat"):
            self.mode = ""
        elif self.mode == "helper_value":
            self.mode = "helper_die"
        elif self.mode == "helper_die":
            self.mode = "helper"
        elif self.mode == "card":
            self.mode = "cards"
        elif self.mode in ("helper", "cards"):
            self.mode = ""
        elif self.sel_die is not None and self.st.locked is None:
            self.sel_die = None
        else:
            self.action_pause()
            return
        self.render_board()

    def action_helper(self) -> None:
        if not self.my_turn():
            self._not_now()
            return
        if not self.helper_moves():
            reason = ("You must first place the die you changed." if self.st.locked is not None
                      else "Your last die cannot be a helper.")
            self.notify(reason, severity="warning")
            return
        self.sel_die = None
        self.mode = "helper"
        self.render_board()
        self.query_one("#wd-choices", OptionList).focus()

    def action_cards(self) -> None:
        if not self.my_turn():
            self._not_now()
            return
        if not self.card_moves():
            seat = self.viewer()
            hand = self.st.players[seat].hand if seat is not None else []
            self.notify("None of your Queen Bee cards can be played now." if hand
                        else "You hold no Queen Bee cards.", severity="warning")
            return
        self.mode = "cards"
        self.render_board()
        self.query_one("#wd-choices", OptionList).focus()

    # -- choosing from the list and the board -------------------------------------
    @on(OptionList.OptionSelected, "#wd-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id or 0)
        if not 0 <= index < len(self._choices):
            return
        self._do_choice(self._choices[index][1])

    @on(OptionList.OptionHighlighted, "#wd-choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        if not 0 <= index < len(self._choices):
            return
        action = self._choices[index][1]
        rooms = set()
        for attr in ("room", "src", "dst"):
            r = getattr(action, attr, None)
            if isinstance(r, int) and not isinstance(action, PlaceMove):
                rooms.add(r)
        if rooms != self._marked_rooms:
            self._marked_rooms = rooms
            self._show_hives(set(self.place_targets(self.sel_die)))

    def _do_choice(self, action: Any) -> None:
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
                self.h_helper, self.mode = action[1], "helper_die"
                self.render_board()
            elif what == "helper_die":
                self.h_die, self.mode = action[1], "helper_value"
                self.render_board()
            elif what == "card":
                self.card_group, self.mode = action[1], "card"
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
        if self.mode.startswith("helper") and self.my_turn():
            self._digit(value)
        else:
            self.select_die(value)

    @on(BoardText.Clicked)
    def _board_clicked(self, event: BoardText.Clicked) -> None:
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
                self._highlight_choice(lambda a: getattr(a, "room", None) == room
                                       or getattr(a, "src", None) == room or getattr(a, "dst", None) == room)
            return
        if target in set("ABCDEFG"):
            if self.sel_die is None:
                self.notify("Pick a die first: press 1-6 or click one of your dice.", severity="warning")
            elif target in "ACEG":
                self.place(f"{target}{self.sel_die}")
            elif target == "D":
                self._letter("d")
            else:
                self._letter("r")
            return
        if self.sel_die is None and target[0] in "ACDEG":
            value = int(target[1:])
            if target[0] != "D" or value in self.placeable_dice():
                if value in self.placeable_dice():
                    self.sel_die = value
        self.place(target)
