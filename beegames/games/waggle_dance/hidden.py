"""What each seat of a Waggle Dance game may see.

Hidden from the other seats: each player's Queen Bee cards, and the card
offers the game makes to a player (an offer to play Volunteer shows that the
player holds it). Hidden from everyone: the order of the Queen Bee, Threat
and Solo decks, and the Queen Bee cards left in the box at setup. Counts
stay public: a hand of three cards is seen as three unknown cards.
"""

from __future__ import annotations

from ...core.rng import RngState
from ...core.state import readable
from ...core.views import NEUTRAL_RNG, HiddenItem
from .models import Pending, WaggleDanceState
from .rules import clone

#: What the others see of a card, and of a Solo card, they may not see.
UNKNOWN_CARD = "?"
UNKNOWN_SOLO = -1
#: Pending decisions that are offers to play a card from the hand.
CARD_OFFERS = frozenset({"volunteer", "bounty", "eager", "shuffle_offer", "honey_card", "expertise_b",
                         "expertise_f"})
#: What the other seats see of such an offer: only that the seat is deciding.
PRIVATE_DECISION = "private"

NOBODY: frozenset[int] = frozenset()


def hidden_items(s: WaggleDanceState) -> list[HiddenItem]:
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
    if s.bot is not None and s.bot.deck:
        items.append(HiddenItem(("bot", "deck"), NOBODY, [UNKNOWN_SOLO] * len(s.bot.deck)))
    pend = s.pending
    if pend is not None and pend.kind in CARD_OFFERS:
        items.append(HiddenItem(("pending",), frozenset({pend.seat}), _private_pending(pend).model_dump()))
    return items


def _private_pending(pend: Pending) -> Pending:
    return Pending(seat=pend.seat, kind=PRIVATE_DECISION)


def seat_view(s: WaggleDanceState, seat: int | None) -> WaggleDanceState:
    """The kernel's redaction of ``s`` for ``seat``, done directly on a copy
    (a computer player is given one at every decision, so it must be cheap).
    ``tests/kernel`` checks it gives the same result as the generic one."""
    v = clone(s)
    for i, p in enumerate(v.players):
        if i != seat and p.hand:
            p.hand = [UNKNOWN_CARD] * len(p.hand)
    v.queen_deck = [UNKNOWN_CARD] * len(v.queen_deck)
    v.queen_box = [UNKNOWN_CARD] * len(v.queen_box)
    v.threat_deck = [UNKNOWN_CARD] * len(v.threat_deck)
    v.solo_deck = [UNKNOWN_SOLO] * len(v.solo_deck)
    if v.bot is not None:
        v.bot.deck = [UNKNOWN_SOLO] * len(v.bot.deck)
    if v.pending is not None and v.pending.kind in CARD_OFFERS and v.pending.seat != seat:
        v.pending = _private_pending(v.pending)
    v.log = [line for line in v.log if readable(line, seat)]
    v.rng = RngState(seed=NEUTRAL_RNG.seed, state=NEUTRAL_RNG.state)
    return v
