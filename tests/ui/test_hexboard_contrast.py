"""The hex board's states read, and stay apart (QA 2026-12-04, hive.md #8).

A lit piece (a Beetle's target) was drawn with dark letters on the dark green, about
2.5:1, and the selected piece with dark letters on the dark amber, about 3:1. Every
state the board draws a Hive cell in (plain, lit, selected, the last move, the cursor
on it) must keep its text at 4.5:1 or more (WCAG) against its background, in the
colours the terminal is sent: 24-bit colour, and the 256 colours Textual sends to a
terminal without it (tmux, here), where the board's green and amber must not become
two browns. Lit, selected and plain cells keep backgrounds of their own, and the last
move is underlined.
"""

import pytest
from rich.color import Color, ColorSystem
from rich.style import Style

from beegames.ui.app import make_app
from beegames.ui.widgets.hexboard import HexBoard

from .helpers import settle
from .test_hive_screen import hive_match

SYSTEMS = [ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT]


def rgb(colour: Color, system: ColorSystem) -> tuple[int, int, int]:
    """The colour as the terminal shows it, when sent in ``system``."""
    return tuple(colour.downgrade(system).get_truecolor())


def luminance(colour: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(style: Style, system: ColorSystem) -> float:
    """WCAG contrast of the style's text on its background (the cursor swaps them: the same)."""
    assert style.color is not None and style.bgcolor is not None, style
    lighter, darker = sorted((luminance(rgb(style.color, system)), luminance(rgb(style.bgcolor, system))),
                             reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def distance(a: Color, b: Color, system: ColorSystem) -> float:
    """How far apart two backgrounds look, roughly (RGB distance, 0-441; a grey and a dark green
    of the same lightness are about 50 apart)."""
    return sum((x - y) ** 2 for x, y in zip(rgb(a, system), rgb(b, system))) ** 0.5


def styles_of(board: HexBoard, cell, state: str) -> Style:
    """The style the board draws ``cell`` in, in ``state``."""
    view = board.cells.get(cell)
    board.highlights = {cell} if state in ("lit", "lit+cursor") else set()
    board.selected = cell if state == "selected" else None
    board.marked = {cell} if state == "last move" else set()
    style = board._style(cell, view, board.rich_style)
    if state == "lit+cursor":
        assert style.reverse is not None or board.cursor_style.reverse
    return style


@pytest.mark.parametrize("system", SYSTEMS, ids=["24-bit", "256"])
async def test_every_state_of_a_hive_cell_reads_and_the_states_stay_apart(tmp_path, system):
    match = hive_match(moves=14, seed=1, expansions="MLPD")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(HexBoard)
        sides = {}
        for cell, view in board.cells.items():
            sides.setdefault("w" if view.label.startswith("⬢") or view.label[0].isupper() else "b", cell)
        assert set(sides) == {"w", "b"}
        empty = next(h for h in ((q, r) for q in range(-9, 9) for r in range(-9, 9)) if h not in board.cells)
        sides["empty"] = empty
        for side, cell in sides.items():
            states = ["lit", "lit+cursor"] if side == "empty" else ["plain", "lit", "selected", "last move"]
            drawn = {state: styles_of(board, cell, state) for state in states}
            for state, style in drawn.items():
                # (dim text is blended into its background by Textual: none here)
                assert not style.dim, (side, state)
                assert contrast(style, system) >= 4.5, (side, state, style, round(contrast(style, system), 2))
            if side == "empty":
                continue
            # plain, lit and selected each have a background of their own, plainly apart
            backgrounds = {state: drawn[state].bgcolor for state in ("plain", "lit", "selected")}
            for a in backgrounds:
                for b in backgrounds:
                    if a < b:
                        assert distance(backgrounds[a], backgrounds[b], system) > 40, (side, a, b, backgrounds)
            # the last move: the plain cell, underlined (and the others are not)
            assert drawn["last move"].underline and not any(drawn[s].underline for s in ("plain", "lit", "selected"))
            assert drawn["last move"].bgcolor == drawn["plain"].bgcolor
        # lit and selected do not look alike on the empty board either (the dark green and the amber)
        lit = board.highlight_style.bgcolor
        tint = board.selected_style.bgcolor
        assert distance(lit, tint, system) > 40, (rgb(lit, system), rgb(tint, system))
