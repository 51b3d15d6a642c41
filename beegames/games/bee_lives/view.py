"""Read-only questions a screen asks about a Bee Lives state.

Nothing here changes a state. Every answer is a small pydantic model so a
widget can render it directly: the month and season card, a hive board, the
wild hive board, the map groups with what stands on each tile (each tile with
its name, the one the log uses), what the player to move may reach, what each
of the eight actions may do now, the warnings before a month ends (feeding,
swarming, disease), a preview of joining the map, and, from
:mod:`.decisions`, every decision in words (:func:`decision_view`).

The screen imports this module and :mod:`.models` only: everything it draws
comes from here.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from . import actions
from .colony import (
    agree,
    card,
    count,
    disease_text,
    hive_name,
    level,
    season_of,
    spawn_strength,
    supply,
    threshold,
    track_length,
    wild_active,
)
from .common import TILE_LETTERS, can_spawn_near, place_name
from .data import TILE_KINDS, derived, game_data
from .decisions import (
    ACTION_KEYS,
    ACTION_TITLES,
    FORMS,
    HIVE_KINDS,
    QUEEN_POWERS,
    DecisionView,
    Entry,
    Number,
    Spot,
    about,
    decision_view,
    form_default,
    group_owner,
    join_placement,
    touching_edges,
    walk,
)
from .decisions import (
    TILE_KINDS as TILE_DECISIONS,
)
from .forecast import PAYING, next_month
from .joining import own_group
from .map import geometry, group_cells, groups, join_offsets, rotated
from .models import ACTIONS, MONTH_NAMES, QUEENS, BeeLivesState
from .months import feed_colony, feeding_numbers
from .solo import GoalLine, MarksInfo, SoloInfo, map_marks, rows_to_hive, solo_info
from .wildhives import tokens_left
from .winter import disease_losses, rating

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


def season_info(s: BeeLivesState, stop: StopInfo | None = None) -> SeasonInfo:
    """The calendar as the seasons board shows it: year and month, season and phase, the active card,
    the cards left in each deck and the first player (a card's wild hive with the strength it comes in
    with this year). While ``stop`` is read (a step the screen stops
    on), the year, month and phase it tells of: the calendar may have moved on to the next month's
    heading (its phase then is the stop's, "winter" or the words of :attr:`StopInfo.phase`)."""
    c = card(s)
    info = None
    if c is not None:
        # (after the first year a wild hive spawned by a card comes in stronger than the card prints)
        text = c.text.replace("strength-3", f"strength-{spawn_strength(s)}") if s.year > 1 else c.text
        info = CardInfo(id=c.id, name=c.name, season=c.season, text=text, overheat=c.overheat)
    year, month, phase = s.year, s.month, s.phase
    if stop is not None:
        year, month = stop.year, MONTH_NAMES.index(stop.month) + 1
        phase = "winter" if stop.kind == "winter" else stop.phase
    if phase == "winter" and stop is None and month <= 9:  # a later year's first month, before its first phase
        phase = "new_year"
    return SeasonInfo(year=year, years=s.years, month=month, month_name=MONTH_NAMES[month - 1],
                      season=season_of(month), phase=phase, card=info,
                      deck_sizes={k: len(v) for k, v in s.decks.items()}, first_player=s.first)


# -- a hive board --------------------------------------------------------------------------


class DiseaseInfo(BaseModel):
    side: Literal["A", "B"]
    #: the level printed on each normal space of the track (side A's spaces)
    levels: list[int]
    #: the mite's space on that side, and how many spaces the side has
    space: int
    #: the normal space (an index into ``levels``) whose level counts: the last one the mite reached
    normal: int
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
    #: VP each starvation token is worth at the end (negative)
    starvation_vp: int
    #: VP if the game ended now (honey, bees, starvation tokens)
    score_now: int
    cooled: bool
    raided: list[str]
    eliminated: bool


def hive_board(s: BeeLivesState, seat: int) -> HiveBoardInfo:
    """Everything on ``seat``'s hive board and disease track, with the swarm threshold, the VP so far
    and the score if the game ended now."""
    p = s.players[seat]
    per_token = game_data().rules.vp.starvation_token
    starve = per_token * p.starvation
    return HiveBoardInfo(
        seat=seat, name=p.name, queen=p.queen, queen_resting=p.paused, workers=p.workers, free=p.unassigned,
        on_actions=dict(p.assigned), on_map=sum(f.bees for f in p.foraging), nest=p.nest, supply=supply(p),
        comb=p.comb, empty=p.empty, honey=p.honey, pollen=p.pollen, water=p.water,
        swarm_threshold=threshold(p), threshold_colour="purple" if p.queen == "nomadic" else "yellow",
        disease=DiseaseInfo(side=p.side, levels=list(derived().track_a), space=p.mite, normal=p.mite_normal,
                            spaces=track_length(p),
                            level=level(p), upright=p.upright,
                            on_half_space=p.side == "B" and p.mite % 2 == 1),
        swarm_token=p.swarm_token, skip_feeding=p.skip_feeding, starvation_tokens=p.starvation, vp=p.vp,
        starvation_vp=per_token,
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
    #: the name of its tile ("W3"), if in play
    tile_name: str | None = None
    #: its name in at most :data:`SHORT_WILD` characters, told apart from the others (:func:`wild_short_names`)
    short: str = ""


#: the most characters of a wild hive's short name (the map's small cells: a token's "○" and five letters)
SHORT_WILD = 5


def wild_short_names(names: list[str], n: int = SHORT_WILD) -> list[str]:
    """Each wild hive's name in at most ``n`` characters, for the map's small cells: whole when it fits, else
    its first letters and a full stop ("DAND."), or, where that is taken already, its first and last letters
    ("DANS."). Every short name differs from the others and reads the same wherever the map shows it; the boards,
    the list and the log use the whole name."""
    out: list[str] = []
    for name in names:
        if len(name) <= n:
            out.append(name)
            continue
        tails = [name[: n - 1 - k] + name[len(name) - k:] for k in range(n - 1)]
        taken = set(out) | {m for m in names if len(m) <= n}
        out.append(next((t + "." for t in tails if t + "." not in taken), name[: n - 1] + "…"))
    return out


class WildBoardInfo(BaseModel):
    hives: list[WildInfo]
    #: wild hives sleep through the first spring
    dormant: bool
    max_strength: int


def _wild_board(s: BeeLivesState) -> list[WildInfo]:
    """One line per wild hive piece: in play or not, its tile, strength, neutral tokens left and
    whether it acts this month."""
    act = wild_active(s)
    return [WildInfo(index=i, key=f"w{i}", name=w.name, in_play=w.tile is not None, tile=w.tile,
                     strength=w.strength, tokens_left=tokens_left(s, i), active=act and w.tile is not None,
                     foraged_this_month=w.foraged, raided=list(w.raided),
                     tile_name=place_name(s, w.tile) if w.tile is not None else None, short=short)
            for (i, w), short in zip(enumerate(s.wild), wild_short_names([w.name for w in s.wild]), strict=True)]


def wild_board_info(s: BeeLivesState) -> WildBoardInfo:
    """The wild hive board: every piece, whether the wild hives are dormant (the first spring), and the
    maximum strength."""
    return WildBoardInfo(hives=_wild_board(s), dormant=not wild_active(s), max_strength=game_data().wild.max_strength)


# -- the map --------------------------------------------------------------------------------


class TileInfo(BaseModel):
    id: int
    #: the tile's name on the map and in the log ("B3")
    name: str
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
    """Every map group with each of its tiles: name, kind, cell, the hive on it, who forages it this
    month and what it yields now."""
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
            tiles.append(TileInfo(id=tid, name=place_name(s, tid), kind=tile.kind, q=q, r=r, hive=hives.get(tid),
                                  foragers=foragers.get(tid, []),
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
    """What ``seat`` may reach now: the tiles it may forage (with the bees each needs), the spaces it
    may scout, the hives it may raid, and the tiles where a wild hive could spawn near its hive."""
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
    free = count(u, "free bee")
    for a in ACTIONS:
        if a == "forage":
            tiles = actions.forage_targets(s, seat)
            need = sorted({b for _t, b in tiles})
            out.append(ActionOption(action=a, allowed=bool(tiles), min_bees=need[0] if need else 0,
                                    max_bees=need[-1] if need else 0,
                                    note=f"{count(len(tiles), 'tile')} in reach" if tiles else "no free tile in reach"))
        elif a == "scout":
            spaces = actions.scout_targets(s, seat)
            why = "the bag is empty" if sum(s.bag.values()) == 0 else "no empty space in reach"
            out.append(ActionOption(action=a, allowed=bool(spaces), min_bees=1, max_bees=1,
                                    note=f"{count(len(spaces), 'space')}; {count(sum(s.bag.values()), 'tile')} "
                                         f"in the bag" if spaces else why))
        elif a == "raid":
            targets = actions.raid_targets(s, seat)
            out.append(ActionOption(action=a, allowed=bool(targets), min_bees=1, max_bees=u,
                                    note=", ".join(hive_name(s, k) for k in targets) if targets
                                    else "no hive to raid in reach"))
        elif a in ("defend", "clean"):
            note = free if a == "defend" else f"disease {disease_text(level(p))}, mite on space {p.mite}"
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
                                    note=f"{count(cool_bees, 'bee')} and {water} water; {hot}"))
        else:
            out.append(ActionOption(action=a, allowed=u > 0, min_bees=1, max_bees=1,
                                    note="to " + ", ".join(q for q in QUEENS if q != p.queen)))
    return out


def kind_yield(s: BeeLivesState, kind: str) -> tuple[int, int, int]:
    """What a tile of ``kind`` would give a player now (honey, pollen, water),
    whether or not one lies on the map; (0, 0, 0) in winter."""
    return actions.kind_yield(s, kind)


def hives_in(s: BeeLivesState, group: int) -> list[tuple[str, int]]:
    """Every hive standing in map group ``group``: ``(key, tile)``, players first."""
    out = [(f"p{i}", p.hive) for i, p in enumerate(s.players)
           if p.hive is not None and s.tiles[p.hive].group == group]
    out += [(f"w{i}", w.tile) for i, w in enumerate(s.wild)
            if w.tile is not None and s.tiles[w.tile].group == group]
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


def tile_counts(s: BeeLivesState) -> dict[str, tuple[int, int]]:
    """For each tile kind: (on the map, in the bag)."""
    placed: dict[str, int] = {}
    for t in s.tiles:
        placed[t.kind] = placed.get(t.kind, 0) + 1
    return {k: (placed.get(k, 0), s.bag.get(k, 0)) for k in derived().tile_total}


# -- before the month ends: feeding, swarming, disease ------------------------------------------------


class Warning(BaseModel):
    """A line about what the coming phases will do to a colony: ``"danger"``
    (bees will die, a swarm will split the hive), ``"warn"`` or ``"info"``."""

    level: Literal["info", "warn", "danger"]
    text: str


def _winter_forecast(s: BeeLivesState, seat: int) -> tuple[int, int, int, int]:
    """``(honey the three winter months would take with honey enough, bees
    left after them with the honey held now, bees that would starve, bees
    left if every starving bee that may keep a starvation token does)`` for
    the colony as it stands, played on a copy by the engine's own winter
    steps (:func:`.months.feed_colony`, :func:`.winter.disease_losses`)."""
    def winter(honey: int, kept: bool) -> tuple[int, int, int]:
        p = s.players[seat].model_copy(update={"honey": honey})
        spent = starved = 0
        for _ in range(game_data().rules.winter.months):
            keep = feeding_numbers(s, p, True)[2] if kept else 0
            spend, starving, _tokens = feed_colony(s, p, True, keep)
            spent += spend
            starved += starving
            disease_losses(p)
        return spent, p.workers, starved

    need = winter(10 ** 6, False)[0]
    _spent, left, starved = winter(s.players[seat].honey, False)
    return need, left, starved, winter(s.players[seat].honey, True)[1]


def _feeding_need(s: BeeLivesState, seat: int, winter: bool) -> int:
    """Honey the next feeding takes from this colony with honey enough."""
    rich = s.players[seat].model_copy(update={"honey": 10 ** 6})
    return feeding_numbers(s, rich, winter)[0]


def warnings(s: BeeLivesState, seat: int) -> list[Warning]:
    """What the rest of the month and the next one will do to ``seat``'s
    colony as it stands now: the next feeding against the honey held (the
    whole winter's from the fall on), a full comb or too many bees (a swarm
    next month), the disease level, an overheated hive not yet cooled."""
    p = s.players[seat]
    if s.over or p.hive is None or p.eliminated or s.month > 9:
        return []
    out: list[Warning] = []
    # (while this month's own feeding is still to come or under way, next month's would be reckoned on
    # honey this one is about to eat: its question tells this feeding)
    if s.month < 9 and s.phase not in PAYING:
        nxt = MONTH_NAMES[s.month]
        if p.skip_feeding:
            out.append(Warning(level="info", text=f"No feeding in {nxt}: you hold a skip-feeding token."))
        else:
            need = _feeding_need(s, seat, False)
            _spend, starving, keep = feeding_numbers(s, p, False)
            if starving:
                whom = count(keep, 'bee') if keep < starving else agree(keep, 'it', 'them')
                kept = f" (you may keep {whom} for a starvation token{agree(keep, '', ' each')}, " \
                       f"{game_data().rules.vp.starvation_token} VP)" if keep else ""
                out.append(Warning(level="danger", text=f"Feeding in {nxt}: your {count(p.workers, 'bee')} "
                                   f"{agree(p.workers, 'eats', 'eat')} "
                                   f"{need} honey and you have {p.honey} so far. Short of "
                                   f"{need - p.honey}, {count(starving, 'bee')} would starve{kept}."))
            else:
                out.append(Warning(level="info", text=f"Feeding in {nxt}: {need} of your {p.honey} honey."))
    if s.month >= 7:
        need, left, starved, left_kept = _winter_forecast(s, seat)
        lvl = level(p)
        sick = f", and disease {disease_text(lvl)} kills up to {count(lvl, 'bee')} a month" if lvl else ""
        text = (f"Winter: {count(p.workers, 'bee')} {agree(p.workers, 'needs', 'need')} about {need} honey over the "
                f"three months{sick}; you have {p.honey}")
        if starved or left == 0:
            kept = f" ({left_kept} with starvation tokens, {game_data().rules.vp.starvation_token} VP each)" \
                if left_kept > left else ""
            out.append(Warning(level="danger", text=text + f": {count(left, 'bee')} would live through it{kept}."))
        else:
            out.append(Warning(level="info", text=text + f"; {count(left, 'bee')} would live through it."))
    swarm = _swarm_warning(s, seat)
    if swarm is not None:
        out.append(swarm)
    lvl = level(p)
    if lvl:
        out.append(Warning(level="warn", text=f"Disease {disease_text(lvl)}: up to {count(lvl, 'new bee')} "
                                              f"{'dies' if lvl == 1 else 'die'} at each hatching, and "
                                              f"{count(lvl, 'bee')} each winter month."))
    active = card(s)
    if active is not None and active.overheat and not p.cooled and s.phase == "action":
        bees, water = actions.cool_cost(s, seat)
        out.append(Warning(level="warn", text=f"Overheating: cool the hive this month ({count(bees, 'bee')}, "
                                              f"{water} water) or no brood hatches next month."))
    if p.paused:
        out.append(Warning(level="info", text="Your queen is resting: no brood hatches next month."))
    nursery = _nursery_warning(s, seat)
    if nursery is not None:
        out.append(nursery)
    if s.month < 9 and s.solo is not None and s.solo.failed is None and rows_to_hive(s) == 1:
        out.append(Warning(level="danger", text=f"Wildfire: in {MONTH_NAMES[s.month]} the fire burns the row of "
                                                "your hive's tile: the game would be lost."))
    return out


def _swarm_warning(s: BeeLivesState, seat: int) -> Warning | None:
    """Next month's Swarm phase, foreseen (:func:`.forecast.next_month`): a swarm token from a full comb,
    or the bees after the feeding and the hatching over the swarm threshold; None when the hive stays."""
    f = next_month(s, seat)
    if f is None or not f.swarms_if_kept:
        return None
    solo = s.solo
    nursery = ""
    if solo is not None and solo.challenge == "nursery" and solo.failed is None and s.month + 1 < 9:
        # (a swarm rests the queen whether the colony stays or leaves: the QA game's Nursery loss)
        nursery = f" The queen then rests: no brood in {MONTH_NAMES[s.month + 1]}, and Nursery would be lost."
    how: Literal["warn", "danger"] = "danger" if nursery else "warn"
    if f.token:
        return Warning(level=how, text=f"Your comb is full: no room for brood in {f.month_name}, so a swarm token: "
                                         f"the hive swarms in {f.month_name} (half the bees and honey leave).{nursery}")
    steps = []
    bees = f.bees
    if f.starving and not f.swarms:  # (only with the bees a starvation token may keep)
        bees, dead = f.bees_kept, f.starving - f.keep
        steps.append(f"you keep {count(f.keep, 'bee')} with {agree(f.keep, 'a starvation token', 'starvation tokens')}"
                     + (f" ({dead} {agree(dead, 'starves', 'starve')})" if dead else ""))
    elif f.starving:
        steps.append(f"{count(f.starving, 'bee')} {agree(f.starving, 'starves', 'starve')}")
    if f.hatch:
        born = f"the {count(f.hatch, 'brood', 'brood')} {agree(f.hatch, 'hatches', 'hatch')}"
        if f.extra:
            born += f" (+{f.extra} from the prolific queen)"
        if f.dead:
            born += f" ({f.dead} lost to disease)"
        steps.append(born)
    cond = f"if {' and '.join(steps)}, " if steps else ""
    return Warning(level=how, text=f"{cond.capitalize() if cond else ''}{count(bees, 'bee')} > swarm threshold "
                                     f"{f.threshold}: the hive swarms in {f.month_name} (half the bees and honey "
                                     f"leave).{nursery}")


def _nursery_warning(s: BeeLivesState, seat: int) -> Warning | None:
    """The Nursery challenge, foreseen (:func:`.forecast.next_month`): why no brood would hatch in next
    month's Brood phase (the queen resting, an overheated hive not cooled, the season card, no pollen, no
    empty cell or no bee left in the supply), which would lose it; None when a brood will hatch."""
    solo = s.solo
    if solo is None or solo.challenge != "nursery" or solo.failed is not None:
        return None
    f = next_month(s, seat)
    if f is None or f.hatch >= 1:
        return None
    if f.no_brood is not None:
        why = "the queen rests" if f.no_brood == "the queen is resting" else f.no_brood
    elif f.token:
        why = "no empty cell"
    elif f.nest == 0:
        why = "no bee left to lay as brood"
    else:
        why = "no pollen so far"
    # (short: at 80 columns it shares the lines above the map with the question and the feeding)
    return Warning(level="danger", text=f"Nursery: {why}, so no brood in {MONTH_NAMES[s.month]}: the challenge "
                                        "would be lost.")


# -- months gone by without an action ---------------------------------------------------------------


def idle_months(s: BeeLivesState, seat: int, since: tuple[int, int]) -> tuple[str, tuple[int, int]] | None:
    """The months gone by in which ``seat``'s colony could take no action,
    ``since`` being the ``(year, month)`` of its last turn: every month of
    the year's calendar after that one whose Action Phase is over (a colony
    with no free bee at the start of a round gets no turn in it). Returns a
    line saying so and the last such month, or None."""
    p = s.players[seat]
    if p.eliminated:
        return None
    now = (s.year, s.month)
    # (the next month's heading comes before its first phase: its Action Phase is still queued)
    # (a game that ended during a productive month, its goal lost, ended before that month's turns)
    done_now = s.month > 9 or (s.phase in ("cleanup", "join")
                               and all(task.split(" ")[0] != "actions" for task in s.queue))
    months = [(year, month) for year in range(since[0], s.year + 1) for month in range(1, 10)
              if since < (year, month) and ((year, month) < now or ((year, month) == now and done_now))]
    if not months:
        return None
    names = [MONTH_NAMES[month - 1] for _year, month in months]
    said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{p.name} had no free bee left for a turn in {said}, so no action then.", months[-1]


# -- steps worth a stop: a month of winter, a month without a turn ---------------------------------


class StopInfo(BaseModel):
    """A step the screen stops on for the player to read: a month of winter
    upkeep (with the year's score after February), or a month that passed
    without a turn for some player."""

    kind: Literal["winter", "idle"]
    #: the year and the month it tells of ("December") and its season
    year: int
    month: str
    season: str
    #: what the step was, in a few words ("Winter upkeep in December")
    title: str
    #: the phase to name beside the month ("Winter", "No turn")
    phase: str
    #: what happens in such a step, in one line
    heading: str
    #: one line for each colony (winter) or each player who had no turn
    lines: list[str]
    #: what going on leads to: "January", "year 2", "the final score"
    then: str
    #: the colonies it tells of when not all of them (the seats that had no turn): the boards lead with the first
    seats: list[int] = Field(default_factory=list)


def winter_month_begins(s: BeeLivesState) -> bool:
    """Whether ``s`` stands at the start of a month of winter upkeep: its
    heading in the log, nothing of it done yet (its feeding comes next)."""
    return (s.phase == "winter" and not s.over and s.pending is None and s.month > 9 and bool(s.queue)
            and s.queue[0].split(" ")[0] == "feed")


def _next_after(s: BeeLivesState) -> str:
    """What comes after a winter month that left the game at ``s``: the next one, a new year, or the end."""
    if s.over:
        return "the final score"
    if s.month <= 9:
        return f"year {s.year}"
    return MONTH_NAMES[s.month - 1]


def winter_report(start: BeeLivesState, now: BeeLivesState) -> StopInfo | None:
    """The month of winter upkeep that began at ``start`` (see
    :func:`winter_month_begins`), once ``now`` is past it (the next month's
    heading, or the year's end): for each colony the honey eaten, the bees
    that starved, those kept with starvation tokens and those lost to disease,
    and what is left; after the last month, the VP the year's end scored.
    None while that month is still going on."""
    if not winter_month_begins(start) or (now.year, now.month) == (start.year, start.month) and not now.over:
        return None
    year_end = now.over or now.year != start.year
    rules = game_data().rules
    lines = []
    for a, b in zip(start.players, now.players, strict=True):
        if a.eliminated:
            continue
        _spend, starving, _keep = feeding_numbers(start, a, True)
        kept = max(0, b.starvation - a.starvation)
        lost = max(0, a.workers - b.workers)
        starved = min(lost, max(0, starving - kept))
        sick = lost - starved
        ate = max(0, a.honey - b.honey)
        if a.workers == 0:
            text = f"{a.name} has no bees left"
        elif starving:
            text = f"{a.name} had too little honey and ate {ate}: " if ate else f"{a.name} had no honey: "
            if starved:
                text += f"{count(starved, 'bee')} starved" + (f", {kept} kept alive" if kept else "")
            else:
                text += f"{count(kept, 'bee')} kept alive"
            if kept:
                text += f" with {count(kept, 'starvation token')}"
        elif ate:
            text = f"{a.name} ate {ate} honey"
        else:
            text = f"{a.name}'s {count(a.workers, 'bee')} ate nothing"
        if sick:
            text += f"; disease killed {count(sick, 'bee')}"
        if a.workers:
            text += f". Left: {count(b.workers, 'bee')}, {b.honey} honey"
        text += "."
        if year_end:
            score = b.honey + b.workers
            penalty = -rules.vp.starvation_token * b.starvation if now.over else 0
            text += f" Year's end: {b.honey} honey and {count(b.workers, 'bee')} score {score} VP"
            if penalty:
                text += f"; {count(b.starvation, 'starvation token')} cost {penalty} VP"
            text += f". {b.vp} VP in all."
            if b.eliminated:
                text += " No bee lived through the winter: the colony is out of the game."
        lines.append(text)
    name = MONTH_NAMES[start.month - 1]
    per = rules.winter.bees_per_honey
    heading = f"Each colony eats 1 honey for every {per} bees, then loses bees to its disease."
    if year_end:
        heading += " Then the year ends: 1 VP for each honey and each bee left."
    title = f"Winter upkeep in {name}" + (", and the year's end" if year_end else "")
    return StopInfo(kind="winter", year=start.year, month=name, season="winter", phase="Winter", title=title,
                    heading=heading, lines=lines, then=_next_after(now))


def idle_stop(s: BeeLivesState, since: dict[int, tuple[int, int]]
              ) -> tuple[StopInfo, dict[int, tuple[int, int]]] | None:
    """The months just gone by in which some of these seats (each with
    ``since``, the (year, month) of its last turn, see :func:`idle_months`)
    could take no action: a stop that says so, and each such seat's last
    such month; None if there were none."""
    lines = []
    last: dict[int, tuple[int, int]] = {}
    for seat, when in since.items():
        found = idle_months(s, seat, when)
        if found is not None:
            lines.append(found[0])
            last[seat] = found[1]
    if not lines:
        return None
    year, month = max(last.values())
    name = MONTH_NAMES[month - 1]
    who = [s.players[seat].name for seat in last]
    title = f"{name}: no turn for {' and '.join(who)}"
    heading = "A colony with no free bee when a round of turns begins gets no turn in it."
    then = "the final score" if s.over else "the winter" if month >= 9 else MONTH_NAMES[month]
    return StopInfo(kind="idle", year=year, month=name, season=season_of(month), phase="No turn", title=title,
                    heading=heading, lines=lines, then=then, seats=list(last)), last


# -- the map's legend ------------------------------------------------------------------------------


class KindInfo(BaseModel):
    kind: str
    #: the letter that starts the names of its tiles
    letter: str
    #: what a tile of the kind gives now (honey, pollen, water)
    yields: tuple[int, int, int]


def kinds(s: BeeLivesState) -> list[KindInfo]:
    """The map legend: each tile kind with its letter and what a tile of it yields now."""
    return [KindInfo(kind=k, letter=TILE_LETTERS[k], yields=kind_yield(s, k)) for k in TILE_KINDS]


def bag_size(s: BeeLivesState) -> int:
    """How many map tiles are left in the cloth bag."""
    return sum(s.bag.values())


# -- a saved game on the Load screen --------------------------------------------------------------


def setup_summary(options: dict[str, object]) -> str:
    """How a game was set up, in a few words ("Challenge: Builder"), from its
    saved options; "" for a basic one-year game."""
    from .data import solo_data
    from .options import BeeLivesOptions

    try:
        o = BeeLivesOptions.model_validate(options)
    except ValueError:
        return ""
    data = solo_data()
    parts = []
    if o.mode == "scenario":
        parts.append("Scenario: " + (data.scenario(o.scenario).name if o.scenario != "random" else "random"))
    if o.mode == "campaign":
        parts.append("Campaign: " + (data.campaign(o.campaign).name if o.campaign != "random" else "random"))
    if o.challenge not in ("none", "random"):
        parts.append("Challenge: " + data.challenge(o.challenge).name)
    elif o.mode == "challenge" or o.challenge == "random":
        parts.append("Challenge: random")
    if o.mode != "campaign" and o.years != "1":
        parts.append(f"{o.years} years")
    if o.harder:
        parts.append("harder")
    return ", ".join(parts)



# -- the goal part of the boards ------------------------------------------------------------------


def goal_info(s: BeeLivesState) -> SoloInfo | None:
    """What the boards' goal part shows: the solo mode's cards (:func:`solo_info`), and the
    harder solo rule when it is on, with whether it will bring a wild hive at this month's end
    (a basic game has no card: the rule alone). None when there is neither."""
    info = solo_info(s)
    if not (s.options.harder and s.n == 1):
        return info
    strength = spawn_strength(s)
    if not 4 <= s.month <= 9:
        progress = f"from June to November, a month with no new wild hive ends with one of strength {strength}"
    elif s.spawned:
        progress = "a wild hive came this month: none more at its end"
    else:
        progress = f"no new wild hive yet this month: at its end one of strength {strength} comes"
    rule = GoalLine(kind="harder", name="Harder", status="rule", progress=progress,
                    text="After each summer or fall month in which no wild hive was spawned, a wild hive "
                         "appears on a tile within 3 spaces of your hive.")
    if info is None:
        return SoloInfo(title="Basic, harder", lines=[rule], failed=None, notes=[])
    return info.model_copy(update={"lines": [*info.lines, rule]})

__all__ = [
    "ACTION_KEYS",
    "ACTION_TITLES",
    "FORMS",
    "HIVE_KINDS",
    "QUEEN_POWERS",
    "TILE_DECISIONS",
    "DecisionView",
    "Entry",
    "GoalLine",
    "GroupInfo",
    "HiveBoardInfo",
    "KindInfo",
    "MarksInfo",
    "Number",
    "SeasonInfo",
    "SoloInfo",
    "Spot",
    "StopInfo",
    "TileInfo",
    "Warning",
    "WildBoardInfo",
    "WildInfo",
    "about",
    "action_options",
    "bag_size",
    "decision_view",
    "form_default",
    "goal_info",
    "group_owner",
    "hive_board",
    "idle_months",
    "idle_stop",
    "join_placement",
    "join_preview",
    "kind_yield",
    "kinds",
    "map_groups",
    "map_marks",
    "season_info",
    "setup_summary",
    "solo_info",
    "touching_edges",
    "walk",
    "warnings",
    "wild_board_info",
    "wild_short_names",
    "winter_month_begins",
    "winter_report",
]
