"""Perft counts at cheap depths (deep ones live in benchmarks/hive_perft.py)."""

from __future__ import annotations

import pytest

from beegames.games.hive.perft import perft, perft_counts


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
