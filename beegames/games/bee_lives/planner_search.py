"""The planner's play-outs: the monthly lookahead and the search inside a
month, which :class:`.planner.PlannerPlayer` takes from :class:`PlannerSearch`.

Both weigh a few choices by finishing the year after each of them, several
times, on copies of the player's view made concrete (:func:`determinized`:
the hidden order of the season decks shuffled anew, a generator of the
copy's own), the same copies for every choice. The plain plan plays those
games out (:func:`play_out`, a player with no lookahead and no search of
its own), and the choice with the best mean final score is kept; a play-out
in which the colony dies counts ``Knobs.death`` less. Both run only in a
solo game.

- The lookahead (``monthly_samples`` play-outs a choice, from the month
  ``lookahead_from``), at the month's first turn: each :class:`Variant` of
  the month (the mode planned for next month, and whether to raid wild
  hives now). The one kept fixes the rest of the month's plan.
- The search (``search_samples`` play-outs a choice, from the month
  ``search_from``), at each of the player's own decisions of a kind in
  :data:`SEARCHED`: the plan's own answer and a few others. For a turn, the
  plan's ``search_width`` best actions, the best raid on each wild hive,
  and (``search_defence``) bees put on Defend first where a wild hive would
  then raid at its next turn and take nothing
  (:meth:`.planner.PlannerPlayer.raids_stopped`), VP that the plan's own
  values, which wipe such a hive out at once, never reach for. For what to
  take from a forage and the honey to give up to a raid, the answers that
  differ most; for a swarm's stay and queen, every answer. On a tie the
  plan's own answer stays.

The planner imports this module; this module names the planner for the type
checker only, and takes the players of its play-outs from
:meth:`.planner.PlannerPlayer.playout_player`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.rng import RngState
from . import actions
from .heuristic import swarm_vp
from .models import BeeLivesState, CollectMove, DefendMove, Player, RaidMove

if TYPE_CHECKING:
    from .planner import Knobs, Plan, PlannerPlayer


#: the decisions the search weighs
SEARCHED = frozenset({"turn", "collect", "honey", "swarm_queen", "swarm_stay"})


@dataclass(frozen=True)
class Variant:
    """A way to spend a month: the mode for the next one, and whether to raid wild hives now."""

    mode: str
    kill: bool


class PlannerSearch:
    """The lookahead and the search of :class:`.planner.PlannerPlayer` (the
    planner gives them its plan, its knobs and its generator: the names
    declared below)."""

    # -- what the planner provides ------------------------------------------------------------
    knobs: Knobs
    rnd: random.Random
    fixed: dict[tuple[int, int], Variant]

    if TYPE_CHECKING:  # declared for the type checker only: PlannerPlayer defines them
        def playout_player(self, seed: int, knobs: Knobs) -> PlannerPlayer: ...

        def make_plan(self, s: BeeLivesState, seat: int) -> Plan: ...

        def candidates(self, s: BeeLivesState, seat: int, p: Player, plan: Plan) -> list[Any]: ...

        def _value(self, s: BeeLivesState, seat: int, p: Player, m: Any, plan: Plan) -> float: ...

        def kill_value(self, s: BeeLivesState, seat: int, p: Player, m: RaidMove, plan: Plan) -> float: ...

        def raids_stopped(self, s: BeeLivesState, seat: int, p: Player, bees: int) -> int: ...

        def _can_swarm_next(self, s: BeeLivesState, p: Player) -> bool: ...

        def _brood_blocked(self, s: BeeLivesState, p: Player) -> bool: ...

        def _default_mode(self, s: BeeLivesState, p: Player) -> str: ...

    # -- the search ------------------------------------------------------------------------
    def search_options(self, s: BeeLivesState, seat: int, moves: list[Any], chosen: Any) -> list[Any]:
        """The choices worth playing out: for a turn, the best few by the plan's
        values and the best raid on each wild hive; for the other decisions, a
        few of the legal answers."""
        kind = s.pending.kind if s.pending is not None else ""
        out: list[Any] = [chosen]
        if kind == "turn":
            out += self.turn_options(s, seat, s.players[seat], self.make_plan(s, seat))
        elif kind == "collect":
            f = s.forage
            assert f is not None
            room = s.players[seat].empty
            takes = {(min(f.honey, room), min(f.pollen, room - min(f.honey, room)), 0),
                     (min(f.honey, room - min(f.pollen, room)), min(f.pollen, room), 0),
                     (min(f.honey, room), 0, 0), (0, min(f.pollen, room), 0)}
            out += [CollectMove(honey=h, pollen=po, water=w) for h, po, w in sorted(takes)]
        elif kind == "honey":
            amounts = [m.amount for m in moves]
            out += [m for m in moves if m.amount in (min(amounts), max(amounts))]
        else:
            out += moves
        seen: list[Any] = []
        for m in out:
            if m not in seen and m in moves:
                seen.append(m)
        return seen

    def turn_options(self, s: BeeLivesState, seat: int, p: Player, plan: Plan) -> list[Any]:
        """A turn's moves worth weighing beside the plan's own choice: the plan's ``search_width``
        best by its values, the best raid on each wild hive, and (``search_defence``) bees put on
        Defend first where a wild hive would then raid at its next turn and take nothing. Legal by
        construction; they may repeat one another."""
        scored = [(self._value(s, seat, p, m, plan), i, m) for i, m in enumerate(self.candidates(s, seat, p, plan))]
        scored.sort(key=lambda x: (-x[0], x[1]))
        out: list[Any] = [m for v, _i, m in scored[:self.knobs.search_width] if v > -19.0]
        raids: dict[str, tuple[float, Any]] = {}
        for _v, _i, m in scored:
            if isinstance(m, RaidMove) and m.target[0] == "w":
                kv = self.kill_value(s, seat, p, m, plan)
                if m.target not in raids or kv > raids[m.target][0]:
                    raids[m.target] = (kv, m)
        out += [m for _kv, m in raids.values()]
        if self.knobs.search_defence:
            for b in range(1, p.unassigned):
                if self.raids_stopped(s, seat, p, b):
                    out.append(DefendMove(bees=b))
                    break
        return out

    def search(self, s: BeeLivesState, seat: int, options: list[Any], chosen: Any) -> Any:
        """Play each option out on the same determinized copies of the view (the
        rest of the year by the plan alone); the best mean score, the plan's own
        choice on a tie."""
        seeds = [self.rnd.randrange(1 << 30) for _ in range(self.knobs.search_samples)]
        best: tuple[float, Any] = (-1e9, chosen)
        for m in options:
            total = 0.0
            for score in self.playout_scores(s, seat, m, seeds):
                total += score
            if m == chosen:
                total += 1e-6
            if total > best[0]:
                best = (total, m)
        return best[1]

    def playout_scores(self, s: BeeLivesState, seat: int, m: Any, seeds: list[int]) -> list[float]:
        """``m`` played on one determinized copy of the view for each of ``seeds``, and the
        year played out from there by the plan alone: the seat's final score in each."""
        from .flow import apply_move

        quiet = self.knobs.playout()
        out = []
        for sd in seeds:
            bot = self.playout_player(sd, quiet)
            bot.fixed = dict(self.fixed)
            sim = determinized(s, sd)
            apply_move(sim, m)
            out.append(play_out(sim, seat, bot, self.knobs.death))
        return out

    # -- lookahead --------------------------------------------------------------------------------
    def variants(self, s: BeeLivesState, seat: int) -> list[Variant]:
        """The ways this month could go that the lookahead compares."""
        p = s.players[seat]
        modes = ["hatch", "token", "hold"] + (["harvest"] if s.month >= self.knobs.harvest_try else [])
        if not self._can_swarm_next(s, p) or swarm_vp(s.month + 1) < 1:
            modes.remove("token")
        if self._brood_blocked(s, p):
            modes.remove("hatch")
        kills = [True, False] if any(self._killable(s, seat)) else [True]
        return [Variant(mode, kill) for mode in modes for kill in kills]

    def _killable(self, s: BeeLivesState, seat: int) -> list[str]:
        p = s.players[seat]
        return [key for key in actions.raid_targets(s, seat) if key[0] == "w"] if p.unassigned else []

    def lookahead(self, s: BeeLivesState, seat: int) -> Variant:
        """Play the year out from here a few times for each variant (the same
        draws for every variant); keep the best mean score."""
        options = self.variants(s, seat)
        if len(options) <= 1:
            return options[0] if options else Variant(self._default_mode(s, s.players[seat]), True)
        seeds = [self.rnd.randrange(1 << 30) for _ in range(self.knobs.monthly_samples)]
        best: tuple[float, Variant] = (-1e9, options[0])
        quiet = self.knobs.playout()
        for var in options:
            total = 0.0
            for sd in seeds:
                bot = self.playout_player(sd, quiet)
                bot.fixed[(s.year, s.month)] = var
                total += play_out(determinized(s, sd), seat, bot, self.knobs.death)
            if total > best[0]:
                best = (total, var)
        return best[1]


def determinized(s: BeeLivesState, seed: int) -> BeeLivesState:
    """A copy of a view with the hidden deck order and the generator drawn from ``seed``."""
    from .flow import clone

    sim = clone(s)
    rng = random.Random(seed)
    for deck in sim.decks.values():
        rng.shuffle(deck)
    sim.rng = RngState.from_seed(seed)
    return sim


def play_out(s: BeeLivesState, seat: int, bot: PlannerPlayer, death: float = 0.0) -> float:
    """Finish a game with ``bot`` in every seat (the state is a private
    copy: it is changed in place); the seat's final score, ``death`` less if
    its colony died out."""
    from .flow import apply_move, legal_moves, run_step

    for _ in range(20000):
        if s.over:
            break
        pend = s.pending
        if pend is None:
            if not s.queue:
                break
            run_step(s)
            continue
        if pend.kind == "turn":
            move = bot.k_turn(s, pend.seat, None)  # its candidates are legal by construction
        else:
            move = bot._choose_from(s, pend.seat, legal_moves(s))
        apply_move(s, move)
    p = s.players[seat]
    return float(p.vp) - (death if p.workers <= 0 else 0.0)


__all__ = ["SEARCHED", "PlannerSearch", "Variant", "determinized", "play_out"]
