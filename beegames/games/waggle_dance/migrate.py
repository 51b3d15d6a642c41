"""Reading states saved before the rules were split into modules (state format 1).

Saves record the state as JSON. Format 1 (rules version 1) kept Bumblebot
under ``bot``, the die a player had just changed under ``locked``, one
``Pending`` model for every decision, and short task codes (``"C:3"``,
``"Fh:4:0:2"``). :func:`upgrade` turns such a document into the current
layout, so that a game saved then opens where it was
(see :mod:`beegames.core.saves`: older rules load at their saved position).
"""

from __future__ import annotations

from typing import Any

from .models import STATE_FORMAT, Player
from .rearrange import budget_for

#: Old task code -> new task name (arguments keep their order unless noted below).
RENAMED = {
    "blockers": "setup_blockers",
    "reveal_threat": "reveal_threat",
    "vol": "offer_volunteer",
    "roll": "roll_dice",
    "day": "day_turn",
    "blk_bot": "bumblebot_blocker",
    "blk_fresh": "fresh_card_blocker",
    "blk_mp": "round_blocker",
    "eager": "offer_eager_bee",
    "shuf": "offer_shuffle",
    "A": "collect_room",
    "B": "hatch_eggs",
    "Bx": "expertise_hatch",
    "C": "claim_egg",
    "D": "gather_nectar",
    "bounty": "offer_bounty",
    "Dp": "store_nectar",
    "E": "trade",
    "Fh": "make_honey",
    "Fx": "expertise_honey",
    "Fend": "return_room_dice",
    "Fbot": "bumblebot_honey",
    "Fbotfail": "bumblebot_failed_pairs",
    "G": "draw_queen",
    "threats": "check_threats",
    "reward": "threat_reward",
    "solo_discard": "solo_discard",
    "round_end": "end_round",
}
#: Old decisions whose task stayed at the head of the queue while they waited;
#: the new decisions queue their own follow-up, so that task is dropped.
KEPT_AT_HEAD = {"volunteer", "bounty", "eager", "shuffle_offer", "nectar", "reward", "lose_nectar", "lose_room"}


def is_old(data: Any) -> bool:
    """Whether ``data`` is a state saved in format 1 (no ``format`` key, Bumblebot under ``bot``),
    for :func:`upgrade`."""
    return isinstance(data, dict) and "format" not in data and "bot" in data


def task(old: str) -> list[str]:
    """The new task(s) for one old task code."""
    head, _, rest = old.partition(":")
    args = rest.split(":") if rest else []
    if head == "F":  # one old task moved nectar, then handed over to Fh
        v, p = args
        return [f"move_nectar {v} {p}", f"make_honey {v} {p} 0"]
    if head == "pen":  # pen:<threat>:<seat>
        name, p = args
        return [f"threat_penalty {p} {name}"]
    if head not in RENAMED:
        raise ValueError(f"an old save holds an unknown task {old!r}")
    return [" ".join([RENAMED[head], *args])]


def decision(pend: dict[str, Any], locked: Any, players: list[Any]) -> dict[str, Any]:
    """The new decision for an old ``Pending``."""
    seat = pend.get("seat", 0)
    kind = pend.get("kind")
    room = pend.get("room")
    value = pend.get("value")
    space = pend.get("space")
    cards = pend.get("cards") or []
    base: dict[str, Any] = {"seat": seat}
    simple = {"volunteer": "offer_volunteer", "eager": "offer_eager_bee", "egg": "egg", "nectar": "nectar",
              "reward": "reward", "private": "private"}
    if kind == "turn":
        return {**base, "kind": "turn", "locked": locked}
    if kind in simple:
        return {**base, "kind": simple[kind]}
    if kind == "bounty":
        return {**base, "kind": "offer_bounty", "flower": value}
    if kind == "shuffle_offer":
        return {**base, "kind": "offer_shuffle", "before": space or "F"}
    if kind in ("shuffle", "move"):
        pl = Player.model_validate(players[seat])
        if kind == "shuffle":
            rooms = [i for i, r in enumerate(pl.rooms) if not r.honey]
            return {**base, "kind": "rearrange", "purpose": "shuffle", "rooms": rooms, "eggs": True,
                    "budget": budget_for(pl, rooms)}
        rooms = list(pend.get("rooms") or [])
        moved = pend.get("moved") or []
        edges = sorted({(min(moved[j][0], moved[j + 1][0]), max(moved[j][0], moved[j + 1][0]))
                        for j in range(0, len(moved) - 1, 2)})
        return {**base, "kind": "rearrange", "purpose": "move", "rooms": rooms, "value": value,
                "edges": [list(e) for e in edges], "budget": budget_for(pl, rooms)}
    if kind == "trade":
        return {**base, "kind": "trade", "space": space or "E"}
    if kind == "trade2":
        return {**base, "kind": "trade_second", "space": space or "E"}
    if kind == "gain":
        return {**base, "kind": "gain", "space": space or "E"}
    if kind == "honey_card":
        return {**base, "kind": "offer_honey", "room": room, "value": value}
    if kind == "expertise_b":
        return {**base, "kind": "offer_hatch", "room": room}
    if kind == "expertise_f":
        return {**base, "kind": "offer_honey", "room": room, "value": None}
    if kind in ("lose_nectar", "lose_room"):
        return {**base, "kind": kind, "threat": cards[0] if cards else ""}
    raise ValueError(f"an old save holds an unknown decision {kind!r}")


def upgrade(data: Any) -> Any:
    """A format-1 state document in the current layout (anything else is returned as it is)."""
    if not is_old(data):
        return data
    new = dict(data)
    bot = new.pop("bot")
    if isinstance(bot, dict):
        bot = dict(bot)
        for old, name in (("b_pairs", "hatch_pairs"), ("f_pairs", "honey_pairs"), ("f_failed", "failed_pairs")):
            if old in bot:
                bot[name] = bot.pop(old)
    new["bumblebot"] = bot
    locked = new.pop("locked", None)
    queue = [t for old in new.get("queue", []) for t in task(old)]
    pend = new.get("pending")
    if isinstance(pend, dict):
        if pend.get("kind") in KEPT_AT_HEAD and queue:
            queue.pop(0)
        new["pending"] = decision(pend, locked, new.get("players", []))
    new["queue"] = queue
    new["format"] = STATE_FORMAT
    return new
