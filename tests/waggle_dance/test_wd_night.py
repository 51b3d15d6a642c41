"""The night phase: every action, the nectar majority examples, storage choices."""


from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.models import (
    DiscardMove,
    DoneMove,
    EggMove,
    GainMove,
    NectarMove,
    Room,
    ShiftMove,
    TradeMove,
)
from beegames.games.waggle_dance.night import night_tasks
from beegames.games.waggle_dance.queries import capacity, rooms_with_space

from .wd_helpers import E, blank_day, run_task, run_tasks

BUZZ, BEATRICE, HONEY, MELISSA = 0, 1, 2, 3


def flower_state(counts: dict[int, int], n=4):
    s = blank_day([[1] * 9 for _ in range(n)])
    for p in range(n):
        s.players[p].pool = []
    s.spaces["D3"] = [(p, 3) for p, k in counts.items() for _ in range(k)]
    for p, _k in counts.items():
        s.players[p].pool = []
    return s


def gathered(counts, n=4):
    s = flower_state(counts, n)
    s = clone(s)
    s.pending = None
    run_task(s, "gather_nectar 3")
    return [len(p.pending_nectar) for p in s.players]


def test_majority_tie_for_first_and_second():
    # Beatrice and Honey tie for most (1 each); Buzz and Melissa tie for second (nothing)
    assert gathered({BEATRICE: 2, HONEY: 2, BUZZ: 1, MELISSA: 1}) == [0, 1, 1, 0]


def test_majority_first_and_second():
    assert gathered({BEATRICE: 3, HONEY: 2, BUZZ: 1}) == [0, 2, 1, 0]


def test_majority_tied_first_then_single_second():
    assert gathered({BEATRICE: 2, HONEY: 2, BUZZ: 1}) == [1, 1, 1, 0]


def test_majority_tie_for_second_gets_nothing():
    assert gathered({BEATRICE: 3, HONEY: 1, BUZZ: 1}) == [0, 2, 0, 0]


def test_majority_single_die_alone_gathers_two():
    assert gathered({BUZZ: 1}) == [2, 0, 0, 0]


def test_majority_supply_runs_short_first_place_first():
    s = flower_state({BEATRICE: 3, HONEY: 2})
    s.supply_nectar[2] = 2
    run_task(s, "gather_nectar 3")
    assert [len(p.pending_nectar) for p in s.players] == [0, 2, 0, 0]


def test_tied_players_gather_in_player_order_from_first_player():
    s = flower_state({BUZZ: 1, BEATRICE: 1})
    s.first = 1
    s.supply_nectar[2] = 1
    run_task(s, "gather_nectar 3")
    assert [len(p.pending_nectar) for p in s.players] == [0, 1, 0, 0]


def test_blocker_counts_for_majority():
    s = flower_state({BUZZ: 1})
    s.spaces["D3"].append((-2, 3))
    run_task(s, "gather_nectar 3")
    assert s.players[BUZZ].pending_nectar == [2]  # tied with the blocker: 1 nectar


def test_collect_room_tile_and_empty_supply():
    s = blank_day([[1], [2]])
    s.players[0].pool = []
    s.spaces["A1"] = [(0, 1)]
    s.spaces["A2"] = [(1, 2)]
    s.players[1].pool = []
    s.supply_rooms = 1  # exactly one tile left
    s2 = run_tasks(s, ["collect_room 1", "collect_room 2"], check=False)
    assert len(s2.players[0].rooms) == 4 and len(s2.players[1].rooms) == 3
    assert any("empty-handed" in line for line in s2.log)


def test_hatch_needs_pair_on_egg_room():
    # Beatrice's second 6 lands on her egg room: the egg hatches into a new die
    s = blank_day([[], []])
    pl = s.players[BEATRICE]
    pl.rooms[0] = Room(egg=True, dice=[6, 6])
    pl.rooms[1] = Room(egg=True, dice=[5, 6])
    pl.dice = 4
    s.supply_eggs -= 2
    s.supply_dice[pl.colour] = 11
    s2 = run_tasks(s, [f"hatch_eggs {v}" for v in range(1, 7)])
    p2 = s2.players[BEATRICE]
    assert p2.dice == 5 and not p2.rooms[0].egg and p2.rooms[1].egg
    assert sorted(p2.pool) == [1, 6, 6] and p2.rooms[1].dice == [5, 6]
    assert any("hatches" in line for line in s2.log)


def test_claim_egg_needs_empty_room():
    s = blank_day([[], []])
    s.players[0].rooms = [Room(nectar=[0]), Room(egg=True), Room(honey=True)]
    s.supply_eggs -= 1
    s.supply_nectar[0] -= 1
    s.spaces["C2"] = [(0, 2)]
    s.players[0].dice = 1
    s2 = run_tasks(s, ["claim_egg 2"])
    assert sum(r.egg for r in s2.players[0].rooms) == 1
    assert any("no empty room" in line for line in s2.log)


def test_claim_egg_choice_between_different_rooms():
    s = blank_day([[], []])
    s.players[0].rooms = [Room(dice=[4]), Room(), Room()]
    s.players[0].dice = 2
    s.spaces["C2"] = [(0, 2)]
    s2 = run_tasks(s, ["claim_egg 2"], chooser=lambda st, ms: EggMove(room=1))
    assert s2.players[0].rooms[1].egg and not s2.players[0].rooms[0].egg


def test_eggs_hatch_before_claims():
    # an egg claimed this night cannot hatch this night: B resolves before C
    tasks = night_tasks(blank_day([[1], [1]]))
    names = [t.split(" ")[0] for t in tasks]
    order = [names.index(x) for x in ("hatch_eggs", "claim_egg", "gather_nectar", "trade", "move_nectar",
                                      "draw_queen")]
    assert order == sorted(order)


def test_ascending_order_within_an_action():
    s = blank_day([[], []])
    s.spaces["G5"] = [(0, 5)]
    s.spaces["G2"] = [(1, 2)]
    s.players[0].dice = 1
    s.players[1].dice = 1
    s2 = run_tasks(s, [f"draw_queen {v}" for v in range(1, 7)])
    draws = [line for line in s2.log if "draws a Queen Bee card" in line]
    assert "Beatrice" in draws[0] and "Buzz" in draws[1]


def test_storage_short_the_player_chooses_what_to_keep():
    # Beatrice (not the first player) gathers 2 but has space for 1: she decides
    s = blank_day([[], []])
    s.players[BEATRICE].rooms = [Room(nectar=[0, 0, 0]), Room(honey=True)]
    s.supply_rooms += 1
    s.supply_nectar[0] -= 3
    s.players[BEATRICE].pending_nectar = [4, 4]
    s.supply_nectar[4] -= 2
    s = clone(s)
    s.pending = None
    s.queue = ["store_nectar 1", "STOP"]
    s = E.step(s)
    d = E.decision(s)
    assert d.seat == BEATRICE and d.kind == "nectar"
    moves = E.legal_moves(s)
    assert DiscardMove(colour=4) in moves and NectarMove(colour=4, room=0) in moves
    s = E.apply(s, DiscardMove(colour=4))
    s = E.step(s)
    assert s.players[BEATRICE].rooms[0].nectar == [0, 0, 0, 4] and not s.players[BEATRICE].pending_nectar


def test_cannot_discard_when_space_suffices():
    s = blank_day([[], []])
    s.players[0].rooms = [Room(nectar=[1]), Room()]
    s.supply_rooms += 1
    s.supply_nectar[1] -= 2
    s.players[0].pending_nectar = [1]
    s.pending = None
    s.queue = ["store_nectar 0", "STOP"]
    s = E.step(s)
    assert E.decision(s).kind == "nectar"
    assert not any(isinstance(m, DiscardMove) for m in E.legal_moves(s))


def test_trade_egg_for_nectar_example():
    # Melissa trades an egg for a red nectar and puts it with her 3 red
    s = blank_day([[], []])
    pl = s.players[1]
    pl.rooms = [Room(nectar=[0, 0, 0]), Room(egg=True), Room()]
    s.supply_nectar[0] -= 3
    s.supply_eggs -= 1
    s.spaces["E4"] = [(1, 4)]
    pl.dice = 1

    def choose(st, moves):
        if st.pending.kind == "trade":
            return TradeMove(give="egg", room=1)
        return GainMove(colour=0, room=0)

    s2 = run_tasks(s, ["trade 4"], chooser=choose)
    assert s2.players[1].rooms[0].nectar == [0, 0, 0, 0] and not s2.players[1].rooms[1].egg


def test_trade_two_nectar_of_any_colour_and_a_card():
    s = blank_day([[], []])
    pl = s.players[0]
    pl.rooms = [Room(nectar=[1, 2]), Room(), Room()]
    s.supply_nectar[1] -= 1
    s.supply_nectar[2] -= 1
    pl.hand = [s.queen_deck.pop()]
    s.spaces["E1"] = [(0, 1)]
    s.spaces["E2"] = [(0, 2)]
    pl.dice = 2
    picks = iter([TradeMove(give="nectar", room=0, colour=1), TradeMove(give="nectar", room=0, colour=2),
                  GainMove(colour=5, room=1), None, GainMove(colour=5, room=1)])

    def choose(st, moves):
        if st.pending.kind == "trade" and not st.players[0].rooms[0].nectar:
            return TradeMove(give="card", card=st.players[0].hand[0])
        m = next(picks)
        return m if m is not None else next(picks)

    s2 = run_tasks(s, ["trade 1", "trade 2"], chooser=choose)
    assert s2.players[0].rooms[1].nectar == [5, 5] and not s2.players[0].hand


def test_move_nectar_then_make_honey_same_dice():
    # Buzz's 2s sit on two rooms; moving a purple makes 4 purple beside his pair of 2s
    s = blank_day([[], []])
    pl = s.players[0]
    pl.rooms = [Room(nectar=[2, 2, 2], dice=[2, 2]), Room(nectar=[2, 0], dice=[2]), Room()]
    s.supply_nectar[2] -= 4
    s.supply_nectar[0] -= 1
    pl.dice = 3

    def choose(st, moves):
        want = ShiftMove(src=1, dst=0, colour=2)
        return want if want in moves else DoneMove()

    s2 = run_tasks(s, ["move_nectar 2 0", "make_honey 2 0", "return_room_dice"], chooser=choose)
    p2 = s2.players[0]
    assert p2.rooms[0].honey and p2.honey == 1 and p2.rooms[1].nectar == [0]
    assert s2.supply_nectar[2] == 15


def test_make_honey_needs_four_same_colour_and_a_pair():
    s = blank_day([[], []])
    pl = s.players[0]
    pl.rooms = [Room(nectar=[3, 3, 3, 3], dice=[5, 5]), Room(nectar=[1, 1, 1, 2], dice=[4, 4]),
                Room(nectar=[0, 0, 0, 0], dice=[1, 6])]
    for c in (3, 3, 3, 3, 1, 1, 1, 2, 0, 0, 0, 0):
        s.supply_nectar[c] -= 1
    pl.dice = 6
    s2 = run_tasks(s, [f"{t} {v} 0" for v in range(1, 7) for t in ("move_nectar", "make_honey")] + ["return_room_dice"])
    assert [r.honey for r in s2.players[0].rooms] == [True, False, False]
    assert len(s2.players[0].pool) == 6


def test_nectar_gathered_tonight_can_become_honey():
    s = blank_day([[3, 3, 4], [1]])
    pl = s.players[0]
    pl.rooms = [Room(nectar=[3, 3]), Room(), Room()]
    s.supply_nectar[3] -= 2
    from beegames.games.waggle_dance.models import PlaceMove

    s = E.advance(E.apply(s, PlaceMove(die=4, target="D4")))
    s = E.advance(E.apply(s, PlaceMove(die=1, target="D1")))
    s = E.advance(E.apply(s, PlaceMove(die=3, target="R0")))
    s = E.apply(s, PlaceMove(die=3, target="R0"))
    from .wd_helpers import drive

    s = drive(s, chooser=lambda st, ms: NectarMove(colour=3, room=0) if NectarMove(colour=3, room=0) in ms else ms[0],
              stop=lambda x: x.turn == 2)
    assert s.players[0].honey == 1


def test_room_capacity_four_nectar_or_one_egg():
    s = blank_day([[], []])
    pl = s.players[0]
    pl.rooms = [Room(nectar=[0, 0, 0, 0]), Room(egg=True), Room(nectar=[1])]
    assert rooms_with_space(pl, 4) == [2]
    assert capacity(pl, 4) == 3
