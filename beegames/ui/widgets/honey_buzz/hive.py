"""A personal hive on the shared hex board, hex by hex with its edges.

Tiles are two hexes drawn as one piece, the icon's action on one of them,
their four yellow shoulder edges and six dark edges in their own colours.
A cell shows the letter it is named by on its upper edge, the nectar it
takes in lower case while empty (``r``), the nectar tile stored in it in
capitals (``R``) and a honey on it as ``●`` below; an open site with four
or five of its six hexes covered shows ``5/6``. What the pending decision
is about is lit green (the legal slots, the cells a tile may go into, the
spaces where the fan makes honey), the tile being placed is drawn on the
cursor, light where it may go and red where not, and the cells it would
close are marked ``+R``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from ....core.hexgrid import Hex
from ....games.honey_buzz.view import CellView as Cell
from ....games.honey_buzz.view import HiveView, PlacementView, TileView
from ..canvas import Canvas
from ..hexboard import CellView, HexBoard
from . import ACTION_COLOURS, NECTAR_COLOURS, short_name

YELLOW_EDGE = "bold #ffd000"
DARK_EDGE = "#8b5a2b"
LIT_EDGE = "#4f9a4f"
TILE_FILL = "#f0e0b0 on #4a3a18"
CELL_FILL = "on #1c1810"
LIT_FILL = "bold #d8ffd0 on #275a27"
PREVIEW_OK = "bold #101010 on #e0e0e0"
PREVIEW_BAD = "bold #ffffff on #8a2e2e"
MARK_FILL = "bold #101010 on #f0b400"
HONEY_MARK = "●"
HONEY_FILL = "bold #3a2000 on #f0b400"
EDGE_STYLES = {"yellow": YELLOW_EDGE, "dark": DARK_EDGE, "inner": ""}

ACTION_SHORT = {"forage": "For", "produce": "Pro", "market": "Mkt", "newbee": "Bee", "decree": "Dec",
                "accounting": "Acc"}
ACTION_WIDE = {"forage": "Forage", "produce": "Produce", "market": "Market", "newbee": "New Bee",
               "decree": "Decree", "accounting": "Account"}
NECTAR_WIDE = {"W": "Wildfl", "R": "Rosemry", "C": "Cherry", "A": "Acacia"}


class HiveMap(HexBoard):
    """The hive: an outlined hex board (Space is the screen's, for the drones' steps)."""

    DEFAULT_CSS = """
    HiveMap { height: 1fr; width: 1fr; border: none; }
    HiveMap:focus { border: none; }
    """
    outlined = True

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.space_chooses = False


@dataclass
class HiveScene:
    """What the hive shows besides its tiles and cells."""

    #: the hexes that are a choice now, and the decision they are for ("place", "store", "produce")
    lit: set[Hex] = field(default_factory=set)
    lit_kind: str = ""
    #: produce: how much honey the fan makes on each lit space
    fan_counts: dict[Hex, int] = field(default_factory=dict)
    #: produce: the nectar tiles the fan under the cursor would fill
    fan_cells: list[Hex] = field(default_factory=list)
    #: what the highlighted choice is about (honey to sell, a cell)
    marked: set[Hex] = field(default_factory=set)
    #: the tile being placed, on the cursor
    placing: PlacementView | None = None
    #: the cursor (for a cell site under a tile being placed)
    cursor: Hex | None = None
    #: setup: the configuration card's open slots (number, tile, is the slot to fill now)
    slots: list[tuple[int, TileView, bool]] = field(default_factory=list)


def _tile_cells(t: TileView, group: object, fill: str | None = None, z: int = 2) -> dict[Hex, CellView]:
    out = {}
    for h in t.hexes:
        icon = h == t.icon and bool(t.kind)
        style = fill or (f"bold {ACTION_COLOURS[t.kind]} on #4a3a18" if icon else TILE_FILL)
        out[h] = CellView(label=ACTION_SHORT[t.kind] if icon else "", big=ACTION_WIDE[t.kind] if icon else "",
                          style=style, group=group, edges=tuple(EDGE_STYLES[c] for c in t.edges[h]), z=z)
    return out


def _cell(c: Cell) -> CellView:
    if c.accepts is None:
        return CellView(label="·", big="none", top=c.name, wide_top=c.name, style=f"#707070 {CELL_FILL}", z=1)
    colour = NECTAR_COLOURS[c.accepts]
    if c.nectar is None:
        return CellView(label=c.accepts.lower(), big=NECTAR_WIDE[c.accepts].lower(), top=c.name, wide_top=c.name,
                        style=f"{colour} {CELL_FILL}", z=1)
    style = f"bold #101010 on {NECTAR_COLOURS[c.nectar]}"
    back = f"({c.back})" if c.back else ""
    if not c.honey:
        return CellView(label=c.nectar, big=NECTAR_WIDE.get(c.nectar, c.nectar), top=c.name, wide_top=c.name,
                        bottom=(c.back or "").lower(), sub=back, style=style, z=1)
    return CellView(label=c.nectar + HONEY_MARK, big=NECTAR_WIDE.get(c.nectar, c.nectar)[:6] + HONEY_MARK,
                    top=c.name, wide_top=c.name, bottom=HONEY_MARK, sub="hny", style=style, accent=HONEY_FILL, z=1)


def _restyle(view: CellView | None, style: str, **kw: object) -> CellView:
    old = view or CellView()
    values = dict(label=old.label, big=old.big, top=old.top, wide_top=old.wide_top, bottom=old.bottom, sub=old.sub,
                  group=old.group, edges=old.edges, z=old.z, accent=old.accent)
    values.update(kw)
    return CellView(style=style, **values)


def hive_cells(hv: HiveView, tiles: list[TileView], scene: HiveScene) -> tuple[dict[Hex, CellView], set[Hex]]:
    """The board's cells for a hive, and every hex the view must keep in reach."""
    cells: dict[Hex, CellView] = {}
    for i, t in enumerate(tiles):
        cells.update(_tile_cells(t, ("tile", i)))
    for c in hv.cells:
        cells[c.site] = _cell(c)
    for s in hv.open_sites:
        if s.covered >= 4:
            cells[s.site] = CellView(label=f"{s.covered}/6", style="#a08060", z=0)
    lit_edges = (LIT_EDGE,) * 6
    for h in scene.lit:
        old = cells.get(h)
        if old is None:
            cells[h] = CellView(label="·", style=LIT_FILL, edges=lit_edges, z=0)
        elif scene.lit_kind == "produce":
            n = scene.fan_counts.get(h, 0)
            cells[h] = _restyle(old, "bold #ffffff on #2f6a2a", top=str(n), wide_top=f"+{n}")
        else:
            cells[h] = _restyle(old, LIT_FILL)
    for site in scene.fan_cells:
        old = cells.get(site)
        if old is not None:
            cells[site] = _restyle(old, MARK_FILL, label=old.label + "+", big=old.big + "+")
    for number, t, now in scene.slots:
        for h, view in _tile_cells(t, ("slot", number), LIT_FILL if now else "#c0c0c0 on #3a3a3a").items():
            cells[h] = view if view.label else _restyle(view, view.style, top=str(number), wide_top=str(number))
    placing = scene.placing
    if placing is not None:
        if placing.tile is None and scene.cursor is not None:
            cells[scene.cursor] = CellView(label="✗", big="✗", style=PREVIEW_BAD, z=3)
        elif placing.tile is not None:
            fill = PREVIEW_OK if placing.move is not None else PREVIEW_BAD
            for h, view in _tile_cells(placing.tile, ("preview",), fill, z=3).items():
                icon = h == placing.tile.icon
                cells[h] = _restyle(view, fill, label=ACTION_SHORT[placing.tile.kind] if icon else "",
                                    big=ACTION_WIDE[placing.tile.kind] if icon else "")
            for site, nectar in placing.cells:
                cells[site] = CellView(label=f"+{nectar or '·'}", big=f"+{NECTAR_WIDE[nectar] if nectar else 'none'}",
                                       style=MARK_FILL, z=1)
    for h in scene.marked:
        cells[h] = _restyle(cells.get(h), MARK_FILL)
    frame = set(cells)
    return cells, frame


# -- the lines over and under the hive ------------------------------------------------------------------

#: how the line over the hive gives way on a narrow pane, step by step: the hint for the other hives,
#: the longest name of the hive shown, and how short the other names may be cut (the pan hint stays)
HEAD_FITS = [("< > other hives ", 99, 99), ("< > hives ", 99, 99), ("< > ", 99, 99), ("< > ", 99, 4),
             ("< > ", 12, 3), ("< > ", 6, 2), ("", 1, 1)]


def _allot(lengths: list[int], room: int) -> list[int]:
    """Cells for each name within ``room`` in all: the longest names are cut first."""
    caps = list(lengths)
    while sum(caps) > room and max(caps, default=0) > 1:
        caps[caps.index(max(caps))] -= 1
    return caps


def hive_head(players: list[tuple[str, str]], shown: int, beyond: str, width: int) -> Canvas:
    """The line over the hive: each player (``(name, colour)``, the one whose hive is shown
    marked), the keys for the other hives and the pan hint ``beyond``, within ``width`` columns
    (names are shortened before anything a player needs is dropped)."""
    lengths = [Text(name).cell_len for name, _colour in players]
    head = Canvas()
    for hint, own_most, others_least in HEAD_FITS:
        own = short_name(players[shown][0], own_most)
        room = (width or 999) - len(hint if len(players) > 1 else "") - len(beyond) - own.cell_len - 10 \
            - 3 * (len(players) - 1)
        others = [n for i, n in enumerate(lengths) if i != shown]
        caps = iter(_allot(others, room))
        cut = {i: next(caps) for i in range(len(players)) if i != shown}
        if any(c < min(others_least, lengths[i]) for i, c in cut.items()):
            continue
        head = Canvas()
        for i, (name, colour) in enumerate(players):
            on = i == shown
            text = Text(" ", style=f"bold #101010 on {colour}" if on else colour)
            text.append_text(own if on else short_name(name, cut[i]))
            text.append("'s hive " if on else " ")
            head.add(text, target=f"seat:{i}")
            head.add(" ")
        if len(players) > 1:
            head.add(hint, "dim")
        head.add(beyond, "bold #ffd75f")
        break
    return head


def hive_legend(hv: HiveView, placing: PlacementView | None = None) -> Text:
    """What the marks on the hive mean, those it shows now: under the hive, or after what the tile
    being placed would do (``placing``)."""
    out = Text()
    if placing is not None:
        marks = ["green ·: where it may go"]
        if placing.move is not None and placing.cells:
            new = " ".join(f"+{nectar or '·'}" for _site, nectar in placing.cells)
            marks.insert(0, f"{new}: the {'cell' if len(placing.cells) == 1 else 'cells'} it closes")
        out.append(f" ({'; '.join(marks)})", style="dim")
        return out
    out.append("|/\\", style=YELLOW_EDGE)
    out.append(" yellow · ", style="dim")
    out.append("|/\\", style=DARK_EDGE)
    count = f"{len(hv.cells)} cell" + ("" if len(hv.cells) == 1 else "s")
    marks = [f" dark edges · {count} (a b c …)"]
    if any(c.accepts is None for c in hv.cells):
        marks.append("·: takes no nectar")
    if any(c.honey for c in hv.cells):
        marks.append(f"{HONEY_MARK} hny: honey")
    if any(c.back and not c.honey for c in hv.cells):  # (advanced variant: shown to the hive's owner only)
        marks.append("(W) or w under a nectar tile: its back")
    if any(s.covered >= 4 for s in hv.open_sites):
        marks.append("5/6: 5 of 6 hexes covered")
    out.append(" · ".join(marks), style="dim")
    return out
