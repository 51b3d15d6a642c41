"""The shape every engine shares (issue 21): its prompts in ``describe.py``, its moves through the
kernel's codec, its automatic steps through the kernel's task queue."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import beegames

GAMES = ("waggle_dance", "bee_lives", "honey_buzz")
PKG = Path(beegames.__file__).parent / "games"


@pytest.mark.parametrize("game", GAMES)
def test_prompts_and_move_texts_live_in_describe(game):
    describe = importlib.import_module(f"beegames.games.{game}.describe")
    assert callable(describe.describe)  # (Waggle Dance's prompts are its decision classes' own)
    tree = ast.parse((PKG / game / "engine.py").read_text(encoding="utf-8"))
    texts = [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.lstrip("_").startswith(
        ("prompt", "describe", "bees"))]
    assert texts == []
