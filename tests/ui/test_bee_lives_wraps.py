"""At 80×24 the Bee Lives boards and status line break a line between phrases, never inside one
(docs/qa/2026-12-04/bl-modes.md, "Seen and left": "☀ overheating", "VP 22 (27 now)", "tok 5 on H4", now a wild hive's
one line under a heading that names its columns):
a solo game, a two-player game and a campaign, each at an overheated month with a resting queen and a
wild hive on the map; and the swarm forecast reads whole in the boards."""

from __future__ import annotations

import pytest

from beegames.core.words import plural
from beegames.games.bee_lives import view as blview
from beegames.games.bee_lives.colony import overheating
from beegames.ui.app import make_app
from beegames.ui.widgets.bee_lives.boards import HiveBoards

from .helpers import settle
from .test_bee_lives_screen import position, turn


def hot(m) -> bool:
    """Amber's turn in an overheated month, her queen resting (the longest header), a wild hive on the map."""
    s = m.state
    return turn(m) and m.decision.seat == 0 and overheating(s) and s.players[0].paused \
        and any(w.tile is not None for w in s.wild)


def rows(app, widget) -> list[str]:
    """The rows drawn in ``widget``'s content box, one string a row."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    r = widget.content_region
    return [line[r.x:r.x + r.width].rstrip() for line in lines[r.y:r.y + r.height]]


async def part_rows(pilot, screen, part: str) -> list[str]:
    """A part of the boards (read whole with ``b``), scrolled into view."""
    widget = screen.query_one(f"#bl-{part}")
    screen.query_one(HiveBoards).scroll_to_widget(widget, animate=False)
    await settle(pilot)
    return rows(pilot.app, widget)


def whole(phrase: str, lines: list[str]) -> bool:
    return any(phrase in line for line in lines)


GAMES = {"solo": (["Amber"], {}), "two players": (["Amber", "Basil"], {}),
         "campaign": (["Amber"], {"mode": "campaign", "campaign": "zombees"})}


@pytest.mark.parametrize("game", list(GAMES))
async def test_the_boards_and_the_month_line_keep_their_phrases_whole_at_80x24(tmp_path, game):
    names, options = GAMES[game]
    match = position(names, hot, seeds=range(1, 40), **options)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.hint_seconds, screen.hint_effort = None, 1
        await settle(pilot)
        st = screen.st
        status = rows(app, screen.query_one("#bl-status"))
        assert whole("☀ overheating", status), status
        await pilot.press("b")  # the boards, whole
        await settle(pilot)
        hive = await part_rows(pilot, screen, "hive")
        me = blview.hive_board(st, 0)
        assert whole(f"VP {me.vp} ({me.score_now} now)", hive), hive
        assert whole("(resting)", hive) and whole("no brood next month", hive), hive
        wild = await part_rows(pilot, screen, "wild")
        assert wild[0].startswith("Wild hives: strength, tile, tokens left"), wild
        for w in blview.wild_board_info(st).hives:
            if w.in_play and w.tile_name is not None:  # (one line each: name, strength, tile, tokens)
                assert any(line.startswith(f"◆ {w.name} ") and line.split()[-3:] == [str(w.strength), w.tile_name,
                           str(w.tokens_left)] for line in wild), wild
        season = await part_rows(pilot, screen, "season")
        assert whole("☀ overheating", season), season
        for k, n in blview.season_info(st).deck_sizes.items():
            assert whole(f"{k} {n}", season), season
        if st.n > 1:
            other = await part_rows(pilot, screen, "hives")
            b = blview.hive_board(st, 1)
            assert whole(f"{plural(b.workers, 'bee')} ({b.free} free, {b.on_actions.get('defend', 0)} def)",
                         other), other


async def test_the_swarm_forecast_reads_in_the_boards_at_80x24(tmp_path):
    """A Prolific queen's spring: the brood about to hatch takes the hive over its threshold, and the
    warnings part of the boards says so as a forecast, before the month ends."""
    def coming(m) -> bool:
        f = blview.warnings(m.state, 0) if turn(m) else []
        return any(w.text.startswith("If the ") and "swarms in" in w.text for w in f)

    match = position(["Amber"], coming, seeds=range(1, 60))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.hint_seconds, screen.hint_effort = None, 1
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        told = " ".join(await part_rows(pilot, screen, "warn"))
        forecast = next(w.text for w in blview.warnings(screen.st, 0) if w.text.startswith("If the "))
        assert " ".join(forecast.split()) in " ".join(told.replace("! ", "", 1).split()), told


def test_every_wild_hive_takes_one_line_at_80_columns_at_its_longest():
    """All eight wild hives in play, each at the maximum strength on a tile of the longest name, with its
    five tokens: one line each within the boards' 80-column width."""
    from beegames.games.bee_lives.data import game_data
    from beegames.ui.widgets.bee_lives.boards import LINE, wild_board_text

    names = game_data().wild.names
    top = game_data().wild.max_strength
    board = blview.WildBoardInfo(hives=[blview.WildInfo(index=i, key=f"w{i}", name=n, in_play=True, tile=70 + i,
                                                        strength=top, tokens_left=5, active=True,
                                                        foraged_this_month=False, raided=[], tile_name=f"≈7{i}")
                                        for i, n in enumerate(names)], dormant=True, max_strength=top)
    lines = wild_board_text(board, LINE).plain.split("\n")
    assert lines[0] == "Wild hives: strength, tile, tokens left" and lines[1] == "dormant until summer"
    assert [line.split()[1] for line in lines[2:-1]] == names
    assert all(len(line) <= LINE for line in lines), lines


async def test_the_four_wild_hives_of_surrounded_read_at_80x24_one_line_each(tmp_path):
    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo
    from beegames.games import get_engine
    from beegames.games.bee_lives.models import QueenMove

    match = Match.new(get_engine("bee-lives"), options={"mode": "scenario", "scenario": "surrounded"},
                      seats=[SeatInfo(name="Amber")], seed=4)
    match.play(QueenMove(queen="aggressive"))
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        wild = await part_rows(pilot, screen, "wild")
        assert wild[0] == "Wild hives: strength, tile, tokens left", wild
        hives = [line for line in wild if line.startswith("◆")]
        assert [line.split()[1] for line in hives] == ["ACORN", "DANDELION", "MUSHROOM", "APPLE"], wild
        assert all(line.split()[-3:-1] == ["3", name] and line.endswith(" 5")
                   for line, name in zip(hives, ["≈1", "≈2", "≈4", "≈5"], strict=True)), wild
        assert wild[wild.index(hives[-1]) + 1].startswith("4 more in the box"), wild
