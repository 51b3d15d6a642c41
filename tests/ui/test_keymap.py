"""The player's keymap (issue 18, point 16): ``keymap.toml`` in the settings
folder gives binding ids other keys, through Textual's keymap support. A
remapped key works (on the menu, in a game, in a replay of every game) and
the old key no longer does; a bad file is reported in one line and never
stops the app."""

import pytest

from beegames import cli
from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine
from beegames.ui.app import binding_ids, make_app
from beegames.ui.keymap import read_keymap, valid_key
from beegames.ui.screens.load import LoadScreen
from beegames.ui.screens.menu import MainMenuScreen

from .helpers import game_screen, settle
from .test_replays import GAMES, played

SIZES = [(80, 24)]  # (keys and layers, not layout: 80x24, where a button is hardest to reach)


def messages(app) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.mark.parametrize("size", SIZES)
async def test_remapped_keys_work_on_the_menu_in_a_game_and_in_every_replay(tmp_path, size):
    (tmp_path / "keymap.toml").write_text('[menu]\nload = "o"\n\n[game]\nundo = "ctrl+u"\n\n'
                                          '[replay]\nforward = "full_stop"\n"back" = ["comma"]\n')
    for game_id in GAMES:
        match = played(game_id, 6, [SeatInfo(name="Ana"), SeatInfo(name="Bot", kind="computer", level="random")])
        saves.write_save(match, tmp_path / f"{game_id}.json")
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert not messages(app)  # a good file says nothing
        await pilot.press("l")  # the old key no longer opens the Load screen
        await settle(pilot)
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        load = app.screen
        for row in range(len(GAMES)):
            load.query_one("#saves").move_cursor(row=row)
            await settle(pilot)
            await pilot.press("r")
            await settle(pilot)
            replay = game_screen(app).replay
            assert replay is not None and replay.index == 0
            await pilot.press("full_stop", "full_stop")
            await settle(pilot)
            await pilot.press("comma")
            await settle(pilot)
            assert replay.index == 1, load.summaries[row].game
            await pilot.press("right")  # replaced by the keymap
            await settle(pilot)
            assert replay.index == 1
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is load
        # in a game: ctrl+u takes a move back, ctrl+z no longer does
        await pilot.press("escape")
        await settle(pilot)
        app.open_match(Match.new(get_engine("hive"), seats=[SeatInfo(name="Ana"), SeatInfo(name="Ben")], seed=1))
        await settle(pilot)
        game = game_screen(app)
        game.submit(game.match.legal_moves()[0])
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert len(game.match.history) == 1
        await pilot.press("ctrl+u", "y")  # (Ana's move, taken back from Ben's turn: asked first)
        await settle(pilot)
        assert len(game.match.history) == 0


BAD_FILES = {
    "not TOML": ("[game\nundo = ctrl+u", "not valid TOML"),
    "not text": (b"\xff\xfe\x00junk", "not text"),
    "a number": ("[game]\nundo = 5\n", "game.undo needs keys in quotes"),
    "no key": ('[game]\nundo = ""\n', "is not a key name"),
    "odd key": ('[game]\nundo = "ctrl+"\n', "is not a key name"),
    "an escape": ('[game]\nundo = "\\u001b[2J"\n', "is not a key name"),
    "unknown id": ('[gmae]\nundo = "u"\n', "no key binding has the id gmae.undo"),
}


@pytest.mark.parametrize("size", SIZES)
async def test_a_bad_keymap_is_reported_in_one_line_and_the_app_goes_on(tmp_path, size):
    # every kind of bad file at 80x24; at 160x50 (where the message has room) two of them
    cases = BAD_FILES if size == (80, 24) else {k: BAD_FILES[k] for k in ("not TOML", "unknown id")}
    for case, (content, said) in cases.items():
        folder = tmp_path / case.replace(" ", "-") / str(size[0])
        folder.mkdir(parents=True)
        path = folder / "keymap.toml"
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        app = make_app(saves_dir=folder)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, MainMenuScreen)
            told = messages(app)
            assert len(told) == 1 and said in told[0] and "\n" not in told[0], (case, told)
            assert "\x1b" not in told[0]
            await pilot.press("l")  # the default keys still work
            await settle(pilot)
            assert isinstance(app.screen, LoadScreen), case


def test_the_keymap_is_read_entry_by_entry(tmp_path):
    assert read_keymap(tmp_path) == ({}, [])  # no file: nothing to say
    (tmp_path / "keymap.toml").write_text('"game.undo" = "ctrl+u, u"\n[replay]\nseat = 7\nback = "comma"\n')
    keymap, problems = read_keymap(tmp_path)
    assert keymap == {"game.undo": "ctrl+u,u", "replay.back": "comma"}
    assert problems == ['keymap.toml: replay.seat needs keys in quotes, such as "ctrl+u"']
    (tmp_path / "keymap.toml").unlink()
    (tmp_path / "keymap.toml").mkdir()  # a folder where the file should be
    keymap, problems = read_keymap(tmp_path)
    assert keymap == {} and len(problems) == 1 and "folder" in problems[0]
    assert all(valid_key(k) for k in ("u", "?", "ctrl+u", "shift+left", "f5", "comma", "left_square_bracket"))
    assert not any(valid_key(k) for k in ("", "ctrl+", "hyperdrive+x", "two words", "\x1b", "nokey"))


def test_beegames_keymap_lists_every_binding_id(tmp_path, capsys):
    assert cli.main(["--saves-dir", str(tmp_path), "keymap"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "keymap.toml") in out
    ids = binding_ids()
    assert {"game.undo", "replay.back", "replay.seat", "menu.load", "wd.cards", "hive.pass", "bl.map",
            "hb.rotate"} <= set(ids)
    for binding_id, (keys, _what) in ids.items():
        assert f"{binding_id} " in out and keys in out
    # an id that does two things (the step keys drive a watched game too) says both
    assert ids["game.pause_steps"][1] == "Pause steps / Pause / Resume"
    assert ids["game.run_steps"][1] == "Run steps / To the end"


def test_a_moved_binding_leaves_the_bindings_that_shared_its_key():
    """Textual's own rule took every binding off the old key of a moved one
    (moving the hint left review with no key); ours moves only the one."""
    from textual.binding import Binding, BindingsMap

    from beegames.ui.keymap import apply_keymap

    hint = Binding("i", "hint", "Hint", id="game.hint")
    review = Binding("i", "review", "Review", id="game.review")
    others = [Binding("g", "goto", "Go", id="x.goto"), Binding("u", "undo", "Undo", id="game.undo")]
    shared = BindingsMap([hint, review, *others])
    result = apply_keymap(shared, {"game.hint": "h,g"})
    keys = {key: [b.action for b in found] for key, found in shared.key_to_bindings.items()}
    assert keys == {"i": ["review"], "h": ["hint"], "g": ["hint"], "u": ["undo"]}
    assert [b.action for b in result.clashed_bindings] == ["goto"]  # the keymap's key wins, and says so
    both = BindingsMap([hint, review])
    assert not apply_keymap(both, {"game.hint": "r", "game.review": "r"}).clashed_bindings  # moved together
    assert [b.action for b in both.key_to_bindings["r"]] == ["hint", "review"] and "i" not in both.key_to_bindings


MANY_PROBLEMS = ('[menu]\nnew = "ctrl+n"\n[game]\nundo = "ctrl+u"\n'
                 '[replay]\nback = "notakey!!"\nforward = 5\n[bogus]\nthing = "x"\n')


async def test_several_keymap_problems_are_one_notice_that_fits_80x24(tmp_path):
    (tmp_path / "keymap.toml").write_text(MANY_PROBLEMS)
    app = make_app(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        told = messages(app)
        assert len(told) == 1, told
        assert told[0].startswith("3 entries of the keymap file are not used. The first: keymap.toml: replay.back")
        assert "beegames keymap" in told[0]


def test_beegames_keymap_shows_the_keys_in_force_and_every_problem(tmp_path, capsys):
    (tmp_path / "keymap.toml").write_text(MANY_PROBLEMS)
    assert cli.main(["--saves-dir", str(tmp_path), "keymap"]) == 0
    out = capsys.readouterr().out
    assert "Not used, 3 problems:" in out
    assert "replay.back" in out.split("Not used")[1].splitlines()[1]
    assert "needs keys in quotes" in out and "no key binding has the id bogus.thing" in out
    rows = {line.split()[0]: line for line in out.splitlines() if line[:1].isalpha() and "." in line.split()[0]}
    assert rows["menu.new"].split()[1:3] == ["ctrl+n", "*"] and rows["game.undo"].split()[1:3] == ["ctrl+u", "*"]
    assert rows["replay.back"].split()[1] == "left" and out.rstrip().endswith("* set by the keymap file")
