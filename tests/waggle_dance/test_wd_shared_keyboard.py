"""2022 card offers when two people or more share the keyboard (QA #2).

Asking only the holder of a card shows the table, through the hand-off screen, that the seat
holds it. With two people or more at one keyboard the 2022 offers therefore go by public facts,
as every 2014 question does; with one person (or solo) only holders are asked. See
docs/rules/waggle-dance.md ("Who is asked about a card").
"""

from __future__ import annotations

import random

import pytest

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.games.waggle_dance.cards import shuffle_could_matter
from beegames.games.waggle_dance.models import DeclineMove, NectarMove, PlayMove, Room, Threat

from .test_wd_rulebook_2022 import shuffle_holder_state
from .wd_helpers import E, blank_day, consistent, give, new, run_tasks


def hold_only(s, seat, card):
    """Seat ``seat`` holds ``card`` alone; what it held goes back to the deck."""
    s.queen_deck += s.players[seat].hand
    s.players[seat].hand = []
    give(s, seat, card)
    return consistent(s)


def questions_until_the_first_bee(s, chooser=None):
    """Who is asked what from ``s`` until the first day turn (offers declined)."""
    out = []
    for _ in range(200):
        d = E.decision(s)
        if d is None:
            s = E.step(s)
            continue
        out.append((d.seat, d.kind))
        if d.kind == "turn":
            return out
        s = E.apply(s, DeclineMove())
    raise AssertionError("no day turn")


@pytest.mark.parametrize("bob", ["shuffle", "bounty", "eager_bee"])
def test_at_a_shared_keyboard_volunteer_is_asked_whoever_holds_it(bob):
    """Ann and Bob at one keyboard, each holding one card: whether Bob holds Volunteer or
    another card, the same seats are asked the same questions before the first bee (before
    the fix, only a holder of Volunteer was asked, so the hand-off to Bob told Ann)."""
    def start(bobs_card):
        s = new(2, seed=1)
        give(s, 0, "alchemy")
        give(s, 1, bobs_card)
        return consistent(s)

    with_volunteer = questions_until_the_first_bee(start("volunteer"))
    without = questions_until_the_first_bee(start(bob))
    assert with_volunteer == without == [(0, "offer_volunteer"), (1, "offer_volunteer"), (0, "turn")]


def test_at_a_shared_keyboard_an_offer_names_no_card_the_seat_does_not_hold():
    """A seat asked by public facts sees only Pass unless it holds the card, and the others see
    the question itself (it tells them nothing), not a private stand-in."""
    s = new(2, seed=1)
    give(s, 1, "shuffle")
    s = E.advance(consistent(s))
    assert s.pending.kind == "offer_volunteer" and s.pending.seat == 1
    assert E.legal_moves(s) == [DeclineMove()]
    assert E.view(s, 0).pending == s.pending
    assert E.view(s, 0).players[1].hand == ["?"]


def test_with_one_person_only_holders_are_asked():
    """One person with computers (or solo): nobody is asked about a card they do not hold."""
    offers = 0
    for humans, n in ((1, 3), (1, 1), (0, 2), (1, 4)):
        s = new(n, seed=3, humans=humans)
        assert not s.public_offers
        rnd = random.Random(n)
        players = [E.make_player("good", i) for i in range(n)]
        while s.phase != "over":
            d = E.decision(s)
            if d is None:
                s = E.step(s)
                continue
            moves = E.legal_moves(s)
            if d.kind.startswith("offer_"):
                offers += 1
                assert len(moves) > 1, d
            move = players[d.seat].choose(E, E.view(s, d.seat)) if rnd.random() < 0.8 else rnd.choice(moves)
            s = E.apply(s, move)
    assert offers


@pytest.mark.parametrize("seats,public", [
    (["human", "human"], True),
    (["human", "computer", "human"], True),
    (["human", "computer"], False),
    (["human"], False),
])
def test_the_reading_is_fixed_by_the_seats_and_survives_save_load_and_replay(seats, public, tmp_path):
    engine = get_engine("waggle-dance")
    match = Match.new(engine, seats=[SeatInfo(name=f"P{i}", kind=k) for i, k in enumerate(seats)], seed=5)
    assert match.state.public_offers is public
    players = [engine.make_player("good", i) for i in range(len(seats))]
    while match.state.turn < 4 and not match.over:
        d = match.decision
        match.play(players[d.seat].choose(engine, engine.view(match.state, d.seat)))
    path = tmp_path / "game.json"
    saves.write_save(match, path)
    loaded = saves.load_save(path, get_engine)
    assert loaded.notice is None and loaded.state == match.state
    assert loaded.state.public_offers is public


def test_bounty_at_a_shared_keyboard_is_played_while_storing():
    """By public facts Bounty has no question of its own: a gatherer holding cards is asked to
    store its nectar (even when every choice is alike), and a holder finds Bounty there."""
    for card, plays in (("bounty", True), ("alchemy", False)):
        s = blank_day([[], []], rooms=1)
        s.spaces["D6"] = [(0, 6)]
        give(s, 0, card)
        consistent(s)
        seen = []

        def chooser(st, moves, seen=seen):
            seen.append((st.pending.kind, any(isinstance(m, PlayMove) for m in moves)))
            return next((m for m in moves if isinstance(m, NectarMove)), moves[0])

        s2 = run_tasks(s, ["gather_nectar 6", "store_nectar 0"], chooser=chooser)
        assert seen[0] == ("nectar", plays)
        assert "offer_bounty" not in {k for k, _ in seen}
        assert s2.players[0].rooms[0].nectar == [5, 5]


def test_shuffle_at_a_shared_keyboard_is_asked_only_where_it_could_matter():
    """By public facts Shuffle is asked before a step only if rearranging could change what the
    step gives: here before F (the pair of 3s could make honey with cards from more nectar),
    not before A, B, C, D, E or G; holding Shuffle or not changes nothing. With one person at
    the keyboard the holder alone is asked, before every step it has dice on."""
    tasks = [f"offer_shuffle 0 {letter}" for letter in "ABCDEFG"]
    asked = {}
    for humans in (None, 1):
        for card in ("shuffle", "alchemy"):
            s = hold_only(shuffle_holder_state(humans=humans), 0, card)
            seen = []

            def chooser(st, moves, seen=seen):
                seen.append(st.pending.before)
                return DeclineMove()

            run_tasks(s, tasks, chooser=chooser)
            asked[humans, card] = "".join(seen)
    assert asked[None, "shuffle"] == asked[None, "alchemy"] == "F"
    assert asked[1, "shuffle"] == "ABCDEFG" and asked[1, "alchemy"] == ""


def test_shuffle_could_matter_before_b_c_and_a_threat_that_takes_a_room():
    s = blank_day([[], []], rooms=0)
    pl = s.players[0]
    give(s, 1, "shuffle")  # may be held
    # B: an egg with no pair under it, and a pair of 4s under nectar elsewhere
    pl.rooms = [Room(egg=True, dice=[2]), Room(nectar=[1], dice=[4, 4]), Room(nectar=[3])]
    consistent(s)
    assert shuffle_could_matter(s, 0, "B")
    pl.rooms[0].dice = [2, 2]  # the egg hatches anyway
    consistent(s)
    assert not shuffle_could_matter(s, 0, "B")
    # C: a bee on C and no empty room, but room 2's nectar fits in room 1
    s.spaces["C3"] = [(0, 3)]
    consistent(s)
    assert shuffle_could_matter(s, 0, "C") and shuffle_could_matter(s, 0, "T")
    pl.rooms.append(Room())  # an empty room already
    consistent(s)
    assert not shuffle_could_matter(s, 0, "C") and not shuffle_could_matter(s, 0, "T")
    for letter in "ADEG":
        assert not shuffle_could_matter(s, 0, letter)


def test_a_threat_that_takes_a_room_brings_a_shuffle_question_by_public_facts():
    """Mites takes a room; the seat has no empty room and could empty one: it is asked, whatever
    card it holds."""
    s = hold_only(shuffle_holder_state(humans=None), 0, "alchemy")
    s.threat_deck.append("Mouse")
    s.threat_deck.remove("Mites")
    s.threats = [Threat(name="Mites")]
    s.players[0].rooms = [Room(nectar=[1, 1], dice=[3, 3]), Room(nectar=[2]), Room(egg=True)]
    consistent(s)
    seen = []

    def chooser(st, moves):
        if st.pending.kind == "offer_shuffle":
            seen.append(st.pending.before)
        return DeclineMove() if DeclineMove() in moves else moves[0]

    run_tasks(s, ["check_threats"], chooser=chooser)
    assert seen == ["T"]


def asked(s, tasks):
    """The kinds of decision met while running ``tasks`` (each answered with its first move)."""
    kinds = []

    def chooser(st, moves):
        kinds.append(st.pending.kind)
        return moves[0]

    run_tasks(s, tasks, chooser=chooser, check=False)
    return kinds


def test_expertise_at_b_is_not_offered_with_no_die_in_the_supply():
    for ruleset in ("2022", "2014"):
        s = blank_day([[], []], ruleset=ruleset, humans=1)
        if ruleset == "2014" and "expertise" not in s.deck_types:
            s.deck_types.append("expertise")
        pl = s.players[0]
        give(s, 0, "expertise")
        pl.rooms = [Room(egg=True, dice=[2, 5]), Room(), Room()]
        consistent(s)
        assert asked(s, ["expertise_hatch 0 0"]) == ["offer_hatch"]
        s.supply_dice[pl.colour] = 0
        assert asked(s, ["expertise_hatch 0 0"]) == []


def test_nectar_with_no_space_goes_back_without_a_question_even_to_a_shuffle_holder():
    s = blank_day([[], []], rooms=2, humans=1)
    pl = s.players[0]
    give(s, 0, "shuffle")
    pl.rooms = [Room(nectar=[1, 1, 1, 1]), Room(nectar=[2, 2, 2, 2])]
    pl.pending_nectar = [3]
    consistent(s)
    s.supply_nectar[2] -= 1
    assert asked(s, ["store_nectar 0"]) == []
