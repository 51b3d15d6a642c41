"""Clicks and Enter on Honey Buzz's boards and hive map: what the player pointed at, as a move.

The screen's handlers pass the cell or the board's target here. A target that names a move
submits it (or opens the list's group of moves there); one that names a tab, a seat or a
contest changes what is shown; anything else says why it is not a choice now. (Functions of
the screen, rather than methods, to keep the screen's module short.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.hexgrid import Hex
from ....games.honey_buzz import view as hbv
from ....games.honey_buzz.models import (
    ArrangeMove,
    DroneHoneyMove,
    DroneOrderMove,
    DropMove,
    FanMove,
    OrderMove,
    PlaceMove,
    RecallMove,
    SellMove,
    StoreMove,
    TakeMove,
)
from . import keys as hbk
from .boards import reveal_block

if TYPE_CHECKING:
    from ...screens.honey_buzz import HoneyBuzzScreen
    from ..canvas import CanvasView

#: The decisions made on the hive map.
MAP_KINDS = {"place", "store", "produce"}


def map_chosen(self: HoneyBuzzScreen, cell: Hex) -> None:
    """A cell of the hive map chosen (a click, or Enter on the map's cursor)."""
    kind = self._kind()
    if kind is None:
        self._not_now()
        return
    if self.hive_seat != self._seat() and kind in MAP_KINDS:
        self.notify("This is another player's hive: press < or > to go back to yours.", severity="warning")
        return
    if kind == "place":
        self.tile_dir = hbv.lattice_direction(cell, self.tile_dir)
        pair = hbv.tile_hexes(cell, self.tile_dir)
        if pair is None:
            self.notify(hbv.placement_at(self.st, cell, self.tile_dir, []).text, title="Not allowed",
                        severity="error")
            return
        a, b = sorted(pair)
        self.submit(PlaceMove(hexes=(a, b), icon=pair[0]))
    elif kind == "store":
        self.submit(StoreMove(cell=cell))
    elif kind == "produce":
        self.submit(FanMove(space=cell))
    elif kind == "arrange":
        found = [m for m in self.moves() if isinstance(m, ArrangeMove) and m.icon == cell]
        if self.preview_arrange is not None and self.preview_arrange.icon == cell:
            self.submit(self.preview_arrange)
        elif found:
            self._open_with(found)
        else:
            self.notify("Click one of the two hexes of the lit slot.", severity="warning")
    else:
        self._not_now()


def board_chosen(self: HoneyBuzzScreen, view: CanvasView, target: str) -> None:
    """A target of one of the boards chosen (a click, or Enter on the board's cursor)."""
    what, _, arg = target.partition(":")
    if what == "tab":
        self.action_pane(arg)
        return
    if what == "seat":
        self.hive_seat = int(arg)
        self._render_hive()
        return
    if what == "contest":  # opened or closed: what it counts is written under it
        self._open_contest = None if self._open_contest == arg else arg
        self._render_boards()
        self.call_after_refresh(reveal_block, view, target)
        return
    if not self.mine():
        self._not_now()
        return
    moves = self.moves()
    found: list[Any] = []
    if what in ("space", "start"):
        line, _, col = arg.partition(",")
        space = (int(line), -1) if what == "start" else (int(line), int(col))
        found = [m for m in moves if hbv.space_of(m) == space]
        if found and isinstance(found[0], RecallMove) and not self.choice_list.in_group:
            self._open_with(found)
            return
        if not found and self._kind() in hbk.FIELD_KINDS:
            self.notify("Choose a lit space.", title="Not a choice", severity="warning")
            return
    elif what == "res":
        found = [m for m in moves if isinstance(m, (DropMove, DroneHoneyMove, SellMove)) and m.resource == arg]
        if found and isinstance(found[0], SellMove):
            self._open_with(found)
            return
    elif what == "order":
        found = [m for m in moves if isinstance(m, (OrderMove, DroneOrderMove)) and m.order == arg]
    elif what == "tile":
        found = [m for m in moves if isinstance(m, TakeMove) and m.tile == arg]
        if not found and self._kind() == "turn":
            name = hbv.action_name(arg)
            why = next((e.refused for e in self.entries() if e.refused and f" {name} tile" in e.label), None)
            self.notify(why or "Not now.", title=f"{name}: not allowed", severity="error")
            return
    self._play_or_open(found)
