"""Hive: a match between two UHP engines, refereed move by move.

Usage::

    python benchmarks/hive_vs_uhp.py --engine "PATH/nokamute uhp --num-threads=1" \\
        [--games 20] [--time 1.0 | --engine-depth 3] [--ours-time T] [--expansions MLP] \\
        [--seed 1] [--workers 1] [--ours "CMD"] [--ours-option NAME=VALUE ...] \\
        [--engine-option NAME=VALUE ...] [--engine-go "bestmove seconds {s}"]

``--engine`` is any UHP engine's command line (split like a shell would).
``--ours`` is our engine, by default ``python -m beegames.games.hive.uhp``
run as its own process, so both sides go through a UHP front end and are
measured alike.

Each pair of games starts from one seeded opening of four random moves
(``--opening-plies``), played once with our engine as White and once as
Black. Both engines get every move with ``play`` and are asked for theirs
with ``bestmove``: ``bestmove time hh:mm:ss`` for a time per move (our
engine reads fractions of a second; for another engine a whole number of
seconds is sent, or the command given by ``--engine-go``, e.g. nokamute's
``bestmove seconds {s}``) or ``bestmove depth N``.

The referee is our own rules engine (``beegames.games.hive.board``): every
answer is read as a MoveString and checked against the legal moves. An
answer that is not a legal move, an ``err``, a crash, or no answer within
``--hard-timeout`` (default: 10 times the time per move plus 10 s of wall
time) loses the game for that engine; the reason is printed. A game still
running after ``--max-plies`` (default 200) plies, or a position repeated
three times, is a draw.

CPU time: each engine's process CPU (user + system of all its threads,
from ``/proc/PID/stat`` on Linux; elsewhere the wall time stands in) is
read before and after every ``bestmove``; the mean per move is reported
for both sides, with the number of moves that went over the time per
move by more than 5 %, in CPU and in wall time. The wall time per move is
shown too: on a shared machine it is longer than the CPU time when other
work competes for the cores.

Prints one line per game, then W/L/D and the score of our engine.
``--record FILE`` also appends each game to FILE, one tab-separated line:
its index, our colour, our score (1, 0.5, 0), how it ended, and the whole
game as a UHP GameString (``newgame`` takes it back, in our engine or any
other, to look at a position).
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import shlex
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from beegames.games.hive.board import BLACK_WINS, DRAW, IN_PROGRESS, WHITE_WINS, Board
from beegames.games.hive.notation import NotationError, move_to_string, parse_move
from beegames.games.hive.pieces import normalise_expansions
from beegames.games.hive.rules import game_string

OPENING_PLIES = 4
MAX_PLIES = 200
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


class EngineFailure(Exception):
    """The engine crashed, answered with an error or not at all."""


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) used so far by process ``pid``, all its
    threads (finished ones too) counted, or None when the system does not
    tell (no /proc). ``/proc/PID/stat`` counts in clock ticks (10 ms);
    ``/proc/PID/schedstat``, finer, counts only the main thread, which
    missed the work of our engine's compiling thread."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK
    except (OSError, ValueError, IndexError):
        return None


class Engine:
    """A UHP engine in its own process."""

    def __init__(self, argv: list[str], name: str, env: dict[str, str] | None = None) -> None:
        self.name = name
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env, text=True, bufsize=1)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.timing = Timing()
        self.info = self.answer(30.0)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def answer(self, timeout: float) -> list[str]:
        """Lines up to the next ``ok``."""
        out: list[str] = []
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.0))
            except queue.Empty:
                raise EngineFailure(f"no answer within {timeout:.0f} s") from None
            if line is None:
                raise EngineFailure("the engine stopped")
            if line == "ok":
                return out
            out.append(line)

    def send(self, command: str, timeout: float = 30.0) -> list[str]:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except OSError as exc:
            raise EngineFailure(f"cannot write to the engine ({exc})") from None
        got = self.answer(timeout)
        if any(ln.startswith(("err", "invalidmove")) for ln in got):
            raise EngineFailure(f"{command!r} answered {' / '.join(got)[:200]}")
        return got

    def bestmove(self, command: str, limit: float | None, timeout: float) -> str:
        before = process_cpu(self.proc.pid)
        t0 = time.perf_counter()
        got = self.send(command, timeout)
        wall = time.perf_counter() - t0
        after = process_cpu(self.proc.pid)
        cpu = wall if before is None or after is None else after - before
        t = self.timing
        t.cpu += cpu
        t.wall += wall
        t.moves += 1
        t.max_cpu = max(t.max_cpu, cpu)
        t.max_wall = max(t.max_wall, wall)
        if limit is not None and cpu > limit * 1.05:
            t.over += 1
        if limit is not None and wall > limit * 1.05:
            t.over_wall += 1
        if not got:
            raise EngineFailure(f"{command!r} answered nothing")
        return got[-1].strip()

    def close(self) -> None:
        try:
            if self.proc.poll() is None and self.proc.stdin is not None:
                self.proc.stdin.write("exit\n")
                self.proc.stdin.flush()
                self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


@dataclass
class Side:
    """How one side is run: its command, options and bestmove command."""

    name: str
    argv: list[str]
    go: str
    limit: float | None
    options: list[tuple[str, str]] = field(default_factory=list)
    env: dict[str, str] | None = None


@dataclass
class Game:
    index: int
    ours_white: bool
    score: float
    plies: int
    reason: str
    #: each engine's clock figures, by name
    timing: dict[str, Timing]
    #: the game as a UHP GameString (opening included)
    record: str = ""


@dataclass
class Timing:
    """One engine's time over its ``bestmove`` answers (seconds)."""

    cpu: float = 0.0
    wall: float = 0.0
    moves: int = 0
    #: answers over the time per move by more than 5 %, in CPU and in wall time
    over: int = 0
    over_wall: int = 0
    max_cpu: float = 0.0
    max_wall: float = 0.0

    def add(self, other: Timing) -> None:
        self.cpu += other.cpu
        self.wall += other.wall
        self.moves += other.moves
        self.over += other.over
        self.over_wall += other.over_wall
        self.max_cpu = max(self.max_cpu, other.max_cpu)
        self.max_wall = max(self.max_wall, other.max_wall)


def opening(seed: int, expansions: str, plies: int) -> list[tuple[int, int]]:
    """``plies`` random legal moves (the same for both games of a pair)."""
    rng = random.Random(seed)
    b = Board(expansions)
    moves = []
    for _ in range(plies):
        m = rng.choice(b.legal_moves())
        b.play(*m)
        moves.append(m)
    return moves


def game_type(expansions: str) -> str:
    e = normalise_expansions(expansions)
    return "Base" + ("+" + e if e else "")


def play_game(index: int, ours: Side, other: Side, expansions: str, seed: int, opening_plies: int,
              max_plies: int, hard_timeout: float | None) -> Game:
    ours_white = index % 2 == 0
    sides = (ours, other) if ours_white else (other, ours)
    board = Board(expansions)
    played: list[str] = []
    engines: list[Engine] = []
    reason = ""
    winner: int | None = None  # colour
    try:
        for s in sides:
            engines.append(Engine(s.argv, s.name, s.env))
        for e, s in zip(engines, sides):
            for k, v in s.options:
                e.send(f"options set {k} {v}")
            e.send(f"newgame {game_type(expansions)}")
        for m in opening(seed * 100_003 + index // 2, expansions, opening_plies):
            text = move_to_string(board, *m)
            board.play(*m)
            played.append(text)
            for e in engines:
                e.send(f"play {text}")
        while board.status == IN_PROGRESS and board.ply < max_plies:
            me = board.ply & 1
            e, s = engines[me], sides[me]
            timeout = hard_timeout if hard_timeout is not None else (
                10 * s.limit + 10 if s.limit is not None else 600.0)
            try:
                text = e.bestmove(s.go, s.limit, timeout)
            except EngineFailure as exc:
                winner, reason = 1 - me, f"{s.name} failed: {exc}"
                break
            try:
                move = parse_move(board, text)
            except NotationError as exc:
                winner, reason = 1 - me, f"{s.name} answered {text!r}, not a move here ({exc})"
                break
            if move not in board.legal_moves():
                winner, reason = 1 - me, f"{s.name} played the illegal move {text!r}"
                break
            canonical = move_to_string(board, *move)
            board.play(*move)
            played.append(canonical)
            for other_e in engines:
                try:
                    other_e.send(f"play {canonical}")
                except EngineFailure as exc:
                    bad = engines.index(other_e)
                    winner, reason = 1 - bad, f"{sides[bad].name} refused the legal move {canonical!r}: {exc}"
                    break
            if reason:
                break
    except EngineFailure as exc:
        reason = f"set-up failed: {exc}"
    finally:
        timing = {}
        for e in engines:
            timing[e.name] = e.timing
            e.close()
    if winner is None:
        st = board.status
        if st == WHITE_WINS:
            winner = 0
        elif st == BLACK_WINS:
            winner = 1
        elif st == DRAW:
            reason = reason or ("repetition" if max(board.rep.values()) >= 3 else "both Queens surrounded")
        else:
            reason = reason or f"unfinished after {board.ply} plies"
    ours_colour = 0 if ours_white else 1
    score = 0.5 if winner is None else (1.0 if winner == ours_colour else 0.0)
    return Game(index, ours_white, score, board.ply, reason, timing, game_string(board, played))


def hms(seconds: float) -> str:
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    sec = f"{int(s):02d}" if s == int(s) else f"{s:06.3f}".rstrip("0")
    return f"{int(h):02d}:{int(m):02d}:{sec}"


def parse_options(items: list[str]) -> list[tuple[str, str]]:
    out = []
    for item in items:
        k, _, v = item.partition("=")
        out.append((k, v))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="the other UHP engine's command line")
    ap.add_argument("--engine-name", default=None)
    ap.add_argument("--ours", default=None, help="our engine's command line (default: python -m "
                    "beegames.games.hive.uhp)")
    ap.add_argument("--ours-name", default="beegames")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--time", type=float, default=1.0, help="seconds per move for both (default 1)")
    ap.add_argument("--ours-time", type=float, default=None, help="our seconds per move (default --time)")
    ap.add_argument("--ours-depth", type=int, default=None, help="our fixed depth instead of a time")
    ap.add_argument("--engine-time", type=float, default=None, help="the engine's seconds per move")
    ap.add_argument("--engine-depth", type=int, default=None, help="the engine's fixed depth instead")
    ap.add_argument("--engine-go", default=None, help="the engine's bestmove command, {s} = seconds "
                    "(e.g. 'bestmove seconds {s}' for nokamute's fractions)")
    ap.add_argument("--ours-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--engine-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--ours-env", action="append", default=[], metavar="NAME=VALUE",
                    help="environment variables for our engine")
    ap.add_argument("--expansions", default="MLP")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first-game", type=int, default=0, help="index of the first game (to resume)")
    ap.add_argument("--opening-plies", type=int, default=OPENING_PLIES)
    ap.add_argument("--max-plies", type=int, default=MAX_PLIES)
    ap.add_argument("--hard-timeout", type=float, default=None)
    ap.add_argument("--workers", type=int, default=1, help="games played at once")
    ap.add_argument("--record", default=None, metavar="FILE",
                    help="append each game to FILE: index, our colour, result, reason, UHP GameString")
    args = ap.parse_args(argv)

    ours_argv = shlex.split(args.ours) if args.ours else [sys.executable, "-m", "beegames.games.hive.uhp"]
    engine_argv = shlex.split(args.engine)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.join(os.path.dirname(__file__), ".."),
                                         env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    for item in args.ours_env:
        k, _, v = item.partition("=")
        env[k] = v

    def side(name: str, cmd: list[str], t: float | None, depth: int | None, go: str | None,
             options: list[str], side_env: dict[str, str] | None) -> Side:
        if depth is not None:
            return Side(name, cmd, f"bestmove depth {depth}", None, parse_options(options), side_env)
        assert t is not None
        command = go.format(s=f"{t:g}", hms=hms(t)) if go else f"bestmove time {hms(t)}"
        return Side(name, cmd, command, t, parse_options(options), side_env)

    ours = side(args.ours_name, ours_argv, args.ours_time if args.ours_time is not None else args.time,
                args.ours_depth, None, args.ours_option, env)
    ename = args.engine_name or os.path.basename(engine_argv[0])
    other = side(ename, engine_argv, args.engine_time if args.engine_time is not None else args.time,
                 args.engine_depth, args.engine_go, args.engine_option, None)
    print(f"{ours.name}: {' '.join(ours.argv)} [{ours.go}]", flush=True)
    print(f"{other.name}: {' '.join(other.argv)} [{other.go}]", flush=True)
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}", flush=True)
    start = time.perf_counter()
    games: list[Game] = []
    indices = range(args.first_game, args.first_game + args.games)

    def one(i: int) -> Game:
        return play_game(i, ours, other, args.expansions, args.seed, args.opening_plies, args.max_plies,
                         args.hard_timeout)

    with ThreadPoolExecutor(max_workers=max(args.workers, 1)) as pool:
        for g in pool.map(one, indices):
            games.append(g)
            if args.record:
                with open(args.record, "a", encoding="utf-8") as f:
                    f.write("\t".join([str(g.index), "White" if g.ours_white else "Black", str(g.score),
                                        g.reason or "-", g.record]) + "\n")
            word = {1.0: "win", 0.0: "loss", 0.5: "draw"}[g.score]
            per = []
            for name, t in g.timing.items():
                k = max(t.moves, 1)
                per.append(f"{name} {t.cpu / k:.2f} CPU s ({t.wall / k:.2f} wall, max {t.max_cpu:.2f}/"
                           f"{t.max_wall:.2f}, {t.over}/{t.over_wall} over)")
            extra = f" [{g.reason}]" if g.reason else ""
            print(f"game {g.index:3d}: {ours.name} {'White' if g.ours_white else 'Black'}: {word:4s} after "
                  f"{g.plies:3d} plies; per move: {'; '.join(per)}{extra}", flush=True)
    n = len(games)
    wins = sum(g.score == 1.0 for g in games)
    losses = sum(g.score == 0.0 for g in games)
    draws = n - wins - losses
    score = (wins + draws / 2) / max(n, 1)
    print(f"{ours.name} vs {other.name}: {wins} wins, {losses} losses, {draws} draws in {n} games; "
          f"score {100 * score:.1f}%")
    for s in (ours, other):
        t = Timing()
        for g in games:
            if s.name in g.timing:
                t.add(g.timing[s.name])
        k = max(t.moves, 1)
        print(f"  {s.name} [{s.go}]: {t.moves} moves, mean {t.cpu / k:.3f} CPU s ({t.wall / k:.3f} wall s) "
              f"per move, max {t.max_cpu:.2f} CPU s / {t.max_wall:.2f} wall s; over the limit by >5%: "
              f"{t.over} in CPU, {t.over_wall} in wall time")
    print(f"Base{'+' + normalise_expansions(args.expansions) if args.expansions else ''}, seed {args.seed}, "
          f"games {args.first_game}-{args.first_game + n - 1}; wall time {time.perf_counter() - start:.0f} s; "
          f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
