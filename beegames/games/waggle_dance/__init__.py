"""Waggle Dance: the 2022 new edition (with the Threats expansion and solo play against
Bumblebot) and the 2014 first edition."""

from .engine import WaggleDanceEngine
from .models import WaggleDanceOptions
from .state import WaggleDanceState

__all__ = ["WaggleDanceEngine", "WaggleDanceOptions", "WaggleDanceState"]
