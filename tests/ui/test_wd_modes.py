"""Waggle Dance in the modes the first QA pass left out (docs/qa/2026-12-04/wd-modes.md): the
2014 edition with 4 players, the 2022 game with 3-4 players and Threats at one keyboard, and solo
against Bumblebot. Each test plays by keys at 80x24."""

from __future__ import annotations

from beegames.core.protocol import SeatInfo
from beegames.games.waggle_dance.models import DeclineMove, PlaceMove
from beegames.ui.app import make_app
from beegames.ui.screens.modals import HandoffScreen
from beegames.ui.screens.waggle_dance import WaggleDanceScreen

from . import helpers as ui
from .helpers import screen_text
from .test_waggle_dance_screen import (
    advance,
    drain,
    keys,
    new_match,
    play_by_keys,
    round_start_2022,
    settle,
    status_whole,
    table_and_rooms_shown,
    take_keyboard,
)

SIZE = (80, 24)
FOUR = [SeatInfo(name=n) for n in ("Ann", "Bob", "Cy", "Di")]


def status(screen: WaggleDanceScreen) -> str:
    return " ".join(screen.query_one("#wd-status").render().plain.split())


async def test_the_next_seat_finds_the_board_at_its_top(tmp_path):
    """wd-modes #1: four people at one keyboard (2014). The first player scrolls the board down
    to the other honeycombs and places a die; the next player's turn opens on the table and their
    own rooms, not on the others' honeycombs where the board was left."""
    match = new_match(FOUR, seed=3, ruleset="2014")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_keyboard(pilot, app)
        first = match.decision.seat
        board = screen.query_one("#wd-scroll")
        board.scroll_end(animate=False)
        await drain(pilot, layout=True)
        assert board.scroll_offset.y > 0 and not table_and_rooms_shown(screen)
        move = next(m for m in match.legal_moves() if isinstance(m, PlaceMove) and m.target[0] == "D")
        await play_by_keys(pilot, screen, move)
        screen = await take_keyboard(pilot, app)
        assert match.decision.seat != first and screen.viewer() == match.decision.seat
        assert table_and_rooms_shown(screen), screen_text(app)
        # the same seat's next question of the same kind leaves the board where its player put it
        board.scroll_end(animate=False)
        await drain(pilot, layout=True)
        offset = board.scroll_offset.y
        await keys(pilot, str(screen.placeable_dice()[0]))
        await drain(pilot, layout=True)
        assert board.scroll_offset.y == offset


async def test_a_night_question_after_scrolling_shows_the_seats_rooms(tmp_path):
    """wd-modes #1: the night asks the seat that was at the keyboard another kind of question
    (where its nectar or egg goes): the board comes back to its rooms."""
    match = new_match(FOUR, seed=3, ruleset="2014")
    match = advance(match, lambda m: m.state.phase == "day" and m.decision.kind == "turn"
                    and not any(p.pool for i, p in enumerate(m.state.players) if i != m.decision.seat)
                    and len(m.state.players[m.decision.seat].pool) == 1)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_keyboard(pilot, app)
        board = screen.query_one("#wd-scroll")
        board.scroll_end(animate=False)
        await drain(pilot, layout=True)
        move = next(m for m in match.legal_moves() if isinstance(m, PlaceMove))
        await play_by_keys(pilot, screen, move)
        for _ in range(40):
            screen = await take_keyboard(pilot, app)
            if match.decision.kind in ("nectar", "egg", "trade"):
                break
            await play_by_keys(pilot, screen, match.legal_moves()[-1])
        assert match.decision.kind in ("nectar", "egg", "trade")
        assert table_and_rooms_shown(screen), screen_text(app)


async def test_a_seat_asked_only_because_the_others_are_is_told_so(tmp_path):
    """wd-modes #2: at a shared keyboard (2022) every seat holding a card is asked at dawn about
    Volunteer. Ann holds Alchemy only: her question says none of her cards can be played and why
    she is asked, whole at 80x24; Bob, who holds Volunteer, is asked whether he plays it."""
    app = make_app(saves_dir=tmp_path, match=round_start_2022("volunteer"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_keyboard(pilot, app)
        assert screen.match.decision.kind == "offer_volunteer" and screen.viewer() == 0
        text = status(screen)
        assert "Ann: none of your cards can be played now, so pass (everyone with cards is asked)." in text
        assert "Volunteer" not in text and status_whole(screen)
        assert [c.value for c in screen._choices] == [DeclineMove()]
        await keys(pilot, "enter")
        screen = await take_keyboard(pilot, app)
        assert screen.viewer() == 1 and "Bob: play Volunteer to roll one extra die this round?" in status(screen)


async def test_a_first_edition_window_with_nothing_to_play_says_so(tmp_path):
    """wd-modes #2 (2014): a card window put to a seat none of whose cards can be played then says
    so, naming the moment, whole at 80x24; one that can play one still asks "play a card, or pass"."""
    match = new_match(FOUR, seed=3, ruleset="2014")
    match = advance(match, lambda m: m.decision.kind == "window" and m.legal_moves() == [DeclineMove()])
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_keyboard(pilot, app)
        text = status(screen)
        name = match.header.seats[match.decision.seat].name
        assert f"{name}: " in text and "none of your cards can be played now, so pass" in text
        assert "play a card, or pass" not in text and status_whole(screen)
    playable = advance(new_match(FOUR, seed=3, ruleset="2014"),
                       lambda m: m.decision.kind == "window" and len(m.legal_moves()) > 1)
    assert playable.decision.prompt.endswith("play a card, or pass.")


async def test_a_long_threat_name_stands_apart_from_its_dice(tmp_path):
    """wd-modes #4: four players with Threats at 80x24: "Dragonfly" (the longest name) is followed
    by a space before its spaces and dice, and the threat's line is whole."""
    match = new_match(FOUR, seed=5, threats=True)
    match = advance(match, lambda m: bool(m.state.threats) and m.decision.kind == "turn")
    match.state.threats[0].name = "Dragonfly"
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_keyboard(pilot, app)
        assert not isinstance(app.screen, HandoffScreen)
        await settle(pilot, screen)
        rows = screen.query_one("#wd-table").render().plain.split("\n")
        row = next(r for r in rows if "Dragonfly" in r)
        assert "Dragonfly " in row and row.rstrip().endswith("lose a die"), row
        assert row.rstrip() in screen_text(app)


async def test_a_game_the_computer_plays_at_every_seat_says_whole_what_it_hides(tmp_path):
    """wd-modes #5: four computers play a 2014 game at 80x24. No hand-off ever comes, so the dice
    row and the hand do not promise one; each note is whole (the hand's wrapped, not cut)."""
    seats = [SeatInfo(name=n, kind="computer", level="basic") for n in ("Ann", "Bob", "Cy", "Di")]
    match = new_match(seats, seed=9, ruleset="2014")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=SIZE) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, WaggleDanceScreen))
        await drain(pilot, layout=True)
        text = screen_text(app)
        assert "hand-off" not in text
        assert "(each player's dice: with their rooms)" in text
        hand = screen.query_one("#wd-hand")
        lines = hand.render().plain.split("\n")
        assert all(len(line) <= hand.content_region.width for line in lines)
        assert "Queen Bee cards stay hidden in the public view." in " ".join(" ".join(lines).split())


def _tie_at_the_end():
    """Buzz and Beatrice both reach 5 honey in the last night of a 2022 game; Buzz owns 6 dice, Beatrice 7."""
    from beegames.core.match import Match
    from beegames.games import get_engine
    from beegames.games.waggle_dance.models import Room
    from tests.waggle_dance.wd_helpers import blank_day, consistent

    s = blank_day([[1] * 6, [1] * 7])
    for p in s.players:
        p.rooms = [Room(honey=True) for _ in range(5)]
    consistent(s)
    s.pending, s.phase, s.queue = None, "night", ["end_round"]
    engine = get_engine("waggle-dance")
    header = new_match([SeatInfo(name="Buzz"), SeatInfo(name="Beatrice")], seed=1).header
    return Match(engine, header, _state=engine.advance(s))


async def test_the_final_summary_names_the_figures_that_broke_a_tie(tmp_path):
    """wd-modes #6: a tie on honey is broken by the fewest dice; the game-over dialog at 80x24
    says so with each leader's dice, so the table sees why Buzz won. The game's last log line
    keeps its old words (saves of finished games replay to it)."""
    from beegames.ui.screens.modals import GameOverScreen

    match = _tie_at_the_end()
    assert match.over and match.state.players[0].name == "Buzz"
    summary = "Buzz wins with 5 honey (tie broken by fewest dice: Buzz 6, Beatrice 7)."
    assert match.result.summary == summary
    assert match.state.log[-1] == "Game over. Buzz wins with 5 honey (tie broken by fewest dice)."
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=SIZE) as pilot:
        await ui.settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        box = app.screen.query_one("#over-summary")
        rows = screen_text(app).split("\n")[box.region.y:box.region.bottom]
        shown = [row[box.region.x:box.region.right] for row in rows]
        assert " ".join(" ".join(shown).split()) == summary


async def test_passing_says_what_it_gives_up(tmp_path):
    """wd-modes #7: in the list, passing is worded for its question: a 2014 egg left in the
    supply and a trade skipped (each in its list's own form, "Leave the egg in the supply",
    "Give nothing (no trade)"), a card window passed; whole at 80x24. What the log says of it
    stays "passes." (the saved games replay to their logs)."""
    from .test_waggle_dance_screen import choices_readable

    wanted = {"egg": "Leave the egg in the supply", "trade": "Give nothing (no trade)",
              "window": "Passes: plays no card now."}
    for kind, label in wanted.items():
        match = advance(new_match(FOUR, seed=3, ruleset="2014"),
                        lambda m, kind=kind: m.decision.kind == kind and DeclineMove() in m.legal_moves())
        app = make_app(saves_dir=tmp_path / kind, match=match)
        async with app.run_test(size=SIZE) as pilot:
            screen = await take_keyboard(pilot, app)
            labels = [c.text.plain for c in screen._choices]
            assert any(text.endswith(label) for text in labels), labels
            assert "Passes." not in labels and choices_readable(screen)
            log = len(match.state.log)
            await play_by_keys(pilot, screen, DeclineMove())
            assert match.history[-1].text.endswith("passes.")
            assert not any("Leave the egg" in line or "Give nothing" in line for line in match.state.log[log:])


async def test_many_threats_leave_the_rooms_in_view(tmp_path):
    """wd-modes #10: solo with Threats late in a game, eight threats in play. At 80x24 the threats
    with no dice yet share a line per penalty, so the table and all the player's rooms still show;
    each threat's id and name stay on screen (T and its digit, or a click, still reach it); at
    160x50 each threat keeps its own line."""
    from beegames.games.waggle_dance.models import Threat

    for size in (SIZE, (160, 50)):
        match = advance(new_match([SeatInfo(name="Ann")], seed=4, threats=True, difficulty="harder"),
                        lambda m: bool(m.state.threats) and m.decision.kind == "turn")
        st = match.state
        for name in ("Ant", "Mouse", "Wasp", "Spider", "Beetle", "Waxworm", "Mould", "Dragonfly"):
            if len(st.threats) < 8 and all(th.name != name for th in st.threats):
                st.threats.append(Threat(name=name))
        names = [th.name for th in st.threats]
        app = make_app(saves_dir=tmp_path / str(size[0]), match=match)
        async with app.run_test(size=size) as pilot:
            screen = await take_keyboard(pilot, app)
            table = screen.query_one("#wd-table").render().plain
            assert all(f"T{k} {name}" in table for k, name in enumerate(names)), table
            if size == SIZE:
                assert table_and_rooms_shown(screen), screen_text(app)
                assert "T2 Mouse, T3 Wasp, T7 Mould:" in " ".join(table.split())
                rows = table.split("\n")
                assert all(len(row) <= screen.query_one("#wd-table").content_region.width for row in rows)
            else:
                assert "Mouse," not in table
                assert sum(1 for row in table.split("\n") if row.lstrip(" ▶")[:2] in {f"T{k}" for k in range(8)}) == 8
            die = screen.placeable_dice()[0]
            await keys(pilot, str(die), "t")
            if len([t for t in screen.place_targets(die) if t[0] == "T"]) > 1:
                await keys(pilot, str(len(names) - 1))
            assert match.history[-1].move["target"].startswith("T")
