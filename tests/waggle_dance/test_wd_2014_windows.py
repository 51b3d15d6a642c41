"""Issue 19: a 2014 Queen Bee card is offered wherever it could change the outcome in its
phase, and never where the book forbids it (docs/waggle-dance-2014-reactions.md)."""

from __future__ import annotations

from beegames.games.waggle_dance.cards import ShuffleOffer
from beegames.games.waggle_dance.models import (
    CallMove,
    DeclineMove,
    DoneMove,
    EggMove,
    HoneyMove,
    PlaceMove,
    PlayMove,
    RewardMove,
    Room,
    ShiftMove,
)
from beegames.games.waggle_dance.night import night_tasks

from .test_wd_2014_cards import day14, give14
from .wd_helpers import E, consistent, drive, run_tasks


def kinds_and_play(plays, log=None):
    """A chooser: play the first listed PlayMove of a wanted card, else pass or do the first."""
    def chooser(st, ms):
        if log is not None:
            log.append((st.pending.kind, st.pending.seat, getattr(st.pending, "name", None)))
        for want in plays:
            for m in ms:
                if want(m):
                    return m
        return DeclineMove() if DeclineMove() in ms else (DoneMove() if DoneMove() in ms else ms[0])
    return chooser


def test_shuffle_brings_the_fourth_cube_over_when_efficiency_may_be_held():
    """Point 1: 3 orange under a pair and 1 orange elsewhere, Efficiency among the ten types:
    Shuffle is offered and the fourth cube makes honey without any other card."""
    s = day14([[], []], types=["shuffle", "efficiency"])
    give14(s, 0, "shuffle")
    s.players[0].rooms = [Room(nectar=[1, 1, 1], dice=[2, 2]), Room(nectar=[1]), Room()]
    consistent(s)
    asked = []
    chooser = kinds_and_play([lambda m: isinstance(m, PlayMove) and m.card == "shuffle"
                              and (m.src, m.target) == ("R0", "R1"),
                              lambda m: isinstance(m, ShiftMove) and (m.src, m.dst) == (1, 0)], asked)
    s = run_tasks(s, ["offer_shuffle 0 F", "make_honey 2 0 0"], chooser=chooser)
    assert ("offer_shuffle", 0, None) in asked
    assert s.players[0].rooms[0].honey and "shuffle" in s.queen_discard


def test_shuffle_is_not_asked_where_it_changes_nothing():
    s = day14([[], []], types=["shuffle", "efficiency"])
    give14(s, 0, "shuffle")
    s.players[0].rooms = [Room(nectar=[1, 1, 1, 1], dice=[2, 2]), Room(nectar=[3]), Room()]
    consistent(s)
    asked = []
    run_tasks(s, ["offer_shuffle 0 F"], chooser=kinds_and_play([], asked))
    assert asked == []  # the room makes honey anyway: no question


def test_shuffle_is_offered_again_after_the_nectar_moves():
    """The F moves can make a room that Shuffle then completes: asked before and after."""
    s = day14([[], []], types=["shuffle"])
    give14(s, 0, "shuffle")
    # a pair of 3s in R0 (honey room), a 3 in R1: F moves between R0 and R1; R2 holds the 4th
    s.players[0].rooms = [Room(nectar=[4, 4], dice=[3, 3, 5]), Room(nectar=[4], dice=[5]), Room(nectar=[4])]
    consistent(s)
    asked = []
    chooser = kinds_and_play([lambda m: isinstance(m, ShiftMove) and (m.src, m.dst) == (1, 0)], asked)
    s2 = run_tasks(s, ["move_nectar 5 0"], chooser=chooser)
    assert asked[0][0] == "rearrange" and asked[-1][0] == "offer_shuffle"
    assert s2.players[0].rooms[0].nectar == [4, 4, 4]


def test_shuffle_can_empty_a_room_for_the_egg_step():
    """Point 2: before C, a seat with no empty room may Shuffle one empty to take its egg."""
    s = day14([[], []], types=["shuffle"])
    give14(s, 0, "shuffle")
    s.players[0].rooms = [Room(nectar=[0, 0]), Room(nectar=[0]), Room(nectar=[2, 2, 2, 2])]
    s.spaces["C3"] = [(0, 3)]
    consistent(s)
    eggs = s.supply_eggs
    chooser = kinds_and_play([lambda m: isinstance(m, PlayMove) and (m.src, m.target) == ("R0", "R1"),
                              lambda m: isinstance(m, ShiftMove) and (m.src, m.dst) == (0, 1),
                              lambda m: isinstance(m, EggMove)])
    s = run_tasks(s, ["resolve_seat C 0"], chooser=chooser)
    assert s.players[0].rooms[0].egg and s.players[0].rooms[1].nectar == [0, 0, 0]
    assert s.supply_eggs == eggs - 1


def test_no_shuffle_question_when_no_room_could_be_emptied():
    s = day14([[], []], types=["shuffle"])
    give14(s, 0, "shuffle")
    s.players[0].rooms = [Room(nectar=[0, 0, 0]), Room(nectar=[1, 1]), Room(nectar=[2, 2, 2, 2])]
    s.spaces["C3"] = [(0, 3)]
    consistent(s)
    asked = []
    s = run_tasks(s, ["resolve_seat C 0"], chooser=kinds_and_play([], asked))
    assert asked == [] and "no empty room" in s.log[-1]


def night_from_dusk(s, chooser):
    """Run the whole night of ``s`` (its day is over) with ``chooser``; stop at the round end."""
    s.pending = None
    s.phase = "night"
    s.queue = night_tasks(s)
    return drive(s, chooser, stop=lambda x: x.turn > 1 or x.phase == "over")


def test_queens_gift_waits_for_a_room_freed_during_the_night():
    """Point 3: at dusk the seat has no empty room, so a gift egg would be lost; the egg
    hatches at B and the gift is offered again before C (and at the end of the night)."""
    s = day14([[], []], types=["queens_gift"])
    give14(s, 0, "queens_gift")
    s.players[0].rooms = [Room(egg=True, dice=[4, 4]), Room(nectar=[1]), Room(nectar=[2])]
    consistent(s)
    asked = []
    chooser = kinds_and_play([lambda m: isinstance(m, PlayMove) and m.choice == "egg" and asked[-1][2] == "rooms",
                              lambda m: isinstance(m, EggMove)], asked)
    s = night_from_dusk(s, chooser)
    assert ("window", 0, "rooms") in asked
    assert s.players[0].rooms[0].egg and "queens_gift" in s.queen_discard  # a new egg in the freed room
    assert s.players[0].dice == 3  # and the old one hatched (two dice in the room, one new)


def test_queens_gift_and_scouting_at_the_end_of_the_night():
    s = day14([[], []], types=["queens_gift", "scouting"])
    give14(s, 1, "scouting")
    s.spaces["G2"] = [(0, 2)]
    consistent(s)
    asked = []
    top_after_draw = s.queen_deck[1:4]
    chooser = kinds_and_play([lambda m: isinstance(m, PlayMove) and m.card == "scouting"
                              and asked[-1][2] == "night_end"], asked)
    s = night_from_dusk(s, chooser)
    ends = [a for a in asked if a[2] == "night_end"]
    # every seat holding a card is asked (seat 0 holds the card it drew at G)
    assert ends[:2] == [("window", 0, "night_end"), ("window", 1, "night_end")]
    assert asked[asked.index(ends[1]) + 1] == ("scouting", 1, None)
    assert "scouting" in s.queen_discard and any(c in s.players[1].hand for c in top_after_draw)


def test_scouting_before_your_own_draws_once_the_deck_has_changed():
    s = day14([[], [], []], types=["scouting"])
    give14(s, 1, "scouting")
    s.spaces["G2"] = [(0, 2)]
    s.spaces["G5"] = [(1, 5)]
    consistent(s)
    asked = []
    s = night_from_dusk(s, kinds_and_play([], asked))
    assert ("window", 1, "draw") in asked  # seat 0 drew first: seat 1 may scout before drawing
    assert not any(a[2] == "draw" and a[1] == 0 for a in asked)


def test_wrong_turn_during_an_opponents_turn():
    """Point 4: another player speaks up on my turn and plays Wrong Turn; my turn goes on."""
    s = day14([[1, 2], [3], [4]])
    s.deck_types.append("wrong_turn")
    s.spaces["D3"] = [(1, 3)]
    consistent(s)
    give14(s, 2, "wrong_turn", "scouting")
    give14(s, 1, "bounty")
    calls = [m for m in E.legal_moves(s) if isinstance(m, CallMove)]
    assert calls == [CallMove(seat=2)]  # seat 1 holds a card but has no other player's bee to move
    s = E.advance(E.apply(s, CallMove(seat=2)))
    assert E.decision(s).seat == 2 and s.pending.name == "turn"
    s = E.advance(E.apply(s, PlayMove(card="wrong_turn", seat=1, die=3, src="D3", target="D6")))
    assert s.spaces["D6"] == [(1, 3)]
    assert E.decision(s).seat == 2  # asked again: another card may follow
    s = E.advance(E.apply(s, DeclineMove()))
    assert E.decision(s).seat == 0 and s.pending.kind == "turn"
    assert not any(isinstance(m, CallMove) for m in E.legal_moves(s))  # once per placement
    s = E.advance(E.apply(s, PlaceMove(die=1, target="D1")))
    assert E.decision(s).seat == 1


def test_wrong_turn_during_a_computers_turn():
    """Point 4 at a table with a computer: a computer placing never lets anyone in, so the
    person is asked at once, during its turn, after its placement; then the turn passes."""
    s = day14([[1, 2], [3]])
    s.speak_up = [1]  # seat 1 is a person, seat 0 a computer player
    consistent(s)
    give14(s, 1, "wrong_turn")
    s = E.advance(E.apply(s, PlaceMove(die=1, target="D1")))
    d = E.decision(s)
    assert d.seat == 1 and s.pending.name == "turn"
    assert f"During {s.players[0].name}'s turn" in d.prompt
    s = E.advance(E.apply(s, PlayMove(card="wrong_turn", seat=0, die=1, src="D1", target="D6")))
    assert s.spaces["D6"] == [(0, 1)] and not s.spaces["D1"]
    # no card left to play: the computer's turn ends and the person's own turn comes
    assert E.decision(s).seat == 1 and s.pending.kind == "turn"


def test_only_people_sitting_with_computers_are_asked_during_their_turns():
    from beegames.core.protocol import SeatInfo
    from beegames.games.waggle_dance.models import WaggleDanceOptions

    opts = WaggleDanceOptions(ruleset="2014")
    ann, ben = SeatInfo(name="Ann"), SeatInfo(name="Ben")
    bot = SeatInfo(name="Bot", kind="computer", level="good")
    assert E.new_state(opts, [ann, bot, ben], 1).speak_up == [0, 2]
    assert E.new_state(opts, [ann, ben], 1).speak_up == []  # people call each other (CallMove)
    assert E.new_state(WaggleDanceOptions(), [ann, bot], 1).speak_up == []  # 2022: no such card
    # a person holding no card is not asked
    s = day14([[1, 2], [3]])
    s.speak_up = [1]
    consistent(s)
    s = E.advance(E.apply(s, PlaceMove(die=1, target="D1")))
    assert E.decision(s).seat == 1 and s.pending.kind == "turn"


def test_nobody_can_be_called_without_wrong_turn_in_play():
    s = day14([[1, 2], [3]])
    s.deck_types = [c for c in s.deck_types if c != "wrong_turn"]
    s.spaces["D3"] = [(1, 3)]
    consistent(s)
    give14(s, 1, "bounty")
    assert not any(isinstance(m, CallMove) for m in E.legal_moves(s))
    assert "Wrong Turn" in E._refusal(s, CallMove(seat=1))


def test_bounty_only_when_claiming_nectar():
    """Point 5: honey with Efficiency from 3 orange + 1 pink leaves a pink to store: no Bounty."""
    s = day14([[], []], types=["efficiency", "bounty"])
    give14(s, 0, "efficiency", "bounty")
    s.players[0].rooms = [Room(nectar=[1, 1, 1, 5], dice=[2, 2]), Room(), Room()]
    consistent(s)
    seen = []

    def chooser(st, ms):
        if st.pending.kind == "nectar":
            seen.extend(ms)
        honey = [m for m in ms if isinstance(m, HoneyMove)]
        return honey[0] if honey else ms[0]

    s = run_tasks(s, ["make_honey 2 0 0"], chooser=chooser)
    assert s.players[0].rooms[0].honey and seen
    assert not any(isinstance(m, PlayMove) and m.card == "bounty" for m in seen)
    assert "bounty" in s.players[0].hand


def test_shift_change_two_then_directions_keeps_the_second_bee():
    """Point 6: Directions is one of Shift Change's two placements; the second one follows."""
    s = day14([[1, 2, 6], [4]])
    s.spaces["D2"] = [(0, 2)]
    consistent(s)
    give14(s, 0, "shift_change", "directions")
    s = E.apply(s, PlayMove(card="shift_change", choice="two"))
    s = E.apply(s, PlayMove(card="directions", target="D2"))
    s = E.apply(s, PlaceMove(die=6, target="D2"))
    s = E.advance(E.apply(s, DoneMove()))
    assert E.decision(s).seat == 0 and s.pending.kind == "turn" and s.pending.extra == 0
    s = E.advance(E.apply(s, PlaceMove(die=1, target="D1")))
    assert E.decision(s).seat == 1


def test_reward_moves_are_untouched():
    assert RewardMove(choice="egg").kind == "reward"
    assert ShuffleOffer(seat=0, before="egg").short


def test_whole_games_with_a_person_among_computers_keep_every_invariant():
    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo

    asked = 0
    for seed in (1, 2):
        seats = [SeatInfo(name="Ann"), SeatInfo(name="Bot", kind="computer", level="good"),
                 SeatInfo(name="Cy", kind="computer", level="good")]
        match = Match.new(E, options={"ruleset": "2014"}, seats=seats, seed=seed)
        players = [E.make_player("random", seed), E.make_player("good", seed)]
        while not match.over:
            d = match.decision
            pend = match.state.pending
            asked += d.seat == 0 and pend.kind == "window" and pend.name == "turn"
            player = players[0] if d.seat == 0 else players[1]
            match.play(player.choose(E, E.view(match.state, d.seat)))
            E.check_invariants(match.state)
    assert asked  # the person was asked during the computers' turns
