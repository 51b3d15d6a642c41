"""The night: every placed die resolves, action by action from A to G.

2022: within an action, dice resolve in ascending value (F: value by value,
each seat in turn from the first player). 2014: within an action, each seat
resolves all its dice in turn from the first player (A, C, E, G by value
within a seat; F moves nectar for every pair, then makes honey).

The decisions of the night defined here: where an egg goes
(:class:`LayEgg`), where gathered nectar goes (:class:`StoreNectar`), and the
three steps of a trade (:class:`Trade`, :class:`TradeSecond`, :class:`Gain`).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from ...core.state import with_detail
from .bumblebot import hatch_pair
from .cards import (
    BountyOffer,
    EagerBeeOffer,
    HatchOffer,
    HoneyOffer,
    ShuffleOffer,
    bounty_moves,
    eager_spaces,
    hatch_with_expertise_due,
    honey_options,
    honey_plausible,
    offer_due,
    play_bounty,
    shuffle_could_empty,
    shuffle_could_help,
    shuffle_could_matter,
    shuffle_possible,
)
from .effects import LEFTOVER, hatch, make_honey, put_egg, return_pending_nectar, spend_card, store_nectar
from .models import (
    BackMove,
    DecisionBase,
    DeclineMove,
    DiscardMove,
    EggMove,
    GainMove,
    Move,
    NectarMove,
    PlayMove,
    Table,
    TradeMove,
)
from .owners import owner_of
from .queries import (
    a_nectar,
    asks_publicly,
    can_trade,
    capacity,
    card_name,
    empty_room_mask,
    empty_rooms,
    flower_awards,
    flower_counts,
    natural_honey,
    nectar_name,
    nectar_str,
    pair_effect,
    pair_values,
    room_capacity,
    room_key,
    room_note,
    rooms_with_space,
    seat_order,
    second_place_rule,
    turn_order,
)
from .rearrange import open_moves
from .tasks import make, push, task

ACTION_TASK = {"A": "collect_room", "C": "claim_egg", "E": "trade", "G": "draw_queen"}


def night_tasks(s: Table) -> list[str]:
    """The night's tasks, in rulebook order."""
    return night_tasks_2014(s) if s.first_edition else night_tasks_2022(s)


def night_tasks_2022(s: Table) -> list[str]:
    """The 2022 night, as the task queue: Eager Bee offers, then for each action card A to G a
    Shuffle offer to each seat and that card's resolution (dice in ascending value), then the
    threats, the solo discard and the end of the round."""
    seats = seat_order(s)
    t = [make("offer_eager_bee", p) for p in seats]
    for letter in "ABCDEFG":
        t += [make("offer_shuffle", p, letter) for p in seats]
        if letter in ACTION_TASK:
            t += [make(ACTION_TASK[letter], v) for v in range(1, 7)]
        elif letter == "B":
            t += [make("hatch_eggs", v) for v in range(1, 7)]
            t += [make("expertise_hatch", p, 0) for p in seats]
        elif letter == "D":
            t += [make("gather_nectar", f) for f in range(1, 7)]
            t += [make("store_nectar", p) for p in seats]
        elif letter == "F":
            t += [make(name, v, p) for v in range(1, 7) for p in seats for name in ("move_nectar", "make_honey")]
            t += [make("expertise_honey", p, 0) for p in seats]
            t += ["return_room_dice", "bumblebot_honey", "bumblebot_failed_pairs"]
    if s.options.threats:
        t.append("check_threats")
    if s.solo:
        t.append("solo_discard")
    t.append("end_round")
    return t


def night_tasks_2014(s: Table) -> list[str]:
    """2014: each action card seat by seat from the first player, with the moments the night
    cards are offered at (see ``docs/waggle-dance-2014-reactions.md``)."""
    seats = seat_order(s)
    drawers = [p for p in seats if any((p, v) in s.spaces[f"G{v}"] for v in range(1, 7))]
    t: list[str] = []
    for letter in "ABCDEFG":
        if letter == "C":
            t.append(make("rooms_window", empty_room_mask(s)))
        if letter == "G":
            for p in seats:
                earlier = any(seats.index(q) < seats.index(p) for q in drawers)
                t += [make("offer_scouting", p, int(earlier)), make("resolve_seat", "G", p)]
            t.append(make("night_end_window", int(bool(drawers))))
        elif letter in ACTION_TASK:
            t += [make("resolve_seat", letter, p) for p in seats]
        elif letter == "B":
            for p in seats:
                t += [make("hatch_seat", p), make("expertise_hatch", p, 0)]
        elif letter == "D":
            t += [make("gather_nectar", f) for f in range(1, 7)]
            t += [make("store_nectar", p) for p in seats]
        elif letter == "F":
            for p in seats:
                t.append(make("offer_shuffle", p, "F"))
                t += [make("move_nectar", v, p) for v in range(1, 7)]
                t += [make("make_honey", v, p, 0) for v in range(1, 7)]
                t.append(make("expertise_honey", p, 0))
            t.append("return_room_dice")
    t.append("end_round")
    return t


@task("nightfall")
def t_nightfall(s: Table, args: list[str]) -> bool:
    """Every die is placed: the night begins."""
    s.phase = "night"
    push(s, *night_tasks(s))
    s.say(f"Round {s.turn}: night falls.")
    return True


# -- A, C, E, G: one die, one action --------------------------------------------------------


def _resolve_space(s: Table, letter: str, v: int) -> bool:
    sid = f"{letter}{v}"
    for i, (o, x) in enumerate(s.spaces[sid]):
        owner = owner_of(s, o)
        if owner.acts:
            del s.spaces[sid][i]
            owner.return_die(x)
            push(s, make(ACTION_TASK[letter], v))
            owner.resolve(letter, x)
            return True
    return False


@task("collect_room")
def t_collect_room(s: Table, args: list[str]) -> bool:
    """A: the die on space A<v> collects a room tile (2022: spaces in ascending order)."""
    return _resolve_space(s, "A", int(args[0]))


@task("claim_egg")
def t_claim_egg(s: Table, args: list[str]) -> bool:
    """C: the die on space C<v> claims an egg."""
    return _resolve_space(s, "C", int(args[0]))


@task("trade")
def t_trade(s: Table, args: list[str]) -> bool:
    """E: the die on space E<v> trades for a nectar."""
    return _resolve_space(s, "E", int(args[0]))


@task("draw_queen")
def t_draw_queen(s: Table, args: list[str]) -> bool:
    """G: the die on space G<v> draws a Queen Bee card."""
    return _resolve_space(s, "G", int(args[0]))


@task("resolve_seat")
def t_resolve_seat(s: Table, args: list[str]) -> bool:
    """2014: seat <p> resolves its next die on action <X> (its dice in ascending value)."""
    letter, p = args[0], int(args[1])
    for v in range(1, 7):
        sid = f"{letter}{v}"
        if (p, v) in s.spaces[sid]:
            s.spaces[sid].remove((p, v))
            owner = owner_of(s, p)
            owner.return_die(v)
            push(s, make("resolve_seat", letter, p))
            owner.resolve(letter, v)
            return True
    return False


@task("offer_eager_bee")
def t_offer_eager_bee(s: Table, args: list[str]) -> bool:
    """2022, start of the night: a holder of Eager Bee with a die on A, C, E or G may use it."""
    p = int(args[0])
    if offer_due(s, p, ("eager_bee",), bool(eager_spaces(s, p))):
        s.pending = EagerBeeOffer(seat=p)
    return False


# -- Shuffle -----------------------------------------------------------------------------------


def _has_dice_on(s: Table, p: int, letter: str) -> bool:
    if letter in "BF":
        return any(r.dice for r in s.players[p].rooms)
    if letter == "D":
        return any(o == p for f in range(1, 7) for o, _ in s.spaces[f"D{f}"])
    if letter == "T":
        return True
    return any(o == p for v in range(1, 7) for o, _ in s.spaces[f"{letter}{v}"])


@task("offer_shuffle")
def t_offer_shuffle(s: Table, args: list[str]) -> bool:
    """Shuffle may be played before action <X> resolves (or T: before the threats strike) by
    a seat with dice there and something to rearrange (2022; asked by public facts, only where
    a rearrangement could change what <X> gives, :func:`.cards.shuffle_could_matter`). 2014: at
    F, before the nectar moves and after each rearrangement, when moving nectar between two
    rooms could change how a room holding two dice makes honey; <X> = egg: when an egg has no
    empty room but Shuffle could empty one. Who is asked: :func:`.cards.offer_due`."""
    p, letter = int(args[0]), args[1]
    if s.first_edition:
        could = shuffle_could_empty(s, p) if letter == "egg" else shuffle_could_help(s, p)
    elif asks_publicly(s):
        could = shuffle_could_matter(s, p, letter)
    else:
        could = shuffle_possible(s, p) and _has_dice_on(s, p, letter)
    if offer_due(s, p, ("shuffle",), could):
        s.pending = ShuffleOffer(seat=p, before=letter)
    return False


# -- B ---------------------------------------------------------------------------------------


@task("hatch_eggs")
def t_hatch_eggs(s: Table, args: list[str]) -> bool:
    """B (2022): every egg under a pair of <v>s hatches, seats from the first player; then
    Bumblebot's pair of <v>s on B."""
    v = int(args[0])
    cap = room_capacity(s)
    for p in seat_order(s):
        pl = s.players[p]
        for i, r in enumerate(pl.rooms):
            if pair_effect(r, cap, v) == "hatch":
                r.dice.remove(v)
                r.dice.remove(v)
                pl.pool += [v, v]
                push(s, make("hatch_eggs", v))
                hatch(s, p, i, f"a pair of {v}s")
                return True
    if s.bumblebot is not None and hatch_pair(s, v):
        push(s, make("hatch_eggs", v))
        return True
    return False


@task("hatch_seat")
def t_hatch_seat(s: Table, args: list[str]) -> bool:
    """B (2014): seat <p>'s eggs under pairs hatch."""
    p = int(args[0])
    pl = s.players[p]
    cap = room_capacity(s)
    for i, r in enumerate(pl.rooms):
        for v in range(1, 7):
            if pair_effect(r, cap, v) == "hatch":
                r.dice.remove(v)
                r.dice.remove(v)
                pl.pool += [v, v]
                push(s, make("hatch_seat", p))
                hatch(s, p, i, f"a pair of {v}s")
                return True
    return False


@task("expertise_hatch")
def t_expertise_hatch(s: Table, args: list[str]) -> bool:
    """B: Expertise may hatch seat <p>'s eggs under two unmatched dice, from room <r> on."""
    p, r0 = int(args[0]), int(args[1])
    pl = s.players[p]
    for i in range(r0, len(pl.rooms)):
        if hatch_with_expertise_due(s, p, i):
            if offer_due(s, p, ("expertise",), s.supply_dice[pl.colour] > 0):
                push(s, make("expertise_hatch", p, i + 1))
                s.pending = HatchOffer(seat=p, room=i)
                return False
    return False


# -- C and eggs from elsewhere ---------------------------------------------------------------


class LayEgg(DecisionBase):
    """Put an egg in an empty room (when it may be turned down: leave it in the supply)."""

    kind: Literal["egg"] = "egg"
    optional: bool = False
    short: ClassVar[str] = "choose an empty room for your egg"

    def legal(self, s: Table) -> list[Move]:
        """Each empty room of the seat, and leaving the egg in the supply when that is allowed (or no room is empty)."""
        out: list[Move] = [EggMove(room=r) for r in empty_rooms(s.players[self.seat])]
        if self.optional or not out:
            out.append(DeclineMove())
        return out

    def apply(self, s: Table, move: Move) -> None:
        """Put the egg in the chosen room, or leave it in the supply."""
        if isinstance(move, EggMove):
            put_egg(s, self.seat, move.room, "Night — C: " if s.phase == "night" else "")
        else:
            s.say(f"{s.players[self.seat].name} leaves the egg in the supply.")

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry says where the egg goes: "Put the egg in room 2", "Leave the egg in the supply"."""
        if isinstance(move, EggMove):
            return f"Put the egg in room {move.room}"
        if isinstance(move, DeclineMove):
            return "Leave the egg in the supply"
        return None

    def prompt(self, s: Table) -> str:
        """Asks the seat for an empty room for its egg (or to leave it, when it may)."""
        tail = ", or leave it" if self.optional else ""
        return f"{s.players[self.seat].name}: choose an empty room for your egg{tail}."

    def refusal(self, s: Table, move: Move) -> str:
        """Why not: the room is not empty, or the egg may not be left in the supply."""
        if isinstance(move, EggMove):
            return f"Room R{move.room} is not an empty room; an egg needs an empty room."
        if isinstance(move, DeclineMove):
            return "The egg must be placed (only the first edition lets you leave it)."
        return super().refusal(s, move)


@task("lay_egg")
def t_lay_egg(s: Table, args: list[str]) -> bool:
    """Seat <p> receives an egg (<why>: C, a threat reward, Queen's Gift): it goes in an empty
    room; the engine places it when every empty room is alike and the egg is compulsory.
    2014: with no empty room, Shuffle is offered first when it could empty one (then the task
    comes back with a third argument, "asked")."""
    p, why = int(args[0]), args[1]
    pl = s.players[p]
    er = empty_rooms(pl)
    if s.first_edition and not er and len(args) < 3 and offer_due(s, p, ("shuffle",), shuffle_could_empty(s, p)):
        push(s, make("lay_egg", p, why, "asked"))
        s.pending = ShuffleOffer(seat=p, before="egg")
        return False
    if s.supply_eggs <= 0 or not er:
        if er:
            s.say("No egg is left in the supply.")
        elif why == "C":
            s.say(f"Night — C: {pl.name} has no empty room, so cannot claim an egg.")
        else:
            s.say(f"{pl.name} has no empty room for an egg.")
        return True
    optional = s.first_edition
    if not optional and len({room_key(pl.rooms[i]) for i in er}) == 1:
        put_egg(s, p, er[0], "Night — C: " if why == "C" else "")
        return True
    s.pending = LayEgg(seat=p, optional=optional)
    return False


# -- D -------------------------------------------------------------------------------------


@task("gather_nectar")
def t_gather_nectar(s: Table, args: list[str]) -> bool:
    """D: flower <f>'s nectar goes to the most dice (2, or 1 each when tied) and a lone second
    (1); blockers count but gather nothing; dice go home, blockers stay."""
    f = int(args[0])
    sid = f"D{f}"
    dice = s.spaces[sid]
    if not any(owner_of(s, o).acts for o, _ in dice):
        return False
    counts = flower_counts(dice)
    awards = flower_awards(counts, turn_order(s), second_place_rule(s))
    colour = f - 1
    parts = []
    bounty = []
    for o, amount in awards:
        take = min(amount, s.supply_nectar[colour])
        if take <= 0:
            parts.append(f"{owner_of(s, o).name} finds no {nectar_name(s, colour)} nectar left")
            continue
        s.supply_nectar[colour] -= take
        owner_of(s, o).take_nectar(colour, take)
        parts.append(f"{owner_of(s, o).name} gathers {take}")
        if o >= 0:
            bounty.append(o)
    keep = []
    for o, v in dice:
        owner = owner_of(s, o)
        if owner.acts:
            owner.return_die(v)
        else:
            keep.append((o, v))
    s.spaces[sid] = keep
    order = turn_order(s)
    desc = ", ".join(f"{owner_of(s, o).name} {counts[o]}"
                     for o in sorted(counts, key=lambda o: order.index(o) if o in order else 9 - o))
    result = "; ".join(parts) if parts else "nobody gathers nectar"
    s.say(with_detail(f"Night — D: flower {f} ({nectar_name(s, colour)}): {result}.", f"Dice there: {desc}."))
    if not asks_publicly(s):  # else Bounty is played while storing (cards.bounty_moves)
        push(s, *[make("offer_bounty", f, o) for o in bounty])
    return True


@task("offer_bounty")
def t_offer_bounty(s: Table, args: list[str]) -> bool:
    """D: seat <p>, who gathered at flower <f>, may play Bounty for one more nectar."""
    f, p = int(args[0]), int(args[1])
    if offer_due(s, p, ("bounty",), s.supply_nectar[f - 1] > 0):
        s.pending = BountyOffer(seat=p, flower=f)
    return False


def store_options(s: Table, p: int) -> tuple[list[tuple[int, int]], bool]:
    """(colour, room) choices for storing seat ``p``'s gathered nectar, and whether it may
    return some (2022: only when its rooms cannot hold it all; 2014: always)."""
    pl = s.players[p]
    cap = room_capacity(s)
    rooms = rooms_with_space(pl, cap)
    opts = [(c, r) for c in sorted(set(pl.pending_nectar)) for r in rooms]
    may_return = s.first_edition or len(pl.pending_nectar) > capacity(pl, cap)
    return opts, may_return


class StoreNectar(DecisionBase):
    """Store the nectar you gathered, one token at a time (or, after honey, the nectar left in
    the room)."""

    kind: Literal["nectar"] = "nectar"
    #: storing nectar claimed at D (False: nectar left over after making honey at F; 2014
    #: Bounty is played only "when you Claim Nectar")
    claim: bool = True
    short: ClassVar[str] = "store your nectar"

    def legal(self, s: Table) -> list[Move]:
        """Each (colour, room) to store one gathered nectar in, returning a colour when that is
        allowed, 2022 Shuffle when held and something can be rearranged, and Bounty on a colour
        claimed at D when questions go by public facts (2014, and 2022 at a shared keyboard:
        no question of its own)."""
        pl = s.players[self.seat]
        opts, may_return = store_options(s, self.seat)
        out: list[Move] = [NectarMove(colour=c, room=r) for c, r in opts]
        if may_return:
            out += [DiscardMove(colour=c) for c in sorted(set(pl.pending_nectar))]
        if not s.first_edition and "shuffle" in pl.hand and shuffle_possible(s, self.seat):
            out.append(PlayMove(card="shuffle"))
        if asks_publicly(s) and self.claim:
            out += bounty_moves(s, self.seat)
        return out

    def apply(self, s: Table, move: Move) -> None:
        """Store or return one nectar, or play Bounty or Shuffle, then come back for the rest (task
        ``store_nectar``)."""
        p = self.seat
        if isinstance(move, NectarMove):
            store_nectar(s, p, move.colour, move.room)
        elif isinstance(move, DiscardMove):
            return_pending_nectar(s, p, move.colour)
        elif isinstance(move, PlayMove) and move.card == "bounty" and move.target is not None:
            play_bounty(s, p, int(move.target[1:]))
        elif isinstance(move, PlayMove):
            ShuffleOffer(seat=p, before="nectar").apply(s, move)
        push(s, make("store_nectar", p, *([] if self.claim else [LEFTOVER])))

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry says which nectar goes where, and what the room holds: "Store a pink nectar
        in room 1 (Pk Pk · dice 2)", "Return a pink nectar to the supply"; the cards that
        may be played meanwhile in the same form."""
        if isinstance(move, NectarMove):
            return " ".join(self.group_words(s, move) or ())
        if isinstance(move, DiscardMove):
            return f"Return {a_nectar(s, move.colour)} to the supply"
        if isinstance(move, PlayMove) and move.card == "bounty" and move.target is not None:
            flower = int(move.target[1:])
            return f"Play Bounty on flower {flower} (1 more {nectar_name(s, flower - 1)} nectar)"
        if isinstance(move, PlayMove) and move.card == "shuffle":
            return "Play Shuffle (rearrange your rooms first)"
        return None

    def group_words(self, s: Table, move: Move) -> tuple[str, str] | None:
        """Under the heading "Store a pink nectar": "in room 1 (Pk Pk · dice 2)", "or return it to
        the supply"."""
        if isinstance(move, NectarMove):
            return f"Store {a_nectar(s, move.colour)}", f"in room {move.room} {room_note(s, self.seat, move.room)}"
        if isinstance(move, DiscardMove):
            return f"Store {a_nectar(s, move.colour)}", "or return it to the supply"
        return None

    def prompt(self, s: Table) -> str:
        """Asks the seat to store its gathered nectar, naming it."""
        pl = s.players[self.seat]
        return f"{pl.name}: store your gathered nectar ({nectar_str(s, pl.pending_nectar)})."

    def refusal(self, s: Table, move: Move) -> str:
        """Why not: no such nectar is waiting, the room cannot take it, or returning is allowed only
        when the rooms cannot hold it all."""
        pl = s.players[self.seat]
        if isinstance(move, NectarMove):
            if move.colour not in pl.pending_nectar:
                return "You have no nectar of that colour waiting to be stored."
            return f"Room R{move.room} cannot take more nectar (it is full, holds an egg or honey)."
        if isinstance(move, DiscardMove):
            if move.colour not in pl.pending_nectar:
                return "You have no nectar of that colour waiting to be stored."
            return "You may return nectar only when your rooms cannot hold it all."
        return super().refusal(s, move)


@task("store_nectar")
def t_store_nectar(s: Table, args: list[str]) -> bool:
    """Seat <p> stores the nectar it gathered at D (with "left": the nectar left in a room that
    made honey at F). The engine stores a token when every choice is alike and nothing may be
    returned; with no space at all, the rest goes back."""
    p = int(args[0])
    claim = not (len(args) > 1 and args[1] == LEFTOVER)
    pl = s.players[p]
    if not pl.pending_nectar:
        return False
    cap = room_capacity(s)
    # 2022: Shuffle may be played while storing, and Bounty too when questions go by public
    # facts (who is asked: cards.offer_due); neither makes space, so with no space left the
    # nectar goes back unasked
    cards = not s.first_edition and offer_due(s, p, ("shuffle",), shuffle_possible(s, p))
    if claim and asks_publicly(s):
        cards = cards or offer_due(s, p, ("bounty",), any(s.supply_nectar[c] > 0 for c in pl.pending_nectar))
    if capacity(pl, cap) == 0:
        lost = pl.pending_nectar[:]
        for c in lost:
            s.supply_nectar[c] += 1
        pl.pending_nectar.clear()
        s.say(f"{pl.name} has no room left and returns {nectar_str(s, lost)} nectar to the supply.")
        return True
    dec = StoreNectar(seat=p, claim=claim)
    opts, may_return = store_options(s, p)
    if not may_return and not cards and len({(c, room_key(pl.rooms[r])) for c, r in opts}) == 1:
        c, r = opts[0]
        store_nectar(s, p, c, r)
        push(s, make("store_nectar", p, *args[1:]))
        return True
    s.pending = dec
    return False


# -- E ----------------------------------------------------------------------------------------


def _nectar_tokens(s: Table, p: int) -> list[tuple[int, int]]:
    return [(i, c) for i, r in enumerate(s.players[p].rooms) for c in sorted(set(r.nectar))]


class Trade(DecisionBase):
    """E: choose what to give for a nectar: an egg, a Queen Bee card (2022) or nectar; or skip."""

    kind: Literal["trade"] = "trade"
    space: str
    short: ClassVar[str] = "choose what to trade"

    def legal(self, s: Table) -> list[Move]:
        """What the seat may give at E for a nectar: an egg (while the supply has nectar), a Queen
        Bee card (2022, with space for the nectar), a first nectar of two (2022: any two; 2014:
        two of one colour, another colour in the supply); and skipping."""
        pl = s.players[self.seat]
        cap = room_capacity(s)
        supply = sum(s.supply_nectar) > 0
        out: list[Move] = []
        if supply:
            out += [TradeMove(give="egg", room=i) for i, r in enumerate(pl.rooms) if r.egg]
        if s.first_edition:
            pairs = {c for i, c in _nectar_tokens(s, self.seat)
                     if sum(r.nectar.count(c) for r in pl.rooms) >= 2
                     and sum(s.supply_nectar[d] for d in range(6) if d != c) > 0}
            out += [TradeMove(give="nectar", room=i, colour=c) for i, c in _nectar_tokens(s, self.seat)
                    if c in pairs]
        else:
            if supply and capacity(pl, cap) > 0:
                out += [TradeMove(give="card", card=c) for c in sorted(set(pl.hand))]
            if pl.nectar_total >= 2:
                out += [TradeMove(give="nectar", room=i, colour=c) for i, c in _nectar_tokens(s, self.seat)]
        return [*out, DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        """Give the egg or the card (then choose the nectar received), or the first nectar (then
        choose the second); skipping does nothing but say so."""
        pl = s.players[self.seat]
        if not isinstance(move, TradeMove):
            s.say(f"Night — E: {pl.name} does not trade.")
            return
        if move.give == "egg" and move.room is not None:
            pl.rooms[move.room].egg = False
            s.supply_eggs += 1
            s.say(f"Night — E: {pl.name} trades an egg.")
            s.pending = Gain(seat=self.seat, space=self.space)
        elif move.give == "card" and move.card is not None:
            spend_card(s, pl, move.card)
            s.say(f"Night — E: {pl.name} trades a Queen Bee card ({card_name(move.card)}).")
            s.pending = Gain(seat=self.seat, space=self.space)
        elif move.room is not None and move.colour is not None:
            nectar = pl.rooms[move.room].nectar
            at = nectar.index(move.colour)
            del nectar[at]
            s.supply_nectar[move.colour] += 1
            s.say(f"Night — E: {pl.name} trades {a_nectar(s, move.colour)}...")
            s.pending = TradeSecond(seat=self.seat, space=self.space,
                                    colour=move.colour if s.first_edition else None,
                                    first=(move.room, move.colour, at))

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry says what is given, from which room, and what it brings (:func:`trade_label`)."""
        return trade_label(s, move, "1st")

    def group_words(self, s: Table, move: Move) -> tuple[str, str] | None:
        """Under the heading "Give a pink nectar (1st of 2 for 1 nectar)": "from room 1"."""
        return trade_words(s, move, "1st")

    def prompt(self, s: Table) -> str:
        """Asks the seat what it trades at its E space, with the edition's choices."""
        name = s.players[self.seat].name
        if s.first_edition:
            return f"{name}: trade at {self.space}: give an egg, or two nectar of one colour, or skip."
        return f"{name}: trade at {self.space}: give an egg, a Queen Bee card or two nectar, or skip."

    def refusal(self, s: Table, move: Move) -> str:
        """Why not: the first edition has no card trades, no space for the nectar received, or
        nothing of that kind to give."""
        if isinstance(move, TradeMove):
            if move.give == "card" and s.first_edition:
                return "The first edition has no card trades."
            if move.give == "card" and capacity(s.players[self.seat], room_capacity(s)) == 0:
                return "You have no space to store the nectar you would receive."
            return "You cannot trade that."
        return super().refusal(s, move)


def trade_label(s: Table, move: Move, which: str) -> str | None:
    """A trade's entry in one form: "Give <what> [from room n] (<what it brings>)"; a nectar is
    the ``which`` ("1st", "2nd") of two."""
    if isinstance(move, TradeMove):
        if move.give == "egg":
            return f"Give the egg in room {move.room} (for 1 nectar)"
        if move.give == "card":
            return f"Give {card_name(move.card or '')}, a Queen Bee card (for 1 nectar)"
        if move.colour is not None:
            return f"Give {a_nectar(s, move.colour)} from room {move.room} ({which} of 2 for 1 nectar)"
    if isinstance(move, DeclineMove):
        return "Give nothing (no trade)"
    return None


def trade_words(s: Table, move: Move, which: str) -> tuple[str, str] | None:
    """A nectar given in a trade, under its colour's heading: ("Give a pink nectar (1st of 2 for 1
    nectar)", "from room 1")."""
    if isinstance(move, TradeMove) and move.give == "nectar" and move.colour is not None:
        return f"Give {a_nectar(s, move.colour)} ({which} of 2 for 1 nectar)", f"from room {move.room}"
    return None


class TradeSecond(DecisionBase):
    """E: the second nectar of a trade (2014: of the same colour as the first), or a step back to
    the choice of the first."""

    kind: Literal["trade_second"] = "trade_second"
    space: str
    colour: int | None = None
    #: the first nectar given: (its room, its colour, its place among the room's nectar), so that
    #: a step back puts it where it was. A save from before steps back (rules version 7) lacks it
    #: and replays in full all the same (the engine's ``replay_additions``); a game taken up at a
    #: saved position without its moves has none there, and no step back
    first: tuple[int, int, int] | None = None
    short: ClassVar[str] = "choose a second nectar to trade"

    def legal(self, s: Table) -> list[Move]:
        """Each nectar in the seat's rooms that may be the second one given (2014: of the first
        one's colour), and back to the choice of the first."""
        out: list[Move] = [TradeMove(give="nectar", room=i, colour=c) for i, c in _nectar_tokens(s, self.seat)
                           if self.colour is None or c == self.colour]
        return [*out, BackMove()] if self.first is not None else out

    def apply(self, s: Table, move: Move) -> None:
        """Give the second nectar back to the supply, then choose the nectar received; or take
        the first nectar back from the supply into its place and choose again what to trade."""
        if isinstance(move, BackMove) and self.first is not None:
            room, colour, at = self.first
            pl = s.players[self.seat]
            s.supply_nectar[colour] -= 1
            pl.rooms[room].nectar.insert(at, colour)
            s.say(f"Night — E: {pl.name} takes {a_nectar(s, colour)} back into room {room} to choose again.")
            s.pending = Trade(seat=self.seat, space=self.space)
        elif isinstance(move, TradeMove) and move.room is not None and move.colour is not None:
            pl = s.players[self.seat]
            pl.rooms[move.room].nectar.remove(move.colour)
            s.supply_nectar[move.colour] += 1
            s.say(f"... and {a_nectar(s, move.colour)}.")
            s.pending = Gain(seat=self.seat, space=self.space, other_than=self.colour)

    def label(self, s: Table, move: Move) -> str | None:
        """The trade's form (:func:`trade_label`), and the step back in the words of the day
        turn's steps back ("← back")."""
        if isinstance(move, BackMove) and self.first is not None:
            return f"← back: the {nectar_name(s, self.first[1])} nectar returns to room {self.first[0]}"
        return trade_label(s, move, "2nd")

    def group_words(self, s: Table, move: Move) -> tuple[str, str] | None:
        """Under the heading "Give a pink nectar (2nd of 2 for 1 nectar)": "from room 1"."""
        return trade_words(s, move, "2nd")

    def prompt(self, s: Table) -> str:
        """Asks for the second nectar to trade (2014: naming the colour it must be)."""
        same = f" (another {nectar_name(s, self.colour)})" if self.colour is not None else ""
        return f"{s.players[self.seat].name}: choose the second nectar to trade{same}."

    def refusal(self, s: Table, move: Move) -> str:
        """Why not: a step back in a trade whose first nectar is not known (:attr:`first`), or
        a nectar that may not be the second one."""
        if isinstance(move, BackMove):
            return "This trade cannot step back (its moves were not replayed); undo takes it back."
        return super().refusal(s, move)


class Gain(DecisionBase):
    """E: the nectar received: its colour and the room it goes in."""

    kind: Literal["gain"] = "gain"
    space: str
    #: 2014: a trade of two nectar brings a nectar of another colour
    other_than: int | None = None
    short: ClassVar[str] = "choose the nectar you receive"

    def legal(self, s: Table) -> list[Move]:
        """Each colour in the supply (2014 after two nectar: another colour than theirs) with each
        room that has space."""
        rooms = rooms_with_space(s.players[self.seat], room_capacity(s))
        return [GainMove(colour=c, room=r) for c in range(6)
                if s.supply_nectar[c] > 0 and c != self.other_than for r in rooms]

    def apply(self, s: Table, move: Move) -> None:
        """The chosen nectar comes from the supply into the chosen room."""
        if isinstance(move, GainMove):
            pl = s.players[self.seat]
            s.supply_nectar[move.colour] -= 1
            pl.rooms[move.room].nectar.append(move.colour)
            s.say(f"Night — E: {pl.name} receives {a_nectar(s, move.colour)} into room "
                  f"{move.room}.")

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry says which nectar comes into which room, and what the room holds: "Receive
        a red nectar in room 1 (Pk Pk)"."""
        return " ".join(self.group_words(s, move) or ()) or None

    def group_words(self, s: Table, move: Move) -> tuple[str, str] | None:
        """Under the heading "Receive a red nectar": "in room 1 (Pk Pk)"."""
        if isinstance(move, GainMove):
            return f"Receive {a_nectar(s, move.colour)}", f"in room {move.room} {room_note(s, self.seat, move.room)}"
        return None

    def prompt(self, s: Table) -> str:
        """Asks the seat for the colour of the nectar it receives and its room."""
        other = (f" (not {nectar_name(s, self.other_than)})" if self.other_than is not None else "")
        return f"{s.players[self.seat].name}: choose the colour of nectar you receive{other} and its room."

    def refusal(self, s: Table, move: Move) -> str:
        """Why not: none of that colour in the supply, the colour just traded away (2014), or no space in the room."""
        if isinstance(move, GainMove):
            if not 0 <= move.colour < 6 or s.supply_nectar[move.colour] == 0:
                return "The supply has no nectar of that colour."
            if move.colour == self.other_than:
                return "A trade of two nectar brings a nectar of another colour."
            return f"Room R{move.room} has no space for nectar."
        return super().refusal(s, move)


@task("offer_trade")
def t_offer_trade(s: Table, args: list[str]) -> bool:
    """E: seat <p>, whose die is on <space>, chooses its trade."""
    p, sid = int(args[0]), args[1]
    if can_trade(s, p):
        s.pending = Trade(seat=p, space=sid)
    return False


# -- F ----------------------------------------------------------------------------------------


@task("move_nectar")
def t_move_nectar(s: Table, args: list[str]) -> bool:
    """F: seat <p> may move nectar between rooms holding its dice of value <v>."""
    v, p = int(args[0]), int(args[1])
    rooms = [i for i, r in enumerate(s.players[p].rooms) if not r.honey and v in r.dice]
    if len(rooms) >= 2:
        dec = open_moves(s, p, v, rooms)
        if dec is not None:
            s.pending = dec
    return False


def honey_offer_due(s: Table, p: int, room: int, paired: bool) -> bool:
    """Ask seat ``p`` whether it makes honey in ``room`` with cards? Asked by public facts
    (:func:`.cards.asks_publicly`): when it holds any card and cards still in play could;
    otherwise when its own cards can."""
    if asks_publicly(s):
        return bool(s.players[p].hand) and honey_plausible(s, p, room, paired)
    return bool(honey_options(s, p, room, paired))


@task("make_honey")
def t_make_honey(s: Table, args: list[str]) -> bool:
    """F: seat <p>'s rooms with a pair of <v>s make honey, from room <r> on: four nectar of one
    colour does it; otherwise cards may (Efficiency, Alchemy...)."""
    v, p = int(args[0]), int(args[1])
    r0 = int(args[2]) if len(args) > 2 else 0
    pl = s.players[p]
    cap = room_capacity(s)
    for i in range(r0, len(pl.rooms)):
        r = pl.rooms[i]
        if r.honey or r.dice.count(v) < 2:
            continue
        if natural_honey(r, cap):
            push(s, make("make_honey", v, p, i + 1))
            make_honey(s, p, i, list(r.nectar), f"a pair of {v}s")
            return True
        if honey_offer_due(s, p, i, True):
            push(s, make("make_honey", v, p, i + 1))
            s.pending = HoneyOffer(seat=p, room=i, value=v)
            return False
    return False


@task("expertise_honey")
def t_expertise_honey(s: Table, args: list[str]) -> bool:
    """F: rooms of seat <p> holding two dice but no pair may make honey with Expertise (and any
    other honey card), from room <r> on."""
    p, r0 = int(args[0]), int(args[1])
    pl = s.players[p]
    for i in range(r0, len(pl.rooms)):
        r = pl.rooms[i]
        if r.honey or len(r.dice) < 2 or pair_values(r):
            continue
        if honey_offer_due(s, p, i, False):
            push(s, make("expertise_honey", p, i + 1))
            s.pending = HoneyOffer(seat=p, room=i, value=None)
            return False
    return False


@task("return_room_dice")
def t_return_room_dice(s: Table, args: list[str]) -> bool:
    """End of F: the dice in rooms go home."""
    for pl in s.players:
        for r in pl.rooms:
            if r.dice:
                pl.pool += r.dice
                r.dice.clear()
    return False
