"""Menus outside a game: main menu, new game, load, rules."""

from __future__ import annotations

import os
import typing
from pathlib import Path

from pydantic import BaseModel, ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Footer,
    Header,
    Input,
    Label,
    Markdown,
    OptionList,
    Select,
    Static,
)

from ...core.match import Match
from ...core.protocol import Engine, SeatInfo
from ...core.saves import latest_save, list_saves
from ...games import TITLES, available_games, get_engine, known_games
from ..rules_text import rules_summary

LOGO = r"""
  __
 | |__   ___  ___  __ _  __ _ _ __ ___   ___  ___
 | '_ \ / _ \/ _ \/ _` |/ _` | '_ ` _ \ / _ \/ __|
 | |_) |  __/  __/ (_| | (_| | | | | | |  __/\__ \
 |_.__/ \___|\___|\__, |\__,_|_| |_| |_|\___||___/
                  |___/
"""


def _logo() -> str:
    """The banner, every line padded to the widest so it stays one block."""
    lines = LOGO.strip("\n").splitlines()
    width = max(len(line) for line in lines) + 3
    return "\n".join(line.ljust(width) for line in lines)


class MainMenuScreen(Screen):
    """The first screen: start, continue, load, rules, quit."""

    BINDINGS = [
        Binding("n", "new", "New game", id="menu.new"),
        Binding("c", "continue", "Continue", id="menu.continue"),
        Binding("l", "load", "Load", id="menu.load"),
        Binding("r", "rules", "Rules", id="menu.rules"),
        Binding("q", "app.quit", "Quit", id="menu.quit"),
        Binding("up", "app.focus_previous", "Up", show=False),
        Binding("down", "app.focus_next", "Down", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Center(id="menu-box"):
            with Vertical(id="menu"):
                yield Static(_logo(), id="logo")
                yield Static("Hive · Waggle Dance · Bee Lives · Honey Buzz", id="tagline")
                yield Button("New game", id="new", variant="primary")
                yield Button("Continue last game", id="continue")
                yield Button("Load a save", id="load")
                yield Button("Rules", id="rules")
                yield Button("Quit", id="quit", variant="error")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.query_one("#continue", Button).disabled = latest_save(self.app.saves_dir) is None

    def on_mount(self) -> None:
        self.on_screen_resume()
        self.query_one("#new", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {"new": self.action_new, "continue": self.action_continue, "load": self.action_load,
                   "rules": self.action_rules, "quit": self.app.exit}
        actions[event.button.id or ""]()

    def action_new(self) -> None:
        self.app.push_screen(NewGameScreen())

    def action_continue(self) -> None:
        self.app.continue_last()

    def action_load(self) -> None:
        self.app.push_screen(LoadScreen())

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen())


# ---------------------------------------------------------------------------
# new game
# ---------------------------------------------------------------------------
def _option_widgets(engine: Engine) -> list[tuple[str, Label, object]]:
    """A form widget for each field of the game's options model."""
    rows = []
    for name, field in engine.options_model.model_fields.items():
        ann = field.annotation
        title = field.title or name.replace("_", " ").capitalize()
        label = Label(title + ":", classes="opt-label")
        wid = f"opt-{name}"
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        letters = extra.get("letters")
        if isinstance(letters, dict):
            # a string of letters, each one a choice: one checkbox per letter
            default = str(field.default or "")
            boxes = [Checkbox(f"{title} ({letter})", value=letter in default, id=f"{wid}-{letter}",
                              classes="letter-box") for letter, title in letters.items()]
            label = Label("Optional pieces:" if name == "expansions" else name.replace("_", " ") + ":",
                          classes="opt-label")
            box = Vertical(*boxes, id=wid, classes="letters")
            box.tooltip = field.description
            rows.append((name, label, box))
            continue
        if ann is bool:
            widget = Checkbox((field.description or name).rstrip("."), value=bool(field.default), id=wid,
                              classes="opt-check")
        elif typing.get_origin(ann) is typing.Literal:
            choices = [str(c) for c in typing.get_args(ann)]
            widget = Select([(c, c) for c in choices], value=str(field.default), allow_blank=False, id=wid)
        else:
            widget = Input(value=str(field.default if field.default is not None else ""), id=wid,
                           placeholder=name.replace("_", " "))
        widget.tooltip = field.description
        rows.append((name, label, widget))
    return rows


class NewGameScreen(Screen):
    """Choose the game, its options and who sits in each seat."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="new.back"),
        Binding("ctrl+s", "start", "Start", id="new.start"),
    ]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        games = available_games()
        self.game_id = game if game in games else (games[0] if games else "hive")

    @property
    def engine(self) -> Engine:
        return get_engine(self.game_id)

    def _player_choices(self) -> list[tuple[str, int]]:
        engine = self.engine
        return [(f"{n}" + (" (solo)" if n == 1 else ""), n)
                for n in range(engine.min_players, engine.max_players + 1)]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="newgame"):
            yield Static("New game", classes="title")
            playable = set(available_games())
            options = [(TITLES[g] + ("" if g in playable else " (coming later)"), g) for g in known_games()]
            with Horizontal(classes="row"):
                yield Label("Game:", classes="opt-label")
                yield Select(options, value=self.game_id, allow_blank=False, id="game")
            with Horizontal(classes="row"):
                yield Label("Players:", classes="opt-label")
                yield Select(self._player_choices(), allow_blank=False, id="players")
            yield Vertical(id="options")
            yield Vertical(id="seats")
            with Horizontal(classes="row"):
                yield Label("Seed:", classes="opt-label")
                yield Input(placeholder="blank = random", id="seed", restrict=r"[0-9]*")
            with Horizontal(classes="row buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    async def on_mount(self) -> None:
        await self._rebuild()
        self.query_one("#game", Select).focus()

    async def _rebuild(self) -> None:
        engine = self.engine
        players = self.query_one("#players", Select)
        counts = list(range(engine.min_players, engine.max_players + 1))
        default = 2 if 2 in counts else counts[0]
        players.set_options(self._player_choices())
        players.value = default
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        for _name, label, widget in _option_widgets(engine):
            await box.mount(Horizontal(label, widget, classes="row"))
        await self._rebuild_seats(default)

    async def _rebuild_seats(self, count: int) -> None:
        engine = self.engine
        seats = self.query_one("#seats", Vertical)
        await seats.remove_children()
        opts = engine.options_model()
        names = engine.seat_names(opts, count)
        for i in range(count):
            row = Horizontal(
                Label(f"Seat {i + 1}:", classes="seat-label"),
                Input(value=names[i], id=f"name-{i}", classes="seat-name"),
                Select([("Human", "human"), ("Computer", "computer")], value="human", allow_blank=False,
                       id=f"kind-{i}", classes="seat-kind"),
                Select([(lv, lv) for lv in engine.levels], value=engine.levels[-1], allow_blank=False,
                       id=f"level-{i}", classes="seat-level", disabled=True, tooltip="Computer strength"),
                classes="row",
            )
            await seats.mount(row)

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game_id:
            return
        if event.value not in available_games():
            self.notify(f"{TITLES[str(event.value)]} is not playable yet.", severity="warning")
            event.select.value = self.game_id
            return
        self.game_id = str(event.value)
        await self._rebuild()

    @on(Select.Changed, ".seat-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        index = str(event.select.id).rsplit("-", 1)[1]
        self.query_one(f"#level-{index}", Select).disabled = event.value != "computer"

    @on(Select.Changed, "#players")
    async def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and len(self.query(".seat-name")) != event.value:
            await self._rebuild_seats(event.value)

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.app.pop_screen()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    def read_options(self) -> BaseModel:
        engine = self.engine
        values: dict[str, object] = {}
        for name, _field in engine.options_model.model_fields.items():
            widget = self.query_one(f"#opt-{name}")
            if widget.has_class("letters"):
                values[name] = "".join(str(box.id).rsplit("-", 1)[1] for box in widget.query(Checkbox) if box.value)
            elif isinstance(widget, Checkbox):
                values[name] = widget.value
            elif isinstance(widget, Select):
                values[name] = widget.value
            elif isinstance(widget, Input):
                values[name] = widget.value
        return engine.options_model.model_validate(values)

    def read_seats(self) -> list[SeatInfo]:
        seats = []
        for i, name_input in enumerate(self.query(".seat-name").results(Input)):
            kind = self.query_one(f"#kind-{i}", Select).value
            level = self.query_one(f"#level-{i}", Select).value
            name = name_input.value.strip() or f"Player {i + 1}"
            seats.append(SeatInfo(name=name, kind=str(kind), level=str(level)))
        return seats

    def action_start(self) -> None:
        try:
            options = self.read_options()
        except ValidationError as exc:
            msg = str(exc.errors()[0].get("msg", "invalid")).removeprefix("Value error, ")
            self.notify(msg, title="Check the options", severity="error")
            return
        seats = self.read_seats()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else int.from_bytes(os.urandom(4), "big")
        try:
            match = Match.new(self.engine, options=options, seats=seats, seed=seed)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        self.app.pop_screen()
        self.app.open_match(match)


# ---------------------------------------------------------------------------
# load
# ---------------------------------------------------------------------------
class LoadScreen(Screen):
    """Every save in the saves folder, newest first."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="load.back"),
        Binding("enter", "open", "Load", id="load.open", show=True),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="load-screen"):
            yield Static("Load a saved game", classes="title")
            yield Static("", id="load-folder")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static("", id="load-empty")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#load-folder", Static).update(f"Folder: {self.app.saves_dir}")
        table = self.query_one("#saves", DataTable)
        table.add_columns("Game", "Players", "Round", "Moves", "Last saved", "Status")
        self._paths: list[str] = []
        for s in list_saves(self.app.saves_dir):
            self._paths.append(s.path)
            if s.problem:
                saved = s.saved[:16].replace("T", " ")
                table.add_row("?", Path(s.path).name, "", "", saved, f"unreadable: {s.problem}")
                continue
            status = (s.result or "finished") if s.over else "in progress"
            table.add_row(TITLES.get(s.game, s.game), ", ".join(s.players), str(s.turn), str(s.moves),
                          s.saved[:16].replace("T", " "), status)
        if not self._paths:
            self.query_one("#load-empty", Static).update("No saves yet. Start a new game from the menu.")
        table.focus()

    def action_open(self) -> None:
        table = self.query_one("#saves", DataTable)
        if not self._paths:
            return
        path = Path(self._paths[table.cursor_row])
        match = self.app.try_load(path)
        if match is not None:
            self.app.pop_screen()
            self.app.open_match(match, path)

    @on(DataTable.RowSelected)
    def _selected(self) -> None:
        self.action_open()


# ---------------------------------------------------------------------------
# rules
# ---------------------------------------------------------------------------
class RulesScreen(Screen):
    """Rules summaries in our own words, one per game."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="rules.back")]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game_id = game or "hive"

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="rules"):
            yield OptionList(*[TITLES[g] for g in known_games()], id="rules-games")
            with VerticalScroll(id="rules-text-box"):
                yield Markdown(rules_summary(self.game_id), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        games = known_games()
        ol = self.query_one(OptionList)
        ol.highlighted = games.index(self.game_id) if self.game_id in games else 0
        ol.focus()

    @on(OptionList.OptionHighlighted)
    def _show(self, event: OptionList.OptionHighlighted) -> None:
        game = known_games()[event.option_index]
        self.query_one("#rules-text", Markdown).update(rules_summary(game))
