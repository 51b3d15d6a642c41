"""One readable line per move, for the history and the choice lists."""

from __future__ import annotations

from .models import (
    EGG,
    BackMove,
    CallMove,
    DeclineMove,
    DiscardMove,
    DoneMove,
    EggMove,
    GainMove,
    HelperMove,
    HoneyMove,
    LoseMove,
    Move,
    NectarMove,
    PlaceMove,
    PlayMove,
    RewardMove,
    ScoutMove,
    ShiftMove,
    SwapMove,
    Table,
    TradeMove,
)
from .queries import a_nectar, card_name, nectar_name, nectar_str, parse_target


def where(s: Table, t: str | None) -> str:
    """A place in words: "room 2", "threat 0", "flower 3 (purple)", or the space id."""
    parsed = parse_target(t)
    if parsed is None:
        return str(t)
    letter, num = parsed
    if letter == "R":
        return f"room {num}"
    if letter == "T":
        return f"threat {num}"
    if letter == "D" and 1 <= num <= 6:
        return f"flower {num} ({nectar_name(s, num - 1)})"
    return str(t)


def _nectar(s: Table, colour: int | None) -> str:
    if colour == EGG:
        return "the egg"
    if colour is None or not 0 <= colour < 6:
        return "a nectar"
    return a_nectar(s, colour)


def describe(s: Table, move: Move) -> str:
    """``move`` played by the seat that decides in ``s``, in one sentence."""
    pend = s.pending
    who = s.players[pend.seat].name if pend is not None and 0 <= pend.seat < len(s.players) else "?"
    return f"{who} {describe_action(s, move)}"


def describe_action(s: Table, move: Move) -> str:
    """The move without its player: "places a 3 on flower 3 (purple).", "passes."..."""
    if isinstance(move, PlaceMove):
        return f"places a {move.die} on {where(s, move.target)}."
    if isinstance(move, HelperMove):
        return f"uses a {move.helper} as a helper to turn a {move.die} into a {move.value}."
    if isinstance(move, PlayMove):
        return f"plays {card_name(move.card)}{_card_detail(s, move)}."
    if isinstance(move, HoneyMove):
        cards = " and ".join(card_name(c) for c in move.cards)
        return f"makes honey in room {move.room} from {nectar_str(s, move.use)} nectar with {cards}."
    if isinstance(move, DeclineMove):
        return "passes."
    if isinstance(move, NectarMove):
        return f"stores {_nectar(s, move.colour)} in room {move.room}."
    if isinstance(move, DiscardMove):
        return f"returns {_nectar(s, move.colour)} to the supply."
    if isinstance(move, EggMove):
        return f"puts the egg in room {move.room}."
    if isinstance(move, TradeMove):
        if move.give == "egg":
            return f"trades the egg in room {move.room}."
        if move.give == "card":
            return f"trades a Queen Bee card ({card_name(move.card or '')})."
        # two nectar buy one: each choice says which of the two it is (a newcomer reading
        # "trades a red nectar" alone took it for the whole price)
        which = "second" if getattr(s.pending, "kind", None) == "trade_second" else "first"
        return f"trades {_nectar(s, move.colour)} from room {move.room} (the {which} of two)."
    if isinstance(move, GainMove):
        return f"takes {_nectar(s, move.colour)} into room {move.room}."
    if isinstance(move, ShiftMove):
        return f"moves {_nectar(s, move.colour)} from room {move.src} to room {move.dst}."
    if isinstance(move, SwapMove):
        if move.give is None or move.take is None:
            return f"swaps the contents of rooms {move.src} and {move.dst}."
        return f"swaps {_nectar(s, move.give)} in room {move.src} for {_nectar(s, move.take)} in room {move.dst}."
    if isinstance(move, DoneMove):
        return "is done."
    if isinstance(move, RewardMove):
        gift = {"room": "a room tile", "egg": "an egg"}.get(move.choice, "a Queen Bee card")
        return f"takes {gift}."
    if isinstance(move, LoseMove):
        if move.colour is None:
            return f"gives up room {move.room}."
        return f"gives up {_nectar(s, move.colour)} from room {move.room}."
    if isinstance(move, CallMove):
        name = s.players[move.seat].name if 0 <= move.seat < len(s.players) else "another player"
        return f"lets {name} play a card now."
    if isinstance(move, BackMove):
        first = getattr(s.pending, "first", None)
        if first is not None:
            return f"takes {_nectar(s, first[1])} back into room {first[0]} to choose again."
        return "steps back."
    if isinstance(move, ScoutMove):
        return f"keeps {card_name(move.keep)} and puts {len(move.back)} card(s) back."
    return "decides."


def _card_detail(s: Table, move: PlayMove) -> str:
    c = move.card
    if c == "overtime":
        return f": a {move.die} becomes a {move.value}"
    if c == "shift_change":
        return ": two bees this turn" if move.choice == "two" else ": no bee this turn"
    if c == "queens_gift":
        return f": {'a room tile' if move.choice == 'room' else 'an egg'}"
    if c == "sick_day" and move.seat is not None and 0 <= move.seat < len(s.players):
        return f" on {s.players[move.seat].name}'s {move.die}"
    if c == "wrong_turn" and move.seat is not None and 0 <= move.seat < len(s.players):
        return f": {s.players[move.seat].name}'s {move.die} from {where(s, move.src)} to {where(s, move.target)}"
    if c == "feint":
        return f": the {move.die} on {where(s, move.src)} moves to {where(s, move.target)}"
    if c == "shuffle" and move.src and move.target:
        return f" on {where(s, move.src)} and {where(s, move.target)}"
    if move.target:
        return f" on {where(s, move.target)}"
    if move.room is not None:
        return f" on room {move.room}"
    return ""
