"""The kernel's move JSON adapter (issue 21, point 5): every game with model moves uses it."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, TypeAdapter

from beegames.core.moves import MoveCodec
from beegames.games import available_games, get_engine


class GoMove(BaseModel):
    kind: Literal["go"] = "go"
    to: int
    note: str | None = None


def test_a_codec_round_trips_and_refuses_junk_in_one_short_line():
    codec = MoveCodec(TypeAdapter(GoMove), "Toy")
    assert codec.to_json(GoMove(to=3)) == {"kind": "go", "to": 3, "note": None}
    assert MoveCodec(TypeAdapter(GoMove), "Toy", exclude_none=True).to_json(GoMove(to=3)) == {"kind": "go", "to": 3}
    assert codec.from_json({"kind": "go", "to": 3}) == GoMove(to=3)
    for junk in ({"kind": "stop"}, [1] * 500, None, "go"):
        with pytest.raises(ValueError, match="^not a Toy move: ") as caught:
            codec.from_json(junk)
        assert len(str(caught.value)) < 100


@pytest.mark.parametrize("game", [g for g in available_games() if g != "hive"])
def test_every_model_move_game_goes_through_its_codec(game):
    engine = get_engine(game)
    assert type(engine).move_codec is not None
    assert "move_to_json" not in vars(type(engine)) and "move_from_json" not in vars(type(engine))
    with pytest.raises(ValueError, match=f"not a {engine.title} move"):
        engine.move_from_json({"kind": "no such move"})
