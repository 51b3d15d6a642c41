"""The day: rolling, and placing dice one at a time in turn order.

A seat's day turn is the :class:`PlaceDie` decision: place a die (on an
action space, a flower, one of its rooms or a threat), use a helper die
(2022) or play a day card (:mod:`.cards`). Bumblebot's turns are automatic
(:mod:`.bumblebot`). When nobody has a die left, the night falls.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar, Literal

from ...core.rng import Rng
from . import bumblebot as automaton
from .cards import GoOn, VolunteerOffer, call_moves, call_refusal, offer_due, play_turn_card, turn_card_moves
from .effects import put_die
from .models import CallMove, DecisionBase, HelperMove, Move, PlaceMove, PlayMove, Table
from .queries import (
    LETTERS,
    anyone_has_dice,
    card_name,
    flower_closed,
    parse_target,
    placement_targets,
    threat_spaces,
)
from .tasks import make, push, task
from .turns import advance, end_turn


class PlaceDie(DecisionBase):
    """A seat's day turn: place one die (or play a card, or use a helper die first)."""

    kind: Literal["turn"] = "turn"
    #: a die whose value was just changed (helper die, Overtime): it is placed next
    locked: int | None = None
    #: 2014 Shift Change: placements still due this turn after this one
    extra: int = 0
    #: 2014: seats already called to play a card during this placement (:class:`CallMove`)
    called: list[int] = []
    short: ClassVar[str] = "place a die"

    def targets(self, s: Table, v: int) -> list[str]:
        """The spaces where the seat may put a die of value ``v`` now, its Double Park and Directions cards counted."""
        pl = s.players[self.seat]
        return placement_targets(s, self.seat, v, double_park=pl.double_park, directions=pl.directions)

    def legal(self, s: Table) -> list[Move]:
        """The seat's day-turn moves: each placement of a value it holds (only the changed die once
        one is locked), the 2022 helper-die changes, the Queen Bee cards it may play now, and
        2014 calls on other seats for Wrong Turn."""
        pl = s.players[self.seat]
        vals = [self.locked] if self.locked is not None else sorted(set(pl.pool))
        out: list[Move] = [PlaceMove(die=v, target=t) for v in vals for t in self.targets(s, v)]
        if not s.first_edition and self.locked is None and len(pl.pool) >= 2:
            cnt = Counter(pl.pool)
            for h in sorted(cnt):
                for d in sorted(cnt):
                    if h != d or cnt[h] >= 2:
                        out += [HelperMove(helper=h, die=d, value=nv) for nv in range(1, 7) if nv != d]
        out += turn_card_moves(s, self.seat, self.locked, self.extra)
        out += call_moves(s, self.seat, self.called)
        return out

    def allows(self, s: Table, move: Move) -> bool:
        """Whether ``move`` is legal: a placement is judged from its value and the targets alone,
        any other move against :meth:`legal`."""
        if isinstance(move, PlaceMove):
            # the same facts as legal(): the die's value, then its targets
            pool = s.players[self.seat].pool
            value_ok = move.die == self.locked if self.locked is not None else move.die in pool
            return value_ok and move.target in self.targets(s, move.die)
        return move in self.legal(s)

    def apply(self, s: Table, move: Move) -> None:
        """Carry out the turn's move: place the die (then a Shift Change second placement, the 2014
        call windows after a computer's placement, or the end of the turn), change a die with a
        helper, play a day card, or call another seat before going on."""
        p = self.seat
        pl = s.players[p]
        if isinstance(move, PlaceMove):
            pl.pool.remove(move.die)
            where = put_die(s, p, move.die, move.target)
            s.say(f"{pl.name} places a {move.die} on {where}.")
            if self.extra > 0 and pl.pool:
                s.pending = PlaceDie(seat=p, extra=self.extra - 1)
            elif s.speak_up and p not in s.speak_up:
                # a computer has placed: before its turn ends, the people at the table may play
                # Wrong Turn during it, as a person placing would let them (CallMove)
                push(s, *[make("window", "turn", q) for q in s.speak_up], make("end_turn", p))
            else:
                end_turn(s, p)
        elif isinstance(move, HelperMove):
            pl.pool.remove(move.helper)
            pl.helpers.append(move.helper)
            pl.pool.remove(move.die)
            pl.pool.append(move.value)
            s.say(f"{pl.name} uses a {move.helper} as a helper to turn a {move.die} into a {move.value}.")
            s.pending = PlaceDie(seat=p, locked=move.value, extra=self.extra)
        elif isinstance(move, PlayMove):
            after = play_turn_card(s, p, move, self.locked, self.extra)
            if isinstance(after, GoOn):
                s.pending = PlaceDie(seat=p, locked=after.locked, extra=after.extra)
        elif isinstance(move, CallMove):
            called = [*self.called, move.seat]
            s.say(f"{s.players[move.seat].name} may play a card during {pl.name}'s turn.")
            push(s, make("window", "turn", move.seat),
                 make("resume_turn", p, "-" if self.locked is None else self.locked, self.extra,
                      ",".join(map(str, called))))

    def prompt(self, s: Table) -> str:
        """Asks the seat to place a die, naming its pool, a Shift Change placement still due, or the
        value of the die it just changed."""
        pl = s.players[self.seat]
        if self.locked is not None:
            return f"{pl.name}: place the die you changed (it now shows {self.locked})."
        more = " (Shift Change: one more after this)" if self.extra else ""
        return f"{pl.name}: place a die{more} (your pool: {' '.join(map(str, sorted(pl.pool)))})."

    def refusal(self, s: Table, move: Move) -> str:
        """Why the move cannot be made now: the placement's own rule, a helper the pool or the
        edition does not allow, a card not held or not playable, or a call that is not open."""
        pl = s.players[self.seat]
        if isinstance(move, PlaceMove):
            return placement_refusal(s, self.seat, move, self.locked)
        if isinstance(move, HelperMove):
            if s.first_edition:
                return "The first edition has no helper dice."
            if self.locked is not None:
                return "Place the die you just changed first."
            if len(pl.pool) < 2:
                return "Your last die cannot be a helper."
            cnt = Counter(pl.pool)
            if cnt[move.helper] == 0:
                return f"You have no die showing {move.helper} to use as a helper."
            if cnt[move.die] - (1 if move.die == move.helper else 0) <= 0:
                return f"You have no other die showing {move.die} to change."
            return "Choose a new value from 1 to 6 that differs from the die's value."
        if isinstance(move, PlayMove):
            if move.card not in pl.hand:
                return f"You do not hold {card_name(move.card)}."
            return f"{card_name(move.card)} cannot be played like that now."
        if isinstance(move, CallMove):
            return call_refusal(s, self.seat, move, self.called)
        return f"That move does not answer the current question ({self.short})."


def placement_refusal(s: Table, p: int, move: PlaceMove, locked: int | None) -> str:
    """Why a die cannot go where ``move`` puts it (the move is not legal)."""
    pl = s.players[p]
    v, t = move.die, move.target
    if not 1 <= v <= 6:
        return "Dice show 1 to 6."
    if locked is not None and v != locked:
        return f"You must place the die you just changed (it shows {locked})."
    if v not in pl.pool:
        return f"You have no die showing {v}."
    parsed = parse_target(t)
    if parsed is None:
        return f"There is no place called {t[:12]!r}."
    letter, num = parsed
    if letter in LETTERS:
        if not 1 <= num <= 6:
            return f"There is no space {t}."
        if num != v:
            return f"A die showing {v} cannot go on space {t}; it needs a {num}."
        if s.spaces[t]:
            return f"Space {t} already holds a die."
    elif letter == "D":
        if not 1 <= num <= 6:
            return f"There is no flower {t}."
        if flower_closed(s, num):
            return f"A blocker die closes flower {t} for this round."
        if num != v:
            return f"Flower {t} needs a die showing {num}."
    elif letter == "R":
        if num >= len(pl.rooms):
            return f"You have no room R{num}."
    elif letter == "T":
        if num >= len(s.threats):
            return f"There is no threat T{num} in play."
        if len(s.threats[num].dice) >= threat_spaces(s):
            return f"Every space on the {s.threats[num].name} is taken."
    return f"A die showing {v} cannot go on {t} now."


# -- round start ------------------------------------------------------------------------------


@task("offer_volunteer")
def t_offer_volunteer(s: Table, args: list[str]) -> bool:
    """2022: a holder of Volunteer may add a die of their colour for this round (who is asked:
    :func:`.cards.offer_due`)."""
    p = int(args[0])
    pl = s.players[p]
    if offer_due(s, p, ("volunteer",), s.supply_dice[pl.colour] > 0):
        s.pending = VolunteerOffer(seat=p)
    return False


@task("roll_dice")
def t_roll_dice(s: Table, args: list[str]) -> bool:
    """Everyone rolls all their dice openly (Bumblebot too)."""
    rng = Rng(s.rng)
    s.reveal()
    s.say(f"Round {s.turn}: day. {_name(s, s.order[s.first])} is first player.")
    for p in s.players:
        p.pool = sorted(rng.d6() for _ in p.pool)
        extra = " (one is the Volunteer Dice)" if s.first_edition and p.volunteer else ""
        if p.pool:
            s.say(f"{p.name} rolls {' '.join(map(str, p.pool))}{extra}.")
    b = s.bumblebot
    if b is not None:
        b.pool = sorted(rng.d6() for _ in b.pool)
        s.say(f"Bumblebot rolls {' '.join(map(str, b.pool))}.")
    return True


def _name(s: Table, owner: int) -> str:
    return "Bumblebot" if owner < 0 else s.players[owner].name


@task("resume_turn")
def t_resume_turn(s: Table, args: list[str]) -> bool:
    """2014: after a player called during seat <p>'s turn has answered, <p>'s placement goes on
    (<locked> die or "-", <extra> placements still due, the seats <called> so far)."""
    p, locked, extra = int(args[0]), args[1], int(args[2])
    called = [int(x) for x in args[3].split(",") if x] if len(args) > 3 else []
    s.pending = PlaceDie(seat=p, locked=None if locked == "-" else int(locked), extra=extra, called=called)
    return False


@task("end_turn")
def t_end_turn(s: Table, args: list[str]) -> bool:
    """Seat <p>'s turn ends (after the people at the table were asked during it)."""
    end_turn(s, int(args[0]))
    return False


@task("place_again")
def t_place_again(s: Table, args: list[str]) -> bool:
    """2014 Shift Change: seat <p> places again in the same turn (<extra> more after this one)."""
    s.pending = PlaceDie(seat=int(args[0]), extra=int(args[1]))
    return False


@task("day_turn")
def t_day_turn(s: Table, args: list[str]) -> bool:
    """The next seat with dice places one; Bumblebot plays its solo card; with no die left
    anywhere, the day is over."""
    if not anyone_has_dice(s):
        push(s, *(["dusk_window", "nightfall"] if s.first_edition else ["nightfall"]))
        return False
    push(s, make("day_turn"))
    who = s.order[s.day_ptr]
    if who >= 0:
        if s.players[who].pool:
            s.pending = PlaceDie(seat=who)
            return True
        advance(s)
        return False
    b = s.bumblebot
    if b is None or not b.pool:
        advance(s)
        return False
    automaton.take_turn(s)
    advance(s)
    push(s, make("bumblebot_blocker"))
    return True
