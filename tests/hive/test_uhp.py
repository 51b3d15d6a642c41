"""UHP engine sessions.

Most sessions are fed in lock-step, the way a GUI drives an engine: the next
command is only given once the engine has answered the previous one with
``ok``. (Fed all at once, each command would interrupt the one before it:
a new line stops a running ``bestmove`` or ``perft``, which the interruption
tests below rely on.)
"""

from __future__ import annotations

import builtins
import io
import os
import random
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from beegames.games.hive import uhp
from beegames.games.hive.board import Board
from beegames.games.hive.search import Searcher
from beegames.games.hive.uhp import UHPEngine, main

ROOT = Path(__file__).resolve().parents[2]


class _Answers(io.BytesIO):
    """Engine output that counts the ``ok`` lines written so far."""

    def __init__(self, cond: threading.Condition) -> None:
        super().__init__()
        self.cond = cond
        self.oks = 0

    def write(self, data) -> int:  # type: ignore[override]
        with self.cond:
            n = super().write(data)
            self.oks += bytes(data).count(b"ok\n")
            self.cond.notify_all()
            return n


class Lockstep:
    """Engine input that hands over one line only after every earlier
    non-blank line (and the start-up banner) has been answered."""

    def __init__(self, commands: list[str | bytes]) -> None:
        self.lines = [c if isinstance(c, bytes) else c.encode() for c in commands]
        self.cond = threading.Condition()
        self.out = _Answers(self.cond)
        self.expected = 1
        self.given = 0
        self.closed = False

    def readline(self, size: int = -1) -> bytes:
        with self.cond:
            self.cond.wait_for(lambda: self.out.oks >= self.expected or self.closed)
            if self.closed or self.given >= len(self.lines):
                return b""
            line = self.lines[self.given]
            self.given += 1
            if line.strip():
                self.expected += 1
            return line + b"\n"

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()


def blocks_of(text: str) -> list[list[str]]:
    blocks, cur = [], []
    for line in text.splitlines():
        if line == "ok":
            blocks.append(cur)
            cur = []
        else:
            cur.append(line)
    assert cur == [], "every response ends with ok"
    return blocks


def run(*commands: str | bytes) -> list[list[str]]:
    """A lock-step session; one block of answer lines per command (plus the banner first)."""
    feed = Lockstep(list(commands))
    try:
        assert main(feed, feed.out) == 0
    finally:
        feed.close()
    return blocks_of(feed.out.getvalue().decode("utf-8"))


def run_at_once(*commands: str | bytes) -> list[list[str]]:
    """A session whose whole input is there from the start, then ends."""
    data = b"".join((c if isinstance(c, bytes) else c.encode()) + b"\n" for c in commands)
    out = io.BytesIO()
    assert main(io.BytesIO(data), out) == 0
    return blocks_of(out.getvalue().decode("utf-8"))


def test_startup_banner_and_info():
    blocks = run("info")
    assert blocks[0][0].startswith("id beegames-hive ")
    assert blocks[0][1] == "Mosquito;Ladybug;Pillbug;Dragonfly"
    assert blocks[1] == blocks[0]


def test_text_streams_work_too():
    out = io.StringIO()
    assert main(io.StringIO("info\n"), out) == 0
    assert blocks_of(out.getvalue())[1][0].startswith("id beegames-hive")


def test_game_session():
    blocks = run(
        "newgame Base+MLP",
        "play wS1",
        "play bP -wS1",
        "play wQ wS1/",
        "validmoves",
        "undo 2",
        "pass",
        "play wQ -bP",
        "play bZ9",
    )
    assert blocks[1] == ["Base+MLP;NotStarted;White[1]"]
    assert blocks[2] == ["Base+MLP;InProgress;Black[1];wS1"]
    assert blocks[4] == ["Base+MLP;InProgress;Black[2];wS1;bP -wS1;wQ wS1/"]
    moves = blocks[5][0].split(";")
    assert "bQ -bP" in moves and all(m[0] == "b" for m in moves)
    assert blocks[6] == ["Base+MLP;InProgress;Black[1];wS1"]
    assert blocks[7][0].startswith("invalidmove")
    assert blocks[8][0].startswith("invalidmove")
    assert blocks[9][0].startswith("invalidmove")


def test_newgame_from_game_string_and_errors():
    blocks = run(
        "newgame Base;InProgress;White[2];wS1;bS1 wS1-",
        "play wQ -wS1",
        "newgame Base;InProgress;White[2];wS1;bQ wS1-",
        "newgame Chess",
        "frobnicate",
        "undo 9",
        "newgame Base+MM",
        "newgame Base+MLPM",
        "newgame Base+MLP",
    )
    assert blocks[1] == ["Base;InProgress;White[2];wS1;bS1 wS1-"]
    assert blocks[2] == ["Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1"]
    assert blocks[3][0].startswith("err")
    assert blocks[4][0].startswith("err")
    assert blocks[5][0].startswith("err")
    assert blocks[6][0].startswith("err")
    assert blocks[7] == ["err Game type 'Base+MM' names the Mosquito twice."]
    assert blocks[8][0].startswith("err") and "twice" in blocks[8][0]
    assert blocks[9] == ["Base+MLP;NotStarted;White[1]"]


def test_perft_command_format():
    blocks = run("newgame Base", "perft 3")
    lines = blocks[2]
    assert [ln.split()[:2] for ln in lines] == [["0:", "1"], ["1:", "4"], ["2:", "96"], ["3:", "1440"]]


def test_perft_output_parses_with_uhp_utils_regex():
    pattern = re.compile(r"^\s*(\d+)\s*:?\s+([\d,]+)(?:\s+.*)?$")
    blocks = run("newgame Base+MLP", "perft 2")
    parsed = {int(m.group(1)): int(m.group(2)) for m in map(pattern.match, blocks[2])}
    assert parsed == {0: 1, 1: 7, 2: 294}


def test_options_expose_level_and_time_per_move():
    blocks = run(
        "options",
        "options set MaxBranchingFactor 50",
        "options get maxbranchingfactor",
        "options set MaxBranchingFactor 0",
        "options set Level medium",
        "options get Level",
        "options set Level grandmaster",
        "options set TimePerMove 0.25",
        "options set TimePerMove nan",
        "options set TimePerMove inf",
        "options set TimePerMove -1",
        "options set MaxBranchingFactor x",
    )
    assert blocks[1] == [
        "Level;enum;hard;hard;easy;medium;hard",
        "TimePerMove;double;0.0;0.0;0.0;3600.0",
        "MaxBranchingFactor;int;500;500;1;500",
    ]
    assert blocks[3] == ["MaxBranchingFactor;int;50;500;1;500"]
    assert blocks[4][0].startswith("err")
    assert blocks[6] == ["Level;enum;medium;hard;easy;medium;hard"]
    assert blocks[7][0].startswith("err")
    assert blocks[8] == ["TimePerMove;double;0.25;0.0;0.0;3600.0"]
    for b in blocks[9:]:
        assert len(b) == 1 and b[0].startswith("err") and "Error" not in b[0]


def test_bestmove_answers_legal_moves_and_clear_errors():
    blocks = run(
        "newgame Base",
        "bestmove depth 1",
        "bestmove time 00:00:00.05",
        "bestmove sideways",
        "bestmove depth x",
        "bestmove depth 0",
        "bestmove depth 65",
        "bestmove depth 2.5",
        "bestmove time nan:0:0",
        "bestmove time inf:0:0",
        "bestmove time 0:0:nan",
        "bestmove time 1e400:0:0",
        "bestmove time -1:0:0",
        "bestmove time 5",
        "bestmove time a:b:c",
        "validmoves",
    )
    assert blocks[2][0].startswith("w") and not blocks[2][0].startswith("wQ")
    assert blocks[3][0].startswith("w")
    for b in blocks[4:15]:
        assert len(b) == 1 and b[0].startswith("err "), b
        # a readable reason, never a raw Python exception
        assert "ValueError" not in b[0] and "invalid literal" not in b[0]
    assert "whole number" in blocks[5][0]
    assert "hh:mm:ss" in blocks[9][0] and "hh:mm:ss" in blocks[10][0]
    assert set(blocks[16][0].split(";")) == {"wA1", "wB1", "wG1", "wS1"}


def test_a_branching_limit_set_after_a_search_does_not_break_the_next():
    # the remembered best move of the root is cut by the new limit; it is
    # still searched first, and the answer is a legal move (issue 20, point 4)
    blocks = run("newgame Base", "play wA1", "play bA1 wA1/", "bestmove depth 2",
                 "options set MaxBranchingFactor 1", "bestmove depth 2", "validmoves")
    assert blocks[6][0] in blocks[7][0].split(";")
    assert blocks[6][0] == blocks[4][0]


def test_commands_before_newgame_report_errors():
    blocks = run("validmoves", "play wS1", "bestmove depth 1", "perft 1", "undo")
    assert all(b[0].startswith("err") for b in blocks[1:])


class FakeClock:
    """Moves 50 ms each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.05
        return self.now


MID = "Base+MLP;InProgress;White[6];wA1;bA1 wA1-;wQ -wA1;bQ bA1-;wG1 \\wQ;bG1 bQ/;wS1 /wQ;bS1 bQ\\;wB1 -wQ;bB1 bQ-"


def test_bestmove_depth_is_honoured_exactly():
    for depth in (1, 2, 3):
        engine = UHPEngine()
        assert not engine.handle("newgame " + MID)[0].startswith("err")
        move = engine.handle(f"bestmove depth {depth}")[0]
        assert not move.startswith("err")
        assert engine.last.depth_reached == depth


def test_bestmove_time_is_honoured():
    engine = UHPEngine()
    engine.handle("newgame " + MID)
    clock = FakeClock()
    engine.searcher = Searcher(seed=1, clock=clock)
    move = engine.handle("bestmove time 00:00:02")[0]
    assert not move.startswith("err")
    # the search stops once the clock passes the limit (a few reads of
    # book-keeping follow) and does not quit early
    assert 1.0 <= clock.now <= 2.0 + 4 * 0.05


def test_the_time_limit_counts_the_wait_for_the_compiled_searcher(monkeypatch):
    """A game's first timed move may find numba still loading the compiled
    searcher: it waits for half its time at most, and the wait comes out
    of the search's time, so the answer is still within the limit."""
    engine = UHPEngine()
    engine.handle("newgame " + MID)
    clock = FakeClock()
    engine.searcher = Searcher(seed=1, clock=clock)
    waits: list[float | None] = []

    def still_loading(wait: bool = False, timeout: float | None = None) -> bool:
        waits.append(timeout)
        clock.now += timeout or 0.0  # waited in vain
        return False

    monkeypatch.setattr(uhp, "compiled_ready", still_loading)
    move = engine.handle("bestmove time 00:00:02")[0]
    assert not move.startswith("err")
    assert waits == [1.0]
    assert engine.last is engine.searcher  # the Python searcher played
    assert 1.5 <= clock.now <= 2.0 + 4 * 0.05


def test_perft_refuses_huge_depths_and_keeps_the_position():
    blocks = run("newgame Base+MLP", "play wS1", "play bS1 wS1-", "validmoves",
                 "perft 999999", "perft -1", "perft 13", "perft two", "validmoves", "undo 1")
    for b in blocks[5:9]:
        assert len(b) == 1 and b[0].startswith("err"), b
    assert "12" in blocks[5][0]
    assert blocks[9] == blocks[4]
    assert blocks[10] == ["Base+MLP;InProgress;Black[1];wS1"]


@pytest.mark.parametrize("reference", [False, True])
def test_perft_leaves_the_position_as_it_was_whatever_happens(monkeypatch, reference):
    engine = UHPEngine()
    engine.reference = reference
    for cmd in ("newgame Base+MLP", "play wS1", "play bS1 wS1-", "play wQ -wS1"):
        engine.handle(cmd)
    before = (engine.handle("validmoves"), engine.board.hash, engine.board.occ, len(engine.board.hist))
    calls = {"n": 0}
    real_play = Board.play

    def failing_play(self, piece, dest):
        calls["n"] += 1
        if calls["n"] == 40:
            raise RecursionError("maximum recursion depth exceeded")
        real_play(self, piece, dest)

    monkeypatch.setattr(Board, "play", failing_play)
    answer = engine.handle("perft 3")
    monkeypatch.setattr(Board, "play", real_play)
    assert answer[0].startswith("err RecursionError")
    assert (engine.handle("validmoves"), engine.board.hash, engine.board.occ, len(engine.board.hist)) == before
    assert engine.handle("undo 1") == ["Base+MLP;InProgress;White[2];wS1;bS1 wS1-"]


def test_bestmove_leaves_the_position_as_it_was_on_failure(monkeypatch):
    engine = UHPEngine()
    engine.handle("newgame " + MID)
    before = engine.handle("validmoves")

    def broken(*args, **kwargs):
        engine.board.play(*engine.board.legal_moves()[0])
        raise MemoryError

    monkeypatch.setattr(uhp, "analyse", broken)
    assert engine.handle("bestmove")[0].startswith("err MemoryError")
    assert engine.handle("validmoves") == before


def test_a_new_line_interrupts_a_search_and_a_perft():
    blocks = run_at_once("newgame Base+MLP", "play wS1", "bestmove depth 64", "validmoves",
                         "perft 12", "validmoves", "info")
    move = blocks[3][0]
    assert move.startswith("b") and move in blocks[4][0].split(";")
    assert blocks[5] == ["err perft interrupted by new input; the position is unchanged"]
    assert blocks[6] == blocks[4]
    assert blocks[7] == blocks[0]


def test_end_of_input_interrupts_a_search():
    blocks = run_at_once("newgame " + MID, "bestmove depth 64")
    assert len(blocks) == 3 and blocks[2][0].startswith("w")


def test_undecodable_input_is_answered_with_err():
    blocks = run_at_once(b"newgame", b"\xff\xfe\xfd", b"play wS1 \xc3", b"pl\x80ay wS1", b"play wS1")
    assert blocks[1] == ["Base;NotStarted;White[1]"]
    assert all(b[0].startswith(("err", "invalidmove")) for b in blocks[2:5])
    assert blocks[5] == ["Base;InProgress;Black[1];wS1"]


def test_overlong_lines_are_refused():
    blocks = run_at_once("newgame", "play " + "x" * 70000, "play wS1")
    assert blocks[2][0].startswith("err") and len(blocks[2][0]) < 200
    assert blocks[3] == ["Base;InProgress;Black[1];wS1"]


def _engine_process(data: bytes) -> subprocess.CompletedProcess:
    """The engine as its own process under a desktop UTF-8 locale. The
    locale may not be installed here, so strict UTF-8 decoding of stdin (what
    such a locale gives) is also asked for explicitly."""
    env = dict(os.environ, LC_ALL="en_US.UTF-8", PYTHONIOENCODING="utf-8:strict", PYTHONUTF8="0",
               PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "beegames.games.hive.uhp"], input=data,
                          capture_output=True, env=env, check=False)


def test_invalid_utf8_under_a_utf8_locale_does_not_kill_the_engine():
    proc = _engine_process(b"newgame\n\xff\xfe bad\nplay wS1\nnewgame Base+\xe9\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    blocks = blocks_of(proc.stdout.decode("utf-8"))
    assert blocks[1] == ["Base;NotStarted;White[1]"]
    assert blocks[2][0].startswith("err")
    assert blocks[3] == ["Base;InProgress;Black[1];wS1"]
    assert blocks[4][0].startswith("err")


def _console_script() -> list[str]:
    """The installed ``beegames`` command (the console script beside this
    interpreter), or the package's ``-m`` entry when it is not installed."""
    script = Path(sys.executable).with_name("beegames")
    return [str(script)] if script.exists() else [sys.executable, "-m", "beegames"]


def test_exit_ends_the_real_command_cleanly_while_the_input_stays_open():
    # 'exit' arrives while the input pipe stays open: the command exits 0
    # at once, with nothing on stderr (issue 20, point 5: it used to abort
    # at interpreter shutdown, blocked on the reader thread's stdin lock)
    env = dict(os.environ, LC_ALL="en_US.UTF-8", PYTHONIOENCODING="utf-8:strict", PYTHONUTF8="0")
    proc = subprocess.Popen([*_console_script(), "hive", "uhp"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(b"info\n")
        proc.stdin.flush()
        seen = [proc.stdout.readline() for _ in range(6)]
        assert seen.count(b"ok\n") == 2
        proc.stdin.write(b"exit\n")
        proc.stdin.flush()
        code = proc.wait(timeout=60)
        err = proc.stderr.read() if proc.stderr else b""
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdin.close()
    assert code == 0, err
    assert err == b""


def _fuzz_lines(rng: random.Random, n: int) -> list[bytes]:
    words = ["info", "newgame", "play", "pass", "validmoves", "bestmove", "undo", "options", "perft",
             "depth", "time", "get", "set", "Level", "TimePerMove", "MaxBranchingFactor", "Base+MLP",
             "Base+MLPD", "Base+MM", "wS1", "bS1", "wQ", "-wS1", "wS1-", "bA1", "/bQ", "nan:0:0",
             "inf:0:0", "00:00:00.01", "1", "2", "3", "0", "-1", "999999", "x", "hard", "easy"]
    good = ["newgame Base+MLP", "newgame Base", "validmoves", "undo", "undo 2", "bestmove depth 1",
            "bestmove depth 2", "bestmove time 00:00:00.01", "perft 2", "options", "options set Level easy",
            "options set MaxBranchingFactor 1", "options set MaxBranchingFactor 500", "pass"]
    out: list[bytes] = []
    board_moves: list[str] = []
    for _ in range(n):
        r = rng.random()
        if r < 0.25:
            line = rng.choice(good).encode()
        elif r < 0.45:
            line = b"play " + rng.choice(["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 /wQ", "bG1 \\bQ",
                                          "wB1 wQ", "bP -bQ", "pass", "wM wS1/"]).encode()
        elif r < 0.7:
            line = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4))).encode()
        elif r < 0.85:
            line = bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
        else:
            base = bytearray(rng.choice(good + board_moves or good).encode())
            for _ in range(rng.randint(1, 3)):
                base[rng.randrange(len(base))] = rng.randrange(256)
            line = bytes(base)
        line = line.replace(b"\n", b" ").replace(b"\r", b" ")
        if line.strip().lower() == b"exit":
            line = b"info"
        out.append(line)
    return out


#: the names of Python's own exceptions: none may reach an answer
EXCEPTION_NAMES = frozenset(
    n for n, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, BaseException)
)


def fuzz_session(seed: int, n: int) -> tuple[subprocess.CompletedProcess, list[bytes]]:
    """``n`` random lines, fed at once to the real ``beegames hive uhp``
    command under a strict UTF-8 locale."""
    lines = _fuzz_lines(random.Random(seed), n)
    env = dict(os.environ, LC_ALL="en_US.UTF-8", PYTHONIOENCODING="utf-8:strict", PYTHONUTF8="0")
    proc = subprocess.run([*_console_script(), "hive", "uhp"], input=b"\n".join(lines) + b"\n",
                          capture_output=True, env=env, check=False)
    return proc, lines


def test_uhp_fuzz_never_kills_the_engine():
    proc, lines = fuzz_session(2026, 2500)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stderr == b""
    text = proc.stdout.decode("utf-8")
    answered = sum(1 for ln in lines if ln.decode("utf-8", "replace").strip())
    assert text.splitlines().count("ok") == answered + 1
    assert "Traceback" not in text
    named = EXCEPTION_NAMES.intersection(re.findall(r"[A-Za-z]+", text))
    assert not named, named
