"""wd-lists: every Waggle Dance list that names nectar or rooms is worded by its decision in one
form, as the trade's is ("Give a white nectar from room 2 (1st of 2 for 1 nectar)"): a sentence
led by its verb, no nectar chip before it and no short "R1: Pk Pk" line beside it, in both
editions. The keys stay (rooms' numbers; colours' flower numbers where a list is grouped), and
the history's lines are unchanged."""

from __future__ import annotations

import pytest

from beegames.games.waggle_dance import view as wd
from beegames.games.waggle_dance.describe import describe_action
from beegames.games.waggle_dance.models import DiscardMove, DoneMove, NectarMove, Room, ShiftMove
from beegames.games.waggle_dance.night import Gain, LayEgg, StoreNectar
from beegames.games.waggle_dance.rearrange import open_moves, open_shuffle
from beegames.games.waggle_dance.threats import LoseNectar, LoseRoom

from .test_wd_choice_lists import flatten
from .wd_helpers import E, blank_day, consistent

EDITIONS = ["2022", "2014"]


def _night(ruleset: str, rooms: int, **set_rooms: Room):
    s = blank_day([[], []], rooms=rooms, humans=1, ruleset=ruleset)
    for name, room in set_rooms.items():
        s.players[0].rooms[int(name[1:])] = room
    return s


def _read(entries, heading: str = ""):
    """Each move's entry as it reads: under a colour's heading ("Store a pink nectar"), the
    heading and the entry's place ("in room 1 (Pk Pk)")."""
    for e in entries:
        if e.move is None:
            yield from _read(e.group, e.heading or e.label)
        else:
            yield (f"{heading} {e.label}" if heading else e.label), e


def _labels(s) -> list[str]:
    consistent(s)
    s.phase = "night"
    entries = wd.choice_entries(s, E.legal_moves(s))
    moves = list(flatten(entries))
    assert all(e.nectar is None for e in moves)  # (no chip before a sentence; headings keep theirs)
    heading = wd.list_heading(s, E.legal_moves(s))  # (a list of one colour moved one way: its heading)
    return [label for label, _e in _read(entries, heading[0] if heading else "")]


def _one_form(labels: list[str], verbs: tuple[str, ...]) -> None:
    assert labels and all(label.split()[0] in verbs and not label.endswith(".") for label in labels), labels


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_storing_nectar_reads_store_or_return(ruleset):
    s = _night(ruleset, 6, r1=Room(nectar=[1, 1], dice=[2]), r4=Room(egg=True))
    s.players[0].pending_nectar = [1]
    s.pending = StoreNectar(seat=0)
    labels = _labels(s)
    _one_form(labels, ("Store", "Return"))
    assert "Store a pink nectar in room 1 (Pk Pk · dice 2)" in labels
    assert "Store a pink nectar in room 0 (empty)" in labels
    # (under the list's heading "Store a pink nectar": "or return it to the supply")
    assert ("Store a pink nectar or return it to the supply" in labels) == (ruleset == "2014")
    entries = wd.choice_entries(s, E.legal_moves(s))
    assert [e.key for e in entries if isinstance(e.move, NectarMove)] == ["0", "1", "2", "3", "5"]
    # the history keeps its own line
    assert describe_action(s, NectarMove(colour=1, room=1)) == "stores a pink nectar in room 1."
    assert describe_action(s, DiscardMove(colour=1)) == "returns a pink nectar to the supply."


def test_two_colours_to_store_keep_their_flower_keys_and_room_keys():
    s = _night("2014", 4, r1=Room(nectar=[1, 1]))
    s.players[0].pending_nectar = [1, 3]
    s.pending = StoreNectar(seat=0)
    _one_form(_labels(s), ("Store", "Return"))
    entries = wd.choice_entries(s, E.legal_moves(s))
    # (qa-today: the heading says the verb and the colour once, its entries the place alone, so
    # that a colour's rooms take a line each at 80x24)
    assert [(e.key, e.label, e.heading) for e in entries] == [
        ("2", "pink, into a room…", "Store a pink nectar"), ("4", "white, into a room…", "Store a white nectar")]
    assert [e.key for e in entries[1].group] == ["0", "1", "2", "3", None]
    assert [e.label for e in entries[1].group] == [
        "in room 0 (empty)", "in room 1 (Pk Pk)", "in room 2 (empty)", "in room 3 (empty)",
        "or return it to the supply"]


def test_storing_offers_cards_in_the_same_form():
    s = _night("2014", 3)
    s.players[0].pending_nectar = [1]
    s.players[0].hand = ["bounty"]
    s.pending = StoreNectar(seat=0)
    assert "Play Bounty on flower 2 (1 more pink nectar)" in _labels(s)
    s = _night("2022", 3)
    s.players[0].rooms[0] = Room(nectar=[3])
    s.players[0].pending_nectar = [1]
    s.players[0].hand = ["shuffle"]
    s.pending = StoreNectar(seat=0)
    assert "Play Shuffle (rearrange your rooms first)" in _labels(s)


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_the_nectar_received_reads_receive(ruleset):
    s = _night(ruleset, 2, r1=Room(nectar=[1, 1]))
    s.pending = Gain(seat=0, space="E3")
    labels = _labels(s)
    _one_form(labels, ("Receive",))
    assert labels[6:8] == ["Receive a white nectar in room 0 (empty)", "Receive a white nectar in room 1 (Pk Pk)"]
    entries = wd.choice_entries(s, E.legal_moves(s))
    assert [e.key for e in entries] == ["1", "2", "3", "4", "5", "6"]
    assert [e.key for e in entries[3].group] == ["0", "1"]


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_the_egg_reads_put_or_leave(ruleset):
    s = _night(ruleset, 3)
    s.pending = LayEgg(seat=0, optional=ruleset == "2014")
    labels = _labels(s)
    assert labels[:3] == [f"Put the egg in room {r}" for r in range(3)]
    assert labels[3:] == (["Leave the egg in the supply"] if ruleset == "2014" else [])


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_moving_nectar_reads_move_swap_or_finish(ruleset):
    """F's list mixed "Pk Moves a pink nectar…", "Wh R0 → R2", "Swaps…" and "Is done."."""
    s = _night(ruleset, 3, r0=Room(nectar=[1, 1, 3], dice=[4]), r2=Room(nectar=[3], dice=[4]))
    consistent(s)
    s.pending = open_moves(s, 0, 4, [0, 2])
    labels = _labels(s)
    _one_form(labels, ("Move", "Swap", "Finish"))
    assert labels == ["Move a pink nectar from room 0 to room 2", "Move a white nectar from room 0 to room 2",
                      "Swap a pink nectar in room 0 for a white nectar in room 2",
                      "Move a white nectar from room 2 to room 0", "Finish moving nectar"]
    s.pending = open_shuffle(s, 0, [0, 1, 2], ruleset == "2022")
    labels = _labels(s)
    _one_form(labels, ("Move", "Swap", "Finish"))
    assert labels[-1] == "Finish the Shuffle"
    entries = wd.choice_entries(s, E.legal_moves(s))
    assert [e.key for e in entries if e.move is None] == ["2", "4"]  # (pink and white, room to room)
    assert describe_action(s, ShiftMove(src=0, dst=1, colour=1)) == "moves a pink nectar from room 0 to room 1."
    assert describe_action(s, DoneMove()) == "is done."


def test_the_shuffle_moves_an_egg_in_words():
    s = _night("2022", 3, r0=Room(egg=True), r2=Room(nectar=[3]))
    consistent(s)
    s.pending = open_shuffle(s, 0, [0, 1, 2], True)
    labels = _labels(s)
    assert "Move the egg from room 0 to room 1" in labels
    assert "Swap the contents of rooms 0 and 2" in labels


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_a_threat_reads_lose(ruleset):
    s = _night(ruleset, 3, r0=Room(nectar=[1, 1, 3]), r2=Room(nectar=[3], dice=[5]))
    s.pending = LoseNectar(seat=0, threat="Mites")
    assert _labels(s) == ["Lose a pink nectar from room 0", "Lose a white nectar from room 0",
                          "Lose a white nectar from room 2"]
    s.pending = LoseRoom(seat=0, threat="Beetle")
    assert _labels(s) == ["Lose room 0 (Pk Pk Wh)", "Lose room 1 (empty)", "Lose room 2 (Wh · dice 5)"]
    assert [e.key for e in wd.choice_entries(s, E.legal_moves(s))] == ["0", "1", "2"]


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_the_card_offers_about_rooms_read_as_the_nectar_lists(ruleset):
    """Honey with cards, Expertise's hatch and Shuffle named rooms and nectar as "Makes honey
    in room 3 from … with Alchemy.", "Plays Expertise on room 2.", "Plays Shuffle on room 0 and
    room 1." beside "Passes: plays no card now."."""
    from beegames.games.waggle_dance.cards import HatchOffer, HoneyOffer, ShuffleOffer

    nectar = [1, 1, 1, 3] if ruleset == "2022" else [1, 1, 3, 3]
    s = _night(ruleset, 4, r2=Room(egg=True, dice=[2, 5]), r3=Room(nectar=nectar, dice=[4, 4]))
    s.players[0].hand = ["alchemy", "expertise", "shuffle"]
    s.pending = HoneyOffer(seat=0, room=3, value=4)
    use = "3 pink, 1 white" if ruleset == "2022" else "2 pink, 2 white"
    assert _labels(s) == [f"Make honey in room 3 from {use} nectar (play Alchemy)",
                          "Play no card (no honey in room 3 now)"]
    s.pending = HatchOffer(seat=0, room=2)
    assert _labels(s) == ["Play Expertise: hatch the egg in room 2", "Play no card (the egg stays)"]
    s.pending = ShuffleOffer(seat=0, before="F")
    labels = _labels(s)
    assert labels[-1] == "Play no card (your rooms stay as they are)"
    if ruleset == "2014":
        assert labels[:-1] == [f"Play Shuffle on rooms {r} and 3" for r in range(3)]
    else:
        assert labels[:-1] == ["Play Shuffle (rearrange your rooms)"]


def test_a_threat_reward_reads_take():
    from beegames.games.waggle_dance.threats import ThreatReward

    s = _night("2022", 3)
    s.pending = ThreatReward(seat=0, threat="Dragonfly")
    assert _labels(s) == ["Take a room tile", "Take an egg (for an empty room)", "Take a Queen Bee card",
                          "Take no reward"]
