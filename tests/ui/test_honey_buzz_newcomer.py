"""A newcomer's keys on the Honey Buzz screen, at 80×24: no key a player would
expect to act does nothing without a word.

Space runs the drones' turn in solitaire; pressed on the player's own turn
(nothing to run) it says so, and which keys choose now, and plays nothing
(that it still runs the drones' turn: tests/ui/test_step_keys.py). So do the
drones' other keys, p and n, where they have nothing to do.
"""

from __future__ import annotations

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.ui.app import make_app

from .helpers import settle
from .test_honey_buzz_screen import ENGINE, new_match, placing, played_until, ready


def _turn(match: Match) -> bool:
    d = match.decision
    return d is not None and d.kind == "turn" and match.state.turn >= 2


def _notes(app) -> list[str]:
    return [n.message for n in app._notifications]


async def _space_says(pilot, screen, key: str = "space") -> list[str]:
    """Press Space (or ``key``): no move is played; the notes on the screen then."""
    before = len(screen.match.history)
    await pilot.press(key)
    await settle(pilot)
    assert len(screen.match.history) == before and not screen.stepping
    return _notes(pilot.app)


async def test_space_on_a_solo_turn_says_what_it_is_for_and_plays_nothing(tmp_path):
    match = played_until(new_match(1, seed=6, config="star"), _turn)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert not screen.stepping and screen.match.decision.kind == "turn"
        assert "Space runs the drones' turn, after yours. Your choice now: 1-9 or Enter in the list, " \
               "or click a stack." in await _space_says(pilot, screen)
        assert screen.match.decision.kind == "turn"
        # the footer offers no Space of its own meanwhile (it names Run steps only while the drones play)
        assert not any(a.binding.action.startswith("idle_key") and a.binding.show
                       for a in screen.active_bindings.values())


async def test_space_on_the_hive_while_placing_names_the_hive_keys(tmp_path):
    app = make_app(saves_dir=tmp_path, match=played_until(new_match(1, seed=4, config="star"), placing))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert screen.focused is screen.hexmap
        notes = await _space_says(pilot, screen)
        assert any(n.endswith("Your choice now: arrows · r turns · x ends · Enter places it.") for n in notes)


async def test_space_in_a_game_without_drones_says_so(tmp_path):
    def ann_turn(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "turn" and d.seat == 0 and match.state.turn >= 2
    match = played_until(new_match(2, seed=5), ann_turn, level="basic", seed=5)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        notes = await _space_says(pilot, screen)
        assert any(n.startswith("Space runs the drones' turn in solitaire only.") for n in notes)
        # p and n, the drones' other keys, say what they are for too, and are not offered in the footer
        assert not any(a.binding.key in "pn" and a.binding.show for a in screen.active_bindings.values())
        for key, said in (("p", "p pauses the drones' turn in solitaire only."),
                          ("n", "n takes one step of the drones' turn in solitaire only.")):
            notes = await _space_says(pilot, screen, key)
            assert any(n == f"{said} Your choice now: 1-9 or Enter in the list, or click a stack." for n in notes)
            assert screen.match.decision.kind == "turn" and not screen.steps_paused


async def test_n_on_a_solo_turn_says_when_it_takes_a_step(tmp_path):
    """In solitaire, n between the drones' turns (no step to take) says when it does, and plays nothing."""
    app = make_app(saves_dir=tmp_path, match=played_until(new_match(1, seed=6, config="star"), _turn))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        notes = await _space_says(pilot, screen, "n")
        assert any(n.startswith("n takes one step of the drones' turn while it is paused. Your choice now:")
                   for n in notes)


async def test_a_hint_leaves_the_hinted_entry_whole_at_80x24(tmp_path):
    """With the hint's lines at the foot, the list showed the hinted turn entry cut to its first
    line ("6 ★ Take an Accounting tile (9") between "more above" and "more below"; the hint's
    room now comes from the log."""
    from beegames.ui.widgets.coach import CoachPanel

    from .test_coach_ui import quick

    seats = [SeatInfo(name="Gold"), SeatInfo(name="Blue", kind="computer", level="good")]
    match = played_until(Match.new(ENGINE, options={}, seats=seats, seed=11),
                         lambda m: m.decision is not None and m.decision.kind == "turn")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = quick(await ready(pilot))
        await pilot.press("i")
        await settle(pilot)
        assert screen.hint is not None and screen.query_one(CoachPanel).display
        entry = screen.choice_list.current
        assert entry is not None and screen.choice_list.is_hinted(entry)
        shown = " ".join(row.strip() for row in screen.choice_list.render().plain.split("\n"))
        assert " ".join(entry.value.label.split()) in " ".join(shown.split())


async def test_an_order_taken_this_turn_leaves_words_in_its_place(tmp_path):
    """The market pane showed "Forage  (1 below)" and no order after Gold completed the Forage
    stack's order: now it says the next one turns up at the end of the turn."""
    from .test_honey_buzz_screen import canvas_words

    def bare(match: Match) -> bool:
        st = match.state
        return match.decision is not None and match.decision.seat == 0 and any(
            up is None and below for up, below in zip(st.orders_up, st.order_stacks))
    match = played_until(new_match(2, seed=5), bare, level="basic", seed=5, limit=3000)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert "the next order turns up at the end of the turn" in canvas_words(screen, "market")
