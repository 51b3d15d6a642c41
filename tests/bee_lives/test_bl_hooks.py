"""The solo modes register hooks; the base rules they change import no mode (issue 21, point 3)."""

import ast
from pathlib import Path

from beegames.games.bee_lives import campaigns, hooks, scenarios, solo

MODES = {"solo", "scenarios", "campaigns"}


def imported(module) -> set[str]:
    """The sibling modules a module imports anywhere (inside functions too)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(Path(module.__file__).read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module} if node.module else {a.name for a in node.names}
    return out


def test_the_modes_register_for_spawn_removal_waking_and_winter():
    assert hooks._SPAWN == [scenarios.on_spawn, campaigns._zombees_spawn] or \
        hooks._SPAWN == [campaigns._zombees_spawn, scenarios.on_spawn]
    assert hooks._REMOVAL == [solo.on_remove] and hooks._WAKING == [solo.wild_awake_in_spring]
    assert hooks._YEAR_END == [solo.year_end] and hooks._GAME_END == [solo.game_end]
    assert hooks._RESULT == [solo.result]


def test_the_rules_that_announce_the_events_import_no_mode():
    from beegames.games.bee_lives import colony, common, winter

    for base in (common, colony, winter, hooks):
        assert not imported(base) & MODES, base.__name__
    assert "solo" in imported(campaigns)  # (the check sees imports)
