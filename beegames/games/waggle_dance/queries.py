"""Read-only questions about a Waggle Dance table.

Each rule fact has its one home here: what a room holds and what a pair of
dice does in it (:func:`pair_effect`), how much nectar a room takes
(:func:`room_space`), who gathers what at a flower (:func:`flower_awards`),
where a die may go (:func:`placement_targets`). The rules, the computer
players and the screen all ask these functions; nothing here changes a state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Literal

from ...core.words import with_article
from .data import colour_label, colour_name, components, game_data, queen_names
from .models import BLOCKERS, BUMBLEBOT, Player, Room, Table

ACTION_NAMES = {
    "A": "Collect Room Tiles",
    "B": "Hatch Eggs",
    "C": "Claim Eggs",
    "D": "Gather Nectar",
    "E": "Trade for Nectar",
    "F": "Move Nectar / Make Honey",
    "G": "Draw a Queen Bee Card",
}
#: The actions whose six numbered spaces take one die each.
LETTERS = "ACEG"

PairEffect = Literal["hatch", "honey", "pair"]


# -- rooms ----------------------------------------------------------------------


@lru_cache(maxsize=4)
def _capacity(ruleset: str) -> int:
    return components(ruleset).room_capacity


def room_capacity(s: Table) -> int:
    """How many nectar a room holds (the one place this number is read)."""
    return _capacity(s.options.ruleset)


def room_space(room: Room, cap: int) -> int:
    """Free nectar places in ``room``: none in a honey room or an egg room."""
    if room.honey or room.egg:
        return 0
    return cap - len(room.nectar)


def rooms_with_space(pl: Player, cap: int) -> list[int]:
    """The indexes of the player's rooms that can still take a nectar (rooms hold ``cap``)."""
    return [i for i, r in enumerate(pl.rooms) if room_space(r, cap) > 0]


def capacity(pl: Player, cap: int) -> int:
    """Free nectar places in the whole honeycomb."""
    return sum(room_space(r, cap) for r in pl.rooms)


def empty_rooms(pl: Player) -> list[int]:
    """Rooms that could take an egg: no egg, no nectar, no honey."""
    return [i for i, r in enumerate(pl.rooms) if not r.honey and not r.egg and not r.nectar]


def empty_room_mask(s: Table) -> int:
    """The seats that have an empty room now, as a bit mask (seat 0 is bit 1)."""
    return sum(1 << i for i, pl in enumerate(s.players) if empty_rooms(pl))


def room_key(r: Room) -> tuple[bool, bool, tuple[int, ...], tuple[int, ...]]:
    """Two rooms with equal keys are the same choice (the engine then chooses for the player)."""
    return (r.egg, r.honey, tuple(sorted(r.nectar)), tuple(sorted(r.dice)))


def natural_honey(room: Room, cap: int) -> bool:
    """A room full of nectar of one colour (ready for honey with a pair of dice)."""
    return not room.honey and len(room.nectar) == cap and len(set(room.nectar)) == 1


def pair_values(room: Room) -> list[int]:
    """The values of which ``room`` holds two or more dice."""
    counts = Counter(room.dice)
    return sorted(v for v, k in counts.items() if k >= 2)


def pair_effect(room: Room, cap: int, value: int | None = None) -> PairEffect | None:
    """What a pair of equal dice in ``room`` does at night (of ``value``, or any pair):
    ``"hatch"`` on an egg (B), ``"honey"`` on a full room of one colour (F), ``"pair"``
    otherwise (F may still move nectar in and make honey); ``None`` without such a pair."""
    if room.honey:
        return None
    if value is None:
        if not pair_values(room):
            return None
    elif room.dice.count(value) < 2:
        return None
    if room.egg:
        return "hatch"
    if natural_honey(room, cap):
        return "honey"
    return "pair"


def nectar_name(s: Table, colour: int) -> str:
    """A nectar colour's name in this game's edition, in lower case ("pink")."""
    return colour_name(colour, s.options.ruleset).lower()


def a_nectar(s: Table, colour: int) -> str:
    """One nectar of ``colour`` in words, with its article: "a pink nectar", "an orange nectar"."""
    return f"{with_article(nectar_name(s, colour))} nectar"


def nectar_str(s: Table, colours: Iterable[int]) -> str:
    """Nectar counted by colour: "2 red, 1 pink"."""
    c = Counter(colours)
    return ", ".join(f"{n} {nectar_name(s, k)}" for k, n in sorted(c.items()))


def room_text(s: Table, seat: int, num: int) -> str:
    """What a room of ``seat`` holds, in a few cells: "Rd Rd · dice 3 3", "egg", "empty", "honey"."""
    room = s.players[seat].rooms[num]
    if room.honey:
        return "honey"
    held = "egg" if room.egg else (" ".join(colour_label(c, s.options.ruleset) for c in room.nectar) or "empty")
    dice = f" · dice {' '.join(map(str, room.dice))}" if room.dice else ""
    return f"{held}{dice}"


def room_note(s: Table, seat: int, num: int) -> str:
    """What a room holds, as the end of a list's entry about it, as the board writes it:
    "(Pk Pk · dice 2)", "(empty)"."""
    return f"({room_text(s, seat, num)})"


# -- seats and owners -------------------------------------------------------------


def seat_order(s: Table) -> list[int]:
    """Seats (without Bumblebot) in player order, starting with the first player."""
    k = len(s.order)
    return [s.order[(s.first + i) % k] for i in range(k) if s.order[(s.first + i) % k] >= 0]


def rank(s: Table, owner: int) -> int:
    """Position of ``owner`` in player order from the first player (blockers last)."""
    k = len(s.order)
    for i in range(k):
        if s.order[(s.first + i) % k] == owner:
            return i
    return 10 - owner


def owner_name(s: Table, owner: int) -> str:
    """How the log names the owner of dice with code ``owner``: the player's name, Bumblebot, or Blocker."""
    if owner >= 0:
        return s.players[owner].name
    if owner == BUMBLEBOT:
        return "Bumblebot"
    return "Blocker"


def _is_blocker(owner: int) -> bool:
    return owner in BLOCKERS


def card_name(cid: str) -> str:
    """The printed name of Queen Bee card ``cid`` (either edition); an unknown id is shown as it is."""
    return queen_names().get(cid, cid)


def has_card(pl: Player, cid: str) -> bool:
    """Whether the player holds Queen Bee card ``cid``."""
    return cid in pl.hand


def asks_publicly(s: Table) -> bool:
    """Whether who is asked about a card depends on public facts only (:func:`.cards.offer_due`):
    always in 2014, and in a 2022 game where two people or more share the keyboard
    (:attr:`~.models.Table.public_offers`)."""
    return s.first_edition or s.public_offers


def only_person(s: Table, p: int) -> bool:
    """Whether seat ``p`` is the one person at a 2014 table where the computer plays every other
    seat (:attr:`~.models.Table.speak_up`): questions about cards are then put to it as to a
    holder, since there is no other person its hand must be hidden from (the computers are asked
    at their own decisions only, so they never see whether it was asked)."""
    return s.speak_up == [p]


def anyone_has_dice(s: Table) -> bool:
    """Whether any player, or Bumblebot, still has a die to place today."""
    if any(p.pool for p in s.players):
        return True
    return s.bumblebot is not None and bool(s.bumblebot.pool)


def threat_spaces(s: Table) -> int:
    """X spaces a threat needs filled: the player count, or 3 in a solo game."""
    return game_data().components.solo_threat_spaces if s.solo else s.n


def uses_solo_cards(s: Table) -> bool:
    """Solo cards place the blockers during the day (solo games, or the 2022 option)."""
    return s.solo or (s.options.solo_card_blockers and not s.first_edition and s.n in (2, 3))


# -- the flowers -----------------------------------------------------------------


def flower_awards(counts: Mapping[int, int], order: Sequence[int],
                  second_place: Mapping[int, bool] | None = None) -> list[tuple[int, int]]:
    """Who gathers how much nectar at one flower: (owner, tokens) in the order they take them.

    ``counts``: dice per owner on the flower (blockers included: they count but take
    nothing); ``order``: owners in player order from the first player; ``second_place``:
    for each owner, whether a lone second place gathers (default: yes). The most dice
    gather 2, or 1 each when tied; a lone second gathers 1; a tie for second gathers none.
    """
    live = {o: k for o, k in counts.items() if k > 0}
    if not live:
        return []
    levels = sorted(set(live.values()), reverse=True)
    pos = {o: i for i, o in enumerate(order)}
    top = sorted((o for o in live if live[o] == levels[0]), key=lambda o: pos.get(o, 99 - o))
    out: list[tuple[int, int]] = [(top[0], 2)] if len(top) == 1 else [(o, 1) for o in top]
    if len(levels) > 1:
        second = [o for o in live if live[o] == levels[1]]
        if len(second) == 1 and (second_place is None or second_place.get(second[0], True)):
            out.append((second[0], 1))
    return [(o, k) for o, k in out if not _is_blocker(o)]


def second_place_rule(s: Table) -> dict[int, bool]:
    """Which owners gather as a lone second place: everyone, except in a solo game,
    where the difficulty decides (easier: the player; harder: Bumblebot; standard: nobody)."""
    owners = list(range(s.n)) + [BUMBLEBOT]
    if not s.solo:
        return {o: True for o in owners}
    level = s.options.difficulty
    return {o: (level == "easier" and o >= 0) or (level == "harder" and o == BUMBLEBOT) for o in owners}


def flower_counts(dice: Iterable[tuple[int, int]]) -> Counter[int]:
    """How many of ``dice`` (owner, value) on a flower each owner has: the counts the majority at D compares."""
    return Counter(o for o, _ in dice)


def award_for(s: Table, dice: Iterable[tuple[int, int]], owner: int) -> int:
    """Nectar ``owner`` would gather at a flower holding ``dice`` (as things stand)."""
    awards = flower_awards(flower_counts(dice), turn_order(s), second_place_rule(s))
    return sum(k for o, k in awards if o == owner)


def turn_order(s: Table) -> list[int]:
    """Owners in player order from the first player (Bumblebot included)."""
    k = len(s.order)
    return [s.order[(s.first + i) % k] for i in range(k)]


def flower_closed(s: Table, flower: int) -> bool:
    """A blocker die stands on the flower: no player may place there this round."""
    return any(_is_blocker(o) for o, _ in s.spaces[f"D{flower}"])


# -- where a die may go -------------------------------------------------------------


def placement_targets(s: Table, p: int, v: int, *, double_park: bool = False,
                      directions: Sequence[int] = ()) -> list[str]:
    """Where seat ``p`` may place a die showing ``v`` (on its turn, by the normal rules):
    a free A, C, E or G space of that value (any taken one with Double Park), the flower of
    that value unless a blocker closed it (and any flower opened by Directions), its own
    rooms, and any threat with a free X space."""
    pl = s.players[p]
    out = [f"{a}{v}" for a in LETTERS if not s.spaces[f"{a}{v}"] or double_park]
    if not flower_closed(s, v):
        out.append(f"D{v}")
    for f in directions:
        if f != v and not flower_closed(s, f):
            out.append(f"D{f}")
    out += [f"R{i}" for i in range(len(pl.rooms))]
    need = threat_spaces(s)
    out += [f"T{i}" for i, th in enumerate(s.threats) if len(th.dice) < need]
    return out


def parse_target(t: object) -> tuple[str, int] | None:
    """``"C3"`` -> ("C", 3); None for anything that is not a letter and a plain ASCII number."""
    if not isinstance(t, str) or len(t) < 2 or len(t) > 4 or t[0] not in "ACDEGRT":
        return None
    digits = t[1:]
    if not (digits.isascii() and digits.isdigit()) or (len(digits) > 1 and digits[0] == "0"):
        return None
    return t[0], int(digits)


def placed_dice(s: Table, p: int) -> list[tuple[str, int]]:
    """Where seat ``p``'s placed dice are: (place, value) on spaces, flowers and rooms."""
    out = [(sid, v) for sid, dice in s.spaces.items() for o, v in dice if o == p]
    for i, r in enumerate(s.players[p].rooms):
        out += [(f"R{i}", v) for v in r.dice]
    return out


# -- trades ------------------------------------------------------------------------


def same_colour_pairs(pl: Player) -> list[int]:
    """Colours of which the honeycomb holds two or more nectar (a 2014 trade)."""
    counts = Counter(c for r in pl.rooms for c in r.nectar)
    return sorted(c for c, k in counts.items() if k >= 2)


def can_trade(s: Table, p: int) -> bool:
    """Has seat ``p`` anything to trade at E that would bring it a nectar?"""
    pl = s.players[p]
    supply = sum(s.supply_nectar)
    if s.first_edition:
        if supply == 0:
            return False
        if any(r.egg for r in pl.rooms):
            return True
        return any(sum(s.supply_nectar[d] for d in range(6) if d != c) > 0 for c in same_colour_pairs(pl))
    if pl.nectar_total >= 2:
        return True
    if supply == 0:
        return False
    if any(r.egg for r in pl.rooms):
        return True
    return bool(pl.hand) and capacity(pl, room_capacity(s)) > 0
