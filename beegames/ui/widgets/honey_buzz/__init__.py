"""The Honey Buzz screen's widgets: the hive on the shared hex board, the
boards drawn as text (hive boxes, contests, field, market, orders), and the
colours they share. They draw what :mod:`beegames.games.honey_buzz.view`
gives them and compute no rule."""

from __future__ import annotations

from rich.text import Text

NECTAR_COLOURS = {"W": "#c792ea", "R": "#6f9cff", "C": "#ff8fb4", "A": "#e6da62", "P": "#f0a030", "?": "#9a9a9a"}
ACTION_COLOURS = {"forage": "#8fe07e", "produce": "#ffa94d", "market": "#5fd0e8", "newbee": "#ffffff",
                  "decree": "#d7a0ff", "accounting": "#ffd75f"}
#: the seat colours by the colour names the game gives its players
COLOUR_HEX = {"Gold": "#f0c040", "Blue": "#5fa8ff", "Green": "#6fcf6f", "Red": "#ff6b6b"}
FALLBACK_COLOURS = ["#f0c040", "#5fa8ff", "#6fcf6f", "#ff6b6b"]
TARGET_STYLE = "bold #101010 on #7fd36e"
DRONE_STYLE = "bold #101010 on #c0a0ff"


def seat_colour(colour: str, seat: int) -> str:
    """The colour a seat is drawn in, from the colour name the game gives it."""
    return COLOUR_HEX.get(colour, FALLBACK_COLOURS[seat % len(FALLBACK_COLOURS)])


def nectar_chip(code: str, text: str) -> Text:
    """``text`` on the colour of a nectar (or pollen)."""
    return Text(text, style=f"bold #101010 on {NECTAR_COLOURS.get(code, '#888')}")


def darken(colour: str) -> str:
    """A dark shade of ``#rrggbb`` (a face-down tile's back)."""
    c = colour.lstrip("#")
    if len(c) != 6:
        return "#333333"
    r, g, b = (int(c[i:i + 2], 16) * 2 // 5 for i in (0, 2, 4))
    return f"#{r:02x}{g:02x}{b:02x}"


def short_name(name: str, cells: int, style: str = "") -> Text:
    """A player's name as plain text (never markup), cut to ``cells`` columns with an ellipsis."""
    text = Text(name, style=style)
    if text.cell_len > cells:
        text.truncate(max(1, cells), overflow="ellipsis")
    return text
