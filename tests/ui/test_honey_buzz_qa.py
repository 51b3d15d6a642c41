"""A newcomer's play-test of Honey Buzz at 80×24 (solitaire against the drones, two
players of the advanced variant at one keyboard): what it found, each point tested
at 80×24 through Pilot.
"""

from __future__ import annotations

from beegames.core.match import Match
from beegames.games.honey_buzz import view as hbv
from beegames.games.honey_buzz.models import RecallMove
from beegames.ui.app import make_app

from .helpers import region_text, screen_text, settle
from .test_honey_buzz_screen import new_match, played_until, ready


def _turn(match: Match) -> bool:
    d = match.decision
    return d is not None and d.kind == "turn" and match.state.turn >= 2


def _notes(app) -> list[str]:
    return [n.message for n in app._notifications]


def _words(app, screen, selector: str) -> str:
    """The words shown in the widget ``selector`` of the screen, as one line."""
    return " ".join(" ".join(region_text(app, screen.query_one(selector).content_region)).split())


async def _pane_words(pilot, key: str, selector: str) -> str:
    """Show a pane (``key``: h, b, w or m) and return the words of its widget ``selector``."""
    screen = await ready(pilot)
    await pilot.press(key)
    await settle(pilot)
    return _words(pilot.app, screen, selector)


def _recall(match: Match) -> RecallMove:
    """A recall that leaves the forage token where it is: it ends the turn, and the drones play."""
    return next(m for m in match.legal_moves() if isinstance(m, RecallMove) and m.scout is None)


async def test_undo_while_the_drones_turn_waits_takes_the_move_back(tmp_path):
    """Solitaire: the move that ends your turn can be taken back while the drones' turn is paused,
    before their card is turned (the undo key ran their turn instead, turning the card, and was
    dropped); once the card is turned, undo says why not and runs nothing."""
    match = played_until(new_match(1, seed=6, config="star"), _turn)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        before = len(screen.match.history)
        await pilot.press("p")  # the drones' steps wait for a key
        await settle(pilot, run_steps=False)
        assert screen.submit(_recall(screen.match))
        await settle(pilot, run_steps=False)
        assert screen.stepping and screen.steps_paused and screen.match.decision is None
        status = _words(app, screen, "#hb-status")
        assert "^z: take your move back (the card is not turned yet)" in status, status
        card = screen.match.state.drone_card
        await pilot.press("ctrl+z")
        await settle(pilot, run_steps=False)
        assert not screen.stepping and len(screen.match.history) == before
        assert screen.match.decision.kind == "turn" and screen.match.state.drone_card == card
        assert any(n.startswith("Took back") for n in _notes(pilot.app))
        # the list has the keyboard again: a digit chooses
        assert screen.focused is screen.choice_list and not screen.choice_list.passive

        # again, and this time one step turns the drones' card: undo now says why and runs nothing
        assert screen.submit(_recall(screen.match))
        await settle(pilot, run_steps=False)
        await pilot.press("n")
        await settle(pilot, run_steps=False)
        turned = screen.match.state
        assert turned.drone_card != card
        await pilot.press("ctrl+z")
        await settle(pilot, run_steps=False)
        assert screen.match.state is turned and len(screen.match.history) == before + 1
        assert any("cannot be taken back" in n for n in _notes(pilot.app))


async def test_esc_on_the_hive_goes_back_to_the_list_with_its_group_still_open(tmp_path):
    """Esc with the keyboard on the hive (h) while a group of the list is open brings the keyboard
    back to that group (it closed the group and left the keyboard on the hive: the next digit
    then chose an entry of the level above)."""
    match = played_until(new_match(1, seed=6, config="star"), _turn)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        cl = screen.choice_list
        at = next(i for i, e in enumerate(screen.entries()) if e.group)
        cl.highlight(at)
        await pilot.press("enter")
        await settle(pilot)
        assert cl.in_group
        await pilot.press("h")
        await settle(pilot)
        assert screen.focused is screen.hexmap
        await pilot.press("escape")
        await settle(pilot)
        assert screen.focused is cl and cl.in_group
        await pilot.press("escape")  # and from the list, Esc closes the group
        await settle(pilot)
        assert screen.focused is cl and not cl.in_group


def _placing_a_cell(match: Match) -> bool:
    d = match.decision
    return (d is not None and d.kind == "place" and match.state.turn >= 2
            and any(not e.idle for e in hbv.choices(match.state, match.legal_moves())))


async def test_the_footer_offers_turning_the_tile_only_while_placing_it(tmp_path):
    """r (turn) and x (swap ends) are in the footer while a tile is placed, and leave it with the
    next decision (they stayed, and did nothing, until something else redrew the footer)."""
    match = played_until(new_match(1, seed=6, config="star"), _placing_a_cell)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert "Swap ends" in screen_text(app).splitlines()[-1]
        await pilot.press("1")  # a place that closes a cell: its actions follow
        await settle(pilot)
        assert screen.match.decision is not None and screen.match.decision.kind != "place"
        footer = screen_text(app).splitlines()[-1]
        assert "Swap ends" not in footer and "r Turn" not in footer, footer


async def test_the_last_action_of_a_solo_turn_says_the_drones_play_next(tmp_path):
    """Over the list, the question of the action that ends your turn says so: the drones' card turns
    next, and no undo goes past it."""
    def last(match: Match) -> bool:
        return match.decision is not None and hbv.turn_note(match.state).startswith("Your last action")

    match = played_until(new_match(1, seed=6, config="star"), last)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        words = _words(app, screen, "#hb-status")
        assert "Your last action this turn" in words and "then the drones play." in words, words


async def test_the_field_legend_says_what_a_dot_is(tmp_path):
    """The field's legend names the dot of a space with no tile (it stood unexplained beside the
    dots that separate the legend's parts)."""
    app = make_app(saves_dir=tmp_path, match=played_until(new_match(1, seed=6, config="star"), _turn))
    async with app.run_test(size=(80, 24)) as pilot:
        field = await _pane_words(pilot, "w", "#hb-field")
        assert "(· no tile)" in field, field


async def test_advanced_hive_legend_names_a_nectar_tiles_back(tmp_path):
    """Advanced variant: the back a player sees under their own nectar tiles ('(W)' wide, 'w' at
    80×24) is named in the hive's legend (it was not)."""
    def backs(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "turn" and any(
            c.nectar is not None and not c.honey for c in match.state.players[d.seat].cells)

    match = played_until(new_match(2, seed=5, advanced=True, config="star"), backs)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        foot = await _pane_words(pilot, "h", "#hb-hive-foot")
        assert "(W) or w under a nectar tile: its back" in foot, foot


async def test_the_recalls_scouting_spaces_are_shown_on_the_field(tmp_path):
    """At 80×24, opening the recall's group of scouting spaces shows the field they are on (the
    hive board stayed, the spaces out of sight)."""
    match = played_until(new_match(1, seed=6, config="star"), _turn)
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert screen.pane == "board"
        at = next(i for i, e in enumerate(screen.entries()) if e.group and isinstance(e.moves()[0], RecallMove))
        screen.choice_list.highlight(at)
        await settle(pilot)
        assert screen.pane == "board"  # (passing over the entry leaves the pane)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.choice_list.in_group and screen.pane == "field"


async def test_a_rich_seats_goods_keep_their_indent_in_the_players_panel(tmp_path):
    """At 80×24 a seat with three-digit coins and ten bees has its bees on a line of their own,
    indented under its name (the line wrapped, 'free' alone at the panel's left edge)."""
    match = played_until(new_match(2, seed=5, config="star"), _turn)
    for p in match.state.players:
        p.coins, p.available, p.supply = 159, 7, p.supply - 6
    app = make_app(saves_dir=tmp_path, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        lines = [ln.rstrip() for ln in region_text(app, screen.query_one("PlayerPanel").content_region)]
        assert any(ln.strip().startswith("159c") for ln in lines), lines
        for ln in lines:
            if ln.strip():
                assert ln.startswith(("  ", " ▶", "▶")) or ln.strip() in ("Ann", "Bob"), lines
        assert any(ln.strip().startswith("bees 7/") and ln.startswith("    ") for ln in lines), lines


async def test_the_place_by_hand_notice_goes_once_the_tile_is_placed(tmp_path):
    """The notice on how to move a tile by hand is taken down when the tile is placed (it stood
    over the list, the log and even the game-over dialog for its six seconds)."""
    from beegames.games.honey_buzz.models import PlaceMove

    def by_hand(match: Match) -> bool:
        d = match.decision
        return d is not None and d.kind == "place" and any(
            e.map for e in hbv.choices(match.state, match.legal_moves()))

    app = make_app(saves_dir=tmp_path, match=played_until(new_match(1, seed=6, config="star"), by_hand))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.choice_list.highlight(next(i for i, e in enumerate(screen.entries()) if e.map))
        await pilot.press("enter")
        await settle(pilot)
        assert any(n.startswith("Move the tile with the arrows") for n in _notes(app))
        assert screen.submit(next(m for m in screen.match.legal_moves() if isinstance(m, PlaceMove)))
        await settle(pilot)
        assert not any(n.startswith("Move the tile with the arrows") for n in _notes(app))
