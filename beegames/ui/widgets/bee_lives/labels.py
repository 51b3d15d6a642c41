"""The words of the Bee Lives list and status line, drawn from the view's
answers: a decision's entry, and the status of a step the screen stops on."""

from __future__ import annotations

from rich.text import Text

from ....games.bee_lives import view as blview
from .map import kind_chip

#: what a choice loses for good, and the dangers of the coming phases
DANGER = "bold #ff6b6b"


def entry_text(e: blview.Entry, letters: dict[str, str]) -> Text:
    """An entry's label as the list draws it: the view's whole label (with a
    tile kind's chip before it), and what it loses for good after it."""
    t = Text()
    if e.tile_kind is not None:
        t.append_text(kind_chip(e.tile_kind, f" {letters.get(e.tile_kind, '?')} "))
        t.append(" ")
    t.append(e.title, style="" if e.refused else "bold")
    if e.detail:
        t.append(" · ")
        t.append(e.detail)
    if e.confirm:
        t.append(f" ⚠ {e.confirm}", style=DANGER)
    return t


def stop_status(stop: blview.StopInfo, key: str | None) -> Text:
    """The status line's question at a stop: what it is, and how to go on
    (Enter on the list's entry, or ``key``, the go-on key now)."""
    t = Text()
    t.append(f"{stop.title}.", style="bold")
    t.append(f"  Enter{f' or {key}' if key else ''}: go on to {stop.then}", style="dim")
    return t
