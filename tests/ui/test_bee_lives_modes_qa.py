"""What a newcomer met at 80×24 in the Bee Lives modes least looked at
(docs/qa/2026-12-04/bl-modes.md): each point by keys, as reported."""

from __future__ import annotations

from beegames.ui.app import make_app

from .helpers import settle
from .test_bee_lives_screen import choice_list, list_text, new_match, shown_entries


async def test_m1_a_hint_on_a_form_shows_its_numbers_on_the_rows(tmp_path):
    """The hint for "how much to collect" sets the form; the Honey and Pollen
    rows showed the numbers from before (5 and 5) beside "Take 2 honey, 4
    pollen", and ←/→ or Enter there then went on from those. (Here the
    numbers before are the player's, 4 and 3, and the hint's are the tile's.)"""
    app = make_app(saves_dir=tmp_path, match=new_match(["Amber"], seed=21, harder=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.hint_seconds, screen.hint_effort = None, 1
        await settle(pilot)
        for key in ("1", "f", "1"):  # the queen, then forage the one tile in reach
            await pilot.press(key)
            await settle(pilot)
        assert screen.decision().kind == "collect"
        await pilot.press("down", "left", "down", "left", "left")  # honey 4, pollen 3
        await settle(pilot)
        assert screen.decision().form["pollen"] == 3
        await pilot.press("i")
        await settle(pilot)
        form = screen.decision().form
        hinted = screen.current_hint().move
        assert form == {f: getattr(hinted, f) for f in form}
        rows = {e.number.field: c.number.value for c, e in zip(choice_list(screen).choices, shown_entries(screen),
                                                               strict=True) if e.number is not None}
        assert rows == {f: v for f, v in form.items() if f in rows}, (rows, form)
        assert f"Take {form['honey']} honey, {form['pollen']} pollen" in list_text(choice_list(screen))
