"""Bee Lives: a coordinate descent over the plain planner's numbers (issue 22 point 5, tenth round).

The plain planner (``Knobs().playout()``: no lookahead, no search) plays every play-out of
``good``'s search, so a stronger plain planner is what the earlier rounds said a median of 38
would need. It plays a one-year basic solo game in about 12 ms, so each of its numbers can be
tried on thousands of games. For each number named in ``KNOBS``, this tries a few values
around the current one on the same game seeds (the game's seed is the player's seed; a colony
that dies counts 20 VP less, as in the play-outs), pairs each against the current player game
by game, and keeps a change whose mean difference is over 0.1 VP and 2.5 standard errors.
One JSON line per trial goes to ``--log``. Training seeds only (100,000 on); never 5000–5199.

Usage: PYTHONPATH=. python benchmarks/bee_lives_tune.py [--games 2400] [--log FILE] [KNOB ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import fields, replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from beegames.games.bee_lives.ai_modes import ModePlayer
from beegames.games.bee_lives.heuristic import STYLES, HeuristicPlayer
from beegames.games.bee_lives.options import BeeLivesOptions
from beegames.games.bee_lives.planner import Knobs, PlannerPlayer

sys.path.insert(0, str(Path(__file__).parent))
from bee_lives_strength import play

START, CHUNK = 100_000, 300
#: the numbers the tenth round tried (the search's and the lookahead's own are left out)
KNOBS = ("token_min_workers", "token_min_vp", "queen", "bee_cost", "bee_loss", "threat", "honey", "pollen",
         "water", "spare_honey", "spare_water", "disease", "disease_late", "comb_goal", "wax_until", "survive",
         "aggressive_from", "keep_water", "keep_crowd", "finish_later")


def scores(changes: dict[str, Any], start: int, count: int) -> list[float]:
    """The plain planner with ``changes`` on seeds ``start``…: VP, less 20 where the colony died."""
    knobs = replace(Knobs(), **changes).playout()
    out = []
    for g in range(start, start + count):
        player = ModePlayer(HeuristicPlayer(g, STYLES["good"]), basic=PlannerPlayer(g, knobs))
        res, state = play(BeeLivesOptions(), [player], g)
        out.append(state.players[0].vp - (0 if res.winners else 20))
    return out


def _chunk(job: tuple[dict[str, Any], int]) -> list[float]:
    return scores(job[0], job[1], CHUNK)


def trials(value: Any) -> list[Any]:
    """The values tried around ``value``."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, str):
        return [q for q in ("prolific", "hygienic", "aggressive", "nomadic") if q != value]
    if isinstance(value, int):
        return [x for x in (value - 2, value - 1, value + 1, value + 2) if x >= 0]
    return [round(value * f, 3) for f in (0.5, 0.75, 1.33, 2.0)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("knobs", nargs="*", default=list(KNOBS))
    ap.add_argument("--games", type=int, default=2400)
    ap.add_argument("--log", default="-")
    a = ap.parse_args()
    log = sys.stdout if a.log == "-" else open(a.log, "a")
    names = {f.name for f in fields(Knobs)}
    best: dict[str, Any] = {}
    with Pool(2) as pool:
        def run(changes: dict[str, Any]) -> list[float]:
            parts = pool.map(_chunk, [(changes, START + i) for i in range(0, a.games, CHUNK)])
            return [x for part in parts for x in part]

        base = run(best)
        print(json.dumps({"base": best, "mean": round(statistics.mean(base), 3)}), file=log, flush=True)
        for name in a.knobs:
            if name not in names:
                raise SystemExit(f"no such number: {name!r}")
            for value in trials(getattr(replace(Knobs(), **best), name)):
                changes = dict(best, **{name: value})
                got = run(changes)
                d = [x - y for x, y in zip(got, base)]
                mean = statistics.mean(d)
                se = statistics.stdev(d) / len(d) ** 0.5
                print(json.dumps({"knob": name, "value": value, "diff": round(mean, 3), "se": round(se, 3)}),
                      file=log, flush=True)
                if mean > 0.1 and mean > 2.5 * se:
                    best, base = changes, got
                    print(json.dumps({"kept": best}), file=log, flush=True)
        print(json.dumps({"final": best}), file=log, flush=True)


if __name__ == "__main__":
    main()
