"""Bee Lives: a colony's year on a map of flower tiles, against rival
colonies and the wild hives."""

from .engine import BeeLivesEngine

__all__ = ["BeeLivesEngine"]
