"""The Bee Lives screen through Pilot: whole years by key presses only (a
solo year against the wild hives and a 2-player hot-seat year), the join
preview, the wild hives' steps, refusals with a reason, the mouse, and
snapshots at 80×24 and 160×50.

Each move is chosen by the engine's computer player on the deciding seat's
view, and then made with the keys a player would press.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.bee_lives import view as blview
from beegames.games.bee_lives.models import (
    CleanMove,
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
        assert len(screen.match.history) > before, f"the keys did not play {move!r} ({d.kind})"
        # the first new entry is this decision (a computer seat may have answered after it)
        assert screen.match.history[before].move == ENGINE.move_to_json(move)
        assert screen.match.history[before].seat == d.seat
    raise AssertionError("the year did not end")


@pytest.mark.usefixtures("short_idle_guess")
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


@pytest.mark.usefixtures("short_idle_guess")
async def test_whole_two_player_hot_seat_year_by_keys(tmp_path):
    """Two humans share the keyboard for a year, joining the map at the end
    of May; the keyboard follows whoever must decide (a defender too)."""
    match = new_match(["Ann", "Bob"], seed=15)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BeeLivesScreen)
        choosers = {0: ENGINE.make_player("good", 1), 1: ENGINE.make_player("good", 2)}
        kinds = await play_year(pilot, screen, choosers)
        assert screen.match.over
        assert {"join", "join_place", "turn"} <= kinds
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert len(ENGINE.view(screen.match.state, None).tiles) > 2


def position(names: list[str], stop, *, good: bool = False, **options: Any) -> Match:
    """The first position where ``stop(match)`` holds, in games played by a
    seeded random choice among the legal moves (the test's own policy, so
    that the positions do not move when the computer players get better),
    or with ``good`` by the good computer player on each seat's view."""
    for seed in range(1, 200):
        match = new_match(names, seed=seed, **options)
        rnd = random.Random(seed)
        players = {i: ENGINE.make_player("good", seed + i) for i in range(len(names))}
        while not match.over:
            if stop(match):
                return match
            d = match.decision
            if good:
                match.play(players[d.seat].choose(ENGINE, ENGINE.view(match.state, d.seat)))
            else:
                match.play(rnd.choice(match.legal_moves()))
    raise AssertionError("no game reached the position")


def turn(m: Match) -> bool:
    return m.decision is not None and m.decision.kind == "turn"


def wild_summer() -> Match:
    """Solo, harder: summer or fall, two wild hives or more, three free bees, eight tiles."""
    return position(["Ann"], lambda m: turn(m) and m.state.month >= 4
                    and sum(w.tile is not None for w in m.state.wild) >= 2 and m.state.players[0].unassigned >= 3
                    and len(m.state.tiles) >= 8, harder=True)


def at_join() -> Match:
    return position(["Ann", "Bob"], lambda m: m.decision is not None and m.decision.kind == "join"
                    and len(m.legal_moves()) >= 3)


def after_join() -> Match:
    return position(["Ann", "Bob"], lambda m: turn(m) and m.state.month >= 4
                    and len({t.group for t in m.state.tiles}) == 1 and len(m.state.tiles) >= 10
                    and m.state.players[m.decision.seat].unassigned >= 3
                    and any(w.tile is not None for w in m.state.wild))


async def test_join_preview_before_confirming(tmp_path):
    """Highlighting a group and a rotation redraws the joined map without
    playing anything; Enter confirms it, then the place is previewed the
    same way (list or a click on a lit place), Esc goes back, and a second
    click on the previewed place confirms."""
    match = at_join()
    ann = match.decision.seat
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot, screen)
        history = len(screen.match.history)
        st = screen.st
        mine = st.tiles[st.players[ann].hive].group
        joins = [c.action for c in screen._choices if isinstance(c.action, JoinMove)]
        assert len(joins) >= 2
        # the map-only layout gives the preview the room at 80 columns
        assert screen.has_class("map-only")
        for index, join in enumerate(joins[:3]):
            await goto(pilot, screen, index)
            assert screen.hover == join
            pic = screen.query_one(BeeLivesMap).picture
            moved = {s.tile for s in pic.spots.values() if s.kind == "tile" and s.group == join.group
                     and st.tiles[s.tile].group == mine}
            assert moved == {t.id for t in st.tiles if t.group == mine}, "the whole group is previewed"
            assert len(screen.match.history) == history, "previewing plays nothing"
        await pick(pilot, screen, lambda a: a == joins[2])
        assert screen.match.decision.kind == "join_place"
        assert screen.match.history[-1].move == ENGINE.move_to_json(joins[2])
        places = [c.action for c in screen._choices if isinstance(c.action, PlaceMove)]
        await goto(pilot, screen, 1)
        assert screen.hover == places[1]
        board = screen.query_one(BeeLivesMap)
        spots = {s.q: cell for cell, s in board.picture.spots.items() if s.kind == "place"}
        assert spots, "the other places for the hive are lit"
        # Esc goes back to the group and rotation
        await pilot.press("escape")
        assert screen.match.decision.kind == "join"
        await pick(pilot, screen, lambda a: a == joins[2])
        # a click on a lit place previews it, a second click confirms it
        board = screen.query_one(BeeLivesMap)
        cell, spot = next((c, s) for c, s in board.picture.spots.items() if s.kind == "place")
        x, y = board.cell_origin(cell)
        await pilot.click(BeeLivesMap, offset=(x + 2, y + 1))
        await pilot.pause()
        assert screen.hover == PlaceMove(dq=spot.q, dr=spot.r)
        assert screen.match.decision.kind == "join_place"
        board = screen.query_one(BeeLivesMap)
        x, y = board.cell_origin(next(c for c, s in board.picture.spots.items() if s.kind == "tile"
                                      and s.tile == st.players[ann].hive))
        await pilot.click(BeeLivesMap, offset=(x + 2, y + 1))
        await settle(pilot, screen)
        assert any(h.move == {"kind": "place", "dq": spot.q, "dr": spot.r} for h in screen.match.history)
        assert len({t.group for t in ENGINE.view(screen.match.state, None).tiles}) == 1


def wild_turns_after(state, move) -> int:
    """How many automatic steps say what a wild hive did after ``move``,
    before anybody must decide."""
    state = ENGINE.apply(state, move)
    shown = 0
    while ENGINE.decision(state) is None and not state.over:
        before = len(state.log)
        state = ENGINE.step(state)
        shown += any(" wild hive" in line for line in state.log[before:])
    return shown


def wild_round_ahead() -> Match:
    """Solo, harder, wild hive ties broken automatically: a turn after which
    (defending with one bee) at least two wild hives act with nothing to ask."""
    return position(["Ann"], lambda m: turn(m) and m.state.players[0].unassigned >= 2
                    and wild_turns_after(m.state, DefendMove(bees=1)) >= 2, harder=True, wild_ties="automatic")


async def test_wild_hives_step_one_at_a_time(tmp_path):
    """After the player's action each wild hive's turn is its own step: p
    pauses them (no timer left running), n takes exactly one, Space runs
    the rest; the log names what every wild hive did."""
    match = wild_round_ahead()
    wild = [w.name for w in match.state.wild if w.tile is not None]
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        log0 = len(screen.match.state.log)
        await pilot.press("d", "1")  # defend with one bee
        # pause the steps before they start, so that no timer races the test
        # on a busy machine
        await pilot.press("p")
        assert screen.steps_paused
        await pilot.press("enter")
        assert screen.stepping, "the wild hives' turns are shown one by one"
        assert "wild hives are at work" in screen._shown["#bl-status"].plain
        shown = len(screen.match.state.log)
        await pilot.pause()
        assert not screen._chain_alive and screen.stepping
        assert len(screen.match.state.log) == shown, "paused: nothing moves"
        await pilot.press("n")
        new = screen.match.state.log[shown:]
        assert new and any(" wild hive" in line for line in new)
        assert sum(any(name in line for line in new) for name in wild) >= 1
        await pilot.press("p")  # resume
        await settle(pilot, screen)
        assert not screen.stepping
        lines = screen.seen.log[log0:]
        for name in wild:
            assert any(name in line for line in lines), f"the log says nothing of {name}"


async def click_cell(pilot, board: BeeLivesMap, cell) -> None:
    x, y = board.cell_origin(cell)
    await pilot.click(BeeLivesMap, offset=(x + 2, y + 1))  # inside the border
    await pilot.pause()


async def test_mouse_forages_and_scouts_and_refusals_explain(tmp_path):
    """A click on a lit tile forages it, a click on a lit + space scouts
    it; a click on a tile that is not a choice is refused with the rules'
    reason and changes nothing."""
    match = position(["Ann"], lambda m: turn(m) and m.state.players[0].unassigned >= 4 and m.state.month <= 8
                     and any(w.tile is not None for w in m.state.wild), harder=True, wild_ties="automatic")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.pause()
        board = screen.query_one(BeeLivesMap)
        st = screen.st
        forage = {m.tile for m in screen.moves() if isinstance(m, ForageMove)}
        lit = {board.picture.spots[c].tile for c in board.picture.highlights
               if board.picture.spots[c].kind == "tile"}
        assert forage <= lit
        # a tile nobody may forage (a wild hive's) is refused with a reason
        wild_tile = next(w.tile for w in st.wild if w.tile is not None)
        before = len(screen.match.history)
        cell = board.picture.cell_of(next(s for s in board.picture.spots.values() if s.tile == wild_tile))
        # a wild hive's tile asks for a raid instead: the list shows the sizes of the party
        await click_cell(pilot, board, cell)
        assert screen.mode == "bees" and screen.bees_for == "raid"
        await pilot.press("escape", "escape")
        assert screen.mode == "" and len(screen.match.history) == before
        # forage a lit tile (one bee away) with a click, collect with Enter
        month = st.month
        tile = min((b, t) for t, b in blview.reach(st, 0).forage)[1]
        cell = board.picture.cell_of(next(s for s in board.picture.spots.values() if s.kind == "tile"
                                          and s.tile == tile))
        await click_cell(pilot, board, cell)
        assert screen.match.history[-1].move == {"kind": "forage", "tile": tile}
        while True:
            await settle(pilot, screen)
            if screen.match.decision.kind == "turn":
                break
            await pilot.press("enter")  # collect, and answer the wild hives with the first choice
        assert screen.st.month == month
        # the foraged tile is no longer a choice: a click on it is refused with the rules' reason
        assert screen.mine() and screen.match.decision.kind == "turn"
        board = screen.query_one(BeeLivesMap)
        cell = board.picture.cell_of(next(s for s in board.picture.spots.values() if s.kind == "tile"
                                          and s.tile == tile))
        before = len(screen.match.history)
        await click_cell(pilot, board, cell)
        assert len(screen.match.history) == before
        assert any("cannot forage" in n.message for n in app._notifications)
        # scout a lit space with a click
        space = next(c for c in board.picture.highlights if board.picture.spots[c].kind == "space")
        spot = board.picture.spots[space]
        await click_cell(pilot, board, space)
        assert screen.match.history[-1].move == {"kind": "scout", "q": spot.q, "r": spot.r}


async def test_keys_screen_lists_the_bee_lives_keys(tmp_path):
    app = make_app(saves_dir=tmp_path, match=wild_summer())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        keys = {key for key, _what in app.screen.rows()}
        assert {"f s r d w c o", "q", "Space", "p / n", "B W H ≈"} <= keys


async def test_hot_seat_defender_answers_a_raid(tmp_path):
    """Two humans: a raid on Bob's hive waits for Bob's sacrifice. The
    keyboard passes to him (no hand-off screen: nothing is hidden in Bee
    Lives), the form shows what each choice costs him, and his answer by
    keys goes back to the raider's turn."""
    def raided(m: Match) -> bool:
        d = m.decision
        return (d is not None and d.kind == "sacrifice" and m.state.players[d.seat].unassigned >= 1
                and m.state.players[d.seat].honey >= 1)

    match = position(["Ann", "Bob"], raided, good=True)
    defender = match.decision.seat
    attacker = match.state.raid.attacker
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot, screen)
        assert app.screen is screen and screen.view_seat == defender and screen.mine()
        status = screen._shown["#bl-status"].plain
        assert "raids you" in status and "Sacrifice? → you lose" in status
        move = SacrificeMove(defenders=0, unassigned=1)
        await fill_form(pilot, screen, move)
        await settle(pilot, screen)
        assert any(h.move == ENGINE.move_to_json(move) and h.seat == defender for h in screen.match.history)
        d = screen.match.decision
        if d is not None and d.seat == attacker:
            assert screen.view_seat == attacker and screen.mine()


async def test_undo_takes_back_a_choice_and_esc_backs_out(tmp_path):
    """Esc backs out of an action's sub-list without playing; u takes back
    the last decision (the collection), and the form comes back."""
    match = position(["Ann"], lambda m: turn(m) and m.state.players[0].unassigned >= 2
                     and m.state.players[0].empty >= 2 and m.state.month <= 8)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        start = len(screen.match.history)
        await pilot.press("d")
        assert screen.mode == "bees"
        await pilot.press("escape")
        assert screen.mode == "" and len(screen.match.history) == start and app.screen is screen
        await pilot.press("f", "enter")
        assert screen.match.decision.kind == "collect"
        await pilot.press("enter")
        assert len(screen.match.history) == start + 2
        await settle(pilot, screen)
        await pilot.press("u")
        await settle(pilot, screen)
        assert len(screen.match.history) == start + 1
        assert screen.match.decision.kind == "collect" and screen.form


def test_snapshot_80x24(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=wild_summer())
    assert snap_compare(app, terminal_size=(80, 24))


def test_snapshot_160x50(snap_compare, tmp_path):
    async def forage_mode(pilot):
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()

    app = make_app(saves_dir=tmp_path, match=after_join())
    assert snap_compare(app, terminal_size=(160, 50), run_before=forage_mode)


# -- the solo modes -----------------------------------------------------------------------------


async def test_a_challenge_starts_from_the_new_game_form_and_shows_its_goal(tmp_path):
    """The form offers the mode and the cards (generated from the options):
    a one-player Builder challenge starts, and the goal and its progress
    stand above the hive board."""
    from textual.widgets import Select

    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        form.query_one("#game", Select).value = "bee-lives"
        await pilot.pause()
        form.query_one("#players", Select).value = 1
        form.query_one("#opt-mode", Select).value = "challenge"
        form.query_one("#opt-challenge", Select).value = "builder"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BeeLivesScreen)
        assert screen.match.state.solo.challenge == "builder"
        await settle(pilot, screen)
        goal = screen._shown["#bl-goal"].plain
        assert "Goal Builder" in goal and "comb 10 of 20 cells" in goal
        assert screen.query_one("#bl-goal").display


async def test_a_solo_mode_with_two_players_is_refused_with_a_reason(tmp_path):
    from textual.widgets import Select

    from .helpers import settle as idle  # waits on the app's state

    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        await pilot.press("n")
        await idle(pilot)
        form = app.screen
        for selector, value in (("#game", "bee-lives"), ("#players", 1), ("#opt-mode", "scenario"), ("#players", 2)):
            form.query_one(selector, Select).value = value
            await idle(pilot)
        # two players: the solo mode is hidden, and read as basic
        assert not form.query_one("#row-mode").display and form.read_options().mode == "basic"
        for selector, value in (("#players", 1), ("#opt-mode", "scenario"), ("#opt-scenario", "haunted-hives")):
            form.query_one(selector, Select).value = value
            await idle(pilot)
        with pytest.raises(ValueError, match="solo mode"):  # the engine still refuses it, with its reason
            Match.new(form.engine, options=form.read_options(), seats=[SeatInfo(name="A"), SeatInfo(name="B")])


def haunted_position() -> Match:
    """Haunted Hives: a haunted hive on the map and a haunted tile to scare, the player's turn."""
    from beegames.games.bee_lives.models import ScareMove

    return position(["Ann"], lambda m: turn(m) and any(isinstance(x, ScareMove) for x in m.legal_moves()),
                    good=True, mode="scenario", scenario="haunted-hives", years="2")


async def test_a_scenario_draws_its_haunted_hives_and_scares_ghosts_by_keys(tmp_path):
    """Haunted Hives: the haunted hive (Ω) and the haunted tiles (†) are on
    the map and in the legend; r opens the Raid list, which offers to scare
    the ghosts off a tile; Enter does it."""
    from beegames.games.bee_lives.models import ScareMove

    match = haunted_position()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot, screen)
        labels = [c.label for c in screen.query_one(BeeLivesMap).picture.cells.values()]
        assert any(lbl.startswith("Ω") for lbl in labels) and any("†" in lbl for lbl in labels)
        legend = screen._shown["#bl-legend"].plain
        assert "†" in legend and "Ω" in legend
        assert "haunted" in screen._shown["#bl-goal"].plain
        await pilot.press("r")
        scare = next(c.action for c in screen._choices if isinstance(c.action, ScareMove))
        before = len(screen.match.state.solo.haunted_tiles)
        await pick(pilot, screen, lambda a: a == scare)
        await settle(pilot, screen)
        assert any(h.move == ENGINE.move_to_json(scare) for h in screen.match.history)
        assert scare.tile not in screen.match.state.solo.haunted_tiles
        assert len(screen.match.state.solo.haunted_tiles) == before - 1


def campaign_position(campaign: str, ready) -> Match:
    return position(["Ann"], lambda m: turn(m) and m.state.year == 2 and ready(m.state), good=True,
                    mode="campaign", campaign=campaign)


async def test_a_campaign_draws_the_fire_and_the_zombees(tmp_path):
    """Wildfire: burned tiles (×) and the fire's progress in the goal;
    Zombees: an infected wild hive (Z) and the infection in the goal."""
    fire = campaign_position("wildfire", lambda st: bool(st.solo.burned))
    app = make_app(saves_dir=tmp_path, match=fire)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot, screen)
        labels = [c.label for c in screen.query_one(BeeLivesMap).picture.cells.values()]
        assert sum("×" in lbl for lbl in labels) >= 1
        goal = screen._shown["#bl-goal"].plain
        assert "Wildfire" in goal and "fire from the" in goal and "tiles burned" in goal
        assert "×" in screen._shown["#bl-legend"].plain
    sick = campaign_position("zombees", lambda st: bool(st.solo.infected_hives))
    app = make_app(saves_dir=tmp_path, match=sick)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot, screen)
        labels = [c.label for c in screen.query_one(BeeLivesMap).picture.cells.values()]
        assert any(lbl.startswith("Z") for lbl in labels)
        assert "infected wild hive" in screen._shown["#bl-goal"].plain
