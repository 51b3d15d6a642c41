"""The one decorator of the numba core, ``numba.njit(cache=True)`` typed so
that mypy keeps each function's own signature, and a guard for numba's
on-disk cache.

numba checks a cached function against its own source file only: a
function compiled with another module's function inlined (``perft_counts``
with ``generate`` and ``make`` in it) would be loaded from the cache
unchanged after that other module was edited, and run the old code. So
this module keeps, beside the cache files in ``fast/__pycache__``, a digest
of all of this package's sources, and deletes the cache files when the
digest differs (after an edit or an upgrade) before anything is compiled
or loaded. When that directory cannot be written numba keeps its cache
elsewhere (or not at all) and the guard does nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])

_HERE = Path(__file__).resolve().parent


def _drop_stale_cache() -> None:
    try:
        digest = hashlib.sha256(
            b"".join(p.name.encode() + p.read_bytes() for p in sorted(_HERE.glob("*.py")))
        ).hexdigest()
        cache = _HERE / "__pycache__"
        marker = cache / "numba-sources.sha256"
        if marker.is_file() and marker.read_text() == digest:
            return
        cache.mkdir(exist_ok=True)
        for p in cache.iterdir():
            if p.suffix in (".nbi", ".nbc"):
                p.unlink()
        marker.write_text(digest)
    except OSError:
        pass


_drop_stale_cache()


def njit(fn: F) -> F:
    """Compile ``fn`` in nopython mode, cached on disk beside its module."""
    return cast(F, numba.njit(cache=True)(fn))
