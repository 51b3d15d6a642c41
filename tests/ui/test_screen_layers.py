"""The layers between the game engines and the screens: a game screen (and
its game's widgets, ``ui/widgets/<game>/``) imports from the engine side only
its game's ``view`` and ``models`` and the kernel (``core``); everything it
draws comes from the view, and it computes no rule itself.

The screens that other work is still converting are listed in
:data:`CONVERTING_ELSEWHERE` with the imports they have today: a new import
outside the rule still fails, and the entries go when the conversion lands.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import beegames

UI = Path(beegames.__file__).parent / "ui"
#: screen module -> its game's package under beegames.games
SCREENS = {"hive": "hive", "waggle_dance": "waggle_dance", "bee_lives": "bee_lives", "honey_buzz": "honey_buzz"}
#: screens still being converted to their views (issue 17/18), with the engine modules they import
#: today besides view and models. To be emptied at integration.
CONVERTING_ELSEWHERE: dict[str, set[str]] = {
    "honey_buzz": {"beegames.games.honey_buzz.common", "beegames.games.honey_buzz.data",  # hb-ui
                   "beegames.games.honey_buzz.geometry", "beegames.games.honey_buzz.placement"},
}


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (relative imports made absolute), inside functions too."""
    module = "beegames." + ".".join(path.relative_to(UI.parent).with_suffix("").parts)
    package = module.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rsplit(".", 1)[0]
            name = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            out.add(name)
            if name.startswith("beegames.games.") and name.count(".") == 2:
                # "from ...games.bee_lives import view" imports the module view
                out.update(f"{name}.{alias.name}" for alias in node.names)
    return out


def _outside_the_rule(imports: set[str], game: str) -> set[str]:
    allowed = {f"beegames.games.{game}.view", f"beegames.games.{game}.models"}
    engine = {m for m in imports if m.startswith("beegames.games")}
    # a bare "beegames.games.<game>" is the package of a name imported from it, checked by that name
    return {m for m in engine if m not in allowed and m != f"beegames.games.{game}" and m != "beegames.games"
            and not any(m.startswith(a + ".") for a in allowed)}


def _files(screen: str) -> list[Path]:
    files = [UI / "screens" / f"{screen}.py"]
    widgets = UI / "widgets" / screen
    if widgets.is_dir():
        files += sorted(widgets.glob("*.py"))
    return files


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_game_screen_imports_only_its_games_view_and_models(screen):
    game = SCREENS[screen]
    found = set()
    for path in _files(screen):
        found |= _outside_the_rule(_imports(path), game)
    # other games' engines are never imported
    others = {m for m in found if not m.startswith(f"beegames.games.{game}")}
    assert not others, f"{screen} imports other games' engines: {sorted(others)}"
    extra = found - CONVERTING_ELSEWHERE.get(screen, set())
    assert not extra, f"{screen} imports engine modules besides view and models: {sorted(extra)}"


def test_the_rule_catches_what_it_is_meant_to():
    imports = {"beegames.games.bee_lives.view", "beegames.games.bee_lives.models", "beegames.core.match",
               "beegames.games.bee_lives.solo", "beegames.games.bee_lives.data", "beegames.games.hive.view"}
    assert _outside_the_rule(imports, "bee_lives") == {"beegames.games.bee_lives.solo",
                                                       "beegames.games.bee_lives.data", "beegames.games.hive.view"}


def test_the_bee_lives_screen_is_under_800_lines():
    lines = len((UI / "screens" / "bee_lives.py").read_text(encoding="utf-8").splitlines())
    assert lines < 800, lines
