"""The new-game form: the game, its options, who sits in each seat.

The form is generated from the game's options model (one widget per field,
with the field's description as a hint). A field whose ``applies`` (in its
``json_schema_extra``) names the player counts, or the values of other
fields, it has a meaning for is shown only then, and read as its default
while hidden: Bee Lives' scenario only in scenario mode, a solo level only
for one player.

Changing Game keeps what was chosen where it still fits: the number of
players, the names typed and who is a computer. Each game's option rows are
built once, the first time it is chosen, and then only shown or hidden, so a
change redraws quickly (``benchmarks/new_game_form.py``). Start is always in
view, below the form; the choices made are remembered for next time in the
settings file beside the saves. Names are cleaned as they are typed: no
control character gets in (:func:`~beegames.core.text.clean_name`).

Leaving the form without starting (Esc, Back) keeps what it shows as a
draft in the app (:attr:`BeegamesApp.new_game_draft`), for this run only:
the form opened again shows it, over the settings file. The file keeps the
choices of games actually started, so a form tried out and left does not
become next run's defaults; starting a game drops the draft.
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
from textual.widgets import Button, Header, Input, Label, Select, Static

from ...core.match import Match, default_hints
from ...core.options import applies, extra
from ...core.protocol import Engine, SeatInfo
from ...core.text import NO_CONTROLS, clean_name
from ...games import TITLES, available_games, get_engine, known_games
from ..settings import remember_game, remembered_game
from ..widgets.checkbox import Checkbox
from ..widgets.footer import Footer

if typing.TYPE_CHECKING:
    from ..app import BeegamesApp


def _hint(text: str | None) -> Static:
    return Static(Text(text or ""), classes="opt-hint")


def _check_row(row_id: str, box: Checkbox, hint: str) -> Horizontal:
    """A row of the form with a check box and a line saying what it does."""
    return Horizontal(Label("", classes="opt-label"), Vertical(box, _hint(hint), classes="opt-field"),
                      classes="row", id=row_id)


def _option_rows(engine: Engine[Any, Any]) -> list[tuple[str, Widget]]:
    """A form row for each field of the game's options model."""
    rows: list[tuple[str, Widget]] = []
    for name, field in engine.options_model.model_fields.items():
        ann = field.annotation
        title = field.title or name.replace("_", " ").capitalize()
        wid = f"opt-{name}"
        letters = extra(field).get("letters")
        if isinstance(letters, dict):
            # a string of letters, each one a choice: one checkbox per letter
            default = str(field.default or "")
            boxes = [Checkbox(f"{piece} ({letter})", value=letter in default, id=f"{wid}-{letter}",
                              classes="letter-box") for letter, piece in letters.items()]
            label = "Optional pieces" if name == "expansions" else title
            widget: Widget = Vertical(*boxes, id=wid, classes="letters")
            rows.append((name, Horizontal(Label(label + ":", classes="opt-label"), widget, classes="row",
                                          id=f"row-{name}")))
            continue
        if ann is bool:
            widget = Checkbox(title, value=bool(field.default), id=wid, classes="opt-check")
        elif typing.get_origin(ann) is typing.Literal:
            choices = [str(c) for c in typing.get_args(ann)]
            widget = Select([(c, c) for c in choices], value=str(field.default), allow_blank=False, id=wid)
        else:
            widget = Input(value=str(field.default if field.default is not None else ""), id=wid,
                           placeholder=name.replace("_", " "), restrict=NO_CONTROLS)
        label = "" if ann is bool else title + ":"
        column = Vertical(widget, _hint(field.description), classes="opt-field")
        rows.append((name, Horizontal(Label(label, classes="opt-label"), column, classes="row", id=f"row-{name}")))
    return rows


def _sentence(text: str) -> str:
    """A message of the rules as a sentence: a capital first, a full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


class _Seat(typing.NamedTuple):
    name: str
    kind: str
    level: str


class NewGameScreen(Screen[None]):
    """Choose the game, its options and who sits in each seat."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="new.back"),
        Binding("ctrl+s", "start", "Start", id="new.start"),
        Binding("tab", "app.focus_next", "Next field", id="new.next"),
    ]
    #: the keys of the form's fields, for the keys screen (F1)
    EXTRA_HELP = [
        ("Tab / Shift+Tab", "The next / the previous field"),
        ("Enter or Space", "On a list (▼): open it; then ↑/↓ choose, Enter takes the choice, Esc closes it"),
        ("Space or Enter", "On a box (▐✓▌): tick it, or untick it"),
        ("Ctrl+S", "Start the game (as the Start button does)"),
        ("Esc", "Back to the menu"),
    ]

    app: BeegamesApp

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self._requested = game
        self.game_id = game or "hive"
        self._memory: dict[str, Any] = {}
        #: the games whose option rows are built (each in its own box)
        self._built: set[str] = set()
        #: the form is being laid out for a game: the changes it makes itself
        #: (the number of players) are not the player's
        self._laying_out = False
        #: the player has set "Hints allowed" themselves: it no longer follows the seats
        self._hints_touched = False

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
        draft = self.app.new_game_draft
        if draft is not None:  # what the form showed when it was left, this run
            last = draft.get("game") or last
            self._memory = {**self._memory, **draft.get("games", {})}
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
            yield _check_row("handoff-row", Checkbox("Hand-off screens", value=True, id="handoffs"),
                             "Between two people at this keyboard, hide the table while it changes hands "
                             "(only while someone holds cards the others must not see).")
            yield _check_row("hints-row", Checkbox("Hints allowed", value=True, id="hints"),
                             "The computer may suggest a move and say why (the hint key, i). On when at most "
                             "one person plays; between people, off unless all agree.")
            with Horizontal(classes="row"):
                yield Label("Seed:", classes="opt-label")
                yield Input(placeholder="blank = random", id="seed", restrict=r"[0-9]*")
        with Horizontal(id="newgame-buttons"):
            yield Button("Start", id="start", variant="primary")
            yield Button("Back", id="back")
            # why the game cannot start with what is chosen now (the game's own words), at once
            yield Static("", id="form-problem")
        yield Footer()

    async def on_mount(self) -> None:
        await self._show_game(keep=None)
        draft = self.app.new_game_draft or {}
        if isinstance(draft.get("hints"), bool):  # set by the player in the form left before
            self.query_one("#hints", Checkbox).value = draft["hints"]
            self._hints_touched = True
        if isinstance(draft.get("seed"), str):
            self.query_one("#seed", Input).value = draft["seed"]
        self.query_one("#game", Select).focus()

    # -- building the form -----------------------------------------------------
    def _remembered(self) -> dict[str, Any]:
        choices = self._memory.get(self.game_id)
        return choices if isinstance(choices, dict) else {}

    def _options_box(self) -> Vertical:
        return self.query_one(f"#options-{self.game_id}", Vertical)

    def _option(self, name: str) -> Widget:
        """The current game's widget for the option ``name``."""
        return self._options_box().query_one(f"#opt-{name}")

    async def _show_game(self, keep: list[_Seat] | None, defaults: list[str] | None = None) -> None:
        """Show the current game's fields. ``keep``: the seats on the form
        before the game changed, kept where they fit the new game (a name
        among ``defaults``, the old game's own seat names, is not kept)."""
        engine = self.engine
        memory = self._remembered()
        self._laying_out = True
        try:
            with self.app.batch_update():
                await self._lay_out(engine, memory, keep, defaults)
        finally:
            self._laying_out = False

    async def _lay_out(self, engine: Engine[Any, Any], memory: dict[str, Any], keep: list[_Seat] | None,
                       defaults: list[str] | None) -> None:
        if self.game_id not in self._built:
            box = Vertical(*(row for _name, row in _option_rows(engine)), id=f"options-{self.game_id}",
                           classes="game-options")
            await self.query_one("#options", Vertical).mount(box)
            self._built.add(self.game_id)
            self._restore_options(memory.get("options"))
        for other in self.query(".game-options"):
            other.display = other.id == f"options-{self.game_id}"
        counts = list(range(engine.min_players, engine.max_players + 1))
        count = len(keep) if keep is not None else memory.get("players")
        if count not in counts:
            count = memory.get("players")
        if count not in counts:
            count = 2 if 2 in counts else counts[0]
        players = self.query_one("#players", Select)
        with players.prevent(Select.Changed):  # the form's own change, not the player's
            players.set_options(self._player_choices())
            players.value = count
        handoffs = self.query_one("#handoffs", Checkbox)
        handoffs.value = memory.get("handoffs", True) is not False
        remembered = memory.get("seats")
        seats = keep if keep is not None else self._seats_from(remembered if isinstance(remembered, list) else [])
        await self._fit_seats(count, seats, defaults)
        self._show_applicable()
        self._follow_hints()

    def _follow_seats(self) -> None:
        """What depends on the seats and options chosen: "Hand-off screens" only where two
        people or more share the keyboard in a game that hides something; whether the
        game can start with them (said under the form at once, not only at Start)."""
        humans = sum(seat.kind == "human" for seat in self._current_seats())
        row = self.query_one("#handoff-row")
        shown = self.engine.hides_information and humans >= 2
        if row.display != shown:
            row.display = shown
        problem = self.setup_problem()
        note = self.query_one("#form-problem", Static)
        note.update(Text("⚠ " + problem if problem else ""))
        note.display = problem is not None

    def setup_problem(self) -> str | None:
        """Why Start would be refused with what the form shows now (None: it would not)."""
        try:
            options = self.read_options()
            self.engine.new_state(options, self.read_seats(), 0)
        except ValidationError as exc:
            return _sentence(str(exc.errors()[0].get("msg", "invalid")).removeprefix("Value error, "))
        except ValueError as exc:
            return _sentence(str(exc))
        return None

    def _follow_hints(self) -> None:
        """"Hints allowed" follows the seats (on when at most one human plays)
        until the player sets it (and so does what :meth:`_follow_seats` shows)."""
        self._follow_seats()
        if self._hints_touched:
            return
        box = self.query_one("#hints", Checkbox)
        wanted = default_hints([{"kind": seat.kind} for seat in self._current_seats()])
        if box.value != wanted:
            with box.prevent(Checkbox.Changed):
                box.value = wanted

    @on(Checkbox.Changed, "#hints")
    def _hints_changed(self) -> None:
        self._hints_touched = True

    def _seats_from(self, remembered: list[Any]) -> list[_Seat]:
        """The seats remembered in the settings file (anything odd left out)."""
        engine = self.engine
        out = []
        for seat in remembered:
            if not isinstance(seat, dict):
                break
            name = clean_name(seat["name"])[:40] if isinstance(seat.get("name"), str) else ""
            kind = seat.get("kind") if seat.get("kind") in ("human", "computer") else "human"
            level = seat.get("level") if seat.get("level") in engine.levels else engine.levels[-1]
            out.append(_Seat(name, str(kind), str(level)))
        return out

    def _restore_options(self, values: object) -> None:
        """Set the option fields to ``values`` (the settings file's, or a draft's as the
        form showed them). Values that together are refused by the game (the form then
        says why) are still shown, each one that fits its field."""
        if not isinstance(values, dict):
            return
        fields = self.engine.options_model.model_fields

        def fits(name: str, value: object) -> bool:
            if fields[name].annotation is bool:
                return isinstance(value, bool)
            return isinstance(value, (str, int)) and not isinstance(value, bool)

        try:
            options = self.engine.options_model.model_validate(values).model_dump()
        except ValidationError:
            options = {name: value for name, value in values.items() if name in fields and fits(name, value)}
        for name in fields:
            if name not in options:
                continue
            value = options[name]
            widget = self._option(name)
            if widget.has_class("letters"):
                for box in widget.query(Checkbox):
                    box.value = str(box.id).rsplit("-", 1)[1] in str(value)
            elif isinstance(widget, Checkbox):
                widget.value = bool(value)
            elif isinstance(widget, Select):
                if str(value) in widget._legal_values:  # (Textual's own set of the choices)
                    widget.value = str(value)
            elif isinstance(widget, Input):
                widget.value = str(value)

    def _current_seats(self) -> list[_Seat]:
        """The seats as the form shows them now."""
        out = []
        for i, name_input in enumerate(self.query(".seat-name").results(Input)):
            kind = self.query_one(f"#kind-{i}", Select).value
            level = self.query_one(f"#level-{i}", Select).value
            out.append(_Seat(name_input.value, str(kind), str(level)))
        return out

    async def _fit_seats(self, count: int, seats: list[_Seat], defaults: list[str] | None = None) -> None:
        """Show ``count`` seat rows filled from ``seats`` where given: a name
        that is one of ``defaults`` (the game's own seat names, such as Waggle
        Dance's colours) becomes this game's default name for the seat; a
        level this game does not have becomes its strongest."""
        engine = self.engine
        box = self.query_one("#seats", Vertical)
        names = engine.seat_names(engine.options_model(), count)
        levels = [(lv, lv) for lv in engine.levels]
        rows = list(box.query(".seat-row"))
        for surplus in rows[count:]:
            await surplus.remove()
        new: list[Widget] = []
        for i in range(count):
            seat = seats[i] if i < len(seats) else None
            name = seat.name if seat is not None and seat.name.strip() else names[i]
            if defaults is not None and name in defaults:
                name = names[i]
            kind = seat.kind if seat is not None and seat.kind in ("human", "computer") else "human"
            level = seat.level if seat is not None and seat.level in engine.levels else engine.levels[-1]
            if i < len(rows):
                self.query_one(f"#name-{i}", Input).value = name
                self.query_one(f"#kind-{i}", Select).value = kind
                level_select = self.query_one(f"#level-{i}", Select)
                level_select.set_options(levels)
                level_select.value = level
                level_select.disabled = kind != "computer"
                continue
            new.append(Horizontal(
                Label(f"Seat {i + 1}:", classes="seat-label"),
                Input(value=name, id=f"name-{i}", classes="seat-name", max_length=40, restrict=NO_CONTROLS),
                Select([("Human", "human"), ("Computer", "computer")], value=kind, allow_blank=False,
                       id=f"kind-{i}", classes="seat-kind"),
                Select(levels, value=level, allow_blank=False, id=f"level-{i}", classes="seat-level",
                       disabled=kind != "computer", tooltip="Computer strength"),
                classes="row seat-row",
            ))
        if new:
            await box.mount_all(new)

    # -- which fields apply ------------------------------------------------------
    def _raw(self, name: str) -> object:
        """The value the form shows for option ``name`` (before validation)."""
        widget = self._option(name)
        if widget.has_class("letters"):
            return "".join(str(box.id).rsplit("-", 1)[1] for box in widget.query(Checkbox) if box.value)
        if isinstance(widget, (Checkbox, Select, Input)):
            return widget.value
        return None

    def applies(self, name: str) -> bool:
        """True if option ``name`` means something with the players and the
        other options now chosen (its ``applies`` conditions)."""
        players = self.query_one("#players", Select).value
        return applies(self.engine.options_model, name, self._raw, players)

    def _show_applicable(self) -> None:
        """Show the options that apply, hide the others."""
        box = self._options_box()
        for name in self.engine.options_model.model_fields:
            row = box.query_one(f"#row-{name}")
            shown = self.applies(name)
            if row.display != shown:
                row.display = shown

    # -- events ------------------------------------------------------------------
    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game_id:
            return
        if event.value not in available_games():
            self.notify(f"{TITLES[str(event.value)]} is not playable yet.", severity="warning")
            self.query_one("#game", Select).value = self.game_id
            return
        before = self.engine
        seats = self._current_seats()
        defaults = before.seat_names(before.options_model(), len(seats))
        self._memory[self.game_id] = self._choices()  # (kept as a draft if the form is left)
        self.game_id = str(event.value)
        await self._show_game(keep=seats, defaults=defaults)

    @on(Select.Changed, ".seat-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        # the level beside this kind, in the same row: the seats may have been rebuilt (the number of
        # players changed) since the change was posted, and then this row, and its level, are gone
        row = event.select.parent
        if row is None or not event.select.is_attached:
            return
        for level in row.query(".seat-level").results(Select):
            level.disabled = event.value != "computer"
        self._follow_hints()

    @on(Select.Changed, "#players")
    async def _players_changed(self) -> None:
        if self._laying_out:
            return
        count = self.query_one("#players", Select).value  # now, not when the change was posted
        if isinstance(count, int) and len(self.query(".seat-name")) != count:
            await self._fit_seats(count, self._current_seats())
        self._show_applicable()
        self._follow_hints()

    @on(Select.Changed, ".game-options Select")
    @on(Checkbox.Changed, ".game-options Checkbox")
    def _option_changed(self) -> None:
        self._show_applicable()
        self._follow_seats()

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Back to the menu; what the form shows is kept as this run's draft."""
        self._memory[self.game_id] = self._choices()
        self.app.new_game_draft = {
            "game": self.game_id, "games": dict(self._memory),
            "hints": self.read_hints() if self._hints_touched else None,
            "seed": self.query_one("#seed", Input).value,
        }
        self.app.pop_screen()

    def _choices(self) -> dict[str, Any]:
        """The current game's choices as the form shows them, in the settings file's shape:
        a name left blank stays blank, and each option is kept as shown, even one the game
        would refuse, or one hidden because it does not apply now."""
        seats = self._current_seats()
        return {"players": len(seats), "handoffs": self.query_one("#handoffs", Checkbox).value,
                "seats": [{"name": seat.name, "kind": seat.kind, "level": seat.level} for seat in seats],
                "options": {name: self._raw(name) for name in self.engine.options_model.model_fields}}

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    # -- reading the form --------------------------------------------------------
    def read_options(self) -> BaseModel:
        """The options chosen; a field that does not apply keeps its default."""
        engine = self.engine
        values = {name: self._raw(name) for name in engine.options_model.model_fields if self.applies(name)}
        return engine.options_model.model_validate(values)

    def read_seats(self) -> list[SeatInfo]:
        seats = []
        for i, seat in enumerate(self._current_seats()):
            name = clean_name(seat.name) or f"Player {i + 1}"
            seats.append(SeatInfo(name=name, kind="computer" if seat.kind == "computer" else "human",
                                  level=seat.level))
        return seats

    def read_hints(self) -> bool:
        return self.query_one("#hints", Checkbox).value

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
            match = Match.new(self.engine, options=options, seats=seats, seed=seed, handoffs=handoffs,
                              hints=self.read_hints())
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        self.app.new_game_draft = None  # (the settings file now holds these choices)
        remember_game(self.app.saves_dir, self.game_id, {
            "players": len(seats),
            "options": options.model_dump(mode="json"),
            "seats": [seat.model_dump(mode="json") for seat in seats],
            "handoffs": handoffs,
        })
        self.app.pop_screen()
        self.app.start_new_match(match)
