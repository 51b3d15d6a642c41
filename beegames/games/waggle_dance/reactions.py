"""2014 reaction windows: cards "any player may play at any time".

The first edition lets any card be played at any moment of its phase. A
digital table cannot ask everyone at every moment, and at one keyboard it
must not give away who holds a card by asking only the holders. So (see
``docs/waggle-dance-2014-reactions.md``):

* cards tied to your own placement (Overtime, Directions, Shift Change,
  Feint, and Wrong Turn too) are part of your day turn;
* three *windows* a round ask, in turn from the first player, **every seat
  holding at least one card**, whatever its cards are: dawn (before the
  roll: Volunteer), morning (after the roll: Sick Day) and dusk (after the
  last placement: Wrong Turn, and the nightfall cards Scouting and Queen's
  Gift). A window opens only when one of its cards may still be in play;
* night cards tied to your own action (Expertise, Bounty, Efficiency,
  Alchemy, Shuffle) are offered at that action when public facts make one
  useful, again to a seat holding any card (:func:`.cards.offer_due`).

Who is asked therefore depends only on what everyone can see: the hand
sizes, the cards of this game's deck, the cards already played, the board.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from .cards import dusk_card_moves, play_window_card, possibly_held, sick_day_moves, volunteer_moves
from .models import DecisionBase, DeclineMove, Move, PlayMove, Table
from .queries import seat_order
from .tasks import make, push, task

WindowName = Literal["dawn", "morning", "dusk"]
WINDOW_CARDS: dict[str, tuple[str, ...]] = {
    "dawn": ("volunteer",),
    "morning": ("sick_day",),
    "dusk": ("wrong_turn", "scouting", "queens_gift"),
}
WINDOW_TEXT = {
    "dawn": "Dawn, before the roll",
    "morning": "Morning, before the first bee",
    "dusk": "Dusk, before the night",
}


def window_open(s: Table, name: str) -> bool:
    """Could a card of window ``name`` be played now, judging by public facts only?"""
    if name == "dawn":
        return possibly_held(s, "volunteer") and s.volunteer_die is None
    if name == "morning":
        return possibly_held(s, "sick_day") and sum(1 for p in s.players if p.pool) >= 2
    wrong_turn = possibly_held(s, "wrong_turn") and any(o >= 0 for f in range(1, 7) for o, _ in s.spaces[f"D{f}"])
    scouting = possibly_held(s, "scouting") and bool(s.queen_deck)
    gift = possibly_held(s, "queens_gift") and (s.supply_eggs > 0 or s.supply_rooms > 0)
    return wrong_turn or scouting or gift


def window_moves(s: Table, name: str, p: int) -> list[PlayMove]:
    if name == "dawn":
        return volunteer_moves(s, p)
    if name == "morning":
        return sick_day_moves(s, p)
    return dusk_card_moves(s, p)


class Window(DecisionBase):
    """2014: a moment when any player may play a card; every seat holding a card is asked."""

    kind: Literal["window"] = "window"
    name: WindowName
    short: ClassVar[str] = "play a card now, or pass"

    def legal(self, s: Table) -> list[Move]:
        return [*window_moves(s, self.name, self.seat), DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        if isinstance(move, PlayMove):
            push(s, make("window", self.name, self.seat))
            play_window_card(s, self.seat, move)

    def prompt(self, s: Table) -> str:
        return f"{s.players[self.seat].name}: {WINDOW_TEXT[self.name]}: play a card, or pass."


def _open_window(s: Table, name: str) -> bool:
    if window_open(s, name):
        push(s, *[make("window", name, p) for p in seat_order(s)])
    return False


@task("dawn_window")
def t_dawn_window(s: Table, args: list[str]) -> bool:
    """2014, before the roll: every seat holding a card may play Volunteer."""
    return _open_window(s, "dawn")


@task("morning_window")
def t_morning_window(s: Table, args: list[str]) -> bool:
    """2014, after the roll: every seat holding a card may play Sick Day."""
    return _open_window(s, "morning")


@task("dusk_window")
def t_dusk_window(s: Table, args: list[str]) -> bool:
    """2014, after the last placement: Wrong Turn, Scouting and Queen's Gift."""
    return _open_window(s, "dusk")


@task("window")
def t_window(s: Table, args: list[str]) -> bool:
    """2014: ask seat <p> in window <name>, if it holds any card and the window is still open."""
    name, p = args[0], int(args[1])
    if s.players[p].hand and window_open(s, name) and name in WINDOW_CARDS:
        s.pending = Window(seat=p, name=name)
    return False
