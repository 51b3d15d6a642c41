"""The Hive screen: a pannable hex board, both reserves, the move list.

Selecting a piece (on the board, or from the reserve with its letter key or
the reserve list) highlights every legal destination; choosing one of them
plays the move. Moves can also be typed in UHP notation.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...core.hexgrid import Hex
from ...games.hive import hints, view
from ..widgets.hexboard import CellView, HexBoard
from .game import GameScreen

KIND_NAMES = {"Q": "Queen Bee", "S": "Spider", "B": "Beetle", "G": "Grasshopper", "A": "Soldier Ant",
              "M": "Mosquito", "L": "Ladybug", "P": "Pillbug", "D": "Dragonfly"}
#: colour of each insect's glyph
KIND_COLOURS = {"Q": "#f0b400", "S": "#a0522d", "B": "#9b6bd6", "G": "#3fae49", "A": "#3b82f6",
                "M": "#8a8a8a", "L": "#e0403a", "P": "#5f7f8f", "D": "#19a7a0"}
SIDE_STYLE = {"w": "on #efe6d0", "b": "on #2b2b2b"}
LETTER_STYLE = {"w": "bold #1a1a1a", "b": "bold #f2f2f2"}
GLYPH = "⬢"
SEAT_OF = {"w": 0, "b": 1}


def piece_kind(name: str) -> str:
    return name[1].upper()


class HiveScreen(GameScreen):
    BINDINGS = [
        Binding("tab", "cycle(1)", "Next target", id="hive.next", show=False, priority=True),
        Binding("shift+tab", "cycle(-1)", "Previous target", show=False, priority=True),
        Binding("escape", "back", "Cancel / Menu", id="hive.back"),
        Binding("x", "pass_turn", "Pass", id="hive.pass"),
        Binding("colon", "type_move", "Type a move", id="hive.type"),
        Binding("u", "undo", "Undo", show=False),
    ]
    EXTRA_HELP = [
        ("←/→", "Move the cursor west / east"),
        ("↑/↓", "Move the cursor north-east / south-west"),
        ("shift+↑/↓", "Move the cursor north-west / south-east"),
        ("Enter or click", "Select the piece under the cursor, or play to a highlighted cell"),
        ("Tab / shift+Tab", "Jump between highlighted targets (or between your movable pieces)"),
        ("Q S B G A M L P D", "Pick that piece from your reserve to place it"),
        (":", "Type a move in UHP notation, e.g. wS1 -wQ"),
        ("x", "Pass (only when you have no legal move)"),
        ("Esc", "Cancel the selection, or open the menu"),
        ("u or ctrl+z", "Undo your last move"),
    ]

    def __init__(self, match, save_path) -> None:
        super().__init__(match, save_path)
        self.picked: str | None = None  # piece name, e.g. "wS1"
        self.targets: dict[Hex, str] = {}

    def compose_board(self) -> ComposeResult:
        yield HexBoard(id="board")
        yield Static("", id="status")
        yield Input(placeholder="type a move (UHP), e.g. wS1 -wQ, then Enter", id="typed")

    def compose_side(self) -> ComposeResult:
        reserve = OptionList(id="reserve")
        reserve.border_title = "Reserve"
        yield reserve
        yield Static("", id="opponent-reserve")

    def on_mount(self) -> None:
        self.query_one(HexBoard).focus()
        self.query_one("#log").border_title = "Moves"

    # -- keys for reserve pieces ----------------------------------------------
    def on_key(self, event) -> None:
        if isinstance(self.focused, Input):
            return
        key = event.key
        if len(key) == 1 and key.upper() in KIND_NAMES:
            event.stop()
            event.prevent_default()
            self.pick_reserve(key.upper())

    # -- rendering ------------------------------------------------------------
    def _side_to_move(self) -> str:
        d = self.match.decision
        return "w" if d is None or d.seat == 0 else "b"

    def render_board(self) -> None:
        state = self.match.state
        cells: dict[Hex, CellView] = {}
        for q, r, stack in view.board_cells(state):
            top = stack[-1]
            height = len(stack)
            label = GLYPH + piece_kind(top) + (str(height) if height > 1 else "")
            # large layout: the piece's full name, and what lies beneath a stack
            sub = f"×{height} {stack[-2]}" if height > 1 else ""
            cells[(q, r)] = CellView(label, f"{LETTER_STYLE[top[0]]} {SIDE_STYLE[top[0]]}",
                                     glyph_colour=KIND_COLOURS[piece_kind(top)], big=GLYPH + top[1:], sub=sub)
        board = self.query_one(HexBoard)
        selected_cell = hints.piece_cell(state, self.picked) if self.picked else None
        marked = {c for c in view.last_move_cells(state) if c is not None}
        board.show(cells, highlights=set(self.targets), marked=marked, selected=selected_cell)
        self._render_reserves()
        self._render_status()

    def _render_reserves(self) -> None:
        state = self.match.state
        side = self._side_to_move()
        other = "b" if side == "w" else "w"
        ol = self.query_one("#reserve", OptionList)
        ol.clear_options()
        mine = view.reserve(state, SEAT_OF[side])
        self._reserve_kinds: list[str] = []
        for kind in KIND_NAMES:
            names = [n for n in mine if piece_kind(n) == kind]
            if not names:
                continue
            self._reserve_kinds.append(kind)
            label = Text()
            label.append(GLYPH, style=KIND_COLOURS[kind])
            label.append(f"{kind} {KIND_NAMES[kind]} ×{len(names)}")
            ol.add_option(Option(label, id=kind))
        if not self._reserve_kinds:
            ol.add_option(Option(Text("all pieces are on the hive", style="dim"), disabled=True))
        seat_name = self.match.header.seats[SEAT_OF[side]].name
        ol.border_title = f"{seat_name}'s reserve"
        theirs = view.reserve(state, SEAT_OF[other])
        text = Text()
        text.append(f"{self.match.header.seats[SEAT_OF[other]].name}'s reserve: ", style="dim")
        for kind in KIND_NAMES:
            n = sum(1 for x in theirs if piece_kind(x) == kind)
            if n:
                text.append(GLYPH, style=KIND_COLOURS[kind])
                text.append(f"{kind}×{n} ")
        if not theirs:
            text.append("empty", style="dim")
        self.query_one("#opponent-reserve", Static).update(text)

    def _render_status(self) -> None:
        status = self.query_one("#status", Static)
        if self.match.over:
            status.update(self.match.result.summary)
        elif self.thinking:
            status.update("The computer is thinking…")
        elif self.picked:
            kind = KIND_NAMES[piece_kind(self.picked)]
            status.update(f"{self.picked} ({kind}): {len(self.targets)} destinations highlighted. "
                          "Enter on one to play, Esc to cancel.")
        elif self.match.legal_moves() == ["pass"]:
            status.update("You have no legal move: press x to pass.")
        else:
            status.update("Select a piece (Enter/click) or press a letter to place from the reserve.")

    # -- selection ------------------------------------------------------------
    def drop_pick(self) -> None:
        self.picked = None
        self.targets = {}

    def select(self, piece: str) -> None:
        targets = view.targets(self.match.state, piece)
        if not targets:
            self.notify(hints.why_immobile(self.match.state, piece), title=piece, severity="warning")
            return
        self.picked = piece
        self.targets = targets
        board = self.query_one(HexBoard)
        if board.cursor not in targets:
            board.cursor = min(targets, key=lambda h: (h[1], h[0]))
        self.render_board()

    def pick_reserve(self, kind: str) -> None:
        if not self.human_to_move:
            return
        side = self._side_to_move()
        names = [n for n in view.reserve(self.match.state, SEAT_OF[side]) if piece_kind(n) == kind]
        if not names:
            self.notify(f"No {KIND_NAMES[kind]} left in your reserve.", severity="warning")
            return
        self.select(names[0])
        self.query_one(HexBoard).focus()

    @on(OptionList.OptionSelected, "#reserve")
    def _reserve_chosen(self, event: OptionList.OptionSelected) -> None:
        self.pick_reserve(event.option.id or "")

    @on(HexBoard.CellChosen)
    def _cell_chosen(self, event: HexBoard.CellChosen) -> None:
        if not self.human_to_move:
            return
        cell = event.cell
        if self.picked and cell in self.targets:
            move = self.targets[cell]
            self.drop_pick()
            self.submit(move)
            return
        top = hints.top_piece(self.match.state, cell)
        if top is not None and top == self.picked:
            self.drop_pick()
            self.render_board()
            return
        if top is not None and (top[0] == self._side_to_move() or view.targets(self.match.state, top)):
            # your own piece, or an opponent's piece your Pillbug can throw
            self.select(top)
            return
        if self.picked:
            self.notify(hints.why_illegal(self.match.state, self.picked, cell), severity="warning")
        elif top is not None:
            self.notify("That piece is not yours.", severity="warning")

    def action_cycle(self, step: int) -> None:
        if isinstance(self.focused, Input):
            self.focus_next() if step > 0 else self.focus_previous()
            return
        board = self.query_one(HexBoard)
        pool = sorted(self.targets) if self.picked else sorted(hints.movable_cells(self.match.state))
        if not pool:
            return
        pool.sort(key=lambda h: (h[1], h[0]))
        if board.cursor in pool:
            board.cursor = pool[(pool.index(board.cursor) + step) % len(pool)]
        else:
            board.cursor = pool[0]
        board.focus()

    def action_back(self) -> None:
        if isinstance(self.focused, Input):
            self.query_one(HexBoard).focus()
            return
        if self.picked:
            self.drop_pick()
            self.render_board()
            return
        self.action_pause()

    def action_pass_turn(self) -> None:
        if not self.human_to_move:
            return
        if self.match.legal_moves() != ["pass"]:
            self.notify("You may pass only when you have no legal move.", severity="warning")
            return
        self.submit("pass")

    def action_type_move(self) -> None:
        self.query_one("#typed", Input).focus()

    @on(Input.Submitted, "#typed")
    def _typed(self, event: Input.Submitted) -> None:
        self.drop_pick()
        if self.submit_text(event.value):
            event.input.value = ""
            self.query_one(HexBoard).focus()

    def on_undo(self) -> None:
        self.drop_pick()

    def on_human_turn(self) -> None:
        self.drop_pick()
        self.render_board()
