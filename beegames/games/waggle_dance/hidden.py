"""What each seat of a Waggle Dance game may see.

Hidden from the other seats: each player's Queen Bee cards, the cards a
player looks at with Scouting (2014) and what it knows of the top of the deck
afterwards, and the card offers the 2022 game makes to a holder (an offer
shows that the player holds the card). Hidden from everyone: the order of the
Queen Bee, Threat and Solo decks, and the Queen Bee cards left in the box.
Counts stay public: a hand of three cards is seen as three unknown cards.
"""

from __future__ import annotations

from typing import TypeVar

from ...core.state import readable
from ...core.views import NEUTRAL_RNG, HiddenItem
from .fastcopy import clone
from .models import PrivateDecision, Table

#: What the others see of a card, and of a Solo card, they may not see.
UNKNOWN_CARD = "?"
UNKNOWN_SOLO = -1

NOBODY: frozenset[int] = frozenset()

S = TypeVar("S", bound=Table)


def hidden_items(s: Table) -> list[HiddenItem]:
    """What the seats may not see in ``s``: each hand (its holder only), the Queen Bee, Threat and
    Solo decks and the box (nobody), Scouting peeks (their seat), and a private pending decision
    such as a card offer (its seat)."""
    items: list[HiddenItem] = []
    for i, p in enumerate(s.players):
        if p.hand:
            items.append(HiddenItem(("players", i, "hand"), frozenset({i}), [UNKNOWN_CARD] * len(p.hand)))
    for name in ("queen_deck", "queen_box", "threat_deck"):
        cards = getattr(s, name)
        if cards:
            items.append(HiddenItem((name,), NOBODY, [UNKNOWN_CARD] * len(cards)))
    if s.solo_deck:
        items.append(HiddenItem(("solo_deck",), NOBODY, [UNKNOWN_SOLO] * len(s.solo_deck)))
    if s.bumblebot is not None and s.bumblebot.deck:
        items.append(HiddenItem(("bumblebot", "deck"), NOBODY, [UNKNOWN_SOLO] * len(s.bumblebot.deck)))
    for k, peek in enumerate(s.peeks):
        items.append(HiddenItem(("peeks", k, "cards"), frozenset({peek.seat}), [UNKNOWN_CARD] * len(peek.cards)))
    pend = s.pending
    if pend is not None and pend.is_private(s):
        items.append(HiddenItem(("pending",), frozenset({pend.seat}), PrivateDecision(seat=pend.seat).model_dump()))
    return items


def seat_view(s: S, seat: int | None) -> S:
    """The kernel's redaction of ``s`` for ``seat``, done directly on a copy (a computer
    player is given one at every decision, so it must be cheap). ``tests/waggle_dance``
    checks it gives the same result as the generic one."""
    v = clone(s)
    for i, p in enumerate(v.players):
        if i != seat and p.hand:
            p.hand = [UNKNOWN_CARD] * len(p.hand)
    v.queen_deck = [UNKNOWN_CARD] * len(v.queen_deck)
    v.queen_box = [UNKNOWN_CARD] * len(v.queen_box)
    v.threat_deck = [UNKNOWN_CARD] * len(v.threat_deck)
    v.solo_deck = [UNKNOWN_SOLO] * len(v.solo_deck)
    if v.bumblebot is not None:
        v.bumblebot.deck = [UNKNOWN_SOLO] * len(v.bumblebot.deck)
    for peek in v.peeks:
        if peek.seat != seat:
            peek.cards = [UNKNOWN_CARD] * len(peek.cards)
    if v.pending is not None and v.pending.seat != seat and v.pending.is_private(s):
        v.pending = PrivateDecision(seat=v.pending.seat)
    v.log = [line for line in v.log if readable(line, seat)]
    v.rng = NEUTRAL_RNG.model_copy()
    return v
