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


async def test_m2_the_harder_rule_is_told_on_the_boards_and_in_its_question(tmp_path):
    """Solo --harder: nothing on screen named the rule, and its question said
    only "no wild hive was spawned this month. Choose its tile." Now the goal
    part of the boards tells the rule and whether it will bring a wild hive at
    the month's end, and the question says what comes, of which strength, where."""
    from beegames.ui.widgets.bee_lives.boards import HiveBoards

    from .test_bee_lives_screen import kind_is, position, region_text, status_text

    match = position(["Amber"], lambda m: kind_is("harder_spawn")(m) and m.state.players[0].workers >= 2,
                     harder=True, seeds=range(1, 60))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        status = status_text(app, screen)
        assert "no wild hive came this month, so by the harder solo rule one of strength 3 comes within 3 " \
               "spaces of your hive. Choose its tile." in status, status
        await pilot.press("b")  # the boards, whole
        await settle(pilot)
        boards = screen.query_one(HiveBoards)
        goal = screen.query_one("#bl-goal")
        boards.scroll_to_widget(goal, animate=False)
        await settle(pilot)
        told = region_text(app, goal)
        assert "Goal Basic, harder" in told and "no new wild hive yet this month: at its end one of strength 3 " \
                                                "comes" in told, told
