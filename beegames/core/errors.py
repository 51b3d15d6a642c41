"""Errors shared by every game in the suite."""

from __future__ import annotations


class BeegamesError(Exception):
    """Base class for every error the suite raises on purpose."""


class IllegalMove(BeegamesError):
    """A move the rules do not allow.

    ``reason`` is a sentence meant for the player, for example
    ``"Your Queen Bee must be placed by your fourth placement."``.
    The state the move was tried on is left untouched.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SaveError(BeegamesError):
    """A save file that cannot be used; ``reason`` is one line for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(BeegamesError):
    """A game id that the suite does not know, or does not offer yet."""
