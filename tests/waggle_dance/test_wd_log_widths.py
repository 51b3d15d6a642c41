"""The side log beside the board is 32 columns wide at 80x24 and shows six rows: each log line's
headline (what it shows) fits in three of them; the why and the from-what of a long line are its
detail, which only the whole log (Ctrl+L) shows."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.core.state import headline
from beegames.games import get_engine

#: The side log's width at 80x24 (the log box is 34 columns wide with its border).
WIDTH = 32
#: The most rows a headline may take there (the box shows six).
ROWS = 3

E = get_engine("waggle-dance")
CONSOLE = Console(width=200)


def _whole_game(players: int, seed: int, **options) -> list[str]:
    seats = [SeatInfo(name=n) for n in ("Blue", "Black", "Orange", "Yellow")[:players]]
    match = Match.new(E, options=options, seats=seats, seed=seed)
    for i in range(players):
        match.set_player(i, E.make_player("random", i))
    while not match.over:
        if match.decision is None:
            assert match.step()
        else:
            match.play(match.computer_move(), advance=False)
    return [str(line) for line in match.state.log]


def _rows(line: str) -> int:
    return len(Text(line).wrap(CONSOLE, WIDTH))


@pytest.mark.parametrize("players,seed,options", [
    (1, 3, {"threats": True}), (1, 8, {"threats": True, "difficulty": "harder"}),
    (4, 2, {"threats": True}), (3, 5, {"solo_card_blockers": True}), (2, 4, {}),
    (2, 4, {"ruleset": "2014"}), (4, 2, {"ruleset": "2014", "length": "long"}),
])
def test_every_headline_of_a_whole_game_fits_in_three_rows_of_the_side_log(players, seed, options):
    log = _whole_game(players, seed, **options)
    too_long = [line for line in log if _rows(headline(line)) > ROWS]
    assert not too_long, too_long
    assert any("\n" in line for line in log)  # some lines keep a detail for the whole log


def test_bumblebots_line_says_where_and_keeps_why_for_the_whole_log():
    log = _whole_game(1, 3, threats=True)
    turns = [line for line in log if line.startswith("Bumblebot's solo card")]
    assert turns and all(_rows(headline(line)) <= ROWS for line in turns)
    why = [line.split("\n", 1)[1] for line in turns if "\n" in line]
    assert why and all(w.startswith("  ") for w in why)
    assert any("No pair:" in w or "goes on a threat instead" in w for w in why)
