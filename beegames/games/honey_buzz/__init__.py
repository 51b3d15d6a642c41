"""Honey Buzz: build a hive of two-hex tiles, forage nectar, make and sell honey."""

from .engine import HoneyBuzzEngine
from .models import HoneyBuzzOptions, HoneyBuzzState

__all__ = ["HoneyBuzzEngine", "HoneyBuzzOptions", "HoneyBuzzState"]
