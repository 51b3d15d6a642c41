"""Components, setup and the queen choice."""

import pytest
from pydantic import ValidationError

from beegames.games.bee_lives.data import SeasonCards, WildHives, derived, game_data
from beegames.games.bee_lives.models import QueenMove

from .bl_helpers import NAMES, E, new, started


def test_components_from_assets():
    d = game_data()
    assert d.board.workers_per_player == 20 and d.board.starting_workers == 3
    assert d.map.tiles == {"bloom": 22, "wilt": 22, "harvest": 22, "wet": 14}
    assert sum(d.map.tiles.values()) == 80
    assert len(d.cards.cards) == 27
    assert len(d.wild.names) == 8 and d.wild.tokens_per_month == 5
    assert d.wild.names[:5] == ["ACORN", "DANDELION", "MUSHROOM", "APPLE", "SPIDER"]
    assert d.rules.raid_dice.faces == 4 and d.rules.raid_dice.max_dice == 5
    assert d.board.comb.start == 10
    assert derived().yellow[13] == 7  # Example D


def test_every_reconstructed_value_has_a_key_entry():
    d = game_data()
    for part in (d.board, d.map, d.cards, d.wild, d.rules):
        assert part.key, f"{type(part).__name__} documents its values"
        for entry in part.key.values():
            assert entry.status in ("book", "reconstructed", "unknown", "ambiguous")


def test_bad_data_is_refused():
    raw = game_data().cards.model_dump()
    raw["cards"] = raw["cards"][:-1]
    with pytest.raises(ValidationError):
        SeasonCards.model_validate(raw)
    w = game_data().wild.model_dump()
    w["names"] = ["A", "A"]
    with pytest.raises(ValidationError):
        WildHives.model_validate(w)


def test_setup_common_area():
    s = new(3)
    assert s.n == 3 and len(s.players) == 3
    assert all(w.tile is None and w.strength == 0 for w in s.wild)
    assert sum(len(v) for v in s.decks.values()) == 27 and all(len(v) == 9 for v in s.decks.values())
    # one bloom tile per player, each its own map group
    assert [t.kind for t in s.tiles] == ["bloom"] * 3
    assert sorted(t.group for t in s.tiles) == [0, 1, 2]
    assert s.bag == {"bloom": 19, "wilt": 22, "harvest": 22, "wet": 14}
    E.check_invariants(s)


def test_setup_player_area():
    s = new(2)
    for i, p in enumerate(s.players):
        assert p.comb == 10 and p.side == "A" and p.mite == 0 and not p.upright
        assert p.workers == 3 and p.unassigned == 3 and p.nest == 0
        assert p.hive == s.tiles[i].id and (p.honey, p.pollen, p.water) == (0, 0, 0)
        assert p.name == NAMES[i]


def test_decks_are_shuffled_separately_and_by_seed():
    a, b = new(2, seed=1), new(2, seed=2)
    assert a.decks != b.decks
    for season, deck in a.decks.items():
        assert {derived().card[c].season for c in deck} == {season}


def test_queen_choice_is_asked_of_each_seat_then_applied_together():
    s = E.advance(new(3))
    seen = []
    for q in ("hygienic", "nomadic", "aggressive"):
        d = E.decision(s)
        assert d.kind == "queen"
        seen.append(d.seat)
        assert all(p.queen is None for p in s.players)  # nothing applied until all have chosen
        assert len(E.legal_moves(s)) == 4
        s = E.apply(s, QueenMove(queen=q))
        s = E.advance(s)
    assert seen == [0, 1, 2]
    assert [p.queen for p in s.players] == ["hygienic", "nomadic", "aggressive"]
    assert s.players[0].side == "B" and s.players[1].side == "A"


def test_several_players_may_take_the_same_queen():
    s = started(2, queens=["prolific", "prolific"])
    assert [p.queen for p in s.players] == ["prolific", "prolific"]


def test_first_player_option():
    s = new(3, seed=4)
    assert s.first == 0
    from beegames.core.protocol import SeatInfo
    from beegames.games.bee_lives.options import BeeLivesOptions
    seats = [SeatInfo(name=x) for x in NAMES[:3]]
    firsts = {E.new_state(BeeLivesOptions(), seats, seed).first for seed in range(20)}
    assert firsts == {0, 1, 2}  # random by default
    assert E.new_state(BeeLivesOptions(first_player="2"), seats, 1).first == 1
    assert E.new_state(BeeLivesOptions(first_player="4"), seats, 1).first == 0  # no seat 4: seat 1


def test_deck_order_is_hidden_from_every_seat():
    s = started(2)
    items = E.hidden_items(s)
    assert {i.path for i in items} == {("decks", "spring"), ("decks", "summer"), ("decks", "fall")}
    assert all(i.seen_by == frozenset() for i in items)
    for seat in (0, 1, None):
        v = E.view(s, seat)
        for season, deck in s.decks.items():
            assert v.decks[season] == sorted(deck)
        assert v.rng != s.rng
    assert not E.has_hidden_information(s)


def test_fast_view_equals_the_default_redaction():
    from beegames.core.views import redact

    s = started(3)
    for seat in (0, 2, None):
        assert E.view(s, seat) == redact(s, E.hidden_items(s), seat)


def test_first_month_skips_egg_feeding_brood_and_swarm():
    s = started(1)
    assert s.month == 1 and s.phase == "action"
    assert not any(line.startswith("Susan:") for line in s.log)  # no egg-phase line
    assert s.card is not None and s.played == [s.card]
