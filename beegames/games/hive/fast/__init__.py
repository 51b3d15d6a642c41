"""The numba Hive core (issue 23, milestone 1): board, move generator and
perft over numpy arrays, compiled by numba, giving the same moves as
:mod:`..board`.

:data:`AVAILABLE` says whether numba imports here; nothing else in this
package is imported until asked for, so ``from beegames.games.hive.fast
import AVAILABLE`` is cheap to try and never raises. When it is False the
caller keeps to board.py. Every expansion set is supported (Base, Mosquito,
Ladybug, Pillbug and Dragonfly).

* :class:`FastBoard` (``fast.convert``): a numba position built from any
  ``Board``, with ``legal_moves``, ``play``/``undo``, ``count_moves``,
  ``perft``, ``status`` in board.py's move form.
* :func:`perft_board`: board.py's ``perft.perft_board`` computed in numba.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

try:
    import numba  # noqa: F401

    AVAILABLE = True
except Exception:  # numba missing or broken (e.g. an unsupported numpy)
    AVAILABLE = False

if TYPE_CHECKING:
    from ..board import Board
    from .convert import FastBoard


def _require() -> None:
    if not AVAILABLE:
        raise ImportError("numba is not installed: the fast Hive core is unavailable (use board.py)")


def fast_board(board: Board) -> FastBoard:
    """A :class:`FastBoard` equal to ``board`` (ImportError without numba)."""
    _require()
    from .convert import FastBoard

    return FastBoard(board)


def perft_board(board: Board, depth: int) -> list[int]:
    """Perft counts at depths ``0..depth`` from ``board``, in numba."""
    from ..perft import check_depth

    check_depth(depth)
    return fast_board(board).perft(depth)


def __getattr__(name: str) -> Any:
    if name == "FastBoard":
        _require()
        from .convert import FastBoard

        return FastBoard
    raise AttributeError(name)


__all__ = ["AVAILABLE", "FastBoard", "fast_board", "perft_board"]
