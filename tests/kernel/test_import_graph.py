"""No import loops: a module never needs, while it loads, a module that needs it.

Only imports that run when a module loads count (imports inside functions
and under ``if TYPE_CHECKING:`` do not), within the ``beegames`` package.
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


def load_time_imports(path: Path) -> set[str]:
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


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in PKG.rglob("*.py")}
    return {name: {m for m in load_time_imports(path) if m in modules and m != name}
            for name, path in modules.items()}


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
    # a module reaching its own enclosing package (``from . import x``) is the
    # normal way a package's parts find each other, not a loop
    edges = {name: {m for m in deps if not name.startswith(m + ".")} for name, deps in graph().items()}
    assert [" -> ".join(c) for c in cycles(edges)] == []


def test_a_real_loop_is_found():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c", "a"]]


def test_the_players_module_does_not_import_the_protocol():
    assert "beegames.core.protocol" not in graph()["beegames.core.players"]
