"""The narrow table's legend explains the 2014 blockers' mark (they stay all game); a 2022 table,
whose lines go to its threats, keeps the legend of the action letters only."""

from __future__ import annotations

from beegames.games.waggle_dance.view import table_view
from beegames.ui.widgets.waggle_dance.table import draw_table
from tests.waggle_dance.wd_helpers import E, new


def _lines(ruleset: str, width: int) -> list[str]:
    s = E.advance(new(3, ruleset=ruleset))
    return [line.plain for line in draw_table(table_view(s, 0), wide=False, width=width).lines]


def test_the_2014_legend_names_the_blocker_mark_within_the_column():
    lines = _lines("2014", 44)
    assert any("▦ blocker" in line for line in lines)
    assert all(len(line) <= 44 for line in lines)
    assert not any("▦ blocker" in line for line in _lines("2022", 44))
