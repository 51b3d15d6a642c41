"""The digit and letter keys of a Waggle Dance turn: the die to place, then where it goes.

The screen's ``on_key`` passes a digit or one of the place letters here, once it is the keyboard
seat's turn; each function steps the screen's :class:`~.turn.DiePicker` or submits the move through
the screen, and says why a key does nothing now. (Functions of the screen, rather than methods,
to keep the screen's module short.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....games.waggle_dance import view as wd
from .turn import CARD_STEPS, HELPER_STEPS, Step

if TYPE_CHECKING:
    from ...screens.waggle_dance import WaggleDanceScreen


def digit(self: WaggleDanceScreen, d: int) -> None:
    """A digit: a room or a threat (after R or T), a step of the helper die, or the die to place."""
    step = self.picker.step
    if step is Step.ROOM:
        self.place(f"R{d}")
        return
    if step is Step.THREAT:
        self.place(f"T{d}")
        return
    if step is Step.FLOWER:
        self.place(f"D{d}")
        return
    if not 1 <= d <= 6:
        self.notify("Dice show 1 to 6.", severity="warning")
        return
    helpers = self.turn().helpers
    if step is Step.HELPER:
        if d not in {m.helper for m in helpers}:
            self.notify(f"No die showing {d} can be the helper.", severity="warning")
            return
        self.picker.helper, self.picker.step = d, Step.HELPER_DIE
    elif step is Step.HELPER_DIE:
        if d not in {m.die for m in helpers if m.helper == self.picker.helper}:
            self.notify(f"You have no other die showing {d} to change.", severity="warning")
            return
        self.picker.changed, self.picker.step = d, Step.HELPER_VALUE
    elif step is Step.HELPER_VALUE:
        move = next((m for m in helpers if m.helper == self.picker.helper and m.die == self.picker.changed
                     and m.value == d), None)
        if move is None:
            self.notify("Choose a new value that differs from the die's value.", severity="warning")
            return
        self._submit(move)
        return
    else:
        self.select_die(d)
        return
    self.render_board()

def letter(self: WaggleDanceScreen, letter: str) -> None:
    """A letter: where the picked die goes (A C E G D, and a digit after D when more than one
    flower is lit; B F R a room; T a threat)."""
    step = self.picker.step
    if step in HELPER_STEPS or step in CARD_STEPS:
        self.notify("Finish or leave this choice first (Esc).", severity="warning")
        return
    if self.picker.die is None:
        self.notify("Pick a die first: press 1-6 or click one of your dice.", severity="warning")
        return
    targets = self.place_targets(self.picker.die)
    v = self.picker.die
    if letter in "aceg":
        self.place(f"{letter.upper()}{v}")
    elif letter == "d":
        flowers = [t for t in targets if t[0] == "D"]
        if len(flowers) > 1:
            # (Directions lit another flower: the list's entries read D and the flower's number)
            _pick_place(self, "D", targets, Step.FLOWER)
            return
        self.place(flowers[0] if flowers else f"D{v}")
    elif letter in "bfr":
        _pick_place(self, "R", targets, Step.ROOM)
    elif letter == "t":
        _pick_place(self, "T", targets, Step.THREAT)

def _pick_place(self: WaggleDanceScreen, letter: str, targets: list[str], step: Step) -> None:
    """R, T or D: the picked die goes to one of the seat's rooms, to a threat or to one of the
    lit flowers (a digit says which; the only threat open takes it at once)."""
    places = [t for t in targets if t[0] == letter]
    if not places:
        self.notify(wd.target_refusal(letter), severity="warning")
        return
    if letter == "T" and len(places) == 1:
        self.place(places[0])
        return
    self.picker.step = step
    self.render_board()
    self._highlight_choice(lambda a: (wd.move_place(a) or "x").startswith(letter))
