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


@pytest.mark.parametrize("game, module", [("honey_buzz", "rules"), ("bee_lives", "kinds")])
def test_bee_lives_and_honey_buzz_decide_through_one_class_per_kind(game, module):
    from typing import get_args

    from beegames.core.decisions import DecisionBase

    models = importlib.import_module(f"beegames.games.{game}.models")
    decision = importlib.import_module(f"beegames.games.{game}.{module}").Decision
    kinds = models.Pending.kinds()
    assert set(kinds) == set(get_args(models.PendingKind))
    for kind, cls in kinds.items():
        assert issubclass(cls, decision) and issubclass(cls, DecisionBase)
        assert cls.answers and cls.asked and cls.__doc__, kind
        for method in ("legal", "apply"):
            assert getattr(cls, method) is not getattr(decision, method, None), (kind, method)


@pytest.mark.parametrize("game", GAMES)
def test_a_misspelt_decision_kind_is_refused_when_a_state_is_read(game):
    from pydantic import ValidationError

    from beegames.core.protocol import SeatInfo
    from beegames.games import get_engine

    engine = get_engine(game.replace("_", "-"))
    state = engine.advance(engine.new_state(engine.options_model(), [SeatInfo(name="A"), SeatInfo(name="B")], 3))
    data = state.model_dump(mode="json")
    assert data["pending"] is not None
    assert type(engine.state_model.model_validate(data).pending) is type(state.pending)
    data["pending"]["kind"] = "tunr"
    with pytest.raises(ValidationError):
        engine.state_model.model_validate(data)
