"""What each seat may see: hidden items are complete, the fast view matches the kernel's,
and in the 2014 edition (and in 2022 when two people or more share the keyboard) nothing a
seat sees, and nobody that is asked, depends on cards that seat may not see
(docs/waggle-dance-2014-reactions.md, docs/rules/waggle-dance.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from beegames.core.views import redact
from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.hidden import hidden_items

from .wd_helpers import E, new


def positions(n, seed, limit=700, **opts):
    """States met in a game played by the good computer players (every 3rd one)."""
    rnd = random.Random(seed)
    players = [E.make_player("good", seed * 10 + i) for i in range(n)]
    s = new(n, seed, **opts)
    out = []
    for k in range(limit):
        if s.phase == "over":
            break
        d = E.decision(s)
        if k % 3 == 0:
            out.append(s)
        if d is None:
            s = E.step(s)
            continue
        moves = E.legal_moves(s)
        move = players[d.seat].choose(E, E.view(s, d.seat)) if rnd.random() < 0.8 else rnd.choice(moves)
        s = E.apply(s, move)
    return out


def redeal(s, seat, rnd):
    """``s`` with the cards ``seat`` cannot see dealt again: the other hands and the deck
    (all but the top cards ``seat`` looked at), each keeping its size."""
    alt = clone(s)
    known = max((len(k.cards) for k in alt.peeks if k.seat == seat), default=0)
    others = [i for i in range(len(alt.players)) if i != seat]
    pool = [c for i in others for c in alt.players[i].hand] + alt.queen_deck[known:]
    rnd.shuffle(pool)
    for i in others:
        k = len(alt.players[i].hand)
        alt.players[i].hand, pool = pool[:k], pool[k:]
    alt.queen_deck = alt.queen_deck[:known] + pool
    return alt


@pytest.mark.parametrize("n,opts", [(2, {}), (3, {"threats": True}), (1, {"threats": True}),
                                    (3, {"ruleset": "2014"}), (4, {"ruleset": "2014", "length": "long"})])
def test_fast_view_equals_the_kernels_redaction(n, opts):
    for s in positions(n, 3, limit=400, **opts):
        for seat in [None, *range(n)]:
            assert E.view(s, seat) == redact(s, hidden_items(s), seat)


@pytest.mark.parametrize("n,opts", [(2, {}), (4, {"threats": True}), (2, {"ruleset": "2014"}),
                                    (4, {"ruleset": "2014"})])
def test_a_view_is_the_same_whatever_the_hidden_cards_are(n, opts):
    rnd = random.Random(1)
    for s in positions(n, 5, **opts):
        for seat in range(n):
            assert E.view(redeal(s, seat, rnd), seat) == E.view(s, seat)


def next_questions(s, steps=40):
    """Who is asked what, through the automatic steps, until a decision or the end."""
    out = []
    for _ in range(steps):
        d = E.decision(s)
        if d is not None:
            out.append((d.seat, d.kind))
            return out
        if s.phase == "over":
            return out
        s = E.step(s)
        out.append(("step", len(s.queue)))
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_2014_who_is_asked_depends_only_on_public_facts(n):
    """In hot seat the table sees who is asked; in the 2014 edition that never depends on the
    cards in other players' hands or in the deck."""
    rnd = random.Random(n)
    checked = 0
    for s in positions(n, 11 + n, ruleset="2014"):
        for seat in range(n):
            d = E.decision(s)
            if d is not None and d.seat == seat:
                continue  # the decider sees its own cards; others' view of it is checked below
            alt = redeal(s, seat, rnd)
            assert E.view(alt, seat) == E.view(s, seat)
            assert next_questions(alt) == next_questions(s)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("n,opts", [(2, {}), (3, {"threats": True}), (4, {})])
def test_2022_at_a_shared_keyboard_who_is_asked_depends_only_on_public_facts(n, opts):
    """Two people or more at one keyboard (QA #2): a 2022 card offer, like every 2014 question,
    goes to the same seats whatever the cards a watching seat cannot see."""
    rnd = random.Random(n)
    checked = 0
    for s in positions(n, 21 + n, **opts):
        assert s.public_offers
        for seat in range(n):
            d = E.decision(s)
            if d is not None and d.seat == seat:
                continue
            alt = redeal(s, seat, rnd)
            assert E.view(alt, seat) == E.view(s, seat)
            assert next_questions(alt) == next_questions(s)
            checked += 1
    assert checked > 100


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 4))
def test_2014_random_positions_leak_nothing(seed, n):
    rnd = random.Random(seed)
    for s in positions(n, seed, limit=250, ruleset="2014")[::4]:
        seat = rnd.randrange(n)
        d = E.decision(s)
        if d is not None and d.seat == seat:
            continue
        alt = redeal(s, seat, rnd)
        assert E.view(alt, seat) == E.view(s, seat)
        assert next_questions(alt) == next_questions(s)


def test_2022_offers_are_private_to_the_holder():
    """With one person at the keyboard, 2022 offers go to holders only, so they are private."""
    for s in positions(3, 2, limit=900, threats=True, humans=1):
        pend = s.pending
        if pend is not None and pend.kind.startswith("offer_"):
            other = (pend.seat + 1) % 3
            assert E.view(s, other).pending.kind == "private"
            assert E.view(s, pend.seat).pending == pend
            return
    pytest.fail("no card offer met")


def test_hands_are_hidden_and_counts_public():
    for s in positions(2, 4, ruleset="2014"):
        if all(p.hand for p in s.players):
            v = E.view(s, 0)
            assert v.players[0].hand == s.players[0].hand
            assert v.players[1].hand == ["?"] * len(s.players[1].hand)
            assert set(v.queen_deck) <= {"?"} and v.deck_types == s.deck_types
            assert E.has_hidden_information(s)
            return
    pytest.fail("no position with two hands")
