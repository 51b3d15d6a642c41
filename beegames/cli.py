"""The ``beegames`` command line.

``beegames`` alone opens the menu; the sub-commands start, resume or replay
a game, list and verify saves, run headless simulations and benchmarks, and
give Hive's Universal Hive Protocol engine and perft counter.

The parser is built for the command at hand: a game's option flags (and so
its engine) are loaded only for the game named on the command line, so
``beegames`` alone starts without loading any game.
"""

from __future__ import annotations

import argparse
import os
import sys
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__
from .core.errors import BeegamesError, SaveError, UnknownGame
from .core.words import plural, sentence_end, without_subject

if TYPE_CHECKING:
    from pydantic import BaseModel

    from .core.protocol import Engine, SeatInfo

EXIT_USAGE = 2
#: ``simulate``'s default level per game: the strongest level quick enough for
#: whole games played headless. Hive's ``easy`` thinks 0.05 s a move (``medium``
#: 0.3 s, so a 200-ply game would take a minute); every Waggle Dance level
#: takes about 2 ms a decision, so its strongest, ``good``, is the default.
SIMULATE_LEVELS = {"hive": "easy", "waggle-dance": "good"}


# --------------------------------------------------------------------------
# game options as command-line flags
# --------------------------------------------------------------------------
def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def add_option_flags(parser: argparse.ArgumentParser, model: type[BaseModel]) -> None:
    """One flag per field of a game's options model."""
    for name, field in model.model_fields.items():
        ann = field.annotation
        help_text = sentence_end(field.description or name.replace("_", " "))
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


def options_from_args(engine: Engine[Any, Any], args: argparse.Namespace) -> BaseModel:
    from pydantic import ValidationError

    values = _given_options(engine, args)
    try:
        options = engine.options_model.model_validate(values)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first.get("loc", ()))
        msg = str(first.get("msg", "invalid")).removeprefix("Value error, ")
        raise UsageError(f"invalid value for {_flag(field) if field else 'options'}: {msg}") from None
    return options


def _given_options(engine: Engine[Any, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line."""
    return {name: getattr(args, f"opt_{name}") for name in engine.options_model.model_fields
            if getattr(args, f"opt_{name}", None) is not None}


def refuse_meaningless_options(engine: Engine[Any, Any], args: argparse.Namespace) -> None:
    """An option given where it means nothing (a scenario card outside scenario mode, a solo
    rule with two players) would be dropped without a word: a usage error. Asked after the
    game's own checks, whose reasons say more."""
    from .core.options import given_where_meaningless

    meaningless = given_where_meaningless(engine.options_model, _given_options(engine, args),
                                          getattr(args, "players", None))
    if meaningless is not None:
        name, key, allowed = meaningless
        needs = (f"{' or '.join(map(str, allowed))} player{'s' if allowed != [1] else ''}" if key == "players"
                 else f"{_flag(key)} {' or '.join(map(str, allowed))}")
        raise UsageError(f"{_flag(name)} applies only with {needs}")


def printable(text: str) -> str:
    """``text`` with any terminal control character shown escaped
    (:func:`beegames.core.text.printable`, imported when first needed)."""
    from .core.text import printable as escaped

    return escaped(text)


class UsageError(Exception):
    """A command line that cannot be run; ``parser`` is the (sub)command's
    parser whose usage line is printed with the message."""

    def __init__(self, message: str, parser: argparse.ArgumentParser | None = None) -> None:
        super().__init__(message)
        self.parser = parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> typing.NoReturn:  # one clear line, with this command's usage
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, printable(f"{self.prog}: error: {message}") + "\n")


def _playable(game_id: str) -> bool:
    """True if ``game_id`` has an engine (without importing it)."""
    from .games import _ENGINES

    return _ENGINES.get(game_id) is not None


def _engine(game_id: str) -> Engine[Any, Any] | None:
    from .games import get_engine

    try:
        return get_engine(game_id)
    except UnknownGame:
        return None


def _named(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """The command and the game named in ``argv`` (read before parsing, so
    that only that game's engine is loaded for its option flags)."""
    rest = list(argv)
    while rest and rest[0].startswith("-"):
        option = rest.pop(0)
        if option == "--saves-dir" and rest:
            rest.pop(0)
    command = rest[0] if rest else None
    game = rest[1] if len(rest) > 1 and not rest[1].startswith("-") else None
    return command, game


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv`` (all games' flags when ``argv`` is None)."""
    command, named_game = _named(argv) if argv is not None else (None, None)
    parser = _Parser(prog="beegames", description="Bee-themed board games in the terminal.")
    parser.add_argument("--version", action="version", version=f"beegames {__version__}")
    parser.add_argument("--saves-dir", type=Path, default=None,
                        help="folder for saves (default: $BEEGAMES_SAVES, else the checkout's saves/ "
                        "when run from a checkout, else the user data folder; `beegames saves` shows it)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    parser.set_defaults(parser=parser)
    games: list[str] = []
    titles: dict[str, str] = {}
    if argv is None or command in ("new", "simulate"):  # the games, only when the command needs them
        from .games import TITLES, known_games

        games, titles = known_games(), TITLES

    new = sub.add_parser("new", help="start a new game and play it")
    new_games = new.add_subparsers(dest="game", parser_class=_Parser, metavar="GAME", required=True)
    sim = sub.add_parser("simulate", help="play complete games headless, computer in every seat")
    sim_games = sim.add_subparsers(dest="game", parser_class=_Parser, metavar="GAME", required=True)
    for game_id in games:
        title = titles[game_id]
        label = title if _playable(game_id) else f"{title} (not yet playable)"
        full = argv is None or (command in ("new", "simulate") and named_game == game_id)
        engine = _engine(game_id) if full else None
        g_new = new_games.add_parser(game_id, help=label)
        g_sim = sim_games.add_parser(game_id, help=label)
        for p in (g_new, g_sim):
            p.set_defaults(parser=p)
            p.add_argument("--seed", type=int, default=None, help="seed for the game's randomness")
            p.add_argument("--players", type=int, default=None, help="number of players")
            if engine is not None:
                add_option_flags(p, engine.options_model)
        levels = ", ".join(engine.levels) if engine is not None else ""
        g_new.add_argument("--level", default=None,
                           help="computer strength" + (f": {levels} (default {engine.levels[-1]})"
                                                       if engine is not None else ""))
        g_sim.add_argument("--level", default=None,
                           help="computer strength" + (f": {levels} (default {simulate_level(engine)})"
                                                       if engine is not None else ""))
        g_new.add_argument("--names", default=None, help="comma-separated seat names")
        g_new.add_argument("--computer", default=None,
                           help="comma-separated seats (numbers from 1, or names) played by the computer")
        g_new.add_argument("--hints", dest="hints", action=argparse.BooleanOptionalAction, default=None,
                           help="allow the computer's hints and reviews in this game (default: on when at most one "
                           "human plays, off in games between humans)")
        if engine is not None and engine.hides_information:
            g_new.add_argument("--no-handoffs", dest="handoffs", action="store_false", default=True,
                               help="no hand-off screens between players at this keyboard (for players who "
                               "trust each other not to look at each other's cards)")
        g_sim.add_argument("--games", type=int, default=10, help="how many games (default 10)")
        limit = engine.default_max_decisions if engine is not None else None
        g_sim.add_argument("--max-turns", type=int, default=None,
                           help="stop a game after this many decisions (plies) and count it a draw"
                           + (f" (default {limit})" if limit else ""))
        g_sim.add_argument("--save-dir", type=Path, default=None, help="write each finished game's save here")
        g_sim.add_argument("--json", action="store_true", help="print one JSON report")

    #: what a command's save argument may be (see find_save)
    save_help = ("the save: a path to its file, or its name as `beegames saves` lists it (looked for in the "
                 "saves folder; .json may be left off)")
    load = sub.add_parser("load", help="resume a saved game")
    load.add_argument("path", type=Path, metavar="SAVE", help=save_help)
    replay = sub.add_parser("replay", help="step through a saved game, move by move")
    replay.add_argument("path", type=Path, metavar="SAVE", help=save_help)
    sub.add_parser("saves", help="list the saved games (and say where they are)")
    sub.add_parser("keymap", help="list the key binding ids a keymap.toml may remap (and say where it goes)")
    verify = sub.add_parser("verify", help="check a save by replaying its history")
    verify.add_argument("path", type=Path, metavar="SAVE", help=save_help)
    hint = sub.add_parser("hint", help="print the computer's suggested move for the seat on turn of a save, and why")
    hint.add_argument("path", type=Path, metavar="SAVE", help=save_help)
    hint.add_argument("--seconds", type=float, default=None,
                      help="thinking time in seconds (default 1.5)")
    review = sub.add_parser("review", help="print the moves of a finished save where a player's outlook fell most")
    review.add_argument("path", type=Path, metavar="SAVE", help=save_help)
    review.add_argument("--seconds", type=float, default=None,
                        help="thinking time for the whole review in seconds (default 20)")
    review.add_argument("--seat", type=int, default=None,
                        help="the seat to review, from 1 (default: every human seat, or every seat if none)")
    bench = sub.add_parser("bench", help="measure start-up and move round-trip times")
    bench.add_argument("--moves", type=int, default=40, help="Hive moves to time (default 40)")
    bench.add_argument("--runs", type=int, default=7, help="start-ups to time (default 7)")
    for p in (new, sim, load, replay, verify, hint, review, bench):
        p.set_defaults(parser=p)
    for name, p in sub.choices.items():
        if name in ("saves", "keymap"):
            p.set_defaults(parser=p)

    hive = sub.add_parser("hive", help="Hive tools: UHP engine and perft")
    hive_sub = hive.add_subparsers(dest="hive_command", parser_class=_Parser, metavar="TOOL", required=True)
    hive_sub.add_parser("uhp", help="run a Universal Hive Protocol engine on stdin/stdout")
    perft = hive_sub.add_parser("perft", help="count move sequences from the start")
    perft.add_argument("depth", type=int)
    perft.add_argument("--game-type", default="Base", help="UHP game type, e.g. Base+MLP (default Base)")
    hive.set_defaults(parser=hive)
    perft.set_defaults(parser=perft)
    return parser


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace:
    """Parse ``argv``; an unknown option is reported with the usage of the
    (sub)command it was given to, not the top-level one."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        owner: argparse.ArgumentParser = getattr(args, "parser", parser)
        owner.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def saves_dir(args: argparse.Namespace) -> Path:
    """The saves folder (``--saves-dir``, else the default); one that cannot be used (a file, a
    folder inside a file, a path too long for the file system) stops the command with one line
    saying why."""
    from .core.paths import default_saves_dir, saves_folder_problem

    folder: Path = args.saves_dir if args.saves_dir is not None else default_saves_dir()
    # (a folder that cannot be written to still serves to read saves: the app says so when it saves)
    problem = saves_folder_problem(folder, writable=False)
    if problem is not None:
        raise BeegamesError(problem)
    return folder


# --------------------------------------------------------------------------
# commands
# --------------------------------------------------------------------------
def _engine_or_usage(game_id: str) -> Engine[Any, Any]:
    from .games import get_engine

    try:
        return get_engine(game_id)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None


def _player_count(engine: Engine[Any, Any], args: argparse.Namespace) -> int:
    """The number of players: ``--players`` when given; otherwise two where the
    game takes two, or the count the options given need (a solo mode: one)."""
    requested: int | None = args.players
    count = requested if requested is not None else max(engine.min_players, min(2, engine.max_players))
    if requested is None:
        from .core.options import counts_for

        fitting = counts_for(engine.options_model, _given_options(engine, args),
                             range(engine.min_players, engine.max_players + 1))
        if fitting and count not in fitting:
            count = fitting[0]
    if not engine.min_players <= count <= engine.max_players:
        allowed = (str(engine.min_players) if engine.min_players == engine.max_players else
                   f"{engine.min_players} to {engine.max_players}")
        raise UsageError(f"{engine.title} takes {allowed} players, not {count}")
    return count


def _refused(exc: ValueError, args: argparse.Namespace, count: int) -> UsageError:
    """The usage error for options the game refuses; when the player count was not given, it says
    which count was taken and which option sets it (a solo mode refuses the default of two)."""
    reason = str(exc)
    if args.players is None:
        reason += f" (--players sets how many; without it, {count})"
    return UsageError(reason)


def simulate_level(engine: Engine[Any, Any]) -> str:
    """The level ``simulate`` plays at by default: the strongest level that is
    still quick enough for whole games played headless (see
    :data:`SIMULATE_LEVELS`); for other games the fastest level that plays
    with intent (not ``random``). ``random`` stays available with ``--level``."""
    level = SIMULATE_LEVELS.get(engine.game_id)
    if level in engine.levels:
        return str(level)
    return next((lv for lv in engine.levels if lv != "random"), engine.levels[0])


def _level(engine: Engine[Any, Any], requested: str | None, default: str) -> str:
    level = requested or default
    if level not in engine.levels:
        raise UsageError(f"unknown level {level!r} for {engine.title}; choose from {', '.join(engine.levels)}")
    return level


def seats_from_args(engine: Engine[Any, Any], options: BaseModel, args: argparse.Namespace) -> list[SeatInfo]:
    from .core.protocol import SeatInfo

    count = _player_count(engine, args)
    names = engine.seat_names(options, count)
    if args.names:
        from .core.text import clean_name

        given = [clean_name(n) for n in args.names.split(",")]  # never a terminal control sequence
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
    level = _level(engine, args.level, engine.levels[-1])
    return [SeatInfo(name=names[i], kind="computer" if i in computer else "human", level=level)
            for i in range(count)]


def cmd_new(args: argparse.Namespace) -> int:
    from .core.match import Match

    engine = _engine_or_usage(args.game)
    options = options_from_args(engine, args)
    seats = seats_from_args(engine, options, args)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    try:
        match = Match.new(engine, options=options, seats=seats, seed=seed, handoffs=getattr(args, "handoffs", True),
                          hints=args.hints)
    except ValueError as exc:
        raise _refused(exc, args, len(seats)) from None
    refuse_meaningless_options(engine, args)
    return run_app(args, match=match)


def find_save(path: Path, folder: Path) -> Path:
    """The save a command names: ``path`` as given when it exists; otherwise,
    for a bare file name (as ``beegames saves`` and the app's "Saved as"
    show it), that name in the saves folder, ``.json`` added if it lacks it.
    Anything else is left as given (loading it then says why it fails)."""
    if _exists(path) or path.parent != Path("."):
        return path
    tries = [folder / path.name] + ([folder / f"{path.name}.json"] if path.suffix.lower() != ".json" else [])
    return next((p for p in tries if _exists(p)), path)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # a name too long for the file system, and the like
        return False


def _load(args: argparse.Namespace) -> Any:
    """The match of the save named by ``args.path`` (see :func:`find_save`)."""
    from .core.saves import load_save
    from .games import get_engine

    folder = saves_dir(args)
    args.path = find_save(args.path, folder)
    try:
        return load_save(args.path, get_engine)
    except SaveError as exc:
        if not _exists(args.path) and args.path.parent == Path("."):
            raise SaveError(f"{exc.reason}, here or in the saves folder {folder}") from None
        raise


def cmd_load(args: argparse.Namespace) -> int:
    try:
        match = _load(args)
    except SaveError as exc:
        print(printable(f"beegames: cannot load: {exc.reason}"), file=sys.stderr)
        return 1
    return run_app(args, match=match, save_path=args.path)


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        match = _load(args)
    except SaveError as exc:
        print(printable(f"beegames: cannot replay: {exc.reason}"), file=sys.stderr)
        return 1
    return run_app(args, match=match, save_path=args.path, replay=True)


def cmd_saves(args: argparse.Namespace) -> int:
    from .core.saves import list_saves, load_save
    from .games import TITLES, get_engine

    folder = saves_dir(args)
    rows = list_saves(folder)
    for row in rows:  # the Load screen's verdict: a save that does not load is damaged, and why
        if row.problem is None:
            try:
                load_save(Path(row.path), get_engine)
            except SaveError as exc:
                row.problem = exc.reason
    if not rows:
        print(printable(f"No saves in {folder}."))
        return 0
    damaged = sum(1 for s in rows if s.problem)
    print(printable(f"{plural(len(rows), 'save')} in {folder}" + (f" ({damaged} damaged)" if damaged else "") + ":"))
    for s in rows:
        name = Path(s.path).name
        if s.problem:
            print(printable(f"  {name}  (damaged: {s.problem})"))
            continue
        status = sentence_end(s.result or "finished") if s.over else f"round {s.turn}, {plural(s.moves, 'move')}"
        if s.unreplayed:
            status += f"; {s.unreplayed}"
        title = TITLES.get(s.game, s.game)
        print(printable(f"  {name}  {title}: {' vs '.join(s.players)}  [{status}]  saved {s.saved}"))
    return 0


def cmd_keymap(args: argparse.Namespace) -> int:
    from .ui.app import binding_ids
    from .ui.keymap import listing

    print(listing(saves_dir(args), binding_ids()))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    try:
        match = _load(args)
    except SaveError as exc:
        print(printable(f"invalid: {exc.reason}"), file=sys.stderr)
        return 1
    result = match.result
    outcome = sentence_end(result.summary) if result is not None else "in progress"
    players = ", ".join(s.name + ("" if s.is_human else " (computer)") for s in match.header.seats)
    status = "ok" if match.unreplayed is None else "ok, not fully replayed"
    moves = plural(len(match.history), "move")
    print(printable(f"{status}: {match.engine.title}; players {players}; {moves}; {outcome}"))
    if match.unreplayed is not None:
        print(printable(f"  {match.unreplayed}"))
    return 0


#: the longest thinking time ``hint`` and ``review`` accept (seconds)
MAX_SECONDS = 3600.0


def _seconds(args: argparse.Namespace, default: float) -> float:
    seconds = default if args.seconds is None else args.seconds
    if not 0 < seconds <= MAX_SECONDS:  # (also refuses nan)
        raise UsageError(f"--seconds must be more than 0 and at most {MAX_SECONDS:.0f}")
    return seconds


def _load_to(args: argparse.Namespace, verb: str) -> Any:
    """The match of a save, or None after one line saying why it cannot be ``verb``-ed."""
    try:
        return _load(args)
    except SaveError as exc:
        print(printable(f"beegames: cannot {verb}: {exc.reason}"), file=sys.stderr)
        return None


def cmd_hint(args: argparse.Namespace) -> int:
    """The suggested move for the seat on turn, its JSON and why; the save is only read."""
    import json

    from .core import coach
    from .core.state import detail, headline

    seconds = _seconds(args, coach.HINT_SECONDS)
    match = _load_to(args, "hint")
    if match is None:
        return 1
    if not coach.hints_allowed(match):
        print("beegames: cannot hint: hints are off in this game (it was started without them)", file=sys.stderr)
        return 1
    try:
        found = coach.hint(match.engine, match, seconds=seconds)
    except coach.CoachError as exc:
        print(printable(f"beegames: cannot hint: {_clause(exc.reason)}"), file=sys.stderr)
        return 1
    seat = match.header.seats[found.seat]
    print(printable(f"Hint for {seat.name} (seat {found.seat + 1}): {without_subject(found.description, seat.name)}"))
    print(printable(f"Move: {json.dumps(found.move_json, ensure_ascii=False)}"))
    # (a reason's detail, after its line break, on a line of its own, as the whole log shows it)
    print(printable(f"Why: {headline(found.reason)}"))
    if detail(found.reason):
        print(printable(f"  {detail(found.reason)}"))
    if found.outlook is not None:
        basis = (f"{plural(found.outlook.samples, 'play-out')}" if found.outlook.samples
                 else f"from the search, {plural(found.depth, 'ply', 'plies')} deep")
        print(printable(f"Outlook after it: {found.outlook.text()} ({basis})"))
    return 0


def _clause(reason: str) -> str:
    """A player's sentence continuing a message: no capital, no full stop."""
    text = sentence_end(reason)
    return text[:1].lower() + text[1:]


def cmd_review(args: argparse.Namespace) -> int:
    """The moves of a finished save where a seat's outlook fell most."""
    from .core import coach

    seconds = _seconds(args, coach.REVIEW_SECONDS)
    match = _load_to(args, "review")
    if match is None:
        return 1
    count = len(match.header.seats)
    if args.seat is not None and not 1 <= args.seat <= count:
        raise UsageError(f"--seat must be between 1 and {count} for this game")
    if args.seat is not None:
        seats = [args.seat - 1]
    else:
        seats = coach.review_seats(match)
    meaning = ""  # what the outlook measures, said once after the moves listed
    for k, seat in enumerate(seats):
        try:
            found = coach.review(match, seat, seconds=seconds / (len(seats) - k))
        except coach.CoachError as exc:
            print(printable(f"beegames: cannot review: {_clause(exc.reason)}"), file=sys.stderr)
            return 1
        seconds = max(0.1, seconds - found.seconds)
        name = match.header.seats[seat].name
        judged = (f"all {plural(found.moves, 'decision')} judged" if found.complete
                  else f"{found.judged} of {plural(found.moves, 'decision')} judged before the time ran out")
        if not found:
            print(printable(f"{name} (seat {seat + 1}): no move lost outlook against the computer's choice "
                            f"({judged})."))
            continue
        print(printable(f"{name} (seat {seat + 1}): the {plural(len(found), 'move')} where the outlook fell most "
                        f"({judged}):"))
        for item in found:
            print(printable(f"  {item.text()}"))
        meaning = found.meaning
    if meaning:
        print(printable(meaning))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .core.protocol import SeatInfo
    from .core.simulate import simulate

    engine = _engine_or_usage(args.game)
    options = options_from_args(engine, args)
    count = _player_count(engine, args)
    level = _level(engine, args.level, simulate_level(engine))
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    seed = args.seed if args.seed is not None else 1
    max_turns = args.max_turns if args.max_turns is not None else engine.default_max_decisions
    try:  # options that do not fit the number of players are a usage error, not a failed game
        engine.new_state(options, [SeatInfo(name=f"P{i + 1}") for i in range(count)], seed)
    except ValueError as exc:
        raise _refused(exc, args, count) from None
    refuse_meaningless_options(engine, args)
    if args.save_dir is not None:  # (one line before any game, not an error for each)
        from .core.paths import saves_folder_problem

        problem = saves_folder_problem(args.save_dir, what="--save-dir")
        if problem is not None:
            raise BeegamesError(problem)

    def progress(r: Any) -> None:
        if args.json:
            return
        if r.error:
            print(f"game {r.index} (seed {r.seed}): ERROR {r.error}")
        else:
            print(f"game {r.index} (seed {r.seed}): {sentence_end(r.summary)}; {plural(r.decisions, 'decision')}, "
                  f"turn {r.turns}, {r.seconds:.2f} s")

    if not args.json:
        print(f"{engine.title}: {plural(args.games, 'game')}, {plural(count, 'computer player')} at level {level}")
    report = simulate(engine, options, games=args.games, seed=seed, players=count, level=level,
                      max_decisions=max_turns, save_dir=args.save_dir, progress=progress)
    if args.json:
        print(report.model_dump_json(indent=1))
    else:
        wins = ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(report.wins_by_seat))
        lost = f", {report.no_winner} won by nobody (lost to the automaton)" if report.no_winner else ""
        print(f"{report.completed}/{plural(report.games, 'game')} completed, {plural(report.errors, 'error')}, "
              f"{plural(report.draws, 'draw')} ({report.stopped} stopped at the turn limit); wins {wins}{lost}; "
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

    return run_bench(moves=args.moves, runs=args.runs)


def run_app(args: argparse.Namespace, *, match: Any = None, save_path: Path | None = None,
            replay: bool = False) -> int:
    """Run the app; its exit status is non-zero if an unexpected error
    stopped it (the app prints one line saying where the report is)."""
    from .ui.app import make_app

    app = make_app(saves_dir=saves_dir(args), match=match, save_path=save_path, replay=replay)
    app.run()
    app.writer.wait()
    return app.return_code or 0


#: The exit status of a program stopped by SIGPIPE (128 + 13), as the shell reports it.
EXIT_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; its exit status. A reader that goes away before
    the output ends (``beegames saves | head -1``) is normal use: the command
    stops quietly, with no message and no crash report."""
    try:
        status = _run(argv)
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return status
    except BrokenPipeError:
        return _pipe_closed()


def _pipe_closed() -> int:
    """Stop writing to a closed pipe: the standard streams now lead nowhere,
    so that Python's last flush at exit stays quiet too."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        for stream in (sys.stdout, sys.stderr):
            os.dup2(devnull, stream.fileno())
    except (OSError, ValueError):  # no file descriptors (an embedded or test stream): nothing to redirect
        pass
    return EXIT_PIPE


def _run(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = _parse(parser, argv)
    commands = {
        None: run_app,
        "new": cmd_new,
        "load": cmd_load,
        "replay": cmd_replay,
        "saves": cmd_saves,
        "keymap": cmd_keymap,
        "verify": cmd_verify,
        "hint": cmd_hint,
        "review": cmd_review,
        "simulate": cmd_simulate,
        "bench": cmd_bench,
        "hive": cmd_hive,
    }
    try:
        return commands[args.command](args)
    except UsageError as exc:
        owner: argparse.ArgumentParser = exc.parser or getattr(args, "parser", None) or parser
        owner.print_usage(sys.stderr)
        print(printable(f"beegames: error: {exc}"), file=sys.stderr)
        return EXIT_USAGE
    except BeegamesError as exc:
        print(printable(f"beegames: {exc}"), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away: normal use, not a bug
        raise
    except Exception as exc:  # a bug: one line for the player, the traceback in the log
        from .crash import short_message, write_report

        print(printable(short_message(exc, write_report(exc))), file=sys.stderr)
        return 1
