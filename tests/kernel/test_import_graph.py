"""No import loops: a module never needs, while it loads, a module that needs it,
and (issue 21, point 4) no circle of modules through any import at all,
imports inside functions counted too (only those under ``if TYPE_CHECKING:``
never run, so they do not count), within the ``beegames`` package.
"""

import ast
from pathlib import Path

import beegames

PKG = Path(beegames.__file__).parent


def module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def load_time_imports(path: Path, *, in_functions: bool = False) -> set[str]:
    """The ``beegames`` modules ``path`` imports while it loads (and, with
    ``in_functions``, also inside its functions and classes)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(getattr(node, "orelse", []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
                visit(getattr(node, "finalbody", []))
            elif isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif in_functions and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.With,
                                                    ast.For, ast.While, ast.Match)):
                for part in ast.iter_child_nodes(node):
                    if isinstance(part, ast.match_case):
                        visit(part.body)
                visit([n for n in ast.iter_child_nodes(node) if isinstance(n, ast.stmt)])
                visit(getattr(node, "orelse", []))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                out.add(mod)
                out.update(f"{mod}.{a.name}" for a in node.names)

    visit(tree.body)
    return {m for m in out if m.startswith("beegames")}


def graph(*, in_functions: bool = False) -> dict[str, set[str]]:
    modules = {module_name(p): p for p in PKG.rglob("*.py")}
    return {name: {m for m in load_time_imports(path, in_functions=in_functions) if m in modules and m != name}
            for name, path in modules.items()}


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The groups of modules that reach one another (strongly connected, two or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def walk(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                walk(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = {stack.pop()}
            while node not in group:
                group.add(stack.pop())
            if len(group) > 1:
                found.append(frozenset(group))

    for node in sorted(edges):
        if node not in index:
            walk(node)
    return found


def _within_package(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    # a module reaching its own enclosing package (``from . import x``) is the
    # normal way a package's parts find each other, not a loop
    return {name: {m for m in deps if not name.startswith(m + ".")} for name, deps in edges.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    found, state, stack = [], {}, []

    def walk(node: str) -> None:
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == "open":
                found.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            walk(node)
    return found


def test_no_module_imports_itself_back_while_loading():
    assert [" -> ".join(c) for c in cycles(_within_package(graph()))] == []


def test_no_circle_of_modules_counting_imports_inside_functions():
    """No base rule of a game imports a solo mode (they register hooks), the
    kernel's save checks need no simulation module, and so on."""
    assert [sorted(c) for c in circles(_within_package(graph(in_functions=True)))] == []


def test_imports_inside_functions_are_counted():
    src = PKG / "core" / "simulate.py"  # imports the saves module inside its functions
    assert "beegames.core.saves" not in load_time_imports(src)
    assert "beegames.core.saves" in load_time_imports(src, in_functions=True)
    edges = {"a": {"b"}, "b": {"a", "c"}, "c": set(), "d": {"e"}, "e": {"d"}}
    assert sorted(map(sorted, circles(edges))) == [["a", "b"], ["d", "e"]]


def test_a_real_loop_is_found():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c", "a"]]


def test_the_players_module_does_not_import_the_protocol():
    assert "beegames.core.protocol" not in graph()["beegames.core.players"]


def test_the_app_is_the_top_of_the_ui():
    """Screens ask the app to open the menu's screens (new game, load, rules) and to say which
    game is open, and the keymap is handed the app's classes: no UI module but the app imports
    those screens, the app or the keymap, counting imports inside functions."""
    edges = graph(in_functions=True)
    top = {"beegames.ui.app", "beegames.ui.keymap"} | {f"beegames.ui.screens.{name}"
                                                        for name in ("menu", "newgame", "load", "rules")}
    below = {name: sorted(deps & top) for name, deps in edges.items()
             if name.startswith("beegames.ui") and name != "beegames.ui.app" and deps & top}
    assert below == {}


def test_the_bee_lives_players_depend_one_way():
    """``ai`` (the entry, ``make_player``) puts the players together; the solo-mode
    player and the planner build on the heuristic player, which imports none of them,
    and neither of the two imports the other or the entry (inside functions too); the
    planner's lookahead and search (``planner_search``), which the planner builds on,
    import of them only the heuristic player (the planner for the type checker only)."""
    edges = graph(in_functions=True)
    bl = "beegames.games.bee_lives."
    players = {"ai", "ai_modes", "planner", "planner_search", "heuristic"}
    uses = {name: sorted(m.removeprefix(bl) for m in edges[bl + name] if m.removeprefix(bl) in players)
            for name in sorted(players)}
    assert uses == {"ai": ["ai_modes", "heuristic", "planner"], "ai_modes": ["heuristic"],
                    "heuristic": [], "planner": ["heuristic", "planner_search"], "planner_search": ["heuristic"]}
