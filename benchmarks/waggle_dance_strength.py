"""Waggle Dance computer-player strength and engine speed.

Measures:
* the win rate of a computer level in 4-player games against three random players
  (the seat of the tested player rotates; a shared victory counts as a win);
* its win rate against Bumblebot at each solo difficulty;
* the mean time of one complete simulated 4-player game with random players.

* with ``--threats-report``: all-computer games at 2, 3 and 4 players with and without the
  Threats expansion (the seeds and players of ``beegames simulate``): the winner's mean honey,
  the mean honey per player, the share of threats defeated and the time per game.

Usage: PYTHONPATH=. python benchmarks/waggle_dance_strength.py [--games 200] [--solo-games 100] [--level good]
       PYTHONPATH=. python benchmarks/waggle_dance_strength.py --solo-only [--solo-games 100]
       PYTHONPATH=. python benchmarks/waggle_dance_strength.py --threats-report [--report-games 100] [--level good]
"""

from __future__ import annotations

import argparse
import statistics
import time

from beegames.core.players import RandomPlayer
from beegames.core.protocol import SeatInfo
from beegames.games.waggle_dance import WaggleDanceEngine, WaggleDanceOptions
from beegames.games.waggle_dance.data import threat_penalties

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


def vs_bumblebot(level: str, games: int, difficulty: str, threats: bool = False) -> float:
    wins = 0
    for g in range(games):
        res, _ = play(WaggleDanceOptions(difficulty=difficulty, threats=threats), [ENGINE.make_player(level, g)],
                      5000 + g)
        wins += 0 in res.winners
    return wins / games


def threat_stats(level: str, n: int, games: int, threats: bool, seed: int = 1) -> dict:
    """All seats ``level``, seeded like ``beegames simulate --seed 1`` (game i: seed + i)."""
    winner_honey, player_honey, times = [], [], []
    revealed = defeated = zero_games = 0
    for i in range(games):
        game_seed = seed + i
        players = [ENGINE.make_player(level, game_seed * 31 + k) for k in range(n)]
        t = time.perf_counter()
        res, state = play(WaggleDanceOptions(threats=threats), players, game_seed)
        times.append(time.perf_counter() - t)
        honey = [p.honey for p in state.players]
        best = max(honey)
        winner_honey.append(best)
        zero_games += best == 0
        player_honey.extend(honey)
        if threats:
            beaten = sum(1 for name in state.threats_gone if threat_penalties()[name] != "none")
            defeated += beaten
            revealed += beaten + len(state.threats)
    return {
        "winner": statistics.mean(winner_honey), "player": statistics.mean(player_honey),
        "zero": zero_games / games, "defeated": defeated, "revealed": revealed,
        "seconds": statistics.mean(times),
    }


def threats_report(level: str, games: int) -> None:
    print(f"threats report: all seats '{level}', {games} games each (seeds 1..{games})")
    for n in (2, 3, 4):
        for threats in (False, True):
            r = threat_stats(level, n, games, threats)
            extra = ""
            if threats:
                share = r["defeated"] / r["revealed"] if r["revealed"] else 0.0
                extra = f", threats defeated {r['defeated']}/{r['revealed']} ({share:.0%})"
            print(f"  {n}p {'threats   ' if threats else 'no threats'}: winner honey {r['winner']:.2f}, "
                  f"honey per player {r['player']:.2f}, games won with 0 honey {r['zero']:.0%}"
                  f"{extra}, {r['seconds']:.3f} s/game")


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
    ap.add_argument("--threats-report", action="store_true",
                    help="only the all-computer threats report (2-4 players, with and without Threats)")
    ap.add_argument("--report-games", type=int, default=100)
    ap.add_argument("--solo-only", action="store_true",
                    help="only the solo games against Bumblebot (three difficulties, and standard with Threats)")
    args = ap.parse_args()
    if args.threats_report:
        for level in [args.level] if args.level != "all" else ENGINE.levels[1:]:
            threats_report(level, args.report_games)
        return
    for level in [args.level] if args.level != "all" else ENGINE.levels[1:]:
        if not args.solo_only:
            t = time.perf_counter()
            rate, honey = vs_random(level, args.games)
            print(f"{level}: 4-player vs 3 random: win rate {rate:.1%} over {args.games} games "
                  f"(mean honey {honey:.2f}, {(time.perf_counter() - t) / args.games:.3f} s/game)")
            rate, honey = vs_random(level, max(1, args.games // 4), threats=True)
            print(f"{level}: 4-player vs 3 random with Threats: win rate {rate:.1%} "
                  f"over {max(1, args.games // 4)} games")
        for diff in ("easier", "standard", "harder"):
            print(f"{level}: solo vs Bumblebot ({diff}): win rate {vs_bumblebot(level, args.solo_games, diff):.1%} "
                  f"over {args.solo_games} games")
        rate = vs_bumblebot(level, args.solo_games, "standard", threats=True)
        print(f"{level}: solo vs Bumblebot (standard, Threats): win rate {rate:.1%} over {args.solo_games} games")
    if not args.solo_only:
        print(f"engine speed: mean {speed(args.speed_games):.3f} s per complete 4-player game (random players)")


if __name__ == "__main__":
    main()
