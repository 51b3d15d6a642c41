"""Bee Lives solo modes: the computer player's win rate in every challenge,
scenario and campaign (the README's difficulty table), and the speed of a
simulated 3-year solo campaign.

Measures:
* ``wins``: for each challenge card (a one-year challenge game), each
  scenario (one year) and each campaign (its own length), the share of
  games the computer player wins, its mean score, and the commonest reason
  for a loss. Every game is played as `simulate` plays it, with the
  player given only its seat's view, no checks (checks are `simulate`'s job).
* ``speed``: the mean time of a simulated 3-year solo campaign (Three
  Generations, and Zombees over 3 years), as `simulate` plays it but without
  the checks (the figure a player waits for), and with every check on.

Usage: PYTHONPATH=. python benchmarks/bee_lives_modes.py [--only wins|speed] [--games 50] [--level good]
           [--seed 7000] [--markdown]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from typing import Any

from beegames.core.protocol import SeatInfo
from beegames.core.simulate import play_game
from beegames.games.bee_lives import BeeLivesEngine
from beegames.games.bee_lives.data import solo_data
from beegames.games.bee_lives.options import CAMPAIGNS, CHALLENGES, SCENARIOS, BeeLivesOptions

ENGINE = BeeLivesEngine()


def configs() -> list[tuple[str, str, dict[str, Any]]]:
    data = solo_data()
    out = [("challenge", data.challenge(c).name, {"mode": "challenge", "challenge": c}) for c in CHALLENGES]
    out += [("scenario", data.scenario(c).name, {"mode": "scenario", "scenario": c}) for c in SCENARIOS]
    for c in CAMPAIGNS:
        card = data.campaign(c)
        for years in card.years:
            name = card.name + (f" ({years} years)" if len(card.years) > 1 else "")
            out.append(("campaign", name, {"mode": "campaign", "campaign": c, "years": str(years)}))
    return out


def run(opts: dict[str, Any], games: int, seed: int, level: str, check: bool = False) -> dict[str, Any]:
    options = BeeLivesOptions.model_validate(opts)
    seats = [SeatInfo(name="Amber", kind="computer", level=level)]
    wins, scores, times = 0, [], []
    losses: Counter[str] = Counter()
    for g in range(games):
        t = time.perf_counter()
        match, _ = play_game(ENGINE, options, seats, seed + g, check=check)
        times.append(time.perf_counter() - t)
        res = match.result
        assert res is not None
        scores.append(res.scores[0])
        if 0 in res.winners:
            wins += 1
        else:
            failed = match.state.solo.failed if match.state.solo is not None else None
            losses[(failed or "the colony died out").split(":")[0]] += 1
    return {"wins": wins, "games": games, "mean_vp": statistics.mean(scores), "seconds": statistics.mean(times),
            "loss": losses.most_common(1)[0][0] if losses else "—"}


def wins_table(games: int, seed: int, level: str, markdown: bool) -> None:
    if markdown:
        print("| kind | card | wins | mean VP | commonest loss |")
        print("|---|---|---|---|---|")
    for kind, name, opts in configs():
        r = run(opts, games, seed, level)
        rate = 100.0 * r["wins"] / r["games"]
        if markdown:
            print(f"| {kind} | {name} | {rate:.0f} % ({r['wins']}/{r['games']}) | {r['mean_vp']:.1f} | {r['loss']} |")
        else:
            print(f"{kind:9} {name:32} {rate:5.1f} % wins ({r['wins']}/{r['games']}), mean {r['mean_vp']:.1f} VP, "
                  f"{r['seconds']:.2f} s a game; commonest loss: {r['loss']}", flush=True)


def speed(games: int, seed: int, level: str) -> None:
    for name, opts in (("Three Generations", {"mode": "campaign", "campaign": "three-generations"}),
                       ("Zombees, 3 years", {"mode": "campaign", "campaign": "zombees", "years": "3"})):
        for check in (False, True):
            r = run(opts, games, seed, level, check=check)
            what = "every step checked (as `simulate`)" if check else "no checks"
            print(f"3-year solo campaign {name}, {level}, {what}: {r['seconds']:.3f} s mean over {games} games",
                  flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", choices=("wins", "speed"))
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--speed-games", type=int, default=20)
    ap.add_argument("--level", default="good")
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    if args.only in (None, "speed"):
        speed(args.speed_games, args.seed, args.level)
    if args.only in (None, "wins"):
        wins_table(args.games, args.seed, args.level, args.markdown)


if __name__ == "__main__":
    main()
