"""Bee Lives: paired experiments on ``good``'s one-year basic solo player (issue 22 point 5).

One arm plays ``good`` solo games on a block of game seeds (the game's seed is the
player's seed, as in the eighth and ninth rounds of docs/bee-lives-reconstructions.md)
with a candidate change, and appends one JSON line a game (seed, VP, alive, CPU seconds)
to ``OUT/NAME.jsonl``; ``OUT`` is benchmarks/results/bee_lives, whose ``base.jsonl``
holds the shipped player's scores on training seeds, played 2026-12-04. ``--compare``
pairs each candidate with the arm ``base`` game by game: mean difference ± its standard
error, games better/equal/worse, medians, colonies alive, CPU a game. Training seeds
only; never the target 5000–5199.

Candidates (the ninth round's; none is kept in the player):
* ``base``: the shipped player;
* ``halving``: the decision search spends the same budget (``search_samples`` a choice)
  by sequential halving: a few play-outs for every choice, the worse half dropped, the
  rest spent on the survivors, in ceil(log2 n) rounds;
* ``closeX``: 16 play-outs a choice, and 16 more for the best two where their means
  lie within X VP;
* ``deathX``: a play-out whose colony dies counts X VP less (shipped: 20).

Usage: PYTHONPATH=. python benchmarks/bee_lives_paired.py NAME START COUNT [--out DIR]
       PYTHONPATH=. python benchmarks/bee_lives_paired.py --compare NAME... [--out DIR]
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("args", nargs="+")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "bee_lives"))
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    if a.compare:
        compare(a.args, out)
    else:
        arm(a.args[0], int(a.args[1]), int(a.args[2]), out)


if __name__ == "__main__":
    main()
