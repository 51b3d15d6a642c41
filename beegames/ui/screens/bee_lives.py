"""The Bee Lives screen: the map of flower tiles, the hive boards, the wild
hives, the season card, and one list for every decision.

The screen draws what :mod:`beegames.games.bee_lives.view` gives it and
computes no rule: the question, every choice with its whole label (raid
odds, costs, what it gains and loses), why a choice is refused, the warnings
before the month ends, and the words to ask with before a move that loses
something for good. The list is the one :class:`ChoiceList`: the turn's
eight actions have letter keys and open into their tiles, spaces, targets
and sizes; a form's numbers are set with ←/→ (or digits) on their rows, and
Enter on any row of the form plays it with the numbers set. Choices that are
places are lit on the map, named as the log names them (B3, "east of B3"),
and a click on a lit cell (or Enter with the map focused) makes them.

The wild hives' turns and the season card are automatic steps shown one at a
time (``STEP_DELAY``); a key pressed meanwhile runs them at once and is then
taken as usual (see :class:`GameScreen`). A month of winter upkeep, or one
without a turn for a player at the keyboard, is a stop: the view's account
of it heads the boards until the player goes on (the list's "Go on", Space);
a game loaded from a save tells again the stops after its last move (see
:mod:`..widgets.bee_lives.stops`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from ...core.match import Match
from ...core.words import plural
from ...games.bee_lives import view as blview
from ...games.bee_lives.models import BackMove, BeeLivesState, ForageMove, PlaceMove
from ..widgets.bee_lives import map as blmap
from ..widgets.bee_lives.boards import SEASON_COLOURS, HiveBoards, board_texts, legend_text
from ..widgets.bee_lives.choices import BeeLivesChoices
from ..widgets.bee_lives.labels import DANGER, entry_text, group_heading, month_status, stop_status
from ..widgets.bee_lives.map import BeeLivesMap, MapMarks, MapRoom, Names, draw_map, join_preview, kept_cells, spot_key
from ..widgets.bee_lives.stops import StopWatch
from ..widgets.choices import Choice, ChoiceList, NumberRow
from .game import GameScreen

#: seat colours that agree with the default seat names (Amber, Blue, Clover, Dusk)
BL_COLOURS = ["#e0a030", "#5fa8ff", "#6cc070", "#b08ce0"]
SHORT_PHASES = {"setup": "Setup", "egg": "Egg", "feeding": "Feeding", "brood": "Brood", "swarm": "Swarm",
                "event": "Event", "action": "Action", "cleanup": "Cleanup", "join": "Joining", "winter": "Winter",
                "new_year": "New year",
                "over": "Game over"}
#: decisions answered on the map: the map keeps the focus when it has it
MAP_KINDS = ("turn", "wild_scout", "join_place", *blview.TILE_DECISIONS, *blview.HIVE_KINDS)
#: what each action's letter opens, after its title (the keys screen)
ACTION_HELP = {"forage": "the tiles you may forage", "scout": "the spaces you may scout",
               "raid": "the hives you may raid (joining the map: turns your tiles a step)",
               "defend": "how many bees to put on Defend", "wax": "how many cells to build",
               "clean": "how many bees clean", "cool": "plays at once", "requeen": "the queens you may take"}
#: the value of the list's one entry at a stop
GO_ON = "go on"


class BeeLivesScreen(GameScreen):
    """Bee Lives: map, hive boards, wild hives, season card, decision list."""

    CSS_PATH = "bee_lives.tcss"
    STEP_DELAY = 0.5
    PROMPT_IN_PANEL = False  # the status line above the map asks the question

    STEPS_TEXT = "Wild hives at work"

    # (no binding here may take a key of GameScreen's replay bindings: a
    # subclass's binding of a key replaces them all)
    BINDINGS = [
        Binding("escape", "back", "Back / Menu", id="bl.back"),
        *[Binding(key, f"act('{action}')", title, show=False) for action, key in blview.ACTION_KEYS.items()
          for title in [blview.ACTION_TITLES[action]]],
        Binding("g", "next_group", "Groups", id="bl.group"),
        Binding("m", "focus_map", "Map", id="bl.map"),
        Binding("b", "toggle_boards", "Boards", id="bl.boards"),
    ]
    EXTRA_HELP = [
        ("↑/↓, Enter, click", "Choose in the list (every decision is there)"),
        ("click a lit tile", "Forage it, scout it, raid its hive, or pick it"),
        *[(key, f"{blview.ACTION_TITLES[action]}: {ACTION_HELP[action]}")
          for action, key in blview.ACTION_KEYS.items()],
        ("1-9", "Choose that line of the list (n bees: line n)"),
        ("←/→ 0-9", "Set the highlighted number; Enter plays the form"),
        ("Esc", "Back out of a sub-list or a choice, or open the menu"),
        ("m", "Focus the map: arrows move, Enter chooses"),
        ("Ctrl+arrows", "Pan the map when it is bigger than its box (so do a mouse drag and the wheel). "
                        "Its border says which way more of it (another colony's tiles) lies: more ◀ ▼"),
        ("[ / ]", "On the map: the previous / next choice of the list, its cell under the cursor"),
        ("b", "The boards (your hive first, the goal, the other colonies, the wild hives, the season card): "
              "b once shows them whole and focused, ↑/↓ PgUp/PgDn scroll them; b again hides them for a "
              "bigger map; b again brings them back under the map. Esc goes back to the list"),
        ("Tab", "Focus the next part: the map, the boards (↑/↓ PgUp/PgDn scroll them), the list, the log"),
        ("{next_group}", "Before the join: the map shows the next colony's tiles; joining: the next tiles to touch"),
        ("{run_steps}", "Run the wild hives' steps at once (any key does)"),
        ("{toggle_steps} / {next_step}", "Pause the steps / take one step"),
        ("Enter, {go_on}", "A stop (a month of winter, a month without a turn): go on once read"),
        ("{undo}", "Undo (not past dice, cards or tiles drawn)"),
        ("B3 W7 H2 ≈5", "Map: a tile's name (bloom, wilt, harvest, wet)"),
        ("⌂ ◆", "Map: a colony's hive; a wild hive and its strength"),
        ("● ○ +", "Map: bees foraging; a wild hive's token; a space to scout"),
    ]
    #: in a replay: looking at the map and the boards, and the map's marks
    REPLAY_HELP = [row for row in EXTRA_HELP if row[0] in ("Ctrl+arrows", "Tab", "B3 W7 H2 ≈5", "⌂ ◆", "● ○ +")]
    PLAY_ACTIONS = frozenset({"act"})

    def __init__(self, match: Match[Any, Any], save_path: Path, **kwargs: Any) -> None:
        super().__init__(match, save_path, **kwargs)
        #: a form's numbers as the player set them (None: the view's defaults)
        self.form: dict[str, int] | None = None
        #: the highlighted entry (its place is shown on the map)
        self.hover: blview.Entry | None = None
        #: the boards under the map (narrow terminals): "normal", "boards" (they take the map's room
        #: too, focused to be read and scrolled) or "map" (hidden, the map takes their room)
        self.boards_mode = "normal"
        #: the steps worth a stop: a month of winter, a month without a turn
        self._stops = StopWatch()
        #: what the automatic step on show did: "wild", "card" or "solo"
        self.showing = ""
        self._dv: blview.DecisionView | None = None
        self._dv_for: tuple[Any, ...] | None = None
        self._decision_key: tuple[Any, ...] | None = None
        self._new_question = True
        self._rendered: tuple[Any, tuple[Any, ...]] | None = None
        self._shown: dict[str, Text] = {}
        self._groups: list[blview.GroupInfo] = []

    # -- layout -----------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield Static("", id="bl-status")
        with Horizontal(id="bl-main"):
            with MapRoom(id="bl-map-col"):
                yield BeeLivesMap(id="bl-map")
                yield Static("", id="bl-legend")
            yield HiveBoards(id="bl-boards")  # the player's own hive first, its goal, then what threatens it

    def compose_side(self) -> ComposeResult:
        yield BeeLivesChoices(id="bl-choices", digits=True)

    def on_mount(self) -> None:
        if self.replay is None:
            self._resume_stops()
        self.query_one("#bl-choices", ChoiceList).border_title = "Choices"
        boards = self.query_one(HiveBoards)
        boards.border_title = "Hive"
        boards.reach = "b or Tab"
        self._apply_size()
        self.query_one("#bl-choices", ChoiceList).focus()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size()

    @property
    def wide(self) -> bool:
        return self.app.size.width >= 110

    def _apply_size(self) -> None:
        wide = self.wide
        self.set_class(wide, "wide")
        self.set_class(not wide, "narrow")
        self.call_after_refresh(self._fit_map)
        if self.is_mounted:
            self.render_board()

    @on(MapRoom.Resized)
    def _fit_map(self) -> None:
        """The map's layout follows the room its column has (never what it holds)."""
        col = self.query_one("#bl-map-col")
        board = self.query_one(BeeLivesMap)
        room = col.size.height - self.query_one("#bl-legend").size.height - 2
        board.fit(col.size.width - 2, room)

    def _update(self, selector: str, text: Text) -> None:
        """Show ``text`` in a text widget when it changed, laying the screen out
        again only when it takes another number of lines."""
        old = self._shown.get(selector)
        if old == text:
            return
        widget = self.query_one(selector, Static)
        self._shown[selector] = text
        width = widget.content_region.width
        same = old is not None and width > 0 and widget.size.height > 0 and \
            len(old.wrap(self.app.console, width)) == len(text.wrap(self.app.console, width))
        widget.update(text, layout=not same)

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

    def _lead(self) -> int:
        """The seat whose hive the boards lead with: at a stop that tells of some colonies (no turn for
        Bob), the first of them; else :meth:`_seat`'s."""
        told: list[int] = self.stop.seats if self.stop is not None and self.replay is None else []
        return told[0] if told else self._seat()

    def mine(self) -> bool:
        """The pending decision is the keyboard seat's, and it may be made now."""
        d = self.seen.decision
        return self.human_to_move and d is not None and d.seat == self.view_seat

    def moves(self) -> list[Any]:
        return list(self.seen.moves) if self.mine() else []

    def decision(self) -> blview.DecisionView | None:
        """The view of the pending decision for the keyboard seat (None when it is not its to make)."""
        if not self.mine():
            return None
        state = self.seen.state
        key = (self._seat(), tuple(sorted((self.form or {}).items())))
        if self._dv_for is None or self._dv_for[0] is not state or self._dv_for[1:] != key:
            self._dv = blview.decision_view(self.st, self._seat(), self.form)
            self._dv_for = (state, *key)
        return self._dv

    def colour(self, seat: int) -> str:
        return BL_COLOURS[seat % len(BL_COLOURS)]

    def seat_colours(self) -> list[str]:
        return [self.colour(i) for i in range(len(self.match.header.seats))]

    def seat_details(self) -> list[str]:
        return [f"VP {p.vp} · {plural(p.workers, 'bee')} · {p.honey}h {p.pollen}p {p.water}w"
                for p in self.st.players]

    # -- rendering ------------------------------------------------------------------
    def refresh_view(self) -> None:
        d = self.seen.decision
        key = (len(self.match.history), None if d is None else (d.seat, d.kind), self.mine())
        if key != self._decision_key:
            self._decision_key = key
            self.form, self.hover = None, None
            self._new_question = True
            self._close_groups()
        if self.replay is None:
            d = self.match.decision
            if d is not None and d.kind == "turn" and self.match.header.seats[d.seat].is_human:
                self._stops.turn_seen(d.seat, self.match.state)
        super().refresh_view()

    def stop_after(self) -> blview.StopInfo | None:
        """A month of winter upkeep just over (February's with the year's
        score), or a month just gone by without a turn for a player at the
        keyboard: the view's account of it, for the player to read."""
        return None if self.replay is not None else self._stops.after_step(self.match.state)

    def _resume_stops(self) -> None:
        """A game just loaded, saved at a stop, takes the steps after its
        last move again (quietly) up to the stop it was saved at: the stops
        it had not gone past are told again (a save holds none)."""
        self._stops.start(self.match)
        saved = self._stops.resume(self.match)
        if saved is None:
            return
        while self.match.decision is None and not self.match.over and self.take_step():
            if self.stop is not None:
                if (self.match.turn, self.match.over) >= (saved.turn, saved.over):  # (January's, February's: one turn)
                    break
                self.stop = None  # (gone past before the game was saved)
        if self.stop is not None:
            self.call_after_refresh(self._resumed_at_stop)

    def _resumed_at_stop(self) -> None:
        self._rendered = None  # (drawn before the stop's keys were bound: the status line names them)
        self.on_stop()

    def on_stop(self) -> None:
        """A stop: its account heads the boards (at 80 columns they take the
        map's room, from the top), and the list offers to go on."""
        self.showing = ""
        self.query_one(HiveBoards).scroll_home(animate=False)
        self._set_layout(None)
        self.render_board()
        if not isinstance(self.focused, HiveBoards):
            self.query_one("#bl-choices", ChoiceList).focus()

    def action_go_on(self) -> None:
        """On from a stop: the map comes back in the boards' place (80 columns)."""
        super().action_go_on()
        self.call_after_refresh(self._fit_map)

    def on_undo(self) -> None:
        self._stops.forget()
        self._decision_key = None
        self.form, self.hover = None, None
        self._new_question = True
        self._close_groups()

    def render_board(self) -> None:
        if not self.children:  # not composed yet
            return
        key = (self.mine(), self.stepping, self.thinking, self.steps_paused, self.showing, self.wide, id(self.stop),
               self.boards_mode, self.size, tuple(sorted((self.form or {}).items())), self.replay is not None
               and self.replay.index)
        if self._rendered is not None and self._rendered[0] is self.seen.state and self._rendered[1] == key:
            return  # drawn already (the turn after a change asks again)
        self._rendered = (self.seen.state, key)
        dv = self.decision()
        warns = blview.warnings(self.st, self._lead())
        self._render_choices(dv)
        current = self.query_one("#bl-choices", ChoiceList).current
        self.hover = current.value if current is not None and isinstance(current.value, blview.Entry) else None
        self._render_status(dv, warns)
        self._render_map(dv)
        self._render_boards(warns)

    def _letters(self) -> dict[str, str]:
        return {k.kind: k.letter for k in blview.kinds(self.st)}

    def _choice(self, e: blview.Entry, letters: dict[str, str]) -> Choice:
        return Choice(label=entry_text(e, letters), value=e, refused=e.refused, key=e.key,
                      heading=group_heading(e, letters),
                      number=NumberRow(e.number.low, e.number.high, e.number.value) if e.number else None,
                      group=[self._choice(g, letters) for g in e.group] if e.group is not None else None)

    def _render_choices(self, dv: blview.DecisionView | None) -> None:
        cl = self.query_one("#bl-choices", BeeLivesChoices)
        stop = self.stop
        if stop is not None and self.replay is None:
            cl.digits = True
            cl.set_choices([Choice(label=Text(f"Go on: {stop.then}", style="bold"), value=GO_ON)])
            title = "Read, then go on"
        elif dv is None:
            title, empty = self.nothing_to_choose()
            cl.set_choices([], empty=empty)
        else:
            letters = self._letters()
            # in a form the digits set the highlighted number, and never play the form by choosing a row
            cl.digits = dv.kind not in blview.FORMS
            # a new question starts at its first choice; the same one redrawn keeps the highlight and numbers
            cl.set_choices([self._choice(e, letters) for e in dv.entries], keep=not self._new_question)
            self._new_question = False
            title = "Your turn · keys or ↑/↓ Enter" if dv.kind == "turn" else "Choose · ↑/↓ Enter"
        cl.set_title(title)

    def _close_groups(self) -> None:
        if self.is_mounted:
            cl = self.query_one("#bl-choices", ChoiceList)
            while cl.close_group():
                pass

    def _render_status(self, dv: blview.DecisionView | None, warns: list[blview.Warning]) -> None:
        # (at a stop, the month it tells of: the calendar may have moved on to the next one's heading)
        info = blview.season_info(self.st, self.stop if self.replay is None else None)
        # (the status line spans the column beside the side panel, less its padding)
        width = self.app.size.width - (48 if self.wide else 36) - 2
        t = month_status(info, SEASON_COLOURS.get(info.season, "#ffffff"), SHORT_PHASES.get(info.phase, info.phase),
                         width)
        t.append("\n")
        t.append_text(self._hint(dv, warns))
        self._update("#bl-status", t)

    def _hint(self, dv: blview.DecisionView | None, warns: list[blview.Warning]) -> Text:
        t = Text()
        if self.stop is not None and self.replay is None:
            return stop_status(self.stop, self.key_for("go_on"))
        if self.match.over:
            res = self.match.result
            t.append(res.summary if res else "Game over.", style="bold")
            return t
        if self.stepping:
            busy = {"card": "A season card is turned… ", "solo": "The campaign moves on… "}
            t.append(busy.get(self.showing, "The wild hives are at work… "), style="italic")
            if self.steps_paused:
                t.append(f"paused: {self.steps_keys()} (any other key runs them all too)", style="bold")
            else:
                pause = self.key_for("toggle_steps")
                t.append("any key runs them all" + (f" · {pause}: pause" if pause else ""), style="dim")
            return t
        if self.thinking:
            t.append("The computer is thinking…", style="italic")
            return t
        d = self.seen.decision
        if d is None:
            return t
        if dv is None:
            t.append(d.prompt)
            return t
        t.append(dv.question, style="bold")  # (a form's outcome is in the list, on its first row)
        t.append(f"  {dv.keys}", style="dim")
        for w in warns:
            if w.level == "danger":  # (the board shows the others)
                t.append(f"\n⚠ {w.text}", style=DANGER)
        return t

    # the map
    def _shown_entries(self, dv: blview.DecisionView) -> list[blview.Entry]:
        cl = self.query_one("#bl-choices", ChoiceList)
        shown = [c.value for c in cl.choices if isinstance(c.value, blview.Entry)]
        return shown or dv.entries

    def _render_map(self, dv: blview.DecisionView | None = None) -> None:
        st = self.st
        board = self.query_one(BeeLivesMap)
        tiles, spaces = blmap.lit_places(self._shown_entries(dv)) if dv is not None else (set(), set())
        apart = len(self._groups) > 1
        self._groups = blview.map_groups(st)
        if apart != (len(self._groups) > 1):
            self.refresh_bindings()  # (the key to the next colony's tiles: only while they lie apart)
        marks = blview.map_marks(st)
        names = Names(seats=[p.name for p in st.players], colours=BL_COLOURS, wild=[w.name for w in st.wild])
        pic = draw_map(self._groups, names, width_cells=max(4, (board.size.width or 40) // board.scales[0][0]),
                       strengths={i: w.strength for i, w in enumerate(st.wild)}, lit_tiles=tiles, lit_spaces=spaces,
                       selected_space=dv.space if dv is not None else None,
                       preview=join_preview(st, dv, self.hover.move if self.hover is not None else None),
                       marks=MapMarks(tiles=marks.tiles, hives=marks.hives, colony_infected=marks.colony_infected)
                       if marks is not None else None)
        pic.stepped_by_list = self.mine() and dv is not None and blmap.all_listed(pic, self._shown_entries(dv))
        cell = pic.cell_for(spot_key(self.hover.spot) if self.hover is not None else None)
        scouted = pic.selected
        if cell is not None and pic.selected is None:
            pic.selected = cell
        board.show_picture(pic)
        keep = kept_cells(pic, dv.about if dv is not None else blview.about(st, self._seat()), cell, scouted)
        with board.prevent(BeeLivesMap.CursorMoved):  # (the cursor follows the list here, not the other way)
            if cell is not None:
                board.cursor = cell  # a map too big to show whole pans to it
            elif pic.highlights:
                board.point_at(pic.highlights, near=keep[0] if keep else None)
        board.keep_in_view(keep)
        self._set_layout(dv)
        bag = blview.bag_size(st)
        groups = f"{len(self._groups)} groups · " if len(self._groups) > 1 else ""
        # (short enough for the map's border at 80 columns: "in the bag" was cut there)
        title = f"Map · {groups}{plural(len(st.tiles), 'tile')} · bag {bag}"
        if board.border_title != title:
            board.border_title = title
        marks_now = set(marks.tiles.values()) if marks is not None else set()
        hive_marks = set(marks.hives.values()) if marks is not None else set()
        self._update("#bl-legend", legend_text(blview.kinds(st), winter=st.month > 9, wide=self.wide,
                                               marks=marks_now, hive_marks=hive_marks))

    def _set_layout(self, dv: blview.DecisionView | None) -> None:
        """At 80 columns the map and the boards share the column under the
        status line: the boards may take it all (read whole, or a stop told
        there), or the map (the boards hidden, while joining the map, or while
        a hint is shown)."""
        joining = dv is not None and dv.kind in ("join", "join_place")
        narrow = not self.wide
        # (a stop is read on the boards: at 80 columns they take the map's room)
        reading = narrow and (self.boards_mode == "boards" or (self.stop is not None and self.replay is None))
        # (the boards step aside for a hint's lines too, so that the map keeps its room)
        hinting = narrow and self.current_hint() is not None
        if hinting != self.has_class("hinting"):
            self.set_class(hinting, "hinting")
            self.call_after_refresh(self._fit_map)
        self.set_class(reading, "boards-only")
        self.set_class(narrow and not reading and (joining or hinting or self.boards_mode == "map"), "map-only")

    # boards
    def _render_boards(self, warnings: list[blview.Warning]) -> None:
        d = self.seen.decision
        texts, title = board_texts(self.st, self._lead(), None if d is None else d.seat, warnings, mine=self.mine(),
                                   colours=self.seat_colours(), wide=self.wide,
                                   stop=self.stop if self.replay is None else None)
        for part, text in texts.items():
            box = self.query_one(f"#bl-{part}", Static)
            if box.display != bool(text.plain):
                box.display = bool(text.plain)
            self._update(f"#bl-{part}", text)
        boards = self.query_one(HiveBoards)
        if boards.border_title != title:
            boards.border_title = title

    # -- the flow of play ----------------------------------------------------------
    def on_human_turn(self) -> None:
        self.render_board()
        # the map keeps the focus only for a question answered on the map
        if not (isinstance(self.focused, BeeLivesMap) and self._kind() in MAP_KINDS):
            self.query_one("#bl-choices", ChoiceList).focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The boards read whole give the room back to the map once the focus
        goes elsewhere (the list, the map: a key of the turn, Tab, Esc, a new question)."""
        if self.boards_mode == "boards" and not isinstance(event.widget, HiveBoards):
            self._set_boards_mode("normal")

    def after_change(self) -> None:
        # the bookkeeping between the steps worth showing runs at once
        if self.STEP_DELAY > 0 and not self.stepping and self.stop is None:
            self._run_quiet_steps()
        super().after_change()

    def _one_step(self) -> None:
        """One shown step (a wild hive's turn, the season card), with the quiet steps before it."""
        self._run_quiet_steps()
        if self.match.decision is None and not self.match.over and self.stop is None:
            self.refresh_view()
            return
        self.stepping = False
        self.after_change()

    def _run_quiet_steps(self) -> None:
        """Run automatic steps up to and including the next one worth a pause:
        one that says what a wild hive did, or turns a season card (or one
        worth a stop, which waits for the player)."""
        while self.match.decision is None and not self.match.over:
            before = len(self.seen.log)
            if not self.take_step():
                return
            if self.stop is not None:
                return
            shown = self._worth_a_pause(self.seen.log[before:])
            if shown:
                self.showing = shown
                return

    @staticmethod
    def _worth_a_pause(lines: list[str]) -> str:
        """``"wild"``, ``"card"`` or ``"solo"`` if these new log lines are worth a pause."""
        for line in lines:
            if " wild hive" in line:
                return "wild"
            if line.startswith("Season card"):
                return "card"
            if line.startswith(("Wildfire:", "Three Generations:", "Zombees")):
                return "solo"
        return ""

    def _not_now(self) -> None:
        if self.replay is not None:
            self.notify("This is a replay: nothing can be played here.", severity="warning")
        elif self.stop is not None:
            key = self.key_for("go_on")
            self.notify(f"Read what happened first: Enter{f' or {key}' if key else ''} goes on to {self.stop.then}.",
                        severity="warning")
        elif self.thinking:
            self.notify("Wait: the computer is thinking.", severity="warning")
        elif self.match.over:
            self.notify("The game is over.", severity="warning")
        elif self.mine() and (dv := self.decision()) is not None:
            self.notify(f"Answer this question first: {dv.question}", severity="warning")
        elif self.seen.decision is not None:
            self.notify(f"It is {self.st.players[self.seen.decision.seat].name}'s decision now.",
                        severity="warning")

    # -- choosing ------------------------------------------------------------------------
    def _choose(self, e: blview.Entry) -> None:
        """Play an entry's move, asking first when it loses something for good."""
        if e.move is None or not self.mine():
            self._not_now()
            return
        if e.confirm is None:
            self.submit(e.move)
            return
        from .modals import ConfirmScreen

        question = Text(e.label, style="bold")
        question.append(f"\n\n{e.confirm[:1].upper()}{e.confirm[1:]}.", style=DANGER)
        question.append("\n\nPlay it anyway?")
        move = e.move

        def answered(yes: bool | None) -> None:
            if yes:
                self.submit(move)

        self.app.push_screen(ConfirmScreen(question, yes=f"Yes: {e.title}", no="No, go back"), answered)

    def _form_entry(self) -> blview.Entry | None:
        dv = self.decision()
        return dv.entries[0] if dv is not None and dv.kind in blview.FORMS and dv.entries else None

    @on(ChoiceList.Selected, "#bl-choices")
    def _selected(self, event: ChoiceList.Selected) -> None:
        event.stop()
        e = event.choice.value
        if e == GO_ON and self.stop is not None:
            self.action_go_on()
            return
        if not isinstance(e, blview.Entry):
            self._not_now()
            return
        if e.number is not None and event.number is not None:
            # Enter on a number row plays the form with the numbers as they are set
            self._set_number(e.number.field, event.number)
            e = self._form_entry() or e
        self._choose(e)

    @on(ChoiceList.NumberChanged, "#bl-choices")
    def _number_changed(self, event: ChoiceList.NumberChanged) -> None:
        event.stop()
        e = event.choice.value
        if isinstance(e, blview.Entry) and e.number is not None and event.number is not None:
            self._set_number(e.number.field, event.number)
            self.render_board()

    def _set_number(self, field: str, value: int) -> None:
        dv = self.decision()
        if dv is not None:
            self.form = {**dv.form, field: value}

    @on(ChoiceList.Highlighted, "#bl-choices")
    def _highlighted(self, event: ChoiceList.Highlighted) -> None:
        self._hover(event.choice.value)

    @on(BeeLivesMap.StepChoice)
    def _step_choice(self, event: BeeLivesMap.StepChoice) -> None:
        self.query_one("#bl-choices", BeeLivesChoices).step_places(event.step)

    @on(BeeLivesMap.CursorMoved)
    def _map_moved(self, event: BeeLivesMap.CursorMoved) -> None:
        """The map's cursor on the place of a choice the list shows: the list highlights that choice."""
        where = spot_key(self.query_one(BeeLivesMap).spot_at(event.cell)) if self.mine() else None
        if where is not None:
            cl = self.query_one("#bl-choices", ChoiceList)
            cl.highlight_first(lambda e: isinstance(e, blview.Entry) and not e.refused and spot_key(e.spot) == where)
            self._hover(cl.current.value if cl.current is not None else None)

    def _hover(self, e: Any) -> None:
        """The highlighted entry ``e``: its place is shown on the map."""
        e = e if isinstance(e, blview.Entry) else None
        if e is not self.hover:
            redraw = e is None or self.hover is None or e.spot != self.hover.spot or e.move != self.hover.move
            self.hover = e
            if redraw and self.mine():
                self._render_map(self.decision())

    @on(ChoiceList.Refused, "#bl-choices")
    def _refused(self, event: ChoiceList.Refused) -> None:
        event.stop()
        e = event.choice.value
        if isinstance(e, blview.Entry):
            self.notify(f"{e.title}: {e.refused}.", severity="warning")

    @on(BeeLivesMap.CellChosen)
    def _cell_chosen(self, event: BeeLivesMap.CellChosen) -> None:
        event.stop()
        dv = self.decision()
        if dv is None:
            self._not_now()
            return
        spot = self.query_one(BeeLivesMap).spot_at(event.cell)
        where = spot_key(spot)
        cl = self.query_one("#bl-choices", ChoiceList)
        shown = [c.value for c in cl.choices]
        # a choice of the list shown now, else one anywhere in the decision (opening its groups)
        for i, e in enumerate(shown):
            if isinstance(e, blview.Entry) and where is not None and spot_key(e.spot) == where and not e.refused:
                if e.move is not None and e == self.hover or e.group is not None or dv.kind != "join_place":
                    cl.choose(i)
                else:
                    cl.highlight(i)  # joining: a first click shows the place, a second confirms it
                return
        path = blmap.path_to(dv.entries, where) if where is not None else None
        if path is not None:
            self._close_groups()
            for k in path:
                cl.choose(k)
            return
        if dv.kind == "turn" and spot is not None and spot.kind == "tile":
            self.submit(ForageMove(tile=spot.tile))  # the rules say why that tile is no choice
            return
        if dv.kind == "join_place" and isinstance(self.hover.move if self.hover else None, PlaceMove):
            self._choose(self.hover)  # type: ignore[arg-type]
            return
        self.notify("That is not one of the choices: the lit cells are.", severity="warning")

    # -- the coach's hint ----------------------------------------------------------
    def show_hint(self, found: Any) -> None:
        """A form's hint sets its numbers to the hinted ones; then the entry is marked."""
        kind = self._kind()
        if kind in blview.FORMS:
            self.form = {f: getattr(found.move, f) for f in blview.FORMS[kind]}
            self._new_question = True  # (the rows take the hinted numbers, not those shown before)
            self.render_board()
        super().show_hint(found)
        self._set_layout(self.decision())  # (at 80 columns the boards make room for the hint's lines)

    def clear_hint(self) -> None:
        super().clear_hint()
        self._set_layout(self.decision())

    def play_hint_move(self, move: Any) -> None:
        """Played like its entry: a move that loses something for good is asked first."""
        dv = self.decision()
        entry = next((e for e in blview.walk(dv.entries) if e.move == move), None) if dv is not None else None
        if entry is not None:
            self._choose(entry)
        else:
            self.submit(move)

    # -- keys ----------------------------------------------------------------------
    def action_act(self, action: str) -> None:
        """A letter key of the hive board's actions (when joining, r turns your tiles)."""
        if self.typed_ahead():
            return
        dv = self.decision()
        if dv is not None and dv.kind in ("join", "join_place") and action == "raid":
            self._next_join(same_group=True)
            return
        if dv is None or dv.kind != "turn":
            self._not_now()
            return
        index = next(i for i, e in enumerate(dv.entries) if e.key == blview.ACTION_KEYS[action])
        self._close_groups()
        cl = self.query_one("#bl-choices", ChoiceList)
        cl.focus()
        cl.choose(index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_group":  # (while the tiles lie apart; not while steps run, nor watching: no room)
            apart = len(self._groups) > 1 and not (self.watching or self.stepping or self.stop)
            return super().check_action(action, parameters) is not False and apart
        return super().check_action(action, parameters)

    def action_next_group(self) -> None:
        """The map shows the next colony's tiles (before the join); joining, the list the next tiles to touch."""
        if self.typed_ahead():
            return
        dv = self.decision()
        if dv is not None and dv.kind == "join":
            self._next_join(same_group=False)
        else:
            self.query_one(BeeLivesMap).show_next_group(p.hive for p in self.st.players if p.hive is not None)

    def _next_join(self, same_group: bool) -> None:
        """Joining: highlight the next turn of the same tiles (``r``), or the next tiles to touch (``g``)."""
        dv = self.decision()
        if dv is not None and dv.kind == "join_place":
            self.submit(BackMove())
        elif dv is not None:
            now = self.hover.move if self.hover is not None else None
            self.query_one("#bl-choices", BeeLivesChoices).next_join(now, same_group)

    def action_toggle_boards(self) -> None:
        """``b``: the boards read whole (focused: ↑/↓ PgUp/PgDn scroll them),
        then hidden for a bigger map, then back under the map. On a wide
        terminal, where they stand beside the map, it focuses them and back."""
        boards = self.query_one(HiveBoards)
        if self.boards_mode == "boards" or (self.wide and boards.has_focus):
            mode = "normal" if self.wide else "map"
        elif self.boards_mode == "map":
            mode = "normal"
        else:
            mode = "boards"
        self._set_boards_mode(mode)
        if mode == "boards":
            boards.focus()
        elif boards.has_focus:
            self.query_one("#bl-choices", ChoiceList).focus()

    def _set_boards_mode(self, mode: str) -> None:
        if mode == self.boards_mode:
            return
        if self.boards_mode == "boards":
            self.query_one(HiveBoards).scroll_home(animate=False)  # under the map again: the hive first
        self.boards_mode = mode
        self._set_layout(self.decision())
        self.call_after_refresh(self._fit_map)

    def action_focus_map(self) -> None:
        self.query_one(BeeLivesMap).focus()

    def action_back(self) -> None:
        dv = self.decision()
        if dv is not None and dv.kind == "join_place":
            self.submit(BackMove())
            return
        cl = self.query_one("#bl-choices", ChoiceList)
        if isinstance(self.focused, BeeLivesMap):
            cl.focus()  # back to the list, and out of the choice the map opened
            cl.close_group()
            return
        if isinstance(self.focused, HiveBoards):
            cl.focus()  # back to the list from reading the boards
            return
        if cl.close_group():
            return
        self.action_pause()
