"""Hive: rules engine, UHP notation and engine, perft and computer players."""

from .engine import HiveEngine, HiveOptions, HiveState

__all__ = ["HiveEngine", "HiveOptions", "HiveState"]
