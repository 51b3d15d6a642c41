"""The Honey Buzz screen through Pilot: whole games by key presses only
(solitaire against the drones, and two players at one keyboard), the
placement preview, refusals with a reason, a private look in hot-seat, and
snapshots at 80×24 and 160×50.

Each whole game chooses every move with the engine's computer player on the
deciding seat's view, then presses the keys that make that move on the
screen: a number for a choice in the list (through its groups), the arrow
keys, ``r`` and Enter for a tile on the hive, the arrow keys and Enter on the
field. The screen must play exactly that move.
"""

from __future__ import annotations

from typing import Any

import pytest

from beegames.core.hexgrid import DIRECTIONS, distance
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.honey_buzz.common import space_name
from beegames.games.honey_buzz.models import (
    DroneNectarMove,
    ForageMove,
    PeekMove,
    PlaceMove,
    RecallMove,
    StartMove,
)
from beegames.ui.app import make_app
from beegames.ui.screens.honey_buzz import (
    BACK,
    FIELD_KINDS,
    LIT_FILL,
    MARK_FILL,
    Group,
    HoneyBuzzScreen,
    _moves_in,
)
from beegames.ui.screens.modals import GameOverScreen, HandoffScreen

ENGINE = get_engine("honey-buzz")

#: the arrow key that moves the hive cursor in each direction (E SE SW W NW NE)
MAP_KEYS = {0: "right", 1: "shift+down", 2: "down", 3: "left", 4: "shift+up", 5: "up"}


def new_match(players: int, seed: int, **options: Any) -> Match:
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return Match.new(ENGINE, options=options, seats=[SeatInfo(name=n) for n in names], seed=seed)


def game_screen(app) -> HoneyBuzzScreen:
    return next(s for s in app.screen_stack if isinstance(s, HoneyBuzzScreen))


async def settle(pilot, screen: HoneyBuzzScreen) -> None:
    """Let the drones' steps run (Space) and any computer finish, until a
    human decides, a hand-off waits or the game is over. Waits on the app's
    state, never on the clock."""
    await pilot.pause()
    for _ in range(200):
        if screen.stepping:
            await pilot.press("space")
        elif screen.thinking:
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
        else:
            return
    raise AssertionError("the screen never settled")


def list_path(entries, move) -> list[int] | None:
    """The numbers to press, level by level, to reach ``move`` in the list."""
    n = 0
    for e in entries:
        if e.disabled or e.action == BACK:
            continue
        n += 1
        if e.action == move:
            return [n]
        if isinstance(e.action, Group) and move in _moves_in(e.action.entries):
            rest = list_path(e.action.entries, move)
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


def field_cell(space) -> tuple[int, int]:
    r, c = space
    return (r, 0) if c < 0 else (r, c + 1)


async def place_by_keys(pilot, screen: HoneyBuzzScreen, move: PlaceMove) -> None:
    hexmap = screen.query_one("#hb-map")
    assert screen.focused is hexmap
    keys = map_steps(hexmap.cursor, move.icon)
    if keys:
        await pilot.press(*keys)
    a, b = move.hexes
    other = b if move.icon == a else a
    want = DIRECTIONS.index((other[0] - move.icon[0], other[1] - move.icon[1]))
    turns = ((want - screen.tile_dir) % 6) // 2
    await pilot.press(*(["r"] * turns), "enter")


async def field_by_keys(pilot, screen: HoneyBuzzScreen, space) -> None:
    wood = screen.query_one("#hb-wood")
    if screen.focused is not wood:
        await pilot.press("w")
    assert screen.focused is wood
    here = wood.spot(wood.cursor).cell
    goal = field_cell(space)
    keys = (["down" if goal[0] > here[0] else "up"] * abs(goal[0] - here[0])
            + ["right" if goal[1] > here[1] else "left"] * abs(goal[1] - here[1]))
    await pilot.press(*keys, "enter")


def field_space(move) -> tuple[int, int] | None:
    if isinstance(move, ForageMove):
        return move.to
    if isinstance(move, PeekMove):
        return move.space
    if isinstance(move, StartMove):
        return (move.row, -1)
    if isinstance(move, DroneNectarMove):
        return move.remove
    return None


async def play_by_keys(pilot, screen: HoneyBuzzScreen, move, used: set[str]) -> None:
    """Make the human decision ``move`` with key presses only."""
    kind = screen.match.decision.kind
    if kind == "place":
        used.add("map")
        await place_by_keys(pilot, screen, move)
        return
    path = list_path(screen._tree, move)
    assert path is not None, f"{move!r} is not in the list"
    space = field_space(move)
    if kind in FIELD_KINDS and space is not None and (path[-1] > 9 or len(path) == 1 and path[0] % 3 == 2):
        used.add("field")
        await field_by_keys(pilot, screen, space)
        return
    keys: list[str] = []
    for n in path:
        if n <= 9:
            keys.append(str(n))
        else:
            used.add("arrows")
            keys += ["home", *(["down"] * (n - 1)), "enter"]
    assert screen.focused is screen.query_one("#hb-choices")
    used.add("digits")
    await pilot.press(*keys)


async def play_whole_game(pilot, screen: HoneyBuzzScreen, seed: int, level: str = "good") -> dict[str, Any]:
    chooser = ENGINE.make_player(level, seed)
    app = pilot.app
    used: set[str] = set()
    handoffs = 0
    kinds: set[str] = set()
    for _ in range(2000):
        await settle(pilot, screen)
        if isinstance(app.screen, HandoffScreen):
            handoffs += 1
            await pilot.press("enter")
            continue
        if screen.match.over:
            break
        assert screen.mine(), screen.match.decision
        d = screen.match.decision
        kinds.add(d.kind)
        before = len(screen.match.history)
        move = chooser.choose(ENGINE, ENGINE.view(screen.match.state, d.seat))
        await play_by_keys(pilot, screen, move, used)
        assert len(screen.match.history) == before + 1, f"the keys did not play {move!r} ({d.kind})"
        assert screen.match.history[-1].move == ENGINE.move_to_json(move)
    assert screen.match.over
    return {"used": used, "handoffs": handoffs, "kinds": kinds}


@pytest.mark.usefixtures("short_idle_guess")
async def test_whole_solitaire_game_by_keys(tmp_path):
    """One player against the drones, from the choice of configuration card
    to the game-over dialog; the drones' turns run as steps (Space)."""
    match = new_match(1, seed=7, config="standard")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        report = await play_whole_game(pilot, screen, seed=3)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    assert {"map", "digits", "field"} <= report["used"]
    assert {"config", "turn", "place", "action", "forage", "produce", "market"} <= report["kinds"]
    assert any(k.startswith("drone_") for k in report["kinds"])


@pytest.mark.usefixtures("short_idle_guess")
async def test_whole_two_player_hot_seat_game_by_keys(tmp_path):
    """Two humans share the keyboard for a whole game, every decision made
    with key presses (the hand-off between them is tested on its own below:
    the standard game shows nobody anything private)."""
    match = new_match(2, seed=7)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        report = await play_whole_game(pilot, screen, seed=7, level="basic")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert len({entry.seat for entry in screen.match.history}) == 2
    assert {"map", "digits"} <= report["used"]
    assert {"arrange", "turn", "place", "action", "forage", "produce", "market"} <= report["kinds"]


# -- focused tests -------------------------------------------------------------------------------


def played_until(match: Match, done, level: str = "good", seed: int = 1, limit: int = 600) -> Match:
    """Play ``match`` with the computer player on every seat's view until ``done(match)``."""
    chooser = ENGINE.make_player(level, seed)
    for _ in range(limit):
        if done(match):
            return match
        d = match.decision
        match.play(chooser.choose(ENGINE, ENGINE.view(match.state, d.seat)))
    raise AssertionError("the position was never reached")


def placing(match: Match) -> bool:
    d = match.decision
    return d is not None and d.kind == "place" and match.state.turn >= 3


async def test_placement_preview_rotates_lights_slots_and_refuses_with_a_reason(tmp_path):
    match = played_until(new_match(1, seed=4, config="star"), placing)
    legal = [m for m in match.legal_moves() if isinstance(m, PlaceMove)]
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        hexmap = screen.query_one("#hb-map")
        assert screen.focused is hexmap and screen.pane == "hive"
        # the tile starts on the first listed slot, and it is legal
        move, why = screen._preview_move()
        assert move in legal and why is None
        assert move == screen._entries[0].action
        # every hex of a legal slot is lit, and only those
        lit = {h for m in legal for h in m.hexes}
        assert screen._map_targets() == lit
        pair = set(move.hexes)
        for h in lit - pair:
            assert hexmap.paints[h].fill in (LIT_FILL, MARK_FILL) or hexmap.paints[h].group is not None
        # r turns the tile round its icon hex: 120 degrees on this lattice
        icon = hexmap.cursor
        before = screen.tile_dir
        await pilot.press("r")
        assert screen.tile_dir == (before + 2) % 6 and hexmap.cursor == icon
        other = screen._preview_hexes()[1]
        assert other == (icon[0] + DIRECTIONS[screen.tile_dir][0], icon[1] + DIRECTIONS[screen.tile_dir][1])
        await pilot.press("R")
        assert screen.tile_dir == before
        # x swaps the ends: the icon goes to the other hex, same slot
        await pilot.press("x")
        assert set(screen._preview_hexes()) == pair and hexmap.cursor != icon
        await pilot.press("x")
        # far from the hive: the preview says why not, and Enter is refused with the rules' reason
        await pilot.press(*(["left"] * 8))
        bad, why = screen._preview_move()
        assert bad is None and why
        assert "Not here" in screen.query_one("#hb-hive-foot").text.plain
        await pilot.press("enter")
        assert len(screen.match.history) == len(match.history) and screen.match.decision.kind == "place"
        notes = [n.message for n in app._notifications]
        assert any("cannot place the tile there" in n or "cell site" in n for n in notes), notes
        # back to a legal slot with the keys, and Enter places exactly that tile
        target = legal[-1]
        await place_by_keys(pilot, screen, target)
        assert screen.match.history[-1].move == ENGINE.move_to_json(target)


async def test_mouse_follows_rotates_and_places(tmp_path):
    match = played_until(new_match(1, seed=4, config="star"), placing)
    legal = [m for m in match.legal_moves() if isinstance(m, PlaceMove)]
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        hexmap = screen.query_one("#hb-map")
        target = legal[len(legal) // 2]
        x, y = hexmap.hex_origin(target.icon)
        await pilot.hover("#hb-map", offset=(x, y))
        assert hexmap.cursor == target.icon
        a, b = target.hexes
        other = b if target.icon == a else a
        want = DIRECTIONS.index((other[0] - target.icon[0], other[1] - target.icon[1]))
        for _ in range(3):
            if screen.tile_dir == want:
                break
            await pilot.click("#hb-map", offset=(x, y), button=3)  # the right button turns the tile
        assert screen.tile_dir == want
        await pilot.click("#hb-map", offset=(x, y))
        assert screen.match.history[-1].move == ENGINE.move_to_json(target)


async def test_turn_and_field_by_mouse(tmp_path):
    """A click on a lit tile stack takes it; a click on a field space forages there."""
    match = new_match(1, seed=4, config="star")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        assert screen.match.decision.kind == "turn"
        board = screen.query_one("#hb-board")
        spot = board.spot("tile:forage")
        await pilot.click("#hb-board", offset=(spot.x0 + 1, spot.y))
        assert screen.match.history[-1].move["kind"] == "take"
        assert screen.match.history[-1].move["tile"] == "forage"


def fresh_looks(match: Match) -> list[RecallMove]:
    """Recalls that look at a tile neither player has looked at."""
    seen = match.state.seen
    return [m for m in match.legal_moves() if isinstance(m, RecallMove) and m.scout is not None
            and not seen[m.scout[0] * 6 + m.scout[1]]]


def recall_scout_position() -> Match:
    """A 2-player hot-seat game of the advanced variant where Ann may recall
    and look at a face-down tile."""
    def ready(match: Match) -> bool:
        d = match.decision
        return (d is not None and d.seat == 0 and d.kind == "turn" and match.state.turn >= 2
                and bool(fresh_looks(match)))
    return played_until(new_match(2, seed=3, advanced=True, config="star"), ready, level="basic", seed=2)


async def test_a_private_look_is_handed_off_in_hot_seat(tmp_path):
    match = recall_scout_position()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        if isinstance(app.screen, HandoffScreen):  # a resumed hot-seat game opens on the hand-off
            await pilot.press("enter")
            await settle(pilot, screen)
        assert screen.keyboard_seat == 0
        move = fresh_looks(screen.match)[-1]
        space = move.scout
        index = space[0] * 6 + space[1]
        truth = screen.match.state.field[index].kind
        await play_by_keys(pilot, screen, move, set())
        await settle(pilot, screen)
        # Ann saw it; the table is hidden before Bob gets the keyboard, and she may still not undo a look
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob"
        assert not app.screen.can_undo
        await pilot.press("enter")
        await settle(pilot, screen)
        assert screen.keyboard_seat == 1
        # Bob's screen draws Bob's view: the tile is face down, the private line is not in his log
        assert screen.st.field[index].kind == "?"
        assert screen.match.state.field[index].kind == truth
        wood = screen.query_one("#hb-wood").canvas.text().plain
        assert f" {truth}*" not in wood
        assert not any(line.startswith(f"The tile on {space_name(space)} is") for line in screen.seen.log)
        log = screen.query_one("#log")
        assert all(f"The tile on {space_name(space)} is" not in str(line) for line in log.lines)


async def test_drone_turn_steps_pause_and_run(tmp_path):
    """After the player's turn the drones play as automatic steps: p pauses
    them, n takes one, and what they did is on the screen."""
    def turn(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "turn" and match.state.turn >= 2
    match = played_until(new_match(1, seed=6, config="star"), turn)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        turn_no = screen.match.state.turn
        # pause the steps before they start, so that no timer races the test on a busy machine
        await pilot.press("p")
        assert screen.steps_paused
        await play_by_keys(pilot, screen, RecallMove(scout=None), set())  # recalling ends the turn
        assert screen.stepping
        assert "paused" in screen.query_one("#hb-status").text.plain
        await pilot.press("n")
        await pilot.press("p")
        await settle(pilot, screen)
        assert screen.match.state.turn == turn_no + 1 or screen.match.decision.kind.startswith("drone_")
        assert any(line.startswith("— Drone turn") for line in screen.seen.log)


def _mid_solo() -> Match:
    return played_until(new_match(1, seed=4, config="star"), placing)


def _mid_two_player() -> Match:
    def ready(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "turn" and match.state.turn >= 6 and d.seat == 0
    return played_until(new_match(2, seed=5), ready, level="basic", seed=5)


async def _settled(pilot) -> None:
    screen = game_screen(pilot.app)
    await settle(pilot, screen)
    if isinstance(pilot.app.screen, HandoffScreen):
        await pilot.press("enter")
        await settle(pilot, screen)


def test_snapshot_placing_80x24(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=_mid_solo())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


def test_snapshot_placing_160x50(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=_mid_solo())
    assert snap_compare(app, terminal_size=(160, 50), run_before=_settled)


def test_snapshot_two_players_160x50(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=_mid_two_player())
    assert snap_compare(app, terminal_size=(160, 50), run_before=_settled)


async def test_groups_step_back_and_the_keys_are_listed(tmp_path):
    """A group of choices opens with its number and Esc steps back out of
    it (then opens the menu: no dead end); ? lists the screen's own keys;
    Enter on a contest explains it."""
    def grouped(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "turn" and match.state.players[0].available >= 2
    match = played_until(new_match(1, seed=4, config="star"), grouped)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        number = next(i for i, e in enumerate(e for e in screen._entries if not e.disabled)
                      if isinstance(e.action, Group)) + 1
        await pilot.press(str(number))
        assert screen.path and screen._entries[-1].action == BACK
        await pilot.press("escape")
        assert not screen.path and app.screen is screen
        await pilot.press("escape")
        assert type(app.screen).__name__ == "PauseMenu"
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        keys = {key for key, _what in app.screen.rows()}
        assert {"1-9", "r / R, mouse wheel", "x, right click", "h / b / w"} <= keys
        await pilot.press("escape")
        await pilot.press("b")
        board = screen.query_one("#hb-board")
        for _ in range(10):
            if board.cursor.startswith("contest:"):
                break
            await pilot.press("down")
        assert board.cursor == f"contest:{screen._contest_rows[0]}"
        await pilot.press("enter")
        assert any("contest" in n.message for n in app._notifications)
