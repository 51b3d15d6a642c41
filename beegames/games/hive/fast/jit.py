"""The one decorator of the numba core: ``numba.njit(cache=True)``, typed so
that mypy keeps each function's own signature."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])


def njit(fn: F) -> F:
    """Compile ``fn`` in nopython mode, cached on disk beside its module."""
    return cast(F, numba.njit(cache=True)(fn))
