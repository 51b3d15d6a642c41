"""The heuristic Bee Lives player (levels ``basic`` and ``good``).

``basic`` and ``good`` are one heuristic player with two sets of numbers
(:class:`Style`). On each turn it gives every legal action a value in
victory-point units, what it gains minus what it costs, and plays the best:

- resources are worth what the colony will do with them next month: honey
  to eat and to score, pollen (with empty cells beside it) for next month's
  brood, water for cooling in summer;
- a bee is worth the months it still has to work; putting one to an action
  costs a little, losing one costs its worth, the last two much more;
- a disease space costs the brood and winter bees it will kill;
- a wild hive within reach is worth wiping out (2 VP, its honey, and no more
  raids from it); a player's hive is worth raiding when its defence is thin;
- Defend is worth the honey it saves from raids that are likely this month.

Each month the player also has an *intent*: ``token`` (fill the comb so the
hive swarms next month: the swarm scores and leaves a small wild hive to
wipe out), ``grow`` (keep empty cells and pollen for brood, cool when it is
hot), ``build`` (spend honey on wax) or ``harvest`` (the last months: honey
for the final score, disease cleaned before winter, wax when the comb is
full). ``basic`` picks its intent from the state; ``good`` plays a Nomadic
queen and reads its intent from a table by month and colony size, found by
coordinate descent over solo games (``benchmarks/bee_lives_strength.py
--tune``). In a one-year basic solo game ``good`` hands its decisions to
the planner of :mod:`.planner` instead, and in the solo modes both levels
are steered by :mod:`.ai_modes` (:func:`.ai.make_player` puts them
together).

This module is the bottom of the computer players: the planner builds on
:class:`HeuristicPlayer`, and the solo-mode player and the planner share
its odds (:func:`dice_dist`, :func:`survivors`, ...); it imports none of
them.

Players see only ``engine.view(state, seat)``; nothing here reads the real
state or its generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

from . import actions
from .colony import card, level, pool_size, season_of, supply, wild_active
from .common import can_spawn_near
from .data import derived, game_data
from .map import distance, geometry, hive_tiles, tiles_within
from .models import (
    BackMove,
    BeeLivesState,
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    ForageMove,
    HiveMove,
    PlaceMove,
    Player,
    PressMove,
    QueenMove,
    RaidMove,
    RerollMove,
    ScoutMove,
    StarveMove,
    StayMove,
    WaxMove,
)
from .months import feeding_numbers
from .raids import wild_raid_amount

BEST_KIND = {"spring": "bloom", "summer": "wilt", "fall": "harvest"}


@dataclass(frozen=True)
class Style:
    """The numbers a heuristic player weighs its choices with."""

    queen: str = "prolific"
    #: honey up to next month's needs, and beyond them (before the harvest months)
    honey_need: float = 1.2
    honey_more: float = 0.75
    #: pollen up to the brood target, as a share of a new bee's worth
    pollen: float = 0.5
    water: float = 0.7
    #: a worker's worth: base plus this much per productive month left
    bee_base: float = 0.5
    bee_month: float = 0.3
    #: a disease space: base plus this much per month left
    disease: float = 0.7
    disease_month: float = 0.12
    #: cost of taking a bee away from other work
    bee_cost: float = 0.25
    scout: float = 2.5
    #: never worth more than this (a sure wild hive kill is worth more)
    scout_cap: float = 3.0
    scout_until: int = 6
    #: months (1-9) in which to fill the comb for a swarm next month
    token_months: tuple[int, ...] = ()
    #: also plan a token swarm when next month's brood is lost anyway
    token_when_paused: bool = True
    token_min_vp: int = 3
    #: workers needed before filling the comb for a swarm
    token_min_workers: int = 3
    #: first month of the harvest
    harvest_from: int = 7
    #: worth of a wild hive wiped out beyond its VP (it will not raid us)
    threat: float = 0.6
    defend: float = 0.9
    raid_players: float = 1.0
    #: keep a starving bee with a token until this month
    starve_until: int = 8
    #: extra cost of losing one of the last two workers
    last_bee: float = 3.0
    #: worth of a colony seeing the spring (only a colony with a worker can win)
    survive: float = 8.0
    #: from this month, a disease space that would empty the hive by spring costs this much more
    winter_watch: int = 7
    winter_disease: float = 0.8
    #: first month to keep water for cooling
    water_from: int = 3
    #: last month worth preparing brood in
    brood_until: int = 8
    #: the comb a "build" month aims for, and what a cell is worth then
    build_comb: int = 18
    build_cell: float = 2.6
    #: worth of a cell built in the harvest months when the comb is full
    harvest_cell: float = 1.0
    #: intent by month (1-9) and by workers (1, 2, 3-4, 5-7, 8+); empty: decide from the state
    intents: tuple[tuple[str, ...], ...] = ()


#: ``good``'s intent for each month (rows) and colony size (columns: 1, 2, 3-4, 5-7, 8+ workers),
#: found by coordinate descent over solo games (``benchmarks/bee_lives_strength.py --tune``).
GOOD_INTENTS: tuple[tuple[str, ...], ...] = (
    ("token", "token", "token", "token", "token"),
    ("token", "token", "token", "token", "token"),
    ("grow", "token", "grow", "grow", "grow"),
    ("grow", "grow", "grow", "grow", "grow"),
    ("grow", "grow", "token", "grow", "grow"),
    ("grow", "grow", "harvest", "grow", "grow"),
    ("harvest", "harvest", "harvest", "harvest", "harvest"),
    ("harvest", "harvest", "harvest", "harvest", "harvest"),
    ("harvest", "harvest", "harvest", "harvest", "harvest"),
)

STYLES = {
    "basic": Style(token_months=(), token_when_paused=False, scout=1.5, threat=0.3, honey_more=1.0,
                   pollen=0.35),
    "good": Style(queen="nomadic", intents=GOOD_INTENTS),
}


@cache
def dice_dist(count: int) -> tuple[tuple[int, float], ...]:
    """Distribution of the total of ``count`` raid dice."""
    faces = game_data().rules.raid_dice.faces
    if count == 0:
        return ((0, 1.0),)
    dist: dict[int, int] = {}
    for roll in product(range(1, faces + 1), repeat=count):
        dist[sum(roll)] = dist.get(sum(roll), 0) + 1
    total = faces ** count
    return tuple((k, v / total) for k, v in sorted(dist.items()))


def expected_strength(bees: int) -> float:
    """The mean strength of a raiding party of ``bees``: the total of its raid dice,
    never more than the bees in the party."""
    return sum(p * min(t, bees) for t, p in dice_dist(pool_size(bees)))


def survivors(workers: int, honey: int, disease: int) -> int:
    """Workers left after the three winter months (no starvation tokens taken)."""
    rules = game_data().rules.winter
    for _ in range(rules.months):
        need = workers // rules.bees_per_honey
        if honey >= need:
            honey -= need
        else:
            workers = min(workers, rules.bees_per_honey * honey + rules.shortfall_extra)
            honey = 0
        workers -= min(disease, workers)
    return workers


def worker_bucket(workers: int) -> int:
    """Index of a colony size in :attr:`Style.intents` rows."""
    if workers <= 2:
        return max(0, workers - 1)
    if workers <= 4:
        return 2
    return 3 if workers <= 7 else 4


def swarm_vp(month: int) -> int:
    """The victory points a swarm scores in ``month`` (by its season); 0 after November,
    when no swarm scores."""
    if month > 9:
        return 0
    return int(getattr(game_data().rules.vp.swarm, season_of(month), 0))


class HeuristicPlayer:
    """A Bee Lives player that values each choice with a :class:`Style`."""

    def __init__(self, seed: int, style: Style) -> None:
        self.rnd = random.Random(seed)
        self.style = style
        #: intents fixed for some months, by (year, month)
        self.plan: dict[tuple[int, int], str] = {}

    # -- entry ------------------------------------------------------------------------
    def choose(self, engine: Any, view: Any) -> Any:
        """The move for the pending decision of ``view``: what the ``k_<kind>`` method
        of its kind answers, or the first legal move when there is none or its answer
        is not legal."""
        s: BeeLivesState = view
        pend = s.pending
        assert pend is not None
        moves = engine.legal_moves(s)
        handler = getattr(self, "k_" + pend.kind, None)
        move = handler(s, pend.seat, moves) if handler is not None else None
        if move is None or move not in moves:
            move = moves[0]
        return move

    # -- what things are worth ---------------------------------------------------------------
    def _bee_value(self, s: BeeLivesState) -> float:
        st = self.style
        return st.bee_base + st.bee_month * max(0, 9 - s.month)

    def loss_cost(self, s: BeeLivesState, p: Player, n: int) -> float:
        """What losing ``n`` workers costs: their worth, and more for the last two."""
        if n <= 0:
            return 0.0
        left = p.workers - n
        extra = sum(self.style.last_bee for k in range(left, min(p.workers, 2)) if k >= 0)
        if s.month >= 9 and survivors(p.workers, p.honey, level(p)) and not survivors(left, p.honey, level(p)):
            extra += self.style.survive
        return n * self._bee_value(s) + extra

    def winter_risk(self, s: BeeLivesState, p: Player, workers: int, spaces: int) -> float:
        """In November: what moving the mite ``spaces`` (negative: back) does to
        the colony's chance to see the spring (a colony without a worker cannot win)."""
        if s.month != 9:
            return 0.0
        track = derived().track_a
        now = level(p)
        normal = max(0, min(len(track) - 1, p.mite_normal + (spaces // 2 if p.side == "B" else spaces)))
        alive_now = survivors(workers, p.honey, now) > 0
        alive_then = survivors(workers, p.honey, track[normal]) > 0
        if alive_now == alive_then:
            return 0.0
        return self.style.survive if alive_then else -self.style.survive

    def room_for(self, s: BeeLivesState, p: Player, intent: str) -> int:
        """Cells the player may fill this month without a swarm token next month."""
        if intent != "token" and s.month < 9:
            return max(0, p.empty - 1)
        return p.empty

    def _disease_cost(self, s: BeeLivesState, p: Player) -> float:
        st = self.style
        per = st.disease + st.disease_month * max(0, 9 - s.month)
        if s.month >= st.winter_watch and survivors(p.workers, p.honey, level(p) + 1) <= 1:
            per += st.winter_disease  # the winter would leave no worker to win with
        return per * (0.5 if p.side == "B" else 1.0)

    def _brood_next(self, s: BeeLivesState, p: Player) -> bool:
        c = card(s)
        return s.month < 9 and not p.paused and not (c is not None and c.no_brood)

    def intent(self, s: BeeLivesState, p: Player) -> str:
        """This month's intent for the colony (``token``, ``grow``, ``build`` or
        ``harvest``): the one fixed for the month in :attr:`plan`, else the one the
        style reads from the state."""
        fixed = self.plan.get((s.year, s.month))
        if fixed is not None:
            return fixed
        return self._default_intent(s, p)

    def _default_intent(self, s: BeeLivesState, p: Player) -> str:
        st = self.style
        if st.intents and s.month <= 9:
            chosen = st.intents[s.month - 1][worker_bucket(p.workers)]
            if chosen != "token" or (p.workers >= 2 and can_spawn_near(s, p.hive)):
                return chosen
            return "grow" if s.month < st.harvest_from else "harvest"
        if s.month >= st.harvest_from:
            return "harvest"
        can_swarm = (p.workers >= st.token_min_workers and bool(can_spawn_near(s, p.hive))
                     and swarm_vp(s.month + 1) >= st.token_min_vp)
        if can_swarm and (s.month in st.token_months or (st.token_when_paused and not self._brood_next(s, p))):
            return "token"
        return "grow"

    def pollen_target(self, s: BeeLivesState, p: Player) -> int:
        """Pollen worth holding for the next brood: as much as the empty cells
        beside it can take as brood (pollen keeps through a resting month)."""
        if s.month >= self.style.brood_until:
            return 0
        c = card(s)
        per = c.brood_per_pollen if c is not None and c.brood_per_pollen and self._brood_next(s, p) else 1
        room = p.comb - p.honey - p.water
        return max(0, min(-(-supply(p) // per), room // (per + 1)))

    def _water_target(self, s: BeeLivesState, p: Player) -> int:
        if s.month >= 6 or s.month < self.style.water_from:
            return 0
        return -(-max(p.workers + 3, 1) // 5) + 1

    def _honey_target(self, s: BeeLivesState, p: Player) -> int:
        return -(-p.workers // 2) + 2

    def unit_values(self, s: BeeLivesState, p: Player, intent: str) -> tuple[list[float], list[float], list[float]]:
        """Worth of each successive honey, pollen and water taken (lists long enough for a take)."""
        st = self.style
        vb = self._bee_value(s)
        prolific = 1.5 if p.queen == "prolific" else 1.0
        if intent == "harvest":
            vp = 0.3 if s.month < 8 else 0.03
            return [1.0] * 12, [vp] * 12, [0.0] * 12
        if intent == "build":
            need_p = max(0, self.pollen_target(s, p) - p.pollen)
            need_w = max(0, self._water_target(s, p) - p.water)
            pollen = [st.pollen * vb * prolific] * need_p + [0.03] * 12
            return [1.1] * 24, pollen, [st.water] * need_w + [0.0] * 12
        need_h = max(0, self._honey_target(s, p) - p.honey)
        honey = [st.honey_need] * need_h + [st.honey_more] * 12
        if intent == "grow":
            # beyond its needs, honey takes the cells brood and their pollen want
            spare = p.empty - 2 * max(0, self.pollen_target(s, p) - p.pollen) - need_h
            honey = [st.honey_need] * need_h + [st.honey_more] * max(0, spare) + [0.1] * 12
        if intent == "token":
            fill = 0.45
            return [max(v, 1.0) for v in honey], [fill] * 12, [fill] * 12
        need_p = max(0, self.pollen_target(s, p) - p.pollen)
        need_w = max(0, self._water_target(s, p) - p.water)
        pollen = [st.pollen * vb * prolific] * need_p + [0.03] * 12
        water = [st.water] * need_w + [0.0] * 12
        return honey, pollen, water

    def best_take(self, s: BeeLivesState, p: Player, h: int, po: int, w: int,
                  intent: str) -> tuple[float, tuple[int, int, int]]:
        """The best take from a tile offering (h, po, w) and what it is worth."""
        hv, pv, wv = self.unit_values(s, p, intent)
        units = [(hv[i], 0) for i in range(h)] + [(pv[i], 1) for i in range(po)] + [(wv[i], 2) for i in range(w)]
        units.sort(key=lambda u: -u[0])
        room = self.room_for(s, p, intent)
        take = [0, 0, 0]
        value = 0.0
        for v, k in units[:room]:
            if v <= 0:
                break
            take[k] += 1
            value += v
        if intent == "token" and room > 0 and sum(take) == room:
            value += self._token_bonus(s, p)
        return value, (take[0], take[1], take[2])

    def _token_bonus(self, s: BeeLivesState, p: Player) -> float:
        return swarm_vp(s.month + 1) + 1.5

    # -- the turn -------------------------------------------------------------------------
    def k_turn(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """An action turn: the legal action worth most under the style's values and this month's intent."""
        p = s.players[seat]
        intent = self.intent(s, p)
        best: tuple[float, Any] = (-1e9, None)
        for m in moves:
            v = self._value_action(s, seat, p, m, intent)
            if v > best[0]:
                best = (v, m)
        return best[1]

    def _value_action(self, s: BeeLivesState, seat: int, p: Player, m: Any, intent: str) -> float:
        st = self.style
        if isinstance(m, ForageMove):
            assert p.hive is not None
            d = distance(s, p.hive, m.tile) or 0
            bees = max(1, d)
            h, po, w = actions.tile_yield(s, m.tile)
            v, take = self.best_take(s, p, h, po, w, intent)
            if sum(take) == 0:
                return -5.0
            dis = 0.0 if p.upright else self._disease_cost(s, p)
            risk = 0.0 if p.upright else self.winter_risk(s, p, p.workers, 1)
            return v - bees * st.bee_cost - dis - 0.01 * d + risk
        if isinstance(m, ScoutMove):
            return self._scout_value(s, p, m)
        if isinstance(m, RaidMove):
            return self.raid_value(s, seat, p, m)
        if isinstance(m, DefendMove):
            return self.defend_value(s, seat, p, m.bees)
        if isinstance(m, CleanMove):
            return self._clean_value(s, p, m.bees)
        if isinstance(m, WaxMove):
            return self._wax_value(s, p, m.bees, intent)
        if isinstance(m, CoolMove):
            return self._cool_value(s, seat, p, intent)
        return -10.0  # requeening is left to swarms

    def _clean_value(self, s: BeeLivesState, p: Player, bees: int) -> float:
        st = self.style
        spaces = min(bees, p.mite)
        gain = spaces * self._disease_cost(s, p)
        if not p.upright and p.unassigned > bees and s.month < 9:
            gain += 0.4 * self._disease_cost(s, p)
        if s.month == 9:
            gain = gain * 1.4 + self.winter_risk(s, p, p.workers, -spaces)
        waste = bees - spaces
        return gain - bees * st.bee_cost - 0.6 * waste + 0.03

    def _cool_value(self, s: BeeLivesState, seat: int, p: Player, intent: str) -> float:
        c = card(s)
        if p.cooled or c is None or not c.overheat or s.month >= 9 or intent == "token":
            return -5.0
        bees, _water = actions.cool_cost(s, seat)
        hatch = min(max(p.pollen, 1), max(p.empty, 1), supply(p))
        factor = 1.5 if p.queen == "prolific" else 1.0
        return hatch * factor * self._bee_value(s) * 0.5 + 1.0 - bees * self.style.bee_cost

    def _scout_value(self, s: BeeLivesState, p: Player, m: ScoutMove) -> float:
        st = self.style
        if s.month > st.scout_until:
            return -1.0
        assert p.hive is not None
        taken = set(hive_tiles(s))
        want = BEST_KIND.get(season_of(min(9, s.month + 1)), "bloom")
        near = [tid for tid, _d in tiles_within(s, p.hive) if tid not in taken]
        good = sum(1 for tid in near if s.tiles[tid].kind == want)
        need = 1.0 if good < 2 else 0.5 if good < 4 else 0.15
        if len(near) < 2:
            need += 1.0  # a swarm needs somewhere to put its wild hive
        if self.wants_wet(s, p) and not any(s.tiles[tid].kind == "wet" for tid in near):
            need += 0.6
        t0 = s.tiles[p.hive]
        d = geometry().distance((t0.q, t0.r), (m.q, m.r))
        value = min(st.scout_cap, st.scout * need) * (1.0 - 0.2 * (d - 1)) * (10 - s.month) / 9
        return value - st.bee_cost

    def wants_wet(self, s: BeeLivesState, p: Player) -> bool:
        """Water will be needed for cooling before the summer is out."""
        return self.style.water_from - 1 <= s.month <= 5

    def _wild_threat(self, s: BeeLivesState, p: Player, w_idx: int) -> float:
        w = s.wild[w_idx]
        if w.tile is None or p.hive is None:
            return 0.0
        d = distance(s, p.hive, w.tile)
        if d is None or d > 3:
            return 0.0
        months = max(0, 9 - s.month) + 1
        return self.style.threat * min(3.5, w.strength) * months / 3

    def raid_value(self, s: BeeLivesState, seat: int, p: Player, m: RaidMove) -> float:
        """What a raid is worth in VP: on a wild hive, over the dice, the honey taken
        and, if the party wipes it out, its VP and the raids it will not make, less
        the raiders lost; on a player, the honey expected and the VP of success or of
        the defence; less the disease brought home and the bees' cost."""
        st = self.style
        rules = game_data().rules
        x = m.bees
        bonus = x // rules.aggressive_per if p.queen == "aggressive" else 0
        vh = 1.0
        dis = self._disease_cost(s, p)
        if m.target[0] == "w":
            wi = int(m.target[1:])
            strength = s.wild[wi].strength
            kill = rules.vp.wild_removed + self._wild_threat(s, p, wi)
            room = self.room_for(s, p, self.intent(s, p))
            value = 0.0
            for tot, pr in dice_dist(pool_size(x)):
                r1 = min(min(tot, x) + bonus, strength)
                rest = strength - r1
                partial = min(r1, room) * vh - (dis if r1 and room else 0)
                if rest <= x:
                    honey = min(strength, room)
                    full = kill + honey * vh - self.loss_cost(s, p, rest) - (dis if honey else 0)
                    value += pr * max(full, partial)
                else:
                    value += pr * partial
            return value - x * st.bee_cost - 0.02 * x
        j = int(m.target[1:])
        d = s.players[j]
        cut = d.assigned["defend"]
        if d.queen == "aggressive":
            cut += cut // rules.aggressive_per
        stolen_e = 0.0
        success = 0.0
        for tot, pr in dice_dist(pool_size(x)):
            strength = min(tot, x) + bonus
            stolen = max(0, min(strength - cut, d.honey, p.empty))
            stolen_e += pr * stolen
            if stolen >= x * rules.success_share:
                success += pr
        vp_swing = rules.vp.raid_success * success - rules.vp.defence * (1 - success)
        dis_cost = dis * -(-level(d) // rules.player_raid_disease_divisor) if stolen_e > 0 else 0
        return st.raid_players * (stolen_e * 2 * vh + vp_swing) - dis_cost - x * st.bee_cost

    def threats_on_me(self, s: BeeLivesState, seat: int, p: Player) -> float:
        """Honey raids are likely to take from this hive this month."""
        if p.hive is None or p.honey <= 0:
            return 0.0
        total = 0.0
        strength = p.unassigned + p.assigned["defend"]
        if wild_active(s):
            margin = game_data().wild.raid_margin
            desperate = card(s) is not None and card(s).wild_first_turn_raid  # type: ignore[union-attr]
            for w in s.wild:
                if w.tile is None or f"p{seat}" in w.raided:
                    continue
                d = distance(s, p.hive, w.tile)
                if d is None or d > 3:
                    continue
                if strength > w.strength + margin and not desperate:
                    continue
                total += min(3.5, w.strength)
        for j, o in enumerate(s.players):
            if j == seat or o.hive is None or o.unassigned <= 0 or f"p{seat}" in o.raided:
                continue
            d = distance(s, p.hive, o.hive)
            if d is not None and d <= 3:
                total += 0.5 * min(2.5, o.unassigned)
        return min(total, float(p.honey))

    def defend_value(self, s: BeeLivesState, seat: int, p: Player, bees: int) -> float:
        """What ``bees`` on Defend are worth: the honey they may keep from the raids
        likely on this hive this month, less the bees' cost elsewhere."""
        st = self.style
        threat = self.threats_on_me(s, seat, p) - p.assigned["defend"]
        useful = max(0.0, min(float(bees), threat))
        return st.defend * useful - bees * st.bee_cost + 0.02 - 0.05 * (bees - useful)

    def _wax_value(self, s: BeeLivesState, p: Player, bees: int, intent: str) -> float:
        st = self.style
        cost = actions.wax_cost(s) * bees
        if intent == "build":
            useful = max(0, min(bees, st.build_comb - p.comb))
            keep = self._honey_target(s, p)
            if p.honey - cost < keep:
                return -cost - 1.0
            return useful * st.build_cell - cost - bees * st.bee_cost - (bees - useful) * 2.0
        if intent == "token" or p.empty > 1:
            return -cost - 1.0
        if intent == "harvest":
            # the comb is full while tiles still give honey: a cell bought with
            # two stored honey is refilled with three, one more honey to score
            if s.month >= 9 or p.honey - cost < self._honey_target(s, p):
                return -cost - 1.0
            return bees * (st.harvest_cell - st.bee_cost) - 0.01 * bees
        months_left = max(0, 9 - s.month)
        cell = 0.8 + 0.2 * months_left
        # a larger comb also lifts the swarm threshold
        return bees * cell - cost - bees * st.bee_cost

    # -- the other decisions ----------------------------------------------------------------
    def k_queen(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Setup: the queen type the style names."""
        return QueenMove(queen=self.style.queen)

    def k_swarm_queen(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A swarm that stays: the style's queen type again."""
        return QueenMove(queen=self.style.queen)

    def k_starve(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Feeding: as many starving bees as may keep a starvation token do so until the
        style's ``starve_until`` month; later one at most, and only when no worker
        would be left otherwise (a token late costs more than the bee brings back)."""
        assert s.pending is not None
        keep = s.pending.amount
        p = s.players[seat]
        if s.month > self.style.starve_until:
            # a kept bee costs 2 VP and brings back at most 1: keep one only to stay eligible
            survivors = p.workers - feeding_numbers(s, p, s.month > 9)[1]
            return StarveMove(tokens=min(keep, 1) if survivors <= 0 else 0)
        return StarveMove(tokens=keep)

    def _tile_value(self, s: BeeLivesState, tile: int) -> float:
        kind = s.tiles[tile].kind
        return {"bloom": 2.0, "wilt": 1.5, "harvest": 1.5, "wet": 0.7}[kind]

    def home_value(self, s: BeeLivesState, tile: int) -> float:
        """How good a home ``tile`` would be: the worth of each free tile in reach of it
        (itself included), divided by its distance."""
        taken = hive_tiles(s)
        v = 0.0
        for tid, d in tiles_within(s, tile):
            if tid not in taken or tid == tile:
                v += self._tile_value(s, tid) / max(1, d)
        return v

    def _would_leave(self, s: BeeLivesState, p: Player) -> bool:
        start = game_data().board.comb.start
        keep = p.honey * 1.0 + p.pollen * 0.3 + p.water * 0.2 + max(0, p.comb - start - -(-p.honey // 2)) * 0.8
        gain = p.mite_normal * self._disease_cost(s, p) * 0.5 + -(-p.workers // 2) * 0.5
        return gain > keep + 1.0

    def k_swarm_tile(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A swarm: the tile of the new wild hive; the best home when the colony means
        to leave (it moves there and the wild hive takes the old site), else the
        poorest tile offered."""
        p = s.players[seat]
        if self._would_leave(s, p):
            return max(moves, key=lambda m: self.home_value(s, m.tile))
        return min(moves, key=lambda m: self._tile_value(s, m.tile))

    def k_swarm_stay(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A swarm: stay with a new queen unless leaving (the disease back to 0) gains
        more than the stores and the comb beyond a fresh one that it gives up."""
        return StayMove(stay=not self._would_leave(s, s.players[seat]))

    def _far_spot(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        p = s.players[seat]
        assert p.hive is not None
        hive = p.hive
        return min(moves, key=lambda m: (self._tile_value(s, m.tile), -(distance(s, hive, m.tile) or 0)))

    k_card_spawn = _far_spot
    k_harder_spawn = _far_spot

    def k_collect(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Forage: the take from the tile worth most under this month's intent, within
        the cells the colony may fill."""
        f = s.forage
        assert f is not None
        p = s.players[seat]
        _v, take = self.best_take(s, p, f.honey, f.pollen, f.water, self.intent(s, p))
        return CollectMove(honey=take[0], pollen=take[1], water=take[2])

    def k_keep(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Scout: keep the drawn tile whose yields for the rest of the year are worth
        most (water counts much more while cooling will be needed and no wet tile is
        in reach)."""
        yields = game_data().map.yields
        later = [season_of(m) for m in range(s.month + 1, 10)] or ["fall"]
        p = s.players[seat]
        wet_near = p.hive is not None and any(s.tiles[t].kind == "wet" for t, _d in tiles_within(s, p.hive))
        thirsty = self.wants_wet(s, p) and not wet_near

        def worth(kind: str) -> float:
            v = 0.0
            for season in later:
                y = yields[season][kind]  # type: ignore[index]
                v += y.honey + 0.6 * y.pollen + (3.0 if thirsty else 0.3) * y.water
            return v

        return max(moves, key=lambda m: worth(m.tile))

    def k_reroll(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A raid: reroll when a party one raider smaller is expected to roll more than
        1.5 over the strength now (on a wild hive, only while it is not beaten and
        more than one point short)."""
        r = s.raid
        assert r is not None
        now = min(sum(r.dice), r.party)
        if r.target[0] == "w":
            strength = s.wild[int(r.target[1:])].strength
            if now >= strength:
                return RerollMove(reroll=False)
            # a reroll costs one raider; pressing costs one per missing point
            if expected_strength(r.party - 1) > now + 1.5 and strength - now > 1:
                return RerollMove(reroll=True)
            return RerollMove(reroll=False)
        if expected_strength(r.party - 1) > now + 1.5:
            return RerollMove(reroll=True)
        return RerollMove(reroll=False)

    def k_sacrifice(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Defending against a player: sacrifice only when it pays."""
        r = s.raid
        assert r is not None
        d = s.players[seat]
        rules = game_data().rules
        strength = min(sum(r.dice), r.party)
        best: tuple[float, Any] = (1e9, None)
        for m in moves:
            n = m.defenders + m.unassigned
            party = r.party - n
            dice = sorted(r.dice, reverse=True)[:pool_size(party)]
            strength = min(sum(dice), party)
            stolen = max(0, min(strength - r.defend - n, d.honey))
            cost = stolen * 1.0 + self.loss_cost(s, d, n) * (0.7 if m.unassigned == 0 else 1.0)
            if stolen < r.initial * rules.success_share:
                cost -= rules.vp.defence
            if cost < best[0]:
                best = (cost, m)
        return best[1]

    def k_wild_sacrifice(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A wild hive's raid: the sacrifice of defenders that costs least in honey
        stolen and bees lost, counting the wild hive's removal as a gain when the
        sacrifice brings it about, and a raid that takes no honey while the hive
        survives as worth :meth:`defence_worth`."""
        wr = s.wraid
        assert wr is not None
        d = s.players[seat]
        best: tuple[float, Any] = (1e9, None)
        for m in moves:
            amount, after = wild_raid_amount(s, wr, m.defenders, m.unassigned)
            stolen = min(amount, d.honey)
            cost = stolen * 1.0 + self.loss_cost(s, d, m.defenders + m.unassigned)
            if after <= 0:
                cost -= game_data().rules.vp.wild_removed + self._wild_threat(s, d, wr.hive)
            elif stolen == 0 and d.honey > 0:
                cost -= self.defence_worth()
            if cost < best[0]:
                best = (cost, m)
        return best[1]

    def defence_worth(self) -> float:
        """What a wild hive's raid that takes no honey is worth to the defender when it
        chooses a sacrifice: nothing for this player (the planner counts the VP)."""
        return 0.0

    def k_drop(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A raid whose party fell a bracket: remove the lowest die."""
        return min(moves, key=lambda m: m.die)

    def k_press(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A raid on a wild hive: sacrifice as many raiders as its strength (wiping it
        out) when its VP, honey and the raids it will not make outweigh the bees
        lost; otherwise none."""
        r = s.raid
        assert r is not None
        wi = int(r.target[1:])
        w = s.wild[wi]
        p = s.players[seat]
        if w.strength <= r.party:
            cost = self.loss_cost(s, p, w.strength)
            room = self.room_for(s, p, self.intent(s, p))
            gain = game_data().rules.vp.wild_removed + min(w.strength + r.reduced, room) + self._wild_threat(s, p, wi)
            if gain > cost:
                return PressMove(bees=w.strength)
        return PressMove(bees=0)

    def k_honey(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A raid won: the most honey that fits the cells free under this month's intent
        (the largest amount when none fits)."""
        p = s.players[seat]
        room = self.room_for(s, p, self.intent(s, p))
        return max(moves, key=lambda m: (m.amount <= room, m.amount))

    def k_join(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Joining the map in the first March: a group and rotation drawn at random from the legal ones."""
        return moves[self.rnd.randrange(len(moves))] if moves else None

    def k_join_place(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Where the joining group goes: the last placement offered (the farthest from
        the other colonies), or back to the choice of group when there is none."""
        places = [m for m in moves if isinstance(m, PlaceMove)]
        if not places:
            return BackMove()
        # as far from the other colonies as the placements allow
        return places[-1]

    def k_wild_order(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Which of the tied wild hives acts next: the first offered."""
        return moves[0]

    def k_wild_forage(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Send the wild hive to the tile we need least."""
        return min(moves, key=lambda m: self._tile_value(s, m.tile))

    def k_wild_swarm(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Where a wild hive's swarm appears: the tile offered farthest from this player's hive."""
        p = s.players[seat]
        if p.hive is None:
            return moves[0]
        hive = p.hive
        return max(moves, key=lambda m: distance(s, hive, m.tile) or 0)

    def k_wild_target(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Point the wild hive at the leading rival if possible, never at ourselves."""
        others = [m for m in moves if m.target != f"p{seat}"]
        pool = others or moves

        def weight(m: HiveMove) -> float:
            if m.target[0] == "p":
                return s.players[int(m.target[1:])].vp
            return -1.0

        return max(pool, key=weight)

    def k_wild_scout(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """The space a wild hive scouts: the last one offered."""
        return moves[-1]


__all__ = ["GOOD_INTENTS", "STYLES", "HeuristicPlayer", "Style", "dice_dist", "expected_strength", "survivors",
           "swarm_vp"]
