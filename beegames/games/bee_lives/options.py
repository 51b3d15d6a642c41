"""Options of a new Bee Lives game. Each field becomes a command-line flag
and a field of the new-game form."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class BeeLivesOptions(BaseModel):
    """How a game of Bee Lives is set up.

    One player is the solo game against the wild hives; the rating table and
    the ``harder`` rule belong to it.
    """

    model_config = ConfigDict(frozen=True)

    first_player: Literal["random", "1", "2", "3", "4"] = Field(
        "random", description="Who starts with the first player marker: a random seat, or seat 1 to 4.")
    harder: bool = Field(
        False, description="Solo, harder: after each summer or fall month in which no wild hive was spawned, "
                           "a strength-3 wild hive appears near your hive.")
    wild_ties: Literal["first-player", "automatic"] = Field(
        "first-player", description="Who breaks ties when a wild hive has two equally close tiles or hives: "
                                    "the first player, or automatically (the tile placed earliest).")
    years: Literal["1", "2", "3"] = Field(
        "1", description="Length: 1 year (standard), 2 years (long) or 3 years (epic).")

    @property
    def year_count(self) -> int:
        return int(self.years)
