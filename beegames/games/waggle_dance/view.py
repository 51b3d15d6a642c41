"""Pure helpers that turn a Waggle Dance state into what a screen draws.

Nothing here changes the state or imports the UI toolkit. Dice are described
as :class:`DieView` (owner, value, colour name, and whether it is a blocker
or Bumblebot's), nectar by colour name and short label, so a screen can use
text labels as well as colours (colour-blind friendly).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import rules
from .data import colour_label, colour_name, game_data, queen_names
from .models import BLOCKER1, BOT, WaggleDanceState


@dataclass(frozen=True)
class DieView:
    owner: int
    value: int  # 0 = a Soldiers die on a threat (matches anything)
    colour: str
    owner_name: str
    blocker: bool
    bumblebot: bool


@dataclass
class SpaceView:
    id: str
    value: int
    dice: list[DieView] = field(default_factory=list)

    @property
    def free(self) -> bool:
        return not self.dice


def die_colour(state: WaggleDanceState, owner: int) -> str:
    colours = game_data().components.dice_colours
    if owner >= 0:
        return colours[state.players[owner].colour]
    if owner == BOT:
        return colours[state.bot.colour]
    return colours[state.blocker_colours[BLOCKER1 - owner]]


def die_view(state: WaggleDanceState, owner: int, value: int) -> DieView:
    return DieView(owner, value, die_colour(state, owner), rules.pname(state, owner), owner < BOT, owner == BOT)


def legal_targets(state: WaggleDanceState, die: int) -> list[str]:
    """Space ids where the deciding seat may put a die showing ``die`` (empty if it is not a day turn)."""
    pend = state.pending
    if pend is None or pend.kind != "turn":
        return []
    if state.locked is not None and die != state.locked:
        return []
    if die not in state.players[pend.seat].pool:
        return []
    return rules.targets(state, pend.seat, die)


def action_cards(state: WaggleDanceState) -> dict[str, list[SpaceView]]:
    """Actions A, C, E, G with their six numbered spaces; B and F list Bumblebot's pairs."""
    out: dict[str, list[SpaceView]] = {}
    for a in "ACEG":
        out[a] = [SpaceView(f"{a}{v}", v, [die_view(state, o, x) for o, x in state.spaces[f"{a}{v}"]])
                  for v in range(1, 7)]
    if state.bot is not None:
        out["B"] = [SpaceView("B", v, [die_view(state, BOT, v)] * 2) for v in state.bot.b_pairs]
        out["F"] = [SpaceView("F", v, [die_view(state, BOT, v)] * 2) for v in state.bot.f_pairs]
    return out


def action_names() -> dict[str, str]:
    return dict(rules.ACTION_NAMES)


def flowers(state: WaggleDanceState) -> list[dict]:
    return [
        {"id": f"D{f}", "number": f, "colour": colour_name(f - 1), "label": colour_label(f - 1),
         "supply": state.supply_nectar[f - 1],
         "dice": [die_view(state, o, x) for o, x in state.spaces[f"D{f}"]]}
        for f in range(1, 7)
    ]


def honeycomb(state: WaggleDanceState, seat: int) -> list[dict]:
    pl = state.players[seat]
    return [
        {"id": f"R{i}", "egg": r.egg, "honey": r.honey,
         "nectar": [colour_name(c) for c in r.nectar], "labels": [colour_label(c) for c in r.nectar],
         "dice": list(r.dice), "space": 0 if (r.honey or r.egg) else 4 - len(r.nectar)}
        for i, r in enumerate(pl.rooms)
    ]


def pools(state: WaggleDanceState) -> list[dict]:
    out = []
    for i, p in enumerate(state.players):
        out.append({"seat": i, "name": p.name, "colour": die_colour(state, i), "pool": sorted(p.pool),
                    "helpers": list(p.helpers), "dice": p.dice + p.volunteer, "honey": p.honey,
                    "nectar": p.nectar_total, "cards": len(p.hand),
                    "first": state.order[state.first] == i, "guardian": p.guardian,
                    "pending_nectar": [colour_name(c) for c in p.pending_nectar]})
    return out


def hand(state: WaggleDanceState, seat: int) -> list[dict]:
    """The cards of one seat (show only to that seat)."""
    cards = {c.id: c for c in game_data().queen.cards}
    return [{"id": c, "name": cards[c].name, "phase": cards[c].phase, "effect": cards[c].effect}
            for c in state.players[seat].hand]


def supply(state: WaggleDanceState) -> dict:
    colours = game_data().components.dice_colours
    return {
        "eggs": state.supply_eggs,
        "rooms": state.supply_rooms,
        "nectar": {colour_name(c): state.supply_nectar[c] for c in range(6)},
        "dice": {colours[c]: state.supply_dice[c] for c in range(4)},
        "queen_deck": len(state.queen_deck),
        "queen_discard": len(state.queen_discard),
        "threat_deck": len(state.threat_deck),
        "guardians": state.guardians,
    }


def queen_deck_count(state: WaggleDanceState) -> int:
    return len(state.queen_deck)


def threats(state: WaggleDanceState) -> list[dict]:
    need = rules.threat_spaces(state)
    return [{"id": f"T{i}", "name": t.name, "penalty": rules._penalty_text(t.name), "spaces": need,
             "dice": [die_view(state, o, x) for o, x in t.dice]} for i, t in enumerate(state.threats)]


def bumblebot(state: WaggleDanceState) -> dict | None:
    b = state.bot
    if b is None:
        return None
    from .data import solo_cards

    card = solo_cards()[b.card] if b.card is not None else None
    return {
        "colour": die_colour(state, BOT), "pool": sorted(b.pool), "dice": b.dice, "honey": b.honey,
        "eggs": b.eggs, "nectar": {colour_name(c): b.nectar[c] for c in range(6) if b.nectar[c]},
        "b_pairs": list(b.b_pairs), "f_pairs": list(b.f_pairs), "deck": len(b.deck),
        "card": None if card is None else card.model_dump(),
    }


def card_name(card_id: str) -> str:
    return queen_names().get(card_id, card_id)
