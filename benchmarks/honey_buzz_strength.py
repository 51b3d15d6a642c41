"""Honey Buzz computer-player strength and engine speed.

Measures:
* the win rate of a computer level in 4-player games against three random players
  (the tested player's seat rotates; a shared victory counts as a win);
* its solitaire win rate against the drones at each of the five levels;
* the mean time of one complete 4-player game at a level (no invariant checks).

* the win rate of a level against three players of the ``basic`` level.

Usage: PYTHONPATH=. python benchmarks/honey_buzz_strength.py [--games 200] [--solo-games 200] [--level good]
       [--advanced] [--only vs-random|vs-basic|solo|speed]
"""

from __future__ import annotations

import argparse
import statistics
import time

from beegames.core.players import RandomPlayer
from beegames.core.protocol import SeatInfo
from beegames.games.honey_buzz import HoneyBuzzEngine, HoneyBuzzOptions

ENGINE = HoneyBuzzEngine()


def play(options: HoneyBuzzOptions, players: list, seed: int):
    names = ENGINE.seat_names(options, len(players))
    state = ENGINE.new_state(options, [SeatInfo(name=n) for n in names], seed)
    while True:
        d = ENGINE.decision(state)
        if d is None:
            if state.phase == "over":
                return ENGINE.result(state), state
            state = ENGINE.step(state)
            continue
        view = ENGINE.view(state, d.seat)
        state = ENGINE.apply(state, players[d.seat].choose(ENGINE, view))


def vs_random(level: str, games: int, advanced: bool, others: str = "random") -> tuple[float, float, float]:
    wins = 0
    scores, turns = [], []
    for g in range(games):
        seat = g % 4
        players = [RandomPlayer(g * 7 + i) if others == "random" else ENGINE.make_player(others, g * 7 + i)
                   for i in range(4)]
        players[seat] = ENGINE.make_player(level, g)
        res, state = play(HoneyBuzzOptions(advanced=advanced), players, 1000 + g)
        wins += seat in res.winners
        scores.append(res.scores[seat])
        turns.append(state.turn)
    return wins / games, statistics.mean(scores), statistics.mean(turns)


def solo(level: str, games: int, solo_level: int, advanced: bool) -> tuple[float, float, float]:
    wins = 0
    contest, totals = [], []
    for g in range(games):
        res, state = play(HoneyBuzzOptions(solo_level=solo_level, advanced=advanced),
                          [ENGINE.make_player(level, g)], 5000 + g)
        wins += bool(res.winners)
        contest.append(state.final[0].contests)
        totals.append(state.final[0].total)
    return wins / games, statistics.mean(contest), statistics.median(totals)


def speed(level: str, games: int, advanced: bool) -> float:
    started = time.perf_counter()
    for g in range(games):
        play(HoneyBuzzOptions(advanced=advanced), [ENGINE.make_player(level, g * 4 + i) for i in range(4)], 9000 + g)
    return (time.perf_counter() - started) / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--solo-games", type=int, default=200)
    ap.add_argument("--speed-games", type=int, default=20)
    ap.add_argument("--level", default="good")
    ap.add_argument("--advanced", action="store_true")
    ap.add_argument("--only", choices=["vs-random", "vs-basic", "solo", "speed"], default=None)
    args = ap.parse_args()
    if args.only in (None, "speed"):
        for level in ENGINE.levels:
            print(f"{level}: one 4-player game in {speed(level, args.speed_games, args.advanced):.3f} s (mean)")
    if args.only in (None, "vs-random"):
        rate, score, turns = vs_random(args.level, args.games, args.advanced)
        print(f"{args.level} vs 3 random, {args.games} games: {rate:.1%} wins, mean score {score:.1f}, "
              f"mean {turns:.1f} rounds")
    if args.only in (None, "vs-basic"):
        rate, score, turns = vs_random(args.level, args.games, args.advanced, others="basic")
        print(f"{args.level} vs 3 basic, {args.games} games: {rate:.1%} wins, mean score {score:.1f}, "
              f"mean {turns:.1f} rounds")
    if args.only in (None, "solo"):
        for lv in range(1, 6):
            rate, contest, median = solo(args.level, args.solo_games, lv, args.advanced)
            print(f"{args.level} solo level {lv}, {args.solo_games} games: {rate:.1%} wins, mean contest points "
                  f"{contest:.1f}, median final score {median:.0f}")


if __name__ == "__main__":
    main()
