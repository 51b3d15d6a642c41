"""What a newcomer met at 80×24 playing Bee Lives with several players
(docs/qa/2026-12-04/bl-hotseat.md): each point by keys, as reported."""

from __future__ import annotations

import pytest

from beegames.ui.app import make_app

from .helpers import settle
from .test_bee_lives_screen import choice_list, new_match


async def test_h1_the_next_seat_choosing_its_queen_starts_at_the_top(tmp_path):
    """Hot-seat setup: Bob's queen list opened with the highlight on the
    queen Ann had just chosen (the four entries look the same), so Cy's
    Down Down Enter, meant for the third queen, took the fourth."""
    match = new_match(["Ann", "Bob", "Cy"], seed=7, first_player="1")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        assert screen.decision().kind == "queen" and screen.decision().seat == 0
        await pilot.press("down", "enter")  # Ann: prolific
        await settle(pilot)
        assert screen.decision().seat == 1
        assert choice_list(screen).highlighted == 0
        await pilot.press("down", "down", "enter")  # Bob: hygienic, the third
        await settle(pilot)
        assert screen.decision().seat == 2 and choice_list(screen).highlighted == 0
        await pilot.press("enter")  # Cy: aggressive, the first
        await settle(pilot)
        assert [p.queen for p in screen.st.players] == ["prolific", "hygienic", "aggressive"]


async def test_h2_left_right_and_digits_on_a_forms_first_row_set_its_first_number(tmp_path):
    """A form (how much to collect, how many bees to sacrifice) opens on its
    summing-up row, and the prompt says "←/→ or a digit sets a number": there
    those keys did nothing at all. Now they go to the first number row."""
    app = make_app(saves_dir=tmp_path, match=new_match(["Amber"], seed=21))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        for key in ("1", "f", "1"):  # the queen, then forage the one tile in reach
            await pilot.press(key)
            await settle(pilot)
        dv = screen.decision()
        assert dv.kind == "collect"
        cl = choice_list(screen)
        assert cl.highlighted == 0 and cl.current.number is None
        honey = dv.form["honey"]
        assert honey >= 2
        await pilot.press("left")
        await settle(pilot)
        assert screen.decision().form["honey"] == honey - 1
        assert cl.current is not None and cl.current.number is not None
        await pilot.press("home", "1")
        await settle(pilot)
        assert screen.decision().form["honey"] == 1
        await pilot.press("home", "right")
        await settle(pilot)
        assert screen.decision().form["honey"] == 2


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_h3_an_open_raid_group_is_headed_by_the_raid_alone(tmp_path, size):
    """The raid group's heading repeated the whole entry ("Raid the ACORN wild
    hive · strength 3, 2 spaces away (Esc or ← back)"), two or three rows at
    80 columns over entries that repeat much of it. It says what is raided
    now; the strength and the distance stay in the entry one level up."""
    from beegames.games.bee_lives.models import RaidMove

    from .test_bee_lives_screen import list_text, position, turn

    match = position(["Ann"], lambda m: turn(m) and any(isinstance(x, RaidMove) and x.target[0] == "w"
                                                        for x in m.legal_moves()), harder=True)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        cl = choice_list(screen)
        raid = next(c for c in cl.choices if c.group and c.value.title.startswith("Raid the"))
        assert "strength" in raid.text.plain  # the detail, one level up
        await pilot.press(*["down"] * cl.choices.index(raid), "enter")
        await settle(pilot)
        assert cl.in_group
        assert list_text(cl).startswith(f"‹ {raid.value.title} (Esc or ← back) 1 Raid with 1 bee")
        assert "strength" not in list_text(cl).split("Raid with 1 bee")[0]
