"""The Waggle Dance screen through Pilot: whole games by key presses only (both editions),
the hot-seat hand-off, refusals with a reason, stepping, layout at 80x24 and 160x50, and
snapshots.

Keys are sent one at a time and each is followed by a wait until every widget has handled
every message (:func:`keys`): the tests wait on the app's state, never on the clock.
"""

from __future__ import annotations

from collections import Counter

import pytest
from textual import events
from textual.worker import WorkerCancelled

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.core.state import headline
from beegames.games import get_engine
from beegames.games.waggle_dance.ai import make_player
from beegames.games.waggle_dance.models import DeclineMove, HelperMove, PlaceMove, PlayMove
from beegames.ui.app import make_app
from beegames.ui.screens.modals import GameOverScreen, HandoffScreen, RulesSummaryScreen
from beegames.ui.screens.waggle_dance import Step, WaggleDanceScreen
from beegames.ui.widgets.choices import ChoiceList
from beegames.ui.widgets.panels import GameLog
from beegames.ui.widgets.waggle_dance.look import DICE_HEX

from . import helpers as ui
from .helpers import region_text, screen_text

CHARS = {"enter": "\r", "space": " ", "escape": "\x1b", "tab": "\t"}


def new_match(seats: list[SeatInfo], seed: int, **options) -> Match:
    return Match.new(get_engine("waggle-dance"), options=options, seats=seats, seed=seed)


def solo_match(seed: int = 5, **options) -> Match:
    return new_match([SeatInfo(name="Ann")], seed, **options)


async def drain(pilot, layout: bool = False) -> None:
    """Wait until the app and every widget of the screen have no message left to handle
    (with ``layout``, also lay out and paint what is pending, as the next frame would)."""
    app = pilot.app
    for _ in range(200):
        await pilot._wait_for_screen()
        if not any(p.message_queue_size for p in [app, *app.screen.walk_children(with_self=True)]):
            screen = app.screen
            # a frame is due while the layout or a scroll is pending, or callbacks wait for
            # after the next repaint (the k key scrolls to the hand that way)
            due = (screen._layout_required or screen._scroll_required or screen._repaint_required
                   or bool(screen._dirty_widgets) or bool(screen._callbacks))
            if not layout and screen._callbacks:
                # (work waiting for the next repaint, such as the key guard's release after a new
                # question is drawn: the frame it waits for is drawn now, or the next key races it)
                screen._on_timer_update()
                continue
            if not layout or not due:
                if layout:
                    screen._on_timer_update()  # the frame the next refresh would draw
                    layout = False
                    continue
                return
            screen._on_timer_update()
    raise AssertionError("the app never went quiet")


async def keys(pilot, *names: str) -> None:
    """Press keys, one at a time, waiting on the app's state after each."""
    for name in names:
        char = CHARS.get(name, name if len(name) == 1 else None)
        pilot.app.post_message(events.Key(name, char))
        await drain(pilot)


async def settle(pilot, screen: WaggleDanceScreen) -> None:
    """Let the automatic steps run (Space) and computers think, until a human decides."""
    await drain(pilot)
    for _ in range(500):
        if screen.stepping:
            await keys(pilot, "space")
        elif screen.thinking:
            try:
                await pilot.app.workers.wait_for_complete()
            except WorkerCancelled:
                pass  # a player's finished worker, cancelled when the next one starts
            await drain(pilot)
        elif screen.keys_guarded:
            # a new question is drawn before the player answers it (keys typed ahead of it are dropped)
            await drain(pilot, layout=True)
        else:
            return
    raise AssertionError("the screen never settled")


def choice_index(screen: WaggleDanceScreen, pred) -> int:
    for i, choice in enumerate(screen._choices):
        if pred(choice.value):
            return i
    raise AssertionError(f"no such choice among {[c.text.plain for c in screen._choices]}")


def choice_path(screen: WaggleDanceScreen, pred) -> list[int]:
    """The indices from the top of the list to the first entry whose value satisfies ``pred``,
    through the groups that hold it."""
    def find(level) -> list[int] | None:
        for i, choice in enumerate(level):
            if choice.group is not None:
                sub = find(choice.group)
                if sub is not None:
                    return [i, *sub]
            elif pred(choice.value):
                return [i]
        return None

    path = find(screen._choices)
    if path is None:
        raise AssertionError(f"no such choice among {[c.text.plain for c in screen._choices]}")
    return path


async def pick_from_list(pilot, screen: WaggleDanceScreen, pred) -> None:
    """Choose an entry by ↑/↓ and Enter (opening the groups on the way)."""
    while screen.query_one("#wd-choices", ChoiceList).in_group:
        await keys(pilot, "left")
    for index in choice_path(screen, pred):
        await keys(pilot, "home", *(["down"] * index), "enter")


def keys_for_place(screen: WaggleDanceScreen, move: PlaceMove) -> list[str] | None:
    """Keys that place ``move``: the die's digit, then the target's key(s)."""
    picked = [] if screen.sel_die == move.die and screen.picker.step is Step.TARGET else [str(move.die)]
    letter, num = move.target[0], int(move.target[1:])
    if letter in "ACEG":
        return picked + [letter.lower()]
    if letter == "D":  # (with Directions, more than one flower lit: D and the flower's number)
        flowers = [t for t in screen.place_targets(move.die) if t.startswith("D")]
        return picked + (["d"] if len(flowers) == 1 else ["d", str(num)])
    if letter == "R" and num <= 9:
        return picked + ["r", str(num)]
    if letter == "T" and num <= 9:
        threats = [t for t in screen.place_targets(move.die) if t.startswith("T")]
        return picked + (["t"] if len(threats) == 1 else ["t", str(num)])
    return None


async def play_by_keys(pilot, screen: WaggleDanceScreen, move) -> None:
    """Make the human decision ``move`` with key presses only."""
    kind = screen.match.decision.kind
    if kind == "turn" and isinstance(move, PlaceMove):
        k = keys_for_place(screen, move)
        if k is not None:
            await keys(pilot, *k)
            return
        await keys(pilot, str(move.die))  # e.g. a flower opened by Directions: then the list
        await pick_from_list(pilot, screen, lambda a: a == move)
        return
    if kind == "turn" and isinstance(move, HelperMove):
        await keys(pilot, "h", str(move.helper), str(move.die), str(move.value))
        return
    if kind == "turn" and isinstance(move, PlayMove):
        await keys(pilot, "k")
        if any(c.value == move for c in screen._choices):
            await pick_from_list(pilot, screen, lambda a: a == move)
        else:
            await pick_from_list(pilot, screen, lambda a: a == ("card", move.card))
            await pick_from_list(pilot, screen, lambda a: a == move)
        return
    await pick_from_list(pilot, screen, lambda a: a == move)


async def play_whole_game(pilot, chooser, limit: int = 3000) -> tuple[int, set[str]]:
    """Play to the game-over dialog by keys; returns the hand-offs met and the move kinds used."""
    app = pilot.app
    screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
    handoffs = 0
    used: set[str] = set()
    for _ in range(limit):
        await settle(pilot, screen)
        if isinstance(app.screen, HandoffScreen):
            handoffs += 1
            await keys(pilot, "enter")
            continue
        if screen.match.over:
            break
        assert screen.human_to_move and app.screen is screen
        before = len(screen.match.history)
        seat = screen.match.decision.seat
        move = chooser.choose(screen.match.engine, screen.match.engine.view(screen.match.state, seat))
        used.add(type(move).__name__)
        await play_by_keys(pilot, screen, move)
        # (a computer may already have answered: look at the entry the keys made)
        assert len(screen.match.history) > before, f"the keys did not play {move!r}"
        assert screen.match.history[before].move == screen.match.engine.move_to_json(move)
    assert screen.match.over
    await drain(pilot)
    assert isinstance(app.screen, GameOverScreen)
    return handoffs, used


@pytest.mark.usefixtures("short_idle_guess")
async def test_whole_solo_game_by_keys(tmp_path):
    """One human against Bumblebot, from the first roll to the game-over dialog, every decision
    made with key presses chosen from the state."""
    app = make_app(saves_dir=tmp_path, match=solo_match(seed=11))
    async with app.run_test(size=(100, 34)) as pilot:
        _handoffs, used = await play_whole_game(pilot, make_player("good", 3))
        assert "PlaceMove" in used and len(used) >= 3


@pytest.mark.usefixtures("short_idle_guess")
async def test_whole_first_edition_game_by_keys(tmp_path):
    """The 2014 edition against a computer player: windows, trades and cards by keys."""
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Cpu", kind="computer", level="good")]
    app = make_app(saves_dir=tmp_path, match=new_match(seats, seed=2, ruleset="2014"))
    async with app.run_test(size=(100, 34)) as pilot:
        _handoffs, used = await play_whole_game(pilot, make_player("good", 7))
        assert "PlaceMove" in used


def hot_seat_match_with_cards(seed: int = 4, handoffs: bool = True) -> Match:
    """A 2-player hot-seat game played on headless until both players hold a Queen Bee card
    and Ann is to place a die."""
    match = Match.new(get_engine("waggle-dance"), seats=[SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=seed,
                      handoffs=handoffs)
    chooser = make_player("good", 1)
    engine = match.engine
    for _ in range(2000):
        d = match.decision
        st = match.state
        if (d is not None and d.seat == 0 and d.kind == "turn" and all(p.hand for p in st.players)
                and any(isinstance(m, PlaceMove) for m in match.legal_moves())):
            return match
        match.play(chooser.choose(engine, engine.view(st, d.seat)))
    raise AssertionError("no position with cards in both hands")


async def test_hot_seat_hand_off(tmp_path):
    """Two humans holding cards: a resumed game opens on the hand-off; after Ann places a die
    the hand-off hides the table (Ann may still take the move back); Enter hands over, and only
    Bob's hand and dice are shown."""
    match = hot_seat_match_with_cards()
    ann_cards = set(match.state.players[0].hand)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        await settle(pilot, screen)
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ann"
        assert screen.viewer() is None
        await keys(pilot, "enter")
        await settle(pilot, screen)
        assert app.screen is screen and screen.viewer() == 0
        move = next(m for m in screen.match.legal_moves() if isinstance(m, PlaceMove))
        await play_by_keys(pilot, screen, move)
        await settle(pilot, screen)
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob"
        assert app.screen.can_undo  # a plain placement revealed nothing
        await keys(pilot, "enter")
        await settle(pilot, screen)
        assert app.screen is screen and screen.viewer() == 1
        hand = screen.query_one("#wd-hand").render().plain
        assert "Bob's Queen Bee cards" in hand and "Ann" not in hand
        from beegames.games.waggle_dance.data import queen_names

        names = queen_names()
        bob_names = {names[c] for c in screen.match.state.players[1].hand}
        assert all(names[c] not in hand for c in ann_cards if names[c] not in bob_names)
        assert screen.seen.state.players[0].hand == ["?"] * len(ann_cards)
        pool = screen.query_one("#wd-pool")
        assert sorted(d.value for d in pool.dice) == sorted(screen.match.state.players[1].pool)
        # Bob cannot take back Ann's placement
        history = len(screen.match.history)
        await keys(pilot, "ctrl+z")
        await settle(pilot, screen)
        assert len(screen.match.history) == history
        assert any("only Ann may take it back" in n.message for n in app._notifications)


async def test_illegal_placement_is_refused_with_reason(tmp_path):
    match = solo_match(seed=5)
    state = match.state
    pool = state.players[0].pool
    blocked = next(sid for sid, dice in state.spaces.items()
                   if sid[0] in "ACEG" and dice and int(sid[1:]) in pool)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await drain(pilot)
        await keys(pilot, blocked[1:], blocked[0].lower())
        assert screen.match.history == []
        messages = [n.message for n in app._notifications]
        assert any(f"Space {blocked} already holds a die" in m for m in messages), messages
        missing = next(v for v in range(1, 7) if v not in pool)
        await keys(pilot, str(missing))
        assert any(f"no die showing {missing}" in n.message for n in app._notifications)
        assert screen.sel_die == int(blocked[1:])  # the earlier selection stands
        await keys(pilot, "escape")  # drops the selection...
        assert screen.sel_die is None and app.screen is screen
        await keys(pilot, "escape")  # ...and then opens the pause menu
        assert type(app.screen).__name__ == "PauseMenu"


async def test_mouse_picks_a_die_and_a_flower(tmp_path):
    app = make_app(saves_dir=tmp_path, match=solo_match(seed=5))
    async with app.run_test(size=(100, 34)) as pilot:
        screen = app.screen
        await drain(pilot)
        value = screen.query_one("#wd-pool").dice[0].value
        await pilot.click("#wd-pool", offset=(3, 0))  # the first die (a compact row at this height)
        await drain(pilot)
        assert screen.sel_die == value
        table = screen.query_one("#wd-table")
        target = f"D{value}"
        x, y = next((max(sp.x0, 0) + 3, sp.y) for sp in table.spots if sp.target == target)
        await pilot.click("#wd-table", offset=(x, y))
        await drain(pilot)
        assert screen.match.history[-1].move == {"kind": "place", "die": value, "target": target}


async def test_rules_summary_from_the_pause_menu(tmp_path):
    app = make_app(saves_dir=tmp_path, match=solo_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await drain(pilot)
        await keys(pilot, "escape")
        await pilot.click("#rules")
        await drain(pilot)
        assert isinstance(app.screen, RulesSummaryScreen)
        assert "Bumblebot" in app.screen.text and "Helper dice" in app.screen.text


async def test_helper_die_flow(tmp_path):
    match = solo_match(seed=5)
    pool = sorted(match.state.players[0].pool)
    helper, die = pool[0], pool[-1]
    new_value = next(v for v in range(1, 7) if v != die)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await drain(pilot)
        await keys(pilot, "h", str(helper), str(die), str(new_value))
        assert screen.match.state.pending.locked == new_value
        assert screen.sel_die == new_value
        assert screen.match.state.players[0].helpers == [helper]
        await keys(pilot, "d")
        assert screen.match.history[-1].move == {"kind": "place", "die": new_value, "target": f"D{new_value}"}


async def test_night_steps_pause_step_and_run(tmp_path):
    """After the last die of the day the night plays out one step at a time; p pauses (no step
    is scheduled any more), n steps by hand, Space runs the rest."""
    match = solo_match(seed=5)
    chooser = make_player("basic", 1)
    while True:
        state = match.state
        if len(state.players[0].pool) == 1 and not state.bumblebot.pool and match.decision.kind == "turn":
            break
        match.play(chooser.choose(match.engine, match.engine.view(state, match.decision.seat)))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await drain(pilot)
        move = next(m for m in match.legal_moves() if isinstance(m, PlaceMove))
        await play_by_keys(pilot, screen, move)
        assert screen.stepping
        await keys(pilot, "p")
        assert screen.steps_paused
        log_len = len(screen.match.state.log)
        await drain(pilot)
        assert len(screen.match.state.log) == log_len  # paused: nothing moves
        await keys(pilot, "n")
        assert len(screen.match.state.log) > log_len
        await settle(pilot, screen)
        assert not screen.stepping
        assert screen.match.state.phase in ("night", "day")


# -- issue 9: names and colours, 80x24, what just happened --------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_seat_names_and_dice_colours_agree(size, tmp_path):
    """Issue 9 item 3: the seat named Blue has blue dice, Black black ones, and so on; the solo
    player is Blue and Bumblebot Black."""
    seats = [SeatInfo(name=n) for n in get_engine("waggle-dance").seat_names(
        get_engine("waggle-dance").options_model(), 4)]
    app = make_app(saves_dir=tmp_path, match=new_match(seats, seed=3))
    async with app.run_test(size=size) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        await settle(pilot, screen)
        seats_text = screen.query_one("#wd-seats").render()
        for seat in seats:
            start = seats_text.plain.index(f" {seat.name} ")
            styles = [str(span.style) for span in seats_text.spans if span.start <= start + 1 < span.end]
            assert any(DICE_HEX[seat.name] in s for s in styles), (seat.name, styles)
        await keys(pilot, "enter")
        seat = screen.viewer()
        assert seat is not None
        assert all(d.colour == DICE_HEX[seats[seat].name] for d in screen.query_one("#wd-pool").dice)
    solo = make_app(saves_dir=tmp_path, match=solo_match())
    async with solo.run_test(size=size) as pilot:
        await drain(pilot)
        assert all(d.colour == DICE_HEX["Blue"] for d in solo.screen.query_one("#wd-pool").dice)
        # Bumblebot plays the next colour, Black, and is drawn black wherever it is named
        assert solo.screen.match.state.bumblebot.colour == 1
        for panel in ("#wd-seats", "#wd-bumblebot"):
            text = solo.screen.query_one(panel).render()
            start = text.plain.index(" Bumblebot ")
            styles = [str(span.style) for span in text.spans if span.start <= start + 1 < span.end]
            assert any(DICE_HEX["Black"] in s for s in styles), (panel, styles)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_computer_seats_say_so_and_seat_lines_break_between_parts(size, tmp_path):
    """The players panel says which seats the computer plays, and at which level, as the other
    games' panels do; a long name wraps the line between its parts ("honey 0/5", "cards 0"),
    never inside one, and nothing runs past the panel."""
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bo", kind="computer", level="good"),
             SeatInfo(name="A rather long seat name", kind="computer", level="basic"), SeatInfo(name="Di")]
    app = make_app(saves_dir=tmp_path, match=new_match(seats, seed=3))
    async with app.run_test(size=size) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        await settle(pilot, screen)
        panel = screen.query_one("#wd-seats")
        lines = panel.render().plain.replace("\xa0", " ").splitlines()  # (spaces no line breaks at)
        text = "\n".join(lines)
        assert text.count("(computer, good)") == 1 and text.count("(computer, basic)") == 1
        assert text.count("honey 0/5") == 4 and text.count("cards 0") == 4
        assert all(len(line.rstrip()) <= panel.content_region.width for line in lines)



@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_three_computer_seats_of_one_level_take_a_line_each_and_the_choices_keep_room(size, tmp_path):
    """Four seats, three played by the computer at one level: at 80 columns each seat keeps one
    line, marked with * beside the turn marker, and one line says what * means, so the choices
    below keep their room."""
    seats = [SeatInfo(name="Blue")] + [SeatInfo(name=n, kind="computer", level="good")
                                       for n in ("Black", "Orange", "Yellow")]
    app = make_app(saves_dir=tmp_path, match=new_match(seats, seed=3))
    async with app.run_test(size=size) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        await settle(pilot, screen)
        panel = screen.query_one("#wd-seats")
        lines = panel.render().plain.replace("\xa0", " ").splitlines()
        assert all(len(line.rstrip()) <= panel.content_region.width for line in lines)
        if size == (80, 24):
            assert len(lines) == 5 and lines[-1].strip() == "* computer, good"
            assert [line[1] for line in lines[:4]] == [" ", "*", "*", "*"]
            assert screen.query_one("#wd-choices").content_region.height >= 4
        text = "\n".join(lines)
        marks = [line[1] for line in lines if "honey" in line]
        assert text.count("(computer, good)") == 3 or (marks == [" ", "*", "*", "*"] and "* computer, good" in text)

def _visible(screen, selector: str) -> bool:
    widget = screen.query_one(selector)
    region = widget.region
    scroll = screen.query_one("#wd-scroll").region
    return region.height > 0 and scroll.contains_region(region.intersection(scroll)) and \
        region.y < scroll.bottom and region.y >= scroll.y


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_action_cards_and_own_rooms_are_seen_together_and_do_not_jump(size, tmp_path):
    """Issue 9 item 5: the action cards and the player's rooms show together; picking a room
    does not scroll the board."""
    app = make_app(saves_dir=tmp_path, match=solo_match(seed=5))
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await drain(pilot, layout=True)
        table = screen.query_one("#wd-table").region
        mine = screen.query_one("#wd-mine").region
        scroll = screen.query_one("#wd-scroll").region
        assert table.y >= scroll.y and table.y + 4 <= scroll.bottom  # A, C, E, G rows
        assert mine.y < scroll.bottom and mine.y + 3 <= scroll.bottom  # name, dice and a room
        offset = screen.query_one("#wd-scroll").scroll_offset
        value = screen.placeable_dice()[0]
        await keys(pilot, str(value), "r")
        await drain(pilot, layout=True)
        assert screen.picker.step is Step.ROOM
        assert screen.query_one("#wd-scroll").scroll_offset == offset
        assert screen.query_one("#wd-mine").region == mine
        await keys(pilot, "0")
        assert screen.match.history[-1].move["target"] == "R0"


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_what_bumblebot_did_is_shown_without_scrolling(size, tmp_path):
    """Issue 9 item 1: after each of Bumblebot's turns of a whole day, placed by keys, the log box
    ends with every line of that turn, whole, and the "Last" line names it."""
    app = make_app(saves_dir=tmp_path, match=solo_match(seed=5))
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await drain(pilot)
        turns = 0
        while screen.match.state.phase == "day":
            assert screen.match.decision.kind == "turn"
            move = next(m for m in screen.match.legal_moves() if isinstance(m, PlaceMove))
            mine = len(screen.seen.log) + 1  # Ann's placement adds one line
            await play_by_keys(pilot, screen, move)
            await settle(pilot, screen)
            its_turn = screen.seen.log[mine:]
            if screen.match.state.phase == "day" and its_turn:
                turns += 1
                assert "Bumblebot" in its_turn[0]
                await drain(pilot, layout=True)
                assert log_tail_shown(app, screen, len(its_turn))
                assert "Bumblebot" in screen.query_one("#wd-recent").render().plain
        assert turns >= 3
        await drain(pilot, layout=True)
        assert log_tail_shown(app, screen)  # the night's lines too


def log_tail_shown(app, screen, count: int = 1) -> bool:
    """True if the log box on the terminal ends with the ``count`` newest public log lines, whole
    (their headlines: the details are for the whole log)."""
    log = screen.query_one(GameLog)
    region = log.content_region
    shown = " ".join(" ".join(row.split()) for row in region_text(app, region)).strip()
    lines = screen.match.engine.visible_log(screen.match.state, None)[-count:]
    newest = " ".join(" ".join(headline(str(line)).split()) for line in lines)
    return region.height >= 3 and shown.endswith(newest)


def choices_readable(screen) -> bool:
    """True if no row of the choice list is wider than the list and the highlighted choice is
    shown whole."""
    box = screen.query_one("#wd-choices", ChoiceList)
    rows = box.render().plain.split("\n")
    if any(len(row) > box.content_region.width for row in rows):
        return False
    if box.highlighted is None:
        return True
    label = " ".join(box.labels[box.highlighted].plain.split())
    return label in " ".join(" ".join(row.split()) for row in rows)


def status_whole(screen) -> bool:
    """True if the status box is tall enough for every line of its wrapped text."""
    panel = screen.query_one("#wd-status")
    lines = panel.render().wrap(screen.app.console, panel.content_region.width)
    return len(lines) <= panel.content_region.height


def table_and_rooms_shown(screen) -> bool:
    """True if the action cards and every room of the keyboard seat's honeycomb are inside the
    board's view, unscrolled."""
    scroll = screen.query_one("#wd-scroll")
    view = scroll.scrollable_content_region
    table = screen.query_one("#wd-table").region
    mine = screen.query_one("#wd-mine").region
    return (scroll.scroll_offset.y == 0 and table.y >= view.y and mine.height > 0
            and mine.bottom <= view.bottom and table.bottom <= view.bottom)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_two_player_rounds_need_no_scrolling(size, tmp_path):
    """Issue 9, done-when: two humans play rounds 1 and 2 by keys. At every decision the prompt
    is shown whole, the highlighted choice is whole, the newest log line ends the log box, and on
    a turn the action cards and all the player's rooms show together. Hand-offs (item 6): none in
    round 1, when nobody holds a card; later only while some seat holds a secret card. At 80x24
    the game is then played on by keys to its game-over dialog."""
    match = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=8)
    app = make_app(saves_dir=tmp_path, match=match)
    chooser = make_player("good", 5)
    async with app.run_test(size=size) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        handoffs = Counter()
        decisions = 0
        while match.state.turn <= 2:
            await settle(pilot, screen)
            if isinstance(app.screen, HandoffScreen):
                handoffs[match.state.turn] += 1
                assert any(p.hand for p in match.state.players)  # something to hide
                await keys(pilot, "enter")
                continue
            assert app.screen is screen and screen.viewer() == match.decision.seat
            await drain(pilot, layout=True)
            decisions += 1
            assert status_whole(screen), screen.query_one("#wd-status").render().plain
            assert choices_readable(screen), (screen.query_one(ChoiceList).render().plain, screen_text(app))
            assert log_tail_shown(app, screen)
            if match.decision.kind == "turn":
                assert table_and_rooms_shown(screen)
            await assert_hand_reachable(pilot, app, screen)  # issue 18 point 4
            seat = match.decision.seat
            await play_by_keys(pilot, screen, chooser.choose(match.engine, match.engine.view(match.state, seat)))
        assert handoffs[1] == 0 and handoffs[2] > 0 and decisions > 30
        if size == (80, 24):
            # the whole hot-seat game: two humans share the keyboard to the end, each hand-off
            # answered with Enter and every decision made with key presses
            more, _used = await play_whole_game(pilot, chooser)
            assert handoffs[2] + more > 10


# (whether a hand-off shows, and whose dice and cards the screen holds, do not depend on the size:
# 80x24 only; the hand panel's layout at both sizes is the rounds tests')
@pytest.mark.parametrize("size", [(80, 24)])
async def test_hand_offs_switched_off_are_never_shown(size, tmp_path):
    """Issue 9 item 6: a game started without hand-offs never shows one, even while both players
    hold cards; the screen follows the deciding seat, its dice and its own cards."""
    match = hot_seat_match_with_cards(handoffs=False)
    app = make_app(saves_dir=tmp_path, match=match)
    chooser = make_player("good", 1)
    async with app.run_test(size=size) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        seats = set()
        for _ in range(8):
            await settle(pilot, screen)
            assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)
            seat = match.decision.seat
            seats.add(seat)
            assert screen.viewer() == seat and screen.seen.state.players[seat].hand == match.state.players[seat].hand
            hand = screen.query_one("#wd-hand").render().plain
            assert f"{match.header.seats[seat].name}'s Queen Bee cards" in hand
            await play_by_keys(pilot, screen, chooser.choose(match.engine, match.engine.view(match.state, seat)))
        assert seats == {0, 1}


def _many_rooms() -> Match:
    """A 2-player game with threats, played on until a seat with at least 9 rooms is to place a die
    (in a room) while a threat is in play."""
    match = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=3, threats=True)
    chooser = make_player("good", 3)
    while True:
        st = match.state
        d = match.decision
        if (d.kind == "turn" and len(st.players[d.seat].rooms) >= 9 and st.threats
                and any(isinstance(m, PlaceMove) and m.target.startswith("R") for m in match.legal_moves())):
            return match
        match.play(chooser.choose(match.engine, match.engine.view(st, d.seat)))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_many_rooms_and_a_threat_fit_beside_the_action_cards(size, tmp_path):
    """Issue 9 item 5: late in a game with threats, the action cards, the flowers, the threat and
    all the player's nine or more rooms show together; picking a room moves nothing and the die
    goes there."""
    match = _many_rooms()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        await settle(pilot, screen)
        if isinstance(app.screen, HandoffScreen):
            await keys(pilot, "enter")
        await drain(pilot, layout=True)
        assert table_and_rooms_shown(screen)
        text = screen_text(app)
        count = len(match.state.players[match.decision.seat].rooms)
        rooms = screen.query_one("#wd-mine").render().plain
        assert count >= 9 and all(f"R{r} " in rooms and f"R{r} " in text for r in range(count))
        move = next(m for m in match.legal_moves() if isinstance(m, PlaceMove) and m.target.startswith("R"))
        before = screen.query_one("#wd-mine").region, screen.query_one("#wd-table").region
        await keys(pilot, str(move.die), "r")
        await drain(pilot, layout=True)
        assert screen.picker.step is Step.ROOM and status_whole(screen)
        assert (screen.query_one("#wd-mine").region, screen.query_one("#wd-table").region) == before
        assert table_and_rooms_shown(screen)
        await keys(pilot, move.target[1:])
        assert match.history[-1].move == {"kind": "place", "die": move.die, "target": move.target}


async def test_first_edition_screen_has_no_helper_and_asks_windows_by_list(tmp_path):
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob")]
    match = new_match(seats, seed=6, ruleset="2014")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        await settle(pilot, screen)
        if isinstance(app.screen, HandoffScreen):
            await keys(pilot, "enter")
        assert screen.match.decision.kind == "turn"
        await keys(pilot, "h")
        assert any("no helper dice" in n.message for n in app._notifications)
        assert "first to" in "".join(screen.match.state.log[:1]) or screen.match.state.target == 5


# -- snapshots ---------------------------------------------------------------------------------


def _mid_game() -> Match:
    """A fixed mid-game position: round 3, a few dice out, nectar in rooms."""
    match = solo_match(seed=21)
    chooser = make_player("good", 2)
    while True:
        state = match.state
        if state.turn == 3 and state.phase == "day" and len(state.players[0].pool) <= 3:
            break
        match.play(chooser.choose(match.engine, match.engine.view(state, match.decision.seat)))
    return match


async def _select_a_die(pilot) -> None:
    screen = pilot.app.screen
    await drain(pilot)
    await keys(pilot, str(screen.placeable_dice()[0]))


def test_snapshot_mid_game_80x24(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=_mid_game())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_select_a_die)


def test_snapshot_mid_game_160x50(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=_mid_game())
    assert snap_compare(app, terminal_size=(160, 50), run_before=_select_a_die)


# -- issue 18 points 4-8: Waggle Dance at 80x24 ------------------------------------------------


def advance(match: Match, pred, seed: int = 1) -> Match:
    """Play ``match`` on headless (computer choices) until ``pred(match)`` holds."""
    chooser = make_player("good", seed)
    for _ in range(3000):
        if pred(match):
            return match
        d = match.decision
        match.play(chooser.choose(match.engine, match.engine.view(match.state, d.seat)))
    raise AssertionError("no such position")


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_nectar_received_is_chosen_with_two_keys(size, tmp_path):
    """QA #5: at E the nectar received is a colour and a room (42 moves here). Each colour is
    one line, all in view even at 80x24; its flower's number opens it, and the room's number
    (as on the board) chooses the room. The open colour's heading says the verb and the colour
    once ("Receive a green nectar"), each room's entry the room alone ("in room 0 (empty)", qa-today),
    a line each where its contents are short, so that four rooms show at 80x24 (a sentence each took
    two lines: two showed)."""
    match = advance(solo_match(seed=1), lambda m: m.decision.kind == "gain")
    moves = match.legal_moves()
    assert len(moves) == 42
    colour, room = max(m.colour for m in moves), max(m.room for m in moves)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await take_keyboard(pilot, app)
        box = screen.query_one("#wd-choices", ChoiceList)
        text = screen_text(app)
        assert len(screen._choices) == 6 and all(c.group for c in screen._choices)
        assert all(c.text.plain in text for c in screen._choices), text
        await keys(pilot, str(colour + 1))
        await drain(pilot, layout=True)
        assert box.in_group and len(box.choices) == 7
        title, blocks = box._blocks(box.size.width)
        assert all(len(rows) <= 2 for rows in blocks[title:]), blocks  # (wrapped, never cut)
        rooms = [c.key for c in box.choices]
        assert [c.text.plain.split(" (")[0] for c in box.choices] == [f"in room {r}" for r in rooms]
        text = screen_text(app)
        assert "‹ Gn Receive a green nectar" in text, text
        assert sum(f"{r} in room {r} (" in text for r in rooms) >= (4 if size == (80, 24) else 7), text
        history = len(screen.match.history)
        await keys(pilot, str(room))
        await ui.settle(pilot)
        entry = screen.match.history[history]
        assert entry.move == {"kind": "gain", "colour": colour, "room": room}


def _three_at_one_keyboard() -> Match:
    """QA's game (three people, Threats, seed 7) on a day turn where the seat deciding holds two
    cards or more and has placed some of its dice."""
    match = new_match([SeatInfo(name=n) for n in ("Blue", "Black", "Orange")], seed=7, threats=True)

    def ready(m: Match) -> bool:
        d = m.decision
        pl = m.state.players[d.seat]
        return d.kind == "turn" and len(pl.hand) >= 2 and 0 < len(pl.pool) < pl.dice

    return advance(match, ready, seed=3)


async def test_small_screen_texts_are_whole_and_say_what_they_count(tmp_path):
    """QA #6, #7 at 80x24: a flower a blocker closes says "closed"; every honeycomb line is whole
    (the first player's "first" too); the dice count says how many are left to place; with two
    cards or more, the hand says how many and that k shows them all, and k does."""
    match = _three_at_one_keyboard()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await take_keyboard(pilot, app)
        seat = screen.viewer()
        pl = match.state.players[seat]
        table = screen.query_one("#wd-table").render().plain
        assert "closed ▦" in table, table  # (a setup blocker closes a flower every round)
        firsts = 0
        for panel in screen.query(".wd-hive"):
            width = panel.content_region.width
            text = panel.render().plain.replace("\xa0", " ")
            assert all(len(line.rstrip()) <= width for line in text.split("\n")), text
            firsts += " · first" in text
        assert firsts == 1
        mine = screen.query_one("#wd-mine").render().plain
        assert f"{pl.dice} dice, {len(pl.pool)} to place:" in mine
        hand = screen.query_one("#wd-hand").render().plain
        assert f"{len(pl.hand)} cards · k shows them all" in hand
        await keys(pilot, "k")
        await drain(pilot, layout=True)
        assert cards_shown(app, screen)


def test_the_dice_count_says_what_it_counts_by_day_and_by_night():
    """QA #7: "Dice 6:" before five dice read as a mismatch: the count says how many of the
    seat's dice are left to place (by day) or are back home (at night)."""
    from beegames.games.waggle_dance import view as wd
    from beegames.ui.widgets.waggle_dance.hives import dice_words

    day = _three_at_one_keyboard()
    seat = day.decision.seat
    tv = wd.table_view(day.state, seat)
    pl = day.state.players[seat]
    assert dice_words(tv.hives[seat], tv) == f"{pl.dice} dice, {len(pl.pool)} to place:"

    def homecoming(m: Match) -> bool:
        pl = m.state.players[m.decision.seat]
        return m.state.phase == "night" and 0 < len(pl.pool) < pl.dice and not pl.volunteer

    night = advance(_three_at_one_keyboard(), homecoming, seed=3)
    seat = night.decision.seat
    tv = wd.table_view(night.state, seat)
    pl = night.state.players[seat]
    assert dice_words(tv.hives[seat], tv) == f"{pl.dice} dice, {len(pl.pool)} home:"


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_hand_emptied_by_a_trade_says_none_in_hand(size, tmp_path):
    """QA #7: once the seat has no card (traded away, or none drawn), the hand does not say
    "none yet"."""
    app = make_app(saves_dir=tmp_path, match=pair_match())
    async with app.run_test(size=size) as pilot:
        screen = await take_keyboard(pilot, app)
        hand = screen.query_one("#wd-hand").render().plain
        assert "none in hand — a bee on G draws one" in hand and "yet" not in hand


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_last_round_is_said_whole(size, tmp_path):
    """In the last round the table's stock line says LAST ROUND whole: on a line of its own
    when the column is too narrow for it beside the deck, eggs and tiles."""
    match = advance(new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=11),
                    lambda m: m.state.end_triggered or m.state.final_round)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        await settle(pilot, screen)
        table = screen.query_one("#wd-table")
        lines = table.render().plain.splitlines()
        assert any(line.strip().endswith("LAST ROUND") for line in lines)
        assert all(len(line.rstrip()) <= table.content_region.width for line in lines)


def window_2014(name: str = "dawn") -> Match:
    """A 2-player 2014 game at a card window (``name``) asked of Ann, who holds a card."""
    match = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=1, ruleset="2014")
    return advance(match, lambda m: m.decision.kind == "window" and m.decision.seat == 0
                   and m.state.pending.name == name and m.state.players[0].hand)


def pair_match(ruleset: str = "2022", seed: int = 8) -> Match:
    """A new 2-player hot-seat game, Ann (Blue) against Bob (Black)."""
    return new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=seed, ruleset=ruleset)


def volunteer_offer_2022() -> Match:
    """A 2-player 2022 game at dawn, before the roll: Bob is asked whether he plays Volunteer."""
    match = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=1)
    return advance(match, lambda m: m.decision.kind == "offer_volunteer")


def round_start_2022(bobs_card: str) -> Match:
    """Ann and Bob at one keyboard, before the first roll of a 2022 game: Ann holds Alchemy and
    Bob ``bobs_card``."""
    engine = get_engine("waggle-dance")
    header = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=1).header
    state = engine.new_state(engine.options_model.model_validate(header.options), header.seats, header.seed)
    for seat, card in ((0, "alchemy"), (1, bobs_card)):
        (state.queen_deck if card in state.queen_deck else state.queen_box).remove(card)
        state.players[seat].hand.append(card)
    engine.check_invariants(state)
    return Match(engine, header, _state=engine.advance(state))


async def hand_offs_until_the_first_bee(tmp_path, bobs_card: str) -> list[object]:
    """What the table sees by keys at 80x24 until Ann places her first bee: each hand-off's name
    and each question the keyboard seat answers (declining every card)."""
    app = make_app(saves_dir=tmp_path, match=round_start_2022(bobs_card))
    seen: list[object] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        for _ in range(20):
            await ui.settle(pilot)
            if isinstance(app.screen, HandoffScreen):
                seen.append(app.screen.player)
                await pilot.press("enter")
                continue
            decision = screen.match.decision
            seen.append((decision.seat, decision.kind))
            if decision.kind == "turn":
                return seen
            assert screen.viewer() == decision.seat
            await pilot.press("home", *["down"] * choice_index(screen, lambda a: a == DeclineMove()), "enter")
    raise AssertionError(f"Ann never placed a bee: {seen}")


async def test_a_hot_seat_hand_off_never_tells_who_holds_volunteer(tmp_path):
    """QA #2: in a 2022 game two people share the keyboard; whether Bob (not at the keyboard)
    holds Volunteer or another card, the table sees the same hand-offs and questions before the
    first bee: every seat holding a card is asked, in turn."""
    with_volunteer = await hand_offs_until_the_first_bee(tmp_path / "a", "volunteer")
    without = await hand_offs_until_the_first_bee(tmp_path / "b", "shuffle")
    assert with_volunteer == without == ["Ann", (0, "offer_volunteer"), "Bob", (1, "offer_volunteer"),
                                         "Ann", (0, "turn")]


async def take_keyboard(pilot, app) -> WaggleDanceScreen:
    """Settle, answer the hand-off if one is shown, and return the game screen."""
    screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
    await settle(pilot, screen)
    if isinstance(app.screen, HandoffScreen):
        await keys(pilot, "enter")
        await settle(pilot, screen)
    await drain(pilot, layout=True)
    return screen


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def cards_shown(app, screen) -> bool:
    """True if the keyboard seat's cards are on the terminal inside the board's view: every card
    when the hand fits in the view, else the first."""
    hand = screen.query_one("#wd-hand")
    lines = hand.render().plain.split("\n")
    view = screen.query_one("#wd-scroll").scrollable_content_region
    rows = screen_text(app).split("\n")
    cards = screen._tv.hand
    if len(lines) > view.height:
        cards = cards[:1]
    for card in cards:
        k = next(i for i, line in enumerate(lines) if line.startswith("◆ " + card.name))
        y = hand.region.y + k
        if not (view.y <= y < view.bottom and card.name in rows[y]):
            return False
    return True


async def assert_hand_reachable(pilot, app, screen) -> None:
    """The keyboard seat's cards are in view, or `k` brings them (with no refusal) and `k`
    goes back to the table as it was."""
    if not screen._tv.hand or cards_shown(app, screen):
        return
    before = len(app._notifications)
    kind = screen.match.decision.kind
    await keys(pilot, "k")
    await drain(pilot, layout=True)
    assert cards_shown(app, screen), screen_text(app)
    assert not any("Answer the question" in n for n in notices(app)[before:])
    await keys(pilot, "k")
    await drain(pilot, layout=True)
    assert screen.query_one("#wd-scroll").scroll_offset.y == 0 and not screen._hand_view
    if kind == "turn":
        assert screen.picker.step in (Step.DIE, Step.TARGET)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_own_cards_one_key_away_on_a_day_turn(size, tmp_path):
    """Issue 18 point 4 (2022): on a day turn, k shows the keyboard seat's cards and lists the
    plays; Esc goes back to the table and the die picker."""
    app = make_app(saves_dir=tmp_path, match=hot_seat_match_with_cards())
    async with app.run_test(size=size) as pilot:
        screen = await take_keyboard(pilot, app)
        hand = screen.match.state.players[screen.viewer()].hand
        assert hand and screen._tv.hand
        await keys(pilot, "k")
        await drain(pilot, layout=True)
        assert screen._hand_view and cards_shown(app, screen)
        if screen.turn().cards:
            assert screen.picker.step is Step.CARDS
            assert all(isinstance(c.value, PlayMove) or isinstance(c.value, tuple) for c in screen._choices)
        await keys(pilot, "escape")
        await drain(pilot, layout=True)
        assert not screen._hand_view and screen.picker.step is Step.DIE and app.screen is screen
        assert table_and_rooms_shown(screen)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_own_cards_one_key_away_in_a_card_window(size, tmp_path):
    """Issue 18 point 4 (2014): at dawn, k shows the cards instead of "Answer the question in
    the list first", and a card that can be played now is highlighted in the list."""
    app = make_app(saves_dir=tmp_path, match=window_2014())
    async with app.run_test(size=size) as pilot:
        screen = await take_keyboard(pilot, app)
        assert screen.match.decision.kind == "window"
        await keys(pilot, "k")
        await drain(pilot, layout=True)
        assert cards_shown(app, screen), screen_text(app)
        assert not any("Answer the question" in n for n in notices(app))
        plays = [c for c in screen._choices if isinstance(c.value, PlayMove)]
        box = screen.query_one("#wd-choices", ChoiceList)
        if plays:
            assert isinstance(box.current.value, PlayMove)
        else:
            assert any("can be played now" in n for n in notices(app))
        await keys(pilot, "k")
        await drain(pilot, layout=True)
        assert screen.query_one("#wd-scroll").scroll_offset.y == 0


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_first_edition_rounds_by_keys(size, tmp_path):
    """Issue 18 points 4 and 6 (2014): two humans play rounds 1 and 2 by keys. At every decision
    the prompt and the highlighted choice are whole, the seat's cards are in view or one `k`
    away, and the footer never offers a helper die; at dawn the pool says it is not rolled."""
    match = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=1, ruleset="2014")
    app = make_app(saves_dir=tmp_path, match=match)
    chooser = make_player("good", 1)
    async with app.run_test(size=size) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        dawns = windows_with_cards = 0
        while match.state.turn <= 2:
            await settle(pilot, screen)
            if isinstance(app.screen, HandoffScreen):
                await keys(pilot, "enter")
                continue
            await drain(pilot, layout=True)
            assert status_whole(screen) and choices_readable(screen)
            assert "Helper" not in footer_text(app)
            if match.decision.kind == "window":
                windows_with_cards += 1
                if match.state.pending.name == "dawn":
                    dawns += 1
                    assert_not_rolled(app, screen)
            await assert_hand_reachable(pilot, app, screen)
            seat = match.decision.seat
            await play_by_keys(pilot, screen, chooser.choose(match.engine, match.engine.view(match.state, seat)))
        assert dawns and windows_with_cards


def footer_text(app) -> str:
    """What the footer offers now: "key description" for every binding it shows."""
    shown = [a for a in app.screen.active_bindings.values() if a.binding.show and a.enabled]
    return "  ".join(f"{a.binding.key} {a.binding.description}" for a in shown)


def assert_not_rolled(app, screen) -> None:
    """At dawn the pool shows no dice, says they are not rolled yet, and so does every
    honeycomb."""
    pool = screen.query_one("#wd-pool")
    assert pool.dice == [] and "not rolled yet" in pool.empty
    assert pool.empty in screen_text(app)
    assert "not rolled yet" in screen.query_one("#wd-mine").render().plain
    assert "not rolled yet" in screen.query_one("#wd-other-0").render().plain


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
@pytest.mark.parametrize("ruleset", ["2022", "2014"])
async def test_dawn_pool_shows_no_roll_yet(ruleset, size, tmp_path):
    """Issue 18 point 6: before the roll (a Volunteer offer in 2022, the dawn window in 2014) the
    pool shows no dice of last round; after the roll it shows the new ones."""
    match = volunteer_offer_2022() if ruleset == "2022" else window_2014()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await take_keyboard(pilot, app)
        assert not screen._tv.rolled
        assert_not_rolled(app, screen)
        while not screen._tv.rolled:
            await pick_from_list(pilot, screen, lambda a: type(a).__name__ == "DeclineMove")
            await take_keyboard(pilot, app)
        seat = screen.viewer()
        assert sorted(d.value for d in screen.query_one("#wd-pool").dice) == sorted(match.state.players[seat].pool)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
@pytest.mark.parametrize("ruleset", ["2022", "2014"])
async def test_footer_offers_the_helper_die_only_where_there_is_one(ruleset, size, tmp_path):
    """Issue 18 point 6, QA #7: the footer offers `h` on the keyboard seat's own 2022 day turn
    only (2014 has no helper dice), and `k` only while the seat holds cards; pressed where it is
    not offered, each key says why."""
    app = make_app(saves_dir=tmp_path, match=pair_match(ruleset))
    async with app.run_test(size=size) as pilot:
        screen = await take_keyboard(pilot, app)
        assert screen.my_turn() and not screen.match.state.players[screen.viewer()].hand
        footer = footer_text(app)
        assert ("Helper die" in footer) == (ruleset == "2022") and "Cards" not in footer
        await keys(pilot, "k")
        assert any("You hold no Queen Bee cards" in n for n in notices(app))
        if ruleset == "2014":
            await keys(pilot, "h")
            assert any("no helper dice" in n for n in notices(app))


async def test_footer_keys_h_and_k_follow_the_position(tmp_path):
    """QA #7: a 2022 hot-seat game with cards in both hands. On the day turn the footer offers
    h and k; at night (storing nectar) only k, and h says it belongs to the day turn."""
    day = hot_seat_match_with_cards()
    night = advance(hot_seat_match_with_cards(),
                    lambda m: m.decision.kind == "nectar" and m.state.players[m.decision.seat].hand, seed=2)
    for match, helper in ((day, True), (night, False)):
        app = make_app(saves_dir=tmp_path, match=match)
        async with app.run_test(size=(80, 24)) as pilot:
            await take_keyboard(pilot, app)
            footer = footer_text(app)
            assert ("Helper die" in footer) is helper and "Cards" in footer, footer
            if not helper:
                await keys(pilot, "h")
                assert any("your own day turn" in n for n in notices(app))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_no_dice_left_is_said_whole(size, tmp_path):
    """Issue 18 point 6: once the player's dice are all placed, the pool says so in full."""
    app = make_app(saves_dir=tmp_path, match=solo_match(seed=5))
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await drain(pilot)
        # Bumblebot's steps wait for Space (p pauses them), so that the round does not go on
        # by the clock after the last placement, however slow the machine is
        await keys(pilot, "p")
        while screen.match.state.players[0].pool:
            await settle(pilot, screen)
            move = next(m for m in screen.match.legal_moves() if isinstance(m, PlaceMove))
            await play_by_keys(pilot, screen, move)
        await drain(pilot, layout=True)
        assert screen.steps_paused
        pool = screen.query_one("#wd-pool")
        assert pool.dice == [] and pool.empty == "No dice left to place this round."
        assert pool.empty in screen_text(app)


def test_nectar_takes_its_article():
    """Issue 18 point 6: "an orange nectar" (2014's flower 1), "a red nectar", in the move labels
    and in the log lines made from the same words."""
    from beegames.games.waggle_dance import view as wd
    from beegames.games.waggle_dance.models import NectarMove
    from beegames.games.waggle_dance.queries import a_nectar

    first = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=1, ruleset="2014").state
    second = solo_match().state
    assert a_nectar(first, 0) == "an orange nectar" and a_nectar(second, 0) == "a red nectar"
    assert wd.move_label(first, NectarMove(colour=0, room=1)) == "Stores an orange nectar in room 1."
    match = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=1, ruleset="2014")
    advance(match, lambda m: any("orange nectar" in line for line in m.state.log) or m.state.turn > 6)
    lines = [line for line in match.state.log if "orange nectar" in line]
    assert lines and not any(" a orange" in line for line in lines)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
@pytest.mark.parametrize("ruleset", ["2022", "2014"])
async def test_whose_die_is_told_by_a_mark_as_well_as_a_colour(ruleset, size, tmp_path):
    """Issue 18 point 7: a die on a flower or a space shows its owner's mark beside its value,
    the mark every seat's name carries; Black's dice stand out from the dark background."""
    from rich.style import Style

    from beegames.ui.widgets.dice import text_colour_on
    from beegames.ui.widgets.waggle_dance.look import DICE_MARK

    match = pair_match(ruleset)
    for _ in range(2):  # Ann and Bob each put a die on a flower
        move = next(m for m in match.legal_moves() if isinstance(m, PlaceMove) and m.target[0] == "D")
        match.play(move)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = await take_keyboard(pilot, app)
        table = screen.query_one("#wd-table").render().plain
        seats = screen.query_one("#wd-seats").render().plain
        text = screen_text(app)
        for seat, colour in ((0, "Blue"), (1, "Black")):
            name = match.header.seats[seat].name
            assert f"{DICE_MARK[colour]} {name}" in seats and f"{DICE_MARK[colour]} {name}" in text
            die = next(v for o, v in (d for f in range(1, 7) for d in match.state.spaces[f"D{f}"]) if o == seat)
            assert f"{DICE_MARK[colour]}{die}" in table and f"{DICE_MARK[colour]}{die}" in text
        assert len(set(DICE_MARK.values())) == len(DICE_MARK)
        black = Style.parse(f"on {DICE_HEX['Black']}").bgcolor.get_truecolor()
        assert text_colour_on(DICE_HEX["Black"]) == "#ffffff" and min(black) >= 0x40  # not near-black


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
@pytest.mark.parametrize("ruleset", ["2022", "2014"])
async def test_action_letters_are_explained(ruleset, size, tmp_path):
    """Issue 18 point 5: the legend of the action letters is on the board and in the `?` list."""
    from beegames.ui.screens.modals import HelpScreen

    app = make_app(saves_dir=tmp_path, match=pair_match(ruleset))
    async with app.run_test(size=size) as pilot:
        screen = await take_keyboard(pilot, app)
        text = screen_text(app)
        for part in ("A room", "C egg", "E trade", "G card", "B/F your rooms"):
            assert part in text
        assert table_and_rooms_shown(screen)
        await keys(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        rows = " ".join(what for _key, what in app.screen.rows())
        assert "A room · C egg · E trade · G card · B/F your rooms" in rows
        assert ("Helper die" in rows) == (ruleset == "2022")


@pytest.mark.parametrize("size", [(80, 24)])
@pytest.mark.parametrize("ruleset", ["2022", "2014"])
async def test_rules_lead_with_the_ruleset_played(ruleset, size, tmp_path):
    """Issue 18 point 8: the pause menu's rules and the rules screen opened over a game start
    with the edition being played; at 80x24 its heading shows without scrolling (the order of
    the text does not depend on the size, and a heading seen at 80x24 is seen at 160x50)."""
    from beegames.ui.screens.rules import RulesScreen

    heading = "The first edition (2014)" if ruleset == "2014" else "The 2022 edition"
    other = "The 2022 edition" if ruleset == "2014" else "The first edition (2014)"
    app = make_app(saves_dir=tmp_path, match=pair_match(ruleset))
    async with app.run_test(size=size) as pilot:
        await take_keyboard(pilot, app)
        await keys(pilot, "escape")
        await pilot.click("#rules")
        await drain(pilot, layout=True)
        assert isinstance(app.screen, RulesSummaryScreen)
        summary = app.screen.text
        assert summary.index(heading) < summary.index(other)
        assert [line for line in summary.splitlines() if line.startswith("## ")][0] == f"## {heading}"
        assert heading in screen_text(app)
        await keys(pilot, "escape")
        app.push_screen(RulesScreen())
        await drain(pilot, layout=True)
        shown = app.screen.summary(app.screen.game_id)
        assert app.screen.game_id == "waggle-dance"
        assert [line for line in shown.splitlines() if line.startswith("## ")][0] == f"## {heading}"


def test_the_screen_reads_the_game_only_through_its_view():
    """The screen and its widgets import, of the game, only its view and its models."""
    import ast
    from pathlib import Path

    import beegames.ui.screens.waggle_dance as screen_module

    ui = Path(screen_module.__file__).parents[1]
    files = [Path(screen_module.__file__), *(ui / "widgets" / "waggle_dance").glob("*.py")]
    found = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and "games" in node.module:
                names = [node.module + "." + a.name for a in node.names] if node.module.endswith("waggle_dance") \
                    else [node.module]
                found.update(n.lstrip(".") for n in names)
    assert found and found <= {"games.waggle_dance.view", "games.waggle_dance.models"}, found
    assert len(Path(screen_module.__file__).read_text(encoding="utf-8").splitlines()) < 800
