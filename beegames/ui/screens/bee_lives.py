"""The Bee Lives screen: the map of flower tiles, the hive boards, the wild
hives, the season card, and a list for every decision.

Every decision of the game is in the list on the right (↑/↓ and Enter, or a
click). Choices that are places are lit on the map as well, and a click on a
lit tile (or Enter with the map focused) makes them: forage a tile, scout an
empty space, raid a hive, put a new wild hive somewhere, break a wild hive's
tie. On the player's turn the eight actions also have letter keys.

Decisions that are a few numbers at once (what to collect from a tile, how
many bees to sacrifice) are small forms in the list: ←/→ (or a digit) set
the highlighted number, and the first line confirms. Joining the map at the
end of May is shown before it is confirmed: highlighting a group and a
rotation, then a place, redraws the joined map.

The screen draws only the keyboard seat's view of the game (``self.seen``).
The wild hives' turns and the season card are automatic steps shown one at a
time (``STEP_DELAY``); the quiet bookkeeping between them (phases, cleanup)
runs at once. Space runs every step now, ``p`` pauses and ``n`` steps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core.errors import IllegalMove
from ...core.hexgrid import Hex
from ...core.match import Match
from ...games.bee_lives import view as blview
from ...games.bee_lives.colony import wild_active
from ...games.bee_lives.data import TILE_KINDS, TileKind, derived, game_data
from ...games.bee_lives.map import distance as map_distance
from ...games.bee_lives.map import geometry, hive_tile
from ...games.bee_lives.map import group_cells as map_cells
from ...games.bee_lives.models import (
    BackMove,
    BeeLivesState,
    CellMove,
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    DropMove,
    ForageMove,
    HiveMove,
    HoneyMove,
    JoinMove,
    KeepMove,
    PlaceMove,
    PressMove,
    QueenMove,
    RaidMove,
    RequeenMove,
    RerollMove,
    SacrificeMove,
    ScoutMove,
    StarveMove,
    StayMove,
    TileMove,
    WaxMove,
)
from ..widgets.bee_lives_map import KIND_LETTER, BeeLivesMap, Names, Preview, Spot, draw_map, kind_chip
from ..widgets.hive_board import (
    HONEY,
    POLLEN,
    QUEEN_POWERS,
    SEASON_COLOURS,
    WATER,
    WILD,
    hive_board_text,
    hive_summary,
    plural,
    season_text,
    wild_board_text,
)
from .game import GameScreen

#: seat colours that agree with the default seat names (Amber, Blue, Clover, Dusk)
BL_COLOURS = ["#e0a030", "#5fa8ff", "#6cc070", "#b08ce0"]
#: decisions answered by choosing a tile of ``pending.choices``
TILE_DECISIONS = ("swarm_tile", "card_spawn", "harder_spawn", "wild_forage", "wild_swarm")
#: decisions answered by choosing a hive of ``pending.targets``
HIVE_KINDS = ("wild_order", "wild_target")
#: the actions of the hive board with their keys
ACTION_KEYS = {"forage": "f", "scout": "s", "raid": "r", "defend": "d", "wax": "w", "clean": "c", "cool": "o",
               "requeen": "q"}
ACTION_TITLES = {"forage": "Forage", "scout": "Scout", "raid": "Raid", "defend": "Defend", "wax": "Build wax",
                 "clean": "Clean bees", "cool": "Cool hive", "requeen": "Requeen"}
#: the numbers of each form decision, in order
FORMS: dict[str, tuple[str, ...]] = {
    "collect": ("honey", "pollen", "water"),
    "sacrifice": ("defenders", "unassigned"),
    "wild_sacrifice": ("defenders", "unassigned"),
}
SHORT_PHASES = {"setup": "Setup", "egg": "Egg", "feeding": "Feeding", "brood": "Brood", "swarm": "Swarm",
                "event": "Event", "action": "Action", "cleanup": "Cleanup", "join": "Joining", "winter": "Winter",
                "over": "Game over"}
FIELD_NAMES = {"honey": "Honey", "pollen": "Pollen", "water": "Water", "defenders": "From Defend",
               "unassigned": "Free bees"}
FIELD_COLOURS = {"honey": HONEY, "pollen": POLLEN, "water": WATER, "defenders": "#ff8080", "unassigned": "#ff8080"}


@dataclass
class Choice:
    """A line of the decision list: its label, and what choosing it does
    (a move to play, or a step of the screen's own selection)."""

    label: Text
    action: Any
    disabled: bool = False


# ---------------------------------------------------------------------------
# small questions of the state that the engine's view does not ask


def queen_label(queen: str) -> Text:
    t = Text(f"{queen.capitalize():<11}", style="bold", no_wrap=True, overflow="ellipsis")
    t.append(QUEEN_POWERS[queen], style="dim")
    return t


def tile_words(st: BeeLivesState, tid: int) -> str:
    t = st.tiles[tid]
    return f"{t.kind} #{tid}"


def hive_words(st: BeeLivesState, key: str) -> str:
    idx = int(key[1:])
    if key[0] == "p":
        return f"{st.players[idx].name}'s hive"
    return f"{st.wild[idx].name} wild hive"


def spaces_between(st: BeeLivesState, a: int | None, b: int | None) -> int | None:
    """Spaces between two tiles of one group (None across groups or without a tile)."""
    if a is None or b is None:
        return None
    return map_distance(st, a, b)


def join_placement(st: BeeLivesState, mover: int, rotation: int, offset: Hex) -> dict[int, Hex]:
    """Where each tile of group ``mover`` lands when turned ``rotation`` steps
    and shifted by ``offset`` (the screen's join preview)."""
    geo = geometry()
    out = {}
    for (q, r), tid in map_cells(st).get(mover, {}).items():
        rq, rr = geo.rotate((q, r), rotation)
        out[tid] = (rq + offset[0], rr + offset[1])
    return out


def touching_edges(st: BeeLivesState, target: int, placed: dict[int, Hex]) -> int:
    """How many tile edges a placed group shares with group ``target``."""
    geo = geometry()
    cells = set(map_cells(st).get(target, {}))
    return sum(1 for c in placed.values() for n in geo.neighbours(c) if n in cells)


def group_owner(st: BeeLivesState, group: int) -> str:
    names = [p.name for p in st.players if p.hive is not None and st.tiles[p.hive].group == group]
    return " and ".join(names) if names else f"group {group}"


# ---------------------------------------------------------------------------


class BeeLivesScreen(GameScreen):
    """Bee Lives: map, hive boards, wild hives, season card, decision list."""

    STEP_DELAY = 0.5

    BINDINGS = [
        Binding("escape", "back", "Back / Menu", id="bl.back"),
        Binding("f", "act('forage')", "Forage", show=False),
        Binding("s", "act('scout')", "Scout", show=False),
        Binding("r", "act('raid')", "Raid / rotate", show=False),
        Binding("d", "act('defend')", "Defend", show=False),
        Binding("w", "act('wax')", "Build wax", show=False),
        Binding("c", "act('clean')", "Clean", show=False),
        Binding("o", "act('cool')", "Cool", show=False),
        Binding("q", "act('requeen')", "Requeen", show=False),
        Binding("g", "next_group", "Next group", show=False),
        Binding("left", "adjust(-1)", "Less", show=False),
        Binding("right", "adjust(1)", "More", show=False),
        Binding("minus", "adjust(-1)", "Less", show=False),
        Binding("plus,equals_sign", "adjust(1)", "More", show=False),
        Binding("m", "focus_map", "Map", id="bl.map"),
        Binding("b", "toggle_boards", "Boards", id="bl.boards", show=False),
        Binding("left_square_bracket", "cycle(-1)", "Previous lit cell", show=False),
        Binding("right_square_bracket", "cycle(1)", "Next lit cell", show=False),
        Binding("u", "undo", "Undo", show=False),
    ]
    EXTRA_HELP = [
        ("↑/↓, Enter, click", "Choose in the list (every decision is there)"),
        ("click a lit tile", "Forage it, scout it, raid its hive, or pick it"),
        ("f s r d w c o", "Forage, scout, raid, defend, wax, clean, cool"),
        ("q", "Requeen"),
        ("1-9", "Jump to that line of the list (n bees: line n)"),
        ("←/→ -/+ 0-9", "Set the highlighted number (collect, sacrifice)"),
        ("m, Tab", "Focus the map: arrows move, Enter chooses"),
        ("[ / ]", "Jump to the previous / next lit cell"),
        ("b", "Hide / show the boards under the map"),
        ("r / g", "Joining: next rotation / next group"),
        ("Space", "Run the wild hives' steps at once"),
        ("p / n", "Pause the steps / take one step"),
        ("Esc", "Back out of a choice, or open the menu"),
        ("u, ctrl+z", "Undo (not past dice, cards or tiles drawn)"),
        ("B W H ≈", "Map: bloom, wilt, harvest, wet (bright: a choice)"),
        ("⌂ ◆n", "Map: a colony's hive; a wild hive of strength n"),
        ("● ○", "Map: bees foraging; a wild hive's token"),
        ("+ ·", "Map: a space to scout; a place to join"),
    ]

    def __init__(self, match: Match[Any, Any], save_path: Path, **kwargs: Any) -> None:
        super().__init__(match, save_path, **kwargs)
        #: the turn's selection: "" | "forage" | "scout" | "raid" | "bees" | "requeen"
        self.mode = ""
        #: the action whose number of bees is asked in "bees" mode
        self.bees_for = ""
        self.raid_target: str | None = None
        #: the numbers of a form decision (collect, sacrifices)
        self.form: dict[str, int] = {}
        #: the highlighted list line's action (previewed on the map)
        self.hover: Any = None
        self._choices: list[Choice] = []
        self._choice_texts: list[str] = []
        self._decision_key: tuple[Any, ...] | None = None
        self._shown: dict[str, Text] = {}
        #: the player hid the boards to give the map the room (narrow terminals)
        self.boards_hidden = False
        #: what the automatic step on show did: "wild" (a wild hive) or "card" (a season card)
        self.showing = ""
        self._log_lines: list[str] = []
        self._groups: list[blview.GroupInfo] = []

    # -- layout -----------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield Static("", id="bl-status")
        with Horizontal(id="bl-main"):
            with Vertical(id="bl-map-col"):
                yield BeeLivesMap(id="bl-map")
                yield Static("", id="bl-legend")
            with VerticalScroll(id="bl-boards"):
                yield Static("", id="bl-hives")
                yield Static("", id="bl-wild")
                yield Static("", id="bl-season")

    def compose_side(self) -> ComposeResult:
        yield OptionList(id="bl-choices")

    def on_mount(self) -> None:
        self.query_one("#bl-choices", OptionList).border_title = "Choices"
        self.query_one("#bl-boards").border_title = "Hive"
        self._apply_size()
        self.query_one("#bl-choices", OptionList).focus()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size()

    @property
    def wide(self) -> bool:
        return self.app.size.width >= 110

    def _apply_size(self) -> None:
        wide = self.wide
        if self.has_class("wide") == wide and self.has_class("narrow") != wide:
            return
        self.set_class(wide, "wide")
        self.set_class(not wide, "narrow")
        if self.is_mounted:
            self.render_board()

    def _update(self, selector: str, text: Text, *, fixed: bool = False) -> None:
        """Update a text widget when its text changed, re-laying out the
        screen only when its number of lines changed (never for ``fixed``
        widgets, whose height the stylesheet sets)."""
        old = self._shown.get(selector)
        if old == text:
            return
        widget = self.query_one(selector, Static)
        self._shown[selector] = text
        if fixed:
            widget.update(text, layout=False)
            return
        lines = self._lines(text, widget.size.width)
        widget.update(text, layout=old is None or lines != self._lines(old, widget.size.width)
                      or widget.size.height == 0)

    def _lines(self, text: Text, width: int) -> int:
        if text.no_wrap or width <= 0:
            return text.plain.count("\n") + 1
        return len(text.wrap(self.app.console, width))

    # -- reading the state --------------------------------------------------------
    @property
    def st(self) -> BeeLivesState:
        """The game as the human at the keyboard may see it."""
        state: BeeLivesState = self.seen.state
        return state

    def _kind(self) -> str | None:
        d = self.seen.decision
        return None if d is None else d.kind

    def _seat(self) -> int:
        """The seat whose board leads: the deciding one, else the keyboard's."""
        d = self.seen.decision
        if d is not None:
            return d.seat
        v = self.view_seat
        return v if v is not None else 0

    def mine(self) -> bool:
        """The pending decision is the keyboard seat's, and it may be made now."""
        d = self.seen.decision
        return self.human_to_move and d is not None and d.seat == self.view_seat

    def moves(self) -> list[Any]:
        return list(self.seen.moves) if self.mine() else []

    def _names(self) -> Names:
        st = self.st
        return Names(seats=[p.name for p in st.players], colours=BL_COLOURS, wild=[w.name for w in st.wild])

    def colour(self, seat: int) -> str:
        return BL_COLOURS[seat % len(BL_COLOURS)]

    # -- rendering ------------------------------------------------------------------
    def seat_details(self) -> list[str]:
        out = []
        for p in self.st.players:
            out.append(f"VP {p.vp} · {plural(p.workers, 'bee')} · {p.honey}h {p.pollen}p {p.water}w")
        return out

    def refresh_view(self) -> None:
        key = self._key()
        if key != self._decision_key:
            self._decision_key = key
            self._reset_selection()
        seen = self.seen
        if self._log_seat != seen.seat and seen.log[:len(self._log_lines)] == self._log_lines:
            # the keyboard passed to a seat that reads the same log: add the
            # new lines instead of writing the whole log again
            self._log_seat = seen.seat
        self._log_lines = list(seen.log)
        super().refresh_view()

    def _key(self) -> tuple[Any, ...]:
        d = self.seen.decision
        return (len(self.match.history), None if d is None else (d.seat, d.kind), self.mine())

    def _reset_selection(self) -> None:
        self.mode = ""
        self.bees_for = ""
        self.raid_target = None
        self.hover = None
        self.form = {}
        kind = self._kind()
        if kind in FORMS and self.mine():
            self.form = self._form_default(kind)

    def render_board(self) -> None:
        if not self.children:  # not composed yet
            return
        self._render_choices()
        self._render_status()
        self._render_map()
        self._render_boards()

    # status line
    def _render_status(self) -> None:
        info = blview.season_info(self.st)
        width = self.query_one("#bl-status").size.width - 2
        for with_season in (True, False):
            t = Text(no_wrap=False)
            colour = SEASON_COLOURS.get(info.season, "#ffffff")
            t.append(info.month_name, style=f"bold {colour}")
            if with_season:
                t.append(f" ({info.season})", style=colour)
            if info.years > 1:
                t.append(f" · year {info.year}/{info.years}")
            t.append(f" · {SHORT_PHASES.get(info.phase, info.phase)}", style="bold")
            if info.card is not None:
                t.append(f" · {info.card.name}", style="italic")
                if info.card.overheat:
                    t.append(" ☀", style="bold #ff7050")
            if t.cell_len <= width:
                break
        t.append("\n")
        t.append_text(self._hint())
        self._update("#bl-status", t, fixed=True)

    def _hint(self) -> Text:
        t = Text()
        if self.match.over:
            res = self.match.result
            t.append(res.summary if res else "Game over.", style="bold")
            return t
        if self.stepping:
            t.append("A season card is turned… " if self.showing == "card" else "The wild hives are at work… ",
                     style="italic")
            if self.steps_paused:
                t.append("paused: n one step · p resume · Space all", style="bold")
            else:
                t.append("Space: all at once · p: pause", style="dim")
            return t
        if self.thinking:
            t.append("The computer is thinking…", style="italic")
            return t
        d = self.seen.decision
        if d is None:
            return t
        if not self.mine():
            t.append(d.prompt)
            return t
        kind = d.kind
        who = self.st.players[d.seat].name
        if kind == "turn":
            if self.mode == "forage":
                t.append("Forage: click a lit tile, or choose it in the list. ", style="bold")
                t.append("Esc back", style="dim")
            elif self.mode == "scout":
                t.append("Scout: click a lit + space, or choose it in the list. ", style="bold")
                t.append("Esc back", style="dim")
            elif self.mode == "raid":
                t.append("Raid: click a lit hive, or choose it in the list. ", style="bold")
                t.append("Esc back", style="dim")
            elif self.mode == "bees":
                t.append(f"{ACTION_TITLES[self.bees_for]}: how many bees? ", style="bold")
                t.append("Esc back", style="dim")
            elif self.mode == "requeen":
                t.append("Requeen: which queen? ", style="bold")
                t.append("Esc back", style="dim")
            else:
                p = self.st.players[d.seat]
                t.append(f"{who}: {plural(p.unassigned, 'free bee')}. ", style="bold")
                t.append("Pick an action (key or list), or click a lit tile.", style="")
            return t
        t.append(self._question(kind, d.prompt), style="bold")
        if kind in ("sacrifice", "wild_sacrifice") and self.form:
            t.append("\nSacrifice? → " + self.sacrifice_preview(self._form_move(kind)), style="bold #ffb0b0")
        if kind == "collect":
            t.append("  ←/→ sets, Enter on ✔", style="dim")
        elif kind == "join":
            t.append("  ↑/↓ previews, Enter confirms", style="dim")
        elif kind == "join_place":
            t.append("  ↑/↓ or a lit · previews, Enter confirms", style="dim")
        elif kind in TILE_DECISIONS or kind in HIVE_KINDS or kind == "wild_scout":
            t.append("  (click it, or use the list)", style="dim")
        return t

    def _question(self, kind: str, prompt: str) -> str:
        """The pending question in a few words (the engine's prompt otherwise)."""
        st = self.st
        pend = st.pending
        if kind == "queen":
            return "Choose your queen."
        if kind == "swarm_queen":
            return "Your colony stays: choose its new queen."
        if kind == "starve" and pend is not None:
            return f"Bees starve: keep up to {pend.amount} with starvation tokens (-2 VP each)?"
        if kind == "swarm_tile":
            return "Your hive swarms: put the new wild hive on a lit tile."
        if kind == "swarm_stay":
            return "Stay in your hive (new queen) or leave for the new site?"
        if kind in ("card_spawn", "harder_spawn") and pend is not None:
            return f"{pend.reason[:1].upper()}{pend.reason[1:]}: put it on a lit tile."
        if kind == "collect" and st.forage is not None:
            f = st.forage
            return (f"Collect from {tile_words(st, f.tile)}: up to {f.honey} honey, {f.pollen} pollen"
                    + (f", {f.water} water" if f.water else "") + f"; {st.players[f.seat].empty} empty cells.")
        if kind == "keep":
            return "Which tile goes in the scouted space (?)"
        if kind == "reroll" and st.raid is not None:
            r = st.raid
            return f"Raid dice {'+'.join(map(str, r.dice))} with {r.party} raiders: keep them or reroll?"
        if kind == "sacrifice" and st.raid is not None:
            r = st.raid
            return f"{st.players[r.attacker].name} raids you: {r.party} bees, dice {'+'.join(map(str, r.dice))}."
        if kind == "wild_sacrifice" and st.wraid is not None:
            w = st.wild[st.wraid.hive]
            return f"{w.name} (strength {w.strength}) raids you, D6 {st.wraid.roll}."
        if kind == "drop":
            return "Your party fell a bracket: remove one die."
        if kind == "press" and st.raid is not None:
            w = st.wild[int(st.raid.target[1:])]
            return f"Sacrifice more raiders against {w.name} (strength {w.strength})?"
        if kind == "honey":
            return "How much honey do you take?"
        if kind in ("wild_order", "wild_target", "wild_forage", "wild_swarm", "wild_scout") and pend is not None:
            return f"First player's choice: {pend.reason}."
        if kind == "join":
            return "Joining: whose tiles to touch, and how to turn yours?"
        if kind == "join_place":
            return "Joining: where do your tiles go?"
        return prompt

    # the map
    def _lit(self) -> tuple[set[int], set[tuple[int, int, int]], tuple[int, int, int] | None, Preview | None]:
        """Tiles and spaces the player may choose now, the space being decided
        about, and the join preview."""
        st = self.st
        tiles: set[int] = set()
        spaces: set[tuple[int, int, int]] = set()
        selected: tuple[int, int, int] | None = None
        preview: Preview | None = None
        d = self.seen.decision
        if d is None:
            return tiles, spaces, selected, preview
        kind = d.kind
        pend = st.pending
        mine = self.mine()
        if kind == "turn" and mine:
            moves = self.moves()
            p = st.players[d.seat]
            group = st.tiles[p.hive].group if p.hive is not None else -1
            if self.mode in ("", "forage"):
                tiles |= {m.tile for m in moves if isinstance(m, ForageMove)}
            if self.mode in ("", "scout"):
                spaces |= {(group, m.q, m.r) for m in moves if isinstance(m, ScoutMove)}
            if self.mode in ("", "raid"):
                for m in moves:
                    if isinstance(m, RaidMove):
                        tile = hive_tile(st, m.target)
                        if tile is not None:
                            tiles.add(tile)
            if self.mode == "bees" and self.raid_target is not None:
                tile = hive_tile(st, self.raid_target)
                if tile is not None:
                    tiles.add(tile)
        elif kind in TILE_DECISIONS and pend is not None:
            tiles |= set(pend.choices)
        elif kind in HIVE_KINDS and pend is not None:
            for key in pend.targets:
                tile = hive_tile(st, key)
                if tile is not None:
                    tiles.add(tile)
        elif kind == "wild_scout" and pend is not None and pend.hive is not None:
            wt = st.wild[pend.hive].tile
            if wt is not None:
                spaces |= {(st.tiles[wt].group, q, r) for q, r in pend.cells}
        elif kind == "keep" and st.scout is not None:
            selected = (st.scout.group, st.scout.q, st.scout.r)
        elif kind in ("join", "join_place"):
            preview = self._join_preview()
        return tiles, spaces, selected, preview

    def _join_preview(self) -> Preview | None:
        """The join being considered: the highlighted group and rotation (or
        place), drawn before it is confirmed."""
        st = self.st
        d = self.seen.decision
        if d is None or st.players[d.seat].hive is None:
            return None
        mover = st.tiles[st.players[d.seat].hive].group  # type: ignore[index]
        if d.kind == "join":
            hover = self.hover if isinstance(self.hover, JoinMove) else None
            if hover is None:
                first = next((m for m in self.moves() if isinstance(m, JoinMove)), None)
                hover = first
            if hover is None:
                return None
            target, rotation = hover.group, hover.rotation
            offsets = blview.join_preview(st, d.seat, target, rotation).offsets
            offset = offsets[0] if offsets else None
        else:
            if st.join is None:
                return None
            target, rotation = st.join.group, st.join.rotation
            offsets = [(m.dq, m.dr) for m in self.moves() if isinstance(m, PlaceMove)]
            offset = (self.hover.dq, self.hover.dr) if isinstance(self.hover, PlaceMove) else \
                (offsets[0] if offsets else None)
        if offset is None:
            return None
        cells = join_placement(st, mover, rotation, offset)
        hive = st.players[d.seat].hive
        places: dict[Hex, Hex] = {}
        if d.kind == "join_place" and hive is not None:
            home = join_placement(st, mover, rotation, (0, 0))[hive]
            for dq, dr in offsets:
                places[(home[0] + dq, home[1] + dr)] = (dq, dr)
        return Preview(mover=mover, target=target, cells=cells, places=places)

    def _render_map(self) -> None:
        st = self.st
        board = self.query_one(BeeLivesMap)
        tiles, spaces, selected, preview = self._lit()
        width = max(8, (board.size.width or 40) // 4)
        self._groups = blview.map_groups(st)
        pic = draw_map(self._groups, self._names(), width_cells=width,
                       strengths={i: w.strength for i, w in enumerate(st.wild)}, lit_tiles=tiles,
                       lit_spaces=spaces, selected_space=selected, preview=preview)
        hover_cell = self._hover_cell(pic)
        if hover_cell is not None and pic.selected is None:
            pic.selected = hover_cell
        board.show_picture(pic)
        if hover_cell is not None:
            board.cursor = hover_cell  # a map too big to show whole pans to it
        elif pic.highlights:
            board.point_at(pic.highlights)
        joining = self.mine() and self._kind() in ("join", "join_place")
        self.set_class(not self.wide and (joining or self.boards_hidden), "map-only")
        title = self._map_title()
        if board.border_title != title:
            board.border_title = title
        self._update("#bl-legend", self._legend(), fixed=True)

    def _map_title(self) -> str:
        st = self.st
        n = len(self._groups)
        bag = sum(st.bag.values())
        groups = f"{n} groups · " if n > 1 else ""
        return f"Map · {groups}{len(st.tiles)} tiles · {bag} in the bag"

    def _hover_cell(self, pic: Any) -> Hex | None:
        """The map cell the highlighted list line stands for."""
        h = self.hover
        st = self.st
        spot: Spot | None = None
        if isinstance(h, (ForageMove, TileMove)):
            spot = Spot("tile", tile=h.tile)
        elif isinstance(h, (HiveMove,)) or (isinstance(h, tuple) and h[:1] == ("target",)):
            key = h.target if isinstance(h, HiveMove) else h[1]
            tile = hive_tile(st, key)
            if tile is not None:
                spot = Spot("tile", tile=tile)
        elif isinstance(h, RaidMove):
            tile = hive_tile(st, h.target)
            if tile is not None:
                spot = Spot("tile", tile=tile)
        elif isinstance(h, (JoinMove, PlaceMove)):
            hive = st.players[self._seat()].hive
            if hive is not None:
                spot = Spot("tile", tile=hive)
        elif isinstance(h, (ScoutMove, CellMove)):
            for cell, s in pic.spots.items():
                if s.kind == "space" and (s.q, s.r) == (h.q, h.r):
                    return cell  # type: ignore[no-any-return]
            return None
        if spot is None:
            return None
        for cell, s in pic.spots.items():
            if s.kind == "tile" and s.tile == spot.tile:
                return cell  # type: ignore[no-any-return]
        return None

    def _legend(self) -> Text:
        st = self.st
        t = Text()
        if st.month > 9:
            t.append("Winter: nothing grows. ", style="bold #9ec9ff")
        else:
            t.append("Yields now " if self.wide else "Yields ", style="dim")
            if self.wide:
                t.append("(honey·pollen·water) ", style="dim")
            seen: dict[str, tuple[int, int, int]] = {}
            for g in self._groups:
                for tile in g.tiles:
                    seen.setdefault(tile.kind, tile.yields)
            for kind in TILE_KINDS:
                y = seen.get(kind) or self._kind_yield(kind)
                t.append_text(kind_chip(kind) if self.wide else kind_chip(kind, KIND_LETTER[kind]))
                nums = y if kind == "wet" else y[:2]
                t.append(" " + "·".join(map(str, nums)) + "  ")
        if not self.wide:
            return t
        t.append("⌂", style="bold")
        t.append(" hive ")
        t.append("◆", style=f"bold {WILD}")
        t.append(" wild ")
        t.append("●", style="bold")
        t.append(" bees ")
        t.append("○", style=f"bold {WILD}")
        t.append(" token ")
        t.append("+", style="bold #b9f5b0")
        t.append(" scout", style="")
        return t

    def _kind_yield(self, kind: TileKind) -> tuple[int, int, int]:
        """What a tile of ``kind`` would give now (no such tile on the map yet)."""
        st = self.st
        d = derived()
        season = blview.season_info(st).season
        if season not in d.yields:
            return (0, 0, 0)
        base = d.yields[season][kind]
        if st.card is None:
            return base
        change = d.card_yield[st.card][kind]
        return (max(0, base[0] + change[0]), max(0, base[1] + change[1]), max(0, base[2] + change[2]))

    # boards
    def _render_boards(self) -> None:
        st = self.st
        info = blview.season_info(st)
        self._update("#bl-season", season_text(info, wide=True))
        levels = derived().track_a
        lead = self._seat()
        d = self.seen.decision
        hives = Text()
        order = [lead] + [i for i in range(st.n) if i != lead]
        for k, seat in enumerate(order):
            board = blview.hive_board(st, seat)
            active = d is not None and d.seat == seat
            if k:
                hives.append("\n")
            if k == 0 or self.wide:
                if k:
                    hives.append("\n")
                hives.append_text(hive_board_text(board, self.colour(seat), levels, active=active))
            else:
                hives.append_text(hive_summary(board, self.colour(seat), active=active))
        self._update("#bl-hives", hives)
        tiles = {t.id: t.kind for t in st.tiles}
        self._update("#bl-wild", wild_board_text(blview.wild_board(st), game_data().wild.max_strength,
                                                 dormant=not wild_active(st), tiles=tiles))
        title = f"{st.players[lead].name}'s hive · wild hives · season"
        boards = self.query_one("#bl-boards")
        if boards.border_title != title:
            boards.border_title = title

    # the decision list
    def _render_choices(self) -> None:
        ol = self.query_one("#bl-choices", OptionList)
        self._choices = self._build_choices()
        texts = [c.label.plain for c in self._choices]
        if texts != self._choice_texts:
            old = ol.highlighted
            same_shape = len(texts) == len(self._choice_texts) and self.form
            self._choice_texts = texts
            ol.clear_options()
            ol.add_options([Option(c.label, id=str(i), disabled=c.disabled) for i, c in enumerate(self._choices)])
            if self._choices:
                ol.highlighted = old if same_shape and old is not None and old < len(texts) else 0
        kind = self._kind()
        if self.mine():
            title = "Your turn · ↑/↓ Enter" if kind == "turn" else "Choose · ↑/↓ Enter"
        else:
            title = "Choices"
        if ol.border_title != title:
            ol.border_title = title

    def _build_choices(self) -> list[Choice]:
        if not self.mine():
            # the list stays (hiding it would move the focus): it says why it is empty
            return [Choice(Text(self._waiting(), style="italic"), None, disabled=True)]
        kind = self._kind()
        st = self.st
        moves = self.moves()
        builders: dict[str, Callable[[BeeLivesState, list[Any]], list[Choice]]] = {
            "turn": self._turn_choices,
            "queen": self._queen_choices,
            "swarm_queen": self._queen_choices,
            "starve": self._starve_choices,
            "swarm_stay": self._stay_choices,
            "keep": self._keep_choices,
            "reroll": self._reroll_choices,
            "drop": self._drop_choices,
            "press": self._press_choices,
            "honey": self._honey_choices,
            "wild_scout": self._cell_choices,
            "join": self._join_choices,
            "join_place": self._place_choices,
        }
        if kind in FORMS:
            return self._form_choices(st, moves)
        if kind in TILE_DECISIONS:
            return self._tile_choices(st, moves)
        if kind in HIVE_KINDS:
            return self._hive_choices(st, moves)
        if kind is not None and kind in builders:
            return builders[kind](st, moves)
        return [Choice(Text(self.match.engine.describe_move(st, m)), m) for m in moves]

    def _waiting(self) -> str:
        if self.match.over:
            return "The year is over."
        if self.stepping:
            return "The wild hives are at work (Space: all at once)."
        d = self.seen.decision
        if d is None:
            return "…"
        return f"Waiting for {self.st.players[d.seat].name}" + ("…" if not self.thinking else " (thinking)…")

    # the turn: the eight actions, then what each needs
    def _turn_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        seat = self._seat()
        if self.mode == "forage":
            return self._forage_choices(st, moves, seat)
        if self.mode == "scout":
            out = [Choice(Text(f"Scout the space ({m.q},{m.r})"), m) for m in moves if isinstance(m, ScoutMove)]
            return out + [self._back()]
        if self.mode == "raid":
            return self._raid_target_choices(st, moves) + [self._back()]
        if self.mode == "bees":
            return self._bees_choices(st, moves, seat) + [self._back()]
        if self.mode == "requeen":
            out = [Choice(queen_label(m.queen), m) for m in moves if isinstance(m, RequeenMove)]
            return out + [self._back()]
        allowed: list[Choice] = []
        blocked: list[Choice] = []
        for opt in blview.action_options(st, seat):
            key = ACTION_KEYS[opt.action]
            label = Text(no_wrap=True, overflow="ellipsis")
            label.append(f"{key}", style="bold reverse" if opt.allowed else "dim")
            label.append(f" {ACTION_TITLES[opt.action]:<10} ", style="bold" if opt.allowed else "dim")
            label.append(self._action_note(st, seat, opt), style="dim")
            if not opt.allowed:
                blocked.append(Choice(label, ("act", opt.action), disabled=True))
            elif opt.action == "cool":
                allowed.append(Choice(label, CoolMove()))
            else:
                allowed.append(Choice(label, ("act", opt.action)))
        return allowed + blocked

    def _action_note(self, st: BeeLivesState, seat: int, opt: blview.ActionOption) -> str:
        """A short note on an action: what it reaches or costs, or why not."""
        moves = self.moves()
        if not opt.allowed:
            if opt.action == "cool":
                return f"needs {plural(opt.min_bees, 'free bee')} and {self._cool_water()} water"
            if opt.action == "wax":
                return f"needs {self._wax_cost(1)} honey a cell"
            return opt.note
        if opt.action == "forage":
            n = sum(1 for m in moves if isinstance(m, ForageMove))
            bees = f"{opt.min_bees}-{opt.max_bees}" if opt.min_bees != opt.max_bees else str(opt.min_bees)
            return f"{plural(n, 'tile')}, {bees} bee{'s' if opt.max_bees > 1 else ''}"
        if opt.action == "scout":
            n = sum(1 for m in moves if isinstance(m, ScoutMove))
            return f"{plural(n, 'space')}, 1 bee"
        if opt.action == "raid":
            keys = list(dict.fromkeys(m.target for m in moves if isinstance(m, RaidMove)))
            return ", ".join(self._short_hive(st, k) for k in keys)
        if opt.action in ("defend", "clean"):
            return f"1-{opt.max_bees} bees" if opt.max_bees > 1 else "1 bee"
        if opt.action == "wax":
            return f"up to {plural(opt.max_bees, 'cell')}, {self._wax_cost(1)} honey each"
        if opt.action == "cool":
            return f"{plural(opt.min_bees, 'bee')}, {self._cool_water()} water"
        return "1 bee, no brood next month"

    @staticmethod
    def _short_hive(st: BeeLivesState, key: str) -> str:
        idx = int(key[1:])
        if key[0] == "p":
            return st.players[idx].name
        return f"{st.wild[idx].name} {st.wild[idx].strength}"

    def _cool_water(self) -> int:
        from ...games.bee_lives.actions import cool_cost

        return cool_cost(self.st, self._seat())[1]

    def _forage_choices(self, st: BeeLivesState, moves: list[Any], seat: int) -> list[Choice]:
        hive = st.players[seat].hive
        yields = {t.id: t.yields for g in blview.map_groups(st) for t in g.tiles}
        out = []
        for m in moves:
            if not isinstance(m, ForageMove):
                continue
            kind = st.tiles[m.tile].kind
            dist = spaces_between(st, hive, m.tile) or 0
            label = kind_chip(kind)
            label.append(f" {tile_words(st, m.tile):<11}", style="bold")
            label.append(f" {plural(max(1, dist), 'bee')} · ")
            h, p, w = yields.get(m.tile, (0, 0, 0))
            label.append(f"{h} honey {p} pollen" + (f" {w} water" if w else ""))
            if m.tile == hive:
                label.append(" (your hive's tile)", style="dim")
            out.append(Choice(label, m))
        out.sort(key=lambda c: -sum(yields.get(c.action.tile, (0, 0, 0))))
        return out + [self._back()]

    def _raid_target_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        targets = list(dict.fromkeys(m.target for m in moves if isinstance(m, RaidMove)))
        out = []
        for key in targets:
            idx = int(key[1:])
            label = Text(f"{hive_words(st, key)}", style="bold")
            if key[0] == "w":
                label.append(f" · strength {st.wild[idx].strength}", style="")
            else:
                p = st.players[idx]
                label.append(f" · {p.honey} honey, {p.assigned['defend']} defending, {p.unassigned} free")
            dist = spaces_between(st, st.players[self._seat()].hive, hive_tile(st, key))
            if dist is not None:
                label.append(f" · {plural(dist, 'space')} away", style="dim")
            out.append(Choice(label, ("target", key)))
        return out

    def _bees_choices(self, st: BeeLivesState, moves: list[Any], seat: int) -> list[Choice]:
        p = st.players[seat]
        out = []
        rd = game_data().rules.raid_dice
        for m in moves:
            label = Text()
            if self.bees_for == "raid" and isinstance(m, RaidMove) and m.target == self.raid_target:
                dice = min(rd.max_dice, -(-m.bees // rd.bees_per_die))
                label.append(f"Raid with {plural(m.bees, 'bee')}", style="bold")
                label.append(f" · {plural(dice, 'die', 'dice')}, strength up to {min(m.bees, dice * rd.faces)}",
                             style="dim")
            elif self.bees_for == "defend" and isinstance(m, DefendMove):
                label.append(f"Defend with {plural(m.bees, 'bee')}", style="bold")
                label.append(f" · {p.assigned['defend'] + m.bees} on Defend in all", style="dim")
            elif self.bees_for == "wax" and isinstance(m, WaxMove):
                cost = self._wax_cost(m.bees)
                label.append(f"Build {plural(m.bees, 'cell')}", style="bold")
                label.append(f" · {cost} honey, comb {p.comb} → {p.comb + m.bees}", style="dim")
            elif self.bees_for == "clean" and isinstance(m, CleanMove):
                label.append(f"Clean with {plural(m.bees, 'bee')}", style="bold")
                label.append(f" · the mite goes back {plural(min(m.bees, p.mite), 'space')}", style="dim")
            else:
                continue
            out.append(Choice(label, m))
        return out

    def _wax_cost(self, bees: int) -> int:
        from ...games.bee_lives.actions import wax_cost

        return wax_cost(self.st) * bees

    # other decisions
    def _queen_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        return [Choice(queen_label(m.queen), m) for m in moves if isinstance(m, QueenMove)]

    def _starve_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        out = []
        for m in moves:
            if isinstance(m, StarveMove):
                if m.tokens:
                    text = (f"Keep {plural(m.tokens, 'bee')}: take {plural(m.tokens, 'starvation token')} "
                            f"({-2 * m.tokens} VP)")
                else:
                    text = "Let them starve: no token"
                out.append(Choice(Text(text), m))
        return out

    def _stay_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        seat = self._seat()
        p = st.players[seat]
        board = game_data().board
        out = []
        for m in moves:
            if not isinstance(m, StayMove):
                continue
            if m.stay:
                t = Text("Stay", style="bold")
                t.append(" · choose a new queen, disease halved, no brood next month", style="dim")
            else:
                comb = min(board.comb.max, board.comb.start + -(-p.honey // 2))
                t = Text("Leave for the new site", style="bold")
                t.append(f" · resources discarded, disease 0, comb {comb}, no feeding and no brood next month",
                         style="dim")
            out.append(Choice(t, m))
        return out

    def _keep_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        out = []
        for m in moves:
            if isinstance(m, KeepMove):
                label = kind_chip(m.tile)
                y = self._kind_yield(m.tile)
                label.append(f" Keep the {m.tile} tile", style="bold")
                label.append(f" · gives {y[0]} honey {y[1]} pollen" + (f" {y[2]} water" if y[2] else "") +
                             " this month", style="dim")
                out.append(Choice(label, m))
        return out

    def _reroll_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        r = st.raid
        out = []
        for m in moves:
            if not isinstance(m, RerollMove):
                continue
            if m.reroll:
                t = Text("Sacrifice a raider and roll again", style="bold")
                if r is not None:
                    t.append(f" · {r.party - 1} raiders left", style="dim")
            else:
                t = Text("Keep the dice", style="bold")
                if r is not None:
                    t.append(f" · {'+'.join(map(str, r.dice))} = {sum(r.dice)}, {r.party} raiders", style="dim")
            out.append(Choice(t, m))
        return out

    def _drop_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        return [Choice(Text(f"Remove a die showing {m.die}"), m) for m in moves if isinstance(m, DropMove)]

    def _press_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        r = st.raid
        w = st.wild[int(r.target[1:])] if r is not None and r.target[0] == "w" else None
        out = []
        for m in moves:
            if isinstance(m, PressMove):
                if m.bees == 0:
                    t = Text("No more sacrifices")
                else:
                    t = Text(f"Sacrifice {plural(m.bees, 'more raider')}")
                if w is not None:
                    after = max(0, w.strength - m.bees)
                    t.append(f" · {w.name} falls to {after}" + (" and is wiped out (2 VP)" if after == 0 else ""),
                             style="dim")
                out.append(Choice(t, m))
        return out

    def _honey_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        out = []
        for m in moves:
            if isinstance(m, HoneyMove):
                t = Text(f"Take {m.amount} honey")
                if m.amount == 0:
                    t.append(" (and no disease)", style="dim")
                out.append(Choice(t, m))
        return out

    def _tile_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        pend = st.pending
        ref: int | None = None
        if pend is not None and pend.hive is not None:
            ref = st.wild[pend.hive].tile
        elif pend is not None:
            ref = st.players[pend.seat].hive
        out = []
        for m in moves:
            if isinstance(m, TileMove):
                label = kind_chip(st.tiles[m.tile].kind)
                label.append(f" {tile_words(st, m.tile)}", style="bold")
                dist = spaces_between(st, ref, m.tile)
                if dist is not None:
                    label.append(f" · {plural(dist, 'space')} away", style="dim")
                out.append(Choice(label, m))
        return out

    def _hive_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        out = []
        for m in moves:
            if isinstance(m, HiveMove):
                idx = int(m.target[1:])
                label = Text(hive_words(st, m.target), style="bold")
                if m.target[0] == "w":
                    label.append(f" · strength {st.wild[idx].strength}", style="dim")
                else:
                    p = st.players[idx]
                    label.append(f" · {p.unassigned + p.assigned['defend']} bees at home, {p.honey} honey",
                                 style="dim")
                out.append(Choice(label, m))
        return out

    def _cell_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        return [Choice(Text(f"Scout the space ({m.q},{m.r})"), m) for m in moves if isinstance(m, CellMove)]

    def _join_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        seat = self._seat()
        out = []
        for m in moves:
            if isinstance(m, JoinMove):
                ways = len(blview.join_preview(st, seat, m.group, m.rotation).offsets)
                label = Text(f"{group_owner(st, m.group)}", style="bold")
                label.append(f" · turn {m.rotation}/{geometry().rotations}")
                label.append(f" · {plural(ways, 'place')}", style="dim")
                out.append(Choice(label, m))
        return out

    def _place_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        seat = self._seat()
        j = st.join
        hive = st.players[seat].hive
        out = []
        back = None
        geo = geometry()
        for m in moves:
            if isinstance(m, PlaceMove) and j is not None and hive is not None:
                mover = st.tiles[hive].group
                placed = join_placement(st, mover, j.rotation, (m.dq, m.dr))
                label = Text(f"{plural(touching_edges(st, j.group, placed), 'edge')} touching", style="bold")
                near = []
                for key, tile in self._hives_in(st, j.group):
                    t = st.tiles[tile]
                    near.append((geo.distance(placed[hive], (t.q, t.r)), key))
                if near:
                    dist, key = min(near)
                    label.append(f" · {plural(dist, 'space')} to {self._short_hive(st, key)}", style="dim")
                out.append(Choice(label, m))
            elif isinstance(m, BackMove):
                back = Choice(Text("← choose the group or rotation again", style="dim"), m)
        return out + ([back] if back is not None else [])

    @staticmethod
    def _hives_in(st: BeeLivesState, group: int) -> list[tuple[str, int]]:
        """Every hive standing in ``group``: (key, tile)."""
        out = [(f"p{i}", p.hive) for i, p in enumerate(st.players)
               if p.hive is not None and st.tiles[p.hive].group == group]
        out += [(f"w{i}", w.tile) for i, w in enumerate(st.wild)
                if w.tile is not None and st.tiles[w.tile].group == group]
        return out

    # forms: a few numbers, confirmed by the first line
    def _form_default(self, kind: str) -> dict[str, int]:
        fields = FORMS[kind]
        moves = self.moves()
        if kind == "collect" and moves:
            first = moves[0]
            return {f: getattr(first, f) for f in fields}
        return {f: 0 for f in fields}

    def _form_move(self, kind: str) -> Any:
        if kind == "collect":
            return CollectMove(**{f: self.form.get(f, 0) for f in FORMS[kind]})
        return SacrificeMove(defenders=self.form.get("defenders", 0), unassigned=self.form.get("unassigned", 0))

    def _form_caps(self, st: BeeLivesState, kind: str) -> dict[str, int]:
        caps: dict[str, int] = {}
        for m in self.moves():
            for f in FORMS[kind]:
                caps[f] = max(caps.get(f, 0), getattr(m, f))
        return caps

    def _form_choices(self, st: BeeLivesState, moves: list[Any]) -> list[Choice]:
        kind = self._kind() or ""
        caps = self._form_caps(st, kind)
        move = self._form_move(kind)
        confirm = Text("✔ ", style="bold green")
        if kind == "collect":
            got = [f"{self.form.get(f, 0)} {f}" for f in FORMS[kind] if self.form.get(f, 0)]
            confirm.append("Take " + (", ".join(got) if got else "nothing"), style="bold")
        else:
            sd, su = self.form.get("defenders", 0), self.form.get("unassigned", 0)
            parts = ([f"{sd} from Defend"] if sd else []) + ([f"{su} free"] if su else [])
            confirm.append("Sacrifice " + " and ".join(parts) if parts else "No sacrifice", style="bold")
        out = [Choice(confirm, move)]
        for f in FORMS[kind]:
            if caps.get(f, 0) == 0 and self.form.get(f, 0) == 0:
                continue
            label = Text(f"{FIELD_NAMES[f]:<12}", style=f"bold {FIELD_COLOURS[f]}")
            label.append(" ◀ ", style="dim")
            label.append(f"{self.form.get(f, 0):>2}", style="bold reverse")
            label.append(" ▶ ", style="dim")
            label.append(f"of {caps.get(f, 0)}", style="dim")
            out.append(Choice(label, ("field", f)))
        return out

    def sacrifice_preview(self, move: SacrificeMove) -> str:
        """What a sacrifice leads to, worked out by the rules on the keyboard
        seat's view (no dice are rolled from here on; when the raiders must
        then drop a die, every choice they have is tried)."""
        st = self.st
        engine = self.match.engine
        seat = self._seat()
        try:
            outcomes = [engine.apply(st, move)]
        except IllegalMove:
            return ""
        for _ in range(6):  # the raiders may drop a die or two
            pending = [o for o in outcomes if o.pending is not None and o.pending.kind == "drop"]
            if not pending:
                break
            outcomes = [o for o in outcomes if o not in pending]
            outcomes += [engine.apply(o, m) for o in pending for m in engine.legal_moves(o)]
        lost = sorted({st.players[seat].honey - o.players[seat].honey for o in outcomes})
        text = f"you lose {lost[0]}" + (f"-{lost[-1]}" if len(lost) > 1 else "") + " honey"
        gained = sorted({o.players[seat].vp - st.players[seat].vp for o in outcomes})
        if st.wraid is not None:
            w = st.wraid.hive
            ends = sorted({o.wild[w].strength if o.wild[w].tile is not None else 0 for o in outcomes})
            name = st.wild[w].name
            text += f"; {name} is wiped out" if ends == [0] else f"; {name} ends at {ends[0]}"
        if gained and gained[0] > 0:
            text += f"; you score {gained[0]} VP"
        elif gained and gained[-1] > 0:
            text += f"; you may score {gained[-1]} VP"
        return text

    def _back(self) -> Choice:
        return Choice(Text("← back", style="dim"), ("back",))

    # -- the flow of play ----------------------------------------------------------
    def on_human_turn(self) -> None:
        self.render_board()
        # the map keeps the focus only for a question answered on the map
        on_map = self._kind() in ("turn", "wild_scout", "join_place", *TILE_DECISIONS, *HIVE_KINDS)
        if not (isinstance(self.focused, BeeLivesMap) and on_map):
            self.query_one("#bl-choices", OptionList).focus()

    def on_undo(self) -> None:
        self._decision_key = None
        self._reset_selection()

    def after_change(self) -> None:
        # the bookkeeping between the steps worth showing runs at once
        if self.STEP_DELAY > 0 and not self.stepping:
            self._run_quiet_steps()
        super().after_change()

    def _one_step(self) -> None:
        """One shown step (a wild hive's turn, the season card), with the
        quiet steps before it."""
        self._run_quiet_steps()
        if self.match.decision is None and not self.match.over:
            self.refresh_view()
            return
        self.stepping = False
        self.after_change()

    def _run_quiet_steps(self) -> None:
        """Run automatic steps up to and including the next one worth a
        pause: one that says what a wild hive did, or turns a season card."""
        while self.match.decision is None and not self.match.over:
            before = len(self.seen.log)
            if not self.match.step():
                return
            shown = self._worth_a_pause(self.seen.log[before:])
            if shown:
                self.showing = shown
                return

    @staticmethod
    def _worth_a_pause(lines: list[str]) -> str:
        """``"wild"`` or ``"card"`` if these new log lines are worth a pause."""
        for line in lines:
            if " wild hive" in line:
                return "wild"
            if line.startswith("Season card"):
                return "card"
        return ""

    def _not_now(self) -> None:
        if self.stepping:
            self.notify("The wild hives are at work (Space runs their steps at once).", severity="warning")
        elif self.thinking:
            self.notify("Wait: the computer is thinking.", severity="warning")
        elif self.match.over:
            self.notify("The game is over.", severity="warning")
        elif self.human_to_move and self._kind() != "turn":
            self.notify("Answer the question in the list first (↑/↓ and Enter).", severity="warning")

    def _play(self, move: Any) -> None:
        self.submit(move)

    # -- keys ----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "adjust":
            # ←/→ move the map cursor when the map has the focus
            return not isinstance(self.focused, BeeLivesMap)
        return super().check_action(action, parameters)

    def action_act(self, action: str) -> None:
        """A letter key of the hive board's actions (or, when joining, rotate)."""
        kind = self._kind()
        if self.mine() and kind in ("join", "join_place") and action == "raid":
            self.action_rotate()
            return
        if not self.mine() or kind != "turn":
            self._not_now()
            return
        opts = {o.action: o for o in blview.action_options(self.st, self._seat())}
        opt = opts[action]
        if not opt.allowed:
            self.notify(f"{ACTION_TITLES[action]}: {opt.note}.", severity="warning")
            return
        self._do_choice(("act", action) if action != "cool" else CoolMove())

    def action_rotate(self) -> None:
        """Joining: highlight the next rotation of the same group (or go back to choose it)."""
        kind = self._kind()
        if kind == "join_place":
            self._play(BackMove())
            return
        current = self.hover if isinstance(self.hover, JoinMove) else None
        joins = [c.action for c in self._choices if isinstance(c.action, JoinMove)]
        if not joins:
            return
        if current is None:
            self._highlight(lambda a: a == joins[0])
            return
        same = [m for m in joins if m.group == current.group]
        nxt = same[(same.index(current) + 1) % len(same)]
        self._highlight(lambda a: a == nxt)

    def action_next_group(self) -> None:
        if not self.mine() or self._kind() != "join":
            return
        joins = [c.action for c in self._choices if isinstance(c.action, JoinMove)]
        if not joins:
            return
        current = self.hover if isinstance(self.hover, JoinMove) else joins[0]
        groups = list(dict.fromkeys(m.group for m in joins))
        g = groups[(groups.index(current.group) + 1) % len(groups)]
        self._highlight(lambda a: isinstance(a, JoinMove) and a.group == g)

    def action_adjust(self, delta: int) -> None:
        """←/→: change the highlighted number of a form."""
        field = self._highlighted_field()
        if field is None:
            return
        self._set_field(field, self.form.get(field, 0) + delta)

    def _highlighted_field(self) -> str | None:
        ol = self.query_one("#bl-choices", OptionList)
        i = ol.highlighted
        if i is None or not 0 <= i < len(self._choices):
            return None
        action = self._choices[i].action
        if isinstance(action, tuple) and action[0] == "field":
            return str(action[1])
        return None

    def _set_field(self, field: str, value: int) -> None:
        kind = self._kind() or ""
        if kind not in FORMS:
            return
        caps = self._form_caps(self.st, kind)
        if value < 0 or value > caps.get(field, 0):
            self.notify(f"{FIELD_NAMES[field]}: from 0 to {caps.get(field, 0)}.", severity="warning")
            return
        trial = dict(self.form)
        trial[field] = value
        saved = self.form
        self.form = trial
        move = self._form_move(kind)
        if move not in self.moves():
            self.form = saved
            try:
                self.match.engine.apply(self.st, move)
                reason = "That is not allowed."
            except IllegalMove as exc:
                reason = exc.reason
            self.notify(reason, title="Not allowed", severity="warning")
            return
        self._render_choices()
        self._render_status()

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if len(key) == 1 and key.isdigit() and not isinstance(self.focused, BeeLivesMap):
            field = self._highlighted_field()
            if field is not None:
                event.stop()
                event.prevent_default()
                self._set_field(field, int(key))
                return
            if self.mine() and key != "0":
                # jump to that line of the list (with bees to choose, line n is n bees)
                event.stop()
                event.prevent_default()
                enabled = [i for i, c in enumerate(self._choices) if not c.disabled]
                n = int(key)
                if n <= len(enabled):
                    ol = self.query_one("#bl-choices", OptionList)
                    ol.highlighted = enabled[n - 1]
                    if not ol.has_focus:
                        ol.focus()

    def action_toggle_boards(self) -> None:
        self.boards_hidden = not self.boards_hidden
        self._render_map()

    def action_focus_map(self) -> None:
        self.query_one(BeeLivesMap).focus()

    def action_cycle(self, step: int) -> None:
        board = self.query_one(BeeLivesMap)
        board.cycle(step)
        board.focus()

    def action_back(self) -> None:
        if self.mine() and self._kind() == "turn" and self.mode:
            if self.mode == "bees" and self.bees_for == "raid":
                self.mode, self.bees_for, self.raid_target = "raid", "", None
            else:
                self.mode, self.bees_for, self.raid_target = "", "", None
            self.hover = None
            self.render_board()
            self.query_one("#bl-choices", OptionList).focus()
            return
        if self.mine() and self._kind() == "join_place":
            self._play(BackMove())
            return
        if isinstance(self.focused, BeeLivesMap):
            self.query_one("#bl-choices", OptionList).focus()
            return
        self.action_pause()

    def _highlight(self, pred: Callable[[Any], bool]) -> None:
        for i, c in enumerate(self._choices):
            if pred(c.action) and not c.disabled:
                self.query_one("#bl-choices", OptionList).highlighted = i
                return

    # -- choosing from the list and the map --------------------------------------------
    @on(OptionList.OptionSelected, "#bl-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id or 0)
        if 0 <= index < len(self._choices):
            self._do_choice(self._choices[index].action)

    @on(OptionList.OptionHighlighted, "#bl-choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        if not 0 <= index < len(self._choices):
            return
        action = self._choices[index].action
        if action != self.hover:
            redraw = self._on_map(action) or self._on_map(self.hover)
            self.hover = action
            if redraw and self.is_mounted and self.mine():
                self._render_map()

    @staticmethod
    def _on_map(action: Any) -> bool:
        """True if a list line stands for something drawn on the map."""
        if isinstance(action, tuple):
            return action[:1] == ("target",)
        return isinstance(action, (ForageMove, TileMove, HiveMove, RaidMove, ScoutMove, CellMove, JoinMove,
                                   PlaceMove))

    def _do_choice(self, action: Any) -> None:
        if not self.mine():
            self._not_now()
            return
        if isinstance(action, tuple):
            what = action[0]
            if what == "act":
                name = action[1]
                if name in ("defend", "wax", "clean"):
                    self.mode, self.bees_for = "bees", name
                else:
                    self.mode = name
                self.hover = None
            elif what == "target":
                self.mode, self.bees_for, self.raid_target = "bees", "raid", action[1]
            elif what == "field":
                caps = self._form_caps(self.st, self._kind() or "")
                value = self.form.get(action[1], 0) + 1
                self._set_field(action[1], value if value <= caps.get(action[1], 0) else 0)
                return
            elif what == "back":
                self.action_back()
                return
            self.render_board()
            self.query_one("#bl-choices", OptionList).focus()
            return
        self._play(action)

    @on(BeeLivesMap.CellChosen)
    def _cell_chosen(self, event: BeeLivesMap.CellChosen) -> None:
        event.stop()
        if self.stepping:
            self.action_run_steps()
            return
        if not self.mine():
            self._not_now()
            return
        board = self.query_one(BeeLivesMap)
        spot = board.spot_at(event.cell)
        st = self.st
        kind = self._kind()
        if spot is None:
            self.notify("There is nothing to choose there: the lit cells are the choices.", severity="warning")
            return
        if kind == "turn":
            self._turn_click(st, spot)
        elif kind in TILE_DECISIONS:
            self._play(TileMove(tile=spot.tile)) if spot.kind == "tile" else self._nothing_there()
        elif kind in HIVE_KINDS:
            key = self._hive_on(st, spot)
            self._play(HiveMove(target=key)) if key is not None else self._nothing_there()
        elif kind == "wild_scout":
            self._play(CellMove(q=spot.q, r=spot.r)) if spot.kind == "space" else self._nothing_there()
        elif kind == "join_place":
            self._place_click(st, spot)
        else:
            self.notify("Choose in the list (↑/↓ and Enter).", severity="warning")

    def _nothing_there(self) -> None:
        self.notify("That is not one of the choices: the lit cells are.", severity="warning")

    @staticmethod
    def _hive_on(st: BeeLivesState, spot: Spot) -> str | None:
        if spot.kind != "tile":
            return None
        for i, p in enumerate(st.players):
            if p.hive == spot.tile:
                return f"p{i}"
        for i, w in enumerate(st.wild):
            if w.tile == spot.tile:
                return f"w{i}"
        return None

    def _turn_click(self, st: BeeLivesState, spot: Spot) -> None:
        seat = self._seat()
        if spot.kind == "space":
            self._play(ScoutMove(q=spot.q, r=spot.r))
            return
        key = self._hive_on(st, spot)
        if key is not None and key != f"p{seat}":
            if any(isinstance(m, RaidMove) and m.target == key for m in self.moves()):
                self._do_choice(("target", key))
            else:
                self.notify(f"You cannot raid {hive_words(st, key)} now: a hive to raid must be within 3 "
                            "spaces, not raided by you this month, and a colony's hive must hold honey.",
                            severity="warning")
            return
        self._play(ForageMove(tile=spot.tile))

    def _place_click(self, st: BeeLivesState, spot: Spot) -> None:
        if spot.kind == "place":
            move = PlaceMove(dq=spot.q, dr=spot.r)
            if self.hover == move:
                self._play(move)
            else:
                self._highlight(lambda a: a == move)
            return
        if isinstance(self.hover, PlaceMove):
            self._play(self.hover)
            return
        self._nothing_there()
