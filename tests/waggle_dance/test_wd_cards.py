"""Each Queen Bee card at its timing; reaction prompts only for holders."""

from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.models import DeclineMove, DoneMove, PlaceMove, PlayMove, Room, ShiftMove, Threat
from beegames.games.waggle_dance.queries import card_name
from beegames.games.waggle_dance.setup import start_round_tasks

from .wd_helpers import E, blank_day, consistent, drive, run_tasks


def give(s, seat, *cards):
    for c in cards:
        if c in s.queen_deck:
            s.queen_deck.remove(c)
        else:
            s.queen_box.remove(c)
        s.players[seat].hand.append(c)


def test_directions_any_value_on_that_flower():
    s = blank_day([[2, 5, 6], [1, 1]])
    give(s, 0, "directions")
    s.spaces["D2"] = [(0, 2)]
    s.players[0].pool = [5, 6]
    consistent(s)
    assert PlaceMove(die=5, target="D2") not in E.legal_moves(s)
    s = E.apply(s, PlayMove(card="directions", target="D2"))
    assert PlaceMove(die=5, target="D2") in E.legal_moves(s)
    s = E.apply(s, PlaceMove(die=5, target="D2"))
    assert s.spaces["D2"] == [(0, 2), (0, 5)] and "directions" in s.queen_discard


def test_double_park_shares_a_taken_space():
    s = blank_day([[3, 4], [1]])
    give(s, 0, "double_park")
    s.spaces["G3"] = [(1, 3)]
    s.players[1].pool = []
    consistent(s)
    assert PlaceMove(die=3, target="G3") not in E.legal_moves(s)
    s = E.apply(s, PlayMove(card="double_park"))
    s = E.apply(s, PlaceMove(die=3, target="G3"))
    assert s.spaces["G3"] == [(1, 3), (0, 3)]
    s = E.advance(s)
    # it lasts for one placement only
    s2 = clone(s)
    s2.spaces["G4"] = [(1, 4)]
    consistent(s2)
    assert PlaceMove(die=4, target="G4") not in E.legal_moves(s2)


def test_volunteer_adds_a_die_for_one_round():
    s = blank_day([[1], [2]])
    give(s, 1, "volunteer")
    s.pending = None
    s.queue = start_round_tasks(s)
    consistent(s)
    s = E.advance(s)
    d = E.decision(s)
    assert d.kind == "offer_volunteer" and d.seat == 1
    s = E.advance(E.apply(s, PlayMove(card="volunteer")))
    assert len(s.players[1].pool) == 2 and s.players[1].volunteer == 1
    s = drive(s, stop=lambda x: x.turn == 2)
    assert s.players[1].volunteer == 0 and s.players[1].dice == 1


def test_no_needless_prompt_without_the_card():
    s = blank_day([[1], [2]])
    s.pending = None
    s.queue = start_round_tasks(s)
    s = E.advance(s)
    assert E.decision(s).kind == "turn"


def test_overtime_changes_the_die_then_it_is_placed():
    s = blank_day([[1, 2], [3]])
    give(s, 0, "overtime")
    s = E.apply(s, PlayMove(card="overtime", die=1, value=6))
    assert s.pending.locked == 6 and sorted(s.players[0].pool) == [2, 6] and s.players[0].helpers == []
    s = E.apply(s, PlaceMove(die=6, target="G6"))
    assert s.spaces["G6"] == [(0, 6)]


def honey_room(s, nectar, dice):
    pl = s.players[0]
    pl.rooms = [Room(nectar=nectar, dice=dice), Room(), Room()]
    consistent(s)


def test_alchemy_mixed_colours():
    s = blank_day([[], []])
    honey_room(s, [0, 1, 1, 2], [4, 4])
    give(s, 0, "alchemy")
    s2 = run_tasks(s, ["move_nectar 4 0", "make_honey 4 0"], chooser=lambda st, ms: ms[0])
    assert s2.players[0].rooms[0].honey and "alchemy" in s2.queen_discard


def test_efficiency_three_nectar_and_leftover_is_restored():
    s = blank_day([[], []])
    honey_room(s, [5, 5, 5, 1], [2, 2])
    give(s, 0, "efficiency")
    s2 = run_tasks(s, ["move_nectar 2 0", "make_honey 2 0"], chooser=lambda st, ms: ms[0])
    p = s2.players[0]
    assert p.rooms[0].honey and sum(r.nectar.count(1) for r in p.rooms) == 1


def test_honey_card_prompt_declined_keeps_card():
    s = blank_day([[], []])
    honey_room(s, [5, 5, 5], [2, 2])
    give(s, 0, "efficiency")
    s2 = run_tasks(s, ["move_nectar 2 0", "make_honey 2 0"], chooser=lambda st, ms: DeclineMove())
    assert not s2.players[0].rooms[0].honey and "efficiency" in s2.players[0].hand


def test_expertise_for_honey_and_for_hatching():
    s = blank_day([[], []])
    pl = s.players[0]
    pl.rooms = [Room(nectar=[3, 3, 3, 3], dice=[1, 6]), Room(egg=True, dice=[2, 5]), Room()]
    give(s, 0, "expertise", "expertise")
    consistent(s)
    s2 = run_tasks(s, ["expertise_hatch 0 0", "expertise_honey 0 0", "return_room_dice"], chooser=lambda st, ms: ms[0])
    p = s2.players[0]
    assert p.rooms[0].honey and not p.rooms[1].egg and p.dice == 5


def test_bounty_one_more_nectar():
    s = blank_day([[], []], humans=1)
    s.spaces["D6"] = [(0, 6)]
    give(s, 0, "bounty")
    consistent(s)
    s2 = run_tasks(s, ["gather_nectar 6"], chooser=lambda st, ms: ms[0])
    assert s2.players[0].pending_nectar == [5, 5, 5]


def test_bounty_not_offered_to_a_player_who_gathered_nothing():
    s = blank_day([[], []])
    s.spaces["D6"] = [(0, 6), (0, 6), (1, 6), (1, 6)]
    s.spaces["D1"] = [(0, 1)]
    give(s, 1, "bounty")
    consistent(s)
    s.supply_nectar[5] = 0
    s2 = run_tasks(s, ["gather_nectar 6"], check=False)
    assert not any("Bounty" in line for line in s2.log)


def test_eager_bee_claims_before_hatching():
    # Eager Bee resolves the C die at the start of the night: the new egg sits where a pair waits
    s = blank_day([[], []])
    pl = s.players[0]
    pl.rooms = [Room(dice=[3, 3]), Room(nectar=[1]), Room(nectar=[1])]
    s.spaces["C4"] = [(0, 4)]
    give(s, 0, "eager_bee")
    consistent(s)
    s2 = run_tasks(s, ["offer_eager_bee 0"] + [f"hatch_eggs {v}" for v in range(1, 7)], chooser=lambda st, ms: ms[0])
    assert s2.players[0].dice == 4 and s2.spaces["C4"] == []


def test_shuffle_rearranges_rooms():
    s = blank_day([[], []])
    pl = s.players[0]
    pl.rooms = [Room(nectar=[2, 2, 2], dice=[5, 5]), Room(nectar=[2, 4]), Room()]
    give(s, 0, "shuffle")
    consistent(s)

    def choose(st, ms):
        if st.pending.kind == "offer_shuffle":
            return PlayMove(card="shuffle")
        want = ShiftMove(src=1, dst=0, colour=2)
        return want if want in ms else DoneMove()

    s2 = run_tasks(s, ["offer_shuffle 0 F", "move_nectar 5 0", "make_honey 5 0"], chooser=choose)
    assert s2.players[0].rooms[0].honey


def test_soldiers_die_matches_anything_and_guards_protect():
    s = blank_day([[2, 4], [2]], threats=True)
    s.threats = [Threat(name="Wasp")]
    s.threat_deck.remove("Wasp")
    give(s, 0, "soldiers", "guards")
    consistent(s)
    s = E.apply(s, PlayMove(card="guards"))
    assert s.players[0].guardian and s.guardians == 2
    s = E.apply(s, PlayMove(card="soldiers"))
    s = E.advance(E.apply(s, PlaceMove(die=4, target="T0")))
    assert s.threats[0].dice == [(0, 0)]
    s = E.advance(E.apply(s, PlaceMove(die=2, target="T0")))
    s = E.advance(E.apply(s, PlaceMove(die=2, target="D2")))
    s = drive(s, stop=lambda x: x.turn == 2)
    assert not s.threats and "Wasp" in s.threats_gone


def test_drawing_a_card_is_hidden_and_reveals():
    s = blank_day([[], []])
    s.spaces["G1"] = [(0, 1)]
    consistent(s)
    s2 = run_tasks(s, ["draw_queen 1"])
    assert len(s2.players[0].hand) == 1
    name = card_name(s2.players[0].hand[0])
    # everyone reads that a card was drawn; only the drawer reads which
    public = E.visible_log(s2, 1)
    assert name not in public[-1] and "draws a Queen Bee card" in public[-1]
    assert not any(name in line for line in public[len(E.visible_log(s, 1)):])
    assert name in E.visible_log(s2, 0)[-1]
    assert E.view(s2, 1).players[0].hand == ["?"] and E.view(s2, 0).players[0].hand == s2.players[0].hand
    assert E.reveals(s, s2)


def test_drawing_the_last_card_triggers_the_end():
    s = blank_day([[], []])
    s.spaces["G1"] = [(0, 1)]
    s.queen_box += s.queen_deck[1:]
    del s.queen_deck[1:]
    consistent(s)
    s2 = run_tasks(s, ["draw_queen 1", "end_round"])
    assert s2.end_triggered and s2.phase == "over"
