"""The Bee Lives map: flower tiles on the shared hex board.

Before the map is joined each colony's tiles form a separate group with its
own coordinates. :func:`draw_map` lays the groups out side by side (in rows
when they do not fit across), so one :class:`~.hexboard.HexBoard` shows them
all, and remembers what each drawn cell stands for (:class:`Spot`): a tile,
an empty space of a group, or, while a colony joins the map, a place where
its hive could land.

A tile's background tells its kind (bloom, wilt, harvest, wet); a lit tile
(one the player may choose now) is drawn in a brighter shade of the same
colour, so the kind stays readable. The compact layout shows three
characters per tile, the large one a name over a second line of detail
(yields, bees, tokens).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message

from ....core import hexgrid
from ....core.hexgrid import Hex
from ....games.bee_lives import view as blview
from ....games.bee_lives.models import BeeLivesState, JoinMove, PlaceMove
from ....games.bee_lives.view import DecisionView, GroupInfo, TileInfo
from ..hexboard import CellView, HexBoard

#: (background, lit background) of each tile kind
KIND_BG = {
    "bloom": ("#5e2b55", "#a8468f"),
    "wilt": ("#4f4b22", "#8f8835"),
    "harvest": ("#6b3f0c", "#b8731c"),
    "wet": ("#173f63", "#2f78c0"),
}
TEXT = "#f2f2f2"
DIM_TEXT = "#9a9a9a"
WILD_COLOUR = "#ffb347"
SPACE_STYLE = "bold #b9f5b0 on #1f3a1c"
SPOT_STYLE = "bold #ffe08a on #3d3000"
#: a selected cell (the space being scouted, or the place of the highlighted choice): the board's
#: amber, under white letters whatever the cell's own colour (a colony's, a wild hive's), so that
#: they read at 4.5:1 or more in 256 colours too (pale yellow there was about 4.2:1)
SELECTED_STYLE = "bold #ffffff on #7a4f00"
MOVED_TEXT = "#ffd75f"
HIVE_GLYPH = "⌂"
WILD_GLYPH = "◆"
BEE_GLYPH = "●"
TOKEN_GLYPH = "○"
#: the solo modes' dark sides: (background, text colour, glyph after the kind letter, name)
MARKS = {
    "haunted": ("#2e2247", "#d8ccff", "†", "Haunt"),
    "burned": ("#1e1a18", "#ff8a3d", "×", "Ashes"),
    "infected": ("#1d3320", "#a6ff7a", "z", "Sick"),
}
#: wild hives marked by a solo mode: a haunted hive (ghost bees) and an infected one
HIVE_MARKS = {"ghost": ("Ω", "#d8ccff"), "zombee": ("Z", "#a6ff7a")}


@dataclass
class MapMarks:
    """What the solo modes turn over on the map: tile id -> "haunted",
    "burned" or "infected"; wild hive index -> "ghost" or "zombee"; and
    whether the colony on the map is infected."""

    tiles: dict[int, str] = field(default_factory=dict)
    hives: dict[int, str] = field(default_factory=dict)
    colony_infected: bool = False


@dataclass(frozen=True)
class Spot:
    """What a drawn cell stands for: ``tile`` (a tile id), ``space`` (an
    empty cell ``(q, r)`` of ``group``) or ``place`` (joining: the shift
    ``(q, r)`` that puts the joining hive on this cell)."""

    kind: str
    tile: int = -1
    group: int = -1
    q: int = 0
    r: int = 0


@dataclass
class MapPicture:
    cells: dict[Hex, CellView] = field(default_factory=dict)
    spots: dict[Hex, Spot] = field(default_factory=dict)
    highlights: set[Hex] = field(default_factory=set)
    selected: Hex | None = None
    #: joining: the cell where the joining hive lands in the preview (the place shown, which its hive covers)
    landing: Hex | None = None
    #: the lit cells stand for the choices of a list: ] and [ step through the list (the map posts
    #: :class:`BeeLivesMap.StepChoice`), so that they reach every choice once, in its order, also where a
    #: choice's preview lays the map out anew and covers other places (joining)
    stepped_by_list: bool = False

    def cell_of(self, spot: Spot) -> Hex | None:
        for cell, s in self.spots.items():
            if s == spot:
                return cell
        return None

    def cell_for(self, key: tuple[Any, ...] | None) -> Hex | None:
        """The cell of a choice's place (its :func:`spot_key`): a cell standing for it, or the joining
        hive's landing cell for the place the preview shows."""
        if key is None:
            return None
        cell = next((c for c, s in self.spots.items() if spot_key(s) == key), None)
        return self.landing if cell is None and key[0] == "shift" else cell


@dataclass
class Names:
    """How hives are labelled: seat names and colours, wild hive names, and the wild hives' short names
    (the view's :func:`~beegames.games.bee_lives.view.wild_short_names`; by default worked out from ``wild``)."""

    seats: list[str]
    colours: list[str]
    wild: list[str]
    wild_short: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.wild_short:
            self.wild_short = blview.wild_short_names(self.wild)

    def wild_in(self, idx: int, n: int) -> str:
        """Wild hive ``idx``'s name in at most ``n`` characters: whole if it fits, else its short name."""
        return _first_fitting(n, self.wild[idx]) or self.wild_short[idx]

    def seat(self, seat: int, n: int) -> str:
        """Seat ``seat``'s name in at most ``n`` characters, told apart from the others (:func:`short_names`)."""
        return short_names(self.seats, n)[seat]


@dataclass
class Preview:
    """A join shown before it is confirmed: ``mover`` turned and shifted
    into ``target``'s frame. ``cells`` maps each moved tile to its cell
    there; ``places`` maps every legal landing cell of the mover's hive to
    its shift."""

    mover: int
    target: int
    cells: dict[int, Hex]
    places: dict[Hex, Hex]


def _extent(cells: Iterable[Hex]) -> tuple[int, int, int, int]:
    """(min x, max x, min r, max r) with x = 2q + r, in half cells."""
    xs = [2 * q + r for q, r in cells]
    rs = [r for _q, r in cells]
    return min(xs), max(xs), min(rs), max(rs)


def _margin(cells: Iterable[Hex]) -> set[Hex]:
    """The cells and every cell next to them (scouting never reaches further)."""
    out: set[Hex] = set()
    for q, r in cells:
        out.add((q, r))
        out.update(hexgrid.neighbours((q, r)))
    return out


def layout(groups: dict[int, set[Hex]], width_cells: int) -> dict[int, Hex]:
    """A shift ``(dq, dr)`` for each group so the groups sit apart on one
    board: left to right, starting a new row below when a row would be
    wider than ``width_cells``."""
    gap = 2  # half cells between the margins of two groups
    out: dict[int, Hex] = {}
    x_end: int | None = None  # right edge of the current row, in half cells
    row_top = 0
    next_row_top = 0
    for g in sorted(groups):
        x0, x1, r0, r1 = _extent(groups[g] or {(0, 0)})
        if x_end is not None and (x_end + gap + x1 - x0) // 2 + 1 > width_cells:
            row_top = next_row_top
            x_end = None
        dr = row_top - r0
        start = 0 if x_end is None else x_end + gap
        # a shift (dq, dr) moves x by 2 dq + dr: start the group at ``start``
        dq = -((x0 + dr - start) // 2)
        out[g] = (dq, dr)
        x_end = x1 + dr + 2 * dq
        next_row_top = max(next_row_top, r1 + dr + 1)
    return out


def _short(name: str, n: int) -> str:
    """``name`` in at most ``n`` characters: whole, or shortened with an ellipsis."""
    return name if len(name) <= n else name[: n - 1] + "…"


def short_names(names: list[str], n: int) -> list[str]:
    """Each of ``names`` in at most ``n`` characters, so that names that
    differ still read differently: whole when it fits, else its start and an
    ellipsis; where two would then read the same, its start, an ellipsis and
    its end ("Ann…le", "Ann…th")."""
    first = [_short(name, n) for name in names]
    out = []
    for name, short in zip(names, first, strict=True):
        if len(name) > n and first.count(short) > 1 and n >= 3:
            head = n // 2
            short = name[:head] + "…" + name[len(name) - (n - 1 - head):]
        out.append(short)
    return out


def _first_fitting(n: int, *labels: str) -> str | None:
    """The first of ``labels`` at most ``n`` characters long, or None."""
    return next((label for label in labels if len(label) <= n), None)


#: characters a line of a cell holds: the two-line layout, the three-line one
SMALL_LINE = 6
TALL_LINE = 9


def _tile_view(t: TileInfo, names: Names, strength: int, *, lit: bool, moved: bool = False,
               mark: str | None = None, hive_mark: str | None = None, sick_colony: bool = False) -> CellView:
    """One tile: its kind's colour, its name (the one the log uses) and what
    stands on it, in lines that fit the cell: six characters a line in the
    two-line layout (``big``, ``sub``), nine in the three-line one
    (``tall``). In the small layout the first line carries the tile's name
    and, where they fit, a wild hive's strength or the bees foraging, so
    that the second has room for whose they are; a longer name ends in "…"
    (players' names told apart, :func:`short_names`), and a wild hive
    goes by its short name ("DAND."), the same in every small cell. A solo mode's ``mark`` turns the tile
    to its dark side (haunted, burned, infected); ``hive_mark`` marks a wild
    hive (ghost bees, zombees)."""
    bg = KIND_BG[t.kind][1 if lit else 0]
    fg = TEXT
    name = t.name
    yields = "·".join(str(v) for v in (t.yields if t.kind == "wet" or t.yields[2] else t.yields[:2]))
    detail = t.kind
    if mark is not None:
        dark, fg, glyph, mark_name = MARKS[mark]
        bg = KIND_BG[t.kind][1] if lit else dark
        name = t.name + glyph
        detail = mark_name.lower()
        if mark == "burned":
            yields = "ash"
    big, sub, tall = name, yields, (name, yields, detail)
    n = SMALL_LINE
    if t.hive is not None:
        idx = int(t.hive[1:])
        if t.hive[0] == "p":
            fg = names.colours[idx % len(names.colours)]
            big = HIVE_GLYPH + name + (TOKEN_GLYPH if t.raid_tokens else "")
            sub = names.seat(idx, n)
            third = "infected" if sick_colony else "hive"
            if t.foragers:  # the colony forages its own hive's tile
                bees = f"{BEE_GLYPH}{t.foragers[0][1]}"
                with_bees = _first_fitting(n, f"{big} {bees}", big + bees)
                if with_bees is not None:
                    big = with_bees
                else:
                    sub = f"{names.seat(idx, n - len(bees) - 1)} {bees}"
                third = f"{bees} bees"
            if t.raid_tokens:
                third = f"{TOKEN_GLYPH}raided"
            tall = (f"{HIVE_GLYPH} {name}", names.seat(idx, TALL_LINE), third)
        else:
            glyph, colour = HIVE_MARKS[hive_mark] if hive_mark is not None else (WILD_GLYPH, WILD_COLOUR)
            fg = colour
            wild = names.wild_short[idx]  # (the same in every small cell: the boards name it whole)
            big = glyph + name
            with_strength = _first_fitting(n, f"{big} {strength}")
            if with_strength is not None:
                big, sub = with_strength, wild
            else:  # the hive's short name first, whole, and the tile under it
                big = glyph + wild
                sub = _first_fitting(n, f"{name} {strength}", f"{name}{strength}") or _short(f"{strength} {name}", n)
            tall = (f"{glyph} {name}", names.wild_in(idx, TALL_LINE), f"str. {strength}")
    elif t.foragers:
        seat, count = t.foragers[0]
        fg = names.colours[seat % len(names.colours)]
        bees = f"{BEE_GLYPH}{count}"
        with_bees = _first_fitting(n, f"{name} {bees}", name + bees)
        if with_bees is not None:
            big, sub = with_bees, names.seat(seat, n)
        else:
            sub = f"{bees} {names.seat(seat, n - len(bees) - 1)}"
        tall = (name, yields, f"{bees} {names.seat(seat, TALL_LINE - len(bees) - 1)}")
    elif t.forage_tokens:
        fg = WILD_COLOUR
        idx = t.forage_tokens[0]
        sub = TOKEN_GLYPH + names.wild_short[idx]
        tall = (name, yields, f"{TOKEN_GLYPH} {names.wild_in(idx, TALL_LINE - 2)}")
    bold = "bold " if lit or t.hive is not None or moved else ""
    style = f"{bold}{MOVED_TEXT if moved else fg} on {bg}" + (" underline" if moved else "")
    return CellView(name, style, big=big, sub=sub, tall=tall)


def draw_map(groups: list[GroupInfo], names: Names, *, width_cells: int, strengths: dict[int, int],
             lit_tiles: Iterable[int] = (), lit_spaces: Iterable[tuple[int, int, int]] = (),
             selected_space: tuple[int, int, int] | None = None, preview: Preview | None = None,
             marks: MapMarks | None = None) -> MapPicture:
    """Lay out every group and describe each cell.

    ``strengths`` gives the strength of each wild hive by index; ``lit_tiles``
    and ``lit_spaces`` (``(group, q, r)``) are what the player may choose now;
    ``selected_space`` marks an empty space being decided about (a scouted
    space); ``preview`` draws a join before it is confirmed; ``marks`` are
    the solo modes' haunted, burned and infected tiles and marked hives.
    """
    marks = marks or MapMarks()
    lit_t = set(lit_tiles)
    lit_s = set(lit_spaces)
    frames: dict[int, dict[Hex, TileInfo]] = {}
    for info in groups:
        if preview is None or info.group != preview.mover:
            frames[info.group] = {(t.q, t.r): t for t in info.tiles}
    moved: dict[Hex, TileInfo] = {}
    if preview is not None:
        for info in groups:
            if info.group == preview.mover:
                moved = {preview.cells[t.id]: t for t in info.tiles if t.id in preview.cells}
    shapes = {g: _margin(cells) for g, cells in frames.items()}
    if preview is not None and preview.target in shapes:
        shapes[preview.target] |= _margin(moved) | set(preview.places)
    shifts = layout(shapes, width_cells)
    pic = MapPicture()

    def strength(t: TileInfo) -> int:
        return strengths.get(int(t.hive[1:]), 0) if t.hive is not None and t.hive[0] == "w" else 0

    for g, cells in frames.items():
        dq, dr = shifts[g]
        for (q, r), t in cells.items():
            h = (q + dq, r + dr)
            hive_mark = marks.hives.get(int(t.hive[1:])) if t.hive is not None and t.hive[0] == "w" else None
            pic.cells[h] = _tile_view(t, names, strength(t), lit=t.id in lit_t, mark=marks.tiles.get(t.id),
                                      hive_mark=hive_mark,
                                      sick_colony=marks.colony_infected and t.hive is not None and t.hive[0] == "p")
            pic.spots[h] = Spot("tile", tile=t.id, group=g, q=q, r=r)
            if t.id in lit_t:
                pic.highlights.add(h)
        if preview is not None and g == preview.target:
            for (q, r), t in moved.items():
                h = (q + dq, r + dr)
                pic.cells[h] = _tile_view(t, names, strength(t), lit=False, moved=True)
                pic.spots[h] = Spot("tile", tile=t.id, group=g, q=q, r=r)
                if (q, r) in preview.places and t.hive is not None and t.hive[0] == "p":
                    pic.landing = h  # (a place too: [ and ] go on from it)
                    pic.highlights.add(h)
            for (q, r), shift in preview.places.items():
                h = (q + dq, r + dr)
                if h not in pic.cells:
                    pic.spots[h] = Spot("place", group=g, q=shift[0], r=shift[1])
                    pic.cells[h] = CellView("·", SPOT_STYLE, big="·", sub="", tall=("", "·", ""), cut="·")
                    pic.highlights.add(h)
    for g, q, r in lit_s:
        if g in shifts:
            dq, dr = shifts[g]
            h = (q + dq, r + dr)
            pic.cells[h] = CellView("+", SPACE_STYLE, big="+", sub="scout", tall=("", "+", "scout"),
                                   cut="+")
            pic.spots[h] = Spot("space", group=g, q=q, r=r)
            pic.highlights.add(h)
    if selected_space is not None and selected_space[0] in shifts:
        g, q, r = selected_space
        dq, dr = shifts[g]
        h = (q + dq, r + dr)
        pic.cells[h] = CellView("?", SPOT_STYLE, big="?", sub="new", tall=("", "?", "new"))
        pic.spots[h] = Spot("space", group=g, q=q, r=r)
        pic.selected = h
    return pic


def join_preview(st: BeeLivesState, dv: DecisionView | None, hover: Any) -> Preview | None:
    """The join being considered, drawn before it is confirmed: the tiles to
    touch and the turn of the highlighted choice ``hover`` (a join move), or
    its place (a place move); the first choice while none is highlighted."""
    if dv is None or dv.kind not in ("join", "join_place") or st.players[dv.seat].hive is None:
        return None
    hive = st.players[dv.seat].hive
    assert hive is not None
    mover = st.tiles[hive].group
    if dv.kind == "join":
        join = hover if isinstance(hover, JoinMove) else next(
            (e.move for e in dv.entries if isinstance(e.move, JoinMove)), None)
        if join is None:
            return None
        target, rotation = join.group, join.rotation
        offsets = blview.join_preview(st, dv.seat, target, rotation).offsets
        offset = offsets[0] if offsets else None
    else:
        if st.join is None:
            return None
        target, rotation = st.join.group, st.join.rotation
        offsets = [(e.move.dq, e.move.dr) for e in dv.entries if isinstance(e.move, PlaceMove)]
        offset = (hover.dq, hover.dr) if isinstance(hover, PlaceMove) else (offsets[0] if offsets else None)
    if offset is None:
        return None
    cells = blview.join_placement(st, mover, rotation, offset)
    places: dict[Hex, Hex] = {}
    if dv.kind == "join_place":
        home = blview.join_placement(st, mover, rotation, (0, 0))[hive]
        places = {(home[0] + dq, home[1] + dr): (dq, dr) for dq, dr in offsets}
    return Preview(mover=mover, target=target, cells=cells, places=places)


def kept_cells(pic: MapPicture, about: list[int], chosen: Hex | None, scouted: Hex | None) -> list[Hex]:
    """The cells the map keeps in view, the first above all: the place of the
    highlighted choice (``chosen``), the tiles the decision is about (the
    view's answer: the deciding colony's hive, a raider, the hive raided, the
    wild hive acting), the space being scouted, then the lit cells nearest
    the hive."""
    tiles = {spot.tile: cell for cell, spot in pic.spots.items() if spot.kind == "tile"}
    keep = [c for c in (chosen, *(tiles.get(t) for t in about), scouted) if c is not None]
    if keep:
        home = keep[1] if chosen is not None and len(keep) > 1 else keep[0]
        keep += sorted(pic.highlights, key=lambda h: (hexgrid.distance(h, home), h[1], h[0]))
    return list(dict.fromkeys(keep))


def spot_key(spot: Spot | blview.Spot | None) -> tuple[Any, ...] | None:
    """A map spot and a view spot on one footing: ("tile", id), ("space", g, q, r) or ("shift", dq, dr)."""
    if spot is None:
        return None
    if isinstance(spot, Spot):
        if spot.kind == "tile":
            return ("tile", spot.tile)
        if spot.kind == "space":
            return ("space", spot.group, spot.q, spot.r)
        return ("shift", spot.q, spot.r)
    if spot.tile is not None:
        return ("tile", spot.tile)
    if spot.space is not None:
        return ("space", *spot.space)
    if spot.shift is not None:
        return ("shift", *spot.shift)
    return None


def on_map(e: object) -> bool:
    """Whether ``e`` is a choice the map lights: an entry with a place that may be chosen."""
    return isinstance(e, blview.Entry) and e.spot is not None and not e.refused


def lit_places(entries: list[blview.Entry]) -> tuple[set[int], set[tuple[int, int, int]]]:
    """The tiles and the spaces (``(group, q, r)``) of ``entries`` and the entries of their groups that may be
    chosen: the cells the map lights."""
    tiles: set[int] = set()
    spaces: set[tuple[int, int, int]] = set()
    for e in blview.walk(entries):
        if on_map(e) and e.spot is not None:
            if e.spot.tile is not None:
                tiles.add(e.spot.tile)
            if e.spot.space is not None:
                spaces.add(e.spot.space)
    return tiles, spaces


def all_listed(pic: MapPicture, entries: list[blview.Entry]) -> bool:
    """Whether every lit cell of ``pic`` stands for one of ``entries`` (not only for a choice inside one of
    their groups): then ] and [ may step through the list (:attr:`MapPicture.stepped_by_list`)."""
    cells = {pic.cell_for(spot_key(e.spot)) for e in entries if on_map(e)}
    return bool(pic.highlights) and pic.highlights <= cells


def path_to(entries: list[blview.Entry], where: tuple[Any, ...]) -> list[int] | None:
    """The indices that lead from ``entries`` to the first choice standing for ``where`` (a :func:`spot_key`)."""
    for i, e in enumerate(entries):
        if e.refused:
            continue
        if spot_key(e.spot) == where:
            return [i]
        if e.group is not None:
            sub = path_to(e.group, where)
            if sub is not None:
                return [i, *sub]
    return None


def kind_chip(kind: str, text: str) -> Text:
    """``text`` on a tile kind's colour (for legends and lists)."""
    chip = Text()
    chip.append(text, style=f"bold {TEXT} on {KIND_BG[kind][0]}")
    return chip


class BeeLivesMap(HexBoard):
    """The shared hex board, remembering what each cell stands for.

    It keeps one layout for a given size of the widget (two lines a cell,
    or three on a big screen), whatever the map holds, and it is only as
    tall as the map it shows, so a small map stands at the top of its
    column."""

    class StepChoice(Message):
        """] or [ on a map whose lit cells stand for a list's choices: the list's next (``step`` 1) or
        previous (-1) choice with a place, please."""

        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    BINDINGS = [
        Binding("left_square_bracket", "cycle(-1)", "Previous lit cell", show=False),
        Binding("right_square_bracket", "cycle(1)", "Next lit cell", show=False),
    ]
    DEFAULT_CSS = """
    BeeLivesMap { height: auto; min-height: 5; max-height: 100%; width: 1fr; border: round $primary-darken-2; }
    BeeLivesMap:focus { border: round $accent; }
    """
    #: (cell width, row height): six characters on two lines; eight on three when there is room
    SMALL = (7, 2)
    LARGE = (10, 3)
    #: the content size from which the three-line layout is used
    LARGE_FROM = (60, 15)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.picture = MapPicture()
        self.scales = (self.SMALL,)
        # lit tiles keep their kind colour (drawn into each cell's style);
        # the board's own highlight only makes them bold
        self.highlight_style = Style(bold=True)
        self.selected_style = Style.parse(SELECTED_STYLE)
        self.border_title = "Map"
        #: the room the column gives the map (content rows), set by the screen
        self.room = 0
        #: the map group :meth:`show_next_group` brought into view last (None once the map is drawn anew)
        self.group_shown: int | None = None

    def layout_for(self, width: int, room: int) -> tuple[int, int]:
        """The layout for a map ``width`` wide with ``room`` rows to grow in."""
        big = width >= self.LARGE_FROM[0] and room >= self.LARGE_FROM[1]
        return self.LARGE if big else self.SMALL

    def fit(self, width: int, room: int) -> None:
        """Choose the layout for the room the screen has (only a resize changes it)."""
        self.room = room
        chosen = (self.layout_for(width, room),)
        if chosen != self.scales:
            self.scales = chosen
            self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As tall as the map's rows and one more above and below (where
        scouting reaches), and any cell drawn beyond them (a join's preview);
        the board pans when that is taller than its room."""
        rows = self._rows(self.picture)
        _cw, rh = self.scales[0]
        return max(3, (rows[1] - rows[0] + 1) * rh if rows else rh)

    def show_picture(self, picture: MapPicture) -> None:
        if picture == self.picture:
            return
        tall = self._rows(self.picture)
        self.picture = picture
        self.group_shown = None
        self.show(picture.cells, highlights=picture.highlights, selected=picture.selected)
        if self._rows(picture) != tall:
            self.refresh(layout=True)

    @staticmethod
    def _rows(picture: MapPicture) -> tuple[int, int] | None:
        """The first and last row of the map: its tiles with a row more on each side, and every cell drawn."""
        tiles = [r for (_q, r), spot in picture.spots.items() if spot.kind == "tile"]
        rows = [r for _q, r in picture.cells] + ([min(tiles) - 1, max(tiles) + 1] if tiles else [])
        return (min(rows), max(rows)) if rows else None

    def spot_at(self, cell: Hex) -> Spot | None:
        return self.picture.spots.get(cell)

    def point_at(self, cells: Iterable[Hex], near: Hex | None = None) -> None:
        """Put the cursor on the first of ``cells`` (the nearest to ``near``
        if given, else the top one) unless it already sits on one."""
        order = sorted(cells, key=lambda h: (hexgrid.distance(h, near) if near is not None else 0, h[1], h[0]))
        if order and self.cursor not in order:
            self.cursor = order[0]

    def show_next_group(self, hives: Iterable[int]) -> int | None:
        """Before the join: bring the next map group into view (the one after the group last shown so, else
        after the cursor's), its colony's hive (one of the tiles ``hives``) first, then as many of its other
        tiles as fit; a focused map's cursor goes to that hive. Returns the group, or None for a map of one."""
        spots = self.picture.spots
        tiles = {cell: spot for cell, spot in spots.items() if spot.kind == "tile"}
        groups = sorted({spot.group for spot in tiles.values()})
        if len(groups) < 2:
            return None
        now = self.group_shown if self.group_shown in groups else \
            (spots[self.cursor].group if self.cursor in spots else groups[-1])
        group = groups[(groups.index(now) + 1) % len(groups)] if now in groups else groups[0]
        homes = set(hives)
        cells = sorted((cell for cell, spot in tiles.items() if spot.group == group),
                       key=lambda cell: (tiles[cell].tile not in homes, cell[1], cell[0]))
        if self.has_focus:
            self.cursor = cells[0]
        self.keep_in_view(cells)
        self.group_shown = group
        return group

    def on_click(self, event: events.Click) -> None:
        """A click chooses its cell: the screen hears of it once, as the cell chosen (a first click on a
        join's place shows it, a second confirms it), not as a move of the cursor as well."""
        event.prevent_default()  # (the board's own handler runs here, the cursor's message held back)
        with self.prevent(HexBoard.CursorMoved):
            super().on_click(event)

    def action_cycle(self, step: int) -> None:
        self.cycle(step)

    def cycle(self, step: int) -> None:
        """Jump the cursor to the next (or previous) lit cell; where they stand for a list's choices, ask for
        the list's next choice instead (its place comes under the cursor)."""
        if self.picture.stepped_by_list:
            self.post_message(self.StepChoice(step))
            return
        pool = sorted(self.picture.highlights, key=lambda h: (h[1], h[0]))
        if not pool:
            return
        if self.cursor in pool:
            self.cursor = pool[(pool.index(self.cursor) + step) % len(pool)]
        else:
            self.cursor = pool[0]


class MapRoom(Vertical):
    """The map's column. The map's cell size follows the room this column has,
    so the screen is told each time that room changes (the boards hide for a
    hint, a resize): the map is fitted then, after the new layout, never
    before it."""

    class Resized(Message):
        """The column's room changed."""

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized())
