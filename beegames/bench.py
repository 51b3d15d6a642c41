"""``beegames bench``: start-up time and a move's round trip in the app.

1. *First screen*, measured side by side with a bare Textual app (a Header,
   a Static and a Footer): each run launches a fresh Python process that
   starts the app headless at 80×24 and reports, when Textual says the first
   frame is on screen (its ``Ready`` event), how much wall time has passed
   since the parent launched it and how much CPU the process has used. The
   beegames process goes through the real command line (``beegames`` with
   no arguments) to the main menu. Runs alternate between the two apps, so a
   busy machine slows both alike; the figure is the ratio of the medians.
2. *Move round trip*: a Hive game at 120×40; each sample submits a legal
   move through the game screen (validate, apply, autosave, re-render) and
   ends when every message it caused (and every message those caused in
   turn) has been handled and the screen has been drawn again: the clock
   stops on the drawn frame, never on Pilot's idle guess. CPU is the process's (all threads); the autosave's
   fsync runs in a background thread, so it is not part of the wall time.
3. *Bee Lives move round trip*: the same for a solo Bee Lives year at 120×40,
   each move chosen by the computer player on the seat's view (the wild
   hives' steps that follow a move are run between samples, not timed).
4. *Honey Buzz move round trip*: the same for a 2-player game at 120×40.
5. *Waggle Dance die placement*: a solo game against Bumblebot at 120×40,
   each sample a die placed through the screen (validate + apply + autosave +
   re-render), timed until the screen has painted the new position: the
   screen's pending messages are handled and its next frame is drawn at once,
   so no idle wait of the harness is counted (CPU and wall). Bumblebot's turns
   and the night's decisions between two placements are played untimed.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Both apps run headless at 80x24 and report their first frame (Textual's
#: ``Ready`` event) as: wall clock time, process CPU time.
_PRELUDE = r"""
import sys, time
from textual import events
from textual.app import App
_run, _post = App.run, App.post_message

def run(self, *args, **kwargs):
    return _run(self, headless=True, size=(80, 24))

def post_message(self, message):
    if isinstance(message, events.Ready):
        print(time.time(), time.process_time(), flush=True)
        self.call_later(self.exit)
    return _post(self, message)

App.run, App.post_message = run, post_message
"""

#: A bare Textual app: the yardstick for the first screen.
_BARE = _PRELUDE + r"""
from textual.widgets import Footer, Header, Static

class Bare(App):
    def compose(self):
        yield Header()
        yield Static("A bare Textual app")
        yield Footer()

Bare().run()
"""

#: beegames through its command line (no arguments), up to the main menu.
_BEEGAMES = _PRELUDE + r"""
from beegames.cli import main
sys.exit(main([]))
"""


def _first_frame(code: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds from launch to the first frame, CPU seconds by then)."""
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    lines = out.stdout.split()
    if out.returncode != 0 or len(lines) < 2:
        raise RuntimeError(f"the app did not start: {out.stderr.strip()[-500:]}")
    return float(lines[0]) - start, float(lines[1])


def first_screen(runs: int = 7) -> dict[str, float]:
    """Median wall and CPU to the first frame: the bare app and beegames."""
    bare: list[tuple[float, float]] = []
    ours: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, BEEGAMES_SAVES=tmp)
        _first_frame(_BARE, env)  # warm the disk cache for both
        _first_frame(_BEEGAMES, env)
        for _ in range(runs):
            bare.append(_first_frame(_BARE, env))
            ours.append(_first_frame(_BEEGAMES, env))
    med = statistics.median
    out = {
        "bare_wall": med(w for w, _ in bare), "bare_cpu": med(c for _, c in bare),
        "wall": med(w for w, _ in ours), "cpu": med(c for _, c in ours),
    }
    out["wall_ratio"] = out["wall"] / out["bare_wall"]
    out["cpu_ratio"] = out["cpu"] / out["bare_cpu"]
    return out


async def _drawn(pilot: Any) -> None:
    """Handle every message a move caused, and the messages those caused in
    turn, then draw the frame at once: the clock stops on the drawn screen,
    never on an idle guess (nor on the first wave of messages only)."""
    app = pilot.app
    for _ in range(50):
        await pilot._wait_for_screen()
        if all(node._message_queue.empty() for node in (app, *app.screen.walk_children(with_self=True))):
            break
    app.screen._on_timer_update()  # draw now


async def _screen_round_trips(game: str, names: list[str], seed: int, moves: int, *,
                              options: dict[str, Any] | None = None, level: str | None = None,
                              timed: Callable[[Any], bool] | None = None) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of moves submitted through a game's screen at 120×40.

    Each move (chosen by the ``level`` computer player on the deciding seat's
    view, or at random among the legal moves without a level) is validated,
    applied, autosaved and drawn: the clock stops once the screen has handled
    every pending message and drawn its next frame. Automatic steps (the
    wild hives, the drones, Bumblebot) are run between samples, untimed, and
    so are moves that ``timed`` rejects."""
    import random

    from .core.match import Match
    from .core.protocol import SeatInfo
    from .games import get_engine
    from .ui.app import make_app
    from .ui.screens.game import GameScreen

    engine = get_engine(game)
    chooser = engine.make_player(level, seed) if level is not None else None
    rnd = random.Random(seed)
    cpus: list[float] = []
    walls: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        match = Match.new(engine, seats=[SeatInfo(name=n) for n in names], seed=seed, options=options)
        app = make_app(saves_dir=Path(tmp), match=match)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for _ in range(moves * 20):
                if len(cpus) >= moves or match.over:
                    break
                if screen.stepping:
                    screen.action_run_steps()  # automatic steps: not part of a move
                    await pilot.pause()
                    continue
                decision = match.decision
                if decision is None:
                    await pilot.pause()
                    continue
                if chooser is not None:
                    move = chooser.choose(engine, engine.view(match.state, decision.seat))
                else:
                    move = rnd.choice(match.legal_moves())
                w0, c0 = time.perf_counter(), time.process_time()
                screen.submit(move)
                await _drawn(pilot)
                if timed is None or timed(move):
                    cpus.append(time.process_time() - c0)
                    walls.append(time.perf_counter() - w0)
                app.writer.wait()
                await pilot.pause()
    return cpus, walls


async def _move_round_trips(moves: int) -> tuple[list[float], list[float]]:
    """A Hive move, two humans at one keyboard, random legal moves."""
    return await _screen_round_trips("hive", ["White", "Black"], 1, moves)


async def bee_lives_round_trips(moves: int) -> tuple[list[float], list[float]]:
    """A Bee Lives move in a solo year (harder option), chosen by ``good``."""
    return await _screen_round_trips("bee-lives", ["Amber"], 3, moves, options={"harder": True}, level="good")


async def honey_buzz_round_trips(moves: int) -> tuple[list[float], list[float]]:
    """A Honey Buzz move, two players at one keyboard, chosen by ``basic``."""
    return await _screen_round_trips("honey-buzz", ["Ana", "Ben"], 5, moves, level="basic")


async def waggle_dance_placements(moves: int) -> tuple[list[float], list[float]]:
    """A Waggle Dance die placement in a solo game against Bumblebot, chosen by
    ``good`` (its other decisions are played untimed)."""
    from .games.waggle_dance.models import PlaceMove

    return await _screen_round_trips("waggle-dance", ["Blue"], 4, moves, level="good",
                                     timed=lambda move: isinstance(move, PlaceMove))


def _figures(cpus: list[float], walls: list[float]) -> dict[str, float]:
    return {"moves": len(cpus), "cpu": statistics.median(cpus), "cpu_max": max(cpus),
            "wall": statistics.median(walls), "wall_max": max(walls)}


def move_round_trip(moves: int = 40) -> dict[str, float]:
    return _figures(*asyncio.run(_move_round_trips(moves)))


def bee_lives_round_trip(moves: int = 40) -> dict[str, float]:
    return _figures(*asyncio.run(bee_lives_round_trips(moves)))


def honey_buzz_round_trip(moves: int = 40) -> dict[str, float]:
    return _figures(*asyncio.run(honey_buzz_round_trips(moves)))


def waggle_dance_placement(moves: int = 40) -> dict[str, float]:
    return _figures(*asyncio.run(waggle_dance_placements(moves)))


def run_bench(moves: int = 40, runs: int = 7, as_json: bool = False) -> int:
    start = first_screen(runs)
    trip = move_round_trip(moves)
    bees = bee_lives_round_trip(moves)
    buzz = honey_buzz_round_trip(moves)
    dance = waggle_dance_placement(moves)
    if as_json:
        print(json.dumps({"first_screen": start, "hive_move": trip, "bee_lives_move": bees,
                          "honey_buzz_move": buzz,
                          "waggle_dance_placement": dance}, indent=1))
        return 0
    print(f"first screen at 80x24, median of {runs} runs side by side: beegames {start['wall'] * 1000:.0f} ms wall, "
          f"{start['cpu'] * 1000:.0f} ms CPU; bare Textual app {start['bare_wall'] * 1000:.0f} ms wall, "
          f"{start['bare_cpu'] * 1000:.0f} ms CPU; ratio {start['wall_ratio']:.2f}x wall, "
          f"{start['cpu_ratio']:.2f}x CPU (target <= 1.3x)")
    print(f"one Hive move at 120x40 (validate + apply + autosave + re-render), {trip['moves']} moves: "
          f"median {trip['cpu'] * 1000:.1f} ms CPU (max {trip['cpu_max'] * 1000:.1f}), "
          f"median {trip['wall'] * 1000:.1f} ms wall (max {trip['wall_max'] * 1000:.1f}) "
          f"(targets <= 25 ms CPU, <= 50 ms wall)")
    print(f"one Bee Lives move at 120x40 (validate + apply + autosave + re-render), {bees['moves']} moves: "
          f"median {bees['cpu'] * 1000:.1f} ms CPU (max {bees['cpu_max'] * 1000:.1f}), "
          f"median {bees['wall'] * 1000:.1f} ms wall (max {bees['wall_max'] * 1000:.1f})")
    print(f"one Honey Buzz move at 120x40, 2 players, {buzz['moves']} moves: "
          f"median {buzz['cpu'] * 1000:.1f} ms CPU (max {buzz['cpu_max'] * 1000:.1f}), "
          f"median {buzz['wall'] * 1000:.1f} ms wall (max {buzz['wall_max'] * 1000:.1f})")
    print(f"one Waggle Dance die placement at 120x40, solo, {dance['moves']} placements: "
          f"median {dance['cpu'] * 1000:.1f} ms CPU (max {dance['cpu_max'] * 1000:.1f}), "
          f"median {dance['wall'] * 1000:.1f} ms wall (max {dance['wall_max'] * 1000:.1f})")
    return 0
