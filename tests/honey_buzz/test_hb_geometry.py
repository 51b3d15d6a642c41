"""The hive geometry of the spec (§2): lattice, yellow edges, legal slots,
enclosure patterns, clusters and straight lines."""

import random

import pytest

from beegames.core.hexgrid import DIRECTIONS, neighbours
from beegames.games.honey_buzz.data import game_data
from beegames.games.honey_buzz.geometry import (
    LINE_VECTORS,
    clusters,
    coverage,
    edge_colours,
    enclosed,
    hex_class,
    is_site,
    is_slot,
    legal_slots,
    longest_line,
    new_cells,
    pattern_of,
    ring,
    site_neighbours,
    tile_neighbours,
)
from beegames.games.honey_buzz.placement import accepts_for

from .hb_helpers import R, radial


def owner_of(tiles):
    return {h: i for i, t in enumerate(tiles) for h in t}


def test_classes_alternate_round_a_site_and_a_tile_hex():
    assert [hex_class(h) for h in ring((0, 0))] == [1, 2, 1, 2, 1, 2]
    for h in [(1, 0), (0, 1), (5, -3), (-4, 1)]:
        assert not is_site(h)
        assert all(is_site(x) for x in site_neighbours(h))
        assert all(not is_site(x) and hex_class(x) != hex_class(h) for x in tile_neighbours(h))
        assert sorted(site_neighbours(h) + tile_neighbours(h)) == sorted(neighbours(h))


def test_a_slot_is_two_adjacent_tile_hexes():
    assert is_slot((1, 0), (0, 1))
    assert not is_slot((0, 0), (1, 0)), "a cell site is never covered"
    assert not is_slot((1, 0), (3, 0)), "not adjacent"


def test_yellow_edges_are_the_shoulders():
    # tile P=(1,0), Q=(0,1): Q = P + dir 2 (SW)
    edges = edge_colours((1, 0), (0, 1))
    p, q = edges[(1, 0)], edges[(0, 1)]
    k = 2
    assert p[k] == "inner" and q[(k + 3) % 6] == "inner"
    assert {d for d in range(6) if p[d] == "yellow"} == {(k + 2) % 6, (k - 2) % 6}
    assert {d for d in range(6) if q[d] == "yellow"} == {(k + 5) % 6, (k + 1) % 6}
    assert sum(c == "yellow" for c in p + q) == 4 and sum(c == "dark" for c in p + q) == 6


def random_hive(rng, tiles=25):
    owner = {(1, 0): 0, (0, 1): 0}
    for n in range(1, tiles):
        a, b = rng.choice(legal_slots(owner))
        owner[a] = owner[b] = n
    return owner


def test_random_growth_only_ever_touches_yellow_to_yellow():
    rng = random.Random(7)
    for _ in range(30):
        owner = random_hive(rng, 20)
        tiles = {}
        for h, t in owner.items():
            tiles.setdefault(t, []).append(h)
        for t, (a, b) in tiles.items():
            for h, colours in edge_colours(a, b).items():
                for d, colour in enumerate(colours):
                    n = (h[0] + DIRECTIONS[d][0], h[1] + DIRECTIONS[d][1])
                    if n in owner and owner[n] != t:
                        assert colour == "yellow", "tiles touch only yellow edge to yellow edge"
                    if colour == "dark":
                        assert is_site(n), "a dark edge always faces a cell site"


def test_enumeration_matches_brute_force():
    rng = random.Random(3)
    for _ in range(20):
        owner = random_hive(rng, rng.randint(1, 22))
        qs = [h[0] for h in owner]
        rs = [h[1] for h in owner]
        brute = set()
        for q in range(min(qs) - 2, max(qs) + 3):
            for r in range(min(rs) - 2, max(rs) + 3):
                for d in range(6):
                    a, b = (q, r), (q + DIRECTIONS[d][0], r + DIRECTIONS[d][1])
                    if not is_slot(a, b) or a in owner or b in owner:
                        continue
                    if any(n in owner for n in neighbours(a) + neighbours(b)):
                        brute.add((min(a, b), max(a, b)))
        found = legal_slots(owner)
        assert len(found) == len(set(found))
        assert set(found) == brute


PATTERN_CASES = {
    "three": [(R[0], R[1]), (R[2], R[3]), (R[4], R[5])],
    "four_adjacent": [(R[0], R[1]), (R[2], R[3]), (R[4], radial(4)), (R[5], radial(5))],
    "four_opposite": [(R[0], R[1]), (R[3], R[4]), (R[2], radial(2)), (R[5], radial(5))],
    "five": [(R[0], R[1]), (R[2], radial(2)), (R[3], radial(3)), (R[4], radial(4)), (R[5], radial(5))],
    "six": [(R[k], radial(k)) for k in range(6)],
}


@pytest.mark.parametrize("pattern", list(PATTERN_CASES))
def test_enclosure_patterns(pattern):
    tiles = PATTERN_CASES[pattern]
    assert all(is_slot(a, b) for a, b in tiles)
    owner = owner_of(tiles)
    assert enclosed((0, 0), owner)
    assert pattern_of((0, 0), owner) == pattern


def test_tiles_needed_per_nectar_match_the_book():
    # "Wildflower nectar only requires three hive tiles, while Rosemary and Cherry Blossom
    # nectar require four hive tiles and Acacia nectar requires five"
    need = {accepts_for(p): len(tiles) for p, tiles in PATTERN_CASES.items() if accepts_for(p)}
    assert need == {"W": 3, "R": 4, "C": 4, "A": 5}


def test_each_nectar_has_a_unique_pattern_and_six_tiles_take_none():
    mapping = game_data().patterns.mapping()
    named = [v for v in mapping.values() if v]
    assert sorted(named) == ["A", "C", "R", "W"]
    assert accepts_for("six") is None
    assert accepts_for("six", "acacia") == "A"


def test_patterns_are_rotation_and_reflection_invariant():
    for pattern, tiles in PATTERN_CASES.items():
        for steps in range(6):
            def rot(h, steps=steps):
                x, z = h
                y = -x - z
                for _ in range(steps):
                    x, y, z = -z, -x, -y
                return (x, z)
            owner = owner_of([(rot(a), rot(b)) for a, b in tiles])
            assert pattern_of((0, 0), owner) == pattern
            mirrored = owner_of([((-a[0] - a[1], a[1]), (-b[0] - b[1], b[1])) for a, b in
                                 [(rot(a), rot(b)) for a, b in tiles]])
            assert pattern_of((0, 0), mirrored) == pattern


def test_one_placement_can_close_four_cells():
    a, b = (1, 0), (0, 1)
    sites = set(site_neighbours(a) + site_neighbours(b))
    assert len(sites) == 4
    covered = {h for s in sites for h in ring(s)} - {a, b}
    assert not any(enclosed(s, covered) for s in sites)
    assert sorted(new_cells(a, b, covered, set())) == sorted(sites)


def test_clusters_are_three_cells_round_one_space():
    cells = site_neighbours((1, 0))
    covered = {h for s in cells for h in ring(s)}
    found = clusters(cells, covered)
    assert found == [((1, 0), tuple(site_neighbours((1, 0))))]
    assert clusters(cells[:2], covered) == []


def test_straight_lines_of_cells():
    vec = LINE_VECTORS["nearest"]
    line = [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert longest_line(line, vec) == 4
    assert longest_line([(0, 0), (1, 1), (3, 3)], vec) == 2, "cells must be consecutive"
    assert longest_line([(0, 0), (2, -1), (4, -2), (1, 1)], vec) == 3
    assert longest_line([(0, 0), (3, 0), (6, 0)], LINE_VECTORS["axis"]) == 3
    assert longest_line([(0, 0), (3, 0), (6, 0)], vec) == 1
    # between two nearest cells lies exactly one slot: two adjacent tile hexes
    for v in vec:
        between = [h for h in ring((0, 0)) if h in ring(v)]
        assert len(between) == 2 and is_slot(*between)


def test_nearest_cells_can_both_be_enclosed():
    cov = set(ring((0, 0))) | set(ring((1, 1)))
    assert enclosed((0, 0), cov) and enclosed((1, 1), cov)
    assert coverage((2, 2), cov) == 2


def test_configuration_cards_are_valid_starting_hives():
    """§4: connected, on the lattice, no cell already closed; the near-cells listed."""
    from beegames.core.hexgrid import connected

    expected_five = {"S1": {(1, 4), (3, 3)}, "S4": {(1, 1)}, "S6": {(2, 2)}, "S9": {(4, 1)}, "V1": set()}
    for card in game_data().configurations.cards:
        owner = owner_of(card.slots)
        assert connected(owner), card.id
        sites = {x for h in owner for x in site_neighbours(h)}
        assert not any(enclosed(x, owner) for x in sites), card.id
        five = {x for x in sites if coverage(x, owner) == 5}
        if card.level == "veteran":
            assert not five, card.id
        else:
            assert five, card.id
        if card.id in expected_five:
            assert five == expected_five[card.id]


def test_starred_configuration_closes_rosemary_with_one_radial_tile():
    """S1: both near-cells become Rosemary cells when closed by one radial tile at (1,5) or (3,2),
    and either one wakes three icons."""
    card = game_data().configurations.by_id("S1")
    tiles = [((0, 4), (0, 5)), ((1, 3), (2, 3)), ((2, 4), (3, 4)), ((4, 2), (4, 3))]
    assert [tuple(s) for s in card.slots] == tiles
    icons = {ic.hex: ic.kind for ic in card.icons}
    for site, radial_slot in (((1, 4), ((1, 5), (1, 6))), ((3, 3), ((3, 2), (3, 1)))):
        owner = owner_of(tiles + [radial_slot])
        assert enclosed(site, owner)
        assert accepts_for(pattern_of(site, owner)) == "R"
        woken = [icons[h] for h in ring(site) if h in icons]
        assert len(woken) == 3
