"""The new-game form: the game, its options, who sits in each seat.

The form is generated from the game's options model (one widget per field,
with the field's description as a hint). Start is always in view, below the
form; the choices made are remembered for next time in the settings file
beside the saves.
"""

from __future__ import annotations

import os
import typing
from typing import Any

from pydantic import BaseModel, ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

from ...core.match import Match
from ...core.protocol import Engine, SeatInfo
from ...games import TITLES, available_games, get_engine, known_games
from ..settings import remember_game, remembered_game

if typing.TYPE_CHECKING:
    from ..app import BeegamesApp


def _hint(text: str | None) -> Static:
    return Static(Text(text or ""), classes="opt-hint")


def _option_rows(engine: Engine[Any, Any]) -> list[tuple[str, Widget]]:
    """A form row for each field of the game's options model."""
    rows: list[tuple[str, Widget]] = []
    for name, field in engine.options_model.model_fields.items():
        ann = field.annotation
        title = field.title or name.replace("_", " ").capitalize()
        wid = f"opt-{name}"
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        letters = extra.get("letters")
        if isinstance(letters, dict):
            # a string of letters, each one a choice: one checkbox per letter
            default = str(field.default or "")
            boxes = [Checkbox(f"{piece} ({letter})", value=letter in default, id=f"{wid}-{letter}",
                              classes="letter-box") for letter, piece in letters.items()]
            label = "Optional pieces" if name == "expansions" else title
            widget: Widget = Vertical(*boxes, id=wid, classes="letters")
            rows.append((name, Horizontal(Label(label + ":", classes="opt-label"), widget, classes="row")))
            continue
        if ann is bool:
            widget = Checkbox(title, value=bool(field.default), id=wid, classes="opt-check")
        elif typing.get_origin(ann) is typing.Literal:
            choices = [str(c) for c in typing.get_args(ann)]
            widget = Select([(c, c) for c in choices], value=str(field.default), allow_blank=False, id=wid)
        else:
            widget = Input(value=str(field.default if field.default is not None else ""), id=wid,
                           placeholder=name.replace("_", " "))
        label = "" if ann is bool else title + ":"
        column = Vertical(widget, _hint(field.description), classes="opt-field")
        rows.append((name, Horizontal(Label(label, classes="opt-label"), column, classes="row")))
    return rows


class NewGameScreen(Screen[None]):
    """Choose the game, its options and who sits in each seat."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="new.back"),
        Binding("ctrl+s", "start", "Start", id="new.start"),
    ]

    app: BeegamesApp

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self._requested = game
        self.game_id = game or "hive"
        self._memory: dict[str, Any] = {}

    @property
    def engine(self) -> Engine[Any, Any]:
        return get_engine(self.game_id)

    def _player_choices(self) -> list[tuple[str, int]]:
        engine = self.engine
        return [(f"{n}" + (" (solo)" if n == 1 else ""), n)
                for n in range(engine.min_players, engine.max_players + 1)]

    def compose(self) -> ComposeResult:
        games = available_games()
        last, self._memory = remembered_game(self.app.saves_dir)
        wanted = self._requested or last
        self.game_id = wanted if wanted in games else (games[0] if games else "hive")
        yield Header()
        with VerticalScroll(id="newgame"):
            yield Static("New game", classes="title")
            playable = set(games)
            options = [(TITLES[g] + ("" if g in playable else " (coming later)"), g) for g in known_games()]
            with Horizontal(classes="row"):
                yield Label("Game:", classes="opt-label")
                yield Select(options, value=self.game_id, allow_blank=False, id="game")
            with Horizontal(classes="row"):
                yield Label("Players:", classes="opt-label")
                yield Select(self._player_choices(), allow_blank=False, id="players")
            yield Vertical(id="options")
            yield Vertical(id="seats")
            with Horizontal(classes="row", id="handoff-row"):
                yield Label("", classes="opt-label")
                with Vertical(classes="opt-field"):
                    yield Checkbox("Hand-off screens", value=True, id="handoffs")
                    yield _hint("Between two people at this keyboard, hide the table while it changes hands "
                                "(only while someone holds cards the others must not see).")
            with Horizontal(classes="row"):
                yield Label("Seed:", classes="opt-label")
                yield Input(placeholder="blank = random", id="seed", restrict=r"[0-9]*")
        with Horizontal(id="newgame-buttons"):
            yield Button("Start", id="start", variant="primary")
            yield Button("Back", id="back")
        yield Footer()

    async def on_mount(self) -> None:
        await self._rebuild()
        self.query_one("#game", Select).focus()

    # -- building the form -----------------------------------------------------
    def _remembered(self) -> dict[str, Any]:
        choices = self._memory.get(self.game_id)
        return choices if isinstance(choices, dict) else {}

    async def _rebuild(self) -> None:
        engine = self.engine
        memory = self._remembered()
        players = self.query_one("#players", Select)
        counts = list(range(engine.min_players, engine.max_players + 1))
        count = memory.get("players")
        if count not in counts:
            count = 2 if 2 in counts else counts[0]
        players.set_options(self._player_choices())
        players.value = count
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        for _name, row in _option_rows(engine):
            await box.mount(row)
        self._restore_options(memory.get("options"))
        handoffs = self.query_one("#handoffs", Checkbox)
        handoffs.value = memory.get("handoffs", True) is not False
        self.query_one("#handoff-row").display = engine.hides_information
        await self._rebuild_seats(count)

    def _restore_options(self, values: object) -> None:
        if not isinstance(values, dict):
            return
        try:
            options = self.engine.options_model.model_validate(values)
        except ValidationError:
            return
        for name in self.engine.options_model.model_fields:
            value = getattr(options, name)
            widget = self.query_one(f"#opt-{name}")
            if widget.has_class("letters"):
                for box in widget.query(Checkbox):
                    box.value = str(box.id).rsplit("-", 1)[1] in str(value)
            elif isinstance(widget, Checkbox):
                widget.value = bool(value)
            elif isinstance(widget, Select):
                widget.value = str(value)
            elif isinstance(widget, Input):
                widget.value = str(value)

    async def _rebuild_seats(self, count: int) -> None:
        engine = self.engine
        seats = self.query_one("#seats", Vertical)
        await seats.remove_children()
        names = engine.seat_names(engine.options_model(), count)
        remembered = self._remembered().get("seats")
        remembered = remembered if isinstance(remembered, list) else []
        for i in range(count):
            name, kind, level = names[i], "human", engine.levels[-1]
            if i < len(remembered) and isinstance(remembered[i], dict):
                seat = remembered[i]
                if isinstance(seat.get("name"), str) and seat["name"].strip():
                    name = seat["name"][:40]
                kind = seat.get("kind") if seat.get("kind") in ("human", "computer") else kind
                level = seat.get("level") if seat.get("level") in engine.levels else level
            row = Horizontal(
                Label(f"Seat {i + 1}:", classes="seat-label"),
                Input(value=name, id=f"name-{i}", classes="seat-name", max_length=40),
                Select([("Human", "human"), ("Computer", "computer")], value=kind, allow_blank=False,
                       id=f"kind-{i}", classes="seat-kind"),
                Select([(lv, lv) for lv in engine.levels], value=level, allow_blank=False,
                       id=f"level-{i}", classes="seat-level", disabled=kind != "computer",
                       tooltip="Computer strength"),
                classes="row seat-row",
            )
            await seats.mount(row)

    # -- events ------------------------------------------------------------------
    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game_id:
            return
        if event.value not in available_games():
            self.notify(f"{TITLES[str(event.value)]} is not playable yet.", severity="warning")
            self.query_one("#game", Select).value = self.game_id
            return
        self.game_id = str(event.value)
        await self._rebuild()

    @on(Select.Changed, ".seat-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        # the level beside this kind, in the same row: the seats may have been rebuilt (the number of
        # players changed) since the change was posted, and then this row, and its level, are gone
        row = event.select.parent
        if row is None or not event.select.is_attached:
            return
        for level in row.query(".seat-level").results(Select):
            level.disabled = event.value != "computer"

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

    # -- reading the form --------------------------------------------------------
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
            name = " ".join(name_input.value.split()) or f"Player {i + 1}"
            seats.append(SeatInfo(name=name, kind="computer" if kind == "computer" else "human", level=str(level)))
        return seats

    def read_handoffs(self) -> bool:
        return not self.engine.hides_information or self.query_one("#handoffs", Checkbox).value

    def action_start(self) -> None:
        try:
            options = self.read_options()
        except ValidationError as exc:
            msg = str(exc.errors()[0].get("msg", "invalid")).removeprefix("Value error, ")
            self.notify(msg, title="Check the options", severity="error")
            return
        seats = self.read_seats()
        handoffs = self.read_handoffs()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else int.from_bytes(os.urandom(4), "big")
        try:
            match = Match.new(self.engine, options=options, seats=seats, seed=seed, handoffs=handoffs)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        remember_game(self.app.saves_dir, self.game_id, {
            "players": len(seats),
            "options": options.model_dump(mode="json"),
            "seats": [seat.model_dump(mode="json") for seat in seats],
            "handoffs": handoffs,
        })
        self.app.pop_screen()
        self.app.start_new_match(match)
