"""Setup for 1-4 players (book setup steps 1-13, tables a-d and f, solitaire and advanced changes)."""

from collections import Counter

import pytest

from beegames.core.errors import IllegalMove
from beegames.games.honey_buzz.data import game_data
from beegames.games.honey_buzz.models import ArrangeMove, ConfigMove, StartMove

from .hb_helpers import ENGINE, check, new, play

D = game_data()


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_setup_by_player_count(n):
    s = new(n)
    check(s)
    row = 2 if n == 1 else n
    # hive board side
    assert set(s.boxes) == set(D.setup.boxes(row))
    assert all(not v for v in s.boxes.values())
    assert s.stacks == D.components.standard_tiles
    # order stacks: table b, small orders on top, the top card face up
    sizes = D.setup.order_stacks[str(row)]
    for k in range(3):
        cards = [s.orders_up[k]] + s.order_stacks[k]
        assert len(cards) == sizes.small + sizes.large
        kinds = [D.order(c).size for c in cards]
        assert kinds == ["small"] * sizes.small + ["large"] * sizes.large
    assert len(s.orders_box) == 26 - 3 * (sizes.small + sizes.large)
    # market: top space, one lower with two players (and solo)
    assert s.market == [1 if row == 2 else 0] * 5
    # table c
    for i, p in enumerate(s.players):
        start = D.setup.seat_start[i]
        assert (p.available, p.coins) == (start.workers, start.coins)
        assert p.supply == 10 - start.workers and p.nursery == 0
    # table d: 16 / 20 / 24 nectar tiles in the field, face up
    placed = [t for t in s.field if t is not None]
    assert len(placed) == {2: 16, 3: 20, 4: 24}[row]
    assert Counter(t.kind for t in placed) == {t: len(placed) // 4 for t in "WRCA"}
    assert len(s.nectar_box) == 24 - len(placed)
    # forage tokens on different start spots
    spots = [p.forage for p in s.players]
    assert all(sp is not None and sp[1] == -1 for sp in spots) and len(set(spots)) == n
    # everyone has the first player's starting hive
    assert all(p.tiles == s.players[0].tiles for p in s.players)
    assert len(s.players[0].tiles) == 4 and not s.players[0].cells
    # supply: one of each resource sits on the market
    assert s.supply_honey == [6, 6, 6, 6] and s.supply_pollen == 14
    # contests: one per colour
    assert [D.contest(c).colour for c in s.contests] == ["I", "II", "III"]
    solo_cards = {c.id for c in D.contests.solo}
    assert all((c in solo_cards) == (n == 1) for c in s.contests)
    assert s.phase == "play" and ENGINE.decision(s).seat == 0 and ENGINE.decision(s).kind == "turn"


def test_star_contests_and_star_configuration():
    s = new(3, contests="star")
    assert s.contests == ["I-1", "II-1", "III-1"]
    card = D.configurations.by_id("S1")
    assert [t.icon for t in s.players[0].tiles] == [ic.hex for ic in card.icons]
    assert sorted(t.kind for t in s.players[0].tiles) == ["decree", "forage", "newbee", "produce"]


def test_first_player_arranges_and_everyone_copies():
    s = new(3, config="V3")
    d = ENGINE.decision(s)
    assert d.kind == "arrange" and d.seat == 0
    moves = ENGINE.legal_moves(s)
    assert len(moves) == 8, "four starting tiles, icon on either hex"
    card = D.configurations.by_id("V3")
    s = play(s, ArrangeMove(tile="decree", icon=card.slots[0][1]))
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, ArrangeMove(tile="decree", icon=card.slots[1][0]))
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, ArrangeMove(tile="forage", icon=card.slots[0][0]))
    s = play(s, ArrangeMove(tile="forage", icon=card.slots[1][0]), ArrangeMove(tile="newbee", icon=card.slots[2][0]),
             ArrangeMove(tile="produce", icon=card.slots[3][1]))
    check(s)
    assert s.players[1].tiles == s.players[0].tiles == s.players[2].tiles
    assert s.players[0].tiles[0].icon == card.slots[0][1]
    assert ENGINE.decision(s).kind == "turn"


def test_configuration_choices_by_level():
    for level in ("standard", "veteran"):
        for seed in range(5):
            s = new(2, seed=seed, config=level)
            assert D.configurations.by_id(s.config).level == level


def test_forage_start_spots_chosen_in_reverse_turn_order():
    s = new(3, forage_starts="choose")
    d = ENGINE.decision(s)
    assert (d.kind, d.seat) == ("start", 2)
    s = play(s, StartMove(row=1))
    assert ENGINE.decision(s).seat == 1
    assert StartMove(row=1) not in ENGINE.legal_moves(s)
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, StartMove(row=1))
    s = play(s, StartMove(row=0), StartMove(row=3))
    assert [p.forage for p in s.players] == [(3, -1), (0, -1), (1, -1)]
    assert ENGINE.decision(s).kind == "turn"


def test_solo_setup():
    s = new(1, config="random", seed=4)
    d = ENGINE.decision(s)
    assert d.kind == "config" and len(s.config_choices) == 2, "two configuration cards drawn, keep one"
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, ConfigMove(card=next(c.id for c in D.configurations.cards if c.id not in s.config_choices)))
    s = play(s, ConfigMove(card=s.config_choices[1]))
    assert s.config is not None and not s.config_choices
    assert s.drones == ["decree_accounting", "market"]
    assert sorted(s.drone_deck) == sorted(c.id for c in D.drones.cards)
    assert s.drone_top_box == D.drone_card(s.drone_deck[0]).box
    assert (s.players[0].available, s.players[0].coins) == (1, 5)


def test_advanced_setup_quadrants():
    for n, per_group in ((2, 4), (3, 5), (4, 6)):
        s = new(n, advanced=True)
        check(s)
        for group, q in D.field.quadrants.items():
            tiles = [s.field[r * 6 + c] for r in q.rows for c in q.cols]
            tiles = [t for t in tiles if t is not None]
            assert len(tiles) == per_group and all(t.back == group for t in tiles)
        assert all(p.forage is None for p in s.players), "no forage tokens in the advanced variant"
        assert len(s.nectar_box) == 4 * (6 - per_group)


def test_advanced_removal_of_own_type():
    s = new(2, advanced=True, advanced_removal="own_type")
    assert Counter((t.back, t.kind) for t in s.nectar_box) == {(g, g): 2 for g in "WRCA"}


@pytest.mark.parametrize("n,k", [(2, 2), (3, 1), (4, 0)])
def test_table_f_removes_of_each_type_by_default(n, k):
    """Issue 19, table f: "Remove two of each type (2 Acacia, 2 Wildflower, ...)": by default the
    fronts removed are exactly k of each type, for every seed (random removal is an option)."""
    for seed in range(1, 6):
        s = new(n, seed=seed, advanced=True)
        assert Counter(t.kind for t in s.nectar_box) == Counter({t: k for t in "WRCA"} if k else {})
        assert s.options.advanced_removal == "own_type"
    r = new(2, seed=1, advanced=True, advanced_removal="random")
    assert len(r.nectar_box) == 8


def test_bad_options_are_refused():
    from pydantic import ValidationError

    from beegames.games.honey_buzz import HoneyBuzzOptions

    with pytest.raises(ValidationError):
        HoneyBuzzOptions(config="Z9")
    with pytest.raises(ValidationError):
        HoneyBuzzOptions(solo_level=6)


def test_random_start_spots_after_the_arrangement_are_a_reveal():
    """Start spots drawn at random are chance shown to every seat: when they are drawn after the first
    player's last setup decision, that decision cannot be undone and retried knowing them."""
    s = new(3, config="V3")
    for _ in range(3):
        s = play(s, ENGINE.legal_moves(s)[0])
    assert all(p.forage is None for p in s.players)
    after = play(s, ENGINE.legal_moves(s)[0])
    assert all(p.forage is not None for p in after.players)
    assert ENGINE.reveals(s, after)
    # chosen start spots are no chance: no reveal
    s = new(2, forage_starts="choose")
    after = play(s, ENGINE.legal_moves(s)[0])
    assert not ENGINE.reveals(s, after)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_log_names_the_forage_start_spots_drawn_at_random(n):
    """One sentence in plain words, the way a chosen start spot is told ("starts foraging from"):
    "Gold starts foraging from A0 (drawn at random)", or each player's spot for several."""
    s = new(n, seed=3)
    spots = [f"{p.name} from {chr(ord('A') + p.forage[0])}0" for p in s.players]
    line = next(line for line in s.log if "starts foraging from" in line)
    if n == 1:
        assert line == f"{s.players[0].name} starts foraging {spots[0].split(' ', 1)[1]} (drawn at random)."
    else:
        assert line.startswith(spots[0].replace(" from ", " starts foraging from "))
        assert all(spot in line for spot in spots[1:]) and line.endswith(" (start spots drawn at random).")
        assert (" and " + spots[-1]) in line
    assert not any("Forage tokens start on" in line for line in s.log)


def test_the_start_spots_line_keeps_a_name_that_holds_from_whole():
    """A seat's name is data: one that holds " from " is not taken for the line's own words."""
    from beegames.core.protocol import SeatInfo
    from beegames.games.honey_buzz import HoneyBuzzOptions

    from .hb_helpers import ENGINE

    s = ENGINE.new_state(HoneyBuzzOptions(config="star"), [SeatInfo(name="Ann from Kent"), SeatInfo(name="Bob")], 3)
    line = next(line for line in s.log if "starts foraging from" in line)
    a, b = (f"{chr(ord('A') + p.forage[0])}0" for p in s.players)
    assert line == f"Ann from Kent starts foraging from {a} and Bob from {b} (start spots drawn at random)."
