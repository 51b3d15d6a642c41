"""What a replay offers (QA shell.md #4, wd.md #10): in every game, the footer
and the keys screen of a replay name only what works there, the replay's keys
first (←/→, [ ], Home/End, v where there is another seat to show, i once the
game is over, Esc closes); no play key, no "Menu"; a replay of a game not over
yet offers no review; a finished Waggle Dance shown whole says nothing of
hand-offs; a replay's hand-off calls Esc what it does ("Public view"), a game's
"Menu"; and the undo key on a game's hand-off with nothing to take back says
why.
"""

import pytest

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import make_app
from beegames.ui.screens.modals import HandoffScreen, HelpScreen
from beegames.ui.screens.replay import ReplayBar

from .helpers import game_screen, screen_text, settle
from .test_coach_ui import finished
from .test_replays import GAMES, played

#: actions a replay must never offer: of play, of the file, of the pause menu
NOT_IN_A_REPLAY = {"undo", "save_as", "hint", "hint_off", "play_hint", "run_steps", "toggle_steps", "next_step",
                   "pause", "back", "helper", "pass_turn", "type_move", "cycle", "rotate", "swap_end", "place_tab",
                   "act", "next_group"}


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


def offered(screen) -> set[str]:
    """The actions whose keys work on the screen now (shown in the footer or not)."""
    return {a.binding.action.split("(")[0] for a in screen.active_bindings.values() if a.enabled}


def replay_app(tmp_path, match: Match):
    """An app opened on a replay of ``match``, saved in ``tmp_path``, and the save's path."""
    path = saves.write_save(match, tmp_path / "game.json")
    return make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True), path


async def open_keys(app, pilot) -> list[tuple[str, str]]:
    await pilot.press("question_mark")
    await settle(pilot)
    assert isinstance(app.screen, HelpScreen)
    rows = app.screen.rows()
    await pilot.press("escape")
    await settle(pilot)
    return rows


@pytest.mark.parametrize("game", GAMES)
async def test_a_finished_game_s_replay_offers_only_the_replay_s_keys(tmp_path, game):
    match = finished(game, person=False)
    app, path = replay_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        for _ in range(3):
            await pilot.press("right")
        await settle(pilot)
        row = footer(app)
        assert row.lstrip().startswith("← Back  → Forward"), row
        assert "esc Close" in row and "i Review" in row and "Menu" not in row, row
        assert not offered(screen) & NOT_IN_A_REPLAY, offered(screen) & NOT_IN_A_REPLAY
        assert screen.query_one("#replay-review").display
        rows = await open_keys(app, pilot)
        whats = [what for _key, what in rows]
        assert whats[:3] == ["One move back", "One move forward", "The first / the last position"], rows
        assert rows[0][0] == "← or [" and rows[1][0] == "→ or ]" and rows[2][0] == "Home / End"
        assert any(key == "i" and what.startswith("Review of ") for key, what in rows)
        assert ("Esc", "Close the replay") in rows
        assert not any("(not now)" in what or "Undo" in what or "Hint" in what for what in whats), rows
        # Esc closes it (Honey Buzz and the rest alike)
        await pilot.press("escape")
        await settle(pilot)
        assert game_screen(app) is None


async def test_a_replay_of_a_game_not_over_offers_no_review(tmp_path):
    match = played("hive", 4, [SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="random")])
    path = saves.write_save(match, tmp_path / "open.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        row = footer(app)
        assert "Review" not in row and "esc Close" in row, row
        assert not screen.query_one("#replay-review").display
        assert "the review" not in " ".join(screen_text(app).split())  # the side panel does not offer it
        assert not any(what.startswith("Review") for _key, what in await open_keys(app, pilot))
        await pilot.press("i")  # pressed anyway: it says why
        await settle(pilot)
        assert "The review comes at the end of the game." in [n.message for n in app._notifications]


async def test_a_finished_waggle_dance_shown_whole_says_nothing_of_hand_offs(tmp_path):
    engine = get_engine("waggle-dance")
    match = Match.new(engine, seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=3)
    player = engine.make_player("good", 3)
    while not match.over:
        match.play(player.choose(engine, engine.view(match.state, match.decision.seat)))
    path = saves.write_save(match, tmp_path / "done.json")
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        for step in range(6):
            text = " ".join(screen_text(app).split())
            assert "hand-off" not in text and "(you)" not in text, step
            await pilot.press("right")
            await settle(pilot)
        # the cards under the table are the deciding player's, shown by k (no word about a hand-off)
        deciding = screen.match.decision.seat
        await pilot.press("k")
        await settle(pilot)
        name = match.header.seats[deciding].name
        assert f"{name}'s Queen Bee cards" in " ".join(screen_text(app).split())
        assert not any("hand-off" in n.message for n in app._notifications)
        assert "h" not in screen.active_bindings or not screen.active_bindings["h"].enabled
        await pilot.press("h")  # the helper die is a key of play: nothing, not even a word
        await settle(pilot)
        assert not app._notifications or all("elper" not in n.message for n in app._notifications)


async def test_a_replay_s_hand_off_calls_esc_public_view_and_a_game_s_calls_it_menu(tmp_path):
    from .test_replays import private_game

    match = private_game("waggle-dance", (("ruleset", "2022"),))
    app, path = replay_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        text = screen_text(app)
        assert "Esc: show only what is public" in text and "esc Public view" in footer(app)
        await pilot.press("ctrl+z")  # a replay takes nothing back, and says nothing of it
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen) and not app._notifications
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game_screen(app) and game_screen(app).replay.seat is None
        assert app.screen.query_one(ReplayBar) is not None
    app = make_app(saves_dir=tmp_path, match=saves.load_save(path, get_engine), save_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)  # a resumed game between people
        assert "esc Menu" in footer(app) and "the menu" in screen_text(app)


async def test_the_undo_key_on_a_hand_off_with_nothing_to_take_back_says_why(pig, saves_dir):
    from .test_hot_seat import secret_match

    match = secret_match(pig)
    match.play("roll")
    app = make_app(saves_dir=saves_dir, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen) and not handoff.can_undo  # resumed: nobody has moved here
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.screen is handoff
        assert [n.message for n in app._notifications] == ["Nothing to take back yet."]
        await pilot.press("enter")
        await settle(pilot)
        # the player rolls until the turn passes: the dice cannot be taken back, and the hand-off says so
        game = game_screen(app)
        while not isinstance(app.screen, HandoffScreen):
            assert game.submit("roll")
            await settle(pilot)
        assert not app.screen.can_undo
        app.clear_notifications()
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        told = [n.message for n in app._notifications]
        assert len(told) == 1 and "cannot be taken back" in told[0], told


@pytest.mark.parametrize(("game", "key"), [("bee-lives", "m"), ("honey-buzz", "h")])
async def test_a_hex_board_in_a_replay_offers_no_enter(tmp_path, game, key):
    """QA replay-review (2026-12-05): the Bee Lives map focused by m, and the Honey Buzz hive shown by
    h, offered "⏎ Choose" in a replay's footer (Enter there would play); they offer it no more, and
    the replay's keys still step."""
    match = finished(game, person=False)
    app, path = replay_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("right", key)
        await settle(pilot)
        row = footer(app)
        assert "Choose" not in row and "esc Close" in row, row
        assert "choose" not in offered(screen), offered(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert not [n for n in app._notifications if "nothing can be played" in n.message]
        await pilot.press("right")
        await settle(pilot)
        assert screen.replay is not None and screen.replay.index == 2


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.mark.parametrize(("game", "over", "why"), [
    ("hive", True, "Hive has nothing private to one player: this replay shows everything."),
    ("waggle-dance", True, "The game is over: this replay shows everything, what each player kept hidden included."),
    ("bee-lives", True, "Bee Lives has nothing private to one player: this replay shows everything."),
    ("honey-buzz", True, "The game is over: this replay shows everything, what each player kept hidden included."),
    ("waggle-dance", False, "This replay shows the game as Ana saw it: what the computer's seats kept hidden "
                            "stays hidden.")])
async def test_keys_a_replay_does_not_offer_say_why_when_pressed(tmp_path, game, over, why):
    """QA replay-review (2026-12-05): in a replay with one view to show, v did nothing and said nothing, and
    so did the undo and save-as keys; each now says why, the footer and the keys screen still do not offer
    them, and the replay stays where it was."""
    match = (finished(game, person=False) if over else
             played(game, 8, [SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="random")]))
    app, path = replay_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("right")
        await settle(pilot)
        assert "View" not in footer(app) and "Undo" not in footer(app), footer(app)
        rows = await open_keys(app, pilot)
        assert all(what for _key, what in rows) and not any(key == "v" for key, _what in rows), rows
        await pilot.press("v")
        await settle(pilot)
        assert why in notices(app), notices(app)
        await pilot.press("u")
        await settle(pilot)
        assert "A replay takes nothing back: nothing is played in it. ← or [ goes one move back." in notices(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert any(n.startswith("A replay changes nothing, so there is nothing to save") for n in notices(app))
        assert app.screen is screen and screen.replay is not None and screen.replay.index == 1
    assert saves.read_document(path).moves == len(match.history)
