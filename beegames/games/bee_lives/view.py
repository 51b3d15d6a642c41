"""Read-only questions a screen asks about a Bee Lives state.

Nothing here changes a state. Every answer is a small pydantic model so a
widget can render it directly: the month and season card, a hive board, the
wild hive board, the map groups with what stands on each tile, what the
player to move may reach, what each of the eight actions may do now, and a
preview of joining the map.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from . import actions
from .colony import card, level, season_of, supply, threshold, track_length, wild_active
from .common import can_spawn_near
from .data import derived, game_data
from .joining import own_group
from .map import geometry, group_cells, groups, join_offsets, rotated
from .models import ACTIONS, MONTH_NAMES, QUEENS, BeeLivesState
from .raids import honey_cap
from .wildhives import tokens_left
from .winter import rating

# -- the calendar -----------------------------------------------------------------------


class CardInfo(BaseModel):
    id: str
    name: str
    season: str
    text: str
    overheat: bool


class SeasonInfo(BaseModel):
    year: int
    years: int
    month: int
    month_name: str
    season: str
    phase: str
    card: CardInfo | None
    #: cards still face down in each season deck
    deck_sizes: dict[str, int]
    first_player: int


def season_info(s: BeeLivesState) -> SeasonInfo:
    c = card(s)
    info = None
    if c is not None:
        info = CardInfo(id=c.id, name=c.name, season=c.season, text=c.text, overheat=c.overheat)
    return SeasonInfo(year=s.year, years=s.years, month=s.month, month_name=MONTH_NAMES[s.month - 1],
                      season=season_of(s.month), phase=s.phase, card=info,
                      deck_sizes={k: len(v) for k, v in s.decks.items()}, first_player=s.first)


# -- a hive board --------------------------------------------------------------------------


class DiseaseInfo(BaseModel):
    side: Literal["A", "B"]
    #: the mite's space on that side, and how many spaces the side has
    space: int
    spaces: int
    #: the level printed (shown negative on the board)
    level: int
    upright: bool
    on_half_space: bool


class HiveBoardInfo(BaseModel):
    seat: int
    name: str
    queen: str | None
    #: the queen token is turned left: no brood at the next Brood phase
    queen_resting: bool
    workers: int
    free: int
    on_actions: dict[str, int]
    on_map: int
    nest: int
    supply: int
    comb: int
    empty: int
    honey: int
    pollen: int
    water: int
    swarm_threshold: int
    threshold_colour: Literal["yellow", "purple"]
    disease: DiseaseInfo
    swarm_token: bool
    skip_feeding: bool
    starvation_tokens: int
    vp: int
    #: VP if the game ended now (honey, bees, starvation tokens)
    score_now: int
    cooled: bool
    raided: list[str]
    eliminated: bool


def hive_board(s: BeeLivesState, seat: int) -> HiveBoardInfo:
    p = s.players[seat]
    starve = game_data().rules.vp.starvation_token * p.starvation
    return HiveBoardInfo(
        seat=seat, name=p.name, queen=p.queen, queen_resting=p.paused, workers=p.workers, free=p.unassigned,
        on_actions=dict(p.assigned), on_map=sum(f.bees for f in p.foraging), nest=p.nest, supply=supply(p),
        comb=p.comb, empty=p.empty, honey=p.honey, pollen=p.pollen, water=p.water,
        swarm_threshold=threshold(p), threshold_colour="purple" if p.queen == "nomadic" else "yellow",
        disease=DiseaseInfo(side=p.side, space=p.mite, spaces=track_length(p), level=level(p), upright=p.upright,
                            on_half_space=p.side == "B" and p.mite % 2 == 1),
        swarm_token=p.swarm_token, skip_feeding=p.skip_feeding, starvation_tokens=p.starvation, vp=p.vp,
        score_now=p.vp + p.honey + p.workers + starve if not s.over else p.vp,
        cooled=p.cooled, raided=list(p.raided), eliminated=p.eliminated)


def rating_now(s: BeeLivesState) -> str | None:
    """The solo rating of the score so far (one-year solo games)."""
    if s.n != 1:
        return None
    return rating(hive_board(s, 0).score_now)


# -- the wild hive board -------------------------------------------------------------------


class WildInfo(BaseModel):
    index: int
    key: str
    name: str
    in_play: bool
    tile: int | None
    strength: int
    tokens_left: int
    #: acts this month (wild hives sleep through the first spring)
    active: bool
    foraged_this_month: bool
    raided: list[str]


def wild_board(s: BeeLivesState) -> list[WildInfo]:
    act = wild_active(s)
    return [WildInfo(index=i, key=f"w{i}", name=w.name, in_play=w.tile is not None, tile=w.tile,
                     strength=w.strength, tokens_left=tokens_left(s, i), active=act and w.tile is not None,
                     foraged_this_month=w.foraged, raided=list(w.raided))
            for i, w in enumerate(s.wild)]


# -- the map --------------------------------------------------------------------------------


class TileInfo(BaseModel):
    id: int
    kind: str
    q: int
    r: int
    #: hive standing on it ("p0", "w3"), if any
    hive: str | None
    #: seat and bees of a player foraging it this month
    foragers: list[tuple[int, int]]
    #: wild hives with a forage token on it, and with a raid token on it
    forage_tokens: list[int]
    raid_tokens: list[int]
    #: what it gives a player this month (honey, pollen, water)
    yields: tuple[int, int, int]


class GroupInfo(BaseModel):
    group: int
    tiles: list[TileInfo]
    #: seats whose hive is in this group
    seats: list[int]


def map_groups(s: BeeLivesState) -> list[GroupInfo]:
    hives: dict[int, str] = {}
    for i, p in enumerate(s.players):
        if p.hive is not None:
            hives[p.hive] = f"p{i}"
    for i, w in enumerate(s.wild):
        if w.tile is not None:
            hives[w.tile] = f"w{i}"
    foragers: dict[int, list[tuple[int, int]]] = {}
    for i, p in enumerate(s.players):
        for f in p.foraging:
            foragers.setdefault(f.tile, []).append((i, f.bees))
    ftok: dict[int, list[int]] = {}
    rtok: dict[int, list[int]] = {}
    for i, w in enumerate(s.wild):
        for t in w.tokens:
            ftok.setdefault(t, []).append(i)
        for t in w.raid_tokens:
            rtok.setdefault(t, []).append(i)
    productive = s.month <= 9
    out = []
    for g in groups(s):
        tiles = []
        for (q, r), tid in sorted(group_cells(s)[g].items(), key=lambda kv: kv[1]):
            tile = s.tiles[tid]
            tiles.append(TileInfo(id=tid, kind=tile.kind, q=q, r=r, hive=hives.get(tid), foragers=foragers.get(tid, []),
                                  forage_tokens=ftok.get(tid, []), raid_tokens=rtok.get(tid, []),
                                  yields=actions.tile_yield(s, tid) if productive else (0, 0, 0)))
        seats = [i for i, p in enumerate(s.players) if p.hive is not None and s.tiles[p.hive].group == g]
        out.append(GroupInfo(group=g, tiles=tiles, seats=seats))
    return out


# -- reach and actions -------------------------------------------------------------------------


class Reach(BaseModel):
    #: tiles the seat may forage now, with the bees each needs
    forage: list[tuple[int, int]]
    #: empty spaces of its group it may scout (axial cells)
    scout: list[tuple[int, int]]
    #: hives it may raid
    raid: list[str]
    #: tiles where a wild hive could appear near its hive
    spawn: list[int]


def reach(s: BeeLivesState, seat: int) -> Reach:
    p = s.players[seat]
    return Reach(forage=actions.forage_targets(s, seat), scout=actions.scout_targets(s, seat),
                 raid=actions.raid_targets(s, seat), spawn=can_spawn_near(s, p.hive))


class ActionOption(BaseModel):
    action: str
    allowed: bool
    #: bees the action may take now (min and max; equal for fixed-size actions)
    min_bees: int
    max_bees: int
    #: why it is not allowed, or what it costs
    note: str


def action_options(s: BeeLivesState, seat: int) -> list[ActionOption]:
    """The eight actions of the hive board, as they stand for ``seat`` now."""
    p = s.players[seat]
    u = p.unassigned
    out = []
    free = f"{u} free bee{'s' if u != 1 else ''}"
    for a in ACTIONS:
        if a == "forage":
            tiles = actions.forage_targets(s, seat)
            need = sorted({b for _t, b in tiles})
            out.append(ActionOption(action=a, allowed=bool(tiles), min_bees=need[0] if need else 0,
                                    max_bees=need[-1] if need else 0,
                                    note=f"{len(tiles)} tiles in reach" if tiles else "no free tile in reach"))
        elif a == "scout":
            spaces = actions.scout_targets(s, seat)
            why = "the bag is empty" if sum(s.bag.values()) == 0 else "no empty space in reach"
            out.append(ActionOption(action=a, allowed=bool(spaces), min_bees=1, max_bees=1,
                                    note=f"{len(spaces)} spaces; {sum(s.bag.values())} tiles in the bag"
                                    if spaces else why))
        elif a == "raid":
            targets = actions.raid_targets(s, seat)
            out.append(ActionOption(action=a, allowed=bool(targets), min_bees=1, max_bees=u,
                                    note=", ".join(targets) if targets else "no hive to raid in reach"))
        elif a in ("defend", "clean"):
            note = free if a == "defend" else f"mite on space {p.mite}"
            out.append(ActionOption(action=a, allowed=u > 0, min_bees=1, max_bees=u, note=note))
        elif a == "wax":
            lim = actions.wax_limit(s, seat)
            out.append(ActionOption(action=a, allowed=lim > 0, min_bees=1, max_bees=lim,
                                    note=f"{actions.wax_cost(s)} honey a cell; comb {p.comb} of "
                                         f"{game_data().board.comb.max}"))
        elif a == "cool":
            cool_bees, water = actions.cool_cost(s, seat)
            active = card(s)
            hot = "overheating this month" if active is not None and active.overheat else "no overheating this month"
            out.append(ActionOption(action=a, allowed=actions.can_cool(s, seat), min_bees=cool_bees,
                                    max_bees=cool_bees,
                                    note=f"{cool_bees} bees and {water} water; {hot}"))
        else:
            out.append(ActionOption(action=a, allowed=u > 0, min_bees=1, max_bees=1,
                                    note="to " + ", ".join(q for q in QUEENS if q != p.queen)))
    return out


# -- joining -----------------------------------------------------------------------------------


class JoinPreview(BaseModel):
    #: legal shifts for this group and rotation
    offsets: list[tuple[int, int]]
    #: the joined map if placed at ``offset``: cell -> tile kind, and which cells are the mover's
    cells: dict[str, str]
    moved: list[str]
    legal: bool


def join_preview(s: BeeLivesState, seat: int, group: int, rotation: int,
                 offset: tuple[int, int] | None = None) -> JoinPreview:
    """Where ``seat``'s group could go against ``group`` turned by ``rotation``
    (cells keyed ``"q,r"`` in the other group's frame)."""
    mine = own_group(s, seat)
    rot = rotation % geometry().rotations
    offs = join_offsets(s, mine, group, rot) if group != mine and group in group_cells(s) else []
    cells: dict[str, str] = {f"{q},{r}": s.tiles[t].kind for (q, r), t in group_cells(s).get(group, {}).items()}
    moved: list[str] = []
    legal = offset is not None and tuple(offset) in offs
    if offset is not None:
        for (q, r), t in rotated(s, mine, rot).items():
            key = f"{q + offset[0]},{r + offset[1]}"
            moved.append(key)
            cells[key] = s.tiles[t].kind
    return JoinPreview(offsets=offs, cells=cells, moved=moved, legal=legal)


# -- the decision in progress ----------------------------------------------------------------------


class RaidInfo(BaseModel):
    attacker: int
    target: str
    party: int
    initial: int
    dice: list[int]
    rerolls_left: int
    honey_cap: int


def raid_info(s: BeeLivesState) -> RaidInfo | None:
    r = s.raid
    if r is None:
        return None
    cap = honey_cap(s) if r.target[0] == "w" else 0
    return RaidInfo(attacker=r.attacker, target=r.target, party=r.party, initial=r.initial, dice=list(r.dice),
                    rerolls_left=game_data().rules.max_rerolls - r.rerolls, honey_cap=cap)


def tile_counts(s: BeeLivesState) -> dict[str, tuple[int, int]]:
    """For each tile kind: (on the map, in the bag)."""
    placed: dict[str, int] = {}
    for t in s.tiles:
        placed[t.kind] = placed.get(t.kind, 0) + 1
    return {k: (placed.get(k, 0), s.bag.get(k, 0)) for k in derived().tile_total}
