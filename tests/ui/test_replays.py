"""Replays in every game (issue 18, points 1-2).

Stepping: in all four games, from the Load screen (80x24) and from
``beegames replay PATH`` (160x50), the replay keys step forwards and back,
and both the caption and the drawn position follow, even where the game's
screen binds the same keys for itself (Bee Lives' ←/→ and [/], Honey Buzz's
[/]).

Privacy: a replay of an unfinished game between two humans that holds
something private (Honey Buzz advanced: tiles looked at; Waggle Dance 2022
and 2014: hands and private log lines) opens behind a hand-off naming the
seat, ``v`` passes through one too, and until the named player is ready
nothing private of either seat is drawn. The saves are built with the
engines.
"""

import random
import re
from functools import cache

import pytest

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.modals import HandoffScreen
from beegames.ui.screens.replay import ReplayBar

from .helpers import game_screen, screen_text, settle

SIZES = [(80, 24), (160, 50)]
GAMES = ["hive", "waggle-dance", "bee-lives", "honey-buzz"]


def played(game_id: str, moves: int, seats: list[SeatInfo], seed: int = 3, **options) -> Match:
    """A game of ``game_id`` after ``moves`` decisions, every one chosen by a computer player."""
    engine = get_engine(game_id)
    match = Match.new(engine, options=options, seats=seats, seed=seed)
    player = engine.make_player(engine.levels[0], seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if match.over:
            break
        if game_id == "hive":
            match.play(rnd.choice(match.legal_moves()))
        else:
            match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))
    assert not match.over
    return match


def drawn(app) -> str:
    """The screen's text without the replay bar (the drawn position)."""
    bar = app.screen.query_one(ReplayBar).region
    lines = screen_text(app).splitlines()
    return "\n".join(line for y, line in enumerate(lines) if not bar.y <= y < bar.bottom)


def caption(app) -> str:
    return " ".join(app.screen.query_one(ReplayBar).replay.caption().plain.split())


def where(index: int, replay) -> str:
    """The caption's words for position ``index`` of a replay of a whole history, numbered as the
    review numbers moves: before the next move, or after the last one."""
    total = len(replay.history)
    return f"after move {index} of {total}" if index == replay.last else f"before move {index + 1} of {total}"


async def open_replay(app, pilot, path, via_load: bool) -> None:
    await settle(pilot)
    if via_load:
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("r")
        await settle(pilot)


# -- 1. stepping ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
async def test_a_replay_steps_forwards_and_back_in_every_game(tmp_path, game_id, size):
    match = played(game_id, 8, [SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="random")])
    path = saves.write_save(match, tmp_path / "game.json")
    via_load = size == (80, 24)
    app = (make_app(saves_dir=tmp_path) if via_load else
           make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True))
    async with app.run_test(size=size) as pilot:
        await open_replay(app, pilot, path, via_load)
        screen = game_screen(app)
        assert app.screen is screen and screen.replay is not None  # one human: no hand-off
        replay, engine = screen.replay, match.engine
        total = len(match.history)
        assert replay.index == 0 and f"before move 1 of {total}" in caption(app)
        for key, index in [("right", 1), ("right", 2), ("right_square_bracket", 3), ("left_square_bracket", 2),
                           ("left", 1), ("end", replay.last), ("home", 0), ("right_square_bracket", 1)]:
            before = drawn(app)
            await pilot.press(key)
            await settle(pilot)
            assert replay.index == index, key
            assert where(index, replay) in caption(app)
            assert where(index, replay) in " ".join(screen_text(app).split())  # the caption as drawn
            assert ("(so far)" in caption(app)) == (index == replay.last)  # an unfinished game
            assert app.screen.query_one(ReplayBar).region.height == 1  # one row, at 80x24 too
            state = replay.states[index]
            assert screen.seen.state == (state if replay.everything else engine.view(state, replay.seat))
            assert drawn(app) != before, f"{key}: the drawn position did not change"
        assert app.screen is screen
    assert saves.read_document(path).moves == total  # a replay never changes the file



async def test_a_finished_games_replay_bar_keeps_to_one_row_at_80x24(tmp_path):
    """A finished game's replay has one more button (Review) and shows everything: its caption
    still fits beside the buttons on one row, from the first position to the last."""
    engine = get_engine("waggle-dance")
    match = Match.new(engine, seats=[SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="good")],
                      seed=4)
    player = engine.make_player("good", 1)
    while not match.over:
        match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))
    assert len(match.history) >= 100  # three-digit move numbers
    app = make_app(saves_dir=tmp_path, match=match, save_path=tmp_path / "done.json", replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        replay = game_screen(app).replay
        total = len(match.history)
        for key, words in [("home", "before move 1 of"), ("end", f"after move {total} of"),
                           ("left", f"before move {total} of")]:
            await pilot.press(key)
            await settle(pilot)
            assert f"{words} {total} · everything shown" in caption(app), caption(app)
            assert app.screen.query_one(ReplayBar).region.height == 1, caption(app)
        assert replay.finished


# -- 2. privacy -------------------------------------------------------------------------------------
PRIVATE = [("honey-buzz", {"advanced": True}), ("waggle-dance", {"ruleset": "2022"}),
           ("waggle-dance", {"ruleset": "2014"})]


@cache
def private_game(game_id: str, options: tuple[tuple[str, object], ...]) -> Match:
    """An unfinished game between two humans in which each seat has a
    private log line and holds something private (a tile looked at, a hand of
    cards), and no private thing of one seat reads like one of the other's."""
    engine = get_engine(game_id)
    seats = [SeatInfo(name="Ana"), SeatInfo(name="Ben")]
    for seed in range(3, 10):
        match = Match.new(engine, options=dict(options), seats=seats, seed=seed)
        player = engine.make_player(engine.levels[-1], seed)
        for _ in range(400):
            match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))
            if match.over:
                break
            st = match.state
            things = [set(private_things(engine, st, s)) for s in (0, 1)]
            if not things[0] & things[1] and all(private_log(engine, st, s) for s in (0, 1)) \
                    and (engine.game_id != "honey-buzz" or all(things)):
                return match
    raise AssertionError("no position with private things for both seats")


def private_log(engine, state, seat) -> list[str]:
    """The log lines only ``seat`` may read (written the same way by no other seat's lines)."""
    others = set(engine.visible_log(state, None))
    for other in range(len(state.players)):
        if other != seat:
            others |= set(engine.visible_log(state, other))
    return [line for line in engine.visible_log(state, seat) if line not in others]


def private_things(engine, state, seat) -> list[str]:
    """How ``seat``'s private things are written on its screen: a tile it
    looked at (Honey Buzz: its front and a star) or a card in its hand
    (Waggle Dance: the card's name), leaving out any also shown in public
    (the 2014 edition lists every card of the deck openly, so there only
    the private log lines say what a seat holds)."""
    if engine.game_id == "honey-buzz":
        n = len(state.players)
        fronts = {i: f"{tile.kind}*" for i, tile in enumerate(state.field) if tile is not None}
        shared = {fronts[i] for i in fronts if len(state.seen[i]) == n}
        return sorted({fronts[i] for i in fronts if seat in state.seen[i] and len(state.seen[i]) < n} - shared)
    from beegames.games.waggle_dance.view import card_name_text

    public = engine.view(state, None).model_dump_json()
    ruleset = state.options.ruleset
    return sorted({card_name_text(cid, ruleset)[0] for cid in state.players[seat].hand if f'"{cid}"' not in public})


def squeezed(text: str) -> str:
    return "".join(text.split())


def shows_private(app, engine, state, seat) -> bool:
    """Anything private of ``seat`` on the terminal, or in the log lines the
    game screen draws its log from."""
    # (Honey Buzz's legend shows "R*" as an example of a tile looked at)
    text = re.sub(r"quadrant\)·R\*", "", squeezed(screen_text(app)))
    log = game_screen(app).seen.log
    return (any(squeezed(thing) in text for thing in private_things(engine, state, seat))
            or any(line in log or squeezed(line) in text for line in private_log(engine, state, seat)))


def assert_hidden(app, engine, state, seat_named: str) -> None:
    """A hand-off naming ``seat_named`` hides the table: nothing private of
    either seat is drawn, on it or on the game screen beneath."""
    assert isinstance(app.screen, HandoffScreen) and app.screen.player == seat_named
    screen = game_screen(app)
    assert screen.view_seat is None and screen.seen.state == engine.view(screen.match.state, None)
    for seat in (0, 1):
        assert not shows_private(app, engine, state, seat)
    assert "public view" in caption_of(screen)


def caption_of(screen) -> str:
    return " ".join(screen.replay.caption().plain.split())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game_id", "options"), PRIVATE, ids=["honey-buzz-advanced", "wd-2022", "wd-2014"])
async def test_a_running_replay_with_private_things_hides_them_behind_hand_offs(tmp_path, game_id, options, size):
    match = private_game(game_id, tuple(options.items()))
    engine, state = match.engine, match.state
    path = saves.write_save(match, tmp_path / "game.json")
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        # opened at the latest position (as "view it read-only" does): behind a hand-off to Ana
        app.open_replay(saves.load_save(path, get_engine), path, at_end=True)
        await settle(pilot)
        assert_hidden(app, engine, state, "Ana")
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        assert app.screen is screen and screen.view_seat == 0 and "as Ana" in caption_of(screen)
        if game_id == "honey-buzz" and size == (80, 24):
            await pilot.press("w")  # the woodland, where the looked-at tiles lie
            await settle(pilot)
        assert shows_private(app, engine, state, 0) and not shows_private(app, engine, state, 1)
        # v: through a hand-off to Ben
        await pilot.press("v")
        await settle(pilot)
        assert_hidden(app, engine, state, "Ben")
        await pilot.press("enter")
        await settle(pilot)
        assert screen.view_seat == 1 and "as Ben" in caption_of(screen)
        assert shows_private(app, engine, state, 1) and not shows_private(app, engine, state, 0)
        # v again, and Esc on the hand-off: only what is public
        await pilot.press("v")
        await settle(pilot)
        assert_hidden(app, engine, state, "Ana")
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.view_seat is None and "public view" in caption_of(screen)
        for seat in (0, 1):
            assert not shows_private(app, engine, state, seat)
        # the first position, opened from the Load screen: a hand-off again
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert_hidden(app, engine, state, "Ana")


async def test_a_finished_game_with_private_things_is_shown_whole_without_a_hand_off(tmp_path):
    engine = get_engine("waggle-dance")
    match = Match.new(engine, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=3)
    player = engine.make_player("good", 3)
    while not match.over:
        match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))
    path = saves.write_save(match, tmp_path / "done.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert app.screen is screen and screen.replay.everything
        await pilot.press("end")
        await settle(pilot)
        assert screen.seen.log == engine.full_log(match.state) and "everything shown" in caption_of(screen)
        assert not screen.check_action("replay_seat", ())


async def test_one_human_against_the_computer_needs_no_hand_off_and_never_sees_its_cards(tmp_path):
    engine = get_engine("waggle-dance")
    match = played("waggle-dance", 40, [SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="good")])
    path = saves.write_save(match, tmp_path / "game.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert app.screen is screen and screen.view_seat == 0
        await pilot.press("v")  # the only human: nothing to switch to
        await settle(pilot)
        assert app.screen is screen and screen.view_seat == 0
        assert not screen.check_action("replay_seat", ())
        await pilot.press("end")
        await settle(pilot)
        assert screen.seen.state == engine.view(match.state, 0)  # the computer's hand stays hidden


async def test_a_finished_honey_buzz_advanced_game_shows_the_face_down_fronts(tmp_path):
    # shown whole means the fronts nobody at the table saw too: the screen draws the state it
    # is given, and the field's rows hide nothing of their own
    from beegames.games.honey_buzz import view as hbv

    engine = get_engine("honey-buzz")
    match = Match.new(engine, options={"advanced": True}, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=5)
    player = engine.make_player("random", 5)
    while not match.over:
        match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))
    path = saves.write_save(match, tmp_path / "done.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert app.screen is screen and screen.replay.everything
        for _ in range(12):  # a position with face-down tiles on the field
            await pilot.press("right")
        await settle(pilot)
        rows = hbv.field_rows(screen.seen.state, screen.view_seat)
        kinds = [sp.nectar for row in rows for sp in row if sp.nectar is not None]
        assert kinds and "?" not in kinds
