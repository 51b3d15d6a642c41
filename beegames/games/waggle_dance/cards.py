"""The Queen Bee cards of both editions: when each may be played, and what it does.

Day cards played on your own turn (Overtime, Double Park, Directions, Guards,
Soldiers; in 2014 also Shift Change, Feint and Wrong Turn) are part of the
turn's moves: :func:`turn_card_moves` lists them and :func:`play_turn_card`
plays them. Cards played at other moments are offers, each a decision kind
defined here (Volunteer, Eager Bee, Shuffle, Bounty, the honey cards, Expertise
to hatch, 2014 Scouting). Who is offered a card follows public facts alone, so
that nobody learns who holds what, in the 2014 edition and in a 2022 game where
two people or more share the keyboard (``docs/waggle-dance-2014-reactions.md``,
``docs/rules/waggle-dance.md``); a 2022 game with one person at the keyboard
offers a card only to a player who holds it: see :func:`offer_due`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, permutations
from typing import ClassVar, Literal

from ...core.state import with_detail
from .data import first_edition, game_data
from .effects import add_room, hatch, make_honey, put_die, spend_card, take_die
from .models import (
    CallMove,
    DecisionBase,
    DeclineMove,
    DoneMove,
    HoneyMove,
    Move,
    Peek,
    PlaceMove,
    PlayMove,
    Room,
    ScoutMove,
    Table,
)
from .owners import owner_of
from .queries import (
    LETTERS,
    asks_publicly,
    card_name,
    empty_rooms,
    flower_closed,
    natural_honey,
    nectar_name,
    nectar_str,
    only_person,
    pair_values,
    placed_dice,
    placement_targets,
    room_capacity,
    threat_spaces,
)
from .rearrange import open_shuffle
from .tasks import make, push
from .turns import end_turn

#: Cards whose copies are public once played (every card is discarded face up).
HONEY_CARDS = ("expertise", "efficiency", "alchemy")


def _log(s: Table, line: str) -> None:
    s.say(line)


# -- who could hold a card, and who is asked ----------------------------------------------------


def possibly_held(s: Table, cid: str) -> bool:
    """A copy of ``cid`` may be in somebody's hand, as far as everyone knows: the card is in
    this game (2014: one of the types announced at the start; 2022: any card of the edition,
    since the cards left in the box are unseen, but a Threats card only with Threats) and not
    every copy has been played (every card is discarded face up)."""
    if s.first_edition:
        if cid not in s.deck_types:
            return False
        copies = first_edition().queen_by_id[cid].copies
    else:
        card = game_data().queen_by_id.get(cid)
        if card is None or (card.expansion == "threats" and not s.options.threats):
            return False
        copies = card.copies
    return s.queen_discard.count(cid) < copies


def offer_due(s: Table, p: int, cards: tuple[str, ...], applies: bool) -> bool:
    """Should seat ``p`` be asked whether it plays one of ``cards`` now?

    ``applies``: the public facts let one of them act now (a die left in the supply, a die of
    the seat on A, C, E or G, something to rearrange...). Asked publicly (:func:`asks_publicly`):
    every seat holding some card, whenever one of ``cards`` may be in play, whatever it holds,
    so the question tells the others nothing about its hand. Otherwise only a holder; so too the
    one person at a 2014 table of computers (:func:`only_person`): nobody to hide its hand from.
    """
    if not applies:
        return False
    hand = s.players[p].hand
    if asks_publicly(s) and not only_person(s, p):
        return bool(hand) and any(possibly_held(s, c) for c in cards)
    return any(c in hand for c in cards)


# -- day cards on your own turn -------------------------------------------------------------


@dataclass(frozen=True)
class GoOn:
    """After a day card: the turn goes on (``locked``: a die that must be placed next)."""

    locked: int | None
    extra: int


def turn_card_moves(s: Table, p: int, locked: int | None, extra: int) -> list[PlayMove]:
    """The Queen Bee cards seat ``p`` may play during its day turn."""
    pl = s.players[p]
    hand = set(pl.hand)
    if not hand:
        return []
    out: list[PlayMove] = []
    vals = [locked] if locked is not None else sorted(set(pl.pool))
    if "overtime" in hand and locked is None:
        for d in vals:
            out += [PlayMove(card="overtime", die=d, value=nv) for nv in range(1, 7) if nv != d]
    if s.first_edition:
        out += _turn_cards_2014(s, p, hand, locked, extra)
        return out
    if "double_park" in hand and not pl.double_park:
        if any(s.spaces[f"{a}{v}"] for a in LETTERS for v in vals):
            out.append(PlayMove(card="double_park"))
    if "directions" in hand:
        for f in range(1, 7):
            if f not in pl.directions and not flower_closed(s, f) and any(o == p for o, _ in s.spaces[f"D{f}"]):
                out.append(PlayMove(card="directions", target=f"D{f}"))
    if "guards" in hand and s.threats and not pl.guardian and s.guardians > 0:
        out.append(PlayMove(card="guards"))
    if "soldiers" in hand and not pl.soldier:
        need = threat_spaces(s)
        if any(len(th.dice) < need for th in s.threats):
            out.append(PlayMove(card="soldiers"))
    return out


def _turn_cards_2014(s: Table, p: int, hand: set[str], locked: int | None, extra: int) -> list[PlayMove]:
    pl = s.players[p]
    out: list[PlayMove] = []
    if locked is not None:
        return out
    if "directions" in hand and pl.pool:
        out += [PlayMove(card="directions", target=f"D{f}") for f in range(1, 7)
                if any(o == p for o, _ in s.spaces[f"D{f}"])]
    if "shift_change" in hand and extra == 0:
        if len(pl.pool) >= 2:
            out.append(PlayMove(card="shift_change", choice="two"))
        out.append(PlayMove(card="shift_change", choice="none"))
    if "feint" in hand:
        seen: set[tuple[str, int]] = set()
        for src, v in placed_dice(s, p):
            if (src, v) in seen:
                continue
            seen.add((src, v))
            out += [PlayMove(card="feint", src=src, die=v, target=t)
                    for t in placement_targets(s, p, v) if t != src]
    if "wrong_turn" in hand:
        out += wrong_turn_moves(s, p)
    return out


def wrong_turn_moves(s: Table, p: int) -> list[PlayMove]:
    """2014 Wrong Turn: another player's bee goes from one flower to another."""
    out: list[PlayMove] = []
    for f in range(1, 7):
        for o, v in sorted(set(s.spaces[f"D{f}"])):
            if o < 0 or o == p:
                continue
            out += [PlayMove(card="wrong_turn", seat=o, die=v, src=f"D{f}", target=f"D{g}")
                    for g in range(1, 7) if g != f]
    return out


def play_turn_card(s: Table, p: int, move: PlayMove, locked: int | None, extra: int) -> GoOn | None:
    """Play a legal day card on seat ``p``'s turn. Returns how the turn goes on, or None when
    the card finished the turn or raised its own decision."""
    pl = s.players[p]
    c = move.card
    spend_card(s, pl, c)
    if c == "overtime" and move.die is not None and move.value is not None:
        pl.pool.remove(move.die)
        pl.pool.append(move.value)
        _log(s, f"{pl.name} plays Overtime: a {move.die} becomes a {move.value}.")
        return GoOn(move.value, extra)
    if c == "double_park":
        pl.double_park = True
        _log(s, f"{pl.name} plays Double Park: this die may share a taken A, C, E or G space.")
        return GoOn(locked, extra)
    if c == "directions" and move.target is not None:
        f = int(move.target[1:])
        if s.first_edition:
            _log(s, f"{pl.name} plays Directions on flower {f}: any of their bees may go there now.")
            s.pending = Directions(seat=p, flower=f, placed=0, extra=extra)
            return None
        pl.directions.append(f)
        _log(s, f"{pl.name} plays Directions on flower {f}: any die may go there this round.")
        return GoOn(locked, extra)
    if c == "guards":
        pl.guardian = True
        s.guardians -= 1
        _log(s, f"{pl.name} plays Guards and takes a Guardian marker: no threat harms them this round.")
        return GoOn(locked, extra)
    if c == "soldiers":
        pl.soldier = True
        _log(s, f"{pl.name} plays Soldiers: their next die on a threat matches any value.")
        return GoOn(locked, extra)
    if c == "shift_change":
        if move.choice == "two":
            _log(s, f"{pl.name} plays Shift Change: two bees this turn.")
            return GoOn(None, extra + 1)
        _log(s, f"{pl.name} plays Shift Change: no bee this turn.")
        end_turn(s, p)
        return None
    if c == "feint" and move.src is not None and move.target is not None and move.die is not None:
        take_die(s, p, move.die, move.src)
        where = put_die(s, p, move.die, move.target)
        _log(s, f"{pl.name} plays Feint: their {move.die} moves from {move.src} to {where}.")
        if extra > 0 and pl.pool:
            return GoOn(None, extra - 1)
        end_turn(s, p)
        return None
    if c == "wrong_turn":
        play_wrong_turn(s, p, move)
        return GoOn(locked, extra)
    raise ValueError(f"{card_name(c)} cannot be played on a turn")


def call_moves(s: Table, p: int, called: list[int]) -> list[CallMove]:
    """2014, on seat ``p``'s day turn: the other seats that may speak up to play Wrong Turn
    "during an opponent's turn". Public facts only: Wrong Turn may be in some hand, the seat
    holds some card, has not been called during this placement yet, and another player's bee
    stands on a flower. Calling asks nobody until somebody asks for it."""
    if not s.first_edition or not possibly_held(s, "wrong_turn"):
        return []
    return [CallMove(seat=q) for q, other in enumerate(s.players)
            if q != p and q not in called and other.hand and wrong_turn_moves(s, q)]


def call_refusal(s: Table, p: int, move: CallMove, called: list[int]) -> str:
    """Why seat ``move.seat`` cannot be called to play a card during ``p``'s turn."""
    q = move.seat
    if not s.first_edition:
        return "Only the first edition lets another player play a card during your turn."
    if not 0 <= q < len(s.players) or q == p:
        return "Call another player at the table."
    if not possibly_held(s, "wrong_turn"):
        return "No Wrong Turn card can be in anyone's hand, and no other card is played during your turn."
    if not s.players[q].hand:
        return f"{s.players[q].name} holds no Queen Bee card."
    if q in called:
        return f"{s.players[q].name} has already had the chance during this placement."
    return "No bee of another player stands on a flower, so Wrong Turn has nothing to move."


def finish_placement(s: Table, p: int, extra: int) -> None:
    """Seat ``p`` has made a placement: with Shift Change's second placement still due and
    bees left, it places again (task ``place_again``); otherwise its turn ends."""
    if extra > 0 and s.players[p].pool:
        push(s, make("place_again", p, extra - 1))
    else:
        end_turn(s, p)


def play_wrong_turn(s: Table, p: int, move: PlayMove) -> None:
    """2014 Wrong Turn: fly another player's bee from one flower to another, whatever its value;
    raises ValueError if the move lacks the seat, the die or either flower."""
    if move.seat is None or move.die is None or move.src is None or move.target is None:
        raise ValueError("Wrong Turn needs a seat, a die and two flowers")
    take_die(s, move.seat, move.die, move.src)
    s.spaces[move.target].append((move.seat, move.die))
    _log(s, f"{s.players[p].name} plays Wrong Turn: {s.players[move.seat].name}'s {move.die} flies from "
            f"flower {move.src[1:]} to flower {move.target[1:]}.")


class Directions(DecisionBase):
    """2014 Directions: place any of your bees, whatever they show, on one flower; then done."""

    kind: Literal["directions"] = "directions"
    flower: int
    placed: int = 0
    extra: int = 0
    short: ClassVar[str] = "place bees on the flower of your Directions card, then done"

    def legal(self, s: Table) -> list[Move]:
        """2014 Directions: each value left in the seat's pool, placed on the card's flower, and
        Done once at least one bee has gone there."""
        pl = s.players[self.seat]
        out: list[Move] = [PlaceMove(die=v, target=f"D{self.flower}") for v in sorted(set(pl.pool))]
        if self.placed:
            out.append(DoneMove())
        return out

    def apply(self, s: Table, move: Move) -> None:
        """Put the chosen bee on the card's flower and ask again while bees remain; Done, or the
        last bee, ends the placement (a Shift Change second placement still follows)."""
        pl = s.players[self.seat]
        if isinstance(move, PlaceMove):
            pl.pool.remove(move.die)
            put_die(s, self.seat, move.die, move.target)
            _log(s, f"{pl.name} places a {move.die} on flower {self.flower} (Directions).")
            if pl.pool:
                s.pending = self.model_copy(update={"placed": self.placed + 1})
                return
        finish_placement(s, self.seat, self.extra)

    def prompt(self, s: Table) -> str:
        """Asks for another bee on the card's flower (or Done, once one is there)."""
        name = s.players[self.seat].name
        more = " or done" if self.placed else ""
        return f"{name}: Directions: place another bee on flower {self.flower}{more}."


# -- offers: 2022 day and night ------------------------------------------------------------


class Offer(DecisionBase):
    """Base of the offers to play a card at a given moment: play it, or decline."""

    kind: str = "offer"

    def is_private(self, s: Table) -> bool:
        """An offer made to holders only shows that the seat holds the card, so it stays
        private; an offer asked by public facts alone (:func:`asks_publicly`) shows nothing. The
        one person at a 2014 table of computers is asked as a holder (:func:`only_person`)."""
        return not asks_publicly(s) or only_person(s, self.seat)

    def prompt(self, s: Table) -> str:
        """The offer's question; asked by public facts of a seat that can play nothing now, it says
        so, and why the seat is asked (:func:`nothing_to_play`)."""
        if asks_publicly(s) and not only_person(s, self.seat) and self.legal(s) == [DeclineMove()]:
            return nothing_to_play(s, self.seat)
        return self.question(s)

    def question(self, s: Table) -> str:
        """Asks whether the seat plays the card (each offer words its own; this is the plain
        form)."""
        return f"{s.players[self.seat].name}: play a card now, or pass?"


def nothing_to_play(s: Table, p: int, moment: str = "") -> str:
    """The question put to seat ``p`` when it is asked about cards only because the others are
    (who is asked goes by public facts) and none of its own can be played now."""
    return (f"{s.players[p].name}: {moment}none of your cards can be played now, so pass "
            "(everyone with cards is asked).")


class VolunteerOffer(Offer):
    """2022: at the start of the day, a holder of Volunteer may add a die for the round."""

    kind: Literal["offer_volunteer"] = "offer_volunteer"
    short: ClassVar[str] = "play Volunteer or not"

    def legal(self, s: Table) -> list[Move]:
        """Volunteer: play it when held and a die of the seat's colour is left in the supply;
        declining is always allowed."""
        pl = s.players[self.seat]
        if "volunteer" in pl.hand and s.supply_dice[pl.colour] > 0:
            return [PlayMove(card="volunteer"), DeclineMove()]
        return [DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        """Volunteer: the card adds a die of the seat's colour from the supply to its pool for this
        round only, then offers again for another copy; declining does nothing."""
        if isinstance(move, PlayMove):
            pl = s.players[self.seat]
            spend_card(s, pl, "volunteer")
            pl.volunteer += 1
            pl.pool.append(1)
            s.supply_dice[pl.colour] -= 1
            _log(s, f"{pl.name} plays Volunteer: one extra die this round.")
            push(s, make("offer_volunteer", self.seat))

    def question(self, s: Table) -> str:
        """Asks whether the seat plays Volunteer for an extra die this round."""
        return f"{s.players[self.seat].name}: play Volunteer to roll one extra die this round?"


class EagerBeeOffer(Offer):
    """2022: at the start of the night, resolve one of your dice on A, C, E or G at once."""

    kind: Literal["offer_eager_bee"] = "offer_eager_bee"
    short: ClassVar[str] = "play Eager Bee or not"

    def legal(self, s: Table) -> list[Move]:
        """Eager Bee: one play for each A, C, E or G space holding a die of the seat, or decline."""
        if "eager_bee" not in s.players[self.seat].hand:
            return [DeclineMove()]
        return [*(PlayMove(card="eager_bee", target=sid) for sid in eager_spaces(s, self.seat)), DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        """Eager Bee: take the seat's die off the chosen space and carry out that action for it at
        once, ahead of the night's order, then offer the card again."""
        if isinstance(move, PlayMove) and move.target is not None:
            pl = s.players[self.seat]
            spend_card(s, pl, "eager_bee")
            sid = move.target
            value = int(sid[1:])
            s.spaces[sid].remove((self.seat, value))
            _log(s, f"{pl.name} plays Eager Bee on {sid}.")
            push(s, make("offer_eager_bee", self.seat))
            owner = owner_of(s, self.seat)
            owner.return_die(value)
            owner.resolve(sid[0], value)

    def question(self, s: Table) -> str:
        """Asks whether the seat plays Eager Bee to resolve one of its A, C, E or G dice right away."""
        return f"{s.players[self.seat].name}: play Eager Bee to resolve one of your dice on A, C, E or G right now?"


def eager_spaces(s: Table, p: int) -> list[str]:
    """The A, C, E and G spaces holding a die of seat ``p``: the dice Eager Bee may resolve early."""
    return [sid for sid in (f"{a}{v}" for a in LETTERS for v in range(1, 7))
            if any(o == p for o, _ in s.spaces[sid])]


# -- Shuffle ------------------------------------------------------------------------------


def _shuffle_rooms(s: Table, p: int) -> list[int]:
    return [i for i, r in enumerate(s.players[p].rooms) if not r.honey]


def shuffle_possible(s: Table, p: int) -> bool:
    """Is there anything to rearrange (two rooms without honey, and a token in one)?"""
    live = [s.players[p].rooms[i] for i in _shuffle_rooms(s, p)]
    return len(live) >= 2 and any(r.egg or r.nectar for r in live)


class ShuffleOffer(Offer):
    """Shuffle, offered at the moments a rearrangement can matter (2022: before an action card
    the holder has dice on resolves, before threat penalties, while storing nectar; 2014: at
    the seat's F step, before and after its nectar moves, and when an egg has no empty room)."""

    kind: Literal["offer_shuffle"] = "offer_shuffle"
    before: str
    short: ClassVar[str] = "play Shuffle or not"

    def legal(self, s: Table) -> list[Move]:
        """Shuffle: decline, or play it when held and something can be rearranged: in 2014 once for
        each pair of rooms without honey with nectar in either (it moves nectar between two
        rooms), in 2022 once for all the rooms."""
        pl = s.players[self.seat]
        if "shuffle" not in pl.hand or not shuffle_possible(s, self.seat):
            return [DeclineMove()]
        if s.first_edition:
            rooms = _shuffle_rooms(s, self.seat)
            plays: list[Move] = [PlayMove(card="shuffle", src=f"R{a}", target=f"R{b}")
                                 for a, b in combinations(rooms, 2) if pl.rooms[a].nectar or pl.rooms[b].nectar]
            return [*plays, DeclineMove()]
        return [PlayMove(card="shuffle"), DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        """Shuffle: spend the card and open the rearrangement, of the two chosen rooms' nectar
        (2014) or of everything in the rooms without honey, eggs included (2022); declining does
        nothing."""
        if not isinstance(move, PlayMove):
            return
        pl = s.players[self.seat]
        spend_card(s, pl, "shuffle")
        if move.src is not None and move.target is not None:
            rooms = [int(move.src[1:]), int(move.target[1:])]
            _log(s, f"{pl.name} plays Shuffle on rooms {rooms[0]} and {rooms[1]}.")
            s.pending = open_shuffle(s, self.seat, rooms, eggs=False)
        else:
            _log(s, f"{pl.name} plays Shuffle and rearranges their rooms.")
            s.pending = open_shuffle(s, self.seat, _shuffle_rooms(s, self.seat), eggs=True)

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry in the form of the lists of rooms: "Play Shuffle on rooms 0 and 1" (2014),
        "Play Shuffle (rearrange your rooms)", "Play no card (your rooms stay as they are)"."""
        if isinstance(move, PlayMove) and move.src is not None and move.target is not None:
            return f"Play Shuffle on rooms {move.src[1:]} and {move.target[1:]}"
        if isinstance(move, PlayMove):
            return "Play Shuffle (rearrange your rooms)"
        if isinstance(move, DeclineMove):
            return "Play no card (your rooms stay as they are)"
        return None

    def question(self, s: Table) -> str:
        """Asks whether the seat plays Shuffle now, naming the moment (before an action card or the
        threats, while storing nectar, or to free a room for an egg)."""
        when = {"T": "before the threats strike", "nectar": "while storing nectar",
                "egg": "to empty a room for your egg"}.get(self.before, f"before action {self.before}")
        return f"{s.players[self.seat].name}: play Shuffle to rearrange your rooms {when}?"


# -- Bounty -------------------------------------------------------------------------------


class BountyOffer(Offer):
    """Bounty: after gathering at a flower, one more nectar of that colour (one per card)."""

    kind: Literal["offer_bounty"] = "offer_bounty"
    flower: int
    short: ClassVar[str] = "play Bounty or not"

    def legal(self, s: Table) -> list[Move]:
        """Bounty: play it when held and the flower's colour is still in the supply, or decline."""
        if "bounty" in s.players[self.seat].hand and s.supply_nectar[self.flower - 1] > 0:
            return [PlayMove(card="bounty", target=f"D{self.flower}"), DeclineMove()]
        return [DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        """Bounty: one more nectar of the flower's colour joins what the seat is storing, then the
        card is offered again for another copy."""
        if isinstance(move, PlayMove):
            push(s, make("offer_bounty", self.flower, self.seat))
            play_bounty(s, self.seat, self.flower)

    def question(self, s: Table) -> str:
        """Asks whether the seat plays Bounty for one more nectar of the flower's colour."""
        return (f"{s.players[self.seat].name}: play Bounty for one more "
                f"{nectar_name(s, self.flower - 1)} nectar?")


def play_bounty(s: Table, p: int, flower: int) -> None:
    """Bounty: one more nectar of the flower's colour, to be stored with the rest."""
    pl = s.players[p]
    c = flower - 1
    spend_card(s, pl, "bounty")
    s.supply_nectar[c] -= 1
    pl.pending_nectar.append(c)
    _log(s, f"{pl.name} plays Bounty: one more {nectar_name(s, c)} nectar.")


def bounty_moves(s: Table, p: int) -> list[PlayMove]:
    """2014: Bounty is played while storing the nectar claimed at D, on a colour claimed there
    (no extra question: the seat is storing anyway); never on nectar left over after honey."""
    pl = s.players[p]
    if "bounty" not in pl.hand:
        return []
    return [PlayMove(card="bounty", target=f"D{c + 1}") for c in sorted(set(pl.pending_nectar))
            if s.supply_nectar[c] > 0]


def shuffle_could_help(s: Table, p: int) -> bool:
    """2014, public facts only: could Shuffle (all the nectar of two rooms, redistributed)
    change how seat ``p`` makes honey tonight? True when some room holding two dice would
    then need fewer Queen Bee cards to make honey than it needs now (none at all: four of one
    colour under a pair), judging by the honey cards still in play, never by the hand."""
    pl = s.players[p]
    cap = room_capacity(s)
    held = Counter({c: 1 for c in HONEY_CARDS if possibly_held(s, c)})
    live = [i for i, r in enumerate(pl.rooms) if not r.honey and not r.egg]
    for i in live:
        r = pl.rooms[i]
        if len(r.dice) < 2:
            continue
        paired = bool(pair_values(r))
        now = honey_cost(s, r.nectar, paired, held)
        if now == 0:
            continue
        for j in live:
            if j == i:
                continue
            pool = sorted(r.nectar + pl.rooms[j].nectar)
            for k in range(max(0, len(pool) - cap), min(cap, len(pool)) + 1):
                for mine in set(combinations(pool, k)):
                    cost = honey_cost(s, list(mine), paired, held)
                    if cost is not None and (now is None or cost < now):
                        return True
    return False


def shuffle_could_empty(s: Table, p: int) -> bool:
    """2014, public facts only: seat ``p`` has no empty room for an egg, but Shuffle could
    empty one (all the nectar of a room fits in another room without honey or an egg)."""
    pl = s.players[p]
    if empty_rooms(pl) or s.supply_eggs <= 0:
        return False
    cap = room_capacity(s)
    live = [r for r in pl.rooms if not r.honey and not r.egg]
    return any(a is not b and a.nectar and len(a.nectar) + len(b.nectar) <= cap for a in live for b in live)


def shuffle_could_matter(s: Table, p: int, letter: str) -> bool:
    """2022 asked by public facts (:func:`~.queries.asks_publicly`): could rearranging seat
    ``p``'s rooms just before step ``letter`` change what that step gives it? Judged by the
    board and the cards still in play, never by the hand:

    * B: an egg that will not hatch could move to a room under a pair (or under two dice, while
      Expertise may be held);
    * C: its bees on C claim more eggs than it has empty rooms, and a room could be emptied;
    * F: a room holding two dice could make honey from the nectar of all its rooms put
      together, or make it with fewer cards;
    * T (asked only before a threat that takes a room, :meth:`~.owners.Seat.bear_threat`): it
      has no empty room and could empty one.

    Never before A, E or G (what they give does not depend on where tokens lie) nor D (Shuffle
    is offered while storing, :class:`~.night.StoreNectar`)."""
    pl = s.players[p]
    if not shuffle_possible(s, p):
        return False
    live = [r for r in pl.rooms if not r.honey]
    held = Counter({c: 1 for c in HONEY_CARDS if possibly_held(s, c)})
    if letter == "B":
        expertise = held["expertise"] and s.supply_dice[pl.colour] > 0
        stuck = any(r.egg and not pair_values(r) for r in live)
        return stuck and any(not r.egg and (pair_values(r) or (expertise and len(r.dice) >= 2)) for r in live)
    if letter in ("C", "T"):
        free = len(empty_rooms(pl))
        if letter == "T":
            wanted = 1
        else:
            wanted = min(s.supply_eggs, sum(o == p for v in range(1, 7) for o, _ in s.spaces[f"C{v}"]))
        return free < wanted and _could_empty(s, pl.rooms)
    if letter == "F":
        pooled = Counter(c for r in live for c in r.nectar)
        for r in live:
            if len(r.dice) < 2:
                continue
            paired = bool(pair_values(r))
            now = honey_cost(s, r.nectar, paired, held)
            best = _pooled_cost(s, pooled, paired, held)
            if now != 0 and best is not None and (now is None or best < now):
                return True
    return False


def _could_empty(s: Table, rooms: list[Room]) -> bool:
    """Some room without honey or an egg holds nectar that all fits in the others' free places."""
    cap = room_capacity(s)
    live = [r for r in rooms if not r.honey and not r.egg]
    space = sum(cap - len(r.nectar) for r in live)
    return any(r.nectar and len(r.nectar) <= space - (cap - len(r.nectar)) for r in live)


def _pooled_cost(s: Table, pooled: Counter[int], paired: bool, held: Counter[str]) -> int | None:
    """The fewest ``held`` cards with which a room holding two dice makes honey from some of the
    nectar ``pooled`` (None: it cannot)."""
    cap = room_capacity(s)
    best: int | None = None
    for size in (cap - 1, cap):
        for pick in combinations_with_replacement(sorted(pooled), size):
            if any(pick.count(c) > pooled[c] for c in set(pick)):
                continue
            cost = honey_cost(s, list(pick), paired, held)
            if cost is not None and (best is None or cost < best):
                best = cost
    return best


# -- making honey and hatching with cards ------------------------------------------------------


def _colours_ok(used: tuple[int, ...], alchemy: bool, first_edition_rules: bool) -> bool:
    kinds = len(set(used))
    if not alchemy:
        return kinds == 1
    return kinds == 2 if first_edition_rules else True


def _honey_ways(s: Table, nectar: list[int], paired: bool,
                held: Counter[str]) -> dict[tuple[tuple[str, ...], tuple[int, ...]], list[str]]:
    """The card sets that make honey from ``nectar`` (a room's contents) with the cards
    ``held``, each with the nectar it spends: {(cards, used): cards}. Efficiency lowers the
    nectar needed to one fewer, Alchemy lifts the one-colour rule (2014: exactly two colours),
    Expertise stands in for a missing pair; cards combine, and each way names only the cards
    that its choice of nectar needs."""
    cap = room_capacity(s)
    if not paired and not held["expertise"]:
        return {}
    two_colours = s.first_edition
    out: dict[tuple[tuple[str, ...], tuple[int, ...]], list[str]] = {}
    for eff in (False, True):
        if eff and not held["efficiency"]:
            continue
        size = cap - 1 if eff else cap
        for alch in (False, True):
            if alch and not held["alchemy"]:
                continue
            for used in sorted(set(combinations(sorted(nectar), size))):
                if not _colours_ok(used, alch, two_colours):
                    continue
                if alch and _colours_ok(used, False, two_colours):
                    continue  # one colour: Alchemy adds nothing to this choice
                cards = sorted((["expertise"] if not paired else []) + (["efficiency"] if eff else [])
                               + (["alchemy"] if alch else []))
                out[(tuple(cards), used)] = cards
    return out


def honey_cost(s: Table, nectar: list[int], paired: bool, held: Counter[str]) -> int | None:
    """How few of the cards ``held`` a room holding ``nectar`` and two dice (``paired``: a
    pair among them) needs to make honey: 0 for four of one colour under a pair, None if it
    cannot."""
    if paired and len(nectar) == room_capacity(s) and len(set(nectar)) == 1:
        return 0
    ways = _honey_ways(s, nectar, paired, held)
    return min((len(cards) for cards in ways.values()), default=None)


def honey_options(s: Table, p: int, room: int, paired: bool,
                  hand: Counter[str] | None = None) -> list[HoneyMove]:
    """The ways seat ``p`` can make honey in ``room`` with Queen Bee cards (none when no card
    is needed or none helps). ``paired``: the room holds a pair of equal dice; without one,
    Expertise stands in for it. Each option names the nectar it spends and only the cards
    that this choice of nectar needs (see :func:`_honey_ways`)."""
    pl = s.players[p]
    r = pl.rooms[room]
    cap = room_capacity(s)
    if r.honey or len(r.dice) < 2 or (paired and natural_honey(r, cap)):
        return []
    held = hand if hand is not None else Counter(pl.hand)
    ways = _honey_ways(s, r.nectar, paired, held)
    return [HoneyMove(room=room, cards=ways[k], use=list(k[1])) for k in sorted(ways) if ways[k]]


def honey_plausible(s: Table, p: int, room: int, paired: bool) -> bool:
    """Could any card still in play make honey in ``room``? (Public facts only.)"""
    hand = Counter({c: 1 for c in HONEY_CARDS if possibly_held(s, c)})
    return bool(honey_options(s, p, room, paired, hand))


class HoneyOffer(Offer):
    """F: make honey in a room with Queen Bee cards, or not."""

    kind: Literal["offer_honey"] = "offer_honey"
    room: int
    value: int | None = None
    short: ClassVar[str] = "make honey with your cards or not"

    def legal(self, s: Table) -> list[Move]:
        """Every way the seat's cards make honey in the room (:func:`honey_options`: Efficiency
        needs one nectar fewer, Alchemy allows mixed colours, two exactly in 2014, Expertise
        stands in for the pair), and decline."""
        return [*honey_options(s, self.seat, self.room, self.value is not None), DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        """Spend the cards the move names and make honey in the room from the nectar it names;
        declining does nothing."""
        if not isinstance(move, HoneyMove):
            return
        pl = s.players[self.seat]
        for c in move.cards:
            spend_card(s, pl, c)
        names = " and ".join(card_name(c) for c in move.cards)
        dice = f"a pair of {self.value}s" if self.value is not None else "two unmatched dice"
        make_honey(s, self.seat, self.room, list(move.use), dice, names)

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry in the form of the lists of nectar: "Make honey in room 3 from 3 pink
        nectar (play Efficiency)", "Play no card (no honey in room 3 now)"."""
        if isinstance(move, HoneyMove):
            cards = " and ".join(card_name(c) for c in move.cards)
            return f"Make honey in room {move.room} from {nectar_str(s, move.use)} nectar (play {cards})"
        if isinstance(move, DeclineMove):
            return f"Play no card (no honey in room {self.room} now)"
        return None

    def question(self, s: Table) -> str:
        """Asks whether the seat plays cards to make honey in the room, naming the dice there."""
        pair = f"a pair of {self.value}s" if self.value is not None else "two dice"
        return f"{s.players[self.seat].name}: room R{self.room} has {pair}; play cards to make honey there?"


def hatch_with_expertise_due(s: Table, p: int, room: int) -> bool:
    """The room of seat ``p`` holds an egg under two dice or more with no pair among them, so that
    only Expertise could hatch it at B."""
    r = s.players[p].rooms[room]
    return r.egg and len(r.dice) >= 2 and not pair_values(r)


class HatchOffer(Offer):
    """B: hatch the egg in a room with two unmatched dice by playing Expertise."""

    kind: Literal["offer_hatch"] = "offer_hatch"
    room: int
    short: ClassVar[str] = "play Expertise to hatch or not"

    def legal(self, s: Table) -> list[Move]:
        """Expertise at B: play it when held, a die of the seat's colour is in the supply and the
        room's egg lies under unmatched dice; or decline."""
        pl = s.players[self.seat]
        if "expertise" in pl.hand and s.supply_dice[pl.colour] > 0 and hatch_with_expertise_due(s, self.seat,
                                                                                               self.room):
            return [PlayMove(card="expertise", room=self.room), DeclineMove()]
        return [DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        """Expertise: spend the card, return the room's two dice to the pool and hatch its egg into a new die."""
        if isinstance(move, PlayMove):
            pl = s.players[self.seat]
            spend_card(s, pl, "expertise")
            r = pl.rooms[self.room]
            d1, d2 = r.dice[0], r.dice[1]
            del r.dice[:2]
            pl.pool += [d1, d2]
            hatch(s, self.seat, self.room, f"a {d1} and a {d2} thanks to Expertise")

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry in the form of the lists of rooms: "Play Expertise: hatch the egg in room 2",
        "Play no card (the egg stays)"."""
        if isinstance(move, PlayMove):
            return f"Play Expertise: hatch the egg in room {self.room}"
        if isinstance(move, DeclineMove):
            return "Play no card (the egg stays)"
        return None

    def question(self, s: Table) -> str:
        """Asks whether the seat plays Expertise to hatch the room's egg with unmatched dice."""
        return (f"{s.players[self.seat].name}: play Expertise to hatch the egg in room R{self.room} "
                "with two unmatched dice?")


# -- 2014 night cards ---------------------------------------------------------------------------


class Scouting(DecisionBase):
    """2014 Scouting: keep one of the top cards; the others go back on top in your order."""

    kind: Literal["scouting"] = "scouting"
    cards: list[str]
    short: ClassVar[str] = "keep one card and put the others back"

    def is_private(self, s: Table) -> bool:
        """Always: the cards Scouting draws are seen by the scouting seat alone."""
        return True

    def legal(self, s: Table) -> list[Move]:
        """Every choice of the card to keep, each with every order of the others going back on top
        (repeated copies listed once)."""
        out: list[Move] = []
        seen: set[tuple[str, tuple[str, ...]]] = set()
        for i, keep in enumerate(self.cards):
            rest = self.cards[:i] + self.cards[i + 1:]
            for order in permutations(rest):
                if (keep, order) not in seen:
                    seen.add((keep, order))
                    out.append(ScoutMove(keep=keep, back=list(order)))
        return out

    def apply(self, s: Table, move: Move) -> None:
        """The kept card goes to the seat's hand and the others back on top of the Queen Bee deck in
        the chosen order; only the seat is told which (its private line and its peek)."""
        if not isinstance(move, ScoutMove):
            return
        pl = s.players[self.seat]
        pl.hand.append(move.keep)
        s.queen_deck[0:0] = list(move.back)
        s.peeks = [Peek(seat=self.seat, cards=list(move.back))] if move.back else []
        _log(s, f"{pl.name} keeps one card and puts {len(move.back)} back on top of the Queen Bee deck.")
        s.say(with_detail(f"{pl.name} keeps {card_name(move.keep)}; on top now: "
                          + ", ".join(card_name(c) for c in move.back) + ".", "Only you see this line."),
              seats=[self.seat])

    def prompt(self, s: Table) -> str:
        """Names the drawn cards and asks the seat which one to keep."""
        names = ", ".join(card_name(c) for c in self.cards)
        return f"{s.players[self.seat].name}: Scouting shows {names}: keep one, put the others back on top."


def start_scouting(s: Table, p: int) -> None:
    """2014 Scouting: take up to three cards off the Queen Bee deck (a reveal) and ask seat ``p`` which to keep."""
    k = min(3, len(s.queen_deck))
    drawn = s.queen_deck[:k]
    del s.queen_deck[:k]
    s.peeks = []
    s.reveal()
    s.pending = Scouting(seat=p, cards=drawn)


def dusk_card_moves(s: Table, p: int) -> list[PlayMove]:
    """2014 dusk window: Wrong Turn, and the cards for the fall of night."""
    pl = s.players[p]
    hand = set(pl.hand)
    out: list[PlayMove] = []
    if "wrong_turn" in hand:
        out += wrong_turn_moves(s, p)
    if "scouting" in hand and s.queen_deck:
        out.append(PlayMove(card="scouting"))
    if "queens_gift" in hand:
        if s.supply_eggs > 0:
            out.append(PlayMove(card="queens_gift", choice="egg"))
        if s.supply_rooms > 0:
            out.append(PlayMove(card="queens_gift", choice="room"))
    return out


def play_window_card(s: Table, p: int, move: PlayMove) -> None:
    """Play a card chosen in a 2014 window (dawn, morning or dusk)."""
    pl = s.players[p]
    c = move.card
    spend_card(s, pl, c)
    if c == "volunteer":
        s.volunteer_die = p
        pl.volunteer += 1
        pl.pool.append(1)
        _log(s, f"{pl.name} plays Volunteer: the Volunteer Dice joins their bees this round.")
    elif c == "sick_day" and move.seat is not None and move.die is not None:
        other = s.players[move.seat]
        other.pool.remove(move.die)
        other.sick.append(move.die)
        _log(s, f"{pl.name} plays Sick Day: {other.name}'s {move.die} stays at home this round.")
    elif c == "wrong_turn":
        play_wrong_turn(s, p, move)
    elif c == "scouting":
        _log(s, f"{pl.name} plays Scouting and looks at the top of the Queen Bee deck.")
        start_scouting(s, p)
    elif c == "queens_gift":
        if move.choice == "room":
            add_room(s, p, f"{pl.name} plays Queen's Gift: ")
        else:
            _log(s, f"{pl.name} plays Queen's Gift and takes an egg.")
            push(s, make("lay_egg", p, "gift"))
    else:
        raise ValueError(f"{card_name(c)} cannot be played now")


def volunteer_moves(s: Table, p: int) -> list[PlayMove]:
    """2014 Volunteer at dawn: playable when held and the one Volunteer Dice is not already out this round."""
    if "volunteer" in s.players[p].hand and s.volunteer_die is None:
        return [PlayMove(card="volunteer")]
    return []


def sick_day_moves(s: Table, p: int) -> list[PlayMove]:
    """2014 Sick Day: one play for each other seat and each value in its pool; that die stays at home this round."""
    if "sick_day" not in s.players[p].hand:
        return []
    return [PlayMove(card="sick_day", seat=q, die=v) for q, other in enumerate(s.players) if q != p
            for v in sorted(set(other.pool))]

