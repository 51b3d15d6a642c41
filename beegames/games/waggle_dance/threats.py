"""The Threats expansion (2022): revealing threats, fighting them, rewards and penalties.

From the second round a threat is revealed each day; dice of any value may
go on its X spaces (one per player; three in a solo game). At the end of the
night a threat whose spaces hold dice of one value is defeated: each player
who placed there may take a reward. A threat not defeated strikes every
player (solo: whoever has no die on it) in the order the threats came.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ClassVar, Literal

from ...core.state import with_detail
from .data import threat_penalties
from .effects import add_room, discard_room, draw_queen, lose_die, lose_honey
from .models import (
    BUMBLEBOT,
    DecisionBase,
    DeclineMove,
    LoseMove,
    Move,
    RewardMove,
    Table,
    Threat,
)
from .owners import owner_of, return_die
from .queries import a_nectar, empty_rooms, owner_name, room_key, room_note, seat_order, threat_spaces
from .tasks import make, push, task

PENALTY_TEXT = {"egg": "lose an egg, else a honey", "die": "lose a die",
                "nectar": "lose a nectar, else a honey", "room": "lose a room", "none": "no effect"}


def _penalty_text(name: str) -> str:
    return PENALTY_TEXT[threat_penalties()[name]]


@task("reveal_threat")
def t_reveal_threat(s: Table, args: list[str]) -> bool:
    """From round 2 the first player reveals a threat; with none left this round is the last."""
    if not s.threat_deck:
        s.final_round = True
        s.say("The Threat deck is empty: this is the final round.")
        return True
    name = s.threat_deck.pop(0)
    s.reveal()
    if threat_penalties()[name] == "none":
        s.threats_gone.append(name)
        s.say("Threat revealed: No Threat. It is discarded.")
    else:
        s.threats.append(Threat(name=name))
        s.say(f"Threat revealed: {name} ({_penalty_text(name)}). Needs {threat_spaces(s)} matching dice.")
    return True


def why_not_defeated(dice: list[int], need: int) -> str:
    """Why a threat with these dice values (0: a Soldiers die, matching any) is not defeated,
    for the log: too few dice, dice that do not all match, or both; the dice as placed."""
    shown = " ".join(str(v) if v else "any" for v in dice)
    mixed = len({v for v in dice if v != 0}) > 1
    if len(dice) >= need:
        return f"its dice do not all match ({shown})"
    if not dice:
        return f"it needs {need} matching dice and has none"
    return (f"it needs {need} matching dice and has {len(dice)}"
            + (", which do not match" if mixed else "") + f" ({shown})")


def spared_line(s: Table, spared: list[int]) -> str:
    """Solo: the owners a threat does not strike because they have a die on it."""
    names = [owner_name(s, o) for o in spared]
    why = "In a solo game, a die on a threat protects its owner from it."
    if len(names) == 1:
        return with_detail(f"{names[0]} has a die on it and is spared.", why)
    return with_detail(f"{' and '.join(names)} each have a die on it and are spared.", why)


@task("check_threats")
def t_check_threats(s: Table, args: list[str]) -> bool:
    """End of the night: defeated threats leave and reward their fighters; the others strike,
    oldest first."""
    if not s.threats:
        return False
    need = threat_spaces(s)
    keep = []
    tasks: list[str] = []

    def collect(call: Callable[[], None]) -> None:
        """Run an owner's reaction, keeping the tasks it queues in table order."""
        before = len(s.queue)
        call()
        added = len(s.queue) - before
        tasks.extend(s.queue[:added])
        del s.queue[:added]

    for th in s.threats:
        vals = {v for _, v in th.dice if v != 0}
        owners = {o for o, _ in th.dice}
        defeated = len(th.dice) >= need and len(vals) <= 1
        dice = [v for _, v in th.dice]
        for o, v in th.dice:
            return_die(s, o, v or 1)
        th.dice = []
        kind = threat_penalties()[th.name]
        if defeated:
            s.threats_gone.append(th.name)
            s.say(f"The {th.name} is defeated and leaves the game.")
            fighters = [p for p in seat_order(s) if p in owners] + ([BUMBLEBOT] if BUMBLEBOT in owners else [])
            for o in fighters:
                collect(partial(owner_of(s, o).claim_reward, th.name))
        else:
            keep.append(th)
            s.say(f"The {th.name} is not defeated: {why_not_defeated(dice, need)}.")
            victims = [p for p in seat_order(s) if not (s.solo and p in owners)]
            if s.solo and BUMBLEBOT not in owners:
                victims.append(BUMBLEBOT)
            spared = [p for p in seat_order(s) if p in owners] + ([BUMBLEBOT] if BUMBLEBOT in owners else [])
            if s.solo and spared:
                s.say(spared_line(s, spared))
            for o in victims:
                collect(partial(owner_of(s, o).bear_threat, th.name, kind))
    s.threats = keep
    push(s, *tasks)
    return True


def _reward_options(s: Table, p: int) -> list[Literal["room", "egg", "card"]]:
    out: list[Literal["room", "egg", "card"]] = []
    if s.supply_rooms > 0:
        out.append("room")
    if s.supply_eggs > 0 and empty_rooms(s.players[p]):
        out.append("egg")
    if s.queen_deck:
        out.append("card")
    return out


class ThreatReward(DecisionBase):
    """A threat you fought is defeated: you may take a room tile, an egg or a Queen Bee card."""

    kind: Literal["reward"] = "reward"
    #: the defeated threat ("" in a game saved before the question named it)
    threat: str = ""
    short: ClassVar[str] = "choose a threat reward, or none"

    def legal(self, s: Table) -> list[Move]:
        """Each reward the supply can give (a room tile; an egg when the seat has an empty room; a
        Queen Bee card while the deck lasts), and declining."""
        return [*(RewardMove(choice=c) for c in _reward_options(s, self.seat)), DeclineMove()]

    def apply(self, s: Table, move: Move) -> None:
        """Take the chosen reward: a room tile, an egg for an empty room, or the top Queen Bee card;
        declining takes nothing."""
        pl = s.players[self.seat]
        if not isinstance(move, RewardMove):
            s.say(f"{pl.name} takes no reward.")
        elif move.choice == "room":
            add_room(s, self.seat, "Reward: ")
        elif move.choice == "egg":
            s.say(f"{pl.name} takes an egg as a reward.")
            push(s, make("lay_egg", self.seat, "reward"))
        else:
            draw_queen(s, self.seat, "Reward: ")

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry in the form of the lists of rooms and nectar: "Take a room tile", "Take an
        egg (for an empty room)", "Take a Queen Bee card", "Take no reward"."""
        if isinstance(move, RewardMove):
            return {"room": "Take a room tile", "egg": "Take an egg (for an empty room)"}.get(
                move.choice, "Take a Queen Bee card")
        if isinstance(move, DeclineMove):
            return "Take no reward"
        return None

    def prompt(self, s: Table) -> str:
        """Asks the seat which reward it takes for the defeated threat, naming it (another threat
        may just have been said not to be defeated)."""
        which = f"the {self.threat}" if self.threat else "a threat"
        return f"{s.players[self.seat].name}: {which} you fought is defeated; take a room, an egg or a card?"

    def refusal(self, s: Table, move: Move) -> str:
        """Why not: that reward is not available."""
        if isinstance(move, RewardMove):
            return f"The {move.choice} reward is not available."
        return super().refusal(s, move)


@task("threat_reward")
def t_threat_reward(s: Table, args: list[str]) -> bool:
    """Seat <p> fought the defeated threat <name>: it may claim one reward."""
    p = int(args[0])
    if _reward_options(s, p):
        s.pending = ThreatReward(seat=p, threat=args[1] if len(args) > 1 else "")
        return False
    s.say(f"{s.players[p].name} finds no reward left to claim.")
    return True


def _lose_nectar_options(s: Table, p: int) -> list[tuple[int, int]]:
    return [(i, c) for i, r in enumerate(s.players[p].rooms) for c in sorted(set(r.nectar))]


def _lose_room_options(s: Table, p: int) -> list[int]:
    rooms = s.players[p].rooms
    live = [i for i, r in enumerate(rooms) if not r.honey]
    return live or list(range(len(rooms)))


class LoseNectar(DecisionBase):
    """A threat strikes: choose the nectar you lose."""

    kind: Literal["lose_nectar"] = "lose_nectar"
    threat: str
    short: ClassVar[str] = "choose the nectar you lose"

    def legal(self, s: Table) -> list[Move]:
        """Each colour in each of the seat's rooms: the nectar it may give up."""
        return [LoseMove(room=r, colour=c) for r, c in _lose_nectar_options(s, self.seat)]

    def apply(self, s: Table, move: Move) -> None:
        """The chosen nectar goes back to the supply."""
        if isinstance(move, LoseMove) and move.colour is not None:
            pl = s.players[self.seat]
            pl.rooms[move.room].nectar.remove(move.colour)
            s.supply_nectar[move.colour] += 1
            s.say(f"{self.threat}: {pl.name} loses {a_nectar(s, move.colour)}.")

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry says which nectar is lost from which room: "Lose a pink nectar from room 0"."""
        return " ".join(self.group_words(s, move) or ()) or None

    def group_words(self, s: Table, move: Move) -> tuple[str, str] | None:
        """Under the heading "Lose a pink nectar": "from room 0"."""
        if isinstance(move, LoseMove) and move.colour is not None:
            return f"Lose {a_nectar(s, move.colour)}", f"from room {move.room}"
        return None

    def prompt(self, s: Table) -> str:
        """Asks the seat which nectar the threat takes."""
        return f"{s.players[self.seat].name}: the {self.threat} strikes; choose a nectar to lose."


class LoseRoom(DecisionBase):
    """A threat strikes: choose the room (and everything in it) you lose."""

    kind: Literal["lose_room"] = "lose_room"
    threat: str
    short: ClassVar[str] = "choose the room you lose"

    def legal(self, s: Table) -> list[Move]:
        """Each room of the seat without honey (every room, if all hold honey)."""
        return [LoseMove(room=r) for r in _lose_room_options(s, self.seat)]

    def apply(self, s: Table, move: Move) -> None:
        """The chosen room is lost with all it holds (:func:`~.effects.discard_room`)."""
        if isinstance(move, LoseMove):
            discard_room(s, self.seat, move.room, self.threat)

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry says which room is lost and what goes with it: "Lose room 1 (Pk Pk)"."""
        if isinstance(move, LoseMove):
            return f"Lose room {move.room} {room_note(s, self.seat, move.room)}"
        return None

    def prompt(self, s: Table) -> str:
        """Asks the seat which room the threat takes."""
        return f"{s.players[self.seat].name}: the {self.threat} strikes; choose a room to lose."


@task("threat_penalty")
def t_threat_penalty(s: Table, args: list[str]) -> bool:
    """The threat <name> strikes seat <p>: an egg (else a honey), a die (the last one too),
    a nectar (else a honey), or a room with its contents."""
    p, name = int(args[0]), args[1]
    kind = threat_penalties()[name]
    pl = s.players[p]
    if kind == "egg":
        for r in pl.rooms:
            if r.egg:
                r.egg = False
                s.supply_eggs += 1
                s.say(f"{name}: {pl.name} loses an egg.")
                return True
        lose_honey(s, p, name)
        return True
    if kind == "die":
        lose_die(s, p, name)
        return True
    if kind == "nectar":
        opts = _lose_nectar_options(s, p)
        if not opts:
            lose_honey(s, p, name)
            return True
        if len({(room_key(pl.rooms[i]), c) for i, c in opts}) == 1:
            i, c = opts[0]
            pl.rooms[i].nectar.remove(c)
            s.supply_nectar[c] += 1
            s.say(f"{name}: {pl.name} loses {a_nectar(s, c)}.")
            return True
        s.pending = LoseNectar(seat=p, threat=name)
        return False
    if kind == "room":
        rooms = _lose_room_options(s, p)
        if not rooms:
            s.say(f"{name}: {pl.name} has no room to lose.")
            return True
        if len({room_key(pl.rooms[r]) for r in rooms}) == 1:
            discard_room(s, p, rooms[0], name)
            return True
        s.pending = LoseRoom(seat=p, threat=name)
        return False
    return False
