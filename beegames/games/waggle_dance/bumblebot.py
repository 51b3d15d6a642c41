"""Bumblebot, the solo automaton of the 2022 edition.

Bumblebot is part of the rules, not a computer player: it has no choices, it
follows the solo card it reveals (Pair, Most of, Least of, the die chart for
ties, the action list at the bottom) and the solo night rules (no rooms, eggs
and nectar kept in its area). Everything here runs inside automatic tasks.
Its turns are queued by the day rules; its part of the night goes through the
owner interface (:mod:`.owners`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from ...core.rng import Rng
from ...core.state import with_detail
from .blockers import draw_solo_card, place_card_blocker
from .data import SoloCard, solo_cards
from .effects import honey_made, log
from .models import BUMBLEBOT, Bumblebot, Table
from .queries import a_nectar, flower_closed, nectar_name, nectar_str, threat_spaces
from .tasks import make, task

T = TypeVar("T")


def bumblebot(s: Table) -> Bumblebot:
    """The solo game's Bumblebot; raises RuntimeError in a game without it."""
    b = s.bumblebot
    if b is None:
        raise RuntimeError("this game has no Bumblebot")
    return b


def chart_first(card: SoloCard, values: Iterable[int]) -> int:
    """Break a tie between die values: the first of them met going clockwise from the top of the chart."""
    vals = set(values)
    for v in card.chart:
        if v in vals:
            return v
    raise ValueError("no value to choose from")


def pair_target(s: Table) -> str | None:
    """Where the Pair icon sends a pair: "F", "B" or None (use the card's other icon)."""
    b = bumblebot(s)
    if max(b.nectar) >= 3 and not b.honey_pairs:
        return "F"
    if b.eggs > 0 and not b.hatch_pairs:
        return "B"
    if sum(1 for n in b.nectar if n >= 2) > 1:
        return "F"
    return None


def why_no_pair(s: Table, has_pair: bool) -> str:
    """Why the Pair icon places no pair, for the log: no two of Bumblebot's dice match, or
    nothing its nectar and eggs call for (the solo rules' three checks, as they stand)."""
    if not has_pair:
        return "no two of its dice match"
    b = bumblebot(s)
    top = max(b.nectar)
    why = ["a pair is already on F" if top >= 3 else "no nectar" if top == 0 else "no 3 nectar of a colour",
           "a pair is already on B" if b.eggs else "no egg"]
    if 2 <= top < 3 or (top >= 3 and sum(1 for n in b.nectar if n >= 2) == 1):
        why.append("only one colour with 2 nectar or more")
    return f"nothing to pair for ({', '.join(why)})"


def take_turn(s: Table) -> None:
    """Bumblebot's day turn: reveal a solo card and place as it says. The log's line says where
    its dice go; why (no pair, a threat instead of E or G) is the line's detail."""
    b = bumblebot(s)
    card = draw_solo_card(s)
    icons = "+".join({"pair": "Pair", "most": "Most of", "least": "Least of"}[i] for i in card.icons)
    prefix = f"Bumblebot's solo card {card.id} ({icons}): "
    why = ""
    if "pair" in card.icons:
        cnt = Counter(b.pool)
        pairs = [v for v, n in cnt.items() if n >= 2]
        where = pair_target(s) if pairs else None
        if where is not None:
            v = chart_first(card, pairs)
            b.pool.remove(v)
            b.pool.remove(v)
            (b.honey_pairs if where == "F" else b.hatch_pairs).append(v)
            log(s, prefix + f"a pair of {v}s on action {where}.")
            return
        # the headline says which of the two it was: with pairs in hand, "no pair" would read as false
        prefix += "nothing to pair for, so " if pairs else "no two dice match, so "
        why = f"No pair: {why_no_pair(s, True)}." if pairs else ""
    if "most" in card.icons:
        _most_of(s, card, prefix, why)
    else:
        _least_of(s, card, prefix, why)


def _most_of(s: Table, card: SoloCard, prefix: str, why: str) -> None:
    b = bumblebot(s)
    cnt = Counter(b.pool)
    top = max(cnt.values())
    v = chart_first(card, [x for x, n in cnt.items() if n == top])
    for a in card.actions:
        if a == "D":
            if flower_closed(s, v):
                continue
            _to_flower(s, v, prefix + f"a {v} on flower {v}.", why)
            return
        sid = f"{a}{v}"
        if s.spaces[sid]:
            continue
        if a in "EG" and _place_on_threat(s, v, prefix, why):
            return
        b.pool.remove(v)
        s.spaces[sid].append((BUMBLEBOT, v))
        log(s, with_detail(prefix + f"a {v} on {sid}.", why))
        return
    free = f"None of the card's actions ({', '.join(card.actions)}) has a free space for its {v}."
    _to_flower(s, v, prefix + f"a {v} on flower {v}.", f"{why} {free}".strip())


def _least_of(s: Table, card: SoloCard, prefix: str, why: str) -> None:
    b = bumblebot(s)
    cnt = Counter(b.pool)
    low = min(cnt.values())
    v = chart_first(card, [x for x, n in cnt.items() if n == low])
    _to_flower(s, v, prefix + f"a {v} on flower {v}.", why)


def _to_flower(s: Table, v: int, line: str, why: str) -> None:
    """Bumblebot's fall-back always succeeds: a flower takes its die even when a blocker stands there."""
    bumblebot(s).pool.remove(v)
    s.spaces[f"D{v}"].append((BUMBLEBOT, v))
    log(s, with_detail(line, why))


def _place_on_threat(s: Table, v: int, prefix: str, why: str) -> bool:
    """Solo Threats: a die bound for E or G goes to a threat instead."""
    need = threat_spaces(s)
    open_ = [th for th in s.threats if len(th.dice) < need]
    if not open_:
        return False
    harmful = [th for th in open_ if all(o != BUMBLEBOT for o, _ in th.dice)]
    th = (harmful or open_)[0]
    b = bumblebot(s)
    die = v
    placed = [x for _, x in th.dice if x != 0]
    if placed and placed[0] in b.pool:
        die = placed[0]
    b.pool.remove(die)
    th.dice.append((BUMBLEBOT, die))
    instead = "With Threats, a die it would place on E or G goes on a threat instead."
    log(s, with_detail(prefix + f"a {die} on the {th.name}.", f"{why} {instead}".strip()))
    return True


@task("bumblebot_blocker")
def t_bumblebot_blocker(s: Table, args: list[str]) -> bool:
    """After Bumblebot's turn: a blocker of the card's blocker value, rightmost action first."""
    b = bumblebot(s)
    if b.card is not None:
        place_card_blocker(s, solo_cards()[b.card], rightmost=True)
    return True


# -- the night --------------------------------------------------------------------------


def hatch_pair(s: Table, v: int) -> bool:
    """B: Bumblebot's pair of ``v`` on action B returns an egg for one more die."""
    b = bumblebot(s)
    if v not in b.hatch_pairs:
        return False
    b.hatch_pairs.remove(v)
    b.pool += [v, v]
    if b.eggs > 0 and s.supply_dice[b.colour] > 0:
        b.eggs -= 1
        s.supply_eggs += 1
        b.dice += 1
        b.pool.append(v)
        s.supply_dice[b.colour] -= 1
        log(s, f"Night — B: Bumblebot hatches an egg with its pair of {v}s ({b.dice} dice).")
    else:
        log(s, f"Night — B: Bumblebot's pair of {v}s has no egg to hatch.")
    return True


@task("bumblebot_honey")
def t_bumblebot_honey(s: Table, args: list[str]) -> bool:
    """F: resolve Bumblebot's next pair on F, in the chart order of its latest card."""
    b = s.bumblebot
    if b is None or not b.honey_pairs:
        return False
    card = solo_cards()[b.card] if b.card is not None else None
    v = chart_first(card, b.honey_pairs) if card else b.honey_pairs[0]
    b.honey_pairs.remove(v)
    b.pool += [v, v]
    s.queue.insert(0, make("bumblebot_honey"))
    if s.supply_rooms > 0:
        four = [c for c in range(6) if b.nectar[c] >= 4]
        if four:
            c = pick(s, four)
            _spend(s, {c: 4})
            _honey(s, v, f"4 {nectar_name(s, c)} nectar")
            return True
        combos = [(c, d) for c in range(6) if b.nectar[c] >= 3 for d in range(6) if d != c and b.nectar[d] >= 2]
        if combos:
            c, d = pick(s, combos)
            _spend(s, {c: 3, d: 2})
            _honey(s, v, f"3 {nectar_name(s, c)} and 2 {nectar_name(s, d)} nectar")
            return True
        three = [c for c in range(6) if b.nectar[c] >= 3]
        if three and b.eggs > 0:
            c = pick(s, three)
            _spend(s, {c: 3})
            b.eggs -= 1
            s.supply_eggs += 1
            _honey(s, v, f"3 {nectar_name(s, c)} nectar and an egg")
            return True
    b.failed_pairs.append(v)
    log(s, f"Night — F: Bumblebot's pair of {v}s cannot make honey.")
    return True


@task("bumblebot_failed_pairs")
def t_bumblebot_failed_pairs(s: Table, args: list[str]) -> bool:
    """End of F: each failed pair brings Bumblebot a nectar of the colour matching its value
    (one per die at the harder level); this nectar arrives too late for this night's pairs."""
    b = s.bumblebot
    if b is None or not b.failed_pairs:
        return False
    per = 2 if s.options.difficulty == "harder" else 1
    got = []
    for v in b.failed_pairs:
        for _ in range(per):
            c = v - 1
            if s.supply_nectar[c] > 0:
                s.supply_nectar[c] -= 1
                b.nectar[c] += 1
                got.append(c)
    b.failed_pairs.clear()
    log(s, f"Night — F: Bumblebot's failed pairs bring it {nectar_str(s, got) or 'no'} nectar.")
    return True


def pick(s: Table, options: list[T]) -> T:
    """Bumblebot's choice among equal options: chance, shown to everyone."""
    if len(options) == 1:
        return options[0]
    s.reveal()
    return options[Rng(s.rng).below(len(options))]


def _spend(s: Table, use: dict[int, int]) -> None:
    b = bumblebot(s)
    for c, k in use.items():
        b.nectar[c] -= k
        s.supply_nectar[c] += k


def _honey(s: Table, v: int, what: str) -> None:
    b = bumblebot(s)
    s.supply_rooms -= 1
    b.honey += 1
    log(s, f"Night — F: Bumblebot's pair of {v}s turns {what} into honey ({b.honey} honey).")
    honey_made(s, "Bumblebot", b.honey)


def suffer(s: Table, name: str, kind: str) -> None:
    """A threat strikes Bumblebot: nectar it has fewest of (rooms too: it has none), else
    honey for the egg and nectar threats; a die for the die threats."""
    b = bumblebot(s)
    if kind in ("nectar", "room"):
        have = [c for c in range(6) if b.nectar[c] > 0]
        if have:
            low = min(b.nectar[c] for c in have)
            c = pick(s, [c for c in have if b.nectar[c] == low])
            b.nectar[c] -= 1
            s.supply_nectar[c] += 1
            log(s, f"{name}: Bumblebot loses {a_nectar(s, c)}.")
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
        if b.dice > 0:
            b.dice -= 1
            b.pool.pop()
            s.supply_dice[b.colour] += 1
            log(s, f"{name}: Bumblebot loses a die ({b.dice} left).")
        else:
            log(s, f"{name}: Bumblebot has no die left to lose.")
