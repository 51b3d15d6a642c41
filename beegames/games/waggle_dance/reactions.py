"""2014 reaction windows: cards "any player may play at any time".

The first edition lets any card be played at any moment of its phase. A
digital table cannot ask everyone at every moment, and at one keyboard it
must not give away who holds a card by asking only the holders. So (see
``docs/waggle-dance-2014-reactions.md``):

* cards tied to your own placement (Overtime, Directions, Shift Change,
  Feint, and Wrong Turn too) are part of your day turn;
* during another player's day turn, any seat holding a card may be let in
  to play Wrong Turn (``CallMove`` on that turn, the "turn" window): nobody
  is asked unless somebody asks to play;
* *windows* ask, in turn from the first player, **every seat holding at
  least one card**, whatever its cards are: dawn (before the roll:
  Volunteer), morning (after the roll: Sick Day), dusk (after the last
  placement: Wrong Turn, Scouting, Queen's Gift), "rooms" (after B, when a
  seat with cards gained an empty room since nightfall: Queen's Gift) and
  the end of the night (when cards were drawn at G: Scouting, Queen's Gift).
  A window opens only when one of its cards may still be in play and could
  do something;
* night cards tied to your own action are offered at that action when
  public facts make one useful, again to a seat holding any card
  (:func:`.cards.offer_due`): Expertise, Bounty, Efficiency, Alchemy,
  Shuffle (before and after F's nectar moves, and when an egg has no empty
  room), Scouting just before your own G draws once an earlier seat drew.

Who is asked therefore depends only on what everyone can see: the hand
sizes, the cards of this game's deck, the cards already played, the board.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from .cards import (
    dusk_card_moves,
    nothing_to_play,
    play_window_card,
    possibly_held,
    sick_day_moves,
    volunteer_moves,
)
from .models import DecisionBase, DeclineMove, Move, PlayMove, Table
from .queries import empty_rooms, only_person, owner_name, seat_order
from .tasks import make, push, task

WindowName = Literal["dawn", "morning", "dusk", "turn", "rooms", "draw", "night_end"]
WINDOW_CARDS: dict[str, tuple[str, ...]] = {
    "dawn": ("volunteer",),
    "morning": ("sick_day",),
    "dusk": ("wrong_turn", "scouting", "queens_gift"),
    "turn": ("wrong_turn",),
    "rooms": ("queens_gift",),
    "draw": ("scouting",),
    "night_end": ("scouting", "queens_gift"),
}
WINDOW_TEXT = {
    "dawn": "Dawn, before the roll",
    "morning": "Morning, before the first bee",
    "dusk": "Dusk, before the night",
    "turn": "During {who}'s turn",
    "rooms": "Night, before the eggs are claimed (C)",
    "draw": "Night, before your Queen Bee cards are drawn (G)",
    "night_end": "The end of the night",
}


def _gift_possible(s: Table) -> bool:
    return possibly_held(s, "queens_gift") and (s.supply_eggs > 0 or s.supply_rooms > 0)


def _scouting_possible(s: Table) -> bool:
    return possibly_held(s, "scouting") and bool(s.queen_deck)


def window_open(s: Table, name: str) -> bool:
    """Could a card of window ``name`` be played now, judging by public facts only?"""
    if name == "dawn":
        return possibly_held(s, "volunteer") and s.volunteer_die is None
    if name == "morning":
        return possibly_held(s, "sick_day") and sum(1 for p in s.players if p.pool) >= 2
    wrong_turn = possibly_held(s, "wrong_turn") and any(o >= 0 for f in range(1, 7) for o, _ in s.spaces[f"D{f}"])
    if name == "turn":
        return wrong_turn
    if name == "rooms":
        return _gift_possible(s)
    if name == "draw":
        return _scouting_possible(s)
    if name == "night_end":
        return _gift_possible(s) or _scouting_possible(s)
    return wrong_turn or _scouting_possible(s) or _gift_possible(s)


def _window_moves(s: Table, name: str, p: int) -> list[PlayMove]:
    if name == "dawn":
        return volunteer_moves(s, p)
    if name == "morning":
        return sick_day_moves(s, p)
    cards = WINDOW_CARDS.get(name, ())
    return [m for m in dusk_card_moves(s, p) if m.card in cards]


class Window(DecisionBase):
    """2014: a moment when any player may play a card; every seat holding a card is asked
    (in the "turn" window, the one seat that asked to play; in the "draw" window, the seat
    about to draw)."""

    kind: Literal["window"] = "window"
    name: WindowName
    short: ClassVar[str] = "play a card now, or pass"

    def is_private(self, s: Table) -> bool:
        """Asked by public facts, the question shows nothing; put to the one person at a table of
        computers only when it can play, it shows that it holds a card for the moment."""
        return only_person(s, self.seat)

    def legal(self, s: Table) -> list[Move]:
        """The cards the seat may play in this window (Volunteer at dawn, Sick Day in the morning,
        else the window's dusk and night cards), and passing."""
        return [*_window_moves(s, self.name, self.seat), DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        """Play the chosen card and ask the seat again (it may hold another); passing does nothing."""
        if isinstance(move, PlayMove):
            push(s, make("window", self.name, self.seat))
            play_window_card(s, self.seat, move)

    def prompt(self, s: Table) -> str:
        """Asks the seat, naming the moment (and whose turn it is), whether it plays a card now;
        when none of its cards can be played, it says so (:func:`.cards.nothing_to_play`)."""
        who = s.order[s.day_ptr] if 0 <= s.day_ptr < len(s.order) else -1
        text = WINDOW_TEXT[self.name].format(who=owner_name(s, who))
        if not _window_moves(s, self.name, self.seat):
            return nothing_to_play(s, self.seat, f"{text}: ")
        return f"{s.players[self.seat].name}: {text}: play a card, or pass."


def _open_window(s: Table, name: str, trigger: bool = True) -> bool:
    if trigger and window_open(s, name):
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


@task("rooms_window")
def t_rooms_window(s: Table, args: list[str]) -> bool:
    """2014, after B, before C: Queen's Gift again when a seat holding cards has an empty room
    that it lacked at nightfall (<mask>: the seats that had one then; a tile from A, an egg
    hatched at B), while eggs remain: an egg taken at dusk would have had nowhere to go."""
    before = int(args[0]) if args else 0
    fresh = any(pl.hand and empty_rooms(pl) and not before >> i & 1 for i, pl in enumerate(s.players))
    return _open_window(s, "rooms", fresh and s.supply_eggs > 0)


@task("night_end_window")
def t_night_end_window(s: Table, args: list[str]) -> bool:
    """2014, after G: Scouting, when Queen Bee cards were drawn tonight (<drew>: 1 if any seat
    had a bee on G), so the top of the deck has changed since dusk and a day card kept now is
    still good tomorrow; Queen's Gift may be played too while the window is open. (Without
    draws, Scouting at dusk did all this one could; and a Gift now is worth no more than at
    tomorrow's dusk for an egg, or tonight's for a tile.)"""
    drew = bool(int(args[0])) if args else False
    return _open_window(s, "night_end", drew and _scouting_possible(s))


@task("offer_scouting")
def t_offer_scouting(s: Table, args: list[str]) -> bool:
    """2014, G: seat <p>, about to draw, may play Scouting first when an earlier seat drew
    tonight (<earlier>: 1), so the top of the deck is no longer what it was at dusk."""
    p, earlier = int(args[0]), bool(int(args[1]))
    mine = any((p, v) in s.spaces[f"G{v}"] for v in range(1, 7))
    if earlier and mine and _asks(s, "draw", p):
        s.pending = Window(seat=p, name="draw")
    return False


@task("window")
def t_window(s: Table, args: list[str]) -> bool:
    """2014: ask seat <p> in window <name>, if it holds any card and the window is still open."""
    name, p = args[0], int(args[1])
    if _asks(s, name, p):
        s.pending = Window(seat=p, name=name)
    return False


def _asks(s: Table, name: str, p: int) -> bool:
    """Whether seat ``p`` is asked in window ``name``: a seat holding any card while the window is
    open; the one person at a table of computers (:func:`~.queries.only_person`) only when it
    can play one of its cards now (a pass being its only answer, it is not stopped)."""
    if not (s.players[p].hand and name in WINDOW_CARDS and window_open(s, name)):
        return False
    return not only_person(s, p) or bool(_window_moves(s, name, p))
