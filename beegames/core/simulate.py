"""Headless play: whole games with the computer in every seat.

Used by ``beegames simulate``, by benchmarks and by the random-play tests.
Every automatic step and every move is followed by the engine's invariant
check, so a simulation run doubles as a consistency test.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .match import Match
from .players import ComputerPlayer
from .protocol import Engine, SeatInfo
from .trust import check_state

__all__ = ["GameReport", "SimulationReport", "check_save_replays", "check_state", "play_game", "simulate"]


class GameReport(BaseModel):
    index: int
    seed: int
    completed: bool
    stopped: bool = False
    winners: list[int] = []
    draw: bool = False
    summary: str = ""
    decisions: int = 0
    turns: int = 0
    seconds: float = 0.0
    error: str | None = None
    save: str | None = None


class SimulationReport(BaseModel):
    game: str
    games: int
    completed: int
    stopped: int
    errors: int
    mean_seconds_per_game: float
    wins_by_seat: list[int]
    draws: int
    #: finished games that no seat won (a solo game lost to the automaton)
    no_winner: int
    results: list[GameReport]


def check_save_replays(match: Match[Any, Any]) -> None:
    """Write the match as a save document and rebuild it by replaying its
    history from the seed, as loading a save does; the states must agree."""
    from .saves import to_document

    doc = to_document(match)
    again = Match.replay(match.engine, match.header, doc.history)
    if again.settled_state().model_dump(mode="json") != doc.state:
        raise AssertionError("replaying the saved history does not rebuild the saved state")


def play_game(engine: Engine[Any, Any], options: BaseModel, seats: Sequence[SeatInfo], seed: int, *,
              players: Sequence[ComputerPlayer] | None = None, max_decisions: int | None = None,
              check: bool = True,
              on_decision: Callable[[Match[Any, Any]], None] | None = None) -> tuple[Match[Any, Any], bool]:
    """Play one game to its end (or to ``max_decisions``).

    Each seat's computer player is the match's own (one per seat for the
    whole game, built from the seat's ``level``, exactly as in the app), or
    the one given in ``players``. Players are shown only their seat's view.
    Returns the match and whether it was stopped at the decision limit. With
    ``check``, after every move and every automatic step the engine's
    invariants are checked and the state must survive a JSON round-trip; at
    the end the whole save must replay to the same state.
    """
    match: Match[Any, Any] = Match.new(engine, options=options, seats=list(seats), seed=seed)
    if players is not None:
        for i, player in enumerate(players):
            match.set_player(i, player)
    if check:
        check_state(engine, match.state)
    while True:
        decision = match.decision
        if decision is None:
            if match.over:
                if check:
                    check_save_replays(match)
                return match, False
            if not match.step():
                raise RuntimeError("the engine has no decision, no automatic step and no result")
            if check:
                check_state(engine, match.state)
            continue
        if max_decisions is not None and len(match.history) >= max_decisions:
            if check:
                check_save_replays(match)
            return match, True
        match.play(match.computer_move(), advance=not check)
        if check:
            check_state(engine, match.state)
        if on_decision is not None:
            on_decision(match)


def _sim_save_name(match: Match[Any, Any], level: str, seed: int) -> str:
    """The file name of a simulated game's save: the game and its setup, the
    number of seats, the level and the seed, so that runs of different modes
    into one folder keep apart (a name already taken gets ``-2``, ``-3`` …)."""
    from .saves import game_slug, slug

    return f"{game_slug(match)}_sim_{len(match.header.seats)}p_{slug(level)}_seed{seed}"


def simulate(engine: Engine[Any, Any], options: BaseModel, *, games: int, seed: int, players: int,
             level: str, max_decisions: int | None = None, save_dir: Path | None = None,
             progress: Callable[[GameReport], None] | None = None) -> SimulationReport:
    from . import saves  # local import keeps this module light

    reports: list[GameReport] = []
    wins = [0] * players
    draws = 0
    seat_names = engine.seat_names(options, players)
    seats = [SeatInfo(name=seat_names[i], kind="computer", level=level) for i in range(players)]
    for i in range(games):
        game_seed = seed + i
        started = time.perf_counter()
        report = GameReport(index=i + 1, seed=game_seed, completed=False)
        try:
            match, stopped = play_game(engine, options, seats, game_seed, max_decisions=max_decisions)
            report.completed = True
            report.stopped = stopped
            report.decisions = len(match.history)
            report.turns = match.turn
            result = match.result
            if result is None:
                report.draw = True
                report.summary = f"stopped after {len(match.history)} decisions: counted as a draw"
            else:
                report.winners = result.winners
                report.draw = result.draw
                report.summary = result.summary
            if save_dir is not None:
                path = saves.create_new_save(match, Path(save_dir), name=_sim_save_name(match, level, game_seed))
                report.save = str(path)
        except Exception as exc:
            report.error = f"{type(exc).__name__}: {exc}"
            report.summary = traceback.format_exc(limit=6).strip().splitlines()[-1]
        report.seconds = round(time.perf_counter() - started, 4)
        if report.completed:
            if report.draw:
                draws += 1
            for w in report.winners:
                wins[w] += 1
        reports.append(report)
        if progress is not None:
            progress(report)
    completed = sum(r.completed for r in reports)
    no_winner = sum(1 for r in reports if r.completed and not r.draw and not r.winners)
    return SimulationReport(
        game=engine.game_id,
        games=games,
        completed=completed,
        stopped=sum(r.stopped for r in reports),
        errors=sum(r.error is not None for r in reports),
        mean_seconds_per_game=round(sum(r.seconds for r in reports) / max(1, games), 4),
        wins_by_seat=wins,
        draws=draws,
        no_winner=no_winner,
        results=reports,
    )
