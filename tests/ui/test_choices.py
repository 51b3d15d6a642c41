"""The one decision list (ui/widgets/choices.py), on its own, at 80x24 and 160x50."""

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding

from beegames.ui.widgets.choices import Choice, ChoiceList, NumberRow

LONG = ("Raid with 5 bees · 2 dice, strength 5 against their defence 3: you win on 7 of 36 rolls "
        "and lose 2 bees when you fail")


class ListApp(App):
    """A list beside a dummy panel, so the list is narrow as on a game screen."""

    CSS = "ChoiceList { width: 34; height: 12; } "
    BINDINGS = [Binding("escape", "escaped", "Back"), Binding("left", "board(-1)"), Binding("right", "board(1)")]

    def __init__(self, choices, **kwargs) -> None:
        super().__init__()
        self.initial = choices
        self.kwargs = kwargs
        self.events: list = []
        self.escaped = 0
        self.board = 0

    def compose(self) -> ComposeResult:
        yield ChoiceList(**self.kwargs)

    def on_mount(self) -> None:
        cl = self.query_one(ChoiceList)
        cl.set_choices(self.initial)
        cl.focus()

    def on_choice_list_selected(self, event: ChoiceList.Selected) -> None:
        self.events.append(("selected", event.choice.value, event.number))

    def on_choice_list_refused(self, event: ChoiceList.Refused) -> None:
        self.events.append(("refused", event.choice.value, event.choice.refused))

    def on_choice_list_number_changed(self, event: ChoiceList.NumberChanged) -> None:
        self.events.append(("number", event.choice.value, event.number))

    def action_escaped(self) -> None:
        self.escaped += 1

    def action_board(self, step: int) -> None:
        self.board += step


async def drain(pilot) -> None:
    """Handle every queued message (the list's messages reach the app)."""
    for _ in range(4):
        await pilot.pause(0)


def shown(app) -> str:
    cl = app.query_one(ChoiceList)
    return " ".join(" ".join(row.split()) for row in cl.render().plain.split("\n"))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_long_entry_wraps_whole_and_nothing_is_cut(size):
    app = ListApp([Choice(LONG, value="raid"), Choice("Stay", value="stay")])
    async with app.run_test(size=size) as pilot:
        await drain(pilot)
        cl = app.query_one(ChoiceList)
        rows = cl.render().plain.split("\n")
        assert all(len(row) <= cl.content_region.width for row in rows)
        assert " ".join(LONG.split()) in shown(app)
        assert "…" not in shown(app)


async def test_enter_on_a_number_row_chooses_it_with_its_value():
    app = ListApp([Choice("Free bees", value="bees", number=NumberRow(0, 3, 0)), Choice("Done", value="done")])
    async with app.run_test(size=(80, 24)) as pilot:
        await drain(pilot)
        await pilot.press("right", "right")
        await drain(pilot)
        assert app.events[-1] == ("number", "bees", 2)
        assert app.board == 0  # the row took ← / →, not the board behind it
        await pilot.press("left", "enter")
        await drain(pilot)
        assert app.events[-1] == ("selected", "bees", 1)
        await pilot.press("3")
        await drain(pilot)
        assert app.query_one(ChoiceList).current.number.value == 3
        # the same question redrawn keeps the player's number; a new question starts afresh
        cl = app.query_one(ChoiceList)
        cl.set_choices([Choice("Free bees", value="bees", number=NumberRow(0, 3, 0)), Choice("Done")], keep=True)
        assert cl.current.number.value == 3
        cl.set_choices([Choice("Free bees", value="bees", number=NumberRow(0, 3, 0)), Choice("Done")])
        assert cl.current.number.value == 0


async def test_a_refused_entry_says_why_and_plays_nothing():
    app = ListApp([Choice("Fan at (0,2)", value="fan", refused="no honey to fan"), Choice("Pass", value="pass")])
    async with app.run_test(size=(80, 24)) as pilot:
        await drain(pilot)
        assert "✗" in shown(app) and "no honey to fan" in shown(app)
        await pilot.press("enter")
        await drain(pilot)
        assert app.events == [("refused", "fan", "no honey to fan")]


async def test_groups_open_and_escape_closes_only_the_group():
    inner = [Choice("Rosemary to (1,0)", value="a"), Choice("Rosemary to (2,0)", value="b")]
    app = ListApp([Choice("Place Rosemary", group=inner), Choice("Pass", value="pass")])
    async with app.run_test(size=(80, 24)) as pilot:
        await drain(pilot)
        await pilot.press("enter")
        await drain(pilot)
        cl = app.query_one(ChoiceList)
        assert cl.in_group and "Place Rosemary" in shown(app) and "Rosemary to (2,0)" in shown(app)
        await pilot.press("down", "escape")
        await drain(pilot)
        assert not cl.in_group and app.escaped == 0
        await pilot.press("escape")  # nothing left to close: the key reaches the screen
        await drain(pilot)
        assert app.escaped == 1
        await pilot.press("right", "down", "enter")
        await drain(pilot)
        assert app.events[-1] == ("selected", "b", None)


async def test_keys_and_digits_choose_and_other_arrows_pass_through():
    app = ListApp([Choice("Forage", value="f", key="f"), Choice("Off", value="x", refused="not now"),
                   Choice("Scout", value="s"), Choice("Raid", value="r")], digits=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await drain(pilot)
        await pilot.press("f")
        await drain(pilot)
        assert app.events[-1] == ("selected", "f", None)
        await pilot.press("3")  # the third selectable entry, past the refused one
        await drain(pilot)
        assert app.events[-1] == ("selected", "r", None)
        await pilot.press("left", "right", "right")
        await drain(pilot)
        assert app.board == 1


async def test_a_long_list_scrolls_to_the_highlight_and_says_there_is_more():
    app = ListApp([Choice(Text(f"Entry {i}: " + "word " * 8), value=i) for i in range(20)])
    async with app.run_test(size=(80, 24)) as pilot:
        await drain(pilot)
        assert "more below" in shown(app)
        await pilot.press("end")
        await drain(pilot)
        cl = app.query_one(ChoiceList)
        assert cl.highlighted == 19 and "Entry 19:" in shown(app) and "more above" in shown(app)
        await pilot.press("enter")
        await drain(pilot)
        assert app.events[-1] == ("selected", 19, None)


async def test_a_new_question_that_looks_like_the_last_starts_at_its_first_entry():
    """The next seat's queen (the same four entries) must not find the highlight where the last
    seat left it: a new question (no ``keep``) starts at the top; the same one redrawn
    (``keep``) keeps the player's place."""
    queens = [Choice(label=Text(q), value=q) for q in ("Aggressive", "Prolific", "Hygienic", "Nomadic")]
    app = ListApp(queens)
    async with app.run_test(size=(80, 24)) as pilot:
        await drain(pilot)
        cl = app.query_one(ChoiceList)
        await pilot.press("down", "down")
        await drain(pilot)
        assert cl.current.value == "Hygienic"
        cl.set_choices([Choice(label=Text(c.text.plain), value=c.value) for c in queens], keep=True)
        assert cl.current.value == "Hygienic"  # the same question, redrawn
        cl.set_choices([Choice(label=Text(c.text.plain), value=c.value) for c in queens])
        assert cl.current.value == "Aggressive"  # the next question


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_an_open_group_is_headed_by_its_short_heading_else_by_its_whole_label(size):
    """A group's entry may give a short heading for the group it opens: the
    detail of its label stays one level up, and the heading takes one row."""
    from .helpers import settle

    detail = "strength 3, 2 spaces away, and more words that make the label wrap over several rows"
    inner = [Choice("Raid with 1 bee · win on 15 of 36 rolls", value=1), Choice("Raid with 2 bees", value=2)]
    app = ListApp([Choice(f"Raid the ACORN wild hive · {detail}", group=inner, heading="Raid the ACORN wild hive"),
                   Choice("Place Rosemary · 2 places", group=[Choice("Rosemary to (1,0)", value="a")])])
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        cl = app.query_one(ChoiceList)
        await pilot.press("enter")
        await settle(pilot)
        assert cl.in_group and shown(app).startswith("‹ Raid the ACORN wild hive (Esc or ← back) ▸ Raid with 1 bee")
        assert "strength 3" not in shown(app) and "Raid with 1 bee · win on 15 of 36 rolls" in shown(app)
        await pilot.press("escape", "down", "enter")
        await settle(pilot)
        assert shown(app).startswith("‹ Place Rosemary · 2 places (Esc or ← back)")  # no heading: the whole label
