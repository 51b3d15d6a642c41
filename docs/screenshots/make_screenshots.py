"""Regenerate the README screenshots: ``python docs/screenshots/make_screenshots.py``."""

import asyncio
import random
import tempfile
from pathlib import Path

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app

HERE = Path(__file__).parent


async def hive() -> None:
    engine = get_engine("hive")
    match = Match.new(engine, options={"expansions": "MLPD"},
                      seats=[SeatInfo(name="Ana"), SeatInfo(name="Computer", kind="computer", level="easy")], seed=3)
    rnd = random.Random(11)
    for _ in range(18):
        match.play(rnd.choice(match.legal_moves()))
    app = make_app(saves_dir=Path(tempfile.mkdtemp()), match=match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("a", "tab")
        await pilot.pause()
        app.save_screenshot(str(HERE / "hive.svg"))


if __name__ == "__main__":
    asyncio.run(hive())
