"""Whose day turn it is: moving on after a placement.

After a seat's turn the day passes clockwise. Two kinds of Solo-card
blockers hang on this moment: in a 2-3 player game with Solo cards, one is
placed each time play comes back to the first player; in a solo game, once
Bumblebot has no dice left, one is placed after each of the player's turns
(except the player's last turn when Bumblebot went first).
"""

from __future__ import annotations

from .models import Table
from .queries import anyone_has_dice, uses_solo_cards
from .tasks import make, push


def advance(s: Table) -> None:
    """The turn passes to the next seat round the table."""
    s.day_ptr = (s.day_ptr + 1) % len(s.order)
    if s.day_ptr == s.first:
        s.day_cycle += 1
        if uses_solo_cards(s) and not s.solo and anyone_has_dice(s):
            push(s, make("round_blocker"))


def end_turn(s: Table, p: int) -> None:
    """Seat ``p`` has finished its turn: clear what lasted for the turn and move on."""
    pl = s.players[p]
    pl.double_park = False
    pl.soldier = False
    advance(s)
    b = s.bumblebot
    if s.solo and b is not None and not b.pool:
        second_and_done = s.first == 1 and not pl.pool
        if not second_and_done:
            push(s, make("fresh_card_blocker"))
