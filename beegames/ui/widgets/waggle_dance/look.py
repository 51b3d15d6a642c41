"""How Waggle Dance's pieces look: the colours of dice and nectar, and their chips.

Colour is never the only cue. A die on a shared place (an action space, a flower, a threat)
shows its owner's mark, a shape that belongs to each dice colour (● Blue, ▲ Black, ■ Orange,
◆ Yellow, ▦ the blockers), beside its digit; the same mark is drawn by every seat's name. A
seat's own dice (its pool, its rooms) show their face. Nectar always shows its two-letter tag.
"""

from __future__ import annotations

from rich.text import Text

from ....games.waggle_dance.view import DieView, NectarView
from ..dice import BLOCKER_COLOUR, BLOCKER_GLYPH, WILD_FACE, die_style, text_colour_on

#: Screen colour of each dice colour named by the game; seats are named after them. (Black is
#: a dark grey that still stands out from the dark background.)
DICE_HEX = {
    "Blue": "#3f7fd8",
    "Black": "#4a4a4a",
    "Orange": "#f0902a",
    "Yellow": "#f2cf30",
    "Blocker": BLOCKER_COLOUR,
}
#: The mark of each dice colour: the second cue, after the colour, of whose die it is.
DICE_MARK = {"Blue": "●", "Black": "▲", "Orange": "■", "Yellow": "◆", "Blocker": BLOCKER_GLYPH}
#: Screen colour of each nectar colour (its name tag is always shown too).
NECTAR_HEX = {
    "Red": "#e5484d", "Orange": "#f08a3c", "Pink": "#f38fc0", "Purple": "#9d6bde", "White": "#eeeeee",
    "Yellow": "#f2c94c", "Green": "#46b96b",
}
HONEY_STYLE = "bold #3a2a00 on #f0b400"
TARGET_STYLE = "bold #101010 on #7fd36e"
MARK_STYLE = "bold #101010 on #f0b400"
EGG_STYLE = "bold #f5f0e0 on #6b5a3a"


def dice_hex(colour: str) -> str:
    return DICE_HEX.get(colour, "#888888")


def dice_mark(colour: str) -> str:
    return DICE_MARK.get(colour, "?")


def seat_style(colour: str) -> str:
    """The style of a seat's name: its dice colour as a tag."""
    back = dice_hex(colour)
    return f"bold {text_colour_on(back)} on {back}"


def seat_tag(name: str, colour: str) -> Text:
    """A seat's name on its dice colour, led by its dice mark: " ● Ann "."""
    return Text(f" {dice_mark(colour)} {name} ", style=seat_style(colour))


def chip(die: DieView, *, lit: bool = False) -> Text:
    """A die on a shared place: its owner's mark and its digit, on the owner's colour
    (a Soldiers die, value 0, shows ``*``: any value)."""
    style = die_style(dice_hex(die.colour), blocker=die.blocker, highlight=lit)
    colour = "Blocker" if die.blocker else die.colour
    return Text(dice_mark(colour) + (str(die.value) if die.value else WILD_FACE), style=style)


def mark_chip(value: int, colour: str) -> Text:
    """A die of a dice colour, not on the board (Bumblebot's pairs), drawn like :func:`chip`."""
    return Text(dice_mark(colour) + str(value), style=die_style(dice_hex(colour)))


def nectar_chip(n: NectarView) -> Text:
    back = NECTAR_HEX.get(n.name, "#888888")
    return Text(n.label, style=f"bold {text_colour_on(back)} on {back}")
