"""The computer player in the solo modes: the heuristic player of
:mod:`.heuristic`, steered toward the goals of the challenge, scenario and
campaign cards.

:class:`ModePlayer` wraps a :class:`~.heuristic.HeuristicPlayer`. In a
basic game it hands every decision to it unchanged (or, for ``good`` in a
one-year game, to the planner it was handed, see :func:`.ai.make_player`).
With a solo mode it

- takes a few decisions itself where a card decides what is right (which
  queen, stay or leave, where a campaign's wild hive goes, when to scout,
  requeen or raid for a goal);
- removes moves that would break a goal (a raid for Pacifist, a requeen for
  Strong Leader) or that waste bees (foraging a haunted or infected tile)
  before the heuristic player chooses;
- fixes the heuristic player's monthly intent (``plan``) where a goal asks
  for swarms, wax or no swarm at all.

Like every player it is given only its seat's view.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import actions, campaigns, solo
from .colony import card, level, overheating, threshold
from .data import solo_data
from .heuristic import expected_strength
from .map import distance, hive_tile
from .models import (
    BeeLivesState,
    CleanMove,
    CollectMove,
    CoolMove,
    ForageMove,
    QueenMove,
    RaidMove,
    RequeenMove,
    SacrificeMove,
    ScoutMove,
    StayMove,
    WaxMove,
)
from .raids import wild_raid_amount

# Numbers measured with ``benchmarks/bee_lives_modes.py`` (the win rate of each card):
#: Dirty Bees: forage for disease from this month
DIRTY_FROM = 3
#: The Mother Hive: plan a swarm from this many workers, with this queen
MOTHER_BEES = 4
#: Wildfire: tiles to scout in year 1 (a deep map all round), and rows from the fire at which to run
WILDFIRE_TILES = 20
WILDFIRE_RUN = 4
#: There Can Bee Only One: the month the raids on the strong hives begin
ONLY_FROM = 4
MOTHER_QUEEN = "nomadic"


class _Only:
    """An engine that offers only some of the legal moves (the rest is the real engine)."""

    def __init__(self, engine: Any, moves: list[Any]) -> None:
        self._engine = engine
        self._moves = moves

    def legal_moves(self, state: Any) -> list[Any]:
        return list(self._moves)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


class ModePlayer:
    """A heuristic player that knows the solo cards."""

    def __init__(self, inner: Any, basic: Any = None) -> None:
        self.inner = inner
        #: the player of a one-year basic solo game, if not ``inner`` (``good``: the planner)
        self.basic = basic
        self.base_style = inner.style
        self.styled = False

    # -- entry ----------------------------------------------------------------------
    def choose(self, engine: Any, view: Any) -> Any:
        """The move for the pending decision of ``view``: in a basic game the wrapped
        player's (the planner's in a one-year solo game, when it has one); with a
        solo mode, its own answer where a card decides, else the wrapped player's
        among the moves the cards' goals allow."""
        s: BeeLivesState = view
        if s.solo is None:
            if self.basic is not None and s.n == 1 and s.years == 1:
                return self.basic.choose(engine, view)
            return self.inner.choose(engine, view)
        pend = s.pending
        assert pend is not None
        if not self.styled:
            self._style(s)
        self._plan(s)
        moves = engine.legal_moves(s)
        own = getattr(self, "_m_" + pend.kind, None)
        if own is not None:
            move = own(s, pend.seat, moves)
            if move is not None and move in moves:
                return move
        allowed = self._filter(s, pend.seat, moves)
        return self.inner.choose(_Only(engine, allowed), view)

    # -- the cards ---------------------------------------------------------------------
    @staticmethod
    def _cards(s: BeeLivesState) -> tuple[str | None, str | None, str | None]:
        assert s.solo is not None
        return s.solo.challenge, s.solo.scenario, s.solo.campaign

    def _style(self, s: BeeLivesState) -> None:
        self.styled = True
        ch, sc, cp = self._cards(s)
        st = self.base_style
        if ch in ("nursery", "dirty-bees"):
            st = replace(st, queen="aggressive", intents=())
        if ch == "mother-hive":
            st = replace(st, queen=MOTHER_QUEEN, intents=())
        if ch == "builder":
            st = replace(st, queen="prolific", intents=(), build_comb=21)
        if ch == "protectionist":
            st = replace(st, threat=2.0)
        if sc == "there-can-bee-only-one":
            st = replace(st, queen="aggressive", intents=(), threat=2.0, build_comb=18)
        self.inner.style = st

    def _plan(self, s: BeeLivesState) -> None:
        """Fix the heuristic player's intent for this month where a card asks for it."""
        solo_ = s.solo
        assert solo_ is not None
        ch, _sc, cp = self._cards(s)
        p = s.players[0]
        key = (s.year, s.month)
        plan = self.inner.plan
        if s.month > 9:
            return
        intent = None
        if ch == "nursery" or (ch == "dirty-bees" and not solo_.met):
            intent = "grow" if s.month < 7 else "harvest"
        elif ch == "dirty-bees" and solo_.met:
            # fill the comb to swarm and leave (a new site has no disease), then honey for the winter
            intent = "token" if s.month <= 7 and level(p) >= 3 else "harvest"
        elif ch == "builder" and s.year == 1 and s.month <= 8 and p.comb < 21:
            intent = "build"
        elif _sc == "there-can-bee-only-one" and s.year == 1 and s.month <= 5 and p.comb < 17:
            intent = "build"  # room for a colony big enough to wipe out the strong hives
        elif ch == "mother-hive" and s.month <= 8 and not solo_.met:
            intent = "token" if p.workers >= MOTHER_BEES else "grow"
        elif ch == "great-migration" and s.year == 1 and s.month <= 8 and solo.map_length(s) < 12:
            intent = "token"
        if cp == "three-generations" and s.year == 3 and 6 <= s.month <= 8 and not solo_.fall_leave:
            intent = "token"
        if cp == "wildfire" and solo_.fire is not None:
            rows = campaigns.rows_to_hive(s)
            if rows is not None and rows <= WILDFIRE_RUN:
                intent = "token"
        if intent is None:
            plan.pop(key, None)
        else:
            plan[key] = intent

    # -- moves taken away before the heuristic player chooses ---------------------------------
    def _filter(self, s: BeeLivesState, seat: int, moves: list[Any]) -> list[Any]:
        solo_ = s.solo
        assert solo_ is not None
        ch, sc, cp = self._cards(s)
        out = list(moves)

        def drop(pred: Any) -> None:
            nonlocal out
            kept = [m for m in out if not pred(m)]
            if kept:
                out = kept

        if ch == "pacifist":
            drop(lambda m: isinstance(m, RaidMove))
        if ch in ("strong-leader", "nursery"):
            drop(lambda m: isinstance(m, RequeenMove))
        if ch == "mother-hive":
            mine = {f"w{i}" for i in solo_.year_spawns}
            drop(lambda m: isinstance(m, RaidMove) and m.target in mine)
            wr = s.wraid
            if wr is not None and wr.hive in solo_.year_spawns:  # defend, but never wipe out our own swarm
                drop(lambda m: isinstance(m, SacrificeMove) and wild_raid_amount(s, wr, m.defenders,
                                                                                 m.unassigned)[1] <= 0)
        if ch == "dirty-bees" and not solo_.met:
            drop(lambda m: isinstance(m, CleanMove))
        if solo_.haunted_tiles:
            haunted = set(solo_.haunted_tiles)
            drop(lambda m: isinstance(m, ForageMove) and m.tile in haunted)
        if cp == "zombees" and not s.players[seat].infected:
            sick = solo.infected_set(s)
            drop(lambda m: isinstance(m, ForageMove) and m.tile in sick)
            drop(lambda m: isinstance(m, RaidMove) and hive_tile(s, m.target) in sick)
        return out

    # -- decisions taken here ----------------------------------------------------------------------
    def _m_turn(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        solo_ = s.solo
        assert solo_ is not None
        ch, sc, cp = self._cards(s)
        p = s.players[seat]
        month = s.month
        scouts = [m for m in moves if isinstance(m, ScoutMove)]
        # scouting goals: enough scouts a month to get there in time
        if scouts and s.year == 1:
            need = 0
            if ch == "explorer":
                need = solo_data().challenge("explorer").target or 0
                need -= len(s.tiles)
            if cp == "three-generations":
                need = max(need, solo_data().three_generations.year1_scouts - solo_.scouts)
            if need > 0:
                # the month's share, counted from its start; done by October (a month to spare)
                per_month = -(-(need + p.assigned["scout"]) // max(1, 9 - month))
                if p.assigned["scout"] < per_month:
                    return self._scout_near(s, seat, scouts)
        if cp == "wildfire" and s.year == 1 and scouts:
            # a map that reaches far on every side of the hive, so next year's fire takes long to arrive
            need = WILDFIRE_TILES - len(s.tiles)
            if need > 0 and p.assigned["scout"] < -(-(need + p.assigned["scout"]) // max(1, 9 - month)):
                return self._scout_around(s, seat, scouts)
        if ch == "great-migration" and s.year == 1 and scouts and solo.map_length(s) < 12:
            best = self._scout_longer(s, scouts)
            if best is not None:
                return best
        if cp == "wildfire" and solo_.fire is not None and scouts and p.assigned["scout"] == 0:
            return max(scouts, key=lambda m: self._cell_fire(s, m.q, m.r))
        # queen goals
        requeens = [m for m in moves if isinstance(m, RequeenMove)]
        if ch == "indecisive" and not solo_.met and requeens:
            missing = [m for m in requeens if m.queen not in solo_.queens]
            needed = 4 - len(set(solo_.queens))
            if missing and month >= 10 - needed:
                return missing[0]
        if cp == "three-generations" and s.year == 3 and 2 <= month <= 3 and not solo_.spring_queen:
            want = [m for m in requeens if m.queen in solo_data().three_generations.year3_spring_queens]
            if want:
                return want[0]
        # disease goals
        if ch == "dirty-bees" and not solo_.met and month >= DIRTY_FROM:
            forages = [m for m in moves if isinstance(m, ForageMove)]
            if forages:
                return min(forages, key=lambda m: (self._bees_to(s, seat, m.tile), -self._tile_worth(s, m.tile)))
        if ch == "dirty-bees" and solo_.met and level(p) > 0 and (month >= 8 or level(p) < 3):
            cleans = [m for m in moves if isinstance(m, CleanMove)]
            if cleans:
                return max(cleans, key=lambda m: m.bees if m.bees <= p.mite else -m.bees)
        # wild hives to wipe out
        if ch == "protectionist" or (sc == "there-can-bee-only-one" and month >= ONLY_FROM):
            raid = self._kill_raid(s, seat, moves, 4 if ch == "protectionist" else 1)
            if raid is not None:
                return raid
        if ch == "builder" and s.year == 1:
            target = solo_data().challenge("builder").target or 20
            waxes = [m for m in moves if isinstance(m, WaxMove)]
            spare = p.honey - -(-p.workers // 2)
            cost = actions.wax_cost(s)
            cells = min(target - p.comb, spare // max(1, cost), max((m.bees for m in waxes), default=0))
            if cells >= 1:
                return WaxMove(bees=cells)
        if ch == "nursery" and p.pollen < 1 and month < 9:
            pollen = [m for m in moves if isinstance(m, ForageMove) and actions.tile_yield(s, m.tile)[1] > 0]
            if pollen:
                return min(pollen, key=lambda m: (self._bees_to(s, seat, m.tile), -actions.tile_yield(s, m.tile)[1]))
        if ch == "nursery" and overheating(s) and not p.cooled and month < 9:
            cools = [m for m in moves if isinstance(m, CoolMove)]
            if cools:
                return cools[0]
            wets = [m for m in moves if isinstance(m, ForageMove) and s.tiles[m.tile].kind == "wet"]
            if wets and p.water < actions.cool_cost(s, seat)[1]:
                return min(wets, key=lambda m: self._bees_to(s, seat, m.tile))
        if ch == "nursery":
            waxes = [m for m in moves if isinstance(m, WaxMove)]
            if waxes and p.workers + 2 > threshold(p) and p.honey >= 4:
                return min(waxes, key=lambda m: abs(m.bees - 2))
        return None

    def _bees_to(self, s: BeeLivesState, seat: int, tile: int) -> int:
        hive = s.players[seat].hive
        d = distance(s, hive, tile) if hive is not None else None
        return max(1, d or 0)

    @staticmethod
    def _tile_worth(s: BeeLivesState, tile: int) -> int:
        return {"bloom": 2, "wilt": 1, "harvest": 1, "wet": 0}[s.tiles[tile].kind]

    def _scout_near(self, s: BeeLivesState, seat: int, scouts: list[ScoutMove]) -> ScoutMove:
        return scouts[0]  # the engine lists the closest spaces first

    def _scout_around(self, s: BeeLivesState, seat: int, scouts: list[ScoutMove]) -> ScoutMove:
        """The scout that best deepens the map on its shallowest side (seen from the hive)."""
        hive = s.players[seat].hive
        assert hive is not None
        h = s.tiles[hive]
        cells = [(t.q, t.r) for t in s.tiles]

        def depth(cs: list[tuple[int, int]]) -> tuple[int, ...]:
            sides = sorted(max(_coord(o, h.q, h.r) - _coord(o, q, r) for q, r in cs) for o in EDGES)
            return tuple(sides)

        return max(scouts, key=lambda m: depth(cells + [(m.q, m.r)]))

    def _scout_longer(self, s: BeeLivesState, scouts: list[ScoutMove]) -> ScoutMove | None:
        """The scout that makes the map longest (None if none makes it longer)."""
        now = solo.map_length(s)
        cells = [(t.q, t.r) for t in s.tiles]
        best, best_len = None, now
        for m in scouts:
            length = _length(cells + [(m.q, m.r)])
            if length > best_len:
                best, best_len = m, length
        return best

    def _cell_fire(self, s: BeeLivesState, q: int, r: int) -> int:
        """How far a cell lies along the fire's path (larger: burns later)."""
        solo_ = s.solo
        assert solo_ is not None and solo_.fire is not None
        return _coord(solo_.fire, q, r)

    def _kill_raid(self, s: BeeLivesState, seat: int, moves: list[Any], at_least: int) -> Any:
        """A raid with every free bee on the strongest wild hive in reach (of ``at_least`` or more)."""
        p = s.players[seat]
        raids = [m for m in moves if isinstance(m, RaidMove) and m.target[0] == "w" and m.bees == p.unassigned]
        raids = [m for m in raids if s.wild[int(m.target[1:])].strength >= at_least]
        if not raids or p.unassigned < 2:
            return None
        target = max(raids, key=lambda m: s.wild[int(m.target[1:])].strength)
        bees = p.unassigned
        bonus = bees // 2 if p.queen == "aggressive" else 0
        # the dice, the queen, and every raider sacrificed after the roll
        reach = expected_strength(bees) + bonus + bees - 1
        if reach < s.wild[int(target.target[1:])].strength + 1:
            return None
        return target

    def _m_collect(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Nursery: just enough pollen that next month hatches a brood or two
        without the colony growing past its swarm threshold."""
        if self._cards(s)[0] != "nursery":
            return None
        p = s.players[seat]
        take = self.inner.k_collect(s, seat, moves)
        room_new = threshold(p) - p.workers  # bees the colony may still gain
        c = card(s)
        per = c.brood_per_pollen if c is not None and c.brood_per_pollen else 1  # next month's brood
        want = max(1, min(2, room_new + level(p)) // per)
        pollen = max(0, min(take.pollen, want - p.pollen))
        if p.pollen + pollen < 1:
            pollen = min(1, max((m.pollen for m in moves), default=0))
        # water to cool the hive whenever a card brings the heat (a resting queen breaks the goal)
        water = max(take.water, min(max((m.water for m in moves), default=0), 2 * (-(-p.workers // 5)) - p.water))
        honey = take.honey
        while honey + pollen + water > p.empty and honey > 0:
            honey -= 1
        move = CollectMove(honey=honey, pollen=pollen, water=max(0, water))
        return move if move in moves else CollectMove(honey=take.honey, pollen=pollen, water=take.water)

    def _m_keep(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        """Nursery: a wet tile near the hive first (water to cool with)."""
        p = s.players[seat]
        if self._cards(s)[0] != "nursery" or p.hive is None:
            return None
        wet_near = any(s.tiles[t.id].kind == "wet" and (distance(s, p.hive, t.id) or 9) <= 2 for t in s.tiles)
        if not wet_near:
            return next((m for m in moves if m.tile == "wet"), None)
        return None

    def _m_swarm_stay(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        solo_ = s.solo
        assert solo_ is not None and s.swarm is not None
        ch, _sc, cp = self._cards(s)
        p = s.players[seat]
        if ch in ("strong-leader", "great-migration"):
            return StayMove(stay=False)
        if cp == "three-generations" and s.year == 3 and 7 <= s.month <= 9 and not solo_.fall_leave:
            return StayMove(stay=False)
        if ch == "dirty-bees":
            return StayMove(stay=not solo_.met)
        if ch == "builder" and s.year == 1:
            return StayMove(stay=True)
        if ch == "indecisive" and not solo_.met and len(set(solo_.queens)) < 4:
            return StayMove(stay=True)
        if cp == "wildfire" and solo_.fire is not None and s.swarm.spawned is not None:
            new_tile = s.wild[s.swarm.spawned].tile
            if new_tile is not None and p.hive is not None:
                leave = campaigns.fire_coord(s, new_tile) > campaigns.fire_coord(s, p.hive)
                return StayMove(stay=not leave)
        return None

    def _m_swarm_tile(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        solo_ = s.solo
        assert solo_ is not None
        ch, _sc, cp = self._cards(s)
        p = s.players[seat]
        if cp == "wildfire" and solo_.fire is not None:
            return max(moves, key=lambda m: campaigns.fire_coord(s, m.tile))
        if ch == "great-migration":
            return max(moves, key=lambda m: max((distance(s, m.tile, t.id) or 0) for t in s.tiles))
        if ch == "mother-hive":
            # away from the other wild hives, so that they leave each other alone
            wild = [w.tile for w in s.wild if w.tile is not None]
            return max(moves, key=lambda m: min([distance(s, m.tile, t) or 9 for t in wild] or [9]))
        if ch == "strong-leader" and p.hive is not None:
            return max(moves, key=lambda m: self.inner.home_value(s, m.tile))
        return None

    def _queen_for(self, s: BeeLivesState, moves: list[Any]) -> Any:
        solo_ = s.solo
        assert solo_ is not None
        ch, _sc, cp = self._cards(s)
        offered = [m.queen for m in moves if isinstance(m, QueenMove)]
        if ch == "indecisive" and not solo_.met:
            fresh = [q for q in offered if q not in solo_.queens]
            if fresh:
                return QueenMove(queen=fresh[0])
        if cp == "three-generations" and s.year == 3 and s.month <= 3 and not solo_.spring_queen:
            for q in solo_data().three_generations.year3_spring_queens:
                if q in offered:
                    return QueenMove(queen=q)
        if self.inner.style.queen in offered:
            return QueenMove(queen=self.inner.style.queen)
        return QueenMove(queen=offered[0]) if offered else None

    def _m_queen(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        return self._queen_for(s, moves)

    def _m_swarm_queen(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        return self._queen_for(s, moves)

    def _m_new_queen(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        return self._queen_for(s, moves)

    def _far_from_home(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        hive = s.players[seat].hive
        if hive is None:
            return None
        return max(moves, key=lambda m: distance(s, hive, m.tile) or 0)

    def _m_campaign_spawn(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        return self._far_from_home(s, seat, moves)

    def _m_infect_pick(self, s: BeeLivesState, seat: int, moves: list[Any]) -> Any:
        hive = s.players[seat].hive
        if hive is None:
            return None
        return max(moves, key=lambda m: distance(s, hive, hive_tile(s, m.target) or hive) or 0)



EDGES = ("far", "near", "left", "right")


def _coord(origin: str, q: int, r: int) -> int:
    """How far a hex cell lies along the path of a fire from ``origin`` (as :func:`.campaigns.fire_coord`)."""
    col = q + r // 2
    return {"far": r, "near": -r, "left": col, "right": -col}[origin]


def _length(cells: list[tuple[int, int]]) -> int:
    qs = [q for q, _r in cells]
    rs = [r for _q, r in cells]
    ss = [-q - r for q, r in cells]
    return max(max(a) - min(a) + 1 for a in (qs, rs, ss))



__all__ = ["ModePlayer"]
