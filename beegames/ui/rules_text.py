"""Rules summaries, written for this project, shown in the app."""

from __future__ import annotations

from functools import cache
from importlib import resources

from ..games import TITLES


@cache
def rules_summary(game_id: str) -> str:
    name = game_id.replace("-", "_") + ".md"
    try:
        return resources.files("beegames.ui.rules").joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        title = TITLES.get(game_id, game_id)
        return f"# {title}\n\n{title} is not playable yet in this version, so its summary is not written yet."
