"""A hex map drawn with its edges: every hex has six edges of its own colour.

Where :mod:`.hexboard` draws each hex as a label, this widget draws the
outline of every hex as well, in the classic text form (pointy-top, axial
coordinates as in :mod:`beegames.core.hexgrid`)::

     / \\ / \\
    |   |   |        compact: 4 columns a hex, 3 characters of label
     \\ / \\ /

    the large layout is twice as wide: 7 characters of label on the middle
    line, 3 more on the lines above and below.

Every character of the drawing is either an edge (``/``, ``\\``, ``|``),
shared by the two hexes it separates, or part of one hex's interior. A screen
paints hexes with :class:`HexPaint`: an interior style and text, and a style
per edge direction. Hexes of one *group* (a two-hex tile, say) share their
fill across the edge between them, so a group reads as one piece. On an
edge two paints disagree about, the paint with the higher ``z`` wins.

The map knows nothing of any game. It keeps a cursor (arrow keys, the mouse)
and posts :class:`HexMap.Chosen` on Enter or a click, :class:`HexMap.Moved`
when the cursor moves and :class:`HexMap.Turned` for the wheel and the right
button (a screen may use those to rotate a piece under the cursor).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ...core import hexgrid
from ...core.hexgrid import Hex

#: Columns per hex in the compact and the large layout (each row is 2 lines).
WIDTHS = (4, 8)


@dataclass(frozen=True)
class HexPaint:
    """How one hex is drawn.

    ``fill`` styles the interior (background and text colour); ``mid`` is
    the text of the middle line (3 or 7 characters), ``top`` and ``bottom``
    the text of the short lines above and below it (1 or 3 characters).
    ``edges[d]`` is the style of the edge toward direction ``d`` ("" for no
    edge of this hex's own). Hexes sharing a ``group`` are drawn as one
    piece; ``z`` decides whose edge style wins on a shared edge. The
    ``wide_*`` texts replace the others in the large layout when given, and
    ``accent`` (if given) styles the short lines instead of ``fill``."""

    fill: str = ""
    mid: str = ""
    top: str = ""
    bottom: str = ""
    wide_mid: str = ""
    wide_top: str = ""
    wide_bottom: str = ""
    group: Any = None
    edges: tuple[str, ...] | None = None
    z: int = 0
    accent: str = ""


_EDGE_CHARS = {0: "|", 3: "|", 1: "/", 4: "/", 2: "\\", 5: "\\"}
_REVERSE = Style(reverse=True)


class HexMap(Widget, can_focus=True):
    """A hex map with edges, a cursor, panning and the mouse."""

    DEFAULT_CSS = """
    HexMap { height: 1fr; width: 1fr; }
    """

    BINDINGS = [
        Binding("left", "move(3)", "West", show=False),
        Binding("right", "move(0)", "East", show=False),
        Binding("up", "move(5)", "North-east", show=False),
        Binding("down", "move(2)", "South-west", show=False),
        Binding("shift+up", "move(4)", "North-west", show=False),
        Binding("shift+down", "move(1)", "South-east", show=False),
        Binding("enter", "choose", "Choose", show=False),
        Binding("home", "center", "Centre view", show=False),
    ]

    cursor: reactive[Hex] = reactive((0, 0), always_update=False)

    class Chosen(Message):
        """Enter or a left click on ``cell``."""

        def __init__(self, hexmap: HexMap, cell: Hex) -> None:
            super().__init__()
            self.hexmap = hexmap
            self.cell = cell

        @property
        def control(self) -> HexMap:
            return self.hexmap

    class Moved(Message):
        """The cursor moved to ``cell`` (keys or the mouse)."""

        def __init__(self, hexmap: HexMap, cell: Hex) -> None:
            super().__init__()
            self.hexmap = hexmap
            self.cell = cell

        @property
        def control(self) -> HexMap:
            return self.hexmap

    class Turned(Message):
        """The wheel or the right button over the map: ``step`` is +1 or -1."""

        def __init__(self, hexmap: HexMap, step: int) -> None:
            super().__init__()
            self.hexmap = hexmap
            self.step = step

        @property
        def control(self) -> HexMap:
            return self.hexmap

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.paints: dict[Hex, HexPaint] = {}
        #: the cursor follows the mouse pointer (a piece being placed)
        self.follow_mouse = False
        #: draw the cursor at all
        self.show_cursor = True
        #: hexes that keep the view from panning away (the whole hive)
        self.frame: set[Hex] = set()
        self._styles: dict[str, Style] = {}
        #: styles combined with the widget's own style, rebuilt when that changes
        self._combined: dict[tuple[str, ...], Style] = {}
        self._combined_base: Style | None = None
        self._layout_key: tuple[object, ...] | None = None
        self._layout_value: tuple[int, int, int] = (WIDTHS[0], 0, 0)

    # -- data ---------------------------------------------------------------------
    def show(self, paints: dict[Hex, HexPaint], frame: set[Hex] | None = None) -> None:
        """Draw ``paints``; ``frame`` (default: the painted hexes) is what
        the view keeps in sight. Nothing is redrawn if nothing changed."""
        new_frame = set(frame) if frame is not None else set(paints)
        if paints == self.paints and new_frame == self.frame:
            return
        self.paints = paints
        self.frame = new_frame
        self.refresh()

    def style_of(self, text: str) -> Style:
        style = self._styles.get(text)
        if style is None:
            style = Style.parse(text) if text else Style()
            self._styles[text] = style
        return style

    # -- geometry -----------------------------------------------------------------
    def _points(self) -> set[Hex]:
        return (self.frame | {self.cursor}) or {(0, 0)}

    def _extent(self, w: int) -> tuple[int, int, int, int]:
        xs: list[int] = []
        ys: list[int] = []
        for q, r in self._points():
            xs.append(w * q + (w // 2) * r)
            ys.append(2 * r)
        return min(xs) - w // 2, max(xs) + w // 2, min(ys) - 1, max(ys) + 1

    @property
    def hex_width(self) -> int:
        """The large layout while everything fits in it, else the compact one."""
        x0, x1, y0, y1 = self._extent(WIDTHS[1])
        if x1 - x0 < self.size.width and y1 - y0 < self.size.height:
            return WIDTHS[1]
        return WIDTHS[0]

    def _layout(self) -> tuple[int, int, int]:
        """``(hex width, x offset, y offset)``: centred when it fits, else
        panned so that the cursor stays in view (worked out once per change)."""
        key = (self.size, self.cursor, id(self.frame))
        if key != self._layout_key:
            self._layout_key = key
            self._layout_value = self._work_out_layout()
        return self._layout_value

    def _work_out_layout(self) -> tuple[int, int, int]:
        width, height = self.size.width, self.size.height
        w = self.hex_width
        x0, x1, y0, y1 = self._extent(w)
        q, r = self.cursor
        cx, cy = w * q + (w // 2) * r, 2 * r
        if x1 - x0 < width:
            ox = (width - 1 - (x1 - x0)) // 2 - x0
        else:
            ox = min(max(width // 2 - cx, width - 1 - x1), -x0)
        if y1 - y0 < height:
            oy = (height - 1 - (y1 - y0)) // 2 - y0
        else:
            oy = min(max(height // 2 - cy, height - 1 - y1), -y0)
        return w, ox, oy

    def hex_at(self, x: int, y: int) -> Hex:
        """The hex whose interior (or nearest edge) is under content ``(x, y)``."""
        w, ox, oy = self._layout()
        best: tuple[float, Hex] | None = None
        base = (y - oy) // 2
        for r in (base - 1, base, base + 1):
            cy = 2 * r + oy
            q = round((x - ox - (w // 2) * r) / w)
            for qq in (q - 1, q, q + 1):
                cx = w * qq + (w // 2) * r + ox
                d = ((x - cx) / (w / 2)) ** 2 + ((y - cy) / 1.5) ** 2
                if best is None or d < best[0]:
                    best = (d, (qq, r))
        assert best is not None
        return best[1]

    def hex_origin(self, cell: Hex) -> tuple[int, int]:
        """Content coordinates of the centre of ``cell``."""
        w, ox, oy = self._layout()
        q, r = cell
        return w * q + (w // 2) * r + ox, 2 * r + oy

    # -- drawing ------------------------------------------------------------------
    def _edge(self, a: Hex, d: int, base: Style) -> tuple[str, Style]:
        """The character and style of the edge of ``a`` toward direction ``d``:
        drawn in the edge style of the paint that wins it, on that paint's
        background, so that a piece reads as one shape."""
        b = hexgrid.neighbour(a, d)
        pa, pb = self.paints.get(a), self.paints.get(b)
        if pa is not None and pb is not None and pa.group is not None and pa.group == pb.group:
            return " ", self._combine(base, pa.fill)
        sa = pa.edges[d] if pa is not None and pa.edges else ""
        sb = pb.edges[(d + 3) % 6] if pb is not None and pb.edges else ""
        if sa and (not sb or (pa.z if pa else 0) >= (pb.z if pb else 0)):
            owner, style = pa, sa
        elif sb:
            owner, style = pb, sb
        else:
            return " ", base
        assert owner is not None
        return _EDGE_CHARS[d], self._combine(base, owner.fill, style)

    def _combine(self, base: Style, fill: str, edge: str | None = None, reverse: bool = False) -> Style:
        """The widget's style plus a fill (all of it for an interior, only its
        background under an edge) plus an edge style: cached, as a map draws
        the same few combinations hundreds of times."""
        if base is not self._combined_base:
            self._combined_base = base
            self._combined = {}
        key = (fill, edge or "", "r" if reverse else "")
        style = self._combined.get(key)
        if style is None:
            if edge is None:
                style = base + self.style_of(fill)
            else:
                style = base + Style(bgcolor=self.style_of(fill).bgcolor) + self.style_of(edge)
            if reverse:
                style = style + _REVERSE
            self._combined[key] = style
        return style

    def _interior(self, h: Hex, text: str, width: int, base: Style, cursor: bool, short: bool = False) -> Segment:
        paint = self.paints.get(h)
        rev = cursor and h == self.cursor
        fill = (paint.accent if short and paint.accent else paint.fill) if paint is not None else ""
        style = self._combine(base, fill, reverse=rev)
        return Segment(text.center(width)[:width] if text else " " * width, style)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        w, ox, oy = self._layout()
        k = w // 4
        wide = w == WIDTHS[1]
        base = self.rich_style
        cursor = self.show_cursor and self.has_focus
        rel = y - oy
        segs: list[Segment] = []
        r = rel // 2 if rel % 2 == 0 else (rel - 1) // 2  # on a slant line: the row above it
        shift = (w // 2) * r + ox
        q0 = (-shift) // w - 1
        q1 = (width - shift) // w + 1
        if rel % 2 == 0:
            start = shift + w * q0 - w // 2  # the west edge of hex q0
            for q in range(q0, q1 + 1):
                h = (q, r)
                ch, st = self._edge(h, 3, base)
                segs.append(Segment(ch, st))
                paint = self.paints.get(h)
                text = (paint.wide_mid or paint.mid if wide else paint.mid) if paint else ""
                segs.append(self._interior(h, text, w - 1, base, cursor))
        else:
            start = shift + w * q0 - k  # the south-west edge of hex (q0, r)
            for q in range(q0, q1 + 1):
                a = (q, r)
                ch, st = self._edge(a, 2, base)
                segs.append(Segment(ch, st))
                pa = self.paints.get(a)
                text = (pa.wide_bottom or pa.bottom if wide else pa.bottom) if pa else ""
                segs.append(self._interior(a, text, 2 * k - 1, base, cursor, True))
                ch, st = self._edge(a, 1, base)
                segs.append(Segment(ch, st))
                b = (q, r + 1)
                pb = self.paints.get(b)
                text = (pb.wide_top or pb.top if wide else pb.top) if pb else ""
                segs.append(self._interior(b, text, 2 * k - 1, base, cursor, True))
        strip = Strip(segs).crop(-start, -start + width)
        return strip.extend_cell_length(width, base)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return container.height

    # -- input --------------------------------------------------------------------
    def watch_cursor(self, cell: Hex) -> None:
        self.refresh()
        self.post_message(self.Moved(self, cell))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, direction: int) -> None:
        self.cursor = hexgrid.neighbour(self.cursor, direction)

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self, self.cursor))

    def action_center(self) -> None:
        if self.frame:
            qs = sorted(h[0] for h in self.frame)
            rs = sorted(h[1] for h in self.frame)
            mid = (qs[len(qs) // 2], rs[len(rs) // 2])
            self.cursor = min(self.frame, key=lambda h: hexgrid.distance(h, mid))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if not self.follow_mouse:
            return
        offset = event.get_content_offset(self)
        if offset is not None:
            self.cursor = self.hex_at(offset.x, offset.y)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        self.focus()
        if event.button == 3:
            self.post_message(self.Turned(self, 1))
            return
        cell = self.hex_at(offset.x, offset.y)
        self.cursor = cell
        self.post_message(self.Chosen(self, cell))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.post_message(self.Turned(self, 1))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.post_message(self.Turned(self, -1))
