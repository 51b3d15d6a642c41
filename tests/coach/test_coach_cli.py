"""``beegames hint PATH`` and ``beegames review PATH``."""

from __future__ import annotations

import json
import os

import pytest

from beegames.cli import main
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.core.saves import SaveLock, write_save
from beegames.games import get_engine

from .test_coach_games import hive_win_in_one
from .test_coach_kernel import finished, pig_match


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_hint_on_a_hive_save_with_a_win_in_one_gives_the_win_and_leaves_the_file_alone(tmp_path, capsys):
    m = hive_win_in_one()
    m.header.hints = True
    path = write_save(m, tmp_path / "hive.json")
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    lock = SaveLock.acquire(path)  # the save is open in a running beegames
    assert lock is not None
    try:
        code, out, err = run(["hint", str(path), "--seconds", "1"], capsys)
    finally:
        lock.release()
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("Hint for Black (seat 2): b") and "Black: " not in lines[0]  # (named once)
    move = json.loads(next(line for line in lines if line.startswith("Move: ")).removeprefix("Move: "))
    assert any(line.startswith("Why: It wins at once") for line in lines)
    assert any(line.startswith("Outlook after it: 100% to win (from the search, ") for line in lines)
    m.play(m.engine.move_from_json(move))
    assert m.result is not None and m.result.winners == [1]
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before


def test_hint_prints_a_play_out_game_too(tmp_path, capsys, pig):
    path = write_save(pig_match(pig), tmp_path / "pig.json")
    code, out, _err = run(["hint", str(path), "--seconds", "0.5"], capsys)
    assert code == 0 and out.startswith("Hint for ") and "\nMove: " in out and "\nWhy: " in out


def test_hint_refusals_are_one_line_with_a_status(tmp_path, capsys, pig):
    done = write_save(finished(pig), tmp_path / "done.json")
    code, out, err = run(["hint", str(done)], capsys)
    assert (code, out) == (1, "") and err == "beegames: cannot hint: the game is over: there is no move to suggest\n"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "beegames-save", "version": 2, "gam', encoding="utf-8")
    code, _out, err = run(["hint", str(bad)], capsys)
    assert code == 1 and err.startswith("beegames: cannot hint: bad.json is cut short") and err.count("\n") == 1
    humans = Match.new(get_engine("hive"), seats=[SeatInfo(name="A"), SeatInfo(name="B")])
    off = write_save(humans, tmp_path / "off.json")
    code, _out, err = run(["hint", str(off)], capsys)
    assert code == 1 and "hints are off in this game" in err and err.count("\n") == 1
    for seconds in ("0", "-1", "nan", "99999"):
        code, _out, err = run(["hint", str(off), "--seconds", seconds], capsys)
        assert code == 2 and "--seconds must be" in err


def test_review_prints_one_line_per_move_listed(tmp_path, capsys, pig):
    path = write_save(finished(pig), tmp_path / "done.json")
    code, out, err = run(["review", str(path), "--seconds", "3", "--seat", "1"], capsys)
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("Ana (seat 1): ")
    if len(lines) > 1:  # (moves listed: what the outlook measures follows them, once)
        lines, meaning = lines[:-1], lines[-1]
        assert meaning.startswith("Outlook: the points the computer expects the player to end with"), meaning
    assert len(lines) <= 4 and all(line.startswith("  Move ") for line in lines[1:])
    code, out, _err = run(["review", str(path), "--seconds", "2"], capsys)
    assert code == 0 and out.startswith("Ana (seat 1): ") and "Ben" not in out  # the human seats by default


def test_review_refusals(tmp_path, capsys, pig):
    path = write_save(pig_match(pig), tmp_path / "open.json")
    code, out, err = run(["review", str(path)], capsys)
    assert (code, out) == (1, "") and err == ("beegames: cannot review: the game is not finished: a review comes at "
                                             "the end of a game\n")
    done = write_save(finished(pig), tmp_path / "done.json")
    code, _out, err = run(["review", str(done), "--seat", "3"], capsys)
    assert code == 2 and "--seat must be between 1 and 2" in err
    code, _out, err = run(["review", str(tmp_path / "missing.json")], capsys)
    assert code == 1 and err.startswith("beegames: cannot review: ") and "does not exist" in err


def test_new_takes_hints_or_no_hints():
    from beegames.cli import _parse, build_parser

    cases = ((["new", "hive"], None), (["new", "hive", "--hints"], True), (["new", "hive", "--no-hints"], False))
    for argv, want in cases:
        assert _parse(build_parser(argv), argv).hints is want


def test_names_from_a_save_reach_the_terminal_escaped(tmp_path, capsys):
    m = hive_win_in_one()
    m.header.hints = True
    m.header.seats[1] = m.header.seats[1].model_copy(update={"name": "Black\x1b[2J"})
    path = write_save(m, tmp_path / "hive.json")
    code, out, _err = run(["hint", str(path), "--seconds", "0.5"], capsys)
    assert code == 0 and "\x1b" not in out and out.startswith("Hint for Black")
