"""The Waggle Dance screen through Pilot: whole games by key presses only,
the hot-seat hand-off, refusals with a reason, stepping, and snapshots."""

from __future__ import annotations

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.waggle_dance.ai import make_player
from beegames.games.waggle_dance.models import HelperMove, PlaceMove, PlayMove
from beegames.ui.app import make_app
from beegames.ui.screens.modals import GameOverScreen, HandoffScreen, RulesSummaryScreen
from beegames.ui.screens.waggle_dance import WaggleDanceScreen


def new_match(seats: list[SeatInfo], seed: int, **options) -> Match:
    return Match.new(get_engine("waggle-dance"), options=options, seats=seats, seed=seed)


def solo_match(seed: int = 5, **options) -> Match:
    return new_match([SeatInfo(name="Ann")], seed, **options)


async def settle(pilot, screen: WaggleDanceScreen) -> None:
    """Let the automatic steps run (Space) until a human decides or the game ends."""
    await pilot.pause()
    for _ in range(200):
        if screen.stepping:
            await pilot.press("space")
            await pilot.pause()
        elif screen.thinking:
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
        else:
            return
    raise AssertionError("the screen never settled")


def choice_index(screen: WaggleDanceScreen, pred) -> int:
    for i, (_label, action) in enumerate(screen._choices):
        if pred(action):
            return i
    raise AssertionError(f"no such choice among {[str(lbl) for lbl, _ in screen._choices]}")


async def pick_from_list(pilot, screen: WaggleDanceScreen, pred) -> None:
    index = choice_index(screen, pred)
    await pilot.press("home", *(["down"] * index), "enter")
    await pilot.pause()


def keys_for_place(screen: WaggleDanceScreen, move: PlaceMove) -> list[str] | None:
    """Keys that place ``move``: the die's digit, then the target's key(s)."""
    keys = [] if screen.sel_die == move.die else [str(move.die)]
    letter, num = move.target[0], int(move.target[1:])
    if letter in "ACEG":
        return keys + [letter.lower()]
    if letter == "D" and num == move.die:
        return keys + ["d"]
    if letter == "R" and num <= 9:
        return keys + ["r", str(num)]
    if letter == "T" and num <= 9:
        threats = [t for t in screen.place_targets(move.die) if t.startswith("T")]
        return keys + (["t"] if len(threats) == 1 else ["t", str(num)])
    return None


async def play_by_keys(pilot, screen: WaggleDanceScreen, move) -> None:
    """Make the human decision ``move`` with key presses only."""
    kind = screen.match.decision.kind
    if kind == "turn" and isinstance(move, PlaceMove):
        keys = keys_for_place(screen, move)
        if keys is not None:
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            return
        # e.g. a flower opened by Directions: pick the die, then the list
        await pilot.press(str(move.die))
        await pilot.pause()
        await pick_from_list(pilot, screen, lambda a: a == move)
        return
    if kind == "turn" and isinstance(move, HelperMove):
        await pilot.press("h", str(move.helper), str(move.die), str(move.value))
        await pilot.pause()
        return
    if kind == "turn" and isinstance(move, PlayMove):
        await pilot.press("k")
        await pilot.pause()
        if any(a == move for _l, a in screen._choices):
            await pick_from_list(pilot, screen, lambda a: a == move)
        else:
            await pick_from_list(pilot, screen, lambda a: a == ("card", move.card))
            await pick_from_list(pilot, screen, lambda a: a == move)
        return
    await pick_from_list(pilot, screen, lambda a: a == move)


async def test_whole_solo_game_by_keys(tmp_path):
    """One human against Bumblebot, from the first roll to the game-over
    dialog, every decision made with key presses chosen from the state."""
    match = solo_match(seed=11)
    chooser = make_player("good", 3)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WaggleDanceScreen)
        used = set()
        for _ in range(600):
            await settle(pilot, screen)
            if screen.match.over:
                break
            assert screen.human_to_move
            before = len(screen.match.history)
            move = chooser.choose(screen.match.engine, screen.match.state)
            used.add(type(move).__name__)
            await play_by_keys(pilot, screen, move)
            assert len(screen.match.history) == before + 1, f"the keys did not play {move!r}"
            assert screen.match.history[-1].move == screen.match.engine.move_to_json(move)
        assert screen.match.over
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "PlaceMove" in used and len(used) >= 3


async def test_whole_two_player_hot_seat_game_by_keys(tmp_path):
    """Two humans share the keyboard for a whole game: each hand-off is
    answered with Enter and every decision is made with key presses."""
    match = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=8)
    chooser = make_player("good", 5)
    app = make_app(saves_dir=tmp_path, match=match)
    handoffs = 0
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(1500):
            await settle(pilot, screen)
            if isinstance(app.screen, HandoffScreen):
                handoffs += 1
                await pilot.press("enter")
                await pilot.pause()
                continue
            if screen.match.over:
                break
            before = len(screen.match.history)
            move = chooser.choose(screen.match.engine, screen.match.state)
            await play_by_keys(pilot, screen, move)
            assert len(screen.match.history) == before + 1, f"the keys did not play {move!r}"
        assert screen.match.over
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert handoffs > 10


def hot_seat_match_with_cards(seed: int = 4) -> Match:
    """A 2-player hot-seat game played on headless until both players hold a
    Queen Bee card and Ann is to place a die."""
    match = new_match([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=seed)
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
    """Two humans holding cards: a resumed game opens on the hand-off; after
    Ann places a die the hand-off hides the table (Ann may still take the
    move back); Enter hands over, and only Bob's hand and dice are shown."""
    match = hot_seat_match_with_cards()
    ann_cards = set(match.state.players[0].hand)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        await settle(pilot, screen)
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ann"
        assert screen.viewer() is None
        await pilot.press("enter")
        await settle(pilot, screen)
        assert app.screen is screen and screen.viewer() == 0
        move = next(m for m in screen.match.legal_moves() if isinstance(m, PlaceMove))
        await play_by_keys(pilot, screen, move)
        await settle(pilot, screen)
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob"
        assert app.screen.can_undo  # a plain placement revealed nothing
        assert screen.match.decision.seat == 1
        await pilot.press("enter")
        await settle(pilot, screen)
        assert app.screen is screen
        assert screen.viewer() == 1
        hand = str(screen.query_one("#wd-hand").render())
        assert "Bob's Queen Bee cards" in hand and "Ann" not in hand
        names = {c: n for c, n in __import__("beegames.games.waggle_dance.data", fromlist=["x"]).queen_names().items()}
        bob_names = {names[c] for c in screen.match.state.players[1].hand}
        assert all(names[c] not in hand for c in ann_cards if names[c] not in bob_names)
        assert screen.seen.state.players[0].hand == ["?"] * len(ann_cards)
        pool = screen.query_one("#wd-pool")
        assert sorted(d.value for d in pool.dice) == sorted(screen.match.state.players[1].pool)
        # Bob cannot take back Ann's placement
        history = len(screen.match.history)
        await pilot.press("ctrl+z")
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
        await pilot.pause()
        screen = app.screen
        await pilot.press(sid_value := blocked[1:], blocked[0].lower())
        await pilot.pause()
        assert screen.match.history == []
        messages = [n.message for n in app._notifications]
        assert any(f"Space {blocked} already holds a die" in m for m in messages), messages
        # a die the player does not have
        missing = next(v for v in range(1, 7) if v not in pool)
        await pilot.press(str(missing))
        await pilot.pause()
        assert any(f"no die showing {missing}" in n.message for n in app._notifications)
        assert screen.sel_die == int(sid_value)  # the earlier selection stands
        await pilot.press("escape")  # drops the selection...
        await pilot.pause()
        assert screen.sel_die is None and app.screen is screen
        await pilot.press("escape")  # ...and then opens the pause menu
        await pilot.pause()
        assert type(app.screen).__name__ == "PauseMenu"


async def test_mouse_picks_a_die_and_a_flower(tmp_path):
    match = solo_match(seed=5)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        screen = app.screen
        pool = screen.query_one("#wd-pool")
        value = pool.dice[0].value
        await pilot.click("#wd-pool", offset=(2, 1))  # the first big die face
        await pilot.pause()
        assert screen.sel_die == value
        table = screen.query_one("#wd-table")
        target = f"D{value}"
        y = next(ly for ly, _x0, _x1, t in table.spots if t == target)
        await pilot.click("#wd-table", offset=(4, y))
        await pilot.pause()
        assert screen.match.history[-1].move == {"kind": "place", "die": value, "target": target}


async def test_rules_summary_from_the_pause_menu(tmp_path):
    app = make_app(saves_dir=tmp_path, match=solo_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.click("#rules")
        await pilot.pause()
        assert isinstance(app.screen, RulesSummaryScreen)
        assert "Bumblebot" in app.screen.text and "Helper dice" in app.screen.text


async def test_helper_die_flow(tmp_path):
    match = solo_match(seed=5)
    pool = sorted(match.state.players[0].pool)
    helper, die = pool[0], pool[-1]
    new_value = next(v for v in range(1, 7) if v != die)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("h", str(helper), str(die), str(new_value))
        await pilot.pause()
        assert screen.match.state.locked == new_value
        assert screen.sel_die == new_value
        assert screen.match.state.players[0].helpers == [helper]
        await pilot.press("d")
        await pilot.pause()
        assert screen.match.history[-1].move == {"kind": "place", "die": new_value, "target": f"D{new_value}"}


async def test_night_steps_pause_step_and_run(tmp_path):
    """After the last die of the day the night plays out one step at a time;
    p pauses, n steps by hand, Space runs the rest."""
    match = solo_match(seed=5)
    chooser = make_player("basic", 1)
    # play the day up to the last die of the human player
    while True:
        state = match.state
        if len(state.players[0].pool) == 1 and not state.bot.pool and match.decision.kind == "turn":
            break
        match.play(chooser.choose(match.engine, state))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        move = next(m for m in match.legal_moves() if isinstance(m, PlaceMove))
        await play_by_keys(pilot, screen, move)
        assert screen.stepping
        await pilot.press("p")
        await pilot.pause(0.6)
        log_len = len(screen.match.state.log)
        await pilot.pause(0.6)
        assert len(screen.match.state.log) == log_len  # paused: nothing moves
        await pilot.press("n")
        await pilot.pause()
        assert len(screen.match.state.log) > log_len
        await settle(pilot, screen)
        assert not screen.stepping
        assert screen.match.state.phase in ("night", "day")


def _mid_game() -> Match:
    """A fixed mid-game position: round 3, a few dice out, nectar in rooms."""
    match = solo_match(seed=21)
    chooser = make_player("good", 2)
    while True:
        state = match.state
        if state.turn == 3 and state.phase == "day" and len(state.players[0].pool) <= 3:
            break
        match.play(chooser.choose(match.engine, state))
    return match


async def _select_a_die(pilot) -> None:
    screen = pilot.app.screen
    await pilot.pause()
    value = screen.placeable_dice()[0]
    await pilot.press(str(value))
    await pilot.pause()


def test_snapshot_mid_game_80x24(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=_mid_game())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_select_a_die)


def test_snapshot_mid_game_120x40(snap_compare, tmp_path):
    app = make_app(saves_dir=tmp_path, match=_mid_game())
    assert snap_compare(app, terminal_size=(120, 40), run_before=_select_a_die)
