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

from beegames.core.hexgrid import DIRECTIONS, distance
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.honey_buzz.models import (
    DroneNectarMove,
    ForageMove,
    PeekMove,
    PlaceMove,
    StartMove,
)
from beegames.ui.app import make_app
from beegames.ui.screens.honey_buzz import BACK, FIELD_KINDS, Group, HoneyBuzzScreen, _moves_in
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
