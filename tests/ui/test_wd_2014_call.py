"""Waggle Dance 2014 at one keyboard: during Ann's day turn Bob asks to play Wrong Turn
("during an opponent's turn"); Ann lets him in from her list, the keyboard passes to Bob and
back, and Ann's turn goes on (issue 19, point 4)."""

from __future__ import annotations

import pytest

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.waggle_dance.ai import make_player
from beegames.games.waggle_dance.models import CallMove, PlayMove
from beegames.ui.app import make_app
from beegames.ui.screens.modals import HandoffScreen

from .helpers import game_screen, screen_text, settle


def match_with_a_call() -> Match:
    """Three humans, 2014; played on until Ann is to place and Bob holds Wrong Turn."""
    match = Match.new(get_engine("waggle-dance"), options={"ruleset": "2014"},
                      seats=[SeatInfo(name=n) for n in ("Ann", "Bob", "Cy")], seed=17)
    chooser = make_player("good", 1)
    for _ in range(3000):
        d = match.decision
        assert d is not None
        if d.kind == "turn" and d.seat == 0 and CallMove(seat=1) in match.legal_moves() \
                and "wrong_turn" in match.state.players[1].hand:
            return match
        match.play(chooser.choose(match.engine, match.engine.view(match.state, d.seat)))
    raise AssertionError("no position where Bob may be let in with Wrong Turn")


async def past_handoff(pilot, player: str) -> None:
    await settle(pilot)
    assert isinstance(pilot.app.screen, HandoffScreen) and pilot.app.screen.player == player
    await pilot.press("enter")
    await settle(pilot)


async def choose(pilot, screen, pred) -> str:
    """Pick the first list entry whose move satisfies ``pred``; returns its label."""
    index = next(i for i, choice in enumerate(screen._choices) if pred(choice.value))
    await pilot.press("home", *(["down"] * index))
    await settle(pilot)
    label = screen._choices[index].text.plain
    assert label[:24] in screen_text(pilot.app)  # the entry is on screen, not cut off
    await pilot.press("enter")
    await settle(pilot)
    return label


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_another_player_is_let_in_to_play_wrong_turn(size, tmp_path):
    match = match_with_a_call()
    flowers_before = {f: list(match.state.spaces[f"D{f}"]) for f in range(1, 7)}
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await past_handoff(pilot, "Ann")
        screen = game_screen(app)
        label = await choose(pilot, screen, lambda a: a == CallMove(seat=1))
        assert "Lets Bob play a card now" in label
        await past_handoff(pilot, "Bob")
        assert screen.match.decision.seat == 1 and screen.match.state.pending.name == "turn"
        assert "During Ann's turn" in screen_text(app)
        await choose(pilot, screen, lambda a: isinstance(a, PlayMove) and a.card == "wrong_turn")
        await past_handoff(pilot, "Ann")
        st = screen.match.state
        assert screen.match.decision.seat == 0 and screen.match.decision.kind == "turn"
        assert {f: list(st.spaces[f"D{f}"]) for f in range(1, 7)} != flowers_before
        assert any("Bob may play a card during Ann's turn" in line for line in st.log)
        assert any("plays Wrong Turn" in line for line in st.log)
        assert CallMove(seat=1) not in screen.match.legal_moves()  # once per placement
