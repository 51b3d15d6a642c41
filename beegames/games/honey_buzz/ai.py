"""Computer players for Honey Buzz.

``random`` picks any legal move. ``basic`` and ``good`` are heuristic
players that value everything in points:

* a nectar tile is worth the honey it should still make before the end;
* an empty cell is worth the nectar tile it can take (if one is left);
* a hive action is worth what it gains now (coins, honey, nectar);
* a tile placement is worth the cells it closes, the actions it wakes
  (estimated with a small resource model of the rest of the turn) and, for
  ``good``, the cells it brings close to closing, where its icon sits, and
  the contests it moves forward (solo tiers above all: a solitaire game is
  lost below the level's minimum).

Players are given only their seat's view; in the advanced variant they use
the face-down tiles they have looked at and, for the others, the mix of
fronts left in each back group.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from ...core.hexgrid import Hex
from ...core.players import ComputerPlayer, RandomPlayer
from .actions import empty_cells, fan_result, forage_cost
from .common import index, manhattan, market_value, owned_workers, space_of
from .contests import METRIC_FUNCS, final_payouts, solo_tier_points
from .data import NECTARS, RESOURCES, SoloContestCard, game_data
from .geometry import coverage, ring, site_neighbours
from .models import (
    ActMove,
    ArrangeMove,
    Cell,
    ConfigMove,
    DroneHoneyMove,
    DroneNectarMove,
    DroneOrderMove,
    DropMove,
    FanMove,
    ForageMove,
    HoneyBuzzState,
    NectarTile,
    OrderMove,
    PeekMove,
    PlaceMove,
    Player,
    RecallMove,
    SellMove,
    StartMove,
    StoreMove,
    TakeMove,
)
from .placement import HiveIndex, accepts_for

#: what a woken icon is worth, roughly, for placing icons next to closing sites
ICON_WORTH = {"decree": 6.0, "produce": 5.0, "market": 5.0, "forage": 4.0, "accounting": 4.0, "newbee": 3.0}

#: cells a placement would close, with the nectar each takes
NewCells = list[tuple[Hex, str | None]]


def make_player(level: str, seed: int) -> ComputerPlayer:
    """The Honey Buzz computer player of ``level`` (random, basic or good) seeded with ``seed``; raises ValueError for
    another level."""
    if level == "random":
        return RandomPlayer(seed)
    if level not in ("basic", "good"):
        raise ValueError(f"unknown Honey Buzz level {level!r}")
    return HoneyBuzzPlayer(level, seed)


# -- game progress and values ---------------------------------------------------------------


def progress(s: HoneyBuzzState) -> float:
    """How far the game is towards its end, 0 to 1 (whichever trigger is closest)."""
    data = game_data()
    if s.end_triggered:
        return 1.0
    steps = sorted(len(col.values) - 1 - s.market[i] for i, col in enumerate(data.market.columns))
    start = data.setup.market_start_space[str(2 if s.solo else s.n)]
    full = sorted(len(col.values) - 1 - start for col in data.market.columns)
    pm = 1 - sum(steps[:4]) / max(1, sum(full[:4]))
    left = sorted((up is not None) + len(st) for up, st in zip(s.orders_up, s.order_stacks))
    size = data.setup.order_stacks[str(2 if s.solo else s.n)]
    per = size.small + size.large
    po = 1 - (left[0] + left[1]) / (2 * per)
    total = sum(data.components.standard_tiles.values())
    pt = 1 - sum(s.stacks.values()) / total
    return max(0.0, min(1.0, max(pm, po, pt)))


class Values:
    """Point values of things for one seat at one moment."""

    def __init__(self, s: HoneyBuzzState, seat: int, level: str) -> None:
        self.s = s
        self.seat = seat
        self.p = s.players[seat]
        self.level = level
        self.prog = progress(s)
        self.late = self.prog > 0.85
        self.hv = {t: market_value(s, t) for t in RESOURCES}
        left = 1.0 - self.prog
        #: what an unsold unit is worth (it may be sold later, or score 1 at the end)
        self.keep = {t: max(1.0, self.hv[t] * (0.25 + 0.45 * left)) for t in RESOURCES}
        #: a nectar tile: the honey it should still make
        self.nectar = {t: self.hv[t] * (0.5 + 1.8 * left) for t in NECTARS}
        self.avail = self._field_supply()
        self.cell = {t: (0.75 if self.avail[t] > 0 else 0.15) * self.nectar[t] for t in NECTARS}
        self.worker = 3.0 * left + 0.3

    def _field_supply(self) -> dict[str, float]:
        """How many nectar tiles of each type are (probably) left in the field."""
        s = self.s
        out = {t: 0.0 for t in NECTARS}
        if not s.advanced:
            for tile in s.field:
                if tile is not None:
                    out[tile.kind] += 1
            return out
        for tile in s.field:
            if tile is None:
                continue
            if tile.kind != "?":
                out[tile.kind] += 1
            else:
                for t, pr in group_odds(s, tile.back).items():
                    out[t] += pr
        return out

    def _cell_value(self, accepts: str | None) -> float:
        return self.cell[accepts] if accepts else 0.6

    def pollen(self) -> float:
        """What gaining a pollen is worth to the player now: nine tenths of what keeping one is worth, plus 0.5."""
        return self.keep["P"] * 0.9 + 0.5


def group_odds(s: HoneyBuzzState, back: str | None) -> dict[str, float]:
    """Chance of each front for an unseen face-down tile of back group ``back``."""
    if back is None:
        return {t: 0.25 for t in NECTARS}
    data = game_data()
    left = Counter({t: k for t, k in data.field.back_groups[back].items()})
    known = [t for t in s.nectar_removed if t.back == back]
    known += [c.nectar for p in s.players for c in p.cells if c.nectar is not None and c.nectar.back == back]
    known += [t for t in s.field if t is not None and t.back == back and t.kind != "?"]
    known += [t for t in s.nectar_box if t.back == back and t.kind != "?"]
    for t in known:
        left[t.kind] -= 1
    unseen_box = sum(1 for t in s.nectar_box if t.back == back and t.kind == "?")
    total = sum(max(0, v) for v in left.values())
    if total <= 0:
        return {t: 0.25 for t in NECTARS}
    _ = unseen_box  # tiles in the box are unseen: they leave the mix unchanged in expectation
    return {t: max(0, left[t]) / total for t in NECTARS}


# -- contests --------------------------------------------------------------------------------


def contest_value(s: HoneyBuzzState, seat: int, metrics: dict[str, int], level: str) -> float:
    """What the contests in play are worth to ``seat`` with these counts."""
    data = game_data()
    total = 0.0
    for k, cid in enumerate(s.contests):
        card = data.contest(cid)
        v = metrics.get(card.metric)
        if v is None:
            continue
        if isinstance(card, SoloContestCard):
            pts = solo_tier_points(card, v)
            nxt = next((i for i, tier in enumerate(card.tiers) if v < tier), None)
            part = 0.0
            if nxt is not None:
                prev_t = card.tiers[nxt - 1] if nxt > 0 else 0
                prev_p = card.points[nxt - 1] if nxt > 0 else 0
                part = (v - prev_t) / max(1, card.tiers[nxt] - prev_t) * (card.points[nxt] - prev_p) * 0.6
            total += pts + part
        elif card.kind == "speed":
            if seat in s.speed_done[k] or card.target is None:
                continue
            pays = data.setup.speed_payouts[str(s.n)]
            place = len(s.speed_done[k])
            if place >= len(pays):
                continue
            total += min(1.0, v / card.target) ** 2 * pays[place] * 0.5
        else:
            values = [_metric_of(s, i, card.metric) if i != seat else v for i in range(s.n)]
            total += final_payouts(values, data.components.final_payouts)[seat] * (0.4 + 0.6 * progress(s))
            total += v * 0.8
    return total


def _metric_of(s: HoneyBuzzState, seat: int, name: str) -> int:
    return METRIC_FUNCS[name](s, s.players[seat])


def _contest_metrics(s: HoneyBuzzState) -> list[str]:
    return [game_data().contest(c).metric for c in s.contests]


def solo_needs(s: HoneyBuzzState) -> float:
    """Solo: contest points still missing for a win (0 if already there)."""
    if not s.solo:
        return 0.0
    need = game_data().solo.level(s.options.solo_level).minimum
    have = 0
    for cid in s.contests:
        card = game_data().contest(cid)
        assert isinstance(card, SoloContestCard)
        have += solo_tier_points(card, _metric_of(s, 0, card.metric))
    return max(0.0, need - have)


# -- a hive after a hypothetical placement ------------------------------------------------------


class SiteCache:
    """Coverage and neighbouring icons of the open sites of one hive, worked
    out once per decision; a placement adds one per hex of the new tile."""

    def __init__(self, idx: HiveIndex) -> None:
        self.idx = idx
        self.cov: dict[Hex, int] = {}
        self.icons: dict[Hex, int] = {}

    def covered(self, site: Hex, a: Hex, b: Hex) -> tuple[int, int]:
        """Coverage of ``site`` before and after a tile on ``a``-``b``."""
        c = self.cov.get(site)
        if c is None:
            c = self.cov[site] = coverage(site, self.idx.owner)
        ring_hexes = ring(site)
        return c, c + (a in ring_hexes) + (b in ring_hexes)

    def _icons_round(self, site: Hex) -> int:
        n = self.icons.get(site)
        if n is None:
            n = self.icons[site] = sum(1 for h in ring(site) if h in self.idx.icons)
        return n


POTENTIAL = {5: 0.55, 4: 0.25, 3: 0.08}
SPOT = {5: 0.45, 4: 0.25, 3: 0.1}


def fan_table(owner: Iterable[Hex], cells: dict[Hex, list[Any]]) -> dict[Hex, list[Hex]]:
    """For each hive hex next to a nectar tile without honey: those tiles."""
    out: dict[Hex, list[Hex]] = {}
    for h in owner:
        got = [x for x in site_neighbours(h) if (c := cells.get(x)) is not None and c[1] and not c[2]]
        if got:
            out[h] = got
    return out


class Hypo:
    """A light copy of a player's hive and holdings for estimating a turn.

    Cells are ``[accepts, nectar, honey]`` lists; fan spots come from a table
    computed once per decision, recomputed only round the cells that change."""

    def __init__(self, p: Player, idx: HiveIndex, base_fan: dict[Hex, list[Hex]] | None = None,
                 extra: Iterable[Hex] = ()) -> None:
        self.cells: dict[Hex, list[Any]] = {c.site: [c.accepts, c.nectar.kind if c.nectar else None, c.honey]
                                            for c in p.cells}
        self.coins = p.coins
        self.pollen = p.pollen
        self.base_fan = base_fan if base_fan is not None else fan_table(idx.owner, self.cells)
        self.touched: set[Hex] = set(extra)

    def touch(self, site: Hex) -> None:
        """Mark the hexes round cell ``site`` as changed, so that fan spots next to it are worked out afresh."""
        self.touched.update(ring(site))

    def honey(self) -> Counter[str]:
        """How many honeys of each nectar type the estimated hive holds."""
        return Counter(v[1] for v in self.cells.values() if v[2] and v[1])

    def best_fan(self) -> list[Hex]:
        """The nectar tiles the best fan placement would turn to honey in the estimated hive."""
        best: list[Hex] = []
        for h, sites in self.base_fan.items():
            if len(sites) > len(best) and h not in self.touched:
                best = sites
        for h in self.touched:
            got = [x for x in site_neighbours(h) if (c := self.cells.get(x)) is not None and c[1] and not c[2]]
            if len(got) > len(best):
                best = got
        return best


class HoneyBuzzPlayer:
    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.good = level == "good"
        self.rng = random.Random(seed)

    # -- entry point ---------------------------------------------------------------------------
    def choose(self, engine: Any, view: HoneyBuzzState) -> Any:
        """The move this player picks from its seat's view: the only legal one, its choice for the decision's kind, or
        a random legal move for a kind it has no rule for; raises RuntimeError when nothing is legal."""
        moves = engine.legal_moves(view)
        if not moves:
            raise RuntimeError("no legal move for the pending decision")
        if len(moves) == 1:
            return moves[0]
        assert view.pending is not None
        fn = getattr(self, "_" + view.pending.kind, None)
        if fn is None:
            return self.rng.choice(moves)
        return fn(view, moves, view.pending.seat)

    @staticmethod
    def _best(moves: Iterable[Any], score: Any) -> Any:
        best, best_v = None, None
        for m in moves:
            v = score(m)
            if best_v is None or v > best_v:
                best, best_v = m, v
        return best

    # -- setup -------------------------------------------------------------------------------------
    def _config(self, s: HoneyBuzzState, moves: list[ConfigMove], seat: int) -> Any:
        data = game_data()

        def score(m: ConfigMove) -> float:
            card = data.configurations.by_id(m.card)
            owner = {h: i for i, sl in enumerate(card.slots) for h in sl}
            sites = {x for h in owner for x in site_neighbours(h)}
            return sum({5: 3.0, 4: 1.0}.get(coverage(x, owner), 0.0) for x in sites)

        return self._best(moves, score)

    def _arrange(self, s: HoneyBuzzState, moves: list[ArrangeMove], seat: int) -> Any:
        data = game_data()
        card = data.configurations.by_id(s.config or "")
        owner = {h: i for i, sl in enumerate(card.slots) for h in sl}
        worth = {"decree": 6.0, "produce": 5.0, "forage": 4.5, "newbee": 3.5}

        def score(m: ArrangeMove) -> float:
            return worth.get(m.tile, 3.0) * sum(coverage(x, owner) ** 2 for x in site_neighbours(m.icon)) \
                + self.rng.random() * 0.01

        return self._best(moves, score)

    def _start(self, s: HoneyBuzzState, moves: list[StartMove], seat: int) -> Any:
        def score(m: StartMove) -> float:
            here = (m.row, -1)
            return -sum(manhattan(here, space_of(i)) for i, t in enumerate(s.field) if t is not None)

        return self._best(moves, score)

    # -- turn: take a tile or recall ---------------------------------------------------------------
    def _turn(self, s: HoneyBuzzState, moves: list[Any], seat: int) -> Any:
        vals = Values(s, seat, self.level)
        p = s.players[seat]
        takes = [m for m in moves if isinstance(m, TakeMove)]
        recalls = [m for m in moves if isinstance(m, RecallMove)]
        best_take, best_v = None, -1e9
        if takes:
            plan = self._placements(s, seat, vals, {m.tile for m in takes})
            for m in takes:
                v = plan.get(m.tile, -1e9)
                v -= (m.workers - 1) * vals.worker * 1.2
                if m.tile == "decree":
                    v -= game_data().components.decree_cost
                if v > best_v:
                    best_take, best_v = m, v
        back = owned_workers(p) - p.available
        recall_v = -0.5 + 0.9 * back * (0.5 if p.available > 0 else 1.0)
        # a recall that brings nobody back only scouts: take a tile instead, if one is left
        if p.available == 0 or best_take is None or (back > 0 and best_v < recall_v):
            return self._best(recalls, lambda m: self._scout_value(s, seat, vals, m))
        return best_take

    def _scout_value(self, s: HoneyBuzzState, seat: int, vals: Values, m: RecallMove) -> float:
        p = s.players[seat]
        if m.scout is None:
            return 0.0
        if s.advanced:
            i = index(m.scout)
            tile = s.field[i]
            if tile is None or tile.kind != "?":
                return -0.1
            odds = group_odds(s, tile.back)
            return sum(pr * (1.0 if empty_cells(p, t) else 0.3) for t, pr in odds.items()) + self.rng.random() * .01
        return self._position_value(s, p, vals, m.scout) - self._position_value(s, p, vals, p.forage)

    def _position_value(self, s: HoneyBuzzState, p: Player, vals: Values, where: Any) -> float:
        if where is None:
            return 0.0
        best = 0.0
        for i, t in enumerate(s.field):
            if t is None or t.kind == "?":
                continue
            d = manhattan(where, space_of(i))
            want = vals.nectar[t.kind] * (1.0 if empty_cells(p, t.kind) else 0.25)
            best = max(best, want - 2 * max(0, d - 1))
        return best * 0.3

    # -- placements ----------------------------------------------------------------------------------
    def _placements(self, s: HoneyBuzzState, seat: int, vals: Values, kinds: set[str]) -> dict[str, float]:
        """Best placement value for each tile kind in ``kinds``."""
        out = {k: -1e9 for k in kinds}
        for _m, kind, v in self._placement_scores(s, seat, vals, kinds):
            out[kind] = max(out[kind], v)
        return out

    def _placement_scores(self, s: HoneyBuzzState, seat: int, vals: Values, kinds: Iterable[str]
                          ) -> Iterator[tuple[PlaceMove, str, float]]:
        p = s.players[seat]
        idx = HiveIndex.of(p)
        six = s.options.six_tile_cell
        metrics_now = None
        cval_now = 0.0
        wanted = _contest_metrics(s) if self.good else []
        if wanted:
            metrics_now = {k: METRIC_FUNCS[k](s, p) for k in wanted}
            cval_now = contest_value(s, seat, metrics_now, self.level)
        urgency = 1.0 + (solo_needs(s) / 10.0 if s.solo and self.good else 0.0)
        kinds = list(kinds)
        base_fan = fan_table(idx.owner, Hypo(p, idx, base_fan={}).cells)
        cache = SiteCache(idx)
        for a, b in idx.slots():
            made = idx.enclosed_by(a, b)
            new = [(site, accepts_for(pat, six)) for site, pat in made]
            base = sum(vals._cell_value(acc) for _, acc in new)
            woken_old = idx.woken([site for site, _ in new])
            if self.good:
                base += self._potential_delta(cache, a, b, new, vals)
                if wanted:
                    base += (self._contest_delta(s, seat, p, idx, a, b, new, wanted, metrics_now, cval_now)
                             * urgency)
            old_kinds = [k for _, k in woken_old]
            for icon in (a, b):
                wakes_now = any(icon in ring(site) for site, _ in new)
                spot = self._icon_spot(cache, icon, a, b, new) if self.good else 0.0
                for kind in kinds:
                    woken = old_kinds + [kind] if wakes_now else old_kinds
                    v = base + self._bundle(s, p, idx, a, b, new, woken, vals, base_fan)
                    if self.good:
                        v += spot * ICON_WORTH.get(kind, 3.0) * (0.3 + 0.7 * (1 - vals.prog))
                    yield PlaceMove(hexes=(a, b), icon=icon), kind, v

    def _potential_delta(self, cache: SiteCache, a: Hex, b: Hex, new: NewCells, vals: Values) -> float:
        """Value of sites brought closer to closing."""
        made = {site for site, _ in new}
        delta = 0.0
        avg = sum(vals.cell.values()) / 4
        for site in set(site_neighbours(a) + site_neighbours(b)):
            if site in cache.idx.cells or site in made:
                continue
            before, after = cache.covered(site, a, b)
            delta += (POTENTIAL.get(after, 0) - POTENTIAL.get(before, 0)) * (avg + 1.2 * cache._icons_round(site))
        return delta

    @staticmethod
    def _icon_spot(cache: SiteCache, icon: Hex, a: Hex, b: Hex, new: NewCells) -> float:
        """An icon is only ever woken by a cell closing next to it: how good
        a spot ``icon`` is, by how close its neighbouring sites are to closing."""
        made = {site for site, _ in new}
        score = 0.0
        for site in site_neighbours(icon):
            if site in cache.idx.cells or site in made:
                continue
            score += SPOT.get(cache.covered(site, a, b)[1], 0.03)
        return score

    def _contest_delta(self, s: HoneyBuzzState, seat: int, p: Player, idx: HiveIndex, a: Hex, b: Hex,
                       new: NewCells, wanted: list[str], metrics_now: dict[str, int] | None, cval_now: float) -> float:
        if metrics_now is None:
            return 0.0
        if not new and "hive_tiles" not in wanted:
            return 0.0
        p2 = p.model_copy()
        p2.tiles = p.tiles + [p.tiles[0].model_copy(update={"hexes": (a, b), "icon": a, "starting": False})]
        p2.cells = p.cells + [Cell(site=site, accepts=acc) for site, acc in new]
        metrics = {k: METRIC_FUNCS[k](s, p2) for k in wanted}
        return contest_value(s, seat, metrics, self.level) - cval_now

    def _bundle(self, s: HoneyBuzzState, p: Player, idx: HiveIndex, a: Hex, b: Hex, new: NewCells,
                kinds: list[str], vals: Values, base_fan: dict[Hex, list[Hex]]) -> float:
        """Estimated points from taking the woken actions ``kinds`` this turn."""
        if not kinds:
            return 0.0
        comp = game_data().components
        h = Hypo(p, idx, base_fan, extra=(a, b))
        for site, acc in new:
            h.cells[site] = [acc, None, False]
        total = 0.0
        order = sorted(kinds, key=lambda k: ["accounting", "newbee", "forage", "market", "produce",
                                             "decree"].index(k))
        for k in order:
            if k == "decree":
                opts = {"accounting": comp.accounting_coins, "newbee": self._newbee_value(p, vals),
                        "forage": self._h_forage(s, h, vals, commit=False),
                        "produce": self._h_produce(h, vals, commit=False),
                        "market": self._h_market(h, vals, commit=False)}
                k = max(opts, key=lambda x: opts[x])
            if k == "accounting":
                total += comp.accounting_coins
                h.coins += comp.accounting_coins
            elif k == "newbee":
                total += self._newbee_value(p, vals)
            elif k == "forage":
                total += self._h_forage(s, h, vals, commit=True)
            elif k == "produce":
                total += self._h_produce(h, vals, commit=True)
            elif k == "market":
                total += self._h_market(h, vals, commit=True)
        return total

    def _newbee_value(self, p: Player, vals: Values) -> float:
        if p.supply <= 0:
            return 0.0
        extra = 0.0
        if self.good:
            s = vals.s
            for cid in s.contests:
                if game_data().contest(cid).metric == "workers":
                    extra += 4.0
        return vals.worker * 1.4 + extra

    def _h_forage(self, s: HoneyBuzzState, h: Hypo, vals: Values, commit: bool) -> float:
        empty = Counter(v[0] for v in h.cells.values() if v[0] and v[1] is None)
        best, best_t = vals.pollen(), None
        for t in NECTARS:
            if empty[t] and vals.avail[t] >= 0.5:
                v = vals.nectar[t] * min(1.0, vals.avail[t]) - (0.0 if s.advanced else 1.0)
                if v > best:
                    best, best_t = v, t
        if commit:
            if best_t is not None:
                for site, cell in h.cells.items():
                    if cell[0] == best_t and cell[1] is None:
                        cell[1] = best_t
                        h.touch(site)
                        break
            else:
                h.pollen += 1
        return best

    def _h_produce(self, h: Hypo, vals: Values, commit: bool) -> float:
        sites = h.best_fan()
        v = sum(vals.keep[h.cells[x][1]] + 0.3 * (vals.hv[h.cells[x][1]] - vals.keep[h.cells[x][1]])
                for x in sites)
        if commit:
            for x in sites:
                h.cells[x][2] = True
                h.touch(x)
        return v

    def _h_market(self, h: Hypo, vals: Values, commit: bool) -> float:
        honey = h.honey()
        best, best_r = 0.0, None
        for r in RESOURCES:
            n = h.pollen if r == "P" else honey[r]
            if n:
                v = n * (vals.hv[r] - vals.keep[r])
                if v > best:
                    best, best_r = v, r
        if commit and best_r is not None:
            if best_r == "P":
                h.pollen = 0
            else:
                for site, cell in h.cells.items():
                    if cell[1] == best_r and cell[2]:
                        cell[2] = False
                        h.touch(site)
        return best

    def _place(self, s: HoneyBuzzState, moves: list[PlaceMove], seat: int) -> Any:
        vals = Values(s, seat, self.level)
        kind = s.holding or "forage"
        best, best_v = moves[0], -1e9
        for m, _, v in self._placement_scores(s, seat, vals, [kind]):
            v += self.rng.random() * 1e-3
            if v > best_v:
                best, best_v = m, v
        return best

    # -- the hive actions -------------------------------------------------------------------------------
    def _action(self, s: HoneyBuzzState, moves: list[ActMove], seat: int) -> Any:
        vals = Values(s, seat, self.level)
        p = s.players[seat]
        plain = [m for m in moves if m.action != "decree"]
        kinds = {m.action for m in plain}
        if "forage" in kinds:
            return next(m for m in plain if m.action == "forage")
        if "market" in kinds and "produce" in kinds:
            # sell first when the best fan spot is choked with honey already made
            idx = HiveIndex.of(p)
            h = Hypo(p, idx)
            blocked = max((sum(1 for x in site_neighbours(t) if x in h.cells and h.cells[x][1] and h.cells[x][2])
                           for t in idx.owner), default=0)
            if blocked >= 2 and any(c.honey for c in p.cells):
                return next(m for m in plain if m.action == "market")
            return next(m for m in plain if m.action == "produce")
        if plain:
            order = ["produce", "market", "newbee", "accounting"]
            plain.sort(key=lambda m: order.index(m.action) if m.action in order else 9)
            return plain[0]
        # only Decrees left: the best of the five
        return self._best(moves, lambda m: self._decree_value(s, seat, vals, m.choice or ""))

    def _decree_value(self, s: HoneyBuzzState, seat: int, vals: Values, kind: str) -> float:
        p = s.players[seat]
        comp = game_data().components
        if kind == "accounting":
            return comp.accounting_coins
        if kind == "newbee":
            return self._newbee_value(p, vals)
        idx = HiveIndex.of(p)
        h = Hypo(p, idx)
        if kind == "forage":
            return self._h_forage(s, h, vals, commit=False)
        if kind == "produce":
            return self._h_produce(h, vals, commit=False)
        return self._h_market(h, vals, commit=False)

    def _forage(self, s: HoneyBuzzState, moves: list[ForageMove], seat: int) -> Any:
        vals = Values(s, seat, self.level)
        p = s.players[seat]
        idx = HiveIndex.of(p)

        def score(m: ForageMove) -> float:
            assert p.forage is not None
            cost = forage_cost(p.forage, m.to)
            if m.cell is not None:
                tile = s.field[index(m.to)]
                assert tile is not None
                v = vals.nectar[tile.kind] + self._cell_fan_bonus(idx, p, m.cell)
            else:
                v = vals.pollen() if s.supply_pollen > 0 else 0.0
            pos = self._position_value(s, p, vals, m.to) if self.good else 0.0
            if watch:
                key = (m.cell, s.field[index(m.to)].kind if m.cell is not None else None, cost)  # type: ignore[union-attr]
                if key not in outcomes:
                    p2 = p.model_copy()
                    p2.coins = p.coins - cost
                    if m.cell is not None:
                        tile = s.field[index(m.to)]
                        p2.cells = [c.model_copy(update={"nectar": tile}) if c.site == m.cell else c
                                    for c in p.cells]
                    elif s.supply_pollen > 0:
                        p2.pollen = p.pollen + 1
                    outcomes[key] = self._contest_now(s, seat, p2, watch) - base
                v += outcomes[key]
            return v - cost + pos + self.rng.random() * 1e-3

        watch = self._holding_metrics(s)
        base = self._contest_now(s, seat, p, watch)
        outcomes: dict[tuple[Any, ...], float] = {}
        return self._best(moves, score)

    def _cell_fan_bonus(self, idx: HiveIndex, p: Player, cell: Hex) -> float:
        """Prefer filling cells that share a fan spot with other nectar tiles."""
        cells = idx.cells
        best = 0
        for h in ring(cell):
            n = sum(1 for x in site_neighbours(h) if x != cell and x in cells and cells[x].nectar is not None)
            best = max(best, n)
        return 0.4 * best

    def _peek(self, s: HoneyBuzzState, moves: list[PeekMove], seat: int) -> Any:
        vals = Values(s, seat, self.level)
        p = s.players[seat]

        def score(m: PeekMove) -> float:
            tile = s.field[index(m.space)]
            assert tile is not None
            if tile.kind != "?":
                return (vals.nectar[tile.kind] if empty_cells(p, tile.kind) else vals.pollen()) + 0.01
            odds = group_odds(s, tile.back)
            gain = sum(pr * (vals.nectar[t] if empty_cells(p, t) else vals.pollen()) for t, pr in odds.items())
            return gain + self.rng.random() * 1e-3

        return self._best(moves, score)

    def _store(self, s: HoneyBuzzState, moves: list[StoreMove], seat: int) -> Any:
        p = s.players[seat]
        idx = HiveIndex.of(p)
        return self._best(moves, lambda m: self._cell_fan_bonus(idx, p, m.cell) + self.rng.random() * 1e-3)

    def _produce(self, s: HoneyBuzzState, moves: list[FanMove], seat: int) -> Any:
        p = s.players[seat]
        vals = Values(s, seat, self.level)
        by = {c.site: c for c in p.cells}

        def score(m: FanMove) -> float:
            made = fan_result(s, p, m.space)
            return float(sum(vals.hv[n.kind] for x in made if (n := by[x].nectar) is not None))

        return self._best(moves, score)

    def _market(self, s: HoneyBuzzState, moves: list[Any], seat: int) -> Any:
        vals = Values(s, seat, self.level)
        p = s.players[seat]
        data = game_data()
        held: Counter[str] = Counter(c.nectar.kind for c in p.cells if c.honey and c.nectar is not None)
        held["P"] = p.pollen
        final_turn = s.end_triggered

        watch = self._holding_metrics(s)
        base = self._contest_now(s, seat, p, watch)

        def score(m: Any) -> float:
            if isinstance(m, SellMove):
                v = m.count * (vals.hv[m.resource] - (1.0 if final_turn else vals.keep[m.resource]))
                # selling everything of a type at once: a later sale would be one value lower
                v -= (held[m.resource] - m.count) * 0.8
            else:
                assert isinstance(m, OrderMove)
                card = data.order(m.order)
                cost = sum((1.0 if final_turn else vals.keep[r]) * k for r, k in card.needs.items())
                v = card.points - cost + 3.0
            if watch:
                v += self._contest_now(s, seat, self._after_market(s, p, m), watch) - base
            return v

        return self._best(moves, score)

    # -- contests that count holdings --------------------------------------------------------------
    HOLDING_METRICS = ("pollen", "coins", "best_sale", "orders", "honey_held", "nectar_tiles", "nectar_types",
                       "cherry_acacia", "nectar_clusters", "empty_cell_clusters")

    def _holding_metrics(self, s: HoneyBuzzState) -> list[str]:
        if not self.good:
            return []
        return [m for m in _contest_metrics(s) if m in self.HOLDING_METRICS]

    def _contest_now(self, s: HoneyBuzzState, seat: int, p: Player, watch: list[str]) -> float:
        if not watch:
            return 0.0
        weight = 1.0 + (solo_needs(s) / 10.0 if s.solo else 0.0)
        return contest_value(s, seat, {k: METRIC_FUNCS[k](s, p) for k in watch}, self.level) * weight

    @staticmethod
    def _after_market(s: HoneyBuzzState, p: Player, m: Any) -> Player:
        p2 = p.model_copy()
        if isinstance(m, SellMove):
            p2.coins = p.coins + m.count * market_value(s, m.resource)
            if m.resource == "P":
                p2.pollen = p.pollen - m.count
            else:
                p2.best_sale = max(p.best_sale, m.count)
                gone = set(m.tiles)
                p2.cells = [c.model_copy(update={"honey": False}) if c.site in gone else c for c in p.cells]
        else:
            card = game_data().order(m.order)
            p2.pollen = p.pollen - card.needs.get("P", 0)
            p2.orders = p.orders + [m.order]
            gone = set(m.tiles)
            p2.cells = [c.model_copy(update={"honey": False}) if c.site in gone else c for c in p.cells]
        return p2

    def _drop(self, s: HoneyBuzzState, moves: list[DropMove], seat: int) -> Any:
        p = s.players[seat]
        held: Counter[str] = Counter(c.nectar.kind for c in p.cells if c.nectar is not None)
        held["P"] = p.pollen
        data = game_data()

        def score(m: DropMove) -> float:
            i = RESOURCES.index(m.resource)
            left = len(data.market.columns[i].values) - 1 - s.market[i]
            return -held[m.resource] * 2 + left * 0.5

        return self._best(moves, score)

    # -- drone choices (solo) ---------------------------------------------------------------------------
    def _drone_order(self, s: HoneyBuzzState, moves: list[DroneOrderMove], seat: int) -> Any:
        p = s.players[seat]
        data = game_data()
        have: Counter[str] = Counter(c.accepts for c in p.cells if c.accepts)

        def score(m: DroneOrderMove) -> float:
            card = data.order(m.order)
            fit = sum(k for r, k in card.needs.items() if r == "P" or have[r] > 0)
            return -fit - card.points * 0.1

        return self._best(moves, score)

    def _drone_honey(self, s: HoneyBuzzState, moves: list[DroneHoneyMove], seat: int) -> Any:
        p = s.players[seat]
        held = Counter(c.nectar.kind for c in p.cells if c.nectar is not None)
        return self._best(moves, lambda m: -held[m.resource])

    def _drone_nectar(self, s: HoneyBuzzState, moves: list[DroneNectarMove], seat: int) -> Any:
        p = s.players[seat]
        kind = s.pending.nectar if s.pending else None
        assert kind is not None
        vals = Values(s, seat, self.level)
        want = len(empty_cells(p, kind))
        held = sum(1 for c in p.cells if c.nectar is not None and c.nectar.kind == kind)
        drop_cost = held * 1.5 + (3.0 if self._near_end_drop(s, kind) else 0.0)
        remove_cost = vals.nectar[kind] * 0.8 if want else 0.5

        def score(m: DroneNectarMove) -> float:
            if m.remove is None:
                return -drop_cost
            if p.forage is not None and not s.advanced:
                d = manhattan(p.forage, m.remove)
                return -remove_cost + d * 0.1
            return -remove_cost + self.rng.random() * 1e-3

        return self._best(moves, score)

    @staticmethod
    def _near_end_drop(s: HoneyBuzzState, kind: str) -> bool:
        data = game_data()
        i = RESOURCES.index(kind)
        return s.market[i] == len(data.market.columns[i].values) - 2


__all__ = ["HoneyBuzzPlayer", "NectarTile", "make_player", "progress"]
