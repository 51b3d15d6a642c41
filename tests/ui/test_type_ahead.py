"""Keys typed ahead by the player at the keyboard, for their own next question.

Two keys typed quickly for one question are both taken (a die and its place, a
group's letter and its line); when the first answer brings another question, of
another kind (a follow-up) or of the same kind again (``test_hot_seat``: rolling
and rolling again), directly or after automatic steps, or the computer moved,
the keys typed before that question was drawn are dropped with a word, and a
key pressed once it is shown answers it. Keys are queued as a terminal
sends them (``type_ahead``: ``pilot.press`` waits for each key).
"""

from __future__ import annotations

import pytest

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app

from .helpers import game_screen, settle, type_ahead

NEW_QUESTION = "A new question came up"


def against_the_computer(game: str, done, seed: int = 3, level: str = "random") -> Match:
    """Ann (a person) against Bob (the computer, random), played on with random moves until ``done(decision)``
    holds for a decision of Ann's."""
    engine = get_engine(game)
    match = Match.new(engine, seats=[SeatInfo(name="Ann"), SeatInfo(name="Bob", kind="computer", level=level)],
                      seed=seed)
    chooser = engine.make_player(level, 1)
    for _ in range(400):
        d = match.decision
        if d is None:
            match.step()
            continue
        if d.seat == 0 and done(d):
            return match
        match.play(chooser.choose(engine, engine.view(match.state, d.seat)))
    raise AssertionError("the position was never reached")


def spy_guards(game) -> list[bool]:
    """Each guard the screen sets from now on (True: before the same player's new question)."""
    guarded: list[bool] = []
    guard = game.guard_keys
    game.guard_keys = lambda question=False: (guarded.append(question), guard(question))[1]
    return guarded


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.mark.parametrize("game, asked, keys, answer", [
    # Honey Buzz: 1 takes a tile; the second 1 would choose where to place it
    ("honey-buzz", "turn", ("1", "1"), ("1",)),
    # Waggle Dance: Enter trades an egg; the second Enter would choose the nectar it gains (a colour, then its room)
    ("waggle-dance", "trade", ("enter", "enter"), ("enter", "enter")),
])
async def test_a_second_key_never_answers_the_follow_up_question(tmp_path, game, asked, keys, answer):
    """The first key answers; the second, typed before the follow-up question (of another kind) was drawn,
    is dropped with a word that names it; then the same keys answer the follow-up as shown."""
    match = against_the_computer(game, lambda d: d.kind == asked)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game_on = game_screen(app)
        moves = len(match.history)
        await type_ahead(pilot, *keys)
        assert len(match.history) == moves + 1 and match.history[-1].seat == 0
        assert match.decision.seat == 0 and match.decision.kind != asked
        assert any(n.startswith(NEW_QUESTION) and match.decision.prompt in n for n in notices(app))
        assert not game_on.keys_guarded
        await pilot.press(*answer)
        await settle(pilot)
        assert len(match.history) == moves + 2 and match.history[-1].seat == 0


async def test_a_digit_that_comes_before_the_follow_up_is_drawn_never_answers_it(tmp_path):
    """Honey Buzz: the first answer is taken (the follow-up question is set in the list, not drawn yet), and a
    digit typed meanwhile is still on its way: it does not choose the follow-up's first entry, which the
    player has not seen. (The digit is queued before the answer is taken, as a terminal's keys are: a key
    sent after it would race the drawing of the follow-up, and one that came after the drawing may
    answer it.)"""
    from textual import events

    match = against_the_computer("honey-buzz", lambda d: d.kind == "turn")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        take = next(m for m in match.legal_moves() if getattr(m, "kind", None) == "take")
        moves = len(match.history)
        app.post_message(events.Key("1", "1"))  # (queued now, handled only once this test awaits)
        assert game.submit(take)  # (as the list's choice does, before anything is drawn)
        assert match.decision.kind == "place" and game.keys_guarded
        await settle(pilot)
        assert len(match.history) == moves + 1 and match.decision.kind == "place"
        assert any(n.startswith(NEW_QUESTION) for n in notices(app))


async def test_the_first_question_after_the_computers_move_is_guarded(tmp_path):
    """A key racing the computer's move (typed before the position it made was drawn) is not the
    player's answer to it: the player's question after a computer's move is a new question."""
    match = against_the_computer("hive", lambda d: True, level="easy")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        guarded = spy_guards(game)
        assert game.submit(match.legal_moves()[0])
        await settle(pilot)
        assert match.history[-1].seat == 1 and match.decision.seat == 0
        assert guarded == [True] and not game.keys_guarded


def bee_lives_turn() -> Match:
    """Bee Lives solo: Ann's turn with three free bees (after a turn, the wild hives' steps come first)."""
    from .test_bee_lives_screen import position, turn

    return position(["Ann"], lambda m: turn(m) and m.state.players[0].unassigned >= 3)


def waggle_dance_solo() -> Match:
    """Waggle Dance solo: Ann's day turn (after a die, Bumblebot's steps come first)."""
    return Match.new(get_engine("waggle-dance"), seats=[SeatInfo(name="Ann")], seed=3, options={"threats": True})


def honey_buzz_setup() -> Match:
    """Honey Buzz against the computer: Ann's first starting tile, then straight on her second (no step
    between): the same kind of question twice in a row."""
    return against_the_computer("honey-buzz", lambda d: d.kind == "arrange")


def place_keys(match: Match) -> tuple[str, str]:
    """A Waggle Dance die's digit and its place's letter (an action card's), for a die it can go to."""
    from beegames.games.waggle_dance.models import PlaceMove

    move = next(m for m in match.legal_moves() if isinstance(m, PlaceMove) and m.target[0] in "ACEG")
    return str(move.die), move.target[0].lower()


@pytest.mark.parametrize("build, first, second", [
    # a tile and its icon's end (two keys of one question), twice
    (honey_buzz_setup, ("1", "1"), ("1", "1")),
    # defend with one bee (a letter, then its line), twice; the wild hives act between
    (bee_lives_turn, ("d", "1"), ("d", "1")),
    # a die and its place (two keys of one question), twice; Bumblebot acts between
    (waggle_dance_solo, None, None),
])
async def test_the_same_kind_of_question_again_is_not_answered_unseen(tmp_path, build, first, second):
    """QA: keys for two questions of the same kind typed at once answered the second unseen (its list
    had changed: Honey Buzz's second starting tile took the first entry, a tile placed already). The
    keys of the first question are all taken (both keys of one answer); those typed before the second
    question was drawn are dropped with the word that names it, directly after the answer as after
    automatic steps; the same keys once it is shown answer it."""
    match = build()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        moves, kind = len(match.history), match.decision.kind
        first = first or place_keys(match)
        await type_ahead(pilot, *first, *(second or first))
        assert len(match.history) == moves + 1 and match.history[-1].seat == 0
        assert (match.decision.seat, match.decision.kind) == (0, kind) and not game.keys_guarded
        assert any(n.startswith(NEW_QUESTION) and match.decision.prompt in n for n in notices(app))
        asked = len(match.history)
        await pilot.press(*(second or place_keys(match)))
        await settle(pilot)
        assert len(match.history) > asked and match.history[asked].seat == 0


async def test_waggle_dance_a_key_typed_after_a_die_is_picked_never_places_it_unseen(tmp_path):
    """Waggle Dance: picking a die is a step inside one decision, which turns the list into that die's
    places. Enter typed right after the die's digit (before that list was drawn) is dropped with the
    shared word, and the die stays picked; Enter once the places are shown puts it on the first."""
    from beegames.games.waggle_dance.models import PlaceMove

    match = Match.new(get_engine("waggle-dance"), seats=[SeatInfo(name="Ann")], seed=3, options={"threats": True})
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        moves = len(match.history)
        die = next(m.die for m in match.legal_moves() if isinstance(m, PlaceMove))
        await type_ahead(pilot, str(die), "enter")
        assert len(match.history) == moves and game.picker.die == die and not game.keys_guarded
        assert any(n.startswith(NEW_QUESTION) for n in notices(app))
        first = game.hint_list().current.value
        assert isinstance(first, PlaceMove) and first.die == die
        await pilot.press("enter")
        await settle(pilot)
        assert len(match.history) > moves and match.history[moves].move == match.engine.move_to_json(first)


async def test_waggle_dance_a_die_and_its_place_typed_at_once_are_both_taken(tmp_path):
    """A letter names its place whatever the list shows: the die's digit and the place's letter typed at
    once put the die there, with no word of keys dropped."""
    from beegames.games.waggle_dance.models import PlaceMove

    match = Match.new(get_engine("waggle-dance"), seats=[SeatInfo(name="Ann")], seed=3, options={"threats": True})
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        moves = len(match.history)
        move = next(m for m in match.legal_moves() if isinstance(m, PlaceMove) and m.target[0] in "ACEG")
        await type_ahead(pilot, str(move.die), move.target[0].lower())
        assert len(match.history) > moves and match.history[moves].move == match.engine.move_to_json(move)
        assert not any(n.startswith(NEW_QUESTION) for n in notices(app))


async def test_bee_lives_guards_a_turn_that_comes_after_another_kind_of_question(tmp_path):
    """Bee Lives solo: Ann keeps a scouted tile (1) and types d 1 before her next turn is drawn. The
    turn came after a question of another kind (the tile to keep), so the keys typed for that
    question do not answer it: they are dropped with a word, and the turn waits for her own keys."""
    from beegames.games.bee_lives.models import DefendMove

    from .test_bee_lives_screen import ENGINE, position

    def keep_then_turn(m: Match) -> bool:
        d = m.decision
        if d is None or d.kind != "keep":
            return False
        after = ENGINE.advance(ENGINE.apply(m.state, m.legal_moves()[0]))
        nxt = ENGINE.decision(after)
        return nxt is not None and nxt.kind == "turn" and after.players[0].unassigned >= 2

    match = position(["Ann"], keep_then_turn)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        guarded = spy_guards(game)
        moves = len(match.history)
        await type_ahead(pilot, "1", "d", "1")
        assert len(match.history) == moves + 1 and match.decision.kind == "turn"
        assert guarded == [True] and not game.keys_guarded
        assert any(n.startswith(NEW_QUESTION) for n in notices(app))
        assert match.state.players[0].assigned["defend"] == 0
        assert not game.query_one("#bl-choices").in_group  # (nor did d, a binding, open Ann's Defend)
        await pilot.press("d", "1")  # her own keys, once the turn is shown
        await settle(pilot)
        assert match.history[-1].move == ENGINE.move_to_json(DefendMove(bees=1))


async def test_waggle_dance_a_die_pressed_while_the_steps_are_shown_runs_them_and_is_taken(tmp_path):
    """Bumblebot's steps after Ann's die are on show (held there by p): a die's digit and its place's
    letter pressed now run the steps at once and then place the die, as any key does while steps are
    shown (they were refused with a word before, unlike in the other games)."""
    from beegames.games.waggle_dance.models import PlaceMove

    from .test_bee_lives_screen import until

    match = waggle_dance_solo()
    engine = match.engine
    first = next(m for m in match.legal_moves() if isinstance(m, PlaceMove) and m.target[0] in "ACEG")
    after = engine.apply(match.state, first)
    while engine.decision(after) is None:
        after = engine.step(after)
    second = next(m for m in engine.legal_moves(after) if isinstance(m, PlaceMove) and m.target[0] in "ACEG")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        moves = len(match.history)
        await pilot.press("p", str(first.die), first.target[0].lower())
        await until(pilot, lambda: game.stepping and not game.keys_guarded)  # (the steps drawn)
        assert game.steps_paused and len(match.history) == moves + 1
        await pilot.press(str(second.die), second.target[0].lower())
        await settle(pilot)
        assert not game.stepping and match.history[-1].seat == 0
        assert match.history[-1].move == engine.move_to_json(second)
        assert not any(n.startswith(NEW_QUESTION) for n in notices(app))


async def test_keys_dropped_before_the_steps_are_told_when_the_computer_plays_next(tmp_path):
    """Keys dropped before automatic steps were drawn are told when what follows the steps is shown. That
    used to wait for a question of the player at the keyboard, and was never said when the computer's
    turn came next (or the game's end). Waggle Dance, Ann against Bob (the computer): Ann's die, with a
    word about dropped keys waiting, is followed by Bob's turn; the word comes then, naming him."""
    match = against_the_computer("waggle-dance", lambda d: d.kind == "turn")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        moves = len(match.history)
        game._untold = True  # (as :meth:`_tell_dropped` leaves it when keys were dropped while steps were shown)
        assert game.submit(match.legal_moves()[0])
        await settle(pilot)
        assert match.history[moves].seat == 0 and match.history[moves + 1].seat == 1  # (Ann's die, then Bob's)
        assert not game._untold
        assert any(n.startswith("Bob's turn now: the keys pressed before it was shown were not used")
                   for n in notices(app)), notices(app)
