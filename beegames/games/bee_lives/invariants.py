"""Conservation and capacity checks run after every step of a simulation."""

from __future__ import annotations

from collections import Counter

from .colony import supply
from .data import SEASONS, derived, game_data
from .map import geometry, group_cells, group_connected
from .models import SPACES, BeeLivesState


def check_invariants(s: BeeLivesState) -> None:
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
        assert p.unassigned + on_spaces + on_map == p.workers, \
            f"{p.name}: {p.unassigned} free + {on_spaces} on actions + {on_map} on the map != {p.workers} workers"
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
    # -- the flow
    if not s.over and s.pending is None:
        assert s.queue, "nothing to decide and nothing queued"
    if s.pending is not None:
        assert 0 <= s.pending.seat < s.n
