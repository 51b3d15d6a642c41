"""What each seat may see: the kernel's per-seat views, for every game that
hides information, checked by random play.

For every registered game whose seats can hold private things, at every
decision of random games:

- a seat's view holds no hidden item it may not see (each is replaced by its
  declared stand-in), no log line meant for another seat, and never the
  real chance generator;
- an engine's own fast ``view`` gives exactly the kernel's generic redaction;
- a computer player given the same view and seed chooses the same move
  whatever the items hidden from it hold;
- computer players are only ever handed their own seat's view.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beegames.core.match import Match
from beegames.core.protocol import Engine, SeatInfo
from beegames.core.simulate import play_game
from beegames.core.state import PrivateLine
from beegames.core.views import NEUTRAL_RNG, get_path, redact, set_path
from beegames.games import available_games, get_engine
from beegames.games.waggle_dance.data import game_data

GAMES = [g for g in available_games() if not g.startswith("toy") and get_engine(g).hides_information]
#: players and options that reach the game's hidden things quickly
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "waggle-dance": (3, {"threats": True}),
    "honey-buzz": (2, {"advanced": True}),
}


def test_the_games_with_hidden_information_are_checked():
    assert "waggle-dance" in GAMES


def check_views(engine: Engine[Any, Any], state: Any, seats: int) -> int:
    """Check every seat's view of ``state``; returns how many private items
    (seen by some seats only) it held."""
    truth = state.model_dump()
    items = engine.hidden_items(state)
    for seat in [*range(seats), None]:
        view = engine.view(state, seat)
        seen = view.model_dump()
        for item in items:
            got = get_path(seen, item.path)
            if item.visible_to(seat):
                assert got == get_path(truth, item.path), f"seat {seat} lost its own {item.path}"
            else:
                assert got == item.stand_in, f"seat {seat} sees {item.path}"
        for line in view.log:
            assert not isinstance(line, PrivateLine) or line.readable_by(seat), f"seat {seat} reads {line!r}"
        assert engine.visible_log(state, seat) == [str(line) for line in view.log]
        if state.rng is not None:
            assert view.rng == NEUTRAL_RNG
        generic = redact(state, items, seat)
        assert view.model_dump(mode="json") == generic.model_dump(mode="json"), "engine.view differs from redact"
    return sum(1 for item in items if item.seen_by)


def without_secrets(engine: Engine[Any, Any], state: Any, seat: int) -> Any:
    """``state`` with everything ``seat`` may not see changed: hidden items
    replaced, other seats' private lines gone, another generator."""
    data = state.model_dump()
    for item in engine.hidden_items(state):
        if not item.visible_to(seat):
            set_path(data, item.path, item.stand_in)
    data["log"] = [line for line in data["log"] if not isinstance(line, PrivateLine) or line.readable_by(seat)]
    if data.get("rng") is not None:
        data["rng"] = {"seed": 12345, "state": 987654321}
    return type(state).model_validate(data)


def check_choice_blind_to_secrets(engine: Engine[Any, Any], state: Any, seat: int, level: str) -> None:
    other = without_secrets(engine, state, seat)
    v1, v2 = engine.view(state, seat), engine.view(other, seat)
    assert v1.model_dump(mode="json") == v2.model_dump(mode="json")
    a = engine.make_player(level, 77).choose(engine, v1)
    b = engine.make_player(level, 77).choose(engine, v2)
    assert engine.move_to_json(a) == engine.move_to_json(b)


def random_match(engine: Engine[Any, Any], seed: int, players: int, options: dict[str, Any],
                 decisions: int, check_every: int = 1) -> int:
    seats = [SeatInfo(name=f"P{i + 1}", kind="computer", level="random") for i in range(players)]
    match = Match.new(engine, options=options, seats=seats, seed=seed)
    rnd = random.Random(seed)
    levels = [lv for lv in engine.levels if lv != "random"] or list(engine.levels)
    private = 0
    for n in range(decisions):
        if match.over:
            break
        d = match.decision
        if d is None:
            match.step()
            continue
        if n % check_every == 0:
            private += check_views(engine, match.state, players)
            check_choice_blind_to_secrets(engine, match.state, d.seat, levels[n % len(levels)])
        match.play(rnd.choice(match.legal_moves()))
    return private


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_no_view_holds_another_seats_secrets(game, seed):
    engine = get_engine(game)
    players, options = SETUPS.get(game, (engine.min_players, {}))
    assert random_match(engine, seed, players, options, decisions=200, check_every=4) > 0


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_toy_secrets_stay_with_their_seat(pig, seed):
    assert random_match(pig, seed, 3, {"secret": True}, decisions=40) > 0


def test_waggle_dance_choice_ignores_the_other_hand():
    """Two positions that differ only in the opponent's Queen Bee cards: the
    computer player of seat 0 sees the same view and makes the same choice."""
    engine = get_engine("waggle-dance")
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob")]
    match = Match.new(engine, seats=seats, seed=21)
    chooser = engine.make_player("good", 1)
    while True:
        d = match.decision
        st_ = match.state
        if d is not None and d.seat == 0 and d.kind == "turn" and st_.players[1].hand:
            break
        match.play(chooser.choose(engine, engine.view(st_, d.seat)))
    state = match.state
    swapped = state.model_copy(deep=True)
    pool = sorted({c.id for c in game_data().queen.cards})
    swapped.players[1].hand = [c for c in pool if c not in state.players[1].hand][: len(state.players[1].hand)]
    assert swapped.players[1].hand != state.players[1].hand
    v1, v2 = engine.view(state, 0), engine.view(swapped, 0)
    assert v1.model_dump() == v2.model_dump()
    for seed in range(5):
        a = engine.make_player("good", seed).choose(engine, v1)
        b = engine.make_player("good", seed).choose(engine, v2)
        assert a == b


class Spy:
    """A computer player that records what it is shown."""

    def __init__(self, engine: Engine[Any, Any], seat: int, seen: list[tuple[int, Any]]) -> None:
        self.inner = engine.make_player(engine.levels[0], seat)
        self.seat = seat
        self.seen = seen

    def choose(self, engine: Engine[Any, Any], view: Any) -> Any:
        self.seen.append((self.seat, view))
        return self.inner.choose(engine, view)


@pytest.mark.parametrize("game", [*GAMES, "toy-pig"])
def test_computer_players_are_shown_only_their_own_view(game, pig):
    engine = pig if game == "toy-pig" else get_engine(game)
    players, options = SETUPS.get(game, (engine.min_players, {"secret": True} if game == "toy-pig" else {}))
    seats = [SeatInfo(name=f"P{i + 1}", kind="computer", level=engine.levels[0]) for i in range(players)]
    seen: list[tuple[int, Any]] = []
    spies = [Spy(engine, i, seen) for i in range(players)]
    match, _ = play_game(engine, engine.options_model.model_validate(options), seats, seed=3, players=spies,
                         max_decisions=120, check=False)
    assert seen
    replay = Match.new(engine, options=options, seats=seats, seed=3)
    for (seat, view), entry in zip(seen, match.history):
        assert replay.decision is not None and replay.decision.seat == seat == entry.seat
        assert view.model_dump(mode="json") == engine.view(replay.state, seat).model_dump(mode="json")
        replay.play(engine.move_from_json(entry.move))


def test_one_computer_player_per_seat_for_the_whole_match(pig):
    seats = [SeatInfo(name="A", kind="computer"), SeatInfo(name="B", kind="computer")]
    match = Match.new(pig, seats=seats, seed=4)
    first = [match.player(0), match.player(1)]
    for _ in range(12):
        if match.over:
            break
        match.play(match.computer_move())
    assert [match.player(0), match.player(1)] == first
    assert match.player(0) is first[0]
