"""The Honey Buzz screen through Pilot.

Two whole games are played by key presses only at 80×24: solitaire against
the drones, and two players of the advanced variant at one keyboard. Each
decision is chosen by the engine's computer player on the deciding seat's
view; the test presses the keys that make that move (a number for an entry
of the list, through its groups; the arrows, ``r`` and Enter for a tile on
the hive; the arrows and Enter on the field) and checks that exactly that
move was played. At every decision it checks that every entry of the list,
with the whole label the view gives it, is on the screen.

Then each point of issue 17 (Honey Buzz) and issue 18 point 3 is tested on
its own, at 80×24 and at 160×50.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from beegames.core.hexgrid import DIRECTIONS, distance
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.honey_buzz import turns
from beegames.games.honey_buzz import view as hbv
from beegames.games.honey_buzz.models import PlaceMove, RecallMove
from beegames.ui.app import make_app
from beegames.ui.screens.honey_buzz import HoneyBuzzScreen
from beegames.ui.screens.modals import ConfirmScreen, GameOverScreen, HandoffScreen
from beegames.ui.widgets.canvas import CanvasView, TextLines
from beegames.ui.widgets.hexboard import HexBoard
from beegames.ui.widgets.honey_buzz.hive import hive_legend
from beegames.ui.widgets.honey_buzz.keys import FIELD_KINDS
from beegames.ui.widgets.honey_buzz.look import LookScreen

from .helpers import region_text, screen_text, settle

ENGINE = get_engine("honey-buzz")
SIZES = [(80, 24), (160, 50)]

#: the arrow key that moves the hive cursor in each direction (E SE SW W NW NE)
MAP_KEYS = {0: "right", 1: "shift+down", 2: "down", 3: "left", 4: "shift+up", 5: "up"}
COORDINATES = re.compile(r"\(-?\d+, ?-?\d+\)|-?\d+,-?\d+")


def new_match(players: int, seed: int, **options: Any) -> Match:
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return Match.new(ENGINE, options=options, seats=[SeatInfo(name=n) for n in names], seed=seed)


def game_screen(app) -> HoneyBuzzScreen:
    return next(s for s in app.screen_stack if isinstance(s, HoneyBuzzScreen))


def played_until(match: Match, done, level: str = "good", seed: int = 1, limit: int = 600) -> Match:
    """Play ``match`` with the computer player on every seat's view until ``done(match)``."""
    chooser = ENGINE.make_player(level, seed)
    for _ in range(limit):
        if done(match):
            return match
        d = match.decision
        if d is None:
            match.step()
            continue
        match.play(chooser.choose(ENGINE, ENGINE.view(match.state, d.seat)))
    raise AssertionError("the position was never reached")


async def ready(pilot) -> HoneyBuzzScreen:
    """Settle, pass any hand-off or look, and return the screen."""
    screen = game_screen(pilot.app)
    for _ in range(20):
        await settle(pilot)
        if isinstance(pilot.app.screen, (HandoffScreen, LookScreen)):
            await pilot.press("enter")
            continue
        return screen
    raise AssertionError("the screen never got ready")


# -- what the list shows --------------------------------------------------------------------------


def _words(text: str) -> str:
    return " ".join(text.split())


def list_text(app) -> str:
    """The decision list's rows on the screen now, as one line of words."""
    return _words(" ".join(region_text(app, game_screen(app).choice_list.content_region)))


async def assert_labels_on_screen(pilot, screen: HoneyBuzzScreen) -> int:
    """Every entry of the list shown now is on the screen whole, with why it
    cannot be chosen if it cannot (scrolled into view, a few entries at a
    time, when the list is taller than its box); returns the count."""
    cl = screen.choice_list
    before = cl.highlighted
    wanted = []
    for choice in cl.choices:
        label = _words(choice.value.label)
        if choice.value.refused:
            label += " — " + _words(choice.value.refused)
        assert not COORDINATES.search(label), label
        wanted.append(label)
    i = 0
    shown = list_text(pilot.app)  # (read again only after the list moved)
    while i < len(wanted):
        while i < len(wanted) and wanted[i] in shown:
            i += 1
        if i == len(wanted):
            break
        cl.highlight(min(len(wanted) - 1, i + 3))  # the list scrolls: the next few entries come into view
        shown = list_text(pilot.app)
        if wanted[i] not in shown:
            cl.highlight(i)
            shown = list_text(pilot.app)
        assert wanted[i] in shown, f"{wanted[i]!r} is not on the screen: {shown!r}"
    if before is not None and cl.highlighted != before:
        cl.highlight(before)
    return len(wanted)


# -- playing by keys ---------------------------------------------------------------------------------


def list_path(entries: list[hbv.ChoiceView], move) -> list[int] | None:
    """The positions (from 1, among the selectable entries) to choose, level by level, to reach ``move``."""
    n = 0
    for e in entries:
        if e.refused is not None:
            continue
        n += 1
        if e.move == move:
            return [n]
        if e.group and move in e.moves():
            rest = list_path(list(e.group), move)
            return None if rest is None else [n, *rest]
    return None


def map_steps(start, goal) -> list[str]:
    """Arrow keys that walk the hive cursor from ``start`` to ``goal``."""
    keys = []
    here = start
    while here != goal:
        d = min(range(6), key=lambda k: distance((here[0] + DIRECTIONS[k][0], here[1] + DIRECTIONS[k][1]), goal))
        here = (here[0] + DIRECTIONS[d][0], here[1] + DIRECTIONS[d][1])
        keys.append(MAP_KEYS[d])
    return keys


async def place_by_keys(pilot, screen: HoneyBuzzScreen, move: PlaceMove) -> None:
    hexmap = screen.hexmap
    if screen.focused is not hexmap:
        await pilot.press("h")
    assert screen.focused is hexmap
    keys = map_steps(hexmap.cursor, move.icon)
    if keys:
        await pilot.press(*keys)
    want = hbv.direction_of(move)
    turns_needed = ((want - screen.tile_dir) % 6) // 2
    await pilot.press(*(["r"] * turns_needed), "enter")


async def field_by_keys(pilot, screen: HoneyBuzzScreen, space) -> None:
    wood = screen.query_one("#hb-field", CanvasView)
    await pilot.press("w")
    assert screen.focused is wood
    here = wood.spot(wood.cursor).cell
    r, c = space
    goal = (r, 0) if c < 0 else (r, c + 1)
    keys = (["down" if goal[0] > here[0] else "up"] * abs(goal[0] - here[0])
            + ["right" if goal[1] > here[1] else "left"] * abs(goal[1] - here[1]))
    await pilot.press(*keys, "enter")


async def play_by_keys(pilot, screen: HoneyBuzzScreen, move, used: set[str]) -> None:
    """Make the human decision ``move`` with key presses only."""
    kind = screen.match.decision.kind
    entries = screen.entries()
    path = list_path(entries, move)
    if kind == "place" and (path is None or len(used) % 3 == 0):
        used.add("map")
        await place_by_keys(pilot, screen, move)
        return
    assert path is not None, f"{move!r} is not in the list"
    space = hbv.space_of(move)
    if kind in FIELD_KINDS and space is not None and (path[-1] > 9 or path[0] % 3 == 2):
        used.add("field")
        await field_by_keys(pilot, screen, space)
        await settle(pilot)
        if screen.match.decision is not None and screen.match.decision.kind == kind and len(path) > 1:
            await pilot.press(str(path[-1]))  # the space opened its group: which cell
        return
    cl = screen.choice_list
    before = len(screen.match.history)
    if screen.focused is not cl and any(n > 9 for n in path):
        cl.focus()
        await settle(pilot)
    for n in path:
        if n <= 9:
            used.add("digits")
            await pilot.press(str(n))
        else:
            used.add("arrows")
            await pilot.press("home", *(["down"] * (n - 1)), "enter")
        if cl.in_group and screen.match.history and len(screen.match.history) == before:
            await assert_labels_on_screen(pilot, screen)


async def play_whole_game(pilot, seed: int, level: str = "good") -> dict[str, Any]:
    chooser = ENGINE.make_player(level, seed)
    app = pilot.app
    screen = game_screen(app)
    used: set[str] = set()
    report: dict[str, Any] = {"used": used, "handoffs": 0, "looks": 0, "kinds": set(), "labels": 0}
    for _ in range(3000):
        await settle(pilot)
        if isinstance(app.screen, HandoffScreen):
            report["handoffs"] += 1
            await pilot.press("enter")
            continue
        if isinstance(app.screen, LookScreen):
            report["looks"] += 1
            await pilot.press("enter")
            continue
        if screen.match.over:
            break
        assert screen.mine(), screen.match.decision
        d = screen.match.decision
        report["kinds"].add(d.kind)
        assert not cut_lines(screen), cut_lines(screen)
        report["labels"] += await assert_labels_on_screen(pilot, screen)
        before = len(screen.match.history)
        move = chooser.choose(ENGINE, ENGINE.view(screen.match.state, d.seat))
        await play_by_keys(pilot, screen, move, used)
        assert len(screen.match.history) == before + 1, f"the keys did not play {move!r} ({d.kind})"
        assert screen.match.history[-1].move == ENGINE.move_to_json(move)
    assert screen.match.over
    return report


@pytest.mark.usefixtures("short_idle_guess")
async def test_whole_solitaire_game_by_keys_at_80x24(tmp_path):
    """One player against the drones, from the choice of configuration card
    to the game-over dialog; the drones' turns run as steps (Space)."""
    match = new_match(1, seed=7, config="standard")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        report = await play_whole_game(pilot, seed=3)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
    assert {"map", "digits", "field"} <= report["used"]
    assert {"config", "turn", "place", "action", "forage", "produce", "market"} <= report["kinds"]
    assert any(k.startswith("drone_") for k in report["kinds"])
    assert report["labels"] > 300


@pytest.mark.usefixtures("short_idle_guess")
async def test_whole_two_player_advanced_game_by_keys_at_80x24(tmp_path):
    """Two humans share the keyboard for a whole game of the advanced
    variant: hand-offs between them, looks at face-down tiles shown to the
    looker first, every decision made with key presses."""
    match = new_match(2, seed=1, advanced=True)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        report = await play_whole_game(pilot, seed=7, level="good")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert len({entry.seat for entry in game_screen(app).match.history}) == 2
    assert {"map", "digits"} <= report["used"]
    assert {"arrange", "turn", "place", "action", "peek", "produce", "market"} <= report["kinds"]
    assert report["handoffs"] > 10 and report["looks"] >= 1


# -- issue 17 point 9 / wanted 9: the placement list says what each entry does -------------------------


def placing(match: Match) -> bool:
    d = match.decision
    return d is not None and d.kind == "place" and match.state.turn >= 3


@pytest.mark.parametrize("size", SIZES)
async def test_placement_entries_say_what_they_do(tmp_path, size):
    match = played_until(new_match(1, seed=4, config="star"), placing)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        entries = screen.entries()
        closing = [e for e in entries if e.move is not None]
        assert closing, "this position has placements that close a cell"
        for e in closing:
            pv = hbv.placement_preview(screen.st, e.move)
            assert e.label.startswith("Closes ") and not e.idle
            for _site, nectar in pv.cells:
                assert hbv.resource_name(nectar) in e.label
            for _hex, action in pv.woken:
                assert hbv.action_name(action) in e.label
        # the placements that do nothing are one marked entry, last, and never "no cell … no cell"
        idle = entries[-1]
        assert idle.idle and idle.map and "nothing happens" in idle.label
        assert sum(e.idle for e in entries) == 1
        # the tile starts on the first entry's place
        assert screen.hexmap.cursor == closing[0].move.icon
        await assert_labels_on_screen(pilot, screen)
        screen.choice_list.focus()
        await pilot.press("end")
        await settle(pilot)
        shown = list_text(app)
        assert "○ " + idle.label in shown and shown.count("no cell") == 1
        # Enter on the marked entry hands the choice to the hive, whose foot says a place does nothing
        await pilot.press("enter")
        await settle(pilot)
        assert screen.focused is screen.hexmap
        idle_moves = [m for m in match.legal_moves() if not hbv.placement_preview(screen.st, m).cells]
        target = idle_moves[0]
        await pilot.press(*map_steps(screen.hexmap.cursor, target.icon))
        want = hbv.direction_of(target)
        await pilot.press(*(["r"] * (((want - screen.tile_dir) % 6) // 2)))
        foot = screen.query_one("#hb-hive-foot", TextLines).text.plain
        assert "closes no cell, so nothing happens this turn" in foot
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.history[-1].move == ENGINE.move_to_json(target)


@pytest.mark.parametrize("size", SIZES)
async def test_placement_preview_turns_swaps_and_refuses_with_the_rules_reason(tmp_path, size):
    match = played_until(new_match(1, seed=4, config="star"), placing)
    legal = [m for m in match.legal_moves() if isinstance(m, PlaceMove)]
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        hexmap = screen.hexmap
        assert screen.focused is screen.choice_list, "the list holds every decision, placing too"
        await pilot.press("h")  # the hive takes the keyboard: the tile moves by hand
        assert screen.focused is hexmap
        lit = {h for m in legal for h in m.hexes}
        assert hbv.map_targets(screen.st, screen.moves()) == lit
        icon = hexmap.cursor
        before = screen.tile_dir
        await pilot.press("r")
        assert screen.tile_dir == (before + 2) % 6 and hexmap.cursor == icon
        await pilot.press("R")
        assert screen.tile_dir == before
        pair = set(hbv.tile_hexes(icon, before))
        await pilot.press("x")
        assert set(hbv.tile_hexes(hexmap.cursor, screen.tile_dir)) == pair and hexmap.cursor != icon
        await pilot.press("x")
        # far from the hive: the foot says why not, and Enter is refused with the engine's reason
        await pilot.press(*(["left"] * 9))
        foot = screen.query_one("#hb-hive-foot", TextLines).text.plain
        assert foot.startswith("Not here") or "cell site" in foot
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.match.history) == len(match.history) and screen.match.decision.kind == "place"
        notes = [n.message for n in app._notifications]
        assert any("cannot place the tile there" in n or "cell site" in n for n in notes), notes
        await place_by_keys(pilot, screen, legal[-1])
        await settle(pilot)
        assert screen.match.history[-1].move == ENGINE.move_to_json(legal[-1])


async def test_mouse_follows_turns_and_places(tmp_path):
    match = played_until(new_match(1, seed=4, config="star"), placing)
    legal = [m for m in match.legal_moves() if isinstance(m, PlaceMove)]
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await ready(pilot)
        hexmap = screen.hexmap
        target = legal[len(legal) // 2]
        x, y = hexmap.cell_origin(target.icon)
        await pilot.hover("#hb-map", offset=(x, y))
        assert hexmap.cursor == target.icon
        want = hbv.direction_of(target)
        for _ in range(3):
            if screen.tile_dir == want:
                break
            await pilot.click("#hb-map", offset=(x, y), button=3)  # the right button turns the tile
        assert screen.tile_dir == want
        await pilot.click("#hb-map", offset=(x, y))
        await settle(pilot)
        assert screen.match.history[-1].move == ENGINE.move_to_json(target)


# -- points 10 / wanted 8: the whole hive can be seen -----------------------------------------------


def big_hive(match: Match) -> bool:
    return len(match.state.players[0].tiles) >= 16 and match.decision is not None \
        and match.decision.kind == "place"


@pytest.mark.parametrize("size", SIZES)
async def test_the_whole_hive_fits_or_pans_and_follows_the_cursor(tmp_path, size):
    match = played_until(new_match(1, seed=2, config="standard"), big_hive, limit=3000)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        hexmap = screen.hexmap
        assert screen.focused is screen.choice_list, "the list holds every decision, placing too"
        await pilot.press("h")  # the hive takes the keyboard: the tile moves by hand
        assert screen.focused is hexmap
        hexes = set(hexmap.cells)
        if hexmap.fits:
            assert all(hexmap.in_view(h) for h in hexes)
        # the cursor walks to every hex of the hive, and the view follows it
        for h in sorted(hexes, key=lambda h: (h[1], h[0]))[::3]:
            await pilot.press(*map_steps(hexmap.cursor, h))
            assert hexmap.in_view(h), h
        if not hexmap.fits:
            # Ctrl+arrows pan; so does a drag; and the wheel (rotating only while placing)
            offsets = {hexmap._layout()[2:]}
            seen = set()
            for key in ("ctrl+left", "ctrl+up", "ctrl+right", "ctrl+down", "ctrl+left"):
                for _ in range(5):
                    await pilot.press(key)
                    offsets.add(hexmap._layout()[2:])
                    seen |= {h for h in hexes if hexmap.in_view(h)}
            assert len(offsets) > 1 and seen == hexes, "panning brings every hex into view"
            await pilot.press("right")
            assert hexmap.in_view(hexmap.cursor), "and the view comes back to the cursor when it moves"
        await pilot.press("home")
        assert hexmap.in_view(hexmap.cursor)


async def test_a_drag_pans_the_board(tmp_path):
    match = played_until(new_match(1, seed=2, config="standard"), big_hive, limit=3000)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(60, 20)) as pilot:  # smaller than any hive: it must pan
        screen = await ready(pilot)
        hexmap = screen.hexmap
        assert not hexmap.fits
        from textual.events import MouseMove

        before = hexmap._layout()[2:]
        for start, end in (((14, 5), (6, 1)), ((6, 1), (14, 5))):  # one way or the other: the board is clamped
            await pilot.mouse_down("#hb-map", offset=start)
            await pilot._post_mouse_events([MouseMove], "#hb-map", offset=end, button=1)  # with the button down
            await pilot.mouse_up("#hb-map", offset=end)
            await settle(pilot)
            if hexmap._layout()[2:] != before:
                break
        assert hexmap._layout()[2:] != before
        assert len(screen.match.history) == len(match.history), "a drag is not a click"
        # while a tile is placed the wheel turns it (elsewhere it pans: the Hive board's test)
        from textual.events import MouseScrollDown

        turned = screen.tile_dir
        await pilot._post_mouse_events([MouseScrollDown], "#hb-map", offset=(10, 5))
        assert screen.tile_dir == (turned + 2) % 6


# -- point 11 / wanted 8: every pane at 80×24, nothing cut --------------------------------------------


def cut_lines(screen: HoneyBuzzScreen) -> list[str]:
    """Lines of the screen's text panes wider than their box, and text boxes with more lines than rows."""
    out = []
    for view in screen.query(CanvasView):
        if not view.display or view.size.width <= 0 or view.id == "hb-tabs":
            continue
        width = view.size.width
        out += [f"{view.id}: {line.plain!r}" for line in view.canvas.lines if line.cell_len > width]
    for box in screen.query(TextLines):
        if not box.display or box.content_region.width <= 0:
            continue
        lines = box.text.wrap(screen.app.console, box.content_region.width)
        if len(lines) > box.content_region.height:
            out.append(f"{box.id}: {box.text.plain!r}")
    return out


def two_player_mid_game() -> Match:
    def ok(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "turn" and match.state.turn >= 6 and d.seat == 0 \
            and any(match.state.orders_up)
    return played_until(new_match(2, seed=5), ok, level="basic", seed=5)


@pytest.mark.parametrize("size", SIZES)
async def test_every_pane_and_the_orders_are_in_reach_and_nothing_is_cut(tmp_path, size):
    match = two_player_mid_game()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        for key in ("h", "b", "w", "m"):
            await pilot.press(key)
            await settle(pilot)
            assert not cut_lines(screen), cut_lines(screen)
            text = screen_text(app)
            if key == "b":
                board = _words(" ".join(line.plain for line in screen.query_one("#hb-board", CanvasView).canvas.lines))
                assert "what it counts" in board and re.search(r"Decree \d+ · Accounting \d+", text)
            if key == "w":
                # the field's letters are spelled out beside it
                assert re.search(r"\b[WRCA] (Wild|Rosem|Cherry|Acacia)\b", text), "no key to the field's letters"
            if key == "m":
                for oid in filter(None, screen.st.orders_up):
                    assert oid in text, f"order {oid} is not on the screen"
            if key == "h":
                foot = screen.query_one("#hb-hive-foot", TextLines).text.plain
                assert "yellow" in foot and "dark edges" in foot and "5 of 6 hexes covered" in foot
        assert "Enter or a click tells mo" not in screen_text(app)


# -- point 12: choices that do nothing are marked and last; the setup and the solo level ----------------


@pytest.mark.parametrize("size", SIZES)
async def test_choices_that_do_nothing_are_marked_and_come_last(tmp_path, size):
    def idle_first_once(match: Match) -> bool:
        d = match.decision
        if d is None or d.kind not in ("action", "produce", "forage"):
            return False
        entries = hbv.choices(ENGINE.view(match.state, d.seat), match.legal_moves())
        return any(e.idle for e in entries) and not all(e.idle for e in entries)
    match = played_until(new_match(1, seed=4, config="star"), idle_first_once, limit=2000)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        entries = screen.entries()
        flags = [e.idle for e in entries if e.refused is None]
        assert flags == sorted(flags), "the choices that do nothing come after the others"
        assert not entries[0].idle
        await assert_labels_on_screen(pilot, screen)
        shown = list_text(app)
        for e in entries:
            if e.idle:
                assert "○ " + _words(e.label) in shown


@pytest.mark.parametrize("size", SIZES)
async def test_setup_entries_are_whole(tmp_path, size):
    match = new_match(2, seed=3)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        assert screen.match.decision.kind == "arrange"
        assert await assert_labels_on_screen(pilot, screen) == 4
        await pilot.press("1")
        await settle(pilot)
        assert await assert_labels_on_screen(pilot, screen) == 2
        assert all(" end" in c.value.label and "(" not in c.value.label for c in screen.choice_list.choices)


# (the select's levels and the level the game starts with do not depend on the size: 80x24 only)
@pytest.mark.parametrize("size", [(80, 24)])
async def test_the_solo_level_is_a_select_of_the_form(tmp_path, size):
    from textual.widgets import Select

    from beegames.ui.screens.newgame import NewGameScreen

    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen("honey-buzz"))
        await settle(pilot)
        select = app.screen.query_one("#opt-solo_level", Select)
        assert [str(o[1]) for o in select._options if o[1] != Select.BLANK] == ["egg", "larva", "pupa", "adult",
                                                                               "queen"]
        select.value = "pupa"
        app.screen.query_one("#players", Select).value = 1
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.match.options.solo_level == "pupa"
        assert "Pupa" in screen_text(app)


# -- wanted 10: the screen draws the view; one "why not" text, the engine's ------------------------------


def test_the_screen_imports_only_its_view_and_models_and_is_short():
    path = Path(__file__).parents[2] / "beegames" / "ui" / "screens" / "honey_buzz.py"
    source = path.read_text()
    assert len(source.splitlines()) < 800
    games = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and "games" in node.module:
            games.add(node.module)
            if node.module.endswith("games.honey_buzz"):
                games |= {f"{node.module}.{a.name}" for a in node.names}
    assert games <= {"games.honey_buzz", "games.honey_buzz.view", "games.honey_buzz.models"}, games


@pytest.mark.parametrize("size", SIZES)
async def test_a_refused_stack_says_the_engines_reason(tmp_path, size):
    match = new_match(1, seed=4, config="star")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        refused = [e for e in screen.entries() if e.refused]
        assert refused, "the drones block two boxes"
        st = screen.match.state
        for e in refused:
            kind = next(k for k in hbv.ACTIONS if f" {hbv.action_name(k)} tile" in e.label)
            assert e.refused == turns.why_not_take(st, kind, turns.beeline_height(st, turns.box_of(st, kind)) or 1)
        await assert_labels_on_screen(pilot, screen)  # each with its reason
        await pilot.press("b")
        board = screen.query_one("#hb-board", CanvasView)
        kind = next(k for k in hbv.ACTIONS if f" {hbv.action_name(k)} tile" in refused[0].label)
        spot = board.spot(f"tile:{kind}")
        await pilot.click("#hb-board", offset=(spot.x0, spot.y))
        await settle(pilot)
        assert any(n.message == refused[0].refused for n in app._notifications)


# -- the field and the boards by the mouse; groups; help; contests -------------------------------------------


async def test_turn_and_field_by_mouse(tmp_path):
    """A click on a lit tile stack takes it."""
    match = new_match(1, seed=4, config="star")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await ready(pilot)
        assert screen.match.decision.kind == "turn"
        spot = screen.query_one("#hb-board", CanvasView).spot("tile:forage")
        await pilot.click("#hb-board", offset=(spot.x0 + 1, spot.y))
        await settle(pilot)
        assert screen.match.history[-1].move["kind"] == "take"
        assert screen.match.history[-1].move["tile"] == "forage"


async def test_groups_step_back_and_the_keys_are_listed(tmp_path):
    """A group of choices opens with its number and Esc steps back out of it
    (then opens the menu: no dead end); ? lists the screen's own keys; Enter
    on a contest explains it."""
    def grouped(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "turn" and match.state.players[0].available >= 2
    match = played_until(new_match(1, seed=4, config="star"), grouped)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        cl = screen.choice_list
        number = next(i for i, c in enumerate(c for c in cl.choices if c.refused is None) if c.group) + 1
        await pilot.press(str(number))
        assert cl.in_group
        await pilot.press("escape")
        assert not cl.in_group and app.screen is screen
        await pilot.press("escape")
        assert type(app.screen).__name__ == "PauseMenu"
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        keys = {key for key, _what in app.screen.rows()}
        assert {"1-9", "r / R, wheel", "x, right click", "h / b / w / m", "Ctrl+arrows"} <= keys
        await pilot.press("escape")
        await pilot.press("b")
        board = screen.query_one("#hb-board", CanvasView)
        for _ in range(12):
            if board.cursor and board.cursor.startswith("contest:"):
                break
            await pilot.press("down")
        assert board.cursor == f"contest:{screen._contest_rows[0]}"
        await pilot.press("enter")
        await settle(pilot)
        assert "contest" in _words(screen_text(app))


async def test_drone_turn_steps_pause_and_run(tmp_path):
    """After the player's turn the drones play as automatic steps: p pauses
    them, n takes one, and what they did is on the screen."""
    def turn(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "turn" and match.state.turn >= 2
    match = played_until(new_match(1, seed=6, config="star"), turn)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        turn_no = screen.match.state.turn
        await pilot.press("p")  # paused before they start: no timer races the test
        assert screen.steps_paused
        path = list_path(screen.entries(), RecallMove(scout=None))
        await pilot.press(*(str(n) for n in path))  # recalling ends the turn
        assert screen.stepping
        assert "paused" in screen.query_one("#hb-status", TextLines).text.plain
        await pilot.press("n")
        await pilot.press("p")
        await settle(pilot)
        assert screen.match.state.turn == turn_no + 1 or screen.match.decision.kind.startswith("drone_")
        assert any(line.startswith("— Drone turn") for line in screen.seen.log)


# -- issue 18 point 3: a look that ends the turn is shown to the looker before the hand-off ------------


def fresh_looks(match: Match) -> list[RecallMove]:
    seen = match.state.seen
    return [m for m in match.legal_moves() if isinstance(m, RecallMove) and m.scout is not None
            and not seen[m.scout[0] * 6 + m.scout[1]]]


def recall_scout_position() -> Match:
    def ok(match: Match) -> bool:
        d = match.decision
        return (d is not None and d.seat == 0 and d.kind == "turn" and match.state.turn >= 2
                and bool(fresh_looks(match)))
    return played_until(new_match(2, seed=3, advanced=True, config="star"), ok, level="basic", seed=2)


@pytest.mark.parametrize("size", SIZES)
async def test_a_look_that_ends_the_turn_is_shown_to_the_looker_then_handed_off(tmp_path, size):
    match = recall_scout_position()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        assert screen.keyboard_seat == 0
        move = fresh_looks(screen.match)[-1]
        space = move.scout
        index = space[0] * 6 + space[1]
        truth = screen.match.state.field[index].kind
        await play_by_keys(pilot, screen, move, set())
        await settle(pilot)
        # Ann sees what she looked at, before anything is handed on
        assert isinstance(app.screen, LookScreen) and app.screen.player == "Ann"
        assert hbv.resource_name(truth) in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob"
        assert not app.screen.can_undo
        await pilot.press("enter")
        await settle(pilot)
        assert screen.keyboard_seat == 1
        # Bob's screen draws Bob's view: the tile is face down, the private line is not in his log
        assert screen.st.field[index].kind == "?"
        field = screen.query_one("#hb-field", CanvasView).canvas.text().plain
        assert f" {truth}*" not in field
        assert not any(line.startswith(f"The tile on {hbv.space_name(space)} is") for line in screen.seen.log)


# -- replays: stepped with the shared keys, the caption follows -----------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_a_replay_steps_and_its_caption_follows(tmp_path, size):
    from beegames.ui.screens.replay import Replay

    match = played_until(new_match(1, seed=4, config="star"), lambda m: len(m.history) >= 12)
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        replay = Replay(match)
        app.push_screen(HoneyBuzzScreen(replay.match, tmp_path / "r.json", replay=replay))
        await settle(pilot)
        await pilot.press("right", "right", "right_square_bracket")
        await settle(pilot)
        assert replay.index == 3
        assert f"before move 4 of {len(match.history)}" in screen_text(app)
        await pilot.press("left")
        await settle(pilot)
        assert replay.index == 2 and f"before move 3 of {len(match.history)}" in screen_text(app)


# -- snapshots ---------------------------------------------------------------------------------------------


def _mid_solo() -> Match:
    return played_until(new_match(1, seed=4, config="star"), placing)


async def _settled(pilot) -> None:
    await ready(pilot)


def test_snapshot_placing_80x24(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=_mid_solo())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


def test_snapshot_placing_160x50(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=_mid_solo())
    assert snap_compare(app, terminal_size=(160, 50), run_before=_settled)


def test_snapshot_two_players_160x50(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=two_player_mid_game())
    assert snap_compare(app, terminal_size=(160, 50), run_before=_settled)


# -- the fan's line under the hive agrees with the list ---------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_the_fan_line_under_the_hive_follows_the_list_and_the_cursor(tmp_path, size):
    """At a Produce decision the hive's cursor stands on the highlighted entry's space, so the
    line under the hive ("Fan here: …") names what that entry makes; moving the cursor to
    another entry's space highlights that entry."""
    def fans_differ(match: Match) -> bool:
        d = match.decision
        if d is None or d.kind != "produce":
            return False
        entries = hbv.choices(ENGINE.view(match.state, d.seat), match.legal_moves())
        return len({e.label for e in entries if e.refused is None and not e.idle}) >= 2
    match = played_until(new_match(1, seed=4, config="star"), fans_differ, limit=3000)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        foot = lambda: screen.query_one("#hb-hive-foot", TextLines).text.plain  # noqa: E731
        entries = [e for e in screen.entries() if e.refused is None and not e.idle]
        for k in range(2):
            highlighted = screen.choice_list.choices[screen.choice_list.highlighted].value
            assert highlighted is entries[k]
            space = highlighted.moves()[0].space
            assert screen.hexmap.cursor == space
            _cells, made = hbv.fan_yield(screen.st, space)
            assert foot() == f"Fan here: {made}"
            await pilot.press("down")
            await settle(pilot)
        # the cursor onto the first entry's space: the list follows
        screen.hexmap.cursor = entries[0].moves()[0].space
        await settle(pilot)
        assert screen.choice_list.choices[screen.choice_list.highlighted].value is entries[0]


# -- undo at one keyboard -------------------------------------------------------------------------------------------


async def test_in_the_standard_game_the_next_player_may_take_back_the_turn_that_just_ended(tmp_path):
    """The standard game hides nothing, so the keyboard passes with no hand-off screen (and no moment
    to take a move back there): the last action of a turn can still be taken back by whoever holds
    the keyboard next."""
    match = new_match(2, seed=5)
    chooser = ENGINE.make_player("good", 1)
    for _ in range(200):
        d = match.decision
        assert d is not None
        match.play(chooser.choose(ENGINE, ENGINE.view(match.state, d.seat)))
        if d.seat == 0 and match.decision is not None and match.decision.seat == 1 and match.can_undo(by=1):
            break
    else:
        raise AssertionError("no undoable end of Ann's turn")
    assert not ENGINE.has_hidden_information(match.state)
    moves = len(match.history)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert screen.keyboard_seat == 1
        # it is Ann's move, so Bob is asked first; a stray key keeps it
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "Take back Ann's move" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and len(match.history) == moves
        await pilot.press("u", "y")
        await settle(pilot)
        assert len(match.history) == moves - 1 and match.decision.seat == 0
        assert app.screen is screen and screen.keyboard_seat == 0
        assert any(n.message.startswith("Took back:") for n in app._notifications)


# -- QA report hb.md: the contests by keys, your own hive, the goods at 160×50, the words ----------------------


def three_players(done=None, seed: int = 1) -> Match:
    """Gold, Blue and Green (the names a new game gives three players) on the starred setup."""
    match = Match.new(ENGINE, options={"config": "star"}, seats=[SeatInfo(name=n) for n in ("Gold", "Blue", "Green")],
                      seed=seed)
    return played_until(match, done) if done is not None else match


def canvas_words(screen: HoneyBuzzScreen, name: str) -> str:
    return _words(" ".join(line.plain for line in screen.query_one(f"#hb-{name}", CanvasView).canvas.lines))


@pytest.mark.parametrize("size", SIZES)
async def test_tab_reaches_the_contests_and_enter_opens_one_with_what_it_counts(tmp_path, size):
    """(QA #3) Tab from the list goes, past the log, to the hive board itself (not to the box it
    scrolls in): the arrows walk its places to a contest, Enter writes under it what it counts and
    how it pays, in view, and Enter again closes it."""
    app = make_app(saves_dir=tmp_path, match=three_players())
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        board = screen.query_one("#hb-board", CanvasView)
        assert screen.focused is screen.choice_list
        for _ in range(6):
            if screen.focused is board:
                break
            await pilot.press("tab")
            await settle(pilot)
        assert screen.focused is board, screen.focused
        rows = hbv.contest_rows(screen.st)
        cluster = next(r for r in rows if "cluster" in r.what)
        for _ in range(20):
            if board.cursor == f"contest:{cluster.id}":
                break
            await pilot.press("down")
            await settle(pilot)
        assert board.cursor == f"contest:{cluster.id}"
        assert "three cells" not in canvas_words(screen, "board")
        await pilot.press("enter")
        await settle(pilot)
        assert _words(f"{cluster.meaning} {cluster.explain}") in canvas_words(screen, "board")
        text = screen_text(app)
        spot = board.spot(f"contest:{cluster.id}")
        block = [line.plain.strip() for line in board.canvas.lines[spot.y:spot.y + 6]]
        assert all(line in text for line in block), (block, text)  # scrolled into view
        assert "three cells" in text and app.screen is screen and not app._notifications
        await pilot.press("enter")
        await settle(pilot)
        assert "three cells" not in canvas_words(screen, "board")


async def test_h_brings_your_own_hive_back_to_place_a_tile_by_hand(tmp_path):
    """(QA #4) Looking at another player's hive, ``h`` brings your own back before the tile is
    placed by hand; so does moving in the list, which shows each placement on your hive."""
    match = three_players(lambda m: m.decision is not None and m.decision.kind == "place" and m.decision.seat == 2)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("less_than_sign")
        await settle(pilot)
        assert screen.hive_seat == 1 and "Blue's hive" in screen_text(app)
        await pilot.press("h")
        await settle(pilot)
        assert screen.hive_seat == 2 and "Green's hive" in screen_text(app) and screen.focused is screen.hexmap
        await pilot.press("escape", "greater_than_sign")
        await settle(pilot)
        assert screen.hive_seat == 0 and screen.focused is screen.choice_list
        await pilot.press("down")
        await settle(pilot)
        assert screen.hive_seat == 2
        await pilot.press("less_than_sign", "h", "enter")
        await settle(pilot)
        assert not any("another player's hive" in n.message for n in app._notifications)
        assert screen.match.history[-1].move["kind"] == "place"


async def test_at_160x50_the_players_goods_show_after_the_terminal_grows(tmp_path):
    """(QA #6) Three players: at 80×24 the hive board lists every player's goods; once the terminal
    grows to 160×50 the players' panel does (and at 80×24 again the board)."""
    app = make_app(saves_dir=tmp_path, match=three_players())
    goods = re.compile(r"\d+c \d+p \d+h · bees \d+/\d+ free")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert len(goods.findall(canvas_words(screen, "board"))) == 3
        for size, where in (((160, 50), "panel"), ((80, 24), "board")):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            panel = str(screen.query_one("PlayerPanel").render())
            board = canvas_words(screen, "board")
            assert len(goods.findall(panel if where == "panel" else board)) == 3, (size, panel, board)
            assert not goods.search(board if where == "panel" else panel)
            if where == "panel":
                assert all(len(goods.findall(line)) <= 1 for line in screen_text(app).splitlines())
                assert len(goods.findall(screen_text(app))) == 3


async def test_bees_are_never_added_up_and_counts_on_the_board_carry_names(tmp_path):
    """(QA #7) A bee in the nursery is one of those owned: ``bees 0/2 free, 1 in the nursery``,
    never ``0/2+1``; the nursery and the beelines name the player of each count (not only its colour)."""
    match = three_players(lambda m: m.decision is not None and m.decision.kind == "turn"
                          and any(p.nursery for p in m.state.players) and any(m.state.boxes.values()))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("b")
        await settle(pilot)
        board = canvas_words(screen, "board")
        assert not re.search(r"\d/\d+\+\d", board), board
        for s in hbv.standings(screen.st):
            mark = f"{s.name} {s.coins}c {s.pollen}p {sum(s.honey.values())}h · bees " \
                   f"{s.workers_available}/{s.workers_owned} free"
            assert mark + (f", {s.nursery} in the nursery" if s.nursery else " ·") in board, (mark, board)
        nursery = ", ".join(f"{p.name} {p.nursery}" for p in screen.st.players if p.nursery)
        assert f"bees in the nursery: {nursery}" in board
        for box in hbv.hive_boxes(screen.st):
            if box.beelines:
                names = ", ".join(f"{screen.st.players[s].name} {h}" for s, h in box.beelines)
                assert f"beelines: {names}" in board


async def test_the_drones_choices_are_titled_in_words(tmp_path):
    """(QA #8) A drone card's question is titled in words, never by the decision's id."""
    match = played_until(new_match(1, seed=7, solo_level="pupa"),
                         lambda m: m.decision is not None and m.decision.kind.startswith("drone_"), limit=2000)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        kind = screen.match.decision.kind
        assert screen.choice_list.border_title == f"Choices · {hbv.list_title(kind)}"
        assert "drone_" not in screen_text(app) and "Choices · drones'" in screen_text(app)


async def test_at_80x24_long_names_leave_the_hints_and_the_market_names_whole(tmp_path):
    """(QA #9) Four players with long names: the line over the hive keeps ``< >`` (names give way
    first) and, placing with the hive panned, its pan hint; the market row names the player whole,
    as typed (no markup)."""
    names = ["Alexandra", "Bartholomew", "Cy", "[bold]Ann[/bold]"]
    match = Match.new(ENGINE, options={"config": "star"}, seats=[SeatInfo(name=n) for n in names], seed=3)
    match = played_until(match, lambda m: m.decision is not None and m.decision.kind == "place"
                         and m.state.turn >= 3 and m.decision.seat == 3)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("h")
        await settle(pilot)
        head = screen.query_one("#hb-hive-head", CanvasView)
        line = head.canvas.lines[0].plain
        assert len(line) <= head.size.width, line
        assert "< >" in line and "[bold" in line and "'s hive" in line and "Cy" in line, line
        beyond = HexBoard.beyond_text(screen.hexmap.beyond_sides, short=True)
        assert beyond and line.endswith(beyond), line
        assert line in screen_text(app)
        await pilot.press("escape", "m")
        await settle(pilot)
        text = screen_text(app)
        assert "[bold]Ann[/bold] holds:" in text and re.search(r"\bholds +\d", text), text


async def test_placing_by_hand_lists_its_keys_and_esc_steps_back_to_the_list(tmp_path):
    """(QA #10) With the tile on the hive the footer names r, x and Tab; Esc goes back to the list
    (not the menu) and Tab toggles list and hive; the line under the hive says what its marks
    mean (+R the cell a tile closes, green · where it may go; ● hny honey; ●+ on the field)."""
    match = three_players(lambda m: m.decision is not None and m.decision.kind == "place" and m.state.turn >= 3
                          and any(c.honey for c in m.state.players[m.decision.seat].cells))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert screen.focused is screen.hexmap
        footer = screen_text(app).splitlines()[-1]
        assert all(k in footer for k in ("r Turn", "x Swap ends", "tab Hive/list")), footer
        foot = screen.query_one("#hb-hive-foot", TextLines).text.plain
        assert "green ·: where it may go" in foot
        closing = next(e.move for e in screen.entries() if e.move is not None)
        screen._set_preview(closing)
        screen._render_hive()
        foot = screen.query_one("#hb-hive-foot", TextLines).text.plain
        assert re.search(r"\+[WRCA·]( \+[WRCA·])*: the cells? it closes", foot), foot
        assert not cut_lines(screen), cut_lines(screen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.focused is screen.choice_list
        await pilot.press("tab")
        await settle(pilot)
        assert screen.focused is screen.hexmap
        await pilot.press("tab")
        await settle(pilot)
        assert screen.focused is screen.choice_list
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "PauseMenu"
        seat = screen.match.decision.seat
    legend = hive_legend(hbv.hive(match.state, seat)).plain
    assert "● hny: honey" in legend and "dark edges" in legend
    assert "●+" in canvas_legend(match)


def canvas_legend(match: Match) -> str:
    from beegames.ui.widgets.canvas import Canvas
    from beegames.ui.widgets.honey_buzz.boards import draw_field

    cv = Canvas(width=42)
    draw_field(cv, match.state, 0, set(), pricing=False)
    return _words(" ".join(line.plain for line in cv.lines))


def test_a_list_of_counts_wraps_after_a_comma_never_before_one():
    """(QA, stop 50) A box's beelines wrapped at the edge of the board started the next line with
    the comma ("Robo 1" / ", Robo 2"): the comma now ends its count's line."""
    from beegames.ui.widgets.canvas import Canvas
    from beegames.ui.widgets.honey_buzz.boards import _seat_counts

    st = new_match(2, seed=3).state
    for width in range(14, 30):  # every place the line can break
        cv = Canvas(width=width)
        cv.add("beelines:")
        _seat_counts(cv, st, [(0, 1), (1, 2), (0, 3)])
        lines = [line.plain.strip() for line in cv.lines if line.plain.strip()]
        assert not any(line.startswith(",") for line in lines), (width, lines)
        assert " ".join(lines) == f"beelines: {st.players[0].name} 1, {st.players[1].name} 2, " \
                                                       f"{st.players[0].name} 3", (width, lines)
