"""The new-game form: how long changing Game takes to redraw the form.

Opens the form headless at 80x24 and 160x50 and changes the Game field
round the four games (Hive → Waggle Dance → Bee Lives → Honey Buzz → Hive
...), and times each change: the form's handler (building or showing the
game's fields), then the layout and the drawing of the screen that follow.
Prints the median and the worst wall and CPU time per change. On a busy
machine read it as a ratio beside a run of the same script on other code
at the same load.

Usage: PYTHONPATH=. python benchmarks/new_game_form.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from textual.widgets import Select

from beegames.ui.app import make_app
from beegames.ui.screens.newgame import NewGameScreen

GAMES = ["waggle-dance", "bee-lives", "honey-buzz", "hive"]


async def measure(size: tuple[int, int], rounds: int) -> tuple[list[float], list[float]]:
    """Per change of Game: the time the form's own handler takes (building or
    showing the game's fields) plus the layout and the drawing that follow it,
    wall and CPU. The test harness's own waiting is left out (it grows with
    the number of widgets, hidden ones included)."""
    walls: list[float] = []
    cpus: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(saves_dir=Path(folder))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.push_screen(NewGameScreen("hive"))
            for _ in range(20):
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            spent = [0.0, 0.0]
            builds = [0]

            def timed(method: str, count: bool = False) -> None:
                inner = getattr(screen, method)

                if asyncio.iscoroutinefunction(inner):
                    async def wrapper(*args: object, **kwargs: object) -> None:
                        wall, cpu = time.perf_counter(), time.process_time()
                        await inner(*args, **kwargs)
                        spent[0] += time.perf_counter() - wall
                        spent[1] += time.process_time() - cpu
                        builds[0] += count
                else:
                    def wrapper(*args: object, **kwargs: object) -> None:  # type: ignore[misc]
                        wall, cpu = time.perf_counter(), time.process_time()
                        inner(*args, **kwargs)
                        spent[0] += time.perf_counter() - wall
                        spent[1] += time.process_time() - cpu

                setattr(screen, method, wrapper)

            # the method that lays the form out for the chosen game (named _rebuild before issue 18)
            timed("_show_game" if hasattr(screen, "_show_game") else "_rebuild", count=True)
            timed("_refresh_layout")
            timed("_compositor_refresh")
            select = screen.query_one("#game", Select)
            for _ in range(rounds):
                for game in GAMES:
                    before = builds[0]
                    spent[:] = [0.0, 0.0]
                    select.value = game
                    while builds[0] == before:
                        await pilot.pause(0)
                    for _ in range(3):
                        await pilot.pause()
                    walls.append(spent[0])
                    cpus.append(spent[1])
    return walls, cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the four games (default 5)")
    args = parser.parse_args()
    for size in ((80, 24), (160, 50)):
        walls, cpus = asyncio.run(measure(size, args.rounds))
        print(f"{size[0]}x{size[1]}: changing Game, {len(walls)} changes: "
              f"wall median {statistics.median(walls) * 1000:.0f} ms (max {max(walls) * 1000:.0f}), "
              f"CPU median {statistics.median(cpus) * 1000:.0f} ms (max {max(cpus) * 1000:.0f})")


if __name__ == "__main__":
    main()
