"""``beegames bench``: start-up time and a move's round trip in the app.

1. *First screen*: a fresh Python process imports the app, starts it headless
   and reports when the main menu has been drawn; the time is measured by the
   parent from launch to that report, so interpreter start-up is included.
2. *Move round trip*: a Hive game at 120×40; each sample submits a legal move
   through the game screen (validate + apply + autosave + re-render) and waits
   until the screen has refreshed. The figure is the process's CPU time for
   that, since the harness's wait for an idle screen adds idle wall time.
3. *Bee Lives move round trip*: the same for a solo Bee Lives year at 120×40,
   each move chosen by the computer player on the seat's view (the wild
   hives' steps that follow a move are run between samples, not timed).
4. *Waggle Dance die placement*: a solo game against Bumblebot at 120×40,
   each sample a die placed through the screen (validate + apply + autosave +
   re-render), timed until the screen has painted the new position: the
   screen's pending messages are handled and its next frame is drawn at once,
   so no idle wait of the harness is counted (CPU and wall). Bumblebot's turns
   and the night's decisions between two placements are played untimed.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_FIRST_SCREEN = r"""
import asyncio, sys
from pathlib import Path
from beegames.ui.app import make_app

async def main():
    app = make_app(saves_dir=Path(sys.argv[1]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print("drawn", flush=True)

asyncio.run(main())
"""


def first_screen_seconds(runs: int = 5) -> list[float]:
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):
            t0 = time.perf_counter()
            proc = subprocess.Popen([sys.executable, "-c", _FIRST_SCREEN, tmp], stdout=subprocess.PIPE, text=True)
            assert proc.stdout is not None
            line = proc.stdout.readline()
            elapsed = time.perf_counter() - t0
            proc.wait()
            if line.strip() != "drawn":
                raise RuntimeError("the app did not start")
            times.append(elapsed)
    return times


async def _move_round_trips(moves: int) -> tuple[list[float], list[float]]:
    from .core.match import Match
    from .core.protocol import SeatInfo
    from .games import get_engine
    from .ui.app import make_app

    engine = get_engine("hive")
    times: list[float] = []
    walls: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        match = Match.new(engine, seats=[SeatInfo(name="White"), SeatInfo(name="Black")], seed=1)
        app = make_app(saves_dir=Path(tmp), match=match)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            import random

            rnd = random.Random(5)
            for _ in range(moves):
                if match.over:
                    break
                move = rnd.choice(match.legal_moves())
                w0, c0 = time.perf_counter(), time.process_time()
                screen.submit(move)
                await pilot.pause()
                times.append(time.process_time() - c0)
                walls.append(time.perf_counter() - w0)
    return times, walls


async def bee_lives_round_trips(moves: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of Bee Lives moves submitted through the screen at 120×40."""
    from .core.match import Match
    from .core.protocol import SeatInfo
    from .games import get_engine
    from .ui.app import make_app
    from .ui.screens.game import GameScreen

    engine = get_engine("bee-lives")
    chooser = engine.make_player("good", 3)
    times: list[float] = []
    walls: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        match = Match.new(engine, seats=[SeatInfo(name="Amber")], seed=3, options={"harder": True})
        app = make_app(saves_dir=Path(tmp), match=match)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            while len(times) < moves and not match.over:
                if screen.stepping:
                    screen.action_run_steps()  # the wild hives' turns: not part of a move
                    await pilot.pause()
                    continue
                decision = match.decision
                if decision is None:
                    await pilot.pause()
                    continue
                move = chooser.choose(engine, engine.view(match.state, decision.seat))
                w0, c0 = time.perf_counter(), time.process_time()
                screen.submit(move)
                await pilot.pause()
                times.append(time.process_time() - c0)
                walls.append(time.perf_counter() - w0)
    return times, walls


async def honey_buzz_round_trips(moves: int) -> tuple[list[float], list[float]]:
    """A Honey Buzz move at 120×40: two players at one keyboard, each move
    chosen by the computer player on the deciding seat's view and submitted
    through the game screen (validate + apply + autosave + re-render)."""
    from .core.match import Match
    from .core.protocol import SeatInfo
    from .games import get_engine
    from .ui.app import make_app
    from .ui.screens.game import GameScreen

    engine = get_engine("honey-buzz")
    chooser = engine.make_player("basic", 5)
    times: list[float] = []
    walls: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        match = Match.new(engine, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=5)
        app = make_app(saves_dir=Path(tmp), match=match)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for _ in range(moves):
                decision = match.decision
                if decision is None:
                    break
                move = chooser.choose(engine, engine.view(match.state, decision.seat))
                w0, c0 = time.perf_counter(), time.process_time()
                screen.submit(move)
                await pilot.pause()
                times.append(time.process_time() - c0)
                walls.append(time.perf_counter() - w0)
    return times, walls


async def waggle_dance_placements(moves: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of Waggle Dance die placements through the screen at 120×40."""
    from .core.match import Match
    from .core.protocol import SeatInfo
    from .games import get_engine
    from .games.waggle_dance.models import PlaceMove
    from .ui.app import make_app
    from .ui.screens.game import GameScreen

    engine = get_engine("waggle-dance")
    chooser = engine.make_player("good", 4)
    times: list[float] = []
    walls: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        match = Match.new(engine, seats=[SeatInfo(name="Blue")], seed=4)
        app = make_app(saves_dir=Path(tmp), match=match)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)

            async def painted() -> None:
                # every pending message handled, then the next frame drawn now
                for _ in range(100):
                    await pilot._wait_for_screen()
                    if not any(w.message_queue_size for w in [app, *screen.walk_children(with_self=True)]):
                        break
                screen._on_timer_update()

            while len(times) < moves and not match.over:
                if screen.stepping:
                    screen.action_run_steps()
                    await painted()
                    continue
                decision = match.decision
                if decision is None:
                    await pilot.pause()
                    continue
                move = chooser.choose(engine, engine.view(match.state, decision.seat))
                if not isinstance(move, PlaceMove):
                    screen.submit(move)
                    await painted()
                    continue
                w0, c0 = time.perf_counter(), time.process_time()
                screen.submit(move)
                await painted()
                times.append(time.process_time() - c0)
                walls.append(time.perf_counter() - w0)
    return times, walls


def run_bench(moves: int = 40) -> int:
    starts = first_screen_seconds()
    print(f"first screen: median {statistics.median(starts) * 1000:.0f} ms "
          f"(min {min(starts) * 1000:.0f}, max {max(starts) * 1000:.0f}; target < 1000 ms)")
    trips, walls = asyncio.run(_move_round_trips(moves))
    print(f"move round trip at 120x40 (validate + apply + save + render), {len(trips)} moves: "
          f"CPU median {statistics.median(trips) * 1000:.1f} ms, max {max(trips) * 1000:.1f} ms "
          f"(target < 50 ms median); wall clock including the test harness's idle wait "
          f"median {statistics.median(walls) * 1000:.1f} ms")
    trips, walls = asyncio.run(bee_lives_round_trips(moves))
    print(f"Bee Lives move round trip at 120x40 (validate + apply + save + render), {len(trips)} moves: "
          f"CPU median {statistics.median(trips) * 1000:.1f} ms, max {max(trips) * 1000:.1f} ms "
          f"(target < 50 ms median); wall clock including the test harness's idle wait "
          f"median {statistics.median(walls) * 1000:.1f} ms")
    trips, walls = asyncio.run(honey_buzz_round_trips(moves))
    print(f"Honey Buzz move round trip at 120x40, {len(trips)} moves: CPU median "
          f"{statistics.median(trips) * 1000:.1f} ms, max {max(trips) * 1000:.1f} ms (target < 50 ms median); "
          f"wall clock including the harness's idle wait median {statistics.median(walls) * 1000:.1f} ms")
    trips, walls = asyncio.run(waggle_dance_placements(moves))
    print(f"Waggle Dance die placement at 120x40 (validate + apply + save + render), {len(trips)} placements: "
          f"CPU median {statistics.median(trips) * 1000:.1f} ms, max {max(trips) * 1000:.1f} ms; wall median "
          f"{statistics.median(walls) * 1000:.1f} ms, max {max(walls) * 1000:.1f} ms (targets: 25 ms CPU, 50 ms wall)")
    return 0
