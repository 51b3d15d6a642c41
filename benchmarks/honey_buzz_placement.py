"""Honey Buzz: legal tile placements for a 20-tile hive.

Builds hives of 20 tiles (the four starting tiles of a configuration card and
16 standard tiles grown at random, as in a late game), then times
``placement.legal_placements`` (every slot, both orientations) and, for the
computer player, the enclosure preview of every slot.

Usage: PYTHONPATH=. python benchmarks/honey_buzz_placement.py [--hives 50] [--repeat 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from beegames.core.protocol import SeatInfo
from beegames.games.honey_buzz import HoneyBuzzEngine, HoneyBuzzOptions
from beegames.games.honey_buzz.models import HiveTile, Player
from beegames.games.honey_buzz.placement import HiveIndex, legal_placements

ENGINE = HoneyBuzzEngine()


def grown_hive(seed: int, tiles: int = 20) -> Player:
    rng = random.Random(seed)
    opts = HoneyBuzzOptions(config="star")
    state = ENGINE.new_state(opts, [SeatInfo(name="A"), SeatInfo(name="B")], seed)
    p = state.players[0].model_copy(deep=True)
    while len(p.tiles) < tiles:
        a, b = rng.choice(HiveIndex.of(p).slots())
        p.tiles.append(HiveTile(kind="forage", hexes=(a, b), icon=a))
    return p


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hives", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    hives = [grown_hive(seed) for seed in range(args.hives)]
    times, counts, previews = [], [], []
    for p in hives:
        for _ in range(args.repeat):
            t = time.perf_counter()
            moves = legal_placements(p)
            times.append(time.perf_counter() - t)
        counts.append(len(moves))
        t = time.perf_counter()
        idx = HiveIndex.of(p)
        for a, b in idx.slots():
            idx.enclosed_by(a, b)
        previews.append(time.perf_counter() - t)
    print(f"legal placements, 20-tile hive: {statistics.median(times) * 1000:.3f} ms median "
          f"({statistics.mean(counts):.0f} placements on average, {len(times)} timings)")
    print(f"every slot with its enclosure preview: {statistics.median(previews) * 1000:.3f} ms median")


if __name__ == "__main__":
    main()
