"""Bee Lives: engine speed and computer-player strength.

Measures:
* ``speed``: the mean time of one simulated 4-player year with the fastest
  level in every seat (no invariant checks, as a player experiences it), and
  the same with ``basic``; also the mean time of ``beegames simulate``-style
  games (invariants and the JSON round-trip checked after every step);
* ``vs-random``: the win rate of a level in 4-player games against three
  random players (the tested seat rotates; a shared win counts);
* ``solo``: the score and rating distribution of basic-mode solo games, and
  where the points come from;
* ``bound`` (only when asked): a reference for ``good``'s planner, which
  picks each month's plan knowing the real deck order and dice;
* ``--tune``: the coordinate descent that found ``good``'s intent table
  (``heuristic.GOOD_INTENTS``): each cell (month, colony size) is tried with every
  intent, on the same training seeds (9000+, apart from the solo seeds
  above), and kept when the mean solo score rises.

Every computer player is given only its seat's view, as in the app.

Usage: PYTHONPATH=. python benchmarks/bee_lives_strength.py [--only speed|vs-random|solo|bound]
           [--games 200] [--solo-games 200] [--level good] [--solo-levels basic,good]
       PYTHONPATH=. python benchmarks/bee_lives_strength.py --tune [--tune-games 100] [--passes 2]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import time
from collections import Counter
from dataclasses import replace

from beegames.core.players import RandomPlayer
from beegames.core.protocol import SeatInfo
from beegames.core.simulate import play_game
from beegames.games.bee_lives import BeeLivesEngine
from beegames.games.bee_lives.data import game_data
from beegames.games.bee_lives.heuristic import GOOD_INTENTS, STYLES, HeuristicPlayer
from beegames.games.bee_lives.options import BeeLivesOptions
from beegames.games.bee_lives.winter import rating

ENGINE = BeeLivesEngine()
RATINGS = ("Beeginner", "Newbee", "Seasoned Forager", "Queen Bee")


def play(options: BeeLivesOptions, players: list, seed: int):
    names = ENGINE.seat_names(options, len(players))
    state = ENGINE.new_state(options, [SeatInfo(name=n) for n in names], seed)
    while True:
        d = ENGINE.decision(state)
        if d is None:
            if state.over:
                return ENGINE.result(state), state
            state = ENGINE.step(state)
            continue
        state = ENGINE.apply(state, players[d.seat].choose(ENGINE, ENGINE.view(state, d.seat)))


def speed(games: int) -> None:
    for level in ("random", "basic"):
        times = []
        for g in range(games):
            players = [ENGINE.make_player(level, g * 4 + i) for i in range(4)]
            t = time.perf_counter()
            play(BeeLivesOptions(), players, 100 + g)
            times.append(time.perf_counter() - t)
        print(f"one 4-player year, {level} in every seat, no checks: {statistics.mean(times):.3f} s mean, "
              f"{statistics.median(times):.3f} s median ({games} games)")
    times = []
    seats = [SeatInfo(name=f"P{i}", kind="computer", level="random") for i in range(4)]
    for g in range(max(1, games // 4)):
        t = time.perf_counter()
        play_game(ENGINE, BeeLivesOptions(), seats, 100 + g)
        times.append(time.perf_counter() - t)
    print(f"one 4-player year, random, every step checked (as `simulate`): {statistics.mean(times):.3f} s mean")


def vs_random(level: str, games: int) -> None:
    wins = 0
    scores = []
    t = time.perf_counter()
    for g in range(games):
        seat = g % 4
        players: list = [RandomPlayer(g * 7 + i) for i in range(4)]
        players[seat] = ENGINE.make_player(level, g)
        res, state = play(BeeLivesOptions(), players, 1000 + g)
        wins += seat in res.winners
        scores.append(state.players[seat].vp)
    took = (time.perf_counter() - t) / games
    print(f"{level} vs three random, 4 players: {wins}/{games} wins ({100 * wins / games:.1f} %), "
          f"mean score {statistics.mean(scores):.1f}, {took:.2f} s per game")


SOURCES = (("swarms", re.compile(r"scores (\d+) VP for swarming")),
           ("wild hives wiped out", re.compile(r"scores (\d+) VP for wiping out")),
           ("raids stopped", re.compile(r"the raid fails and \w+ scores (\d+) VP")))


def sources(state) -> Counter:
    """Where a solo game's points came from (VP and times, read from its log)."""
    out: Counter = Counter()
    for line in ENGINE.full_log(state):
        for name, pattern in SOURCES:
            m = pattern.search(line)
            if m:
                out[name] += int(m.group(1))
                out[name + " (times)"] += 1
    p = state.players[0]
    out["honey at the end"] += p.honey
    out["workers at the end"] += p.workers
    out["starvation tokens"] += p.starvation * game_data().rules.vp.starvation_token
    return out


def solo(level: str, games: int) -> None:
    scores = []
    survived = 0
    points: Counter = Counter()
    t = time.perf_counter()
    for g in range(games):
        res, state = play(BeeLivesOptions(), [ENGINE.make_player(level, g)], 5000 + g)
        scores.append(state.players[0].vp)
        survived += bool(res.winners)
        points.update(sources(state))
    took = (time.perf_counter() - t) / games
    counts = Counter(rating(x) for x in scores)
    q = statistics.quantiles(scores, n=4)
    dist = ", ".join(f"{name} {counts.get(name, 0)}" for name in RATINGS)
    print(f"{level} solo (basic mode), {games} games: median {statistics.median(scores)} "
          f"(quartiles {q[0]:.0f}/{q[2]:.0f}, mean {statistics.mean(scores):.1f}, min {min(scores)}, "
          f"max {max(scores)}); median rating {rating(int(statistics.median(scores)))}; {dist}; "
          f"survived {survived}/{games}; {took:.2f} s per game")
    print("  points (means): " + ", ".join(f"{k} {v / games:.2f}" for k, v in sorted(points.items())))


def bound(games: int) -> None:
    """A clairvoyant reference, not a player: ``good``'s planner choosing each
    month's variant with one exact play-out of the real state (deck order and
    generator included). It shows what the monthly plans can reach."""
    from beegames.games.bee_lives.flow import clone
    from beegames.games.bee_lives.planner import Knobs, PlannerPlayer
    from beegames.games.bee_lives.planner_search import play_out

    quiet = Knobs().playout()

    class Clairvoyant(PlannerPlayer):
        real = None

        def lookahead(self, s, seat):
            options = self.variants(s, seat)
            best = (-1e9, options[0])
            for var in options:
                bot = PlannerPlayer(0, quiet)
                bot.fixed[(s.year, s.month)] = var
                score = play_out(clone(self.real), seat, bot)
                if score > best[0]:
                    best = (score, var)
            return best[1]

    scores = []
    for g in range(games):
        bot = Clairvoyant(g, Knobs(monthly_samples=1, lookahead_from=1, search_samples=0))
        state = ENGINE.new_state(BeeLivesOptions(), [SeatInfo(name="A")], 5000 + g)
        while not state.over:
            d = ENGINE.decision(state)
            if d is None:
                state = ENGINE.step(state)
                continue
            bot.real = state
            state = ENGINE.apply(state, bot.choose(ENGINE, ENGINE.view(state, d.seat)))
        scores.append(state.players[0].vp)
    q = statistics.quantiles(scores, n=4)
    print(f"clairvoyant monthly plans (reference), {games} solo games: median {statistics.median(scores)} "
          f"(quartiles {q[0]:.0f}/{q[2]:.0f}, mean {statistics.mean(scores):.1f})")


def tune(games: int, passes: int) -> None:
    intents = ["grow", "token", "build", "harvest"]

    def mean_score(table: list[list[str]]) -> float:
        style = replace(STYLES["good"], intents=tuple(tuple(row) for row in table))
        total = 0
        for g in range(games):
            _res, state = play(BeeLivesOptions(), [HeuristicPlayer(g, style)], 9000 + g)
            total += state.players[0].vp
        return total / games

    table = [list(row) for row in GOOD_INTENTS]
    best = mean_score(table)
    print(f"start: mean {best:.2f}", flush=True)
    for n in range(passes):
        cells = [(m, b) for m in range(9) for b in range(len(table[0]))]
        random.Random(n).shuffle(cells)
        for m, b in cells:
            for intent in intents:
                if intent == table[m][b] or (m == 8 and intent == "build"):
                    continue
                trial = [row[:] for row in table]
                trial[m][b] = intent
                score = mean_score(trial)
                if score > best + 0.15:
                    best, table = score, trial
                    print(f"pass {n + 1}: month {m + 1}, size {b}: {intent} -> mean {best:.2f}", flush=True)
    print("GOOD_INTENTS = (")
    for row in table:
        print("    (" + ", ".join(f'"{x}"' for x in row) + "),")
    print(")")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=["speed", "vs-random", "solo", "bound"])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--solo-games", type=int, default=200)
    ap.add_argument("--speed-games", type=int, default=40)
    ap.add_argument("--level", default="good")
    ap.add_argument("--solo-levels", default="basic,good")
    ap.add_argument("--tune", action="store_true")
    ap.add_argument("--tune-games", type=int, default=100)
    ap.add_argument("--passes", type=int, default=2)
    args = ap.parse_args()
    if args.tune:
        tune(args.tune_games, args.passes)
        return
    if args.only in (None, "speed"):
        speed(args.speed_games)
    if args.only in (None, "vs-random"):
        vs_random(args.level, args.games)
    if args.only in (None, "solo"):
        for level in args.solo_levels.split(","):
            solo(level, args.solo_games)
    if args.only == "bound":
        bound(args.solo_games)


if __name__ == "__main__":
    main()
