"""Issue 10, section 1: the places where the engine followed the 2022 rulebook too loosely.

Each test names the rule it enforces (quoting at most the short phrase the issue
quotes) and has a row in docs/rules/waggle-dance.md.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from beegames.core.errors import IllegalMove
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games.waggle_dance.cards import HoneyOffer
from beegames.games.waggle_dance.data import game_data, solo_cards
from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.models import (
    BLOCKERS,
    BUMBLEBOT,
    DeclineMove,
    DiscardMove,
    DoneMove,
    GainMove,
    HoneyMove,
    LoseMove,
    NectarMove,
    PlaceMove,
    PlayMove,
    RewardMove,
    Room,
    ShiftMove,
    SwapMove,
    Threat,
    TradeMove,
)
from beegames.games.waggle_dance.night import StoreNectar, night_tasks
from beegames.games.waggle_dance.queries import flower_closed
from beegames.games.waggle_dance.rearrange import Rearrange, budget_for, open_shuffle

from .wd_helpers import E, blank_day, consistent, drive, first_turn, give, run_task, run_tasks

# -- 1. a setup blocker on a flower closes that flower for the round -----------------------------


def test_setup_blocker_closes_its_flower_for_the_round():
    """Setup step 4: blocked spaces take no die "for the duration of the round" -- the flower too."""
    s = clone(first_turn(3, seed=7))
    flower = next(int(sid[1]) for sid, dice in s.spaces.items()
                  if sid[0] == "D" and any(o in BLOCKERS for o, _ in dice))
    assert flower == 4  # the issue's position: seed 7 puts a blocker on D4
    seat = s.pending.seat
    s.players[seat].pool = sorted(s.players[seat].pool[:-1] + [flower])
    consistent(s)
    move = PlaceMove(die=flower, target=f"D{flower}")
    assert move not in E.legal_moves(s)
    with pytest.raises(IllegalMove, match="blocker die closes flower D4"):
        E.apply(s, move)
    # another value's flower stays open
    other = next(v for v in s.players[seat].pool if v != flower and not flower_closed(s, v))
    assert PlaceMove(die=other, target=f"D{other}") in E.legal_moves(s)


# -- 2. solo setup blockers are placed once ----------------------------------------------------


def test_solo_setup_blockers_only_in_the_first_round():
    """Round end: "If not using the Solo cards, place new Blockers" -- solo play always uses them."""
    s = first_turn(1, seed=3)
    setup = [(sid, v) for sid, d in s.spaces.items() for o, v in d if o in BLOCKERS]
    assert sorted(sid[0] for sid, _ in setup) == list("ACEG")
    s = drive(s, stop=lambda x: x.turn == 2 and x.pending is not None)
    assert sum("Blocker dice cover" in line for line in s.log) == 1
    # round 2 opens with Bumblebot's turn; the only blocker is the one its solo card placed
    blockers = [sid for sid, d in s.spaces.items() for o, _ in d if o in BLOCKERS]
    assert len(blockers) == 1
    assert any(line.startswith("Solo card") for line in s.log[-4:])


# -- 3. Solo-card blockers can land on flowers ------------------------------------------------


def test_reconstructed_solo_cards_list_the_flowers():
    """Solo cards: some action priorities include D, so a blocker can reach a flower."""
    with_d = [c for c in game_data().solo.cards if "D" in c.actions]
    # three cards put D first (Most of and multiplayer blockers reach a flower first) and three
    # last (Bumblebot's own blocker, read from the right, reaches a flower first)
    assert sorted(c.id for c in with_d if c.actions[0] == "D") == [6, 11, 17]
    assert sorted(c.id for c in with_d if c.actions[-1] == "D") == [3, 9, 13]


def test_solo_card_blocker_on_a_flower_counts_for_the_majority():
    """Solo rules: blocker dice "DO count for majority at action D"."""
    card = solo_cards()[3]  # ... A, G, D: read from the right, Bumblebot's blocker goes to a flower
    assert card.actions[-1] == "D"
    v = card.blocker_value
    s = blank_day([[v, 1]], first=0)
    s.bumblebot.card = card.id
    s.spaces[f"D{v}"] = [(0, v)]
    s.players[0].pool = [1]
    consistent(s)
    run_task(s, "bumblebot_blocker")
    assert s.spaces[f"D{v}"] == [(0, v), (BLOCKERS[0], v)]
    assert flower_closed(s, v)
    s.spaces["D1"] = []
    run_task(s, f"gather_nectar {v}")
    # tied with the blocker for most dice: one nectar instead of two
    assert s.players[0].pending_nectar == [v - 1]


# -- 4. the end is triggered by making the target's honey -------------------------------------


def test_end_triggered_by_the_fifth_honey_even_if_a_threat_takes_it_back():
    """Overview: "the end game is triggered when any player makes their 5th honey"."""
    s = blank_day([[], []], threats=True)
    s.threat_deck.remove("Beetle")
    s.threats = [Threat(name="Beetle")]
    pl = s.players[0]
    pl.rooms = [Room(honey=True) for _ in range(4)] + [Room(nectar=[2, 2, 2, 2], dice=[6, 6]), Room()]
    consistent(s)
    s = run_tasks(s, ["make_honey 6 0", "return_room_dice", "check_threats"])
    assert s.end_triggered
    assert s.players[0].honey == 4  # the Beetle took the new honey back (no egg to lose)
    s = run_tasks(s, ["end_round"])
    assert s.phase == "over"


def test_honey_held_at_round_end_is_not_what_triggers_the_end():
    s = blank_day([[], []])
    s.players[1].rooms = [Room(honey=True) for _ in range(4)] + [Room(nectar=[1, 1, 1, 1], dice=[2, 2])]
    consistent(s)
    assert not s.end_triggered
    s = run_tasks(s, ["make_honey 2 1"])
    assert s.end_triggered and any("honey number 5" in line for line in s.log)


# -- 5. Shuffle: offered wherever it can be used, and reaching any arrangement ----------------------


def shuffle_holder_state(humans: int | None = 1):
    """Seat 0 holds Shuffle and has a die on every action and in its rooms; a threat is in play
    (one person at the keyboard: only holders are asked)."""
    s = blank_day([[], []], threats=True, humans=humans)
    give(s, 0, "shuffle")
    pl = s.players[0]
    pl.rooms = [Room(nectar=[1, 1], dice=[3, 3]), Room(nectar=[2]), Room(egg=True, dice=[5, 5]), Room()]
    for a, v in (("A", 1), ("C", 2), ("E", 3), ("G", 4), ("D", 5)):
        s.spaces[f"{a}{v}"] = [(0, v)]
    s.threat_deck.remove("Mouse")
    s.threats = [Threat(name="Mouse")]
    return consistent(s)


def test_shuffle_is_offered_before_each_action_card_and_before_threat_penalties():
    """Shuffle: "Play at any time during Night Phase to rearrange any/all of the contents"."""
    s = shuffle_holder_state()
    asked = []

    def chooser(st, moves):
        if st.pending.kind == "offer_shuffle":
            asked.append(st.pending.before)
        return DeclineMove() if DeclineMove() in moves else moves[0]

    tasks = [t for t in night_tasks(s) if not t.startswith(("solo_discard", "end_round"))]
    run_tasks(s, tasks, chooser=chooser)
    assert asked[:7] == list("ABCDEFG")
    assert "T" in asked[7:]


def test_shuffle_is_offered_while_storing_nectar():
    s = shuffle_holder_state()
    s.players[0].pending_nectar = [4, 4]
    consistent(s)
    assert PlayMove(card="shuffle") in StoreNectar(seat=0).legal(s)
    s.pending = StoreNectar(seat=0)
    s = E.apply(s, PlayMove(card="shuffle"))
    assert s.pending.kind == "rearrange" and s.pending.purpose == "shuffle" and s.pending.eggs
    s = E.apply(s, DoneMove())
    s = E.step(s)
    assert s.pending.kind == "nectar"  # back to storing


def reachable(s, dec):
    """Every arrangement of the rooms that the decision's moves reach (breadth first)."""
    seen = {}
    frontier = [(s, dec)]
    key = lambda st: tuple((r.egg, tuple(sorted(r.nectar))) for r in st.players[dec.seat].rooms)  # noqa: E731
    seen[key(s)] = True
    while frontier:
        nxt = []
        for st, d in frontier:
            for m in d.legal(st):
                if isinstance(m, DoneMove):
                    continue
                st2 = clone(st)
                st2.pending = None
                d.apply(st2, m)
                k = key(st2)
                if k not in seen and st2.pending is not None:
                    seen[k] = True
                    nxt.append((st2, st2.pending))
                elif k not in seen:
                    seen[k] = True
        frontier = nxt
    return set(seen)


def test_shuffle_reaches_the_issues_arrangement():
    """Shuffle rearranges "any/all of the contents": 4 red and 4 pink from two mixed full rooms."""
    s = blank_day([[], []])
    give(s, 0, "shuffle")
    red, pink = 0, 1
    s.players[0].rooms = [Room(nectar=[red, red, pink, pink], dice=[3]), Room(nectar=[pink, pink, red, red], dice=[4])]
    consistent(s)
    dec = open_shuffle(s, 0, [0, 1], eggs=True)
    target = ((False, (red,) * 4), (False, (pink,) * 4))
    assert target in reachable(s, dec)


@pytest.mark.parametrize("rooms", [
    [Room(nectar=[0, 1, 1]), Room(egg=True), Room(nectar=[2])],
    [Room(nectar=[0, 0, 1, 1]), Room(nectar=[1, 0, 2, 2]), Room(egg=True)],
    [Room(nectar=[0, 1, 2, 0]), Room(nectar=[2]), Room(), Room(egg=True)],
])
def test_shuffle_reaches_every_arrangement(rooms):
    """Any arrangement of the same tokens that respects the rooms (4 nectar or 1 egg) is reachable."""
    s = blank_day([[], []])
    s.players[0].rooms = rooms
    consistent(s)
    idx = list(range(len(rooms)))
    dec = open_shuffle(s, 0, idx, eggs=True)
    got = reachable(s, dec)
    tokens = [c for r in rooms for c in r.nectar]
    eggs = sum(r.egg for r in rooms)
    expected = set()
    for egg_rooms in {p[:eggs] for p in permutations(idx)}:
        free = [i for i in idx if i not in egg_rooms]
        for perm in set(permutations(tokens)):
            for cuts in _splits(len(tokens), len(free), 4):
                arrangement = {i: (True, ()) for i in egg_rooms}
                at = 0
                for i, k in zip(free, cuts):
                    arrangement[i] = (False, tuple(sorted(perm[at:at + k])))
                    at += k
                expected.add(tuple(arrangement[i] for i in idx))
    assert expected <= got
    assert budget_for(s.players[0], idx) >= len(idx) + 2 * (len(tokens) + eggs) - 1


def _splits(total, parts, cap):
    if parts == 0:
        if total == 0:
            yield ()
        return
    for k in range(min(total, cap) + 1):
        for rest in _splits(total - k, parts - 1, cap):
            yield (k, *rest)


def test_nectar_moves_between_paired_rooms_may_swap_two_full_rooms():
    s = blank_day([[], []])
    s.players[0].rooms = [Room(nectar=[0, 0, 1, 1], dice=[2, 2]), Room(nectar=[1, 1, 0, 0], dice=[2])]
    consistent(s)
    s = run_tasks(s, ["move_nectar 2 0", "make_honey 2 0"], chooser=lambda st, ms: (
        SwapMove(src=0, dst=1, give=1, take=0) if SwapMove(src=0, dst=1, give=1, take=0) in ms else ms[-1]))
    assert s.players[0].rooms[0].honey


# -- 6. several Queen Bee cards on one action ----------------------------------------------------


def test_expertise_and_alchemy_combine_on_one_honey():
    """G: "There is no limit to the number of Queen Bee cards you may play"."""
    s = blank_day([[], []])
    s.players[0].rooms = [Room(nectar=[0, 1, 2, 3], dice=[2, 5]), Room(), Room()]
    give(s, 0, "expertise", "alchemy")
    consistent(s)
    s = run_tasks(s, ["expertise_honey 0 0"], chooser=lambda st, ms: ms[0])
    assert s.players[0].rooms[0].honey
    assert not s.players[0].hand and {"expertise", "alchemy"} <= set(s.queen_discard)


def test_efficiency_and_alchemy_combine_and_options_use_only_needed_cards():
    s = blank_day([[], []])
    s.players[0].rooms = [Room(nectar=[0, 1, 1], dice=[4, 4]), Room(), Room()]
    give(s, 0, "efficiency", "alchemy", "expertise")
    consistent(s)
    opts = HoneyOffer(seat=0, room=0, value=4).legal(s)
    assert HoneyMove(room=0, cards=["alchemy", "efficiency"], use=[0, 1, 1]) in opts
    assert all("expertise" not in m.cards for m in opts if isinstance(m, HoneyMove))  # a pair is there
    s.players[0].rooms[0].nectar = [1, 1, 1, 0]
    opts = HoneyOffer(seat=0, room=0, value=4).legal(s)
    assert HoneyMove(room=0, cards=["efficiency"], use=[1, 1, 1]) in opts
    assert HoneyMove(room=0, cards=["alchemy"], use=[0, 1, 1, 1]) in opts
    assert not any(m.cards == ["alchemy", "efficiency"] and m.use == [1, 1, 1] for m in opts
                   if isinstance(m, HoneyMove))


# -- 7. threat rewards are optional; the die penalty follows the card ----------------------------


def test_threat_reward_may_be_declined():
    """Threats: each contributor "may" claim a reward."""
    s = blank_day([[], []], threats=True)
    s.threat_deck.remove("Wasp")
    s.threats = [Threat(name="Wasp", dice=[(0, 3), (1, 3)])]
    consistent(s)
    seen = []

    def chooser(st, ms):
        seen.append(ms)
        return DeclineMove()

    s2 = run_tasks(s, ["check_threats"], chooser=chooser)
    assert all(DeclineMove() in ms and RewardMove(choice="room") in ms for ms in seen) and len(seen) == 2
    assert [len(p.rooms) for p in s2.players] == [3, 3] and not s2.players[0].hand


def test_die_penalty_takes_a_last_die_and_the_player_then_sits_out():
    """Dragonfly/Spider: "each player must discard 1 Bee die", a last one too."""
    s = blank_day([[1, 1], [1]], threats=True)
    s.threat_deck.remove("Spider")
    s.threats = [Threat(name="Spider")]
    consistent(s)
    s2 = run_tasks(s, ["check_threats"])
    assert s2.players[0].dice == 1 and s2.players[1].dice == 0
    assert any("no dice left" in line for line in s2.log)
    # with no die, Beatrice has no day turns: the round is played by Buzz alone
    s3 = run_tasks(s2, ["end_round"])
    s3 = drive(s3, stop=lambda x: x.phase == "night")
    assert not any(line.startswith("Beatrice places") for line in s3.log[len(s2.log):])


def test_bumblebot_loses_a_last_die_too():
    s = blank_day([[]], threats=True)
    s.bumblebot.pool = [4]
    s.bumblebot.dice = 1
    s.supply_dice[s.bumblebot.colour] = 14
    s.threat_deck.remove("Dragonfly")
    s.threats = [Threat(name="Dragonfly")]
    s2 = run_tasks(s, ["check_threats"])
    assert s2.bumblebot.dice == 0 and not s2.bumblebot.pool
    assert BUMBLEBOT not in {o for d in s2.spaces.values() for o, _ in d}


# -- 8. malformed move data is refused with IllegalMove ------------------------------------------


@pytest.mark.parametrize("target", ["A03", "D03", "D\uff13", "R\u0660", "", "C", "C33", "X1", "R-1", "T9", "D7",
                                    "A0", "R99"])
def test_malformed_targets_are_illegal_moves(target):
    """Move data: anything but a legal move raises IllegalMove with a reason, never another error."""
    s = blank_day([[3, 4], [1]])
    with pytest.raises(IllegalMove):
        E.apply(s, PlaceMove(die=3, target=target))
    with pytest.raises(IllegalMove):
        E.apply(s, PlaceMove(die=7, target=target))


def test_match_play_refuses_bad_moves_before_describing_them():
    match = Match.new(E, seats=[SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=4)
    for bad in (PlaceMove(die=7, target="D7"), PlaceMove(die=3, target=""), PlaceMove(die=3, target="R\u0660"),
                NectarMove(colour=99, room=0), {"kind": "place", "die": 2}, "junk"):
        with pytest.raises(IllegalMove):
            match.play(bad)
    assert match.history == []


@pytest.mark.parametrize("move", [NectarMove(colour=99, room=0), NectarMove(colour=1, room=99),
                                  DiscardMove(colour=-3), GainMove(colour=99, room=0), TradeMove(give="nectar"),
                                  LoseMove(room=42, colour=7), ShiftMove(src=9, dst=0, colour=1),
                                  HoneyMove(room=5, cards=["alchemy"], use=[0])])
def test_bad_numbers_in_night_moves_are_illegal_moves(move):
    s = blank_day([[], []])
    s.players[0].pending_nectar = [1, 1]
    consistent(s)
    s.pending = StoreNectar(seat=0)
    with pytest.raises(IllegalMove):
        E.apply(s, move)


def test_a_rearrangement_refuses_rooms_it_does_not_cover():
    s = blank_day([[], []])
    s.players[0].rooms = [Room(nectar=[1]), Room(), Room(nectar=[2])]
    consistent(s)
    s.pending = Rearrange(seat=0, purpose="move", rooms=[0, 1], value=3, budget=4)
    with pytest.raises(IllegalMove, match="cannot be moved there"):
        E.apply(s, ShiftMove(src=2, dst=1, colour=2))
