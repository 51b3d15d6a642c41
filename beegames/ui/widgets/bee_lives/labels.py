"""The words of the Bee Lives list and status line, drawn from the view's
answers: a decision's entry, and the status of a step the screen stops on."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ....games.bee_lives import view as blview
from .map import kind_chip

#: what a choice loses for good, and the dangers of the coming phases
DANGER = "bold #ff6b6b"


def entry_text(e: blview.Entry, letters: dict[str, str], *, title_only: bool = False) -> Text:
    """An entry's label as the list draws it: the view's whole label (with a
    tile kind's chip before it), and what it loses for good after it; with
    ``title_only``, the chip and the title alone."""
    t = Text()
    if e.tile_kind is not None:
        t.append_text(kind_chip(e.tile_kind, f" {letters.get(e.tile_kind, '?')} "))
        t.append(" ")
    t.append(e.title, style="" if e.refused else "bold")
    if title_only:
        return t
    if e.detail:
        t.append(" · ")
        t.append(e.detail)
    if e.confirm:
        t.append(f" ⚠ {e.confirm}", style=DANGER)
    return t


def group_heading(e: blview.Entry, letters: dict[str, str]) -> Text | None:
    """The heading of the group an entry opens: its title alone ("Raid the ACORN wild hive"), the
    detail staying in the entry one level up; None for an entry without a group or a detail."""
    return entry_text(e, letters, title_only=True) if e.group is not None and e.detail else None


def stop_status(stop: blview.StopInfo, key: str | None) -> Text:
    """The status line's question at a stop: what it is, and how to go on
    (Enter on the list's entry, or ``key``, the go-on key now)."""
    t = Text()
    t.append(f"{stop.title}.", style="bold")
    t.append(f"  Enter{f' or {key}' if key else ''}: go on to {stop.then}", style="dim")
    return t


def add_phrase(t: Text, phrase: Text | str, width: int, *, sep: str = " ", indent: str = "",
               style: str = "") -> None:
    """Append ``phrase`` to ``t`` after ``sep``, or on a new line (after ``indent``, without ``sep``)
    when it would cross the ``width`` columns of the line it would end: a phrase such as
    "VP 22 (27 now)" or "☀ overheating" is read whole, never broken between its words."""
    text = Text(phrase, style=style) if isinstance(phrase, str) else phrase
    line = t.plain.rsplit("\n", 1)[-1]
    if line.strip() and cell_len(line) + cell_len(sep) + text.cell_len > width:
        t.append("\n" + indent)
    elif line.strip():
        t.append(sep)
    t.append_text(text)


def month_status(info: blview.SeasonInfo, colour: str, short_phase: str, width: int) -> Text:
    """The status line's first line: the month, season, year, phase and season card, each phrase whole
    within ``width`` columns (at 80 columns "☀ overheating" goes to a line of its own, not its sign alone)."""
    t = Text()
    t.append(info.month_name, style=f"bold {colour}")
    t.append(f" ({info.season})", style=colour)
    if info.years > 1:
        add_phrase(t, f"· year {info.year}/{info.years}", width)
    add_phrase(t, f"· {short_phase}", width, style="bold")
    if info.card is not None:
        add_phrase(t, f"· {info.card.name}", width, style="italic")
        if info.card.overheat:
            add_phrase(t, "☀ overheating", width, style="bold #ff7050")
    return t
