"""The rules and the kernel never import the UI."""

import ast
from pathlib import Path

import beegames

PKG = Path(beegames.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module if node.level == 0 else "." * node.level + node.module)
    return out


def test_core_and_games_do_not_import_textual_or_ui():
    offenders = []
    for folder in ("core", "games"):
        for path in (PKG / folder).rglob("*.py"):
            for mod in imported_modules(path):
                if mod.split(".")[0] == "textual" or mod.lstrip(".").startswith("ui") or "beegames.ui" in mod:
                    offenders.append(f"{path.relative_to(PKG)}: {mod}")
    assert offenders == []


def test_core_knows_no_game():
    for path in (PKG / "core").rglob("*.py"):
        for mod in imported_modules(path):
            assert "games" not in mod, f"{path.name} imports {mod}"
