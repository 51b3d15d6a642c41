"""A Universal Hive Protocol engine on stdin/stdout.

Run it with ``python -m beegames.games.hive.uhp`` (or ``beegames hive uhp``).
Every response ends with a line ``ok``; failures print ``err <message>`` and
rejected moves ``invalidmove <message>`` before that ``ok``. Supported
commands: ``info``, ``newgame [GameTypeString|GameString]``, ``play
MoveString``, ``pass``, ``validmoves``, ``bestmove depth N``, ``bestmove time
hh:mm:ss``, ``undo [N]``, ``options [get NAME | set NAME VALUE]``, ``perft N``
and ``exit``. See ``docs/hive-uhp.md``.
"""

from __future__ import annotations

import os
import random
import sys
import time
from typing import TextIO

from .ai import Searcher, choose_move
from .board import Board
from .notation import NotationError, move_to_string, parse_move
from .perft import perft_board
from .pieces import parse_game_type
from .rules import IllegalMoveReason, explain_illegal, game_string, replay

VERSION = "0.1.0"
CAPABILITIES = "Mosquito;Ladybug;Pillbug;Dragonfly"


class _Option:
    def __init__(self, name: str, kind: str, default, lo=None, hi=None, values=None):
        self.name, self.kind, self.default = name, kind, default
        self.value = default
        self.lo, self.hi, self.values = lo, hi, values

    def line(self) -> str:
        if self.kind == "enum":
            return ";".join([self.name, "enum", str(self.value), str(self.default), *self.values])
        return f"{self.name};{self.kind};{self.value};{self.default};{self.lo};{self.hi}"

    def set(self, text: str) -> None:
        if self.kind == "int":
            v = int(text)
            if not self.lo <= v <= self.hi:
                raise ValueError(f"{self.name} must be between {self.lo} and {self.hi}")
            self.value = v
        elif self.kind == "double":
            v = float(text)
            if not self.lo <= v <= self.hi:
                raise ValueError(f"{self.name} must be between {self.lo} and {self.hi}")
            self.value = v
        else:
            match = [x for x in self.values if x.lower() == text.strip().lower()]
            if not match:
                raise ValueError(f"{self.name} must be one of {', '.join(self.values)}")
            self.value = match[0]


class UHPEngine:
    """State and command handling of one UHP session."""

    def __init__(self) -> None:
        self.board: Board | None = None
        self.moves: list[str] = []
        self.options = {
            o.name: o
            for o in (
                _Option("MaxBranchingFactor", "int", 500, 1, 500),
                _Option("DefaultTimeLimit", "double", 1.0, 0.01, 3600.0),
                _Option("Level", "enum", "hard", values=["greedy", "easy", "medium", "hard"]),
            )
        }
        self.rng = random.Random(0)
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
        parts = line.strip().split(None, 1)
        if not parts:
            return []
        cmd = parts[0].lower()
        arg = parts[1].strip() if len(parts) > 1 else ""
        try:
            fn = getattr(self, "cmd_" + cmd, None)
            if fn is None:
                raise _Err(f"Invalid command. Try 'info' to see the list of commands ({cmd!r} unknown).")
            return fn(arg)
        except _Invalid as exc:
            return [f"invalidmove {exc}"]
        except _Err as exc:
            return [f"err {exc}"]
        except Exception as exc:
            return [f"err {type(exc).__name__}: {exc}"]

    def cmd_info(self, arg: str) -> list[str]:
        name = "beegames-hive-reference" if self.reference else "beegames-hive"
        return [f"id {name} {VERSION}", CAPABILITIES]

    def cmd_newgame(self, arg: str) -> list[str]:
        text = arg or "Base"
        fields = [f.strip() for f in text.split(";")]
        try:
            expansions = parse_game_type(fields[0])
        except ValueError as exc:
            raise _Err(str(exc)) from None
        moves = fields[3:] if len(fields) > 3 else []
        try:
            board, canonical = replay(expansions, [m for m in moves if m])
        except (NotationError, IllegalMoveReason) as exc:
            raise _Err(f"Unable to load game: {exc}") from None
        self.board, self.moves = board, canonical
        return [self._game()]

    def cmd_play(self, arg: str) -> list[str]:
        board = self._need_game()
        if board.status != 0:
            raise _Invalid("You can't play, the game is over.")
        if not arg:
            raise _Err("play needs a MoveString, e.g. 'play wS1'.")
        try:
            piece, dest = parse_move(board, arg)
        except NotationError as exc:
            raise _Invalid(str(exc)) from None
        if (piece, dest) not in board.legal_moves():
            raise _Invalid(explain_illegal(board, piece, dest))
        self.moves.append(move_to_string(board, piece, dest))
        board.play(piece, dest)
        return [self._game()]

    def cmd_pass(self, arg: str) -> list[str]:
        return self.cmd_play("pass")

    def cmd_validmoves(self, arg: str) -> list[str]:
        board = self._need_game()
        moves = self._moves(board)
        if not moves:
            raise _Err("The game is over.")
        return [";".join(move_to_string(board, p, c) for p, c in moves)]

    def cmd_bestmove(self, arg: str) -> list[str]:
        board = self._need_game()
        if board.status != 0:
            raise _Err("The game is over.")
        words = arg.split()
        limit = float(self.options["DefaultTimeLimit"].value)
        max_depth = 64
        if len(words) == 2 and words[0].lower() == "depth":
            max_depth = int(words[1])
            if max_depth < 1:
                raise _Err("depth must be at least 1")
            limit = 3600.0
        elif len(words) == 2 and words[0].lower() == "time":
            try:
                h, m, s = (float(x) for x in words[1].split(":"))
            except ValueError:
                raise _Err("time must be written hh:mm:ss") from None
            limit = h * 3600 + m * 60 + s
        elif words:
            raise _Err("Use 'bestmove depth N' or 'bestmove time hh:mm:ss'.")
        level = str(self.options["Level"].value)
        searcher = Searcher(max_branching=int(self.options["MaxBranchingFactor"].value), seed=self.rng.randrange(1 << 30))
        if words and words[0].lower() == "depth" or level in ("medium", "hard"):
            mv = choose_move(board, "hard", self.rng, time_limit=limit, searcher=searcher, max_depth=max_depth)
        else:
            mv = choose_move(board, level, self.rng)
        return [move_to_string(board, *mv)]

    def cmd_undo(self, arg: str) -> list[str]:
        board = self._need_game()
        n = 1
        if arg:
            try:
                n = int(arg)
            except ValueError:
                raise _Err("undo takes a number of moves") from None
        if n < 0 or n > len(self.moves):
            raise _Err(f"Unable to undo {n} moves: only {len(self.moves)} played.")
        for _ in range(n):
            board.undo()
            self.moves.pop()
        return [self._game()]

    def cmd_options(self, arg: str) -> list[str]:
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
        raise _Err(f"Unknown option {name!r}.")

    def cmd_perft(self, arg: str) -> list[str]:
        board = self._need_game()
        try:
            depth = int(arg)
        except ValueError:
            raise _Err("perft takes a depth, e.g. 'perft 3'") from None
        if depth < 0:
            raise _Err("perft depth must be 0 or more")
        start = time.perf_counter()
        if self.reference:
            counts = [0] * (depth + 1)

            def walk(d: int) -> None:
                counts[d] += 1
                if d < depth:
                    for m in self._moves(board):
                        board.play(*m)
                        walk(d + 1)
                        board.undo()

            walk(0)
        else:
            counts = perft_board(board, depth)
        spent = time.perf_counter() - start
        out = [f"{d}: {n}" for d, n in enumerate(counts)]
        if spent > 0:
            out[-1] += f" {spent:.3f}s {int(counts[-1] / spent)}nps"
        return out


class _Err(Exception):
    pass


class _Invalid(Exception):
    pass


def main(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Run a UHP session until ``exit`` or end of input; returns 0."""
    engine = UHPEngine()

    def emit(lines: list[str]) -> None:
        for ln in lines:
            stdout.write(ln + "\n")
        stdout.write("ok\n")
        stdout.flush()

    emit(engine.cmd_info(""))
    for line in stdin:
        text = line.strip()
        if not text:
            continue
        if text.lower() == "exit":
            break
        emit(engine.handle(text))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
