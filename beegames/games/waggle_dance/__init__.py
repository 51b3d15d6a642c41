"""Waggle Dance (2022 new edition), with the Threats expansion and solo play against Bumblebot."""

from .engine import WaggleDanceEngine
from .models import WaggleDanceOptions, WaggleDanceState

__all__ = ["WaggleDanceEngine", "WaggleDanceOptions", "WaggleDanceState"]
