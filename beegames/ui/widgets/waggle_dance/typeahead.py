"""Keys typed ahead inside one day turn of Waggle Dance.

Placing a die is two choices in one decision: picking the die (or R, T) turns the list into the
places it may go, with the first one highlighted. A key typed before that list was drawn, such
as the second Enter of two or Enter right after a die's digit, would choose a place the player
has not seen offered. So a pick stands the shared guard before it
(:meth:`~beegames.ui.screens.steps.StepKeys.guard_keys`, as before a new question): such keys, and
a click in the list meanwhile, are dropped, with the shared word ("A new question came up…").
A key that names its place itself (a letter, a room's number, another die's digit) is the
player's own choice whatever the list shows: it ends that guard and is taken, so "3" then "c"
typed at once still puts a 3 on C3. A guard stood for another reason (another player's turn, a
new question, keys typed with an answer before the night's steps were drawn) is never ended by
it: such a key goes to the shared handling (:meth:`PickGuard.shared_keys`), as it does while
the steps are shown (it runs them, and is played back for the same kind of question again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...screens.steps import StepKeys

    _Base = StepKeys
else:
    _Base = object


class PickGuard(_Base):
    """The Waggle Dance screen's guard of a pick (mixed into the screen, before GameScreen)."""

    #: the guard a pick stood (the shared guard's token), while it stands
    _pick_guard: object | None = None

    def guard_pick(self) -> None:
        """A die (or R, T) was picked, or an entry of the list highlighted for the player: the keys that
        choose by place in the list wait for it to be drawn (unless a guard stands already)."""
        if not self.keys_guarded and self.replay is None:  # (a replay plays nothing)
            self.guard_keys(question=True)
            self._pick_guard = self._guard

    def named_key(self) -> None:
        """A key that names what it does came: the guard of a pick, if it stands, ends."""
        if self._guard is not None and self._guard is self._pick_guard:
            self._release_keys(self._guard)

    def shared_keys(self) -> bool:
        """A die's digit or a place's letter goes to the shared handling of keys typed ahead: while
        the steps are shown (it runs them, then it is played back or dropped with a word), or while
        a guard other than a pick's stands (it is dropped, and counted in the word said)."""
        return self.stepping or (self._guard is not None and self._guard is not self._pick_guard)
