"""A small seeded random generator whose whole state is one integer.

Games keep an :class:`RngState` inside their pydantic state, so a save holds the
exact point the generator had reached and a resumed game draws the same dice
and cards it would have drawn without the interruption. The generator is
SplitMix64: fast, well mixed, and trivially serialisable.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class RngState(BaseModel):
    """JSON form of the generator: the seed it started from and its counter."""

    model_config = ConfigDict(frozen=False)

    seed: int
    state: int

    @classmethod
    def from_seed(cls, seed: int) -> RngState:
        return cls(seed=seed, state=_mix(seed & _MASK))


class Rng:
    """Draws numbers and advances an :class:`RngState` in place.

    ``Rng(state)`` wraps the model; every draw writes the new counter back, so
    the owning game state always holds the generator's current position.
    """

    __slots__ = ("_model",)

    def __init__(self, model: RngState) -> None:
        self._model = model

    @property
    def model(self) -> RngState:
        return self._model

    def next_u64(self) -> int:
        s = (self._model.state + _GOLDEN) & _MASK
        self._model.state = s
        return _mix(s)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next_u64()
            if x <= limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]``, both ends included."""
        return lo + self.below(hi - lo + 1)

    def d6(self) -> int:
        return 1 + self.below(6)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next_u64() >> 11) / float(1 << 53)
