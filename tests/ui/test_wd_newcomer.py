"""Waggle Dance at 80x24, a newcomer's play-test (docs/qa/2026-12-04/wd-newcomer.md): what each
key does is said before it is pressed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.waggle_dance import Step

from .helpers import screen_text, settle


def _solo(**options) -> Match:
    return Match.new(get_engine("waggle-dance"), options=options, seats=[SeatInfo(name="Ann")], seed=5)


async def _keys(pilot, *keys: str) -> None:
    """Press ``keys``, each followed by a wait until the app has handled it."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


@asynccontextmanager
async def _die_picked(tmp_path, match: Match) -> AsyncIterator[tuple]:
    """The app at 80x24 on ``match``, its first die picked by its digit: (the pilot, the screen)."""
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await _keys(pilot, str(match.state.players[0].pool[0]))
        yield pilot, app.screen


def _solo_with_directions() -> tuple[Match, int, int]:
    """A solo game at its first turn where Directions lets the player's dice onto another flower
    than their own number's: (the match, a die in the pool, that other flower)."""
    match = _solo()
    s = match.state
    pl = s.players[0]
    die = pl.pool[0]
    other = next(f for f in range(1, 7) if f != die and not s.spaces[f"D{f}"])
    pl.directions = [other]
    return match, die, other


async def test_two_lit_flowers_each_say_their_key_and_d_asks_which(tmp_path):
    """With Directions, two flowers were lit for a die and both list entries read "[D]"; D placed
    the die on its own number's flower, whichever the player meant. Now each entry reads
    "[D n]", D asks for the flower's number, and the number places it."""
    match, die, other = _solo_with_directions()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        await _keys(pilot, str(die))
        text = screen_text(app)
        assert f"[D {die}]" in text and f"[D {other}]" in text, text
        assert "D+flower" in text
        await _keys(pilot, "d")
        assert screen.picker.step is Step.FLOWER and screen.match.history == []
        text = screen_text(app)
        lo, hi = sorted((die, other))
        assert f"Flower for your {die}:" in text and f"number ({lo} or {hi}). Esc: back" in text, text
        await _keys(pilot, "escape")  # back to the places, the die still picked
        assert screen.picker.step is Step.TARGET and screen.sel_die == die
        await _keys(pilot, "d", str(other))
        assert screen.match.history[0].move == {"kind": "place", "die": die, "target": f"D{other}"}


async def test_one_lit_flower_is_still_one_key(tmp_path):
    match = _solo()
    die = match.state.players[0].pool[0]
    async with _die_picked(tmp_path, match) as (pilot, screen):
        app = pilot.app
        assert "[D]" in screen_text(app) and "D+flower" not in screen_text(app)
        await _keys(pilot, "d")
        assert screen.match.history[0].move == {"kind": "place", "die": die, "target": f"D{die}"}


async def test_the_cards_in_play_say_what_they_do(tmp_path):
    """The seat's line of cards in play read "Now: soldiers" and "directions D5": now each card
    is named as on its face, with what it does this round, wrapped in the 80x24 column."""
    match, _, other = _solo_with_directions()
    match.state.players[0].soldier = True
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Now: Soldiers (next die on a threat" in text, text
        assert "matches any); Directions (any die may go" in text, text
        assert f"on D{other})" in text, text


def test_bumblebots_dice_say_how_many_are_still_to_place():
    """Bumblebot's pool read "Dice 6:" before five dice once one was placed (the seats' pools
    already said "6 dice, 5 to place:")."""
    from beegames.games.waggle_dance.view import table_view
    from beegames.ui.widgets.waggle_dance.hives import draw_bumblebot

    s = _solo().state
    b = s.bumblebot
    assert b is not None
    tv = table_view(s, 0)
    assert tv.bumblebot is not None
    lines = [line.plain for line in draw_bumblebot(tv.bumblebot, tv).lines]
    assert any(line.startswith(" 6 dice: ") for line in lines), lines
    b.pool = b.pool[1:]
    tv = table_view(s, 0)
    assert tv.bumblebot is not None
    lines = [line.plain for line in draw_bumblebot(tv.bumblebot, tv).lines]
    assert any(line.startswith(" 6 dice, 5 to place: ") for line in lines), lines


async def test_two_open_threats_each_say_their_number(tmp_path):
    """With two threats open, both entries read "[T]" though T alone places nothing (it asks for
    the number): now "[T 0]" and "[T 1]", and the status says "T+threat" as it says "R+room"."""
    from beegames.games.waggle_dance.models import Threat

    match = _solo(threats=True)
    match.state.threats = [Threat(name="Spider"), Threat(name="Beetle")]
    die = match.state.players[0].pool[0]
    async with _die_picked(tmp_path, match) as (pilot, screen):
        assert "T+threat" in screen_text(pilot.app)
        labels = [c.label.plain for c in screen._choices]
        assert any(label.startswith("[T 0] ") for label in labels), labels
        assert any(label.startswith("[T 1] ") for label in labels), labels
        await _keys(pilot, "t", "1")
        assert screen.match.history[0].move == {"kind": "place", "die": die, "target": "T1"}


async def test_a_digit_stores_the_last_colour_in_its_room(tmp_path):
    """80x24: with one colour left to store in three rooms, the room's digit stores it (it said
    "Answer the question in the list first"), and the entry shows the digit."""
    from beegames.games.waggle_dance.night import StoreNectar
    from tests.waggle_dance.wd_helpers import blank_day, consistent

    s = blank_day([[], []], rooms=3, humans=1)
    s.players[0].pending_nectar = [3, 3]  # (the second keeps the game waiting for Buzz)
    consistent(s)
    s.phase, s.pending = "night", StoreNectar(seat=0)
    engine = get_engine("waggle-dance")
    header = Match.new(engine, options={}, seats=[SeatInfo(name="Buzz"), SeatInfo(name="Beatrice", kind="computer")],
                       seed=1).header
    app = make_app(saves_dir=tmp_path, match=Match(engine, header, _state=s))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        assert "2 Store a white nectar in" in screen_text(app), screen_text(app)
        await _keys(pilot, "2")
        assert screen.match.history[0].move == {"kind": "nectar", "colour": 3, "room": 2}
        assert screen.human_to_move and len(screen.match.history) == 1


async def test_a_soldiers_die_is_not_drawn_with_the_hints_star(tmp_path):
    """A die played with Soldiers on a threat was drawn "●★", the hint's mark: it is now "●*", and the
    table's legend says what the * stands for while such a die is on a threat (80x24 and 160x50)."""
    from beegames.games.waggle_dance.models import Threat

    for size in ((80, 24), (160, 50)):
        match = _solo(threats=True)
        match.state.threats = [Threat(name="Wasp", dice=[(0, 0)])]
        app = make_app(saves_dir=tmp_path, match=match)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            text = screen_text(app)
            assert "Wasp" in text and "●*" in text and "★" not in text, text
            assert "* Soldiers die: any value" in text, text
