"""Widgets of the Waggle Dance screen: the table, honeycombs, Bumblebot's area, a hand.

Each draws one piece of :mod:`beegames.games.waggle_dance.view` data as text.
A :class:`TextPanel` repaints only when what it shows changed, and asks for a
new layout only when its height changed, so that a move costs the screen a
few small repaints. Clicks on a place (a space, a flower, a room, a die) post
:class:`TextPanel.Picked` with the place's id.

Colour is never the only cue: dice show their digit, nectar its two-letter
tag, blockers their own glyph, and lit places an arrow.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...games.waggle_dance.view import (
    BumblebotView,
    DieView,
    FlowerView,
    HiveView,
    NectarView,
    RoomView,
    SpaceView,
    TableView,
    ThreatView,
)
from .dice import BLOCKER_COLOUR, die_chip, text_colour_on
from .panels import GameLog

#: Screen colour of each dice colour named by the game; seats are named after them.
DICE_HEX = {
    "Blue": "#3f7fd8",
    "Black": "#2b2b2b",
    "Orange": "#f0902a",
    "Yellow": "#f2cf30",
    "Blocker": BLOCKER_COLOUR,
}
#: Screen colour of each nectar colour (its name tag is always shown too).
NECTAR_HEX = {
    "Red": "#e5484d", "Orange": "#f08a3c", "Pink": "#f38fc0", "Purple": "#9d6bde", "White": "#eeeeee",
    "Yellow": "#f2c94c", "Green": "#46b96b",
}
HONEY_STYLE = "bold #3a2a00 on #f0b400"
TARGET_STYLE = "bold #101010 on #7fd36e"
MARK_STYLE = "bold #101010 on #f0b400"
EGG_STYLE = "bold #f5f0e0 on #6b5a3a"

Spot = tuple[int, int, int, str]


def dice_hex(colour: str) -> str:
    return DICE_HEX.get(colour, "#888888")


def seat_style(colour: str) -> str:
    """The style of a seat's name: its dice colour as a tag."""
    back = dice_hex(colour)
    return f"bold {text_colour_on(back)} on {back}"


def chip(die: DieView, *, lit: bool = False) -> Text:
    return die_chip(die.value, dice_hex(die.colour), blocker=die.blocker, highlight=lit)


def nectar_chip(n: NectarView) -> Text:
    back = NECTAR_HEX.get(n.name, "#888888")
    return Text(n.label, style=f"bold {text_colour_on(back)} on {back}")


class Canvas:
    """Lines of styled text that remember which cells stand for which place."""

    def __init__(self) -> None:
        self.lines: list[Text] = [Text()]
        self.spots: list[Spot] = []

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
        """The whole current line stands for ``target``."""
        self.spots.append((self.y, -1, 10_000, target))

    def newline(self) -> None:
        self.lines.append(Text())

    def add_cell(self, cell: Canvas, width: int = 0) -> None:
        """Append the first line of ``cell`` (with its places), padded to ``width`` cells."""
        line = self.lines[-1]
        x0 = line.cell_len
        text = cell.lines[0]
        line.append_text(text)
        if width > text.cell_len:
            line.append(" " * (width - text.cell_len))
        spots = [sp for sp in cell.spots if sp[0] == 0]
        # exact places first: a place standing for the whole line of the cell covers the cell
        # only, and yields to the places inside it (see TextPanel.target_at)
        for _y, a, b, target in sorted(spots, key=lambda sp: sp[1] < 0):
            self.spots.append((self.y, x0 + max(a, 0), x0 + min(b, text.cell_len), target))

    @property
    def width(self) -> int:
        return max(line.cell_len for line in self.lines)

    def text(self) -> Text:
        lines = self.lines[:-1] if not self.lines[-1].plain and len(self.lines) > 1 else self.lines
        out = Text("\n").join(lines)
        out.no_wrap = True
        out.overflow = "crop"
        return out


#: Cells between two columns of rooms or flowers.
GAP = 2


def columns(cv: Canvas, cells: list[Canvas], width: int) -> bool:
    """Lay ``cells`` (one line each) out in two columns, filled column by column, if they fit
    in ``width`` cells; False (and nothing drawn) if they do not."""
    if width <= 0 or len(cells) < 2:
        return False
    half = (len(cells) + 1) // 2
    left, right = cells[:half], cells[half:]
    lw = max(c.width for c in left)
    if lw + GAP + max(c.width for c in right) > width:
        return False
    for k, cell in enumerate(left):
        cv.add_cell(cell, lw + GAP if k < len(right) else 0)
        if k < len(right):
            cv.add_cell(right[k])
        cv.newline()
    return True


class TextPanel(Widget):
    """Shows a :class:`Canvas`; repaints only on change; clicks post :class:`Picked`."""

    DEFAULT_CSS = """
    TextPanel { height: auto; width: 1fr; text-wrap: nowrap; text-overflow: clip; }
    """

    class Picked(Message):
        def __init__(self, panel: TextPanel, target: str) -> None:
            super().__init__()
            self.panel = panel
            self.target = target

    def __init__(self, *, wrap: bool = False, fixed: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.wrap = wrap
        #: the stylesheet fixes the height: a change never needs a new layout
        self.fixed = fixed
        self._text = Text()
        self._key: tuple[str, tuple[Any, ...]] = ("", ())
        self._lines = 1
        self.spots: list[Spot] = []

    def show(self, canvas: Canvas) -> None:
        self.show_text(canvas.text(), canvas.spots)

    def show_text(self, text: Text, spots: list[Spot] | None = None) -> None:
        """Show ``text`` (a repaint only if it changed)."""
        key = (text.plain, tuple((sp.start, sp.end, str(sp.style)) for sp in text.spans))
        self.spots = list(spots or [])
        if key == self._key:
            return
        self._key = key
        if self.wrap:
            text.no_wrap = False
            text.overflow = "fold"
            self.styles.text_wrap = "wrap"
        self._text = text
        lines = self._count_lines(self.content_region.width)
        self.refresh(layout=not self.fixed and lines != self._lines)
        self._lines = lines

    def _count_lines(self, width: int) -> int:
        """Lines the text takes at ``width`` (wrapped, for a wrapping panel)."""
        if self.wrap and width > 0:
            return len(self._text.wrap(self.app.console, width))
        return self._text.plain.count("\n") + 1

    def render(self) -> Text:
        return self._text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._lines = self._count_lines(width)
        return self._lines

    def target_at(self, x: int, y: int) -> str | None:
        exact = [t for (ly, x0, x1, t) in self.spots if ly == y and 0 <= x0 <= x < x1]
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
            self.post_message(self.Picked(self, target))


# -- drawing --------------------------------------------------------------------------------


def _space(cv: Canvas, sp: SpaceView) -> None:
    if sp.dice:
        c = chip(sp.dice[0], lit=sp.target)
        if sp.target:
            c.stylize("reverse")
        cv.add(c, target=sp.id)
        cv.add("+" if len(sp.dice) > 1 else " ")
    else:
        cv.add(Text(f"·{sp.value}", style=TARGET_STYLE if sp.target else "dim"), target=sp.id)
        cv.add(" ")


def draw_table(tv: TableView, wide: bool, width: int = 0) -> Canvas:
    """The action cards, the flowers and the threats (narrow, in ``width`` cells: the
    flowers in two columns when they fit)."""
    cv = Canvas()
    if wide:
        phase = {"day": "Day", "night": "Night", "over": "Game over"}[tv.phase]
        cv.add(f"Round {tv.round} · {phase}", "bold")
        cv.add(f" · {tv.target} honey" + (" wins" if tv.edition == "2014" else " ends the game"), "dim")
        cv.newline()
    cv.add(f"Queen deck {tv.queen_deck}", "bold" if tv.queen_deck <= 3 else "")
    cv.add(f" · eggs {tv.eggs} · tiles {tv.rooms}")
    if tv.last_round:
        cv.add(" · LAST ROUND", "bold red")
    elif not wide:
        cv.add(f" · goal {tv.target}", "dim")
    cv.newline()
    by_letter = {a.letter: a for a in tv.actions}
    for pair in ("AC", "EG"):
        for k, letter in enumerate(pair):
            a = by_letter[letter]
            if k:
                cv.add("  ")
            cv.add(Text(letter, style=TARGET_STYLE if a.target else "bold reverse"), target=letter)
            cv.add(" ")
            for sp in a.spaces:
                _space(cv, sp)
        cv.newline()
    if wide:
        cv.add("A room · C egg · E trade · G card · B/F your rooms", "dim")
        cv.newline()
    for letter in "BF":
        a = by_letter[letter]
        if a.pairs:
            cv.add(Text(letter, style="bold reverse"))
            cv.add(" Bumblebot ", "dim")
            for v in a.pairs:
                cv.add(die_chip(v, dice_hex(tv.bumblebot.colour if tv.bumblebot else "")))
                cv.add(die_chip(v, dice_hex(tv.bumblebot.colour if tv.bumblebot else "")))
                cv.add(" ")
            cv.newline()
    d = by_letter["D"]
    if wide or not columns(cv, [_flower_cell(f, d.target) for f in tv.flowers], width):
        for f in tv.flowers:
            _flower(cv, f, d.target, wide)
    if tv.threats_in_game or tv.threats:
        _threats(cv, tv)
    return cv


def _flower(cv: Canvas, f: FlowerView, any_lit: bool, wide: bool) -> None:
    cv.line_target(f.id)
    if f.number == 1:
        cv.add(Text("D", style=TARGET_STYLE if any_lit else "bold reverse"), target="D")
    else:
        cv.add(" ")
    cv.add(Text("▶" if f.target else " ", style="bold"))
    cv.add(Text(str(f.number), style=TARGET_STYLE if f.target else "bold"))
    cv.add(" ")
    cv.add(nectar_chip(NectarView(f.colour, f.name, f.label)))
    cv.add(f" {f.supply:>2} ", "dim")
    if f.closed:
        cv.add("closed ", "dim italic")
    for die in f.dice:
        cv.add(chip(die))
        cv.add(" ")
    if wide and f.counts:
        cv.add(f.counts, "dim")
    cv.newline()


def _flower_cell(f: FlowerView, any_lit: bool) -> Canvas:
    """A flower in a narrow cell: the dice on it grouped by owner (a flower holds dice of its
    own number, so a chip and a count say it all)."""
    cv = Canvas()
    cv.line_target(f.id)
    if f.number == 1:
        cv.add(Text("D", style=TARGET_STYLE if any_lit else "bold reverse"), target="D")
    else:
        cv.add(" ")
    cv.add(Text("▶" if f.target else " ", style="bold"))
    cv.add(Text(str(f.number), style=TARGET_STYLE if f.target else "bold"))
    cv.add(" ")
    cv.add(nectar_chip(NectarView(f.colour, f.name, f.label)))
    cv.add(f" {f.supply:>2}", "dim")
    groups: dict[tuple[str, int, bool], tuple[DieView, int]] = {}
    for die in f.dice:
        key = (die.colour, die.value, die.blocker)
        groups[key] = (groups[key][0] if key in groups else die, groups[key][1] + 1 if key in groups else 1)
    for die, count in groups.values():
        cv.add(" ")
        cv.add(chip(die))
        if count > 1:
            cv.add(f"×{count}", "bold")
    return cv


def _threats(cv: Canvas, tv: TableView) -> None:
    cv.add("Threats", "bold")
    cv.add(f" deck {tv.threat_deck} · guardians {tv.guardians}", "dim")
    cv.newline()
    if not tv.threats:
        cv.add("  none in play", "dim")
        cv.newline()
    for th in tv.threats:
        _threat(cv, th)


def _threat(cv: Canvas, th: ThreatView) -> None:
    cv.line_target(th.id)
    cv.add(Text("▶" if th.target else " ", style="bold"))
    cv.add(Text(th.id, style=TARGET_STYLE if th.target else "bold"))
    cv.add(f" {th.name:<9}")
    for k in range(th.spaces):
        if k < len(th.dice):
            cv.add(chip(th.dice[k]))
        else:
            cv.add(Text("X ", style=TARGET_STYLE if th.target else "dim"))
        cv.add(" ")
    cv.add(th.penalty, "dim")
    cv.newline()


def draw_hive(h: HiveView, tv: TableView, mine: bool, marked: frozenset[int] | set[int] = frozenset(),
              width: int = 0) -> Canvas:
    """One honeycomb: the seat, its dice and its rooms (``marked``: rooms the highlighted
    choice is about; with a ``width``, the rooms in two columns when they fit in it)."""
    cv = Canvas()
    cv.add(Text(f" {h.name} ", style=seat_style(h.colour)))
    if mine and tv.hand is not None:
        cv.add(" (you)", "dim")
    cv.add(" ")
    cv.add(f" honey {h.honey}/{tv.target} ", HONEY_STYLE if h.honey else "bold")
    cv.add(f" cards {h.cards}")
    if h.first:
        cv.add(" · first", "dim")
    cv.newline()
    if h.flags:
        cv.add(" Now: " + ", ".join(h.flags), "italic")
        cv.newline()
    cv.add(f" Dice {h.dice}" + (f"+{h.volunteer}" if h.volunteer else "") + ": ", "dim")
    if h.pool:
        for v in h.pool:
            cv.add(die_chip(v, dice_hex(h.colour)), target=f"die{v}" if mine else None)
            cv.add(" ")
    else:
        cv.add("all placed ", "dim")
    if h.helpers:
        cv.add("helpers ", "dim")
        for v in h.helpers:
            cv.add(die_chip(v, dice_hex(h.colour), dim=True))
            cv.add(" ")
    if h.sick:
        cv.add("sick ", "dim")
        for v in h.sick:
            cv.add(die_chip(v, dice_hex(h.colour), dim=True))
            cv.add(" ")
    cv.newline()
    if not columns(cv, [_room(h, room, marked, compact=True) for room in h.rooms], width):
        for room in h.rooms:
            cv.add_cell(_room(h, room, marked, compact=False))
            cv.newline()
    if h.waiting:
        cv.add(" Waiting to be stored ", "italic")
        for n in h.waiting:
            cv.add(nectar_chip(n))
            cv.add(" ")
        cv.newline()
    return cv


def _room(h: HiveView, room: RoomView, marked: frozenset[int] | set[int], compact: bool) -> Canvas:
    """One room on one line (``compact``: for a narrow column, without the note on what its
    dice do at night)."""
    cv = Canvas()
    cv.line_target(room.id)
    mark = room.index in marked
    cv.add(Text("▶" if room.target else ("›" if mark else " "), style="bold"))
    cv.add(Text(room.id, style=TARGET_STYLE if room.target else (MARK_STYLE if mark else "bold")))
    cv.add(" ")
    if room.honey:
        cv.add(Text(" HONEY HONEY", style=HONEY_STYLE))
    elif room.egg:
        cv.add(Text("  (egg)    ", style=EGG_STYLE))
    else:
        for k in range(4):
            if k:
                cv.add(" ")
            if k < len(room.nectar):
                cv.add(nectar_chip(room.nectar[k]))
            else:
                cv.add("··", "dim")
    if room.dice:
        cv.add(" ")
        for k, v in enumerate(room.dice):
            if k and not compact:
                cv.add(" ")
            cv.add(die_chip(v, dice_hex(h.colour)))
        if room.note and not compact:
            cv.add(" " + room.note, "dim italic")
    return cv


def draw_bumblebot(b: BumblebotView, tv: TableView) -> Canvas:
    cv = Canvas()
    colour = dice_hex(b.colour)
    cv.add(Text(" Bumblebot ", style=seat_style(b.colour)))
    cv.add(" ")
    cv.add(f" honey {b.honey}/{tv.target} ", HONEY_STYLE if b.honey else "bold")
    cv.add(f" eggs {b.eggs}")
    cv.newline()
    cv.add(f" Dice {b.dice}: ", "dim")
    if b.pool:
        for v in b.pool:
            cv.add(die_chip(v, colour))
            cv.add(" ")
    else:
        cv.add("all placed", "dim")
    cv.newline()
    cv.add(" Nectar ", "dim")
    for n, k in b.nectar:
        cv.add(nectar_chip(n))
        cv.add(f"{k:<2}", "bold" if k else "dim")
    cv.newline()
    if b.card is not None:
        icons = " + ".join({"pair": "Pair", "most": "Most of", "least": "Least of"}[i] for i in b.icons)
        cv.add(f" Solo card {b.card}: ", "dim")
        cv.add(icons, "bold")
        cv.newline()
        cv.add("  chart ", "dim")
        for k, v in enumerate(b.chart):
            if k == b.blocker_at:
                cv.add(die_chip(v, BLOCKER_COLOUR, blocker=True))
            else:
                cv.add(f"{v} ")
            cv.add(" ")
        cv.add("· " + " ".join(b.actions), "dim")
        cv.newline()
    cv.add(f" Solo deck {b.deck} · discards {b.discard}", "dim")
    cv.newline()
    return cv


def _wrapped(text: str, width: int, indent: str, style: str) -> list[Text]:
    """``text`` cut into lines of at most ``width`` cells, each led by ``indent``."""
    lines: list[Text] = []
    words = text.split()
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width - len(indent):
            lines.append(Text(indent + line, style=style))
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(Text(indent + line, style=style))
    return lines


def draw_hand(tv: TableView, name: str, width: int = 44) -> Canvas:
    """The keyboard seat's Queen Bee cards, or a note that they stay hidden (wrapped to
    ``width``, so that the panel's height is known without a layout pass)."""
    cv = Canvas()
    if tv.hand is None:
        cv.add("Queen Bee cards stay hidden until the hand-off.", "dim italic")
        cv.newline()
        return cv
    cv.add(f"{name}'s Queen Bee cards", "bold")
    cv.newline()
    if len(tv.hives) > 1:
        cv.add("(hidden from the others)", "dim")
        cv.newline()
    if not tv.hand:
        cv.add("  none yet — G draws one", "dim")
        cv.newline()
    for card in tv.hand:
        cv.add(" ◆ ", "#f0b400")
        cv.add(card.name + (f" ×{card.count}" if card.count > 1 else ""), "bold")
        cv.add(f" ({card.phase})", "italic #8fb8ff" if card.phase == "day" else "italic #c0a0ff")
        cv.newline()
        for line in _wrapped(card.effect, width, "   ", "dim"):
            cv.add(line)
            cv.newline()
    if tv.edition == "2014" and tv.deck_types:
        for line in _wrapped("In this game: " + ", ".join(tv.deck_types), width, "", "dim"):
            cv.add(line)
            cv.newline()
    return cv


class TailLog(GameLog):
    """The game's log as a box of fixed height showing its newest lines, wrapped.

    A scrolling log grows its virtual size with every line, which makes the whole screen lay
    itself out again; this one only repaints. The mouse wheel, and ↑/↓ PgUp/PgDn Home/End
    when it has the focus, go back through older lines; new lines bring it back to the end.
    """

    BINDINGS = [
        ("up", "back(1)", "Older"), ("down", "back(-1)", "Newer"), ("pageup", "back(5)", "Older"),
        ("pagedown", "back(-5)", "Newer"), ("home", "back(100000)", "Oldest"), ("end", "back(-100000)", "Newest"),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tail: list[str] = []
        self._back = 0
        self._rows_cache: tuple[Any, list[Strip]] | None = None

    # the GameLog interface -------------------------------------------------------------
    def sync(self, lines: list[str]) -> None:
        if len(lines) == len(self._tail) and lines == self._tail:
            return
        self._tail = list(lines)
        self._back = 0
        self._shown = len(lines)
        self.refresh()

    def reset(self, lines: list[str]) -> None:
        self._tail = []
        self.sync(lines)

    @property
    def line_count(self) -> int:
        return len(self._tail)

    # drawing ----------------------------------------------------------------------------
    def _rows(self) -> list[Strip]:
        width = self.scrollable_content_region.width
        height = self.scrollable_content_region.height
        key = (width, height, len(self._tail), self._tail[-1:] if self._tail else None, self._back)
        if self._rows_cache is not None and self._rows_cache[0] == key:
            return self._rows_cache[1]
        console = self.app.console
        rows: list[Text] = []
        for line in reversed(self._tail):
            wrapped = Text(line).wrap(console, max(1, width))
            rows[0:0] = list(wrapped)
            if len(rows) >= height + self._back:
                break
        self._back = max(0, min(self._back, len(rows) - height))
        end = len(rows) - self._back
        window = rows[max(0, end - height):end]
        style = self.rich_style
        strips = [Strip(list(text.render(console)), text.cell_len).extend_cell_length(width).apply_style(style)
                  for text in window]
        self._rows_cache = (key, strips)
        return strips

    def render_line(self, y: int) -> Strip:
        rows = self._rows()
        width = self.scrollable_content_region.width
        if 0 <= y < len(rows):
            return rows[y]
        return Strip.blank(width, self.rich_style)

    def action_back(self, rows: int) -> None:
        self._back = max(0, self._back + rows)
        self._rows_cache = None
        self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_back(2)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_back(-2)


def draw_seats(tv: TableView, seats: list[tuple[str, bool, str]], deciding: int | None, thinking: bool,
               result: str | None) -> Canvas:
    """Each seat's name (in its dice colour), honey, dice and cards, and who decides."""
    cv = Canvas()
    for hive, (name, human, level) in zip(tv.hives, seats):
        cv.add("▶ " if deciding == hive.seat else "  ", "bold")
        cv.add(Text(f" {name} ", style=seat_style(hive.colour)))
        if not human:
            cv.add(f" {level}", "dim")
        cv.add(f" honey {hive.honey}/{tv.target} · cards {hive.cards}")
        cv.newline()
    if tv.bumblebot is not None:
        b = tv.bumblebot
        cv.add("▶ " if deciding == -1 else "  ", "bold")
        cv.add(Text(" Bumblebot ", style=seat_style(b.colour)))
        cv.add(f" honey {b.honey}/{tv.target}")  # its dice and eggs: in its own panel
        cv.newline()
    if result:
        cv.add(result, "bold")
        cv.newline()
    elif thinking:
        cv.add("Thinking…", "bold yellow")
        cv.newline()
    return cv

