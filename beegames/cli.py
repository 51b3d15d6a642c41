"""The ``beegames`` command line.

``beegames`` alone opens the menu; the sub-commands start or resume a game,
list and verify saves, run headless simulations and benchmarks, and give
Hive's Universal Hive Protocol engine and perft counter.
"""

from __future__ import annotations

import argparse
import os
import sys
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from . import __version__
from .core.errors import BeegamesError, SaveError, UnknownGame
from .core.protocol import Engine, SeatInfo
from .games import TITLES, get_engine, known_games

EXIT_USAGE = 2


# --------------------------------------------------------------------------
# game options as command-line flags
# --------------------------------------------------------------------------
def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def add_option_flags(parser: argparse.ArgumentParser, model: type[BaseModel]) -> None:
    """One flag per field of a game's options model."""
    for name, field in model.model_fields.items():
        ann = field.annotation
        help_text = field.description or name.replace("_", " ")
        if ann is bool:
            parser.add_argument(_flag(name), dest=f"opt_{name}", action="store_true", default=None,
                                help=help_text)
        elif typing.get_origin(ann) is typing.Literal:
            choices = [str(c) for c in typing.get_args(ann)]
            parser.add_argument(_flag(name), dest=f"opt_{name}", choices=choices, default=None,
                                help=f"{help_text} (default {field.default})")
        elif ann is int:
            parser.add_argument(_flag(name), dest=f"opt_{name}", type=int, default=None,
                                help=f"{help_text} (default {field.default})")
        else:
            parser.add_argument(_flag(name), dest=f"opt_{name}", default=None,
                                help=f"{help_text} (default {field.default!r})")


def options_from_args(engine: Engine, args: argparse.Namespace) -> BaseModel:
    values = {name: getattr(args, f"opt_{name}") for name in engine.options_model.model_fields
              if getattr(args, f"opt_{name}", None) is not None}
    try:
        return engine.options_model.model_validate(values)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first.get("loc", ()))
        msg = str(first.get("msg", "invalid")).removeprefix("Value error, ")
        raise UsageError(f"invalid value for {_flag(field) if field else 'options'}: {msg}") from None


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> typing.NoReturn:  # one clear line, then usage
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _engines() -> dict[str, Engine | None]:
    out: dict[str, Engine | None] = {}
    for game_id in known_games():
        try:
            out[game_id] = get_engine(game_id)
        except UnknownGame:
            out[game_id] = None
    return out


def build_parser() -> argparse.ArgumentParser:
    engines = _engines()
    parser = _Parser(prog="beegames", description="Bee-themed board games in the terminal.")
    parser.add_argument("--version", action="version", version=f"beegames {__version__}")
    parser.add_argument("--saves-dir", type=Path, default=None,
                        help="folder for saves (default: $BEEGAMES_SAVES or ./saves)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    new = sub.add_parser("new", help="start a new game and play it")
    new_games = new.add_subparsers(dest="game", parser_class=_Parser, metavar="GAME", required=True)
    sim = sub.add_parser("simulate", help="play complete games headless, computer in every seat")
    sim_games = sim.add_subparsers(dest="game", parser_class=_Parser, metavar="GAME", required=True)
    for game_id in known_games():
        engine = engines[game_id]
        title = TITLES[game_id]
        g_new = new_games.add_parser(game_id, help=title if engine else f"{title} (not yet playable)")
        g_sim = sim_games.add_parser(game_id, help=title if engine else f"{title} (not yet playable)")
        for p in (g_new, g_sim):
            p.add_argument("--seed", type=int, default=None, help="seed for the game's randomness")
            p.add_argument("--players", type=int, default=None, help="number of players")
            p.add_argument("--level", default=None,
                           help="computer strength" + (f": {', '.join(engine.levels)}" if engine else ""))
            if engine is not None:
                add_option_flags(p, engine.options_model)
        g_new.add_argument("--names", default=None, help="comma-separated seat names")
        g_new.add_argument("--computer", default=None,
                           help="comma-separated seats (numbers from 1, or names) played by the computer")
        g_sim.add_argument("--games", type=int, default=10, help="how many games (default 10)")
        limit = engine.default_max_decisions if engine else None
        g_sim.add_argument("--max-turns", type=int, default=None,
                           help="stop a game after this many decisions (plies) and count it a draw"
                           + (f" (default {limit})" if limit else ""))
        g_sim.add_argument("--save-dir", type=Path, default=None, help="write each finished game's save here")
        g_sim.add_argument("--json", action="store_true", help="print one JSON report")

    load = sub.add_parser("load", help="resume a saved game")
    load.add_argument("path", type=Path)
    sub.add_parser("saves", help="list the saved games")
    verify = sub.add_parser("verify", help="check a save by replaying its history")
    verify.add_argument("path", type=Path)
    bench = sub.add_parser("bench", help="measure start-up and move round-trip times")
    bench.add_argument("--moves", type=int, default=40)

    hive = sub.add_parser("hive", help="Hive tools: UHP engine and perft")
    hive_sub = hive.add_subparsers(dest="hive_command", parser_class=_Parser, metavar="TOOL", required=True)
    hive_sub.add_parser("uhp", help="run a Universal Hive Protocol engine on stdin/stdout")
    perft = hive_sub.add_parser("perft", help="count move sequences from the start")
    perft.add_argument("depth", type=int)
    perft.add_argument("--game-type", default="Base", help="UHP game type, e.g. Base+MLP (default Base)")
    return parser


def saves_dir(args: argparse.Namespace) -> Path:
    from .core.saves import default_saves_dir

    return args.saves_dir if args.saves_dir is not None else default_saves_dir()


# --------------------------------------------------------------------------
# commands
# --------------------------------------------------------------------------
def _engine_or_usage(game_id: str) -> Engine:
    try:
        return get_engine(game_id)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None


def _player_count(engine: Engine, requested: int | None) -> int:
    count = requested if requested is not None else max(engine.min_players, min(2, engine.max_players))
    if not engine.min_players <= count <= engine.max_players:
        raise UsageError(f"{engine.title} takes {engine.min_players} to {engine.max_players} players, "
                         f"not {count}")
    return count


def _level(engine: Engine, requested: str | None) -> str:
    level = requested or engine.levels[0]
    if level not in engine.levels:
        raise UsageError(f"unknown level {level!r} for {engine.title}; choose from {', '.join(engine.levels)}")
    return level


def seats_from_args(engine: Engine, options: BaseModel, args: argparse.Namespace) -> list[SeatInfo]:
    count = _player_count(engine, args.players)
    names = engine.seat_names(options, count)
    if args.names:
        given = [n.strip() for n in args.names.split(",")]
        if len(given) != count or not all(given):
            raise UsageError(f"--names needs {count} non-empty names separated by commas")
        names = given
    computer: set[int] = set()
    if args.computer:
        lowered = [n.lower() for n in names]
        defaults = [n.lower() for n in engine.seat_names(options, count)]
        for token in args.computer.split(","):
            token = token.strip().lower()
            if token.isdigit() and 1 <= int(token) <= count:
                computer.add(int(token) - 1)
            elif token in lowered:
                computer.add(lowered.index(token))
            elif token in defaults:
                computer.add(defaults.index(token))
            else:
                raise UsageError(f"--computer: no seat {token!r} (seats are 1..{count} or {', '.join(names)})")
    level = _level(engine, args.level)
    return [SeatInfo(name=names[i], kind="computer" if i in computer else "human", level=level)
            for i in range(count)]


def cmd_new(args: argparse.Namespace) -> int:
    from .core.match import Match

    engine = _engine_or_usage(args.game)
    options = options_from_args(engine, args)
    seats = seats_from_args(engine, options, args)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    try:
        match = Match.new(engine, options=options, seats=seats, seed=seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return run_app(args, match=match)


def cmd_load(args: argparse.Namespace) -> int:
    from .core.saves import load_save

    try:
        match = load_save(args.path, get_engine)
    except SaveError as exc:
        print(f"beegames: cannot load: {exc.reason}", file=sys.stderr)
        return 1
    return run_app(args, match=match, save_path=args.path)


def cmd_saves(args: argparse.Namespace) -> int:
    from .core.saves import list_saves

    folder = saves_dir(args)
    rows = list_saves(folder)
    if not rows:
        print(f"No saves in {folder}.")
        return 0
    for s in rows:
        if s.problem:
            print(f"{s.path}  (unreadable: {s.problem})")
            continue
        status = s.result if s.over else f"turn {s.turn}, {s.moves} moves"
        title = TITLES.get(s.game, s.game)
        print(f"{s.path}  {title}: {' vs '.join(s.players)}  [{status}]  saved {s.saved}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from .core.saves import load_save

    try:
        match = load_save(args.path, get_engine)
    except SaveError as exc:
        print(f"invalid: {exc.reason}", file=sys.stderr)
        return 1
    result = match.result
    outcome = result.summary if result is not None else "in progress"
    players = ", ".join(s.name + ("" if s.is_human else " (computer)") for s in match.header.seats)
    print(f"ok: {match.engine.title}; players {players}; {len(match.history)} moves; {outcome}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .core.simulate import simulate

    engine = _engine_or_usage(args.game)
    options = options_from_args(engine, args)
    count = _player_count(engine, args.players)
    level = _level(engine, args.level)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    seed = args.seed if args.seed is not None else 1
    max_turns = args.max_turns if args.max_turns is not None else engine.default_max_decisions

    def progress(r: Any) -> None:
        if args.json:
            return
        if r.error:
            print(f"game {r.index} (seed {r.seed}): ERROR {r.error}")
        else:
            print(f"game {r.index} (seed {r.seed}): {r.summary}; {r.decisions} decisions, "
                  f"turn {r.turns}, {r.seconds:.2f} s")

    report = simulate(engine, options, games=args.games, seed=seed, players=count, level=level,
                      max_decisions=max_turns, save_dir=args.save_dir, progress=progress)
    if args.json:
        print(report.model_dump_json(indent=1))
    else:
        wins = ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(report.wins_by_seat))
        lost = f", {report.no_winner} won by nobody (lost to the automaton)" if report.no_winner else ""
        print(f"{report.completed}/{report.games} games completed, {report.errors} errors, "
              f"{report.draws} draws ({report.stopped} stopped at the turn limit); wins {wins}{lost}; "
              f"mean {report.mean_seconds_per_game:.3f} s per game")
    return 1 if report.errors else 0


def cmd_hive(args: argparse.Namespace) -> int:
    try:
        from .games.hive import perft as hive_perft
        from .games.hive import uhp
    except ModuleNotFoundError:
        raise UsageError("Hive is not playable yet in this version of beegames") from None
    if args.hive_command == "uhp":
        return uhp.main(sys.stdin, sys.stdout)
    if args.depth < 0:
        raise UsageError("perft depth must be 0 or more")
    try:
        counts = hive_perft.perft_counts(args.game_type, args.depth)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for depth, count in enumerate(counts):
        print(f"{depth}: {count}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    return run_bench(moves=args.moves)


def run_app(args: argparse.Namespace, *, match: Any = None, save_path: Path | None = None) -> int:
    from .ui.app import make_app

    app = make_app(saves_dir=saves_dir(args), match=match, save_path=save_path)
    app.run()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    commands = {
        None: run_app,
        "new": cmd_new,
        "load": cmd_load,
        "saves": cmd_saves,
        "verify": cmd_verify,
        "simulate": cmd_simulate,
        "bench": cmd_bench,
        "hive": cmd_hive,
    }
    try:
        return commands[args.command](args)
    except UsageError as exc:
        parser.print_usage(sys.stderr)
        print(f"beegames: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BeegamesError as exc:
        print(f"beegames: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
