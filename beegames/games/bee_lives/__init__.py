"""Bee Lives: a colony's year on a map of flower tiles, against rival
colonies and the wild hives."""

from . import campaigns, scenarios, solo  # noqa: F401  (the solo modes register their hooks)
from .engine import BeeLivesEngine

__all__ = ["BeeLivesEngine"]
