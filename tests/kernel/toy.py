"""A tiny dice game used to test the kernel without any real game.

"Nectar pig": on your turn choose ``roll`` or ``bank``. A roll (an automatic
chance step) adds the die to your pot, but a 1 empties the pot and ends the
turn. ``bank`` adds the pot to your score. First to ``target`` wins. After
each bank, the *other* player must answer a ``cheer`` decision (yes or no),
to exercise decisions that fall to a seat whose turn it is not.

With the ``secret`` option each seat also holds a secret number (1-6) that
only it may see, to exercise per-seat views, hand-offs and hot-seat undo.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from beegames.core.errors import IllegalMove
from beegames.core.protocol import Decision, Engine, GameResult, SeatInfo
from beegames.core.rng import Rng, RngState
from beegames.core.state import GameState
from beegames.core.views import HiddenItem


class PigOptions(BaseModel):
    target: int = Field(20, description="Points needed to win")
    mode: Literal["plain", "cheer"] = Field("cheer", description="Whether banking asks for a cheer")
    secret: bool = Field(False, description="Each seat holds a secret number")


class PigState(GameState):
    options: PigOptions
    rng: RngState
    scores: list[int]
    secrets: list[int] = Field(default_factory=list)
    pot: int = 0
    to_move: int = 0
    pending_roll: bool = False
    cheer_from: int | None = None
    turn: int = 1
    winner: int | None = None


class PigEngine(Engine[PigState, str]):
    game_id = "toy-pig"
    title = "Nectar Pig"
    options_model = PigOptions
    state_model = PigState
    min_players = 2
    max_players = 3
    hides_information = True

    def new_state(self, options, seats: Sequence[SeatInfo], seed: int) -> PigState:
        s = PigState(options=options, rng=RngState.from_seed(seed), scores=[0] * len(seats))
        if options.secret:
            s.secrets = [Rng(s.rng).d6() for _ in seats]
            for i, v in enumerate(s.secrets):
                s.say(f"Seat {i + 1}'s secret is {v}.", seats=[i])
        return s

    def hidden_items(self, state):
        return [HiddenItem(("secrets", i), frozenset({i}), 0) for i in range(len(state.secrets))]

    def decision(self, state):
        if state.winner is not None or state.pending_roll:
            return None
        if state.cheer_from is not None:
            return Decision(seat=state.cheer_from, kind="cheer", prompt="Cheer for the banker?")
        return Decision(seat=state.to_move, kind="turn", prompt="Roll or bank?")

    def legal_moves(self, state):
        d = self.decision(state)
        if d is None:
            return []
        if d.kind == "cheer":
            return ["yes", "no"]
        return ["roll", "bank"] if state.pot else ["roll"]

    def result(self, state):
        if state.winner is None:
            return None
        return GameResult(winners=[state.winner], scores=[float(s) for s in state.scores],
                          summary=f"Seat {state.winner + 1} wins with {state.scores[state.winner]}.")

    def apply(self, state, move):
        if move not in self.legal_moves(state):
            raise IllegalMove(f"{move!r} is not possible now.")
        s = state.model_copy(deep=True)
        if move in ("yes", "no"):
            s.log.append(f"Seat {s.cheer_from + 1} says {move}.")
            s.cheer_from = None
            return s
        if move == "roll":
            s.pending_roll = True
            return s
        s.scores[s.to_move] += s.pot
        s.log.append(f"Seat {s.to_move + 1} banks {s.pot}.")
        s.pot = 0
        if s.scores[s.to_move] >= s.options.target:
            s.winner = s.to_move
            return s
        if s.options.mode == "cheer":
            s.cheer_from = (s.to_move + 1) % len(s.scores)
        s.to_move = (s.to_move + 1) % len(s.scores)
        s.turn += 1
        return s

    def step(self, state):
        if not state.pending_roll:
            return None
        s = state.model_copy(deep=True)
        die = Rng(s.rng).d6()
        s.reveal()
        s.pending_roll = False
        if die == 1:
            s.log.append(f"Seat {s.to_move + 1} rolls 1 and loses the pot.")
            s.pot = 0
            s.to_move = (s.to_move + 1) % len(s.scores)
            s.turn += 1
        else:
            s.pot += die
            s.log.append(f"Seat {s.to_move + 1} rolls {die}.")
        return s

    def move_to_json(self, move):
        return move

    def move_from_json(self, data):
        if data not in ("roll", "bank", "yes", "no"):
            raise ValueError(f"not a move: {data!r}")
        return data

    def describe_move(self, state, move):
        return f"Seat {self.decision(state).seat + 1}: {move}"

    def parse_move(self, state, text):
        t = text.strip().lower()
        if t not in ("roll", "bank", "yes", "no"):
            raise IllegalMove(f"Type roll, bank, yes or no, not {text!r}.")
        return t

    def check_invariants(self, state):
        assert all(s >= 0 for s in state.scores)
        assert state.pot >= 0
