"""The 2014 first edition (``--ruleset 2014``): setup, day, night and the end, clause by clause
(docs/rules/waggle-dance-2014.md maps each clause to these tests)."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError
from rich.console import Console
from rich.text import Text

from beegames.core.errors import IllegalMove
from beegames.core.protocol import SeatInfo
from beegames.core.state import detail, headline
from beegames.games.waggle_dance import WaggleDanceOptions
from beegames.games.waggle_dance.data import first_edition
from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.models import (
    BLOCKERS,
    BackMove,
    DeclineMove,
    DiscardMove,
    EggMove,
    GainMove,
    HelperMove,
    NectarMove,
    PlaceMove,
    Room,
    TradeMove,
)
from beegames.games.waggle_dance.night import Gain, LayEgg, StoreNectar, Trade, TradeSecond, night_tasks
from beegames.games.waggle_dance.queries import card_name

from .wd_helpers import E, blank_day, consistent, drive, first_turn, new, run_task, run_tasks

Y14 = {"ruleset": "2014"}


def day14(pools, first=0, **opts):
    return blank_day(pools, first=first, **{**Y14, **opts})


# -- options and components -----------------------------------------------------------------


@pytest.mark.parametrize("length,target", [("short", 5), ("standard", 7), ("long", 9)])
def test_game_lengths(length, target):
    assert new(3, ruleset="2014", length=length).target == target


@pytest.mark.parametrize("bad", [dict(threats=True), dict(solo_card_blockers=True), dict(difficulty="harder")])
def test_options_of_the_2022_edition_are_refused(bad):
    with pytest.raises(ValidationError):
        WaggleDanceOptions(ruleset="2014", **bad)
    with pytest.raises(ValidationError):
        WaggleDanceOptions(length="standard")  # a 2014 length


def test_two_to_four_players_only():
    with pytest.raises(ValueError, match="2 to 4 players"):
        E.new_state(WaggleDanceOptions(**Y14), [SeatInfo(name="Solo")], 1)
    assert E.seat_names(WaggleDanceOptions(**Y14), 4) == ["Blue", "Black", "Orange", "Yellow"]


def test_components():
    c = first_edition().components
    assert (c.eggs, c.room_tiles, c.dice_per_colour, c.nectar_per_colour) == (12, 48, 18, 15)
    cards = first_edition().queen.cards
    assert len(cards) == 14 and sum(q.copies for q in cards) == 41
    s = new(4, **Y14)
    assert s.supply_eggs == 12 and s.supply_rooms == 48 - 12
    assert all(p.dice == 6 and len(p.rooms) == 3 for p in s.players)
    assert s.supply_dice == [12, 12, 12, 12]


@pytest.mark.parametrize("seed", range(5))
def test_deck_is_ten_types_shuffled_and_the_types_are_public(seed):
    s = new(3, seed=seed, **Y14)
    assert len(s.deck_types) == 10 and set(s.queen_deck) == set(s.deck_types)
    counts = Counter(s.queen_deck)
    copies = {c.id: c.copies for c in first_edition().queen.cards}
    assert all(counts[t] == copies[t] for t in s.deck_types)
    assert len(s.queen_deck) == (29 if "volunteer" in s.deck_types else 30)
    # the side log's headline counts them; the whole log's detail names every kind
    line = next(line for line in E.visible_log(s, None) if line.startswith("This game's Queen Bee deck"))
    assert headline(line) == f"This game's Queen Bee deck: {len(s.queen_deck)} cards of 10 kinds."
    assert all(card_name(t) in detail(line) for t in s.deck_types)
    assert not set(s.deck_types) & {"double_park", "eager_bee", "guards", "soldiers"}


def test_first_player_by_the_volunteer_dice():
    firsts = {new(4, seed=seed, **Y14).first for seed in range(12)}
    assert len(firsts) > 1
    s = first_turn(4, seed=3, **Y14)
    assert E.decision(s).seat == s.order[s.first]
    assert any("Volunteer Dice picks" in line for line in s.log)


def test_three_player_blockers_four_distinct_on_aceg_for_the_whole_game():
    s = first_turn(3, seed=2, **Y14)
    blockers = sorted((sid, v) for sid, d in s.spaces.items() for o, v in d if o in BLOCKERS)
    assert sorted(sid[0] for sid, _ in blockers) == list("ACEG")
    assert len({v for _, v in blockers}) == 4 and all(int(sid[1]) == v for sid, v in blockers)
    s2 = drive(s, stop=lambda x: x.turn == 3 and x.pending is not None)
    assert sorted((sid, v) for sid, d in s2.spaces.items() for o, v in d if o in BLOCKERS) == blockers


@pytest.mark.parametrize("seed", range(6))
def test_two_player_blockers_three_per_card_never_doubled(seed):
    s = first_turn(2, seed=seed, **Y14)
    for a in "ACEG":
        assert sum(len(s.spaces[f"{a}{v}"]) for v in range(1, 7)) == 3
    assert all(len(d) <= 1 for d in s.spaces.values())
    assert not any(s.spaces[f"D{f}"] for f in range(1, 7))
    for owner in BLOCKERS:
        vals = [v for d in s.spaces.values() for o, v in d if o == owner]
        assert len(vals) == 4 and len(set(vals)) == 4


def test_four_players_no_blockers():
    s = first_turn(4, **Y14)
    assert not any(d for d in s.spaces.values())


# -- the day ---------------------------------------------------------------------------------


def test_no_helper_dice():
    s = day14([[3, 4], [1]])
    assert not any(isinstance(m, HelperMove) for m in E.legal_moves(s))
    with pytest.raises(IllegalMove, match="no helper dice"):
        E.apply(s, HelperMove(helper=3, die=4, value=5))


def test_placement_rules_as_in_2022():
    s = day14([[2, 2, 5], [2, 6]])
    s.spaces["C2"] = [(BLOCKERS[0], 2)]
    consistent(s)
    targets = {m.target for m in E.legal_moves(s) if isinstance(m, PlaceMove) and m.die == 2}
    assert targets == {"A2", "E2", "G2", "D2", "R0", "R1", "R2"}
    with pytest.raises(IllegalMove):
        E.apply(s, DeclineMove())


def test_player_with_dice_left_places_the_rest_when_others_are_out():
    s = day14([[1, 2, 3], [4]])
    s = E.advance(E.apply(s, PlaceMove(die=1, target="D1")))
    s = E.advance(E.apply(s, PlaceMove(die=4, target="D4")))
    for v in (2, 3):
        assert E.decision(s).seat == 0
        s = E.advance(E.apply(s, PlaceMove(die=v, target=f"D{v}")))
    assert s.phase == "night" or s.turn == 2


# -- the night: order of resolution -------------------------------------------------------------


def test_each_card_resolves_seat_by_seat_from_the_first_player():
    """2014 night: "the actions are resolved in clockwise order from the first player"."""
    s = day14([[], [], []], first=1)
    s.spaces["A1"] = [(0, 1)]
    s.spaces["A6"] = [(1, 6)]
    s.spaces["A3"] = [(2, 3)]
    s.supply_rooms = 2
    s2 = run_tasks(s, [f"resolve_seat A {p}" for p in (1, 2, 0)], check=False)
    assert [len(p.rooms) for p in s2.players] == [3, 4, 4]
    assert any("no room tiles are left" in line and "Buzz" in line for line in s2.log)


def test_night_task_order_is_a_to_g_with_seat_blocks():
    s = day14([[], [], []], first=2)
    tasks = night_tasks(s)
    heads = [t.split(" ")[0] for t in tasks]
    firsts = [heads.index(h) for h in ("resolve_seat", "hatch_seat", "gather_nectar", "move_nectar")]
    assert firsts == sorted(firsts)
    a_tasks = [t for t in tasks if t.startswith("resolve_seat A")]
    assert a_tasks == ["resolve_seat A 2", "resolve_seat A 0", "resolve_seat A 1"]
    assert tasks[-1] == "end_round"


def test_claiming_an_egg_is_optional():
    """C: "A player does not have to claim an egg if she does not wish to"."""
    s = day14([[], []])
    s.spaces["C3"] = [(0, 3)]
    consistent(s)
    seen = []

    def chooser(st, ms):
        seen.append(st.pending)
        return DeclineMove()

    s2 = run_tasks(s, ["resolve_seat C 0"], chooser=chooser)
    assert isinstance(seen[0], LayEgg) and DeclineMove() in seen[0].legal(s2)
    assert not any(r.egg for r in s2.players[0].rooms) and s2.supply_eggs == 12


def test_egg_needs_an_empty_tile_or_goes_back():
    s = day14([[], []])
    s.players[0].rooms = [Room(nectar=[1]), Room(honey=True), Room(egg=True)]
    s.spaces["C3"] = [(0, 3)]
    consistent(s)
    s2 = run_tasks(s, ["resolve_seat C 0"])
    assert sum(r.egg for r in s2.players[0].rooms) == 1 and s2.supply_eggs == 11


def test_nectar_may_be_returned_by_choice():
    s = day14([[], []])
    s.players[0].pending_nectar = [2, 3]
    consistent(s)
    s.pending = StoreNectar(seat=0)
    moves = E.legal_moves(s)
    assert DiscardMove(colour=2) in moves and NectarMove(colour=2, room=0) in moves
    s = E.apply(s, DiscardMove(colour=2))
    assert s.supply_nectar[2] == 15


def trade_state(rooms):
    s = day14([[], []])
    s.players[0].rooms = rooms
    consistent(s)
    return s


def test_trade_two_nectar_of_one_colour_for_one_of_another():
    """E: two cubes "of the same colour" for one cube "of any other colour"."""
    s = trade_state([Room(nectar=[1, 1, 2]), Room(nectar=[3]), Room()])
    moves = Trade(seat=0, space="E2").legal(s)
    assert TradeMove(give="nectar", room=0, colour=1) in moves
    assert TradeMove(give="nectar", room=0, colour=2) not in moves  # a lone colour cannot be traded
    assert not any(m.give == "card" for m in moves if isinstance(m, TradeMove))
    s.pending = Trade(seat=0, space="E2")
    s = E.apply(s, TradeMove(give="nectar", room=0, colour=1))
    assert isinstance(s.pending, TradeSecond)
    assert E.legal_moves(s) == [TradeMove(give="nectar", room=0, colour=1), BackMove()]  # (or a step back)
    s = E.apply(s, TradeMove(give="nectar", room=0, colour=1))
    assert isinstance(s.pending, Gain)
    assert not any(m.colour == 1 for m in E.legal_moves(s))
    with pytest.raises(IllegalMove, match="another colour"):
        E.apply(s, GainMove(colour=1, room=1))
    s = E.apply(s, GainMove(colour=3, room=1))
    assert s.players[0].rooms[1].nectar == [3, 3]


def test_trade_an_egg_for_any_colour_and_no_card_trades():
    s = trade_state([Room(egg=True), Room(), Room()])
    s.players[0].hand = [s.queen_deck.pop()]
    consistent(s)
    moves = Trade(seat=0, space="E5").legal(s)
    assert moves == [TradeMove(give="egg", room=0), DeclineMove()]
    s.pending = Trade(seat=0, space="E5")
    with pytest.raises(IllegalMove, match="no card trades"):
        E.apply(s, TradeMove(give="card", card=s.players[0].hand[0]))


def test_one_trade_per_bee():
    s = trade_state([Room(nectar=[1, 1, 1, 1]), Room(), Room()])
    s.spaces["E2"] = [(0, 2)]
    s.spaces["E4"] = [(0, 4)]
    consistent(s)
    trades = []

    def chooser(st, ms):
        if isinstance(st.pending, Trade):
            trades.append(1)
            return TradeMove(give="nectar", room=0, colour=1)
        if isinstance(st.pending, Gain):
            return GainMove(colour=4, room=1)
        return ms[0]

    s2 = run_tasks(s, ["resolve_seat E 0"], chooser=chooser)
    assert len(trades) == 2 and s2.players[0].rooms[1].nectar == [4, 4]


def test_drawing_the_last_card_does_not_end_the_game():
    s = day14([[], []])
    s.spaces["G1"] = [(0, 1)]
    s.spaces["G2"] = [(1, 2)]
    s.queen_box += s.queen_deck[1:]
    del s.queen_deck[1:]
    consistent(s)
    s2 = run_tasks(s, ["resolve_seat G 0", "resolve_seat G 1", "end_round"])
    assert s2.phase == "day" and not s2.end_triggered
    assert any("deck is empty" in line and "Beatrice" in line for line in s2.log)


# -- the end ---------------------------------------------------------------------------------------


def test_winner_at_the_end_of_the_night_with_the_target():
    s = day14([[], []], length="standard")
    s.players[1].rooms = [Room(honey=True) for _ in range(7)]
    consistent(s)
    s2 = run_tasks(s, ["end_round"])
    r = E.result(s2)
    assert s2.phase == "over" and r.winners == [1]


def test_ties_most_honey_then_fewest_bees_then_most_nectar():
    s = day14([[1] * 6, [1] * 7, [1] * 6])
    for i in range(3):
        s.players[i].rooms = [Room(honey=True) for _ in range(5)] + [Room(nectar=[0] * (2 if i == 2 else 1))]
    consistent(s)
    s2 = run_tasks(s, ["end_round"])
    r = E.result(s2)
    assert r.winners == [2] and r.tiebreak == "most nectar"


def test_volunteer_dice_is_not_counted_as_an_owned_bee():
    s = day14([[1] * 6, [1] * 6])
    s.players[0].volunteer = 1
    s.players[0].pool.append(3)
    s.volunteer_die = 0
    for p in s.players:
        p.rooms = [Room(honey=True) for _ in range(5)]
    consistent(s)
    E.check_invariants(s)
    r = E.result(run_tasks(s, ["end_round"]))
    assert r.tiebreak == "shared victory"


def test_the_safeguard_ends_a_game_that_cannot_end():
    s = day14([[], []])
    s.turn = first_edition().components.safeguard_rounds
    s2 = run_tasks(s, ["end_round"])
    assert s2.phase == "over" and "stopped by the engine" in E.result(s2).summary
    # the log's last line: a short headline for the side log, why the engine stopped it in the detail
    last = s2.log[-1]
    assert headline(last).startswith("Game stopped. ") and "rounds" not in headline(last)
    assert f"after {s.turn} rounds without a winner" in detail(last) and "not a rule" in detail(last)
    assert len(Text(headline(last)).wrap(Console(width=200), 32)) <= 3  # (three rows of the 32-column side log)


def test_whole_games_end_and_keep_every_invariant():
    for n in (2, 4):
        s = first_turn(n, seed=n, **Y14)
        players = [E.make_player("good" if i % 2 == 0 else "random", n * 10 + i) for i in range(n)]

        def chooser(st, ms, players=players):
            return players[st.pending.seat].choose(E, E.view(st, st.pending.seat))

        s = drive(s, limit=20000, chooser=chooser)
        assert s.phase == "over" and s.stopped is None


def test_hatch_before_claim_and_pairs_hatch_seat_by_seat():
    s = day14([[], []])
    s.players[0].rooms = [Room(egg=True, dice=[1, 1]), Room(), Room()]
    s.players[1].rooms = [Room(egg=True, dice=[3, 3]), Room(), Room()]
    consistent(s)
    s2 = run_tasks(s, ["hatch_seat 0", "hatch_seat 1"])
    assert [p.dice for p in s2.players] == [3, 3] and s2.supply_eggs == 12
    heads = [t.split(" ")[0] for t in night_tasks(s)]
    assert heads.index("hatch_seat") < heads.index("resolve_seat", heads.index("hatch_seat"))


def test_one_egg_per_tile_and_eggs_only_on_empty_tiles():
    s = day14([[], []])
    s.players[0].rooms = [Room(egg=True), Room(nectar=[2]), Room()]
    consistent(s)
    assert LayEgg(seat=0, optional=True).legal(s) == [EggMove(room=2), DeclineMove()]


def test_apply_never_mutates_its_input():
    s = day14([[3, 4], [1]])
    before = clone(s)
    E.apply(s, PlaceMove(die=3, target="A3"))
    assert s == before
    run_task(clone(s), "day_turn")
    assert s == before


def test_each_nectar_of_a_trade_says_which_of_the_two_it_is():
    """QA (newcomer): "trades a red nectar from room 1" read as the whole price of the trade."""
    s = trade_state([Room(nectar=[1, 1, 2]), Room(nectar=[3]), Room()])
    s.pending = Trade(seat=0, space="E2")
    first = TradeMove(give="nectar", room=0, colour=1)
    assert E.describe_move(s, first).endswith("trades a pink nectar from room 0 (the first of two).")
    s = E.apply(s, first)
    assert E.describe_move(s, first).endswith("trades a pink nectar from room 0 (the second of two).")
