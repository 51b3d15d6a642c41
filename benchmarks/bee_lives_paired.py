"""Bee Lives: paired experiments on ``good``'s one-year basic solo player (issue 22 point 5).

One arm plays ``good`` solo games on a block of game seeds (the game's seed is the
player's seed, as in the eighth and ninth rounds of docs/bee-lives-reconstructions.md)
with a candidate change, and appends one JSON line a game (seed, VP, alive, CPU seconds)
to ``OUT/NAME.jsonl``; ``OUT`` is benchmarks/results/bee_lives, whose ``base.jsonl``
holds the shipped player's scores on training seeds, played 2026-12-04. ``--compare``
pairs each candidate with the arm ``base`` game by game: mean difference ± its standard
error, games better/equal/worse, medians, colonies alive, CPU a game. Training seeds
only; never the target 5000–5199.

Candidates (the ninth and thirteenth rounds'; none is kept in the player):
* ``base``: the shipped player;
* ``halving``: the decision search spends the same budget (``search_samples`` a choice)
  by sequential halving: a few play-outs for every choice, the worse half dropped, the
  rest spent on the survivors, in ceil(log2 n) rounds;
* ``closeX``: 16 play-outs a choice, and 16 more for the best two where their means
  lie within X VP;
* ``deathX``: a play-out whose colony dies counts X VP less (shipped: 20);
* ``par-P-Q...`` (thirteenth round): parallel rollouts (policy switching): the decision search
  plays each choice out ``search_samples`` times with each base policy (the shipped play-out
  player, and the plain planner with each change ``P``, ``Q``... of :data:`POLICIES`) on the
  same copies, and values the choice by the best policy's mean (the monthly lookahead is
  unchanged).

Usage: PYTHONPATH=. python benchmarks/bee_lives_paired.py NAME START COUNT [--out DIR]
       PYTHONPATH=. python benchmarks/bee_lives_paired.py --compare NAME... [--out DIR]
       PYTHONPATH=. python benchmarks/bee_lives_paired.py --policies GAMES
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from beegames.games.bee_lives.ai_modes import ModePlayer
from beegames.games.bee_lives.heuristic import STYLES, HeuristicPlayer
from beegames.games.bee_lives.options import BeeLivesOptions
from beegames.games.bee_lives.planner import Knobs, PlannerPlayer
from beegames.games.bee_lives.planner_search import PlannerSearch

sys.path.insert(0, str(Path(__file__).parent))
from bee_lives_strength import play


def search_halving(self: Any, s: Any, seat: int, options: list[Any], chosen: Any) -> Any:
    """Sequential halving with the shipped budget (``search_samples`` play-outs a choice)."""
    n = len(options)
    budget = self.knobs.search_samples * n
    rounds = max(1, math.ceil(math.log2(n)))
    alive = list(range(n))
    got: dict[int, list[float]] = {i: [] for i in range(n)}
    for r in range(rounds):
        per = max(1, budget // (rounds * len(alive)))
        seeds = [self.rnd.randrange(1 << 30) for _ in range(per)]
        for i in alive:
            got[i] += self.playout_scores(s, seat, options[i], seeds)
        alive.sort(key=lambda i: (-(statistics.mean(got[i]) + (1e-6 if options[i] == chosen else 0.0)), i))
        alive = alive[:max(1, math.ceil(len(alive) / 2))] if r < rounds - 1 else alive[:1]
    return options[alive[0]]


def search_close(margin: float) -> Any:
    def search(self: Any, s: Any, seat: int, options: list[Any], chosen: Any) -> Any:
        """16 play-outs a choice; 16 more for the best two where they lie within ``margin``."""
        k = self.knobs
        seeds = [self.rnd.randrange(1 << 30) for _ in range(k.search_samples)]
        sc = [self.playout_scores(s, seat, m, seeds) for m in options]
        mean = [statistics.mean(x) + (1e-6 if m == chosen else 0.0) for x, m in zip(sc, options)]
        a, b = sorted(range(len(options)), key=lambda i: -mean[i])[:2]
        if mean[a] - mean[b] >= margin:
            return options[a]
        more = [self.rnd.randrange(1 << 30) for _ in range(k.search_samples)]
        ta = mean[a] + statistics.mean(self.playout_scores(s, seat, options[a], more))
        tb = mean[b] + statistics.mean(self.playout_scores(s, seat, options[b], more))
        return options[a] if ta >= tb else options[b]
    return search


#: the base policies of the thirteenth round's parallel rollouts (besides the shipped play-out
#: player): changes to ``Knobs`` that make the plain planner play differently
POLICIES: dict[str, dict[str, Any]] = {
    "t3": {"token_min_workers": 3},
    "c12": {"comb_goal": 12},
    "h7": {"harvest_from": 7},
    "h8": {"harvest_from": 8},
    "s175": {"spare_honey": 0.175},
    "a2": {"aggressive_from": 2},
}


def policy_knobs(k: Knobs, names: list[str]) -> list[Knobs]:
    """The base policies' knobs: the shipped ones first, then one for each of ``names`` (their
    play-outs are played with :meth:`Knobs.playout` of these)."""
    return [k] + [replace(k, **POLICIES[n]) for n in names]


def scores_by(self: Any, s: Any, seat: int, m: Any, seeds: list[int], knobs: Knobs) -> list[float]:
    """``PlannerSearch.playout_scores`` with the play-outs played by the plain planner with ``knobs``."""
    saved = self.knobs
    self.knobs = knobs
    try:
        return list(self.playout_scores(s, seat, m, seeds))
    finally:
        self.knobs = saved


def search_parallel(names: list[str]) -> Any:
    def search(self: Any, s: Any, seat: int, options: list[Any], chosen: Any) -> Any:
        """Parallel rollouts: each choice played out ``search_samples`` times by each base policy on
        the same copies; a choice's value is the best policy's mean. The plan's own choice on a tie."""
        seeds = [self.rnd.randrange(1 << 30) for _ in range(self.knobs.search_samples)]
        pols = policy_knobs(self.knobs, names)
        best: tuple[float, Any] = (-1e9, chosen)
        for m in options:
            v = max(statistics.mean(scores_by(self, s, seat, m, seeds, q)) for q in pols)
            v += 1e-6 if m == chosen else 0.0
            if v > best[0]:
                best = (v, m)
        return best[1]
    return search


def setup(name: str) -> Knobs:
    """The knobs of candidate ``name`` (a search candidate replaces the search in this process)."""
    k = Knobs()
    if name == "base":
        return k
    if name.startswith("death"):
        return replace(k, death=float(name[5:]))
    if name == "halving":
        PlannerSearch.search = search_halving  # type: ignore[method-assign]
        return k
    if name.startswith("close"):
        PlannerSearch.search = search_close(float(name[5:]))  # type: ignore[method-assign]
        return k
    if name.startswith("par-"):
        names = name.split("-")[1:]
        if not names or any(n not in POLICIES for n in names):
            raise SystemExit(f"unknown policies in {name!r} (known: {', '.join(POLICIES)})")
        PlannerSearch.search = search_parallel(names)  # type: ignore[method-assign]
        return k
    raise SystemExit(f"unknown candidate {name!r}")


def solo_game(bot: PlannerPlayer, seed: int) -> tuple[Any, Any]:
    """A one-year basic solo game on ``seed`` with ``bot`` as ``good``'s planner: the result and the
    final state."""
    return play(BeeLivesOptions(), [ModePlayer(HeuristicPlayer(seed, STYLES["good"]), basic=bot)], seed)


def arm(name: str, start: int, count: int, out: Path, make: Any = None) -> None:
    """Candidate ``name`` (or the planner ``make(seed)`` builds) on game seeds ``start``…, a JSON line a game."""
    if make is None:
        knobs = setup(name)
        make = lambda g: PlannerPlayer(g, knobs)  # noqa: E731
    with open(out / f"{name}.jsonl", "a") as f:
        for g in range(start, start + count):
            t = time.process_time()
            res, state = solo_game(make(g), g)
            f.write(json.dumps({"seed": g, "vp": state.players[0].vp, "alive": bool(res.winners),
                                "cpu": round(time.process_time() - t, 3)}) + "\n")
            f.flush()


def compare(names: list[str], out: Path) -> None:
    def load(n: str) -> dict[int, dict[str, Any]]:
        return {d["seed"]: d for d in map(json.loads, open(out / f"{n}.jsonl"))}

    base = load("base")
    for name in names:
        c = load(name)
        for lo, hi, label in ((2000, 2160, "2000+"), (3000, 3160, "3000+"), (0, 10**9, "all")):
            ks = sorted(s for s in c if s in base and lo <= s < hi)
            if len(ks) < 2:
                continue
            d = [c[s]["vp"] - base[s]["vp"] for s in ks]
            se = statistics.stdev(d) / len(d) ** 0.5
            med = (statistics.median(base[s]["vp"] for s in ks), statistics.median(c[s]["vp"] for s in ks))
            cpu = (statistics.mean(c[s]["cpu"] for s in ks), statistics.mean(base[s]["cpu"] for s in ks))
            print(f"{name:10s} {label:6s} n={len(ks):3d} diff {statistics.mean(d):+.2f} ± {se:.2f}  "
                  f"better/equal/worse {sum(x > 0 for x in d)}/{d.count(0)}/{sum(x < 0 for x in d)}  "
                  f"median {med[0]} -> {med[1]}  "
                  f"alive {sum(c[s]['alive'] for s in ks)}/{len(ks)}  cpu {cpu[0]:.2f} s vs {cpu[1]:.2f}")


def policies(games: int, start: int = 100_000) -> None:
    """Each of :data:`POLICIES` alone as the plain planner on ``games`` seeds from ``start`` (a dead
    colony counting 20 VP less), paired with the shipped one; then, for each policy and each pair,
    the mean of the best score per game among the shipped policy and them, less the shipped mean
    (how far whole games by those policies part ways; not a player)."""
    from itertools import combinations

    from bee_lives_tune import scores

    got = {"base": scores({}, start, games)} | {n: scores(c, start, games) for n, c in POLICIES.items()}
    b = got["base"]
    print(f"shipped plain planner: mean {statistics.mean(b):.2f} over {games} games from {start}")
    for n in POLICIES:
        d = [x - y for x, y in zip(got[n], b)]
        print(f"{n:5s} {POLICIES[n]}: mean {statistics.mean(got[n]):.2f}, diff {statistics.mean(d):+.2f} ± "
              f"{statistics.stdev(d) / games ** 0.5:.2f}, {sum(x != 0 for x in d)} games differ")
    for r in (1, 2):
        for combo in combinations(POLICIES, r):
            best = [max([b[i]] + [got[n][i] for n in combo]) for i in range(games)]
            print(f"best of shipped+{'+'.join(combo)}: {statistics.mean(best) - statistics.mean(b):+.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("args", nargs="+")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--policies", action="store_true", help="ARGS: GAMES; the base policies alone")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "bee_lives"))
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    if a.compare:
        compare(a.args, out)
    elif a.policies:
        policies(int(a.args[0]))
    else:
        arm(a.args[0], int(a.args[1]), int(a.args[2]), out)


if __name__ == "__main__":
    main()
