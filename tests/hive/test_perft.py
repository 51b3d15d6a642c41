"""Perft counts at cheap depths (deep ones live in benchmarks/hive_perft.py)."""

from __future__ import annotations

import pytest

from beegames.games.hive.board import Board
from beegames.games.hive.perft import MAX_PERFT_DEPTH, PerftInterrupted, perft, perft_board, perft_counts


def test_base_perft_to_depth_4():
    assert perft_counts("Base", 4, processes=1) == [1, 4, 96, 1440, 21600]


def test_mlp_perft_to_depth_3():
    assert perft_counts("Base+MLP", 3, processes=1) == [1, 7, 294, 6678]


def test_perft_single_value_and_errors():
    assert perft("Base", 2) == 96
    assert perft_counts("Base", 0) == [1]
    with pytest.raises(ValueError):
        perft_counts("Chess", 2)
    with pytest.raises(ValueError):
        perft_counts("Base", -1)


def test_perft_over_two_processes_matches():
    assert perft_counts("Base", 4, processes=2) == [1, 4, 96, 1440, 21600]


def test_huge_depths_are_refused():
    with pytest.raises(ValueError, match="could never finish"):
        perft_counts("Base", MAX_PERFT_DEPTH + 1)
    with pytest.raises(ValueError, match="could never finish"):
        perft_board(Board(), 999_999)


def test_cli_perft_refuses_a_huge_depth_without_a_traceback(capsys):
    from beegames.cli import main

    assert main(["hive", "perft", "5000"]) != 0
    err = capsys.readouterr().err
    assert "could never finish" in err and "Traceback" not in err


def test_perft_leaves_the_board_unchanged_when_stopped_or_failing(monkeypatch):
    b = Board("MLP")
    for m in [(1, 0)]:
        b.play(*m)
    b.play(*b.legal_moves()[3])
    snapshot = (dict((c, list(s)) for c, s in b.stacks.items()), list(b.pos), b.hash, b.occ, len(b.hist), dict(b.rep))
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return calls["n"] > 5

    with pytest.raises(PerftInterrupted):
        perft_board(b, 4, stop)
    after = (dict((c, list(s)) for c, s in b.stacks.items()), list(b.pos), b.hash, b.occ, len(b.hist), dict(b.rep))
    assert after == snapshot
    real = Board.count_moves

    def broken(self):
        raise MemoryError

    monkeypatch.setattr(Board, "count_moves", broken)
    with pytest.raises(MemoryError):
        perft_board(b, 3)
    monkeypatch.setattr(Board, "count_moves", real)
    after = (dict((c, list(s)) for c, s in b.stacks.items()), list(b.pos), b.hash, b.occ, len(b.hist), dict(b.rep))
    assert after == snapshot
    assert perft_board(b, 2) == perft_board(b.copy(), 2)
