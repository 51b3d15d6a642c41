"""Raids: a player raiding a player or a wild hive (dice, rerolls, the
defender's sacrifices, dropped dice, pressing and taking honey), and a wild
hive raiding a player or another wild hive."""

from __future__ import annotations

from ...core.state import with_detail
from . import hooks
from .colony import agree, card, count, gain_disease, hive_name, level, pool_size
from .common import ask, d6, raid_dice, remove_wild
from .data import game_data
from .map import hive_tile
from .models import (
    BeeLivesState,
    DropMove,
    HoneyMove,
    Player,
    PressMove,
    Raid,
    RaidMove,
    RerollMove,
    SacrificeMove,
    WildRaid,
)


def _dice_txt(dice: list[int]) -> str:
    if not dice:
        return "no dice"
    return str(dice[0]) if len(dice) == 1 else "+".join(map(str, dice)) + f" = {sum(dice)}"


def _kill_party(p: Player, r: Raid, n: int) -> None:
    """``n`` bees of the raid party die."""
    r.party -= n
    p.assigned["raid"] -= n
    p.workers -= n


def aggressive_bonus(s: BeeLivesState, p: Player, bees: int) -> int:
    """An Aggressive queen's strength in a raid: one per two of the ``bees`` involved (raiders;
    or bees on Defend and free bees sacrificed), and *On Guard*'s +1 "when raiding and
    defending" -- only when some bee is involved: with nobody raiding or defending, the queen
    adds nothing (issue 19)."""
    if p.queen != "aggressive" or bees <= 0:
        return 0
    c = card(s)
    return bees // game_data().rules.aggressive_per + (c.aggressive_bonus if c is not None else 0)


def aggressive_words(s: BeeLivesState, p: Player, bees: int, whose: str) -> str:
    """What an Aggressive queen adds, in words, for the detail of a raid's log line: "2 from Amber's
    aggressive queen (one per 2 of the 5 raiders, and 1 from On Guard)", or "(1 from On Guard)" where
    the bees are too few to add one; ``whose`` names one bee ("raider", "bee defending"). Empty when
    the queen adds nothing."""
    bonus = aggressive_bonus(s, p, bees)
    if not bonus:
        return ""
    per = game_data().rules.aggressive_per
    c = card(s)
    noun, _, tail = whose.partition(" ")
    parts = [f"one per {per} of the {count(bees, noun)}{' ' + tail if tail else ''}"] if bees // per else []
    if c is not None and c.aggressive_bonus:
        parts.append(f"{c.aggressive_bonus} from {c.name}")
    return f"{bonus} from {p.name}'s aggressive queen ({', and '.join(parts)})"


def _queen_note(bonus: int) -> str:
    """The short word in a raid's log line for an Aggressive queen's part of a strength."""
    return f" (aggressive queen +{bonus})" if bonus else ""


def _strength_words(s: BeeLivesState, p: Player, r: Raid) -> str:
    """The raid's strength taken apart (the dice, capped by the party, and the queen), for the detail
    of its log line."""
    dice = sum(r.dice)
    capped = f"{dice} from the dice" if dice <= r.party else \
        f"{r.party} from the dice ({dice}, capped by the {count(r.party, 'raider')})"
    queen = aggressive_words(s, p, r.party, "raider") if r.party else ""
    return f"Strength {raid_strength(s, p, r)}: {capped}" + (f" + {queen}" if queen else "") + "."


def storms_bonus(s: BeeLivesState, p: Player) -> int:
    """Summer Storms: the strength a defending colony ``p`` adds to its defence, one per five workers (0 under
    any other card)."""
    c = card(s)
    return (p.workers // 5) * c.defend_per5 if c is not None and c.defend_per5 else 0


# -- a player raids --------------------------------------------------------------------------


def start_raid(s: BeeLivesState, seat: int, move: RaidMove) -> None:
    """A player's Raid: the bees go to Raid, the target is marked as raided this month and the party rolls its
    raid dice; the reroll question follows. In a solo game Pacifist may end the game first, and Zombees
    checks the target's tile."""
    p = s.players[seat]
    p.unassigned -= move.bees
    p.assigned["raid"] += move.bees
    p.raided.append(move.target)
    if s.solo is not None:
        hooks.raided(s, seat, move.target)
        if s.solo.failed is not None:
            return  # the raid breaks the challenge: the game ends before it is fought
    r = Raid(attacker=seat, target=move.target, initial=move.bees, party=move.bees)
    r.dice = raid_dice(s, pool_size(r.party))
    s.raid = r
    s.say(f"{p.name} raids {hive_name(s, move.target)} with {count(move.bees, 'bee')} "
          f"and rolls {_dice_txt(r.dice)}.")
    if s.solo is not None:
        hooks.touched(s, f"p{seat}", hive_tile(s, move.target))
    _after_roll(s)


def _after_roll(s: BeeLivesState) -> None:
    r = s.raid
    assert r is not None
    if r.rerolls < game_data().rules.max_rerolls and r.party >= 2:
        ask(s, r.attacker, "reroll")
        return
    _after_rerolls(s)


def reroll_moves(s: BeeLivesState) -> list[RerollMove]:
    """The reroll answers: keep the roll, or sacrifice a raider and roll again."""
    return [RerollMove(reroll=False), RerollMove(reroll=True)]


def do_reroll(s: BeeLivesState, seat: int, move: RerollMove) -> None:
    """Keep the raid roll, or sacrifice one raider and roll again (at most three rerolls a raid)."""
    r = s.raid
    assert r is not None
    s.pending = None
    if not move.reroll:
        _after_rerolls(s)
        return
    p = s.players[seat]
    _kill_party(p, r, 1)
    r.rerolls += 1
    r.dice = raid_dice(s, pool_size(r.party))
    s.say(f"{p.name} sacrifices a raider and rolls again: {_dice_txt(r.dice)}.")
    _after_roll(s)


def _after_rerolls(s: BeeLivesState) -> None:
    r = s.raid
    assert r is not None
    if r.target[0] == "p":
        d = s.players[int(r.target[1:])]
        r.defend = d.assigned["defend"]
        if r.party > 0 and d.assigned["defend"] + d.unassigned > 0:
            ask(s, int(r.target[1:]), "sacrifice")
            return
        _drop_or_resolve(s)
    else:
        _strike_wild(s)


def sacrifice_moves(s: BeeLivesState) -> list[SacrificeMove]:
    """Sacrifices open to the defender of a player raid (at most one per raider)."""
    r = s.raid
    assert r is not None
    d = s.players[int(r.target[1:])]
    out = []
    for sd in range(min(d.assigned["defend"], r.party) + 1):
        for su in range(min(d.unassigned, r.party - sd) + 1):
            out.append(SacrificeMove(defenders=sd, unassigned=su))
    return out


def do_sacrifice(s: BeeLivesState, seat: int, move: SacrificeMove) -> None:
    """The raided player's sacrifice: each Defend or free bee given up kills one raider and lowers the raid's
    strength by one."""
    r = s.raid
    assert r is not None
    s.pending = None
    d = s.players[seat]
    a = s.players[r.attacker]
    d.assigned["defend"] -= move.defenders
    d.unassigned -= move.unassigned
    d.workers -= move.defenders + move.unassigned
    r.sac_defend = move.defenders
    r.sac_unassigned = move.unassigned
    n = move.defenders + move.unassigned
    if n:
        _kill_party(a, r, n)
        s.say(f"{d.name} sacrifices {count(n, 'bee')}, and {n} of {a.name}'s raiders "
              f"{agree(n, 'falls with it', 'fall with them')}.")
    _drop_or_resolve(s)


def _drop_or_resolve(s: BeeLivesState) -> None:
    r = s.raid
    assert r is not None
    while len(r.dice) > pool_size(r.party):
        if len(set(r.dice)) == 1 or r.party == 0:
            r.dice.pop()
            continue
        ask(s, r.attacker, "drop")
        return
    _resolve_player_raid(s)


def drop_moves(s: BeeLivesState) -> list[DropMove]:
    """The dice the attacker may remove when the party falls a bracket of the raid dice pool, one per face
    rolled."""
    r = s.raid
    assert r is not None
    return [DropMove(die=v) for v in sorted(set(r.dice))]


def do_drop(s: BeeLivesState, seat: int, move: DropMove) -> None:
    """Remove the chosen die from a party that fell a bracket, then go on with the raid."""
    r = s.raid
    assert r is not None
    s.pending = None
    r.dice.remove(move.die)
    s.say(f"{s.players[seat].name}'s party falls a bracket: the {move.die} is removed.")
    _drop_or_resolve(s)


def raid_strength(s: BeeLivesState, p: Player, r: Raid) -> int:
    """The party's strength: the dice total capped by the party, plus the queen."""
    return min(sum(r.dice), r.party) + (aggressive_bonus(s, p, r.party) if r.party else 0)


def _resolve_player_raid(s: BeeLivesState) -> None:
    rules = game_data().rules
    r = s.raid
    assert r is not None
    a = s.players[r.attacker]
    di = int(r.target[1:])
    d = s.players[di]
    strength = raid_strength(s, a, r)
    sac = r.sac_defend + r.sac_unassigned
    queen_a = aggressive_bonus(s, a, r.party) if r.party else 0
    queen_d = aggressive_bonus(s, d, r.defend + r.sac_unassigned)
    storms = storms_bonus(s, d)
    cut = r.defend + sac + queen_d + storms
    final = max(0, strength - cut)
    stolen = min(final, d.honey)
    if rules.steal_needs_cells:
        stolen = min(stolen, a.empty)
    d.honey -= stolen
    a.honey += stolen
    moved = 0
    if stolen > 0:
        div = rules.player_raid_disease_divisor
        moved = gain_disease(a, -(-level(d) // div), raid=True)
    took = f"steals {stolen} honey" if stolen else "steals no honey"
    mite = f" and the mite moves {count(moved, 'space')}" if moved else ""
    line = (f"Raid strength {strength}{_queen_note(queen_a)} - {cut} defence{_queen_note(queen_d)} = {final}: "
            f"{a.name} {took}{mite}")
    if stolen >= r.initial * rules.success_share:
        a.vp += rules.vp.raid_success
        line += f"; the raid succeeds (+{rules.vp.raid_success} VP)."
    else:
        d.vp += rules.vp.defence
        line += f"; the raid fails and {d.name} scores {rules.vp.defence} VP."
    detail = ""
    if queen_a or queen_d:  # (an Aggressive queen's part, taken apart in the whole log)
        parts = [(count(r.defend, "bee") if r.defend else "no bees") + " on Defend", f"{sac} sacrificed" if sac else "",
                 aggressive_words(s, d, r.defend + r.sac_unassigned, "bee defending"),
                 f"{storms} from {c.name}" if storms and (c := card(s)) is not None else ""]
        detail = f"{_strength_words(s, a, r)} Defence {cut}: {' + '.join(x for x in parts if x)}."
    s.say(with_detail(line, detail))
    s.raid = None


# -- raiding a wild hive ----------------------------------------------------------------------


def _strike_wild(s: BeeLivesState) -> None:
    r = s.raid
    assert r is not None
    a = s.players[r.attacker]
    w = s.wild[int(r.target[1:])]
    strength = raid_strength(s, a, r)
    r.reduced = min(strength, w.strength)
    w.strength -= r.reduced
    queen = aggressive_bonus(s, a, r.party) if r.party else 0
    s.say(with_detail(f"Raid strength {strength}{_queen_note(queen)}: the {w.name} wild hive drops to {w.strength}.",
                      _strength_words(s, a, r) if queen else ""))
    if w.strength > 0 and r.party > 0:
        ask(s, r.attacker, "press")
        return
    _honey_step(s)


def press_moves(s: BeeLivesState) -> list[PressMove]:
    """The raiders the attacker may sacrifice to weaken a raided wild hive further: none up to as many as the
    party or the hive's strength allows."""
    r = s.raid
    assert r is not None
    w = s.wild[int(r.target[1:])]
    return [PressMove(bees=b) for b in range(min(r.party, w.strength) + 1)]


def do_press(s: BeeLivesState, seat: int, move: PressMove) -> None:
    """Sacrifice that many more raiders, each lowering the raided wild hive's strength by one; the honey to
    take is asked next."""
    r = s.raid
    assert r is not None
    s.pending = None
    if move.bees:
        w = s.wild[int(r.target[1:])]
        _kill_party(s.players[seat], r, move.bees)
        r.pressed = move.bees
        w.strength -= move.bees
        s.say(f"{s.players[seat].name} sacrifices {count(move.bees, 'more raider')}: "
              f"the {w.name} wild hive drops to {w.strength}.")
    _honey_step(s)


def honey_cap(s: BeeLivesState) -> int:
    """The most honey the attacker may take from a raided wild hive: what its strength lost, no more than the
    attacker's empty cells."""
    r = s.raid
    assert r is not None
    return max(0, min(r.reduced + r.pressed, s.players[r.attacker].empty))


def _honey_step(s: BeeLivesState) -> None:
    r = s.raid
    assert r is not None
    if honey_cap(s) > 0:
        ask(s, r.attacker, "honey")
        return
    _finish_wild_raid(s, 0)


def honey_moves(s: BeeLivesState) -> list[HoneyMove]:
    """The honey amounts the attacker may take from the raided wild hive, from :func:`honey_cap` down to none."""
    return [HoneyMove(amount=k) for k in range(honey_cap(s), -1, -1)]


def do_honey(s: BeeLivesState, seat: int, move: HoneyMove) -> None:
    """Take that much honey from the supply and finish the raid on the wild hive."""
    s.pending = None
    _finish_wild_raid(s, move.amount)


def _finish_wild_raid(s: BeeLivesState, honey: int) -> None:
    rules = game_data().rules
    r = s.raid
    assert r is not None
    a = s.players[r.attacker]
    idx = int(r.target[1:])
    a.honey += honey
    moved = gain_disease(a, rules.wild_raid_disease, raid=True) if honey > 0 else 0
    if honey or moved:
        moves = f"; the mite moves {count(moved, 'space')}" if moved else ""
        s.say(f"{a.name} takes {honey} honey from the supply{moves}.")
    if s.wild[idx].strength <= 0:
        remove_wild(s, idx)
        a.vp += rules.vp.wild_removed
        s.say(f"{a.name} scores {rules.vp.wild_removed} VP for wiping out the wild hive.")
    s.raid = None


# -- wild hives raid --------------------------------------------------------------------------


def wild_raid_amount(s: BeeLivesState, wr: WildRaid, sd: int, su: int) -> tuple[int, int]:
    """``(honey the wild hive takes before the honey cap, its strength after sacrifices)``."""
    wd = game_data().wild
    d = s.players[wr.seat]
    w = s.wild[wr.hive]
    defend = d.assigned["defend"]
    cut = (defend - sd) + wd.sacrificed_defender_value * sd + wd.sacrificed_unassigned_value * su
    cut += aggressive_bonus(s, d, defend + su) + storms_bonus(s, d)
    after = max(0, w.strength - wd.sacrificed_defender_value * sd - wd.sacrificed_unassigned_value * su)
    return max(0, min(wr.roll, w.strength) - cut), after


def wild_raid_player(s: BeeLivesState, hive: int, seat: int, step: int) -> None:
    """Wild hive ``hive`` raids player ``seat`` (chart step ``step``): a token goes on the player's hive and
    the D6 gives the honey it would steal; the defender is asked for a sacrifice when one could matter,
    else the raid is resolved at once."""
    w = s.wild[hive]
    d = s.players[seat]
    assert d.hive is not None
    w.raid_tokens.append(d.hive)
    w.raided.append(f"p{seat}")
    roll = d6(s)
    wr = WildRaid(hive=hive, seat=seat, roll=roll, step=step)
    s.wraid = wr
    s.say(f"The {w.name} wild hive (strength {w.strength}) raids {d.name}'s hive: the D6 shows {roll}.")
    wd = game_data().wild
    defend = d.assigned["defend"]
    amount, _ = wild_raid_amount(s, wr, 0, 0)
    can_kill = wd.sacrificed_defender_value * defend + wd.sacrificed_unassigned_value * d.unassigned >= w.strength
    if (defend + d.unassigned > 0) and ((amount > 0 and d.honey > 0) or can_kill):
        ask(s, seat, "wild_sacrifice", hive=hive)
        return
    resolve_wild_raid(s, 0, 0)


def wild_sacrifice_moves(s: BeeLivesState) -> list[SacrificeMove]:
    """The sacrifices a player raided by a wild hive may make: bees from Defend and free bees, no more than
    can still lower the hive's strength."""
    wr = s.wraid
    assert wr is not None
    wd = game_data().wild
    d = s.players[wr.seat]
    strength = s.wild[wr.hive].strength
    vd, vu = wd.sacrificed_defender_value, wd.sacrificed_unassigned_value
    out = []
    for sd in range(d.assigned["defend"] + 1):
        if sd and vd * (sd - 1) >= strength:
            break
        for su in range(d.unassigned + 1):
            if su and vd * sd + vu * (su - 1) >= strength:
                break
            out.append(SacrificeMove(defenders=sd, unassigned=su))
    return out


def do_wild_sacrifice(s: BeeLivesState, seat: int, move: SacrificeMove) -> None:
    """Give up the chosen Defend and free bees against the wild hive's raid, then resolve it."""
    s.pending = None
    d = s.players[seat]
    if move.defenders or move.unassigned:
        n = move.defenders + move.unassigned
        parts = [f"{move.defenders} from Defend" if move.defenders else "",
                 f"{move.unassigned} free" if move.unassigned else ""]
        s.say(f"{d.name} sacrifices {count(n, 'bee')} ({' and '.join(x for x in parts if x)}).")
    resolve_wild_raid(s, move.defenders, move.unassigned)


def resolve_wild_raid(s: BeeLivesState, sd: int, su: int) -> None:
    """Resolve a wild hive's raid on a player after sacrificing ``sd`` Defend bees and ``su`` free bees: the
    honey is stolen (back to the supply) and the hive gains one strength if it stole any; a hive brought to 0
    leaves the map and the defender scores its VP, as does a defender who had honey and lost none."""
    rules = game_data().rules
    wd = game_data().wild
    wr = s.wraid
    assert wr is not None
    d = s.players[wr.seat]
    w = s.wild[wr.hive]
    amount, after = wild_raid_amount(s, wr, sd, su)
    d.assigned["defend"] -= sd
    d.unassigned -= su
    d.workers -= sd + su
    had = d.honey
    stolen = min(amount, d.honey)
    d.honey -= stolen
    w.strength = after
    if stolen >= 1:
        w.strength = min(wd.max_strength, w.strength + 1)
    s.wraid = None
    if w.strength <= 0:
        s.say(f"{d.name} keeps all the honey.")
        remove_wild(s, wr.hive)
        d.vp += rules.vp.wild_removed
        s.say(f"{d.name} scores {rules.vp.wild_removed} VP for wiping out the wild hive.")
        return
    if stolen:
        s.say(f"The {w.name} wild hive takes {stolen} honey from {d.name} and grows to strength {w.strength}.")
    elif had > 0:
        # "When another hive raids your hive, you score 2 VP if the raid is unsuccessful": a wild
        # raid that takes no honey from a comb that had some was stopped
        d.vp += rules.vp.defence
        s.say(f"{d.name} loses no honey: the raid fails and {d.name} scores {rules.vp.defence} VP; "
              f"the {w.name} wild hive is at strength {w.strength}.")
    else:
        s.say(f"{d.name} has no honey to lose; the {w.name} wild hive is at strength {w.strength}.")


def wild_raid_wild(s: BeeLivesState, hive: int, target: int) -> None:
    """Wild hive ``hive`` raids wild hive ``target``: a D6 each, the stronger adds the difference, ties go to
    the defender; the winner gains one strength, the loser loses one and leaves the map at 0."""
    wd = game_data().wild
    a = s.wild[hive]
    t = s.wild[target]
    assert t.tile is not None
    a.raid_tokens.append(t.tile)
    a.raided.append(f"w{target}")
    ra, rt = d6(s), d6(s)
    ta, tt = ra, rt
    if a.strength > t.strength:
        ta += a.strength - t.strength
    elif t.strength > a.strength:
        tt += t.strength - a.strength
    if ta > tt:
        win, lose = a, t
        lose_idx = target
    else:
        win, lose = t, a
        lose_idx = hive
    gap = abs(a.strength - t.strength)
    plus = f", +{gap} for the stronger" if gap else ""
    tie = " (a tie goes to the defender)" if ta == tt else ""
    s.say(f"The {a.name} wild hive (strength {a.strength}) raids the {t.name} wild hive (strength {t.strength}): "
          f"the D6s show {ra} and {rt}{plus}, so {ta} against {tt}; the {win.name} wild hive wins{tie}.")
    win.strength = min(wd.max_strength, win.strength + 1)
    lose.strength -= 1
    if lose.strength <= 0:
        remove_wild(s, lose_idx)
    else:
        s.say(f"The {win.name} wild hive grows to {win.strength}; the {lose.name} wild hive falls to {lose.strength}.")
