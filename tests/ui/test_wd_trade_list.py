"""Waggle Dance's trade at 80x24 (QA wd-newcomer, "Left"): the list in one form, and Esc or
"← back" at the second nectar takes the first one back through the rules."""

from __future__ import annotations

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.waggle_dance.models import Room
from beegames.games.waggle_dance.night import Trade
from beegames.ui.app import make_app

from .helpers import screen_text, settle


def _trading() -> Match:
    """A solo game put at Ann's trade at E3: white (3) in rooms 1 and 2, green (5) in room 1."""
    match = Match.new(get_engine("waggle-dance"), seats=[SeatInfo(name="Ann")], seed=5)
    s = match.state
    s.players[0].rooms = [Room(), Room(nectar=[5, 5, 5, 3]), Room(nectar=[3])]
    s.supply_nectar[5] -= 3
    s.supply_nectar[3] -= 2
    s.phase, s.queue, s.pending = "night", [], Trade(seat=0, space="E3")
    return match


async def test_the_trade_list_reads_alike_and_esc_steps_back_from_the_second_nectar(tmp_path):
    match = _trading()
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        text = screen_text(app)
        assert "Give a white nectar from" in text and "room 2 (1st of 2 for 1 nectar)" in text, text
        assert "R1: Gn" not in text and "Trades" not in text, text
        await pilot.press("2")  # room 2's white nectar, the first of two
        await settle(pilot)
        assert match.decision is not None and match.decision.kind == "trade_second"
        assert match.state.players[0].rooms[2].nectar == []
        text = screen_text(app)
        assert "(2nd of 2 for 1" in text and "← back: the white nectar" in text, text
        await pilot.press("escape")
        await settle(pilot)
        assert match.decision is not None and match.decision.kind == "trade"
        assert match.state.players[0].rooms[2].nectar == [3]
        assert match.history[-1].move == {"kind": "back"}
        assert "takes a white" in screen_text(app)  # (the log's line)
        # Esc again (nothing to step back from) opens the menu, as before
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is not game and match.history[-1].move == {"kind": "back"}
