"""Waggle Dance computer-player strength and engine speed.

Measures:
* the win rate of a computer level in 4-player games against three random players
  (the seat of the tested player rotates; a shared victory counts as a win);
* its win rate against Bumblebot at each solo difficulty;
* the mean time of one complete simulated 4-player game with random players.

Usage: PYTHONPATH=. python benchmarks/waggle_dance_strength.py [--games 200] [--solo-games 100] [--level good]
"""

from __future__ import annotations

import argparse
import statistics
import time

from beegames.core.players import RandomPlayer
from beegames.core.protocol import SeatInfo
from beegames.games.waggle_dance import WaggleDanceEngine, WaggleDanceOptions

ENGINE = WaggleDanceEngine()


def play(options: WaggleDanceOptions, players: list, seed: int):
    names = ENGINE.seat_names(options, len(players))
    state = ENGINE.new_state(options, [SeatInfo(name=n) for n in names], seed)
    while True:
        d = ENGINE.decision(state)
        if d is None:
            if state.phase == "over":
                return ENGINE.result(state), state
            state = ENGINE.step(state)
            continue
        state = ENGINE.apply(state, players[d.seat].choose(ENGINE, state))


def vs_random(level: str, games: int, threats: bool = False) -> tuple[float, float]:
    wins = 0
    honey = []
    for g in range(games):
        seat = g % 4
        players = [RandomPlayer(g * 7 + i) for i in range(4)]
        players[seat] = ENGINE.make_player(level, g)
        res, state = play(WaggleDanceOptions(threats=threats), players, 1000 + g)
        wins += seat in res.winners
        honey.append(state.players[seat].honey)
    return wins / games, statistics.mean(honey)


def vs_bumblebot(level: str, games: int, difficulty: str) -> float:
    wins = 0
    for g in range(games):
        res, _ = play(WaggleDanceOptions(difficulty=difficulty), [ENGINE.make_player(level, g)], 5000 + g)
        wins += 0 in res.winners
    return wins / games


def speed(games: int) -> float:
    times = []
    for g in range(games):
        players = [RandomPlayer(g * 11 + i) for i in range(4)]
        t = time.perf_counter()
        play(WaggleDanceOptions(), players, 9000 + g)
        times.append(time.perf_counter() - t)
    return statistics.mean(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--solo-games", type=int, default=100)
    ap.add_argument("--speed-games", type=int, default=50)
    ap.add_argument("--level", default="good")
    args = ap.parse_args()
    for level in [args.level] if args.level != "all" else ENGINE.levels[1:]:
        t = time.perf_counter()
        rate, honey = vs_random(level, args.games)
        print(f"{level}: 4-player vs 3 random: win rate {rate:.1%} over {args.games} games "
              f"(mean honey {honey:.2f}, {(time.perf_counter() - t) / args.games:.3f} s/game)")
        rate, honey = vs_random(level, max(1, args.games // 4), threats=True)
        print(f"{level}: 4-player vs 3 random with Threats: win rate {rate:.1%} over {max(1, args.games // 4)} games")
        for diff in ("easier", "standard", "harder"):
            print(f"{level}: solo vs Bumblebot ({diff}): win rate {vs_bumblebot(level, args.solo_games, diff):.1%} "
                  f"over {args.solo_games} games")
    print(f"engine speed: mean {speed(args.speed_games):.3f} s per complete 4-player game (random players)")


if __name__ == "__main__":
    main()
