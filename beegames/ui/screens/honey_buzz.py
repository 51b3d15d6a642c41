"""The Honey Buzz screen: your hive, the hive board and the woodland board.

Three panes show the table in the game's own terms:

* **Hive**: a player's personal hive drawn hex by hex with its yellow and
  dark edges, the cells the tiles enclose with the nectar each takes, the
  nectar tiles stored and the honey on them (``[`` / ``]`` show the other
  players' hives);
* **Hive board**: the hive boxes with their stacks of tiles, the beelines of
  workers, the nursery, the drones (solitaire) and the Queen's contests with
  each player's standing;
* **Woodland**: the field with the nectar tiles and the forage tokens, the
  market columns and the order stacks.

On a wide terminal the three are side by side; on a small one a single pane
shows at a time (``h``, ``b``, ``w``, or a click on the tab line), chosen to
suit each decision.

Every decision is in the list on the right (1-9 pick the numbered choice;
long choices are grouped and Esc steps back out of a group), and those that
are a place on the table are made there too: placing a tile (the tile
follows the cursor or the mouse, ``r`` rotates it, ``x`` swaps its icon end,
legal slots are lit, Enter or a click places it), choosing a cell, where the
fan goes, a field space, a market column, an order, a tile stack.

The screen draws only the seat's own view of the game (``self.seen``): in the
advanced variant a seat sees the face-down tiles it has looked at and no
others. The drones' turns in solitaire are automatic steps shown one at a
time (Space runs them, ``p`` pauses, ``n`` takes one step), and every choice
the drone cards leave to the player is a prompt like any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core.hexgrid import DIRECTIONS, Hex, direction_between, distance
from ...games.honey_buzz import view as hbv
from ...games.honey_buzz.common import space_name
from ...games.honey_buzz.data import NECTARS, RESOURCES, game_data
from ...games.honey_buzz.geometry import TILE_DIRS, edge_colours, hex_class, is_site, norm_slot
from ...games.honey_buzz.models import (
    ArrangeMove,
    ConfigMove,
    DroneHoneyMove,
    DroneNectarMove,
    DroneOrderMove,
    DropMove,
    FanMove,
    ForageMove,
    HoneyBuzzState,
    OrderMove,
    PeekMove,
    PlaceMove,
    RecallMove,
    SellMove,
    StartMove,
    StoreMove,
    TakeMove,
)
from ...games.honey_buzz.placement import is_legal_slot
from ..widgets.canvas import Canvas, CanvasView, TextLines
from ..widgets.hexmap import HexMap, HexPaint
from ..widgets.panels import GameLog
from .game import GameScreen

# -- colours --------------------------------------------------------------------------------------

NECTAR_COLOURS = {"W": "#c792ea", "R": "#6f9cff", "C": "#ff8fb4", "A": "#e6da62", "P": "#f0a030", "?": "#9a9a9a"}
NECTAR_WIDE = {"W": "Wildfl", "R": "Rosemry", "C": "Cherry", "A": "Acacia"}
NECTAR_SHORT = {"P": "Pollen", "W": "Wild", "R": "Rosem", "C": "Cherry", "A": "Acacia"}
ACTION_COLOURS = {"forage": "#8fe07e", "produce": "#ffa94d", "market": "#5fd0e8", "newbee": "#ffffff",
                  "decree": "#d7a0ff", "accounting": "#ffd75f"}
ACTION_SHORT = {"forage": "For", "produce": "Pro", "market": "Mkt", "newbee": "Bee", "decree": "Dec",
                "accounting": "Acc"}
ACTION_WIDE = {"forage": "Forage", "produce": "Produce", "market": "Market", "newbee": "New Bee",
               "decree": "Decree", "accounting": "Account"}
#: seat colours by the colour names the game gives its players
COLOUR_HEX = {"Gold": "#f0c040", "Blue": "#5fa8ff", "Green": "#6fcf6f", "Red": "#ff6b6b"}
FALLBACK_COLOURS = ["#f0c040", "#5fa8ff", "#6fcf6f", "#ff6b6b"]

YELLOW_EDGE = "bold #ffd000"
DARK_EDGE = "#8b5a2b"
LIT_EDGE = "#4f9a4f"
TILE_FILL = "#f0e0b0 on #4a3a18"
CELL_FILL = "on #1c1810"
LIT_FILL = "bold #d8ffd0 on #275a27"
PREVIEW_OK = "bold #101010 on #e0e0e0"
PREVIEW_BAD = "bold #ffffff on #8a2e2e"
MARK_FILL = "bold #101010 on #f0b400"
TARGET_STYLE = "bold #101010 on #7fd36e"
HONEY_MARK = "●"
HONEY_FILL = "bold #3a2000 on #f0b400"

EDGE_STYLES = {"yellow": YELLOW_EDGE, "dark": DARK_EDGE, "inner": ""}

#: which pane suits each decision on a small terminal
PANE_FOR = {"config": "hive", "arrange": "hive", "start": "wood", "turn": "board", "place": "hive",
            "forage": "wood", "peek": "wood", "store": "hive", "produce": "hive",
            "market": "wood", "drop": "wood", "drone_order": "wood", "drone_honey": "wood",
            "drone_nectar": "wood"}
#: decisions made on the hive map (it takes the keyboard focus)
MAP_KINDS = {"place", "store", "produce"}
#: decisions made on the woodland board (the field takes the keyboard focus)
FIELD_KINDS = {"forage", "peek", "start", "drone_nectar"}
#: the part of the woodland each decision is about
WOOD_SECTION = {"market": "market", "drop": "market", "drone_honey": "market", "drone_order": "orders"}
PANE_NAMES = {"hive": "Hive", "board": "Hive board", "wood": "Woodland"}
PANE_KEYS = {"hive": "h", "board": "b", "wood": "w"}

BACK = ("back",)

#: what each contest counts, in words
METRIC_TEXT = {"nectar_clusters": "nectar clusters", "empty_cell_clusters": "empty cell clusters",
               "longest_line": "cells in a line", "cells": "cells", "nectar_tiles": "nectar tiles",
               "nectar_types": "nectar types", "honey_held": "honey held", "workers": "workers",
               "orders": "orders", "hive_tiles": "hive tiles", "best_sale": "honey in one sale",
               "cherry_acacia": "Cherry + Acacia tiles", "pollen": "pollen", "coins": "coins"}


def seat_colour(state: HoneyBuzzState, seat: int) -> str:
    p = state.players[seat]
    return COLOUR_HEX.get(p.colour, FALLBACK_COLOURS[seat % len(FALLBACK_COLOURS)])


def nectar_chip(code: str, text: str | None = None) -> Text:
    return Text(text if text is not None else code, style=f"bold #101010 on {NECTAR_COLOURS.get(code, '#888')}")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def hexname(h: Hex) -> str:
    return f"({h[0]},{h[1]})"


# -- the decision list as a small tree -----------------------------------------------------------------


@dataclass
class Entry:
    """One line of the decision list: a move, a group of moves, or "back"."""

    label: Text
    action: Any = None
    disabled: bool = False


@dataclass
class Group:
    key: str
    entries: list[Entry] = field(default_factory=list)


def _collapse(entries: list[Entry]) -> list[Entry]:
    """A group of one entry is that entry."""
    out = []
    for e in entries:
        if isinstance(e.action, Group):
            e.action.entries = _collapse(e.action.entries)
            live = [x for x in e.action.entries if not x.disabled]
            if len(live) == 1 and len(e.action.entries) == 1:
                e = live[0]
        out.append(e)
    return out


def _moves_in(entries: list[Entry]) -> list[Any]:
    out = []
    for e in entries:
        if isinstance(e.action, Group):
            out += _moves_in(e.action.entries)
        elif e.action is not None and e.action != BACK and not e.disabled:
            out.append(e.action)
    return out


# -- the screen ----------------------------------------------------------------------------------------


class HoneyBuzzScreen(GameScreen):
    """Honey Buzz: hives, hive board, woodland board and the decision list."""

    STEP_DELAY = 0.6

    BINDINGS = [
        Binding("escape", "back", "Back / Menu", id="hb.back"),
        Binding("r", "rotate(1)", "Rotate tile", id="hb.rotate"),
        Binding("R", "rotate(-1)", "Rotate back", show=False),
        Binding("x", "swap_end", "Icon end", id="hb.swap", show=False),
        Binding("h", "pane('hive')", "Hive", id="hb.hive", show=False),
        Binding("b", "pane('board')", "Hive board", id="hb.board", show=False),
        Binding("w", "pane('wood')", "Woodland", id="hb.wood", show=False),
        Binding("left_square_bracket", "seat(-1)", "Previous hive", show=False),
        Binding("right_square_bracket", "seat(1)", "Next hive", show=False),
        Binding("u", "undo", "Undo", show=False),
    ]
    EXTRA_HELP = [
        ("1-9", "Choose the numbered entry of the decision list"),
        ("↑/↓, Enter", "Move in the decision list and choose (every decision is there)"),
        ("Esc", "Step back out of a group of choices, or open the menu"),
        ("←/→ ↑/↓ shift+↑/↓", "On the hive: move the cursor W/E, NE/SW, NW/SE; on the woodland: move on the field"),
        ("Enter or click", "Place the tile, choose the lit cell, fan there, or pick the lit field space"),
        ("r / R, mouse wheel", "Rotate the tile you are placing (clockwise / back)"),
        ("x, right click", "Swap the ends of the tile: the icon goes on the other hex"),
        ("click a stack, column, order", "Take that tile, pick that market value, complete that order"),
        ("h / b / w", "Show the hive, the hive board or the woodland board (small screens)"),
        ("[ / ]", "Show another player's hive"),
        ("Space", "Solitaire: run the drones' turn now"),
        ("p / n", "Solitaire: pause the drones' steps / take one step"),
        ("Tab", "Move the keyboard between the list, the hive and the boards"),
        ("u or ctrl+z", "Undo your last decision (not past a card flipped or a tile looked at)"),
    ]

    def __init__(self, match: Any, save_path: Any) -> None:
        super().__init__(match, save_path)
        self.pane = "board"
        self.hive_seat = 0
        self.path: list[str] = []
        #: placement: the direction from the icon hex (the cursor) to the other hex
        self.tile_dir = 0
        #: cells marked by the highlighted list entry (honey to sell, a card's slots)
        self.marked: set[Hex] = set()
        self.preview_card: str | None = None
        self.preview_arrange: ArrangeMove | None = None
        self._entries: list[Entry] = []
        self._tree: list[Entry] = []
        self._for: tuple[int, int | None, int | None, bool] | None = None
        self._decider: int | None = None
        self._syncing = False
        self._hive_cache: tuple[Any, int, hbv.HiveView] | None = None
        self._drawn_cursor: Hex | None = None
        self._shown_options: list[tuple[str, bool]] = []
        self._footer_placing = False
        self._log_lines: list[str] = []
        self._wood_lines: dict[str, int] = {}
        self._contest_rows: list[str] = []

    # -- layout ---------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield TextLines(id="hb-status")
        tabs = CanvasView(id="hb-tabs")
        tabs.can_focus = False
        yield tabs
        with Horizontal(id="hb-panes"):
            with Vertical(id="hb-hive-pane"):
                head = CanvasView(id="hb-hive-head")
                head.can_focus = False
                yield head
                yield HexMap(id="hb-map")
                yield TextLines(id="hb-hive-foot")
            with Vertical(id="hb-right"):
                with VerticalScroll(id="hb-board-pane"):
                    yield CanvasView(id="hb-board")
                with VerticalScroll(id="hb-wood-pane"):
                    yield CanvasView(id="hb-wood")

    def compose_side(self) -> ComposeResult:
        yield TextLines(id="hb-players")
        yield OptionList(id="hb-choices")

    def on_mount(self) -> None:
        self.query_one("#log").border_title = "Log"
        self.query_one("#hb-board-pane").border_title = "Hive board"
        self.query_one("#hb-wood-pane").border_title = "Woodland"
        self.query_one("#hb-choices", OptionList).border_title = "Choices"
        self._apply_size()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size()

    @property
    def wide(self) -> bool:
        return self.app.size.width >= 118

    def _flag(self, name: str, on: bool) -> None:
        """Set a class on the screen only when it changes (a change restyles every widget)."""
        if self.has_class(name) != on:
            self.set_class(on, name)

    def _apply_size(self) -> None:
        self._flag("-wide", self.wide)
        self._flag("-narrow", not self.wide)
        self._show_pane()
        if self.is_mounted:
            self.render_board()

    def _show_pane(self) -> None:
        """Show the panes: all of them side by side on a wide screen, else
        the chosen one (set on the widgets themselves, which is cheaper than
        restyling the screen)."""
        if not self.is_mounted:
            return
        wide = self.wide
        shown = {"hive": wide or self.pane == "hive", "right": wide or self.pane != "hive",
                 "board": wide or self.pane == "board", "wood": wide or self.pane == "wood"}
        for name, widget_id in (("hive", "#hb-hive-pane"), ("right", "#hb-right"), ("board", "#hb-board-pane"),
                                ("wood", "#hb-wood-pane")):
            widget = self.query_one(widget_id)
            if widget.display != shown[name]:
                widget.display = shown[name]

    # -- reading the state ------------------------------------------------------------------------
    @property
    def st(self) -> HoneyBuzzState:
        """The game as the human at the keyboard may see it."""
        state: HoneyBuzzState = self.seen.state
        return state

    def _kind(self) -> str | None:
        d = self.seen.decision
        return d.kind if d is not None else None

    def mine(self) -> bool:
        """The pending decision is the keyboard's, and nothing else is running."""
        return self.my_decision() and not self.match.over

    def moves(self) -> list[Any]:
        return list(self.seen.moves) if self.mine() else []

    def _hive(self, seat: int) -> hbv.HiveView:
        st = self.st
        if self._hive_cache is None or self._hive_cache[0] is not st or self._hive_cache[1] != seat:
            self._hive_cache = (st, seat, hbv.hive(st, seat))
        return self._hive_cache[2]

    # -- after every change ------------------------------------------------------------------------
    def _new_position(self) -> bool:
        """True (once) when the position or the seat at the keyboard changed."""
        d = self.seen.decision
        key = (id(self.match.state), self.view_seat, d.seat if d else None, self.mine())
        if key == self._for:
            return False
        self._for = key
        self.path = []
        self.marked = set()
        self.preview_card = None
        self.preview_arrange = None
        return True

    def _setup_decision(self) -> None:
        """Set the panes, the hive shown and the cursors for the decision now pending."""
        d = self.seen.decision
        seat = d.seat if d is not None else self.view_seat
        if seat != self._decider:
            self._decider = seat
            st = self.st
            self.hive_seat = seat if seat is not None and seat < len(st.players) else (self.view_seat or 0)
        if not self.mine():
            return
        kind = self._kind() or ""
        if d is not None and (kind in MAP_KINDS or kind in ("arrange", "config")):
            self.hive_seat = d.seat
        if not self.wide:
            self.pane = PANE_FOR.get(kind, self.pane)
            self._show_pane()
        section = WOOD_SECTION.get(kind, "field")
        self.call_after_refresh(self._scroll_wood, section)
        if kind == "place":
            self._start_placement()
        elif kind in ("store", "produce"):
            self._start_on_map()
        elif kind in FIELD_KINDS:
            self._start_on_field()

    def _scroll_wood(self, section: str) -> None:
        """Bring the part of the woodland the decision is about into view."""
        line = 0 if section == "field" else self._wood_lines.get(section, 0)
        self.query_one("#hb-wood-pane").scroll_to(y=line, animate=False, immediate=True)

    def _start_placement(self) -> None:
        """Put the tile on the first listed (best) slot."""
        moves = [m for m in _moves_in(self._tree) if isinstance(m, PlaceMove)]
        hexmap = self.query_one("#hb-map", HexMap)
        if moves:
            self._set_preview(moves[0])
        else:
            hexmap.cursor = self._hive_centre()

    def _start_on_map(self) -> None:
        hexmap = self.query_one("#hb-map", HexMap)
        lit = self._map_targets()
        if lit and hexmap.cursor not in lit:
            hexmap.cursor = min(lit, key=lambda h: distance(h, hexmap.cursor))

    def _start_on_field(self) -> None:
        wood = self.query_one("#hb-wood", CanvasView)
        p = self.st.players[self._seat()]
        kind = self._kind()
        if kind == "start":
            rows = [m.row for m in self.moves() if isinstance(m, StartMove)]
            wood.cursor = f"start:{rows[0]}" if rows else None
        elif kind == "forage" and p.forage is not None:
            wood.cursor = self._space_target(p.forage)
        elif kind == "drone_nectar":
            spots = [m.remove for m in self.moves() if isinstance(m, DroneNectarMove) and m.remove]
            if spots:
                wood.cursor = self._space_target(spots[0])
        elif wood.cursor is None or not wood.cursor.startswith("space:"):
            wood.cursor = "space:0,0"

    def _hive_centre(self) -> Hex:
        hv = self._hive(self.hive_seat)
        hexes = [h for t in hv.tiles for h in t.hexes]
        if not hexes:
            return (2, 3)
        qs = sorted(h[0] for h in hexes)
        rs = sorted(h[1] for h in hexes)
        mid = (qs[len(qs) // 2], rs[len(rs) // 2])
        return min(hexes, key=lambda h: distance(h, mid))

    def _seat(self) -> int:
        d = self.seen.decision
        if d is not None:
            return d.seat
        return self.view_seat if self.view_seat is not None else 0

    # -- rendering ---------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Re-render from the keyboard seat's view. The shared players panel
        is replaced by one in the game's seat colours that keeps its height
        (a change of height would lay the whole screen out again)."""
        seen = self.seen
        log = self.query_one(GameLog)
        shown = self._log_lines
        # another seat's log is written afresh only if it differs from what is shown
        if self._log_seat != seen.seat and seen.log[:len(shown)] != shown:
            log.reset(seen.log)
        else:
            log.sync(seen.log)
        self._log_seat = seen.seat
        self._log_lines = list(seen.log)
        self._draw_players()
        self.render_board()

    def render_board(self) -> None:
        if not self.is_mounted:
            return
        fresh = self._new_position()
        self._tree = self._build_tree()
        if fresh:
            self._setup_decision()
        self._render_status()
        self._render_tabs()
        self._render_hive()
        self._render_hive_board()
        self._render_woodland()
        self._render_choices()

    # the players' panel (with the game's own seat colours)
    def _draw_players(self) -> None:
        st = self.st
        match = self.match
        d = self.seen.decision
        short = self.app.size.height < 30
        rows = 3 if not short else (2 if st.solo else 1)
        lines = hbv.standings(st)
        text = Text()
        for i, s in enumerate(lines):
            info = match.header.seats[i]
            text.append("▶ " if d is not None and d.seat == i and not match.over else "  ")
            text.append(s.name, style=f"bold {seat_colour(st, i)}")
            if not info.is_human:
                text.append(f" ({info.level})", style="dim")
            honey = sum(s.honey.values())
            detail = (f"{s.coins}c {s.pollen}p {honey}h · bees {s.workers_available}/{s.workers_owned}"
                      + (f"+{s.nursery}" if s.nursery else ""))
            more = f"orders {len(s.orders)} · tiles {s.tiles} · {s.score_now} pts now"
            if st.solo:
                need = game_data().solo.levels[st.options.solo_level - 1]
                got = sum(row["points_now"][0] for row in hbv.contests(st))
                more = f"contests {got}/{need.minimum} {need.name} · {s.score_now} pts"
            if rows == 1:
                text.append(f"  {detail}\n")
            elif rows == 2:
                text.append(f"  {detail}\n  {more}\n")
            else:
                text.append("\n    " + detail + "\n    " + more + "\n")
        if match.result is not None:
            text.append("Game over", style="bold")
        elif self.thinking:
            text.append("Thinking…", style="bold yellow")
        elif d is not None and d.seat != self.view_seat:
            text.append(f"Waiting for {st.players[d.seat].name}.", style="italic")
        elif self.stepping:
            text.append("The drones play…", style="italic #c0a0ff")
        else:
            text.append("Your decision." if d is not None else " ", style="italic")
        panel = self.query_one("#hb-players", TextLines)
        height = len(lines) * rows + 3
        if panel.styles.height is None or panel.styles.height.value != height:
            panel.styles.height = height
            panel.border_title = "Players"
        panel.set_text(text)

    # the prompt
    def _render_status(self) -> None:
        st = self.st
        text = Text()
        d = self.seen.decision
        round_tag = self._round_name() + " · " if self.wide else ""
        if self.match.over:
            text.append(self.match.result.summary if self.match.result else "Game over.", style="bold")
        elif self.stepping:
            text.append(round_tag + "Drone turn: ", style="bold")
            if self.steps_paused:
                text.append("paused. n: next step · p: resume · Space: run it", style="italic")
            else:
                text.append("flipping a drone card… Space: run it now · p: pause", style="italic")
        elif self.thinking:
            name = st.players[d.seat].name if d is not None else "The computer"
            text.append(round_tag, style="bold")
            text.append(f"{name} is thinking…", style="italic")
        elif d is None:
            text.append(round_tag)
        elif not self.mine():
            text.append(round_tag, style="bold")
            text.append(f"Waiting for {st.players[d.seat].name}.")
        else:
            text.append(round_tag, style="bold")
            prompt = d.prompt
            name = st.players[d.seat].name + ": "
            if prompt.startswith(name) and len(st.players) == 1:
                prompt = prompt[len(name):]
                prompt = prompt[:1].upper() + prompt[1:]
            text.append(prompt)
            text.append("\n")
            # what the drones just did comes first at the start of a turn (the hint is in the help)
            drones = self._drone_news() if self._kind() == "turn" and st.solo else ""
            if drones:
                text.append("Drones: ", style="bold #c0a0ff")
                text.append(drones, style="#c0a0ff")
            else:
                text.append_text(self._hint())
        self.query_one("#hb-status", TextLines).set_text(text)

    def _hint(self) -> Text:
        kind = self._kind()
        t = Text(style="dim")
        back = " · Esc back" if self.path else ""
        if kind == "place":
            t.append("arrows · r rotate · x ends · Enter/click" + back)
        elif kind == "turn":
            t.append("1-9 or ↑/↓ Enter · click a green stack" + back)
        elif kind in ("config", "arrange"):
            t.append("↑/↓ shows it on the hive · 1-9 chooses" + back)
        elif kind in FIELD_KINDS:
            t.append("1-9 · click a green space · w: field" + back)
        elif kind in ("store", "produce"):
            t.append("1-9 · click a green space · h: hive" + back)
        else:
            t.append("1-9 or ↑/↓ Enter in the list" + back)
        return t

    def _drone_news(self) -> str:
        """What the last drone turn did, in one line."""
        log = self.seen.log
        start = None
        for i in range(len(log) - 1, -1, -1):
            if log[i].startswith("— Drone turn"):
                start = i
                break
        if start is None:
            return ""
        out = []
        for line in log[start:]:
            if line.startswith("— ") and not line.startswith("— Drone turn"):
                break
            out.append(line.removeprefix("— Drone turn: ").rstrip("."))
        return "; ".join(out)

    def _round_name(self) -> str:
        st = self.st
        return f"Round {st.turn}" if st.phase != "setup" else "Setup"

    # the pane tabs (small screens)
    def _render_tabs(self) -> None:
        tabs = self.query_one("#hb-tabs", CanvasView)
        cv = Canvas()
        if not self.wide:
            for name, label in PANE_NAMES.items():
                on = name == self.pane
                cv.add(f" {PANE_KEYS[name]} ", "bold reverse" if on else "bold", target=f"tab:{name}")
                cv.add(f"{label} ", "bold" if on else "dim", target=f"tab:{name}")
            cv.add(f" {self._round_name()}", "bold")
        tabs.show(cv)
        if tabs.display != (not self.wide):
            tabs.display = not self.wide

    # the hive
    def _render_hive(self) -> None:
        st = self.st
        seat = min(self.hive_seat, len(st.players) - 1)
        head = Canvas()
        for i, p in enumerate(st.players):
            on = i == seat
            colour = seat_colour(st, i)
            label = f"{p.name}'s hive" if on else p.name
            head.add(f" {label} ", f"bold #101010 on {colour}" if on else f"{colour}", target=f"seat:{i}")
            head.add(" ")
        if len(st.players) > 1:
            head.add("[ ] other hives", "dim")
        self.query_one("#hb-hive-head", CanvasView).show(head)
        hexmap = self.query_one("#hb-map", HexMap)
        kind = self._kind() if self.mine() else None
        hexmap.follow_mouse = kind == "place" and seat == self._seat()
        self._drawn_cursor = hexmap.cursor
        paints, frame = self._hive_paints(seat)
        hexmap.show(paints, frame)
        self._render_hive_foot()

    def _render_hive_foot(self) -> None:
        foot = self.query_one("#hb-hive-foot", TextLines)
        text = Text()
        kind = self._kind() if self.mine() else None
        seat = self.hive_seat
        hv = self._hive(seat)
        if kind == "place" and seat == self._seat():
            move, why = self._preview_move()
            if move is None:
                text.append("Not here: ", style="bold #ff8080")
                text.append(why or "")
            else:
                pv = hbv.placement_preview(self.st, move)
                text.append("Here: ", style="bold #8fe07e")
                if pv.cells:
                    text.append("closes ")
                    for i, (_site, nectar) in enumerate(pv.cells):
                        if i:
                            text.append(" ")
                        text.append_text(nectar_chip(nectar, game_data().resource_name(nectar))
                                         if nectar else Text("no-nectar cell"))
                    text.append(" · wakes " + (", ".join(ACTION_WIDE[k] for _, k in pv.woken) or "nothing"))
                else:
                    text.append("closes no cell")
        elif kind == "produce" and seat == self._seat():
            here = self.query_one("#hb-map", HexMap).cursor
            made = hbv.fan_targets(self.st).get(here, [])
            text.append(f"Fan at {hexname(here)}: ", style="bold")
            text.append(plural(len(made), "honey") if made else "no honey (choose a lit space)")
        else:
            text.append(f"{len(hv.tiles)} tiles · {len(hv.cells)} cells · ", style="dim")
            text.append("|/\\", style=YELLOW_EDGE)
            text.append(" yellow edges ", style="dim")
            text.append("|/\\", style=DARK_EDGE)
            text.append(" dark · 5/6 = hexes round a site", style="dim")
        foot.set_text(text)

    def _hive_paints(self, seat: int) -> tuple[dict[Hex, HexPaint], set[Hex]]:
        st = self.st
        hv = self._hive(seat)
        paints: dict[Hex, HexPaint] = {}
        frame: set[Hex] = set()
        tiles = list(hv.tiles)
        if st.phase == "setup" and not tiles:
            tiles = [hbv.TileView(kind=t.kind, hexes=t.hexes, icon=t.icon, starting=True,
                                  edges=edge_colours(*t.hexes)) for t in st.arrangement]
        for i, t in enumerate(tiles):
            for h in t.hexes:
                icon = h == t.icon
                fill = f"bold {ACTION_COLOURS[t.kind]} on #4a3a18" if icon else TILE_FILL
                paints[h] = HexPaint(fill=fill, mid=ACTION_SHORT[t.kind] if icon else "",
                                     wide_mid=ACTION_WIDE[t.kind] if icon else "",
                                     group=("tile", i),
                                     edges=tuple(EDGE_STYLES[c] for c in t.edges[h]), z=2)
                frame.add(h)
        own = seat == self.view_seat
        for c in hv.cells:
            paints[c.site] = self._cell_paint(c, own)
            frame.add(c.site)
        for s in hv.open_sites:
            if s.covered >= 4:
                paints[s.site] = HexPaint(fill="#a08060", mid=f"{s.covered}/6", z=0)
                frame.add(s.site)
        kind = self._kind() if self.mine() else None
        if seat == self._seat() and kind is not None:
            self._overlay(kind, paints, frame)
        if self.marked:
            for h in self.marked:
                old = paints.get(h, HexPaint())
                paints[h] = HexPaint(fill=MARK_FILL, mid=old.mid, top=old.top, wide_mid=old.wide_mid,
                                     group=old.group, edges=old.edges, z=old.z)
        return paints, frame

    def _cell_paint(self, c: hbv.CellView, own: bool) -> HexPaint:
        if c.accepts is None:
            return HexPaint(fill=f"#707070 {CELL_FILL}", mid="·", wide_mid="none", z=1)
        colour = NECTAR_COLOURS[c.accepts]
        if c.nectar is None:
            return HexPaint(fill=f"{colour} {CELL_FILL}", mid=c.accepts.lower(),
                            wide_mid=NECTAR_WIDE[c.accepts].lower(), z=1)
        back = f"({c.back})" if own and c.back and self.st.advanced else ""
        if not c.honey:
            return HexPaint(fill=f"bold #101010 on {NECTAR_COLOURS[c.nectar]}", mid=c.nectar,
                            wide_mid=NECTAR_WIDE.get(c.nectar, c.nectar), wide_bottom=back, z=1)
        # honey on the nectar tile: gold above and below the nectar's colour
        return HexPaint(fill=f"bold #101010 on {NECTAR_COLOURS[c.nectar]}", mid=c.nectar + HONEY_MARK,
                        wide_mid=NECTAR_WIDE.get(c.nectar, c.nectar)[:6] + HONEY_MARK, top="h",
                        wide_top="hny", bottom="h", wide_bottom=back or "hny", accent=HONEY_FILL, z=1)

    def _map_targets(self) -> set[Hex]:
        """Hexes that are a choice on the hive map now."""
        kind = self._kind() if self.mine() else None
        moves = self.moves()
        if kind == "store":
            return {m.cell for m in moves if isinstance(m, StoreMove)}
        if kind == "produce":
            return {h for h, made in hbv.fan_targets(self.st).items() if made}
        if kind == "place":
            return {h for m in moves if isinstance(m, PlaceMove) for h in m.hexes}
        return set()

    def _overlay(self, kind: str, paints: dict[Hex, HexPaint], frame: set[Hex]) -> None:
        """Light the choices on the map, and draw the tile being placed."""
        st = self.st
        lit_edges = (LIT_EDGE,) * 6
        if kind in ("place", "store", "produce"):
            targets = self._map_targets()
            for h in targets:
                old = paints.get(h)
                if old is None:
                    paints[h] = HexPaint(fill=LIT_FILL, mid="·", edges=lit_edges, z=0)
                else:
                    top = old.top
                    wide_top = old.wide_top
                    if kind == "produce":
                        n = len(hbv.fan_targets(st).get(h, []))
                        top, wide_top = str(n), f"+{n}"
                    paints[h] = HexPaint(fill=LIT_FILL if kind != "produce" else "bold #ffffff on #2f6a2a",
                                         mid=old.mid, wide_mid=old.wide_mid, top=top, wide_top=wide_top,
                                         group=old.group, edges=old.edges, z=old.z)
                frame.add(h)
        if kind == "produce":
            cursor = self.query_one("#hb-map", HexMap).cursor
            for site in hbv.fan_targets(st).get(cursor, []):
                old = paints[site]
                paints[site] = HexPaint(fill=MARK_FILL, mid=old.mid + "+", wide_mid=old.wide_mid + "+", z=1)
        if kind == "place":
            self._draw_preview(paints, frame)
        if kind == "arrange" or kind == "config":
            self._draw_card(paints, frame)

    def _preview_hexes(self) -> tuple[Hex, Hex] | None:
        cursor = self.query_one("#hb-map", HexMap).cursor
        if is_site(cursor):
            return None
        d = DIRECTIONS[self.tile_dir]
        return cursor, (cursor[0] + d[0], cursor[1] + d[1])

    def _preview_move(self) -> tuple[PlaceMove | None, str | None]:
        """The placement under the cursor if legal, else the reason why not."""
        pair = self._preview_hexes()
        cursor = self.query_one("#hb-map", HexMap).cursor
        if pair is None:
            return None, f"{hexname(cursor)} is a cell site: tiles never cover one (dark edges all round)."
        move = PlaceMove(hexes=norm_slot(*pair), icon=pair[0])
        if move in self.moves():
            return move, None
        why = is_legal_slot(self.st.players[self._seat()], *pair) or "that tile cannot go there"
        return None, why[:1].upper() + why[1:] + "."

    def _draw_preview(self, paints: dict[Hex, HexPaint], frame: set[Hex]) -> None:
        pair = self._preview_hexes()
        kind = self.st.holding or "forage"
        if pair is None:
            cursor = self.query_one("#hb-map", HexMap).cursor
            paints[cursor] = HexPaint(fill=PREVIEW_BAD, mid="✗", z=3)
            return
        move, _why = self._preview_move()
        fill = PREVIEW_OK if move is not None else PREVIEW_BAD
        edges = edge_colours(*pair)
        for h in pair:
            icon = h == pair[0]
            paints[h] = HexPaint(fill=fill, mid=ACTION_SHORT[kind] if icon else "",
                                 wide_mid=ACTION_WIDE[kind] if icon else "", group=("preview",),
                                 edges=tuple(EDGE_STYLES[c] for c in edges[h]), z=3)
            frame.add(h)
        if move is not None:
            for site, nectar in hbv.placement_preview(self.st, move).cells:
                paints[site] = HexPaint(fill=MARK_FILL, mid=f"+{nectar or '·'}",
                                        wide_mid=f"+{NECTAR_WIDE[nectar] if nectar else 'none'}", z=1)

    def _draw_card(self, paints: dict[Hex, HexPaint], frame: set[Hex]) -> None:
        """Setup: the configuration card's slots (the one highlighted, or the
        slot to fill now, with the starting tile previewed on it)."""
        st = self.st
        data = game_data()
        cid = self.preview_card or st.config
        if cid is None:
            choices = st.pending.choices if st.pending else []
            cid = choices[0] if choices else None
        if cid is None:
            return
        card = data.configurations.by_id(cid)
        filled = {h for t in st.arrangement for h in t.hexes} if cid == st.config else set()
        now = st.pending.slot if st.pending is not None and st.pending.kind == "arrange" else None
        for i, slot in enumerate(card.slots):
            if set(slot) & filled:
                continue
            a, b = slot
            edges = edge_colours(a, b)
            preview = self.preview_arrange if i == now else None
            icon_hex = None
            label_kind = None
            if preview is not None:
                icon_hex, label_kind = preview.icon, preview.tile
            elif card.icons is not None:
                icon_hex, label_kind = card.icons[i].hex, card.icons[i].kind
            fill = LIT_FILL if i == now else "#c0c0c0 on #3a3a3a"
            for h in slot:
                on_icon = h == icon_hex and label_kind is not None
                paints[h] = HexPaint(fill=fill, mid=ACTION_SHORT[label_kind] if on_icon and label_kind else "",
                                     wide_mid=ACTION_WIDE[label_kind] if on_icon and label_kind else "",
                                     top=str(i + 1) if not on_icon else "", group=("slot", i),
                                     edges=tuple(EDGE_STYLES[c] for c in edges[h]), z=2)
                frame.add(h)

    # the hive board: boxes, beelines, workers, drones, contests
    def _render_hive_board(self) -> None:
        st = self.st
        data = game_data()
        cv = Canvas()
        takes = {m.tile for m in self.moves() if isinstance(m, TakeMove)}
        cv.add("Hive boxes", "bold")
        cv.add(f"  {'1-2' if st.solo or st.n <= 2 else '3-4'} player side · tiles, beelines", "dim")
        cv.newline()
        for i, box in enumerate(hbv.hive_boxes(st)):
            cv.add(" ")
            for j, (kind, left) in enumerate(box.stacks.items()):
                lit = kind in takes
                style = TARGET_STYLE if lit else ("dim" if not left or box.drone else "bold")
                name = ACTION_WIDE[kind] if len(box.stacks) == 1 else ACTION_WIDE[kind][:4]
                cv.add(Text(f"{name}", style=style), target=f"tile:{kind}", cell=(i, j))
                cv.add(f" {left:<2} ", "bold" if left else "dim")
            cv.add(" " * max(1, 20 - cv.x))
            if box.drone:
                cv.add(Text(" drone ", style="bold #101010 on #c0a0ff"))
                cv.add(" ")
            for s, h in box.beelines:
                cv.add(Text(f"{h}", style=f"bold #101010 on {seat_colour(st, s)}"))
                cv.add(" ")
            if box.next_height:
                cv.add(f"→{box.next_height}", "dim")
            if box.box == "newbee":
                nursery = [(k, p.nursery) for k, p in enumerate(st.players) if p.nursery]
                if nursery:
                    cv.add("  nursery ", "dim")
                    for k, n in nursery:
                        cv.add(Text(f"{n}", style=f"bold #101010 on {seat_colour(st, k)}"))
                        cv.add(" ")
            cv.newline()
        p = st.players[self._seat()]
        cv.add(f" {p.name}: {p.available} free · {p.nursery} nursery · {p.supply} in supply", "dim")
        cv.newline()
        dv = hbv.drones(st)
        if dv is not None:
            cv.add("Drones", "bold #c0a0ff")
            cv.add(" in " + " and ".join(data.box_name(b) for b in dv.boxes))
            cv.newline()
            nxt = data.box_name(dv.next_box) if dv.next_box else "?"
            cv.add(f" next card: a drone to {nxt} · deck {dv.cards_in_deck}", "dim")
            cv.newline()
            if dv.discard:
                card = data.drone_card(dv.discard[-1])
                cv.add(f" last card {card.id}: {self._drone_action(card.action)}", "dim")
                cv.newline()
        cv.newline()
        self._draw_contests(cv)
        self.query_one("#hb-board", CanvasView).show(cv)

    @staticmethod
    def _drone_action(action: str) -> str:
        if action == "order":
            return "an order"
        if action == "highest":
            return "highest honey + pollen"
        return game_data().resource_name(action)

    def _draw_contests(self, cv: Canvas) -> None:
        st = self.st
        data = game_data()
        cv.add("Queen's contests", "bold")
        cv.add("  Enter or a click tells more", "dim")
        cv.newline()
        self._contest_rows = []
        total = 0
        for row in hbv.contests(st):
            card = data.contest(row["id"])
            kind = row["kind"]
            what = METRIC_TEXT.get(row["metric"], row["metric"])
            cv.add(" ◆ ", "#f0b400")
            cv.add(row["title"], "bold", target=f"contest:{row['id']}", cell=(30 + len(self._contest_rows), 0))
            self._contest_rows.append(row["id"])
            if kind == "speed":
                pays = data.setup.speed_payouts[str(st.n)]
                cv.add(f" · speed: {what} {row['target']}", "")
                cv.newline()
                cv.add("   pays " + "/".join(str(x) for x in pays) + " coins: ", "dim")
            elif kind == "final":
                cv.add(f" · final: most {what}", "")
                cv.newline()
                cv.add("   " + "/".join(str(x) for x in data.components.final_payouts) + " pts: ", "dim")
            else:
                cv.add(f" · {what}", "")
                cv.newline()
                pts = getattr(card, "points", [])
                cv.add("   " + "/".join(str(t) for t in row["tiers"]) + " → " + "/".join(str(p) for p in pts)
                       + " pts · now ", "dim")
            for i, value in enumerate(row["values"]):
                if len(row["values"]) > 1:
                    cv.add(f"{st.players[i].name[:6]} ", seat_colour(st, i))
                cv.add(f"{value}", "bold")
                if kind == "speed":
                    done = row["finished"]
                    if i in done:
                        cv.add(f"✓{done.index(i) + 1}", "bold #8fe07e")
                elif "points_now" in row:
                    pts_now = row["points_now"][i]
                    total += pts_now if kind == "solo" else 0
                    cv.add(f"→{pts_now}", "#f0b400" if pts_now else "dim")
                cv.add(" ")
            cv.newline()
        if st.solo:
            level = data.solo.levels[st.options.solo_level - 1]
            ok = total >= level.minimum
            cv.add(f" Contest points {total} of {level.minimum} ({level.name})",
                   "bold #8fe07e" if ok else "bold #ffb060")
            cv.newline()

    # the woodland: field, market, orders
    def _space_target(self, space: tuple[int, int]) -> str:
        r, c = space
        return f"start:{r}" if c < 0 else f"space:{r},{c}"

    def _field_targets(self) -> set[str]:
        out: set[str] = set()
        kind = self._kind() if self.mine() else None
        for m in self.moves():
            if isinstance(m, ForageMove):
                out.add(self._space_target(m.to))
            elif isinstance(m, PeekMove):
                out.add(self._space_target(m.space))
            elif isinstance(m, StartMove):
                out.add(f"start:{m.row}")
            elif isinstance(m, DroneNectarMove) and m.remove is not None:
                out.add(self._space_target(m.remove))
            elif isinstance(m, RecallMove) and m.scout is not None and kind == "turn" and self.path == ["recall"]:
                out.add(self._space_target(m.scout))
        return out

    def _render_woodland(self) -> None:
        st = self.st
        cv = Canvas()
        seat = self.view_seat
        lit = self._field_targets()
        me = self._seat()
        fd = game_data().field
        cv.add("Field", "bold")
        cv.add(" side B, face down" if st.advanced else " side A", "dim")
        cv.newline()
        cv.add("       ")
        for c in range(fd.cols):
            cv.add(f"{c + 1:^5}", "dim")
        cv.newline()
        price_from = st.players[me].forage if self._kind() == "forage" and self.mine() else None
        for r, row in enumerate(hbv.field_rows(st, seat)):
            cv.add(f" {'ABCDEFGH'[r]} ", "bold")
            for sp in row:
                target = self._space_target(sp.space)
                on = target in lit
                if sp.space[1] < 0:
                    text = Text("▸", style=TARGET_STYLE if on else "dim")
                    for t in sp.tokens[:2]:
                        colour = seat_colour(st, t)
                        text.append("●", style=colour if not on else f"bold {colour} on #7fd36e")
                    text.append(" " * max(0, 3 - len(text.plain)), style=TARGET_STYLE if on else "")
                    cv.add(text, target=target, cell=(r, 0))
                    cv.add(" ")
                    continue
                text = Text()
                base = TARGET_STYLE if on else ""
                if sp.nectar is None:
                    text.append(" · ", style=base or "dim")
                elif sp.nectar == "?":
                    tint = NECTAR_COLOURS.get(sp.back or "?", "#888")
                    text.append(" ? ", style=base or f"bold #e0e0e0 on {_darken(tint)}")
                else:
                    mark = "*" if st.advanced else " "
                    text.append(f" {sp.nectar}{mark}", style=base or f"bold #101010 on {NECTAR_COLOURS[sp.nectar]}")
                tokens = sp.tokens[:1]
                if tokens:
                    text.append("●", style=f"bold {seat_colour(st, tokens[0])}" + (" on #7fd36e" if on else ""))
                    if len(sp.tokens) > 1:
                        text.append("+", style="bold")
                else:
                    text.append(" ", style=base)
                cv.add(text, target=target, cell=(r, sp.space[1] + 1))
                cv.add(" ")
            cv.newline()
        legend = "● forage tokens"
        if st.advanced:
            legend = "? face down (tinted by quadrant) · R* a tile you looked at"
        if price_from is not None:
            legend += " · 1 space free, 2 coins each extra"
        cv.add("   " + legend, "dim")
        cv.newline()
        removed = [t.kind for t in st.nectar_removed]
        if removed:
            cv.add("   removed by drones: " + " ".join(removed), "dim")
            cv.newline()
        cv.newline()
        self._wood_lines["market"] = cv.y
        self._draw_market(cv)
        cv.newline()
        self._wood_lines["orders"] = cv.y
        self._draw_orders(cv)
        wood = self.query_one("#hb-wood", CanvasView)
        wood.show(cv)

    def _draw_market(self, cv: Canvas) -> None:
        st = self.st
        moves = self.moves()
        kind = self._kind() if self.mine() else None
        lit: set[str] = set()
        for m in moves:
            if isinstance(m, DropMove) or isinstance(m, DroneHoneyMove):
                lit.add(m.resource)
            elif isinstance(m, SellMove):
                lit.add(m.resource)
        cols = hbv.market_columns(st)
        cv.add("Market", "bold")
        cv.add("  values drop one space per sale", "dim")
        cv.newline()
        cv.add("       ")
        for i, col in enumerate(cols):
            on = col.resource in lit
            style = TARGET_STYLE if on else f"bold {NECTAR_COLOURS[col.resource]}"
            cv.add(Text(f"{NECTAR_SHORT[col.resource]:^7}", style=style), target=f"res:{col.resource}",
                   cell=(10, i))
        cv.newline()
        depth = max(len(c.values) for c in cols)
        for k in range(depth):
            cv.add("       ")
            for col in cols:
                if k >= len(col.values):
                    cv.add(" " * 7)
                    continue
                v = col.values[k]
                if k == col.marker:
                    cv.add(Text(f"{'[' + str(v) + ']':^7}", style=f"bold #101010 on {NECTAR_COLOURS[col.resource]}"),
                           target=f"res:{col.resource}")
                else:
                    cv.add(f"{v:^7}", "dim")
            cv.newline()
        seat = self._seat()
        p = st.players[seat]
        held = {"P": p.pollen}
        for c in p.cells:
            if c.honey and c.nectar is not None:
                held[c.nectar.kind] = held.get(c.nectar.kind, 0) + 1
        cv.add(f"{p.name[:6]:<7}", "dim")
        for r in RESOURCES:
            cv.add(f"{held.get(r, 0):^7}", "bold" if held.get(r) else "dim")
        cv.newline()
        cv.add("supply ", "dim")
        for r in RESOURCES:
            left = st.supply_pollen if r == "P" else st.supply_honey[NECTARS.index(r)]
            cv.add(f"{left:^7}", "dim")
        cv.newline()
        if kind == "drop" and st.drops:
            cv.add(f" {game_data().resource_name(st.drops[0])} is at the bottom: pick another column",
                   "bold #ffb060")
            cv.newline()

    def _draw_orders(self, cv: Canvas) -> None:
        st = self.st
        data = game_data()
        lit = {m.order for m in self.moves() if isinstance(m, (OrderMove, DroneOrderMove))}
        cv.add("Orders", "bold")
        cv.add("  complete one, then its stack's action", "dim")
        cv.newline()
        for k, stack in enumerate(hbv.order_stacks(st)):
            cv.add(f" {ACTION_WIDE[stack.action]:<8}", f"bold {ACTION_COLOURS[stack.action]}")
            if stack.face_up is None:
                cv.add("— empty" if not stack.cards_below else f"— ({stack.cards_below} below)", "dim")
                cv.newline()
                continue
            on = stack.face_up in lit
            line = Text()
            line.append(f"{stack.face_up} ", style=TARGET_STYLE if on else "bold")
            for res, n in stack.needs.items():
                line.append_text(nectar_chip(res, f"{n}{res}"))
                line.append(" ")
            line.append(f"→ {stack.points} pts", style="bold #f0b400")
            cv.add(line, target=f"order:{stack.face_up}", cell=(20 + k, 0))
            cv.add(f"  ({stack.cards_below} below)", "dim")
            cv.newline()
        done = [(i, o) for i, p in enumerate(st.players) for o in p.orders]
        if done:
            cv.add(" completed: ", "dim")
            for i, o in done:
                cv.add(f"{o} ", seat_colour(st, i))
            cv.add(f"({sum(data.order(o).points for _, o in done)} pts)", "dim")
            cv.newline()

    # the decision list
    def _render_choices(self) -> None:
        ol = self.query_one("#hb-choices", OptionList)
        entries = self._level()
        self._entries = entries
        options: list[Option] = []
        n = 0
        for i, e in enumerate(entries):
            label = Text()
            if not e.disabled and e.action != BACK and n < 9:
                n += 1
                label.append(f"{n} ", style="bold #f0b400")
            elif e.action != BACK:
                label.append("  ")
            label.append_text(e.label)
            if isinstance(e.action, Group):
                label.append(" …", style="bold")
            options.append(Option(label, id=str(i), disabled=e.disabled))
        self._syncing = True
        try:
            shown = [(str(o.prompt), o.disabled) for o in options]
            if shown != self._shown_options:
                self._shown_options = shown
                ol.set_options(options)
            first = next((i for i, e in enumerate(entries) if not e.disabled), None)
            if first is not None:
                ol.highlighted = self._preferred_index(entries, first)
        finally:
            self._syncing = False
        kind = self._kind()
        title = "Choices"
        if self.mine():
            title = f"Choices · {kind}" if kind else "Choices"
            if self.path:
                title += " · Esc back"
        if ol.border_title != title:
            ol.border_title = title

    def _preferred_index(self, entries: list[Entry], default: int) -> int:
        """Keep the list on the tile being previewed."""
        if self._kind() == "place":
            move, _ = self._preview_move()
            for i, e in enumerate(entries):
                if e.action == move:
                    return i
        return default

    def _level(self) -> list[Entry]:
        """The entries of the group the list is in now."""
        entries = self._tree
        for depth, key in enumerate(self.path):
            group = next((e.action for e in entries if isinstance(e.action, Group) and e.action.key == key), None)
            if group is None:
                del self.path[depth:]
                break
            entries = group.entries
        if self.path:
            return [*entries, Entry(Text("← back", style="italic"), BACK)]
        return entries

    # -- building the decision tree ---------------------------------------------------------------
    def _describe(self, move: Any) -> str:
        return self.match.engine.describe_move(self.st, move)

    def _build_tree(self) -> list[Entry]:
        if not self.mine():
            return []
        moves = self.moves()
        kind = self._kind()
        build = getattr(self, f"_tree_{kind}", None)
        entries = build(moves) if build is not None else [Entry(Text(self._describe(m)), m) for m in moves]
        entries = _collapse(entries)
        live = [e for e in entries if not e.disabled]
        if len(entries) == 1 and isinstance(entries[0].action, Group):
            entries = entries[0].action.entries
        elif len(live) == 1 and isinstance(live[0].action, Group) and len(entries) == 1:
            entries = live[0].action.entries
        return entries

    def _tree_turn(self, moves: list[Any]) -> list[Entry]:
        st = self.st
        data = game_data()
        out: list[Entry] = []
        closed: list[Entry] = []  # the boxes that cannot be chosen, and why: listed last
        p = st.players[self._seat()]
        takes = [m for m in moves if isinstance(m, TakeMove)]
        for box in hbv.hive_boxes(st):
            for kind, left in box.stacks.items():
                ms = [m for m in takes if m.tile == kind]
                name = data.action_name(kind)
                cost = f" (pay {data.components.decree_cost} coins)" if kind == "decree" else ""
                if not ms:
                    why = self._why_not_box(box, kind, left, p.available, p.coins)
                    closed.append(Entry(Text(f"{name}: {why}", style="dim"), None, disabled=True))
                    continue
                label = Text(f"Take a{'n' if name[0] in 'AEIOU' else ''} {name} tile{cost}")
                if len(ms) == 1:
                    label.append(f" · beeline of {ms[0].workers}", style="dim")
                    out.append(Entry(label, ms[0]))
                    continue
                hs = [m.workers for m in ms]
                label.append(f" · beeline of {min(hs)}–{max(hs)}", style="dim")
                sub = [Entry(Text(f"Beeline of {plural(m.workers, 'worker')}") +
                             Text(f" (a later beeline here needs {m.workers + 1})", style="dim"), m) for m in ms]
                out.append(Entry(label, Group(f"take:{kind}", sub)))
        recalls = [m for m in moves if isinstance(m, RecallMove)]
        if recalls:
            back = sum(h for box in hbv.hive_boxes(st) for s, h in box.beelines if s == self._seat()) + p.nursery
            label = Text(f"Recall workers ({back} come back)")
            if len(recalls) == 1:
                out.append(Entry(label, recalls[0]))
            else:
                label.append(", then scout", style="dim")
                sub = []
                for m in recalls:
                    sub.append(Entry(Text(self._scout_label(m)), m))
                out.append(Entry(label, Group("recall", sub)))
        return out + closed

    def _why_not_box(self, box: hbv.BoxView, kind: str, left: int, available: int, coins: int) -> str:
        if box.drone:
            return "a drone sits in its box"
        if left <= 0:
            return "the stack is empty"
        if kind == "decree" and coins < game_data().components.decree_cost:
            return f"costs {game_data().components.decree_cost} coins, you have {coins}"
        if available < max(1, box.next_height):
            if box.next_height:
                return f"needs a beeline of {box.next_height}, you have {available} free"
            return "no free workers (recall them)"
        return "not now"

    def _scout_label(self, m: RecallMove) -> str:
        st = self.st
        if m.scout is None:
            return "Leave the forage token where it is" if not st.advanced else "Look at no tile"
        name = space_name(m.scout)
        row = hbv.field_rows(st, self.view_seat)[m.scout[0]]
        sp = next(s for s in row if s.space == m.scout)
        if st.advanced:
            quad = game_data().resource_name(sp.back) if sp.back else "?"
            seen = f" (you saw {game_data().resource_name(sp.nectar)})" if sp.nectar not in (None, "?") else ""
            return f"Look at the tile on {name} ({quad} quadrant){seen}"
        what = game_data().resource_name(sp.nectar) if sp.nectar else "empty"
        return f"Scout to {name} ({what})"

    def _tree_place(self, moves: list[Any]) -> list[Entry]:
        st = self.st
        rows = []
        for m in moves:
            if not isinstance(m, PlaceMove):
                continue
            pv = hbv.placement_preview(st, m)
            label = Text()
            if pv.cells:
                for i, (_site, nectar) in enumerate(pv.cells):
                    if i:
                        label.append(" ")
                    label.append_text(nectar_chip(nectar, NECTAR_SHORT[nectar]) if nectar else Text("none"))
                label.append(" → " + (" ".join(ACTION_SHORT[k] for _, k in pv.woken) or "no icon"))
            else:
                label.append("no cell", style="dim")
            if self.wide:
                a, b = m.hexes
                other = b if m.icon == a else a
                label.append(f"  {m.icon[0]},{m.icon[1]}→{other[0]},{other[1]}", style="dim")
            rows.append((-len(pv.cells), -len(pv.woken), m.hexes, m.icon, Entry(label, m)))
        rows.sort(key=lambda x: (x[0], x[1], x[2], x[3]))
        return [r[-1] for r in rows]

    def _tree_action(self, moves: list[Any]) -> list[Entry]:
        out: list[Entry] = []
        decrees = []
        for m in moves:
            if m.action == "decree":
                decrees.append(Entry(Text(f"Decree as {ACTION_WIDE[m.choice or '']}"), m))
            else:
                out.append(Entry(Text(f"{ACTION_WIDE[m.action]} next"), m))
        if decrees:
            out.append(Entry(Text("Decree: take any other action"), Group("decree", decrees)))
        return out

    def _tree_forage(self, moves: list[Any]) -> list[Entry]:
        st = self.st
        p = st.players[self._seat()]
        by_dest: dict[tuple[int, int], list[ForageMove]] = {}
        for m in moves:
            by_dest.setdefault(m.to, []).append(m)
        start = p.forage or (0, -1)

        def order(sp: tuple[int, int]) -> tuple[bool, int, tuple[int, int]]:
            return (by_dest[sp][0].cell is None, abs(sp[0] - start[0]) + abs(sp[1] - start[1]), sp)

        out = []
        for dest in sorted(by_dest, key=order):
            ms = by_dest[dest]
            price = hbv.forage_price(st, dest)
            tag = "free" if not price else f"{price}c"
            tile = st.field[hbv.space_index(dest)] if dest[1] >= 0 else None
            name = space_name(dest) if dest[1] >= 0 else f"{space_name(dest)} (stay)"
            if ms[0].cell is not None and tile is not None:
                label = Text(f"{name} {tag}: ")
                label.append_text(nectar_chip(tile.kind, game_data().resource_name(tile.kind)))
                if len(ms) == 1:
                    out.append(Entry(label + Text(f" → {hexname(ms[0].cell)}", style="dim"), ms[0]))
                else:
                    sub = [Entry(Text(f"Into the cell at {hexname(m.cell)}"), m) for m in ms if m.cell]
                    out.append(Entry(label, Group(f"forage:{dest}", sub)))
            else:
                what = "pollen" if st.supply_pollen > 0 else "nothing (no pollen left)"
                out.append(Entry(Text(f"{name} {tag}: {what}"), ms[0]))
        return out

    def _tree_peek(self, moves: list[Any]) -> list[Entry]:
        out = []
        rows = hbv.field_rows(self.st, self.view_seat)
        for m in moves:
            sp = next(s for s in rows[m.space[0]] if s.space == m.space)
            quad = game_data().resource_name(sp.back) if sp.back else "?"
            seen = f" · you saw {game_data().resource_name(sp.nectar)}" if sp.nectar not in (None, "?") else ""
            out.append(Entry(Text(f"{space_name(m.space)} ({quad} quadrant){seen}"), m))
        return out

    def _tree_market(self, moves: list[Any]) -> list[Entry]:
        st = self.st
        data = game_data()
        out: list[Entry] = []
        sells: dict[str, list[SellMove]] = {}
        for m in moves:
            if isinstance(m, SellMove):
                sells.setdefault(m.resource, []).append(m)
        values = {c.resource: c.value for c in hbv.market_columns(st)}
        for res in RESOURCES:
            ms = sells.get(res)
            if not ms:
                continue
            name = data.resource_name(res)
            counts: dict[int, list[SellMove]] = {}
            for m in ms:
                counts.setdefault(m.count, []).append(m)
            sub = []
            for n, group in sorted(counts.items()):
                label = Text(f"Sell {n} {name} for {n * values[res]} coins")
                if len(group) == 1:
                    sub.append(Entry(label, group[0]))
                else:
                    tiles = [Entry(Text(f"Sell {n} {name}: honey from " + ", ".join(hexname(h) for h in g.tiles)), g)
                             for g in group]
                    sub.append(Entry(label + Text(" (choose the tiles)", style="dim"),
                                     Group(f"sell:{res}:{n}", tiles)))
            held = max(counts)
            out.append(Entry(Text(f"Sell {name} at {values[res]} (you hold {held})"), Group(f"sell:{res}", sub)))
        orders: dict[str, list[OrderMove]] = {}
        for m in moves:
            if isinstance(m, OrderMove):
                orders.setdefault(m.order, []).append(m)
        for oid, oms in orders.items():
            card = data.order(oid)
            k = st.orders_up.index(oid) if oid in st.orders_up else 0
            action = data.orders.stack_actions[k]
            label = Text(f"Complete order {oid}: ")
            for res, n in card.needs.items():
                label.append_text(nectar_chip(res, f"{n}{res}"))
                label.append(" ")
            label.append(f"→ {card.points} pts, then {ACTION_WIDE[action]}")
            if len(oms) == 1:
                out.append(Entry(label, oms[0]))
            else:
                subs = [Entry(Text(f"Order {oid}: honey from " + ", ".join(hexname(h) for h in m.tiles)), m)
                        for m in oms]
                out.append(Entry(label, Group(f"order:{oid}", subs)))
        return out

    def _tree_arrange(self, moves: list[Any]) -> list[Entry]:
        by_kind: dict[str, list[ArrangeMove]] = {}
        for m in moves:
            by_kind.setdefault(m.tile, []).append(m)
        out = []
        for kind, ms in by_kind.items():
            sub = [Entry(Text(f"Icon on {hexname(m.icon)}"), m) for m in ms]
            out.append(Entry(Text(f"{ACTION_WIDE[kind]} starting tile"), Group(f"arrange:{kind}", sub)))
        return out

    def _tree_config(self, moves: list[Any]) -> list[Entry]:
        data = game_data()
        out = []
        for m in moves:
            card = data.configurations.by_id(m.card)
            out.append(Entry(Text(f"Keep card {m.card} ({card.level})"), m))
        return out

    # -- the flow of play ---------------------------------------------------------------------------
    def on_human_turn(self) -> None:
        """The keyboard goes to the hive for a tile to place, else to the
        list (the field and the boards take it with w / b / h or Tab).
        Moving the focus only when needed keeps the footer still."""
        placing = self._kind() == "place"
        widget = self.query_one("#hb-map" if placing else "#hb-choices")
        if self.focused is not widget:
            widget.focus()
        elif placing != self._footer_placing:
            self.refresh_bindings()  # r / x come and go in the footer
        self._footer_placing = placing

    def on_undo(self) -> None:
        self.path = []
        self._for = None

    def _submit(self, move: Any) -> None:
        if self.submit(move):
            self.path = []

    def _not_now(self) -> None:
        if self.stepping:
            self.notify("The drones are playing their turn (Space runs it).", severity="warning")
        elif self.thinking:
            self.notify("Wait: the computer is thinking.", severity="warning")
        elif self.match.over:
            self.notify("The game is over.", severity="warning")
        elif self.human_to_move:
            self.notify("That is not one of your choices now: see the lit places and the list.",
                        severity="warning")

    def _open_group_with(self, moves: list[Any]) -> bool:
        """Open the group of the list that holds ``moves`` (highlighting the first)."""
        def find(entries: list[Entry], path: list[str]) -> list[str] | None:
            for e in entries:
                if isinstance(e.action, Group):
                    inner = _moves_in(e.action.entries)
                    if all(m in inner for m in moves):
                        deeper = find(e.action.entries, [*path, e.action.key])
                        return deeper if deeper is not None else [*path, e.action.key]
            return None

        if all(m in [e.action for e in self._tree] for m in moves):
            path: list[str] | None = []
        else:
            path = find(self._tree, [])
        if path is None:
            return False
        self.path = path
        self._render_choices()
        for i, e in enumerate(self._entries):
            if e.action == moves[0] or (isinstance(e.action, Group) and moves[0] in _moves_in(e.action.entries)):
                self.query_one("#hb-choices", OptionList).highlighted = i
                break
        self.query_one("#hb-choices", OptionList).focus()
        self._render_status()
        return True

    def _play_or_open(self, moves: list[Any]) -> None:
        if len(moves) == 1:
            self._submit(moves[0])
        elif moves:
            self._open_group_with(moves)
        else:
            self._not_now()

    # -- keys --------------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        key = event.key
        if len(key) == 1 and key in "123456789":
            event.stop()
            event.prevent_default()
            self._pick_number(int(key))

    def _pick_number(self, n: int) -> None:
        if not self.mine():
            self._not_now()
            return
        live = [e for e in self._entries if not e.disabled and e.action != BACK]
        if n > len(live):
            self.notify(f"There is no choice {n} in the list.", severity="warning")
            return
        self._do_entry(live[n - 1])

    def _do_entry(self, entry: Entry) -> None:
        if entry.disabled:
            return
        if entry.action == BACK:
            self.action_back()
        elif isinstance(entry.action, Group):
            self.path.append(entry.action.key)
            self._render_choices()
            self._render_status()
            if self.path == ["recall"]:
                self._render_woodland()
                if not self.wide:
                    self.action_pane("wood", focus=False)
        elif entry.action is not None:
            self._submit(entry.action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("run_steps", "toggle_steps", "next_step"):
            return bool(self.match.state.solo)
        if action in ("rotate", "swap_end"):
            return self.mine() and self._kind() == "place"
        if action == "seat":
            return len(self.match.header.seats) > 1
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        if self.path:
            self.path.pop()
            self._render_choices()
            self._render_status()
            self._render_woodland()
            return
        self.action_pause()

    def action_rotate(self, step: int) -> None:
        if not (self.mine() and self._kind() == "place"):
            return
        cursor = self.query_one("#hb-map", HexMap).cursor
        if is_site(cursor):
            self.notify("Move the cursor off the cell site first: a tile never covers one.", severity="warning")
            return
        self.tile_dir = (self.tile_dir + 2 * step) % 6
        self._fit_dir()
        self._refresh_preview()

    def action_swap_end(self) -> None:
        if not (self.mine() and self._kind() == "place"):
            return
        pair = self._preview_hexes()
        if pair is None:
            return
        self.tile_dir = (self.tile_dir + 3) % 6
        hexmap = self.query_one("#hb-map", HexMap)
        self._syncing = True
        try:
            hexmap.cursor = pair[1]
        finally:
            self._syncing = False
        self._refresh_preview()

    def action_pane(self, name: str, focus: bool = True) -> None:
        self.pane = name
        self._show_pane()
        self._render_tabs()
        if focus:
            target = {"hive": "#hb-map", "board": "#hb-board", "wood": "#hb-wood"}[name]
            self.query_one(target).focus()

    def action_seat(self, step: int) -> None:
        n = len(self.st.players)
        self.hive_seat = (self.hive_seat + step) % n
        if not self.wide and self.pane != "hive":
            self.action_pane("hive", focus=False)
        self._render_hive()

    # -- the placement preview ----------------------------------------------------------------------
    def _fit_dir(self) -> None:
        """Keep the tile's direction on the lattice for the cursor's hex (the
        same axis, the other way, when the cursor changes class)."""
        cursor = self.query_one("#hb-map", HexMap).cursor
        cls = hex_class(cursor)
        if cls in TILE_DIRS and self.tile_dir not in TILE_DIRS[cls]:
            self.tile_dir = (self.tile_dir + 3) % 6

    def _set_preview(self, move: PlaceMove) -> None:
        a, b = move.hexes
        other = b if move.icon == a else a
        d = direction_between(move.icon, other)
        self.tile_dir = d if d is not None else 0
        hexmap = self.query_one("#hb-map", HexMap)
        self._syncing = True
        try:
            hexmap.cursor = move.icon
        finally:
            self._syncing = False

    def _refresh_preview(self) -> None:
        if self.hive_seat != self._seat():
            self.hive_seat = self._seat()
        self._render_hive()
        move, _ = self._preview_move()
        if move is not None:
            for i, e in enumerate(self._entries):
                if e.action == move:
                    ol = self.query_one("#hb-choices", OptionList)
                    if ol.highlighted != i:
                        self._syncing = True
                        try:
                            ol.highlighted = i
                        finally:
                            self._syncing = False
                    break

    @on(HexMap.Moved, "#hb-map")
    def _map_moved(self, event: HexMap.Moved) -> None:
        if event.cell == self._drawn_cursor:
            return
        kind = self._kind() if self.mine() else None
        if kind == "place":
            self._fit_dir()
            self._refresh_preview()
        elif kind == "produce":
            self._render_hive()

    @on(HexMap.Turned, "#hb-map")
    def _map_turned(self, event: HexMap.Turned) -> None:
        if self.mine() and self._kind() == "place":
            if event.step > 0:
                self.action_rotate(1)
            else:
                self.action_rotate(-1)

    @on(HexMap.Chosen, "#hb-map")
    def _map_chosen(self, event: HexMap.Chosen) -> None:
        if not self.mine():
            self._not_now()
            return
        kind = self._kind()
        cell = event.cell
        if self.hive_seat != self._seat() and kind in MAP_KINDS:
            self.notify("This is another player's hive: press [ or ] to go back to yours.", severity="warning")
            return
        if kind == "place":
            self._fit_dir()
            pair = self._preview_hexes()
            if pair is None:
                self.notify(f"{hexname(cell)} is a cell site: a tile never covers one.", title="Not allowed",
                            severity="error")
                return
            self._submit(PlaceMove(hexes=norm_slot(*pair), icon=pair[0]))
        elif kind == "store":
            self._submit(StoreMove(cell=cell))
        elif kind == "produce":
            self._submit(FanMove(space=cell))
        elif kind == "arrange":
            ms = [m for m in self.moves() if isinstance(m, ArrangeMove) and m.icon == cell]
            if self.preview_arrange is not None and self.preview_arrange.icon == cell:
                self._submit(self.preview_arrange)
            elif ms:
                self._open_group_with(ms)
            else:
                self.notify("Click one of the two hexes of the lit slot.", severity="warning")
        else:
            self._not_now()

    # -- clicks and Enter on the boards ----------------------------------------------------------------
    @on(CanvasView.Chosen)
    def _canvas_chosen(self, event: CanvasView.Chosen) -> None:
        event.stop()
        target = event.target
        what, _, arg = target.partition(":")
        if what == "tab":
            self.action_pane(arg)
            return
        if what == "seat":
            self.hive_seat = int(arg)
            self._render_hive()
            return
        if what == "contest":
            self._explain_contest(arg)
            return
        if not self.mine():
            self._not_now()
            return
        kind = self._kind()
        moves = self.moves()
        found: list[Any] = []
        if what in ("space", "start"):
            if what == "space":
                r, c = (int(x) for x in arg.split(","))
                space = (r, c)
            else:
                space = (int(arg), -1)
            for m in moves:
                if isinstance(m, ForageMove) and m.to == space:
                    found.append(m)
                elif isinstance(m, PeekMove) and m.space == space:
                    found.append(m)
                elif isinstance(m, StartMove) and what == "start" and m.row == space[0]:
                    found.append(m)
                elif isinstance(m, DroneNectarMove) and m.remove == space:
                    found.append(m)
                elif isinstance(m, RecallMove) and m.scout == space:
                    found.append(m)
            if kind == "turn" and found:
                if self.path == ["recall"]:
                    self._submit(found[0])
                else:
                    self._open_group_with(found)
                return
        elif what == "res":
            for m in moves:
                if isinstance(m, (DropMove, DroneHoneyMove)) and m.resource == arg:
                    found.append(m)
                elif isinstance(m, SellMove) and m.resource == arg:
                    found.append(m)
            if kind == "market" and found:
                self._open_group_with(found)
                return
        elif what == "order":
            found = [m for m in moves if isinstance(m, (OrderMove, DroneOrderMove)) and m.order == arg]
        elif what == "tile":
            found = [m for m in moves if isinstance(m, TakeMove) and m.tile == arg]
            if not found and kind == "turn":
                st = self.st
                p = st.players[self._seat()]
                box = next(b for b in hbv.hive_boxes(st) if arg in b.stacks)
                why = self._why_not_box(box, arg, box.stacks[arg], p.available, p.coins)
                self.notify(f"{game_data().action_name(arg)}: {why}.", title="Not allowed", severity="error")
                return
        if not found and kind in FIELD_KINDS and what in ("space", "start"):
            self.notify("Choose a lit space: " + self._hint().plain, title="Not a choice", severity="warning")
            return
        self._play_or_open(found)

    def _explain_contest(self, cid: str) -> None:
        st = self.st
        data = game_data()
        row = next((r for r in hbv.contests(st) if r["id"] == cid), None)
        if row is None:
            return
        what = METRIC_TEXT.get(row["metric"], row["metric"])
        if row["kind"] == "speed":
            pays = "/".join(str(x) for x in data.setup.speed_payouts[str(st.n)])
            text = (f"Speed contest: the first players to have {row['target']} {what} are paid {pays} coins at "
                    "once; the last to get there is never paid.")
        elif row["kind"] == "final":
            pays = "/".join(str(x) for x in data.components.final_payouts)
            text = (f"Final contest: most {what} at the end scores {pays} points by rank; tied players each "
                    "score their place, and a lone last player scores nothing.")
        else:
            card = data.contest(cid)
            tiers = ", ".join(f"{t} for {p}" for t, p in zip(row["tiers"], getattr(card, "points", [])))
            text = f"Solo contest: {what} at the end scores its highest tier reached ({tiers} points)."
        now = ", ".join(f"{st.players[i].name} {v}" for i, v in enumerate(row["values"]))
        self.notify(f"{text} Now: {now}.", title=row["title"], timeout=8)

    # -- the list ------------------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#hb-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id or 0)
        if 0 <= index < len(self._entries):
            self._do_entry(self._entries[index])

    @on(OptionList.OptionHighlighted, "#hb-choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self._syncing:
            return
        index = int(event.option.id or 0)
        if not 0 <= index < len(self._entries):
            return
        action = self._entries[index].action
        marked: set[Hex] = set()
        if isinstance(action, PlaceMove):
            self._set_preview(action)
            self._render_hive()
            return
        if isinstance(action, (SellMove, OrderMove)):
            marked = set(action.tiles)
        elif isinstance(action, Group):
            tiles = [m for m in _moves_in(action.entries) if isinstance(m, (SellMove, OrderMove))]
            if tiles:
                marked = set(tiles[0].tiles)
        if isinstance(action, ConfigMove):
            self.preview_card = action.card
            self._render_hive()
        if isinstance(action, ArrangeMove):
            self.preview_arrange = action
            self._render_hive()
        elif isinstance(action, Group) and action.key.startswith("arrange:"):
            first = _moves_in(action.entries)
            self.preview_arrange = first[0] if first else None
            self._render_hive()
        if isinstance(action, (ForageMove, PeekMove, DroneNectarMove, RecallMove)):
            space = getattr(action, "to", None) or getattr(action, "space", None) or \
                getattr(action, "remove", None) or getattr(action, "scout", None)
            if space is not None:
                self.query_one("#hb-wood", CanvasView).move_to(self._space_target(space))
        if marked != self.marked:
            self.marked = marked
            self._render_hive()


def _update(widget: Static, text: Text) -> None:
    """Update a Static only when its text changed (a redraw costs more than a comparison)."""
    if getattr(widget, "_hb_text", None) != text:
        widget._hb_text = text  # type: ignore[attr-defined]
        widget.update(text)


def _darken(colour: str) -> str:
    """A dark shade of ``#rrggbb`` for a face-down tile's back."""
    c = colour.lstrip("#")
    if len(c) != 6:
        return "#333333"
    r, g, b = (int(c[i:i + 2], 16) * 2 // 5 for i in (0, 2, 4))
    return f"#{r:02x}{g:02x}{b:02x}"
