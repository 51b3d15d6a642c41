"""The ``good`` Bee Lives player of a one-year basic solo game: a plan for
each month, carried out turn by turn.

What the colony does next month is fixed by what its comb holds at the next
Egg phase: empty cells become brood, pollen hatches them, honey feeds the
workers, a full comb makes the hive swarm. So each month the player picks a
*mode* for the next month and works out the comb it wants at the next Egg
phase, then spends its bees to get there:

- ``hatch``: as many empty cells as pollen (the most brood the comb allows),
  honey for the feeding. The new bees usually lift the colony over its swarm
  threshold, so the hive swarms in the same month: the swarm scores and the
  colony keeps half of a larger number of bees.
- ``token``: a full comb, so the hive swarms at the next Egg phase. Chosen
  when next month's brood is lost anyway (the queen rests after a swarm or a
  requeen), so the swarm costs no growth.
- ``hold``: the queen rests next month and no swarm is wanted: keep a cell
  free, gather pollen for the month after.
- ``harvest``: honey for the winter: fill the comb with honey but keep one
  cell free (a full comb swarms, and a swarm halves the honey).
- ``final`` (November): fill the comb with honey, clean the disease so that
  bees see the spring.

Every swarm leaves a small wild hive next to ours; wiping it out scores 2 VP
and its honey, so the player raids wild hives it can beat cheaply, but not
with every free bee while a forage still brings the plan something (the
comb for next month's swarm comes first). Spare bees clean the mite back or
defend; a wild hive's raid that takes no honey scores the defender's VP,
which the choice of a sacrifice counts, and in a solo game the last free
bees never defend (no wild hive acts after the month's last turn). A queen
resting next month with no brood left to come before the winter fills the
comb with honey rather than keeping cells for brood. It scouts in March
only (later scouting cost more than the tiles brought in our measurements)
and keeps the scouted tile that adds most to what the hive already reaches.

``monthly_samples > 0`` adds a lookahead at the start of each month and
``search_samples > 0`` a search at the player's own decisions inside it,
both by playing the rest of the year out with this plan; they are the
class :class:`~.planner_search.PlannerSearch` of :mod:`.planner_search`,
which :class:`PlannerPlayer` builds on. What the two taught the plain plan
is in :mod:`.planner_learned`. The figures behind the knobs are in
``docs/bee-lives-reconstructions.md``.

Like every player, it sees only ``engine.view(state, seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import actions
from .colony import card, level, pool_size, season_of, supply, threshold, wild_active
from .common import can_spawn_near
from .data import game_data
from .heuristic import STYLES, HeuristicPlayer, dice_dist, survivors, swarm_vp
from .map import distance, geometry, hive_tiles, tiles_within
from .models import (
    BeeLivesState,
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    ForageMove,
    HoneyMove,
    Player,
    PressMove,
    QueenMove,
    RaidMove,
    RerollMove,
    ScoutMove,
    StayMove,
    WaxMove,
)
from .planner_learned import LEARNED_MODES, LEARNED_TURNS, TurnKey
from .planner_search import SEARCHED, PlannerSearch, Variant
from .raids import aggressive_bonus, raid_strength, storms_bonus
from .wildhives import forage_candidates, raid_candidates

MODES = ("hatch", "token", "hold", "harvest")


@dataclass(frozen=True)
class Knobs:
    """The numbers the planner weighs its choices with."""

    #: workers needed before filling the comb to swarm
    token_min_workers: int = 2
    #: the smallest swarm worth a token (VP of the swarm's season)
    token_min_vp: int = 1
    #: queen at setup and after a swarm that stays
    queen: str = "prolific"
    #: cost of a bee taken from other work / lost, in VP
    bee_cost: float = 0.15
    bee_loss: float = 0.48
    #: worth of a wild hive wiped out beyond its 2 VP (it will not raid us or take tiles)
    threat: float = 0.5
    #: worth of honey, pollen and water gathered toward the plan, and honey beyond it
    honey: float = 1.0
    pollen: float = 0.9
    water: float = 0.8
    spare_honey: float = 0.35
    #: the same for water beyond the plan, as a share of spare honey's
    spare_water: float = 0.8
    #: a disease space, and how much more it weighs from the harvest on
    disease: float = 0.35
    disease_late: float = 0.6
    #: comb to build up to (cells), and the last month to build in
    comb_goal: int = 10
    wax_until: int = 8
    #: scouting: until this month, while fewer good tiles than this lie within one step
    scout_until: int = 1
    scout_tiles: int = 4
    #: keep this much water for cooling from this month on (summer is hot)
    water_from: int = 2
    water_until: int = 5
    #: worth of a colony that sees the spring (only one with a bee left can win)
    survive: float = 6.0
    #: take an Aggressive queen after a swarm when wild hives this strong are to be wiped out
    switch_queens: bool = True
    aggressive_from: int = 3
    #: first month (1-9) planned as ``harvest`` (10: none)
    harvest_from: int = 10
    #: first month the lookahead tries ``harvest`` in
    harvest_try: int = 6
    #: first month the lookahead runs in
    lookahead_from: int = 5
    #: follow :data:`LEARNED_MODES` where it overrules the default mode
    learned_modes: bool = True
    #: choosing a scouted tile: weight of water (without a wet tile in reach),
    #: and how much less a season's yield counts per tile in reach that gives as much then
    keep_water: float = 0.5
    keep_crowd: float = 1.0
    #: rollouts per mode at the start of each month (0: none)
    monthly_samples: int = 18
    #: the search: from this month on, a decision's few best choices are played out this many
    #: times each and the best mean kept (0: none); how many choices of a turn are weighed
    search_from: int = 1
    search_samples: int = 16
    search_width: int = 4
    #: a play-out in which the colony dies counts this much less (only a living colony can win)
    death: float = 20.0
    #: a wild hive left this weak in the spring sleep (up to this month) is finished next month
    finish_later: int = 2
    finish_later_until: int = 3
    #: a raid on a wild hive leaves a bee free while a forage still brings the plan something
    keep_a_forager: bool = True
    #: a wild hive's raid that takes no honey scores the defender's VP: no sacrifice spoils it
    defence_vp: bool = True
    #: in a solo game, the last free bees never go to Defend (no wild hive acts after the last turn)
    no_last_defend: bool = True
    #: a queen resting next month with no brood left to come this year fills the comb with honey
    late_hold_harvest: bool = True
    #: the search also weighs Defend first where it stops a wild hive's raid at its next turn
    search_defence: bool = True
    #: follow :data:`LEARNED_TURNS` in the turns it names (+0.5 VP for the plain planner; with
    #: the search from March and 18 lookahead play-outs, +1.0 for ``good`` on training seeds)
    learned_turns: bool = True
    #: with ``learned_turns``, a turn the table names is not searched (the table comes from
    #: more play-outs than the search makes)
    learned_trusted: bool = True

    def playout(self) -> Knobs:
        """The same numbers for a player inside a play-out: no lookahead and no
        search of its own (play-outs inside play-outs would not fit the time)."""
        return replace(self, monthly_samples=0, search_samples=0)


@dataclass
class Plan:
    """The comb wanted at the next Egg phase and how to get there."""

    mode: str
    honey: int
    pollen: int
    water: int
    #: cells to build this month
    wax: int
    cool: bool
    #: empty cells wanted at the next Egg phase (0: a full comb)
    empty: int
    #: brood expected next month
    brood: int = 0


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


class PlannerPlayer(PlannerSearch, HeuristicPlayer):
    """A Bee Lives player that plans each month's comb (see the module text); its lookahead
    and search come from :class:`~.planner_search.PlannerSearch`."""

    def __init__(self, seed: int, knobs: Knobs | None = None) -> None:
        super().__init__(seed, replace(STYLES["good"], queen=(knobs or Knobs()).queen))
        self.knobs = knobs or Knobs()
        #: the way each month is to go, once the lookahead has chosen it
        self.fixed: dict[tuple[int, int], Variant] = {}
        #: whether the last turn's move came from :data:`LEARNED_TURNS`
        self._learned = False

    def choose(self, engine: Any, view: Any) -> Any:
        """The move for the pending decision of ``view``: the plan's answer for its
        kind, weighed by the search where the knobs ask for one."""
        s: BeeLivesState = view
        assert s.pending is not None
        return self._choose_from(s, s.pending.seat, engine.legal_moves(s))

    def _choose_from(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        pend = s.pending
        assert pend is not None
        handler = getattr(self, "k_" + pend.kind, None)
        move = handler(s, seat, moves) if handler is not None else None
        if move is None or move not in moves:
            move = moves[0]
        k = self.knobs
        if k.search_samples > 0 and s.n == 1 and k.search_from <= s.month <= 9 and pend.kind in SEARCHED \
                and not (k.learned_turns and k.learned_trusted and pend.kind == "turn" and self._learned):
            options = self.search_options(s, seat, moves, move)
            if len(options) > 1:
                move = self.search(s, seat, options, move)
        return move

    def playout_player(self, seed: int, knobs: Knobs) -> PlannerPlayer:
        """A new player of this plan for a play-out of the lookahead or the search (``knobs``:
        :meth:`Knobs.playout`'s, with no lookahead or search of its own)."""
        return PlannerPlayer(seed, knobs)

    # -- the plan ------------------------------------------------------------------------
    def feed_need(self, s: BeeLivesState, p: Player, workers: int | None = None) -> int:
        """Honey the next Feeding phase takes (the active card still rules it)."""
        if p.skip_feeding:
            return 0
        c = card(s)
        per = c.feed_per_honey if c is not None and c.feed_per_honey else game_data().rules.feeding.bees_per_honey
        return _ceil_div(p.workers if workers is None else workers, per)

    def _brood_blocked(self, s: BeeLivesState, p: Player) -> bool:
        c = card(s)
        return p.paused or (c is not None and c.no_brood)

    def _water_keep(self, s: BeeLivesState, p: Player) -> int:
        k = self.knobs
        if not k.water_from <= s.month <= k.water_until:
            return 0
        return _ceil_div(max(p.workers, 1) + 2, 5)

    def _can_swarm_next(self, s: BeeLivesState, p: Player) -> bool:
        return p.workers >= 2 and bool(can_spawn_near(s, p.hive))

    def _choose_mode(self, s: BeeLivesState, p: Player) -> str:
        if s.month >= 9:
            return "final"
        fixed = self.fixed.get((s.year, s.month))
        if fixed is not None:
            return fixed.mode
        return self._default_mode(s, p)

    def _default_mode(self, s: BeeLivesState, p: Player) -> str:
        k = self.knobs
        vp = swarm_vp(s.month + 1)
        blocked = self._brood_blocked(s, p) or (self._hot(s, p) and not self._cool_possible(s, p))
        if p.workers > threshold(p):
            return "token"  # the hive swarms next month whatever the comb holds
        if s.month >= k.harvest_from:
            return "harvest"
        if blocked:
            if p.workers >= k.token_min_workers and vp >= k.token_min_vp and self._can_swarm_next(s, p):
                mode = "token"
            else:
                mode = "hold"
        else:
            mode = "hatch"
        if k.late_hold_harvest and mode == "hold" and s.month + 2 > 9:
            mode = "harvest"  # no brood can come before the winter: keep no cells empty for it
        if k.learned_modes:
            learned = LEARNED_MODES.get((s.month, mode, any(w.tile is not None for w in s.wild)))
            if learned == "token" and self._can_swarm_next(s, p) and vp >= k.token_min_vp:
                return learned
            if learned == "harvest":
                return learned
        return mode

    def _hot(self, s: BeeLivesState, p: Player) -> bool:
        c = card(s)
        return c is not None and c.overheat and not p.cooled

    def _cool_possible(self, s: BeeLivesState, p: Player) -> bool:
        bees, water = actions.cool_cost(s, s.players.index(p))
        if bees > p.unassigned:
            return False
        if p.water >= water:
            return True
        # water from a wet tile in reach, with a bee to spare for it
        wet = [b for t, b in actions.forage_targets(s, s.players.index(p))
               if actions.tile_yield(s, t)[2] >= water - p.water]
        return bool(wet) and min(wet) + bees <= p.unassigned

    def make_plan(self, s: BeeLivesState, seat: int) -> Plan:
        """The comb the colony aims for at the next Egg phase under the mode chosen for
        next month (see the module text): the honey, pollen and water to hold, the
        cells to build, whether to cool and the cells to leave empty."""
        p = s.players[seat]
        mode = self._choose_mode(s, p)
        feed = self.feed_need(s, p)
        cool = mode == "hatch" and self._hot(s, p)
        cool_water = actions.cool_cost(s, seat)[1] if cool else 0
        keep_w = self._water_keep(s, p)
        wax = self._wax_plan(s, p, mode)
        comb = p.comb + wax
        h_floor = max(0, p.honey - 2 * wax)
        honey = max(feed, h_floor)
        water = max(keep_w, p.water - cool_water)
        if mode == "final":
            return Plan(mode, honey=comb - p.pollen - max(0, p.water - cool_water), pollen=p.pollen,
                        water=max(0, p.water - cool_water), wax=wax, cool=False, empty=0)
        # pollen is worth holding only for a brood still to come this year
        next_hatch = s.month + (3 if mode == "token" else 2)
        brood_ahead = next_hatch <= 9
        if mode == "token":
            room = comb - honey - water
            pollen = max(p.pollen, min(room, max(0, (comb - feed) // 2))) if brood_ahead else p.pollen
            honey = comb - pollen - water
            return Plan(mode, honey=honey, pollen=pollen, water=water, wax=wax, cool=cool, empty=0)
        if mode == "harvest":
            pollen = p.pollen
            return Plan(mode, honey=max(honey, comb - pollen - water - 1), pollen=pollen, water=water, wax=wax,
                        cool=False, empty=1)
        c = card(s)
        per = c.brood_per_pollen if c is not None and c.brood_per_pollen else 1
        room = comb - honey - water
        free = supply(p)
        if mode == "hold":
            # the queen rests: keep a cell free; pollen for the month after
            pollen = max(p.pollen, min(room - 1, max(0, (comb - feed) // 2))) if brood_ahead else p.pollen
            return Plan(mode, honey=honey, pollen=pollen, water=water, wax=wax, cool=False,
                        empty=max(1, room - pollen), brood=0)
        # hatch: as many empty cells as brood the pollen pays for
        best = (0, p.pollen)
        for pol in range(p.pollen, room + 1):
            brood = min(room - pol, pol * per, free)
            if brood > best[0]:
                best = (brood, pol)
        brood, pollen = best
        extra = max(0, room - pollen - brood)  # cells no brood can use: honey
        return Plan(mode, honey=honey + extra, pollen=pollen, water=water, wax=wax, cool=cool,
                    empty=room - pollen - extra, brood=brood)

    def _wax_plan(self, s: BeeLivesState, p: Player, mode: str) -> int:
        k = self.knobs
        if s.month > k.wax_until or mode == "final":
            return 0
        want = max(0, k.comb_goal - p.comb)
        return max(0, min(want, p.unassigned - 1, actions.wax_limit(s, s.players.index(p)) + 0))

    # -- the turn ------------------------------------------------------------------------------
    def k_turn(self, s: BeeLivesState, seat: int, moves: list[Any] | None) -> Any:
        """An action turn: the candidate worth most under this month's plan, the
        lookahead first fixing the month's variant when it is due (``moves`` is not
        read: the candidates are legal by construction)."""
        p = s.players[seat]
        key = (s.year, s.month)
        if self.knobs.lookahead_from <= s.month <= 9 and key not in self.fixed and self.knobs.monthly_samples > 0 \
                and s.n == 1:
            self.fixed[key] = self.lookahead(s, seat)
        plan = self.make_plan(s, seat)
        self._scout_want = self.scout_want(s, p)
        self._learned = False
        if self.knobs.learned_turns and s.n == 1:
            learned = self.learned_turn(s, seat, p, plan)
            self._learned = learned is not None
            if learned is not None:
                return learned
        best: tuple[float, Any] = (-1e9, None)
        for m in self.candidates(s, seat, p, plan):
            v = self._value(s, seat, p, m, plan)
            if v > best[0]:
                best = (v, m)
        return best[1]

    def learned_turn(self, s: BeeLivesState, seat: int, p: Player, plan: Plan) -> Any:
        """The move :data:`LEARNED_TURNS` names for this turn, if any (``None`` when the
        turn is not in the table or the move does not fit it: a Defend must stop a raid)."""
        wild = tuple(sorted(w.strength for w in s.wild if w.tile is not None))
        key: TurnKey = (s.month, plan.mode, p.unassigned, wild)
        spec = LEARNED_TURNS.get(key)
        if spec is None:
            return None
        kind, bees = spec
        if kind == "defend":
            return DefendMove(bees=bees) if 0 < bees < p.unassigned and self.raids_stopped(s, seat, p, bees) else None
        if kind == "clean" and 0 < bees <= p.unassigned:
            return CleanMove(bees=bees)
        options = [m for m in self.candidates(s, seat, p, plan)
                   if (kind == "raid" and isinstance(m, RaidMove) and m.target[0] == "w" and m.bees == bees)
                   or (kind == "forage" and isinstance(m, ForageMove))]
        if not options:
            return None
        return max(options, key=lambda m: self._value(s, seat, p, m, plan))

    def candidates(self, s: BeeLivesState, seat: int, p: Player, plan: Plan) -> list[Any]:
        """The moves worth weighing this turn (every kind of action, a few sizes of each)."""
        u = p.unassigned
        out: list[Any] = [ForageMove(tile=t) for t, _b in actions.forage_targets(s, seat)]
        for key in actions.raid_targets(s, seat):
            if key[0] == "w":
                top = min(u, s.wild[int(key[1:])].strength + 2)
                out += [RaidMove(target=key, bees=b) for b in range(1, top + 1)]
            else:
                out += [RaidMove(target=key, bees=b) for b in sorted({1, 2, 3, 4, 5, 8, 9, u}) if b <= u]
        if self._scout_want > 0:
            cells = actions.scout_targets(s, seat)
            if cells:
                assert p.hive is not None
                home = s.tiles[p.hive]
                q, r = min(cells, key=lambda c: geometry().distance((home.q, home.r), c))
                out.append(ScoutMove(q=q, r=r))
        if u:
            out += [DefendMove(bees=b) for b in sorted({1, u})]
            out += [CleanMove(bees=b) for b in sorted({1, max(1, min(u, p.mite)), u})]
        left = plan.wax - p.assigned["wax"]
        lim = actions.wax_limit(s, seat)
        if left > 0 and lim > 0:
            out += [WaxMove(bees=b) for b in sorted({1, min(left, lim)})]
        if actions.can_cool(s, seat):
            out.append(CoolMove())
        return out

    def needs(self, p: Player, plan: Plan) -> tuple[int, int, int]:
        """Honey, pollen and water still to gather for the plan (honey for the wax included)."""
        built = p.assigned["wax"]
        wax_left = max(0, plan.wax - built)
        cost = 2 * wax_left
        return (max(0, plan.honey + cost - p.honey), max(0, plan.pollen - p.pollen), max(0, plan.water - p.water))

    def _value(self, s: BeeLivesState, seat: int, p: Player, m: Any, plan: Plan) -> float:
        if isinstance(m, RaidMove) and m.target[0] == "w":
            var = self.fixed.get((s.year, s.month))
            if var is not None and not var.kill:
                return -20.0
        if isinstance(m, ForageMove):
            return self._forage_value(s, seat, p, m, plan)
        if isinstance(m, RaidMove):
            if m.target[0] == "w":
                if self.knobs.keep_a_forager and m.bees >= p.unassigned and self._forage_needed(s, seat, p, plan):
                    return -20.0  # a forage first: the raid can take the bees left after it
                v = self.kill_value(s, seat, p, m, plan)
                return v + 4.0 if v > 0 else v  # before the wild hives act, and while the room is there
            return self.raid_value(s, seat, p, m) - 0.5
        if isinstance(m, CoolMove):
            if plan.cool and not p.cooled:
                return 6.0
            return -5.0
        if isinstance(m, WaxMove):
            left = plan.wax - p.assigned["wax"]
            if left <= 0 or m.bees > left:
                return -5.0
            # build after the honey for it is in
            return 1.5 * m.bees if p.honey - 2 * m.bees >= min(plan.honey, p.honey) else -2.0
        if isinstance(m, ScoutMove):
            return self._scout_want
        if isinstance(m, CleanMove):
            return self._clean_worth(s, p, m.bees, plan)
        if isinstance(m, DefendMove):
            if self.knobs.no_last_defend and s.n == 1 and m.bees >= p.unassigned:
                return -10.0  # no wild hive acts after the last turn of the month
            return self.defend_value(s, seat, p, m.bees) - 0.05
        return -10.0

    def _forage_needed(self, s: BeeLivesState, seat: int, p: Player, plan: Plan) -> bool:
        """Whether a forage that leaves a bee free still brings the plan something it needs."""
        if sum(self.needs(p, plan)) <= 0:
            return False
        return any(sum(self.take_for(p, plan, actions.tile_yield(s, t))[0]) > 0
                   for t, b in actions.forage_targets(s, seat) if b < p.unassigned)

    def raids_stopped(self, s: BeeLivesState, seat: int, p: Player, bees: int) -> int:
        """How many wild hives would raid this colony at their next turn and take nothing,
        when ``bees`` more of its free bees go to Defend now (each such raid scores the
        defender's VP). A wild hive counts when it is awake, has not raided the colony this
        month, finds it the closest hive, would not forage a wet (overheating) or fall
        harvest tile first, and would find the colony weak enough to raid (or must raid it,
        under a first-turn raid card); the defence must cover its whole strength. At least
        one bee must stay free, or no wild hive acts before the month ends."""
        if not wild_active(s) or p.honey <= 0 or p.hive is None or not 0 < bees < p.unassigned:
            return 0
        c = card(s)
        defend = p.assigned["defend"] + bees
        cut = defend + aggressive_bonus(s, p, defend) + storms_bonus(s, p)
        ours = p.unassigned + p.assigned["defend"]
        margin = game_data().wild.raid_margin
        key = f"p{seat}"
        n = 0
        for i, w in enumerate(s.wild):
            if w.tile is None or key in w.raided or w.strength > cut:
                continue
            if not (not w.acted and c is not None and c.wild_first_turn_raid):
                if ours > w.strength + margin or season_of(s.month) == "spring":
                    continue
                if c is not None and c.overheat and forage_candidates(s, i, "wet"):
                    continue
                if season_of(s.month) == "fall" and forage_candidates(s, i, "harvest"):
                    continue
            if key in raid_candidates(s, i):
                n += 1
        return n

    def take_for(self, p: Player, plan: Plan, offer: tuple[int, int, int]) -> tuple[tuple[int, int, int], float]:
        """What to take from a tile offering ``offer`` and what it is worth."""
        k = self.knobs
        nh, npl, nw = self.needs(p, plan)
        room = p.empty
        if plan.mode in ("hatch", "hold", "harvest"):
            # keep the empty cells the plan wants at the next Egg phase (wax to come adds cells)
            wax_left = max(0, plan.wax - p.assigned["wax"])
            room = max(0, p.empty + wax_left * 3 - plan.empty)
            room = min(room, p.empty)
        h = min(offer[0], nh, room)
        po = min(offer[1], npl, room - h)
        w = min(offer[2], nw, room - h - po)
        value = h * k.honey + po * k.pollen + w * k.water
        if plan.mode in ("token", "final"):
            # every cell counts toward a full comb: honey beyond the plan first, then (for a
            # swarm) pollen and water
            spare = min(offer[0] - h, room - h - po - w)
            h += spare
            value += spare * k.spare_honey
            if plan.mode == "token":
                more = min(offer[1] - po, room - h - po - w)
                po += more
                more_w = min(offer[2] - w, room - h - po - w)
                w += more_w
                value += (more + k.spare_water * more_w) * k.spare_honey
        return (h, po, w), value

    def _forage_value(self, s: BeeLivesState, seat: int, p: Player, m: ForageMove, plan: Plan) -> float:
        k = self.knobs
        assert p.hive is not None
        bees = max(1, distance(s, p.hive, m.tile) or 0)
        (h, po, w), v = self.take_for(p, plan, actions.tile_yield(s, m.tile))
        if h + po + w == 0:
            return -5.0
        dis = 0.0 if p.upright else self.disease_worth(s, p)
        if s.month >= 9 and not p.upright:
            left = p.unassigned - bees  # bees still free to clean it back
            now, after = level(p), level_after_gain(p)
            if after > now and left <= 0 and survivors(p.workers, p.honey + h, after) < 1 \
                    <= survivors(p.workers, p.honey + h, now):
                dis += k.survive
        return v - bees * k.bee_cost - dis - 0.01 * bees

    def disease_worth(self, s: BeeLivesState, p: Player) -> float:
        """What one more space of disease costs (a spare bee can clean it back)."""
        k = self.knobs
        per = k.disease + (k.disease_late if s.month >= 7 else 0.0)
        return per * (0.5 if p.side == "B" else 1.0)

    def _clean_worth(self, s: BeeLivesState, p: Player, bees: int, plan: Plan) -> float:
        k = self.knobs
        spaces = min(bees, p.mite)
        gain = spaces * self.disease_worth(s, p)
        if s.month >= 9:
            # the winter kills as many bees a month as the level: keep the colony alive
            honey = max(p.honey, plan.honey)
            lv = level(p)
            track = game_data().board.disease.track_a
            after = track[max(0, p.mite_normal - (spaces // 2 if p.side == "B" else spaces))]
            gain += 1.5 * (lv - after)
            if survivors(p.workers, honey, after) >= 1 > survivors(p.workers, honey, lv):
                gain += 6.0
        if not p.upright and s.month < 9:
            gain += 0.3 * self.disease_worth(s, p)
        return gain - bees * k.bee_cost - 0.3 * (bees - spaces) + 0.01

    def scout_want(self, s: BeeLivesState, p: Player) -> float:
        """What scouting one more space next to the hive is worth now."""
        k = self.knobs
        if p.hive is None or p.unassigned < 1 or sum(s.bag.values()) == 0:
            return -1.0
        if s.month > k.scout_until:
            return -1.0
        taken = set(hive_tiles(s))
        near = [t for t, d in tiles_within(s, p.hive, 1) if t not in taken or t == p.hive]
        spawnable = [t for t, d in tiles_within(s, p.hive) if t not in taken]
        want = 1.5 if len(near) < k.scout_tiles else 0.6 if len(near) < 7 else 0.2
        if len(spawnable) < 2:
            want += 1.0
        return want - k.bee_cost

    def kill_value(self, s: BeeLivesState, seat: int, p: Player, m: RaidMove, plan: Plan) -> float:
        """A raid to wipe out a wild hive: 2 VP and honey against the bees it may cost."""
        k = self.knobs
        rules = game_data().rules
        wi = int(m.target[1:])
        strength = s.wild[wi].strength
        x = m.bees
        bonus = x // rules.aggressive_per if p.queen == "aggressive" else 0
        room = p.empty
        value = 0.0
        for tot, pr in dice_dist(pool_size(x)):
            r1 = min(min(tot, x) + bonus, strength)
            rest = strength - r1
            if rest <= x:
                honey = min(strength, room)
                lost = rest
                gain = rules.vp.wild_removed + k.threat * (1 + (9 - s.month) / 3) + honey * k.spare_honey * 1.5
                gain -= self.disease_worth(s, p) if honey else 0
                value += pr * (gain - lost * k.bee_loss - self.last_bees(p, lost, s.month))
            else:
                value += pr * (min(r1, room) * 0.3 - 1.0)
        return value - x * k.bee_cost

    def last_bees(self, p: Player, lost: int, month: int = 1) -> float:
        """The extra cost of losing the colony's last bees in a raid on a wild
        hive (late in the year: of leaving none to see the spring, counting the
        disease the stolen honey brings)."""
        left = p.workers - lost
        cost = 4.0 if left <= 0 else 1.0 if left == 1 else 0.0
        if month >= 8 and survivors(p.workers, p.honey + 3, level(p)) >= 1 \
                > survivors(left, p.honey + 3, level_after_gain(p)):
            cost += self.knobs.survive
        return cost

    # -- the other decisions -------------------------------------------------------------------
    def k_collect(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Forage: what the plan still needs from the tile, within the cells it keeps
        free (and, toward a full comb, more of what the tile offers)."""
        f = s.forage
        assert f is not None
        p = s.players[seat]
        plan = self.make_plan(s, seat)
        (h, po, w), _v = self.take_for(p, plan, (f.honey, f.pollen, f.water))
        return CollectMove(honey=h, pollen=po, water=w)

    def k_queen(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Setup: the queen type the knobs name."""
        return QueenMove(queen=self.knobs.queen)

    def k_swarm_queen(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A new queen comes free with a swarm that stays: an Aggressive one
        while there are wild hives to wipe out (her raiders count half again),
        the usual one when the next brood is the next thing that matters."""
        k = self.knobs
        if not k.switch_queens:
            return QueenMove(queen=k.queen)
        p = s.players[seat]
        big = 0
        if p.hive is not None:
            for w in s.wild:
                if w.tile is not None and w.strength >= k.aggressive_from:
                    d = distance(s, p.hive, w.tile)
                    if d is not None and d <= 3:
                        big += 1
        ctx = s.swarm
        if ctx is not None and ctx.lost >= k.aggressive_from:
            big += 1
        return QueenMove(queen="aggressive" if big else k.queen)

    def k_keep(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Keep the scouted tile that adds the most over the months to come: a
        season counts less for each tile in reach that already gives as much then."""
        k = self.knobs
        yields = game_data().map.yields
        p = s.players[seat]
        assert p.hive is not None
        near = [s.tiles[t].kind for t, _d in tiles_within(s, p.hive)
                if t == p.hive or t not in hive_tiles(s)]
        wet = any(kind == "wet" for kind in near)

        def worth(kind: str) -> float:
            v = 0.0
            for month in range(s.month + 1, 10):
                table: dict[str, Any] = yields[season_of(month)]  # type: ignore[index,assignment]
                y = table[kind]
                gain = y.honey + 0.6 * y.pollen + (0.0 if wet else k.keep_water) * y.water
                same = len([other for other in near if table[other].honey >= y.honey])
                v += gain / (1.0 + k.keep_crowd * same)
            return float(v)

        return max(moves, key=lambda m: worth(m.tile))

    def k_swarm_stay(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A swarm: always stay (and take a new queen)."""
        return StayMove(stay=True)

    def k_swarm_tile(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Put the new wild hive where it blocks the least: a poor tile for the coming months."""
        later = season_of(min(9, s.month + 1))
        yields = game_data().map.yields
        hive = s.players[seat].hive
        assert hive is not None

        def worth(tile: int) -> float:
            kind = s.tiles[tile].kind
            y = yields[later][kind]  # type: ignore[index]
            return float(y.honey + y.pollen + 0.5 * y.water - 0.3 * (distance(s, hive, tile) or 0))

        return min(moves, key=lambda mv: worth(mv.tile))

    def k_reroll(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A raid on a wild hive not yet beaten: reroll when the raider it costs and the
        points still expected missing after it come to fewer than the points missing
        now (pressing costs a raider a point); other raids as the heuristic player."""
        r = s.raid
        assert r is not None
        if r.target[0] == "w":
            p = s.players[seat]
            strength = s.wild[int(r.target[1:])].strength
            now = raid_strength(s, p, r)
            if now >= strength:
                return RerollMove(reroll=False)
            # pressing costs one raider per missing point, a reroll one raider and maybe more
            need = strength - now
            party = r.party - 1
            bonus = party // game_data().rules.aggressive_per if p.queen == "aggressive" else 0
            after = sum(pr * max(0, strength - min(min(t, party) + bonus, strength))
                        for t, pr in dice_dist(pool_size(party)))
            return RerollMove(reroll=1 + after < need)
        return super().k_reroll(s, seat, moves)

    def k_press(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A raid on a wild hive: sacrifice as many raiders as its strength (wiping it
        out) when its VP, honey and threat outweigh the bees lost, except for a weak
        hive asleep in early spring, which a raid next month finishes without a loss."""
        r = s.raid
        assert r is not None
        w = s.wild[int(r.target[1:])]
        p = s.players[seat]
        k = self.knobs
        if s.month <= k.finish_later_until and not wild_active(s) and w.strength <= k.finish_later:
            return PressMove(bees=0)  # asleep till summer: a raid next month finishes it without a loss
        if w.strength <= r.party:
            cost = w.strength * self.knobs.bee_loss + self.last_bees(p, w.strength, s.month)
            gain = game_data().rules.vp.wild_removed + min(w.strength + r.reduced, p.empty) * 0.4 + self.knobs.threat
            if gain > cost:
                return PressMove(bees=w.strength)
        return PressMove(bees=0)

    def defence_worth(self) -> float:
        """The defender's VP of a wild hive's raid that takes no honey (with ``defence_vp``):
        a sacrifice that spoils it costs them."""
        return float(game_data().rules.vp.defence) if self.knobs.defence_vp else 0.0

    def k_honey(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """A raid won: the most honey that fits the comb without taking the cells the
        plan keeps empty (none when nothing fits)."""
        p = s.players[seat]
        plan = self.make_plan(s, seat)
        keep = plan.empty if plan.mode in ("hatch", "hold", "harvest") else 0
        room = max(0, p.empty - keep)
        best = max((mv for mv in moves if mv.amount <= room), key=lambda mv: mv.amount, default=None)
        return best if best is not None else HoneyMove(amount=0)


def level_after_gain(p: Player) -> int:
    """The disease level after the colony's next disease gain (an upright mite takes it)."""
    if p.upright:
        return level(p)
    track = game_data().board.disease.track_a
    return track[min(len(track) - 1, p.mite_normal + (0 if p.side == "B" and p.mite % 2 == 0 else 1))]


__all__ = ["LEARNED_MODES", "LEARNED_TURNS", "Knobs", "PlannerPlayer", "Variant"]
