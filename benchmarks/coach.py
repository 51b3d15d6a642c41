"""How fast the coach's hint appears, per game; and the fit of Hive's win chance.

Usage::

    python benchmarks/coach.py [--positions 6] [--seconds 1.5] [--games hive,waggle-dance,...]
    python benchmarks/coach.py --calibrate-hive 60 [--depth 2]
    python benchmarks/coach.py --in-app [--positions 6] [--games ...]
    python benchmarks/coach.py --follow-solo 100 [--effort 8] [--difficulty standard] [--threats]

The first form times ``coach.hint`` with its default thinking time (1.5 s)
at the strongest levels (Hive ``hard``, the others ``good``) on
``--positions`` mid-game positions per game (seeded games played by the
computer, cut at different points), and prints, per game, the median and
the largest wall time from the call to the answer, the process CPU time,
and what was done in that time (plies searched, or play-outs per move
weighed). The target is a hint within 2 s. Hive's hints search with the
compiled searcher, as in the app once numba's warm-up is done (it is
awaited before the first hint is timed; ``BEEGAMES_HIVE_PURE_PYTHON=1``
times the Python searcher instead). The setups are
``hive``, ``waggle-dance`` (two players), ``waggle-dance-solo``, ``honey-buzz``
and ``bee-lives`` (solo).

With ``--in-app`` the same positions are opened in the app (headless,
80×24, the deciding seat a person's) and the time is taken from the press
of the hint key (when it reaches the screen's action) to the hint shown
(the worker thread, the marks on the list or board and the coach's line
included; the test driver's own waits are not).

With ``--follow-solo N`` it plays ``N`` Waggle Dance solo games against
Bumblebot (seeds 1..N) twice, side by side in one run: once by the ``good``
player alone, once by a seat that plays every hint (``coach.hint`` with a
fixed ``--effort`` of play-outs per move weighed, so the run repeats
exactly), and prints the wins and mean honey of each, the games only one of
them won, and the time a followed game takes.

The last form plays ``N`` Hive games of the ``hard`` player searching
``--depth`` plies against itself from seeded random four-ply openings,
records the searcher's score at every position, and fits the scale of the
logistic curve that turns a score into the side to move's chance to win
(:data:`beegames.games.hive.coach.WIN_SCALE`) by maximum likelihood (a draw
counts half a win).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from beegames.core import coach
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine

#: per game: players, options, the level that plays the positions in, and the cut points (decisions)
SETUPS: dict[str, tuple[int, dict[str, Any], str, tuple[int, ...]]] = {
    "hive": (2, {}, "easy", (8, 16, 24, 32)),
    "waggle-dance": (2, {}, "good", (10, 30, 50, 70)),
    "waggle-dance-solo": (1, {}, "good", (10, 30, 50, 70)),
    "honey-buzz": (2, {}, "good", (20, 60, 100, 140)),
    "bee-lives": (1, {}, "good", (8, 20, 32, 44)),
}


def engine_of(setup: str) -> Any:
    """The engine of a setup (``waggle-dance-solo`` is Waggle Dance with one player)."""
    return get_engine(setup.removesuffix("-solo"))


def positions(game: str, count: int) -> list[Match]:
    players, options, level, cuts = SETUPS[game]
    engine = engine_of(game)
    out: list[Match] = []
    seed = 0
    while len(out) < count:
        seed += 1
        cut = cuts[len(out) % len(cuts)]
        m = Match.new(engine, options=options, seed=seed,
                      seats=[SeatInfo(name=f"P{i + 1}", kind="computer", level=level) for i in range(players)])
        made = 0
        while not m.over and (made < cut or m.decision is None or len(m.legal_moves()) < 2):
            if m.decision is None:
                m.step()
                continue
            m.play(m.computer_move())
            made += 1
        if not m.over:
            out.append(m)
    return out


def time_hints(games: list[str], count: int, seconds: float) -> None:
    print(f"coach.hint, {seconds} s of thinking, {count} positions per game")
    for game in games:
        engine = engine_of(game)
        if game == "hive":
            from beegames.games.hive import ai

            ai.compiled_ready(wait=True)
        walls, cpus, work = [], [], []
        for m in positions(game, count):
            w0, c0 = time.perf_counter(), time.process_time()
            h = coach.hint(engine, m, seconds=seconds)
            walls.append(time.perf_counter() - w0)
            cpus.append(time.process_time() - c0)
            if h.depth:
                work.append(float(h.depth))
            else:
                work.append(statistics.mean(o.outlook.samples for o in h.options if o.outlook is not None)
                            if any(o.outlook for o in h.options) else 0.0)
        what = "plies searched" if game == "hive" else "play-outs per move weighed"
        print(f"  {game:17s} wall median {statistics.median(walls):.2f} s, max {max(walls):.2f} s; "
              f"CPU median {statistics.median(cpus):.2f} s; {what}: median {statistics.median(work):.1f}, "
              f"min {min(work):.1f}")


def time_hints_in_app(games: list[str], count: int, seconds: float) -> None:
    import asyncio
    import tempfile

    from beegames.ui.app import make_app

    async def one(m: Match[Any, Any]) -> tuple[float, bool]:
        assert m.decision is not None
        seat = m.decision.seat
        m.header.seats[seat] = SeatInfo(name=m.header.seats[seat].name)  # a person decides
        with tempfile.TemporaryDirectory() as folder:
            app = make_app(saves_dir=Path(folder), match=m)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause(0.2)
                screen: Any = app.screen
                screen.hint_seconds = seconds
                marks: dict[str, float] = {}
                asked, done = screen.action_hint, screen._hint_done

                def action_hint() -> None:  # the key has reached the screen
                    marks["start"] = time.perf_counter()
                    asked()

                def hint_done(*args: Any) -> None:  # the hint is on the screen (marked, drawn next frame)
                    done(*args)
                    marks["end"] = time.perf_counter()

                screen.action_hint, screen._hint_done = action_hint, hint_done
                await pilot.press("i")
                while "end" not in marks:
                    await asyncio.sleep(0.005)
                await pilot.pause(0)
                return marks["end"] - marks["start"], screen.hint is not None

    print(f"hint key to hint shown in the app (80x24), {seconds} s of thinking, {count} positions per game")
    for game in games:
        walls = []
        shown = 0
        for m in positions(game, count):
            wall, ok = asyncio.run(one(m))
            walls.append(wall)
            shown += ok
        print(f"  {game:17s} wall median {statistics.median(walls):.2f} s, max {max(walls):.2f} s "
              f"({shown} of {len(walls)} shown)")


def calibrate_hive(games: int, depth: int) -> None:
    from beegames.games.hive import ai
    from beegames.games.hive.board import BLACK_WINS, IN_PROGRESS, WHITE_WINS, Board
    from beegames.games.hive.evaluation import MATE_BOUND
    from beegames.games.hive.search import Searcher

    samples: list[tuple[int, float]] = []  # (score for the side to move, its result: 1, 0.5 or 0)
    results = {WHITE_WINS: 0, BLACK_WINS: 0, "draw": 0}
    for g in range(games):
        rng = random.Random(1000 + g)
        board = Board("")
        for _ in range(4):
            board.play(*rng.choice(board.legal_moves()))
        searchers = (Searcher(seed=g), Searcher(seed=g + 1))
        seen: list[tuple[int, int]] = []
        while board.status == IN_PROGRESS and board.ply < 160:
            res = ai.analyse(board, "hard", rng, None, searchers[board.ply & 1], depth)
            if abs(res.score) < MATE_BOUND:
                seen.append((board.ply & 1, res.score))
            board.play(*res.move)
        if board.status in (WHITE_WINS, BLACK_WINS):
            results[board.status] += 1
            winner = 0 if board.status == WHITE_WINS else 1
            samples += [(score, 1.0 if side == winner else 0.0) for side, score in seen]
        else:
            results["draw"] += 1
            samples += [(score, 0.5) for _side, score in seen]
        print(f"game {g}: {board.ply} plies, status {board.status}", flush=True)

    def loglik(scale: float) -> float:
        total = 0.0
        for score, y in samples:
            p = 1.0 / (1.0 + math.exp(-score / scale))
            p = min(max(p, 1e-9), 1 - 1e-9)
            total += y * math.log(p) + (1 - y) * math.log(1 - p)
        return total

    grid = [25 * k for k in range(2, 81)]
    best = max(grid, key=loglik)
    print(f"{games} games (white {results[WHITE_WINS]}, black {results[BLACK_WINS]}, draws {results['draw']}), "
          f"{len(samples)} positions, depth {depth}: best scale {best} (log-likelihood {loglik(best):.1f}; "
          f"250: {loglik(250):.1f})")


class _HintFollower:
    """A seat that plays every hint (a fixed effort, one seed per hint asked)."""

    def __init__(self, effort: int) -> None:
        self.effort = effort
        self.asked = 0

    def choose(self, engine: Any, view: Any) -> Any:
        found = coach.hint(engine, view, seconds=None, effort=self.effort, seed=self.asked)
        self.asked += 1
        return found.move


def _solo_game(job: tuple[int, bool, int, str, bool]) -> tuple[int, bool, bool, int, float]:
    """One Waggle Dance solo game: (seed, followed the hints, won, honey, CPU seconds)."""
    from beegames.core.simulate import play_game

    seed, follow, effort, difficulty, threats = job
    start = time.process_time()
    engine = get_engine("waggle-dance")
    m, _ = play_game(engine, engine.options_model(difficulty=difficulty, threats=threats),
                     [SeatInfo(name="P1", kind="computer", level="good")], seed,
                     players=[_HintFollower(effort)] if follow else None, check=False)
    assert m.result is not None
    return seed, follow, m.result.winners == [0], m.state.players[0].honey, time.process_time() - start


def follow_solo(games: int, effort: int, difficulty: str, threats: bool) -> None:
    from multiprocessing import Pool

    jobs = [(seed, follow, effort, difficulty, threats) for seed in range(1, games + 1) for follow in (False, True)]
    with Pool(2) as pool:
        rows = pool.map(_solo_game, jobs)
    by = {(seed, follow): (won, honey, cpu) for seed, follow, won, honey, cpu in rows}
    print(f"Waggle Dance solo, {difficulty}{', Threats' if threats else ''}, {games} games (seeds 1-{games}); "
          f"the hints at {effort} play-outs per move weighed")
    for follow, name in ((False, "good alone"), (True, "following the hints")):
        mine = [by[(seed, follow)] for seed in range(1, games + 1)]
        wins = sum(won for won, _, _ in mine)
        print(f"  {name:20} {wins:4d} wins ({100 * wins / games:.0f} %), mean honey "
              f"{statistics.mean(h for _, h, _ in mine):.2f}, {statistics.mean(c for _, _, c in mine):.2f} s "
              "of CPU a game")
    only_hints = sum(by[(s, True)][0] and not by[(s, False)][0] for s in range(1, games + 1))
    only_good = sum(by[(s, False)][0] and not by[(s, True)][0] for s in range(1, games + 1))
    print(f"  won only by following the hints: {only_hints}; only by good alone: {only_good}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--seconds", type=float, default=coach.HINT_SECONDS)
    ap.add_argument("--games", default=",".join(SETUPS))
    ap.add_argument("--calibrate-hive", type=int, default=0, metavar="GAMES")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--in-app", action="store_true", help="time the hint key in the app instead")
    ap.add_argument("--follow-solo", type=int, default=0, metavar="GAMES",
                    help="Waggle Dance solo: good alone against a seat that plays every hint")
    ap.add_argument("--effort", type=int, default=8, help="play-outs per move weighed (--follow-solo)")
    ap.add_argument("--difficulty", default="standard", choices=["easier", "standard", "harder"])
    ap.add_argument("--threats", action="store_true")
    args = ap.parse_args()
    if args.follow_solo:
        follow_solo(args.follow_solo, args.effort, args.difficulty, args.threats)
        return
    if args.calibrate_hive:
        calibrate_hive(args.calibrate_hive, args.depth)
        return
    if args.in_app:
        time_hints_in_app(args.games.split(","), args.positions, args.seconds)
        return
    time_hints(args.games.split(","), args.positions, args.seconds)


if __name__ == "__main__":
    main()
