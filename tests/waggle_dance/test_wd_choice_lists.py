"""Decision lists made quick by keys (QA #5): a long list of nectar choices is grouped by colour,
each room's entry keyed by the room's number (and each colour by its flower's number); every entry
is worded by its decision in one form (wd-lists: no nectar chip before a sentence, no short
"R1: Pk Pk" line among sentences)."""

from __future__ import annotations

import random

from beegames.games.waggle_dance import view as wd
from beegames.games.waggle_dance.models import DiscardMove, GainMove, NectarMove, Room
from beegames.games.waggle_dance.night import Gain, StoreNectar

from .wd_helpers import E, blank_day, consistent, new


def flatten(entries):
    for e in entries:
        if e.move is None:
            yield from flatten(e.group)
        else:
            yield e


def gain_state(rooms: int = 7):
    s = blank_day([[], []], rooms=rooms, humans=1)
    consistent(s)
    s.phase = "night"
    s.pending = Gain(seat=0, space="E3")
    return s


def test_a_long_list_of_colours_and_rooms_is_grouped_by_colour():
    s = gain_state()
    moves = E.legal_moves(s)
    assert len(moves) == 42
    entries = wd.choice_entries(s, moves)
    assert [e.key for e in entries] == ["1", "2", "3", "4", "5", "6"]
    assert [e.label for e in entries[:2]] == ["red, into a room…", "pink, into a room…"]
    assert [e.heading for e in entries[:2]] == ["Receive a red nectar", "Receive a pink nectar"]
    assert all(e.move is None and e.nectar is not None for e in entries)
    group = entries[5].group
    assert [e.key for e in group] == [str(r) for r in range(7)]
    assert group[0] == wd.ChoiceEntry("in room 0 (empty)", GainMove(colour=5, room=0), None, "0")
    # every heading and room fits one line of the list at 80 columns (28 cells, with key and tag)
    assert all(len(e.label) <= 28 - 5 for e in entries)


def test_one_colour_into_many_rooms_is_one_line_a_room_keyed_by_its_number():
    """(2014: stored nectar may always go back to the supply.)"""
    s = blank_day([[], []], rooms=7, humans=1, ruleset="2014")
    s.players[0].rooms[3] = Room(nectar=[1, 1], dice=[2, 2])
    s.players[0].pending_nectar = [1]
    consistent(s)
    s.phase = "night"
    s.pending = StoreNectar(seat=0)
    entries = wd.choice_entries(s, E.legal_moves(s))
    assert [e.key for e in entries] == [str(r) for r in range(7)] + [None]
    # (qa-today: the list's heading says the verb and the colour once, each entry the place alone)
    heading = wd.list_heading(s, E.legal_moves(s))
    assert heading is not None and heading[0] == "Store a pink nectar" and heading[1].name == "Pink"
    assert entries[3].label == "in room 3 (Pk Pk · dice 2 2)"
    assert entries[3].move == NectarMove(colour=1, room=3) and entries[3].nectar is None
    assert entries[-1].move == DiscardMove(colour=1) and entries[-1].label == "or return it to the supply"


def test_a_short_list_keeps_its_sentences():
    s = gain_state(rooms=1)
    s.supply_nectar = [1, 0, 0, 0, 0, 0]
    entries = wd.choice_entries(s, E.legal_moves(s))
    assert [e.label for e in entries] == ["Receive a red nectar in room 0 (empty)"]


def test_every_move_is_listed_once_and_keys_are_unique_in_each_list():
    """Over the decisions of whole games (both editions), the entries hold exactly the legal
    moves, and no key is given twice in one list."""
    seen = 0
    for ruleset, n in (("2022", 3), ("2014", 4), ("2022", 1)):
        rnd = random.Random(n)
        s = new(n, seed=n, ruleset=ruleset, humans=1)
        players = [E.make_player("good", i) for i in range(n)]
        while s.phase != "over":
            d = E.decision(s)
            if d is None:
                s = E.step(s)
                continue
            moves = E.legal_moves(s)
            if d.kind != "turn":
                entries = wd.choice_entries(s, moves)
                assert sorted(map(repr, (e.move for e in flatten(entries)))) == sorted(map(repr, moves))
                for level in [entries, *(e.group for e in entries if e.move is None)]:
                    keys = [e.key for e in level if e.key is not None]
                    assert len(keys) == len(set(keys))
                seen += len(entries) < len(moves)
            move = players[d.seat].choose(E, E.view(s, d.seat)) if rnd.random() < 0.8 else rnd.choice(moves)
            s = E.apply(s, move)
    assert seen


def test_a_short_list_of_rooms_keeps_the_rooms_numbers_as_keys():
    """wd-newcomer: storing two colours, the digits chose the colour and then the room; with one
    colour left, three rooms or fewer made a plain list and the same digits only said to use the
    list. Now each room keeps its number as its key (and the full words); two entries for the same
    room (two colours into it) have none, as a digit would not say which."""
    s = blank_day([[], []], rooms=3, humans=1)
    s.players[0].pending_nectar = [3]
    consistent(s)
    s.phase = "night"
    s.pending = StoreNectar(seat=0)
    entries = wd.choice_entries(s, E.legal_moves(s))
    assert [e.key for e in entries] == ["0", "1", "2"]
    assert entries[2].label == "Store a white nectar in room 2 (empty)"
    s.players[0].rooms = [Room(honey=True), Room(honey=True), Room()]
    s.players[0].pending_nectar = [3, 5]
    consistent(s)
    entries = wd.choice_entries(s, E.legal_moves(s))
    assert len(entries) >= 2 and all(e.key is None for e in entries if e.move is not None
                                     and getattr(e.move, "room", None) == 2)


def test_the_room_for_an_egg_is_keyed_by_its_number():
    """wd-newcomer: "Puts the egg in room 2." had no key, and 2 said to use the list."""
    from beegames.games.waggle_dance.models import EggMove

    s = blank_day([[], []], rooms=4, humans=1)
    moves = [EggMove(room=r) for r in range(4)]
    entries = wd.choice_entries(s, moves)
    assert [e.key for e in entries] == ["0", "1", "2", "3"]
