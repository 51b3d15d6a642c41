"""Rules version 5: the log says why a result came out as it did (a threat not defeated, who a
solo threat spares, Bumblebot's Pair card placing no pair, 2014 blockers staying all game),
and the one person at a 2014 table of computers is not stopped to pass on a card question."""

from __future__ import annotations

import pytest

from beegames.games.waggle_dance import reactions
from beegames.games.waggle_dance.bumblebot import take_turn
from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.hidden import seat_view
from beegames.games.waggle_dance.models import BUMBLEBOT, DeclineMove, PlaceMove, PlayMove, Threat
from beegames.games.waggle_dance.reactions import Window

from .test_wd_2014_cards import day14, give14
from .test_wd_solo import card_where, solo, top
from .test_wd_threats import with_threats
from .wd_helpers import E, blank_day, consistent, first_turn, new, run_tasks

# -- threats ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dice,reason", [
    ([(0, 3), (1, 3), (2, 3), (3, 2)], "its dice do not all match (3 3 3 2)"),
    ([(0, 3), (1, 3), (2, 3)], "it needs 4 matching dice and has 3 (3 3 3)"),
    ([(0, 3), (1, 5)], "it needs 4 matching dice and has 2, which do not match (3 5)"),
    ([], "it needs 4 matching dice and has none"),
    ([(0, 0), (1, 4), (2, 4)], "it needs 4 matching dice and has 3 (any 4 4)"),
])
def test_a_threat_not_defeated_says_why(dice, reason):
    s = with_threats(blank_day([[], [], [], []], threats=True), "Ant")
    s.threats[0].dice = list(dice)
    s2 = run_tasks(s, ["check_threats"], check=False)
    assert f"The Ant is not defeated: {reason}." in s2.log


def test_solo_a_threat_spares_who_has_a_die_on_it_and_says_so():
    s = clone(first_turn(1, threats=True))
    s.threat_deck.remove("Dragonfly")
    s.threats = [Threat(name="Dragonfly", dice=[(0, 2), (BUMBLEBOT, 5)])]
    s.players[0].pool = s.players[0].pool[1:]
    s.bumblebot.pool = s.bumblebot.pool[1:]
    dice = (s.players[0].dice, s.bumblebot.dice)
    s2 = run_tasks(s, ["check_threats"], check=False)
    name = s.players[0].name
    assert "The Dragonfly is not defeated: it needs 3 matching dice and has 2, which do not match (2 5)." in s2.log
    assert (f"{name} and Bumblebot each have a die on it and are spared.\n"
            "  In a solo game, a die on a threat protects its owner from it.") in s2.log
    assert (s2.players[0].dice, s2.bumblebot.dice) == dice


def test_solo_a_threat_names_the_one_it_spares_and_strikes_the_other():
    s = clone(first_turn(1, threats=True))
    s.threat_deck.remove("Hornet")
    s.threats = [Threat(name="Hornet", dice=[(0, 2)])]
    s.players[0].pool = s.players[0].pool[1:]
    s.bumblebot.nectar = [0, 3, 1, 0, 0, 0]
    s2 = run_tasks(s, ["check_threats"], check=False)
    assert (f"{s.players[0].name} has a die on it and is spared.\n"
            "  In a solo game, a die on a threat protects its owner from it.") in s2.log
    assert s2.bumblebot.nectar == [0, 3, 0, 0, 0, 0]


def test_a_multiplayer_threat_spares_nobody_and_says_nothing_of_it():
    s = with_threats(blank_day([[], []], threats=True), "Dragonfly")
    s.threats[0].dice = [(0, 2)]
    s2 = run_tasks(s, ["check_threats"], check=False)
    assert not any("spared" in str(line) for line in s2.log)


# -- Bumblebot's Pair card -------------------------------------------------------------------


@pytest.mark.parametrize("pool,nectar,eggs,honey_pairs,hatch_pairs,reason", [
    ([1], [3, 0, 0, 0, 0, 0], 0, [], [], "no two of its dice match"),
    ([6, 6, 1], [0] * 6, 0, [], [], "nothing to pair for (no nectar, no egg)"),
    ([6, 6, 1], [2, 1, 0, 0, 0, 0], 0, [], [],
     "nothing to pair for (no 3 nectar of a colour, no egg, only one colour with 2 nectar or more)"),
    ([6, 6, 1], [3, 0, 0, 0, 0, 0], 1, [4], [2],
     "nothing to pair for (a pair is already on F, a pair is already on B, only one colour with 2 nectar or more)"),
])
def test_bumblebots_pair_card_says_why_it_placed_no_pair(pool, nectar, eggs, honey_pairs, hatch_pairs, reason):
    s = solo()
    b = s.bumblebot
    b.nectar, b.eggs, b.honey_pairs, b.hatch_pairs = nectar, eggs, list(honey_pairs), list(hatch_pairs)
    b.pool = list(pool)
    card = card_where(lambda c: c.icons == ["pair", "least"])
    top(s, card)
    take_turn(s)
    head = f"Bumblebot's solo card {card.id} (Pair+Least of): "
    if len(pool) == 1:  # no pair in hand: the headline says so, with nothing more to explain
        assert s.log[-1] == head + "no two dice match, so a 1 on flower 1."
    else:  # pairs in hand but nothing calls for one: the headline says that; the detail says why
        assert s.log[-1] == head + f"nothing to pair for, so a 1 on flower 1.\n  No pair: {reason}."


# -- 2014 blockers ---------------------------------------------------------------------------


def test_2014_blockers_are_said_to_stay_all_game_and_2022_ones_are_not():
    s14 = E.advance(new(3, ruleset="2014"))
    line = next(str(x) for x in s14.log if str(x).startswith("Blocker dice cover"))
    assert line.endswith("; they stay there for the whole game (2014).")
    s22 = E.advance(new(3))
    line = next(str(x) for x in s22.log if str(x).startswith("Blocker dice cover"))
    assert "whole game" not in line


# -- one person at a 2014 table of computers -------------------------------------------------


def _after_a_computer_places(card):
    """2014: seat 0 (a computer) places on D1; seat 1, the table's one person, holds ``card``."""
    s = day14([[1, 2], [3]])
    s.speak_up = [1]
    consistent(s)
    give14(s, 1, card)
    return s


def test_the_one_person_is_not_asked_when_passing_is_all_they_can_do():
    # holding Bounty (a night card): nothing to play during the computer's turn, so no question
    s = E.advance(E.apply(_after_a_computer_places("bounty"), PlaceMove(die=1, target="D1")))
    assert s.pending.kind == "turn" and s.pending.seat == 1
    # holding Wrong Turn, the person is asked, and the question is theirs alone
    s = E.advance(E.apply(_after_a_computer_places("wrong_turn"), PlaceMove(die=1, target="D1")))
    assert isinstance(s.pending, Window) and s.pending.seat == 1 and s.pending.is_private(s)
    assert any(isinstance(m, PlayMove) for m in E.legal_moves(s))
    assert seat_view(s, 0).pending.kind != "window"


def test_with_two_people_everyone_holding_cards_is_still_asked():
    s = day14([[1, 2], [3], [4]])
    s.speak_up = [1, 2]
    consistent(s)
    give14(s, 1, "bounty")
    s = E.advance(E.apply(s, PlaceMove(die=1, target="D1")))
    assert isinstance(s.pending, Window) and s.pending.seat == 1
    assert E.legal_moves(s) == [DeclineMove()] and not s.pending.is_private(s)


def test_a_computers_view_is_the_same_whether_or_not_the_person_was_asked(monkeypatch):
    """The person passing changes nothing in the state, and a computer is shown the state only at
    its own decisions: at its next one it sees the same whether the person was asked or not."""
    base = _after_a_computer_places("bounty")
    skipped = E.advance(E.apply(base, PlaceMove(die=1, target="D1")))
    with monkeypatch.context() as m:  # asked as before rules version 5
        m.setattr(reactions, "only_person", lambda s, p: False)
        asked = E.advance(E.apply(base, PlaceMove(die=1, target="D1")))
        assert isinstance(asked.pending, Window)
        asked = E.advance(E.apply(asked, DeclineMove()))
    assert seat_view(asked, 0).model_dump() == seat_view(skipped, 0).model_dump()
    assert asked.log == skipped.log


def test_dawn_asks_the_one_person_only_with_a_volunteer_to_play():
    from beegames.games.waggle_dance.tasks import make

    s = day14([[1, 2], [3]], types=["volunteer"])
    s.speak_up = [0]
    give14(s, 0, "sick_day")
    s.pending, s.queue = None, [make("window", "dawn", 0), "STOP"]
    s = E.step(s)
    assert s.pending is None  # Sick Day is played in the morning: nothing to do at dawn
    s = day14([[1, 2], [3]], types=["volunteer"])
    s.speak_up = [0]
    give14(s, 0, "volunteer")
    s.pending, s.queue = None, [make("window", "dawn", 0), "STOP"]
    s = E.step(s)
    assert isinstance(s.pending, Window) and s.pending.name == "dawn"
