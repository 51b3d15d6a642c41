"""Rules summaries, written for this project, shown in the app.

A game's summary may hold the rules of several editions (Waggle Dance's 2022 and 2014 rulesets),
each a block that begins with a line ``<!-- edition NAME -->`` and runs to the next such line or
to ``<!-- end editions -->``. In a game, :func:`rules_for` shows the block of the edition being
played (the one named by an option's value, such as ``ruleset: "2014"``) first, after the short
introduction, and the others after it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from ..games import TITLES

_EDITION = re.compile(r"^<!-- edition (\S+) -->$", re.MULTILINE)
_END = "<!-- end editions -->"


@cache
def rules_summary(game_id: str, lead: str | None = None) -> str:
    """The summary of ``game_id``; with ``lead``, the block of that edition comes first."""
    name = game_id.replace("-", "_") + ".md"
    try:
        text = resources.files("beegames.ui.rules").joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        title = TITLES.get(game_id, game_id)
        return f"# {title}\n\n{title} is not playable yet in this version, so its summary is not written yet."
    return _lead_with(text, lead) if lead else text


def editions(text: str) -> list[str]:
    """The names of the edition blocks in a summary, in their order."""
    return _EDITION.findall(text)


def _lead_with(text: str, lead: str) -> str:
    marks = list(_EDITION.finditer(text))
    names = [m.group(1) for m in marks]
    if lead not in names:
        return text
    end = text.find(_END, marks[-1].end())
    end = len(text) if end < 0 else end
    head, tail = text[:marks[0].start()], text[end:]
    bounds = [m.start() for m in marks] + [end]
    blocks = {names[i]: text[bounds[i]:bounds[i + 1]].rstrip() + "\n\n" for i in range(len(marks))}
    first = blocks.pop(lead)
    return head + first + "".join(blocks.values()) + tail


def rules_for(game_id: str, options: Mapping[str, Any]) -> str:
    """The summary of a game played with ``options``: its edition's rules first."""
    names = editions(rules_summary(game_id))
    lead = next((str(v) for v in options.values() if str(v) in names), None)
    return rules_summary(game_id, lead)
