"""Waggle Dance's nectar lists at 80x24 (wd-lists): storing and moving nectar read as the trade
does, one sentence an entry led by its verb, wrapped, never cut; a room's digit still chooses it."""

from __future__ import annotations

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.waggle_dance.models import Room
from beegames.games.waggle_dance.night import StoreNectar
from beegames.games.waggle_dance.rearrange import open_moves
from beegames.ui.app import make_app

from .helpers import screen_text, settle


def _solo(ruleset: str) -> Match:
    """Ann against the computer: pink (1) in room 1 with a 4, white (3) in room 2 with a 4."""
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bea", kind="computer")]
    match = Match.new(get_engine("waggle-dance"), options={"ruleset": ruleset}, seats=seats, seed=5)
    s = match.state
    s.players[0].rooms = [Room(), Room(nectar=[1, 1], dice=[4]), Room(nectar=[3], dice=[4])]
    s.supply_nectar[1] -= 2
    s.supply_nectar[3] -= 1
    s.phase, s.queue = "night", []
    return match


def _storing(ruleset: str, colour: int, rooms: int = 3) -> Match:
    """Ann stores two nectar of ``colour`` (the second keeps the game waiting for her) in ``rooms`` rooms."""
    match = _solo(ruleset)
    s = match.state
    s.players[0].rooms += [Room() for _ in range(rooms - 3)]
    s.players[0].pending_nectar = [colour, colour]
    s.supply_nectar[colour] -= 2
    s.pending = StoreNectar(seat=0)
    return match


async def test_storing_in_2014_reads_store_or_return_and_the_digit_stores(tmp_path):
    match = _storing("2014", 3)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        # (qa-today: one colour stored: the list's heading says it once, each room a line)
        assert "Wh Store a white nectar" in text and "1 in room 1 (Pk Pk · dice 4)" in text, text
        assert "R1: " not in text and "Stores" not in text, text
        assert app.screen._choices[-1].text.plain == "or return it to the supply"
        await pilot.press("1")
        await settle(pilot)
        assert match.history[-1].move == {"kind": "nectar", "colour": 3, "room": 1}
        assert match.history[-1].text.endswith("stores a white nectar in room 1.")  # (the log's line)


async def test_moving_nectar_at_f_reads_move_swap_or_finish(tmp_path):
    match = _solo("2022")
    match.state.pending = open_moves(match.state, 0, 4, [1, 2])
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Move a pink nectar from room 1" in text and "Swap a pink nectar in room 1" in text, text
        assert "R1 → R2" not in text and "Moves a" not in text, text
        labels = [c.text.plain for c in app.screen._choices]
        assert labels[-2:] == ["Move a white nectar from room 2 to room 1", "Finish moving nectar"], labels


async def test_one_colour_into_five_rooms_shows_every_room_under_its_heading(tmp_path):
    """qa-today: one colour to store in five rooms read "Store a yellow nectar in / room 0 (empty)",
    two lines a room, and 2½ of them showed at 80x24; the list's heading now says the verb and the
    colour once and each room takes a line, all five in view; a room's digit still stores."""
    match = _storing("2022", 4, rooms=5)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Ye Store a yellow nectar" in text and "more below" not in text, text
        for r, note in enumerate(["empty", "Pk Pk · dice 4", "Wh · dice 4", "empty", "empty"]):
            assert f"{r} in room {r} ({note})" in text, text
        await pilot.press("4")
        await settle(pilot)
        assert match.history[-1].move == {"kind": "nectar", "colour": 4, "room": 4}
        assert "1 in room 1 (Pk Pk · dice 4)" in screen_text(app)  # (the heading stays for the second)
