"""The solo modes register hooks; the base rules they change import no mode (issue 21, point 3)."""

import ast
from pathlib import Path

from beegames.games.bee_lives import campaigns, flow, hooks, kinds, scenarios, solo
from beegames.games.bee_lives.models import QUEENS, Pending, ScareMove

from .bl_helpers import new

PACKAGE = Path(hooks.__file__).parent
MODULES = {p.stem for p in PACKAGE.glob("*.py")}
MODES = {"solo", "scenarios", "campaigns"}
#: the modules that are not base rules: the assembly (which loads the modes so that they
#: register), what the screen shows of a mode's goals, and the computer players of the modes
NOT_BASE = MODES | {"__init__", "engine", "view", "ai", "ai_modes", "planner", "coach"}
BASE = MODULES - NOT_BASE


def imported_in(source: str) -> set[str]:
    """The modules of the package that ``source`` imports anywhere (inside functions too),
    relative (``from . import x``, ``from .x import y``) or absolute."""
    out: set[str] = set()
    prefix = "beegames.games.bee_lives"
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                out |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
            elif node.level == 0 and node.module and (node.module + ".").startswith(prefix + "."):
                rest = node.module[len(prefix) + 1:].split(".") if node.module != prefix else []
                out |= {rest[0]} if rest and rest[0] else {a.name for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name[len(prefix) + 1:].split(".")[0] for a in node.names if a.name.startswith(prefix + ".")}
    return out & MODULES


def imported(name: str) -> set[str]:
    return imported_in((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))


def reached(name: str) -> set[str]:
    """Every module of the package ``name`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        for m in imported(todo.pop()):
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


def test_no_base_rule_imports_a_mode_even_inside_a_function_or_through_another_module():
    assert {"actions", "months", "wildhives", "setup", "swarm", "raids", "flow", "kinds", "common", "colony",
            "winter", "invariants", "hooks"} <= BASE
    offenders = {m: sorted(reached(m) & MODES) for m in sorted(BASE) if reached(m) & MODES}
    assert offenders == {}


def test_the_import_check_sees_every_form_of_import():
    inside = "def f():\n    from .solo import settle\n    return settle\n"
    assert imported_in(inside) == {"solo"}
    assert imported_in("from . import actions, campaigns\n") == {"actions", "campaigns"}
    assert imported_in("import beegames.games.bee_lives.scenarios\n") == {"scenarios"}
    assert imported_in("from beegames.games.bee_lives import solo\n") == {"solo"}
    assert imported_in("from beegames.games.bee_lives.solo import settle\n") == {"solo"}
    assert "solo" in imported("campaigns") and "solo" in reached("ai")


def test_every_event_has_the_handler_of_its_mode():
    assert hooks._SPAWN == [scenarios.on_spawn, campaigns._zombees_spawn] or \
        hooks._SPAWN == [campaigns._zombees_spawn, scenarios.on_spawn]
    assert hooks._REMOVAL == [solo.on_remove] and hooks._WAKING == [solo.wild_awake_in_spring]
    assert hooks._YEAR_END == [solo.year_end] and hooks._GAME_END == [solo.game_end]
    assert hooks._RESULT == [solo.result]
    assert hooks._MODE == [solo.resolve] and hooks._YEARS == [solo.years_of]
    assert hooks._LAY_OUT == [scenarios.lay_out] and hooks._START == [solo.introduce]
    assert hooks._QUEENS == [solo.allowed_queens] and hooks._QUEEN == [solo.on_queen]
    assert hooks._BROOD == [solo.on_brood] and hooks._MONTH_END == [solo.month_end]
    assert hooks._MONTH_START == [campaigns.queue_month] and hooks._YEAR_START == [campaigns.queue_year]
    assert hooks._SWARM == [solo.on_swarm] and hooks._SWARM_SPAWN == [solo.on_swarm_spawn]
    assert hooks._LEAVE == [solo.on_leave] and hooks._RAID == [solo.on_raid]
    assert hooks._SCOUT == [solo.on_scout] and hooks._SCOUT_ROLL == [solo.scout_spawn_roll]
    assert hooks._BLOCKED == [solo.blocked_tiles] and hooks._CHECK == [solo.settle]
    assert hooks._TOUCH == [campaigns.touch] and hooks._ACTION == [campaigns.infected_action]
    assert hooks._FORAGE == [scenarios.forage_roll] and hooks._WILD_FORAGE == [scenarios.haunt_foraged]
    assert hooks._ACTIONS == {ScareMove: (scenarios.scare_moves, scenarios.scare_problem, scenarios.do_scare)}
    # every event list of the module is one of those above
    lists = {n for n, v in vars(hooks).items() if n.startswith("_") and n.isupper() and isinstance(v, list)}
    assert len(lists) == 28


def test_the_campaigns_register_their_tasks_and_decisions_from_their_own_module():
    tasks = flow.TASKS.registered()
    assert {n: tasks[n] for n in ("solo_year", "solo_month", "fire_spawn", "tg_spawn")} == {
        "solo_year": campaigns.t_solo_year, "solo_month": campaigns.t_solo_month,
        "fire_spawn": campaigns.t_fire_spawn, "tg_spawn": campaigns.t_tg_spawn}
    for kind in ("new_queen", "campaign_spawn", "infect_pick"):
        assert Pending.kinds()[kind].__module__ == campaigns.__name__
    assert all(not hasattr(kinds, c) for c in ("NewQueen", "CampaignSpawn", "InfectPick"))
    # no base rule queues a campaign's task by its name: the campaign queues its own
    for name in BASE:
        tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
        words = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        assert not words & {"solo_year", "solo_month", "fire_spawn", "tg_spawn"}, name


def test_the_queen_choices_are_every_type_narrowed_by_the_mode():
    basic = new(1)
    assert hooks.queens_allowed(basic, 0) == QUEENS
    tg = new(1, mode="campaign", campaign="three-generations")
    assert hooks.queens_allowed(tg, 0) == ("hygienic",) == solo.allowed_queens(tg, 0)
