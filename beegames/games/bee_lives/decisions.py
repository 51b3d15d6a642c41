"""Every decision of Bee Lives in words, for a screen to draw as it is.

:func:`decision_view` answers "what may this seat decide now, and what does
each choice do?": a question, a line of keys, and a tree of
:class:`Entry` (the turn's eight actions open into their tiles, spaces,
targets and sizes). Each entry carries its whole label, the move it plays,
the numbers that come before the choice (raid odds, costs, what it gains and
loses), why it is refused, and, for a move that loses something for good (it
ends the game, breaks a challenge or a campaign, or lets bees starve), the
words to ask first with. Forms (what to collect, what to sacrifice) are
number rows whose values the screen keeps and passes back.

Everything is worked out by the rules: a choice's consequences are read from
the state the move would lead to (:func:`flow.play` on a copy), never
re-computed here. Places are named as the map names them (:func:`place_name`,
:func:`space_name`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from ...core.errors import IllegalMove
from . import actions, raids
from .colony import agree, card, count, disease_text, hive_name, level, pool_size, spawn_strength, threshold
from .common import DIRECTION_WORDS, place_name, space_name, tile_label
from .data import game_data
from .flow import legal_moves, play
from .joining import group_owner, own_group
from .map import distance, geometry, group_cells, hive_tile, rotated
from .models import (
    BackMove,
    BeeLivesState,
    CellMove,
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    DropMove,
    ForageMove,
    HiveMove,
    HoneyMove,
    JoinMove,
    KeepMove,
    PlaceMove,
    PressMove,
    QueenMove,
    RaidMove,
    RequeenMove,
    RerollMove,
    SacrificeMove,
    ScareMove,
    ScoutMove,
    StarveMove,
    StayMove,
    TileMove,
    WaxMove,
)
from .months import feeding_numbers
from .swarm import stay_or_leave_score

#: what each queen does, in a few words
QUEEN_POWERS = {
    "aggressive": "+1 strength per 2 bees in every raid, attacking or defending",
    "prolific": "+1 bee for every 2 brood that hatch",
    "hygienic": "disease grows more slowly (track side B); a raid adds at most 1",
    "nomadic": "swarms sooner (the purple threshold)",
}
#: the turn's actions: key and title
ACTION_KEYS = {"forage": "f", "scout": "s", "raid": "r", "defend": "d", "wax": "w", "clean": "c", "cool": "o",
               "requeen": "q"}
ACTION_TITLES = {"forage": "Forage", "scout": "Scout", "raid": "Raid", "defend": "Defend", "wax": "Build wax",
                 "clean": "Clean bees", "cool": "Cool hive", "requeen": "Requeen"}
#: the number rows of each form, in order
FORMS: dict[str, tuple[str, ...]] = {
    "collect": ("honey", "pollen", "water"),
    "sacrifice": ("defenders", "unassigned"),
    "wild_sacrifice": ("defenders", "unassigned"),
}
#: decisions answered with a tile (lit on the map)
TILE_KINDS = ("swarm_tile", "card_spawn", "harder_spawn", "wild_forage", "wild_swarm", "campaign_spawn")
#: decisions answered with a hive (its tile lit on the map)
HIVE_KINDS = ("wild_order", "wild_target", "infect_pick")


class Number(BaseModel):
    """A number row of a form: ``field`` set between ``low`` and ``high``."""

    field: str
    low: int
    high: int
    value: int


class Spot(BaseModel):
    """What an entry stands for on the map: a tile, an empty space of a group
    (``(group, q, r)``), or, while joining, the shift of the joining group."""

    tile: int | None = None
    space: tuple[int, int, int] | None = None
    shift: tuple[int, int] | None = None


class Entry(BaseModel):
    """One choice. Its whole label is :attr:`label` (``title · detail``)."""

    title: str
    detail: str = ""
    #: the move it plays (None for an entry that opens ``group`` or a number row)
    move: Any = None
    #: a shortcut key (the turn's actions)
    key: str | None = None
    #: why it cannot be chosen now
    refused: str | None = None
    number: Number | None = None
    #: a sub-list, opened by choosing the entry
    group: list[Entry] | None = None
    #: what is lost for good by this move: ask before playing it
    confirm: str | None = None
    spot: Spot | None = None
    #: a tile kind the label is about (for a colour chip)
    tile_kind: str | None = None

    @property
    def label(self) -> str:
        """The line the list shows: the title, then the detail after a dot when there is one."""
        return f"{self.title} · {self.detail}" if self.detail else self.title


class DecisionView(BaseModel):
    seat: int
    kind: str
    #: the question, in full
    question: str
    #: the keys that answer it
    keys: str
    entries: list[Entry]
    #: a form's outcome with the numbers set now (a sacrifice: what it saves and costs)
    preview: str = ""
    #: a form's values as they stand (clamped into range)
    form: dict[str, int] = {}
    #: the empty space the decision is about (the scouted space while a tile is kept)
    space: tuple[int, int, int] | None = None
    #: the tiles the decision is about, the most important first: the deciding colony's hive, then the
    #: hive that raids it or that it raids, the wild hive that acts, the tile foraged (a screen keeps
    #: them in view, as many as fit)
    about: list[int] = []


# ---------------------------------------------------------------------------
# consequences, read from the state a move leads to


def after(s: BeeLivesState, move: Any) -> BeeLivesState | None:
    """The state ``move`` leads to (before any automatic step), or None if illegal."""
    try:
        return play(s, move)
    except IllegalMove:
        return None


def _ends(before: BeeLivesState, later: BeeLivesState) -> str | None:
    """What ``later`` lost that ``before`` had not: a broken goal or the end of the game."""
    if later.solo is not None and later.solo.failed is not None and (before.solo is None
                                                                     or before.solo.failed is None):
        return f"{later.solo.failed}: the game ends here, lost"
    if later.over and not before.over:
        return "the game ends here"
    return None


def loss(s: BeeLivesState, seat: int, move: Any) -> str | None:
    """What playing ``move`` loses for good, in words, or None: the game or a
    goal (read from the state it leads to, and from every answer to the small
    question it leads to when the same seat must answer it at once, so that
    "stay" after a swarm is known to break Strong Leader), or bees that could
    have been kept."""
    if isinstance(move, StarveMove):
        pend = s.pending
        if pend is None or move.tokens >= pend.amount:
            return None
        _spend, starving, _keep = feeding_numbers(s, s.players[seat], s.month > 9)
        could = pend.amount - move.tokens
        dead = starving - move.tokens
        return (f"{count(dead, 'bee')} {agree(dead, 'starves and is', 'starve and are')} lost; starvation tokens "
                f"could keep {count(could, 'more bee')}")
    if s.solo is not None:
        if isinstance(move, RequeenMove) and _nursery_open(s):
            # (Nursery breaks only at next month's Brood phase: the state the move leads to does not say so)
            return "the new queen rests, so no brood hatches next month and the Nursery challenge is lost"
        later = after(s, move)
        if later is None:
            return None
        lost = _ends(s, later)
        if lost is not None:
            return lost
        pend = later.pending
        if pend is not None and pend.seat == seat and not later.over:
            answers = legal_moves(later)
            if 0 < len(answers) <= 6:
                outs = [_ends(s, x) for m in answers if (x := after(later, m)) is not None]
                if outs and all(outs):
                    return outs[0]
    if isinstance(move, WaxMove):
        return _wax_starves(s, seat, move)
    if isinstance(move, (SacrificeMove, RerollMove, PressMove)):
        return _last_workers(s, seat, move)
    return None


def _nursery_open(s: BeeLivesState) -> bool:
    """The Nursery challenge is in play and not lost, and a Brood phase is still to come this year."""
    solo = s.solo
    return solo is not None and solo.challenge == "nursery" and solo.failed is None and s.month < 9


def _last_workers(s: BeeLivesState, seat: int, move: Any) -> str | None:
    """A move that kills bees: say so if it kills the colony's last worker
    (a colony without workers has no turn until brood hatches, and brood
    hatches only on pollen)."""
    if s.players[seat].workers <= 0:
        return None
    later = after(s, move)
    if later is None or later.players[seat].workers > 0:
        return None
    if later.players[seat].pollen <= 0:
        return "it leaves you 0 worker bees, and no pollen to hatch new ones"
    return "it leaves you 0 worker bees: no action until brood hatches"


def _wax_starves(s: BeeLivesState, seat: int, move: WaxMove) -> str | None:
    """Wax spends honey: say so if the next feeding then starves more bees."""
    if s.month > 9:
        return None
    later = after(s, move)
    if later is None:
        return None
    winter = s.month == 9
    p, q = s.players[seat], later.players[seat]
    if p.skip_feeding and not winter:
        return None
    _a, before, _k = feeding_numbers(s, p, winter)
    spend, starving, _k2 = feeding_numbers(later, q, winter)
    if starving <= before:
        return None
    when = "the first winter feeding" if winter else "next month's feeding"
    return f"{q.honey} honey is left and {when} then starves {count(starving, 'bee')}"


# ---------------------------------------------------------------------------
# raid odds


def _sum_dist(dice: int) -> dict[int, float]:
    """The chance of each total of ``dice`` raid dice."""
    faces = game_data().rules.raid_dice.faces
    dist = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for total, pr in dist.items():
            for f in range(1, faces + 1):
                nxt[total + f] = nxt.get(total + f, 0.0) + pr / faces
        dist = nxt
    return dist


def strength_odds(s: BeeLivesState, seat: int, bees: int) -> dict[int, float]:
    """The chance of each raid strength a party of ``bees`` rolls (the dice
    capped by the party, plus the queen's bonus)."""
    p = s.players[seat]
    bonus = raids.aggressive_bonus(s, p, bees) if bees else 0
    out: dict[int, float] = {}
    for total, pr in _sum_dist(pool_size(bees)).items():
        st = min(total, bees) + bonus
        out[st] = out.get(st, 0.0) + pr
    return out


def _pct(pr: float) -> str:
    n = round(100 * pr)
    if n == 100 and pr < 1:
        return ">99%"
    if n == 0 and pr > 0:
        return "<1%"
    return f"{n}%"


def _defence(s: BeeLivesState, target: int) -> int:
    """What a player's hive takes off a raid before any sacrifice."""
    d = s.players[target]
    defend = d.assigned["defend"]
    return defend + raids.aggressive_bonus(s, d, defend) + raids.storms_bonus(s, d)


def raid_odds(s: BeeLivesState, seat: int, target: str, bees: int) -> str:
    """"2 dice, strength 1-5; 44% to wipe it out": the numbers before a raid."""
    odds = strength_odds(s, seat, bees)
    lo, hi = min(odds), max(odds)
    dice = pool_size(bees)
    text = f"{count(dice, 'die', 'dice')}, strength {lo}" + (f"-{hi}" if hi != lo else "")
    idx = int(target[1:])
    if target[0] == "w":
        need = s.wild[idx].strength
        win = sum(pr for st, pr in odds.items() if st >= need)
        return text + f"; {_pct(win)} to wipe it out at once"
    rules = game_data().rules
    d = s.players[idx]
    cut = _defence(s, idx)
    room = s.players[seat].empty
    win = sum(pr for st, pr in odds.items()
              if min(max(0, st - cut), d.honey, room) >= bees * rules.success_share)
    text += f"; their defence takes {cut} off" if cut else ""
    return text + f"; {_pct(win)} to succeed if they sacrifice no bee"


# ---------------------------------------------------------------------------
# the turn


def _forage_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    p = s.players[seat]
    need = dict(actions.forage_targets(s, seat))
    out = []
    for m in moves:
        if not isinstance(m, ForageMove):
            continue
        h, po, w = actions.tile_yield(s, m.tile)
        gives = actions.resources_text((h, po, w)) or "nothing this month"
        detail = f"{count(need.get(m.tile, 1), 'bee')}, gives {gives}"
        if m.tile == p.hive:
            detail += " (your hive's tile)"
        else:
            dist = distance(s, p.hive, m.tile) if p.hive is not None else None
            if dist is not None:
                detail += f", {count(dist, 'space')} away"
        out.append(Entry(title=f"Forage the {tile_label(s, m.tile)}", detail=detail, move=m,
                         spot=Spot(tile=m.tile), tile_kind=s.tiles[m.tile].kind, confirm=loss(s, seat, m)))
    out.sort(key=lambda e: -sum(actions.tile_yield(s, e.spot.tile if e.spot and e.spot.tile is not None else 0)))
    return out


def _scout_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    p = s.players[seat]
    assert p.hive is not None
    group = s.tiles[p.hive].group
    c = card(s)
    roll = c.spawn_after_scout if c is not None else None
    out = []
    for m in moves:
        if isinstance(m, ScoutMove):
            detail = "1 bee: draw 2 tiles from the bag and keep one"
            if roll is not None:
                detail += f"; {c.name if c else ''}: a D6 of {roll}+ brings a wild hive there"
            out.append(Entry(title=f"Scout the space {space_name(s, group, m.q, m.r)}", detail=detail, move=m,
                             spot=Spot(space=(group, m.q, m.r)), confirm=loss(s, seat, m)))
    return out


def _raid_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    p = s.players[seat]
    targets = list(dict.fromkeys(m.target for m in moves if isinstance(m, RaidMove)))
    out = []
    for key in targets:
        idx = int(key[1:])
        tile = hive_tile(s, key)
        if key[0] == "w":
            what = f"strength {s.wild[idx].strength}"
        else:
            d = s.players[idx]
            what = f"{d.honey} honey, {d.assigned['defend']} on Defend, {count(d.unassigned, 'free bee')}"
        dist = distance(s, p.hive, tile) if p.hive is not None and tile is not None else None
        if dist is not None:
            what += f", {count(dist, 'space')} away"
        sizes = [Entry(title=f"Raid with {count(m.bees, 'bee')}", detail=raid_odds(s, seat, key, m.bees), move=m,
                       spot=Spot(tile=tile), confirm=loss(s, seat, m))
                 for m in moves if isinstance(m, RaidMove) and m.target == key]
        name = hive_name(s, key)
        out.append(Entry(title=f"Raid {name}", detail=what, group=sizes, spot=Spot(tile=tile)))
    for m in moves:
        if isinstance(m, ScareMove):
            out.append(Entry(title=f"Scare the ghosts off the {tile_label(s, m.tile)}",
                             detail="1 bee; the tile turns back to its light side", move=m, spot=Spot(tile=m.tile),
                             tile_kind=s.tiles[m.tile].kind, confirm=loss(s, seat, m)))
    return out


def _bees_entries(s: BeeLivesState, seat: int, moves: list[Any], kind: type) -> list[Entry]:
    p = s.players[seat]
    out = []
    for m in moves:
        if not isinstance(m, kind):
            continue
        later = after(s, m)
        q = later.players[seat] if later is not None else p
        if isinstance(m, DefendMove):
            title, detail = f"Defend with {count(m.bees, 'bee')}", f"{q.assigned['defend']} on Defend this month"
        elif isinstance(m, WaxMove):
            title = f"Build {count(m.bees, 'cell')}"
            detail = (f"{p.honey - q.honey} honey, comb {p.comb} -> {q.comb}, swarm threshold "
                      f"{threshold(p)} -> {threshold(q)}")
        elif isinstance(m, CleanMove):
            title = f"Clean with {count(m.bees, 'bee')}"
            moved = p.mite - q.mite
            change = _change("disease", level(p), level(q))
            detail = (f"the mite goes back {count(moved, 'space')} ({change}); the next disease gain this month "
                      f"is 1 less" if moved else "the mite is on the start space; the next disease gain this "
                                                 "month is 1 less")
        else:
            continue
        out.append(Entry(title=title, detail=detail, move=m, confirm=loss(s, seat, m)))
    return out


def _change(what: str, before: int, now: int) -> str:
    """"disease -3 -> -1", or "disease stays 0"."""
    if before == now:
        return f"{what} stays {disease_text(now)}"
    return f"{what} {disease_text(before)} -> {disease_text(now)}"


def _queen_entries(s: BeeLivesState, seat: int, moves: list[Any], extra: str = "") -> list[Entry]:
    out = []
    for m in moves:
        if isinstance(m, (QueenMove, RequeenMove)):
            same = " (the same type)" if isinstance(m, QueenMove) and s.players[seat].queen == m.queen else ""
            out.append(Entry(title=m.queen.capitalize() + same, detail=QUEEN_POWERS[m.queen] + extra, move=m,
                             confirm=loss(s, seat, m)))
    return out


def _action_note(s: BeeLivesState, seat: int, action: str, moves: list[Any]) -> tuple[str, str | None]:
    """(what the action reaches or costs, why it is refused or None)."""
    p = s.players[seat]
    u = p.unassigned
    if action == "forage":
        tiles = actions.forage_targets(s, seat)
        if not tiles:
            return "", "no free tile in reach for your free bees"
        need = sorted({b for _t, b in tiles})
        bees = f"{need[0]}-{need[-1]} bees" if need[0] != need[-1] else count(need[0], "bee")
        return f"{count(len(tiles), 'tile')} in reach, {bees}", None
    if action == "scout":
        spaces = [m for m in moves if isinstance(m, ScoutMove)]
        bag = sum(s.bag.values())
        if not spaces:
            return "", "the bag is empty" if bag == 0 else "no empty space in reach"
        return f"{count(len(spaces), 'space')}, 1 bee; {count(bag, 'tile')} in the bag", None
    if action == "raid":
        keys = list(dict.fromkeys(m.target for m in moves if isinstance(m, RaidMove)))
        scares = sum(1 for m in moves if isinstance(m, ScareMove))
        if not keys and not scares:
            return "", "no hive to raid within 3 spaces (a colony's hive needs honey)"
        # (more than two wild hives are counted, not named: the line heads the open group at 80 columns,
        # and each has its own entry there)
        wild = [k for k in keys if k[0] == "w"]
        named = [k for k in keys if k[0] != "w" or len(wild) <= 2]
        parts = [hive_name(s, k) for k in named] + ([f"{len(wild)} wild hives"] if len(wild) > 2 else []) \
            + ([f"scare ghosts ({count(scares, 'tile')})"] if scares else [])
        return ", ".join(parts), None
    if action in ("defend", "clean"):
        if u < 1:
            return "", "no free bee"
        bees = f"1-{u} bees" if u > 1 else "1 bee"
        if action == "clean":
            return f"{bees}; disease {disease_text(level(p))}", None
        return f"{bees}; {p.assigned['defend']} on Defend now", None
    if action == "wax":
        cost = actions.wax_cost(s)
        lim = actions.wax_limit(s, seat)
        if lim < 1:
            why = ("no free bee" if u < 1 else f"each cell costs {cost} honey, you have {p.honey}"
                   if p.honey < cost else f"the comb is at its largest ({p.comb} cells)")
            return "", why
        return f"up to {count(lim, 'cell')}, {cost} honey each; comb {p.comb}", None
    if action == "cool":
        cool_bees, water = actions.cool_cost(s, seat)
        active = card(s)
        hot = "overheating this month" if active is not None and active.overheat else "no overheating this month"
        if not actions.can_cool(s, seat):
            return "", f"needs {count(cool_bees, 'free bee')} and {water} water ({hot}; you have {p.water} water)"
        return f"{count(cool_bees, 'bee')} and {water} water; {hot}", None
    queens = [m.queen for m in moves if isinstance(m, RequeenMove)]
    if not queens:
        return "", "no free bee" if u < 1 else "no other queen is allowed now"
    return f"1 bee, no brood next month; {', '.join(queens)}", None


def _turn_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    groups: dict[str, Callable[[], list[Entry]]] = {
        "forage": lambda: _forage_entries(s, seat, moves),
        "scout": lambda: _scout_entries(s, seat, moves),
        "raid": lambda: _raid_entries(s, seat, moves),
        "defend": lambda: _bees_entries(s, seat, moves, DefendMove),
        "wax": lambda: _bees_entries(s, seat, moves, WaxMove),
        "clean": lambda: _bees_entries(s, seat, moves, CleanMove),
        "requeen": lambda: _queen_entries(s, seat, [m for m in moves if isinstance(m, RequeenMove)],
                                          "; 1 bee, no brood next month"),
    }
    allowed: list[Entry] = []
    refused: list[Entry] = []
    for action, key in ACTION_KEYS.items():
        note, why = _action_note(s, seat, action, moves)
        title = ACTION_TITLES[action]
        if why is not None:
            refused.append(Entry(title=title, key=key, refused=why))
        elif action == "cool":
            move = CoolMove()
            allowed.append(Entry(title=title, detail=note, key=key, move=move, confirm=loss(s, seat, move)))
        else:
            allowed.append(Entry(title=title, detail=note, key=key, group=groups[action]()))
    return allowed + refused


# ---------------------------------------------------------------------------
# the other decisions


def _tile_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    pend = s.pending
    ref: int | None = None
    ref_name = "your hive"
    if pend is not None and pend.hive is not None:
        ref = s.wild[pend.hive].tile
        ref_name = f"the {s.wild[pend.hive].name} wild hive"
    elif pend is not None:
        ref = s.players[pend.seat].hive
    out = []
    for m in moves:
        if isinstance(m, TileMove):
            dist = distance(s, ref, m.tile) if ref is not None else None
            detail = f"{count(dist, 'space')} from {ref_name}" if dist is not None else ""
            if m.tile == ref:
                detail = f"the tile of {ref_name}"
            out.append(Entry(title=f"The {tile_label(s, m.tile)}", detail=detail, move=m, spot=Spot(tile=m.tile),
                             tile_kind=s.tiles[m.tile].kind, confirm=loss(s, seat, m)))
    return out


def _hive_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    out = []
    for m in moves:
        if isinstance(m, HiveMove):
            idx = int(m.target[1:])
            tile = hive_tile(s, m.target)
            where = f" on {place_name(s, tile)}" if tile is not None else ""
            if m.target[0] == "w":
                detail = f"strength {s.wild[idx].strength}{where}"
            else:
                p = s.players[idx]
                detail = f"{count(p.unassigned + p.assigned['defend'], 'bee')} at home, {p.honey} honey{where}"
            name = hive_name(s, m.target)
            out.append(Entry(title=name[:1].upper() + name[1:], detail=detail, move=m, spot=Spot(tile=tile),
                             confirm=loss(s, seat, m)))
    return out


def _starve_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    vp = game_data().rules.vp.starvation_token
    _spend, starving, _keep = feeding_numbers(s, s.players[seat], s.month > 9)
    out = []
    for m in moves:
        if isinstance(m, StarveMove):
            dead = starving - m.tokens
            if m.tokens:
                title = f"Keep {count(m.tokens, 'bee')}"
                detail = f"{count(m.tokens, 'starvation token')} ({vp * m.tokens} VP at the end)"
            else:
                title = "Take no token"
                detail = "no VP lost"
            lost = loss(s, seat, m)
            # (the deaths a token could prevent are said once, in the warning after the label)
            if lost is None:
                detail += f"; {count(dead, 'bee')} {agree(dead, 'starves', 'starve')}" if dead else "; no bee starves"
            out.append(Entry(title=title, detail=detail, move=m, confirm=lost))
    return out


def _stay_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    p = s.players[seat]
    out = []
    for m in moves:
        if not isinstance(m, StayMove):
            continue
        later = after(s, m)
        if m.stay:
            detail = "choose a new queen (the same type is allowed); "
            # the halving happens with the new queen: read it from one
            queen = next((x for x in legal_moves(later) if isinstance(x, QueenMove)), None) if later else None
            done = after(later, queen) if later is not None and queen is not None else None
            if done is not None:
                q = done.players[seat]
                kept = actions.resources_text((p.honey, p.pollen, p.water))
                detail += (f"{_change('disease', level(p), level(q))}; keep {kept or 'an empty comb'}; "
                           f"no brood next month")
            out.append(Entry(title="Stay in your hive", detail=detail, move=m, confirm=loss(s, seat, m)))
        else:
            swarm = s.swarm
            tile = s.wild[swarm.spawned].tile if swarm is not None and swarm.spawned is not None else None
            where = f" on {place_name(s, tile)}" if tile is not None else ""
            detail = ""
            if later is not None:
                q = later.players[seat]
                lost = actions.resources_text((p.honey, p.pollen, p.water))
                detail = (f"{'discard ' + lost if lost else 'nothing to discard'}; "
                          f"{_change('disease', level(p), level(q))}; comb {p.comb} -> {q.comb}; "
                          f"keep the {p.queen} queen; no feeding and no brood next month")
            out.append(Entry(title=f"Leave for the new site{where}", detail=detail, move=m,
                             spot=Spot(tile=tile) if tile is not None else None, confirm=loss(s, seat, m)))
    return out


def _keep_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    from .common import TILE_LETTERS

    out = []
    new_id = len(s.tiles)
    for m in moves:
        if isinstance(m, KeepMove):
            gives = actions.resources_text(actions.kind_yield(s, m.tile)) or "nothing"
            out.append(Entry(title=f"Keep the {m.tile} tile",
                             detail=f"it becomes {TILE_LETTERS[m.tile]}{new_id}; gives {gives} this month",
                             move=m, tile_kind=m.tile, confirm=loss(s, seat, m)))
    return out


def _strength_now(s: BeeLivesState) -> int:
    r = s.raid
    assert r is not None
    return raids.raid_strength(s, s.players[r.attacker], r)


def _reroll_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    r = s.raid
    assert r is not None
    left = game_data().rules.max_rerolls - r.rerolls
    out = []
    for m in moves:
        if not isinstance(m, RerollMove):
            continue
        if m.reroll:
            odds = raid_odds(s, seat, r.target, r.party - 1)
            out.append(Entry(title="Sacrifice a raider and roll again",
                             detail=f"{count(r.party - 1, 'raider')} left: {odds}; "
                                    f"{count(left - 1, 'reroll')} left after this", move=m,
                             confirm=loss(s, seat, m)))
        else:
            shown = "+".join(map(str, r.dice))
            detail = f"{shown} with {count(r.party, 'raider')}: strength {_strength_now(s)}"
            if r.target[0] == "w":
                need = s.wild[int(r.target[1:])].strength
                detail += "; that wipes it out" if _strength_now(s) >= need else f"; it has strength {need}"
            out.append(Entry(title="Keep the dice", detail=detail, move=m, confirm=loss(s, seat, m)))
    return out


def _drop_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    out = []
    for m in moves:
        if isinstance(m, DropMove):
            later = after(s, m)
            detail = ""
            if later is not None and later.raid is not None:
                rest = "+".join(map(str, later.raid.dice)) or "no dice"
                detail = f"keep {rest}"
            out.append(Entry(title=f"Remove the {m.die}", detail=detail, move=m, confirm=loss(s, seat, m)))
    return out


def _press_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    r = s.raid
    assert r is not None
    w = s.wild[int(r.target[1:])]
    vp = game_data().rules.vp.wild_removed
    out = []
    for m in moves:
        if isinstance(m, PressMove):
            rest = max(0, w.strength - m.bees)
            title = "No more sacrifices" if m.bees == 0 else f"Sacrifice {count(m.bees, 'more raider')}"
            detail = f"the {w.name} wild hive stays at {rest}" if m.bees == 0 else \
                f"the {w.name} wild hive falls to {rest}"
            if rest == 0:
                detail += f" and is wiped out (+{vp} VP)"
            detail += f"; up to {min(r.reduced + m.bees, s.players[seat].empty)} honey to take"
            out.append(Entry(title=title, detail=detail, move=m, confirm=loss(s, seat, m)))
    return out


def _honey_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    out = []
    for m in moves:
        if isinstance(m, HoneyMove):
            later = after(s, m)
            detail = "no disease"
            if later is not None and m.amount:
                moved = later.players[seat].mite - s.players[seat].mite
                detail = f"the mite moves {count(moved, 'space')}" if moved else "the mite does not move"
            out.append(Entry(title=f"Take {m.amount} honey", detail=detail, move=m, confirm=loss(s, seat, m)))
    return out


def _cell_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    pend = s.pending
    tile = s.wild[pend.hive].tile if pend is not None and pend.hive is not None else None
    group = s.tiles[tile].group if tile is not None else 0
    return [Entry(title=f"The space {space_name(s, group, m.q, m.r)}", detail="one tile from the bag goes there",
                  move=m, spot=Spot(space=(group, m.q, m.r))) for m in moves if isinstance(m, CellMove)]


def _join_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    from .map import join_offsets

    mine = own_group(s, seat)
    out = []
    for m in moves:
        if isinstance(m, JoinMove):
            ways = len(join_offsets(s, mine, m.group, m.rotation))
            turn = f"turned {count(m.rotation, 'sixth')}" if m.rotation else "not turned"
            out.append(Entry(title=f"Touch the tiles of {group_owner(s, m.group)}, yours {turn}",
                             detail=f"{count(ways, 'place')} to put them", move=m))
    return out


def join_placement(s: BeeLivesState, mover: int, rotation: int, offset: tuple[int, int]) -> dict[int, tuple[int, int]]:
    """Where each tile of group ``mover`` lands (tile id -> cell in the other
    group's frame) when turned ``rotation`` steps clockwise and shifted by ``offset``."""
    return {tid: (q + offset[0], r + offset[1]) for (q, r), tid in rotated(s, mover, rotation).items()}


def touching_edges(s: BeeLivesState, target: int, placed: dict[int, tuple[int, int]]) -> int:
    """How many tile edges a placed group (as :func:`join_placement` gives it)
    shares with group ``target``."""
    geo = geometry()
    cells = set(group_cells(s).get(target, {}))
    return sum(1 for c in placed.values() for n in geo.neighbours(c) if n in cells)


def _placed(s: BeeLivesState, seat: int, move: PlaceMove) -> dict[int, tuple[int, int]]:
    """Where each tile of the joining group lands (tile id -> cell of the other group)."""
    j = s.join
    assert j is not None
    return join_placement(s, own_group(s, seat), j.rotation, (move.dq, move.dr))


def place_touching(s: BeeLivesState, move: PlaceMove) -> int:
    """How many edges the joining group shares with the other group when placed by ``move``."""
    if s.join is None:
        return 0
    return touching_edges(s, s.join.group, _placed(s, s.join.seat, move))


def _place_refs(s: BeeLivesState, target: int) -> list[tuple[str, tuple[int, int]]]:
    """What the places to join group ``target`` are told by: its hives and wild hives (named as the
    log names them, with their cells), or, in a group with none, its tiles (by their map names)."""
    cells = group_cells(s).get(target, {})
    refs = []
    for cell, tid in sorted(cells.items(), key=lambda item: item[1]):
        key = next((f"p{i}" for i, p in enumerate(s.players) if p.hive == tid), None) or \
            next((f"w{i}" for i, w in enumerate(s.wild) if w.tile == tid), None)
        if key is not None:
            refs.append((hive_name(s, key), cell))
    return refs or [(place_name(s, tid), cell) for cell, tid in sorted(cells.items(), key=lambda item: item[1])]


def _place_entries(s: BeeLivesState, seat: int, moves: list[Any]) -> list[Entry]:
    j = s.join
    hive = s.players[seat].hive
    geo = geometry()
    words = DIRECTION_WORDS[geo.kind]
    refs = _place_refs(s, j.group) if j is not None else []
    out: list[Entry] = []
    back = None
    ways: dict[int, str] = {}  # (entry -> its text by the exact way, for places that would read alike)
    for m in moves:
        if isinstance(m, PlaceMove) and j is not None and hive is not None:
            mine = _placed(s, seat, m)[hive]
            detail = ""
            if refs:  # (with the way it lies: two places at one distance read apart)
                dist, name, there = min((geo.distance(mine, cell), name, cell) for name, cell in refs)
                detail = f"your hive {count(dist, 'space')} {geo.compass(there, mine)} of {name}"
                runs = " and ".join(f"{n} {words[k]}" for n, k in geo.runs(there, mine))
                ways[len(out)] = f"your hive {count(dist, 'space')} from {name}: {runs}"
            out.append(Entry(title=f"Touching {count(place_touching(s, m), 'edge')}", detail=detail, move=m,
                             spot=Spot(shift=(m.dq, m.dr))))
        elif isinstance(m, BackMove):
            back = Entry(title="Back", detail="choose the tiles to touch or the turn again", move=m)
    # two places whose hives lie alike (one distance, one compass word) say the way in runs instead of the
    # (rounded) compass word: "your hive 3 spaces from Amber's hive: 2 north-west and 1 west"
    said = [e.detail for e in out]
    for i, way in ways.items():
        if said.count(said[i]) > 1:
            out[i] = out[i].model_copy(update={"detail": way})
    return out + ([back] if back is not None else [])


# ---------------------------------------------------------------------------
# forms


def _form_moves(kind: str, values: dict[str, int]) -> Any:
    if kind == "collect":
        return CollectMove(**{f: values.get(f, 0) for f in FORMS[kind]})
    return SacrificeMove(defenders=values.get("defenders", 0), unassigned=values.get("unassigned", 0))


def form_default(s: BeeLivesState, kind: str) -> dict[str, int]:
    """A form's values before the player changes them: the most a tile
    gives (collect), no sacrifice."""
    moves = legal_moves(s)
    if kind == "collect" and moves:
        return {f: getattr(moves[0], f) for f in FORMS[kind]}
    return {f: 0 for f in FORMS[kind]}


def _form_caps(kind: str, values: dict[str, int], moves: list[Any]) -> dict[str, int]:
    """The largest legal value of each field with the other fields as they are."""
    caps = {}
    for f in FORMS[kind]:
        others = {g: values.get(g, 0) for g in FORMS[kind] if g != f}
        caps[f] = max((getattr(m, f) for m in moves if all(getattr(m, g) == v for g, v in others.items())),
                      default=0)
    return caps


def _settle_form(s: BeeLivesState, kind: str, values: dict[str, int], legal: list[Any]) -> dict[str, int]:
    """``values`` clamped so that the form's move is legal."""
    vals = {f: max(0, values.get(f, 0)) for f in FORMS[kind]}
    for f in FORMS[kind]:
        if _form_moves(kind, vals) in legal:
            return vals
        vals[f] = min(vals[f], _form_caps(kind, vals, legal)[f])
    return vals if _form_moves(kind, vals) in legal else form_default(s, kind)


def sacrifice_preview(s: BeeLivesState, seat: int, move: SacrificeMove) -> str:
    """What a defender's sacrifice leads to: the honey lost (a range when the
    raiders must still drop dice of their choice), and the wild hive's fate."""
    first = after(s, move)
    if first is None:
        return ""
    outcomes = [first]
    for _ in range(6):  # the raiders may have to drop a die or two
        waiting = [o for o in outcomes if o.pending is not None and o.pending.kind == "drop"]
        if not waiting:
            break
        outcomes = [o for o in outcomes if o not in waiting]
        outcomes += [x for o in waiting for m in legal_moves(o) if (x := after(o, m)) is not None]
    p = s.players[seat]
    lost = sorted({p.honey - o.players[seat].honey for o in outcomes})
    bees = move.defenders + move.unassigned
    text = (f"{count(bees, 'bee')} {agree(bees, 'dies', 'die')}; " if bees else "") + f"you lose {lost[0]}" + \
        (f"-{lost[-1]}" if len(lost) > 1 else "") + " honey"
    gained = sorted({o.players[seat].vp - p.vp for o in outcomes})
    if s.wraid is not None:
        w = s.wraid.hive
        ends = sorted({o.wild[w].strength if o.wild[w].tile is not None else 0 for o in outcomes})
        name = s.wild[w].name
        text += f"; the {name} wild hive is wiped out" if ends == [0] else f"; the {name} wild hive ends at {ends[0]}"
    if gained and gained[0] > 0:
        text += f"; you score {gained[0]} VP"
    elif gained and gained[-1] > 0:
        text += f"; you may score {gained[-1]} VP"
    return text


FIELD_WORDS = {"honey": "Honey", "pollen": "Pollen", "water": "Water", "defenders": "From Defend",
               "unassigned": "Free bees"}


def _form_entries(s: BeeLivesState, seat: int, kind: str, values: dict[str, int],
                  legal: list[Any]) -> tuple[list[Entry], str]:
    caps = _form_caps(kind, values, legal)
    move = _form_moves(kind, values)
    # a row for every number that can be more than 0 with the others lower (even if not with them as they are)
    most = {f: max((getattr(m, f) for m in legal), default=0) for f in FORMS[kind]}
    rows = []
    for f in FORMS[kind]:
        if most[f] == 0 and values.get(f, 0) == 0:
            continue
        if kind == "collect":
            fo = s.forage
            offer = getattr(fo, f) if fo is not None else most[f]
            detail = f"0 to {caps[f]} (the tile gives {offer})"
            if caps[f] < most[f]:
                detail += "; take less of the others to make room"
        elif kind == "sacrifice":
            detail = f"0 to {caps[f]}; each one kills a raider and takes 1 more off the raid"
        else:
            each = game_data().wild.sacrificed_defender_value if f == "defenders" else \
                game_data().wild.sacrificed_unassigned_value
            detail = f"0 to {caps[f]}; each one takes {each} off the wild hive's strength and its theft"
        rows.append(Entry(title=FIELD_WORDS[f], detail=detail, move=move,
                          number=Number(field=f, low=0, high=caps[f], value=values.get(f, 0))))
    if kind == "collect":
        got = actions.resources_text((move.honey, move.pollen, move.water))
        room = s.players[seat].empty - move.honey - move.pollen - move.water
        confirm = Entry(title=f"Take {got or 'nothing'}",
                        detail=f"{count(room, 'empty cell')} left; the mite moves 1 space", move=move)
        preview = ""
    else:
        parts = [f"{move.defenders} from Defend" if move.defenders else "",
                 f"{count(move.unassigned, 'free bee')}" if move.unassigned else ""]
        preview = sacrifice_preview(s, seat, move)
        confirm = Entry(title="Sacrifice " + " and ".join(x for x in parts if x) if any(parts) else "No sacrifice",
                        detail=preview, move=move, confirm=loss(s, seat, move))
    return [confirm, *rows], preview


# ---------------------------------------------------------------------------
# the questions


def _question(s: BeeLivesState, seat: int, kind: str) -> str:
    pend = s.pending
    assert pend is not None
    p = s.players[seat]
    if kind == "turn":
        return f"{p.name}: {count(p.unassigned, 'free bee')}. Pick an action."
    if kind == "queen":
        return f"{p.name}: choose your queen."
    if kind == "swarm_queen":
        return f"{p.name}: your colony stays; choose its new queen (the same type is allowed)."
    if kind == "new_queen":
        return f"{p.name}: {pend.reason}; choose a queen of another type."
    if kind == "starve":
        return f"{p.name}: {pend.reason}."
    if kind == "swarm_tile":
        return f"{p.name}: your hive swarms; {pend.reason}. Choose its tile, up to 3 spaces away."
    if kind == "swarm_stay":
        return f"{p.name}: stay in your hive with a new queen, or leave for the new site? ({stay_or_leave_score(s)})"
    if kind == "harder_spawn":
        # (what the rule does: the reason it asks with says only that no wild hive came)
        return (f"{p.name}: no wild hive came this month, so by the harder solo rule one of strength "
                f"{spawn_strength(s)} comes within 3 spaces of your hive. Choose its tile.")
    if kind in ("card_spawn", "campaign_spawn"):
        return f"{p.name}: {pend.reason}. Choose its tile."
    if kind == "wild_order":
        # (short: at 80 columns the question shares the lines above the map with the warnings)
        return f"{p.name} (first player): which of these equally close wild hives acts next?"
    if kind in ("wild_target", "wild_forage", "wild_swarm", "wild_scout"):
        return f"{p.name} (first player): {pend.reason}."
    if kind == "infect_pick":
        return f"{p.name}: {pend.reason}."
    if kind == "collect" and s.forage is not None:
        f = s.forage
        offer = actions.resources_text((f.honey, f.pollen, f.water))
        return (f"{p.name}: collect from the {tile_label(s, f.tile)}: up to {offer}; "
                f"{count(p.empty, 'empty cell')} in your comb.")
    if kind == "keep" and s.scout is not None:
        sc = s.scout
        return (f"{p.name}: you drew {' and '.join(sc.drawn)}. Which tile goes in the space "
                f"{space_name(s, sc.group, sc.q, sc.r)}?")
    if kind == "reroll" and s.raid is not None:
        r = s.raid
        left = game_data().rules.max_rerolls - r.rerolls
        return (f"{p.name}: your raid on {hive_name(s, r.target)} rolled {'+'.join(map(str, r.dice))} with "
                f"{count(r.party, 'raider')}. Keep the dice, or sacrifice a raider to roll again "
                f"({count(left, 'reroll')} left)?")
    if kind == "sacrifice" and s.raid is not None:
        r = s.raid
        a = s.players[r.attacker]
        return (f"{p.name}: {a.name} raids you with {count(r.party, 'bee')} and rolled "
                f"{'+'.join(map(str, r.dice))} (strength {_strength_now(s)}); you have {r.defend} on Defend and "
                f"{p.honey} honey. Sacrifice bees to weaken the raid?")
    if kind == "wild_sacrifice" and s.wraid is not None:
        w = s.wild[s.wraid.hive]
        return (f"{p.name}: the {w.name} wild hive (strength {w.strength}) raids you and rolled {s.wraid.roll}; "
                f"you have {p.assigned['defend']} on Defend and {p.honey} honey. Sacrifice bees?")
    if kind == "drop":
        return f"{p.name}: your party fell a bracket of the dice pool; remove one die."
    if kind == "press" and s.raid is not None:
        w = s.wild[int(s.raid.target[1:])]
        return f"{p.name}: sacrifice more raiders to weaken the {w.name} wild hive (now strength {w.strength})?"
    if kind == "honey":
        return f"{p.name}: take up to {raids.honey_cap(s)} honey from the supply."
    if kind == "join":
        return f"{p.name}: join your tiles to the map. Whose tiles do they touch, and how are yours turned?"
    if kind == "join_place":
        return f"{p.name}: where do your tiles touch the others?"
    return f"{p.name}: decide."


def _keys(kind: str) -> str:
    if kind == "turn":
        return "a letter, or ↑/↓ Enter · Esc back"
    if kind in FORMS:
        return "←/→ or a digit sets a number · Enter plays it"
    if kind == "join":
        return "↑/↓ shows each way on the map; r turns yours, g next tiles; Enter confirms"
    if kind == "join_place":
        return "↑/↓ or a click on a lit · shows it; Enter confirms; Esc goes back"
    if kind in TILE_KINDS or kind in HIVE_KINDS or kind == "wild_scout":
        return "↑/↓ Enter, or click a lit cell of the map"
    return "↑/↓ Enter"


BUILDERS: dict[str, Callable[[BeeLivesState, int, list[Any]], list[Entry]]] = {
    "turn": _turn_entries,
    "queen": _queen_entries,
    "swarm_queen": _queen_entries,
    "new_queen": _queen_entries,
    "starve": _starve_entries,
    "swarm_stay": _stay_entries,
    "keep": _keep_entries,
    "reroll": _reroll_entries,
    "drop": _drop_entries,
    "press": _press_entries,
    "honey": _honey_entries,
    "wild_scout": _cell_entries,
    "join": _join_entries,
    "join_place": _place_entries,
    **{k: _tile_entries for k in TILE_KINDS},
    **{k: _hive_entries for k in HIVE_KINDS},
}


def decision_view(s: BeeLivesState, seat: int, form: dict[str, int] | None = None) -> DecisionView | None:
    """The pending decision if ``seat`` makes it: the question, the keys and
    every choice (``form`` holds a form's values; None starts from its default)."""
    pend = s.pending
    if pend is None or s.over or pend.seat != seat:
        return None
    kind = pend.kind
    space = (s.scout.group, s.scout.q, s.scout.r) if kind == "keep" and s.scout is not None else None
    if kind in FORMS:
        legal = legal_moves(s)
        values = _settle_form(s, kind, form if form is not None else form_default(s, kind), legal)
        entries, preview = _form_entries(s, seat, kind, values, legal)
        return DecisionView(seat=seat, kind=kind, question=_question(s, seat, kind), keys=_keys(kind),
                            entries=entries, preview=preview, form=values, about=about(s, seat))
    moves = legal_moves(s)
    build = BUILDERS.get(kind)
    entries = build(s, seat, moves) if build is not None else [Entry(title=str(m), move=m) for m in moves]
    return DecisionView(seat=seat, kind=kind, question=_question(s, seat, kind), keys=_keys(kind), entries=entries,
                        space=space, about=about(s, seat))


def about(s: BeeLivesState, seat: int) -> list[int]:
    """The tiles a decision of ``seat`` is about, the most important first:
    its own hive; the hive raiding it or raided by it; the wild hive whose
    step asks; the wild hive its swarm became; the tile it forages; in a
    join, the tiles that move with its hive (those with a wild hive first)."""
    out: list[int] = []

    def add(tile: int | None) -> None:
        if tile is not None and tile not in out:
            out.append(tile)

    add(s.players[seat].hive)
    if s.wraid is not None and s.wraid.seat == seat:
        add(s.wild[s.wraid.hive].tile)
    r = s.raid
    if r is not None:
        add(hive_tile(s, r.target) if r.attacker == seat else s.players[r.attacker].hive)
    pend = s.pending
    if pend is not None and pend.hive is not None:
        add(s.wild[pend.hive].tile)
    if s.swarm is not None and s.swarm.seat == seat and s.swarm.spawned is not None:
        add(s.wild[s.swarm.spawned].tile)
    if s.forage is not None and s.forage.seat == seat:
        add(s.forage.tile)
    hive = s.players[seat].hive
    if pend is not None and pend.kind in ("join", "join_place") and pend.seat == seat and hive is not None:
        # (a join moves the colony's whole group: the wild hives on it, then its other tiles)
        group = [t.id for t in s.tiles if t.group == s.tiles[hive].group]
        for w in s.wild:
            if w.tile in group:
                add(w.tile)
        for tile in group:
            add(tile)
    return out


def walk(entries: list[Entry]) -> list[Entry]:
    """Every entry of a tree, groups opened (depth first)."""
    out = []
    for e in entries:
        out.append(e)
        if e.group:
            out += walk(e.group)
    return out


__all__ = [
    "ACTION_KEYS",
    "ACTION_TITLES",
    "FORMS",
    "HIVE_KINDS",
    "QUEEN_POWERS",
    "TILE_KINDS",
    "DecisionView",
    "Entry",
    "Number",
    "Spot",
    "about",
    "after",
    "decision_view",
    "form_default",
    "group_owner",
    "join_placement",
    "loss",
    "place_touching",
    "raid_odds",
    "sacrifice_preview",
    "strength_odds",
    "touching_edges",
    "walk",
]
