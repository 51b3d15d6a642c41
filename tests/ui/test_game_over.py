"""The game over dialog of a game of several seats lists every seat's final
score, and stays whole (its text and every button on the screen)."""

from __future__ import annotations

import pytest

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.modals import GameOverScreen

from .helpers import screen_text, settle


def three_player_game() -> Match:
    engine = get_engine("waggle-dance")
    seats = [SeatInfo(name=n, kind="computer", level="basic") for n in ("Ann", "Bob", "Cy")]
    m = Match.new(engine, seed=3, seats=seats)
    while not m.over:
        if m.decision is None:
            m.step()
        else:
            m.play(m.computer_move())
    m.header.seats[0] = SeatInfo(name="Ann")  # a person at the keyboard, at game over
    return m


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_game_over_dialog_lists_the_final_scores(tmp_path, size):
    match = three_player_game()
    assert match.result is not None
    standings = match.result.standings(["Ann", "Bob", "Cy"])
    assert standings.startswith("Final scores: ")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        texts = [str(static.render()) for static in dialog.query("#gameover Static")]
        assert match.result.summary in texts and standings in texts, texts
        assert "Decided by" not in " ".join(texts), "the tie-break is said once, in the summary"
        for widget in [*dialog.query("#gameover Static"), *dialog.query("#over-buttons Button")]:
            assert 0 <= widget.region.y and widget.region.bottom <= size[1] - 1, f"{widget} is off the screen"
        assert "Final scores" in screen_text(app)


async def test_after_taking_back_the_last_move_the_footer_offers_the_hint_again(tmp_path):
    """The review key of a finished game becomes the hint key again as soon as an undo makes the
    game live: the footer says so at once, not after the next move."""
    engine = get_engine("hive")
    match = Match.new(engine, seed=2, seats=[SeatInfo(name="Ann"), SeatInfo(name="Bot", kind="computer",
                                                                             level="easy")])
    while not match.over:  # (easy against easy, the person's seat played by the computer too)
        match.play(engine.make_player("easy", len(match.history)).choose(engine, engine.view(
            match.state, match.decision.seat)))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")  # see the board
        await settle(pilot)
        assert "i Review" in screen_text(app)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert not match.over
        text = screen_text(app)
        assert "i Hint" in text and "i Review" not in text


@pytest.mark.parametrize("humans", [0, 1])
async def test_the_review_button_names_whose_moves_when_no_one_played(tmp_path, humans):
    """Computer against computer (QA hive.md #9): "Review my moves" named no one's moves; the
    button names the seat the review judges (as typed: a name is never markup)."""
    match = three_player_game()
    if not humans:
        match.header.seats[0] = SeatInfo(name="[b]Ann[/b]", kind="computer", level="basic")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        label = str(dialog.query_one("#over-review").label)
        if humans:
            assert label == "Review my moves (the computer's view)"
        else:
            names = [seat.name for seat in match.header.seats]
            assert label == f"Review the moves of {names[0]}, {names[1]} and {names[2]} (the computer's view)"
            assert names[0] == "[b]Ann[/b]"
        # the whole label is on the screen at 80x24 (a long one wraps onto a second line)
        inside = [line.split("█")[1] for line in screen_text(app).splitlines() if line.count("█") >= 2]
        shown = " ".join(" ".join(inside).split())
        assert " ".join(label.split()) in shown


async def test_a_summary_in_colours_names_the_winner_too(tmp_path):
    """Hive's summary says which colour won ("White wins"); the dialog says which player that is,
    by the name typed for the seat. (A summary that names the winner already is not repeated.)"""
    engine = get_engine("hive")
    match = Match.new(engine, seed=2, seats=[SeatInfo(name="Ann"), SeatInfo(name="Ben")])
    while not match.over:
        match.play(engine.make_player("easy", len(match.history)).choose(engine, engine.view(
            match.state, match.decision.seat)))
    result = match.result
    assert result is not None and len(result.winners) == 1 and "Ann" not in result.summary
    winner = ["Ann", "Ben"][result.winners[0]]
    assert result.winners_named(["Ann", "Ben"]) == f"{winner} wins."
    assert result.winners_named(["White", "Black"]) == ""  # (the summary names it)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert f"{winner} wins." in " ".join(screen_text(app).split())
