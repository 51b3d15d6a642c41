"""The coach in the app (issue 22): the hint key in every game screen (shown,
marked in the list or lit on the board, played by the key again, stopped by
Esc), refused in a game between people started without hints, the review at
game over and in a replay (its moves jump the replay), and the new-game
form's "Hints allowed".

The coach thinks with a fixed effort here (``hint_effort``/``review_effort``
on the screen), never against the clock, so each test is short and repeats.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from beegames.core import saves
from beegames.core.coach import coach_for
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.core.state import detail, headline
from beegames.core.words import without_subject
from beegames.games import get_engine
from beegames.games.hive.coach import hint_cells
from beegames.ui.app import make_app
from beegames.ui.screens.game import GameScreen
from beegames.ui.screens.modals import GameOverScreen, HelpScreen
from beegames.ui.screens.review import ReviewScreen
from beegames.ui.widgets.checkbox import Checkbox
from beegames.ui.widgets.coach import CoachPanel
from beegames.ui.widgets.hexboard import HexBoard

from .helpers import game_screen, screen_text, settle
from .test_new_game_form import open_form

SIZES = [(80, 24), (160, 50)]
GAMES = ["hive", "waggle-dance", "bee-lives", "honey-buzz"]


def bot_level(game: str) -> str:
    return get_engine(game).levels[0]


def against_the_computer(game: str, seed: int = 4) -> Match[Any, Any]:
    engine = get_engine(game)
    return Match.new(engine, seed=seed, seats=[SeatInfo(name="Ann"),
                                               SeatInfo(name="Bot", kind="computer", level=bot_level(game))])


def finished(game: str, seed: int = 3, person: bool = True) -> Match[Any, Any]:
    """A short whole game played by the computer (Hive by two, the others solo), then, with
    ``person``, handed to a person in seat 1 (Ann) for the review."""
    engine = get_engine(game)
    level = "easy" if game == "hive" else "basic"
    m = Match.new(engine, seed=seed, seats=[SeatInfo(name=f"C{i}", kind="computer", level=level)
                                            for i in range(2 if game == "hive" else 1)])
    while not m.over:
        if m.decision is None:
            m.step()
        else:
            m.play(m.computer_move())
    if person:
        m.header.seats[0] = SeatInfo(name="Ann")
    return m


def quick(screen: GameScreen) -> GameScreen:
    screen.hint_seconds, screen.hint_effort = None, 1
    screen.review_seconds, screen.review_effort = None, 1
    return screen


def key_does(screen: GameScreen, key: str = "i") -> str:
    """What the footer says the key does now (its enabled binding's action)."""
    active = screen.active_bindings.get(key)
    return active.binding.action if active is not None else ""


def panel_text(screen: GameScreen) -> str:
    panel = screen.query_one(CoachPanel)
    return panel.text.plain if panel.display and panel.text is not None else ""


def footer_whole(app) -> bool:
    """Every key the footer offers is on the terminal's last row whole: its key and what it does
    (of the keys bound to one action, the footer shows one)."""
    row = screen_text(app).splitlines()[-1]
    offered: dict[str, list[str]] = {}
    for a in app.screen.active_bindings.values():
        if a.binding.show and a.enabled:
            offered.setdefault(a.binding.action, []).append(f"{app.get_key_display(a.binding)} {a.binding.description}")
    return all(any(text in row for text in texts) for texts in offered.values())


def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


# -- 1. the hint, in every game ------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
async def test_the_hint_is_shown_highlighted_and_played_by_its_key(tmp_path, game, size):
    match = against_the_computer(game)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = quick(game_screen(app))
        assert key_does(screen) == "hint" and screen.hint is None
        assert footer_whole(app), screen_text(app).splitlines()[-1]
        await pilot.press("i")
        await settle(pilot)
        hint = screen.hint
        assert hint is not None and hint.move in match.legal_moves()
        # the move, the reason, and what the key does now, in lines that are never cut
        text = panel_text(screen)
        name = match.header.seats[hint.seat].name
        # (the name said once: a move with its player as the subject stays whole, any other after "for Ann")
        head = (f"Hint: {hint.description}" if hint.description.startswith(f"{name} ") else
                f"Hint for {name}: {without_subject(hint.description, name)}")
        assert head + "\n" in text and "Hint for" not in text.split(head)[1]
        # (at 80x24 in three rows at most: the whole reason where it fits, else its headline and the key of
        # the whole log, which shows the rest)
        shown = " ".join(hint.reason.split()) if size[1] >= 40 else headline(hint.reason)
        assert shown in " ".join(text.split()) and "i plays it" in text
        panel = screen.query_one(CoachPanel)
        assert panel.max_scroll_y == 0 and panel.region.bottom <= size[1] - 1  # whole, above the footer
        assert size[1] >= 40 or panel.region.height <= 3
        assert key_does(screen) == "play_hint"
        assert footer_whole(app), screen_text(app).splitlines()[-1]  # "i Play hint" too, at 80 columns
        if game == "hive":
            board = screen.query_one(HexBoard)
            source, to = hint_cells(match.state, hint.move)
            assert board.highlights == {to} and board.selected == source and board.cursor == to
        else:
            choices = screen.hint_list()
            assert choices.current is not None and screen.choice_move(choices.current) == hint.move
            assert choices.is_hinted(choices.current)
            # drawn, in view: the highlighted row carries the mark (the list scrolled to it)
            assert any("▸" in line and "★" in line for line in screen_text(app).splitlines())
        made = len(match.history)
        await pilot.press("i")
        await settle(pilot)
        assert match.history[made].move == hint.move_json  # played by the key
        assert screen.hint is None and panel_text(screen) == "" and key_does(screen) == "hint"
        if game != "hive":
            assert screen.hint_list().hint_path() is None  # the mark is gone with the position


@pytest.mark.parametrize("size", SIZES)
async def test_a_long_reason_shows_its_headline_at_80x24_and_the_whole_log_gives_the_rest(tmp_path, size):
    """Waggle Dance solo with Threats: at 80x24 the hint takes three rows at most, the reason's headline and
    the key of the whole log, whose last lines give the reason in full (the play-outs' figures, Bumblebot's
    wins); at 160x50 the panel shows it all."""
    from beegames.ui.screens.modals import LogScreen

    match = Match.new(get_engine("waggle-dance"), seed=3, seats=[SeatInfo(name="Ann")], options={"threats": True})
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.hint_seconds, screen.hint_effort = None, 3
        await pilot.press("i")
        await settle(pilot)
        hint = screen.hint
        assert hint is not None and "play-outs" in detail(hint.reason) and "Bumblebot wins" in hint.reason
        text = " ".join(panel_text(screen).split())
        panel = screen.query_one(CoachPanel)
        assert headline(hint.reason) in text and panel.max_scroll_y == 0
        if size == (80, 24):
            assert panel.region.height <= 3 and detail(hint.reason) not in text
            assert "Ctrl+L: why, in full." in text
        else:
            assert " ".join(hint.reason.split()) in text and "Ctrl+L" not in text
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        assert app.screen.lines[-2].startswith(("★ Hint for Ann: ", "★ Hint: Ann "))
        assert headline(app.screen.lines[-1]) == headline(hint.reason)
        assert detail(hint.reason) in detail(app.screen.lines[-1])


@asynccontextmanager
async def _solo_hint_shown(tmp_path: Any) -> AsyncIterator[tuple[Any, Any, Any]]:
    """A Waggle Dance solo game at 80x24 with the coach's hint shown (quick): the app, its pilot, the screen."""
    match = Match.new(get_engine("waggle-dance"), seed=3, seats=[SeatInfo(name="Ann")])
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = quick(game_screen(app))
        await pilot.press("i")
        await settle(pilot)
        yield app, pilot, screen


async def test_a_headline_too_long_for_three_rows_is_cut_and_the_whole_log_keeps_it(tmp_path):
    """Should a game's words for a hint run past three rows at 80x24 even alone, the coach's line cuts
    them (…) and names the whole log's key, whose last lines keep them whole."""
    from dataclasses import replace

    from beegames.ui.screens.modals import LogScreen

    async with _solo_hint_shown(tmp_path) as (app, pilot, screen):
        long = " ".join(f"word{k}" for k in range(60)) + "."
        screen.hint = replace(screen.hint, reason=long)
        screen.show_coach()
        await settle(pilot)
        panel = screen.query_one(CoachPanel)
        text = " ".join(panel_text(screen).split())
        assert panel.region.height <= 3 and "word0 word1" in text and "… i plays it" in text and "word59" not in text
        assert "Ctrl+L: why, in full." in text
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen) and app.screen.lines[-1].startswith(long)


async def test_a_reason_with_no_room_left_beside_a_long_move_is_left_out_not_cut_to_a_word(tmp_path):
    """Where the hinted move's own words take nearly all three rows (a Honey Buzz placement closing
    no cell), the reason is not cut to a stub ("The…"): the coach's line gives the move, the key that
    plays it and the whole log's key."""
    from dataclasses import replace

    async with _solo_hint_shown(tmp_path) as (app, pilot, screen):
        room = screen.query_one(CoachPanel).room()
        left_out = 0
        for n in range(20, 50):  # every length of the move's words, up to filling the panel
            move = " ".join(f"step{k}" for k in range(n))
            screen.hint = replace(screen.hint, description=move, reason="The play-outs favour it over the others.")
            screen.show_coach()
            await settle(pilot)
            text = " ".join(panel_text(screen).split())
            least = screen._hint_text(screen.hint, "", outlook=False, where=False)  # the move and the keys
            assert f"step{n - 1}" in text and (screen.query_one(CoachPanel).region.height <= room
                                               or panel_rows(screen, least) > room)
            shown = text.split(f"step{n - 1}", 1)[1].split(" i plays it")[0].split()
            assert shown == [] or len(shown) >= 3, shown  # the reason whole, cut to three words or more, or none
            left_out += not shown
        assert left_out  # (the case arose)


def panel_rows(screen: Any, text: Any) -> int:
    return int(screen.query_one(CoachPanel).rows(text))


async def test_the_screen_asks_the_hint_with_the_seed_the_review_uses(tmp_path, monkeypatch):
    """The hint's seed is the number of moves made, the seed a review gives that decision:
    so a review does not list a hint the player followed as a lost move."""
    from beegames.core import coach

    asked: list[Any] = []
    real = coach.hint

    def spy(*args: Any, **kw: Any) -> Any:
        asked.append(kw.get("seed"))
        return real(*args, **kw)

    monkeypatch.setattr(coach, "hint", spy)
    match = against_the_computer("honey-buzz")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = quick(game_screen(app))
        for _ in range(2):
            made = len(match.history)
            await pilot.press("i")
            await settle(pilot)
            assert screen.hint is not None and asked[-1] == made
            await pilot.press("i")
            await settle(pilot)
            assert len(match.history) > made


async def test_the_hint_thinks_visibly_and_esc_or_the_key_stops_it(tmp_path):
    match = against_the_computer("hive")
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.hint_seconds, screen.hint_effort = None, 40  # far more than it could finish
        await pilot.press("i")
        assert screen.coaching == "hint" and "Thinking of a hint… (i or Esc stops)" in panel_text(screen)
        # while it thinks, the footer's i and Esc both stop it (one binding, game.stop_coach)
        assert key_does(screen, "escape") == key_does(screen, "i") == "stop_coach"
        await pilot.press("escape")
        await settle(pilot)
        assert screen.coaching is None and screen.hint is None and panel_text(screen) == ""
        assert app.screen is screen  # Esc stopped the hint; it did not open the menu
        assert not match.history and key_does(screen) == "hint"


async def test_the_keys_screen_and_the_keymap_know_the_coach(tmp_path):
    from beegames.ui.app import binding_ids

    assert {"game.hint", "game.play_hint", "game.review", "game.stop_coach"} <= set(binding_ids())
    app = make_app(saves_dir=tmp_path, match=against_the_computer("bee-lives"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert ("i", "Hint") in [(key, what[:4]) for key, what in app.screen.rows()]


@pytest.mark.parametrize(("game", "size"), [("hive", (80, 24)), ("waggle-dance", (160, 50))])
async def test_a_game_between_people_started_without_hints_refuses_the_hint(tmp_path, game, size):
    match = Match.new(get_engine(game), seats=[SeatInfo(name="Ann"), SeatInfo(name="Ben")], seed=2)
    assert match.header.hints is False
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        while app.screen is not game_screen(app):  # a hand-off first, where cards are dealt
            await pilot.press("enter")
            await settle(pilot)
        screen = game_screen(app)
        # the footer does not offer a key that cannot work in this game ...
        assert "Hint" not in screen_text(app).splitlines()[-1] and key_does(screen) == "hint_off"
        # ... but the key, pressed anyway, says why
        await pilot.press("i")
        await settle(pilot)
        assert screen.hint is None and screen.coaching is None and not match.history
        assert "Hints are off in this game (chosen when it was started)." in notes(app)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert any(key == "i" and "only in games started with hints allowed" in what
                   for key, what in app.screen.rows())


# -- 2. the review ------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "size"), [(g, (80, 24)) for g in GAMES] + [("hive", (160, 50))])
async def test_the_review_at_game_over_lists_the_moves_and_opens_a_replay_there(tmp_path, game, size, monkeypatch):
    if game == "bee-lives":
        # (the screen's part is under test here: the Bee Lives coach's own choice, `good` with its
        # search for each of a year's 53 decisions, is tested without the screen in tests/coach; its
        # play-outs' player chooses here, a review of the same kind in a ninth of the time)
        from beegames.games.bee_lives.coach import BeeLivesCoach

        monkeypatch.setattr(BeeLivesCoach, "chooser", BeeLivesCoach.rollout_player)
    match = finished(game)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = quick(game_screen(app))
        assert isinstance(app.screen, GameOverScreen)
        if size == (80, 24):
            await pilot.press("i")  # the key the footer under the dialog names
        else:
            await pilot.click("#over-review")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ReviewScreen) and [r.seat for r in dialog.reviews] == [0]  # the one person
        review = dialog.reviews[0]
        assert review.complete and review.moves > 0 and len(review) <= 3
        shown = " ".join(screen_text(app).split())
        assert "Review: Ann" in shown and f"judged {review.judged} of" in shown
        labels = [c.text.plain for c in dialog.query_one("#review-moves").choices]
        assert labels == [item.text() for item in review]
        assert review or game != "bee-lives"  # (its list leads to the replay below)
        if not review:
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is screen
            return
        await pilot.press("1")
        await settle(pilot)
        replay = game_screen(app)
        assert replay is not screen and replay.replay is not None
        assert replay.replay.start + replay.replay.index == review[0].ply
        # the caption numbers the move as the review's line does: "Move 51" opens "before move 51"
        assert labels[0].startswith(f"Move {review[0].ply + 1}:")
        assert f"before move {review[0].ply + 1} of" in " ".join(screen_text(app).split())
        await pilot.press("i")  # the same game's review, not made again
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.reviews[0] is review
        await pilot.press("escape", "escape")  # the review, then the replay close: back to the finished game
        await settle(pilot)
        assert game_screen(app) is screen


async def open_review(app: Any, pilot: Any) -> ReviewScreen:
    """The review of the finished game the app opened on, asked by its key (with the quick effort)."""
    await settle(pilot)
    quick(game_screen(app))
    await pilot.press("i")
    await settle(pilot)
    assert isinstance(app.screen, ReviewScreen)
    return app.screen


MEANINGS = {"hive": "chance to win", "waggle-dance": "the honey the computer expects",
            "bee-lives": "the VP the computer expects", "honey-buzz": "the points the computer expects"}


@pytest.mark.parametrize("game", GAMES)
def test_every_coach_says_what_its_outlook_measures(game):
    """QA replay-review (2026-12-05): the review's moves say "Outlook 68% to win" or "Outlook 2.8
    honey" without saying whose estimate it is or how it is made; each game's coach says it in its
    own words (Coach.meaning), which the review shows above its moves (the test below)."""
    meaning = coach_for(get_engine(game)).meaning
    assert meaning.startswith("Outlook: ") and MEANINGS[game] in meaning, meaning


async def test_the_review_says_what_the_outlook_measures(tmp_path):
    """The review's summary says what the outlook measures, read whole at 80x24 (Waggle Dance: the
    summary is the same widget in every game)."""
    # (seed 4: a Waggle Dance game whose review lists a move, seed 3's lists none)
    app = make_app(saves_dir=tmp_path, match=finished("waggle-dance", seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_review(app, pilot)
        review = dialog.reviews[0]
        meaning = review.meaning
        assert meaning == coach_for(get_engine("waggle-dance")).meaning
        box = dialog.query_one("#review-summary").region
        rows = screen_text(app).splitlines()[box.y:box.bottom]
        shown = " ".join(" ".join(row[box.x:box.right] for row in rows).split())
        assert review and meaning in shown, shown  # said above the moves


@pytest.mark.parametrize(("game", "size"), [("hive", (80, 24)), ("honey-buzz", (160, 50))])
async def test_in_a_replay_the_review_jumps_to_the_position_before_each_move(tmp_path, game, size):
    match = finished(game, seed=5, person=False)
    path = saves.write_save(match, tmp_path / "done.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = quick(game_screen(app))
        assert screen.replay is not None and key_does(screen) == "review"
        await pilot.click("#replay-review")  # the replay bar's button (the key is i)
        await settle(pilot)
        dialog = app.screen
        # no person played: every seat is reviewed, as `beegames review` does, each named
        assert isinstance(dialog, ReviewScreen) and [r.seat for r in dialog.reviews] == list(
            range(len(match.header.seats)))
        shown = " ".join(screen_text(app).split())
        assert f"Review: {' and '.join(s.name for s in match.header.seats)}" in shown
        items = [item for _line, item in dialog.items()]
        assert items, "this game has moves to review"
        for number, item in enumerate(items[:9], 1):
            await pilot.press(str(number))
            await settle(pilot)
            assert app.screen is screen and screen.replay.start + screen.replay.index == item.ply
            await pilot.press("i")
            await settle(pilot)
            assert isinstance(app.screen, ReviewScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
    assert saves.read_document(path).moves == len(match.history)  # the file is untouched


async def test_a_replay_of_an_unfinished_game_has_no_review_yet(tmp_path):
    match = against_the_computer("hive")
    match.play(match.legal_moves()[0])
    path = saves.write_save(match, tmp_path / "open.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("i")
        await settle(pilot)
        assert app.screen is screen and screen.coaching is None
        assert "The review comes at the end of the game." in notes(app)


# -- 3. the new-game form -------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
async def test_hints_allowed_follows_the_seats_until_set_and_the_save_records_it(tmp_path, size):
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot)
        form.query_one("#game").value = "hive"
        await settle(pilot)
        box = form.query_one("#hints", Checkbox)
        assert box.value is False  # two people at the keyboard
        form.query_one("#kind-1").value = "computer"
        await settle(pilot)
        assert box.value is True  # one person against the computer
        form.query_one("#kind-1").value = "human"
        await settle(pilot)
        assert box.value is False
        box.scroll_visible(animate=False)
        await settle(pilot)
        await pilot.click("#hints")  # the player's own choice: it stays
        await settle(pilot)
        assert box.value is True
        form.query_one("#kind-0").value = "human"
        form.query_one("#kind-1").value = "human"
        await settle(pilot)
        assert box.value is True
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.match.header.hints is True
        path = screen.save_path
    assert saves.load_save(path, get_engine).header.hints is True


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_hint_leaves_the_choices_in_view(tmp_path, size):
    """Waggle Dance at 80x24 (QA wd.md #8): with the hint's lines at the foot, the list showed
    the hinted choice alone between "more above" and "more below". The hint's room then came
    from the log, which kept two rows, not a whole move (QA wd-newcomer, "Left"); at 80x24 it
    now comes from the players' panel (the honeycombs repeat each seat's honey and cards), and
    the log keeps five rows. At 160x50 the log keeps its height."""
    from beegames.ui.widgets.choices import ChoiceList
    from beegames.ui.widgets.panels import GameLog

    match = Match.new(get_engine("waggle-dance"), options={"threats": True}, seats=[SeatInfo(name="Blue")], seed=3)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        game = quick(game_screen(app))  # (a fixed effort: the hint's words never depend on the machine's speed)
        log = game.query_one(GameLog)
        log_rows = log.content_region.height
        await pilot.press("i")
        await settle(pilot)
        assert game.current_hint() is not None and game.query_one(CoachPanel).display
        rows = game.query_one("#wd-choices", ChoiceList).render().plain.split("\n")
        choices = [row for row in rows if row.strip() and not row.strip().startswith("…")]
        assert len(choices) >= 5, rows
        seats = game.query_one("#wd-seats")
        if size == (80, 24):
            assert log.content_region.height >= 5 and not seats.display
            assert footer_whole(app)
        if size == (160, 50):
            assert seats.display
            assert log.content_region.height >= log_rows - 2  # (only the room the hint's lines take)


async def test_a_review_line_says_each_figure_once(tmp_path):
    """QA replay-review (2026-12-05): a Waggle Dance solo review line wrote "(Bumblebot wins in 5 of 5
    play-outs)" after each of its three figures, brackets inside brackets, six rows of one move at 80x24;
    the figures now stand alone and the losses to Bumblebot follow once, after the move played and
    after the computer's."""
    app = make_app(saves_dir=tmp_path, match=finished("waggle-dance", seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_review(app, pilot)
        labels = [c.text.plain for c in dialog.query_one("#review-moves").choices]
        assert labels and labels == [item.text() for item in dialog.reviews[0]]
        figures = re.compile(r"Outlook [\d.]+ honey before, [\d.]+ honey after \(with the computer's move "
                             r"[\d.]+ honey\): [\d.]+ honey lost \([^()]*\)\.")
        for label in labels:
            assert figures.search(label), label
            assert label.count("Bumblebot wins in") <= 2 and "play-outs)" not in label.split("lost")[0], label
        assert "After the move played, Bumblebot wins in 3 of 4 play-outs; after the computer's, Bumblebot " \
               "wins in 2 of 4 play-outs." in labels[0]
