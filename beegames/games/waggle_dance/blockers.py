"""Blocker dice: the setup sets and the ones Solo cards place during the day.

* 2022, 2-3 players: a set of five blockers (A, C, D, E, G, five different
  values) per missing player, re-placed every round; a blocker on a flower
  closes it for the round but counts for the majority there.
* 2022 with Solo cards (and every solo game): a Solo card places one blocker
  at a time during the day; a solo game also starts with one blocker on each
  of A, C, E and G, for the first round only.
* 2014: one set of four (A, C, E, G) at three players, three sets at two
  players, placed at setup and never moved.
"""

from __future__ import annotations

from ...core.rng import Rng
from .data import SoloCard, first_edition, solo_cards
from .models import BLOCKERS, Table
from .queries import flower_closed
from .tasks import task


def blocker_sets(s: Table) -> list[tuple[int, str]]:
    """The setup blocker sets of this game: (owner, actions), or none."""
    if s.first_edition:
        sets = first_edition().components.blocker_sets[str(s.n)]
        letters = "".join(first_edition().components.blocker_actions)
        return [(BLOCKERS[k], letters) for k in range(sets)]
    if s.solo:
        return [(BLOCKERS[0], "ACEG")] if s.turn == 1 else []
    if s.n in (2, 3) and not s.options.solo_card_blockers:
        return [(BLOCKERS[k], "ACDEG") for k in range(4 - s.n)]
    return []


def blocker_colour(s: Table, owner: int) -> int:
    """The dice colour of blocker set ``owner`` (one of ``BLOCKERS``) in this game."""
    return s.blocker_colours[BLOCKERS.index(owner)]


def place_setup_blockers(s: Table) -> bool:
    """Roll each blocker set: one die per listed action, on the space of its value, all values
    different within a set, and never on a space another set already covers."""
    sets = blocker_sets(s)
    if not sets:
        return False
    rng = Rng(s.rng)
    for owner, letters in sets:
        colour = blocker_colour(s, owner)
        while True:
            vals = [1, 2, 3, 4, 5, 6]
            rng.shuffle(vals)
            vals = vals[:len(letters)]
            if not any(s.spaces[f"{a}{v}"] for a, v in zip(letters, vals)):
                break
        for a, v in zip(letters, vals):
            s.spaces[f"{a}{v}"].append((owner, v))
            s.supply_dice[colour] -= 1
        s.reveal()
        stay = "; they stay there for the whole game (2014)" if s.first_edition else ""
        s.say("Blocker dice cover " + ", ".join(f"{a}{v}" for a, v in zip(letters, vals)) + stay + ".")
    return True


@task("setup_blockers")
def t_setup_blockers(s: Table, args: list[str]) -> bool:
    """Roll and place the setup blocker dice (2022: every round; solo: round 1; 2014: once)."""
    return place_setup_blockers(s)


def draw_solo_card(s: Table) -> SoloCard:
    """Reveal the top Solo card (Bumblebot's deck, or the multiplayer blocker deck);
    an empty deck is reshuffled from its discards first."""
    b = s.bumblebot
    if s.solo and b is not None:
        deck, discard = b.deck, b.discard
    else:
        deck, discard = s.solo_deck, s.solo_discard
    if not deck:
        deck.extend(discard)
        discard.clear()
        Rng(s.rng).shuffle(deck)
        s.say("The Solo deck is reshuffled.")
    cid = deck.pop(0)
    s.reveal()
    discard.append(cid)
    if s.solo and b is not None:
        b.card = cid
    return solo_cards()[cid]


def place_card_blocker(s: Table, card: SoloCard, rightmost: bool) -> None:
    """A blocker of the card's blocker value goes on the first available action of the card's
    list (read right to left after Bumblebot's turn, left to right otherwise); when that value
    fits nowhere, the next value clockwise round the chart is tried. On D the blocker goes on
    the flower of its value unless a blocker already closed it."""
    owner = BLOCKERS[0]
    colour = blocker_colour(s, owner)
    if s.supply_dice[colour] <= 0:
        s.say("No blocker die is left to place.")
        return
    acts = list(reversed(card.actions)) if rightmost else list(card.actions)
    for i in range(6):
        v = card.chart[(card.blocker + i) % 6]
        for a in acts:
            sid = f"{a}{v}"
            free = not flower_closed(s, v) if a == "D" else not s.spaces[sid]
            if free:
                s.spaces[sid].append((owner, v))
                s.supply_dice[colour] -= 1
                where = f"flower {v}" if a == "D" else sid
                s.say(f"Solo card {card.id}: a blocker die showing {v} goes on {where}.")
                return
    s.say(f"Solo card {card.id}: no space is free for a blocker.")


@task("round_blocker")
def t_round_blocker(s: Table, args: list[str]) -> bool:
    """2022 Solo-card blockers (2-3 players): play came back to the first player; reveal a
    card and place its blocker by the card's priority."""
    place_card_blocker(s, draw_solo_card(s), rightmost=False)
    return True


@task("fresh_card_blocker")
def t_fresh_card_blocker(s: Table, args: list[str]) -> bool:
    """Solo: Bumblebot has run out of dice; a fresh card places a blocker after the player's turn."""
    place_card_blocker(s, draw_solo_card(s), rightmost=True)
    return True


def remove_round_blockers(s: Table) -> None:
    """Round end (2022): every blocker goes back to the supply. 2014 blockers stay."""
    if s.first_edition:
        return
    for sid, dice in s.spaces.items():
        keep = []
        for o, v in dice:
            if o in BLOCKERS:
                s.supply_dice[blocker_colour(s, o)] += 1
            else:
                keep.append((o, v))
        s.spaces[sid] = keep
