"""Every public function of the game packages says what it does (issue 21,
point 6): a function or method whose name has no leading ``_`` carries a
docstring, or it is made private."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "beegames" / "games"


def undocumented(path: Path) -> list[str]:
    """``name:line`` of each public function in ``path`` without a docstring:
    module-level functions and the methods of public classes."""
    missing: list[str] = []

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if not node.name.startswith("_") and not ast.get_docstring(node):
                    missing.append(f"{prefix}{node.name}:{node.lineno}")
            elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                walk(node.body, f"{prefix}{node.name}.")

    walk(ast.parse(path.read_text(encoding="utf-8")).body, "")
    return missing


def test_every_public_function_in_the_games_has_a_docstring():
    missing = [f"{p.relative_to(GAMES)}:{name}" for p in sorted(GAMES.rglob("*.py")) for name in undocumented(p)]
    assert missing == []


def test_the_check_sees_methods_and_skips_private_names(tmp_path):
    src = tmp_path / "m.py"
    src.write_text('def a():\n    pass\n\ndef _b():\n    pass\n\nclass C:\n    def d(self):\n        """Says."""\n'
                   '    def e(self):\n        pass\n\nclass _D:\n    def f(self):\n        pass\n', encoding="utf-8")
    assert undocumented(src) == ["a:1", "C.e:10"]
