"""A Universal Hive Protocol engine on stdin/stdout.

Run it with ``python -m beegames.games.hive.uhp`` (or ``beegames hive uhp``).
Every response ends with a line ``ok``; failures print ``err <message>`` and
rejected moves ``invalidmove <message>`` before that ``ok``. Supported
commands: ``info``, ``newgame [GameTypeString|GameString]``, ``play
MoveString``, ``pass``, ``validmoves``, ``bestmove [depth N | time
hh:mm:ss]``, ``undo [N]``, ``options [get NAME | set NAME VALUE]``,
``perft N`` and ``exit``. See ``docs/hive-uhp.md``.

Input is read as bytes on a separate thread, so a line that is not valid
UTF-8 is answered with ``err`` instead of stopping the engine, and a new line
(or the end of input) arriving while ``bestmove`` or ``perft`` runs
interrupts it: ``bestmove`` then answers the best move found so far and
``perft`` an ``err``; either way the position is left as it was.
"""

from __future__ import annotations

import gc
import io
import math
import os
import queue
import random
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any

from .ai import LEVEL_TIME, SearcherLike, analyse, compiled_ready, compiled_searcher
from .board import Board
from .notation import NotationError, move_to_string, parse_move
from .perft import MAX_PERFT_DEPTH, PerftInterrupted, perft_board
from .pieces import parse_game_type
from .rules import IllegalMoveReason, explain_illegal, game_string, replay
from .search import Searcher

VERSION = "0.2.0"
CAPABILITIES = "Mosquito;Ladybug;Pillbug;Dragonfly"
#: the levels offered by the ``Level`` option
LEVELS = ("easy", "medium", "hard")
#: longest input line read (longer ones are answered with err)
MAX_LINE = 65536
#: the deepest ``bestmove depth`` accepted (deeper would never finish)
MAX_SEARCH_DEPTH = 64
#: the longest a timed ``bestmove`` waits for the compiled searcher, as a share of its time
COMPILE_WAIT_SHARE = 0.5


class _Option:
    def __init__(self, name: str, kind: str, default: Any, lo: Any = None, hi: Any = None,
                 values: tuple[str, ...] = ()) -> None:
        self.name, self.kind, self.default = name, kind, default
        self.value = default
        self.lo, self.hi, self.values = lo, hi, values

    def line(self) -> str:
        if self.kind == "enum":
            return ";".join([self.name, "enum", str(self.value), str(self.default), *self.values])
        return f"{self.name};{self.kind};{self.value};{self.default};{self.lo};{self.hi}"

    def set(self, text: str) -> None:
        if self.kind == "int":
            try:
                v: Any = int(text)
            except ValueError:
                raise ValueError(f"{self.name} takes a whole number from {self.lo} to {self.hi}") from None
        elif self.kind == "double":
            try:
                v = float(text)
            except ValueError:
                v = math.nan
            if not math.isfinite(v):
                raise ValueError(f"{self.name} takes a number from {self.lo} to {self.hi}")
        else:
            match = [x for x in self.values if x.lower() == text.strip().lower()]
            if not match:
                raise ValueError(f"{self.name} must be one of {', '.join(self.values)}")
            self.value = match[0]
            return
        if not self.lo <= v <= self.hi:
            raise ValueError(f"{self.name} must be between {self.lo} and {self.hi}")
        self.value = v


class UHPEngine:
    """State and command handling of one UHP session.

    ``stop`` is polled while ``bestmove`` and ``perft`` run; when it returns
    true they end early (see the module docstring)."""

    def __init__(self, stop: Callable[[], bool] | None = None) -> None:
        self.board: Board | None = None
        self.moves: list[str] = []
        self.stop = stop
        self.options = {
            o.name: o
            for o in (
                _Option("Level", "enum", "hard", values=LEVELS),
                _Option("TimePerMove", "double", 0.0, 0.0, 3600.0),
                _Option("MaxBranchingFactor", "int", 500, 1, 500),
            )
        }
        self.rng = random.Random(0)
        self.searcher: SearcherLike = Searcher(seed=0)
        #: the compiled searcher of ``hard`` (made at the first ``bestmove`` that needs it)
        self.compiled: SearcherLike | None = None
        #: the searcher of the last ``bestmove``
        self.last: SearcherLike = self.searcher
        #: answer validmoves/perft with the slow literal generator instead
        self.reference = os.environ.get("BEEGAMES_HIVE_REFERENCE", "") not in ("", "0")

    def _moves(self, board: Board) -> list[tuple[int, int]]:
        if self.reference:
            from .reference import reference_moves

            return sorted(reference_moves(board))
        return board.legal_moves()

    # -- helpers ----------------------------------------------------------
    def _game(self) -> str:
        assert self.board is not None
        return game_string(self.board, self.moves)

    def _need_game(self) -> Board:
        if self.board is None:
            raise _Err("No game in progress. Try 'newgame' to start a new game.")
        return self.board

    # -- commands ---------------------------------------------------------
    def handle(self, line: str) -> list[str]:
        """Answer one input line: the output lines of its ``cmd_*`` method, ``invalidmove`` for a
        rejected move, ``err`` for an unknown command or any failure; nothing for a blank line (the
        caller adds the ``ok``)."""
        parts = line.strip().split(None, 1)
        if not parts:
            return []
        cmd = parts[0].lower()
        arg = parts[1].strip() if len(parts) > 1 else ""
        try:
            fn = getattr(self, "cmd_" + cmd, None) if cmd.isascii() and cmd.isalpha() else None
            if fn is None:
                raise _Err(f"Invalid command {_quote(parts[0])}. Try 'info' to see the list of commands.")
            answer: list[str] = fn(arg)
            return answer
        except _Invalid as exc:
            return [f"invalidmove {exc}"]
        except _Err as exc:
            return [f"err {exc}"]
        except Exception as exc:
            return [f"err {type(exc).__name__}: {_cap(str(exc))}"]

    def cmd_info(self, arg: str) -> list[str]:
        """``info``: the engine's id and version, and the expansion pieces it supports."""
        name = "beegames-hive-reference" if self.reference else "beegames-hive"
        return [f"id {name} {VERSION}", CAPABILITIES]

    def cmd_newgame(self, arg: str) -> list[str]:
        """``newgame [GameTypeString|GameString]``: start a game of that type (Base by default),
        replaying the moves of a GameString; answers the GameString, or err for a bad type or move."""
        text = arg or "Base"
        fields = [f.strip() for f in text.split(";")]
        try:
            expansions = parse_game_type(fields[0])
        except ValueError as exc:
            raise _Err(_cap(str(exc))) from None
        moves = fields[3:] if len(fields) > 3 else []
        try:
            board, canonical = replay(expansions, [m for m in moves if m])
        except (NotationError, IllegalMoveReason) as exc:
            raise _Err(f"Unable to load game: {_cap(str(exc))}") from None
        self.board, self.moves = board, canonical
        seed = self.rng.randrange(1 << 30)
        self.searcher = Searcher(seed=seed)
        if self.compiled is not None:
            self.compiled.clear()
        if self.options["Level"].value == "hard":
            compiled_ready()  # a game is coming: compile the hard searcher in the background
        return [self._game()]

    def cmd_play(self, arg: str) -> list[str]:
        """``play MoveString``: play the move and answer the new GameString; invalidmove (with the
        reason) for an unreadable or illegal move or a finished game, err with no game or no move."""
        board = self._need_game()
        if board.status != 0:
            raise _Invalid("You can't play, the game is over.")
        if not arg:
            raise _Err("play needs a MoveString, e.g. 'play wS1'.")
        try:
            piece, dest = parse_move(board, arg)
        except NotationError as exc:
            raise _Invalid(_cap(str(exc))) from None
        if (piece, dest) not in board.legal_moves():
            raise _Invalid(explain_illegal(board, piece, dest))
        self.moves.append(move_to_string(board, piece, dest))
        board.play(piece, dest)
        return [self._game()]

    def cmd_pass(self, arg: str) -> list[str]:
        """``pass``: the same as ``play pass`` (legal only when no other move is)."""
        return self.cmd_play("pass")

    def cmd_validmoves(self, arg: str) -> list[str]:
        """``validmoves``: every legal MoveString, separated by semicolons; err once the game is over."""
        board = self._need_game()
        moves = self._moves(board)
        if not moves:
            raise _Err("The game is over.")
        return [";".join(move_to_string(board, p, c) for p, c in moves)]

    def cmd_bestmove(self, arg: str) -> list[str]:
        """``bestmove [depth N | time hh:mm:ss]``: the move the searcher picks at the Level option (a
        depth or time limit searches as hard), without playing it; the position is left as it was."""
        begun = self.searcher.clock()  # the time limit counts from here, set-up included
        board = self._need_game()
        if board.status != 0:
            raise _Err("The game is over.")
        words = arg.split()
        level = str(self.options["Level"].value)
        per_move = float(self.options["TimePerMove"].value)
        limit: float | None = per_move if per_move > 0 else LEVEL_TIME[level]
        depth: int | None = None
        if len(words) == 2 and words[0].lower() == "depth":
            depth = _parse_depth(words[1])
            limit = None
            level = "hard"
        elif len(words) == 2 and words[0].lower() == "time":
            limit = _parse_time(words[1])
            level = "hard"
        elif words:
            raise _Err("Use 'bestmove', 'bestmove depth N' or 'bestmove time hh:mm:ss'.")
        searcher = self.searcher
        # a timed move waits for the compiled searcher (numba loading it at the game's first
        # move) for a part of its time at most, and plays with the Python searcher if it is late
        wait = None if limit is None else limit * COMPILE_WAIT_SHARE
        if level == "hard" and compiled_ready(wait=True, timeout=wait):
            if self.compiled is None:
                self.compiled = compiled_searcher(self.rng.randrange(1 << 30), self.searcher.clock)
            searcher = self.compiled
        if limit is not None:
            limit = max(limit - (self.searcher.clock() - begun), 0.0)
        searcher.max_branching = int(self.options["MaxBranchingFactor"].value)
        self.last = searcher
        snapshot = board.copy()
        try:
            result = analyse(board, level, self.rng, time_limit=limit, searcher=searcher,
                             max_depth=depth, stop=self.stop)
        except BaseException:
            self.board = snapshot
            raise
        return [move_to_string(board, *result.move)]

    def cmd_undo(self, arg: str) -> list[str]:
        """``undo [N]``: take back the last N moves (1 by default) and answer the GameString; err for
        more than were played."""
        board = self._need_game()
        n = 1
        if arg:
            try:
                n = int(arg)
            except ValueError:
                raise _Err("undo takes a whole number of moves, e.g. 'undo 2'") from None
        if n < 0 or n > len(self.moves):
            raise _Err(f"Unable to undo {n} moves: only {len(self.moves)} played.")
        for _ in range(n):
            board.undo()
            self.moves.pop()
        return [self._game()]

    def cmd_options(self, arg: str) -> list[str]:
        """``options [get NAME | set NAME VALUE]``: list the options (Level, TimePerMove,
        MaxBranchingFactor), show one, or set one; err for an unknown name or a bad value."""
        words = arg.split()
        if not words:
            return [o.line() for o in self.options.values()]
        sub = words[0].lower()
        if sub == "get" and len(words) == 2:
            o = self._option(words[1])
            return [o.line()]
        if sub == "set" and len(words) == 3:
            o = self._option(words[1])
            try:
                o.set(words[2])
            except ValueError as exc:
                raise _Err(str(exc)) from None
            return [o.line()]
        raise _Err("Use 'options', 'options get NAME' or 'options set NAME VALUE'.")

    def _option(self, name: str) -> _Option:
        for k, o in self.options.items():
            if k.lower() == name.lower():
                return o
        raise _Err(f"Unknown option {_quote(name)}.")

    def cmd_perft(self, arg: str) -> list[str]:
        """``perft N``: count the positions 0 to N plies ahead, one line per depth (the last with its
        time and nodes per second); err for a bad depth or on interruption, the position left as it
        was."""
        board = self._need_game()
        try:
            depth = int(arg)
        except ValueError:
            raise _Err("perft takes a whole number of plies, e.g. 'perft 3'") from None
        if not 0 <= depth <= MAX_PERFT_DEPTH:
            raise _Err(f"perft depth must be between 0 and {MAX_PERFT_DEPTH} (deeper would never finish)")
        snapshot = board.copy()
        n = len(board.hist)
        start = _clock()
        try:
            if self.reference:
                counts = self._reference_perft(board, depth)
            else:
                counts = perft_board(board, depth, self.stop)
        except PerftInterrupted:
            raise _Err("perft interrupted by new input; the position is unchanged") from None
        except BaseException:
            self.board = snapshot
            raise
        finally:
            while len(board.hist) > n:
                board.undo()
        spent = _clock() - start
        out = [f"{d}: {c}" for d, c in enumerate(counts)]
        if spent > 0:
            out[-1] += f" {spent:.3f}s {int(counts[-1] / spent)}nps"
        return out

    def _reference_perft(self, board: Board, depth: int) -> list[int]:
        counts = [0] * (depth + 1)
        stop = self.stop

        def walk(d: int) -> None:
            counts[d] += 1
            if d < depth:
                if stop is not None and stop():
                    raise PerftInterrupted
                for m in self._moves(board):
                    board.play(*m)
                    walk(d + 1)
                    board.undo()

        walk(0)
        return counts


def _clock() -> float:
    return time.perf_counter()


def _parse_depth(text: str) -> int:
    try:
        depth = int(text)
    except ValueError:
        raise _Err(f"bestmove depth takes a whole number of plies from 1 to {MAX_SEARCH_DEPTH}, "
                   f"e.g. 'bestmove depth 3', not {_quote(text)}") from None
    if not 1 <= depth <= MAX_SEARCH_DEPTH:
        raise _Err(f"bestmove depth must be between 1 and {MAX_SEARCH_DEPTH}")
    return depth


def _parse_time(text: str) -> float:
    """Seconds in ``hh:mm:ss`` (each field a non-negative number)."""
    fields = text.split(":")
    bad = _Err(f"bestmove time takes a duration hh:mm:ss, e.g. 'bestmove time 00:00:05', not {_quote(text)}")
    if len(fields) != 3:
        raise bad
    try:
        h, m, s = (float(x) for x in fields)
    except ValueError:
        raise bad from None
    total = h * 3600 + m * 60 + s
    if not all(math.isfinite(x) and x >= 0 for x in (h, m, s)) or not math.isfinite(total):
        raise bad
    return total


def _cap(text: str, limit: int = 300) -> str:
    """A message cut short so that an answer stays one short line."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."


def _quote(text: str, limit: int = 60) -> str:
    """``repr`` of user text, cut short so that an answer stays one short line."""
    if len(text) > limit:
        return repr(text[:limit]) + f"... ({len(text)} characters)"
    return repr(text)


class _Err(Exception):
    pass


class _Invalid(Exception):
    pass


#: the end of input in the line queue
_EOF = object()
#: a line longer than MAX_LINE in the line queue
_TOO_LONG = object()


def _fd_reader(fd: int, lines: queue.Queue[Any]) -> None:
    """Read lines from the file descriptor ``fd`` into ``lines`` until the end.

    The descriptor is read with :func:`os.read`, not through ``sys.stdin``'s
    buffered reader: a thread blocked inside that reader holds its lock, and
    the interpreter, shutting down after ``exit`` while the input pipe is
    still open, would wait for that lock and abort."""
    buf = b""
    skipping = False
    try:
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                if buf and not skipping:
                    lines.put(buf)
                break
            buf += chunk
            while True:
                i = buf.find(b"\n")
                if i < 0:
                    if len(buf) > MAX_LINE:
                        if not skipping:
                            lines.put(_TOO_LONG)
                        skipping = True
                        buf = b""
                    break
                line, buf = buf[: i + 1], buf[i + 1 :]
                if skipping:
                    skipping = False
                elif len(line) > MAX_LINE + 1:
                    lines.put(_TOO_LONG)
                else:
                    lines.put(line)
    except (OSError, ValueError):
        pass
    finally:
        lines.put(_EOF)


def _reader(stream: IO[Any], lines: queue.Queue[Any]) -> None:
    """Read lines (bytes or text) from ``stream`` into ``lines`` until the end."""
    try:
        while True:
            raw = stream.readline(MAX_LINE + 1)
            if not raw:
                break
            end = b"\n" if isinstance(raw, bytes) else "\n"
            if len(raw) > MAX_LINE and not raw.endswith(end):
                while raw and not raw.endswith(end):
                    raw = stream.readline(MAX_LINE + 1)
                lines.put(_TOO_LONG)
                continue
            lines.put(raw)
    except (OSError, ValueError):
        pass
    finally:
        lines.put(_EOF)


def main(stdin: IO[Any] | None = None, stdout: IO[Any] | None = None) -> int:
    """Run a UHP session until ``exit`` or end of input; returns 0.

    Input is read as bytes when the stream offers them (``sys.stdin`` does),
    and decoded as UTF-8 with undecodable bytes replaced, whatever the
    locale."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    source: Any = getattr(stdin, "buffer", stdin)
    sink: Any = getattr(stdout, "buffer", stdout)
    binary_out = not isinstance(sink, io.TextIOBase)

    def emit(lines: list[str]) -> None:
        text = "".join(ln + "\n" for ln in lines) + "ok\n"
        if binary_out:
            sink.write(text.encode("utf-8", "backslashreplace"))
        else:
            sink.write(text)
        sink.flush()

    lines: queue.Queue[Any] = queue.Queue()
    try:
        fd: int | None = source.fileno()
    except (AttributeError, OSError, ValueError):
        fd = None
    if fd is not None:
        reader = threading.Thread(target=_fd_reader, args=(fd, lines), daemon=True, name="uhp-input")
    else:
        reader = threading.Thread(target=_reader, args=(source, lines), daemon=True, name="uhp-input")
    reader.start()
    engine = UHPEngine(stop=lambda: not lines.empty())
    frozen = False
    emit(engine.cmd_info(""))
    while True:
        raw = lines.get()
        if raw is _EOF:
            break
        if raw is _TOO_LONG:
            emit([f"err The line is longer than {MAX_LINE} characters."])
            continue
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
        text = text.strip()
        if not text:
            continue
        if text.lower() == "exit":
            break
        emit(engine.handle(text))
        if text[:8].lower() == "bestmove":
            # the garbage of the search (its collector was paused) is
            # collected once the answer is out, not on the next move's clock
            gc.collect()
            if not frozen and engine.compiled is not None:
                # once numba is loaded, what lives now (numba's own objects,
                # over 100,000) is set aside for good: a collection took
                # 50-80 ms going over them, and now goes over the rest only
                gc.freeze()
                frozen = True
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
