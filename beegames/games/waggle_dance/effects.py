"""Small changes of state that several rules share.

Storing a nectar, laying an egg, hatching, making honey, drawing a Queen Bee
card, losing a honey or a room, ending the game: each is done here once, with
its log line, and called by the day, night, threat and card rules.
"""

from __future__ import annotations

from ...core.state import with_detail
from .data import components
from .models import Player, Room, Table
from .queries import ACTION_NAMES, a_nectar, card_name, nectar_name, nectar_str, owner_name
from .scoring import compute_result
from .tasks import make, push

#: The argument of the ``store_nectar`` task for the nectar left in a room that made honey.
LEFTOVER = "left"


def log(s: Table, line: str) -> None:
    """Write ``line`` in the game log, for every seat."""
    s.say(line)


# -- the honeycomb --------------------------------------------------------------------


def store_nectar(s: Table, p: int, colour: int, room: int) -> None:
    """Seat ``p`` stores one gathered nectar of ``colour`` in room ``room``."""
    pl = s.players[p]
    pl.pending_nectar.remove(colour)
    pl.rooms[room].nectar.append(colour)
    log(s, f"{pl.name} stores {a_nectar(s, colour)} in room {room}.")


def return_pending_nectar(s: Table, p: int, colour: int) -> None:
    """Seat ``p`` gives back one gathered nectar of ``colour`` that it does not store (no room for it, or by choice)."""
    pl = s.players[p]
    pl.pending_nectar.remove(colour)
    s.supply_nectar[colour] += 1
    log(s, f"{pl.name} returns {a_nectar(s, colour)} to the supply.")


def put_egg(s: Table, p: int, room: int, prefix: str = "") -> None:
    """Take an egg from the supply into room ``room`` of seat ``p``; ``prefix`` opens the log line."""
    s.supply_eggs -= 1
    s.players[p].rooms[room].egg = True
    log(s, f"{prefix}{owner_name(s, p)} puts an egg in room {room}.")


def hatch(s: Table, p: int, room: int, how: str) -> None:
    """The egg in ``room`` hatches: egg back to the supply, a new die to the pool."""
    pl = s.players[p]
    if s.supply_dice[pl.colour] <= 0:
        log(s, f"Night — B: no {components(s.options.ruleset).dice_colours[pl.colour].lower()} dice are "
               f"left; {pl.name}'s egg does not hatch.")
        return
    pl.rooms[room].egg = False
    s.supply_eggs += 1
    pl.dice += 1
    pl.pool.append(1)
    s.supply_dice[pl.colour] -= 1
    log(s, f"Night — B: {pl.name} hatches the egg in room {room} with {how} ({pl.dice} dice).")


def make_honey(s: Table, p: int, room: int, used: list[int], dice: str, cards: str = "") -> None:
    """Room ``room`` becomes honey from the nectar ``used`` with ``dice`` (and the Queen Bee
    ``cards`` played, if any); any other nectar in it is given back to the player to store
    again. The log's line names the room and the cards; the nectar and dice are its detail."""
    pl = s.players[p]
    r = pl.rooms[room]
    for c in used:
        r.nectar.remove(c)
        s.supply_nectar[c] += 1
    left = r.nectar[:]
    r.nectar.clear()
    r.honey = True
    with_cards = f" with {cards}" if cards else ""
    log(s, with_detail(f"Night — F: {pl.name} makes honey in room {room}{with_cards} ({pl.honey} honey).",
                       f"From {nectar_str(s, used)} nectar and {dice}."))
    honey_made(s, pl.name, pl.honey)
    if left:
        pl.pending_nectar += left
        push(s, make("store_nectar", p, LEFTOVER))


def honey_made(s: Table, who: str, honey: int) -> None:
    """2022: making the target's honey triggers the end of the game (it stays triggered)."""
    if s.first_edition or s.end_triggered or honey < s.target:
        return
    s.end_triggered = True
    log(s, f"{who} has made honey number {honey}: the game ends after this round.")


def lose_honey(s: Table, p: int, why: str) -> None:
    """Threat penalty with nothing spare to give: seat ``p`` loses one honey (that tile goes back to
    the supply), or the log says it had none; ``why`` names the threat."""
    pl = s.players[p]
    for i, r in enumerate(pl.rooms):
        if r.honey:
            del pl.rooms[i]
            s.supply_rooms += 1
            log(s, f"{why}: {pl.name} loses a honey ({pl.honey} left).")
            return
    log(s, f"{why}: {pl.name} has nothing to lose.")


def discard_room(s: Table, p: int, i: int, why: str) -> None:
    """Threat penalty (Mites, Waxworm): seat ``p`` loses room ``i`` with all it holds, back to the
    supply; dice on it return to the pool."""
    pl = s.players[p]
    r = pl.rooms.pop(i)
    s.supply_rooms += 1
    if r.egg:
        s.supply_eggs += 1
    for c in r.nectar:
        s.supply_nectar[c] += 1
    pl.pool.extend(r.dice)
    what = ("honey" if r.honey
            else "an egg" if r.egg
            else nectar_str(s, r.nectar) + " nectar" if r.nectar else "nothing")
    log(s, f"{why}: {pl.name} loses room {i} (holding {what}).")


def add_room(s: Table, p: int, why: str) -> None:
    """Seat ``p`` takes a room tile from the supply into its honeycomb; ``why`` opens the log line."""
    s.supply_rooms -= 1
    s.players[p].rooms.append(Room())
    log(s, f"{why}{owner_name(s, p)} takes a room tile ({len(s.players[p].rooms)} rooms).")


def lose_die(s: Table, p: int, why: str) -> None:
    """A die of seat ``p`` goes back to the supply for good (its last one too)."""
    pl = s.players[p]
    if pl.dice <= 0:
        log(s, f"{why}: {pl.name} has no die left to lose.")
        return
    if pl.pool:
        pl.pool.pop()
    else:
        pl.helpers.pop()
    pl.dice -= 1
    s.supply_dice[pl.colour] += 1
    tail = f"{pl.dice} left" if pl.dice else "no dice left: they can no longer place bees"
    log(s, f"{why}: {pl.name} loses a die ({tail}).")


# -- Queen Bee cards --------------------------------------------------------------------


def spend_card(s: Table, pl: Player, cid: str) -> None:
    """Play card ``cid`` out of the player's hand onto the Queen Bee discard (face up)."""
    pl.hand.remove(cid)
    s.queen_discard.append(cid)


def draw_queen(s: Table, p: int, prefix: str = "") -> str:
    """Seat ``p`` draws the top Queen Bee card (the deck must not be empty)."""
    cid = s.queen_deck.pop(0)
    s.players[p].hand.append(cid)
    s.reveal()
    forget_top_card(s)
    log(s, f"{prefix}{owner_name(s, p)} draws a Queen Bee card ({len(s.queen_deck)} left).")
    s.say(f"{owner_name(s, p)}'s new Queen Bee card: {card_name(cid)} (only {owner_name(s, p)} sees this line).",
          seats=[p])
    after_queen_removed(s)
    return cid


def forget_top_card(s: Table) -> None:
    """The top card left the deck: what a seat knew of the top moves up."""
    for peek in s.peeks:
        if peek.cards:
            peek.cards.pop(0)
    s.peeks = [k for k in s.peeks if k.cards]


def after_queen_removed(s: Table) -> None:
    """2022: taking the last Queen Bee card triggers the end (solo: the player loses at once)."""
    if s.queen_deck or s.first_edition:
        return
    if s.solo:
        s.deck_out = True
        log(s, "The Queen Bee deck has run out!")
        end_game(s)
    elif not s.end_triggered:
        s.end_triggered = True
        log(s, "The last Queen Bee card is gone: the game ends after this round.")


def end_game(s: Table) -> None:
    """The game ends now: nothing more is queued or asked, and the log gives the result."""
    s.phase = "over"
    s.queue = []
    s.pending = None
    if s.stopped:  # (2014: the engine's safeguard, whose why is the line's detail)
        log(s, with_detail("Game stopped. " + compute_result(s, False, stop=False).summary,
                           f"The game was {s.stopped}: a safeguard of this program, not a rule."))
        return
    log(s, "Game over. " + compute_result(s, figures=False).summary)


# -- dice on the board --------------------------------------------------------------------


def put_die(s: Table, p: int, v: int, target: str) -> str:
    """Seat ``p``'s die showing ``v`` (already out of its pool) goes on ``target``;
    returns where, in words."""
    pl = s.players[p]
    letter, num = target[0], int(target[1:])
    if letter == "R":
        pl.rooms[num].dice.append(v)
        return f"room {num}"
    if letter == "T":
        th = s.threats[num]
        th.dice.append((p, 0 if pl.soldier else v))
        where = f"the {th.name}" + (" (Soldiers: matches any value)" if pl.soldier else "")
        pl.soldier = False
        return where
    s.spaces[target].append((p, v))
    if letter == "D":
        return f"{target} (flower {num}, {nectar_name(s, num - 1)})"
    return f"{target} ({ACTION_NAMES[letter]})"


def take_die(s: Table, owner: int, v: int, place: str) -> None:
    """Lift ``owner``'s die showing ``v`` off ``place`` (a space, a flower or one of its rooms)."""
    if place[0] == "R":
        s.players[owner].rooms[int(place[1:])].dice.remove(v)
    else:
        s.spaces[place].remove((owner, v))
