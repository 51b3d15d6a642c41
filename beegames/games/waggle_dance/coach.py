"""The Waggle Dance coach: hints and reviews from play-outs by the ``good``
player (the kernel's :class:`~beegames.core.coach.PlayoutCoach`).

The outlook is the seat's expected honey at the end of the game. In the
solo game the result is a win or a loss against Bumblebot, whatever the
honey (the Queen Bee deck running out loses outright), so a play-out that
Bumblebot wins is marked *out*, and the outlook and the reason say in how
many play-outs Bumblebot wins. Such a play-out still counts its honey:
counting it as 0 (as a dead colony counts in Bee Lives) made the hints
worse, because most solo play-outs are lost and the honey of a lost game
still tells a good move from a bad one (40 solo games played by the hints:
17 won with lost games at 0 honey, 24 with their honey; 25 with 2 honey
more for a win; ``benchmarks/coach.py --follow-solo``). A seat's
view hides the other players' Queen Bee cards, the order of the Queen Bee,
Threat and Solo decks, the cards left in the box and what other players
learnt of the top of the deck (2014 Scouting). :meth:`WaggleDanceCoach.determinize`
deals those from what the seat cannot account for: every Queen Bee card of
the edition that is not in its hand, the discard pile or the cards it put
back on top of the deck itself goes, shuffled, to the other hands, the deck
(below the cards the seat knows are on top) and the box; the threats not in
play or gone make the Threat deck; the Solo cards not discarded make the
Solo and Bumblebot decks. A card another seat looked at is the deck's top
card in the sample too.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.coach import CoachError, Outcome, PlayoutCoach, seat_result
from ...core.protocol import Engine, GameResult
from ...core.rng import RngState
from .data import first_edition, game_data
from .fastcopy import clone
from .models import Table
from .state import WaggleDanceState


def _all_queen_cards(s: Table) -> Counter[str]:
    cards = first_edition().queen.cards if s.first_edition else game_data().queen.cards
    return Counter({c.id: c.copies for c in cards})


def determinize(view: WaggleDanceState, seat: int, rng: random.Random) -> WaggleDanceState:
    """A complete table consistent with ``seat``'s view (see the module text)."""
    s = clone(view)
    pend = s.pending
    if pend is not None and pend.kind == "private":
        raise CoachError("Another player is deciding in secret: nothing can be worked out now.")
    # -- Queen Bee cards -------------------------------------------------------------------
    unknown = _all_queen_cards(s)
    me = s.players[seat]
    unknown.subtract(me.hand)
    unknown.subtract(s.queen_discard)
    if pend is not None and pend.kind == "scouting":
        unknown.subtract(getattr(pend, "cards", []))
    mine = next((k.cards for k in s.peeks if k.seat == seat), [])
    unknown.subtract(mine)
    pool = sorted(unknown.elements())
    rng.shuffle(pool)

    def deal(n: int) -> list[str]:
        if n > len(pool):
            raise CoachError("The Queen Bee cards in view do not add up.")
        out = pool[:n]
        del pool[:n]
        return out

    for i, p in enumerate(s.players):
        if i != seat:
            p.hand = deal(len(p.hand))
    s.queen_deck = list(mine) + deal(len(s.queen_deck) - len(mine))
    s.queen_box = deal(len(s.queen_box))
    for k in s.peeks:
        if k.seat != seat:
            k.cards = s.queen_deck[: len(k.cards)]
    # -- the other decks ----------------------------------------------------------------------
    if s.threat_deck:
        gone = Counter(t.name for t in s.threats) + Counter(s.threats_gone)
        left = sorted((Counter(c.name for c in game_data().threats.cards) - gone).elements())
        rng.shuffle(left)
        s.threat_deck = left[: len(s.threat_deck)]
    solo_ids = sorted(c.id for c in game_data().solo.cards)
    if s.solo_deck:
        left_ids = [c for c in solo_ids if c not in s.solo_discard]
        rng.shuffle(left_ids)
        s.solo_deck = left_ids[: len(s.solo_deck)]
    if s.bumblebot is not None and s.bumblebot.deck:
        left_ids = [c for c in solo_ids if c not in s.bumblebot.discard]
        rng.shuffle(left_ids)
        s.bumblebot.deck = left_ids[: len(s.bumblebot.deck)]
    s.rng = RngState.from_seed(rng.randrange(1 << 62))
    return s


class WaggleDanceCoach(PlayoutCoach):
    """Play-outs by the ``good`` player; the outlook is expected honey."""

    unit = "honey"
    out_words = "Bumblebot wins in {n} of {of} play-outs"
    out_lead = "Bumblebot wins in"
    meaning_note = "in solo, a game Bumblebot wins still counts the honey"
    # a lost play-out keeps its honey: see the module text

    def outcome(self, engine: Engine[Any, Any], state: Any, result: GameResult, seat: int) -> Outcome:
        """The seat's final honey; in the solo game a play-out lost to Bumblebot is marked ``out``
        (its honey still counts, see the module text)."""
        score, won = seat_result(result, seat)
        return Outcome(score, won, out=bool(state.solo) and not won)

    def determinize(self, engine: Engine[Any, Any], view: Any, seat: int, rng: random.Random) -> Any:
        """A full table consistent with ``seat``'s view, for a play-out (:func:`determinize`)."""
        return determinize(view, seat, rng)
