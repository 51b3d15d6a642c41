"""The Hive player of an earlier git revision, for side-by-side benchmarks.

``load(rev)`` copies ``pieces.py``, ``board.py``, ``evaluation.py``,
``search.py`` and ``ai.py`` of ``beegames/games/hive`` as they were at
``rev`` (``git show``) into a temporary package and imports it, so a
benchmark can run today's player and an older one in one process, on the
same clock. Those five modules import only each other and the standard
library.

:data:`PRE_ISSUE_23` is main as it stood before issue 23 (the engine whose
speed and strength the issue measured).
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tempfile
from types import ModuleType

PRE_ISSUE_23 = "6d8b757"
MODULES = ("pieces", "board", "evaluation", "search", "ai")
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def load(rev: str) -> ModuleType:
    """The ``ai`` module of revision ``rev`` (its ``board``, ``search`` and
    ``evaluation`` are attributes of the package: ``load(rev).board``...)."""
    sha = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", rev], capture_output=True, text=True,
                         check=True).stdout.strip()
    name = f"hive_rev_{sha}"
    if name in sys.modules:
        return sys.modules[name + ".ai"]
    base = tempfile.mkdtemp(prefix="hive-rev-")
    pkg = os.path.join(base, name)
    os.makedirs(pkg)
    with open(os.path.join(pkg, "__init__.py"), "w") as f:
        f.write(f'"""beegames.games.hive at {sha} (benchmarks only)."""\n')
    for mod in MODULES:
        text = subprocess.run(["git", "-C", ROOT, "show", f"{sha}:beegames/games/hive/{mod}.py"],
                              capture_output=True, text=True, check=True).stdout
        with open(os.path.join(pkg, mod + ".py"), "w") as f:
            f.write(text)
    sys.path.insert(0, base)
    for mod in MODULES:
        importlib.import_module(f"{name}.{mod}")
    return sys.modules[name + ".ai"]
