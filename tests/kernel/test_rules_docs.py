"""Every reference in the rules-coverage tables resolves (issue 20, point 10).

``docs/rules/<game>.md`` says, for every clause of a rulebook, where the code
enforces it and which test proves it. The names there must be real:

* ``module.py:Name`` (or ``module.py:A, B``, or a path such as
  ``beegames/core/match.py:Match``): the module exists and has ``Name``, at
  its top level or as a member (method, field, property) of one of its
  classes;
* ``module.Name``, and ``Class.member`` for a class of the game (or of the
  kernel): the same, read from the imported module or class;
* ``test_file.py::test_name``, Bee Lives' ``key::test_name`` and a bare
  ``test_name`` (in the file named before it in the same cell, or else in any
  of the game's test files): the test function exists;
* ``file.py`` alone: the file exists.
"""

import ast
import importlib
import inspect
import re
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))
#: doc -> the game's package (under beegames/games/) and test folder (under tests/)
PACKAGE = {"hive": "hive", "waggle-dance": "waggle_dance", "waggle-dance-2014": "waggle_dance",
           "bee-lives": "bee_lives", "honey-buzz": "honey_buzz"}
KERNEL = ("beegames.core.protocol", "beegames.core.state", "beegames.core.match", "beegames.core.saves")

FILE_REF = re.compile(r"(?P<path>(?:[\w.-]+/)*)(?P<file>\w+\.py)(?:(?P<sep>::?)(?P<names>\w+(?:\.\w+)?(?:, ?\w+)*))?")
DOTTED = re.compile(r"(?<![\w./])([A-Za-z_]\w*)\.([A-Za-z_]\w*)\b(?![./])")
#: what follows a dot in a file name, not in code
EXTENSIONS = {"py", "json", "md", "txt", "tcss", "svg"}
TEST_KEY = re.compile(r"(\w+)::(test_\w+)")


def has_name(owner: object, name: str) -> bool:
    """``name`` is an attribute of ``owner``, or a member of one of the classes it defines."""
    if hasattr(owner, name) or name in getattr(owner, "model_fields", {}):
        return True
    if isinstance(owner, ModuleType):
        classes = [c for _, c in inspect.getmembers(owner, inspect.isclass) if c.__module__ == owner.__name__]
        return any(has_name(c, name) for c in classes)
    return False


def module_at(path: Path) -> ModuleType:
    return importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))


@cache
def functions_in(path: Path) -> frozenset[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))


def find_file(package: str, path: str, file: str) -> Path | None:
    if path:
        candidates = [ROOT / path / file, ROOT / "beegames" / path / file]
    elif file.startswith("test_"):
        candidates = [ROOT / "tests" / package / file, *sorted((ROOT / "tests").rglob(file))]
    else:
        candidates = [ROOT / "beegames" / "games" / package / file, *sorted((ROOT / "beegames").rglob(file))]
    return next((c for c in candidates if c.is_file()), None)


def classes_of(package: str) -> dict[str, type]:
    out: dict[str, type] = {}
    for name in (*KERNEL, *(f"beegames.games.{package}.{p.stem}" for p in
                            (ROOT / "beegames" / "games" / package).glob("*.py"))):
        module = importlib.import_module(name)
        for cname, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__:
                out.setdefault(cname, cls)
    return out


def unresolved(doc: Path) -> tuple[list[str], int]:
    """The references of ``doc`` that do not resolve, and how many were checked."""
    package = PACKAGE[doc.stem]
    modules = {p.stem for p in (ROOT / "beegames" / "games" / package).glob("*.py")}
    classes = classes_of(package)
    game_tests = sorted((ROOT / "tests" / package).glob("test_*.py"))
    bad: list[str] = []
    checked = 0
    for line in doc.read_text(encoding="utf-8").splitlines():
        for cell in line.split("|"):
            last_test_file: Path | None = None
            for span in re.findall(r"`([^`]+)`", cell):
                refs = list(FILE_REF.finditer(span))
                for m in refs:
                    checked += 1
                    found = find_file(package, m["path"], m["file"])
                    if found is None:
                        bad.append(f"{span}: no file {m['path']}{m['file']}")
                        continue
                    if m["file"].startswith("test_"):
                        last_test_file = found
                    if not m["names"]:
                        continue
                    for name in re.split(r", ?", m["names"]):
                        if m["sep"] == "::":
                            ok = name in functions_in(found)
                        else:
                            owner: object = module_at(found)
                            for part in name.split("."):
                                ok = has_name(owner, part)
                                owner = getattr(owner, part, None)
                                if not ok:
                                    break
                        if not ok:
                            bad.append(f"{span}: {found.relative_to(ROOT)} has no {name}")
                if refs:
                    continue
                key = TEST_KEY.fullmatch(span)
                if key and package == "bee_lives":
                    checked += 1
                    last_test_file = ROOT / "tests" / package / f"test_bl_{key[1]}.py"
                    if not last_test_file.is_file() or key[2] not in functions_in(last_test_file):
                        bad.append(f"{span}: no such test")
                    continue
                if re.fullmatch(r"test_\w*[^\W_]", span):
                    checked += 1
                    files = [last_test_file] if last_test_file is not None else game_tests
                    if not any(span in functions_in(f) for f in files):
                        bad.append(f"{span}: no such test in {', '.join(f.name for f in files)}")
                    continue
                for first, second in DOTTED.findall(span):
                    if second in EXTENSIONS:
                        continue
                    if first in modules:
                        owner = importlib.import_module(f"beegames.games.{package}.{first}")
                    elif first in classes:
                        owner = classes[first]
                    else:
                        continue  # a data path (`comb.start`), an option (`options.length`): not code
                    checked += 1
                    if not has_name(owner, second):
                        bad.append(f"{span}: {first} has no {second}")
    return bad, checked


@pytest.mark.parametrize("doc", DOCS, ids=[d.stem for d in DOCS])
def test_every_code_and_test_reference_resolves(doc):
    bad, checked = unresolved(doc)
    assert checked > 40, f"{doc.name}: only {checked} references found"
    assert not bad, bad


def test_every_game_has_a_coverage_table():
    assert {d.stem for d in DOCS} == set(PACKAGE)
