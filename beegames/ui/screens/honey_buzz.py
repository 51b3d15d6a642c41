"""The Honey Buzz screen: your hive, the hive board, the field, the market and orders.

Four panes show the table in the game's own terms:

* **Hive**: a player's hive hex by hex with its yellow and dark edges, the
  cells named by letters, the nectar each takes, the nectar tiles and the
  honey on them (``<`` / ``>`` show the other players' hives);
* **Hive board**: the hive boxes, the beelines, the nursery, the drones
  (solitaire) and the Queen's contests with each player's standing;
* **Field**: the nectar tiles and the forage tokens;
* **Market**: the market columns, what you hold, and the order stacks.

On a wide terminal they are all shown at once; on a small one a single pane
shows at a time (``h``, ``b``, ``w``, ``m``, or a click on the tab line),
chosen to suit each decision. The hive fits its pane or pans (it follows the
cursor; Ctrl+arrows, a drag or the wheel move it).

Every decision is in the list on the right, each entry saying what it does
(1-9 pick the numbered entry; groups open with Enter and close with Esc);
entries that do nothing say so and come last, and those that cannot be
chosen say why. A place on the table can be chosen there too: the tile being
placed follows the cursor or the mouse (``r`` turns it, ``x`` swaps its ends,
the foot says what it would do or why not), a cell, the fan's space, a field
space, a market column, an order, a tile stack.

The screen draws the seat's own view (``self.seen``) and everything it shows comes
from :mod:`beegames.games.honey_buzz.view`: it computes no rule. The drones' turns in
solitaire are automatic steps (Space runs them, ``p`` pauses, ``n`` takes one step;
with none to run, Space says what it is for and which keys choose). In the advanced
variant a look that ends the turn is shown to the looker before the keyboard is handed on.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll

from ...core.hexgrid import Hex, distance
from ...games.honey_buzz import view as hbv
from ...games.honey_buzz.models import (
    ArrangeMove,
    ConfigMove,
    DroneHoneyMove,
    DroneOrderMove,
    DropMove,
    HoneyBuzzState,
    OrderMove,
    PeekMove,
    PlaceMove,
    RecallMove,
    SellMove,
    TakeMove,
)
from ..widgets.canvas import Canvas, CanvasView, TextLines
from ..widgets.choices import Choice, ChoiceList
from ..widgets.hexboard import HexBoard
from ..widgets.honey_buzz import NECTAR_COLOURS, clicks, seat_colour
from ..widgets.honey_buzz import keys as hbk
from ..widgets.honey_buzz.boards import (
    draw_contests,
    draw_field,
    draw_hive_board,
    draw_market,
    draw_orders,
    draw_standings,
    reveal_block,
    seat_lines,
    space_target,
)
from ..widgets.honey_buzz.clicks import MAP_KINDS
from ..widgets.honey_buzz.hive import HiveMap, HiveScene, hive_cells, hive_head, hive_legend
from ..widgets.honey_buzz.look import LookScreen
from .game import GameScreen
from .steps import STEP_BINDINGS

#: which pane suits each decision on a small terminal
PANE_FOR = {"config": "hive", "arrange": "hive", "start": "field", "turn": "board", "place": "hive",
            "forage": "field", "peek": "field", "store": "hive", "produce": "hive", "market": "market",
            "drop": "market", "drone_order": "market", "drone_honey": "market", "drone_nectar": "field"}
#: the panes of a small terminal, and the boards drawn in them
PANE_IDS = {"hive": "#hb-hive-pane", "board": "#hb-board-pane", "field": "#hb-field-pane",
            "market": "#hb-market-pane"}
CANVAS_IDS = {"board": "#hb-board", "field": "#hb-field", "market": "#hb-market"}
#: the names of the resources, for colouring them in the list
WORD_COLOURS = {hbv.resource_name(r): NECTAR_COLOURS[r] for r in hbv.RESOURCE_TYPES}


def _label(cv: hbv.ChoiceView) -> Text:
    """An entry's label as the view gives it: a choice that does nothing is dim and marked ○."""
    text = Text(cv.label, style="dim" if cv.idle else "")
    for word, colour in WORD_COLOURS.items():
        text.highlight_words([word], style=colour)
    return (Text("○ ", style="dim") + text) if cv.idle else text


def _as_choice(cv: hbv.ChoiceView) -> Choice:
    return Choice(label=_label(cv), value=cv, refused=cv.refused,
                  group=[_as_choice(c) for c in cv.group] if cv.group else None)


class HoneyBuzzScreen(GameScreen):
    """Honey Buzz: the hive, the boards and the decision list."""

    STEP_DELAY = 0.6
    AUTO_FOCUS = "#hb-choices"
    #: the status line above the board says what is being decided
    PROMPT_IN_PANEL = False

    STEPS_TEXT = "The drones' turn"
    BINDINGS = [
        # Esc steps back where it can (the footer says "Back"), else opens the menu ("Menu")
        Binding("escape", "back", "Back", id="hb.back"),
        Binding("escape", "pause", "Menu", id="game.pause"),
        # (a keymap that moves the menu elsewhere leaves Esc the menu when there is nothing to step back
        # from, as Esc is in every game: behind the menu's own binding, it never runs while Esc is the menu)
        Binding("escape", "pause", "Menu", id="hb.back", show=False),
        *STEP_BINDINGS,  # (and the drones' keys where they have nothing to do: they say what they are for)
        *hbk.IDLE_STEP_BINDINGS,
        # (shown in the footer while a tile is being placed; hidden otherwise)
        Binding("r", "rotate(1)", "Turn", id="hb.rotate", tooltip="Turn the tile you are placing"),
        Binding("R", "rotate(-1)", "Turn back", show=False),
        Binding("x", "swap_end", "Swap ends", id="hb.swap", tooltip="Put the tile's icon on its other hex"),
        Binding("tab", "place_tab", "Hive/list", id="hb.place_tab"),
        Binding("tab", "app.focus_next", "Focus Next", show=False),
        Binding("h", "pane('hive')", "Hive", id="hb.hive", show=False),
        Binding("b", "pane('board')", "Hive board", id="hb.board", show=False),
        Binding("w", "pane('field')", "Field", id="hb.field", show=False),
        Binding("m", "pane('market')", "Market", id="hb.market", show=False),
        # (not [ and ]: those step a replay, for every game)
        Binding("less_than_sign", "seat(-1)", "Previous hive", show=False),
        Binding("greater_than_sign", "seat(1)", "Next hive", show=False),
    ]
    EXTRA_HELP = hbk.KEYS_HELP
    REPLAY_HELP = [row for row in hbk.KEYS_HELP if row[0] in ("h / b / w / m", "< / >", "a b c … on a cell", "5/6",
                                                          "Ctrl+arrows")]
    PLAY_ACTIONS = frozenset({"rotate", "swap_end", "place_tab"})

    def __init__(self, match: Any, save_path: Any, **kwargs: Any) -> None:
        super().__init__(match, save_path, **kwargs)
        self.pane = "board"
        self.hive_seat = 0
        #: placing: the direction from the icon hex (the cursor) to the tile's other hex
        self.tile_dir = 0
        #: hexes the highlighted entry is about (honey to sell, a cell)
        self.marked: set[Hex] = set()
        self.preview_card: str | None = None
        self.preview_arrange: ArrangeMove | None = None
        #: the moves of the highlighted entry (or the open group)
        self._focus_moves: list[Any] = []
        self._entries: list[hbv.ChoiceView] = []
        self._entries_for: tuple[Any, ...] | None = None
        self._for: tuple[Any, ...] | None = None
        self._decider: int | None = None
        self._contest_rows: list[str] = []
        #: the contest opened on the hive board (what it counts is written under it)
        self._open_contest: str | None = None
        self._in_group = False
        #: a look the keyboard's seat made with its last move (shown before a hand-off)
        self._look: tuple[int, int] | None = None

    def seat_colours(self) -> list[str]:
        return [seat_colour(p.colour, i) for i, p in enumerate(self.st.players)]

    # -- layout -----------------------------------------------------------------------------------
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
                yield HiveMap(id="hb-map")
                yield TextLines(id="hb-hive-foot")
            with Vertical(id="hb-right"):
                for name in ("board", "field", "market"):
                    pane = VerticalScroll(id=f"hb-{name}-pane")
                    pane.can_focus = False  # the keyboard goes to the board in it (its cursor scrolls it)
                    with pane:
                        yield CanvasView(id=f"hb-{name}")

    def compose_side(self) -> ComposeResult:
        yield ChoiceList(id="hb-choices", digits=True)

    def on_mount(self) -> None:
        for name, (_key, title) in hbk.PANES.items():
            if name != "hive":
                self.query_one(PANE_IDS[name]).border_title = title
        self.query_one("#hb-choices").border_title = "Choices"
        self._apply_size()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size()

    @property
    def wide(self) -> bool:
        return self.app.size.width >= 118

    def _apply_size(self) -> None:
        for name, flag in (("-wide", self.wide), ("-narrow", not self.wide)):
            if self.has_class(name) != flag:
                self.set_class(flag, name)
        self._show_pane()
        if self.is_mounted:
            self.refresh_view()  # the players' panel too: what it shows depends on the size

    def _player_rows(self) -> int:
        """Lines of goods per seat in the players' panel: one on a small screen (the list needs the room)."""
        return 2 if self.app.size.height >= 30 else 1

    def _show_pane(self) -> None:
        """All panes side by side on a wide screen, else the chosen one."""
        wide = self.wide
        for name, wid in (*PANE_IDS.items(), ("right", "#hb-right")):
            shown = wide or (self.pane == name if name != "right" else self.pane != "hive")
            widget = self.query_one(wid)
            if widget.display != shown:
                widget.display = shown

    # -- reading the state ------------------------------------------------------------------------
    @property
    def st(self) -> HoneyBuzzState:
        """The game as the seat at the keyboard may see it."""
        state: HoneyBuzzState = self.seen.state
        return state

    def _kind(self) -> str | None:
        d = self.seen.decision
        return d.kind if d is not None and self.mine() else None

    def mine(self) -> bool:
        """The pending decision is the keyboard's, and nothing else is running."""
        return self.my_decision() and not self.match.over

    def moves(self) -> list[Any]:
        return list(self.seen.moves) if self.mine() else []

    def _seat(self) -> int:
        d = self.seen.decision
        if d is not None:
            return d.seat
        return self.view_seat if self.view_seat is not None else 0

    @property
    def hexmap(self) -> HiveMap:
        return self.query_one("#hb-map", HiveMap)

    @property
    def choice_list(self) -> ChoiceList:
        return self.query_one("#hb-choices", ChoiceList)

    def entries(self) -> list[hbv.ChoiceView]:
        """The decision list as the view gives it (worked out once per position)."""
        key = (id(self.match.state), self.view_seat, self.mine())
        if key != self._entries_for:
            self._entries_for = key
            self._entries = hbv.choices(self.st, self.moves()) if self.mine() else []
        return self._entries

    # -- after every change -----------------------------------------------------------------------
    def render_board(self) -> None:
        if not self.is_mounted:
            return
        d = self.seen.decision
        key = (id(self.match.state), self.view_seat, d.seat if d else None, self.mine())
        fresh = key != self._for
        if fresh:
            self._for = key
            self.marked, self.preview_card, self.preview_arrange = set(), None, None
            self._focus_moves = []
            self._setup_decision()
            self.refresh_bindings()  # (the footer's keys for the new decision: r and x only while placing)
        self._render_status()
        self._render_tabs()
        self._render_hive()
        self._render_boards()
        self._render_choices(fresh)

    def _setup_decision(self) -> None:
        """Set the pane, the hive shown and the cursors for the decision now pending."""
        d = self.seen.decision
        seat = d.seat if d is not None else self.view_seat
        if seat != self._decider:
            self._decider = seat
            self.hive_seat = seat if seat is not None and seat < len(self.st.players) else (self.view_seat or 0)
        kind = self._kind()
        if kind is None:
            return
        if kind in MAP_KINDS or kind in ("arrange", "config"):
            self.hive_seat = self._seat()
        if not self.wide and kind in PANE_FOR:
            self.pane = PANE_FOR[kind]
            self._show_pane()
        hexmap = self.hexmap
        hexmap.follow_mouse = kind in ("place", "produce")
        hexmap.wheel_turns = kind == "place"
        if kind == "place":
            first = next((m for e in self.entries() for m in e.moves() if isinstance(m, PlaceMove)), None)
            moves = [m for m in self.moves() if isinstance(m, PlaceMove)]
            first = first or (moves[0] if moves else None)
            if first is not None:
                self._set_preview(first)
        elif kind in ("store", "produce", "arrange"):
            # on the first entry's space (a starting tile: its slot, in sight), as the list highlights it
            spot = next((sp for e in self.entries() for m in e.moves() if (sp := hbv.hive_spot(m)) is not None), None)
            lit = hbv.map_targets(self.st, self.moves())
            if spot is not None:
                with hexmap.prevent(HexBoard.CursorMoved):
                    hexmap.cursor = spot
            elif lit and hexmap.cursor not in lit:
                hexmap.cursor = min(lit, key=lambda h: (distance(h, hexmap.cursor), h))
        elif kind in hbk.FIELD_KINDS:
            spots = [space_target(s) for e in self.entries() for m in e.moves() if (s := hbv.space_of(m))]
            if spots:
                self.query_one("#hb-field", CanvasView).move_to(spots[0])
        if kind in ("market", "drop", "drone_order", "drone_honey") and not self.wide:
            self.call_after_refresh(self.query_one("#hb-market-pane").scroll_home, animate=False)

    # -- drawing ----------------------------------------------------------------------------------
    def seat_details(self) -> list[str]:
        """Each seat's goods under its name in the shared players' panel (two lines on a tall
        screen, none for three or four players on a small one: the list needs the room)."""
        seats = len(self.match.header.seats)
        if self.app.size.height < 30 and seats > 2:
            return []
        return seat_lines(self.st, 2 if seats == 1 else self._player_rows())

    def _render_status(self) -> None:
        st = self.st
        d = self.seen.decision
        text = Text()
        tag = f"Round {st.turn} · " if st.phase != "setup" else "Setup · "
        if self.match.over:
            text.append(self.match.result.summary if self.match.result else "Game over.", style="bold")
        elif self.stepping:
            text.append(tag + "Drone turn: ", style="bold")
            undo = self.key_for("undo") if self.steps_paused and self.match.can_undo(self.keyboard_seat) else None
            text.append(("paused. " if self.steps_paused else "flipping a drone card… ") + self.steps_keys()
                        + (f" · {undo}: take your move back (the card is not turned yet)" if undo else ""),
                        style="italic")
        elif d is None:
            text.append(tag)
        elif not self.mine():
            text.append(tag, style="bold")
            doing = "is thinking…" if self.thinking else "decides."
            text.append(f"{st.players[d.seat].name} {doing}")
        else:
            text.append(tag, style="bold")
            prompt = d.prompt
            name = st.players[d.seat].name + ": "
            if prompt.startswith(name) and len(st.players) == 1:
                prompt = prompt[len(name):]
                prompt = prompt[:1].upper() + prompt[1:]
            text.append(prompt)
            text.append((" " + note) if (note := hbv.turn_note(st)) else "", style="bold")
            text.append("\n")
            news = hbv.drone_news(self.seen.log) if d.kind == "turn" and st.solo else ""
            if news:
                text.append("Drones: ", style="bold #c0a0ff")
                text.append(news, style="#c0a0ff")
            else:
                text.append(hbk.decision_keys(d.kind, self.focused is self.hexmap), style="dim")
        self._set_lines("#hb-status", text, 3)

    def _set_lines(self, selector: str, text: Text, least: int) -> None:
        """Show ``text`` in a box of lines that grows to hold it all (a long prompt, the drones' news, the
        hive's legend): nothing is cut."""
        box = self.query_one(selector, TextLines)
        width = box.content_region.width or (44 if not self.wide else 100)
        height = max(least, len(text.wrap(self.app.console, width)))
        if box.styles.height is None or box.styles.height.value != height:
            box.styles.height = height
        box.set_text(text)

    def _render_tabs(self) -> None:
        tabs = self.query_one("#hb-tabs", CanvasView)
        tabs.show(hbk.pane_tabs(self.pane) if not self.wide else Canvas())
        if tabs.display != (not self.wide):
            tabs.display = not self.wide

    @on(HexBoard.Beyond, "#hb-map")  # (the map has no border to say which way more of it lies)
    def _map_beyond(self, event: HexBoard.Beyond) -> None:
        self._render_hive()

    def _render_hive(self) -> None:
        st = self.st
        seat = min(self.hive_seat, len(st.players) - 1)
        head = self.query_one("#hb-hive-head", CanvasView)
        head.show(hive_head([(p.name, seat_colour(p.colour, i)) for i, p in enumerate(st.players)], seat,
                            HexBoard.beyond_text(self.hexmap.beyond_sides, short=True), head.size.width))
        hexmap = self.hexmap
        kind = self._kind() if seat == self._seat() else None
        scene = HiveScene(marked=self.marked, cursor=hexmap.cursor)
        foot = Text()
        hv = hbv.hive(st, seat)
        if kind in MAP_KINDS:
            scene.lit = hbv.map_targets(st, self.moves())
            scene.lit_kind = kind or ""
        if kind == "place":
            pv = hbv.placement_at(st, hexmap.cursor, self.tile_dir, [m for m in self.moves()
                                                                     if isinstance(m, PlaceMove)])
            scene.placing = pv
            foot.append(pv.text, style="bold #8fe07e" if pv.move is not None else "bold #ff8080")
            foot.append_text(hive_legend(hv, pv))
        elif kind == "produce":
            scene.fan_counts = {h: len(made) for h, made in hbv.fan_targets(st).items() if made}
            scene.fan_cells, text = hbv.fan_yield(st, hexmap.cursor)
            foot.append(f"Fan here: {text}" + ("" if scene.fan_cells else " (choose a lit space)"
                                               if scene.fan_counts else " (no nectar tile can make honey now)"))
        elif kind in ("arrange", "config"):
            scene.slots = hbv.starting_tiles(st, self.preview_card or st.config, self.preview_arrange)
        cells, frame = hive_cells(hv, hbv.shown_tiles(st, seat), scene)
        hexmap.show(cells, frame=frame)
        self._set_lines("#hb-hive-foot", foot if foot.plain else hive_legend(hv), 2)

    def _canvas(self, name: str) -> Canvas:
        """A canvas as wide as its pane's content (so that every line wraps within it)."""
        width = self.query_one(CANVAS_IDS[name]).size.width
        return Canvas(width=max(20, width or (42 if not self.wide else 49)))

    def _render_boards(self) -> None:
        st = self.st
        moves = self.moves()
        seat = self._seat()
        board = self._canvas("board")
        draw_hive_board(board, st, seat, {m.tile for m in moves if isinstance(m, TakeMove)})
        if not self.seat_details():
            draw_standings(board, st)  # the players' panel has no room for them
        self._contest_rows = draw_contests(board, st, self._open_contest)
        self.query_one("#hb-board", CanvasView).show(board)
        field = self._canvas("field")
        lit = {space_target(s) for m in moves if (s := hbv.space_of(m)) is not None
               and (not isinstance(m, RecallMove) or m in self._focus_moves)}
        draw_field(field, st, self.view_seat, lit, pricing=self._kind() == "forage")
        self.query_one("#hb-field", CanvasView).show(field)
        market = self._canvas("market")
        res: set[str] = {m.resource for m in moves if isinstance(m, (SellMove, DropMove, DroneHoneyMove))}
        note = ""
        if self._kind() == "drop" and st.drops:
            note = f"{hbv.resource_name(st.drops[0])} is at the bottom: pick another column"
        draw_market(market, st, seat, res, note)
        market.newline()
        draw_orders(market, st, {m.order for m in moves if isinstance(m, (OrderMove, DroneOrderMove))})
        self.query_one("#hb-market", CanvasView).show(market)

    def _render_choices(self, fresh: bool) -> None:
        cl = self.choice_list
        entries, kind = self.entries(), self._kind()
        title, empty = self.nothing_to_choose() if not entries else (
            f"Choices · {hbv.list_title(kind)}" if kind else "Choices", "")
        cl.set_choices([_as_choice(e) for e in entries], keep=not fresh, empty=empty)
        cl.set_title(title)

    # -- the flow of play -----------------------------------------------------------------------------
    def on_human_turn(self) -> None:
        """The keyboard goes to the list, which holds every decision (the hive takes it for a
        tile placed by hand: h, Tab or a click)."""
        if self.focused is not self.choice_list:
            self.choice_list.focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self._kind() == "place":
            self._render_status()  # the keys for the list, or for the tile on the hive

    def on_undo(self) -> None:
        self._for = None
        self._entries_for = None

    def submit(self, move: Any) -> bool:
        """Submit a move; a look at a face-down tile is remembered, to be shown before a hand-off."""
        self._look = hbv.space_of(move) if self.st.advanced and isinstance(move, (RecallMove, PeekMove)) else None
        return super().submit(move)

    def next_turn(self) -> None:
        """A look that ended the turn is shown to the looker first (issue 18 point 3)."""
        look, self._look = self._look, None
        d = self.match.decision
        seat = self.keyboard_seat
        if look is not None and seat is not None and d is not None and d.seat != seat and self.replay is None:
            report = hbv.look_report(self.match.view(seat).state, seat, look)
            if report is not None and len(self.match.humans) > 1:
                self.app.push_screen(LookScreen(self.st.players[seat].name, report),
                                     lambda _none: super(HoneyBuzzScreen, self).next_turn())
                return
        super().next_turn()

    def _not_now(self) -> None:
        if self.stepping:
            self.notify(f"The drones are playing their turn ({self.steps_keys()}).", severity="warning")
        elif self.thinking:
            self.notify("Wait: the computer is thinking.", severity="warning")
        elif self.match.over:
            self.notify("The game is over.", severity="warning")
        elif self.human_to_move:
            self.notify("That is not one of your choices now: see the lit places and the list.",
                        severity="warning")

    def _open_with(self, moves: list[Any]) -> bool:
        """Show the entry of the list that holds ``moves``, opening the groups on the way (a
        group of exactly those moves is opened for the player to choose); False if none holds them."""
        cl = self.choice_list
        while cl.in_group:
            cl.close_group()
        level = self.entries()
        while True:
            index = next((i for i, e in enumerate(level) if moves[0] in e.moves()), None)
            if index is None:
                return False
            entry = level[index]
            if not entry.group:
                cl.highlight(index)
                break
            cl.open_group(index)
            if all(m in moves for m in entry.moves()):
                break
            level = list(entry.group)
        cl.focus()
        return True

    def _play_or_open(self, moves: list[Any]) -> None:
        if len(moves) == 1:
            self.submit(moves[0])
        elif moves:
            self._open_with(moves)
        else:
            self._not_now()

    # -- keys -----------------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """1-9 choose from the list wherever the keyboard is (the list takes them itself)."""
        if event.key in "123456789" and len(event.key) == 1 and self.focused is not self.choice_list:
            targets = self.choice_list.digit_targets()
            n = int(event.key)
            if self.mine() and n <= len(targets):
                event.stop()
                event.prevent_default()
                self.choice_list.choose(targets[n - 1])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("run_steps", "toggle_steps", "next_step"):
            return bool(self.match.state.solo) and super().check_action(action, parameters)
        if action in ("rotate", "swap_end", "place_tab"):
            return self._kind() == "place"
        if action == "idle_key":
            return self.replay is None and not self.watching
        if action == "back":
            return self._can_step_back()
        if action == "seat":
            return len(self.match.header.seats) > 1
        return super().check_action(action, parameters)

    def action_idle_key(self, action: str) -> None:
        """A drones' key (Space, p, n) with nothing to do: what it is for, and the keys that choose now."""
        if self.mine():
            self.notify(hbk.idle_key_note(self.bound_keys(action)[0], action, self._kind() or "",
                                          self.focused is self.hexmap, self.st.solo), severity="warning")
        else:
            self._not_now()

    def _can_step_back(self) -> bool:
        """A group of choices is open, or the keyboard is on the hive or a board while you decide."""
        on_board = self.focused is self.hexmap or isinstance(self.focused, CanvasView)
        return self.choice_list.in_group or (on_board and self.mine())

    def action_back(self) -> None:
        """Step back: from the hive or a board to the list (a group open there stays open), out of
        a group of choices, else the menu."""
        if self._can_step_back() and self.focused is not self.choice_list:
            self.choice_list.focus()
            return
        if self.choice_list.close_group():
            return
        self.action_pause()

    def action_place_tab(self) -> None:
        """Placing a tile: Tab goes from the list to the tile on your hive and back."""
        if self.focused is self.hexmap:
            self.choice_list.focus()
        else:
            self.action_pane("hive")

    def action_rotate(self, step: int) -> None:
        if self._kind() != "place":
            return
        if hbv.tile_hexes(self.hexmap.cursor, self.tile_dir) is None:
            self.notify("Move the cursor off the cell site first: a tile never covers one.", severity="warning")
            return
        self.tile_dir = hbv.turned(self.tile_dir, step)
        self._placement_moved()

    def action_swap_end(self) -> None:
        pair = hbv.tile_hexes(self.hexmap.cursor, self.tile_dir) if self._kind() == "place" else None
        if pair is None:
            return
        self.tile_dir = (self.tile_dir + 3) % 6
        with self.hexmap.prevent(HexBoard.CursorMoved):
            self.hexmap.cursor = pair[1]
        self._placement_moved()

    def _own_hive(self) -> None:
        """Show the hive of the seat at the keyboard (the one deciding, when that is the keyboard)."""
        own = self._seat() if self.mine() or self.view_seat is None else self.view_seat
        if self.hive_seat != own:
            self.hive_seat = own
            self._render_hive()

    def action_pane(self, name: str, focus: bool = True) -> None:
        if name == "hive" and focus:
            self._own_hive()
        self.pane = name
        self._show_pane()
        self._render_tabs()
        if focus:
            target = "#hb-map" if name == "hive" else CANVAS_IDS[name]
            self.query_one(target).focus()

    def action_seat(self, step: int) -> None:
        self.hive_seat = (self.hive_seat + step) % len(self.st.players)
        if not self.wide and self.pane != "hive":
            self.action_pane("hive", focus=False)
        self._render_hive()

    # -- the coach's hint ----------------------------------------------------------------------------
    def show_hint(self, found: Any) -> None:
        """Mark the hinted entry; a hinted placement is also shown on the hive, where it would go."""
        super().show_hint(found)
        if isinstance(found.move, PlaceMove):
            self._set_preview(found.move)
            self._render_hive()

    # -- the tile being placed ----------------------------------------------------------------------
    def _set_preview(self, move: PlaceMove) -> None:
        self.tile_dir = hbv.direction_of(move)
        with self.hexmap.prevent(HexBoard.CursorMoved):
            self.hexmap.cursor = move.icon

    def _placement_moved(self) -> None:
        """The tile moved or turned: redraw it, and highlight its entry in the list if it has one."""
        self.hive_seat = self._seat()
        self._render_hive()
        pv = hbv.placement_at(self.st, self.hexmap.cursor, self.tile_dir, [])
        move = PlaceMove(hexes=pv.tile.hexes, icon=pv.tile.icon) if pv.tile is not None else None
        if move is not None:
            self.choice_list.highlight_first(lambda e: e.move is not None and set(e.move.hexes) == set(move.hexes)
                                  and e.move.icon == move.icon)

    @on(HexBoard.CursorMoved, "#hb-map")
    def _map_moved(self, event: HexBoard.CursorMoved) -> None:
        kind = self._kind()
        if kind == "place":
            # (the cursor may have moved on since this message was sent: keys typed ahead)
            self.tile_dir = hbv.lattice_direction(self.hexmap.cursor, self.tile_dir)
            self._placement_moved()
        elif kind in ("produce", "store"):
            self._render_hive()
            spot = self.hexmap.cursor  # the fan's space or the cell under it: its entry, if it has one
            self.choice_list.highlight_first(lambda e: any(hbv.hive_spot(m) == spot for m in e.moves()))

    @on(HexBoard.Turned, "#hb-map")
    def _map_turned(self, event: HexBoard.Turned) -> None:
        self.action_rotate(1 if event.step > 0 else -1)

    @on(HexBoard.CellChosen, "#hb-map")
    def _map_chosen(self, event: HexBoard.CellChosen) -> None:
        clicks.map_chosen(self, event.cell)

    # -- clicks and Enter on the boards -------------------------------------------------------------
    @on(CanvasView.Moved)
    def _canvas_moved(self, event: CanvasView.Moved) -> None:
        reveal_block(event.view, event.target)

    @on(CanvasView.Chosen)
    def _canvas_chosen(self, event: CanvasView.Chosen) -> None:
        event.stop()
        clicks.board_chosen(self, event.view, event.target)

    # -- the list -----------------------------------------------------------------------------------
    @on(ChoiceList.Selected, "#hb-choices")
    def _chosen(self, event: ChoiceList.Selected) -> None:
        event.stop()
        entry = event.choice.value
        if not isinstance(entry, hbv.ChoiceView):
            return
        if entry.map:
            if self.focused is not self.hexmap:
                self.action_pane("hive")
                self.passing.append(self.app.notice(  # (taken down once the tile is placed)
                    "Move the tile with the arrows (r turns it, x swaps its ends), Enter places it; "
                    "the foot of the hive says what a place does.", timeout=6))
        elif entry.move is not None:
            self.submit(entry.move)

    @on(ChoiceList.Refused, "#hb-choices")
    def _refused(self, event: ChoiceList.Refused) -> None:
        event.stop()
        self.notify(event.choice.refused or "Not now.", title="Not allowed", severity="warning")

    @on(ChoiceList.Highlighted, "#hb-choices")
    def _highlighted(self, event: ChoiceList.Highlighted) -> None:
        entry = event.choice.value
        if self.choice_list.in_group != self._in_group:  # Esc now steps back, or opens the menu
            self._in_group = self.choice_list.in_group
            self.refresh_bindings()
        if not isinstance(entry, hbv.ChoiceView):
            return
        moves = entry.moves()
        self._focus_moves = moves
        first = moves[0] if moves else None
        if isinstance(first, PlaceMove) and entry.move is not None:
            self._set_preview(first)
        spot = hbv.hive_spot(first)
        if isinstance(first, PlaceMove) or spot is not None:  # shown on the hive: the decider's own
            self.hive_seat = self._seat()
        if spot is not None:  # the fan's space or the cell: the hive's cursor goes there, so its line agrees
            with self.hexmap.prevent(HexBoard.CursorMoved):
                self.hexmap.cursor = spot
        self.marked = set(entry.marks) or (set(first.tiles) if isinstance(first, (SellMove, OrderMove)) else set())
        if isinstance(first, ConfigMove):
            self.preview_card = first.card
        if isinstance(first, ArrangeMove):
            self.preview_arrange = first
        space = hbv.space_of(first) if first is not None else None
        if space is not None:
            self.query_one("#hb-field", CanvasView).move_to(space_target(space))
            if self.choice_list.in_group and not self.wide and self.pane != "field":  # (the recall's scouts)
                self.action_pane("field", focus=False)
        self._render_hive()
        if isinstance(first, RecallMove):
            self._render_boards()

