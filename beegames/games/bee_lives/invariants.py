"""Conservation and capacity checks run after every step of a simulation."""

from __future__ import annotations

from collections import Counter

from ...core.tasks import Task
from . import hooks
from .colony import supply
from .data import SEASONS, derived, game_data
from .flow import TASKS
from .map import geometry, group_cells, group_connected
from .models import QUEENS, SPACES, BeeLivesState, Pending

#: Every phase the rules set.
PHASES = ("setup", "action", "join", "egg", "feeding", "brood", "swarm", "event", "cleanup", "winter", "over")


def check_invariants(s: BeeLivesState) -> None:
    """Raise AssertionError if the state breaks a conservation, capacity or reference rule: bees,
    cubes and comb, the mite, tiles, hives and tokens, season cards, the pending decision and the
    task queue, and a solo game's marks."""
    _check_references(s)
    d = derived()
    data = game_data()
    total_bees = data.board.workers_per_player
    # -- bees and resources
    for p in s.players:
        assert p.workers >= 0 and p.unassigned >= 0 and p.nest >= 0, f"{p.name}: negative bees"
        assert supply(p) >= 0, f"{p.name}: more than {total_bees} bees (workers, brood)"
        on_spaces = sum(p.assigned[k] for k in SPACES)
        assert all(p.assigned[k] >= 0 for k in SPACES), f"{p.name}: negative bees on an action space"
        on_map = sum(f.bees for f in p.foraging)
        assert p.idle >= 0, f"{p.name}: negative idle bees"
        assert p.unassigned + on_spaces + on_map + p.idle == p.workers, \
            f"{p.name}: {p.unassigned} free + {on_spaces} on actions + {on_map} on the map + {p.idle} idle " \
            f"!= {p.workers} workers"
        assert min(p.honey, p.pollen, p.water) >= 0, f"{p.name}: negative resources"
        assert p.stored <= p.comb, f"{p.name}: {p.stored} cubes in a comb of {p.comb}"
        assert data.board.comb.start <= p.comb <= data.board.comb.max, f"{p.name}: comb {p.comb} off the board"
        top = d.track_len_b if p.side == "B" else d.track_len_a
        assert 0 <= p.mite < top, f"{p.name}: mite off the track"
        if p.side == "A":
            assert p.mite_normal == p.mite, f"{p.name}: side A mite out of step"
        else:
            assert p.mite_normal in (p.mite // 2, (p.mite + 1) // 2), f"{p.name}: side B mite out of step"
            assert (p.side == "B") == (p.queen == "hygienic"), f"{p.name}: track side does not match the queen"
        assert p.starvation >= 0
        if p.eliminated:
            assert p.hive is None
    # -- tiles
    counts = Counter(t.kind for t in s.tiles)
    drawn = Counter(s.scout.drawn) if s.scout is not None else Counter()
    for kind, n in d.tile_total.items():
        assert s.bag[kind] >= 0, f"negative {kind} tiles in the bag"
        assert counts[kind] + s.bag[kind] + drawn[kind] == n, f"{kind} tiles not conserved"
    assert [t.id for t in s.tiles] == list(range(len(s.tiles))), "tile ids out of order"
    cells = group_cells(s)
    assert sum(len(c) for c in cells.values()) == len(s.tiles), "two tiles share a space"
    for g in cells:
        assert group_connected(s, g), f"map group {g} is broken in pieces"
    assert geometry() is not None
    # -- hives on tiles
    places = [p.hive for p in s.players if p.hive is not None] + [w.tile for w in s.wild if w.tile is not None]
    assert len(places) == len(set(places)), "two hives on one tile"
    assert all(0 <= t < len(s.tiles) for t in places), "a hive off the map"
    # -- wild hives and their tokens
    wd = data.wild
    struck = s.raid.target if s.raid is not None else None
    for i, w in enumerate(s.wild):
        if w.tile is not None:
            low = 0 if struck == f"w{i}" else 1  # a raided wild hive leaves once the raid is over
            assert low <= w.strength <= wd.max_strength, f"{w.name}: strength {w.strength}"
        else:
            assert w.strength == 0, f"{w.name}: out of play with strength"
        assert len(w.tokens) + len(w.raid_tokens) <= wd.tokens_per_month, \
            f"{w.name}: a neutral token used twice this month"
        assert all(0 <= t < len(s.tiles) for t in w.tokens + w.raid_tokens)
    # -- foraging: one forager per tile a month
    forage_tiles = [f.tile for p in s.players for f in p.foraging] + [t for w in s.wild for t in w.tokens]
    assert len(forage_tiles) == len(set(forage_tiles)), "a tile foraged twice this month"
    # -- season cards
    all_ids = Counter(c.id for c in data.cards.cards)
    seen = Counter(s.played)
    for season in SEASONS:
        seen.update(s.decks[season])
    assert seen == all_ids, "season cards not conserved"
    # -- the solo modes
    if s.solo is not None:
        _check_solo(s)
    # -- the flow
    if not s.over and s.pending is None:
        assert s.queue, "nothing to decide and nothing queued"
    if s.pending is not None:
        assert 0 <= s.pending.seat < s.n


def _check_solo(s: BeeLivesState) -> None:
    solo = s.solo
    assert solo is not None
    assert s.n == 1, "a solo mode with more than one colony"
    n = len(s.tiles)
    for name in ("haunted_tiles", "burned", "infected_tiles"):
        ids = getattr(solo, name)
        assert len(ids) == len(set(ids)) and all(0 <= t < n for t in ids), f"solo {name} off the map"
    for name in ("haunted_hives", "infected_hives", "year_spawns"):
        ids = getattr(solo, name)
        assert len(ids) == len(set(ids)), f"solo {name} twice"
        assert all(s.wild[i].tile is not None for i in ids), f"solo {name}: a wild hive out of play"
    haunted = set(solo.haunted_tiles)
    for w in s.wild:
        if w.tile is not None and w.tile in haunted:
            raise AssertionError(f"{w.name}: a wild hive on a tile haunted by a forage")
        if w.tile is not None:
            assert w.tile not in solo.burned, f"{w.name}: a wild hive on a burned tile"
    p = s.players[0]
    if p.hive is not None and p.hive in haunted:
        raise AssertionError("the colony on a haunted tile")
    if p.hive is not None and p.hive in solo.burned:
        assert s.over, "the colony on a burned tile and the game goes on"
    assert not any(f.tile in solo.burned for f in p.foraging), "bees foraging a burned tile"
    for i, w in enumerate(s.wild):
        assert not any(t in solo.burned for t in w.tokens), f"{w.name}: a token on a burned tile"
        if i not in solo.haunted_hives:
            assert not any(t in haunted for t in w.tokens), f"{w.name}: foraged a haunted tile"
    if solo.failed is not None:
        assert s.over, "a lost solo game goes on"


def _check_references(s: BeeLivesState) -> None:
    """Everything the state names exists: seats, wild hives, tiles, map groups,
    cards, tasks and decisions (a name that is not there would stop the rules)."""
    data = game_data()
    n_tiles = len(s.tiles)
    wild_names = list(data.wild.names)
    assert s.n == len(s.players) and 1 <= s.n <= 4, "player count"
    assert 1 <= s.years <= 3 and 1 <= s.year <= s.years, f"year {s.year} of {s.years}"
    assert 1 <= s.month <= 12, f"month {s.month}"
    assert 0 <= s.first < s.n, "the first player is not in the game"
    assert s.phase in PHASES, f"an unknown phase {s.phase!r}"
    assert s.over == (s.phase == "over"), "the game is over in one place and goes on in another"
    assert not (s.over and s.pending is not None), "a decision after the end"
    assert [w.name for w in s.wild] == wild_names, "the wild hives are not the game's"
    keys = {f"p{i}" for i in range(s.n)} | {f"w{i}" for i in range(len(s.wild))}
    groups = {t.group for t in s.tiles}

    def tiles(ids: list[int], what: str) -> None:
        assert all(0 <= t < n_tiles for t in ids), f"{what}: a tile off the map"

    for p in s.players:
        assert set(p.assigned) == set(SPACES), f"{p.name}: the action spaces of the hive board"
        assert all(f.bees >= 1 for f in p.foraging), f"{p.name}: foragers without bees"
        tiles([f.tile for f in p.foraging], p.name)
        assert set(p.raided) <= keys, f"{p.name}: raided a hive that is not in the game"
    for w in s.wild:
        tiles(w.tokens + w.raid_tokens, w.name)
        assert set(w.raided) <= keys, f"{w.name}: raided a hive that is not in the game"
    assert all(g >= 0 for g in groups), "a map group with a negative number"
    assert all(0 <= i < len(s.wild) for i in s.wild_queue), "a wild hive to act that is not in the game"
    cards = derived().card
    assert s.card is None or s.card in cards, f"an unknown season card {s.card!r}"
    assert set(s.decks) == set(SEASONS), "the season decks"
    for entry in s.queue:
        name = Task.read(entry).name
        assert name in TASKS, f"an unknown task {name!r} is queued"
    assert all(0 <= seat < s.n for seat in s.choices), "an answer from a seat not in the game"
    pend = s.pending
    if pend is not None:
        assert type(pend) is Pending.kinds().get(pend.kind), f"an unknown decision {pend.kind!r}"
        assert pend.hive is None or 0 <= pend.hive < len(s.wild), "a decision about a wild hive not in the game"
        assert set(pend.targets) <= keys, "a decision naming a hive not in the game"
        tiles(pend.choices, "a decision")
    if s.raid is not None:
        assert 0 <= s.raid.attacker < s.n and s.raid.target in keys, "a raid by or on a hive not in the game"
        assert all(1 <= v <= 6 for v in s.raid.dice), "a raid die"
    if s.wraid is not None:
        assert 0 <= s.wraid.hive < len(s.wild) and 0 <= s.wraid.seat < s.n, "a wild raid not in the game"
    if s.swarm is not None:
        assert 0 <= s.swarm.seat < s.n, "a swarm of a seat not in the game"
        assert s.swarm.spawned is None or 0 <= s.swarm.spawned < len(s.wild), "a swarm's wild hive"
    if s.forage is not None:
        assert 0 <= s.forage.seat < s.n, "a forage by a seat not in the game"
        tiles([s.forage.tile], "a forage")
    if s.scout is not None:
        assert 0 <= s.scout.seat < s.n and s.scout.group in groups, "a scout by a seat or of a group not in the game"
    if s.join is not None:
        assert 0 <= s.join.seat < s.n and s.join.group in groups, "a join of a group not in the game"
    solo = s.solo
    if solo is not None:
        assert solo.first_queen is None or solo.first_queen in QUEENS, "the first queen"
        assert all(q in QUEENS for q in solo.queens), "a queen type"
        for name in ("haunted_hives", "infected_hives", "year_spawns"):
            assert all(0 <= i < len(s.wild) for i in getattr(solo, name)), f"solo {name}: not a wild hive"
    assert s.years == hooks.years_of(s.options, s.solo), "the number of years is not the game's"
