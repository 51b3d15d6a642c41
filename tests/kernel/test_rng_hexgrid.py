from collections import Counter

from beegames.core import hexgrid as hg
from beegames.core.rng import Rng, RngState


def test_same_seed_same_draws_and_state_round_trips():
    a, b = RngState.from_seed(42), RngState.from_seed(42)
    ra, rb = Rng(a), Rng(b)
    assert [ra.d6() for _ in range(50)] == [rb.d6() for _ in range(50)]
    frozen = RngState.model_validate_json(a.model_dump_json())
    assert [Rng(frozen).below(1000) for _ in range(5)] == [ra.below(1000) for _ in range(5)]


def test_different_seeds_differ_and_d6_is_fair_enough():
    assert RngState.from_seed(1).state != RngState.from_seed(2).state
    rng = Rng(RngState.from_seed(7))
    counts = Counter(rng.d6() for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < c < 1200 for c in counts.values())


def test_shuffle_is_a_permutation_and_choice_in_range():
    rng = Rng(RngState.from_seed(3))
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert all(rng.randint(2, 4) in (2, 3, 4) for _ in range(100))
    assert 0.0 <= rng.random() < 1.0


def test_neighbours_distance_ring():
    assert len(set(hg.neighbours((0, 0)))) == 6
    assert all(hg.distance((0, 0), n) == 1 for n in hg.neighbours((0, 0)))
    assert hg.distance((0, 0), (3, -1)) == 3
    for radius in range(1, 4):
        ring = hg.ring((1, -2), radius)
        assert len(ring) == 6 * radius == len(set(ring))
        assert all(hg.distance((1, -2), h) == radius for h in ring)
    assert len(list(hg.spiral((0, 0), 2))) == 19


def test_rotate_and_lines():
    assert hg.rotate((1, 0), 1) == hg.DIRECTIONS[1]
    assert hg.rotate((2, -1), 6) == (2, -1)
    assert all(hg.rotate(hg.DIRECTIONS[i], 1) == hg.DIRECTIONS[(i + 1) % 6] for i in range(6))
    assert hg.in_straight_line((0, 0), (3, 0)) and hg.in_straight_line((0, 0), (2, -2))
    assert not hg.in_straight_line((0, 0), (2, -1)) and not hg.in_straight_line((0, 0), (0, 0))
    assert hg.direction_between((0, 0), (0, 1)) == 1 and hg.direction_between((0, 0), (2, 0)) is None


def test_screen_layout_keeps_neighbours_apart():
    cells = list(hg.spiral((0, 0), 3))
    spots = {hg.to_screen(c) for c in cells}
    assert len(spots) == len(cells)
    assert hg.bounds(cells) == (-3, 3, -3, 3)


def test_connected_groups():
    from beegames.core.hexgrid import components, connected, ring

    assert connected([]) and connected([(0, 0)])
    assert connected(ring((0, 0), 1)) and connected(ring((3, -1), 2))
    split = [(0, 0), (1, 0), (5, 5), (5, 6), (6, 5), (9, 9)]
    groups = components(split)
    assert [len(g) for g in groups] == [3, 2, 1]
    assert groups[0] == {(5, 5), (5, 6), (6, 5)}
    assert not connected(split)
    # touching at a corner only is not touching: (0,0) and (1,1) share no edge
    assert not connected([(0, 0), (1, 1)])
