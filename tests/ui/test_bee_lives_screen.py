"""The Bee Lives screen through Pilot, by keys, at 80×24 (the size that
counts) and 160×50.

Whole games are played by key presses only (a basic solo year, a challenge
to the end of its goal, a campaign year, a 2-player hot-seat year): each
move is chosen by the engine's computer player on the deciding seat's view,
then made with the keys a player would press, and at each decision every
choice's whole label, as the view gives it, is checked on screen. Then one
test for each point of issue 17 that a new player hit (numbered as there),
at both sizes, and the older behaviours: the join preview, the wild hives'
steps, the mouse, hot seat, undo, replays, snapshots and the solo modes.
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
    DefendMove,
    ForageMove,
    JoinMove,
    PlaceMove,
    SacrificeMove,
    StayMove,
)
from beegames.ui.app import make_app
from beegames.ui.screens.bee_lives import BeeLivesScreen
from beegames.ui.screens.modals import ConfirmScreen, GameOverScreen
from beegames.ui.widgets.bee_lives.map import BeeLivesMap, draw_map
from beegames.ui.widgets.choices import ChoiceList

from .helpers import game_screen, screen_text, settle

ENGINE = get_engine("bee-lives")
SIZES = [(80, 24), (160, 50)]


def new_match(names: list[str], seed: int, **options: Any) -> Match:
    return Match.new(ENGINE, options=options, seats=[SeatInfo(name=n) for n in names], seed=seed)


# -- reading the screen ---------------------------------------------------------------------------


def flat(text: str) -> str:
    return " ".join(text.split())


def region_text(app, widget) -> str:
    """The text drawn in ``widget``'s content box, its rows joined (wrapped labels read whole again)."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    r = widget.content_region
    return flat(" ".join(line[r.x:r.x + r.width] for line in lines[r.y:r.y + r.height]))


def list_text(cl: ChoiceList) -> str:
    """The rows the list draws in its box now (its visible window), joined."""
    return flat(cl.render().plain.replace("▸", " "))


def choice_list(screen: BeeLivesScreen) -> ChoiceList:
    return screen.query_one("#bl-choices", ChoiceList)


def shown_entries(screen: BeeLivesScreen) -> list[blview.Entry]:
    return [c.value for c in choice_list(screen).choices]


async def check_labels(pilot, screen: BeeLivesScreen) -> None:
    """Every entry of the list shown now is drawn in the list's box with its
    whole label: the list is scrolled (by its highlight, as ↑/↓ do) until each
    has been seen, and the highlight is put back. (The box's rows are read
    from the list itself, which scrolls to its highlight at once: the app is
    let settle once, after the highlight is back, not at each window; the
    80×24 tests also read the terminal.)"""
    cl = choice_list(screen)
    entries = shown_entries(screen)
    start = cl.highlighted
    seen: set[int] = set()
    moved = False
    for _ in range(len(entries) + 1):
        text = list_text(cl)
        seen |= {k for k, e in enumerate(entries) if flat(e.label) in text}
        missing = [k for k in range(len(entries)) if k not in seen]
        if not missing:
            break
        cl.highlight(missing[0])
        moved = True
        text = list_text(cl)
        assert flat(entries[missing[0]].label) in text, f"not whole on screen: {entries[missing[0]].label!r}"
    if start is not None and cl.highlighted != start:
        cl.highlight(start)
    if moved:
        await settle(pilot)


def status_text(app, screen: BeeLivesScreen) -> str:
    return region_text(app, screen.query_one("#bl-status"))


async def until(pilot, ready, rounds: int = 200) -> None:
    """Handle queued messages until ``ready()`` holds (for the automatic steps
    held on show by ``p``, which :func:`settle` would wait out)."""
    for _ in range(rounds):
        if ready():
            return
        await pilot.pause(0)
    raise AssertionError("the app never got there")


# -- playing by keys ---------------------------------------------------------------------------


def path_to(entries: list[blview.Entry], move: Any) -> list[int] | None:
    for i, e in enumerate(entries):
        if e.refused is None and e.move is not None and e.group is None and e.move == move:
            return [i]
        if e.group:
            sub = path_to(e.group, move)
            if sub is not None:
                return [i, *sub]
    return None


async def goto(pilot, screen: BeeLivesScreen, index: int) -> None:
    """Highlight entry ``index`` of the list shown, with ↑/↓ (or Home/End)."""
    cl = choice_list(screen)
    current = cl.highlighted or 0
    last = len(cl.choices) - 1
    ways = [["down"] * (index - current) if index >= current else ["up"] * (current - index),
            ["home"] + ["down"] * index, ["end"] + ["up"] * (last - index)]
    keys = min(ways, key=len)
    if keys:
        await pilot.press(*keys)
    assert cl.highlighted == index


async def choose_index(pilot, screen: BeeLivesScreen, index: int) -> None:
    """Choose entry ``index``: its key, its digit, or ↑/↓ and Enter."""
    cl = choice_list(screen)
    entry = cl.choices[index]
    if entry.key is not None:
        await pilot.press(entry.key)
    elif index in cl.digit_targets() and (cl.current is None or cl.current.number is None):
        await pilot.press(str(cl.digit_targets().index(index) + 1))
    else:
        await goto(pilot, screen, index)
        await pilot.press("enter")
    await settle(pilot)


async def fill_form(pilot, screen: BeeLivesScreen, move: Any) -> None:
    """Set each number of a form with ←/→ on its row, then Enter on that row
    (Enter on a number row plays the form with its value)."""
    dv = screen.decision()
    fields = blview.FORMS[dv.kind]
    order = sorted(fields, key=lambda f: getattr(move, f) - dv.form[f])  # lower numbers first
    last_row = 0
    for f in order:
        dv = screen.decision()
        delta = getattr(move, f) - dv.form[f]
        if not delta:
            continue
        row = next(i for i, e in enumerate(shown_entries(screen)) if e.number is not None and e.number.field == f)
        await goto(pilot, screen, row)
        await pilot.press(*(["right"] * delta if delta > 0 else ["left"] * -delta))
        await settle(pilot)
        last_row = row
    assert {f: screen.decision().form[f] for f in fields} == {f: getattr(move, f) for f in fields}
    await goto(pilot, screen, last_row)
    await pilot.press("enter")


async def play_by_keys(pilot, screen: BeeLivesScreen, move: Any, *, labels: bool = True) -> None:
    """Make the decision ``move`` with key presses only, checking the labels of each list opened."""
    dv = screen.decision()
    if dv.kind in blview.FORMS:
        if labels:
            await check_labels(pilot, screen)
        await fill_form(pilot, screen, move)
    else:
        path = path_to(dv.entries, move)
        assert path is not None, f"{move!r} is not among the choices"
        level = dv.entries
        for index in path:
            if labels:
                await check_labels(pilot, screen)
            entry = level[index]
            await choose_index(pilot, screen, index)
            level = entry.group or []
        if entry.confirm is not None:
            await settle(pilot)
            assert isinstance(pilot.app.screen, ConfirmScreen), "a move that loses something is asked first"
            await pilot.press("y")
    await settle(pilot)


async def play_game(pilot, screen: BeeLivesScreen, choosers: dict[int, Any], stop=None, limit: int = 900) -> set[str]:
    """Play until the game ends (or ``stop(match)``), every decision by keys; returns the kinds met
    (a step the screen stops on for the player to read counts as "stop:" and its kind: it is gone on
    from with Enter on the list's "Go on")."""
    kinds: set[str] = set()
    settled = False
    for _ in range(limit):
        if not settled:  # (play_by_keys ends settled, and nothing was awaited since: no second wait)
            await settle(pilot)
        settled = False
        m = screen.match
        if screen.stop is not None and pilot.app.screen is screen:
            kinds.add(f"stop:{screen.stop.kind}")
            assert shown_entries(screen)[0] == "go on" and "Go on" in list_text(choice_list(screen))
            await pilot.press("enter")
            continue
        if m.over or (stop is not None and stop(m)):
            return kinds
        if pilot.app.screen is not screen:  # a hand-off screen
            await pilot.press("enter")
            continue
        d = m.decision
        assert screen.mine(), f"the keyboard cannot answer {d}"
        before = len(m.history)
        move = choosers[d.seat].choose(ENGINE, ENGINE.view(m.state, d.seat))
        kinds.add(d.kind)
        await play_by_keys(pilot, screen, move)
        settled = True
        assert len(m.history) > before, f"the keys did not play {move!r} ({d.kind})"
        assert m.history[before].move == ENGINE.move_to_json(move)
    raise AssertionError("the game did not end")


async def through_stops(pilot, screen: BeeLivesScreen, key: str = "enter") -> list[blview.StopInfo]:
    """Go on from each step the screen stops on (``key``: Enter on the list's "Go on", or
    space), checking on the way that it is told whole on screen; returns them."""
    stops = []
    while screen.stop is not None and pilot.app.screen is screen:
        stop = screen.stop
        stops.append(stop)
        # (it heads the boards, above the hive: in view whole, as long as it is shorter than they are)
        part, boards = screen.query_one("#bl-stop"), screen.query_one("#bl-boards")
        told = region_text(pilot.app, part)
        assert part.region.y == boards.content_region.y and boards.scroll_y == 0
        if part.region.bottom <= boards.content_region.bottom:
            assert stop.title in told and all(flat(line) in told for line in stop.lines), (stop.lines, told)
        assert stop.title in status_text(pilot.app, screen)
        assert f"Go on: {stop.then}" in list_text(choice_list(screen))
        await pilot.press(key)
        await settle(pilot)
    return stops


def position(names: list[str], stop, *, good: bool = False, seeds=range(1, 200), **options: Any) -> Match:
    """The first position where ``stop(match)`` holds, in games played by a
    seeded random choice among the legal moves (or with ``good`` by the good
    computer player on each seat's view)."""
    for seed in seeds:
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


def wild_round(m: Match) -> bool:
    """A turn after which (defending with one bee) two wild hive steps or more are shown."""
    if not turn(m) or m.state.players[0].unassigned < 3:
        return False
    s, shown = ENGINE.apply(m.state, DefendMove(bees=1)), 0
    while ENGINE.decision(s) is None and not s.over:
        before = len(s.log)
        s = ENGINE.step(s)
        shown += any(" wild hive" in line for line in s.log[before:])
    return shown >= 2


def fresh(match: Match) -> Match:
    """A copy of ``match`` at the same position (for a second app)."""
    return Match.replay(ENGINE, match.header, match.history)


def kind_is(*kinds: str):
    return lambda m: m.decision is not None and m.decision.kind in kinds


def turn(m: Match) -> bool:
    return m.decision is not None and m.decision.kind == "turn"


# -- whole games by keys at 80×24 -----------------------------------------------------------------


@pytest.mark.usefixtures("short_idle_guess")
async def test_a_basic_solo_year_by_keys(tmp_path):
    """One player against the wild hives (harder), from the queen to the final
    score: every decision by keys, every label whole on screen. (The choices are
    ``good``'s players without the search, :func:`planner_player`: the same kinds of
    decision in this game, chosen in a few milliseconds in all where ``good``'s search
    took about 7 s; what is under test is the screen, not the choices.)"""
    from bee_lives.bl_helpers import planner_player

    app = make_app(saves_dir=tmp_path, match=new_match(["Ann"], seed=11, harder=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        kinds = await play_game(pilot, screen, {0: planner_player(5)})
        assert {"queen", "turn", "collect", "stop:winter"} <= kinds
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert any("wild hive" in line for line in screen.seen.log)


@pytest.mark.usefixtures("short_idle_guess")
async def test_a_challenge_by_keys_to_the_end_of_its_goal(tmp_path):
    """Builder: the goal is settled at the end of year 1, the end of the game."""
    match = new_match(["Ann"], seed=3, mode="challenge", challenge="builder")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await play_game(pilot, screen, {0: ENGINE.make_player("good", 2)})
        solo = screen.match.state.solo
        assert solo.met or solo.failed  # the goal was settled
        assert "Builder" in screen.match.result.summary


@pytest.mark.usefixtures("short_idle_guess")
async def test_a_campaign_year_by_keys(tmp_path):
    """Wildfire's second year, from its first month to the end: the fire, the
    campaign's spawns, and the usual months, by keys."""
    match = position(["Ann"], lambda m: m.state.year == 2 and m.decision is not None, good=True,
                     mode="campaign", campaign="wildfire", seeds=range(1, 40))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        kinds = await play_game(pilot, screen, {0: ENGINE.make_player("good", 4)})
        assert "turn" in kinds
        assert "Wildfire" in screen.match.result.summary


@pytest.mark.usefixtures("short_idle_guess")
async def test_a_two_player_hot_seat_year_by_keys(tmp_path):
    """Two humans share the keyboard for a year, joining the map at the end of
    May; the keyboard follows whoever must decide (a defender too)."""
    match = new_match(["Ann", "Bob"], seed=15)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        choosers = {0: ENGINE.make_player("good", 1), 1: ENGINE.make_player("good", 2)}
        kinds = await play_game(pilot, screen, choosers)
        assert {"join", "join_place", "turn"} <= kinds
        assert len(ENGINE.view(screen.match.state, None).tiles) > 2


# -- the points of issue 17, each at 80×24 and 160×50 -------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_1_lists_are_never_cut(tmp_path, size):
    """The queens, a raid's party sizes (dice, strength, odds) and the
    actions are whole on screen, however long their labels."""
    at_raid = position(["Ann"], lambda m: turn(m) and any(e.group for e in blview.decision_view(
        m.state, 0).entries if e.key == "r") and m.state.players[0].unassigned >= 4, harder=True)
    for match in (new_match(["Ann"], seed=1), at_raid):
        app = make_app(saves_dir=tmp_path, match=match)
        async with app.run_test(size=size) as pilot:
            screen = app.screen
            await settle(pilot)
            await check_labels(pilot, screen)
            if screen.decision().kind == "turn":
                await pilot.press("r")
                await settle(pilot)
                await check_labels(pilot, screen)
                await pilot.press("1")  # the first target: its party sizes
                await settle(pilot)
                await check_labels(pilot, screen)
                assert any("strength" in e.detail and "%" in e.detail for e in shown_entries(screen))
            cl = choice_list(screen)
            for k in range(len(cl.choices)):  # as the terminal shows them
                cl.highlight(k)
                await settle(pilot)
                assert flat(cl.choices[k].value.label) in region_text(app, cl)


@pytest.mark.parametrize("size", SIZES)
async def test_2_the_question_and_its_keys_are_never_cut(tmp_path, size):
    match = position(["Ann", "Bob"], kind_is("sacrifice"), good=True)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        dv = screen.decision()
        text = status_text(app, screen)
        assert flat(dv.question) in text and flat(dv.keys) in text
        assert dv.preview and flat(dv.preview) in list_text(choice_list(screen))  # what the sacrifice leads to


@pytest.mark.parametrize("size", SIZES)
async def test_2_the_map_s_title_is_whole(tmp_path, size):
    """The map's border title (groups, tiles, the bag) fits between the border's corners,
    with two players' separate groups of tiles at the start."""
    app = make_app(saves_dir=tmp_path, match=new_match(["Ann", "Bob"], seed=21))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#bl-map")
        assert "2 groups" in board.border_title and "bag" in board.border_title
        assert len(board.border_title) <= board.outer_size.width - 6  # "╭─ " title " ─╮"


@pytest.mark.parametrize("size", SIZES)
async def test_3_enter_on_a_number_row_plays_it_with_its_value(tmp_path, size):
    """The defender sets "Free bees" to 1 with → and presses Enter on that row: the sacrifice is played."""
    match = position(["Ann", "Bob"], lambda m: kind_is("sacrifice")(m)
                     and m.state.players[m.decision.seat].unassigned >= 1, good=True)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        seat = screen.match.decision.seat
        row = next(i for i, e in enumerate(shown_entries(screen)) if e.number and e.number.field == "unassigned")
        await goto(pilot, screen, row)
        await pilot.press("right")
        await settle(pilot)
        assert screen.decision().form["unassigned"] == 1
        before = len(screen.match.history)
        asked = screen.decision().entries[0].confirm
        await pilot.press("enter")
        await settle(pilot)
        if asked is not None:  # (sacrificing the last worker is asked first)
            assert isinstance(app.screen, ConfirmScreen) and "0 worker bees" in asked
            await pilot.press("y")
            await settle(pilot)
        played = screen.match.history[before]
        assert played.seat == seat and played.move == ENGINE.move_to_json(SacrificeMove(defenders=0, unassigned=1))


def strong_leader_april() -> Match:
    return position(["Ann"], lambda m: turn(m) and m.state.month == 2 and m.state.players[0].unassigned >= 1,
                    mode="challenge", challenge="strong-leader", seeds=range(1, 60))


@pytest.mark.parametrize("size", SIZES)
async def test_4_a_move_that_loses_the_challenge_is_asked_first_and_can_be_undone(tmp_path, size):
    """q in a Strong Leader game: each queen says it breaks the challenge; the
    question names the loss, No plays nothing, Yes ends the game, and the
    game-over dialog offers Undo, which brings the turn back."""
    app = make_app(saves_dir=tmp_path, match=strong_leader_april())
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        before = len(screen.match.history)
        await pilot.press("q")
        await settle(pilot)
        queens = shown_entries(screen)
        assert queens and all(e.confirm and "Strong Leader" in e.confirm for e in queens)
        await check_labels(pilot, screen)
        assert "Strong Leader" in region_text(app, choice_list(screen))
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "Strong Leader" in flat(str(app.screen.question))
        footer = screen_text(app).splitlines()[-1]  # (both answers' keys named: y was a key nobody was told of)
        assert "y Yes" in footer and "esc No" in footer, footer
        await pilot.press("n")
        await settle(pilot)
        assert len(screen.match.history) == before and not screen.match.over
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert screen.match.over and isinstance(app.screen, GameOverScreen)
        await pilot.click("#over-undo")
        await settle(pilot)
        assert not screen.match.over and len(screen.match.history) == before
        assert app.screen is screen and screen.decision().kind == "turn"


async def test_4_the_swarm_stay_says_it_breaks_strong_leader(tmp_path):
    match = position(["Ann"], kind_is("swarm_stay"), mode="challenge", challenge="strong-leader", good=True,
                     seeds=range(1, 80))
    for size in SIZES:
        app = make_app(saves_dir=tmp_path, match=match)
        async with app.run_test(size=size) as pilot:
            screen = app.screen
            await settle(pilot)
            stay = next(e for e in shown_entries(screen) if e.move == StayMove(stay=True))
            leave = next(e for e in shown_entries(screen) if e.move == StayMove(stay=False))
            assert stay.confirm and "Strong Leader" in stay.confirm and leave.confirm is None
            await check_labels(pilot, screen)
            assert "Strong Leader" in region_text(app, choice_list(screen))
            # the question says the swarm's VP, which both answers score alike
            assert "either way the swarm scores 5 VP" in " ".join(status_text(app, screen).split())


@pytest.mark.parametrize("size", SIZES)
async def test_5_a_key_during_the_wild_hives_steps_runs_them_and_is_taken(tmp_path, size):
    """While the wild hives' steps are shown a key is never refused: d runs
    the steps at once, then opens Defend on the next turn."""
    match = position(["Ann"], wild_round, harder=True, wild_ties="automatic")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        await pilot.press("p")  # hold the steps, so that they are still on show when the key comes
        await pilot.press("d", "1")  # defend with one bee
        # (the steps drawn: keys typed with the answer, before that, would be dropped as typed for no question)
        await until(pilot, lambda: screen.stepping and not screen.keys_guarded)
        # every key comes to the screen while they are shown: the list keeps the focus, taking none
        assert app.focused is None or (app.focused is choice_list(screen) and choice_list(screen).passive)
        await pilot.press("d")
        await settle(pilot)
        assert not screen.stepping
        if screen.match.decision.kind == "turn":
            assert choice_list(screen).in_group and "Defend" in region_text(app, choice_list(screen))
        assert not any("Answer" in n.message or "Wait" in n.message for n in app._notifications)


async def test_5_keys_are_kept_from_a_question_that_came_up_during_the_steps(tmp_path):
    """A question comes up during the wild hives' steps (a tie the first
    player breaks, a raid on the colony): the keys pressed before it showed do
    not answer it, and a notice says so."""
    def question_ahead(m: Match) -> bool:
        if not turn(m) or m.state.players[0].unassigned < 2:
            return False
        s, shown = ENGINE.apply(m.state, DefendMove(bees=1)), False
        while ENGINE.decision(s) is None and not s.over:
            if shown:  # the steps are on show, and more are to come
                while ENGINE.decision(s) is None and not s.over:
                    s = ENGINE.step(s)
                return ENGINE.decision(s) is not None and ENGINE.decision(s).kind != "turn"
            before = len(s.log)
            s = ENGINE.step(s)
            shown = any(" wild hive" in line for line in s.log[before:])
        return False

    match = position(["Ann"], question_ahead, harder=True, seeds=range(1, 120))
    for size in SIZES:
        app = make_app(saves_dir=tmp_path, match=fresh(match))
        async with app.run_test(size=size) as pilot:
            screen = app.screen
            await settle(pilot)
            await pilot.press("p", "d", "1")
            await until(pilot, lambda s=screen: s.stepping and not s.keys_guarded)  # (the steps drawn)
            before = len(screen.match.history)
            await pilot.press("enter")
            await settle(pilot)
            assert screen.match.decision.kind != "turn" and len(screen.match.history) == before
            assert any("new question" in n.message for n in app._notifications)


@pytest.mark.parametrize("size", SIZES)
async def test_6_warnings_before_the_month_ends(tmp_path, size):
    """Feeding that will starve bees is said on the turn, in the status line and on the board."""
    match = position(["Ann"], lambda m: turn(m) and m.state.month < 9 and any(
        w.level == "danger" and "starve" in w.text for w in blview.warnings(m.state, 0)), seeds=range(1, 100))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        warns = blview.warnings(screen.st, 0)
        danger = next(w for w in warns if w.level == "danger")
        assert flat(danger.text) in status_text(app, screen)  # with the question, on the turn
        board = flat(screen._shown["#bl-warn"].plain)
        assert all(flat(w.text) in board for w in warns if w.level != "danger")  # the rest on the board


async def test_6_the_players_own_hive_comes_before_the_warnings_at_80x24(tmp_path):
    """However many warnings there are, the numbers of the player's own hive are in view."""
    match = position(["Ann"], lambda m: turn(m) and len(
        [w for w in blview.warnings(m.state, 0) if w.level != "danger"]) >= 3, seeds=range(1, 100))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        assert len([w for w in blview.warnings(screen.st, 0) if w.level != "danger"]) >= 3
        shown = region_text(app, screen.query_one("#bl-boards"))
        assert "Bees" in shown and "Comb" in shown and "honey" in shown, shown


def test_6_the_warnings_say_feeding_swarming_and_disease():
    st = position(["Ann"], lambda m: turn(m) and m.state.month == 5).state.model_copy(deep=True)
    p = st.players[0]
    p.workers, p.unassigned, p.honey = 6, 6, 1
    texts = [w.text for w in blview.warnings(st, 0)]
    assert any("eat 3 honey and you have 1" in t and "starve" in t for t in texts)
    p.honey, p.pollen, p.water = 4, p.comb - 4, 0
    assert any("comb is full" in w.text for w in blview.warnings(st, 0))
    p.mite = p.mite_normal = 9
    assert any(w.text.startswith("Disease -3") for w in blview.warnings(st, 0))


@pytest.mark.parametrize("size", SIZES)
async def test_7_places_are_named_by_the_map(tmp_path, size):
    """Scout choices name their space by a tile the map shows; after the scout
    the log names the new tile as the map labels it; the map keeps one layout
    whatever is lit, and no cell's text is cut."""
    match = position(["Ann"], lambda m: turn(m) and len(m.state.tiles) >= 3 and m.state.players[0].unassigned >= 2
                     and blview.bag_size(m.state) > 1)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        board = screen.query_one(BeeLivesMap)
        layout = board.scales
        drawn = {v.big for v in board.picture.cells.values()} | {v.tall[0] for v in board.picture.cells.values()}
        await pilot.press("s")
        await settle(pilot)
        scout = shown_entries(screen)[0]
        named = scout.title.split(" of ")[-1]
        assert any(named in label for label in drawn), f"{named} is not on the map"
        assert board.scales == layout, "one layout per screen size"
        cw, rh = board.scales[0]
        for view in board.picture.cells.values():
            lines = view.tall if rh == 3 else (view.big, view.sub)
            assert all(len(line) <= cw - 1 for line in lines), lines
        log = len(screen.match.state.log)
        await play_by_keys(pilot, screen, scout.move)
        while screen.match.decision.kind == "keep":
            await play_by_keys(pilot, screen, screen.decision().entries[0].move)
        new = screen.match.state.log[log:]
        names = {t.name for g in blview.map_groups(screen.st) for t in g.tiles}
        placed = next(line for line in new if " places the " in line)
        assert any(placed.rstrip(".").split(" tile ")[1].startswith(n) for n in names)
        assert board.scales == layout
        assert "(" not in placed  # no coordinates


@pytest.mark.parametrize("size", SIZES)
async def test_8_game_over_buttons_are_aligned_and_down_moves_between_them(tmp_path, size):
    match = position(["Ann"], lambda m: turn(m) and m.state.month == 9 and m.state.players[0].unassigned == 1,
                     seeds=range(1, 60))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        await play_by_keys(pilot, screen, DefendMove(bees=1), labels=False)
        await settle(pilot)
        stops = await through_stops(pilot, screen)
        assert [s.month for s in stops] == ["December", "January", "February"]
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        buttons = list(dialog.query("#over-buttons Button"))
        assert len({(b.region.x, b.region.width) for b in buttons}) == 1, "the buttons stand in one column"
        assert [b.id for b in buttons][:2] == ["over-board", "over-undo"]
        assert app.focused is buttons[0]
        await pilot.press("down")
        assert app.focused is buttons[1]


async def test_8_at_160x50_the_map_stands_at_the_top_of_its_column(tmp_path):
    app = make_app(saves_dir=tmp_path, match=new_match(["Ann"], seed=2))
    async with app.run_test(size=(160, 50)) as pilot:
        screen = app.screen
        await settle(pilot)
        board, col = screen.query_one(BeeLivesMap), screen.query_one("#bl-map-col")
        assert board.region.y == col.region.y
        assert board.region.height < col.region.height // 2  # a one-tile map is not stretched over the column


@pytest.mark.parametrize("size", SIZES)
async def test_8_the_load_screen_tells_challenge_and_campaign_saves_apart(tmp_path, size):
    from beegames.core.saves import create_new_save

    from .helpers import screen_text

    for opts in ({"mode": "challenge", "challenge": "builder"}, {"mode": "campaign", "campaign": "wildfire"}):
        create_new_save(new_match(["Amber"], seed=1, **opts), tmp_path)
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(app)
        assert "challenge-builder" in text or "bee-lives-challenge" in text
        assert "campaign" in text
        details = set()
        for _ in range(2):
            details.add(flat(str(app.screen.query_one("#load-detail").render())))
            await pilot.press("down")
            await settle(pilot)
        assert any("Challenge: Builder" in d for d in details) and any("Campaign: Wildfire" in d for d in details)


# -- the rest of the screen ------------------------------------------------------------------------


def at_join() -> Match:
    return position(["Ann", "Bob"], lambda m: kind_is("join")(m) and len(m.legal_moves()) >= 3)


async def test_join_preview_before_confirming(tmp_path):
    """Highlighting tiles to touch and a turn redraws the joined map without
    playing anything; Enter confirms it, then the place is previewed the same
    way (list or a click on a lit place), Esc goes back, and a second click on
    the previewed place confirms."""
    match = at_join()
    ann = match.decision.seat
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        history = len(screen.match.history)
        st = screen.st
        mine = st.tiles[st.players[ann].hive].group
        joins = [e.move for e in shown_entries(screen) if isinstance(e.move, JoinMove)]
        assert len(joins) >= 2 and screen.has_class("map-only")
        for index, join in enumerate(joins[:3]):
            await goto(pilot, screen, index)
            await settle(pilot)
            assert screen.hover.move == join
            pic = screen.query_one(BeeLivesMap).picture
            moved = {s.tile for s in pic.spots.values() if s.kind == "tile" and s.group == join.group
                     and st.tiles[s.tile].group == mine}
            assert moved == {t.id for t in st.tiles if t.group == mine}, "the whole group is previewed"
            assert len(screen.match.history) == history, "previewing plays nothing"
        await play_by_keys(pilot, screen, joins[2])
        assert screen.match.decision.kind == "join_place"
        places = [e.move for e in shown_entries(screen) if isinstance(e.move, PlaceMove)]
        await goto(pilot, screen, 1)
        await settle(pilot)
        assert screen.hover.move == places[1]
        await pilot.press("escape")  # back to the tiles and the turn
        await settle(pilot)
        assert screen.match.decision.kind == "join"
        await play_by_keys(pilot, screen, joins[2])
        board = screen.query_one(BeeLivesMap)
        cell, spot = next((c, s) for c, s in board.picture.spots.items() if s.kind == "place")
        await click_cell(pilot, board, cell)
        assert screen.hover.move == PlaceMove(dq=spot.q, dr=spot.r)
        assert screen.match.decision.kind == "join_place"
        # the preview now puts the joining hive there: a click on it confirms the place
        board = screen.query_one(BeeLivesMap)
        hive = next(c for c, s in board.picture.spots.items() if s.kind == "tile" and s.tile == st.players[ann].hive)
        await click_cell(pilot, board, hive)
        assert any(h.move == {"kind": "place", "dq": spot.q, "dr": spot.r} for h in screen.match.history)


async def click_cell(pilot, board: BeeLivesMap, cell) -> None:
    x, y = board.cell_origin(cell)
    await pilot.click(BeeLivesMap, offset=(x + 2, y + 1))  # inside the border
    await settle(pilot)


async def test_wild_hives_step_one_at_a_time(tmp_path):
    """p pauses the wild hives' steps (no timer left running), n takes exactly
    one, p resumes; the log names what every wild hive did."""
    match = position(["Ann"], wild_round, harder=True, wild_ties="automatic")
    wild = [w.name for w in match.state.wild if w.tile is not None]
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        log0 = len(screen.match.state.log)
        await pilot.press("p", "d", "1")
        await until(pilot, lambda: screen.stepping)
        assert screen.steps_paused and not screen._chain_alive
        assert "wild hives are at work" in screen._shown["#bl-status"].plain
        shown = len(screen.match.state.log)
        await pilot.press("n")
        new = screen.match.state.log[shown:]
        assert new and any(" wild hive" in line for line in new)
        await pilot.press("p")  # resume
        await settle(pilot)
        assert not screen.stepping
        lines = screen.seen.log[log0:]
        assert all(any(name in line for line in lines) for name in wild)


async def test_mouse_forages_and_scouts_and_refusals_explain(tmp_path):
    """A click on a lit tile forages it, a click on a lit + space scouts it;
    a click on a wild hive opens its raid; a click on a tile that is no choice
    is refused with the rules' reason and changes nothing."""
    match = position(["Ann"], lambda m: turn(m) and m.state.players[0].unassigned >= 4 and m.state.month <= 8
                     and any(w.tile is not None for w in m.state.wild), harder=True, wild_ties="automatic")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await settle(pilot)
        board = screen.query_one(BeeLivesMap)
        st = screen.st
        forage = {m.tile for m in screen.moves() if isinstance(m, ForageMove)}
        lit = {board.picture.spots[c].tile for c in board.picture.highlights if board.picture.spots[c].kind == "tile"}
        assert forage <= lit
        wild_tile = next(w.tile for w in st.wild if w.tile is not None)
        before = len(screen.match.history)
        cell = board.picture.cell_of(next(s for s in board.picture.spots.values() if s.tile == wild_tile))
        await click_cell(pilot, board, cell)
        if any(m for m in screen.moves() if getattr(m, "target", None)):
            assert choice_list(screen).in_group  # its raid's party sizes
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert len(screen.match.history) == before and not choice_list(screen).in_group
        tile = min((b, t) for t, b in blview.reach(st, 0).forage)[1]
        cell = board.picture.cell_of(next(s for s in board.picture.spots.values() if s.kind == "tile"
                                          and s.tile == tile))
        await click_cell(pilot, board, cell)
        assert screen.match.history[-1].move == {"kind": "forage", "tile": tile}
        while screen.match.decision.kind != "turn":
            await play_by_keys(pilot, screen, screen.decision().entries[0].move, labels=False)
            await settle(pilot)
        board = screen.query_one(BeeLivesMap)
        cell = board.picture.cell_of(next(s for s in board.picture.spots.values() if s.kind == "tile"
                                          and s.tile == tile))
        before = len(screen.match.history)
        await click_cell(pilot, board, cell)
        assert len(screen.match.history) == before
        assert any("cannot forage" in n.message for n in app._notifications)
        space = next(c for c in board.picture.highlights if board.picture.spots[c].kind == "space")
        spot = board.picture.spots[space]
        await click_cell(pilot, board, space)
        assert screen.match.history[-1].move == {"kind": "scout", "q": spot.q, "r": spot.r}


async def test_keys_screen_lists_the_bee_lives_keys(tmp_path):
    app = make_app(saves_dir=tmp_path, match=new_match(["Ann"], seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        rows = dict(app.screen.rows())
        assert {"Space", "p / n", "B3 W7 H2 ≈5", "b", "g"} <= set(rows)
        # every action's letter has its own row, r and q too
        for action, key in blview.ACTION_KEYS.items():
            assert rows.get(key, "").startswith(blview.ACTION_TITLES[action]), (key, rows.get(key))


async def test_undo_takes_back_a_choice_and_esc_backs_out(tmp_path):
    """Esc backs out of an action's sub-list without playing; u takes back
    the last decision (the collection), and the form comes back."""
    match = position(["Ann"], lambda m: turn(m) and m.state.players[0].unassigned >= 2
                     and m.state.players[0].empty >= 2 and m.state.month <= 8)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        start = len(screen.match.history)
        await pilot.press("d")
        await settle(pilot)
        assert choice_list(screen).in_group
        await pilot.press("escape")
        await settle(pilot)
        assert not choice_list(screen).in_group and len(screen.match.history) == start and app.screen is screen
        await pilot.press("f", "1")
        await settle(pilot)
        assert screen.match.decision.kind == "collect"
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.match.history) == start + 2
        await pilot.press("u")
        await settle(pilot)
        assert len(screen.match.history) == start + 1
        assert screen.match.decision.kind == "collect" and screen.decision().form


async def test_a_replay_steps_with_the_arrows_and_brackets(tmp_path):
    """In a replay ←/→ and [/] step through the moves: the screen's own keys
    (the map's lit cells, the list's numbers) leave them to the replay."""
    from beegames.core.saves import create_new_save, load_save

    match = position(["Ann"], lambda m: len(m.history) >= 12)
    path = create_new_save(match, tmp_path)
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_replay(load_save(path, get_engine), path)
        await settle(pilot)
        screen = game_screen(app)
        assert isinstance(screen, BeeLivesScreen) and screen.replay is not None
        start = screen.replay.index
        await pilot.press("right")
        await settle(pilot)
        assert screen.replay.index == start + 1
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert screen.replay.index == start + 2
        await pilot.press("left", "left_square_bracket")
        await settle(pilot)
        assert screen.replay.index == start


def test_snapshot_80x24(snap_compare, tmp_path):
    match = position(["Ann"], lambda m: turn(m) and m.state.month >= 4 and len(m.state.tiles) >= 6
                     and sum(w.tile is not None for w in m.state.wild) >= 2, harder=True)
    assert snap_compare(make_app(saves_dir=tmp_path, match=match), terminal_size=(80, 24))


def test_snapshot_160x50(snap_compare, tmp_path):
    async def raid_sizes(pilot):
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)

    match = position(["Ann", "Bob"], lambda m: turn(m) and m.state.month >= 4 and len({t.group for t in m.state.tiles})
                     == 1 and len(m.state.tiles) >= 8 and m.state.players[m.decision.seat].unassigned >= 3)
    assert snap_compare(make_app(saves_dir=tmp_path, match=match), terminal_size=(160, 50), run_before=raid_sizes)


# -- the solo modes -----------------------------------------------------------------------------


async def test_a_challenge_starts_from_the_new_game_form_and_shows_its_goal(tmp_path):
    """A one-player Builder challenge starts from the form, and the goal and
    its progress stand on the boards (under the player's own hive)."""
    from textual.widgets import Select

    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        form.query_one("#game", Select).value = "bee-lives"
        await settle(pilot)
        form.query_one("#players", Select).value = 1
        form.query_one("#opt-mode", Select).value = "challenge"
        form.query_one("#opt-challenge", Select).value = "builder"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BeeLivesScreen) and screen.match.state.solo.challenge == "builder"
        goal = screen._shown["#bl-goal"].plain
        assert "Goal Builder" in goal and "comb 10 of 20 cells" in goal


async def test_a_scenario_draws_its_haunted_hives_and_scares_ghosts_by_keys(tmp_path):
    """Haunted Hives: the haunted hive (Ω) and the haunted tiles (†) are on the
    map and in the legend; r opens the Raid list, which offers to scare the
    ghosts off a tile."""
    from beegames.games.bee_lives.models import ScareMove

    match = position(["Ann"], lambda m: turn(m) and any(isinstance(x, ScareMove) for x in m.legal_moves()),
                     good=True, mode="scenario", scenario="haunted-hives", years="2")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        labels = [c.big for c in screen.query_one(BeeLivesMap).picture.cells.values()]
        assert any(lbl.startswith("Ω") for lbl in labels) and any("†" in lbl for lbl in labels)
        legend = screen._shown["#bl-legend"].plain
        assert "†" in legend and "Ω" in legend
        scare = next(x for x in screen.moves() if isinstance(x, ScareMove))
        before = len(screen.match.state.solo.haunted_tiles)
        await play_by_keys(pilot, screen, scare)
        assert scare.tile not in screen.match.state.solo.haunted_tiles
        assert len(screen.match.state.solo.haunted_tiles) == before - 1


async def test_a_campaign_draws_the_fire_and_the_zombees(tmp_path):
    """Wildfire: burned tiles (×) and the fire's progress in the goal; Zombees:
    an infected wild hive (Z) and the infection in the goal."""
    fire = position(["Ann"], lambda m: turn(m) and m.state.year == 2 and bool(m.state.solo.burned), good=True,
                    mode="campaign", campaign="wildfire")
    app = make_app(saves_dir=tmp_path, match=fire)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        assert any("×" in c.big for c in screen.query_one(BeeLivesMap).picture.cells.values())
        goal = screen._shown["#bl-goal"].plain
        assert "Wildfire" in goal and "fire from the" in goal and "tiles burned" in goal
    sick = position(["Ann"], lambda m: turn(m) and m.state.year == 2 and bool(m.state.solo.infected_hives),
                    good=True, mode="campaign", campaign="zombees")
    app = make_app(saves_dir=tmp_path, match=sick)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        assert any(c.big.startswith("Z") for c in screen.query_one(BeeLivesMap).picture.cells.values())
        assert "infected wild hive" in screen._shown["#bl-goal"].plain


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



# -- the QA pass at 80×24: the boards, the map's view, the last workers, the labels ---------------


def panel_text(app, panel) -> str:
    """The text drawn in a scrolling panel's content (its scroll bar left out), its rows joined."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    r = panel.scrollable_content_region
    return flat(" ".join(line[r.x:r.x + r.width] for line in lines[r.y:r.y + r.height]))


def goal_mode() -> Match:
    """A campaign with a challenge: the goal box has the most to say."""
    return new_match(["Amber"], seed=4, mode="campaign", campaign="three-generations", challenge="builder")


async def test_qa1_every_part_of_the_boards_is_reached_by_keys_own_hive_first(tmp_path):
    """At 80×24 the boards show the player's own hive first, the goal after it;
    b shows them whole and focused, and PageDown reaches every part (the goal,
    the wild hives, the season card's text); b again hides them and the map's
    box takes their room; b again puts them back under the map, own hive
    first. Tab reaches them too, ↓ scrolls them and Esc goes back to the list.
    The footer and the panel's border say how."""
    from .helpers import screen_text

    app = make_app(saves_dir=tmp_path, match=goal_mode())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        await pilot.press("1")  # the queen
        await settle(pilot)
        boards = screen.query_one("#bl-boards")
        board, col = screen.query_one(BeeLivesMap), screen.query_one("#bl-map-col")
        shown = region_text(app, boards)
        assert "Bees" in shown and "Comb" in shown, shown  # the own hive first, even in a goal mode
        assert "b Boards" in screen_text(app)
        assert "more ▼ · b or Tab" in screen_text(app)
        small, map_height = boards.region.height, board.region.height
        # b: read them whole
        await pilot.press("b")
        await settle(pilot)
        assert app.focused is boards and not col.display and boards.region.height > small
        card = blview.season_info(screen.st).card
        parts = {"Bees", "Goal Three Generations + Builder", "Wild hives", flat(card.text)}
        seen = panel_text(app, boards)
        for _ in range(10):
            if boards.scroll_y >= boards.max_scroll_y:
                break
            await pilot.press("pagedown")
            await settle(pilot)
            seen += " " + panel_text(app, boards)
        assert all(part in seen for part in parts), seen
        # b again: hidden, and the map's box takes the room
        await pilot.press("b")
        await settle(pilot)
        assert not boards.display and app.focused is choice_list(screen)
        legend = screen.query_one("#bl-legend")
        assert board.region.height > map_height and board.region.height + legend.region.height == col.region.height
        # b again: back under the map, the own hive first
        await pilot.press("b")
        await settle(pilot)
        assert boards.display and col.display and boards.scroll_y == 0
        assert "Bees" in region_text(app, boards)
        # Tab reaches them, ↓ scrolls them, Esc goes back to the list
        for _ in range(4):
            if app.focused is boards:
                break
            await pilot.press("tab")
            await settle(pilot)
        assert app.focused is boards and col.display  # (Tab scrolls them where they stand)
        await pilot.press("down")
        await settle(pilot)
        assert boards.scroll_y > 0
        await pilot.press("escape")
        await settle(pilot)
        assert app.focused is choice_list(screen) and app.screen is screen


async def test_qa1_at_160x50_b_focuses_the_boards_and_back(tmp_path):
    app = make_app(saves_dir=tmp_path, match=goal_mode())
    async with app.run_test(size=(160, 50)) as pilot:
        screen = app.screen
        await settle(pilot)
        boards = screen.query_one("#bl-boards")
        await pilot.press("b")
        await settle(pilot)
        assert app.focused is boards and screen.query_one(BeeLivesMap).display
        await pilot.press("b")
        await settle(pilot)
        assert app.focused is choice_list(screen) and boards.display


def hot_seat(stop, seeds=range(5, 60)) -> Match:
    """The first position where ``stop`` holds in seeded random games of three
    seats, names with brackets, the third one the computer's."""
    seats = [SeatInfo(name="[red]Ann"), SeatInfo(name="Bob[/b]"), SeatInfo(name="[bold]Cy", kind="computer")]
    for seed in seeds:
        match = Match.new(ENGINE, options={}, seats=seats, seed=seed)
        rnd = random.Random(seed)
        while not match.over:
            if stop(match):
                return match
            match.play(rnd.choice(match.legal_moves()))
    raise AssertionError("no game reached the position")


def whole_in_view(board: BeeLivesMap, cells: list) -> bool:
    """True if ``cells`` could all be in the map's box at once."""
    cw, rh = board.scale
    boxes = [board._box(c, cw, rh) for c in cells]
    return (max(b[1] for b in boxes) - min(b[0] for b in boxes) <= board.size.width
            and max(b[3] for b in boxes) - min(b[2] for b in boxes) <= board.size.height)


async def test_qa2_the_map_keeps_the_deciding_hive_and_its_raider_in_view(tmp_path):
    """At 80×24, in hot seat, the map shows the hive of the seat deciding (not
    the first player's part of the meadow), and the wild hive raiding it or the
    tile a swarm goes to when it fits beside it."""
    positions = [hot_seat(lambda m, k=kind: m.decision.seat == 1 and m.decision.kind == k and len(m.state.tiles) > 12)
                 for kind in ("wild_sacrifice", "swarm_tile")]
    for match in positions:
        app = make_app(saves_dir=tmp_path, match=match)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            await settle(pilot)
            board = screen.query_one(BeeLivesMap)
            assert not board.fits  # (the map is bigger than its box)
            dv = screen.decision()
            cells = {s.tile: c for c, s in board.picture.spots.items() if s.kind == "tile"}
            hive = cells[screen.st.players[1].hive]
            assert board.in_view(hive), dv.kind
            other = cells[dv.about[1]] if len(dv.about) > 1 else \
                min(board.picture.highlights, key=lambda h: (board.cell_origin(h)[1], h[0]))
            if whole_in_view(board, [hive, other]):
                assert board.in_view(other), dv.kind


async def test_qa4_the_last_workers_are_asked_for_and_the_empty_months_told(tmp_path):
    """A raider sacrificed to a wild hive that leaves no worker is warned of in
    its entry and asked first; each month that then goes by without a turn is
    a stop that says so (QA #8), gone on from with space, then the winter's."""
    from beegames.games.bee_lives.models import PressMove

    seed = 9  # (a harder solo game in which, in April, the last raider can be sacrificed)
    match = new_match(["Ann"], seed=seed, harder=True)
    rnd = random.Random(seed)
    moves = []
    while match.decision.kind != "press":
        move = rnd.choice(match.legal_moves())
        moves.append((match.decision.kind, move))
        match.play(move)
    turn_at = max(i for i, (kind, _m) in enumerate(moves) if kind == "turn")
    app = make_app(saves_dir=tmp_path, match=Match.replay(ENGINE, match.header, match.history[:turn_at]))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        for _kind, move in moves[turn_at:]:
            await play_by_keys(pilot, screen, move, labels=False)
        assert screen.match.decision.kind == "press"
        last = next(e for e in shown_entries(screen) if e.move == PressMove(bees=1))
        assert last.confirm and "0 worker bees" in last.confirm
        assert "0 worker bees" in list_text(choice_list(screen))  # in its entry, on screen
        await play_by_keys(pilot, screen, last.move, labels=False)  # (asked first: y)
        stops = []
        while not isinstance(app.screen, GameOverScreen):
            if screen.stop is not None:
                stops += await through_stops(pilot, screen, key="space")
            else:
                await play_by_keys(pilot, screen, screen.decision().entries[0].move, labels=False)
        idle = [stop for stop in stops if stop.kind == "idle"]
        assert [stop.month for stop in idle] == ["May", "June", "July", "August", "September", "October", "November"]
        assert idle[0].lines == ["Ann had no free bee left for a turn in May, so no action then."]
        assert idle[0].then == "June"
        assert idle[-1].then == "the winter"
        assert [stop.month for stop in stops if stop.kind == "winter"] == ["December", "January", "February"]


def test_qa10_hives_on_the_map_are_told_apart():
    """Two players whose names start alike read differently on the map, and a
    wild hive's name is whole where the cell has room for it."""
    from beegames.ui.widgets.bee_lives.map import Names, short_names

    assert short_names(["Annabelle", "Annabeth", "Bob"], 6) == ["Ann…le", "Ann…th", "Bob"]
    assert short_names(["Amber", "Amberly"], 3) == ["A…r", "A…y"]
    match = position(["Annabelle", "Annabeth"], lambda m: any(w.tile is not None for w in m.state.wild)
                     and sum(bool(t.foragers) for g in blview.map_groups(m.state) for t in g.tiles) >= 2)
    st = match.state
    names = Names(seats=[p.name for p in st.players], colours=["#fff", "#eee"], wild=[w.name for w in st.wild])
    strengths = {i: w.strength for i, w in enumerate(st.wild)}
    pic = draw_map(blview.map_groups(st), names, width_cells=6, strengths=strengths)
    subs = {v.sub for v in pic.cells.values()}
    assert {"Ann…le", "Ann…th"} <= subs
    short = dict(zip([w.name for w in st.wild], blview.wild_short_names([w.name for w in st.wild]), strict=True))
    wild = next(w for w in st.wild if w.tile is not None)
    assert short[wild.name] in " ".join(v.big + " " + v.sub for v in pic.cells.values())


async def test_qa8_the_winter_is_read_month_by_month_before_the_game_over(tmp_path):
    """After the last move of November the steps stop at each month of winter
    upkeep (its account heads the boards, which take the map's room at 80×24);
    a key that is not "go on" leaves it shown and says why; Space goes on;
    the Game over dialog comes after February's, with the year's score."""
    from .helpers import screen_text

    match = position(["Ann"], lambda m: turn(m) and m.state.month == 9 and m.state.players[0].unassigned == 1,
                     seeds=range(1, 60))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        await play_by_keys(pilot, screen, DefendMove(bees=1), labels=False)
        assert app.screen is screen and screen.stop is not None and screen.stop.month == "December"
        assert not screen.query_one("#bl-map-col").display and screen.query_one("#bl-stop").display
        assert "December (winter) · Winter" in status_text(app, screen)
        assert "space Go on" in screen_text(app).splitlines()[-1]
        await pilot.press("d")
        await settle(pilot)
        assert screen.stop.month == "December"
        assert any("Read what happened first" in n.message for n in app._notifications)
        await pilot.press("space")
        await settle(pilot)
        assert screen.stop.month == "January"
        stops = await through_stops(pilot, screen)
        assert [stop.month for stop in stops] == ["January", "February"]
        assert all("Year's end:" in line for line in stops[-1].lines)
        assert isinstance(app.screen, GameOverScreen)
        assert screen.query_one("#bl-map-col").display  # (the map is back under the dialog)


def _passes_to_the_other(m: Match) -> bool:
    """A turn of Bob's in spring (the wild hives asleep) after which (defending
    with one bee) it is Ann's turn at once."""
    d = m.decision
    if not turn(m) or d.seat != 1 or m.state.year != 1 or m.state.month > 3 or m.state.players[1].unassigned < 2:
        return False
    after = ENGINE.advance(ENGINE.apply(m.state, DefendMove(bees=1)))
    nxt = ENGINE.decision(after)
    return nxt is not None and nxt.seat == 0 and nxt.kind == "turn" and after.players[0].unassigned >= 2


async def test_qa9_keys_typed_ahead_do_not_play_the_next_players_turn(tmp_path):
    """Hot seat with two people (an open game: no hand-off screen): Bob's keys
    typed ahead (d 1, then d 1 again) defend for Bob only; the second d 1 is
    dropped, with a word, and Ann's turn waits for her own keys."""
    from textual import events

    match = position(["Ann", "Bob"], _passes_to_the_other)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        assert screen.mine() and screen.match.decision.seat == 1
        moves = len(screen.match.history)
        for key in ("d", "1", "d", "1"):  # all queued before the first is taken
            app._driver.send_message(events.Key(key, key))
        await settle(pilot)
        m = screen.match
        assert [(e.seat, e.move) for e in m.history[moves:]] == [(1, ENGINE.move_to_json(DefendMove(bees=1)))]
        assert m.decision.seat == 0 and m.decision.kind == "turn" and app.screen is screen
        assert m.state.players[0].assigned["defend"] == 0
        assert any("Ann's turn now" in n.message for n in app._notifications)
        assert not choice_list(screen).in_group  # (nor did the keys open Ann's Defend)
        await pilot.press("d", "1")  # Ann's own keys, once her turn is shown
        await settle(pilot)
        assert m.history[-1].seat == 0 and m.state.players[0].assigned["defend"] == 1


async def test_qa10_a_hint_leaves_the_map_its_room_at_80x24(tmp_path):
    """At 80×24 a hint's lines take the boards' room, not the map's (b still
    shows the boards whole), and with its sub-list open the footer says that
    Esc goes back; once the hint is played the boards come back. The map's
    title counts its tiles in good English."""
    from .helpers import screen_text

    app = make_app(saves_dir=tmp_path, match=new_match(["Amber"], seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        # (a fixed effort: the hint, and so the lines it takes, never depends on the machine's speed)
        screen.hint_seconds, screen.hint_effort = None, 1
        await settle(pilot)
        await pilot.press("1")  # the queen
        await settle(pilot)
        board, boards = screen.query_one(BeeLivesMap), screen.query_one("#bl-boards")
        before = board.region.height
        assert boards.display and board.border_title.startswith("Map · 1 tile · ")  # (not "1 tiles")
        await pilot.press("i")
        await settle(pilot)
        assert screen.current_hint() is not None and screen.query_one("#coach").display
        assert not boards.display and board.region.height > before, (before, board.region.height)
        footer = screen_text(app).splitlines()[-1]
        assert choice_list(screen).in_group and "esc Back" in footer and "i Play hint" in footer
        await pilot.press("i")  # plays it
        await settle(pilot)
        assert screen.current_hint() is None and boards.display
