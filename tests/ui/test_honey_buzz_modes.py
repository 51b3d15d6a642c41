"""Honey Buzz at 80×24 in the modes the first QA pass left out (docs/qa/2026-12-04/hb-modes.md):
the advanced variant, solitaire against the drones, three and four players at one keyboard, and
the end of a game. Each test is one finding of that report."""

from __future__ import annotations

from typing import Any

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games.honey_buzz import view as hbv
from beegames.games.honey_buzz.common import space_name
from beegames.ui.app import make_app
from beegames.ui.widgets.canvas import CanvasView

from .helpers import screen_text, settle
from .test_honey_buzz_screen import ENGINE, _words, canvas_words, played_until, ready


def match_of(names: list[str], seed: int, **options: Any) -> Match:
    return Match.new(ENGINE, options=options, seats=[SeatInfo(name=n) for n in names], seed=seed)


def quadrant(nectar: str) -> list[tuple[int, int]]:
    from beegames.games.honey_buzz.common import quadrant_spaces
    return quadrant_spaces(nectar)


def on_screen(app) -> str:
    return _words(screen_text(app))


async def test_the_end_of_the_game_is_told_before_during_and_after_the_last_round(tmp_path):
    """(hb-modes #1) The market pane says what ends the game and how far each trigger is; once one
    is met, the hive board (the pane of every turn) opens with the last round and who plays last;
    at the end, why the game ended."""
    app = make_app(saves_dir=tmp_path, match=match_of(["Gold", "Blue", "Green"], seed=1, config="star"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("m")
        await settle(pilot)
        watch = hbv.end_watch(screen.st)
        assert "4 of the 5 market values cannot drop further (now 0)" in watch
        assert "2 of the 3 order stacks are empty (now 0)" in watch and "Green's turn" in watch
        assert "or when no hive tile is left to take (now 63)" in watch  # (the engine's safeguard)
        assert _words(watch) in canvas_words(screen, "market")
        for _ in range(30):  # the market pane scrolls to its end by keys
            await pilot.press("down")
        await settle(pilot)
        assert "order stacks are empty (now 0)" in on_screen(app)
    last = played_until(match_of(["Gold", "Blue", "Green"], seed=1, config="star"),
                        lambda m: m.state.end_triggered and m.decision is not None and m.decision.kind == "turn",
                        limit=3000)
    app = make_app(saves_dir=tmp_path, match=last)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert screen.pane == "board"
        assert hbv.end_watch(screen.st).startswith("Last round: ")
        assert _words(hbv.end_watch(screen.st)) in canvas_words(screen, "board")
        assert "Last round: four market values cannot" in screen_text(app)
        assert "pts: the score if the game ended now" in canvas_words(screen, "board")  # (hb-modes #7)
    over = played_until(last, lambda m: m.over, limit=600)
    assert hbv.end_watch(over.state) == f"The game ended: {over.state.end_reason}."


async def test_solo_end_watch_says_the_drones_turn_gives_one_more_turn():
    """(hb-modes #1) Solitaire: the end as the solitaire rules have it."""
    match = match_of(["Gold"], seed=9, solo_level="adult")
    match = played_until(match, lambda m: m.decision is not None and m.decision.kind == "turn")
    assert "during the drones' you take one more turn" in hbv.end_watch(match.state)
    assert "no hive tile" not in hbv.end_watch(match.state)  # (the drones always bring a book trigger)


async def test_the_starting_slot_being_filled_is_in_sight_at_80x24(tmp_path):
    """(hb-modes #2) Four players on a tall configuration card: the hive pans to the slot the list
    is about, at the start and as the list moves, so its "upper end" and "lower end" can be seen."""
    match = match_of(["Alexandra", "Bartholomew", "Cy", "Dee"], seed=6)
    assert match.decision.kind == "arrange"
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        for keys in ((), ("enter",), ("down",), ("escape", "down", "down", "enter")):
            await pilot.press(*keys)
            await settle(pilot)
            entry = screen.choice_list.choices[screen.choice_list.highlighted].value
            move = entry.moves()[0]
            tile = next(t for _n, t, _now in hbv.starting_tiles(screen.st, screen.st.config, move)
                        if move.icon in t.hexes)
            assert all(screen.hexmap.in_view(h) for h in tile.hexes), (keys, tile)


async def test_the_last_contest_opened_shows_all_it_counts(tmp_path):
    """(hb-modes #3) Solitaire at 80×24: Enter on the last contest of the hive board writes what it
    counts under it, and the pane scrolls to show all of it at once (not its first line only)."""
    app = make_app(saves_dir=tmp_path, match=match_of(["Gold"], seed=9, solo_level="adult"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        board = screen.query_one("#hb-board", CanvasView)
        await pilot.press("b")
        await settle(pilot)
        last = hbv.contest_rows(screen.st)[-1]
        for _ in range(20):
            if board.cursor == f"contest:{last.id}":
                break
            await pilot.press("down")
            await settle(pilot)
        assert board.cursor == f"contest:{last.id}"
        await pilot.press("enter")
        await settle(pilot)
        assert _words(f"{last.meaning} {last.explain}") in canvas_words(screen, "board")
        spot = board.spot(f"contest:{last.id}")
        block = [line.plain.strip() for line in board.canvas.lines[spot.y:]]
        text = screen_text(app)
        assert len(block) > 4 and all(line in text for line in block), (block, text)


async def test_solo_players_panel_lines_fit(tmp_path):
    """(hb-modes #4) Solitaire at 80×24: the players' panel line with the contest points and the
    score fits its width (no word wraps out of the indent)."""
    app = make_app(saves_dir=tmp_path, match=match_of(["Gold"], seed=9, solo_level="adult"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        panel = str(screen.query_one("PlayerPanel").render())
        assert "Adult goal 0/40 · " in panel and " pts" in panel
        assert all(not line.strip() == "pts" for line in screen_text(app).splitlines())



async def test_advanced_field_names_its_quadrants_and_has_no_start_spots(tmp_path):
    """(hb-modes #5) Advanced variant at 80×24, looking for a tile: every face-down tile is lit (so
    its tint is hidden) and the field names the quadrant of each back; there are no forage
    tokens, so no column of start spots."""
    match = played_until(match_of(["Gold", "Blue", "Green"], seed=2, advanced=True, config="star"),
                         lambda m: m.decision is not None and m.decision.kind == "peek")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert screen.pane == "field"
        field = canvas_words(screen, "field")
        assert "quadrants by tile back: A1–B3 Wildflower" in field and "Acacia" in field, field
        assert "▸" not in field and "start spots" not in field
        lines = [line.plain for line in screen.query_one("#hb-field", CanvasView).canvas.lines]
        head, row = lines[1], lines[2]
        for col in "123456":  # each column's number over its spaces
            assert row[head.index(col)] in "?·", (head, row)
        for _ in range(12):
            await pilot.press("down")
        await settle(pilot)
        assert "quadrants by tile back" in on_screen(app) or "Wildflower ·" in on_screen(app)


async def test_solo_advanced_drone_removal_names_a_seen_tile_by_its_front(tmp_path):
    """(hb-modes #6) Solitaire + advanced: the drones take a tile from a quadrant; a tile of it you
    have looked at is named by its front (a Cherry Blossom tile may lie in the Acacia quadrant),
    one you have not as face down."""
    match = played_until(match_of(["Gold"], seed=4, advanced=True, config="star", contests="star"),
                         lambda m: m.decision is not None and m.decision.kind == "drone_nectar"
                         and any(f != m.state.pending.nectar and (r, c) in quadrant(m.state.pending.nectar)
                                 for (r, c), f in hbv.knowledge(m.state, 0).items()), limit=4000)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        seen = hbv.knowledge(screen.st, 0)
        labels = [c.value.label for c in screen.choice_list.choices]
        for m in screen.moves():
            if m.remove is None:
                continue
            front = seen.get(m.remove)
            name = f"{hbv.resource_name(front)} tile" if front else "face-down tile"
            assert f"Remove the {name} on {space_name(m.remove)} from the game" in labels, labels
        assert any(f != match.state.pending.nectar for f in seen.values())
