"""Hot-seat integrity at one keyboard: hand-offs, what each seat sees, undo.

The toy game with its ``secret`` option gives each seat a secret number only
that seat may see, so these tests exercise the kernel's per-seat views through
the real app without depending on any one game's screen.
"""

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen
from beegames.ui.screens.modals import HandoffScreen

from .helpers import settle, type_ahead


def secret_match(pig, seed=6, kinds=("human", "human")):
    seats = [SeatInfo(name=n, kind=k, level="random") for n, k in zip(("Ana", "Ben", "Cy"), kinds)]
    return Match.new(pig, options={"secret": True}, seats=seats, seed=seed)


def game_screen(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def shown_log(screen: GameScreen) -> str:
    from beegames.ui.widgets.panels import GameLog

    return "\n".join(strip.text for strip in screen.query_one(GameLog).lines)


def ana_can_bank(pig):
    """A secret game in which Ana, to move, has rolled something to bank."""
    match = secret_match(pig)
    while not match.state.pot:  # Ana rolls until she has something to bank
        match.play("roll")
        if match.decision.seat != 0:
            match = secret_match(pig, seed=match.header.seed + 1)
    return match


def secret_line(match, seat):
    return f"Seat {seat + 1}'s secret is {match.state.secrets[seat]}."


async def test_resuming_a_hot_seat_game_opens_on_the_hand_off(pig, saves_dir):
    match = secret_match(pig)
    match.play("roll")
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        game = game_screen(app)
        assert isinstance(game, GameScreen) and game.keyboard_seat is None
        # under the hand-off, nothing private is drawn
        assert "secret" not in shown_log(game)
        assert game.seen.state.secrets == [0, 0]
        await pilot.press("enter")
        await settle(pilot)
        me = match.decision.seat
        assert app.screen is game and game.keyboard_seat == me
        assert secret_line(match, me) in shown_log(game) and secret_line(match, 1 - me) not in shown_log(game)
        assert game.seen.state.secrets[me] == match.state.secrets[me] and game.seen.state.secrets[1 - me] == 0


async def test_the_mover_takes_a_move_back_from_the_hand_off_but_the_next_player_cannot(pig, saves_dir):
    match = ana_can_bank(pig)
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ana takes the keyboard
        await settle(pilot)
        game = app.screen
        moves = len(match.history)
        assert game.submit("bank")
        await settle(pilot)
        # Ben must cheer: the table is hidden, and Ana may still take her move back
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ben" and app.screen.can_undo
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.screen is game and len(match.history) == moves and game.keyboard_seat == 0
        assert any(n.message.startswith("Took back: Seat 1: bank") for n in app._notifications)
        # Ana banks again and this time passes the keyboard
        assert game.submit("bank")
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert game.keyboard_seat == 1 and match.decision.seat == 1
        await pilot.press("ctrl+z")  # Ben tries to take back Ana's move
        await settle(pilot)
        assert len(match.history) == moves + 1
        assert any("only Ana may take it back" in n.message for n in app._notifications)
        assert app.screen is game


def handoff_shown(screen: HandoffScreen) -> tuple[str, str, bool, str, str | None]:
    """What a hand-off shows: its title, the ready button, whether the undo button is shown
    and its label, and the id of the focused widget."""
    from textual.widgets import Button, Static

    undo = screen.query_one("#undo", Button)
    return (str(screen.query_one("#handoff-title", Static).render()), str(screen.query_one("#ready", Button).label),
            undo.display, str(undo.label), screen.focused.id if screen.focused else None)


async def test_the_hand_off_screen_is_shown_again_as_a_new_one_would_be(pig, saves_dir):
    """One hand-off screen per game, shown again at every hand-off: each time with the next
    player's name, the undo button only when the move may be taken back, the focus on the
    ready button (even if it was moved to the undo button last time); gone with the game."""
    from .helpers import quit_to_menu

    match = ana_can_bank(pig)
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = app.screen
        assert isinstance(first, HandoffScreen)  # resumed: Ana is called, nothing to take back
        assert handoff_shown(first) == ("Pass the keyboard to Ana", "I am Ana", False,
                                        "None: take back my move (Ctrl+Z)", "ready")
        await pilot.press("tab")  # the hidden undo button takes no focus
        await settle(pilot)
        assert first.focused is first.query_one("#ready")
        await pilot.press("enter")
        await settle(pilot)
        game = app.screen
        assert game.submit("bank")
        await settle(pilot)
        assert app.screen is first and first.can_undo
        assert handoff_shown(first) == ("Pass the keyboard to Ben", "I am Ben", True,
                                        "Ana: take back my move (Ctrl+Z)", "ready")
        await pilot.press("tab")  # to the undo button, which Enter then presses
        await settle(pilot)
        assert first.focused is first.query_one("#undo")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is game and game.keyboard_seat == 0
        assert game.submit("bank")
        await settle(pilot)
        assert app.screen is first
        assert handoff_shown(first) == ("Pass the keyboard to Ben", "I am Ben", True,
                                        "Ana: take back my move (Ctrl+Z)", "ready")
        await pilot.press("enter")  # the ready button has the focus again
        await settle(pilot)
        assert app.screen is game and game.keyboard_seat == 1
        await quit_to_menu(pilot)
        assert not first.is_attached and not app.is_screen_installed(first)


async def test_the_mover_can_undo_from_the_menu_opened_over_the_hand_off(pig, saves_dir):
    from beegames.ui.screens.modals import PauseMenu

    match = ana_can_bank(pig)
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        game = app.screen
        moves = len(match.history)
        assert game.submit("bank")
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen) and app.screen.can_undo
        await pilot.press("escape")  # the menu, over the hand-off: Ben still sees nothing
        await settle(pilot)
        assert isinstance(app.screen, PauseMenu) and isinstance(app.screen_stack[-2], HandoffScreen)
        assert game.keyboard_seat == 0 and secret_line(match, 1) not in shown_log(game)
        await pilot.click("#undo")
        await settle(pilot)
        assert app.screen is game and len(match.history) == moves and game.keyboard_seat == 0


async def test_a_computer_turn_between_humans_still_hides_the_table(pig, saves_dir):
    match = secret_match(pig, seed=3, kinds=("human", "computer", "human"))
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await settle(pilot)
        game = game_screen(app)
        seen_keyboards = []
        for _ in range(300):
            if match.over:
                break
            if isinstance(app.screen, HandoffScreen):
                # the screen beneath still shows only the previous player's view
                assert game.seen.seat == game.keyboard_seat
                await pilot.press("enter")
            else:
                d = match.decision
                if d is not None and match.header.seats[d.seat].is_human:
                    assert d.seat == game.keyboard_seat
                    seen_keyboards.append(d.seat)
                    game.submit(match.legal_moves()[0])
            await settle(pilot)
        assert {0, 2} <= set(seen_keyboards)


async def test_one_human_against_computers_never_sees_a_hand_off(pig, saves_dir):
    match = secret_match(pig, seed=5, kinds=("human", "computer"))
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.keyboard_seat == 0
        for _ in range(40):
            assert not isinstance(app.screen, HandoffScreen)
            if match.over:
                break
            if match.decision is not None and match.decision.seat == 0:
                game.submit(match.legal_moves()[0])
            await settle(pilot)
        assert game.seen.state.secrets[1] == 0


async def test_ctrl_l_opens_the_whole_log_of_the_seat_at_the_keyboard_only(pig, saves_dir):
    """Ctrl+L shows every line of the log, scrollable by keys, and only the lines the player at the
    keyboard may read; Esc (or Ctrl+L) closes it."""
    from beegames.ui.screens.modals import LogScreen
    from beegames.ui.widgets.panels import GameLog

    match = secret_match(pig)
    for _ in range(30):  # a long log
        if match.over:
            break
        match.play("roll" if match.decision.kind != "cheer" else match.legal_moves()[0])
    match = secret_match(pig) if match.over else match
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await settle(pilot)
        game = game_screen(app)
        me = game.keyboard_seat
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        log = app.screen.query_one("#log-all", GameLog)
        text = "\n".join(strip.text for strip in log.lines)
        assert secret_line(match, me) in text and secret_line(match, 1 - me) not in text
        assert text.count("\n") + 1 >= len(game.seen.log) and log.has_focus
        # it opens on the newest line, and the keys scroll it
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        await pilot.press("home")
        await settle(pilot)
        assert log.scroll_y == 0
        await pilot.press("pagedown")
        await settle(pilot)
        assert 0 < log.scroll_y <= log.max_scroll_y
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        await pilot.press("ctrl+l")
        await settle(pilot)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert app.screen is game


def open_game_with_a_pot(pig):
    """A game between two people at one keyboard who play without hand-off
    screens, Ana to move with something to bank."""
    match = Match.new(pig, seats=[SeatInfo(name=n) for n in ("Ana", "Ben")], seed=6, handoffs=False)
    while not (match.state.pot and match.decision.seat == 0):
        match.play("roll")
    return match


async def test_keys_typed_ahead_never_play_the_next_players_move(pig, saves_dir):
    """QA bl #9: the keyboard passes from one person to another with no
    hand-off screen between: the keys the first typed ahead, still on their way,
    are dropped (with a word) and do not play the next person's move; keys
    pressed once the next decision is shown are taken."""
    from textual.widgets import OptionList

    match = open_game_with_a_pot(pig)
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        assert app.screen is game and not match.needs_handoff()
        moves = len(match.history)
        # Ana: ↓ Enter banks; the second Enter, typed ahead, would roll for Ben
        await type_ahead(pilot, "down", "enter", "enter")
        assert [entry.move for entry in match.history[moves:]] == ["bank"]
        assert match.decision.seat == 1 and app.screen is game and not game.keys_guarded
        assert any("keys pressed before it was shown were not used" in n.message and "Ben" in n.message
                   for n in app._notifications)
        # Ben, now that his decision is shown, answers it
        assert isinstance(app.focused, OptionList)
        first = match.legal_moves()[0]
        await pilot.press("enter")
        await settle(pilot)
        assert [entry.move for entry in match.history[moves:]] == ["bank", first]
        assert match.history[-1].seat == 1


async def test_a_players_key_typed_ahead_waits_for_their_next_decision_to_be_shown(pig, saves_dir):
    """Ana rolls, and her second Enter comes before her next decision (the same kind: roll again or bank)
    was drawn: it is dropped with the new question's word, not played unseen; an Enter once it is shown
    rolls again."""
    match = Match.new(pig, seats=[SeatInfo(name=n) for n in ("Ana", "Ben")], seed=6, handoffs=False)
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        while match.decision.seat != 0:
            game.submit("roll")
            await settle(pilot)
        moves = len(match.history)
        await type_ahead(pilot, "enter", "enter")
        assert [(entry.seat, entry.move) for entry in match.history[moves:]] == [(0, "roll")]
        assert match.decision.seat == 0 and not game.keys_guarded
        assert any(n.message.startswith("A new question came up") for n in app._notifications)
        await pilot.press("enter")
        await settle(pilot)
        assert [(entry.seat, entry.move) for entry in match.history[moves:]] == [(0, "roll"), (0, "roll")]
