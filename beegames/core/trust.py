"""Checking a position the engine did not reach itself.

A save's history is replayed from the seed, so the position it leads to is
one the rules made. Two positions in a save are not made that way: a
*checkpoint* (where a game saved under older rules was taken up again) and,
for a save from older rules whose history no longer replays, the saved
position itself. Either could have been edited by hand, so before the game
goes on from one, :func:`position_problem` puts it through every check there
is:

1. it must fit the save's header (the same options, one player per seat);
2. the engine's :meth:`~beegames.core.protocol.Engine.check_position` (its
   invariants, and whatever more the game can check) and the state's JSON
   round trip (:func:`~beegames.core.simulate.check_state`);
3. it must be playable: its automatic steps end (within :data:`MAX_STEPS`,
   the invariants holding after each) in a decision for a seat that has
   legal moves, or in a result; every seat's view, the log and the hidden
   items can be built; and a sample of the legal moves (:data:`MOVES_TRIED`)
   can be read back, described and applied, the invariants holding after
   each and after the automatic steps that follow.

Whatever fails, and however it fails (a broken invariant, or the rules
tripping over a dangling reference), the answer is one short line.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from .errors import IllegalMove
from .match import MatchHeader, _short
from .protocol import Engine
from .simulate import check_state

#: The most automatic steps a position may run before a seat must decide.
MAX_STEPS = 2_000
#: How many of a position's legal moves are applied to try it (spread over the list).
MOVES_TRIED = 12


def position_problem(engine: Engine[Any, Any], state: BaseModel, header: MatchHeader) -> str | None:
    """None if ``state`` passes every check (see the module notes), else
    what is wrong with it, in a few words."""
    try:
        _fits(engine, state, header)
        engine.check_position(state)
        check_state(engine, state)
        settled = _settle(engine, state)
        moves = _playable(engine, settled, len(header.seats))
        for move in _spread(moves, MOVES_TRIED):
            after = engine.apply(settled, move)
            engine.check_invariants(after)
            _playable(engine, _settle(engine, after), len(header.seats))
    except AssertionError as exc:
        return _short(exc, 100) if str(exc) else "it breaks a rule check"
    except IllegalMove as exc:
        return f"a move it offers is refused ({_short(exc.reason, 60)})"
    except RecursionError:
        return "the rules cannot play it (it is nested too deeply)"
    except Exception as exc:  # the rules trip over it: a dangling reference, a value out of range
        return f"the rules cannot play it ({type(exc).__name__}: {_short(exc, 40)})"
    return None


def _fits(engine: Engine[Any, Any], state: BaseModel, header: MatchHeader) -> None:
    """A position that names its options or lists its players must name the
    header's options and have one player per seat."""
    options = getattr(state, "options", None)
    if isinstance(options, BaseModel):
        expected = engine.options_model.model_validate(header.options).model_dump(mode="json")
        assert options.model_dump(mode="json") == expected, "its options are not the game's"
    players = getattr(state, "players", None)
    if isinstance(players, list):
        assert len(players) == len(header.seats), f"it has {len(players)} players for {len(header.seats)} seats"


def _settle(engine: Engine[Any, Any], state: Any) -> Any:
    for _ in range(MAX_STEPS):
        nxt = engine.step(state)
        if nxt is None:
            return state
        engine.check_invariants(nxt)
        state = nxt
    raise AssertionError(f"its automatic steps do not end (more than {MAX_STEPS:,})")


def _playable(engine: Engine[Any, Any], state: Any, seats: int) -> list[Any]:
    """Build everything the app builds from a settled position; its legal moves."""
    decision = engine.decision(state)
    result = engine.result(state)
    engine.turn_number(state)
    engine.full_log(state)
    for item in engine.hidden_items(state):
        assert all(0 <= seat < seats for seat in item.seen_by), "something hidden is seen by a seat not in the game"
    engine.has_hidden_information(state)
    for seat in (None, *range(seats)):
        engine.view(state, seat)
        engine.visible_log(state, seat)
    if decision is None:
        assert result is not None, "the game neither waits for a decision nor has ended"
        assert all(0 <= seat < seats for seat in result.winners), "a winner who is not in the game"
        return []
    assert 0 <= decision.seat < seats, f"seat {decision.seat + 1} is to decide, and there is no such seat"
    moves = engine.legal_moves(state)
    assert moves, "a seat must decide and has no legal move"
    for move in _spread(moves, MOVES_TRIED):
        engine.describe_move(state, move)
        assert engine.move_from_json(engine.move_to_json(move)) == move, "a move it offers cannot be saved"
    return moves


def _spread(items: list[Any], count: int) -> list[Any]:
    """At most ``count`` of ``items``, spread evenly (the first and last included)."""
    if len(items) <= count:
        return items
    step = (len(items) - 1) / (count - 1)
    return [items[round(i * step)] for i in range(count)]
