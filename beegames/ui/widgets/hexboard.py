"""The one hex board of the app: Hive's board, the Bee Lives map, the Honey Buzz hive.

Cells use the kernel's axial coordinates and pointy-top layout
(:func:`beegames.core.hexgrid.to_screen`): each row is shifted half a cell,
so the six neighbours of a cell sit left, right, and diagonally above and
below it. A board is drawn in one of two ways:

* **blocks** (the default): each hex is a block of text, ``cw - 1``
  characters wide and ``rh`` lines tall, with a one-column gap; the layouts
  are :attr:`HexBoard.scales`, smallest first (compact 4×1, large 6×2, and
  for a board that asks for it tall 8×3);
* **outlined** (:attr:`HexBoard.outlined`): each hex is drawn with its six
  edges in the classic text form, every edge in a style of its own::

       / \\ / \\
      |   |   |        compact: 4 columns a hex, 3 characters of label
       \\ / \\ /

  and the large layout twice as wide (7 characters on the middle line, 3 on
  the short lines above and below). Hexes of one ``group`` (a two-hex tile)
  share their fill across the edge between them; on an edge two cells
  disagree about, the one with the higher ``z`` wins.

The largest layout in which everything fits is used (on a :attr:`steady
<HexBoard.steady>` board, everything but the lit hexes and the cursor, and
the view stays where it is while all of it shows). A block layout keeps a
column left of its leftmost cell for the cursor's ``[``. When even the compact
one does not fit, the board pans: it follows the cursor (arrow keys, the
mouse), and the player can pan it by hand with Ctrl+arrows, by dragging
with the mouse, and with the wheel. A block cell cut by the view's edge is
drawn in its colour without its text (a row's lines stand whole from the top
line down), but for a lit cell's one-character mark (:attr:`CellView.cut`, a
lit empty cell's dot), which shows that a choice lies there; and a cursor
that is not drawn (the board has no focus) takes no room in the view.
While cells or lit hexes lie past an edge of the view, the bottom border
says which way (``more ◀ ▼ · Ctrl+arrows``), and :class:`HexBoard.Beyond` tells a screen that draws the
board without a border. The cursor is drawn reversed *and* in
brackets, ``[⬢Q1]``, so that it shows without colour.

The widget knows nothing of any game. A screen gives it a mapping of cells
to :class:`CellView`; the widget posts :class:`HexBoard.CellChosen` on Enter
or a click, :class:`HexBoard.CursorMoved` when the cursor moves,
:class:`HexBoard.Hovered` when the mouse pointer enters another hex, and
:class:`HexBoard.Turned` for the right button (and the wheel, when
:attr:`wheel_turns` is set: a screen may rotate a piece with it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ...core import hexgrid
from ...core.hexgrid import Hex

#: (cell width, row height) in characters of the block layouts: compact and large.
SCALES = ((4, 1), (6, 2))
CELL = SCALES[0][0]
#: the tall block layout, for a board that asks for it in its :attr:`HexBoard.scales`
TALL = (8, 3)
#: the outlined layouts: compact and large (every row is 2 lines)
OUTLINED = ((4, 2), (8, 2))

_EDGE_CHARS = {0: "|", 3: "|", 1: "/", 4: "/", 2: "\\", 5: "\\"}
_REVERSE = Style(reverse=True)


@lru_cache(maxsize=512)
def _parse(style: str) -> Style:
    """A style from its text, parsed once."""
    return Style.parse(style) if style else Style()


@lru_cache(maxsize=2048)
def _cell_text(text: str, cw: int) -> str:
    """``text`` centred in a cell ``cw`` wide (its last column is the gap)."""
    return text.center(cw - 1)[: cw - 1] + " "


@dataclass(frozen=True)
class CellView:
    """What one cell shows.

    Blocks: a short ``label`` (3 characters in the compact layout), its
    ``style``, and optionally another colour for the label's first character
    (a glyph). The large layout shows ``big`` (5 characters, default
    ``label``) over a second line ``sub``; a board with a layout three rows
    tall shows the lines of ``tall`` there, if given.

    Outlined boards: ``label`` / ``big`` are the middle line (3 / 7
    characters), ``top`` / ``wide_top`` and ``bottom`` / ``sub`` the short
    lines above and below it (1 / 3 characters), styled with ``accent`` if
    given, else ``style``. ``edges[d]`` is the style of the edge toward
    direction ``d`` ("" for no edge of this hex's own); cells sharing a
    ``group`` are drawn as one piece; ``z`` decides whose edge wins.

    ``lit`` is the cell's style while it is lit, and ``tint`` while it is
    selected, if the board's highlight or tint would not read on it (a
    light piece's dark letters on the dark green or the dark amber).

    ``cut`` is what a block cell shows while it is lit and cut by the view's
    edge, where its text is left out: one character that reads the same
    whole ("·", "+"), so that a choice past the edge still shows as one (a
    lit empty cell shows its dot)."""

    label: str = ""
    style: str = ""
    glyph_colour: str = ""
    big: str = ""
    sub: str = ""
    tall: tuple[str, ...] = ()
    top: str = ""
    bottom: str = ""
    wide_top: str = ""
    accent: str = ""
    edges: tuple[str, ...] | None = None
    group: Any = None
    z: int = 0
    lit: str = ""
    tint: str = ""
    cut: str = ""


class _BoardEvent(Message):
    """Something happened on ``cell`` of ``board``."""

    def __init__(self, board: HexBoard, cell: Any) -> None:
        super().__init__()
        self.board = board
        self.cell = cell

    @property
    def control(self) -> HexBoard:
        return self.board


class HexBoard(Widget, can_focus=True):
    """A hex board with a cursor, panning, the mouse and the wheel."""

    DEFAULT_CSS = """
    HexBoard { height: 1fr; width: 1fr; border: round $primary-darken-2; }
    HexBoard:focus { border: round $accent; }
    """

    BINDINGS = [
        Binding("left", "move(3)", "West", show=False),
        Binding("right", "move(0)", "East", show=False),
        Binding("up", "move(5)", "North-east", show=False),
        Binding("down", "move(2)", "South-west", show=False),
        Binding("shift+up", "move(4)", "North-west", show=False),
        Binding("shift+down", "move(1)", "South-east", show=False),
        Binding("enter", "choose", "Choose", id="board.choose"),
        Binding("space", "choose_by_space", "Choose", show=False),
        Binding("home", "center", "Centre view", show=False),
        Binding("ctrl+left", "pan(-1, 0)", "Pan left", id="board.pan_left", show=False),
        Binding("ctrl+right", "pan(1, 0)", "Pan right", id="board.pan_right", show=False),
        Binding("ctrl+up", "pan(0, -1)", "Pan up", id="board.pan_up", show=False),
        Binding("ctrl+down", "pan(0, 1)", "Pan down", id="board.pan_down", show=False),
    ]

    #: the block layouts the board may use, smallest first: the largest that fits is used
    scales: tuple[tuple[int, int], ...] = SCALES
    #: draw every hex with its six edges (see the module's notes)
    outlined = False
    #: keep the view steady while the player chooses (a board whose cells change a few at a time, Hive's):
    #: the layout is chosen from the cells and the frame alone, so that lighting targets never changes
    #: the size of the cells, and a board that fits is not centred again after every change, only when
    #: something would be out of view where it is
    steady = False
    #: the least content size (columns, rows) at which a layout three rows tall is used: a board in a
    #: smaller box keeps to the shorter layouts (Hive's at 80x24: its first pieces would come in tall
    #: cells, and shrink a few moves later)
    tall_from: tuple[int, int] = (0, 0)

    cursor: reactive[Hex] = reactive((0, 0))

    class CellChosen(_BoardEvent):
        """Enter or a left click on ``cell``."""

    class CursorMoved(_BoardEvent):
        """The cursor moved to ``cell`` (keys, a click, or the mouse with :attr:`follow_mouse`)."""

    class Hovered(_BoardEvent):
        """The mouse pointer is over ``cell`` now (None: it left the board)."""

    class Beyond(Message):
        """The sides past which cells lie changed (see :meth:`HexBoard.beyond`);
        a board drawn without a border names them through its screen."""

        def __init__(self, board: HexBoard, sides: frozenset[str]) -> None:
            super().__init__()
            self.board = board
            self.sides = sides

        @property
        def control(self) -> HexBoard:
            return self.board

    class Turned(Message):
        """The right button (or the wheel, with :attr:`wheel_turns`): ``step`` is +1 or -1."""

        def __init__(self, board: HexBoard, step: int) -> None:
            super().__init__()
            self.board = board
            self.step = step

        @property
        def control(self) -> HexBoard:
            return self.board

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells: dict[Hex, CellView] = {}
        self.highlights: set[Hex] = set()
        self.marked: set[Hex] = set()  # the last move
        self.selected: Hex | None = None
        #: hexes the view keeps in reach besides the cells (an outlined hive's open sites)
        self.frame: set[Hex] = set()
        #: the cursor follows the mouse pointer (a piece being placed)
        self.follow_mouse = False
        #: the wheel posts :class:`Turned` instead of panning
        self.wheel_turns = False
        #: Space chooses like Enter (off where the screen uses Space itself)
        self.space_chooses = True
        #: draw the cursor at all
        self.show_cursor = True
        #: Enter (and Space) choose a cell; a screen turns it off while nothing can be chosen (a
        #: finished game, a replay), so that the footer does not offer the key
        self.choosing = True
        # lit and selected: a green and an amber that stay a green and an amber in 256 colours
        # (#3a5f2a became the olive #5f5f00 there, next to the tint's brown #875f00); light text
        # reads on both (tests/ui/test_hexboard_contrast.py)
        self.highlight_style = Style.parse("on #2f5f2f")
        self.marked_style = Style.parse("underline")
        self.cursor_style = Style.parse("reverse")
        self.selected_style = Style.parse("on #7a4f00")
        self.bracket_style = Style.parse("bold #ffd75f")
        self.hovered: Hex | None = None
        # the view: an offset kept while the board pans, and when it was worked out
        self._offset: tuple[int, int] | None = None
        self._offset_for: tuple[Any, ...] | None = None
        self._follow = True
        #: cells kept in view (see :meth:`keep_in_view`), and whether the view must be moved for them
        self._keep: list[Hex] = []
        self._keep_pending = False
        self._keep_for: tuple[object, ...] | None = None
        self._drag: tuple[int, int, int, int] | None = None  # mouse-down x, y and the offset then
        self._dragged = False
        self._frame_cache: tuple[tuple[int, int, int, int], Style] | None = None
        self._spans: dict[int, tuple[int, int]] = {}
        #: the sides of the view past which cells lie, this frame (see :meth:`beyond`)
        self._beyond: frozenset[str] = frozenset()
        self._combined: dict[tuple[str, ...], Style] = {}
        self._combined_base: Style | None = None

    # -- data ---------------------------------------------------------------
    def show(self, cells: dict[Hex, CellView], highlights: set[Hex] | None = None,
             marked: set[Hex] | None = None, selected: Hex | None = None, frame: set[Hex] | None = None) -> None:
        """Draw ``cells``; ``highlights`` are lit, ``marked`` underlined (the
        last move), ``selected`` tinted; ``frame`` are more hexes to keep in
        reach. Nothing is redrawn if nothing changed."""
        highlights = set(highlights or ())
        marked = set(marked or ())
        frame = set(frame or ())
        if (cells == self.cells and highlights == self.highlights and marked == self.marked
                and selected == self.selected and frame == self.frame):
            return
        if self.steady and not self.cells and cells:
            self._offset = None  # the first cells of a steady board: centred on them
        self.cells = cells
        self.highlights = highlights
        self.marked = marked
        self.selected = selected
        self.frame = frame
        self.refresh()

    # -- geometry -----------------------------------------------------------
    @property
    def layouts(self) -> tuple[tuple[int, int], ...]:
        return OUTLINED if self.outlined else self.scales

    def _points(self) -> set[Hex]:
        """The hexes the view makes room for: the cells, the lit hexes, the frame, and the cursor while
        it is drawn (a cursor left where a cell was before the board changed, on a board without focus,
        would stretch the view over empty hexes and push cells past its edge)."""
        points = set(self.cells) | self.highlights | self.frame
        if self._cursor_shown() or not points:
            points.add(self.cursor)
        return points

    def _content(self) -> set[Hex]:
        """The hexes the layout is chosen for: all of :meth:`_points`, or on a
        :attr:`steady` board the cells and the frame alone."""
        if self.steady:
            return (set(self.cells) | self.frame) or {(0, 0)}
        return self._points()

    def _box(self, h: Hex, cw: int, rh: int) -> tuple[int, int, int, int]:
        """Screen box ``(x0, x1, y0, y1)`` (ends excluded) of one hex."""
        x, y = hexgrid.to_screen(h, cw, rh)
        if self.outlined:
            return x - cw // 2, x + cw // 2 + 1, y - 1, y + 2
        return x, x + cw, y, y + rh

    def _extent(self, cw: int, rh: int, points: set[Hex] | None = None) -> tuple[int, int, int, int]:
        """Screen box of everything drawn (of ``points``, if given). A block
        layout's box starts a column early: the cursor's ``[`` is drawn in the
        gap left of its cell, so the leftmost cell needs that column too."""
        boxes = [self._box(h, cw, rh) for h in (self._points() if points is None else points)]
        left = 0 if self.outlined else 1
        return (min(b[0] for b in boxes) - left, max(b[1] for b in boxes),
                min(b[2] for b in boxes), max(b[3] for b in boxes))

    @property
    def scale(self) -> tuple[int, int]:
        """The largest layout in which everything fits, else the compact one."""
        width, height = self.size.width, self.size.height
        layouts = self.layouts
        content = self._content()
        for cw, rh in reversed(layouts[1:]):
            if rh >= 3 and not self.outlined and (width < self.tall_from[0] or height < self.tall_from[1]):
                continue
            x0, x1, y0, y1 = self._extent(cw, rh, content)
            if x1 - x0 <= width and y1 - y0 <= height:
                return cw, rh
        return layouts[0]

    @property
    def fits(self) -> bool:
        """True if the whole board is in view (no panning)."""
        x0, x1, y0, y1 = self._extent(*self.scale)
        return x1 - x0 <= self.size.width and y1 - y0 <= self.size.height

    def _place(self) -> tuple[int, int, int, int]:
        """``(cell width, row height, x offset, y offset)``: the whole board
        centred where it fits (a :attr:`steady` board: kept where it was, and
        centred again only when something would be out of view); else the
        offset kept, moved so that the cursor is in view when it has moved,
        and kept within the board."""
        width, height = self.size.width, self.size.height
        cw, rh = self.scale
        x0, x1, y0, y1 = self._extent(cw, rh)
        left = 0 if self.outlined else 1  # the bracket's column (see _extent)
        key = (self.size, cw, rh)
        if key != self._offset_for:
            self._offset_for = key
            self._offset = None
            self._follow = True
        bx0, bx1, by0, by1 = self._box(self.cursor, cw, rh)
        kept = self._offset is not None and self.steady
        if self._offset is None:
            ox, oy = width // 2 - (bx0 + bx1) // 2, height // 2 - (by0 + by1) // 2
        else:
            ox, oy = self._offset
        mx, my = min(cw, width // 4), min(rh + 1, height // 4)
        fits_x, fits_y = x1 - x0 <= width, y1 - y0 <= height
        if self._follow:
            # (a steady board does not follow the cursor across a way in which all of it is in view)
            if not (kept and fits_x):
                if bx0 + ox < mx:
                    ox = mx - bx0
                elif bx1 + ox > width - mx:
                    ox = width - mx - bx1
            if not (kept and fits_y):
                if by0 + oy < my:
                    oy = my - by0
                elif by1 + oy > height - my:
                    oy = height - my - by1
            self._follow = False
        # panned, the board may leave a margin of a hex past its ends (room for the cursor's brackets)
        if fits_x:
            if not kept or not -x0 <= ox <= width - x1:  # (a steady board: only when something is out of view)
                ox = max((width - (x1 - x0 - left)) // 2 - x0 - left, -x0)
        else:
            ox = max(width - x1 - mx, min(ox, mx - x0 - left))
        if fits_y:
            if not kept or not -y0 <= oy <= height - y1:
                oy = (height - (y1 - y0)) // 2 - y0
        else:
            oy = max(height - y1 - my, min(oy, my - y0))
            if not self.outlined and oy % rh:
                oy = self._whole_rows(cw, rh, oy)
        self._offset = (ox, oy)
        return cw, rh, ox, oy

    def _whole_rows(self, cw: int, rh: int, oy: int) -> int:
        """``oy``, or where a row of cells would be cut in two by the top or the bottom edge, the
        nearer offset of the two that put rows whole from the top line down (the one that cuts
        none, if one does). (An empty lit hex cut there shows no text anyway.)"""
        height = self.size.height
        rows = {self._box(h, cw, rh)[2:] for h in self.cells}

        def cuts(o: int) -> bool:
            return any(y0 + o < edge < y1 + o for y0, y1 in rows for edge in (0, height))

        if not cuts(oy):
            return oy
        up = oy - oy % rh
        return up if not cuts(up) or cuts(up + rh) else up + rh

    def keep_in_view(self, cells: list[Hex]) -> None:
        """Keep ``cells`` in view when the board is bigger than its box: the
        first whole above all, then as many of the others, in their order, as
        fit with it. A view that shows them already stays as it is; else they
        are brought to its middle (as far as the board's ends allow). The view
        moves at the next layout (the box may change with the board it shows),
        and again after a resize."""
        self._keep = list(cells)
        self._keep_pending = bool(cells)
        self.refresh()

    def _layout(self) -> tuple[int, int, int, int]:
        """``(cell width, row height, x offset, y offset)``: :meth:`_place`, then moved to show the
        cells kept (:meth:`keep_in_view`)."""
        layout = self._place()
        cw, rh, ox, oy = layout
        width, height = self.size.width, self.size.height
        key = (self.size, cw, rh)
        if self._keep and width > 0 and height > 0 and (self._keep_pending or key != self._keep_for):
            self._keep_pending = False
            self._keep_for = key
            offset = self._keeping(cw, rh, ox, oy)
            if offset != (ox, oy):
                self._offset = offset
                layout = self._place()
        return layout

    def _keeping(self, cw: int, rh: int, ox: int, oy: int) -> tuple[int, int]:
        """The view's offset moved, along each way in which the cells kept (see :meth:`keep_in_view`)
        are not all in view, so that they stand in its middle."""
        width, height = self.size.width, self.size.height
        boxes = [self._box(h, cw, rh) for h in self._keep]
        chosen = boxes[:1]
        for box in boxes[1:]:
            trial = [*chosen, box]
            if (max(b[1] for b in trial) - min(b[0] for b in trial) <= width
                    and max(b[3] for b in trial) - min(b[2] for b in trial) <= height):
                chosen = trial

        def shift(o: int, lo: int, hi: int, room: int) -> int:
            if hi - lo > room:
                return -lo
            if lo + o < 0 or hi + o > room:
                # (in the middle of the view: moved only to its edge, the first would stand against it,
                # with the cells around it beyond)
                return (room - (hi - lo)) // 2 - lo
            return o

        return (shift(ox, min(b[0] for b in chosen), max(b[1] for b in chosen), width),
                shift(oy, min(b[2] for b in chosen), max(b[3] for b in chosen), height))

    def cell_at(self, x: int, y: int) -> Hex:
        """The cell under content coordinates ``(x, y)``."""
        cw, rh, ox, oy = self._layout()
        if not self.outlined:
            r = (y - oy) // rh
            q = (x - ox - (cw * r) // 2) // cw
            return (q, r)
        best: tuple[float, Hex] | None = None
        base = (y - oy) // 2
        for r in (base - 1, base, base + 1):
            cy = 2 * r + oy
            q = round((x - ox - (cw // 2) * r) / cw)
            for qq in (q - 1, q, q + 1):
                cx = cw * qq + (cw // 2) * r + ox
                d = ((x - cx) / (cw / 2)) ** 2 + ((y - cy) / 1.5) ** 2
                if best is None or d < best[0]:
                    best = (d, (qq, r))
        assert best is not None
        return best[1]

    def cell_origin(self, cell: Hex) -> tuple[int, int]:
        """Content coordinates of ``cell``: its first character (blocks) or its centre (outlined)."""
        cw, rh, ox, oy = self._layout()
        x, y = hexgrid.to_screen(cell, cw, rh)
        return ox + x, oy + y

    def in_view(self, cell: Hex) -> bool:
        """True if the whole of ``cell`` is inside the board's view."""
        cw, rh, ox, oy = self._layout()
        x0, x1, y0, y1 = self._box(cell, cw, rh)
        return 0 <= x0 + ox and x1 + ox <= self.size.width and 0 <= y0 + oy and y1 + oy <= self.size.height

    def beyond(self, layout: tuple[int, int, int, int] | None = None) -> frozenset[str]:
        """The sides of the view (``"left"``, ``"right"``, ``"up"``,
        ``"down"``) past which a cell or a lit hex lies, wholly or in part:
        the board names them (its bottom border, and :class:`Beyond`), so
        that a player sees there is more to pan to."""
        cw, rh, ox, oy = layout or self._layout()
        width, height = self.size.width, self.size.height
        sides: set[str] = set()
        for h in self.cells.keys() | self.highlights:
            x0, x1, y0, y1 = self._box(h, cw, rh)
            if x0 + ox < 0:
                sides.add("left")
            if x1 + ox > width:
                sides.add("right")
            if y0 + oy < 0:
                sides.add("up")
            if y1 + oy > height:
                sides.add("down")
            if len(sides) == 4:
                break
        return frozenset(sides)

    @property
    def beyond_sides(self) -> frozenset[str]:
        """:meth:`beyond` as of the last frame drawn."""
        return self._beyond

    @staticmethod
    def beyond_text(sides: frozenset[str], short: bool = False) -> str:
        """A few words for :meth:`beyond`: ``"more ◀ ▼ · Ctrl+arrows"``, or
        ``"more ◀ ▼"`` when ``short`` (empty when the whole board is in view)."""
        if not sides:
            return ""
        arrows = " ".join(a for side, a in (("left", "◀"), ("right", "▶"), ("up", "▲"), ("down", "▼"))
                          if side in sides)
        return f"more {arrows}" if short else f"more {arrows} · Ctrl+arrows"

    # -- drawing ------------------------------------------------------------
    def _combine(self, base: Style, fill: str, edge: str | None = None, reverse: bool = False) -> Style:
        """The widget's style plus a cell's style (all of it for an interior,
        only its background under an edge) plus an edge style: cached, as a
        board draws the same few combinations hundreds of times."""
        if base is not self._combined_base:
            self._combined_base = base
            self._combined = {}
        key = (fill, edge or "", "r" if reverse else "")
        style = self._combined.get(key)
        if style is None:
            if edge is None:
                style = base + _parse(fill)
            else:
                style = base + Style(bgcolor=_parse(fill).bgcolor) + _parse(edge)
            if reverse:
                style = style + self.cursor_style
            self._combined[key] = style
        return style

    def _text(self, h: Hex, view: CellView | None, line: int, cw: int, rh: int = 2) -> str:
        if view is None:
            # (a lit empty cell: a dot on its first line, the middle one of a tall cell)
            return _cell_text("·" if (line == (1 if rh >= 3 else 0) and h in self.highlights) else "", cw)
        if cw == CELL:
            return _cell_text(view.label, cw)
        if rh >= 3 and view.tall:
            return _cell_text(view.tall[line] if line < len(view.tall) else "", cw)
        return _cell_text((view.big or view.label) if line == 0 else (view.sub if line == 1 else ""), cw)

    def _cut_text(self, h: Hex, view: CellView | None, line: int, at: tuple[int, int], cw: int, rh: int) -> str:
        """The text of ``line`` of a block cell cut by the view's edge (its top left corner ``at``): none,
        but for a lit cell's :attr:`CellView.cut` mark (a lit empty cell's dot) in the middle of what shows
        of it, on its glyph's line or the nearest line in view."""
        col, top = at
        mark = "·" if view is None else view.cut
        if not mark or h not in self.highlights:
            return _cell_text("", cw)
        lines = [i for i in range(rh) if 0 <= top + i < self.size.height]
        want = 1 if rh >= 3 else 0
        lo, hi = max(0, -col), min(cw - 1, self.size.width - col)
        if not lines or hi <= lo or line != min(lines, key=lambda i: abs(i - want)):
            return _cell_text("", cw)
        middle = (lo + hi - 1) // 2
        return " " * middle + mark + " " * (cw - middle - 1)

    @staticmethod
    def _glyph_line(view: CellView, rh: int) -> int:
        """The line of a cell that starts with its glyph: the first, or in a tall layout the first of
        the lines of ``tall`` that has text."""
        if rh >= 3 and view.tall:
            return next((i for i, text in enumerate(view.tall) if text.strip()), 0)
        return 0

    def _style(self, h: Hex, view: CellView | None, base: Style) -> Style:
        style = base
        lit = h in self.highlights
        if view and view.style:
            style = style + _parse(view.style)
        elif not view and not lit:  # (a lit empty cell's dot is drawn whole: it must read on the green)
            style = style + _parse("dim")
        if lit:
            style = style + (_parse(view.lit) if view is not None and view.lit else self.highlight_style)
        if h == self.selected:
            style = style + (_parse(view.tint) if view is not None and view.tint else self.selected_style)
        if h in self.marked:
            style = style + self.marked_style
        if h == self.cursor and self._cursor_shown():
            style = style + self.cursor_style
        return style

    def _cursor_shown(self) -> bool:
        return self.show_cursor and self.has_focus

    def render_lines(self, crop: Region) -> list[Strip]:
        # the layout, the base style and the rows that hold cells are worked out once per frame
        self._frame_cache = (self._layout(), self.rich_style)
        beyond = self.beyond(self._frame_cache[0])
        if beyond != self._beyond:
            self._beyond = beyond
            self.border_subtitle = self.beyond_text(beyond)
            self.post_message(self.Beyond(self, beyond))
        spans: dict[int, tuple[int, int]] = {}
        for q, r in self.cells:
            lo, hi = spans.get(r, (q, q))
            spans[r] = (min(lo, q), max(hi, q))
        self._spans = spans
        try:
            return super().render_lines(crop)
        finally:
            self._frame_cache = None

    def render_line(self, y: int) -> Strip:
        layout, base = self._frame_cache or (self._layout(), self.rich_style)
        if self.outlined:
            return self._outlined_line(y, layout, base)
        return self._block_line(y, layout, base)

    def _block_line(self, y: int, layout: tuple[int, int, int, int], base: Style) -> Strip:
        width = self.size.width
        cw, rh, ox, oy = layout
        r, line = divmod(y - oy, rh)
        out: list[Segment] = []
        shift = (cw * r) // 2
        q_start = (-ox - shift) // cw - 1
        q_end = (width - ox - shift) // cw + 1
        cursor = self.cursor if self._cursor_shown() and self.cursor[1] == r else None
        # a row cut by the top or bottom edge, and a cell cut by a side, are drawn in their colour without
        # their text: a few letters of a name ("R…") would read as another label
        row_whole = oy + rh * r >= 0 and oy + rh * (r + 1) <= self.size.height
        x = 0
        for q in range(q_start, q_end + 1):
            col = ox + cw * q + shift
            if col + cw <= 0 or col >= width:
                continue
            h = (q, r)
            view = self.cells.get(h)
            whole = row_whole and col >= 0 and col + cw - 1 <= width
            if whole:
                text = self._text(h, view, line, cw, rh)
            else:
                text = self._cut_text(h, view, line, (col, oy + rh * r), cw, rh)
            style = self._style(h, view, base)
            if col > x:
                out.append(Segment(" " * (col - x), base))
                x = col
            skip = x - col  # characters hidden past the left edge
            piece = text[skip:]
            if col + cw > width:
                piece = piece[: width - x]
            body, gap = piece[: cw - 1 - skip], piece[cw - 1 - skip:]
            if (body and view is not None and view.glyph_colour and line == self._glyph_line(view, rh) and not skip
                    and body.strip()):
                lead = len(body) - len(body.lstrip())
                if lead:
                    out.append(Segment(body[:lead], style))
                out.append(Segment(body[lead], style + _parse(view.glyph_colour)))
                body = body[lead + 1:]
            if body:
                out.append(Segment(body, style))
            if gap:
                if cursor == h:
                    out.append(Segment("]", base + self.bracket_style))
                elif cursor == (q + 1, r):
                    out.append(Segment("[", base + self.bracket_style))
                else:
                    out.append(Segment(gap, base))
            x += len(piece)
        if x < width:
            out.append(Segment(" " * (width - x), base))
        return Strip(out, width)

    def _edge(self, a: Hex, d: int, base: Style) -> tuple[str, Style]:
        """The character and style of the edge of ``a`` toward direction ``d``:
        drawn in the edge style of the cell that wins it, on that cell's
        background, so that a piece reads as one shape."""
        b = hexgrid.neighbour(a, d)
        pa, pb = self.cells.get(a), self.cells.get(b)
        if pa is not None and pb is not None and pa.group is not None and pa.group == pb.group:
            return " ", self._combine(base, pa.style)
        sa = pa.edges[d] if pa is not None and pa.edges else ""
        sb = pb.edges[(d + 3) % 6] if pb is not None and pb.edges else ""
        if sa and (not sb or (pa.z if pa else 0) >= (pb.z if pb else 0)):
            owner, style = pa, sa
        elif sb:
            owner, style = pb, sb
        else:
            return " ", base
        assert owner is not None
        return _EDGE_CHARS[d], self._combine(base, owner.style, style)

    def _interior(self, h: Hex, text: str, width: int, base: Style, cursor: bool, short: bool = False) -> Segment:
        view = self.cells.get(h)
        fill = (view.accent if short and view.accent else view.style) if view is not None else ""
        style = self._combine(base, fill, reverse=cursor and h == self.cursor)
        return Segment(text.center(width)[:width] if text else " " * width, style)

    def _outlined_line(self, y: int, layout: tuple[int, int, int, int], base: Style) -> Strip:
        width = self.size.width
        w, _rh, ox, oy = layout
        k = w // 4
        wide = w == OUTLINED[1][0]
        cursor = self._cursor_shown()
        rel = y - oy
        segs: list[Segment] = []
        r = rel // 2 if rel % 2 == 0 else (rel - 1) // 2  # on a slant line: the row above it
        shift = (w // 2) * r + ox
        q0 = (-shift) // w - 1
        q1 = (width - shift) // w + 1
        # only the columns that hold cells (on this row, or the next for a slant line) need drawing
        rows = [self._spans[k] for k in ((r,) if rel % 2 == 0 else (r, r + 1)) if k in self._spans]
        if not rows and not (cursor and self.cursor[1] == r):
            return Strip.blank(width, base)
        if rows:
            q0 = max(q0, min(lo for lo, _ in rows) - 2)
            q1 = min(q1, max(hi for _, hi in rows) + 2)
        if cursor and self.cursor[1] == r:
            q0, q1 = min(q0, self.cursor[0] - 1), max(q1, self.cursor[0] + 1)
        if rel % 2 == 0:
            start = shift + w * q0 - w // 2  # the west edge of hex q0
            for q in range(q0, q1 + 1):
                h = (q, r)
                if cursor and h == self.cursor:
                    segs.append(Segment("[", base + self.bracket_style))
                elif cursor and (q - 1, r) == self.cursor:
                    segs.append(Segment("]", base + self.bracket_style))
                else:
                    ch, st = self._edge(h, 3, base)
                    segs.append(Segment(ch, st))
                view = self.cells.get(h)
                text = (view.big or view.label if wide else view.label) if view else ""
                segs.append(self._interior(h, text, w - 1, base, cursor))
        else:
            start = shift + w * q0 - k  # the south-west edge of hex (q0, r)
            for q in range(q0, q1 + 1):
                a = (q, r)
                ch, st = self._edge(a, 2, base)
                segs.append(Segment(ch, st))
                va = self.cells.get(a)
                text = (va.sub or va.bottom if wide else va.bottom) if va else ""
                segs.append(self._interior(a, text, 2 * k - 1, base, cursor, True))
                ch, st = self._edge(a, 1, base)
                segs.append(Segment(ch, st))
                b = (q, r + 1)
                vb = self.cells.get(b)
                text = (vb.wide_top or vb.top if wide else vb.top) if vb else ""
                segs.append(self._interior(b, text, 2 * k - 1, base, cursor, True))
        if start > 0:  # the first column drawn is right of the view's edge
            segs.insert(0, Segment(" " * start, base))
            start = 0
        strip = Strip(segs).crop(-start, -start + width)
        return strip.extend_cell_length(width, base)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return container.height

    # -- keys ---------------------------------------------------------------
    def watch_cursor(self, cell: Hex) -> None:
        self._follow = True
        self.refresh()
        self.post_message(self.CursorMoved(self, cell))

    def on_focus(self) -> None:
        """The cursor comes back to the board if it was left off it."""
        points = set(self.cells) | self.highlights | self.frame
        if points and self.cursor not in points:
            self.action_center()
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, direction: int) -> None:
        self.cursor = hexgrid.neighbour(self.cursor, direction)

    def action_choose(self) -> None:
        self.post_message(self.CellChosen(self, self.cursor))

    def action_choose_by_space(self) -> None:
        self.action_choose()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose_by_space":
            return self.space_chooses and self.choosing
        if action == "choose":
            return self.choosing
        return True

    def action_center(self) -> None:
        """Put the cursor back in the middle of the board."""
        points = set(self.cells) | self.frame
        if points:
            qs = sorted(h[0] for h in points)
            rs = sorted(h[1] for h in points)
            mid = (qs[len(qs) // 2], rs[len(rs) // 2])
            self.cursor = min(points, key=lambda h: (hexgrid.distance(h, mid), h[1], h[0]))
        else:
            self.cursor = (0, 0)
        self._follow = True
        if self.steady:
            self._offset = None  # and the view around it
        self.refresh()

    def pan(self, dx: int, dy: int) -> None:
        """Move the view by ``dx`` columns and ``dy`` lines (the board moves the other way)."""
        cw, rh, ox, oy = self._layout()
        self._offset = (ox - dx, oy - dy)
        self._follow = False
        self.refresh()

    def action_pan(self, dx: int, dy: int) -> None:
        cw, rh = self.scale
        self.pan(dx * max(cw, self.size.width // 4), dy * max(rh, self.size.height // 4))

    # -- the mouse ----------------------------------------------------------
    def on_mouse_down(self, event: events.MouseDown) -> None:
        offset = event.get_content_offset(self)
        if offset is None or event.button != 1:
            return
        _cw, _rh, ox, oy = self._layout()
        self._drag = (offset.x, offset.y, ox, oy)
        self._dragged = False
        self.capture_mouse()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._drag is not None:
            self._drag = None
            self.release_mouse()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        if self._drag is not None and event.button == 1:
            x0, y0, ox, oy = self._drag
            if offset is not None and (offset.x, offset.y) != (x0, y0):
                self._dragged = True
                self._offset = (ox + offset.x - x0, oy + offset.y - y0)
                self._follow = False
                self.refresh()
            return
        if offset is None or not (0 <= offset.x < self.size.width and 0 <= offset.y < self.size.height):
            return
        cell = self.cell_at(offset.x, offset.y)
        if cell != self.hovered:
            self.hovered = cell
            self.post_message(self.Hovered(self, cell))
        if self.follow_mouse and cell != self.cursor:
            self.cursor = cell

    def on_leave(self, event: events.Leave) -> None:
        if self.hovered is not None:
            self.hovered = None
            self.post_message(self.Hovered(self, None))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        if self._dragged:
            self._dragged = False
            return
        self.focus()
        if event.button == 3:
            self.post_message(self.Turned(self, 1))
            return
        cell = self.cell_at(offset.x, offset.y)
        self.cursor = cell
        self.post_message(self.CellChosen(self, cell))

    def _wheel(self, step: int) -> None:
        """The wheel pans up and down, or across when the board is only too wide."""
        if self.wheel_turns:
            self.post_message(self.Turned(self, step))
            return
        cw, rh = self.scale
        _x0, _x1, y0, y1 = self._extent(cw, rh)
        if y1 - y0 > self.size.height:
            self.pan(0, step * rh)
        else:
            self.pan(step * cw, 0)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._wheel(1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._wheel(-1)

    def on_mouse_scroll_right(self, event: events.MouseScrollRight) -> None:
        event.stop()
        self.pan(self.scale[0], 0)

    def on_mouse_scroll_left(self, event: events.MouseScrollLeft) -> None:
        event.stop()
        self.pan(-self.scale[0], 0)
