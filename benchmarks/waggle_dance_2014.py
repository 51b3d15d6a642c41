"""Waggle Dance, first edition (2014): computer strength, game length and questions asked.

Measures:
* ``--strength``: the win rate of a computer level against three random players in 4-player
  games (the tested player's seat rotates; a shared victory counts as a win), with its mean
  honey and the mean rounds;
* ``--timing``: the time of one simulated 4-player game at each length, played exactly as
  ``beegames simulate waggle-dance --ruleset 2014 --players 4`` plays it (the ``good`` level
  in every seat, every step checked: invariants and the state's JSON round trip, the save
  replayed at the end), and the same without the checks;
* ``--questions``: how many reaction questions (windows and night card offers) the 2014
  design asks per round and per seat holding cards, in all-``good`` 4-player games.

Usage: PYTHONPATH=. python benchmarks/waggle_dance_2014.py [--strength] [--timing] [--questions]
       [--games 200] [--level good]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from beegames.core.players import RandomPlayer
from beegames.core.protocol import SeatInfo
from beegames.core.simulate import play_game
from beegames.games.waggle_dance import WaggleDanceEngine, WaggleDanceOptions

ENGINE = WaggleDanceEngine()
SEATS = [SeatInfo(name=n, kind="computer", level="good") for n in ("Blue", "Black", "Orange", "Yellow")]


def strength(level: str, games: int, length: str) -> None:
    options = WaggleDanceOptions(ruleset="2014", length=length)
    wins = 0
    honey = []
    rounds = []
    stopped = 0
    t0 = time.perf_counter()
    for g in range(games):
        seat = g % 4
        players = [RandomPlayer(g * 7 + i) for i in range(4)]
        players[seat] = ENGINE.make_player(level, g)
        match, _ = play_game(ENGINE, options, SEATS, g, players=players, check=False)
        result = match.result
        assert result is not None
        wins += seat in result.winners
        honey.append(match.state.players[seat].honey)
        rounds.append(match.turn)
        stopped += match.state.stopped is not None
    print(f"2014 {length}: {level} vs three random, 4 players, {games} games: {100 * wins / games:.1f} % wins, "
          f"mean honey {statistics.mean(honey):.1f}, mean rounds {statistics.mean(rounds):.1f}, "
          f"safeguard stops {stopped} ({(time.perf_counter() - t0) / games:.2f} s a game)")


def timing(games: int) -> None:
    for length in ("short", "standard", "long"):
        options = WaggleDanceOptions(ruleset="2014", length=length)
        for check in (True, False):
            times = []
            rounds = []
            for seed in range(1, games + 1):
                t0 = time.perf_counter()
                match, _ = play_game(ENGINE, options, SEATS, seed, check=check)
                times.append(time.perf_counter() - t0)
                rounds.append(match.turn)
            label = "as simulate (checked)" if check else "unchecked"
            print(f"2014 {length}, 4 good players, {label}: mean {statistics.mean(times):.2f} s a game, "
                  f"median {statistics.median(times):.2f} s, mean rounds {statistics.mean(rounds):.1f} "
                  f"({games} games)")


def questions(games: int) -> None:
    asked: Counter[str] = Counter()
    rounds = 0
    holders = 0
    for seed in range(1, games + 1):
        state = ENGINE.new_state(WaggleDanceOptions(ruleset="2014"), SEATS, seed)
        players = [ENGINE.make_player("good", seed * 4 + i) for i in range(4)]
        last_turn = 0
        while state.phase != "over":
            if state.turn != last_turn:
                last_turn = state.turn
                rounds += 1
                holders += sum(1 for p in state.players if p.hand)
            decision = ENGINE.decision(state)
            if decision is None:
                nxt = ENGINE.step(state)
                assert nxt is not None
                state = nxt
                continue
            if decision.kind == "window" or decision.kind.startswith("offer_"):
                asked[decision.kind] += 1
            state = ENGINE.apply(state, players[decision.seat].choose(ENGINE, ENGINE.view(state, decision.seat)))
    total = sum(asked.values())
    print(f"2014 questions, 4 good players, {games} games: {total / rounds:.2f} a round "
          f"({total / max(1, holders):.2f} per seat holding cards per round); by kind: "
          + ", ".join(f"{k} {v / rounds:.2f}" for k, v in sorted(asked.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strength", action="store_true")
    parser.add_argument("--timing", action="store_true")
    parser.add_argument("--questions", action="store_true")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--timing-games", type=int, default=10)
    parser.add_argument("--level", default="good")
    parser.add_argument("--length", default="standard")
    args = parser.parse_args()
    everything = not (args.strength or args.timing or args.questions)
    if args.strength or everything:
        strength(args.level, args.games, args.length)
    if args.timing or everything:
        timing(args.timing_games)
    if args.questions or everything:
        questions(min(args.games, 20))


if __name__ == "__main__":
    main()
