"""Bee Lives boards drawn as text: a colony's hive board, the wild hive
board, the season card, the solo goal, the warnings before the month ends,
a step the screen stops on (a month of winter, a month without a turn)
and the map's legend, each from the read-only answers of
:mod:`beegames.games.bee_lives.view` (nothing here knows a rule); and the
panel that holds the boards (:class:`HiveBoards`), which the keyboard can
focus and scroll.

Every line stays within :data:`WIDTH` columns so the boards fit beside the
map on a wide terminal and below it on an 80-column one.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.markup import escape
from textual.widgets import Static

from ....core.words import plural
from ....games.bee_lives import view as blview
from ....games.bee_lives.models import BeeLivesState
from ....games.bee_lives.view import (
    HiveBoardInfo,
    KindInfo,
    SeasonInfo,
    SoloInfo,
    StopInfo,
    Warning,
    WildBoardInfo,
)
from .labels import add_phrase
from .map import HIVE_MARKS, MARKS, kind_chip

WIDTH = 44
#: the columns a line of the boards panel may take (its box, less border, padding and scroll bar):
#: at 80 columns, and on a wide terminal (``#bl-boards`` 50 wide)
LINE = 39
LINES = {False: LINE, True: 45}
HONEY = "#f2b705"
POLLEN = "#e8772e"
WATER = "#4aa3ff"
EMPTY = "#5c5c5c"
MITE = "#e05050"
WILD = "#ffb347"
SEASON_COLOURS = {"spring": "#8fd16a", "summer": "#f2c94c", "fall": "#e07b39", "winter": "#9ec9ff"}
ACTION_NAMES = {"forage": "Forage", "scout": "Scout", "raid": "Raid", "defend": "Defend", "wax": "Wax",
                "clean": "Clean", "cool": "Cool", "requeen": "Requeen"}
#: shades of the disease track, level 0 upwards
LEVEL_SHADES = ["#3c6e3c", "#5f7a2e", "#857a25", "#9a6a20", "#a5521e", "#a83c20", "#a02828", "#8a1a3a"]


def comb_bar(info: HiveBoardInfo) -> Text:
    """One character per comb cell: honey, pollen, water, then empty cells."""
    bar = Text()
    bar.append("■" * info.honey, style=HONEY)
    bar.append("■" * info.pollen, style=POLLEN)
    bar.append("■" * info.water, style=WATER)
    bar.append("□" * max(0, info.empty), style=EMPTY)
    return bar


def disease_bar(info: HiveBoardInfo, levels: list[int]) -> Text:
    """The disease track, one character per normal space, shaded by level;
    the mite is ``●`` (``◐`` on a half space of side B)."""
    d = info.disease
    normal = d.normal
    bar = Text()
    for i, lvl in enumerate(levels):
        shade = LEVEL_SHADES[min(lvl, len(LEVEL_SHADES) - 1)]
        if i == normal:
            glyph = "◐" if d.on_half_space else "●"
            bar.append(glyph, style=f"bold #ffffff on {shade}")
        else:
            bar.append("▁" if i > normal else "▆", style=f"{shade}")
    return bar


def hive_board_text(info: HiveBoardInfo, colour: str, *, active: bool = False, width: int = LINE) -> Text:
    """A colony's whole hive board in a few lines of at most ``width`` columns, a phrase that would cross
    a line's end going whole to the next line."""
    t = Text()
    t.append("▶ " if active else "⌂ ", style=f"bold {colour}")
    t.append(info.name, style=f"bold {colour}")
    if info.eliminated:
        t.append("  out of the game", style="bold red")
        return t
    add_phrase(t, info.queen or "no queen yet", width, style="bold")
    if info.queen_resting:
        add_phrase(t, "(resting)", width, style="#ff9e9e")
    vp = Text(f"VP {info.vp}", style="bold")
    vp.append(f" ({info.score_now} now)", style="dim")
    add_phrase(t, vp, width, sep="  ")
    t.append("\n")
    t.append("Bees ", style="dim")
    t.append(f"{info.workers}", style="bold")
    t.append(f": {info.free} free")
    if info.on_map:
        add_phrase(t, f"· map {info.on_map}", width, indent="     ")
    for action, n in info.on_actions.items():
        if n:
            add_phrase(t, f"· {ACTION_NAMES.get(action, action)} {n}", width, indent="     ")
    t.append("\n")
    t.append("Nest ", style="dim")
    t.append(f"{info.nest} brood · supply {info.supply} · ")
    t.append(f"swarm > {info.swarm_threshold}", style="bold yellow" if info.threshold_colour == "yellow"
             else "bold #c080ff")
    t.append("\n")
    t.append(f"Comb {info.comb:<2} ", style="dim")
    t.append_text(comb_bar(info))
    add_phrase(t, f"{info.empty} empty", width, indent="        ")
    t.append("\n")
    t.append("     ")
    t.append(f"honey {info.honey}", style=f"bold {HONEY}")
    t.append(" · ")
    t.append(f"pollen {info.pollen}", style=f"bold {POLLEN}")
    t.append(" · ")
    t.append(f"water {info.water}", style=f"bold {WATER}")
    t.append("\n")
    t.append("Mite ", style="dim")
    t.append_text(disease_bar(info, info.disease.levels))
    t.append("\n")
    t.append("     ")
    t.append(f"disease {-info.disease.level if info.disease.level else 0}", style=f"bold {MITE}")
    notes = [f"side {info.disease.side}", f"space {info.disease.space + 1}/{info.disease.spaces}"]
    if info.disease.upright:
        notes.append("upright")
    for note in notes:
        add_phrase(t, f"· {note}", width, indent="     ", style="dim")
    tokens = []
    if info.queen_resting:
        tokens.append("no brood next month")
    if info.swarm_token:
        tokens.append("swarm token")
    if info.skip_feeding:
        tokens.append("skip feeding")
    if info.starvation_tokens:
        tokens.append(f"starving ×{info.starvation_tokens} ({info.starvation_vp * info.starvation_tokens} VP)")
    if info.cooled:
        tokens.append("cooled")
    if tokens:
        t.append("\n     ")
        for k, token in enumerate(tokens):
            add_phrase(t, token if k == 0 else f"· {token}", width, indent="     ", style="bold")
    return t


def hive_summary(info: HiveBoardInfo, colour: str, *, active: bool = False, width: int = LINE) -> Text:
    """A line or two for another colony (narrow terminals), each phrase whole."""
    t = Text()
    t.append("▶ " if active else "⌂ ", style=f"bold {colour}")
    t.append(info.name, style=f"bold {colour}")
    if info.eliminated:
        t.append(" out of the game", style="dim")
        return t
    add_phrase(t, f"VP {info.vp}", width, indent="  ")
    add_phrase(t, f"· {plural(info.workers, 'bee')} ({info.free} free, {info.on_actions.get('defend', 0)} def)",
               width, indent="  ")
    stores = Text("· ")
    stores.append(f"{info.honey}h", style=HONEY)
    stores.append(f" {info.pollen}p", style=POLLEN)
    stores.append(f" {info.water}w", style=WATER)
    add_phrase(t, stores, width, indent="  ")
    add_phrase(t, f"· disease {-info.disease.level if info.disease.level else 0}", width, indent="  ")
    return t


def wild_board_text(board: WildBoardInfo, width: int = LINE) -> Text:
    """The wild hive board: a line for each wild hive in play, its strength (a bar up to the maximum,
    and the number), its tile and its neutral tokens left this month, under a heading naming them."""
    t = Text()
    t.append("Wild hives", style=f"bold {WILD}")
    max_strength = board.max_strength
    playing = [w for w in board.hives if w.in_play]
    out = len(board.hives) - len(playing)
    if playing:
        add_phrase(t, "strength, tile, tokens left", width, sep=": ", style="dim")
    if board.dormant and playing:
        add_phrase(t, "dormant until summer", width, sep="  ", style="italic dim")
    if not playing:
        add_phrase(t, "none on the map", width, sep="  ", style="dim")
        add_phrase(t, f"({out} in the box)", width, style="dim")
        return t
    pad = max(len(w.name) for w in playing)
    for w in playing:  # (one line each, at 80 columns too: at most 2 + 9 + 1 + 14 + 3 + 5 + 3 = 37 columns)
        t.append("\n")
        t.append("◆ ", style=f"bold {WILD}")
        # (the letters the map's short name keeps, "DAND." for DANDELION, in bold: the rest plain)
        lead = len(w.short.rstrip(".")) if w.name.startswith(w.short.rstrip(".")) else len(w.name)
        t.append(w.name[:lead], style="bold")
        t.append(f"{w.name[lead:]:<{pad - lead}} ")
        t.append("▮" * w.strength, style=WILD)
        t.append("·" * max(0, max_strength - w.strength), style="#5c5c5c")
        t.append(f" {w.strength:>2}", style="bold")
        t.append(f"  {w.tile_name or '':<3}  {w.tokens_left}", style="dim")
    t.append("\n")
    t.append(f"{out} more in the box", style="dim")
    add_phrase(t, f"· strength {max_strength} swarms", width, style="dim")
    return t


PHASES = {"setup": "Setup", "egg": "Egg phase", "feeding": "Feeding phase", "brood": "Brood phase",
          "swarm": "Swarm phase", "event": "Event phase", "action": "Action phase", "cleanup": "Cleanup",
          "join": "Joining the map", "winter": "Winter upkeep",
          "new_year": "A new year begins", "over": "Game over"}


def season_text(info: SeasonInfo, *, wide: bool, width: int = LINE) -> Text:
    """The month, season and phase, and the season card in force."""
    t = Text()
    colour = SEASON_COLOURS.get(info.season, "#ffffff")
    t.append(f"{info.month_name}", style=f"bold {colour}")
    t.append(f" · {info.season}", style=colour)
    if info.years > 1:
        t.append(f" · year {info.year}/{info.years}")
    t.append(f" · {PHASES.get(info.phase, info.phase)}", style="bold")
    t.append("\n")
    card = info.card
    if card is None:
        t.append("No season card in force.", style="dim")
    else:
        t.append("Card ", style="dim")
        t.append(card.name, style=f"bold {colour}")
        if card.overheat:
            add_phrase(t, "☀ overheating", width, style="bold #ff7050")
        t.append("\n")
        t.append(card.text, style="italic")
    if wide:
        t.append("\n")
        t.append("Cards left:", style="dim")
        for k, (season, n) in enumerate(info.deck_sizes.items()):
            add_phrase(t, f"{season} {n}" if k == 0 else f"· {season} {n}", width, indent="  ", style="dim")
    return t


#: how a solo card's goal stands: mark and colour
GOAL_MARKS = {"open": ("…", "#f2c94c"), "met": ("✔", "#7ddc6f"), "failed": ("✘", "#ff6b6b"), "rule": ("•", "#9ec9ff")}


def goal_text(info: SoloInfo, *, wide: bool) -> Text:
    """The solo mode's cards: each card's goal and how it stands now, with
    the card's text (before the progress on a wide terminal, after it on a
    narrow one); long lines wrap."""
    t = Text()
    t.append("Goal ", style="bold #f2c94c")
    t.append(info.title, style="bold")
    for line in info.lines:
        mark, colour = GOAL_MARKS.get(line.status, ("•", "#ffffff"))
        t.append("\n")
        t.append(f"{mark} ", style=f"bold {colour}")
        if wide:
            t.append(f"{line.name}: ", style="bold")
            t.append(line.text, style="italic")
            t.append("\n  ")
        elif len(info.lines) > 1:
            t.append(f"{line.name}: ", style="bold")
        t.append(line.progress, style=colour if line.status != "open" else "")
        if not wide:
            # (the card's words after its progress: what the goal or the rule is, for a newcomer)
            t.append("\n  ")
            t.append(line.text, style="italic")
    if info.failed:
        t.append("\n")
        t.append(f"✘ {info.failed}", style="bold #ff6b6b")
    elif wide and info.notes:
        t.append("\n")
        t.append(" · ".join(info.notes), style="dim")
    return t


def stop_text(info: StopInfo) -> Text:
    """A step the screen stops on: what it is, then a line for each colony."""
    colour = SEASON_COLOURS.get(info.season, "#ffffff")
    t = Text()
    t.append(info.title, style=f"bold {colour}")
    t.append("\n")
    t.append(info.heading, style="italic")
    for line in info.lines:
        t.append("\n")
        t.append("• ", style=f"bold {colour}")
        t.append(line)
    return t


WARNING_STYLES = {"danger": ("⚠ ", "bold #ff6b6b"), "warn": ("! ", "bold #f2c94c"), "info": ("· ", "")}


def warnings_text(warnings: list[Warning]) -> Text:
    """What the coming phases will do to the colony, one warning a line (wrapped)."""
    t = Text()
    for k, w in enumerate(warnings):
        mark, style = WARNING_STYLES[w.level]
        if k:
            t.append("\n")
        t.append(mark, style=style or "dim")
        t.append(w.text, style=style)
    return t


def legend_text(kinds: list[KindInfo], *, winter: bool, wide: bool, marks: set[str], hive_marks: set[str]) -> Text:
    """The map's key: each kind's colour, letter and yields now; the glyphs."""
    t = Text()
    if winter:
        t.append("Winter: nothing grows. ", style="bold #9ec9ff")
    else:
        t.append("Yields now (honey·pollen·water) " if wide else "Yields ", style="dim")
        for k in kinds:
            t.append_text(kind_chip(k.kind, f" {k.letter} " if wide else k.letter))
            nums = k.yields if k.kind == "wet" or k.yields[2] else k.yields[:2]
            t.append(" " + "·".join(map(str, nums)) + ("  " if wide else " "))
    for mark in ("haunted", "burned", "infected"):
        if mark in marks:
            dark, fg, glyph, _name = MARKS[mark]
            t.append(glyph, style=f"bold {fg} on {dark}")
            t.append(f" {mark}  " if wide else " ")
    for mark, word in (("ghost", "ghosts"), ("zombee", "zombees")):
        if mark in hive_marks:
            glyph, colour = HIVE_MARKS[mark]
            t.append(glyph, style=f"bold {colour}")
            t.append(f" {word}  " if wide else " ")
    if wide:
        t.append("B3: tile B3 · ", style="dim")
        t.append("⌂", style="bold")
        t.append(" hive ")
        t.append("◆", style=f"bold {WILD}")
        t.append(" wild hive and strength ")
        t.append("●", style="bold")
        t.append(" bees ")
        t.append("○", style=f"bold {WILD}")
        t.append(" token ")
        t.append("+", style="bold #b9f5b0")
        t.append(" scout")
    return t


def board_texts(st: BeeLivesState, lead: int, deciding: int | None, warnings: list[Warning], *, mine: bool,
                colours: list[str], wide: bool, stop: StopInfo | None = None) -> tuple[dict[str, Text], str]:
    """What the boards panel shows, part by part (an empty text: the part is
    left out), and its title: a step the screen stops on, if any, then
    ``lead``'s hive (the deciding seat's),
    the goal, the warnings (the dangers only when the question is not the
    keyboard's: it shows them itself), the other colonies (a line or two
    each on a narrow terminal), the wild hives and the season card (at a
    stop, with the month the stop tells of)."""
    goal = blview.goal_info(st)
    warns = [w for w in warnings if w.level != "danger" or not mine]

    width = LINES[wide]

    def board(seat: int, whole: bool) -> Text:
        info = blview.hive_board(st, seat)
        draw = hive_board_text if whole else hive_summary
        return draw(info, colours[seat % len(colours)], active=deciding == seat, width=width)

    hives = Text("\n\n" if wide else "\n").join(board(seat, wide) for seat in range(st.n) if seat != lead)
    texts = {"stop": stop_text(stop) if stop is not None else Text(), "hive": board(lead, True),
             "goal": goal_text(goal, wide=wide) if goal is not None else Text(),
             "warn": warnings_text(warns), "hives": hives, "wild": wild_board_text(blview.wild_board_info(st), width),
             "season": season_text(blview.season_info(st, stop), wide=True, width=width)}
    # a name is never markup; the title fits a narrow box
    title = escape((f"{stop.month} · " if stop is not None else "")
                   + f"{st.players[lead].name}'s hive" + (" · goal" if goal is not None else "")
                   + (" · wild hives · season" if wide else ""))
    return texts, title


class HiveBoards(VerticalScroll, can_focus=True):
    """The panel of boards: a step the screen stops on, if any, the player's own hive, then the goal, the
    warnings, the other colonies, the wild hives and the season card.

    It takes the focus (Tab, or the key the screen gives it) and then
    scrolls with ↑/↓, PageUp/PageDown, Home/End. While part of it lies out
    of view its bottom border says which way, and how to get there:
    :attr:`reach` names the keys that focus it (the screen's), and once it
    has the focus the keys that scroll it."""

    BINDINGS = [
        # (shown in the footer while the panel has the focus: the way to read the rest of it)
        Binding("pagedown", "page_down", "Scroll", key_display="↑↓ PgDn", show=True),
    ]

    #: the parts, top to bottom: the texts of :func:`board_texts`
    PARTS = ("stop", "hive", "goal", "warn", "hives", "wild", "season")

    def __init__(self, *children: Any, **kwargs: Any) -> None:
        super().__init__(*children, **kwargs)
        #: the keys that bring the focus here, as the border names them
        self.reach = "Tab"

    def compose(self) -> ComposeResult:
        for part in self.PARTS:
            yield Static("", id=f"bl-{part}")

    def note(self) -> str:
        """What the bottom border says: where more of the panel lies, and the keys that reach it."""
        up, down = self.scroll_y > 0, self.scroll_y < self.max_scroll_y
        if not (up or down):
            return ""
        arrows = " ".join(arrow for arrow, more in (("▲", up), ("▼", down)) if more)
        keys = "↑/↓ PgUp/PgDn" if self.has_focus else self.reach
        return f"more {arrows} · {keys}"

    def show_note(self) -> None:
        text = self.note()
        if self.border_subtitle != text:
            self.border_subtitle = text

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.show_note()

    def on_resize(self, event: events.Resize) -> None:
        self.show_note()

    def on_focus(self, event: events.Focus) -> None:
        self.show_note()

    def on_blur(self, event: events.Blur) -> None:
        self.show_note()
