"""A trade's list in one form, and a step back from its second nectar (QA wd-newcomer, "Left":
the colour with several rooms read "R1: Gn Gn Gn Wh" beside whole sentences; a wrong first
nectar could only be undone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from beegames.core import saves
from beegames.core.errors import IllegalMove
from beegames.games import get_engine
from beegames.games.waggle_dance import view as wd
from beegames.games.waggle_dance.models import BackMove, DeclineMove, Room, TradeMove
from beegames.games.waggle_dance.night import Trade, TradeSecond

from .test_wd_choice_lists import flatten
from .wd_helpers import E, blank_day, consistent

V7 = Path(__file__).parent / "data" / "rules_v7_saves"


def trade_state(ruleset: str = "2022"):
    """Seat 0 trades at E3: an egg in room 0, white (3) in rooms 1 and 2, green (5) in room 1 only, and
    (2022) a Queen Bee card."""
    s = blank_day([[], []], rooms=4, humans=1, ruleset=ruleset)
    pl = s.players[0]
    pl.rooms = [Room(egg=True), Room(nectar=[5, 5, 5, 3]), Room(nectar=[3]), Room()]
    if ruleset == "2022":
        pl.hand = ["alchemy"]
        if "alchemy" in s.queen_deck:
            s.queen_deck.remove("alchemy")
    s.supply_eggs -= 1
    s.supply_nectar[5] -= 3
    s.supply_nectar[3] -= 2
    s.phase = "night"
    s.queue = []
    s.pending = Trade(seat=0, space="E3")
    return s


def test_every_entry_of_a_trade_list_says_what_is_given_from_where_and_for_what():
    s = trade_state()
    consistent(s)
    entries = wd.choice_entries(s, E.legal_moves(s))
    labels = [e.label for e in flatten(entries)]
    assert labels == [
        "Give the egg in room 0 (for 1 nectar)",
        "Give Alchemy, a Queen Bee card (for 1 nectar)",
        "Give a white nectar from room 1 (1st of 2 for 1 nectar)",
        "Give a green nectar from room 1 (1st of 2 for 1 nectar)",
        "Give a white nectar from room 2 (1st of 2 for 1 nectar)",
        "Give nothing (no trade)",
    ], labels
    # one form: no chip before a sentence, no short line of a room's contents
    assert all(e.nectar is None for e in flatten(entries))
    # the second nectar's entries say so
    s2 = E.apply(s, TradeMove(give="nectar", room=1, colour=3))
    labels = [e.label for e in flatten(wd.choice_entries(s2, E.legal_moves(s2)))]
    assert "Give a white nectar from room 2 (2nd of 2 for 1 nectar)" in labels
    assert labels[-1] == "← back: the white nectar returns to room 1"


def test_the_second_nectar_steps_back_to_the_trade_with_the_first_where_it_was():
    s = trade_state()
    consistent(s)
    before = s.model_copy(deep=True)
    s2 = E.apply(s, TradeMove(give="nectar", room=1, colour=3))
    assert isinstance(s2.pending, TradeSecond) and s2.players[0].rooms[1].nectar == [5, 5, 5]
    assert BackMove() in E.legal_moves(s2)
    s3 = E.apply(s2, BackMove())
    assert isinstance(s3.pending, Trade) and s3.pending.space == "E3"
    assert s3.players == before.players and s3.supply_nectar == before.supply_nectar
    assert str(s3.log[-1]).endswith("Buzz takes a white nectar back into room 1 to choose again.")
    E.check_invariants(s3)
    # the history's line says the same
    from beegames.games.waggle_dance.describe import describe
    assert describe(s2, BackMove()).endswith("takes a white nectar back into room 1 to choose again.")


def test_a_step_back_is_refused_where_there_is_none_and_changes_nothing():
    s = trade_state()
    consistent(s)
    dump = s.model_dump(mode="json")
    with pytest.raises(IllegalMove):
        E.apply(s, BackMove())
    assert s.model_dump(mode="json") == dump
    # a second nectar whose first is not known (taken up from a saved position) offers none
    s.pending = TradeSecond(seat=0, space="E3")
    assert BackMove() not in E.legal_moves(s)
    with pytest.raises(IllegalMove, match="cannot step back"):
        E.apply(s, BackMove())


def test_the_computer_never_steps_back():
    s = E.apply(trade_state(), TradeMove(give="nectar", room=1, colour=5))
    for level in ("basic", "good"):
        assert isinstance(E.make_player(level, 0).choose(E, s), TradeMove)


def test_2014_steps_back_too():
    s = trade_state("2014")
    consistent(s)
    s2 = E.apply(s, TradeMove(give="nectar", room=1, colour=5))
    assert [type(m) for m in E.legal_moves(s2)] == [TradeMove, BackMove]
    s3 = E.apply(s2, BackMove())
    assert s3.players == s.players and isinstance(s3.pending, Trade)
    assert DeclineMove() in E.legal_moves(s3)


def test_a_save_at_the_second_nectar_from_rules_version_7_replays_in_full_and_may_step_back(tmp_path):
    """Written by main at rules version 7 (two people, 2022), Bob at his second nectar: the first
    nectar a step back returns is not written to saves, so the save replays from its seed (no
    notice, every move kept) and Bob may step back; saved again, it loads bit for bit."""
    copy = tmp_path / "wd.json"
    copy.write_text((V7 / "wd2022-2p-trade-second.json").read_text())
    doc = saves.read_document(copy)
    assert doc.rules_version == 7 and doc.state["pending"]["kind"] == "trade_second"
    match = saves.load_save(copy, get_engine)
    assert match.notice is None and match.checkpoint is None and len(match.history) == len(doc.history)
    assert BackMove() in match.legal_moves()
    match.play(BackMove(), advance=False)
    assert match.decision is not None and match.decision.kind == "trade"
    assert match.history[-1].move == {"kind": "back"}
    again = saves.load_save(saves.write_save(match, copy), get_engine)
    assert again.state == match.settled_state()
    doc = saves.read_document(copy)
    assert doc.rules_version == E.rules_version == 8
