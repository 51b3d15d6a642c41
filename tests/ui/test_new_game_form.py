"""The new-game form (issue 18, points 13 and 15).

Changing Game keeps the number of players and the names typed where they
still fit; a field shows only when it applies (Bee Lives' scenario in
scenario mode, a solo level for one player) and reads as its default while
hidden; check boxes show a tick when on and an empty box when off, in every
game's form. How fast a change redraws is measured by
``benchmarks/new_game_form.py``, never here.

These run at 80x24, the size that counts: what a field holds, and which
fields show, do not depend on the size. The form as drawn at 160x50 is
tests/ui/test_snapshots.py's ``test_new_game_form_160x50``.
"""

import pytest
from textual.widgets import Checkbox, Input, Select

from beegames.ui.app import make_app
from beegames.ui.screens.newgame import NewGameScreen

from .helpers import screen_text, settle

SIZES = [(80, 24)]


async def open_form(pilot) -> NewGameScreen:
    await settle(pilot)
    await pilot.press("n")
    await settle(pilot)
    assert isinstance(pilot.app.screen, NewGameScreen)
    return pilot.app.screen


async def choose(pilot, form, selector: str, value) -> None:
    form.query_one(selector, Select).value = value
    await settle(pilot)


def names(form) -> list[str]:
    return [box.value for box in form.query(".seat-name").results(Input)]


def shown(form, name: str) -> bool:
    box = form.query_one(f"#options-{form.game_id}")
    # the seats follow the last option shown at once: hidden fields leave no gap
    last = [row for row in box.children if row.display][-1]
    assert form.query_one("#seats").region.y == last.region.bottom
    return box.query_one(f"#row-{name}").display


@pytest.mark.parametrize("size", SIZES)
async def test_changing_game_keeps_the_players_and_their_names(tmp_path, size):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot)
        await choose(pilot, form, "#game", "hive")
        assert names(form) == ["White", "Black"]
        form.query_one("#name-0", Input).value = "Ana"
        await choose(pilot, form, "#game", "waggle-dance")
        # the name typed stays; Hive's own "Black" makes way for a Waggle Dance colour
        assert form.query_one("#players", Select).value == 2 and names(form)[0] == "Ana"
        assert names(form)[1] == get_default("waggle-dance", 2)[1]
        form.query_one("#name-1", Input).value = "Ben"
        await choose(pilot, form, "#players", 3)
        form.query_one("#name-2", Input).value = "Cy"
        form.query_one("#kind-2", Select).value = "computer"
        await settle(pilot)
        for game in ("bee-lives", "honey-buzz"):
            await choose(pilot, form, "#game", game)
            assert form.query_one("#players", Select).value == 3 and names(form) == ["Ana", "Ben", "Cy"]
            assert form.query_one("#kind-2", Select).value == "computer"
            assert form.query_one("#level-2", Select).value in form.engine.levels
        await choose(pilot, form, "#game", "hive")  # two players only: the first two stay
        assert form.query_one("#players", Select).value == 2 and names(form) == ["Ana", "Ben"]
        await choose(pilot, form, "#game", "bee-lives")
        assert names(form) == ["Ana", "Ben"]
        assert [s.name for s in form.read_seats()] == ["Ana", "Ben"]


def get_default(game_id: str, count: int) -> list[str]:
    from beegames.games import get_engine

    engine = get_engine(game_id)
    return engine.seat_names(engine.options_model(), count)


async def test_fields_show_only_where_they_apply(tmp_path):
    # (which fields a game's options show does not depend on the terminal's size: 80x24 only; the
    # form's layout at both sizes is the other tests')
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        # Bee Lives: the solo modes are for one player; a scenario, a campaign, a card only in their modes
        await choose(pilot, form, "#game", "bee-lives")
        await choose(pilot, form, "#players", 2)
        assert not any(shown(form, f) for f in ("mode", "challenge", "scenario", "campaign", "harder"))
        assert shown(form, "first_player") and shown(form, "years")
        await choose(pilot, form, "#players", 1)
        assert shown(form, "mode") and shown(form, "harder") and not shown(form, "first_player")
        assert not any(shown(form, f) for f in ("challenge", "scenario", "campaign"))  # basic mode
        assert "Scenario:" not in screen_text(app) and "Campaign:" not in screen_text(app)
        await choose(pilot, form, f"#options-{form.game_id} #opt-mode", "scenario")
        assert shown(form, "scenario") and shown(form, "challenge") and not shown(form, "campaign")
        form.query_one("#opt-scenario", Select).value = "surrounded"
        await choose(pilot, form, f"#options-{form.game_id} #opt-mode", "campaign")
        assert shown(form, "campaign") and not shown(form, "scenario")
        assert form.read_options().scenario == "random"  # hidden: read as its default
        await choose(pilot, form, f"#options-{form.game_id} #opt-mode", "basic")
        assert not shown(form, "campaign")
        # Honey Buzz: the solo level for one player, the advanced removal for 2-3 advanced players
        await choose(pilot, form, "#game", "honey-buzz")
        assert shown(form, "solo_level") and not shown(form, "advanced_removal")
        await choose(pilot, form, "#players", 2)
        assert not shown(form, "solo_level") and not shown(form, "advanced_removal")
        form.query_one("#opt-advanced", Checkbox).value = True
        await settle(pilot)
        assert shown(form, "advanced_removal")
        await choose(pilot, form, "#players", 4)
        assert not shown(form, "advanced_removal")
        # Waggle Dance: Threats and the solo difficulty belong to the 2022 edition
        await choose(pilot, form, "#game", "waggle-dance")
        await choose(pilot, form, "#players", 2)
        assert shown(form, "threats") and shown(form, "solo_card_blockers") and not shown(form, "difficulty")
        await choose(pilot, form, "#opt-ruleset", "2014")
        assert not any(shown(form, f) for f in ("threats", "solo_card_blockers", "difficulty"))
        assert form.read_options().threats is False


@pytest.mark.parametrize("size", SIZES)
async def test_a_check_box_shows_a_tick_when_on_and_an_empty_box_when_off(tmp_path, size):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot)
        for game_id, box_id in [("hive", "#opt-expansions-M"), ("waggle-dance", "#opt-threats"),
                                ("honey-buzz", "#opt-advanced"), ("bee-lives", "#opt-harder")]:
            await choose(pilot, form, "#game", game_id)
            if game_id == "bee-lives":  # its only box is a solo one
                await choose(pilot, form, "#players", 1)
            box = form.query_one(f"#options-{game_id} {box_id}", Checkbox)
            box.focus()
            await settle(pilot)
            assert not box.value
            for value in (False, True):
                where = box.content_region
                drawn = screen_text(app).splitlines()[where.y]
                mark = drawn[where.x + 1]  # inside the box's two half-blocks
                assert box.value is value and mark == ("✓" if value else " "), (game_id, value, drawn)
                if not value:
                    await pilot.press("space")
                    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
async def test_names_cannot_hold_control_characters(tmp_path, size):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot)
        await choose(pilot, form, "#game", "hive")
        name = form.query_one("#name-0", Input)
        name.value = ""
        name.focus()
        await settle(pilot)
        name.insert_text_at_cursor("A\x1b[2J\x1b]0;PWNED\x07B")  # typed or pasted: refused
        await settle(pilot)
        assert "\x1b" not in name.value and "\x07" not in name.value
        name.value = "A\x1b[2J\x1b]0;PWNED\x07B"  # however it got there, it is cleaned when read
        assert form.read_seats()[0].name == "AB"
        form.action_start()
        await settle(pilot)
        assert app.screen.match.header.seats[0].name == "AB"
        assert "\x1b" not in screen_text(app)


@pytest.mark.parametrize("size", SIZES)
async def test_hand_off_screens_show_only_between_people_and_a_setup_that_cannot_start_says_so_at_once(
        tmp_path, size):
    """QA shell.md #11: "Hand-off screens" only where two people or more share the keyboard;
    a combination the game refuses (Waggle Dance 2014 solo) is said under the form as soon
    as it is chosen, in the game's words, not only at Start."""
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot)
        await choose(pilot, form, "#game", "waggle-dance")
        row, problem = form.query_one("#handoff-row"), form.query_one("#form-problem")
        await choose(pilot, form, "#players", 2)
        assert row.display and not problem.display
        await choose(pilot, form, "#kind-1", "computer")
        assert not row.display  # one person: nobody to hand the keyboard to
        await choose(pilot, form, "#players", 1)
        assert not row.display and not problem.display
        await choose(pilot, form, "#opt-ruleset", "2014")
        assert problem.display
        shown = " ".join(screen_text(app).split())
        assert "⚠ The 2014 edition of Waggle Dance takes 2 to 4 players." in shown  # at 80x24 too, above the footer
        await choose(pilot, form, "#players", 2)
        assert not problem.display
        await choose(pilot, form, "#game", "hive")  # a game that hides nothing: no hand-offs at all
        assert not form.query_one("#handoff-row").display
