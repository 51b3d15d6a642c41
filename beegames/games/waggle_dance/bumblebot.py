"""Bumblebot, the solo automaton. It runs inside ``engine.step()``.

Its day turn follows the solo card it reveals (Pair, Most of, Least of, the
die chart for ties, the action list at the bottom); its night actions follow
the solo rules (no rooms, eggs and nectar kept in its area).
"""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

from ...core.rng import Rng
from .data import SoloCard, colour_name, solo_cards
from .models import BOT, WaggleDanceState
from .rules import draw_solo_card, log, nectar_str, threat_spaces

T = TypeVar("T")


def chart_first(card: SoloCard, values) -> int:
    """Break a tie between die values: the first of them met going clockwise from the top of the chart."""
    vals = set(values)
    for v in card.chart:
        if v in vals:
            return v
    raise ValueError("no value to choose from")


def pair_target(s: WaggleDanceState) -> str | None:
    """Where the Pair icon sends a pair: "F", "B" or None (use the other icon)."""
    b = s.bot
    if max(b.nectar) >= 3 and not b.f_pairs:
        return "F"
    if b.eggs > 0 and not b.b_pairs:
        return "B"
    if sum(1 for n in b.nectar if n >= 2) > 1:
        return "F"
    return None


def bot_turn(s: WaggleDanceState) -> None:
    b = s.bot
    card = draw_solo_card(s)
    icons = "+".join({"pair": "Pair", "most": "Most of", "least": "Least of"}[i] for i in card.icons)
    prefix = f"Bumblebot reveals solo card {card.id} ({icons}): "
    if "pair" in card.icons:
        cnt = Counter(b.pool)
        pairs = [v for v, n in cnt.items() if n >= 2]
        where = pair_target(s) if pairs else None
        if where is not None:
            v = chart_first(card, pairs)
            b.pool.remove(v)
            b.pool.remove(v)
            (b.f_pairs if where == "F" else b.b_pairs).append(v)
            log(s, prefix + f"it places a pair of {v}s on action {where}.")
            return
    if "most" in card.icons:
        _most_of(s, card, prefix)
    else:
        _least_of(s, card, prefix)


def _most_of(s: WaggleDanceState, card: SoloCard, prefix: str) -> None:
    b = s.bot
    cnt = Counter(b.pool)
    top = max(cnt.values())
    v = chart_first(card, [x for x, n in cnt.items() if n == top])
    for a in card.actions:
        sid = f"{a}{v}"
        if s.spaces[sid]:
            continue
        if a in "EG" and _place_on_threat(s, v, prefix):
            return
        b.pool.remove(v)
        s.spaces[sid].append((BOT, v))
        log(s, prefix + f"it places a {v} on {sid}.")
        return
    b.pool.remove(v)
    s.spaces[f"D{v}"].append((BOT, v))
    log(s, prefix + f"no listed action is free, so its {v} goes to flower {v}.")


def _least_of(s: WaggleDanceState, card: SoloCard, prefix: str) -> None:
    b = s.bot
    cnt = Counter(b.pool)
    low = min(cnt.values())
    v = chart_first(card, [x for x, n in cnt.items() if n == low])
    b.pool.remove(v)
    s.spaces[f"D{v}"].append((BOT, v))
    log(s, prefix + f"it places a {v} on flower {v}.")


def _place_on_threat(s: WaggleDanceState, v: int, prefix: str) -> bool:
    """Solo Threats: a die bound for E or G goes to a threat instead."""
    need = threat_spaces(s)
    open_ = [th for th in s.threats if len(th.dice) < need]
    if not open_:
        return False
    harmful = [th for th in open_ if all(o != BOT for o, _ in th.dice)]
    th = (harmful or open_)[0]
    b = s.bot
    die = v
    placed = [x for _, x in th.dice if x != 0]
    if placed and placed[0] in b.pool:
        die = placed[0]
    b.pool.remove(die)
    th.dice.append((BOT, die))
    log(s, prefix + f"it places a {die} on the {th.name} instead of on E or G.")
    return True


def bot_f_pair(s: WaggleDanceState) -> None:
    """Resolve one of Bumblebot's F pairs, in the chart order of its latest card."""
    b = s.bot
    card = solo_cards()[b.card] if b.card is not None else None
    v = chart_first(card, b.f_pairs) if card else b.f_pairs[0]
    b.f_pairs.remove(v)
    b.pool += [v, v]
    if s.supply_rooms > 0:
        four = [c for c in range(6) if b.nectar[c] >= 4]
        if four:
            c = _pick(s, four)
            _spend(s, {c: 4})
            _honey(s, v, f"4 {colour_name(c).lower()} nectar")
            return
        combos = [(c, d) for c in range(6) if b.nectar[c] >= 3 for d in range(6) if d != c and b.nectar[d] >= 2]
        if combos:
            c, d = _pick(s, combos)
            _spend(s, {c: 3, d: 2})
            _honey(s, v, f"3 {colour_name(c).lower()} and 2 {colour_name(d).lower()} nectar")
            return
        three = [c for c in range(6) if b.nectar[c] >= 3]
        if three and b.eggs > 0:
            c = _pick(s, three)
            _spend(s, {c: 3})
            b.eggs -= 1
            s.supply_eggs += 1
            _honey(s, v, f"3 {colour_name(c).lower()} nectar and an egg")
            return
    b.f_failed.append(v)
    log(s, f"Night — F: Bumblebot's pair of {v}s cannot make honey.")


def _pick(s: WaggleDanceState, options: list[T]) -> T:
    """Bumblebot's choice among equal options: chance, shown to everyone."""
    if len(options) == 1:
        return options[0]
    s.reveal()
    return options[Rng(s.rng).below(len(options))]


def _spend(s: WaggleDanceState, use: dict[int, int]) -> None:
    for c, k in use.items():
        s.bot.nectar[c] -= k
        s.supply_nectar[c] += k


def _honey(s: WaggleDanceState, v: int, what: str) -> None:
    s.supply_rooms -= 1
    s.bot.honey += 1
    log(s, f"Night — F: Bumblebot's pair of {v}s turns {what} into honey ({s.bot.honey} honey).")


def bot_penalty(s: WaggleDanceState, name: str, kind: str) -> None:
    b = s.bot
    if kind in ("nectar", "room"):
        have = [c for c in range(6) if b.nectar[c] > 0]
        if have:
            low = min(b.nectar[c] for c in have)
            cands = [c for c in have if b.nectar[c] == low]
            c = _pick(s, cands)
            b.nectar[c] -= 1
            s.supply_nectar[c] += 1
            log(s, f"{name}: Bumblebot loses a {colour_name(c).lower()} nectar.")
            return
        if kind == "nectar" and b.honey > 0:
            b.honey -= 1
            s.supply_rooms += 1
            log(s, f"{name}: Bumblebot loses a honey ({b.honey} left).")
            return
        log(s, f"{name}: Bumblebot has nothing to lose.")
    elif kind == "egg":
        if b.eggs > 0:
            b.eggs -= 1
            s.supply_eggs += 1
            log(s, f"{name}: Bumblebot loses an egg.")
        elif b.honey > 0:
            b.honey -= 1
            s.supply_rooms += 1
            log(s, f"{name}: Bumblebot loses a honey ({b.honey} left).")
        else:
            log(s, f"{name}: Bumblebot has nothing to lose.")
    elif kind == "die":
        if b.dice > 1:
            b.dice -= 1
            b.pool.pop()
            s.supply_dice[b.colour] += 1
            log(s, f"{name}: Bumblebot loses a die ({b.dice} left).")
        else:
            log(s, f"{name}: Bumblebot keeps its last die.")


__all__ = ["bot_turn", "bot_f_pair", "bot_penalty", "chart_first", "pair_target", "nectar_str"]
