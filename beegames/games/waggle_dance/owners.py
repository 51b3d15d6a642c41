"""Who owns a die: one interface for the players, Bumblebot and the blockers.

The night resolves a die the same way whoever placed it: it asks the die's
:class:`Owner` to collect a room (A), claim an egg (C), trade (E), draw a
Queen Bee card (G), take nectar (D) or bear a threat. A seat does what the
rulebook tells a player (and may be asked to decide, through a task that
raises the decision); Bumblebot does what the solo rules tell it; a blocker
takes up room and counts at the flowers, and does nothing else.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from . import bumblebot as automaton
from .blockers import blocker_colour
from .effects import add_room, after_queen_removed, draw_queen, forget_top_card, log
from .models import BUMBLEBOT, Bumblebot, Player, Table
from .queries import asks_publicly, can_trade, empty_rooms, has_card, owner_name
from .tasks import make, push


class Owner(ABC):
    """The owner of some dice on the board."""

    def __init__(self, s: Table, code: int) -> None:
        self.s = s
        self.code = code

    @property
    def name(self) -> str:
        """How the log names this owner (a player's name, Bumblebot, or a blocker set)."""
        return owner_name(self.s, self.code)

    #: False for blockers: their dice take up room but never act
    acts = True

    @abstractmethod
    def return_die(self, value: int) -> None:
        """A resolved die goes home."""

    @abstractmethod
    def collect_room(self, sid: str) -> None:
        """A: the die on ``sid`` collects a room tile."""

    @abstractmethod
    def claim_egg(self, sid: str) -> None:
        """C: the die on ``sid`` claims an egg."""

    @abstractmethod
    def trade(self, sid: str) -> None:
        """E: the die on ``sid`` trades for nectar."""

    @abstractmethod
    def draw_queen(self, sid: str) -> None:
        """G: the die on ``sid`` draws a Queen Bee card."""

    @abstractmethod
    def take_nectar(self, colour: int, count: int) -> None:
        """D: nectar won at a flower (already taken from the supply)."""

    @abstractmethod
    def bear_threat(self, name: str, kind: str) -> None:
        """A threat not defeated strikes this owner."""

    @abstractmethod
    def claim_reward(self, threat: str) -> None:
        """The ``threat`` this owner fought is defeated."""

    def resolve(self, letter: str, value: int) -> None:
        """Resolve this owner's die showing ``value`` on action ``letter`` (A, C, E or G)."""
        sid = f"{letter}{value}"
        {"A": self.collect_room, "C": self.claim_egg, "E": self.trade, "G": self.draw_queen}[letter](sid)


class Seat(Owner):
    """A player: the rulebook's actions, with the choices raised as decisions."""

    @property
    def player(self) -> Player:
        """The player this seat is."""
        return self.s.players[self.code]

    def return_die(self, value: int) -> None:
        """The die goes back to the player's pool."""
        self.player.pool.append(value)

    def collect_room(self, sid: str) -> None:
        """A: the player takes a room tile, or the bee comes home empty-handed when none is left."""
        if self.s.supply_rooms > 0:
            add_room(self.s, self.code, "Night — A: ")
        else:
            log(self.s, f"Night — A: no room tiles are left; {self.name}'s bee returns empty-handed.")

    def claim_egg(self, sid: str) -> None:
        """C: queue the egg for an empty room (2014: Shuffle may first empty one), unless the supply
        has no egg or (2022) the player no empty room."""
        s = self.s
        if s.supply_eggs <= 0:
            log(s, f"Night — C: no eggs are left; {self.name}'s bee returns empty-handed.")
        elif not empty_rooms(self.player) and not s.first_edition:
            log(s, f"Night — C: {self.name} has no empty room, so cannot claim an egg.")
        else:  # 2014 with no empty room: the egg task may first offer Shuffle to make one
            push(s, make("lay_egg", self.code, "C"))

    def trade(self, sid: str) -> None:
        """E: queue the trade decision, unless the player has nothing to trade."""
        if can_trade(self.s, self.code):
            push(self.s, make("offer_trade", self.code, sid))
        else:
            log(self.s, f"Night — E: {self.name} has nothing to trade; the bee returns empty-handed.")

    def draw_queen(self, sid: str) -> None:
        """G: the player draws the top Queen Bee card, or the bee comes home empty-handed from an empty deck."""
        if self.s.queen_deck:
            draw_queen(self.s, self.code, "Night — G: ")
        else:
            log(self.s, f"Night — G: the Queen Bee deck is empty; {self.name}'s bee returns empty-handed.")

    def take_nectar(self, colour: int, count: int) -> None:
        """D: the nectar won waits with the player to be stored."""
        self.player.pending_nectar += [colour] * count

    def bear_threat(self, name: str, kind: str) -> None:
        """Queue the threat's penalty for the player (2022: after a Shuffle offer, to a holder,
        or by public facts before a penalty that takes a room), unless a Guardian protects it
        this round."""
        s = self.s
        if self.player.guardian:
            log(s, f"{self.name}'s Guardian keeps the {name} away.")
            return
        # (by public facts, Shuffle can change a penalty only by emptying a room that is lost)
        if not s.first_edition and (kind == "room" if asks_publicly(s) else has_card(self.player, "shuffle")):
            push(s, make("offer_shuffle", self.code, "T"), make("threat_penalty", self.code, name))
        else:
            push(s, make("threat_penalty", self.code, name))

    def claim_reward(self, threat: str) -> None:
        """Queue the player's choice of reward for the defeated ``threat``."""
        push(self.s, make("threat_reward", self.code, threat))


class BumblebotOwner(Owner):
    """The solo automaton: the solo rules' version of each action."""

    @property
    def bumblebot(self) -> Bumblebot:
        """Bumblebot's side of the table."""
        return automaton.bumblebot(self.s)

    def return_die(self, value: int) -> None:
        """The die goes back to Bumblebot's pool."""
        self.bumblebot.pool.append(value)

    def collect_room(self, sid: str) -> None:
        """A: Bumblebot collects no room tile (solo rules)."""
        log(self.s, f"Night — A: Bumblebot's bee on {sid} collects no room.")

    def claim_egg(self, sid: str) -> None:
        """C: Bumblebot keeps an egg from the supply in its area, if one is left."""
        s = self.s
        if s.supply_eggs <= 0:
            log(s, "Night — C: no eggs are left; Bumblebot's bee returns empty-handed.")
            return
        s.supply_eggs -= 1
        self.bumblebot.eggs += 1
        log(s, f"Night — C: Bumblebot claims an egg ({self.bumblebot.eggs} held).")

    def trade(self, sid: str) -> None:
        """E: Bumblebot takes no action (solo rules)."""
        log(self.s, f"Night — E: Bumblebot's bee on {sid} takes no action.")

    def draw_queen(self, sid: str) -> None:
        """G: Bumblebot discards the top Queen Bee card (a reveal); discarding the last one ends the
        solo game at once (:func:`~.effects.after_queen_removed`)."""
        s = self.s
        if not s.queen_deck:
            log(s, "Night — G: the Queen Bee deck is empty; Bumblebot's bee returns empty-handed.")
            return
        s.queen_discard.append(s.queen_deck.pop(0))
        s.reveal()
        forget_top_card(s)
        log(s, f"Night — G: Bumblebot discards the top Queen Bee card ({len(s.queen_deck)} left).")
        after_queen_removed(s)

    def take_nectar(self, colour: int, count: int) -> None:
        """D: the nectar won goes to Bumblebot's area, no rooms needed."""
        self.bumblebot.nectar[colour] += count

    def bear_threat(self, name: str, kind: str) -> None:
        """The solo rules' version of the threat's penalty for Bumblebot (:func:`~.bumblebot.suffer`)."""
        automaton.suffer(self.s, name, kind)

    def claim_reward(self, threat: str) -> None:
        """Bumblebot's reward for a defeated threat: always an egg, if the supply has one."""
        s = self.s
        if s.supply_eggs > 0:
            s.supply_eggs -= 1
            self.bumblebot.eggs += 1
            log(s, "Bumblebot collects an egg as its reward.")


class Blockers(Owner):
    """A set of blocker dice: it takes up room and counts at flowers, nothing more."""

    acts = False

    def return_die(self, value: int) -> None:
        """The blocker die goes back to the supply."""
        self.s.supply_dice[blocker_colour(self.s, self.code)] += 1

    def collect_room(self, sid: str) -> None:
        """A: a blocker collects no room tile."""
        return None

    def claim_egg(self, sid: str) -> None:
        """C: a blocker claims no egg."""
        return None

    def trade(self, sid: str) -> None:
        """E: a blocker makes no trade."""
        return None

    def draw_queen(self, sid: str) -> None:
        """G: a blocker draws no Queen Bee card."""
        return None

    def take_nectar(self, colour: int, count: int) -> None:
        """Nectar won by blockers at a flower goes back to the supply (they count for the majority only)."""
        self.s.supply_nectar[colour] += count

    def bear_threat(self, name: str, kind: str) -> None:
        """Threats never strike blockers."""
        return None

    def claim_reward(self, threat: str) -> None:
        """Blockers never take a reward."""
        return None


def owner_of(s: Table, code: int) -> Owner:
    """The owner of dice with owner code ``code``."""
    if code >= 0:
        return Seat(s, code)
    if code == BUMBLEBOT:
        return BumblebotOwner(s, code)
    return Blockers(s, code)


def return_die(s: Table, code: int, value: int) -> None:
    """The resolved die showing ``value`` goes home to whoever owns dice with code ``code``."""
    owner_of(s, code).return_die(value)
