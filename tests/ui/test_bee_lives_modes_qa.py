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


def nursery(m) -> bool:
    return m.state.solo is not None and m.state.solo.failed is None


async def test_m3_nursery_warns_before_it_is_lost_and_its_end_is_no_month_without_a_turn(tmp_path):
    """Challenge Nursery: a swarm in April (the queen rests in May) lost it at
    May's Brood phase with no word before; then the screen stopped on "May: no
    turn for Amber" (a colony with no free bee…), though May's turns never
    came: the game had ended. And the result read "Nursery lost: Nursery: …"."""
    from beegames.games.bee_lives import view as blview
    from beegames.games.bee_lives.decisions import loss
    from beegames.games.bee_lives.models import RequeenMove
    from beegames.ui.screens.modals import GameOverScreen

    from .test_bee_lives_screen import ENGINE, position, status_text, turn

    opts = {"mode": "challenge", "challenge": "nursery"}
    # a turn with the queen resting: the danger is told in the status line
    match = position(["Amber"], lambda m: turn(m) and nursery(m) and m.state.players[0].paused
                     and m.state.month < 9, seeds=range(1, 80), **opts)
    said = [w.text for w in blview.warnings(match.state, 0) if w.level == "danger"]
    month = blview.MONTH_NAMES[match.state.month]
    assert f"Nursery: the queen rests, so no brood in {month}: the challenge would be lost." in said
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        status = status_text(app, screen)
        assert f"Nursery: the queen rests, so no brood in {month}: the challenge would be lost." in status, status
    # requeening is asked first: it loses the challenge
    match = position(["Amber"], lambda m: turn(m) and nursery(m) and not m.state.players[0].paused
                     and m.state.month < 9 and any(isinstance(x, RequeenMove) for x in m.legal_moves()),
                     seeds=range(1, 80), **opts)
    requeen = next(x for x in match.legal_moves() if isinstance(x, RequeenMove))
    assert "Nursery challenge is lost" in loss(match.state, 0, requeen)
    # the turn before the Brood phase that loses it: played, the game ends with no stop on the way
    def last_turn_before_loss(m) -> bool:
        if not (turn(m) and nursery(m)) or m.state.players[0].unassigned != 1:
            return False
        s = ENGINE.apply(m.state, next(x for x in m.legal_moves() if type(x).__name__ == "DefendMove"))
        while ENGINE.decision(s) is None and not s.over:
            s = ENGINE.step(s)
        return s.over and s.solo.failed is not None and s.month < 9

    match = position(["Amber"], last_turn_before_loss, seeds=range(1, 120), **opts)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        from beegames.games.bee_lives.models import DefendMove

        from .test_bee_lives_screen import play_by_keys

        await play_by_keys(pilot, screen, DefendMove(bees=1), labels=False)
        assert screen.stop is None and isinstance(app.screen, GameOverScreen)
        summary = screen.match.result.summary
        assert summary.startswith("Nursery lost: no brood hatched in the Brood phase of "), summary


async def test_m4_at_80x24_the_goal_part_tells_the_cards_words(tmp_path):
    """A scenario's or campaign's goal part showed only its progress at 80
    columns ("… 2 other hives on the map", "… the fire comes in year 2"): what
    the card asks (the only hive by the end of year 1; you lose if the fire
    burns your hive's tile) was in the log's first lines only."""
    from beegames.ui.widgets.bee_lives.boards import HiveBoards

    from .test_bee_lives_screen import region_text

    for options, words in (({"mode": "scenario", "scenario": "there-can-bee-only-one"},
                            ["2 other hives on the map", "must be the only hive"]),
                           ({"mode": "campaign", "campaign": "wildfire"},
                            ["if it burns your hive's tile, you lose", "Year 1 of 2:"])):
        app = make_app(saves_dir=tmp_path, match=new_match(["Amber"], seed=4, **options))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            await settle(pilot)
            await pilot.press("b")
            await settle(pilot)
            goal = screen.query_one("#bl-goal")
            screen.query_one(HiveBoards).scroll_to_widget(goal, animate=False)
            await settle(pilot)
            told = region_text(app, goal)
            assert all(w in told for w in words), (words, told)


def test_m5_wildfire_warns_the_month_before_the_fire_burns_the_hive():
    """Campaign Wildfire, year 2: the game was lost when the fire burned the
    hive's row, with only "1 row to your hive" in the goal part before. The
    month before, a danger warning (the status line at 80 columns) says so."""
    from beegames.games.bee_lives import view as blview
    from beegames.games.bee_lives.solo import rows_to_hive

    from .test_bee_lives_screen import position, turn

    match = position(["Amber"], lambda m: turn(m) and m.state.month < 9 and rows_to_hive(m.state) == 1,
                     seeds=range(1, 300), mode="campaign", campaign="wildfire")
    month = blview.MONTH_NAMES[match.state.month]
    assert f"Wildfire: in {month} the fire burns the row of your hive's tile: the game would be lost." in \
        [w.text for w in blview.warnings(match.state, 0) if w.level == "danger"]


def test_m6_in_year_2_a_cards_wild_hive_has_the_strength_it_comes_in_with():
    """Two players over --years 2: in year 2 the season box read "a
    strength-3 wild hive appears" (the card's print), while every wild hive
    spawned in year 2 comes in at strength 4."""
    from beegames.games.bee_lives import view as blview
    from beegames.games.bee_lives.colony import card

    from .test_bee_lives_screen import position

    match = position(["Ann", "Bob"], lambda m: m.state.year == 2 and card(m.state) is not None
                     and "strength-3" in card(m.state).text, seeds=range(1, 300), years="2")
    text = blview.season_info(match.state).card.text
    assert "strength-4 wild hive" in text and "strength-3" not in text, text
