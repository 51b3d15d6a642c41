"""The Hive screen: a pannable hex board, both reserves, the move list.

Selecting a piece (on the board, or from the reserve with its letter key or
the reserve list) highlights every legal destination; choosing one of them
plays the move. Moves can also be typed in UHP notation.

The two sides differ in more than colour: White's pieces are a filled
hexagon with a capital letter (``⬢Q``), Black's a hollow one with a small
letter (``⬡q``), on light and dark cells.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...core import hexgrid
from ...core.hexgrid import Hex
from ...core.match import Match
from ...games.hive import view
from ..widgets.hexboard import SCALES, TALL, CellView, HexBoard
from .game import GameScreen

KIND_NAMES = {"Q": "Queen Bee", "S": "Spider", "B": "Beetle", "G": "Grasshopper", "A": "Soldier Ant",
              "M": "Mosquito", "L": "Ladybug", "P": "Pillbug", "D": "Dragonfly"}
#: colour of each insect's glyph
KIND_COLOURS = {"Q": "#f0b400", "S": "#a0522d", "B": "#9b6bd6", "G": "#3fae49", "A": "#3b82f6",
                "M": "#8a8a8a", "L": "#e0403a", "P": "#5f7f8f", "D": "#19a7a0"}
SIDE_STYLE = {"w": "on #efe6d0", "b": "on #2b2b2b"}
LETTER_STYLE = {"w": "bold #1a1a1a", "b": "bold #f2f2f2"}
#: a piece's cell while it is lit (a Beetle may climb there), and while it is selected (or is the hint's):
#: White's dark letters need a light green and a light amber to read (8:1; on the board's dark green and
#: dark amber they were 2.4:1), Black's light ones keep the board's (at least 4.9:1 in 256 colours);
#: tests/ui/test_hexboard_contrast.py
LIT_STYLE = {"w": "on #8fbf73", "b": ""}
TINT_STYLE = {"w": "on #e0a84a", "b": ""}
#: White: a filled hexagon; Black: a hollow one
GLYPHS = {"w": "⬢", "b": "⬡"}
GLYPH = GLYPHS["w"]
SEAT_OF = {"w": 0, "b": 1}
SIDE_NAMES = {"w": "White", "b": "Black"}


def piece_kind(name: str) -> str:
    return name[1].upper()


def piece_label(name: str, numbered: bool = False) -> str:
    """How a piece is drawn: ``⬢Q``/``⬡q``; with ``numbered``, ``⬢S1``/``⬡s1``."""
    side = name[0]
    letter = name[1].upper() if side == "w" else name[1].lower()
    return GLYPHS[side] + letter + (name[2:] if numbered else "")


#: the height of a stack, written as a small raised number after the piece on top
SUPERSCRIPTS = dict(zip(range(10), "⁰¹²³⁴⁵⁶⁷⁸⁹"))


def cell_label(stack: list[str], wide: bool = False) -> str:
    """A board cell: the piece on top with its number, in both layouts
    (``⬢B1``); a stack drops the side's hexagon in the compact layout (the
    letter's case and the cell's colour still tell the side) and adds its
    height as a raised number (``B1²``; large layout ``⬢B1²``), so a digit
    on the line always means the piece's number."""
    top = stack[-1]
    if len(stack) == 1:
        return piece_label(top, True)
    height = "".join(SUPERSCRIPTS[int(d)] for d in str(len(stack)))
    return (piece_label(top, True) if wide else piece_label(top, True)[1:]) + height


def under_label(stack: list[str]) -> str:
    """The large layout's second line: what lies under the top of a stack (``on s1``)."""
    return f"on {piece_label(stack[-2], True)[1:]}" if len(stack) > 1 else ""


#: the least board (columns, rows inside its border) that uses the tall cells: 8 rows of them, 7 across
TALL_FROM = (56, 24)

#: the keys screen's row of the reserve's letters (a game shows those of its pieces)
RESERVE_KEYS = "Q S B G A M L P D"
RESERVE_HELP = "Pick that piece from your reserve to place it"


class HiveScreen(GameScreen):
    #: the status line under the board says who is to play and what happened
    PROMPT_IN_PANEL = False
    BINDINGS = [
        Binding("tab", "cycle(1)", "Next target", id="hive.next", show=False, priority=True),
        Binding("shift+tab", "cycle(-1)", "Previous target", show=False, priority=True),
        Binding("escape", "back", "Back / Menu", id="hive.back"),
        Binding("x", "pass_turn", "Pass", id="hive.pass"),
        Binding("colon", "type_move", "Type a move", id="hive.type"),
    ]
    EXTRA_HELP = [
        ("←/→", "Move the cursor west / east"),
        ("↑/↓", "Move the cursor north-east / south-west"),
        ("Shift+↑/↓", "Move the cursor north-west / south-east"),
        ("Enter or click", "Select the piece under the cursor, or play to a highlighted cell"),
        ("Tab / Shift+Tab", "Jump between highlighted targets (or between your movable pieces)"),
        (RESERVE_KEYS, RESERVE_HELP),
        (":", "Type a move in UHP notation, e.g. wS1 -wQ"),
        ("x", "Pass (only when you have no legal move)"),
        ("Esc", "Cancel the selection, or open the menu"),
        ("{undo}", "Undo your last move"),
        ("⬢Q  ⬡q", "White's pieces: filled hexagon, capital letter, light cell; Black's: hollow hexagon, "
                   "small letter, dark cell. The digit after the letter is the piece's number (⬢S1, ⬡s2)"),
        ("B1²", "A stack: the piece on top, and the stack's height as a small raised number (the large "
                "board adds what lies under it: on s1)"),
        ("[⬢A1]", "The cursor: in brackets, and reversed"),
        ("Ctrl+arrows", "Pan the board when it is bigger than its box (so do a mouse drag and the wheel; "
                        "it follows the cursor). Its border says which way more of it lies: more ◀ ▼"),
        ("Home", "Put the cursor back in the middle of the board"),
    ]
    #: in a replay: the cursor's other keys (←/→ step the replay), the marks, panning
    REPLAY_HELP = [row for row in EXTRA_HELP if row[0] in ("↑/↓", "Shift+↑/↓", "⬢Q  ⬡q", "B1²", "[⬢A1]",
                                                           "Ctrl+arrows")]
    PLAY_ACTIONS = frozenset({"pass_turn", "type_move", "cycle"})

    def seat_colours(self) -> list[str]:
        return ["#efe6d0", "#a8a8a8"]  # White, and a light grey for Black on a dark screen

    def __init__(self, match: Match[Any, Any], save_path: Path, **kwargs: Any) -> None:
        super().__init__(match, save_path, **kwargs)
        self.picked: str | None = None  # piece name, e.g. "wS1"
        self.targets: dict[Hex, str] = {}
        #: what the rules say of the piece selected (its status, the pieces a lifter may lift)
        self.selection: view.Selection | None = None
        self._reserve_key: tuple[Any, ...] | None = None
        self._reserve_kinds: list[str] = []

    def compose_board(self) -> ComposeResult:
        board = HexBoard(id="board")
        board.steady = True  # the cells keep their size and place while a piece is selected
        # on a big screen, the tall cells while the hive fits in them (an 80x24 board keeps to the others)
        board.scales = (*SCALES, TALL)
        board.tall_from = TALL_FROM
        yield board
        yield Static("", id="status")
        yield Input(placeholder="UHP move, e.g. wS1 -wQ", id="typed")

    def compose_side(self) -> ComposeResult:
        reserve = OptionList(id="reserve")
        reserve.border_title = "Reserve"
        yield reserve

    def on_mount(self) -> None:
        self.query_one(HexBoard).focus()
        self.query_one("#log").border_title = "Moves"
        self.query_one("#typed").display = self.replay is None and not self.match.over and not self.watching
        # fixed heights: a move then redraws these without laying the screen out again
        self.query_one("#reserve", OptionList).styles.height = len(self._game_kinds()) + 2
        # (the status's forms are chosen for its size: chosen again once it has one, and at every new size)
        self.call_after_refresh(self._render_status)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._render_status)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.match.over and action in ("pass_turn", "type_move"):
            return False  # nothing to play: the footer does not offer them (nor in a replay: PLAY_ACTIONS)
        return super().check_action(action, parameters)

    def help_rows(self) -> list[tuple[str, str]]:
        """The keys, and in a game with the Pillbug how to use its power (after the reserve's letters)."""
        # (the letters of this game's pieces only)
        rows = [(" ".join(self._game_kinds()) if key == RESERVE_KEYS else key, what)
                for key, what in super().help_rows()]
        if "P" in self._game_kinds() and self.replay is None:
            at = next((i + 1 for i, (_key, what) in enumerate(rows) if what == RESERVE_HELP), len(rows))
            rows.insert(at, ("Pillbug", view.LIFT_HELP))
        return rows

    # -- keys for reserve pieces ----------------------------------------------
    def on_key(self, event: events.Key) -> None:
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

    def seat_tags(self) -> list[Text]:
        """Say who plays which side: ``⬢ White``, ``⬡ Black``."""
        return [Text.assemble((GLYPHS[side] + " ", KIND_COLOURS["Q"]), SIDE_NAMES[side])
                if self.match.header.seats[i].name != SIDE_NAMES[side] else Text(GLYPHS[side])
                for i, side in enumerate(("w", "b"))]

    def render_board(self) -> None:
        state = self.seen.state
        cells: dict[Hex, CellView] = {}
        for q, r, stack in view.board_cells(state):
            top = stack[-1]
            cells[(q, r)] = CellView(cell_label(stack), f"{LETTER_STYLE[top[0]]} {SIDE_STYLE[top[0]]}",
                                     glyph_colour=KIND_COLOURS[piece_kind(top)], big=cell_label(stack, True),
                                     sub=under_label(stack), tall=("", cell_label(stack, True), under_label(stack)),
                                     lit=LIT_STYLE[top[0]],
                                     tint=TINT_STYLE[top[0]])
        board = self.query_one(HexBoard)
        selected_cell = view.piece_cell(state, self.picked) if self.picked else None
        lit = set(self.targets) | set(self.lifts)
        found = self.current_hint()
        if found is not None and not self.picked:
            # the hint: the piece that moves tinted, where it goes lit
            selected_cell, to = view.hint_cells(state, found.move)
            lit = {to} if to is not None else set()
        marked = {c for c in view.last_move_cells(state) if c is not None}
        board.show(cells, highlights=lit, marked=marked, selected=selected_cell)
        # Enter chooses only while something may be played (not once the game is over, nor in a replay,
        # nor in a game only watched)
        playing = self.replay is None and not self.match.over and not self.watching
        if board.choosing != playing:
            board.choosing = playing
            self.query_one("#typed", Input).display = playing  # (its key, ':', is not offered either)
            self.refresh_bindings()
        self._render_reserves()
        self._render_status()

    def _render_reserves(self) -> None:
        """Both reserves in one list: a row per kind of piece, with what White
        (⬢) and Black (⬡) have left; choosing a row picks that piece for the
        side to move (a row it has none of is dimmed and disabled)."""
        state = self.seen.state
        side = self._side_to_move()
        white = [piece_kind(n) for n in view.reserve(state, 0)]
        black = [piece_kind(n) for n in view.reserve(state, 1)]
        over = self.match.result is not None
        key = (side, tuple(white), tuple(black), over)
        if key == self._reserve_key:
            return  # unchanged: keep the list (and its highlight) as it is
        self._reserve_key = key
        # every kind of the game keeps its row, so a move redraws the rows in place
        ol = self.query_one("#reserve", OptionList)
        kinds = self._game_kinds()
        labels: list[Text] = []
        mine = white if side == "w" else black
        for kind in kinds:
            have = mine.count(kind)
            label = Text(style="" if have else "dim")
            label.append(f"{kind} ", style=f"bold {KIND_COLOURS[kind]}" if have else "")
            label.append(f"{KIND_NAMES[kind]:<12}")
            for glyph, pieces, turn in (("⬢", white, side == "w"), ("⬡", black, side == "b")):
                count = pieces.count(kind)
                label.append(f" {glyph}×{count}", style="bold" if turn and count else "dim")
            labels.append(label)
        if kinds != self._reserve_kinds:
            ol.clear_options()
            ol.add_options([Option(label, id=kind) for kind, label in zip(kinds, labels)])
            self._reserve_kinds = kinds
        else:
            for index, label in enumerate(labels):
                ol.replace_option_prompt_at_index(index, label)
        for index, kind in enumerate(kinds):
            none_left = kind not in mine
            if ol.get_option_at_index(index).disabled != none_left:
                if none_left:
                    ol.disable_option_at_index(index)
                else:
                    ol.enable_option_at_index(index)
        ol.border_title = Text("Reserves" if over else f"Reserves · {GLYPHS[side]} {SIDE_NAMES[side]} to place")

    def _game_kinds(self) -> list[str]:
        """The kinds of piece in this game (the five of the base game, then the expansions')."""
        extra = str(getattr(self.match.options, "expansions", ""))
        return [kind for kind in KIND_NAMES if kind in "QSBGA" or kind in extra]

    def _player(self, side: str) -> str:
        """Who plays ``side``: a human player's name (hot-seat players tell their moves apart by it),
        else the side's (``Black``)."""
        seat = self.match.header.seats[SEAT_OF[side]]
        return seat.name if seat.is_human and seat.name else SIDE_NAMES[side]

    def _last_move(self, named: bool = True) -> Text:
        """The last move in the Moves box's words, after who played it (a human player's name, else
        the side's): ``Ben: Queen Bee placed left of White's Ladybug.``, ``Ben passes: no legal
        move.``; with ``named`` false, the words alone."""
        found = view.last_move(self.seen.log)
        if found is None:
            return Text()
        lead, words = found.said(self._player(found.side) if named else None)
        return Text.assemble((lead, "dim"), (words, "bold"), (".", "dim"))

    def _render_status(self) -> None:
        status = self.query_one("#status", Static)
        result = self.match.result
        d = self.seen.decision
        who = ""
        if d is not None:
            side = "w" if d.seat == 0 else "b"
            name = self.match.header.seats[d.seat].name
            who = SIDE_NAMES[side] if name == SIDE_NAMES[side] else f"{name} ({SIDE_NAMES[side]})"
        # what to say after the last move: its forms, the longest first
        prompts: list[Text] = []
        if self.replay is not None:
            if result is not None:
                prompts = [Text(result.summary)]
            elif who:
                prompts = [Text(f"{who} to play.")]
        elif result is not None:
            prompts = [Text(result.summary, style="bold")]
        elif self.thinking:
            prompts = [Text(f"{who} (the computer) is thinking…")]
        elif self.picked and self.selection is not None:
            # (while a piece is selected its line takes the room of the last move's: that is underlined
            # on the board)
            status.update(self._fitting(status, *self.selection.forms), layout=False)
            return
        elif self.seen.moves == ["pass"]:
            prompts = [Text(f"{who}: you have no legal move; press x to pass."),
                       Text(f"{who}: no legal move; x passes.")]
        elif self.human_to_move and view.first_placement(self.seen.state):
            prompts = [Text(f"{who} to play: a letter from Reserves places your first piece."),
                       Text(f"{who} to play: a Reserves letter."), Text(f"{who} to play.")]
        elif self.human_to_move:
            prompts = [Text(f"{who} to play: Enter on a piece, or a letter from the reserve."),
                       Text(f"{who} to play: Enter, or a letter."), Text(f"{who} to play.")]
        # the last move whole, and as much of the prompt as fits under it: the move after who played it with
        # each form of the prompt, the longest first; then without the player's name (the side to play says
        # whose move it was); then the last move alone
        last, bare = self._last_move(), self._last_move(named=False)
        prompts = prompts or [Text()]
        pairs = [(move, p) for move in (last, bare) for p in prompts] + [(last, Text()), (bare, Text())]
        forms = [Text("\n").join(t for t in pair if t.plain) for pair in pairs]
        status.update(self._fitting(status, *forms), layout=False)

    def _fitting(self, status: Static, *texts: str | Text) -> str | Text:
        """The first of ``texts`` that fits in the status line's rows, else the last of them: at 80
        columns a long selection drops the keys the footer names anyway, then says it in brief."""
        size = status.content_size
        if size.width <= 0:
            return texts[0]
        return next((text for text in texts
                     if len((text if isinstance(text, Text) else Text(text)).wrap(self.app.console, size.width))
                     <= size.height), texts[-1])

    # -- the coach's hint ------------------------------------------------------
    def hint_where(self, found: Any) -> str:
        if found is None:
            return "on the board: the tinted piece to the lit cell, or the lit cell and the reserve row"
        source, _to = view.hint_cells(self.seen.state, found.move)
        return ("on the board: the tinted piece to the lit cell" if source is not None else
                "lit on the board, its reserve row highlighted")

    def show_hint(self, found: Any) -> None:
        """Light the hinted move on the board and put the cursor on its destination."""
        self.drop_pick()
        source, to = view.hint_cells(self.seen.state, found.move)
        board = self.query_one(HexBoard)
        if to is not None:
            board.cursor = to
        elif source is not None:
            board.cursor = source
        self.render_board()
        if source is None and to is not None:
            # a placement: its kind's row of the reserves too
            kind = piece_kind(str(found.move).split()[0])
            if kind in self._reserve_kinds:
                self.query_one("#reserve", OptionList).highlighted = self._reserve_kinds.index(kind)

    def clear_hint(self) -> None:
        """(The board is redrawn without the hint by the render that follows.)"""

    # -- selection ------------------------------------------------------------
    @property
    def lifts(self) -> dict[Hex, str]:
        """The pieces the selected lifter (a Pillbug that cannot move itself) may lift, by their cells."""
        return self.selection.lifts if self.selection is not None and self.picked else {}

    def drop_pick(self) -> None:
        self.picked = None
        self.targets = {}
        self.selection = None

    def selection_of(self, piece: str) -> view.Selection:
        """What the rules say selecting ``piece`` gives the player to move."""
        return view.select(self.match.state, piece, lambda name: piece_label(name, True))

    def select(self, piece: str, found: view.Selection | None = None) -> None:
        """Select ``piece``: light where it may go (or, for a Pillbug that cannot
        move, the pieces it may lift), or say why it cannot be selected."""
        found = found or self.selection_of(piece)
        if not found.usable:
            self.notify(found.text, title=piece_label(piece, True), severity="warning", markup=False)
            return
        self.picked = piece
        self.targets = found.targets
        self.selection = found
        board = self.query_one(HexBoard)
        pool = found.targets or found.lifts
        if board.cursor not in pool:
            # the nearest target: the view stays where the player is looking
            here = board.cursor
            board.cursor = min(pool, key=lambda h: (hexgrid.distance(h, here), h[1], h[0]))
        self.render_board()

    def pick_reserve(self, kind: str) -> None:
        over = view.game_over(self.match.state)
        if over and self.replay is None:
            self.notify(over, severity="warning", markup=False)
            return
        if not self.human_to_move:
            return
        side = self._side_to_move()
        names = [n for n in view.reserve(self.match.state, SEAT_OF[side]) if piece_kind(n) == kind]
        if kind not in self._game_kinds():
            self.notify(f"There is no {KIND_NAMES[kind]} in this game (it was started without it).",
                        severity="warning")
            return
        if not names:
            self.notify(f"No {KIND_NAMES[kind]} left in your reserve: Tab goes through your pieces on the board "
                        "that can move.", severity="warning")
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
        state = self.match.state
        if self.picked and cell in self.targets:
            move = self.targets[cell]
            self.drop_pick()
            self.submit(move)
            return
        if cell in self.lifts:
            self.select(self.lifts[cell])  # the piece the selected Pillbug is to lift
            return
        top = view.top_piece(state, cell)
        if top is not None and top == self.picked:
            self.drop_pick()
            self.render_board()
            return
        if top is not None:
            found = self.selection_of(top)
            if top[0] == self._side_to_move() or found.usable or self.selection is None or self.lifts:
                # your own piece, or an opponent's piece your Pillbug may lift; else the rules say why not
                self.select(top, found)
                return
        self.notify(view.why_not_here(state, cell, self.selection), severity="warning", markup=False)

    def action_cycle(self, step: int) -> None:
        if isinstance(self.focused, Input):
            self.focus_next() if step > 0 else self.focus_previous()
            return
        board = self.query_one(HexBoard)
        pool = sorted(set(self.targets) | set(self.lifts)) if self.picked else sorted(
            view.selectable_cells(self.match.state))
        if not pool:
            # (a selection always lights something: this is Tab with nothing selected)
            self.notify(view.why_none_selectable(self.match.state), severity="warning", markup=False)
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

    def decision_widget(self) -> HexBoard:
        return self.query_one(HexBoard)

    def on_human_turn(self) -> None:
        if self.picked is not None or self.targets:
            self.drop_pick()
            self.render_board()
